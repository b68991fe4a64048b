"""Strong: determinised Monte Carlo search over the real engine, from one player's view only.

The player does not know the opponent's hand nor either deck's order, so it samples *determinisations*:
whole games built from its view (``worlds.determinise``) with the hidden cards drawn from what it may know.
It searches every main-phase decision with a choice (plays shape the fights to come as much as attacks do),
every block, a quick step where an Interrupt could be played, the redraw of the opening hand (its rollouts run to
the start of turn 4), and a choice inside an effect that follows one of those in the same turn (a target, an
optional part, a mode, an order, a cost). A world cannot start inside an effect, so for such a choice it starts
at that earlier decision (the *anchor*) and replays the player's moves since; a world whose replay does not
reach what the view shows (another id aside) is not counted.

The candidates are Normal's choice and the best-ranked alternatives (every attack, ending the turn, the best
plays, activations; every blocker; every Interrupt), more of them the bigger the budget. The search works in
rounds: each round samples one world and plays every candidate still in the race in that same world (common
random numbers), Normal playing both sides (the rollout policy) until the turn after next starts; the
evaluation learned from self-play (``ai.features``) scores where each ended. The rounds are spent by
*successive halving*: the budget is split into phases, and after each phase the worse half of the candidates
(by mean paired gain over Normal's choice) is dropped, so the last few get most of the playouts. A candidate replaces Normal's choice only when its mean
paired gain is clearly above zero (a t-test), so a small budget falls back to Normal instead of to noise.
The budget is wall-clock time (checked between playouts and inside them) or a fixed number of playouts
(deterministic, for tests and the ladder).

Nothing here touches the real game: the input is the view dict and the player's own memory of its views.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..model.actions import Action
from ..model.state import State
from .ai import _Seen, pal_value
from .ai.features import learned_value
from .levels import NormalBot
from .worlds import Memory, determinise_state, option_map, public_key, quick_view, replay, rollout, world_game

FIRST_RATE = 60.0     # playouts per second assumed before a time-budgeted search has measured its own
# Decisions inside an effect: a world cannot start there, so it starts at the last decision it can start at
# (the anchor) and replays the player's moves since (``worlds.replay``).
EFFECT_KINDS = ("target", "may", "mode", "order", "pal_limit", "number", "cost", "reveal")
MAX_REJECTED = 4      # worlds that went another way, before any went the real way: the search gives up


def names_hidden_cards(view: dict) -> bool:
    """Whether the decision's options name a card only the decider sees (one of its hand, or looked at)."""
    d = view["decision"]
    if d["kind"] in ("order", "main", "block", "quick"):
        return False
    public = {c["id"] for p in view["players"] for z in ("base", "graveyard", "exile", "resolution")
              for c in p.get(z) or ()}
    for o in d["options"]:
        verb, *args = o.split()
        if verb == "pick" and not (args and args[0].isdigit() and int(args[0]) in public):
            return True
    return False


class Anchor:
    """The last decision of this turn a sampled world can start at (main, block, quick), the memory of then,
    and every choice made since."""

    __slots__ = ("view", "memory", "moves")

    def __init__(self, view: dict, memory: Memory):
        self.view, self.memory, self.moves = view, memory, []


class StrongBot:
    """Searches the fights' decisions (see the module text); Normal answers the rest."""

    name = "strong"
    max_candidates = 8        # the widest race (Normal's choice included), reached at about 8 playouts each
    playouts_per_candidate = 8
    min_rounds = 3            # paired samples before a candidate may overrule Normal
    z_accept = 1.3            # how many standard errors above zero a gain must be to overrule Normal
    min_gain = 0.01           # ... and by how much, on the 0..1 evaluation scale
    search_redraw = True      # search the redraw of the opening hand (6.2.7), over ``redraw_horizon`` turns
    redraw_horizon = 4        # ... rollouts stop when turn 4 starts: each player has had its first turns
    search_effects = True     # search targets, optional parts and modes too, from a world replayed to them
    search_plays = True       # search every main decision, not only the fights (measured: 75.5% against 67.7%)
    clock_share = 0.97        # the share of a time budget the search plans to use
    horizon = 2               # rollouts stop when the turn this many turns on starts
    value = staticmethod(learned_value)   # how a rollout's end is scored: the evaluation learned by self-play
    # 6.2.3: when it chooses the turn order it goes second (6.2.5: one more soul; 7.3.1: the first player skips
    # its first draw). In Normal's self-play with the order forced the second player won 54.1% of 5,000 games,
    # and about as much or more with each of 12 decks (``tools/turn_order.py``, docs/computer-levels.md)
    turn_order = "second"

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
        self.rate = FIRST_RATE
        self.searched: list[tuple[float, float, int]] = []   # (seconds, CPU seconds, playouts) per search
        self.last: dict = {}
        self.anchor: Anchor | None = None

    def choose(self, view: dict) -> Action:
        start, cpu = time.perf_counter(), time.process_time()
        self.memory.observe(view)
        plain = self.normal.choose(view)
        action = plain
        self.last = {"playouts": 0, "choice": plain.text, "normal": plain.text, "searched": False}
        if view["decision"]["kind"] == "first" and self.turn_order in view["decision"]["options"]:
            action = Action.parse(self.turn_order)
            self.last["choice"] = action.text
        elif self.worth_searching(view, plain.text):
            action = self.search(view, plain.text, start)
        elif self.search_effects and self._effect_worth_searching(view):
            action = self.search(view, plain.text, start, self.anchor)
        self._keep_anchor(view, action.text)
        self.memory.chose(view, action.text)
        self.last["seconds"] = time.perf_counter() - start    # the whole decision, Normal's part included
        self.last["cpu"] = time.process_time() - cpu
        if self.last["searched"]:
            self.searched.append((self.last["seconds"], self.last["cpu"], self.last["playouts"]))
        return action

    def worth_searching(self, view: dict, plain: str) -> bool:
        """Every main decision with a choice (``search_plays``; without it only where Normal would attack, or
        would stop while an attack is possible); a block; a quick step with an Interrupt to play; the redraw."""
        d = view["decision"]
        options = d["options"]
        if len(options) < 2:
            return False
        if d["kind"] == "redraw":
            return self.search_redraw
        if d["kind"] in ("block", "quick"):
            return bool(view.get("battle"))
        if d["kind"] != "main":
            return False
        if self.search_plays:
            return True
        verb = plain.split()[0]
        return verb == "attack" or (verb in ("end", "activate", "souldraw")
                                    and any(o.startswith("attack ") for o in options))

    def _keep_anchor(self, view: dict, action: str) -> None:
        """A decision a world can start at becomes the anchor (its memory as it was before this move); a
        decision inside an effect adds its move to the anchor's; any other ends it (setup, another turn)."""
        d = view["decision"]
        kind = d["kind"]
        if kind == "main" or (kind in ("block", "quick") and view.get("battle")):
            self.anchor = Anchor(view, self.memory.snapshot())
        elif kind not in EFFECT_KINDS and kind != "name":
            self.anchor = None
        if self.anchor is not None:
            if self.anchor.view["turn"] != view["turn"]:
                self.anchor = None
            else:
                self.anchor.moves.append(action)

    def _effect_worth_searching(self, view: dict) -> bool:
        """A choice inside an effect of this turn, after a decision a world can start at."""
        d = view["decision"]
        a = self.anchor
        return (d["kind"] in EFFECT_KINDS and len(d["options"]) >= 2 and a is not None
                and a.view["turn"] == view["turn"])

    # --- candidates ------------------------------------------------------------------------------------------
    def candidates(self, view: dict, plain: str, width: int | None = None) -> list[str]:
        """Normal's choice first, then the alternatives best first, ``width`` in all (``max_candidates`` by
        default). Main: the best of each kind (attack, play, activate, end / draw) first, then the other
        attacks and plays by Normal's scores. Block and quick: every option (the cheapest blocker first)."""
        width = self.max_candidates if width is None else width
        s = _Seen(view)
        if s.d["kind"] != "main":
            rest = [o for o in s.options if o != plain]
            rest.sort(key=lambda o: pal_value(s.card(o.split()[1]) or {"number": ""}) if o.startswith("block ")
                      else 0.0)
            return [plain] + rest[: width - 1]
        scored: list[tuple[float, str, str]] = []
        for o in s.options:
            if o != plain:
                scored.append((*self._score(s, o), o))
        scored.sort(key=lambda t: -t[0])
        firsts, seconds, kinds = [], [], set()
        for _score, kind, o in scored:
            (seconds if kind in kinds else firsts).append(o)
            kinds.add(kind)
        return [plain] + (firsts + seconds)[: width - 1]

    def _score(self, s: _Seen, option: str) -> tuple[float, str]:
        """Normal's own score of a main-phase option, and its kind (missing scorers count 0)."""
        a = option.split()
        bot: Any = self.normal
        try:
            if a[0] == "attack":
                return bot._attack_score(s, int(a[1]), a[2]), "attack"
            if a[0] == "play":
                c = s.cards.get(int(a[1]))
                return (bot._play_worth(s, c) if c else 0.0), "play"
        except (AttributeError, KeyError, TypeError, ValueError):
            return 0.0, a[0]
        return 0.0, a[0]

    # --- the budget ------------------------------------------------------------------------------------------
    def _planned(self) -> int:
        """The playouts this search may spend: the given number, or what the time budget buys at the rate
        measured by earlier searches."""
        if self.playouts is not None:
            return self.playouts
        return max(1, int(self.rate * (self.budget_s or 0)))

    def _width(self, planned: int, n_options: int) -> int:
        return max(2, min(self.max_candidates, n_options, planned // self.playouts_per_candidate))

    # --- one playout -----------------------------------------------------------------------------------------
    def _playout(self, view: dict, option: str, world: int, roll: int, deadline: float | None) -> float | None:
        """One candidate in one sampled world with one rollout seed: the evaluation where it ended (None if
        the move is not legal in that world, where a hidden card differs)."""
        state, start = determinise_state(view, self.memory, random.Random(world))
        return self._play(state, start, view, option, roll, deadline)

    def _play(self, state: State, start: str, view: dict, option: str, roll: int,
              deadline: float | None, rng_state: tuple | None = None, anchor: Anchor | None = None) -> float | None:
        game = None
        try:
            game = world_game(state, start, rng_state)
            if anchor is not None and not replay(game, anchor.moves, view["you"], NormalBot(roll)):
                return None
            game.apply(option)
        except Exception:      # a sampled world where this move is not legal
            return None
        else:
            horizon = self.redraw_horizon if view["decision"]["kind"] == "redraw" else self.horizon
            return rollout(game, view["you"], random.Random(roll), deadline, stop_turn=view["turn"] + horizon,
                           value=self.value)
        finally:
            if game is not None:
                game.close()    # freed now, not by the cycle collector (a tenth of a search's time in the page)

    # --- the search ------------------------------------------------------------------------------------------
    def search(self, view: dict, plain: str, began: float | None = None, anchor: Anchor | None = None) -> Action:
        """Successive halving over the candidates, in rounds of paired playouts (see the module text). The
        clock runs from ``began`` (when the decision was asked: Normal's part counts) and stops a little
        short of the budget, for the playout step that overruns it. With an ``anchor`` (a decision inside an
        effect) each world starts at the anchor and replays the moves since; a world where that goes another
        way than the real game is not counted."""
        start = time.perf_counter() if began is None else began
        deadline = None if self.budget_s is None else start + self.budget_s * self.clock_share
        planned = self._planned()
        options = self.candidates(view, plain, self._width(planned, len(view["decision"]["options"])))
        values: dict[str, list[float]] = {o: [] for o in options}
        gains: dict[str, list[float]] = {o: [] for o in options[1:]}
        active = list(options)
        phases = max(1, math.ceil(math.log2(len(active))))
        used = rounds = rejected = 0
        for phase in range(phases):
            share = (planned - used) // (phases - phase)
            phase_rounds = max(1, share // len(active))
            for _ in range(phase_rounds):
                if not self._budget_left(start, used + len(active) - 1, planned):
                    break
                got, used = self._round(view, active, deadline, used, anchor)
                if deadline is not None and time.perf_counter() > deadline and rounds >= 1:
                    break       # a round cut short by the clock is not a fair comparison
                if got.get(plain) is None:
                    rejected += 1
                    if anchor is not None and rounds == 0 and rejected >= MAX_REJECTED:
                        break
                    continue
                rounds += 1
                for o, v in got.items():
                    if v is None:
                        continue
                    values[o].append(v)
                    if o != plain:
                        gains[o].append(v - got[plain])
            keep = max(1, math.ceil(len(active) / 2) - 1) if phase < phases - 1 else len(active)
            ranked = sorted(active[1:], key=lambda o: -_mean(gains[o]))[:keep]
            active = [plain] + [o for o in ranked
                                if len(gains[o]) < self.min_rounds or _upper(gains[o]) > self.min_gain]
            if len(active) < 2 or not self._budget_left(start, used + 1, planned):
                break     # no alternative can still beat Normal's choice clearly: the rest is not needed
        if self.budget_s is not None and used:
            self.rate = used / max(time.perf_counter() - start, 1e-3)
        choice, why = self._verdict(plain, {o: gains[o] for o in active[1:]})
        self.last = {"playouts": used, "rounds": rounds, "seconds": time.perf_counter() - start,
                     "choice": choice, "normal": plain, "searched": True, "gain": why,
                     "candidates": len(options), "samples": {o: len(v) for o, v in values.items()},
                     "value": round(_mean(values[choice]), 3) if values[choice] else None,
                     "values": {o: round(_mean(v), 3) for o, v in values.items() if v}}
        return Action.parse(choice)

    def _round(self, view: dict, active: list[str], deadline: float | None, used: int,
               anchor: Anchor | None = None) -> tuple[dict[str, float | None], int]:
        """Every active candidate in one sampled world, with one rollout seed (none when the world, replayed
        from the anchor, does not reach the view's decision as the real game did)."""
        world, roll = self.rng.randrange(2**32), self.rng.randrange(2**32)
        if anchor is None:
            state, begin = determinise_state(view, self.memory, random.Random(world))
        else:
            state, begin = determinise_state(anchor.view, anchor.memory, random.Random(world))
        rng_state = state.rng.getstate()     # once for the world's every copy
        spelt = None
        if anchor is not None:
            spelt = self._reaches(state, begin, rng_state, view, anchor, roll)
            if spelt is None:
                return {}, used
        got = {}
        for o in active:
            got[o] = self._play(state, begin, view, spelt[o] if spelt else o, roll, deadline, rng_state, anchor)
            used += 1
        return got, used

    def _reaches(self, state: State, begin: str, rng_state: tuple, view: dict, anchor: Anchor,
                 roll: int) -> dict[str, str] | None:
        """If the world, replayed from the anchor, reaches a decision that looks as the view's does: each of
        the view's options as the world spells it (``worlds.option_map``); else None."""
        game = world_game(state, begin, rng_state)
        try:
            if not replay(game, anchor.moves, view["you"], NormalBot(roll)):
                return None
            seen = quick_view(game, view["you"])
            return option_map(view, seen) if public_key(seen) == public_key(view) else None
        except Exception:      # a move of the replay not legal in this world
            return None
        finally:
            game.close()

    def _budget_left(self, start: float, used: int, planned: int) -> bool:
        if self.playouts is not None and used >= self.playouts:
            return False
        return self.budget_s is None or time.perf_counter() - start < self.budget_s * self.clock_share

    def _verdict(self, plain: str, gains: dict[str, list[float]]) -> tuple[str, float | None]:
        """The finalist with the best mean paired gain, if that gain is clearly above zero; else Normal's."""
        for o, g in sorted(gains.items(), key=lambda t: (-_mean(t[1]), t[0])):
            if len(g) >= self.min_rounds and _mean(g) > self.min_gain and _tstat(g) > self.z_accept:
                return o, _mean(g)
        return plain, None


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
