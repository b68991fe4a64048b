"""Words for the blue and colorless cards: revealing, adding to hand, X definitions, card names, counts.

Every word is generic (any card may use it); each reads in English and Japanese.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...model.abilities import AMOUNTS, CONDITIONS, VERBS, Ctx, amount, matches, render_steps, run_steps
from ...model.actions import Action, Decision, DecisionKind, on_forget
from ...model.carddb import CARDS
from ...model.message import Msg
from ...model.state import Card, Effect
from ..costs import pick_cards
from ..events import emit
from ..verbs import (
    _asking,
    _chosen_match,
    card_names,
    filter_en,
    filter_ja,
    targets,
    them,
    until_turn,
    v_look_top,
    v_to_hand,
)

# ---------------------------------------------------------------------------------------------------------------
# text helpers: "a ◇8 or less Dragon Pal" / "◇８以下の【竜】のパル"
# ---------------------------------------------------------------------------------------------------------------

NOUN_EN = {"pal": "Pal", "structure": "structure", "gear": "gear", "event": "event"}
NOUN_JA = {"pal": "パル", "structure": "建築物", "gear": "ギア", "event": "イベント"}
ELEMENT_JA = {"Neutral": "無", "Fire": "炎", "Water": "水", "Grass": "草", "Electric": "雷", "Ground": "地",
              "Ice": "氷", "Dark": "闇", "Dragon": "竜"}


def _name_ja(name_en: str) -> str:
    """The Japanese form of an English main name or full card name (as printed on some card)."""
    for d in CARDS.values():
        if d.name_en == name_en:
            return d.name_ja
        if d.full_name == name_en:
            return d.full_name_in("ja")
    return name_en


def noun_en(f: dict | None) -> str:
    """A filter as a noun phrase: '◇8 or lower Dragon Pal', '◇6 or lower structure or gear card', 'card'."""
    f = dict(f or {})
    kind = f.pop("type", None)
    kinds = f.pop("types", None)
    name = f.pop("main_name", None)
    noun = (NOUN_EN.get(kind, "card") if kind else " or ".join(NOUN_EN.get(k, k) for k in kinds) + " card" if kinds
            else "card")
    text = f"{filter_en(f)}{noun}"
    if name:
        text += f" with main name 《{name}》"
    return text


def noun_ja(f: dict | None) -> str:
    f = dict(f or {})
    kind = f.pop("type", None)
    kinds = f.pop("types", None)
    name = f.pop("main_name", None)
    element = f.pop("element", None)
    noun = NOUN_JA.get(kind, "カード") if kind else "か".join(NOUN_JA.get(k, k) for k in kinds) if kinds else "カード"
    text = filter_ja(f)
    if kinds and text:
        text = text + "、"
    if element:
        text += f"【{ELEMENT_JA.get(element, element)}】の"
    if name:
        text = f"メインネーム《{_name_ja(name)}》の" + text
    return text + noun


def article(text: str) -> str:
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


# ---------------------------------------------------------------------------------------------------------------
# verbs
# ---------------------------------------------------------------------------------------------------------------


def _top_en(s: dict) -> str:
    n = s.get("count", 1)
    return "the top card of your deck" if n == 1 else f"your top {n} cards"


def _top_ja(s: dict) -> str:
    n = s.get("count", 1)
    return "自分の山札の一番上を公開し" if n == 1 else f"自分の山札の上から{n}枚を公開し"


@VERBS.register("reveal_top", lambda s: f"reveal {_top_en(s)}", _top_ja)
def v_reveal_top(g: Any, ctx: Ctx, s: dict) -> None:
    """Reveal the top N cards of your deck; they become the chosen cards ("it" in later steps)."""
    v_look_top(g, ctx, {**s, "reveal": True})
    ctx.chosen = list(ctx.looked)


@VERBS.register("take", lambda s: f"add {s.get('_obj') or ('it' if s.get('_one', True) else 'them')} to your hand",
                lambda s: f"{s.get('_obj') or 'それ'}を手札に加える")
def v_take(g: Any, ctx: Ctx, s: dict) -> None:
    """Add the chosen cards (from the deck, a revealed card, the graveyard...) to their owner's hand."""
    v_to_hand(g, ctx, s)


@VERBS.register("with_x", lambda s: f"{_steps(s['steps'], 'en')}, X being {AMOUNTS[s['x']['of']].en(s['x'])}",
                lambda s: f"{_steps(s['steps'], 'ja')}（Xは{AMOUNTS[s['x']['of']].ja(s['x'])}）")
def v_with_x(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """Fix X to an amount computed now, then resolve the inner steps (which say "X")."""
    ctx.x = amount(g, ctx, s["x"])
    yield from run_steps(g, ctx, s["steps"])


def _steps(steps: list, lang: str) -> str:
    return render_steps(steps, lang)


def card_name_options() -> dict[str, str]:
    """Every card name in the official card list: action argument (a card number) -> full card name.

    Only names that exist in the released card list can be declared (Q&A official-67, official-68)."""
    out: dict[str, str] = {}
    seen: set[str] = set()
    for number, d in sorted(CARDS.items()):
        if d.full_name not in seen:
            seen.add(d.full_name)
            out[number] = d.full_name
    return out


def _name_options() -> tuple[dict[str, str], tuple[Action, ...]]:
    """``card_name_options()`` and their "name" actions, made once per card list (it sorts every card, and a
    declaration lists them all); forgotten with the tables of made actions, so parsing finds the listed ones."""
    key = (CARDS.version, len(CARDS))
    if _NAMES.get("key") != key:
        names = card_name_options()
        _NAMES.update(key=key, names=names, options=tuple(Action.of("name", n) for n in names))
    return _NAMES["names"], _NAMES["options"]


_NAMES: dict[str, Any] = {}
on_forget(_NAMES.clear)


@VERBS.register("declare_name", "name any card", "カード名を１つ宣言して")
def v_declare_name(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """The controller declares a card name (``name NUMBER`` names the card with that number)."""
    names, options = _name_options()
    choice = yield Decision(ctx.controller, DecisionKind.NAME, Msg("prompt.declare_name", card=ctx.source.number, ability=_asking(ctx)), options, ctx.source.id,
                            {"names": dict(names)})
    ctx.vars["name"] = names[choice.args[0]]
    emit(g, "declared", "", player=ctx.controller, name=ctx.vars["name"], source=ctx.source.id)


def _add_name_en(s: dict) -> str:
    who = s.get("_obj") or them(s)
    has = "have" if who == "them" or who == "they" else "has"
    who = "they" if who == "them" else who
    return f"{who} also {has} that name as a card name{_eot_en(s)}"


@VERBS.register("add_name", _add_name_en,
                lambda s: f"{s.get('_obj') or 'それら'}は{_eot_ja(s)}、宣言したカード名も自分のカード名として持つ")
def v_add_name(g: Any, ctx: Ctx, s: dict) -> None:
    """The chosen cards get the declared card name as well as their own until a time."""
    name = ctx.vars.get("name")
    if not name:
        return
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("extra_name", card.id, value=name, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


def _eot_en(s: dict) -> str:
    return " this turn" if s.get("until", "eot") == "eot" else ""


def _eot_ja(s: dict) -> str:
    return "このターンの間" if s.get("until", "eot") == "eot" else ""


def _reveal_hand_en(s: dict) -> str:
    n = s.get("count", 1)
    what = "a card" if n == 1 else f"{n} cards"
    return f"{'you may ' if s.get('up_to', True) else ''}reveal {what} from your hand"


@VERBS.register("reveal_hand", _reveal_hand_en,
                lambda s: f"手札から{s.get('count', 1)}枚を公開{'してもよい' if s.get('up_to', True) else 'し'}")
def v_reveal_hand(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """Reveal cards from your hand (by default you may reveal fewer, even none); they become the chosen cards."""
    hand = [c for c in g.state.players[ctx.controller].hand if matches(g, c, s.get("filter"), ctx)]
    ids = yield from pick_cards(g, ctx.controller, hand, amount(g, ctx, s.get("count", 1)),
                                Msg("prompt.reveal", card=ctx.source.number, ability=_asking(ctx)), DecisionKind.REVEAL, ctx.source.id,
                                up_to=bool(s.get("up_to", True)),
                                hidden_from=len(g.state.players[ctx.controller].hand))
    ctx.chosen = list(ids)
    ctx.vars["revealed"] = list(ids)
    if ids:
        emit(g, "reveal", "", player=ctx.controller, cards=list(ids),
             numbers=[g.state.find(i).number for i in ids], public=True)


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------

DID_NOT_EN = {"deploy": "it did not get deployed"}
DID_NOT_JA = {"deploy": "それを登場させなかった"}

CONDITIONS.add("it_is", _chosen_match, lambda c: f"it's {article(noun_en(c.get('filter')))}",
               lambda c: f"それが{noun_ja(c.get('filter'))}")
CONDITIONS.add("did_not", lambda g, ctx, src, c: not (ctx and ctx.vars.get("did")),
               lambda c: DID_NOT_EN.get(c.get("what", ""), "you did not"),
               lambda c: DID_NOT_JA.get(c.get("what", ""), "そうしなかった"))


def _revealed(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    if ctx is None:
        return False
    cards = [g.state.find(i) for i in ctx.vars.get("revealed", [])]
    return any(card is not None and matches(g, card, c.get("filter"), ctx) for card in cards)


CONDITIONS.add("revealed", _revealed, lambda c: f"the card you revealed is {article(noun_en(c.get('filter')))}",
               lambda c: f"公開したのが{noun_ja(c.get('filter'))}")


def _first_card(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    """No card other than this one was played by you this game (this card itself counts as played)."""
    owner = ctx.controller if ctx else src.owner
    played = g.state.players[owner].cards_played
    return played <= (1 if src.zone in ("resolution", "graveyard") else 0)


CONDITIONS.add("no_other_cards_played", _first_card, "you have played no other card so far this game",
               "このゲームであなたがこのカードより前にカードを１枚もプレイしていない")


def _at_least(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    return amount(g, ctx or Ctx(src.owner, src), c["amount"]) >= c.get("count", 1)


CONDITIONS.add("at_least", _at_least,
               lambda c: AMOUNTS[c["amount"]["of"]].en({**c["amount"], "at_least": c.get("count", 1)}),
               lambda c: AMOUNTS[c["amount"]["of"]].ja({**c["amount"], "at_least": c.get("count", 1)}))


# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


def _named_cards(g: Any, ctx: Ctx, spec: dict) -> list[tuple[Card, set[str]]]:
    """Your base cards that match the filter, each with its card names that contain ``contains``."""
    out = []
    for card in g.state.players[ctx.controller].base:
        if matches(g, card, spec.get("filter"), ctx):
            names = {n for n in card_names(g, card) if spec.get("contains", "") in n}
            if names:
                out.append((card, names))
    return out


def _distinct_names(g: Any, ctx: Ctx, spec: dict) -> int:
    """How many different card names (containing a word) your matching cards have between them."""
    return len(set().union(*(names for _, names in _named_cards(g, ctx, spec))))


def _match(cards: list[tuple[Card, set[str]]]) -> int:
    """The most cards that can each be given a different one of their names (a bipartite matching)."""
    owner: dict[str, int] = {}

    def place(i: int, seen: set[str]) -> bool:
        for name in cards[i][1]:
            if name in seen:
                continue
            seen.add(name)
            if name not in owner or place(owner[name], seen):
                owner[name] = i
                return True
        return False

    return sum(1 for i in range(len(cards)) if place(i, set()))


def _cards_with_different_names(g: Any, ctx: Ctx, spec: dict) -> int:
    """How many of your matching cards have card names (containing a word) different from each other.

    Names added by effects count, but several cards sharing one name count once (Q&A official-97)."""
    return _match(_named_cards(g, ctx, spec))


def _kind_en(spec: dict) -> str:
    return noun_en(spec.get("filter")) + "s"


AMOUNTS.add("distinct_names", _distinct_names,
            lambda s: f"the number of different card names with 《{s['contains']}》 in them among your "
            f"{_kind_en(s)}",
            lambda s: f"あなたの{noun_ja(s.get('filter'))}が持つ、《{s.get('contains_ja', s['contains'])}》の入った"
            "カード名の種類数")
AMOUNTS.add("different_named", _cards_with_different_names,
            lambda s: (f"at least {s.get('at_least', 'X')} of your {_kind_en(s)} each carry a distinct card name "
                       f"containing 《{s['contains']}》"),
            lambda s: (f"《{s.get('contains_ja', s['contains'])}》の入ったカード名を互いに別々に持つ"
                       f"あなたの{noun_ja(s.get('filter'))}が{s.get('at_least', 'X')}枚以上いる"))
