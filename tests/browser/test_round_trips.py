"""One worker round trip per human decision, in Chromium: a click sends ``playmat.act`` and nothing else, each of the
computer's decisions one ``playmat.computer_step``, and the autosave stores the save those answers carry."""

from __future__ import annotations

import pytest
from playmat_page import (
    STEP_TIMEOUT_MS,
    continue_damage,
    open_app,
    start_from_screen,
    state,
    wait_for_human_turn,
)
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

ACT, COMPUTER_STEP = "playmat.act", "playmat.computer_step"
DECISIONS = 8

# The decisions of every game stored (in progress or, once over, as a replay).
STORED = """() => new Promise((ok, fail) => { const r = indexedDB.open('pwtcg');
    r.onsuccess = () => { const t = r.result.transaction(['saves', 'replays']); const all = [];
      for (const store of ['saves', 'replays']) t.objectStore(store).getAll().onsuccess = (e) => all.push(...e.target.result);
      t.oncomplete = () => ok(all.map((e) => e.summary.decisions)); t.onerror = fail; }; r.onerror = fail; })"""


def human_turn(page: Page) -> str:
    """Close damage checks until the human decides again (or the game is over)."""
    while (turn := wait_for_human_turn(page)) == "damage":
        continue_damage(page)
    return turn


def sent_since(page: Page, before: dict) -> dict:
    now = page.evaluate("window.pwtcg.requests()")
    return {name: count - before.get(name, 0) for name, count in now.items() if count != before.get(name, 0)}


def test_a_decision_costs_one_request_and_the_game_is_still_saved(page: Page) -> None:
    open_app(page)
    start_from_screen(page, seed=11, first="0")
    decided = 0
    while decided < DECISIONS and human_turn(page) == "decision":
        before, choices = page.evaluate("window.pwtcg.requests()"), state(page)["choices"]
        updates = page.evaluate("window.pwtcg.updates()")
        page.locator("#options button.option").last.click()
        page.wait_for_function("n => window.pwtcg.updates() > n", arg=updates, timeout=STEP_TIMEOUT_MS)
        turn = human_turn(page)
        sent = sent_since(page, before)
        assert sent.get(ACT) == 1 and set(sent) <= {ACT, COMPUTER_STEP}, sent
        # every computer_step is one decision of the computer (the human's empty quick steps pass with no request)
        assert sent.get(COMPUTER_STEP, 0) <= state(page)["choices"] - choices - 1, sent
        page.wait_for_function(f"() => ({STORED})().then((d) => d.includes({state(page)['choices']}))",
                               timeout=STEP_TIMEOUT_MS)
        decided += 1
        if turn == "over":
            break
    assert decided >= 3, decided
    sent = page.evaluate("window.pwtcg.requests()")
    print(f"{decided} human decisions: requests sent {sent}")
    assert "saves.current" not in sent


def test_a_refused_request_is_shown_and_the_game_stays(page: Page) -> None:
    """An unknown request or a bad argument comes back as one readable line (the worker's ProtocolError); the
    playmat keeps its game and takes the next decision."""
    open_app(page)
    start_from_screen(page, seed=5, first="0")
    assert human_turn(page) == "decision"
    before = state(page)
    errors = page.evaluate("""async () => { const out = [];
        for (const [method, argument] of [['playmat.nope', null], ['playmat.act', {action: 'end'}]]) {
          try { await window.pwtcg.call(method, argument); out.push('answered'); }
          catch (error) { out.push(`${error.type}: ${error.message}`); } }
        return out; }""")
    assert errors[0].startswith("ProtocolError: unknown request 'playmat.nope'"), errors
    assert errors[1] == "ProtocolError: request 'playmat.act' takes a text, not object", errors
    assert state(page) == before
    updates = page.evaluate("window.pwtcg.updates()")
    page.locator("#options button.option").first.click()
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=updates, timeout=STEP_TIMEOUT_MS)
    assert state(page)["choices"] > before["choices"]
