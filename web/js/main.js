// The app shell: boot and engine start, the header's language button, keyboard routing, modal focus, test hooks.

import { t, nextLang, setLang, initialLang, applyStatic, onLangChange } from "./i18n.js";
import { call, requestCounts, startEngine, keepDownloadsForServiceWorker } from "./engine.js";
import { pageVersion, serviceWorkerReady } from "./updates.js";
import { startRouter } from "./router.js";
import "./screens/index.js";
import { setWords } from "./words.js";
import "./levels.js";
import "./hint.js";
import { toast } from "./motion.js";
import { initSettings } from "./settings.js";
import { app, params } from "./playmat/state.js";
import { showScreen, startGame, showGame } from "./playmat/flow.js";
import { fillStartForm, showEngineFailure } from "./playmat/startform.js";
import { wirePlaymat, playmatKey } from "./playmat/controls.js";
import { wireLanguage } from "./playmat/language.js";

const $ = (id) => document.getElementById(id);
/** How long a first visit's page listens for the service worker to take control (it never waits on it). */
const SW_WAIT_MS = 60_000;
/** The start screen's data, written by the build: the host's hello without the catalogue, and the catalogue. */
const HELLO_URL = "data/hello.json";
const CATALOG_URL = "learn/cards.json";

let resolveReady;
/** Resolves when the engine is ready (and a URL scenario game started): tests wait on it. */
const ready = new Promise((resolve) => { resolveReady = resolve; });

// The start screen, Learn, Rules and the card gallery draw from the build's JSON, without Python: the page is
// usable at once (<body data-shell="1">) while Python and the engine load in their worker (data-ready="1").
async function boot() {
  setLang(initialLang());
  document.title = t("title");
  initSettings();
  wireShell();
  if (!params.has("nosw")) keepDownloadsForServiceWorker();
  const engine = startEngine();
  engine.catch(() => {});
  serviceWorkerReady(SW_WAIT_MS, !params.has("nosw")).then(() => performance.mark("pwtcg:service-worker"));
  try {
    app.hello = await staticHello();
  } catch (error) {
    return showLoadingError(String(error.message || error));
  }
  app.catalog = app.hello.catalog;
  setWords(app.hello.words);
  fillStartForm();
  window.dispatchEvent(new CustomEvent("pwtcg:context", { detail: screenContext }));
  // a screen opened by the address may itself wait for the engine (a replay link): the shell does not
  const routed = startRouter(screenContext, () => showScreen(app.state && !app.state.view.outcome ? "game" : "start"));
  document.body.dataset.shell = "1";
  performance.mark("pwtcg:start-screen");
  try {
    await engine;
  } catch (error) {
    return showLoadingError(String(error?.message || error));
  }
  await routed;
  document.body.dataset.ready = "1";
  resolveReady();
  const scenario = params.get("scenario");
  if (scenario) await startGame({ mode: params.get("mode") || "hotseat", scenario });
}

/** The host's hello as the build wrote it (data/hello.json) with the card catalogue (learn/cards.json). */
async function staticHello() {
  const [hello, catalog] = await Promise.all([HELLO_URL, CATALOG_URL].map(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.json();
  }));
  return { ...hello, catalog };
}

/** Take the playmat's own screen back to the address "#play" (from another screen's address). */
function backToPlay() {
  if (location.hash && location.hash !== "#play") history.pushState(null, "", "#play");
}

/** What screen modules get from the shell: the engine's hello (decks, catalogue), a way to play, toasts. */
const screenContext = {
  get hello() { return app.hello; },
  get catalog() { return app.catalog; },
  call,
  /** Start a game from a request (see window.pwtcg.start) and show the playmat. */
  startGame: (request) => {
    backToPlay();
    return startGame(request);
  },
  /** Show a state the host already holds (a resumed save, "play from here") under a save id. */
  showGame: (state, gameId) => {
    backToPlay();
    return showGame(state, gameId);
  },
  get gameId() { return app.gameId; },
  toast: (lines, ms) => toast(lines, ms),
};

/** The engine (or the start screen's data) did not load: say so on the loading screen and the start form. */
function showLoadingError(message) {
  const box = $("loading-error");
  box.textContent = `${t("engineMissing")}: ${message}`;
  box.hidden = false;
  showEngineFailure(box.textContent);
  document.body.dataset.ready = "error";
  resolveReady();
}

function wireShell() {
  $("lang-toggle").addEventListener("click", () => setLang(nextLang()));
  // the page is titled with the game's name, but for the rules and a card's page, which title their own
  onLangChange(() => {
    if (!["rules", "card"].includes($("app").dataset.state)) document.title = t("title");
  });
  wirePlaymat();
  wireLanguage();   // after the playmat's own redraw (the board and the log)
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

/** Keys typed outside fields and without modifiers: L switches the language anywhere, the rest is the playmat's. */
function onKey(event) {
  if (event.target.closest("input, textarea, select") || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "l" || event.key === "L") return setLang(nextLang());
  playmatKey(event);
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
