// The playmat's card menu, zone browser and card details: what pointing at or clicking a card or a pile opens.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { call } from "../engine.js";
import { optionLabel, reasonText } from "../actions.js";
import { cardsById, seatName, cardButton, renderCardDetail } from "../board.js";
import { openZoom } from "../zoom.js";
import { $, app } from "./state.js";

/** What the board's components get to draw a state: its cards, the ones an option is about, the last move. */
export function context(state) {
  const cards = cardsById(state.view);
  const marked = new Set();
  const decision = state.decision;
  const mine = decision && !state.computer_to_act && decision.player === state.viewer;
  if (mine) for (const option of decision.options) for (const id of option.cards) marked.add(id);
  return {
    view: state.view, game: state, catalog: app.catalog, cards, marked, lastMove: app.lastMove,
    browseZone, openCardMenu,
  };
}

/** The options (and greyed-out reasons) that involve one card, as a small menu next to it. An option's button
 * carries its action (data-action): the playmat's controls play it when it is clicked. */
export function openCardMenu(button) {
  const state = app.shown;
  const id = Number(button.dataset.id);
  const decision = state?.decision;
  const ctx = context(state);
  const menu = $("card-menu");
  const mine = decision && !state.computer_to_act && decision.player === state.viewer;
  const options = mine ? decision.options.filter((o) => o.cards.includes(id)) : [];
  const rejected = mine ? (decision.rejected || []).filter((r) => r.cards.includes(id)) : [];
  const handWhy = state.hand_why_option?.[id];
  if (mine && handWhy && !rejected.some((r) => r.action === handWhy.action)) {
    rejected.unshift({ ...handWhy, why: state.hand_why[id], why_text: state.hand_why_text?.[id] });
  }
  if (!options.length && !rejected.length) {
    closeCardMenu();
    const card = ctx.cards.get(id);
    if (card) openZoom(card, app.catalog, call, button);
    return;
  }
  const items = $("card-menu-items");
  items.replaceChildren(
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
