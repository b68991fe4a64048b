"""The page's string catalogue: one file per language with the same keys and placeholders, every key the page
names exists and every key is named, and no user-visible text is written inline in a module."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from jsource import ROOT, WEB, Literal, code_only, literals, modules

sys.path.insert(0, str(ROOT))
from build import write_strings  # noqa: E402 - build.py is a script at the repository's root

CATALOGUES = WEB / "i18n"
LANGUAGES = json.loads((CATALOGUES / "languages.json").read_text(encoding="utf-8"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uff00-\uffef]")
LETTERS = re.compile(r"[A-Za-z]")

# Where a string literal becomes text a person reads: a text/title/label property of el(), an assignment to
# textContent/title/placeholder, an aria-label or title attribute, a toast, an alert or a confirm, el()'s
# first child.
SHOWN_AFTER = re.compile(
    r"""(?:\b(?:text|title|placeholder|alt|label)\s*:|["']aria-label["']\s*:|"""
    r"""\.(?:textContent|innerText|title|placeholder|alt|ariaLabel)\s*\+?=|"""
    r"""setAttribute\(\s*["'](?:aria-label|title|placeholder|alt)["']\s*,|"""
    r"""\b(?:toast|alert|confirm|prompt)\(|"""
    r"""\bel\(\s*["'][\w-]+["']\s*,\s*(?:\{[^{}]*\}|null)\s*,)\s*$""")

# Inline strings a person sees that are not UI sentences, each with the reason it stays in code.
INLINE_ALLOWED = {
    # log.js rewrites the engine's narration for the player's seat: this matches the engine's Japanese
    # sentence ("プレイヤー1" becomes "あなた"), it is not the page's own text.
    ("js/log.js", "プレイヤー "),
}


def _catalogue(code: str) -> dict[str, str]:
    return json.loads((CATALOGUES / f"{code}.json").read_text(encoding="utf-8"))


def test_the_language_list_names_exactly_the_catalogue_files() -> None:
    """Adding a language is adding its file and its entry in languages.json; nothing else lists languages."""
    files = {p.stem for p in CATALOGUES.glob("*.json")} - {"languages"}
    assert files == set(LANGUAGES)
    assert list(LANGUAGES)[0] == "en", "English is the fallback of a missing key (i18n.js t())"
    for code, names in LANGUAGES.items():
        # its own name (the language switch shows it), and optionally its name in other languages (the switch's
        # label in those languages; without one, the label names it in its own words)
        assert isinstance(names.get(code), str) and names[code].strip(), code
        assert set(names) <= set(LANGUAGES) and all(isinstance(n, str) and n.strip() for n in names.values()), code


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_every_language_has_every_key_with_the_same_placeholders(code: str) -> None:
    english, other = _catalogue("en"), _catalogue(code)
    assert sorted(set(english) - set(other)) == [], f"missing in {code}.json"
    assert sorted(set(other) - set(english)) == [], f"only in {code}.json"
    for key, text in english.items():
        assert set(PLACEHOLDER.findall(other[key])) == set(PLACEHOLDER.findall(text)), (code, key)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_string_is_text(code: str) -> None:
    """Strings only (an empty one is allowed: a note some languages need and others do not)."""
    for key, text in _catalogue(code).items():
        assert isinstance(text, str), (code, key)


def _named_keys() -> dict[str, str]:
    """Every key the page names as a literal (t("key"), data-i18n="key"), with where it is named."""
    named = {}
    for path in modules():
        code = code_only(path.read_text(encoding="utf-8"))
        for match in re.finditer(r"""\bt\(\s*["']([\w.-]+)["']""", code):
            named.setdefault(match.group(1), path.relative_to(WEB).as_posix())
    for page in WEB.glob("*.html"):
        for match in re.finditer(r'data-i18n(?:-label|-placeholder)?="([^"]+)"', page.read_text(encoding="utf-8")):
            named.setdefault(match.group(1), page.name)
    return named


def test_every_key_the_page_names_is_in_the_catalogue() -> None:
    english = _catalogue("en")
    missing = sorted(f"{key} ({where})" for key, where in _named_keys().items() if key not in english)
    assert not missing, missing


def _used_keys() -> tuple[set[str], set[str]]:
    """The string literals of the modules and pages (a key is one of them), and the prefixes of keys made at
    run time (t(`moment_${kind}`), "phase_" + name)."""
    found, prefixes = set(_named_keys()), set()
    for path in modules():
        source = path.read_text(encoding="utf-8")
        found |= {lit.text for lit in literals(source)}
        prefixes |= set(re.findall(r"`([A-Za-z_]\w+)\$\{", source))
        prefixes |= set(re.findall(r"[\"']([A-Za-z_]\w+)[\"']\s*\+", source))
    return found, prefixes


def test_every_key_of_the_catalogue_is_used() -> None:
    """A string no module or page names is dead weight every visitor downloads (and translators maintain)."""
    found, prefixes = _used_keys()
    unused = sorted(key for key in _catalogue("en") if key not in found and not key.startswith(tuple(prefixes)))
    assert not unused, unused


def _shown_inline(path_name: str, source: str, literal: Literal) -> bool:
    """Whether a literal is page text written in code: Japanese anywhere, or letters where text is shown."""
    if JAPANESE.search(literal.text):
        return True
    if not LETTERS.search(literal.text):
        return False
    line_start = source.rfind("\n", 0, literal.start) + 1
    return bool(SHOWN_AFTER.search(source[line_start:literal.start]))


def _inline_strings() -> list[tuple[str, str]]:
    found = []
    for path in modules():
        name = path.relative_to(WEB).as_posix()
        source = path.read_text(encoding="utf-8")
        code = code_only(source)
        found += [(name, lit.text) for lit in literals(source) if _shown_inline(name, code, lit)]
    return found


def test_no_page_text_is_written_inline_in_a_module() -> None:
    """Every sentence the page shows comes from the catalogue, so switching language changes all of it."""
    inline = [f"{name}: {text!r}" for name, text in _inline_strings() if (name, text) not in INLINE_ALLOWED]
    assert not inline, inline


def test_the_inline_finder_finds_page_text_and_every_exception_is_still_there() -> None:
    source = ('el("p", { class: "x", text: "Hello" });\nnode.textContent = `Turn ${n}`;\n'
              'el("h2", {}, "Title");\nbox.setAttribute("aria-label", "Zone");\nconst k = "key";\n'
              'el("p", { text: t("ok") }, `${n}×`);\nconst ja = "日本語";\n')
    code = code_only(source)
    shown = [lit.text for lit in literals(source) if _shown_inline("x.js", code, lit)]
    assert shown == ["Hello", "Turn  ", "Title", "Zone", "日本語"]
    assert INLINE_ALLOWED <= set(_inline_strings())


def test_no_module_adds_strings_of_its_own() -> None:
    """A screen's strings go in the catalogue files, not in a table in its module (the old addStrings)."""
    tables = [path.relative_to(WEB).as_posix() for path in modules()
              if re.search(r"\baddStrings\s*\(", code_only(path.read_text(encoding="utf-8")))]
    assert not tables, f"move these strings to web/i18n/*.json: {tables}"


def test_the_build_ships_every_catalogue_as_one_module(tmp_path: Path) -> None:
    """build.py writes js/strings.js (what js/i18n.js imports) from exactly the files of web/i18n."""
    write_strings(tmp_path)
    lines = (tmp_path / "js" / "strings.js").read_text(encoding="utf-8").splitlines()
    exported = dict(re.fullmatch(r"export const (\w+) = (.*);", line).groups() for line in lines[1:])
    assert json.loads(exported["LANGUAGES"]) == LANGUAGES
    assert json.loads(exported["STRINGS"]) == {code: _catalogue(code) for code in LANGUAGES}
    assert not (WEB / "js" / "strings.js").exists(), "js/strings.js is written by the build only"
