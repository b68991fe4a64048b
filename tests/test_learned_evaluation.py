"""Strong's evaluation learned from self-play: public features, a symmetric value, weights that match."""
from __future__ import annotations

import json

import pytest

from engine.clients.ai import features as feats
from engine.clients.ai.features import FEATURES, features, learned_value, weights
from engine.clients.search import StrongBot
from engine.clients.worlds import evaluate
from tests.kit import finished_game


def test_features_are_one_side_less_the_other():
    game = finished_game(seed=7)
    a, b = features(game.state, 0), features(game.state, 1)
    assert len(a) == len(FEATURES)
    assert a == pytest.approx([-x for x in b])


def test_the_value_for_one_player_is_one_less_the_value_for_the_other():
    game = finished_game(seed=11)
    # a finished game is worth its result
    won = game.outcome.winner
    assert learned_value(game, won) == 1.0 and learned_value(game, 1 - won) == 0.0


def test_a_position_in_play_is_valued_between_0_and_1_symmetrically(monkeypatch):
    game = finished_game(seed=11)
    monkeypatch.setattr(game.state, "outcome", None)
    v0, v1 = learned_value(game, 0), learned_value(game, 1)
    assert 0 < v0 < 1 and v0 + v1 == pytest.approx(1.0)


def test_more_life_is_worth_more():
    """The learned weights agree with the game on its clearest fact: life lost brings defeat closer (1.2.1)."""
    game = finished_game(seed=11)
    game.state.outcome = None
    me = game.state.turn_player
    game.state.players[me].life = 4
    game.state.players[1 - me].life = 4
    even = learned_value(game, me)
    game.state.players[1 - me].life = 1
    assert learned_value(game, me) > even


def _in_play(seed: int = 11):
    game = finished_game(seed=seed)
    game.state.outcome = None
    return game, game.state.turn_player


def test_the_hand_features_count_what_it_could_play_next_turn():
    """A Pal or a support counts as ready when its cost is at most the player's souls and one more (a turn
    usually brings one); the Pals' Power counts in thousands."""
    game, me = _in_play()
    p = game.state.players[me]
    pals = sorted({c.defn.number: c for c in p.deck + p.graveyard if c.defn.type == "pal"}.values(),
                  key=lambda c: c.defn.cost)
    cheap, dear = pals[0], pals[-1]
    p.hand = [cheap, dear]
    p.souls_standing, p.souls_rested = cheap.defn.cost - 1, 0
    assert dear.defn.cost > cheap.defn.cost >= 1
    named = dict(zip(feats.SIDE_FEATURES[-9:], feats.hand_features(p), strict=True))
    assert named["hand_pals"] == 2 and named["ready_pals"] == 1
    assert named["ready_power"] == pytest.approx(cheap.defn.power / 1000)
    assert named["hand_power"] == pytest.approx((cheap.defn.power + dear.defn.power) / 1000)
    assert named["ready_best"] == pytest.approx(cheap.defn.power / 1000)


def test_a_big_pal_in_hand_is_worth_more_than_an_empty_hand():
    """The hand's content is part of the value (the search reads it in its sampled worlds only)."""
    game, me = _in_play()
    p, foe = game.state.players[me], game.state.players[1 - me]
    p.hand, foe.hand = [], []
    empty = learned_value(game, me)
    p.hand = [max((c for c in p.deck + p.graveyard if c.defn.type == "pal"), key=lambda c: c.defn.power)]
    p.souls_standing = max(p.souls_standing, p.hand[0].defn.cost)
    assert learned_value(game, me) > empty
    assert learned_value(game, 1 - me) == pytest.approx(1 - learned_value(game, me))


def test_the_weights_file_names_every_feature():
    data = json.loads(feats.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert sorted(data["weights"]) == sorted(FEATURES)
    assert data["trained"]["command"].startswith("python tools/train_eval.py")
    assert len(weights()) == len(FEATURES)


def test_weights_that_do_not_match_the_features_are_refused(tmp_path, monkeypatch):
    bad = tmp_path / "w.json"
    bad.write_text(json.dumps({"weights": {"life": 1.0}}), encoding="utf-8")
    monkeypatch.setattr(feats, "WEIGHTS_FILE", bad)
    weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="does not match"):
            weights()
    finally:
        weights.cache_clear()


def test_strong_scores_its_rollouts_with_the_learned_evaluation():
    assert StrongBot.value is learned_value and StrongBot.value is not evaluate
