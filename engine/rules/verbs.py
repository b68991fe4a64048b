"""The core vocabulary of card abilities: effect verbs, and the conditions, filters and amounts they use.

Each word registers how it behaves and how it reads (English and Japanese); card data may use only
registered words. Trigger words, continuous-effect words and keywords have modules of their own;
colour-specific or unique words live in ``engine/words/``.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model.abilities import (
    AMOUNTS,
    CONDITIONS,
    FILTERS,
    KEYWORD_NAMES,
    VERBS,
    Ctx,
    amount,
    check_condition,
    granted,
    matches,
    render_steps,
    run_steps,
    step_words,
)
from ..model.actions import Action, Decision, DecisionKind
from ..model.carddb import CARDS
from ..model.message import RENDER as MESSAGE_RENDER
from ..model.message import Msg
from ..model.state import MAX_SOULS, Card, Effect
from .continuous import has_keyword, is_night, power, strike
from .costs import pick_cards
from .damage import damage_check, deal_damage
from .events import emit, emit_data
from .zones import butcher, deploy, draw, move, shuffle

# ---------------------------------------------------------------------------------------------------------------
# helpers shared by words
# ---------------------------------------------------------------------------------------------------------------


def n_en(n: Any, noun: str) -> str:
    """'1 card', '2 cards', 'X cards'."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def duration_en(step: dict) -> str:
    return {"eot": " this turn", "opp_next_turn": " until your opponent's next turn is over",
            None: ""}.get(step.get("until", "eot"), "")


def duration_ja(step: dict) -> str:
    """How long, as a phrase without a following comma ("このターンの間")."""
    return {"eot": "このターンの間", "opp_next_turn": "相手の次のターンが終わるまで", None: ""}.get(
        step.get("until", "eot"), "")


TARGET_EN = {"assigned": "the Pal you assigned", "event_card": "that Pal"}
TARGET_JA = {"assigned": "アサインしたパル", "event_card": "そのパル"}


def obj_en(s: dict, default: str = "them") -> str:
    """The object of a verb: the folded-in choice ("up to 1 Pal") or a pronoun for the chosen cards."""
    return TARGET_EN.get(s.get("target", "")) or s.get("_obj") or them(s, default)


def obj_ja(s: dict) -> str:
    return TARGET_JA.get(s.get("target", "")) or s.get("_obj") or ("それら" if s.get("_one") is False else "それ")


def until_turn(g: Any, step: dict) -> int | None:
    kind = step.get("until", "eot")
    if kind == "eot":
        return g.state.turn
    if kind == "opp_next_turn":
        return g.state.turn + 1
    return None


def find_card(state: Any, ctx: Ctx, card_id: int) -> Card | None:
    """``State.find`` for a card an ability looked at or chose: the looked-at cards first, near the top of the
    controller's deck (where ``State.find`` looks last), then everywhere. Ids are unique, so the answer is the
    same; only the search is shorter."""
    if ctx.looked:
        deck = state.players[ctx.controller].deck
        for i in range(min(len(ctx.looked), len(deck))):
            if deck[i].id == card_id:
                return deck[i]
    return state.find(card_id)


def targets(g: Any, ctx: Ctx, step: dict) -> list[Card]:
    """The cards a step acts on: ``target: self`` or the cards chosen earlier (still where they were)."""
    who = step.get("target", "chosen")
    if who == "self":
        card = g.state.in_base(ctx.source.id)
        return [card] if card else []
    if who == "assigned":
        ids = ctx.paid.get("assigned", [])
    elif who == "event_card":
        ids = [ctx.event.get("card")]
    else:
        ids = ctx.chosen
    out = []
    for cid in ids:
        card = find_card(g.state, ctx, cid) if cid is not None else None
        if card is not None:
            out.append(card)
    return out


def zone_cards(g: Any, ctx: Ctx, zone: str, side: str) -> list[Card]:
    """The cards of a zone on one side (own, opponent, any: own first), or the looked-at cards still found."""
    state = g.state
    if zone == "looked":
        return [c for cid in ctx.looked if (c := find_card(state, ctx, cid)) is not None]
    me = ctx.controller
    if side == "own":
        return list(getattr(state.players[me], zone))
    if side == "opponent":
        return list(getattr(state.players[1 - me], zone))
    if side != "any":
        raise KeyError(side)
    return getattr(state.players[me], zone) + getattr(state.players[1 - me], zone)




# ---------------------------------------------------------------------------------------------------------------
# choosing
# ---------------------------------------------------------------------------------------------------------------

PER_NOUN_JA = {"pal": "パル", "structure": "建築物", "gear": "ギア", "event": "イベント"}
WHAT_EN = {"pal": "Pal", "card": "card", "structure": "structure", "gear": "gear", "soul": "soul"}


def _choose_text_en(s: dict) -> str:
    noun = s.get("noun", "Pal")
    whose = {"own": "your ", "opponent": "your opponent's ", "any": ""}[s.get("side", "any")]
    where = {"base": "", "hand": " from your hand", "graveyard": " from your graveyard",
             "looked": " from among them"}[s.get("zone", "base")]
    if s.get("zone") in ("hand", "graveyard"):
        whose = ""
    other = "other " if s.get("other") else ""
    if s.get("all"):
        what = f"{other}{noun_phrase_en(s.get('filter'), noun + 's')}{where}"
        return f"choose all of {whose}{what}" if whose else f"choose all {what}"
    n = s.get("count", 1)
    n = "X" if n == "X" else n if isinstance(n, int) else "X"
    up = "up to " if s.get("up_to") else ""
    of = "of " if whose else ""
    what = noun_phrase_en(s.get("filter"), noun + ("s" if n != 1 or whose else ""))
    return f"choose {up}{n} {of}{whose}{other}{what}{where}"


def choose_obj_en(s: dict) -> str:
    """The chosen cards as the object of the verb that follows: "up to 1 ◇7 or more Pal", "each of your Pals"."""
    text = _choose_text_en(s).removeprefix("choose ")
    text = text.replace(" from among them", " among them")
    if s.get("all"):
        text = "each of " + text.removeprefix("all of ") if text.startswith("all of ") else text
    return text


WHERE_OF_JA = {"base": "", "hand": "手札の", "graveyard": "あなたの墓地の", "looked": "その中の"}
WHERE_FROM_JA = {"base": "", "hand": "あなたの手札から", "graveyard": "あなたの墓地から", "looked": "その中から"}


def _chosen_ja(s: dict, where_by_zone: dict[str, str]) -> tuple[str, str]:
    """(the described cards, the count) of a choice in Japanese, e.g. ("相手の◇5以下のパル", "1枚まで")."""
    noun = s.get("noun_ja", "パル")
    zone = s.get("zone", "base")
    whose = "" if zone in ("hand", "graveyard") else {"own": "あなたの", "opponent": "相手の", "any": ""}[
        s.get("side", "any")]
    desc = ("他の" if s.get("other") else "") + filter_ja(s.get("filter"))
    n = s.get("count", 1)
    count = "すべて" if s.get("all") else f"{n if isinstance(n, int) else 'X'}枚{'まで' if s.get('up_to') else ''}"
    return f"{where_by_zone[zone]}{whose}{desc}{noun}", count


def choose_obj_ja(s: dict) -> str:
    """The chosen cards as a noun phrase: "◇7以上のパル1枚まで", "あなたのパルすべて"."""
    cards, count = _chosen_ja(s, WHERE_OF_JA)
    return cards + count


def _choose_text_ja(s: dict) -> str:
    cards, count = _chosen_ja(s, WHERE_FROM_JA)
    return f"{cards}を{count}選び"


def _hidden_count(g: Any, ctx: Ctx, s: dict) -> int | None:
    """How many cards the hidden zone a choice draws from holds (None when the choice is among public cards)."""
    zone = s.get("zone", "base")
    if zone == "looked" and not ctx.vars.get("looked_revealed"):
        return sum(1 for cid in ctx.looked if find_card(g.state, ctx, cid) is not None)
    if zone == "hand":
        hand = zone_cards(g, ctx, "hand", s.get("side", "any"))
        return sum(1 for c in hand if not s.get("other") or c.id != ctx.source.id)
    return None


def _choose_prompt(ctx: Ctx, s: dict) -> tuple[Msg, str]:
    """The prompt of a choice and its Japanese form for the decision's params (made only when the player is
    asked, and kept: the same step of the same card asks the same question every time)."""
    key = (id(s), ctx.source.number, _asking(ctx))
    kept = _PROMPTS.get(key)
    if kept is not None and kept[0] is s:   # the step itself is kept too, so its id is not reused
        return kept[1]
    ja = _choose_text_ja(s)
    said = (Msg("prompt.choose", card=ctx.source.number, what={
        "en": _choose_text_en(s), "ja": ja.removesuffix("選び") + "選んでください"}, ability=_asking(ctx)),
        "選択：" + ja + "。")
    if "message" in MESSAGE_RENDER:   # kept only once said in English (as Msg keeps its sentences)
        if len(_PROMPTS) >= 4096:
            _PROMPTS.clear()
        _PROMPTS[key] = (s, said)
    return said


_PROMPTS: dict[tuple, tuple[dict, tuple[Msg, str]]] = {}


def _choice_pool(g: Any, ctx: Ctx, s: dict) -> list[Card]:
    """The cards a choice may take, in zone order. A filter's card type (the ``type`` filter word) is compared
    first, inline: most choices name one, and it leaves few cards for the other filter words."""
    cards = zone_cards(g, ctx, s.get("zone", "base"), s.get("side", "any"))
    filt = s.get("filter")
    if filt:
        kind = filt.get("type")
        if kind is not None:
            cards = [c for c in cards if c.defn.type == kind]
        if kind is None or len(filt) > 1:
            cards = [c for c in cards if matches(g, c, filt, ctx)]
    if s.get("other"):
        source = ctx.source.id
        cards = [c for c in cards if c.id != source]
    return cards


@VERBS.register("choose", _choose_text_en, _choose_text_ja)
def v_choose(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """Choose cards: ``zone`` base/hand/graveyard/looked, ``side``, ``filter``, ``count`` or ``all``, ``up_to``.

    ``chooser: opponent`` makes the opponent choose. Choosing is sequential; 'up to' allows stopping (Q&A
    official-34); a mandatory choice takes what there is.
    """
    pool = _choice_pool(g, ctx, s)
    if s.get("all"):
        ctx.chosen = [c.id for c in pool]
        return
    n = amount(g, ctx, s.get("count", 1))
    chooser = ctx.opponent if s.get("chooser") == "opponent" else ctx.controller
    if s.get("repeat_ok"):
        ctx.chosen = []
    hidden = _hidden_count(g, ctx, s)
    ids = yield from pick_cards(g, chooser, pool, n, lambda: _choose_prompt(ctx, s)[0],
                                DecisionKind.TARGET, ctx.source.id, up_to=bool(s.get("up_to")),
                                prompt_ja=lambda: _choose_prompt(ctx, s)[1], hidden_from=hidden)
    ctx.chosen = ids
    if ids:
        emit_data(g, "chosen", "", {"player": chooser, "cards": list(ids), "source": ctx.source.id,
                                    "public": hidden is None})


# ---------------------------------------------------------------------------------------------------------------
# simple effects
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("draw", lambda s: f"draw {n_en(s.get('count', 1), 'card')}" if isinstance(s.get("count", 1), int)
                else "draw X cards", lambda s: f"カードを{s.get('count', 1)}枚引く")
def v_draw(g: Any, ctx: Ctx, s: dict) -> None:
    draw(g, ctx.controller, amount(g, ctx, s.get("count", 1)))


@VERBS.register("damage", lambda s: f"deal {s['amount']} damage to {obj_en(s)}",
                lambda s: f"{obj_ja(s)}に{s['amount']}【ダメージ】を与える")
def v_damage(g: Any, ctx: Ctx, s: dict) -> None:
    """Deal damage to each chosen Pal or structure (not battle damage)."""
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            deal_damage(g, card, n, ctx.source)


def _signed(v: Any) -> str:
    return f"+{v}" if isinstance(v, int) and v >= 0 else str(v)


def them(s: dict, default: str = "them") -> str:
    """'it' or 'them' for the cards a step acts on (``_one`` is set by engine.text from the last choice)."""
    return default if "_one" not in s else "it" if s["_one"] else "them"


def it_gets(s: dict) -> str:
    return "they get" if s.get("_one") is False else "it gets"


def _that(s: dict) -> str:
    return "they cannot stand" if s.get("_one") is False else "it cannot stand"


def _boost_en(s: dict, what: str) -> str:
    """"this card gets +300 Power this turn" / "give up to 1 Pal +300 Power this turn"."""
    change = f"{_signed(s['amount'])} {what}{duration_en(s)}"
    return f"this card gets {change}" if s.get("target") == "self" else f"give {obj_en(s)} {change}"


def _boost_ja(s: dict, what: str) -> str:
    """"このカードの【戦闘力】をこのターンの間+300する"."""
    who = "このカードの" if s.get("target") == "self" else {"それ": "その"}.get(obj_ja(s), obj_ja(s) + "の")
    return f"{who}{what}を{duration_ja(s)}{_signed(s['amount'])}する"


@VERBS.register("power", lambda s: _boost_en(s, "Power"), lambda s: _boost_ja(s, "【戦闘力】"))
def v_power(g: Any, ctx: Ctx, s: dict) -> None:
    """A Pal gets Power+N until a time (a negative change never destroys by itself, Q&A official-92)."""
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("power", card.id, value=n, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))
            emit_data(g, "power", "", {"card": card.id, "number": card.number, "amount": n})


@VERBS.register("strike", lambda s: _boost_en(s, "Strike"), lambda s: _boost_ja(s, "【打撃力】"))
def v_strike(g: Any, ctx: Ctx, s: dict) -> None:
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("strike", card.id, value=n, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))
            emit(g, "strike_change", "", card=card.id, number=card.number, amount=n)


@VERBS.register("rest", lambda s: "rest this card" if s.get("target") == "self" else f"rest {obj_en(s)}",
                lambda s: "このカードをレストする" if s.get("target") == "self" else f"{obj_ja(s)}をレストする")
def v_rest(g: Any, ctx: Ctx, s: dict) -> None:
    """Rest cards (a resting card does not become rested again, Q&A official-79)."""
    for card in targets(g, ctx, s):
        if card.zone == "base" and not card.rested:
            card.rested = True
            emit(g, "rest", "", card=card.id, number=card.number)


def stand_blocked(g: Any, card: Card) -> bool:
    """Whether a "cannot stand while ... is in the base" effect holds this card: then no effect stands it either
    (Q&A official-62). A hold for one stand phase only (``skip_next_stand``) does not count here."""
    return any(e.kind == "cannot_stand" and e.target == card.id for e in g.state.effects)


@VERBS.register("stand", lambda s: "stand this card" if s.get("target") == "self" else f"stand {obj_en(s)}",
                lambda s: "このカードをスタンドする" if s.get("target") == "self" else f"{obj_ja(s)}をスタンドする")
def v_stand(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.rested and not stand_blocked(g, card):
            card.rested = False
            emit(g, "stand", "", card=card.id, number=card.number)


@VERBS.register("skip_next_stand", lambda s: f"your opponent's next stand phase does not stand {them(s, 'them')}",
                lambda s: f"相手の次のスタンドフェイズでは、{obj_ja({'_one': s.get('_one')})}はスタンドしない")
def v_skip_next_stand(g: Any, ctx: Ctx, s: dict) -> None:
    """The chosen cards are not stood in their controller's next stand phase (7.2.1), and only then: Vigilance or
    a "stand" effect still stands them at any other time (Q&A official-61: they may be chosen while resting)."""
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.owner != ctx.controller:   # the opponent's stand phase never stands yours
            g.state.effects.append(Effect("skip_next_stand", card.id, until_stand_of=card.owner,
                                          source_id=ctx.source.id))


@VERBS.register("cannot_stand", lambda s: f"{_that(s)} for as long as this card stays in the base",
                lambda s: f"このカードが拠点に残る限り、{obj_ja({'_one': s.get('_one')})}はスタンドしない")
def v_cannot_stand(g: Any, ctx: Ctx, s: dict) -> None:
    """While this card is in the base the chosen cards do not stand at all: not in a stand phase (7.2.1), not by
    an effect (Q&A official-62)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("cannot_stand", card.id, source_id=ctx.source.id, while_source=True))


@VERBS.register("gain", lambda s: f"gain {s.get('count', 1)} {s['counter'].title()}",
                lambda s: f"【{'素材' if s['counter'] == 'material' else '食材'}】{s.get('count', 1)}個を得る")
def v_gain(g: Any, ctx: Ctx, s: dict) -> None:
    """Get Material or Ingredient counters (a player's information, Q&A official-14)."""
    p = g.state.players[ctx.controller]
    n = amount(g, ctx, s.get("count", 1))
    setattr(p, s["counter"], getattr(p, s["counter"]) + n)
    emit(g, "gain", "", player=ctx.controller, counter=s["counter"], count=n)


@VERBS.register("gain_life", lambda s: f"gain {s.get('count', 1)} life", lambda s: f"ライフを{s.get('count', 1)}回復する")
def v_gain_life(g: Any, ctx: Ctx, s: dict) -> None:
    p = g.state.players[ctx.controller]
    p.life += amount(g, ctx, s.get("count", 1))
    if p.life <= 0:   # only a negative amount does this: a loss is due, the rule-action check must look (11.3)
        g.state.rules_quiet = None
    emit(g, "life_gained", "", player=ctx.controller, count=s.get("count", 1), life=p.life)


@VERBS.register("to_graveyard", lambda s: f"send {'this card' if s.get('target') == 'self' else obj_en(s)} to the "
                "graveyard", lambda s: f"{'このカード' if s.get('target') == 'self' else obj_ja(s)}を墓地に送る")
def v_to_graveyard(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone in ("base", "hand", "deck"):
            move(g, card, "graveyard", cause="effect", by=ctx.controller)


OWNERS_HAND_EN = {True: "its owner's hand", False: "their owners' hands"}


def _to_hand_en(s: dict) -> str:
    if s.get("_zone") in ("hand", "graveyard"):
        return f"return {obj_en(s)} to your hand"
    return f"return {obj_en(s)} to {OWNERS_HAND_EN[s.get('_one') is not False]}"


@VERBS.register("to_hand", _to_hand_en, lambda s: f"{obj_ja(s)}を"
                f"{'手札' if s.get('_zone') in ('hand', 'graveyard') else '持ち主の手札'}に戻す")
def v_to_hand(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone in ("base", "graveyard", "deck", "exile"):
            move(g, card, "hand", cause="effect", by=ctx.controller)


@VERBS.register("discard", lambda s: f"discard {obj_en(s)}", lambda s: f"{obj_ja(s)}を捨てる")
def v_discard(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone == "hand":
            move(g, card, "graveyard", cause="discard", by=ctx.controller)


@VERBS.register("to_deck_top", lambda s: f"put {obj_en(s)} on top of your deck",
                lambda s: f"{obj_ja(s)}を山札の一番上に置く")
def v_to_deck_top(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        move(g, card, "deck", top=True, cause="effect", quiet=True)


@VERBS.register("deploy", lambda s: f"deploy {obj_en(s, 'it')}{', rested' if s.get('rested') else ''}",
                lambda s: f"{obj_ja(s)}を{'レスト状態で' if s.get('rested') else ''}登場させる")
def v_deploy(g: Any, ctx: Ctx, s: dict) -> None:
    """Deploy the chosen cards from any zone (On Deploy triggers wherever they came from, Q&A official-32)."""
    deployed = []
    for card in targets(g, ctx, s):
        if card.zone != "base":
            deployed.append(deploy(g, card, rested=bool(s.get("rested")), cause="effect").id)
    ctx.vars["deployed"] = deployed


@VERBS.register("exile", lambda s: f"exile {obj_en(s, 'it')}", lambda s: f"{obj_ja(s)}を追放する")
def v_exile(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        new = move(g, card, "exile", cause="effect", by=ctx.controller)
        new.exiled_by = ctx.source.id
        emit(g, "exiled", "", card=new.id, number=new.number, by=ctx.source.id)


@VERBS.register("butcher", lambda s: f"butcher {obj_en(s, 'it')}", lambda s: f"{obj_ja(s)}を解体する")
def v_butcher(g: Any, ctx: Ctx, s: dict) -> None:
    count = 0
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.owner == ctx.controller:
            butcher(g, card, ctx.controller)
            count += 1
    ctx.vars["count"] = count


# ---------------------------------------------------------------------------------------------------------------
# deck manipulation
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("look_top", lambda s: f"{'reveal' if s.get('reveal') else 'look at'} "
                + (f"your top {s.get('count')} cards" if s.get("count", 1) != 1 else "the top card of your deck"),
                lambda s: f"自分の山札の上から{s.get('count', 1)}枚を{'公開し' if s.get('reveal') else '見て'}")
def v_look_top(g: Any, ctx: Ctx, s: dict) -> None:
    """Look at (or reveal) the top N cards; fewer if the deck is smaller (Q&A official-38)."""
    deck = g.state.players[ctx.controller].deck
    n = amount(g, ctx, s.get("count", 1))
    ctx.looked = [c.id for c in deck[:n]]
    ctx.vars["looked_revealed"] = bool(s.get("reveal"))
    emit(g, "reveal" if s.get("reveal") else "look", "", player=ctx.controller,
         cards=list(ctx.looked), numbers=[c.number for c in deck[:n]], public=bool(s.get("reveal")))


@VERBS.register("rest_to_deck", "shuffle the others back into your deck", "残りは山札に戻してシャッフルする")
def v_rest_to_deck(g: Any, ctx: Ctx, s: dict) -> None:
    """The looked-at cards that were not taken stay in the deck, which is shuffled."""
    shuffle(g, ctx.controller)
    ctx.looked = []


@VERBS.register("rest_to_graveyard", "send the others to the graveyard", "残りは墓地に送る")
def v_rest_to_graveyard(g: Any, ctx: Ctx, s: dict) -> None:
    for cid in ctx.looked:
        card = find_card(g.state, ctx, cid)
        if card is not None and card.zone == "deck":
            move(g, card, "graveyard", cause="effect", quiet=True)
    ctx.looked = []


# ---------------------------------------------------------------------------------------------------------------
# souls and life
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("stand_souls", lambda s: f"stand {s.get('count', 1)} of your souls",
                lambda s: f"あなたのソウル{s.get('count', 1)}枚をスタンドする")
def v_stand_souls(g: Any, ctx: Ctx, s: dict) -> None:
    p = g.state.players[ctx.controller]
    n = min(amount(g, ctx, s.get("count", 1)), p.souls_rested)
    p.souls_rested -= n
    p.souls_standing += n
    emit(g, "souls_stood", "", player=ctx.controller, count=n)


@VERBS.register("add_soul", lambda s: f"add {s.get('count', 1)} rested soul{'s' if s.get('count', 1) != 1 else ''} "
                "to your souls",
                lambda s: f"ソウルを{s.get('count', 1)}枚、レスト状態で増やす")
def v_add_soul(g: Any, ctx: Ctx, s: dict) -> None:
    """Increase souls from the soul deck, rested; never beyond 10 (Q&A official-76)."""
    p = g.state.players[ctx.controller]
    ctx.vars["souls_before"] = p.souls
    n = min(amount(g, ctx, s.get("count", 1)), p.soul_deck, MAX_SOULS - p.souls)
    p.soul_deck -= n
    p.souls_rested += n
    emit(g, "soul_gain", "", player=ctx.controller, count=n, rested=True)


# ---------------------------------------------------------------------------------------------------------------
# structure of effects: may, if, modes, repeat, grant, night, nullify
# ---------------------------------------------------------------------------------------------------------------


def _steps_en(steps: list, parent: dict | None = None) -> str:
    """Inner steps as one clause; ``parent`` passes on whether "it" or "them" is meant."""
    return render_steps(steps, "en", one=(parent or {}).get("_one"))


def _steps_ja(steps: list, parent: dict | None = None) -> str:
    return render_steps(steps, "ja", one=(parent or {}).get("_one"))


def te_form(t: str) -> str:
    """Japanese: turn a sentence ending in a plain verb into its te-form ("戻す" -> "戻して"), for "...てよい"."""
    for end, te in (("する", "して"), ("す", "して"), ("く", "いて"), ("ぐ", "いで"), ("む", "んで"), ("ぶ", "んで"),
                    ("う", "って"), ("つ", "って"), ("る", "て")):
        if t.endswith(end):
            return t[: -len(end)] + te
    return t + "て"


@VERBS.register("may", lambda s: f"you may {_steps_en(s['steps'], s)}",
                lambda s: f"{te_form(_steps_ja(s['steps'], s))}よい")
def v_may(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """An optional part: the controller says yes or no (Q&A official-46)."""
    if s.get("if_possible") and not check_condition(g, ctx, ctx.source, s["if_possible"]):
        ctx.vars["did"] = False
        return
    choice = yield Decision(ctx.controller, DecisionKind.MAY, Msg("prompt.may", card=ctx.source.number, steps={"en": _steps_en(s["steps"]), "ja": te_form(_steps_ja(s["steps"]))}, ability=_asking(ctx)),
                            (Action.of("yes"), Action.of("no")), ctx.source.id,
                            {"prompt_ja": te_form(_steps_ja(s["steps"])) + "よい。",
                             "does": sorted(step_words(s["steps"]))})
    ctx.vars["did"] = choice.verb == "yes"
    if ctx.vars["did"]:
        yield from run_steps(g, ctx, s["steps"])


@VERBS.register("if", lambda s: f"if {cond_en(s['cond'])}, {_steps_en(s['then'], s)}"
                + (f"; if not, {_steps_en(s['else'], s)}" if s.get("else") else ""),
                lambda s: f"{cond_ja(s['cond'])}なら、{_steps_ja(s['then'], s)}"
                + (f"。そうでなければ、{_steps_ja(s['else'], s)}" if s.get("else") else ""))
def v_if(g: Any, ctx: Ctx, s: dict) -> Iterator:
    branch = s["then"] if check_condition(g, ctx, ctx.source, s["cond"]) else s.get("else", [])
    yield from run_steps(g, ctx, branch)


@VERBS.register("modes", lambda s: "pick one — " + " / ".join(_steps_en(m) for m in s["modes"]),
                lambda s: "次のうち１つを行う：" + "／".join(_steps_ja(m) for m in s["modes"]))
def v_modes(g: Any, ctx: Ctx, s: dict) -> Iterator:
    options = tuple(Action.of("mode", i) for i in range(len(s["modes"])))
    en, ja, words = _mode_labels(s)
    choice = yield Decision(ctx.controller, DecisionKind.MODE, Msg("prompt.modes", card=ctx.source.number), options, ctx.source.id,
                            {"modes": list(en), "modes_ja": list(ja), "modes_do": [list(w) for w in words]})
    yield from run_steps(g, ctx, s["modes"][int(choice.args[0])])


def _mode_labels(s: dict) -> tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Each mode's text (English, Japanese) and words, made once per step: the text comes from the step data
    alone. The step is kept with them, so the id it is found by is not reused."""
    kept = _MODES.get(id(s))
    if kept is None or kept[0] is not s:
        modes = s["modes"]
        kept = _MODES[id(s)] = (s, tuple(_steps_en(m) for m in modes), tuple(_steps_ja(m) for m in modes),
                                tuple(tuple(sorted(step_words(m))) for m in modes))
    return kept[1], kept[2], kept[3]


_MODES: dict[int, tuple] = {}


@VERBS.register("repeat", lambda s: f"repeat X times: 〈{_steps_en(s['steps'])}〉",
                lambda s: f"X回繰り返す：〈{_steps_ja(s['steps'])}〉")
def v_repeat(g: Any, ctx: Ctx, s: dict) -> Iterator:
    for _ in range(amount(g, ctx, s.get("times", "X"))):
        yield from run_steps(g, ctx, s["steps"])


GRANT_WHO_EN = {"self": "this card gains", "assigned": "the Pal you assigned gains"}
GRANT_WHO_JA = {"self": "このカード", "assigned": "アサインしたパル"}


def _grant_en(s: dict) -> str:
    who = GRANT_WHO_EN.get(s.get("target"))
    skill = f"〈{ability_en(s['ability'])}〉"
    return f"{who} {skill}{duration_en(s)}" if who else f"give {obj_en(s)} {skill}{duration_en(s)}"


@VERBS.register("grant", _grant_en,
                lambda s: f"{GRANT_WHO_JA.get(s.get('target')) or obj_ja(s)}は{duration_ja(s)}"
                f"〈{ability_ja(s['ability'])}〉を得る")
def v_grant(g: Any, ctx: Ctx, s: dict) -> None:
    """The chosen cards get an ability until a time (it is a temporary effect on that card object)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("grant", card.id, value=s["ability"], until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


@VERBS.register("night", lambda s: "make it night" + duration_en({"until": s.get("until", "opp_next_turn")}),
                lambda s: duration_ja({"until": s.get("until", "opp_next_turn")}) + "夜にする")
def v_night(g: Any, ctx: Ctx, s: dict) -> None:
    """Night until a time; it stays even if its source leaves the base (Q&A official-94)."""
    g.state.effects.append(Effect("night", None, player=ctx.controller,
                                  until_turn=until_turn(g, {"until": s.get("until", "opp_next_turn")})))
    emit(g, "night", "", player=ctx.controller)


@VERBS.register("nullify_attack", "nullify your opponent's attack, so that battle deals no damage",
                "相手のアタックを無効にし、そのバトルではダメージを起こさない")
def v_nullify(g: Any, ctx: Ctx, s: dict) -> None:
    """5.18.1: a nullified attack goes straight to the end of battle step."""
    b = g.state.battle
    if b is not None:
        b.nullified = True
        emit(g, "nullified", "5.18.1", attacker=b.attacker, player=ctx.controller)


@VERBS.register("effect", lambda s: f"until end of turn, {s['kind']}", lambda s: f"ターン終了時まで、{s['kind']}")
def v_effect(g: Any, ctx: Ctx, s: dict) -> None:
    """A plain temporary flag effect on the chosen cards (cannot_block, cannot_attack, must_attack, no_assign)."""
    for card in targets(g, ctx, s):
        g.state.effects.append(Effect(s["kind"], card.id, until_turn=until_turn(g, s), source_id=ctx.source.id))


@VERBS.register("player_effect", lambda s: f"until end of turn, {s['kind']}", lambda s: f"ターン終了時まで、{s['kind']}")
def v_player_effect(g: Any, ctx: Ctx, s: dict) -> None:
    """A temporary effect on the controller (no_assign, must_attack_all, cost_mod...)."""
    value = dict(s.get("value", {}))
    if "amount" in value:
        value["amount"] = amount(g, ctx, value["amount"])
    g.state.effects.append(Effect(s["kind"], None, player=ctx.controller, value=value,
                                  until_turn=until_turn(g, s), uses=s.get("uses")))


@VERBS.register("player_damage", lambda s: f"your opponent takes damage equal to {AMOUNTS[s['amount']['of']].en(s['amount'])}"
                if isinstance(s.get("amount"), dict) else f"your opponent takes {s.get('amount')} damage",
                lambda s: f"相手に{AMOUNTS[s['amount']['of']].ja(s['amount'])}に等しいダメージを与える"
                if isinstance(s.get("amount"), dict) else f"相手に{s.get('amount')}ダメージを与える")
def v_player_damage(g: Any, ctx: Ctx, s: dict) -> None:
    """Damage to a player always goes through the damage check (11.2.2)."""
    n = amount(g, ctx, s["amount"])
    damage_check(g, ctx.opponent, n, ctx.source.id)


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


def cond_en(c: dict) -> str:
    return CONDITIONS[c["is"]].en(c)


def cond_ja(c: dict) -> str:
    return CONDITIONS[c["is"]].ja(c)


CONDITIONS.add("night", lambda g, ctx, src, c: is_night(g.state), "it is night", "夜")
CONDITIONS.add("rested", lambda g, ctx, src, c: bool(card.rested if (card := g.state.in_base(src.id)) else
                                                     src.zone == "base" and src.rested),
               "this card is rested", "このカードがレスト状態")
CONDITIONS.add("did", lambda g, ctx, src, c: bool(ctx and ctx.vars.get("did")), "you did", "そうした")
CONDITIONS.add("chose_none", lambda g, ctx, src, c: bool(ctx is not None and not ctx.chosen),
               "you chose nothing", "１枚も選ばなかった")
CONDITIONS.add("chose_some", lambda g, ctx, src, c: bool(ctx is not None and ctx.chosen),
               "you chose at least 1 card", "１枚以上選んだ")
CONDITIONS.add("souls_at_least", lambda g, ctx, src, c: g.state.players[src.owner].souls >= c["count"],
               lambda c: f"you have at least {c['count']} souls", lambda c: f"あなたのソウルが{c['count']}枚以上")
CONDITIONS.add("defending", lambda g, ctx, src, c: (g.state.battle is not None
                                                      and g.state.battle.attacking_player != src.owner),
               "your opponent is attacking", "相手がアタックしている")


def _have(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    owner = ctx.controller if ctx else src.owner
    side = c.get("side", "own")
    players = [owner] if side == "own" else [1 - owner] if side == "opponent" else [0, 1]
    n = sum(1 for i in players for card in g.state.players[i].base if matches(g, card, c.get("filter"), ctx))
    return n >= c.get("count", 1)


def _have_noun(c: dict, lang: str) -> str:
    """The counted cards as a noun phrase: "「Farming」 structure", "「牧場」の建築物"."""
    f = dict(c.get("filter") or {})
    kind = f.pop("type", None)
    if lang == "ja":
        return filter_ja(f) + (PER_NOUN_JA.get(kind, "カード") if kind else "カード")
    return noun_phrase_en(f, WHAT_EN.get(kind, kind) if kind else "card")


CONDITIONS.add("have", _have, lambda c: f"your base holds at least {c.get('count', 1)} {_have_noun(c, 'en')}"
               f"{'s' if c.get('count', 1) != 1 else ''}",
               lambda c: f"あなたの拠点に{_have_noun(c, 'ja')}が{c.get('count', 1)}枚以上ある")


def _chosen_match(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    if ctx is None:
        return False
    ids = ctx.looked if c.get("of") == "looked" else ctx.chosen
    cards = [find_card(g.state, ctx, i) for i in ids]
    return bool(cards) and all(card is not None and matches(g, card, c.get("filter"), ctx) for card in cards)


CONDITIONS.add("chosen_is", _chosen_match, lambda c: f"it is a {filter_en(c.get('filter'))}card",
               lambda c: f"それが{filter_ja(c.get('filter'))}カード")


# ---------------------------------------------------------------------------------------------------------------
# filters
# ---------------------------------------------------------------------------------------------------------------

FILTER_EN = {
    "type": lambda v: "" if v == "pal" else f"{v} ",
    "color": lambda v: f"{v} ",
    "cost_max": lambda v: f"◇{v} or lower ",
    "cost_min": lambda v: f"◇{v} or higher ",
    "state": lambda v: "standing " if v == "standing" else "resting ",
    "main_name": lambda v: f"main name 《{v}》 ",
    "element": lambda v: f"{v} ",
    "keyword": lambda v: f"〈{v.title()}〉 ",
    "not_keyword": lambda v: f"non-〈{v.title()}〉 ",
    "power_max": lambda v: f"Power {v} or less ",
    "lucky": lambda v: "Lucky " if v else "normal ",
    "work": lambda v: f"「{v}」 ",
    "types": lambda v: " or ".join(v) + " ",
    "name_contains": lambda v: f"with 《{v}》 in its name ",
}
def keyword_ja(v: str) -> str:
    """The Japanese name of a keyword (as printed between 〈〉)."""
    return KEYWORD_NAMES[v][1] if v in KEYWORD_NAMES else v


def name_ja(v: str) -> str:
    """The Japanese main name for an English main name (looked up in the card list)."""
    return next((d.name_ja for d in CARDS.values() if d.name_en == v), v)


WORK_JA = {"Farming": "牧場"}   # work suitability names as printed on Japanese cards
FILTER_JA = {
    "type": lambda v: "" if v == "pal" else {"structure": "建築物", "gear": "ギア", "event": "イベント"}.get(v, v),
    "color": lambda v: {"red": "赤の", "blue": "青の", "green": "緑の", "purple": "紫の"}.get(v, v),
    "cost_max": lambda v: f"◇{v}以下の",
    "cost_min": lambda v: f"◇{v}以上の",
    "state": lambda v: "スタンド状態の" if v == "standing" else "レスト状態の",
    "main_name": lambda v: f"メインネームが《{name_ja(v)}》の",
    "element": lambda v: f"{v}の",
    "keyword": lambda v: f"〈{keyword_ja(v)}〉を持つ",
    "not_keyword": lambda v: f"〈{keyword_ja(v)}〉を持たない",
    "power_max": lambda v: f"【戦闘力】{v}以下の",
    "lucky": lambda v: "ラッキー" if v else "ノーマル",
    "work": lambda v: f"「{WORK_JA.get(v, v)}」の",
    "types": lambda v: "または".join(v),
    "name_contains": lambda v: f"カード名に《{v}》を含む",
}


def filter_en(f: dict | None) -> str:
    if not f:
        return ""
    return "".join(FILTER_EN.get(k, lambda v: "")(v) for k, v in f.items())


# filters that read better after the noun ("Pals with main name 《Beegarde》")
FILTER_AFTER_EN = {
    "main_name": lambda v: f" with main name 《{v}》",
    "name_contains": lambda v: f" with 《{v}》 in the name",
    "not_keyword": lambda v: f" that lack 〈{v.title()}〉",
    "power_max": lambda v: f" with {v} Power or less",
}


def noun_phrase_en(f: dict | None, noun: str) -> str:
    """A filter around a noun: "◇6 or less Pals without 〈Interrupt〉"."""
    f = f or {}
    before = filter_en({k: v for k, v in f.items() if k not in FILTER_AFTER_EN})
    after = "".join(FILTER_AFTER_EN[k](v) for k, v in f.items() if k in FILTER_AFTER_EN)
    return f"{before}{noun}{after}"


def filter_ja(f: dict | None) -> str:
    if not f:
        return ""
    return "".join(FILTER_JA.get(k, lambda v: "")(v) for k, v in f.items())


def _f(name: str, fn: Any) -> None:
    FILTERS.add(name, fn, FILTER_EN.get(name, lambda v: ""), FILTER_JA.get(name, lambda v: ""))


def card_names(g: Any, card: Card) -> set[str]:
    """Full card names a card has now (printed, plus names added until end of turn)."""
    names = {card.defn.full_name}
    for e in g.state.effects:
        if e.kind == "extra_name" and (e.target == card.id or (e.target is None and e.player == card.owner
                                                                and card.zone == "base")):
            names.add(e.value)
    return names


_f("type", lambda g, c, v, ctx: c.defn.type == v)
_f("types", lambda g, c, v, ctx: c.defn.type in v)
_f("color", lambda g, c, v, ctx: c.defn.color == v)
_f("cost_max", lambda g, c, v, ctx: c.defn.cost <= (amount(g, ctx, v) if ctx else v))
_f("cost_min", lambda g, c, v, ctx: c.defn.cost >= v)
_f("cost_is", lambda g, c, v, ctx: c.defn.cost == (amount(g, ctx, v) if ctx else v))
_f("state", lambda g, c, v, ctx: c.zone == "base" and (c.rested == (v == "rested")))
_f("main_name", lambda g, c, v, ctx: c.defn.name_en == v or any(n.split(" – ")[0] == v for n in card_names(g, c)))
_f("element", lambda g, c, v, ctx: v in c.defn.elements)
_f("keyword", lambda g, c, v, ctx: has_keyword(g.state, c, v))
_f("not_keyword", lambda g, c, v, ctx: not any(ab.keyword == v for ab in c.defn.abilities))
_f("power_max", lambda g, c, v, ctx: c.zone == "base" and power(g.state, c) <= v)
_f("lucky", lambda g, c, v, ctx: c.defn.lucky == v)
_f("work", lambda g, c, v, ctx: v in c.defn.work)
_f("name_contains", lambda g, c, v, ctx: any(v in n for n in card_names(g, c)))
_f("owner", lambda g, c, v, ctx: (c.owner == ctx.controller) == (v == "own") if ctx else True)
_f("not_self", lambda g, c, v, ctx: ctx is None or c.id != ctx.source.id)


# ---------------------------------------------------------------------------------------------------------------
# amounts
# ---------------------------------------------------------------------------------------------------------------


def _count(g: Any, ctx: Ctx, spec: dict) -> int:
    side = spec.get("side", "own")
    players = [ctx.controller] if side == "own" else [ctx.opponent] if side == "opponent" else [0, 1]
    zone = spec.get("zone", "base")
    return sum(1 for i in players for c in g.state.players[i].zone(zone) if matches(g, c, spec.get("filter"), ctx))


AMOUNTS.add("count", _count, lambda s: f"how many {filter_en(s.get('filter'))}cards you have",
            lambda s: f"あなたの{filter_ja(s.get('filter'))}カードの枚数")
AMOUNTS.add("x", lambda g, ctx, s: ctx.x, "X", "X")


def _last_known(ctx: Ctx) -> Card | None:
    """The source as it last was in the base, when it left together with the event's cards (rule 4.1 look-back)."""
    src = ctx.source
    return src if src is not None and src.zone == "base" and any(
        c.id == src.id for c in ctx.event.get("lookback", ())) else None


AMOUNTS.add("source_strike", lambda g, ctx, s: (
    strike(g.state, c, ctx.event.get("lookback", ()))
    if (c := g.state.in_base(ctx.source.id) or _last_known(ctx)) else 0), "this card's Strike", "このカードの【打撃力】")
AMOUNTS.add("source_power", lambda g, ctx, s: power(g.state, c) if (c := g.state.in_base(ctx.source.id)) else 0,
            "this card's Power", "このカードの【戦闘力】")
AMOUNTS.add("assigned_cost", lambda g, ctx, s: sum(ctx.paid.get("assigned_cost", [0])),
            "the cost of the assigned Pal", "アサインしたパルのコスト")

def ability_en(raw: dict) -> str:
    """A granted ability's text, rendered through the ability renderer."""
    return granted(raw).text("en")


def ability_ja(raw: dict) -> str:
    return granted(raw).text("ja")


def _asking(ctx: Ctx) -> tuple[str, int] | None:
    """The ability that asks a player something, as ``(card number, index)`` for a prompt to quote its text."""
    ab = ctx.ability
    return (ab.number, ab.index) if ab is not None and ab.number else None
