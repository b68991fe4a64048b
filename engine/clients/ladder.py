"""A yardstick for the computer opponents: a round robin with seats swapped, over shipped and random decks.

``python -m engine ladder --games N`` plays N games for every pair of players (the levels and the reference
bots), each deck pairing twice with the seats swapped, and prints every pair's win rate with a 95% Wilson
interval and an Elo-style rating fitted to all results (Bradley-Terry, random anchored at 0).
"""
from __future__ import annotations

import math
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from itertools import combinations
from typing import Any

import cards

from ..rules.deck import parse_code
from ..rules.game import Game
from .ai import play_out
from .args import BUDGET, GAMES, JOBS, SEED, Parser, whole_number
from .bench import random_deck
from .opponents import PLAYERS, make_player

DEFAULT_PLAYERS = ("beginner", "normal", "strong", "random", "rush", "heuristic")
LADDER_BUDGET = 0.05      # Strong's budget per decision in the ladder (the browser default is 1 s)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def deck_pool(random_decks: int, seed: int) -> list[list[str]]:
    """The shipped decks plus ``random_decks`` random legal decks."""
    out = [parse_code(d["code"]) for d in cards.decks().values()]
    rng = random.Random(seed)
    return out + [random_deck(rng) for _ in range(random_decks)]


def play_game(task: tuple) -> tuple:
    """One game: (name0, name1, deck0, deck1, seed, budget) -> (name0, name1, winner seat or None, turns,
    reason, decisions, searches), ``searches`` being Strong's (seconds, CPU seconds, playouts) per searched
    decision."""
    name0, name1, deck0, deck1, seed, budget = task
    game = Game.new(deck0, deck1, seed=seed, snapshots=False)
    players = [_player(name0, seed, budget, deck0), _player(name1, seed + 1, budget, deck1)]
    play_out(game, players)
    searches = [s for p in players for s in getattr(p, "searched", ())]
    return (name0, name1, game.outcome.winner, game.state.turn, game.outcome.reason.value, len(game.choices),
            searches)


def _player(name: str, seed: int, budget: float | int, deck: list[str]) -> Any:
    """A player of the ladder; Strong's ``budget`` is seconds per decision (a float) or playouts (an int)."""
    if isinstance(budget, int):
        return make_player(name, seed, None, deck=deck, playouts=budget)
    return make_player(name, seed, budget, deck=deck)


def schedule(names: list[str], games: int, decks: list[list[str]], seed: int, budget: float) -> list[tuple]:
    """Every pair plays ``games`` games: deck pairings in turn, each played from both seats."""
    rng = random.Random(seed)
    tasks = []
    for a, b in combinations(names, 2):
        for k in range(games):
            if k % 2 == 0:
                d0, d1 = rng.sample(range(len(decks)), 2) if len(decks) > 1 else (0, 0)
                game_seed = rng.randrange(2**31)
                tasks.append((a, b, decks[d0], decks[d1], game_seed, budget))
            else:   # the same decks and seed with the seats swapped
                _, _, x0, x1, s, _ = tasks[-1]
                tasks.append((b, a, x1, x0, s, budget))
    return tasks


def run(tasks: list[tuple], jobs: int = 1, progress: Any = None) -> list[tuple]:
    """Play the tasks (in ``jobs`` processes); ``progress(done, total, results)`` is called after each game."""
    results = []
    if jobs <= 1:
        for t in tasks:
            results.append(play_game(t))
            if progress:
                progress(len(results), len(tasks), results)
        return results
    with ProcessPoolExecutor(jobs) as pool:
        # each game as soon as it ends (the order of the results does not change the table)
        futures = [pool.submit(play_game, t) for t in tasks]
        for f in as_completed(futures):
            results.append(f.result())
            if progress:
                progress(len(results), len(tasks), results)
    return results


def tally(results: list[tuple]) -> dict[tuple[str, str], list[float]]:
    """{(a, b): [a's points, games]} for a < b (a win is 1 point, a draw half)."""
    out: dict[tuple[str, str], list[float]] = {}
    for n0, n1, winner, *_ in results:
        a, b = sorted((n0, n1))
        cell = out.setdefault((a, b), [0.0, 0])
        cell[1] += 1
        if winner is None:
            cell[0] += 0.5
        elif (n0, n1)[winner] == a:
            cell[0] += 1
    return out


def elo(cells: dict[tuple[str, str], list[float]], anchor: str = "random", iters: int = 500) -> dict[str, float]:
    """Elo-style ratings fitted to all results (Bradley-Terry by minorisation-maximisation, a half point of
    prior per pair so a clean sweep stays finite), ``anchor`` at 0 when present."""
    names = sorted({n for pair in cells for n in pair})
    strength = {n: 1.0 for n in names}
    for _ in range(iters):
        new = {}
        for i in names:
            won = sum((w if i == a else n - w) + 0.5 for (a, b), (w, n) in cells.items() if i in (a, b))
            denom = sum((n + 1) / (strength[a] + strength[b]) for (a, b), (w, n) in cells.items() if i in (a, b))
            new[i] = won / denom if denom else 1.0
        strength = new
    base = strength.get(anchor, math.exp(sum(math.log(s) for s in strength.values()) / len(strength)))
    return {n: 400 * math.log10(s / base) for n, s in strength.items()}


def table(results: list[tuple]) -> str:
    """The printed table: one line per pair, then the ratings."""
    cells = tally(results)
    lines = [f"{'pair':<24} {'games':>5} {'win rate of first':>18} {'95% interval':>15}"]
    for (a, b), (w, n) in sorted(cells.items()):
        lo, hi = wilson(w, n)
        lines.append(f"{a + ' vs ' + b:<24} {n:>5} {w / n:>17.1%} {f'{lo:.1%}–{hi:.1%}':>15}")
    lines.append("")
    lines.append("rating (Elo-style, random = 0):")
    for name, r in sorted(elo(cells).items(), key=lambda t: -t[1]):
        lines.append(f"  {name:<10} {r:7.0f}")
    reasons = Counter(r[4] for r in results)
    lines.append("ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    searches = [s for r in results for s in (r[6] if len(r) > 6 else ())]
    if searches:
        lines.append(search_line(searches))
    return "\n".join(lines)


def running(results: list[tuple]) -> str:
    """The win rates so far, one per pair (shown with the progress)."""
    return ", ".join(f"{a} vs {b} {w / n:.1%} of {n}" for (a, b), (w, n) in sorted(tally(results).items()))


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1) + 0.5))]


def search_line(searches: list[tuple[float, float, int]]) -> str:
    """Strong's searched decisions: how many, playouts per CPU second, and the decision times."""
    playouts = sum(s[2] for s in searches)
    cpu = sum(s[1] for s in searches)
    secs = [s[0] for s in searches]
    cpus = [s[1] for s in searches]
    return (f"strong: {len(searches)} searched decisions, {playouts / len(searches):.0f} playouts each, "
            f"{playouts / max(cpu, 1e-9):.0f} playouts per CPU second; decision time median "
            f"{_quantile(secs, 0.5):.3f} s, p95 {_quantile(secs, 0.95):.3f} s "
            f"(CPU {_quantile(cpus, 0.5):.3f} s, {_quantile(cpus, 0.95):.3f} s)")


def main(argv: list[str] | None = None) -> int:

    ap = Parser(prog="python -m engine ladder", description=__doc__)
    ap.add_argument("--games", type=GAMES, default=20, help="games per pair (even: each deal from both seats)")
    ap.add_argument("--players", default=",".join(DEFAULT_PLAYERS),
                    help=f"comma-separated, from {', '.join(PLAYERS)}")
    ap.add_argument("--random-decks", type=whole_number(0, 100), default=4, help="random legal decks besides the shipped ones")
    ap.add_argument("--budget", type=BUDGET, default=LADDER_BUDGET, help="Strong's seconds per decision")
    ap.add_argument("--playouts", type=whole_number(1, 10_000), default=None,
                    help="Strong's budget as playouts per decision instead of seconds (independent of the machine)")
    ap.add_argument("--jobs", type=JOBS, default=1)
    ap.add_argument("--seed", type=SEED, default=0)
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in PLAYERS]
    if unknown or len(names) < 2:
        ap.error(f"players: need two or more of {', '.join(PLAYERS)}; got {args.players!r}")
    if not 0 < args.budget <= 60 or args.jobs < 1 or not 0 <= args.random_decks <= 100:
        ap.error("budget must be in (0, 60] seconds, jobs at least 1, random decks 0 to 100")
    if args.playouts is not None and not 1 <= args.playouts <= 10000:
        ap.error("playouts must be 1 to 10000")
    budget = args.playouts if args.playouts is not None else args.budget
    tasks = schedule(names, args.games, deck_pool(args.random_decks, args.seed), args.seed, budget)

    def progress(done: int, total: int, results: list[tuple]) -> None:
        if done % max(1, total // 20) == 0 or done == total:
            print(f"  {done}/{total} games; {running(results)}", file=sys.stderr, flush=True)

    results = run(tasks, args.jobs, progress)
    spent = f"{args.playouts} playouts" if args.playouts is not None else f"{args.budget} s"
    print(f"ladder: {args.games} games per pair, Strong budget {spent} per decision, "
          f"decks: shipped + {args.random_decks} random, seed {args.seed}")
    print(table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
