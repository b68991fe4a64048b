"""Compare cards/rulebook.json with the rules guides in ../shared/seeds, and regenerate the test fingerprints.

Usage (from the repository root, with ``../shared/seeds`` beside the repository)::

    python3 tools/rules_wording.py            # report every run an entry shares with a guide (exit 1 if any)
    python3 tools/rules_wording.py --words 5  # the same with shorter runs, to review near-copies by eye
    python3 tools/rules_wording.py --write    # rewrite tests/fixtures/rules_wording.json

The fixture holds only digests of the guides' normalised shingles (see tests/rules_wording.py), never their
text; tests/test_rulebook.py uses it so a plain clone can check the rulebook without ../shared.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
sys.path.insert(0, str(ROOT / "tests"))

import rules_wording  # noqa: E402  (tests/ is put on sys.path just above)
import wording  # noqa: E402

from engine.presentation.languages import LANGS  # noqa: E402


def guides() -> list[tuple[str, str]]:
    files = sorted(SEEDS.glob("*.txt"))
    if not files:
        raise SystemExit(f"rules_wording: no guides in {SEEDS} (they live in ../shared/seeds)")
    return [(p.name, p.read_text(encoding="utf-8")) for p in files]


def entries() -> list[dict]:
    return json.loads((ROOT / "cards" / "rulebook.json").read_text(encoding="utf-8"))["entries"]


def report(words: int, chars: int) -> int:
    """Print every shingle an entry shares with a guide; the number found."""
    rules_wording.WORDS, rules_wording.CHARS = words, chars
    guide_shingles = {lang: {} for lang in LANGS}
    for name, text in guides():
        for lang in LANGS:
            for s in rules_wording.shingles(text, lang):
                guide_shingles[lang].setdefault(s, name)
    found = 0
    for e in entries():
        for lang in LANGS:
            for field in ("title", "text"):
                for s in dict.fromkeys(rules_wording.shingles(e[field][lang], lang)):
                    if s in guide_shingles[lang]:
                        found += 1
                        print(f"{e['number']} {field}.{lang}: {s!r} (in {guide_shingles[lang][s]})")
    print(f"{found} shared run(s) of {words} words / {chars} characters", file=sys.stderr)
    return found


def write() -> None:
    prints = {lang: set() for lang in LANGS}
    for _name, text in guides():
        for lang in LANGS:
            prints[lang] |= rules_wording.fingerprints(text, lang)
    data = {"about": "Digests of the rules guides' normalised word and character runs, never their text "
                     "(made by tools/rules_wording.py; see tests/rules_wording.py).",
            "words": rules_wording.WORDS, "chars": rules_wording.CHARS, "digest_bytes": wording.DIGEST_BYTES,
            **{lang: " ".join(sorted(prints[lang])) for lang in LANGS}}
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    rules_wording.FIXTURE.write_text(text, encoding="utf-8")
    print(f"wrote {rules_wording.FIXTURE.relative_to(ROOT)} ({len(text.encode()):,} bytes)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="rewrite tests/fixtures/rules_wording.json")
    parser.add_argument("--words", type=int, default=rules_wording.WORDS)
    parser.add_argument("--chars", type=int, default=rules_wording.CHARS)
    args = parser.parse_args(argv)
    if args.write:
        write()
        return 0
    return 1 if report(args.words, args.chars) else 0


if __name__ == "__main__":
    sys.exit(main())
