"""Whole-game links (engine.links): round trips over self-play games, deck order, sizes, fixtures of released
versions, and links from another engine version that replay up to where they stop matching."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cards
from engine import Game, __version__, view
from engine.bench import random_deck
from engine.clients.ai import RandomPlayer
from engine.deck import parse_code
from engine.persistence import links
from engine.replay import BadRecord, load, state_hash
from engine.replay import load as load_record

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "links"
ROUND_TRIPS = 100


def self_play(seed: int, stop: int | None = None) -> Game:
    """A random legal game between random decks; some games fix who goes first, some end by a concession."""
    rng = random.Random(seed)
    first = rng.choice((None, 0, 1))
    game = Game.new(random_deck(rng), random_deck(rng), seed * 7919 - 50_000, first=first, snapshots=False)
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while game.decision is not None and (stop is None or len(game.choices) < stop):
        d = game.decision
        game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
    return game


@pytest.mark.slow
def test_links_round_trip_self_play_games() -> None:
    """Decoding a link re-executes exactly the recorded choices and reaches the same final state."""
    for seed in range(ROUND_TRIPS):
        stop = 30 + seed if seed % 10 == 3 else None
        game = self_play(seed, stop)
        if seed % 10 == 5 and game.decision is not None:
            game.concede(seed % 2)   # 1.2.3: a concession is recorded as the last choice
        code = links.encode(game)
        decoded = links.decode(code)
        assert decoded.stopped is None and decoded.warnings == []
        assert decoded.record["choices"] == game.choices, seed
        assert decoded.record["setup"] == game.setup
        assert state_hash(decoded.game) == state_hash(game)
        assert links.encode(decoded.record) == code
        assert load(decoded.record).choices == game.choices


def test_deck_order_does_not_change_the_link() -> None:
    """The same 50 cards listed in any order make the same game, so the same link."""
    rng = random.Random(3)
    d0, d1 = random_deck(rng), random_deck(rng)
    shuffled = list(d0)
    rng.shuffle(shuffled)
    assert links.encode(Game.new(d0, d1, 5)) == links.encode(Game.new(shuffled, d1, 5))


def test_shipped_decks_cost_a_few_bits_and_any_deck_is_a_multiset() -> None:
    decks = {k: parse_code(v["code"]) for k, v in cards.decks().items()}
    shipped = links.encode(Game.new(decks["etd01-red-blue"], decks["etd02-green-purple"], 1))
    rng = random.Random(1)
    custom = links.encode(Game.new(random_deck(rng), random_deck(rng), 1))
    assert len(shipped) < 20 < len(custom) < 80
    decoded = links.decode(shipped)
    assert decoded.record["setup"]["decks"] == [sorted(decks["etd01-red-blue"]), sorted(decks["etd02-green-purple"])]


def test_negative_seeds_and_the_decks_checked_flag_round_trip() -> None:
    """Any seed; a game made with check_decks=False (as tests and lessons do) whose decks are legal anyway."""
    rng = random.Random(4)
    deck = random_deck(rng)
    game = Game.new(deck, deck, -(2**63), check_decks=False)
    decoded = links.decode(links.encode(game))
    assert decoded.record["setup"] == game.setup and decoded.record["setup"]["check_decks"] is False


def test_a_link_with_the_flag_off_is_still_held_to_rule_6_1() -> None:
    """The decks-checked flag never lets a deck from outside break 6.1: the record check refuses it too."""
    odd = ["EBP01-061"] * 20 + ["ETD01-013"] * 30   # any number of one card, beyond four of another
    game = Game.new(odd, odd, 3, check_decks=False)
    code = links.encode(game)
    with pytest.raises(links.BadLink, match=r"setup\.decks\[0\] breaks the deck-construction rules \(6\.1\)"):
        links.decode(code)
    with pytest.raises(BadRecord, match=r"setup\.decks\[0\] breaks the deck-construction rules \(6\.1\)"):
        load_record(game.record())


def test_scenario_links_start_at_the_position() -> None:
    scenario = {"turn": 3, "turn_player": 0, "phase": "main", "seed": 2,
                "players": [{"hand": ["EBP01-001"], "base": ["ETD01-013"], "souls": {"standing": 1}},
                            {"base": ["ETD01-013"], "souls": {"standing": 1}}]}
    from engine.scenario import load as load_scenario

    game = load_scenario(scenario)
    game.apply(game.decision.options[0])
    decoded = links.decode(links.encode(game))
    assert decoded.record["setup"] == {"scenario": scenario}
    assert state_hash(decoded.game) == state_hash(game)


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("engine-*.json")), ids=lambda p: p.stem)
def test_links_of_released_versions_keep_replaying(path: Path) -> None:
    """Every fixture link (made by the version in its file name) replays to the same state."""
    data = json.loads(path.read_text())
    assert len(data["links"]) >= 8
    for fixture in data["links"]:
        decoded = links.decode(fixture["code"])
        assert decoded.stopped is None, fixture["about"]
        assert len(decoded.game.choices) == fixture["choices"], fixture["about"]
        assert state_hash(decoded.game) == fixture["final"], fixture["about"]


def test_this_versions_fixtures_are_checked_in() -> None:
    assert (FIXTURES / f"engine-{__version__}.json").exists()


def _changed_rules_link(monkeypatch: pytest.MonkeyPatch, engine_version: str) -> tuple[Game, str]:
    """A link made by an engine whose main-phase options came in another order (a rules change), from choices
    that are legal in both: the digits mean other choices here from the first main decision with 2+ options."""
    import engine.rules.game as game_module

    real = game_module.main_options
    game = self_play(11)
    with monkeypatch.context() as m:
        m.setattr(game_module, "main_options", lambda g, p, reasons=True: (lambda r: (r[0][::-1], r[1]))(real(g, p, reasons)))
        other = Game.new(*game.setup["decks"], game.setup["seed"], game.setup["first"])
        players = [RandomPlayer(11), RandomPlayer(12)]
        while other.decision is not None:
            d = other.decision
            other.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))
        record = {**other.record(), "engine": engine_version}
        code = links.encode(record)
    return other, code


def test_a_link_of_another_version_replays_up_to_where_it_stops_matching(monkeypatch: pytest.MonkeyPatch) -> None:
    """The viewer gets the game up to the last check that still matches, and a message naming the version."""
    original, code = _changed_rules_link(monkeypatch, "0.0.9")
    decoded = links.decode(code)
    assert decoded.stopped and "engine 0.0.9" in decoded.stopped and __version__ in decoded.stopped
    good = len(decoded.game.choices)
    assert good % links.CHECK_EVERY == 0 and good < len(original.choices)
    assert decoded.game.choices == original.choices[:good]   # the part before the change is the same game
    assert decoded.warnings and "0.0.9" in decoded.warnings[0]


def test_the_same_mismatch_from_this_version_is_a_damaged_link(monkeypatch: pytest.MonkeyPatch) -> None:
    _, code = _changed_rules_link(monkeypatch, __version__)
    with pytest.raises(links.BadLink, match="damaged or was altered"):
        links.decode(code)


def test_computer_games_give_short_links() -> None:
    """The size goal (median under 140, p95 under 220 characters) on a small sample of computer games."""
    import statistics

    from engine.clients.ai import best_bot

    sizes = []
    for seed in range(12):
        rng = random.Random(seed)
        game = Game.new(random_deck(rng), random_deck(rng), seed, snapshots=False)
        bots = [best_bot(seed), best_bot(seed + 1)]
        while game.decision is not None:
            game.apply(bots[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
        sizes.append(len(links.encode(game)))
    assert statistics.median(sizes) < 140 and max(sizes) < 220


def test_selfplay_verifies_every_games_link(capsys):
    """``selfplay --verify-links`` round-trips each game through its link (the figure for thousands of games)."""
    from engine.clients.cli import main

    assert main(["selfplay", "--games", "4", "--seed", "3", "--verify-links", "--no-progress"]) == 0
    assert "links: 4 decoded to the same final state" in capsys.readouterr().out
