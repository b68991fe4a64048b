"""Battle decisions: which attack is worth it, when to block, when to interrupt."""
from __future__ import annotations

from .evaluation import _Seen, card_value, hp, life_point_worth, pal_value
from .knowledge import (
    INTERRUPT_LOSS,
    LIFE_POINT,
    _walk,
    ability_of,
    card_profile,
)
from .race import attack_loss


class Battle:
    """Battle decisions: which attack is worth it, when to block, when to interrupt."""

    # --- attacks --------------------------------------------------------------------------------------------
    def _exposure(self, s: _Seen, a: dict) -> float:
        """The risk of leaving ``a`` rested through the opponent's turn (any of their Pals may hit it)."""
        if "vigilance" in (a.get("keywords") or ()):
            return 0.0
        p = a.get("power") or 0
        if any((o.get("power") or 0) > p for o in s.opp_pals):
            return self.exposure_big * pal_value(a)
        if any((o.get("power") or 0) >= p for o in s.opp_pals):
            return self.exposure_even * pal_value(a)
        return 0.0


    def _danger(self, s: _Seen) -> bool:
        """The opponent's Pals could take the rest of my life next turn if nothing blocks."""
        threat = sum(max(c.get("strike") or 0, 0) for c in s.opp_pals)
        return bool(s.opp_pals) and threat >= s.P["life"]


    def _attack_score(self, s: _Seen, att_id: int, tgt: str) -> float:
        a = s.cards.get(att_id)
        if a is None:
            return -1.0
        a_kw = set(a.get("keywords") or ())
        a_pow = max(a.get("power") or 0, 0)
        a_hp = hp(a)
        blockers = [] if "stealth" in a_kw else [
            c for c in s.opp_pals if not c["rested"] and str(c["id"]) != tgt]
        # the opponent blocks with a Pal that destroys the attacker and survives
        killer_blocks = [b for b in blockers if (b.get("power") or 0) >= a_hp and hp(b) > a_pow]
        trade_blocks = [b for b in blockers if (b.get("power") or 0) >= a_hp]
        value_a = pal_value(a)
        guard_penalty = 0.0
        if self._danger(s) and any(a_pow >= (o.get("power") or 0) for o in s.opp_pals):
            guard_penalty = 500.0
        if tgt == "player":
            strike = max(a.get("strike") or 0, 0)
            if strike <= 0:
                return -1.0
            life = s.O["life"]
            gain = strike * life_point_worth(life) * self.life_point / LIFE_POINT
            if strike >= life:
                gain += 5000   # a hit that can end the game (a Lucky Pal may still cancel it)
            if killer_blocks:
                return gain * 0.1 - value_a
            if trade_blocks:
                worth_b = min(pal_value(b) for b in trade_blocks)
                if worth_b <= value_a:
                    return gain * 0.3 - (value_a - worth_b) - guard_penalty
            return gain - self._exposure(s, a) - guard_penalty
        t = s.card(tgt)
        if t is None:
            return -1.0
        if t["type"] == "structure":
            if a_pow < hp(t):
                return -1.0
            return (card_value(t) - self._exposure(s, a) - guard_penalty) if not killer_blocks else -value_a
        t_kw = set(t.get("keywords") or ())
        kills = a_pow >= hp(t)
        dies = (t.get("power") or 0) >= a_hp or (kills and "retaliate" in t_kw)
        if not kills:
            return -1.0
        if killer_blocks:
            return -value_a
        gain = pal_value(t)
        if dies:
            return gain - value_a - guard_penalty
        return gain - self._exposure(s, a) - guard_penalty + 100


    # --- defending ------------------------------------------------------------------------------------------
    def _battle(self, s: _Seen) -> tuple[dict | None, str]:
        b = s.view.get("battle") or {}
        return s.card(b.get("attacker")), str(b.get("target", "player"))


    def _block(self, s: _Seen) -> str:
        a, tgt = self._battle(s)
        if a is None:
            return "pass"
        a_pow = max(a.get("power") or 0, 0)
        a_hp = hp(a)
        value_a = pal_value(a)
        blockers = []
        for o in s.options:
            if o.startswith("block "):
                c = s.card(o.split()[1])
                if c is not None:
                    blockers.append((c, o))
        if not blockers:
            return "pass"

        def survives(b: dict) -> bool:
            return hp(b) > a_pow

        def kills(b: dict) -> bool:
            return (b.get("power") or 0) >= a_hp

        survivors = [(b, o) for b, o in blockers if survives(b)]
        # prefer a survivor that also destroys the attacker, then the cheapest survivor
        survivors.sort(key=lambda t: (not kills(t[0]), pal_value(t[0])))
        traders = sorted([(b, o) for b, o in blockers if kills(b)], key=lambda t: pal_value(t[0]))
        cheapest = min(blockers, key=lambda t: pal_value(t[0]))
        if tgt == "player":
            strike = max(a.get("strike") or 0, 0)
            life = s.P["life"]
            if strike >= life:
                return (survivors or traders or [cheapest])[0][1]
            if survivors:
                return survivors[0][1]
            if traders and pal_value(traders[0][0]) <= value_a + 100:
                return traders[0][1]
            hit = strike * life_point_worth(life)
            if life - strike <= 3 and pal_value(cheapest[0]) < hit:
                return cheapest[1]
            return "pass"
        t = s.card(tgt)
        if t is None or hp(t) > a_pow:
            return "pass"          # the attacked Pal survives by itself
        value_t = card_value(t)
        if survivors and pal_value(survivors[0][0]) <= value_t + 400:
            return survivors[0][1]
        if traders and pal_value(traders[0][0]) < value_t:
            return traders[0][1]
        return "pass"


    def _quick_loss(self, s: _Seen) -> float:
        """What the attack now fighting costs me if nothing stops it: life (all of it: the game) or a card."""
        a, tgt = self._battle(s)
        if a is None:
            return 0.0
        if tgt == "player":
            return attack_loss(a, None, s.P["life"])
        t = s.card(tgt)
        return attack_loss(a, t, s.P["life"]) if t is not None else 0.0

    def _quick(self, s: _Seen) -> str:
        a, _ = self._battle(s)
        if a is None or self._quick_loss(s) < INTERRUPT_LOSS:
            return "pass"
        best, best_cost = None, None
        for o in s.options:
            parts = o.split()
            if parts[0] not in ("play", "activate"):
                continue
            cid = int(parts[1])
            c = s.cards.get(cid)
            if c is None:
                continue
            if parts[0] == "play":
                prof = card_profile(c["number"])
                if not prof["nullify"] and not (prof["harm"] and prof["damage"] >= hp(a)):
                    continue
                cost = c["cost"] * 10
            else:
                ab = ability_of(c["number"], int(parts[2]))
                if ab is not None and s.zone.get(cid) == "base":
                    verbs = {st.get("do") for st in _walk(ab.effect)}
                    if "nullify_attack" not in verbs:
                        continue
                alt = int(parts[4]) if len(parts) >= 5 else 0
                cost = 5 + alt * 20       # paying souls beats discarding another card
            if best_cost is None or cost < best_cost:
                best, best_cost = o, cost
        return best or "pass"
