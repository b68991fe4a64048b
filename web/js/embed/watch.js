// The replay embed (?watch=LINK&at=N&still=FRAME): the snippet's still frame at once, then the game stepped live.

import { t } from "../i18n.js";
import { el } from "../dom.js";
import { renderBoard } from "../learnboard.js";
import { optionLabel, cardName } from "../actions.js";
import { readFrame } from "../stillframe.js";
import { R } from "../protocol.js";
import { $, params, embed, send, fail, showError, langNow, appHref, watchSize } from "./host.js";

/** A replay: the still frame of the snippet (or a plain loading frame) at once, while the engine starts and
    opens the link's game (a link is a whole game, replayed by the engine); then stepped with the viewer's
    controls. */
export async function bootWatch() {
  $("embed-title").textContent = t("emReplayTitle");
  document.title = t("emReplayTitle");
  $("embed-status").textContent = t("emLoading");
  $("embed-board").classList.add("embed-watch");
  document.body.dataset.embed = "loading";
  watchSize();
  const still = drawStill();
  let info;
  try {
    embed.engine = await import("../engine.js");
    embed.engine.useEmbedWorker("watch");
    const hello = await embed.engine.call(R.HELLO);
    embed.catalog = hello.catalog || {};
  } catch (error) {
    return fail(t("emFailed", { error: error.message || String(error) }));
  }
  try {
    info = await embed.engine.call(R.REPLAY_OPEN, { code: params.id });
  } catch (error) {
    // the link itself is refused: whatever the still frame said, there is no such game to show
    await still;
    $("embed-board").replaceChildren();
    return fail(t("emReplayRefused", { error: error.message || String(error) }));
  }
  embed.replay = info;
  embed.live = true;
  await still;
  $("embed-title").textContent = replayTitle(embed.replay);
  $("embed-status").textContent = "";
  await seekWatch(Math.min(params.at ?? embed.replay.at ?? embed.replay.total, embed.replay.total));
  document.body.dataset.embed = "live";
  delete document.body.dataset.still;
  performance.mark("pwtcg:embed-live");
  send("ready", { total: embed.replay.total });
}

/** The decision the link itself opens at (its ".a44" field), or null. */
function linkAt() {
  const match = /\.a(\d{1,6})(\.|$)/.exec(params.id);
  return match ? Number(match[1]) : null;
}

/** The snippet's still frame, drawn with the app's board and card faces before any Python (body data-still
    "frame"); a plain loading frame ("plain") when there is none or it is malformed in any way, or does not show
    the decision the embed opens at. */
async function drawStill() {
  let still = null;
  if (params.still) {
    try {
      const response = await fetch("./learn/cards.json");
      if (response.ok) embed.stillCatalog = await response.json();
      still = readFrame(params.still, embed.stillCatalog);
    } catch {
      still = null;
    }
    const expected = params.at ?? linkAt();
    if (still && (expected === null ? still.at !== still.total : still.at !== Math.min(expected, still.total))) still = null;
  }
  if (embed.live) return;
  if (!still) {
    document.body.dataset.still = "plain";
    watchLayout().replaceChildren(el("div", { class: "embed-plain" }, el("p", { class: "muted", text: t("emLoading") })));
    $("embed-position").textContent = "";
    return;
  }
  const names = still.labels.names || (still.labels.kind === "computer"
    ? [0, 1].map((seat) => (seat === still.labels.human ? t("you") : t("computer"))) : [t("player1"), t("player2")]);
  drawWatchBoard(still.view, names, embed.stillCatalog);
  $("embed-position").textContent = t("emPosition", { n: still.at, total: still.total, turn: still.view.turn });
  drawSteps(still.at, still.total, false);
  document.body.dataset.still = "frame";
  performance.mark("pwtcg:embed-static");
}

function replayTitle(info) {
  const names = (info.deck_names || []).map((d) => d?.name?.[langNow()] || d?.name?.en || d?.name || "").filter(Boolean);
  return names.length === 2 ? t("emReplayOf", { a: names[0], b: names[1] }) : t("emReplayTitle");
}

/** The seat names of the replay: typed names, You/Computer, or Player 1/2. */
function watchNames(info) {
  if (info.names) return info.names;
  if (info.mode === "computer") return [0, 1].map((seat) => (seat === info.human ? t("you") : t("computer")));
  return [t("player1"), t("player2")];
}

/** Show the position before decision ``n`` (both hands open once the game is over; otherwise as the first seat). */
/** The host page's "restart": back to the replay's first decision, once the replay is live. */
export function restartWatch() {
  return embed.live ? seekWatch(0) : Promise.resolve();
}

async function seekWatch(n) {
  const info = embed.replay;
  n = Math.max(0, Math.min(info.total, n));
  const seat = info.outcome ? "both" : (info.mode === "computer" ? info.human : 0);
  let at;
  try {
    at = await embed.engine.call(R.REPLAY_SEEK, { n, as: seat });
  } catch (error) {
    showError(error.message);
    return;
  }
  embed.watchAt = at;
  drawWatch(at);
  send("position", { n: at.n, total: info.total });
}

/** The replay's board and panel (made once: the still frame's are kept by the live replay); its board box. */
function watchLayout() {
  const root = $("embed-board");
  if (!root.querySelector(".learn-board")) {
    root.classList.add("learn-layout");
    root.replaceChildren(el("div", { class: "learn-board" }),
      el("aside", { class: "learn-panel" },
        el("p", { class: "learn-step muted", id: "embed-position" }),
        el("p", { class: "learn-say", id: "embed-next-choice" }),
        el("div", { class: "embed-watch-tools", id: "embed-watch-tools" }),
        el("div", { class: "learn-extra", id: "embed-watch-extra" })));
  }
  return root.querySelector(".learn-board");
}

/** Draw a view with seat 0 at the bottom, the seats named ``names`` on the board, the turn track and the battle
    line (the learning board names seats as "You" and "Computer"). */
function drawWatchBoard(view, names, catalog) {
  const board = watchLayout();
  const cards = renderBoard(board, { view: { ...view, you: 0 }, options: [], highlight: [] }, catalog);
  for (const [seat, side] of [[1, board.querySelector(".side.top")], [0, board.querySelector(".side.bottom")]]) {
    const name = side.querySelector(".seat-name");
    if (name) name.textContent = names[seat];
  }
  const turn = board.querySelector(".learn-track .turn-number");
  if (turn) turn.textContent = `${t("turn", { n: view.turn })} · ${names[view.turn_player]}`;
  const battle = board.querySelector(".learn-battle .battle-line");
  if (battle && view.battle) {
    const attacker = cardName(view.battle.attacker, cards, catalog);
    const target = view.battle.target === "player" ? names[1 - view.turn_player] : cardName(view.battle.target, cards, catalog);
    battle.replaceChildren(el("strong", { text: `${t("battle")}: ` }), t("attacking", { attacker, target }));
  }
  return cards;
}

/** The step controls at decision ``n`` of ``total`` (disabled until the engine is up). */
function drawSteps(n, total, live) {
  const step = (id, label, target, text) => el("button", { type: "button", id, title: t(label), "aria-label": t(label), text,
    disabled: !live || target < 0 || target > total || target === n, onclick: () => seekWatch(target) });
  $("embed-watch-tools").replaceChildren(
    step("embed-first", "emFirst", 0, "|◀"), step("embed-prev", "emPrev", n - 1, "◀"),
    step("embed-next", "emNext", n + 1, "▶"), step("embed-last", "emLast", total, "▶|"));
}

function drawWatch(at) {
  const info = embed.replay;
  const cards = drawWatchBoard(at.view, watchNames(info), embed.catalog);
  $("embed-position").textContent = t("emPosition", { n: at.n, total: info.total, turn: at.turn });
  $("embed-next-choice").textContent = at.next ? t("emNextChoice", { choice: optionLabel(at.next_option) }) : "";
  drawSteps(at.n, info.total, true);
  const end = at.n >= info.total;
  $("embed-watch-extra").replaceChildren(...(end ? [el("div", { class: "learn-finish embed-finish", id: "embed-finish" },
    el("button", { type: "button", id: "embed-replay", text: t("emReplay"), onclick: () => seekWatch(0) }),
    el("a", { class: "button", id: "embed-open-app", href: appHref(), target: "_blank", rel: "noopener", text: t("emOpenApp") }))] : []));
  $("embed-tools").replaceChildren(el("a", { href: appHref(), target: "_blank", rel: "noopener", class: "button", text: t("emOpenApp") }));
  document.body.dataset.n = String(at.n);
}
