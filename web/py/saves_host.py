"""Saves, replays and links for the page: the host's side of the saved-games, replay and share screens.

The page keeps saves and replays in IndexedDB; this module makes what it stores and rebuilds games from it.
A save is ``{"kind": "pwtcg-save", "save_format": 1, "record": <engine record>, "mode", "human",
"deciders", "level", "check"}`` (``level``, the computer's, is absent from saves made before it existed):
``check`` is a sha256 of the rest. Everything from outside (a save, a replay, an exported file, a link) is
checked by the engine's one check, ``engine.persistence.inputs.check_input``, and then re-executed (its final
state hash must match) by ``open_input``, the same way for Import and for Resume, before anything is replaced.
"""

from __future__ import annotations

import copy
from typing import Any

from playmat_host import (
    DEFAULT_LEVEL,
    LEVELS,
    MODES,
    PRACTICE,
    STATE_PARTS,
    HostError,
    event_info,
    make_computer_player,
    option_info,
    player_view,
    request,
    seat_names,
    visible_ids,
)
from protocol import R

LOG_TAIL = 120              # log events narrated for one position of the viewer (the page shows 120)
MOMENT_KINDS = {"life_lost": "life", "destroyed": "destroyed", "damage_check_start": "check",
                "game_over": "end"}


# ---------------------------------------------------------------------- saves

def current_save(host) -> dict:
    """``{"save", "summary"}`` of the game on the playmat: every state carries it as ``saved``."""
    from engine.inputs import SAVE_FORMAT, SAVE_KIND, save_digest

    game = host.require_game()
    save = {"kind": SAVE_KIND, "save_format": SAVE_FORMAT, "record": game.record(), "mode": host.setup.mode,
            "human": host.setup.human, "deciders": list(host.deciders), "level": host.setup.level}
    if host.setup.practice:
        save["practice"] = host.setup.practice
    save["check"] = save_digest(save)
    return {"save": save, "summary": summary(host, game)}


STATE_PARTS["saved"] = current_save


def summary(host, game) -> dict:
    """What the saved-games and replay lists show: decks, mode, turn, life totals, result."""
    outcome = game.outcome
    return {"mode": host.setup.mode, "human": host.setup.human, "turn": game.state.turn,
            "life": [p.life for p in game.state.players], "decisions": len(game.choices),
            "decks": deck_names(game.setup), "finished": outcome is not None,
            "winner": outcome.winner if outcome else None,
            "practice": getattr(host.setup, "practice", None),
            "reason": getattr(outcome.reason, "value", None) if outcome else None}


def deck_names(setup: dict) -> list[dict]:
    """Each player's deck: a shipped deck's id and names, or its colours (a scenario: "scenario")."""
    if "scenario" in setup:
        return [{"id": "scenario"}, {"id": "scenario"}]
    import cards
    from engine import CARDS
    from engine.links import SHIPPED_DECKS, shipped_lists

    shipped = shipped_lists()
    names = cards.decks()
    out = []
    for deck in setup["decks"]:
        index = shipped.get(tuple(sorted(deck)))
        if index is not None:
            key = SHIPPED_DECKS[index]
            out.append({"id": key, "name": names.get(key, {}).get("name", {"en": key, "ja": key})})
        else:
            colours = sorted({CARDS[n].color for n in deck} - {"colorless"})
            out.append({"id": "custom", "colours": colours})
    return out


def checked(data: Any, kind: str) -> Any:
    """``data`` through the engine's one check of outside input; HostError with its message otherwise."""
    from engine.inputs import BadInput, check_input

    try:
        return check_input(data, kind)
    except BadInput as error:
        raise HostError(str(error)) from None


def check_save(save: Any) -> dict:
    """A stored save, checked field by field; HostError says what is wrong (nothing is changed)."""
    return checked(save, "save")


def load_record(record: Any):
    """The game of a record, re-executed by the engine (to its recorded final state); HostError otherwise."""
    from engine.replay import BadRecord, open_record

    try:
        return open_record(record)
    except BadRecord as error:
        raise HostError(f"This game cannot be replayed: {error}") from None


def open_input(data: Any, kind: str) -> tuple[dict, Any]:
    """A save (``kind`` "save") or a saved replay ("replay"): checked, then its game re-executed. Import and
    Resume both come here, so a save Import accepts is one Resume loads."""
    value = checked(data, kind)
    return value, load_record(value["record"])


def _mode_and_seat(value: dict) -> tuple[str, int]:
    """The mode and human seat of a checked save or replay (a link's replay: hot-seat, seat 0)."""
    return value.get("mode", "hotseat"), value.get("human", 0)


def computer_deck(setup) -> list[str] | None:
    """The computer's decklist (Strong samples its own hidden cards from it); none for a scenario."""
    return list(setup.decks[1 - setup.human]) if setup.scenario is None and setup.decks else None


def _setup_of(game, mode: str, human: int, level: str = DEFAULT_LEVEL):
    """The playmat's Setup for a rebuilt game (its decks and seed, or its scenario) and the computer's level."""
    from playmat_host import Setup

    setup = game.setup
    scenario = setup.get("scenario")
    seed = scenario.get("seed", 0) if isinstance(scenario, dict) else setup.get("seed", 0)
    return Setup(mode=mode, human=human, seed=seed, first=setup.get("first"), scenario=scenario,
                 decks=tuple(setup.get("decks", ([], []))), level=level)


@request(R.SAVE_RESUME)
def save_resume(host, argument: Any) -> dict:
    """Put a saved game back on the playmat exactly where it was (undo history included)."""
    save, game = open_input(argument, "save")
    host.setup = _setup_of(game, save["mode"], save["human"], save.get("level", DEFAULT_LEVEL))
    host.setup.practice = save.get("practice")
    host.game = game
    host.deciders = list(save["deciders"])
    host.log_sent = 0
    host.computer = make_computer_player(host.setup.seed, host.setup.level, computer_deck(host.setup))
    return {"state": host.state(), "warnings": list(game.warnings)}


@request(R.SAVE_CHECK)
def save_check(host, argument: Any) -> dict:
    """Check an imported save or replay without touching the playmat: its summary, or HostError."""
    value, game = open_input(argument, "replay")   # a save is a replay too (a finished one is stored as one)
    return {"summary": _summary_of(value, game), "warnings": list(game.warnings)}


@request(R.IMPORT_CHECK)
def import_check(host, argument: Any) -> dict:
    """Check an exported file (its text) whole, every item re-executed, without storing or touching anything:
    the items to store with their summaries, or HostError naming the first bad item."""
    data = checked(argument, "export")
    items = []
    for i, item in enumerate(data["items"]):
        try:
            value, game = open_input(item["save"], "save" if item["store"] == "saves" else "replay")
        except HostError as error:
            raise HostError(f"Item {i + 1}: {error}") from None
        items.append({"store": item["store"], "id": item.get("id"), "name": item.get("name", ""),
                      "created": item.get("created"),
                      "updated": item.get("updated"), "summary": _summary_of(value, game), "save": value})
    return {"items": items}


def _summary_of(value: dict, game) -> dict:
    mode, human = _mode_and_seat(value)
    practice = value.get("practice")

    class _Seat:
        setup = type("S", (), {"mode": mode, "human": human, "practice": practice})

    return summary(_Seat, game)


# ---------------------------------------------------------------------- replays

class Replay:
    """A finished or unfinished game opened in the viewer: the whole game (with snapshots) and its turns."""

    def __init__(self, game, mode: str = "hotseat", human: int = 0, level: str = DEFAULT_LEVEL,
                 practice: str | None = None) -> None:
        from engine.replay import fresh_game

        self.game = game
        self.mode, self.human = mode, human
        self.level = level               # the computer's level the game was played at (a save's), else Normal
        # Only a record that re-runs to a game over is a replay with both hands open; any other (a game in
        # progress, whatever store or file it came from) shows each hand only to its owner's view.
        self.finished = game.outcome is not None
        self.practice = practice         # the save's practice mark (Setup.practice), shown by the viewer
        self.position = False            # a position link: whoever opens it may take the seat that decides
        self.turns: list[dict] = []      # first decision of each turn
        self.moments: list[dict] = []    # key moments: decision number and kind
        self.events: list[int] = []      # how many narrated events each choice made (counted once, here)
        probe = fresh_game(game.setup, snapshots=False)
        seen = 0
        for n, text in enumerate([*game.choices, None]):
            self._note(probe, n, seen)
            if n:
                self.events.append(sum(1 for e in probe.log[seen:] if event_info(e, 0) is not None))
            seen = len(probe.log)
            if text is None or probe.decision is None:
                break
            probe.apply(text)

    def _note(self, probe, n: int, seen: int) -> None:
        state = probe.state
        if not self.turns or self.turns[-1]["turn"] != state.turn:
            self.turns.append({"turn": state.turn, "player": state.turn_player, "decision": n})
        for event in probe.log[seen:]:
            kind = MOMENT_KINDS.get(event.kind)
            if kind:
                self.moments.append({"decision": n, "kind": kind, "turn": state.turn})

    def at(self, n: int):
        return self.game.rewind(n)

    def seats(self) -> list:
        """Whose eyes the viewer may use: both hands once the game is over; before, against the computer only the
        human's, in hot-seat one side at a time (the players share the device, as at a hand-off)."""
        if self.finished:
            return ["both", 0, 1]
        return [self.human] if self.mode == "computer" else [0, 1]


def _replay_info(replay: Replay, record: dict) -> dict:
    game = replay.game
    outcome = game.outcome
    return {"total": len(game.choices), "turns": replay.turns, "moments": replay.moments, "record": record,
            "decks": [sorted(d) for d in game.setup.get("decks", [[], []])] if "decks" in game.setup else None,
            "deck_names": deck_names(game.setup), "mode": replay.mode, "human": replay.human, "level": replay.level,
            "engine": record.get("engine"), "warnings": list(game.warnings),
            "finished": replay.finished, "seats": replay.seats(), "practice": replay.practice,
            "outcome": {"winner": outcome.winner, "reason": outcome.reason.value} if outcome else None}


REPLAY: dict[str, Replay] = {}


@request(R.REPLAY_OPEN)
def replay_open(host, argument: Any) -> dict:
    """Open a record (``{"record", "mode", "human"}``) or a link (``{"code"}``) in the viewer."""
    if not isinstance(argument, dict):
        raise HostError("Nothing to replay.")
    stopped = None
    moment = None
    if "code" in argument:
        from engine.links import BadLink, check_moment, decode, read_moment

        try:
            moment = read_moment(argument["code"])
            decoded = decode(moment.code)
            check_moment(moment, len(decoded.game.choices))
        except BadLink as error:
            raise HostError(str(error)) from None
        game, stopped = decoded.game, decoded.stopped
        mode, human = moment.mode or "hotseat", moment.human
    else:
        value, game = open_input(argument, "replay")
        mode, human = _mode_and_seat(value)
    level = argument.get("level") if argument.get("level") in LEVELS else DEFAULT_LEVEL
    practice = argument.get("practice") if argument.get("practice") in PRACTICE else None
    replay = Replay(game, mode, human, level, practice)
    replay.position = bool(moment and moment.play)
    REPLAY["current"] = replay
    info = _replay_info(replay, game.record())
    info["stopped"] = stopped
    # what the link says beyond its game: where to open, the players' typed names, play on from there
    info["at"] = moment.at if moment else None
    info["names"] = list(moment.names) if moment and moment.names else None
    info["play"] = bool(moment and moment.play)
    info["labelled"] = bool(moment and moment.mode)
    return info


def _replay() -> Replay:
    if "current" not in REPLAY:
        raise HostError("No replay is open.")
    return REPLAY["current"]


class _WatchedLog(list):
    """A game's log that calls ``seen(event)`` after each event is logged (to stop the board between events)."""

    def __init__(self, items, seen) -> None:
        super().__init__(items)
        self.seen = seen

    def append(self, event) -> None:
        super().append(event)
        self.seen(event)


def _between_events(game, choice: str, event: int) -> tuple[list[dict], list]:
    """Apply ``choice`` to ``game`` (a copy) and return both players' views and the log as they were right after
    the choice's ``event``-th narrated event (1-based; silent bookkeeping events are not steps)."""
    caught: dict = {"count": 0}

    def seen(logged) -> None:
        if event_info(logged, 0) is None:
            return
        caught["count"] += 1
        if caught["count"] == event:
            caught["views"] = [copy.deepcopy(player_view(game, p)) for p in (0, 1)]
            caught["log"] = list(game.state.log)
    game.state.log = _WatchedLog(game.state.log, seen)
    game.apply(choice)
    return caught["views"], caught["log"]


def _events_of(replay: Replay, n: int) -> int:
    """How many narrated log events decision ``n``'s choice made (0 at the end of the game): counted when the
    replay was opened, so a seek rewinds once."""
    if n >= len(replay.game.choices):
        return 0
    if n < len(replay.events):
        return replay.events[n]
    game = replay.at(n)
    before = len(game.log)
    game.apply(replay.game.choices[n])
    return sum(1 for e in game.log[before:] if event_info(e, 0) is not None)


@request(R.REPLAY_SEEK)
def replay_seek(host, argument: Any) -> dict:
    """The position before decision ``n`` seen by ``as`` (0, 1 or "both": ``Replay.seats``, the first of them by
    default), with the log up to there; with
    ``event`` k (1-based, -1 for the last), the position right after the k-th event that decision's choice made.
    ``events`` says how many events that choice made, so a viewer can step through them."""
    from engine.inputs import a_number

    replay = _replay()
    n = argument.get("n") if isinstance(argument, dict) else None
    seat = argument.get("as", replay.seats()[0]) if isinstance(argument, dict) else replay.seats()[0]
    event = argument.get("event") if isinstance(argument, dict) else None
    if not a_number(n) or not 0 <= n <= len(replay.game.choices):
        raise HostError(f"There is no decision {n!r} in this replay.")
    if seat not in (0, 1, "both"):
        raise HostError("View the replay as player 0, player 1 or both.")
    if seat not in replay.seats():
        raise HostError("This game is not over: its hidden cards are shown only to their owner's view.")
    events = _events_of(replay, n)
    if event is not None and (not a_number(event) or not (event == -1 or 1 <= event <= events)):
        raise HostError(f"Decision {n} has no event {event!r} (it has {events}).")
    game = replay.at(n)
    viewer = 0 if seat == "both" else seat
    if event == -1:
        event = events or None     # the last event of that decision (or the decision itself if it made none)
    if event is not None:
        views, entries = _between_events(game, replay.game.choices[n], event)
    else:
        views, entries = [player_view(game, 0), player_view(game, 1)], game.log
    board = views[viewer]
    if seat == "both":
        # views are memoised and shared: change a copy, never the view itself
        board = {**board, "players": [dict(p) for p in board["players"]]}
        board["players"][1]["hand"] = views[1]["players"][1]["hand"]
    # both hands open: each event as its own player sees it, so nothing is redacted
    names, you = seat_names(replay.mode, replay.human), replay.human if replay.mode == "computer" else None
    log = [info for info in (event_info(e, viewer if seat != "both" else e.data.get("player", 0), names, you)
                             for e in entries[-LOG_TAIL:]) if info]
    decision = game.decision if event is None else None
    nxt = replay.game.choices[n] if n < len(replay.game.choices) else None
    if event is not None or not (seat == "both" or (decision and decision.player == seat)):
        nxt = None
    return {"n": n, "event": event, "events": events, "view": board, "log": log, "turn": game.state.turn,
            "decider": decision.player if decision else None, "next": nxt,
            "next_option": option_info(game, nxt, decision, visible_ids(board)) if nxt else None}


@request(R.REPLAY_PLAY_FROM)
def replay_play_from(host, argument: Any) -> dict:
    """Continue the replay from decision ``n`` as a new game on the playmat (the replay is not changed)."""
    replay = _replay()
    n = argument.get("n") if isinstance(argument, dict) else None
    mode = argument.get("mode") if isinstance(argument, dict) else None
    if mode not in MODES:
        raise HostError(f"Play from here as {', '.join(MODES)}, not {mode!r}.")
    level = argument.get("level") or replay.level
    if level not in LEVELS:
        raise HostError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if not isinstance(n, int) or not 0 <= n <= len(replay.game.choices):
        raise HostError(f"There is no decision {n!r} in this replay.")
    game = replay.at(n)
    if game.decision is None:
        raise HostError("The game is over at this point: step back to play from an earlier decision.")
    human = argument.get("human", game.decision.player) if mode == "computer" else 0
    if mode == "computer" and human not in replay.seats() and not (replay.position and n == len(replay.game.choices)):
        raise HostError("This game is not over: play on from your own side.")
    host.setup = _setup_of(game, mode, human if human in (0, 1) else 0, level)
    host.setup.practice = "replay"       # the viewer may have shown both hands
    host.game = game
    host.deciders = []
    host.log_sent = 0
    host.computer = make_computer_player(host.setup.seed + n, level, computer_deck(host.setup))
    host._pass_empty_quick_step()
    return host.state()


# ---------------------------------------------------------------------- links and QR codes

@request(R.SHARE)
def share(host, argument: Any) -> dict:
    """The link code of a record (or of the game on the playmat) and a QR code of ``url`` + the code."""
    from engine.links import encode

    if isinstance(argument, dict) and isinstance(argument.get("record"), dict):
        game = load_record(argument["record"])
    else:
        game = host.require_game()
    code = _with_moment(encode(_shared_part(game, argument)), game, argument, host)
    prefix = argument.get("prefix", "") if isinstance(argument, dict) else ""
    if not isinstance(prefix, str) or len(prefix) > 500:
        raise HostError("The page address is too long for a link.")
    position = isinstance(argument, dict) and argument.get("position")
    return {"code": code, "qr": qr_rows(prefix + code), **({} if position else share_frame(game, code))}


def share_frame(game, code: str) -> dict:
    """The embed's still frame of a link (docs/embedding.md): the public board at the decision the link opens at
    (else the end), seen as the replay embed shows it, with the link's own label field."""
    from engine.links import read_moment
    from engine.presentation.still_frame import still_frame

    moment = read_moment(code)
    total = len(game.choices)
    at = total if moment.at is None else moment.at
    shown = game if at == total else game.rewind(at)
    watcher = moment.human if moment.mode == "computer" and game.outcome is None else 0
    fields = code.split(".")[1:]
    labels = next((f for f in fields if f[0] == "n"), None) or next((f for f in fields if f[0] in "ch"), None)
    return {"frame": still_frame(shown, watcher, total, labels), "at": at}


def _shared_part(game, argument: Any):
    """The game a link carries: all of it, or for a position link (``position: true``) only its choices up to
    ``at``, so the link does not tell how the game went on."""
    if isinstance(argument, dict) and argument.get("position"):
        return game.rewind(_shared_at(game, argument))
    return game


def _shared_at(game, argument: Any) -> int | None:
    at = argument.get("at") if isinstance(argument, dict) else None
    if at is None:
        return None
    if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(game.choices):
        raise HostError(f"There is no decision {at!r} in this game (it has {len(game.choices)}).")
    return at


def _with_moment(code: str, game, argument: Any, host) -> str:
    """The code with the decision to open at, who played (from the record's save or the playmat's game) and
    typed names; a position link opens at its own end, to be played."""
    from engine.links import with_moment

    argument = argument if isinstance(argument, dict) else {}
    at = _shared_at(game, argument)
    mode, human = argument.get("mode"), argument.get("human", 0)
    if mode is None and "record" not in argument and getattr(host, "setup", None) is not None:
        mode, human = host.setup.mode, host.setup.human
    names = argument.get("names")
    if names is not None:
        try:
            with_moment("", names=names)
        except ValueError as error:
            raise HostError(f"Player names: {error}.") from None
    if argument.get("position"):
        return with_moment(code, None, mode if mode in MODES else None, human if human in (0, 1) else 0, names, True)
    return with_moment(code, at, mode if mode in MODES else None, human if human in (0, 1) else 0, names)


def qr_rows(text: str) -> list[str]:
    """A QR code of ``text`` as rows of "0"/"1" (segno, pure Python, shipped with the page)."""
    import segno

    qr = segno.make(text, error="m", micro=False)
    return ["".join("1" if cell else "0" for cell in row) for row in qr.matrix]
