// The player's puzzle rating (Glicko-2, computed by the vendored npm glicko2-lite), the streak and the daily
// puzzle, kept in this browser (localStorage "pwtcg.puzzleRating"). Storage may be off: the rating then lasts
// for this page only and nothing breaks.

import rate from "./vendor/glicko2-lite.js";
import { readLocal, writeLocal } from "./localrecord.js";

const KEY = "pwtcg.puzzleRating";
export const START = { rating: 1500, rd: 350, vol: 0.06 };
const PUZZLE_RD = 80;          // how sure a puzzle's own rating is (puzzles are not rated by players here)
const HISTORY = 50;
let memory = null;

function empty() {
  return { ...START, games: 0, rated: {}, history: [], streak: { active: false, count: 0, best: 0, ids: [] } };
}

function valid(saved) {
  return saved && typeof saved === "object" && Number.isFinite(saved.rating) && Number.isFinite(saved.rd)
    && Number.isFinite(saved.vol) && saved.rated && typeof saved.rated === "object" && Array.isArray(saved.history)
    && saved.streak && typeof saved.streak === "object";
}

/** The whole record: {rating, rd, vol, games, rated: {id: +1|-1}, history, streak}. */
export function ratingRecord() {
  memory ??= readLocal(KEY, valid, empty);
  return memory;
}

function save() {
  writeLocal(KEY, memory);   // storage off or full: the rating lasts for this page
}

/** Whether a puzzle already counted for the rating (only the first attempt of each puzzle does). */
export function isRated(id) {
  return Object.prototype.hasOwnProperty.call(ratingRecord().rated, id);
}

/** Rate the first attempt at a puzzle: ``solved`` true (solved without a wrong try) or false (a miss).
 *  Returns {before, after} or null when the puzzle already counted. */
export function ratePuzzle(id, puzzleRating, solved) {
  const all = ratingRecord();
  if (isRated(id)) return null;
  const before = Math.round(all.rating);
  const next = rate(all.rating, all.rd, all.vol, [[puzzleRating, PUZZLE_RD, solved ? 1 : 0]]);
  Object.assign(all, { rating: next.rating, rd: next.rd, vol: next.vol, games: all.games + 1 });
  all.rated[id] = solved ? 1 : -1;
  all.history = [...all.history, { id, solved, rating: Math.round(next.rating), at: Date.now() }].slice(-HISTORY);
  save();
  return { before, after: Math.round(next.rating) };
}

// ------------------------------------------------------------------------- streak

/** The streak: {active, count, best, ids} (ids: the puzzles solved in this streak). */
export function streak() {
  return ratingRecord().streak;
}

export function startStreak() {
  const s = streak();
  Object.assign(s, { active: true, count: 0, ids: [] });
  save();
  return s;
}

/** The puzzle the streak is on now. */
export function streakAt(id) {
  streak().current = id;
  save();
}

/** A puzzle of the streak solved (counted once per puzzle). */
export function streakSolved(id) {
  const s = streak();
  if (!s.active || s.ids.includes(id)) return s;
  s.ids.push(id);
  s.count = s.ids.length;
  s.best = Math.max(s.best, s.count);
  save();
  return s;
}

/** A miss ends the streak; returns how many were solved. */
export function endStreak() {
  const s = streak();
  const count = s.count;
  s.active = false;
  save();
  return count;
}

/** The next puzzle of a streak: the lowest-rated one not yet solved in it, at or above the last one's rating. */
export function nextInStreak(puzzles) {
  const s = streak();
  const done = new Set(s.ids);
  const last = s.ids.length ? (puzzles.find((p) => p.id === s.ids[s.ids.length - 1])?.rating ?? 0) : 0;
  const left = puzzles.filter((p) => !done.has(p.id)).sort((a, b) => a.rating - b.rating || a.id.localeCompare(b.id));
  return left.find((p) => p.rating >= last) || left[0] || null;
}

// ------------------------------------------------------------------------- daily puzzle

/** The local date as YYYY-MM-DD. */
export function today(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The puzzle of a day: a hash of the date picks one of the puzzles (in id order), the same all day, offline. */
export function dailyPuzzle(puzzles, day = today()) {
  if (!puzzles.length) return null;
  const pool = [...puzzles].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));   // code-point order
  let h = 2166136261;
  for (const ch of day) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;   // FNV-1a
  return pool[h % pool.length];
}

/** For tests: forget the rating and the streak. */
export function resetRating() {
  memory = empty();
  save();
}
