"""Old name of `engine.persistence.replay` (kept so existing imports work; new code imports `engine.persistence.replay`)."""
import sys

from .persistence import replay as _module

sys.modules[__name__] = _module
