"""Old name of `engine.model.limits` (kept so existing imports work; new code imports `engine.model.limits`)."""
import sys

from .model import limits as _module

sys.modules[__name__] = _module
