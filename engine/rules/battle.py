"""Battle (section 9): attack declaration, block declaration, quick step, damage step, end of battle."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..model.abilities import matches
from ..model.actions import Action, Decision, DecisionKind, pinned
from ..model.game import GameLike
from ..model.message import Msg
from ..model.state import Battle, Card
from .checks import check_timing, timing_due
from .continuous import cont_flags, effects_on, has_keyword, power, strike
from .damage import damage_check, deal_damage
from .events import emit, emit_data

if TYPE_CHECKING:   # a type only: the game module is the rules' top, it imports this one
    from .game import Game

_PASS = pinned(Action.of("pass"))   # the block step's last option, made once


def why_cannot_attack(g: GameLike, attacker: Card) -> str | None:
    """9.2.2: a standing Pal of the turn player that no effect forbids to attack (arrival turn is fine)."""
    if not attacker.is_pal or attacker.zone != "base":
        return Msg("attack.not_in_base")
    if attacker.rested:
        return Msg("attack.resting")
    if effects_on(g.state, attacker, "cannot_attack"):
        return Msg("attack.stopped")
    return None


def _targetable(g: GameLike, attacker: Card, target: Card) -> str | None:
    """Why ``attacker`` cannot choose the card ``target`` ignoring Taunt, or None (9.2.3, 12.15)."""
    if target.is_pal:
        if not target.rested and not has_keyword(g.state, attacker, "assault"):
            return Msg("attack.standing_target", keyword="assault")
    elif target.defn.type != "structure":
        return Msg("attack.bad_target")
    for _src, d in cont_flags(g.state, target, "cannot_be_attacked"):
        if matches(g, attacker, d.get("by"), None):
            return Msg("attack.protected", card=target.number)
    return None


def attack_targets(g: GameLike, attacker: Card) -> list[tuple[str, str | None]]:
    """Every target with the reason it is illegal (None when legal): ``("player" | card id, reason)``."""
    state = g.state
    opp = state.players[1 - attacker.owner]
    cards = [(c, _targetable(g, attacker, c)) for c in opp.base if c.defn.type in ("pal", "structure")]
    taunting = [c for c, why in cards if why is None and has_keyword(state, c, "taunt")]
    out: list[tuple[str, str | None]] = []
    taunt_reason = Msg("attack.taunt", keyword="taunt") if taunting else None
    out.append(("player", taunt_reason if taunting else None))
    for c, why in cards:
        if why is None and taunting and c not in taunting:
            why = taunt_reason
        out.append((str(c.id), why))
    return out


def can_block(g: GameLike, blocker: Card, battle: Battle) -> str | None:
    """9.4.2: one standing Pal of the defending player that is not the target and may block."""
    state = g.state
    attacker = state.in_base(battle.attacker)
    if attacker is not None and has_keyword(state, attacker, "stealth"):
        return Msg("block.stealth", keyword="stealth")
    if not blocker.is_pal or blocker.rested:
        return Msg("block.standing")
    if blocker.id == battle.target:
        return Msg("block.attacked")
    if effects_on(state, blocker, "cannot_block"):
        return Msg("block.stopped")
    return None


def battle(g: Game, attacker_id: int, target: str) -> Iterator:
    """Run one battle from its declaration to its end (9.2-9.7)."""
    state = g.state
    attacker = _in_base(state, state.turn_player, attacker_id)
    player = attacker.owner
    if target == "player":
        target_id = target_card = None
    else:
        target_id = int(target)
        target_card = _in_base(state, 1 - player, target_id)
    b = state.battle = Battle(attacker_id, player, target_id, target_id)
    attacker.rested = True
    if target_card is None:
        emit_data(g, "attack", "9.2", {"attacker": attacker_id, "number": attacker.number, "player": player,
                                       "target": target_id, "target_number": None, "target_type": "player"})
    else:
        target_type = target_card.defn.type
        emit_data(g, "attack", "9.2", {"attacker": attacker_id, "number": attacker.number, "player": player,
                                       "target": target_id, "target_number": target_card.number,
                                       "target_type": target_type})
        if target_type == "pal":
            b.opponent_pal = target_id
        emit_data(g, "attacked", "9.2", {"card": target_id, "number": target_card.number, "attacker": attacker_id})
    if timing_due(g):
        yield from check_timing(g)
    yield from battle_steps(g, b, "block")


def battle_steps(g: Game, b: Battle, start: str) -> Iterator:
    """The steps of a declared battle from ``start`` (``block`` or ``quick``) to its end (9.4-9.7); a scenario
    may start in the middle of a battle (engine.persistence.scenario)."""
    state = g.state
    defender = 1 - b.attacking_player
    if start == "block" and not b.nullified and _in_base(state, b.attacking_player, b.attacker) is not None:
        yield from block_step(g, b, defender)
    if not b.nullified and _in_base(state, b.attacking_player, b.attacker) is not None:
        b.step = "quick"
        yield from g.quick_step(defender)
    if not b.nullified:
        b.step = "damage"
        damage_step(g, b)
        if timing_due(g):
            yield from check_timing(g)
    b.step = "end"
    emit_data(g, "battle_end", "9.7", {"attacker": b.attacker, "player": b.attacking_player, "nullified": b.nullified})
    if timing_due(g):
        yield from check_timing(g)
    state.battle = None


def block_step(g: GameLike, b: Battle, defender: int) -> Iterator:
    """9.4: the defending player may block with one standing Pal; it rests and becomes the target."""
    state = g.state
    b.step = "block"
    options = _block_options(g, state.players[defender].base, b)
    if not options:
        return
    pals = state.players[defender].pals
    prompt = Msg("prompt.block", card=_number(state, b.attacker),
                 target=None if b.target is None else _number(state, b.target))
    options.append(_PASS)
    choice = yield Decision(defender, DecisionKind.BLOCK, prompt, tuple(options), b.attacker,
                            {"attacker": b.attacker, "target": b.target},
                            lambda: tuple((Action.of("block", c.id), why) for c in pals() if (why := can_block(g, c, b))))
    if choice.verb != "block":
        return
    blocker = state.in_base(int(choice.args[0]))
    blocker.rested = True
    b.target = blocker.id
    b.blocked_by = blocker.id
    b.opponent_pal = blocker.id
    emit_data(g, "block", "9.4.2", {"card": blocker.id, "number": blocker.number, "player": defender,
                                    "attacker": b.attacker})
    if timing_due(g):
        yield from check_timing(g)


def _block_options(g: GameLike, base: list[Card], b: Battle) -> list[Action]:
    """``block`` actions for the Pals of the defender's ``base`` that ``can_block`` allows, in order, without
    making the reasons for the others."""
    state = g.state
    effects = state.effects
    stopped = {e.target for e in effects if e.kind == "cannot_block"} if effects else ()
    able = [c.id for c in base
            if c.defn.type == "pal" and not c.rested and c.id != b.target and c.id not in stopped]
    if not able:
        return []   # (Stealth would not matter: nothing is asked either way)
    attacker = _in_base(state, b.attacking_player, b.attacker)
    if attacker is not None and has_keyword(state, attacker, "stealth"):
        return []
    return [Action.of("block", cid) for cid in able]


def damage_step(g: GameLike, b: Battle) -> None:
    """9.6: Pal vs Pal simultaneous power damage; Pal vs structure one way; Pal vs player: strike damage."""
    state = g.state
    attacker = _in_base(state, b.attacking_player, b.attacker)
    if attacker is None:
        return
    if b.target is None:
        amount = strike(state, attacker)
        emit_data(g, "strike", "9.6.3.3", {"attacker": attacker.id, "player": 1 - attacker.owner, "amount": amount})
        damage_check(g, 1 - attacker.owner, amount, attacker.id)
        return
    target = _in_base(state, 1 - b.attacking_player, b.target)
    if target is None:
        emit(g, "no_battle_opponent", "9.6", attacker=attacker.id)   # Q&A official-49
        return
    atk_power = max(power(state, attacker), 0)
    if target.defn.type == "pal":
        def_power = max(power(state, target), 0)
        deal_damage(g, target, atk_power, attacker, battle=True)
        deal_damage(g, attacker, def_power, target, battle=True)
    else:
        deal_damage(g, target, atk_power, attacker, battle=True)


def _number(state: Any, card_id: int) -> str:
    """The card number of a card id (for a prompt naming it), or "" if it is gone."""
    card = state.find(card_id)
    return card.number if card is not None else ""


def _in_base(state: Any, player: int, card_id: int) -> Card | None:
    """The card with this id in the bases, looked for first in ``player``'s (where a battle's cards are: a card
    is always in its owner's zones), then in the other."""
    for c in state.players[player].base:
        if c.id == card_id:
            return c
    return state.in_base(card_id)
