"""Moving cards between zones (section 4): every move makes a new card object; leaving the base is an event."""
from __future__ import annotations

from typing import Any

from ..model.game import GameLike
from ..model.state import PAL_LIMIT, Card
from .continuous import card_moved
from .events import emit, emit_data

HIDDEN = ("deck", "hand")   # zones whose cards the opponent may not see (4.5, 4.6)


def remove(g: GameLike, card: Card) -> None:
    """Take a card object out of whatever zone list holds it."""
    _take_out(g.state.players[card.owner].zone(card.zone), card)


def move(g: GameLike, card: Card, to: str, *, top: bool = True, rested: bool = False, cause: str = "",
         by: int | None = None, quiet: bool = False, together: tuple[Card, ...] = ()) -> Card:
    """Move a card to a zone of its owner and return the new card object (4.1: it is a new card).

    ``together`` are cards leaving the base at the same moment: abilities that look back at the base see
    them as still there (e.g. Breakthrough when both combat Pals are destroyed at once).
    """
    state = g.state
    player = state.players[card.owner]
    frm = card.zone
    held = getattr(player, frm)
    if held and held[0].id == card.id:   # the top of the deck (a draw, a damage check): no search
        del held[0]
    else:
        _take_out(held, card)
    # a scenario label names the card wherever it goes (docs/scenarios.md)
    to_base = to == "base"
    new = state.renew(card, to, rested if to_base else False)
    zone = getattr(player, to)
    if to == "deck" and top:
        zone.insert(0, new)
    else:
        zone.append(new)
    # where this move may make a rule action due, the quiet mark is forgotten and the next rule-action check
    # looks again (checks.rule_action_due): a deck emptied (11.3.2), a base past the Pal limit (11.5), a card
    # that may change another card's power entering or leaving a base (11.4.1)
    if frm == "base" or to_base:
        if frm == "base":
            card_moved(state, card, False)   # the continuous-effect index follows what the bases hold
        if to_base:
            card_moved(state, new, True)
        if state.rules_quiet is not None and (_moves_power(card.defn) or (to_base and len(zone) > PAL_LIMIT)
                                              or (frm == "deck" and not held)):
            state.rules_quiet = None
    elif frm == "deck" and not held:
        state.rules_quiet = None
    if frm == "base" and not to_base:
        _leave_base(g, state, card, new, to, cause, by, together)
    elif not quiet:
        emit_data(g, "move", "", {"card": card.id, "new": new.id, "number": card.number, "player": card.owner,
                                  "frm": frm, "to": to, "cause": cause,
                                  "public": not (frm in HIDDEN and to in HIDDEN)})
    return new


def _take_out(held: list[Card], card: Card) -> None:
    """Take a card object out of the zone list that holds it (found by id)."""
    cid = card.id
    for i, c in enumerate(held):
        if c.id == cid:
            del held[i]
            return
    raise ValueError(f"card {cid} is not in {card.zone}")


def _leave_base(g: GameLike, state: Any, card: Card, new: Card, to: str, cause: str, by: int | None,
                together: tuple[Card, ...]) -> None:
    """What a card leaving the base sets off: its "while in the base" effects end, and the leave (and the
    to-graveyard) events, which abilities looking back at the base hear."""
    # effects that last "while this card is in the base" end when it leaves (a new list only then: an
    # unchanged list keeps the rule-action check's quiet mark, checks.rule_action_due)
    cid = card.id
    if state.effects and [e for e in state.effects if e.while_source and e.source_id == cid]:
        state.effects = [e for e in state.effects if not (e.while_source and e.source_id == cid)]
    data = {"card": cid, "new": new.id, "number": card.number, "player": card.owner, "to": to,
            "cause": cause, "by": by, "rested": card.rested}
    lookback = (card, *(c for c in together if c.id != cid)) if together else (card,)
    if to == "graveyard":
        emit_data(g, "leave_base", "4.1", data.copy(), lookback)
        emit_data(g, "to_graveyard", "4.7", data, lookback)
    else:
        emit_data(g, "leave_base", "4.1", data, lookback)


def _moves_power(defn: Any) -> bool:
    """Whether a card entering or leaving a base may change another card's power: it grants abilities, or has a
    continuous power ability for other cards (worked out once per card definition, kept with the definition so
    the id it is found by is not reused)."""
    hit = _MOVES_POWER.get(id(defn))
    if hit is None or hit[0] is not defn:
        hit = _MOVES_POWER[id(defn)] = (defn, bool(defn.grants) or any(
            d.get("applies", "self") != "self" for _ab, d in defn.cont_index.get("power", ())))
    return hit[1]


_MOVES_POWER: dict[int, tuple[Any, bool]] = {}


def deploy(g: GameLike, card: Card, *, rested: bool = False, cause: str = "play") -> Card:
    """Put a Pal, structure or gear into its owner's base (On Deploy triggers, 12.3.2)."""
    new = move(g, card, "base", rested=rested, cause=cause, quiet=True)
    new.entered_turn = g.state.turn
    emit_data(g, "deploy", "12.3.2", {"card": new.id, "number": new.number, "player": new.owner,
                                      "cause": cause, "rested": rested})
    return new


def draw(g: GameLike, player: int, count: int = 1) -> list[Card]:
    """Draw cards from the top of the deck (an empty deck is checked by rule actions, 11.3.2)."""
    state = g.state
    p = state.players[player]
    deck, hand = p.deck, p.hand
    if count <= 0 or not deck:
        return []
    out = deck[:count]   # what ``move(g, top, "hand", quiet=True)`` does for each card, without its general checks
    del deck[:count]
    renew = state.renew
    for i, card in enumerate(out):
        out[i] = new = renew(card, "hand")
        hand.append(new)
    if not deck:
        state.rules_quiet = None   # a deck emptied: a loss may be due (11.3.2)
    emit_data(g, "draw", "", {"player": player, "count": len(out), "cards": [c.id for c in out]})
    return out


def top_to(g: GameLike, player: int, to: str) -> Card:
    """The top card of a player's deck put into ``to`` (not the base or the deck), quietly: what ``move(g, top,
    to, quiet=True)`` does, without its general checks (a damage check puts about 17 cards a game this way)."""
    state = g.state
    p = state.players[player]
    deck = p.deck
    new = state.renew(deck.pop(0), to)
    getattr(p, to).append(new)
    if not deck:
        state.rules_quiet = None   # a deck emptied: a loss may be due (11.3.2)
    return new


def shuffle(g: GameLike, player: int) -> None:
    """Shuffle a deck with the game's own generator.

    The shuffled cards get fresh ids in their new order, so no id of a deck card tells what card it is
    (before, ids followed the decklist, and an id seen in a hidden choice could be decoded).
    """
    state = g.state
    deck = state.players[player].deck
    state.rng.shuffle(deck)
    next_id = state.next_id
    for i, card in enumerate(deck):   # new card objects: a card outside the base is never changed in place
        new = deck[i] = card.copy()
        new.id = next_id
        next_id += 1
    state.next_id = next_id
    emit(g, "shuffle", "", player=player)


def butcher(g: GameLike, card: Card, by: int) -> Card:
    """5.16: put your own Pal from the base into the graveyard as a cost or effect."""
    emit(g, "butcher", "5.16", lookback=(card,), card=card.id, number=card.number, player=card.owner,
         cost=card.defn.cost, rested=card.rested)
    return move(g, card, "graveyard", cause="butcher", by=by)
