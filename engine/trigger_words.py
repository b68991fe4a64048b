"""Old name of `engine.rules.trigger_words` (kept so existing imports work; new code imports `engine.rules.trigger_words`)."""
import sys

from .rules import trigger_words as _module

sys.modules[__name__] = _module
