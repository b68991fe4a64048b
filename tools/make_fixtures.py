"""Regenerate the test fixtures in tests/fixtures/ from the reference card list in ../shared/reference.

Usage (from the repository root, with ``../shared/reference`` beside the repository)::

    python3 tools/make_fixtures.py

Writes two files; the tests read only these, never ../shared, so a plain clone passes:

* ``tests/fixtures/card_facts.json`` — the facts tests/test_card_facts.py checks cards/ against: per card its
  number, names, type, colour, cost, power, strike, subtype (Lucky Pal), elements, work suitability, rarity
  and set (English list), its Japanese and English full names (Japanese list) and every printing of the set.
  Facts only: no ability text.
* ``tests/fixtures/official_wording.json`` — for each card and language, the digests of every 40-character
  window of the official ability text (see tests/wording.py), never the text itself. tests/test_card_text.py
  uses them to prove generated card text shares no 40-character run with the official wording.

Rerun it after the reference changes, and commit the two files. (tools/import_facts.py rewrites the facts in
cards/*.json from the same reference.)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT.parent / "shared" / "reference"
OUT = ROOT / "tests" / "fixtures"
sys.path.insert(0, str(ROOT / "tests"))

import wording  # noqa: E402  (tests/ is put on sys.path just above)

EN_FACTS = ("number", "name", "subtitle", "type", "color", "cost", "power", "strike", "subtype", "elements",
            "workSuitability", "rarity", "set")
JA_FACTS = ("number", "name_ja", "name_en")
PRINTING_FACTS = ("number", "baseNumber", "name", "rarity", "color", "type", "isParallel")
TEXT_KEYS = {"en": ("cards-en.json", "ability"), "ja": ("cards-ja.json", "ability_ja")}


def read(name: str) -> list[dict]:
    path = REF / name
    if not path.is_file():
        raise SystemExit(f"make_fixtures: {path} is missing (the reference lives in ../shared/reference)")
    return json.loads(path.read_text(encoding="utf-8"))


def pick(rows: list[dict], keys: tuple[str, ...]) -> list[dict]:
    """Only the named fields of each row, in that order."""
    return [{k: row[k] for k in keys} for row in rows]


def rows_json(rows: list[dict]) -> str:
    """A JSON list with one row per line, so a changed fact shows as a one-line diff."""
    return "[\n" + ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in rows) + "\n ]"


def card_facts() -> str:
    parts = {
        "cards_en": pick(read("cards-en.json"), EN_FACTS),
        "cards_ja": pick(read("cards-ja.json"), JA_FACTS),
        "printings": pick(read("bp01-printings.json"), PRINTING_FACTS),
    }
    about = "Card facts from the official card list (made by tools/make_fixtures.py; facts only)."
    body = ",\n".join(f" {json.dumps(name)}: {rows_json(rows)}" for name, rows in parts.items())
    return "{\n" + f' "about": {json.dumps(about)},\n' + body + "\n}\n"


def official_wording() -> str:
    data: dict = {
        "about": "Digests of every window of the official card text, never the text "
                 "(made by tools/make_fixtures.py; see tests/wording.py).",
        "window": wording.OVERLAP,
        "digest_bytes": wording.DIGEST_BYTES,
    }
    for lang, (name, key) in TEXT_KEYS.items():
        data[lang] = {row["number"]: " ".join(sorted(wording.fingerprints(row[key])))
                      for row in sorted(read(name), key=lambda r: r["number"]) if row[key]}
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in (("card_facts.json", card_facts()), ("official_wording.json", official_wording())):
        path = OUT / name
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)} ({len(text.encode()):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
