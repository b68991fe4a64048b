// The card gallery (#cards) and card pages (#card/NUMBER).

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, addStrings, onLangChange } from "../i18n.js";
import { cardFace, el, fullName, names, ELEMENT_GLYPHS, WORK_GLYPHS } from "../cardface.js";
import { FACETS, facetValues, search, COLOR_ORDER } from "../cardindex.js";
import { cardData } from "./carddata.js";
import { R } from "../protocol.js";

addStrings({
  en: {
    navCards: "Cards", galleryTitle: "Card gallery", gallerySearch: "Search", gallerySearchHint: "name or text, either language",
    galleryScope: "Search in", scope_all: "name and text", scope_name: "name only", scope_text: "text only",
    facet_color: "Colour", facet_type: "Type", facet_cost: "Cost", facet_power: "Power", facet_strike: "Strike",
    facet_lucky: "Lucky", facet_element: "Element", facet_work: "Work", facet_keyword: "Keyword", facet_set: "Set",
    facet_rarity: "Rarity", facetAny: "Any", lucky_yes: "Lucky Pals", lucky_no: "not Lucky",
    gallerySort: "Sort by", sort_number: "Number", sort_cost: "Cost (low first)", sort_costDesc: "Cost (high first)",
    sort_power: "Power (high first)", sort_name: "Name", sort_color: "Colour, then cost",
    galleryReset: "Clear filters", galleryFilters: "Filters and sorting", galleryFiltersActive: "Filters and sorting ({n} active)", galleryCount: "{n} of {total} cards", galleryNone: "No card matches. Clear a filter or the search.",
    galleryLoading: "Loading cards…", galleryError: "The cards could not be loaded: {error}",
    cardBack: "← All cards", cardPrev: "← Previous", cardNext: "Next →", cardUnknown: "There is no card {number}.",
    cardFacts: "Facts", cardNumber: "Number", cardPrintings: "Printings", cardPrintingBase: "{number} (base)",
    cardTextBoth: "Text in both languages", cardRules: "Rules its abilities rely on",
    cardRulesNote: "Derived from the card's ability data: each ability kind, keyword, trigger, cost and effect maps to the comprehensive-rule sections the engine implements it with.",
    cardRulesNone: "No ability of this card relies on a rule beyond the basics of playing it.",
    cardRulings: "Official rulings about it (restated)", cardRulingsNone: "No official ruling about this card is restated by the project's tests yet.",
    cardRulingsLangNote: "", cardLessons: "Lessons and puzzles", cardLessonsNone: "No lesson or puzzle uses this card yet.",
    cardAddToDeck: "Build a deck with it", cardWorkNone: "none", cardElementNone: "none",
  },
  ja: {
    navCards: "カード", galleryTitle: "カード一覧", gallerySearch: "検索", gallerySearchHint: "カード名やテキスト（日英どちらでも）",
    galleryScope: "検索対象", scope_all: "名前とテキスト", scope_name: "名前のみ", scope_text: "テキストのみ",
    facet_color: "色", facet_type: "種類", facet_cost: "コスト", facet_power: "パワー", facet_strike: "ストライク",
    facet_lucky: "ラッキー", facet_element: "属性", facet_work: "作業適性", facet_keyword: "キーワード", facet_set: "セット",
    facet_rarity: "レアリティ", facetAny: "すべて", lucky_yes: "ラッキーパル", lucky_no: "ラッキー以外",
    gallerySort: "並び順", sort_number: "カード番号", sort_cost: "コスト（低い順）", sort_costDesc: "コスト（高い順）",
    sort_power: "パワー（高い順）", sort_name: "名前", sort_color: "色・コスト",
    galleryReset: "絞り込みを解除", galleryFilters: "絞り込みと並び順", galleryFiltersActive: "絞り込みと並び順（{n}件指定中）", galleryCount: "{total}枚中{n}枚", galleryNone: "該当するカードはありません。絞り込みか検索語を外してください。",
    galleryLoading: "カードを読み込み中…", galleryError: "カードを読み込めませんでした：{error}",
    cardBack: "← カード一覧", cardPrev: "← 前へ", cardNext: "次へ →", cardUnknown: "カード{number}はありません。",
    cardFacts: "基本情報", cardNumber: "カード番号", cardPrintings: "収録（パラレル含む）", cardPrintingBase: "{number}（通常版）",
    cardTextBoth: "テキスト（日本語・英語）", cardRules: "能力が使う総合ルール",
    cardRulesNote: "カードの能力データから自動で求めています。能力の種類・キーワード・誘発・コスト・効果ごとに、エンジンがそれを実装している総合ルールの項目を対応づけています。",
    cardRulesNone: "このカードの能力は、プレイの基本以外のルールを使いません。",
    cardRulings: "このカードについての公式裁定（要約）", cardRulingsNone: "このカードについての公式裁定は、まだテストで扱っていません。",
    cardRulingsLangNote: "要約は英語のみです。", cardLessons: "レッスン・パズル", cardLessonsNone: "このカードを使うレッスンやパズルはまだありません。",
    cardAddToDeck: "このカードでデッキを作る", cardWorkNone: "なし", cardElementNone: "なし",
  },
});

const gallery = { built: false, data: null, items: new Map(), order: "", dirty: false, lastMs: 0 };

function facetLabel(fact, value) {
  if (fact === "color") return t(`cfColor_${value}`);
  if (fact === "type") return t(`cfType_${value}`);
  if (fact === "lucky") return t(`lucky_${value}`);
  if (fact === "element") return `${ELEMENT_GLYPHS[value] || ""} ${t(`cfEl_${value}`)}`;
  if (fact === "work") return `${WORK_GLYPHS[value] || ""} ${t(`cfWork_${value}`)}`;
  if (fact === "keyword") return t(`cfKw_${value}`);
  return String(value);
}

function facetSelect(fact, index) {
  let values = facetValues(index, fact);
  if (fact === "color") values = COLOR_ORDER.filter((c) => values.includes(c));
  if (fact === "lucky") values = ["yes", "no"];
  return el("label", { class: "facet" },
    el("span", { class: "facet-label", text: t(`facet_${fact}`) }),
    el("select", { name: fact, dataset: { facet: fact } },
      el("option", { value: "", text: t("facetAny") }),
      values.map((v) => el("option", { value: String(v), text: facetLabel(fact, v) }))));
}

function galleryControls(index) {
  return el("form", { class: "gallery-filters", role: "search", id: "gallery-form" },
    el("label", { class: "facet facet-search" },
      el("span", { class: "facet-label", text: t("gallerySearch") }),
      el("input", { type: "search", id: "gallery-search", name: "q", placeholder: t("gallerySearchHint"),
        autocomplete: "off", enterkeyhint: "search" })),
    el("label", { class: "facet" }, el("span", { class: "facet-label", text: t("galleryScope") }),
      el("select", { name: "scope", id: "gallery-scope" },
        ["all", "name", "text"].map((s) => el("option", { value: s, text: t(`scope_${s}`) })))),
    el("details", { class: "gallery-more", id: "gallery-more", open: matchMedia("(min-width: 701px)").matches },
      el("summary", { id: "gallery-more-summary", text: t("galleryFilters") }),
      el("div", { class: "gallery-facets" },
        FACETS.map((fact) => facetSelect(fact, index)),
        el("label", { class: "facet" }, el("span", { class: "facet-label", text: t("gallerySort") }),
          el("select", { name: "sort", id: "gallery-sort" },
            ["number", "cost", "costDesc", "power", "name", "color"].map((s) => el("option", { value: s, text: t(`sort_${s}`) })))),
        el("button", { type: "reset", id: "gallery-reset", text: t("galleryReset") }))));
}

function readQuery(form) {
  const data = new FormData(form);
  const filters = {};
  for (const fact of FACETS) filters[fact] = data.get(fact) || "";
  return { text: data.get("q") || "", scope: data.get("scope") || "all", filters, sort: data.get("sort") || "number" };
}

/** Filter and sort the grid from the form; returns the milliseconds it took (kept in data-filter-ms). */
function applyFilter() {
  const started = performance.now();
  const section = screenSection("cards");
  const form = section.querySelector("#gallery-form");
  const query = readQuery(form);
  const found = search(gallery.data.index, query, query.sort, lang());
  const shown = new Set(found.map((c) => c.number));
  for (const [number, item] of gallery.items) item.hidden = !shown.has(number);
  const order = found.map((c) => c.number).join(",");
  if (order !== gallery.order) {
    const grid = section.querySelector("#gallery-grid");
    for (const card of found) grid.append(gallery.items.get(card.number));
    gallery.order = order;
  }
  const active = Object.values(query.filters).filter(Boolean).length;
  section.querySelector("#gallery-more-summary").textContent = active ? t("galleryFiltersActive", { n: active }) : t("galleryFilters");
  section.querySelector("#gallery-count").textContent = t("galleryCount", { n: found.length, total: gallery.data.index.length });
  section.querySelector("#gallery-none").hidden = found.length > 0;
  gallery.lastMs = performance.now() - started;
  section.dataset.filterMs = gallery.lastMs.toFixed(2);
  section.dataset.shown = String(found.length);
  return gallery.lastMs;
}

function buildGallery(section, data) {
  const grid = el("ul", { id: "gallery-grid", class: "gallery-grid" });
  gallery.items.clear();
  gallery.order = "";
  for (const card of data.index) {
    const item = el("li", { dataset: { number: card.number } },
      el("a", { class: "gallery-card", href: routeHash("card", card.number) },
        cardFace(card.entry, { extra: card.extra, size: "grid", tag: "div" })));
    gallery.items.set(card.number, item);
    grid.append(item);
  }
  const form = galleryControls(data.index);
  section.replaceChildren(
    el("h2", { class: "screen-title", text: t("galleryTitle") }),
    form,
    el("p", { id: "gallery-count", class: "gallery-count", role: "status", "aria-live": "polite" }),
    el("p", { id: "gallery-none", class: "muted", text: t("galleryNone"), hidden: true }),
    grid);
  form.addEventListener("input", applyFilter);
  form.addEventListener("change", applyFilter);
  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("reset", () => setTimeout(applyFilter));
  gallery.built = true;
}

/** "/" jumps to the search box from anywhere on the gallery (not while typing). */
function onKey(event) {
  const section = screenSection("cards");
  if (section.hidden || event.key !== "/" || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
  event.preventDefault();
  section.querySelector("#gallery-search")?.focus();
}

async function showGallery(args, context) {
  const section = screenSection("cards");
  if (!gallery.built || gallery.dirty) {
    section.replaceChildren(el("p", { class: "muted", text: t("galleryLoading") }));
    try {
      gallery.data = await cardData(context);
    } catch (error) {
      section.replaceChildren(el("p", { class: "error", role: "alert", text: t("galleryError", { error: error.message }) }));
      return;
    }
    const previous = gallery.built ? readQuery(section.querySelector("#gallery-form")) : null;
    buildGallery(section, gallery.data);
    if (previous) restoreQuery(section.querySelector("#gallery-form"), previous);
    gallery.dirty = false;
  }
  applyFilter();
}

function restoreQuery(form, query) {
  form.elements.q.value = query.text;
  form.elements.scope.value = query.scope;
  form.elements.sort.value = query.sort;
  for (const [fact, value] of Object.entries(query.filters)) form.elements[fact].value = value;
}

document.addEventListener("keydown", onKey);
onLangChange(() => {
  gallery.dirty = true;
  if (!screenSection("cards").hidden && gallery.data) showGallery([], null);
  if (!screenSection("card").hidden && cardPage.context) showCard([cardPage.number], cardPage.context);
});

registerScreen("cards", { show: showGallery, hide() {} });

// ------------------------------------------------------------------------- one card's page

const cardPage = { number: null, context: null };

function factRow(label, value) {
  return [el("dt", { text: label }), el("dd", { text: value })];
}

function textBlock(entry, language, label) {
  return el("div", { class: "card-text-block", lang: language },
    el("h4", { text: label }),
    el("p", { class: "card-full-name", text: fullName(entry, language) }),
    el("p", { class: "card-full-text", text: entry.text?.[language] || t("cfNoText") }));
}

function rulesList(page) {
  if (!page.rules.length) return el("p", { class: "muted", text: t("cardRulesNone") });
  // The engine's vocabulary words behind each rule ("cost:butcher") are data, not player text: they stay in
  // data-words (for tools and tests), the player reads the rule's title in their language.
  return el("ol", { class: "rule-list", id: "card-rules" }, page.rules.map((r) => el("li", { dataset: { rule: r.rule, words: r.words.join(" ") } },
    el("a", { href: routeHash("rules", r.rule), class: "rule-link" },
      el("span", { class: "rule-number", text: r.rule }), " ",
      el("span", { class: "rule-title", text: r.title[lang()] || r.title.en })))));
}

function rulingsList(page) {
  if (!page.rulings.length) return el("p", { class: "muted", text: t("cardRulingsNone") });
  return el("div", {},
    t("cardRulingsLangNote") ? el("p", { class: "muted", text: t("cardRulingsLangNote") }) : null,
    el("ul", { class: "ruling-list", id: "card-rulings" }, page.rulings.map((r) => el("li", { dataset: { ruling: r.id } },
      el("strong", { text: `Q&A ${r.id}: ` }), el("span", { lang: "en", text: r.en })))));
}

async function showCard(args, context) {
  const section = screenSection("card");
  cardPage.context = context;
  const wanted = String(args[0] || "").trim().toUpperCase();
  let data;
  try {
    data = await cardData(context);
  } catch (error) {
    section.replaceChildren(el("p", { class: "error", role: "alert", text: t("galleryError", { error: error.message }) }));
    return;
  }
  const back = el("a", { href: "#cards", class: "card-back", text: t("cardBack") });
  let page;
  try {
    page = await context.call(R.DECKS_CARD_PAGE, { number: wanted });
  } catch {
    section.replaceChildren(el("nav", { class: "card-nav" }, back),
      el("p", { class: "error", role: "alert", id: "card-error", text: t("cardUnknown", { number: wanted || "?" }) }));
    return;
  }
  const card = data.byNumber.get(page.number);
  const entry = card.entry;
  cardPage.number = page.number;
  const numbers = data.index.map((c) => c.number).sort();
  const at = numbers.indexOf(page.number);
  const prev = numbers[(at - 1 + numbers.length) % numbers.length];
  const next = numbers[(at + 1) % numbers.length];
  const power = entry.power !== null && entry.power !== undefined;
  const facts = el("dl", { class: "card-facts" },
    factRow(t("cardNumber"), entry.number),
    factRow(t("facet_type"), t(`cfType_${entry.type}`)),
    factRow(t("facet_color"), t(`cfColor_${entry.color}`)),
    factRow(t("facet_cost"), String(entry.cost)),
    power ? factRow(t(entry.type === "structure" ? "durability" : "facet_power"), String(entry.power)) : [],
    entry.strike ? factRow(t("facet_strike"), String(entry.strike)) : [],
    factRow(t("facet_element"), (entry.elements || []).map((e) => t(`cfEl_${e}`)).join(", ") || t("cardElementNone")),
    factRow(t("facet_work"), (entry.work || []).map((w) => t(`cfWork_${w}`)).join(", ") || t("cardWorkNone")),
    factRow(t("facet_lucky"), entry.lucky ? `☘ ${t("cfLucky")}` : t("lucky_no")),
    page.keywords.length ? factRow(t("facet_keyword"), page.keywords.map((k) => t(`cfKw_${k}`)).join(", ")) : [],
    factRow(t("facet_set"), page.set),
    factRow(t("facet_rarity"), entry.rarity));
  const { main } = names(entry);
  section.replaceChildren(
    el("nav", { class: "card-nav" }, back,
      el("a", { href: routeHash("card", prev), text: t("cardPrev"), rel: "prev" }),
      el("a", { href: routeHash("card", next), text: t("cardNext"), rel: "next" })),
    el("div", { class: "card-page", dataset: { number: page.number } },
      el("div", { class: "card-page-face" }, cardFace(entry, { extra: card.extra, size: "large" })),
      el("div", { class: "card-page-info" },
        el("h2", { id: "card-title", text: fullName(entry) }),
        el("h3", { text: t("cardFacts") }), facts,
        el("h3", { text: t("cardPrintings") }),
        el("ul", { class: "printings", id: "card-printings" },
          el("li", { text: t("cardPrintingBase", { number: page.number }) }),
          page.printings.map((p) => el("li", { text: p }))),
        el("h3", { text: t("cardTextBoth") }),
        el("div", { class: "card-texts" }, textBlock(entry, "ja", "日本語"), textBlock(entry, "en", "English")),
        el("h3", { text: t("cardRules") }),
        el("p", { class: "muted small", text: t("cardRulesNote") }),
        rulesList(page),
        el("h3", { text: t("cardRulings") }),
        rulingsList(page),
        el("h3", { text: t("cardLessons") }),
        el("p", { class: "muted", text: t("cardLessonsNone") }),
        el("p", {}, el("a", { href: routeHash("decks", "new", page.number), class: "button-link", text: t("cardAddToDeck") })))));
  document.title = `${main} · ${t("galleryTitle")}`;
}

registerScreen("card", { show: showCard, hide() {} });
