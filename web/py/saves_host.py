"""Saves, replays and links for the page: the host's side of the saved-games, replay and share screens.

The page keeps saves and replays in IndexedDB; this module makes and checks what it stores and rebuilds games
from it. A save is ``{"kind": "pwtcg-save", "save_format": 1, "record": <engine record>, "mode", "human",
"deciders", "level", "check"}`` (``level``, the computer's, is absent from saves made before it existed):
``check`` is a sha256 of the rest, so a corrupt or edited save is refused before
anything is replaced, and the record is re-executed by the engine (its final state hash must match).
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

from playmat_host import (
    DEFAULT_LEVEL,
    LEVELS,
    MODES,
    HostError,
    event_info,
    make_computer_player,
    player_view,
    request,
    seat_names,
)

SAVE_KIND = "pwtcg-save"
SAVE_FORMAT = 1
SAVE_KEYS = ("kind", "save_format", "record", "mode", "human", "deciders", "level", "check")
LOG_TAIL = 120              # log events narrated for one position of the viewer (the page shows 120)
MOMENT_KINDS = {"life_lost": "life", "destroyed": "destroyed", "damage_check_start": "check",
                "game_over": "end"}


# ---------------------------------------------------------------------- saves

def _check(save: dict) -> str:
    # "level" came later: a save without it (made before) keeps the check it was made with
    body = {k: save[k] for k in ("record", "mode", "human", "deciders", "level") if k in save}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@request("save_current")
def save_current(host, argument: Any) -> dict:
    """The save of the game on the playmat, with a summary for the saved-games list."""
    game = host.require_game()
    save = {"kind": SAVE_KIND, "save_format": SAVE_FORMAT, "record": game.record(), "mode": host.setup.mode,
            "human": host.setup.human, "deciders": list(host.deciders), "level": host.setup.level}
    save["check"] = _check(save)
    return {"save": save, "summary": summary(host, game)}


def summary(host, game) -> dict:
    """What the saved-games and replay lists show: decks, mode, turn, life totals, result."""
    outcome = game.outcome
    return {"mode": host.setup.mode, "human": host.setup.human, "turn": game.state.turn,
            "life": [p.life for p in game.state.players], "decisions": len(game.choices),
            "decks": deck_names(game.setup), "finished": outcome is not None,
            "winner": outcome.winner if outcome else None,
            "reason": getattr(outcome.reason, "value", None) if outcome else None}


def deck_names(setup: dict) -> list[dict]:
    """Each player's deck: a shipped deck's id and names, or its colours (a scenario: "scenario")."""
    if "scenario" in setup:
        return [{"id": "scenario"}, {"id": "scenario"}]
    import cards
    from engine.carddb import CARDS
    from engine.links import SHIPPED_DECKS, _shipped_lists

    shipped = _shipped_lists()
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


def check_save(save: Any) -> dict:
    """A stored save, checked field by field; HostError says what is wrong (nothing is changed)."""
    from engine.limits import a_number, excerpt

    if not isinstance(save, dict) or save.get("kind") != SAVE_KIND:
        raise HostError("This is not a saved game of this app.")
    if save.get("save_format") != SAVE_FORMAT:
        raise HostError(f"This save has format {excerpt(save.get('save_format'))}; this app reads format "
                        f"{SAVE_FORMAT}.")
    unknown = [k for k in save if k not in SAVE_KEYS]
    if unknown:
        raise HostError(f"This save has an unknown field {excerpt(unknown[0])}.")
    if save.get("mode") not in MODES:
        raise HostError(f"This save has an unknown mode {excerpt(save.get('mode'))}.")
    if not a_number(save.get("human")) or save["human"] not in (0, 1):
        raise HostError("This save does not say which seat the human plays.")
    deciders = save.get("deciders")
    if not isinstance(deciders, list) or any(not a_number(d) or d not in (0, 1) for d in deciders):
        raise HostError("This save's list of who decided is damaged.")
    if "level" in save and save["level"] not in LEVELS:
        raise HostError(f"This save has an unknown computer level {excerpt(save['level'])}.")
    if not isinstance(save.get("record"), dict):
        raise HostError("This save has no game record.")
    if save.get("check") != _check(save):
        raise HostError("This save is damaged or was edited (its check does not match); it was not loaded.")
    return save


def load_record(record: Any, check_final: bool = True):
    """The game of a record, re-executed by the engine; HostError with the engine's reason otherwise."""
    from engine.replay import BadRecord, load, state_hash

    try:
        game = load(record)
    except BadRecord as error:
        raise HostError(f"This game cannot be replayed: {error}") from None
    final = record.get("final") if isinstance(record, dict) else None
    if check_final and final is not None and state_hash(game) != final and not game.warnings:
        raise HostError("This game does not replay to the position it was saved at; it was not loaded.")
    return game


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


@request("save_resume")
def save_resume(host, argument: Any) -> dict:
    """Put a saved game back on the playmat exactly where it was (undo history included)."""
    save = check_save(argument)
    game = load_record(save["record"])
    if len(save["deciders"]) > len(game.choices):
        raise HostError("This save's list of who decided is longer than its game.")
    host.setup = _setup_of(game, save["mode"], save["human"], save.get("level", DEFAULT_LEVEL))
    host.game = game
    host.deciders = list(save["deciders"])
    host.log_sent = 0
    host.computer = make_computer_player(host.setup.seed, host.setup.level, computer_deck(host.setup))
    return {"state": host.state(), "warnings": list(game.warnings)}


@request("save_check")
def save_check(host, argument: Any) -> dict:
    """Check an imported save or replay without touching the playmat: its summary, or HostError."""
    if isinstance(argument, dict) and argument.get("kind") == SAVE_KIND:
        save = check_save(argument)
        record = save["record"]
        mode, human = save["mode"], save["human"]
    elif isinstance(argument, dict) and isinstance(argument.get("record"), dict):
        record, mode, human = argument["record"], argument.get("mode", "computer"), argument.get("human", 0)
        if mode not in MODES or human not in (0, 1):
            raise HostError("This replay's mode or seat is not valid.")
    else:
        raise HostError("This is not a saved game or replay of this app.")
    game = load_record(record)

    class _Seat:
        setup = type("S", (), {"mode": mode, "human": human})

    return {"summary": summary(_Seat, game), "warnings": list(game.warnings)}


# ---------------------------------------------------------------------- replays

class Replay:
    """A finished or unfinished game opened in the viewer: the whole game (with snapshots) and its turns."""

    def __init__(self, game, mode: str = "hotseat", human: int = 0, level: str = DEFAULT_LEVEL) -> None:
        from engine.replay import fresh_game

        self.game = game
        self.mode, self.human = mode, human
        self.level = level               # the computer's level the game was played at (a save's), else Normal
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


def _replay_info(replay: Replay, record: dict) -> dict:
    game = replay.game
    outcome = game.outcome
    return {"total": len(game.choices), "turns": replay.turns, "moments": replay.moments, "record": record,
            "decks": [sorted(d) for d in game.setup.get("decks", [[], []])] if "decks" in game.setup else None,
            "deck_names": deck_names(game.setup), "mode": replay.mode, "human": replay.human, "level": replay.level,
            "engine": record.get("engine"), "warnings": list(game.warnings),
            "outcome": {"winner": outcome.winner, "reason": outcome.reason.value} if outcome else None}


REPLAY: dict[str, Replay] = {}


@request("replay_open")
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
        game = load_record(argument.get("record"))
        mode = argument.get("mode") if argument.get("mode") in MODES else "hotseat"
        human = argument.get("human") if argument.get("human") in (0, 1) else 0
    level = argument.get("level") if argument.get("level") in LEVELS else DEFAULT_LEVEL
    replay = Replay(game, mode, human, level)
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


@request("replay_seek")
def replay_seek(host, argument: Any) -> dict:
    """The position before decision ``n`` seen by ``as`` (0, 1 or "both"), with the log up to there; with
    ``event`` k (1-based, -1 for the last), the position right after the k-th event that decision's choice made.
    ``events`` says how many events that choice made, so a viewer can step through them."""
    from engine.limits import a_number

    replay = _replay()
    n = argument.get("n") if isinstance(argument, dict) else None
    seat = argument.get("as", "both") if isinstance(argument, dict) else "both"
    event = argument.get("event") if isinstance(argument, dict) else None
    if not a_number(n) or not 0 <= n <= len(replay.game.choices):
        raise HostError(f"There is no decision {n!r} in this replay.")
    if seat not in (0, 1, "both"):
        raise HostError("View the replay as player 0, player 1 or both.")
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
    return {"n": n, "event": event, "events": events, "view": board, "log": log, "turn": game.state.turn,
            "decider": decision.player if decision else None,
            "next": nxt if event is None and (seat == "both" or (decision and decision.player == seat)) else None}


@request("replay_play_from")
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
    host.setup = _setup_of(game, mode, human if human in (0, 1) else 0, level)
    host.game = game
    host.deciders = []
    host.log_sent = 0
    host.computer = make_computer_player(host.setup.seed + n, level, computer_deck(host.setup))
    host._pass_empty_quick_step()
    return host.state()


# ---------------------------------------------------------------------- links and QR codes

@request("share")
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
    return {"code": code, "qr": qr_rows(prefix + code)}


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
