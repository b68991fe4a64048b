"""cards/rulebook.json and engine.presentation.rulebook: the rules reference in our own words.

The file is valid and complete in both languages, numbered consistently, covers every rule number the engine
cites (rule titles, card rules, keyword docstrings, log events of real games, docstrings and comments, the rule
tests), shares no wording with the rules guides (fingerprints in tests/fixtures/rules_wording.json, made by
tools/rules_wording.py), and search, the card lists and the lesson/puzzle citations work.
"""
from __future__ import annotations

import ast
import io
import json
import random
import re
import tokenize
from pathlib import Path

import pytest
import rules_wording

import cards
from engine import Game
from engine.deck import parse_code
from engine.model.abilities import KEYWORDS
from engine.model.carddb import CARDS
from engine.presentation import rule_refs
from engine.presentation import rulebook as rb

ROOT = Path(__file__).resolve().parents[1]
RULEBOOK = ROOT / "cards" / "rulebook.json"
RULE = re.compile(r"(?<![\d.\w])(?:1[0-3]|[1-9])\.\d{1,2}(?:\.\d{1,2}){0,3}(?![\d.]?\d)")
# Numbers in the engine's comments and strings that look like rules but are not citations.
NOT_CITATIONS = {
    "1.0": "engine/model/actions.py: a comment about 1.0 == 1 as dictionary keys",
    "7.0": "engine/clients/ladder.py: an f-string format ({r:7.0f})",
    "9.10": "engine/presentation/rule_refs.py: the example of sort order in rule_key's docstring",
}
RAW = json.loads(RULEBOOK.read_text(encoding="utf-8"))


# --- the file -------------------------------------------------------------------------------------------------


def test_the_file_is_valid_and_every_entry_has_both_languages():
    assert set(RAW) == {"about", "entries"}
    assert len(rb.entries()) == len(RAW["entries"]) >= 100
    for e in rb.entries().values():
        for lang in ("en", "ja"):
            assert e.title[lang].strip() and e.text[lang].strip(), (e.number, lang)
            assert len(e.title[lang]) <= 60, (e.number, lang, "a title is short")
            assert len(e.text[lang]) <= 500, (e.number, lang, "a text is a short explanation")
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", e.text["ja"]) and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", e.title["ja"]), e.number
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", e.text["en"] + e.title["en"]), e.number
        assert set(e.terms) <= {"en", "ja"}, e.number


def test_numbering_is_consistent_and_sorted():
    """Each entry's parent is its number without the last part and exists; the file lists entries in rule order;
    sections are whole numbers; "see also" names other existing entries."""
    numbers = [e["number"] for e in RAW["entries"]]
    assert numbers == sorted(numbers, key=rule_refs.rule_key)
    assert len(set(numbers)) == len(numbers)
    for e in rb.entries().values():
        derived = e.number.rsplit(".", 1)[0] if "." in e.number else None
        assert e.parent == derived, e.number
        if e.parent is not None:
            assert rb.has(e.parent), f"{e.number}: parent {e.parent} missing"
            assert e.number in rb.children(e.parent)
        for other in e.see:
            assert rb.has(other) and other != e.number, (e.number, other)
            assert other not in rb.children(e.number), f"{e.number}: see also repeats its sub-rule {other}"
    assert rb.sections() == tuple(n for n in numbers if "." not in n)
    assert {"1", "2", "4", "6", "7", "9", "10", "11", "12"} <= set(rb.sections())


def test_the_tree_walks_down_and_up():
    assert rb.ancestors("10.1.1.1") == ["10", "10.1", "10.1.1"]
    assert rb.ancestors("9") == []
    assert rb.children("11.2.2") == ("11.2.2.1", "11.2.2.2", "11.2.2.3")
    assert set(rb.children("12")) >= {f"12.{i}" for i in range(6, 16)}
    total = sum(len(rb.children(n)) for n in rb.entries()) + len(rb.sections())
    assert total == len(rb.entries())


# --- coverage of every rule number the engine cites -------------------------------------------------------------


def source_citations(folder: Path) -> dict[str, str]:
    """Rule numbers in the comments and strings (docstrings included) of the Python files under ``folder``:
    number -> first place."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.COMMENT, tokenize.STRING):
                for m in RULE.finditer(tok.string):
                    found.setdefault(m.group(0), f"{path.relative_to(ROOT)}:{tok.start[0]}")
    return found


def emitted_rules() -> dict[str, str]:
    """The rule numbers of every ``emit(g, kind, "RULE", ...)`` (or ``emit_data``) in the engine: the rules log
    events carry."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("emit", "emit_data") and len(
                    node.args) >= 3:
                rule = node.args[2]
                assert isinstance(rule, ast.Constant), f"{path}:{node.lineno}: a log event's rule is a literal"
                if rule.value:
                    found.setdefault(rule.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_rule_title_word_rule_and_keyword_rule_has_an_entry():
    cited = set(rule_refs.RULE_TITLES) | set(rule_refs.COSTS_ALL_OR_NOTHING)
    cited |= {r for table in rule_refs.WORD_RULES.values() for rs in table.values() for r in rs}
    cited |= {r for k in KEYWORDS for r in rule_refs.keyword_rules(k)}
    missing = sorted(cited - set(rb.entries()), key=rule_refs.rule_key)
    assert not missing, f"rules the engine's rule_refs cites without a rulebook entry: {missing}"


def test_every_card_rule_has_an_entry_and_the_entry_lists_the_card():
    for number in CARDS:
        for rule in rule_refs.rule_numbers(number):
            assert rb.has(rule), f"{number} relies on {rule}, which has no entry"
            assert number in rb.cards_using(rule), (number, rule)
    # and nothing else: an entry lists exactly the cards whose rules include it
    for rule in rb.entries():
        assert all(rule in rule_refs.rule_numbers(n) for n in rb.cards_using(rule)), rule
    assert len(rb.cards_using("12.6")) >= 2 and rb.cards_using("99.9") == ()


def test_every_rule_a_log_event_carries_has_an_entry():
    emitted = emitted_rules()
    assert len(emitted) >= 30
    missing = {r: at for r, at in emitted.items() if not rb.has(r)}
    assert not missing, f"log events cite rules without entries: {missing}"


def test_every_rule_in_the_log_of_random_games_has_an_entry():
    """Six games of random legal choices with the shipped decks: every rule number their events carry."""
    decks = [parse_code(d["code"]) for d in cards.decks().values()]
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new(decks[seed % len(decks)], decks[(seed + 1) % len(decks)], seed=seed)
        for _ in range(5000):
            if g.outcome is not None:
                break
            g.apply(rng.choice(g.decision.options))
        seen |= {e.rule for e in g.state.log if e.rule}
    assert {"9.2", "9.6.3.3", "11.2.2", "7.6.3"} <= seen, "the games reached battles, damage and the end phase"
    assert sorted(r for r in seen if not rb.has(r)) == []


def test_every_rule_the_engine_source_names_has_an_entry():
    """Docstrings and comments of the engine (e.g. "7.5.3: a Pal that must attack...") and of the rule tests."""
    cited = source_citations(ROOT / "engine")
    assert set(NOT_CITATIONS) <= set(cited), "a listed non-citation is gone: drop it from NOT_CITATIONS"
    for folder in ("rules", "qa"):
        cited.update({r: at for r, at in source_citations(ROOT / "tests" / folder).items() if r not in cited})
    missing = {r: at for r, at in cited.items() if r not in NOT_CITATIONS and not rb.has(r)}
    assert not missing, f"rule numbers cited in the source without entries: {missing}"
    assert not set(NOT_CITATIONS) & set(rb.entries())


def test_the_engine_numbers_and_the_reader_skeleton_are_both_there():
    """Coverage in figures: how many cited numbers there are, and that the reference adds the sections and
    intermediate rules a reader needs (every cited number's parents, game basics, zones, turn, battle...)."""
    cited = (set(source_citations(ROOT / "engine")) - set(NOT_CITATIONS)) | set(emitted_rules())
    assert cited <= set(rb.entries())
    assert len(cited) >= 70
    assert len(rb.entries()) > len(cited)
    for rule in cited:
        assert rb.ancestors(rule) is not None
    titles = {rb.entry(n).title["en"] for n in rb.sections()}
    assert {"Game basics", "Reading a card", "Zones", "The turn", "Battles", "Keywords"} <= titles


# --- lessons and puzzles --------------------------------------------------------------------------------------


def test_rules_in_finds_the_rules_of_a_lesson_and_of_its_steps():
    lesson = {"id": "damage-check", "rules": ["9.6"], "steps": [
        {"say": {"en": "..."}, "rules": ["11.2.2"], "explain": {"text": "x", "rules": ["11.2.2.2"]}},
        {"say": {"en": "..."}}]}
    assert sorted(rb.rules_in(lesson)) == ["11.2.2", "11.2.2.2", "9.6"]
    assert list(rb.rules_in({"rules": "9.6"})) == []


def shipped(kind_folder: str) -> list[dict]:
    folder = ROOT / "cards" / kind_folder
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))] if folder.is_dir() else []


def test_every_lesson_and_puzzle_cites_existing_rules_and_is_listed_under_them():
    files = rb.citing_files()
    expected = {("lesson", str(d.get("id"))) for d in shipped("lessons")} | {
        ("puzzle", str(d.get("id"))) for d in shipped("puzzles")}
    assert {(f["kind"], f["id"]) for f in files} == expected
    for f in files:
        for rule in f["rules"]:
            assert rb.has(rule), f"{f['kind']} {f['id']} cites rule {rule}, which has no entry"
            assert {"kind": f["kind"], "id": f["id"], "title": f["title"]} in rb.citations(rule)
        assert f["title"]["en"] and f["title"]["ja"]


# --- search ---------------------------------------------------------------------------------------------------


def test_search_is_case_insensitive_in_both_languages():
    assert rb.search("LUCKY") == rb.search("lucky") != []
    assert rb.search("lucky")[0] == "11.2.2.2"
    assert "11.2.2.2" in rb.search("ラッキー")
    assert rb.search("ﾗｯｷｰ") == rb.search("ラッキー")          # half-width katakana folds to full width
    assert rb.search("Ｓｔｅａｌｔｈ")[0] == "12.11"             # full-width letters too
    assert rb.search("damage check")[0] == "11.2.2"
    assert rb.search("ダメージチェック")[0] == "11.2.2"


def test_search_by_number_finds_the_entry_and_its_sub_rules():
    assert rb.search("9.5") == ["9.5", "9.5.2"]
    assert rb.search(" 12.6 ") == ["12.6"]


def test_search_in_one_language_and_no_match():
    assert rb.search("") == [] and rb.search("   ") == []
    assert rb.search("xyzzy") == []
    assert "12.10" in rb.search("挑発", "ja")
    assert "12.10" not in rb.search("必ず対象", "en")
    assert rb.search("taunt", "ja")[0] == "12.10"      # search terms of both languages always count


# --- pages and site data --------------------------------------------------------------------------------------


def test_the_page_of_an_entry():
    page = rb.page("9.5")
    assert page["number"] == "9.5" and page["title"]["ja"] == rb.entry("9.5").title["ja"]
    assert [a["number"] for a in page["ancestors"]] == ["9"]
    assert [c["number"] for c in page["children"]] == ["9.5.2"]
    assert page["cards"] and all(n in CARDS for n in page["cards"])
    assert {s["number"] for s in page["see"]} == set(rb.entry("9.5").see)
    json.dumps(page)


def test_site_data_holds_every_entry_and_the_names_of_the_cards_it_lists():
    data = json.loads(json.dumps(rb.site_data(), ensure_ascii=False))
    assert [e["number"] for e in data["entries"]] == list(rb.entries())
    listed = {c for e in data["entries"] for c in e["cards"]}
    assert listed == set(data["cards"]) and len(listed) > 100
    assert data["cards"]["EBP01-006"] == {"en": CARDS["EBP01-006"].full_name_in("en"),
                                          "ja": CARDS["EBP01-006"].full_name_in("ja")}


def test_unknown_rules_and_broken_files_give_clear_errors():
    with pytest.raises(rb.RuleNotFound, match="no rule '99.9'"):
        rb.entry("99.9")
    with pytest.raises(rb.RulebookError, match="not valid JSON"):
        rb.parse("{")
    with pytest.raises(rb.RulebookError, match="'entries' list"):
        rb.parse("[]")
    good = {"number": "1", "parent": None, "title": {"en": "A", "ja": "あ"}, "text": {"en": "B", "ja": "い"}}
    with pytest.raises(rb.RulebookError, match="appears twice"):
        rb.parse(json.dumps({"entries": [good, good]}))
    with pytest.raises(rb.RulebookError, match="entry 1: 'text' needs"):
        rb.parse(json.dumps({"entries": [{**good, "text": {"en": "B"}}]}))
    with pytest.raises(rb.RulebookError, match="digits joined by dots"):
        rb.parse(json.dumps({"entries": [{**good, "number": "9.x"}]}))
    assert list(rb.parse(json.dumps({"entries": [{**good, "number": "1.10", "parent": "1"}, good]}))) == ["1", "1.10"]


# --- our own words ----------------------------------------------------------------------------------------------

GUIDES = rules_wording.load()


def test_the_fingerprints_are_of_the_guides_and_detect_a_copy():
    assert len(GUIDES["en"]) > 3000 and len(GUIDES["ja"]) > 3000
    sample = rb.entry("11.2.2").text["en"]
    assert rules_wording.shared(sample, "en", rules_wording.fingerprints("Note: " + sample.upper(), "en"))
    ja = rb.entry("11.2.2").text["ja"]
    assert rules_wording.shared(ja, "ja", rules_wording.fingerprints("【" + ja.replace("、", " ") + "】", "ja"))
    assert rules_wording.shared("one two three four five six", "en", GUIDES["en"]) is None


@pytest.mark.parametrize("number", list(rb.entries()))
def test_entry_is_in_our_own_words(number):
    """No title or text shares a run of 7 words (English) or 14 characters (Japanese) with the rules guides."""
    e = rb.entry(number)
    for lang in ("en", "ja"):
        for part in (e.title[lang], e.text[lang]):
            run = rules_wording.shared(part, lang, GUIDES[lang])
            assert run is None, f"{number} ({lang}) repeats a guide's wording: {run!r}"
