"""Old name of `engine.model.safe_json` (kept so existing imports work; new code imports `engine.model.safe_json`)."""
import sys

from .model import safe_json as _module

sys.modules[__name__] = _module
