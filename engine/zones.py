"""Old name of `engine.rules.zones` (kept so existing imports work; new code imports `engine.rules.zones`)."""
import sys

from .rules import zones as _module

sys.modules[__name__] = _module
