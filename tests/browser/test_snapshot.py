"""The memory snapshot: a return visit starts Python from it, a snapshot not of this build (or damaged) is refused and
the page starts the usual way, and every start from it has random generators of its own."""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playmat_page import open_app, start_from_screen, wait_for_human_turn
from playwright.sync_api import Browser, BrowserContext, Page

import build

pytestmark = pytest.mark.browser

SNAPSHOT_TIMEOUT_MS = 60_000
# The URL of this build's snapshot and the cache the page keeps it in (as js/engine.js names them).
PLACE_JS = """async () => {
  const info = await (await fetch('build-info.json')).json();
  return { url: new URL(info.snapshot.file, location.href).href,
           cache: `pwtcg ${new URL('./', location.href).pathname} ${info.version}` };
}"""
CACHED_JS = f"""async () => {{
  const place = await ({PLACE_JS})();
  return Boolean(await (await caches.open(place.cache)).match(place.url));
}}"""
# The sha256 of the cached snapshot, or null.
CACHED_DIGEST_JS = f"""async () => {{
  const place = await ({PLACE_JS})();
  const hit = await (await caches.open(place.cache)).match(place.url);
  if (!hit) return null;
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await hit.arrayBuffer()));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}}"""


def python_start(page: Page) -> str:
    return page.evaluate("document.documentElement.dataset.pythonStart")


def wait_until_snapshot_cached(page: Page, site_dir: Path) -> None:
    """Wait until the page's cache holds the built snapshot, byte for byte (polled here: wait_for_function takes
    the promise of an async predicate for a true value)."""
    info = json.loads((site_dir / "build-info.json").read_text())["snapshot"]
    digest = hashlib.sha256(gzip.decompress((site_dir / info["file"]).read_bytes())).hexdigest()   # kept decompressed
    deadline = time.monotonic() + SNAPSHOT_TIMEOUT_MS / 1000
    while page.evaluate(CACHED_DIGEST_JS) != digest:
        assert time.monotonic() < deadline, "the page did not keep the snapshot"
        page.wait_for_timeout(250)


def new_game_seed(page: Page) -> int:
    """The seed the host picked for a new game against the computer (none given)."""
    answer = page.evaluate("window.pwtcg.call('playmat.new_game', "
                           "{mode: 'computer', deck0: 'etd01-red-blue', deck1: 'etd01-red-blue'})")
    seed = answer["saved"]["save"]["record"]["setup"]["seed"]
    assert isinstance(seed, int)
    return seed


@pytest.fixture
def returning(browser: Browser, base_url: str, site_dir: Path) -> Iterator[tuple[BrowserContext, Page]]:
    """A profile that visited twice: the first visit installed the service worker, the second (which started Python
    the usual way) downloaded the snapshot once idle."""
    context = browser.new_context()
    page = context.new_page()
    open_app(page, base_url)
    assert python_start(page) == "fresh"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SNAPSHOT_TIMEOUT_MS)
    assert not page.evaluate(CACHED_JS), "a first visit must not download the snapshot"
    open_app(page, base_url)
    assert python_start(page) == "fresh"
    wait_until_snapshot_cached(page, site_dir)
    yield context, page
    context.close()


def test_first_visit_never_downloads_the_snapshot(browser: Browser, base_url: str) -> None:
    context = browser.new_context()
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    open_app(page, base_url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SNAPSHOT_TIMEOUT_MS)
    page.wait_for_timeout(6500)   # longer than a return visit waits before downloading it: still nothing
    assert not [url for url in asked if build.SNAPSHOT_FILE in url]
    assert python_start(page) == "fresh"
    context.close()


def test_return_visit_starts_from_the_snapshot_and_plays(returning: tuple[BrowserContext, Page], base_url: str) -> None:
    _, page = returning
    open_app(page, base_url)
    assert python_start(page) == "snapshot"
    marks = page.evaluate("performance.getEntriesByName('pwtcg:python-ready').length")
    assert marks == 1
    # the host modules (imported in the snapshot) answer the start screen's game and its first decision
    start_from_screen(page, mode="computer", seed=7, first="0")
    assert wait_for_human_turn(page) in ("decision", "damage", "pass")
    assert page.locator("#options button.option").count() > 0


def test_each_start_from_the_snapshot_has_its_own_random_state(returning: tuple[BrowserContext, Page],
                                                                base_url: str) -> None:
    _, page = returning
    seeds = []
    for _ in range(2):
        open_app(page, base_url)
        assert python_start(page) == "snapshot"
        seeds.append(new_game_seed(page))
    assert seeds[0] != seeds[1], "two page loads from one snapshot picked the same game seed"


def _rewrite_cached_snapshot(page: Page, change: str) -> None:
    """Replace the cached snapshot file by the result of ``change`` (JS: Uint8Array -> Uint8Array) on it."""
    page.evaluate(f"""async () => {{
      const place = await ({PLACE_JS})();
      const cache = await caches.open(place.cache);
      const bytes = new Uint8Array(await (await cache.match(place.url)).arrayBuffer());
      const changed = await ({change})(bytes);
      await cache.put(place.url, new Response(changed));
    }}""")


# The stamp in the header changed: a snapshot of another build.
OTHER_STAMP_JS = """async (bytes) => {
  const at = 'PWTCG-SNAPSHOT-1'.length;
  bytes[at] = bytes[at] === 0x30 ? 0x31 : 0x30;
  return bytes;
}"""
# Cut short (a write that did not finish).
TRUNCATED_JS = "async (bytes) => bytes.subarray(0, bytes.length >> 1)"
# Kept gzipped, as served, with a byte in the middle flipped (a damaged download): the gzip's CRC fails.
DAMAGED_GZIP_JS = """async (bytes) => {
  const packed = new Uint8Array(await new Response(new Blob([bytes]).stream()
    .pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
  packed[packed.length >> 1] ^= 0xff;
  return packed;
}"""


@pytest.mark.parametrize("change", [OTHER_STAMP_JS, TRUNCATED_JS, DAMAGED_GZIP_JS],
                         ids=["another-build", "truncated", "damaged-gzip"])
def test_a_snapshot_not_of_this_build_is_refused_and_the_page_starts(returning: tuple[BrowserContext, Page],
                                                                     base_url: str, site_dir: Path,
                                                                     change: str) -> None:
    _, page = returning
    _rewrite_cached_snapshot(page, change)
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    open_app(page, base_url)
    assert python_start(page) == "fresh"
    assert any("not starting Python from the memory snapshot" in text for text in warnings), warnings
    start_from_screen(page, mode="computer", seed=7, first="0")
    assert wait_for_human_turn(page) in ("decision", "damage", "pass")
    # the refused file is replaced by this build's, which the next visit uses
    wait_until_snapshot_cached(page, site_dir)
    open_app(page, base_url)
    assert python_start(page) == "snapshot"


def test_the_shipped_snapshot_carries_this_builds_stamp(site_dir: Path) -> None:
    info = json.loads((site_dir / "build-info.json").read_text())["snapshot"]
    plain = gzip.decompress((site_dir / info["file"]).read_bytes())
    assert plain[:build.SNAPSHOT_HEADER] == build.snapshot_header(info["stamp"])
    assert info["stamp"] == build.snapshot_stamp(site_dir)
    assert (len(plain), len((site_dir / info["file"]).read_bytes())) == (info["bytes"], info["gzip_bytes"])


def test_the_embeds_play_starts_from_the_snapshot(returning: tuple[BrowserContext, Page], base_url: str) -> None:
    """On the site's own origin the embed page finds the kept snapshot too: its first click starts from it."""
    _, page = returning
    page.goto(f"{base_url}embed.html?lesson=goal-and-turn")
    page.wait_for_function("document.body.dataset.embed === 'static'", timeout=SNAPSHOT_TIMEOUT_MS)
    page.locator(".learn-option").first.click()
    page.wait_for_function("document.body.dataset.embed === 'live'", timeout=SNAPSHOT_TIMEOUT_MS)
    assert python_start(page) == "snapshot"
    state = page.evaluate("window.pwtcgEmbed.state()")   # the engine answered: a lesson step with its options
    assert isinstance(state["step"], int) and (state["finished"] or page.locator(".learn-option").count() > 0)


def test_the_test_hook_starts_a_first_visit_from_the_snapshot(page: Page) -> None:
    """The browser tests' pages (``from_snapshot``) start Python from the snapshot without a service worker or a
    cache: the hook that keeps the browser tier short, checked so that it cannot stop working unnoticed."""
    open_app(page, "/", "speed=0&nosw")
    assert python_start(page) == "snapshot"
    assert page.evaluate("navigator.serviceWorker.controller") is None
    start_from_screen(page, mode="computer", seed=7, first="0")
    assert wait_for_human_turn(page) in ("decision", "damage", "pass")


@pytest.mark.first_visit
def test_a_test_marked_first_visit_starts_python_as_a_first_visit_does(page: Page) -> None:
    open_app(page, "/", "speed=0&nosw")
    assert python_start(page) == "fresh"
