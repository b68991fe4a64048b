// Saved games and replays in IndexedDB (database "pwtcg", stores "saves" and "replays", keyed by id).
//
// Each write is one put in one readwrite transaction: IndexedDB commits it whole or not at all, so a crash or
// a full disk between two writes leaves the previous good record. Every failure rejects with an Error whose
// message the page shows (storage full, private mode, blocked); the game goes on.

const DB_NAME = "pwtcg";
const DB_VERSION = 1;
export const STORES = ["saves", "replays"];

let opening = null;

function open() {
  opening ??= new Promise((resolve, reject) => {
    let request;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (error) {
      reject(error);
      return;
    }
    request.onupgradeneeded = () => {
      for (const name of STORES) {
        if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name, { keyPath: "id" });
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error || new Error("IndexedDB cannot be opened"));
    request.onblocked = () => reject(new Error("IndexedDB is blocked by another tab"));
  }).catch((error) => {
    opening = null;   // try again on the next request
    throw error;
  });
  return opening;
}

/** Run one request in a transaction and resolve when the transaction has committed. */
async function run(storeName, mode, makeRequest) {
  const db = await open();
  return new Promise((resolve, reject) => {
    let tx;
    try {
      tx = db.transaction(storeName, mode);
    } catch (error) {
      reject(error);
      return;
    }
    let result;
    const request = makeRequest(tx.objectStore(storeName));
    request.onsuccess = () => { result = request.result; };
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error || request.error || new Error("the write failed"));
    tx.onabort = () => reject(tx.error || new Error("the write was aborted"));
  });
}

export const put = (store, record) => run(store, "readwrite", (s) => s.put(record));
export const get = (store, id) => run(store, "readonly", (s) => s.get(id));
export const all = (store) => run(store, "readonly", (s) => s.getAll());
export const remove = (store, id) => run(store, "readwrite", (s) => s.delete(id));

/** A new record id: time-ordered and unique enough for one browser. */
export function newId(prefix = "g") {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
