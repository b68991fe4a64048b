"""Command line: ``python -m engine selfplay|bench|replay|scenario`` (see ``--help``)."""
from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from typing import Any

from ..model.carddb import CARDS
from ..model.limits import MAX_JSON_SIZE, BadInput, excerpt
from ..persistence import links
from ..persistence.inputs import check_input
from ..persistence.replay import load as load_record
from ..persistence.replay import parse as parse_record
from ..persistence.replay import state_hash
from ..persistence.scenario import load as load_scenario
from ..presentation.secrecy import check_secrecy
from ..presentation.view import view
from ..rules.checks import quiet_mark_broken
from ..rules.game import Game
from . import ladder, puzzle_generator, puzzle_proof, simulate
from .ai import RandomPlayer
from .args import GAMES, SEED, Parser, one_line
from .bench import random_deck, run


def check_invariants(game: Any) -> None:
    """Invariants after every step: 60 cards each accounted for, souls ≤ 10, no negative counters."""
    state = game.state
    for p in state.players:
        cards = sum(len(p.zone(z)) for z in ("deck", "hand", "base", "graveyard", "exile", "resolution"))
        souls = p.soul_deck + p.souls
        if cards != 50 or souls != 10:
            raise AssertionError(f"player {p.index}: {cards} main cards and {souls} souls accounted for")
        if p.souls > 10 or min(p.material, p.ingredient, p.souls_standing, p.souls_rested, p.soul_deck) < 0:
            raise AssertionError(f"player {p.index}: bad resources {p}")
        for c in p.base:
            if c.damage < 0 or c.owner != p.index:
                raise AssertionError(f"bad card {c}")
            if c.damage and not state.maybe_damaged:   # the hint that lets rule-action checks skip (rules.checks)
                raise AssertionError(f"card {c.id} has damage but the state says no card has")
    if state.outcome is None and quiet_mark_broken(game):   # the mark that answers most check timings at once
        raise AssertionError("the quiet mark says no rule action is due, but one is")


def play_checked(game: Any, players: list[Any], invariants: bool, played: collections.Counter) -> None:
    """Play a game to its end, checking invariants and that life only drops through damage checks/effects."""
    while game.decision is not None:
        d = game.decision
        before = [p.life for p in game.state.players]
        loglen = len(game.state.log)
        action = players[d.player].choose(view(game, d.player, log_tail=0))
        game.apply(action)
        if invariants:
            check_invariants(game)
            for p in game.state.players:
                if p.life < before[p.index] and not any(
                        e.kind == "life_lost" and e.data["player"] == p.index for e in game.state.log[loglen:]):
                    raise AssertionError("life dropped outside a damage check")
        for e in game.state.log[loglen:]:
            if e.kind in ("play", "activate"):
                played[e.data["number"]] += 1
        if len(game.choices) > 20000:
            raise AssertionError("game did not end")


def cmd_selfplay(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    reasons: collections.Counter = collections.Counter()
    played: collections.Counter = collections.Counter()
    decisions = 0
    secrecy = collections.Counter()
    link_sizes: list[int] = []
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = rng.randrange(2**31)
        grng = random.Random(seed)
        decks = (random_deck(grng), random_deck(grng))
        game = Game.new(*decks, seed, snapshots=False)
        try:
            if args.secrecy:
                for report in check_secrecy(decks, seed, random.Random(seed)):
                    secrecy.update(pairs=1, steps=report.steps, hidden=report.hidden_choices)
            play_checked(game, [RandomPlayer(seed), RandomPlayer(seed + 1)], not args.fast, played)
            if args.verify_replays:
                again = load_record(game.record(), snapshots=False)
                if state_hash(again) != state_hash(game):
                    raise AssertionError("replay diverged")
            if args.verify_links:
                code = links.encode(game)
                decoded = links.decode(code)
                if decoded.stopped or state_hash(decoded.game) != state_hash(game):
                    raise AssertionError("link diverged")
                link_sizes.append(len(code))
        except Exception as e:  # report the failing seed so it can be reproduced
            print(f"\ngame {i} (seed {seed}) failed after {len(game.choices)} choices: {e!r}", file=sys.stderr)
            raise
        reasons[game.outcome.reason.value] += 1
        decisions += len(game.choices)
        if args.progress and (i + 1) % max(1, args.games // 20) == 0:
            rate = (i + 1) / (time.perf_counter() - t0)
            print(f"  {i + 1}/{args.games} games ({rate:.1f} games/s)", file=sys.stderr, flush=True)
    dt = time.perf_counter() - t0
    print(f"{args.games} games in {dt:.2f}s: {args.games / dt:.1f} games/s, {decisions / args.games:.0f} decisions/game")
    print("ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    if args.verify_links:
        link_sizes.sort()
        print(f"links: {len(link_sizes)} decoded to the same final state; characters median"
              f" {link_sizes[len(link_sizes) // 2]}, p95 {link_sizes[int(0.95 * (len(link_sizes) - 1))]},"
              f" max {link_sizes[-1]}")
    if args.secrecy:
        print(f"secrecy: {secrecy['pairs']} twin games compared over {secrecy['steps']} steps"
              f" ({secrecy['hidden']} hidden choices of the opponent), no leak")
    with_ability = [n for n, d in CARDS.items() if d.abilities]
    never = sorted(n for n in CARDS if played[n] == 0)
    print(f"cards played at least once: {len(CARDS) - len(never)}/{len(CARDS)}"
          f" ({sum(1 for n in with_ability if played[n])}/{len(with_ability)} with abilities)")
    if never:
        print("never played: " + ", ".join(never))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Random full games per second on one core (decks and seeds fixed, invariants off)."""
    print(json.dumps(run(args.games, args.seed, args.snapshots, args.by_index)))
    return 0


class InputError(Exception):
    """A command cannot run on its input; ``main`` prints the message as one ``error:`` line."""


def read_file(path: str) -> bytes:
    """The bytes of a file, at most one more than MAX_JSON_SIZE (the loaders refuse more)."""
    try:
        with open(path, "rb") as f:
            return f.read(MAX_JSON_SIZE + 1)
    except OSError as e:
        raise InputError(f"cannot read {excerpt(path, 120)}: {e.strerror or type(e).__name__}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    data = read_file(args.file)
    try:
        record = parse_record(data)
        game = load_record(record, snapshots=False)   # the one check of outside input, then re-execution
    except BadInput as e:
        raise InputError(f"not a valid replay: {e}") from None
    for warning in game.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    h = state_hash(game)
    ok = record.get("final") in (None, h)
    print(f"{len(record['choices'])} choices re-executed; final state {h}: "
          + ("matches" if ok else f"DIFFERS from recorded {record.get('final')}"))
    if game.outcome:
        print(f"outcome: winner {game.outcome.winner}, reason {game.outcome.reason.value}")
    return 0 if ok else 1


def cmd_scenario(args: argparse.Namespace) -> int:
    data = read_file(args.file)
    try:
        game = load_scenario(check_input(data, "scenario"))   # the one check of outside input, then the game
    except BadInput as e:
        raise InputError(f"not a valid scenario: {e}") from None
    for i, p in enumerate(game.state.players):
        print(f"player {i}: life {p.life}, deck {len(p.deck)}, hand {[c.number for c in p.hand]}, "
              f"souls {p.souls_standing} standing/{p.souls_rested} rested, base "
              + ", ".join(f"{c.id}:{c.defn.full_name}{' (rested)' if c.rested else ''}" for c in p.base))
    d = game.decision
    if d is None:
        print(f"game over: {game.outcome}")
    else:
        print(f"pending: player {d.player} decides ({d.kind.value}): {d.prompt}")
        print("options: " + ", ".join(a.text for a in d.options))
    return 0


# commands with parsers of their own: ``python -m engine ladder ...`` runs ``engine.clients.ladder.main``
def puzzle_main(argv: list[str]) -> int:
    """``puzzle generate ...`` mines puzzles (puzzle_generator); anything else proves puzzles (puzzle_proof)."""
    if argv and argv[0] == "generate":
        return puzzle_generator.main(argv[1:])
    return puzzle_proof.main(argv)


DELEGATED = {"ladder": ladder.main, "simulate": simulate.main, "puzzle": puzzle_main}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] in DELEGATED:
        return DELEGATED[argv[0]](argv[1:])
    ap = Parser(prog="python -m engine", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("selfplay", help="random legal players; prints games/s and how games ended")
    sp.add_argument("--games", type=GAMES, default=100)
    sp.add_argument("--seed", type=SEED, default=0)
    sp.add_argument("--fast", action="store_true", help="skip the per-step invariant checks")
    sp.add_argument("--verify-replays", action="store_true", help="re-execute every game's replay")
    sp.add_argument("--verify-links", action="store_true",
                    help="encode every game as a whole-game link, decode it and check the final state")
    sp.add_argument("--secrecy", action="store_true",
                    help="also play twin games that differ in hidden cards and check each player saw the same")
    sp.add_argument("--no-progress", dest="progress", action="store_false")
    bp = sub.add_parser("bench", help="random full games per second on one core")
    bp.add_argument("--games", type=GAMES, default=200)
    bp.add_argument("--seed", type=SEED, default=1)
    bp.add_argument("--snapshots", action="store_true", help="keep undo snapshots, as the app does")
    bp.add_argument("--by-index", action="store_true", help="apply choices by index (Game.apply_index), not text")
    rp = sub.add_parser("replay", help="re-execute a replay file and check its final state")
    rp.add_argument("file")
    scp = sub.add_parser("scenario", help="load a scenario and print the pending decision and state")
    scp.add_argument("file")
    sub.add_parser("ladder", help="round robin of the computer levels and reference bots (ladder --help)")
    sub.add_parser("simulate", help="deck A against deck B over many games (simulate --help)")
    sub.add_parser("puzzle", help="prove puzzles by exhaustive search (puzzle --help); puzzle generate mines new ones")
    args = ap.parse_args(argv)
    command = {"selfplay": cmd_selfplay, "bench": cmd_bench, "replay": cmd_replay, "scenario": cmd_scenario}
    try:
        return command[args.cmd](args)
    except (InputError, BadInput) as e:
        print(f"error: {one_line(str(e))}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
