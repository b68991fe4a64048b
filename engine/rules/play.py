"""Performing a main-phase or quick-step action (8, 9.5): playing a card, activating an ability, attacking, soul draw."""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..model.abilities import Ctx, matches, run_steps
from ..model.actions import Action
from ..model.game import GameLike
from ..model.state import Card
from .battle import battle
from .continuous import abilities, play_cost
from .costs import pay, rest_souls
from .events import emit_data
from .kept_actions import split_activation
from .legality import SOULDRAW_COST, ability_costs, play_ability
from .zones import deploy, draw, move

if TYPE_CHECKING:   # a type only: the game module is the rules' top, it imports this one
    from .game import Game


def perform(g: Game, player: int, action: Action) -> Iterator:
    """Carry out a chosen main-phase or quick-step action (already checked legal)."""
    state = g.state
    verb = action.verb
    if verb == "play":
        cid = int(action.args[0])
        yield from play_card(g, player, _card_in(state.players[player].hand, cid) or state.find(cid))
    elif verb == "activate":
        cid, index, alt = split_activation(action)
        yield from activate(g, player, _card_in(state.players[player].base, cid) or state.find(cid), index, alt)
    elif verb == "attack":
        yield from battle(g, int(action.args[0]), action.args[1])
    elif verb == "souldraw":
        rest_souls(g, player, SOULDRAW_COST)
        state.players[player].souldraw_turn = state.turn
        emit_data(g, "souldraw", "8.5", {"player": player})
        draw(g, player, 1)
    else:
        raise AssertionError(verb)


def _card_in(zone: list[Card], card_id: int) -> Card | None:
    """The card with this id in one zone (where an action's card usually is), or None."""
    for c in zone:
        if c.id == card_id:
            return c
    return None


def play_card(g: GameLike, player: int, card: Card) -> Iterator:
    """Play a card from hand: pay its cost, then deploy it (Pal, structure, gear) or resolve it (event)."""
    state = g.state
    cost = play_cost(state, card, player)
    if state.effects:
        _use_cost_reductions(g, player, card)
    rest_souls(g, player, cost)
    state.players[player].cards_played += 1
    emit_data(g, "play", "8.2", {"card": card.id, "number": card.number, "player": player, "cost": cost,
                                 "frm": card.zone})
    if card.defn.type == "event":
        yield from resolve_event(g, player, card)
    else:
        deploy(g, card)


def _use_cost_reductions(g: GameLike, player: int, card: Card) -> None:
    """Count a played card against the cost reductions that apply to it ("your next gear"); those used up end."""
    state = g.state
    used_up = False
    for e in state.effects:
        if e.kind == "cost_mod":
            if e.player == player and e.uses and matches(g, card, e.value.get("filter"), None):
                e.uses -= 1   # only a card the reduction applies to uses it up
            used_up = used_up or e.uses == 0
    if used_up:   # a new list only when one is used up
        state.effects = [e for e in state.effects if not (e.kind == "cost_mod" and e.uses == 0)]


def resolve_event(g: GameLike, player: int, card: Card) -> Iterator:
    """An event resolves in the resolution zone, then goes to the graveyard."""
    ab = play_ability(card)
    held = move(g, card, "resolution", quiet=True)
    ctx = Ctx(player, held, ab)
    if ab is not None:
        yield from run_steps(g, ctx, ab.effect)
    if held.zone == "resolution":
        move(g, held, "graveyard", cause="resolved", quiet=True)


def activate(g: GameLike, player: int, card: Card, index: int, alt: int) -> Iterator:
    """Activate an ability: mark once-per-turn, pay the chosen cost in full, then resolve (10.4, 10.7)."""
    state = g.state
    ab = abilities(state, card)[index]
    if ab.once_per_turn:
        state.used.add((card.id, index, state.turn))
    ctx = Ctx(player, card, ab)
    emit_data(g, "activate", "10.1.1.1", {"card": card.id, "number": card.number, "player": player,
                                          "ability": index, "keyword": ab.keyword, "frm": card.zone})
    yield from pay(g, ctx, ability_costs(ab)[alt])
    yield from run_steps(g, ctx, ab.effect)
