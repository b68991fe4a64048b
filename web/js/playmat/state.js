// The playmat's shared state: the game on screen, its log, and the timing of the computer and the animations.

import { speedParam } from "../params.js";
import { settings, ANIMATION_MS } from "../settings.js";

export const $ = (id) => document.getElementById(id);
export const params = new URLSearchParams(location.search);
/** Delay multiplier for the computer's moves and the damage check reveal (?speed=0 in tests). */
export const SPEED = speedParam(params.get("speed"));
/** ?pace=keep (tests): the computer's answers keep their whole pace even at ?speed=0, floor included, so a test
 * times what a player sees (tests/browser/test_fair_play.py). */
export const KEEP_PACE = params.get("pace") === "keep";
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** Milliseconds of one card animation: ?anim=off|fast|normal|slow, else none at ?speed=0, else the setting. */
export function animationMs() {
  const forced = params.get("anim");
  if (Object.hasOwn(ANIMATION_MS, forced)) return ANIMATION_MS[forced];   // not "constructor" or "__proto__"
  if (SPEED === 0 || reducedMotion.matches) return 0;
  return ANIMATION_MS[settings().animation];
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const app = {
  hello: null,
  catalog: {},
  state: null,        // the last state from the host
  shown: null,        // the state currently drawn
  shownViewer: null,  // hot-seat: whose cards are on screen
  log: [],            // every log event shown so far
  updates: 0,         // states received (tests wait on it)
  busy: false,
  lastRequest: null,  // the start screen's last request, for "play again"
  gameId: null,       // the id the game on the playmat is saved under (screens/saves.js)
  lastMove: new Set(),// ids of the cards the latest move was about (highlighted)
  logHidden: false,   // hot-seat: the log is off screen until the device is passed
  paused: false,      // the player paused the game's flow (the pause button)
  damageChecks: 0,    // damage checks shown on this page (tests count them)
};

// ------------------------------------------------------------------------- pause

const pauseListeners = new Set();
const holds = new Set();   // why the flow waits: "player" (the pause button), "away" (another screen is shown)
let resumeWaiters = [];

/** Hold or release the game's flow (the computer's moves and the damage check's reveal) for one reason. */
export function hold(reason, on) {
  if (on) holds.add(reason);
  else holds.delete(reason);
  if (holds.size === 0) {
    const waiters = resumeWaiters;
    resumeWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** The player pauses or resumes the game (the pause button, the P key); tells the listeners. */
export function setPaused(paused) {
  if (app.paused === paused) return;
  app.paused = paused;
  hold("player", paused);
  for (const listener of pauseListeners) listener(paused);
}

export function onPauseChange(listener) {
  pauseListeners.add(listener);
}

/** Resolves at once while the game runs, else when nothing holds it any more. */
export function whileRunning() {
  return holds.size ? new Promise((resolve) => resumeWaiters.push(resolve)) : Promise.resolve();
}

/** One beat of the game's own pace: `ms` of waiting, then as long as the game is held.
 * Returns null (nothing to await) when there is nothing to wait for, so a ?speed=0 flow stays synchronous. */
export function beat(ms) {
  if (ms <= 0 && holds.size === 0) return null;
  return (async () => {
    if (ms > 0) await sleep(ms);
    await whileRunning();
  })();
}
