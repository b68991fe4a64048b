// The playmat's controls: its header buttons, dialogs, card clicks, option clicks and keys.

import { t, onLangChange } from "../i18n.js";
import { call } from "../engine.js";
import { cardsById } from "../board.js";
import { onSettingsChange } from "../settings.js";
import { initZoom } from "../zoom.js";
import { $, app, hold, setPaused, onPauseChange } from "./state.js";
import { closeCardMenu, showDetailsFor, wireCardActs } from "./cardmenu.js";
import { render, redrawLog } from "./decision.js";
import { overlayOpen, closeModal, shareFinishedGame, watchFinishedGame } from "./overlays.js";
import { showScreen, startGame, act, undo, concede, rewindAndPlayOn } from "./flow.js";
import { refreshStartLabels, keepSettings } from "./startform.js";

/** Listen to the playmat's buttons, dialogs and cards (once, at boot). */
export function wirePlaymat() {
  $("sheet-toggle").addEventListener("click", toggleSheet);
  $("undo").addEventListener("click", undo);
  $("concede").addEventListener("click", concede);
  $("gameover-rewind").addEventListener("click", rewindAndPlayOn);
  wirePause();
  const menu = $("card-menu");
  menu.addEventListener("close", () => {
    menu.hidden = true;
    const back = menu.returnFocus;
    menu.returnFocus = null;
    if (back && document.contains(back)) back.focus();
  });
  menu.addEventListener("click", (event) => { if (event.target === menu) closeCardMenu(); });   // the backdrop
  // an option's button (in the decision's list or in a card's menu) carries the action it plays
  for (const id of ["options", "card-menu-items"]) $(id).addEventListener("click", playOption);
  for (const id of ["damage-overlay", "pass-screen"]) $(id).addEventListener("cancel", (event) => event.preventDefault());
  $("gameover").addEventListener("cancel", () => { $("gameover").hidden = true; });
  onSettingsChange((_, name) => {
    if (name === "log") redrawLog();
  });
  initZoom({
    cardOf: (button) => (app.shown ? cardsById(app.shown.view).get(Number(button.dataset.id)) : null)
      || (button.closest("#damage-cards") ? { id: Number(button.dataset.id), number: button.dataset.number } : null),
    catalog: () => app.catalog,
    call,
  });
  $("new-game").addEventListener("click", () => {
    // cancelled when the game could not be saved and the player chose to stay
    if (!window.dispatchEvent(new CustomEvent("pwtcg:leave-game", { cancelable: true }))) return;
    closeModal($("gameover"));
    showScreen("start");
  });
  $("gameover-again").addEventListener("click", () => {
    closeModal($("gameover"));
    if (!app.lastRequest || app.lastRequest.scenario) showScreen("start");
    else startGame(app.lastRequest);
  });
  $("gameover-other").addEventListener("click", () => {
    closeModal($("gameover"));
    if (app.lastRequest && !app.lastRequest.scenario) keepSettings(app.lastRequest);
    showScreen("start");
    document.querySelector("#start-form select[name=deck0]")?.focus();
  });
  $("gameover-watch").addEventListener("click", watchFinishedGame);
  $("gameover-close").addEventListener("click", () => closeModal($("gameover")));
  $("gameover-share").addEventListener("click", shareFinishedGame);
  onLangChange(() => {
    if (app.hello?.ok) refreshStartLabels();
    redrawLog();
    if (app.shown) render(app.shown, app.shown.viewer);
  });
  wireCardActs(act);   // a click on a card acts on it
  document.addEventListener("mouseover", (event) => showDetailsFor(event.target));
  document.addEventListener("focusin", (event) => showDetailsFor(event.target));
}

/** The pause buttons (on the playmat, and in the damage check while it plays by itself) and the flow's hold while
 * another screen is shown: a computer move or a damage check never lands on the Rules or a lesson. */
function wirePause() {
  const toggle = () => setPaused(!app.paused);
  for (const id of ["pause", "damage-pause"]) $(id).addEventListener("click", toggle);
  const label = () => {
    for (const id of ["pause", "damage-pause"]) {
      const button = $(id);
      button.dataset.i18n = app.paused ? "pmResume" : "pmPause";
      button.dataset.i18nLabel = app.paused ? "pmResumeLabel" : "pmPauseLabel";
      button.textContent = t(button.dataset.i18n);
      button.setAttribute("aria-label", t(button.dataset.i18nLabel));
      button.setAttribute("aria-pressed", String(app.paused));
      if (id === "pause") button.dataset.icon = app.paused ? "▶" : "⏸";
    }
  };
  onPauseChange((paused) => {
    label();
    $("announcer").textContent = t(paused ? "pmPaused" : "pmResumed");
  });
  onLangChange(label);
  const away = () => hold("away", $("app").dataset.state !== "game");
  new MutationObserver(away).observe($("app"), { attributes: true, attributeFilter: ["data-state"] });
  away();
}

function playOption(event) {
  const button = event.target.closest("button[data-action]");
  if (button && !button.disabled) act(button.dataset.action);
}

/** Phones: fold the decision sheet away to see the whole mat, and back. */
function toggleSheet() {
  const collapsed = $("decision").classList.toggle("collapsed");
  const button = $("sheet-toggle");
  button.dataset.i18n = collapsed ? "showOptions" : "hideOptions";
  button.textContent = t(button.dataset.i18n);
  button.setAttribute("aria-expanded", String(!collapsed));
}

/** Arrow keys move between the buttons of the card menu or of the option list that has the focus. */
function moveFocusWithin(step) {
  const group = document.activeElement?.closest("#card-menu, #options");
  if (!group) return false;
  const buttons = [...group.querySelectorAll("button:not([disabled])")];
  const next = buttons[(buttons.indexOf(document.activeElement) + step + buttons.length) % buttons.length];
  next?.focus();
  return Boolean(next);
}

/** The playmat's keys (the shell has left out keys typed in fields and with modifiers): Escape, arrows, and on the
 * game screen P (pause, also over the damage check), with no overlay up U (undo), N (the computer's next move), 1-9 and E (the options). */
export function playmatKey(event) {
  if (event.key === "Escape" && !$("card-menu").open) return closeCardMenu();
  if ((event.key === "p" || event.key === "P") && $("app").dataset.state === "game" && app.state && !app.state.view.outcome) {
    return setPaused(!app.paused);   // also while the damage check plays
  }
  if ((event.key === "ArrowDown" || event.key === "ArrowUp") && moveFocusWithin(event.key === "ArrowDown" ? 1 : -1)) {
    event.preventDefault();
    return;
  }
  if (overlayOpen() || $("app").dataset.state !== "game") return;
  if (event.key === "u" || event.key === "U") return undo();
  if ((event.key === "n" || event.key === "N") && !$("computer-next").hidden) return $("computer-next").click();
  const key = /^[1-9]$/.test(event.key) ? event.key : (event.key === "e" || event.key === "E") ? "E" : null;
  const button = key && $("options").querySelector(`button.option[data-key="${key}"]`);
  if (button) {
    event.preventDefault();
    button.click();
  }
}
