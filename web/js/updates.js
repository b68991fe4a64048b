// The service worker from the page's side: registration, the first-visit wait, and safe updates.
//
// A new build's worker installs and waits (sw.js never skips waiting by itself): this page keeps running
// the version it loaded, from that version's cache, and shows "A new version is ready — Reload". The
// button asks the waiting worker to take over; when it does, the page reloads into the new version.
// The page tells its worker which version it runs, and answers when asked, so sw.js deletes a version's
// cache only when no open page runs it.

/** How often an open page asks the server for a new build (the browser also checks on each load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let resolveVersion;
/** The version this page runs: that of the worker that served it (null without a service worker). */
export const pageVersion = new Promise((resolve) => { resolveVersion = resolve; });

let accepted = false;

/** Register sw.js; on a first visit resolve once it has precached the site and controls the page. */
export async function serviceWorkerReady(waitMs, enabled = true) {
  if (!enabled || !("serviceWorker" in navigator)) return resolveVersion(null);
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  container.addEventListener("message", answerVersion);
  container.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
    else if (hadController) showUpdateOffer(null);  // another tab took the new version: this one is old
  });
  try {
    // A return visit is controlled from the start: no need to wait for register() (an update check).
    const registered = container.register("./sw.js");
    registered.then(watchForUpdates, () => {});
    if (!hadController) {
      await registered;
      if (!container.controller) {
        const controlled = new Promise((resolve) => container.addEventListener("controllerchange", resolve, { once: true }));
        await Promise.race([controlled, sleep(waitMs)]);
      }
    }
  } catch (error) {
    console.warn("service worker unavailable, running online only:", error);
  } finally {
    announce(container.controller);
  }
}

/** Learn this page's version from the worker that serves it, and tell that worker this page runs it
    (it then deletes caches no open page runs). */
async function announce(controller) {
  if (!controller) return resolveVersion(null);
  const { port1, port2 } = new MessageChannel();
  const answer = new Promise((resolve) => { port1.onmessage = (event) => resolve(event.data); });
  controller.postMessage({ pwtcg: "version?" }, [port2]);
  const version = await Promise.race([answer, sleep(5000).then(() => null)]);
  port1.close();
  resolveVersion(typeof version === "string" ? version : null);
  if (version) controller.postMessage({ pwtcg: "page", version });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** sw.js asks each open page which version it runs before deleting a cache. */
async function answerVersion(event) {
  if (event.data?.pwtcg !== "version?" || !event.ports[0]) return;
  event.ports[0].postMessage(await pageVersion);
}

function watchForUpdates(registration) {
  const offer = () => {
    if (registration.waiting && navigator.serviceWorker.controller) showUpdateOffer(registration);
  };
  offer();
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", () => {
      if (next.state === "installed") offer();
    });
  });
  setInterval(() => registration.update().catch(() => {}), UPDATE_CHECK_MS);
}

/** Show the banner; its button lets the waiting worker take over (or, if it already has, reloads). */
function showUpdateOffer(registration) {
  const banner = document.getElementById("update-banner");
  const button = document.getElementById("update-reload");
  button.onclick = () => {
    const waiting = registration?.waiting;
    if (!waiting) return location.reload();
    accepted = true;
    button.disabled = true;
    waiting.postMessage({ pwtcg: "skip-waiting" });
  };
  banner.hidden = false;
  document.body.dataset.update = "ready";
}
