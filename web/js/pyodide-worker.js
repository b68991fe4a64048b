// The "interpreter" module of the engine's PyScript worker: Pyodide's own loader, fed the WebAssembly
// module the page compiled and the standard library the page downloaded.
//
// Why: Chromium keeps compiled (and optimised) WebAssembly code between visits only for compiles on the
// page's thread; a worker compiling pyodide.asm.wasm itself starts from scratch on every load, which made
// the worker ~0.6 s slower than a page on a return visit. The page (js/engine.js) compiles the module
// with WebAssembly.compileStreaming and hands it over with postMessage (a WebAssembly.Module is
// shareable with a dedicated worker); this module then makes Pyodide instantiate that module instead of
// fetching and compiling the file again. If the page sends nothing usable, Pyodide loads as usual.
//
// PyScript imports this file in the worker (config "interpreter") and calls loadPyodide(options) with the
// directory of *this* file as indexURL, so indexURL is pointed back at pyodide/.
import * as pyodide from "../pyodide/pyodide.mjs";

export const version = pyodide.version;

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
const WASM_URL = `${INDEX_URL}pyodide.asm.wasm`;
/** How long to wait for the page's module before compiling here (a page that never answers). */
const WAIT_MS = 20_000;

// The app's standard library, trimmed by build.py (Pyodide's whole python_stdlib.zip is not precached).
const STDLIB_URL = `${INDEX_URL}python_stdlib-app.zip`;
/** Files of the site this worker fetches (Pyodide's lock, the wheels, the host's modules): on a first visit
    they are kept in the cache sw.js precaches into (see js/engine.js), under the same Web Locks. */
const SITE_URL = new URL("../", import.meta.url).href;
const KEPT = /^(pyodide|py)\/[^?#]*$/;
const LOCK_PREFIX = "pwtcg fetch ";

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  const { module, stdlib, cache } = await fromPage();
  const { fetch } = globalThis;
  // Pyodide fetches pyodide.asm.wasm and the standard library itself: answer with what the page sent (the wasm
  // with an empty body: the page's module is instantiated instead, below). The rest of the site's files go
  // through the first visit's cache. This stays in place for micropip's fetches of the wheels.
  let stdlibOnce = stdlib;
  globalThis.fetch = (input, init) => {
    const url = String(input?.url ?? input);
    if (module && url === WASM_URL) return Promise.resolve(new Response(new Uint8Array(0)));
    if (stdlibOnce && url === STDLIB_URL) {
      const body = stdlibOnce;
      stdlibOnce = null;
      return Promise.resolve(new Response(body, { headers: { "Content-Type": "application/zip" } }));
    }
    if (cache && url.startsWith(SITE_URL) && KEPT.test(url.slice(SITE_URL.length)) && !init?.method) {
      return fetchKept(fetch, cache, url);
    }
    return fetch(input, init);
  };
  if (!module) return ready(await pyodide.loadPyodide(settings));
  const { instantiateStreaming } = WebAssembly;
  WebAssembly.instantiateStreaming = async (_source, imports) =>
    ({ module, instance: await WebAssembly.instantiate(module, imports) });
  try {
    return ready(await pyodide.loadPyodide(settings));
  } finally {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** Tell the page Python runs (its progress line moves on to the engine), and hand Pyodide on. */
function ready(interpreter) {
  postMessage({ pwtcg: "python-ready" });
  return interpreter;
}

/** A file from the cache ``name`` if there, else from the network, keeping a copy (while holding its lock). */
async function fetchKept(fetch, name, url) {
  return navigator.locks.request(LOCK_PREFIX + url, async () => {
    const cache = await caches.open(name);
    const hit = await cache.match(url);
    if (hit) return hit;
    const response = await fetch(url, { cache: "no-cache" });
    if (response.ok) await cache.put(url, response.clone()).catch(() => {});
    return response;
  });
}

/** Ask the page for the compiled module and the standard library over a channel of our own. */
function fromPage() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const done = (answer) => {
      clearTimeout(timer);
      port1.close();
      resolve({
        module: answer?.module instanceof WebAssembly.Module ? answer.module : null,
        stdlib: answer?.stdlib instanceof ArrayBuffer ? answer.stdlib : null,
        cache: typeof answer?.cache === "string" && globalThis.caches && navigator.locks ? answer.cache : null,
      });
    };
    const timer = setTimeout(done, WAIT_MS, null);
    port1.onmessage = (event) => done(event.data);
    postMessage({ pwtcg: "wasm?" }, [port2]);
  });
}
