"""Whether a main-phase or quick-step action is legal now: one ``why_not_*`` rule per action, giving the reason."""
from __future__ import annotations

from ..model.abilities import Ability, Ctx, check_condition
from ..model.game import GameLike
from ..model.message import Msg
from ..model.state import Card
from .battle import attack_targets, why_cannot_attack
from .continuous import abilities, effects_on, play_cost
from .costs import why_cannot_pay

SOULDRAW_COST = 3   # 8.5


def play_ability(card: Card) -> Ability | None:
    """The effect ability of an event card."""
    return next((ab for ab in card.defn.abilities if ab.kind == "play"), None)


def is_quick_card(card: Card) -> bool:
    ab = play_ability(card)
    return card.defn.type == "event" and ab is not None and ab.quick


def why_not_play(g: GameLike, player: int, card: Card, quick_step: bool = False) -> str | None:
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


def why_not_activate(g: GameLike, player: int, card: Card, index: int, alt: int, quick_step: bool = False) -> str | None:
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


def why_not_souldraw(g: GameLike, player: int) -> str | None:
    """8.5: once per turn, rest 3 standing souls to draw 1 card."""
    p = g.state.players[player]
    if p.souldraw_turn == g.state.turn:
        return Msg("souldraw.used")
    if p.souls_standing < SOULDRAW_COST:
        return Msg("souldraw.souls", need=SOULDRAW_COST, have=p.souls_standing)
    return None


def why_not_end(g: GameLike, player: int) -> str | None:
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
