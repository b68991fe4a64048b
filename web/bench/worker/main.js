// The bare PyScript worker baseline: start the same Pyodide the way the app starts it, say "ready".
import { PyWorker } from "../../pyscript/core.js";

const pyodide = new URL("../../pyodide/pyodide.mjs", import.meta.url).href;
const worker = await PyWorker("./hello.py", { config: { interpreter: pyodide }, version: pyodide });
document.getElementById("out").textContent = await worker.sync.hello();
document.body.dataset.ready = "1";
