// The game log: lines grouped by turn, the sides named as on the board (You / Computer), rule numbers as
// small links to the rules page, every line numbered in full.

import { t, lang } from "./i18n.js";
import { el } from "./dom.js";
import { seatName } from "./board.js";

/** Lines kept on the page; the whole log stays in the app and in the engine. */
export const LOG_LINES = 400;
/** The kinds shown when the player asks for key events only (settings: log detail). */
const KEY_KINDS = new Set([
  "turn_start", "play", "activate", "attack", "block", "destroyed", "damage_check_start", "damage_cancelled",
  "life_lost", "nullified", "game_over", "concede", "evolve", "mulligan", "redraw",
]);

/** Whether an event is shown at a log detail level ("all" or "key"). */
export function shown(event, detail) {
  return detail === "all" || KEY_KINDS.has(event.kind);
}

/** Third-person verbs the narration uses after a player's name, and their form after "You". */
const VERBS = { is: "are", has: "have", searches: "search", shuffles: "shuffle", does: "do" };
const VERB_S = new Set(["gains", "rests", "plays", "draws", "loses", "reveals", "wins", "activates", "takes", "pays",
  "discards", "chooses", "attacks", "blocks", "looks", "puts", "returns", "keeps", "redraws", "concedes", "names",
  "deploys", "moves", "gets", "sends", "places", "adds"]);

function youVerb(verb) {
  if (VERBS[verb]) return VERBS[verb];
  if (VERB_S.has(verb) && verb.endsWith("s")) return verb.slice(0, -1);
  return verb;
}

/** A narrated line with the seats named as on the board and counts in the right number ("soul(s)"). */
export function narrate(text, state) {
  let out = text.replace(/(\d+) (soul|card|life)\(s\)/g, (_, n, noun) => `${n} ${noun}${Number(n) === 1 || noun === "life" ? "" : "s"}`);
  if (state?.mode !== "computer") return out;
  const human = state.human ?? 0;
  const computer = 1 - human;
  const ja = /[\u3040-\u30ff\u4e00-\u9fff]/.test(out);
  if (ja) {
    return out.replaceAll(`プレイヤー${computer + 1}`, t("computer")).replaceAll(`プレイヤー${human + 1}`, t("you"));
  }
  out = out.replaceAll(`Player ${computer + 1}`, seatNameEn(computer, state));
  const you = `Player ${human + 1}`;
  // "Player 1's turn" -> "your turn"; "Player 1 gains" -> "You gain"; "attacks Player 1" -> "attacks you"
  out = out.replace(new RegExp(`(^|[:.!?] )${you}'s `, "g"), (_, lead) => `${lead}Your `);
  out = out.replaceAll(`${you}'s `, "your ");
  out = out.replace(new RegExp(`(^|[:.!?] )${you} (\\S+)`, "g"), (_, lead, verb) => `${lead}You ${youVerb(verb)}`);
  return out.replaceAll(you, "you");
}

function seatNameEn(seat, state) {
  return lang() === "en" ? seatName(seat, state) : (seat === state.human ? "You" : "Computer");
}

/** Split "text [7.1]" into the text and its rule number (the rule is shown as a link). */
function splitRule(text, rule) {
  if (!rule) return [text, ""];
  const suffix = ` [${rule}]`;
  return [text.endsWith(suffix) ? text.slice(0, -suffix.length) : text, rule];
}

/** A rule number as a small link to the rules page. */
export function ruleLink(rule) {
  return el("a", { class: "rule-link", href: `#rules/${rule}`, "aria-label": t("lgRule", { rule }), text: rule });
}

/** Draw the whole log of `events` (the list kept by the app) into the list element, from scratch. */
export function drawLog(list, events, state, detail) {
  clearLog(list);
  appendLog(list, events, state, detail);
}

/** Empty the log on the page (a new game, or hot-seat while the device is being passed). */
export function clearLog(list) {
  list.replaceChildren();
  list.logDrawn = 0;
  list.logLines = 0;
}

/** Add the events after the ones already drawn (lines grouped by turn); the oldest lines leave past LOG_LINES.
 * Appending is what keeps a long game cheap: the lines already on the page are never laid out again. */
export function appendLog(list, events, state, detail) {
  let group = list.lastElementChild?.querySelector(".log-lines") || null;
  const start = list.logDrawn || 0;
  for (let index = start; index < events.length; index += 1) {
    const event = events[index];
    if (event.kind === "turn_start" || !group) {
      const title = event.kind === "turn_start"
        ? t("lgTurn", { n: event.data.turn, player: seatName(event.data.player, state) }) : t("lgSetup");
      group = el("ol", { class: "log-lines" });
      list.append(el("li", { class: "log-group", dataset: { turn: event.kind === "turn_start" ? event.data.turn : 0 } },
        el("h3", { class: "log-turn", text: title }), group));
    }
    if (shown(event, detail)) {
      group.append(line(event, index + 1, state));
      list.logLines = (list.logLines || 0) + 1;
    }
  }
  list.logDrawn = events.length;
  while (list.logLines > LOG_LINES) {
    const oldest = list.querySelector(".log-lines li");
    const lines = oldest.parentElement;
    oldest.remove();
    list.logLines -= 1;
    if (!lines.childElementCount) lines.parentElement.remove();
  }
  list.scrollTop = list.scrollHeight;
}

function line(event, number, state) {
  const [text, rule] = splitRule(event.text[lang()] || event.text.en, event.rule);
  const item = el("li", { class: `log-${event.kind}`, dataset: { kind: event.kind, rule: event.rule || null, n: number } },
    el("span", { class: "log-n", "aria-hidden": "true", text: String(number) }),
    el("span", { class: "log-text", text: narrate(text, state) }),
    rule ? ruleLink(rule) : null);
  if (event.why?.length) item.append(...whyParts(event.why, number));
  return item;
}

/** The computer's reasons for the move a log line shows: a "Why?" button that reveals them, one line each, in
 * the page's language (the host says each in every language, from the computer's own view). */
function whyParts(reasons, number) {
  const id = `log-why-${number}`;
  const said = el("span", { class: "log-why-text", id, hidden: true },
    ...reasons.map((reason) => el("span", { class: "log-why-line", text: reason[lang()] || reason.en })));
  const button = el("button", {
    type: "button", class: "log-why", "aria-expanded": "false", "aria-controls": id, text: t("lgWhy"),
    title: t("lgWhyTitle"),
    onclick: () => {
      said.hidden = !said.hidden;
      button.setAttribute("aria-expanded", String(!said.hidden));
    },
  });
  return [button, said];
}
