"""Old name of `engine.clients.levels` (kept so existing imports work; new code imports `engine.clients.levels`)."""
import sys

from .clients import levels as _module

sys.modules[__name__] = _module
