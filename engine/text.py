"""Old name of `engine.presentation.text` (kept so existing imports work; new code imports `engine.presentation.text`)."""
import sys

from .presentation import text as _module

sys.modules[__name__] = _module
