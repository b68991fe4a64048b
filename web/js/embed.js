// The embed page (embed.html?lesson=ID, ?puzzle=ID or ?watch=LINK): one lesson, puzzle or replay for other sites.

import { t, initialLang } from "./i18n.js";
import { params, embed, fail, useLang, reportSize } from "./embed/host.js";
import { bootLearn, wake, restart } from "./embed/learn.js";
import { bootWatch, restartWatch } from "./embed/watch.js";

export { PROTOCOL, readParams, hostOrigin } from "./embed/host.js";

/** Commands from the host page: {source: "pwtcg-host", command: "start" | "restart"}; anything else is ignored. */
function onMessage(event) {
  if (!params.origin || event.origin !== params.origin || event.source !== window.parent) {
    embed.ignored += 1;
    document.body.dataset.ignored = String(embed.ignored);
    return;
  }
  const message = event.data;
  if (!message || typeof message !== "object" || message.source !== "pwtcg-host") return;
  // a replay's engine starts at once, so "start" has nothing to wake; its "restart" goes back to decision 0
  if (params.kind === "watch") {
    if (message.command === "restart") restartWatch();
  } else if (message.command === "start") wake(null);
  else if (message.command === "restart") restart();
}

/** Draw a static first frame at once (embed/learn.js, embed/watch.js); Pyodide and the engine (js/engine.js,
    imported only then) start when the reader interacts. */
async function boot() {
  document.body.dataset.theme = params.theme;
  // the app's own light theme (board.css: :root[data-theme="light"]) draws the board and panels
  document.documentElement.dataset.theme = params.theme;
  useLang(params.lang || initialLang());
  window.addEventListener("message", onMessage);
  if (!params.kind) return fail(t("emBadParams"));
  if (params.kind === "watch") return bootWatch();
  return bootLearn();
}

window.addEventListener("resize", reportSize);
/** For tests and measurements: the embed's own state. */
window.pwtcgEmbed = { params, state: () => embed.state, live: () => embed.live, ignored: () => embed.ignored };
boot();
