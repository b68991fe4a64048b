"""Benchmarks run alike under CPython and inside Pyodide: random full games per second, and Strong's playouts per second."""
from __future__ import annotations

import collections
import copy
import random
import statistics
import time

from ..model.carddb import CARDS
from ..presentation.view import view
from ..rules.game import Game
from .ai import RandomPlayer
from .levels import NormalBot
from .search import StrongBot

COLOURS = ("red", "blue", "green", "purple")


def random_deck(rng: random.Random) -> list[str]:
    """A legal 50-card deck drawn from the whole pool: two colours plus colourless, ≤4 per name, ≤8 Lucky."""
    colours = rng.sample(COLOURS, 2)
    pool = [d for d in CARDS.values() if d.color in (*colours, "colorless")]
    deck: list[str] = []
    names: collections.Counter = collections.Counter()
    lucky = 0
    while len(deck) < 50:
        d = rng.choice(pool)
        if names[d.full_name] >= 4 or (d.lucky and lucky >= 8):
            continue
        names[d.full_name] += 1
        lucky += d.lucky
        deck.append(d.number)
    return deck


def run(games: int = 200, seed: int = 1, snapshots: bool = False, by_index: bool = False) -> dict:
    """Play ``games`` seeded random games (decks drawn from the whole pool) and report the speed.

    ``snapshots`` keeps undo snapshots as the app does; ``by_index`` applies each choice by its index among
    the options (``Game.apply_index``) instead of by its text. Either way the games are the same."""
    rng = random.Random(seed)
    setups = []
    for _ in range(games):
        game_seed = rng.randrange(2**31)
        grng = random.Random(game_seed)
        setups.append((random_deck(grng), random_deck(grng), game_seed))
    t0 = time.perf_counter()
    decisions = 0
    for d0, d1, game_seed in setups:
        game = Game.new(d0, d1, game_seed, snapshots=snapshots)
        players = [RandomPlayer(game_seed), RandomPlayer(game_seed + 1)]
        while (d := game.decision) is not None:
            # a random player needs only the legal options, so this measures the engine, not views
            if by_index:
                game.apply_index(players[d.player].choose_index(d.options))
            else:
                game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
        decisions += len(game.choices)
    dt = time.perf_counter() - t0
    return {"games": games, "snapshots": snapshots, "by_index": by_index, "seconds": round(dt, 3), "games_per_s": round(games / dt, 1),
            "decisions_per_s": round(decisions / dt)}


def search_positions(count: int = 8, seed: int = 7, every: int = 3) -> list[tuple[dict, object, str, list[str]]]:
    """``count`` positions Strong would search: every ``every``-th such decision from turn 3 on of seeded games
    Normal plays against itself (random decks as in ``run``), each as (view, the deciding player's memory of
    its views, Normal's choice, its decklist)."""
    rng = random.Random(seed)
    out: list[tuple[dict, object, str, list[str]]] = []
    while len(out) < count:
        game_seed = rng.randrange(2**31)
        grng = random.Random(game_seed)
        decks = [random_deck(grng), random_deck(grng)]
        game = Game.new(decks[0], decks[1], game_seed)
        bots = [NormalBot(game_seed), NormalBot(game_seed + 1)]
        probes = [StrongBot(0, None, 1, deck=decks[0]), StrongBot(0, None, 1, deck=decks[1])]
        found = 0
        while (d := game.decision) is not None and len(out) < count:
            seen, probe = view(game, d.player), probes[d.player]
            probe.memory.observe(seen)
            action = bots[d.player].choose(seen)
            if seen["turn"] >= 3 and probe.worth_searching(seen, action.text):
                found += 1
                if found % every == 0:
                    out.append((seen, copy.deepcopy(probe.memory), action.text, decks[d.player]))
            probe.memory.chose(seen, action.text)
            game.apply(action)
    return out


def search_run(positions: int = 8, seed: int = 7, budget_s: float | None = 1.0, playouts: int | None = None,
               warm_up: bool = True) -> dict:
    """Strong's search on the same ``positions`` seeded positions (``search_positions``), one after another by
    one bot, as in a game: playouts per second of search, the time and playouts of each decision.

    ``budget_s``: the time budget per decision (the browser's 1 s); ``playouts``: a fixed number instead (the
    same work in every interpreter). A time-budgeted bot plans its playouts at the rate its earlier searches
    measured, so one unmeasured search first (``warm_up``) sets that rate as a game's first decisions would."""
    found = search_positions(positions, seed)
    bot = StrongBot(seed, budget_s=budget_s, playouts=playouts)
    if warm_up and budget_s is not None:
        _search(bot, found[0], -1)
    seconds, used = [], []
    for i, position in enumerate(found):
        took = _search(bot, position, i)
        seconds.append(took)
        used.append(bot.last["playouts"])
    total = max(sum(seconds), 1e-6)    # a browser's clock may be coarse: a tiny search can read 0 s
    ordered = sorted(seconds)
    return {"positions": len(found), "seed": seed, "budget_s": budget_s, "fixed_playouts": playouts,
            "playouts": sum(used), "seconds": round(total, 3), "playouts_per_s": round(sum(used) / total, 1),
            "median_s": round(statistics.median(seconds), 3),
            "p95_s": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
            "per_decision": [[round(s, 3), n] for s, n in zip(seconds, used, strict=True)], "clock_us": clock_us()}


def clock_us() -> float:
    """Microseconds one read of ``time.perf_counter`` takes here (the search reads the clock as it plays)."""
    reads = 20000
    started = time.perf_counter()
    for _ in range(reads):
        time.perf_counter()
    return round((time.perf_counter() - started) / reads * 1e6, 3)


def _search(bot: StrongBot, position: tuple, index: int) -> float:
    """Seconds of one search of ``position`` by ``bot`` with the memory of that position and a fixed seed."""
    seen, memory, plain, _deck = position
    bot.memory = copy.deepcopy(memory)
    bot.rng = random.Random(index)
    started = time.perf_counter()
    bot.search(seen, plain)
    return time.perf_counter() - started
