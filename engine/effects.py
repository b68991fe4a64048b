"""Old name of `engine.rules.verbs` (kept so existing imports work; new code imports `engine.rules.verbs`)."""
import sys

from .rules import verbs as _module

sys.modules[__name__] = _module
