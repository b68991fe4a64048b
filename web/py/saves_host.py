"""Saved games for the page: the save every state carries, and Resume and Import checked by the engine first."""

from __future__ import annotations

from typing import Any

from computer_player import DEFAULT_LEVEL, make_computer_player
from game_setup import Setup
from playmat_host import STATE_PARTS, request
from protocol import HostError, R

import cards
from engine import CARDS
from engine.inputs import SAVE_FORMAT, SAVE_KIND, BadInput, check_input, save_digest
from engine.links import SHIPPED_DECKS, shipped_lists
from engine.replay import BadRecord, open_record

# A save is ``{"kind": "pwtcg-save", "save_format": 1, "record": <engine record>, "mode", "human", "deciders",
# "level", "whys", "check"}`` (``level``, the computer's, is absent from saves made before it existed; ``whys``,
# the computer's reasons at their log lines, only where it has moved): ``check`` is a
# sha256 of the rest. The page keeps saves and replays in IndexedDB. Everything from outside (a save, a replay, an
# exported file, a link) is checked by the engine's one check, ``engine.persistence.inputs.check_input``, and then
# re-executed (its final state hash must match) by ``open_input``, the same way for Import and for Resume, before
# anything is replaced.


# ---------------------------------------------------------------------- saves

def current_save(host) -> dict:
    """``{"save", "summary"}`` of the game on the playmat: every state carries it as ``saved``."""
    game = host.require_game()
    save = {"kind": SAVE_KIND, "save_format": SAVE_FORMAT, "record": game.record(), "mode": host.setup.mode,
            "human": host.setup.human, "deciders": list(host.deciders), "level": host.setup.level}
    if host.setup.practice:
        save["practice"] = host.setup.practice
    whys = host.whys if host.why_game is game else {}
    if whys:
        save["whys"] = {str(index): lines for index, lines in whys.items()}
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
    try:
        return check_input(data, kind)
    except BadInput as error:
        raise HostError(str(error)) from None


def check_save(save: Any) -> dict:
    """A stored save, checked field by field; HostError says what is wrong (nothing is changed)."""
    return checked(save, "save")


def load_record(record: Any):
    """The game of a record, re-executed by the engine (to its recorded final state); HostError otherwise."""
    try:
        return open_record(record)
    except BadRecord as error:
        raise HostError(f"This game cannot be replayed: {error}") from None


def open_input(data: Any, kind: str) -> tuple[dict, Any]:
    """A save (``kind`` "save") or a saved replay ("replay"): checked, then its game re-executed. Import and
    Resume both come here, so a save Import accepts is one Resume loads."""
    value = checked(data, kind)
    return value, load_record(value["record"])


def mode_and_seat(value: dict) -> tuple[str, int]:
    """The mode and human seat of a checked save or replay (a link's replay: hot-seat, seat 0)."""
    return value.get("mode", "hotseat"), value.get("human", 0)


def computer_deck(setup) -> list[str] | None:
    """The computer's decklist (Strong samples its own hidden cards from it); none for a scenario."""
    return list(setup.decks[1 - setup.human]) if setup.scenario is None and setup.decks else None


def setup_of(game, mode: str, human: int, level: str = DEFAULT_LEVEL):
    """The playmat's Setup for a rebuilt game (its decks and seed, or its scenario) and the computer's level."""
    setup = game.setup
    scenario = setup.get("scenario")
    seed = scenario.get("seed", 0) if isinstance(scenario, dict) else setup.get("seed", 0)
    return Setup(mode=mode, human=human, seed=seed, first=setup.get("first"), scenario=scenario,
                 decks=tuple(setup.get("decks", ([], []))), level=level)


@request(R.SAVE_RESUME)
def save_resume(host, argument: Any) -> dict:
    """Put a saved game back on the playmat exactly where it was (undo history included)."""
    save, game = open_input(argument, "save")
    host.setup = setup_of(game, save["mode"], save["human"], save.get("level", DEFAULT_LEVEL))
    host.setup.practice = save.get("practice")
    host.game = game
    host.deciders = list(save["deciders"])
    host.log_sent = 0
    host.whys = {int(i): lines for i, lines in save.get("whys", {}).items() if int(i) < len(game.log)}
    host.why_game, host.why_waiting = game, []
    host.computer = make_computer_player(host.setup.seed, host.setup.level, computer_deck(host.setup))
    return {"state": host.state(), "warnings": list(game.warnings)}


@request(R.SAVE_CHECK)
def save_check(host, argument: Any) -> dict:
    """Check an imported save or replay without touching the playmat: its summary, or HostError."""
    value, game = open_input(argument, "replay")   # a save is a replay too (a finished one is stored as one)
    return {"summary": summary_of(value, game), "warnings": list(game.warnings)}


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
                      "updated": item.get("updated"), "summary": summary_of(value, game), "save": value})
    return {"items": items}


def summary_of(value: dict, game) -> dict:
    mode, human = mode_and_seat(value)
    practice = value.get("practice")

    class _Seat:
        setup = type("S", (), {"mode": mode, "human": human, "practice": practice})

    return summary(_Seat, game)
