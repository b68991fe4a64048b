"""The game host behind the playmat: owns the ``engine.Game`` and answers the page in JSON.

It runs inside a PyScript worker (see ``worker.py``) so that the engine and the computer player
never block the page, but it is plain Python: the same code runs under CPython in the tests.
Every answer is a JSON string, so nothing but text crosses the worker boundary.

Only the documented engine API (docs/engine-api.md) is used.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from protocol import ProtocolError, R, check

from engine.presentation.languages import LANGS
from engine.presentation.view import decision_params

MODES = ("computer", "hotseat")
# How the board names the seats (web/js/board.js seatName), so the log says the same names.
SEAT_NAMES = {"en": {"you": "You", "computer": "Computer", "players": ("Player 1", "Player 2")},
              "ja": {"you": "あなた", "computer": "コンピューター", "players": ("プレイヤー1", "プレイヤー2")}}
LOG_RESEND = 400   # log events resent (redacted anew) when the board is shown to another player
LEVELS = ("beginner", "normal", "strong")   # the computer's levels offered on the start screen
DEFAULT_LEVEL = "normal"
STRONG_BUDGET = 1.0   # Strong's seconds per decision in the browser (its time budget, checked as it searches)
# How long each of the computer's answers takes on the page, from public facts only (docs/hidden-information.md):
# Strong may search any decision of these public kinds, and whether it does depends on its hidden options (an
# Interrupt in hand makes a quick step worth a search), so every one of them takes its whole budget and a margin
# for the playout that overruns it; every other answer takes at least the floor.
STRONG_SEARCH_KINDS = ("main", "block", "quick")
STRONG_PACE_MS = round(STRONG_BUDGET * 1000) + 300
PACE_FLOOR_MS = 100
PRACTICE = ("seed", "rewind", "replay")   # why a game is practice (Setup.practice)

# Fallback decks for when cards.decks() ships nothing yet: one colour each, 50 cards.
FALLBACK_DECK_COLOURS = {"red": ("red", "colorless"), "blue": ("blue", "colorless")}


# What every state of the game carries besides the board, from other screens' hosts: ``saved``, the game's save
# (saves_host), so the page stores each decision from the answer that shows it, in one round trip.
STATE_PARTS: dict[str, Any] = {}


class HostError(Exception):
    """A request the page made that cannot be served (bad deck code, no game, ...)."""


def _engine():
    """Import the engine lazily so the page can report a missing or broken engine."""
    import engine

    return engine


@dataclass
class Setup:
    """What the start screen chose."""

    mode: str = "computer"
    decks: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    seed: int = 0
    first: int | None = None        # 0/1 forces who goes first; None lets the rules decide
    human: int = 0                  # the human's seat against the computer
    scenario: Any = None            # an engine.scenario description, instead of decks
    level: str = DEFAULT_LEVEL      # the computer's level (LEVELS)
    # Why the game is practice, kept in its save, replay and link: "seed" (a seed chosen on the start screen
    # predicts the computer's cards), "rewind" (rewound after the end), "replay" (played on from a replay,
    # where both hands may have been seen); None for a fair game.
    practice: str | None = None

    @classmethod
    def from_request(cls, request: dict, host: Host) -> Setup:
        mode = request.get("mode", "computer")
        if mode not in MODES:
            raise HostError(f"unknown mode {mode!r}")
        first = request.get("first")
        seed = request.get("seed")
        setup = cls(
            mode=mode,
            seed=int(seed) if seed is not None else random.randrange(1, 2**31),
            first=None if first in (None, "", "rules") else int(first),
            human=int(request.get("human", 0)),
            scenario=request.get("scenario"),
            level=request.get("level") or DEFAULT_LEVEL,
            practice="seed" if seed is not None else None,
        )
        if setup.level not in LEVELS:
            raise HostError(f"unknown level {setup.level!r}: choose one of {', '.join(LEVELS)}")
        if setup.scenario is None:
            lang = request.get("lang", "en")
            setup.decks = (host.resolve_deck(request.get("deck0"), lang), host.resolve_deck(request.get("deck1"), lang))
        return setup


class Host:
    """One playmat: a game, who plays which side, and the computer player."""

    def __init__(self) -> None:
        self.game = None
        self.setup = Setup()
        self.deciders: list[int] = []   # who took each decision of this game (for undo)
        self.log_sent = 0               # log events already sent to the page
        self.log_viewer: int | None = None   # whose eyes the sent log was redacted for
        self.computer = None
        self._decks: dict[str, dict] | None = None

    # ------------------------------------------------------------------ start-up information

    def hello(self) -> dict:
        """Engine availability, versions, shipped decks and the card catalogue."""
        try:
            engine = _engine()
        except Exception as error:  # the page shows why it cannot play
            return {"ok": False, "error": f"{type(error).__name__}: {error}"}
        return {
            "ok": True,
            "engine_version": getattr(engine, "__version__", "?"),
            "decks": self.deck_list(),
            "scenarios": self.scenario_list(),
            "catalog": self.catalog(),
            "words": game_words(),
        }

    def deck_list(self) -> list[dict]:
        return [{"id": key, "name": d.get("name", {"en": key, "ja": key}), "description": d.get("description", {})}
                for key, d in self.decks().items()]

    def decks(self) -> dict[str, dict]:
        """Shipped decks by id, each with a ``numbers`` list; fallback mono-colour decks if none ship."""
        if self._decks is None:
            self._decks = self._shipped_decks() or self._fallback_decks()
        return self._decks

    def _shipped_decks(self) -> dict[str, dict]:
        try:
            import cards
            shipped = cards.decks()
        except Exception:
            return {}
        out = {}
        for key, deck in shipped.items():
            try:
                out[key] = {**deck, "numbers": self.parse_code(deck["code"])}
            except Exception:
                continue  # a deck the engine cannot read is not offered
        return out

    def _fallback_decks(self) -> dict[str, dict]:
        from engine import CARDS

        if not CARDS:
            CARDS.load()
        out = {}
        for key, colours in FALLBACK_DECK_COLOURS.items():
            pool = sorted(n for n, d in CARDS.items() if d.color in colours)
            numbers = [pool[i % len(pool)] for i in range(50)] if pool else []
            out[key] = {"name": {"en": f"{key.title()} starter", "ja": f"{key} スターター"}, "numbers": sorted(numbers)}
        return out

    def parse_code(self, code: str) -> list[str]:
        from engine import deck

        try:
            return list(deck.parse_code(code))
        except Exception as error:
            raise HostError(f"deck code not readable: {error}") from error

    def resolve_deck(self, choice: Any, lang: str = "en") -> list[str]:
        """A deck from the start screen: a shipped deck id, a pasted deck code or a list of numbers."""
        if isinstance(choice, list):
            numbers = [str(n) for n in choice]
        elif isinstance(choice, str) and choice in self.decks():
            numbers = list(self.decks()[choice]["numbers"])
        elif isinstance(choice, str) and choice.strip():
            numbers = self.parse_code(choice)
        else:
            raise HostError("choose a deck")
        self.validate(numbers, lang)
        return numbers

    def validate(self, numbers: list[str], lang: str = "en") -> None:
        """Reject a deck the deck-construction rules forbid (engine.deck.validate)."""
        try:
            from engine import deck
        except ImportError:  # an engine without deck rules accepts any list Game.new accepts
            return
        problems = deck.validate(numbers, lang)
        if problems:
            raise HostError(" ".join(problems))

    def deck_code(self, deck_id: str) -> str:
        """The deck code of a shipped deck."""
        if deck_id not in self.decks():
            raise HostError(f"no shipped deck {deck_id[:80]!r}")
        return self.decks()[deck_id]["code"]

    def scenario_list(self) -> list[str]:
        try:
            from engine import scenario
        except Exception:
            return []
        names = getattr(scenario, "names", None)
        return list(names()) if callable(names) else []

    def catalog(self) -> dict[str, dict]:
        """Every card's facts and text in both languages, for hover details and labels."""
        from engine import CARDS

        if not CARDS:
            CARDS.load()
        return {number: card_info(card) for number, card in CARDS.items()}

    # ------------------------------------------------------------------ playing

    def new_game(self, request: dict) -> dict:
        """Start a game from the start screen's choices (or a scenario) and return the state."""
        self.setup = Setup.from_request(request, self)
        engine = _engine()
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
        from engine import scenario as scenarios

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
               and game.decision.player == self.setup.human and _value(game.decision.kind) == "quick"
               and [a.text for a in game.decision.options] == ["pass"]):
            game.apply("pass")
            self.deciders.append(self.setup.human)

    def computer_step(self) -> dict:
        """Let the computer take one decision (if it has one) and return the new state."""
        game = self.require_game()
        if game.decision is not None and self.is_computer(game.decision.player):
            self._apply(self.computer.choose(player_view(game, game.decision.player)))
        return self.state()

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
        for index, event in enumerate(events):
            info = event_info(event, viewer, self.seat_names(), self.you())
            if info is not None:
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


# ---------------------------------------------------------------------- pure helpers


def game_words() -> dict[str, dict]:
    """The engine's words for card types, colours, keywords, zones and counters in each language."""
    from engine.presentation.words import all_words

    return {lang: all_words(lang) for lang in LANGS}


def seat_names(mode: str, human: int = 0) -> dict[str, tuple[str, str]]:
    """The two seats' names in each language as the board shows them: "You" and "Computer" against the
    computer, "Player 1" and "Player 2" in hot-seat."""
    out = {}
    for lang, words in SEAT_NAMES.items():
        if mode == "computer":
            out[lang] = tuple(words["you"] if seat == human else words["computer"] for seat in (0, 1))
        else:
            out[lang] = words["players"]
    return out


def card_info(card) -> dict:
    """The facts of one card definition, with its text in both languages."""
    info = {
        "number": card.number,
        "name": {"en": card.name_en, "ja": card.name_ja},
        "subname": {"en": card.sub_en, "ja": card.sub_ja},
        "type": card.type,
        "color": card.color,
        "cost": card.cost,
        "power": card.power,
        "strike": card.strike,
        "lucky": card.lucky,
        "elements": list(card.elements),
        "work": list(card.work),
        "rarity": card.rarity,
    }
    info["text"] = {lang: _safe_text(card, lang) for lang in LANGS}
    return info


def _safe_text(card, lang: str) -> str:
    try:
        return card.text(lang)
    except Exception:
        return ""


def player_view(game, player: int) -> dict:
    """``view(game, player)`` without its log (the host sends the log incrementally)."""
    from engine import view

    return view(game, player, log_tail=0)


def event_info(event, viewer: int, names: dict | None = None, you: int | None = None) -> dict | None:
    """One log event as ``viewer`` may see it, narrated from the redacted data only (``engine.view.log_entry``)
    in both languages, naming the seats by ``names`` (per language) and ``you``; None if silent."""
    from engine.presentation.view import log_entry

    entries = {lang: log_entry(event, viewer, lang, (names or {}).get(lang), you) for lang in LANGS}
    texts = {lang: entry["text"] for lang, entry in entries.items()}
    if not any(texts.values()):
        return None
    entry = entries["en"]
    return {"kind": entry["kind"], "data": _jsonable(entry["data"]), "rule": entry["rule"], "text": texts}


def decision_info(game, decision, visible: set[int] | None = None) -> dict:
    """The pending decision: legal options, and illegal ones the page may grey out with a reason, each as data
    (``option_info``: its action, kind, cards and label in each language, naming only ``visible`` cards)."""
    info = _jsonable({**decision.to_dict(), "params": decision_params(decision)})
    info["prompt_text"] = said(decision.prompt)
    info["options"] = [option_info(game, action.text, decision, visible) for action in decision.options]
    info["rejected"] = [{**option_info(game, action.text, decision, visible), "why": str(reason),
                         "why_text": said(reason)} for action, reason in decision.rejections()]
    info.setdefault("min", getattr(decision, "min", None))
    info.setdefault("max", getattr(decision, "max", None))
    return info


def option_info(game, text: str, decision=None, visible: set[int] | None = None) -> dict:
    """One option as the page shows it (``engine.presentation.action_labels.option_info``)."""
    from engine.presentation.action_labels import option_info as info

    return info(game, text, decision, visible)


def learn_options(state: dict, decision=None) -> dict:
    """A lesson's or puzzle's state with each option's ``kind`` and ``cards`` as data (the host's labels already
    speak the session's language): a lesson check's ``answer ID`` is about that card."""
    from engine.presentation.action_labels import option_cards

    def data(option: dict) -> dict:
        verb, *args = option["action"].split()
        answer = verb == "answer" and bool(args) and args[0].isdigit()
        return {**option, "kind": verb, "cards": [int(args[0])] if answer else option_cards(option["action"], decision)}

    return {**state, "options": [data(option) for option in state.get("options") or []]}


VISIBLE_ZONES = ("hand", "base", "graveyard", "exile", "revealed")


def visible_ids(board: dict) -> set[int]:
    """The ids of the cards a view shows face up (its zones and the cards its decision names): the only cards
    an option's label may name."""
    ids = {card["id"] for player in board["players"] for zone in VISIBLE_ZONES for card in player.get(zone) or []
           if isinstance(card, dict) and "id" in card}
    ids.update(card["id"] for card in (board.get("decision") or {}).get("cards") or [] if "id" in card)
    return ids


def hand_reasons(game, board: dict, viewer: int) -> dict[str, str]:
    """Why each card in the viewer's hand cannot be played now (main phase only), by card id."""
    decision = game.decision
    if decision is None or decision.player != viewer or _value(decision.kind) != "main":
        return {}
    hand = board["players"][viewer].get("hand") or []
    offered = {a.text.split()[1] for a in decision.options if a.verb == "play" and a.args}
    reasons = {}
    for card in hand:
        if str(card["id"]) not in offered:
            reason = why_not(game, f"play {card['id']}")
            if reason:
                reasons[str(card["id"])] = reason
    return reasons


def said(text: Any) -> dict[str, str]:
    """A reason or prompt of the engine in every language of the page (``engine.model.message.say``)."""
    from engine import say

    return {lang: say(text, lang) for lang in LANGS}


def why_not(game, text: str) -> str | None:
    """The engine's reason an action is illegal now, or None if it is legal."""
    return game.why_not(text)


def _value(kind: Any) -> Any:
    return getattr(kind, "value", kind)


def _jsonable(value: Any) -> Any:
    """Data made safe for JSON: enums by value, tuples as lists, unknown objects as text."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "value"):
        return _jsonable(value.value)
    return str(value)


# ---------------------------------------------------------------------- the computer player

def computer_pace(level: str, decision: dict | None) -> dict:
    """How long the page lets the computer's pending answer take, from public facts only: its level and the
    kind of decision the viewer is shown (``view``'s decision of another player). ``search``: Strong may
    search it, so the pace holds even when the page's pauses are off (``?speed=0``)."""
    kind = (decision or {}).get("kind")
    search = level == "strong" and kind in STRONG_SEARCH_KINDS
    return {"ms": STRONG_PACE_MS if search else PACE_FLOOR_MS, "search": search}


def make_computer_player(seed: int, level: str = DEFAULT_LEVEL, deck: list[str] | None = None,
                         budget_s: float = STRONG_BUDGET):
    """The computer opponent at ``level`` (``engine.opponents.make_player``), seeded for repeatable games;
    Strong searches for ``budget_s`` seconds per decision and samples its own deck from ``deck``.

    Its ``choose(view)`` sees only the computer's own view of the game.
    """
    if level not in LEVELS:
        raise HostError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    from engine.opponents import make_player

    return make_player(level, seed, budget_s, deck=deck)


# ---------------------------------------------------------------------- benchmarking


def engine_bench(games: int, seed: int = 1) -> dict:
    """``engine.bench.run`` in this interpreter (what ``python -m engine bench`` prints).

    The same function runs under CPython and inside Pyodide, so the two figures measure one workload.
    """
    from engine.bench import run

    return run(games, seed)


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
    from engine.inputs import loads

    return loads(payload)


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
