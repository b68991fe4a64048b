"""The playmat as a player sees it (issue 11): readable card faces and the zoom in both languages, a computer
turn shown step by step with the last move highlighted, the log by turn with rule links, concede and what
follows the end, the phone layout, keyboard and modal dialogs, the settings panel and an accessibility audit."""

from __future__ import annotations

import re

import pytest
from playmat_page import (
    axe_violations,
    click_and_wait,
    click_option,
    continue_damage,
    from_snapshot,
    open_app,
    options,
    play_decisions,
    scenario_query,
    start_from_screen,
    state,
    use_step_mode,
    wait_for_human_turn,
)
from playwright.sync_api import Page, expect

from engine.model.carddb import CARDS

pytestmark = pytest.mark.browser

VANILLA = "ETD01-013"      # Jolthog Cryst: a Pal without abilities
FOXPARKS = "ETD01-004"     # Interrupt from hand (Quick): rules 5.18.1, 9.5 and 10.1.1.1 among others
STONE_PIT = "ETD01-008"    # structure with durability
TEAFANT = "EBP01-034"      # Serious (keyword badge)
LONG_NAME = "ETD01-019"    # Antique Wooden Chair: a long name that must wrap, never be cut

BOARD = {
    "turn": 5, "turn_player": 0, "phase": "main",
    "players": [
        {"hand": [FOXPARKS, LONG_NAME], "base": [VANILLA, {"card": VANILLA, "rested": True}, STONE_PIT],
         "souls": {"standing": 4}},
        {"hand": [VANILLA], "base": [{"card": TEAFANT, "damage": 100}], "souls": {"standing": 2}},
    ],
}


def catalog_entry(page: Page, number: str) -> dict:
    return page.evaluate("n => window.pwtcg.call('playmat.hello').then(h => h.catalog[n])", number)


def check_faces(page: Page, language: str) -> None:
    """Every card on the mat shows its cost, its whole name in `language` (not cut) and its power."""
    faces = page.locator("#playmat .card[data-id]").evaluate_all("""cards => cards.map(c => {
        const main = c.querySelector('.cf-main'), names = c.querySelector('.cf-names'), face = c.querySelector('.cardface');
        const r = names.getBoundingClientRect(), f = face.getBoundingClientRect();
        return {number: c.dataset.number, name: main.textContent, cost: c.querySelector('.cf-cost').textContent,
                power: c.querySelector('.cf-power')?.textContent ?? null,
                cut: main.scrollWidth > main.clientWidth + 1 || names.scrollHeight > names.clientHeight + 1
                     || r.bottom > f.bottom || r.right > f.right + 1,
                font: parseFloat(getComputedStyle(main).fontSize)};
    })""")
    assert len(faces) == 6   # both bases and the human's hand (the computer's hand is face down)
    for face in faces:
        entry = catalog_entry(page, face["number"])
        assert face["name"] == entry["name"][language], face
        assert not face["cut"], face
        assert face["cost"] == str(entry["cost"])
        if entry["power"] is not None:
            assert face["power"].endswith(str(entry["power"])), face
        assert face["font"] >= 10.5, face


@pytest.mark.parametrize("language", ["en", "ja"])
def test_cards_on_the_mat_are_readable_and_zoom_with_their_rules(page: Page, language: str) -> None:
    open_app(page, "/", scenario_query(BOARD, mode="computer") + f"&lang={language}")
    assert wait_for_human_turn(page) == "decision"
    check_faces(page, language)
    # the damage badge sits in the foot, not over the name; keywords and strike are on the face
    teafant = page.locator(f"#side-top .card[data-number='{TEAFANT}']")
    expect(teafant.locator(".card-damage")).to_have_text("−100")
    expect(teafant.locator(".cf-kw[data-keyword='serious']")).to_have_count(1)
    expect(page.locator(f"#side-bottom .base .card[data-number='{VANILLA}'] .card-strike").first).to_be_visible()
    # a rested card is upright (text not rotated), marked and still shows its name
    rested = page.locator("#side-bottom .card.rested")
    expect(rested).to_have_count(1)
    matrix = rested.evaluate("c => getComputedStyle(c).transform")
    numbers = [float(x) for x in re.findall(r"-?[\d.]+(?:e-?\d+)?", matrix)] if matrix != "none" else [1, 0, 0, 1]
    assert abs(numbers[1]) < 1e-6 and abs(numbers[2]) < 1e-6, matrix
    expect(rested.locator(".card-rested-tag")).to_be_visible()
    expect(rested.locator(".cf-main")).to_be_visible()
    # hand cards show their text without hovering
    fox = page.locator(f"#side-bottom .hand .card[data-number='{FOXPARKS}']")
    expect(fox.locator(".cf-text")).to_be_visible()
    # the zoom: Z on a focused card, the full generated text and its rule numbers as links
    entry = catalog_entry(page, FOXPARKS)
    fox.focus()
    page.keyboard.press("z")
    zoom = page.locator("#card-zoom")
    expect(zoom).to_be_visible()
    expect(zoom.locator(".zoom-text")).to_have_text(entry["text"][language])
    expect(zoom.locator(".zoom-rules a.rule-link[href='#rules/9.5']")).to_have_count(1)
    assert page.evaluate("document.activeElement.closest('#card-zoom') !== null")
    page.keyboard.press("Escape")
    expect(zoom).to_be_hidden()
    expect(fox).to_be_focused()


def test_a_long_press_opens_the_zoom_on_a_touch_screen(browser, base_url: str) -> None:
    context = from_snapshot(browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                                is_mobile=True, base_url=base_url))
    page = context.new_page()
    try:
        open_app(page, "/", scenario_query(BOARD, mode="computer"))
        assert wait_for_human_turn(page) == "decision"
        card = page.locator(f"#side-top .card[data-number='{TEAFANT}']")
        box = card.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        card.dispatch_event("pointerdown", {"pointerType": "touch", "clientX": x, "clientY": y, "bubbles": True})
        expect(page.locator("#card-zoom")).to_be_visible(timeout=3000)
        expect(page.locator("#card-zoom .zoom-rules a.rule-link").first).to_be_visible()
    finally:
        context.close()


def test_the_computer_turn_step_by_step_with_the_last_move_shown(page: Page) -> None:
    """Step mode: nothing happens until Next; each move is told in a toast and highlighted on the board."""
    page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'step', animation: 'off'}))")
    open_app(page, "/", "speed=1")
    start_from_screen(page, mode="computer", seed=5, first="1")
    next_button = page.locator("#computer-next")
    steps = 0
    toasts = []
    deployed = []
    for _ in range(200):
        page.wait_for_function("""() => !document.getElementById('computer-next').hidden
            || document.querySelector('#options button.option') || !document.getElementById('damage-overlay').hidden""")
        if page.is_visible("#damage-overlay"):
            continue_damage(page)
            continue
        if not next_button.is_visible():
            if deployed and steps >= 3:
                break
            choices = options(page)
            click_option(page, next((o for o in choices if o in ("keep", "end", "pass", "done")), choices[-1]))
            continue
        before = page.evaluate("window.pwtcg.updates()")
        page.wait_for_timeout(400)   # without Next the computer waits
        assert page.evaluate("window.pwtcg.updates()") == before
        expect(next_button).to_be_focused()
        page.keyboard.press("n")
        page.wait_for_function("n => window.pwtcg.updates() > n", arg=before)
        steps += 1
        if page.is_visible("#toast"):
            toasts.append(page.inner_text("#toast"))
        # a Pal the computer just deployed is highlighted on the board as the last move
        for event in page.evaluate("window.pwtcg.state().log"):
            if event["kind"] == "deploy" and event["data"]["player"] == 1:
                deployed.append(event["data"]["card"])
                expect(page.locator(f"#side-top .card.last-move[data-id='{event['data']['card']}']")).to_have_count(1)
    assert steps >= 3, steps
    assert deployed, toasts
    assert toasts and all(text.strip() and "Player" not in text for text in toasts), toasts
    assert any(text.startswith("Computer plays ") for text in toasts), toasts
    expect(page.locator("#announcer")).not_to_be_empty()


def test_the_toast_names_the_computer_and_its_card(page: Page) -> None:
    """The computer (seat 1) attacks: the toast says so with the board's names; the attacker is highlighted."""
    scenario = {"turn": 3, "turn_player": 1, "phase": "main",
                "players": [{"hand": [], "base": [], "souls": {"standing": 0}},
                            {"hand": [], "base": [VANILLA], "souls": {"standing": 2}}]}
    page.add_init_script("localStorage.setItem('pwtcg.settings', JSON.stringify({computer: 'step', animation: 'off'}))")
    open_app(page, "/", scenario_query(scenario, mode="computer").replace("speed=0", "speed=1"))
    entry = catalog_entry(page, VANILLA)
    name = entry["name"]["en"]
    full = f"{name} – {entry['subname']['en']}"
    for _ in range(10):
        expect(page.locator("#computer-next")).to_be_visible()
        before = page.evaluate("window.pwtcg.updates()")
        page.click("#computer-next")
        page.wait_for_function("n => window.pwtcg.updates() > n", arg=before)
        if page.is_visible("#toast") and "attacks" in page.inner_text("#toast"):
            break
    toast = page.inner_text("#toast")
    assert f"{full} attacks you" in toast, toast
    assert "Player" not in toast
    expect(page.locator(f"#side-top .card.last-move[data-number='{VANILLA}']")).to_have_count(1)


def test_the_log_groups_turns_names_the_sides_and_links_rules(page: Page) -> None:
    open_app(page)
    start_from_screen(page, mode="computer", seed=3, first="0")
    play_decisions(page, 40, lambda choices: next((c for c in choices if c.startswith(("keep", "play ", "attack "))
                                                     and " cost " not in c), choices[-1]))
    log = page.locator("#log")
    text = log.inner_text()
    assert "Player 1" not in text and "Player 2" not in text and "(s)" not in text
    expect(log.locator(".log-group .log-turn").filter(has_text="Turn 1 · You")).to_have_count(1)
    expect(log.locator(".log-group .log-turn").filter(has_text="Turn 2 · Computer")).to_have_count(1)
    expect(log.locator("a.rule-link[href='#rules/7.1']").first).to_be_visible()
    # every line keeps its whole number (3 digits too): nothing is clipped
    numbers = log.locator(".log-n").evaluate_all(
        "ns => ns.map(n => ({text: n.textContent, n: n.parentElement.dataset.n, cut: n.scrollWidth > n.clientWidth + 1}))")
    assert len(numbers) > 100
    assert all(n["text"] == n["n"] and not n["cut"] for n in numbers)
    assert any(len(n["text"]) == 3 for n in numbers)


def test_concede_ends_the_game_and_only_a_practice_rewind_plays_on(page: Page) -> None:
    open_app(page)
    start_from_screen(page, mode="computer", seed=11, first="0")
    assert wait_for_human_turn(page) == "decision"
    click_option(page, "keep")
    assert wait_for_human_turn(page) == "decision"
    page.click("#concede")
    dialog = page.locator("#concede-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#concede-no")).to_be_focused()
    page.keyboard.press("Escape")     # a cancelled concession changes nothing
    expect(dialog).to_be_hidden()
    assert state(page)["view"]["outcome"] is None
    page.click("#concede")
    click_and_wait(page, "#concede-yes")
    expect(page.locator("#gameover")).to_be_visible()
    assert state(page)["view"]["outcome"]["reason"] == "concede"
    expect(page.locator("#gameover-winner")).to_contain_text("Computer")
    expect(page.locator("#undo")).to_be_hidden()
    expect(page.locator("#concede")).to_be_hidden()
    expect(page.locator("#battle-info")).to_be_empty()
    page.keyboard.press("Escape")
    page.keyboard.press("u")          # no plain undo after the end
    page.wait_for_timeout(300)
    assert state(page)["view"]["outcome"] is not None
    # "rewind and play on" is offered as practice, from the game-over dialog
    page.evaluate("document.getElementById('gameover').hidden = false; document.getElementById('gameover').showModal()")
    expect(page.locator("#gameover-rewind")).to_be_visible()
    click_and_wait(page, "#gameover-rewind")
    assert state(page)["view"]["outcome"] is None
    expect(page.locator("#practice-badge")).to_be_visible()
    expect(page.locator("#options button.option").first).to_be_visible()


def test_the_battle_banner_leaves_with_the_game(page: Page) -> None:
    """A battle is on when the defender concedes: after the end no battle banner stays up."""
    scenario = {"turn": 3, "turn_player": 1, "phase": "main",
                "players": [{"hand": [FOXPARKS], "base": [VANILLA], "souls": {"standing": 2}},
                            {"hand": [], "base": [VANILLA], "souls": {"standing": 2}}]}
    open_app(page, "/", scenario_query(scenario, mode="computer"))
    for _ in range(20):
        assert wait_for_human_turn(page) == "decision"
        if state(page)["view"]["battle"]:
            break
        click_option(page, options(page)[-1])
    assert state(page)["view"]["battle"]
    name = catalog_entry(page, VANILLA)["name"]["en"]
    expect(page.locator("#battle-info")).to_contain_text(f"{name} attacks you")
    page.click("#concede")
    click_and_wait(page, "#concede-yes")
    expect(page.locator("#gameover")).to_be_visible()
    expect(page.locator("#battle-info")).to_be_empty()


def test_the_game_buttons_and_toasts_stay_on_the_playmat(page: Page) -> None:
    """Undo, Hint, Concede and the computer's toasts belong to the game: another screen never shows them, and
    they come back with the playmat."""
    open_app(page)
    start_from_screen(page, seed=5, first="1")
    assert wait_for_human_turn(page) == "decision"
    expect(page.locator("#concede")).to_be_visible()
    for screen in ("#learn", "#saves", "#cards", "#rules"):
        page.evaluate(f"location.hash = '{screen}'")
        page.wait_for_function("s => document.getElementById('app').dataset.state === s", arg=screen[1:])
        page.evaluate("document.getElementById('toast').hidden = false")   # as a late computer move would
        for button in ("#pause", "#undo", "#hint-button", "#concede", "#toast"):
            expect(page.locator(button)).to_be_hidden()
    page.evaluate("location.hash = '#play'")
    page.wait_for_function("document.getElementById('app').dataset.state === 'game'")
    expect(page.locator("#concede")).to_be_visible()


MANY = {  # a main phase with more than ten options
    "turn": 5, "turn_player": 0, "phase": "main",
    "players": [
        {"hand": [VANILLA, VANILLA, VANILLA, FOXPARKS], "base": [VANILLA, VANILLA, VANILLA], "souls": {"standing": 6}},
        {"hand": [VANILLA], "base": [VANILLA, VANILLA, STONE_PIT], "souls": {"standing": 2}},
    ],
}


def test_keyboard_end_key_focus_and_modal_dialogs(page: Page) -> None:
    open_app(page, "/", scenario_query(MANY, mode="computer"))
    assert wait_for_human_turn(page) == "decision"
    assert len(options(page)) >= 10
    # the focus is on the decision, and "End the main phase" has the fixed key E
    assert page.evaluate("document.activeElement.closest('#options') !== null")
    expect(page.locator("#options button.option[data-action='end'] kbd")).to_have_text("E")
    # the card menu is a real modal: Tab stays inside it
    page.locator("#side-bottom .hand .card").first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#card-menu")).to_be_visible()
    for _ in range(5):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#card-menu') !== null")
    page.keyboard.press("Escape")
    expect(page.locator("#card-menu")).to_be_hidden()
    before = page.evaluate("window.pwtcg.updates()")
    page.keyboard.press("e")
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=before)
    page.wait_for_function("() => { const v = window.pwtcg.state().view; return v.phase !== 'main' || v.turn_player !== 0; }")


def test_the_damage_check_is_a_modal_that_keeps_the_focus(page: Page) -> None:
    use_step_mode(page)
    scenario = {"turn": 3, "turn_player": 0, "phase": "main",
                "players": [{"hand": [], "base": [VANILLA], "souls": {"standing": 2}},
                            {"hand": [], "base": [], "souls": {"standing": 2}}]}
    open_app(page, "/", scenario_query(scenario, mode="computer"))
    assert wait_for_human_turn(page) == "decision"
    attack = next(o for o in options(page) if o.startswith("attack ") and o.endswith(" player"))
    click_option(page, attack)
    assert wait_for_human_turn(page) == "damage"
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.closest('#damage-overlay') !== null")
    # a card beneath cannot be clicked while the check is up (the page behind is inert)
    assert page.evaluate("document.querySelector('#playmat').closest('[inert]') !== null"
                         " || document.getElementById('damage-overlay').matches(':modal')")
    continue_damage(page)


def test_phone_portrait_and_landscape_layout(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    open_app(page, "/", scenario_query(MANY, mode="computer"))
    assert wait_for_human_turn(page) == "decision"
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    topbar = page.locator("#topbar").bounding_box()
    assert topbar["height"] < 100, topbar   # two rows: the links, then the buttons (all of them on the screen)
    assert page.evaluate("""() => [...document.querySelectorAll('#topbar a, #topbar button')]
        .filter(e => e.offsetParent !== null).every(e => e.getBoundingClientRect().right <= innerWidth)""")
    small = page.evaluate("""() => [...document.querySelectorAll('#topbar button, #topbar a, #options button, #sheet-toggle, #side-bottom .pile')]
        .filter(b => b.offsetParent !== null)
        .map(b => ({id: b.id || b.textContent.trim().slice(0, 20), w: b.getBoundingClientRect().width, h: b.getBoundingClientRect().height}))
        .filter(b => b.w < 44 || b.h < 44)""")
    assert small == [], small
    fonts = page.locator("#playmat .card .cf-main").evaluate_all("ns => ns.map(n => parseFloat(getComputedStyle(n).fontSize))")
    assert min(fonts) >= 11, fonts
    # the decision sheet never hides the card an option is about
    for action in [o for o in options(page) if o.startswith(("play ", "attack "))][:6]:
        card_id = action.split()[1]
        page.locator(f"#options button.option[data-action='{action}']").focus()
        card = page.locator(f"#playmat .card[data-id='{card_id}']").bounding_box()
        sheet = page.locator("#decision").bounding_box()
        bar = page.locator("#topbar").bounding_box()
        assert card["y"] + card["height"] <= sheet["y"] + 1, (action, card, sheet)
        assert card["y"] >= bar["y"] + bar["height"] - 1, (action, card, bar)
    # landscape: the decision is beside the mat, your base is not under it
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_timeout(100)
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
    sheet = page.locator("#decision").bounding_box()
    mat = page.locator("#playmat").bounding_box()
    assert mat["x"] + mat["width"] <= sheet["x"] + 1, (mat, sheet)


def test_settings_are_kept_and_change_the_page(page: Page) -> None:
    open_app(page)
    page.click("#settings-open")
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    page.select_option("#setting-theme", "light")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    page.select_option("#setting-computer", "step")
    page.select_option("#setting-sound", "on")
    page.select_option("#setting-log", "key")
    page.select_option("#setting-lang", "ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#settings-title")).to_have_text("設定")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    page.reload()
    page.wait_for_function("document.body.dataset.ready")
    stored = page.evaluate("JSON.parse(localStorage.getItem('pwtcg.settings'))")
    assert stored == {"animation": "normal", "computer": "step", "log": "key", "theme": "light", "sound": "on"}
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
    expect(page.locator("html")).to_have_attribute("lang", "ja")


def test_accessibility_audit_of_the_playmat(page: Page) -> None:
    open_app(page, "/", scenario_query(BOARD, mode="computer"))
    assert wait_for_human_turn(page) == "decision"
    assert axe_violations(page, "body") == []
    page.locator(f"#side-bottom .hand .card[data-number='{FOXPARKS}']").focus()
    page.keyboard.press("z")
    expect(page.locator("#card-zoom .zoom-rules a.rule-link").first).to_be_visible()
    assert axe_violations(page, "#card-zoom") == []
    page.keyboard.press("Escape")
    page.click("#settings-open")
    assert axe_violations(page, "#settings-dialog") == []
    page.keyboard.press("Escape")
    page.click("#settings-open")
    page.select_option("#setting-theme", "light")
    page.keyboard.press("Escape")
    assert axe_violations(page, "body") == []


def test_paying_and_gaining_souls_is_animated(page: Page) -> None:
    """With animations on, a Pal played from hand moves to the base and the souls it costs pulse as they rest."""
    page.add_init_script("""
        window.__animated = [];
        const original = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            window.__animated.push(this.className);
            return original.apply(this, args);
        };""")
    scenario = {"turn": 3, "turn_player": 0, "phase": "main",
                "players": [{"hand": [TEAFANT], "souls": {"standing": 3}, "deck": [TEAFANT] * 5},
                            {"deck": [TEAFANT] * 5}]}
    open_app(page, "/", scenario_query(scenario, mode="computer") + "&anim=normal")
    assert wait_for_human_turn(page) == "decision"
    play = next(o for o in options(page) if o.startswith("play "))
    page.evaluate("window.__animated.length = 0")
    click_option(page, play)
    page.wait_for_function("window.__animated.some(c => c.includes('soul rested'))")
    animated = page.evaluate("window.__animated")
    paid = sum("soul rested" in c for c in animated)
    assert paid == CARDS[TEAFANT].cost, animated
    assert any("card" in c.split() for c in animated), animated     # the Pal itself moved to the base
