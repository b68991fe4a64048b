"""Versions: the engine's (semantic: a record replays only on the same major version) and the record format."""
from __future__ import annotations

__version__ = "0.2.0"
RECORD_FORMAT = 1
