"""Every card fact in cards/ matches the official card list, kept as facts in tests/fixtures/card_facts.json.

Checked for all 148 cards: number, main name and sub name (English and Japanese), type, colour, cost, power
(durability for structures), strike, Lucky, elements, work suitability, rarity, set and parallel printings.
A card missing from either side, or one differing fact, fails. The fixture is made from the reference list
by ``python3 tools/make_fixtures.py`` (see docs/testing.md); the tests read only the fixture.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import cards
from engine import CARDS

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "card_facts.json"
REFERENCE = json.loads(FIXTURE.read_text(encoding="utf-8"))

REF_EN = {c["number"]: c for c in REFERENCE["cards_en"]}
REF_JA = {c["number"]: c for c in REFERENCE["cards_ja"]}
# the printing list also holds the soul card (type "Soul"); souls are not main-deck cards and every game
# supplies them, so they have no card record
REF_SOULS = [p for p in REFERENCE["printings"] if p["type"] == "Soul"]
REF_PRINTINGS = [p for p in REFERENCE["printings"] if p["type"] != "Soul"]
RECORDS = {r["number"]: r for r in cards.records()}

DASH = " – "


def test_reference_has_148_cards():
    assert len(REF_EN) == len(REFERENCE["cards_en"]) == 148
    assert set(REF_JA) == set(REF_EN) and len(REFERENCE["cards_ja"]) == 148


def test_fixture_holds_facts_only():
    """The fixture keeps the facts the tests check, never a card's wording (no ability text)."""
    facts = {"number", "name", "subtitle", "type", "color", "cost", "power", "strike", "subtype", "elements",
             "workSuitability", "rarity", "set", "name_ja", "name_en", "baseNumber", "isParallel"}
    for part in ("cards_en", "cards_ja", "printings"):
        for row in REFERENCE[part]:
            assert set(row) <= facts, f"{part} {row['number']}: {sorted(set(row) - facts)}"


def test_every_reference_card_is_in_the_card_data():
    missing = sorted(set(REF_EN) - set(CARDS))
    assert missing == [], f"cards missing from cards/: {missing}"


def test_no_card_outside_the_reference():
    extra = sorted(set(CARDS) - set(REF_EN))
    assert extra == [], f"cards not in the reference: {extra}"


def test_each_number_appears_once_in_the_data():
    numbers = [r["number"] for r in cards.records()]
    assert len(numbers) == len(set(numbers))


def _reference_facts(number: str) -> dict:
    ref = REF_EN[number]
    kind = ref["type"].lower()
    ja_main, ja_sub = _split_ja(REF_JA[number]["name_ja"], has_sub=bool(ref["subtitle"]))
    return {
        "number": ref["number"],
        "name_en": ref["name"],
        "sub_en": ref["subtitle"],
        "name_ja": ja_main,
        "sub_ja": ja_sub,
        "type": kind,
        "color": ref["color"],
        "cost": ref["cost"],
        "power": ref["power"],
        "strike": ref["strike"],
        "lucky": ref["subtype"] == "Lucky Pal",
        "elements": tuple(ref["elements"]),
        "work": tuple(w for w in ref["workSuitability"].split("|") if w),
        "rarity": ref["rarity"],
        "set": ref["set"],
        "printings": tuple(sorted(p["number"] for p in REF_PRINTINGS
                                  if p["baseNumber"] == number and p["isParallel"])),
    }


def _split_ja(full: str, has_sub: bool) -> tuple[str, str]:
    """Japanese card names print the sub name first: "SUB – MAIN"."""
    if not has_sub:
        return full, ""
    sub, main = full.split(DASH)
    return main, sub


def _data_facts(number: str) -> dict:
    d = CARDS[number]
    return {
        "number": d.number,
        "name_en": d.name_en,
        "sub_en": d.sub_en,
        "name_ja": d.name_ja,
        "sub_ja": d.sub_ja,
        "type": d.type,
        "color": d.color,
        "cost": d.cost,
        "power": d.power,
        "strike": d.strike,
        "lucky": d.lucky,
        "elements": tuple(d.elements),
        "work": tuple(d.work),
        "rarity": d.rarity,
        "set": d.set,
        "printings": tuple(sorted(d.printings)),
    }


@pytest.mark.parametrize("number", sorted(REF_EN))
def test_card_facts_match_reference(number):
    assert number in CARDS, f"{number} is missing from cards/"
    expected = _reference_facts(number)
    actual = _data_facts(number)
    differ = {k: (actual[k], expected[k]) for k in expected if actual[k] != expected[k]}
    assert differ == {}, f"{number}: facts differ (data, reference): {differ}"


@pytest.mark.parametrize("number", sorted(REF_EN))
def test_full_names_match_reference(number):
    d = CARDS[number]
    ref = REF_EN[number]
    en = f"{ref['name']}{DASH}{ref['subtitle']}" if ref["subtitle"] else ref["name"]
    assert d.full_name == en
    assert d.full_name_in("en") == en
    assert d.full_name_in("ja") == REF_JA[number]["name_ja"]
    assert REF_JA[number]["name_en"] == en


@pytest.mark.parametrize("number", sorted(REF_EN))
def test_record_shape(number):
    """The stored record keeps power for Pals, durability for structures, neither for gear and events."""
    r = RECORDS[number]
    kind = REF_EN[number]["type"].lower()
    if kind == "pal":
        assert r["power"] == REF_EN[number]["power"] and r["strike"] == REF_EN[number]["strike"]
        assert "durability" not in r
    elif kind == "structure":
        assert r["durability"] == REF_EN[number]["power"]
        assert "power" not in r and r.get("strike") is None
    else:
        assert r.get("power") is None and r.get("durability") is None and r.get("strike") is None
    assert isinstance(r["abilities"], list)


def test_parallel_printings_match_reference():
    bases = {p["baseNumber"] for p in REF_PRINTINGS}
    assert bases <= set(CARDS), f"printings of unknown cards: {sorted(bases - set(CARDS))}"
    for p in REF_PRINTINGS:
        base = CARDS[p["baseNumber"]]
        assert CARDS.canonical(p["number"]) == base.number, p["number"]
        assert CARDS[p["number"]] is base
        assert base.full_name == p["name"], p["number"]
        assert base.color == p["color"] and base.type == p["type"].lower(), p["number"]
        if p["isParallel"]:
            stored = {q["number"]: q["rarity"] for q in RECORDS[base.number]["printings"]}
            assert stored.get(p["number"]) == p["rarity"], f"{p['number']}: rarity {stored.get(p['number'])}"
        else:
            assert p["number"] == base.number and p["rarity"] == base.rarity


def test_parallels_are_only_the_reference_ones():
    listed = {p["number"] for p in REF_PRINTINGS if p["isParallel"]}
    stored = {q["number"] for r in cards.records() for q in r["printings"]}
    assert stored == listed


def test_soul_printings_are_not_cards():
    assert REF_SOULS, "the reference lists the soul card printing"
    for p in REF_SOULS:
        assert p["number"] not in CARDS and p["number"] not in CARDS.aliases


def test_lowercase_and_spaced_numbers_resolve():
    assert CARDS.canonical(" ebp01-001ssp ") == "EBP01-001"
    assert CARDS["etd01-013"].number == "ETD01-013"
