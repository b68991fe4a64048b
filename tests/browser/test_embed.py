"""The embed page (embed.html) from other origins.

A host page on a second local origin (another port) embeds a lesson in an iframe; the frame shows its static
first frame before any Python starts; a command from a third origin is ignored; the host's own "start" command
is obeyed; the lesson is played inside the iframe and the host receives started / step-done / finished messages
(and a frame that declared no valid origin sends nothing). The figures asked for in issue 10 are printed: static
frame visible, and time to interactive after the first click. The HTTP headers let only embed.html be framed."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from learn_page import course, generated_puzzle_files, puzzle_files, right_answer
from playmat_page import axe_violations
from playwright.sync_api import Browser, Frame, Page, expect
from test_security import WATCH

import build

pytestmark = pytest.mark.browser

BOOT_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A fan site</title></head>
<body>
<h1>A fan site</h1>
<iframe id="lesson" name="lesson" src="{site}embed.html?lesson={lesson}&lang=en&origin={me}&frame=one"
  title="lesson" width="1100" height="700" style="border:0"></iframe>
<iframe id="star" name="star" src="{site}embed.html?lesson={lesson}&origin=*&frame=star" title="star"
  width="400" height="200"></iframe>
<iframe id="rogue" name="rogue" src="{rogue}rogue.html" title="rogue" width="300" height="60"></iframe>
<script>
window.messages = [];
window.addEventListener("message", (event) => {{
  if (event.origin === "{site_origin}") window.messages.push(event.data);
}});
window.command = (name) => document.getElementById("lesson").contentWindow.postMessage(
  {{source: "pwtcg-host", command: name}}, "{site_origin}");
</script>
</body></html>
"""

# A page on a third origin inside the host page: it tries to drive the lesson frame.
ROGUE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rogue</title></head><body><p>rogue</p>
<script>
window.attack = () => {
  const target = window.parent.frames["lesson"];
  target.postMessage({source: "pwtcg-host", command: "start"}, "*");
  target.postMessage({source: "pwtcg-host", command: "restart"}, "*");
  return true;
};
</script></body></html>
"""


class PlainHandler(http.server.SimpleHTTPRequestHandler):
    """A fan site's server: no Content-Security-Policy of ours, no logging."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = build.QuietServer(("127.0.0.1", 0), functools.partial(PlainHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@contextlib.contextmanager
def host_origin(tmp_path: Path, page_html) -> Iterator[str]:
    """A host page on a second origin: ``page_html(host)`` gives its HTML; yields the host's address."""
    host_dir = tmp_path / "host"
    host_dir.mkdir()
    server, host = serve(host_dir)
    (host_dir / "index.html").write_text(page_html(host))
    try:
        yield host
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def fan_site(site_server: str, tmp_path: Path) -> Iterator[dict]:
    """The host page on a second origin and a rogue page on a third, each on its own port."""
    rogue_dir, host_dir = tmp_path / "rogue", tmp_path / "host"
    rogue_dir.mkdir()
    host_dir.mkdir()
    (rogue_dir / "rogue.html").write_text(ROGUE_PAGE)
    rogue_server, rogue = serve(rogue_dir)
    host_server, host = serve(host_dir)
    lesson = course()[0]
    (host_dir / "index.html").write_text(HOST_PAGE.format(
        site=site_server, site_origin=site_server.rstrip("/"), me=host.rstrip("/"), rogue=rogue, lesson=lesson["id"]))
    yield {"host": host, "rogue": rogue, "lesson": lesson}
    for server in (rogue_server, host_server):
        server.shutdown()
        server.server_close()


def lesson_frame(page: Page) -> Frame:
    frame = page.frame(name="lesson")
    assert frame is not None
    return frame


def embed_state(frame: Frame) -> dict:
    return frame.evaluate("window.pwtcgEmbed.state()")


def messages(page: Page) -> list[dict]:
    return page.evaluate("window.messages")


def test_a_fan_site_embeds_a_lesson_plays_it_and_hears_of_it(browser: Browser, fan_site: dict, site_server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH)   # every frame records the CSP violations it sees
    page = context.new_page()
    python_requests: list[str] = []
    page.on("request", lambda r: python_requests.append(r.url) if "/pyodide/" in r.url or "/pyscript/" in r.url else None)
    page.goto(fan_site["host"])
    frame = lesson_frame(page)
    frame.wait_for_function("document.body.dataset.embed === 'static'", timeout=STEP_TIMEOUT_MS)
    # The static first frame: the lesson's board and first sentence, drawn with no Python at all.
    lesson = fan_site["lesson"]
    expect(frame.locator(".learn-say")).to_have_text(lesson["steps"][0]["say"]["en"])
    assert frame.locator(".learn-mat .card").count() > 0
    assert python_requests == [], python_requests
    static_ms = frame.evaluate("performance.getEntriesByName('pwtcg:embed-static')[0].startTime")
    page.wait_for_function("window.messages.some(m => m.event === 'ready' && m.frame === 'one')", timeout=STEP_TIMEOUT_MS)
    # A third origin's commands are ignored: counted, and the frame stays static.
    rogue = page.frame(name="rogue")
    rogue.wait_for_function("typeof window.attack === 'function'")
    rogue.evaluate("window.attack()")
    frame.wait_for_function("document.body.dataset.ignored === '2'", timeout=STEP_TIMEOUT_MS)
    assert frame.evaluate("document.body.dataset.embed") == "static"
    assert python_requests == []
    # The first click (the lesson's taught option) starts the engine and is played once it is up.
    first = right_answer(lesson, embed_state(frame))
    click_at = frame.evaluate("performance.now()")
    frame.locator(f".learn-option[data-action='{first}']").click()
    frame.wait_for_function("document.body.dataset.embed === 'live' && window.pwtcgEmbed.state().step === 1",
                            timeout=BOOT_TIMEOUT_MS)
    live_ms = frame.evaluate("performance.getEntriesByName('pwtcg:embed-live')[0].startTime")
    print(f"\n[embed] static first frame visible {static_ms:.0f} ms after the frame's navigation started; "
          f"interactive {live_ms - click_at:.0f} ms after the first click (engine cold start included)")
    # Play the rest inside the iframe.
    state = embed_state(frame)
    while not state["finished"]:
        step = state["step"]
        action = right_answer(lesson, state)
        frame.locator(f".learn-option[data-action='{action}']").click()
        frame.wait_for_function("n => window.pwtcgEmbed.state().step > n", arg=step, timeout=STEP_TIMEOUT_MS)
        state = embed_state(frame)
    page.wait_for_function("window.messages.some(m => m.event === 'lesson-finished')", timeout=STEP_TIMEOUT_MS)
    got = [m for m in messages(page) if m["event"] not in ("resize",)]
    steps = len(lesson["steps"])
    assert all(m["source"] == "pwtcg-embed" and m["version"] == 1 and m["id"] == lesson["id"] for m in got)
    assert [m["frame"] for m in got] == ["one"] * len(got), "the frame with origin=* sent something"
    assert [m["event"] for m in got] == ["ready", "lesson-started", *["step-done"] * steps, "lesson-finished"]
    assert [m["step"] for m in got if m["event"] == "step-done"] == list(range(steps))
    # The host's own command (its declared origin) is obeyed: restart goes back to step 0.
    page.evaluate("window.command('restart')")
    frame.wait_for_function("window.pwtcgEmbed.state().step === 0 && !window.pwtcgEmbed.state().finished",
                            timeout=STEP_TIMEOUT_MS)
    assert frame.evaluate("document.body.dataset.ignored") == "2"
    assert frame.evaluate("window.__cspViolations") == []
    # Once more in the same browser (files in its HTTP cache): the figures a returning reader sees.
    page.goto(fan_site["host"])
    frame = lesson_frame(page)
    frame.wait_for_function("document.body.dataset.embed === 'static'", timeout=STEP_TIMEOUT_MS)
    static_ms = frame.evaluate("performance.getEntriesByName('pwtcg:embed-static')[0].startTime")
    click_at = frame.evaluate("performance.now()")
    frame.locator("#embed-play").click()
    frame.wait_for_function("document.body.dataset.embed === 'live'", timeout=BOOT_TIMEOUT_MS)
    live_ms = frame.evaluate("performance.getEntriesByName('pwtcg:embed-live')[0].startTime")
    print(f"[embed] again with a warm HTTP cache: static frame {static_ms:.0f} ms, interactive "
          f"{live_ms - click_at:.0f} ms after the click")
    context.close()


def test_the_host_can_start_an_embed_and_a_puzzle_embed_reports_solved(browser: Browser, site_server: str,
                                                                       tmp_path: Path) -> None:
    """autostart=1 needs no click; a puzzle played in the embed sends puzzle-solved (here the host page is the
    test's own about:blank-free origin: a second server). The iframe is sandboxed with the two permissions
    docs/embedding.md asks for, as a careful fan site would do."""
    puzzle = sorted(puzzle_files().values(), key=lambda p: (p.get("difficulty", 0), p["id"]))[0]

    def page_html(host: str) -> str:
        return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>host</title></head><body>"
                f"<iframe name='puzzle' title='puzzle' width='1100' height='700' sandbox='allow-scripts allow-same-origin'"
                f" src='{site_server}embed.html?puzzle={puzzle['id']}"
                f"&theme=light&autostart=1&origin={host.rstrip('/')}'></iframe><script>window.messages = [];"
                f"addEventListener('message', e => {{ if (e.origin === '{site_server.rstrip('/')}') messages.push(e.data); }});"
                "</script></body></html>")
    with host_origin(tmp_path, page_html) as host:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        try:
            page.goto(host)
            frame = page.frame(name="puzzle")
            frame.wait_for_function("document.body.dataset.embed === 'live'", timeout=BOOT_TIMEOUT_MS)
            assert frame.evaluate("document.body.dataset.theme") == "light"
            for move in puzzle["solution"]:
                state = frame.evaluate("window.pwtcgEmbed.state()")
                action = resolve_move(state, move)
                frame.locator(f".learn-option[data-action='{action}']").click()
                frame.wait_for_function("n => window.pwtcgEmbed.state() !== null && JSON.stringify(window.pwtcgEmbed.state()) !== n",
                                        arg=_dump(state), timeout=STEP_TIMEOUT_MS)
            page.wait_for_function("window.messages.some(m => m.event === 'puzzle-solved')", timeout=STEP_TIMEOUT_MS)
            solved = next(m for m in messages(page) if m["event"] == "puzzle-solved")
            assert solved["kind"] == "puzzle" and solved["id"] == puzzle["id"] and solved["tries"] == 0
            assert axe_violations_frame(frame) == []
        finally:
            context.close()


def test_a_sandbox_without_same_origin_gets_a_message_not_an_empty_frame(browser: Browser, site_server: str,
                                                                         tmp_path: Path) -> None:
    """Sandboxed without allow-same-origin, the frame's own modules are refused (an anonymous origin): the page
    says what the sandbox needs, with no script at all; a working embed never shows that message."""
    lesson = course()[0]["id"]

    def page_html(host: str) -> str:
        return ("<!doctype html><html lang='en'><head><meta charset='utf-8'><title>host</title></head><body>"
                f"<iframe name='boxed' title='boxed' width='900' height='500' sandbox='allow-scripts'"
                f" src='{site_server}embed.html?lesson={lesson}'></iframe>"
                f"<iframe name='open' title='open' width='900' height='500' src='{site_server}embed.html?lesson={lesson}'>"
                "</iframe></body></html>")

    with host_origin(tmp_path, page_html) as host:
        context = browser.new_context(viewport={"width": 1000, "height": 1100})
        page = context.new_page()
        try:
            page.goto(host)
            boxed, fine = page.frame(name="boxed"), page.frame(name="open")
            boxed.locator("#embed-stuck").wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
            assert "allow-same-origin" in boxed.inner_text("#embed-stuck")
            assert boxed.evaluate("document.body.dataset.embed") == "boot"
            fine.wait_for_function("document.body.dataset.embed === 'static'", timeout=STEP_TIMEOUT_MS)
            assert not fine.is_visible("#embed-stuck")
        finally:
            context.close()


def _dump(state: dict) -> str:
    import json

    return json.dumps(state, separators=(",", ":"), ensure_ascii=False)


def resolve_move(state: dict, move: str) -> str:
    from test_puzzles_web import resolve

    return resolve(state, move)


def axe_violations_frame(frame: Frame) -> list[dict]:
    from playmat_page import AXE

    frame.evaluate(AXE.read_text(encoding="utf-8"))
    return frame.evaluate("""() => axe.run(document.body, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}})
        .then(r => r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => ({id: v.id, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))""")


def test_the_embed_page_carries_the_policy(site_dir: Path) -> None:
    text = (site_dir / "embed.html").read_text()
    assert f'<meta http-equiv="Content-Security-Policy" content="{build.CSP}">' in text
    for tag in text.split("<script")[1:]:
        assert "src=" in tag.split(">", 1)[0], tag


def test_only_the_embed_page_may_be_framed(site_server: str) -> None:
    """The server's headers (build.py serve, as docs/embedding.md asks of a host): embed.html allows any frame
    ancestor, every other page none."""
    for page, ancestors in (("embed.html", "frame-ancestors *"), ("index.html", "frame-ancestors 'none'"),
                            ("", "frame-ancestors 'none'")):
        with urllib.request.urlopen(site_server + page) as response:
            policy = response.headers["Content-Security-Policy"]
        assert policy.endswith(ancestors), (page, policy)
        assert policy.startswith(build.CSP)


def test_the_embed_page_alone_is_light_and_passes_axe(page: Page, site_server: str) -> None:
    """Opened on its own: the static frame, no Python fetched, every lesson's frame file present, axe clean."""
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    lesson = course()[0]
    page.goto(f"{site_server}embed.html?lesson={lesson['id']}&lang=ja")
    page.wait_for_function("document.body.dataset.embed === 'static'", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".learn-say")).to_have_text(lesson["steps"][0]["say"]["ja"])
    assert not [u for u in requested if "/pyodide/" in u or "/pyscript/" in u]
    assert axe_violations(page, "#embed") == []
    # A bad id is said plainly.
    page.goto(f"{site_server}embed.html?lesson=no-such-lesson")
    page.wait_for_function("document.body.dataset.embed === 'error'", timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#embed-error")).to_contain_text("no-such-lesson")


def test_the_embedding_page_lists_every_lesson_and_puzzle_with_snippet_and_preview(page: Page) -> None:
    from learn_page import lesson_files
    from playmat_page import open_app

    open_app(page, query="speed=0#embedding")
    expect(page.locator("#embedding-screen .embed-entry").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    entries = page.locator("#embedding-screen .embed-entry").evaluate_all(
        "els => els.map(e => [e.dataset.kind, e.dataset.id, e.querySelector('code').textContent,"
        " e.querySelector('iframe').getAttribute('src')])")
    expected = sorted([("lesson", i) for i in lesson_files()]
                      + [("puzzle", i) for i in {**puzzle_files(), **generated_puzzle_files()}])
    assert sorted((kind, item) for kind, item, _, _ in entries) == expected
    for kind, item, code, src in entries:
        assert f"embed.html?{kind}={item}&" in code and "origin=https://your.site" in code and code.startswith("<iframe")
        assert f"embed.html?{kind}={item}&" in src
    # The first live preview draws its static frame inside the docs page.
    preview = page.frame_locator("#embedding-screen .embed-entry iframe").first
    expect(preview.locator("body[data-embed='static'] .learn-say")).not_to_be_empty(timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#embedding-screen") == []
