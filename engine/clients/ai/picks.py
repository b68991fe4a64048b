"""Choosing cards while an effect or a cost resolves, and the order of abilities."""
from __future__ import annotations

from .evaluation import _Seen, card_value, hp
from .knowledge import ability_profile, card_profile


class Picks:
    """Choosing cards while an effect or a cost resolves, and the order of abilities."""

    # --- choices during resolution --------------------------------------------------------------------------
    def _source_profile(self, s: _Seen) -> dict:
        """What the effect asking does: the resolving ability when the prompt names it, else the whole card."""
        prompt = s.d.get("prompt")
        said = prompt.get("params") if isinstance(prompt, dict) else getattr(prompt, "params", None)
        asking = said.get("ability") if isinstance(said, dict) else None
        if asking:
            return ability_profile(asking[0], asking[1])
        src = s.card(s.d.get("source"))
        return card_profile(src["number"] if src is not None else "")


    def _pick_score(self, s: _Seen, c: dict, prof: dict) -> float:
        """How much picking this card helps me (negative: better not).

        A harmful effect belongs on the opponent's best card (one it destroys first) or else my least useful
        one; a helpful effect on my best card (the one fighting now first); whoever controls the source.
        """
        owner = s.owner.get(c["id"])
        zone = s.zone.get(c["id"])
        harm, help_ = prof["harm"], prof["help"]
        v = card_value(c)
        if zone == "base":
            if owner == s.opp:
                if harm or not help_:
                    if prof["damage"]:
                        return v if hp(c) <= prof["damage"] else 0.2 * v
                    return v
                return -v
            in_battle = c["id"] in self._battle_ids(s)
            if help_ and not harm:
                return v + (2000 if in_battle else 0)
            if harm and not help_:
                return -v
            return v * 0.5 if help_ else -v
        if zone == "hand" and owner == s.me:
            verbs = prof["verbs"]
            if verbs & {"discard", "to_deck_top", "exile"} and not verbs & {"deploy"}:
                return 1000 - v
            return v
        if zone is None:
            return 1.0
        return v


    def _battle_ids(self, s: _Seen) -> set:
        b = s.view.get("battle") or {}
        out = {b.get("attacker")}
        if b.get("target") not in (None, "player"):
            out.add(b.get("target"))
        return out


    def _target(self, s: _Seen) -> str:
        prof = self._source_profile(s)
        scored = []
        for o in s.options:
            if o.startswith("pick "):
                c = s.card(o.split()[1])
                scored.append((self._pick_score(s, c, prof) if c is not None else 1.0, o))
        if not scored:
            return s.options[0]
        score, o = max(scored, key=lambda t: t[0])
        if score < 0 and "done" in s.options:
            return "done"
        return o


    def _worst_pick(self, s: _Seen) -> str:
        scored = []
        for o in s.options:
            if o.startswith("pick "):
                c = s.card(o.split()[1])
                v = card_value(c) if c is not None else 0
                if c is not None and c.get("type") == "pal" and c.get("rested"):
                    v -= 50
                scored.append((v, o))
        if not scored:
            return s.options[0]
        return min(scored, key=lambda t: t[0])[1]


    def _cost(self, s: _Seen) -> str:
        return self._worst_pick(s)


    def _pal_limit(self, s: _Seen) -> str:
        return self._worst_pick(s)


    def _reveal(self, s: _Seen) -> str:
        scored = []
        for o in s.options:
            if o.startswith("pick "):
                c = s.card(o.split()[1])
                scored.append((card_value(c) if c is not None else 0, o))
        return max(scored, key=lambda t: t[0])[1] if scored else s.options[0]


    def _order(self, s: _Seen) -> str:
        return s.options[0]
