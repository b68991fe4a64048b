"""The computer player decides optional effects, modes and numbers from data the decision carries (the verbs of
the steps, what a number counts), not from the English prompt; the engine puts that data in the params."""
from __future__ import annotations

import random

from engine import Game
from engine.bench import random_deck
from engine.clients.ai import HeuristicBot, RandomPlayer
from engine.model.abilities import VERBS
from engine.model.actions import DecisionKind


def _view(kind: str, options: list[str], params: dict, hand: int = 2, opp_base: int = 1) -> dict:
    me = {"base": [], "hand": [], "hand_count": hand, "graveyard": [], "exile": [], "resolution": []}
    opp = {"base": [{"id": 90 + i, "number": "ETD01-013", "type": "pal", "power": 300, "strike": 1, "cost": 1}
                    for i in range(opp_base)], "hand": None, "hand_count": 3, "graveyard": [], "exile": [],
           "resolution": []}
    return {"you": 0, "players": [me, opp],
            "decision": {"player": 0, "kind": kind, "prompt": "(ignored)", "options": options, "params": params}}


def test_the_engine_says_what_may_mode_and_number_decisions_are_about():
    """Seeded random games: every may decision lists the verbs of its steps, every mode decision each mode's
    verbs (all registered words), and a number asked while discarding as a cost says so."""
    seen = set()
    rng = random.Random(2)
    for _ in range(120):
        s = rng.randrange(2**31)
        grng = random.Random(s)
        game = Game.new(random_deck(grng), random_deck(grng), s, snapshots=False)
        players = [RandomPlayer(s), RandomPlayer(s + 1)]
        while (d := game.decision) is not None:
            if d.kind == DecisionKind.MAY:
                assert d.params["does"] and set(d.params["does"]) <= set(VERBS)
                seen.add("may")
            elif d.kind == DecisionKind.MODE:
                assert len(d.params["modes_do"]) == len(d.options)
                assert all(set(m) <= set(VERBS) for m in d.params["modes_do"])
                seen.add("mode")
            elif d.kind == DecisionKind.NUMBER and d.prompt.key == "prompt.discard_x":   # X cards discarded as a cost
                assert d.params["purpose"] == "discard"
                seen.add("number")
            game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
    assert {"may", "mode"} <= seen


def test_the_bot_weighs_an_optional_discard_by_its_verbs_and_its_hand():
    bot = HeuristicBot(1)
    assert bot.choose(_view("may", ["yes", "no"], {"does": ["discard_from_hand"]}, hand=2)).text == "no"
    assert bot.choose(_view("may", ["yes", "no"], {"does": ["discard_from_hand"]}, hand=5)).text == "yes"
    assert bot.choose(_view("may", ["yes", "no"], {"does": ["butcher", "discard"]}, hand=5)).text == "no"
    assert bot.choose(_view("may", ["yes", "no"], {"does": ["deploy"]})).text == "yes"


def test_the_bot_picks_a_mode_by_what_its_verbs_do():
    """Hurting the opponent's base is worth most when it has cards; a mode that only reads "graveyard" in its
    English (returning a card from your graveyard) is not mistaken for one that sends cards there."""
    bot = HeuristicBot(1)
    modes = {"modes_do": [["choose", "discard_from_hand", "to_hand"], ["choose", "to_graveyard"], ["draw"]]}
    assert bot.choose(_view("mode", ["mode 0", "mode 1", "mode 2"], modes)).text == "mode 1"
    assert bot.choose(_view("mode", ["mode 0", "mode 1", "mode 2"], modes, opp_base=0)).text == "mode 2"


def test_the_bot_discards_as_few_as_allowed_but_takes_the_most_of_anything_else():
    bot = HeuristicBot(1)
    options = ["x 0", "x 1", "x 2", "x 3"]
    assert bot.choose(_view("number", options, {"purpose": "discard"})).text == "x 1"
    assert bot.choose(_view("number", options, {"purpose": "consume"})).text == "x 3"
