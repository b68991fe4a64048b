"""The Learn screen and lessons in the browser: every lesson played by clicking the board, a wrong
check answer refused with feedback, rule links, progress kept in the browser (done, skip ahead, replay, reset),
the language switch keeping the place, and an axe-core audit."""

from __future__ import annotations

import pytest
from learn_page import course, lesson_files, right_answer, wrong_answer
from playmat_page import axe_violations, open_app
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 30_000
FIRST_LESSONS = 2


def lesson_state(page: Page) -> dict:
    return page.evaluate("window.pwtcgLearn.lesson()")


def updates(page: Page) -> int:
    return int(page.get_attribute("#lesson-screen", "data-updates") or 0)


def take(page: Page, action: str) -> dict:
    """Take one action the way a player does: click the card it is about when that card has this one option
    (a check answered on a card), else the option button; wait for the engine's answer."""
    before = updates(page)
    state = lesson_state(page)
    verb, _, target = action.partition(" ")
    card = page.locator(f"#lesson-board .card[data-id='{target}']") if verb == "answer" and target.isdigit() else None
    if card is not None and card.count():
        card.first.click()
    else:
        page.locator(f"#lesson-board .learn-option[data-action='{action}']").click()
    page.wait_for_function("n => Number(document.getElementById('lesson-screen').dataset.updates) > n",
                           arg=before, timeout=STEP_TIMEOUT_MS)
    assert lesson_state(page)["id"] == state["id"]
    return lesson_state(page)


def open_lesson(page: Page, lesson_id: str) -> dict:
    page.evaluate("id => { location.hash = '#lesson/' + id; }", lesson_id)
    page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lesson_id, timeout=STEP_TIMEOUT_MS)
    return lesson_state(page)


def play_through(page: Page, lesson: dict, wrong_first: bool = False) -> list[str]:
    """Play a lesson to its end with the right answers; returns the sentences shown. With ``wrong_first`` the
    check step is first answered wrongly, which must be refused with the lesson's feedback."""
    state = lesson_state(page)
    said = []
    refused = False
    while not state["finished"]:
        said.append(page.inner_text("#lesson-board .learn-say"))
        wrong = wrong_answer(lesson, state) if wrong_first and not refused else None
        if wrong:
            after = take(page, wrong)
            assert after["step"] == state["step"] and after["feedback"]["ok"] is False
            expect(page.locator("#lesson-board .learn-note.wrong")).to_be_visible()
            refused = True
            state = after
        step = state["step"]
        state = take(page, right_answer(lesson, state))
        assert state["step"] == step + 1, (lesson["id"], step, state["feedback"])
        if state["kind"] == "check":
            # a check shows no verdict and no explanation (which may answer it) before the reader answers
            assert state["feedback"] is None and state["explain"] is None and state["events"] == []
            expect(page.locator("#lesson-board .learn-feedback .learn-note")).to_have_count(0)
        else:
            assert state["feedback"]["ok"] is True
            expect(page.locator("#lesson-board .learn-note.ok")).to_be_visible()
        # only this step's cards and zones are marked (the board reuses elements; no mark may outlive its step)
        assert page.locator("#lesson-board .learn-target").count() <= len(state["highlight"] or ()), state["step"]
    assert not wrong_first or refused, "the lesson has no check with a wrong choice to try"
    return said


def test_the_first_course_lessons_play_to_their_end(page: Page) -> None:
    open_app(page)
    page.click("#main-nav a[data-route=learn]")
    expect(page.locator("#learn-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    lessons = course()[:FIRST_LESSONS]
    assert len(lessons) == FIRST_LESSONS
    # The course lists the lessons in order; the first is "next up".
    items = page.locator("#learn-screen .lesson-item").evaluate_all("els => els.map(e => e.dataset.lesson)")
    assert items[:FIRST_LESSONS] == [lesson["id"] for lesson in lessons]
    expect(page.locator(f"#learn-screen .lesson-item[data-lesson='{lessons[0]['id']}']")).to_have_class("lesson-item status-new next")
    page.click(f"#learn-screen .lesson-item[data-lesson='{lessons[0]['id']}'] a.lesson-go")
    page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lessons[0]["id"], timeout=STEP_TIMEOUT_MS)
    # The first step: its sentence, the real board with the highlighted cards or zones, its options.
    state = lesson_state(page)
    assert page.inner_text("#lesson-board .learn-say") == lesson_files_say(lessons[0], 0)
    assert page.locator("#lesson-board .learn-mat .card").count() > 0
    if state["highlight"]:
        assert page.locator("#lesson-board .learn-target").count() > 0
    for index, lesson in enumerate(lessons):
        if index:
            open_lesson(page, lesson["id"])
        play_through(page, lesson, wrong_first=index == 0)
        expect(page.locator("#lesson-next")).to_be_visible()
        assert page.get_attribute("#lesson-board", "data-finished") == "1"
    # Every rule the lesson cites links to its rules entry.
    links = page.locator("#lesson-board a.rule-link").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links and all(link.startswith("#rules/") for link in links)
    # ... and following one shows that entry on the rules page.
    page.locator("#lesson-board a.rule-link").first.click()
    expect(page.locator("#rules-screen")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#rules-screen")).to_contain_text(links[0].split("/", 1)[1])
    page.go_back()
    expect(page.locator("#lesson-screen")).to_be_visible()
    assert lesson_state(page)["finished"] is True   # back from the rule, the lesson is where it was
    # Progress: both done, kept across a reload.
    page.click("a[href='#learn'].button")
    for lesson in lessons:
        expect(page.locator(f"#learn-screen .lesson-item[data-lesson='{lesson['id']}']")).to_have_class(
            "lesson-item status-done")
    page.reload()
    page.wait_for_function("document.body.dataset.ready", timeout=90_000)
    expect(page.locator(f"#learn-screen .lesson-item[data-lesson='{lessons[0]['id']}']")).to_have_class(
        "lesson-item status-done", timeout=STEP_TIMEOUT_MS)


def test_every_other_lesson_plays_to_its_end_by_clicking(page: Page) -> None:
    """The rest of the course and the whole shelf, each played by clicking its taught actions and check answers
    on the board (the first lessons are played above, with their wrong answers and links)."""
    open_app(page)
    page.click("#main-nav a[data-route=learn]")
    expect(page.locator("#learn-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    first = {lesson["id"] for lesson in course()[:FIRST_LESSONS]}
    rest = [lesson for lesson_id, lesson in lesson_files().items() if lesson_id not in first]
    assert len(rest) >= 18
    for lesson in rest:
        open_lesson(page, lesson["id"])
        said = play_through(page, lesson)
        assert said[0] == lesson_files_say(lesson, 0)
        assert page.get_attribute("#lesson-board", "data-finished") == "1", lesson["id"]


def lesson_files_say(lesson: dict, step: int, lang: str = "en") -> str:
    return lesson["steps"][step]["say"][lang]


def test_skip_ahead_replay_and_reset_progress(page: Page) -> None:
    open_app(page, query="speed=0#learn")
    lessons = course()
    expect(page.locator("#learn-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    # Skip ahead: nothing is locked; skipping the first lesson opens the next one.
    page.click(f"#learn-screen .lesson-item[data-lesson='{lessons[0]['id']}'] a.lesson-go")
    page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lessons[0]["id"], timeout=STEP_TIMEOUT_MS)
    page.click("#lesson-skip")
    page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lessons[1]["id"], timeout=STEP_TIMEOUT_MS)
    # Replay: a step taken, then "Start over" returns to step 0.
    state = lesson_state(page)
    take(page, right_answer(lessons[1], state))
    assert lesson_state(page)["step"] == 1
    before = updates(page)
    page.click("#lesson-restart")
    page.wait_for_function("n => Number(document.getElementById('lesson-screen').dataset.updates) > n", arg=before)
    assert lesson_state(page)["step"] == 0
    page.click("#lesson-screen .learn-toolbar a[href='#learn']")
    expect(page.locator(f"#learn-screen .lesson-item[data-lesson='{lessons[0]['id']}']")).to_have_class(
        "lesson-item status-skipped")
    # "Next up" is the first course lesson neither done nor skipped.
    expect(page.locator(f"#learn-screen .lesson-item[data-lesson='{lessons[1]['id']}']")).to_have_class(
        "lesson-item status-started next")
    # Reset asks first; "keep" keeps, "yes" forgets.
    page.click("#learn-reset")
    page.click("#learn-reset-no")
    expect(page.locator(f"#learn-screen .lesson-item[data-lesson='{lessons[0]['id']}']")).to_have_class(
        "lesson-item status-skipped")
    page.click("#learn-reset")
    page.click("#learn-reset-yes")
    expect(page.locator("#learn-screen .lesson-item.status-skipped, #learn-screen .lesson-item.status-started")).to_have_count(0)
    assert page.evaluate("JSON.parse(localStorage.getItem('pwtcg.learn')).lessons") == {}


def test_switching_language_keeps_the_step(page: Page) -> None:
    lesson = course()[0]
    open_app(page, query=f"speed=0#lesson/{lesson['id']}")
    page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lesson["id"], timeout=STEP_TIMEOUT_MS)
    take(page, right_answer(lesson, lesson_state(page)))
    page.click("#lang-toggle")
    page.wait_for_function("() => window.pwtcgLearn.lesson()?.lang === 'ja' && window.pwtcgLearn.lesson()?.step === 1",
                           timeout=STEP_TIMEOUT_MS)
    expect(page.locator("#lesson-board .learn-say")).to_have_text(lesson_files_say(lesson, 1, "ja"))
    expect(page.locator("#lesson-restart")).to_have_text("最初から")


def test_learn_and_lesson_screens_pass_axe(page: Page) -> None:
    lesson = course()[0]
    open_app(page, query="speed=0#learn")
    expect(page.locator("#learn-screen .lesson-item").first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#learn-screen") == []
    page.evaluate("id => { location.hash = '#lesson/' + id; }", lesson["id"])
    page.wait_for_function("id => window.pwtcgLearn?.lesson?.()?.id === id", arg=lesson["id"], timeout=STEP_TIMEOUT_MS)
    assert axe_violations(page, "#lesson-screen") == []
