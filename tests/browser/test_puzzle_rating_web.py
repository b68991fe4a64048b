"""The puzzle rating (Glicko-2), the streak, the daily puzzle and the list's filters in the browser: the rating
moves after a miss and after a solve and survives a reload; a streak ends on a miss; the daily puzzle is the
same all day and changes the next (clock mocked); filters by theme and difficulty; a generated puzzle plays to
its solved state with its generated explanation."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from learn_page import ROOT
from playmat_page import BOOT_TIMEOUT_MS, open_app
from playwright.sync_api import Page, expect

from engine.clients.puzzle_session import PuzzleSession
from engine.persistence.puzzles import shipped

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 30_000
PUZZLES = shipped()


def state_of(page: Page) -> dict:
    return page.evaluate("window.pwtcgLearn.puzzle()")


def press(page: Page, selector: str) -> dict:
    before = int(page.get_attribute("#puzzle-screen", "data-updates") or 0)
    page.locator(selector).click()
    page.wait_for_function("n => Number(document.getElementById('puzzle-screen').dataset.updates) > n",
                           arg=before, timeout=STEP_TIMEOUT_MS)
    return state_of(page)


def play(page: Page, action: str) -> dict:
    return press(page, f"#puzzle-board .learn-option[data-action='{action}']")


def open_puzzle(page: Page, pid: str) -> None:
    page.evaluate("id => { location.hash = '#puzzle/' + id; }", pid)
    page.wait_for_function("id => window.pwtcgLearn?.puzzle?.()?.id === id && window.pwtcgLearn.puzzle().status === 'playing'",
                           arg=pid, timeout=STEP_TIMEOUT_MS)


def winning_moves(pid: str) -> list[str]:
    """The moves that solve a puzzle as the page plays it (the same engine, so the same card ids): each move
    the first option that does not fail, tried in a session of our own."""
    session = PuzzleSession(PUZZLES[pid], "en")
    moves: list[str] = []
    while session.status == "playing":
        for option in session.options():
            session.act(option)
            if session.status != "failed":
                moves.append(option)
                break
            session.undo()
        else:
            raise AssertionError(f"{pid}: no move keeps the win")
    assert session.status == "solved"
    return moves


def wrong_move(pid: str) -> str:
    session = PuzzleSession(PUZZLES[pid], "en")
    for option in session.options():
        session.act(option)
        if session.status == "failed":
            return option
        session.undo()
    raise AssertionError(f"{pid}: no single move fails")


def rating(page: Page) -> float:
    return page.evaluate("JSON.parse(localStorage.getItem('pwtcg.puzzleRating')).rating")


def test_rating_moves_after_a_miss_and_a_solve_and_survives_a_reload(page: Page) -> None:
    open_app(page, query="speed=0#puzzles")
    expect(page.locator("#puzzle-player-rating")).to_contain_text("1500")
    open_puzzle(page, "p03-save-the-stealth")
    play(page, wrong_move("p03-save-the-stealth"))
    after_miss = rating(page)
    assert after_miss < 1500
    expect(page.locator("#puzzle-rating-note")).to_contain_text("Rating 1500 →")
    open_puzzle(page, "p01-burn-the-lucky")
    for move in winning_moves("p01-burn-the-lucky"):
        state = play(page, move)
    assert state["status"] == "solved"
    after_solve = rating(page)
    assert after_solve > after_miss
    # a second try at a rated puzzle does not count again
    open_puzzle(page, "p03-save-the-stealth")
    for move in winning_moves("p03-save-the-stealth"):
        play(page, move)
    assert rating(page) == after_solve
    page.reload()
    page.wait_for_function("document.body.dataset.ready", timeout=STEP_TIMEOUT_MS)
    page.evaluate("location.hash = '#puzzles'")
    expect(page.locator("#puzzle-player-rating")).to_contain_text(str(round(after_solve)))
    saved = page.evaluate("JSON.parse(localStorage.getItem('pwtcg.puzzleRating'))")
    assert saved["rated"] == {"p03-save-the-stealth": -1, "p01-burn-the-lucky": 1} and saved["games"] == 2


def test_a_streak_goes_on_after_a_solve_and_ends_on_a_miss(page: Page) -> None:
    open_app(page, query="speed=0#puzzles")
    page.click("#puzzle-streak-start")
    page.wait_for_function("window.pwtcgLearn?.puzzle?.()?.status === 'playing'", timeout=STEP_TIMEOUT_MS)
    first = state_of(page)["id"]
    assert PUZZLES[first].rating == min(p.rating for p in PUZZLES.values())
    for move in winning_moves(first):
        play(page, move)
    expect(page.locator("#puzzle-streak")).to_have_text("Streak: 1 solved")
    page.click("#puzzle-streak-next")
    page.wait_for_function("id => (s => Boolean(s) && s.id !== id && s.status === 'playing')(window.pwtcgLearn?.puzzle?.())",
                           arg=first, timeout=STEP_TIMEOUT_MS)
    second = state_of(page)["id"]
    assert PUZZLES[second].rating >= PUZZLES[first].rating
    play(page, wrong_move(second))
    expect(page.locator("#puzzle-streak")).to_contain_text("Streak over: 1 solved")
    saved = page.evaluate("JSON.parse(localStorage.getItem('pwtcg.puzzleRating')).streak")
    assert saved["active"] is False and saved["best"] == 1 and saved["ids"] == [first]


def fnv(day: str) -> int:
    h = 2166136261
    for ch in day:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


def daily(day: str) -> str:
    pool = sorted(PUZZLES)
    return pool[fnv(day) % len(pool)]


def daily_on(page: Page, when: dt.datetime) -> str:
    page.goto("about:blank")   # a fresh document: the same URL again would only move to its #fragment
    page.clock.set_fixed_time(when)
    open_app(page, query="speed=0#puzzles")
    expect(page.locator("#puzzle-daily")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    return page.get_attribute("#puzzle-daily", "data-puzzle")


def test_the_daily_puzzle_is_the_same_all_day_and_changes_the_next(page: Page) -> None:
    day = dt.date(2027, 3, 10)
    while daily(day.isoformat()) == daily((day + dt.timedelta(days=1)).isoformat()):
        day += dt.timedelta(days=1)
    morning = daily_on(page, dt.datetime(day.year, day.month, day.day, 0, 5))
    assert morning == daily(day.isoformat())
    assert daily_on(page, dt.datetime(day.year, day.month, day.day, 23, 55)) == morning
    nxt = day + dt.timedelta(days=1)
    assert daily_on(page, dt.datetime(nxt.year, nxt.month, nxt.day, 0, 5)) != morning
    assert page.get_attribute("#puzzle-daily", "data-day") == nxt.isoformat()


def test_filters_by_theme_and_difficulty(page: Page) -> None:
    open_app(page, query="speed=0#puzzles")
    items = page.locator("#puzzles-screen .lesson-item")
    expect(items).to_have_count(len(PUZZLES), timeout=STEP_TIMEOUT_MS)
    page.select_option("#puzzle-filter-theme", "lucky")
    lucky = [p for p in PUZZLES.values() if "lucky" in p.themes]
    assert lucky
    expect(items).to_have_count(len(lucky))
    page.select_option("#puzzle-filter-difficulty", "3")
    both = {p.id for p in lucky if p.difficulty == 3}
    expect(items).to_have_count(len(both))
    assert {items.nth(k).get_attribute("data-puzzle") for k in range(items.count())} == both
    page.select_option("#puzzle-filter-theme", "")
    page.select_option("#puzzle-filter-source", "mined")
    mined3 = [p for p in PUZZLES.values() if p.generated and p.difficulty == 3]
    expect(items).to_have_count(len(mined3))
    expect(page.locator("#puzzle-count")).to_have_text(f"{len(mined3)} of {len(PUZZLES)} puzzles")


def test_a_generated_puzzle_plays_to_its_explanation(page: Page) -> None:
    pid = next(p.id for p in PUZZLES.values() if p.generated and p.kind == "win-this-turn")
    open_app(page, query=f"speed=0#puzzle/{pid}")
    page.wait_for_function("id => window.pwtcgLearn?.puzzle?.()?.id === id", arg=pid, timeout=STEP_TIMEOUT_MS)
    for move in winning_moves(pid):
        state = play(page, move)
    assert state["status"] == "solved"
    expect(page.locator("#puzzle-board")).to_contain_text(PUZZLES[pid].explanation["en"][:40])
    data = json.loads((ROOT / "cards" / "puzzles" / "generated" / f"{pid}.json").read_text(encoding="utf-8"))
    assert data["generated"]["winning_lines"] > 0


def test_the_vendored_glicko2_module_gives_glickmans_worked_example(page: Page) -> None:
    """The rating library as the page loads it (dist/js/vendor, from npm glicko2-lite): the example of
    Glickman's Glicko-2 paper (1500 ± 200 against 1400, 1550 and 1700) gives 1464.06 ± 151.52."""
    open_app(page, query="speed=0#puzzles")
    got = page.evaluate("""async () => { const rate = (await import('./js/vendor/glicko2-lite.js')).default;
        return rate(1500, 200, 0.06, [[1400, 30, 1], [1550, 100, 0], [1700, 300, 0]]); }""")
    assert abs(got["rating"] - 1464.06) < 0.05 and abs(got["rd"] - 151.52) < 0.05 and abs(got["vol"] - 0.06) < 1e-4


def test_an_embed_takes_a_generated_puzzle_like_a_hand_made_one(page: Page) -> None:
    """embed.html?puzzle=ID: the static first frame (built by build.py) shows the goal, then the live puzzle
    plays to solved."""
    pid = next(p.id for p in PUZZLES.values() if p.generated and p.kind == "survive")
    page.goto(f"embed.html?puzzle={pid}&lang=ja")
    page.wait_for_function("document.body.dataset.embed === 'static'", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".learn-say")).to_have_text(PUZZLES[pid].goal["ja"])
    page.goto(f"embed.html?puzzle={pid}&autostart=1")
    page.wait_for_function("document.body.dataset.embed === 'live'", timeout=BOOT_TIMEOUT_MS)
    for move in winning_moves(pid):
        before = page.evaluate("JSON.stringify(window.pwtcgEmbed.state())")
        page.locator(f".learn-option[data-action='{move}']").click()
        page.wait_for_function("n => JSON.stringify(window.pwtcgEmbed.state()) !== n", arg=before, timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("window.pwtcgEmbed.state()?.status === 'solved'", timeout=STEP_TIMEOUT_MS)
