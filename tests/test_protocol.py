"""The one table of the page's requests (web/py/protocol.py): the only place a request name is spelled, the worker's
refusals of anything else, and docs/web.md showing the table."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "py"))

import decks_host  # noqa: E402,F401  (registers its requests, as the worker does)
import hint_host  # noqa: E402,F401
import lessons_host  # noqa: E402,F401
import links_host  # noqa: E402,F401
import playmat_host  # noqa: E402
import protocol  # noqa: E402
import puzzles_host  # noqa: E402,F401
import replays_host  # noqa: E402,F401
import saves_host  # noqa: E402,F401
import simulate_host  # noqa: E402,F401
from host_calls import ask, refused  # noqa: E402
from protocol import R  # noqa: E402

GAME = {"mode": "hotseat", "scenario": {"turn": 3, "turn_player": 0, "phase": "main",
                                         "players": [{"hand": ["EBP01-001"], "base": ["ETD01-013"]},
                                                     {"base": ["ETD01-013"]}]}}


def sources() -> list[Path]:
    """Every file of the page and of the worker's Python (the table itself and what build.py writes from it aside)."""
    files = [*(ROOT / "web" / "js").rglob("*.js"), *(ROOT / "web" / "py").rglob("*.py"), ROOT / "build.py"]
    return [f for f in files if f.name not in ("protocol.py", "protocol.js")]


def test_a_request_name_is_spelled_only_in_the_table() -> None:
    names = [member.value for member in R]
    quoted = re.compile("[\"'`](" + "|".join(re.escape(n) for n in names) + ")[\"'`]")
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}" for path in sources()
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if quoted.search(line)]
    assert not found, "request names spelled outside web/py/protocol.py:\n" + "\n".join(found)


def test_the_page_names_every_request_through_the_generated_constants() -> None:
    """A request is sent as ``call(R.NAME, ...)``: no call passes a name it spelled or built itself."""
    literal = re.compile(r"\b(?:call|ask|run)\(\s*[\"'`]")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in (ROOT / "web" / "js").rglob("*.js")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if literal.search(line)]
    assert not found, found
    js = protocol.protocol_js()
    for member in R:
        assert f"  {member.name}: {member.value!r}," in js


def test_every_request_of_the_table_is_served_once_and_nothing_else_is() -> None:
    assert set(playmat_host.REQUESTS) == {member.value for member in R}
    assert len(protocol.TABLE) == len(R) == len(protocol.BY_NAME)
    with pytest.raises(ValueError, match="not a request of protocol.py"):
        playmat_host.request("playmat.act")
    with pytest.raises(ValueError, match="registered twice"):
        playmat_host.request(R.ACT)(lambda host, argument: None)


def test_an_unknown_request_gets_a_clear_error_and_the_game_is_kept() -> None:
    host = playmat_host.Host()
    before = ask(host, R.NEW_GAME, GAME)
    for method in ("act", "playmat.delete_everything", "", "__class__", "x" * 5000):
        message = refused(host, method)
        assert "unknown request" in message and "protocol.py" in message
    answer = json.loads(playmat_host.call("act", json.dumps("end")))
    assert answer["type"] == "ProtocolError"
    assert ask(host, R.STATE) == {**before, "log": [], "fresh": 0, "log_reset": False}


@pytest.mark.parametrize(("method", "argument", "words"), [
    (R.ACT, {"action": "end"}, "takes a text, not object"),
    (R.ACT, None, "takes a text, not null"),
    (R.UNDO, {"n": 3}, "takes no argument"),
    (R.NEW_GAME, {"mode": "hotseat", "decks": "x"}, "has no field 'decks'"),
    (R.NEW_GAME, {"mode": 1}, "field 'mode' must be text, not integer"),
    (R.NEW_GAME, ["hotseat"], "takes an object, not list"),
    (R.REPLAY_SEEK, {"as": 0}, "needs the field 'n'"),
    (R.REPLAY_SEEK, {"n": "3"}, "field 'n' must be integer, not text"),
    (R.DECKS_ANALYSE, {"numbers": "EBP01-001"}, "field 'numbers' must be list, not text"),
    (R.HINT, {"budget": True}, "field 'budget' must be number, not boolean"),
    (R.SAVE_RESUME, "save", "takes an object, not text"),
])
def test_a_bad_argument_is_refused_before_any_host_and_the_game_is_kept(method: R, argument: object, words: str) -> None:
    host = playmat_host.Host()
    ask(host, R.NEW_GAME, GAME)
    before = ask(host, R.STATE)
    message = refused(host, method, argument)
    assert words in message and method.value in message
    assert ask(host, R.STATE)["view"] == before["view"]
    assert ask(host, R.STATE)["decision"] == before["decision"]


def test_a_request_this_worker_does_not_serve_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """The embed's worker loads only some hosts: a request of the table it lacks is refused, not crashed on."""
    monkeypatch.delitem(playmat_host.REQUESTS, R.DECKS_CARDS.value)
    assert "not served by this worker" in refused(playmat_host.Host(), R.DECKS_CARDS)


def test_docs_web_shows_the_table() -> None:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    assert protocol.markdown_table() in text, "docs/web.md's table differs: paste protocol.markdown_table()"
