"""Main-phase and quick-step actions (8, 9.5): playing cards, activating abilities, attacking, rest 3 souls: draw 1.

Legality has one source per action (``why_not_*`` returns a readable reason or None); the option lists of
the main and quick decisions are built from those checks.
"""
from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Any

from ..model.abilities import Ability, Ctx, check_condition, matches, run_steps
from ..model.actions import Action, made_of, on_forget, pinned
from ..model.message import Msg
from ..model.state import Card
from .battle import attack_targets, battle, why_cannot_attack
from .continuous import (
    abilities,
    any_grant_effect,
    base_index,
    cont_applies,
    cont_flags,
    effects_on,
    has_keyword,
    may_grant_act,
    may_grant_cont,
    may_grant_keyword,
    play_cost,
)
from .costs import cost_shape, pay, rest_souls, why_cannot_pay
from .events import emit_data
from .zones import deploy, draw, move

SOULDRAW_COST = 3   # 8.5
_KIND = attrgetter("kind")   # an effect's kind, read at C level (``map``): no generator frame per decision
_SOULDRAW, _END, _PASS = (pinned(Action.of(verb)) for verb in ("souldraw", "end", "pass"))


def play_ability(card: Card) -> Ability | None:
    """The effect ability of an event card."""
    return next((ab for ab in card.defn.abilities if ab.kind == "play"), None)


def is_quick_card(card: Card) -> bool:
    ab = play_ability(card)
    return card.defn.type == "event" and ab is not None and ab.quick


def why_not_play(g: Any, player: int, card: Card, quick_step: bool = False) -> str | None:
    """Why ``player`` cannot play this card from hand now, or None."""
    state = g.state
    if card.zone != "hand" or card.owner != player:
        return Msg("play.own_hand")
    if quick_step:
        if not is_quick_card(card):
            return Msg("play.quick_only")
    elif state.phase != "main" or state.turn_player != player or state.battle is not None:
        return Msg("play.main_phase")
    cost = play_cost(state, card, player)
    have = state.players[player].souls_standing
    if cost > have:
        return Msg("play.costs", cost=cost, have=have)
    return None


def ability_costs(ab: Ability) -> tuple[tuple[dict, ...], ...]:
    return ab.costs or ((),)


def why_not_activate(g: Any, player: int, card: Card, index: int, alt: int, quick_step: bool = False) -> str | None:
    """Why ``player`` cannot activate ability ``index`` of this card paying alternative ``alt`` now."""
    state = g.state
    abs_ = abilities(state, card)
    if index >= len(abs_) or abs_[index].kind != "act":
        return Msg("act.no_ability")
    ab = abs_[index]
    if card.owner != player:
        return Msg("act.own_cards")
    if card.zone != ab.zone:
        return Msg("act.zone", zone="hand" if ab.zone == "hand" else "base")
    if quick_step and not ab.quick:
        return Msg("act.quick_only")
    if not quick_step and (state.phase != "main" or state.turn_player != player or state.battle is not None):
        return Msg("act.main_phase")
    if ab.once_per_turn and (card.id, index, state.turn) in state.used:
        return Msg("act.once_per_turn")
    if ab.condition is not None and not check_condition(g, None, card, ab.condition):
        return Msg("act.condition")
    alts = ability_costs(ab)
    if alt >= len(alts):
        return Msg("act.no_cost")
    return why_cannot_pay(g, Ctx(player, card, ab), alts[alt])


def _activate_actions(card: Card, index: int, ab: Ability) -> list[Action]:
    """The actions activating ability ``index`` of a card, one per cost alternative."""
    n = len(ability_costs(ab))
    return [_activate_of(card.id, index, k, n) for k in range(n)]


def _split(action: Action) -> tuple[int, int, int]:
    """(card id, ability index, cost alternative) of an activate action."""
    a = action.args
    alt = int(a[3]) if len(a) >= 4 and a[2] == "cost" else 0
    return int(a[0]), int(a[1]), alt


def main_options(g: Any, player: int, reasons: bool = True) -> tuple[list[Action], list[tuple[Action, str]]]:
    """Every main-phase action with the reason the illegal ones are illegal (``reasons=False`` lists only
    the legal ones, which is all the decision loop needs until a player asks why something is greyed out:
    those come from the fast path, ``fast_main_options``)."""
    if not reasons:
        return fast_main_options(g, player), []
    return general_main_options(g, player, reasons)


def general_main_options(g: Any, player: int, reasons: bool = True) -> tuple[list[Action], list[tuple[Action, str]]]:
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


def fast_main_options(g: Any, player: int) -> list[Action]:
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
                    legal.append(_PLAY[c.id])
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
                targets = _attack_targets(g, player)
            if targets.__class__ is tuple:   # nothing protects or taunts: by whether this attacker has Assault
                assault = ("assault" in d.keyword_set if targets[2] else has_keyword(state, card, "assault"))
                legal.extend(map(_ATTACK[card.id].__getitem__, targets[assault]))
            else:
                legal.extend(targets.actions(card))
    if p.souldraw_turn != state.turn and have >= SOULDRAW_COST:
        legal.append(_SOULDRAW)
    if ("must_attack" not in kinds and "must_attack_all" not in kinds) or why_not_end(g, player) is None:
        legal.append(_END)
    return legal


class _Kept(dict):
    """Actions kept by key, each made at the first look-up of its key (``__missing__``): finding a kept one is
    a plain dict look-up, so a decision can list them with ``map``. Bounded: emptied when full."""

    __slots__ = ("make",)

    def __init__(self, make: Any):
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        if len(self) >= _KEPT_MAX:
            self.clear()
        made = self[key] = self.make(key)
        return made


def _play_of(card_id: int) -> Action:
    """``Action.of("play", card_id)``, its text put together here (``made_of``)."""
    sid = str(card_id)
    return made_of(("play", card_id), (sid,), "play " + sid)


class _Attacks(dict):
    """The attack actions of one attacker, kept by target ("player" or a card id): ``Action.of("attack",
    card_id, target)``, made with the attacker's words put together once. About 50 a game are new in a fresh
    process (card ids grow through a game, so an (attacker, target) pair is often met for the first time)."""

    __slots__ = ("card_id", "sid", "head")

    def __init__(self, card_id: int):
        super().__init__()
        self.card_id = card_id
        self.sid = str(card_id)
        self.head = "attack " + self.sid + " "

    def __missing__(self, target: int | str) -> Action:
        if len(self) >= _KEPT_MAX:
            self.clear()
        st = str(target)
        made = self[target] = made_of(("attack", self.card_id, target), (self.sid, st), self.head + st)
        return made


# "play ID" by card id (ids are small numbers, the same in every game)
_PLAY: _Kept = _Kept(_play_of)
# "attack ID TARGET" by attacker id, then target ("player" or the target's id)
_ATTACK: _Kept = _Kept(_Attacks)


def play_action(card_id: int) -> Action:
    """The action ``play ID`` (kept, so the next decision finds it with one look-up)."""
    return _PLAY[card_id]


_KEPT_MAX = 20_000   # entries of the kept-action tables (card ids grow during a game; a long session is bounded)


def _forget_kept() -> None:
    """Empty the tables of kept actions (with the model's tables of made actions: ``on_forget``)."""
    _PLAY.clear()
    _ATTACK.clear()
    _PLANS.clear()
    _HAND_PLANS.clear()


on_forget(_forget_kept)


def _attack_targets(g: Any, player: int) -> tuple | _AttackContext:
    """What the opponent's base offers attackers this decision: when no card is protected or taunts and only
    printed abilities count, ``(targets without Assault, targets with Assault, whether Assault is only
    printed)``, targets being "player" and card ids in base order; otherwise an ``_AttackContext``."""
    state = g.state
    idx = state.base_index or base_index(state)
    effects = state.effects
    if (idx.grant_sources or (effects and any_grant_effect(state))) and not _printed_protection(state, idx):
        return _AttackContext(g, player)
    protect = idx.cont.get("cannot_be_attacked")
    if protect:
        for src, _ab, d in protect:
            if _may_protect(src, d, player):
                return _AttackContext(g, player)
    plain: list[str | int] = ["player"]
    every: list[str | int] = ["player"]
    for c in state.players[1 - player].base:
        d = c.defn
        kind = d.type
        if kind == "pal":
            if "taunt" in d.keyword_set:
                return _AttackContext(g, player)
            if c.rested:
                plain.append(c.id)
            every.append(c.id)
        elif kind == "structure":
            if "taunt" in d.keyword_set:
                return _AttackContext(g, player)
            plain.append(c.id)
            every.append(c.id)
    return plain, every, not ("assault" in idx.granted_keywords or (effects and may_grant_keyword(state, "assault")))


def _printed_protection(state: Any, idx: Any) -> bool:
    """Whether only printed abilities can make a card taunt or protect it from attacks now: no ability granted
    (by a continuous ability or an effect) could be Taunt or a "cannot be attacked" descriptor. Then
    ``has_keyword(.., "taunt")`` is the printed keyword and ``cont_flags(.., "cannot_be_attacked")`` the
    printed descriptors of the index that apply."""
    if not idx.grant_sources and not (state.effects and any_grant_effect(state)):
        return True
    return not may_grant_keyword(state, "taunt") and not may_grant_cont(state, "cannot_be_attacked")


def _may_protect(src: Card, d: dict, player: int) -> bool:
    """Whether a printed "cannot be attacked" descriptor of ``src`` could apply to a card in the base of the
    opponent of ``player`` (``cont_applies``: "this card" applies to its own card, a side is counted from the
    source's owner, whose base it is in)."""
    side = "own" if d.get("applies", "self") == "self" else d.get("side", "own")
    if side == "own":
        return src.owner != player
    if side == "opponent":
        return src.owner == player
    return True


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
                             _Kept(_activations_of(suffix))))
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


def _printed_activations(g: Any, p: Any, card: Card, have: int, out: list[Action], free: int | None,
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


def _general_activations(g: Any, player: int, card: Card) -> list[Action]:
    """The legal activations of every activated ability a card has now, printed or granted (general rule)."""
    out = []
    for i, ab in enumerate(abilities(g.state, card)):
        if ab.kind == "act":
            alts = ability_costs(ab)
            for k in range(len(alts)):
                if why_not_activate(g, player, card, i, k) is None:
                    out.append(_activate_of(card.id, i, k, len(alts)))
    return out


class _AttackContext:
    """What the cards an attack could target are, worked out once per main decision: the 'cannot be attacked
    by' flags on each and whether it taunts; and whether Assault can only be printed (not granted) now. (The
    common case, where nothing protects or taunts, is handled by ``_attack_targets`` without it.)"""

    __slots__ = ("g", "cards", "plain", "assault_printed", "plain_targets")

    def __init__(self, g: Any, player: int):
        state = g.state
        self.g = g
        idx = state.base_index or base_index(state)
        cards = self.cards = []   # loops rather than comprehensions (a frame each)
        if _printed_protection(state, idx):
            # only printed abilities count now: what cont_flags and has_keyword would say, from the index
            printed = idx.cont.get("cannot_be_attacked", ())
            for c in state.players[1 - player].base:
                if c.defn.type in ("pal", "structure"):
                    flags: list | tuple = ()
                    if printed:
                        flags = []
                        for src, ab, d in printed:
                            if ((src.id == c.id or d.get("applies", "self") != "self")   # "this card": its own
                                    and cont_applies(state, src, ab, d, c)):
                                flags.append((src, d))
                    cards.append((c, flags, "taunt" in c.defn.keyword_set))
        else:
            for c in state.players[1 - player].base:
                if c.defn.type in ("pal", "structure"):
                    cards.append((c, cont_flags(state, c, "cannot_be_attacked"), has_keyword(state, c, "taunt")))
        self.plain = True
        for _c, flags, taunt in self.cards:
            if flags or taunt:
                self.plain = False
                break
        self.assault_printed = not may_grant_keyword(state, "assault")
        self.plain_targets: list | None = None   # without and with Assault, when nothing protects or taunts

    def actions(self, attacker: Card) -> list[Action]:
        """The attack actions of this attacker (``targets`` as actions, each made once)."""
        return list(map(_ATTACK[attacker.id].__getitem__, self.targets(attacker)))

    def targets(self, attacker: Card) -> list[str | int]:
        """``attack_targets`` without the reasons: this attacker's legal targets ("player" or card ids, as
        numbers: the keys ``_ATTACK`` keeps the actions under)."""
        g = self.g
        assault = ("assault" in attacker.defn.keyword_set if self.assault_printed
                   else has_keyword(g.state, attacker, "assault"))
        if self.plain:   # nothing protects or taunts: the player, structures, and the Pals it may attack
            made = self.plain_targets
            if made is None:
                made = self.plain_targets = [
                    ["player", *(c.id for c, _f, _t in self.cards
                                 if c.defn.type != "pal" or c.rested or with_assault)]
                    for with_assault in (False, True)]
            return made[assault]
        ok = []
        for c, flags, taunt in self.cards:
            if c.defn.type == "pal" and not c.rested and not assault:
                continue   # a standing Pal needs Assault (12.15)
            if flags and any(matches(g, attacker, d.get("by"), None) for _src, d in flags):
                continue   # protected from this attacker (9.2.3)
            ok.append((c, taunt))
        taunting = False
        for _c, taunt in ok:
            if taunt:
                taunting = True
                break
        out = [] if taunting else ["player"]
        for c, taunt in ok:
            if taunt or not taunting:
                out.append(c.id)
        return out


def quick_options(g: Any, player: int) -> tuple[list[Action], list[tuple[Action, str]]]:
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
                for act in _activate_actions(card, i, ab):
                    r = why_not_activate(g, player, card, *_split(act)[1:], quick_step=True)
                    (bad.append((act, r)) if r else legal.append(act))
    for card in p.base:
        for i, ab in enumerate(abilities(state, card)):
            if ab.kind == "act" and ab.quick:
                for act in _activate_actions(card, i, ab):
                    r = why_not_activate(g, player, card, *_split(act)[1:], quick_step=True)
                    (bad.append((act, r)) if r else legal.append(act))
    legal.append(Action.of("pass"))
    return legal, bad


def fast_quick_options(g: Any, player: int) -> list[Action]:
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
            legal.append(_PLAY[card.id])
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
    legal.append(_PASS)
    return legal


def _hand_activations(g: Any, p: Any, card: Card, index: int, ab: Ability, out: list[Action]) -> None:
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
            plan.append((cost_shape(alt)[0], others, _Kept(_activations_of(suffix)), alt))
        hit = _HAND_PLANS[id(ab)] = (ab, index, tuple(plan))
    return hit[2]


_HAND_PLANS: dict[int, tuple] = {}


def _activations_of(suffix: tuple) -> Any:
    """The maker of the actions ``activate ID`` followed by an ability's index (and cost alternative), by card
    id: ``Action.of("activate", card_id, *suffix)``, the suffix's words put together once (``made_of``)."""
    words = tuple(map(str, suffix))
    tail = " " + " ".join(words)

    def make(card_id: int) -> Action:
        sid = str(card_id)
        return made_of(("activate", card_id, *suffix), (sid, *words), "activate " + sid + tail)

    return make


def _quick_activations(g: Any, player: int, card: Card, index: int, ab: Ability) -> list[Action]:
    """The legal activations of a Quick ability in the quick step (one per cost alternative it can pay)."""
    out = []
    alts = ability_costs(ab)
    for k in range(len(alts)):   # a loop, not a comprehension (a frame of its own): asked at most quick steps
        if why_not_activate(g, player, card, index, k, quick_step=True) is None:
            out.append(_activate_of(card.id, index, k, len(alts)))
    return out


def _activate_of(card_id: int, index: int, alt: int, alts: int) -> Action:
    """The action activating ability ``index`` of a card paying cost alternative ``alt`` of ``alts``."""
    return Action.of("activate", card_id, index) if alts == 1 else Action.of("activate", card_id, index, "cost", alt)


def why_not_souldraw(g: Any, player: int) -> str | None:
    """8.5: once per turn, rest 3 standing souls to draw 1 card."""
    p = g.state.players[player]
    if p.souldraw_turn == g.state.turn:
        return Msg("souldraw.used")
    if p.souls_standing < SOULDRAW_COST:
        return Msg("souldraw.souls", need=SOULDRAW_COST, have=p.souls_standing)
    return None


def why_not_end(g: Any, player: int) -> str | None:
    """7.5.3: a Pal that must attack as much as possible keeps the main phase open while it can attack."""
    state = g.state
    if not any(e.kind in ("must_attack", "must_attack_all") for e in state.effects):
        return None
    for card in state.players[player].pals():
        if effects_on(state, card, "must_attack") or any(
                e.kind == "must_attack_all" and e.player == player for e in state.effects):
            if why_cannot_attack(g, card) is None and any(r is None for _, r in attack_targets(g, card)):
                return Msg("end.must_attack", card=card.number)
    return None


def perform(g: Any, player: int, action: Action) -> Iterator:
    """Carry out a chosen main-phase or quick-step action (already checked legal)."""
    state = g.state
    verb = action.verb
    if verb == "play":
        cid = int(action.args[0])
        yield from play_card(g, player, _card_in(state.players[player].hand, cid) or state.find(cid))
    elif verb == "activate":
        cid, index, alt = _split(action)
        yield from activate(g, player, _card_in(state.players[player].base, cid) or state.find(cid), index, alt)
    elif verb == "attack":
        yield from battle(g, int(action.args[0]), action.args[1])
    elif verb == "souldraw":
        rest_souls(g, player, SOULDRAW_COST)
        state.players[player].souldraw_turn = state.turn
        emit_data(g, "souldraw", "8.5", {"player": player})
        draw(g, player, 1)
    else:
        raise AssertionError(verb)


def _card_in(zone: list[Card], card_id: int) -> Card | None:
    """The card with this id in one zone (where an action's card usually is), or None."""
    for c in zone:
        if c.id == card_id:
            return c
    return None


def play_card(g: Any, player: int, card: Card) -> Iterator:
    """Play a card from hand: pay its cost, then deploy it (Pal, structure, gear) or resolve it (event)."""
    state = g.state
    cost = play_cost(state, card, player)
    if state.effects:
        _use_cost_reductions(g, player, card)
    rest_souls(g, player, cost)
    state.players[player].cards_played += 1
    emit_data(g, "play", "8.2", {"card": card.id, "number": card.number, "player": player, "cost": cost,
                                 "frm": card.zone})
    if card.defn.type == "event":
        yield from resolve_event(g, player, card)
    else:
        deploy(g, card)


def _use_cost_reductions(g: Any, player: int, card: Card) -> None:
    """Count a played card against the cost reductions that apply to it ("your next gear"); those used up end."""
    state = g.state
    used_up = False
    for e in state.effects:
        if e.kind == "cost_mod":
            if e.player == player and e.uses and matches(g, card, e.value.get("filter"), None):
                e.uses -= 1   # only a card the reduction applies to uses it up
            used_up = used_up or e.uses == 0
    if used_up:   # a new list only when one is used up
        state.effects = [e for e in state.effects if not (e.kind == "cost_mod" and e.uses == 0)]


def resolve_event(g: Any, player: int, card: Card) -> Iterator:
    """An event resolves in the resolution zone, then goes to the graveyard."""
    ab = play_ability(card)
    held = move(g, card, "resolution", quiet=True)
    ctx = Ctx(player, held, ab)
    if ab is not None:
        yield from run_steps(g, ctx, ab.effect)
    if held.zone == "resolution":
        move(g, held, "graveyard", cause="resolved", quiet=True)


def activate(g: Any, player: int, card: Card, index: int, alt: int) -> Iterator:
    """Activate an ability: mark once-per-turn, pay the chosen cost in full, then resolve (10.4, 10.7)."""
    state = g.state
    ab = abilities(state, card)[index]
    if ab.once_per_turn:
        state.used.add((card.id, index, state.turn))
    ctx = Ctx(player, card, ab)
    emit_data(g, "activate", "10.1.1.1", {"card": card.id, "number": card.number, "player": player,
                                          "ability": index, "keyword": ab.keyword, "frm": card.zone})
    yield from pay(g, ctx, ability_costs(ab)[alt])
    yield from run_steps(g, ctx, ab.effect)
