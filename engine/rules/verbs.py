"""The core vocabulary of card abilities: effect verbs, and the conditions, filters and amounts they use.

Each word registers how it behaves (how it reads is card text, in ``engine.presentation.cardtext``); card data
may use only registered words. Trigger words, continuous-effect words and keywords have modules of their own;
colour-specific or unique words live in ``engine/rules/words/``.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model.abilities import (
    AMOUNTS,
    CONDITIONS,
    FILTERS,
    VERBS,
    Ctx,
    amount,
    check_condition,
    matches,
    run_steps,
    step_words,
)
from ..model.actions import Action, Decision, DecisionKind
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


def _hidden_count(g: Any, ctx: Ctx, s: dict) -> int | None:
    """How many cards the hidden zone a choice draws from holds (None when the choice is among public cards)."""
    zone = s.get("zone", "base")
    if zone == "looked" and not ctx.vars.get("looked_revealed"):
        return sum(1 for cid in ctx.looked if find_card(g.state, ctx, cid) is not None)
    if zone == "hand":
        hand = zone_cards(g, ctx, "hand", s.get("side", "any"))
        return sum(1 for c in hand if not s.get("other") or c.id != ctx.source.id)
    return None


def _choose_prompt(ctx: Ctx, s: dict) -> Msg:
    """The prompt of a choice (made only when the player is asked, and kept: the same step of the same card asks
    the same question every time)."""
    key = (id(s), ctx.source.number, _asking(ctx))
    kept = _PROMPTS.get(key)
    if kept is not None and kept[0] is s:   # the step itself is kept too, so its id is not reused
        return kept[1]
    said = Msg("prompt.choose", card=ctx.source.number, choice=s, ability=_asking(ctx))
    if "message" in MESSAGE_RENDER:   # kept only once said in English (as Msg keeps its sentences)
        if len(_PROMPTS) >= 4096:
            _PROMPTS.clear()
        _PROMPTS[key] = (s, said)
    return said


_PROMPTS: dict[tuple, tuple[dict, Msg]] = {}


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


@VERBS.register("choose")
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
    ids = yield from pick_cards(g, chooser, pool, n, lambda: _choose_prompt(ctx, s),
                                DecisionKind.TARGET, ctx.source.id, up_to=bool(s.get("up_to")),
                                hidden_from=hidden)
    ctx.chosen = ids
    if ids:
        emit_data(g, "chosen", "", {"player": chooser, "cards": list(ids), "source": ctx.source.id,
                                    "public": hidden is None})


# ---------------------------------------------------------------------------------------------------------------
# simple effects
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("draw")
def v_draw(g: Any, ctx: Ctx, s: dict) -> None:
    draw(g, ctx.controller, amount(g, ctx, s.get("count", 1)))


@VERBS.register("damage")
def v_damage(g: Any, ctx: Ctx, s: dict) -> None:
    """Deal damage to each chosen Pal or structure (not battle damage)."""
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            deal_damage(g, card, n, ctx.source)


@VERBS.register("power")
def v_power(g: Any, ctx: Ctx, s: dict) -> None:
    """A Pal gets Power+N until a time (a negative change never destroys by itself, Q&A official-92)."""
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("power", card.id, value=n, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))
            emit_data(g, "power", "", {"card": card.id, "number": card.number, "amount": n})


@VERBS.register("strike")
def v_strike(g: Any, ctx: Ctx, s: dict) -> None:
    n = amount(g, ctx, s["amount"])
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("strike", card.id, value=n, until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))
            emit(g, "strike_change", "", card=card.id, number=card.number, amount=n)


@VERBS.register("rest")
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


@VERBS.register("stand")
def v_stand(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.rested and not stand_blocked(g, card):
            card.rested = False
            emit(g, "stand", "", card=card.id, number=card.number)


@VERBS.register("skip_next_stand")
def v_skip_next_stand(g: Any, ctx: Ctx, s: dict) -> None:
    """The chosen cards are not stood in their controller's next stand phase (7.2.1), and only then: Vigilance or
    a "stand" effect still stands them at any other time (Q&A official-61: they may be chosen while resting)."""
    for card in targets(g, ctx, s):
        if card.zone == "base" and card.owner != ctx.controller:   # the opponent's stand phase never stands yours
            g.state.effects.append(Effect("skip_next_stand", card.id, until_stand_of=card.owner,
                                          source_id=ctx.source.id))


@VERBS.register("cannot_stand")
def v_cannot_stand(g: Any, ctx: Ctx, s: dict) -> None:
    """While this card is in the base the chosen cards do not stand at all: not in a stand phase (7.2.1), not by
    an effect (Q&A official-62)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("cannot_stand", card.id, source_id=ctx.source.id, while_source=True))


@VERBS.register("gain")
def v_gain(g: Any, ctx: Ctx, s: dict) -> None:
    """Get Material or Ingredient counters (a player's information, Q&A official-14)."""
    p = g.state.players[ctx.controller]
    n = amount(g, ctx, s.get("count", 1))
    setattr(p, s["counter"], getattr(p, s["counter"]) + n)
    emit(g, "gain", "", player=ctx.controller, counter=s["counter"], count=n)


@VERBS.register("gain_life")
def v_gain_life(g: Any, ctx: Ctx, s: dict) -> None:
    p = g.state.players[ctx.controller]
    p.life += amount(g, ctx, s.get("count", 1))
    if p.life <= 0:   # only a negative amount does this: a loss is due, the rule-action check must look (11.3)
        g.state.rules_quiet = None
    emit(g, "life_gained", "", player=ctx.controller, count=s.get("count", 1), life=p.life)


@VERBS.register("to_graveyard")
def v_to_graveyard(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone in ("base", "hand", "deck"):
            move(g, card, "graveyard", cause="effect", by=ctx.controller)


@VERBS.register("to_hand")
def v_to_hand(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone in ("base", "graveyard", "deck", "exile"):
            move(g, card, "hand", cause="effect", by=ctx.controller)


@VERBS.register("discard")
def v_discard(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        if card.zone == "hand":
            move(g, card, "graveyard", cause="discard", by=ctx.controller)


@VERBS.register("to_deck_top")
def v_to_deck_top(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        move(g, card, "deck", top=True, cause="effect", quiet=True)


@VERBS.register("deploy")
def v_deploy(g: Any, ctx: Ctx, s: dict) -> None:
    """Deploy the chosen cards from any zone (On Deploy triggers wherever they came from, Q&A official-32)."""
    deployed = []
    for card in targets(g, ctx, s):
        if card.zone != "base":
            deployed.append(deploy(g, card, rested=bool(s.get("rested")), cause="effect").id)
    ctx.vars["deployed"] = deployed


@VERBS.register("exile")
def v_exile(g: Any, ctx: Ctx, s: dict) -> None:
    for card in targets(g, ctx, s):
        new = move(g, card, "exile", cause="effect", by=ctx.controller)
        new.exiled_by = ctx.source.id
        emit(g, "exiled", "", card=new.id, number=new.number, by=ctx.source.id)


@VERBS.register("butcher")
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


@VERBS.register("look_top")
def v_look_top(g: Any, ctx: Ctx, s: dict) -> None:
    """Look at (or reveal) the top N cards; fewer if the deck is smaller (Q&A official-38)."""
    deck = g.state.players[ctx.controller].deck
    n = amount(g, ctx, s.get("count", 1))
    ctx.looked = [c.id for c in deck[:n]]
    ctx.vars["looked_revealed"] = bool(s.get("reveal"))
    emit(g, "reveal" if s.get("reveal") else "look", "", player=ctx.controller,
         cards=list(ctx.looked), numbers=[c.number for c in deck[:n]], public=bool(s.get("reveal")))


@VERBS.register("rest_to_deck")
def v_rest_to_deck(g: Any, ctx: Ctx, s: dict) -> None:
    """The looked-at cards that were not taken stay in the deck, which is shuffled."""
    shuffle(g, ctx.controller)
    ctx.looked = []


@VERBS.register("rest_to_graveyard")
def v_rest_to_graveyard(g: Any, ctx: Ctx, s: dict) -> None:
    for cid in ctx.looked:
        card = find_card(g.state, ctx, cid)
        if card is not None and card.zone == "deck":
            move(g, card, "graveyard", cause="effect", quiet=True)
    ctx.looked = []


# ---------------------------------------------------------------------------------------------------------------
# souls and life
# ---------------------------------------------------------------------------------------------------------------


@VERBS.register("stand_souls")
def v_stand_souls(g: Any, ctx: Ctx, s: dict) -> None:
    p = g.state.players[ctx.controller]
    n = min(amount(g, ctx, s.get("count", 1)), p.souls_rested)
    p.souls_rested -= n
    p.souls_standing += n
    emit(g, "souls_stood", "", player=ctx.controller, count=n)


@VERBS.register("add_soul")
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


@VERBS.register("may")
def v_may(g: Any, ctx: Ctx, s: dict) -> Iterator:
    """An optional part: the controller says yes or no (Q&A official-46)."""
    if s.get("if_possible") and not check_condition(g, ctx, ctx.source, s["if_possible"]):
        ctx.vars["did"] = False
        return
    prompt = Msg("prompt.may", card=ctx.source.number, may=s["steps"], ability=_asking(ctx))
    choice = yield Decision(ctx.controller, DecisionKind.MAY, prompt, (Action.of("yes"), Action.of("no")),
                            ctx.source.id, {"does": sorted(step_words(s["steps"]))})
    ctx.vars["did"] = choice.verb == "yes"
    if ctx.vars["did"]:
        yield from run_steps(g, ctx, s["steps"])


@VERBS.register("if")
def v_if(g: Any, ctx: Ctx, s: dict) -> Iterator:
    branch = s["then"] if check_condition(g, ctx, ctx.source, s["cond"]) else s.get("else", [])
    yield from run_steps(g, ctx, branch)


@VERBS.register("modes")
def v_modes(g: Any, ctx: Ctx, s: dict) -> Iterator:
    options = tuple(Action.of("mode", i) for i in range(len(s["modes"])))
    labels, words = _mode_labels(s)
    choice = yield Decision(ctx.controller, DecisionKind.MODE, Msg("prompt.modes", card=ctx.source.number), options,
                            ctx.source.id, {"modes": list(labels), "modes_do": [list(w) for w in words]})
    yield from run_steps(g, ctx, s["modes"][int(choice.args[0])])


def _mode_labels(s: dict) -> tuple[tuple[Msg, ...], tuple[tuple[str, ...], ...]]:
    """Each mode's label (a message quoting its steps) and words, made once per step: both come from the step
    data alone. The step is kept with them, so the id it is found by is not reused."""
    kept = _MODES.get(id(s))
    if kept is None or kept[0] is not s:
        modes = s["modes"]
        kept = _MODES[id(s)] = (s, tuple(Msg("part.mode", steps=m) for m in modes),
                                tuple(tuple(sorted(step_words(m))) for m in modes))
    return kept[1], kept[2]


_MODES: dict[int, tuple] = {}


@VERBS.register("repeat")
def v_repeat(g: Any, ctx: Ctx, s: dict) -> Iterator:
    for _ in range(amount(g, ctx, s.get("times", "X"))):
        yield from run_steps(g, ctx, s["steps"])


@VERBS.register("grant")
def v_grant(g: Any, ctx: Ctx, s: dict) -> None:
    """The chosen cards get an ability until a time (it is a temporary effect on that card object)."""
    for card in targets(g, ctx, s):
        if card.zone == "base":
            g.state.effects.append(Effect("grant", card.id, value=s["ability"], until_turn=until_turn(g, s),
                                          source_id=ctx.source.id))


@VERBS.register("night")
def v_night(g: Any, ctx: Ctx, s: dict) -> None:
    """Night until a time; it stays even if its source leaves the base (Q&A official-94)."""
    g.state.effects.append(Effect("night", None, player=ctx.controller,
                                  until_turn=until_turn(g, {"until": s.get("until", "opp_next_turn")})))
    emit(g, "night", "", player=ctx.controller)


@VERBS.register("nullify_attack")
def v_nullify(g: Any, ctx: Ctx, s: dict) -> None:
    """5.18.1: a nullified attack goes straight to the end of battle step."""
    b = g.state.battle
    if b is not None:
        b.nullified = True
        emit(g, "nullified", "5.18.1", attacker=b.attacker, player=ctx.controller)


@VERBS.register("effect")
def v_effect(g: Any, ctx: Ctx, s: dict) -> None:
    """A plain temporary flag effect on the chosen cards (cannot_block, cannot_attack, must_attack, no_assign)."""
    for card in targets(g, ctx, s):
        g.state.effects.append(Effect(s["kind"], card.id, until_turn=until_turn(g, s), source_id=ctx.source.id))


@VERBS.register("player_effect")
def v_player_effect(g: Any, ctx: Ctx, s: dict) -> None:
    """A temporary effect on the controller (no_assign, must_attack_all, cost_mod...)."""
    value = dict(s.get("value", {}))
    if "amount" in value:
        value["amount"] = amount(g, ctx, value["amount"])
    g.state.effects.append(Effect(s["kind"], None, player=ctx.controller, value=value,
                                  until_turn=until_turn(g, s), uses=s.get("uses")))


@VERBS.register("player_damage")
def v_player_damage(g: Any, ctx: Ctx, s: dict) -> None:
    """Damage to a player always goes through the damage check (11.2.2)."""
    n = amount(g, ctx, s["amount"])
    damage_check(g, ctx.opponent, n, ctx.source.id)


# ---------------------------------------------------------------------------------------------------------------
# conditions
# ---------------------------------------------------------------------------------------------------------------


CONDITIONS.add("night", lambda g, ctx, src, c: is_night(g.state))
CONDITIONS.add("rested", lambda g, ctx, src, c: bool(card.rested if (card := g.state.in_base(src.id)) else
                                                     src.zone == "base" and src.rested))
CONDITIONS.add("did", lambda g, ctx, src, c: bool(ctx and ctx.vars.get("did")))
CONDITIONS.add("chose_none", lambda g, ctx, src, c: bool(ctx is not None and not ctx.chosen))
CONDITIONS.add("chose_some", lambda g, ctx, src, c: bool(ctx is not None and ctx.chosen))
CONDITIONS.add("souls_at_least", lambda g, ctx, src, c: g.state.players[src.owner].souls >= c["count"])
CONDITIONS.add("defending", lambda g, ctx, src, c: (g.state.battle is not None
                                                      and g.state.battle.attacking_player != src.owner))


def _have(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    owner = ctx.controller if ctx else src.owner
    side = c.get("side", "own")
    players = [owner] if side == "own" else [1 - owner] if side == "opponent" else [0, 1]
    n = sum(1 for i in players for card in g.state.players[i].base if matches(g, card, c.get("filter"), ctx))
    return n >= c.get("count", 1)


CONDITIONS.add("have", _have)


def _chosen_match(g: Any, ctx: Ctx | None, src: Card, c: dict) -> bool:
    if ctx is None:
        return False
    ids = ctx.looked if c.get("of") == "looked" else ctx.chosen
    cards = [find_card(g.state, ctx, i) for i in ids]
    return bool(cards) and all(card is not None and matches(g, card, c.get("filter"), ctx) for card in cards)


CONDITIONS.add("chosen_is", _chosen_match)


# ---------------------------------------------------------------------------------------------------------------
# filters
# ---------------------------------------------------------------------------------------------------------------


def _f(name: str, fn: Any) -> None:
    FILTERS.add(name, fn)


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


AMOUNTS.add("count", _count)
AMOUNTS.add("x", lambda g, ctx, s: ctx.x)


def _last_known(ctx: Ctx) -> Card | None:
    """The source as it last was in the base, when it left together with the event's cards (rule 4.1 look-back)."""
    src = ctx.source
    return src if src is not None and src.zone == "base" and any(
        c.id == src.id for c in ctx.event.get("lookback", ())) else None


AMOUNTS.add("source_strike", lambda g, ctx, s: (
    strike(g.state, c, ctx.event.get("lookback", ()))
    if (c := g.state.in_base(ctx.source.id) or _last_known(ctx)) else 0))
AMOUNTS.add("source_power", lambda g, ctx, s: power(g.state, c) if (c := g.state.in_base(ctx.source.id)) else 0)
AMOUNTS.add("assigned_cost", lambda g, ctx, s: sum(ctx.paid.get("assigned_cost", [0])))


def _asking(ctx: Ctx) -> tuple[str, int] | None:
    """The ability that asks a player something, as ``(card number, index)`` for a prompt to quote its text."""
    ab = ctx.ability
    return (ab.number, ab.index) if ab is not None and ab.number else None
