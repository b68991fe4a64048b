"""Strong's playouts per second in CPython, in Pyodide under Node and in the page (Chromium, the built site).

    python tools/bench_search_web.py                      # build dist/ if needed, then measure
    python tools/bench_search_web.py --no-build --runs 3 --positions 8

One run measures, side by side and alternating (so all three see the same machine load), the same work in:

* **CPython** here;
* **Pyodide under Node** (node_modules/pyodide, the engine's sources mounted): WebAssembly without the page;
* **the page**: the built site in Chromium, in the app's PyScript worker, through the page's own request
  (``playmat.search_bench``), as the Strong level runs there.

For each: Strong's search at the browser's budget (``--budget``, 1 s per decision) on ``--positions`` seeded
positions (``engine.bench.search_run``), playouts per second of search and the p95 seconds per decision; the same
search with a fixed number of playouts (``--playouts``: the same work everywhere, so its ratio is pure speed);
and the engine alone (random full games per second, ``engine.bench.run``). The median of ``--runs`` rounds is
printed with each side's ratio to CPython, and the load average.

Figures are per second of wall time and per CPU second of the thread that runs Python (``time.thread_time`` in
CPython, ``/proc/thread-self`` under Node, the page's dedicated worker threads from ``/proc``: Linux only), since
wall time on a shared machine swings with its load. CPython and Node start a fresh interpreter for each
workload (Node's JIT starts cold every time); the page keeps one worker, so its first run is the cold one.
Needs ``npm ci`` (node_modules/pyodide) and Chromium at bench_web.CHROMIUM.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tools")]

import bench_web  # noqa: E402

import build  # noqa: E402
from engine import bench  # noqa: E402

SIDES = ("cpython", "node", "page")
HZ = os.sysconf("SC_CLK_TCK")
# Runs one round in Pyodide under Node: the repository mounted at /src, the JSON of each workload printed.
NODE_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s });
// CPU seconds of this (the main) thread, which runs Python: utime + stime in clock ticks
py.globals.set("thread_cpu", () => readFileSync("/proc/thread-self/stat", "utf8").split(") ")[1].split(" ")
    .slice(11, 13).reduce((a, b) => a + Number(b), 0) / %(hz)d);
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(root)s }, "/src");
py.runPython(`
import json, sys
sys.path.insert(0, "/src")
sys.dont_write_bytecode = True
from engine import bench
cpu = thread_cpu()
out = bench.%(call)s
out["thread_cpu_s"] = thread_cpu() - cpu
print(json.dumps(out))
`);
"""


def workloads(args: argparse.Namespace) -> dict[str, tuple[str, dict]]:
    """Each workload's function in ``engine.bench`` and its arguments (the page's request takes the same)."""
    return {
        "budget": ("search_run", {"positions": args.positions, "seed": args.seed, "budget_s": args.budget,
                                  "playouts": None}),
        "fixed": ("search_run", {"positions": args.positions, "seed": args.seed, "budget_s": None,
                                 "playouts": args.playouts}),
        "engine": ("run", {"games": args.games, "seed": args.seed}),
    }


def in_cpython(name: str, kwargs: dict) -> dict:
    """One workload in a fresh CPython process (as ``python -m engine`` would run it)."""
    code = (f"import json, time; from engine import bench; cpu = time.thread_time(); out = bench.{name}(**{kwargs!r}); "
            "out['thread_cpu_s'] = time.thread_time() - cpu; print(json.dumps(out))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def in_node(name: str, kwargs: dict) -> dict:
    """One workload in Pyodide under Node (a fresh interpreter each time, as the CPython side)."""
    pyodide = build.NODE_MODULES / "pyodide"
    call = f"{name}(**{kwargs!r})"
    script = NODE_SCRIPT % {"pyodide": json.dumps((pyodide / "pyodide.mjs").as_uri()),
                            "index": json.dumps(str(pyodide) + "/"), "root": json.dumps(str(ROOT)), "call": call,
                            "hz": HZ}
    out = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def in_page(page: Page, browser_pid: int, name: str, kwargs: dict) -> dict:
    """One workload in the app's worker, through the page's own requests."""
    method = "playmat.search_bench" if name == "search_run" else "playmat.bench"
    cpu = worker_cpu(browser_pid)
    out = page.evaluate("([m, a]) => window.pwtcg.call(m, a)", [method, kwargs])
    out["thread_cpu_s"] = worker_cpu(browser_pid) - cpu
    return out


def worker_cpu(browser_pid: int) -> float:
    """CPU seconds so far of every dedicated worker thread of the browser's processes (the app's Python runs in
    one; the others are idle): read from /proc, so the page's figure is CPU time as for the other two sides."""
    total = 0
    for pid in descendants(browser_pid):
        for tid in _listdir(f"/proc/{pid}/task"):
            try:
                if Path(f"/proc/{pid}/task/{tid}/comm").read_text().startswith("DedicatedWorker"):
                    total += sum(int(x) for x in _stat(f"/proc/{pid}/task/{tid}/stat")[11:13])
            except OSError:    # the thread ended meanwhile
                continue
    return total / HZ


def descendants(root: int) -> list[int]:
    """``root`` and every process under it."""
    parents: dict[int, int] = {}
    for name in _listdir("/proc"):
        if name.isdigit():
            try:
                parents[int(name)] = int(_stat(f"/proc/{name}/stat")[1])
            except OSError:
                continue
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo += [child for child, parent in parents.items() if parent == pid]
    return out


def browser_process(marker: str) -> int:
    """The browser process launched with ``marker`` among its arguments."""
    for name in _listdir("/proc"):
        if name.isdigit():
            try:
                if marker.encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                    return int(name)
            except OSError:
                continue
    raise SystemExit("the browser's process was not found in /proc (this benchmark needs Linux)")


def _stat(path: str) -> list[str]:
    """The fields of a /proc stat file after the command name (field 3 of proc(5) first)."""
    return Path(path).read_text().rsplit(") ", 1)[1].split()


def _listdir(path: str) -> list[str]:
    try:
        return os.listdir(path)
    except OSError:
        return []


def figure(kind: str, result: dict) -> float:
    """Games or playouts per second of wall time."""
    return result["games_per_s"] if kind == "engine" else result["playouts_per_s"]


def per_cpu(kind: str, result: dict) -> float:
    """Games or playouts per CPU second of the thread that ran Python (the whole call: the positions too)."""
    done = result["games"] if kind == "engine" else result["playouts"]
    return round(done / max(result["thread_cpu_s"], 1e-3), 1)


def measure(args: argparse.Namespace, page: Page, browser_pid: int) -> dict[str, dict[str, list[dict]]]:
    """``args.runs`` rounds; in each, every workload on every side, one after another."""
    runs: dict[str, dict[str, list[dict]]] = {kind: {side: [] for side in SIDES} for kind in workloads(args)}
    for _ in range(args.runs):
        for kind, (name, kwargs) in workloads(args).items():
            runs[kind]["cpython"].append(in_cpython(name, kwargs))
            runs[kind]["node"].append(in_node(name, kwargs))
            runs[kind]["page"].append(in_page(page, browser_pid, name, kwargs))
    return runs


def summary(runs: dict[str, dict[str, list[dict]]]) -> dict:
    """Per workload and side: the median figure, every run's figure, the ratio to CPython (and p95 s)."""
    out: dict = {}
    for kind, sides in runs.items():
        out[kind] = {}
        for side, results in sides.items():
            figures = [figure(kind, r) for r in results]
            cpu = [per_cpu(kind, r) for r in results]
            row = {"median": statistics.median(figures), "runs": figures, "per_cpu_s": statistics.median(cpu),
                   "runs_per_cpu_s": cpu}
            if kind != "engine":
                row["p95_s"] = statistics.median(r["p95_s"] for r in results)
                row["max_s"] = max(s for r in results for s, _n in r["per_decision"])
                row["clock_us"] = statistics.median(r["clock_us"] for r in results)
            out[kind][side] = row
        base, base_cpu = out[kind]["cpython"]["median"], out[kind]["cpython"]["per_cpu_s"]
        for side in SIDES:
            out[kind][side]["cpython_over_this"] = round(base / out[kind][side]["median"], 2)
            out[kind][side]["cpython_over_this_cpu"] = round(base_cpu / out[kind][side]["per_cpu_s"], 2)
    return out


def render(report: dict, args: argparse.Namespace) -> str:
    names = {"budget": f"Strong at {args.budget} s a decision (playouts/s of search)",
             "fixed": f"Strong at {args.playouts} playouts a decision (playouts/s)",
             "engine": f"engine alone, {args.games} random games (games/s)"}
    lines = [f"load average {report['load_average']}   positions {args.positions}, seed {args.seed}, "
             f"median of {args.runs}",
             f"{'':58} {'CPython':>9} {'Node':>9} {'page':>9}   CPython/Node CPython/page"]
    for kind, row in report["figures"].items():
        cells = "".join(f" {row[s]['median']:>9.1f}" for s in SIDES)
        lines.append(f"{names[kind]:<58}{cells}   {row['node']['cpython_over_this']:>12} "
                     f"{row['page']['cpython_over_this']:>11}")
        cells = "".join(f" {row[s]['per_cpu_s']:>9.1f}" for s in SIDES)
        lines.append(f"{'  the same per CPU second of the thread running Python':<58}{cells}   "
                     f"{row['node']['cpython_over_this_cpu']:>12} {row['page']['cpython_over_this_cpu']:>11}")
        if kind != "engine":
            lines.append(f"{'  s per decision: p95 / max':<58}" + "".join(
                f" {row[s]['p95_s']:.2f}/{row[s]['max_s']:.2f}".rjust(10) for s in SIDES))
            lines.append(f"{'  one read of the clock (time.perf_counter), us':<58}" + "".join(
                f" {row[s]['clock_us']:>9.3f}" for s in SIDES))
    for kind, row in report["figures"].items():
        lines.append(f"runs {kind}: " + "  ".join(f"{s} {row[s]['runs']}" for s in SIDES)
                     + "   per CPU s: " + "  ".join(f"{s} {row[s]['runs_per_cpu_s']}" for s in SIDES))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="rounds (the median is reported)")
    parser.add_argument("--positions", type=int, default=8, help="searched positions per workload")
    parser.add_argument("--budget", type=float, default=1.0, help="Strong's seconds per decision")
    parser.add_argument("--playouts", type=int, default=48, help="playouts per decision of the fixed workload")
    parser.add_argument("--games", type=int, default=100, help="random games of the engine workload")
    parser.add_argument("--seed", type=int, default=7)
    args = bench_web.site_args(parser, argv)
    bench.search_positions(1, args.seed)   # fail here, not in a browser, if the engine cannot make positions
    server, url = bench_web.serve()
    try:
        with sync_playwright() as playwright:
            marker = f"--pwtcg-bench-search={os.getpid()}"   # an unknown switch, ignored: finds the process
            browser = playwright.chromium.launch(executable_path=bench_web.CHROMIUM,
                                                 args=[*bench_web.CHROMIUM_ARGS, marker])
            page = browser.new_context().new_page()
            page.goto(f"{url}?speed=0")
            page.wait_for_function("document.body.dataset.ready === '1'", timeout=bench_web.TIMEOUT_MS)
            runs = measure(args, page, browser_process(marker))
            browser.close()
    finally:
        server.shutdown()
    report = {"load_average": [round(x, 2) for x in os.getloadavg()], "figures": summary(runs),
              "arguments": {k: v for k, v in vars(args).items() if k not in ("json", "no_build")}}
    print(json.dumps(report, indent=1) if args.json else render(report, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
