"""The attacks a main decision offers: the opponent's base read once per decision (Taunt, protection, Assault)."""
from __future__ import annotations

from typing import Any

from ..model.abilities import matches
from ..model.actions import Action
from ..model.game import GameLike
from ..model.state import Card
from .continuous import (
    any_grant_effect,
    base_index,
    cont_applies,
    cont_flags,
    has_keyword,
    may_grant_cont,
    may_grant_keyword,
)
from .kept_actions import ATTACKS


def offered_targets(g: GameLike, player: int) -> tuple | AttackContext:
    """What the opponent's base offers attackers this decision: when no card is protected or taunts and only
    printed abilities count, ``(targets without Assault, targets with Assault, whether Assault is only
    printed)``, targets being "player" and card ids in base order; otherwise an ``AttackContext``."""
    state = g.state
    idx = state.base_index or base_index(state)
    effects = state.effects
    if (idx.grant_sources or (effects and any_grant_effect(state))) and not _printed_protection(state, idx):
        return AttackContext(g, player)
    protect = idx.cont.get("cannot_be_attacked")
    if protect:
        for src, _ab, d in protect:
            if _may_protect(src, d, player):
                return AttackContext(g, player)
    plain: list[str | int] = ["player"]
    every: list[str | int] = ["player"]
    for c in state.players[1 - player].base:
        d = c.defn
        kind = d.type
        if kind == "pal":
            if "taunt" in d.keyword_set:
                return AttackContext(g, player)
            if c.rested:
                plain.append(c.id)
            every.append(c.id)
        elif kind == "structure":
            if "taunt" in d.keyword_set:
                return AttackContext(g, player)
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


class AttackContext:
    """What the cards an attack could target are, worked out once per main decision: the 'cannot be attacked
    by' flags on each and whether it taunts; and whether Assault can only be printed (not granted) now. (The
    common case, where nothing protects or taunts, is handled by ``offered_targets`` without it.)"""

    __slots__ = ("g", "cards", "plain", "assault_printed", "plain_targets")

    def __init__(self, g: GameLike, player: int):
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
        return list(map(ATTACKS[attacker.id].__getitem__, self.targets(attacker)))

    def targets(self, attacker: Card) -> list[str | int]:
        """``attack_targets`` without the reasons: this attacker's legal targets ("player" or card ids, as
        numbers: the keys ``ATTACKS`` keeps the actions under)."""
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
