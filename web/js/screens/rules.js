// The rules reference (#rules, #rules/NUMBER): the rules numbered like the comprehensive rules and explained in
// the project's own words, in English and Japanese, with the cards and the lessons and puzzles that use each rule.
//
// The data is data/rulebook.json, written by build.py from cards/rulebook.json (engine.presentation.rulebook
// .site_data): one fetch, no Python. Search filters as you type, in both languages, like rulebook.search().

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";

const state = { data: null, byNumber: new Map(), loading: null, number: null, query: "" };

/** Fetch the reference once (data/rulebook.json, written by build.py). */
function loadData() {
  state.loading ??= fetch("data/rulebook.json").then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  }).then((data) => {
    state.data = data;
    state.byNumber = new Map(data.entries.map((e) => [e.number, e]));
    return data;
  }).catch((error) => {
    state.loading = null;   // try again next time
    throw error;
  });
  return state.loading;
}

/** Text as search compares it (NFKC, lower case), the same folding as engine.presentation.rulebook.fold. */
export function fold(text) {
  return String(text).normalize("NFKC").toLowerCase();
}

function ruleKey(number) {
  return number.split(".").map(Number);
}

function compareKeys(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? -1;
    const y = b[i] ?? -1;
    if (x !== y) return x - y;
  }
  return 0;
}

/** Numbers of the entries matching every word of the query, ranked like rulebook.search(): a rule number and its
 * sub-rules, then title matches, then search terms, then text; in rule order within a rank. */
export function searchRules(entries, query) {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const ranked = [];
  for (const e of entries) {
    if (words.length === 1 && (e.number === words[0] || e.number.startsWith(`${words[0]}.`))) {
      ranked.push([0, e.number]);
      continue;
    }
    const title = fold(`${e.title.en} ${e.title.ja}`);
    const terms = fold(Object.values(e.terms || {}).flat().join(" "));
    const text = fold(`${e.text.en} ${e.text.ja}`);
    const all = `${title} ${terms} ${text}`;
    if (!words.every((w) => all.includes(w))) continue;
    const rank = words.every((w) => title.includes(w)) ? 1 : words.some((w) => terms.includes(w)) ? 2 : 3;
    ranked.push([rank, e.number]);
  }
  ranked.sort((a, b) => a[0] - b[0] || compareKeys(ruleKey(a[1]), ruleKey(b[1])));
  return ranked.map(([, number]) => number);
}

function titleOf(number) {
  const entry = state.byNumber.get(number);
  return entry ? entry.title[lang()] : "";
}

function ruleLink(number, extra = {}) {
  return el("a", { href: routeHash("rules", number), class: "rule-link", dataset: { rule: number }, ...extra },
    el("span", { class: "rule-number", text: number }), " ", el("span", { class: "rule-link-title", text: titleOf(number) }));
}

/** The whole tree as nested lists (sections, rules, sub-rules), the current rule marked. */
function tree() {
  const kids = new Map();
  for (const e of state.data.entries) {
    if (!kids.has(e.parent)) kids.set(e.parent, []);
    kids.get(e.parent).push(e.number);
  }
  const branch = (parent, depth) => el("ul", { class: `rules-tree-level depth-${depth}` },
    (kids.get(parent) || []).map((number) => el("li", { dataset: { rule: number } },
      ruleLink(number, number === state.number ? { "aria-current": "page" } : {}),
      kids.has(number) ? branch(number, depth + 1) : null)));
  return branch(null, 0);
}

function results(numbers) {
  return el("ol", { class: "rules-results", id: "rules-results" }, numbers.map((number) => {
    const entry = state.byNumber.get(number);
    return el("li", { dataset: { rule: number } }, ruleLink(number, number === state.number ? { "aria-current": "page" } : {}),
      el("p", { class: "rules-snippet muted", text: entry.text[lang()] }));
  }));
}

/** Re-draw the list beside the entry: the tree, or the search results while the box holds a query. */
function applySearch() {
  const section = screenSection("rules");
  const box = section.querySelector("#rules-list");
  const count = section.querySelector("#rules-count");
  if (!box) return;
  const query = state.query.trim();
  if (!query) {
    box.replaceChildren(tree());
    count.textContent = "";
    return;
  }
  const found = searchRules(state.data.entries, query);
  box.replaceChildren(found.length ? results(found) : el("p", { class: "muted", id: "rules-none", text: t("rulesNone") }));
  count.textContent = found.length === 1 ? t("rulesCountOne") : t("rulesCount", { n: found.length });
}

function cardList(entry) {
  if (!entry.cards.length) return el("p", { class: "muted", text: t("rulesCardsNone") });
  return el("ul", { class: "rules-cards", id: "rules-cards" }, entry.cards.map((number) => el("li", {},
    el("a", { href: routeHash("card", number), dataset: { card: number } },
      el("span", { class: "rule-card-number", text: number }), " ", state.data.cards[number]?.[lang()] || number))));
}

function citationList(entry) {
  if (!entry.citations.length) return el("p", { class: "muted", text: t("rulesLessonsNone") });
  return el("ul", { class: "rules-lessons", id: "rules-lessons" }, entry.citations.map((c) => el("li", {},
    el("a", { href: routeHash(c.kind, c.id), dataset: { kind: c.kind, id: c.id } },
      el("span", { class: "rule-kind", text: t(c.kind === "puzzle" ? "rulesPuzzle" : "rulesLesson") }), " ",
      c.title[lang()] || c.title.en))));
}

function ancestorsOf(number) {
  const out = [];
  let parent = state.byNumber.get(number)?.parent;
  while (parent) {
    out.unshift(parent);
    parent = state.byNumber.get(parent)?.parent;
  }
  return out;
}

/** The entry panel: breadcrumbs, number and title, text (and the other language), sub-rules, see also, cards,
 * lessons and puzzles. Without a number: the introduction and the sections. */
function entryPanel() {
  if (!state.number) {
    const sections = state.data.entries.filter((e) => !e.parent).map((e) => e.number);
    return el("article", { class: "rules-entry", id: "rules-entry" },
      el("h3", { id: "rules-entry-title", text: t("rulesTitle") }),
      el("p", { text: t("rulesIntro") }),
      el("h4", { text: t("rulesSections") }),
      el("ul", { class: "rules-links" }, sections.map((n) => el("li", {}, ruleLink(n)))));
  }
  const entry = state.byNumber.get(state.number);
  if (!entry) {
    return el("article", { class: "rules-entry", id: "rules-entry" },
      el("p", { class: "error", role: "alert", id: "rules-error", text: t("rulesUnknown", { number: state.number }) }),
      el("p", {}, el("a", { href: "#rules", text: t("rulesBack") })));
  }
  const other = lang() === "ja" ? "en" : "ja";
  const crumbs = ancestorsOf(entry.number);
  return el("article", { class: "rules-entry", id: "rules-entry", dataset: { rule: entry.number } },
    crumbs.length ? el("nav", { class: "rules-crumbs", "aria-label": t("rulesPath") },
      el("ol", {}, crumbs.map((n) => el("li", {}, ruleLink(n))))) : null,
    el("h3", { id: "rules-entry-title" },
      el("span", { class: "rule-number", text: entry.number }), " ", entry.title[lang()]),
    el("p", { class: "rules-text", id: "rules-text", text: entry.text[lang()] }),
    el("details", { class: "rules-other-lang" },
      el("summary", { text: t("rulesOtherLang") }),
      el("p", { lang: other, class: "muted" }, el("strong", { text: entry.title[other] }), " — ", entry.text[other])),
    entry.children.length ? [el("h4", { text: t("rulesSub") }),
      el("ul", { class: "rules-links", id: "rules-children" }, entry.children.map((n) => el("li", {}, ruleLink(n))))] : null,
    entry.see.length ? [el("h4", { text: t("rulesSee") }),
      el("ul", { class: "rules-links", id: "rules-see" }, entry.see.filter((n) => state.byNumber.has(n)).map((n) => el("li", {}, ruleLink(n))))] : null,
    el("h4", { text: t("rulesLessons") }), citationList(entry),
    el("h4", { text: entry.cards.length ? t("rulesCards", { n: entry.cards.length }) : t("rulesCardsEmpty") }),
    cardList(entry));
}

function render() {
  const section = screenSection("rules");
  const search = el("input", { type: "search", id: "rules-search", name: "q", placeholder: t("rulesSearchHint"),
    autocomplete: "off", enterkeyhint: "search", value: state.query });
  search.value = state.query;
  search.addEventListener("input", () => {
    state.query = search.value;
    applySearch();
  });
  const form = el("form", { class: "rules-search", role: "search" },
    el("label", { for: "rules-search", text: t("rulesSearch") }), search);
  form.addEventListener("submit", (event) => event.preventDefault());
  section.replaceChildren(
    el("h2", { class: "screen-title", text: t("rulesTitle") }),
    el("div", { class: "rules-layout" },
      el("div", { class: "rules-side" }, form,
        el("p", { id: "rules-count", class: "rules-count", role: "status", "aria-live": "polite" }),
        el("nav", { id: "rules-list", class: "rules-list", "aria-label": t("rulesTree") })),
      entryPanel()));
  applySearch();
  const title = state.number && state.byNumber.has(state.number) ? `${state.number} ${titleOf(state.number)} · ` : "";
  document.title = `${title}${t("rulesTitle")}`;
}

async function show(args) {
  const section = screenSection("rules");
  state.number = args[0] ? String(args[0]).trim() : null;
  if (!state.data) {
    section.replaceChildren(el("p", { class: "muted", text: t("rulesLoading") }));
    try {
      await loadData();
    } catch (error) {
      section.replaceChildren(el("p", { class: "error", role: "alert", text: t("rulesError", { error: error.message }) }));
      return;
    }
  }
  render();
  const list = section.querySelector("#rules-list");
  const current = list?.querySelector("[aria-current='page']");
  if (current && list.scrollHeight > list.clientHeight) {   // scroll the list only, never the page
    list.scrollTop = current.offsetTop - list.clientHeight / 3;   // .rules-list is positioned
  }
  section.dataset.ready = "true";
}

onLangChange(() => {
  if (state.data && !screenSection("rules").hidden) render();
});

screenSection("rules");   // made now, so the router's first showSection("rules") finds it and shows it
registerScreen("rules", { show, hide() {} });
