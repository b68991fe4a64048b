"""A replay embed's still frame (engine/presentation/still_frame.py): the public board only, so twin games that
differ in hidden cards (4.5 deck, 4.6 hand) have the same frame, from either player's view, at every step."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from kit import STRUCT, V300, V700, cid, finished_game, game

from engine.bench import random_deck
from engine.links import encode, with_moment
from engine.presentation.secrecy import compare_twins, twin_games
from engine.presentation.still_frame import KEYWORDS, still_frame
from engine.presentation.view import view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))
import links_host  # noqa: E402
import playmat_host  # noqa: E402  (the web host is plain Python; its folder is put on sys.path just above)

CARD = re.compile(r"^([A-Z]{2,5}\d{2}-\d{3})(r)?(?:d(\d+))?(?:p(-?\d+))?(?:s(-?\d+))?(?:k(\d+))?$")


def parts(frame: str) -> dict:
    """The frame's fields by name (docs/embedding.md), its sides split."""
    fields = frame.split(".")
    assert len(fields) == 11, frame
    names = ["version", "at", "total", "turn", "turn_player", "phase", "night", "labels", "battle"]
    out = dict(zip(names, fields[:9], strict=True))
    out["sides"] = [side.split("_") for side in fields[9:]]
    return out


def test_a_frame_says_the_public_board_of_its_decision():
    g = finished_game()
    at = 40
    shown = g.rewind(at)
    frame = still_frame(shown, 0, len(g.choices), "c0")
    assert re.fullmatch(r"[A-Za-z0-9_.~-]+", frame) and len(frame) < 400, frame
    got = parts(frame)
    seen = view(shown, 0)
    assert got["version"] == "1" and got["at"] == str(at) and got["total"] == str(len(g.choices))
    assert (got["turn"], got["turn_player"], got["phase"]) == (str(seen["turn"]), str(seen["turn_player"]), seen["phase"])
    assert got["labels"] == "c0"
    for side, player in zip(got["sides"], seen["players"], strict=True):
        assert side[:8] == [str(player[k]) for k in ("life", "deck", "hand_count", "soul_deck", "souls_standing",
                                                      "souls_rested", "material", "ingredient")]
        assert side[8] == str(len(player["graveyard"])) and side[10] == str(len(player["exile"]))
        base = [CARD.match(text) for text in side[12].split("~")] if side[12] else []
        assert [m.group(1) for m in base] == [c["number"] for c in player["base"]]
        for match, card in zip(base, player["base"], strict=True):
            assert bool(match.group(2)) == card["rested"] and int(match.group(3) or 0) == card["damage"]
            mask = int(match.group(6) or 0)
            assert [k for i, k in enumerate(KEYWORDS) if mask >> i & 1] == sorted(card["keywords"], key=KEYWORDS.index)
    # never a card of a hand: the watcher's own hand is in its view, not in the frame
    hand = {c["number"] for c in seen["players"][0]["hand"]} - {c["number"] for p in seen["players"]
                                                                for z in ("base", "graveyard", "exile") for c in p[z]}
    assert hand and not any(number in frame for number in hand)


def test_a_frame_is_the_same_from_either_players_view():
    g = finished_game()
    for at in range(0, len(g.choices) + 1, 7):
        shown = g.rewind(at)
        assert still_frame(shown, 0, len(g.choices)) == still_frame(shown, 1, len(g.choices))


def test_power_strike_damage_and_battle_are_in_the_frame():
    g = game({"base": [V700]}, {"base": [STRUCT, {"card": V300, "rested": True, "damage": 100}]},
             pass_empty_quick=False)
    g.apply(f"attack {cid(g, 0, 'base', V700)} {cid(g, 1, 'base', V300)}")
    got = parts(still_frame(g, 0, 99))
    assert got["battle"] == "0t1" and got["sides"][1][12] == f"{STRUCT}~{V300}rd100"
    g2 = game({"base": [V700]}, {"base": [V300]}, pass_empty_quick=False)
    g2.apply(f"attack {cid(g2, 0, 'base', V700)} player")
    got = parts(still_frame(g2, 1, 99))
    assert got["battle"] == "0p" and got["sides"][0][12].startswith(f"{V700}r")


def frames(g) -> list[str]:
    """The frames from both players' views: a hand shown to its owner would make the twins' frames differ."""
    return [still_frame(g, seat, 500, "h") for seat in (0, 1)]


def test_twin_games_differing_in_hidden_cards_have_the_same_frame():
    """Frames compared after every step of 40 twin pairs while the twins look alike publicly (SecrecyLeak if
    they differ), the twin's deck differing below its top cards."""
    steps = hidden = 0
    for seed in range(20):
        rng = random.Random(seed)
        decks = (random_deck(rng), random_deck(rng))
        for observer in (0, 1):
            a, b = twin_games(decks, seed, observer, rng, swaps=rng.choice((1, 3, 10)),
                              keep_top=rng.choice((0, 5, 10, 20)))
            report = compare_twins(a, b, observer, rng, watch=(frames, frames))
            steps, hidden = steps + report.steps, hidden + report.hidden_choices
    assert steps > 300 and hidden > 150, (steps, hidden)


def test_labels_must_be_a_links_label_field():
    g = finished_game()
    for labels in ("c0", "c1", "h", "nQWlrbwpCZW4"):
        assert parts(still_frame(g, 0, len(g.choices), labels))["labels"] == labels
    for bad in ("x", "c2", "n<b>", "n" + "A" * 90):
        with pytest.raises(ValueError):
            still_frame(g, 0, len(g.choices), bad)


def test_share_gives_the_frame_of_the_links_decision_and_labels():
    g = finished_game()
    host = playmat_host.Host()
    out = links_host.share(host, {"record": g.record(), "at": 44, "mode": "computer", "human": 1})
    assert out["at"] == 44 and out["code"].endswith(".a44.c1")
    assert out["frame"] == still_frame(g.rewind(44), 0, len(g.choices), "c1")
    named = links_host.share(host, {"record": g.record(), "mode": "hotseat", "names": ["Aiko", "Ben"]})
    assert named["at"] == len(g.choices) and parts(named["frame"])["labels"] == named["code"].split(".")[-1]
    assert "frame" not in links_host.share(host, {"record": g.record(), "at": 44, "position": True})
    assert with_moment(encode(g), at=44, mode="computer", human=1) == out["code"]
