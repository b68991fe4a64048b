"""Random playouts: after every decision the state keeps the invariants of the rules.

~200 seeded games between random legal decks from the whole card pool, driven by RandomPlayer through the
same views a UI would see; plus property tests of the action text form.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Action, Game, replay, view
from engine.clients.ai import HeuristicBot, RandomPlayer
from engine.deck import validate
from engine.model.actions import DecisionKind
from engine.model.carddb import CARDS
from engine.model.outcome import OutcomeReason
from engine.model.state import MAX_SOULS, PAL_LIMIT
from engine.rules.continuous import power

GAMES = 200
CHUNKS = 8
ZONES = ("deck", "hand", "base", "graveyard", "exile", "resolution")
COLOURS = ("red", "blue", "green", "purple")


def random_deck(rng: random.Random) -> list[str]:
    """A legal 50-card deck: two colours plus colourless, at most 4 per name, at most 8 Lucky Pals."""
    colours = rng.sample(COLOURS, 2)
    pool = sorted(n for n, d in CARDS.items() if d.color in (*colours, "colorless"))
    deck: list[str] = []
    names: Counter = Counter()
    lucky = 0
    while len(deck) < 50:
        n = rng.choice(pool)
        d = CARDS[n]
        if names[d.full_name] >= 4 or (d.lucky and lucky >= 8):
            continue
        names[d.full_name] += 1
        lucky += d.lucky
        deck.append(n)
    assert validate(deck) == []
    return deck


def check(game: Game, before: dict) -> dict:
    """Assert the invariants; return the numbers the next check compares against."""
    s = game.state
    for p in s.players:
        cards = [c for z in ZONES for c in p.zone(z)]
        assert len(cards) == 50 and all(c.owner == p.index for c in cards)
        assert Counter(c.number for c in cards) == Counter(p.decklist)
        assert len({c.id for c in cards}) == 50
        assert p.souls_standing >= 0 and p.souls_rested >= 0 and p.soul_deck >= 0
        assert p.souls + p.soul_deck == MAX_SOULS and p.souls <= MAX_SOULS
        assert p.material >= 0 and p.ingredient >= 0
        assert all(c.damage >= 0 for c in p.base)
        assert all(not c.rested for c in cards if c.zone != "base")
    # life moves only through the damage check (11.2.2.3) or an effect that gains life
    new = s.log[before["log"]:]
    for i, p in enumerate(s.players):
        lost = sum(e.data["amount"] for e in new if e.kind == "life_lost" and e.data["player"] == i)
        gained = sum(e.data["count"] for e in new if e.kind == "life_gained" and e.data["player"] == i)
        assert p.life == before["life"][i] - lost + gained
    d = game.decision
    if d is not None:
        assert d.options, "a pending decision always has an option"
        for a in d.options:
            assert Action.parse(a.text) == a
        if d.kind == DecisionKind.MAIN:
            # rule actions are done before a player gets a play timing (10.5)
            for p in s.players:
                assert len(p.pals()) <= PAL_LIMIT
                assert p.deck and p.life > 0
                for c in p.base:
                    if c.defn.type in ("pal", "structure") and c.damage > 0:
                        assert c.damage < power(s, c)
            assert s.battle is None and not s.pending
    return {"log": len(s.log), "life": [p.life for p in s.players]}


def check_outcome(game: Game) -> None:
    out = game.outcome
    assert out is not None and game.decision is None
    s = game.state
    lost = {p.index for p in s.players if p.life <= 0 or not p.deck}
    if out.reason == OutcomeReason.BOTH_LOST:
        assert out.winner is None and lost == {0, 1}
    else:
        assert out.reason in (OutcomeReason.LIFE, OutcomeReason.DECK_OUT)
        loser = s.players[1 - out.winner]
        assert lost == {loser.index}
        assert (loser.life <= 0) if out.reason == OutcomeReason.LIFE else (not loser.deck)


def play_checked(seed: int, players: list | None = None) -> Game:
    rng = random.Random(seed)
    game = Game.new(random_deck(rng), random_deck(rng), seed=seed, snapshots=False)
    players = players or [RandomPlayer(seed * 2 + 1), RandomPlayer(seed * 2 + 2)]
    before = check(game, {"log": 0, "life": [10, 10]})
    for _ in range(20000):
        if game.decision is None:
            break
        d = game.decision
        game.apply(players[d.player].choose(view(game, d.player, log_tail=0)))
        before = check(game, before)
    check_outcome(game)
    return game


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_the_invariants(chunk):
    reasons = Counter()
    for seed in range(chunk, GAMES, CHUNKS):
        reasons[play_checked(seed).outcome.reason] += 1
    assert sum(reasons.values()) == GAMES // CHUNKS


@pytest.mark.parametrize("seed", range(1000, 1012))
def test_bot_playouts_keep_the_invariants_and_replay_exactly(seed):
    """Games where a heuristic bot attacks, blocks and interrupts on purpose; each record replays to the same state."""
    game = play_checked(seed, [HeuristicBot(seed), HeuristicBot(seed + 1) if seed % 2 else RandomPlayer(seed)])
    ok, _ = replay.verify(game.record())
    assert ok


@given(verb=st.sampled_from(["play", "activate", "attack", "pick", "block", "x", "mode", "end", "pass", "yes"]),
       args=st.lists(st.one_of(st.integers(0, 10 ** 6).map(str), st.sampled_from(["player", "cost"])), max_size=4))
def test_action_text_round_trips(verb, args):
    a = Action(verb, tuple(args))
    assert Action.parse(a.text) == a
    assert Action.of(verb, *args) == a
