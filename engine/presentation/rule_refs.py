"""Which comprehensive-rule numbers a card's abilities rely on, derived from its ability data.

Every word of the ability vocabulary (ability kinds, keywords, triggers, costs, effect verbs, conditions and
continuous effects) maps to the rule numbers the engine cites where it implements that word (its docstrings,
comments and the rule numbers its log events carry). Keywords need no table: the rule number is read from the
docstring of the keyword's expansion in ``engine/keywords.py`` ("12.6: ..."). A card's rule list is the union
over its abilities, so it is never written by hand per card.

``rulings(number)`` lists the official Q&A rulings the project's tests restate for a card (``cards/rulings.json``,
generated from ``tests/qa`` by ``tools/gen_rulings.py``: ids and the project's own one-line restatements).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

from ..model.abilities import KEYWORDS, Ability, parse_ability
from ..model.carddb import CARDS, CardDef

# Short titles of the rules cited below, in the project's own words (not the official headings).
RULE_TITLES: dict[str, tuple[str, str]] = {
    "4.1": ("Looking back at a card that left a zone", "領域を離れたカードの参照"),
    "4.4.5.2": ("At most 5 Pals in a base", "ベースのパルは5体まで"),
    "4.7": ("The graveyard", "墓地"),
    "5.13": ("Consuming Material or Ingredient", "素材・食材を消費する"),
    "5.16": ("Butchering a Pal", "解体する"),
    "5.17": ("Assigning Pals to a structure", "建築物へのアサイン"),
    "5.18.1": ("A nullified attack ends the battle", "無効にされたアタックはバトル終了へ"),
    "6.1.1": ("Main deck limits (50 cards, 4 per name, 8 Lucky)", "メインデッキの制限（50枚・同名4枚・ラッキー8枚）"),
    "7.2.1": ("Standing cards in the stand phase", "スタンドフェイズにスタンドする"),
    "7.6.1": ("End-of-turn triggers", "ターン終了時の誘発"),
    "8.2": ("Playing a card from hand", "手札からカードをプレイする"),
    "9.2": ("Declaring an attack", "アタック宣言"),
    "9.2.3": ("Legal attack targets", "アタックできる対象"),
    "9.4.2": ("Blocking", "ブロック"),
    "9.5": ("The quick step", "クイックステップ"),
    "9.5.2": ("Who may act in the quick step", "クイックステップで行動できるプレイヤー"),
    "9.6": ("Damage in battle", "バトルのダメージ"),
    "9.7": ("End of battle", "バトル終了"),
    "10.1.1.1": ("Activated abilities [ACT]", "起動能力【起】"),
    "10.1.1.2": ("Automatic abilities [AUTO]", "自動能力【自】"),
    "10.1.1.3": ("Continuous abilities [CONT]", "永続能力【永】"),
    "10.3.5": ("Abilities that work outside the base", "ベース以外で働く能力"),
    "10.4.2.2": ("Costs are paid in full or not at all", "コストは全額支払う"),
    "10.4.3": ("Paying souls by resting them", "ソウルをレストして支払う"),
    "10.5": ("Check timing: rule actions, then automatic abilities", "チェックタイミング"),
    "10.7": ("Once per turn", "ターン1回"),
    "11.2.1": ("Damage on Pals and structures", "パル・建築物へのダメージ"),
    "11.2.2": ("The damage check of a player", "プレイヤーのダメージチェック"),
    "11.2.2.2": ("A Lucky Pal stops the damage check", "ラッキーパルでダメージチェック終了"),
    "11.4.1": ("Destroyed when damage reaches power", "ダメージが戦闘力以上で破壊"),
    "11.5": ("Over the Pal limit, choose which go", "パル上限を超えたら墓地へ"),
    "12.6": ("Brave", "勇敢"),
    "12.7": ("Serious", "まじめ"),
    "12.8": ("Interrupt", "妨害"),
    "12.9": ("Vigilance", "警戒"),
    "12.10": ("Taunt", "挑発"),
    "12.11": ("Stealth", "隠密"),
    "12.12": ("Retaliate", "相打ち"),
    "12.13": ("Nocturnal", "夜行性"),
    "12.14": ("Breakthrough", "突破"),
    "12.15": ("Assault", "襲撃"),
    "13.2": ("Souls counted as numbers", "ソウルを数で扱う"),
}

COSTS_ALL_OR_NOTHING = ("10.4.2.2",)

# Per vocabulary part: word -> rule numbers the engine cites where it implements the word. A word missing from
# a table relies on no rule beyond its ability kind (e.g. "choose", "draw"); tests check every number here is
# cited somewhere in the engine's source and has a title.
WORD_RULES: dict[str, dict[str, tuple[str, ...]]] = {
    "kind": {"act": ("10.1.1.1",), "auto": ("10.1.1.2", "10.5"), "cont": ("10.1.1.3",), "play": ("8.2",)},
    "trigger": {
        "on_attack": ("9.2",), "attacked": ("9.2",), "attacks_structure": ("9.2",), "battle_end": ("9.7",),
        "end_of_turn": ("7.6.1",), "end_of_your_turn": ("7.6.1",), "to_graveyard": ("4.7",),
        "to_graveyard_in_battle": ("4.7", "9.6"), "combat_opponent_to_graveyard": ("9.6", "11.4.1"),
        "on_assign": ("5.17",), "assigned_to": ("5.17",), "ally_butchered": ("5.16",), "leave_base": ("4.1",),
    },
    "cost": {
        "souls": ("10.4.3",), "assign": ("5.17",), "consume": ("5.13",), "butcher": ("5.16",),
    },
    "verb": {
        "damage": ("11.2.1", "11.4.1"), "player_damage": ("11.2.2",), "butcher": ("5.16",),
        "nullify_attack": ("5.18.1",), "skip_next_stand": ("7.2.1",), "cannot_stand": ("7.2.1",),
        "deploy": ("4.4.5.2", "11.5"), "to_graveyard": ("4.7",), "retaliate": ("4.7",),
        "add_soul": ("13.2",), "stand_souls": ("13.2",), "stand_souls_up_to": ("13.2",),
        "may_play": ("8.2",), "stand_assigned": ("5.17",),
    },
    "condition": {"defending": ("9.5",), "assigned_this_turn": ("5.17",)},
    "continuous": {
        "deck_any_number": ("6.1.1",), "cannot_be_attacked": ("9.2.3",), "auto_twice": ("10.1.1.2",),
        "damage_bonus": ("11.2.2",),
    },
    "fact": {"lucky": ("6.1.1", "11.2.2.2"), "quick": ("9.5", "9.5.2"), "once_per_turn": ("10.7",),
             "zone": ("10.3.5",)},
}

_RULE = re.compile(r"\b(1[0-3]|[1-9])\.\d{1,2}(?:\.\d{1,2}){0,3}\b")


def rule_key(rule: str) -> tuple[int, ...]:
    """Sort key of a rule number: "9.10" after "9.2"."""
    return tuple(int(p) for p in rule.split("."))


def keyword_rules(name: str) -> tuple[str, ...]:
    """The rule numbers the engine's expansion of a keyword cites in its docstring (e.g. brave -> 12.6)."""
    fn = KEYWORDS.get(name)
    doc = (fn.__doc__ or "") if fn else ""
    return tuple(m.group(0) for m in _RULE.finditer(doc))


def _steps(steps: Any) -> Iterator[tuple[str, str]]:
    """(part, word) for every word used by a list of effect steps, nested steps included."""
    for s in steps or ():
        yield "verb", s.get("do", "")
        if s.get("if"):
            yield "condition", s["if"].get("is", "")
        for key in ("then", "else", "steps"):
            yield from _steps(s.get(key))
        for mode in s.get("modes", ()):
            yield from _steps(mode)
        if "ability" in s:
            yield from _raw_ability_words(s["ability"])


def _raw_ability_words(raw: dict) -> Iterator[tuple[str, str]]:
    """Words of an ability given as data (a granted ability): parsed the way card abilities are."""

    yield from ability_words(parse_ability(raw, "granted", 0))


def ability_words(ab: Ability) -> Iterator[tuple[str, str]]:
    """(part, word) for every vocabulary word one ability uses."""
    yield "kind", ab.kind
    if ab.keyword:
        yield "keyword", ab.keyword
    if ab.quick:
        yield "fact", "quick"
    if ab.once_per_turn:
        yield "fact", "once_per_turn"
    if ab.zone != "base" and ab.kind != "play":
        yield "fact", "zone"
    if ab.trigger:
        yield "trigger", ab.trigger["on"]
    for alt in ab.costs:
        for part in alt:
            yield "cost", part.get("do", "")
    if ab.condition:
        yield "condition", ab.condition.get("is", "")
    if ab.kind == "cont":
        for d in ab.effect:
            yield "continuous", d.get("do", "")
            if d.get("if"):
                yield "condition", d["if"].get("is", "")
            if d.get("do") == "keyword" and d.get("name"):
                yield "keyword", d["name"]
            if "ability" in d:
                yield from _raw_ability_words(d["ability"])
    else:
        yield from _steps(ab.effect)


def word_rules(part: str, word: str) -> tuple[str, ...]:
    """The rule numbers one vocabulary word relies on."""
    if part == "keyword":
        return keyword_rules(word)
    if part == "cost":
        return WORD_RULES["cost"].get(word, ()) + COSTS_ALL_OR_NOTHING
    return WORD_RULES.get(part, {}).get(word, ())


def card_rules(defn: CardDef) -> dict[str, list[str]]:
    """Rule number -> the words of this card that rely on it ("keyword:brave", "cost:souls", ...), sorted."""
    found: dict[str, list[str]] = {}
    words: list[tuple[str, str]] = [("fact", "lucky")] if defn.lucky else []
    for ab in defn.abilities:
        words.extend(ability_words(ab))
    for part, word in words:
        for rule in word_rules(part, word):
            label = f"{part}:{word}"
            if label not in found.setdefault(rule, []):
                found[rule].append(label)
    return {rule: found[rule] for rule in sorted(found, key=rule_key)}


def rule_numbers(number: str) -> list[str]:
    """The sorted rule numbers the card with this number relies on."""
    return list(card_rules(CARDS[number]))


def rule_title(rule: str, lang: str = "en") -> str:
    """The project's short title of a rule ("" when there is none)."""
    en, ja = RULE_TITLES.get(rule, ("", ""))
    return ja if lang == "ja" else en


@cache
def _rulings() -> dict[str, dict]:
    try:
        text = resources.files("cards").joinpath("rulings.json").read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return {}
    return json.loads(text)


def rulings(number: str) -> list[dict]:
    """The Q&A rulings about a card: [{"id": "official-97", "en": restatement}], by ruling number."""
    base = CARDS.canonical(number)
    out = [{"id": rid, "en": r["en"]} for rid, r in _rulings().items() if base in r.get("cards", ())]
    return sorted(out, key=lambda r: int(r["id"].rsplit("-", 1)[-1]))
