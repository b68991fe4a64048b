"""Check timing (10.5): rule actions first, then automatic abilities one at a time, the turn player's first,
each player ordering their own (Q&A official-43)."""
from __future__ import annotations

from kit import V300, V500, V700, V900, cid, game, patch

from engine.model.actions import DecisionKind


def resolved(g, since: int = 0) -> list[str]:
    """Card numbers of the automatic abilities played, in order."""
    return [e.data["number"] for e in g.log[since:] if e.kind == "ability"]


def pick_pending(g, number: str) -> str:
    """The ORDER option for the pending ability of this card."""
    mine = [t for t in g.state.pending if t.controller == g.decision.player]
    return f"pick {[t.source.number for t in mine].index(number)}"


def at_end(effect: list[dict]) -> list[dict]:
    return [{"kind": "auto", "trigger": "end_of_turn", "effect": effect}]


def test_10_5_turn_player_first_and_each_player_orders_their_own(monkeypatch):
    patch(monkeypatch, V300, at_end([{"do": "gain_life", "count": 1}]))
    patch(monkeypatch, V500, at_end([{"do": "draw", "count": 1}]))
    patch(monkeypatch, V700, at_end([{"do": "gain_life", "count": 1}]))
    g = game({"base": [V300, V500], "life": 5}, {"base": [V700], "life": 5})
    mark = len(g.log)
    g.apply("end")
    assert g.decision.kind == DecisionKind.ORDER and g.decision.player == 0
    g.apply(pick_pending(g, V500))          # the turn player puts the draw first
    assert resolved(g, mark) == [V500, V300, V700]
    assert g.state.players[0].life == 6 and g.state.players[1].life == 6


def test_official_43_new_ability_may_resolve_before_an_older_pending_one(monkeypatch):
    """B is waiting when resolving A triggers C: the player may resolve C before B."""
    patch(monkeypatch, V500, [
        {"kind": "auto", "trigger": "on_deploy", "effect": [
            {"do": "choose", "zone": "hand", "side": "own", "filter": {"type": "pal"}, "count": 1, "up_to": True},
            {"do": "deploy"}]},
        {"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "gain_life", "count": 1}]}])
    patch(monkeypatch, V700, [{"kind": "auto", "trigger": "on_deploy",
                               "effect": [{"do": "gain", "counter": "material", "count": 1}]}])
    g = game({"hand": [V500, V700], "souls": {"standing": 3}, "life": 5})
    mark = len(g.log)
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    assert g.decision.kind == DecisionKind.ORDER
    mine = [t for t in g.state.pending if t.controller == 0]
    g.apply(f"pick {[t.ability_index for t in mine].index(0)}")     # A: deploy from hand
    g.apply(f"pick {cid(g, 0, 'hand', V700)}")
    assert g.decision.kind == DecisionKind.ORDER                    # B and the new C
    g.apply(pick_pending(g, V700))
    assert resolved(g, mark) == [V500, V700, V500]
    p = g.state.players[0]
    assert p.material == 1 and p.life == 6


def test_official_43_turn_players_new_ability_goes_before_the_opponents_waiting_one(monkeypatch):
    """While the non-turn player resolves D with E waiting, the turn player's new F comes first."""
    patch(monkeypatch, V300, at_end([{"do": "choose", "side": "opponent", "filter": {"type": "pal"}, "count": 1},
                                     {"do": "to_graveyard"}]))
    patch(monkeypatch, V500, at_end([{"do": "gain_life", "count": 1}]))
    patch(monkeypatch, V900, [{"kind": "auto", "trigger": "to_graveyard",
                               "effect": [{"do": "draw", "count": 1}]}])
    g = game({"base": [V900]}, {"base": [V300, V500], "life": 5})
    mark = len(g.log)
    g.apply("end")
    assert g.decision.kind == DecisionKind.ORDER and g.decision.player == 1
    g.apply(pick_pending(g, V300))
    assert resolved(g, mark) == [V300, V900, V500]
    assert len(g.state.players[0].hand) == 1 and g.state.players[1].life == 6


def test_10_5_automatic_abilities_are_not_optional(monkeypatch):
    """Q&A official-37: a triggered automatic ability always resolves; no decision offers to skip it."""
    patch(monkeypatch, V500, [{"kind": "auto", "trigger": "on_deploy", "effect": [{"do": "draw", "count": 2}]}])
    g = game({"hand": [V500], "souls": {"standing": 3}})
    g.apply(f"play {cid(g, 0, 'hand', V500)}")
    assert g.decision.kind == DecisionKind.MAIN and len(g.state.players[0].hand) == 2
