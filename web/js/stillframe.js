// A replay's still frame (embed.html?watch=LINK&still=FRAME): the public board at one decision as short text,
// made by the app's engine when it writes an embed snippet (engine/presentation/still_frame.py, which documents
// the format; docs/embedding.md). The embed draws it before any Python runs. It comes from outside, so it is
// read strictly: a size limit, known card numbers only, counts clamped to what a board can hold; anything else
// gives null, and the embed shows a plain loading frame instead.

export const MAX_FRAME_CHARS = 2000;
const PHASES = ["setup", "stand", "draw", "soul", "main", "end"];
// the bits of a card's keyword mask, in the engine's order (still_frame.KEYWORDS)
const KEYWORDS = ["brave", "serious", "vigilance", "breakthrough", "retaliate", "interrupt", "taunt", "stealth",
  "assault", "nocturnal"];
const CARD = /^([A-Z]{2,5}\d{2}-\d{3})(r)?(?:d(\d{1,5}))?(?:p(-?\d{1,5}))?(?:s(-?\d{1,2}))?(?:k(\d{1,4}))?$/;
const COUNT = /^-?\d{1,6}$/;
const MAX_BASE = 20;
// [low, high] of each count of a side, in the frame's order: what a board can show (a hand is drawn as that
// many card backs, souls as icons, so these bounds are also what the page will draw at most)
const SIDE_COUNTS = [["life", -99, 99], ["deck", 0, 99], ["hand_count", 0, 40], ["soul_deck", 0, 99],
  ["souls_standing", 0, 20], ["souls_rested", 0, 20], ["material", 0, 99], ["ingredient", 0, 99]];

const clamp = (value, low, high) => Math.max(low, Math.min(high, value));

/** The integer of a count field, or null if it is not one. */
function count(text) {
  return COUNT.test(text) ? Number(text) : null;
}

/** The players' labels: {kind: "computer", human} | {kind: "hotseat"} | {names: [a, b]} | {kind: null}; null if
    malformed (the same rules as a link's fields: two names of 1 to 24 characters, no control characters). */
export function readLabels(text) {
  if (text === "-") return { kind: null };
  if (text === "h") return { kind: "hotseat" };
  if (text === "c0" || text === "c1") return { kind: "computer", human: Number(text[1]) };
  if (!/^n[A-Za-z0-9_-]{1,80}$/.test(text)) return null;
  try {
    const base64 = text.slice(1).replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const names = new TextDecoder("utf-8", { fatal: true }).decode(bytes).split("\n");
    const good = (name) => [...name].length >= 1 && [...name].length <= 24 && !/[\u0000-\u001f\u007f-\u009f]/.test(name);
    return names.length === 2 && names.every(good) ? { names } : null;
  } catch {
    return null;
  }
}

/** One base card ("EBP01-012rd200p900k1"), drawn from its catalogue entry; null if unknown or malformed. */
function readCard(text, catalog, id) {
  const match = CARD.exec(text);
  const entry = match && Object.hasOwn(catalog, match[1]) ? catalog[match[1]] : null;
  if (!entry) return null;
  const mask = match[6] === undefined ? 0 : Number(match[6]);
  if (mask >= 1 << KEYWORDS.length) return null;
  const pal = entry.type === "pal";
  return {
    id, number: entry.number, name: entry.name?.en || entry.number, type: entry.type, color: entry.color, cost: entry.cost,
    lucky: entry.lucky, rested: match[2] === "r", damage: Number(match[3] || 0),
    power: match[4] !== undefined ? Number(match[4]) : entry.power ?? null,
    strike: pal ? (match[5] !== undefined ? Number(match[5]) : entry.strike ?? null) : null,
    base_power: entry.power ?? null, base_strike: entry.strike ?? null,
    keywords: KEYWORDS.filter((_, bit) => mask & (1 << bit)),
  };
}

/** A graveyard or exile: ``size`` cards of which only the top is known (the frame says no more). */
function pile(size, top, catalog, ids) {
  if (size === null || !(top === "-" ? size === 0 : size > 0 && Object.hasOwn(catalog, top))) return null;
  const shown = clamp(size, 0, 200);
  return Array.from({ length: shown }, () => ({ id: ids.next(), number: top, type: catalog[top].type,
    color: catalog[top].color, cost: catalog[top].cost, rested: false, damage: 0 }));
}

/** One side of the board: its counts, piles and base; null if anything is malformed. */
function readSide(text, catalog, ids) {
  const fields = text.split("_");
  if (fields.length !== 13) return null;
  const player = { hand: null };
  for (const [index, [key, low, high]] of SIDE_COUNTS.entries()) {
    const value = count(fields[index]);
    if (value === null) return null;
    player[key] = clamp(value, low, high);
  }
  player.graveyard = pile(count(fields[8]), fields[9], catalog, ids);
  player.exile = pile(count(fields[10]), fields[11], catalog, ids);
  const base = fields[12] ? fields[12].split("~") : [];
  if (!player.graveyard || !player.exile || base.length > MAX_BASE) return null;
  player.base = base.map((card) => readCard(card, catalog, ids.next()));
  return player.base.every(Boolean) ? { ...player, resolution: [] } : null;
}

/** The battle ("-", "2p", "2t0"): base places of the turn player's attacker and the other side's target. */
function readBattle(text, players, turnPlayer) {
  if (text === "-") return { battle: null };
  const match = /^(\d{1,2})(p|t(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const attacker = players[turnPlayer].base[Number(match[1])];
  const target = match[3] === undefined ? "player" : players[1 - turnPlayer].base[Number(match[3])];
  if (!attacker || !target) return null;
  return { battle: match[2] ? { attacker: attacker.id, target: target === "player" ? "player" : target.id } : null };
}

/**
 * Read a still frame against the card catalogue: {at, total, labels, view} (``view`` shaped as the engine's
 * view of seat 0, hands hidden), or null when the text is malformed in any way.
 */
export function readFrame(text, catalog) {
  if (typeof text !== "string" || !text || text.length > MAX_FRAME_CHARS || !/^[A-Za-z0-9_.~-]+$/.test(text)) return null;
  if (!catalog || typeof catalog !== "object") return null;
  const fields = text.split(".");
  if (fields.length !== 11 || fields[0] !== "1") return null;
  const [at, total, turn] = fields.slice(1, 4).map((field) => (/^\d{1,6}$/.test(field) ? Number(field) : null));
  if (at === null || total === null || turn === null || at > total) return null;
  if (!/^[01]$/.test(fields[4]) || !PHASES.includes(fields[5]) || !/^[01]$/.test(fields[6])) return null;
  const labels = readLabels(fields[7]);
  let next = 0;
  const ids = { next: () => (next += 1) };
  const players = [readSide(fields[9], catalog, ids), readSide(fields[10], catalog, ids)];
  if (!labels || !players.every(Boolean)) return null;
  const turnPlayer = Number(fields[4]);
  const battle = readBattle(fields[8], players, turnPlayer);
  if (!battle) return null;
  return {
    at, total, labels,
    view: { you: 0, turn: clamp(turn, 0, 999), turn_player: turnPlayer, phase: fields[5], first_player: 0,
      night: fields[6] === "1", players, battle: battle.battle, decision: null, outcome: null, log: [] },
  };
}
