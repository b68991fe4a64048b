"""The card gallery (#cards), card pages (#card/N) and the deck builder (#decks, #deck/ID) in Chromium.

Expected card sets come from the engine's own card data (engine.model.carddb), never from the page under test.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from playmat_page import (
    BOOT_TIMEOUT_MS,
    STEP_TIMEOUT_MS,
    axe_violations,
    from_snapshot,
    open_app,
    wait_for_human_turn,
)
from playwright.sync_api import Browser, Page, expect

import cards
from engine import deck as engine_deck
from engine.model.carddb import CARDS

pytestmark = pytest.mark.browser

if not CARDS:
    CARDS.load()

STORAGE_KEY = "pwtcg.decks.v1"
RED_BLUE = engine_deck.parse_code(cards.decks()["etd01-red-blue"]["code"])


def goto(page: Page, route: str, lang: str = "en") -> None:
    """Open the app at a hash route, the engine ready."""
    open_app(page, "/", f"speed=0&lang={lang}")
    page.evaluate("r => { location.hash = r; }", route)


def open_gallery(page: Page) -> None:
    goto(page, "#cards")
    page.wait_for_function("document.querySelectorAll('#gallery-grid li').length === 148", timeout=BOOT_TIMEOUT_MS)


def shown(page: Page) -> set[str]:
    return set(page.locator("#gallery-grid li:not([hidden])").evaluate_all("els => els.map(e => e.dataset.number)"))


def set_filter(page: Page, fact: str, value: str) -> None:
    page.select_option(f"#gallery-form select[name={fact}]", value)


def expected(test) -> set[str]:
    return {n for n, d in CARDS.items() if test(d)}


def keywords_of(defn) -> set[str]:
    return {ab.keyword for ab in defn.abilities if ab.keyword}


# ------------------------------------------------------------------------------------------------------ gallery


def test_gallery_search_by_name_in_either_language_main_or_sub_name_and_by_text(page: Page) -> None:
    open_gallery(page)
    lyleen = CARDS["EBP01-078"]
    for query in (lyleen.name_en.lower(), lyleen.name_ja, lyleen.sub_en, lyleen.sub_ja):
        page.fill("#gallery-search", query)
        assert "EBP01-078" in shown(page), query
        q = query.lower()
        assert shown(page) == expected(lambda d, q=q: q in f"{d.name_en} {d.name_ja} {d.sub_en} {d.sub_ja} {d.number}"
                                       f" {' '.join(d.printings)} {d.text('en')} {d.text('ja')}".lower())
    page.select_option("#gallery-scope", "text")
    page.fill("#gallery-search", "graveyard")
    assert shown(page) == expected(lambda d: "graveyard" in f"{d.text('en')} {d.text('ja')}".lower())
    page.select_option("#gallery-scope", "name")
    page.fill("#gallery-search", "graveyard")
    assert shown(page) == set()
    expect(page.locator("#gallery-none")).to_be_visible()
    page.click("#gallery-reset")
    page.wait_for_function("document.getElementById('cards-screen').dataset.shown === '148'")


FILTERS = [
    ("color", "purple", lambda d: d.color == "purple"),
    ("type", "structure", lambda d: d.type == "structure"),
    ("cost", "3", lambda d: d.cost == 3),
    ("power", "1200", lambda d: d.power == 1200),
    ("strike", "2", lambda d: d.strike == 2),
    ("lucky", "yes", lambda d: d.lucky),
    ("element", "Ice", lambda d: "Ice" in d.elements),
    ("work", "Cooling", lambda d: "Cooling" in d.work),
    ("keyword", "nocturnal", lambda d: "nocturnal" in keywords_of(d)),
    ("set", "ETD02", lambda d: d.set == "ETD02"),
    ("rarity", "RR", lambda d: d.rarity == "RR"),
]


def test_gallery_each_filter_shows_exactly_the_matching_cards(page: Page) -> None:
    open_gallery(page)
    for fact, value, test in FILTERS:
        set_filter(page, fact, value)
        want = expected(test)
        assert want, fact
        assert shown(page) == want, fact
        set_filter(page, fact, "")
    # filters combine: purple Pals of cost 3
    set_filter(page, "color", "purple")
    set_filter(page, "type", "pal")
    set_filter(page, "cost", "3")
    assert shown(page) == expected(lambda d: d.color == "purple" and d.type == "pal" and d.cost == 3)


def test_gallery_sorting_and_keyboard(page: Page) -> None:
    open_gallery(page)
    page.select_option("#gallery-sort", "costDesc")
    order = page.locator("#gallery-grid li").evaluate_all("els => els.map(e => e.dataset.number)")
    costs = [CARDS[n].cost for n in order]
    assert costs == sorted(costs, reverse=True)
    page.locator("body").press("/")   # "/" jumps to the search box
    assert page.evaluate("document.activeElement.id") == "gallery-search"
    page.keyboard.type("foxparks")
    page.keyboard.press("Tab")
    for _ in range(20):
        if page.evaluate("document.activeElement.classList.contains('gallery-card')"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#card-title")).to_contain_text("Foxparks")


def test_gallery_filters_all_cards_in_well_under_100_ms(page: Page) -> None:
    """Time each search (filter, sort, DOM update and the layout it causes, over all 148 cards) with
    performance.now() in the page, three rounds of six: a search's time is its median round, so one preempted run
    on a loaded 2-core machine does not decide it. (The grid used to hide the cards a search leaves out, and
    re-append the ones it keeps: 'a' took 110 ms on a slow CI machine. It now removes and inserts only what
    changes; on the same kind of machine here 'a' went from about 60 ms to about 15.)"""
    open_gallery(page)
    rounds = page.evaluate("""() => {
        const input = document.getElementById('gallery-search');
        const out = [];
        for (let round = 0; round < 3; round++) {
            const times = [];
            for (const q of ['a', 'fire', 'ルナ', 'graveyard', 'zzz', '']) {
                const t0 = performance.now();
                input.value = q;
                input.dispatchEvent(new Event('input', {bubbles: true}));
                document.body.offsetHeight;   // include the layout the change causes
                times.push(performance.now() - t0);
            }
            out.push(times);
        }
        return out;
    }""")
    print(f"gallery filter times (ms), by round: {[[round(t, 2) for t in r] for r in rounds]}")
    medians = [sorted(times)[1] for times in zip(*rounds, strict=True)]
    assert max(medians) < 100


# ------------------------------------------------------------------------------------------------------ card page


def test_card_page_by_deep_link_in_both_languages(page: Page) -> None:
    lyleen = CARDS["EBP01-078"]
    goto(page, "#card/EBP01-078", "en")
    expect(page.locator("#card-title")).to_have_text(lyleen.full_name)
    expect(page.locator(".card-text-block[lang=ja]")).to_contain_text(lyleen.text("ja"))
    expect(page.locator(".card-text-block[lang=en]")).to_contain_text(lyleen.text("en"))
    rules = page.locator("#card-rules li").evaluate_all("els => els.map(e => e.dataset.rule)")
    assert rules == ["4.4.5.2", "10.1.1.1", "10.4.2.2", "11.5"]   # deploy, ACT, its costs, the Pal limit
    expect(page.locator("#card-printings")).to_contain_text("EBP01-078SR")

    page2 = page.context.new_page()
    goto(page2, "#card/EBP01-078", "ja")
    expect(page2.locator("#card-title")).to_have_text(lyleen.full_name_in("ja"))
    expect(page2.locator("#card-screen")).to_contain_text("能力が使う総合ルール")
    expect(page2.locator("#card-screen .cardface .cf-text")).to_have_text(lyleen.text("ja"))
    page2.click("#lang-toggle")   # switching language redraws the page in place
    expect(page2.locator("#card-title")).to_have_text(lyleen.full_name)
    expect(page2.locator("#card-screen .cardface .cf-text")).to_have_text(lyleen.text("en"))
    page2.close()


def test_gallery_faces_show_the_generated_text_of_the_current_language(page: Page) -> None:
    goto(page, "#cards", "ja")
    page.wait_for_selector("#gallery-grid li")
    for number in ("EBP01-006", "ETD01-001", "EBP01-078"):
        face = page.locator(f"#gallery-grid li[data-number='{number}'] .cardface")
        expect(face.locator(".cf-text")).to_have_text(CARDS[number].text("ja"))
        expect(face.locator(".cf-main")).to_have_text(CARDS[number].name_ja)


def test_a_card_page_starts_a_new_deck_holding_that_card(page: Page) -> None:
    goto(page, "#card/EBP01-078")
    page.click("text=Build a deck with it")
    page.wait_for_selector("#deck-rows .deck-row", timeout=STEP_TIMEOUT_MS)
    assert saved_decks(page)[0]["numbers"] == ["EBP01-078"]
    assert page.evaluate("location.hash") == f"#deck/{saved_decks(page)[0]['id']}"


def test_card_page_lists_rulings_restated_and_refuses_unknown_numbers(page: Page) -> None:
    goto(page, "#card/EBP01-075")   # Katress: rulings official-83, 88, 89 are about it
    page.wait_for_selector("#card-rulings")
    ids = page.locator("#card-rulings li").evaluate_all("els => els.map(e => e.dataset.ruling)")
    assert {"official-88", "official-89"} <= set(ids)
    page.evaluate("location.hash = '#card/NOPE-001'")
    expect(page.locator("#card-error")).to_contain_text("NOPE-001")
    page.evaluate("location.hash = '#card/EBP01-006'")   # Brave: its rule is read from a docstring, in Pyodide too
    expect(page.locator("#card-rules li[data-rule='12.6']")).to_contain_text("Brave")


# ------------------------------------------------------------------------------------------------------ deck builder


def new_deck(page: Page) -> None:
    goto(page, "#decks")
    page.click("#deck-new")
    page.wait_for_selector("#pool-grid .pool-item", timeout=STEP_TIMEOUT_MS)


def analysed(page: Page, before: str | None = None) -> None:
    page.wait_for_function("b => { const a = document.getElementById('deck-screen').dataset.analysed;"
                           " return a && a !== b; }", arg=before, timeout=STEP_TIMEOUT_MS)


def add_copies(page: Page, number: str, copies: int) -> None:
    page.fill("#pool-search", number)
    button = page.locator(f"#pool-grid .pool-item[data-number='{number}'] .pool-add")
    for _ in range(copies):
        button.click()
    expect(page.locator(f"#pool-grid .pool-item[data-number='{number}'] .pool-count")).to_have_text(f"×{copies}")


def seed_storage(page: Page, decks: list[dict], route: str) -> None:
    """Put saved decks in the page's storage before the deck screens first read it, then open ``route``."""
    goto(page, "#play")
    page.evaluate("([k, d]) => localStorage.setItem(k, JSON.stringify({version: 1, decks: d}))", [STORAGE_KEY, decks])
    page.evaluate("r => { location.hash = r; }", route)


def saved_decks(page: Page) -> list[dict]:
    raw = page.evaluate("k => localStorage.getItem(k)", STORAGE_KEY)
    return json.loads(raw)["decks"] if raw else []


def test_build_a_legal_deck_from_scratch_by_click_and_key(page: Page) -> None:
    new_deck(page)
    entries = Counter(RED_BLUE)
    first, *rest = sorted(entries)
    # the keyboard: Enter adds, "-" removes, on a focused pool card
    page.fill("#pool-search", first)
    card = page.locator(f"#pool-grid .pool-card[data-number='{first}']")
    card.focus()
    for _ in range(entries[first] + 1):
        page.keyboard.press("Enter")
    page.keyboard.press("-")
    for number in rest:
        add_copies(page, number, entries[number])
    expect(page.locator("#deck-count")).to_have_text("50 / 50 cards")
    expect(page.locator("#deck-legal")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert Counter(saved_decks(page)[0]["numbers"]) == entries
    expect(page.locator("#deck-play")).to_be_enabled()
    expect(page.locator("#odds-table")).to_contain_text("%")
    assert page.locator("#deck-curve li").count() >= 9


def test_every_kind_of_deck_rule_violation_is_reported_next_to_the_cards(page: Page) -> None:
    """6.1: 50 cards, 4 per name, 8 Lucky; Q&A official-17: two colours; and numbers the engine does not know."""
    lucky = sorted(n for n, d in CARDS.items() if d.lucky and d.color in ("red", "blue"))[:9]
    numbers = ["EBP01-006"] * 6 + lucky + ["ETD02-001"] + ["EBP01-999"]   # 17 cards, 3 colours, unknown number
    seed_storage(page, [{"id": "dbad", "name": "Broken", "numbers": numbers, "updated": 0}], "#deck/dbad")
    page.wait_for_selector(".deck-issue", timeout=STEP_TIMEOUT_MS)
    kinds = page.locator(".deck-issue").evaluate_all("els => els.map(e => e.dataset.kind)")
    assert kinds == ["unknown", "size", "copies", "lucky", "colours"]
    problems = engine_deck.validate(numbers)
    for message in problems:
        expect(page.locator("#deck-problems")).to_contain_text(message)

    def reason(number: str) -> str:
        return page.locator(f".deck-row[data-number='{number}'] .row-reason").get_attribute("data-kinds") or ""

    assert "copies" in reason("EBP01-006")
    assert "unknown" in reason("EBP01-999")
    assert "colours" in reason("ETD02-001")
    assert "lucky" in reason(lucky[0])
    expect(page.locator("#deck-count")).to_have_class("deck-count bad")
    expect(page.locator("#deck-play")).to_be_disabled()


def test_save_reload_export_and_import_in_a_fresh_browser_context(page: Page, browser: Browser, base_url: str) -> None:
    new_deck(page)
    for number, copies in sorted(Counter(RED_BLUE).items())[:3]:
        add_copies(page, number, copies)
    page.fill("#deck-name", "My red deck")
    page.locator("#deck-name").press("Enter")
    page.locator("#deck-name").blur()
    page.reload()
    page.wait_for_function("document.body.dataset.ready === '1'", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#deck-rows .deck-row", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#deck-name")).to_have_value("My red deck")
    analysed(page)
    code = page.input_value("#deck-code")
    saved = saved_decks(page)[0]["numbers"]
    assert code == engine_deck.to_code(saved)

    fresh = from_snapshot(browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900}))
    other = fresh.new_page()
    goto(other, "#decks")
    other.wait_for_selector("#deck-import")
    assert saved_decks(other) == []
    other.fill("#deck-import", "\n  " + code.replace(",", " ,\n").lower() + "  \n")   # pasting is lenient
    other.click("#deck-import-go")
    other.wait_for_selector("#deck-rows .deck-row", timeout=STEP_TIMEOUT_MS)
    analysed(other)
    assert other.input_value("#deck-code") == code
    assert Counter(saved_decks(other)[0]["numbers"]) == Counter(saved)
    fresh.close()


def test_bad_deck_codes_are_named_and_no_saved_deck_is_lost(page: Page) -> None:
    seed_storage(page, [{"id": "dkeep", "name": "Keep me", "numbers": RED_BLUE, "updated": 0}], "#decks")
    page.wait_for_selector("#deck-import")
    cases = [
        ("hello world", "Malformed entry"),
        ("EBP01-006x51", "too many copies"),
        ("EBP01-999x2", "Unknown card number \"EBP01-999\""),
        ("EBP01-006x4, nonsense!!, EBP01-998", "Malformed entry"),
        ("EBP01-006x1," * 1500, "at most 200 cards"),
        ("EBP01-006x1," * 3000, "too long"),
        ("   ", "Paste a deck code first"),
    ]
    for text, message in cases:
        page.fill("#deck-import", text)
        page.click("#deck-import-go")
        expect(page.locator("#deck-import-error")).to_contain_text(message)
        expect(page.locator("#deck-import-error")).to_be_visible()
    assert [d["name"] for d in saved_decks(page)] == ["Keep me"]
    assert page.evaluate("location.hash") == "#decks"


def test_a_failed_storage_write_is_reported_and_keeps_the_saved_decks(page: Page) -> None:
    seed_storage(page, [{"id": "dkeep", "name": "Keep me", "numbers": RED_BLUE, "updated": 0}], "#decks")
    page.wait_for_selector("#saved-decks .deck-item")
    page.evaluate("""() => { Storage.prototype.setItem = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    page.click("#saved-decks .deck-item >> text=Open")
    page.wait_for_selector("#pool-grid .pool-item", timeout=STEP_TIMEOUT_MS)
    page.locator("#deck-rows .row-remove").first.click()
    expect(page.locator("#deck-screen .deck-flash.error")).to_contain_text("storage full")
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", STORAGE_KEY))["decks"]
    assert stored[0]["numbers"] == RED_BLUE   # the stored deck is untouched


def test_unreadable_storage_is_kept_aside_not_overwritten(page: Page) -> None:
    goto(page, "#play")
    page.evaluate("k => localStorage.setItem(k, '{broken json')", STORAGE_KEY)
    page.evaluate("location.hash = '#decks'")
    expect(page.locator("#decks-screen .deck-flash.error")).to_contain_text("kept aside")
    keys = page.evaluate("Object.keys(localStorage)")
    aside = [k for k in keys if k.startswith(STORAGE_KEY + ".unreadable-")]
    assert len(aside) == 1 and page.evaluate("k => localStorage.getItem(k)", aside[0]) == "{broken json"


def test_shipped_decks_stay_and_an_edited_one_is_saved_as_a_copy(page: Page) -> None:
    goto(page, "#decks")
    shipped = page.locator("#shipped-decks .deck-item")
    expect(shipped).to_have_count(len(cards.decks()))
    expect(shipped.first.locator(".deck-delete")).to_have_count(0)   # shipped decks cannot be deleted
    shipped.first.locator("text=Open").click()
    page.wait_for_selector("#deck-rows .deck-row", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#deck-shipped-note")).to_be_visible()
    page.locator("#deck-rows .row-remove").first.click()
    expect(page.locator("#deck-screen .deck-flash")).to_contain_text("Saved as a copy")
    assert page.evaluate("location.hash").startswith("#deck/d")
    assert len(saved_decks(page)) == 1 and len(saved_decks(page)[0]["numbers"]) == 49
    page.evaluate("location.hash = '#decks'")
    expect(page.locator("#shipped-decks .deck-item")).to_have_count(len(cards.decks()))
    # duplicate, rename, then delete with confirmation
    item = page.locator("#saved-decks .deck-item").first
    item.locator(".deck-duplicate").click()
    page.wait_for_selector("#deck-rows .deck-row")
    page.evaluate("location.hash = '#decks'")
    expect(page.locator("#saved-decks .deck-item")).to_have_count(2)
    first = page.locator("#saved-decks .deck-item").first
    first.locator(".deck-rename").click()
    first.locator(".deck-rename-input").fill("Renamed")
    first.locator(".deck-rename-input").press("Enter")
    expect(page.locator("#saved-decks")).to_contain_text("Renamed")
    page.locator("#saved-decks .deck-item").first.locator(".deck-delete").click()
    page.locator("#saved-decks .deck-delete-no").click()
    expect(page.locator("#saved-decks .deck-item")).to_have_count(2)
    page.locator("#saved-decks .deck-item").first.locator(".deck-delete").click()
    page.locator("#saved-decks .deck-delete-yes").click()
    expect(page.locator("#saved-decks .deck-item")).to_have_count(1)
    assert [d["name"] for d in saved_decks(page)] != ["Renamed"] and len(saved_decks(page)) == 1


def test_opening_hand_sampler_draws_five_from_the_deck(page: Page) -> None:
    goto(page, "#deck/shipped-etd01-red-blue")
    page.wait_for_selector("#deck-draw")
    page.click("#deck-draw")
    hand = page.locator("#deck-hand .cardface").evaluate_all("els => els.map(e => e.dataset.number)")
    assert len(hand) == 5 and not Counter(hand) - Counter(RED_BLUE)
    page.click("#deck-redraw")
    expect(page.locator("#deck-hand-note")).to_contain_text("Hand 2")


def test_play_a_game_with_a_built_deck(page: Page) -> None:
    goto(page, "#decks")
    page.fill("#deck-import", engine_deck.to_code(RED_BLUE))
    page.click("#deck-import-go")
    page.wait_for_selector("#deck-legal", timeout=STEP_TIMEOUT_MS)
    page.check("#deck-play-form input[value=hotseat]")
    page.click("#deck-play")
    expect(page.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert wait_for_human_turn(page) in ("decision", "pass")
    record = page.evaluate("window.pwtcg.state()")
    assert record["view"]["players"][0]["deck"] + record["view"]["players"][0]["hand_count"] == 50


# ------------------------------------------------------------------------------------------------------ accessibility

@pytest.mark.parametrize(("route", "ready", "screen"), [
    ("#cards", "#gallery-grid li", "#cards-screen"),
    ("#card/EBP01-075", "#card-rulings", "#card-screen"),
    ("#decks", "#deck-import", "#decks-screen"),
    ("#deck/shipped-etd01-red-blue", "#odds-table", "#deck-screen"),
])
def test_screens_have_no_serious_accessibility_problems(page: Page, route: str, ready: str, screen: str) -> None:
    goto(page, route)
    page.wait_for_selector(ready, timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, screen) == []


def test_phone_size_screens_fit_the_width_and_gallery_filters_fold_away(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    goto(page, "#cards")
    page.wait_for_selector("#gallery-grid li")
    expect(page.locator("#gallery-more")).not_to_have_attribute("open", "")
    expect(page.locator("#gallery-form select[name=color]")).to_be_hidden()
    page.click("#gallery-more-summary")
    set_filter(page, "color", "green")
    assert shown(page) == expected(lambda d: d.color == "green")
    for route, ready in (("#cards", "#gallery-grid li:not([hidden])"), ("#card/EBP01-001", "#card-rules"),
                         ("#deck/shipped-etd02-green-purple", "#odds-table")):
        page.evaluate("r => { location.hash = r; }", route)
        page.wait_for_selector(ready, timeout=STEP_TIMEOUT_MS)
        assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0, route
    plus = page.locator("#deck-rows .deck-row .row-add").first.bounding_box()
    assert plus and plus["width"] >= 32   # a thumb-sized target
