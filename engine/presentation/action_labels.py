"""Short labels of actions for every board (playmat, lessons, puzzles): cards named, not numbered."""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..model.actions import Decision
from ..model.carddb import CARDS
from ..model.message import say


def _name(game: Any, cid: str, lang: str, visible: Collection[int] | None = None) -> str:
    """The full name of the card with this id in ``lang`` (the word itself when no card has that id, or when
    ``visible`` is given and does not hold it: a client names only cards its viewer sees)."""
    card = game.state.find(int(cid)) if cid.isdigit() and (visible is None or int(cid) in visible) else None
    return card.defn.full_name_in(lang) if card else cid


LABELS = {
    "en": {"play": "Play {0}", "activate": "Use ability {1} of {0}", "attack_player": "{0} attacks your opponent",
           "attack": "{0} attacks {1}", "souldraw": "Rest 3 souls: draw 1 card", "end": "End your main phase",
           "block": "Block with {0}", "pass": "Pass", "pick": "Choose {0}", "done": "Done", "yes": "Yes",
           "no": "No", "mode": "Option {0}", "x": "Choose {0}", "name": "Name {0}", "keep": "Keep this hand",
           "redraw": "Redraw", "first": "Go first", "second": "Go second", "cost": " (cost option {0})"},
    "ja": {"play": "{0}をプレイする", "activate": "{0}の能力{1}を使う", "attack_player": "{0}で相手にアタックする",
           "attack": "{0}で{1}にアタックする", "souldraw": "ソウル3枚をレストして1枚引く", "end": "メインフェイズを終える",
           "block": "{0}でブロックする", "pass": "パス", "pick": "{0}を選ぶ", "done": "決定", "yes": "はい",
           "no": "いいえ", "mode": "選択肢{0}", "x": "{0}を選ぶ", "name": "{0}を宣言する", "keep": "この手札で始める",
           "redraw": "引き直す", "first": "先攻", "second": "後攻", "cost": "（コスト{0}）"},
}


def action_label(game: Any, text: str, lang: str = "en", decision: Decision | None = None,
                 visible: Collection[int] | None = None) -> str:
    """A short readable label for an action text, naming cards in ``lang`` ("ja", else English); an order
    decision's ``pick K`` names the K-th pending ability, a mode its words (both from ``decision``). With
    ``visible`` (the card ids the viewer sees), another card is left as its id."""
    lang = "ja" if lang == "ja" else "en"
    words = LABELS[lang]
    parts = text.split()
    verb, args = parts[0], parts[1:]

    if verb in ("play", "activate"):
        label = (words["play"].format(_name(game, args[0], lang, visible)) if verb == "play"
                 else words["activate"].format(_name(game, args[0], lang, visible), int(args[1]) + 1))
        if "cost" in args:
            label += words["cost"].format(int(args[args.index("cost") + 1]) + 1)
        return label
    if verb == "attack":
        attacker = _name(game, args[0], lang, visible)
        if args[1] == "player":
            return words["attack_player"].format(attacker)
        return words["attack"].format(attacker, _name(game, args[1], lang, visible))
    if verb == "block":
        return words["block"].format(_name(game, args[0], lang, visible))
    if verb == "pick" and decision is not None and "abilities" in decision.params:
        names = decision.params["abilities"]
        k = int(args[0])
        return words["pick"].format(say(names[k], lang) if k < len(names) else args[0])
    if verb == "pick":
        return words["pick"].format(_name(game, args[0], lang, visible))
    if verb == "mode" and decision is not None and "modes" in decision.params:
        modes = decision.params["modes"]
        k = int(args[0])
        return f"{words['mode'].format(k + 1)}: {say(modes[k], lang)}" if k < len(modes) else words["mode"].format(k + 1)
    if verb == "mode":
        return words["mode"].format(int(args[0]) + 1)
    if verb == "x":
        return words["x"].format(args[0])
    if verb == "name":
        try:
            return words["name"].format(CARDS[args[0]].full_name_in(lang))
        except KeyError:
            return words["name"].format(args[0])
    return words.get(verb, text)


CARD_VERBS = ("play", "activate", "attack", "block", "pick")


def option_cards(text: str, decision: Decision | None = None) -> list[int]:
    """The card ids an action is about: the acting (or chosen) card first, then the card it attacks. An order
    decision's ``pick K`` chooses an ability, not a card."""
    verb, *args = text.split()
    if verb not in CARD_VERBS or not args or not args[0].isdigit():
        return []
    if verb == "pick" and decision is not None and "abilities" in decision.params:
        return []
    cards = [int(args[0])]
    if verb == "attack" and len(args) > 1 and args[1].isdigit():
        cards.append(int(args[1]))
    return cards


def option_info(game: Any, text: str, decision: Decision | None = None,
                visible: Collection[int] | None = None) -> dict:
    """One option as data for a client, so none parses action text: ``action`` (the text to send back),
    ``kind`` (its verb), ``cards`` (``option_cards``), ``words`` (its other words: ``player``, ``cost 1``...)
    and ``label`` in each language (``action_label``, naming only ``visible`` cards when given)."""
    verb, *args = text.split()
    cards = option_cards(text, decision)
    words = [word for word in args if not (word.isdigit() and int(word) in cards)]
    return {"action": text, "kind": verb, "cards": cards, "words": words,
            "label": {lang: action_label(game, text, lang, decision, visible) for lang in LABELS}}
