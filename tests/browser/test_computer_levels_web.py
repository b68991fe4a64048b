"""The computer's levels, the Hint button and deck simulation in Chromium: the level chosen on the start screen
reaches the host, a hint is shown on the board with its reason, the deck builder's simulation shows progress and
a chart, and the page handles clicks while the Strong level thinks in the worker."""

from __future__ import annotations

import math
import statistics
import sys
from pathlib import Path

import pytest
from playmat_page import (
    BOOT_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    open_app,
    start_from_screen,
    state,
    wait_for_human_turn,
)
from playwright.sync_api import Page, expect

import cards

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))
from computer_player import STRONG_PACE_MS  # noqa: E402

pytestmark = pytest.mark.browser

# the computer (player 1) to move at a fight: three attackers against a rested Pal and the player
FIGHT = {"turn": 4, "turn_player": 1, "phase": "main", "players": [
    {"base": [{"card": "ETD01-013", "rested": True}, "ETD01-014"], "hand": ["ETD01-014", "EBP01-037"],
     "souls": {"standing": 3}},
    {"base": ["EBP01-037", "ETD02-001", "ETD01-014"], "hand": ["ETD01-013", "ETD01-003"], "souls": {"standing": 4}}]}


def test_the_level_chosen_on_the_start_screen_reaches_the_host(page: Page) -> None:
    open_app(page)
    select = page.locator("#start-form select[name=level]")
    expect(select).to_be_visible()
    assert select.evaluate("s => [...s.options].map(o => o.value)") == ["beginner", "normal", "strong"]
    assert select.input_value() == "normal"
    page.locator("input[name=mode][value=hotseat]").check()
    expect(select).to_be_hidden()           # hot-seat has no computer
    page.locator("input[name=mode][value=computer]").check()
    select.select_option("beginner")
    start_from_screen(page, "computer", seed=4, first="0")
    assert state(page)["level"] == "beginner"


def test_hint_shows_a_move_on_the_board_with_a_reason(page: Page) -> None:
    open_app(page)
    start_from_screen(page, "computer", seed=4, first="0")
    assert wait_for_human_turn(page) == "decision"
    button = page.locator("#hint-button")
    expect(button).to_be_visible()
    button.click()
    line = page.locator("#hint-line")
    expect(line).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(line).to_contain_text("Hint:")
    action = line.get_attribute("data-action")
    assert action in [o["action"] for o in state(page)["decision"]["options"]]
    expect(page.locator(f"#options [data-action='{action}'].hint-target")).to_have_count(1)
    page.screenshot(path="/tmp/ai-hint.png")
    # acting clears the hint
    page.locator(f"#options [data-action='{action}']").click()
    expect(line).to_be_hidden(timeout=STEP_TIMEOUT_MS)


def test_the_page_handles_clicks_while_strong_thinks(page: Page) -> None:
    """Strong searches in the worker (1 s per decision): a click on the page is handled while a request is in
    flight, and each of the computer's answers at a decision Strong may search (main, block, quick, a choice
    inside an effect) takes the same time on the page, its pace, whether it searched or not (p95 and the spread
    are printed)."""
    page.add_init_script("""window.__answers = [];
        // the state on the page when the answer comes is the one the request was made from
        window.pwtcgTap = (c) => {
            if (c.method === 'playmat.computer_step') window.__answers.push({...c, pace: window.pwtcg.state().computer_pace});
        };
        window.__shown = [];
        window.addEventListener('pwtcg:state', () => window.__shown.push(performance.now()));""")
    open_app(page)
    # a click every 100 ms from inside the page: each is recorded by its handler with whether a request to the
    # worker was in flight and whether the computer was to act (a short search can end between two of the
    # test's own round trips, so the page clicks itself)
    page.evaluate("""() => {
        window.__clicks = [];
        const toggle = document.getElementById('lang-toggle');
        toggle.addEventListener('click', () => window.__clicks.push({
            calls: document.documentElement.dataset.engineCalls,
            computer: Boolean(window.pwtcg.state()?.computer_to_act)}));
        window.__clicker = setInterval(() => toggle.click(), 100);
    }""")
    page.evaluate("s => window.pwtcg.start({mode: 'computer', scenario: s, level: 'strong'})", FIGHT)
    page.wait_for_function("document.documentElement.dataset.engineCalls === '1'", timeout=STEP_TIMEOUT_MS)
    for _ in range(400):      # the computer's whole turn
        if page.is_visible("#damage-overlay"):
            page.click("#damage-continue")       # a damage check the computer's attack caused
        s = page.evaluate("window.pwtcg.state()")
        assert s["computer_last"] is None        # the thinking stays in the worker while the game runs
        if not s["computer_to_act"] and not page.is_visible("#damage-overlay"):
            decision = s["decision"] or {}
            if s["view"]["outcome"] or decision.get("kind") == "main":
                break                           # the computer's turn is over
            if decision.get("options") and page.locator("#options button.option").count():
                texts = [o["action"] for o in decision["options"]]
                pick = "pass" if "pass" in texts else texts[0]
                # the human's block / quick step, clicked from inside the page: the page's own clicker redraws
                # the options in the other language every 100 ms, so a button is never still for long
                page.evaluate("a => document.querySelector(`#options button.option[data-action='${a}']`)?.click()",
                              pick)
        page.wait_for_timeout(50)
    clicks = page.evaluate("clearInterval(window.__clicker), window.__clicks")
    # clicks were handled while the worker was busy with the computer's decision
    assert any(c["calls"] == "1" and c["computer"] for c in clicks), clicks
    answers = page.evaluate("window.__answers")
    shown = page.evaluate("window.__shown")
    times = []
    for answer in answers:
        if answer["pace"]["search"]:
            times.append((min(t for t in shown if t >= answer["answered"]) - answer["sent"]) / 1000)
    assert times, "Strong answered no decision it may search"
    times.sort()
    p95 = times[math.ceil(0.95 * len(times)) - 1]     # nearest rank
    print(f"browser Strong: {len(times)} answers it may search, median {statistics.median(times):.3f} s, "
          f"p95 {p95:.3f} s, spread {times[-1] - times[0]:.3f} s")
    assert times[0] >= STRONG_PACE_MS / 1000 - 0.01 and p95 < STRONG_PACE_MS / 1000 + 0.5


def test_simulating_a_deck_shows_progress_and_a_chart(page: Page) -> None:
    open_app(page, "/", "speed=0&lang=en")
    page.evaluate("r => { location.hash = r; }", "#deck/shipped-etd01-red-blue")
    form = page.locator("#sim-form")
    expect(form).to_be_visible(timeout=BOOT_TIMEOUT_MS)
    page.select_option("#sim-games", "10")
    page.click("#sim-go")
    expect(page.locator("#sim-progress")).to_be_visible()
    page.wait_for_function("Number(document.getElementById('sim-form').dataset.done || 0) > 0"
                           " && !document.getElementById('sim-form').dataset.finished", timeout=STEP_TIMEOUT_MS * 4)
    total = len(cards.decks()) * 10
    expect(page.locator("#sim-status")).to_contain_text(f"/ {total} games")
    page.wait_for_function("document.getElementById('sim-form').dataset.finished === '1'", timeout=300_000)
    chart = page.locator("#sim-chart")
    expect(chart).to_be_visible()
    assert chart.locator(".sim-row").count() == len(cards.decks())
    assert page.locator("#sim-progress").evaluate("p => p.value === p.max")
    expect(page.locator("#sim-status")).to_contain_text(f"Done: {total} games")
    assert "%" in chart.get_attribute("aria-label")
    chart.screenshot(path="/tmp/ai-sim.png")
