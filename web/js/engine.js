// The engine runs in a PyScript worker (py/worker.py + py/playmat_host.py): the page never blocks.
// Every request is `call(method, argument)` with a name of js/protocol.js (written by build.py from
// web/py/protocol.py); the worker answers JSON {"ok": true, "result": ...}, or {"ok": false, "error", "type"}.

// PyScript is imported when the engine starts, not with this module: the page's screens draw without waiting
// for it to download and run.
const PYSCRIPT_URL = "../pyscript/core.js";

// The worker is started from a blob: URL, so URLs given to it must be absolute. Its interpreter module is
// js/pyodide-worker.js: Pyodide's loader, instantiating the WebAssembly module this page compiles.
const INTERPRETER_URL = new URL("./pyodide-worker.js", import.meta.url).href;
const WASM_URL = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;

const WORKER_CONFIG = {
  interpreter: INTERPRETER_URL,
  packages: ["palworld-tcg", "segno"],   // segno: QR codes of shared links (pure Python)
  // Pyodide's loadPackage loads the packages from our own pyodide-lock.json (sha256-checked) as Python starts,
  // without micropip: micropip's own download and import cost 0.3-0.4 s of every start (docs/web.md). micropip
  // stays in the lock file and the precache, for a run-time install (offline too); nothing installs one today.
  packages_cache: "passthrough",
  // The worker never reaches back into the page (no pyscript.window/document; the page only awaits
  // worker.sync calls), so it needs no SharedArrayBuffer: saying so stops PyScript warning about it on
  // every load, and any static host works without cross-origin isolation headers (docs/web.md).
  sync_main_only: true,
  files: {
    "./py/protocol.py": "./protocol.py",
    "./py/state_json.py": "./state_json.py",
    "./py/computer_player.py": "./computer_player.py",
    "./py/game_setup.py": "./game_setup.py",
    "./py/playmat_host.py": "./playmat_host.py",
    "./py/saves_host.py": "./saves_host.py",
    "./py/replays_host.py": "./replays_host.py",
    "./py/links_host.py": "./links_host.py",
    "./py/decks_host.py": "./decks_host.py",
    "./py/lessons_host.py": "./lessons_host.py",
    "./py/puzzles_host.py": "./puzzles_host.py",
    "./py/hint_host.py": "./hint_host.py",
    "./py/simulate_host.py": "./simulate_host.py",
  },
};

// The embed page (embed.js) starts a smaller worker: only the host modules its kind of embed calls, and no QR
// code package. Each entry (py/embed_*.py) imports exactly those modules.
const EMBED_HOSTS = {
  lesson: ["lessons_host"],
  puzzle: ["puzzles_host"],
  watch: ["saves_host", "replays_host"],
};
let workerEntry = "./py/worker.py";

/** Use the embed's worker for ``kind`` ("lesson", "puzzle", "watch"); call before the first request. */
export function useEmbedWorker(kind) {
  if (worker || !EMBED_HOSTS[kind]) return;
  workerEntry = `./py/embed_${kind}.py`;
  WORKER_CONFIG.packages = ["palworld-tcg"];
  WORKER_CONFIG.files = Object.fromEntries(["protocol", "state_json", "computer_player", "game_setup", "playmat_host",
    ...EMBED_HOSTS[kind]]
    .map((name) => [`./py/${name}.py`, `./${name}.py`]));
}

export class EngineError extends Error {
  constructor(message, type) {
    super(message);
    this.type = type;
  }
}

let worker = null;
let wasmModule = null;
let stdlibBytes = null;

// ------------------------------------------------------------------------- start-up stages

/** Where the engine's start stands: "idle", "python" (downloading and starting Python), "engine" (Python
 * runs; installing and importing the engine), "ready" or "failed". On <html data-engine>. */
let stage = "idle";
const stageListeners = new Set();

/** The engine's start-up stage now (see above). */
export function engineStage() {
  return stage;
}

/** Call ``listener(stage)`` at each change of the start-up stage; returns the unsubscribe function. */
export function onEngineStage(listener) {
  stageListeners.add(listener);
  return () => stageListeners.delete(listener);
}

function setStage(next) {
  if (stage === "ready" || stage === "failed" || stage === next) return;
  stage = next;
  document.documentElement.dataset.engine = next;
  for (const listener of stageListeners) listener(next);
}

// ------------------------------------------------------------------------- the first visit's downloads

// On a first visit no service worker controls the page yet, and sw.js precaches the site while Python
// starts. So that no big file is downloaded twice, the page and the engine's worker keep what they fetch in
// the cache sw.js will use ("pwtcg <scope> <version>"), and every fetch of a precached file (here, in the
// worker and in sw.js) holds the Web Lock "pwtcg fetch <url>" while it checks that cache and downloads: the
// second to ask finds the file there. A page already controlled fetches through the service worker.
const LOCK_PREFIX = "pwtcg fetch ";
// The app's own standard library (build.py trims Pyodide's to the modules the app can import).
const STDLIB_URL = new URL("../pyodide/python_stdlib-app.zip", import.meta.url).href;
const SITE_URL = new URL("../", import.meta.url);
let handoff;
let handoffWanted = false;

/** Say that this page registers sw.js (the app does, the embed does not): on a first visit the engine's
 * downloads are then kept for its precache. Call before startEngine. */
export function keepDownloadsForServiceWorker() {
  handoffWanted = true;
}

/** The cache of this build that sw.js will precache into, when this page should fill it; else null. */
function handoffCache() {
  handoff ??= (async () => {
    const unsupported = !("serviceWorker" in navigator) || !globalThis.caches || !navigator.locks;
    if (!handoffWanted || unsupported || navigator.serviceWorker.controller) return null;
    try {
      const info = await (await fetch(new URL("build-info.json", SITE_URL), { cache: "no-cache" })).json();
      const name = `pwtcg ${SITE_URL.pathname} ${info.version}`;
      return { name, cache: await caches.open(name) };
    } catch {
      return null;
    }
  })();
  return handoff;
}

/** Fetch a precached file once: from the build's cache if there, else from the network, keeping a copy. */
function fetchKept(url) {
  if (navigator.serviceWorker?.controller || !navigator.locks) return fetch(url);
  return new Promise((resolve, reject) => {
    navigator.locks.request(LOCK_PREFIX + url, async () => {
      try {
        const kept = await handoffCache();
        const hit = kept && await kept.cache.match(url);
        if (hit) return resolve(hit);
        const response = await fetch(url);
        resolve(response);
        if (kept && response.ok) await kept.cache.put(url, response.clone()).catch(() => {});
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** Compile Pyodide's WebAssembly here, where the browser caches the compiled code between visits. */
function compileWasm() {
  wasmModule ??= WebAssembly.compileStreaming(fetchKept(WASM_URL)).catch((error) => {
    console.warn("compiling Pyodide on the page failed, the worker compiles it:", error);
    return null;
  });
  return wasmModule;
}

/** The standard library's zip, fetched here from the start (preloaded by index.html) and handed to the worker. */
function fetchStdlib() {
  stdlibBytes ??= fetchKept(STDLIB_URL)
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .catch(() => null);
  return stdlibBytes;
}

// ------------------------------------------------------------------------- the memory snapshot

// build.py makes pyodide/interpreter.snapshot: Python with the engine and the host modules already imported
// (about 8.4 MiB gzipped), stamped with a hash of the files it was made from (build-info.json "snapshot").
// The worker restores it instead of starting Python (js/pyodide-worker.js). It is never downloaded on a first
// visit, which it would make slower (docs/web.md, "Memory snapshot"): a visit that finds it in this build's
// cache uses it, and a return visit without it downloads it 5 s after the engine is ready, for the next visit.
let snapshotRead;
// Test hook: a page where `window.pwtcgSnapshotAlways` is true before it loads starts from the snapshot on a
// first visit too, fetched from the network (gzipped; the worker checks its CRC, stamp and size). The browser
// tests set it for the pages that test no start-up (tests/browser/conftest.py): each test opens a fresh browser
// context, and this start takes less than half of a first visit's (docs/testing.md).
const SNAPSHOT_ALWAYS = globalThis.pwtcgSnapshotAlways === true;

/** This build's snapshot entry of build-info.json and the name of the cache it is kept in, or null. */
async function snapshotPlace() {
  const unsupported = !globalThis.caches || !globalThis.DecompressionStream || !navigator.locks;
  if (unsupported || !(navigator.serviceWorker?.controller || SNAPSHOT_ALWAYS)) return null;
  try {
    const info = await (await fetch(new URL("build-info.json", SITE_URL))).json();
    const { file, stamp, bytes: size } = info.snapshot ?? {};
    if (typeof file !== "string" || typeof stamp !== "string" || !Number.isInteger(size)) return null;
    const url = new URL(file, SITE_URL).href;
    return { url, stamp, size, cache: `pwtcg ${SITE_URL.pathname} ${info.version}` };
  } catch {
    return null;
  }
}

/** {bytes (the file, an ArrayBuffer), stamp, size (decompressed)} from this build's cache, or null: never from
 * the network. */
function cachedSnapshot() {
  snapshotRead ??= (async () => {
    const place = await snapshotPlace();
    const hit = place && (await (await caches.open(place.cache)).match(place.url)
      ?? (SNAPSHOT_ALWAYS ? await fetch(place.url).then((r) => (r.ok ? r : null)) : null));
    if (!hit) {
      if (place) worker.then(() => keepSnapshotForLater(place), () => {});
      return null;
    }
    return { bytes: await hit.arrayBuffer(), stamp: place.stamp, size: place.size, place };
  })().catch(() => null);
  return snapshotRead;
}

/** The worker refused the cached snapshot (not this build's, or damaged): replace it for the next visit. */
async function replaceSnapshot() {
  const place = (await snapshotRead)?.place;
  if (!place) return;
  await (await caches.open(place.cache)).delete(place.url).catch(() => {});
  worker.then(() => keepSnapshotForLater(place), () => {});
}

/** How long after the engine is ready the snapshot's download waits (the first game's start comes first). */
const SNAPSHOT_LATER_MS = 5000;

/** Download the snapshot into this build's cache a while after the engine is ready, when the page is idle (once
 * per cache, under its lock). */
function keepSnapshotForLater({ url, stamp, cache: name }) {
  const idle = (callback) => setTimeout(() => (globalThis.requestIdleCallback ?? setTimeout)(callback),
    SNAPSHOT_LATER_MS);
  idle(() => navigator.locks.request(LOCK_PREFIX + url, async () => {
    const cache = await caches.open(name);
    if (!navigator.onLine || await cache.match(url)) return;
    // With a query, sw.js passes the request on without keeping a copy of its own (this one is kept here).
    const response = await fetch(`${url}?${stamp.slice(0, 16)}`, { cache: "no-cache" });
    if (!response.ok) return;
    // Kept decompressed (36 MiB): a start then reads it in about a quarter of the time that decompressing the
    // 8.4 MiB file takes (docs/web.md). The gzip's CRC is checked here, once.
    let body = new Uint8Array(await response.arrayBuffer());
    if (body[0] === 0x1f && body[1] === 0x8b) {   // unless the server already undid the gzip
      body = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip"));
    }
    await cache.put(url, new Response(body));
  }).catch((error) => console.warn("keeping the memory snapshot for the next visit failed:", error)));
}

// js/pyodide-worker.js asks for the module with {pwtcg: "wasm?"} and a MessagePort for the answer:
// {module, stdlib (an ArrayBuffer, transferred), cache (the first visit's cache name, or null), snapshot
// ({bytes, stamp, size} or null)}. It says {pwtcg: "python-ready", start: "snapshot"|"fresh", refused} once Pyodide
// runs; <html data-python-start> keeps which.
function answerWorker(_wrap, xworker) {
  xworker.addEventListener("message", async (event) => {
    if (event.data?.pwtcg === "python-ready") {
      event.stopImmediatePropagation();
      performance.mark("pwtcg:python-ready");
      document.documentElement.dataset.pythonStart = event.data.start === "snapshot" ? "snapshot" : "fresh";
      if (event.data.refused) replaceSnapshot();
      setStage("engine");
      return;
    }
    if (event.data?.pwtcg !== "wasm?" || !event.ports[0]) return;
    event.stopImmediatePropagation();
    performance.mark("pwtcg:worker-up");
    const [module, stdlib, kept, snapshot] = await Promise.all([compileWasm(), fetchStdlib(), handoffCache(),
      cachedSnapshot()]);
    const image = snapshot && { bytes: snapshot.bytes, stamp: snapshot.stamp, size: snapshot.size };
    const transfer = [stdlib, image?.bytes].filter(Boolean);
    event.ports[0].postMessage({ module, stdlib, cache: kept?.name ?? null, snapshot: image }, transfer);
  });
}

/** Start the worker once; resolves when Python, the engine wheel and the host are ready. */
export function startEngine() {
  if (!worker) {
    setStage("python");
    compileWasm();
    fetchStdlib();
    cachedSnapshot();
    worker = import(PYSCRIPT_URL).then(async ({ PyWorker, hooks }) => {
      hooks.main.onWorker.add(answerWorker);
      // PyScript applies its main-thread hooks (onWorker above) only to workers created after it set up the
      // "py" type, which it finishes by defining the <py-script> element.
      await customElements.whenDefined("py-script");
      return PyWorker(workerEntry, { config: WORKER_CONFIG, version: INTERPRETER_URL });
    });
    worker.then(() => {
      performance.mark("pwtcg:engine-ready");
      setStage("ready");
    }, () => setStage("failed"));
  }
  return worker;
}

const sentCounts = {};
/** How many requests of each name the page has sent (tests count the round trips of a decision). */
export function requestCounts() {
  return { ...sentCounts };
}

/** One request to the game host; throws EngineError with the engine's readable message. Tests see every
 * request and answer, as text, through `window.pwtcgTap` when they set it before the page loads. */
export async function call(method, argument = null) {
  sentCounts[method] = (sentCounts[method] ?? 0) + 1;
  const ready = await startEngine();
  pending(+1);
  let answer;
  try {
    const request = JSON.stringify(argument);
    const sent = performance.now();
    const text = await ready.sync.call(method, request);
    globalThis.pwtcgTap?.({ method, request, answer: text, sent, answered: performance.now() });
    answer = JSON.parse(text);
  } finally {
    pending(-1);
  }
  if (!answer.ok) throw new EngineError(answer.error, answer.type);
  return answer.result;
}

let inFlight = 0;
/** Requests the worker is busy with, on <html data-engine-calls> (tests see the page react meanwhile). */
function pending(change) {
  inFlight += change;
  document.documentElement.dataset.engineCalls = String(inFlight);
}
