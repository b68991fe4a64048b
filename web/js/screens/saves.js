// Saved games (#saves), the replay viewer (#replay/ID), shared links (#watch/CODE) and the Share dialog.
//
// Games and replays live in IndexedDB (js/store.js), written from the page: the page is where a failed write
// must be shown, and the worker stays a pure function of its requests (the same host code runs under CPython
// in the tests). The host (py/saves_host.py) makes each save, checks it on the way back (a sha256 check and a
// re-execution by the engine), and answers the viewer.

import { registerScreen, screenSection, go } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { cardsById, renderSide, renderTurnTrack, renderBattle } from "../board.js";
import { put, get, all, remove, newId, allEntries, writeOwned, claimEntry, putAll, patch } from "../store.js";
import { entryProblem, sortEntries, keyText, isId } from "../entries.js";
import { TAB, claim, release, onLost } from "../tabs.js";
import { reasonText, showBanner, hideBanner } from "../storagenotice.js";
import { LEVELS, levelText } from "../levels.js";
import { actionLabel } from "../actions.js";

let ctx = null;           // the router's context (call, catalog, startGame, showGame)
const MAX_IMPORT_BYTES = 25_000_000;   // the engine refuses more (MAX_EXPORT_CHARS, engine/model/limits.py)
let lastFailed = false;   // the latest write of the game on the playmat failed
let writing = Promise.resolve();
const lostGames = new Set();   // games another tab took over from this one: never written from here again
const markedGames = new Set(); // games whose stored entry names this tab as the owner

// ------------------------------------------------------------------------- autosave

/** After each state of the game on the playmat: save it (or, once over, keep it as a replay). */
window.addEventListener("pwtcg:state", (event) => {
  const { gameId } = event.detail;
  if (!gameId || !ctx) return;
  writing = writing.then(() => saveNow(gameId, event.detail.state)).catch(() => {});
});

async function saveNow(gameId, state) {
  if (lostGames.has(gameId) || ctx.gameId !== gameId) return;   // another tab's now, or no longer on the playmat
  try {
    if (!(await claim(gameId))) return gameLost(gameId);
    ownedHere();
    const { save, summary } = await ctx.call("save_current");
    if (ctx.gameId !== gameId) return;   // a new game came on the playmat meanwhile: that answer is its
    const now = new Date().toISOString();
    const old = (await get("saves", gameId).catch(() => null)) || (await get("replays", gameId).catch(() => null));
    const entry = { id: gameId, name: typeof old?.name === "string" ? old.name : "",
      created: typeof old?.created === "string" ? old.created : now, updated: now, summary, save };
    // One transaction: a finished game moves to the replays whole, and a tab that lost the game writes
    // nothing. The first write of a game whose lock this tab holds marks this tab as its owner (a new game,
    // or a resume whose mark could not be written).
    await writeOwned(state.view.outcome ? "replays" : "saves", entry, TAB, !markedGames.has(gameId));
    markedGames.add(gameId);
    lastFailed = false;
    saveBanner(null);
  } catch (error) {
    if (error?.key === "storageNotOwner") return gameLost(gameId);
    lastFailed = true;
    saveBanner(t("saveFailed", { error: reasonText(error) }));
  }
}

/** Another tab has this game now: stop writing it and say so, offering to take it back. */
function gameLost(gameId) {
  lostGames.add(gameId);
  markedGames.delete(gameId);
  if (ctx?.gameId !== gameId) return;
  lastFailed = false;
  saveBanner(null);
  document.getElementById("game-screen")?.setAttribute("inert", "");
  showBanner("tab-notice", "tabLost", { id: "take-over", key: "tabTakeOver", onclick: () => takeOver(gameId) });
}
onLost(gameLost);

/** The game on the playmat is this tab's: no notice about another tab, and the playmat answers. */
function ownedHere() {
  hideBanner("tab-notice");
  document.getElementById("game-screen")?.removeAttribute("inert");
}

/** The player chose this tab for a game open in another tab: take its lock, then resume its latest copy. */
async function takeOver(gameId) {
  hideBanner("tab-notice");
  await claim(gameId, { steal: true });
  lostGames.delete(gameId);
  document.getElementById("game-screen")?.removeAttribute("inert");
  return resume(gameId);
}

function saveBanner(message) {
  let box = document.getElementById("save-status");
  if (!box) {
    box = el("p", { id: "save-status", class: "save-status error", role: "alert", hidden: true });
    document.getElementById("panel")?.prepend(box);
  }
  box.textContent = message || "";
  box.hidden = !message;
}

/** Leaving the game on the playmat: it stays in Saved games, unless its last write failed (then ask). */
window.addEventListener("pwtcg:leave-game", (event) => {
  if (lastFailed && !window.confirm(t("leaveUnsaved"))) return event.preventDefault();
  leftGame();
  writing.then(offerContinue);
});

/** The game on the playmat is left: let go of it, so another tab may open it. */
function leftGame() {
  const gameId = ctx?.gameId;
  hideBanner("tab-notice");
  document.getElementById("game-screen")?.removeAttribute("inert");
  if (gameId) writing.then(() => { if (ctx.gameId === gameId || !ctx.gameId) release(gameId); });
}
window.addEventListener("beforeunload", (event) => {
  if (lastFailed) event.preventDefault();
});

// ------------------------------------------------------------------------- helpers

function deckLabel(deck) {
  if (!deck) return "?";
  if (deck.id === "scenario") return t("scenarioDeck");
  if (deck.id === "custom") return t("customDeck", { colours: deck.colours.join("/") });
  return deck.name?.[lang()] || deck.name?.en || deck.id;
}

function seat(n, summary) {
  if (summary.names?.[n]) return summary.names[n];   // names the players typed, carried by a link
  if (summary.mode === "computer") return n === summary.human ? t("you") : t("computer");
  return n === 0 ? t("player1") : t("player2");
}

function resultLabel(summary) {
  if (!summary.finished) return t("unfinished");
  return summary.winner === null ? t("resultDraw") : t("resultWin", { player: seat(summary.winner, summary) });
}

function describe(entry) {
  const s = entry.summary;
  return t("versus", { a: deckLabel(s.decks[0]), b: deckLabel(s.decks[1]) });
}

function download(name, data) {
  // a damaged entry may hold what JSON cannot write as it is (a BigInt): written as text
  const text = JSON.stringify(data, (key, value) => (typeof value === "bigint" ? String(value) : value), 1);
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const exportItem = (store, entry) => ({ store, id: entry.id, name: entry.name, created: entry.created,
  updated: entry.updated, save: entry.save });

// ------------------------------------------------------------------------- the saved-games screen

const filters = { deck: "", result: "", mode: "" };

async function showSaves(message = "", isError = false) {
  const section = screenSection("saves");
  let stored = {};
  let failure = "";
  try {
    stored = await allEntries();
  } catch (error) {
    failure = reasonText(error);
  }
  // each entry is checked: a damaged one is listed as damaged and hides none of the others
  const { good: saves, damaged: damagedSaves } = sortEntries("saves", stored.saves);
  const { good: replays, damaged: damagedReplays } = sortEntries("replays", stored.replays);
  const status = el("p", { id: "saves-status", class: isError || failure ? "error" : "muted", role: "status",
    text: failure ? t("saveFailed", { error: failure }) : message });
  const fileInput = el("input", { type: "file", accept: "application/json,.json", id: "import-file", class: "visually-hidden",
    onchange: (e) => importFile(e.target.files[0]) });
  section.replaceChildren(
    el("h2", { text: t("savesTitle") }),
    el("div", { class: "saves-tools" },
      el("button", { type: "button", id: "export-all", text: t("exportAll"),
        onclick: () => download("palworld-tcg-saves.json", { kind: "pwtcg-export", format: 1,
          items: [...saves.map((s) => exportItem("saves", s)), ...replays.map((r) => exportItem("replays", r))] }) }),
      el("label", { class: "button", for: "import-file", text: t("importFile") }), fileInput),
    status,
    saves.length ? el("ul", { class: "save-list", id: "save-list" }, saves.map(saveRow))
      : el("p", { class: "muted", text: t("noSaves") }),
    damagedList("saves", damagedSaves),
    el("h2", { text: t("replaysTitle") }),
    replayFilters(replays),
    replayList(replays),
    damagedList("replays", damagedReplays));
}

/** The damaged entries of a store: what is wrong, Export (the entry as stored) and Delete. */
function damagedList(store, damaged) {
  if (!damaged.length) return document.createDocumentFragment();   // nothing (a null would show as "null")
  return el("ul", { class: "save-list damaged-list", id: `damaged-${store}` }, damaged.map(({ entry, problem }) => {
    const label = keyText(entry?.id);
    return el("li", { class: "save-row damaged", dataset: { key: label } },
      el("div", { class: "save-main" },
        el("strong", { class: "save-name error", text: t("damagedEntry") }),
        el("span", { class: "muted", text: ` ${t("damagedDetail", { id: label, problem: t(`damaged_${problem}`) })}` })),
      el("div", { class: "save-actions" },
        el("button", { type: "button", class: "export", text: t("exportOne"),
          onclick: () => download(`palworld-tcg-damaged-${label.replace(/[^A-Za-z0-9_-]/g, "_")}.json`,
            { kind: "pwtcg-export", format: 1, items: [{ store, ...entry }] }) }),
        el("button", { type: "button", class: "delete", text: t("remove"), onclick: () => removeEntry(store, entry) })));
  }));
}

function saveRow(entry) {
  const s = entry.summary;
  return el("li", { class: "save-row", dataset: { id: entry.id } },
    el("div", { class: "save-main" },
      el("strong", { class: "save-name", text: entry.name || describe(entry) }),
      s.practice ? el("span", { class: "practice-badge", title: t("practiceNote", { why: t(`practiceWhy_${s.practice}`) }), text: ` ${t("practiceMark")}` }) : null,
      el("span", { class: "muted", text: ` ${entry.name ? describe(entry) + " · " : ""}${t(s.mode === "computer" ? "modeComputer2" : "modeHotseat2")} · ` +
        `${t("turnLife", { turn: s.turn, life0: s.life[0], life1: s.life[1] })} · ${new Date(entry.updated).toLocaleString(lang())}` })),
    el("div", { class: "save-actions" },
      el("button", { type: "button", class: "primary resume", text: t("resume"), onclick: () => resume(entry.id) }),
      el("button", { type: "button", class: "rename", text: t("rename"), onclick: () => rename("saves", entry) }),
      el("button", { type: "button", class: "export", text: t("exportOne"),
        onclick: () => download(`palworld-tcg-${entry.id}.json`, { kind: "pwtcg-export", format: 1, items: [exportItem("saves", entry)] }) }),
      el("button", { type: "button", class: "delete", text: t("remove"), onclick: () => removeEntry("saves", entry) })));
}

function replayFilters(replays) {
  const decks = new Map();
  for (const r of replays) for (const d of r.summary.decks) decks.set(deckLabel(d), true);
  const select = (name, options) => el("label", {}, `${t(`filter${name[0].toUpperCase()}${name.slice(1)}`)} `,
    el("select", { name: `filter-${name}`, onchange: (e) => { filters[name] = e.target.value; showSaves(); } },
      el("option", { value: "", text: t("any") }),
      options.map(([value, label]) => el("option", { value, text: label, selected: filters[name] === value }))));
  return el("div", { class: "replay-filters" },
    select("deck", [...decks.keys()].map((d) => [d, d])),
    select("result", [["win0", t("resultWin", { player: t("player1") })], ["win1", t("resultWin", { player: t("player2") })],
      ["draw", t("resultDraw")]]),
    select("mode", [["computer", t("modeComputer2")], ["hotseat", t("modeHotseat2")]]));
}

function replayList(replays) {
  const shown = replays.filter((r) => {
    const s = r.summary;
    if (filters.deck && !s.decks.some((d) => deckLabel(d) === filters.deck)) return false;
    if (filters.mode && s.mode !== filters.mode) return false;
    if (filters.result === "draw" && s.winner !== null) return false;
    if (filters.result.startsWith("win") && s.winner !== Number(filters.result.slice(3))) return false;
    return true;
  });
  if (!shown.length) return el("p", { class: "muted", text: t("noReplays") });
  return el("ul", { class: "save-list", id: "replay-list" }, shown.map((entry) => el("li", { class: "save-row", dataset: { id: entry.id } },
    el("div", { class: "save-main" },
      el("strong", { class: "save-name", text: entry.name || describe(entry) }),
      entry.summary.practice ? el("span", { class: "practice-badge", title: t("practiceNote", { why: t(`practiceWhy_${entry.summary.practice}`) }), text: ` ${t("practiceMark")}` }) : null,
      el("span", { class: "muted", text: ` ${resultLabel(entry.summary)} · ${t(entry.summary.mode === "computer" ? "modeComputer2" : "modeHotseat2")} · ` +
        `${t("turnLife", { turn: entry.summary.turn, life0: entry.summary.life[0], life1: entry.summary.life[1] })} · ${new Date(entry.updated).toLocaleString(lang())}` })),
    el("div", { class: "save-actions" },
      el("button", { type: "button", class: "primary view", text: t("view"), onclick: () => go("replay", entry.id) }),
      el("button", { type: "button", class: "share", text: t("share"), onclick: () => openShare(entry.save.record,
        { ...(entry.summary?.mode ? { mode: entry.summary.mode, human: entry.summary.human ?? 0 } : {}),
          practice: entry.summary?.practice }) }),
      el("button", { type: "button", class: "rename", text: t("rename"), onclick: () => rename("replays", entry) }),
      el("button", { type: "button", class: "delete", text: t("remove"), onclick: () => removeEntry("replays", entry) })))));
}

async function resume(id) {
  if (!(await claim(id))) return openElsewhere(id);
  try {
    // from now on only this tab writes the game; a storage too full to mark it still lets the game go on
    const entry = await claimEntry(id, TAB).then((claimed) => { markedGames.add(id); return claimed; },
      () => get("saves", id));
    if (entry?.owner !== TAB) markedGames.delete(id);
    if (!entry || entryProblem("saves", entry)) throw new Error(t("storageDamaged"));
    const { state } = await ctx.call("save_resume", entry.save);
    lostGames.delete(id);
    ownedHere();
    await ctx.showGame(state, id);
  } catch (error) {
    release(id);
    showSaves(t("resumeRefused", { error: error?.key ? reasonText(error) : error.message }), true);
  }
}

/** The game asked for is open in another tab: say so, and offer to take it over here. */
function openElsewhere(id) {
  showBanner("tab-notice", "tabElsewhere", { id: "take-over", key: "tabTakeOver", onclick: () => takeOver(id) });
}

async function rename(store, entry) {
  const name = window.prompt(t("renamePrompt"), entry.name || describe(entry));
  if (name === null) return;
  try {
    // only the name changes: the stored game may have moved on in another tab since the list was drawn
    await patch(store, entry.id, { name: name.slice(0, 100) });
    showSaves();
  } catch (error) {
    showSaves(t("saveFailed", { error: reasonText(error) }), true);
  }
}

async function removeEntry(store, entry) {
  if (!window.confirm(t("confirmDelete"))) return;
  try {
    await remove(store, entry.id);
    showSaves();
  } catch (error) {
    showSaves(t("saveFailed", { error: reasonText(error) }), true);
  }
}

/** Import a file of exported saves and replays: the engine checks the whole file (its text) and re-executes
 * every game before anything is written, so a file with one bad item stores nothing. */
async function importFile(file) {
  if (!file) return;
  try {
    if (file.size > MAX_IMPORT_BYTES) throw new Error(t("importTooLarge", { mb: MAX_IMPORT_BYTES / 1_000_000 }));
    // the engine checks the whole file and re-executes every game before anything is written
    const { items } = await ctx.call("import_check", await file.text());
    const stored = await allEntries();
    const present = new Map([...stored.saves, ...stored.replays].filter((e) => isId(e?.id)).map((e) => [e.id, e]));
    const saved = { saves: stored.saves.map((e) => e?.save), replays: stored.replays.map((e) => e?.save) };
    const checked = [];
    let skipped = 0;
    for (const item of items) {
      // the same record is already here (an "Export all" imported back, or a file imported twice): not twice
      if (saved[item.store].some((save) => sameValue(save, item.save))) {
        skipped += 1;
        continue;
      }
      saved[item.store].push(item.save);
      const id = isId(item.id) && !present.has(item.id) ? item.id : newId(item.store === "saves" ? "g" : "r");
      const now = new Date().toISOString();
      const entry = { id, name: typeof item.name === "string" ? item.name.slice(0, 100) : "",
        created: dateOr(item.created, now), updated: dateOr(item.updated, now), summary: item.summary, save: item.save };
      present.set(id, entry);
      checked.push({ store: item.store, entry });
    }
    await putAll(checked);   // one transaction: nothing is written unless all were good
    const said = [];
    if (checked.length || !skipped) said.push(t(checked.length === 1 ? "importedOne" : "imported", { n: checked.length }));
    if (skipped) said.push(t("importSkipped", { n: skipped }));
    showSaves(said.join(" "));
  } catch (error) {
    showSaves(t("importRefused", { error: error?.key ? reasonText(error) : error.message }), true);
  }
}

/** A stored date as it was when it can be read, else `fallback`. */
const dateOr = (value, fallback) => (typeof value === "string" && value.length <= 40 && !Number.isNaN(Date.parse(value))
  ? value : fallback);

/** Whether two JSON values are equal, whatever the order of their keys. */
function sameValue(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
}

// ------------------------------------------------------------------------- "Continue" on the start screen

async function offerContinue() {
  const start = document.getElementById("start-form");
  if (!start) return;
  let saves = [];
  try {
    saves = await all("saves");
  } catch {
    return;
  }
  document.getElementById("continue-box")?.remove();
  const latest = sortEntries("saves", saves).good[0];   // the newest good save; damaged ones are in Saved games
  if (!latest) return;
  start.before(el("div", { id: "continue-box", class: "continue-box" },
    el("button", { type: "button", id: "continue-game", class: "primary", text: t("continueGame"),
      onclick: () => resume(latest.id) }),
    el("span", { class: "muted", text: ` ${t("continueHint", { decks: describe(latest), turn: latest.summary.turn })}` })));
}

// ------------------------------------------------------------------------- the replay viewer

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
    info = entry.code ? await ctx.call("replay_open", { code: entry.code })
      : await ctx.call("replay_open", { record: entry.save.record, mode: entry.summary.mode, human: entry.summary.human,
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
      el("button", { type: "button", id: "rp-share", text: t("share"), onclick: () => openShare(info.record, { ...momentShared(entry), practice: info.practice }) }),
      el("button", { type: "button", id: "rp-share-position", text: t("sharePosition"),
        onclick: () => openShare(info.record, { ...momentShared(entry), position: true }, t("sharePositionTitle")) })),
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
        const at = await ctx.call("replay_seek", request);
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
    ? t("nextChoice", { choice: actionLabel(at.next, board.cards, ctx.catalog) }) : "";
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
    const state = await ctx.call("replay_play_from", request);
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
    const info = await ctx.call("replay_open", { code });
    if (info.play) {
      // not awaited: the playmat's first state may wait for the reader, and the router waits for this screen
      playPosition(info).catch((error) => section.replaceChildren(el("p", { class: "error", role: "alert", id: "link-error",
        text: t("linkRefused", { error: error.message }) })));
      return;
    }
    // the players' labels as the link says (You/Computer, Player 1/2, or typed names); the title from the decks
    const { summary } = await ctx.call("save_check", { record: info.record, mode: info.mode, human: info.human });
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
  const state = await ctx.call("replay_play_from", { n: info.total, mode: "computer" });
  await ctx.showGame(state, newId());
  ctx.toast?.([t("positionPrompt")], 6000);
}

const viewerEntries = new Map();   // link replays shown even when they could not be stored

// ------------------------------------------------------------------------- the Share dialog

/** What a link from the viewer carries beside the game: the decision on screen and who played. */
function momentShared(entry) {
  const summary = entry.summary || {};
  return { at: viewer.n, ...(summary.mode ? { mode: summary.mode, human: summary.human ?? 0 } : {}),
    ...(summary.names ? { names: summary.names } : {}) };
}

/** The Share dialog of a record. ``extra`` goes to the host (the moment, who played), except ``practice``: a
 * practice game's link ends in "/practice", which marks its replay too. */
async function openShare(record, extra = {}, title = t("shareTitle"), method = "share") {
  const { practice, ...sent } = extra;
  let dialog = document.getElementById("share-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "share-dialog", "aria-labelledby": "share-title" });
    document.body.append(dialog);
  }
  const base = `${location.origin}${location.pathname}#watch/`;
  let shared;
  try {
    shared = await ctx.call(method, { ...(record ? { record } : {}), prefix: base, ...sent });
  } catch (error) {
    dialog.replaceChildren(el("p", { class: "error", role: "alert", text: error.message }),
      el("form", { method: "dialog" }, el("button", { text: t("close2") })));
    dialog.showModal();
    return;
  }
  const url = base + shared.code + (practice ? "/practice" : "");
  const canvas = el("canvas", { id: "share-qr", role: "img", "aria-label": t("qrLabel") });
  drawQr(canvas, shared.qr);
  const copy = el("button", { type: "button", id: "share-copy", text: t("copy"), onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = t("copied");
    } catch {
      document.getElementById("share-url").select();
    }
  } });
  dialog.replaceChildren(
    el("h2", { id: "share-title", text: title }),
    el("label", { for: "share-url", text: `${t("shareLink")} (${t("linkChars", { n: url.length })})` }),
    el("input", { id: "share-url", readonly: true, value: url, onfocus: (e) => e.target.select() }),
    el("div", { class: "share-actions" }, copy,
      navigator.share ? el("button", { type: "button", id: "share-system", text: t("shareSystem"),
        onclick: () => navigator.share({ title: t("shareTitle"), url }).catch(() => {}) }) : null),
    canvas,
    el("form", { method: "dialog" }, el("button", { id: "share-close", text: t("close2") })));
  dialog.showModal();
}

function drawQr(canvas, rows) {
  const scale = 4;
  const quiet = 4;
  const size = (rows.length + 2 * quiet) * scale;
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, size, size);
  g.fillStyle = "#000";
  rows.forEach((row, y) => [...row].forEach((cell, x) => {
    if (cell === "1") g.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
  }));
}

// ------------------------------------------------------------------------- registration

// the sections exist before the router first shows them (it shows a section before calling show())
for (const name of ["saves", "replay", "watch"]) screenSection(name);
registerScreen("saves", { show: (args, context) => { ctx = context; return showSaves(); } });
registerScreen("replay", {
  show: async (args, context) => {
    ctx = context;
    const cached = viewerEntries.get(args[0]);
    if (cached) {
      const section = screenSection("replay");
      const info = await ctx.call("replay_open", { code: cached.code });
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

/** The start screen's "Continue": the router's context arrives with the first screen, so ask main.js's ready. */
window.addEventListener("pwtcg:context", (event) => { ctx = event.detail; offerContinue(); });
/** Share at game over (main.js): the game on the playmat, its players' labels taken from the host's game. */
window.addEventListener("pwtcg:share-game", (event) => (event.detail?.method === "puzzle_share"
  ? openShare(null, {}, event.detail.title, "puzzle_share") : openShare(null, { practice: event.detail?.practice })));
window.addEventListener("hashchange", () => { if (!location.hash || location.hash === "#play") offerContinue(); });
onLangChange(() => {
  if (document.getElementById("app")?.dataset.state === "saves") showSaves();
  if (!document.getElementById("continue-box")) return;
  offerContinue();
});
