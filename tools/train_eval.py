"""Fit Strong's evaluation to the outcomes of seeded self-play games and write ``eval_weights.json``.

    pip install scikit-learn          # offline only: the engine never imports it
    python tools/train_eval.py --games 20000 --seed 1 --jobs 2

Plays the games (Normal against Normal, Beginner and rush, over the shipped and random decks), records the
features (``engine.clients.ai.features``) of both players at the first decision of every turn, the point where
Strong's rollouts stop and evaluate, with the game's result, and fits a logistic regression without intercept
(the features are one side's less the other's, so the value for one player is one less the other's). Prints
the held-out log loss and accuracy of the fit against the hand-made evaluation it replaces.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.clients.ai.features import FEATURES, WEIGHTS_FILE, features  # noqa: E402
from engine.clients.ladder import deck_pool  # noqa: E402
from engine.clients.opponents import make_player  # noqa: E402
from engine.clients.worlds import evaluate  # noqa: E402
from engine.presentation.view import view  # noqa: E402
from engine.rules.game import Game  # noqa: E402

OPPONENTS = ("normal", "normal", "beginner", "rush")   # Normal's opponent, drawn per game


def play(task: tuple[int, int]) -> list[tuple[list[float], int, float]]:
    """One seeded game: (features, won, hand-made value) for both players at each turn's first decision."""
    seed, random_decks = task
    rng = random.Random(seed)
    decks = deck_pool(random_decks, seed)
    d0, d1 = rng.sample(range(len(decks)), 2)
    names = ["normal", rng.choice(OPPONENTS)]
    rng.shuffle(names)
    game = Game.new(decks[d0], decks[d1], seed=seed, snapshots=False)
    players = [make_player(n, seed + i, None, deck=decks[(d0, d1)[i]], playouts=1) for i, n in enumerate(names)]
    rows, turn = [], -1
    while game.decision is not None:
        if game.state.turn != turn:
            turn = game.state.turn
            rows += [(features(game.state, me), me, evaluate(game, me)) for me in (0, 1)]
        d = game.decision
        game.apply(players[d.player].choose(view(game, d.player, log_tail=0)))
    winner = game.outcome.winner
    if winner is None:
        return []
    return [(x, int(me == winner), old) for x, me, old in rows]


def collect(games: int, seed: int, jobs: int) -> list[tuple[list[float], int, float]]:
    tasks = [(seed * 1_000_003 + k, 4) for k in range(games)]
    out: list = []
    with ProcessPoolExecutor(jobs) as pool:
        for rows in pool.map(play, tasks, chunksize=20):
            out.extend(rows)
    return out


def log_loss(ps: list[float], ys: list[int]) -> float:
    eps = 1e-6
    return -sum(math.log(min(max(p if y else 1 - p, eps), 1)) for p, y in zip(ps, ys, strict=True)) / len(ys)


def accuracy(ps: list[float], ys: list[int]) -> float:
    return sum((p > 0.5) == bool(y) for p, y in zip(ps, ys, strict=True)) / len(ys)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    args = ap.parse_args()
    from sklearn.linear_model import LogisticRegression  # offline tool only; never an engine dependency

    began = time.perf_counter()
    rows = collect(args.games, args.seed, args.jobs)
    played = time.perf_counter() - began
    # hold out the last fifth of the games' positions (rows of one game stay together: they are in order)
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]
    model = LogisticRegression(fit_intercept=False, C=1.0, max_iter=2000)
    model.fit([r[0] for r in train], [r[1] for r in train])
    ys = [r[1] for r in test]
    learned = list(model.predict_proba([r[0] for r in test])[:, 1])
    old = [r[2] for r in test]
    report = {
        "command": f"python tools/train_eval.py --games {args.games} --seed {args.seed} --jobs {args.jobs}",
        "games": args.games, "positions": len(rows), "seconds": round(time.perf_counter() - began, 1),
        "play_seconds": round(played, 1),
        "held_out": {"positions": len(test), "log_loss": round(log_loss(learned, ys), 4),
                     "accuracy": round(accuracy(learned, ys), 4),
                     "hand_made_log_loss": round(log_loss(old, ys), 4),
                     "hand_made_accuracy": round(accuracy(old, ys), 4)},
    }
    model.fit([r[0] for r in rows], [r[1] for r in rows])      # the shipped weights use every position
    weights = {f: round(float(w), 5) for f, w in zip(FEATURES, model.coef_[0], strict=True)}
    args.out.write_text(json.dumps({"features": list(FEATURES), "weights": weights, "trained": report},
                                   indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=1))
    print(json.dumps(weights, indent=1))


if __name__ == "__main__":
    main()
