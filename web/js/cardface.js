// The app's own drawing of a card (no official artwork or wording): a colour frame, the cost, the full name
// fitted (it wraps and shrinks, it is never cut), type, element and work badges, Lucky and keyword badges, the
// generated text and power / strike. Used by the gallery and the deck builder; the playmat can adopt it later:
// cardFace(entry, options) needs only a catalogue entry (web/py/playmat_host.py card_info) plus, optionally,
// the gallery extras (keywords, set) and live values (power, damage) in `options`.

import { t, lang } from "./i18n.js";
import { el } from "./dom.js";

// Our own glyphs: one short symbol per element and work suitability (drawn as round / square badges in CSS).
export const ELEMENT_GLYPHS = {
  Neutral: "○", Fire: "▲", Water: "◆", Grass: "✿", Electric: "ϟ", Ground: "▬", Ice: "✱", Dark: "☾", Dragon: "⬢",
};
export const WORK_GLYPHS = {
  Kindling: "♨", Crafting: "⚙", Collecting: "⚘", Harvesting: "⚒", Transporting: "⇄", Farming: "❀",
  Cooling: "❄", Electricity: "⚡",
};

/** The card's main name and sub name in a language (Japanese data may lack a sub name). */
export function names(entry, language = lang()) {
  return { main: entry.name?.[language] || entry.name?.en || entry.number, sub: entry.subname?.[language] || "" };
}

/** The full card name as the engine writes it ("Main – Sub"; Japanese "Sub – Main"). */
export function fullName(entry, language = lang()) {
  const { main, sub } = names(entry, language);
  if (!sub) return main;
  return language === "ja" ? `${sub} – ${main}` : `${main} – ${sub}`;
}

/** A size class for a name, so long names get a smaller font and wrap instead of being cut. */
function fitClass(text, language) {
  const width = [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);
  const limits = language === "ja" ? [10, 14, 20] : [12, 16, 22];
  if (width <= limits[0]) return "fit-0";
  if (width <= limits[1]) return "fit-1";
  if (width <= limits[2]) return "fit-2";
  return "fit-3";
}

/** A badge with our glyph and the translated word (the word is visible on full faces, a label on small ones). */
function badge(kind, key, glyph, label) {
  return el("span", { class: `cf-badge cf-${kind} cf-${kind}-${key}`, title: label, dataset: { [kind]: key } },
    el("span", { class: "cf-glyph", "aria-hidden": "true", text: glyph }),
    el("span", { class: "cf-word", text: label }));
}

/** The short text of a card: its generated text, ability by ability (the face clamps it; pages show it all). */
export function cardText(entry, language = lang()) {
  return entry.text?.[language] || entry.text?.en || "";
}

/**
 * One card face.
 * options: {size: "full" | "small", extra: {keywords, set, quick}, tag: "article" | "div", power, damage}
 */
export function cardFace(entry, options = {}) {
  const language = options.lang || lang();
  const extra = options.extra || {};
  const size = options.size || "full";
  const { main, sub } = names(entry, language);
  const power = options.power ?? entry.power;
  const isStructure = entry.type === "structure";
  const text = cardText(entry, language);
  const keywords = extra.keywords || [];
  const label = [fullName(entry, language), t("cfCostLabel", { n: entry.cost }), t(`cfType_${entry.type}`),
    t(`cfColor_${entry.color}`),
    power !== null && power !== undefined ? t(isStructure ? "cfDurabilityLabel" : "cfPowerLabel", { n: power }) : "",
    entry.strike ? t("cfStrikeLabel", { n: entry.strike }) : "", entry.lucky ? t("cfLucky") : ""]
    .filter(Boolean).join(", ");
  return el(options.tag || "article", {
    class: `cardface cf-${size} cf-color-${entry.color} cf-type-${entry.type}${entry.lucky ? " cf-is-lucky" : ""}`,
    lang: language, "aria-label": label, dataset: { number: entry.number },
  },
  el("div", { class: "cf-head" },
    el("span", { class: "cf-cost", title: t("cfCostLabel", { n: entry.cost }), text: String(entry.cost) }),
    el("div", { class: `cf-names ${fitClass(main + (size === "small" ? sub : ""), language)}` },
      el("span", { class: "cf-main", text: main }),
      sub ? el("span", { class: "cf-sub", text: sub }) : null)),
  el("div", { class: "cf-typeline" },
    el("span", { class: "cf-type", text: t(`cfType_${entry.type}`) }),
    (entry.elements || []).map((e) => badge("element", e, ELEMENT_GLYPHS[e] || "•", t(`cfEl_${e}`))),
    entry.lucky ? el("span", { class: "cf-badge cf-lucky", title: t("cfLucky") },
      el("span", { class: "cf-glyph", "aria-hidden": "true", text: "☘" }),
      el("span", { class: "cf-word", text: t("lucky") })) : null),
  keywords.length || extra.quick ? el("div", { class: "cf-keywords" },
    keywords.map((k) => el("span", { class: "cf-kw", dataset: { keyword: k }, text: t(`cfKw_${k}`) })),
    extra.quick ? el("span", { class: "cf-kw cf-quick", text: `⚑ ${t("cfQuick")}` }) : null) : null,
  el("p", { class: "cf-text", text: text || t("cfNoText") }),
  el("div", { class: "cf-foot" },
    el("span", { class: "cf-work" },
      (entry.work || []).map((w) => badge("work", w, WORK_GLYPHS[w] || "•", t(`cfWork_${w}`)))),
    entry.strike ? el("span", { class: "cf-strike", title: t("cfStrikeLabel", { n: entry.strike }) },
      el("span", { "aria-hidden": "true", text: "✦" }), String(entry.strike)) : null,
    power !== null && power !== undefined ? el("span", {
      class: `cf-power${isStructure ? " cf-durability" : ""}`,
      title: t(isStructure ? "cfDurabilityLabel" : "cfPowerLabel", { n: power }),
    }, el("span", { "aria-hidden": "true", text: isStructure ? "⛨" : "⚔" }), String(power)) : null),
  el("span", { class: "cf-number", text: `${entry.number}${entry.rarity ? ` · ${entry.rarity}` : ""}` }));
}
