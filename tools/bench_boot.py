"""Time from navigation to the start of main.js (its first change of <html lang>) for built sites, side by side.

    python tools/bench_boot.py dist /path/to/other/dist [--rounds 20]

Each round loads every site in a fresh browser context twice (cold, then warm from its service worker), the
sites alternating so that a busy machine slows them alike; prints the median, min and max of each.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from build import serve_in_thread  # noqa: E402 - build.py is a script at the repository's root

# Recorded before any of the page's scripts run: main.js's boot starts with setLang, which sets <html lang>.
STARTED = """
new MutationObserver((records, observer) => {
  if (records.some((r) => r.target === document.documentElement)) {
    window.__started = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["lang"] });
"""


def measure(sites: list[Path], rounds: int) -> dict[tuple[str, str], list[float]]:
    """{(site, "cold" or "warm"): [ms, ...]} over the rounds."""
    from playwright.sync_api import sync_playwright

    urls = {str(site): serve_in_thread(site)[1] for site in sites}
    times: dict[tuple[str, str], list[float]] = {(s, kind): [] for s in urls for kind in ("cold", "warm")}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=os.environ.get("PWTCG_CHROMIUM", "/usr/bin/chromium"),
                                             args=["--no-sandbox"])
        for _ in range(rounds):
            for site, url in urls.items():
                context = browser.new_context()
                context.add_init_script(STARTED)
                page = context.new_page()
                for kind in ("cold", "warm"):
                    page.goto(url + "index.html")
                    page.wait_for_function("window.__started !== undefined")
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                    times[(site, kind)].append(page.evaluate("window.__started"))
                context.close()
        browser.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built sites (folders like dist/)")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args(argv)
    for site in args.sites:
        if not (site / "index.html").is_file():
            parser.error(f"{site}: no index.html (run python build.py)")
    for (site, kind), values in measure(args.sites, args.rounds).items():
        print(f"{site} {kind}: navigation -> main.js starts, median {statistics.median(values):.1f} ms "
              f"(min {min(values):.1f}, max {max(values):.1f}, n={len(values)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
