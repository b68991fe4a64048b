"""The shared toolkit of the scenario tests: stand-in cards, building a position, finding cards, acting, reading.

Every scenario test drives a game only through ``game.apply`` / ``game.decision`` and asserts on ``game.state``;
these helpers just spell the common steps once. ``tests/conftest.py`` puts this folder on ``sys.path``, so any
test module imports them with ``from kit import ...``.

Conventions: ``g`` is a :class:`engine.Game`; ``player`` is 0 or 1; ``number`` is a card number such as
``"EBP01-001"``; ``index`` picks among several cards with the same number in one zone (0 = the first).
"""
from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterable

import cards
from engine import Game, view
from engine.bench import random_deck
from engine.clients.ai import RandomPlayer, best_bot
from engine.deck import parse_code
from engine.model.abilities import parse_abilities
from engine.model.actions import DecisionKind
from engine.model.carddb import CARDS
from engine.model.state import Card, Effect, State
from engine.opponents import make_player
from engine.presentation.secrecy import Twins, mirror, twin_games
from engine.rules.continuous import power, strike
from engine.scenario import build_state, card_id, load

# --- stand-in cards ----------------------------------------------------------------------------------------------
# Cards printed without any ability text: they stay vanilla whatever the colour engineers encode.

V300 = "ETD01-013"     # Jolthog Cryst, blue, cost 2, power 300, strike 1
V300R = "ETD01-002"    # Jolthog, red, cost 2, power 300, strike 1
V300G = "ETD02-002"    # Gumoss, green, cost 2, power 300, strike 1
V500 = "ETD01-014"     # Pengullet, blue, cost 3, power 500, strike 1
V500R = "ETD01-003"    # Kelpsea Ignis, red, cost 3, power 500, strike 1
V500P = "EBP01-086"    # Nox, purple, cost 3, power 500, strike 1
V500C = "EBP01-099"    # Direhowl, colorless, cost 3, power 500, strike 1
V700 = "EBP01-037"     # Surfent, blue, cost 4, power 700, strike 2
V900 = "ETD02-001"     # Mossanda, green, cost 5, power 900, strike 2
V1200 = "EBP01-013"    # Pyrin, red, cost 6, power 1200, strike 2
LUCKY = "ETD01-017"    # a Lucky Pal (only ever used inside a deck)
STRUCT = "ETD01-008"   # Stone Pit, structure, cost 1, durability 600
GEAR = "EBP01-022"     # Stone Pickaxe, gear, cost 3
EVENT = "EBP01-072"    # an event, cost 3

Effects = Iterable[Effect] | Callable[[State], Iterable[Effect]]


# --- building a position -----------------------------------------------------------------------------------------

class TableGame(Game):
    """A game whose defending player passes at once when the quick step offers nothing but "pass".

    The engine always offers the quick step (9.5; its existence must not reveal the defender's hand); a
    scenario test about something else lets an empty step pass by itself, as a player at the table would.
    Quick-step tests build their games with ``pass_empty_quick=False``.
    """

    pass_empty_quick = True

    def apply(self, action) -> None:
        super().apply(action)
        while self.pass_empty_quick and (d := self.decision) is not None and d.kind == DecisionKind.QUICK \
                and len(d.options) == 1:
            super().apply(d.options[0])


def game(p0: dict | None = None, p1: dict | None = None, *, effects: Effects = (), pass_empty_quick: bool = True,
         **top) -> Game:
    """A game at the scenario position with players ``p0`` and ``p1`` and top-level keys ``top`` (see
    docs/scenarios.md; by default player 0's main phase of turn 3). ``effects`` are temporary effects present
    from the start, or a function of the built state returning them (to point at card ids, see ``base_id``).
    ``pass_empty_quick`` (see ``TableGame``) passes quick steps in which the defender can do nothing."""
    data = {**top, "players": [p0 or {}, p1 or {}]}
    state, phase = build_state(data)
    state.effects.extend(effects(state) if callable(effects) else effects)
    g = TableGame(state, {"scenario": copy.deepcopy(data)}, phase)
    g.pass_empty_quick = pass_empty_quick
    return g


def rich_game(p0: dict | None = None, p1: dict | None = None, **top) -> Game:
    """Like ``game``, but a player whose dict does not set ``souls`` has 10 standing souls, so costs in souls
    never get in the way."""
    players = [{"souls": {"standing": 10}, **(p or {})} for p in (p0, p1)]
    return game(*players, **top)


def patch(monkeypatch, number: str, abilities: list[dict]) -> None:
    """Give the card definition ``number`` these ability records for one test (a stand-in for card data)."""
    defn = CARDS[number]
    new = dataclasses.replace(defn, abilities=parse_abilities(abilities, defn.number), cont_index={})
    monkeypatch.setitem(CARDS, defn.number, new)


# --- finding cards -----------------------------------------------------------------------------------------------

def cid(g: Game, player: int, zone: str, number: str, index: int = 0) -> int:
    """The id of a card in a player's zone ("deck", "hand", "base", "graveyard", "exile")."""
    return card_id(g, player, zone, number, index)


def hand_id(g: Game, player: int, number: str, index: int = 0) -> int:
    """The id of a card in a player's hand."""
    return cid(g, player, "hand", number, index)


def base_id(where: Game | State, player: int, number: str, index: int = 0) -> int:
    """The id of a card in a player's base, in a game or in a just-built state (for ``effects`` functions)."""
    if not isinstance(where, State):
        return cid(where, player, "base", number, index)
    number = CARDS.canonical(number)
    return [c.id for c in where.players[player].base if c.number == number][index]


def card(g: Game, player: int, zone: str, number: str, index: int = 0) -> Card:
    """A card in a player's zone."""
    return g.state.find(cid(g, player, zone, number, index))


def base_card(g: Game, player: int, number: str, index: int = 0) -> Card:
    """A card in a player's base."""
    return card(g, player, "base", number, index)


# --- reading the state -------------------------------------------------------------------------------------------

def opts(g: Game) -> set[str]:
    """The texts of the legal options of the pending decision (none once the game is over)."""
    return {a.text for a in g.decision.options} if g.decision else set()


def zone_numbers(g: Game, player: int, zone: str) -> list[str]:
    """The card numbers in a player's zone, in zone order."""
    return [c.number for c in g.state.players[player].zone(zone)]


def sorted_numbers(g: Game, player: int, zone: str) -> list[str]:
    """The card numbers in a player's zone, sorted (for comparisons where the order does not matter)."""
    return sorted(zone_numbers(g, player, zone))


def power_of(g: Game, player: int, number: str, index: int = 0) -> int:
    """The current power of a card in a player's base, continuous effects included."""
    return power(g.state, base_card(g, player, number, index))


def strike_of(g: Game, player: int, number: str, index: int = 0) -> int:
    """The current Strike of a card in a player's base, continuous effects included."""
    return strike(g.state, base_card(g, player, number, index))


# --- acting ------------------------------------------------------------------------------------------------------

def play(g: Game, player: int, number: str, index: int = 0) -> None:
    """Play a card from a player's hand."""
    g.apply(f"play {hand_id(g, player, number, index)}")


def pick(g: Game, player: int, zone: str, number: str, index: int = 0) -> None:
    """Answer the pending choice with a card in a player's zone."""
    g.apply(f"pick {cid(g, player, zone, number, index)}")


def activate(g: Game, player: int, number: str, ability: int, alt: int | None = None) -> None:
    """Activate ability ``ability`` of the first such card in a player's base, paying alternative cost ``alt``
    where the ability offers a choice of costs."""
    suffix = f" cost {alt}" if alt is not None else ""
    g.apply(f"activate {cid(g, player, 'base', number)} {ability}{suffix}")


def attack(g: Game, player: int, number: str, target: str = "player") -> None:
    """Attack with the first such card in a player's base; ``target`` is "player" or a card id."""
    g.apply(f"attack {cid(g, player, 'base', number)} {target}")


def answer(g: Game, kind: str, action: str) -> None:
    """Apply ``action`` to the pending decision, which must be of ``kind`` (e.g. "target", "may")."""
    assert g.decision is not None, "the game is over"
    assert g.decision.kind.value == kind, (g.decision.kind.value, g.decision.prompt, g.decision.options)
    g.apply(action)


def order_first(g: Game) -> None:
    """Resolve simultaneous automatic abilities in the listed order."""
    while g.decision is not None and g.decision.kind == DecisionKind.ORDER:
        g.apply("pick 0")


def run_to_main(g: Game) -> None:
    """Take the first option of every decision until a main-phase decision is pending."""
    while g.decision.kind != "main":
        g.apply(g.decision.options[0])


def finished_game(seed: int = 7) -> Game:
    """A whole game between the two shipped BP01 decks, played to its end by the best bot from both seats."""
    decks = cards.decks()
    game = Game.new(parse_code(decks["bp01-red-green"]["code"]), parse_code(decks["bp01-blue-purple"]["code"]), seed)
    bots = [best_bot(seed), best_bot(seed + 1)]
    while game.decision is not None:
        game.apply(bots[game.decision.player].choose(view(game, game.decision.player, log_tail=0)))
    return game


def walk_twins(decks: tuple, seed: int, observer: int, decide: Callable, max_steps: int) -> int:
    """Play twin games (engine.presentation.secrecy: the observer's opponent's hidden cards differ) while their
    public states agree: ``decide(view_a, view_b)`` answers the observer's decisions as a pair of actions, the
    opponent plays at random (keeping its hand: a redraw would bring the hidden difference into play at once).
    Returns how many of the observer's decisions were compared."""
    a, b = twin_games(decks, seed, observer, random.Random(seed), swaps=10, keep_top=20)
    twins = Twins(a, b, observer)
    other = random.Random(seed + 1)
    compared = 0
    while twins.alike() and a.decision is not None and twins.steps < max_steps:
        d = a.decision
        if d.player == observer:
            twins.apply(*decide(view(a, observer, log_tail=0), view(b, observer, log_tail=0)))
            compared += 1
        else:
            action = other.choice([o for o in d.options if o.verb != "redraw"] or d.options)
            twin = mirror(action, a, b)
            if twin is None:
                break
            twins.apply(action, twin)
    return compared


def random_games(n: int, seed: int) -> Iterable[Game]:
    """Seeded games between random decks played by random players, yielded at every decision."""
    rng = random.Random(seed)
    for _ in range(n):
        s = rng.randrange(2**31)
        grng = random.Random(s)
        game = Game.new(random_deck(grng), random_deck(grng), s, snapshots=False)
        players = [RandomPlayer(s), RandomPlayer(s + 1)]
        while game.decision is not None:
            yield game
            d = game.decision
            game.apply(players[d.player].choose({"decision": {"options": [a.text for a in d.options]}}))


def kind_positions() -> dict[str, tuple[Game, dict]]:
    """The first position of each kind of decision met in seeded games (Normal against random), as a copy of the
    game and the deciding player's view; pal_limit, which they rarely reach, from a scenario with six Pals."""
    found: dict[str, tuple[Game, dict]] = {}
    for seed in range(40):
        rng = random.Random(seed)
        g = Game.new(random_deck(rng), random_deck(rng), seed=seed, snapshots=False)
        bots = [make_player("normal", seed), make_player("random", seed)]
        while g.decision is not None:
            d = g.decision
            v = view(g, d.player, log_tail=0)
            found.setdefault(d.kind.value, (g.rewind(len(g.choices)), copy.deepcopy(v)))
            g.apply(bots[d.player].choose(v))
        if {k.value for k in DecisionKind} - {"pal_limit"} <= set(found):
            break
    six = load({"turn": 3, "turn_player": 0, "phase": "main",
                "players": [{"base": [V300] * 5, "hand": [V300], "souls": {"standing": 5}}, {}]})
    six.apply(next(a for a in six.decision.options if a.verb == "play"))
    found["pal_limit"] = (six, view(six, 0, log_tail=0))
    return found
