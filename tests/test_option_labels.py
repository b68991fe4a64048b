"""Option labels say what an option does and tell every option of a decision apart: an ability's option names its
card, its cost spelled out and its effect in short (in the card text's words), and options that would read alike
name their cards by place ("left Teafant"), in English and Japanese."""
from __future__ import annotations

import re
import sys
from pathlib import Path

from kit import random_games

from engine.presentation.action_labels import option_labels, options_info
from engine.scenario import load

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))
from state_json import decision_info  # noqa: E402

KATRESS, BUSHI, TEAFANT, JOLTHOG = "EBP01-075", "EBP01-004", "EBP01-034", "ETD01-013"
NUMBERED = re.compile(r"ability \d|能力\d|cost option|コスト\d")


def _labels(game, decision=None) -> dict[str, dict[str, str]]:
    """Each option's text -> its labels, for the pending decision."""
    d = decision or game.decision
    texts = [a.text for a in d.options]
    return dict(zip(texts, option_labels(game, texts, d), strict=True))


def test_an_ability_option_says_its_cost_and_effect_in_both_languages() -> None:
    """Katress's ability (10.1: an activated ability's cost, then its effect) reads as cost → effect."""
    game = load({"turn": 3, "turn_player": 0, "phase": "main",
                 "players": [{"base": [KATRESS, JOLTHOG], "souls": {"standing": 1}}, {"base": [JOLTHOG]}]})
    katress = game.state.players[0].base[0].id
    label = _labels(game)[f"activate {katress} 0"]
    assert label["en"] == "Katress: butcher 1 other Pal → this card gets +1000 Power and +1 Strike this turn"
    assert label["ja"] == "クレメーオ：〔他のパル1枚を解体〕→このカードはこのターンの間【戦闘力】+1000と【打撃力】+1を得る"


def test_each_way_to_pay_an_ability_is_spelled_out_at_the_quick_step() -> None:
    """Bushi's Interrupt may be paid two ways (10.1.1.2): each option spells out its own cost."""
    game = load({"turn": 3, "turn_player": 1, "phase": "main",
                 "players": [{"hand": [BUSHI, TEAFANT], "base": [JOLTHOG], "souls": {"standing": 2}},
                             {"base": [JOLTHOG], "souls": {"standing": 1}}]})
    attacker = game.state.players[1].base[0].id
    game.apply(f"attack {attacker} player")
    while game.decision.player != 0 or game.decision.kind.value != "quick":
        game.apply("pass" if "pass" in [a.text for a in game.decision.options] else game.decision.options[0].text)
    bushi = game.state.players[0].hand[0].id
    labels = _labels(game)
    paid_souls, paid_card = labels[f"activate {bushi} 1 cost 0"], labels[f"activate {bushi} 1 cost 1"]
    assert paid_souls["en"] == ("Bushi: ① + discard this card → Interrupt (nullify your opponent's attack, so that "
                                "battle deals no damage)")
    assert paid_card["en"].startswith("Bushi: discard this card + discard 1 other card → Interrupt (")
    assert paid_souls["ja"].startswith("ツジギリ：〔①＋このカードを捨てる〕→妨害（")
    assert paid_card["ja"].startswith("ツジギリ：〔このカードを捨てる＋他の手札1枚を捨てる〕→妨害（")


def test_two_identical_pals_are_told_apart_by_their_place() -> None:
    """Two Teafants in the base: their attacks name them by place, the others keep their names."""
    game = load({"turn": 3, "turn_player": 0, "phase": "main",
                 "players": [{"base": [JOLTHOG, TEAFANT, TEAFANT]}, {"base": [JOLTHOG]}]})
    _, left, right = (c.id for c in game.state.players[0].base)
    jolthog = game.state.players[0].base[0].id
    labels = _labels(game)
    assert labels[f"attack {left} player"] == {"en": "Your 2nd Teafant from the left attacks your opponent",
                                               "ja": "自分の左から2番目のチョロゾウで相手にアタックする"}
    assert labels[f"attack {right} player"] == {"en": "Your 3rd Teafant from the left attacks your opponent",
                                                "ja": "自分の左から3番目のチョロゾウで相手にアタックする"}
    assert labels[f"attack {jolthog} player"]["en"] == "Jolthog Cryst – Stoic Yet Innocent attacks your opponent"


def test_the_leftmost_twin_is_the_left_one_and_hand_twins_say_their_place_in_hand() -> None:
    game = load({"turn": 3, "turn_player": 0, "phase": "main",
                 "players": [{"hand": [TEAFANT, TEAFANT], "base": [TEAFANT, TEAFANT], "souls": {"standing": 5}},
                             {"base": [JOLTHOG]}]})
    me = game.state.players[0]
    labels = _labels(game)
    assert labels[f"attack {me.base[0].id} player"]["en"] == "Your left Teafant attacks your opponent"
    assert labels[f"attack {me.base[0].id} player"]["ja"] == "自分の左端のチョロゾウで相手にアタックする"
    assert labels[f"play {me.hand[1].id}"] == {"en": "Play Teafant (2nd in hand)", "ja": "チョロゾウ（手札の2枚目）をプレイする"}


def test_a_card_the_viewer_does_not_see_is_not_described() -> None:
    """With ``visible`` leaving a card out, its option says neither its name nor its ability."""
    game = load({"turn": 3, "turn_player": 0, "phase": "main",
                 "players": [{"base": [KATRESS, JOLTHOG], "souls": {"standing": 1}}, {"base": [JOLTHOG]}]})
    katress = game.state.players[0].base[0].id
    info = options_info(game, [f"activate {katress} 0"], game.decision, visible=set())
    assert info[0]["label"] == {"en": f"ability 1 of {katress}", "ja": f"{katress}の能力1"}


def test_every_decision_of_random_games_has_distinct_labels_that_never_number_an_ability() -> None:
    """Over seeded random games, in both languages: no two options of a decision read alike, and no ability
    option is said by its number."""
    decisions = activations = 0
    for game in random_games(12, 24):
        d = game.decision
        texts = [a.text for a in d.options]
        labels = option_labels(game, texts, d)
        for lang in ("en", "ja"):
            said = [label[lang] for label in labels]
            assert len(set(said)) == len(said), (texts, said)
            assert not any(NUMBERED.search(label) for label in said), said
        decisions += 1
        activations += sum(t.startswith("activate ") for t in texts)
    assert decisions > 1000 and activations > 50


def test_the_pages_decision_carries_the_told_apart_labels() -> None:
    """The playmat's decision (web/py/state_json.decision_info) gives its options and rejected options the labels
    of ``options_info``: two Teafants' attacks read differently there too."""
    game = load({"turn": 3, "turn_player": 0, "phase": "main",
                 "players": [{"base": [TEAFANT, TEAFANT]}, {"base": [JOLTHOG]}]})
    info = decision_info(game, game.decision, {c.id for p in game.state.players for c in p.base})
    for lang in ("en", "ja"):
        labels = [option["label"][lang] for option in info["options"]]
        assert len(set(labels)) == len(labels)
    assert "Your left Teafant attacks your opponent" in [option["label"]["en"] for option in info["options"]]
