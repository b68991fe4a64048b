"""Strong: information-set Monte Carlo search over the real engine, from one player's view only.

At a main-phase decision the player does not know the opponent's hand nor either deck's order, so it samples
*determinisations*: whole games built from its view (``determinise``) in which the hidden cards are drawn at
random from what it may know (its own decklist minus the cards it can see; for the opponent, the cards of
theirs it has seen, topped up from the card pool of their colours). Each playout takes one determinisation,
applies one candidate move, lets Normal play both sides (the rollout policy) until this player's next turn
starts, and scores the position with a heuristic evaluation. Candidates are chosen by UCB1 over all
determinisations together (one information set: the root), within a wall-clock budget or a fixed number of
playouts. Other decisions, and main decisions with too few playouts to trust, go to Normal.

Nothing here touches the real game: the input is the view dict and the player's own memory of its views.
"""
from __future__ import annotations

import math
import random
import time
from collections import Counter

from ..model.actions import Action
from ..model.carddb import CARDS
from ..model.state import Card, Effect, Player, State
from ..presentation.view import view as view_of
from ..rules.continuous import power
from ..rules.game import Game
from .ai import life_point_worth, pal_value
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


def rollout(game: Game, me: int, rng: random.Random, deadline: float | None = None) -> float:
    """Normal plays both sides until ``me``'s next turn starts, the game ends or the ``deadline`` (a
    ``perf_counter`` time) passes; the position's value."""
    bots = [NormalBot(rng.randrange(2**32)), NormalBot(rng.randrange(2**32))]
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
    explore = 0.35
    min_playouts = 2          # per candidate, before search may overrule Normal

    def __init__(self, seed: int = 0, budget_s: float | None = 1.0, playouts: int | None = None,
                 deck: list[str] | None = None):
        if budget_s is None and playouts is None:
            raise ValueError("Strong needs a time budget (budget_s) or a number of playouts")
        self.seed, self.budget_s, self.playouts = seed, budget_s, playouts
        self.rng = random.Random(seed)
        self.normal = NormalBot(seed)
        self.memory = Memory(deck)
        self.last: dict = {}

    def choose(self, view: dict) -> Action:
        self.memory.observe(view)
        d = view["decision"]
        plain = self.normal.choose(view)
        action = plain
        if d["kind"] == "main" and len(d["options"]) > 1:
            action = self.search(view, plain.text)
        self.memory.chose(view, action.text)
        return action

    def search(self, view: dict, plain: str) -> Action:
        """UCB1 over the legal moves, each playout on a fresh determinisation."""
        me = view["you"]
        options = list(view["decision"]["options"])
        stats = {o: [0, 0.0] for o in options}
        start = time.perf_counter()
        deadline = None if self.budget_s is None else start + self.budget_s
        total = 0
        rng = random.Random(self.rng.randrange(2**32))
        while True:
            if self.playouts is not None and total >= self.playouts:
                break
            if self.budget_s is not None and time.perf_counter() - start >= self.budget_s:
                break
            total += 1
            o = self._select(stats, total)
            try:
                game = determinise(view, self.memory, rng)
                game.apply(o)
            except Exception:      # a sampled world where this move is not legal: it tells nothing
                stats[o][0] += 1
                stats[o][1] += 0.5
                continue
            stats[o][0] += 1
            stats[o][1] += rollout(game, me, rng, deadline)
        mean = {o: (w / n if n else 0.0) for o, (n, w) in stats.items()}
        best = max(options, key=lambda o: (mean[o], o == plain))
        trusted = stats[best][0] >= self.min_playouts and stats[plain][0] >= self.min_playouts
        choice = best if trusted and mean[best] > mean[plain] + 0.01 else plain
        self.last = {"playouts": total, "seconds": time.perf_counter() - start, "choice": choice,
                     "value": round(mean[choice], 3), "normal": plain}
        return Action.parse(choice)

    def _select(self, stats: dict, total: int) -> str:
        for o, (n, _) in stats.items():
            if n == 0:
                return o
        log_t = math.log(total)
        return max(stats, key=lambda o: stats[o][1] / stats[o][0] + self.explore * math.sqrt(log_t / stats[o][0]))
