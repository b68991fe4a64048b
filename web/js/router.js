// Hash routes, one screen module per route: "#cards", "#card/EBP01-078", "#saves", "#replay/ID", ...
//
// A screen registers itself with registerScreen(name, {show(args, context), hide()}) and owns a
// <section id="NAME-screen" class="screen"> (made by the module when the page does not have it). The
// playmat's own screens (loading, start, game) are shown by the playmat (playmat/flow.js); an empty hash or "#play" goes back
// to them. Hashes that name no screen (in-page anchors such as the skip link's "#decision") are ignored.

const screens = new Map();
let context = null;
let fallback = () => {};
let current = null;

/** Register a screen module under a route name. */
export function registerScreen(name, screen) {
  if (screens.has(name)) throw new Error(`screen ${name} registered twice`);
  screens.set(name, screen);
}

/** The route of a hash: {name, args} ("#card/EBP01-078" → {name: "card", args: ["EBP01-078"]}). */
export function parseRoute(hash) {
  const [name = "", ...args] = hash.replace(/^#/, "").split("/").map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
  return { name, args };
}

/** The hash of a route, each argument escaped. */
export function routeHash(name, ...args) {
  return "#" + [name, ...args].map((part) => encodeURIComponent(String(part))).join("/");
}

/** Go to a route (adds a history entry, so Back returns). */
export function go(name, ...args) {
  location.hash = routeHash(name, ...args);
}

/** The section element of a screen, made (hidden, empty) inside <main> when the page has none. */
export function screenSection(name) {
  let section = document.getElementById(`${name}-screen`);
  if (!section) {
    section = document.createElement("section");
    section.id = `${name}-screen`;
    section.className = "screen";
    section.hidden = true;
    document.getElementById("app").append(section);
  }
  return section;
}

/** Show only one screen section (by its name) and mark the app with it. */
export function showSection(name) {
  for (const section of document.querySelectorAll("#app > .screen")) section.hidden = section.id !== `${name}-screen`;
  document.getElementById("app").dataset.state = name;
  for (const link of document.querySelectorAll("#main-nav a[data-route]")) {
    if (link.dataset.route === name) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

async function dispatch() {
  const { name, args } = parseRoute(location.hash);
  if (name !== "" && name !== "play" && !screens.has(name)) return;   // an in-page anchor, not a route
  if (current && current !== name) screens.get(current)?.hide?.();
  current = screens.has(name) ? name : null;
  if (!current) return fallback();
  showSection(name);
  await screens.get(name).show(args, context);
}

/** Start following the hash once the engine is ready; ``showPlay`` shows the playmat's own screen. */
export function startRouter(appContext, showPlay) {
  context = appContext;
  fallback = showPlay;
  window.addEventListener("hashchange", dispatch);
  return dispatch();
}
