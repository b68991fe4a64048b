"""Old name of `engine.persistence.scenario` (kept so existing imports work; new code imports `engine.persistence.scenario`)."""
import sys

from .persistence import scenario as _module

sys.modules[__name__] = _module
