"""What one player may know: ``view(game, player)`` hides the opponent's hand and both decks' order."""
from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from ..model.carddb import CARDS
from ..model.log import Event
from ..model.message import say
from ..model.state import Card, State
from ..rules.continuous import is_night, keywords, power, strike
from .languages import DEFAULT, LANGS
from .narrate import narrate

_STATIC: dict[tuple[str, str], dict] = {}


def _static(number: str, lang: str) -> dict:
    """The unchanging part of a card's view (cached: views are built at every decision)."""
    key = (number, lang)
    out = _STATIC.get(key)
    if out is None:
        d = CARDS[number]
        out = _STATIC[key] = {"number": d.number, "name": d.full_name_in(lang), "type": d.type, "color": d.color,
                              "cost": d.cost, "lucky": d.lucky, "base_power": d.power, "base_strike": d.strike}
    return out


def card_view(state: State, card: Card, lang: str = "en") -> dict:
    """A public card as the UI shows it, with current power and strike."""
    d = card.defn
    out = {**_static(card.number, lang), "id": card.id, "rested": card.rested, "damage": card.damage}
    if card.zone == "base":
        out["power"] = power(state, card) if d.power is not None else None
        out["strike"] = strike(state, card) if d.type == "pal" else None
        out["keywords"] = keywords(state, card)
    else:
        out["power"], out["strike"], out["keywords"] = d.power, d.strike, []
    return out


def view(game: Any, player: int, lang: str = "en", log_tail: int = 60) -> dict:
    """Everything ``player`` may see, JSON-serialisable.

    Memoised: asked again about an unchanged game (no choice applied, nothing logged, same decision), it returns
    the same dict, so treat a view as read-only (copy it to change it)."""
    state = game.state
    stamp = (len(game.choices), len(state.log), state.next_id, state.outcome)
    try:
        memo = _MEMO.setdefault(game, {})
    except TypeError:   # a game-like object that cannot be weakly referenced: no memo
        return _view(game, player, lang, log_tail)
    hit = memo.get((player, lang, log_tail))
    if hit is not None and hit[0] == stamp and hit[1] is game.decision:
        return hit[2]
    out = _view(game, player, lang, log_tail)
    memo[(player, lang, log_tail)] = (stamp, game.decision, out)
    return out


# game -> {(player, lang, log tail): (what the view depended on, the decision it showed, the view)}
_MEMO: WeakKeyDictionary = WeakKeyDictionary()


def _view(game: Any, player: int, lang: str, log_tail: int) -> dict:
    state = game.state
    players = []
    for p in state.players:
        mine = p.index == player
        players.append({
            "life": p.life, "deck": len(p.deck), "hand_count": len(p.hand),
            "hand": [card_view(state, c, lang) for c in p.hand] if mine else None,
            "soul_deck": p.soul_deck, "souls_standing": p.souls_standing, "souls_rested": p.souls_rested,
            "material": p.material, "ingredient": p.ingredient,
            "base": [card_view(state, c, lang) for c in p.base],
            "graveyard": [card_view(state, c, lang) for c in p.graveyard],
            "exile": [card_view(state, c, lang) for c in p.exile],
            "resolution": [card_view(state, c, lang) for c in p.resolution],
        })
    b = state.battle
    d = game.decision
    decision = None
    if d is not None:
        decision = decision_view(state, d, player)
    log = state.log[-log_tail:] if log_tail > 0 else []
    return {
        "you": player, "turn": state.turn, "turn_player": state.turn_player, "phase": state.phase,
        "first_player": state.first_player, "night": is_night(state),
        "players": players,
        "battle": None if b is None else {"attacker": b.attacker, "target": "player" if b.target is None else b.target,
                                          "step": b.step, "nullified": b.nullified},
        "decision": decision,
        "outcome": state.outcome.to_dict() if state.outcome else None,
        "log": [log_entry(e, player, lang) for e in log],
    }


# Decisions whose kind is public: whether they come depends only on what both players see.
PUBLIC_KINDS = frozenset({"first", "redraw", "main", "block", "quick", "pal_limit"})


def decision_view(state: State, decision: Any, player: int) -> dict:
    """The pending decision as ``player`` sees it: all of it when it is theirs; otherwise only who decides
    (and the kind, where the kind is public), never its prompt, options or reasons."""
    if decision.player != player:
        kind = decision.kind.value
        return {"player": decision.player, "kind": kind if kind in PUBLIC_KINDS else "effect"}
    out = decision.to_dict()
    out["cards"] = looked_at(state, decision)
    return out


# params of a decision that hold its options' labels (messages: a mode's steps, an ability waiting to be ordered)
LABELLED = ("modes", "abilities")


def decision_params(decision: Any) -> dict:
    """A decision's params for a client that shows them in several languages (the page): its option labels
    said in the default language under their own key and in each other language under ``<key>_<lang>``
    ("modes_ja"). A view keeps the labels as messages (``Msg``: the default language as a ``str``)."""
    params = dict(decision.params)
    for key in LABELLED:
        labels = params.get(key)
        if labels:
            params[key] = [str(label) for label in labels]
            for lang in LANGS:
                if lang != DEFAULT:
                    params[f"{key}_{lang}"] = [say(label, lang) for label in labels]
    return params


def looked_at(state: State, decision: Any) -> list[dict]:
    """Cards from a deck that a decision offers (the ones its player is looking at), so they can be shown."""
    out = []
    for action in decision.options:
        if action.verb == "pick" and action.args and action.args[0].isdigit():
            card = state.find(int(action.args[0]))
            if card is not None and card.zone == "deck":
                out.append(card_view(state, card))
    return out


def log_entry(event: Any, player: int, lang: str = "en", names: Any = None, you: int | None = None) -> dict:
    """One log entry as ``player`` may see it, narrated from the redacted data only. ``names`` (the seats' names
    in ``lang``) and ``you`` (the seat said as "you") make the line use the names on the reader's board."""
    entry = redact(event, player)
    entry["text"] = narrate(Event(event.kind, entry["data"], event.rule), lang, names, you)
    return entry


def redact(event: Any, player: int) -> dict:
    """A log entry without what ``player`` may not know: the cards the opponent drew, looked at, moved between
    hidden zones or chose among hidden cards (a ``chosen`` event is hidden unless marked public)."""
    data = dict(event.data)
    hidden = (event.kind in ("draw", "look") or (event.kind == "move" and not data.get("public", True))
              or (event.kind == "chosen" and not data.get("public", False)))
    if data.get("player") != player:
        if hidden:
            for key in HIDDEN_KEYS:
                data.pop(key, None)
        else:
            # the id a card had in a hidden zone would tell when it got there: only its owner sees it
            if data.get("frm") in HIDDEN_ZONES:
                data.pop("card", None)
            if event.kind == "reveal":
                data.pop("cards", None)
    return {"kind": event.kind, "rule": event.rule, "data": data}


HIDDEN_KEYS = ("cards", "numbers", "card", "new", "number")
HIDDEN_ZONES = ("deck", "hand")
