"""Deploying a new build over an open app: offered, not forced; old caches go only when no page runs them;
two installs on one origin keep their own caches."""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playmat_page import (
    BOOT_TIMEOUT_MS,
    click_option,
    open_app,
    options,
    start_from_screen,
    wait_for_human_turn,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build

pytestmark = pytest.mark.browser

SW_TIMEOUT_MS = 60_000


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """An empty web root of this test's own, served on a free port: (directory, base URL)."""
    root = tmp_path / "www"
    root.mkdir()
    server, url = build.serve_in_thread(root)
    yield root, url
    server.shutdown()
    server.server_close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context()
    yield context
    context.close()


def version_of(site: Path) -> str:
    return json.loads((site / "build-info.json").read_text())["version"]


def deploy_new_build(site: Path) -> str:
    """Deploy a changed build over ``site``: what build.py makes of a changed source (new content hash)."""
    old = version_of(site)
    new = f"{int(old, 16) ^ 0xFFFF:016x}"
    sw = (site / "sw.js").read_text()
    assert f'const VERSION = "{old}"' in sw
    (site / "sw.js").write_text(sw.replace(f'const VERSION = "{old}"', f'const VERSION = "{new}"'))
    info = json.loads((site / "build-info.json").read_text())
    (site / "build-info.json").write_text(json.dumps({**info, "version": new}, indent=1))
    return new


def cache_names(page: Page) -> set[str]:
    return set(page.evaluate("caches.keys()"))


def wait_for_caches(page: Page, expected: set[str], timeout: float = 30) -> None:
    """Cache deletion runs in the service worker after the page announced itself: poll for it."""
    deadline = time.monotonic() + timeout
    while cache_names(page) != expected:
        assert time.monotonic() < deadline, f"caches {cache_names(page)} != {expected}"
        time.sleep(0.2)


def boot(page: Page, url: str) -> str:
    """Open the app, wait until a service worker controls it; returns the version the page runs."""
    open_app(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS)
    return page.evaluate("window.pwtcg.version()")


def served_version(page: Page) -> str:
    """The build-info.json this page gets now (from whichever cache serves it)."""
    return page.evaluate("fetch('build-info.json').then((r) => r.json()).then((i) => i.version)")


def check_for_update(page: Page) -> None:
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")


def play_a_move(page: Page, seed: int) -> None:
    start_from_screen(page, mode="computer", seed=seed, first="0")
    assert wait_for_human_turn(page) == "decision"
    click_option(page, options(page)[0])


def test_a_new_build_is_offered_and_the_old_cache_outlives_every_page_using_it(
    site_dir: Path, served: tuple[Path, str], context: BrowserContext
) -> None:
    site, url = served
    shutil.copytree(site_dir, site, dirs_exist_ok=True)
    old = version_of(site)
    first, second = context.new_page(), context.new_page()
    assert boot(first, url) == old
    assert boot(second, url) == old
    old_cache = f"pwtcg / {old}"
    wait_for_caches(first, {old_cache})

    new = deploy_new_build(site)
    new_cache = f"pwtcg / {new}"
    check_for_update(first)
    # Both open pages are told; neither is reloaded or switched under the player's feet.
    for page in (first, second):
        banner = page.locator("#update-banner")
        expect(banner).to_be_visible(timeout=SW_TIMEOUT_MS)
        expect(banner).to_have_attribute("role", "status")
        expect(banner).to_contain_text("A new version is ready")
        expect(page.locator("#update-reload")).to_have_text("Reload")
    assert cache_names(first) == {old_cache, new_cache}
    # The old pages keep working on the old version, from the old cache, though the server has the new one.
    assert served_version(first) == old
    play_a_move(first, seed=4)
    # The banner speaks Japanese too.
    second.click("#lang-toggle")
    expect(second.locator("#update-banner")).to_contain_text("新しいバージョンの準備ができました")
    expect(second.locator("#update-reload")).to_have_text("再読み込み")

    # The first page accepts: it reloads into the new version.
    with first.expect_navigation(timeout=SW_TIMEOUT_MS):
        first.click("#update-reload")
    first.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert first.evaluate("window.pwtcg.version()") == new
    assert served_version(first) == new
    expect(first.locator("#update-banner")).to_be_hidden()
    play_a_move(first, seed=5)
    # The second page still runs the old version, so its cache stays, and it is still served from it.
    time.sleep(1)
    assert cache_names(first) == {old_cache, new_cache}
    assert served_version(second) == old
    expect(second.locator("#update-banner")).to_be_visible()
    play_a_move(second, seed=6)

    # Once no page runs the old version, its cache goes.
    with second.expect_navigation(timeout=SW_TIMEOUT_MS):
        second.click("#update-reload")
    second.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert second.evaluate("window.pwtcg.version()") == new
    wait_for_caches(second, {new_cache})
    expect(second.locator("#update-banner")).to_be_hidden()


def test_two_installs_on_one_origin_keep_their_own_caches(
    site_dir: Path, served: tuple[Path, str], context: BrowserContext
) -> None:
    root, url = served
    for path in ("a", "b"):
        shutil.copytree(site_dir, root / path)
    version = version_of(root / "a")
    page_a, page_b = context.new_page(), context.new_page()
    assert boot(page_a, f"{url}a/") == version
    assert boot(page_b, f"{url}b/") == version
    scopes = page_a.evaluate("navigator.serviceWorker.getRegistrations().then((rs) => rs.map((r) => r.scope))")
    assert sorted(scopes) == [f"{url}a/", f"{url}b/"]
    wait_for_caches(page_a, {f"pwtcg /a/ {version}", f"pwtcg /b/ {version}"})

    # A new build of /a/ only: /a/ moves to it, /b/ keeps its cache and keeps working offline-ready.
    new = deploy_new_build(root / "a")
    check_for_update(page_a)
    expect(page_a.locator("#update-banner")).to_be_visible(timeout=SW_TIMEOUT_MS)
    with page_a.expect_navigation(timeout=SW_TIMEOUT_MS):
        page_a.click("#update-reload")
    page_a.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert page_a.evaluate("window.pwtcg.version()") == new
    wait_for_caches(page_a, {f"pwtcg /a/ {new}", f"pwtcg /b/ {version}"})
    expect(page_b.locator("#update-banner")).to_be_hidden()
    assert served_version(page_b) == version
    precached = page_b.evaluate(
        "(name) => caches.open(name).then((c) => c.keys()).then((ks) => ks.map((r) => new URL(r.url).pathname))",
        f"pwtcg /b/ {version}",
    )
    assert "/b/pyodide/pyodide.asm.wasm" in precached
    assert all(re.match(r"^/b/", path) for path in precached)
    play_a_move(page_b, seed=7)


def test_an_update_arriving_mid_game_loses_nothing(
    site_dir: Path, served: tuple[Path, str], context: BrowserContext
) -> None:
    """The banner offers the reload; after it, Continue resumes the very position the game was in."""
    site, url = served
    shutil.copytree(site_dir, site, dirs_exist_ok=True)
    page = context.new_page()
    boot(page, url)
    play_a_move(page, seed=7)
    assert wait_for_human_turn(page) in ("decision", "damage")
    page.wait_for_timeout(300)                       # the page wrote the game of its latest state
    before = page.evaluate("window.pwtcg.state()")
    new = deploy_new_build(site)
    check_for_update(page)
    expect(page.locator("#update-banner")).to_be_visible(timeout=SW_TIMEOUT_MS)
    assert page.is_visible("#game-screen")           # offered, not forced: the game stays on the playmat
    with page.expect_navigation(timeout=SW_TIMEOUT_MS):
        page.click("#update-reload")
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.pwtcg.version()") == new
    page.click("#continue-game")
    page.wait_for_function("n => window.pwtcg.state() && window.pwtcg.state().choices === n", arg=before["choices"],
                           timeout=SW_TIMEOUT_MS)
    assert page.evaluate("window.pwtcg.state().view.players") == before["view"]["players"]
