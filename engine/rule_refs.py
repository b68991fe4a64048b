"""Old name of `engine.presentation.rule_refs` (kept so existing imports work; new code imports `engine.presentation.rule_refs`)."""
import sys

from .presentation import rule_refs as _module

sys.modules[__name__] = _module
