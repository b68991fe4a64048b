// Saved games and replays in IndexedDB (database "pwtcg", stores "saves" and "replays", keyed by id).
//
// Each write is one readwrite transaction: IndexedDB commits it whole or not at all, so a crash, a reload or a
// full disk in the middle of a write leaves the previous good record. Every failure rejects with an Error
// whose `key` names a catalogue string the page shows (storage full, unavailable, upgraded by another tab);
// the game goes on. Another tab opening the database at a higher version closes this connection at once
// (a "pwtcg:storage-upgraded" event asks the page to reload), so that tab is never blocked by this one.

const DB_NAME = "pwtcg";
const DB_VERSION = 1;
export const STORES = ["saves", "replays"];

let opening = null;
let upgraded = false;   // another tab upgraded the database: this page must reload before writing again

/** An Error for a failed storage operation, with the catalogue key of its reason. */
export class StorageError extends Error {
  constructor(key, cause) {
    super(cause?.message || key);
    this.name = "StorageError";
    this.key = key;
    this.cause = cause;
  }
}

/** The catalogue key of why a storage operation failed. */
export function reasonKey(error) {
  if (error instanceof StorageError) return error.key;
  switch (error?.name) {
    case "QuotaExceededError": return "storageFull";
    case "VersionError": return "storageUpgraded";
    case "AbortError": return "storageAborted";
    case "InvalidStateError": case "SecurityError": case "UnknownError": return "storageUnavailable";
    default: return "storageFailed";
  }
}

const tell = (name, detail = null) => window.dispatchEvent(new CustomEvent(name, { detail }));

function hasStores(db) {
  return STORES.every((name) => db.objectStoreNames.contains(name));
}

/** Open the database at `version` (undefined: whatever version it has now). */
function openAt(version) {
  return new Promise((resolve, reject) => {
    let request;
    let settled = false;
    try {
      request = version === undefined ? indexedDB.open(DB_NAME) : indexedDB.open(DB_NAME, version);
    } catch (error) {
      reject(new StorageError("storageUnavailable", error));
      return;
    }
    request.onupgradeneeded = () => {
      for (const name of STORES) {
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, { keyPath: "id" });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      if (settled) {   // it opened after this page gave up on it (blocked): the next request opens again
        db.close();
        return;
      }
      settled = true;
      db.onclose = () => { opening = null; };   // closed by the browser (site data cleared): open again next time
      db.onversionchange = () => {
        db.close();
        opening = null;
        upgraded = true;
        tell("pwtcg:storage-upgraded");
      };
      tell("pwtcg:storage-blocked", false);
      resolve(db);
    };
    request.onerror = (event) => {
      event.preventDefault?.();
      settled = true;
      reject(request.error || new StorageError("storageUnavailable"));
    };
    request.onblocked = () => {
      // an older tab keeps the database open at a lower version: say so rather than wait for ever
      settled = true;
      tell("pwtcg:storage-blocked", true);
      reject(new StorageError("storageBlocked"));
    };
  });
}

async function openDatabase() {
  try {
    return await openAt(DB_VERSION);
  } catch (error) {
    if (error?.name !== "VersionError") throw error;
  }
  // a newer version of the app upgraded the database: keep using it while it has the stores this one needs
  const db = await openAt(undefined);
  if (hasStores(db)) return db;
  db.close();
  throw new StorageError("storageUpgraded");
}

function open() {
  if (upgraded) return Promise.reject(new StorageError("storageUpgraded"));
  opening ??= openDatabase().catch((error) => {
    opening = null;   // try again on the next request
    throw error;
  });
  return opening;
}

/** A request's callback that, if it throws (a put refused: storage full), aborts the transaction with that error. */
function guarded(box, tx, callback) {
  return (...args) => {
    try {
      callback(...args);
    } catch (error) {
      // a request made after the transaction was aborted (by the browser) fails too: keep the first reason
      if (error?.name !== "TransactionInactiveError") box.refusal ??= error;
      try {
        tx.abort();
      } catch {
        /* already finished */
      }
    }
  };
}

/** Run `work(stores)` in one transaction over `names`; resolve with what it set as the result once the
    transaction has committed, reject (nothing written) if it threw, a request failed or the transaction aborted. */
async function transact(names, mode, work) {
  const db = await open();
  return new Promise((resolve, reject) => {
    let tx;
    try {
      tx = db.transaction(names, mode);
    } catch (error) {
      if (error?.name === "InvalidStateError") opening = null;   // the connection is closed: open again next time
      reject(error?.name === "InvalidStateError" && upgraded ? new StorageError("storageUpgraded", error) : error);
      return;
    }
    const box = { result: undefined, refusal: null };
    tx.oncomplete = () => resolve(box.result);
    tx.onabort = () => reject(box.refusal || tx.error || new StorageError("storageAborted"));
    const stores = Object.fromEntries(names.map((name) => [name, tx.objectStore(name)]));
    guarded(box, tx, work)(stores, box, tx);
  });
}

/** Run one request in a transaction and resolve with its result once the transaction has committed. */
function run(storeName, mode, makeRequest) {
  return transact([storeName], mode, (stores, box) => {
    const request = makeRequest(stores[storeName]);
    request.onsuccess = () => { box.result = request.result; };
  });
}

export const put = (store, record) => run(store, "readwrite", (s) => s.put(record));
export const get = (store, id) => run(store, "readonly", (s) => s.get(id));
export const all = (store) => run(store, "readonly", (s) => s.getAll());
export const remove = (store, id) => run(store, "readwrite", (s) => s.delete(id));

/** Both stores' entries read in one transaction (a consistent picture): {saves, replays}. */
export function allEntries() {
  return transact(STORES, "readonly", (stores, box) => {
    box.result = {};
    for (const name of STORES) {
      const request = stores[name].getAll();
      request.onsuccess = () => { box.result[name] = request.result; };
    }
  });
}

/**
 * Write a game's entry for tab `owner` in one transaction: into `store`, removed from the other store (a
 * finished game moves from saves to replays). Refused with StorageError("storageNotOwner"), nothing written,
 * when the stored entry says another tab owns the game now (unless `claiming`: this tab has just taken its lock).
 */
export function writeOwned(store, entry, owner, claiming = false) {
  const other = STORES.find((name) => name !== store);
  return transact(STORES, "readwrite", (stores, box, tx) => {
    const current = stores.saves.get(entry.id);
    current.onsuccess = guarded(box, tx, () => {
      const found = current.result;
      if (!claiming && found && typeof found === "object" && found.owner && found.owner !== owner) {
        box.refusal = new StorageError("storageNotOwner");
        tx.abort();
        return;
      }
      stores[store].put({ ...entry, owner });
      if (other) stores[other].delete(entry.id);
    });
  });
}

/** Mark tab `owner` as the owner of a saved game, and resolve with the entry as stored (null if none). */
export function claimEntry(id, owner) {
  return transact(["saves"], "readwrite", (stores, box, tx) => {
    const current = stores.saves.get(id);
    current.onsuccess = guarded(box, tx, () => {
      const found = current.result;
      if (!found || typeof found !== "object") return;
      box.result = { ...found, owner };
      stores.saves.put(box.result);
    });
  });
}

/** Change some fields of a stored entry, read and written in one transaction (nothing if it is gone). */
export function patch(store, id, changes) {
  return transact([store], "readwrite", (stores, box, tx) => {
    const current = stores[store].get(id);
    current.onsuccess = guarded(box, tx, () => {
      if (current.result && typeof current.result === "object") stores[store].put({ ...current.result, ...changes });
    });
  });
}

/** Put several entries ([{store, entry}]) in one transaction: all are written or none. */
export function putAll(items) {
  return transact(STORES, "readwrite", (stores) => {
    for (const { store, entry } of items) stores[store].put(entry);
  });
}

/** A new record id: time-ordered and unique enough for one browser. */
export function newId(prefix = "g") {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
