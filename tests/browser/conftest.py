"""Fixtures for the browser tests: build dist/ once per session, serve it, drive Debian's Chromium.

pytest-playwright supplies ``page``/``context``/``browser``; here we point it at /usr/bin/chromium
(``playwright install`` cannot download browsers on this machine) and at a local static server.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from playmat_page import from_snapshot  # noqa: E402

import build  # noqa: E402  (the repository root is put on sys.path just above)

CHROMIUM = os.environ.get("PWTCG_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
# Inputs of the site: a newer file than dist/build-info.json means dist/ must be rebuilt.
SOURCES = ["build.py", "package-lock.json", "pyproject.toml", "web", "engine", "cards", "tools/stdlib_needs.py"]
BOOT_TIMEOUT_MS = 90_000


def _newest_mtime(paths: list[Path]) -> float:
    newest = 0.0
    for path in paths:
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
        newest = max([newest, *(f.stat().st_mtime for f in files)])
    return newest


def dist_is_stale(dist: Path = build.DIST) -> bool:
    info = dist / "build-info.json"
    if not info.exists():
        return True
    return _newest_mtime([ROOT / s for s in SOURCES if (ROOT / s).exists()]) > info.stat().st_mtime


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """dist/, rebuilt first when any of its sources changed since the last build.

    PWTCG_USE_DIST=1 tests the dist/ that is there as it is (e.g. one built by hand).
    """
    if os.environ.get("PWTCG_USE_DIST") != "1":
        with build_lock():  # pytest-xdist workers share one dist/: one builds, the others wait and reuse it
            if dist_is_stale():
                build.build()
    return build.DIST


@contextmanager
def build_lock() -> Iterator[None]:
    """An exclusive lock (across processes) for building dist/."""
    digest = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    with open(Path(tempfile.gettempdir()) / f"pwtcg-build-{digest}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def site_server(site_dir: Path) -> Iterator[str]:
    """A static server for dist/ on a free localhost port, in a thread; yields the base URL."""
    server, url = build.serve_in_thread(site_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site_server: str) -> str:
    """pytest-playwright resolves page.goto("/...") against this."""
    return site_server


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}, "locale": "en-US"}


@pytest.fixture
def context(context: BrowserContext, request: pytest.FixtureRequest) -> BrowserContext:
    """pytest-playwright's context, its pages starting from the snapshot unless the test is marked ``first_visit``."""
    return context if request.node.get_closest_marker("first_visit") else from_snapshot(context)


@pytest.fixture
def private_server(site_dir: Path) -> Iterator[tuple[object, str]]:
    """A server of its own for one test (the offline test stops it mid-test)."""
    server, url = build.serve_in_thread(site_dir)
    yield server, url
    server.shutdown()
    server.server_close()
