// Deck testing in the deck builder: simulate the deck being edited against every shipped deck in the engine's
// worker (host requests simulate.start / simulate.step / simulate.cancel in web/py/simulate_host.py), with a
// progress bar while the games run and an SVG chart of the win rates with their 95% intervals.

import { t, lang } from "./i18n.js";
import { el } from "./dom.js";
import { R } from "./protocol.js";

const SVG = "http://www.w3.org/2000/svg";
let ticket = 0;

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

/** The panel: options, a Simulate button, the progress bar and the result. ``deck()`` gives the numbers. */
export function simulatePanel(deck, context) {
  const games = el("select", { name: "games", id: "sim-games" },
    ...[10, 20, 50].map((n) => el("option", { value: n, text: String(n) })));
  const level = el("select", { name: "level", id: "sim-level" },
    el("option", { value: "normal", text: t("simLevelNormal") }), el("option", { value: "beginner", text: t("simLevelBeginner") }));
  const go = el("button", { type: "submit", class: "primary", id: "sim-go", text: t("simGo") });
  const stop = el("button", { type: "button", id: "sim-cancel", text: t("simCancel"), hidden: true });
  const bar = el("progress", { id: "sim-progress", max: 1, value: 0, hidden: true, "aria-label": t("simTitle") });
  const status = el("p", { id: "sim-status", class: "muted small", role: "status" });
  const result = el("div", { id: "sim-result" });
  const form = el("form", { id: "sim-form", class: "sim-panel" },
    el("div", { class: "sim-controls" },
      el("label", {}, el("span", { class: "facet-label", text: t("simGames") }), " ", games),
      el("label", {}, el("span", { class: "facet-label", text: t("simLevel") }), " ", level),
      go, stop),
    el("p", { class: "muted small", text: t("simNote") }), bar, status, result);
  stop.addEventListener("click", () => {
    ticket += 1;
    context.call(R.SIMULATE_CANCEL).catch(() => {});
    finish();
  });
  function finish() {
    go.disabled = false;
    stop.hidden = true;
    form.removeAttribute("aria-busy");
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const mine = ++ticket;
    go.disabled = true;
    stop.hidden = false;
    form.setAttribute("aria-busy", "true");
    result.replaceChildren();
    bar.hidden = false;
    try {
      let progress = await context.call(R.SIMULATE_START, {
        deck: [...deck()], games: Number(games.value), level: level.value, lang: lang(), seed: Date.now() % 100000,
      });
      while (mine === ticket) {
        bar.max = progress.total;
        bar.value = progress.done;
        status.textContent = t("simProgress", { done: progress.done, total: progress.total });
        form.dataset.done = String(progress.done);
        if (progress.finished) {
          status.textContent = t("simDone", { games: progress.total });
          result.replaceChildren(chart(progress.results), table(progress.results));
          form.dataset.finished = "1";
          break;
        }
        progress = await context.call(R.SIMULATE_STEP);
      }
    } catch (error) {
      if (mine === ticket) status.textContent = t("simFailed", { error: error.message });
    } finally {
      if (mine === ticket) finish();
    }
  });
  return form;
}

function nameOf(row) {
  return row.name?.[lang()] || row.name?.en || row.deck;
}

function rowText(row) {
  return t("simRow", {
    name: nameOf(row), rate: Math.round(row.win_rate * 100), wins: row.wins, losses: row.losses, games: row.games,
    lo: Math.round(row.interval[0] * 100), hi: Math.round(row.interval[1] * 100), turns: row.avg_turns.toFixed(1),
  });
}

/** Horizontal bars: the win rate (won part green, lost part red), its 95% interval, a dashed line at 50%. */
export function chart(rows) {
  const labelW = 190, barW = 300, rowH = 34, top = 24, width = labelW + barW + 60;
  const height = top + rows.length * rowH + 10;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "sim-chart", id: "sim-chart", role: "img",
    "aria-label": `${t("simChart")}: ${rows.map(rowText).join("; ")}` });
  root.append(svg("title", {}, t("simChart")));
  for (const [k, tick] of [0, 0.5, 1].entries()) {
    const x = labelW + tick * barW;
    root.append(svg("text", { x, y: 14, "text-anchor": ["start", "middle", "end"][k] }, `${tick * 100}%`));
  }
  rows.forEach((row, i) => {
    const y = top + i * rowH;
    const won = row.win_rate * barW;
    const g = svg("g", { class: "sim-row", "data-deck": row.deck });
    g.append(svg("text", { x: labelW - 8, y: y + 18, "text-anchor": "end" }, nameOf(row)));
    g.append(svg("rect", { class: "sim-bar-win", x: labelW, y: y + 4, width: won, height: 20 }));
    g.append(svg("rect", { class: "sim-bar-loss", x: labelW + won, y: y + 4, width: barW - won, height: 20 }));
    const [lo, hi] = row.interval.map((p) => labelW + p * barW);
    g.append(svg("line", { class: "sim-ci", x1: lo, x2: hi, y1: y + 14, y2: y + 14 }));
    g.append(svg("line", { class: "sim-ci", x1: lo, x2: lo, y1: y + 9, y2: y + 19 }));
    g.append(svg("line", { class: "sim-ci", x1: hi, x2: hi, y1: y + 9, y2: y + 19 }));
    g.append(svg("text", { x: labelW + barW + 6, y: y + 18 }, `${Math.round(row.win_rate * 100)}%`));
    root.append(g);
  });
  root.append(svg("line", { class: "sim-half", x1: labelW + barW / 2, x2: labelW + barW / 2, y1: top, y2: height - 6 }));
  return root;
}

function table(rows) {
  return el("ul", { class: "sim-rows small" }, rows.map((row) => el("li", { text: rowText(row) })));
}
