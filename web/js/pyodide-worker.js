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
//
// On a return visit the page may also send this build's memory snapshot (pyodide/interpreter.snapshot, made
// by build.py: Python with the engine and the host modules already imported). Pyodide then restores it
// instead of starting Python and importing them; if the snapshot is not this build's or restoring it fails,
// Python starts the usual way. Either way the page is told which ("python-ready", start: "snapshot"|"fresh").
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

/** A snapshot file starts with this, the build's stamp (64 hex digits) and zeros up to SNAPSHOT_HEADER bytes. */
const SNAPSHOT_MAGIC = "PWTCG-SNAPSHOT-1";
const SNAPSHOT_HEADER = 128;
const WASM_PAGE = 65_536;
// Run after a restore: every random generator in the snapshot has the state it had at build time, the same on
// every visit. Reseed them all (random's module-level one, which picks new games' seeds, and any other) from
// os.urandom, i.e. the browser's crypto.getRandomValues. (Games are seeded each from their own Random.) Any heap
// frozen out of the collector's way (worker.py freezes it) is unfrozen first: gc.get_objects() does not list it.
const RESEED = `
def _pwtcg_reseed():
    import gc, random
    gc.unfreeze()
    for generator in [random._inst, *(o for o in gc.get_objects() if isinstance(o, random.Random))]:
        generator.seed()
    gc.freeze()
_pwtcg_reseed()
del _pwtcg_reseed
`;

export async function loadPyodide(options = {}) {
  // Pyodide's JavaScript glue (1.2 MB) is fetched and parsed while the page compiles the WebAssembly, not after:
  // Pyodide uses a given createPyodideModule instead of importing the glue itself.
  const glue = import(`${INDEX_URL}pyodide.asm.mjs`);
  const { module, stdlib, cache, snapshot } = await fromPage();
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL, createPyodideModule: (await glue).default };
  const { fetch } = globalThis;
  // Pyodide fetches pyodide.asm.wasm and the standard library itself: answer with what the page sent (the wasm
  // with an empty body: the page's module is instantiated instead, below). The rest of the site's files go
  // through the first visit's cache. This stays in place for loadPackage's fetches of the packages.
  let stdlibBody = stdlib;   // kept until Python runs: a failed restore is followed by a usual start
  globalThis.fetch = (input, init) => {
    const url = String(input?.url ?? input);
    if (module && url === WASM_URL) return Promise.resolve(new Response(new Uint8Array(0)));
    if (stdlibBody && url === STDLIB_URL) {
      return Promise.resolve(new Response(stdlibBody, { headers: { "Content-Type": "application/zip" } }));
    }
    if (cache && url.startsWith(SITE_URL) && KEPT.test(url.slice(SITE_URL.length)) && !init?.method) {
      return fetchKept(fetch, cache, url);
    }
    return fetch(input, init);
  };
  const start = (image = null) => withInstance(module, image ? memoryOf(image) : 0,
    () => pyodide.loadPyodide(image ? { ...settings, _loadSnapshot: image } : settings));
  let interpreter = null;
  let refused = null;
  if (snapshot) {
    try {
      interpreter = await restore(start, snapshot);
    } catch (error) {
      refused = String(error?.message ?? error);
      console.warn("not starting Python from the memory snapshot:", refused);
    }
  }
  const from = interpreter ? "snapshot" : "fresh";
  interpreter ??= await start();
  stdlibBody = null;
  postMessage({ pwtcg: "python-ready", start: from, refused });
  return interpreter;
}

/** Run ``load`` with WebAssembly.instantiateStreaming instantiating the page's ``module`` (if any) and growing
    the new instance's memory to ``memoryBytes``: Pyodide copies a snapshot into the memory as it is, which is
    smaller than a snapshot taken after the engine's imports grew it. */
async function withInstance(module, memoryBytes, load) {
  if (!module && !memoryBytes) return load();
  const { instantiateStreaming, instantiate } = WebAssembly;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const result = module ? { module, instance: await instantiate(module, imports) }
      : await instantiateStreaming(source, imports);
    const { memory } = result.instance.exports;
    const missing = memoryBytes - (memory?.buffer.byteLength ?? memoryBytes);
    if (missing > 0) memory.grow(Math.ceil(missing / WASM_PAGE));
    return result;
  };
  try {
    return await load();
  } finally {
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** Python restored from ``snapshot`` ({bytes, stamp, size}) and reseeded; throws if it is not this build's. */
async function restore(start, { bytes, stamp, size }) {
  const image = await snapshotImage(new Uint8Array(bytes), stamp, size);
  const interpreter = await start(image);
  if (interpreter.runPython("import sys; getattr(sys, '_pwtcg_snapshot', '')") !== stamp) {
    throw new Error("the restored interpreter is not this build's");
  }
  interpreter.runPython(RESEED);
  return interpreter;
}

/** The size of the WebAssembly memory in Pyodide's snapshot ``image``: what follows its header, whose length is
    the second 32-bit word. */
function memoryOf(image) {
  return image.length - new DataView(image.buffer, image.byteOffset, 8).getUint32(4, true);
}

/** Pyodide's part of a snapshot file (as the page keeps it, decompressed; or gzip, whose CRC is then checked)
    after checking its stamp and size. */
async function snapshotImage(bytes, stamp, size) {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  }
  const head = new TextDecoder().decode(bytes.subarray(0, SNAPSHOT_MAGIC.length + 64));
  if (head !== SNAPSHOT_MAGIC + stamp) throw new Error("the snapshot belongs to another build");
  if (bytes.length !== size) throw new Error(`the snapshot has ${bytes.length} bytes, not ${size}`);
  return bytes.subarray(SNAPSHOT_HEADER);
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

/** Ask the page for the compiled module, the standard library and the snapshot over a channel of our own. */
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
        snapshot: answer?.snapshot?.bytes instanceof ArrayBuffer && typeof answer.snapshot.stamp === "string"
          && Number.isInteger(answer.snapshot.size) && globalThis.DecompressionStream ? answer.snapshot : null,
      });
    };
    const timer = setTimeout(done, WAIT_MS, null);
    port1.onmessage = (event) => done(event.data);
    postMessage({ pwtcg: "wasm?" }, [port2]);
  });
}
