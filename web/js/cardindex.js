// The searchable card list shared by the gallery and the deck builder: built once from the catalogue and the
// gallery extras; filtering is plain array work over 148 small records (no DOM), so it stays far under 1 ms.

/** Lower-case, width-folded text for matching (full-width letters and digits fold to ASCII). */
export function fold(text) {
  return String(text || "").normalize("NFKC").toLowerCase();
}

/** One record per card: facts plus folded name and text haystacks in both languages. */
export function buildIndex(catalog, extras = {}) {
  return Object.values(catalog).map((entry) => {
    const extra = extras[entry.number] || {};
    const names = [entry.name?.en, entry.name?.ja, entry.subname?.en, entry.subname?.ja, entry.number,
      ...(extra.printings || [])];
    return {
      number: entry.number,
      entry,
      extra,
      nameText: fold(names.join(" \u0001 ")),
      bodyText: fold([entry.text?.en, entry.text?.ja].join(" \u0001 ")),
      keywords: extra.keywords || [],
      set: extra.set || entry.number.split("-")[0],
    };
  });
}

/** The distinct values of a fact over the index (sorted), for filter menus. */
export function facetValues(index, fact) {
  const values = new Set();
  for (const card of index) {
    const value = factOf(card, fact);
    for (const v of Array.isArray(value) ? value : [value]) if (v !== null && v !== undefined && v !== "") values.add(v);
  }
  return [...values].sort((a, b) => (typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b))));
}

/** A fact of a card as filters see it. */
export function factOf(card, fact) {
  const e = card.entry;
  switch (fact) {
    case "color": return e.color;
    case "type": return e.type;
    case "cost": return e.cost;
    case "power": return e.power;
    case "strike": return e.strike;
    case "lucky": return e.lucky ? "yes" : "no";
    case "element": return e.elements || [];
    case "work": return e.work || [];
    case "keyword": return card.keywords;
    case "set": return card.set;
    case "rarity": return e.rarity;
    default: return undefined;
  }
}

export const FACETS = ["color", "type", "cost", "power", "strike", "lucky", "element", "work", "keyword", "set", "rarity"];

/**
 * Whether a card passes a query: {text, scope: "all" | "name" | "text", filters: {fact: value}}.
 * Every word of the text must appear (in the name, the text, or either, by scope); filter values are strings
 * as the menus give them.
 */
export function matches(card, query) {
  for (const [fact, wanted] of Object.entries(query.filters || {})) {
    if (wanted === "" || wanted === undefined || wanted === null) continue;
    const value = factOf(card, fact);
    const ok = Array.isArray(value) ? value.some((v) => String(v) === wanted) : String(value) === wanted;
    if (!ok) return false;
  }
  const words = fold(query.text).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const scope = query.scope || "all";
  const hay = scope === "name" ? card.nameText : scope === "text" ? card.bodyText : `${card.nameText} \u0001 ${card.bodyText}`;
  return words.every((w) => hay.includes(w));
}

export const SORTS = {
  number: (a, b) => a.number.localeCompare(b.number),
  cost: (a, b) => a.entry.cost - b.entry.cost || a.number.localeCompare(b.number),
  costDesc: (a, b) => b.entry.cost - a.entry.cost || a.number.localeCompare(b.number),
  power: (a, b) => (b.entry.power ?? -1) - (a.entry.power ?? -1) || a.number.localeCompare(b.number),
  name: (a, b, language) => (a.entry.name?.[language] || "").localeCompare(b.entry.name?.[language] || "", language)
    || a.number.localeCompare(b.number),
  color: (a, b) => COLOR_ORDER.indexOf(a.entry.color) - COLOR_ORDER.indexOf(b.entry.color) || a.entry.cost - b.entry.cost
    || a.number.localeCompare(b.number),
};
export const COLOR_ORDER = ["red", "blue", "green", "purple", "colorless"];

/** The cards passing a query, sorted. */
export function search(index, query, sort = "number", language = "en") {
  const order = SORTS[sort] || SORTS.number;
  return index.filter((card) => matches(card, query)).sort((a, b) => order(a, b, language));
}
