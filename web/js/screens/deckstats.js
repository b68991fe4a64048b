// The deck editor's analysis panels: legality problems, the cost curve and breakdowns, the opening odds and
// the sample hand. They draw what the engine answered (decks_analyse) into the editor's section.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { cardFace, fullName } from "../cardface.js";

/** The deck's legality: a "legal" line, or each problem with its rule. */
export function renderProblems(section, result) {
  const box = section.querySelector("#deck-problems");
  if (!result.issues.length) {
    box.replaceChildren(el("p", { class: "deck-legal", id: "deck-legal", text: t("deckLegal") }));
    return;
  }
  box.replaceChildren(el("h4", { text: t("deckProblems") }),
    el("ul", { class: "deck-issues" }, result.issues.map((issue) => el("li", { class: "deck-issue", dataset: { kind: issue.kind, rule: issue.rule } },
      el("span", { class: "rule-number", text: issue.rule }), " ", issue.message))));
}

function pct(p) {
  return `${(p * 100).toFixed(1)}%`;
}

function bars(title, entries, label) {
  const max = Math.max(1, ...entries.map(([, n]) => n));
  return el("div", { class: "breakdown" }, title ? el("h4", { text: title }) : null,
    el("ul", { class: "bars" }, entries.map(([key, n]) => {
      const bar = el("span", { class: "bar-fill" });
      bar.style.setProperty("--fill", String(n / max));
      return el("li", { dataset: { key: String(key) } }, el("span", { class: "bar-label", text: label(key) }),
        el("span", { class: "bar" }, bar), el("span", { class: "bar-value", text: String(n) }));
    })));
}

/** The curve, the breakdowns, the odds and the deck code of an analysis; `editor` is the editor's state
 * (deck, data, focus) and onFocus(number) asks for the odds of another card. */
export function renderStats(section, result, editor, onFocus) {
  const b = result.breakdown;
  const curve = [];
  const maxCost = Math.max(8, ...Object.keys(b.curve).map(Number));
  for (let c = 0; c <= maxCost; c++) curve.push([c, b.curve[c] || 0]);
  const curveBox = section.querySelector("#deck-curve");
  const max = Math.max(1, ...curve.map(([, n]) => n));
  curveBox.replaceChildren(el("ol", { class: "curve-cols", "aria-label": t("deckCurve") }, curve.map(([cost, n]) => {
    const fill = el("span", { class: "col-fill" });
    fill.style.setProperty("--fill", String(n / max));
    return el("li", { dataset: { cost: String(cost), n: String(n) }, title: `${t("facet_cost")} ${cost}: ${n}` },
      el("span", { class: "col-value", text: n ? String(n) : "" }), el("span", { class: "col" }, fill),
      el("span", { class: "col-label", text: String(cost) }));
  })));
  section.querySelector("#deck-breakdown").replaceChildren(
    bars(t("deckByType"), Object.entries(b.type), (k) => t(`cfType_${k}`)),
    bars(t("deckByColor"), Object.entries(b.color), (k) => t(`cfColor_${k}`)),
    bars(t("deckByElement"), Object.entries(b.element), (k) => t(`cfEl_${k}`)),
    el("p", { id: "deck-lucky-count", class: b.lucky > 8 ? "bad" : "", text: t("deckLuckyCount", { n: b.lucky }) }));
  renderOdds(section, result.odds, editor, onFocus);
  section.querySelector("#deck-code").value = result.code;
}

function renderOdds(section, odds, editor, onFocus) {
  const box = section.querySelector("#deck-odds");
  if (!odds || !odds.lucky_check) {
    box.replaceChildren(el("p", { class: "muted", text: t("oddsNone") }));
    return;
  }
  const row = (label, ...cells) => el("tr", {}, el("th", { scope: "row", text: label }), cells.map((c) => el("td", { text: c })));
  const distinct = [...new Set(editor.deck.numbers)].filter((n) => editor.data.byNumber.has(n));
  const pick = el("select", { id: "odds-focus", "aria-label": t("oddsFocusPick") },
    el("option", { value: "", text: t("oddsPickCard") }),
    distinct.map((n) => el("option", { value: n, selected: n === editor.focus ? true : null, text: fullName(editor.data.byNumber.get(n).entry) })));
  pick.addEventListener("change", () => onFocus(pick.value));
  const focus = odds.focus && editor.data.byNumber.get(odds.focus.number);
  box.replaceChildren(el("table", { class: "odds", id: "odds-table" },
    el("thead", {}, el("tr", {}, el("th", {}), el("th", { text: t("oddsKeep") }), el("th", { text: t("oddsRedraw") }))),
    el("tbody", {},
      odds.lucky_check.map((p, i) => row(t("oddsLucky", { n: i + 1 }), pct(p), "")),
      row(t("oddsFirst"), pct(odds.playable_first.first.keep), pct(odds.playable_first.first.redraw)),
      row(t("oddsSecond"), pct(odds.playable_first.second.keep), pct(odds.playable_first.second.redraw)),
      row(t("oddsLuckyOpening"), pct(odds.lucky_in_opening), ""),
      focus ? row(t("oddsFocus", { name: fullName(focus.entry) }), pct(odds.focus.keep), pct(odds.focus.redraw)) : null)),
  el("label", { class: "odds-pick" }, el("span", { class: "facet-label", text: t("oddsFocusPick") }), pick));
}

/** Shuffle the deck with the browser's randomness and show five cards (the editor's `hand`, `hands`). */
export function drawHand(section, editor) {
  const numbers = [...editor.deck.numbers];
  for (let i = numbers.length - 1; i > 0; i--) {   // Fisher–Yates with the browser's crypto randomness
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [numbers[i], numbers[j]] = [numbers[j], numbers[i]];
  }
  editor.hand = numbers.slice(0, 5);
  editor.hands += 1;
  renderHand(section, editor);
}

/** The sample hand drawn last, and how many hands were drawn. */
export function renderHand(section, editor) {
  const box = section.querySelector("#deck-hand");
  section.querySelector("#deck-hand-note").textContent = editor.hands ? t("deckSamplerNote", { n: editor.hands }) : "";
  section.querySelector("#deck-redraw").disabled = !editor.hands;
  box.replaceChildren(...editor.hand.map((n) => {
    const card = editor.data.byNumber.get(n);
    return card ? cardFace(card.entry, { extra: card.extra, size: "small" }) : el("span", { text: n });
  }));
}

