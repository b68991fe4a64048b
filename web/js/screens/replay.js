// The replay viewer (#replay/ID: a stored replay, step by step, from either seat) and shared links
// (#watch/CODE: a game to watch is stored as a replay and opened; a position link opens on the playmat).

import { registerScreen, screenSection } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { cardsById, renderSide, renderTurnTrack, renderBattle } from "../board.js";
import { put, get, newId } from "../store.js";
import { entryProblem } from "../entries.js";
import { LEVELS, levelText } from "../levels.js";
import { optionLabel } from "../actions.js";
import { R } from "../protocol.js";
import { openShare } from "../sharedialog.js";
import { deckLabel, seat, describe } from "./gamelabels.js";

let ctx = null;           // the router's context (call, catalog, showGame, toast)

const viewer = { id: null, info: null, n: 0, event: null, events: 0, as: "both", timer: null, speed: 1, seeking: null, pending: null };

async function showReplay(args) {
  const section = screenSection("replay");
  stopAutoplay();
  const id = args[0];
  let entry = null;
  try {
    entry = id ? await get("replays", id) : null;
  } catch (error) {
    section.replaceChildren(el("p", { class: "error", role: "alert", text: error.message }));
    return;
  }
  if (!entry || entryProblem("replays", entry)) {
    section.replaceChildren(el("p", { class: "error", role: "alert", id: "replay-error", text: t(entry ? "storageDamaged" : "replayMissing") }));
    return;
  }
  let info;
  try {
    info = entry.code ? await ctx.call(R.REPLAY_OPEN, { code: entry.code })
      : await ctx.call(R.REPLAY_OPEN, { record: entry.save.record, mode: entry.summary.mode, human: entry.summary.human,
        level: entry.save.level, practice: entry.save.practice });
    info.practice ||= entry.summary.practice;   // a link's mark travels in the address, not in the record
  } catch (error) {
    section.replaceChildren(el("p", { class: "error", role: "alert", id: "replay-error", text: t("resumeRefused", { error: error.message }) }));
    return;
  }
  Object.assign(viewer, { id, info, entry, n: info.total });
  allowedEyes(info);
  buildViewer(section, info, entry);
  await seek(startAt(args[1], info.total));
}

/** A game not over shows each hand only to its owner's view: the host says whose eyes are allowed. */
function allowedEyes(info) {
  if (!info.seats.includes(viewer.as)) viewer.as = info.seats[0];
}

function buildViewer(section, info, entry) {
  const button = (id, label, onclick, text) => el("button", { type: "button", id, title: t(label), "aria-label": t(label), onclick, text });
  const decisive = decisiveTurn(info);
  const turnSelect = el("select", { id: "jump-turn", "aria-label": t("jumpTurn"), onchange: (e) => seek(Number(e.target.value)) },
    info.turns.map((tn) => el("option", { value: tn.decision, text: `${t("turn", { n: tn.turn })}${tn.turn === decisive ? ` ★ ${t("decisiveTurn")}` : ""}` })));
  const ticks = el("datalist", { id: "moment-ticks" }, info.moments.map((m) => el("option", { value: m.decision })));
  section.replaceChildren(...[
    el("h2", { id: "replay-title", text: entry.name || describe(entry) }),
    info.practice ? el("p", { class: "practice-badge", id: "replay-practice", text: t("practiceNote", { why: t(`practiceWhy_${info.practice}`) }) }) : null,
    info.stopped ? el("p", { class: "error", role: "alert", id: "replay-stopped", text: info.stopped }) : null,
    ...info.warnings.map((w) => el("p", { class: "muted", text: w })),
    el("div", { class: "replay-controls", role: "toolbar", "aria-label": t("timeline") },
      button("rp-first", "first", () => seek(0), "|◀"),
      button("rp-prev-turn", "prevTurn", () => seekTurn(-1), "◀◀"),
      button("rp-prev", "prevDecision", () => seek(viewer.n - 1), "◀"),
      button("rp-prev-event", "prevEvent", () => stepEvent(-1), "‹"),
      button("rp-play", "autoplay", toggleAutoplay, t("autoplay")),
      button("rp-next-event", "nextEvent", () => stepEvent(1), "›"),
      button("rp-next", "nextDecision", () => seek(viewer.n + 1), "▶"),
      button("rp-next-turn", "nextTurn", () => seekTurn(1), "▶▶"),
      button("rp-last", "last", () => seek(info.total), "▶|"),
      el("label", {}, `${t("speedLabel")} `, el("select", { id: "rp-speed", onchange: (e) => { viewer.speed = Number(e.target.value); } },
        [0.5, 1, 2, 4, 8].map((v) => el("option", { value: v, text: `${v}×`, selected: v === viewer.speed })))),
      el("label", {}, `${t("jumpTurn")} `, turnSelect),
      el("label", {}, `${t("viewAs")} `, el("select", { id: "rp-as", onchange: (e) => { viewer.as = e.target.value === "both" ? "both" : Number(e.target.value); seek(viewer.n); } },
        info.seats.map((as) => el("option", { value: String(as), text: as === "both" ? t("bothHands") : seat(as, entry.summary),
          selected: viewer.as === as }))))),
    el("input", { type: "range", id: "rp-timeline", min: 0, max: info.total, value: info.total, list: "moment-ticks",
      "aria-label": t("timeline"), oninput: (e) => seek(Number(e.target.value)) }),
    ticks,
    el("div", { class: "moments" }, info.moments.filter((m) => m.kind !== "check").slice(0, 60).map((m) => el("button", {
      type: "button", class: `moment moment-${m.kind}`, dataset: { decision: m.decision },
      text: `${t("turn", { n: m.turn })}: ${t(`moment_${m.kind}`)}`, onclick: () => seek(m.decision) }))),
    el("p", { id: "rp-position", class: "rp-position", "aria-live": "polite" }),
    el("p", { id: "rp-next-choice", class: "muted" }),
    el("div", { class: "replay-body" },
      el("div", { class: "replay-mat" },
        el("div", { id: "rp-top", class: "side top" }),
        el("div", { class: "replay-strip" }, el("ol", { id: "rp-track", class: "turn-track" }), el("div", { id: "rp-battle" })),
        el("div", { id: "rp-bottom", class: "side bottom" })),
      el("aside", { class: "replay-side" },
        el("h3", { id: "rp-log-title", text: t("log") }),
        // a scrollable list: focusable, so keyboard users can scroll it too
        el("ol", { id: "rp-log", class: "rp-log", tabindex: "0", "aria-labelledby": "rp-log-title" }),
        el("h3", { text: t("decklists") }), decklists(info, entry))),
    el("div", { class: "replay-actions" },
      el("button", { type: "button", id: "rp-from-computer", class: "primary", text: t("playFromComputer"), onclick: () => playFrom("computer") }),
      el("label", { class: "rp-level" }, t("level"), " ",
        el("select", { id: "rp-level" }, LEVELS.map((level) => el("option", { value: level, text: levelText(level),
          selected: level === (info.level || "normal") })))),
      el("button", { type: "button", id: "rp-from-hotseat", text: t("playFromHotseat"), onclick: () => playFrom("hotseat") }),
      el("button", { type: "button", id: "rp-share", text: t("share"), onclick: () => openShare(ctx.call, info.record, { ...momentShared(entry), practice: info.practice }) }),
      el("button", { type: "button", id: "rp-share-position", text: t("sharePosition"),
        onclick: () => openShare(ctx.call, info.record, { ...momentShared(entry), position: true }, t("sharePositionTitle")) })),
  ].filter(Boolean));   // replaceChildren would show a null as the text "null"
}

function decisiveTurn(info) {
  const lifeMoments = info.moments.filter((m) => m.kind === "life");
  return info.outcome && lifeMoments.length ? lifeMoments[lifeMoments.length - 1].turn : null;
}

function decklists(info, entry) {
  if (!info.decks) return el("p", { class: "muted", text: t("scenarioDeck") });
  return el("div", { class: "decklists" }, info.decks.map((deck, index) => {
    const counts = new Map();
    for (const number of deck) counts.set(number, (counts.get(number) || 0) + 1);
    return el("div", { class: "decklist", dataset: { seat: index } },
      el("h4", { text: t("deckOf", { player: seat(index, entry.summary), deck: deckLabel(info.deck_names[index]) }) }),
      el("ul", {}, [...counts].map(([number, count]) => el("li", { text: `${count}× ${ctx.catalog[number]?.name?.[lang()] || number}` }))));
  }));
}

function seekTurn(step) {
  const turns = viewer.info.turns;
  let index = turns.findLastIndex((tn) => tn.decision <= viewer.n);
  if (step < 0 && turns[index]?.decision === viewer.n) index -= 1;
  else if (step > 0) index += 1;
  if (index < 0) return seek(0);
  if (index >= turns.length) return seek(viewer.info.total);
  return seek(turns[index].decision);
}

/** Step to the next (+1) or previous (-1) narrated event; past a decision's last event, to the next decision. */
function stepEvent(step) {
  const { n, event, events } = viewer;
  if (step > 0) {
    if (event === null) return events > 0 ? seek(n, 1) : seek(n + 1);
    return event < events ? seek(n, event + 1) : seek(n + 1);
  }
  if (event === null) return n > 0 ? seek(n - 1, -1) : undefined;
  return event > 1 ? seek(n, event - 1) : seek(n);
}

/** Show the position before decision n, or right after its choice's event-th event (-1: the last); the latest
 * request wins when seeks come faster than answers. */
async function seek(n, event = null) {
  const info = viewer.info;
  n = Math.max(0, Math.min(info.total, Math.round(n)));
  viewer.pending = { n, event };
  if (viewer.seeking) return viewer.seeking;
  viewer.seeking = (async () => {
    while (viewer.pending !== null) {
      const { n: target, event: step } = viewer.pending;
      viewer.pending = null;
      const started = performance.now();
      try {
        const request = { n: target, as: viewer.as };
        if (step !== null) request.event = step;
        const at = await ctx.call(R.REPLAY_SEEK, request);
        viewer.n = target;
        viewer.event = at.event;
        viewer.events = at.events;
        drawPosition(at);
        document.getElementById("replay-screen").dataset.seekMs = String(Math.round(performance.now() - started));
      } catch (error) {
        document.getElementById("rp-position").textContent = error.message;
      }
    }
    viewer.seeking = null;
  })();
  return viewer.seeking;
}

function drawPosition(at) {
  const info = viewer.info;
  const game = { mode: viewer.entry.summary.mode, human: viewer.entry.summary.human };
  const view = at.view;
  const board = { view, game, catalog: ctx.catalog, cards: cardsById(view), marked: new Set(), browseZone: () => {}, openCardMenu: () => {} };
  const bottom = viewer.as === 1 ? 1 : 0;
  renderSide(document.getElementById("rp-top"), 1 - bottom, board);
  renderSide(document.getElementById("rp-bottom"), bottom, board);
  renderTurnTrack(document.getElementById("rp-track"), board);
  renderBattle(document.getElementById("rp-battle"), board);
  document.getElementById("rp-position").textContent = at.event
    ? t("positionEvent", { n: at.n, total: info.total, turn: at.turn, k: at.event, events: at.events })
    : t("position", { n: at.n, total: info.total, turn: at.turn });
  // the game's words for the next choice (the playmat's label), never the engine's action text
  document.getElementById("rp-next-choice").textContent = at.next
    ? t("nextChoice", { choice: optionLabel(at.next_option) }) : "";
  document.getElementById("rp-timeline").value = String(at.n);
  // a position to play needs someone to decide there (not the end of the game)
  document.getElementById("rp-share-position").disabled = at.decider === null || at.decider === undefined;
  const select = document.getElementById("jump-turn");
  const turn = info.turns.findLast((tn) => tn.decision <= at.n);
  if (turn) select.value = String(turn.decision);
  const log = document.getElementById("rp-log");
  log.replaceChildren(...at.log.slice(-120).map((e) => el("li", { dataset: { kind: e.kind }, text: e.text[lang()] || e.text.en })));
  log.scrollTop = log.scrollHeight;
  const screen = document.getElementById("replay-screen");
  screen.dataset.n = String(at.n);
  screen.dataset.event = at.event ? String(at.event) : "";
  screen.dataset.turn = String(at.turn);
  screen.dataset.life = view.players.map((p) => p.life).join(",");
  screen.dataset.outcome = view.outcome ? String(view.outcome.winner) : "";
}

function toggleAutoplay() {
  if (viewer.timer) return stopAutoplay();
  if (viewer.n >= viewer.info.total) seek(0);
  document.getElementById("rp-play").textContent = t("pause");
  document.getElementById("rp-play").setAttribute("aria-label", t("pause"));
  const tick = async () => {
    if (viewer.n >= viewer.info.total) return stopAutoplay();
    await seek(viewer.n + 1);
    viewer.timer = setTimeout(tick, 700 / viewer.speed);
  };
  viewer.timer = setTimeout(tick, 0);
}

function stopAutoplay() {
  clearTimeout(viewer.timer);
  viewer.timer = null;
  const button = document.getElementById("rp-play");
  if (button) {
    button.textContent = t("autoplay");
    button.setAttribute("aria-label", t("autoplay"));
  }
}

async function playFrom(mode) {
  stopAutoplay();
  try {
    // against the computer you take the seat you are viewing the replay as (with both hands open: whoever decides)
    const request = { n: viewer.n, mode, level: document.getElementById("rp-level")?.value };
    if (viewer.as !== "both") request.human = viewer.as;
    const state = await ctx.call(R.REPLAY_PLAY_FROM, request);
    await ctx.showGame(state, newId());
  } catch (error) {
    document.getElementById("rp-position").textContent = error.message;
  }
}

// ------------------------------------------------------------------------- links (#watch/CODE)

async function openLink(args) {
  const section = screenSection("watch");
  const code = args[0] || "";
  section.replaceChildren(el("p", { class: "muted", text: t("loading") }));
  try {
    const info = await ctx.call(R.REPLAY_OPEN, { code });
    if (info.play) {
      // not awaited: the playmat's first state may wait for the reader, and the router waits for this screen
      playPosition(info).catch((error) => section.replaceChildren(el("p", { class: "error", role: "alert", id: "link-error",
        text: t("linkRefused", { error: error.message }) })));
      return;
    }
    // the players' labels as the link says (You/Computer, Player 1/2, or typed names); the title from the decks
    const { summary } = await ctx.call(R.SAVE_CHECK, { record: info.record, mode: info.mode, human: info.human });
    if (info.names) summary.names = info.names;
    if (args[1] === "practice") summary.practice = "link";
    const id = newId("r");
    const now = new Date().toISOString();
    await put("replays", { id, name: "", created: now, updated: now, summary, code,
      save: { record: info.record } }).catch(() => {});   // still shown when storage fails
    viewerEntries.set(id, { id, name: "", summary, code, save: { record: info.record } });
    location.replace(`#replay/${id}${info.at === null || info.at === undefined ? "" : `/${info.at}`}`);
  } catch (error) {
    section.replaceChildren(el("p", { class: "error", role: "alert", id: "link-error", text: t("linkRefused", { error: error.message }) }));
  }
}

/** The decision a viewer address opens at (#replay/ID/44), else the end. */
function startAt(text, total) {
  return /^\d{1,6}$/.test(text || "") ? Math.min(Number(text), total) : total;
}

/** A position link ("how would you play this?"): the position on the playmat, against the computer, in the seat
    that decides there. */
async function playPosition(info) {
  const state = await ctx.call(R.REPLAY_PLAY_FROM, { n: info.total, mode: "computer" });
  await ctx.showGame(state, newId());
  ctx.toast?.([t("positionPrompt")], 6000);
}

const viewerEntries = new Map();   // link replays shown even when they could not be stored

/** What a link from the viewer carries beside the game: the decision on screen and who played. */
function momentShared(entry) {
  const summary = entry.summary || {};
  return { at: viewer.n, ...(summary.mode ? { mode: summary.mode, human: summary.human ?? 0 } : {}),
    ...(summary.names ? { names: summary.names } : {}) };
}

// ------------------------------------------------------------------------- registration

// the sections exist before the router first shows them (it shows a section before calling show())
for (const name of ["replay", "watch"]) screenSection(name);
registerScreen("replay", {
  show: async (args, context) => {
    ctx = context;
    const cached = viewerEntries.get(args[0]);
    if (cached) {
      const section = screenSection("replay");
      const info = await ctx.call(R.REPLAY_OPEN, { code: cached.code });
      Object.assign(viewer, { id: cached.id, info, entry: cached, n: info.total });
      info.practice ||= cached.summary.practice;
      allowedEyes(info);
      buildViewer(section, info, cached);
      return seek(startAt(args[1], info.total));
    }
    return showReplay(args);
  },
  hide: stopAutoplay,
});
registerScreen("watch", { show: (args, context) => { ctx = context; return openLink(args); } });
// a language switch draws the viewer again in the new language, at the same step
onLangChange(() => {
  if (document.getElementById("app")?.dataset.state !== "replay" || !viewer.info || !viewer.entry) return;
  stopAutoplay();
  buildViewer(screenSection("replay"), viewer.info, viewer.entry);
  seek(viewer.n, viewer.event || null);
});
