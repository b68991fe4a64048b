"""Old name of `engine.presentation.odds` (kept so existing imports work; new code imports `engine.presentation.odds`)."""
import sys

from .presentation import odds as _module

sys.modules[__name__] = _module
