// One tab owns a saved game at a time: it holds the Web Lock "pwtcg-game-ID" while the game is on its playmat.
//
// The lock says at once whether another tab has the game open, and a tab whose lock another tab took (steal)
// learns it at once too. Writes are guarded in storage as well (store.js writeOwned): a write of a tab that no
// longer owns the game is refused inside its transaction, so two tabs' writes never interleave, even where the
// Web Locks API is missing (then the lock always looks free).

/** This tab's token, written into the entries of the games it owns. */
export const TAB = `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

const held = new Map();     // game id -> release() of the lock this tab holds
const lostListeners = new Set();

const lockName = (id) => `pwtcg-game-${id}`;

/** Call listener(id) when another tab takes a game this tab owned. */
export function onLost(listener) {
  lostListeners.add(listener);
}

/**
 * Hold the lock of game `id` (letting go of any other game's): true when this tab owns it now. Without `steal`
 * it is false when another tab holds it; with `steal` the other tab loses it.
 */
export function claim(id, { steal = false } = {}) {
  if (!navigator.locks) return Promise.resolve(true);
  for (const other of [...held.keys()]) if (other !== id) release(other);
  if (held.has(id)) return Promise.resolve(true);
  return new Promise((resolve) => {
    let letGo;
    let granted = false;
    const until = new Promise((done) => { letGo = done; });
    navigator.locks.request(lockName(id), steal ? { steal: true } : { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(false);
        return undefined;
      }
      granted = true;
      held.set(id, letGo);
      resolve(true);
      return until;
    }).catch(() => {
      // never granted: the API failed here, and the owner marks in storage still keep the writes apart
      if (!granted) return resolve(true);
      // another tab stole the lock: this tab stops writing the game
      if (held.get(id) === letGo) {
        held.delete(id);
        for (const listener of lostListeners) listener(id);
      }
      return undefined;
    });
  });
}

/** Let go of a game's lock (the player left it). */
export function release(id) {
  const letGo = held.get(id);
  held.delete(id);
  letGo?.();
}
