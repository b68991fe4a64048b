// The app's own drawing of a card (no official artwork or wording): a colour frame, the cost, the full name
// fitted (it wraps and shrinks, it is never cut), type, element and work badges, Lucky and keyword badges, the
// generated text and power / strike. Used by the gallery and the deck builder; the playmat can adopt it later:
// cardFace(entry, options) needs only a catalogue entry (web/py/playmat_host.py card_info) plus, optionally,
// the gallery extras (keywords, set) and live values (power, damage) in `options`.

import { t, lang, addStrings } from "./i18n.js";
import { el } from "./board.js";

export { el };   // the one element helper, shared with the playmat

addStrings({
  en: {
    cfType_pal: "Pal", cfType_structure: "Structure", cfType_gear: "Gear", cfType_event: "Event",
    cfColor_red: "Red", cfColor_blue: "Blue", cfColor_green: "Green", cfColor_purple: "Purple", cfColor_colorless: "Colourless",
    cfEl_Neutral: "Neutral", cfEl_Fire: "Fire", cfEl_Water: "Water", cfEl_Grass: "Grass", cfEl_Electric: "Electric",
    cfEl_Ground: "Ground", cfEl_Ice: "Ice", cfEl_Dark: "Dark", cfEl_Dragon: "Dragon",
    cfWork_Kindling: "Kindling", cfWork_Crafting: "Crafting", cfWork_Collecting: "Collecting",
    cfWork_Harvesting: "Harvesting", cfWork_Transporting: "Transporting", cfWork_Farming: "Farming",
    cfWork_Cooling: "Cooling", cfWork_Electricity: "Electricity",
    cfKw_brave: "Brave", cfKw_serious: "Serious", cfKw_vigilance: "Vigilance", cfKw_breakthrough: "Breakthrough",
    cfKw_retaliate: "Retaliate", cfKw_interrupt: "Interrupt", cfKw_taunt: "Taunt", cfKw_stealth: "Stealth",
    cfKw_assault: "Assault", cfKw_nocturnal: "Nocturnal",
    cfLucky: "Lucky Pal", cfQuick: "Quick", cfCostLabel: "Cost {n}", cfPowerLabel: "Power {n}",
    cfDurabilityLabel: "Durability {n}", cfStrikeLabel: "Strike {n}", cfNoText: "No abilities.",
  },
  ja: {
    cfType_pal: "パル", cfType_structure: "建築物", cfType_gear: "ギア", cfType_event: "イベント",
    cfColor_red: "赤", cfColor_blue: "青", cfColor_green: "緑", cfColor_purple: "紫", cfColor_colorless: "無色",
    cfEl_Neutral: "無", cfEl_Fire: "炎", cfEl_Water: "水", cfEl_Grass: "草", cfEl_Electric: "雷",
    cfEl_Ground: "地", cfEl_Ice: "氷", cfEl_Dark: "闇", cfEl_Dragon: "竜",
    cfWork_Kindling: "火おこし", cfWork_Crafting: "手作業", cfWork_Collecting: "採集",
    cfWork_Harvesting: "伐採", cfWork_Transporting: "運搬", cfWork_Farming: "牧場",
    cfWork_Cooling: "冷却", cfWork_Electricity: "発電",
    cfKw_brave: "勇敢", cfKw_serious: "まじめ", cfKw_vigilance: "警戒", cfKw_breakthrough: "突破",
    cfKw_retaliate: "相打ち", cfKw_interrupt: "妨害", cfKw_taunt: "挑発", cfKw_stealth: "隠密",
    cfKw_assault: "襲撃", cfKw_nocturnal: "夜行性",
    cfLucky: "ラッキーパル", cfQuick: "クイック", cfCostLabel: "コスト{n}", cfPowerLabel: "パワー{n}",
    cfDurabilityLabel: "耐久{n}", cfStrikeLabel: "ストライク{n}", cfNoText: "能力なし。",
  },
});

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
