// The playmat's start screen: the form that picks the mode, the decks, who goes first and a seed. It is drawn
// from the build's data before Python has loaded; a line under it says what is still loading, and a start
// asked for meanwhile waits for the engine (the request is queued in js/engine.js).

import { lang, t, onLangChange } from "../i18n.js";
import { engineStage, onEngineStage } from "../engine.js";
import { el } from "../dom.js";
import { seatPhrase } from "../actions.js";
import { seatName } from "../board.js";
import { $, app } from "./state.js";
import { startGame } from "./flow.js";

/** Fill the deck lists from the engine's hello and listen to the form. */
export function fillStartForm() {
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
  onEngineStage(showEngineStage);
  onLangChange(() => showEngineStage(engineStage()));
  showEngineStage(engineStage());
  // "Continue" (screens/saves.js puts it above the form) also waits for the engine: say so the same way
  $("start-screen").addEventListener("click", (event) => {
    if (!event.target.closest("#continue-game") || engineStage() === "ready" || failure) return;
    startQueued = true;
    showEngineStage(engineStage());
  });
}

const STAGE_TEXT = { python: "engineStarting", engine: "engineLoading" };
let startQueued = false;
let failure = "";

/** The loading line under the form: what is loading now, and that a start asked for will follow. */
function showEngineStage(stage) {
  const box = $("engine-status");
  if (stage === "failed" && failure) return;
  if (stage === "ready") startQueued = false;
  const key = STAGE_TEXT[stage];
  box.hidden = !key;
  // Emptied, not only hidden: a hidden line in the old language would outlive a language switch.
  if (!key) { $("engine-status-text").textContent = ""; return; }
  box.classList.remove("failed");
  $("engine-status-text").textContent = startQueued ? `${t(key)} ${t("engineQueued")}` : t(key);
}

/** The engine did not load: the loading line says why (a start cannot follow). */
export function showEngineFailure(message) {
  failure = message;
  const box = $("engine-status");
  box.hidden = false;
  box.classList.add("failed");
  box.setAttribute("role", "alert");
  $("engine-status-text").textContent = message;
}

function startSeatName(seat) {
  const mode = new FormData($("start-form")).get("mode");
  return seatName(seat, { mode, human: 0 });
}

/** The seats' names, the decks' names and descriptions for the chosen mode, in the page's language. */
export function refreshStartLabels() {
  if (!failure) showEngineStage(engineStage());
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

/** Put a game's settings back in the form (after "Other decks"): mode, level, decks, who goes first, seed. */
export function keepSettings(request) {
  const form = $("start-form");
  const check = (name, value) => {
    const input = form.querySelector(`input[name=${name}][value="${CSS.escape(String(value))}"]`);
    if (input) input.checked = true;
  };
  check("mode", request.mode);
  check("first", request.first === null || request.first === undefined ? "rules" : request.first);
  if (request.level && form.elements.level) form.elements.level.value = request.level;
  for (const seat of [0, 1]) {
    const deck = request[`deck${seat}`];
    const select = form.elements[`deck${seat}`];
    const shipped = [...select.options].some((option) => option.value === deck);
    if (shipped) select.value = deck;
    form.elements[`code${seat}`].value = shipped ? "" : deck || "";   // a deck code stays a code
  }
  form.elements.seed.value = request.seed ?? "";
  form.dispatchEvent(new Event("change"));   // the labels and the level's place follow the mode
}

function onStartSubmit(event) {
  event.preventDefault();
  if (engineStage() !== "ready" && !failure) {
    if (startQueued) return;   // one queued start is enough: a second click would start a second game
    startQueued = true;
    showEngineStage(engineStage());
  }
  const form = new FormData(event.target);
  const deckOf = (seat) => (form.get(`code${seat}`) || "").trim() || form.get(`deck${seat}`);
  const seed = (form.get("seed") || "").trim();
  Promise.resolve(startGame({
    mode: form.get("mode"),
    level: form.get("level") || "normal",
    deck0: deckOf(0),
    deck1: deckOf(1),
    first: form.get("first") === "rules" ? null : Number(form.get("first")),
    seed: seed ? Number(seed) : null,
    human: 0,
    lang: lang(),
  })).finally(() => {
    startQueued = false;
    showEngineStage(engineStage());
  });
}
