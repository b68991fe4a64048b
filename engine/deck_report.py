"""Old name of `engine.presentation.deck_report` (kept so existing imports work; new code imports `engine.presentation.deck_report`)."""
import sys

from .presentation import deck_report as _module

sys.modules[__name__] = _module
