// The playmat's card menu, zone browser and card details, and acting on the cards: a click on a card plays it,
// picks it as the attacker (then a click on its target), blocks with it or chooses it as an effect's target.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { call } from "../engine.js";
import { cardName, optionLabel, reasonText } from "../actions.js";
import { cardsById, seatName, cardButton, renderCardDetail } from "../board.js";
import { openZoom } from "../zoom.js";
import { $, app } from "./state.js";

/** What the board's components get to draw a state: its cards, the ones an option is about, the last move. */
export function context(state) {
  const cards = cardsById(state.view);
  const marked = new Set();
  // the cards that act (or are chosen) in some option: a click on one of them does something
  for (const option of myOptions(state)) if (option.cards.length) marked.add(option.cards[0]);
  return {
    view: state.view, game: state, catalog: app.catalog, cards, marked, lastMove: app.lastMove,
    browseZone, openCardMenu,
  };
}

/** The options of the decision on screen when it is the viewer's to take (else none). */
function myOptions(state) {
  const decision = state?.decision;
  return decision && !state.computer_to_act && decision.player === state.viewer ? decision.options : [];
}

/** The options (and greyed-out reasons) that involve one card, as a small menu next to it. An option's button
 * carries its action (data-action): the playmat's controls play it when it is clicked. With `acting` (a click
 * of the pointer) the menu lists only what the card itself does, its attacks as one item that asks for the
 * target on the board. */
export function openCardMenu(button, acting = false) {
  const state = app.shown;
  const id = Number(button.dataset.id);
  const decision = state?.decision;
  const ctx = context(state);
  const menu = $("card-menu");
  const mine = decision && !state.computer_to_act && decision.player === state.viewer;
  const involved = myOptions(state).filter((o) => (acting ? o.cards[0] === id : o.cards.includes(id)));
  const attacks = acting ? involved.filter((o) => o.kind === "attack") : [];
  const options = acting ? involved.filter((o) => o.kind !== "attack") : involved;
  const rejected = mine ? (decision.rejected || []).filter((r) => r.cards.includes(id) && !(acting && r.kind === "attack")) : [];
  const handWhy = state.hand_why_option?.[id];
  if (mine && handWhy && !rejected.some((r) => r.action === handWhy.action)) {
    rejected.unshift({ ...handWhy, why: state.hand_why[id], why_text: state.hand_why_text?.[id] });
  }
  if (!options.length && !attacks.length && !rejected.length) {
    closeCardMenu();
    const card = ctx.cards.get(id);
    if (card) openZoom(card, app.catalog, call, button);
    return;
  }
  const items = $("card-menu-items");
  items.replaceChildren(
    ...(attacks.length ? [attackItem(id)] : []),
    ...options.map((option) => el("button", { type: "button", role: "menuitem", class: "option", dataset: { action: option.action } },
      optionLabel(option))),
    ...rejected.map((item) => el("button", { type: "button", role: "menuitem", class: "option", disabled: true,
      title: reasonText(item), dataset: { action: item.action } },
    el("span", { text: optionLabel(item) }), el("small", { class: "why", text: reasonText(item) }))),
    el("button", { type: "button", role: "menuitem", class: "option menu-zoom", onclick: () => {
      closeCardMenu(false);
      const card = ctx.cards.get(id);
      if (card) openZoom(card, app.catalog, call, button);
    } }, el("span", { text: `🔍 ${t("zmOpen")}` })),
  );
  menu.returnFocus = button;
  menu.hidden = false;
  if (!menu.open) menu.showModal();
  const rect = button.getBoundingClientRect();
  const width = menu.offsetWidth;
  const height = menu.offsetHeight;
  menu.style.left = `${Math.max(4, Math.min(rect.left, document.documentElement.clientWidth - width - 4))}px`;
  menu.style.top = `${rect.bottom + 4 + height < innerHeight ? rect.bottom + 4 : Math.max(4, rect.top - height - 4)}px`;
  menu.dataset.for = id;
  (items.querySelector("button:not([disabled])") || items).focus();  // the list itself when all are greyed out
}

/** The menu item that makes the card the attacker: its target is then clicked on the board. */
function attackItem(id) {
  return el("button", { type: "button", role: "menuitem", class: "option act-attack", onclick: () => {
    closeCardMenu(false);
    chooseAttacker(id);
  } }, el("span", { text: `⚔ ${t("actAttackMenu")}` }));
}

/** Close the card menu; focus goes back to its card unless `restore` is false (another dialog takes it). */
export function closeCardMenu(restore = true) {
  const menu = $("card-menu");
  if (menu.hidden) return;
  if (!restore) menu.returnFocus = null;
  menu.hidden = true;
  if (menu.open) menu.close();
}

function browseZone(seat, zone) {
  const state = app.shown;
  const ctx = context(state);
  const cards = state.view.players[seat][zone] || [];
  $("zone-title").textContent = `${t(zone)} — ${seatName(seat, state)} (${cards.length})`;
  $("zone-cards").replaceChildren(...(cards.length ? cards.map((card) => cardButton(card, ctx)) : [el("p", { class: "muted", text: t("emptyZone") })]));
  Object.assign($("zone-dialog").dataset, { seat, zone });   // drawn again after a language switch
  $("zone-dialog").showModal();
}

/** The details panel follows the card under the pointer or the focus. */
export function showDetailsFor(target) {
  const button = target.closest?.(".card[data-id]");
  if (!button || !app.shown) return;
  const card = cardsById(app.shown.view).get(Number(button.dataset.id));
  if (card) renderCardDetail($("card-detail-body"), card, app.catalog);
}

/* Acting on the cards. A pointer's click on a card takes the one option it stands for, or opens the menu of its
 * options when it has several; a Pal that can attack becomes the chosen attacker and the next click picks its
 * target (a highlighted Pal, or the opponent's life for a direct attack). While cards are asked for (a target, a
 * blocker, a cost) or a target is, a click on any other card does nothing. A keyboard's Enter on a card opens
 * its full menu instead, and the decision's option list stays the keyboard and screen-reader path. */

/** The half-made choice: the attacker chosen (a card id, or null) in the state it was chosen in. */
const choice = { attacker: null, state: null };
/** Sends an option's action to the host (the playmat's `act`, given when the playmat is wired). */
let send = () => {};
/** Decisions where cards are played in their own time: a click on another card shows why it can't act. */
const TIMING = new Set(["main", "quick"]);

/** Listen to clicks on the playmat's cards and to Escape; `act` takes an action text. */
export function wireCardActs(act) {
  send = act;
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
}

function onClick(event) {
  const life = event.target.closest?.("[data-act='player-target']");
  if (life) return attackPlayer();
  const card = event.target.closest?.(".card[data-id]");
  if (!card || !card.closest("#playmat")) return;
  if (event.detail === 0) return openCardMenu(card);   // Enter or Space: the menu of every option of the card
  clickCard(card);
}

function onKey(event) {
  if (event.key === "Escape" && choice.attacker !== null && !document.querySelector("dialog[open]")) {
    event.preventDefault();
    cancelChoice();
  }
  else if ((event.key === "Enter" || event.key === " ") && event.target.closest?.("[data-act='player-target']")) {
    event.preventDefault();
    attackPlayer();
  }
}

/** A click of the pointer on one card of the mat. */
function clickCard(card) {
  const state = app.shown;
  const id = Number(card.dataset.id);
  const options = myOptions(state);
  if (choice.attacker !== null) {
    if (id === choice.attacker) return cancelChoice();
    const attack = attacksOf(options, choice.attacker).find((o) => o.cards[1] === id);
    if (attack) return take(attack);
    if (attacksOf(options, id).length) chooseAttacker(id);
    return;   // not a target of this attacker: nothing happens
  }
  const own = options.filter((o) => o.cards[0] === id);
  const attacks = own.filter((o) => o.kind === "attack");
  if (attacks.length === own.length && attacks.length) return chooseAttacker(id);
  if (!attacks.length && own.length === 1) return take(own[0]);
  if (own.length) return openCardMenu(card, true);
  if (asksForCards(state)) return;
  openCardMenu(card);   // why it can't act now, or its zoom
}

function attacksOf(options, attacker) {
  return options.filter((o) => o.kind === "attack" && o.cards[0] === attacker);
}

/** The decision asks the viewer to choose cards (a target, a blocker, a cost...), not to play in its own time. */
function asksForCards(state) {
  const options = myOptions(state);
  return options.length > 0 && !TIMING.has(state.decision.kind) && options.some((o) => o.cards.length);
}

function take(option) {
  choice.attacker = null;
  send(option.action);
}

function attackPlayer() {
  const direct = attacksOf(myOptions(app.shown), choice.attacker).find((o) => o.words.includes("player"));
  if (choice.attacker !== null && direct) take(direct);
}

/** Make a Pal the attacker: its targets light up and wait for a click. */
export function chooseAttacker(id) {
  choice.attacker = id;
  choice.state = app.shown;
  markActing(app.shown);
}

/** Forget the half-made choice (Escape, the Cancel button, a click on the attacker again). */
export function cancelChoice() {
  if (choice.attacker === null) return;
  const attacker = choice.attacker;
  choice.attacker = null;
  markActing(app.shown);
  document.querySelector(`#playmat .card[data-id="${attacker}"]`)?.focus();
}

/** Mark on the drawn board what a click can do now: legal cards (the board's .actionable), the chosen attacker,
 * its targets, the cards a click does nothing on; and say it in one line above the options. */
export function markActing(state) {
  if (choice.state !== state) Object.assign(choice, { attacker: null, state });
  const options = myOptions(state);
  const attacks = choice.attacker === null ? [] : attacksOf(options, choice.attacker);
  if (!attacks.length) choice.attacker = null;
  const picking = asksForCards(state);
  const targets = new Set(attacks.map((o) => o.cards[1]).filter((id) => id !== undefined));
  if (picking) for (const option of options) if (option.cards.length) targets.add(option.cards[0]);
  const aiming = choice.attacker !== null;
  for (const card of document.querySelectorAll("#playmat .card[data-id]")) {
    const id = Number(card.dataset.id);
    card.classList.toggle("act-selected", id === choice.attacker);
    card.classList.toggle("act-target", targets.has(id));
    // another Pal that can attack is not inert: a click on it makes it the attacker instead
    const inert = (aiming || picking) && !targets.has(id) && id !== choice.attacker && !attacksOf(options, id).length;
    card.classList.toggle("act-inert", inert);
    if (id === choice.attacker) card.setAttribute("aria-pressed", "true");
    else card.removeAttribute("aria-pressed");
  }
  markPlayerTarget(state, attacks.find((o) => o.words.includes("player")));
  document.body.dataset.acting = aiming ? "target" : picking ? "pick" : "";
  actHint(state, options, attacks, picking);
}

/** The opponent's life is the target of a direct attack while an attacker that may attack the player is chosen. */
function markPlayerTarget(state, direct) {
  for (const life of document.querySelectorAll("#playmat [data-act='player-target']")) {
    for (const name of ["data-act", "role", "tabindex", "aria-label"]) life.removeAttribute(name);
    life.classList.remove("act-target");
  }
  if (!direct) return;
  const life = document.querySelector(`#playmat [data-testid="life-${1 - state.decision.player}"]`);
  if (!life) return;
  life.dataset.act = "player-target";
  life.setAttribute("role", "button");
  life.setAttribute("tabindex", "0");
  life.setAttribute("aria-label", optionLabel(direct));
  life.classList.add("act-target");
}

/** One line above the options that says what a click on the board does now (a Cancel or No block with it). */
function actHint(state, options, attacks, picking) {
  let box = $("act-hint");
  if (!box) {
    box = el("div", { id: "act-hint", role: "status" });
    $("decision-prompt").after(box);
  }
  const cards = context(state).cards;
  const kind = state?.decision?.kind;
  const parts = [];
  if (attacks.length) {
    const name = cardName(choice.attacker, cards, app.catalog);
    const direct = attacks.some((o) => o.words.includes("player"));
    const pals = attacks.some((o) => o.cards.length > 1);
    parts.push(el("span", { text: t(pals && direct ? "actAimAny" : direct ? "actAimPlayer" : "actAimPal", { card: name }) }),
      el("button", { type: "button", class: "act-cancel", "aria-keyshortcuts": "Escape", onclick: cancelChoice }, t("actCancel")));
  }
  else if (picking && kind === "block") {
    const pass = options.find((o) => !o.cards.length);
    parts.push(el("span", { text: t("actHintBlock") }));
    if (pass) parts.push(el("button", { type: "button", class: "act-no-block", onclick: () => take(pass) }, t("actNoBlock")));
  }
  else if (picking) parts.push(el("span", { text: t("actHintPick") }));
  else if (options.some((o) => o.cards.length && ["play", "activate", "attack"].includes(o.kind))) {
    parts.push(el("span", { text: t("actHintPlay") }));
  }
  box.replaceChildren(...parts);
  box.hidden = !parts.length;
}
