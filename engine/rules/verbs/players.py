"""Verbs that act on a player: drawing, counters, life, souls, night, nullifying an attack, player effects and damage."""
from __future__ import annotations

from ...model.abilities import VERBS, Ctx, amount
from ...model.game import GameLike
from ...model.state import MAX_SOULS, Effect
from ..damage import damage_check
from ..events import emit
from ..zones import draw
from .targets import until_turn


@VERBS.register("draw")
def v_draw(g: GameLike, ctx: Ctx, s: dict) -> None:
    draw(g, ctx.controller, amount(g, ctx, s.get("count", 1)))


@VERBS.register("gain")
def v_gain(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Get Material or Ingredient counters (a player's information, Q&A official-14)."""
    p = g.state.players[ctx.controller]
    n = amount(g, ctx, s.get("count", 1))
    setattr(p, s["counter"], getattr(p, s["counter"]) + n)
    emit(g, "gain", "", player=ctx.controller, counter=s["counter"], count=n)


@VERBS.register("gain_life")
def v_gain_life(g: GameLike, ctx: Ctx, s: dict) -> None:
    p = g.state.players[ctx.controller]
    p.life += amount(g, ctx, s.get("count", 1))
    if p.life <= 0:   # only a negative amount does this: a loss is due, the rule-action check must look (11.3)
        g.state.rules_quiet = None
    emit(g, "life_gained", "", player=ctx.controller, count=s.get("count", 1), life=p.life)


@VERBS.register("stand_souls")
def v_stand_souls(g: GameLike, ctx: Ctx, s: dict) -> None:
    p = g.state.players[ctx.controller]
    n = min(amount(g, ctx, s.get("count", 1)), p.souls_rested)
    p.souls_rested -= n
    p.souls_standing += n
    emit(g, "souls_stood", "", player=ctx.controller, count=n)


@VERBS.register("add_soul")
def v_add_soul(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Increase souls from the soul deck, rested; never beyond 10 (Q&A official-76)."""
    p = g.state.players[ctx.controller]
    ctx.vars["souls_before"] = p.souls
    n = min(amount(g, ctx, s.get("count", 1)), p.soul_deck, MAX_SOULS - p.souls)
    p.soul_deck -= n
    p.souls_rested += n
    emit(g, "soul_gain", "", player=ctx.controller, count=n, rested=True)


@VERBS.register("night")
def v_night(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Night until a time; it stays even if its source leaves the base (Q&A official-94)."""
    g.state.effects.append(Effect("night", None, player=ctx.controller,
                                  until_turn=until_turn(g, {"until": s.get("until", "opp_next_turn")})))
    emit(g, "night", "", player=ctx.controller)


@VERBS.register("nullify_attack")
def v_nullify(g: GameLike, ctx: Ctx, s: dict) -> None:
    """5.18.1: a nullified attack goes straight to the end of battle step."""
    b = g.state.battle
    if b is not None:
        b.nullified = True
        emit(g, "nullified", "5.18.1", attacker=b.attacker, player=ctx.controller)


@VERBS.register("player_effect")
def v_player_effect(g: GameLike, ctx: Ctx, s: dict) -> None:
    """A temporary effect on the controller (no_assign, must_attack_all, cost_mod...)."""
    value = dict(s.get("value", {}))
    if "amount" in value:
        value["amount"] = amount(g, ctx, value["amount"])
    g.state.effects.append(Effect(s["kind"], None, player=ctx.controller, value=value,
                                  until_turn=until_turn(g, s), uses=s.get("uses")))


@VERBS.register("player_damage")
def v_player_damage(g: GameLike, ctx: Ctx, s: dict) -> None:
    """Damage to a player always goes through the damage check (11.2.2)."""
    n = amount(g, ctx, s["amount"])
    damage_check(g, ctx.opponent, n, ctx.source.id)
