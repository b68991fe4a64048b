"""Makes ``tests/`` importable, so that test modules in any folder below it can ``from kit import ...``."""
from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
