"""The options of the main (8) and quick-step (9.5) decisions: the general path and the fast path side by side."""
from __future__ import annotations

from operator import attrgetter
from typing import Any

from ..model.abilities import Ability, Ctx, check_condition
from ..model.actions import Action, on_forget
from ..model.game import GameLike
from ..model.state import Card
from .attack_options import offered_targets
from .battle import attack_targets, why_cannot_attack
from .continuous import abilities, base_index, has_keyword, may_grant_act, play_cost
from .costs import cost_shape, why_cannot_pay
from .kept_actions import (
    ATTACKS,
    END,
    PASS,
    PLAYS,
    SOULDRAW,
    Kept,
    activate_actions,
    activate_of,
    activations_of,
    play_action,
    split_activation,
)
from .legality import (
    SOULDRAW_COST,
    ability_costs,
    is_quick_card,
    why_not_activate,
    why_not_end,
    why_not_play,
    why_not_souldraw,
)

_KIND = attrgetter("kind")   # an effect's kind, read at C level (``map``): no generator frame per decision


def main_options(g: GameLike, player: int, reasons: bool = True) -> tuple[list[Action], list[tuple[Action, str]]]:
    """Every main-phase action with the reason the illegal ones are illegal (``reasons=False`` lists only
    the legal ones, which is all the decision loop needs until a player asks why something is greyed out:
    those come from the fast path, ``fast_main_options``)."""
    if not reasons:
        return fast_main_options(g, player), []
    return general_main_options(g, player, reasons)


def general_main_options(g: GameLike, player: int, reasons: bool = True) -> tuple[list[Action], list[tuple[Action, str]]]:
    """The general path: every action checked by its ``why_not_*`` rule, one at a time."""
    state = g.state
    p = state.players[player]
    legal: list[Action] = []
    bad: list[tuple[Action, str]] = []

    def consider(verb: str, args: tuple, reason: str | None) -> None:
        if reason is None:
            legal.append(Action.of(verb, *args))
        elif reasons:
            bad.append((Action.of(verb, *args), reason))

    for card in p.hand:
        consider("play", (card.id,), why_not_play(g, player, card))
    for card in p.base:
        for i, ab in enumerate(abilities(state, card)):
            if ab.kind == "act":
                alts = ability_costs(ab)
                for k in range(len(alts)):
                    args = (card.id, i) if len(alts) == 1 else (card.id, i, "cost", k)
                    consider("activate", args, why_not_activate(g, player, card, i, k))
        if card.is_pal:
            why = why_cannot_attack(g, card)
            if why and not reasons:
                continue
            for tgt, reason in attack_targets(g, card):
                consider("attack", (card.id, tgt), why or reason)
    consider("souldraw", (), why_not_souldraw(g, player))
    consider("end", (), why_not_end(g, player))
    return legal, bad


def fast_main_options(g: GameLike, player: int) -> list[Action]:
    """The legal main-phase actions, the same list in the same order as the general path, computed from facts
    precomputed per card (costs, which abilities are activatable, keywords) and, for attacks, from what each
    possible target is (protected, taunting) worked out once rather than once per attacker. Where an effect
    changes costs or grants abilities the general rule is used for that part."""
    state = g.state
    p = state.players[player]
    effects = state.effects
    kinds = set(map(_KIND, effects)) if effects else ()   # the kinds of effects there are: one pass for all
    have = p.souls_standing
    main_ok = state.phase == "main" and state.turn_player == player and state.battle is None
    legal: list[Action] = []
    if main_ok:
        if "cost_mod" in kinds:
            legal = [play_action(c.id) for c in p.hand if play_cost(state, c, player) <= have]
        else:   # a loop, not a comprehension: no frame of its own (the bench's CPython makes one)
            for c in p.hand:
                if c.defn.cost <= have:
                    legal.append(PLAYS[c.id])
    # then every activated ability is a printed one
    printed = not ((state.base_index or base_index(state)).granted_acts or ("grant" in kinds and may_grant_act(state)))
    barred = {e.target for e in effects if e.kind == "cannot_attack"} if "cannot_attack" in kinds else ()
    targets = None   # the attack targets, worked out at the first Pal that can attack
    free = None   # the Pals that could be assigned for a cost, worked out at the first cost that assigns
    for card in p.base:
        d = card.defn
        if not printed:
            legal.extend(_general_activations(g, player, card))
        elif d.act_indices and main_ok:
            hit = _PLANS.get(id(d))
            if hit is None or hit[0] is not d:
                hit = _main_entry(d)
            if hit[2] is not None and not (hit[2] and card.rested):   # else none of its costs can be paid
                free = _printed_activations(g, p, card, have, legal, free, hit[1])
        if d.type == "pal" and not card.rested and card.id not in barred:   # why_cannot_attack, made cheap
            if targets is None:
                targets = offered_targets(g, player)
            if targets.__class__ is tuple:   # nothing protects or taunts: by whether this attacker has Assault
                assault = ("assault" in d.keyword_set if targets[2] else has_keyword(state, card, "assault"))
                legal.extend(map(ATTACKS[card.id].__getitem__, targets[assault]))
            else:
                legal.extend(targets.actions(card))
    if p.souldraw_turn != state.turn and have >= SOULDRAW_COST:
        legal.append(SOULDRAW)
    if ("must_attack" not in kinds and "must_attack_all" not in kinds) or why_not_end(g, player) is None:
        legal.append(END)
    return legal


def _forget_kept() -> None:
    """Empty the tables of kept actions (with the model's tables of made actions: ``on_forget``)."""
    PLAYS.clear()
    ATTACKS.clear()
    _PLANS.clear()
    _HAND_PLANS.clear()


on_forget(_forget_kept)


def _main_plan(defn: Any) -> tuple:
    """A card's printed activated abilities that work from the base, as the checks the main options make for
    each cost alternative: ``(index, ability, once per turn, action suffix, souls, rests this card, other
    parts, whether they assign Pals, the alternative, its activate actions kept by card id)``, the other parts
    being simple checks (see ``_pay_simply``) or None for the general rule. Worked out once per card definition."""
    hit = _PLANS.get(id(defn))
    return (hit if hit is not None and hit[0] is defn else _main_entry(defn))[1]


def _main_entry(defn: Any) -> tuple:
    """``(defn, its plan (_main_plan), whether every alternative rests this card or None when there is none)``,
    kept by the definition's id: a rested card whose every cost rests it offers no activation."""
    hit = _PLANS.get(id(defn))
    if hit is None or hit[0] is not defn:
        plan = []
        for i in defn.act_indices:
            ab = defn.abilities[i]
            if ab.zone != "base":
                continue
            alts = ability_costs(ab)
            for k, alt in enumerate(alts):
                souls, _others = cost_shape(alt)
                suffix = (i,) if len(alts) == 1 else (i, "cost", k)
                parts = _simple_parts(alt)
                plan.append((i, ab, ab.once_per_turn, suffix, souls, any(pt["do"] == "rest_self" for pt in alt),
                             parts, bool(parts) and any(do == "assign" for do, _c, _n in parts), alt,
                             Kept(activations_of(suffix))))
        rests = all(entry[5] for entry in plan) if plan else None
        hit = _PLANS[id(defn)] = (defn, tuple(plan), rests)
    return hit


_PLANS: dict[int, tuple] = {}


def _simple_parts(alt: tuple[dict, ...]) -> tuple | None:
    """The parts of a cost other than souls and resting this card as ``(word, detail, count)`` checks, when
    each is simple: consuming a counter (the detail), assigning, discarding, milling or butchering (the
    detail: another Pal than this card) a number of cards with no filter; consuming or discarding X is
    always possible (X may be 0). None when some part needs the general rule (``why_cannot_pay``)."""
    out = []
    for part in alt:
        do, n = part["do"], part.get("count", 1)
        if do in ("souls", "rest_self") or (do in ("consume", "discard") and n == "X"):
            continue
        if n.__class__ is not int:
            return None
        if do == "consume":
            out.append((do, part["counter"], n))
        elif do in ("assign", "discard", "mill", "butcher") and "filter" not in part:
            out.append((do, bool(part.get("other")), n))
        else:
            return None
    return tuple(out)


def _printed_activations(g: GameLike, p: Any, card: Card, have: int, out: list[Action], free: int | None,
                         plan: tuple) -> int | None:
    """Append the legal activations of a base card's printed activated abilities in the main phase: the checks
    of ``why_not_activate`` made from the card's plan (``_main_plan``), a cost's souls counted first.
    ``free`` is what ``_free_pals`` says when it was worked out for an earlier card of this decision (it
    cannot change within one), else None; returns it, worked out if a cost needed it."""
    state = g.state
    cid = card.id
    rested = card.rested
    for i, ab, once, _suffix, souls, rest, parts, assigns, alt, made in plan:
        if souls > have or (rest and rested) or (once and (cid, i, state.turn) in state.used):
            continue
        if ab.condition is not None and not check_condition(g, None, card, ab.condition):
            continue
        if parts:
            if assigns and free is None:
                free = _free_pals(state, p)
            ok = _pay_simply(p, card, parts, free)
            if ok is None:
                ok = why_cannot_pay(g, Ctx(p.index, card, ab), alt) is None
            if not ok:
                continue
        elif parts is None and why_cannot_pay(g, Ctx(p.index, card, ab), alt) is not None:
            continue
        out.append(made[cid])
    return free


def _free_pals(state: Any, p: Any) -> int:
    """How many Pals ``p`` could assign for a cost (its standing Pals), or -1 when an effect stops assigning
    (then the general rule decides)."""
    for e in state.effects:
        if e.kind == "no_assign":
            return -1
    n = 0
    for c in p.base:   # loops, not generators (a frame each): this runs at most decisions
        if not c.rested and c.defn.type == "pal":
            n += 1
    return n


def _pay_simply(p: Any, card: Card, parts: tuple, free: int | None) -> bool | None:
    """Whether the simple parts of a cost paid by ``card``, a base card of ``p``, can be paid
    (``_simple_parts``), ``free`` being what ``_free_pals`` says (needed when the parts assign); None means:
    ask the general rule (an effect stops assigning), which these answers agree with."""
    for do, detail, n in parts:
        if do == "consume":
            if getattr(p, detail) < n:
                return False
        elif do == "assign":
            if free < 0:
                return None
            if free < n:
                return False
        elif do == "butcher":   # any of its Pals, rested or not; "another": not this card
            pals = 0
            for c in p.base:
                if c.defn.type == "pal":
                    pals += 1
            if pals - (detail and card.defn.type == "pal") < n:
                return False
        elif len(p.hand if do == "discard" else p.deck) < n:   # the paying card is in the base, not the hand
            return False
    return True


def _general_activations(g: GameLike, player: int, card: Card) -> list[Action]:
    """The legal activations of every activated ability a card has now, printed or granted (general rule)."""
    out = []
    for i, ab in enumerate(abilities(g.state, card)):
        if ab.kind == "act":
            alts = ability_costs(ab)
            for k in range(len(alts)):
                if why_not_activate(g, player, card, i, k) is None:
                    out.append(activate_of(card.id, i, k, len(alts)))
    return out


def quick_options(g: GameLike, player: int) -> tuple[list[Action], list[tuple[Action, str]]]:
    """9.5.2: the defending player may play Quick events and Quick abilities (from hand or base)."""
    state = g.state
    p = state.players[player]
    legal: list[Action] = []
    bad: list[tuple[Action, str]] = []
    for card in p.hand:
        if is_quick_card(card):
            r = why_not_play(g, player, card, quick_step=True)
            (bad.append((Action.of("play", card.id), r)) if r else legal.append(Action.of("play", card.id)))
        for i, ab in enumerate(card.defn.abilities):
            if ab.kind == "act" and ab.zone == "hand" and ab.quick:
                for act in activate_actions(card, i, ab):
                    r = why_not_activate(g, player, card, *split_activation(act)[1:], quick_step=True)
                    (bad.append((act, r)) if r else legal.append(act))
    for card in p.base:
        for i, ab in enumerate(abilities(state, card)):
            if ab.kind == "act" and ab.quick:
                for act in activate_actions(card, i, ab):
                    r = why_not_activate(g, player, card, *split_activation(act)[1:], quick_step=True)
                    (bad.append((act, r)) if r else legal.append(act))
    legal.append(Action.of("pass"))
    return legal, bad


def fast_quick_options(g: GameLike, player: int) -> list[Action]:
    """The legal quick-step actions (the first list of ``quick_options``, same order), from per-card facts."""
    state = g.state
    p = state.players[player]
    effects = state.effects
    have = p.souls_standing
    legal: list[Action] = []
    mods = effects and "cost_mod" in map(_KIND, effects)
    for card in p.hand:
        d = card.defn
        if d.quick_event and (play_cost(state, card, player) if mods else d.cost) <= have:
            legal.append(PLAYS[card.id])
        if d.hand_quick_acts:
            for i, ab in d.hand_quick_acts:
                _hand_activations(g, p, card, i, ab, legal)
    if (state.base_index or base_index(state)).granted_acts or (effects and may_grant_act(state)):
        for card in p.base:
            abs_ = abilities(state, card)
            for i, ab in enumerate(abs_):
                if ab.kind == "act" and ab.quick:
                    legal.extend(_quick_activations(g, player, card, i, ab))
    else:   # only printed activated abilities: the card's own list of them
        for card in p.base:
            d = card.defn
            for i in d.act_indices:
                ab = d.abilities[i]
                if ab.quick:
                    legal.extend(_quick_activations(g, player, card, i, ab))
    legal.append(PASS)
    return legal


def _hand_activations(g: GameLike, p: Any, card: Card, index: int, ab: Ability, out: list[Action]) -> None:
    """Append the legal activations of a printed Quick ability of a card in ``p``'s hand (e.g. an Interrupt):
    the checks of ``why_not_activate`` for it, its costs' simple parts from ``_hand_plan``."""
    state = g.state
    if ab.once_per_turn and (card.id, index, state.turn) in state.used:
        return
    if ab.condition is not None and not check_condition(g, None, card, ab.condition):
        return
    for souls, others, made, alt in _hand_plan(ab, index):
        if souls > p.souls_standing:
            continue
        if others is None:
            if why_cannot_pay(g, Ctx(p.index, card, ab), alt) is not None:
                continue
        elif len(p.hand) - 1 < others:   # the cards it discards are other cards of the hand
            continue
        out.append(made[card.id])


def _hand_plan(ab: Ability, index: int) -> tuple:
    """The cost alternatives of an activated ability used from the hand as ``(souls, other cards it discards,
    its activate actions kept by card id, the alternative)``, the count being None when a part needs the
    general rule (``why_cannot_pay``): discarding the card itself is always possible there, discarding X cards
    too."""
    hit = _HAND_PLANS.get(id(ab))
    if hit is None or hit[0] is not ab or hit[1] != index:
        alts = ability_costs(ab)
        plan = []
        for k, alt in enumerate(alts):
            others: int | None = 0
            for part in alt:
                do, n = part["do"], part.get("count", 1)
                if do == "discard" and "filter" not in part and n.__class__ is int:
                    others += n
                elif not (do in ("souls", "discard_self") or (do == "discard" and n == "X")):
                    others = None
                    break
            suffix = (index,) if len(alts) == 1 else (index, "cost", k)
            plan.append((cost_shape(alt)[0], others, Kept(activations_of(suffix)), alt))
        hit = _HAND_PLANS[id(ab)] = (ab, index, tuple(plan))
    return hit[2]


_HAND_PLANS: dict[int, tuple] = {}


def _quick_activations(g: GameLike, player: int, card: Card, index: int, ab: Ability) -> list[Action]:
    """The legal activations of a Quick ability in the quick step (one per cost alternative it can pay)."""
    out = []
    alts = ability_costs(ab)
    for k in range(len(alts)):   # a loop, not a comprehension (a frame of its own): asked at most quick steps
        if why_not_activate(g, player, card, index, k, quick_step=True) is None:
            out.append(activate_of(card.id, index, k, len(alts)))
    return out
