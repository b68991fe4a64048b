"""The computer opponent: legal choices only, view-only decisions, strength against random play, tactics."""
from __future__ import annotations

import copy
import json
import random
import time

import pytest

import engine
from engine import CARDS, Action, Game, view
from engine.clients.ai import HeuristicBot, RandomPlayer, best_bot, play_out
from engine.scenario import card_id, load

VANILLA = "ETD01-013"        # Jolthog Cryst: 2 cost, 300 power, strike 1, no abilities
SMALL = "EBP01-006"          # Foxparks: 2 cost, 200 power, strike 1
MID = "EBP01-009"            # Univolt: 4 cost, 600 power, strike 2
BIG = "EBP01-005"            # Reptyro: 8 cost, 1500 power, strike 3
INTERRUPT_PAL = "ETD01-004"  # a Pal with Interrupt in hand


def build_deck(colours: tuple[str, str], seed: int) -> list[str]:
    """A legal-looking 50-card two-colour deck: mostly Pals on a curve, some structures, gear and events."""
    rng = random.Random(seed)
    pool = [d for d in CARDS.values() if d.color in (*colours, "colorless")]
    pals = sorted((d for d in pool if d.type == "pal"), key=lambda d: d.cost)
    others = [d for d in pool if d.type != "pal"]
    rng.shuffle(others)
    deck: list[str] = []
    lucky = 0
    names: dict[str, int] = {}

    def add(d, n: int) -> None:
        nonlocal lucky
        for _ in range(n):
            if len(deck) >= 50 or names.get(d.full_name, 0) >= 4 or (d.lucky and lucky >= 8):
                return
            deck.append(d.number)
            names[d.full_name] = names.get(d.full_name, 0) + 1
            lucky += d.lucky

    for d in pals:
        add(d, 3 if d.cost <= 4 else 2)
    for d in others[:8]:
        add(d, 2)
    while len(deck) < 50:
        add(rng.choice(pals), 1)
    return deck


DECKS = [build_deck(("red", "blue"), 1), build_deck(("green", "purple"), 2), build_deck(("red", "green"), 3),
         build_deck(("blue", "purple"), 4)]


class Checked:
    """Wraps a chooser and checks every choice is one of the listed legal options."""

    def __init__(self, inner):
        self.inner = inner
        self.count = 0

    def choose(self, v: dict) -> Action:
        action = self.inner.choose(v)
        assert action.text in v["decision"]["options"], (action.text, v["decision"])
        self.count += 1
        return action


def test_decks_are_fifty_cards():
    assert all(len(d) == 50 for d in DECKS)
    assert all(sum(CARDS[n].lucky for n in d) <= 8 for d in DECKS)


@pytest.mark.parametrize("seat", [0, 1])
def test_bot_only_returns_legal_options(seat):
    for i in range(10):
        g = Game.new(DECKS[i % 4], DECKS[(i + 1) % 4], seed=100 + i, snapshots=False)
        bot = Checked(HeuristicBot(i))
        other = Checked(HeuristicBot(i + 50) if i % 2 else RandomPlayer(i))
        players = [bot, other] if seat == 0 else [other, bot]
        play_out(g, players)
        assert g.outcome is not None
        assert bot.count > 0


def test_bot_beats_random_player_in_most_games():
    wins = 0
    for i in range(40):
        seat = i % 2
        g = Game.new(DECKS[i % 4], DECKS[(i // 4) % 4], seed=i, snapshots=False)
        players = [None, None]
        players[seat] = HeuristicBot(i)
        players[1 - seat] = RandomPlayer(i)
        play_out(g, players)
        wins += g.outcome.winner == seat
    assert wins >= 32, wins


def test_bot_decides_fast():
    g = Game.new(DECKS[0], DECKS[1], seed=7, snapshots=False)
    bots = [HeuristicBot(1), HeuristicBot(2)]
    spent, n = 0.0, 0
    while g.decision is not None:
        v = view(g, g.decision.player, log_tail=0)
        t = time.perf_counter()
        a = bots[g.decision.player].choose(v)
        spent += time.perf_counter() - t
        n += 1
        g.apply(a)
    assert n > 20
    assert spent / n < 0.005


def test_best_bot_is_the_heuristic_bot():
    bot = best_bot(3)
    assert isinstance(bot, HeuristicBot)
    g = Game.new(DECKS[0], DECKS[1], seed=3, snapshots=False)
    play_out(g, [bot, RandomPlayer(1)])
    assert g.outcome is not None


# --- it decides from the view only ------------------------------------------------------------------------------
def scenario(opp_hand: list[str], opp_deck: list[str]) -> dict:
    return {"seed": 4, "turn": 5, "turn_player": 0, "players": [
        {"hand": [MID, SMALL, BIG], "base": [{"card": MID}],
         "souls": {"standing": 6}, "deck": [VANILLA] * 20},
        {"hand": opp_hand, "deck": opp_deck,
         "base": [{"card": SMALL, "rested": True}, {"card": VANILLA}], "souls": {"standing": 5}}]}


def my_turn_choices(g: Game, bot: HeuristicBot) -> list[str]:
    """The bot's choices until the opponent must decide or the turn passes."""
    out = []
    while g.decision is not None and g.decision.player == 0 and g.state.turn == 5:
        a = bot.choose(view(g, 0))
        out.append(a.text)
        g.apply(a)
    return out


def test_choices_do_not_depend_on_the_opponents_hidden_hand_or_deck_order():
    deck_a = [VANILLA] * 10 + [BIG] * 10
    deck_b = [BIG] * 10 + [VANILLA] * 10
    g1 = load(scenario([INTERRUPT_PAL, INTERRUPT_PAL, BIG], deck_a))
    g2 = load(scenario([SMALL, VANILLA, MID], deck_b))   # same sizes: the same card ids
    c1 = my_turn_choices(g1, HeuristicBot(9))
    c2 = my_turn_choices(g2, HeuristicBot(9))
    assert c1 == c2
    assert c1[0].startswith("play ")
    assert any(c.startswith("attack ") for c in c1)


def test_bot_works_from_a_bare_json_view():
    g = load(scenario([SMALL], [VANILLA] * 20))
    v = json.loads(json.dumps(view(g, 0)))
    assert v["players"][1]["hand"] is None
    action = HeuristicBot(0).choose(copy.deepcopy(v))
    assert action.text in v["decision"]["options"]
    g.apply(action)


# --- tactics ----------------------------------------------------------------------------------------------------
def test_plays_a_pal_when_it_has_souls():
    g = load({"turn": 3, "players": [{"hand": [SMALL, MID], "souls": {"standing": 4}}, {}]})
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == f"play {card_id(g, 0, 'hand', MID)}"
    g.apply(a)
    assert [c.number for c in g.state.players[0].base] == [CARDS.canonical(MID)]


def test_spends_souls_on_several_cards_then_ends():
    g = load({"turn": 5, "players": [{"hand": [SMALL, SMALL, BIG], "souls": {"standing": 4}}, {}]})
    bot = HeuristicBot(0)
    while g.decision.player == 0 and g.decision.kind.value == "main":
        a = bot.choose(view(g, 0))
        g.apply(a)
        if a.text == "end":
            break
    assert len(g.state.players[0].base) == 2
    assert g.state.players[0].souls_standing == 0


def test_attacks_a_resting_pal_it_can_destroy_not_a_bigger_one():
    g = load({"turn": 5, "players": [
        {"base": [MID], "souls": {"standing": 0}},
        {"base": [{"card": SMALL, "rested": True}, {"card": BIG, "rested": True}]}]})
    a = HeuristicBot(0).choose(view(g, 0))
    small = card_id(g, 1, "base", SMALL)
    attacker = card_id(g, 0, "base", MID)
    assert a.text == f"attack {attacker} {small}"
    g.apply(a)
    pass_quick_step(g, 1)
    assert [c.number for c in g.state.players[1].graveyard] == [CARDS.canonical(SMALL)]
    assert g.state.players[0].base[0].number == CARDS.canonical(MID)


def test_does_not_attack_into_a_standing_blocker_that_wins():
    g = load({"turn": 5, "players": [
        {"base": [SMALL], "souls": {"standing": 0}},
        {"base": [BIG]}]})
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == "end"
    g.apply(a)
    assert g.state.players[0].base[0].rested is False


def test_attacks_the_player_for_lethal():
    g = load({"turn": 5, "players": [
        {"base": [MID], "souls": {"standing": 0}},
        {"life": 2, "base": [{"card": SMALL, "rested": True}]}]})
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == f"attack {card_id(g, 0, 'base', MID)} player"
    g.apply(a)
    pass_quick_step(g, 1)
    assert g.outcome is not None and g.outcome.winner == 0


def pass_quick_step(g: Game, defender: int) -> None:
    """The defender's quick step is always offered (9.5); with nothing to play, the defender passes."""
    assert g.decision.kind.value == "quick" and g.decision.player == defender
    assert [a.text for a in g.decision.options] == ["pass"]
    g.apply("pass")


def defending(my_life: int, my_base: list, attacker: str, hand: list | None = None, souls: int = 0) -> Game:
    """Player 1 attacks player 0 with ``attacker``; player 0 must decide."""
    g = load({"turn": 6, "turn_player": 1, "players": [
        {"life": my_life, "base": my_base, "hand": hand or [], "souls": {"standing": souls}},
        {"base": [attacker], "souls": {"standing": 0}}]})
    g.apply(f"attack {card_id(g, 1, 'base', attacker)} player")
    return g


def test_blocks_a_lethal_attack():
    g = defending(2, [SMALL], MID)
    assert g.decision.kind.value == "block" and g.decision.player == 0
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == f"block {card_id(g, 0, 'base', SMALL)}"
    g.apply(a)
    while g.decision is not None and g.decision.player == 0:
        g.apply(HeuristicBot(0).choose(view(g, 0)))
    assert g.state.players[0].life == 2


def test_blocks_with_a_pal_that_survives():
    g = defending(10, [BIG, SMALL], MID)
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == f"block {card_id(g, 0, 'base', BIG)}"
    g.apply(a)
    pass_quick_step(g, 0)
    assert [c.number for c in g.state.players[1].graveyard] == [CARDS.canonical(MID)]


def test_does_not_throw_away_a_pal_on_a_small_hit():
    g = defending(10, [SMALL], MID)
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == "pass"
    g.apply(a)
    assert g.state.players[0].base[0].rested is False


def test_interrupts_a_lethal_attack_paying_a_soul():
    g = defending(2, [], MID, hand=[INTERRUPT_PAL, VANILLA], souls=1)
    assert g.decision.kind.value == "quick"
    a = HeuristicBot(0).choose(view(g, 0))
    cid = card_id(g, 0, "hand", INTERRUPT_PAL)
    assert a.verb == "activate" and a.args[0] == str(cid) and a.args[-1] == "0", a.text
    g.apply(a)
    assert g.state.players[0].life == 2
    assert g.state.players[0].souls_standing == 0
    assert [c.number for c in g.state.players[0].hand] == [CARDS.canonical(VANILLA)]


def test_lets_a_small_hit_through_instead_of_interrupting():
    g = defending(10, [], SMALL, hand=[INTERRUPT_PAL], souls=1)
    assert g.decision.kind.value == "quick"
    a = HeuristicBot(0).choose(view(g, 0))
    assert a.text == "pass"
    g.apply(a)
    assert g.state.players[0].life == 9


def test_redraws_a_hand_without_cheap_pals_and_keeps_a_good_one():
    bot = HeuristicBot(0)
    for seed in range(30):
        g = Game.new(DECKS[0], DECKS[1], seed=seed, first=0)
        v = view(g, 0)
        assert g.decision.kind.value == "redraw"
        hand = v["players"][0]["hand"]
        cheap = [c for c in hand if c["type"] == "pal" and c["cost"] <= 3]
        choice = bot.choose(v).text
        if not cheap:
            assert choice == "redraw"
        g.apply(choice)
        assert g.state.players[0].redraw_done


def test_engine_imports():
    assert engine.CARDS


# --- choices during resolution ----------------------------------------------------------------------------------
SUZAKU = "EBP01-002"   # On Deploy: up to 1 Pal takes 700 damage


def test_damage_goes_to_the_opponents_pal_it_destroys():
    g = load({"turn": 7, "players": [
        {"hand": [SUZAKU], "base": [MID], "souls": {"standing": 7}},
        {"base": [MID, BIG]}]})
    bot = HeuristicBot(0)
    g.apply(bot.choose(view(g, 0)))
    assert g.decision.kind.value == "target" and g.decision.player == 0
    a = bot.choose(view(g, 0))
    assert a.text == f"pick {card_id(g, 1, 'base', MID)}"
    g.apply(a)
    assert [c.number for c in g.state.players[1].base] == [CARDS.canonical(BIG)]
    assert len(g.state.players[0].base) == 2


def test_an_up_to_damage_with_no_enemy_pal_hurts_nobody():
    g = load({"turn": 7, "players": [
        {"hand": [SUZAKU], "base": [MID], "souls": {"standing": 7}}, {}]})
    bot = HeuristicBot(0)
    g.apply(bot.choose(view(g, 0)))
    assert g.decision.kind.value == "target"
    a = bot.choose(view(g, 0))
    assert a.text == "done"
    g.apply(a)
    assert all(c.damage == 0 for c in g.state.players[0].base)


STONE_PIT = "ETD01-008"   # structure: assign 1 Pal: 3 Material and draw 1 (once per turn)


def test_uses_a_structures_assign_ability_with_a_pal_that_stays_home():
    g = load({"turn": 5, "players": [
        {"base": [STONE_PIT, SMALL], "souls": {"standing": 0}, "deck": [VANILLA] * 20},
        {"base": [BIG]}]})
    bot = HeuristicBot(0)
    seen = []
    while g.decision is not None and g.decision.player == 0 and g.state.turn == 5:
        a = bot.choose(view(g, 0))
        seen.append(a.verb)
        g.apply(a)
    assert "activate" in seen and "attack" not in seen
    assert g.state.players[0].material == 3
    assert len(g.state.players[0].hand) == 1
