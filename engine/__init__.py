"""Palworld OFFICIAL CARD GAME rules engine: one decision loop, cards as data, deterministic and replayable.

This package is the engine's public face (docs/engine-api.md): the game and its values below, and the public
submodules ``engine.replay``, ``engine.scenario``, ``engine.links``, ``engine.deck``, ``engine.inputs``,
``engine.opponents``, ``engine.simulate``, ``engine.bench``, ``engine.lessons`` and ``engine.puzzles``. Every
other name lives only in its layer (docs/architecture.md): model -> rules -> presentation -> persistence -> clients.
"""
from __future__ import annotations

from . import presentation as _presentation  # noqa: F401  (fills the text renderer slots)
from . import rules as _rules  # noqa: F401  (registers the vocabulary, loads the cards)
from .model.actions import Action, Decision, DecisionKind, IllegalAction
from .model.carddb import CARDS, UnknownCard
from .model.limits import BadInput
from .model.message import Msg, say
from .model.outcome import Outcome, OutcomeReason
from .model.safe_json import BadJSON
from .model.version import __version__
from .persistence.inputs import BadRecord
from .persistence.scenario import BadScenario
from .presentation.view import view
from .rules.deck import DeckCodeError, DeckError
from .rules.game import Game

__all__ = ["Action", "BadInput", "BadJSON", "BadRecord", "BadScenario", "CARDS", "Decision", "DecisionKind",
           "DeckCodeError", "DeckError", "Game", "IllegalAction", "Msg", "Outcome", "OutcomeReason", "UnknownCard",
           "say", "view", "__version__"]
