"""Old name of `engine.model.log` (kept so existing imports work; new code imports `engine.model.log`)."""
import sys

from .model import log as _module

sys.modules[__name__] = _module
