// The card gallery (#cards) and card pages (#card/NUMBER).

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, onLangChange, LANGUAGE_NAMES } from "../i18n.js";
import { el } from "../dom.js";
import { cardFace, fullName, names, ELEMENT_GLYPHS, WORK_GLYPHS } from "../cardface.js";
import { FACETS, facetValues, search, COLOR_ORDER } from "../cardindex.js";
import { cardData, cardDataIn } from "./carddata.js";
import { R } from "../protocol.js";

const gallery = { built: false, data: null, items: new Map(), dirty: false, lastMs: 0 };

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

/** Make the grid hold exactly ``items``, in their order, moving as few cards as it can. The cards a search
 * leaves out are taken out of the page rather than hidden: on a slow machine, hiding 140 card faces costs
 * about four times as much as removing them, and appending a card that is already in place moves it. */
function showOnly(grid, items) {
  const wanted = new Set(items);
  for (const child of [...grid.children]) if (!wanted.has(child)) child.remove();
  items.forEach((item, at) => {
    if (grid.children[at] !== item) grid.insertBefore(item, grid.children[at] || null);
  });
}

/** Filter and sort the grid from the form; returns the milliseconds it took (kept in data-filter-ms). */
function applyFilter() {
  const started = performance.now();
  const section = screenSection("cards");
  const form = section.querySelector("#gallery-form");
  const query = readQuery(form);
  const found = search(gallery.data.index, query, query.sort, lang());
  showOnly(section.querySelector("#gallery-grid"), found.map((card) => gallery.items.get(card.number)));
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

/** A card's name and text in one of the languages the card data has, headed by that language's own name. */
function textBlock(entry, language) {
  return el("div", { class: "card-text-block", lang: language },
    el("h4", { text: LANGUAGE_NAMES[language] }),
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
      el("strong", { text: t("cardQa", { id: r.id }) }), el("span", { lang: "en", text: r.en })))));
}

async function showCard(args, context) {
  const section = screenSection("card");
  cardPage.context = context;
  const wanted = String(args[0] || "").trim().toUpperCase();
  const data = await cardDataIn(section, context);
  if (!data) return;
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
        el("div", { class: "card-texts" }, textBlock(entry, "ja"), textBlock(entry, "en")),
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
