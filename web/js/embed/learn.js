// The lesson and puzzle embeds (?lesson=ID, ?puzzle=ID): a static first frame, then the live engine once used.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { LearnBoard, hintBox } from "../learnboard.js";
import { R } from "../protocol.js";
import { $, params, embed, send, fail, showError, langNow, appHref, reportSize, watchSize } from "./host.js";

/** The requests of each kind of learning embed (a lesson or a puzzle). */
const LEARN_REQUESTS = {
  lesson: { start: R.LESSON_START, act: R.LESSON_ACT, restart: R.LESSON_RESTART },
  puzzle: { start: R.PUZZLE_START, act: R.PUZZLE_ACT, restart: R.PUZZLE_RESTART },
};

const ruleHref = Object.assign((number) => `./#rules/${encodeURIComponent(number)}`, { external: true });

/** Draw the static frame of the lesson or puzzle from learn/<kind>-<id>.json (written by build.py, which ran the
    engine in CPython), and wake the engine at the first click (or at once with autostart=1): a page with several
    embeds stays light until one is used. */
export async function bootLearn() {
  let response;
  try {
    response = await fetch(`./learn/${params.kind}-${params.id}.json`);
  } catch (error) {
    return fail(String(error.message || error));
  }
  if (!response.ok) return fail(t("emMissing", { kind: t(params.kind === "lesson" ? "emLesson" : "emPuzzle"), id: params.id }));
  embed.frame = await response.json();
  const meta = embed.frame.meta;
  const title = (meta.title && (meta.title[params.lang || "en"] || meta.title.en)) || params.id;
  $("embed-title").textContent = title;
  document.title = title;
  embed.board = new LearnBoard($("embed-board"), {
    kind: params.kind, catalog: { ...embed.frame.catalog }, ruleHref, act: (action) => act(action), extra: extra,
  });
  showState(withGoal(embed.frame.states[langNow()] || embed.frame.states.en));
  drawTools();
  $("embed-status").textContent = t("emStaticNote");
  document.body.dataset.embed = "static";
  performance.mark("pwtcg:embed-static");
  // Any click into the static frame that is not an option or a card (those act themselves) starts the engine.
  $("embed-board").addEventListener("pointerdown", () => wake(null), { once: true });
  send("ready", { steps: embed.state.steps ?? null });
  watchSize();
  if (params.autostart) wake(null);
}

function withGoal(state) {
  if (params.kind !== "puzzle") return state;
  const goal = embed.frame.meta.goal;
  return { ...state, goal: (goal && (goal[langNow()] || goal.en)) || "" };
}

function drawTools() {
  const tools = [];
  if (!embed.live) {
    tools.push(el("button", { type: "button", class: "primary", id: "embed-play", text: t("emPlay"),
      "aria-label": t("emPlayLabel"), onclick: () => wake(null) }));
  } else {
    if (params.kind === "puzzle") {
      tools.push(el("button", { type: "button", id: "embed-undo", text: t("emUndo"), onclick: () => run(R.PUZZLE_UNDO, {}) }));
      tools.push(el("button", { type: "button", id: "embed-hint", text: t("emHint"), disabled: !embed.state?.hint_available, onclick: hint }));
    }
    tools.push(el("button", { type: "button", id: "embed-restart", text: t("emRestart"), onclick: restart }));
  }
  tools.push(el("a", { href: appHref(), target: "_blank", rel: "noopener", class: "button", text: t("emOpenApp") }));
  $("embed-tools").replaceChildren(...tools);
}

/** Start the engine (once) and replace the static frame by the live lesson; ``action`` is then played. */
export function wake(action) {
  if (embed.live) return action ? act(action) : Promise.resolve();
  if (!embed.waking) {
    performance.mark("pwtcg:embed-wake");
    document.body.dataset.embed = "loading";
    $("embed-status").textContent = t("emLoading");
    // The board stays clickable while the engine loads: the last action clicked is played once it is up.
    embed.waking = startLive().catch((error) => {
      embed.waking = null;
      fail(t("emFailed", { error: error.message || String(error) }));
    });
  }
  if (action) embed.pending = action;
  return embed.waking;
}

async function startLive() {
  embed.engine = await import("../engine.js");
  embed.engine.useEmbedWorker(params.kind);
  // the list of lessons and puzzles, for the finish box's "next" (not needed for the still frame)
  fetch("./learn/index.json").then((r) => (r.ok ? r.json() : null)).then((index) => { embed.index = index; }).catch(() => {});
  let state = await embed.engine.call(LEARN_REQUESTS[params.kind].start, { id: params.id, lang: langNow() });
  await completeCatalog(state);
  embed.live = true;
  document.body.dataset.embed = "live";
  performance.mark("pwtcg:embed-live");
  send(params.kind === "lesson" ? "lesson-started" : "puzzle-started", { steps: state.steps ?? null });
  const pending = embed.pending;
  embed.pending = null;
  if (pending && (state.options || []).some((option) => option.action === pending)) {
    state = await embed.engine.call(LEARN_REQUESTS[params.kind].act, { action: pending });
    await completeCatalog(state);
  }
  $("embed-status").textContent = "";
  showState(state);
  drawTools();
}

/** Cards the static catalogue lacks (drawn since): ask the engine's catalogue once. */
async function completeCatalog(state) {
  const catalog = embed.board.catalog;
  const missing = state.view.players.some((p) => ["hand", "base", "graveyard", "exile"]
    .some((zone) => (p[zone] || []).some((card) => !catalog[card.number])));
  if (missing && !embed.fullCatalog) {
    const hello = await embed.engine.call(R.HELLO);
    embed.fullCatalog = true;
    Object.assign(catalog, hello.catalog || {});
  }
}

async function act(action) {
  if (!embed.live) return wake(action);
  return run(LEARN_REQUESTS[params.kind].act, { action });
}

async function run(method, argument) {
  if (embed.busy) return;
  embed.busy = true;
  embed.board.busy(true);
  try {
    const state = await embed.engine.call(method, argument);
    await completeCatalog(state);
    if (method !== R.PUZZLE_HINT) embed.hint = null;
    showState(state);
    drawTools();
  } catch (error) {
    showError(error.message);
  } finally {
    embed.busy = false;
    embed.board.busy(false);
  }
}

/** Start the lesson or puzzle again (the host's "restart" command, or the Restart button). */
export function restart() {
  if (!embed.live) return wake(null);
  embed.lastStep = 0;
  embed.hint = null;
  return run(LEARN_REQUESTS[params.kind].restart, {});
}

async function hint() {
  try {
    // two steps: first which card, a second press the whole move
    if (embed.hint && embed.hintStage === 1) embed.hintStage = 2;
    else {
      embed.hint = await embed.engine.call(R.PUZZLE_HINT, {});
      embed.hintStage = 1;
    }
    showState(embed.state);
  } catch (error) {
    showError(error.message);
  }
}

function extra(state) {
  const box = embed.hint ? hintBox(embed.hint, embed.hintStage, embed.board, { id: "embed-hint-box", more: hint }) : null;
  return [box, finishBox(state)];
}

/** The finished lesson or solved puzzle: the next one (in this frame), replay, and the app. */
function finishBox(state) {
  const done = params.kind === "lesson" ? state?.finished : state?.status === "solved";
  if (!done || !embed.live) return null;
  const next = nextItem();
  const nextHref = next ? `./embed.html?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)),
    [params.kind]: next.id, autostart: "1" })}` : null;
  return el("div", { class: "learn-finish embed-finish", id: "embed-finish" },
    nextHref ? el("a", { class: "button primary", id: "embed-next", href: nextHref,
      text: t(params.kind === "lesson" ? "emNextLesson" : "emNextPuzzle") }) : null,
    el("button", { type: "button", id: "embed-replay", text: t("emReplay"), onclick: restart }),
    el("a", { class: "button", id: "embed-open-app", href: appHref(), target: "_blank", rel: "noopener", text: t("emOpenApp") }));
}

/** The lesson after this one on its path (course or shelf), or the next puzzle, from learn/index.json. */
function nextItem() {
  const index = embed.index;
  if (!index) return null;
  const items = params.kind === "lesson"
    ? index.lessons.filter((l) => l.path === embed.frame.meta.path).sort((a, b) => a.order - b.order)
    : index.puzzles;
  const at = items.findIndex((item) => item.id === params.id);
  return at >= 0 ? items[at + 1] || null : null;
}

/** Draw a state and tell the host what changed (step done, lesson finished, puzzle solved). */
function showState(state) {
  const before = embed.state;
  embed.state = params.kind === "puzzle" ? withGoal(state) : state;
  embed.board.show(embed.state);
  document.body.dataset.step = state.step ?? "";
  document.body.dataset.status = state.status ?? (state.finished ? "finished" : "playing");
  if (!embed.live || !before) return reportSize();
  if (params.kind === "lesson") {
    if (state.step > embed.lastStep || (state.finished && !before.finished)) {
      for (let step = embed.lastStep; step < (state.finished ? state.steps : state.step); step += 1) {
        send("step-done", { step, steps: state.steps });
      }
      embed.lastStep = state.finished ? state.steps : state.step;
    }
    if (state.finished && !before.finished) send("lesson-finished", { steps: state.steps });
  } else if (state.status === "solved" && before.status !== "solved") {
    send("puzzle-solved", { tries: state.tries });
  }
  reportSize();
}
