"""Old name of `engine.model.carddb` (kept so existing imports work; new code imports `engine.model.carddb`)."""
import sys

from .model import carddb as _module

sys.modules[__name__] = _module
