// The Learn screen (#learn: the course path, the reference shelf, links to puzzles and embedding) and the
// lesson screen (#lesson/ID: one lesson on a real board). The lesson runs in the Python host (lessons.start,
// lessons.act, lessons.restart: web/py/lessons_host.py); progress stays in this browser (learnstore.js).

import { registerScreen, screenSection, routeHash, go } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { LearnBoard } from "../learnboard.js";
import { progress, record, entry, resetProgress } from "../learnstore.js";
import { R } from "../protocol.js";

/** The app's rules page entry of a rule number. */
export const ruleHref = (number) => routeHash("rules", number);

let lessons = null;   // lessons.list, sorted: course by order first, then the shelf
let context = null;

/** The lesson list (asked once): the build's copy of the host's answer (learn/index.json), so the Learn page
 * needs no Python; the host itself when that file cannot be read. */
export async function lessonList(ctx) {
  if (!lessons) {
    const answer = await fetch("learn/index.json").then((response) => (response.ok ? response.json() : null))
      .catch(() => null) ?? await ctx.call(R.LESSON_LIST, {});
    lessons = [...answer.lessons].sort((a, b) => (a.path === b.path ? 0 : a.path === "course" ? -1 : 1)
      || (a.order ?? 0) - (b.order ?? 0) || a.id.localeCompare(b.id));
  }
  return lessons;
}

const text = (value) => (value && (value[lang()] || value.en)) || "";

function status(id) {
  const mine = entry("lessons", id);
  if (mine.done) return "done";
  if (mine.skipped) return "skipped";
  if (mine.started) return "started";
  return "new";
}

// ------------------------------------------------------------------------- #learn

const learn = { section: null, confirming: false, note: "" };

async function showLearn(args, ctx) {
  context = ctx;
  learn.section = screenSection("learn");
  learn.section.replaceChildren(el("p", { class: "muted", text: t("lsLoading") }));
  try {
    await lessonList(ctx);
  } catch (error) {
    learn.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("lsError", { error: error.message }) }));
    return;
  }
  drawLearn();
}

function lessonItem(lesson, next) {
  const state = status(lesson.id);
  const verb = state === "done" || state === "skipped" ? "lsReplay" : state === "started" ? "lsContinue" : "lsStart";
  return el("li", { class: `lesson-item status-${state}${next ? " next" : ""}`, dataset: { lesson: lesson.id } },
    el("div", { class: "lesson-main" },
      el("h4", {}, el("a", { href: routeHash("lesson", lesson.id), text: text(lesson.title) })),
      el("p", { class: "muted", text: text(lesson.summary) }),
      el("p", { class: "lesson-facts" },
        el("span", { class: `lesson-status status-${state}`, text: next ? t("lsNext") : t(`ls${state[0].toUpperCase()}${state.slice(1)}`) }),
        lesson.minutes ? el("span", { text: t("lsMinutes", { n: lesson.minutes }) }) : null,
        (lesson.rules || []).length ? el("span", { text: t("lsRulesOf", { rules: lesson.rules.join(", ") }) }) : null)),
    el("a", { class: "button lesson-go", href: routeHash("lesson", lesson.id), text: t(verb),
      "aria-label": `${t(verb)}: ${text(lesson.title)}` }));
}

function drawLearn() {
  const course = lessons.filter((l) => l.path === "course");
  const shelf = lessons.filter((l) => l.path !== "course");
  const next = course.find((l) => !["done", "skipped"].includes(status(l.id)));
  const done = course.filter((l) => status(l.id) === "done").length;
  const minutes = course.reduce((sum, l) => sum + (l.minutes || 0), 0);
  const list = (items) => items.length
    ? el("ol", { class: "lesson-list" }, items.map((l) => lessonItem(l, l === next)))
    : el("p", { class: "muted", text: t("lsNone") });
  learn.section.replaceChildren(
    el("h2", { text: t("lsTitle") }),
    el("p", { text: t("lsIntro") }),
    el("div", { class: "learn-progress" },
      el("progress", { max: String(Math.max(course.length, 1)), value: String(done), "aria-label": t("lsProgress", { done, total: course.length }) }),
      el("span", { text: t("lsProgress", { done, total: course.length }) }),
      resetControls()),
    el("section", { class: "learn-group", "aria-labelledby": "learn-course-title" },
      el("h3", { id: "learn-course-title", text: t("lsCourse") }),
      el("p", { class: "muted", text: t("lsCourseIntro", { minutes }) }), list(course)),
    el("section", { class: "learn-group", "aria-labelledby": "learn-shelf-title" },
      el("h3", { id: "learn-shelf-title", text: t("lsShelf") }),
      el("p", { class: "muted", text: t("lsShelfIntro") }), list(shelf)),
    el("section", { class: "learn-group", "aria-labelledby": "learn-more-title" },
      el("h3", { id: "learn-more-title", text: t("lsMore") }),
      el("ul", { class: "learn-more" },
        el("li", {}, el("a", { href: "#puzzles", text: t("lsPuzzlesLink") })),
        el("li", {}, el("a", { href: "#rules", text: t("lsRulesLink") })),
        el("li", {}, el("a", { href: "#embedding", text: t("lsEmbedLink") })))));
}

function resetControls() {
  if (!learn.confirming) {
    return el("span", { class: "learn-reset" },
      el("button", { type: "button", id: "learn-reset", text: t("lsReset"), onclick: () => {
        learn.confirming = true;
        drawLearn();
        document.getElementById("learn-reset-no")?.focus();
      } }),
      learn.note ? el("span", { role: "status", class: "muted", text: learn.note }) : null);
  }
  const answer = (reset) => {
    learn.confirming = false;
    learn.note = "";
    if (reset) {
      resetProgress();
      learn.note = t("lsResetDone");
    }
    drawLearn();
    document.getElementById("learn-reset")?.focus();
  };
  return el("span", { class: "learn-reset", role: "group", "aria-label": t("lsResetConfirm") },
    el("span", { text: t("lsResetConfirm") }),
    el("button", { type: "button", id: "learn-reset-yes", class: "danger", text: t("lsResetYes"), onclick: () => answer(true) }),
    el("button", { type: "button", id: "learn-reset-no", text: t("lsResetNo"), onclick: () => answer(false) }));
}

// ------------------------------------------------------------------------- #lesson/ID

const lesson = { section: null, board: null, meta: null, actions: [], state: null, error: null, busy: false, updates: 0 };

async function showLesson([id], ctx) {
  context = ctx;
  lesson.section = screenSection("lesson");
  // Back from a rule's page, or "Continue": the lesson goes on where it was (a finished one is replayed, unless
  // the reader only went to read a rule).
  const resume = lesson.meta?.id === id && lesson.state && lesson.lang === lang()
    && (!lesson.state.finished || lesson.leftFor?.startsWith("#rules"));
  lesson.leftFor = null;
  if (resume) return;
  try {
    await lessonList(ctx);
  } catch (error) {
    lesson.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("lsError", { error: error.message }) }));
    return;
  }
  lesson.meta = lessons.find((l) => l.id === id) || null;
  if (!lesson.meta) {
    lesson.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("lsUnknown", { id }) }),
      el("a", { href: "#learn", text: t("lsBack") }));
    return;
  }
  drawLessonFrame();
  await startLesson([]);
}

function drawLessonFrame() {
  const meta = lesson.meta;
  const boardRoot = el("div", { id: "lesson-board" });
  lesson.section.replaceChildren(
    el("div", { class: "learn-toolbar" },
      el("a", { href: "#learn", class: "button", text: t("lsBack") }),
      el("h2", { id: "lesson-title", text: text(meta.title) }),
      el("button", { type: "button", id: "lesson-restart", text: t("lsRestart"), onclick: restartLesson }),
      el("button", { type: "button", id: "lesson-skip", text: t("lsSkip"), onclick: skipLesson })),
    lesson.errorBox = el("p", { class: "error", role: "alert", hidden: true }),
    boardRoot);
  lesson.board = new LearnBoard(boardRoot, { kind: "lesson", catalog: context.catalog, ruleHref, act: actLesson, extra: finishBox });
}

/** Start the lesson in the current language and replay ``actions`` (a language switch keeps the place). */
async function startLesson(actions) {
  lesson.actions = [];
  lesson.lang = lang();
  lesson.state = null;
  let state = await ask(R.LESSON_START, { id: lesson.meta.id, lang: lang() });
  if (!state) return;
  for (const action of actions) {
    const next = await ask(R.LESSON_ACT, { action });
    if (!next) break;
    state = next;
    lesson.actions.push(action);
  }
  if (!actions.length && !entry("lessons", lesson.meta.id).done) record("lessons", lesson.meta.id, { started: true });
  showLessonState(state);
}

async function ask(method, argument) {
  try {
    lesson.errorBox.hidden = true;
    return await context.call(method, argument);
  } catch (error) {
    lesson.errorBox.textContent = t("lsError", { error: error.message });
    lesson.errorBox.hidden = false;
    return null;
  }
}

function showLessonState(state) {
  lesson.state = state;
  lesson.board.show(state);
  lesson.section.dataset.step = state.step;
  if (state.finished) {
    record("lessons", state.id, { done: true, skipped: false, step: state.steps });
  } else if (!entry("lessons", state.id).done) {
    record("lessons", state.id, { started: true, step: state.step });
  }
  lesson.updates += 1;
  lesson.section.dataset.updates = String(lesson.updates);
}

async function actLesson(action) {
  if (lesson.busy || !lesson.state) return;
  lesson.busy = true;
  lesson.board.busy(true);
  const state = await ask(R.LESSON_ACT, { action });
  lesson.busy = false;
  lesson.board.busy(false);
  if (!state) return;
  if (state.feedback?.ok !== false) lesson.actions.push(action);
  showLessonState(state);
  (state.finished ? document.getElementById("lesson-next") : lesson.section.querySelector(".learn-say"))?.focus();
}

async function restartLesson() {
  const state = await ask(R.LESSON_RESTART, {});
  if (!state) return;
  lesson.actions = [];
  showLessonState(state);
}

function nextLesson() {
  const index = lessons.findIndex((l) => l.id === lesson.meta.id);
  const course = lessons.slice(index + 1);
  return course.find((l) => l.path === lesson.meta.path && !["done", "skipped"].includes(status(l.id)))
    || course.find((l) => l.path === lesson.meta.path) || null;
}

function skipLesson() {
  if (!entry("lessons", lesson.meta.id).done) record("lessons", lesson.meta.id, { skipped: true });
  const next = nextLesson();
  if (next) go("lesson", next.id);
  else go("learn");
}

/** The end of a lesson: next lesson, replay, back to the course. */
function finishBox(state) {
  if (!state.finished) return null;
  const next = nextLesson();
  return el("div", { class: "learn-finish" },
    next ? el("a", { class: "button primary", id: "lesson-next", href: routeHash("lesson", next.id), text: t("lsNextLesson") }) : null,
    el("button", { type: "button", id: "lesson-replay", text: t("lsReplay"), onclick: restartLesson }),
    el("a", { class: "button", href: "#learn", id: next ? null : "lesson-next", text: t("lsBackToCourse") }));
}

onLangChange(() => {
  if (learn.section && !learn.section.hidden && lessons) drawLearn();
  if (lesson.section && !lesson.section.hidden && lesson.meta) {
    drawLessonFrame();
    startLesson([...lesson.actions]);
  }
});

// The sections exist from the start, so the router shows them (it shows only sections already in <main>).
screenSection("learn");
screenSection("lesson");
registerScreen("learn", { show: showLearn, hide() { learn.confirming = false; learn.note = ""; } });
registerScreen("lesson", { show: showLesson, hide() { lesson.leftFor = location.hash; } });

export { progress };

/** For tests: the lesson state on screen. */
window.pwtcgLearn = { ...(window.pwtcgLearn || {}), lesson: () => lesson.state, progress };
