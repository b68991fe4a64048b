// Saved games (#saves), the start screen's Continue and the autosave of the game on the playmat. The replay
// viewer and shared links are screens/replay.js; the Share dialog is js/sharedialog.js.
//
// Games and replays live in IndexedDB (js/store.js), written from the page: the page is where a failed write
// must be shown, and the worker stays a pure function of its requests (the same host code runs under CPython
// in the tests). The host (py/saves_host.py) makes each save, checks it on the way back (a sha256 check and a
// re-execution by the engine), and answers the viewer.

import { registerScreen, screenSection, go } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";
import { get, all, remove, allEntries, writeOwned, claimEntry, patch } from "../store.js";
import { entryProblem, sortEntries, keyText } from "../entries.js";
import { TAB, claim, release, onLost } from "../tabs.js";
import { reasonText, showBanner, hideBanner } from "../storagenotice.js";
import { openShare } from "../sharedialog.js";
import { deckLabel, resultLabel, describe } from "./gamelabels.js";
import { download, exportItem, importFile } from "./savesfile.js";
import { R } from "../protocol.js";

let ctx = null;           // the router's context (call, catalog, startGame, showGame)
let lastFailed = false;   // the latest write of the game on the playmat failed
let writing = Promise.resolve();
const lostGames = new Set();   // games another tab took over from this one: never written from here again
const markedGames = new Set(); // games whose stored entry names this tab as the owner

// ------------------------------------------------------------------------- autosave

/** After each state of the game on the playmat: store the save it carries (or, once over, keep it as a replay).
 * The worker made the save as it answered, so a decision costs one request. */
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
    const { save, summary } = state.saved;
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

/** The autosave's status line (in the page from the start, so its presence tells nothing of when a write ends). */
function saveBanner(message) {
  const box = document.getElementById("save-status");
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
    onchange: (e) => importFile(e.target.files[0], ctx.call).then((said) => said && showSaves(said.message, said.isError)) });
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
      el("button", { type: "button", class: "share", text: t("share"), onclick: () => openShare(ctx.call, entry.save.record,
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
    const { state } = await ctx.call(R.SAVE_RESUME, entry.save);
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

// ------------------------------------------------------------------------- registration

// the section exists before the router first shows it (it shows a section before calling show())
screenSection("saves");
registerScreen("saves", { show: (args, context) => { ctx = context; return showSaves(); } });
/** The start screen's "Continue": the router's context arrives with the first screen, so ask the shell's ready. */
window.addEventListener("pwtcg:context", (event) => { ctx = event.detail; offerContinue(); });
/** Share at game over (playmat/overlays.js): the game on the playmat, its players' labels taken from the host's game. */
window.addEventListener("pwtcg:share-game", (event) => (event.detail?.method === R.PUZZLE_SHARE
  ? openShare(ctx.call, null, {}, event.detail.title, R.PUZZLE_SHARE) : openShare(ctx.call, null, { practice: event.detail?.practice })));
// "Watch the replay" at the game's end: the viewer opens once the game's last write (as a replay) is done
window.addEventListener("pwtcg:watch-game", (event) => {
  const { gameId } = event.detail || {};
  if (gameId) writing.then(() => go("replay", gameId));
});
window.addEventListener("hashchange", () => { if (!location.hash || location.hash === "#play") offerContinue(); });
onLangChange(() => {
  if (document.getElementById("app")?.dataset.state === "saves") showSaves();
  if (!document.getElementById("continue-box")) return;
  offerContinue();
});
