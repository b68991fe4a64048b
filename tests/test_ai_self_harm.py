"""No computer level turns a harmful effect on its own side when the rules let it aim elsewhere: a choice made
for an ability that only harms the cards it picks (damage, destroy, rest, -Power…) never picks the chooser's own
Pal or structure while an opponent's card or "done" is a legal answer. Checked over seeded games for every card
that chooses, and for the weapons whose one ability harms while the other helps (the case a player caught:
Normal aimed a weapon's damage at its own Pal)."""
from __future__ import annotations

import random

import pytest

from engine import Game, view
from engine.bench import random_deck
from engine.clients.ai.knowledge import ability_profile
from engine.model.actions import DecisionKind
from engine.opponents import make_player

LEVELS = ("beginner", "normal", "strong")


def _asking(decision) -> tuple[str, int] | None:
    return getattr(decision.prompt, "params", {}).get("ability")


def _harm_only(decision) -> bool:
    """The ability asking only harms what it picks (judged from its data, not from the player's heuristics)."""
    asking = _asking(decision)
    if asking is None:
        return False
    prof = ability_profile(asking[0], asking[1])
    return prof["harm"] and not prof["help"]


def _self_harm(game: Game, decision, chosen: str) -> bool:
    """The choice picks the chooser's own card on the base while an opponent's card or "done" was allowed."""
    if not chosen.startswith("pick "):
        return False
    me = decision.player
    state = game.state
    own = {c.id for c in state.players[me].base}
    theirs = {c.id for c in state.players[1 - me].base}
    picked = int(chosen.split()[1])
    if picked not in own:
        return False
    texts = [a.text for a in decision.options]
    return "done" in texts or any(t.startswith("pick ") and int(t.split()[1]) in theirs for t in texts)


def _play(level: str, seed: int) -> tuple[int, list[str]]:
    """One seeded game, both seats at ``level``; (harm-only choices seen, self-harming ones)."""
    rng = random.Random(seed)
    game = Game.new(random_deck(rng), random_deck(rng), seed, snapshots=False)
    players = [make_player(level, seed + i, budget_s=None, playouts=4) for i in range(2)]
    seen, bad = 0, []
    while (d := game.decision) is not None:
        action = players[d.player].choose(view(game, d.player))
        if d.kind == DecisionKind.TARGET and _harm_only(d):
            seen += 1
            if _self_harm(game, d, action.text):
                bad.append(f"seed {seed}: {_asking(d)} picked {action.text} of {[a.text for a in d.options]}")
        game.apply(action)
    return seen, bad


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_aims_a_harmful_effect_at_its_own_side(level):
    games = 40 if level != "strong" else 8
    seen, bad = 0, []
    for seed in range(1000, 1000 + games):
        n, b = _play(level, seed)
        seen, bad = seen + n, bad + b
    assert seen >= 10, "the games must meet harmful choices for the property to say anything"
    assert not bad, "\n".join(bad[:10])


def test_a_weapon_is_judged_by_the_ability_resolving_not_the_whole_card():
    """Makeshift Handgun (EBP01-021): its played ability deals damage, its activated one gives +Power. Taken as
    a whole the card both harms and helps, which once made Normal aim the damage at its own Pal."""
    assert ability_profile("EBP01-021", 0)["harm"] and not ability_profile("EBP01-021", 0)["help"]
    assert ability_profile("EBP01-021", 1)["help"] and not ability_profile("EBP01-021", 1)["harm"]
