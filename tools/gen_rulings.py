"""Write cards/rulings.json: the official Q&A rulings the tests in tests/qa restate, with the cards they are about.

Each ``test_official_N_...`` test in tests/qa is one ruling; its docstring is the project's own restatement (the
first test of an id gives it). A ruling is about a card when the test uses the card (a number written in the test
or a module constant it reads) and the card's main name, English or Japanese, appears in the restatements or test
names of that ruling, so filler cards a test needs are not listed. Nothing here reads official wording.

    python3 tools/gen_rulings.py          # rewrite cards/rulings.json
    python3 tools/gen_rulings.py --check  # exit 1 if it is out of date
"""
from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.model.carddb import CARDS  # noqa: E402

TEST_NAME = re.compile(r"^test_official_(\d+)_(.+)$")
NUMBER = re.compile(r"^E?[A-Z]+\d*-\d{3}[A-Z]*$")
OUT = ROOT / "cards" / "rulings.json"


def _constants(tree: ast.Module) -> dict[str, str]:
    """Module-level NAME = "card number" constants."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name) and NUMBER.match(node.value.value):
                    out[target.id] = node.value.value
    return out


def _numbers_used(fn: ast.FunctionDef, constants: dict[str, str]) -> set[str]:
    """Card numbers a test function writes (also inside f-strings) or reads from module constants."""
    found: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(m for m in re.findall(r"E?[A-Z]+\d*-\d{3}[A-Z]*", node.value))
        elif isinstance(node, ast.Name) and node.id in constants:
            found.add(constants[node.id])
    out = set()
    for n in found:
        try:
            out.add(CARDS.canonical(n))
        except KeyError:
            continue
    return out


def _restatement(doc: str) -> str:
    """The docstring as one line."""
    return " ".join(doc.split())


def collect(folder: Path = ROOT / "tests" / "qa") -> dict[str, dict]:
    """{"official-N": {"en": restatement, "cards": [...]}} for every ruling the tests restate."""
    if not CARDS:
        CARDS.load()
    rulings: dict[str, dict] = {}
    for path in sorted(folder.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = _constants(tree)
        for fn in tree.body:
            m = TEST_NAME.match(fn.name) if isinstance(fn, ast.FunctionDef) else None
            if not m:
                continue
            rid = f"official-{int(m[1])}"
            entry = rulings.setdefault(rid, {"en": "", "words": [], "used": set()})
            doc = ast.get_docstring(fn) or ""
            if doc and not entry["en"] and not re.search(r"\b(contrast|control)\b", m[2]):
                entry["en"] = _restatement(doc)
            entry["words"].append(doc.lower())
            entry["words"].append(m[2].replace("_", " ").lower())
            entry["used"] |= _numbers_used(fn, constants)
    out = {}
    for rid in sorted(rulings, key=lambda r: int(r.split("-")[1])):
        entry = rulings[rid]
        text = " ".join(entry["words"])
        about = sorted(n for n in entry["used"]
                       if CARDS[n].name_en.lower() in text or CARDS[n].name_ja in text)
        if entry["en"]:
            out[rid] = {"en": entry["en"], "cards": about}
    return out


def render(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def main(argv: list[str]) -> int:
    text = render(collect())
    if "--check" in argv:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print("cards/rulings.json is out of date: run python3 tools/gen_rulings.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(json.loads(text))} rulings")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
