"""The catalogue of sentences a player reads besides card text and the log: why an action is not possible now,
and what a decision asks. Each message key has an English and a Japanese form (``engine.model.message.Msg``).

A form is a ``str.format`` template. Whole numbers accept a plural spec: ``{n:card|cards}`` says "1 card" or
"3 cards" (Japanese forms simply write ``{n}枚``). Parameters named ``card...`` are card numbers, said as the
card's name; ``{"en", "ja"}`` dicts are phrases in both languages; ``counter``, ``zone`` and ``keyword`` are said
with the words of ``engine.presentation.words``; ``ability`` is ``[card number, ability index]``, said as the
text the engine generates for that ability.
"""
from __future__ import annotations

from typing import Any

from ..model.carddb import CARDS
from ..model.message import RENDER
from .words import counter_name, keyword_name, zone_name

LANGS = ("en", "ja")

CATALOGUE: dict[str, dict[str, str]] = {
    # --- why a card cannot be played or an ability cannot be activated (10.2, 10.4, 10.7)
    "play.own_hand": {"en": "You can only play cards from your own hand.",
                      "ja": "プレイできるのは自分の手札のカードだけです。"},
    "play.quick_only": {"en": "Only Quick events can be played in the quick step.",
                        "ja": "クイックステップでプレイできるのはクイックのイベントだけです。"},
    "play.main_phase": {"en": "Cards are played in your main phase.",
                        "ja": "カードは自分のメインフェイズにプレイします。"},
    "play.costs": {"en": "Costs {cost:soul|souls}; you have {have} standing.",
                   "ja": "コストはソウル{cost}枚です。スタンド状態のソウルは{have}枚です。"},
    "act.no_ability": {"en": "That card has no such activated ability.",
                       "ja": "そのカードにはその起動能力がありません。"},
    "act.own_cards": {"en": "You can only activate abilities of your own cards.",
                      "ja": "起動できるのは自分のカードの能力だけです。"},
    "act.zone": {"en": "This ability works only from the {zone}.",
                 "ja": "この能力は{zone}にあるときだけ使えます。"},
    "act.quick_only": {"en": "Only Quick abilities can be activated in the quick step.",
                       "ja": "クイックステップで起動できるのはクイックの能力だけです。"},
    "act.main_phase": {"en": "Abilities are activated in your main phase.",
                       "ja": "能力は自分のメインフェイズに起動します。"},
    "act.once_per_turn": {"en": "Once per turn: this ability was already used this turn (10.7).",
                          "ja": "ターン1回：この能力はこのターンすでに使いました（10.7）。"},
    "act.condition": {"en": "Its condition is not met now.",
                      "ja": "今は条件を満たしていません。"},
    "act.no_cost": {"en": "No such cost.", "ja": "そのコストはありません。"},
    "cost.souls": {"en": "Needs {souls:standing soul|standing souls}; you have {have}.",
                   "ja": "スタンド状態のソウルが{souls}枚必要です（今は{have}枚）。"},
    "cost.not_in_hand": {"en": "This card is not in your hand.", "ja": "このカードは手札にありません。"},
    "cost.discard": {"en": "Needs {n:other card|other cards} in hand to discard.",
                     "ja": "捨てるための他の手札が{n}枚必要です。"},
    "cost.not_in_base": {"en": "This card is not in the base.", "ja": "このカードは拠点にありません。"},
    "cost.resting": {"en": "This card is already resting.", "ja": "このカードはすでにレスト状態です。"},
    "cost.assign": {"en": "Needs {n:standing Pal|standing Pals} to assign.",
                    "ja": "アサインするスタンド状態のパルが{n}枚必要です。"},
    "cost.consume": {"en": "Needs {n} {counter}; you have {have}.",
                     "ja": "【{counter}】が{n}個必要です（今は{have}個）。"},
    "cost.butcher": {"en": "No Pal of yours to butcher.", "ja": "解体できる自分のパルがいません。"},
    "cost.mill": {"en": "Needs {n:card|cards} in your deck.", "ja": "山札に{n}枚必要です。"},
    "souldraw.used": {"en": "You already rested 3 souls to draw this turn.",
                      "ja": "このターンはすでにソウル3枚をレストして引きました。"},
    "souldraw.souls": {"en": "Needs {need:standing soul|standing souls}; you have {have}.",
                       "ja": "スタンド状態のソウルが{need}枚必要です（今は{have}枚）。"},
    "end.must_attack": {"en": "{card} must attack while it can.",
                        "ja": "{card}はアタックできる間はアタックしなければなりません。"},
    # --- why an attack or a block is not possible (9.x, 12.x)
    "attack.not_in_base": {"en": "Only a Pal in your base can attack.",
                           "ja": "アタックできるのは自分の拠点のパルだけです。"},
    "attack.resting": {"en": "A resting Pal cannot attack.", "ja": "レスト状態のパルはアタックできません。"},
    "attack.stopped": {"en": "An effect stops this Pal from attacking.",
                       "ja": "効果により、このパルはアタックできません。"},
    "attack.standing_target": {
        "en": "Only a resting Pal can be attacked (a Pal with {keyword} may attack a standing one).",
        "ja": "アタックできるのはレスト状態のパルだけです（【{keyword}】を持つパルはスタンド状態のパルにもアタックできます）。"},
    "attack.bad_target": {"en": "Only the player, a Pal or a structure can be attacked.",
                          "ja": "アタックできるのはプレイヤー、パル、建築物だけです。"},
    "attack.protected": {"en": "{card} cannot be attacked by this Pal.",
                         "ja": "{card}はこのパルからはアタックされません。"},
    "attack.taunt": {"en": "A card with {keyword} can be attacked, so it must be the target (12.10).",
                     "ja": "【{keyword}】を持つカードにアタックできるので、それを対象にしなければなりません（12.10）。"},
    "block.stealth": {"en": "The attacking Pal has {keyword} and cannot be blocked.",
                      "ja": "アタックしているパルは【{keyword}】を持つので、ブロックできません。"},
    "block.standing": {"en": "Only a standing Pal can block.", "ja": "ブロックできるのはスタンド状態のパルだけです。"},
    "block.attacked": {"en": "The attacked Pal cannot block its own attack.",
                       "ja": "アタックされたパルは自分へのアタックをブロックできません。"},
    "block.stopped": {"en": "An effect stops this Pal from blocking.",
                      "ja": "効果により、このパルはブロックできません。"},
    # --- what a decision asks: turn structure
    "prompt.first": {"en": "You were chosen at random: go first or second?",
                     "ja": "ランダムにあなたが選ばれました：先攻と後攻のどちらにしますか？"},
    "prompt.redraw": {"en": "Keep this hand, or redraw once?",
                      "ja": "この手札でよいですか？ 1回だけ引き直せます。"},
    "prompt.main": {"en": "Your main phase: play, activate, attack, or end.",
                    "ja": "あなたのメインフェイズ：プレイ、起動、アタック、またはフェイズ終了。"},
    "prompt.quick": {"en": "Quick step: play a Quick card or ability, or pass.",
                     "ja": "クイックステップ：クイックのカードか能力を使うか、パスします。"},
    "prompt.block": {"en": "{card} attacks {target}: block with a standing Pal, or pass.",
                     "ja": "{card}が{target}にアタック：スタンド状態のパルでブロックするか、パスします。"},
    "prompt.order": {"en": "Several of your abilities trigger at once: choose which resolves next.",
                     "ja": "あなたの能力が同時に複数発動しました：次に解決する能力を選んでください。"},
    "prompt.pal_limit": {"en": "You have more than {limit:Pal|Pals}: choose {n:Pal|Pals} to put into the graveyard"
                               " (11.5).",
                         "ja": "パルが{limit}枚を超えています：墓地に置くパルを{n}枚選んでください（11.5）。"},
    # --- what a decision asks: paying a cost (the card whose cost it is)
    "prompt.discard_x": {"en": "{card}: discard how many cards (X) to pay its cost?",
                         "ja": "{card}：コストとして何枚捨てますか（X）？"},
    "prompt.discard_cost": {"en": "{card}: choose a card to discard to pay its cost.",
                            "ja": "{card}：コストとして捨てるカードを選んでください。"},
    "prompt.assign": {"en": "{card}: choose a standing Pal to assign to it (the Pal rests) to pay its cost.",
                      "ja": "{card}：コストとしてアサインするスタンド状態のパルを選んでください（そのパルはレストします）。"},
    "prompt.consume_x": {"en": "{card}: consume how many {counter} (X) to pay its cost?",
                         "ja": "{card}：コストとして【{counter}】をいくつ消費しますか（X）？"},
    "prompt.butcher": {"en": "{card}: choose a Pal of yours to butcher to pay its cost.",
                       "ja": "{card}：コストとして解体する自分のパルを選んでください。"},
    # --- what a decision asks: an effect (the card whose ability asks, and the ability's text)
    "prompt.choose": {"en": "{card}'s ability: {what}.", "ja": "{card}の能力：{what}。"},
    "prompt.discard_hand": {"en": "{card}'s ability: choose a card from your hand to discard.",
                            "ja": "{card}の能力：捨てる手札を選んでください。"},
    "prompt.opponent_chooses": {"en": "{card}'s ability: choose one of your Pals.",
                                "ja": "{card}の能力：自分のパルを選んでください。"},
    "prompt.lose_counter": {"en": "{card}'s ability: how many of your opponent's {counter} do they lose?",
                            "ja": "{card}の能力：相手の【{counter}】をいくつ失わせますか？"},
    "prompt.declare_name": {"en": "{card}'s ability: declare 1 card name.",
                            "ja": "{card}の能力：カード名を1つ宣言してください。"},
    "prompt.reveal": {"en": "{card}'s ability: choose a card from your hand to reveal.",
                      "ja": "{card}の能力：公開する手札を選んでください。"},
    "prompt.gain_either": {"en": "{card}'s ability: choose which counters to get.",
                           "ja": "{card}の能力：どちらを得るか選んでください。"},
    "prompt.cannot_play": {"en": "{card}'s ability: {card_target} cannot be played this way.",
                           "ja": "{card}の能力：{card_target}はこの方法ではプレイできません。"},
    "prompt.may_play": {"en": "{card}'s ability: you may play {card_target} for {cost:soul|souls}.",
                        "ja": "{card}の能力：{card_target}をソウル{cost}枚でプレイしてもよい。"},
    "prompt.may": {"en": "{card}'s ability: you may {steps}.", "ja": "{card}の能力：{steps}よい。"},
    # (the modes themselves are the options, so this prompt does not quote the ability again)
    "prompt.modes": {"en": "{card}'s ability: choose 1 of the modes.", "ja": "{card}の能力：モードを1つ選んでください。"},
}

# Appended to a prompt that names the ability asking: the ability's generated text says why it asks.
ABILITY_SUFFIX = {"en": " (Ability: {ability})", "ja": "（能力：{ability}）"}
THE_PLAYER = {"en": ("you", "your opponent"), "ja": ("あなた", "相手")}


class _Count(int):
    """A whole number that formats with its noun: ``format(_Count(3), "card|cards") == "3 cards"``."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, many = spec.split("|", 1)
            return f"{int(self)} {one if self == 1 else many}"
        return format(int(self), spec)


def _card_name(number: Any, lang: str) -> str:
    try:
        return CARDS[number].full_name_in(lang)
    except (KeyError, TypeError):
        return str(number)


_ABILITY_TEXT: dict[tuple[str, int, str], str] = {}


def ability_text(ref: Any, lang: str) -> str:
    """The generated text of ability ``[number, index]`` (cached: prompts are made at every choice)."""
    try:
        number, index = ref
        key = (number, int(index), lang)
    except (TypeError, ValueError):
        return ""
    text = _ABILITY_TEXT.get(key)
    if text is None:
        try:
            text = CARDS[number].abilities[index].text(lang)
        except (KeyError, IndexError, TypeError):
            text = ""
        _ABILITY_TEXT[key] = text
    return text


def _param(name: str, value: Any, lang: str) -> Any:
    """One parameter as said in ``lang``."""
    if isinstance(value, dict) and "en" in value:
        return value.get(lang) or value["en"]
    if name.startswith("card"):
        return _card_name(value, lang)
    if name == "counter":
        return counter_name(value, lang)
    if name == "zone":
        return zone_name(value, lang)
    if name == "keyword":
        return keyword_name(value, lang)
    if name == "target":   # an attack's target: a card number, or None for the attacked player
        return THE_PLAYER[lang][0] if value is None else _card_name(value, lang)
    if isinstance(value, int) and not isinstance(value, bool):
        return _Count(value)
    return value


def render(key: str, params: dict, lang: str = "en") -> str:
    """Message ``key`` with ``params`` in ``lang`` (English for an unknown language); an unknown key is said
    as itself, so a missing entry shows up instead of breaking the game."""
    lang = lang if lang in LANGS else "en"
    forms = CATALOGUE.get(key)
    if forms is None:
        return key
    values = {name: _param(name, value, lang) for name, value in params.items() if name != "ability"}
    text = forms[lang].format(**values)
    if lang == "en" and text[:1].islower():
        text = text[0].upper() + text[1:]
    ability = ability_text(params.get("ability"), lang) if params.get("ability") else ""
    if ability:
        text += ABILITY_SUFFIX[lang].format(ability=ability)
    return text


RENDER["message"] = render
