"""The computer opponent at three strengths: Beginner and Normal here, Strong in ``search`` (all made by ``opponents.make_player``).

Every level decides from ``view(game, player)`` alone (plus its own memory of earlier views) and the public
card list. Normal is the heuristic bot of ``engine.clients.ai`` with the decisions it used to take from English prompt
text or blindly ("may", "mode", "order", "number", "name") decided from the cards' ability data instead.
Beginner is Normal with seeded, human-looking slips. Strong searches the engine (``engine.clients.search``).
"""
from __future__ import annotations

from ..model.actions import Action
from ..model.carddb import CARDS
from .ai import HeuristicBot, _Seen, card_profile, card_value, hp, pal_value
from .ai.knowledge import HARM, HELP, PAL_LIMIT, _walk, attack_bonus, removal, revival
from .ai.race import add_hit, block_cost, defence_cost, keywords_of, lucky_rate, strike_of

LEVELS = ("beginner", "normal", "strong")
LUCKY_LIMIT = 8          # the most Lucky Pals a deck may hold (6.1)
COST_VERBS = {"discard", "discard_from_hand", "butcher", "mill", "lose_life", "to_deck_top"}


def _abilities(number: str | None) -> tuple:
    try:
        return CARDS[number].abilities if number else ()
    except KeyError:
        return ()


def _steps_of(number: str | None, verb: str) -> list[dict]:
    """Every step with ``do == verb`` in the abilities of a card (nested steps included)."""
    return [s for ab in _abilities(number) for s in _walk(ab.effect) if s.get("do") == verb]


def _verbs(steps: list) -> set[str]:
    return {s.get("do") for s in _walk(steps)}


def _nocturnal(pals: list[dict]) -> int:
    """How many of these Pals are Nocturnal (printed or granted, as the view shows)."""
    return sum(1 for c in pals if "nocturnal" in (c.get("keywords") or ()))


def _amount(s: dict) -> int:
    a = s.get("amount", s.get("count", 1))
    return a if isinstance(a, int) else 1


class NormalBot(HeuristicBot):
    """A sound heuristic player that judges optional parts, modes, orders, numbers and names from the ability
    data of the card that asks (``decision.source``), never from the prompt text."""

    name = "normal"

    guard_weight = 0.3      # share of a Pal's worth as a blocker next turn weighed against its attack now
    lethal_odds = 0.5       # all in when the unblocked hits take the rest of their life at least this often
    spare_cost = 200        # a Pal may work for an ability when resting it costs less than this next turn
    kill_bonus = 0.5        # extra worth of destroying an enemy Pal (it will not hit me again)
    trade_strike = 300      # worth of each Strike point removed by trading a Pal for an enemy one
    support_share = 0.5     # share of their worth kept for structures, gear and events against Pals
    draw_worth = 250.0      # a soul draw in the plan of plays: it beats spending 3 souls on less worth than this
    revive_share = 1.0      # share of the worth of a Pal that a card brings into play from my hand or graveyard
    mill_floor = 15         # a deck must keep this many cards after milling to pay for an ability
    fodder_worth = 700      # a Pal worth less than this may be butchered to boost another for its attack
    worker_worth = 800      # an enemy Pal worth this much is worth a Pal's work to put away (exile, rest)

    # --- the race: what the opponent can hit me for next turn -------------------------------------------
    def _threats(self, s: _Seen) -> list[dict]:
        """The Pals that may attack me next turn: every opponent's Pal (all stand again) and the Pals their
        hand and next turn's souls could add (no summoning sickness): one for every 4 souls, at least one from
        2 souls, each as big as a Pal of its share of those souls usually is (one big Pal measured better
        against "rush" than two or three small ones)."""
        out = [c for c in s.opp_pals if strike_of(c) > 0]
        o = s.O
        souls_next = (o["souls_standing"] or 0) + (o["souls_rested"] or 0) + min(2, o["soul_deck"] or 0)
        many = max(souls_next // 4, 1) if souls_next >= 2 else 0
        new = min(o["hand_count"] or 0, many, PAL_LIMIT - len(s.opp_pals))
        if new > 0:
            cost = souls_next // new
            out += [{"number": None, "power": 200 * cost - 100, "damage": 0,
                     "strike": 1 if cost <= 3 else 2 if cost <= 6 else 3, "keywords": ()}] * new
        return out

    def _defence(self, s: _Seen, resting: int | None = None, removed: int | None = None) -> float:
        """The expected cost of the opponent's next turn (``race.defence_cost``) with the Pals I have standing
        now as blockers, less the one with id ``resting``, against their threats less the Pal with id
        ``removed`` (memoised per view)."""
        memo = s.__dict__.setdefault("_defence_memo", {})
        key = (resting, removed)
        if key not in memo:
            blockers = [c for c in s.my_pals if c["id"] != resting
                        and (not c["rested"] or "vigilance" in keywords_of(c))]
            all_threats, lucky = self._race_inputs(s)
            threats = [c for c in all_threats if removed is None or c.get("id") != removed]
            memo[key] = defence_cost(s.P["life"], threats, blockers, lucky)
        return memo[key]

    def _race_inputs(self, s: _Seen) -> tuple[list[dict], float]:
        """The opponent's threats and my Lucky rate, memoised per view (``_defence`` asks for every attack)."""
        got = s.__dict__.get("_race_inputs")
        if got is None:
            got = s.__dict__["_race_inputs"] = (self._threats(s), self._lucky(s))
        return got

    def _guard_cost(self, s: _Seen, a: dict, removed: int | None = None) -> float:
        """What resting ``a`` now (to attack or to work) costs me on the opponent's next turn: the blocks it
        could make there (a hit stopped, an attacker destroyed, the game not lost), as ``race.defend`` plans
        them (Vigilance: nothing). An attack that destroys the enemy Pal ``removed`` is judged against a turn
        without that Pal's hit. An attack weighs ``guard_weight`` of it."""
        resting = None if "vigilance" in keywords_of(a) or a.get("rested") else a["id"]
        if resting is None and removed is None:
            return 0.0
        return max(self._defence(s, resting, removed) - self._defence(s), 0.0)

    def _lethal(self, s: _Seen) -> bool:
        """My standing Pals' hits beyond what their standing Pals can block (they block the biggest) take the
        rest of their life at least ``lethal_odds`` of the time: each hit may be cancelled by a Lucky Pal in
        its damage check (11.2.2)."""
        blockers = sum(1 for c in s.opp_pals if not c["rested"])
        hits = sorted((strike_of(c) for c in s.my_pals if not c["rested"]), reverse=True)
        odds: dict[float, float] = {0: 1.0}
        q = self._lucky(s, s.opp)
        for h in hits[blockers:]:
            odds = add_hit(odds, h, q)
        return sum(p for d, p in odds.items() if d >= s.O["life"]) >= self.lethal_odds

    def _attack_score(self, s: _Seen, att_id: int, tgt: str) -> float:
        """The heuristic attack score, then the race: all in when it is lethal; otherwise the blocks the
        attacker could make on the opponent's next turn (``_guard_cost``) are weighed against the attack;
        destroying Pals counts extra, and so does an even trade that removes Strike."""
        a = orig = s.cards.get(att_id)
        if a is None:
            return super()._attack_score(s, att_id, tgt)
        bonus = attack_bonus(a["number"])
        if bonus != (0, 0):     # judge the attack at the size the Pal fights at
            s.cards[att_id] = a = {**a, "power": (a.get("power") or 0) + bonus[0],
                                   "strike": strike_of(a) + bonus[1]}
        try:
            score = super()._attack_score(s, att_id, tgt)
        finally:
            s.cards[att_id] = orig
        t = s.card(tgt) if tgt != "player" else None
        removed = None
        if t is not None and t["type"] == "pal":
            if max(a.get("power") or 0, 0) >= hp(t):
                removed = t["id"]       # a Pal destroyed now will not hit me next turn
            if score > 0:
                score += self.kill_bonus * pal_value(t)
            elif removed is not None:
                score = pal_value(t) - pal_value(a) + self.trade_strike * strike_of(t)
        if tgt == "player" and strike_of(a) > 0 and self._lethal(s):
            return max(score, 0.0) + 10000
        if score <= 0:
            return score
        return score - self.guard_weight * self._guard_cost(s, a, removed)

    def _danger(self, s: _Seen) -> bool:
        return False        # the race guard (_guard_cost) weighs what resting a Pal risks

    def _exposure(self, s: _Seen, a: dict) -> float:
        return 0.0          # likewise

    def _may_rest(self, s: _Seen, c: dict) -> bool:
        return self._guard_cost(s, c) < self.spare_cost

    def _spare_pal(self, s: _Seen) -> bool:
        return any(not c["rested"] and self._guard_cost(s, c) < self.spare_cost for c in s.my_pals)

    def _pays(self, s: _Seen, c: dict, parts: tuple, effect_verbs: set, assign_phase: bool) -> bool:
        """Costs judged by what the ability does (the heuristic bot never mills or butchers): milling for night
        (Lamp, Shoddy Bed) before the attacks while its nocturnal Pals outnumber the opponent's and the deck stays
        deep; butchering a small Pal to boost a standing one (Katress) before it attacks."""
        words = {p.get("do") for p in parts}
        if "mill" in words:
            milled = sum(p.get("count", 1) for p in parts
                         if p.get("do") == "mill" and isinstance(p.get("count", 1), int))
            if words != {"mill"} or effect_verbs != {"night"} or assign_phase or s.view.get("night"):
                return False
            return (s.P["deck"] or 0) - milled >= self.mill_floor and _nocturnal(s.my_pals) > _nocturnal(s.opp_pals)
        if "butcher" in words:
            others = [p["id"] for p in s.my_pals if p["id"] != c["id"]]
            if assign_phase or c["type"] != "pal" or c.get("rested") or not effect_verbs <= {"boost"} or not others:
                return False
            return min(pal_value(s.cards[i]) for i in others) < self.fodder_worth
        return True

    def _worth_a_worker(self, s: _Seen, effect_verbs: set) -> bool:
        """An ability that only harms (Hanging Trap's exile, Hot Spring's rest) is worth a Pal's work even when
        no Pal is spare, while the opponent has a Pal worth ``worker_worth``."""
        if not effect_verbs & HARM or effect_verbs & HELP or not s.opp_pals:
            return False
        return max(pal_value(c) for c in s.opp_pals) >= self.worker_worth

    def _play_worth(self, s: _Seen, c: dict) -> float:
        """A Pal at its worth; a structure, gear or event at ``support_share`` of it, or at the worth of the
        opponent's Pals it destroys and of my own Pal it brings into play as it comes (``_removal_worth``,
        ``_revival_worth``) when that is more."""
        worth = super()._play_worth(s, c)
        if c["type"] == "pal":
            return worth
        return max(worth * self.support_share,
                   self._removal_worth(s, c["number"]) + self.revive_share * self._revival_worth(s, c))

    def _revival_worth(self, s: _Seen, c: dict) -> float:
        """The worth of the best Pal of mine that ``c`` puts into play from my hand or graveyard as it comes
        (``revival``: Medical Supplies, Daedream's Necklace), while my base has room for it."""
        if len(s.my_pals) >= PAL_LIMIT:
            return 0.0
        best = 0.0
        for zone, least, most, name in revival(c["number"]):
            for p in s.P[zone] or ():
                if (p["id"] != c["id"] and p["type"] == "pal" and least <= (p.get("cost") or 0) <= most
                        and (name is None or CARDS[p["number"]].name_en == name)):
                    best = max(best, pal_value(p))
        return best

    def _play_first(self, s: _Seen, c: dict) -> bool:
        """A card that puts a Pal of my hand into play goes before that Pal is bought instead."""
        return any(zone == "hand" for zone, *_ in revival(c["number"])) and self._revival_worth(s, c) > 0

    def _removal_worth(self, s: _Seen, number: str) -> float:
        """The worth of the opponent's Pals a card destroys as it is played or deployed (``removal``): each
        ability at its best mode, a pick of one Pal at the best one it destroys, a pick of all at them all."""
        total = 0.0
        for choices in removal(number):
            best = 0.0
            for picks in choices:
                got = 0.0
                for every, least, most, damage in picks:
                    worths = [pal_value(o) for o in s.opp_pals if least <= (o.get("cost") or 0) <= most
                              and (damage is None or hp(o) <= damage)]
                    if worths:
                        got += sum(worths) if every else max(worths)
                best = max(best, got)
            total += best
        return total

    def _block_costs(self, s: _Seen) -> dict[str, float]:
        """Each answer to the attack, ``pass`` first, with what it is expected to cost over the rest of the
        opponent's turn: every standing enemy Pal may still attack after this one (``race.defend``); a block
        weighs the Pal lost against the Pal destroyed and the life saved. Empty when nothing can block."""
        a, tgt = self._battle(s)
        blockers = [(c, o) for c, o in ((s.card(o.split()[1]), o) for o in s.options if o.startswith("block "))
                    if c is not None]
        if a is None or not blockers:
            return {}
        life, q = s.P["life"], self._lucky(s)
        rest = [c for c in s.opp_pals if not c["rested"] and c["id"] != a["id"] and strike_of(c) > 0]
        mine = [c for c, _ in blockers]
        if tgt == "player":
            costs = {"pass": defence_cost(life, rest, mine, q, add_hit({0: 1.0}, strike_of(a), q))}
        else:
            t = s.card(tgt)
            lost = 0.0
            if t is not None and hp(t) <= max(a.get("power") or 0, 0):
                lost = card_value(t)
                if t["type"] == "pal" and "retaliate" in keywords_of(t):
                    lost -= pal_value(a)
            if t is not None and t["type"] == "pal" and (t.get("power") or 0) >= hp(a):
                lost -= pal_value(a)
            costs = {"pass": lost + defence_cost(life, rest, mine, q)}
        for c, o in blockers:
            cost, through = block_cost(c, a)
            costs[o] = cost + defence_cost(life, rest, [m for m in mine if m is not c], q,
                                           add_hit({0: 1.0}, through, q))
        return costs

    def _block(self, s: _Seen) -> str:
        """The block (or pass) that costs least over the rest of the opponent's turn (``_block_costs``): a
        blocker is kept for a bigger hit when life is short."""
        costs = self._block_costs(s)
        best, best_cost = "pass", costs.get("pass", 0.0)
        for o, cost in costs.items():
            if o != "pass" and cost < best_cost - 1e-9:
                best, best_cost = o, cost
        return best

    def _lucky(self, s: _Seen, side: int | None = None) -> float:
        """The chance that a card of a damage check is a Lucky Pal: the deck is taken to hold the most Lucky
        Pals a deck may (8), less those its player has already shown (hand, base, graveyard, exile); memoised
        per view and side."""
        side = s.me if side is None else side
        memo = s.__dict__.setdefault("_lucky_memo", {})   # asked at every attack and block of a view
        rate = memo.get(side)
        if rate is None:
            p = s.view["players"][side]
            shown = 0
            for z in ("hand", "base", "graveyard", "exile"):   # loops: generators are dearer in WebAssembly
                for c in p.get(z) or ():
                    if c.get("lucky"):
                        shown += 1
            rate = memo[side] = lucky_rate(LUCKY_LIMIT - shown, p["deck"] or 0)
        return rate

    def _source_number(self, s: _Seen) -> str | None:
        c = s.card(s.d.get("source"))
        return c["number"] if c is not None else None

    # --- "may": weigh what the optional steps do ---------------------------------------------------------
    def _may(self, s: _Seen) -> str:
        source = s.card(s.d.get("source"))
        steps = _steps_of(source["number"] if source else None, "may")
        verbs = set().union(*(_verbs(st.get("steps")) for st in steps)) if steps else set()
        if verbs & COST_VERBS:
            # paying with a card pays off when the hand is full enough or life is short
            return "yes" if (s.P["hand_count"] or 0) >= 3 or s.P["life"] <= 4 else "no"
        if "return_to_hand" in verbs and source is not None:
            # take a Pal home when it would not survive the opponent's next turn on the mat
            threatened = any((o.get("power") or 0) >= hp(source) for o in s.opp_pals if not o.get("rested"))
            return "yes" if threatened or source.get("rested") else "no"
        if "deploy" in verbs:
            return "yes" if len(s.my_pals) < 5 else "no"
        if verbs and verbs <= (COST_VERBS | {"to_graveyard", "exile", "rest"}):
            return "no"
        return "yes"

    # --- "mode": score each mode's steps against the board ------------------------------------------------
    def _mode_score(self, s: _Seen, steps: list) -> float:
        score = 0.0
        for st in _walk(steps):
            v = st.get("do")
            if v == "damage":
                dmg = _amount(st)
                score += max((pal_value(c) for c in s.opp_pals if hp(c) <= dmg), default=-50)
            elif v in ("to_graveyard", "exile", "rest_to_deck", "rest_to_graveyard"):
                score += max((card_value(c) for c in s.O["base"]), default=-50)
            elif v in ("rest", "cannot_block", "skip_next_stand", "cannot_stand"):
                score += 150 if s.opp_pals else -20
            elif v == "draw":
                score += 250 * _amount(st)
            elif v in ("power", "strike", "stand", "grant", "keyword"):
                score += 120 if s.my_pals else -20
            elif v in ("gain_life",):
                score += 200 * _amount(st)
            elif v in ("deploy", "to_hand", "take", "add_to_hand", "gain", "add_soul", "stand_souls"):
                score += 150
            elif v in COST_VERBS:
                score -= 150
        return score

    def _mode(self, s: _Seen) -> str:
        n = sum(1 for o in s.options if o.startswith("mode "))
        steps = [st for st in _steps_of(self._source_number(s), "modes") if len(st.get("modes", ())) == n]
        if not steps:
            return s.options[0]
        modes = steps[0]["modes"]
        best = max(range(n), key=lambda k: (self._mode_score(s, modes[k]), -k))
        return f"mode {best}"

    # --- "order": harm first (it may clear a blocker), then what helps, draws last ---------------------------
    def _order(self, s: _Seen) -> str:
        labels = (s.d.get("params") or {}).get("abilities") or []
        by_name = {d.full_name: n for n, d in CARDS.items()}

        def rank(k: int) -> tuple:
            label = labels[k] if k < len(labels) else ""
            number = by_name.get(label.split(": ", 1)[0])   # the card's name, looked up in the card list
            prof = card_profile(number) if number else {"harm": False, "help": False, "draw": 0}
            return (not prof["harm"], prof["draw"] > 0, not prof["help"], k)

        picks = [int(o.split()[1]) for o in s.options if o.startswith("pick ")]
        return f"pick {min(picks, key=rank)}" if picks else s.options[0]

    # --- "x N": as many as the effect can use -------------------------------------------------------------
    def _number(self, s: _Seen) -> str:
        nums = sorted(int(o.split()[1]) for o in s.options if o.startswith("x "))
        if not nums:
            return s.options[0]
        number = self._source_number(s)
        pays_cards = any(p.get("do") == "discard" and p.get("count") == "X"
                         for ab in _abilities(number) for alt in (ab.costs or ()) for p in alt)
        if pays_cards:
            useful = sum(1 for c in s.my_pals if not c.get("rested"))
            keep = max(nums[0], min(nums[-1], useful, max((s.P["hand_count"] or 0) - 1, 0)))
            return f"x {keep}"
        return f"x {nums[-1]}"

    # --- "name": a name my own cards ask for ----------------------------------------------------------------
    def _name(self, s: _Seen) -> str:
        wanted: dict[str, int] = {}
        for c in [*(s.P["hand"] or ()), *s.P["base"], *s.P["graveyard"]]:
            for ab in _abilities(c["number"]):
                for st in _walk(ab.effect):
                    for key in ("filter", "cond"):
                        f = st.get(key) or {}
                        f = f.get("filter", f) if isinstance(f, dict) else {}
                        name = f.get("main_name") if isinstance(f, dict) else None
                        if isinstance(name, str):
                            wanted[name] = wanted.get(name, 0) + 1
        options = [o for o in s.options if o.startswith("name ")]
        if not options:
            return s.options[0]

        def score(o: str) -> tuple:
            number = o.split()[1]
            d = CARDS[number] if number in CARDS else None
            if d is None:
                return (0, 0.0)
            card = {"number": number, "type": d.type, "cost": d.cost, "power": d.power, "strike": d.strike}
            return (wanted.get(d.name_en, 0), card_value(card))
        return max(options, key=score)


class BeginnerBot(NormalBot):
    """Normal's judgement with seeded, human-looking slips: a hasty play or attack, a forgotten attack, a
    missed block or Interrupt, a kept weak hand."""

    name = "beginner"
    # Tuned so that Beginner wins about one game in four against Normal (docs/computer-levels.md).
    slip = 0.18         # a hasty play or attack (0.1 more: a forgotten attack)
    missed_block = 0.22
    missed_quick = 0.3
    slipped: str | None = None   # the slip the last decision made, if it differs from Normal's choice

    def choose(self, view: dict) -> Action:
        self.slipped = None
        return super().choose(view)

    def _slip(self, kind: str, choice: str, good: str) -> str:
        """``choice``, noted as a slip of ``kind`` when it is not what Normal would do (``good``)."""
        if choice != good:
            self.slipped = kind
        return choice

    def _main(self, s: _Seen) -> str:
        good = super()._main(s)
        r = self.rng.random()
        if r < self.slip:
            tempting = [o for o in s.options if o.split()[0] in ("play", "attack")]
            if tempting:
                # plays what catches the eye, attacks without counting
                return self._slip("hasty", self.rng.choice(tempting), good)
        elif r < self.slip + 0.1 and good.startswith("attack"):
            return self._slip("forgot", "end" if "end" in s.options else good, good)   # forgets to attack
        return good

    def _block(self, s: _Seen) -> str:
        if self.rng.random() < self.missed_block:
            return self._slip("missed_block", "pass", super()._block(s))
        return super()._block(s)

    def _quick(self, s: _Seen) -> str:
        return "pass" if self.rng.random() < self.missed_quick else super()._quick(s)

    def _redraw(self, s: _Seen) -> str:
        super()._redraw(s)
        return "keep"

    def _target(self, s: _Seen) -> str:
        """A careless pick now and then, but never one that turns the effect against its own side."""
        if self.rng.random() < 0.2:
            prof = self._source_profile(s)
            harmless = [o for o in s.options if not o.startswith("pick ")
                        or (c := s.card(o.split()[1])) is None or self._pick_score(s, c, prof) >= 0]
            if harmless:
                return self._slip("careless", self.rng.choice(harmless), super()._target(s))
        return super()._target(s)


class RushBot:
    """A fixed reference: plays its costliest affordable card, then attacks the player with everything."""

    name = "rush"

    def __init__(self, seed: int = 0):
        self.fallback = NormalBot(seed)

    def choose(self, view: dict) -> Action:
        d = view["decision"]
        if d["kind"] != "main":
            return self.fallback.choose(view)
        s = _Seen(view)
        plays = [o for o in s.options if o.startswith("play ") and len(o.split()) == 2]
        if plays:
            return Action.parse(max(plays, key=lambda o: (s.card(o.split()[1]) or {}).get("cost", 0)))
        hits = [o for o in s.options if o.startswith("attack ") and o.endswith(" player")]
        if hits:
            return Action.parse(hits[0])
        return Action.parse("end" if "end" in s.options else s.options[0])

