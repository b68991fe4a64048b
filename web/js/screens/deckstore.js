// The decks the builder keeps: saved decks in localStorage under STORAGE_KEY as {version: 1, decks: [{id, name,
// numbers, updated}]}, shipped decks from the engine (never stored: editing one saves a copy). A storage write
// that fails is reported and the deck stays on the page; storage that cannot be read is backed up, never
// overwritten.

import { t, lang } from "../i18n.js";
import { R } from "../protocol.js";

export const STORAGE_KEY = "pwtcg.decks.v1";
export const MAX_PASTE_CHARS = 20_000;   // engine.limits.MAX_DECK_CODE_CHARS: longer pastes are refused at once
export const DECK_SIZE = 50;
export const SHIPPED_PREFIX = "shipped-";

const store = { decks: null, problem: "" };

/** The saved decks ([] when none); unreadable storage is copied aside first, so nothing is lost. */
export function loadSaved() {
  if (store.decks) return store.decks;
  let raw = null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch (error) {
    store.problem = t("deckSaveFailed", { error: error.message });
    store.decks = [];
    return store.decks;
  }
  store.decks = [];
  if (raw === null) return store.decks;
  try {
    const data = JSON.parse(raw);
    if (!data || !Array.isArray(data.decks)) throw new Error("not a deck list");
    store.decks = data.decks.filter((d) => d && typeof d.id === "string" && typeof d.name === "string"
      && Array.isArray(d.numbers) && d.numbers.every((n) => typeof n === "string"));
  } catch {
    const aside = `${STORAGE_KEY}.unreadable-${Date.now()}`;
    try {
      localStorage.setItem(aside, raw);
      localStorage.removeItem(STORAGE_KEY);
      store.problem = t("deckStorageUnreadable", { key: aside });
    } catch (error) {
      store.problem = t("deckSaveFailed", { error: error.message });
    }
  }
  return store.decks;
}

/** Write every saved deck; throws an Error with a readable message when the browser refuses. */
export function persist() {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, decks: store.decks }));
  } catch (error) {
    throw new Error(error?.name === "QuotaExceededError" ? "storage full" : (error?.message || String(error)));
  }
}

function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `d${Date.now().toString(36)}${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Add a deck and save; returns it. Throws (nothing kept in storage) if the write fails. */
export function createDeck(name, numbers) {
  const deck = { id: newId(), name, numbers: [...numbers], updated: Date.now() };
  loadSaved().push(deck);
  try {
    persist();
  } catch (error) {
    deck.unsaved = true;   // still usable on this page
    throw Object.assign(error, { deck });
  }
  return deck;
}

let shippedPromise = null;

/** The engine's shipped decks, asked once. */
export function shippedDecks(context) {
  shippedPromise ??= context.call(R.DECKS_SHIPPED).catch((error) => {
    shippedPromise = null;
    throw error;
  });
  return shippedPromise;
}

/** A deck's name in the page's language. */
export function deckTitle(deck) {
  return typeof deck.name === "string" ? deck.name : (deck.name?.[lang()] || deck.name?.en || deck.id);
}

/** Find a deck by route id: a saved deck, or a shipped one ("shipped-KEY"). */
export async function findDeck(id, context) {
  if (id.startsWith(SHIPPED_PREFIX)) {
    const shipped = (await shippedDecks(context)).find((d) => SHIPPED_PREFIX + d.id === id);
    return shipped ? { id, shipped: true, name: deckTitle(shipped), numbers: [...shipped.numbers] } : null;
  }
  return loadSaved().find((d) => d.id === id) || null;
}

/** The decks' status line: a saved, copied or failed message (an error is announced as an alert). */
export function flash(section, message, kind = "status") {
  const box = section.querySelector(".deck-flash");
  if (!box) return;
  box.textContent = message;
  box.className = `deck-flash ${kind === "error" ? "error" : "ok"}`;
  box.setAttribute("role", kind === "error" ? "alert" : "status");
  box.hidden = !message;
}

/** Show the storage problem met so far (unreadable or refused storage), if any. */
export function showStorageProblem(section) {
  if (store.problem) flash(section, store.problem, "error");
}

/** Remember a problem to show on the decks' pages (the shipped decks could not be loaded). */
export function noteProblem(message) {
  store.problem = message;
}
