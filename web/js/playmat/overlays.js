// The playmat's overlays: the damage check card by card, the hot-seat hand-off, the game-over dialog.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { seatPhrase } from "../actions.js";
import { seatName, cardButton } from "../board.js";
import { hideToast } from "../motion.js";
import { settings, sound, REVEAL_MS, RESULT_HOLD_MS } from "../settings.js";
import { $, app, SPEED, beat } from "./state.js";
import { context, closeCardMenu } from "./cardmenu.js";

/** Resolve when a button is pressed (or Enter/Escape while the overlay is up). */
function waitForButton(button) {
  return new Promise((resolve) => {
    button.addEventListener("click", () => resolve(), { once: true });
  });
}

/** Whether an overlay or a dialog over the playmat is up (the playmat's keys and focus then leave it alone). */
export function overlayOpen() {
  return ["pass-screen", "damage-overlay", "gameover"].some((id) => !$(id).hidden)
    || ["zone-dialog", "card-zoom", "settings-dialog", "concede-dialog"].some((id) => $(id).open);
}

/** The damage checks in some log events: [{start, cards, end}], `end` the event that settled the check. */
export function damageChecks(events) {
  let check = null;
  const checks = [];
  for (const event of events) {
    if (event.kind === "damage_check_start") checks.push((check = { start: event, cards: [], end: null }));
    else if (check && event.kind === "damage_check_card") check.cards.push(event);
    else if (check && (event.kind === "damage_cancelled" || event.kind === "life_lost")) {
      check.end = event;
      check = null;
    }
  }
  return checks;
}

/** Whether the damage check waits for Continue (step mode) rather than going on by itself. */
function stepMode() {
  return settings().computer === "step";
}

/** The damage check, card by card: one overlay per check. It plays by itself at the computer's speed (the pause
 * button holds it), or in step mode waits for Continue. The result is announced once the last card is shown. */
export async function showDamageChecks(checks) {
  for (const one of checks) await showDamageCheck(one);
}

async function showDamageCheck(check) {
  const overlay = $("damage-overlay");
  const state = app.state;
  const speed = settings().computer;
  // what is on screen, so that a language switch can draw it again (redrawDamageCheck)
  const shown = (overlay.shown = { check, state, cards: 0, result: false });
  $("damage-title").textContent = damageTitle(shown);
  $("damage-cards").replaceChildren();
  $("damage-result").textContent = "";
  $("damage-continue").hidden = true;
  $("damage-pause").hidden = stepMode();
  const life = heldLife(check);
  openModal(overlay);
  overlay.dataset.cards = "0";
  overlay.dataset.result = "";
  overlay.dataset.check = String((Number(overlay.dataset.check) || 0) + 1);
  app.damageChecks += 1;
  if (!stepMode()) $("damage-pause").focus();
  for (const event of check.cards) {
    await beat(REVEAL_MS[speed] * SPEED);
    $("damage-cards").append(damageCard(event, state));
    shown.cards += 1;
    overlay.dataset.cards = String(shown.cards);
  }
  await beat(200 * SPEED);
  shown.result = true;
  const result = damageResult(shown);
  $("damage-result").textContent = result;
  life?.release();
  if (result) $("announcer").textContent = result;   // only now: the last card is on screen
  if (check.end?.kind === "life_lost") sound("damage");
  overlay.dataset.result = check.end?.kind || "";
  if (stepMode()) {
    $("damage-pause").hidden = true;
    $("damage-continue").hidden = false;
    $("damage-continue").focus();
    await waitForButton($("damage-continue"));
  } else {
    await beat(RESULT_HOLD_MS[speed] * SPEED);
  }
  overlay.shown = null;
  closeModal(overlay);
}

/** After a language switch: the open damage check's title, the cards shown so far and its result (once shown)
 * in the new language; a closed one is emptied. */
export function redrawDamageCheck() {
  const overlay = $("damage-overlay");
  const shown = overlay.shown;
  if (overlay.hidden || !shown) {
    for (const id of ["damage-title", "damage-cards", "damage-result"]) $(id).replaceChildren();
    return;
  }
  $("damage-title").textContent = damageTitle(shown);
  $("damage-cards").replaceChildren(...shown.check.cards.slice(0, shown.cards).map((e) => damageCard(e, shown.state)));
  $("damage-result").textContent = shown.result ? damageResult(shown) : "";
}

function damageWho({ check, state }) {
  const seat = check.start.data.player;
  return { player: seatName(seat, state), you: state.mode === "computer" && seat === state.human ? "You" : "" };
}

function damageTitle(shown) {
  const { player, you } = damageWho(shown);
  return t(`damageCheck${you}`, { player, amount: shown.check.start.data.amount });
}

function damageCard(event, state) {
  const card = { id: event.data.card, number: event.data.number, lucky: event.data.lucky };
  const ctx = { ...context(state), cards: new Map([[card.id, card]]) };
  return el("div", { class: `damage-card${event.data.lucky ? " lucky" : ""}` },
    el("small", { text: t("damageCard", { index: event.data.index, amount: event.data.amount }) }),
    cardButton({ ...card, type: app.catalog[card.number]?.type }, ctx));
}

/** The checked player's life counter on the mat keeps its value from before the check until the result is shown. */
function heldLife(check) {
  const value = document.querySelector(`#playmat [data-testid="life-${check.start.data.player}"] .stat-value`);
  if (!value || check.end?.kind !== "life_lost") return null;
  const after = value.textContent;
  value.textContent = String(check.end.data.life + check.end.data.amount);
  return { release: () => { if (value.isConnected) value.textContent = after; } };
}

function damageResult(shown) {
  const { check } = shown;
  const { player, you } = damageWho(shown);
  if (check.end?.kind === "damage_cancelled") return t("luckyCancel");
  if (check.end) return t(`lifeLost${you}`, { player, amount: check.end.data.amount });
  return "";
}

/** Show a <dialog> as a real modal (focus stays inside) and keep its `hidden` flag in step (tests read it). */
export function openModal(dialog) {
  closeCardMenu(false);
  dialog.hidden = false;
  if (!dialog.open) dialog.showModal();
}

export function closeModal(dialog) {
  dialog.hidden = true;
  if (dialog.open) dialog.close();
}

/** Hot-seat, at a hand-off: take the previous player's board off the page (not only out of sight), so
 * nothing private to either player is in the page while the device changes hands: the board, the decision, the
 * card details, and what a closed dialog or a hidden peek still holds (the zoom, the card menu, a pile). */
export function concealBoard() {
  closeCardMenu(false);
  for (const dialog of ["zone-dialog", "card-zoom"]) if ($(dialog).open) $(dialog).close();
  for (const id of ["side-top", "side-bottom", "battle-info", "options", "blocked", "decision-who", "decision-prompt",
    "card-menu-items", "zone-cards", "zone-title", "announcer", "card-zoom", "card-peek", "pick-tray"]) $(id).replaceChildren();
  $("card-peek").hidden = true;
  $("pick-tray").hidden = true;
  // what a click does now tells whether the hand holds a playable card
  if ($("act-hint")) { $("act-hint").replaceChildren(); $("act-hint").hidden = true; }
  delete $("card-zoom").dataset.number;
  delete $("card-menu").dataset.for;
  for (const id of ["card-menu", "card-peek", "card-detail"]) $(id).removeAttribute("style");   // placed by a private card or menu
  $("card-detail-body").replaceChildren(el("p", { class: "muted", dataset: { i18n: "detailsHint" }, text: t("detailsHint") }));
  delete $("card-detail-body").dataset.id;
  delete $("card-detail-body").dataset.number;
  app.shown = null;
}

/** The hand-off's words for the player who takes the device (again after a language switch). */
export function fillPassScreen(seat) {
  const player = seatName(seat, app.state);
  $("pass-title").textContent = t("passTitle", { player });
  $("pass-body").textContent = t("passBody", { player });
  $("pass-ready").textContent = t("passReady", { player });
}

/** Hot-seat: cover the board until the next player says they alone can see it. */
export async function passDevice(seat) {
  const overlay = $("pass-screen");
  $("playmat").classList.add("concealed");
  fillPassScreen(seat);
  openModal(overlay);
  overlay.dataset.seat = seat;
  $("pass-ready").focus();
  await waitForButton($("pass-ready"));
  closeModal(overlay);
  $("playmat").classList.remove("concealed");
  $("decision").focus();
}

/** The game-over dialog's result and reason (again after a language switch). */
export function fillGameOver(state) {
  const outcome = state.view.outcome;
  $("gameover-winner").textContent = outcome.winner === null ? t("draw") : seatPhrase("winnerYou", "winner", outcome.winner, state, seatName(outcome.winner, state));
  $("gameover-reason").textContent = t(`reason_${outcome.reason}`);
}

export function showGameOver(state) {
  const outcome = state.view.outcome;
  fillGameOver(state);
  $("gameover-rewind").hidden = !(state.mode === "computer" && state.can_undo);
  // the same decks again needs the request the game started from (a resumed game or a scenario has none)
  const again = Boolean(app.lastRequest && !app.lastRequest.scenario);
  $("gameover-again").hidden = !again;
  $("gameover-watch").hidden = !app.gameId;
  hideToast();
  $("computer-next").hidden = true;
  openModal($("gameover"));
  $("gameover").dataset.winner = outcome.winner ?? "draw";
  $(again ? "gameover-again" : "gameover-other").focus();
  sound("win");
}

/** Watch the finished game in the replay viewer, once the autosave has stored it (screens/saves.js). */
export function watchFinishedGame() {
  closeModal($("gameover"));
  window.dispatchEvent(new CustomEvent("pwtcg:watch-game", { detail: { gameId: app.gameId } }));
}

/** Share the finished game from the game-over dialog (the Share dialog lives in screens/saves.js). */
export function shareFinishedGame() {
  closeModal($("gameover"));
  window.dispatchEvent(new CustomEvent("pwtcg:share-game", { detail: { practice: app.state?.practice || null } }));
}
