"""Page helpers shared by the browser tests: wait for the engine, start games, answer decisions."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import BrowserContext, Page, expect

BOOT_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000
# Pages where this runs first start Python from the build's memory snapshot, as a return visit does, even on a
# first visit (web/js/engine.js, `pwtcgSnapshotAlways`): 4.5 s instead of 11 s to `engine-ready` on a slow
# 2-core machine. conftest.py's `context` sets it for every test that is not marked `first_visit`.
SNAPSHOT_ALWAYS = "window.pwtcgSnapshotAlways = true"


def from_snapshot(context: BrowserContext) -> BrowserContext:
    """``context``, its pages starting Python from the memory snapshot (for a test of anything but the start)."""
    context.add_init_script(SNAPSHOT_ALWAYS)
    return context


def open_app(page: Page, url: str = "/", query: str = "speed=0") -> None:
    """Load the app and wait until the engine answered (a scenario in the URL then starts by itself)."""
    page.goto(f"{url}?{query}" if query else url)
    page.wait_for_function("document.body.dataset.ready", timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.ready") == "1", page.inner_text("#loading-error")
    if "scenario=" in query:
        page.wait_for_function("window.pwtcg.updates() > 0 || !document.getElementById('start-error').hidden",
                               timeout=STEP_TIMEOUT_MS)


def use_step_mode(page: Page, **settings: str) -> None:
    """Step mode from the first page load on: the computer waits for Next (not at ?speed=0) and every damage check
    waits for Continue (also at ?speed=0); without it a damage check plays by itself."""
    stored = json.dumps({"computer": "step", **settings})
    page.add_init_script(f"localStorage.setItem('pwtcg.settings', {json.dumps(stored)})")


def scenario_query(scenario: dict, mode: str = "hotseat") -> str:
    return f"speed=0&mode={mode}&scenario={quote(json.dumps(scenario))}"


def start_from_screen(page: Page, mode: str = "computer", seed: int | None = None, first: str = "rules") -> None:
    """Fill the start screen and start a game by clicking."""
    page.locator(f"input[name=mode][value={mode}]").check()
    page.locator(f"input[name=first][value='{first}']").check()
    if seed is not None:
        page.fill("input[name=seed]", str(seed))
    page.click("#start-form button[type=submit]")
    expect(page.locator("#game-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)


def state(page: Page) -> dict:
    """The last state the host sent to the page."""
    return page.evaluate("window.pwtcg.state()")


def options(page: Page) -> list[str]:
    return page.locator("#options button.option").evaluate_all("els => els.map(e => e.dataset.action)")


def wait_for_human_turn(page: Page) -> str:
    """Wait until a human must act; returns 'decision', 'damage', 'pass' or 'over'."""
    page.wait_for_function(
        """() => !document.getElementById('gameover').hidden
              || !document.getElementById('damage-continue').hidden && !document.getElementById('damage-overlay').hidden
              || !document.getElementById('pass-screen').hidden
              || document.getElementById('damage-overlay').hidden
                 && document.querySelector('#options button.option') !== null""",
        timeout=STEP_TIMEOUT_MS,
    )
    if page.is_visible("#gameover"):
        return "over"
    if page.is_visible("#damage-overlay"):
        return "damage"
    if page.is_visible("#pass-screen"):
        return "pass"
    return "decision"


def click_option(page: Page, action: str) -> None:
    """Click the decision button of one action text and wait until the page took it."""
    click_and_wait(page, f"#options button.option[data-action='{action}']")


def click_and_wait(page: Page, selector: str) -> None:
    """Click something that sends an action, and wait until the engine's answer is on the page."""
    before = page.evaluate("window.pwtcg.updates()")
    page.locator(selector).click()
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=before, timeout=STEP_TIMEOUT_MS)


def continue_damage(page: Page) -> None:
    """Close the damage check on screen (step mode); the next one (if several happened at once) may follow."""
    check = page.get_attribute("#damage-overlay", "data-check")
    page.click("#damage-continue")
    page.wait_for_function(
        "c => document.getElementById('damage-overlay').hidden"
        " || document.getElementById('damage-overlay').dataset.check !== c",
        arg=check, timeout=STEP_TIMEOUT_MS,
    )


def pass_device(page: Page) -> None:
    page.click("#pass-ready")
    expect(page.locator("#pass-screen")).to_be_hidden()


AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page, selector: str) -> list[dict]:
    """Serious and critical WCAG 2 A/AA problems axe-core finds inside ``selector`` (axe runs through the
    DevTools protocol, so the page's CSP does not apply to it)."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("""sel => axe.run(document.querySelector(sel),
        {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}})
        .then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))""", selector)
    return found


def human_decisions(page: Page, limit: int):
    """Yield at each of the human's decisions until the game is over or ``limit`` were yielded (damage checks are
    continued on the way); the caller answers each before asking for the next."""
    made = 0
    while made < limit:
        situation = wait_for_human_turn(page)
        if situation == "over":
            return
        if situation == "damage":
            continue_damage(page)
            continue
        yield made
        made += 1


def play_decisions(page: Page, limit: int, choose) -> int:
    """Answer the human's decisions with ``choose(options)`` until the game is over or ``limit`` decisions were
    made; returns how many decisions were made."""
    made = 0
    for _ in human_decisions(page, limit):
        click_option(page, choose(options(page)))
        made += 1
    return made


WATCH_ACTIONS = """window.__acted = [];
    window.pwtcgTap = (c) => { if (c.method === 'playmat.act') window.__acted.push(JSON.parse(c.request)); };"""


def watch_actions(page: Page) -> None:
    """Record every action the page sends (call before ``open_app``): ``act_by_cards`` then checks that its
    clicks sent the option they were meant to."""
    page.add_init_script(WATCH_ACTIONS)


def sent_actions(page: Page) -> list[str]:
    return page.evaluate("window.__acted || []")


def card_on_mat(page: Page, card_id: int):
    return page.locator(f"#playmat .card[data-id='{card_id}']")


def card_options(page: Page) -> list[dict]:
    """The human's options about cards that all lie on the playmat: the ones taken by clicking the cards."""
    decision = state(page)["decision"] or {}
    on_mat = set(page.locator("#playmat .card[data-id]").evaluate_all("els => els.map(e => Number(e.dataset.id))"))
    return [o for o in decision.get("options", []) if o["cards"] and all(c in on_mat for c in o["cards"])]


def act_by_cards(page: Page, option: dict) -> None:
    """Take one option of the decision by clicking cards, not its button: the acting card, then for an attack
    the target Pal or the opponent's life; when the card has several options, the one in the menu by the card.
    Waits until the engine's answer is on the page."""
    before = page.evaluate("window.pwtcg.updates()")
    sent = len(sent_actions(page))
    first = card_on_mat(page, option["cards"][0])
    first.click()
    menu = page.locator("#card-menu")
    if option["kind"] == "attack":
        if menu.is_visible():   # the attacker has other options too: its menu's Attack item asks for the target
            menu.locator("button.act-attack").click()
        expect(first).to_have_class(re.compile(r"\bact-selected\b"))
        target = (card_on_mat(page, option["cards"][1]) if len(option["cards"]) > 1
                  else page.locator("#playmat [data-act='player-target']"))
        expect(target).to_have_class(re.compile(r"\bact-target\b"))
        target.click()
    elif menu.is_visible():
        menu.locator(f"button[data-action='{option['action']}']").click()
    page.wait_for_function("n => window.pwtcg.updates() > n", arg=before, timeout=STEP_TIMEOUT_MS)
    if page.evaluate("Array.isArray(window.__acted)"):
        assert sent_actions(page)[sent:] == [option["action"]], (sent_actions(page)[sent:], option)


# Every text of the page: text nodes and the aria-label, title, alt and placeholder of every element, each with
# the language of the nearest element that declares one. Called with {visibleOnly}: only what is rendered (else
# hidden panels too, and the document's title); the language button ([data-lang-switch]) names the other
# language by design and is left out of the whole-page list.
PAGE_TEXTS = """({ visibleOnly }) => {
  const out = visibleOnly ? [] : [{ text: document.title, where: 'title', lang: '' }];
  const counted = (el) => visibleOnly ? el.checkVisibility({ visibilityProperty: true }) : !el.closest('[data-lang-switch]');
  const langOf = (el) => el.closest("[lang]:not([lang=''])")?.getAttribute("lang") || "";
  const where = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      const text = node.textContent.trim();
      if (text && parent && !parent.closest("script, style, noscript, template") && counted(parent)) {
        out.push({ text, where: where(parent), lang: langOf(parent) });
      }
    } else if (counted(node)) {
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = node.getAttribute(name);
        if (value) out.push({ text: value, where: `${where(node)}[${name}]`, lang: langOf(node) });
      }
    }
  }
  return out;
}"""


def page_texts(page: Page, visible_only: bool) -> list[dict]:
    """The page's texts (see PAGE_TEXTS), each {text, where, lang}."""
    return page.evaluate(PAGE_TEXTS, {"visibleOnly": visible_only})
