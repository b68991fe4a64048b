"""Deck testing for the deck builder: simulate a deck against every shipped deck, a few games per call.

``simulate_start`` sets up the games (each shipped deck met equally often from both seats); each
``simulate_step`` plays games for about a quarter of a second and answers the progress, so the page can draw
a progress bar and the worker stays free to answer between steps; the last step carries the result per
opponent deck (win rate with a 95% interval, average length, how games ended).
"""

from __future__ import annotations

import time
from typing import Any

from playmat_host import request
from protocol import HostError, R

from engine.simulate import play_one, summarise, tasks_for

LEVELS = ("beginner", "normal")    # simulation levels (Strong's search is far too slow for many games here)
MAX_GAMES = 200                    # games per opponent deck, at most
STEP_SECONDS = 0.25


class Simulation:
    """One running simulation: its games to play and the results so far."""

    def __init__(self, deck: list[str], opponents: dict[str, list[str]], games: int, level: str, seed: int):
        self.order = list(opponents)
        self.tasks: list[tuple[str, tuple]] = []
        for k, (key, other) in enumerate(opponents.items()):
            self.tasks += [(key, t) for t in tasks_for(deck, other, games, level, seed + k, 0.05)]
        self.results: dict[str, list[dict]] = {key: [] for key in opponents}
        self.done = 0

    def step(self, seconds: float) -> None:
        """Play games until ``seconds`` have passed (at least one)."""
        start = time.perf_counter()
        while self.done < len(self.tasks):
            key, task = self.tasks[self.done]
            self.results[key].append(play_one(task))
            self.done += 1
            if time.perf_counter() - start >= seconds:
                break

    def progress(self, host) -> dict:
        out = {"done": self.done, "total": len(self.tasks), "finished": self.done >= len(self.tasks)}
        if out["finished"]:
            out["results"] = [self.summary(host, key) for key in self.order]
        return out

    def summary(self, host, key: str) -> dict:
        s = summarise(self.results[key])
        name = host.decks()[key].get("name") or {"en": key, "ja": key}
        return {"deck": key, "name": name, "games": s["games"], "win_rate": s["a_win_rate"],
                "interval": list(s["interval"]), "avg_turns": s["avg_turns"], "ended": s["ended"],
                "wins": sum(1 for r in self.results[key] if r["a_won"]),
                "losses": sum(1 for r in self.results[key] if r["a_won"] is False)}


@request(R.SIMULATE_START)
def simulate_start(host, argument: Any) -> dict:
    """``{"deck": code | numbers | shipped id, "games": N per opponent, "level": "normal", "seed": S}``."""
    if not isinstance(argument, dict):
        raise HostError("simulate needs a deck")
    deck = host.resolve_deck(argument.get("deck"), argument.get("lang", "en"))
    try:
        games = int(argument.get("games", 10))
        seed = int(argument.get("seed", 0))
    except (TypeError, ValueError):
        raise HostError("games and seed must be whole numbers") from None
    if not 2 <= games <= MAX_GAMES:
        raise HostError(f"games per opponent deck must be 2 to {MAX_GAMES}")
    level = argument.get("level", "normal")
    if level not in LEVELS:
        raise HostError(f"unknown simulation level {level!r}: choose one of {', '.join(LEVELS)}")
    opponents = {key: d["numbers"] for key, d in host.decks().items()}
    host.simulation = Simulation(deck, opponents, games, level, seed)
    return host.simulation.progress(host)


@request(R.SIMULATE_STEP)
def simulate_step(host, argument: Any) -> dict:
    """Play on for about a quarter of a second; the progress, and the results once finished."""
    sim = getattr(host, "simulation", None)
    if sim is None:
        raise HostError("no simulation is running")
    sim.step(STEP_SECONDS)
    return sim.progress(host)


@request(R.SIMULATE_CANCEL)
def simulate_cancel(host, argument: Any) -> dict:
    host.simulation = None
    return {"cancelled": True}
