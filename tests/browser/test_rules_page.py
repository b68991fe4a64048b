"""The rules reference page (#rules, #rules/NUMBER) in Chromium: the tree, search as you type in both languages,
an entry in English and Japanese, links from a card page to its rules and from a rule to its cards, lessons and
puzzles, and an accessibility audit.

Expected entries, search results, cards and citations come from engine.presentation.rulebook, never from the
page under test.
"""

from __future__ import annotations

import re

import pytest
from playmat_page import STEP_TIMEOUT_MS, axe_violations, open_app
from playwright.sync_api import Page, expect

from engine.model.carddb import CARDS
from engine.presentation import rulebook as rb

pytestmark = pytest.mark.browser


def goto(page: Page, route: str, lang: str = "en") -> None:
    """Open the app at a hash route, the engine ready, and wait for the rules page when it is one."""
    open_app(page, "/", f"speed=0&lang={lang}")
    page.evaluate("r => { location.hash = r; }", route)
    if route.startswith("#rules"):
        page.wait_for_selector("#rules-screen[data-ready] #rules-entry", timeout=STEP_TIMEOUT_MS)


def listed(page: Page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.rule)")


def test_the_tree_shows_every_entry_and_search_filters_as_you_type(page: Page) -> None:
    goto(page, "#rules")
    assert listed(page, "#rules-list li[data-rule]") == list(rb.entries())
    expect(page.locator("#main-nav a[data-route=rules]")).to_have_attribute("aria-current", "page")
    for query in ("lucky", "LUCKY", "ダメージチェック", "ﾗｯｷｰ", "block", "9.5", "assign structure"):
        page.fill("#rules-search", query)
        assert listed(page, "#rules-results > li") == rb.search(query), query
        expect(page.locator("#rules-count")).to_contain_text(str(len(rb.search(query))))
    page.fill("#rules-search", "xyzzy")
    expect(page.locator("#rules-none")).to_be_visible()
    page.fill("#rules-search", "")
    assert len(listed(page, "#rules-list li[data-rule]")) == len(rb.entries())


def test_an_entry_in_english_then_japanese(page: Page) -> None:
    goto(page, "#rules")
    page.fill("#rules-search", "damage check")
    page.locator("#rules-results > li").first.locator("a").click()
    expect(page).to_have_url(re.compile(r"#rules/11\.2\.2$"))
    entry = rb.entry("11.2.2")
    expect(page.locator("#rules-entry-title")).to_have_text(f"11.2.2 {entry.title['en']}")
    expect(page.locator("#rules-text")).to_have_text(entry.text["en"])
    assert listed(page, "#rules-children a") == list(rb.children("11.2.2"))
    assert listed(page, "#rules-see a") == list(entry.see)
    assert listed(page, ".rules-crumbs a") == rb.ancestors("11.2.2")
    expect(page.locator("#rules-list a[aria-current=page]")).to_have_attribute("data-rule", "11.2.2")
    page.click("#lang-toggle")
    expect(page.locator("#rules-entry-title")).to_have_text(f"11.2.2 {entry.title['ja']}")
    expect(page.locator("#rules-text")).to_have_text(entry.text["ja"])
    expect(page.locator("#rules-search")).to_have_value("damage check")     # the search survives the switch
    page.click("#rules-children a[data-rule='11.2.2.2']")
    expect(page.locator("#rules-entry-title")).to_have_text(f"11.2.2.2 {rb.entry('11.2.2.2').title['ja']}")
    assert page.evaluate("document.documentElement.lang") == "ja"


def test_japanese_from_the_start_and_an_unknown_rule(page: Page) -> None:
    goto(page, "#rules/12.10", lang="ja")
    expect(page.locator("#rules-entry-title")).to_have_text(f"12.10 {rb.entry('12.10').title['ja']}")
    page.fill("#rules-search", "挑発")
    assert listed(page, "#rules-results > li") == rb.search("挑発")
    page.evaluate("() => { location.hash = '#rules/99.9'; }")
    expect(page.locator("#rules-error")).to_contain_text("99.9")


def test_a_card_page_links_to_its_rules_and_a_rule_to_its_cards(page: Page) -> None:
    goto(page, "#card/EBP01-006")
    page.wait_for_selector("#card-rules a[href='#rules/12.6']", timeout=STEP_TIMEOUT_MS)
    card_links = page.locator("#card-rules a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert card_links == [f"#rules/{r}" for r in ["9.2", "10.1.1.2", "10.5", "12.6"]]
    page.click("#card-rules a[href='#rules/12.6']")
    page.wait_for_selector("#rules-entry[data-rule='12.6']", timeout=STEP_TIMEOUT_MS)
    shown = page.locator("#rules-cards a").evaluate_all("els => els.map(e => e.dataset.card)")
    assert shown == list(rb.cards_using("12.6")) and "EBP01-006" in shown
    other = next(n for n in shown if n != "EBP01-006")
    expect(page.locator(f"#rules-cards a[data-card='{other}']")).to_contain_text(CARDS[other].full_name_in("en"))
    page.click(f"#rules-cards a[data-card='{other}']")
    expect(page.locator("#card-title")).to_have_text(CARDS[other].full_name_in("en"))


def test_a_rule_lists_the_lessons_and_puzzles_citing_it(page: Page) -> None:
    """The most-cited rule among the shipped lessons and puzzles (9.6 when there are none) lists exactly them,
    each linking to #lesson/ID or #puzzle/ID."""
    counts: dict[str, int] = {}
    for f in rb.citing_files():
        for rule in f["rules"]:
            counts[rule] = counts.get(rule, 0) + 1
    rule = max(counts, key=lambda r: (counts[r], r)) if counts else "9.6"
    goto(page, f"#rules/{rule}")
    if rb.citations(rule):
        links = page.locator("#rules-lessons a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
        assert links == [f"#{c['kind']}/{c['id']}" for c in rb.citations(rule)]
    else:
        expect(page.locator("#rules-entry")).to_contain_text("No lesson or puzzle cites this rule yet.")


def test_the_rules_page_passes_an_accessibility_audit(page: Page) -> None:
    goto(page, "#rules/9.4.2")
    assert axe_violations(page, "#rules-screen") == []
    page.fill("#rules-search", "quick")
    page.wait_for_selector("#rules-results")
    assert axe_violations(page, "#rules-screen") == []
    page.click("#lang-toggle")
    expect(page.locator("#rules-entry-title")).to_contain_text(rb.entry("9.4.2").title["ja"])
    assert axe_violations(page, "body") == []
