"""Old name of `engine.rules.battle` (kept so existing imports work; new code imports `engine.rules.battle`)."""
import sys

from .rules import battle as _module

sys.modules[__name__] = _module
