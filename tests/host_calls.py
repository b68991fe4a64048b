"""Calling the web app's Python host as the page does (JSON text in, JSON text out), for the host tests."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))

import playmat_host  # noqa: E402


def ask(host: playmat_host.Host, method: str, argument: object = None) -> dict:
    """The result of a request the host must answer."""
    playmat_host.HOST = host
    answer = json.loads(playmat_host.call(method, json.dumps(argument)))
    assert answer["ok"], answer
    return answer["result"]


def refused(host: playmat_host.Host, method: str, argument: object = None) -> str:
    """The error of a request the host must refuse: one readable line."""
    playmat_host.HOST = host
    answer = json.loads(playmat_host.call(method, json.dumps(argument)))
    assert answer["ok"] is False, answer
    assert "\n" not in answer["error"] and len(answer["error"]) < 400
    return answer["error"]
