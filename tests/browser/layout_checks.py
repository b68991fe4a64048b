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
