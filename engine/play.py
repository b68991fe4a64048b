"""Old name of `engine.rules.play` (kept so existing imports work; new code imports `engine.rules.play`)."""
import sys

from .rules import play as _module

sys.modules[__name__] = _module
