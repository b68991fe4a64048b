"""Links to a moment in the browser: a link with a decision opens the viewer there, with the players' labels;
Share in the viewer at decision k gives a link that reopens at k; Share at game over; a position link opens the
position on the playmat to play it. The viewer speaks the game's words, its turn track is styled, and at 1366x768
the board and the controls are on one screen."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import kit
import pytest
from layout_checks import layout_problems
from playmat_page import (
    STEP_TIMEOUT_MS,
    click_and_wait,
    click_option,
    from_snapshot,
    open_app,
    start_from_screen,
    state,
    wait_for_human_turn,
)
from playwright.sync_api import Browser, Page, expect

from engine import Game, links
from engine.presentation.still_frame import still_frame

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def finished() -> Game:
    return kit.finished_game()


def open_viewer(page: Page, code: str) -> None:
    open_app(page, "/", f"speed=0#watch/{code}")
    expect(page.locator("#replay-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("document.getElementById('replay-screen').dataset.n", timeout=STEP_TIMEOUT_MS)


def test_a_link_to_a_decision_opens_there_and_share_reopens_at_the_decision_on_screen(
        page: Page, browser: Browser, base_url: str, finished: Game) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    k = 44
    open_viewer(page, links.with_moment(links.encode(finished), at=k, mode="computer", human=0))
    screen = page.locator("#replay-screen")
    expect(screen).to_have_attribute("data-n", str(k))
    assert re.search(rf"#replay/[a-z0-9]+/{k}$", page.url)
    # labels: "You" and "Computer" as in the game, the title from the decks (not "Shared link")
    expect(page.locator(".decklist[data-seat='0'] h4")).to_have_text(re.compile(r"^You: "))
    expect(page.locator(".decklist[data-seat='1'] h4")).to_have_text(re.compile(r"^Computer: "))
    assert "Shared link" not in page.inner_text("#replay-title") and " vs " in page.inner_text("#replay-title")
    # the next choice in the game's words, never the engine's action text
    nxt = page.inner_text("#rp-next-choice")
    assert nxt.startswith("Next: ") and finished.choices[k] not in nxt, nxt
    # a styled turn track and log numbers with room for three digits
    li = page.locator("#rp-track li:not(.turn-number)").first
    assert li.evaluate("e => getComputedStyle(e).borderRadius") != "0px"
    assert li.evaluate("e => getComputedStyle(e).backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    assert page.locator("#rp-log").evaluate("e => parseFloat(getComputedStyle(e).paddingLeft)") >= 36
    # one screen: the controls and the board (both sides' bases) are in view together
    for selector in ("#rp-first", "#rp-last", "#rp-share", ".replay-mat .side.top .base", ".replay-mat .side.bottom .base"):
        box = page.locator(selector).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + min(box["height"], 60) <= 768, (selector, box)
    # both hands (open: the game is over) lie wholly inside the window, the viewer's own at the bottom too
    for selector in (".replay-mat .side.top .hand", ".replay-mat .side.bottom .hand",
                     ".replay-mat .side.bottom .hand .card[data-id]"):
        for box in [page.locator(selector).nth(i).bounding_box() for i in range(page.locator(selector).count())]:
            assert box and box["y"] >= 0 and box["y"] + box["height"] <= 768 and box["x"] + box["width"] <= 1366, (selector, box)
    assert page.evaluate("scrollY") == 0
    # and on the small faces that makes room for, no name, power or damage is cut off or overlaps
    assert layout_problems(page, ".replay-mat") == []
    page.screenshot(path="docs/screenshots/viewer-at-decision-1366.png")
    # Share at another decision: the link says that decision and who played, and reopens there
    target = 61
    page.locator("#rp-timeline").fill(str(target))
    expect(screen).to_have_attribute("data-n", str(target))
    page.click("#rp-share")
    url = page.locator("#share-url").input_value()
    assert url.endswith(f".a{target}.c0"), url
    # the embed snippet of that moment carries the still frame of its public board, made by the engine
    snippet = page.locator("#share-embed").input_value()
    src = re.search(r'<iframe src="([^"]+)"', snippet).group(1)
    query = parse_qs(urlsplit(src).query)
    assert query["watch"] == [url.split("#watch/")[1]] and query["at"] == [str(target)]
    assert query["still"] == [still_frame(finished.rewind(target), 0, len(finished.choices), "c0")]
    assert query["origin"] == ["https://your.site"]
    context = from_snapshot(browser.new_context(base_url=base_url))
    other = context.new_page()
    open_viewer(other, url.split("#watch/")[1])
    expect(other.locator("#replay-screen")).to_have_attribute("data-n", str(target))
    expect(other.locator(".decklist[data-seat='0'] h4")).to_have_text(re.compile(r"^You: "))
    # the snippet's frame is drawn by the embed (the engine there is not needed for it)
    other.route(re.compile(r"/pyodide/|/pyscript/|\.py$|\.whl$"), lambda route: route.abort())
    other.goto(src)
    other.wait_for_function("document.body.dataset.still", timeout=STEP_TIMEOUT_MS)
    assert other.evaluate("document.body.dataset.still") == "frame"
    assert other.inner_text("#embed-position").startswith(f"Decision {target} of {len(finished.choices)}")
    context.close()


def test_typed_names_in_a_link_label_the_players(page: Page, finished: Game) -> None:
    open_viewer(page, links.with_moment(links.encode(finished), mode="hotseat", names=["Aiko", "Ben"]))
    expect(page.locator(".decklist[data-seat='0'] h4")).to_have_text(re.compile(r"^Aiko: "))
    expect(page.locator(".decklist[data-seat='1'] h4")).to_have_text(re.compile(r"^Ben: "))


@pytest.mark.parametrize("suffix", [".a9999", ".a1.a2", ".zz", ".n%3Cscript%3E"])
def test_hostile_moment_links_are_refused_cleanly(page: Page, finished: Game, suffix: str) -> None:
    open_app(page, "/", f"speed=0#watch/{links.encode(finished)}{suffix}")
    expect(page.locator("#link-error")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert "link" in page.inner_text("#link-error").lower()


def test_share_at_game_over_names_the_players(page: Page, browser: Browser, base_url: str) -> None:
    open_app(page)
    start_from_screen(page, mode="computer", seed=11, first="0")
    assert wait_for_human_turn(page) == "decision"
    click_option(page, "keep")
    assert wait_for_human_turn(page) == "decision"
    page.click("#concede")
    click_and_wait(page, "#concede-yes")
    expect(page.locator("#gameover-share")).to_be_visible()
    page.click("#gameover-share")
    url = page.locator("#share-url").input_value()
    assert url.endswith(".c0/practice"), url      # a chosen seed makes a practice game, and its link says so
    context = from_snapshot(browser.new_context(base_url=base_url))
    other = context.new_page()
    open_viewer(other, url.split("#watch/")[1])
    expect(other.locator(".decklist[data-seat='0'] h4")).to_have_text(re.compile(r"^You: "))
    context.close()


def test_a_position_link_opens_the_position_to_play(page: Page, browser: Browser, base_url: str, finished: Game) -> None:
    k = 30
    open_viewer(page, links.with_moment(links.encode(finished), at=k, mode="computer", human=0))
    page.click("#rp-share-position")
    url = page.locator("#share-url").input_value()
    code = url.split("#watch/")[1]
    assert code.endswith(".p") and ".a" not in code
    # the link carries the game only up to that decision: how it went on is not in it
    assert links.decode(links.read_moment(code).code).game.choices == finished.choices[:k]
    context = from_snapshot(browser.new_context(base_url=base_url))
    other = context.new_page()
    open_app(other, "/", f"speed=0#watch/{code}")
    expect(other.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    other.wait_for_function("window.pwtcg.state() !== null", timeout=STEP_TIMEOUT_MS)
    assert state(other)["choices"] >= k and state(other)["mode"] == "computer" and state(other)["view"]["outcome"] is None
    context.close()


def test_a_puzzle_position_link_opens_that_board_to_play(page: Page, browser: Browser, base_url: str) -> None:
    open_app(page, "/", "speed=0#puzzle/p03-save-the-stealth")
    page.wait_for_function("window.pwtcgLearn?.puzzle?.()?.id === 'p03-save-the-stealth'", timeout=STEP_TIMEOUT_MS)
    before = page.evaluate("Number(document.getElementById('puzzle-screen').dataset.updates)")
    page.click("#puzzle-board .learn-option[data-action='attack 21 player']")
    page.wait_for_function("n => Number(document.getElementById('puzzle-screen').dataset.updates) > n", arg=before,
                           timeout=STEP_TIMEOUT_MS)
    page.click("#puzzle-share")
    url = page.locator("#share-url").input_value()
    code = url.split("#watch/")[1]
    assert code.endswith(".c0.p") and len(code) <= 220
    moment = links.read_moment(code)
    assert moment.play and len(links.decode(moment.code).game.choices) >= 1
    context = from_snapshot(browser.new_context(base_url=base_url))
    other = context.new_page()
    open_app(other, "/", f"speed=0#watch/{code}")
    expect(other.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    other.wait_for_function("window.pwtcg.state() !== null", timeout=STEP_TIMEOUT_MS)
    assert state(other)["mode"] == "computer" and state(other)["view"]["players"][1]["life"] == 2
    context.close()
