// Learning progress, kept in this browser (localStorage "pwtcg.learn"): which lessons are done or skipped, how
// far a lesson got, which puzzles are solved and in how many tries. Storage may be off (private mode, a
// sandboxed frame): progress then lasts for this page only and nothing breaks.

const KEY = "pwtcg.learn";
let memory = null;

function empty() {
  return { lessons: {}, puzzles: {} };
}

/** The whole progress record ({lessons: {id: {...}}, puzzles: {id: {...}}}). */
export function progress() {
  if (memory) return memory;
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) || "null");
    memory = saved && typeof saved === "object" && saved.lessons && saved.puzzles ? saved : empty();
  } catch {
    memory = empty();
  }
  return memory;
}

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(memory));
  } catch {
    /* storage off or full: progress lasts for this page */
  }
}

/** Merge facts into one lesson's or puzzle's record ("lessons" | "puzzles"). */
export function record(kind, id, facts) {
  const all = progress();
  all[kind][id] = { ...(all[kind][id] || {}), ...facts, at: Date.now() };
  save();
  return all[kind][id];
}

/** One lesson's or puzzle's record, or {} when never opened. */
export function entry(kind, id) {
  return progress()[kind][id] || {};
}

/** Forget all progress. */
export function resetProgress() {
  memory = empty();
  save();
}
