"""The page's modules: no JavaScript import cycle, and no module too long to read as one concept."""
from __future__ import annotations

from pathlib import Path

from jsource import BUILT, VENDOR, WEB, imports, modules

JS_LINES = 400
PY_LINES = 400
# Modules over the limit, each with the reason it is allowed: each is the subject of a change of its own.
LONG_MODULES: dict[str, str] = {}


def _name(path: Path) -> str:
    return path.relative_to(WEB).as_posix()


def _cycle(graph: dict[Path, list[Path]]) -> list[Path]:
    """One import cycle of the graph as a closed path, or [] if there is none (depth-first search)."""
    state: dict[Path, int] = {}   # 1: on the current path, 2: done
    path: list[Path] = []

    def visit(node: Path) -> list[Path]:
        state[node] = 1
        path.append(node)
        for target in graph.get(node, []):
            if state.get(target) == 1:
                return [*path[path.index(target):], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_the_cycle_finder_finds_a_cycle_and_accepts_a_tree() -> None:
    a, b, c = Path("a.js"), Path("b.js"), Path("c.js")
    assert _cycle({a: [b], b: [c], c: [a]}) == [a, b, c, a]
    assert _cycle({a: [b, c], b: [c], c: []}) == []


def test_no_javascript_import_cycle() -> None:
    """Shared components import nothing that imports them back: a cycle makes the order in which modules
    run depend on which one the page happens to import first."""
    graph = {path.resolve(): imports(path) for path in modules()}
    missing = [f"{_name(source)} imports {target}" for source, targets in graph.items() for target in targets
               if not target.exists() and not _name(target).startswith(VENDOR + BUILT)]
    assert not missing, missing
    cycle = _cycle(graph)
    assert not cycle, " -> ".join(_name(p) for p in cycle)


def test_the_import_reader_sees_the_imports() -> None:
    """The parser behind the cycle test reads the imports main.js and the screens' index really have."""
    main = imports(WEB / "js" / "main.js")
    assert (WEB / "js" / "i18n.js").resolve() in main
    assert (WEB / "js" / "screens" / "index.js").resolve() in main
    assert (WEB / "js" / "screens" / "saves.js").resolve() in imports(WEB / "js" / "screens" / "index.js")


def test_no_web_module_over_the_size_limit() -> None:
    """A module of the page is one screen or one component: about 400 lines."""
    files = [*modules(), *sorted((WEB / "py").glob("*.py"))]
    too_long = []
    for path in files:
        lines = path.read_text(encoding="utf-8").count("\n")
        limit = JS_LINES if path.suffix == ".js" else PY_LINES
        if lines > limit and _name(path) not in LONG_MODULES:
            too_long.append(f"{_name(path)}: {lines} lines (limit {limit})")
    assert not too_long, too_long


def test_the_size_exceptions_are_still_needed() -> None:
    """An exception goes as soon as its module is short enough (or gone), so the list never outlives it."""
    for name in LONG_MODULES:
        path = WEB / name
        limit = JS_LINES if path.suffix == ".js" else PY_LINES
        assert path.exists() and path.read_text(encoding="utf-8").count("\n") > limit, name
