"""Old name of `engine.clients.simulate` (kept so existing imports work; new code imports `engine.clients.simulate`)."""
import sys

from .clients import simulate as _module

sys.modules[__name__] = _module
