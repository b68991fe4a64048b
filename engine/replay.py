"""Public: records of games (saves and replays), re-executed to their recorded final state (docs/engine-api.md)."""
from .persistence.inputs import BadRecord
from .persistence.replay import (
           FORMAT,
           check,
           fresh_game,
           load,
           make_record,
           open_record,
           parse,
           state_hash,
           verify,
)

__all__ = ["FORMAT", "BadRecord", "check", "fresh_game", "load", "make_record", "open_record", "parse",
           "state_hash", "verify"]
