"""Old name of `engine.persistence.links` (kept so existing imports work; new code imports `engine.persistence.links`)."""
import sys

from .persistence import links as _module

sys.modules[__name__] = _module
