"""Short labels of actions for every board (playmat, lessons, puzzles): cards named, not numbered."""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ..model.actions import Decision
from ..model.carddb import CARDS
from ..model.message import say
from ..model.state import Card
from ..rules.continuous import abilities
from ..rules.legality import ability_costs
from .text import cost_text, steps_text
from .words import keyword_name


def _name(game: Any, cid: str, lang: str, visible: Collection[int] | None = None) -> str:
    """The full name of the card with this id in ``lang`` (the word itself when no card has that id, or when
    ``visible`` is given and does not hold it: a client names only cards its viewer sees)."""
    card = _card(game, cid, visible)
    return card.defn.full_name_in(lang) if card else cid


def _card(game: Any, cid: str, visible: Collection[int] | None = None) -> Card | None:
    """The card with this id, if the viewer (``visible``, when given) sees it."""
    if not cid.isdigit() or (visible is not None and int(cid) not in visible):
        return None
    return game.state.find(int(cid))


LABELS = {
    "en": {"play": "Play {0}", "activate": "{0}: {1}", "paid": "{0}: {1} → {2}",
           "attack_player": "{0} attacks your opponent",
           "attack": "{0} attacks {1}", "souldraw": "Rest 3 souls: draw 1 card", "end": "End your main phase",
           "block": "Block with {0}", "pass": "Pass", "pick": "Choose {0}", "done": "Done", "yes": "Yes",
           "no": "No", "mode": "Option {0}", "x": "Choose {0}", "name": "Name {0}", "keep": "Keep this hand",
           "redraw": "Redraw", "first": "Go first", "second": "Go second", "keyword": "{0} ({1})",
           "ability": "ability {0} of {1}", "more": "…",
           "left": "{side}left {0}", "nth": "{side}{n} {0} from the left", "in_hand": "{0} ({n} in hand)",
           "nth_option": "{0} ({n})", "mine": "your ", "theirs": "your opponent's "},
    "ja": {"play": "{0}をプレイする", "activate": "{0}：{1}", "paid": "{0}：{1}→{2}",
           "attack_player": "{0}で相手にアタックする",
           "attack": "{0}で{1}にアタックする", "souldraw": "ソウル3枚をレストして1枚引く", "end": "メインフェイズを終える",
           "block": "{0}でブロックする", "pass": "パス", "pick": "{0}を選ぶ", "done": "決定", "yes": "はい",
           "no": "いいえ", "mode": "選択肢{0}", "x": "{0}を選ぶ", "name": "{0}を宣言する", "keep": "この手札で始める",
           "redraw": "引き直す", "first": "先攻", "second": "後攻", "keyword": "{0}（{1}）",
           "ability": "{1}の能力{0}", "more": "…",
           "left": "{side}左端の{0}", "nth": "{side}左から{n}番目の{0}", "in_hand": "{0}（手札の{n}枚目）",
           "nth_option": "{0}（{n}）", "mine": "自分の", "theirs": "相手の"},
}
# the longest effect an ability option says in full (characters); a longer one is cut at a clause's end
SHORT = {"en": 64, "ja": 40}
CLAUSE_ENDS = {"en": (", then ", ", ", "; "), "ja": ("、", "。")}


def _ordinal(n: int, lang: str) -> str:
    if lang == "ja":
        return str(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _short(text: str, lang: str) -> str:
    """An effect's text cut after its last whole clause within ``SHORT`` characters (its first clause at least)."""
    limit = SHORT[lang]
    if len(text) <= limit:
        return text
    cuts = [i for end in CLAUSE_ENDS[lang] for i in range(len(text)) if text.startswith(end, i)]
    within = [i for i in cuts if i <= limit] or cuts[:1]
    return text[:max(within)] + LABELS[lang]["more"] if within else text


def ability_summary(card: Card, index: int, alt: int, lang: str, game: Any) -> str | None:
    """What activating ability ``index`` of ``card`` paying cost alternative ``alt`` does, in short and in the
    card text's words: "butcher 1 other Pal → this card gets +1000 Power…"; None if it has no such ability."""
    found = abilities(game.state, card)
    if index >= len(found):
        return None
    ab = found[index]
    effect = _short(steps_text(ab.effect, lang), lang)
    if ab.keyword:
        effect = LABELS[lang]["keyword"].format(keyword_name(ab.keyword, lang), effect)
    costs = ability_costs(ab)
    cost = cost_text(costs[alt], lang) if alt < len(costs) and costs[alt] else ""
    return f"{cost} → {effect}" if cost and lang == "en" else f"{cost}→{effect}" if cost else effect


def _activate(game: Any, args: list[str], lang: str, visible: Collection[int] | None, name: str) -> str:
    words = LABELS[lang]
    index = int(args[1])
    alt = int(args[args.index("cost") + 1]) if "cost" in args else 0
    card = _card(game, args[0], visible)
    summary = ability_summary(card, index, alt, lang, game) if card is not None else None
    if summary is None:
        return words["ability"].format(index + 1, name)
    return words["activate"].format(name, summary)


Namer = Callable[[str], str]


def action_label(game: Any, text: str, lang: str = "en", decision: Decision | None = None,
                 visible: Collection[int] | None = None, namer: Namer | None = None) -> str:
    """A short readable label for an action text, naming cards in ``lang`` ("ja", else English); an ability's
    option says its cost and effect in short; an order decision's ``pick K`` names the K-th pending ability,
    a mode its words (both from ``decision``). With ``visible`` (the card ids the viewer sees), another card is
    left as its id. ``namer`` says a card id otherwise (``option_labels``: by its place, to tell twins apart)."""
    lang = "ja" if lang == "ja" else "en"
    words = LABELS[lang]
    parts = text.split()
    verb, args = parts[0], parts[1:]
    name: Namer = namer or (lambda cid: _name(game, cid, lang, visible))

    if verb == "play":
        return words["play"].format(name(args[0]))
    if verb == "activate":
        card = _card(game, args[0], visible)
        short = name(args[0]) if namer is not None or card is None else card.defn.name_in(lang)
        return _activate(game, args, lang, visible, short)
    if verb == "attack":
        attacker = name(args[0])
        if args[1] == "player":
            return words["attack_player"].format(attacker)
        return words["attack"].format(attacker, name(args[1]))
    if verb == "block":
        return words["block"].format(name(args[0]))
    if verb == "pick" and decision is not None and "abilities" in decision.params:
        names = decision.params["abilities"]
        k = int(args[0])
        return words["pick"].format(say(names[k], lang) if k < len(names) else args[0])
    if verb == "pick":
        return words["pick"].format(name(args[0]))
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


def _placed(game: Any, cid: str, lang: str, visible: Collection[int] | None, chooser: int | None) -> str:
    """A card named by its place, as the viewer sees it: "your left Teafant", "your opponent's 2nd Teafant
    from the left", "Teafant (2nd in hand)"; a card elsewhere keeps its name (the caller numbers the twins)."""
    words = LABELS[lang]
    card = _card(game, cid, visible)
    if card is None:
        return cid
    name = card.defn.name_in(lang)
    zone = getattr(game.state.players[card.owner], card.zone, None) if card.zone in ("base", "hand") else None
    if zone is None or card not in zone:
        return name
    n = next(i for i, c in enumerate(zone) if c is card) + 1
    if card.zone == "hand":
        return words["in_hand"].format(name, n=_ordinal(n, lang))
    side = "" if chooser is None else words["mine"] if card.owner == chooser else words["theirs"]
    return (words["left"] if n == 1 else words["nth"]).format(name, side=side, n=_ordinal(n, lang))


def option_labels(game: Any, texts: list[str], decision: Decision | None = None,
                  visible: Collection[int] | None = None) -> list[dict[str, str]]:
    """The labels of a decision's options in each language, every one different from the others: options that
    would read alike name their cards by place (``_placed``), and any still alike are numbered."""
    chooser = decision.player if decision is not None else None
    out: list[dict[str, str]] = [{} for _ in texts]
    for lang in LABELS:
        labels = [action_label(game, t, lang, decision, visible) for t in texts]
        alike = {label for label in labels if labels.count(label) > 1}
        for i, t in enumerate(texts):
            if labels[i] in alike:
                placed = action_label(game, t, lang, decision, visible,
                                      lambda cid, lang=lang: _placed(game, cid, lang, visible, chooser))
                labels[i] = placed[:1].upper() + placed[1:]
        seen: dict[str, int] = {}
        for label in labels:
            seen[label] = seen.get(label, 0) + 1
        counts: dict[str, int] = {}
        for i, label in enumerate(labels):
            if seen[label] > 1:
                counts[label] = counts.get(label, 0) + 1
                labels[i] = LABELS[lang]["nth_option"].format(label, n=counts[label])
            out[i][lang] = labels[i]
    return out


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
                visible: Collection[int] | None = None, label: dict[str, str] | None = None) -> dict:
    """One option as data for a client, so none parses action text: ``action`` (the text to send back),
    ``kind`` (its verb), ``cards`` (``option_cards``), ``words`` (its other words: ``player``, ``cost 1``...)
    and ``label`` in each language (``action_label``, naming only ``visible`` cards when given; ``label``: the
    one ``option_labels`` gave it among its decision's options)."""
    verb, *args = text.split()
    cards = option_cards(text, decision)
    words = [word for word in args if not (word.isdigit() and int(word) in cards)]
    return {"action": text, "kind": verb, "cards": cards, "words": words,
            "label": label or {lang: action_label(game, text, lang, decision, visible) for lang in LABELS}}


def options_info(game: Any, texts: list[str], decision: Decision | None = None,
                 visible: Collection[int] | None = None) -> list[dict]:
    """``option_info`` of each of a decision's options, their labels all different (``option_labels``)."""
    labels = option_labels(game, texts, decision, visible)
    return [option_info(game, t, decision, visible, label) for t, label in zip(texts, labels, strict=True)]
