"""The playmat's host and the worker's one dispatcher: owns the ``engine.Game`` and answers the page in JSON."""

from __future__ import annotations

import json
from typing import Any

from computer_player import computer_pace, computer_why, make_computer_player
from game_setup import DeckChoices, Setup
from protocol import HostError, ProtocolError, R, check
from state_json import (
    card_info,  # noqa: F401  (build.py's still frames take the catalogue's entries from here)
    decision_info,
    event_info,
    game_words,
    hand_reasons,
    kind_value,
    option_info,
    player_view,
    said,
    seat_names,
    visible_ids,
    why_not,
)

import engine
from engine import bench, inputs
from engine import scenario as scenarios

LOG_RESEND = 400   # log events resent (redacted anew) when the board is shown to another player
# the log lines that show a move itself: a why line goes to the first of these its move logged, if any
WHY_KINDS = ("play", "activate", "attack", "block", "souldraw", "redraw", "first_player", "chosen", "declared",
             "pal_limit", "butcher", "nullified")

# What every state of the game carries besides the board, from other screens' hosts: ``saved``, the game's save
# (saves_host), so the page stores each decision from the answer that shows it, in one round trip.
# Every answer is a JSON string, so nothing but text crosses the worker boundary.
STATE_PARTS: dict[str, Any] = {}


class Host(DeckChoices):
    """One playmat: a game, who plays which side, and the computer player.

    It runs inside a PyScript worker (see ``worker.py``) so that the engine and the computer player never block
    the page, but it is plain Python: the same code runs under CPython in the tests."""

    def __init__(self) -> None:
        self.game = None
        self.setup = Setup()
        self.deciders: list[int] = []   # who took each decision of this game (for undo)
        self.log_sent = 0               # log events already sent to the page
        self.log_viewer: int | None = None   # whose eyes the sent log was redacted for
        self.computer = None
        self._decks: dict[str, dict] | None = None
        # why the computer made its moves: {log index of the line it is shown at: [line in each language]}, for
        # the game ``why_game`` (another game, a rewound one included, starts afresh); ``why_waiting``: lines of
        # moves that logged nothing the viewer sees, shown at the next move that does
        self.whys: dict[int, list[dict[str, str]]] = {}
        self.why_game: Any = None
        self.why_waiting: list[dict[str, str]] = []

    # ------------------------------------------------------------------ start-up information

    def hello(self) -> dict:
        """Engine availability, versions, shipped decks and the card catalogue."""
        return {
            "ok": True,
            "engine_version": getattr(engine, "__version__", "?"),
            "decks": self.deck_list(),
            "scenarios": self.scenario_list(),
            "catalog": self.catalog(),
            "words": game_words(),
        }

    # ------------------------------------------------------------------ playing

    def new_game(self, request: dict) -> dict:
        """Start a game from the start screen's choices (or a scenario) and return the state."""
        self.setup = Setup.from_request(request, self)
        if self.setup.scenario is not None:
            self.game = self._scenario_game(self.setup.scenario)
        else:
            self.game = engine.Game.new(*self.setup.decks, seed=self.setup.seed, first=self.setup.first)
        self.deciders = []
        self.log_sent = 0
        computer_deck = self.setup.decks[1 - self.setup.human] if self.setup.scenario is None else None
        self.computer = make_computer_player(self.setup.seed, self.setup.level, computer_deck)
        self._pass_empty_quick_step()
        return self.state()

    def _scenario_game(self, scenario: Any):
        """A game from a scenario (JSON text or already parsed); the engine bounds its size and depth."""
        return scenarios.load(scenario)

    def require_game(self):
        if self.game is None:
            raise HostError("no game is running")
        return self.game

    def act(self, text: str) -> dict:
        """Apply one action of a human player."""
        game = self.require_game()
        if game.decision is None:
            raise HostError("the game is over")
        if self.is_computer(game.decision.player):
            raise HostError("it is the computer's turn to decide")
        self._apply(text)
        return self.state()

    def _apply(self, action: Any) -> None:
        player = self.game.decision.player
        self.game.apply(action)
        self.deciders.append(player)
        self._pass_empty_quick_step()

    def _pass_empty_quick_step(self) -> None:
        """Against the computer, the human passes a quick step where they can play nothing.

        The engine always offers the step (its existence must not reveal the defender's hand); the human
        knows their own hand, and the computer sees the same step either way. In hot-seat the device is
        still handed over, so the attacker at the table cannot tell either.
        """
        game = self.game
        while (self.setup.mode == "computer" and game.decision is not None
               and game.decision.player == self.setup.human and kind_value(game.decision.kind) == "quick"
               and [a.text for a in game.decision.options] == ["pass"]):
            game.apply("pass")
            self.deciders.append(self.setup.human)

    def computer_step(self) -> dict:
        """Let the computer take one decision (if it has one) and return the new state, with why it chose
        that move (``computer_why``: its decision's kind and one line in each language, from its own view)."""
        game = self.require_game()
        reason = None
        if game.decision is not None and self.is_computer(game.decision.player):
            seen = player_view(game, game.decision.player)
            action = self.computer.choose(seen)
            reason = computer_why(self.computer, seen, action.text)
            before = len(game.log)
            self._apply(action)
            self._keep_why(before, reason["text"])
        return {**self.state(), "computer_why": reason}

    def _keep_why(self, before: int, line: dict[str, str]) -> None:
        """Keep the why line of the computer's move for the first log line of that move the viewer sees (its
        own kind of line where there is one: the play, the attack, the block...)."""
        game = self.game
        if self.why_game is not game:
            self.whys, self.why_game, self.why_waiting = {}, game, []
        viewer = self.viewer()
        shown = [i for i in range(before, len(game.log))
                 if event_info(game.log[i], viewer, self.seat_names(), self.you()) is not None]
        self.why_waiting.append(line)
        if shown:
            main = [i for i in shown if game.log[i].kind in WHY_KINDS]
            self.whys[(main or shown)[0]] = self.why_waiting
            self.why_waiting = []

    def undo(self) -> dict:
        """Rewind to the human's previous decision (against the computer only)."""
        game = self.require_game()
        if self.setup.mode != "computer":
            raise HostError("undo is only offered against the computer")
        target = self.undo_target()
        if target is None:
            raise HostError("nothing to undo")
        if game.outcome is not None:
            self.setup.practice = self.setup.practice or "rewind"
        self.game = game.rewind(self._choice_offset() + target)
        self.deciders = self.deciders[:target]
        self.log_sent = 0
        if self.why_game is game:   # the rewound game keeps the why lines of the moves it keeps
            self.whys = {i: lines for i, lines in self.whys.items() if i < len(self.game.log)}
            self.why_game, self.why_waiting = self.game, []
        return self.state()

    def why_not(self, text: str) -> str | None:
        """The engine's reason the viewer's action is illegal now (only for the viewer's own decision)."""
        game = self.require_game()
        decision = game.decision
        if decision is None or decision.player != self.viewer() or self.is_computer(decision.player):
            raise HostError("it is not your decision")
        return why_not(game, text)

    def _choice_offset(self) -> int:
        """Choices the game already had before the page's first one (a scenario may start with some)."""
        return len(self.game.choices) - len(self.deciders)

    def undo_target(self) -> int | None:
        """Index (in ``deciders``) of the human's latest decision, or None if there is none."""
        for index in range(len(self.deciders) - 1, -1, -1):
            if self.deciders[index] == self.setup.human:
                return index
        return None

    def is_computer(self, player: int) -> bool:
        return self.setup.mode == "computer" and player != self.setup.human

    def concede(self) -> dict:
        game = self.require_game()
        decision = game.decision
        player = self.setup.human if self.setup.mode == "computer" else (decision.player if decision else 0)
        if decision is not None:
            game.concede(player)
            self.deciders.append(player)   # the engine records the concession as a choice
        return self.state()

    # ------------------------------------------------------------------ what the page shows

    def viewer(self) -> int:
        """Whose eyes the board is drawn for: the human, or in hot-seat whoever decides now."""
        game = self.game
        if self.setup.mode == "computer":
            return self.setup.human
        if game.decision is not None:
            return game.decision.player
        return self.setup.human

    def state(self) -> dict:
        """What the viewer's page may know now: their view, their own decision (or only who decides), and
        the log events since the last answer, redacted for the viewer. When the viewer changes (hot-seat),
        the log is sent again, redacted for the new viewer, so no line meant for one player stays on the
        screen of the other."""
        game = self.require_game()
        viewer = self.viewer()
        board = player_view(game, viewer)
        hand_why = hand_reasons(game, board, viewer)
        decision = game.decision
        log_reset = self.log_sent == 0 or self.log_viewer != viewer
        seen, self.log_sent, self.log_viewer = self.log_sent, len(game.log), viewer
        events = game.log[-LOG_RESEND:] if log_reset else game.log[seen:]
        first_new = len(events) - (len(game.log) - seen)
        log, fresh = [], 0
        whys = self.whys if self.why_game is game else {}
        offset = len(game.log) - len(events)
        for index, event in enumerate(events):
            info = event_info(event, viewer, self.seat_names(), self.you())
            if info is not None:
                if offset + index in whys:
                    info["why"] = whys[offset + index]
                log.append(info)
                fresh += index >= first_new
        state = {
            "mode": self.setup.mode,
            "viewer": viewer,
            "human": self.setup.human,
            "view": board,
            "decision": self._decision(board, viewer),
            "hand_why": hand_why,
            "hand_why_text": {card_id: said(reason) for card_id, reason in hand_why.items()},
            "hand_why_option": {card_id: option_info(game, f"play {card_id}", decision, visible_ids(board))
                                for card_id in hand_why},
            "computer_to_act": self.is_computer_deciding(),
            "log_reset": log_reset,
            "log": log,
            "fresh": fresh,
            "can_undo": self.setup.mode == "computer" and self.undo_target() is not None,
            "choices": len(game.choices),
            "level": self.setup.level,
            "practice": self.setup.practice,
            "computer_last": self._computer_last() if decision is None else None,
            "computer_pace": computer_pace(self.setup.level, board["decision"]) if self.is_computer_deciding() else None,
        }
        for key, part in STATE_PARTS.items():
            state[key] = part(self)
        return state

    def is_computer_deciding(self) -> bool:
        decision = self.game.decision
        return decision is not None and self.is_computer(decision.player)

    def seat_names(self) -> dict[str, tuple[str, str]]:
        """The two seats' names in each language, as the board shows them."""
        return seat_names(self.setup.mode, self.setup.human)

    def you(self) -> int | None:
        """The seat the log calls "you": the human against the computer (hot-seat names both by number)."""
        return self.setup.human if self.setup.mode == "computer" else None

    def _computer_last(self) -> dict | None:
        """How long the computer's last decision took and how many playouts Strong spent on it: sent only once
        the game is over, since whether Strong searched a decision depends on its hidden options."""
        last = getattr(self.computer, "last", None)
        if not last:
            return None
        return {"seconds": round(float(last.get("seconds", 0.0)), 4), "playouts": int(last.get("playouts", 0)),
                "searched": bool(last.get("searched"))}

    def _decision(self, board: dict, viewer: int) -> dict | None:
        """The viewer's own pending decision with its options and reasons; of another's, only who decides."""
        decision = self.game.decision
        if decision is None:
            return None
        if decision.player != viewer or self.is_computer(decision.player):
            return board["decision"]
        return decision_info(self.game, decision, visible_ids(board))


# ---------------------------------------------------------------------- benchmarking


def engine_bench(games: int, seed: int = 1) -> dict:
    """``engine.bench.run`` in this interpreter (what ``python -m engine bench`` prints).

    The same function runs under CPython and inside Pyodide, so the two figures measure one workload.
    """
    return bench.run(games, seed)


def search_bench(positions: int = 8, seed: int = 7, budget_s: float | None = 1.0, playouts: int | None = None) -> dict:
    """``engine.bench.search_run`` in this interpreter: Strong's playouts per second on seeded positions."""
    if not 1 <= positions <= 64:
        raise HostError("the search benchmark takes 1 to 64 positions")
    if budget_s is not None and not 0 < budget_s <= 10:
        raise HostError("the search benchmark's budget must be above 0 and at most 10 seconds")
    if playouts is not None and not 1 <= playouts <= 10_000:
        raise HostError("the search benchmark takes 1 to 10000 playouts")
    return bench.search_run(positions, seed, budget_s, playouts)


# ---------------------------------------------------------------------- JSON entry points

HOST = Host()


def call(method: str, payload: str = "null") -> str:
    """Dispatch one request from the page; always answers JSON ``{"ok": ..., ...}``."""
    try:
        argument = read_request(payload)
        result = _dispatch(method, argument)
        return json.dumps({"ok": True, "result": result}, ensure_ascii=False)
    except Exception as error:
        return json.dumps({"ok": False, "error": str(error) or type(error).__name__,
                           "type": type(error).__name__}, ensure_ascii=False)


def read_request(payload: str) -> Any:
    """The request's JSON, its size and nesting bounded before parsing (a hostile link must not be able to
    exhaust the WebAssembly stack and kill the engine for the tab)."""
    if not payload:
        return None
    return inputs.loads(payload)


# The answer to each request of the table (protocol.py), registered with ``request`` by the module of its screen.
REQUESTS: dict[str, Any] = {}


def request(name: R):
    """Register ``fn(host, argument)`` as the answer to the page's request ``name`` (a name of ``protocol.R``)."""
    if not isinstance(name, R):
        raise ValueError(f"{name!r} is not a request of protocol.py")

    def deco(fn):
        if name.value in REQUESTS:
            raise ValueError(f"request {name.value!r} registered twice")
        REQUESTS[name.value] = fn
        return fn
    return deco


def _dispatch(method: str, argument: Any) -> Any:
    """The one dispatcher of every host: the table refuses what it does not list, then the screen's host answers."""
    check(method, argument)
    if method not in REQUESTS:
        raise ProtocolError(f"request {method!r} is not served by this worker")
    return REQUESTS[method](HOST, argument)


request(R.HELLO)(lambda host, argument: host.hello())
request(R.NEW_GAME)(lambda host, argument: host.new_game(argument or {}))
request(R.ACT)(lambda host, argument: host.act(argument))
request(R.COMPUTER_STEP)(lambda host, argument: host.computer_step())
request(R.UNDO)(lambda host, argument: host.undo())
request(R.CONCEDE)(lambda host, argument: host.concede())
request(R.STATE)(lambda host, argument: host.state())
request(R.WHY_NOT)(lambda host, argument: host.why_not(argument))
request(R.DECK_CODE)(lambda host, argument: host.deck_code(argument))
request(R.BENCH)(lambda host, argument: engine_bench(**(argument or {"games": 20})))
request(R.SEARCH_BENCH)(lambda host, argument: search_bench(**(argument or {})))
