/* Service worker: precache the whole built site, then serve it cache-first so the app runs offline.
   build.py fills VERSION (a hash of every file) and PRECACHE (every file of the site). */
const VERSION = "{{VERSION}}";
const CACHE = `pwtcg-${VERSION}`;
const PRECACHE = {{PRECACHE}};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "reload" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("pwtcg-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCache(request));
});

/* Cache first (ignoring the query string, so ?scenario=... pages work offline), then network. */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  return fetch(request);
}
