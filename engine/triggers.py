"""Old name of `engine.rules.events` (kept so existing imports work; new code imports `engine.rules.events`)."""
import sys

from .rules import events as _module

sys.modules[__name__] = _module
