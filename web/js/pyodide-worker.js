// The "interpreter" module of the engine's PyScript worker: Pyodide's own loader, fed the WebAssembly
// module the page compiled.
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

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL: INDEX_URL };
  const module = await moduleFromPage();
  if (!module) return pyodide.loadPyodide(settings);
  const { fetch } = globalThis;
  const { instantiateStreaming } = WebAssembly;
  // Pyodide fetches pyodide.asm.wasm and calls instantiateStreaming on the response: answer the fetch with
  // an empty body (no second download) and instantiate the page's module instead.
  globalThis.fetch = (input, init) =>
    (String(input?.url ?? input) === WASM_URL ? Promise.resolve(new Response(new Uint8Array(0))) : fetch(input, init));
  WebAssembly.instantiateStreaming = async (_source, imports) =>
    ({ module, instance: await WebAssembly.instantiate(module, imports) });
  try {
    return await pyodide.loadPyodide(settings);
  } finally {
    globalThis.fetch = fetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/** Ask the page for the compiled module over a channel of our own; resolves to it, or null. */
function moduleFromPage() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const done = (module) => {
      clearTimeout(timer);
      port1.close();
      resolve(module instanceof WebAssembly.Module ? module : null);
    };
    const timer = setTimeout(done, WAIT_MS, null);
    port1.onmessage = (event) => done(event.data);
    postMessage({ pwtcg: "wasm?" }, [port2]);
  });
}
