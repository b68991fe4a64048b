"""Old name of `engine.clients.opponents` (kept so existing imports work; new code imports `engine.clients.opponents`)."""
import sys

from .clients import opponents as _module

sys.modules[__name__] = _module
