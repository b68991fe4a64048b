"""Old name of `engine.model.outcome` (kept so existing imports work; new code imports `engine.model.outcome`)."""
import sys

from .model import outcome as _module

sys.modules[__name__] = _module
