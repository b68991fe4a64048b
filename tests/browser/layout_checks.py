"""DOM checks of a drawn board: every card has the card face's size, and no text overflows its card or the page
or overlaps other text (measured from the text's own boxes, clipped by the elements that clip it)."""

from __future__ import annotations

from playwright.sync_api import Frame, Page

LAYOUT_JS = """
(root) => {
  root = root ? document.querySelector(root) : document.body;
  const problems = [];
  const width = document.documentElement.clientWidth;
  const label = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}.${[...e.classList].join(".")} "${(e.textContent || "").trim().slice(0, 30)}"`;
  for (const card of root.querySelectorAll(".card[data-id]")) {
    const r = card.getBoundingClientRect();
    const face = card.querySelector(".cardface");
    if (!face) { problems.push(`no card face in ${label(card)}`); continue; }
    const f = face.getBoundingClientRect();
    if (r.width < 56) problems.push(`card too narrow (${r.width}px): ${label(card)}`);
    if (Math.abs(f.height / f.width - 88 / 63) > 0.03) problems.push(`card face not 63:88 (${f.width}x${f.height}): ${label(card)}`);
    if (Math.abs(r.width - f.width) > 2 || Math.abs(r.height - f.height) > 2) problems.push(`card is not its face's size (${r.width}x${r.height} vs ${f.width}x${f.height}): ${label(card)}`);
  }
  // the visible box of each element's own text: its text nodes' boxes, clipped by every ancestor that clips
  const boxes = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const element = node.parentElement;
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || element.closest("[hidden], details:not([open]) > :not(summary)")) continue;
    if (style.clip !== "auto" && style.position === "absolute") continue;   // words for screen readers only
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (rect.width < 1 || rect.height < 1) continue;
      let box = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      for (let a = element; a && a !== document.documentElement; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible" || s.overflowY !== "visible" || s.clip !== "auto") {
          const c = a.getBoundingClientRect();
          box = { left: Math.max(box.left, c.left), right: Math.min(box.right, c.right),
                  top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom) };
        }
      }
      const clippedAway = box.right - box.left < 1 || box.bottom - box.top < 1;
      if (!clippedAway) {
        boxes.push({ element, box });
        if (box.right > width + 1 || box.left < -1) problems.push(`text outside the page (${Math.round(box.left)}..${Math.round(box.right)} of ${width}): ${label(element)}`);
      }
      const card = element.closest(".card[data-id]");
      if (card && !element.closest(".card-rested-tag")) {   // the tag straddles the card's top edge by design
        // clipped only by the boxes inside the face (a clamped ability text is fine); the face itself must not
        // cut text off (a power or a name pushed out of the card would be hidden, not shown)
        const face = card.querySelector(".cardface") || card;
        let inner = { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
        for (let a = element; a && a !== face && a !== card; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX !== "visible" || s.overflowY !== "visible") {
            const c = a.getBoundingClientRect();
            inner = { left: Math.max(inner.left, c.left), right: Math.min(inner.right, c.right),
                      top: Math.max(inner.top, c.top), bottom: Math.min(inner.bottom, c.bottom) };
          }
        }
        const c = face.getBoundingClientRect();
        if (inner.right - inner.left >= 1 && inner.bottom - inner.top >= 1
            && (inner.left < c.left - 1 || inner.right > c.right + 1 || inner.top < c.top - 1 || inner.bottom > c.bottom + 1)) {
          problems.push(`text cut off by its card: ${label(element)}`);
        }
      }
    }
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i], b = boxes[j];
      if (a.element === b.element || a.element.contains(b.element) || b.element.contains(a.element)) continue;
      const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (x > 2 && y > 2) problems.push(`text overlaps: ${label(a.element)} / ${label(b.element)}`);
    }
  }
  return [...new Set(problems)];
}
"""


def layout_problems(where: Page | Frame, root: str | None = None) -> list[str]:
    """What is wrong with the layout under ``root`` (a selector; the whole body by default)."""
    return where.evaluate(LAYOUT_JS, root)


# What is wrong with the screen now: the page scrolls, or a thing the player must see is off the screen or hidden by
# the box it scrolls in (a card below the mat's visible part, an option scrolled out of the panel).
FIT_JS = """
(ids) => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollHeight > innerHeight) problems.push(`page scrolls down: ${doc.scrollHeight} > ${innerHeight}`);
  if (doc.scrollWidth > innerWidth) problems.push(`page scrolls sideways: ${doc.scrollWidth} > ${innerWidth}`);
  const seen = (element, what) => {
    const r = element.getBoundingClientRect();
    let box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    for (let a = element.parentElement; a && a !== doc; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX !== "visible" || s.overflowY !== "visible") {
        const c = a.getBoundingClientRect();
        box = { left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
                right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom) };
      }
    }
    if (r.width < 1 || r.height < 1) problems.push(`${what} is not drawn`);
    else if (r.left < box.left - 1 || r.top < box.top - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1) {
      problems.push(`${what} not fully on screen: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`
                    + ` in ${[box.left, box.top, box.right, box.bottom].map(Math.round)}`);
    }
  };
  document.querySelectorAll("#side-bottom .hand .card[data-id]").forEach((card, i) => seen(card, `hand card ${i + 1}`));
  const prompt = document.getElementById("decision-prompt");
  if (!prompt.textContent.trim()) problems.push("the decision has no title");
  seen(prompt, "the decision's title");
  const first = document.querySelector("#options button.option");
  if (first) seen(first, "the first option");
  for (const id of ids || []) {
    const card = document.querySelector(`#playmat .card[data-id="${id}"]`);
    if (card) seen(card, `card ${id} an option is about`);
  }
  return problems;
}
"""


def fit_problems(page: Page, ids: list[int] | None = None) -> list[str]:
    """What keeps the game from fitting the screen now: page scroll, or a hand card, the decision's title, its first
    option or a card of ``ids`` (on the mat) not fully inside the window and the boxes it scrolls in."""
    return page.evaluate(FIT_JS, ids or [])
