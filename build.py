"""Build the browser playmat into a self-contained static site in ``dist/``.

Usage::

    python build.py            # build dist/
    python build.py serve      # build, then serve dist/ on http://127.0.0.1:8000/
    python build.py serve --port 0 --no-build

Everything the page loads is copied into ``dist/``: Pyodide's core files (npm ``pyodide``),
PyScript (npm ``@pyscript/core``), the micropip and packaging wheels (PyPI) and the engine +
card data packaged as a wheel built from this repository. ``dist/pyodide/pyodide-lock.json``
lists exactly the wheels shipped, each with the sha256 of the file that is actually there.
A service worker precaches every file so the app runs offline after the first visit.
"""

from __future__ import annotations

import argparse
import base64
import functools
import gzip
import hashlib
import http.server
import importlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = NODE_MODULES / ".cache" / "pypi-wheels"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_PYTHON = "3.14"
GLICKO2_VERSION = "5.0.0"      # npm glicko2-lite: the puzzle rating (web/js/puzzlerating.js)
GLICKO2_MODULE = "js/vendor/glicko2-lite.js"
ESBUILD_VERSION = "0.28.2"     # npm esbuild (a devDependency): bundles the page's modules (bundle_modules)
# segno: QR codes of shared links. (micropip carries its own copy of packaging: the packaging wheel is not needed.)
PYPI_WHEELS = {"micropip": "0.11.1", "segno": "1.6.6"}
ENGINE_DISTRIBUTION = "palworld-tcg"
ENGINE_IMPORTS = ["engine", "cards"]

PYODIDE_CORE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
]
# PyScript chunks that a page of ours can never request (editors, terminals, source maps).
PYSCRIPT_SKIP_SUFFIXES = (".map",)

# PyScript chunks no page of the app requests (seen in Chromium's requests of a whole visit: PyScript loads them
# only for TOML configs, zip/wheel entries of `files`, its own service worker and storage module, or the bare
# page's styles). The bare benchmark page still gets them from dist/.
PYSCRIPT_UNUSED = ("pyscript/zip-", "pyscript/toml-", "pyscript/index-", "pyscript/storage.js",
                   "pyscript/service-worker.js", "pyscript/core.css")

# Shipped but not precached: PyScript's editor and terminal chunks (this app never loads them; the service
# worker caches them if asked), the benchmark baseline page, and the lessons' and puzzles' static first frames
# (3 MB that only embed.html reads, in other sites' frames: the service worker keeps those it serves).
PRECACHE_SKIP = ("pyscript/codemirror", "pyscript/xterm", "bench/", "learn/lesson-", "learn/puzzle-", *PYSCRIPT_UNUSED,
                 "pyodide/python_stdlib.zip",   # Pyodide's whole standard library, for bench/ (the app's is trimmed)
                 # micropip: in the lock file for a run-time install; the worker loads its packages without it
                 "pyodide/micropip-")

# The rules page's data, written by the build (web/js/screens/rules.js fetches it).
RULES_DATA = "data/rulebook.json"
# The start screen's data (the host's hello without the card catalogue, which is learn/cards.json): the page draws
# the start form from it before Python has started (web/js/main.js).
HELLO_DATA = "data/hello.json"
# The card gallery's facts beside the catalogue (the host's R.DECKS_CARDS answer): the gallery needs no Python.
CARD_EXTRAS_DATA = "data/card-extras.json"

# Files under web/ that are templates or sources handled specially, not copied verbatim.
WEB_TEMPLATES = {"sw.js", "index.html", "embed.html", "bench/index.html", "bench/worker/index.html"}
# The page's string catalogues: shipped as one module, js/strings.js (write_strings), not as the files.
WEB_STRINGS = "i18n/"

# The Content-Security-Policy of every page (a <meta> tag; docs/web.md gives the header form). Scripts
# only from this site; 'unsafe-eval' because PyScript evaluates code it builds at run time (and 'unsafe-eval'
# alone already allows WebAssembly), 'wasm-unsafe-eval' to say so explicitly; blob: workers because
# PyScript starts its worker from a blob: URL (a worker made from a blob: URL inherits this policy).
CSP_DIRECTIVES = {
    "default-src": "'self'",
    "script-src": "'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    "worker-src": "'self' blob:",
    "connect-src": "'self'",
    "img-src": "'self'",
    "style-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
}
CSP = "; ".join(f"{name} {value}" for name, value in CSP_DIRECTIVES.items())
# What only an HTTP header can carry (a <meta> policy ignores it): nobody may frame the app.
CSP_HEADER = CSP + "; frame-ancestors 'none'"
# The embed page (embed.html: one lesson or puzzle for fan sites' iframes) is the one page other sites may frame.
# It has no account, no stored secret and no action a click could be tricked into beyond playing the lesson.
CSP_EMBED_HEADER = CSP + "; frame-ancestors *"
# Pages served with the embed header; every other HTML page gets CSP_HEADER.
EMBED_PAGES = ("embed.html",)

MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".snapshot": "application/octet-stream",
    ".svg": "image/svg+xml",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


@dataclass(frozen=True)
class Wheel:
    """A wheel shipped in ``dist/pyodide`` and listed in the lock file."""

    name: str
    version: str
    path: Path
    imports: list[str]

    @property
    def sha256(self) -> str:
        return sha256_of(self.path)


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def run(command: list[str], cwd: Path = ROOT) -> None:
    log("$ " + " ".join(command))
    subprocess.run(command, cwd=cwd, check=True)


# --------------------------------------------------------------------------- inputs


def ensure_node_modules() -> None:
    """Run ``npm ci`` when the pinned npm packages are missing or at another version."""
    wanted = {"pyodide": PYODIDE_VERSION, "@pyscript/core": PYSCRIPT_VERSION, "glicko2-lite": GLICKO2_VERSION,
              "esbuild": ESBUILD_VERSION}
    for package, version in wanted.items():
        manifest = NODE_MODULES / package / "package.json"
        if not manifest.exists() or json.loads(manifest.read_text())["version"] != version:
            run(["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"])
            return


def pypi_wheels() -> list[Wheel]:
    """The micropip and packaging wheels for Pyodide's Python, downloaded once into a cache."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    wheels = []
    missing = [f"{n}=={v}" for n, v in PYPI_WHEELS.items() if not _cached_wheel(n, v)]
    if missing:
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", PYODIDE_PYTHON, "--dest", str(WHEEL_CACHE), *missing]
        )
    for name, version in PYPI_WHEELS.items():
        path = _cached_wheel(name, version)
        if path is None:
            raise SystemExit(f"pip did not download {name}=={version}")
        wheels.append(Wheel(name, version, path, [name]))
    return wheels


def _cached_wheel(name: str, version: str) -> Path | None:
    matches = sorted(WHEEL_CACHE.glob(f"{name}-{version}-*.whl"))
    return matches[0] if matches else None


def engine_wheel(out_dir: Path) -> Wheel:
    """Build the engine + cards wheel with ``pip wheel --no-deps`` from a copy of the sources.

    Building from a copy keeps setuptools' ``build/`` and ``*.egg-info`` out of the work tree.
    """
    with tempfile.TemporaryDirectory(prefix="pwtcg-src-") as tmp:
        src = Path(tmp)
        shutil.copy2(ROOT / "pyproject.toml", src / "pyproject.toml")
        for package in ENGINE_IMPORTS:
            shutil.copytree(ROOT / package, src / package,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
             "--wheel-dir", str(out_dir), str(src)])
    built = sorted(out_dir.glob("palworld_tcg-*.whl"))
    if len(built) != 1:
        raise SystemExit(f"expected one engine wheel, found {built}")
    check_wheel_complete(built[0])
    version = built[0].name.split("-")[1]
    return Wheel(ENGINE_DISTRIBUTION, version, built[0], wheel_top_level(built[0]))


def source_modules() -> set[str]:
    """Every .py file and card data file of the engine packages, as paths inside a wheel."""
    found = set()
    for package in ENGINE_IMPORTS:
        for path in (ROOT / package).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                found.add(path.relative_to(ROOT).as_posix())
    return found


def check_wheel_complete(path: Path) -> None:
    """Fail when the wheel lacks a module of the source tree (e.g. a subpackage pyproject.toml omits)."""
    with zipfile.ZipFile(path) as archive:
        shipped = set(archive.namelist())
    missing = sorted(source_modules() - shipped)
    if missing:
        raise SystemExit(
            f"{path.name} lacks {len(missing)} source file(s), e.g. {missing[:5]}: list every package "
            "(or use package discovery) under [tool.setuptools] in pyproject.toml"
        )


def wheel_top_level(path: Path) -> list[str]:
    """Top-level importable packages inside a wheel."""
    with zipfile.ZipFile(path) as archive:
        tops = {name.split("/")[0] for name in archive.namelist() if "/" in name}
    return sorted(t for t in tops if not t.endswith((".dist-info", ".data")))


# --------------------------------------------------------------------------- byte-compiling

# Run by Node on the Pyodide of node_modules: byte-compile every .py file under the directory given (mounted
# at /src) with Pyodide's own CPython, so the .pyc files carry its magic number and cache tag. Unchecked
# hash-based pycs: the interpreter uses them without comparing timestamps (the wheel's files are read-only).
COMPILE_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(root)s }, "/src");
py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/src", quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("compileall failed")
print(sys.implementation.cache_tag)
`);
"""


# How the wheels carry their modules: "pyc" (only Pyodide's bytecode, as sourceless `module.pyc` files), "both"
# (the sources plus `__pycache__/module.cpython-314.pyc`) or "py" (only the sources, compiled at every start).
# docs/web.md compares them; PWTCG_WHEEL_MODULES overrides it for such measurements.
WHEEL_MODULES = os.environ.get("PWTCG_WHEEL_MODULES", "pyc")


def byte_compile_wheels(wheels: list[Wheel], out_dir: Path) -> list[Wheel]:
    """Copies of ``wheels`` whose modules are Pyodide's bytecode (see WHEEL_MODULES).

    Pyodide otherwise compiles every module of micropip, packaging and the engine from source on every
    start (about 0.4 s in Chromium here). One Node run of Pyodide compiles them all at build time.
    """
    if WHEEL_MODULES not in ("pyc", "both", "py"):
        raise SystemExit(f"PWTCG_WHEEL_MODULES={WHEEL_MODULES!r}: use pyc, both or py")
    if WHEEL_MODULES == "py":
        return wheels
    with tempfile.TemporaryDirectory(prefix="pwtcg-pyc-") as tmp:
        root = Path(tmp)
        for wheel in wheels:
            with zipfile.ZipFile(wheel.path) as archive:
                for name in archive.namelist():
                    if name.endswith(".py"):
                        target = root / wheel.path.name / name
                        target.parent.mkdir(parents=True, exist_ok=True)
                        target.write_bytes(archive.read(name))
        node_modules = NODE_MODULES / "pyodide"
        script = COMPILE_SCRIPT % {
            "pyodide": json.dumps((node_modules / "pyodide.mjs").as_uri()),
            "index": json.dumps(str(node_modules) + "/"),
            "root": json.dumps(str(root)),
        }
        log("byte-compiling the wheels' modules with Pyodide (node)")
        subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        compiled = []
        for wheel in wheels:
            base = root / wheel.path.name
            pycs = {p.relative_to(base).as_posix(): p.read_bytes() for p in sorted(base.rglob("*.pyc"))}
            if not pycs:
                raise SystemExit(f"no .pyc compiled for {wheel.path.name}")
            target = out_dir / wheel.path.name
            if WHEEL_MODULES == "pyc":
                add_to_wheel(wheel.path, target, sourceless(pycs), drop=frozenset(map(source_of, pycs)))
            else:
                add_to_wheel(wheel.path, target, pycs)
            compiled.append(Wheel(wheel.name, wheel.version, target, wheel.imports))
    return compiled


def source_of(pyc: str) -> str:
    """The module a cached pyc was compiled from: ``a/__pycache__/b.cpython-314.pyc`` -> ``a/b.py``."""
    folder, _, name = f"/{pyc}".rpartition("/__pycache__/")
    return f"{folder}/{name.split('.')[0]}.py".lstrip("/")


def sourceless(pycs: dict[str, bytes]) -> dict[str, bytes]:
    """The same bytecode under the names a sourceless import looks for (``a/b.pyc`` beside where ``a/b.py`` was)."""
    return {source_of(name)[:-3] + ".pyc": data for name, data in pycs.items()}


def add_to_wheel(source: Path, target: Path, extra: dict[str, bytes], drop: frozenset[str] = frozenset()) -> None:
    """Write ``target``: the wheel ``source`` less the files ``drop`` plus ``extra`` files, listed in its RECORD
    (reproducibly)."""
    with zipfile.ZipFile(source) as archive:
        infos = [i for i in archive.infolist() if i.filename not in drop]
        record_name = next(i.filename for i in infos if i.filename.endswith(".dist-info/RECORD"))
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            for info in infos:
                if info.filename != record_name:
                    out.writestr(info, archive.read(info.filename))
            for name, data in extra.items():
                info = zipfile.ZipInfo(name, date_time=(2020, 2, 2, 0, 0, 0))
                info.external_attr = 0o644 << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, data)
            record = archive.read(record_name).decode().rstrip("\n").split("\n")
            rows = [r for r in record if not r.startswith(record_name + ",") and r.split(",")[0] not in drop]
            for name, data in extra.items():
                digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                rows.append(f"{name},sha256={digest},{len(data)}")
            rows.append(f"{record_name},,")
            record_info = next(i for i in infos if i.filename == record_name)
            out.writestr(record_info, "\n".join(rows) + "\n")


# --------------------------------------------------------------------------- memory snapshot

# A memory snapshot of Pyodide with the engine, the card data and the host modules already imported: a page
# that restores it skips starting Python and importing the engine (docs/web.md, "Memory snapshot"). It is the
# WebAssembly memory only: the file system (the standard library's zip, site-packages, the host modules'
# files) is not in it, so the page still loads those, and PyScript installs the wheels as on any start; the
# modules imported here are found in sys.modules instead of being run again. It is made from the files exactly
# as shipped in dist/, so it must be the build's last step that reads pyodide/ or py/.
SNAPSHOT_FILE = "pyodide/interpreter.snapshot"
# The file: gzip of (SNAPSHOT_MAGIC, the stamp as 64 hex digits, zero padding to SNAPSHOT_HEADER bytes, then
# Pyodide's snapshot). The header keeps Pyodide's part 4-byte aligned, as its restore needs.
SNAPSHOT_MAGIC = b"PWTCG-SNAPSHOT-1"
SNAPSHOT_HEADER = 128
# The wheels installed and imported in the snapshot (micropip is not: PyScript imports it after the restore).
SNAPSHOT_WHEELS = (ENGINE_DISTRIBUTION, "segno")
# py/ files that are entry points (they export to the page), not host modules to import ahead.
SNAPSHOT_ENTRIES = ("worker.py", "embed_")
SNAPSHOT_LEVEL = 6   # gzip level: 9 saves about 1% for twice the build time

# Run by Node: load the shipped Pyodide (with the app's standard library) with snapshots on, install the
# packages (unpacked, as micropip would lay them out) and import the engine and host modules from where PyScript puts them (the home directory),
# then write the snapshot. loadPackage is not used: it leaves a JavaScript object behind that a snapshot
# cannot hold.
SNAPSHOT_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync, writeFileSync } from "node:fs";
const args = %(args)s;
const py = await loadPyodide({ indexURL: args.index, stdLibURL: args.stdlib, _makeSnapshot: true });
for (const [name, path] of Object.entries(args.files)) py.FS.writeFile(name, readFileSync(path));
py.globals.set("ARGS", JSON.stringify(args));
py.runPython(`
def _pwtcg_prepare(args):
    import gc, shutil, sys, sysconfig, zipfile
    for wheel in args["wheels"]:
        if wheel.endswith(".whl"):
            zipfile.ZipFile(wheel).extractall(sysconfig.get_paths()["purelib"])
        else:   # a solid archive (SOLID_SUFFIX), unpacked as Pyodide's loadPackage does
            shutil.unpack_archive(wheel, sysconfig.get_paths()["purelib"])
    for name in args["imports"]:
        __import__(name)
    sys._pwtcg_snapshot = args["stamp"]
    sys.path.remove("")   # put back by Pyodide at every start
    gc.collect()
_pwtcg_prepare(__import__("json").loads(ARGS))
del _pwtcg_prepare, ARGS   # __main__ as a fresh start leaves it
`);
writeFileSync(args.out, py.makeMemorySnapshot());
"""


def snapshot_inputs(dist: Path) -> list[str]:
    """The files of ``dist`` a snapshot depends on: Pyodide's runtime and standard library, the lock file, the
    wheels and the host modules."""
    return sorted(f for f in site_files(dist) if f != SNAPSHOT_FILE and f.startswith(("pyodide/", "py/")))


def snapshot_stamp(dist: Path) -> str:
    """The sha256 of the snapshot's inputs (names and contents) and Pyodide's version: a page restores a snapshot
    only when its stamp is this build's."""
    digest = hashlib.sha256(f"pyodide {PYODIDE_VERSION}\n".encode())
    for rel in snapshot_inputs(dist):
        digest.update(f"{rel} {sha256_of(dist / rel)}\n".encode())
    return digest.hexdigest()


def snapshot_host_modules(dist: Path) -> list[str]:
    """The host modules under ``dist/py`` (the worker's entry points left out)."""
    return sorted(p.stem for p in (dist / "py").glob("*.py") if not p.name.startswith(SNAPSHOT_ENTRIES))


def snapshot_header(stamp: str) -> bytes:
    """The header of a snapshot file for ``stamp``."""
    head = SNAPSHOT_MAGIC + stamp.encode("ascii")
    if len(stamp) != 64 or len(head) > SNAPSHOT_HEADER:
        raise ValueError(f"a snapshot stamp is 64 hex digits, not {stamp!r}")
    return head.ljust(SNAPSHOT_HEADER, b"\0")


def write_snapshot(dist: Path) -> dict:
    """Write ``dist/SNAPSHOT_FILE`` from the site's own files; return its build-info entry."""
    stamp = snapshot_stamp(dist)
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    home = "/home/pyodide/"   # PyScript writes the worker's files into Pyodide's home directory
    with tempfile.TemporaryDirectory(prefix="pwtcg-snapshot-") as tmp:
        out = Path(tmp) / "snapshot"
        wheels = {f"/tmp/{lock[name]['file_name']}": str(dist / "pyodide" / lock[name]["file_name"])
                  for name in SNAPSHOT_WHEELS}
        hosts = snapshot_host_modules(dist)
        args = {
            "index": str(dist / "pyodide") + "/",
            "stdlib": str(dist / APP_STDLIB),   # the zip the page loads: its directory is cached in the snapshot
            "files": {**wheels, **{f"{home}{name}.py": str(dist / "py" / f"{name}.py") for name in hosts}},
            "wheels": list(wheels),
            "imports": [*ENGINE_IMPORTS, "segno", *hosts],
            "stamp": stamp,
            "out": str(out),
        }
        script = SNAPSHOT_SCRIPT % {"pyodide": json.dumps((dist / "pyodide" / "pyodide.mjs").as_uri()),
                                    "args": json.dumps(args)}
        log("making the memory snapshot of Pyodide with the engine imported (node)")
        done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=tmp, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        if done.returncode:
            # Node echoes the minified line of Pyodide that threw: keep the readable lines
            lines = [line for line in done.stderr.splitlines() if line.strip() and len(line) < 1000]
            raise SystemExit("making the memory snapshot failed:\n" + "\n".join(lines[-25:]))
        raw = snapshot_header(stamp) + out.read_bytes()
    packed = gzip.compress(raw, compresslevel=SNAPSHOT_LEVEL, mtime=0)
    (dist / SNAPSHOT_FILE).write_bytes(packed)
    return {"file": SNAPSHOT_FILE, "stamp": stamp, "bytes": len(raw), "gzip_bytes": len(packed)}


# --------------------------------------------------------------------------- solid archives

# Packages shipped as one gzip-compressed tar instead of a wheel: a zip compresses each of the engine's ~280 small
# files alone, a solid archive compresses them together (0.99 MB -> 0.71 MB). Pyodide's loadPackage, which loads
# the packages of our lock file, unpacks a .tar.gz as it unpacks a wheel (shutil.unpack_archive); the dist-info
# folder travels inside. gzip, not bzip2: bzip2 is 0.51 MB but its decompression cost ~150 ms of every start in
# the worker (docs/web.md). Not .tar.xz: loadPackage unpacks it, then lists its shared libraries only for the
# archive kinds it knows (zip, gz, bz2, tar) and fails the package, with errors in the console.
# PWTCG_SOLID=0 ships the engine as a wheel, for comparison (docs/web.md).
SOLID_PACKAGES = () if os.environ.get("PWTCG_SOLID") == "0" else (ENGINE_DISTRIBUTION,)
SOLID_SUFFIX = ".tar.gz"


def solid_archives(wheels: list[Wheel], out_dir: Path) -> list[Wheel]:
    """``wheels`` with those of SOLID_PACKAGES repacked as ``<name>-<version>.tar.gz`` (same files, sorted, fixed
    times: reproducible)."""
    repacked = []
    for wheel in wheels:
        if wheel.name not in SOLID_PACKAGES:
            repacked.append(wheel)
            continue
        target = out_dir / wheel.path.name.replace("-py3-none-any.whl", SOLID_SUFFIX)
        buffer = io.BytesIO()
        with zipfile.ZipFile(wheel.path) as archive, tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
            for name in sorted(n for n in archive.namelist() if not n.endswith("/")):
                data = archive.read(name)
                info = tarfile.TarInfo(name)
                info.size, info.mtime, info.mode = len(data), 1580601600, 0o644
                tar.addfile(info, io.BytesIO(data))
        target.write_bytes(gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0))
        repacked.append(Wheel(wheel.name, wheel.version, target, wheel.imports))
    return repacked


# --------------------------------------------------------------------------- trimming the standard library

# The app's standard library: Pyodide's python_stdlib.zip less the modules nothing the app runs can import
# (tools/stdlib_needs.py finds them; docs/web.md). Pyodide's whole file stays beside it for the bare benchmark
# pages, unprecached.
APP_STDLIB = "pyodide/python_stdlib-app.zip"
PYODIDE_STDLIB = "pyodide/python_stdlib.zip"
# Modules looked up by name at run time, which no import statement names: the codecs (Python finds them by
# encoding name; zipfile reads non-UTF-8 names in wheels as cp437), sysconfig's data module, and what micropip
# imports inside functions.
STDLIB_KEEP = (
    "encodings.aliases", "encodings.ascii", "encodings.latin_1", "encodings.utf_8", "encodings.utf_8_sig",
    "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be", "encodings.utf_32", "encodings.utf_32_le",
    "encodings.utf_32_be", "encodings.cp437", "encodings.idna", "encodings.punycode", "encodings.charmap",
    "encodings.raw_unicode_escape", "encodings.unicode_escape", "encodings.base64_codec", "encodings.hex_codec",
    "_sysconfigdata__emscripten_wasm32-emscripten", "site", "types", "textwrap", "importlib.metadata",
    "tarfile", "gzip",   # shutil.unpack_archive imports them when Pyodide unpacks a .tar.gz package (SOLID_PACKAGES)
)
STDLIB_TOOL = ROOT / "tools" / "stdlib_needs.py"
# PyScript's Python snippets are strings inside its JavaScript: every "import x" / "from x import" there counts.
PYSCRIPT_IMPORT = re.compile(r"\b(?:from\s+([A-Za-z_][\w.]*)\s+import\b|import\s+([A-Za-z_][\w.]*))")

# Run by Node: tools/stdlib_needs.py inside Pyodide (whole or trimmed standard library), the build's folders
# mounted at /work. Its last line of output is its JSON answer.
STDLIB_SCRIPT = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(stdlib)s });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(root)s }, "/work");
py.globals.set("ARGS", py.toPy(%(args)s));
try {
  py.runPython("import sys; sys.argv = ['stdlib_needs', *ARGS]");
  await py.runPythonAsync(readFileSync(%(tool)s, "utf8"));
} catch (error) {
  console.error(String(error.message || error));   // Python's traceback (Node's own report would bury it)
  process.exitCode = 1;
}
"""


def app_stdlib(dist: Path) -> list[str]:
    """Write APP_STDLIB beside Pyodide's stdlib in ``dist``: only the modules the app may import, without comments
    and docstrings, checked by importing everything the app runs with it (a missing module stops the build, naming
    it). Returns the modules."""
    full = dist / PYODIDE_STDLIB
    with tempfile.TemporaryDirectory(prefix="pwtcg-stdlib-") as tmp:
        work = Path(tmp)
        own = _stdlib_roots(work)
        extra = sorted({a or b for a, b in PYSCRIPT_IMPORT.findall(
            "".join(p.read_text(encoding="utf-8") for p in sorted((dist / "pyscript").glob("*.js"))))})
        modules = json.loads(_stdlib_tool(work, full, ["scan", own, "/work/packages", json.dumps([*extra, *STDLIB_KEEP]),
                                                      "/work/stdlib.zip"]))
        missing = sorted(set(STDLIB_KEEP) - set(modules))
        if missing:
            raise SystemExit(f"STDLIB_KEEP names modules Pyodide's standard library lacks: {missing}")
        shutil.move(work / "stdlib.zip", dist / APP_STDLIB)
        (dist / APP_STDLIB).chmod(0o644)   # (written through Pyodide's file system, world-writable)
        log(f"standard library: {len(modules)} modules, {full.stat().st_size} -> {(dist / APP_STDLIB).stat().st_size} bytes")
        for package in (dist / "pyodide").glob(f"*{SOLID_SUFFIX}"):
            shutil.copy2(package, work / "archives" / package.name)
        _stdlib_tool(work, dist / APP_STDLIB, ["check", own, "/work/packages", "/work/archives"])
    return modules


def _stdlib_roots(work: Path) -> str:
    """Lay out under ``work`` the code the worker runs: ours (own/src, own/py) and the packages' sources (the
    PyPI wheels as downloaded, PyScript's Python); returns the own folders as Pyodide sees them."""
    for package in ENGINE_IMPORTS:
        shutil.copytree(ROOT / package, work / "own" / "src" / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(WEB / "py", work / "own" / "py", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name, version in PYPI_WHEELS.items():
        with zipfile.ZipFile(_cached_wheel(name, version)) as archive:
            archive.extractall(work / "packages")
    shutil.copytree(NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript", work / "packages" / "pyscript")
    (work / "archives").mkdir()
    return "/work/own/src:/work/own/py"


def _stdlib_tool(work: Path, stdlib: Path, args: list[str]) -> str:
    """Run tools/stdlib_needs.py in Pyodide under Node with ``stdlib``; its last line of output."""
    node_modules = NODE_MODULES / "pyodide"
    script = STDLIB_SCRIPT % {
        "pyodide": json.dumps((node_modules / "pyodide.mjs").as_uri()),
        "index": json.dumps(str(node_modules) + "/"),
        "stdlib": json.dumps(str(stdlib)),
        "root": json.dumps(str(work)),
        "args": json.dumps(args),
        "tool": json.dumps(str(STDLIB_TOOL)),
    }
    done = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"the standard library check ({args[0]}) failed:\n{done.stderr[-4000:]}")
    return done.stdout.strip().splitlines()[-1]


# --------------------------------------------------------------------------- outputs


def lock_file(wheels: Iterable[Wheel]) -> dict:
    """A pyodide-lock.json listing only the shipped wheels, with their real sha256."""
    upstream = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    packages = {}
    for wheel in wheels:
        packages[wheel.name] = {
            "name": wheel.name,
            "version": wheel.version,
            "file_name": wheel.path.name,
            "install_dir": "site",
            "sha256": wheel.sha256,
            "package_type": "package",
            "imports": wheel.imports,
            "depends": [],
            "unvendored_tests": False,
        }
    return {"info": upstream["info"], "packages": packages}


def copy_pyodide(dest: Path, wheels: list[Wheel]) -> None:
    dest.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copy2(NODE_MODULES / "pyodide" / name, dest / name)
    for wheel in wheels:
        if wheel.path.parent != dest:
            shutil.copy2(wheel.path, dest / wheel.path.name)
    lock = lock_file([Wheel(w.name, w.version, dest / w.path.name, w.imports) for w in wheels])
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


def copy_pyscript(dest: Path) -> None:
    source = NODE_MODULES / "@pyscript" / "core" / "dist"
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns(*[f"*{s}" for s in PYSCRIPT_SKIP_SUFFIXES]))


def copy_glicko2(dest: Path) -> None:
    """npm ``glicko2-lite`` (a CommonJS file of one function) as an ES module the page imports, with its
    licence: the code itself is copied unchanged between a ``module`` shim and an ``export``."""
    source = NODE_MODULES / "glicko2-lite"
    code = (source / "index.js").read_text(encoding="utf-8")
    target = dest / GLICKO2_MODULE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(f"// glicko2-lite {GLICKO2_VERSION} (npm, MIT licence: glicko2-lite.LICENSE.txt), as an ES module\n"
                      "const module = { exports: {} };\n" + code + "\nexport default module.exports;\n",
                      encoding="utf-8")
    shutil.copy2(source / "LICENSE.txt", target.with_name("glicko2-lite.LICENSE.txt"))


def copy_web(dest: Path) -> None:
    """Copy web/ verbatim except the templates, which are rendered afterwards."""
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if (path.is_dir() or rel in WEB_TEMPLATES or rel.startswith(WEB_STRINGS) or "__pycache__" in rel
                or rel.endswith(".pyc")):
            continue
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def write_protocol_js(dest: Path) -> None:
    """``js/protocol.js``: the page's request names, from the one table of them (web/py/protocol.py)."""
    (dest / "js" / "protocol.js").write_text(_protocol().protocol_js())


def _protocol():
    """web/py/protocol.py, imported from this repository."""
    if str(WEB / "py") not in sys.path:
        sys.path.insert(0, str(WEB / "py"))
    return importlib.import_module("protocol")


def write_strings(dest: Path) -> None:
    """js/strings.js: the page's string catalogues (web/i18n: languages.json and one file per language) as one
    module, so they load with the page's other modules (js/i18n.js imports it); no fetch waits after them."""
    folder = WEB / WEB_STRINGS
    languages = json.loads((folder / "languages.json").read_text(encoding="utf-8"))
    missing = [code for code in languages if not (folder / f"{code}.json").is_file()]
    if missing:
        raise SystemExit(f"web/i18n/languages.json lists languages without a catalogue file: {missing}")
    catalogues = {code: json.loads((folder / f"{code}.json").read_text(encoding="utf-8")) for code in languages}
    target = dest / "js" / "strings.js"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("// Written by build.py from web/i18n: the page's languages and their string catalogues.\n"
                      f"export const LANGUAGES = {json.dumps(languages, ensure_ascii=False)};\n"
                      f"export const STRINGS = {json.dumps(catalogues, ensure_ascii=False)};\n", encoding="utf-8")


def write_rules_data(dest: Path) -> None:
    """The rules page's data: every rulebook entry with the cards and lessons that use it, and the cards' names
    (engine.presentation.rulebook.site_data), so the page loads it with one fetch and needs no Python."""
    from engine.presentation.rulebook import site_data  # the engine is imported only when a site is built

    target = dest / RULES_DATA
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(site_data(), ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def write_hello_data(dest: Path) -> None:
    """The host's hello as the worker would answer it, less the card catalogue (learn/cards.json has it), and the
    card gallery's extras."""
    hosts = _learn_hosts()
    hello = hosts["playmat_host"].Host().hello()
    del hello["catalog"]
    importlib.import_module("decks_host")   # registers R.DECKS_CARDS
    extras = _host_call(hosts, _protocol().R.DECKS_CARDS, None)
    for path, data in ((HELLO_DATA, hello), (CARD_EXTRAS_DATA, extras)):
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")), encoding="utf-8")


# A static import or re-export of an ES module: `import {a} from "./x.js"`, `import "./x.js"`, `export * from "./x.js"`.
STATIC_IMPORT = re.compile(r"""^\s*(?:import|export)\s+(?:[^;"'`]*?\bfrom\s*)?["']([^"']+)["']""", re.MULTILINE)


def module_graph(dist: Path, entry: str) -> list[str]:
    """Every module ``entry`` (a path under ``dist``) imports statically, itself included, in load order."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        rel = todo.pop(0)
        if rel in seen or not (dist / rel).is_file():
            continue
        seen.append(rel)
        base = (dist / rel).parent
        for spec in STATIC_IMPORT.findall((dist / rel).read_text(encoding="utf-8")):
            if spec.startswith("."):
                todo.append((base / spec).resolve().relative_to(dist.resolve()).as_posix())
    return seen


def module_preloads(dist: Path, entry: str) -> str:
    """``<link rel="modulepreload">`` for the modules ``entry`` imports, so the browser fetches the whole graph at
    once instead of discovering it level by level (a round trip per level of imports)."""
    return preload_links(module_graph(dist, entry)[1:])


def preload_links(modules: Iterable[str]) -> str:
    """``<link rel="modulepreload">`` tags for ``modules`` (paths under the site root)."""
    return "\n  ".join(f'<link rel="modulepreload" href="{rel}">' for rel in modules)


# --------------------------------------------------------------------------- bundling the page's modules

# The pages' entry modules, bundled at build time (npm esbuild): a page loads its entry and the chunks it shares
# with the other page instead of ~55 module files, so a first visit's start screen does not wait for dozens of
# requests. web/js keeps the modules as they are (the source); PWTCG_BUNDLE=0 ships them unbundled, for debugging.
BUNDLE_ENTRIES = ("js/main.js", "js/embed.js")
# Modules loaded by URL rather than imported (the Python worker's loader) or shipped whole for their licence: left
# in place, never bundled away.
BUNDLE_KEEP = ("js/pyodide-worker.js", "js/vendor/")
BUNDLE = os.environ.get("PWTCG_BUNDLE", "1") != "0"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"


def bundle_modules(dist: Path) -> dict[str, list[str]]:
    """Replace the modules of ``BUNDLE_ENTRIES`` in ``dist`` by esbuild's bundles (same entry paths, shared
    chunks beside them in js/, so ``import.meta.url`` still resolves from js/). Returns, for each entry, the
    chunks it imports statically (for ``<link rel="modulepreload">``)."""
    if not BUNDLE:
        return {entry: module_graph(dist, entry)[1:] for entry in BUNDLE_ENTRIES}
    if not ESBUILD.exists():
        raise SystemExit(f"{ESBUILD} is missing: run npm ci (esbuild is a devDependency)")
    out = dist / ".bundle"
    meta = dist / ".bundle-meta.json"
    run([str(ESBUILD), *BUNDLE_ENTRIES, "--bundle", "--format=esm", "--splitting", "--minify", "--keep-names",
         "--outbase=js", "--outdir=.bundle", "--chunk-names=chunk-[hash]", "--target=es2022",
         "--log-level=warning", f"--metafile={meta.name}"], cwd=dist)
    report = json.loads(meta.read_text(encoding="utf-8"))
    meta.unlink()
    for source in report["inputs"]:
        if not source.startswith(BUNDLE_KEEP):
            (dist / source).unlink()
    preloads = {}
    for output, facts in report["outputs"].items():
        target = dist / "js" / Path(output).relative_to(".bundle")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(dist / output, target)
        entry = facts.get("entryPoint")
        if entry:
            preloads[entry] = [("js" / Path(i["path"]).relative_to(".bundle")).as_posix()
                               for i in facts["imports"] if i["kind"] == "import-statement"]
    shutil.rmtree(out)
    for folder in sorted((p for p in (dist / "js").rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return preloads


# The style sheets a page links, one <link> each (build.py writes the pages' own <link> tags this way).
STYLESHEET_LINK = re.compile(r'^[ \t]*<link rel="stylesheet" href="([^"]+)">\n', re.MULTILINE)


def bundle_styles(dist: Path, pages: Iterable[str]) -> None:
    """Give each page one style sheet, ``css/<page>.css``: its linked sheets joined in order by esbuild (the
    cascade is unchanged), in place of the first link; sheets no page links any more are not shipped."""
    if not BUNDLE:
        return
    bundled: set[str] = set()
    for page in pages:
        html = (dist / page).read_text(encoding="utf-8")
        sheets = STYLESHEET_LINK.findall(html)
        if not sheets:
            continue
        target = f"css/{Path(page).stem}.css"
        entry = dist / f".{Path(page).stem}-styles.css"
        entry.write_text("".join(f'@import "./{sheet}";\n' for sheet in sheets), encoding="utf-8")
        run([str(ESBUILD), entry.name, "--bundle", "--minify", "--log-level=warning", f"--outfile={target}"], cwd=dist)
        entry.unlink()
        first = STYLESHEET_LINK.search(html).start()
        html = html[:first] + f'  <link rel="stylesheet" href="{target}">\n' + STYLESHEET_LINK.sub("", html[first:])
        (dist / page).write_text(html, encoding="utf-8")
        bundled.update(sheets)
    for sheet in bundled:
        (dist / sheet).unlink()


def site_files(dist: Path) -> list[str]:
    """Every file of the site as a URL relative to the site root, sorted."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def content_version(dist: Path, files: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode())
        digest.update(sha256_of(dist / rel).encode())
    return digest.hexdigest()[:16]


def render(template: Path, target: Path, values: dict[str, str]) -> None:
    """Fill ``{{NAME}}`` placeholders of a text template."""
    text = template.read_text()
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    if "{{" in text and "}}" in text.split("{{", 1)[1]:
        unknown = text.split("{{", 1)[1].split("}}", 1)[0]
        raise SystemExit(f"{template}: unfilled placeholder {{{{{unknown}}}}}")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)


def build(dist: Path = DIST) -> dict:
    """Build the whole site into ``dist`` and return its build-info dict.

    The site is assembled beside ``dist`` and swapped in at the end, so a failed build leaves the
    previous site untouched.
    """
    ensure_node_modules()
    staging = dist.with_name(dist.name + ".partial")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    try:
        info = _assemble(staging)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if dist.exists():
        shutil.rmtree(dist)
    staging.rename(dist)
    log(f"built {info['files']} files into {dist} (version {info['version']})")
    return info


def _assemble(dist: Path) -> dict:
    """Write every file of the site into the (empty) directory ``dist``."""
    pyodide_dir = dist / "pyodide"
    with tempfile.TemporaryDirectory(prefix="pwtcg-wheel-") as tmp:
        built, compiled = Path(tmp) / "built", Path(tmp) / "compiled"
        built.mkdir()
        compiled.mkdir()
        wheels = solid_archives(byte_compile_wheels([*pypi_wheels(), engine_wheel(built)], compiled), compiled)
        copy_pyodide(pyodide_dir, wheels)
    copy_pyscript(dist / "pyscript")
    app_stdlib(dist)
    copy_web(dist)
    write_protocol_js(dist)
    write_strings(dist)
    copy_glicko2(dist)
    write_rules_data(dist)
    engine = next(w for w in wheels if w.name == ENGINE_DISTRIBUTION)
    values = {
        "PYODIDE_VERSION": PYODIDE_VERSION,
        "PYSCRIPT_VERSION": PYSCRIPT_VERSION,
        "ENGINE_WHEEL": engine.path.name,
        "CSP": CSP,
    }
    preloads = bundle_modules(dist)
    render(WEB / "index.html", dist / "index.html", {**values, "MODULE_PRELOADS": preload_links(preloads["js/main.js"])})
    render(WEB / "embed.html", dist / "embed.html", values)
    bundle_styles(dist, ("index.html", "embed.html"))
    learn_frames(dist / "learn")
    write_hello_data(dist)
    render(WEB / "bench" / "index.html", dist / "bench" / "index.html", values)
    render(WEB / "bench" / "worker" / "index.html", dist / "bench" / "worker" / "index.html", values)
    snapshot = write_snapshot(dist)   # last: made from pyodide/ and py/ as shipped
    # The snapshot is derived from the other files (its stamp is in build-info.json), and is not precached: a
    # first visit never downloads it (js/engine.js).
    files = [f for f in site_files(dist) if f not in ("sw.js", SNAPSHOT_FILE)]
    version = content_version(dist, files)
    info = {
        "version": version,
        "files": len(files) + 3,
        "pyodide": PYODIDE_VERSION,
        "pyscript": PYSCRIPT_VERSION,
        "wheels": {w.name: {"file": w.path.name, "version": w.version} for w in wheels},
        "snapshot": snapshot,
    }
    (dist / "build-info.json").write_text(json.dumps(info, indent=1))
    # smallest first: on a first visit the page and its Python worker are fetching the big ones meanwhile (sw.js)
    precache = sorted((f for f in files if not f.startswith(PRECACHE_SKIP)), key=lambda f: (dist / f).stat().st_size)
    precache = ["build-info.json", *precache]
    render(WEB / "sw.js", dist / "sw.js", {"VERSION": version, "PRECACHE": json.dumps(["./", *precache])})
    return info


# --------------------------------------------------------------------------- static first frames

# The host requests (web/py/*_host.py; names of protocol.R) that start a lesson or a puzzle, and how each lists its items.
LEARN_KINDS = {
    "lesson": {"module": "lessons_host", "list": "LESSON_LIST", "key": "lessons", "start": "LESSON_START"},
    "puzzle": {"module": "puzzles_host", "list": "PUZZLE_LIST", "key": "puzzles", "start": "PUZZLE_START"},
}
LEARN_LANGS = ("en", "ja")


def learn_frames(out: Path) -> dict:
    """Write the static first frame of every lesson and puzzle: ``out/<kind>-<id>.json`` and ``out/index.json``.

    The embed page (web/js/embed.js) draws a frame from these files at once, before (and without) Python: the
    engine runs here, in CPython, through the same host requests the page uses (``R.LESSON_START`` /
    ``R.PUZZLE_START`` in each language), and the file keeps the state plus the catalogue entries of the cards it
    shows. ``out/cards.json`` is the whole card catalogue, which a replay's still frame draws from. A kind
    whose host module is not in web/py yet is left out of the index.
    """
    out.mkdir(parents=True, exist_ok=True)
    index: dict = {"lessons": [], "puzzles": []}
    hosts = _learn_hosts()
    for kind, spec in LEARN_KINDS.items():
        if spec["module"] not in hosts:
            log(f"no web/py/{spec['module']}.py: no static {kind} frames")
            continue
        names = _protocol().R
        items = _host_call(hosts, names[spec["list"]], {})[spec["key"]]
        for item in items:
            states = {lang: _host_call(hosts, names[spec["start"]], {"id": item["id"], "lang": lang})
                      for lang in LEARN_LANGS}
            frame = {"kind": kind, "id": item["id"], "meta": item, "states": states,
                     "catalog": _frame_catalog(hosts["playmat_host"], states.values())}
            (out / f"{kind}-{item['id']}.json").write_text(json.dumps(frame, ensure_ascii=False, sort_keys=True))
            index[spec["key"]].append(item)
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    # the whole catalogue, for a replay embed's still frame (its cards are any of them, named by number)
    catalog = hosts["playmat_host"].Host().catalog()
    (out / "cards.json").write_text(json.dumps(catalog, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
    log(f"static first frames: {len(index['lessons'])} lessons, {len(index['puzzles'])} puzzles")
    return index


def _learn_hosts() -> dict:
    """The host modules of web/py, imported from this repository (engine and cards from ROOT)."""
    for path in (str(WEB / "py"), str(ROOT)):
        if path not in sys.path:
            sys.path.insert(0, path)
    hosts = {"playmat_host": importlib.import_module("playmat_host")}
    for spec in LEARN_KINDS.values():
        if (WEB / "py" / f"{spec['module']}.py").exists():
            hosts[spec["module"]] = importlib.import_module(spec["module"])
    return hosts


def _host_call(hosts: dict, method: str, argument: object) -> dict:
    """One request to a fresh host, as the page would send it; a failure stops the build with its message."""
    playmat = hosts["playmat_host"]
    if method.endswith(".start"):
        playmat.HOST = playmat.Host()
    answer = json.loads(playmat.call(method, json.dumps(argument)))
    if not answer["ok"]:
        raise SystemExit(f"static frame: {method} {argument}: {answer['error']}")
    return answer["result"]


def _frame_catalog(playmat: object, states: Iterable[dict]) -> dict:
    """The catalogue entries (web/py/playmat_host.card_info) of every card the states show."""
    from engine.model.carddb import CARDS

    if not CARDS:
        CARDS.load()
    numbers = set()
    for state in states:
        view = state["view"]
        for player in view["players"]:
            for zone in ("hand", "base", "graveyard", "exile", "resolution"):
                numbers.update(card["number"] for card in player.get(zone) or [])
        numbers.update(card["number"] for card in (view.get("decision") or {}).get("cards", []))
    catalog = {}
    for number in sorted(numbers):
        try:
            catalog[number] = playmat.card_info(CARDS[number])   # parallel printings resolve to their card
        except KeyError:
            continue   # a card the catalogue lacks is drawn from the view's own facts
    return catalog


# --------------------------------------------------------------------------- serving


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the app needs and no request logging."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        # Revalidate on every load, as a static host would with ETags; the service worker caches.
        self.send_header("Cache-Control", "no-cache")
        page = self.path.split("?", 1)[0].split("#", 1)[0]
        if page.endswith((".html", "/")):
            # The policy as a header too (docs/web.md): only a header can say who may frame a page.
            embed = page.rsplit("/", 1)[-1] in EMBED_PAGES
            self.send_header("Content-Security-Policy", CSP_EMBED_HEADER if embed else CSP_HEADER)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    """A threading server that does not print tracebacks when a browser drops a connection."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        exc = sys.exc_info()[1]
        if not isinstance(exc, (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1") -> QuietServer:
    """A threading static server for ``directory``; port 0 picks a free port."""
    handler = functools.partial(StaticHandler, directory=str(directory))
    return QuietServer((host, port), handler)


def serve_in_thread(directory: Path = DIST, port: int = 0) -> tuple[QuietServer, str]:
    """Start a server in a daemon thread; returns it and its base URL (ending in '/')."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True, name="dist-server").start()
    host, bound_port = server.server_address[:2]
    return server, f"http://{host}:{bound_port}/"


def port_taken_message(port: int, error: OSError) -> str:
    """One line saying the port cannot be used and how to pick another."""
    return (f"build.py serve: cannot listen on 127.0.0.1:{port} ({error.strerror or error}); "
            f"choose another port with --port N (--port 0 picks a free one)")


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 to 65535."""
    port = int(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a port (0 to 65535)")
    return port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=port_number, default=8000, help="port for 'serve' (0: any free port)")
    parser.add_argument("--no-build", action="store_true", help="serve the existing dist/ as it is")
    args = parser.parse_args(argv)
    server = None
    if args.command == "serve":
        # Take the port before building, so a port in use fails at once instead of after the build.
        try:
            server = make_server(DIST, args.port)
        except OSError as error:
            print(port_taken_message(args.port, error), file=sys.stderr)
            return 1
    if not (args.command == "serve" and args.no_build):
        build()
    if server is not None:
        host, port = server.server_address[:2]
        print(f"Serving {DIST} at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
