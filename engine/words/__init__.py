"""Words of the ability vocabulary beyond the core: one module per colour, plus unique named effects."""
from __future__ import annotations

import importlib
import pkgutil

for _m in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_m.name}")
