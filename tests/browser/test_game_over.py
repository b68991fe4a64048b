"""The game-over dialog: each button does its job. Play again starts the same decks at once, Other decks goes back
to the start screen with the game's settings in the form, Watch the replay opens this game in the replay viewer,
Share opens its link, Rewind plays on as practice, Close leaves the finished board."""

from __future__ import annotations

import pytest
from playmat_page import STEP_TIMEOUT_MS, click_and_wait, click_option, open_app, state, wait_for_human_turn
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

REQUEST = {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple", "seed": 21, "first": 0,
           "level": "beginner", "human": 0}


def finish_a_game(page: Page) -> dict:
    """Start the request, keep the opening hand, concede: the game-over dialog is up. Returns the last state."""
    page.evaluate("r => { window.pwtcg.start(r); }", REQUEST)
    assert wait_for_human_turn(page) == "decision"
    if "keep" in page.locator("#options button.option").evaluate_all("els => els.map(e => e.dataset.action)"):
        click_option(page, "keep")
        assert wait_for_human_turn(page) == "decision"
    page.click("#concede")
    click_and_wait(page, "#concede-yes")
    expect(page.locator("#gameover")).to_be_visible()
    return state(page)


def test_play_again_starts_the_same_decks_at_once(page: Page) -> None:
    open_app(page, "/", "speed=0&lang=en&nosw")
    over = finish_a_game(page)
    expect(page.locator("#gameover-again")).to_be_focused()
    expect(page.locator("#gameover-again")).to_have_text("Play again (same decks)")
    click_and_wait(page, "#gameover-again")
    expect(page.locator("#gameover")).to_be_hidden()
    expect(page.locator("#game-screen")).to_be_visible()
    again = state(page)
    assert again["view"]["outcome"] is None and again["view"]["turn"] <= 1
    assert again["saved"]["summary"]["decks"] == over["saved"]["summary"]["decks"]
    assert again["saved"]["summary"]["mode"] == "computer" and again["level"] == "beginner"


def test_other_decks_goes_to_the_start_screen_with_the_settings_kept(page: Page) -> None:
    open_app(page, "/", "speed=0&lang=en&nosw")
    page.locator("input[name=mode][value=hotseat]").check()        # the form said otherwise before
    page.select_option("select[name=deck0]", "etd02-green-purple")
    finish_a_game(page)
    page.click("#gameover-other")
    expect(page.locator("#start-screen")).to_be_visible()
    expect(page.locator("#gameover")).to_be_hidden()
    assert page.locator("input[name=mode]:checked").get_attribute("value") == "computer"
    assert page.locator("input[name=first]:checked").get_attribute("value") == "0"
    assert page.input_value("select[name=deck0]") == "etd01-red-blue"
    assert page.input_value("select[name=deck1]") == "etd02-green-purple"
    assert page.input_value("select[name=level]") == "beginner"
    assert page.input_value("input[name=seed]") == "21"
    expect(page.locator(".level-choice")).to_be_visible()
    page.select_option("select[name=deck1]", "etd01-red-blue")      # other decks, then start
    page.click("#start-form button[type=submit]")
    expect(page.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert wait_for_human_turn(page) == "decision"
    decks = state(page)["saved"]["summary"]["decks"]
    assert decks[0] == decks[1], decks


def test_watch_the_replay_opens_this_game_in_the_viewer(page: Page) -> None:
    open_app(page, "/", "speed=0&lang=en&nosw")
    over = finish_a_game(page)
    page.click("#gameover-watch")
    page.wait_for_function("document.getElementById('replay-screen')?.dataset.n", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#replay-screen")).to_be_visible()
    assert page.evaluate("location.hash").startswith("#replay/")
    assert page.evaluate("window.pwtcg.state()")["view"]["outcome"] is not None
    # the viewer stands at the game's end: the last step is the concession
    assert page.get_attribute("#replay-screen", "data-n") == page.get_attribute("#rp-timeline", "max")
    assert int(page.get_attribute("#rp-timeline", "max")) >= 1
    assert page.locator("#rp-log li").count() > 0
    assert over["saved"]["summary"]["decks"]


def test_share_rewind_and_close(page: Page) -> None:
    open_app(page, "/", "speed=0&lang=en&nosw")
    finish_a_game(page)
    page.click("#gameover-share")
    expect(page.locator("#share-url")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert "#watch/" in page.locator("#share-url").input_value()
    page.keyboard.press("Escape")
    finish_a_game(page)
    page.click("#gameover-close")
    expect(page.locator("#gameover")).to_be_hidden()
    expect(page.locator("#game-screen")).to_be_visible()
    assert state(page)["view"]["outcome"] is not None
    finish_a_game(page)
    click_and_wait(page, "#gameover-rewind")
    assert state(page)["view"]["outcome"] is None
    expect(page.locator("#practice-badge")).to_be_visible()


def test_a_game_without_its_start_request_offers_other_decks_only(page: Page) -> None:
    """A scenario (or a resumed game) has no decks to start again: Play again (same decks) is not offered."""
    v300 = "ETD01-013"
    game = {"turn": 3, "players": [{"base": [v300], "hand": [v300], "deck": [v300] * 5},
                                   {"hand": [v300], "deck": [v300] * 5}]}
    open_app(page, "/", "speed=0&lang=en&nosw")
    page.evaluate("s => { window.pwtcg.start({mode: 'computer', scenario: s, level: 'beginner'}); }", game)
    assert wait_for_human_turn(page) == "decision"
    page.click("#concede")
    click_and_wait(page, "#concede-yes")
    expect(page.locator("#gameover-again")).to_be_hidden()
    expect(page.locator("#gameover-other")).to_be_focused()
    expect(page.locator("#gameover-watch")).to_be_visible()
