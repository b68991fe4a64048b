"""Game preparation (6.2): shuffle, random chooser picks first/second, second player's soul, draw 5, redraw once."""
from __future__ import annotations

from kit import V300, V500, V700, V900, V1200

from engine import Game, IllegalAction
from engine.model.actions import DecisionKind

VANILLA = ["EBP01-013", "EBP01-037", "EBP01-056", "EBP01-086", "EBP01-099", "ETD01-002", "ETD01-003",
           "ETD01-013", "ETD01-014", "ETD02-001", "ETD02-002", "ETD02-013", "ETD02-016"]
DECK = (VANILLA * 4)[:50]     # abilities never get in the way; four colours, so not a legal deck (6.1)


def new(seed: int = 1, first: int | None = None) -> Game:
    return Game.new(list(DECK), list(DECK), seed=seed, first=first, check_decks=False)


def test_6_2_random_player_chooses_first_or_second():
    """6.2.3: a player chosen at random decides who goes first; the engine asks that player."""
    choosers = set()
    for seed in range(12):
        g = new(seed)
        assert g.decision.kind == DecisionKind.FIRST
        assert {a.text for a in g.decision.options} == {"first", "second"}
        choosers.add(g.decision.player)
    assert choosers == {0, 1}


def test_6_2_chooser_may_go_second():
    g = new(3)
    chooser = g.decision.player
    g.apply("second")
    assert g.state.first_player == 1 - chooser
    g2 = new(3)
    g2.apply("first")
    assert g2.state.first_player == chooser


def test_6_2_decks_are_shuffled_by_the_seeded_generator():
    """6.2.2: each main deck is shuffled; the same seed gives the same order, another seed another."""
    g = new(5, first=0)
    order = [c.number for c in g.state.players[0].hand + g.state.players[0].deck]
    assert sorted(order) == sorted(DECK)
    assert order != DECK
    again = new(5, first=0)
    assert [c.number for c in again.state.players[0].hand + again.state.players[0].deck] == order
    other = new(6, first=0)
    assert [c.number for c in other.state.players[0].hand + other.state.players[0].deck] != order


def test_6_2_second_player_starts_with_one_soul_and_both_draw_five_life_ten():
    g = new(2, first=1)
    first, second = g.state.players[1], g.state.players[0]
    assert (second.souls_standing, second.soul_deck) == (1, 9)
    assert (first.souls, first.soul_deck) == (0, 10)
    for p in g.state.players:
        assert len(p.hand) == 5 and len(p.deck) == 45 and p.life == 10
        assert p.material == 0 and p.ingredient == 0


def test_6_2_first_player_decides_redraw_first_then_second_player():
    g = new(2, first=1)
    assert g.decision.kind == DecisionKind.REDRAW and g.decision.player == 1
    g.apply("keep")
    assert g.decision.kind == DecisionKind.REDRAW and g.decision.player == 0
    g.apply("keep")
    assert g.decision.kind == DecisionKind.MAIN and g.decision.player == 1


def test_6_2_redraw_returns_the_hand_shuffles_and_draws_five_again_once():
    g = new(4, first=0)
    before = [c.id for c in g.state.players[0].hand]
    g.apply("redraw")
    p = g.state.players[0]
    assert len(p.hand) == 5 and len(p.deck) == 45 and p.redraw_done
    assert any(e.kind == "redraw" and e.data["player"] == 0 for e in g.log)
    assert sorted(c.number for c in p.hand + p.deck) == sorted(DECK)
    assert not set(before) & {c.id for c in p.hand}   # the returned cards are new card objects
    # only one redraw: the next decision is the other player's, and then the game starts
    assert g.decision.player == 1 and g.decision.kind == DecisionKind.REDRAW
    g.apply("redraw")
    assert g.decision.kind == DecisionKind.MAIN
    for opt in ("redraw", "keep"):
        try:
            g.apply(opt)
        except IllegalAction:
            pass
        else:
            raise AssertionError("a third redraw decision must not exist")


def test_6_2_7_a_game_built_at_the_second_players_redraw_asks_only_that_player_then_starts():
    """A game may start at the redraw (a searching player's sampled world): a player whose redraw is done is
    passed over, and once the other has kept or redrawn the first player's first turn begins (7)."""
    g = new(6, first=1)
    g.apply("keep")                                   # the first player's redraw is done
    state = g.state.clone()
    world = Game(state, g.setup, "redraw", snapshots=False)
    assert world.decision.kind == DecisionKind.REDRAW and world.decision.player == 0
    world.apply("redraw")
    assert world.decision.kind == DecisionKind.MAIN and world.decision.player == 1
    assert world.state.turn == 1 and len(world.state.players[0].hand) == 5


def test_6_2_first_turn_starts_without_a_draw_and_with_two_souls():
    """7.3.1 / 7.4: the first player skips the turn-1 draw; the soul phase still gives 2 souls."""
    g = new(8, first=0)
    g.apply("keep")
    g.apply("keep")
    p = g.state.players[0]
    assert g.state.turn == 1 and g.state.turn_player == 0
    assert len(p.hand) == 5 and p.souls_standing == 2
    g.apply("end")
    q = g.state.players[1]
    assert g.state.turn == 2 and g.state.turn_player == 1
    assert len(q.hand) == 6 and q.souls_standing == 3   # 1 from setup + 2


def test_6_2_vanilla_constants_are_as_printed():
    from engine.model.carddb import CARDS

    assert [CARDS[n].power for n in (V300, V500, V700, V900, V1200)] == [300, 500, 700, 900, 1200]
