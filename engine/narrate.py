"""Old name of `engine.presentation.narrate` (kept so existing imports work; new code imports `engine.presentation.narrate`)."""
import sys

from .presentation import narrate as _module

sys.modules[__name__] = _module
