// The embedding docs page (#embedding): every lesson and puzzle with the snippet a fan site copies and a live
// preview (the embed page itself, in an iframe). The list is the static index build.py writes (learn/index.json),
// the same files the embeds read. The protocol and the options are in docs/embedding.md.

import { registerScreen, screenSection } from "../router.js";
import { t, lang, onLangChange } from "../i18n.js";
import { el } from "../dom.js";

const MESSAGES = [
  '{source: "pwtcg-embed", version: 1, event: "ready", kind, id, frame, steps}',
  '{…, event: "lesson-started", steps}   {…, event: "puzzle-started"}',
  '{…, event: "step-done", step, steps}   (step counts from 0)',
  '{…, event: "lesson-finished", steps}',
  '{…, event: "puzzle-solved", tries}',
  '{…, event: "resize", height}',
];

const page = { section: null, index: null };
const text = (value) => (value && (value[lang()] || value.en)) || "";

/** The embed URL of one item on this site. */
export function embedUrl(kind, id, options = {}) {
  const url = new URL("embed.html", location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set(kind, id);
  for (const [key, value] of Object.entries(options)) url.searchParams.set(key, value);
  return url.href;
}

/** The iframe snippet a fan site copies. */
export function snippet(kind, id, title) {
  const src = embedUrl(kind, id, { lang: lang(), theme: "dark", origin: t("ebYourSite") }).replace(/%3A/g, ":").replace(/%2F/g, "/");
  return `<iframe src="${src}"\n  title="${title.replace(/"/g, "&quot;")}" width="100%" height="560"\n  style="border:0" loading="lazy"></iframe>`;
}

/** The snippet of a replay embed: the link's code, the decision it opens at and its still frame (from the host's
    ``share``), so the frame draws that position before the engine starts. */
export function replaySnippet(code, at, still) {
  const src = embedUrl("watch", code, { at, still, lang: lang(), theme: "dark", origin: t("ebYourSite") })
    .replace(/%3A/g, ":").replace(/%2F/g, "/");
  return `<iframe src="${src}"\n  title="${t("ebReplayTitle")}" width="100%" height="640"\n  style="border:0" loading="lazy"></iframe>`;
}

/** The Share dialog's embed box: the replay snippet, selectable. */
export function replaySnippetBox(code, shared) {
  return el("div", { class: "share-embed" },
    el("label", { for: "share-embed", text: t("ebReplaySnippet") }),
    el("textarea", { id: "share-embed", readonly: true, rows: 3, onfocus: (e) => e.target.select() },
      replaySnippet(code, shared.at, shared.frame)));
}

async function show() {
  page.section = screenSection("embedding");
  if (!page.index) {
    page.section.replaceChildren(el("p", { class: "muted", text: t("ebLoading") }));
    try {
      const response = await fetch("learn/index.json");
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      page.index = await response.json();
    } catch (error) {
      page.section.replaceChildren(el("p", { class: "error", role: "alert", text: t("ebError", { error: error.message }) }));
      return;
    }
  }
  draw();
}

function entryBox(kind, item) {
  const title = text(item.title);
  const code = snippet(kind, item.id, title);
  const status = el("span", { role: "status", class: "muted" });
  return el("article", { class: "embed-entry", dataset: { kind, id: item.id } },
    el("h4", { text: title }),
    el("p", { class: "muted", text: text(item.summary || item.goal) }),
    el("pre", {}, el("code", { class: "embed-snippet", "aria-label": t("ebSnippet", { title }), text: code })),
    el("div", { class: "embed-entry-tools" },
      el("button", { type: "button", text: t("ebCopy"), onclick: () => copy(code, status) }), status),
    el("iframe", { class: "embed-preview", loading: "lazy", title: t("ebPreview", { title }),
      src: embedUrl(kind, item.id, { lang: lang(), theme: "dark", frame: item.id }) }));
}

async function copy(code, status) {
  try {
    await navigator.clipboard.writeText(code);
    status.textContent = t("ebCopied");
  } catch {
    status.textContent = t("ebCopyFailed");
  }
}

function draw() {
  const { lessons = [], puzzles = [] } = page.index;
  page.section.replaceChildren(
    el("a", { href: "#learn", text: t("lsBack") }),
    el("h2", { text: t("ebTitle") }),
    el("p", { text: t("ebIntro") }),
    el("h3", { text: t("ebOptions") }),
    el("ul", {}, ["ebOptLesson", "ebOptWatch", "ebOptLang", "ebOptTheme", "ebOptOrigin", "ebOptAutostart", "ebOptFrame"]
      .map((key) => el("li", {}, el("code", { text: t(key) })))),
    el("h3", { text: t("ebMessages") }),
    el("p", { text: t("ebMessagesIntro") }),
    el("pre", {}, el("code", { class: "embed-snippet", text: MESSAGES.join("\n") })),
    el("h3", { text: t("ebLessons") }),
    ...lessons.map((item) => entryBox("lesson", item)),
    el("h3", { text: t("ebPuzzles") }),
    ...puzzles.map((item) => entryBox("puzzle", item)),
    el("h3", { text: t("ebReplays") }),
    el("p", { text: t("ebReplaysIntro") }));
}

onLangChange(() => {
  if (page.section && !page.section.hidden && page.index) draw();
});

// The sections exist from the start, so the router shows them (it shows only sections already in <main>).
screenSection("embedding");
registerScreen("embedding", { show, hide() {} });
