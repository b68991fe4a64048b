// Banners about the browser's storage of saved games: why a write failed, another tab upgrading or blocking
// the database, and a game open in another tab (with "Take over here").

import { t, onLangChange } from "./i18n.js";
import { reasonKey } from "./store.js";

/** Why a storage operation failed, in the player's language. */
export function reasonText(error) {
  return t(reasonKey(error));
}

const shown = new Map();   // banner id -> {key, action} (redrawn when the language changes)

function banner(id) {
  let box = document.getElementById(id);
  if (!box) {
    box = document.createElement("div");
    box.id = id;
    box.className = "update-banner storage-banner";
    box.setAttribute("role", "alert");
    box.hidden = true;
    const anchor = document.getElementById("update-banner");
    if (anchor) anchor.after(box);
    else document.body.prepend(box);
  }
  return box;
}

/** Show banner `id` with the text of catalogue key `key` and, if given, a button {key, id, onclick}. */
export function showBanner(id, key, action = null) {
  const box = banner(id);
  const text = document.createElement("span");
  text.textContent = t(key);
  const parts = [text];
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = action.id;
    button.className = "primary";
    button.textContent = t(action.key);
    button.onclick = action.onclick;
    parts.push(" ", button);
  }
  box.replaceChildren(...parts);
  box.hidden = false;
  shown.set(id, { key, action });
}

export function hideBanner(id) {
  const box = document.getElementById(id);
  if (box) box.hidden = true;
  shown.delete(id);
}

onLangChange(() => {
  for (const [id, { key, action }] of [...shown]) showBanner(id, key, action);
});

window.addEventListener("pwtcg:storage-upgraded", () => {
  showBanner("storage-banner", "storageUpgradedBanner", { id: "storage-reload", key: "storageReload", onclick: () => location.reload() });
});
window.addEventListener("pwtcg:storage-blocked", (event) => {
  if (event.detail) showBanner("storage-blocked", "storageBlockedBanner");
  else hideBanner("storage-blocked");
});
