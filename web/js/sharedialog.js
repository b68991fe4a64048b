// The Share dialog: a game's link (#watch/CODE, made by the worker's R.SHARE or R.PUZZLE_SHARE), copy, the
// system share sheet where there is one, and a QR code drawn from the worker's rows.

import { t } from "./i18n.js";
import { el } from "./dom.js";
import { R } from "./protocol.js";
import { replaySnippetBox } from "./screens/embedding.js";

/** The Share dialog of a record. ``extra`` goes to the host (the moment, who played), except ``practice``: a
 * practice game's link ends in "/practice", which marks its replay too. `call` asks the worker. */
export async function openShare(call, record, extra = {}, title = t("shareTitle"), method = R.SHARE) {
  const { practice, ...sent } = extra;
  let dialog = document.getElementById("share-dialog");
  if (!dialog) {
    dialog = el("dialog", { id: "share-dialog", "aria-labelledby": "share-title" });
    document.body.append(dialog);
  }
  const base = `${location.origin}${location.pathname}#watch/`;
  let shared;
  try {
    shared = await call(method, { ...(record ? { record } : {}), prefix: base, ...sent });
  } catch (error) {
    dialog.replaceChildren(el("p", { class: "error", role: "alert", text: error.message }),
      el("form", { method: "dialog" }, el("button", { text: t("close2") })));
    dialog.showModal();
    return;
  }
  const url = base + shared.code + (practice ? "/practice" : "");
  const canvas = el("canvas", { id: "share-qr", role: "img", "aria-label": t("qrLabel") });
  drawQr(canvas, shared.qr);
  const copy = el("button", { type: "button", id: "share-copy", text: t("copy"), onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = t("copied");
    } catch {
      document.getElementById("share-url").select();
    }
  } });
  dialog.replaceChildren(
    el("h2", { id: "share-title", text: title }),
    el("label", { for: "share-url", text: `${t("shareLink")} (${t("linkChars", { n: url.length })})` }),
    el("input", { id: "share-url", readonly: true, value: url, onfocus: (e) => e.target.select() }),
    el("div", { class: "share-actions" }, copy,
      navigator.share ? el("button", { type: "button", id: "share-system", text: t("shareSystem"),
        onclick: () => navigator.share({ title: t("shareTitle"), url }).catch(() => {}) }) : null),
    canvas,
    shared.frame ? replaySnippetBox(shared.code, shared) : null,
    el("form", { method: "dialog" }, el("button", { id: "share-close", text: t("close2") })));
  dialog.showModal();
}

/** The QR code's modules (rows of "0"/"1") on a canvas, with the quiet zone around. */
function drawQr(canvas, rows) {
  const scale = 4;
  const quiet = 4;
  const size = (rows.length + 2 * quiet) * scale;
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, size, size);
  g.fillStyle = "#000";
  rows.forEach((row, y) => [...row].forEach((cell, x) => {
    if (cell === "1") g.fillRect((x + quiet) * scale, (y + quiet) * scale, scale, scale);
  }));
}
