// The playmat's drawing: both sides of the board, the decision panel with its option list, and the log.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { optionLabel, promptText, reasonText } from "../actions.js";
import { seatName, renderSide, renderTurnTrack, renderBattle, renderCardDetail, cardButton } from "../board.js";
import { drawLog, clearLog } from "../log.js";
import { settings } from "../settings.js";
import { $, app } from "./state.js";
import { context, markActing } from "./cardmenu.js";

/** Options that end a step; they always have the key E, whatever the number of options. */
const ENDS = new Set(["end", "pass", "done"]);

/** Draw a state as `viewer` sees it: the board, the decision, the header's buttons and the practice mark. */
export function render(state, viewer) {
  app.shown = state;
  const ctx = context(state);
  const opponent = 1 - viewer;
  renderSide($("side-top"), opponent, ctx);
  renderSide($("side-bottom"), viewer, ctx);
  renderTurnTrack($("turn-track"), ctx);
  renderBattle($("battle-info"), ctx);
  renderDecision(state, ctx);
  renderPickTray(state, ctx);
  markActing(state);
  const over = Boolean(state.view.outcome);
  $("undo").hidden = state.mode !== "computer" || over;
  $("undo").disabled = !state.can_undo || Boolean(state.computer_to_act);
  $("concede").hidden = over || !state.decision;
  // the host keeps the mark (and stores it with the game): a chosen seed, a rewind after the end, a replay
  const badge = $("practice-badge");
  badge.hidden = !state.practice;
  if (state.practice) {
    badge.dataset.i18n = state.practice === "rewind" ? "pmPractice" : `pmPractice_${state.practice}`;
    badge.textContent = t(badge.dataset.i18n);
  }
  document.body.dataset.phase = state.view.phase;
  document.body.dataset.decision = state.decision ? state.decision.kind : "none";
  document.body.dataset.turnPlayer = state.view.turn_player;
}

function renderDecision(state, ctx) {
  const decision = state.decision;
  const options = $("options");
  const blocked = $("blocked");
  blocked.replaceChildren();
  if (!decision) {
    $("decision-who").textContent = "";
    $("decision-prompt").textContent = t("gameOver");
    options.replaceChildren();
    return;
  }
  const who = seatName(decision.player, state);
  if (state.computer_to_act) {
    $("decision-who").textContent = who;
    $("decision-prompt").textContent = t("waitingComputer");
    options.replaceChildren();
    $("decision").dataset.waiting = "1";
    return;
  }
  delete $("decision").dataset.waiting;
  $("decision-who").textContent = state.mode === "computer" ? t("decision") : t("waitingFor", { player: who });
  $("decision-prompt").textContent = promptText(decision);
  let number = 0;
  options.replaceChildren(...decision.options.map((option) => optionButton(option, ENDS.has(option.action) ? "E" : (++number <= 9 ? String(number) : null), ctx)));
  options.scrollTop = 0;   // a new list starts at its first option (the last one clicked may have been far down)
  const rejected = decision.rejected || [];
  if (rejected.length) {
    blocked.replaceChildren(el("details", {},
      el("summary", { text: `${t("notNow")} (${rejected.length})` }),
      ...rejected.map((item) => el("button", {
        type: "button", class: "option", disabled: true, title: reasonText(item), dataset: { action: item.action },
      }, el("span", { text: optionLabel(item) }), el("small", { class: "why", text: reasonText(item) })))));
  }
}

/** The cards the viewer's decision is about that have no place on the mat (the top of a deck being looked at, a
 * graveyard's cards): shown in a tray over the mat, where a click chooses one as on the board. */
function renderPickTray(state, ctx) {
  const tray = $("pick-tray");
  const decision = state.decision;
  const mine = decision && !state.computer_to_act && decision.player === state.viewer;
  const ids = mine ? [...new Set(decision.options.map((o) => o.cards[0]).filter((id) => id !== undefined))] : [];
  const away = ids.filter((id) => ctx.cards.has(id) && !document.querySelector(`#playmat .side .card[data-id="${id}"]`));
  tray.hidden = !away.length;
  if (!away.length) {
    tray.replaceChildren();
    return;
  }
  const row = el("div", { class: "card-row" }, ...away.map((id) => cardButton(ctx.cards.get(id), ctx)));
  row.style.setProperty("--n", away.length);
  tray.replaceChildren(el("p", { id: "pick-tray-title", class: "zone-title", text: t("pickTray") }), row);
}

/** One option of the decision (data from the host: action, kind, cards, label in each language) as a button; it
 * carries its action (data-action), which the playmat's controls play when it is clicked. */
function optionButton(option, key, ctx) {
  return el("button", {
    type: "button", class: `option verb-${option.kind}`, dataset: { action: option.action, key: key || null },
    "aria-keyshortcuts": key,
    onmouseenter: () => previewCards(option, ctx), onfocus: () => previewCards(option, ctx),
  }, key ? el("kbd", { text: key }) : null, el("span", { text: optionLabel(option) }));
}

function previewCards(option, ctx) {
  const [id] = option.cards;
  if (id !== undefined && ctx.cards.has(id)) {
    renderCardDetail($("card-detail-body"), ctx.cards.get(id), app.catalog);
    revealCard(id);
  }
}

/** Phones: scroll the mat so the card an option is about is not under the decision sheet. */
function revealCard(id) {
  const card = document.querySelector(`#playmat .card[data-id="${id}"]`);
  const sheet = $("decision");
  if (!card || getComputedStyle(sheet).position !== "fixed") return;
  card.style.scrollMarginBottom = `${innerHeight - sheet.getBoundingClientRect().top + 8}px`;
  card.style.scrollMarginTop = "8px";
  card.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
}

/** Draw the whole log again (a new game, a hand-off, a change of the log setting or of language). */
export function redrawLog() {
  if (app.logHidden || !app.state) {
    clearLog($("log"));
    return;
  }
  drawLog($("log"), app.log, app.state, settings().log);
}
