"""A game that flows: damage checks play by themselves (step mode waits for Continue), the pause button holds the
computer, nothing seen before plays again after Continue, Rewind or Play from here, and no announcement tells a
damage check's result before its last card is on screen."""

from __future__ import annotations

import json

import pytest
from playmat_page import (
    STEP_TIMEOUT_MS,
    click_and_wait,
    click_option,
    continue_damage,
    open_app,
    options,
    scenario_query,
    start_from_screen,
    state,
    use_step_mode,
    wait_for_human_turn,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

VANILLA = "ETD01-013"      # Jolthog Cryst: a Pal without abilities
SURFENT = "EBP01-037"      # a Pal without abilities that hits the player for 2: a damage check of two cards
LUCKY = "EBP01-001"        # Jormuntide Ignis, a Lucky Pal


def attack_scenario(deck: list[str], attackers: int = 1) -> dict:
    """Player 1 (the human) attacks player 2 (the computer), whose base is empty, with Surfent."""
    return {"turn": 3, "turn_player": 0, "phase": "main",
            "players": [{"hand": [], "base": [SURFENT] * attackers, "souls": {"standing": 2}},
                        {"hand": [], "base": [], "souls": {"standing": 2}, "deck": deck}]}


def checks_shown(page: Page) -> int:
    """Damage checks this page opened (the overlay counts them)."""
    return int(page.get_attribute("#damage-overlay", "data-check") or 0)


def attack_player(page: Page) -> None:
    click_option(page, next(o for o in options(page) if o.startswith("attack ") and o.endswith(" player")))


def test_a_damage_check_plays_by_itself_without_a_click(page: Page) -> None:
    """At ?speed=0 the check is over at once; at the real pace its cards turn over and it closes by itself."""
    open_app(page, "/", scenario_query(attack_scenario([VANILLA] * 10), mode="computer"))
    assert wait_for_human_turn(page) == "decision"
    attack_player(page)
    assert wait_for_human_turn(page) == "decision"
    assert checks_shown(page) == 1
    expect(page.locator("#damage-overlay")).to_be_hidden()
    assert state(page)["view"]["players"][1]["life"] == 8

    page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'fast', animation: 'off'}))")
    open_app(page, "/", scenario_query(attack_scenario([VANILLA] * 10), mode="computer").replace("speed=0", "speed=1"))
    assert wait_for_human_turn(page) == "decision"
    # the computer's life on the mat drops when the check's result is shown, not before
    page.evaluate("""() => {
        window.__life = [];
        const overlay = document.getElementById('damage-overlay');
        new MutationObserver(() => window.__life.push([overlay.dataset.result || '',
            document.querySelector('[data-testid="life-1"] .stat-value').textContent]))
            .observe(overlay, {attributes: true, attributeFilter: ['data-cards', 'data-result']});
    }""")
    attack = next(o for o in options(page) if o.startswith("attack ") and o.endswith(" player"))
    page.click(f"#options button.option[data-action='{attack}']")
    overlay = page.locator("#damage-overlay")
    expect(overlay).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#damage-pause")).to_be_visible()
    expect(overlay).to_have_attribute("data-cards", "2", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#damage-continue")).to_be_hidden()
    expect(overlay).to_be_hidden(timeout=STEP_TIMEOUT_MS)     # nobody clicked
    assert wait_for_human_turn(page) == "decision"
    assert state(page)["view"]["players"][1]["life"] == 8
    life = page.evaluate("window.__life")
    assert ["", "10"] in life and ["life_lost", "8"] in life, life
    assert all(shown == ("8" if result else "10") for result, shown in life), life


def test_in_step_mode_the_damage_check_waits_for_continue(page: Page) -> None:
    use_step_mode(page)
    open_app(page, "/", scenario_query(attack_scenario([VANILLA] * 10), mode="computer"))
    assert wait_for_human_turn(page) == "decision"
    attack_player(page)
    assert wait_for_human_turn(page) == "damage"
    page.wait_for_timeout(1000)
    expect(page.locator("#damage-overlay")).to_be_visible()
    expect(page.locator("#damage-result")).to_have_text("Computer loses 2 life.")
    expect(page.locator("#damage-pause")).to_be_hidden()
    continue_damage(page)
    expect(page.locator("#damage-overlay")).to_be_hidden()
    assert wait_for_human_turn(page) == "decision"


def test_pause_holds_the_computer_and_resume_lets_it_go_on(page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'slow', animation: 'off'}))")
    open_app(page, "/", "speed=1")
    start_from_screen(page, mode="computer", seed=5, first="1")   # the computer begins
    pause = page.locator("#pause")
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    expect(pause).to_have_text("Resume")
    expect(page.locator("#announcer")).to_have_text("Game paused.")
    assert state(page)["computer_to_act"]
    held = page.evaluate("window.pwtcg.updates()")
    page.wait_for_timeout(4000)     # a slow computer makes a move every 1.4 s
    assert page.evaluate("window.pwtcg.updates()") == held
    assert state(page)["computer_to_act"]
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(pause).to_have_text("Pause")
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=held, timeout=STEP_TIMEOUT_MS)
    # the toast of a computer move lies over the strip between the sides, never over a player's counters
    toast = page.locator("#toast")
    for _ in range(60):      # keep the hand and let the computer play its first turn
        if toast.is_visible():
            break
        if wait_for_human_turn(page) == "decision" and not toast.is_visible():
            click_and_wait(page, "#options button.option >> nth=0")
    expect(toast).to_be_visible()
    overlaps = page.evaluate("""() => {
        const t = document.getElementById('toast').getBoundingClientRect();
        return [...document.querySelectorAll('#playmat .stats, #playmat .side-head')].map(s => s.getBoundingClientRect())
            .filter(r => r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom).length;
    }""")
    assert overlaps == 0


def test_the_keyboard_pauses_and_other_screens_hold_the_game(page: Page) -> None:
    page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'slow', animation: 'off'}))")
    open_app(page, "/", "speed=1")
    start_from_screen(page, mode="computer", seed=5, first="1")
    page.keyboard.press("p")
    expect(page.locator("#pause")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("p")
    expect(page.locator("#pause")).to_have_attribute("aria-pressed", "false")
    # while the rules are read, the computer's moves wait for the playmat
    page.evaluate("location.hash = '#rules'")
    page.wait_for_function("document.getElementById('app').dataset.state === 'rules'")
    expect(page.locator("#pause")).to_be_hidden()
    held = page.evaluate("window.pwtcg.updates()")
    page.wait_for_timeout(3500)
    assert page.evaluate("window.pwtcg.updates()") <= held + 1    # at most the answer already under way
    away = page.evaluate("window.pwtcg.updates()")
    page.wait_for_timeout(2000)
    assert page.evaluate("window.pwtcg.updates()") == away
    page.evaluate("location.hash = '#play'")
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=away, timeout=STEP_TIMEOUT_MS)


def test_no_damage_check_plays_again_after_rewind_or_continue(page: Page) -> None:
    open_app(page, "/", scenario_query(attack_scenario([VANILLA] * 10, attackers=2), mode="computer"))
    for _ in range(2):
        assert wait_for_human_turn(page) == "decision"
        attack_player(page)
    assert wait_for_human_turn(page) == "decision"
    assert checks_shown(page) == 2
    click_and_wait(page, "#options button.option[data-key='E']")     # end the turn; the computer plays its turn
    page.wait_for_function("() => { const s = window.pwtcg.state(); return s.decision && !s.computer_to_act"
                           " && s.view.turn > 3; }", timeout=STEP_TIMEOUT_MS)
    shown = checks_shown(page)      # the computer's turn may have brought checks of its own
    # Rewind: back to the human's last decision; both checks are in the log, none is shown again
    click_and_wait(page, "#undo")
    assert wait_for_human_turn(page) == "decision"
    assert checks_shown(page) == shown
    assert page.locator("#log li[data-kind='damage_check_start']").count() >= 2
    page.wait_for_timeout(500)      # the save of the latest state is written
    # Continue after a reload: the saved game comes back, its log too, and no check opens
    open_app(page, "/", "speed=0")
    page.click("#continue-game")
    page.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
    assert wait_for_human_turn(page) == "decision"
    assert page.locator("#log li[data-kind='damage_check_start']").count() >= 2
    assert checks_shown(page) == 0


def test_no_damage_check_plays_again_after_play_from_here(page: Page) -> None:
    import cards
    from engine import Game, links, view
    from engine.clients.ai import best_bot
    from engine.deck import parse_code

    decks = cards.decks()
    game = Game.new(parse_code(decks["etd01-red-blue"]["code"]), parse_code(decks["etd02-green-purple"]["code"]), 5)
    bots = [best_bot(5), best_bot(6)]
    while game.decision is not None:
        game.apply(bots[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
    at = len(game.choices) - 1        # the last decision before the end
    assert sum(e.kind == "damage_check_start" for e in game.rewind(at).log) >= 1   # something that could play again
    open_app(page, "/", f"speed=0#watch/{links.encode(game)}")
    screen = page.locator("#replay-screen")
    expect(screen).to_be_visible(timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("document.getElementById('replay-screen').dataset.n", timeout=STEP_TIMEOUT_MS)
    page.locator("#rp-timeline").fill(str(at))
    expect(screen).to_have_attribute("data-n", str(at))
    page.click("#rp-from-hotseat")
    expect(page.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert wait_for_human_turn(page) == "pass"
    assert checks_shown(page) == 0
    page.click("#pass-ready")
    assert wait_for_human_turn(page) == "decision"
    assert page.locator("#log li[data-kind='damage_check_start']").count() >= 1
    assert checks_shown(page) == 0


def test_the_lucky_pal_is_announced_only_after_the_last_card_is_shown(page: Page) -> None:
    """The live region, the toast and the log say nothing of the check's result while its cards are still turning
    over."""
    page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'fast', animation: 'off'}))")
    scenario = attack_scenario([VANILLA, LUCKY] + [VANILLA] * 8)
    open_app(page, "/", scenario_query(scenario, mode="computer").replace("speed=0", "speed=1"))
    assert wait_for_human_turn(page) == "decision"
    page.evaluate("""() => {
        window.__told = [];
        const overlay = document.getElementById('damage-overlay');
        const note = (where) => () => window.__told.push({where, cards: overlay.dataset.cards || '',
            open: !overlay.hidden, text: document.getElementById(where).textContent});
        for (const where of ['announcer', 'toast', 'damage-result', 'log']) {
            new MutationObserver(note(where)).observe(document.getElementById(where),
                {childList: true, characterData: true, subtree: true});
        }
    }""")
    attack = next(o for o in options(page) if o.startswith("attack ") and o.endswith(" player"))
    page.click(f"#options button.option[data-action='{attack}']")
    expect(page.locator("#damage-overlay")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#damage-overlay")).to_be_hidden(timeout=STEP_TIMEOUT_MS)
    assert wait_for_human_turn(page) == "decision"
    told = page.evaluate("window.__told")
    lucky = [entry for entry in told if "Lucky Pal" in entry["text"]]
    assert lucky, json.dumps(told)
    assert all(entry["cards"] == "2" for entry in lucky), json.dumps(told)
    assert any(entry["where"] == "announcer" for entry in lucky)
    assert any(entry["where"] == "log" for entry in lucky)
    assert state(page)["view"]["players"][1]["life"] == 10
