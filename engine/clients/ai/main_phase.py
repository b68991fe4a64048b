"""The main phase: what to play, activate, and when to draw or end."""
from __future__ import annotations

from .evaluation import _Seen, pal_value
from .knowledge import (
    HARM,
    HELP,
    PAL_LIMIT,
    SOULDRAW_COST,
    _walk,
    ability_of,
    card_profile,
)

SOUL_DRAW = -1      # the soul draw's place in a plan of plays (no card has a negative id)


class MainPhase:
    """The main phase: what to play, activate, and when to draw or end."""

    draw_worth = 0.0    # a soul draw's worth in the plan of plays (0: drawn only with the souls the plan leaves)

    # --- main phase -----------------------------------------------------------------------------------------
    def _main(self, s: _Seen) -> str:
        if self._turn != s.view["turn"]:
            self._turn = s.view["turn"]
            self._used = set()
        plays: dict[int, list[str]] = {}
        acts: list[str] = []
        attacks: list[tuple[int, str, str]] = []
        for o in s.options:
            a = o.split()
            if a[0] == "play":
                plays.setdefault(int(a[1]), []).append(o)
            elif a[0] == "activate":
                acts.append(o)
            elif a[0] == "attack":
                attacks.append((int(a[1]), a[2], o))
        souls = s.P["souls_standing"]

        # 1. develop: the set of cards that uses the standing souls best
        plan = self._plan_plays(s, plays, souls)
        if SOUL_DRAW in plan:
            return "souldraw"
        spare = souls - sum([s.cards[c]["cost"] for c in plan])
        if "souldraw" in s.options and spare >= SOULDRAW_COST and self._draw_ok(s):
            return "souldraw"
        if plan:
            best = max(plan, key=lambda cid: (self._play_first(s, s.cards[cid]), s.cards[cid]["cost"],
                                              self._play_worth(s, s.cards[cid]), -cid))
            return plays[best][0]

        # 2. activated abilities paid with souls / resting the card itself (often buffs before attacking)
        act = self._pick_activation(s, acts, assign_phase=False)
        if act:
            return act

        # 3. attacks
        best_score, best_attack = 0.0, None
        for att, tgt, o in attacks:
            score = self._attack_score(s, att, tgt)
            if score > best_score:
                best_score, best_attack = score, o
        if best_attack:
            return best_attack

        # 4. assign-style abilities with Pals that stayed home
        act = self._pick_activation(s, acts, assign_phase=True)
        if act:
            return act

        # 5. spare souls: draw
        if "souldraw" in s.options and self._draw_ok(s):
            reserve = 1 if self._holds_interrupt(s) else 0
            if souls - reserve >= SOULDRAW_COST:
                return "souldraw"
        if "end" in s.options:
            return "end"
        # 'end' is not allowed (a Pal must attack): make the least bad attack
        if attacks:
            return max(attacks, key=lambda t: self._attack_score(s, t[0], t[1]))[2]
        return s.options[0]


    def _play_first(self, s: _Seen, c: dict) -> bool:
        """Whether ``c`` goes before the plan's costlier cards (this bot: never)."""
        return False

    def _draw_ok(self, s: _Seen) -> bool:
        return s.P["deck"] > 6


    def _holds_interrupt(self, s: _Seen) -> bool:
        return any("interrupt" in card_profile(c["number"])["keywords"] or card_profile(c["number"])["nullify"]
                   for c in s.P["hand"] or ())


    def _play_worth(self, s: _Seen, c: dict) -> float:
        t = c["type"]
        prof = card_profile(c["number"])
        if t == "pal":
            worth = pal_value(c)
            if len(s.my_pals) >= PAL_LIMIT:
                weakest = min(pal_value(p) for p in s.my_pals)
                worth = worth - weakest - 200
            return worth
        if t == "structure":
            return 200 + 100 * c["cost"] if prof["has_abilities"] else 0
        if t == "gear":
            useful = s.my_pals or (prof["harm"] and s.opp_pals)
            return (150 + 100 * c["cost"]) if prof["has_abilities"] and useful else 0
        # event
        if not prof["has_abilities"] or prof["quick"] and prof["nullify"]:
            return 0
        if prof["harm"] and not prof["help"] and not prof["draw"] and not s.O["base"]:
            return 0
        return 120 * c["cost"] + 150 * prof["draw"]


    def _plan_plays(self, s: _Seen, plays: dict[int, list[str]], souls: int) -> list[int]:
        """0/1 knapsack over the playable hand cards: most worth for the standing souls. With a ``draw_worth``
        the soul draw is one more item (``SOUL_DRAW``), so a card it would beat is not bought instead."""
        items = []
        for cid in plays:
            c = s.cards.get(cid)
            if c is None:
                continue
            w = self._play_worth(s, c)
            if w > 0:
                items.append((cid, max(c["cost"], 0), w))
        if not items:
            return []
        if self.draw_worth > 0 and "souldraw" in s.options and self._draw_ok(s):
            items.append((SOUL_DRAW, SOULDRAW_COST, self.draw_worth))
        # cap Pals so the plan does not overflow the 5-Pal limit
        room = PAL_LIMIT - len(s.my_pals)
        best: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {(0, 0): (0.0, ())}
        for cid, cost, w in sorted(items, key=lambda t: -t[2]):
            is_pal = cid != SOUL_DRAW and s.cards[cid]["type"] == "pal"
            for (used, npals), (val, chosen) in list(best.items()):
                nu = used + cost
                np_ = npals + (1 if is_pal else 0)
                if nu > souls or (is_pal and room > 0 and np_ > room):
                    continue
                key = (nu, np_)
                if key not in best or best[key][0] < val + w:
                    best[key] = (val + w, chosen + (cid,))
        val, chosen = max(best.values(), key=lambda t: (t[0], -len(t[1])))
        return list(chosen)


    # --- activated abilities -------------------------------------------------------------------------------
    def _pick_activation(self, s: _Seen, acts: list[str], assign_phase: bool) -> str | None:
        turn = s.view["turn"]
        for o in acts:
            a = o.split()
            cid, idx = int(a[1]), int(a[2])
            alt = int(a[4]) if len(a) >= 5 else 0
            key = (turn, cid, idx)
            if key in self._used:
                continue
            c = s.cards.get(cid)
            if c is None or s.zone.get(cid) != "base":
                continue
            ab = ability_of(c["number"], idx)
            if ab is None:
                continue
            costs = (ab.costs or ((),))
            parts = costs[alt] if alt < len(costs) else ()
            words = {p.get("do") for p in parts}
            if "discard" in words and (s.P["hand_count"] or 0) <= 3:
                continue
            if "rest_self" in words and c["type"] == "pal" and not self._may_rest(s, c):
                continue
            needs_pals = "assign" in words
            if needs_pals != assign_phase:
                continue
            steps = list(_walk(ab.effect))
            effect_verbs = {st.get("do") for st in steps}
            if not self._pays(s, c, parts, effect_verbs, assign_phase):
                continue
            if needs_pals and not self._spare_pal(s) and not self._worth_a_worker(s, effect_verbs):
                continue
            if effect_verbs == {"stand"} and not c.get("rested") and all(st.get("target") == "self" for st in steps):
                continue      # it would only stand a Pal that already stands
            if not effect_verbs or "player_rule" in effect_verbs:
                continue      # rules on myself (e.g. every Pal must attack) are not worth the risk blindly
            if any(st.get("target") == "assigned" and st.get("do") in HARM for st in steps):
                continue      # it would cost the assigned Pal itself
            if effect_verbs & HARM and not effect_verbs & HELP and not s.opp_pals:
                continue      # nothing of the opponent's to hit: it could only hit my own cards
            self._used.add(key)
            return o
        return None


    def _pays(self, s: _Seen, c: dict, parts: tuple, effect_verbs: set, assign_phase: bool) -> bool:
        """Whether to pay this cost (``parts``) for an ability of ``c`` that does ``effect_verbs`` (this bot:
        never by butchering a Pal or milling the deck)."""
        words = {p.get("do") for p in parts}
        return "butcher" not in words and "mill" not in words


    def _worth_a_worker(self, s: _Seen, effect_verbs: set) -> bool:
        """Whether an ability paid by assigning a Pal is worth it even when no Pal is spare (this bot: never)."""
        return False


    def _may_rest(self, s: _Seen, c: dict) -> bool:
        """Whether the Pal ``c`` may rest to pay for its own ability (this bot: always)."""
        return True


    def _spare_pal(self, s: _Seen) -> bool:
        """A standing Pal that is not needed to guard against the opponent's next turn."""
        standing = [c for c in s.my_pals if not c["rested"]]
        if not standing:
            return False
        threat = sum(max(c.get("strike") or 0, 0) for c in s.opp_pals)
        keep = 1 if s.opp_pals and threat >= s.P["life"] - 2 else 0
        return len(standing) > keep
