"""The sampled worlds Strong searches (``engine.clients.search``): memory, determinisation, rollouts, evaluation.

A *determinisation* is a whole game built from one player's view, alike in everything the view shows, with
the hidden cards drawn at random from what that player may know: its own decklist minus the cards it can
see; for the opponent, the cards of theirs it has seen, topped up from the card pool of their colours, with
a hand that agrees with their play (``Memory.hand_rule``: no card they could have paid for and kept, no
Interrupt after they let a big hit through). It starts at the viewer's decision: a main-phase decision, a
block or quick step of a battle the view shows, or the redraw of the opening hand.

Nothing here touches the real game: the input is the view dict and the player's own memory of its views.
"""
from __future__ import annotations

import copy
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..model.carddb import CARDS
from ..model.state import Battle, Card, Effect, Player, State
from ..presentation.view import PUBLIC_KINDS, card_view
from ..rules.continuous import is_night, power, strike
from ..rules.game import Game
from .ai import life_point_worth, pal_value
from .ai.knowledge import INTERRUPT_LOSS, PAL_LIMIT, _walk
from .ai.race import attack_loss
from .levels import NormalBot

HIDDEN_IDS = 1_000_000      # ids given to sampled hidden cards (far above any real id of a game)
MAX_ROLLOUT_DECISIONS = 400
# A rollout reads the clock once every this many decisions: a read costs 0.5-12 us in Chromium's WebAssembly
# (0.05 us in CPython) against some 100 us a decision, and a few decisions past the deadline cost under 1 ms.
CLOCK_EVERY = 4
SEARCHABLE = ("main", "block", "quick", "redraw")   # the decision kinds a world can start at
SETUP = {"scenario": "determinised"}


class Memory:
    """What a player remembers of its own earlier views: when each card came into a base, every card of the
    opponent it has seen, and what it activated this turn (once-per-turn abilities)."""

    def __init__(self, deck: list[str] | None = None):
        self.deck = list(deck) if deck else None
        self.entered: dict[int, int] = {}
        self.seen_opp: dict[int, str] = {}
        self.seen_own: dict[int, str] = {}
        self.activated: set[tuple[int, int, int]] = set()
        self.left_over: tuple[int, int, int] | None = None   # (my turn, souls they left, hand then)
        self.attacked: tuple | None = None   # my last attack on them: (turn, its cost to them, their hand, life)
        self.no_interrupt: tuple[int, int] | None = None      # (turn, their hand then): they let a big hit through

    def observe(self, v: dict) -> None:
        me = v["you"]
        if v["turn_player"] == me and (self.left_over is None or self.left_over[0] != v["turn"]):
            self._their_turn_ended(v)
        if self.attacked is not None and not v.get("battle"):
            self._after_attack(v, *self.attacked)
            self.attacked = None
        for i, p in enumerate(v["players"]):
            for c in p["base"]:
                self.entered.setdefault(c["id"], v["turn"])
            for z in ("base", "graveyard", "exile", "hand"):
                for c in p.get(z) or ():
                    (self.seen_own if i == me else self.seen_opp)[c["id"]] = c["number"]

    def _their_turn_ended(self, v: dict) -> None:
        """At my turn's first view: the souls the opponent left standing when their turn ended, while their
        base had room for a Pal (a player who could afford a card would have played it), and their hand then."""
        o = v["players"][1 - v["you"]]
        pals = sum(1 for c in o["base"] if c["type"] == "pal")
        souls = o["souls_standing"] or 0
        room = pals < PAL_LIMIT and souls > 0 and v["turn"] > 1
        self.left_over = (v["turn"], souls if room else 0, o["hand_count"] or 0)

    def _after_attack(self, v: dict, turn: int, loss: float, held: int, life: int) -> None:
        """My attack on them landed (their life went down: neither stopped nor blocked) and cost them enough
        that they would have stopped it with an Interrupt from the hand. (An attack on a Pal tells nothing
        here: a destroyed Pal takes a new id in the graveyard, 4.1, so the view cannot show which one went.)"""
        o = v["players"][1 - v["you"]]
        now = o["hand_count"] or 0
        if turn == v["turn"] and loss >= INTERRUPT_LOSS and now >= held and o["life"] < life:
            self.no_interrupt = (turn, now)

    def hand_rule(self, v: dict) -> tuple[int, Callable[[str], bool]] | None:
        """What the opponent's play this turn says of their hand: (how many of its cards are known, a test a
        card number of those fails), or None. A card they could have paid for when their turn ended (with room
        for it) would have been played; an Interrupt from the hand would have stopped a hit as big as the
        one they let through."""
        turn, held = v["turn"], v["players"][1 - v["you"]]["hand_count"] or 0
        if v["turn_player"] != v["you"]:
            return None
        lo, ni = self.left_over, self.no_interrupt
        souls = lo[1] if lo is not None and lo[0] == turn else 0
        quiet = ni is not None and ni[0] == turn and held <= ni[1]
        if souls <= 0 and not quiet:
            return None
        known = min(held, lo[2] if souls > 0 else held)

        def unlikely(number: str) -> bool:
            return (souls > 0 and _affordable(number, souls)) or (quiet and number in _hand_interrupts())
        return known, unlikely

    def snapshot(self) -> Memory:
        """This memory as it is now, for a world built later from today's view: what it learns afterwards of
        cards seen and when they entered is kept (it holds for the earlier view too), what it activated is not
        (a world replays those activations itself)."""
        out = copy.copy(self)
        out.activated = set(self.activated)
        return out

    def chose(self, v: dict, action: str) -> None:
        parts = action.split()
        if parts[0] == "attack" and parts[2] == "player" and v["turn_player"] == v["you"]:
            o = v["players"][1 - v["you"]]
            a = next((c for c in v["players"][v["you"]]["base"] if c["id"] == int(parts[1])), None)
            loss = attack_loss(a, None, o["life"]) if a is not None else 0.0   # as Normal weighs an Interrupt
            self.attacked = (v["turn"], loss, o["hand_count"] or 0, o["life"])
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


def _affordable(number: str, souls: int) -> bool:
    """A Pal or structure the opponent could have paid for with ``souls`` (and would have played)."""
    d = CARDS[number]
    return d.type in ("pal", "structure") and (d.cost or 0) <= souls


@lru_cache(maxsize=1)
def _hand_interrupts() -> frozenset[str]:
    """The cards whose ability, used from the hand, stops an attack (an Interrupt a Pal card carries)."""
    return frozenset(n for n, d in CARDS.items()
                     if any(ab.kind == "act" and any(st.get("do") == "nullify_attack" for st in _walk(ab.effect))
                            for ab in d.abilities))


def _likely_hand(numbers: list[str], kept: int, unlikely: Callable[[str], bool], seen: list[str],
                 rng: random.Random) -> list[str]:
    """``numbers`` (a hand's cards first, then a deck's) with each of the first ``kept`` that is
    ``unlikely`` swapped with a random later card that is not, or else drawn again."""
    out = list(numbers)
    spare = [k for k in range(kept, len(out)) if not unlikely(out[k])]
    rng.shuffle(spare)
    for k in range(kept):
        if not unlikely(out[k]):
            continue
        if spare:
            j = spare.pop()
            out[k], out[j] = out[j], out[k]
            continue
        for _ in range(20):     # a deck sampled mostly from a few cards seen: draw this one again
            n = sample_hidden([], seen, 1, rng)[0]
            if not unlikely(n):
                out[k] = n
                break
    return out


def _battle(v: dict) -> Battle | None:
    """The battle the view shows, at its block or quick step (who blocked is not shown: a blocked battle's
    target is the blocker, which is what the steps still to come use)."""
    b = v.get("battle")
    if not b or b.get("step") not in ("block", "quick"):
        return None
    target = None if b["target"] == "player" else b["target"]
    pal = any(c["id"] == target and c["type"] == "pal" for p in v["players"] for c in p["base"])
    return Battle(b["attacker"], v["turn_player"], target, target, step=b["step"],
                  nullified=bool(b.get("nullified")), opponent_pal=target if pal else None)


class _WorldRandom(random.Random):
    """A sampled world's own generator. Nothing draws from it: every candidate's game starts from a copy
    (``State.clone`` copies it by ``getstate``), so its state is read once, not once a playout (a tuple of 625
    numbers, several times dearer to build in WebAssembly than in CPython)."""

    _state: tuple | None = None

    def getstate(self) -> tuple:
        if self._state is None:
            self._state = super().getstate()
        return self._state

    def random(self) -> float:
        raise RuntimeError("a sampled world's own generator is only copied, never drawn from")

    def getrandbits(self, k: int) -> int:
        raise RuntimeError("a sampled world's own generator is only copied, never drawn from")


def determinise_state(v: dict, memory: Memory, rng: random.Random) -> tuple[State, str]:
    """The state of a world alike in all the view shows, with the hidden cards sampled from what the viewer
    may know, and where its flow starts (``resume_main``, or ``battle`` at a block or quick step)."""
    me = v["you"]
    state = State(players=[Player(0), Player(1)], rng=_WorldRandom(rng.randrange(2**32)))
    state.turn, state.turn_player = v["turn"], v["turn_player"]
    state.first_player, state.phase = v.get("first_player", 0), "main"
    next_hidden = HIDDEN_IDS
    fixes = []
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
                if zone == "base":
                    fixes.append((card, c))
        if i == me:
            p.hand = [Card(c["id"], c["number"], i, "hand") for c in pv["hand"]]
            shown = Counter([c["number"] for z in ("hand", "base", "graveyard", "exile") for c in pv[z] or ()])
            rest = Counter(memory.deck) - shown if memory.deck else Counter()
            numbers = sample_hidden(list(rest.elements()), list(memory.seen_own.values()), pv["deck"], rng)
        else:
            seen = list(memory.seen_opp.values())
            numbers = sample_hidden([], seen, pv["hand_count"] + pv["deck"], rng)
            rule = memory.hand_rule(v)
            if rule is not None:
                numbers = _likely_hand(numbers, *rule, seen, rng)
            hand, numbers = numbers[:pv["hand_count"]], numbers[pv["hand_count"]:]
            p.hand = [Card(next_hidden + k, n, i, "hand") for k, n in enumerate(hand)]
            next_hidden += len(hand)
        p.deck = [Card(next_hidden + k, n, i, "deck") for k, n in enumerate(numbers)]
        next_hidden += len(numbers)
        p.decklist = tuple(sorted([c.number for z in ("deck", "hand", "base", "graveyard", "exile")
                                   for c in p.zone(z)]))
    state.next_id = next_hidden + 1
    if v.get("night"):
        state.effects.append(Effect("night", None, player=state.turn_player, until_turn=state.turn + 1))
    for card, shown in fixes:   # what temporary effects did to Power and Strike this turn (the view shows it)
        for kind, now in (("power", power), ("strike", strike)):
            if shown.get(kind) is not None and (card.defn.type == "pal" or kind == "power"):
                diff = shown[kind] - now(state, card)
                if diff:
                    state.effects.append(Effect(kind, card.id, value=diff, until_turn=state.turn))
    d = v["decision"]
    if d["kind"] == "redraw":       # 6.2.7: the hands are dealt; the first player's redraw comes before the second's
        state.phase, first = "setup", state.first_player
        for p in state.players:
            p.redraw_done = p.index != me and first != me
        return state, "redraw"
    if d["kind"] == "main" and "souldraw" not in d["options"]:
        state.players[me].souldraw_turn = state.turn
    state.used = {k for k in memory.activated if k[2] == state.turn}
    battle = _battle(v)
    if battle is not None and d["kind"] in ("block", "quick"):
        state.battle = battle
        return state, "battle"
    return state, "resume_main"


def replay(game: Game, moves: list[str], me: int, answer: Any) -> bool:
    """Play ``moves`` (the viewer's choices since the view the world was built from) in ``game``, the other
    player's decisions on the way answered by ``answer`` (a bot); True when the game then waits on the viewer
    again, as the real one does. False when the world went another way: a move not offered, or the other player
    still deciding after the last move."""
    k = 0
    for _ in range(4 * len(moves) + 20):
        d = game.decision
        if d is None:
            return False
        if d.player != me:
            if k == len(moves):
                return False
            game.apply(d.options[0] if len(d.options) == 1 else answer.choose(quick_view(game, d.player)))
        elif k == len(moves):
            return True
        elif any(a.text == moves[k] for a in d.options):
            game.apply(moves[k])
            k += 1
        else:
            return False
    return False


def public_key(v: dict) -> tuple:
    """What a view shows of both players that a world replayed to it must agree with (card numbers, not ids: a
    card that moved since the world's start has another id there)."""
    out: list = [v["turn"], v["turn_player"]]
    for p in v["players"]:
        out.append((p["life"], p["hand_count"], p["deck"], p["souls_standing"], p["souls_rested"],
                    sorted((c["number"], c["rested"], c["damage"]) for c in p["base"]),
                    sorted(c["number"] for c in p["graveyard"]), sorted(c["number"] for c in p["exile"])))
    return tuple(out)


def _numbers(v: dict) -> dict[int, str]:
    return {c["id"]: c["number"] for p in v["players"] for z in ("base", "hand", "graveyard", "exile", "resolution")
            for c in p.get(z) or ()}


def option_map(real: dict, world: dict) -> dict[str, str] | None:
    """Each option of the real view's decision as the world spells it, or None if the two decisions differ. A
    card that moved since the world's start has another id there: options are matched in order, by verb and by
    the numbers of the cards they name."""
    a, b = real["decision"]["options"], world["decision"]["options"]
    if len(a) != len(b):
        return None
    ids_a, ids_b = _numbers(real), _numbers(world)
    out = {}
    for x, y in zip(a, b, strict=True):
        if x != y:
            xs, ys = x.split(), y.split()
            if len(xs) != len(ys) or any(
                    p != q and not (p.isdigit() and q.isdigit() and ids_a.get(int(p), p) == ids_b.get(int(q), q))
                    for p, q in zip(xs, ys, strict=True)):
                return None
        out[x] = y
    return out


def _no_origin() -> State:
    raise RuntimeError("a sampled world cannot be rewound")


def world_game(state: State, start: str, rng_state: tuple | None = None) -> Game:
    """A game over a copy of a sampled world's state (the state itself stays for the round's other moves);
    ``rng_state``: ``state.rng.getstate()``, read once for all the copies of one world."""
    return Game(state.clone(rng_state), SETUP, start, snapshots=False, origin=_no_origin)


def determinise(v: dict, memory: Memory, rng: random.Random) -> Game:
    """A game at the viewer's decision, alike in all the view shows, with the hidden cards sampled from what
    the viewer may know."""
    return world_game(*determinise_state(v, memory, rng))


_STILL: dict[tuple, dict] = {}     # views of cards outside the bases, which never change in place


def _still(state: State, card: Card) -> dict:
    """``card_view`` of a card outside the bases, cached: such a card object is never changed in place (a
    move makes a new one), so its view depends only on what the key holds."""
    key = (card.id, card.number, card.zone, card.rested, card.damage)
    out = _STILL.get(key)
    if out is None:
        if len(_STILL) > 20000:
            _STILL.clear()
        out = _STILL[key] = card_view(state, card)
    return out


def quick_view(game: Game, player: int) -> dict:
    """``view(game, player)`` as the rollout bots read it, without what they never read (the log, the reasons
    of illegal options, looked-at cards): the view's costliest parts, built at every rollout decision."""
    state = game.state
    players = []
    for p in state.players:
        mine = p.index == player
        players.append({
            "life": p.life, "deck": len(p.deck), "hand_count": len(p.hand),
            "hand": [_still(state, c) for c in p.hand] if mine else None,
            "soul_deck": p.soul_deck, "souls_standing": p.souls_standing, "souls_rested": p.souls_rested,
            "material": p.material, "ingredient": p.ingredient,
            "base": [card_view(state, c) for c in p.base],
            "graveyard": [_still(state, c) for c in p.graveyard],
            "exile": [_still(state, c) for c in p.exile],
            "resolution": [_still(state, c) for c in p.resolution],
        })
    b = state.battle
    d = game.decision
    decision = None
    if d is not None:
        kind = d.kind.value
        decision = {"player": d.player, "kind": kind if kind in PUBLIC_KINDS or d.player == player else "effect"}
        if d.player == player:
            decision.update(prompt=d.prompt, options=[a.text for a in d.options], source=d.source,
                            params=d.params, rejected=[], cards=[])
    return {
        "you": player, "turn": state.turn, "turn_player": state.turn_player, "phase": state.phase,
        "first_player": state.first_player, "night": is_night(state), "players": players,
        "battle": None if b is None else {"attacker": b.attacker, "target": "player" if b.target is None else b.target,
                                          "step": b.step, "nullified": b.nullified},
        "decision": decision, "outcome": state.outcome.to_dict() if state.outcome else None, "log": [],
    }


class Weights:
    """The evaluation's weights (points on the bots' card-worth scale)."""

    hand_card = 180
    soul = 60
    deck_low = 800          # a deck of fewer than 3 cards: deck-out is near
    support_base = 200      # a structure or gear in the base: this plus ``support_cost`` per cost
    support_cost = 80
    scale = 1500            # the logistic scale: a lead of this many points is worth about 73%


def evaluate(game: Game, me: int, w: type[Weights] = Weights) -> float:
    """How good the position is for ``me``, from 0 (lost) to 1 (won)."""
    state = game.state
    out = state.outcome
    if out is not None:
        return 0.5 if out.winner is None else float(out.winner == me)
    score = 0.0
    for i, p in enumerate(state.players):
        sign = 1 if i == me else -1
        board = 0.0
        for c in p.base:
            if c.defn.type == "pal":
                board += pal_value(card_view(state, c))
            else:
                board += w.support_base + w.support_cost * (c.defn.cost or 0)
        life = sum(life_point_worth(k) for k in range(1, max(p.life, 0) + 1))
        cards = w.hand_card * len(p.hand) + w.soul * p.souls + (-w.deck_low if len(p.deck) < 3 else 0)
        score += sign * (board + life + cards)
    return 1 / (1 + math.exp(-score / w.scale))


def rollout(game: Game, me: int, rng: random.Random, deadline: float | None = None,
            stop_turn: int | None = None, value: Callable[[Game, int], float] = evaluate) -> float:
    """Normal plays both sides until turn ``stop_turn`` starts (by default the turn after next), the game ends
    or the ``deadline`` (a ``perf_counter`` time) passes; the position's value. Candidates of one search share
    ``stop_turn`` so that ending the turn is not judged over a longer horizon than playing on."""
    bots: list[Any] = [NormalBot(rng.randrange(2**32)), NormalBot(rng.randrange(2**32))]
    if stop_turn is None:
        stop_turn = game.state.turn + 2
    n = 0
    while game.decision is not None and game.state.turn < stop_turn and n < MAX_ROLLOUT_DECISIONS:
        if deadline is not None and n % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            break
        d = game.decision
        if len(d.options) == 1:     # nothing to decide (a quick step with only "pass"): no view, no bot
            game.apply(d.options[0])
        else:
            game.apply(bots[d.player].choose(quick_view(game, d.player)))
        n += 1
    return value(game, me)
