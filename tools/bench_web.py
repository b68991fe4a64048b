"""Measure the web app against a bare PyScript page, and the engine in Pyodide against CPython.

    python tools/bench_web.py                 # build dist/ if needed, then measure
    python tools/bench_web.py --games 40 --runs 3 --no-build

In one run it reports, for the app (start screen -> "Start game" -> first decision on the playmat) and for
dist/bench/ (a bare PyScript page with the same Pyodide that writes "ready" from Python):

* time to first playable board, cold (new browser profile) and warm (reload, service worker and caches on);
  also for dist/bench/worker/, the same Pyodide started in a PyScript worker as the app starts it;
* for the app, warm twice: without the memory snapshot (the first return visit, which downloads it once idle)
  and from it (the next reload), so the snapshot's gain is measured side by side in one run;
* bytes the server sent for each load (response bodies, counted in the server);
* the app's start screen on a cold visit with every Pyodide and PyScript request held back: time from
  navigation until the start form is drawn (its ``pwtcg:start-screen`` mark), how many files the page had
  fetched by then, and the time until Learn and Rules have been opened from it;

and random full games per second, ``python -m engine bench`` on CPython here vs the same function inside
Pyodide in Chromium on the same machine (alternating, median of ``--runs``). Every figure is also printed as a ratio, since absolute times
are noisy across runs (see shared/PLATFORM.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
TIMEOUT_MS = 120_000


class ByteCounter:
    """Bytes of response bodies the static server wrote, thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.total = 0

    def add(self, n: int) -> None:
        with self._lock:
            self.total += n

    def take(self) -> int:
        """The count so far, then start again from zero."""
        with self._lock:
            total, self.total = self.total, 0
        return total


COUNTER = ByteCounter()


class CountingHandler(build.StaticHandler):
    """The build's static handler, counting every body byte it sends."""

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - stdlib signature
        start = source.tell()
        super().copyfile(source, outputfile)
        COUNTER.add(source.tell() - start)


def serve() -> tuple[build.QuietServer, str]:
    import functools

    handler = functools.partial(CountingHandler, directory=str(build.DIST))
    server = build.QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@dataclass
class Load:
    seconds: list[float] = field(default_factory=list)
    bytes: list[int] = field(default_factory=list)
    marks: list[dict[str, float]] = field(default_factory=list)

    def summary(self) -> dict:
        out = {"median_s": round(statistics.median(self.seconds), 3), "runs_s": [round(s, 3) for s in self.seconds],
               "bytes": int(statistics.median(self.bytes))}
        if self.marks:  # the app's performance marks (ms from navigation), median of each
            names = [n for n in self.marks[0] if all(n in m for m in self.marks)]
            out["marks_ms"] = {n: round(statistics.median(m[n] for m in self.marks)) for n in names}
        return out


MARKS_JS = """() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter((m) => m.name.startsWith('pwtcg:')).map((m) => [m.name.slice(6), m.startTime]))"""


def app_to_board(page: Page, url: str) -> float:
    """Seconds from navigation to the first decision on the playmat: "Start game" is clicked as soon as the start
    screen is drawn (before the engine is ready, the start waits for it), as a visitor would."""
    started = time.perf_counter()
    # not waiting for the load event, which the preloads of Python's big files hold back: a visitor acts on
    # the form as soon as it is drawn
    page.goto(f"{url}?speed=0", wait_until="commit")
    page.wait_for_function("document.body.dataset.shell === '1'", timeout=TIMEOUT_MS)
    page.locator("input[name=first][value='0']").check()
    page.click("#start-form button[type=submit]")
    page.wait_for_selector("#options button.option", timeout=TIMEOUT_MS)
    page.evaluate("performance.mark('pwtcg:first-board')")
    return time.perf_counter() - started


ENGINE_FILES = ("**/pyodide/**", "**/pyscript/**")


def hold(route) -> None:  # noqa: ANN001 - a Playwright Route
    """Leave a request unanswered (the context is closed with it pending)."""


# How many files the page had fetched when the start screen was drawn (the page itself not counted).
FETCHED_BEFORE_START_SCREEN = """() => {
  const drawn = performance.getEntriesByName("pwtcg:start-screen")[0].startTime;
  return performance.getEntriesByType("resource").filter((r) => r.responseEnd <= drawn).length;
}"""


def shell_without_engine(browser: Browser, url: str, runs: int) -> dict:
    """Cold visits with the engine's download held back: ms from navigation to the start form drawn (its
    mark), and seconds until the Learn list and the Rules page have been shown by clicking (median)."""
    marks, usable, fetched = [], [], []
    for _ in range(runs):
        context = browser.new_context()
        for pattern in ENGINE_FILES:
            context.route(pattern, hold)
        page = context.new_page()
        started = time.perf_counter()
        page.goto(url)
        page.wait_for_function("document.body.dataset.shell === '1'", timeout=TIMEOUT_MS)
        page.click("#start-learn")
        page.wait_for_selector("#learn-screen .lesson-item", timeout=TIMEOUT_MS)
        page.click("#main-nav a[data-route=rules]")
        page.wait_for_selector("#rules-screen[data-ready] #rules-entry", timeout=TIMEOUT_MS)
        usable.append(time.perf_counter() - started)
        marks.append(page.evaluate(MARKS_JS)["start-screen"])
        fetched.append(page.evaluate(FETCHED_BEFORE_START_SCREEN))
        for pattern in ENGINE_FILES:
            context.unroute(pattern)
        context.close()
    COUNTER.take()
    return {"start_screen_ms": round(statistics.median(marks)), "runs_ms": [round(m) for m in marks],
            "learn_and_rules_s": round(statistics.median(usable), 3),
            "files_before_start_screen": round(statistics.median(fetched))}


def bare_ready(page: Page, url: str) -> float:
    """Seconds from navigation until the bare PyScript page's Python has written to the DOM."""
    return _until_ready(page, f"{url}bench/")


def bare_worker_ready(page: Page, url: str) -> float:
    """Seconds from navigation until a bare PyScript worker (started like the app's) has answered."""
    return _until_ready(page, f"{url}bench/worker/")


def _until_ready(page: Page, url: str) -> float:
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=TIMEOUT_MS)
    return time.perf_counter() - started


def measure_loads(browser: Browser, url: str, measure, runs: int,
                  snapshot: Load | None = None) -> tuple[Load, Load]:
    """Cold loads (fresh profile each) and warm reloads (same profile) of one page; with ``snapshot``, one more
    reload per profile once the app has kept its memory snapshot, measured into ``snapshot`` (its bytes are
    those of that reload; the snapshot's own download is reported as SNAPSHOT_DOWNLOAD)."""
    cold, warm = Load(), Load()
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        COUNTER.take()
        cold.seconds.append(measure(page, url))
        cold.marks.append(page.evaluate(MARKS_JS))
        settle(page)
        cold.bytes.append(COUNTER.take())
        warm.seconds.append(measure(page, url))
        warm.marks.append(page.evaluate(MARKS_JS))
        warm.bytes.append(COUNTER.take())
        if snapshot is not None:
            wait_for_snapshot(page)
            SNAPSHOT_DOWNLOAD.append(COUNTER.take())
            snapshot.seconds.append(measure(page, url))
            snapshot.marks.append(page.evaluate(MARKS_JS))
            snapshot.bytes.append(COUNTER.take())
            if page.evaluate("document.documentElement.dataset.pythonStart") != "snapshot":
                raise SystemExit("the app did not start from its memory snapshot on a return visit")
        context.close()
    for load in (cold, warm, *([snapshot] if snapshot else [])):
        if not all(load.marks):
            load.marks.clear()
    return cold, warm


# True once the app's cache holds this build's memory snapshot (js/engine.js keeps it there).
SNAPSHOT_CACHED_JS = """async () => {
  const info = await (await fetch('build-info.json')).json();
  const cache = await caches.open(`pwtcg ${new URL('./', location.href).pathname} ${info.version}`);
  return Boolean(await cache.match(new URL(info.snapshot.file, location.href).href));
}"""
SNAPSHOT_DOWNLOAD: list[int] = []


def wait_for_snapshot(page: Page) -> None:
    """Poll until the app has kept its snapshot (wait_for_function would take an async predicate's promise for
    true)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(SNAPSHOT_CACHED_JS):
        if time.monotonic() > deadline:
            raise SystemExit("the app did not keep its memory snapshot after a return visit")
        page.wait_for_timeout(250)


def settle(page: Page) -> None:
    """Let the app's service worker finish precaching (it then controls the page) before the warm reload, so
    the cold load's bytes include the whole precache."""
    if page.evaluate("navigator.serviceWorker.getRegistration().then((r) => Boolean(r))"):
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    page.wait_for_timeout(1500)


def warm_up(browser: Browser, url: str) -> None:
    """One unmeasured load, so the first measured page does not also pay for the browser's own start-up."""
    context = browser.new_context()
    _until_ready(context.new_page(), f"{url}bench/")
    context.close()
    COUNTER.take()


def cpython_bench(games: int, seed: int) -> dict:
    out = subprocess.run([sys.executable, "-m", "engine", "bench", "--games", str(games), "--seed", str(seed)],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def engine_speed(browser: Browser, url: str, games: int, seed: int, rounds: int) -> dict:
    """``python -m engine bench`` here and in Pyodide, alternating, so both see the same machine load."""
    page = browser.new_context().new_page()
    page.goto(f"{url}?speed=0")
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=TIMEOUT_MS)
    runs: dict[str, list[dict]] = {"cpython": [], "pyodide": []}
    for _ in range(rounds):
        runs["cpython"].append(cpython_bench(games, seed))
        runs["pyodide"].append(page.evaluate("([g, s]) => window.pwtcg.call('playmat.bench', {games: g, seed: s})", [games, seed]))
    page.context.close()
    return {side: median_run(results) for side, results in runs.items()}


def median_run(results: list[dict]) -> dict:
    """The run with the median games/s, plus every run's games/s."""
    ordered = sorted(results, key=lambda r: r["games_per_s"])
    return {**ordered[len(ordered) // 2], "runs_games_per_s": [r["games_per_s"] for r in results]}


def ratio(a: float, b: float) -> float:
    return round(a / b, 2) if b else float("nan")


LOAD_AVERAGE: list[float] = []


def site_args(parser: argparse.ArgumentParser, argv: list[str] | None) -> argparse.Namespace:
    """The options every benchmark of the built site shares (--no-build, --json), parsed; builds the site unless
    --no-build finds one."""
    parser.add_argument("--no-build", action="store_true", help="measure the dist/ that is there")
    parser.add_argument("--json", action="store_true", help="print only the JSON report")
    args = parser.parse_args(argv)
    if not args.no_build or not (build.DIST / "build-info.json").exists():
        build.build()
    return args


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="page loads of each kind (median reported)")
    parser.add_argument("--games", type=int, default=40, help="random games for the engine speed comparison")
    parser.add_argument("--seed", type=int, default=1)
    args = site_args(parser, argv)
    server, url = serve()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            warm_up(browser, url)
            shell = shell_without_engine(browser, url, args.runs)
            app_snapshot = Load()
            app_cold, app_warm = measure_loads(browser, url, app_to_board, args.runs, app_snapshot)
            bare_cold, bare_warm = measure_loads(browser, url, bare_ready, args.runs)
            worker_cold, worker_warm = measure_loads(browser, url, bare_worker_ready, args.runs)
            speed = engine_speed(browser, url, args.games, args.seed, args.runs)
            browser.close()
    finally:
        server.shutdown()
    LOAD_AVERAGE[:] = [round(x, 2) for x in os.getloadavg()]   # at the end of the run, over the last 1/5/15 min
    in_cpython, in_pyodide = speed["cpython"], speed["pyodide"]
    report = {
        "load_average": LOAD_AVERAGE,
        "app_start_screen_engine_held_back": shell,
        "app": {"cold": app_cold.summary(), "warm": app_warm.summary(), "warm_snapshot": app_snapshot.summary()},
        "snapshot": {**build_info()["snapshot"], "download_bytes": int(statistics.median(SNAPSHOT_DOWNLOAD))},
        "bare_pyscript": {"cold": bare_cold.summary(), "warm": bare_warm.summary()},
        "bare_pyscript_worker": {"cold": worker_cold.summary(), "warm": worker_warm.summary()},
        "engine_bench": {"cpython": in_cpython, "pyodide": in_pyodide},
        "ratios": {
            "app_vs_bare_time_cold": ratio(statistics.median(app_cold.seconds), statistics.median(bare_cold.seconds)),
            "app_vs_bare_time_warm": ratio(statistics.median(app_warm.seconds), statistics.median(bare_warm.seconds)),
            "app_vs_bare_bytes_cold": ratio(statistics.median(app_cold.bytes), statistics.median(bare_cold.bytes)),
            "app_vs_bare_worker_time_warm": ratio(statistics.median(app_warm.seconds),
                                                  statistics.median(worker_warm.seconds)),
            "app_snapshot_vs_bare_worker_time_warm": ratio(statistics.median(app_snapshot.seconds),
                                                           statistics.median(worker_warm.seconds)),
            "app_snapshot_vs_app_time_warm": ratio(statistics.median(app_snapshot.seconds),
                                                   statistics.median(app_warm.seconds)),
            "app_cold_plus_snapshot_vs_bare_bytes_cold": ratio(
                statistics.median(app_cold.bytes) + report_snapshot_bytes(), statistics.median(bare_cold.bytes)),
            "cpython_vs_pyodide_games_per_s": ratio(in_cpython["games_per_s"], in_pyodide["games_per_s"]),
        },
    }
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    print(render(report))
    return 0


def build_info() -> dict:
    return json.loads((build.DIST / "build-info.json").read_text())


def report_snapshot_bytes() -> int:
    """The snapshot file's size as served (what a cold visit would add if it downloaded it)."""
    return build_info()["snapshot"]["gzip_bytes"]


def render(report: dict) -> str:
    mib = 1 / (1024 * 1024)
    shell = report["app_start_screen_engine_held_back"]
    lines = [f"load average              {report['load_average']}",
             f"start screen, engine held back (cold): drawn at {shell['start_screen_ms']} ms {shell['runs_ms']} "
             f"after {shell['files_before_start_screen']} files, Learn and Rules opened by {shell['learn_and_rules_s']} s",
             "first playable board      cold s   warm s   cold MiB  warm MiB"]
    for name, key in (("app (start -> board)", "app"), ("bare PyScript page", "bare_pyscript"),
                      ("bare PyScript worker", "bare_pyscript_worker")):
        cold, warm = report[key]["cold"], report[key]["warm"]
        lines.append(f"{name:<24} {cold['median_s']:>7.2f}  {warm['median_s']:>7.2f}  "
                     f"{cold['bytes'] * mib:>8.2f}  {warm['bytes'] * mib:>8.2f}")
    snap, kept = report["app"]["warm_snapshot"], report["snapshot"]
    lines.append(f"{'app, warm from snapshot':<24} {'':>7}  {snap['median_s']:>7.2f}  {'':>8}  {snap['bytes'] * mib:>8.2f}"
                 f"   (runs {snap['runs_s']})")
    lines.append(f"memory snapshot           {kept['bytes'] * mib:.2f} MiB raw, {kept['gzip_bytes'] * mib:.2f} MiB gzip;"
                 f" downloaded once idle on the first return visit ({kept['download_bytes'] * mib:.2f} MiB)")
    for kind in ("cold", "warm", "warm_snapshot"):
        marks = report["app"][kind].get("marks_ms")
        if marks:
            lines.append(f"app {kind} marks (ms)      " + "  ".join(f"{k} {v}" for k, v in marks.items()))
    cp, py = report["engine_bench"]["cpython"], report["engine_bench"]["pyodide"]
    lines.append(f"random games/s            CPython {cp['games_per_s']}   Pyodide {py['games_per_s']}"
                 f"   (median of {cp['runs_games_per_s']} / {py['runs_games_per_s']}, {cp['games']} games each)")
    lines.append("ratios " + json.dumps(report["ratios"]))
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
