/* Service worker: precache the built site, then serve it cache-first so the app runs offline.
   build.py fills VERSION (a hash of every file) and PRECACHE (every file the app can load).
   The page waits for this worker before starting Python on a first visit, so every file is
   downloaded once, by the precache, and the page's own requests are answered from the cache. */
const VERSION = "{{VERSION}}";
const CACHE = `pwtcg-${VERSION}`;
const PRECACHE = {{PRECACHE}};

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" }))))
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

/* Cache first (ignoring the query string, so ?scenario=... pages work offline), then the network,
   keeping what it brings (files outside PRECACHE, such as PyScript's editor chunks, if ever asked for). */
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && !new URL(request.url).search) cache.put(request, response.clone());
  return response;
}
