// Short card animations with the Web Animations API (play, attack, block, destroy, draw, damage, souls), the
// last move's highlight and the toast saying what happened. Kept cheap: one rectangle read per card on
// the mat before a redraw, animations only on transform and opacity, nothing when animations are off.

import { el } from "./dom.js";

/** The cards on the mat before a redraw: id -> {node, rect, seat, zone}. */
export function capture() {
  const cards = new Map();
  for (const node of document.querySelectorAll("#playmat .card[data-id]")) {
    const side = node.closest(".side");
    cards.set(Number(node.dataset.id), {
      node, rect: node.getBoundingClientRect(), seat: side?.dataset.seat, zone: node.closest(".hand") ? "hand" : "base",
    });
  }
  return cards;
}

/** The ids of the cards the newest move is about (played, attacking, attacked, blocking, activated). */
export function lastMoveIds(events) {
  const ids = new Set();
  for (const event of events) {
    const data = event.data || {};
    switch (event.kind) {
      case "deploy": case "activate": case "ability":
        if (data.card !== undefined) ids.add(data.card);
        break;
      case "attack":
        ids.add(data.attacker);
        if (data.target !== null && data.target !== undefined) ids.add(data.target);
        break;
      case "block":
        for (const key of ["blocker", "card", "attacker"]) if (data[key] !== undefined) ids.add(data[key]);
        break;
      default:
    }
  }
  return ids;
}

const node = (id) => document.querySelector(`#playmat .card[data-id="${id}"]`);

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** Animate what the new log events did to the mat, `ms` per animation (0: nothing). */
export function animate(before, events, ms) {
  if (!ms || !events.length || !document.body.animate) return;
  const played = [];   // rects of cards that left a hand, for the deploy that follows
  let drawn = 0;
  for (const event of events) {
    const data = event.data || {};
    if (event.kind === "play" && data.card !== undefined && before.has(data.card)) played.push(before.get(data.card).rect);
    else if (event.kind === "deploy") deploy(data, before, played.shift(), ms);
    else if (event.kind === "attack") lunge(node(data.attacker), ms);
    else if (event.kind === "block") for (const key of ["blocker", "card"]) lunge(node(data[key]), ms);
    else if (event.kind === "damage") shake(node(data.card), ms);
    else if (event.kind === "destroyed") vanish(before.get(data.card), ms);
    else if (event.kind === "draw") for (const id of data.cards || []) slideIn(node(id), ms, drawn++);
    else if (SOUL_EVENTS.has(event.kind)) soulPulse(event.kind, data, ms);
  }
}

// ------------------------------------------------------------------------- souls

const SOUL_EVENTS = new Set(["pay_souls", "soul_gain", "souls_stood"]);

/** The soul icons of a seat that an event changed: paid (now rested), gained (the newest of their kind) or
 *  stood again. The icons are drawn standing first, then rested. */
function soulIcons(kind, data) {
  const box = document.querySelector(`#playmat .side[data-seat="${data.player}"] .soul-icons`);
  if (!box) return [];
  const standing = [...box.querySelectorAll(".soul.standing")];
  const rested = [...box.querySelectorAll(".soul.rested")];
  const n = data.count || 0;
  if (kind === "pay_souls") return rested.slice(0, n);
  if (kind === "souls_stood") return standing.slice(-n);
  return (data.rested ? rested : standing).slice(-n);
}

function soulPulse(kind, data, ms) {
  const frames = kind === "soul_gain"
    ? [{ transform: "scale(0)", opacity: 0 }, { transform: "scale(1.5)", opacity: 1 }, { transform: "none" }]
    : [{ transform: "scale(1.6)", filter: "brightness(1.8)" }, { transform: "none", filter: "none" }];
  soulIcons(kind, data).forEach((icon, i) => icon.animate(frames,
    { duration: ms * 1.2, delay: i * ms * 0.15, easing: "ease-out", fill: "backwards" }));
}

function deploy(data, before, from, ms) {
  const target = node(data.card);
  if (!target) return;
  const to = target.getBoundingClientRect();
  let start = from;
  if (!start) {   // the computer's hidden hand: come from its hand row
    const hand = target.closest(".side")?.querySelector(".hand .card-row");
    start = hand ? hand.getBoundingClientRect() : to;
  }
  const a = centre(start);
  const b = centre(to);
  target.animate([
    { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(0.7)`, opacity: 0.4 },
    { transform: "none", opacity: 1 },
  ], { duration: ms * 1.4, easing: "cubic-bezier(.2,.7,.3,1)" });
}

function lunge(target, ms) {
  if (!target) return;
  const up = target.closest(".side.bottom") ? -18 : 18;
  target.animate([
    { transform: "none" }, { transform: `translateY(${up}px) scale(1.06)` }, { transform: "none" },
  ], { duration: ms * 1.6, easing: "ease-in-out" });
}

function shake(target, ms) {
  if (!target) return;
  target.animate([
    { transform: "none" }, { transform: "translateX(-5px)" }, { transform: "translateX(5px)" }, { transform: "none" },
  ], { duration: ms, easing: "linear" });
}

function vanish(old, ms) {
  if (!old || node(old.node.dataset.id)) return;
  const ghost = old.node.cloneNode(true);
  ghost.removeAttribute("data-id");
  ghost.setAttribute("aria-hidden", "true");
  ghost.tabIndex = -1;
  ghost.classList.add("ghost");
  Object.assign(ghost.style, { left: `${old.rect.left}px`, top: `${old.rect.top}px`, width: `${old.rect.width}px`, height: `${old.rect.height}px` });
  document.getElementById("motion-layer").append(ghost);
  const run = ghost.animate([
    { transform: "none", opacity: 1, filter: "none" },
    { transform: "scale(1.05) rotate(-4deg)", opacity: 0.9, filter: "sepia(1) hue-rotate(-40deg) saturate(3)" },
    { transform: "scale(0.6) translateY(20px)", opacity: 0 },
  ], { duration: ms * 2.2, easing: "ease-in" });
  run.finished.finally(() => ghost.remove()).catch(() => {});
}

function slideIn(target, ms, index) {
  if (!target) return;
  target.animate([
    { transform: "translateY(40px) scale(0.8)", opacity: 0 }, { transform: "none", opacity: 1 },
  ], { duration: ms * 1.2, delay: index * ms * 0.3, easing: "ease-out", fill: "backwards" });
}

// ------------------------------------------------------------------------- the toast

let toastTimer = null;

/** Show lines in the toast ("Computer plays Foxparks") for `ms` (0: until the next toast). */
export function toast(lines, ms) {
  const box = document.getElementById("toast");
  clearTimeout(toastTimer);
  if (!lines.length) return;
  box.replaceChildren(...lines.map((line) => el("p", { text: line })));
  box.hidden = false;
  placeToast(box);
  box.animate?.([{ opacity: 0 }, { opacity: 1 }], { duration: 150 });
  if (ms) toastTimer = setTimeout(() => { box.hidden = true; }, ms);
}

/** Over the strip between the two sides (the turn track), never over either player's counters; kept inside
 * the screen when the strip is scrolled away. Without a playmat on screen the style sheet places it. */
function placeToast(box) {
  const strip = document.getElementById("center-strip");
  const mat = document.getElementById("playmat");
  const style = box.style;
  if (!strip?.getClientRects().length || !mat?.getClientRects().length) {
    style.left = style.top = style.bottom = style.transform = "";
    return;
  }
  const line = strip.getBoundingClientRect();
  const area = mat.getBoundingClientRect();
  const half = box.offsetHeight / 2;
  const middle = Math.min(Math.max(line.top + line.height / 2, half + 4), innerHeight - half - 4);
  Object.assign(style, { left: `${area.left + area.width / 2}px`, top: `${middle}px`, bottom: "auto",
    transform: "translate(-50%, -50%)" });
}

export function hideToast() {
  clearTimeout(toastTimer);
  document.getElementById("toast").hidden = true;
}
