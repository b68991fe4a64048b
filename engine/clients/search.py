"""Strong: determinised Monte Carlo search over the real engine, from one player's view only.

At a main-phase decision the player does not know the opponent's hand nor either deck's order, so it samples
*determinisations*: whole games built from its view (``determinise``) in which the hidden cards are drawn at
random from what it may know (its own decklist minus the cards it can see; for the opponent, the cards of
theirs it has seen, topped up from the card pool of their colours). The search works in rounds: each round
samples one determinisation and one rollout seed, and plays every candidate move (Normal's choice and the
best few alternatives of each kind) in that same world with the same seed, Normal playing both sides (the
rollout policy) until this player's next turn starts; a heuristic evaluation scores where each ended. Using
one world and one seed for all candidates of a round (common random numbers) makes the comparison paired: a
candidate replaces Normal's choice only when its mean paired gain is clearly above zero (a t-test), so a
small budget falls back to Normal instead of to noise, and a bigger one finds better moves. Candidates that
are clearly worse are dropped between rounds. The budget is wall-clock time (checked between playouts and
inside them) or a fixed number of playouts (deterministic, for tests and the ladder).

Nothing here touches the real game: the input is the view dict and the player's own memory of its views.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter
from functools import lru_cache

from ..model.actions import Action
from ..model.carddb import CARDS
from ..model.state import Card, Effect, Player, State
from ..presentation.view import view as view_of
from ..rules.continuous import power
from ..rules.game import Game
from .ai import _Seen, life_point_worth, pal_value
from .levels import NormalBot

HIDDEN_IDS = 1_000_000      # ids given to sampled hidden cards (far above any real id of a game)
MAX_ROLLOUT_DECISIONS = 400


class Memory:
    """What a player remembers of its own earlier views: when each card came into a base, every card of the
    opponent it has seen, and what it activated this turn (once-per-turn abilities)."""

    def __init__(self, deck: list[str] | None = None):
        self.deck = list(deck) if deck else None
        self.entered: dict[int, int] = {}
        self.seen_opp: dict[int, str] = {}
        self.seen_own: dict[int, str] = {}
        self.activated: set[tuple[int, int, int]] = set()

    def observe(self, v: dict) -> None:
        me = v["you"]
        for i, p in enumerate(v["players"]):
            for c in p["base"]:
                self.entered.setdefault(c["id"], v["turn"])
            for z in ("base", "graveyard", "exile", "hand"):
                for c in p.get(z) or ():
                    (self.seen_own if i == me else self.seen_opp)[c["id"]] = c["number"]

    def chose(self, v: dict, action: str) -> None:
        parts = action.split()
        if parts[0] == "activate":
            self.activated.add((int(parts[1]), int(parts[2]), v["turn"]))


def _pool(colours: set[str]) -> list[str]:
    return _pool_of(frozenset(colours))


@lru_cache(maxsize=64)
def _pool_of(colours: frozenset[str]) -> list[str]:
    """The card numbers of these colours and colourless ones (cached: the card list never changes)."""
    return [n for n, d in CARDS.items() if d.color in (*colours, "colorless")] or list(CARDS)


def sample_hidden(known: list[str], seen: list[str], count: int, rng: random.Random) -> list[str]:
    """``count`` card numbers for a hidden zone: from ``known`` (the cards certainly there, e.g. the rest of
    one's own decklist) first, then cards like those ``seen`` (half the time) or of the same colours."""
    out = list(known)
    rng.shuffle(out)
    out = out[:count]
    colours = {CARDS[n].color for n in seen if CARDS[n].color != "colorless"}
    pool = _pool(colours if colours else {"red", "blue", "green", "purple"})
    while len(out) < count:
        out.append(rng.choice(seen) if seen and rng.random() < 0.5 else rng.choice(pool))
    return out


def determinise(v: dict, memory: Memory, rng: random.Random) -> Game:
    """A game at the viewer's main-phase decision, alike in all the view shows, with the hidden cards sampled
    from what the viewer may know."""
    me = v["you"]
    state = State(players=[Player(0), Player(1)], rng=random.Random(rng.randrange(2**32)))
    state.turn, state.turn_player = v["turn"], v["turn_player"]
    state.first_player, state.phase = v.get("first_player", 0), "main"
    next_hidden = HIDDEN_IDS
    power_fix = []
    for i, pv in enumerate(v["players"]):
        p = state.players[i]
        for key in ("life", "soul_deck", "souls_standing", "souls_rested", "material", "ingredient"):
            setattr(p, key, pv[key])
        p.redraw_done = True
        for zone in ("base", "graveyard", "exile"):
            for c in pv[zone]:
                card = Card(c["id"], c["number"], i, zone, rested=c["rested"], damage=c["damage"],
                            entered_turn=memory.entered.get(c["id"], max(v["turn"] - 1, 0)))
                p.zone(zone).append(card)
                if zone == "base" and c.get("power") is not None:
                    power_fix.append((card, c["power"]))
        if i == me:
            p.hand = [Card(c["id"], c["number"], i, "hand") for c in pv["hand"]]
            shown = Counter(c["number"] for z in ("hand", "base", "graveyard", "exile") for c in pv[z] or ())
            rest = Counter(memory.deck) - shown if memory.deck else Counter()
            numbers = sample_hidden(list(rest.elements()), list(memory.seen_own.values()), pv["deck"], rng)
        else:
            seen = list(memory.seen_opp.values())
            numbers = sample_hidden([], seen, pv["hand_count"] + pv["deck"], rng)
            hand, numbers = numbers[:pv["hand_count"]], numbers[pv["hand_count"]:]
            p.hand = [Card(next_hidden + k, n, i, "hand") for k, n in enumerate(hand)]
            next_hidden += len(hand)
        p.deck = [Card(next_hidden + k, n, i, "deck") for k, n in enumerate(numbers)]
        next_hidden += len(numbers)
        p.decklist = tuple(sorted(c.number for z in ("deck", "hand", "base", "graveyard", "exile")
                                  for c in p.zone(z)))
    state.next_id = next_hidden + 1
    if v.get("night"):
        state.effects.append(Effect("night", None, player=state.turn_player, until_turn=state.turn + 1))

    for card, shown in power_fix:     # what temporary effects did to Power this turn (the view shows it)
        diff = shown - power(state, card)
        if diff:
            state.effects.append(Effect("power", card.id, value=diff, until_turn=state.turn))
    options = v["decision"]["options"]
    if "souldraw" not in options:
        state.players[me].souldraw_turn = state.turn
    state.used = {k for k in memory.activated if k[2] == state.turn}
    return Game(state, {"scenario": "determinised"}, "resume_main", snapshots=False)


def evaluate(game: Game, me: int) -> float:
    """How good the position is for ``me``, from 0 (lost) to 1 (won)."""
    out = game.state.outcome
    if out is not None:
        return 0.5 if out.winner is None else float(out.winner == me)
    score = 0.0
    for i, p in enumerate(game.state.players):
        sign = 1 if i == me else -1
        v = view_of(game, i, log_tail=0)["players"][i]
        board = sum(pal_value(c) for c in v["base"] if c["type"] == "pal")
        board += sum(200 + 80 * (c["cost"] or 0) for c in v["base"] if c["type"] != "pal")
        life = sum(life_point_worth(k) for k in range(1, max(p.life, 0) + 1))
        cards = 180 * len(p.hand) + 60 * p.souls + (-800 if len(p.deck) < 3 else 0)
        score += sign * (board + life + cards)
    return 1 / (1 + math.exp(-score / 1500))


def rollout(game: Game, me: int, rng: random.Random, deadline: float | None = None,
            stop_turn: int | None = None) -> float:
    """Normal plays both sides until turn ``stop_turn`` starts (by default the turn after next: ``me``'s next
    turn when ``me`` is moving now), the game ends or the ``deadline`` (a ``perf_counter`` time) passes; the
    position's value. Candidates of one search share ``stop_turn`` so that ending the turn is not judged
    over a longer horizon than playing on."""
    bots = [NormalBot(rng.randrange(2**32)), NormalBot(rng.randrange(2**32))]
    if stop_turn is None:
        stop_turn = game.state.turn + 2
    n = 0
    while game.decision is not None and game.state.turn < stop_turn and n < MAX_ROLLOUT_DECISIONS:
        if deadline is not None and time.perf_counter() > deadline:
            break
        d = game.decision
        game.apply(bots[d.player].choose(view_of(game, d.player, log_tail=0)))
        n += 1
    return evaluate(game, me)


class StrongBot:
    """Searches main-phase decisions (see the module text); Normal answers the rest."""

    name = "strong"
    max_candidates = 3        # Normal's choice and the best alternatives of each kind
    min_rounds = 3            # paired samples before a candidate may overrule Normal
    z_accept = 1.3            # how many standard errors above zero a gain must be to overrule Normal
    min_gain = 0.01           # ... and by how much, on the 0..1 evaluation scale

    def __init__(self, seed: int = 0, budget_s: float | None = 1.0, playouts: int | None = None,
                 deck: list[str] | None = None):
        if budget_s is None and playouts is None:
            raise ValueError("Strong needs a time budget (budget_s) or a number of playouts")
        if (budget_s is not None and budget_s <= 0) or (playouts is not None and playouts < 1):
            raise ValueError("Strong's budget must be positive")
        self.seed, self.budget_s, self.playouts = seed, budget_s, playouts
        self.rng = random.Random(seed)
        self.normal = NormalBot(seed)
        self.memory = Memory(deck)
        self.last: dict = {}

    def choose(self, view: dict) -> Action:
        start = time.perf_counter()
        self.memory.observe(view)
        d = view["decision"]
        plain = self.normal.choose(view)
        action = plain
        self.last = {"playouts": 0, "choice": plain.text, "normal": plain.text, "searched": False}
        if d["kind"] == "main" and self.worth_searching(d["options"], plain.text):
            action = self.search(view, plain.text)
        self.memory.chose(view, action.text)
        self.last["seconds"] = time.perf_counter() - start    # the whole decision, Normal's part included
        return action

    def worth_searching(self, options: list[str], plain: str) -> bool:
        """Search the fights: a main decision where Normal would attack, or would stop (end the turn, use an
        ability) while an attack is possible. Normal's knapsack of plays develops the base well enough, and
        searching fewer decisions buys each searched one more playouts."""
        if len(options) < 2:
            return False
        verb = plain.split()[0]
        return verb == "attack" or (verb in ("end", "activate", "souldraw")
                                    and any(o.startswith("attack ") for o in options))

    def candidates(self, view: dict, plain: str) -> list[str]:
        """Normal's choice first, then the best-scored option of each kind (attack, play, activate) and
        ending the turn / drawing, up to ``max_candidates``."""
        s = _Seen(view)
        bot = self.normal
        best: dict[str, tuple[float, str]] = {}
        for o in s.options:
            a = o.split()
            if o == plain:
                continue
            if a[0] == "attack":
                score, kind = bot._attack_score(s, int(a[1]), a[2]), "attack"
            elif a[0] == "play":
                c = s.cards.get(int(a[1]))
                score, kind = (bot._play_worth(s, c) if c else 0.0), "play"
            elif a[0] == "activate":
                score, kind = 0.0, "activate"
            else:
                score, kind = 0.0, o
            if kind not in best or score > best[kind][0]:
                best[kind] = (score, o)
        rest = sorted(best.values(), key=lambda t: -t[0])
        return [plain] + [o for _, o in rest][: self.max_candidates - 1]

    def _budget_left(self, start: float, used: int) -> bool:
        if self.playouts is not None and used >= self.playouts:
            return False
        return self.budget_s is None or time.perf_counter() - start < self.budget_s

    def _playout(self, view: dict, option: str, world: int, roll: int, deadline: float | None) -> float:
        """One candidate in one sampled world with one rollout seed: the evaluation where it ended."""
        try:
            game = determinise(view, self.memory, random.Random(world))
            game.apply(option)
        except Exception:      # a sampled world where this move is not legal (a hidden card differs)
            return 0.5
        return rollout(game, view["you"], random.Random(roll), deadline, stop_turn=view["turn"] + 2)

    def search(self, view: dict, plain: str) -> Action:
        """Rounds of paired playouts (see the module text) until the budget is spent."""
        options = self.candidates(view, plain)
        start = time.perf_counter()
        deadline = None if self.budget_s is None else start + self.budget_s
        values: dict[str, list[float]] = {o: [] for o in options}
        gains: dict[str, list[float]] = {o: [] for o in options[1:]}
        active = list(options)
        used = rounds = 0
        while len(active) > 1 and self._budget_left(start, used + len(active) - 1):
            world, roll = self.rng.randrange(2**32), self.rng.randrange(2**32)
            got = {}
            for o in active:
                got[o] = self._playout(view, o, world, roll, deadline)
                used += 1
            if deadline is not None and time.perf_counter() > deadline and rounds >= 1:
                break       # a round cut short by the clock is not a fair comparison
            rounds += 1
            for o, v in got.items():
                values[o].append(v)
                if o != plain:
                    gains[o].append(v - got[plain])
            if rounds >= self.min_rounds:     # drop the clearly worse
                active = [o for o in active if o == plain or _upper(gains[o]) > 0]
        choice, why = plain, None
        for o, g in sorted(gains.items(), key=lambda t: -_mean(t[1])):
            if len(g) >= self.min_rounds and _mean(g) > self.min_gain and _tstat(g) > self.z_accept:
                choice, why = o, _mean(g)
                break
        self.last = {"playouts": used, "rounds": rounds, "seconds": time.perf_counter() - start,
                     "choice": choice, "normal": plain, "searched": True, "gain": why,
                     "value": round(_mean(values[choice]), 3) if values[choice] else None,
                     "values": {o: round(_mean(v), 3) for o, v in values.items() if v}}
        return Action.parse(choice)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _stderr(xs: list[float]) -> float:
    n = len(xs)
    if n < 2:
        return float("inf")
    m = _mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


def _tstat(xs: list[float]) -> float:
    se = _stderr(xs)
    if se == 0:
        return math.inf if _mean(xs) > 0 else 0.0
    return _mean(xs) / se


def _upper(xs: list[float]) -> float:
    """An optimistic bound on a candidate's mean gain over Normal's choice (two standard errors up)."""
    se = _stderr(xs)
    return _mean(xs) + 2 * (se if se != float("inf") else 1.0)
