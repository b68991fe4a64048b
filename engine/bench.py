"""Old name of `engine.clients.bench` (kept so existing imports work; new code imports `engine.clients.bench`)."""
import sys

from .clients import bench as _module

sys.modules[__name__] = _module
