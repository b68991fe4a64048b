"""The engine's layers and face (docs/architecture.md) hold: import-linter's contracts are kept, no module imports
inside a function, and the engine's root holds only its documented face."""
from __future__ import annotations

import ast
import importlib
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"


def test_lint_imports_keeps_every_layer_contract():
    """``lint-imports`` (import-linter) checks the layers model -> rules -> presentation -> persistence -> clients
    with the public face on top, that the engine's root holds only the face (tools/import_contracts.py), that the
    web hosts import only the face and the presentation layer, the layers inside rules and model, and that no
    sibling modules import each other in a cycle."""
    exe = shutil.which("lint-imports") or str(pathlib.Path(sys.executable).parent / "lint-imports")
    done = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout
    assert done.stdout.count(" KEPT") >= 7, done.stdout


def _inner_imports(path: pathlib.Path) -> list[str]:
    """Imports of engine modules that sit inside a function body."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for node in ast.walk(fn):
                if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("engine")):
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                elif isinstance(node, ast.Import) and any(a.name.startswith("engine") for a in node.names):
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
                elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return out


def test_no_engine_module_imports_inside_a_function():
    found = [hit for path in sorted(ENGINE.rglob("*.py")) for hit in _inner_imports(path)]
    assert found == []


PUBLIC = ("bench", "deck", "inputs", "lessons", "links", "opponents", "puzzles", "replay", "scenario", "simulate")
LAYERS = ("model", "rules", "presentation", "persistence", "clients")
# the flat names the engine's root once held as aliases of layered modules; none may come back, even as an import
REMOVED = ("abilities", "actions", "ai", "battle", "carddb", "continuous", "continuous_words", "costs", "damage",
           "deck_report", "effects", "game", "keywords", "ladder", "levels", "limits", "log", "narrate", "odds",
           "outcome", "play", "rule_refs", "safe_json", "search", "secrecy", "state", "text", "trigger_words",
           "triggers", "view", "zones")
SOURCES = ("engine", "tests", "tools", "web/py", "build.py")


def test_the_engine_root_holds_only_the_face_and_the_layers():
    """``engine/`` holds the package (the game), ``__main__`` (the command line), the documented public submodules
    and the five layer packages, nothing else."""
    root = {p.stem for p in ENGINE.glob("*.py")} | {p.name for p in ENGINE.iterdir() if (p / "__init__.py").exists()}
    assert root == {"__init__", "__main__", *PUBLIC, *LAYERS}


def test_each_public_submodule_is_a_real_module_with_its_names():
    """A public submodule is its own module (not another module put in ``sys.modules`` under its name), with a
    one-line docstring and an ``__all__`` whose every name it defines; the package's ``__all__`` resolves too."""
    import engine

    for name in PUBLIC:
        module = importlib.import_module(f"engine.{name}")
        assert module.__name__ == f"engine.{name}" and sys.modules[module.__name__] is module, name
        assert module.__doc__ and "\n" not in module.__doc__.strip(), name
        assert module.__all__ and all(hasattr(module, n) for n in module.__all__), name
    assert all(hasattr(engine, n) for n in engine.__all__)


def _python_files() -> list[pathlib.Path]:
    found = []
    for source in SOURCES:
        path = ROOT / source
        found += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return found


def test_nothing_imports_a_removed_flat_name():
    """No module, test, tool or web host imports ``engine.<old flat name>`` (function bodies included), nor
    ``engine.__main__``: each imports the public face or the layer that owns the name."""
    sys.path.insert(0, str(ROOT))
    try:
        from tools.import_contracts import engine_imports
    finally:
        sys.path.remove(str(ROOT))
    allowed = {"engine", *(f"engine.{m}" for m in (*PUBLIC, *LAYERS))}
    found = [f"{path.relative_to(ROOT)}:{line} imports {module}" for path in _python_files()
             for line, module in engine_imports(path) if ".".join(module.split(".")[:2]) not in allowed]
    assert found == []


def test_no_document_names_a_removed_flat_module():
    """The documents name the public face or the layered modules (docs/changes.md tells history and is left)."""
    names = "|".join(n for n in REMOVED if n != "view")
    old = re.compile(rf"(?<![\w.])engine\.(?:(?:{names})\b|view\.\w)")
    docs = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
    found = [f"{doc.name}: {m.group(0)}" for doc in docs if doc.name != "changes.md"
             for m in old.finditer(doc.read_text(encoding="utf-8"))]
    assert found == []


def test_card_text_renders_through_the_registry_slots():
    """The vocabulary does not import the text generator: a verb with nested steps ("may") says them through
    the renderer slot the presentation layer filled, and the result is the same as the generator's own."""
    from engine.model.abilities import RENDER, parse_ability
    from engine.presentation.text import steps_text

    assert RENDER["steps"] is steps_text
    ab = parse_ability({"kind": "play", "effect": [{"do": "may", "steps": [{"do": "draw", "count": 2}]}]}, "T", 0)
    assert "draw 2 cards" in ab.text("en")
    assert "カードを2枚引いてよい" in ab.text("ja")
