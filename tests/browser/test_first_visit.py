"""A first visit: the start screen, Learn, Rules and the card gallery work before Python has loaded; a start asked for meanwhile
waits for the engine and then begins by itself."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playmat_page import STEP_TIMEOUT_MS, open_app, start_from_screen, state, wait_for_human_turn
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

pytestmark = pytest.mark.browser

# Everything Python needs: Pyodide's files, the wheels and their lock file, and PyScript.
ENGINE_FILES = ("**/pyodide/**", "**/pyscript/**")
SHELL_TIMEOUT_MS = 30_000


class HeldBack:
    """Requests for the engine's files, answered only when released (or never)."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.routes: list[Route] = []
        for pattern in ENGINE_FILES:
            context.route(pattern, lambda route: self.routes.append(route))

    def release(self) -> None:
        self._end(lambda route: route.continue_())

    def drop(self) -> None:
        self._end(lambda route: route.abort())

    def _end(self, answer) -> None:  # noqa: ANN001 - a function of one Route
        for pattern in ENGINE_FILES:
            self.context.unroute(pattern)
        while self.routes:
            route = self.routes.pop(0)
            try:
                answer(route)
            except PlaywrightError:   # already answered by Playwright when its handler went
                pass


@contextmanager
def first_visit(browser: Browser, url: str, query: str = "speed=0") -> Iterator[tuple[Page, HeldBack]]:
    """A fresh profile on the app with every engine file held back; the page once its shell is drawn."""
    context = browser.new_context()
    held = HeldBack(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{url}?{query}")
        page.wait_for_function("document.body.dataset.shell === '1'", timeout=SHELL_TIMEOUT_MS)
        yield page, held
        assert errors == []
    finally:
        held.drop()
        context.close()


def test_the_start_screen_learn_rules_and_cards_work_with_the_engine_held_back(browser: Browser, site_server: str) -> None:
    with first_visit(browser, site_server) as (page, held):
        assert held.routes, "the engine's download should have begun (and be held)"
        assert page.evaluate("document.body.dataset.ready") is None
        expect(page.locator("#start-screen")).to_be_visible()
        expect(page.locator("#start-screen .start-intro")).to_contain_text("in your browser")
        assert page.locator("select[name=deck0] option").count() >= 2
        assert page.locator("select[name=level] option").count() == 3
        assert page.inner_text("#deck-description-0").strip()
        expect(page.locator("#start-form button[type=submit]")).to_be_enabled()
        expect(page.locator("#engine-status")).to_have_text("Starting Python…")

        page.click("#start-learn")
        expect(page.locator("#learn-screen")).to_be_visible()
        expect(page.locator("#learn-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
        assert page.locator("#learn-screen .lesson-item").count() >= 10

        page.click("#main-nav a[data-route=rules]")
        page.wait_for_selector("#rules-screen[data-ready] #rules-entry", timeout=STEP_TIMEOUT_MS)
        assert page.locator("#rules-screen a.rule-link").count() > 20

        page.click("#main-nav a[data-route=cards]")
        page.wait_for_function("document.querySelectorAll('#gallery-grid li').length === 148", timeout=STEP_TIMEOUT_MS)
        assert page.evaluate("document.body.dataset.ready") is None, "Python must still be held back"
        assert page.evaluate("window.pwtcg.requests()") == {}, "nothing may have waited on the engine"


# The files a first visit has fetched by the time the start screen is drawn (its pwtcg:start-screen mark).
FETCHED_BEFORE_START_SCREEN = """() => {
  const drawn = performance.getEntriesByName("pwtcg:start-screen")[0].startTime;
  return performance.getEntriesByType("resource").filter((r) => r.responseEnd <= drawn)
    .map((r) => new URL(r.name).pathname.slice(1));
}"""


def test_the_start_screen_waits_for_one_bundle_one_style_sheet_and_its_data(browser: Browser, site_server: str) -> None:
    """Nothing the start screen needs comes as dozens of files (build.bundle_modules, build.bundle_styles): the
    page's bundle and its shared chunks, one style sheet, the start screen's two JSON files."""
    with first_visit(browser, site_server) as (page, _held):
        fetched = page.evaluate(FETCHED_BEFORE_START_SCREEN)
        scripts = sorted(f for f in fetched if f.endswith(".js"))
        assert scripts[-1] == "js/main.js" and all(f.startswith("js/chunk-") for f in scripts[:-1]), scripts
        assert len(scripts) <= 5
        assert [f for f in fetched if f.endswith(".css")] == ["css/index.css"]
        assert {"data/hello.json", "learn/cards.json"} <= set(fetched)
        assert len(fetched) <= 10, fetched


def test_the_start_screen_speaks_japanese_before_python(browser: Browser, site_server: str) -> None:
    with first_visit(browser, site_server, "speed=0&lang=ja") as (page, _held):
        expect(page.locator("#start-learn")).to_have_text("はじめての方へ：遊び方を学ぶ")
        expect(page.locator("#engine-status")).to_have_text("Pythonを起動しています…")


def test_a_start_clicked_before_the_engine_is_ready_waits_then_begins(browser: Browser, site_server: str) -> None:
    with first_visit(browser, site_server) as (page, held):
        page.locator("input[name=first][value='0']").check()
        page.fill("input[name=seed]", "7")
        page.click("#start-form button[type=submit]")
        expect(page.locator("#engine-status")).to_contain_text("Your game starts as soon as the engine is ready.")
        page.click("#start-form button[type=submit]")   # a second click queues nothing more
        expect(page.locator("#start-screen")).to_be_visible()
        held.release()
        expect(page.locator("#game-screen")).to_be_visible(timeout=90_000)
        page.wait_for_selector("#options button.option", timeout=STEP_TIMEOUT_MS)
        assert page.evaluate("window.pwtcg.requests()['playmat.new_game']") == 1
        assert page.evaluate("document.body.dataset.ready") == "1"
        expect(page.locator("#engine-status")).to_be_hidden()


def test_continue_is_offered_before_python_and_resumes_once_it_is_ready(browser: Browser, site_server: str) -> None:
    """A saved game (from an earlier visit) is offered at once; "Continue" waits for the engine, then resumes."""
    context = browser.new_context(service_workers="block")   # so that every request of the second page is held
    try:
        page = context.new_page()
        open_app(page, site_server, "speed=0&nosw")
        start_from_screen(page, seed=12, first="0")
        assert wait_for_human_turn(page) in ("decision", "damage")
        page.wait_for_function("window.pwtcg.state() && window.pwtcg.state().saved", timeout=STEP_TIMEOUT_MS)
        before = state(page)
        page.wait_for_timeout(500)   # the autosave's write
        page.close()
        held = HeldBack(context)
        page = context.new_page()
        page.goto(f"{site_server}?speed=0&nosw")
        page.wait_for_function("document.body.dataset.shell === '1'", timeout=SHELL_TIMEOUT_MS)
        expect(page.locator("#continue-game")).to_be_visible()
        page.click("#continue-game")
        expect(page.locator("#engine-status")).to_contain_text("Your game starts as soon as the engine is ready.")
        held.release()
        expect(page.locator("#game-screen")).to_be_visible(timeout=90_000)
        page.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
        assert state(page)["choices"] == before["choices"]
    finally:
        context.close()
