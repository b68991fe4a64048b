"""Generated card text: a snapshot of one card per type, every card renders in both languages, and no
generated text repeats the official reference wording (checked against fingerprints of it, tests/wording.py).

Rewrite the snapshot after an intended text change with ``UPDATE_SNAPSHOTS=1 python -m pytest
tests/test_card_text.py``.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

import pytest
import wording
from wording import fingerprints, shared_run

from engine import CARDS

SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "card_text.json"

# one card per kind of text, each checked below to still be that kind
SAMPLES = {
    "pal_keyword": "ETD01-001",       # a Pal whose only ability is a keyword
    "pal_auto": "EBP01-008",          # a Pal with an automatic ability
    "structure_assign": "EBP01-067",  # a structure with an activated ability paid by assigning a Pal
    "gear": "ETD01-010",              # a gear card
    "event_modes": "EBP01-023",       # an event whose effect is a choice of modes
}

# language -> card number -> digests of every 40-character window of the card's official text
OFFICIAL = wording.load()


def _walk(obj):
    """Every dict inside ability data."""
    if isinstance(obj, dict):
        yield obj
        for v in obj.values():
            yield from _walk(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _walk(v)


def _uses(number: str, word: str) -> bool:
    return any(d.get("do") == word for d in _walk(CARDS[number].raw["abilities"]))


def _stored_text(number: str, lang: str) -> str | dict:
    """The text as kept in the snapshot. Text that still shares a run with the official wording is kept only
    as a digest, so the snapshot file never holds official wording."""
    text = CARDS[number].text(lang)
    if shared_run(text, OFFICIAL[lang].get(number, set())) is not None:
        return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "withheld": "shares official wording"}
    return text


def current() -> dict:
    return {kind: {"number": number, "name": CARDS[number].full_name,
                   "en": _stored_text(number, "en"), "ja": _stored_text(number, "ja")}
            for kind, number in SAMPLES.items()}


def test_samples_are_the_kind_they_stand_for():
    d = {k: CARDS[n] for k, n in SAMPLES.items()}
    assert d["pal_keyword"].type == "pal" and all(ab.keyword for ab in d["pal_keyword"].abilities)
    assert d["pal_auto"].type == "pal" and any(ab.kind == "auto" and not ab.keyword
                                                 for ab in d["pal_auto"].abilities)
    assert d["structure_assign"].type == "structure" and _uses(SAMPLES["structure_assign"], "assign")
    assert d["gear"].type == "gear" and d["gear"].abilities
    assert d["event_modes"].type == "event" and _uses(SAMPLES["event_modes"], "modes")


def test_card_text_snapshot():
    now = current()
    if os.environ.get("UPDATE_SNAPSHOTS") == "1" or not SNAPSHOT.exists():
        SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
        SNAPSHOT.write_text(json.dumps(now, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    stored = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    assert set(stored) == set(SAMPLES)
    for kind in SAMPLES:
        assert now[kind] == stored[kind], (
            f"{kind}: generated text changed; if intended, run with UPDATE_SNAPSHOTS=1")


def test_samples_read_like_card_text():
    text = {k: {lang: CARDS[n].text(lang) for lang in ("en", "ja")} for k, n in SAMPLES.items()}
    assert text["pal_keyword"]["en"].startswith("CONT · Assault (")
    assert text["pal_keyword"]["ja"].startswith("【永】襲撃（")
    assert text["pal_auto"]["en"].startswith("AUTO · On deploy — ")
    assert text["pal_auto"]["ja"].startswith("【自】【登場時】")
    assert text["structure_assign"]["en"].startswith("ACT · Once per turn · Cost: ")
    assert "アサイン" in text["structure_assign"]["ja"]
    assert "ACT · " in text["gear"]["en"] and "【起】" in text["gear"]["ja"]
    assert text["event_modes"]["en"].count(" / ") == 2
    assert text["event_modes"]["ja"].count("／") == 2


# --- every card ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", sorted(CARDS))
def test_every_card_text_renders_in_both_languages(number):
    d = CARDS[number]
    for lang in ("en", "ja"):
        text = d.text(lang)
        assert isinstance(text, str)
        lines = text.split("\n") if text else []
        assert len(lines) == len(d.abilities), f"{number} {lang}: one line per ability"
        for line in lines:
            assert line.strip(), f"{number} {lang}: empty ability text"
            for junk in ("None", "{", "}", "[]", "()", "..", "。。"):
                assert junk not in line, f"{number} {lang}: {junk!r} in {line!r}"
        for ab in d.abilities:
            assert ab.text(lang) in lines
    assert (d.text("en") == "") == (d.text("ja") == "")


def _japanese_without_english(text: str) -> list[str]:
    """English words left in Japanese text (X, numbers and symbols are fine)."""
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("number", sorted(CARDS))
def test_japanese_text_has_no_english_words(number):
    assert _japanese_without_english(CARDS[number].text("ja")) == []


def test_shared_run_finds_copies():
    assert shared_run("x" * 5 + "a" * 40 + "y", fingerprints("z" + "a" * 40)) == "a" * 40
    assert shared_run("a" * 39 + "b", fingerprints("a" * 39 + "c")) is None
    official = "Deal 500 damage to each of your opponent's rested Pals this turn."
    assert shared_run("AUTO · " + official[10:55] + "!", fingerprints(official)) == official[10:50]
    assert shared_run(official[:39], fingerprints(official)) is None


def test_fingerprints_cover_every_card_with_text():
    """Each card with generated text has an entry for its official text in both languages (empty when that
    text is shorter than the window), and the fixture names no card outside the card data."""
    for lang in ("en", "ja"):
        assert set(OFFICIAL[lang]) <= set(CARDS), lang
        for number, d in CARDS.items():
            if d.text(lang):
                assert number in OFFICIAL[lang], f"{number} {lang}: no fingerprints of the official text"
        assert all(len(p) == 2 * wording.DIGEST_BYTES for prints in OFFICIAL[lang].values() for p in prints)
        assert sum(1 for prints in OFFICIAL[lang].values() if prints) > len(OFFICIAL[lang]) // 2, lang


@pytest.mark.parametrize("number", sorted(CARDS))
def test_text_is_not_the_official_wording(number):
    """Text is written in our own words: no 40-character run in common with the card's official text."""
    d = CARDS[number]
    en = shared_run(d.text("en"), OFFICIAL["en"].get(number, set()))
    ja = shared_run(d.text("ja"), OFFICIAL["ja"].get(number, set()))
    assert en is None, f"{number}: English text repeats official wording: {en!r}"
    assert ja is None, f"{number}: Japanese text repeats official wording: {ja!r}"


# --- house style ---------------------------------------------------------------------------------------------


def test_house_style_headers_and_phrasing():
    """Every line opens with our own header (kind · timing —) and says boosts as "+N Power this turn"."""
    for number, d in CARDS.items():
        for ab in d.abilities:
            en, ja = ab.text("en"), ab.text("ja")
            if ab.kind != "play":
                assert en.startswith(f"{ab.kind.upper()} · "), (number, en)
                assert ja.startswith({"auto": "【自】", "act": "【起】", "cont": "【永】"}[ab.kind]), (number, ja)
            for old in ("Power+", "Strike+", "until end of turn", "[AUTO]", "[ACT]", "[CONT]", "Choose 1 of the following"):
                assert old not in en, (number, old, en)
            assert "ターン終了時まで" not in ja and "［" not in ja, (number, ja)


def test_house_style_folds_a_choice_into_its_verb():
    from engine.model.abilities import parse_ability

    ab = parse_ability({"kind": "auto", "trigger": "on_deploy", "effect": [
        {"do": "choose", "filter": {"type": "pal", "cost_min": 7}, "count": 1, "up_to": True},
        {"do": "damage", "amount": 1200}]})
    assert ab.text("en") == "AUTO · On deploy — Deal 1200 damage to up to 1 ◇7 or higher Pal."
    assert ab.text("ja") == "【自】【登場時】◇7以上のパル1枚までに1200【ダメージ】を与える。"
    both = parse_ability({"kind": "play", "effect": [
        {"do": "choose", "side": "own", "all": True, "filter": {"type": "pal"}},
        {"do": "power", "amount": 1000}, {"do": "strike", "amount": 1}]})
    assert both.text("en") == "Give each of your Pals +1000 Power and +1 Strike this turn."
    cost = parse_ability({"kind": "act", "once_per_turn": True,
                          "cost": [[{"do": "souls", "count": 3}], [{"do": "discard", "count": 2}]],
                          "effect": [{"do": "stand", "target": "self"}]})
    assert cost.text("en") == "ACT · Once per turn · Cost: ③, or discard 2 cards — Stand this card."
    assert cost.text("ja") == "【起】【ターン１回】〔③〕か〔手札2枚を捨てる〕このカードをスタンドする。"
