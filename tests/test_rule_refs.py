"""engine.presentation.rule_refs: the rule numbers a card's abilities rely on, derived from its ability data; the rulings file."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.model.abilities import CONDITIONS, CONTINUOUS, COSTS, KEYWORDS, TRIGGERS, VERBS
from engine.model.carddb import CARDS
from engine.presentation import rule_refs
from engine.presentation.rule_refs import RULE_TITLES
from engine.presentation.words import keyword_name

ROOT = Path(__file__).resolve().parents[1]
ENGINE_SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "engine").rglob("*.py"))
                          if p.name != "rule_refs.py")


def every_mapped_rule() -> set[str]:
    rules = {r for table in rule_refs.WORD_RULES.values() for rs in table.values() for r in rs}
    rules |= set(rule_refs.COSTS_ALL_OR_NOTHING)
    rules |= {r for k in KEYWORDS for r in rule_refs.keyword_rules(k)}
    return rules


def test_every_mapped_rule_number_is_one_the_engine_cites_and_has_a_title() -> None:
    """The mapping only uses rule numbers the engine's own code cites where it implements them."""
    for rule in every_mapped_rule():
        assert re.search(rf"(?<![\d.]){re.escape(rule)}(?![\d])", ENGINE_SOURCE), rule
        assert rule_refs.rule_title(rule, "en") and rule_refs.rule_title(rule, "ja"), rule


def test_every_mapped_word_exists_in_the_vocabulary() -> None:
    registries = {"trigger": TRIGGERS, "cost": COSTS, "verb": VERBS, "condition": CONDITIONS, "continuous": CONTINUOUS}
    for part, registry in registries.items():
        assert set(rule_refs.WORD_RULES[part]) <= set(registry), part


def test_every_keyword_reads_its_section_12_rule_from_the_engine() -> None:
    """Keyword rules are read from the keyword expansions' docstrings, not from a table here."""
    assert {k: rule_refs.keyword_rules(k) for k in KEYWORDS} == {
        "brave": ("12.6",), "serious": ("12.7",), "vigilance": ("12.9",), "breakthrough": ("12.14",),
        "retaliate": ("12.12",), "interrupt": ("12.8",), "taunt": ("12.10",), "stealth": ("12.11",),
        "assault": ("12.15",), "nocturnal": ("12.13",)}


SAMPLE = {
    # Lyleen Noct: [ACT] rest + discard: deploy a Pal from the graveyard -> ACT, costs all-or-nothing, Pal limit
    "EBP01-078": ["4.4.5.2", "10.1.1.1", "10.4.2.2", "11.5"],
    # Foxparks: Brave (an On Attack automatic ability)
    "EBP01-006": ["9.2", "10.1.1.2", "10.5", "12.6"],
    # Grizzbolt: a Lucky Pal with Assault
    "ETD01-001": ["6.1.1", "10.1.1.3", "11.2.2.2", "12.15"],
    # Antique Dresser: [ACT] once per turn, discard cost
    "EBP01-040": ["10.1.1.1", "10.4.2.2", "10.7"],
    # Beegarde: any number in a deck (6.1.1) plus an automatic ability
    "EBP01-061": ["6.1.1", "10.1.1.2", "10.1.1.3", "10.5"],
}


@pytest.mark.parametrize("number", sorted(SAMPLE))
def test_rule_numbers_of_sample_cards(number: str) -> None:
    assert rule_refs.rule_numbers(number) == SAMPLE[number]


def test_interrupt_cards_rely_on_the_quick_step_hand_zone_and_soul_costs() -> None:
    """Interrupt (12.8) is played from hand (10.3.5) in the quick step (9.5) paying souls (10.4.3)."""
    interrupters = [d for d in CARDS.values() if any(ab.keyword == "interrupt" for ab in d.abilities)]
    assert interrupters
    for d in interrupters:
        rules = rule_refs.card_rules(d)
        assert {"12.8", "10.3.5", "9.5", "10.4.3", "10.4.2.2"} <= set(rules), d.number
        assert "keyword:interrupt" in rules["12.8"]


def test_every_card_has_its_kind_rules_and_rules_sorted_by_number() -> None:
    kinds = {"act": "10.1.1.1", "auto": "10.1.1.2", "cont": "10.1.1.3", "play": "8.2"}
    for d in CARDS.values():
        rules = rule_refs.rule_numbers(d.number)
        assert rules == sorted(rules, key=rule_refs.rule_key)
        for ab in d.abilities:
            assert kinds[ab.kind] in rules, d.number


def test_parallel_printings_share_the_rules_of_their_card() -> None:
    assert rule_refs.rule_numbers("EBP01-078SR") == rule_refs.rule_numbers("EBP01-078")


def test_rulings_about_a_card_are_listed_by_id_with_the_projects_restatement() -> None:
    """Katress (EBP01-075): Q&A official-88 and official-89 are about it; official-83 names it with Shadowbeak."""
    ids = [r["id"] for r in rule_refs.rulings("EBP01-075")]
    assert ids == ["official-83", "official-88", "official-89"]
    assert all(r["en"] for r in rule_refs.rulings("EBP01-075"))
    assert rule_refs.rulings("EBP01-006") == []


def test_rulings_file_is_up_to_date_with_the_qa_tests() -> None:
    """cards/rulings.json is generated from tests/qa by tools/gen_rulings.py (run it after changing those tests)."""
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_rulings.py"), "--check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    data = json.loads((ROOT / "cards" / "rulings.json").read_text(encoding="utf-8"))
    assert all(re.fullmatch(r"official-\d+", rid) for rid in data)
    assert all(n in CARDS for r in data.values() for n in r["cards"])


def test_keyword_rule_titles_and_card_badges_use_the_keywords_printed_names() -> None:
    """12.6-12.15: the rule titles of the keywords and the keyword badges of the app's card face (the
    page's catalogues, web/i18n/*.json) say each keyword by the name the card text prints, in English and
    Japanese, so a player sees one name per keyword everywhere."""
    titles = {title for title in RULE_TITLES.values()}
    names = {word: (keyword_name(word, "en"), keyword_name(word, "ja")) for word in KEYWORDS}
    for en, ja in names.values():
        assert (en, ja) in titles, (en, ja)
    catalogues = Path(__file__).resolve().parents[1] / "web" / "i18n"
    english, japanese = ({key.removeprefix("cfKw_"): text for key, text in
                          json.loads((catalogues / f"{code}.json").read_text(encoding="utf-8")).items()
                          if key.startswith("cfKw_")} for code in ("en", "ja"))
    assert set(english) == set(japanese) == set(KEYWORDS)
    for word, (en, ja) in names.items():
        assert (english[word], japanese[word]) == (en, ja), word
