"""The gallery and deck builder requests (web/py/decks_host.py) under CPython: the JSON the page gets."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import decks_host  # noqa: E402,F401  (registers its requests)
import playmat_host  # noqa: E402

import cards  # noqa: E402
from engine import deck  # noqa: E402

RED_BLUE = deck.parse_code(cards.decks()["etd01-red-blue"]["code"])


def call(method: str, argument: object = None) -> dict:
    playmat_host.HOST = playmat_host.Host()
    return json.loads(playmat_host.call(method, json.dumps(argument)))


def ok(method: str, argument: object = None):
    answer = call(method, argument)
    assert answer["ok"], answer
    return answer["result"]


def test_gallery_extras_cover_every_card_with_set_printings_and_keywords() -> None:
    extras = ok("decks.cards")
    assert len(extras) == 148
    assert extras["EBP01-006"]["keywords"] == ["brave"] and extras["EBP01-006"]["set"] == "EBP01"
    assert "EBP01-078SR" in extras["EBP01-078"]["printings"]


def test_card_page_gives_derived_rules_with_titles_in_both_languages_and_rulings() -> None:
    page = ok("decks.card_page", {"number": "ebp01-075"})
    assert page["number"] == "EBP01-075"
    assert all(r["title"]["en"] and r["title"]["ja"] for r in page["rules"])
    assert [r["id"] for r in page["rulings"]] == ["official-83", "official-88", "official-89"]
    answer = call("decks.card_page", {"number": "NOPE-1"})
    assert not answer["ok"] and "NOPE-1" in answer["error"]


def test_analyse_reports_issues_breakdown_odds_and_the_code() -> None:
    result = ok("decks.analyse", {"numbers": RED_BLUE, "lang": "ja", "focus": "ETD01-013"})
    assert result["issues"] == [] and result["breakdown"]["cards"] == 50
    assert result["code"] == deck.to_code(RED_BLUE)
    assert result["odds"]["focus"]["number"] == "ETD01-013"
    bad = ok("decks.analyse", {"numbers": RED_BLUE[:10] + ["XX-1"], "lang": "ja"})
    assert [i["kind"] for i in bad["issues"]] == ["unknown", "size"]
    assert "不明" in bad["issues"][0]["message"]


@pytest.mark.parametrize("argument", [{"numbers": "EBP01-006"}, {"numbers": [1, 2]}, {"numbers": ["EBP01-006"] * 201}])
def test_analyse_refuses_what_is_not_a_bounded_list_of_numbers(argument: dict) -> None:
    answer = call("decks.analyse", argument)
    assert not answer["ok"] and "deck" in answer["error"]


def test_parse_is_lenient_and_names_every_bad_entry() -> None:
    result = ok("decks.parse", {"code": " ebp01-006 x 2 ;\n4x ETD01-013 "})
    assert result["numbers"] == ["EBP01-006"] * 2 + ["ETD01-013"] * 4
    assert result["code"] == "EBP01-006x2,ETD01-013x4"
    answer = call("decks.parse", {"code": "EBP01-999x2, junk"})
    assert not answer["ok"] and "EBP01-999" in answer["error"] and "junk" in answer["error"]
    assert "no cards" in call("decks.parse", {"code": " , "})["error"]


def test_shipped_decks_come_with_their_numbers() -> None:
    shipped = ok("decks.shipped")
    assert {d["id"] for d in shipped} == set(cards.decks())
    assert all(len(d["numbers"]) == 50 for d in shipped)
