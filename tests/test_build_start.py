"""build.py's start-up helpers: the module graph it preloads and the names of sourceless bytecode."""

from __future__ import annotations

from pathlib import Path

import build


def write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_module_graph_follows_static_imports_and_reexports_but_not_dynamic_ones(tmp_path: Path) -> None:
    write(tmp_path, {
        "js/main.js": 'import { a } from "./a.js";\nimport "./side.js";\nimport {\n  b,\n  c,\n} from "./sub/b.js";\n'
                      'const late = () => import("./late.js");\n// import "./commented.js" is not at a line start\n',
        "js/a.js": 'export * from "./sub/b.js";\nexport const a = 1;\n',
        "js/side.js": "document.title = 'x';\n",
        "js/sub/b.js": 'import { a } from "../a.js";\nexport const b = 2, c = 3;\n',
        "js/late.js": "export const late = 1;\n",
    })
    assert build.module_graph(tmp_path, "js/main.js") == ["js/main.js", "js/a.js", "js/side.js", "js/sub/b.js"]
    preloads = build.module_preloads(tmp_path, "js/main.js")
    assert preloads.count('rel="modulepreload"') == 3 and 'href="js/main.js"' not in preloads


def test_the_apps_module_graph_is_preloaded_whole() -> None:
    graph = build.module_graph(build.WEB, "js/main.js")
    assert {"js/main.js", "js/engine.js", "js/playmat/startform.js", "js/router.js"} <= set(graph)
    assert not any(rel.startswith("pyscript/") for rel in graph), "PyScript is imported only when the engine starts"


def test_sourceless_bytecode_takes_the_place_of_its_module() -> None:
    assert build.source_of("engine/__pycache__/game.cpython-314.pyc") == "engine/game.py"
    assert build.source_of("__pycache__/six.cpython-314.pyc") == "six.py"
    assert build.sourceless({"cards/__pycache__/__init__.cpython-314.pyc": b"x"}) == {"cards/__init__.pyc": b"x"}
