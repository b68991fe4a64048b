"""Old name of `engine.rules.damage` (kept so existing imports work; new code imports `engine.rules.damage`)."""
import sys

from .rules import damage as _module

sys.modules[__name__] = _module
