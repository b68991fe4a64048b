"""The lesson runner: plays a lesson (``engine.persistence.lessons``) through the game's one decision loop.

A ``Tutor`` holds the lesson's game and the current step. Each step tells the viewer what to do and what to
look at; ``act`` takes the viewer's action (its text) and either accepts it (the game moves on, the other side's
scripted or automatic answers are played, and the step's explanation is shown with what the engine did) or
refuses it with a reason, changing nothing. The last step of every lesson is a check: a question answered by
clicking the right card or zone on the board. See docs/lessons.md.
"""
from __future__ import annotations

from typing import Any

from ..model.actions import Action, Decision, IllegalAction
from ..model.limits import MAX_ACTION_CHARS, excerpt
from ..persistence import lessons as lesson_files
from ..persistence import scenario
from ..persistence.lessons import ANY, LANGS, BadLesson
from ..presentation.action_labels import action_label
from ..presentation.view import log_entry, view

# The other side's automatic answer when the lesson scripts none: the first of these that is legal, else the
# first option (so an opponent passes, declines, stops choosing and ends its turn unless told otherwise).
AUTO_PREFERENCE = ("pass", "no", "done", "keep", "end")
MAX_AUTO = 500   # decisions the other side may take in a row before the lesson is declared broken

WORDS = {
    "en": {"next": "Continue", "done": "Lesson complete! Replay it or pick the next one.", "right": "Right!",
           "correct": "Correct!", "not_answer": "Not that one. Look again.",
           "not_now": "That is not something you can do right now: {reason}",
           "not_taught": "That is allowed, but this step asks for something else.", "over": "The lesson is over.",
           "bad": "That is not an action: {reason}", "player0": "your", "player1": "your opponent's"},
    "ja": {"next": "次へ", "done": "レッスン完了！もう一度遊ぶか、次のレッスンへ進みましょう。", "right": "その通り！",
           "correct": "正解！", "not_answer": "それではありません。もう一度よく見てみましょう。",
           "not_now": "今はそれはできません：{reason}", "not_taught": "ルール上は可能ですが、このステップでは別の行動を求めています。",
           "over": "このレッスンは終わりました。", "bad": "行動として読めません：{reason}", "player0": "あなたの",
           "player1": "相手の"},
}
# How a lesson's log names the two seats, the learner's first (narration says the learner's seat as "you").
SEAT_NAMES = {"en": ("You", "Opponent"), "ja": ("あなた", "相手")}


def said(reason: Any, lang: str) -> str:
    """A reason in the lesson's language: the engine's reasons are messages that say themselves in either."""
    return reason.text(lang) if hasattr(reason, "text") else str(reason)


ZONE_WORDS = {
    "en": {"hand": "hand", "base": "base", "life": "life", "souls": "souls", "deck": "deck",
           "graveyard": "graveyard", "exile": "exile", "material": "Material", "ingredient": "Ingredient"},
    "ja": {"hand": "手札", "base": "拠点", "life": "ライフ", "souls": "ソウル", "deck": "山札",
           "graveyard": "墓地", "exile": "除外", "material": "素材", "ingredient": "食材"},
}


class Tutor:
    """One lesson being played: its game, the current step, and what the viewer was last told."""

    def __init__(self, lesson: dict | str, lang: str = "en"):
        """A lesson (a validated lesson dict, or a shipped lesson's id) at its first step."""
        self.lesson = lesson_files.load(lesson) if isinstance(lesson, str) else lesson_files.validate(lesson)
        self.lang = _lang(lang)
        self.viewer: int = self.lesson.get("viewer", 0)
        self.steps: list[dict] = self.lesson["steps"]
        self.restart()

    # ------------------------------------------------------------------ flow
    def restart(self) -> None:
        """Back to the first step, with the lesson's position set up anew."""
        self.game = scenario.load(self.lesson["scenario"])
        self.step = 0
        self.feedback: dict | None = None
        self.explain: dict | None = None
        self.events: list[dict] = []
        self.feedback_step = 0          # the step the feedback is about
        self._settle(list(self.lesson.get("opening", [])), "opening")

    @property
    def finished(self) -> bool:
        return self.step >= len(self.steps)

    def current(self) -> dict | None:
        return None if self.finished else self.steps[self.step]

    def act(self, text: Any) -> dict:
        """The viewer's action (the text of one of ``options()``, or any action text): its feedback, also kept
        in ``self.feedback``. A refused action changes nothing but the feedback."""
        words = WORDS[self.lang]
        step = self.current()
        if step is None:
            return self._refuse(words["over"])
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            return self._refuse(words["bad"].format(reason=excerpt(text)))
        text = " ".join(text.split())
        kind = step_kind(step)
        if kind == "next":
            if text != "next":
                return self._refuse(words["not_taught"], step)
            return self._advance(step, [], words["right"])
        if kind == "check":
            if text not in self._answers(step):
                return self._refuse(step["wrong"][self.lang] if "wrong" in step else words["not_answer"], step)
            return self._advance(step, [], words["correct"])
        return self._take(step, text)

    def _take(self, step: dict, text: str) -> dict:
        """An action for an ``expect`` step: the taught one (or any legal one if the step allows any)."""
        words = WORDS[self.lang]
        game = self.game
        d = game.decision
        if d is None or d.player != self.viewer:
            return self._refuse(words["over"])
        try:
            action = Action.parse(text)
        except IllegalAction as e:
            return self._refuse(words["bad"].format(reason=e))
        reason = game.why_not(action)
        if reason is not None:
            return self._refuse(words["not_now"].format(reason=said(reason, self.lang)), step)
        if step["expect"] != ANY and action.text not in self._expected(step):
            return self._refuse(step["wrong"][self.lang] if "wrong" in step else words["not_taught"], step)
        mark = len(game.log)
        game.apply(action)
        self._settle(list(step.get("answers", [])), f"steps[{self.step}].answers")
        return self._advance(step, game.log[mark:], words["right"])

    def _advance(self, step: dict, events: list, praise: str) -> dict:
        self.events = [self._event(e) for e in events]
        self.events = [e for e in self.events if e["text"]]
        self.feedback = {"ok": True, "text": praise, "rules": list(step.get("rules", []))}
        self.explain = ({"text": step["explain"][self.lang], "rules": list(step.get("rules", []))}
                        if "explain" in step else None)
        self.feedback_step = self.step
        self.step += 1
        return self.feedback

    def _refuse(self, text: str, step: dict | None = None) -> dict:
        self.feedback = {"ok": False, "text": text, "rules": list(step.get("rules", [])) if step else []}
        self.feedback_step = self.step
        return self.feedback

    def _event(self, event: Any) -> dict:
        names = SEAT_NAMES[self.lang] if self.viewer == 0 else SEAT_NAMES[self.lang][::-1]
        entry = log_entry(event, self.viewer, self.lang, names, self.viewer)
        return {"text": entry["text"], "rule": event.rule or None, "kind": event.kind}

    def _settle(self, script: list[str], where: str) -> None:
        """Play the other side's decisions until the viewer must decide (or the game ends): the scripted answers
        first, in order, then automatic ones. A scripted answer that is illegal or left unused is a broken lesson."""
        game = self.game
        for _ in range(MAX_AUTO):
            d = game.decision
            if d is None or d.player == self.viewer:
                break
            if script:
                text = scenario.resolve(game, script.pop(0))
                reason = game.why_not(text)
                if reason is not None:
                    raise BadLesson(f"{self.lesson['id']}: {where}: {excerpt(text)} is not legal now: {reason}")
                game.apply(text)
            else:
                game.apply(auto_choice(d))
        else:
            raise BadLesson(f"{self.lesson['id']}: the other side took over {MAX_AUTO} decisions in a row.")
        if script:
            raise BadLesson(f"{self.lesson['id']}: {where}: {len(script)} scripted answer(s) left unused "
                            f"(next: {excerpt(script[0])}).")

    # ------------------------------------------------------------------ what the viewer sees
    def _expected(self, step: dict) -> list[str]:
        expect = step["expect"]
        texts = expect if isinstance(expect, list) else [expect]
        return [scenario.resolve(self.game, t) for t in texts]

    def _point(self, pointer: str) -> str:
        """A highlight or check choice as the page gets it: a card's current id, or the zone name itself."""
        return str(scenario.label_id(self.game, pointer)) if pointer.startswith("@") else pointer

    def _answers(self, step: dict) -> list[str]:
        answer = step["check"]["answer"]
        return [f"answer {self._point(a)}" for a in (answer if isinstance(answer, list) else [answer])]

    def highlight(self) -> list[int | str]:
        """What the current step points at: card ids (int) and zone names (``"hand:0"``, ``"life:1"``)."""
        step = self.current()
        if step is None:
            return []
        out: list[int | str] = []
        for pointer in step.get("highlight", []):
            point = self._point(pointer)
            out.append(int(point) if point.isdigit() else point)
        return out

    def options(self) -> list[dict]:
        """What the viewer may do now, each ``{"action": text, "label": readable}``."""
        step = self.current()
        if step is None:
            return []
        kind = step_kind(step)
        if kind == "next":
            return [{"action": "next", "label": WORDS[self.lang]["next"]}]
        if kind == "check":
            return [{"action": f"answer {p}", "label": self.pointer_label(p)}
                    for p in (self._point(c) for c in step["check"]["choices"])]
        d = self.game.decision
        if d is None or d.player != self.viewer:
            return []
        legal = {a.text for a in d.options}
        texts = [a.text for a in d.options] if step["expect"] == ANY else [
            t for t in self._expected(step) if t in legal]
        return [{"action": t, "label": action_label(self.game, t, self.lang, d)} for t in texts]

    def pointer_label(self, point: str) -> str:
        """A card's name, or a zone said in words ("your opponent's life")."""
        if point.isdigit():
            card = self.game.state.find(int(point))
            return card.defn.full_name_in(self.lang) if card else point
        zone, player = point.split(":")
        whose = WORDS[self.lang]["player0" if int(player) == self.viewer else "player1"]
        return f"{whose}{ZONE_WORDS[self.lang][zone]}" if self.lang == "ja" else f"{whose} {ZONE_WORDS['en'][zone]}"

    def visible_labels(self) -> dict[str, int]:
        """Labels of the cards the viewer may see (public zones and their own hand): a label on a hidden card
        would tell where that card is."""
        state = self.game.state
        out = {}
        for label, cid in scenario.labels(self.game).items():
            card = state.find(cid)
            if card.zone not in ("deck", "hand") or (card.zone == "hand" and card.owner == self.viewer):
                out[label] = cid
        return out

    def say(self) -> str:
        step = self.current()
        return WORDS[self.lang]["done"] if step is None else step["say"][self.lang]

    def state(self, lang: str | None = None) -> dict:
        """The LessonState the page shows (see docs/lessons.md); ``lang`` switches the language from now on."""
        if lang is not None:
            self.lang = _lang(lang)
        step = self.current()
        # a check asks something the last step's praise and explanation may answer: they are not shown with it,
        # and no verdict is shown before the reader answers
        fresh = not (step and step_kind(step) == "check" and self.feedback_step != self.step)
        return {
            "id": self.lesson["id"], "step": self.step, "steps": len(self.steps), "lang": self.lang,
            "title": self.lesson["title"][self.lang], "say": self.say(),
            "kind": step_kind(step) if step else None, "rules": list(step.get("rules", [])) if step else [],
            "highlight": self.highlight(), "options": self.options(),
            "view": view(self.game, self.viewer, self.lang),
            "feedback": self.feedback if fresh else None, "explain": self.explain if fresh else None,
            "events": list(self.events) if fresh else [],
            "labels": self.visible_labels(), "finished": self.finished,
        }


def step_kind(step: dict) -> str:
    """``expect`` (an action on the board), ``check`` (click the right card or zone) or ``next`` (read on)."""
    return "expect" if "expect" in step else "check" if "check" in step else "next"


def auto_choice(decision: Decision) -> Action:
    """The other side's answer when the lesson scripts none (``AUTO_PREFERENCE``, else the first option)."""
    by_text = {a.text: a for a in decision.options}
    for text in AUTO_PREFERENCE:
        if text in by_text:
            return by_text[text]
    return decision.options[0]


def _lang(lang: Any) -> str:
    if lang not in LANGS:
        raise BadLesson(f"Unknown language {excerpt(lang)}: use \"en\" or \"ja\".")
    return lang


