// The embed page's frame: its URL options, its state, its messages to the host page and its size reports.

import { setLang, isLang } from "../i18n.js";

export const $ = (id) => document.getElementById(id);
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

export const params = readParams(location.search);
export const embed = {
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

/** Tell the host page something (only its declared origin can receive it; nothing without one). Progress goes to
    the host page by postMessage, only to the origin the host declared (?origin=https://fan.site), and messages are
    taken only from that origin and the parent window (embed.js); the protocol is documented in docs/embedding.md. */
export function send(event, data = {}) {
  if (!params.origin || window.parent === window) return;
  const message = { source: "pwtcg-embed", version: PROTOCOL, event, kind: params.kind, id: params.id, frame: params.frame, ...data };
  window.parent.postMessage(message, params.origin);
}

/** The language without changing the app's saved choice (setLang saves it; an embed must not). */
export function useLang(next) {
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

export function langNow() {
  return document.documentElement.lang === "ja" ? "ja" : "en";
}

export function fail(text) {
  $("embed-error").textContent = text;
  $("embed-error").hidden = false;
  document.body.dataset.embed = "error";
}

/** Show an error of a request below the frame, which stays as it was. */
export function showError(message) {
  $("embed-error").textContent = message;
  $("embed-error").hidden = false;
}

/** The app's page for what this embed shows (a replay at the decision on screen). */
export const appHref = () => (params.kind === "watch"
  ? `./#watch/${params.id.split(".a")[0]}${embed.watchAt ? `.a${embed.watchAt.n}` : ""}`.replace(/(\.a\d+)(\.a\d+)$/, "$2")
  : `./#${params.kind}/${encodeURIComponent(params.id)}`);

let lastHeight = 0;
/** The frame's content height, so a host may size the iframe (event "resize"): the content's own height (not the
    document's, which is never less than the iframe's), so the frame shrinks back when the content does. */
export function reportSize() {
  const main = $("embed");
  const height = Math.ceil(main.getBoundingClientRect().height + parseFloat(getComputedStyle(document.body).marginTop || 0)
    + parseFloat(getComputedStyle(document.body).marginBottom || 0));
  if (height !== lastHeight) {
    lastHeight = height;
    send("resize", { height });
  }
}

/** Report the size now and whenever the content's size changes (a step's text, a hint, the finish box). */
export function watchSize() {
  reportSize();
  if (typeof ResizeObserver === "function") new ResizeObserver(() => reportSize()).observe($("embed"));
}
