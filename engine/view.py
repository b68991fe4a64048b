"""Old name of `engine.presentation.view` (kept so existing imports work; new code imports `engine.presentation.view`)."""
import sys

from .presentation import view as _module

sys.modules[__name__] = _module
