"""docs/engine-api.md describes the engine's face as it is: its modules exist, its names import, its examples run."""
from __future__ import annotations

import importlib
import pathlib
import random
import re

import pytest

import engine
from engine.bench import random_deck

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "engine-api.md").read_text(encoding="utf-8")
ENGINE = ROOT / "engine"
LAYERS = {"model", "rules", "presentation", "persistence", "clients"}


def _section(title: str) -> str:
    """The text of one ``## title`` section."""
    start = DOC.index(f"\n## {title}\n")
    end = DOC.find("\n## ", start + 1)
    return DOC[start:end if end != -1 else len(DOC)]


def _table_rows(section: str) -> list[list[str]]:
    """The body rows of the markdown tables of a section, as cells."""
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows if not set(row[0].strip()) <= {"-", " "}][1:]


def _listed_modules() -> dict[str, list[str]]:
    """Each public submodule of the page's table with the names its row shows."""
    listed = {}
    for row in _table_rows(_section("Public submodules")):
        module = row[0].strip("`")
        listed[module] = [n for n in re.findall(r"`(\w+)`", row[1])]
    return listed


def test_the_page_lists_every_public_submodule_and_only_those():
    """The table of public submodules is the engine's root: every module it lists exists there as a real
    module, and every module there (besides the layers and ``__main__``) is listed."""
    root = {p.stem for p in ENGINE.glob("*.py")} - {"__init__", "__main__"}
    assert {m.removeprefix("engine.") for m in _listed_modules()} == root
    assert not root & LAYERS


@pytest.mark.parametrize("module", sorted(_listed_modules()))
def test_every_name_a_submodule_row_shows_imports(module: str):
    loaded = importlib.import_module(module)
    assert loaded.__name__ == module
    shown = _listed_modules()[module]
    assert shown and all(name in loaded.__all__ for name in shown), (module, set(shown) - set(loaded.__all__))


def test_every_name_the_package_table_shows_is_exported():
    shown = {n for row in _table_rows(_section("The package: `engine`")) for n in re.findall(r"`(\w+)`", row[0])}
    assert shown and shown <= set(engine.__all__), shown - set(engine.__all__)
    assert set(engine.__all__) <= shown, set(engine.__all__) - shown


def _resolves(dotted: str) -> bool:
    """Whether ``engine.a.b.c`` names a module or an attribute of the longest importable module prefix."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            if not hasattr(value, attr):
                return False
            value = getattr(value, attr)
        return True
    return False


def test_every_dotted_engine_name_on_the_page_resolves():
    """``engine.replay.load``, ``engine.presentation.narrate.narrate``, ``engine.CARDS``...: each one the page
    names (in code, prose or a table) is a module or one of its names."""
    names = set(re.findall(r"(?<![\w.])(engine(?:\.[A-Za-z_]\w*)+)", DOC))
    assert len(names) > 20
    assert [n for n in sorted(names) if not _resolves(n)] == []


def test_the_examples_run():
    """Every Python example of the page, in order, with two legal decks as ``deck0`` and ``deck1``."""
    blocks = re.findall(r"```python\n(.*?)```", DOC, re.S)
    assert len(blocks) >= 1 + len(_listed_modules())
    rng = random.Random(5)
    namespace: dict = {"deck0": random_deck(rng), "deck1": random_deck(rng), "print": lambda *a, **k: None}
    for block in blocks:
        exec(compile(block, "docs/engine-api.md", "exec"), namespace)   # noqa: S102  (our own documentation)
    assert namespace["game"].outcome is not None
