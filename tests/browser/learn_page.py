"""Helpers of the lesson, puzzle and embed browser tests: the lesson and puzzle files, the right answer of a step."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Frame, Page

ROOT = Path(__file__).resolve().parents[2]
STEP_TIMEOUT_MS = 30_000


def lesson_files() -> dict[str, dict]:
    """The shipped lessons by id (cards/lessons/*.json in this repository)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "cards" / "lessons").glob("*.json"))}


def course() -> list[dict]:
    """The course lessons in their order."""
    return sorted((x for x in lesson_files().values() if x.get("path") == "course"), key=lambda x: x.get("order", 0))


def puzzle_files() -> dict[str, dict]:
    """The hand-made puzzles by id (cards/puzzles/*.json)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted((ROOT / "cards" / "puzzles").glob("*.json"))}


def generated_puzzle_files() -> dict[str, dict]:
    """The puzzles mined from games by id (cards/puzzles/generated/*.json)."""
    folder = ROOT / "cards" / "puzzles" / "generated"
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))}


def pointer(state: dict, point: str) -> str:
    """A lesson pointer ("@lucky" or "graveyard:1") as the page's action names it (a card id or the zone)."""
    return str(state["labels"][point[1:]]) if point.startswith("@") else point


def right_answer(lesson: dict, state: dict) -> str:
    """The action that completes the current step: the taught option, the check's answer, or "next"."""
    step = lesson["steps"][state["step"]]
    if "check" in step:
        answer = step["check"]["answer"]
        return f"answer {pointer(state, answer[0] if isinstance(answer, list) else answer)}"
    return state["options"][0]["action"]


def wrong_answer(lesson: dict, state: dict) -> str | None:
    """A check choice that is not the answer (None when the step is not a check with a wrong choice)."""
    step = lesson["steps"][state["step"]]
    if "check" not in step:
        return None
    right = right_answer(lesson, state)
    wrong = [o["action"] for o in state["options"] if o["action"] != right]
    return wrong[0] if wrong else None


def click_action(where: Page | Frame, root: str, action: str) -> None:
    """Click the board's way of taking ``action``: the one card it is about (when that card has only this option),
    else its option button."""
    where.locator(f"{root} .learn-option[data-action='{action}']").first.click()


def wait_step(where: Page | Frame, root: str, attribute: str, before: str) -> None:
    """Wait until ``root``'s data attribute differs from ``before``."""
    where.wait_for_function("([sel, attr, old]) => { const el = document.querySelector(sel);"
                            " return el && el.dataset[attr] !== undefined && el.dataset[attr] !== old; }",
                            arg=[root, attribute, before], timeout=STEP_TIMEOUT_MS)
