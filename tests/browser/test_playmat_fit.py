"""The playmat fits one screen: at each laptop, desktop and phone size the page never scrolls, and at every decision
your whole hand, the decision's title and its first option are on the screen (not under the sheet, not scrolled
away inside the mat or the panel); a large hand overlaps instead of running off the edge."""

from __future__ import annotations

import pytest
from layout_checks import fit_problems
from playmat_page import (
    open_app,
    play_decisions,
    scenario_query,
    start_from_screen,
    wait_for_human_turn,
)
from playwright.sync_api import Page, expect
from screenshots import MIDGAME

pytestmark = pytest.mark.browser

VIEWPORTS = [(1366, 768), (1280, 720), (1920, 1080), (390, 844), (360, 780), (844, 390)]
DECISIONS = 10   # per viewport, from the first decision of a new game (mulligan, main phases, battles)

def open_page(browser, base_url: str, width: int, height: int) -> Page:
    return browser.new_page(viewport={"width": width, "height": height}, base_url=base_url)


def start_form_fits(page: Page, width: int) -> None:
    """The start form is no wider than the screen and its Start button is on it."""
    expect(page.locator("#start-form")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    form = page.locator("#start-form").bounding_box()
    assert form["x"] >= 0 and form["x"] + form["width"] <= width, form
    button = page.locator("#start-form button[type=submit]")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_the_game_fits_the_screen_at_every_decision(browser, base_url: str, width: int, height: int) -> None:
    page = open_page(browser, base_url, width, height)
    try:
        open_app(page, "/", scenario_query(MIDGAME, mode="computer"))
        assert wait_for_human_turn(page) == "decision"
        assert fit_problems(page) == []
        assert page.locator("#side-bottom .hand .card[data-id]").count() == 4
        assert page.locator("#side-top .base .card[data-id]").count() == 3
        if width < 600:
            sheet_and_header_on_a_phone(page)
        # a new game against the computer from the start screen, played through its option buttons
        page.click("#new-game")
        start_form_fits(page, width)
        start_from_screen(page, mode="computer", seed=7, first="0")
        checked = []

        def choose(actions: list[str]) -> str:
            problems = fit_problems(page)
            assert problems == [], (len(checked), problems)
            checked.append(actions)
            # mostly the first option (play, attack), now and then the last (end the phase, pass): the game moves on
            return actions[-1] if len(checked) % 3 == 0 else actions[0]

        made = play_decisions(page, DECISIONS, choose)
        assert made == DECISIONS, made
        assert any(len(set(a.split()[0] for a in actions)) > 1 for actions in checked)   # real choices were on screen
    finally:
        page.close()


def sheet_and_header_on_a_phone(page: Page) -> None:
    """Every header link and button is on the screen; the decision sheet is opaque and below the mat, never over
    it; hiding its options gives the mat the room."""
    outside = page.evaluate("""() => [...document.querySelectorAll('#topbar a, #topbar button')]
        .filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, r]) => r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight).map(([n]) => n)""")
    assert outside == []
    expect(page.locator("#lang-toggle")).to_be_visible()
    expect(page.locator("#main-nav a[data-route='rules']")).to_be_visible()
    sheet = page.locator("#panel").bounding_box()
    mat = page.locator("#playmat").bounding_box()
    assert mat["y"] + mat["height"] <= sheet["y"] + 1, (mat, sheet)
    colour = page.evaluate("getComputedStyle(document.getElementById('decision')).backgroundColor")
    assert colour.startswith("rgb(") or colour.endswith(", 1)"), colour   # no see-through sheet
    page.click("#sheet-toggle")
    expect(page.locator("#options")).to_be_hidden()
    assert page.locator("#playmat").bounding_box()["height"] > mat["height"]
    page.click("#sheet-toggle")
    expect(page.locator("#options button.option").first).to_be_visible()
    assert fit_problems(page) == []


BIG_HAND = {
    "seed": 4, "turn": 5, "turn_player": 0, "phase": "main",
    "players": [
        {"life": 7, "hand": ["ETD01-004", "EBP01-011", "ETD01-011", "EBP01-017", "ETD01-013", "ETD01-019",
                             "ETD01-003", "ETD01-008", "EBP01-034", "EBP01-038", "ETD01-001", "EBP01-004"],
         "base": ["ETD01-001", "ETD01-003", "ETD01-008"], "souls": {"standing": 4}},
        {"life": 5, "hand": ["ETD01-013"], "base": ["EBP01-038"], "souls": {"standing": 2}},
    ],
}


def test_a_large_hand_overlaps_and_stays_on_screen(browser, base_url: str) -> None:
    width, height = 1366, 768
    page = open_page(browser, base_url, width, height)
    try:
        open_app(page, "/", scenario_query(BIG_HAND, mode="computer"))
        assert wait_for_human_turn(page) == "decision"
        hand = page.locator("#side-bottom .hand .card[data-id]")
        expect(hand).to_have_count(12)
        assert fit_problems(page) == []
        boxes = hand.evaluate_all("cs => cs.map(c => c.getBoundingClientRect().toJSON())")
        assert boxes[1]["x"] < boxes[0]["x"] + boxes[0]["width"], boxes[:2]   # overlapped, in order
        assert all(b["x"] > a["x"] for a, b in zip(boxes, boxes[1:], strict=False))
        # the card under the keyboard focus comes to the front, and its details float beside it (not in the page)
        before = page.evaluate("document.documentElement.scrollHeight")
        hand.nth(5).focus()
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        expect(hand.nth(5)).to_be_focused()
        detail = page.locator("#card-detail")
        expect(detail).to_be_visible()
        number = hand.nth(5).get_attribute("data-number")
        name = page.evaluate("n => window.pwtcg.call('playmat.hello').then(h => h.catalog[n].name.en)", number)
        expect(detail).to_contain_text(name)
        box = detail.bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, box
        assert page.evaluate("document.documentElement.scrollHeight") == before
        top = hand.nth(5).evaluate("c => { const r = c.getBoundingClientRect();"
                                   " return document.elementFromPoint(r.right - 4, r.top + r.height / 2).closest('.card') === c; }")
        assert top
        page.keyboard.press("Escape")
        expect(detail).to_be_hidden()
    finally:
        page.close()

