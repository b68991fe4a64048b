"""Old name of `engine.model.actions` (kept so existing imports work; new code imports `engine.model.actions`)."""
import sys

from .model import actions as _module

sys.modules[__name__] = _module
