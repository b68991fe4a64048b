"""Old name of `engine.presentation.secrecy` (kept so existing imports work; new code imports `engine.presentation.secrecy`)."""
import sys

from .presentation import secrecy as _module

sys.modules[__name__] = _module
