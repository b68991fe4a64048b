"""The computer's reasons in Chromium: the log line of its move has a "Why?" button that reveals why it made it,
in the page's language (English and Japanese), and hides it again; after a reload, Continue brings the buttons
back with the game."""

from __future__ import annotations

import pytest
from playmat_page import STEP_TIMEOUT_MS, open_app, scenario_query, state, wait_for_human_turn
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# the computer (player 1) to move: two Pals against a rested Jolthog and nothing else (Normal knocks it out)
FIGHT = {"turn": 4, "turn_player": 1, "phase": "main", "players": [
    {"base": [{"card": "ETD01-013", "rested": True}], "souls": {"standing": 2}},
    {"base": ["EBP01-037", "ETD02-001"], "souls": {"standing": 0}}]}
SAID = {"en": ("Why?", "Attacks Jolthog Cryst – Stoic Yet Innocent with Surfent – Swift Swimmer: its 700 Power "
               "knocks it out (300 HP left) and no other Pal of yours stands to block."),
        "ja": ("なぜ？", "スイスイスイマー – シーペントで堅物で純真 – コチグリにアタック：【戦闘力】700で倒せ"
                        "（あと300ダメージで倒れる）、ブロックできるあなたのパルが他にいない。")}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_computers_move_says_why_on_its_log_line(page: Page, lang: str) -> None:
    open_app(page, "/", f"{scenario_query(FIGHT, mode='computer')}&lang={lang}")
    while wait_for_human_turn(page) == "damage":
        page.click("#damage-continue")
    assert state(page)["mode"] == "computer"
    label, reason = SAID[lang]
    attack = page.locator("#log li[data-kind=attack]").filter(has=page.locator(".log-why")).first
    expect(attack).to_be_visible(timeout=STEP_TIMEOUT_MS)
    button, said = attack.locator(".log-why"), attack.locator(".log-why-text")
    expect(button).to_have_text(label)
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(said).to_be_hidden()
    button.click()
    expect(said).to_be_visible()
    expect(said).to_have_text(reason)
    expect(button).to_have_attribute("aria-expanded", "true")
    page.screenshot(path=f"/tmp/why-{lang}.png")
    button.click()
    expect(said).to_be_hidden()


def test_continue_after_a_reload_keeps_the_why_buttons(page: Page) -> None:
    open_app(page, "/", f"{scenario_query(FIGHT, mode='computer')}&lang=en")
    while wait_for_human_turn(page) == "damage":
        page.click("#damage-continue")
    expect(page.locator("#log .log-why").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    page.wait_for_timeout(500)      # the save of the latest state is written
    open_app(page, "/", "lang=en")
    page.click("#continue-game")
    page.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
    attack = page.locator("#log li[data-kind=attack]").filter(has=page.locator(".log-why")).first
    expect(attack).to_be_visible(timeout=STEP_TIMEOUT_MS)
    attack.locator(".log-why").click()
    expect(attack.locator(".log-why-text")).to_have_text(SAID["en"][1])
