"""Storage that never loses a game: damaged entries beside good ones, a full or failing storage, the same game
in two tabs, a reload in the middle of a write, another page upgrading the database, an "Export all" imported
back, and hostile URL parameters with a game saved."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from playmat_page import STEP_TIMEOUT_MS, open_app, start_from_screen, state
from playwright.sync_api import Page, expect
from test_saves import play_moves, saved_count, settle

pytestmark = pytest.mark.browser

READ_ALL = """store => new Promise((ok, fail) => { const r = indexedDB.open('pwtcg');
    r.onsuccess = () => { const q = r.result.transaction(store).objectStore(store).getAll();
      q.onsuccess = () => { r.result.close(); ok(q.result); }; q.onerror = fail; }; r.onerror = fail; })"""

PUT_RAW = """([store, entry]) => new Promise((ok, fail) => { const r = indexedDB.open('pwtcg');
    r.onsuccess = () => { const tx = r.result.transaction(store, 'readwrite'); tx.objectStore(store).put(entry);
      tx.oncomplete = () => { r.result.close(); ok(true); }; tx.onerror = fail; }; r.onerror = fail; })"""

# Writes fail on demand: window.__quotaFull makes put throw QuotaExceededError, window.__abortWrites aborts the
# transaction after the put, window.__slowPut keeps the transaction busy for 4 s before the put is made.
FAULTS = """
const realPut = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (window.__quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  if (window.__abortWrites) { const request = realPut.apply(this, args); this.transaction.abort(); return request; }
  if (!window.__slowPut) return realPut.apply(this, args);
  const store = this;
  const until = Date.now() + 4000;
  const stand = { onsuccess: null, onerror: null, result: undefined };
  window.__putPending = true;
  const spin = () => {
    if (Date.now() < until) { store.get('__none__').onsuccess = spin; return; }
    const real = realPut.apply(store, args);
    real.onsuccess = (event) => { stand.result = real.result; stand.onsuccess?.(event); };
  };
  spin();
  return stand;
};
"""


def stored(page: Page, store: str = "saves") -> list[dict]:
    return page.evaluate(READ_ALL, store)


def only_save(page: Page) -> dict:
    saves = stored(page)
    assert len(saves) == 1, saves
    return saves[0]


def errors_of(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def resume_latest(page: Page) -> dict:
    page.click("#continue-game")
    expect(page.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
    return state(page)


def test_a_damaged_entry_is_listed_as_damaged_and_hides_no_other_game(page: Page, tmp_path) -> None:
    errors = errors_of(page)
    open_app(page)
    start_from_screen(page, seed=21, first="0")
    play_moves(page, 2)
    settle(page)
    good = only_save(page)
    before = state(page)
    no_date = {k: v for k, v in good.items() if k != "updated"} | {"id": "gnodate"}
    page.evaluate(PUT_RAW, ["saves", no_date])
    page.evaluate(PUT_RAW, ["saves", {**good, "id": "gjunk", "updated": "2999-01-01T00:00:00Z", "summary": "junk"}])
    page.evaluate(PUT_RAW, ["saves", {"id": 42}])
    page.evaluate(PUT_RAW, ["replays", {"id": "rbad", "updated": good["updated"], "summary": None, "save": 3}])
    page.reload()
    open_app(page)
    expect(page.locator("#continue-game")).to_be_visible()
    page.goto(page.url.split("#")[0] + "#saves")
    expect(page.locator("#save-list .save-row")).to_have_count(1)
    expect(page.locator("#damaged-saves .damaged")).to_have_count(3)
    expect(page.locator("#damaged-replays .damaged")).to_have_count(1)
    expect(page.locator("#damaged-saves")).to_contain_text("Damaged entry")
    # a damaged entry can be exported as it is stored
    with page.expect_download() as download:
        page.locator("#damaged-saves .damaged[data-key=gnodate] .export").click()
    path = tmp_path / "damaged.json"
    download.value.save_as(path)
    item = json.loads(path.read_text())["items"][0]
    assert item["id"] == "gnodate" and item["store"] == "saves" and item["save"] == good["save"]
    # ... and deleted, the others staying
    page.once("dialog", lambda d: d.accept())
    page.locator("#damaged-saves .damaged[data-key='42'] .delete").click()
    expect(page.locator("#damaged-saves .damaged")).to_have_count(2)
    page.once("dialog", lambda d: d.accept())
    page.locator("#damaged-replays .damaged .delete").click()
    expect(page.locator("#damaged-replays")).to_have_count(0)
    expect(page.locator("#save-list .save-row")).to_have_count(1)
    assert saved_count(page) == 3 and saved_count(page, "replays") == 0
    # a damaged replay opened by its address says so
    page.evaluate(PUT_RAW, ["replays", {"id": "rbad2", "updated": good["updated"], "summary": None, "save": 3}])
    page.goto(page.url.split("#")[0] + "#replay/rbad2")
    expect(page.locator("#replay-error")).to_contain_text("damaged")
    page.click("#lang-toggle")
    page.goto(page.url.split("#")[0] + "#saves")
    expect(page.locator("#damaged-saves")).to_contain_text("壊れたデータ")
    # Continue offers the newest good save (the damaged one dated 2999 is not it) and resumes it exactly
    page.goto(page.url.split("#")[0] + "#play")
    after = resume_latest(page)
    assert after["view"]["players"] == before["view"]["players"] and after["choices"] == before["choices"]
    assert errors == []


def test_a_full_or_failing_storage_keeps_the_last_good_copy_and_says_so(page: Page) -> None:
    page.add_init_script(FAULTS)
    page.on("dialog", lambda d: d.accept())
    open_app(page)
    start_from_screen(page, seed=22, first="0")
    settle(page)
    good = only_save(page)
    before = state(page)
    page.evaluate("window.__quotaFull = true")
    play_moves(page, 2)
    expect(page.locator("#save-status")).to_contain_text("could not be saved (the browser's storage is full)")
    assert state(page)["choices"] > before["choices"]      # the game went on
    settle(page)
    assert only_save(page) == good                         # the previous good copy is untouched
    page.evaluate("window.__quotaFull = false; window.__abortWrites = true")
    play_moves(page, 1)
    expect(page.locator("#save-status")).to_contain_text("the write was interrupted")
    settle(page)
    assert only_save(page) == good
    page.click("#lang-toggle")
    play_moves(page, 1)
    expect(page.locator("#save-status")).to_contain_text("書き込みが中断されました")
    settle(page)
    assert only_save(page) == good
    # after a reload the last good copy is the one Continue resumes
    page.reload()
    open_app(page)
    after = resume_latest(page)
    assert after["choices"] == before["choices"] and after["view"]["players"] == before["view"]["players"]


def test_a_game_open_in_two_tabs_is_written_by_one_at_a_time(page: Page) -> None:
    first = page
    open_app(first)
    start_from_screen(first, seed=23, first="0")
    play_moves(first, 1)
    settle(first)
    second = first.context.new_page()
    errors = [errors_of(first), errors_of(second)]
    open_app(second)
    second.click("#continue-game")
    expect(second.locator("#tab-notice")).to_contain_text("This game is open in another tab")
    expect(second.locator("#game-screen")).to_be_hidden()
    # the first tab plays on and keeps saving
    play_moves(first, 1)
    settle(first)
    mine = state(first)
    assert only_save(first)["summary"]["decisions"] == mine["choices"]
    # the second tab takes over: it resumes the latest position; the first stops writing and says so
    second.click("#take-over")
    expect(second.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    second.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
    assert state(second)["choices"] == mine["choices"]
    assert state(second)["view"]["players"] == mine["view"]["players"]
    expect(first.locator("#tab-notice")).to_contain_text("now open in another tab")
    assert first.evaluate("document.getElementById('game-screen').inert")
    expect(second.locator("#tab-notice")).to_be_hidden()
    play_moves(second, 1)     # one decision: the damage checks play by themselves, and the game must go on
    settle(second)
    theirs = state(second)
    assert not theirs["view"]["outcome"]
    assert theirs["choices"] > mine["choices"]
    first.wait_for_timeout(500)
    assert only_save(second)["summary"]["decisions"] == theirs["choices"]
    # and the first tab takes it back from where the second left it
    first.click("#take-over")
    first.wait_for_function("n => window.pwtcg.state() && window.pwtcg.state().choices === n", arg=theirs["choices"],
                            timeout=STEP_TIMEOUT_MS)
    assert state(first)["view"]["players"] == theirs["view"]["players"]
    expect(second.locator("#tab-notice")).to_contain_text("now open in another tab")
    play_moves(first, 1)
    settle(first)
    assert only_save(first)["summary"]["decisions"] == state(first)["choices"]
    assert saved_count(first) == 1
    assert errors == [[], []]


def test_a_reload_in_the_middle_of_a_write_keeps_a_whole_copy(page: Page) -> None:
    page.add_init_script(FAULTS)
    open_app(page)
    start_from_screen(page, seed=24, first="0")
    play_moves(page, 1)
    settle(page)
    good = only_save(page)
    before = state(page)
    page.evaluate("window.__slowPut = true")
    play_moves(page, 1)
    page.wait_for_function("window.__putPending === true", timeout=STEP_TIMEOUT_MS)
    page.reload()                                        # the write's transaction is still open
    open_app(page)
    assert only_save(page) == good                       # the previous good copy, whole
    after = resume_latest(page)
    assert after["choices"] == before["choices"] and after["view"]["players"] == before["view"]["players"]


def test_another_page_upgrading_the_database_closes_this_one_cleanly(page: Page) -> None:
    page.on("dialog", lambda d: d.accept())
    open_app(page)
    start_from_screen(page, seed=25, first="0")
    play_moves(page, 1)
    settle(page)
    before = state(page)
    other = page.context.new_page()
    other.goto(page.url.split("#")[0].split("?")[0] + "build-info.json")   # same origin, not the app
    outcome = other.evaluate("""() => new Promise((ok) => {
        const r = indexedDB.open('pwtcg', 2);
        r.onupgradeneeded = () => r.result.createObjectStore('extra');
        r.onsuccess = () => { window.__db = r.result; ok('opened'); };
        r.onblocked = () => ok('blocked');
        r.onerror = () => ok('error');
        setTimeout(() => ok('hung'), 10000); })""")
    assert outcome == "opened"
    expect(page.locator("#storage-banner")).to_contain_text("upgraded by another tab")
    expect(page.locator("#storage-reload")).to_be_visible()
    # the page is not hung: the game goes on, and a write says why it cannot be made
    play_moves(page, 1)
    expect(page.locator("#save-status")).to_contain_text("reload this page")
    other.evaluate("window.__db.close()")
    with page.expect_navigation(timeout=STEP_TIMEOUT_MS):
        page.click("#storage-reload")
    page.wait_for_function("document.body.dataset.ready", timeout=90_000)
    after = resume_latest(page)                          # the database at version 2 still holds the game
    assert after["choices"] == before["choices"] and after["view"]["players"] == before["view"]["players"]
    play_moves(page, 1)
    settle(page)
    assert only_save(page)["summary"]["decisions"] == state(page)["choices"]


def test_importing_an_export_all_back_skips_what_is_already_saved(page: Page, tmp_path) -> None:
    open_app(page)
    start_from_screen(page, seed=26, first="0")
    settle(page)
    page.goto(page.url.split("#")[0] + "#saves")
    with page.expect_download() as download:
        page.click("#export-all")
    path = tmp_path / "all.json"
    download.value.save_as(path)
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#saves-status")).to_have_text("Skipped 1 already saved.")
    assert saved_count(page) == 1
    assert "null" not in page.inner_text("#saves-screen")   # no damaged list, and nothing in its place
    # the same record under another id (a file from an import that gave new ids) is skipped as well
    data = json.loads(path.read_text())
    item = data["items"][0]
    other = tmp_path / "other.json"
    other.write_text(json.dumps({**data, "items": [{**item, "id": "gother"}]}))
    page.set_input_files("#import-file", str(other))
    expect(page.locator("#saves-status")).to_have_text("Skipped 1 already saved.")
    # a file holding one record twice brings it once
    twice = tmp_path / "twice.json"
    twice.write_text(json.dumps({**data, "items": [item, {**item, "id": "gtwice"}]}))
    # a fresh page first: the game on the playmat is written once more as the page goes, so the store is
    # emptied only after that, with no game left to save
    page.goto(page.url.split("#")[0] + "#saves")
    page.reload()
    page.wait_for_selector("#import-file", state="attached")
    # the saves screen is drawn before Python has loaded; an import is read by the engine
    page.wait_for_function("document.body.dataset.ready", timeout=90_000)
    page.evaluate("""() => new Promise((ok) => { const r = indexedDB.open('pwtcg');
        r.onsuccess = () => { const tx = r.result.transaction('saves', 'readwrite'); tx.objectStore('saves').clear();
          tx.oncomplete = () => { r.result.close(); ok(); }; }; })""")
    page.goto(page.url.split("#")[0] + "#play")
    page.goto(page.url.split("#")[0] + "#saves")
    page.wait_for_selector("#import-file", state="attached")
    page.set_input_files("#import-file", str(twice))
    expect(page.locator("#saves-status")).to_have_text("Imported 1 item. Skipped 1 already saved.")
    assert [e["id"] for e in stored(page)] == [item["id"]]
    # into another browser's storage it comes once, then is skipped
    page.evaluate("""() => new Promise((ok) => { const r = indexedDB.open('pwtcg');
        r.onsuccess = () => { const tx = r.result.transaction('saves', 'readwrite'); tx.objectStore('saves').clear();
          tx.oncomplete = () => { r.result.close(); ok(); }; }; })""")
    page.goto(page.url.split("#")[0] + "#play")
    page.goto(page.url.split("#")[0] + "#saves")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#saves-status")).to_have_text("Imported 1 item.")
    page.set_input_files("#import-file", str(path))
    expect(page.locator("#saves-status")).to_have_text("Skipped 1 already saved.")
    assert saved_count(page) == 1


PWNED = "window.__pwned=1"
HOSTILE_URLS = [
    "?speed=0&lang=__proto__",
    "?speed=0&lang=constructor&anim=__proto__",
    "?speed=constructor&anim=constructor&lang=" + quote(f"<script>{PWNED}</script>"),
    "?speed=0&lang=" + "x" * 20_000,
    "?speed=0&unknown=1&__proto__[x]=1&constructor.prototype.x=1&nosw=" + quote("<b>"),
    "?speed=0#replay/../../x",
    "?speed=0#replay/" + quote("../../x", safe=""),
    "?speed=0#card/" + quote(f"<img src=x onerror={PWNED}>"),
    "?speed=0#card/" + f"<img src=x onerror={PWNED}>",
    "?speed=0#watch/" + quote(f"<svg onload={PWNED}>"),
    "?speed=0#saves/" + quote("<b>junk</b>") + "/__proto__",
    "?speed=0#__proto__",
    "?speed=0#constructor/prototype",
    "?speed=0#replay/" + "y" * 20_000,
]


def test_hostile_url_parameters_change_nothing_stored(page: Page) -> None:
    errors = errors_of(page)
    open_app(page)
    start_from_screen(page, seed=27, first="0")
    settle(page)
    saves = stored(page)
    local = page.evaluate("JSON.stringify(localStorage)")
    base = page.url.split("#")[0].split("?")[0]
    for url in HOSTILE_URLS:
        page.goto("about:blank")
        page.goto(base + url)
        page.wait_for_function("document.body.dataset.ready", timeout=90_000)
        assert page.evaluate("document.body.dataset.ready") == "1", url
        page.wait_for_timeout(300)
        assert page.evaluate("window.__pwned") is None, url
        assert page.evaluate("document.querySelectorAll('[onerror], [onload]').length") == 0
        assert page.evaluate("Object.prototype.x === undefined && ({}).constructor === Object")
        assert page.evaluate("document.documentElement.lang") in ("en", "ja"), url
        assert stored(page) == saves, url
        assert saved_count(page, "replays") == 0, url
        assert page.evaluate("JSON.stringify(localStorage)") == local, url
    assert errors == []


# The first open of the database is reported blocked (as when an older tab keeps it open at a lower version):
# the real open goes on and succeeds afterwards, as it does once that tab lets go.
BLOCKED_ONCE = """
const realOpen = IDBFactory.prototype.open;
let blockedOnce = false;
IDBFactory.prototype.open = function (...args) {
  const request = realOpen.apply(this, args);
  if (!blockedOnce && args[0] === 'pwtcg') {
    blockedOnce = true;
    queueMicrotask(() => request.onblocked?.(new Event('blocked')));
  }
  return request;
};
"""


def test_a_blocked_database_is_said_and_the_next_write_opens_it(page: Page) -> None:
    page.add_init_script(BLOCKED_ONCE)
    errors = errors_of(page)
    open_app(page)
    expect(page.locator("#storage-blocked")).to_contain_text("keeps the saved games open")
    start_from_screen(page, seed=28, first="0")      # the page is not hung: a game starts and is saved
    settle(page)
    expect(page.locator("#storage-blocked")).to_be_hidden()
    assert only_save(page)["summary"]["decisions"] == state(page)["choices"]
    assert errors == []


JUNK_LOCAL = {
    "pwtcg.learn": json.dumps({"lessons": "junk", "puzzles": [1, 2]}),
    "pwtcg.settings": json.dumps({"theme": {"x": 1}, "animation": "__proto__"}),
    "pwtcg.decks.v1": "{not json",
    "pwtcg.lang": "__proto__",
}


def test_junk_in_local_storage_throws_nothing_on_any_screen(page: Page) -> None:
    errors = errors_of(page)
    open_app(page)
    page.evaluate("junk => { for (const [k, v] of Object.entries(junk)) localStorage.setItem(k, v); }", JUNK_LOCAL)
    page.evaluate(PUT_RAW, ["saves", {"id": "gjunk", "summary": {"mode": "computer"}}])
    page.reload()
    open_app(page)
    expect(page.locator("#start-form")).to_be_visible()
    assert page.evaluate("document.documentElement.lang") in ("en", "ja")
    for route, ready in (("#learn", "#learn-screen .lesson-item"), ("#puzzles", "#puzzles-screen li"),
                         ("#decks", "#decks-screen h2"), ("#saves", "#damaged-saves .damaged")):
        page.goto(page.url.split("#")[0] + route)
        expect(page.locator(ready).first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert errors == []
