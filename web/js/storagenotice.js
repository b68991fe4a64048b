// Banners about the browser's storage of saved games: why a write failed, another tab upgrading or blocking
// the database, and a game open in another tab (with "Take over here").

import { addStrings, t, onLangChange } from "./i18n.js";
import { reasonKey } from "./store.js";

addStrings({
  en: {
    storageFull: "the browser's storage is full",
    storageUnavailable: "the browser does not allow storage here, as in a private window",
    storageAborted: "the write was interrupted",
    storageUpgraded: "another tab upgraded the saved games; reload this page",
    storageBlocked: "another tab of this app keeps the saved games open",
    storageNotOwner: "this game is open in another tab",
    storageFailed: "the browser refused the write",
    storageDamaged: "the stored copy is damaged",
    storageUpgradedBanner: "Saved games were upgraded by another tab. Reload this page to keep saving.",
    storageBlockedBanner: "Another tab of this app keeps the saved games open: close it, or reload it, to save here.",
    storageReload: "Reload",
    tabElsewhere: "This game is open in another tab.",
    tabLost: "This game is now open in another tab: moves made here are not saved.",
    tabTakeOver: "Take over here",
    damagedEntry: "Damaged entry",
    damagedDetail: "{id}: cannot be used ({problem}). Export it to keep a copy, or delete it.",
    damaged_entry: "the entry", damaged_id: "its id", damaged_date: "its date", damaged_summary: "its summary",
    damaged_save: "the game's record",
    importSkipped: "Skipped {n} already saved.",
  },
  ja: {
    storageFull: "ブラウザーの保存領域がいっぱいです",
    storageUnavailable: "プライベートウィンドウなど、ここではブラウザーが保存を許可していません",
    storageAborted: "書き込みが中断されました",
    storageUpgraded: "別のタブが保存データを更新しました。このページを再読み込みしてください",
    storageBlocked: "このアプリの別のタブが保存データを開いたままです",
    storageNotOwner: "このゲームは別のタブで開かれています",
    storageFailed: "ブラウザーが書き込みを拒否しました",
    storageDamaged: "保存されたデータが壊れています",
    storageUpgradedBanner: "別のタブが保存データを更新しました。保存を続けるには、このページを再読み込みしてください。",
    storageBlockedBanner: "このアプリの別のタブが保存データを開いたままです。ここで保存するには、そのタブを閉じるか再読み込みしてください。",
    storageReload: "再読み込み",
    tabElsewhere: "このゲームは別のタブで開かれています。",
    tabLost: "このゲームは別のタブで開かれました。ここでの手は保存されません。",
    tabTakeOver: "このタブで続ける",
    damagedEntry: "壊れたデータ",
    damagedDetail: "{id}：使えません（{problem}）。書き出して写しを残すか、削除してください。",
    damaged_entry: "データ全体", damaged_id: "ID", damaged_date: "日付", damaged_summary: "概要",
    damaged_save: "ゲームの記録",
    importSkipped: "保存済みの{n}件は飛ばしました。",
  },
});

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
