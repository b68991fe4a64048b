"""Which standard library modules the app can import: run by build.py inside Pyodide (Node), whose Python reads its own stdlib.

``python tools/stdlib_needs.py scan OWN PACKAGES EXTRA OUT`` writes the trimmed zip OUT and prints its modules as
JSON; ``check OWN PACKAGES [ARCHIVES]`` unpacks the package archives, imports everything the app runs, then plays
through the hosts, and fails naming the first module the stdlib lacks.

* OWN: folders of our code (the engine and cards, web/py). Every import in them counts, at any depth: a module
  imported inside a function is needed when that function runs.
* PACKAGES: a folder of third-party packages the worker loads or may load (segno, PyScript's Python, micropip). Like the
  standard library itself, only what a module imports when it is imported counts (their function-level imports
  are for features we do not use); what the hosts actually import when run (below) is added.
* The standard library is closed over the same way, from those roots, from what Pyodide has imported by the time
  Python runs, and from EXTRA (names found at run time, e.g. codecs, and PyScript's own snippets).

The scan also runs the hosts as the page does (a few random games, a lesson, a puzzle, a QR code) and adds every
module that ran. ``if __name__ == "__main__":`` blocks and ``if TYPE_CHECKING:`` blocks are not imports of a
running app.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import sys
import tempfile
import tokenize
import zipfile
from collections.abc import Iterable, Iterator

# Modules of PACKAGES that never run in Pyodide (micropip's fallback outside a browser pulls in urllib.request).
NOT_IN_PYODIDE = ("micropip._compat._compat_not_in_pyodide",)
STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"


def module_files(names: Iterable[str], prefix: str = "") -> dict[str, str]:
    """Module name -> path for every ``.py`` path of ``names`` (``a/__init__.py`` is module ``a``)."""
    found = {}
    for name in names:
        if name.endswith(".py"):
            module = name[len(prefix):-3].replace("/", ".")
            found[module.removesuffix(".__init__")] = name
    return found


def _is_guard(node: ast.AST) -> bool:
    """``if __name__ == "__main__":`` or ``if TYPE_CHECKING:`` (imports that never run in the app)."""
    if not isinstance(node, ast.If):
        return False
    test = node.test
    if isinstance(test, ast.Name | ast.Attribute):
        return (test.id if isinstance(test, ast.Name) else test.attr) == "TYPE_CHECKING"
    return (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators))


def _nodes(tree: ast.AST, deep: bool) -> Iterator[ast.AST]:
    """The nodes of ``tree``; function bodies only when ``deep``; never a guarded block's body."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _is_guard(node):
            todo.extend(node.orelse)
            continue
        for child in ast.iter_child_nodes(node):
            if deep or not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                todo.append(child)


def imports_of(source: str, module: str, is_package: bool, deep: bool) -> set[str]:
    """Every module name ``source`` (module ``module``) may import, with its parent packages; ``from a import b``
    counts ``a.b`` too (it may be a submodule)."""
    names = set()
    for node in _nodes(ast.parse(source), deep):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = module.split(".") if is_package else module.split(".")[:-1]
                parts = parts[:len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {".".join(name.split(".")[:i]) for name in names if name for i in range(1, name.count(".") + 2)}


def closure(sources: dict[str, tuple[str, bool]], roots: Iterable[str]) -> set[str]:
    """The modules of ``sources`` (name -> (source, is_package)) reached from ``roots`` by module-level imports."""
    needed: set[str] = set()
    todo = [name for name in roots if name in sources]
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        needed.add(name)
        source, is_package = sources[name]
        parents = [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        todo.extend(m for m in [*parents, *imports_of(source, name, is_package, deep=False)] if m in sources)
    return needed


def stdlib_sources() -> dict[str, tuple[str, bool]]:
    """The standard library's modules, from Pyodide's zip."""
    with zipfile.ZipFile(STDLIB_ZIP) as archive:
        return {m: (archive.read(p).decode("utf-8"), p.endswith("__init__.py"))
                for m, p in module_files(archive.namelist()).items()}


def folder_sources(folder: str) -> dict[str, tuple[str, bool]]:
    """The modules under ``folder`` (a sys.path entry)."""
    paths = [os.path.relpath(os.path.join(d, f), folder) for d, _, files in os.walk(folder) for f in files]
    out = {}
    for module, rel in module_files(p.replace(os.sep, "/") for p in paths).items():
        with open(os.path.join(folder, rel), encoding="utf-8") as handle:
            out[module] = (handle.read(), rel.endswith("__init__.py"))
    return out


def run_hosts(own: list[str], packages: str) -> None:
    """Import everything the worker imports and answer a few requests as the page would ask them."""
    sys.path[:0] = [*own, packages]
    import links_host
    import micropip  # noqa: F401 - not loaded at start, but kept importable for a run-time install
    import playmat_host
    import worker  # noqa: F401 - the page's worker entry: every host module
    from protocol import R

    def ask(name: R, argument: object) -> dict:
        answer = json.loads(playmat_host.call(name, json.dumps(argument)))
        if not answer["ok"]:
            raise SystemExit(f"{name} {argument}: {answer['error']}")
        return answer["result"]

    ask(R.HELLO, None)
    ask(R.BENCH, {"games": 3, "seed": 1})
    ask(R.DECKS_CARDS, None)
    for kind, key in ((R.LESSON_LIST, "lessons"), (R.PUZZLE_LIST, "puzzles")):
        first = ask(kind, {})[key][0]["id"]
        ask(R.LESSON_START if key == "lessons" else R.PUZZLE_START, {"id": first, "lang": "ja"})
    links_host.qr_rows("https://example.org/#g=1")


def scan(own: list[str], packages: str, extra: list[str]) -> list[str]:
    """The standard library modules the app may import (see the module's docstring)."""
    stdlib = stdlib_sources()
    third = {m: s for m, s in folder_sources(packages).items() if not m.startswith(NOT_IN_PYODIDE)}
    roots = set(sys.modules) | set(extra) | {m.split(".")[0] for m in third}
    for folder in own:
        for module, (source, is_package) in folder_sources(folder).items():
            roots |= imports_of(source, module, is_package, deep=True)
    run_hosts(own, packages)
    roots |= set(sys.modules)
    reached = closure({**stdlib, **third}, roots)
    return sorted(m for m in reached if m in stdlib and m not in third)


def check(own: list[str], packages: str, archives: str | None = None) -> None:
    """Unpack every package archive in ARCHIVES as Pyodide's loadPackage does, import every module of OWN and the
    packages of PACKAGES and run the hosts: an ImportError here is a module the trimmed standard library lacks."""
    for name in sorted(os.listdir(archives)) if archives else ():
        shutil.unpack_archive(os.path.join(archives, name), tempfile.mkdtemp())
    sys.path[:0] = [*own, packages]
    for folder in own:
        for module in sorted(folder_sources(folder)):
            __import__(module)
    for package in {m.split(".")[0] for m in folder_sources(packages)} - {"pyscript"}:
        __import__(package)   # (PyScript's package needs the browser's `polyscript`: its modules are scanned)
    run_hosts(own, packages)


# Packages whose docstrings are read at run time (Pyodide copies them onto its JavaScript-facing objects).
KEEP_DOCSTRINGS = ("pyodide", "_pyodide")


def stripped(source: str, docstrings: bool) -> str:
    """``source`` without its comments and (when ``docstrings``) with every docstring emptied, what ``-OO`` drops,
    on the same lines (tracebacks keep their line numbers). A coding line (1-2) is kept."""
    lines = source.splitlines(keepends=True)
    cuts = []   # (start line, start column, end line, end column, replacement): 1-based lines, columns in characters
    for token in tokenize.generate_tokens(iter(lines).__next__):
        if token.type == tokenize.COMMENT and token.start[0] > 2:
            cuts.append((*token.start, *token.end, ""))
    if docstrings:
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
                first = node.body[0]
                if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                        and isinstance(first.value.value, str)):
                    doc = first.value   # ast's columns count UTF-8 bytes
                    cuts.append((doc.lineno, _chars(lines[doc.lineno - 1], doc.col_offset), doc.end_lineno,
                                 _chars(lines[doc.end_lineno - 1], doc.end_col_offset),
                                 '""' + "\n" * (doc.end_lineno - doc.lineno)))
    for start, start_col, end, end_col, text in sorted(cuts, reverse=True):
        lines[start - 1:end] = [lines[start - 1][:start_col] + text + lines[end - 1][end_col:]]
    return "".join(lines)


def _chars(line: str, offset: int) -> int:
    """The character offset of the UTF-8 byte ``offset`` of ``line``."""
    return len(line.encode("utf-8")[:offset].decode("utf-8"))


def write_stdlib(target: str, modules: set[str]) -> None:
    """Pyodide's standard library zip with only ``modules`` (and every file that is not a module: a few bytes),
    comments and docstrings stripped (not the docstrings of KEEP_DOCSTRINGS)."""
    with zipfile.ZipFile(STDLIB_ZIP) as archive, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED,
                                                                  compresslevel=9) as out:
        for info in archive.infolist():
            name = info.filename
            module = name[:-3].replace("/", ".").removesuffix(".__init__") if name.endswith(".py") else None
            data = archive.read(name)
            if module is not None:
                if module not in modules:
                    continue
                docstrings = module.split(".")[0] not in KEEP_DOCSTRINGS
                data = stripped(data.decode("utf-8"), docstrings).encode("utf-8")
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            out.writestr(info, data, compresslevel=9)


def main(argv: list[str]) -> None:
    command, own, packages = argv[0], argv[1].split(":"), argv[2]
    if command == "scan":
        modules = scan(own, packages, json.loads(argv[3]))
        write_stdlib(argv[4], set(modules))
        print(json.dumps(modules))
    else:
        check(own, packages, argv[3] if len(argv) > 3 else None)
        print(json.dumps("ok"))


if __name__ == "__main__":
    main(sys.argv[1:])
