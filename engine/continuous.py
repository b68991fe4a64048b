"""Old name of `engine.rules.continuous` (kept so existing imports work; new code imports `engine.rules.continuous`)."""
import sys

from .rules import continuous as _module

sys.modules[__name__] = _module
