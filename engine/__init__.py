"""Palworld OFFICIAL CARD GAME rules engine: one decision loop, cards as data, deterministic and replayable.

Layers (docs/architecture.md): model -> rules -> presentation -> persistence -> clients. The modules directly in
this package are the public entry points and aliases of the old flat module names.
"""
from __future__ import annotations

# the old flat module names (aliases of the layered modules), bound now so that a later ``import engine.view``
# cannot rebind the name ``engine.view`` from the function to the module
from . import (  # noqa: E402,F401
    abilities,
    actions,
    ai,
    battle,
    bench,
    carddb,
    continuous,
    continuous_words,
    costs,
    damage,
    deck,
    effects,
    game,
    keywords,
    limits,
    log,
    narrate,
    outcome,
    play,
    replay,
    safe_json,
    scenario,
    secrecy,
    state,
    text,
    trigger_words,
    triggers,
)
from . import presentation as _presentation  # noqa: F401  (text renderers)
from . import rules as _rules  # noqa: F401  (registers the vocabulary, loads the cards)
from . import view as _view_module  # noqa: E402,F401  (bound first: the function below then wins)
from .model.actions import Action, Decision, DecisionKind, IllegalAction
from .model.carddb import CARDS, UnknownCard
from .model.outcome import Outcome, OutcomeReason
from .model.safe_json import BadJSON
from .model.version import __version__
from .persistence.replay import BadRecord
from .persistence.scenario import BadScenario
from .presentation.view import view  # noqa: E402  (the function)
from .rules.deck import DeckCodeError
from .rules.game import Game

__all__ = ["Action", "BadJSON", "BadRecord", "BadScenario", "CARDS", "Decision", "DecisionKind", "DeckCodeError",
           "Game", "IllegalAction", "Outcome", "OutcomeReason", "UnknownCard", "view", "__version__"]
