"""Playing a puzzle: the player's moves, the opponent's best answers, undo, tries and hints (docs/puzzles.md).

The opponent answers with a move that refutes the player's play when one exists (found by the solver), else
its first option. After each move the solver checks that the goal can still be forced from what the player
knows; a move after which it cannot is a wrong try: the puzzle is *failed* (the player may undo or restart) and
a hint becomes available, the move that still wins from the last position where one did.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..persistence.puzzles import Puzzle
from ..persistence.scenario import labels as scenario_labels
from ..persistence.scenario import load as load_scenario
from ..presentation.action_labels import action_label
from ..presentation.view import log_entry
from ..presentation.view import view as view_of
from ..rules.game import Game
from .puzzle_solver import Solver, World, initial_worlds, named, observation, resolve

MESSAGES = {
    "playing": {"en": "Your move.", "ja": "あなたの番です。"},
    "solved": {"en": "Solved! {explanation}", "ja": "正解！ {explanation}"},
    "lost": {"en": "After that move the goal can no longer be forced. Undo it, or ask for a hint.",
             "ja": "この手の後では、もう確実に目標を達成することはできません。元に戻すか、ヒントを見てください。"},
    "ended": {"en": "The goal was missed. Undo or restart, or ask for a hint.",
              "ja": "目標を達成できませんでした。元に戻すかやり直すか、ヒントを見てください。"},
    "lucky": {"en": "That worked here, but only by luck: in another order of the hidden deck it fails. Undo it, or "
                    "ask for a hint.",
              "ja": "今回はうまくいきましたが、運が良かっただけです。伏せられた山札の順番によっては失敗します。元に戻すか、ヒントを見てください。"},
    "undone": {"en": "Move taken back.", "ja": "一手戻しました。"},
    "restart": {"en": "Back to the start.", "ja": "最初からやり直します。"},
}
HINT_REASON = {
    "en": "This keeps a forced win: it works against every answer of your opponent{undo}.",
    "ja": "この手なら相手がどう対応しても目標を達成できます{undo}。",
}
HINT_REASON_HIDDEN = {
    "en": "This keeps a forced win: it works against every answer of your opponent and in every order of the "
          "hidden deck{undo}.",
    "ja": "この手なら相手がどう対応しても、伏せられた山札がどんな順番でも目標を達成できます{undo}。",
}
UNDO_NOTE = {"en": " (first take back your last move)", "ja": "（先に一手戻してください）"}
UNDO_NOTE_MANY = {"en": " (first take back your last {n} moves)", "ja": "（先に{n}手戻してください）"}
SEAT_NAMES = {"en": ("You", "Your opponent"), "ja": ("あなた", "相手")}
# what a reply line tells: the opponent's declarations and what came of them (bookkeeping events are left out)
REPLY_KINDS = frozenset({"block", "attack", "destroyed", "damage_cancelled", "nullified", "life_lost", "play",
                         "deploy", "activate", "ability", "power", "exiled", "game_over"})
REPLY_EVENTS = 4           # events in one reply line at most
REPLY_SEPARATOR = {"en": "; ", "ja": "、"}


class PuzzleError(ValueError):
    """A request the puzzle cannot serve (an illegal move, nothing to undo, no hint yet)."""


def labelled(game: Game, texts: list[str], lang: str) -> list[dict]:
    """Options with labels; two options that would read alike (two copies of a card) get the card id added."""
    labels = [action_label(game, t, lang, game.decision) for t in texts]
    out = []
    for t, lab in zip(texts, labels, strict=True):
        if labels.count(lab) > 1:
            ids = [w for w in t.split()[1:] if w.isdigit()]
            lab = f"{lab} [{', '.join(ids)}]" if ids else lab
        out.append({"action": t, "label": lab})
    return out


@dataclass
class PuzzleSession:
    """One player working on one puzzle."""

    puzzle: Puzzle
    lang: str = "en"
    game: Game = field(init=False)
    marks: list[int] = field(default_factory=list)     # len(game.choices) before each of the player's moves
    tries: int = 0
    answers: list = field(default_factory=list)         # the opponent's moves since the player's last (``named``)
    status: str = "playing"
    message: str = ""
    reply: str = ""                                     # one line: how the opponent answered the player's last move
    solver: Solver = field(init=False)

    def __post_init__(self) -> None:
        self.solver = Solver(self.puzzle)
        self.restart()

    # --- moves ---------------------------------------------------------------------------------------------------
    @property
    def me(self) -> int:
        return self.puzzle.solver

    def restart(self) -> None:
        """Back to the start position (tries are kept)."""
        self.game = load_scenario(self.puzzle.scenario)
        self.marks = []
        self.answers = []
        self.reply = ""
        self._advance()
        self.message = MESSAGES["restart" if self.tries else "playing"][self.lang]

    def options(self) -> list[str]:
        """The player's legal moves now (none once the puzzle is solved or failed)."""
        d = self.game.decision
        if self.status != "playing" or d is None or d.player != self.me:
            return []
        return [a.text for a in d.options]

    def act(self, action: str) -> None:
        """Play one of the player's options (its text, or a template with card numbers or labels)."""
        if self.status != "playing":
            raise PuzzleError("The puzzle is over: undo or restart to play on.")
        d = self.game.decision
        if d is None or d.player != self.me:
            raise PuzzleError("It is not your move.")
        text = action if any(a.text == action for a in d.options) else resolve(self.game, action)
        if text is None:
            reason = self.game.why_not(action) if isinstance(action, str) else None
            raise PuzzleError(reason or f"{action!r} is not one of your options now.")
        # judged from what the player knew before the move: with a hidden deck, a draw that happens to help
        # does not make a gamble right (the move must win in every order the player could not rule out)
        forced = self.solver.child_value(self.worlds(), text, 0).win
        self.marks.append(len(self.game.choices))
        self.answers = []
        self.reply = ""
        self.message = MESSAGES["playing"][self.lang]   # an older message ("Move taken back.") is stale now
        self.game.apply(text)
        self._advance()
        if not forced and self.status != "failed":
            # a win reached by a move that could fail in another order of a hidden deck is luck, not a solution
            self._fail("lucky" if self.status == "solved" else "lost")

    def undo(self) -> None:
        """Take back the player's last move (and the opponent's answers to it)."""
        if not self.marks:
            raise PuzzleError("Nothing to undo.")
        mark = self.marks.pop()
        self.game = self.game.rewind(mark)
        self.answers = []
        self.reply = ""
        self.status = "playing"
        self.message = MESSAGES["undone"][self.lang]

    def _advance(self) -> None:
        """Let the opponent answer, and pass the player's empty quick steps, until the player decides or the
        puzzle ends; the reply line then tells what the opponent's answers did."""
        self._reply_mark: int | None = None
        try:
            self._play_on()
        finally:
            if self._reply_mark is not None:
                self._tell_reply(self.game.log[self._reply_mark:])

    def _play_on(self) -> None:
        while True:
            d = self.game.decision
            done = self.solver.outcome(self.game)
            if done is not None:
                if done:
                    self.status = "solved"
                    self.message = MESSAGES["solved"][self.lang].format(
                        explanation=self.puzzle.explanation[self.lang])
                else:
                    self._fail("ended")
                return
            if d.player == self.me:
                if d.kind == "quick" and [a.text for a in d.options] == ["pass"]:
                    self.game.apply("pass")
                    continue
                self.status = "playing"
                return
            reply = self._reply()
            self.answers.append(named(self.game, reply))
            if self._reply_mark is None:
                self._reply_mark = len(self.game.log)
            self.game.apply(reply)

    def _tell_reply(self, events: list) -> None:
        """Add what the opponent's answer did to the reply line, narrated as the player sees it."""
        names = SEAT_NAMES[self.lang] if self.me == 0 else SEAT_NAMES[self.lang][::-1]
        texts = [self.reply] if self.reply else []
        for event in events:
            if event.kind not in REPLY_KINDS or len(texts) >= REPLY_EVENTS:
                continue
            text = log_entry(event, self.me, self.lang, names, self.me)["text"]
            text = strip_rule(text, event.rule).rstrip("。.")
            text = text[:1] + text[1:].replace(names[1 - self.me], names[1 - self.me].lower()) if self.lang == "en" else text
            if text and text not in texts:
                texts.append(text)
        self.reply = REPLY_SEPARATOR[self.lang].join(texts)

    def _fail(self, why: str) -> None:
        self.status = "failed"
        self.tries += 1
        self.message = MESSAGES[why][self.lang]

    # --- the solver's view of the position -----------------------------------------------------------------------
    def _world(self, game: Game | None = None) -> World:
        game = game or self.game
        return World(self._replayed(self.puzzle.scenario, game.choices), None, self.puzzle.scenario,
                     list(game.choices))

    @staticmethod
    def _replayed(scenario: dict, choices: list[str]) -> Game:
        game = load_scenario(scenario, snapshots=False)
        for text in choices:
            game.apply(text)
        return game

    def worlds(self, game: Game | None = None) -> list[World]:
        """The possible games (hidden deck orders) that look to the player like this one."""
        game = game or self.game
        if not self.puzzle.hidden_decks:
            return [self._world(game)]
        seen = observation(game, self.me)
        out = []
        for w in initial_worlds(self.puzzle):
            try:
                for text in game.choices:
                    w.game.apply(text)
            except ValueError:
                continue
            if observation(w.game, self.me) == seen:
                out.append(World(w.game, None, w.scenario, list(game.choices)))
        return out or [self._world(game)]

    def _reply(self) -> str:
        """The opponent's answer: one that beats the player if there is one, else the engine's first option."""
        world = self._world()
        ranked = self.solver.ranked([world])
        for text, result in ranked:
            if not result.win:
                return text
        return ranked[0][0]

    # --- hints -----------------------------------------------------------------------------------------------------
    @property
    def hint_available(self) -> bool:
        return self.tries > 0

    def hint(self) -> dict:
        """After a wrong try: a move that keeps a forced win, from here or from the position to undo to."""
        if not self.hint_available:
            raise PuzzleError("A hint is offered after a wrong try.")
        game, undo = self.game, 0
        if self.status != "playing" and self.marks:
            # a move is checked as soon as it is made, so the position before the last one still won
            game, undo = self.game.rewind(self.marks[-1]), 1
        if game.decision is None:
            raise PuzzleError("No hint: the game is over.")
        worlds = self.worlds(game)
        for text, result in self.solver.ranked(worlds):
            if result.win:
                note = (UNDO_NOTE if undo == 1 else UNDO_NOTE_MANY)[self.lang].format(n=undo) if undo else ""
                return {"action": text, "label": action_label(game, text, self.lang, game.decision), "undo": undo,
                        "reason": (HINT_REASON_HIDDEN if self.puzzle.hidden_decks else HINT_REASON)[self.lang].format(
                            undo=note)}
        raise PuzzleError("No hint: this position cannot be won; restart the puzzle.")

    def visible_labels(self) -> dict[str, int]:
        """Scenario labels of the cards the player can see, with their current ids (hidden cards' are left out)."""
        seen = {c.id for p in self.game.state.players for z in ("base", "graveyard", "exile") for c in p.zone(z)}
        seen |= {c.id for c in self.game.state.players[self.me].hand}
        return {name: cid for name, cid in scenario_labels(self.game).items() if cid in seen}

    # --- what the page shows ------------------------------------------------------------------------------------------
    def state(self) -> dict[str, Any]:
        """The PuzzleState of the learn-contract: status, message, tries, options and the player's view."""
        return {"id": self.puzzle.id, "status": self.status, "message": self.message, "tries": self.tries,
                "hint_available": self.hint_available,
                "options": labelled(self.game, self.options(), self.lang),
                "view": view_of(self.game, self.me, self.lang), "lang": self.lang,
                "can_undo": bool(self.marks), "reply": self.reply, "kind": self.puzzle.kind, "labels": self.visible_labels(),
                "goal": self.puzzle.goal[self.lang]}


def strip_rule(text: str, rule: str | None) -> str:
    """A narrated line without its trailing rule reference ("… [7.1]"): the page links the rule itself."""
    suffix = f" [{rule}]" if rule else ""
    return text[: -len(suffix)] if suffix and text.endswith(suffix) else text
