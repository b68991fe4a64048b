// The deck editor, #deck/ID: the card pool with filters, the deck's rows, the engine's analysis (deckstats.js),
// export, play and simulate. Editing a shipped deck saves a copy.

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { cardFace, fullName } from "../cardface.js";
import { search, COLOR_ORDER } from "../cardindex.js";
import { cardDataIn } from "./carddata.js";
import { simulatePanel } from "../simulate.js";
import {
  DECK_SIZE, loadSaved, persist, createDeck, shippedDecks, deckTitle, findDeck, flash, showStorageProblem,
} from "./deckstore.js";
import { renderProblems, renderStats, drawHand, renderHand } from "./deckstats.js";
import { R } from "../protocol.js";

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
  const data = await cardDataIn(section, context);
  if (!data) return;
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
      el("button", { type: "button", id: "deck-draw", text: t("deckDraw"), onclick: () => drawHand(section, editor) }),
      el("button", { type: "button", id: "deck-redraw", text: t("deckRedraw"), onclick: () => drawHand(section, editor) })),
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
  showStorageProblem(section);
  renderPool(section);
  renderRows(section);
  renderHand(section, editor);
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
    result = await editor.context.call(R.DECKS_ANALYSE, { numbers: deck.numbers, lang: lang(), focus: editor.focus || null });
  } catch (error) {
    if (ticket === editor.pending) flash(section, error.message, "error");
    return;
  }
  if (ticket !== editor.pending || deck !== editor.deck) return;
  editor.analysis = result;
  section.dataset.analysed = String(ticket);
  renderProblems(section, result);
  renderRows(section);
  renderStats(section, result, editor, focusOn);
  updatePlay(section, result);
}

/** Show the opening odds of one card of the deck. */
function focusOn(number) {
  editor.focus = number;
  analyse();
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
});

registerScreen("deck", { show: showEditor, hide() {} });
