// The puzzles list (#puzzles: filters by theme, difficulty, kind and source; the puzzle of the day; the player's
// rating and a streak) and one puzzle on a real board (#puzzle/ID): undo, start over, tries, a hint after a
// wrong try, the solved state. The puzzle runs in the Python host (puzzles.start, puzzles.act, puzzles.undo,
// puzzles.hint, puzzles.restart: web/py/puzzles_host.py); solved puzzles are remembered here, the rating and the
// streak in puzzlerating.js (Glicko-2: the first attempt at each puzzle counts, a wrong try is a miss).

import { registerScreen, screenSection, routeHash } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { LearnBoard, hintBox } from "../learnboard.js";
import { record, entry } from "../learnstore.js";
import { ruleHref } from "./lessons.js";
import { ratingRecord, isRated, ratePuzzle, streak, startStreak, streakAt, streakSolved, endStreak, nextInStreak,
  dailyPuzzle, today } from "../puzzlerating.js";
import { R } from "../protocol.js";

let puzzles = null;
let context = null;
const text = (value) => (value && (value[lang()] || value.en)) || "";
const kindKey = (kind) => (kind === "survive" ? "pzKind_survive" : "pzKind_win");

/** The puzzle list from the host: hand-made first, then mined ones, each easiest first. */
export async function puzzleList(ctx) {
  if (!puzzles) {
    const answer = await ctx.call(R.PUZZLE_LIST, {});
    // hand-made first (they teach in order), then the ones mined from games; each easiest first
    puzzles = [...answer.puzzles].sort((a, b) => Number(Boolean(a.generated)) - Number(Boolean(b.generated))
      || (a.difficulty ?? 0) - (b.difficulty ?? 0) || a.id.localeCompare(b.id));
  }
  return puzzles;
}

// ------------------------------------------------------------------------- #puzzles

const list = { section: null };
// The list's filters ("" = all); kept while the page lives, so coming back to the list keeps them.
const filters = { theme: "", difficulty: "", kind: "", source: "" };
const themeKey = (theme) => "pzTheme_" + theme.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const themeName = (theme) => t(themeKey(theme));

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

/** Whether a puzzle passes the list's filters. */
export function passes(p, f = filters) {
  return (!f.theme || (p.themes || []).includes(f.theme)) && (!f.difficulty || String(p.difficulty) === f.difficulty)
    && (!f.kind || p.kind === f.kind) && (!f.source || (f.source === "mined") === Boolean(p.generated));
}

function ratingLine() {
  const r = ratingRecord();
  return t(r.rd > 150 ? "pzRatingNew" : "pzRating", { r: Math.round(r.rating), rd: Math.round(r.rd) });
}

function select(name, label, choices) {
  const id = `puzzle-filter-${name}`;
  const box = el("select", { id, dataset: { filter: name }, onchange: (event) => { filters[name] = event.target.value; drawItems(); } },
    [["", t("pzAny")], ...choices].map(([value, text]) => el("option", { value, text })));
  box.value = filters[name];
  return el("label", { class: "puzzle-filter", for: id }, el("span", { text: label }), box);
}

function filterBar() {
  const themes = [...new Set(puzzles.flatMap((p) => p.themes || []))].sort();
  return el("fieldset", { class: "puzzle-filters" },
    el("legend", { text: t("pzFilters") }),
    select("theme", t("pzTheme"), themes.map((th) => [th, themeName(th)])),
    select("difficulty", t("pzDifficultyFilter"), [1, 2, 3, 4, 5].map((n) => [String(n), "★".repeat(n)])),
    select("kind", t("pzKindFilter"), [["win-this-turn", t("pzKind_win")], ["survive", t("pzKind_survive")]]),
    select("source", t("pzSource"), [["hand", t("pzHandMade")], ["mined", t("pzMined")]]));
}

function dailyBox() {
  const day = today();
  const p = dailyPuzzle(puzzles, day);
  if (!p) return null;
  return el("p", { class: "puzzle-daily", id: "puzzle-daily", dataset: { puzzle: p.id, day } },
    el("strong", { text: `${t("pzDaily", { date: day })}: ` }),
    el("a", { href: routeHash("puzzle", p.id), text: text(p.title) }), " ", stars(p.difficulty ?? 1));
}

function streakBox() {
  const s = streak();
  return el("p", { class: "puzzle-streak-box" },
    el("button", { type: "button", id: "puzzle-streak-start", text: t("pzStreakStart"), onclick: beginStreak }),
    " ", el("span", { class: "muted", id: "puzzle-streak-best", text: t("pzStreakBest", { n: s.best }) }));
}

function beginStreak() {
  startStreak();
  const first = nextInStreak(puzzles);
  if (first) {
    streakAt(first.id);
    location.hash = routeHash("puzzle", first.id);
  }
}

function drawList() {
  list.items = el("div", { id: "puzzle-items" });
  list.section.replaceChildren(
    el("a", { href: "#learn", text: t("pzLearnLink") }),
    el("h2", { text: t("pzTitle") }),
    el("p", { text: t("pzIntro") }),
    el("p", { class: "puzzle-rating", id: "puzzle-player-rating", text: ratingLine() }),
    dailyBox(), streakBox(), filterBar(), list.items);
  drawItems();
}

function drawItems() {
  const shown = puzzles.filter((p) => passes(p));
  list.items.replaceChildren(
    el("p", { class: "muted", id: "puzzle-count", role: "status", text: t("pzShown", { n: shown.length, total: puzzles.length }) }),
    shown.length ? el("ol", { class: "lesson-list puzzle-list" }, shown.map((p) => {
      const mine = entry("puzzles", p.id);
      return el("li", { class: `lesson-item${mine.solved ? " status-done" : ""}`, dataset: { puzzle: p.id } },
        el("div", { class: "lesson-main" },
          el("h3", {}, el("a", { href: routeHash("puzzle", p.id), text: text(p.title) })),
          el("p", { class: "muted", text: text(p.goal) }),
          el("p", { class: "lesson-facts" },
            el("span", { class: "puzzle-kind", text: t(kindKey(p.kind)) }), stars(p.difficulty ?? 1),
            el("span", { class: "puzzle-rating-of", text: t("pzPuzzleRating", { r: p.rating }) }),
            (p.themes || []).length ? el("span", { class: "puzzle-themes", text: t("pzThemes", { list: p.themes.map(themeName).join(", ") }) }) : null,
            mine.solved ? el("span", { class: "lesson-status status-done", text: t("pzSolvedIn", { n: mine.tries ?? 1 }) }) : null)),
        el("a", { class: "button lesson-go", href: routeHash("puzzle", p.id), text: t("pzOpen"), "aria-label": `${t("pzOpen")}: ${text(p.title)}` }));
    })) : el("p", { class: "muted", text: puzzles.length ? t("pzNoMatch") : t("pzNone") }));
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
  puzzle.change = null;
  puzzle.streakOver = null;
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
      puzzle.undoButton = el("button", { type: "button", id: "puzzle-undo", text: t("pzUndo"), onclick: () => run(R.PUZZLE_UNDO, {}, true) }),
      el("button", { type: "button", id: "puzzle-restart", text: t("pzRestart"), onclick: () => run(R.PUZZLE_RESTART, {}, true) }),
      puzzle.hintButton = el("button", { type: "button", id: "puzzle-hint", text: t("pzHint"), onclick: showHint }),
      // a position link of the board on screen (the Share dialog is screens/saves.js's)
      el("button", { type: "button", id: "puzzle-share", text: t("pzShare"), onclick: () => window.dispatchEvent(
        new CustomEvent("pwtcg:share-game", { detail: { method: R.PUZZLE_SHARE, title: t("pzShareTitle") } })) })),
    puzzle.errorBox = el("p", { class: "error", role: "alert", hidden: true }),
    boardRoot);
  puzzle.board = new LearnBoard(boardRoot, { kind: "puzzle", catalog: context.catalog, ruleHref, act, extra: puzzleExtra });
}

async function startPuzzle(actions) {
  puzzle.lang = lang();
  puzzle.state = null;
  let state = await ask(R.PUZZLE_START, { id: puzzle.meta.id, lang: lang() });
  puzzle.actions = [];
  for (const action of actions) {
    const next = await ask(R.PUZZLE_ACT, { action });
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
  judge(state);   // first: the board's notes show the rating and streak after this move
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
  puzzle.section.dataset.rating = String(Math.round(ratingRecord().rating));
  puzzle.section.dataset.streak = streak().active ? String(streak().count) : "";
  puzzle.updates += 1;
  puzzle.section.dataset.updates = String(puzzle.updates);
}

/** The first outcome of an attempt rates it (a wrong try is a miss, a solve without one a win) and moves the
 *  streak (a miss ends it). */
function judge(state) {
  const id = state.id;
  const outcome = state.status === "failed" ? false : state.status === "solved" && state.tries === 0 ? true : null;
  if (outcome !== null && !isRated(id)) puzzle.change = ratePuzzle(id, puzzle.meta.rating ?? 1500, outcome);
  const s = streak();
  if (!s.active || s.current !== id) return;
  if (state.status === "failed") {
    puzzle.streakOver = endStreak();
  } else if (state.status === "solved") {
    streakSolved(id);
  }
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
  if (method === R.PUZZLE_ACT) puzzle.actions.push(argument.action);
  else if (method === R.PUZZLE_UNDO) puzzle.actions.pop();
  else if (method === R.PUZZLE_RESTART) puzzle.actions = [];
  showState(state);
}

function act(action) {
  puzzle.hint = null;
  return run(R.PUZZLE_ACT, { action });
}

async function showHint() {
  // two steps: which card first; a second press (or "Show the move") gives the whole move
  if (puzzle.hint && puzzle.hintStage === 1) puzzle.hintStage = 2;
  else {
    const hint = await ask(R.PUZZLE_HINT, {});
    if (!hint) return;
    puzzle.hint = hint;
    puzzle.hintStage = 1;
  }
  showState(puzzle.state);
  document.getElementById("puzzle-hint-box")?.focus();
}

function ratingNote() {
  const r = ratingRecord();
  const change = puzzle.change;
  const line = change
    ? t("pzRatingChange", { before: change.before, after: change.after, delta: `${change.after >= change.before ? "+" : ""}${change.after - change.before}` })
    : isRated(puzzle.meta.id) && puzzle.state.status !== "playing" ? t("pzRatingSame") : t("pzPuzzleRating", { r: puzzle.meta.rating });
  return el("p", { class: "learn-note puzzle-rating-note", id: "puzzle-rating-note", dataset: { rating: String(Math.round(r.rating)) }, text: line });
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
  parts.push(ratingNote());
  const s = streak();
  if (s.active && s.current === state.id) {
    parts.push(el("p", { class: "learn-note puzzle-streak", id: "puzzle-streak", text: t("pzStreakOn", { n: s.count }) }));
  } else if (puzzle.streakOver !== null && puzzle.streakOver !== undefined) {
    parts.push(el("p", { class: "learn-note wrong puzzle-streak", id: "puzzle-streak", role: "status", text: t("pzStreakOver", { n: puzzle.streakOver }) }),
      el("button", { type: "button", id: "puzzle-streak-again", text: t("pzStreakAgain"), onclick: beginStreak }));
  }
  if (state.status === "solved") {
    const streakNext = s.active && s.current === state.id ? nextInStreak(puzzles) : null;
    const index = puzzles.findIndex((p) => p.id === state.id);
    const next = puzzles[index + 1];
    parts.push(el("div", { class: "learn-finish" },
      streakNext ? el("a", { class: "button primary", id: "puzzle-streak-next", href: routeHash("puzzle", streakNext.id), text: t("pzStreakNext"),
        onclick: () => streakAt(streakNext.id) }) : null,
      !streakNext && next ? el("a", { class: "button primary", id: "puzzle-next", href: routeHash("puzzle", next.id), text: t("pzNext") }) : null,
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
