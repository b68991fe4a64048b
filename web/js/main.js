// The playmat controller: start screen, game flow, decisions, overlays, keyboard, language.

import { t, lang, nextLang, setLang, onLangChange, initialLang, applyStatic } from "./i18n.js";
import { el } from "./dom.js";
import { call, requestCounts, startEngine } from "./engine.js";
import { scenarioProblem, speedParam } from "./params.js";
import { pageVersion, serviceWorkerReady } from "./updates.js";
import { startRouter, showSection } from "./router.js";
import { newId } from "./store.js";
import "./screens/index.js";
import { optionLabel, promptText, reasonText, seatPhrase } from "./actions.js";
import { setWords } from "./words.js";
import "./levels.js";
import "./hint.js";
import {
  cardsById, seatName, cardButton, renderSide, renderTurnTrack, renderBattle, renderCardDetail,
} from "./board.js";
import { drawLog, appendLog, clearLog, narrate, shown as shownInLog } from "./log.js";
import { capture, animate, lastMoveIds, toast, hideToast } from "./motion.js";
import { initSettings, settings, onSettingsChange, sound, ANIMATION_MS, COMPUTER_MS } from "./settings.js";
import { initZoom, openZoom } from "./zoom.js";
import { R } from "./protocol.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
/** Delay multiplier for the computer's moves and the damage check reveal (?speed=0 in tests). */
const SPEED = speedParam(params.get("speed"));
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** Milliseconds of one card animation: ?anim=off|fast|normal|slow, else none at ?speed=0, else the setting. */
function animationMs() {
  const forced = params.get("anim");
  if (Object.hasOwn(ANIMATION_MS, forced)) return ANIMATION_MS[forced];   // not "constructor" or "__proto__"
  if (SPEED === 0 || reducedMotion.matches) return 0;
  return ANIMATION_MS[settings().animation];
}
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
  lastMove: new Set(),// ids of the cards the latest move was about (highlighted)
  logHidden: false,   // hot-seat: the log is off screen until the device is passed
};

let resolveReady;
/** Resolves when the start screen (or a URL scenario game) is ready: tests wait on it. */
const ready = new Promise((resolve) => { resolveReady = resolve; });

// ------------------------------------------------------------------------- boot

async function boot() {
  setLang(initialLang());
  initSettings();
  wireStaticControls();
  await serviceWorkerReady(SW_WAIT_MS, !params.has("nosw"));
  performance.mark("pwtcg:service-worker");
  try {
    await startEngine();
    performance.mark("pwtcg:python-ready");
    app.hello = await call(R.HELLO);
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
  toast: (lines, ms) => toast(lines, ms),
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
  if (name !== "game") {
    $("undo").hidden = true;
    $("concede").hidden = true;
    hideToast();
  }
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
    const state = await call(R.NEW_GAME, request);
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
  app.lastMove = new Set();
  clearLog($("log"));
  $("announcer").textContent = "";   // the last game's news is not this game's
  hideToast();
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
  const wasHidden = app.logHidden;
  app.logHidden = handOver;
  const moved = lastMoveIds(fresh);
  if (moved.size || state.log_reset) app.lastMove = moved;
  if (state.log_reset || handOver || wasHidden) redrawLog();
  else appendLog($("log"), app.log, state, settings().log);
  if (!handOver) {
    const before = capture();
    render(state, state.viewer);
    animate(before, fresh, animationMs());
    tell(state, fresh);
  }
  if (handOver) concealBoard();
  await showDamageChecks(fresh);
  if (handOver) {
    await passDevice(state.viewer);
    app.shownViewer = state.viewer;
    app.logHidden = false;
    redrawLog();
  }
  if (app.state !== state) return; // a newer state arrived meanwhile
  if (handOver) render(state, state.viewer);
  if (performance.getEntriesByName("pwtcg:first-board").length === 0) performance.mark("pwtcg:first-board");
  if (state.view.outcome) showGameOver(state);
  else if (state.computer_to_act) scheduleComputer();
  else focusDecision();
}

/** The toast (the computer's moves), the screen reader's live region and the sounds for new log events. */
function tell(state, fresh) {
  const key = fresh.filter((event) => shownInLog(event, "key") && event.kind !== "turn_start");
  const lines = key.slice(-3).map((event) => narrate((event.text[lang()] || event.text.en).replace(/ \[[\d.]+\]$/, ""), state));
  if (lines.length) $("announcer").textContent = lines.join(" ");
  const byComputer = state.mode === "computer" && key.some((event) => event.data?.player !== undefined && event.data.player !== state.human);
  if (byComputer && !state.view.outcome) {
    const step = settings().computer === "step" && SPEED !== 0;
    toast(lines, step ? 0 : Math.max(1800, COMPUTER_MS[settings().computer] * 3));
  }
  const kinds = new Set(fresh.map((event) => event.kind));
  for (const kind of ["destroyed", "attack", "play", "draw"]) {
    if (kinds.has(kind)) {
      sound(kind === "destroyed" ? "destroy" : kind);
      break;
    }
  }
  if (kinds.has("life_lost")) sound("damage");
}

/** Move the keyboard focus to the decision after every change (unless a dialog or a field has it). */
function focusDecision() {
  if (overlayOpen() || document.querySelector("dialog[open]")) return;
  if (document.activeElement?.closest?.("input, select, textarea, #card-menu")) return;
  const first = $("options").querySelector("button.option");
  (first || $("decision")).focus({ preventScroll: true });
}

/** The computer's next move: after a pause (the speed setting), or when the player presses Next. Its answer
 * then takes the time the host's `computer_pace` says, from public facts only (the level and the public kind
 * of decision), however quickly the computer answered: whether Strong searched depends on its hidden cards. */
function scheduleComputer() {
  const pace = app.state.computer_pace || { ms: 0, search: false };
  const run = async () => {
    $("computer-next").hidden = true;
    try {
      const asked = performance.now();
      const answer = await call(R.COMPUTER_STEP);
      // ?speed=0 (tests) drops the floor of Beginner's and Normal's answers, never Strong's pace
      const ms = pace.search || SPEED > 0 ? pace.ms : 0;
      await sleep(ms - (performance.now() - asked));
      await handleState(answer);
    } catch (error) {
      showActionError(error.message);
    }
  };
  if (settings().computer === "step" && SPEED !== 0) {
    const next = $("computer-next");
    next.hidden = false;
    next.onclick = run;
    if (!overlayOpen()) next.focus({ preventScroll: true });
    return;
  }
  setTimeout(run, COMPUTER_MS[settings().computer] * SPEED);
}

/** Send one human action to the engine. */
async function act(text) {
  if (app.busy || !app.state?.decision || app.state.computer_to_act) return;
  app.busy = true;
  closeCardMenu();
  try {
    await handleState(await call(R.ACT, text));
  } catch (error) {
    showActionError(error.message);
  } finally {
    app.busy = false;
  }
}

async function undo() {
  if (app.busy || !app.state?.can_undo || app.state.view.outcome) return;
  app.busy = true;
  try {
    await handleState(await call(R.UNDO));
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
  if (mine) for (const option of decision.options) for (const id of option.cards) marked.add(id);
  return {
    view: state.view, game: state, catalog: app.catalog, cards, marked, lastMove: app.lastMove,
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
  const rejected = decision.rejected || [];
  if (rejected.length) {
    blocked.replaceChildren(el("details", {},
      el("summary", { text: `${t("notNow")} (${rejected.length})` }),
      ...rejected.map((item) => el("button", {
        type: "button", class: "option", disabled: true, title: reasonText(item), dataset: { action: item.action },
      }, el("span", { text: optionLabel(item) }), el("small", { class: "why", text: reasonText(item) })))));
  }
}

/** Options that end a step; they always have the key E, whatever the number of options. */
const ENDS = new Set(["end", "pass", "done"]);

/** One option of the decision (data from the host: action, kind, cards, label in each language) as a button. */
function optionButton(option, key, ctx) {
  return el("button", {
    type: "button", class: `option verb-${option.kind}`, dataset: { action: option.action, key: key || null },
    "aria-keyshortcuts": key, onclick: () => act(option.action),
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

function redrawLog() {
  if (app.logHidden || !app.state) {
    clearLog($("log"));
    return;
  }
  drawLog($("log"), app.log, app.state, settings().log);
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
    ...options.map((option) => el("button", { type: "button", role: "menuitem", class: "option", dataset: { action: option.action },
      onclick: () => act(option.action) }, optionLabel(option))),
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
function closeCardMenu(restore = true) {
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
  openModal(overlay);
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
  closeModal(overlay);
}

/** Show a <dialog> as a real modal (focus stays inside) and keep its `hidden` flag in step (tests read it). */
function openModal(dialog) {
  closeCardMenu(false);
  dialog.hidden = false;
  if (!dialog.open) dialog.showModal();
}

function closeModal(dialog) {
  dialog.hidden = true;
  if (dialog.open) dialog.close();
}

/** Hot-seat, at a hand-off: take the previous player's board off the page (not only out of sight), so
 * nothing private to either player is in the page while the device changes hands. */
function concealBoard() {
  closeCardMenu(false);
  for (const dialog of ["zone-dialog", "card-zoom"]) if ($(dialog).open) $(dialog).close();
  for (const id of ["side-top", "side-bottom", "battle-info", "options", "blocked", "decision-who", "decision-prompt",
    "card-menu-items", "zone-cards", "zone-title", "announcer"]) $(id).replaceChildren();
  $("card-detail-body").replaceChildren(el("p", { class: "muted", dataset: { i18n: "detailsHint" }, text: t("detailsHint") }));
  app.shown = null;
}

/** Hot-seat: cover the board until the next player says they alone can see it. */
async function passDevice(seat) {
  const overlay = $("pass-screen");
  const player = seatName(seat, app.state);
  $("playmat").classList.add("concealed");
  $("pass-title").textContent = t("passTitle", { player });
  $("pass-body").textContent = t("passBody", { player });
  $("pass-ready").textContent = t("passReady", { player });
  openModal(overlay);
  overlay.dataset.seat = seat;
  $("pass-ready").focus();
  await waitForButton($("pass-ready"));
  closeModal(overlay);
  $("playmat").classList.remove("concealed");
  $("decision").focus();
}

/** Share the finished game from the game-over dialog (the Share dialog lives in screens/saves.js). */
function shareFinishedGame() {
  closeModal($("gameover"));
  window.dispatchEvent(new CustomEvent("pwtcg:share-game", { detail: { practice: app.state?.practice || null } }));
}

function showGameOver(state) {
  const outcome = state.view.outcome;
  $("gameover-winner").textContent = outcome.winner === null ? t("draw") : seatPhrase("winnerYou", "winner", outcome.winner, state, seatName(outcome.winner, state));
  $("gameover-reason").textContent = t(`reason_${outcome.reason}`);
  $("gameover-rewind").hidden = !(state.mode === "computer" && state.can_undo);
  hideToast();
  $("computer-next").hidden = true;
  openModal($("gameover"));
  $("gameover").dataset.winner = outcome.winner ?? "draw";
  $("gameover-again").focus();
  sound("win");
}

/** After the end: undo the last decision of the human anyway, as practice (the result stands as it was). */
async function rewindAndPlayOn() {
  closeModal($("gameover"));
  if (app.busy || !app.state?.can_undo) return;
  app.busy = true;
  try {
    await handleState(await call(R.UNDO));   // the host marks the game as practice
  } catch (error) {
    showActionError(error.message);
  } finally {
    app.busy = false;
  }
}

async function concede() {
  const dialog = $("concede-dialog");
  openModal(dialog);
  $("concede-no").focus();
  const answer = await new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
  dialog.hidden = true;
  if (answer !== "yes" || app.busy || !app.state?.decision || app.state.view.outcome) return;
  app.busy = true;
  try {
    await handleState(await call(R.CONCEDE));
  } catch (error) {
    showActionError(error.message);
  } finally {
    app.busy = false;
  }
}

// ------------------------------------------------------------------------- controls & keyboard

function wireStaticControls() {
  $("lang-toggle").addEventListener("click", () => setLang(nextLang()));
  $("sheet-toggle").addEventListener("click", toggleSheet);
  $("undo").addEventListener("click", undo);
  $("concede").addEventListener("click", concede);
  $("gameover-rewind").addEventListener("click", rewindAndPlayOn);
  const menu = $("card-menu");
  menu.addEventListener("close", () => {
    menu.hidden = true;
    const back = menu.returnFocus;
    menu.returnFocus = null;
    if (back && document.contains(back)) back.focus();
  });
  menu.addEventListener("click", (event) => { if (event.target === menu) closeCardMenu(); });   // the backdrop
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
  $("gameover-close").addEventListener("click", () => closeModal($("gameover")));
  $("gameover-share").addEventListener("click", shareFinishedGame);
  onLangChange(() => {
    if (app.hello?.ok) refreshStartLabels();
    redrawLog();
    if (app.shown) render(app.shown, app.shown.viewer);
  });
  document.addEventListener("click", (event) => {
    const card = event.target.closest(".card[data-id]");
    if (card && card.closest("#playmat")) openCardMenu(card);
  });
  document.addEventListener("mouseover", (event) => showDetailsFor(event.target));
  document.addEventListener("focusin", (event) => showDetailsFor(event.target));
  document.addEventListener("keydown", onKey);
  document.addEventListener("keydown", trapTab, true);
}

/** Tab and Shift+Tab cycle inside the open modal dialog (the browser would let the focus leave it). */
function trapTab(event) {
  if (event.key !== "Tab") return;
  const modal = [...document.querySelectorAll("dialog[open]")].filter((d) => d.matches(":modal")).pop();
  if (!modal) return;
  const items = [...modal.querySelectorAll("button, [href], select, input, textarea, [tabindex]:not([tabindex='-1'])")]
    .filter((item) => !item.disabled && item.getClientRects().length > 0);
  const at = items.indexOf(document.activeElement);
  if (!items.length) {
    event.preventDefault();
    modal.focus();
  } else if (event.shiftKey && at <= 0) {
    event.preventDefault();
    items[items.length - 1].focus();
  } else if (!event.shiftKey && (at === -1 || at === items.length - 1)) {
    event.preventDefault();
    items[0].focus();
  }
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
  return ["pass-screen", "damage-overlay", "gameover"].some((id) => !$(id).hidden)
    || ["zone-dialog", "card-zoom", "settings-dialog", "concede-dialog"].some((id) => $(id).open);
}

function onKey(event) {
  if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "Escape" && !$("card-menu").open) return closeCardMenu();
  if ((event.key === "ArrowDown" || event.key === "ArrowUp") && moveFocusWithin(event.key === "ArrowDown" ? 1 : -1)) {
    event.preventDefault();
    return;
  }
  if (event.key === "l" || event.key === "L") return setLang(nextLang());
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
  /** Requests sent to the worker so far, by name. */
  requests: requestCounts,
};

applyStatic(document);
boot();
