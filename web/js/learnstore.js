// Learning progress, kept in this browser (localStorage "pwtcg.learn"): which lessons are done or skipped, how
// far a lesson got, which puzzles are solved and in how many tries. Storage may be off (private mode, a
// sandboxed frame): progress then lasts for this page only and nothing breaks.

import { readLocal, writeLocal } from "./localrecord.js";

const KEY = "pwtcg.learn";
let memory = null;

function empty() {
  return { lessons: {}, puzzles: {} };
}

/** Whether a stored value is a plain object (what a record or its table must be; never a string or a list). */
const isRecord = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The whole progress record ({lessons: {id: {...}}, puzzles: {id: {...}}}). */
export function progress() {
  memory ??= readLocal(KEY, (saved) => isRecord(saved) && isRecord(saved.lessons) && isRecord(saved.puzzles), empty);
  return memory;
}

function save() {
  writeLocal(KEY, memory);   // storage off or full: progress lasts for this page
}

/** Merge facts into one lesson's or puzzle's record ("lessons" | "puzzles"). */
export function record(kind, id, facts) {
  const all = progress();
  all[kind][id] = { ...(isRecord(all[kind][id]) ? all[kind][id] : {}), ...facts, at: Date.now() };
  save();
  return all[kind][id];
}

/** One lesson's or puzzle's record, or {} when never opened. */
export function entry(kind, id) {
  const found = progress()[kind][id];
  return isRecord(found) ? found : {};
}

/** Forget all progress. */
export function resetProgress() {
  memory = empty();
  save();
}
