// The page's UI strings. The catalogues are data, one file per language (web/i18n/<code>.json), and
// web/i18n/languages.json is the one list of the page's languages: each code with the language's name in
// itself and in the other languages. build.py ships them as one module, js/strings.js, which loads with the
// page's modules. Engine texts (log, card text) come from the engine.

import { LANGUAGES as NAMES, STRINGS } from "./strings.js";

/** The page's languages, in the order the language switch cycles through them. */
export const LANGS = Object.freeze(Object.keys(NAMES));
/** Each language's name in that language ("日本語" for ja). */
export const LANGUAGE_NAMES = Object.freeze(Object.fromEntries(LANGS.map((code) => [code, NAMES[code][code]])));

/** Whether a value names a UI language of web/i18n/languages.json (never "constructor", "__proto__", …). */
export function isLang(value) {
  return typeof value === "string" && LANGS.includes(value);
}
let current = "en";
const listeners = new Set();

/** The current UI language (a code of LANGS). */
export function lang() {
  return current;
}

/** The language the switch (button or L key) goes to from the current one: the next in LANGS, round. */
export function nextLang() {
  return LANGS[(LANGS.indexOf(current) + 1) % LANGS.length];
}

/** Translate a UI string key, filling {placeholders} from params. Unknown keys show as the key. */
export function t(key, params = {}) {
  const own = (table) => (Object.hasOwn(table, key) ? table[key] : undefined);  // not Object.prototype's
  const template = own(STRINGS[current]) ?? own(STRINGS.en) ?? String(key);
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** Whether a UI string key exists. */
export function has(key) {
  return Object.hasOwn(STRINGS.en, key);
}

/** Switch the language, refresh every [data-i18n] element and notify listeners. */
export function setLang(next) {
  if (!isLang(next)) return;
  current = next;
  document.documentElement.lang = next;
  try {
    localStorage.setItem("pwtcg.lang", next);
  } catch {
    /* storage may be disabled; the choice then lasts for this page only */
  }
  applyStatic(document);
  for (const listener of listeners) listener(next);
}

/** Call listener(lang) after every language switch. */
export function onLangChange(listener) {
  listeners.add(listener);
}

/** The saved language, else the browser's preference. */
export function initialLang() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  if (isLang(fromUrl)) return fromUrl;
  try {
    const saved = localStorage.getItem("pwtcg.lang");
    if (isLang(saved)) return saved;
  } catch {
    /* ignore */
  }
  const preferred = navigator.languages?.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of preferred) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (isLang(code)) return code;
  }
  return "en";
}

/** Fill the text (and aria-label / placeholder) of static elements marked with data-i18n*. */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-lang-switch]")) {
    // The switch shows the next language's own name; its label names it in the current language.
    const next = nextLang();
    el.textContent = LANGUAGE_NAMES[next];
    el.setAttribute("aria-label", t("languageLabel", { language: NAMES[next][current] ?? LANGUAGE_NAMES[next] }));
  }
}
