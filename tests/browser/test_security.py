"""The page's defences: its Content-Security-Policy holds while playing, and hostile links cannot hurt it."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playmat_page import (
    BOOT_TIMEOUT_MS,
    from_snapshot,
    options,
    play_decisions,
    start_from_screen,
    wait_for_human_turn,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

import build

pytestmark = pytest.mark.browser

# Installed before any script of the page: records every CSP violation the document sees, and a canary
# that hostile input would set if it ever ran as script.
WATCH = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""
PWNED = "window.__pwned=1"


def watch_console(page: Page) -> list[str]:
    """CSP messages on the console of the page and of its workers (a worker's violations show only there)."""
    seen: list[str] = []

    def keep(message: object) -> None:
        if "Content Security Policy" in message.text:  # type: ignore[attr-defined]
            seen.append(message.text)  # type: ignore[attr-defined]

    page.on("console", keep)
    page.on("worker", lambda worker: worker.on("console", keep))
    return seen


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__cspViolations")


def test_every_page_carries_the_policy(site_dir: Path) -> None:
    for html in ("index.html", "bench/index.html", "bench/worker/index.html"):
        text = (site_dir / html).read_text()
        assert f'<meta http-equiv="Content-Security-Policy" content="{build.CSP}">' in text, html
        # No inline script: every <script> loads a file (or is Python, which CSP does not govern).
        for tag in text.split("<script")[1:]:
            head = tag.split(">", 1)[0]
            assert "src=" in head or 'type="py"' in head, (html, head)
    for directive in ("object-src 'none'", "base-uri 'none'", "connect-src 'self'",
                      "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';"):
        assert directive in build.CSP
    assert build.CSP_HEADER.endswith("frame-ancestors 'none'")


def test_playing_against_the_computer_breaks_no_policy(browser: Browser, site_server: str) -> None:
    """Boot (service worker, PyScript worker, Pyodide), start a game against the computer, play a few moves."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    page = context.new_page()
    console = watch_console(page)
    page.goto(f"{site_server}?speed=0")
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.ready") == "1"
    start_from_screen(page, mode="computer", seed=8, first="0")
    moves = play_decisions(page, 8, lambda choices: next(
        (c for c in choices if c.startswith(("keep", "play ", "attack "))), choices[-1]))
    assert moves >= 4
    assert violations(page) == [] and console == []
    # The watcher does see a violation: an inline script is refused, and reported.
    page.evaluate(f"() => {{ const s = document.createElement('script'); s.textContent = '{PWNED}'; document.body.append(s); }}")
    page.wait_for_function("window.__cspViolations.length > 0")
    assert violations(page)[0].startswith("script-src-elem inline")
    assert page.evaluate("window.__pwned") is None
    context.close()


# --------------------------------------------------------------------------- hostile links

SCRIPT = f"<script>{PWNED}</script>"
IMG = f"<img src=x onerror={PWNED}>"
DEEP_ARRAY = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"turn":' * 5000 + "1" + "}" * 5000
HUGE = json.dumps({"turn": 3, "players": [{"hand": ["ETD01-013"] * 8000}, {}]})   # about 100 KiB
BRACKETS_IN_A_STRING = json.dumps({"turn": "[" * 500})
SCENARIO_ERROR = "This scenario cannot be set up"

# (query, what the page must show): "start" = the start screen, no error; text = that text in the start error.
HOSTILE = {
    "lang-constructor": ("lang=constructor", "start"),
    "lang-proto": ("lang=__proto__", "start"),
    "lang-toString": ("lang=toString", "start"),
    "lang-hasOwnProperty": ("lang=hasOwnProperty", "start"),
    "lang-script": (f"lang={quote(SCRIPT)}", "start"),
    "scenario-deep-array": (f"scenario={DEEP_ARRAY}", "nested too deeply (more than 32 levels)"),
    "scenario-deep-object": (f"scenario={quote(DEEP_OBJECT)}", "nested too deeply"),
    "scenario-huge": (f"scenario={quote(HUGE)}", "too large"),
    "scenario-invalid-json": ("scenario=%7Bnot%20json", SCENARIO_ERROR),
    "scenario-script": (f"scenario={quote(json.dumps(SCRIPT))}", SCENARIO_ERROR),
    "scenario-img-in-a-field": (f"scenario={quote(json.dumps({'turn': IMG, 'players': [{}, {}]}))}", SCENARIO_ERROR),
    "scenario-brackets-in-a-string": (f"scenario={quote(BRACKETS_IN_A_STRING)}", SCENARIO_ERROR),
    "mode-script": (f"mode={quote(SCRIPT)}&scenario={quote(json.dumps({'turn': 3}))}", "unknown mode"),
    "speed-not-a-number": ("speed=NaN&mode=computer", "start"),
    "speed-huge": ("speed=1e308", "start"),
    "unknown-params": (f"deck0=EBP01-006x99&code0={quote(SCRIPT)}&__proto__[x]=1&constructor=1&nosw=1", "start"),
}


@pytest.fixture(scope="module")
def hostile_context(browser: Browser) -> Iterator[BrowserContext]:
    """One context for the corpus, so each link boots from the service worker's cache (warm)."""
    context = from_snapshot(browser.new_context())
    context.add_init_script(WATCH)
    yield context
    context.close()


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_link_gets_a_clear_answer_and_the_engine_survives(
    hostile_context: BrowserContext, site_server: str, name: str
) -> None:
    query, expected = HOSTILE[name]
    page = hostile_context.new_page()
    try:
        check_hostile_link(page, f"{site_server}?{query}", expected, name)
    finally:
        page.evaluate("localStorage.clear()")  # the next link starts from no remembered language
        page.close()


def check_hostile_link(page: Page, url: str, expected: str, name: str) -> None:
    console = watch_console(page)
    crashed: list[str] = []
    page.on("pageerror", lambda error: crashed.append(str(error)))
    began = time.monotonic()
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.ready") == "1", page.inner_text("#loading-error")
    booted = time.monotonic()
    if expected == "start":
        expect(page.locator("#start-screen")).to_be_visible()
        expect(page.locator("#start-error")).to_be_hidden()
    else:
        expect(page.locator("#start-error")).to_contain_text(expected, timeout=10_000)
        expect(page.locator("#start-screen")).to_be_visible()
    answered = time.monotonic()
    assert answered - booted < 10, f"{name}: {answered - booted:.1f} s to answer the link"
    assert answered - began < BOOT_TIMEOUT_MS / 1000

    # A language that is not "en" or "ja" is ignored and never remembered.
    assert page.evaluate("document.documentElement.lang") in ("en", "ja")
    assert page.evaluate("localStorage.getItem('pwtcg.lang')") in (None, "en", "ja")
    # The engine still plays: a game against the computer starts and offers a decision.
    start_from_screen(page, mode="computer", seed=12, first="0")
    assert wait_for_human_turn(page) == "decision"
    assert options(page)
    # Nothing of the link ran as script, nothing was even tried (no CSP violation), no uncaught error.
    assert page.evaluate("window.__pwned") is None
    assert violations(page) == [] and console == []
    assert crashed == []


def test_only_known_languages_are_taken_from_the_link(hostile_context: BrowserContext, site_server: str) -> None:
    """?lang=ja is honoured and remembered; ?lang=constructor afterwards falls back to the remembered one."""
    page = hostile_context.new_page()
    try:
        remembered_language_survives(page, site_server)
    finally:
        page.evaluate("localStorage.clear()")
        page.close()


def remembered_language_survives(page: Page, site_server: str) -> None:
    page.goto(f"{site_server}?lang=ja")
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert page.evaluate("localStorage.getItem('pwtcg.lang')") == "ja"
    page.goto(f"{site_server}?lang=constructor")
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert page.evaluate("localStorage.getItem('pwtcg.lang')") == "ja"
    expect(page.locator(".topbar h1")).to_have_text("パルワールド カードゲーム")
