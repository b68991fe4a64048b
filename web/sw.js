/* Service worker: precache the built site, then serve it cache-first so the app runs offline.
   build.py fills VERSION (a hash of every file) and PRECACHE (every file the app can load).
   A first visit does not wait for this worker: the page and its Python worker download what they need at
   once and keep a copy in this version's cache (js/engine.js, js/pyodide-worker.js). Every download of a
   precached file, theirs and ours, holds the Web Lock "pwtcg fetch <url>" while it looks in the cache and
   fetches, so whoever comes second finds the file there and no file is downloaded twice.

   Updates: a new build installs beside the running one and then *waits* (no skipWaiting on install):
   the open pages keep running the old version from the old cache, and are told (js/updates.js) that a
   new version is ready. Only when a page accepts ("skip-waiting") does this worker take over; the page
   then reloads. A cache is deleted only when no open page of this install runs its version.

   Cache names carry the registration's scope path, so two installs on one origin (/a/ and /b/) never
   touch each other's caches. */
const VERSION = "{{VERSION}}";
const PRECACHE = {{PRECACHE}};
const SCOPE = new URL(self.registration.scope).pathname;
/** Every cache of this install starts with PREFIX (a space cannot occur in a URL path, so "/a/" never
    prefixes "/a/b/"'s names). */
const PREFIX = `pwtcg ${SCOPE} `;
const CACHE = PREFIX + VERSION;
/** Names from builds before caches carried their scope: shared by every install of the origin. */
const LEGACY = /^pwtcg-[0-9a-f]{16}$/;
/** How long a page may take to say which version it runs (it answers from its own thread, never blocked
    by Python, which runs in a worker). */
const ASK_MS = 2000;

/** clientId → the version that page runs (announced by the page; lost when this worker stops). */
const clientVersions = new Map();

/** Downloads at once while precaching (the big files come last in PRECACHE: the page fetches those first). */
const PARALLEL = 6;
const LOCK_PREFIX = "pwtcg fetch ";

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

/** Put every file of PRECACHE into this version's cache, skipping those the pages already put there. */
async function precache() {
  const cache = await caches.open(CACHE);
  const queue = PRECACHE.map((path) => new URL(path, self.registration.scope).href);
  const next = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) await keep(cache, url);
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
}

async function keep(cache, url) {
  const fetchOnce = async () => {
    if (await cache.match(url)) return;
    const response = await fetch(new Request(url, { cache: "no-cache" }));
    if (!response.ok) throw new TypeError(`precaching ${url}: HTTP ${response.status}`);
    await cache.put(url, response);
  };
  await (self.navigator.locks ? self.navigator.locks.request(LOCK_PREFIX + url, fetchOnce) : fetchOnce());
}

self.addEventListener("activate", (event) => {
  // claim(): a first visit's page is served from the cache as soon as the precache is done.
  // The pruning is not part of the activation: fetches wait until a worker is active, and asking the
  // pages may take up to ASK_MS (it runs again whenever a page of this install boots).
  event.waitUntil(self.clients.claim());
  prune();
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.pwtcg === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
  } else if (message.pwtcg === "page" && typeof message.version === "string") {
    // A page of this install booted: remember its version, and drop caches no open page runs any more.
    if (event.source?.id) clientVersions.set(event.source.id, message.version);
    event.waitUntil(prune());
  } else if (message.pwtcg === "version?" && event.ports[0]) {
    event.ports[0].postMessage(VERSION);
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCache(request, event.clientId));
});

/* Cache first (ignoring the query string, so ?scenario=... pages work offline), then the network,
   keeping what it brings (files outside PRECACHE, such as PyScript's editor chunks, if ever asked for).
   A page still running an older version (another tab accepted the update) is served from its own
   version's cache while that cache exists, so it never mixes files of two builds. */
async function fromCache(request, clientId) {
  const own = clientVersions.get(clientId);
  if (own && own !== VERSION && (await caches.has(PREFIX + own))) {
    const hit = await (await caches.open(PREFIX + own)).match(request, { ignoreSearch: true });
    if (hit) return hit;
  }
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && !new URL(request.url).search) cache.put(request, response.clone());
  return response;
}

/** Delete this install's caches of versions that no open page runs (never another scope's caches). */
async function prune() {
  const inUse = await versionsInUse();
  const names = await caches.keys();
  const stale = names.filter((name) => LEGACY.test(name)
    || (name.startsWith(PREFIX) && name !== CACHE && !inUse.has(name.slice(PREFIX.length))));
  await Promise.all(stale.map((name) => caches.delete(name)));
}

/** The versions the open pages of this install run: each page is asked (a page that does not answer in
    time is not counted, e.g. one that is unloading). */
async function versionsInUse() {
  const pages = await self.clients.matchAll({ type: "window" });
  const answers = await Promise.all(pages.map(async (page) => {
    const version = await ask(page);
    if (version) clientVersions.set(page.id, version);
    return version;
  }));
  return new Set(answers.filter(Boolean));
}

function ask(page) {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const timer = setTimeout(() => resolve(null), ASK_MS);
    port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(typeof event.data === "string" ? event.data : null);
    };
    page.postMessage({ pwtcg: "version?" }, [port2]);
  });
}
