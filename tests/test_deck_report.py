"""engine.presentation.deck_report: every deck rule broken (6.1, Q&A official-17), tied to the cards at fault; breakdowns."""
from __future__ import annotations

import cards
from engine import deck
from engine.model.carddb import CARDS
from engine.presentation.deck_report import breakdown, issues

RED_BLUE = deck.parse_code(cards.decks()["etd01-red-blue"]["code"])


def test_a_legal_deck_has_no_issues() -> None:
    assert issues(RED_BLUE) == []


def test_each_rule_is_reported_with_validates_message_and_the_cards_at_fault() -> None:
    lucky = sorted(n for n, d in CARDS.items() if d.lucky and d.color in ("red", "blue"))[:9]
    numbers = ["EBP01-006"] * 6 + lucky + ["ETD02-001", "ETD02-001"] + ["EBP01-999"]
    found = issues(numbers)
    assert [i["kind"] for i in found] == ["unknown", "size", "copies", "lucky", "colours"]
    assert [i["message"] for i in found] == deck.validate(numbers)
    by_kind = {i["kind"]: i for i in found}
    assert by_kind["unknown"]["cards"] == ["EBP01-999"]
    assert by_kind["copies"]["cards"] == ["EBP01-006"]
    assert set(by_kind["lucky"]["cards"]) == set(lucky)
    assert by_kind["colours"]["cards"] == ["ETD02-001"]   # green: the colour beyond the deck's two main ones
    assert by_kind["colours"]["rule"] == "official-17"


def test_copies_count_parallel_printings_together_and_messages_follow_the_language() -> None:
    """Q&A official-2: a parallel printing counts as the card it reprints."""
    numbers = ["EBP01-001"] * 4 + ["EBP01-001SSP"] + RED_BLUE[:45]
    found = issues(numbers, "ja")
    copies = [i for i in found if i["kind"] == "copies"]
    assert copies and copies[0]["cards"] == ["EBP01-001"]
    assert copies[0]["message"] in deck.validate(numbers, "ja")


def test_breakdown_counts_the_curve_types_colours_elements_and_lucky() -> None:
    b = breakdown(RED_BLUE + ["NOPE-1"])
    assert b["cards"] == 51 and b["known"] == 50
    assert sum(b["curve"].values()) == 50
    assert b["curve"] == {c: sum(1 for n in RED_BLUE if CARDS[n].cost == c) for c in b["curve"]}
    assert sum(b["type"].values()) == 50 and set(b["color"]) <= {"red", "blue", "colorless"}
    assert b["lucky"] == 8 and b["soul_deck"] == 10
    assert b["element"]["Ice"] == sum(1 for n in RED_BLUE if "Ice" in CARDS[n].elements)
