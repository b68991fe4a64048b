"""Fingerprints of the rules guides' wording, so a test can prove the rulebook is written in our own words.

The repository never holds the guides' sentences. ``tools/rules_wording.py`` reads them (the guides kept outside the repository)
and stores the digests of their normalised *shingles*: every run of ``WORDS`` consecutive English words
(lower case, punctuation dropped) and every run of ``CHARS`` consecutive Japanese characters (spaces and
punctuation dropped). An entry of cards/rulebook.json that shares one such run with a guide has a stored
digest; tests/test_rulebook.py asserts none does. Normalising first means a copy cannot hide behind changed
capitals, punctuation or spacing.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from wording import DIGEST_BYTES, digest

WORDS = 7    # the longest run of words (English) an entry may share with a guide is WORDS - 1
CHARS = 14   # the same for characters of Japanese text
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "rules_wording.json"

_WORD = re.compile(r"[a-z0-9]+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff0-9A-Za-z]")
_KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def english_shingles(text: str) -> Iterator[str]:
    """Every run of WORDS words of ``text``, lower case, joined by one space."""
    words = _WORD.findall(unicodedata.normalize("NFKC", text).lower().replace("'", ""))
    return (" ".join(words[i:i + WORDS]) for i in range(len(words) - WORDS + 1))


def japanese_shingles(text: str) -> Iterator[str]:
    """Every run of CHARS characters of ``text`` that are kana, kanji, digits or letters (others dropped), that
    holds some kana or kanji (runs of English text are the English shingles' business)."""
    chars = "".join(_CJK.findall(unicodedata.normalize("NFKC", text)))
    runs = (chars[i:i + CHARS] for i in range(len(chars) - CHARS + 1))
    return (run for run in runs if _KANA_KANJI.search(run))


def shingles(text: str, lang: str) -> Iterator[str]:
    return english_shingles(text) if lang == "en" else japanese_shingles(text)


def fingerprints(text: str, lang: str) -> set[str]:
    return {digest(s) for s in shingles(text, lang)}


def shared(text: str, lang: str, prints: set[str]) -> str | None:
    """The first shingle of ``text`` whose digest is in ``prints``, or None."""
    return next((s for s in shingles(text, lang) if digest(s) in prints), None)


def load(path: Path = FIXTURE) -> dict[str, set[str]]:
    """language -> digests of the guides' shingles in that language's normalisation."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if (data["words"], data["chars"], data["digest_bytes"]) != (WORDS, CHARS, DIGEST_BYTES):
        raise ValueError(f"{path}: made for other parameters; rerun python3 tools/rules_wording.py --write")
    return {lang: set(data[lang].split()) for lang in ("en", "ja")}
