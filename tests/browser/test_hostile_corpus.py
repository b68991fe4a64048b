"""The hostile corpus (tests/hostile/corpus.py) through the page: every record, save and exported file through
Import of a file (records and saves inside an export, as the page exports them), every link through opening
``#watch/CODE``. A legal entry is stored; any other is refused with a message that says what was wrong, shown on
the page, and nothing is stored."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playmat_page import STEP_TIMEOUT_MS, open_app
from playwright.sync_api import Page

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hostile"))

from corpus import Entry, corpus  # noqa: E402

from engine.model.limits import MAX_EXPORT_CHARS, MAX_JSON_SIZE  # noqa: E402

pytestmark = pytest.mark.browser

FILES = [e for e in corpus() if e.kind in ("record", "save", "export")]
LINKS = [e for e in corpus() if e.kind == "link" and isinstance(e.data, str)]
TOO_LARGE = r"larger than \d+ MB"   # what the page says before reading a file the engine would refuse as too large


def stored(page: Page) -> int:
    """Entries in both stores of the page's IndexedDB."""
    return page.evaluate("""() => new Promise((ok, fail) => { const r = indexedDB.open('pwtcg', 1);
        r.onsuccess = () => { const t = r.result.transaction(['saves', 'replays']);
          let n = 0, left = 2;
          for (const s of ['saves', 'replays']) { const q = t.objectStore(s).count();
            q.onsuccess = () => { n += q.result; if (--left === 0) ok(n); }; q.onerror = fail; } };
        r.onerror = fail; })""")


def import_text(page: Page, path: Path, text: str) -> str:
    """Import a file holding ``text`` on the Saved games screen; the status line the page shows after it."""
    path.write_text(text, encoding="utf-8")
    page.evaluate("document.getElementById('saves-status').textContent = ''")
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("document.getElementById('saves-status')?.textContent", timeout=STEP_TIMEOUT_MS)
    return page.inner_text("#saves-status")


def check_refusal(message: str, prefix: str, entry: Entry, mentions: str) -> None:
    assert message.startswith(prefix), (entry.id, message)
    assert "\n" not in message and len(message) < 400, (entry.id, message)
    assert re.search(mentions, message, re.IGNORECASE), (entry.id, message, mentions)


def test_import_stores_legal_files_and_refuses_the_rest_clearly(page: Page, tmp_path: Path) -> None:
    assert len(FILES) >= 60
    open_app(page, "/", "speed=0#saves")
    page.wait_for_selector("#import-file", state="attached", timeout=STEP_TIMEOUT_MS)
    for i, entry in enumerate(FILES):
        text = entry.text()
        before = stored(page)
        message = import_text(page, tmp_path / f"{i}.json", text)
        if entry.accepted:
            # legal entries may hold a game an earlier one already stored: Import then skips it and says so
            said = re.fullmatch(r"(?:Imported (\d+) items?\.)? ?(?:Skipped (\d+) already saved\.)?", message)
            assert said and message, (entry.id, message)
            imported, skipped = (int(n) if n else 0 for n in said.groups())
            assert imported + skipped == entry.items(), (entry.id, message)
            assert stored(page) == before + imported, entry.id
            continue
        size = len(text.encode("utf-8"))
        # the page refuses a file over the export limit unread; the engine, an item over the limit of one game
        mentions = TOO_LARGE if size > MAX_EXPORT_CHARS else r"too large" if size > MAX_JSON_SIZE else entry.mentions
        check_refusal(message, "Not imported: ", entry, mentions)
        assert page.get_attribute("#saves-status", "class") == "error", entry.id
        assert stored(page) == before, f"{entry.id}: a refused import stored something"


def test_links_open_when_legal_and_are_refused_clearly_otherwise(page: Page) -> None:
    assert len(LINKS) >= 15
    open_app(page, "/", "speed=0#saves")
    for entry in LINKS:
        before = stored(page)
        page.evaluate("""code => { document.getElementById('link-error')?.remove();
            location.hash = '#watch/' + encodeURIComponent(code); }""", entry.data)
        page.wait_for_function("document.getElementById('link-error') || location.hash.startsWith('#replay/')",
                               timeout=STEP_TIMEOUT_MS)
        if entry.accepted:
            assert page.evaluate("location.hash").startswith("#replay/"), entry.id
            assert stored(page) == before + 1, entry.id
            page.evaluate("location.hash = '#saves'")
            continue
        check_refusal(page.inner_text("#link-error"), "This link cannot be played: ", entry, entry.mentions)
        assert stored(page) == before, f"{entry.id}: a refused link stored something"
        assert page.evaluate("window.__pwned === undefined")
