"""Links to a moment (engine.persistence.links: with_moment / read_moment, and the page host's share and
replay_open): a link carries the decision to open at, who played and the names typed, each field checked with
its limits when the link is read; a position link carries only the game up to that point, to play it."""
from __future__ import annotations

import sys
from pathlib import Path

import kit
import pytest

from engine import Game
from engine.persistence import links
from engine.persistence.links import BadLink, Moment, check_moment, read_moment, with_moment

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))

import links_host  # noqa: E402, F401  (registers share)
import playmat_host  # noqa: E402
import replays_host  # noqa: E402, F401  (registers replay_open)
from host_calls import ask, refused  # noqa: E402


@pytest.fixture(scope="module")
def finished() -> Game:
    return kit.finished_game()


def test_a_link_without_fields_reads_as_its_code() -> None:
    assert read_moment("gABCD") == Moment("gABCD")


def test_fields_round_trip_and_cost_a_few_characters() -> None:
    text = with_moment("gABCD", at=44, mode="computer", human=1)
    assert text == "gABCD.a44.c1"
    assert read_moment(text) == Moment("gABCD", 44, "computer", 1)
    named = with_moment("gABCD", mode="hotseat", names=["Aiko", "ボブ"])
    assert read_moment(named) == Moment("gABCD", None, "hotseat", 0, ("Aiko", "ボブ"))
    assert read_moment(with_moment("gABCD", play=True)).play is True


@pytest.mark.parametrize(("text", "reason"), [
    ("gAB.a44.a45", "twice"),
    ("gAB.c0.h", "twice"),
    ("gAB.a-1", "does not know"),
    ("gAB.a0044", "does not know"),
    ("gAB.a9999999", "does not know"),
    ("gAB.z", "does not know"),
    ("gAB.c2", "does not know"),
    ("gAB.n", "does not know"),
    ("gAB.n!!", "does not know"),
    ("gAB.nAAAA", "not usable"),                                        # decodes to three zero bytes: one name
    ("gAB.n_w3-", "names are damaged"),                                 # not UTF-8
    ("gAB." + ".".join(["a1"] * 70), "too long"),
    ("gAB.n" + "QUFB" * 30, "too long"),
])
def test_hostile_fields_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(BadLink, match=reason):
        read_moment(text)


def test_names_are_checked_when_written_and_when_read() -> None:
    for names in (["x" * 25, "b"], ["a"], ["a", "\x07"], ["", "b"]):
        with pytest.raises(ValueError):
            with_moment("g", names=names)
    bad = "gAB.n" + links.base64.urlsafe_b64encode(b"ok\n\x1bbad").decode().rstrip("=")
    with pytest.raises(BadLink, match="control characters"):
        read_moment(bad)


def test_a_decision_past_the_games_end_is_refused() -> None:
    check_moment(Moment("g", 10), 10)
    with pytest.raises(BadLink, match="only 10 decisions"):
        check_moment(Moment("g", 11), 10)


def test_share_in_the_viewer_reopens_at_that_decision_with_the_players_labels(finished: Game) -> None:
    host = playmat_host.Host()
    k = len(finished.choices) // 3
    shared = ask(host, "saves.share", {"record": finished.record(), "at": k, "mode": "computer", "human": 1})
    assert shared["code"] == f"{links.encode(finished)}.a{k}.c1"
    info = ask(host, "replays.open", {"code": shared["code"]})
    assert info["at"] == k and info["mode"] == "computer" and info["human"] == 1 and info["labelled"]
    assert info["record"]["choices"] == finished.choices and info["play"] is False
    assert ask(host, "replays.seek", {"n": info["at"]})["n"] == k


def test_typed_names_survive_the_link(finished: Game) -> None:
    host = playmat_host.Host()
    shared = ask(host, "saves.share", {"record": finished.record(), "mode": "hotseat", "names": ["Aiko", "Ben"]})
    assert ask(host, "replays.open", {"code": shared["code"]})["names"] == ["Aiko", "Ben"]
    assert "Player names" in refused(host, "saves.share", {"record": finished.record(), "names": ["Aiko", "B" * 40]})


def test_share_at_game_over_names_the_playmats_players() -> None:
    host = playmat_host.Host()
    ask(host, "playmat.new_game", {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple",
                           "seed": 4, "first": 0, "human": 0})
    shared = ask(host, "saves.share", {})
    assert shared["code"].endswith(".c0")
    assert ask(playmat_host.Host(), "replays.open", {"code": shared["code"]})["mode"] == "computer"


def test_a_position_link_carries_the_game_only_up_to_that_point(finished: Game) -> None:
    host = playmat_host.Host()
    k = len(finished.choices) // 2
    shared = ask(host, "saves.share", {"record": finished.record(), "at": k, "position": True, "mode": "computer"})
    assert shared["code"].endswith(".c0.p")
    info = ask(host, "replays.open", {"code": shared["code"]})
    assert info["play"] is True and info["record"]["choices"] == finished.choices[:k] and info["total"] == k
    assert "no decision" in refused(host, "saves.share", {"record": finished.record(), "at": k + 10_000, "position": True})


@pytest.mark.parametrize("suffix", [".a99999", ".a1.a2", ".q", ".n" + "A" * 200])
def test_hostile_moment_links_are_refused_cleanly_by_the_host(finished: Game, suffix: str) -> None:
    host = playmat_host.Host()
    message = refused(host, "replays.open", {"code": links.encode(finished) + suffix})
    assert "link" in message
