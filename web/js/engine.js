// The engine runs in a PyScript worker (py/worker.py + py/playmat_host.py): the page never blocks.
// Every request is `call(method, argument)`; the worker answers JSON {"ok": true, "result": ...}.

import { PyWorker } from "../pyscript/core.js";

// The worker is started from a blob: URL, so the interpreter must be given as an absolute URL.
const PYODIDE_URL = new URL("../pyodide/pyodide.mjs", import.meta.url).href;

const WORKER_CONFIG = {
  interpreter: PYODIDE_URL,
  packages: ["palworld-tcg"],
  // micropip installs the engine from our own pyodide-lock.json (sha256-checked) on every start, never
  // from a stale IndexedDB copy. ("passthrough", loading the wheel without micropip, was ~0.4 s faster
  // on a warm start here; micropip is kept so run-time installs work the same way online and offline.)
  packages_cache: "never",
  files: { "./py/playmat_host.py": "./playmat_host.py" },
};

export class EngineError extends Error {
  constructor(message, type) {
    super(message);
    this.type = type;
  }
}

let worker = null;

/** Start the worker once; resolves when Python, the engine wheel and the host are ready. */
export async function startEngine() {
  if (!worker) worker = PyWorker("./py/worker.py", { config: WORKER_CONFIG, version: PYODIDE_URL });
  return worker;
}

/** One request to the game host; throws EngineError with the engine's readable message. */
export async function call(method, argument = null) {
  const ready = await startEngine();
  const answer = JSON.parse(await ready.sync.call(method, JSON.stringify(argument)));
  if (!answer.ok) throw new EngineError(answer.error, answer.type);
  return answer.result;
}
