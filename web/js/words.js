// The game's words (card types, colours, keywords, zones, counters) in the page's language, as the engine says
// them (engine/presentation/words.py, sent once in the host's hello), so no raw data word reaches a player.

import { lang } from "./i18n.js";

let words = { en: {}, ja: {} };

/** Keep the engine's word tables ({en: {type: {...}, color: {...}, ...}, ja: {...}}) from the hello. */
export function setWords(tables) {
  if (tables && typeof tables === "object") words = tables;
}

/** One word of a kind ("type", "color", "keyword", "zone", "counter") in the current language. */
export function word(kind, value) {
  const table = words[lang()]?.[kind] ?? {};
  return Object.hasOwn(table, value) ? table[value] : (words.en?.[kind]?.[value] ?? String(value));
}
