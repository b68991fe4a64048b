"""axe-core over the playmat mid-game: no serious or critical WCAG 2 A/AA problem at each size the playmat is made
for (laptops, a desktop, a phone upright and sideways), in the dark and the light theme, in English and Japanese;
the game-over dialog and the hot-seat hand-off too."""

from __future__ import annotations

import json

import pytest
from playmat_page import axe_violations, open_app, wait_for_human_turn
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

VANILLA, SURFENT, BUSHI = "ETD01-013", "EBP01-037", "EBP01-004"
# a full board: Pals on both bases, hands, souls, counters and a log, the human to act in the main phase
BOARD = {"seed": 3, "turn": 4, "turn_player": 0, "phase": "main",
         "players": [{"hand": [VANILLA, BUSHI, SURFENT, "EBP01-095", "ETD01-020"],
                      "base": [SURFENT, VANILLA, "ETD01-003"], "souls": {"standing": 4}, "deck": [VANILLA] * 10,
                      "material": 2},
                     {"hand": [VANILLA, VANILLA, BUSHI], "base": [VANILLA, SURFENT], "souls": {"standing": 3},
                      "deck": [VANILLA] * 10, "ingredient": 1}]}
VIEWPORTS = {"1366x768": {"width": 1366, "height": 768}, "1280x720": {"width": 1280, "height": 720},
             "1920x1080": {"width": 1920, "height": 1080}, "390x844": {"width": 390, "height": 844},
             "844x390": {"width": 844, "height": 390}}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_the_playmat_passes_an_accessibility_audit(page: Page, viewport: str, theme: str, lang: str) -> None:
    page.set_viewport_size(VIEWPORTS[viewport])
    page.add_init_script(f"localStorage.setItem('pwtcg.settings', {json.dumps(json.dumps({'theme': theme}))})")
    open_app(page, "/", f"speed=0&lang={lang}&nosw")
    expect(page.locator("html")).to_have_attribute("data-theme", theme)
    page.evaluate("s => { window.pwtcg.start({mode: 'computer', scenario: s, level: 'beginner'}); }", BOARD)
    assert wait_for_human_turn(page) == "decision"
    page.locator("#side-bottom .hand .card[data-id]").first.focus()       # card details of a hand card
    found = {"playmat": axe_violations(page, "body")}
    page.click("#concede")
    page.click("#concede-yes")
    expect(page.locator("#gameover")).to_be_visible()
    found["game over"] = axe_violations(page, "body")
    assert found == {"playmat": [], "game over": []}


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_the_hot_seat_hand_off_passes_an_accessibility_audit(page: Page, viewport: str, theme: str) -> None:
    page.set_viewport_size(VIEWPORTS[viewport])
    page.add_init_script(f"localStorage.setItem('pwtcg.settings', {json.dumps(json.dumps({'theme': theme}))})")
    open_app(page, "/", "speed=0&lang=ja&nosw")
    page.evaluate("s => { window.pwtcg.start({mode: 'hotseat', scenario: s}); }", BOARD)
    assert wait_for_human_turn(page) == "pass"
    expect(page.locator("#pass-ready")).to_be_focused()
    assert axe_violations(page, "body") == []
