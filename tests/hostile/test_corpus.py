"""The hostile corpus (tests/hostile/corpus.py) through the engine's one check of outside input and through the
page's host functions: every legal entry opens, every other one is refused with a short message that says what
was wrong, and a refusal leaves the game on the playmat as it was."""
from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from corpus import Entry, corpus
from hostile_kit import TIME_LIMIT, check_message

from engine import links
from engine.clients.levels import LEVELS as ENGINE_LEVELS
from engine.model.limits import MAX_EXPORT_CHARS, MAX_JSON_SIZE, BadInput
from engine.persistence import inputs
from engine.persistence.inputs import KINDS, check_input
from engine.replay import open_record

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import computer_player  # noqa: E402
import game_setup  # noqa: E402
import playmat_host  # noqa: E402
import replays_host  # noqa: E402, F401  (registers the replay requests)
import saves_host  # noqa: E402, F401  (registers the saves requests)
from host_calls import ask  # noqa: E402

ENTRIES = corpus()
TOO_LARGE = r"|too large|larger than"   # inputs beyond the page's request size are refused before the check


def engine_open(entry: Entry) -> None:
    """Open an entry as the app does, engine side: the one check, then the game re-executed."""
    if entry.kind == "link":
        links.decode(entry.data)
    elif entry.kind == "deck":
        check_input(entry.data, "deck")
    elif entry.kind == "record":
        open_record(entry.data)
    elif entry.kind == "save":
        open_record(check_input(entry.data, "save")["record"])
    else:
        for item in check_input(entry.data, "export")["items"]:
            open_record(item["save"]["record"])


def test_the_corpus_is_large_covers_every_kind_and_its_ids_are_unique() -> None:
    ids = [e.id for e in ENTRIES]
    assert len(ids) == len(set(ids)) and len(ids) >= 60
    kinds = Counter(e.kind for e in ENTRIES)
    assert set(kinds) == set(KINDS) - {"replay", "scenario"} and min(kinds.values()) >= 10   # both: inside others
    assert all(e.mentions for e in ENTRIES if not e.accepted)
    assert sum(e.accepted for e in ENTRIES) >= 10


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_the_engine_opens_legal_input_and_refuses_the_rest_clearly(entry: Entry) -> None:
    t0 = time.perf_counter()
    if entry.accepted:
        engine_open(entry)
    else:
        with pytest.raises(BadInput) as caught:
            engine_open(entry)
        check_message(str(caught.value), entry.mentions)
    assert time.perf_counter() - t0 < TIME_LIMIT


def answer(method: str, argument: object) -> dict:
    return json.loads(playmat_host.call(method, json.dumps(argument)))


def host_calls(entry: Entry) -> list[tuple[str, object]]:
    """Every host request that takes this entry from the page."""
    if entry.kind == "link":
        return [("replays.open", {"code": entry.data})]
    if entry.kind == "deck":
        return []    # the deck builder's own requests (decks_host) list a code's problems as it is typed
    calls: list[tuple[str, object]] = [("saves.import_check", entry.text())]
    if isinstance(entry.data, dict) and entry.kind == "save":
        calls += [("saves.check", entry.data), ("saves.resume", entry.data), ("replays.open", entry.data)]
    elif isinstance(entry.data, dict) and entry.kind == "record":
        replay = {"record": entry.data, "mode": "hotseat", "human": 0}
        calls += [("saves.check", replay), ("replays.open", replay)]
    return calls


@pytest.fixture(scope="module")
def host() -> playmat_host.Host:
    host = playmat_host.Host()
    playmat_host.HOST = host
    ask(host, "playmat.new_game", {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple",
                           "seed": 42, "first": 0})
    return host


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_the_host_functions_open_legal_input_and_refuse_the_rest_clearly(entry: Entry, host) -> None:
    playmat_host.HOST = host
    for method, argument in host_calls(entry):
        before = host.game
        result = answer(method, argument)
        if entry.accepted:
            assert result["ok"], (method, result)
            if method == "saves.import_check":
                assert len(result["result"]["items"]) == entry.items()
            continue
        assert not result["ok"], (method, result)
        large = len(json.dumps(argument)) > min(MAX_JSON_SIZE, MAX_EXPORT_CHARS)
        check_message(result["error"], entry.mentions + (TOO_LARGE if large else ""))
        assert host.game is before, f"{method} changed the game on the playmat"


def test_the_check_knows_the_modes_and_levels_the_page_and_the_engine_offer() -> None:
    """The one check lists a save's modes and levels itself (persistence sits below the clients)."""
    assert inputs.MODES == game_setup.MODES
    assert inputs.LEVELS == computer_player.LEVELS == ENGINE_LEVELS
