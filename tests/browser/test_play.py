"""Playing through the page as a person would: by clicking (and by keyboard), in both languages."""

from __future__ import annotations

import re

import pytest
from playmat_page import (
    click_and_wait,
    click_option,
    continue_damage,
    open_app,
    options,
    pass_device,
    play_decisions,
    scenario_query,
    start_from_screen,
    state,
    use_step_mode,
    wait_for_human_turn,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

VANILLA = "ETD01-013"      # Jolthog Cryst: a Pal without abilities
ASSIGNEE = "ETD01-003"     # Kelpsea Ignis: the Pal assigned to the structure
STONE_PIT = "ETD01-008"    # structure: [Assign 1 Pal] get 3 Material, draw 1 card
FOXPARKS = "ETD01-004"     # Interrupt from hand (Quick): nullify the opponent's attack
LUCKY = "EBP01-001"        # Jormuntide Ignis, a Lucky Pal

# Player 1 (seat 0) attacks three times into player 2, who blocks once, interrupts once and is saved by
# a Lucky Pal on top of the deck in the damage check of the third attack.
BATTLE_SCENARIO = {
    "turn": 3, "turn_player": 0, "phase": "main",
    "players": [
        {"hand": [], "base": [VANILLA, VANILLA, VANILLA, ASSIGNEE, STONE_PIT], "souls": {"standing": 3}},
        {"hand": [FOXPARKS, VANILLA], "base": [VANILLA], "souls": {"standing": 2}, "deck": [LUCKY] + [VANILLA] * 10},
    ],
}


def ids_of(page: Page, seat: int, zone: str, number: str) -> list[int]:
    cards = state(page)["view"]["players"][seat][zone] or []
    return [c["id"] for c in cards if c["number"] == number]


def expect_decision(page: Page, player: int, kind: str) -> None:
    assert wait_for_human_turn(page) == "decision"
    decision = state(page)["decision"]
    assert (decision["player"], decision["kind"]) == (player, kind), decision


def answer_after_pass(page: Page, player: int, kind: str) -> None:
    """Hot-seat: the device goes to the other player, whose cards are not on the page until they confirm."""
    assert wait_for_human_turn(page) == "pass"
    expect(page.locator("#playmat")).to_have_class("concealed")
    hand = state(page)["view"]["players"][player]["hand"]
    for card in hand:  # the next player's hand is in the state, but not drawn yet
        expect(page.locator(f"#playmat .card[data-id='{card['id']}']")).to_have_count(0)
    pass_device(page)
    expect_decision(page, player, kind)
    expect(page.locator("#side-bottom .hand .card:not(.back)")).to_have_count(len(hand))


def test_hotseat_block_interrupt_assignment_and_lucky_damage_check(page: Page) -> None:
    use_step_mode(page)   # the damage check waits for Continue, to be read here
    open_app(page, "/", scenario_query(BATTLE_SCENARIO))
    # Even the first decision of a hot-seat game waits until its player has the device.
    answer_after_pass(page, 0, "main")
    attackers = ids_of(page, 0, "base", VANILLA)
    assignee = ids_of(page, 0, "base", ASSIGNEE)[0]
    pit = ids_of(page, 0, "base", STONE_PIT)[0]
    blocker = ids_of(page, 1, "base", VANILLA)[0]
    # Player 2's hand is hidden from player 1.
    expect(page.locator("#side-top .hand .card.back")).to_have_count(2)

    # Structure assignment by clicking the structure: its one ability is what a click on it does.
    assert [o["action"] for o in state(page)["decision"]["options"] if o["cards"][:1] == [pit]] == [f"activate {pit} 0"]
    click_and_wait(page, f"#playmat .card[data-id='{pit}']")
    expect_decision(page, 0, "cost")
    click_option(page, f"pick {assignee}")
    expect_decision(page, 0, "main")
    assert state(page)["view"]["players"][0]["material"] == 3
    expect(page.locator(f"#side-bottom .card[data-id='{assignee}']")).to_have_class(re.compile(r"\brested\b"))

    # Attack 1 is blocked.
    click_option(page, f"attack {attackers[0]} player")
    answer_after_pass(page, 1, "block")
    click_option(page, f"block {blocker}")
    expect_decision(page, 1, "quick")
    click_option(page, "pass")
    answer_after_pass(page, 0, "main")
    assert state(page)["view"]["players"][1]["life"] == 10
    expect(page.locator("#log li[data-kind='block']")).to_have_count(1)

    # Attack 2 is nullified by Foxparks' Interrupt in the quick step.
    click_option(page, f"attack {attackers[1]} player")
    answer_after_pass(page, 1, "quick")
    foxparks = ids_of(page, 1, "hand", FOXPARKS)[0]
    interrupt = next(o for o in options(page) if o.startswith(f"activate {foxparks} "))
    click_option(page, interrupt)
    answer_after_pass(page, 0, "main")
    # A card that changes zones is a new object with a new id (4.1): look it up by number.
    assert len(ids_of(page, 1, "graveyard", FOXPARKS)) == 1
    assert state(page)["view"]["players"][1]["hand_count"] == 1
    expect(page.locator("#log li[data-kind='nullified']")).to_have_count(1)
    assert state(page)["view"]["players"][1]["life"] == 10
    # Browse player 2's graveyard: the discarded Foxparks is there.
    page.locator("#side-top .pile-graveyard").click()
    expect(page.locator("#zone-dialog")).to_be_visible()
    expect(page.locator(f"#zone-cards .card[data-number='{FOXPARKS}']")).to_have_count(1)
    page.locator("#zone-dialog form button").click()
    expect(page.locator("#zone-dialog")).to_be_hidden()

    # Attack 3 hits: the damage check reveals the Lucky Pal and the damage is cancelled.
    click_option(page, f"attack {attackers[2]} player")
    kind = wait_for_human_turn(page)
    if kind == "pass":  # player 2 may still get a quick step (e.g. a second way to pay), and passes
        pass_device(page)
        click_option(page, "pass")
        kind = wait_for_human_turn(page)
    assert kind == "damage"
    overlay = page.locator("#damage-overlay")
    expect(overlay.locator(".damage-card")).to_have_count(1)
    expect(overlay.locator(".damage-card.lucky .card")).to_have_attribute("data-number", LUCKY)
    expect(page.locator("#damage-result")).to_have_text("Lucky Pal! The damage is cancelled.")
    continue_damage(page)
    expect(overlay).to_be_hidden()
    # The device goes back to player 1: until it is passed, no log lines are on screen (those that follow
    # are redacted for player 1, and player 2 still holds the device).
    assert wait_for_human_turn(page) == "pass"
    expect(page.locator("#log li")).to_have_count(0)
    pass_device(page)
    assert state(page)["view"]["players"][1]["life"] == 10
    expect(page.locator("#log li[data-kind='damage_cancelled']")).to_have_count(1)


def test_a_whole_game_against_the_computer_by_clicking(page: Page) -> None:
    """Click through a complete game: keep, play what is playable, attack, never block, end turns."""
    open_app(page)
    start_from_screen(page, mode="computer", seed=3, first="0")
    clicks = play_decisions(page, 800, preferred)
    final = state(page)
    assert final["view"]["outcome"] is not None, f"no result after {clicks} clicks"
    assert final["decision"] is None
    outcome = final["view"]["outcome"]
    expect(page.locator("#gameover-winner")).to_contain_text("draw" if outcome["winner"] is None else "wins")
    lost = [p["life"] <= 0 or p["deck"] == 0 for p in final["view"]["players"]]
    assert any(lost)
    expect(page.locator("#log li[data-kind='game_over']")).to_have_count(1)


def preferred(choices: list[str]) -> str:
    """A plain strategy for the human: develop the board, attack the player, skip optional steps."""
    for prefix in ("keep", "first", "play ", "attack ", "pick ", "yes", "mode ", "x ", "done", "pass", "end"):
        for choice in choices:
            if choice.startswith(prefix) and " cost " not in choice:
                return choice
    return choices[0]


def test_language_switch_changes_the_whole_page(page: Page) -> None:
    open_app(page)
    start_from_screen(page, mode="computer", seed=7, first="0")
    assert wait_for_human_turn(page) == "decision"
    hand_card = page.locator("#side-bottom .hand .card").first
    hand_card.hover()
    english_text = page.inner_text("#card-detail-body")

    page.click("#lang-toggle")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator(".topbar h1")).to_have_text("パルワールド カードゲーム")
    expect(page.locator("#lang-toggle")).to_have_text("English")
    expect(page.locator("#side-bottom .stat-life .stat-label")).to_have_text("ライフ")
    expect(page.locator("#turn-track .phase[data-phase='main']")).to_have_text("メイン")
    # the log names the sides as the board does (あなた / コンピューター), in Japanese
    log_ja = page.inner_text("#log")
    assert "あなた" in log_ja and "コンピューター" in log_ja
    assert "Player" not in log_ja and "You" not in log_ja and "プレイヤー1" not in log_ja
    hand_card.hover()
    japanese_text = page.inner_text("#card-detail-body")
    assert japanese_text != english_text
    number = hand_card.get_attribute("data-number")
    catalog_ja = page.evaluate("n => window.pwtcg.call('playmat.hello').then(h => h.catalog[n].name.ja)", number)
    assert catalog_ja in japanese_text
    # The decision buttons are Japanese too: each option's Japanese label from the host (the presentation layer).
    options_now = state(page)["decision"]["options"]
    shown = page.inner_text("#options")
    assert options_now and all(o["label"]["ja"] in shown and o["label"]["en"] not in shown for o in options_now)

    page.keyboard.press("l")
    expect(page.locator(".topbar h1")).to_have_text("Palworld Card Game")


def test_undo_against_the_computer_rewinds_to_the_humans_decision(page: Page) -> None:
    open_app(page)
    start_from_screen(page, mode="computer", seed=21, first="0")
    assert wait_for_human_turn(page) == "decision"
    before = state(page)
    click_option(page, options(page)[0])
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")
    page.wait_for_function("n => window.pwtcg.state().choices === n", arg=before["choices"])
    after = state(page)
    assert after["decision"]["options"] == before["decision"]["options"]
    assert after["view"]["players"][0]["hand"] == before["view"]["players"][0]["hand"]


def test_keyboard_only_play(page: Page) -> None:
    """Start a game and answer decisions without the mouse: Tab/Enter/Space and the number keys."""
    open_app(page)
    page.locator("input[name=first][value='0']").check()  # radio set up; the rest is keyboard
    page.locator("#start-form button[type=submit]").focus()
    page.keyboard.press("Enter")
    assert wait_for_human_turn(page) == "decision"
    decision = state(page)["decision"]
    assert decision["kind"] == "redraw"
    before = page.evaluate("window.pwtcg.updates()")
    page.keyboard.press("1")  # the first option: keep
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=before)
    assert wait_for_human_turn(page) == "decision"
    # Focus a hand card with the keyboard and open its menu with Enter.
    main = state(page)["decision"]
    playable = [o["action"] for o in main["options"] if o["kind"] == "play"]
    card_id = int((playable or ["play " + str(state(page)["view"]["players"][0]["hand"][0]["id"])])[0].split()[1])
    page.locator(f"#side-bottom .card[data-id='{card_id}']").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#card-menu")).to_be_visible()
    page.keyboard.press("ArrowDown")  # moves within the menu, never out of it
    assert page.evaluate("document.activeElement.closest('#card-menu') !== null")
    expect(page.locator("#card-detail-body h3")).not_to_be_empty()
    page.keyboard.press("Escape")
    expect(page.locator("#card-menu")).to_be_hidden()
    expect(page.locator(f"#side-bottom .card[data-id='{card_id}']")).to_be_focused()


def test_phone_sized_playmat_fits_the_screen(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page)
    start_from_screen(page, mode="computer", seed=2, first="0")
    assert wait_for_human_turn(page) == "decision"
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    expect(page.locator("#options button.option").first).to_be_in_viewport()
    # The decision sheet folds away to show the mat, and comes back.
    page.click("#sheet-toggle")
    expect(page.locator("#options")).to_be_hidden()
    page.click("#sheet-toggle")
    expect(page.locator("#options button.option").first).to_be_in_viewport()


def test_a_pasted_deck_code_is_played_and_a_bad_one_is_explained(page: Page) -> None:
    open_app(page)
    deck_id = page.evaluate("window.pwtcg.call('playmat.hello').then(h => h.decks[1].id)")
    deck_code = page.evaluate("id => window.pwtcg.call('playmat.deck_code', id)", deck_id)  # what a player pastes
    page.fill("textarea[name=code0]", "EBP01-006x40")
    page.click("#start-form button[type=submit]")
    expect(page.locator("#start-error")).to_contain_text("50 cards")  # the deck rules, in the UI language
    expect(page.locator("#start-screen")).to_be_visible()

    page.fill("textarea[name=code0]", deck_code)
    start_from_screen(page, mode="computer", seed=4, first="0")
    assert wait_for_human_turn(page) == "decision"
    played = state(page)["view"]["players"][0]["hand"] or []
    pasted = set(deck_code_numbers(deck_code))
    assert played and {c["number"] for c in played} <= pasted


def deck_code_numbers(code: str) -> list[str]:
    return [entry.split("x")[0] for entry in code.split(",")]


def test_python_work_in_the_worker_never_freezes_the_page(page: Page) -> None:
    """A second of engine work (random games) runs while the main thread keeps ticking every frame."""
    open_app(page)
    gaps = page.evaluate(
        """async () => {
            let last = performance.now(), worst = 0, running = true;
            const tick = () => { const now = performance.now(); worst = Math.max(worst, now - last); last = now;
                                 if (running) requestAnimationFrame(tick); };
            requestAnimationFrame(tick);
            const started = performance.now();
            const result = await window.pwtcg.call('playmat.bench', {games: 500, seed: 3});
            running = false;
            return {worst, busy: performance.now() - started, games: result.games};
        }"""
    )
    assert gaps["games"] == 500
    # The worker was busy for a long while, and no frame of the page waited for it: work on the main thread
    # would make one gap as long as the whole run. (The bound is relative: on a machine whose other core is
    # busy with other tests a frame can be late by a few hundred ms, but never by half the run.)
    assert gaps["busy"] > 1000
    assert gaps["worst"] < gaps["busy"] / 2


def test_a_broken_scenario_is_explained_on_the_start_screen(page: Page) -> None:
    open_app(page, "/", scenario_query({"players": [{"life": "ten"}, {}]}))
    expect(page.locator("#start-screen")).to_be_visible()
    expect(page.locator("#start-error")).to_contain_text("scenario")
    expect(page.locator("#start-error")).to_contain_text("life")


def test_card_specific_choices_are_labelled_in_japanese(page: Page) -> None:
    """The modes of an event and the prompt of a choice come in the interface language."""
    strategy = "EBP01-023"   # an event with three modes
    scenario = {"players": [{"hand": [strategy], "souls": {"standing": 4}, "base": [VANILLA]},
                            {"base": [{"card": VANILLA, "rested": True}]}]}
    open_app(page, "/", scenario_query(scenario, mode="computer"))
    expect_decision(page, 0, "main")
    page.click("#lang-toggle")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    click_option(page, f"play {ids_of(page, 0, 'hand', strategy)[0]}")
    expect_decision(page, 0, "mode")
    labels = page.inner_text("#options")
    assert "【ダメージ】" in labels and "damage" not in labels
    click_option(page, "mode 0")
    expect_decision(page, 0, "target")
    # the prompt names the card whose ability asks (issue 11), in Japanese only
    name = page.evaluate("n => window.pwtcg.call('playmat.hello').then(h => h.catalog[n].name.ja)", strategy)
    prompt = page.inner_text("#decision-prompt")
    assert prompt.startswith(f"{name}の能力：") and "選んでください" in prompt
    assert not re.search("[A-Za-z]{2,}", prompt)


def test_a_pal_with_strike_below_zero_is_drawn(page: Page) -> None:
    """Strike can fall to 0 or below (official Q&A on Wumpo's -1 Strike): the board shows it, never breaks."""
    wumpo = {"card": "EBP01-033", "rested": True}
    scenario = {"players": [{"base": [VANILLA]}, {"base": [wumpo, wumpo]}]}
    open_app(page, "/", scenario_query(scenario, mode="computer"))
    expect(page.locator("#side-bottom .card[data-number='ETD01-013'] .card-strike")).to_have_text("✦-1")
    expect(page.locator("#side-top .card[data-number='EBP01-033'] .card-strike").first).to_have_text("✦✦✦")
