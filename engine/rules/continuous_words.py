"""Continuous-effect words: the descriptors [CONT] abilities are made of (power, strike, granted skills,
night...), read by engine.continuous, battle and damage, with their English and Japanese text."""
from __future__ import annotations

from ..model.abilities import AMOUNTS, CONTINUOUS
from .verbs import (
    PER_NOUN_JA,
    WHAT_EN,
    _signed,
    ability_en,
    ability_ja,
    filter_en,
    filter_ja,
    noun_phrase_en,
)


def _cont_target_en(d: dict) -> str:
    who = d.get("applies", "self")
    if who == "self":
        return "this card gets"
    side = {"own": "your", "opponent": "your opponent's", "any": "all"}[d.get("side", "own")]
    other = "other " if who == "others" else ""
    return f"{side} {other}{noun_phrase_en(d.get('filter'), 'Pals')} get".replace("  ", " ")


def _cont_target_ja(d: dict) -> str:
    who = d.get("applies", "self")
    if who == "self":
        return "このカードは"
    side = {"own": "あなたの", "opponent": "相手の", "any": ""}[d.get("side", "own")]
    other = "他の" if who == "others" else ""
    return f"{side}{other}{filter_ja(d.get('filter'))}パルは"




def _per_en(d: dict) -> str:
    v = d.get("amount")
    if isinstance(v, dict) and v["of"] == "count":    # "for each of your structures"
        f = dict(v.get("filter") or {})
        kind = f.pop("type", "card")
        return f" for each of your {noun_phrase_en(f, WHAT_EN.get(kind, kind) + 's')}"
    return f" for each {AMOUNTS[v['of']].en(v)}" if isinstance(v, dict) else ""


def _per_ja(d: dict) -> str:
    v = d.get("amount")
    if isinstance(v, dict) and v["of"] == "count":    # "あなたの建築物1枚につき、"
        f = dict(v.get("filter") or {})
        kind = f.pop("type", "card")
        return f"あなたの{filter_ja(f)}{PER_NOUN_JA.get(kind, 'カード')}1枚につき、"
    return f"{AMOUNTS[v['of']].ja(v)}1枚につき、" if isinstance(v, dict) else ""


CONTINUOUS.add("power", None, lambda d: f"{_cont_target_en(d)} {_signed(d.get('per', d.get('amount')))} Power"
               f"{_per_en(d)}", lambda d: f"{_per_ja(d)}{_cont_target_ja(d)}【戦闘力】{_signed(d.get('per', d.get('amount')))}")
CONTINUOUS.add("strike", None, lambda d: f"{_cont_target_en(d)} {_signed(d.get('per', d.get('amount')))} Strike"
               f"{_per_en(d)}", lambda d: f"{_per_ja(d)}{_cont_target_ja(d)}【打撃力】{_signed(d.get('per', d.get('amount')))}")
CONTINUOUS.add("grant", None, lambda d: f"{_cont_target_en(d)} 〈{ability_en(d['ability'])}〉",
               lambda d: f"{_cont_target_ja(d)}〈{ability_ja(d['ability'])}〉を得る")
CONTINUOUS.add("night", None, "it is night", "夜になっている")
CONTINUOUS.add("auto_twice", None, "while it is night, each AUTO ability of your Pals triggers twice",
               "夜の間、あなたのパルが持つ【自】はどれも２回ずつ発動する")
CONTINUOUS.add("cannot_be_attacked", None, lambda d: f"{filter_en(d.get('by'))}Pals cannot attack this card",
               lambda d: f"{filter_ja(d.get('by'))}パルはこのカードにアタックできない")
CONTINUOUS.add("damage_bonus", None,
               lambda d: f"whenever your {filter_en(d.get('filter'))}card would deal non-battle damage to a Pal, "
               f"it deals {d['amount']} more than that instead",
               lambda d: f"あなたの{filter_ja(d.get('filter'))}カードがバトル以外でパルにダメージを与える場合、"
               f"その値は{d['amount']}多くなる")
KEYWORD_REMINDER_EN = {"assault": "it can attack standing Pals too",
                       "stealth": "its attacks cannot be blocked",
                       "taunt": "your opponent must attack this card whenever it is a legal target"}
KEYWORD_REMINDER_JA = {"assault": "スタンド状態のパルにもアタックできる",
                       "stealth": "このカードのアタックはブロックされない",
                       "taunt": "相手がアタックする時、このカードを対象にできるなら、これを対象にしなければならない"}
CONTINUOUS.add("keyword", None, lambda d: KEYWORD_REMINDER_EN.get(d.get("name", ""), d.get("name", "")),
               lambda d: KEYWORD_REMINDER_JA.get(d.get("name", ""), d.get("name", "")))
CONTINUOUS.add("deck_any_number", None, "a deck may hold any number of copies of a card with this name",
               "デッキには、このカードと同じ名前のカードを枚数の制限なく入れてよい")


