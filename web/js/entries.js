// The shape of a stored saved game or replay, checked on every read: a damaged entry is shown as damaged and
// never hides or blocks the others (the host checks the save itself, field by field, when it is opened).

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MODES = ["computer", "hotseat"];

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value) => Number.isInteger(value) && value >= 0 && value < 1e6;
const isSeat = (value) => value === 0 || value === 1;

/** Whether a stored date string can be sorted and shown. */
function isDate(value) {
  return typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value));
}

/** Whether a deck label of a summary can be shown (a name, or a custom deck's colours). */
function isDeck(deck) {
  if (!isObject(deck) || typeof deck.id !== "string") return false;
  if (deck.id === "custom" && !(Array.isArray(deck.colours) && deck.colours.every((c) => typeof c === "string"))) return false;
  return deck.name === undefined || isObject(deck.name);
}

/** Whether the summary the lists show (mode, seat, turn, life, decks, result) is whole. */
function isSummary(summary) {
  if (!isObject(summary) || !MODES.includes(summary.mode)) return false;
  if (summary.mode === "computer" && !isSeat(summary.human)) return false;
  if (!isCount(summary.turn)) return false;
  if (!Array.isArray(summary.life) || summary.life.length !== 2 || !summary.life.every(isCount)) return false;
  if (!Array.isArray(summary.decks) || summary.decks.length !== 2 || !summary.decks.every(isDeck)) return false;
  if (typeof summary.finished !== "boolean") return false;
  return summary.winner === null || summary.winner === undefined || isSeat(summary.winner);
}

/**
 * What is wrong with an entry read from the "saves" or "replays" store: "entry", "id", "date", "summary" or
 * "save" (the part of it at fault; catalogue key "damaged_" + it), or "" when the lists, Continue and the
 * viewer can use it. Only the shape is checked here.
 */
export function entryProblem(store, entry) {
  if (!isObject(entry)) return "entry";
  if (typeof entry.id !== "string" || !ID.test(entry.id)) return "id";
  if (!isDate(entry.updated) || (entry.created !== undefined && !isDate(entry.created))) return "date";
  if (entry.name !== undefined && typeof entry.name !== "string") return "entry";
  if (!isSummary(entry.summary) || (store === "saves" && entry.summary.finished)) return "summary";
  if (!isObject(entry.save) || !isObject(entry.save.record)) return "save";
  if (entry.code !== undefined && typeof entry.code !== "string") return "save";
  return "";
}

/** Split entries read from a store into good ones (newest first) and damaged ones ({entry, problem}). */
export function sortEntries(store, entries) {
  const good = [];
  const damaged = [];
  for (const entry of Array.isArray(entries) ? entries : []) {
    const problem = entryProblem(store, entry);
    if (problem) damaged.push({ entry, problem });
    else good.push(entry);
  }
  good.sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated) || (a.id < b.id ? -1 : 1));
  return { good, damaged };
}

/** A stored key (an entry's id, whatever it holds) as short plain text. */
export function keyText(key) {
  let text;
  try {
    text = typeof key === "string" ? key : JSON.stringify(key) ?? String(key);
  } catch {
    text = Object.prototype.toString.call(key);
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Whether a value is an id the page makes (the key of a stored entry it can write back). */
export const isId = (value) => typeof value === "string" && ID.test(value);
