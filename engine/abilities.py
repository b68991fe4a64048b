"""Old name of `engine.model.abilities` (kept so existing imports work; new code imports `engine.model.abilities`)."""
import sys

from .model import abilities as _module

sys.modules[__name__] = _module
