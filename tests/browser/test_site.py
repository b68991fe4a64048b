"""The built site: self-contained (nothing outside its own origin), installable, and playable offline."""

from __future__ import annotations

import hashlib
import json
import re
import tarfile
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playmat_page import open_app, start_from_screen, wait_for_human_turn
from playwright.sync_api import Browser, Route, expect

import build

pytestmark = pytest.mark.browser


def test_lock_file_lists_the_shipped_wheels_with_their_real_sha256(site_dir: Path) -> None:
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == {"micropip", "palworld-tcg", "segno"}   # segno draws QR codes
    for entry in lock["packages"].values():
        wheel = site_dir / "pyodide" / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], entry["name"]
    assert lock["packages"]["palworld-tcg"]["imports"] == ["cards", "engine"]


def shipped_name(source: str) -> str:
    """Where a source file of the engine is in the wheel: a module as sourceless bytecode (build.WHEEL_MODULES)."""
    if source.endswith(".py") and build.WHEEL_MODULES == "pyc":
        return source[:-3] + ".pyc"
    return source


def package_files(path: Path) -> dict[str, bytes]:
    """Every file of a shipped package: a wheel, or the solid archive (build.SOLID_SUFFIX) of a package of build.SOLID_PACKAGES."""
    if path.name.endswith(build.SOLID_SUFFIX):
        with tarfile.open(path) as tar:
            return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}
    with zipfile.ZipFile(path) as wheel:
        return {name: wheel.read(name) for name in wheel.namelist() if not name.endswith("/")}


def test_engine_wheel_carries_every_engine_module_and_card_file(site_dir: Path) -> None:
    entry = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())["packages"]["palworld-tcg"]
    assert entry["file_name"].endswith(build.SOLID_SUFFIX)   # one solid archive (build.SOLID_PACKAGES)
    names = set(package_files(site_dir / "pyodide" / entry["file_name"]))
    assert {shipped_name(source) for source in build.source_modules()} <= names
    assert any(name.endswith(".dist-info/METADATA") for name in names)


def test_wheels_carry_pyodides_bytecode_for_every_module_and_one_form_only(site_dir: Path) -> None:
    """build.py byte-compiles each wheel's modules with Pyodide's CPython (magic number of 3.14) and ships each
    module once: its bytecode in place of the source (a sourceless import)."""
    assert build.WHEEL_MODULES == "pyc"
    lock = json.loads((site_dir / "pyodide" / "pyodide-lock.json").read_text())
    magic = None
    for entry in lock["packages"].values():
        files = package_files(site_dir / "pyodide" / entry["file_name"])
        record = files[next(n for n in files if n.endswith(".dist-info/RECORD"))].decode()
        pycs = sorted(n for n in files if n.endswith(".pyc"))
        assert pycs, entry["name"]
        assert [n for n in files if n.endswith(".py") or "__pycache__" in n] == [], entry["name"]
        for pyc in pycs:
            magic = magic or files[pyc][:4]
            assert files[pyc][:4] == magic, pyc
            assert f"\n{pyc},sha256=" in record or record.startswith(f"{pyc},sha256="), pyc
        assert ".py," not in record, entry["name"]


def test_service_worker_precaches_exactly_the_site_files(site_dir: Path) -> None:
    text = (site_dir / "sw.js").read_text()
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", text, re.S).group(1))
    on_disk = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*") if p.is_file()}
    listed = {p for p in precache if p != "./"}
    assert listed <= on_disk
    # the memory snapshot is kept only after a first visit (js/engine.js), never precached
    not_precached = {"sw.js", build.SNAPSHOT_FILE}
    assert on_disk - listed == not_precached | {p for p in on_disk if p.startswith(build.PRECACHE_SKIP)}
    assert {"index.html", "pyodide/pyodide.asm.wasm", "py/playmat_host.py", "pyscript/core.js"} <= listed
    version = json.loads((site_dir / "build-info.json").read_text())["version"]
    assert f'const VERSION = "{version}"' in text


def test_the_apps_standard_library_is_pyodides_less_what_the_app_never_imports(site_dir: Path) -> None:
    """python_stdlib-app.zip (build.app_stdlib) keeps what the worker imports and drops the rest; Pyodide's whole
    file stays for the bare benchmark pages and is not precached."""
    with zipfile.ZipFile(site_dir / build.APP_STDLIB) as app, zipfile.ZipFile(site_dir / build.PYODIDE_STDLIB) as whole:
        kept, every = set(app.namelist()), set(whole.namelist())
        assert kept <= every
        for module in ("asyncio/__init__.py", "json/decoder.py", "random.py", "fractions.py", "encodings/cp437.py",
                       "_pyodide/_base.py", "pyodide/ffi/__init__.py", "dataclasses.py", "xml/sax/saxutils.py"):
            assert module in kept, module
        for module in ("unittest/__init__.py", "pdb.py", "doctest.py", "tkinter/__init__.py", "pydoc.py",
                       "sqlite3/__init__.py", "encodings/cp1252.py", "xmlrpc/client.py"):
            assert module not in kept, module
        assert "Return a random" not in app.read("random.py").decode()   # docstrings stripped
    assert (site_dir / build.APP_STDLIB).stat().st_size < (site_dir / build.PYODIDE_STDLIB).stat().st_size / 2
    precache = (site_dir / "sw.js").read_text()
    assert f'"{build.APP_STDLIB}"' in precache and f'"{build.PYODIDE_STDLIB}"' not in precache


def test_each_page_loads_one_bundle_and_one_style_sheet(site_dir: Path) -> None:
    """build.bundle_modules / bundle_styles: the pages' modules are esbuild bundles (shared chunks beside them);
    no module of web/js is shipped on its own but the Python worker's loader and the vendored code."""
    index = (site_dir / "index.html").read_text()
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', index) == ["css/index.css"]
    assert re.findall(r'<script type="module" src="([^"]+)"', index) == ["js/main.js"]
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)"', index)
    assert preloads and all(re.fullmatch(r"js/chunk-[A-Z0-9]+\.js", p) for p in preloads)
    embed = (site_dir / "embed.html").read_text()
    assert re.findall(r'<link rel="stylesheet" href="([^"]+)"', embed) == ["css/embed.css"]
    shipped = {p.relative_to(site_dir).as_posix() for p in (site_dir / "js").rglob("*.js")}
    assert {p for p in shipped if not re.fullmatch(r"js/chunk-[A-Z0-9]+\.js", p)} == {
        "js/main.js", "js/embed.js", "js/pyodide-worker.js", build.GLICKO2_MODULE}
    assert not (site_dir / "app.css").exists() and sorted(p.name for p in (site_dir / "css").iterdir()) == [
        "embed.css", "index.css"]


def test_manifest_makes_the_app_installable(site_dir: Path) -> None:
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (site_dir / icon["src"]).is_file()


def test_no_request_leaves_the_sites_origin(browser: Browser, site_server: str) -> None:
    """Load the app, start a game and let the computer move: every request stays on the origin."""
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_server))
    seen: list[str] = []
    foreign: list[str] = []

    def guard(route: Route) -> None:
        url = route.request.url
        seen.append(url)
        if url.startswith(origin + "/") or url.startswith(("blob:", "data:")):
            route.continue_()
        else:
            foreign.append(url)
            route.abort()

    context = browser.new_context()
    context.route("**/*", guard)
    context.on("request", lambda request: seen.append(request.url))
    page = context.new_page()
    open_app(page, site_server)
    start_from_screen(page, mode="computer", seed=5, first="1")
    assert wait_for_human_turn(page) in ("decision", "damage", "over")
    context.close()
    assert foreign == []
    paths = {urlsplit(u).path for u in seen}
    # The Python worker's and the service worker's own fetches were observed too, so the check covers them:
    # only the service worker's precache asks for build-info.json.
    assert {"/pyodide/pyodide.asm.wasm", "/pyodide/pyodide-lock.json", "/py/playmat_host.py"} <= paths
    assert "/build-info.json" in paths
    assert any(p.startswith("/pyodide/palworld_tcg-") for p in paths)


def test_reload_without_network_still_starts_a_game(browser: Browser, private_server: tuple) -> None:
    """After one visit the service worker serves everything: the server is stopped and the network is off."""
    server, url = private_server
    context = browser.new_context()
    page = context.new_page()
    open_app(page, url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.evaluate("navigator.serviceWorker.ready")

    server.shutdown()
    server.server_close()
    context.set_offline(True)

    page.reload()
    page.wait_for_function("document.body.dataset.ready", timeout=90_000)
    assert page.evaluate("document.body.dataset.ready") == "1"
    start_from_screen(page, mode="computer", seed=11, first="0")
    assert wait_for_human_turn(page) == "decision"
    expect(page.locator("#side-bottom .hand .card")).to_have_count(5)
    context.close()
