// The player's settings (language, animation and computer speed, log detail, theme, sound), kept in
// localStorage, with a small dialog to change them and short sounds made with WebAudio (off by default).

import { t, lang, setLang, applyStatic, LANGS, LANGUAGE_NAMES } from "./i18n.js";

const KEY = "pwtcg.settings";
export const CHOICES = {
  animation: ["off", "fast", "normal", "slow"],
  computer: ["fast", "normal", "slow", "step"],
  log: ["key", "all"],
  theme: ["dark", "light"],
  sound: ["off", "on"],
};
const DEFAULTS = { animation: "normal", computer: "normal", log: "all", theme: "dark", sound: "off" };
/** Milliseconds of one card animation, and the pause between two computer steps, per setting. */
export const ANIMATION_MS = { off: 0, fast: 160, normal: 280, slow: 520 };
export const COMPUTER_MS = { fast: 250, normal: 700, slow: 1400, step: 0 };
/** The damage check at the computer's speed: milliseconds between two cards turned over, and how long the
 * result stays up before the game goes on by itself (in step mode the player presses Continue instead). */
export const REVEAL_MS = { fast: 250, normal: 450, slow: 800, step: 450 };
export const RESULT_HOLD_MS = { fast: 900, normal: 1600, slow: 2800, step: 0 };

const listeners = new Set();
let current = load();

function load() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  const settings = { ...DEFAULTS };
  for (const [name, values] of Object.entries(CHOICES)) if (values.includes(saved[name])) settings[name] = saved[name];
  return settings;
}

/** The current settings ({animation, computer, log, theme, sound}). */
export function settings() {
  return current;
}

/** Change one setting, store it and tell the listeners; unknown names or values are refused. */
export function setSetting(name, value) {
  if (!CHOICES[name]?.includes(value)) throw new Error(`unknown setting ${name}=${value}`);
  current = { ...current, [name]: value };
  try {
    localStorage.setItem(KEY, JSON.stringify(current));
  } catch {
    /* storage may be disabled: the choice lasts for this page */
  }
  applyTheme();
  for (const listener of listeners) listener(current, name);
}

export function onSettingsChange(listener) {
  listeners.add(listener);
}

export function applyTheme() {
  document.documentElement.dataset.theme = current.theme;
}

// ------------------------------------------------------------------------- the dialog

function field(name, labelKey, values, valueKey) {
  const id = `setting-${name}`;
  const select = document.createElement("select");
  select.id = id;
  select.name = name;
  for (const value of values) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = valueKey(value);
    select.append(option);
  }
  const label = document.createElement("label");
  label.htmlFor = id;
  label.textContent = t(labelKey);
  const row = document.createElement("div");
  row.className = "setting-row";
  row.append(label, select);
  return row;
}

/** Build (again, in the current language) and open the settings dialog. */
export function openSettings() {
  const dialog = document.getElementById("settings-dialog");
  const form = dialog.querySelector("form");
  form.replaceChildren(
    Object.assign(document.createElement("h2"), { id: "settings-title", textContent: t("stTitle") }),
    field("lang", "stLanguage", LANGS, (v) => LANGUAGE_NAMES[v]),
    field("animation", "stAnimation", CHOICES.animation, (v) => t(`stAnim_${v}`)),
    field("computer", "stComputer", CHOICES.computer, (v) => t(`stCpu_${v}`)),
    field("log", "stLog", CHOICES.log, (v) => t(`stLog_${v}`)),
    field("theme", "stTheme", CHOICES.theme, (v) => t(`stTheme_${v}`)),
    field("sound", "stSound", CHOICES.sound, (v) => t(`stSound_${v}`)),
    Object.assign(document.createElement("button"), { value: "done", className: "primary", textContent: t("stDone") }),
  );
  form.elements.lang.value = lang();
  for (const name of Object.keys(CHOICES)) form.elements[name].value = current[name];
  dialog.showModal();
  form.elements.lang.focus();
}

/** Wire the settings button and the dialog's fields (once, at boot). */
export function initSettings() {
  applyTheme();
  const dialog = document.getElementById("settings-dialog");
  document.getElementById("settings-open").addEventListener("click", openSettings);
  dialog.addEventListener("change", (event) => {
    const { name, value } = event.target;
    if (name === "lang") {
      setLang(value);
      const open = document.activeElement?.name;
      openSettings();   // rebuilt in the new language
      dialog.querySelector(`[name=${open || "lang"}]`)?.focus();
    } else if (CHOICES[name]) {
      setSetting(name, value);
    }
  });
  applyStatic(document.getElementById("settings-open").parentElement);
}

// ------------------------------------------------------------------------- sounds

let audio = null;
const TONES = {
  play: [[523, 0.07], [659, 0.09]],
  attack: [[330, 0.06], [247, 0.12]],
  damage: [[196, 0.16]],
  destroy: [[220, 0.08], [147, 0.16]],
  draw: [[784, 0.05]],
  win: [[523, 0.1], [659, 0.1], [784, 0.18]],
};

/** A short sound of our own making (sine tones), only when the player switched sounds on. */
export function sound(kind) {
  if (current.sound !== "on" || !TONES[kind]) return;
  try {
    audio ??= new AudioContext();
    let at = audio.currentTime;
    for (const [frequency, length] of TONES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length;
    }
  } catch {
    /* no audio on this device */
  }
}
