"""Old name of `engine.clients.search` (kept so existing imports work; new code imports `engine.clients.search`)."""
import sys

from .clients import search as _module

sys.modules[__name__] = _module
