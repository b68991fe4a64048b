"""Fingerprints of the official card wording, so a test can prove generated text is not a copy of it.

The repository never holds the official sentences. ``tools/make_fixtures.py`` reads them from the reference
card list and stores, per card and language, the digest of every ``OVERLAP``-character window of the text as
printed (no normalisation: the windows are taken from the exact strings). A generated text shares a run of
``OVERLAP`` characters with the official one exactly when one of its own windows has a stored digest (up to a
digest collision, about 1 in 2**48 per pair of windows).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

OVERLAP = 40  # the longest run of characters generated text may share with the official wording
DIGEST_BYTES = 6
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "official_wording.json"


def digest(window: str) -> str:
    """The stored fingerprint of one window: BLAKE2b of its UTF-8 bytes, 6 bytes, as hex."""
    return hashlib.blake2b(window.encode("utf-8"), digest_size=DIGEST_BYTES).hexdigest()


def windows(text: str, size: int = OVERLAP) -> Iterable[str]:
    """Every run of ``size`` consecutive characters of ``text``, left to right."""
    return (text[i:i + size] for i in range(len(text) - size + 1))


def fingerprints(text: str, size: int = OVERLAP) -> set[str]:
    """The digests of every ``size``-character window of ``text``."""
    return {digest(w) for w in windows(text, size)}


def shared_run(generated: str, prints: set[str], size: int = OVERLAP) -> str | None:
    """The first ``size``-character run of ``generated`` whose digest is in ``prints``, or None."""
    for window in windows(generated, size):
        if digest(window) in prints:
            return window
    return None


def load(path: Path = FIXTURE) -> dict[str, dict[str, set[str]]]:
    """The stored fingerprints: language -> card number -> digests of the card's official text."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if (data["window"], data["digest_bytes"]) != (OVERLAP, DIGEST_BYTES):
        raise ValueError(f"{path}: made for other parameters; rerun python3 tools/make_fixtures.py")
    return {lang: {number: set(joined.split()) for number, joined in data[lang].items()} for lang in ("en", "ja")}
