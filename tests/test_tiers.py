"""The test tiers hold (docs/testing.md): every test that drives Chromium lives in tests/browser/ and is marked
``browser`` (one xdist group, left out of the fast tier); no test elsewhere drives a browser."""
from __future__ import annotations

import ast
import pathlib

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
