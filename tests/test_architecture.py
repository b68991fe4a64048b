"""The engine's layers (docs/architecture.md) hold: import-linter's contracts in pyproject.toml are kept, no module
imports inside a function (the old way of dodging an import cycle), and the old flat module names still work."""
from __future__ import annotations

import ast
import importlib
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"


def test_lint_imports_keeps_every_layer_contract():
    """``lint-imports`` (import-linter) checks the layers model -> rules -> presentation -> persistence -> clients,
    the layers inside rules and model, and that no sibling modules import each other in a cycle."""
    exe = shutil.which("lint-imports") or str(pathlib.Path(sys.executable).parent / "lint-imports")
    done = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout
    assert done.stdout.count(" KEPT") >= 4, done.stdout


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


OLD_NAMES = {
    "abilities": "engine.model.abilities", "actions": "engine.model.actions", "carddb": "engine.model.carddb",
    "state": "engine.model.state", "continuous": "engine.rules.continuous", "triggers": "engine.rules.events",
    "effects": "engine.rules.verbs", "game": "engine.rules.game", "play": "engine.rules.play",
    "deck": "engine.rules.deck", "text": "engine.presentation.text", "view": "engine.presentation.view",
    "secrecy": "engine.presentation.secrecy", "replay": "engine.persistence.replay",
    "scenario": "engine.persistence.scenario", "ai": "engine.clients.ai", "bench": "engine.clients.bench",
    "__main__": "engine.clients.cli",
}


def test_old_module_names_are_the_same_modules():
    """``engine.replay`` and the other flat names stay importable: each is the very module in its layer, so a
    patch or an isinstance check made through either name holds for both."""
    for old, new in OLD_NAMES.items():
        assert importlib.import_module(f"engine.{old}") is importlib.import_module(new), old


def test_card_text_renders_through_the_registry_slots():
    """The vocabulary does not import the text generator: a verb with nested steps ("may") says them through
    the renderer slot the presentation layer filled, and the result is the same as the generator's own."""
    from engine.model.abilities import RENDER, parse_ability
    from engine.presentation.text import steps_text

    assert RENDER["steps"] is steps_text
    ab = parse_ability({"kind": "play", "effect": [{"do": "may", "steps": [{"do": "draw", "count": 2}]}]}, "T", 0)
    assert "draw 2 cards" in ab.text("en")
    assert "カードを2枚引いてよい" in ab.text("ja")
