"""Side-by-side benchmark and same-games check of this engine against another checkout (e.g. the baseline).

    python3 tools/bench_compare.py --base /path/to/other/checkout --games 100 --seed 1 --runs 3
    python3 tools/bench_compare.py --base /path/to/other/checkout --same-games 300

Each measurement runs in a fresh interpreter (cwd = the checkout, so it imports that checkout's engine) and
plays the workload of ``python -m engine bench``: seeded random full games with the same decks and seeds, on
one core, choices applied as text. Runs are interleaved (base, this, base, this, ...) because the machine is
shared and noisy; the median of the runs is reported, by the wall clock (what ``python -m engine bench`` reports)
and by the process's CPU time (less disturbed by other processes on a loaded machine). ``--same-games N`` plays N seeded games on both
checkouts and compares every game's choice list and final state hash.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

# only API that both checkouts have: Game.new(..., snapshots=), engine.bench.random_deck, engine.replay.state_hash,
# and the random player under its layered name or, in a checkout from before the layers, its flat name
WORKLOAD = r"""
import json, random, sys, time
from engine import Game
from engine.bench import random_deck
from engine.replay import state_hash
try:
    from engine.clients.ai import RandomPlayer
except ImportError:
    from engine.ai import RandomPlayer
games, seed, snapshots, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
rng = random.Random(seed)
setups = []
for _ in range(games):
    game_seed = rng.randrange(2**31)
    grng = random.Random(game_seed)
    setups.append((random_deck(grng), random_deck(grng), game_seed))
t0, c0 = time.perf_counter(), time.process_time()
decisions = 0
out = []
for d0, d1, game_seed in setups:
    game = Game.new(d0, d1, game_seed, snapshots=snapshots)
    players = [RandomPlayer(game_seed), RandomPlayer(game_seed + 1)]
    while game.decision is not None:
        d = game.decision
        game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
    decisions += len(game.choices)
    if mode == "games":
        out.append([game_seed, game.choices, state_hash(game)])
dt, cpu = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"games_per_s": games / dt, "cpu_games_per_s": games / cpu, "decisions_per_s": decisions / dt,
                  "games": out}))
"""


def run(root: Path, games: int, seed: int, snapshots: bool, mode: str = "bench") -> dict:
    done = subprocess.run([sys.executable, "-c", WORKLOAD, str(games), str(seed), "1" if snapshots else "0", mode],
                          cwd=root, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", required=True, type=Path, help="the other checkout (e.g. a worktree of the baseline)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--same-games", type=int, default=0, help="compare N seeded games instead of timing")
    args = ap.parse_args()
    if args.same_games:
        a = run(args.base, args.same_games, args.seed, False, "games")["games"]
        b = run(HERE, args.same_games, args.seed, False, "games")["games"]
        differ = [x[0] for x, y in zip(a, b, strict=True) if x != y]
        print(json.dumps({"games": len(a), "decisions": sum(len(x[1]) for x in a), "different": differ}))
        return 1 if differ else 0
    report = {}
    for snapshots in (False, True):
        runs: dict[str, list[dict]] = {"base": [], "this": []}
        for _ in range(args.runs):
            runs["base"].append(run(args.base, args.games, args.seed, snapshots))
            runs["this"].append(run(HERE, args.games, args.seed, snapshots))
        out = {}
        for clock in ("games_per_s", "cpu_games_per_s"):
            base = [r[clock] for r in runs["base"]]
            this = [r[clock] for r in runs["this"]]
            mb, mt = statistics.median(base), statistics.median(this)
            out[clock] = {"base": [round(x, 1) for x in base], "this": [round(x, 1) for x in this],
                          "base_median": round(mb, 1), "this_median": round(mt, 1), "ratio": round(mt / mb, 2)}
        report["snapshots" if snapshots else "no_snapshots"] = out
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
