"""Puzzles in the browser: the list, a wrong try (counted, then a hint is offered), undo, and the puzzle solved
with its shipped solution; the solved state is remembered; an axe-core audit."""

from __future__ import annotations

import re

import pytest
from learn_page import generated_puzzle_files, puzzle_files
from playmat_page import axe_violations, open_app
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 30_000
CARD_NUMBER = re.compile(r"^[A-Z]+\d*-\d+")


def puzzle_state(page: Page) -> dict:
    return page.evaluate("window.pwtcgLearn.puzzle()")


def updates(page: Page) -> int:
    return int(page.get_attribute("#puzzle-screen", "data-updates") or 0)


def press(page: Page, selector: str) -> dict:
    before = updates(page)
    page.locator(selector).click()
    page.wait_for_function("n => Number(document.getElementById('puzzle-screen').dataset.updates) > n",
                           arg=before, timeout=STEP_TIMEOUT_MS)
    return puzzle_state(page)


def play(page: Page, action: str) -> dict:
    return press(page, f"#puzzle-board .learn-option[data-action='{action}']")


def resolve(state: dict, move: str) -> str:
    """A solution move as the page's options spell it: card numbers become the viewer's card ids."""
    me = state["view"]["you"]
    player = state["view"]["players"][me]
    mine = [*player.get("base", []), *(player.get("hand") or [])]
    used: set[int] = set()
    words = []
    for word in move.split():
        if CARD_NUMBER.match(word):
            card = next(c for c in mine if c["number"] == word and c["id"] not in used)
            used.add(card["id"])
            word = str(card["id"])
        words.append(word)
    return " ".join(words)


def first_wrong_try(page: Page) -> str:
    """Play the first option that fails the puzzle at once (undoing the others); returns it."""
    for option in [o["action"] for o in puzzle_state(page)["options"]]:
        state = play(page, option)
        if state["status"] == "failed":
            return option
        press(page, "#puzzle-undo")
    raise AssertionError("no single move fails this puzzle")


def test_a_puzzle_wrong_try_hint_and_solution(page: Page) -> None:
    puzzles = sorted(puzzle_files().values(), key=lambda p: (p.get("difficulty", 0), p["id"]))
    puzzle = puzzles[0]
    open_app(page, query="speed=0#puzzles")
    expect(page.locator("#puzzles-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert page.locator("#puzzles-screen .lesson-item").count() == len(puzzles) + len(generated_puzzle_files())
    page.click(f"#puzzles-screen .lesson-item[data-puzzle='{puzzle['id']}'] a.lesson-go")
    page.wait_for_function("id => window.pwtcgLearn?.puzzle?.()?.id === id", arg=puzzle["id"], timeout=STEP_TIMEOUT_MS)
    state = puzzle_state(page)
    assert state["status"] == "playing" and state["tries"] == 0
    expect(page.locator("#puzzle-hint")).to_be_disabled()
    expect(page.locator("#puzzle-board .learn-say")).to_have_text(puzzle["goal"]["en"])
    # A wrong try: counted, said, and a hint is now offered.
    first_wrong_try(page)
    state = puzzle_state(page)
    assert state["status"] == "failed" and state["tries"] == 1 and state["hint_available"]
    expect(page.locator("#puzzle-board .learn-note.wrong").first).to_be_visible()
    expect(page.locator("#puzzle-hint")).to_be_enabled()
    page.click("#puzzle-hint")
    expect(page.locator("#puzzle-hint-box")).to_be_visible()
    # The hint in two steps: first the card (marked on the board), a second press the whole move.
    box = page.locator("#puzzle-hint-box")
    expect(box).to_have_attribute("data-stage", "1")
    expect(box).to_contain_text("Look at ")
    expect(box).not_to_contain_text("Play: ")      # the card only: the move comes on the second press
    assert page.locator("#puzzle-board .learn-mat .card.hinted").count() == 1
    page.click("#puzzle-hint")
    expect(box).to_have_attribute("data-stage", "2")
    expect(box).to_contain_text("Play: ")
    # "Move taken back." goes once another move is made.
    state = press(page, "#puzzle-undo")
    expect(page.locator("#puzzle-board .learn-panel")).to_contain_text("Move taken back.")
    state = play(page, state["options"][0]["action"])
    expect(page.locator("#puzzle-board .learn-panel")).not_to_contain_text("Move taken back.")
    # Start over and play the shipped solution.
    state = press(page, "#puzzle-restart")
    assert state["status"] == "playing" and state["tries"] == 1
    for move in puzzle["solution"]:
        state = play(page, resolve(state, move))
    assert state["status"] == "solved"
    expect(page.locator("#puzzle-board .learn-say")).to_contain_text("Solved!")
    assert page.inner_text("#puzzle-board .learn-panel").count("Solved!") == 1   # said once, not "Solved! Solved!"
    assert page.get_attribute("#puzzle-screen", "data-status") == "solved"
    # Remembered: the list shows it solved (in 2 tries: the wrong one and this one).
    page.click("#puzzle-screen .learn-toolbar a[href='#puzzles']")
    expect(page.locator(f"#puzzles-screen .lesson-item[data-puzzle='{puzzle['id']}']")).to_have_class("lesson-item status-done")
    assert page.evaluate("JSON.parse(localStorage.getItem('pwtcg.learn')).puzzles")[puzzle["id"]]["solved"] is True


def test_puzzle_screens_pass_axe(page: Page) -> None:
    puzzle = sorted(puzzle_files().values(), key=lambda p: (p.get("difficulty", 0), p["id"]))[0]
    open_app(page, query="speed=0#puzzles")
    expect(page.locator("#puzzles-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#puzzles-screen") == []
    page.evaluate("id => { location.hash = '#puzzle/' + id; }", puzzle["id"])
    page.wait_for_function("id => window.pwtcgLearn?.puzzle?.()?.id === id", arg=puzzle["id"], timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#puzzle-screen") == []
