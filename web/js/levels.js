// The computer's level on the start screen (Beginner / Normal / Strong): its strings, and the choice shown only
// for games against the computer. The start form (playmat/startform.js) puts the chosen `level` in the R.NEW_GAME
// request; the host makes the opponent (web/py/playmat_host.py make_computer_player). Strong searches for 1 s per
// decision in the worker.

import { t, onLangChange } from "./i18n.js";

export const LEVELS = ["beginner", "normal", "strong"];
const KEYS = { beginner: "levelBeginner", normal: "levelNormal", strong: "levelStrong" };

/** The words for one level in the current language ("Normal — a sound heuristic player"). */
export function levelText(level) {
  return t(KEYS[level] ?? level);
}

/** The level <select> of the start form, filled and kept in step with the mode and the language. */
function wire() {
  const form = document.getElementById("start-form");
  const select = form?.querySelector("select[name=level]");
  if (!form || !select) return;
  if (select.options.length === 0) {
    for (const level of LEVELS) select.append(new Option("", level, level === "normal", level === "normal"));
  }
  const label = () => {
    for (const option of select.options) option.textContent = levelText(option.value);
  };
  const showForMode = () => {
    const box = select.closest(".level-choice") ?? select;
    box.hidden = new FormData(form).get("mode") === "hotseat";
  };
  label();
  showForMode();
  form.addEventListener("change", showForMode);
  onLangChange(label);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
else wire();
