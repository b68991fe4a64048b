// Saved games as files: "Export" (one entry, all, or a damaged one as stored) and "Import", which the engine
// checks whole before anything is written.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { newId, allEntries, putAll } from "../store.js";
import { isId } from "../entries.js";
import { reasonText } from "../storagenotice.js";
import { R } from "../protocol.js";

const MAX_IMPORT_BYTES = 25_000_000;   // the engine refuses more (MAX_EXPORT_CHARS, engine/model/limits.py)

/** Offer `data` as a JSON file to save. */
export function download(name, data) {
  // a damaged entry may hold what JSON cannot write as it is (a BigInt): written as text
  const text = JSON.stringify(data, (key, value) => (typeof value === "bigint" ? String(value) : value), 1);
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An entry as an export file lists it. */
export const exportItem = (store, entry) => ({ store, id: entry.id, name: entry.name, created: entry.created,
  updated: entry.updated, save: entry.save });

/** Import a file of exported saves and replays: the engine checks the whole file (its text) and re-executes
 * every game before anything is written, so a file with one bad item stores nothing. Resolves to what to tell
 * the player ({message, isError}), or null when no file was chosen. */
export async function importFile(file, call) {
  if (!file) return null;
  try {
    if (file.size > MAX_IMPORT_BYTES) throw new Error(t("importTooLarge", { mb: MAX_IMPORT_BYTES / 1_000_000 }));
    // the engine checks the whole file and re-executes every game before anything is written
    const { items } = await call(R.IMPORT_CHECK, await file.text());
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
    return { message: said.join(" "), isError: false };
  } catch (error) {
    return { message: t("importRefused", { error: error?.key ? reasonText(error) : error.message }), isError: true };
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
