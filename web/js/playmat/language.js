// After a language switch, the playmat's panels that are not [data-i18n] text drawn again in the new language:
// card details, the zoom, the card menu, a pile's dialog, the overlays, the toast and the live region. A closed
// dialog that still holds text of the old language is emptied (it is filled again when it opens).

import { onLangChange } from "../i18n.js";
import { call } from "../engine.js";
import { el } from "../dom.js";
import { cardsById, renderCardDetail } from "../board.js";
import { openZoom } from "../zoom.js";
import { openSettings } from "../settings.js";
import { $, app } from "./state.js";
import { context, openCardMenu, closeCardMenu } from "./cardmenu.js";
import { fillPassScreen, fillGameOver, redrawDamageCheck } from "./overlays.js";
import { newsLines } from "./flow.js";

/** The card of the view on screen that a board button (or an id) stands for. */
function liveCard(id) {
  return app.shown && id !== undefined && id !== "" ? cardsById(app.shown.view).get(Number(id)) : undefined;
}

function boardButton(id) {
  return id ? document.querySelector(`#playmat .card[data-id="${CSS.escape(id)}"]`) : null;
}

function redrawDetails() {
  const box = $("card-detail-body");
  const card = liveCard(box.dataset.id) || (box.dataset.number ? { number: box.dataset.number } : null);
  if (card) renderCardDetail(box, card, app.catalog);
}

function redrawZoom() {
  const dialog = $("card-zoom");
  if (!dialog.open) {
    dialog.replaceChildren();
    delete dialog.dataset.number;
    return;
  }
  const id = dialog.returnTo?.dataset?.id;
  const back = boardButton(id) || (document.contains(dialog.returnTo) ? dialog.returnTo : null);
  const card = liveCard(id) || { id: Number(id), number: dialog.dataset.number };
  openZoom(card, app.catalog, call, back);
}

function redrawCardMenu() {
  const menu = $("card-menu");
  const id = menu.dataset.for;
  if (menu.hidden) {
    $("card-menu-items").replaceChildren();
    return;
  }
  closeCardMenu(false);
  const button = boardButton(id);
  if (button) openCardMenu(button);
}

function redrawZone() {
  const dialog = $("zone-dialog");
  const { seat, zone } = dialog.dataset;
  if (!dialog.open || !app.shown || seat === undefined) {
    if (!dialog.open) {
      $("zone-title").replaceChildren();
      $("zone-cards").replaceChildren();
    }
    return;
  }
  dialog.close();
  context(app.shown).browseZone(Number(seat), zone);
}

function redrawOverlays() {
  const pass = $("pass-screen");
  if (!pass.hidden && pass.dataset.seat !== undefined) fillPassScreen(Number(pass.dataset.seat));
  else for (const id of ["pass-title", "pass-body", "pass-ready"]) $(id).replaceChildren();
  if (app.state?.view?.outcome) fillGameOver(app.state);
  else for (const id of ["gameover-winner", "gameover-reason"]) $(id).replaceChildren();
  redrawDamageCheck();
  const settingsDialog = $("settings-dialog");
  if (settingsDialog.open) {
    settingsDialog.close();
    openSettings();
  } else {
    settingsDialog.querySelector("form").replaceChildren();
  }
}

/** The toast says the computer's latest moves again, in the new language; the hover peek goes. */
function redrawNews() {
  // the live region has been read out already: it is emptied, not read out again
  $("announcer").textContent = "";
  const toast = $("toast");
  const lines = !toast.hidden && app.state && app.shown ? newsLines(app.state) : [];
  toast.replaceChildren(...lines.map((line) => el("p", { text: line })));
  if (!lines.length) toast.hidden = true;
  $("card-peek").hidden = true;
  $("card-peek").replaceChildren();
}

/** Draw the playmat's other panels again after every language switch (after the board and the log). */
export function wireLanguage() {
  onLangChange(() => {
    redrawDetails();
    redrawCardMenu();
    redrawZone();
    redrawZoom();
    redrawOverlays();
    redrawNews();
  });
}
