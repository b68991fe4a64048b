"""The web hosts stay modules of one concept: none of web/py is over 400 lines."""
from __future__ import annotations

from pathlib import Path

import pytest

WEB_PY = Path(__file__).resolve().parents[1] / "web" / "py"
MAX_LINES = 400


@pytest.mark.parametrize("path", sorted(WEB_PY.glob("*.py")), ids=lambda p: p.name)
def test_no_web_host_module_is_over_400_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name} has {lines} lines: split it by concept (docs/architecture.md)"


def test_the_web_hosts_are_found() -> None:
    assert {"playmat_host.py", "protocol.py", "worker.py"} <= {p.name for p in WEB_PY.glob("*.py")}
