// The puzzles list (#puzzles) and one puzzle on a real board (#puzzle/ID): undo, start over, tries, a hint
// after a wrong try, the solved state. The puzzle runs in the Python host (puzzle_start, puzzle_act,
// puzzle_undo, puzzle_hint, puzzle_restart: web/py/puzzles_host.py); solved puzzles are remembered here.

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, addStrings, onLangChange } from "../i18n.js";
import { el } from "../board.js";
import { LearnBoard, hintBox } from "../learnboard.js";
import { record, entry } from "../learnstore.js";
import { ruleHref } from "./lessons.js";

addStrings({
  en: {
    pzTitle: "Puzzles",
    pzIntro: "Real positions, real cards. Find the line that wins this turn, or the one that survives the next.",
    pzKind_win: "Win this turn",
    pzKind_survive: "Survive the turn",
    pzDifficulty: "Difficulty {n} of 5",
    pzSolved: "Solved",
    pzSolvedIn: "Solved in {n} tries",
    pzOpen: "Try it",
    pzBack: "← Puzzles",
    pzUndo: "Undo",
    pzRestart: "Start over",
    pzHint: "Hint",
    pzShare: "Share this position",
    pzShareTitle: "How would you play this? Share the position",
    pzHintLocked: "A hint is offered after a wrong try.",
    pzNext: "Next puzzle →",
    pzUnknown: "There is no puzzle “{id}”.",
    pzError: "The puzzle could not continue: {error}",
    pzLoading: "Loading puzzles…",
    pzNone: "No puzzles yet.",
    pzLearnLink: "← Learn",
  },
  ja: {
    pzTitle: "パズル",
    pzIntro: "本物の盤面、本物のカード。このターンで勝つ手順、または相手のターンを耐える手順を見つけてください。",
    pzKind_win: "このターンで勝つ",
    pzKind_survive: "相手のターンを耐える",
    pzDifficulty: "難しさ {n} / 5",
    pzSolved: "クリア",
    pzSolvedIn: "{n}回目でクリア",
    pzOpen: "挑戦する",
    pzBack: "← パズル",
    pzUndo: "一手戻す",
    pzRestart: "最初から",
    pzHint: "ヒント",
    pzShare: "この局面を共有",
    pzShareTitle: "あなたならどうする？局面を共有",
    pzHintLocked: "一度まちがえるとヒントが使えます。",
    pzNext: "次のパズル →",
    pzUnknown: "パズル「{id}」はありません。",
    pzError: "パズルを続けられませんでした：{error}",
    pzLoading: "パズルを読み込み中…",
    pzNone: "パズルはまだありません。",
    pzLearnLink: "← 学ぶ",
  },
});

let puzzles = null;
let context = null;
const text = (value) => (value && (value[lang()] || value.en)) || "";
const kindKey = (kind) => (kind === "survive" ? "pzKind_survive" : "pzKind_win");

/** The puzzle list from the host, easiest first. */
export async function puzzleList(ctx) {
  if (!puzzles) {
    const answer = await ctx.call("puzzle_list", {});
    puzzles = [...answer.puzzles].sort((a, b) => (a.difficulty ?? 0) - (b.difficulty ?? 0) || a.id.localeCompare(b.id));
  }
  return puzzles;
}

// ------------------------------------------------------------------------- #puzzles

const list = { section: null };

async function showList(args, ctx) {
  context = ctx;
  list.section = screenSection("puzzles");
  list.section.replaceChildren(el("p", { class: "muted", text: t("pzLoading") }));
  try {
    await puzzleList(ctx);
  } catch (error) {
    list.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("pzError", { error: error.message }) }));
    return;
  }
  drawList();
}

function stars(n) {
  return el("span", { class: "puzzle-stars", role: "img", "aria-label": t("pzDifficulty", { n }), title: t("pzDifficulty", { n }) },
    el("span", { "aria-hidden": "true", text: "★".repeat(n) + "☆".repeat(Math.max(0, 5 - n)) }));
}

function drawList() {
  list.section.replaceChildren(
    el("a", { href: "#learn", text: t("pzLearnLink") }),
    el("h2", { text: t("pzTitle") }),
    el("p", { text: t("pzIntro") }),
    puzzles.length ? el("ol", { class: "lesson-list puzzle-list" }, puzzles.map((p) => {
      const mine = entry("puzzles", p.id);
      return el("li", { class: `lesson-item${mine.solved ? " status-done" : ""}`, dataset: { puzzle: p.id } },
        el("div", { class: "lesson-main" },
          el("h3", {}, el("a", { href: routeHash("puzzle", p.id), text: text(p.title) })),
          el("p", { class: "muted", text: text(p.goal) }),
          el("p", { class: "lesson-facts" },
            el("span", { class: "puzzle-kind", text: t(kindKey(p.kind)) }), stars(p.difficulty ?? 1),
            mine.solved ? el("span", { class: "lesson-status status-done", text: t("pzSolvedIn", { n: mine.tries ?? 1 }) }) : null)),
        el("a", { class: "button lesson-go", href: routeHash("puzzle", p.id), text: t("pzOpen"), "aria-label": `${t("pzOpen")}: ${text(p.title)}` }));
    })) : el("p", { class: "muted", text: t("pzNone") }));
}

// ------------------------------------------------------------------------- #puzzle/ID

const puzzle = { section: null, board: null, meta: null, state: null, hint: null, busy: false, actions: [], updates: 0 };

async function showPuzzle([id], ctx) {
  context = ctx;
  puzzle.section = screenSection("puzzle");
  // Back from a rule's page: the puzzle goes on where it was (the host still holds it).
  const resume = puzzle.meta?.id === id && puzzle.state && puzzle.lang === lang()
    && (puzzle.state.status !== "solved" || puzzle.leftFor?.startsWith("#rules"));
  puzzle.leftFor = null;
  if (resume) return;
  try {
    await puzzleList(ctx);
  } catch (error) {
    puzzle.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("pzError", { error: error.message }) }));
    return;
  }
  puzzle.meta = puzzles.find((p) => p.id === id) || null;
  if (!puzzle.meta) {
    puzzle.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("pzUnknown", { id }) }),
      el("a", { href: "#puzzles", text: t("pzBack") }));
    return;
  }
  drawFrame();
  await startPuzzle([]);
}

function drawFrame() {
  const boardRoot = el("div", { id: "puzzle-board" });
  puzzle.section.replaceChildren(
    el("div", { class: "learn-toolbar" },
      el("a", { href: "#puzzles", class: "button", text: t("pzBack") }),
      el("h2", { id: "puzzle-title", text: text(puzzle.meta.title) }),
      el("span", { class: "puzzle-kind", text: t(kindKey(puzzle.meta.kind)) }), stars(puzzle.meta.difficulty ?? 1),
      puzzle.undoButton = el("button", { type: "button", id: "puzzle-undo", text: t("pzUndo"), onclick: () => run("puzzle_undo", {}, true) }),
      el("button", { type: "button", id: "puzzle-restart", text: t("pzRestart"), onclick: () => run("puzzle_restart", {}, true) }),
      puzzle.hintButton = el("button", { type: "button", id: "puzzle-hint", text: t("pzHint"), onclick: showHint }),
      // a position link of the board on screen (the Share dialog is screens/saves.js's)
      el("button", { type: "button", id: "puzzle-share", text: t("pzShare"), onclick: () => window.dispatchEvent(
        new CustomEvent("pwtcg:share-game", { detail: { method: "puzzle_share", title: t("pzShareTitle") } })) })),
    puzzle.errorBox = el("p", { class: "error", role: "alert", hidden: true }),
    boardRoot);
  puzzle.board = new LearnBoard(boardRoot, { kind: "puzzle", catalog: context.catalog, ruleHref, act, extra: puzzleExtra });
}

async function startPuzzle(actions) {
  puzzle.lang = lang();
  puzzle.state = null;
  let state = await ask("puzzle_start", { id: puzzle.meta.id, lang: lang() });
  puzzle.actions = [];
  for (const action of actions) {
    const next = await ask("puzzle_act", { action });
    if (!next) break;
    state = next;
    puzzle.actions.push(action);
  }
  if (state) showState(state);
}

async function ask(method, argument) {
  try {
    puzzle.errorBox.hidden = true;
    return await context.call(method, argument);
  } catch (error) {
    puzzle.errorBox.textContent = t("pzError", { error: error.message });
    puzzle.errorBox.hidden = false;
    return null;
  }
}

function showState(state) {
  puzzle.state = { ...state, goal: text(puzzle.meta.goal) };
  puzzle.board.show(puzzle.state);
  puzzle.hintButton.disabled = !state.hint_available;
  puzzle.hintButton.title = state.hint_available ? "" : t("pzHintLocked");
  puzzle.section.dataset.status = state.status;
  puzzle.section.dataset.tries = state.tries;
  puzzle.section.dataset.hint = state.hint_available ? "1" : "0";
  if (state.status === "solved") {
    const before = entry("puzzles", state.id);
    if (!before.solved) record("puzzles", state.id, { solved: true, tries: Math.max(1, state.tries) });
  }
  puzzle.updates += 1;
  puzzle.section.dataset.updates = String(puzzle.updates);
}

/** Send one request that returns a PuzzleState; ``resets`` clears the shown hint (undo, start over). */
async function run(method, argument, resets = false) {
  if (puzzle.busy) return;
  puzzle.busy = true;
  puzzle.board.busy(true);
  const state = await ask(method, argument);
  puzzle.busy = false;
  puzzle.board.busy(false);
  if (!state) return;
  if (resets) puzzle.hint = null;
  if (method === "puzzle_act") puzzle.actions.push(argument.action);
  else if (method === "puzzle_undo") puzzle.actions.pop();
  else if (method === "puzzle_restart") puzzle.actions = [];
  showState(state);
}

function act(action) {
  puzzle.hint = null;
  return run("puzzle_act", { action });
}

async function showHint() {
  // two steps: which card first; a second press (or "Show the move") gives the whole move
  if (puzzle.hint && puzzle.hintStage === 1) puzzle.hintStage = 2;
  else {
    const hint = await ask("puzzle_hint", {});
    if (!hint) return;
    puzzle.hint = hint;
    puzzle.hintStage = 1;
  }
  showState(puzzle.state);
  document.getElementById("puzzle-hint-box")?.focus();
}

function puzzleExtra(state) {
  const parts = [];
  if (puzzle.hint) {
    const box = hintBox(puzzle.hint, puzzle.hintStage, puzzle.board, { id: "puzzle-hint-box", more: showHint });
    box.tabIndex = -1;
    box.dataset.action = puzzle.hint.action;
    parts.push(box);
    if (puzzle.hintStage > 1) for (const button of document.querySelectorAll(`#puzzle-board .learn-option[data-action="${CSS.escape(puzzle.hint.action)}"]`)) {
      button.classList.add("hinted");
    }
  }
  if (state.status === "solved") {
    const index = puzzles.findIndex((p) => p.id === state.id);
    const next = puzzles[index + 1];
    parts.push(el("div", { class: "learn-finish" },
      next ? el("a", { class: "button primary", id: "puzzle-next", href: routeHash("puzzle", next.id), text: t("pzNext") }) : null,
      el("a", { class: "button", href: "#puzzles", text: t("pzBack") })));
  }
  return parts;
}

onLangChange(() => {
  if (list.section && !list.section.hidden && puzzles) drawList();
  if (puzzle.section && !puzzle.section.hidden && puzzle.meta) {
    drawFrame();
    startPuzzle([...puzzle.actions]);
  }
});

/** For tests: the puzzle state on screen. */
window.pwtcgLearn = { ...(window.pwtcgLearn || {}), puzzle: () => puzzle.state };

// The sections exist from the start, so the router shows them (it shows only sections already in <main>).
screenSection("puzzles");
screenSection("puzzle");
registerScreen("puzzles", { show: showList, hide() {} });
registerScreen("puzzle", { show: showPuzzle, hide() { puzzle.leftFor = location.hash; } });
