"""Import-linter contract types of this repository: the engine's root holds only its face; web hosts use only the face.

Registered in pyproject.toml (``contract_types``) and run by ``lint-imports`` (tests/test_architecture.py).
"""
from __future__ import annotations

import ast
import fnmatch
import pathlib

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class RootModulesContract(Contract):
    """The modules directly in ``container`` are exactly ``allowed``: a module added beside them (an old flat name
    brought back as an alias, say) breaks the contract until it is documented and listed."""

    type_name = "root_modules"
    container = fields.ModuleField()
    allowed = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        children = graph.find_children(self.container.name)
        expected = {f"{self.container.name}.{name}" for name in self.allowed}
        return ContractCheck(kept=children == expected,
                             metadata={"extra": sorted(children - expected), "missing": sorted(expected - children)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for module in check.metadata["extra"]:
            output.print_error(f"{module} is not one of the modules allowed in {self.container.name}.")
        for module in check.metadata["missing"]:
            output.print_error(f"{module} is listed but does not exist.")


def engine_imports(path: pathlib.Path) -> list[tuple[int, str]]:
    """Every ``engine`` module a file imports (function bodies and ``importlib.import_module("engine...")``
    included), with its line; ``from engine import X`` counts as ``engine.X`` when the engine has a module or
    package X, and as ``engine`` otherwise."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "engine"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "engine":
            found += [(node.lineno, f"engine.{a.name}" if _is_module("engine", a.name) else "engine")
                      for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("engine."):
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and _called(node) in ("import_module", "__import__") and node.args:
            name = node.args[0]
            if isinstance(name, ast.Constant) and isinstance(name.value, str) and name.value.startswith("engine"):
                found.append((node.lineno, name.value))
    return found


def _called(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _is_module(package: str, name: str) -> bool:
    folder = pathlib.Path(*package.split("."))
    return (folder / f"{name}.py").is_file() or (folder / name / "__init__.py").is_file()


class ClientFilesContract(Contract):
    """Python files outside the engine's packages (``files``, globs from the working directory) import only the
    ``allowed`` engine modules (fnmatch patterns, e.g. ``engine.presentation.*``)."""

    type_name = "client_files"
    files = fields.ListField(subfield=fields.StringField())
    allowed = fields.ListField(subfield=fields.StringField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        paths = sorted({p for pattern in self.files for p in pathlib.Path().glob(pattern)})
        refused = [f"{path}:{line} imports {module}" for path in paths for line, module in engine_imports(path)
                   if not any(fnmatch.fnmatchcase(module, pattern) for pattern in self.allowed)]
        return ContractCheck(kept=bool(paths) and not refused, metadata={"refused": refused, "files": len(paths)})

    def render_broken_contract(self, check: ContractCheck) -> None:
        if not check.metadata["files"]:
            output.print_error(f"No file matches {self.files}.")
        for line in check.metadata["refused"]:
            output.print_error(line)
