"""Old name of `engine.clients.ladder` (kept so existing imports work; new code imports `engine.clients.ladder`)."""
import sys

from .clients import ladder as _module

sys.modules[__name__] = _module
