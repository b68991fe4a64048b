"""Features of a position (both boards, and what each hand holds), and the evaluation learned from them by self-play.

Most features are public (counts, life, souls, both bases); the Lucky Pals left in a deck and what each hand
holds are not, and the search reads them only in its own sampled worlds, where the other player's hand and
both decks are dealt from what the searching player may know. A feature is one side's figure less the other's,
plus whose turn it is, so the learned value of a position for one player is exactly one less the value for the
other. The weights are data (``eval_weights.json``, written by ``tools/train_eval.py`` from seeded self-play games).
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from ...model.state import Player, State
from ...rules.continuous import power, strike
from ...rules.game import Game
from .knowledge import GOOD_KEYWORDS

WEIGHTS_FILE = Path(__file__).with_name("eval_weights.json")

SIDE_FEATURES = (
    "life",           # life points left
    "life_edge",      # 1 / (life + 1): a point of life is worth more the fewer are left
    "hand",           # cards in hand
    "deck",           # cards left in the deck
    "deck_low",       # 1 when fewer than 3 cards are left: decking out is near
    "souls",          # souls, standing and rested
    "pals",           # Pals in the base
    "power",          # their Power
    "strike",         # their Strike
    "standing",       # Pals standing (they can block, or attack next turn)
    "standing_strike",
    "keywords",       # the worth of their keywords (Brave, Vigilance ...), in hundreds
    "supports",       # structures and gear in the base
    "support_cost",   # their cost
    "threat",         # the enemy Pals' Strike over this side's life: how near this side is to losing
    "lucky",          # Lucky Pals left in the deck, as a share of it (each one may cancel a hit)
    # what the hand holds (measured: log loss 0.528 -> 0.494 on held-out self-play positions)
    "hand_pals",      # Pals in hand
    "ready_pals",     # ... those it can pay for next turn (cost at most its souls + 1)
    "ready_power",    # their Power, in thousands
    "ready_strike",   # their Strike
    "hand_quick",     # cards it can play at a quick step (Interrupts, quick events)
    "ready_supports", # structures, gear and events it can pay for next turn
    "hand_power",     # the Power of every Pal in hand, in thousands
    "ready_best",     # the Power of the biggest Pal it can pay for next turn, in thousands
    "hand_lucky",     # Lucky Pals in hand (they no longer wait in the deck to cancel a hit)
)
FEATURES = (*SIDE_FEATURES, "my_turn")


def side_features(state: State, p: Player, foe: Player) -> list[float]:
    """``SIDE_FEATURES`` of player ``p`` against ``foe``."""
    pals = [c for c in p.base if c.defn.type == "pal"]
    supports = [c for c in p.base if c.defn.type != "pal"]
    powers = [power(state, c) for c in pals]
    strikes = [strike(state, c) for c in pals]
    standing = [s for c, s in zip(pals, strikes, strict=True) if not c.rested]
    foe_strike = sum([strike(state, c) for c in foe.base if c.defn.type == "pal"])
    life = max(p.life, 0)
    lucky = len([c for c in p.deck if c.defn.lucky])
    return [
        life, 1 / (life + 1), len(p.hand), len(p.deck), float(len(p.deck) < 3),
        p.souls, len(pals), sum(powers) / 1000, sum(strikes), len(standing),
        sum(standing), sum([GOOD_KEYWORDS.get(k, 0) for c in pals for k in c.defn.keyword_set]) / 100,
        len(supports), sum([c.defn.cost or 0 for c in supports]), foe_strike / max(life, 1),
        lucky / max(len(p.deck), 1), *hand_features(p),
    ]


def hand_features(p: Player) -> list[float]:
    """The hand's part of ``SIDE_FEATURES``: the Pals and supports it could play next turn, and its quick cards."""
    pals = [c.defn for c in p.hand if c.defn.type == "pal"]
    souls = p.souls + 1
    ready = [d for d in pals if (d.cost or 0) <= souls]
    return [
        len(pals), len(ready), sum([d.power or 0 for d in ready]) / 1000, sum([d.strike or 0 for d in ready]),
        len([c for c in p.hand if c.defn.quick_event or c.defn.hand_quick_acts]),
        len([c for c in p.hand if c.defn.type != "pal" and (c.defn.cost or 0) <= souls]),
        sum([d.power or 0 for d in pals]) / 1000, max([d.power or 0 for d in ready], default=0) / 1000,
        len([d for d in pals if d.lucky]),
    ]


def features(state: State, me: int) -> list[float]:
    """``FEATURES`` of a position for player ``me``: its side's figures less the other side's, and +1 when it
    is ``me``'s turn (-1 otherwise)."""
    a, b = state.players[me], state.players[1 - me]
    mine, theirs = side_features(state, a, b), side_features(state, b, a)
    return [x - y for x, y in zip(mine, theirs, strict=True)] + [1.0 if state.turn_player == me else -1.0]


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    """The learned weights, in ``FEATURES`` order (the file names each one, so a renamed feature fails)."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    named = data["weights"]
    missing = [f for f in FEATURES if f not in named]
    if missing or len(named) != len(FEATURES):
        raise ValueError(f"{WEIGHTS_FILE.name} does not match the features (missing {missing})")
    return tuple(float(named[f]) for f in FEATURES)


def learned_value(game: Game, me: int) -> float:
    """How likely ``me`` is to win from here, 0..1, by the learned weights (a finished game: its result)."""
    state = game.state
    out = state.outcome
    if out is not None:
        return 0.5 if out.winner is None else float(out.winner == me)
    z = sum([w * x for w, x in zip(weights(), features(state, me), strict=True)])   # a list: see race.py
    return 1 / (1 + math.exp(-max(min(z, 40.0), -40.0)))
