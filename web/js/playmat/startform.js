// The playmat's start screen: the form that picks the mode, the decks, who goes first and a seed.

import { lang } from "../i18n.js";
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
}

function startSeatName(seat) {
  const mode = new FormData($("start-form")).get("mode");
  return seatName(seat, { mode, human: 0 });
}

/** The seats' names, the decks' names and descriptions for the chosen mode, in the page's language. */
export function refreshStartLabels() {
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
