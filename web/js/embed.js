// The embed page (embed.html?lesson=ID or ?puzzle=ID): one lesson or puzzle in a compact frame for other sites.
//
// It draws a STATIC first frame at once from learn/<kind>-<id>.json (written by build.py, which ran the engine in
// CPython), or for a replay (?watch=LINK&still=FRAME) from the still frame the snippet carries (stillframe.js),
// and starts Pyodide and the engine (js/engine.js, imported only then) when the reader interacts, or at
// once with autostart=1: a page with several embeds stays light until one is used. Progress goes to the host page
// by postMessage, only to the origin the host declared (?origin=https://fan.site), and messages are taken only
// from that origin (and only from the parent window). The protocol is documented in docs/embedding.md.

import { t, setLang, isLang, initialLang } from "./i18n.js";
import { el } from "./dom.js";
import { LearnBoard, hintBox, renderBoard } from "./learnboard.js";
import { optionLabel, cardName } from "./actions.js";
import { readFrame } from "./stillframe.js";
import { R } from "./protocol.js";

/** The requests of each kind of learning embed (a lesson or a puzzle). */
const LEARN_REQUESTS = {
  lesson: { start: R.LESSON_START, act: R.LESSON_ACT, restart: R.LESSON_RESTART },
  puzzle: { start: R.PUZZLE_START, act: R.PUZZLE_ACT, restart: R.PUZZLE_RESTART },
};

const $ = (id) => document.getElementById(id);
const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,80}$/;
// a game link (engine/persistence/links.py: a code, then optional "."-separated fields); the engine checks it
const WATCH_PATTERN = /^[A-Za-z0-9_-]{1,8000}(\.[A-Za-z0-9_-]{1,81}){0,6}$/;
/** The message shape's version: a host checks it before reading the other fields. */
export const PROTOCOL = 1;

/** The embed's options from its URL (see docs/embedding.md). */
export function readParams(search) {
  const params = new URLSearchParams(search);
  const kind = params.has("lesson") ? "lesson" : params.has("puzzle") ? "puzzle" : params.has("watch") ? "watch" : null;
  const id = kind ? params.get(kind) : null;
  const at = params.get("at");
  return {
    kind: kind && (kind === "watch" ? WATCH_PATTERN : ID_PATTERN).test(id || "") ? kind : null,
    id,
    at: /^\d{1,6}$/.test(at || "") ? Number(at) : null,
    lang: isLang(params.get("lang")) ? params.get("lang") : null,
    theme: params.get("theme") === "light" ? "light" : "dark",
    origin: hostOrigin(params.get("origin")),
    autostart: params.get("autostart") === "1",
    frame: (params.get("frame") || "").slice(0, 64),
    still: kind === "watch" ? params.get("still") : null,   // checked by readFrame
  };
}

/** The declared host origin, or null: only an exact http(s) origin ("https://fan.site", no path), never "*". */
export function hostOrigin(value) {
  if (!value) return null;
  try {
    const url = new URL(value);
    if ((url.protocol === "https:" || url.protocol === "http:") && url.origin === value.replace(/\/$/, "")) return url.origin;
  } catch {
    /* not a URL */
  }
  return null;
}

const params = readParams(location.search);
const embed = {
  frame: null,        // the static frame file: {kind, id, meta, states: {en, ja}, catalog}
  board: null,
  state: null,
  live: false,
  waking: null,       // the engine start in progress (a promise)
  engine: null,       // js/engine.js, once imported
  busy: false,
  hint: null,
  lastStep: 0,
  ignored: 0,
};

/** Tell the host page something (only its declared origin can receive it; nothing without one). */
function send(event, data = {}) {
  if (!params.origin || window.parent === window) return;
  const message = { source: "pwtcg-embed", version: PROTOCOL, event, kind: params.kind, id: params.id, frame: params.frame, ...data };
  window.parent.postMessage(message, params.origin);
}

/** Commands from the host page: {source: "pwtcg-host", command: "start" | "restart"}; anything else is ignored. */
function onMessage(event) {
  if (!params.origin || event.origin !== params.origin || event.source !== window.parent) {
    embed.ignored += 1;
    document.body.dataset.ignored = String(embed.ignored);
    return;
  }
  const message = event.data;
  if (!message || typeof message !== "object" || message.source !== "pwtcg-host") return;
  if (message.command === "start") wake(null);
  else if (message.command === "restart") restart();
}

/** The language without changing the app's saved choice (setLang saves it; an embed must not). */
function useLang(next) {
  let saved = null;
  try {
    saved = localStorage.getItem("pwtcg.lang");
  } catch {
    /* storage off */
  }
  setLang(next);
  try {
    if (saved === null) localStorage.removeItem("pwtcg.lang");
    else localStorage.setItem("pwtcg.lang", saved);
  } catch {
    /* storage off */
  }
}

function fail(text) {
  $("embed-error").textContent = text;
  $("embed-error").hidden = false;
  document.body.dataset.embed = "error";
}

// ------------------------------------------------------------------------- a replay (?watch=LINK&at=N)

/** A replay: the still frame of the snippet (or a plain loading frame) at once, while the engine starts and
    opens the link's game (a link is a whole game, replayed by the engine); then stepped with the viewer's
    controls. */
async function bootWatch() {
  $("embed-title").textContent = t("emReplayTitle");
  document.title = t("emReplayTitle");
  $("embed-status").textContent = t("emLoading");
  $("embed-board").classList.add("embed-watch");
  document.body.dataset.embed = "loading";
  watchSize();
  const still = drawStill();
  let info;
  try {
    embed.engine = await import("./engine.js");
    embed.engine.useEmbedWorker("watch");
    const hello = await embed.engine.call(R.HELLO);
    embed.catalog = hello.catalog || {};
  } catch (error) {
    return fail(t("emFailed", { error: error.message || String(error) }));
  }
  try {
    info = await embed.engine.call(R.REPLAY_OPEN, { code: params.id });
  } catch (error) {
    // the link itself is refused: whatever the still frame said, there is no such game to show
    await still;
    $("embed-board").replaceChildren();
    return fail(t("emReplayRefused", { error: error.message || String(error) }));
  }
  embed.replay = info;
  embed.live = true;
  await still;
  $("embed-title").textContent = replayTitle(embed.replay);
  $("embed-status").textContent = "";
  await seekWatch(Math.min(params.at ?? embed.replay.at ?? embed.replay.total, embed.replay.total));
  document.body.dataset.embed = "live";
  delete document.body.dataset.still;
  performance.mark("pwtcg:embed-live");
  send("ready", { total: embed.replay.total });
}

/** The decision the link itself opens at (its ".a44" field), or null. */
function linkAt() {
  const match = /\.a(\d{1,6})(\.|$)/.exec(params.id);
  return match ? Number(match[1]) : null;
}

/** The snippet's still frame, drawn with the app's board and card faces before any Python (body data-still
    "frame"); a plain loading frame ("plain") when there is none or it is malformed in any way, or does not show
    the decision the embed opens at. */
async function drawStill() {
  let still = null;
  if (params.still) {
    try {
      const response = await fetch("./learn/cards.json");
      if (response.ok) embed.stillCatalog = await response.json();
      still = readFrame(params.still, embed.stillCatalog);
    } catch {
      still = null;
    }
    const expected = params.at ?? linkAt();
    if (still && (expected === null ? still.at !== still.total : still.at !== Math.min(expected, still.total))) still = null;
  }
  if (embed.live) return;
  if (!still) {
    document.body.dataset.still = "plain";
    watchLayout().replaceChildren(el("div", { class: "embed-plain" }, el("p", { class: "muted", text: t("emLoading") })));
    $("embed-position").textContent = "";
    return;
  }
  const names = still.labels.names || (still.labels.kind === "computer"
    ? [0, 1].map((seat) => (seat === still.labels.human ? t("you") : t("computer"))) : [t("player1"), t("player2")]);
  drawWatchBoard(still.view, names, embed.stillCatalog);
  $("embed-position").textContent = t("emPosition", { n: still.at, total: still.total, turn: still.view.turn });
  drawSteps(still.at, still.total, false);
  document.body.dataset.still = "frame";
  performance.mark("pwtcg:embed-static");
}

function replayTitle(info) {
  const names = (info.deck_names || []).map((d) => d?.name?.[langNow()] || d?.name?.en || d?.name || "").filter(Boolean);
  return names.length === 2 ? t("emReplayOf", { a: names[0], b: names[1] }) : t("emReplayTitle");
}

/** The seat names of the replay: typed names, You/Computer, or Player 1/2. */
function watchNames(info) {
  if (info.names) return info.names;
  if (info.mode === "computer") return [0, 1].map((seat) => (seat === info.human ? t("you") : t("computer")));
  return [t("player1"), t("player2")];
}

/** Show the position before decision ``n`` (both hands open once the game is over; otherwise as the first seat). */
async function seekWatch(n) {
  const info = embed.replay;
  n = Math.max(0, Math.min(info.total, n));
  const seat = info.outcome ? "both" : (info.mode === "computer" ? info.human : 0);
  let at;
  try {
    at = await embed.engine.call(R.REPLAY_SEEK, { n, as: seat });
  } catch (error) {
    $("embed-error").textContent = error.message;
    $("embed-error").hidden = false;
    return;
  }
  embed.watchAt = at;
  drawWatch(at);
  send("position", { n: at.n, total: info.total });
}

/** The replay's board and panel (made once: the still frame's are kept by the live replay); its board box. */
function watchLayout() {
  const root = $("embed-board");
  if (!root.querySelector(".learn-board")) {
    root.classList.add("learn-layout");
    root.replaceChildren(el("div", { class: "learn-board" }),
      el("aside", { class: "learn-panel" },
        el("p", { class: "learn-step muted", id: "embed-position" }),
        el("p", { class: "learn-say", id: "embed-next-choice" }),
        el("div", { class: "embed-watch-tools", id: "embed-watch-tools" }),
        el("div", { class: "learn-extra", id: "embed-watch-extra" })));
  }
  return root.querySelector(".learn-board");
}

/** Draw a view with seat 0 at the bottom, the seats named ``names`` on the board, the turn track and the battle
    line (the learning board names seats as "You" and "Computer"). */
function drawWatchBoard(view, names, catalog) {
  const board = watchLayout();
  const cards = renderBoard(board, { view: { ...view, you: 0 }, options: [], highlight: [] }, catalog);
  for (const [seat, side] of [[1, board.querySelector(".side.top")], [0, board.querySelector(".side.bottom")]]) {
    const name = side.querySelector(".seat-name");
    if (name) name.textContent = names[seat];
  }
  const turn = board.querySelector(".learn-track .turn-number");
  if (turn) turn.textContent = `${t("turn", { n: view.turn })} · ${names[view.turn_player]}`;
  const battle = board.querySelector(".learn-battle .battle-line");
  if (battle && view.battle) {
    const attacker = cardName(view.battle.attacker, cards, catalog);
    const target = view.battle.target === "player" ? names[1 - view.turn_player] : cardName(view.battle.target, cards, catalog);
    battle.replaceChildren(el("strong", { text: `${t("battle")}: ` }), t("attacking", { attacker, target }));
  }
  return cards;
}

/** The step controls at decision ``n`` of ``total`` (disabled until the engine is up). */
function drawSteps(n, total, live) {
  const step = (id, label, target, text) => el("button", { type: "button", id, title: t(label), "aria-label": t(label), text,
    disabled: !live || target < 0 || target > total || target === n, onclick: () => seekWatch(target) });
  $("embed-watch-tools").replaceChildren(
    step("embed-first", "emFirst", 0, "|◀"), step("embed-prev", "emPrev", n - 1, "◀"),
    step("embed-next", "emNext", n + 1, "▶"), step("embed-last", "emLast", total, "▶|"));
}

function drawWatch(at) {
  const info = embed.replay;
  const cards = drawWatchBoard(at.view, watchNames(info), embed.catalog);
  $("embed-position").textContent = t("emPosition", { n: at.n, total: info.total, turn: at.turn });
  $("embed-next-choice").textContent = at.next ? t("emNextChoice", { choice: optionLabel(at.next_option) }) : "";
  drawSteps(at.n, info.total, true);
  const end = at.n >= info.total;
  $("embed-watch-extra").replaceChildren(...(end ? [el("div", { class: "learn-finish embed-finish", id: "embed-finish" },
    el("button", { type: "button", id: "embed-replay", text: t("emReplay"), onclick: () => seekWatch(0) }),
    el("a", { class: "button", id: "embed-open-app", href: appHref(), target: "_blank", rel: "noopener", text: t("emOpenApp") }))] : []));
  $("embed-tools").replaceChildren(el("a", { href: appHref(), target: "_blank", rel: "noopener", class: "button", text: t("emOpenApp") }));
  document.body.dataset.n = String(at.n);
}

const ruleHref = Object.assign((number) => `./#rules/${encodeURIComponent(number)}`, { external: true });
const appHref = () => (params.kind === "watch"
  ? `./#watch/${params.id.split(".a")[0]}${embed.watchAt ? `.a${embed.watchAt.n}` : ""}`.replace(/(\.a\d+)(\.a\d+)$/, "$2")
  : `./#${params.kind}/${encodeURIComponent(params.id)}`);

async function boot() {
  document.body.dataset.theme = params.theme;
  // the app's own light theme (board.css: :root[data-theme="light"]) draws the board and panels
  document.documentElement.dataset.theme = params.theme;
  useLang(params.lang || initialLang());
  window.addEventListener("message", onMessage);
  if (!params.kind) return fail(t("emBadParams"));
  if (params.kind === "watch") return bootWatch();
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

function langNow() {
  return document.documentElement.lang === "ja" ? "ja" : "en";
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
function wake(action) {
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
  embed.engine = await import("./engine.js");
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
    $("embed-error").textContent = error.message;
    $("embed-error").hidden = false;
  } finally {
    embed.busy = false;
    embed.board.busy(false);
  }
}

function restart() {
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
    $("embed-error").textContent = error.message;
    $("embed-error").hidden = false;
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

let lastHeight = 0;
/** The frame's content height, so a host may size the iframe (event "resize"): the content's own height (not the
    document's, which is never less than the iframe's), so the frame shrinks back when the content does. */
function reportSize() {
  const main = $("embed");
  const height = Math.ceil(main.getBoundingClientRect().height + parseFloat(getComputedStyle(document.body).marginTop || 0)
    + parseFloat(getComputedStyle(document.body).marginBottom || 0));
  if (height !== lastHeight) {
    lastHeight = height;
    send("resize", { height });
  }
}

/** Report the size now and whenever the content's size changes (a step's text, a hint, the finish box). */
function watchSize() {
  reportSize();
  if (typeof ResizeObserver === "function") new ResizeObserver(() => reportSize()).observe($("embed"));
}

window.addEventListener("resize", reportSize);
/** For tests and measurements: the embed's own state. */
window.pwtcgEmbed = { params, state: () => embed.state, live: () => embed.live, ignored: () => embed.ignored };
boot();
