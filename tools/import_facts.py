"""Regenerate the card fact records in cards/*.json from ../shared/reference (facts only, never ability text).

Existing ability data in the colour files is kept; only the facts are rewritten.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REF = ROOT.parent / "shared" / "reference"
COLOURS = ("red", "blue", "green", "purple", "colorless")


def split_name(full: str) -> tuple[str, str]:
    """Split 'Main – Sub' at the dash into main name and sub name."""
    if " – " in full:
        main, sub = full.split(" – ", 1)
        return main.strip(), sub.strip()
    return full.strip(), ""


def main() -> int:
    en = json.loads((REF / "cards-en.json").read_text(encoding="utf-8"))
    ja = {r["number"]: r for r in json.loads((REF / "cards-ja.json").read_text(encoding="utf-8"))}
    prints = json.loads((REF / "bp01-printings.json").read_text(encoding="utf-8"))
    others: dict[str, list[dict]] = {}
    for p in prints:
        if p["isParallel"]:
            others.setdefault(p["baseNumber"], []).append({"number": p["number"], "rarity": p["rarity"]})
    by_colour: dict[str, list[dict]] = {c: [] for c in COLOURS}
    for row in en:
        num = row["number"]
        old = {}
        path = ROOT / "cards" / f"{row['color']}.json"
        if path.exists():
            old = {r["number"]: r for r in json.loads(path.read_text(encoding="utf-8"))}
        # Japanese prints the epithet first: "epithet – Pal name"; the Pal name is the main name.
        ja_sub, ja_main = split_name(ja[num]["name_ja"])
        if not ja_main:
            ja_main, ja_sub = ja_sub, ""
        kind = row["type"].lower()
        rec = {
            "number": num,
            "name": {"en": row["name"], "ja": ja_main},
            "subname": {"en": row["subtitle"] or "", "ja": ja_sub},
            "type": kind,
            "color": row["color"],
            "cost": row["cost"],
        }
        if kind == "pal":
            rec["power"] = row["power"]
            rec["strike"] = row["strike"]
            rec["lucky"] = row["subtype"] == "Lucky Pal"
        elif kind == "structure":
            rec["durability"] = row["power"]
        rec["elements"] = list(row["elements"])
        rec["work"] = [w for w in row["workSuitability"].split("|") if w]
        rec["rarity"] = row["rarity"]
        rec["set"] = row["set"]
        rec["printings"] = others.get(num, [])
        rec["abilities"] = old.get(num, {}).get("abilities", [])
        by_colour[row["color"]].append(rec)
    for colour, rows in by_colour.items():
        path = ROOT / "cards" / f"{colour}.json"
        path.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(rows)} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
