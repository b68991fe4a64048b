"""Damage: the damage check a player goes through (11.2.2) and damage dealt to Pals and structures."""
from __future__ import annotations

from ..model.abilities import matches
from ..model.game import GameLike
from ..model.state import Card
from .continuous import own_abilities
from .events import emit_data
from .zones import top_to


def damage_check(g: GameLike, player: int, amount: int, source: int | None = None) -> bool:
    """11.2.2: put the top card into the graveyard one at a time; a Lucky Pal ends it and cancels the hit.

    Otherwise the player loses life equal to the whole damage once the count is reached or the deck runs
    out. Returns True when life was lost. Damage of 0 or less is not dealt (Q&A official-64).
    """
    if amount <= 0:
        return False
    p = g.state.players[player]
    emit_data(g, "damage_check_start", "11.2.2", {"player": player, "amount": amount, "source": source})
    for i in range(amount):
        if not p.deck:
            break
        defn = p.deck[0].defn
        lucky = defn.lucky and defn.type == "pal"
        new = top_to(g, player, "graveyard")
        emit_data(g, "damage_check_card", "11.2.2.1", {"player": player, "card": new.id,
                                                       "number": new.number, "lucky": lucky,
                                                       "index": i + 1, "amount": amount})
        if lucky:
            emit_data(g, "damage_cancelled", "11.2.2.2", {"player": player, "amount": amount,
                                                          "number": new.number})
            return False
    p.life -= amount
    if p.life <= 0:
        g.state.rules_quiet = None   # a loss is due (11.3.1): the next rule-action check looks
    emit_data(g, "life_lost", "11.2.2.3", {"player": player, "amount": amount, "life": p.life})
    return True


def deal_damage(g: GameLike, card: Card, amount: int, source: Card | None = None, battle: bool = False) -> int:
    """Put damage on a Pal or structure; destruction is a rule action (11.4.1). Returns the damage dealt."""
    if amount <= 0 or card.zone != "base":
        return 0
    if not battle and source is not None and card.is_pal:
        amount += damage_bonus(g, source)
    card.damage += amount
    state = g.state
    state.maybe_damaged = True   # the rule-action check looks for destroyed cards again (checks.rule_action_due)
    state.rules_quiet = None
    emit_data(g, "damage", "11.2.1", {"card": card.id, "number": card.number, "player": card.owner,
                                      "amount": amount, "source": source.id if source else None,
                                      "battle": battle})
    return amount


def damage_bonus(g: GameLike, source: Card) -> int:
    """Extra damage from CONT such as 'your red cards deal +200 non-battle damage to Pals'."""
    bonus = 0
    for src in g.state.players[source.owner].base:
        for ab in own_abilities(g.state, src):
            if ab.kind != "cont":
                continue
            for d in ab.effect:
                if d["do"] == "damage_bonus" and matches(g, source, d.get("filter"), None):
                    bonus += d.get("amount", 0)
    return bonus
