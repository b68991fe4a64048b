// One JSON record in localStorage, read and written without ever throwing: storage may be off (private mode, a
// sandboxed frame) or full, and a stored value may be damaged; the caller then keeps its record in memory.

/** The record stored under ``key`` when ``valid`` accepts it, else a fresh ``empty()``. */
export function readLocal(key, valid, empty) {
  try {
    const saved = JSON.parse(localStorage.getItem(key) || "null");
    return valid(saved) ? saved : empty();
  } catch {
    return empty();
  }
}

/** Store ``value`` under ``key``; false when storage is off or full (the record then lasts for this page). */
export function writeLocal(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
