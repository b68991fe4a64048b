"""The hostile corpus of records, saves, exported files and links, generated deterministically.

Each ``Entry`` says what it is (``kind``: "record", "save", "export", "link" or "deck"), its data (JSON text, a parsed
value, or a link code), whether the app must accept it (it is legal) or refuse it, and ``mentions``: a regular
expression the refusal message must match (case-insensitive), so the message says what was wrong. The same
corpus runs through the engine (tests/hostile/test_corpus.py), the page's host (the same file) and the page
itself (tests/browser/test_hostile_corpus.py).
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import cards
from engine import CARDS, Game, links
from engine.deck import parse_code
from engine.model.limits import MAX_EXPORT_CHARS
from engine.persistence.inputs import save_digest
from engine.scenario import load as load_scenario

ACCEPTED, REFUSED = True, False
SCENARIO = {"turn": 3, "turn_player": 0, "phase": "main", "seed": 2,
            "players": [{"hand": ["EBP01-001"], "base": ["ETD01-013"], "souls": {"standing": 1}},
                        {"base": ["ETD01-013"], "souls": {"standing": 1}}]}


@dataclass(frozen=True)
class Entry:
    id: str
    kind: str              # record, save, export or link
    data: Any              # JSON text, a parsed value, or a link code
    accepted: bool         # legal input the app must open; else it must be refused with ``mentions``
    mentions: str = ""

    def text(self) -> str:
        """The entry as an exported file's text (what the page's Import reads); not for links."""
        inner = self.data if isinstance(self.data, str) else json.dumps(self.data, ensure_ascii=False)
        if self.kind == "export":
            return inner
        store = "saves" if self.kind == "save" else "replays"
        holder = inner if self.kind == "save" else '{"record": ' + inner + "}"
        return '{"kind": "pwtcg-export", "format": 1, "items": [{"store": "' + store + '", "save": ' + holder + "}]}"

    def items(self) -> int:
        """How many entries an accepted import stores."""
        return len(self.data["items"]) if self.kind == "export" else 1


# ---------------------------------------------------------------------------------------------- legal inputs

@cache
def decks() -> dict[str, list[str]]:
    return {k: parse_code(v["code"]) for k, v in cards.decks().items()}


@cache
def game() -> Game:
    """A legal game a few decisions in (shipped decks)."""
    d = decks()
    g = Game.new(d["etd01-red-blue"], d["etd02-green-purple"], 42, first=0, snapshots=False)
    for _ in range(8):
        g.apply(g.decision.options[-1])
    return g


def record() -> dict:
    return copy.deepcopy(game().record())


def sign(save: dict) -> dict:
    """A save with its check recomputed, as anyone editing a save can do."""
    save = {k: v for k, v in save.items() if k != "check"}
    save["check"] = save_digest(save)
    return save


def save(**changes: Any) -> dict:
    """A legal save of ``game()``, with ``changes`` (then signed again)."""
    rec = record()
    base = {"kind": "pwtcg-save", "save_format": 1, "record": rec, "mode": "computer", "human": 0,
            "deciders": [0] * len(rec["choices"]), "level": "normal"}
    base.update(changes)
    return sign({k: v for k, v in base.items() if v is not DROP})


DROP = object()


def rec(change=None, **setup: Any) -> dict:
    """The legal record with ``change(record)`` applied and ``setup`` keys replaced (DROP removes one)."""
    r = record()
    if change:
        change(r)
    for key, value in setup.items():
        if value is DROP:
            r["setup"].pop(key, None)
        else:
            r["setup"][key] = value
    return r


def top(**kv: Any) -> dict:
    r = record()
    for key, value in kv.items():
        if value is DROP:
            r.pop(key, None)
        else:
            r[key] = value
    return r


def with_deck(deck: list[str], player: int = 0) -> dict:
    r = record()
    r["setup"]["decks"][player] = deck
    return r


def three_colours() -> list[str]:
    """The red-blue deck with its last four cards swapped for a green card: three colours."""
    green = next(n for n, d in sorted(CARDS.items()) if d.color == "green" and not d.lucky)
    return decks()["etd01-red-blue"][:46] + [green] * 4


def nine_lucky() -> list[str]:
    """The red-blue deck with one of its other cards swapped for a ninth Lucky Pal."""
    deck = decks()["etd01-red-blue"]
    counts = Counter(deck)
    lucky = next(n for n, d in sorted(CARDS.items()) if d.lucky and d.color == "red" and counts[n] < 4)
    plain = next(i for i, n in enumerate(deck) if not CARDS[n].lucky)
    return deck[:plain] + [lucky] + deck[plain + 1:]


def scenario_record() -> dict:
    g = load_scenario(SCENARIO)
    g.apply(g.decision.options[0])
    return g.record()


def link_of(deck: list[str], check_decks: bool = True, seed: int = 7) -> str:
    return links.encode(Game.new(deck, deck, seed, snapshots=False, check_decks=check_decks))


def good_link() -> str:
    return links.encode(game())


def export(*items: dict, **top_fields: Any) -> dict:
    data = {"kind": "pwtcg-export", "format": 1, "items": list(items)}
    data.update(top_fields)
    return {k: v for k, v in data.items() if v is not DROP}


def item(store: str = "saves", **kv: Any) -> dict:
    base = {"store": store, "id": "g-1", "name": "My game", "created": "2026-01-01T00:00:00.000Z",
            "updated": "2026-01-01T00:00:00.000Z", "save": save() if store == "saves" else {"record": record()}}
    base.update(kv)
    return base


def garbled(code: str) -> str:
    """The code with its next-to-last character changed: the bits of its check of the game's content."""
    return code[:-2] + ("A" if code[-2] != "A" else "B") + code[-1]


def version_link(engine: str) -> str:
    """The legal game's link as if made by engine version ``engine``."""
    return links.encode({**record(), "engine": engine})


# ---------------------------------------------------------------------------------------------- the corpus

def _records() -> list[Entry]:
    r = record
    good_text = json.dumps(r())
    with_nan = good_text.replace('"seed": 42', '"seed": NaN')
    return [
        Entry("record-good", "record", r(), ACCEPTED),
        Entry("record-good-text", "record", good_text, ACCEPTED),
        Entry("record-other-minor-engine", "record", top(engine="0.9.9"), ACCEPTED),
        Entry("record-other-card-data", "record", top(cards="ffff"), ACCEPTED),
        Entry("record-no-versions", "record", top(engine=DROP, cards=DROP), ACCEPTED),
        Entry("record-decks-checked-flag-off-legal-decks", "record", rec(check_decks=False), ACCEPTED),
        Entry("record-scenario", "record", scenario_record(), ACCEPTED),
        Entry("record-a-list", "record", "[1, 2]", REFUSED, r"object"),
        Entry("record-a-string", "record", '"hello"', REFUSED, r"object"),
        Entry("record-empty-text", "record", "", REFUSED, r"JSON"),
        Entry("record-truncated-json", "record", good_text[: len(good_text) // 2], REFUSED, r"JSON"),
        Entry("record-missing-setup", "record", top(setup=DROP), REFUSED, r"setup: missing"),
        Entry("record-missing-choices", "record", top(choices=DROP), REFUSED, r"choices"),
        Entry("record-choices-a-string", "record", top(choices="pass"), REFUSED, r"choices"),
        Entry("record-choice-a-number", "record", top(choices=[1]), REFUSED, r"choices\[0\]"),
        Entry("record-choice-10k-chars", "record", top(choices=["x" * 10_000]), REFUSED, r"choices\[0\].*long"),
        Entry("record-million-choices", "record", top(choices=["pass"] * 1_000_001), REFUSED,
              r"at most 200000 choices"),
        Entry("record-illegal-choice", "record", top(choices=[*r()["choices"], "fly to the moon"]), REFUSED,
              r"Choice 8 .*illegal"),
        Entry("record-unicode-junk-choice", "record", top(choices=["\u202e\u0000ｐａｓｓ\U0001f600"]), REFUSED,
              r"Choice 0 .*illegal"),
        Entry("record-format-2", "record", top(format=2), REFUSED, r"format"),
        Entry("record-format-text", "record", top(format="1"), REFUSED, r"format"),
        Entry("record-format-negative", "record", top(format=-1), REFUSED, r"format"),
        Entry("record-format-missing", "record", top(format=DROP), REFUSED, r"format"),
        Entry("record-engine-9", "record", top(engine="9.0.0"), REFUSED, r"engine 9\.0\.0"),
        Entry("record-engine-garbage", "record", top(engine="v1"), REFUSED, r"engine: expected a version"),
        Entry("record-engine-huge", "record", top(engine="0." + "9" * 1000 + ".0"), REFUSED, r"engine"),
        Entry("record-cards-a-number", "record", top(cards=5), REFUSED, r"cards"),
        Entry("record-proto-key", "record", top(__proto__={"polluted": True}), REFUSED, r"__proto__.*unknown key"),
        Entry("record-final-wrong", "record", top(final="0" * 64), REFUSED, r"does not replay to the position"),
        Entry("record-final-a-number", "record", top(final=5), REFUSED, r"final"),
        Entry("record-setup-a-list", "record", top(setup=[]), REFUSED, r"setup: expected an object"),
        Entry("record-setup-proto-key", "record", rec(__proto__=1), REFUSED, r"setup: unknown key"),
        Entry("record-one-deck", "record", rec(decks=[decks()["etd01-red-blue"]]), REFUSED, r"setup\.decks"),
        Entry("record-three-decks", "record", rec(decks=[decks()["etd01-red-blue"]] * 3), REFUSED, r"setup\.decks"),
        Entry("record-deck-not-a-list", "record", with_deck("ETD01-013x50"), REFUSED, r"setup\.decks\[0\]"),
        Entry("record-deck-201-cards", "record", with_deck(["ETD01-013"] * 201), REFUSED, r"at most 200 cards"),
        Entry("record-deck-49-cards", "record", with_deck(decks()["etd01-red-blue"][:49]), REFUSED,
              r"6\.1.*exactly 50"),
        Entry("record-deck-51-cards", "record", with_deck([*decks()["etd01-red-blue"], "ETD01-013"], 1), REFUSED,
              r"setup\.decks\[1\].*6\.1"),
        Entry("record-deck-50-copies", "record", with_deck(["ETD01-013"] * 50), REFUSED, r"6\.1.*at most 4"),
        Entry("record-deck-three-colours", "record", with_deck(three_colours()), REFUSED, r"6\.1.*colours"),
        Entry("record-deck-nine-lucky-pals", "record", with_deck(nine_lucky()), REFUSED, r"6\.1.*Lucky"),
        Entry("record-deck-unknown-card", "record", with_deck(["XXX-999"] * 50), REFUSED, r"unknown card number"),
        Entry("record-deck-card-a-number", "record", with_deck([13] * 50), REFUSED, r"expected a card number"),
        Entry("record-flag-off-200-card-deck", "record", rec(check_decks=False, decks=[["ETD01-013"] * 200] * 2),
              REFUSED, r"6\.1"),
        Entry("record-flag-true", "record", rec(check_decks=True), REFUSED, r"check_decks"),
        Entry("record-seed-2-to-the-70", "record", rec(seed=2 ** 70), REFUSED, r"seed"),
        Entry("record-seed-minus-2-to-the-64", "record", rec(seed=-(2 ** 64)), REFUSED, r"seed"),
        Entry("record-seed-a-fraction", "record", rec(seed=1.5), REFUSED, r"seed"),
        Entry("record-seed-true", "record", rec(seed=True), REFUSED, r"seed"),
        Entry("record-seed-text", "record", rec(seed="42"), REFUSED, r"seed"),
        Entry("record-seed-40-digits", "record", good_text.replace('"seed": 42', '"seed": ' + "9" * 40), REFUSED,
              r"digits"),
        Entry("record-first-5", "record", rec(first=5), REFUSED, r"setup\.first"),
        Entry("record-first-text", "record", rec(first="0"), REFUSED, r"setup\.first"),
        Entry("record-nan", "record", with_nan, REFUSED, r"NaN"),
        Entry("record-infinity", "record", good_text.replace('"seed": 42', '"seed": -Infinity'), REFUSED,
              r"Infinity"),
        Entry("record-1e999", "record", good_text.replace('"seed": 42', '"seed": 1e999'), REFUSED, r"too large"),
        Entry("record-duplicate-key", "record", good_text.replace('"seed": 42', '"seed": 42, "seed": 43'),
              REFUSED, r"duplicate"),
        Entry("record-nested-1000", "record", "[" * 1000 + "]" * 1000, REFUSED, r"deep"),
        Entry("record-lone-surrogate", "record", good_text.replace('"choices": [', '"choices": ["\\udc00", '),
              REFUSED, r"surrogate"),
        Entry("record-scenario-with-seed", "record", {**scenario_record(), "setup": {"scenario": SCENARIO,
              "seed": 1}}, REFUSED, r"scenario setup"),
        Entry("record-scenario-turn-text", "record", {**scenario_record(), "setup": {"scenario": {"turn": "x"}}},
              REFUSED, r"turn"),
        Entry("record-scenario-20k-title", "record", {**scenario_record(), "setup": {"scenario": {
              **SCENARIO, "title": "t" * 20_000}}}, REFUSED, r"title"),
        Entry("record-scenario-proto-key", "record", {**scenario_record(), "setup": {"scenario": {
              **SCENARIO, "__proto__": {}}}}, REFUSED, r"__proto__"),
    ]


def _saves() -> list[Entry]:
    n = len(record()["choices"])
    edited = save()
    edited["mode"] = "hotseat"
    return [
        Entry("save-good", "save", save(), ACCEPTED),
        Entry("save-from-before-levels", "save", save(level=DROP), ACCEPTED),
        Entry("save-hotseat-fewer-deciders", "save", save(mode="hotseat", deciders=[0, 1]), ACCEPTED),
        Entry("save-edited-not-signed", "save", edited, REFUSED, r"damaged or was edited"),
        Entry("save-million-deciders", "save", save(deciders=[0] * 1_000_000), REFUSED, r"who decided.*at most"),
        Entry("save-more-deciders-than-choices", "save", save(deciders=[0] * (n + 1)), REFUSED,
              r"who decided is longer than its game"),
        Entry("save-decider-2", "save", save(deciders=[2]), REFUSED, r"who decided is damaged"),
        Entry("save-decider-true", "save", save(deciders=[True]), REFUSED, r"who decided is damaged"),
        Entry("save-format-2", "save", save(save_format=2), REFUSED, r"format"),
        Entry("save-kind-other", "save", save(kind="pwtcg-something"), REFUSED, r"not a saved game"),
        Entry("save-proto-field", "save", save(__proto__={"admin": True}), REFUSED, r"unknown field"),
        Entry("save-mode-unknown", "save", save(mode="online"), REFUSED, r"unknown mode"),
        Entry("save-human-5", "save", save(human=5), REFUSED, r"which seat"),
        Entry("save-level-unknown", "save", save(level="god"), REFUSED, r"unknown computer level"),
        Entry("save-no-record", "save", save(record=DROP), REFUSED, r"no game record"),
        Entry("save-record-breaks-6-1", "save", save(record=with_deck(["ETD01-013"] * 50)), REFUSED,
              r"cannot be replayed.*6\.1"),
        Entry("save-record-illegal-choice", "save", save(record=top(choices=["fly"]), deciders=[0]), REFUSED,
              r"illegal"),
        Entry("save-check-a-number", "save", {**save(), "check": 5}, REFUSED, r"damaged or was edited"),
        Entry("save-check-1mb", "save", {**save(), "check": "f" * 1_000_000}, REFUSED, r"damaged or was edited"),
        Entry("save-garbage-text", "save", "{", REFUSED, r"not readable"),
    ]


def _exports() -> list[Entry]:
    return [
        Entry("export-good", "export", export(item("saves"), item("replays")), ACCEPTED),
        Entry("export-link-replay", "export", export(item("replays", save={"record": record(), "mode": "hotseat",
                                                                            "human": 0})), ACCEPTED),
        Entry("export-kind-other", "export", export(item(), kind="other"), REFUSED, r"not an export"),
        Entry("export-format-2", "export", export(item(), format=2), REFUSED, r"format"),
        Entry("export-no-items", "export", export(), REFUSED, r"holds no saved game"),
        Entry("export-items-an-object", "export", {**export(), "items": {"0": item()}}, REFUSED,
              r"holds no saved game"),
        Entry("export-6000-items", "export", export(*[{}] * 6000), REFUSED, r"at most 5000"),
        Entry("export-store-other", "export", export(item(store="cookies")), REFUSED, r"Item 1"),
        Entry("export-name-10k", "export", export(item(name="n" * 10_000)), REFUSED, r"Item 1: name"),
        Entry("export-created-a-number", "export", export(item(created=5)), REFUSED, r"Item 1: created"),
        Entry("export-item-proto-field", "export", export({**item(), "__proto__": {"x": 1}}), REFUSED,
              r"Item 1: unknown field"),
        Entry("export-second-item-bad", "export", export(item(), item(save=save(human=7))), REFUSED,
              r"Item 2: .*which seat"),
        Entry("export-replay-mode-unknown", "export", export(item("replays", save={"record": record(),
                                                                                   "mode": "x"})), REFUSED,
              r"Item 1: .*unknown mode"),
        Entry("export-top-proto-field", "export", {**export(item()), "__proto__": 1}, REFUSED, r"unknown field"),
        Entry("export-not-json", "export", "this is not json", REFUSED, r"not readable"),
        Entry("export-too-large", "export", " " * (MAX_EXPORT_CHARS + 100_000) + "{}", REFUSED, r"too large"),
    ]


def _links() -> list[Entry]:
    good = good_link()
    odd = ["EBP01-061"] * 20 + ["ETD01-013"] * 30
    return [
        Entry("link-good", "link", good, ACCEPTED),
        Entry("link-decks-checked-flag-off-legal-decks", "link", link_of(decks()["bp01-red-green"], False),
              ACCEPTED),
        Entry("link-scenario", "link", links.encode(load_scenario(SCENARIO)), ACCEPTED),
        Entry("link-another-minor-version", "link", version_link("0.9.1"), ACCEPTED),
        Entry("link-another-major-version", "link", version_link("3.2.0"), REFUSED,
              r"engine 3\.2\.0 made it.*another major version"),
        Entry("link-flag-off-200-card-deck", "link", link_of(["ETD01-013"] * 200, False), REFUSED,
              r"6\.1.*exactly 50"),
        Entry("link-flag-off-odd-deck", "link", link_of(odd, False), REFUSED, r"6\.1.*at most 4"),
        Entry("link-empty", "link", "", REFUSED, r"empty"),
        Entry("link-format-letter", "link", "x" + good[1:], REFUSED, r"format"),
        Entry("link-cut-in-half", "link", good[: len(good) // 2], REFUSED, r"damaged|cut short|cannot start"),
        Entry("link-cut-by-one", "link", good[:-1], REFUSED, r"damaged|cut short|cannot start"),
        Entry("link-garbled", "link", garbled(good), REFUSED, r"damaged or was altered"),
        Entry("link-script", "link", "g<script>alert(1)</script>", REFUSED, r"characters a link never has"),
        Entry("link-9000-chars", "link", "g" + "A" * 9000, REFUSED, r"too long"),
        Entry("link-padding", "link", "gAAAA", REFUSED, r"padding"),
        Entry("link-base64-equals", "link", good + "==", REFUSED, r"characters a link never has"),
        Entry("link-unicode", "link", "gＡＢＣＤ", REFUSED, r"characters a link never has"),
        Entry("link-a-number", "link", 12345, REFUSED, r"text"),
    ]


def _deck_codes() -> list[Entry]:
    """Deck codes (the engine's check only: the page's deck builder lists a code's problems as it is typed)."""
    code = cards.decks()["etd01-red-blue"]["code"]
    return [
        Entry("deck-shipped-code", "deck", code, ACCEPTED),
        Entry("deck-lower-case-spaces", "deck", code.lower().replace(",", " , "), ACCEPTED),
        Entry("deck-50-copies", "deck", "ETD01-013x50", REFUSED, r"6\.1.*at most 4"),
        Entry("deck-200-cards", "deck", ",".join(["ETD01-013x50"] * 4), REFUSED, r"copies|at most|6\.1"),
        Entry("deck-billion-copies", "deck", "EBP01-006x1000000000", REFUSED, r"copies"),
        Entry("deck-unknown-card", "deck", "XXX-999x4", REFUSED, r"XXX-999"),
        Entry("deck-garbage", "deck", "<script>alert(1)</script>", REFUSED, r"entry"),
        Entry("deck-a-number", "deck", 50, REFUSED, r"text"),
        Entry("deck-huge-text", "deck", "E" * 100_000, REFUSED, r"long|characters"),
        Entry("deck-49-cards", "deck", code.replace("x4", "x3", 1), REFUSED, r"6\.1.*exactly 50"),
    ]


@cache
def corpus() -> tuple[Entry, ...]:
    return (*_records(), *_saves(), *_exports(), *_links(), *_deck_codes())
