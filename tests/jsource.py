"""Reading the page's JavaScript modules without a JavaScript parser: imports and string literals."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
# Third-party code shipped as it is: build.py copies it into dist/ from npm. Not ours to split or translate.
VENDOR = ("js/vendor/", "pyscript/", "pyodide/")
# Modules build.py writes into dist/ from data (js/strings.js: the string catalogues of web/i18n).
BUILT = ("js/strings.js", "js/protocol.js")

# After one of these a "/" starts a regular expression literal, not a division.
_REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
_REGEX_KEYWORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield",
                   "await"}
_IMPORT = re.compile(r"""(?:^|[;\n])\s*(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["']([^"']+)["']""")


@dataclass(frozen=True)
class Literal:
    """A string literal of a module: its text (quotes removed, a template's ${...} parts blanked) and place."""

    text: str
    start: int
    line: int
    template: bool


def modules() -> list[Path]:
    """The page's own JavaScript modules (web/**/*.js), vendored code excluded."""
    return sorted(p for p in WEB.rglob("*.js")
                  if not p.relative_to(WEB).as_posix().startswith(VENDOR) and "node_modules" not in p.parts)


def code_only(source: str) -> str:
    """The source with comments replaced by spaces (same offsets), strings and regexes kept."""
    out = list(source)
    for start, end, kind in _spans(source):
        if kind == "comment":
            out[start:end] = [c if c == "\n" else " " for c in source[start:end]]
    return "".join(out)


def literals(source: str) -> list[Literal]:
    """Every string literal of a module, in order."""
    found = []
    for start, end, kind in _spans(source):
        if kind in ('"', "'", "`"):
            body = source[start + 1:end - 1]
            if kind == "`":
                body = _blank_substitutions(body)
            found.append(Literal(body, start, source.count("\n", 0, start) + 1, kind == "`"))
    return found


def imports(path: Path) -> list[Path]:
    """The modules a module imports (static and dynamic imports with a literal relative path)."""
    code = code_only(path.read_text(encoding="utf-8"))
    targets = _IMPORT.findall(code) + _DYNAMIC_IMPORT.findall(code)
    return [(path.parent / t).resolve() for t in targets if t.startswith(".") and t.endswith(".js")]


def _blank_substitutions(body: str) -> str:
    """A template's text with each ${...} (nesting counted) replaced by one space."""
    out, depth, i = [], 0, 0
    while i < len(body):
        if depth == 0 and body.startswith("${", i):
            depth, i = 1, i + 2
            out.append(" ")
            continue
        if depth:
            depth += {"{": 1, "}": -1}.get(body[i], 0)
        else:
            out.append(body[i])
        i += 1
    return "".join(out)


def _spans(source: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every comment, string, template and regex literal, in source order (the strings
    inside a template's ${...} too); kind is the opening quote, "comment" or "regex"."""
    return sorted(_scan(source, 0, []))   # a template is added after the strings inside its ${...}


def _scan(source: str, i: int, spans: list | None, closing: bool = False) -> object:
    """Walk the code from i, adding spans to `spans` (None: collect nothing). With `closing`, stop after the
    "}" that closes a template substitution and return its offset; otherwise return the spans at the end."""
    n, last, depth = len(source), "", 0
    while i < n:
        c = source[i]
        if source.startswith("//", i) or source.startswith("/*", i):
            end = source.find("\n" if source[i + 1] == "/" else "*/", i + 2)
            end = n if end < 0 else end + (0 if source[i + 1] == "/" else 2)
            kind = "comment"
        elif c in "\"'`":
            end, kind = _string_end(source, i, spans), c
        elif c == "/" and (last in _REGEX_AFTER or last in _REGEX_KEYWORDS):
            end, kind = _regex_end(source, i), "regex"
        else:
            if closing and c in "{}":
                depth += 1 if c == "{" else -1
                if depth < 0:
                    return i + 1
            word = re.match(r"[\w$]+", source[i:i + 200])
            if not c.isspace():
                last = word.group() if word else c
            i += len(word.group()) if word else 1
            continue
        if spans is not None:
            spans.append((i, end, kind))
        i = end
        if kind != "comment":
            last = "/" if kind == "regex" else c
    if closing:
        raise ValueError("unterminated template substitution")
    return spans


def _string_end(source: str, start: int, spans: list | None = None) -> int:
    """The offset after the string or template starting at `start`; strings inside a template's ${...} are
    added to `spans` (when given)."""
    quote, i = source[start], start + 1
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if c == quote:
            return i + 1
        if quote == "`" and source.startswith("${", i):
            i = _scan(source, i + 2, spans, closing=True)
            continue
        i += 1
    raise ValueError(f"unterminated string at offset {start}")


def _regex_end(source: str, start: int) -> int:
    i, in_class = start + 1, False
    while source[i] != "\n":
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            i += 1
            while i < len(source) and source[i].isalpha():
                i += 1
            return i
        i += 1
    raise ValueError(f"unterminated regular expression at offset {start}")
