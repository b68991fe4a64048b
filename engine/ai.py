"""Old name of `engine.clients.ai` (kept so existing imports work; new code imports `engine.clients.ai`)."""
import sys

from .clients import ai as _module

sys.modules[__name__] = _module
