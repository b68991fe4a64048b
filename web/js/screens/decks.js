// The deck builder's list, #decks: shipped and saved decks, new, rename, duplicate, delete, import a code.

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { cardData } from "./carddata.js";
import {
  MAX_PASTE_CHARS, SHIPPED_PREFIX, loadSaved, persist, createDeck, shippedDecks, deckTitle, flash, showStorageProblem,
  noteProblem,
} from "./deckstore.js";
import { R } from "../protocol.js";

let listContext = null;

async function showList(args, context) {
  const section = screenSection("decks");
  if (args[0] === "new") return newDeckFromRoute(args[1], context);
  let shipped = [];
  try {
    shipped = await shippedDecks(context);
  } catch (error) {
    shipped = [];
    noteProblem(error.message);
  }
  const saved = loadSaved();
  const importBox = el("textarea", { id: "deck-import", rows: 3, placeholder: t("deckImportHint"), spellcheck: "false",
    "aria-label": t("deckImportTitle") });
  section.replaceChildren(
    el("h2", { class: "screen-title", text: t("decksTitle") }),
    el("p", { class: "deck-flash", hidden: true }),
    el("div", { class: "deck-list-actions" },
      el("button", { type: "button", class: "primary", id: "deck-new", text: t("deckNew"), onclick: () => onNew(section) })),
    el("h3", { text: t("decksSaved") }),
    saved.length ? el("ul", { class: "deck-cards", id: "saved-decks" }, saved.map((d) => savedItem(d, section, context)))
      : el("p", { class: "muted", id: "saved-decks-none", text: t("decksNone") }),
    el("h3", { text: t("decksShipped") }),
    el("ul", { class: "deck-cards", id: "shipped-decks" }, shipped.map((d) => el("li", { class: "deck-item", dataset: { id: SHIPPED_PREFIX + d.id } },
      el("span", { class: "deck-item-name", text: deckTitle(d) }),
      el("span", { class: "badge", text: t("deckShippedBadge") }),
      el("span", { class: "muted", text: t("deckCards", { n: d.numbers.length }) }),
      el("span", { class: "deck-item-actions" },
        el("a", { class: "button-link", href: routeHash("deck", SHIPPED_PREFIX + d.id), text: t("deckOpen") }),
        el("button", { type: "button", class: "deck-duplicate", text: t("deckDuplicate"),
          onclick: () => duplicate({ name: deckTitle(d), numbers: d.numbers }, section, context) }))))),
    el("h3", { text: t("deckImportTitle") }),
    el("form", { class: "deck-import", id: "deck-import-form" },
      importBox,
      el("button", { type: "submit", id: "deck-import-go", text: t("deckImport") }),
      el("p", { class: "error", id: "deck-import-error", role: "alert", hidden: true })));
  section.querySelector("#deck-import-form").addEventListener("submit", (event) => {
    event.preventDefault();
    onImport(section, importBox.value, context);
  });
  showStorageProblem(section);
}

function savedItem(deck, section, context) {
  const item = el("li", { class: "deck-item", dataset: { id: deck.id } });
  const render = () => item.replaceChildren(
    el("a", { class: "deck-item-name", href: routeHash("deck", deck.id), text: deck.name }),
    el("span", { class: "muted", text: t("deckCards", { n: deck.numbers.length }) }),
    el("span", { class: "deck-item-actions" },
      el("a", { class: "button-link", href: routeHash("deck", deck.id), text: t("deckOpen") }),
      el("button", { type: "button", class: "deck-rename", text: t("deckRename"), onclick: renameForm }),
      el("button", { type: "button", class: "deck-duplicate", text: t("deckDuplicate"), onclick: () => duplicate(deck, section, context) }),
      el("button", { type: "button", class: "deck-delete danger", text: t("deckDelete"), onclick: confirmDelete })));
  function renameForm() {
    const input = el("input", { class: "deck-rename-input", value: deck.name, maxlength: 80, "aria-label": t("deckName") });
    const form = el("form", { class: "deck-rename-form" }, input,
      el("button", { type: "submit", class: "primary", text: t("deckRenameSave") }),
      el("button", { type: "button", text: t("deckCancel"), onclick: render }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const old = deck.name;
      deck.name = input.value.trim().slice(0, 80) || old;
      deck.updated = Date.now();
      try {
        persist();
        flash(section, t("deckSaved"));
      } catch (error) {
        deck.name = old;
        flash(section, t("deckSaveFailed", { error: error.message }), "error");
      }
      render();
    });
    item.replaceChildren(form);
    input.focus();
    input.select();
  }
  function confirmDelete() {
    item.replaceChildren(el("span", { class: "deck-confirm", text: t("deckDeleteConfirm", { name: deck.name }) }),
      el("button", { type: "button", class: "danger deck-delete-yes", text: t("deckDeleteYes"), onclick: doDelete }),
      el("button", { type: "button", class: "deck-delete-no", text: t("deckCancel"), onclick: render }));
    item.querySelector(".deck-delete-no").focus();
  }
  function doDelete() {
    const decks = loadSaved();
    const at = decks.indexOf(deck);
    if (at < 0) return;
    decks.splice(at, 1);
    try {
      persist();
    } catch (error) {
      decks.splice(at, 0, deck);
      flash(section, t("deckSaveFailed", { error: error.message }), "error");
      render();
      return;
    }
    flash(section, t("deckDeleted", { name: deck.name }));
    showList([], context);
    flash(section, t("deckDeleted", { name: deck.name }));
  }
  render();
  return item;
}

function openCreated(name, numbers, section) {
  try {
    const deck = createDeck(name, numbers);
    location.hash = routeHash("deck", deck.id);
  } catch (error) {
    flash(section, t("deckSaveFailed", { error: error.message }), "error");
    if (error.deck) location.hash = routeHash("deck", error.deck.id);
  }
}

function onNew(section) {
  openCreated(t("deckUntitled"), [], section);
}

function duplicate(deck, section) {
  openCreated(t("deckCopyOf", { name: deck.name }), deck.numbers, section);
}

async function newDeckFromRoute(number, context) {
  const section = screenSection("decks");
  const numbers = [];
  if (number) {
    const data = await cardData(context);
    if (data.byNumber.has(number)) numbers.push(number);
  }
  try {
    const deck = createDeck(t("deckUntitled"), numbers);
    location.replace(routeHash("deck", deck.id));
  } catch (error) {
    if (error.deck) location.replace(routeHash("deck", error.deck.id));
    else flash(section, t("deckSaveFailed", { error: error.message }), "error");
  }
}

async function onImport(section, text, context) {
  const box = section.querySelector("#deck-import-error");
  const fail = (message) => {
    box.textContent = message;
    box.hidden = false;
  };
  box.hidden = true;
  if (!text.trim()) return fail(t("deckImportEmpty"));
  if (text.length > MAX_PASTE_CHARS) return fail(t("deckImportTooLong", { n: text.length, max: MAX_PASTE_CHARS }));
  let parsed;
  try {
    parsed = await context.call(R.DECKS_PARSE, { code: text });
  } catch (error) {
    return fail(t("deckImportError", { error: error.message }));
  }
  const taken = new Set(loadSaved().map((d) => d.name));
  let name = t("deckImported");
  for (let i = 2; taken.has(name); i++) name = `${t("deckImported")} ${i}`;
  openCreated(name, parsed.numbers, section);
}

onLangChange(() => {
  if (!screenSection("decks").hidden && listContext) showList([], listContext);
});

registerScreen("decks", {
  show: (args, context) => {
    listContext = context;
    return showList(args, context);
  },
  hide() {},
});
