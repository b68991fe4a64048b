"""Old name of `engine.rules.keywords` (kept so existing imports work; new code imports `engine.rules.keywords`)."""
import sys

from .rules import keywords as _module

sys.modules[__name__] = _module
