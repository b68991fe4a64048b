"""Saves, replays and links in the browser: continue after reload, no game lost silently, the saved-games
list (rename, delete, export/import into a fresh context), the replay viewer, play from here, shared links
opened in a fresh context, hostile links, and a failed storage write reported while the game goes on."""

from __future__ import annotations

import json

import pytest
from playmat_page import (
    STEP_TIMEOUT_MS,
    axe_violations,
    continue_damage,
    from_snapshot,
    open_app,
    start_from_screen,
    state,
    wait_for_human_turn,
)
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def play_moves(page: Page, moves: int) -> None:
    """Take the human's last option ``moves`` times (the computer answers in between)."""
    for _ in range(moves):
        page.wait_for_function("""() => !document.getElementById('damage-overlay').hidden
            || document.querySelector('#options button.option') !== null
            || !document.getElementById('gameover').hidden""", timeout=STEP_TIMEOUT_MS)
        if page.is_visible("#damage-overlay"):
            page.click("#damage-continue")
            continue
        if page.is_visible("#gameover"):
            return
        before = page.evaluate("window.pwtcg.updates()")
        page.locator("#options button.option").last.click()
        page.wait_for_function("n => window.pwtcg.updates() > n", arg=before, timeout=STEP_TIMEOUT_MS)


def saved_count(page: Page, store: str = "saves") -> int:
    return page.evaluate("""store => new Promise((ok, fail) => { const r = indexedDB.open('pwtcg', 1);
        r.onsuccess = () => { const q = r.result.transaction(store).objectStore(store).count();
          q.onsuccess = () => ok(q.result); q.onerror = fail; }; r.onerror = fail; })""", store)


def settle(page: Page) -> None:
    """Wait until the human decides again (the computer's answer and its damage checks closed), then until the
    page wrote the game of its latest state."""
    while (turn := wait_for_human_turn(page)) == "damage":
        continue_damage(page)
    assert turn in ("decision", "over"), turn
    page.wait_for_timeout(300)


def test_continue_after_reload_exactly_where_it_was(page: Page) -> None:
    open_app(page)
    start_from_screen(page, seed=11, first="0")
    play_moves(page, 4)     # four decisions of yours (the damage checks play by themselves): the game goes on
    settle(page)
    before = state(page)
    assert not before["view"]["outcome"]
    page.reload()
    open_app(page)
    page.click("#continue-game")
    expect(page.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    page.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
    after = state(page)
    assert after["view"]["players"] == before["view"]["players"]
    assert after["choices"] == before["choices"] and after["can_undo"] == before["can_undo"]


def test_saved_list_rename_delete_and_new_game_keeps_the_game(page: Page) -> None:
    open_app(page)
    start_from_screen(page, seed=12)
    play_moves(page, 2)
    settle(page)
    page.click("#new-game")                      # the game stays in Saved games (no confirmation needed)
    expect(page.locator("#continue-game")).to_be_visible()
    page.goto(page.url.split("#")[0] + "#saves")
    expect(page.locator("#save-list .save-row")).to_have_count(1)
    page.once("dialog", lambda d: d.accept("My best game"))
    page.click("#save-list .rename")
    expect(page.locator("#save-list .save-name")).to_have_text("My best game")
    page.screenshot(path="docs/screenshots/saved-games.png")
    page.once("dialog", lambda d: d.dismiss())   # "delete?" — no: nothing changes
    page.click("#save-list .delete")
    expect(page.locator("#save-list .save-row")).to_have_count(1)
    page.once("dialog", lambda d: d.accept())
    page.click("#save-list .delete")
    expect(page.locator("#save-list")).to_have_count(0)
    assert saved_count(page) == 0


def test_export_then_import_in_a_fresh_context(page: Page, browser: Browser, base_url: str, tmp_path) -> None:
    open_app(page)
    start_from_screen(page, seed=13)
    play_moves(page, 3)
    settle(page)
    before = state(page)
    page.goto(page.url.split("#")[0] + "#saves")
    with page.expect_download() as download:
        page.click("#export-all")
    path = tmp_path / "export.json"
    download.value.save_as(path)
    data = json.loads(path.read_text())
    assert data["kind"] == "pwtcg-export" and len(data["items"]) == 1
    fresh = from_snapshot(browser.new_context(base_url=base_url))
    other = fresh.new_page()
    open_app(other, "/", "speed=0#saves")
    other.set_input_files("#import-file", str(path))
    expect(other.locator("#saves-status")).to_contain_text("Imported 1")
    other.click("#save-list .resume")
    other.wait_for_function("window.pwtcg.state() && window.pwtcg.state().decision", timeout=STEP_TIMEOUT_MS)
    assert state(other)["view"]["players"] == before["view"]["players"]
    # an edited export is refused and writes nothing
    data["items"][0]["save"]["mode"] = "hotseat"
    path.write_text(json.dumps(data))
    other.goto(other.url.split("#")[0] + "#saves")
    other.set_input_files("#import-file", str(path))
    expect(other.locator("#saves-status")).to_contain_text("damaged or was edited")
    assert saved_count(other) == 1
    fresh.close()


def finished_record(page: Page) -> dict:
    """A whole computer-vs-computer game made by the engine in the page's worker (hot-seat replay)."""
    return page.evaluate("""async () => {
        const r = await window.pwtcg.call('replays.open', {code: window.__code});
        return r; }""")


def test_viewer_steps_jumps_and_plays_from_here_and_links_replay_in_a_fresh_context(
        page: Page, browser: Browser, base_url: str) -> None:
    import cards
    from engine import Game, links, view
    from engine.clients.ai import best_bot
    from engine.deck import parse_code
    from engine.replay import state_hash  # noqa: F401  (the final state is compared through the view)

    decks = cards.decks()
    game = Game.new(parse_code(decks["etd01-red-blue"]["code"]), parse_code(decks["etd02-green-purple"]["code"]), 5)
    bots = [best_bot(5), best_bot(6)]
    while game.decision is not None:
        game.apply(bots[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
    code = links.encode(game)
    final_life = ",".join(str(p.life) for p in game.state.players)
    # a fresh context opens the link: the viewer shows the same final state, and the replay is kept
    context = from_snapshot(browser.new_context(base_url=base_url))
    viewer = context.new_page()
    open_app(viewer, "/", f"speed=0#watch/{code}")
    expect(viewer.locator("#replay-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    viewer.wait_for_function("document.getElementById('replay-screen').dataset.n", timeout=STEP_TIMEOUT_MS)
    screen = viewer.locator("#replay-screen")
    assert screen.get_attribute("data-n") == str(len(game.choices))
    assert screen.get_attribute("data-life") == final_life
    assert screen.get_attribute("data-outcome") == str(game.outcome.winner)
    assert saved_count(viewer, "replays") == 1
    viewer.screenshot(path="docs/screenshots/replay-viewer.png")
    # back and forth by decision, by turn, and a jump to a turn
    viewer.click("#rp-prev")
    expect(screen).to_have_attribute("data-n", str(len(game.choices) - 1))
    viewer.click("#rp-next")
    expect(screen).to_have_attribute("data-n", str(len(game.choices)))
    viewer.select_option("#jump-turn", label="Turn 3")
    expect(screen).to_have_attribute("data-turn", "3")
    n3 = int(screen.get_attribute("data-n"))
    viewer.click("#rp-next-turn")
    expect(screen).to_have_attribute("data-turn", "4")
    viewer.click("#rp-prev-turn")
    expect(screen).to_have_attribute("data-n", str(n3))
    seek_ms = [int(screen.get_attribute("data-seek-ms"))]
    for target in (len(game.choices), 0, len(game.choices) // 2):
        viewer.locator("#rp-timeline").fill(str(target))
        expect(screen).to_have_attribute("data-n", str(target))
        seek_ms.append(int(screen.get_attribute("data-seek-ms")))
    print("seek ms in the browser:", seek_ms)
    # the share dialog of the replay gives the same link at the decision on screen, with a QR code
    viewer.click("#rp-share")
    expect(viewer.locator("#share-url")).to_have_value(
        f"{base_url}/#watch/{code}.a{len(game.choices) // 2}.h".replace("//#", "/#"))
    assert viewer.locator("#share-qr").evaluate("c => c.width") > 100
    viewer.screenshot(path="docs/screenshots/share-dialog.png")
    viewer.click("#share-close")
    # "play from here" against the computer offers the three levels; a link does not say the level: Normal
    expect(viewer.locator("#rp-level")).to_have_value("normal")
    assert viewer.locator("#rp-level option").count() == 3
    # play from here (hot-seat) at turn 3: a new game on the playmat; the replay stays as it was
    viewer.select_option("#jump-turn", label="Turn 3")
    expect(screen).to_have_attribute("data-turn", "3")
    viewer.click("#rp-from-hotseat")
    expect(viewer.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    viewer.wait_for_function("window.pwtcg.state() !== null", timeout=STEP_TIMEOUT_MS)
    assert state(viewer)["view"]["turn"] == 3 and state(viewer)["choices"] == n3
    assert saved_count(viewer, "replays") == 1
    context.close()


@pytest.mark.parametrize("code", ["gAAAA", "g<script>alert(1)</script>", "x" + "A" * 9000, "g" + "A" * 40])
def test_a_hostile_link_is_refused_and_touches_no_stored_game(page: Page, code: str) -> None:
    open_app(page)
    start_from_screen(page, seed=14)
    settle(page)
    saves = saved_count(page)
    page.goto(page.url.split("#")[0].split("?")[0] + "?speed=0#watch/" + code)
    page.wait_for_function("document.body.dataset.ready", timeout=90_000)
    expect(page.locator("#link-error")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert "cannot be played" in page.inner_text("#link-error")
    assert saved_count(page) == saves and saved_count(page, "replays") == 0
    assert page.evaluate("window.__pwned === undefined")


def test_a_failed_write_is_reported_and_the_game_goes_on(page: Page) -> None:
    page.add_init_script("""
        const realPut = IDBObjectStore.prototype.put;
        IDBObjectStore.prototype.put = function (...args) {
          if (window.__quotaFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return realPut.apply(this, args);
        };""")
    open_app(page)
    page.evaluate("window.__quotaFull = true")
    start_from_screen(page, seed=15)
    expect(page.locator("#save-status")).to_contain_text("could not be saved")
    play_moves(page, 2)
    assert state(page)["choices"] >= 2                    # the game went on
    dialogs = []
    page.once("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    settle(page)
    page.click("#new-game")
    assert dialogs and "will be lost" in dialogs[0]
    expect(page.locator("#game-screen")).to_be_visible()  # stayed in the game
    page.evaluate("window.__quotaFull = false")
    play_moves(page, 1)
    expect(page.locator("#save-status")).to_be_hidden()


def test_saves_list_and_replay_viewer_pass_an_accessibility_audit(page: Page) -> None:
    """axe-core finds no serious or critical WCAG 2 A/AA problem on the saved-games list and the viewer."""
    from engine import Game, links

    game = Game.new(*(random_game_decks()), seed=4)
    while game.decision is not None and len(game.choices) < 30:
        game.apply(game.decision.options[-1])
    open_app(page)
    start_from_screen(page, mode="computer", seed=2, first="0")
    page.wait_for_function("window.pwtcg.state() !== null", timeout=STEP_TIMEOUT_MS)
    settle(page)
    page.goto(page.url.split("#")[0] + "#saves")
    page.wait_for_selector("#saves-screen:not([hidden])", timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#saves-screen") == []
    page.goto(page.url.split("#")[0] + "#watch/" + links.encode(game))
    page.wait_for_function("document.getElementById('replay-screen')?.dataset.n", timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#replay-screen") == []


def random_game_decks() -> tuple[list[str], list[str]]:
    import random

    from engine.bench import random_deck

    rng = random.Random(4)
    return random_deck(rng), random_deck(rng)


def test_the_viewer_steps_event_by_event(page: Page) -> None:
    """Between two decisions the viewer steps through each narrated event, then on to the next decision."""
    import random

    from engine import Game, links
    from engine.bench import random_deck

    rng = random.Random(3)
    game = Game.new(random_deck(rng), random_deck(rng), seed=3)
    while game.decision is not None and len(game.choices) < 40:
        game.apply(game.decision.options[-1])
    open_app(page, "/", "speed=0#watch/" + links.encode(game))
    page.wait_for_function("document.getElementById('replay-screen')?.dataset.n", timeout=STEP_TIMEOUT_MS)
    screen = page.locator("#replay-screen")
    page.click("#rp-first")
    expect(screen).to_have_attribute("data-n", "0")
    page.click("#rp-next-event")
    expect(screen).to_have_attribute("data-event", "1")
    expect(page.locator("#rp-position")).to_contain_text("event 1 of")
    for _ in range(200):               # step until the viewer moves on to decision 1
        if screen.get_attribute("data-n") == "1":
            break
        before = (screen.get_attribute("data-n"), screen.get_attribute("data-event"))
        page.click("#rp-next-event")
        page.wait_for_function(f"(([n, e]) => {{ const s = document.getElementById('replay-screen');"
                               f" return s.dataset.n !== n || s.dataset.event !== e; }})({list(before)!r})")
    expect(screen).to_have_attribute("data-event", "")
    page.click("#rp-prev-event")
    expect(screen).to_have_attribute("data-n", "0")
    assert screen.get_attribute("data-event") != ""
