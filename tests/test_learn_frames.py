"""build.py's static first frames of the embed page (learn/<kind>-<id>.json): what the page draws before Python.

Each frame must be exactly what the host answers when the lesson or puzzle starts (in both languages), so the
live board that replaces it shows the same position with the same card ids; and it must carry the catalogue entry
of every card it shows, since the embed draws it without the engine's catalogue."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web" / "py")]

import build  # noqa: E402


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("learn")
    return out, build.learn_frames(out)


def fresh_start(method: str, item_id: str, lang: str) -> dict:
    import playmat_host

    playmat_host.HOST = playmat_host.Host()
    answer = json.loads(playmat_host.call(method, json.dumps({"id": item_id, "lang": lang})))
    assert answer["ok"], answer
    return answer["result"]


def shown_numbers(state: dict) -> set[str]:
    return {card["number"] for player in state["view"]["players"]
            for zone in ("hand", "base", "graveyard", "exile") for card in player.get(zone) or []}


def test_every_shipped_lesson_and_puzzle_has_a_frame(frames: tuple[Path, dict]) -> None:
    out, index = frames
    shipped = {"lessons": sorted(p.stem for p in (ROOT / "cards" / "lessons").glob("*.json")),
               "puzzles": sorted(p.stem for p in (ROOT / "cards" / "puzzles").glob("**/*.json"))}
    assert shipped["puzzles"], "no puzzle ships"
    for key, kind in (("lessons", "lesson"), ("puzzles", "puzzle")):
        assert sorted(item["id"] for item in index[key]) == shipped[key]
        for item_id in shipped[key]:
            assert (out / f"{kind}-{item_id}.json").is_file()
    assert json.loads((out / "index.json").read_text()) == index


def test_a_frame_is_the_hosts_first_state_in_both_languages_with_its_cards(frames: tuple[Path, dict]) -> None:
    out, index = frames
    for key, kind in (("lessons", "lesson"), ("puzzles", "puzzle")):
        for item in index[key]:
            frame = json.loads((out / f"{kind}-{item['id']}.json").read_text())
            assert frame["kind"] == kind and frame["id"] == item["id"] and frame["meta"] == item
            for lang in ("en", "ja"):
                assert frame["states"][lang] == fresh_start(f"{kind}s.start", item["id"], lang), (item["id"], lang)
                assert shown_numbers(frame["states"][lang]) <= set(frame["catalog"]), item["id"]
            card = next(iter(frame["catalog"].values()))
            assert set(card["name"]) == {"en", "ja"} and set(card["text"]) == {"en", "ja"}


def test_a_failing_host_request_stops_the_build_with_its_message(frames: tuple[Path, dict]) -> None:
    hosts = build._learn_hosts()
    with pytest.raises(SystemExit, match="no-such-puzzle"):
        build._host_call(hosts, "puzzles.start", {"id": "no-such-puzzle", "lang": "en"})
