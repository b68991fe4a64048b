"""Acting on the cards themselves: a click on a hand card plays it, a click on a Pal then on its target attacks,
a click on a Pal blocks, a click on a highlighted card answers an effect's choice; only legal cards light up,
a click on any other does nothing, Escape forgets a half-made choice; and a whole game played that way."""

from __future__ import annotations

import random
import re

import pytest
from layout_checks import fit_problems
from playmat_page import (
    act_by_cards,
    axe_violations,
    card_on_mat,
    card_options,
    click_option,
    continue_damage,
    human_decisions,
    open_app,
    options,
    scenario_query,
    sent_actions,
    start_from_screen,
    state,
    use_step_mode,
    wait_for_human_turn,
    watch_actions,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

VANILLA = "ETD01-013"      # Jolthog Cryst: a Pal without abilities (cost 1)
STONE_PIT = "ETD01-008"    # a structure
IGNIS_BREATH = "ETD01-011" # event (Quick): choose a Pal, deal it 500 damage
JORMUNTIDE = "EBP01-001"   # Pal with an ability that has two ways to pay its cost
VICTOR = "EBP01-046"       # Victor's Strategy: one mode looks at the top 5 cards of the deck, 1 of them to the hand
RANCH = "EBP01-066"        # a structure
FOXPARKS = "EBP01-006"

SELECTED = re.compile(r"\bact-selected\b")
TARGET = re.compile(r"\bact-target\b")
INERT = re.compile(r"\bact-inert\b")
LEGAL = re.compile(r"\bactionable\b")


def ids(page: Page, seat: int, zone: str, number: str) -> list[int]:
    return [c["id"] for c in state(page)["view"]["players"][seat][zone] or [] if c["number"] == number]


def start(page: Page, scenario: dict) -> None:
    watch_actions(page)
    open_app(page, "/", scenario_query(scenario, mode="computer"))
    assert wait_for_human_turn(page) == "decision"


def clicks_do_nothing(page: Page, *cards) -> None:
    """A click on each of these cards sends nothing and opens nothing."""
    before = len(sent_actions(page))
    for card in cards:
        expect(card).to_have_class(INERT)
        card.click()
        expect(page.locator("#card-menu")).to_be_hidden()
        expect(page.locator("#card-zoom")).to_be_hidden()
    page.wait_for_timeout(200)
    assert len(sent_actions(page)) == before


BATTLE = {
    "turn": 5, "turn_player": 0, "phase": "main",
    "players": [
        {"hand": [VANILLA], "base": [VANILLA, STONE_PIT], "souls": {"standing": 3}},
        {"hand": [VANILLA], "base": [{"card": VANILLA, "rested": True}], "souls": {"standing": 2}},
    ],
}


def test_a_click_on_a_hand_card_plays_it(page: Page) -> None:
    start(page, BATTLE)
    [card] = ids(page, 0, "hand", VANILLA)
    hand_card = card_on_mat(page, card)
    expect(hand_card).to_have_class(LEGAL)
    expect(page.locator("#act-hint")).to_be_visible()
    before = len(ids(page, 0, "base", VANILLA))
    act_by_cards(page, next(o for o in state(page)["decision"]["options"] if o["action"] == f"play {card}"))
    assert wait_for_human_turn(page) == "decision"
    assert len(ids(page, 0, "base", VANILLA)) == before + 1
    assert state(page)["view"]["players"][0]["hand"] == []


def test_attack_a_pal_by_clicking_the_attacker_then_the_target(page: Page) -> None:
    start(page, BATTLE)
    [attacker] = ids(page, 0, "base", VANILLA)
    [target] = ids(page, 1, "base", VANILLA)
    pal, enemy = card_on_mat(page, attacker), card_on_mat(page, target)
    expect(enemy).not_to_have_class(TARGET)   # targets light up only once an attacker is chosen
    pal.click()
    expect(pal).to_have_class(SELECTED)
    expect(pal).to_have_attribute("aria-pressed", "true")
    expect(enemy).to_have_class(TARGET)
    expect(page.locator("#playmat [data-act='player-target']")).to_have_count(1)
    expect(page.locator("#act-hint")).to_contain_text("Jolthog")
    assert sent_actions(page) == []
    enemy.click()
    page.wait_for_function("() => window.__acted.length === 1")
    assert sent_actions(page) == [f"attack {attacker} {target}"]
    situation = wait_for_human_turn(page)
    assert situation in ("decision", "over"), situation
    expect(page.locator("#playmat .card.act-selected")).to_have_count(0)


def test_a_direct_attack_is_a_click_on_the_opponents_life(page: Page) -> None:
    use_step_mode(page)   # the damage check waits for Continue, so the test sees it follow the hit
    start(page, BATTLE)
    [attacker] = ids(page, 0, "base", VANILLA)
    option = next(o for o in state(page)["decision"]["options"] if o["action"] == f"attack {attacker} player")
    life = page.locator("#playmat [data-testid='life-1']")
    expect(life).not_to_have_attribute("data-act", "player-target")
    act_by_cards(page, option)
    assert wait_for_human_turn(page) == "damage"   # the opponent's damage check follows the hit
    continue_damage(page)
    assert state(page)["view"]["players"][1]["life"] == 9


def test_a_half_made_choice_is_cancelled_by_escape_and_other_cards_do_nothing(page: Page) -> None:
    start(page, BATTLE)
    [attacker] = ids(page, 0, "base", VANILLA)
    [pit] = ids(page, 0, "base", STONE_PIT)
    [hand] = ids(page, 0, "hand", VANILLA)
    pal = card_on_mat(page, attacker)
    pal.click()
    expect(pal).to_have_class(SELECTED)
    # while the target is asked for, a card that is not one does nothing: neither plays nor opens a menu
    clicks_do_nothing(page, card_on_mat(page, hand), card_on_mat(page, pit))
    expect(pal).to_have_class(SELECTED)
    # a change of language keeps the choice and says it in the new language
    page.click("#lang-toggle")
    expect(page.locator("#act-hint")).to_contain_text("のアタック")
    expect(page.locator("#act-hint button.act-cancel")).to_have_text("キャンセル（Esc）")
    expect(card_on_mat(page, attacker)).to_have_class(SELECTED)
    pal = card_on_mat(page, attacker)
    page.keyboard.press("Escape")
    expect(pal).not_to_have_class(SELECTED)
    expect(page.locator("#playmat .act-target")).to_have_count(0)
    expect(page.locator("#playmat [data-act='player-target']")).to_have_count(0)
    expect(page.locator("#playmat .card.act-inert")).to_have_count(0)
    # the Cancel button does the same (a phone has no Escape), and so does a second click on the attacker
    pal.click()
    page.locator("#act-hint button.act-cancel").click()
    expect(pal).not_to_have_class(SELECTED)
    pal.click()
    pal.click()
    expect(pal).not_to_have_class(SELECTED)
    assert sent_actions(page) == []
    # the decision is untouched: the option list still takes the attack
    click_option(page, f"attack {attacker} player")
    assert sent_actions(page) == [f"attack {attacker} player"]


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_chosen_attacker_and_its_targets_pass_the_audit_and_the_keyboard(page: Page, theme: str) -> None:
    """axe-core finds no serious problem while a target is asked for; the opponent's life, a target then, is
    reached with Tab and attacked with Enter."""
    page.add_init_script(f"localStorage.setItem('pwtcg.settings', JSON.stringify({{theme: '{theme}'}}))")
    start(page, BATTLE)
    [attacker] = ids(page, 0, "base", VANILLA)
    card_on_mat(page, attacker).click()
    life = page.locator("#playmat [data-act='player-target']")
    expect(life).to_have_attribute("role", "button")
    expect(life).to_have_attribute("aria-label", re.compile("Jolthog"))
    assert axe_violations(page, "#game-screen") == []
    life.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__acted.length === 1")
    assert sent_actions(page) == [f"attack {attacker} player"]


def test_a_card_with_several_options_opens_its_menu_by_the_card(page: Page) -> None:
    scenario = {"turn": 5, "turn_player": 0, "phase": "main",
                "players": [{"hand": [VANILLA, VANILLA], "base": [JORMUNTIDE], "souls": {"standing": 4}},
                            {"hand": [], "base": [{"card": VANILLA, "rested": True}], "souls": {"standing": 2}}]}
    start(page, scenario)
    [big] = ids(page, 0, "base", JORMUNTIDE)
    own = [o for o in state(page)["decision"]["options"] if o["cards"][:1] == [big]]
    activations = [o["action"] for o in own if o["kind"] == "activate"]
    assert len(activations) == 2 and any(o["kind"] == "attack" for o in own), own
    card_on_mat(page, big).click()
    menu = page.locator("#card-menu")
    expect(menu).to_be_visible()
    for action in activations:
        expect(menu.locator(f"button[data-action='{action}']")).to_be_visible()
    # the attacks are one item, which asks for the target on the board
    expect(menu.locator("button[data-action^='attack']")).to_have_count(0)
    menu.locator("button.act-attack").click()
    expect(menu).to_be_hidden()
    expect(card_on_mat(page, big)).to_have_class(SELECTED)
    [enemy] = ids(page, 1, "base", VANILLA)
    expect(card_on_mat(page, enemy)).to_have_class(TARGET)
    page.keyboard.press("Escape")
    act_by_cards(page, next(o for o in own if o["action"] == activations[1]))
    assert sent_actions(page) == [activations[1]]


def test_an_effects_target_is_a_click_on_a_highlighted_card(page: Page) -> None:
    scenario = {"turn": 5, "turn_player": 0, "phase": "main",
                "players": [{"hand": [IGNIS_BREATH, VANILLA], "base": [VANILLA, STONE_PIT], "souls": {"standing": 3}},
                            {"hand": [], "base": [VANILLA, JORMUNTIDE], "souls": {"standing": 2}}]}
    start(page, scenario)
    [breath] = ids(page, 0, "hand", IGNIS_BREATH)
    act_by_cards(page, next(o for o in state(page)["decision"]["options"] if o["action"] == f"play {breath}"))
    assert wait_for_human_turn(page) == "decision"
    decision = state(page)["decision"]
    picks = {o["cards"][0] for o in decision["options"] if o["kind"] == "pick"}
    enemies = [c["id"] for c in state(page)["view"]["players"][1]["base"]]
    [big] = ids(page, 1, "base", JORMUNTIDE)
    assert set(enemies) <= picks
    # every legal target is highlighted; the structure and the hand card are not, and a click on them does nothing
    for card in picks:
        expect(card_on_mat(page, card)).to_have_class(TARGET)
    [pit] = ids(page, 0, "base", STONE_PIT)
    [hand] = ids(page, 0, "hand", VANILLA)
    for card in (pit, hand):
        expect(card_on_mat(page, card)).not_to_have_class(TARGET)
    clicks_do_nothing(page, card_on_mat(page, pit), card_on_mat(page, hand))
    act_by_cards(page, next(o for o in decision["options"] if o["cards"] == [big]))
    damaged = {c["id"]: c.get("damage", 0) for c in state(page)["view"]["players"][1]["base"]}
    assert damaged[big] == 500
    expect(page.locator("#playmat .act-target")).to_have_count(0)


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)], ids=["1366x768", "390x844"])
def test_cards_off_the_mat_are_chosen_in_a_tray_over_it(page: Page, width: int, height: int) -> None:
    """Looking at the top of the deck (Victor's Strategy): the cards to choose from have no place on the mat, so
    they lie in a tray over it, highlighted, fully on screen; a click on one takes it to the hand and the tray
    goes away."""
    page.set_viewport_size({"width": width, "height": height})
    top = [STONE_PIT, RANCH, STONE_PIT, FOXPARKS, JORMUNTIDE]
    scenario = {"turn": 3, "turn_player": 0, "phase": "main",
                "players": [{"hand": [VICTOR, VANILLA], "base": [VANILLA], "souls": {"standing": 10},
                             "deck": top + [VANILLA] * 10},
                            {"hand": [VANILLA], "base": [VANILLA], "deck": [VANILLA] * 10}]}
    start(page, scenario)
    expect(page.locator("#pick-tray")).to_be_hidden()
    [victor] = ids(page, 0, "hand", VICTOR)
    click_option(page, f"play {victor}")
    assert wait_for_human_turn(page) == "decision"
    click_option(page, "mode 0")                     # look at the top 5 cards
    assert wait_for_human_turn(page) == "decision"
    picks = {o["cards"][0]: o for o in state(page)["decision"]["options"]}
    tray = page.locator("#pick-tray")
    expect(tray).to_be_visible()
    expect(tray.locator(".card[data-id]")).to_have_count(5)
    for card in picks:
        expect(tray.locator(f".card[data-id='{card}']")).to_have_class(TARGET)
    assert fit_problems(page, sorted(picks)) == []
    assert axe_violations(page, "#pick-tray") == []
    [jormuntide] = [card for card, option in picks.items() if "Jormuntide" in option["label"]["en"]]
    act_by_cards(page, picks[jormuntide])
    assert sent_actions(page)[-1] == picks[jormuntide]["action"]
    assert JORMUNTIDE in [c["number"] for c in state(page)["view"]["players"][0]["hand"]]
    expect(tray).to_be_hidden()


def test_block_by_clicking_the_blocker_when_the_computer_attacks(page: Page) -> None:
    scenario = {"turn": 5, "turn_player": 1, "phase": "main",
                "players": [{"life": 1, "hand": [], "base": [VANILLA, STONE_PIT], "souls": {"standing": 2}},
                            {"hand": [], "base": [JORMUNTIDE], "souls": {"standing": 0}}]}
    start(page, scenario)
    decision = state(page)["decision"]
    assert decision["kind"] == "block", decision
    [blocker] = ids(page, 0, "base", VANILLA)
    [pit] = ids(page, 0, "base", STONE_PIT)
    expect(card_on_mat(page, blocker)).to_have_class(TARGET)
    expect(page.locator("#act-hint button.act-no-block")).to_be_visible()
    clicks_do_nothing(page, card_on_mat(page, pit))
    act_by_cards(page, next(o for o in decision["options"] if o["kind"] == "block"))
    assert sent_actions(page) == [f"block {blocker}"]
    assert state(page)["view"]["players"][0]["life"] == 1


def test_no_block_is_a_clear_control_beside_the_blockers(page: Page) -> None:
    scenario = {"turn": 5, "turn_player": 1, "phase": "main",
                "players": [{"life": 1, "hand": [], "base": [VANILLA], "souls": {"standing": 2}},
                            {"hand": [], "base": [JORMUNTIDE], "souls": {"standing": 0}}]}
    start(page, scenario)
    assert state(page)["decision"]["kind"] == "block"
    before = page.evaluate("window.pwtcg.updates()")
    page.locator("#act-hint button.act-no-block").click()
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=before)
    assert sent_actions(page) == ["pass"]


JOURNEY_VIEWPORTS = [(1366, 768), (1280, 720), (1920, 1080), (390, 844), (844, 390)]


@pytest.mark.parametrize(("width", "height"), JOURNEY_VIEWPORTS, ids=[f"{w}x{h}" for w, h in JOURNEY_VIEWPORTS])
def test_a_whole_game_against_the_computer_by_clicking_cards(page: Page, width: int, height: int) -> None:
    """At each laptop, desktop and phone size, every decision that has an option about cards on the mat is taken
    by clicking those cards (attacks first, plays sometimes); the option buttons only answer decisions about no
    card. At every decision the page does not scroll and your hand, the decision and every card an option is
    about (the legal attackers, targets and blockers) lie fully inside the window."""
    page.set_viewport_size({"width": width, "height": height})
    watch_actions(page)
    open_app(page)
    start_from_screen(page, mode="computer", seed=7, first="0")
    rng = random.Random(24)
    by_cards: dict[str, int] = {}
    by_buttons: list[str] = []
    decisions = 0
    turn_actions = 0
    last_turn = None
    for _ in human_decisions(page, 60):
        view = state(page)["view"]
        if view["turn"] != last_turn:
            last_turn, turn_actions = view["turn"], 0
        on_cards = card_options(page)
        about = sorted({card for option in state(page)["decision"]["options"] for card in option["cards"]})
        assert fit_problems(page, about) == [], (decisions, fit_problems(page, about))
        if on_cards and turn_actions < 8:
            option = choose(on_cards, rng)
            act_by_cards(page, option)
            by_cards[option["kind"]] = by_cards.get(option["kind"], 0) + 1
            turn_actions += 1
        else:
            action = choose_button(options(page), state(page)["decision"], rng)
            click_option(page, action)
            by_buttons.append(action.split()[0])
        decisions += 1
    assert decisions >= 40 or page.is_visible("#gameover"), decisions
    # clicks on cards played, attacked and answered choices; the buttons answered only the decisions about no card
    assert by_cards.get("attack", 0) >= 3 and by_cards.get("play", 0) >= 3, by_cards
    assert sum(by_cards.values()) >= 15, (by_cards, by_buttons)
    print(f"by cards: {by_cards}; by buttons: {sorted(set(by_buttons))} ({len(by_buttons)})")


def choose(on_cards: list[dict], rng: random.Random) -> dict:
    """Attacks first (a Pal when one can be hit, else the player), else mostly plays, else any other."""
    attacks = [o for o in on_cards if o["kind"] == "attack"]
    if attacks:
        return rng.choice(attacks)
    plays = [o for o in on_cards if o["kind"] == "play"]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(on_cards)


def choose_button(actions: list[str], decision: dict, rng: random.Random) -> str:
    """A decision with no option about a card on the mat: keep the hand, go first, end or pass, else any."""
    for preferred in ("keep", "first", "end", "pass", "done", "no"):
        if preferred in actions:
            return preferred
    return rng.choice(actions)
