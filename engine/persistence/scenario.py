"""Scenarios: a documented JSON format that sets up any position (see docs/scenarios.md)."""
from __future__ import annotations

import copy
import random
import re
from typing import Any

from ..model.abilities import FILTERS, UnknownWord, granted, matches
from ..model.carddb import CARDS, UnknownCard
from ..model.limits import (
    MAX_CARD_NUMBER_CHARS,
    MAX_LABEL_CHARS,
    MAX_PLAYER_CARDS,
    MAX_SEED,
    MAX_TEXT_CHARS,
    BadInput,
    a_number,
    excerpt,
)
from ..model.safe_json import BadJSON, path_to
from ..model.safe_json import loads as safe_loads
from ..model.state import MAX_SOULS, Battle, Card, Effect, Player, State, Trigger
from ..rules.game import Game

FILLER = "ETD01-013"
PHASES = ("stand", "draw", "soul", "main", "end")
ZONES = ("deck", "hand", "base", "graveyard", "exile")
PLAYER_KEYS = {"life", *ZONES, "souls", "material", "ingredient", "souldraw_used", "cards_played", "effects"}
SOUL_KEYS = {"standing", "rested", "deck"}
CARD_KEYS = {"card", "label"}
BASE_CARD_KEYS = {*CARD_KEYS, "rested", "damage", "arrived", "assigned", "used", "effects"}
TEXT_KEYS = ("title", "description", "lesson", "goal")
TOP_KEYS = {"seed", "turn", "turn_player", "first_player", "phase", "night", "players", "battle", "pending",
            *TEXT_KEYS}
BATTLE_KEYS = {"attacker", "target", "step", "blocked_by"}
BATTLE_STEPS = ("block", "quick")
PENDING_KEYS = {"card", "ability"}
LABEL = re.compile(rf"[a-z][a-z0-9_-]{{0,{MAX_LABEL_CHARS - 1}}}")
LABEL_REF = re.compile(rf"@([a-z][a-z0-9_-]{{0,{MAX_LABEL_CHARS - 1}}})")
UNTIL = ("eot", "opp_next_turn")
# temporary effects on one base card: key -> the engine's effect kind (the value is checked by _card_effect)
CARD_EFFECTS = {"power": "power", "strike": "strike", "grant": "grant", "name": "extra_name",
                "no_stand": "skip_next_stand", "cannot_attack": "cannot_attack", "cannot_block": "cannot_block",
                "must_attack": "must_attack"}
PLAYER_EFFECTS = {"cost": "cost_mod", "no_assign": "no_assign", "must_attack_all": "must_attack_all"}
COST_KEYS = {"amount", "filter", "uses"}


class BadScenario(BadInput):
    """A scenario that cannot be set up; the message says what is wrong and where (e.g. ``players[1].life``)."""


def _fail(where: str, expected: str, value: Any) -> BadScenario:
    return BadScenario(f"{where}: expected {expected}, got {excerpt(value)}.")


def _int(value: Any, where: str, lo: int | None = None, hi: int | None = None) -> int:
    if not a_number(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f" from {lo} to {hi}" if lo is not None and hi is not None else ""
        raise _fail(where, f"a whole number{span}", value)
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _object(value: Any, where: str, allowed: set[str]) -> dict:
    """``value`` must be an object with only ``allowed`` keys."""
    if not isinstance(value, dict):
        raise _fail(where, "an object", value)
    for key in value:
        if key not in allowed:
            at = path_to(where, key) if isinstance(key, str) else where or "scenario"
            kind = "key" if where else "scenario key"
            raise BadScenario(f"{at}: unknown {kind} {excerpt(key)} (expected one of {', '.join(sorted(allowed))}).")
    return value


def _number(entry: Any, where: str) -> str:
    number = entry.get("card") if isinstance(entry, dict) else entry
    if not isinstance(number, str) or len(number) > MAX_CARD_NUMBER_CHARS:
        raise _fail(where, "a card number or {\"card\": NUMBER}", entry)
    try:
        return CARDS.canonical(number)
    except UnknownCard:
        raise BadScenario(f"{where}: unknown card number {excerpt(number)}.") from None


def _until(state: State, data: dict, where: str) -> int:
    """The last turn an effect lasts: this turn (``eot``, the default) or the next one (``opp_next_turn``)."""
    until = data.get("until", "eot")
    if until not in UNTIL:
        raise _fail(f"{where}.until", f"one of {', '.join(UNTIL)}", until)
    return state.turn if until == "eot" else state.turn + 1


def _one_effect(data: Any, where: str, kinds: dict[str, str]) -> str:
    """The one effect key of an effect object (besides ``until``)."""
    _object(data, where, {*kinds, "until"})
    keys = [k for k in data if k in kinds]
    if len(keys) != 1:
        raise BadScenario(f"{where}: expected exactly one of {', '.join(sorted(kinds))}, got {excerpt(sorted(data))}.")
    return keys[0]


def _card_effect(state: State, card: Card, data: Any, where: str) -> Effect:
    """A temporary effect on a base card, as a resolved ability would have left it (docs/scenarios.md)."""
    key = _one_effect(data, where, CARD_EFFECTS)
    value = data[key]
    at = f"{where}.{key}"
    kind = CARD_EFFECTS[key]
    if key == "no_stand":
        if value is not True:
            raise _fail(at, "true", value)
        if "until" in data:
            raise BadScenario(f"{where}.until: \"no_stand\" lasts through its card's next stand phase, not a turn.")
        return Effect(kind, card.id, until_stand_of=card.owner)
    until = _until(state, data, where)
    if key in ("power", "strike"):
        value = _int(value, at, -99999, 99999)
    elif key == "grant":
        if not isinstance(value, dict):
            raise _fail(at, "an ability object as in card data (e.g. {\"keyword\": \"assault\"})", value)
        try:
            granted(value)
        except (UnknownWord, ValueError, KeyError, TypeError) as e:
            raise BadScenario(f"{at}: not an ability the engine knows ({e}).") from None
        value = copy.deepcopy(value)
    elif key == "name":
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_CARD_NUMBER_CHARS * 3:
            raise _fail(at, "a card name", value)
    elif value is not True:
        raise _fail(at, "true", value)
    else:
        value = None
    return Effect(kind, card.id, value=value, until_turn=until)


def _player_effect(state: State, i: int, data: Any, where: str) -> Effect:
    """A temporary effect on a player: a cost change for cards played from hand, or a rule that binds them."""
    key = _one_effect(data, where, PLAYER_EFFECTS)
    until = _until(state, data, where)
    if key != "cost":
        if data[key] is not True:
            raise _fail(f"{where}.{key}", "true", data[key])
        return Effect(PLAYER_EFFECTS[key], None, player=i, until_turn=until)
    cost = _object(data["cost"], f"{where}.cost", COST_KEYS)
    n = _int(cost.get("amount"), f"{where}.cost.amount", -20, 20)
    if n == 0:
        raise _fail(f"{where}.cost.amount", "a reduction (positive) or an increase (negative), not 0", n)
    flt = cost.get("filter", {})
    if not isinstance(flt, dict):
        raise _fail(f"{where}.cost.filter", "a card filter object as in card data", flt)
    _check_filter(state, flt, f"{where}.cost.filter")
    uses = cost.get("uses")
    if uses is not None:
        uses = _int(uses, f"{where}.cost.uses", 1, 99)
    return Effect("cost_mod", None, player=i, value={"filter": copy.deepcopy(flt), "amount": n},
                  until_turn=until, uses=uses)


class _Probe:
    """A game-like holder of the state being built, to try a filter on its cards."""

    def __init__(self, state: State):
        self.state = state


def _check_filter(state: State, flt: dict, where: str) -> None:
    """A card filter must use known filter words and work on the scenario's cards (tried on each of them now,
    so a bad value is refused here rather than in the middle of a game)."""
    for key in flt:
        if key not in FILTERS:
            raise BadScenario(f"{path_to(where, key)}: unknown filter {excerpt(key)}.")
    probe = _Probe(state)
    for p in state.players:
        for zone in ZONES:
            for card in p.zone(zone):
                try:
                    matches(probe, card, flt, None)
                except Exception as e:   # any fault of the filter's values: refuse the scenario, name the filter
                    raise BadScenario(f"{where}: not a filter the engine can apply ({type(e).__name__}).") from None


def _label(card: Card, entry: dict, where: str, seen: dict[str, str]) -> None:
    label = entry.get("label")
    if label is None:
        return
    if not isinstance(label, str) or not LABEL.fullmatch(label):
        raise _fail(f"{where}.label", "a label: a lowercase letter, then letters, digits, - or _ (40 at most)", label)
    if label in seen:
        raise BadScenario(f"{where}.label: {excerpt(label)} already labels {seen[label]}.")
    seen[label] = where
    card.tags["label"] = label


def _base_card(state: State, card: Card, entry: dict, at: str) -> None:
    """Base-only card keys: rested, damage, arrived/assigned this turn, once-per-turn uses, temporary effects."""
    card.rested = _bool(entry.get("rested", False), f"{at}.rested")
    card.damage = _int(entry.get("damage", 0), f"{at}.damage", 0, 99999)
    if _bool(entry.get("arrived", False), f"{at}.arrived"):
        card.entered_turn = state.turn
    if _bool(entry.get("assigned", False), f"{at}.assigned"):
        card.assigned_turn = state.turn
    used = entry.get("used", [])
    if not isinstance(used, list):
        raise _fail(f"{at}.used", "a list of ability numbers", used)
    if used and not card.defn.abilities:
        raise BadScenario(f"{at}.used: {card.number} has no abilities.")
    for k, index in enumerate(used):
        index = _int(index, f"{at}.used[{k}]", 0, len(card.defn.abilities) - 1)
        if not card.defn.abilities[index].once_per_turn:
            raise BadScenario(f"{at}.used[{k}]: ability {index} of {card.number} is not once per turn.")
        state.used.add((card.id, index, state.turn))
    effects = entry.get("effects", [])
    if not isinstance(effects, list):
        raise _fail(f"{at}.effects", "a list of effect objects", effects)
    for k, data in enumerate(effects):
        state.effects.append(_card_effect(state, card, data, f"{at}.effects[{k}]"))


def _player(state: State, i: int, data: Any, labels: dict[str, str]) -> None:
    where = f"players[{i}]"
    _object(data, where, PLAYER_KEYS)
    p = state.players[i]
    p.life = _int(data.get("life", 10), f"{where}.life", -99, 99)
    p.material = _int(data.get("material", 0), f"{where}.material", 0, 999)
    p.ingredient = _int(data.get("ingredient", 0), f"{where}.ingredient", 0, 999)
    zones = {z: data.get(z, [FILLER] * 20 if z == "deck" else []) for z in ZONES}
    for zone, entries in zones.items():   # sizes first, so a huge list is refused before any card is built
        if not isinstance(entries, list):
            raise _fail(f"{where}.{zone}", "a list of cards", entries)
        if len(entries) > MAX_PLAYER_CARDS:
            raise BadScenario(f"{where}.{zone}: at most {MAX_PLAYER_CARDS} cards, got {len(entries)}.")
    total = sum(len(entries) for entries in zones.values())
    if total > MAX_PLAYER_CARDS:
        raise BadScenario(f"{where}: at most {MAX_PLAYER_CARDS} cards in all zones together, got {total}.")
    for zone, entries in zones.items():
        for k, entry in enumerate(entries):
            at = f"{where}.{zone}[{k}]"
            card = state.new_card(_number(entry, at), i, zone)
            if zone == "base":
                card.entered_turn = max(0, state.turn - 1)
            if isinstance(entry, dict) and zone != "base":
                if (BASE_CARD_KEYS - CARD_KEYS) & set(entry):
                    raise BadScenario(f"{at}: only base cards may be rested, damaged, arrived, assigned, "
                                      "used or have effects.")
                _object(entry, at, CARD_KEYS)
            elif isinstance(entry, dict):
                _object(entry, at, BASE_CARD_KEYS)
                _base_card(state, card, entry, at)
            if isinstance(entry, dict):
                _label(card, entry, at, labels)
            p.zone(zone).append(card)
    souls = _object(data.get("souls", {}), f"{where}.souls", SOUL_KEYS)
    p.souls_standing = _int(souls.get("standing", 0), f"{where}.souls.standing", 0, MAX_SOULS)
    p.souls_rested = _int(souls.get("rested", 0), f"{where}.souls.rested", 0, MAX_SOULS)
    left = MAX_SOULS - p.souls
    if left < 0:
        raise BadScenario(f"{where}.souls: more than {MAX_SOULS} souls standing and rested together.")
    p.soul_deck = _int(souls.get("deck", left), f"{where}.souls.deck", 0, left)
    if _bool(data.get("souldraw_used", False), f"{where}.souldraw_used"):
        p.souldraw_turn = state.turn
    p.cards_played = _int(data.get("cards_played", 0), f"{where}.cards_played", 0, 999)
    effects = data.get("effects", [])
    if not isinstance(effects, list):
        raise _fail(f"{where}.effects", "a list of effect objects", effects)
    for k, edata in enumerate(effects):
        state.effects.append(_player_effect(state, i, edata, f"{where}.effects[{k}]"))
    p.redraw_done = True
    p.decklist = tuple(c.number for z in ZONES for c in p.zone(z))


def build_state(data: Any) -> tuple[State, str]:
    """The state a scenario describes and the phase where play starts."""
    if not isinstance(data, dict):
        raise BadScenario(f"A scenario must be a JSON object, not {excerpt(data)}.")
    _object(data, "", TOP_KEYS)
    for key in TEXT_KEYS:
        if key in data and (not isinstance(data[key], str) or len(data[key]) > MAX_TEXT_CHARS):
            raise _fail(key, f"text of at most {MAX_TEXT_CHARS} characters", data[key])
    seed = data.get("seed", 0)
    if not a_number(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise _fail("seed", "a whole number smaller than 2**64", seed)
    state = State(players=[Player(0), Player(1)], rng=random.Random(seed))
    state.turn = _int(data.get("turn", 3), "turn", 1, 999)
    state.turn_player = _int(data.get("turn_player", 0), "turn_player", 0, 1)
    state.first_player = _int(data.get("first_player", 0), "first_player", 0, 1)
    phase = data.get("phase", "main")
    if not isinstance(phase, str) or phase not in PHASES:
        raise _fail("phase", f"one of {', '.join(PHASES)}", phase)
    night = _bool(data.get("night", False), "night")
    players = data.get("players", [{}, {}])
    if not isinstance(players, list) or len(players) != 2:
        raise _fail("players", "a list of two player objects", players)
    labels: dict[str, str] = {}
    for i, pdata in enumerate(players):
        _player(state, i, pdata, labels)
    if night:
        state.effects.append(Effect("night", None, player=state.turn_player, until_turn=state.turn + 1))
    state.phase = phase
    start = phase
    if "battle" in data:
        if phase != "main":
            raise BadScenario(f"battle: a battle happens in the main phase, but phase is {excerpt(phase)}.")
        _battle(state, data["battle"])
        start = "battle"
    pending = data.get("pending", [])
    if not isinstance(pending, list):
        raise _fail("pending", "a list of {\"card\": \"@label\", \"ability\": N}", pending)
    for k, entry in enumerate(pending):
        state.pending.append(_trigger(state, entry, f"pending[{k}]"))
    return state, start


def _ref(state: State, value: Any, where: str) -> Card:
    """The card a ``"@label"`` reference in a scenario names."""
    match = LABEL_REF.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise _fail(where, "a card label reference like \"@attacker\"", value)
    card = find_label(state, match.group(1))
    if card is None:
        raise BadScenario(f"{where}: no card is labelled {excerpt(match.group(1))}.")
    return card


def _battle(state: State, data: Any) -> None:
    """A battle already declared, at its block step or quick step (9.4, 9.5): the attacker and a blocker rest."""
    _object(data, "battle", BATTLE_KEYS)
    step = data.get("step", "block")
    if step not in BATTLE_STEPS:
        raise _fail("battle.step", f"one of {', '.join(BATTLE_STEPS)}", step)
    tp = state.turn_player
    attacker = _ref(state, data.get("attacker"), "battle.attacker")
    if attacker.zone != "base" or attacker.owner != tp or not attacker.is_pal:
        raise BadScenario("battle.attacker: the attacker must be a Pal in the turn player's base.")
    target_ref = data.get("target", "player")
    target = None if target_ref == "player" else _ref(state, target_ref, "battle.target")
    if target is not None and (target.zone != "base" or target.owner == tp
                               or target.defn.type not in ("pal", "structure")):
        raise BadScenario("battle.target: the target must be \"player\" or a Pal or structure in the other "
                          "player's base.")
    attacker.rested = True
    b = Battle(attacker.id, tp, None if target is None else target.id, None if target is None else target.id,
               step=step)
    if target is not None and target.is_pal:
        b.opponent_pal = target.id
    if "blocked_by" in data:
        if step != "quick":
            raise BadScenario("battle.blocked_by: a block is declared in the block step, so the battle must start "
                              "at the quick step.")
        blocker = _ref(state, data["blocked_by"], "battle.blocked_by")
        if blocker.zone != "base" or blocker.owner == tp or not blocker.is_pal or blocker is target:
            raise BadScenario("battle.blocked_by: the blocker must be another Pal in the defending player's base.")
        blocker.rested = True
        b.target = b.blocked_by = b.opponent_pal = blocker.id
    state.battle = b


def _trigger(state: State, entry: Any, where: str) -> Trigger:
    """An automatic ability that has triggered and waits to be ordered and resolved at the next check timing."""
    _object(entry, where, PENDING_KEYS)
    card = _ref(state, entry.get("card"), f"{where}.card")
    abilities = card.defn.abilities
    index = _int(entry.get("ability"), f"{where}.ability", 0, max(len(abilities) - 1, 0))
    if not abilities or abilities[index].kind != "auto":
        raise BadScenario(f"{where}.ability: ability {index} of {card.number} is not an automatic ability.")
    return Trigger(card.owner, card, index, {"kind": "scenario", "card": card.id, "player": card.owner},
                   granted=abilities[index])


def load(data: dict | str | bytes, snapshots: bool = True) -> Any:
    """A Game positioned where the scenario (a dict, or its JSON text) says; its replay setup is the scenario."""
    if isinstance(data, str | bytes | bytearray):
        try:
            data = safe_loads(data)
        except BadJSON as e:
            raise BadScenario(str(e)) from None
    state, phase = build_state(data)
    setup = {"scenario": copy.deepcopy(data)}
    return Game(state, setup, phase, snapshots, lambda: build_state(setup["scenario"])[0])


def card_id(game: Any, player: int, zone: str, number: str, index: int = 0) -> int:
    """The id of the ``index``-th card with this number in a player's zone (for tests and lessons)."""
    number = CARDS.canonical(number)
    found = [c.id for c in game.state.players[player].zone(zone) if c.number == number]
    if index >= len(found):
        raise LookupError(f"player {player} has no card {number} #{index} in {zone}")
    return found[index]


def find_label(state: State, label: str) -> Card | None:
    """The card object that carries ``label`` now, in any zone (a label follows its card when it moves)."""
    for p in state.players:
        for zone in ("base", "hand", "resolution", "graveyard", "exile", "deck"):
            for c in p.zone(zone):
                if c.tags and c.tags.get("label") == label:
                    return c
    return None


def labels_of(state: State) -> dict[str, int]:
    """Every label in a state and the id of the card that carries it now."""
    return {c.tags["label"]: c.id for p in state.players
            for zone in ("base", "hand", "resolution", "graveyard", "exile", "deck")
            for c in p.zone(zone) if c.tags and "label" in c.tags}


def labels(game: Any) -> dict[str, int]:
    """Every label in the game and the id of the card that carries it now."""
    return labels_of(game.state)


def label_id(game: Any, label: str) -> int:
    """The current id of the card labelled ``label`` (with or without its ``@``); LookupError if none has it."""
    card = find_label(game.state, label.removeprefix("@"))
    if card is None:
        raise LookupError(f"no card is labelled {excerpt(label)}")
    return card.id


def resolve(game: Any, text: str) -> str:
    """An action text with each ``@label`` replaced by the current id of its card (``attack @fox player``)."""
    return LABEL_REF.sub(lambda m: str(label_id(game, m.group(1))), text)
