"""Replays for the page: a game or a link opened in the viewer, stepped through, and played on from any decision."""

from __future__ import annotations

import copy
from typing import Any

from computer_player import DEFAULT_LEVEL, LEVELS, make_computer_player
from game_setup import MODES, PRACTICE
from playmat_host import request
from protocol import HostError, R
from saves_host import computer_deck, deck_names, mode_and_seat, open_input, setup_of
from state_json import event_info, option_info, player_view, seat_names, visible_ids

from engine.inputs import a_number
from engine.links import BadLink, check_moment, decode, read_moment
from engine.replay import fresh_game

LOG_TAIL = 120              # log events narrated for one position of the viewer (the page shows 120)
MOMENT_KINDS = {"life_lost": "life", "destroyed": "destroyed", "damage_check_start": "check",
                "game_over": "end"}


class Replay:
    """A finished or unfinished game opened in the viewer: the whole game (with snapshots) and its turns."""

    def __init__(self, game, mode: str = "hotseat", human: int = 0, level: str = DEFAULT_LEVEL,
                 practice: str | None = None) -> None:
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
        mode, human = mode_and_seat(value)
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
    host.setup = setup_of(game, mode, human if human in (0, 1) else 0, level)
    host.setup.practice = "replay"       # the viewer may have shown both hands
    host.game = game
    host.deciders = []
    host.log_sent = 0
    host.computer = make_computer_player(host.setup.seed + n, level, computer_deck(host.setup))
    host._pass_empty_quick_step()
    return host.state()
