// The playmat controller: start screen, game flow, decisions, overlays, keyboard, language.

import { t, lang, setLang, onLangChange, initialLang, applyStatic } from "./i18n.js";
import { call, startEngine } from "./engine.js";
import { scenarioProblem, speedParam } from "./params.js";
import { pageVersion, serviceWorkerReady } from "./updates.js";
import { startRouter, showSection } from "./router.js";
import { newId } from "./store.js";
import "./screens/index.js";
import { actionLabel, cardIdsOf, promptText, reasonText, seatPhrase } from "./actions.js";
import { setWords } from "./words.js";
import "./levels.js";
import "./hint.js";
import {
  el, cardsById, seatName, cardButton, renderSide, renderTurnTrack, renderBattle, renderCardDetail,
} from "./board.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
/** Delay multiplier for the computer's moves and the damage check reveal (?speed=0 in tests). */
const SPEED = speedParam(params.get("speed"));
/** How long a first visit waits for the service worker before loading without it. */
const SW_WAIT_MS = 60_000;

const app = {
  hello: null,
  catalog: {},
  state: null,        // the last state from the host
  shown: null,        // the state currently drawn
  shownViewer: null,  // hot-seat: whose cards are on screen
  log: [],            // every log event shown so far
  updates: 0,         // states received (tests wait on it)
  busy: false,
  lastRequest: null,  // the start screen's last request, for "play again"
  gameId: null,       // the id the game on the playmat is saved under (screens/saves.js)
};

let resolveReady;
/** Resolves when the start screen (or a URL scenario game) is ready: tests wait on it. */
const ready = new Promise((resolve) => { resolveReady = resolve; });

// ------------------------------------------------------------------------- boot

async function boot() {
  setLang(initialLang());
  wireStaticControls();
  await serviceWorkerReady(SW_WAIT_MS, !params.has("nosw"));
  performance.mark("pwtcg:service-worker");
  try {
    await startEngine();
    performance.mark("pwtcg:python-ready");
    app.hello = await call("hello");
    performance.mark("pwtcg:hello");
  } catch (error) {
    return showLoadingError(String(error.message || error));
  }
  if (!app.hello.ok) return showLoadingError(app.hello.error);
  app.catalog = app.hello.catalog;
  setWords(app.hello.words);
  fillStartForm();
  window.dispatchEvent(new CustomEvent("pwtcg:context", { detail: screenContext }));
  await startRouter(screenContext, () => showScreen(app.state && !app.state.view.outcome ? "game" : "start"));
  document.body.dataset.ready = "1";
  resolveReady();
  const scenario = params.get("scenario");
  if (scenario) await startGame({ mode: params.get("mode") || "hotseat", scenario });
}

/** What screen modules get from the playmat: the engine's hello (decks, catalogue) and a way to play. */
const screenContext = {
  get hello() { return app.hello; },
  get catalog() { return app.catalog; },
  call,
  /** Start a game from a request (see window.pwtcg.start) and show the playmat. */
  startGame: (request) => {
    if (location.hash && location.hash !== "#play") history.pushState(null, "", "#play");
    return startGame(request);
  },
  /** Show a state the host already holds (a resumed save, "play from here") under a save id. */
  showGame: (state, gameId) => {
    if (location.hash && location.hash !== "#play") history.pushState(null, "", "#play");
    resetBoard();
    app.lastRequest = null;
    app.gameId = gameId;
    showScreen("game");
    return handleState(state);
  },
  get gameId() { return app.gameId; },
};

function showLoadingError(message) {
  const box = $("loading-error");
  box.textContent = `${t("engineMissing")}: ${message}`;
  box.hidden = false;
  document.body.dataset.ready = "error";
  resolveReady();
}

function showScreen(name) {
  showSection(name);
  $("new-game").hidden = name !== "game";
  if (name !== "game") $("undo").hidden = true;
}

// ------------------------------------------------------------------------- start screen

function fillStartForm() {
  const decks = app.hello.decks;
  for (const seat of [0, 1]) {
    const select = document.querySelector(`select[name=deck${seat}]`);
    select.replaceChildren(...decks.map((deck, index) => el("option", {
      value: deck.id, selected: index === Math.min(seat, decks.length - 1), text: deck.name[lang()] || deck.name.en || deck.id,
    })));
  }
  refreshStartLabels();
  $("start-form").addEventListener("submit", onStartSubmit);
  $("start-form").addEventListener("change", refreshStartLabels);
}

function startSeatName(seat) {
  const mode = new FormData($("start-form")).get("mode");
  return seatName(seat, { mode, human: 0 });
}

function refreshStartLabels() {
  const seats = { mode: new FormData($("start-form")).get("mode"), human: 0 };
  for (const seat of [0, 1]) $(`deck-legend-${seat}`).textContent = seatPhrase("deckForYou", "deckFor", seat, seats, startSeatName(seat));
  for (const seat of [0, 1]) $(`first-${seat}`).textContent = seatPhrase("firstYou", "firstOther", seat, seats, startSeatName(seat));
  for (const seat of [0, 1]) {
    const select = document.querySelector(`select[name=deck${seat}]`);
    for (const option of select.options) {
      const deck = app.hello.decks.find((d) => d.id === option.value);
      if (deck) option.textContent = deck.name[lang()] || deck.name.en || deck.id;
    }
    const chosen = app.hello.decks.find((d) => d.id === select.value);
    $(`deck-description-${seat}`).textContent = chosen?.description?.[lang()] || chosen?.description?.en || "";
  }
}

function onStartSubmit(event) {
  event.preventDefault();
  const form = new FormData(event.target);
  const deckOf = (seat) => (form.get(`code${seat}`) || "").trim() || form.get(`deck${seat}`);
  const seed = (form.get("seed") || "").trim();
  startGame({
    mode: form.get("mode"),
    level: form.get("level") || "normal",
    deck0: deckOf(0),
    deck1: deckOf(1),
    first: form.get("first") === "rules" ? null : Number(form.get("first")),
    seed: seed ? Number(seed) : null,
    human: 0,
    lang: lang(),
  });
}

/** Start a game from a start-screen request or a scenario; errors go back to the start screen. */
async function startGame(request) {
  app.lastRequest = request;
  resetBoard();
  $("start-error").hidden = true;
  try {
    if (request.scenario) checkScenario(request.scenario);
    const state = await call("new_game", request);
    app.gameId = newId();
    showScreen("game");
    await handleState(state);
  } catch (error) {
    showScreen("start");
    $("start-error").textContent = t(request.scenario ? "badScenario" : "badDeck", { error: error.message });
    $("start-error").hidden = false;
  }
}

function resetBoard() {
  app.shown = null;
  app.shownViewer = null;
  app.log = [];
  $("log").replaceChildren();
}

/** Refuse a scenario too large or too deeply nested for the engine (from a link, or the test hook). */
function checkScenario(scenario) {
  const problem = scenarioProblem(typeof scenario === "string" ? scenario : JSON.stringify(scenario) ?? "");
  if (problem) throw new Error(t(problem.key, problem.params));
}

// ------------------------------------------------------------------------- game flow

/** Show a new state: narrate new log events, run the damage check, pass the device, draw, continue. */
async function handleState(state) {
  app.state = state;
  app.updates += 1;
  // the saved-games module keeps every game in progress saved after each decision
  window.dispatchEvent(new CustomEvent("pwtcg:state", { detail: { state, gameId: app.gameId } }));
  // The host sends only new log events; after a new game, an undo or a change of viewer it resends the
  // log (redacted for the viewer) and says how many of the events are new.
  if (state.log_reset) app.log = [];
  app.log.push(...state.log);
  const fresh = state.log.slice(state.log.length - (state.fresh ?? state.log.length));
  // Hot-seat: a state for another player holds that player's hand and log, so both are shown only after
  // the device has been passed; the previous player's log lines leave the screen with them.
  const handOver = state.mode === "hotseat" && state.decision && state.viewer !== app.shownViewer;
  if (handOver) $("log").replaceChildren();
  else if (state.log_reset) redrawLog();
  else appendLog(fresh);
  if (!handOver) render(state, state.viewer);
  await showDamageChecks(fresh);
  if (handOver) {
    await passDevice(state.viewer);
    app.shownViewer = state.viewer;
    redrawLog();
  }
  if (app.state !== state) return; // a newer state arrived meanwhile
  render(state, state.viewer);
  if (performance.getEntriesByName("pwtcg:first-board").length === 0) performance.mark("pwtcg:first-board");
  if (state.view.outcome) showGameOver(state);
  else if (state.computer_to_act) scheduleComputer();
}

function scheduleComputer() {
  setTimeout(async () => {
    try {
      await handleState(await call("computer_step"));
    } catch (error) {
      showActionError(error.message);
    }
  }, 300 * SPEED);
}

/** Send one human action to the engine. */
async function act(text) {
  if (app.busy || !app.state?.decision || app.state.computer_to_act) return;
  app.busy = true;
  closeCardMenu();
  try {
    await handleState(await call("act", text));
  } catch (error) {
    showActionError(error.message);
  } finally {
    app.busy = false;
  }
}

async function undo() {
  if (app.busy || !app.state?.can_undo) return;
  app.busy = true;
  try {
    await handleState(await call("undo"));
  } catch (error) {
    showActionError(error.message);
  } finally {
    app.busy = false;
  }
}

function showActionError(message) {
  const box = $("blocked");
  box.replaceChildren(el("p", { class: "error", role: "alert", text: message }));
}

// ------------------------------------------------------------------------- drawing

function context(state) {
  const cards = cardsById(state.view);
  const marked = new Set();
  const decision = state.decision;
  const mine = decision && !state.computer_to_act && decision.player === state.viewer;
  if (mine) for (const option of decision.options) for (const id of cardIdsOf(option)) marked.add(id);
  return {
    view: state.view, game: state, catalog: app.catalog, cards, marked,
    browseZone, openCardMenu,
  };
}

function render(state, viewer) {
  app.shown = state;
  const ctx = context(state);
  const opponent = 1 - viewer;
  renderSide($("side-top"), opponent, ctx);
  renderSide($("side-bottom"), viewer, ctx);
  renderTurnTrack($("turn-track"), ctx);
  renderBattle($("battle-info"), ctx);
  renderDecision(state, ctx);
  $("undo").hidden = state.mode !== "computer";
  $("undo").disabled = !state.can_undo || Boolean(state.computer_to_act);
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
  options.replaceChildren(...decision.options.map((text, index) => optionButton(text, index, ctx)));
  const rejected = decision.rejected || [];
  if (rejected.length) {
    blocked.replaceChildren(el("details", {},
      el("summary", { text: `${t("notNow")} (${rejected.length})` }),
      ...rejected.map((item) => el("button", {
        type: "button", class: "option", disabled: true, title: reasonText(item), dataset: { action: item.action },
      }, el("span", { text: actionLabel(item.action, ctx.cards, ctx.catalog, decisionParams()) }), el("small", { class: "why", text: reasonText(item) })))));
  }
}

function optionButton(text, index, ctx) {
  const key = index < 9 ? String(index + 1) : null;
  return el("button", {
    type: "button", class: `option verb-${text.split(" ")[0]}`, dataset: { action: text },
    "aria-keyshortcuts": key, onclick: () => act(text),
    onmouseenter: () => previewCards(text, ctx), onfocus: () => previewCards(text, ctx),
  }, key ? el("kbd", { text: key }) : null, el("span", { text: actionLabel(text, ctx.cards, ctx.catalog, decisionParams()) }));
}

function decisionParams() {
  return app.shown?.decision?.params || {};
}

function previewCards(text, ctx) {
  const [id] = cardIdsOf(text);
  if (id !== undefined && ctx.cards.has(id)) renderCardDetail($("card-detail-body"), ctx.cards.get(id), app.catalog);
}

const LOG_LINES = 400;   // lines kept on the page; the whole log stays in app.log and in the engine

function appendLog(events) {
  const list = $("log");
  for (const event of events.slice(-LOG_LINES)) {
    list.append(el("li", { class: `log-${event.kind}`, dataset: { kind: event.kind, rule: event.rule },
      title: event.rule ? `${event.rule}` : null, text: event.text[lang()] || event.text.en }));
  }
  while (list.childElementCount > LOG_LINES) list.firstElementChild.remove();
  list.scrollTop = list.scrollHeight;
}

function redrawLog() {
  $("log").replaceChildren();
  appendLog(app.log);
}

// ------------------------------------------------------------------------- card menu & details

/** The options (and greyed-out reasons) that involve one card, as a small menu next to it. */
function openCardMenu(button) {
  const state = app.shown;
  const id = Number(button.dataset.id);
  const decision = state?.decision;
  const ctx = context(state);
  const menu = $("card-menu");
  const mine = decision && !state.computer_to_act && decision.player === state.viewer;
  const options = mine ? decision.options.filter((o) => cardIdsOf(o).includes(id)) : [];
  const rejected = mine ? (decision.rejected || []).filter((r) => cardIdsOf(r.action).includes(id)) : [];
  const handWhy = state.hand_why?.[id];
  if (mine && handWhy && !rejected.some((r) => r.action === `play ${id}`)) rejected.unshift({ action: `play ${id}`, why: handWhy, why_text: state.hand_why_text?.[id] });
  if (!options.length && !rejected.length) return closeCardMenu();
  menu.replaceChildren(
    ...options.map((text) => el("button", { type: "button", role: "menuitem", class: "option", dataset: { action: text },
      onclick: () => act(text) }, actionLabel(text, ctx.cards, ctx.catalog, decisionParams()))),
    ...rejected.map((item) => el("button", { type: "button", role: "menuitem", class: "option", disabled: true,
      title: reasonText(item), dataset: { action: item.action } },
    el("span", { text: actionLabel(item.action, ctx.cards, ctx.catalog, decisionParams()) }), el("small", { class: "why", text: reasonText(item) }))),
  );
  const rect = button.getBoundingClientRect();
  menu.style.left = `${Math.max(4, Math.min(rect.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - 260))}px`;
  menu.style.top = `${rect.bottom + window.scrollY + 4}px`;
  menu.hidden = false;
  menu.dataset.for = id;
  (menu.querySelector("button:not([disabled])") || menu).focus();  // the menu itself when all are greyed out
  menu.returnFocus = button;
}

function closeCardMenu() {
  const menu = $("card-menu");
  if (menu.hidden) return;
  menu.hidden = true;
  const back = menu.returnFocus;
  menu.returnFocus = null;
  if (back && document.contains(back)) back.focus();
}

function browseZone(seat, zone) {
  const state = app.shown;
  const ctx = context(state);
  const cards = state.view.players[seat][zone] || [];
  $("zone-title").textContent = `${t(zone)} — ${seatName(seat, state)} (${cards.length})`;
  $("zone-cards").replaceChildren(...(cards.length ? cards.map((card) => cardButton(card, ctx)) : [el("p", { class: "muted", text: t("emptyZone") })]));
  $("zone-dialog").showModal();
}

function showDetailsFor(target) {
  const button = target.closest?.(".card[data-id]");
  if (!button || !app.shown) return;
  const card = cardsById(app.shown.view).get(Number(button.dataset.id));
  if (card) renderCardDetail($("card-detail-body"), card, app.catalog);
}

// ------------------------------------------------------------------------- overlays

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolve when a button is pressed (or Enter/Escape while the overlay is up). */
function waitForButton(button) {
  return new Promise((resolve) => {
    button.addEventListener("click", () => resolve(), { once: true });
  });
}

/** The damage check, card by card: one overlay per check in the new log events. */
async function showDamageChecks(events) {
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
  for (const one of checks) await showDamageCheck(one);
}

async function showDamageCheck(check) {
  const overlay = $("damage-overlay");
  const state = app.state;
  const seat = check.start.data.player;
  const player = seatName(seat, state);
  const you = state.mode === "computer" && seat === state.human ? "You" : "";
  $("damage-title").textContent = t(`damageCheck${you}`, { player, amount: check.start.data.amount });
  $("damage-cards").replaceChildren();
  $("damage-result").textContent = "";
  $("damage-continue").hidden = true;
  overlay.hidden = false;
  overlay.dataset.cards = "0";
  overlay.dataset.check = String((Number(overlay.dataset.check) || 0) + 1);
  for (const event of check.cards) {
    await sleep(450 * SPEED);
    const card = { id: event.data.card, number: event.data.number, lucky: event.data.lucky };
    const ctx = { ...context(state), cards: new Map([[card.id, card]]) };
    $("damage-cards").append(el("div", { class: `damage-card${event.data.lucky ? " lucky" : ""}` },
      el("small", { text: t("damageCard", { index: event.data.index, amount: event.data.amount }) }),
      cardButton({ ...card, type: app.catalog[card.number]?.type }, ctx)));
    overlay.dataset.cards = String(check.cards.indexOf(event) + 1);
  }
  await sleep(200 * SPEED);
  if (check.end?.kind === "damage_cancelled") $("damage-result").textContent = t("luckyCancel");
  else if (check.end) $("damage-result").textContent = t(`lifeLost${you}`, { player, amount: check.end.data.amount });
  overlay.dataset.result = check.end?.kind || "";
  $("damage-continue").hidden = false;
  $("damage-continue").focus();
  await waitForButton($("damage-continue"));
  overlay.hidden = true;
}

/** Hot-seat: cover the board until the next player says they alone can see it. */
async function passDevice(seat) {
  const overlay = $("pass-screen");
  const player = seatName(seat, app.state);
  $("playmat").classList.add("concealed");
  $("pass-title").textContent = t("passTitle", { player });
  $("pass-body").textContent = t("passBody", { player });
  $("pass-ready").textContent = t("passReady", { player });
  overlay.hidden = false;
  overlay.dataset.seat = seat;
  $("pass-ready").focus();
  await waitForButton($("pass-ready"));
  overlay.hidden = true;
  $("playmat").classList.remove("concealed");
  $("decision").focus();
}

function showGameOver(state) {
  const outcome = state.view.outcome;
  $("gameover-winner").textContent = outcome.winner === null ? t("draw") : seatPhrase("winnerYou", "winner", outcome.winner, state, seatName(outcome.winner, state));
  $("gameover-reason").textContent = t(`reason_${outcome.reason}`);
  $("gameover").hidden = false;
  $("gameover").dataset.winner = outcome.winner ?? "draw";
  $("gameover-again").focus();
}

// ------------------------------------------------------------------------- controls & keyboard

function wireStaticControls() {
  $("lang-toggle").addEventListener("click", () => setLang(lang() === "en" ? "ja" : "en"));
  $("sheet-toggle").addEventListener("click", toggleSheet);
  $("undo").addEventListener("click", undo);
  $("new-game").addEventListener("click", () => {
    // cancelled when the game could not be saved and the player chose to stay
    if (!window.dispatchEvent(new CustomEvent("pwtcg:leave-game", { cancelable: true }))) return;
    $("gameover").hidden = true;
    showScreen("start");
  });
  $("gameover-again").addEventListener("click", () => {
    $("gameover").hidden = true;
    if (!app.lastRequest || app.lastRequest.scenario) showScreen("start");
    else startGame(app.lastRequest);
  });
  $("gameover-close").addEventListener("click", () => { $("gameover").hidden = true; });
  onLangChange(() => {
    if (app.hello?.ok) refreshStartLabels();
    redrawLog();
    if (app.shown) render(app.shown, app.shown.viewer);
  });
  document.addEventListener("click", (event) => {
    const card = event.target.closest(".card[data-id]");
    if (card && card.closest("#playmat")) openCardMenu(card);
    else if (!event.target.closest("#card-menu")) closeCardMenu();
  });
  document.addEventListener("mouseover", (event) => showDetailsFor(event.target));
  document.addEventListener("focusin", (event) => showDetailsFor(event.target));
  document.addEventListener("keydown", onKey);
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

function overlayOpen() {
  return ["pass-screen", "damage-overlay", "gameover"].some((id) => !$(id).hidden) || $("zone-dialog").open;
}

function onKey(event) {
  if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape") return closeCardMenu();
  if ((event.key === "ArrowDown" || event.key === "ArrowUp") && moveFocusWithin(event.key === "ArrowDown" ? 1 : -1)) {
    event.preventDefault();
    return;
  }
  if (event.key === "l" || event.key === "L") return setLang(lang() === "en" ? "ja" : "en");
  if (overlayOpen() || $("app").dataset.state !== "game") return;
  if (event.key === "u" || event.key === "U") return undo();
  if (/^[1-9]$/.test(event.key)) {
    const button = $("options").querySelectorAll("button.option")[Number(event.key) - 1];
    if (button) {
      event.preventDefault();
      button.click();
    }
  }
}

// ------------------------------------------------------------------------- hooks for tests and tutorials

window.pwtcg = {
  ready,
  /** Start a game: {mode, deck0, deck1, first, seed} or {mode, scenario}. */
  start: (request) => startGame(request),
  /** Start a scenario game (an engine.scenario description or name). */
  loadScenario: (scenario, mode = "hotseat") => startGame({ mode, scenario }),
  state: () => app.state,
  updates: () => app.updates,
  /** The build version this page runs (null without a service worker). */
  version: () => pageVersion,
  call,
};

applyStatic(document);
boot();
