"""A language switch in the middle of a game draws every panel again in the new language: the board, the options,
the log, the counters, card details, the zoom, the toast, the dialogs (open or closed), checked over the whole DOM
text (hidden parts included) against the string catalogue and the engine's English card names, card texts and
option labels; and back to English, no Japanese is left."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playmat_page import (
    STEP_TIMEOUT_MS,
    click_option,
    continue_damage,
    open_app,
    options,
    page_texts,
    use_step_mode,
    wait_for_human_turn,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")
PLACEHOLDER = re.compile(r"\{\w+\}")


def catalogue_fragments(lang: str, other: str) -> set[str]:
    """The words of ``lang``'s catalogue that ``other``'s says differently: each string cut at its placeholders,
    keeping the pieces long enough to be a phrase (a piece of 5 letters or more)."""
    mine = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    theirs = json.loads((I18N / f"{other}.json").read_text(encoding="utf-8"))
    pieces = set()
    for key, text in mine.items():
        if not isinstance(text, str) or theirs.get(key) == text:
            continue
        for piece in PLACEHOLDER.split(text):
            piece = piece.strip(" ,.:;()–—-·/?!…")
            if len(re.sub(r"\W", "", piece)) >= 5 and (lang != "en" or re.search(r"[A-Za-z]{3}", piece)):
                pieces.add(piece)
    return pieces


def engine_fragments(page: Page, lang: str, other: str) -> set[str]:
    """The engine's words in ``lang`` that ``other`` says differently: the names and texts of the cards, and the
    labels of the options on the playmat now."""
    hello = page.evaluate("window.pwtcg.call('playmat.hello')")
    pieces = set()
    for entry in hello["catalog"].values():
        for field in ("name", "text"):
            words = entry.get(field) or {}
            if words.get(lang) and words.get(lang) != words.get(other) and len(words[lang]) >= 5:
                pieces.add(words[lang])
    decision = page.evaluate("window.pwtcg.state().decision") or {"options": []}
    for option in decision["options"]:
        label = option.get("label") or {}
        if isinstance(label, dict) and label.get(lang) and label.get(lang) != label.get(other):
            pieces.add(label[lang])
    return pieces


def left_over(page: Page, lang: str, other: str) -> list[str]:
    """What on the page is still in ``other`` (the language switched away from): a phrase of its catalogue, an
    engine text of it, or (from Japanese to English) any Japanese character. Text marked with its language on
    purpose (``lang``) is left out, and so is the language switch, which names the other language."""
    forbidden = catalogue_fragments(other, lang) | engine_fragments(page, other, lang)
    found = []
    for item in page_texts(page, visible_only=False):
        if item["lang"] == other:
            continue
        hits = [piece for piece in forbidden if piece in item["text"]]
        if other == "ja" and JAPANESE.search(item["text"]):
            hits.append(JAPANESE.search(item["text"]).group())
        if hits:
            found.append(f"{item['where']}: {item['text'][:100]!r} ({hits[0][:40]!r})")
    return found


def busy_position(page: Page) -> None:
    """A computer game some turns in: a log, the computer's moves, counters; a hand card in the details and a
    card of the opponent's base in the zoom, left open."""
    page.evaluate("() => { window.pwtcg.start({mode: 'computer', deck0: 'etd01-red-blue', "
                  "deck1: 'etd02-green-purple', seed: 21, first: 0, level: 'beginner'}); }")
    made = 0
    while made < 12:
        situation = wait_for_human_turn(page)
        if situation == "damage":
            continue_damage(page)
            continue
        assert situation == "decision", situation
        choices = options(page)
        pick = next((c for c in choices if c.startswith(("play ", "attack "))), None)
        if pick is None or made >= 10:
            pick = "end" if "end" in choices else choices[-1]
        click_option(page, pick)
        made += 1
    while wait_for_human_turn(page) == "damage":
        continue_damage(page)
    assert page.locator("#log li").count() > 5
    page.locator("#side-bottom .hand .card[data-id]").first.focus()
    page.keyboard.press("Tab")         # by the keyboard: the details float beside the card the keyboard is on
    page.keyboard.press("Shift+Tab")
    expect(page.locator("#card-detail-body .detail-name")).to_be_visible()
    page.locator("#side-top .card[data-id]").first.focus()
    page.keyboard.press("z")
    expect(page.locator("#card-zoom")).to_have_attribute("open", "")


def test_a_language_switch_mid_game_leaves_no_word_of_the_other_language(page: Page) -> None:
    open_app(page, "/", "speed=0&lang=en&nosw")
    busy_position(page)
    zoomed = page.get_attribute("#card-zoom", "data-number")
    page.keyboard.press("l")                                     # with the zoom open
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#card-zoom")).to_have_attribute("open", "")
    assert page.get_attribute("#card-zoom", "data-number") == zoomed
    page.wait_for_function("document.querySelectorAll('#card-zoom .zoom-rules li').length > 0",
                           timeout=STEP_TIMEOUT_MS)
    assert left_over(page, "ja", "en") == []
    assert JAPANESE.search(page.inner_text("#card-detail-body")), "the card details are not in Japanese"
    assert JAPANESE.search(page.inner_text("#log"))
    page.keyboard.press("Escape")
    page.click("#lang-toggle")                                   # and back, by the button
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert left_over(page, "en", "ja") == []


def test_a_language_switch_redraws_the_game_over_dialog_and_the_hand_off(page: Page) -> None:
    """The hot-seat hand-off screen and the game-over dialog, open while the language changes."""
    v300, v700 = "ETD01-013", "EBP01-037"
    game = {"turn": 3, "players": [{"base": [v700], "hand": [v300], "deck": [v300] * 5, "life": 1},
                                   {"base": [], "hand": [v300], "deck": [v300] * 5, "life": 1}]}
    open_app(page, "/", "speed=0&lang=en&nosw")
    page.evaluate("s => { window.pwtcg.start({mode: 'hotseat', scenario: s}); }", game)
    assert wait_for_human_turn(page) == "pass"
    page.keyboard.press("l")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert JAPANESE.search(page.inner_text("#pass-ready"))
    assert left_over(page, "ja", "en") == []
    page.click("#pass-ready")
    while (situation := wait_for_human_turn(page)) != "over":
        if situation == "pass":
            page.click("#pass-ready")
        elif situation == "damage":
            continue_damage(page)
        else:
            choices = options(page)
            click_option(page, next((c for c in choices if c.startswith("attack ")), "pass" if "pass" in choices
                                    else choices[0]))
    page.keyboard.press("l")                                     # the dialog is modal: the L key
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert "Player" in page.inner_text("#gameover-winner")
    assert left_over(page, "en", "ja") == []
    expect(page.locator("#gameover")).to_be_visible()


def test_a_language_switch_redraws_the_replay_viewer(page: Page) -> None:
    """The finished game, watched from the game-over dialog, then the language switched in the viewer."""
    open_app(page, "/", "speed=0&lang=en&nosw")
    page.evaluate("() => { window.pwtcg.start({mode: 'computer', deck0: 'etd01-red-blue', "
                  "deck1: 'etd02-green-purple', seed: 21, first: 0, level: 'beginner'}); }")
    assert wait_for_human_turn(page) == "decision"
    click_option(page, options(page)[0])
    assert wait_for_human_turn(page) == "decision"
    page.click("#concede")
    page.click("#concede-yes")
    page.click("#gameover-watch")
    page.wait_for_function("document.getElementById('replay-screen')?.dataset.n", timeout=STEP_TIMEOUT_MS)
    page.locator("#rp-timeline").fill("3")
    page.wait_for_function("document.getElementById('replay-screen').dataset.n === '3'", timeout=STEP_TIMEOUT_MS)
    page.evaluate("document.activeElement.blur()")                # L is a letter in a field, not the switch
    page.keyboard.press("l")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.wait_for_function("document.getElementById('replay-screen').dataset.n === '3' && "
                           "/[\\u3040-\\u30ff]/.test(document.getElementById('rp-log').textContent)",
                           timeout=STEP_TIMEOUT_MS)
    assert left_over(page, "ja", "en") == []
    page.keyboard.press("l")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.wait_for_function("!/[\\u3040-\\u30ff]/.test(document.getElementById('rp-log').textContent)",
                           timeout=STEP_TIMEOUT_MS)
    assert left_over(page, "en", "ja") == []


def test_a_language_switch_redraws_an_open_damage_check(page: Page) -> None:
    """Step mode holds the damage check on screen: its title, cards and result follow the language."""
    v300, surfent = "ETD01-013", "EBP01-037"
    game = {"turn": 3, "players": [{"base": [surfent], "hand": [v300], "deck": [v300] * 5},
                                   {"base": [], "hand": [v300], "deck": [v300] * 5}]}
    use_step_mode(page)
    open_app(page, "/", "speed=0&lang=en&nosw")
    page.evaluate("s => { window.pwtcg.start({mode: 'computer', scenario: s}); }", game)
    assert wait_for_human_turn(page) == "decision"
    click_option(page, next(c for c in options(page) if c.startswith("attack ")))
    while (situation := wait_for_human_turn(page)) == "decision":
        click_option(page, "pass" if "pass" in options(page) else options(page)[0])
    assert situation == "damage"
    english = page.inner_text("#damage-overlay")
    page.keyboard.press("l")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#damage-overlay")).to_be_visible()
    assert JAPANESE.search(page.inner_text("#damage-title")) and JAPANESE.search(page.inner_text("#damage-result"))
    assert page.locator("#damage-cards .damage-card").count() == english.count("Card ") > 0
    assert left_over(page, "ja", "en") == []
    continue_damage(page)
