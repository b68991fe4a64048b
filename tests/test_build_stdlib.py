"""The app's trimmed standard library (tools/stdlib_needs.py, run by build.py in Pyodide): which imports count, and
what stripping a module keeps."""

from __future__ import annotations

import json
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

import build

sys.path.insert(0, str(build.ROOT / "tools"))
import stdlib_needs as needs  # noqa: E402

SOURCE = '''"""A module."""
import os
from . import sibling
from .. import cousin
from json import decoder
if __name__ == "__main__":
    import doctest
if TYPE_CHECKING:
    import typing_only
try:
    import _speedups
except ImportError:
    pass
def later():
    import email.parser
class Box:
    import heapq
'''


def test_module_level_imports_count_with_their_parents_and_relative_ones_resolve() -> None:
    found = needs.imports_of(SOURCE, "pkg.sub.mod", is_package=False, deep=False)
    assert {"os", "pkg.sub", "pkg.sub.sibling", "pkg", "pkg.cousin", "json", "json.decoder", "_speedups",
            "heapq"} <= found
    assert not found & {"doctest", "typing_only", "email", "email.parser"}


def test_function_level_imports_count_only_when_deep() -> None:
    assert {"email", "email.parser"} <= needs.imports_of(SOURCE, "mod", is_package=False, deep=True)
    assert "pkg.sibling" in needs.imports_of(SOURCE, "pkg", is_package=True, deep=False)


def test_the_closure_follows_module_level_imports_only() -> None:
    sources = {
        "a": ("import b\ndef f():\n    import c\n", False),
        "b": ("from d import x\n", False),
        "c": ("", False),
        "d": ("", True),
        "d.x": ("import a\n", False),
        "e": ("", False),
    }
    assert needs.closure(sources, ["a", "not_a_module"]) == {"a", "b", "d", "d.x"}


def test_stripping_drops_comments_and_docstrings_on_the_same_lines() -> None:
    source = ('# -*- coding: utf-8 -*-\n"""Doc\nof two lines."""\nimport os  # why\n# alone\n'
              'def f():\n    """Été."""  # note\n    return "# kept"\nclass C:\n    """Only a docstring."""\n')
    out = needs.stripped(source, docstrings=True)
    assert out.splitlines()[0] == "# -*- coding: utf-8 -*-"
    assert len(out.splitlines()) == len(source.splitlines())
    assert "why" not in out and "alone" not in out and "note" not in out and "Doc" not in out and "Été" not in out
    assert '"# kept"' in out
    namespace: dict = {}
    exec(compile(out, "stripped", "exec"), namespace)
    assert namespace["f"]() == "# kept" and namespace["f"].__doc__ == ""
    assert "Doc" in needs.stripped(source, docstrings=False)


def test_the_module_names_of_a_zip() -> None:
    assert needs.module_files(["a/__init__.py", "a/b.py", "c.py", "d.txt", "e/"]) == {
        "a": "a/__init__.py", "a.b": "a/b.py", "c": "c.py"}


@pytest.mark.slow
def test_the_build_stops_naming_a_module_the_trimmed_standard_library_lacks(tmp_path: Path) -> None:
    """build.py imports everything the worker runs with the trimmed library (in Pyodide under Node): a module the
    scan missed stops the build with its name. Here fractions.py (the engine's odds import it) is taken out."""
    full = build.NODE_MODULES / "pyodide" / "python_stdlib.zip"
    lacking = tmp_path / "stdlib.zip"
    with zipfile.ZipFile(full) as archive, zipfile.ZipFile(lacking, "w") as out:
        for info in archive.infolist():
            if info.filename != "fractions.py":
                out.writestr(info, archive.read(info.filename))
    work = tmp_path / "work"
    own = build._stdlib_roots(work)
    with pytest.raises(SystemExit, match="No module named 'fractions'"):
        build._stdlib_tool(work, lacking, ["check", own, "/work/packages"])
    shutil.copy2(full, tmp_path / "whole.zip")
    assert json.loads(build._stdlib_tool(work, tmp_path / "whole.zip", ["check", own, "/work/packages"])) == "ok"
