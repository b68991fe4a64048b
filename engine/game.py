"""Old name of `engine.rules.game` (kept so existing imports work; new code imports `engine.rules.game`)."""
import sys

from .rules import game as _module

sys.modules[__name__] = _module
