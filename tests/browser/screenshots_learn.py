"""Take the lesson, puzzle and embed screenshots in docs/screenshots/.

    python tests/browser/screenshots_learn.py    # builds dist/ if needed, writes docs/screenshots/{lesson,puzzle,embed}-*.png

The lesson is the first course lesson after its first step (feedback and explanation showing); the puzzle is the
easiest one after a wrong try with its hint shown; the embed is a lesson's static first frame inside a fan-site
page served from a second local origin.
"""

from __future__ import annotations

import functools
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1])]

import screenshots  # noqa: E402  (the shared build-serve-shoot loop)
from learn_page import course, puzzle_files, right_answer  # noqa: E402
from playmat_page import STEP_TIMEOUT_MS, open_app  # noqa: E402

import build  # noqa: E402

OUT, DESKTOP = screenshots.OUT, screenshots.DESKTOP

FAN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pal Tactics — a fan site</title>
<style>
body {{ font-family: Georgia, serif; background: #faf6ee; color: #222; margin: 0; }}
header {{ background: #35507a; color: #fff; padding: 0.8rem 2rem; }}
main {{ max-width: 1150px; margin: 0 auto; padding: 1rem 2rem; }}
iframe {{ width: 100%; height: 600px; border: 0; border-radius: 8px; box-shadow: 0 2px 10px #0003; }}
</style></head>
<body><header><h1>Pal Tactics</h1></header><main>
<h2>Why a Lucky Pal saves your life</h2>
<p>Try it yourself below: the lesson runs right here, and the rules engine checks every move.</p>
<iframe src="{site}embed.html?lesson={lesson}&lang=en&theme=light&origin={me}" title="Lesson: the damage check"></iframe>
<p>Next week: blocking and Taunt.</p>
</main></body></html>
"""


def take(url: str) -> list[Path]:
    written = []
    with screenshots.chromium() as browser:
        page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
        open_app(page, url)
        lesson = course()[0]
        page.evaluate("id => { location.hash = '#lesson/' + id; }", lesson["id"])
        page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lesson["id"], timeout=STEP_TIMEOUT_MS)
        state = page.evaluate("window.pwtcgLearn.lesson()")
        page.locator(f"#lesson-board .learn-option[data-action='{right_answer(lesson, state)}']").click()
        page.wait_for_function("() => window.pwtcgLearn.lesson().step === 1", timeout=STEP_TIMEOUT_MS)
        written.append(shot(page, "lesson-desktop"))

        puzzle = sorted(puzzle_files().values(), key=lambda p: (p.get("difficulty", 0), p["id"]))[0]
        page.evaluate("id => { location.hash = '#puzzle/' + id; }", puzzle["id"])
        page.wait_for_function("id => window.pwtcgLearn?.puzzle?.()?.id === id", arg=puzzle["id"], timeout=STEP_TIMEOUT_MS)
        for option in [o["action"] for o in page.evaluate("window.pwtcgLearn.puzzle()")["options"]]:
            before = page.evaluate("JSON.stringify(window.pwtcgLearn.puzzle())")
            page.locator(f"#puzzle-board .learn-option[data-action='{option}']").click()
            page.wait_for_function("b => JSON.stringify(window.pwtcgLearn.puzzle()) !== b", arg=before, timeout=STEP_TIMEOUT_MS)
            if page.evaluate("window.pwtcgLearn.puzzle().status") == "failed":
                break
            before = page.evaluate("JSON.stringify(window.pwtcgLearn.puzzle())")
            page.click("#puzzle-undo")
            page.wait_for_function("b => JSON.stringify(window.pwtcgLearn.puzzle()) !== b", arg=before, timeout=STEP_TIMEOUT_MS)
        page.click("#puzzle-hint")
        page.wait_for_selector("#puzzle-hint-box", timeout=STEP_TIMEOUT_MS)
        written.append(shot(page, "puzzle-desktop"))
        page.close()

        with tempfile.TemporaryDirectory() as tmp:
            server = build.QuietServer(("127.0.0.1", 0), functools.partial(
                build.http.server.SimpleHTTPRequestHandler, directory=tmp))
            threading.Thread(target=server.serve_forever, daemon=True).start()
            me = f"http://127.0.0.1:{server.server_address[1]}"
            ids = [item["id"] for item in course()]
            lesson_id = "damage-check" if "damage-check" in ids else ids[0]
            Path(tmp, "index.html").write_text(FAN_PAGE.format(site=url, lesson=lesson_id, me=me))
            page = browser.new_page(viewport=DESKTOP, device_scale_factor=1)
            page.goto(me + "/")
            frame = page.frame_locator("iframe")
            frame.locator("body[data-embed='static'] .learn-mat .card").first.wait_for(timeout=STEP_TIMEOUT_MS)
            written.append(shot(page, "embed-host"))
            page.close()
            server.shutdown()
    return written


def shot(page, name: str) -> Path:
    path = OUT / f"{name}.png"
    page.screenshot(path=str(path))
    return path


if __name__ == "__main__":
    sys.exit(screenshots.main(take))
