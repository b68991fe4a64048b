"""The test tiers hold (docs/testing.md): every test that drives Chromium lives in tests/browser/ and is marked
``browser`` (one xdist group, left out of the fast tier); no test elsewhere drives a browser."""
from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys

TESTS = pathlib.Path(__file__).resolve().parent
BROWSER = TESTS / "browser"


def _marks_the_module_browser(tree: ast.Module) -> bool:
    """``pytestmark = pytest.mark.browser`` (or a list holding it) at the top of the module."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "pytestmark" for t in node.targets):
            return "mark.browser" in ast.unparse(node.value)
    return False


def _uses_playwright(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("playwright"):
            return True
        if isinstance(node, ast.Import) and any(a.name.startswith("playwright") for a in node.names):
            return True
    return False


def test_every_browser_test_module_is_marked_browser():
    modules = sorted(BROWSER.glob("test_*.py"))
    assert modules
    unmarked = [m.name for m in modules if not _marks_the_module_browser(ast.parse(m.read_text(encoding="utf-8")))]
    assert unmarked == []


def test_no_test_outside_tests_browser_drives_a_browser():
    """Host tests and engine tests run under CPython alone: they belong to the fast tier."""
    outside = [p for p in sorted(TESTS.rglob("test_*.py")) if BROWSER not in p.parents]
    assert len(outside) > 50
    driving = [str(p.relative_to(TESTS)) for p in outside
               if _uses_playwright(tree := ast.parse(p.read_text(encoding="utf-8"))) or _marks_the_module_browser(tree)]
    assert driving == []


PROBE = '''
import os, pytest

@pytest.mark.xdist_group("browser")
@pytest.mark.parametrize("n", range(6))
def test_grouped(n):
    with open(os.environ["PROBE_OUT"], "a") as out:
        out.write(os.environ.get("PYTEST_XDIST_WORKER", "none") + "\\n")
'''


def test_the_browser_group_runs_on_one_worker(tmp_path: pathlib.Path) -> None:
    """``--dist loadgroup`` (pyproject.toml) really keeps one xdist group on one worker with the installed pytest
    and pytest-xdist: with pytest 9.2 and pytest-xdist 3.8 it silently did not, and the browser tests ran two
    Chromiums at once beside the engine tests on a 2-core machine."""
    (tmp_path / "test_probe.py").write_text(PROBE, encoding="utf-8")
    out = tmp_path / "workers.txt"
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                          "-o", "addopts=", "-n", "2", "--dist", "loadgroup", "--rootdir", str(tmp_path),
                          "-c", os.devnull, str(tmp_path)],
                         capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PROBE_OUT": str(out)},
                         timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    workers = out.read_text().split()
    assert len(workers) == 6 and len(set(workers)) == 1, workers
