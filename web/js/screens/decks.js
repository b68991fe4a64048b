// The deck builder: #decks (the list: shipped and saved decks, new, import) and #deck/ID (the editor).
//
// Saved decks live in localStorage under STORAGE_KEY as {version: 1, decks: [{id, name, numbers, updated}]}.
// Shipped decks come from the engine and are never stored: editing one saves a copy. A storage write that
// fails is reported and the deck stays on the page; storage that cannot be read is backed up, never overwritten.

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { cardFace, fullName } from "../cardface.js";
import { search, COLOR_ORDER } from "../cardindex.js";
import { cardData } from "./carddata.js";
import { simulatePanel } from "../simulate.js";

export const STORAGE_KEY = "pwtcg.decks.v1";
const MAX_PASTE_CHARS = 20_000;   // engine.limits.MAX_DECK_CODE_CHARS: longer pastes are refused at once
const DECK_SIZE = 50;
const SHIPPED_PREFIX = "shipped-";

// ------------------------------------------------------------------------- storage

const store = { decks: null, problem: "" };

/** The saved decks ([] when none); unreadable storage is copied aside first, so nothing is lost. */
export function loadSaved() {
  if (store.decks) return store.decks;
  let raw = null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch (error) {
    store.problem = t("deckSaveFailed", { error: error.message });
    store.decks = [];
    return store.decks;
  }
  store.decks = [];
  if (raw === null) return store.decks;
  try {
    const data = JSON.parse(raw);
    if (!data || !Array.isArray(data.decks)) throw new Error("not a deck list");
    store.decks = data.decks.filter((d) => d && typeof d.id === "string" && typeof d.name === "string"
      && Array.isArray(d.numbers) && d.numbers.every((n) => typeof n === "string"));
  } catch {
    const aside = `${STORAGE_KEY}.unreadable-${Date.now()}`;
    try {
      localStorage.setItem(aside, raw);
      localStorage.removeItem(STORAGE_KEY);
      store.problem = t("deckStorageUnreadable", { key: aside });
    } catch (error) {
      store.problem = t("deckSaveFailed", { error: error.message });
    }
  }
  return store.decks;
}

/** Write every saved deck; throws an Error with a readable message when the browser refuses. */
function persist() {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, decks: store.decks }));
  } catch (error) {
    throw new Error(error?.name === "QuotaExceededError" ? "storage full" : (error?.message || String(error)));
  }
}

function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `d${Date.now().toString(36)}${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Add a deck and save; returns it. Throws (nothing kept in storage) if the write fails. */
function createDeck(name, numbers) {
  const deck = { id: newId(), name, numbers: [...numbers], updated: Date.now() };
  loadSaved().push(deck);
  try {
    persist();
  } catch (error) {
    deck.unsaved = true;   // still usable on this page
    throw Object.assign(error, { deck });
  }
  return deck;
}

// ------------------------------------------------------------------------- shared data

let shippedPromise = null;
function shippedDecks(context) {
  shippedPromise ??= context.call("decks_shipped").catch((error) => {
    shippedPromise = null;
    throw error;
  });
  return shippedPromise;
}

function deckTitle(deck) {
  return typeof deck.name === "string" ? deck.name : (deck.name?.[lang()] || deck.name?.en || deck.id);
}

/** Find a deck by route id: a saved deck, or a shipped one ("shipped-KEY"). */
async function findDeck(id, context) {
  if (id.startsWith(SHIPPED_PREFIX)) {
    const shipped = (await shippedDecks(context)).find((d) => SHIPPED_PREFIX + d.id === id);
    return shipped ? { id, shipped: true, name: deckTitle(shipped), numbers: [...shipped.numbers] } : null;
  }
  return loadSaved().find((d) => d.id === id) || null;
}

// ------------------------------------------------------------------------- the list (#decks)

function flash(section, message, kind = "status") {
  const box = section.querySelector(".deck-flash");
  if (!box) return;
  box.textContent = message;
  box.className = `deck-flash ${kind === "error" ? "error" : "ok"}`;
  box.setAttribute("role", kind === "error" ? "alert" : "status");
  box.hidden = !message;
}

async function showList(args, context) {
  const section = screenSection("decks");
  if (args[0] === "new") return newDeckFromRoute(args[1], context);
  let shipped = [];
  try {
    shipped = await shippedDecks(context);
  } catch (error) {
    shipped = [];
    store.problem = error.message;
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
  if (store.problem) flash(section, store.problem, "error");
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
    parsed = await context.call("decks_parse", { code: text });
  } catch (error) {
    return fail(t("deckImportError", { error: error.message }));
  }
  const taken = new Set(loadSaved().map((d) => d.name));
  let name = t("deckImported");
  for (let i = 2; taken.has(name); i++) name = `${t("deckImported")} ${i}`;
  openCreated(name, parsed.numbers, section);
}

// ------------------------------------------------------------------------- the editor (#deck/ID)

const editor = { deck: null, context: null, data: null, analysis: null, pending: 0, hand: [], hands: 0, focus: "" };

function counts(numbers) {
  const map = new Map();
  for (const n of numbers) map.set(n, (map.get(n) || 0) + 1);
  return map;
}

async function showEditor(args, context) {
  const section = screenSection("deck");
  editor.context = context;
  const id = String(args[0] || "");
  let data;
  try {
    data = await cardData(context);
  } catch (error) {
    section.replaceChildren(el("p", { class: "error", role: "alert", text: t("galleryError", { error: error.message }) }));
    return;
  }
  editor.data = data;
  const deck = await findDeck(id, context);
  if (!deck) {
    section.replaceChildren(el("nav", {}, el("a", { href: "#decks", text: t("deckBack") })),
      el("p", { class: "error", role: "alert", id: "deck-missing", text: t("deckNotFound", { id }) }));
    return;
  }
  if (editor.deck?.id !== deck.id) {
    editor.hand = [];
    editor.hands = 0;
    editor.focus = "";
  }
  editor.deck = deck;
  renderEditor(section);
  await analyse();
}

function renderEditor(section) {
  const deck = editor.deck;
  const nameInput = el("input", { id: "deck-name", value: deck.name, maxlength: 80, "aria-label": t("deckName"),
    disabled: deck.shipped ? true : null });
  nameInput.addEventListener("change", () => {
    const old = deck.name;
    deck.name = nameInput.value.trim().slice(0, 80) || old;
    save(section, () => { deck.name = old; });
  });
  const pool = el("section", { class: "deck-pool", "aria-label": t("deckPool") },
    el("h3", { text: t("deckPool") }),
    poolFilters(section),
    el("ul", { class: "pool-grid", id: "pool-grid" }));
  const list = el("section", { class: "deck-main", "aria-label": t("deckList") },
    el("h3", {}, t("deckList"), " ", el("span", { id: "deck-count", class: "deck-count", role: "status" })),
    el("p", { class: "muted small", text: t("deckSouls", { n: 10 }) }),
    el("div", { id: "deck-problems", "aria-live": "polite" }),
    el("ul", { id: "deck-rows", class: "deck-rows" }));
  const stats = el("section", { class: "deck-stats" },
    el("h3", { text: t("deckCurve") }), el("div", { id: "deck-curve", class: "curve" }),
    el("h3", { text: t("deckBreakdown") }), el("div", { id: "deck-breakdown" }),
    el("h3", { text: t("deckOdds") }), el("div", { id: "deck-odds" }),
    el("h3", { text: t("deckSampler") }),
    el("div", { class: "sampler-actions" },
      el("button", { type: "button", id: "deck-draw", text: t("deckDraw"), onclick: () => drawHand(section) }),
      el("button", { type: "button", id: "deck-redraw", text: t("deckRedraw"), onclick: () => drawHand(section) })),
    el("p", { id: "deck-hand-note", class: "muted small" }),
    el("div", { id: "deck-hand", class: "deck-hand" }),
    el("h3", { text: t("deckExport") }),
    el("textarea", { id: "deck-code", rows: 3, readonly: true, spellcheck: "false", "aria-label": t("deckExport") }),
    el("div", {}, el("button", { type: "button", id: "deck-copy", text: t("deckCopy"), onclick: () => copyCode(section) })),
    el("h3", { text: t("deckPlay") }),
    playForm(section),
    el("h3", { text: t("simTitle") }),
    simulatePanel(() => editor.deck.numbers, editor.context));
  section.replaceChildren(
    el("nav", { class: "deck-nav" }, el("a", { href: "#decks", text: t("deckBack") })),
    el("div", { class: "deck-head" }, el("label", {}, el("span", { class: "facet-label", text: t("deckName") }), nameInput),
      deck.shipped ? el("span", { class: "badge", text: t("deckShippedBadge") }) : null),
    ...(deck.shipped ? [el("p", { class: "muted", id: "deck-shipped-note", text: t("deckShippedNote") })] : []),
    el("p", { class: "deck-flash", hidden: true }),
    el("div", { class: "deck-editor" }, pool, list, stats));
  if (store.problem) flash(section, store.problem, "error");
  renderPool(section);
  renderRows(section);
  renderHand(section);
}

function poolFilters(section) {
  const form = el("form", { class: "pool-filters", id: "pool-form", role: "search" },
    el("input", { type: "search", name: "q", id: "pool-search", placeholder: t("deckPoolSearch"), "aria-label": t("deckPoolSearch"), autocomplete: "off" }),
    el("select", { name: "color", "aria-label": t("facet_color") }, el("option", { value: "", text: `${t("facet_color")}: ${t("facetAny")}` }),
      COLOR_ORDER.map((c) => el("option", { value: c, text: t(`cfColor_${c}`) }))),
    el("select", { name: "type", "aria-label": t("facet_type") }, el("option", { value: "", text: `${t("facet_type")}: ${t("facetAny")}` }),
      ["pal", "structure", "gear", "event"].map((c) => el("option", { value: c, text: t(`cfType_${c}`) }))),
    el("select", { name: "cost", "aria-label": t("facet_cost") }, el("option", { value: "", text: `${t("facet_cost")}: ${t("facetAny")}` }),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((c) => el("option", { value: String(c), text: String(c) }))));
  form.addEventListener("input", () => renderPool(section));
  form.addEventListener("submit", (event) => event.preventDefault());
  return form;
}

function renderPool(section) {
  const form = section.querySelector("#pool-form");
  const data = new FormData(form);
  const query = { text: data.get("q") || "", filters: { color: data.get("color") || "", type: data.get("type") || "", cost: data.get("cost") || "" } };
  const inDeck = counts(editor.deck.numbers);
  const grid = section.querySelector("#pool-grid");
  grid.replaceChildren(...search(editor.data.index, query, "color", lang()).map((card) => {
    const name = fullName(card.entry);
    const n = inDeck.get(card.number) || 0;
    const add = el("button", { type: "button", class: "pool-card", "aria-label": addLabel(name, n),
      dataset: { number: card.number }, title: t("deckAdd", { name }) }, cardFace(card.entry, { extra: card.extra, size: "small", tag: "div" }));
    add.addEventListener("click", () => change(section, card.number, +1));
    add.addEventListener("keydown", (event) => {
      if (["-", "Delete", "Backspace"].includes(event.key)) {
        event.preventDefault();
        change(section, card.number, -1);
      } else if (event.key === "+") {
        event.preventDefault();
        change(section, card.number, +1);
      }
    });
    return el("li", { class: `pool-item${n ? " in-deck" : ""}`, dataset: { number: card.number } }, add,
      el("div", { class: "pool-controls" },
        el("button", { type: "button", class: "pool-remove", "aria-label": t("deckRemove", { name }), disabled: n ? null : true,
          text: "−", onclick: () => change(section, card.number, -1) }),
        el("span", { class: "pool-count", "aria-hidden": "true", text: n ? `×${n}` : "" }),
        el("button", { type: "button", class: "pool-add", "aria-label": addLabel(name, n), text: "+",
          onclick: () => change(section, card.number, +1) })));
  }));
}

/** The label of a pool card's add buttons: the card and how many the deck holds. */
function addLabel(name, n) {
  return `${t("deckAdd", { name })} (${t("deckInDeck", { n })})`;
}

function updatePoolCounts(section) {
  const inDeck = counts(editor.deck.numbers);
  for (const item of section.querySelectorAll("#pool-grid .pool-item")) {
    const n = inDeck.get(item.dataset.number) || 0;
    item.classList.toggle("in-deck", n > 0);
    item.querySelector(".pool-count").textContent = n ? `×${n}` : "";
    const name = fullName(editor.data.byNumber.get(item.dataset.number).entry);
    for (const button of item.querySelectorAll(".pool-card, .pool-add")) button.setAttribute("aria-label", addLabel(name, n));
    item.querySelector(".pool-remove").disabled = n === 0;
  }
}

/** Add (+1) or remove (-1) one copy; a shipped deck becomes a saved copy first. */
function change(section, number, delta) {
  const deck = editor.deck;
  const before = [...deck.numbers];
  if (delta > 0) deck.numbers.push(number);
  else {
    const at = deck.numbers.lastIndexOf(number);
    if (at < 0) return;
    deck.numbers.splice(at, 1);
  }
  if (deck.shipped) {
    const numbers = [...deck.numbers];
    deck.numbers = before;
    let message = "";
    try {
      editor.deck = createDeck(t("deckCopyOf", { name: deck.name }), numbers);
      message = t("deckSavedAsCopy", { name: editor.deck.name });
    } catch (error) {
      editor.deck = error.deck;
      message = t("deckSaveFailed", { error: error.message });
    }
    history.replaceState(null, "", routeHash("deck", editor.deck.id));
    const focused = document.activeElement?.closest?.("[data-number]")?.dataset.number;
    renderEditor(section);
    flash(section, message, editor.deck.unsaved ? "error" : "status");
    if (focused) section.querySelector(`#pool-grid .pool-card[data-number="${CSS.escape(focused)}"]`)?.focus();
  } else {
    save(section, () => { deck.numbers = before; });
  }
  updatePoolCounts(section);
  renderRows(section);
  analyse();
}

/** Save the saved decks; on failure report it (the change stays on the page, marked unsaved). */
function save(section, undo) {
  const deck = editor.deck;
  deck.updated = Date.now();
  try {
    persist();
    deck.unsaved = false;
    flash(section, "");
  } catch (error) {
    deck.unsaved = true;
    flash(section, t("deckSaveFailed", { error: error.message }), "error");
    void undo;   // the change is kept on the page (so the player can export it), not undone
  }
}

function renderRows(section) {
  const deck = editor.deck;
  const issues = editor.analysis?.issues || [];
  const reasons = new Map();
  for (const issue of issues) for (const n of issue.cards) {
    reasons.set(n, [...(reasons.get(n) || []), issue]);
  }
  const rows = [...counts(deck.numbers)].map(([number, n]) => ({ number, n, card: editor.data.byNumber.get(number) }))
    .sort((a, b) => (a.card?.entry.cost ?? 99) - (b.card?.entry.cost ?? 99) || a.number.localeCompare(b.number));
  section.querySelector("#deck-count").textContent = t("deckCount", { n: deck.numbers.length, size: DECK_SIZE });
  section.querySelector("#deck-count").classList.toggle("bad", deck.numbers.length !== DECK_SIZE);
  const list = section.querySelector("#deck-rows");
  if (!rows.length) {
    list.replaceChildren(el("li", { class: "muted", text: t("deckEmpty") }));
    return;
  }
  list.replaceChildren(...rows.map(({ number, n, card }) => {
    const name = card ? fullName(card.entry) : number;
    const bad = reasons.get(number) || [];
    return el("li", { class: `deck-row${bad.length ? " bad" : ""} ${card ? `cf-color-${card.entry.color}` : ""}`, dataset: { number } },
      el("button", { type: "button", class: "row-remove", "aria-label": t("deckRemove", { name }), text: "−",
        onclick: () => change(section, number, -1) }),
      el("span", { class: "row-count", text: `${n}×` }),
      el("span", { class: "row-cost", text: card ? String(card.entry.cost) : "?" }),
      card ? el("a", { class: "row-name", href: routeHash("card", number), text: name }) : el("span", { class: "row-name", text: name }),
      el("span", { class: "row-lucky", title: card?.entry.lucky ? t("cfLucky") : null, text: card?.entry.lucky ? "☘" : "" }),
      el("button", { type: "button", class: "row-add", "aria-label": t("deckAdd", { name }), text: "+",
        disabled: card ? null : true, onclick: () => change(section, number, +1) }),
      bad.length ? el("span", { class: "row-reason", dataset: { kinds: bad.map((i) => i.kind).join(" ") },
        text: bad.map((i) => t(`reason_${i.kind}`)).filter(Boolean).join(", ") }) : null);
  }));
}

/** Ask the engine about the deck (the latest request wins). */
async function analyse() {
  const section = screenSection("deck");
  const ticket = ++editor.pending;
  const deck = editor.deck;
  let result;
  try {
    result = await editor.context.call("decks_analyse", { numbers: deck.numbers, lang: lang(), focus: editor.focus || null });
  } catch (error) {
    if (ticket === editor.pending) flash(section, error.message, "error");
    return;
  }
  if (ticket !== editor.pending || deck !== editor.deck) return;
  editor.analysis = result;
  section.dataset.analysed = String(ticket);
  renderProblems(section, result);
  renderRows(section);
  renderStats(section, result);
}

function renderProblems(section, result) {
  const box = section.querySelector("#deck-problems");
  if (!result.issues.length) {
    box.replaceChildren(el("p", { class: "deck-legal", id: "deck-legal", text: t("deckLegal") }));
    return;
  }
  box.replaceChildren(el("h4", { text: t("deckProblems") }),
    el("ul", { class: "deck-issues" }, result.issues.map((issue) => el("li", { class: "deck-issue", dataset: { kind: issue.kind, rule: issue.rule } },
      el("span", { class: "rule-number", text: issue.rule }), " ", issue.message))));
}

function pct(p) {
  return `${(p * 100).toFixed(1)}%`;
}

function bars(title, entries, label) {
  const max = Math.max(1, ...entries.map(([, n]) => n));
  return el("div", { class: "breakdown" }, title ? el("h4", { text: title }) : null,
    el("ul", { class: "bars" }, entries.map(([key, n]) => {
      const bar = el("span", { class: "bar-fill" });
      bar.style.setProperty("--fill", String(n / max));
      return el("li", { dataset: { key: String(key) } }, el("span", { class: "bar-label", text: label(key) }),
        el("span", { class: "bar" }, bar), el("span", { class: "bar-value", text: String(n) }));
    })));
}

function renderStats(section, result) {
  const b = result.breakdown;
  const curve = [];
  const maxCost = Math.max(8, ...Object.keys(b.curve).map(Number));
  for (let c = 0; c <= maxCost; c++) curve.push([c, b.curve[c] || 0]);
  const curveBox = section.querySelector("#deck-curve");
  const max = Math.max(1, ...curve.map(([, n]) => n));
  curveBox.replaceChildren(el("ol", { class: "curve-cols", "aria-label": t("deckCurve") }, curve.map(([cost, n]) => {
    const fill = el("span", { class: "col-fill" });
    fill.style.setProperty("--fill", String(n / max));
    return el("li", { dataset: { cost: String(cost), n: String(n) }, title: `${t("facet_cost")} ${cost}: ${n}` },
      el("span", { class: "col-value", text: n ? String(n) : "" }), el("span", { class: "col" }, fill),
      el("span", { class: "col-label", text: String(cost) }));
  })));
  section.querySelector("#deck-breakdown").replaceChildren(
    bars(t("deckByType"), Object.entries(b.type), (k) => t(`cfType_${k}`)),
    bars(t("deckByColor"), Object.entries(b.color), (k) => t(`cfColor_${k}`)),
    bars(t("deckByElement"), Object.entries(b.element), (k) => t(`cfEl_${k}`)),
    el("p", { id: "deck-lucky-count", class: b.lucky > 8 ? "bad" : "", text: t("deckLuckyCount", { n: b.lucky }) }));
  renderOdds(section, result.odds);
  section.querySelector("#deck-code").value = result.code;
  updatePlay(section, result);
}

function renderOdds(section, odds) {
  const box = section.querySelector("#deck-odds");
  if (!odds || !odds.lucky_check) {
    box.replaceChildren(el("p", { class: "muted", text: t("oddsNone") }));
    return;
  }
  const row = (label, ...cells) => el("tr", {}, el("th", { scope: "row", text: label }), cells.map((c) => el("td", { text: c })));
  const distinct = [...new Set(editor.deck.numbers)].filter((n) => editor.data.byNumber.has(n));
  const pick = el("select", { id: "odds-focus", "aria-label": t("oddsFocusPick") },
    el("option", { value: "", text: t("oddsPickCard") }),
    distinct.map((n) => el("option", { value: n, selected: n === editor.focus ? true : null, text: fullName(editor.data.byNumber.get(n).entry) })));
  pick.addEventListener("change", () => {
    editor.focus = pick.value;
    analyse();
  });
  const focus = odds.focus && editor.data.byNumber.get(odds.focus.number);
  box.replaceChildren(el("table", { class: "odds", id: "odds-table" },
    el("thead", {}, el("tr", {}, el("th", {}), el("th", { text: t("oddsKeep") }), el("th", { text: t("oddsRedraw") }))),
    el("tbody", {},
      odds.lucky_check.map((p, i) => row(t("oddsLucky", { n: i + 1 }), pct(p), "")),
      row(t("oddsFirst"), pct(odds.playable_first.first.keep), pct(odds.playable_first.first.redraw)),
      row(t("oddsSecond"), pct(odds.playable_first.second.keep), pct(odds.playable_first.second.redraw)),
      row(t("oddsLuckyOpening"), pct(odds.lucky_in_opening), ""),
      focus ? row(t("oddsFocus", { name: fullName(focus.entry) }), pct(odds.focus.keep), pct(odds.focus.redraw)) : null)),
  el("label", { class: "odds-pick" }, el("span", { class: "facet-label", text: t("oddsFocusPick") }), pick));
}

function drawHand(section) {
  const numbers = [...editor.deck.numbers];
  for (let i = numbers.length - 1; i > 0; i--) {   // Fisher–Yates with the browser's crypto randomness
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [numbers[i], numbers[j]] = [numbers[j], numbers[i]];
  }
  editor.hand = numbers.slice(0, 5);
  editor.hands += 1;
  renderHand(section);
}

function renderHand(section) {
  const box = section.querySelector("#deck-hand");
  section.querySelector("#deck-hand-note").textContent = editor.hands ? t("deckSamplerNote", { n: editor.hands }) : "";
  section.querySelector("#deck-redraw").disabled = !editor.hands;
  box.replaceChildren(...editor.hand.map((n) => {
    const card = editor.data.byNumber.get(n);
    return card ? cardFace(card.entry, { extra: card.extra, size: "small" }) : el("span", { text: n });
  }));
}

async function copyCode(section) {
  const code = section.querySelector("#deck-code");
  try {
    await navigator.clipboard.writeText(code.value);
    flash(section, t("deckCopied"));
  } catch {
    code.select();
    flash(section, t("deckCopyFailed"), "error");
  }
}

function playForm(section) {
  const form = el("form", { id: "deck-play-form", class: "deck-play" },
    el("label", {}, el("input", { type: "radio", name: "mode", value: "computer", checked: true }), " ", t("deckPlayComputer")),
    el("label", {}, el("input", { type: "radio", name: "mode", value: "hotseat" }), " ", t("deckPlayHotseat")),
    el("label", { class: "facet" }, el("span", { class: "facet-label", text: t("deckOpponent") }),
      el("select", { name: "opponent", id: "deck-opponent" })),
    el("p", { id: "deck-play-blocked", class: "muted", hidden: true, text: t("deckPlayBlocked") }),
    el("button", { type: "submit", class: "primary", id: "deck-play", text: t("deckPlayGo") }));
  shippedDecks(editor.context).then((shipped) => {
    const select = form.querySelector("#deck-opponent");
    select.replaceChildren(...shipped.map((d) => el("option", { value: d.id, text: deckTitle(d) })),
      ...loadSaved().filter((d) => d.numbers.length === DECK_SIZE).map((d) => el("option", { value: `saved:${d.id}`, text: d.name })));
  }).catch(() => {});
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const opponent = String(data.get("opponent") || "");
    const saved = opponent.startsWith("saved:") ? loadSaved().find((d) => `saved:${d.id}` === opponent) : null;
    editor.context.startGame({
      mode: data.get("mode") || "computer", deck0: [...editor.deck.numbers], deck1: saved ? [...saved.numbers] : opponent,
      first: null, seed: null, human: 0, lang: lang(),
    });
  });
  return form;
}

function updatePlay(section, result) {
  const blocked = result.issues.length > 0;
  section.querySelector("#deck-play").disabled = blocked;
  section.querySelector("#deck-play-blocked").hidden = !blocked;
}

onLangChange(() => {
  if (!screenSection("deck").hidden && editor.deck) {
    renderEditor(screenSection("deck"));
    analyse();
  }
  if (!screenSection("decks").hidden && editor.context) showList([], editor.context);
});

registerScreen("decks", {
  show: (args, context) => {
    editor.context = context;
    return showList(args, context);
  },
  hide() {},
});
registerScreen("deck", { show: showEditor, hide() {} });
