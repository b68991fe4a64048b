"""Old name of `engine.model.state` (kept so existing imports work; new code imports `engine.model.state`)."""
import sys

from .model import state as _module

sys.modules[__name__] = _module
