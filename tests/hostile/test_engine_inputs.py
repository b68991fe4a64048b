"""Issue 7: hostile input to the engine's entry points gets the documented error with a short message, at
once, and loses nothing. One data-driven corpus: the game API (apply, Action, rewind, concede), saves and
replays, scenarios, deck codes and card numbers. Each case is checked by ``hostile_kit.run_case``."""
from __future__ import annotations

import copy
import functools
import json
import random

import pytest
from hostile_kit import Case, run_case

from engine import CARDS, Action, Game, IllegalAction, UnknownCard
from engine.bench import random_deck
from engine.deck import DeckCodeError, parse_code
from engine.replay import BadRecord
from engine.replay import load as load_record
from engine.scenario import BadScenario
from engine.scenario import load as load_scenario

TEN_MB = 10_000_000
V300 = "ETD01-013"


def deep_list(depth: int) -> list:
    """A list nested ``depth`` deep, built without recursion."""
    x: list = []
    for _ in range(depth):
        x = [x]
    return x


# --- the game API ----------------------------------------------------------------------------------------------

def game_case(id: str, call, mentions: str) -> Case:
    return Case(id, call, IllegalAction, mentions, game=True)


def api_case(id: str, call, mentions: str) -> Case:
    return Case(id, call, IllegalAction, mentions)


GAME_CASES = [
    game_case("apply-None", lambda g: g.apply(None), r"action"),
    game_case("apply-int", lambda g: g.apply(123), r"action"),
    game_case("apply-bytes", lambda g: g.apply(b"end"), r"action"),
    game_case("apply-list", lambda g: g.apply(["end"]), r"action"),
    game_case("apply-dict", lambda g: g.apply({"verb": "end"}), r"action"),
    game_case("apply-action-int-args", lambda g: g.apply(Action("play", (1,))), r"argument"),
    game_case("apply-10MB-text", lambda g: g.apply("x" * TEN_MB), r"long"),
    game_case("apply-5000-digit-id", lambda g: g.apply("play " + "9" * 5000), r"long"),
    game_case("apply-lone-surrogate", lambda g: g.apply("pick \udcff\x00"), r"legal"),
    game_case("apply-extra-words", lambda g: g.apply("end extra words"), r"legal"),
    game_case("apply-blank", lambda g: g.apply("   "), r"empty"),
    game_case("rewind-str", lambda g: g.rewind("3"), r"decision number"),
    game_case("rewind-float", lambda g: g.rewind(2.5), r"decision number"),
    game_case("rewind-None", lambda g: g.rewind(None), r"decision number"),
    game_case("rewind-True", lambda g: g.rewind(True), r"decision number"),
    game_case("rewind-negative", lambda g: g.rewind(-1), r"decision number"),
    game_case("rewind-huge-int", lambda g: g.rewind(10 ** 5000), r"decision number"),
    game_case("rewind-beyond", lambda g: g.rewind(10 ** 6), r"decision number"),
    game_case("concede-5", lambda g: g.concede(5), r"player"),
    game_case("concede-negative", lambda g: g.concede(-1), r"player"),
    game_case("concede-True", lambda g: g.concede(True), r"player"),
    game_case("concede-None", lambda g: g.concede(None), r"player"),
    game_case("concede-str", lambda g: g.concede("0"), r"player"),
    game_case("concede-float", lambda g: g.concede(1.0), r"player"),
    game_case("apply-concede-5", lambda g: g.apply("concede 5"), r"player"),
    game_case("apply-concede-nobody", lambda g: g.apply("concede"), r"player"),
    game_case("apply-concede-both", lambda g: g.apply("concede 0 1"), r"player"),
    game_case("apply-concede-word", lambda g: g.apply("concede true"), r"player"),
    game_case("apply-action-None-verb", lambda g: g.apply(Action(None)), r"verb"),
    game_case("apply-action-list-args", lambda g: g.apply(Action("play", ["1"])), r"argument"),
    game_case("apply-action-arg-with-space", lambda g: g.apply(Action("play", ("1 2",))), r"space"),
    game_case("apply-action-empty-verb", lambda g: g.apply(Action("", ())), r"verb"),
    game_case("apply-action-verb-newline", lambda g: g.apply(Action("end\n")), r"space"),
    api_case("parse-None", lambda: Action.parse(None), r"text"),
    api_case("parse-bytes", lambda: Action.parse(b"end"), r"text"),
]


# --- saves and replays -----------------------------------------------------------------------------------------

@functools.cache
def _record() -> str:
    rng = random.Random(3)
    g = Game.new(random_deck(rng), random_deck(rng), 3)
    for _ in range(6):
        g.apply(g.decision.options[0])
    return json.dumps(g.record())


def record(change=None) -> dict:
    """A fresh copy of a real record, changed by ``change(record)``."""
    r = json.loads(_record())
    if change:
        change(r)
    return r


def text(change=None) -> str:
    return json.dumps(record(change))


def rec_case(id: str, data, mentions: str) -> Case:
    """``data`` is a function building the record (dict, text or bytes) when the case runs."""
    return Case("record-" + id, lambda: load_record(data()), BadRecord, mentions)


def setup(**kv):
    return lambda: record(lambda r: r["setup"].update(kv))


def top(**kv):
    return lambda: record(lambda r: r.update(kv))


def drop(*path):
    def change(r):
        for key in path[:-1]:
            r = r[key]
        del r[path[-1]]
    return lambda: record(change)


def deep_scenario_record() -> dict:
    return record(lambda r: r.update(setup={"scenario": {"title": deep_list(100_000)}}))


def utf16_with_lone_surrogate() -> bytes:
    body = text().encode("utf-16-le")
    return b"\xff\xfe" + body[:-2] + b"\x00\xd8" + body[-2:]


RECORD_CASES = [
    rec_case("first-minus-1", setup(first=-1), r"setup\.first"),
    rec_case("first-5", setup(first=5), r"setup\.first"),
    rec_case("first-True", setup(first=True), r"setup\.first"),
    rec_case("first-str", setup(first="1"), r"setup\.first"),
    rec_case("one-deck", lambda: record(lambda r: r["setup"]["decks"].pop()), r"setup\.decks"),
    rec_case("three-decks", lambda: record(lambda r: r["setup"]["decks"].append([V300])), r"setup\.decks"),
    rec_case("int-card-numbers", setup(decks=[[6] * 50, [V300] * 50]), r"setup\.decks\[0\]\[0\]"),
    rec_case("unknown-card-number", setup(decks=[["NOPE-1"] * 50, [V300] * 50]), r"unknown card"),
    rec_case("deck-not-a-list", setup(decks=[V300, V300]), r"setup\.decks\[0\]"),
    rec_case("deck-of-a-million", setup(decks=[[V300] * 1_000_000, [V300] * 50]), r"setup\.decks\[0\]"),
    rec_case("decks-missing", drop("setup", "decks"), r"decks"),
    rec_case("seed-missing", drop("setup", "seed"), r"seed"),
    rec_case("seed-str", setup(seed="abc"), r"seed"),
    rec_case("seed-float", setup(seed=1.5), r"seed"),
    rec_case("seed-huge", setup(seed=10 ** 30), r"seed"),
    rec_case("setup-a-list", top(setup=[1, 2]), r"setup"),
    rec_case("setup-scenario-and-decks", setup(scenario={}), r"setup"),
    rec_case("setup-unknown-key", setup(rules="house"), r"rules"),
    rec_case("setup-deep-python-data", deep_scenario_record, r"title"),
    rec_case("choice-int", lambda: record(lambda r: r["choices"].insert(0, 5)), r"choices\[0\]"),
    rec_case("choice-None", lambda: record(lambda r: r["choices"].insert(0, None)), r"choices\[0\]"),
    rec_case("choice-10MB", lambda: record(lambda r: r["choices"].insert(0, "x" * TEN_MB)), r"long"),
    rec_case("choices-a-dict", top(choices={"0": "keep"}), r"choices"),
    rec_case("choices-too-many", top(choices=["keep"] * 200_001), r"choices"),
    rec_case("choice-illegal", top(choices=["attack 1 player"]), r"choice 0"),
    rec_case("format-missing", drop("format"), r"format"),
    rec_case("format-str", top(format="1"), r"format"),
    rec_case("format-newer", top(format=2), r"format"),
    rec_case("format-True", top(format=True), r"format"),
    rec_case("engine-int", top(engine=123), r"engine"),
    rec_case("engine-other-major", top(engine="2.0.0"), r"engine"),
    rec_case("engine-not-a-version", top(engine="banana"), r"engine"),
    rec_case("cards-int", top(cards=42), r"card data"),
    rec_case("final-int", top(final=123), r"final"),
    rec_case("unknown-top-key", top(cheat=True), r"cheat"),
    rec_case("record-int", lambda: 123, r"record"),
    rec_case("record-None", lambda: None, r"record"),
    rec_case("record-list", lambda: "[]", r"record"),
    rec_case("empty-text", lambda: "", r"JSON"),
    rec_case("text-nested-100000", lambda: "[" * 100_000 + "]" * 100_000, r"deep"),
    rec_case("text-objects-nested-5000", lambda: '{"a":' * 5000 + "1" + "}" * 5000, r"deep"),
    rec_case("text-5000-digit-seed", lambda: text().replace('"seed": 3', '"seed": ' + "9" * 5000), r"digits"),
    rec_case("text-seed-1e999", lambda: text().replace('"seed": 3', '"seed": 1e999'), r"number"),
    rec_case("text-NaN", lambda: text().replace('"seed": 3', '"seed": NaN'), r"NaN"),
    rec_case("text-duplicate-top-key", lambda: '{"format": 1, ' + text()[1:], r"duplicate.*format"),
    rec_case("text-duplicate-setup-key", lambda: text().replace('"seed": 3', '"seed": 3, "seed": 4'),
             r"setup\.seed"),
    rec_case("text-lone-surrogate", lambda: text(lambda r: r["choices"].insert(0, "SURR")).replace(
        "SURR", "\\ud800"), r"choices\[0\]"),
    rec_case("bytes-bad-utf8", lambda: text().encode() + b"\xff\xfe\xfa", r"UTF-8"),
    rec_case("bytes-bad-utf16", utf16_with_lone_surrogate, r"UTF-16"),
    rec_case("text-too-large", lambda: " " * 6_000_000 + text(), r"large"),
]


# --- scenarios -------------------------------------------------------------------------------------------------

def scen_case(id: str, data, mentions: str) -> Case:
    """``data`` builds the scenario (dict, text or bytes) when the case runs."""
    return Case("scenario-" + id, lambda: load_scenario(data()), BadScenario, mentions)


def p0(**kv):
    return lambda: {"players": [kv, {}]}


def base1(**entry):
    return lambda: {"players": [{}, {"base": [{"card": V300, **entry}]}]}


SCENARIO_CASES = [
    scen_case("night-string-false", lambda: {"night": "false"}, r"night: expected true or false"),
    scen_case("night-1", lambda: {"night": 1}, r"night: expected true or false"),
    scen_case("rested-no", base1(rested="no"), r'players\[1\]\.base\[0\]\.rested: expected true or false, got "no"'),
    scen_case("rested-1", base1(rested=1), r"players\[1\]\.base\[0\]\.rested"),
    scen_case("damage-str", base1(damage="5"), r"players\[1\]\.base\[0\]\.damage"),
    scen_case("damage-float", base1(damage=1.5), r"players\[1\]\.base\[0\]\.damage"),
    scen_case("base-unknown-key", base1(tapped=True), r"players\[1\]\.base\[0\].*tapped"),
    scen_case("souls-unknown-key", p0(souls={"standing": 1, "extra": 2}), r"players\[0\]\.souls.*extra"),
    scen_case("hand-entry-damage", p0(hand=[{"card": V300, "damage": 1}]), r"players\[0\]\.hand\[0\]"),
    scen_case("duplicate-top-key", lambda: '{"turn": 3, "turn": 4}', r"duplicate.*turn"),
    scen_case("duplicate-nested-key", lambda: '{"players": [{}, {"life": 5, "life": 9}]}', r"players\[1\]\.life"),
    scen_case("deck-of-a-million", p0(deck=[V300] * 1_000_000), r"players\[0\]\.deck"),
    scen_case("hand-of-100000", p0(hand=[V300] * 100_000), r"players\[0\]\.hand"),
    scen_case("graveyard-of-300", p0(graveyard=[V300] * 300), r"players\[0\]\.graveyard"),
    scen_case("card-10MB-string", p0(hand=["E" * TEN_MB]), r"players\[0\]\.hand\[0\]"),
    scen_case("card-int", p0(hand=[6]), r"players\[0\]\.hand\[0\]"),
    scen_case("card-None", p0(base=[None]), r"players\[0\]\.base\[0\]"),
    scen_case("title-10MB", lambda: {"title": "t" * TEN_MB}, r"title"),
    scen_case("title-list", lambda: {"title": ["a"]}, r"title"),
    scen_case("description-deep", lambda: {"description": deep_list(100_000)}, r"description"),
    scen_case("seed-str", lambda: {"seed": "1"}, r"seed"),
    scen_case("seed-huge", lambda: {"seed": 10 ** 40}, r"seed"),
    scen_case("turn-5000-digits", lambda: {"turn": 10 ** 5000}, r"turn"),
    scen_case("text-nested-5000", lambda: '{"title": ' + "[" * 5000 + "]" * 5000 + "}", r"deep"),
    scen_case("player-a-list", lambda: {"players": [[], {}]}, r"players\[0\]"),
    scen_case("three-players", lambda: {"players": [{}, {}, {}]}, r"two"),
    scen_case("phase-list", lambda: {"phase": ["main"]}, r"phase"),
    scen_case("text-Infinity", lambda: '{"players": [{"life": Infinity}, {}]}', r"Infinity"),
    scen_case("bytes-bad-utf8", lambda: b'{"title": "\xff"}', r"UTF-8"),
    scen_case("int", lambda: 123, r"object"),
    scen_case("souls-a-list", p0(souls=[1]), r"players\[0\]\.souls"),
    scen_case("first-player-True", lambda: {"first_player": True}, r"first_player"),
    scen_case("text-truncated", lambda: "{", r"JSON"),
]


# --- deck codes and card numbers -------------------------------------------------------------------------------

def code_case(id: str, code, mentions: str, message_limit: int = 300) -> Case:
    """``code`` builds the deck code when the case runs."""
    return Case("code-" + id, lambda: parse_code(code()), DeckCodeError, mentions, message_limit=message_limit)


DECK_CASES = [
    code_case("copies-1e9", lambda: "EBP01-006x1000000000", r"copies"),
    code_case("copies-1e9-first", lambda: "1000000000xEBP01-006", r"copies"),
    code_case("copies-5000-digits", lambda: "EBP01-006x" + "9" * 5000, r"copies"),
    code_case("copies-60", lambda: "EBP01-006x60", r"copies"),
    code_case("over-200-cards", lambda: "EBP01-006x50,EBP01-008x50,ETD01-013x50,ETD01-002x50,EBP01-001x1",
              r"cards"),
    code_case("10MB", lambda: "EBP01-006x1," * 900_000, r"characters"),
    code_case("one-junk-entry-5000", lambda: "z" * 5000, r"malformed"),
    code_case("thousand-junk-entries", lambda: ",".join(["zz"] * 1000), r"more", message_limit=600),
    code_case("number-5000-digits", lambda: "EBP01-0" + "6" * 5000, r"unknown card number"),
    code_case("None", lambda: None, r"text"),
    code_case("bytes", lambda: b"EBP01-006x4", r"text"),
    code_case("list", lambda: ["EBP01-006"], r"text"),
    code_case("nul", lambda: "EBP01-006x4\x00", r"malformed"),
    Case("canonical-int", lambda: CARDS.canonical(123), UnknownCard, r"card number"),
    Case("canonical-None", lambda: CARDS.canonical(None), UnknownCard, r"card number"),
    Case("canonical-10MB", lambda: CARDS.canonical("X" * TEN_MB), UnknownCard, r"card number"),
]

ALL_CASES = GAME_CASES + RECORD_CASES + SCENARIO_CASES + DECK_CASES


@pytest.mark.parametrize("case", ALL_CASES, ids=[c.id for c in ALL_CASES])
def test_hostile_input_gets_the_documented_error(case):
    run_case(case)


def test_the_corpus_is_large_and_its_ids_unique():
    assert len(ALL_CASES) >= 70
    assert len({c.id for c in ALL_CASES}) == len(ALL_CASES)


def test_a_refused_scenario_or_record_is_not_changed():
    """Loading never edits the caller's data (the replay setup is a copy)."""
    data = {"players": [{"base": [{"card": V300, "rested": "no"}]}, {}]}
    kept = copy.deepcopy(data)
    with pytest.raises(BadScenario):
        load_scenario(data)
    assert data == kept
