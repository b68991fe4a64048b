"""Optional effects, modes, numbers and names: decided from the ability data the decision carries."""
from __future__ import annotations

from .evaluation import _Seen

DISCARDS = frozenset({"discard", "discard_from_hand"})
SELF_COST = DISCARDS | {"butcher"}      # verbs by which an optional effect costs its own player cards
HURTS_BASE = frozenset({"damage", "to_graveyard", "exile"})


class Choices:
    """Optional effects, modes, numbers and names: decided from the ability data the decision carries."""

    def _may(self, s: _Seen) -> str:
        """An optional effect: yes, unless it costs this player cards (a discard only with a full hand)."""
        does = set((s.d.get("params") or {}).get("does") or ())
        if does & SELF_COST:
            return "yes" if (s.P["hand_count"] or 0) >= 4 and does & DISCARDS and "butcher" not in does else "no"
        return "yes"

    def _mode(self, s: _Seen) -> str:
        """The mode whose verbs do the most good now (hurting the opponent's base, drawing, boosting Pals)."""
        modes = (s.d.get("params") or {}).get("modes_do") or []
        best, best_score = None, -1e9
        for o in s.options:
            if not o.startswith("mode "):
                continue
            k = int(o.split()[1])
            does = set(modes[k]) if k < len(modes) else set()
            score = 0.0
            if does & HURTS_BASE:
                score += 3 if s.O["base"] else -2
            if "draw" in does:
                score += 2
            if does & {"power", "stand"}:
                score += 1.5 if s.my_pals else -1
            if does & DISCARDS:
                score -= 1
            if score > best_score:
                best, best_score = o, score
        return best or s.options[0]

    def _number(self, s: _Seen) -> str:
        """X: as large as allowed, except a number of cards to discard (then as few as the effect allows, ≥ 1)."""
        nums = sorted(int(o.split()[1]) for o in s.options if o.startswith("x "))
        if not nums:
            return s.options[0]
        if (s.d.get("params") or {}).get("purpose") == "discard":
            return f"x {min(nums[-1], max(nums[0], 1))}"
        return f"x {nums[-1]}"

    def _name(self, s: _Seen) -> str:
        return s.options[0]
