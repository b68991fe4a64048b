// The playmat's game flow: start a game, show each new state, the computer's moves, and the player's decisions.

import { t, lang } from "../i18n.js";
import { el } from "../dom.js";
import { call } from "../engine.js";
import { scenarioProblem } from "../params.js";
import { showSection } from "../router.js";
import { newId } from "../store.js";
import { clearLog, appendLog, narrate, shown as shownInLog } from "../log.js";
import { capture, animate, lastMoveIds, toast, hideToast } from "../motion.js";
import { settings, sound, COMPUTER_MS } from "../settings.js";
import { R } from "../protocol.js";
import { $, app, SPEED, KEEP_PACE, animationMs, sleep, setPaused, whileRunning } from "./state.js";
import { closeCardMenu } from "./cardmenu.js";
import { render, redrawLog } from "./decision.js";
import {
  overlayOpen, damageChecks, showDamageChecks, openModal, closeModal, concealBoard, passDevice, showGameOver,
} from "./overlays.js";

/** Show one of the playmat's screens ("start" or "game"); the game's header buttons only on the game. */
export function showScreen(name) {
  showSection(name);
  $("new-game").hidden = name !== "game";
  $("pause").hidden = name !== "game";
  if (name !== "game") {
    $("undo").hidden = true;
    $("concede").hidden = true;
    hideToast();
  }
}

/** Start a game from a start-screen request or a scenario; errors go back to the start screen. */
export async function startGame(request) {
  app.lastRequest = request;
  resetBoard();
  $("start-error").hidden = true;
  try {
    if (request.scenario) checkScenario(request.scenario);
    const state = await call(R.NEW_GAME, request);
    app.gameId = newId();
    showScreen("game");
    await handleState(state);
  } catch (error) {
    showScreen("start");
    $("start-error").textContent = t(request.scenario ? "badScenario" : "badDeck", { error: error.message });
    $("start-error").hidden = false;
  }
}

/** Show a state the host already holds (a resumed save, "play from here") under a save id. Its log was seen
 * before (or is the replay's past): it only goes into the log, nothing of it plays again. */
export function showGame(state, gameId) {
  resetBoard();
  app.lastRequest = null;
  app.gameId = gameId;
  showScreen("game");
  return handleState(state, { seen: true });
}

function resetBoard() {
  app.shown = null;
  app.shownViewer = null;
  app.log = [];
  app.lastMove = new Set();
  clearLog($("log"));
  $("announcer").textContent = "";   // the last game's news is not this game's
  hideToast();
  setPaused(false);
}

/** Refuse a scenario too large or too deeply nested for the engine (from a link, or the test hook). */
function checkScenario(scenario) {
  const problem = scenarioProblem(typeof scenario === "string" ? scenario : JSON.stringify(scenario) ?? "");
  if (problem) throw new Error(t(problem.key, problem.params));
}

/** Show a new state: narrate new log events, run the damage check, pass the device, draw, continue.
 * `seen`: the state's log events were on the page before (an undo, a resumed game), so none of them is news. */
async function handleState(state, { seen = false } = {}) {
  app.state = state;
  app.updates += 1;
  // the saved-games module keeps every game in progress saved after each decision
  window.dispatchEvent(new CustomEvent("pwtcg:state", { detail: { state, gameId: app.gameId } }));
  // The host sends only new log events; after a new game, an undo or a change of viewer it resends the
  // log (redacted for the viewer) and says how many of the events are new.
  if (state.log_reset) app.log = [];
  app.log.push(...state.log);
  const fresh = seen ? [] : state.log.slice(state.log.length - (state.fresh ?? state.log.length));
  // Hot-seat: a state for another player holds that player's hand and log, so both are shown only after
  // the device has been passed; the previous player's log lines leave the screen with them.
  const handOver = state.mode === "hotseat" && state.decision && state.viewer !== app.shownViewer;
  const wasHidden = app.logHidden;
  app.logHidden = handOver;
  const moved = lastMoveIds(fresh);
  if (moved.size || state.log_reset) app.lastMove = moved;
  // what a damage check settles is told (toast, live region, log) when its last card is shown, and what
  // followed it after that
  const checks = damageChecks(fresh);
  const split = checks.length ? fresh.indexOf(checks[0].start) : fresh.length;
  const inChecks = new Set(checks.flatMap((check) => [check.start, ...check.cards, check.end]));
  const redraw = state.log_reset || handOver || wasHidden;
  if (redraw) redrawLog();
  else appendLog($("log"), app.log.slice(0, app.log.length - (fresh.length - split)), state, settings().log);
  if (!handOver) {
    const before = capture();
    render(state, state.viewer);
    animate(before, fresh, animationMs());
    tell(state, fresh.slice(0, split));
  }
  if (handOver) concealBoard();
  await showDamageChecks(checks);
  if (checks.length && !handOver && app.state === state) {
    if (!redraw) appendLog($("log"), app.log, state, settings().log);
    tell(state, fresh.slice(split).filter((event) => !inChecks.has(event)));
  }
  if (handOver) {
    await passDevice(state.viewer);
    app.shownViewer = state.viewer;
    app.logHidden = false;
    redrawLog();
  }
  if (app.state !== state) return; // a newer state arrived meanwhile
  if (handOver) render(state, state.viewer);
  $("pause").hidden = Boolean(state.view.outcome);
  if (performance.getEntriesByName("pwtcg:first-board").length === 0) performance.mark("pwtcg:first-board");
  if (state.view.outcome) showGameOver(state);
  else if (state.computer_to_act) scheduleComputer();
  else focusDecision();
}

function keyNews(fresh) {
  return fresh.filter((event) => shownInLog(event, "key") && event.kind !== "turn_start");
}

/** The latest news in the page's language: the last three key events of `fresh` (by default the state's new
 * events), narrated. */
export function newsLines(state, fresh = state.log.slice(state.log.length - (state.fresh ?? state.log.length))) {
  return keyNews(fresh).slice(-3).map((event) => narrate((event.text[lang()] || event.text.en).replace(/ \[[\d.]+\]$/, ""), state));
}

/** The toast (the computer's moves), the screen reader's live region and the sounds for new log events. */
function tell(state, fresh) {
  const key = keyNews(fresh);
  const lines = newsLines(state, fresh);
  if (lines.length) $("announcer").textContent = lines.join(" ");
  const byComputer = state.mode === "computer" && key.some((event) => event.data?.player !== undefined && event.data.player !== state.human);
  if (byComputer && !state.view.outcome) {
    const step = settings().computer === "step" && SPEED !== 0;
    toast(lines, step ? 0 : Math.max(1800, COMPUTER_MS[settings().computer] * 3));
  }
  const kinds = new Set(fresh.map((event) => event.kind));
  for (const kind of ["destroyed", "attack", "play", "draw"]) {
    if (kinds.has(kind)) {
      sound(kind === "destroyed" ? "destroy" : kind);
      break;
    }
  }
  if (kinds.has("life_lost")) sound("damage");
}

/** Move the keyboard focus to the decision after every change (unless a dialog or a field has it). */
function focusDecision() {
  if (overlayOpen() || document.querySelector("dialog[open]")) return;
  if (document.activeElement?.closest?.("input, select, textarea, #card-menu")) return;
  const first = $("options").querySelector("button.option");
  (first || $("decision")).focus({ preventScroll: true });
}

/** The computer's next move: after a pause (the speed setting), or when the player presses Next; held while the
 * player pauses the game. Its answer then takes the time the host's `computer_pace` says, from public facts
 * only (the level and the public kind of decision), however quickly the computer answered: whether Strong
 * searched depends on its hidden cards. An answer that arrives during a pause waits for the resume. */
function scheduleComputer() {
  const scheduled = app.state;
  const pace = scheduled.computer_pace || { ms: 0, search: false };
  const run = async () => {
    await whileRunning();
    if (app.state !== scheduled) return;   // a new game, an undo or a resumed save came meanwhile
    $("computer-next").hidden = true;
    try {
      const asked = performance.now();
      const answer = await call(R.COMPUTER_STEP);
      // ?speed=0 (tests) drops the floor of Beginner's and Normal's answers, never Strong's pace (nor any with ?pace=keep)
      const ms = pace.search || SPEED > 0 || KEEP_PACE ? pace.ms : 0;
      await sleep(ms - (performance.now() - asked));
      await whileRunning();
      if (app.state !== scheduled) return;   // held while another game was started or resumed
      await handleState(answer);
    } catch (error) {
      showActionError(error.message);
    }
  };
  if (settings().computer === "step" && SPEED !== 0) {
    const next = $("computer-next");
    next.hidden = false;
    next.onclick = run;
    if (!overlayOpen()) next.focus({ preventScroll: true });
    return;
  }
  setTimeout(run, COMPUTER_MS[settings().computer] * SPEED);
}

/** Send one request that changes the game (an action, undo, concede) unless one is under way, and show its answer
 * (`seen`: its log holds nothing new, as after an undo). */
async function send(method, argument, seen = false) {
  app.busy = true;
  try {
    await handleState(await call(method, argument), { seen });
  } catch (error) {
    showActionError(error.message);
  } finally {
    app.busy = false;
  }
}

/** Send one human action to the engine. */
export async function act(text) {
  if (app.busy || !app.state?.decision || app.state.computer_to_act) return;
  closeCardMenu();
  return send(R.ACT, text);
}

export async function undo() {
  if (app.busy || !app.state?.can_undo || app.state.view.outcome) return;
  return send(R.UNDO, undefined, true);   // back to a position the page showed: nothing plays again
}

function showActionError(message) {
  const box = $("blocked");
  box.replaceChildren(el("p", { class: "error", role: "alert", text: message }));
}

/** After the end: undo the last decision of the human anyway, as practice (the result stands as it was). */
export async function rewindAndPlayOn() {
  closeModal($("gameover"));
  if (app.busy || !app.state?.can_undo) return;
  return send(R.UNDO, undefined, true);   // the host marks the game as practice
}

export async function concede() {
  const dialog = $("concede-dialog");
  openModal(dialog);
  $("concede-no").focus();
  const answer = await new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true }));
  dialog.hidden = true;
  if (answer !== "yes" || app.busy || !app.state?.decision || app.state.view.outcome) return;
  return send(R.CONCEDE);
}
