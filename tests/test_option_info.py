"""Options as data for clients (engine.presentation.action_labels.option_info): the cards an action is about, its
other words and its label in each language, so no client parses action text."""

from __future__ import annotations

from engine.presentation.action_labels import option_cards, option_info
from engine.scenario import load

SCENARIO = {"turn": 3, "turn_player": 0, "phase": "main",
            "players": [{"hand": ["EBP01-001"], "base": ["ETD01-013"], "souls": {"standing": 1}},
                        {"base": ["ETD01-014"], "hand": ["EBP01-004"], "souls": {"standing": 1}}]}


def test_an_attack_names_its_attacker_then_its_target_in_both_languages() -> None:
    game = load(SCENARIO)
    attacker = game.state.players[0].base[0].id
    target = game.state.players[1].base[0].id
    info = option_info(game, f"attack {attacker} {target}", game.decision)
    assert info["kind"] == "attack" and info["cards"] == [attacker, target] and info["words"] == []
    assert info["label"]["en"] == "Jolthog Cryst – Stoic Yet Innocent attacks Pengullet – Frequent Flyer"
    assert info["label"]["ja"] == "堅物で純真 – コチグリでよく飛ぶ砲弾 – ペンタマにアタックする"
    at_player = option_info(game, f"attack {attacker} player", game.decision)
    assert at_player["cards"] == [attacker] and at_player["words"] == ["player"]
    assert at_player["label"]["en"] == "Jolthog Cryst – Stoic Yet Innocent attacks your opponent"


def test_words_that_are_no_card_stay_words() -> None:
    game = load(SCENARIO)
    assert option_info(game, "end", game.decision) == {
        "action": "end", "kind": "end", "cards": [], "words": [],
        "label": {"en": "End your main phase", "ja": "メインフェイズを終える"}}
    assert option_cards("activate 12 0 cost 1") == [12]
    assert option_info(game, "activate 12 0 cost 1")["words"] == ["0", "cost", "1"]
    assert option_cards("mode 1") == option_cards("x 3") == option_cards("name EBP01-001") == []


def test_a_card_the_viewer_does_not_see_is_not_named() -> None:
    """The opponent's hand card keeps its id in the label when ``visible`` (the viewer's cards) leaves it out."""
    game = load(SCENARIO)
    hidden = game.state.players[1].hand[0].id
    named = option_info(game, f"pick {hidden}", None)["label"]["en"]
    unnamed = option_info(game, f"pick {hidden}", None, visible={game.state.players[0].hand[0].id})["label"]["en"]
    assert named == "Choose Bushi – Ephemeral Blade" and unnamed == f"Choose {hidden}"
