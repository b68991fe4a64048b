// The board of a lesson or a puzzle: the playmat's own drawing (board.js, read-only here) of a LessonState or a
// PuzzleState (docs/embedding.md, /work contract), plus the learning panel: the step's sentence, the highlighted
// cards and zones, the options, feedback with rule links, and the finish. Used by the Learn and Puzzles screens
// (screens/lessons.js, screens/puzzles.js) and by the embed page (embed.js), which also draws a static first
// frame with it before any Python runs: nothing here needs the engine, only the state JSON.

import { t } from "./i18n.js";
import { el } from "./dom.js";
import { cardsById, cardButton, renderSide, renderTurnTrack, renderBattle, renderCardDetail } from "./board.js";
import { cardName, optionLabel } from "./actions.js";

/** The card ids an option (or a hint) is about, as the host sent them: the engine's actions, a check's answer. */
export function idsOf(option) {
  return option?.cards ?? [];
}

/** The zone a lesson check's option names ("answer graveyard:1" → "graveyard:1"), or null. */
export function zoneOf(action) {
  const [verb, target] = action.split(" ");
  return verb === "answer" && /^[a-z]+:[01]$/.test(target || "") ? target : null;
}

/** The links of some rule numbers ("9.6" → a link to its rules entry, made by ``ruleHref``). */
export function ruleLinks(rules, ruleHref) {
  if (!rules?.length) return null;
  return el("p", { class: "learn-rules" }, el("span", { text: `${t("lbRules")} ` }),
    ...rules.flatMap((number, index) => [index ? ", " : "", el("a", {
      href: ruleHref(number), class: "rule-link", "aria-label": t("lbRuleLink", { n: number }),
      ...(ruleHref.external ? { target: "_blank", rel: "noopener" } : {}), text: number,
    })]));
}

/** The elements a highlight names: card ids, or zones "hand:0", "base:1", "life:1" (seat after the colon). */
function highlightTargets(root, highlight) {
  const found = [];
  for (const item of highlight || []) {
    if (typeof item === "string" && item.startsWith("@")) continue;   // an unresolved label: nothing to mark
    if (typeof item === "number" || /^\d+$/.test(String(item))) {
      found.push(...root.querySelectorAll(`.card[data-id="${Number(item)}"]`));
      continue;
    }
    const [zone, seat] = String(item).split(":");
    const side = root.querySelector(`.side[data-seat="${Number(seat)}"]`);
    if (!side) continue;
    const target = ZONE_SELECTORS[zone]?.(Number(seat));
    if (target) found.push(...side.querySelectorAll(target));
  }
  return found;
}

/** Where each zone of a side is drawn (board.js's classes). */
const ZONE_SELECTORS = {
  hand: () => ".hand", base: () => ".base", life: (seat) => `[data-testid="life-${seat}"]`, souls: () => ".stat-souls",
  deck: () => ".stat-deck", graveyard: () => ".pile-graveyard", exile: () => ".pile-exile",
  material: () => ".stat-material", ingredient: () => ".stat-ingredient",
};

/**
 * Draw a view into ``root`` (made once: two sides, the turn track, the battle line) and mark the highlighted
 * cards. ``onCard(card, ids)`` is called when a card is clicked; ``onDetail(card)`` when one is pointed at.
 */
export function renderBoard(root, state, catalog, { onCard = () => {}, onDetail = () => {}, onZone = () => {}, onAnswer = () => {} } = {}) {
  const view = state.view;
  const viewer = view.you ?? 0;
  if (!root.querySelector(".learn-mat")) {
    root.replaceChildren(el("div", { class: "learn-mat", role: "region", "aria-label": t("lbBoard") },
      el("div", { class: "side top" }),
      el("div", { class: "learn-strip" }, el("ol", { class: "learn-track" }), el("div", { class: "learn-battle", "aria-live": "polite" })),
      el("div", { class: "side bottom" })));
  }
  const cards = cardsById(view);
  const marked = new Set();
  for (const option of state.options || []) for (const id of idsOf(option)) marked.add(id);
  const ctx = {
    view, game: { mode: "computer", human: viewer }, catalog, cards, marked,
    browseZone: (seat, zone) => onZone(seat, zone, view.players[seat][zone] || [], cards),
  };
  // The playmat's renderSide keeps its zone and card elements between drawings; a lesson marks them (targets,
  // answers with their click handlers), so each step starts from fresh elements.
  for (const side of root.querySelectorAll(".side")) side.parts = null;
  renderSide(root.querySelector(".side.top"), 1 - viewer, ctx);
  renderSide(root.querySelector(".side.bottom"), viewer, ctx);
  renderTurnTrack(root.querySelector(".learn-track"), ctx);
  renderBattle(root.querySelector(".learn-battle"), ctx);
  for (const target of highlightTargets(root, state.highlight)) target.classList.add("learn-target");
  // A check answered by clicking a zone (its life, its graveyard...): the zone itself takes the click.
  for (const option of state.options || []) {
    const zone = zoneOf(option.action);
    if (!zone) continue;
    for (const target of highlightTargets(root, [zone])) {
      target.classList.add("learn-answer");
      target.dataset.answer = option.action;
      if (!target.matches("button")) {
        target.tabIndex = 0;
        target.setAttribute("role", "button");
        target.setAttribute("aria-label", option.label);
        target.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            onAnswer(option.action);
          }
        });
      }
      target.addEventListener("click", (event) => {
        event.stopPropagation();
        onAnswer(option.action);
      }, { capture: true });
    }
  }
  for (const button of root.querySelectorAll(".learn-mat .card[data-id]")) {
    const card = cards.get(Number(button.dataset.id));
    button.addEventListener("click", () => onCard(card));
    button.addEventListener("mouseenter", () => onDetail(card));
    button.addEventListener("focus", () => onDetail(card));
  }
  return cards;
}

/**
 * A puzzle hint in two steps: ``stage`` 1 names the card to look at (and marks it on the board), 2 gives the whole
 * move and why. ``more`` is called by the "Show the move" button of stage 1.
 */
export function hintBox(hint, stage, board, { id = null, more = () => {} } = {}) {
  const ids = idsOf(hint);
  const undo = hint.undo ? t(hint.undo === 1 ? "lbHintUndo" : "lbHintUndoN", { n: hint.undo }) : "";
  if (stage < 2) {
    for (const card of board.boardBox.querySelectorAll(ids.length ? `.card[data-id="${ids[0]}"]` : ":not(*)")) card.classList.add("learn-target", "hinted");
    const text = ids.length ? t("lbHintCard", { card: cardName(ids[0], board.cards, board.catalog) }) : t("lbHintAny");
    return el("div", { class: "learn-note hint", id, dataset: { stage: "1" } },
      el("strong", { text: `${t("lbHintTitle")}: ` }), el("span", { text: [undo, text].filter(Boolean).join(" ") }), " ",
      el("button", { type: "button", class: "hint-more", text: t("lbHintMore"), onclick: more }));
  }
  return el("div", { class: "learn-note hint", id, dataset: { stage: "2" } },
    el("strong", { text: `${t("lbHintTitle")}: ` }),
    el("span", { text: t("lbHintMove", { label: optionLabel(hint), reason: hint.reason || "" }) }));
}

/** The options as buttons (``data-action`` = the engine's text); ``onAct(action)`` on click. */
export function renderOptions(box, options, cards, catalog, onAct) {
  box.replaceChildren(...(options || []).map((option) => el("button", {
    type: "button", class: `option learn-option verb-${option.action.split(" ")[0]}`,
    dataset: { action: option.action }, onclick: () => onAct(option.action),
  }, el("span", { text: optionLabel(option) }))));
}

/** The options that involve one card (the acting card or its target). */
export function optionsForCard(options, card) {
  return (options || []).filter((option) => idsOf(option).includes(card.id));
}

/** Cards the options name that the board does not draw (in a graveyard, exile, a deck being looked at): they are
    shown in a row above the options so that they, too, can be clicked. */
function peekCards(root, state, cards, catalog) {
  const drawn = new Set([...root.querySelectorAll(".learn-mat .card[data-id]")].map((b) => Number(b.dataset.id)));
  const ids = [...new Set((state.options || []).flatMap((o) => idsOf(o)))].filter((id) => !drawn.has(id) && cards.has(id));
  if (!ids.length) return null;
  const ctx = { cards, catalog, marked: new Set(ids) };
  return el("div", { class: "card-row wrap learn-peek" }, ids.map((id) => cardButton(cards.get(id), ctx)));
}

/** A narrated line without its trailing "[7.1]" when the rule is linked beside it. */
export function withoutRule(text, rule) {
  const suffix = rule ? ` [${rule}]` : "";
  return suffix && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
}

/** The last few lines of the view's log (engine text, already in the state's language). */
function logLines(view, count = 4) {
  const lines = (view.log || []).slice(-count).map((entry) => el("li", { text: entry.text }));
  return lines.length ? el("details", { class: "learn-log" }, el("summary", { text: t("lbLogTitle") }), el("ol", {}, lines)) : null;
}

/**
 * A lesson or a puzzle on one board, with its panel. ``kind`` is "lesson" or "puzzle"; ``act(action)``,
 * ``extra(state)`` (more panel content: finish box, puzzle tools) are supplied by the screen or the embed.
 */
export class LearnBoard {
  constructor(root, { kind, catalog = {}, ruleHref, act, extra = () => null }) {
    this.root = root;
    this.kind = kind;
    this.catalog = catalog;
    this.ruleHref = ruleHref;
    this.act = act;
    this.extra = extra;
    this.state = null;
    this.cards = new Map();
    root.classList.add("learn-layout");
    root.replaceChildren(
      this.boardBox = el("div", { class: "learn-board" }),
      el("aside", { class: "learn-panel" },
        this.stepBox = el("p", { class: "learn-step muted" }),
        this.sayBox = el("h2", { class: "learn-say", tabindex: "-1", "aria-live": "polite" }),
        this.feedbackBox = el("div", { class: "learn-feedback", "aria-live": "polite" }),
        this.optionsTitle = el("h3", { class: "learn-options-title", text: t("lbOptions") }),
        this.peekBox = el("div", { class: "learn-peekbox" }),
        this.optionsBox = el("div", { class: "learn-options", role: "group" }),
        this.extraBox = el("div", { class: "learn-extra" }),
        this.detailBox = el("div", { class: "learn-detail", "aria-live": "polite" }),
        this.logBox = el("div", { class: "learn-logbox" })));
  }

  /** Draw a state (and keep it: a language switch redraws the same state). */
  show(state) {
    this.state = state;
    this.cards = renderBoard(this.boardBox, state, this.catalog, {
      onCard: (card) => this.onCard(card),
      onDetail: (card) => card && renderCardDetail(this.detailBox, card, this.catalog),
      onZone: (seat, zone, cards, byId) => this.showZone(zone, cards, byId),
      onAnswer: (action) => this.act(action),
    });
    this.root.dataset.kind = this.kind;
    this.root.dataset.id = state.id;
    if (this.kind === "lesson") this.showLessonText(state);
    else this.showPuzzleText(state);
    renderOptions(this.optionsBox, state.options, this.cards, this.catalog, (action) => this.act(action));
    const peek = peekCards(this.boardBox, state, this.cards, this.catalog);
    this.peekBox.replaceChildren(...[peek].filter(Boolean));
    for (const button of this.peekBox.querySelectorAll(".card[data-id]")) {
      const card = this.cards.get(Number(button.dataset.id));
      button.addEventListener("click", () => this.onCard(card));
      button.addEventListener("focus", () => renderCardDetail(this.detailBox, card, this.catalog));
    }
    this.optionsTitle.textContent = t("lbOptions");
    this.optionsTitle.hidden = !(state.options || []).length;
    this.extraBox.replaceChildren(...[this.extra(state)].flat().filter(Boolean));
    // the engine's log tail, unless the lesson already lists what its last action did
    this.logBox.replaceChildren(...[state.events?.length ? null : logLines(state.view)].filter(Boolean));
    // a failed puzzle line: what happened is shown open, not behind a click
    if (state.status === "failed") this.logBox.querySelector("details")?.setAttribute("open", "");
  }

  showLessonText(state) {
    this.root.dataset.step = state.step;
    this.root.dataset.finished = state.finished ? "1" : "0";
    this.stepBox.textContent = t("lbStep", { n: Math.min(state.step + 1, state.steps), total: state.steps });
    this.sayBox.textContent = state.say || (state.finished ? t("lbFinished") : "");
    const parts = [];
    if (state.feedback) {
      parts.push(el("div", { class: `learn-note ${state.feedback.ok ? "ok" : "wrong"}`, role: state.feedback.ok ? null : "alert" },
        // the host's own words ("Right!", or why not); a generic word only when it sent none
        el("strong", { text: state.feedback.text || (state.feedback.ok ? t("lbCorrect") : t("lbNotYet")) }),
        ruleLinks(state.feedback.rules, this.ruleHref)));
    }
    if (state.explain?.text) {
      parts.push(el("div", { class: "learn-note explain" }, el("strong", { text: `${t("lbWhy")}: ` }),
        el("span", { text: state.explain.text }), ruleLinks(state.explain.rules, this.ruleHref)));
    }
    if (state.events?.length) {
      parts.push(el("details", { class: "learn-events", open: state.events.length <= 6 },
        el("summary", { text: t("lbLogTitle") }),
        el("ol", {}, state.events.map((event) => el("li", {}, el("span", { text: withoutRule(event.text, event.rule) }),
          event.rule ? [" ", el("a", { href: this.ruleHref(event.rule), class: "rule-link",
            "aria-label": t("lbRuleLink", { n: event.rule }), ...(this.ruleHref.external ? { target: "_blank", rel: "noopener" } : {}),
            text: `(${event.rule})` })] : null)))));
    }
    this.feedbackBox.replaceChildren(...parts);
  }

  showPuzzleText(state) {
    this.root.dataset.status = state.status;
    this.root.dataset.tries = state.tries;
    this.stepBox.textContent = t("lbTries", { n: state.tries });
    // solved: the host's message already begins with the verdict ("Solved! …"), so it is not said twice
    this.sayBox.textContent = state.status === "solved" ? state.message || t("lbPuzzleSolved") : state.goal || state.message || "";
    const parts = [];
    // how the opponent answered the last move, in one line, always in view (a failed line says why it failed)
    if (state.reply) parts.push(el("p", { class: "learn-note reply", id: null, dataset: { reply: "1" }, text: t("lbReply", { text: state.reply }) }));
    if (state.message && state.message !== this.sayBox.textContent) {
      parts.push(el("div", { class: `learn-note ${state.status === "solved" ? "ok" : state.status === "failed" ? "wrong" : "explain"}`,
        role: state.status === "failed" ? "alert" : null }, el("span", { text: state.message })));
    }
    if (state.status === "failed" && !state.message) parts.push(el("p", { class: "learn-note wrong", text: t("lbPuzzleFailed") }));
    this.feedbackBox.replaceChildren(...parts);
  }

  /** A click on a card: its only option is taken; with several, they are brought forward to choose from. */
  onCard(card) {
    if (!card || !this.state) return;
    renderCardDetail(this.detailBox, card, this.catalog);
    const own = optionsForCard(this.state.options, card);
    if (own.length === 1) return this.act(own[0].action);
    if (own.length > 1) {
      renderOptions(this.optionsBox, own, this.cards, this.catalog, (action) => this.act(action));
      this.optionsTitle.textContent = t("lbChooseFor", { card: cardName(card.id, this.cards, this.catalog) });
      this.optionsBox.querySelector("button")?.focus();
    }
    return null;
  }

  showZone(zone, cards, byId) {
    const names = cards.map((card) => cardName(card.id, byId, this.catalog));
    this.detailBox.replaceChildren(el("p", { text: names.length ? t("lbZone", { zone: t(zone), cards: names.join(", ") }) : t("lbEmptyZone", { zone: t(zone) }) }));
  }

  /** Mark the panel busy while the engine answers (buttons disabled, a status line). */
  busy(on) {
    this.root.dataset.busy = on ? "1" : "0";
    for (const button of this.root.querySelectorAll(".learn-options button, .learn-mat .card")) button.disabled = on;
  }
}
