"""build.py's memory snapshot helpers: what its stamp covers, its header, and which host modules it imports ahead."""

from __future__ import annotations

from pathlib import Path

import pytest

import build

SITE = {
    "pyodide/pyodide.asm.wasm": "wasm",
    "pyodide/python_stdlib.zip": "stdlib",
    "pyodide/palworld_tcg-0.2.0-py3-none-any.whl": "engine",
    "py/worker.py": "import playmat_host",
    "py/embed_lesson.py": "import lessons_host",
    "py/playmat_host.py": "import protocol",
    "py/protocol.py": "",
    "js/main.js": "",
    "index.html": "",
}


def site(root: Path, files: dict[str, str] = SITE) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def test_the_stamp_covers_pyodide_the_wheels_and_the_host_modules(tmp_path: Path) -> None:
    dist = site(tmp_path)
    stamp = build.snapshot_stamp(dist)
    assert len(stamp) == 64 and int(stamp, 16) >= 0
    for rel in ("pyodide/python_stdlib.zip", "pyodide/palworld_tcg-0.2.0-py3-none-any.whl", "py/protocol.py"):
        original = (dist / rel).read_text()
        (dist / rel).write_text(original + " changed")
        assert build.snapshot_stamp(dist) != stamp, rel
        (dist / rel).write_text(original)
    assert build.snapshot_stamp(dist) == stamp


def test_the_stamp_ignores_the_pages_files_and_the_snapshot_itself(tmp_path: Path) -> None:
    dist = site(tmp_path)
    stamp = build.snapshot_stamp(dist)
    site(dist, {"js/main.js": "changed", "index.html": "changed", build.SNAPSHOT_FILE: "an older snapshot"})
    assert build.snapshot_stamp(dist) == stamp


def test_a_renamed_input_changes_the_stamp(tmp_path: Path) -> None:
    dist = site(tmp_path)
    stamp = build.snapshot_stamp(dist)
    (dist / "py/protocol.py").rename(dist / "py/protocols.py")
    assert build.snapshot_stamp(dist) != stamp


def test_the_header_holds_the_magic_and_stamp_and_keeps_pyodides_part_aligned() -> None:
    stamp = "ab" * 32
    header = build.snapshot_header(stamp)
    assert len(header) == build.SNAPSHOT_HEADER and build.SNAPSHOT_HEADER % 16 == 0
    assert header.startswith(build.SNAPSHOT_MAGIC + stamp.encode()) and header.rstrip(b"\0") == header[:16 + 64]
    with pytest.raises(ValueError, match="64 hex digits"):
        build.snapshot_header("abc")


def test_host_modules_are_imported_ahead_but_not_the_workers_entry_points(tmp_path: Path) -> None:
    assert build.snapshot_host_modules(site(tmp_path)) == ["playmat_host", "protocol"]
