// Drawing the playmat from `view(game, player)`: two sides, the turn track and the battle line.

import { t, lang } from "./i18n.js";
import { el } from "./dom.js";
import { cardName } from "./actions.js";
import { cardFace } from "./cardface.js";
import { word } from "./words.js";

export const PHASES = ["stand", "draw", "soul", "main", "end"];

/** Map card id -> CARD for every card the view shows. */
export function cardsById(view) {
  const cards = new Map();
  for (const player of view.players) {
    for (const zone of ["hand", "base", "graveyard", "exile", "revealed"]) {
      for (const card of player[zone] || []) cards.set(card.id, card);
    }
  }
  for (const card of view.decision?.cards || []) cards.set(card.id, card);
  return cards;
}

/** The display name of a player seat for the current game. */
export function seatName(seat, game) {
  if (game.mode === "computer") return seat === game.human ? t("you") : t("computer");
  return seat === 0 ? t("player1") : t("player2");
}

/** One card as a focusable button drawn with the shared card face: cost, full name, type, element and
 * keyword badges, a short form of its text, work, strike, power and damage; `ctx.marked` highlights cards
 * the options refer to. Rested cards stay upright (readable) and are shown dimmed with a "Rested" tag. */
export function cardButton(card, ctx, extraClass = "") {
  const entry = ctx.catalog[card.number] || { number: card.number, name: { en: card.name || card.number }, type: card.type, color: card.color, cost: card.cost };
  const name = cardName(card.id, ctx.cards, ctx.catalog);
  const power = card.power ?? entry.power;
  const classes = ["card", card.type || entry.type, card.color || entry.color, extraClass];
  if (card.rested) classes.push("rested");
  if (ctx.marked?.has(card.id)) classes.push("actionable");
  if (ctx.lastMove?.has(card.id)) classes.push("last-move");
  const label = [name, card.cost !== undefined ? `${t("cost")} ${card.cost}` : "",
    power !== undefined && power !== null ? `${t(card.type === "structure" ? "durability" : "power")} ${power}` : "",
    card.strike ? t("cfStrikeLabel", { n: card.strike }) : "",
    card.damage ? `${t("damage")} ${card.damage}` : "",
    ...(card.keywords || []).map((k) => t(`cfKw_${k}`)),
    card.lucky || entry.lucky ? t("lucky") : "", card.rested ? t("rested") : ""].filter(Boolean).join(", ");
  const face = cardFace({ ...entry, cost: card.cost ?? entry.cost }, {
    size: "mat", tag: "span", power, extra: { keywords: card.keywords || [] },
  });
  face.removeAttribute("aria-label");
  face.setAttribute("aria-hidden", "true");
  // the mat's layout: cost and badges on the first row, the full name on its own row below (never cut)
  face.querySelector(".cf-cost").after(face.querySelector(".cf-typeline"));
  const shield = face.querySelector(".cf-durability > span");
  if (shield) shield.textContent = "◈";   // a glyph every system font has
  const foot = face.querySelector(".cf-foot");
  foot.querySelector(".cf-strike")?.remove();
  // Strike can drop to 0 or below (official Q&A: such a Pal then deals no damage to a player).
  if (card.strike != null && (entry.type === "pal" || card.type === "pal")) {
    foot.querySelector(".cf-work").after(el("span", { class: "cf-strike card-strike", text: strikeText(card.strike) }));
  }
  const powerBadge = foot.querySelector(".cf-power");
  if (powerBadge) powerBadge.classList.add("card-power");
  if (power !== entry.power && powerBadge) powerBadge.classList.add(power > entry.power ? "boosted" : "reduced");
  if (card.damage) foot.append(el("span", { class: "card-damage", text: `−${card.damage}` }));
  return el("button", {
    type: "button", class: classes.filter(Boolean).join(" "), "aria-label": label,
    dataset: { id: card.id, number: card.number },
  }, face, card.rested ? el("span", { class: "card-rested-tag", "aria-hidden": "true", text: t("pmRested") }) : null);
}

function stat(key, value, extra = {}) {
  return el("div", { class: `stat stat-${key}`, ...extra },
    el("span", { class: "stat-label", text: t(key) }),
    el("span", { class: "stat-value", text: String(value) }));
}

function souls(player) {
  const icons = [];
  for (let i = 0; i < player.souls_standing; i++) icons.push(el("span", { class: "soul standing", "aria-hidden": "true" }));
  for (let i = 0; i < player.souls_rested; i++) icons.push(el("span", { class: "soul rested", "aria-hidden": "true" }));
  return el("div", { class: "stat stat-souls", "aria-label": `${t("souls")}: ${player.souls_standing} ${t("standing")}, ${player.souls_rested} ${t("rested")}` },
    el("span", { class: "stat-label", text: t("souls") }),
    el("span", { class: "stat-value" }, el("span", { class: "soul-icons" }, icons),
      el("span", { class: "soul-count", text: `${player.souls_standing}/${player.souls_standing + player.souls_rested}` })));
}

function pileButton(zone, seat, player, ctx) {
  const cards = player[zone] || [];
  const top = cards[cards.length - 1];
  return el("button", {
    type: "button", class: `pile pile-${zone}`, dataset: { zone, seat },
    "aria-label": `${t(zone)}: ${cards.length}`,
    onclick: () => ctx.browseZone(seat, zone),
  }, el("span", { class: "pile-label", text: t(zone) }), el("span", { class: "pile-count", text: cards.length }),
  top ? el("span", { class: "pile-top", text: cardName(top.id, ctx.cards, ctx.catalog) }) : null);
}

/** One player's half of the playmat. */
export function renderSide(container, seat, ctx) {
  const { view, game } = ctx;
  const player = view.players[seat];
  const isTurn = view.turn_player === seat;
  const pals = (player.base || []).filter((c) => c.type === "pal").length;
  const head = el("div", { class: "side-head" },
    el("h2", { class: `seat-name${isTurn ? " on-turn" : ""}`, text: seatName(seat, game) }),
    // a labelled group that takes the focus: on a phone the counters scroll sideways, and keys must reach them
    el("div", { class: "stats", role: "group", tabindex: "0", "aria-label": t("pmCounters", { player: seatName(seat, game) }) },
      stat("life", player.life, { "data-testid": `life-${seat}` }),
      stat("deck", player.deck),
      stat("soulDeck", player.soul_deck),
      souls(player),
      stat("material", player.material),
      stat("ingredient", player.ingredient)),
    el("div", { class: "piles" }, pileButton("graveyard", seat, player, ctx), pileButton("exile", seat, player, ctx)));
  // The zones stay on the page from one state to the next and only the cards that changed are redrawn:
  // a whole new mat on every move costs the main thread a full style and layout pass.
  const parts = container.dataset.seat === String(seat) && container.parts ? container.parts
    : { base: zone("base"), hand: zone("hand"), cards: new Map() };
  container.parts = parts;
  container.dataset.seat = seat;
  const cards = new Map();
  const keep = (card) => reuseCard(card, ctx, parts.cards, cards);
  parts.base.setAttribute("aria-label", `${t("base")} — ${seatName(seat, game)} (${t("pals", { n: pals })})`);
  parts.base.zoneTitle.textContent = `${t("base")} · ${t("pals", { n: pals })}`;
  syncRow(parts.base.zoneRow, (player.base || []).map(keep));
  parts.hand.zoneTitle.textContent = `${t("hand")} (${player.hand_count})`;
  parts.hand.classList.toggle("hidden-hand", !player.hand);
  parts.hand.setAttribute("aria-label", player.hand ? t("hand") : t("handCount", { n: player.hand_count }));
  syncRow(parts.hand.zoneRow, player.hand ? player.hand.map(keep)
    : Array.from({ length: player.hand_count }, (_, i) => parts.hand.zoneRow.children[i]?.matches(".back")
      ? parts.hand.zoneRow.children[i] : el("span", { class: "card back", "aria-hidden": "true" })));
  parts.cards = cards;
  // the rows overlap their cards when they do not fit side by side (the stylesheet reads the count)
  parts.base.zoneRow.style.setProperty("--n", parts.base.zoneRow.children.length);
  parts.hand.zoneRow.style.setProperty("--n", parts.hand.zoneRow.children.length);
  if (container.children.length === 3 && container.children[1] === parts.base && container.children[2] === parts.hand) {
    container.firstElementChild.replaceWith(head);
  }
  else container.replaceChildren(head, parts.base, parts.hand);
}

function zone(kind) {
  const title = el("h3", { class: "zone-title" });
  const row = el("div", { class: "card-row" });
  const section = el("section", { class: kind }, title, row);
  return Object.assign(section, { zoneTitle: title, zoneRow: row });
}

/** The card's button from the last drawing when nothing it shows has changed, else a new one. */
function reuseCard(card, ctx, previous, next) {
  const sig = JSON.stringify([card, ctx.marked?.has(card.id), ctx.lastMove?.has(card.id), lang()]);
  const old = previous.get(card.id);
  const button = old && old.sig === sig ? old.node : cardButton(card, ctx);
  next.set(card.id, { sig, node: button });
  return button;
}

/** Make a row hold `nodes` in order, moving or replacing only what differs. */
function syncRow(row, nodes) {
  nodes.forEach((node, index) => {
    const current = row.children[index];
    if (current !== node) row.insertBefore(node, current || null);
  });
  while (row.children.length > nodes.length) row.lastElementChild.remove();
}

/** The turn track (phases of the current turn), night/day and whose turn it is. */
export function renderTurnTrack(list, ctx) {
  const { view, game } = ctx;
  const items = PHASES.map((phase) => el("li", {
    class: `phase${view.phase === phase ? " current" : ""}`,
    "aria-current": view.phase === phase ? "step" : null, dataset: { phase },
    text: t(`phase_${phase}`),
  }));
  if (!PHASES.includes(view.phase)) items.unshift(el("li", { class: "phase current", "aria-current": "step", dataset: { phase: view.phase }, text: t(`phase_${view.phase}`) }));
  list.replaceChildren(
    el("li", { class: "turn-number", text: `${t("turn", { n: view.turn })} · ${seatName(view.turn_player, game)}` }),
    ...items,
    el("li", { class: `daynight ${view.night ? "night" : "day"}`, text: view.night ? `☾ ${t("night")}` : `☀ ${t("day")}` }));
}

/** The current battle, if any (none once the game is over). */
export function renderBattle(box, ctx) {
  const battle = ctx.view.battle;
  if (!battle || ctx.view.outcome) {
    box.replaceChildren();
    return;
  }
  const attacker = cardName(battle.attacker, ctx.cards, ctx.catalog);
  const defender = 1 - ctx.view.turn_player;
  let text;
  if (battle.target !== "player") text = t("attacking", { attacker, target: cardName(battle.target, ctx.cards, ctx.catalog) });
  else if (ctx.game.mode === "computer" && defender === ctx.game.human) text = t("pmAttacksYou", { attacker });
  else text = t("attacking", { attacker, target: seatName(defender, ctx.game) });
  box.replaceChildren(el("p", { class: "battle-line" }, el("strong", { text: `${t("battle")}: ` }), text));
}

/** The facts line of a card in the current language: number, type, colour, cost, power, strike, Lucky. */
export function cardFacts(entry, card = {}) {
  const facts = [entry.number, word("type", entry.type), word("color", entry.color), `${t("cost")} ${card.cost ?? entry.cost}`];
  const power = card.power ?? entry.power;
  if (power !== null && power !== undefined) facts.push(`${t(entry.type === "structure" ? "durability" : "power")} ${power}`);
  const strike = card.strike ?? entry.strike;
  if (strike) facts.push(`${t("strike")} ${strike}`);
  if (entry.lucky) facts.push(`☘ ${t("lucky")}`);
  if (card.damage) facts.push(`${t("damage")} ${card.damage}`);
  if (card.rested) facts.push(t("rested"));
  return facts.join(" · ");
}

/** The detail panel of one card (shown on hover / focus): name, facts, keywords and the full text. */
export function renderCardDetail(box, card, catalog) {
  const entry = catalog[card.number];
  // which card is shown, so that a language switch can draw it again
  Object.assign(box.dataset, { id: card.id ?? "", number: card.number });
  if (!entry) {
    box.replaceChildren(el("p", { text: card.number }));
    return;
  }
  const l = lang();
  box.replaceChildren(...[
    el("h3", { class: `detail-name ${entry.color}`, text: entry.name[l] || entry.name.en }),
    entry.subname?.[l] ? el("p", { class: "detail-sub muted", text: entry.subname[l] }) : null,
    el("p", { class: "detail-facts", text: cardFacts(entry, card) }),
    (card.keywords || []).length ? el("p", { class: "detail-keywords", text: card.keywords.map((k) => word("keyword", k)).join(" · ") }) : null,
    el("p", { class: "detail-text", text: entry.text?.[l] || entry.text?.en || "" }),
    el("p", { class: "detail-zoom-hint muted", text: t("pmZoomHint") }),
  ].filter(Boolean));
}

/** Strike as stars (at most four drawn), or as a number when an effect took it to 0 or below. */
export function strikeText(strike) {
  return strike > 0 ? "✦".repeat(Math.min(strike, 4)) : `✦${strike}`;
}
