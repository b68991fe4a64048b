"""``python3 build.py serve`` with its port in use: one line naming the port and ``--port``, a non-zero exit,
no traceback, and no build first (the port is taken before the slow build)."""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "build.py", "serve", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_port_in_use_is_one_line_with_a_hint():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve("--port", str(port))
    assert result.returncode != 0
    assert result.stdout == ""  # nothing was built or served
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert f"127.0.0.1:{port}" in lines[0] and "--port" in lines[0]
    assert "Traceback" not in result.stderr


def test_port_out_of_range_is_a_usage_error():
    result = serve("--port", "70000", "--no-build")
    assert result.returncode == 2
    assert "70000 is not a port" in result.stderr and "Traceback" not in result.stderr
