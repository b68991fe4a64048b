"""Old name of `engine.rules.deck` (kept so existing imports work; new code imports `engine.rules.deck`)."""
import sys

from .rules import deck as _module

sys.modules[__name__] = _module
