"""Palworld OFFICIAL CARD GAME rules engine: one decision loop, cards as data, deterministic and replayable."""
from __future__ import annotations

__version__ = "0.2.0"

from . import continuous_words as _continuous_words  # noqa: E402,F401  (registers the core vocabulary)
from . import effects as _effects  # noqa: E402,F401
from . import keywords as _keywords  # noqa: E402,F401
from . import trigger_words as _trigger_words  # noqa: E402,F401
from . import words as _words  # noqa: E402,F401  (registers colour and unique words)
from .actions import Action, Decision, DecisionKind, IllegalAction  # noqa: E402
from .carddb import CARDS, UnknownCard  # noqa: E402

CARDS.load()

from .deck import DeckCodeError  # noqa: E402
from .game import Game  # noqa: E402
from .outcome import Outcome, OutcomeReason  # noqa: E402
from .replay import BadRecord  # noqa: E402
from .safe_json import BadJSON  # noqa: E402
from .scenario import BadScenario  # noqa: E402
from .view import view  # noqa: E402

__all__ = ["Action", "BadJSON", "BadRecord", "BadScenario", "CARDS", "Decision", "DecisionKind", "DeckCodeError",
           "Game", "IllegalAction", "Outcome", "OutcomeReason", "UnknownCard", "view"]
