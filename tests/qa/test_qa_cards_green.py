"""Official Q&A rulings about green cards, each restated in our own words and played out in a scenario."""
from __future__ import annotations

import pytest
from kit import cid, game, run_to_main

from engine import IllegalAction
from engine.rules.continuous import power, strike

VANILLA = "ETD01-013"      # Jolthog Cryst: ◇2, 300, Strike 1, no ability, not Lucky
DIGTOISE = "EBP01-059"     # [ACT] consume 2 Ingredient: Power+500 and Breakthrough until end of turn
DIGTOISE_RR = "EBP01-050"  # the same act, and Power+1000/Strike+1 with 10 souls
SHADOWBEAK = "EBP01-074"   # rested: night; at night your Pals' automatic abilities activate twice
WUMPO = "EBP01-033"        # rested: your opponent's Pals get Strike-1


def _breakthrough_attack(shadowbeak_rested: bool):
    g = game({"base": [DIGTOISE, {"card": SHADOWBEAK, "rested": shadowbeak_rested}], "ingredient": 2},
             {"base": [{"card": VANILLA, "rested": True}]})
    dig = cid(g, 0, "base", DIGTOISE)
    g.apply(f"activate {dig} 0")
    g.apply(f"attack {dig} {cid(g, 1, 'base', VANILLA)}")
    run_to_main(g)
    return g


def test_official_86_breakthrough_activates_twice_at_night_with_shadowbeak():
    """With Shadowbeak's 'at night your Pals' automatic abilities activate twice' in effect, Breakthrough is an
    automatic ability like any other: when the battle opponent goes to the graveyard it activates twice, so the
    opponent is dealt the attacker's Strike two times."""
    g = _breakthrough_attack(shadowbeak_rested=True)
    assert g.state.players[1].base == []
    hits = [e for e in g.log if e.kind == "life_lost" and e.data["player"] == 1]
    assert [e.data["amount"] for e in hits] == [2, 2]
    assert g.state.players[1].life == 6


def test_official_86_control_no_night_breakthrough_once():
    """The same attack while Shadowbeak stands (so it is not night): Breakthrough activates only once."""
    g = _breakthrough_attack(shadowbeak_rested=False)
    assert g.state.players[1].life == 8


def test_official_77_headband_on_opponents_digtoise_gives_counters_and_power():
    """Digtoise's Headband may choose a Digtoise your opponent controls: you still get the 2 Material or
    2 Ingredient, and that opposing Digtoise still gets its Power+200."""
    g = game({"base": ["EBP01-068"]}, {"base": [DIGTOISE, VANILLA]})
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-068')} 0")
    theirs = cid(g, 1, "base", DIGTOISE)
    g.apply(f"pick {theirs}")
    assert g.decision.kind == "mode" and g.decision.player == 0
    g.apply("mode 1")
    assert g.state.players[0].ingredient == 2 and g.state.players[1].ingredient == 0
    assert power(g.state, g.state.in_base(theirs)) == 1000


def test_official_73_elizabee_nothing_else_happens_before_playing_beegarde():
    """While Elizabee's ability resolves (the top card was a Beegarde and you may play it for 2 less), you cannot
    stop to attack or to play other cards from your hand: those are done before activating or after the
    ability has finished resolving."""
    g = game({"base": ["EBP01-053", VANILLA], "hand": [VANILLA], "deck": ["EBP01-061"] + [VANILLA] * 5,
              "ingredient": 1, "souls": {"standing": 5}})
    att = cid(g, 0, "base", VANILLA)
    other = cid(g, 0, "hand", VANILLA)
    g.apply(f"activate {cid(g, 0, 'base', 'EBP01-053')} 1")
    assert g.decision.kind == "may"
    assert sorted(a.text for a in g.decision.options) == ["no", "yes"]
    for illegal in (f"attack {att} player", f"play {other}", "end"):
        with pytest.raises(IllegalAction):
            g.apply(illegal)
    g.apply("yes")
    assert g.decision.kind == "main"
    assert g.why_not(f"attack {att} player") is None and g.why_not(f"play {other}") is None
    assert g.state.players[0].souls_standing == 4


def test_official_65_breakthrough_uses_strike_lowered_by_the_destroyed_wumpo():
    """A resting Wumpo lowers the Strike of its opponent's Pals by 1. When a Digtoise with Breakthrough (Strike 3
    here) attacks that Wumpo and it is put into the graveyard, Breakthrough deals 2 damage, not 3."""
    g = game({"base": [DIGTOISE_RR], "ingredient": 2, "souls": {"standing": 10}},
             {"base": [{"card": WUMPO, "rested": True}]})
    dig = cid(g, 0, "base", DIGTOISE_RR)
    assert strike(g.state, g.state.in_base(dig)) == 2
    g.apply(f"activate {dig} 1")
    g.apply(f"attack {dig} {cid(g, 1, 'base', WUMPO)}")
    run_to_main(g)
    assert g.state.players[1].base == []
    hits = [e.data["amount"] for e in g.log if e.kind == "life_lost" and e.data["player"] == 1]
    assert hits == [2]
    assert g.state.players[1].life == 8
