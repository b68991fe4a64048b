"""Main-phase and quick-step actions (8, 9.5): playing cards, activating abilities, attacking, rest 3 souls: draw 1.

Legality has one source per action (``why_not_*`` returns a readable reason or None); the option lists of
the main and quick decisions are built from those checks.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..model.abilities import Ability, Ctx, check_condition, matches, run_steps
from ..model.actions import Action, on_forget, pinned
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
    may_grant_keyword,
    play_cost,
)
from .costs import cost_shape, pay, rest_souls, why_cannot_pay
from .events import emit
from .zones import deploy, draw, move

SOULDRAW_COST = 3   # 8.5
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
    alts = ability_costs(ab)
    if len(alts) == 1:
        return [Action.of("activate", card.id, index)]
    return [Action.of("activate", card.id, index, "cost", k) for k in range(len(alts))]


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
    have = p.souls_standing
    main_ok = state.phase == "main" and state.turn_player == player and state.battle is None
    if not main_ok:
        legal = []
    elif effects and any(e.kind == "cost_mod" for e in effects):
        legal = [play_action(c.id) for c in p.hand if play_cost(state, c, player) <= have]
    else:
        legal = [_PLAY.get(c.id) or play_action(c.id) for c in p.hand if c.defn.cost <= have]
    printed = not may_grant_act(state)   # then every activated ability is a printed one
    barred = {e.target for e in effects if e.kind == "cannot_attack"} if effects else ()
    targets = None   # the attack targets, worked out at the first Pal that can attack
    for card in p.base:
        d = card.defn
        if not printed:
            legal.extend(_general_activations(g, player, card))
        elif d.act_indices and main_ok:
            _printed_activations(g, p, card, have, legal)
        if d.type == "pal" and not card.rested and card.id not in barred:   # why_cannot_attack, made cheap
            if targets is None:
                targets = _attack_targets(g, player)
            cid = card.id
            if targets.__class__ is tuple:   # nothing protects or taunts: by whether this attacker has Assault
                assault = ("assault" in d.keyword_set if targets[2] else has_keyword(state, card, "assault"))
                made = _ATTACK.get(cid)
                if made is None:
                    made = _ATTACK[cid] = {}
                legal.extend([made.get(t) or _attack_action(made, cid, t) for t in targets[assault]])
            else:
                legal.extend(targets.actions(card))
    if p.souldraw_turn != state.turn and have >= SOULDRAW_COST:
        legal.append(_SOULDRAW)
    if not effects or why_not_end(g, player) is None:
        legal.append(_END)
    return legal


_PLAY: dict[int, Action] = {}     # "play ID" by card id (ids are small numbers, the same in every game)
# "attack ID TARGET" by attacker id, then target ("player" or the target's id); kept like ``_PLAY``
_ATTACK: dict[int, dict[str | int, Action]] = {}


def play_action(card_id: int) -> Action:
    """The action ``play ID`` (kept, so the next decision finds it with one look-up)."""
    action = _PLAY.get(card_id)
    if action is None:
        if len(_PLAY) >= _KEPT_MAX:
            _PLAY.clear()
        action = _PLAY[card_id] = Action.of("play", card_id)
    return action


def _attack_action(made: dict, card_id: int, target: str | int) -> Action:
    """The action ``attack ID TARGET``, kept in ``made`` (the attacker's entry of ``_ATTACK``)."""
    if len(_ATTACK) >= _KEPT_MAX:
        _ATTACK.clear()
        _ATTACK[card_id] = made
    action = made[target] = Action.of("attack", card_id, target)
    return action


_KEPT_MAX = 20_000   # entries of the kept-action tables (card ids grow during a game; a long session is bounded)


def _forget_kept() -> None:
    """Empty the tables of kept actions (with the model's tables of made actions: ``on_forget``)."""
    _PLAY.clear()
    _ATTACK.clear()
    _PLANS.clear()


on_forget(_forget_kept)


def _attack_targets(g: Any, player: int) -> tuple | _AttackContext:
    """What the opponent's base offers attackers this decision: when no card is protected or taunts and only
    printed abilities count, ``(targets without Assault, targets with Assault, whether Assault is only
    printed)``, targets being "player" and card ids in base order; otherwise an ``_AttackContext``."""
    state = g.state
    idx = state.base_index or base_index(state)
    if ("cannot_be_attacked" in idx.cont or idx.grant_sources or "taunt" in idx.granted_keywords
            or (state.effects and any_grant_effect(state))):
        return _AttackContext(g, player)
    plain: list[str | int] = ["player"]
    every: list[str | int] = ["player"]
    for c in state.players[1 - player].base:
        d = c.defn
        if d.type == "structure" or (d.type == "pal" and c.rested):
            if "taunt" in d.keyword_set:
                return _AttackContext(g, player)
            plain.append(c.id)
            every.append(c.id)
        elif d.type == "pal":
            if "taunt" in d.keyword_set:
                return _AttackContext(g, player)
            every.append(c.id)
    return plain, every, not may_grant_keyword(state, "assault")


def _main_plan(defn: Any) -> tuple:
    """A card's printed activated abilities that work from the base, as the checks the main options make for
    each cost alternative: ``(index, ability, once per turn, action suffix, souls, rests this card, other
    parts, the alternative, the actions made so far by card id)``, the other parts being simple checks (see
    ``_pay_simply``) or None for the general rule. Worked out once per card definition."""
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
                plan.append((i, ab, ab.once_per_turn, suffix, souls, any(pt["do"] == "rest_self" for pt in alt),
                             _simple_parts(alt), alt, {}))
        hit = _PLANS[id(defn)] = (defn, tuple(plan))
    return hit[1]


_PLANS: dict[int, tuple] = {}


def _simple_parts(alt: tuple[dict, ...]) -> tuple | None:
    """The parts of a cost other than souls and resting this card as ``(word, counter, count)`` checks, when
    each is simple: consuming a counter, assigning, discarding or milling a number of cards with no filter.
    None when some part needs the general rule (``why_cannot_pay``)."""
    out = []
    for part in alt:
        do, n = part["do"], part.get("count", 1)
        if do in ("souls", "rest_self"):
            continue
        if do == "consume" and (n == "X" or n.__class__ is int):
            if n != "X":
                out.append((do, part["counter"], n))
        elif do in ("assign", "discard", "mill") and "filter" not in part and n.__class__ is int:
            out.append((do, None, n))
        else:
            return None
    return tuple(out)


def _printed_activations(g: Any, p: Any, card: Card, have: int, out: list[Action]) -> None:
    """Append the legal activations of a base card's printed activated abilities in the main phase: the checks
    of ``why_not_activate`` made from the card's plan (``_main_plan``), a cost's souls counted first."""
    state = g.state
    cid = card.id
    for i, ab, once, suffix, souls, rest, parts, alt, made in _main_plan(card.defn):
        if souls > have or (rest and card.rested) or (once and (cid, i, state.turn) in state.used):
            continue
        if ab.condition is not None and not check_condition(g, None, card, ab.condition):
            continue
        if parts:
            ok = _pay_simply(state, p, parts)
            if ok is None:
                ok = why_cannot_pay(g, Ctx(p.index, card, ab), alt) is None
            if not ok:
                continue
        elif parts is None and why_cannot_pay(g, Ctx(p.index, card, ab), alt) is not None:
            continue
        action = made.get(cid)
        if action is None:
            if len(made) >= _KEPT_MAX:
                made.clear()
            action = made[cid] = Action.of("activate", cid, *suffix)
        out.append(action)


def _pay_simply(state: Any, p: Any, parts: tuple) -> bool | None:
    """Whether the simple parts of a cost paid by a base card can be paid (``_simple_parts``); None means: ask
    the general rule (an effect stops assigning), which these answers agree with."""
    for do, counter, n in parts:
        if do == "consume":
            if getattr(p, counter) < n:
                return False
        elif do == "assign":
            if any(e.kind == "no_assign" for e in state.effects):
                return None
            if len([c for c in p.base if c.defn.type == "pal" and not c.rested]) < n:
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
                    out.append(Action.of("activate", card.id, i) if len(alts) == 1
                               else Action.of("activate", card.id, i, "cost", k))
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
        if not idx.grant_sources and not (state.effects and any_grant_effect(state)):
            # only printed abilities count now: what cont_flags and has_keyword would say, from the index
            printed = idx.cont.get("cannot_be_attacked", ())
            self.cards = [(c, [(src, d) for src, ab, d in printed if cont_applies(state, src, ab, d, c)] if printed
                           else (), "taunt" in c.defn.keyword_set)
                          for c in state.players[1 - player].base if c.defn.type in ("pal", "structure")]
        else:
            self.cards = [(c, cont_flags(state, c, "cannot_be_attacked"), has_keyword(state, c, "taunt"))
                          for c in state.players[1 - player].base if c.defn.type in ("pal", "structure")]
        self.plain = not any(flags or taunt for _c, flags, taunt in self.cards)
        self.assault_printed = not may_grant_keyword(state, "assault")
        self.plain_targets: list | None = None   # without and with Assault, when nothing protects or taunts

    def actions(self, attacker: Card) -> list[Action]:
        """The attack actions of this attacker (``targets`` as actions, each made once)."""
        cid = attacker.id
        made = _ATTACK.get(cid)
        if made is None:
            made = _ATTACK[cid] = {}
        return [made.get(t) or _attack_action(made, cid, t) for t in self.targets(attacker)]

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
                    ["player", *(c.id for c, _f, _t in self.cards if not c.is_pal or c.rested or with_assault)]
                    for with_assault in (False, True)]
            return made[assault]
        ok = [(c, taunt) for c, flags, taunt in self.cards
              if (not c.is_pal or c.rested or assault) and not any(matches(g, attacker, d.get("by"), None)
                                                                   for _src, d in flags)]
        taunting = any(taunt for _c, taunt in ok)
        out = [] if taunting else ["player"]
        out.extend(c.id for c, taunt in ok if taunt or not taunting)
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
    legal: list[Action] = []
    mods = any(e.kind == "cost_mod" for e in state.effects)
    for card in p.hand:
        d = card.defn
        if d.quick_event and (play_cost(state, card, player) if mods else d.cost) <= p.souls_standing:
            legal.append(Action.of("play", card.id))
        for i, ab in d.hand_quick_acts:
            legal.extend(act for act in _activate_actions(card, i, ab)
                         if why_not_activate(g, player, card, *_split(act)[1:], quick_step=True) is None)
    printed = not may_grant_act(state)
    for card in p.base:
        abs_ = card.defn.abilities if printed else abilities(state, card)
        for i in card.defn.act_indices if printed else range(len(abs_)):
            ab = abs_[i]
            if ab.kind == "act" and ab.quick:
                legal.extend(act for act in _activate_actions(card, i, ab)
                             if why_not_activate(g, player, card, *_split(act)[1:], quick_step=True) is None)
    legal.append(_PASS)
    return legal


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
        emit(g, "souldraw", "8.5", player=player)
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
    for e in state.effects:
        if e.kind == "cost_mod" and e.player == player and e.uses and matches(g, card, e.value.get("filter"), None):
            e.uses -= 1   # only a card the reduction applies to uses it up ("your next gear")
    if any(e.kind == "cost_mod" and e.uses == 0 for e in state.effects):   # a new list only when one is used up
        state.effects = [e for e in state.effects if not (e.kind == "cost_mod" and e.uses == 0)]
    rest_souls(g, player, cost)
    state.players[player].cards_played += 1
    emit(g, "play", "8.2", card=card.id, number=card.number, player=player, cost=cost, frm=card.zone)
    if card.defn.type == "event":
        yield from resolve_event(g, player, card)
    else:
        deploy(g, card)


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
    emit(g, "activate", "10.1.1.1", card=card.id, number=card.number, player=player, ability=index,
         keyword=ab.keyword, frm=card.zone)
    yield from pay(g, ctx, ability_costs(ab)[alt])
    yield from run_steps(g, ctx, ab.effect)
