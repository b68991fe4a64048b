"""Old name of `engine.rules.costs` (kept so existing imports work; new code imports `engine.rules.costs`)."""
import sys

from .rules import costs as _module

sys.modules[__name__] = _module
