"""Hidden information (4.5 deck, 4.6 hand; 9.5 the quick step): twin games prove what a player cannot learn.

Twin games are alike in everything one player may know and differ in the opponent's hidden cards. Played
with the same choices, they must look the same to that player: the engine's view (decision included), the
log narrated in English and Japanese, and every message the playmat host sends to that player's page.
Random twins cover whole games over many seeds; scripted twins cover each card and rule that once leaked,
and each leak, put back on purpose, is caught.
"""
from __future__ import annotations

import dataclasses
import importlib
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit import STRUCT, V300, V500, V700, cid, game

from engine.bench import random_deck
from engine.model.abilities import VERBS, check_condition
from engine.model.actions import DecisionKind
from engine.presentation.secrecy import SecrecyLeak, Twins, check_secrecy, compare_twins, twin_games
from engine.presentation.view import decision_view
from engine.rules.costs import pick_cards
from engine.rules.game import Game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))
import game_setup  # noqa: E402  (the web host is plain Python; its folder is put on sys.path just above)
import playmat_host  # noqa: E402
import state_json  # noqa: E402

EGG = "EBP01-071"          # Found an Egg!: look at 5, up to 1 Pal to hand, else 3 Ingredient
TREASURE = "EBP01-024"     # Treasure Chest Found!: look at 5, up to 1 red structure or gear to hand
VICTOR = "EBP01-046"       # Victor's Strategy: mode 0 looks at 5 and takes 1
AURORA = "EBP01-048"       # Aurora Guide (Quick): draw 1, up to 1 card from hand on top of the deck
ELIZABEE = "EBP01-053"     # Elizabee: look at the top card, if a Beegarde you may play it
BEEGARDE = "EBP01-061"
BUSHI = "EBP01-004"        # Bushi: Interrupt from the hand in the quick step
FOXPARKS = "EBP01-006"


def host_watch(observer: int) -> Callable[[Game], dict]:
    """What the playmat host sends to the page of ``observer`` playing against the computer."""
    host = playmat_host.Host()
    host.setup = game_setup.Setup(mode="computer", human=observer)

    def watch(g: Game) -> dict:
        host.game = g
        state = host.state()
        # the autosave's record (present once saves_host is loaded) is the seeded deal itself, kept by the
        # player's own browser to resume the game; everything shown must match (docs/hidden-information.md)
        state.pop("saved", None)
        return state

    return watch


def watching(observer: int) -> tuple:
    return host_watch(observer), host_watch(observer)


# --- random twins -----------------------------------------------------------------------------------------------

def random_twins(seed: int, observer: int, with_host: bool):
    rng = random.Random(seed)
    decks = (random_deck(rng), random_deck(rng))
    a, b = twin_games(decks, seed, observer, rng, swaps=rng.choice((0, 1, 3, 10)), keep_top=rng.choice((0, 5, 10, 20)))
    return compare_twins(a, b, observer, rng, watch=watching(observer) if with_host else None)


def test_random_twin_games_look_the_same_to_each_player_engine_and_host():
    """80 seeded twin pairs (40 seeds, both players' eyes), each checked after every step."""
    steps = hidden = 0
    kinds: set[str] = set()
    for seed in range(40):
        for observer in (0, 1):
            report = random_twins(seed, observer, with_host=True)
            steps, hidden, kinds = steps + report.steps, hidden + report.hidden_choices, kinds | report.kinds
    # the comparison is not vacuous: long stretches, many hidden choices, every common decision kind
    assert steps > 600 and hidden > 300
    assert {"main", "quick", "target", "may", "block", "redraw"} <= kinds


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_twin_games_of_any_seed_look_the_same_to_each_player(seed: int):
    for report in check_secrecy((random_deck(random.Random(seed)), random_deck(random.Random(~seed))), seed,
                                random.Random(seed)):
        assert report.ended in ("public difference", "choices diverged", "game over")


def test_same_cards_in_another_order_make_the_same_game():
    """A decklist's order carries nothing: the deck is kept sorted before the shuffle."""
    rng = random.Random(5)
    d0, d1 = random_deck(rng), random_deck(rng)
    a, b = Game.new(d0, d1, seed=9), Game.new(list(reversed(d0)), d1[::2] + d1[1::2], seed=9)
    for _ in range(60):
        assert [c.number for c in a.state.players[0].hand] == [c.number for c in b.state.players[0].hand]
        action = a.decision.options[-1]
        a.apply(action)
        b.apply(action)
    assert a.record()["choices"] == b.record()["choices"]


def test_shuffled_deck_ids_follow_the_new_order_not_the_cards():
    """After a shuffle every deck card has a fresh id, increasing from the top: an id says where a card
    was after the shuffle, never which card it is."""
    g = Game.new(*(random_deck(random.Random(1)) for _ in range(2)), seed=3)
    for p in g.state.players:
        ids = [c.id for c in p.deck]
        assert ids == sorted(ids) and len(set(ids)) == len(ids)


# --- scripted twins: each card or rule that leaked --------------------------------------------------------------

def twins(p0: dict, p1a: dict, p1b: dict, watch: bool, **top) -> Twins:
    """Scenario twins for player 0's eyes: player 1's hidden cards differ (``p1a`` / ``p1b``)."""
    a = game(p0, p1a, pass_empty_quick=False, **top)
    b = game(p0, p1b, pass_empty_quick=False, **top)
    return Twins(a, b, 0, watching(0) if watch else None)


def steps(t: Twins, *script: str | tuple[str, str]) -> None:
    """Play the script (an action for both games, or a pair), the twins looking alike at every step."""
    assert t.alike(), "the twins differ publicly before the script starts"
    for item in script:
        action, twin_action = item if isinstance(item, tuple) else (item, item)
        t.apply(action, twin_action)
        assert t.alike(), f"a hidden difference became public after {item!r}"


def found_an_egg(watch: bool) -> None:
    """Found an Egg! looks at five cards privately; a Pal among them or not, the opponent sees the same."""
    opp = {"hand": [EGG, V300], "souls": {"standing": 2}}
    t = twins({}, {**opp, "deck": [FOXPARKS, STRUCT, STRUCT, STRUCT, STRUCT, STRUCT]},
              {**opp, "deck": [STRUCT] * 6}, watch, turn_player=1)
    egg = cid(t.games[0], 1, "hand", EGG)
    steps(t, f"play {egg}", "done")


def treasure_chest(watch: bool) -> None:
    opp = {"hand": [TREASURE, V300], "souls": {"standing": 2}}
    t = twins({}, {**opp, "deck": ["ETD01-008"] + [V300] * 5}, {**opp, "deck": [V300] * 6}, watch, turn_player=1)
    steps(t, f"play {cid(t.games[0], 1, 'hand', TREASURE)}", "done")


def victors_strategy(watch: bool) -> None:
    """Victor's Strategy takes one of five looked-at cards; the one taken stays unknown, even by its id."""
    opp = {"hand": [VICTOR, V300], "souls": {"standing": 3}, "deck": [V300, V500, STRUCT, FOXPARKS, V700, V300]}
    t = twins({}, opp, opp, watch, turn_player=1)
    twin_deck = t.games[1].state.players[1].deck
    twin_deck[:5] = twin_deck[4::-1]          # the same cards, with their ids, in another order
    first_pick = [f"pick {t.games[i].state.players[1].deck[0].id}" for i in (0, 1)]
    steps(t, f"play {cid(t.games[0], 1, 'hand', VICTOR)}", "mode 0", tuple(first_pick))


def aurora_guide(watch: bool) -> None:
    """Aurora Guide in the quick step: the card drawn and the card put back stay unknown."""
    t = twins({"base": [V700]}, {"hand": [AURORA, FOXPARKS], "souls": {"standing": 2}, "deck": [V500] * 5},
              {"hand": [AURORA, V300], "souls": {"standing": 2}, "deck": [V300] * 5}, watch)
    a = t.games[0]
    put_back = cid(a, 1, "hand", FOXPARKS)
    assert put_back == cid(t.games[1], 1, "hand", V300)      # same place, same id, another card
    steps(t, f"attack {cid(a, 0, 'base', V700)} player", f"play {cid(a, 1, 'hand', AURORA)}",
          f"pick {put_back}")       # (a damage check would now reveal it, as the rules allow)


def elizabee(watch: bool) -> None:
    """Elizabee looks at the top card: whether it is a Beegarde changes neither the question nor its wording
    as the opponent sees it."""
    opp = {"base": [ELIZABEE], "ingredient": 1, "souls": {"standing": 5}}
    t = twins({}, {**opp, "deck": [BEEGARDE] + [V300] * 4}, {**opp, "deck": [STRUCT] + [V300] * 4}, watch,
              turn_player=1)
    steps(t, f"activate {cid(t.games[0], 1, 'base', ELIZABEE)} 1", "no")


def quick_step(watch: bool) -> None:
    """9.5: the defender always gets the quick step, holding an Interrupt or not."""
    t = twins({"base": [V700]}, {"hand": [BUSHI, V300], "souls": {"standing": 1}},
              {"hand": [V300, V300], "souls": {"standing": 1}}, watch)
    assert t.games[1].decision.kind == DecisionKind.MAIN
    steps(t, f"attack {cid(t.games[0], 0, 'base', V700)} player", "pass")
    assert t.games[0].state.players[1].life == 8


SCRIPTS = [found_an_egg, treasure_chest, victors_strategy, aurora_guide, elizabee, quick_step]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.__name__)
@pytest.mark.parametrize("watch", [False, True], ids=["engine", "host"])
def test_scripted_twins_look_the_same(script, watch):
    script(watch)


def test_9_5_quick_step_is_offered_with_only_pass_when_nothing_can_be_played():
    g = game({"base": [V700]}, {"hand": [V300]}, pass_empty_quick=False)
    g.apply(f"attack {cid(g, 0, 'base', V700)} player")
    assert g.decision.kind == DecisionKind.QUICK and g.decision.player == 1
    assert [a.text for a in g.decision.options] == ["pass"]


# --- every leak, put back, is caught ----------------------------------------------------------------------------

def leak_host_narration(monkeypatch):
    """The host narrates the full event, not the redacted one."""
    def unredacted(event, viewer, *_names):
        from engine.presentation.view import redact
        return {"kind": event.kind, "data": redact(event, viewer)["data"], "rule": event.rule,
                "text": {lang: event.text(lang) for lang in ("en", "ja")}}
    monkeypatch.setattr(playmat_host, "event_info", unredacted)


def leak_host_decision(monkeypatch):
    """The host sends the computer's whole decision (options, reasons) to the human's page."""
    monkeypatch.setattr(playmat_host.Host, "_decision",
                        lambda self, board, viewer: state_json.decision_info(self.game, self.game.decision))


def leak_chosen_ids(monkeypatch):
    """A 'chosen' event keeps the ids of hidden cards for the opponent."""
    view_module = importlib.import_module("engine.presentation.view")
    original = view_module.redact

    def redact(event, player):
        if event.kind == "chosen":
            return {"kind": event.kind, "rule": event.rule, "data": dict(event.data)}
        return original(event, player)
    monkeypatch.setattr(view_module, "redact", redact)


def leak_decision_prompt(monkeypatch):
    """The opponent's view of a decision carries its prompt."""
    view_module = importlib.import_module("engine.presentation.view")

    def with_prompt(state, decision, player):
        return {**decision_view(state, decision, player), "prompt": decision.prompt}
    monkeypatch.setattr(view_module, "decision_view", with_prompt)


def leak_may_play_skipped(monkeypatch):
    """Elizabee asks only when the looked-at card can be played."""
    entry = VERBS["may_play"]

    def run(g, ctx, s):
        if check_condition(g, ctx, ctx.source, s["cond"]):
            yield from entry.run(g, ctx, s)
    monkeypatch.setitem(VERBS, "may_play", dataclasses.replace(entry, run=run))


def leak_quick_step_skipped(monkeypatch):
    """The quick step is skipped when the defender can play nothing."""
    original = Game.quick_step

    def quick_step(self, defender):
        from engine.rules.options import quick_options
        legal, _ = quick_options(self, defender)
        if len(legal) == 1:
            return
        yield from original(self, defender)
    monkeypatch.setattr(Game, "quick_step", quick_step)


def leak_choice_skipped(monkeypatch):
    """A choice among hidden cards is skipped when none qualifies."""
    from engine.rules.verbs import choosing

    def skipping(g, player, candidates, n, prompt, kind, source=None, up_to=False, hidden_from=None):
        return (yield from pick_cards(g, player, candidates, n, prompt, kind, source, up_to))
    monkeypatch.setattr(choosing, "pick_cards", skipping)


LEAKS = [
    (leak_host_narration, found_an_egg, True),
    (leak_host_decision, found_an_egg, True),
    (leak_chosen_ids, victors_strategy, False),
    (leak_decision_prompt, elizabee, False),
    (leak_may_play_skipped, elizabee, False),
    (leak_quick_step_skipped, quick_step, False),
    (leak_choice_skipped, found_an_egg, False),
]


@pytest.mark.parametrize("leak, script, watch", LEAKS, ids=[leak.__name__ for leak, _, _ in LEAKS])
def test_a_leak_put_back_is_caught(monkeypatch, leak, script, watch):
    leak(monkeypatch)
    with pytest.raises(AssertionError):
        script(watch)


def test_a_leak_put_back_is_caught_by_random_twins(monkeypatch):
    """The random twins alone catch the commonest leaks, without a script."""
    leak_host_narration(monkeypatch)
    with pytest.raises(SecrecyLeak):
        for seed in range(40):
            random_twins(seed, 0, with_host=True)


def test_decision_view_of_another_player_says_only_who_decides():
    g = game({"hand": [EGG], "souls": {"standing": 2}})
    g.apply(f"play {cid(g, 0, 'hand', EGG)}")
    assert decision_view(g.state, g.decision, 1) == {"player": 0, "kind": "effect"}
    assert decision_view(g.state, g.decision, 0)["options"] == [a.text for a in g.decision.options]
