"""Computer players: a uniform random player and a heuristic bot that decide from ``view`` only.

``HeuristicBot`` reads nothing but the view dict one player may see (its own hand, both bases, counts, the
pending decision and its legal options) plus the public card list (``CARDS``: what a printed card does).
It never touches the game state, so it cannot peek at the opponent's hand or either deck's order.
"""
from __future__ import annotations

import random
from functools import cache
from typing import Any

from ..model.actions import Action
from ..model.carddb import CARDS
from ..presentation.view import view

LIFE_POINT = 260          # what one point of the opponent's life is worth, in Power-like units
STRIKE_WORTH = 300        # a Pal's Strike, in the same units
PAL_LIMIT = 5
SOULDRAW_COST = 3

HARM = {"damage", "rest", "to_graveyard", "exile", "skip_next_stand", "cannot_stand", "to_deck_top", "discard",
        "butcher", "retaliate", "nullify_attack"}
HELP = {"stand", "grant", "deploy", "to_hand", "draw", "gain", "gain_life", "add_soul", "stand_souls"}
GOOD_KEYWORDS = {"brave": 150, "serious": 100, "vigilance": 250, "breakthrough": 200, "retaliate": 250,
                 "taunt": 100, "stealth": 250, "assault": 250, "nocturnal": 100, "interrupt": 0}


class RandomPlayer:
    """Chooses uniformly among the legal options (with a seeded generator of its own)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: dict) -> Action:
        options = view["decision"]["options"]
        # 'end' only rarely so random games make progress instead of passing every turn
        if len(options) > 1 and "end" in options and self.rng.random() < 0.7:
            options = [o for o in options if o != "end"]
        return Action.parse(self.rng.choice(options))

    def choose_index(self, options: tuple[Action, ...]) -> int:
        """The index of the option ``choose`` would pick among these (the same draws of the generator)."""
        picks = range(len(options))
        if len(options) > 1 and self.rng_end(options):
            picks = [i for i, a in enumerate(options) if a.text != "end"]
        return self.rng.choice(picks)

    def rng_end(self, options: tuple[Action, ...]) -> bool:
        """Whether 'end' is among the options and this time it is left out (drawn as in ``choose``)."""
        return any(a.verb == "end" and not a.args for a in options) and self.rng.random() < 0.7


# --- what the public card list says about a card ---------------------------------------------------------------
def _defn(number: str | None) -> Any:
    if not number:
        return None
    try:
        return CARDS[number]
    except KeyError:
        return None


def _walk(steps: Any) -> Any:
    """Every step of an effect, nested ones (may / if / modes / repeat) included."""
    for s in steps or ():
        if not isinstance(s, dict):
            continue
        yield s
        for key in ("steps", "then", "else"):
            yield from _walk(s.get(key))
        for mode in s.get("modes", ()) or ():
            yield from _walk(mode)


@cache
def card_profile(number: str) -> dict:
    """What a card's abilities do, summarised for heuristics (cached: card data never changes in a game)."""
    d = _defn(number)
    out = {"harm": False, "help": False, "verbs": frozenset(), "keywords": frozenset(), "damage": 0,
           "nullify": False, "has_abilities": False, "quick": False, "draw": 0}
    if d is None:
        return out
    verbs: set[str] = set()
    kws: set[str] = set()
    for ab in d.abilities:
        out["has_abilities"] = True
        if ab.keyword:
            kws.add(ab.keyword)
        if ab.kind == "play" and ab.quick:
            out["quick"] = True
        if ab.kind == "cont":
            for s in ab.effect:
                if s.get("do") in ("power", "strike") and isinstance(s.get("amount"), int):
                    out["help"] = out["help"] or s["amount"] > 0
            continue
        for s in _walk(ab.effect):
            v = s.get("do", "")
            verbs.add(v)
            if v == "damage" and isinstance(s.get("amount"), int):
                out["damage"] = max(out["damage"], s["amount"])
            if v in ("power", "strike") and isinstance(s.get("amount"), int):
                if s["amount"] < 0:
                    out["harm"] = True
                else:
                    out["help"] = True
            if v == "draw" and isinstance(s.get("count", 1), int):
                out["draw"] += s.get("count", 1)
    out["verbs"] = frozenset(verbs)
    out["keywords"] = frozenset(kws)
    out["harm"] = out["harm"] or bool(verbs & HARM)
    out["help"] = out["help"] or bool(verbs & HELP)
    out["nullify"] = "nullify_attack" in verbs
    return out


def ability_of(number: str, index: int) -> Any:
    d = _defn(number)
    if d is None or index >= len(d.abilities):
        return None
    return d.abilities[index]


# --- values -----------------------------------------------------------------------------------------------------
def pal_value(c: dict) -> float:
    """How much a Pal is worth on the board: Power, Strike and keywords."""
    power = max(c.get("power") or 0, 0)
    strike = max(c.get("strike") or 0, 0)
    kws = set(c.get("keywords") or ()) | set(card_profile(c["number"])["keywords"])
    return power + STRIKE_WORTH * strike + sum(GOOD_KEYWORDS.get(k, 50) for k in kws) + 20 * (c.get("cost") or 0)


def card_value(c: dict) -> float:
    """A rough worth of any card (for picking, discarding, destroying)."""
    t = c.get("type")
    if t == "pal":
        return pal_value(c)
    prof = card_profile(c["number"])
    if t == "structure":
        return (250 + 120 * (c.get("cost") or 0)) if prof["has_abilities"] else 120
    if prof["has_abilities"]:
        return 150 + 120 * (c.get("cost") or 0)
    return 40


def life_point_worth(life: int) -> float:
    return LIFE_POINT * (1 + 3 / max(life, 1))


def hp(c: dict) -> int:
    """Damage a Pal or structure can still take this turn before it is destroyed."""
    return (c.get("power") or 0) - (c.get("damage") or 0)


class _Seen:
    """The view, indexed for the heuristics."""

    def __init__(self, view: dict):
        self.view = view
        self.me = view["you"]
        self.opp = 1 - self.me
        self.P = view["players"][self.me]
        self.O = view["players"][self.opp]
        self.d = view["decision"]
        self.options: list[str] = list(self.d["options"])
        self.owner: dict[int, int] = {}
        self.zone: dict[int, str] = {}
        self.cards: dict[int, dict] = {}
        for i, p in enumerate(view["players"]):
            for z in ("base", "hand", "graveyard", "exile", "resolution"):
                for c in p.get(z) or ():
                    self.cards[c["id"]] = c
                    self.owner[c["id"]] = i
                    self.zone[c["id"]] = z
        self.my_pals = [c for c in self.P["base"] if c["type"] == "pal"]
        self.opp_pals = [c for c in self.O["base"] if c["type"] == "pal"]

    def card(self, cid: Any) -> dict | None:
        try:
            return self.cards.get(int(cid))
        except (TypeError, ValueError):
            return None


class HeuristicBot:
    """A bot that develops its base, attacks and blocks with purpose, and interrupts big hits (view only)."""

    name = "heuristic"
    exposure_big = 0.25     # share of a Pal's worth at risk when a bigger enemy Pal can hit it while it rests
    exposure_even = 0.12    # ... when an enemy Pal of equal power can trade with it
    life_point = LIFE_POINT

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._used: set = set()
        self._turn = None

    # --- entry point ----------------------------------------------------------------------------------------
    def choose(self, view: dict) -> Action:
        s = _Seen(view)
        options = s.options
        kind = s.d["kind"]
        handler = getattr(self, "_" + kind, None)
        pick = None
        if handler is not None:
            pick = handler(s)
        if pick not in options:
            pick = self._fallback(s)
        return Action.parse(pick)

    def _fallback(self, s: _Seen) -> str:
        for pref in ("pass", "done", "no", "end", "keep"):
            if pref in s.options:
                return pref
        return s.options[0]

    # --- setup ----------------------------------------------------------------------------------------------
    def _first(self, s: _Seen) -> str:
        self._used, self._turn = set(), None
        return "first"

    def _redraw(self, s: _Seen) -> str:
        self._used, self._turn = set(), None
        pals = [c for c in s.P["hand"] or () if c["type"] == "pal"]
        cheap = sum(1 for c in pals if c["cost"] <= 3)
        playable = sum(1 for c in pals if c["cost"] <= 5)
        return "keep" if cheap >= 1 and playable >= 2 else "redraw"

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
        spare = souls - sum(s.cards[c]["cost"] for c in plan)
        if "souldraw" in s.options and spare >= SOULDRAW_COST and self._draw_ok(s):
            return "souldraw"
        if plan:
            best = max(plan, key=lambda cid: (s.cards[cid]["cost"], self._play_worth(s, s.cards[cid]), -cid))
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
        """0/1 knapsack over the playable hand cards: most worth for the standing souls."""
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
        # cap Pals so the plan does not overflow the 5-Pal limit
        room = PAL_LIMIT - len(s.my_pals)
        best: dict[tuple[int, int], tuple[float, tuple[int, ...]]] = {(0, 0): (0.0, ())}
        for cid, cost, w in sorted(items, key=lambda t: -t[2]):
            is_pal = s.cards[cid]["type"] == "pal"
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
            if "butcher" in words or "mill" in words:
                continue
            if "discard" in words and (s.P["hand_count"] or 0) <= 3:
                continue
            needs_pals = "assign" in words
            if needs_pals != assign_phase:
                continue
            if needs_pals and not self._spare_pal(s):
                continue
            steps = list(_walk(ab.effect))
            effect_verbs = {st.get("do") for st in steps}
            if not effect_verbs or "player_rule" in effect_verbs:
                continue      # rules on myself (e.g. every Pal must attack) are not worth the risk blindly
            if any(st.get("target") == "assigned" and st.get("do") in HARM for st in steps):
                continue      # it would cost the assigned Pal itself
            if effect_verbs & HARM and not effect_verbs & HELP and not s.opp_pals:
                continue      # nothing of the opponent's to hit: it could only hit my own cards
            self._used.add(key)
            return o
        return None

    def _spare_pal(self, s: _Seen) -> bool:
        """A standing Pal that is not needed to guard against the opponent's next turn."""
        standing = [c for c in s.my_pals if not c["rested"]]
        if not standing:
            return False
        threat = sum(max(c.get("strike") or 0, 0) for c in s.opp_pals)
        keep = 1 if s.opp_pals and threat >= s.P["life"] - 2 else 0
        return len(standing) > keep

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

    def _quick(self, s: _Seen) -> str:
        a, tgt = self._battle(s)
        if a is None:
            return "pass"
        life = s.P["life"]
        loss = 0.0
        if tgt == "player":
            strike = max(a.get("strike") or 0, 0)
            loss = strike * life_point_worth(life) + (10000 if strike >= life else 0)
        else:
            t = s.card(tgt)
            if t is not None and hp(t) <= max(a.get("power") or 0, 0):
                loss = card_value(t)
        if loss < 900:
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

    # --- choices during resolution --------------------------------------------------------------------------
    def _source_profile(self, s: _Seen) -> dict:
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

    def _may(self, s: _Seen) -> str:
        prompt = (s.d.get("prompt") or "").lower()
        if any(w in prompt for w in ("discard", "butcher", "your pal into", "lose")):
            if (s.P["hand_count"] or 0) >= 4 and "discard" in prompt and "butcher" not in prompt:
                return "yes"
            return "no"
        return "yes"

    def _mode(self, s: _Seen) -> str:
        labels = (s.d.get("params") or {}).get("modes") or []
        best, best_score = None, -1e9
        for o in s.options:
            if not o.startswith("mode "):
                continue
            k = int(o.split()[1])
            text = labels[k].lower() if k < len(labels) else ""
            score = 0.0
            if "damage" in text or "graveyard" in text or "destroy" in text:
                score += 3 if s.O["base"] else -2
            if "draw" in text:
                score += 2
            if "power" in text or "stand" in text:
                score += 1.5 if s.my_pals else -1
            if "discard" in text:
                score -= 1
            if score > best_score:
                best, best_score = o, score
        return best or s.options[0]

    def _number(self, s: _Seen) -> str:
        nums = sorted(int(o.split()[1]) for o in s.options if o.startswith("x "))
        if not nums:
            return s.options[0]
        prompt = (s.d.get("prompt") or "").lower()
        if "discard" in prompt:
            return f"x {min(nums[-1], max(nums[0], 1))}"
        return f"x {nums[-1]}"

    def _name(self, s: _Seen) -> str:
        return s.options[0]


def best_bot(seed: int = 0) -> HeuristicBot:
    """The strongest computer opponent we ship (the UI uses this)."""
    return HeuristicBot(seed)


BEST_BOT = HeuristicBot


def play_out(game: Any, players: list[Any], max_decisions: int = 20000) -> Any:
    """Drive a game to its end with one chooser per player, each seeing only its own view."""
    n = 0
    while game.decision is not None:
        d = game.decision
        v = view(game, d.player, log_tail=0)
        game.apply(players[d.player].choose(v))
        n += 1
        if n > max_decisions:
            raise RuntimeError("game did not end")
    return game
