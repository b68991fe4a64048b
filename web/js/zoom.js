// The card zoom: a large card face with the full generated text in the current language and the rule
// numbers it uses (links to the rules page). Opens as a modal dialog by key (Z), long press or the card
// menu; a lighter peek (the large face only) follows the mouse pointer after a short hover, and the card's
// details float beside a card that has the keyboard focus (a panel in the page would push the log away).

import { t, lang } from "./i18n.js";
import { el } from "./dom.js";
import { cardFacts } from "./board.js";
import { cardFace } from "./cardface.js";
import { ruleLink } from "./log.js";
import { R } from "./protocol.js";

const LONG_PRESS_MS = 500;
const PEEK_DELAY_MS = 450;
const rulesCache = new Map();   // number -> Promise of the host's card page (rules with titles)

function liveFace(card, catalog, size) {
  const entry = catalog[card.number];
  if (!entry) return null;
  return cardFace({ ...entry, cost: card.cost ?? entry.cost }, {
    size, tag: "div", power: card.power ?? entry.power, extra: { keywords: card.keywords || [] },
  });
}

function rulesOf(number, call) {
  if (!rulesCache.has(number)) {
    rulesCache.set(number, call(R.DECKS_CARD_PAGE, { number }).catch((error) => {
      rulesCache.delete(number);
      throw error;
    }));
  }
  return rulesCache.get(number);
}

/** Open the zoom dialog for a card of the view; focus returns to `returnTo` when it closes. */
export async function openZoom(card, catalog, call, returnTo = null) {
  const dialog = document.getElementById("card-zoom");
  const entry = catalog[card.number];
  if (!entry) return;
  const l = lang();
  const rules = el("ul", { class: "zoom-rules" });
  const body = el("div", { class: "zoom-body" },
    liveFace(card, catalog, "large"),
    el("div", { class: "zoom-info" },
      el("h2", { id: "zoom-title", text: [entry.name[l] || entry.name.en, entry.subname?.[l]].filter(Boolean).join(" – ") }),
      el("p", { class: "zoom-facts", text: cardFacts(entry, card) }),
      el("p", { class: "zoom-text", text: entry.text?.[l] || entry.text?.en || "" }),
      el("h3", { text: t("zmRules") }),
      rules));
  const close = el("button", { type: "button", class: "primary zoom-close", text: t("zmClose"), onclick: () => dialog.close() });
  dialog.replaceChildren(body, close);
  dialog.dataset.number = card.number;
  dialog.returnTo = returnTo;
  if (!dialog.open) dialog.showModal();
  close.focus();
  try {
    const page = await rulesOf(card.number, call);
    if (dialog.dataset.number !== card.number) return;
    rules.replaceChildren(...(page.rules.length ? page.rules.map((rule) => el("li", {},
      ruleLink(rule.rule), " ", el("span", { text: rule.title?.[lang()] || rule.title?.en || "" })))
      : [el("li", { class: "muted", text: t("zmNoRules") })]));
  } catch (error) {
    rules.replaceChildren(el("li", { class: "error", text: String(error.message || error) }));
  }
}

/** Wire the zoom: Z key on a focused card, long press on touch screens, the hover peek, focus return. */
export function initZoom({ cardOf, catalog, call }) {
  const dialog = document.getElementById("card-zoom");
  dialog.addEventListener("close", () => {
    const back = dialog.returnTo;
    dialog.returnTo = null;
    if (back && document.contains(back)) back.focus();
  });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) dialog.close(); });   // the backdrop
  const zoomButton = (button) => {
    const card = cardOf(button);
    if (card) openZoom(card, catalog(), call, button);
  };
  document.addEventListener("keydown", (event) => {
    if ((event.key === "z" || event.key === "Z") && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const button = document.activeElement?.closest?.(".card[data-id]");
      if (button) {
        event.preventDefault();
        event.stopImmediatePropagation();
        zoomButton(button);
      }
    }
  }, true);
  let timer = null;
  let pressed = null;
  document.addEventListener("pointerdown", (event) => {
    const button = event.target.closest?.(".card[data-id]");
    if (!button || event.pointerType === "mouse") return;
    pressed = null;
    clearTimeout(timer);
    timer = setTimeout(() => {
      pressed = button;
      zoomButton(button);
    }, LONG_PRESS_MS);
  });
  for (const type of ["pointerup", "pointercancel", "pointermove"]) {
    document.addEventListener(type, (event) => {
      if (type === "pointermove" && Math.abs(event.movementX) + Math.abs(event.movementY) < 6) return;
      clearTimeout(timer);
    });
  }
  // a long press opened the zoom: the click that ends it must not also open the card menu
  document.addEventListener("click", (event) => {
    if (pressed && event.target.closest?.(".card[data-id]") === pressed) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
    pressed = null;
  }, true);
  document.addEventListener("contextmenu", (event) => {
    if (event.target.closest?.("#playmat .card[data-id]") && event.pointerType !== "mouse") event.preventDefault();
  });
  initPeek(cardOf, catalog);
  initFloatingDetail();
  return zoomButton;
}

/** The hover peek: a large face beside the card under a mouse pointer (pointer-events: none). */
function initPeek(cardOf, catalog) {
  const peek = document.getElementById("card-peek");
  let timer = null;
  let over = null;
  const hide = () => {
    clearTimeout(timer);
    over = null;
    peek.hidden = true;
  };
  document.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const button = event.target.closest?.("#playmat .card[data-id]");
    if (button === over) return;
    hide();
    if (!button) return;
    over = button;
    timer = setTimeout(() => {
      const card = cardOf(button);
      const face = card && liveFace(card, catalog(), "large");
      if (!face || over !== button || !document.contains(button)) return;
      peek.replaceChildren(face);
      peek.hidden = false;
      const rect = button.getBoundingClientRect();
      const width = peek.offsetWidth;
      const height = peek.offsetHeight;
      const left = rect.right + 12 + width < innerWidth ? rect.right + 12 : Math.max(4, rect.left - 12 - width);
      peek.style.left = `${left}px`;
      peek.style.top = `${Math.max(4, Math.min(rect.top, innerHeight - height - 4))}px`;
    }, PEEK_DELAY_MS);
  });
  document.addEventListener("pointerdown", hide);
  document.addEventListener("keydown", hide);
  document.addEventListener("scroll", hide, true);
}

/** The details box (#card-detail, filled by the playmat as the focus moves) floats beside the card that has the
 * keyboard focus, above or below it where there is room, and leaves when the focus does. */
function initFloatingDetail() {
  const box = document.getElementById("card-detail");
  if (!box) return;
  const hide = () => box.classList.remove("floating");
  document.addEventListener("focusin", (event) => {
    const button = event.target.closest?.("#playmat .card[data-id]");
    if (!button || !button.matches(":focus-visible")) {
      hide();
      return;
    }
    // after the playmat's own focus listener wrote this card's details into the box
    requestAnimationFrame(() => {
      if (document.activeElement !== button) return;
      box.classList.add("floating");
      placeBeside(box, button.getBoundingClientRect());
    });
  });
  document.addEventListener("focusout", (event) => {
    if (event.target.closest?.("#playmat .card[data-id]")) hide();
  });
  document.addEventListener("pointerdown", hide);
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  addEventListener("resize", hide);
}

function placeBeside(box, rect) {
  const width = box.offsetWidth;
  const height = box.offsetHeight;
  const left = rect.right + 8 + width <= innerWidth ? rect.right + 8
    : rect.left - 8 - width >= 0 ? rect.left - 8 - width : Math.max(4, Math.min(rect.left, innerWidth - width - 4));
  const beside = left >= rect.right || left + width <= rect.left;
  const top = beside ? Math.max(4, Math.min(rect.top, innerHeight - height - 4))
    : rect.top - 8 - height >= 0 ? rect.top - 8 - height : Math.min(rect.bottom + 8, innerHeight - height - 4);
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(Math.max(4, top))}px`;
}
