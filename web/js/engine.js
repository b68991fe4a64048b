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
  // micropip installs the engine from our own pyodide-lock.json (sha256-checked) on every start, never
  // from a stale IndexedDB copy. ("passthrough", loading the wheel without micropip, was ~0.4 s faster
  // on a warm start here; micropip is kept so run-time installs work the same way online and offline.)
  packages_cache: "never",
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

// js/pyodide-worker.js asks for the module with {pwtcg: "wasm?"} and a MessagePort for the answer:
// {module, stdlib (an ArrayBuffer, transferred), cache (the first visit's cache name, or null)}. It says
// {pwtcg: "python-ready"} once Pyodide runs.
function answerWorker(_wrap, xworker) {
  xworker.addEventListener("message", async (event) => {
    if (event.data?.pwtcg === "python-ready") {
      event.stopImmediatePropagation();
      performance.mark("pwtcg:python-ready");
      setStage("engine");
      return;
    }
    if (event.data?.pwtcg !== "wasm?" || !event.ports[0]) return;
    event.stopImmediatePropagation();
    performance.mark("pwtcg:worker-up");
    const [module, stdlib, kept] = await Promise.all([compileWasm(), fetchStdlib(), handoffCache()]);
    event.ports[0].postMessage({ module, stdlib, cache: kept?.name ?? null }, stdlib ? [stdlib] : []);
  });
}

/** Start the worker once; resolves when Python, the engine wheel and the host are ready. */
export function startEngine() {
  if (!worker) {
    setStage("python");
    compileWasm();
    fetchStdlib();
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
