// The "Hint" button of games against the computer: asks the Strong level (host request R.HINT) for the human's
// move, highlights it on the board (the option button and the cards it names) and shows a one-line reason.
// It follows the playmat through the events the shell and the playmat already send (pwtcg:context, pwtcg:state).

import { t, lang, onLangChange } from "./i18n.js";
import { optionLabel } from "./actions.js";
import { R } from "./protocol.js";

const hint = { context: null, state: null, answer: null, pending: false };

function button() {
  return document.getElementById("hint-button");
}

/** The line under the decision prompt that holds the hint (made on first use). */
function line() {
  let node = document.getElementById("hint-line");
  if (!node) {
    node = document.createElement("p");
    node.id = "hint-line";
    node.className = "hint-line";
    node.setAttribute("role", "status");
    const prompt = document.getElementById("decision-prompt");
    if (prompt) prompt.after(node);
    else document.getElementById("panel")?.prepend(node);
  }
  return node;
}

/** The human may ask: a game against the computer, the human's own decision, the game not over. */
function offered(state) {
  return Boolean(state && state.mode === "computer" && state.decision && !state.computer_to_act
    && !state.view?.outcome && state.decision.player === state.human && state.decision.options);
}

function refreshButton() {
  const b = button();
  if (!b) return;
  b.hidden = !offered(hint.state);
  b.disabled = hint.pending;
  b.textContent = hint.pending ? t("hintThinking") : t("hint");
  b.setAttribute("aria-busy", hint.pending ? "true" : "false");
}

function clearMarks() {
  for (const node of document.querySelectorAll(".hint-target")) node.classList.remove("hint-target");
}

/** Mark the hinted option and cards on the board (again after each redraw of the playmat). */
function mark() {
  clearMarks();
  const answer = hint.answer;
  if (!answer) return;
  const option = [...document.querySelectorAll("#options [data-action]")].find((b) => b.dataset.action === answer.action);
  option?.classList.add("hint-target");
  for (const id of new Set([...answer.cards, ...(optionOf(answer.action)?.cards ?? [])])) {
    for (const node of document.querySelectorAll(`#playmat [data-id="${id}"]`)) node.classList.add("hint-target");
  }
}

/** The option of the decision on the playmat whose action text this is (the host's data: cards, labels). */
function optionOf(text) {
  return hint.state?.decision?.options?.find((option) => option.action === text);
}

function say() {
  const answer = hint.answer;
  if (!answer || !hint.state) return;
  const label = (text) => optionLabel(optionOf(text) ?? { action: text });
  const parts = [t("hintMove", { move: label(answer.action) })];
  if (answer.score === null || answer.score === undefined) parts.push(t("hintHeuristic"));
  else {
    parts.push(t("hintSearched", { n: answer.playouts, score: Math.round(answer.score * 100) }));
    if (answer.action !== answer.normal && answer.normal_score !== null && answer.normal_score !== undefined) {
      parts.push(t("hintBetter", { other: label(answer.normal), otherScore: Math.round(answer.normal_score * 100) }));
    }
  }
  const node = line();
  node.textContent = parts.join(" ");
  node.hidden = false;
  node.dataset.action = answer.action;
  node.lang = lang();
}

async function ask() {
  if (hint.pending || !offered(hint.state) || !hint.context) return;
  const asked = hint.state;
  hint.pending = true;
  refreshButton();
  try {
    const answer = await hint.context.call(R.HINT, {});
    if (hint.state !== asked) return;       // the game moved on meanwhile
    hint.answer = answer;
    say();
    mark();
  } catch (error) {
    const node = line();
    node.textContent = t("hintFailed", { error: error.message });
    node.hidden = false;
  } finally {
    hint.pending = false;
    refreshButton();
  }
}

window.addEventListener("pwtcg:context", (event) => { hint.context = event.detail; });
window.addEventListener("pwtcg:state", (event) => {
  hint.state = event.detail.state;
  hint.answer = null;
  clearMarks();
  const node = document.getElementById("hint-line");
  if (node) { node.hidden = true; node.textContent = ""; delete node.dataset.action; }
  refreshButton();
});
// the playmat redraws its cards and options after each state: mark them again once it has
new MutationObserver(() => { if (hint.answer && !document.querySelector(".hint-target")) mark(); })
  .observe(document.documentElement, { childList: true, subtree: true });
onLangChange(() => { refreshButton(); say(); });

function wire() {
  button()?.addEventListener("click", ask);
  refreshButton();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
else wire();
