"""Write the link fixtures of this engine version: tests/fixtures/links/engine-VERSION.json.

    python3 tools/link_fixtures.py

Each fixture is a link code and the final state hash and decision count its game reaches; tests/test_links.py
replays every fixture file, so links made by each released version keep replaying.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cards  # noqa: E402
from engine import Game, __version__, links, view  # noqa: E402
from engine.bench import random_deck  # noqa: E402
from engine.clients.ai import RandomPlayer, best_bot  # noqa: E402
from engine.deck import parse_code  # noqa: E402
from engine.replay import state_hash  # noqa: E402
from engine.scenario import load as load_scenario  # noqa: E402

SCENARIO = {"turn": 3, "turn_player": 0, "phase": "main", "seed": 5,
            "players": [{"hand": ["EBP01-001", "ETD01-013"], "base": ["ETD01-013"], "souls": {"standing": 4}},
                        {"base": ["ETD01-013"], "souls": {"standing": 1}}]}


def finish(game: Game, seed: int, bots: bool, stop: int | None = None) -> Game:
    players = [best_bot(seed), best_bot(seed + 1)] if bots else [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while game.decision is not None and (stop is None or len(game.choices) < stop):
        game.apply(players[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
    return game


def games() -> list[tuple[str, Game]]:
    shipped = {k: parse_code(v["code"]) for k, v in cards.decks().items()}
    out = []
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        out.append((f"random decks, random players, seed {seed}",
                    finish(Game.new(random_deck(rng), random_deck(rng), seed), seed, False)))
    for i, (a, b) in enumerate([("etd01-red-blue", "etd02-green-purple"), ("bp01-red-green", "bp01-blue-purple")]):
        out.append((f"shipped decks {a} vs {b}, computer players",
                    finish(Game.new(shipped[a], shipped[b], 10 + i, first=i), 10 + i, True)))
    rng = random.Random(7)
    conceded = finish(Game.new(random_deck(rng), shipped["etd01-red-blue"], 7), 7, True, stop=40)
    conceded.concede(conceded.decision.player)
    out.append(("a concession at decision 40", conceded))
    out.append(("unfinished game (decision 25)", finish(Game.new(shipped["etd01-red-blue"], shipped["etd01-red-blue"],
                                                                 -99), 3, True, stop=25)))
    out.append(("scenario start, then computer players", finish(load_scenario(SCENARIO), 5, True)))
    return out


def main() -> None:
    fixtures = [{"about": about, "code": links.encode(game), "choices": len(game.choices),
                 "final": state_hash(game)} for about, game in games()]
    path = ROOT / "tests" / "fixtures" / "links" / f"engine-{__version__}.json"
    path.write_text(json.dumps({"engine": __version__, "links": fixtures}, indent=1) + "\n")
    print(f"wrote {len(fixtures)} links to {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
