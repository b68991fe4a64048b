// The embedding docs page (#embedding): every lesson and puzzle with the snippet a fan site copies and a live
// preview (the embed page itself, in an iframe). The list is the static index build.py writes (learn/index.json),
// the same files the embeds read. The protocol and the options are in docs/embedding.md.

import { registerScreen, screenSection } from "../router.js";
import { t, lang, addStrings, onLangChange } from "../i18n.js";
import { el } from "../board.js";

addStrings({
  en: {
    ebTitle: "Put a lesson or puzzle on your site",
    ebIntro: "Copy a snippet into your page. The frame shows a still picture of the lesson at once and starts the game engine only when a reader plays, so several on one page cost little. Replace the origin with your site's own (scheme, host and port) to receive progress messages.",
    ebMessages: "Progress messages",
    ebMessagesIntro: "The frame posts these to the origin you declare, and to no other. It ignores messages from any other origin.",
    ebOptions: "Options",
    ebLessons: "Lessons",
    ebPuzzles: "Puzzles",
    ebSnippet: "Snippet for “{title}”",
    ebCopy: "Copy snippet",
    ebCopied: "Copied.",
    ebCopyFailed: "Select the snippet and copy it.",
    ebPreview: "Preview of “{title}”",
    ebLoading: "Loading the list…",
    ebError: "The list could not be loaded: {error}",
    ebYourSite: "https://your.site",
    ebOptLesson: "lesson=ID or puzzle=ID — what to show (required)",
    ebOptLang: "lang=en | ja — the language (default: the reader's)",
    ebOptTheme: "theme=dark | light — the frame's colours",
    ebOptOrigin: "origin=https://your.site — where progress messages go (none without it; never “*”)",
    ebOptAutostart: "autostart=1 — start the engine at once instead of on the first click",
    ebOptFrame: "frame=NAME — echoed in every message, to tell several frames apart",
    ebOptWatch: "watch=LINK&at=N&still=FRAME — a replay at decision N; its still frame is drawn before the engine starts (made by Share in a replay)",
    ebReplays: "Replays",
    ebReplaysIntro: "To embed a game, open it in Saved games and press Share: the dialog gives the snippet of the decision on screen, with its still frame.",
    ebReplaySnippet: "Embed on your site",
    ebReplayTitle: "Palworld Card Game replay",
  },
  ja: {
    ebTitle: "レッスンやパズルを自分のサイトに載せる",
    ebIntro: "スニペットをページに貼り付けてください。フレームはまずレッスンの静止画面をすぐに表示し、読者が遊び始めたときだけゲームエンジンを起動するので、1ページに複数置いても軽いままです。進み具合のメッセージを受け取るには、origin を自分のサイト（スキーム・ホスト・ポート）に書き換えてください。",
    ebMessages: "進み具合のメッセージ",
    ebMessagesIntro: "フレームは宣言された origin にだけ次のメッセージを送ります。ほかの origin からのメッセージは無視します。",
    ebOptions: "オプション",
    ebLessons: "レッスン",
    ebPuzzles: "パズル",
    ebSnippet: "「{title}」のスニペット",
    ebCopy: "スニペットをコピー",
    ebCopied: "コピーしました。",
    ebCopyFailed: "スニペットを選択してコピーしてください。",
    ebPreview: "「{title}」のプレビュー",
    ebLoading: "一覧を読み込み中…",
    ebError: "一覧を読み込めませんでした：{error}",
    ebYourSite: "https://your.site",
    ebOptLesson: "lesson=ID または puzzle=ID — 表示する内容（必須）",
    ebOptLang: "lang=en | ja — 言語（省略時は読者の言語）",
    ebOptTheme: "theme=dark | light — フレームの配色",
    ebOptOrigin: "origin=https://your.site — 進み具合のメッセージの送り先（省略時は送りません。「*」は使えません）",
    ebOptAutostart: "autostart=1 — 最初のクリックを待たずにエンジンを起動",
    ebOptFrame: "frame=名前 — すべてのメッセージに含まれます（複数のフレームの区別に）",
    ebOptWatch: "watch=リンク&at=N&still=静止画面 — 選択Nのリプレイ。静止画面はエンジンの起動前に表示されます（リプレイの「共有」で作成）",
    ebReplays: "リプレイ",
    ebReplaysIntro: "ゲームを埋め込むには、保存したゲームで開いて「共有」を押してください。画面に表示中の選択のスニペットが静止画面付きで表示されます。",
    ebReplaySnippet: "サイトに埋め込む",
    ebReplayTitle: "パルワールドカードゲームのリプレイ",
  },
});

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
