"""Old name of `engine.rules.continuous_words` (kept so existing imports work; new code imports `engine.rules.continuous_words`)."""
import sys

from .rules import continuous_words as _module

sys.modules[__name__] = _module
