"""Why the computer moved (engine.opponents.why): one line for every kind of decision at every level, said in
English and Japanese from the computer's own view and scores; the same for twin games that differ only in cards
hidden from it, and telling nothing of its own hidden cards."""
from __future__ import annotations

import copy
import random
import re

import pytest
from kit import kind_positions, walk_twins

from engine import Game, view
from engine.bench import random_deck
from engine.clients.levels import LEVELS
from engine.model.actions import DecisionKind
from engine.opponents import make_player, why
from engine.scenario import load

PLAYOUTS = 8          # Strong with a fixed number of playouts: deterministic and fast
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SURFENT, MOSSANDA, JOLTHOG, PENGULLET, BUSHI = "EBP01-037", "ETD02-001", "ETD01-013", "ETD01-014", "EBP01-004"
# the computer (player 1) in its main phase: two Pals against a rested Jolthog and nothing else
FIGHT = {"turn": 4, "turn_player": 1, "phase": "main", "players": [
    {"base": [{"card": JOLTHOG, "rested": True}], "souls": {"standing": 2}},
    {"base": [SURFENT, MOSSANDA], "souls": {"standing": 0}}]}


def player(level: str, seed: int = 0):
    return make_player(level, seed, None, playouts=PLAYOUTS)


def said(level: str, game: Game, seed: int = 0) -> tuple[str, object]:
    """The move the level makes at the game's decision, and why (a Msg)."""
    bot = player(level, seed)
    seen = view(game, game.decision.player, log_tail=0)
    choice = bot.choose(seen).text
    return choice, why(bot, seen, choice)


def assert_one_line_in_both_languages(line) -> None:
    en, ja = line.text("en"), line.text("ja")
    assert en and ja and en != ja and "\n" not in en + ja
    assert "{" not in en + ja and not JAPANESE.search(en) and JAPANESE.search(ja), (en, ja)


@pytest.fixture(scope="module")
def positions() -> dict[str, tuple[Game, dict]]:
    return kind_positions()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_says_why_at_every_kind_of_decision_in_both_languages(positions, level) -> None:
    assert set(positions) == {k.value for k in DecisionKind}
    for kind, (_, seen) in positions.items():
        for seed in range(3):
            bot = player(level, seed)
            choice = bot.choose(copy.deepcopy(seen)).text
            line = why(bot, seen, choice)
            assert line.key.startswith("why.") and line.key != "why.default", (level, kind, choice, line.key)
            assert_one_line_in_both_languages(line)


def test_normal_says_an_attack_knocks_out_a_pal_no_one_can_guard() -> None:
    choice, line = said("normal", load(FIGHT))
    assert choice.startswith("attack ") and not choice.endswith("player")
    assert line.text("en") == ("Attacks Jolthog Cryst – Stoic Yet Innocent with Surfent – Swift Swimmer: its 700 "
                               "Power knocks it out (300 HP left) and no other Pal of yours stands to block.")
    assert line.text("ja") == ("スイスイスイマー – シーペントで堅物で純真 – コチグリにアタック：【戦闘力】700で倒せ"
                               "（あと300ダメージで倒れる）、ブロックできるあなたのパルが他にいない。")


def test_normal_says_a_knock_out_spares_it_a_block_next_turn() -> None:
    """At 2 life with one Pal against a rested Strike-2 Pal it can knock out: the attack is worth making only
    because that Pal will not hit next turn, and the line says so."""
    g = load({"turn": 4, "turn_player": 1, "phase": "main", "players": [
        {"base": [{"card": SURFENT, "rested": True}], "souls": {"standing": 0}},
        {"base": [MOSSANDA], "life": 2, "souls": {"standing": 0}}]})
    choice, line = said("normal", g)
    assert choice.startswith("attack ") and not choice.endswith("player")
    assert line.key == "why.attack_ko_threat"
    assert line.text("en") == ("Attacks Surfent – Swift Swimmer with Mossanda – Guard Captain: its 900 Power knocks it "
                               "out (700 HP left), so it need not stay home next turn to block that Pal.")
    assert JAPANESE.search(line.text("ja"))


def test_beginner_says_a_slip_is_a_slip() -> None:
    """Beginner's hasty moves (its seeded slips) are said as such, not dressed up as Normal's judgement."""
    keys = set()
    for seed in range(30):
        choice, line = said("beginner", load(FIGHT), seed)
        keys.add(line.key)
        if line.key.startswith("why.slip"):
            assert "beginner" in line.text("en") and "初心者" in line.text("ja")
    assert "why.attack_ko_open" in keys and keys & {"why.slip_attack", "why.slip_forgot"}


def test_strong_quotes_its_searched_chance_to_win() -> None:
    choice, line = said("strong", load(FIGHT))
    assert line.key in ("why.search", "why.search_close", "why.search_better")
    assert re.search(r"an estimated \d+% chance to win, against \d+%", line.text("en"))
    assert re.search(r"勝率の見込み\d+%", line.text("ja"))


def test_the_turn_order_is_said_with_the_choice_each_level_makes() -> None:
    """6.2.3: the player picked at random chooses; Strong goes second and says why (6.2.5), Normal goes first."""
    game = Game.new(random_deck(random.Random(1)), random_deck(random.Random(2)), seed=4)
    assert game.decision.kind == DecisionKind.FIRST
    assert said("strong", game) == ("second", "Goes second: the player going second starts with one more soul "
                                    "(6.2.5), and in the computer's own games the second player won more "
                                    "often.")
    assert said("strong", game)[1].text("ja").startswith("後攻を選ぶ")
    choice, line = said("normal", game)
    assert choice == "first" and line.key == "why.first"


def _attacked(life: int, hand: list[str]) -> Game:
    """Player 0's Surfent (700 Power, Strike 2) attacks the computer (player 1), which has ``life`` left."""
    g = load({"turn": 4, "turn_player": 0, "phase": "main", "players": [
        {"base": [SURFENT], "souls": {"standing": 2}},
        {"base": [JOLTHOG, PENGULLET] if not hand else [], "hand": hand, "souls": {"standing": 3}, "life": life}]})
    g.apply(f"attack {g.state.players[0].base[0].id} player")
    return g


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_block_or_not_is_said_with_what_each_costs(level) -> None:
    """At 1 life the hit would end the game (9.6.3): a Pal blocks, the cheapest answer by the computer's count."""
    game = _attacked(1, [])
    assert game.decision.kind.value == "block"
    choice, line = said(level, game)
    assert choice.startswith("block ")
    if level == "normal":
        assert re.fullmatch(r"Blocks with .+: the cheapest answer over the rest of your turn \(-?\d+ points, "
                            r"against -?\d+ for not blocking\)\.", line.text("en"))
        assert "でブロック：" in line.text("ja")
    else:
        assert "% chance to win" in line.text("en")


def test_an_interrupt_is_said_with_what_the_hit_would_cost_and_a_passed_quick_step_tells_nothing() -> None:
    """With no Pal to block, the computer answers a lethal hit with Bushi's Interrupt from its hand (the card is
    shown as it is activated); passing a quick step is one line whatever its hand holds."""
    game = _attacked(1, [BUSHI])
    while game.decision.kind.value != "quick":
        game.apply("pass")
    choice, line = said("normal", game)
    assert choice.startswith("activate ")
    assert line.text("en") == "Answers the attack with Bushi – Ephemeral Blade: letting it through would cost 12080 points."
    assert line.text("ja").startswith("刹那の刃 – ツジギリでアタックに対応：")
    empty = _attacked(5, [PENGULLET])
    while empty.decision.kind.value != "quick":
        empty.apply("pass")
    for level in LEVELS:
        assert said(level, empty)[1].key == "why.quick_pass"


def test_a_card_chosen_from_the_computers_hand_is_not_named() -> None:
    """Paying a discard cost from its hand: the line says a card the player cannot see, never which."""
    game = _attacked(1, [BUSHI, PENGULLET, JOLTHOG])
    while game.decision.kind.value != "quick":
        game.apply("pass")
    bushi = game.state.players[1].hand[0].id
    game.apply(f"activate {bushi} 1 cost 1")      # discard this card + discard 1 other card
    assert game.decision.player == 1 and game.decision.kind.value == "cost"
    _, line = said("normal", game)
    assert line.key == "why.give_up_hidden"
    assert "Pengullet" not in line.text("en") and "Jolthog" not in line.text("en")


@pytest.mark.parametrize("level", LEVELS)
def test_twin_games_differing_in_cards_hidden_from_the_computer_get_the_same_why(level) -> None:
    """Twin games (engine.presentation.secrecy): the human's hidden cards differ; the computer's lines agree."""
    seed = 5
    rng = random.Random(seed)
    decks = (random_deck(rng), random_deck(rng))
    computer = 1
    bots = (player(level, seed), player(level, seed))

    def decide(seen_a, seen_b):
        x, y = bots[0].choose(seen_a), bots[1].choose(seen_b)
        lines = why(bots[0], seen_a, x.text), why(bots[1], seen_b, y.text)
        assert x == y and lines[0].text("en") == lines[1].text("en") and lines[0].text("ja") == lines[1].text("ja")
        return x, y

    compared = walk_twins(decks, seed, computer, decide, max_steps=300)
    assert compared >= 5
