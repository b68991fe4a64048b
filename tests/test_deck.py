"""Deck construction rules (6.1, Q&A official-2 and official-17), deck codes and the shipped decks."""
from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cards
from engine import CARDS, Game
from engine.clients.ai import RandomPlayer, play_out
from engine.deck import DeckCodeError, DeckError, any_number_allowed, is_legal, parse_code, to_code, validate
from engine.model.abilities import parse_abilities

SHIPPED = cards.decks()

# A legal two-colour deck (red/blue, 8 Lucky Pals) used as the base that each test breaks in one way.
BASE = parse_code(SHIPPED["etd01-red-blue"]["code"])


def swap(deck: list[str], old: str, new: str, k: int = 1) -> list[str]:
    """The deck with k copies of ``old`` replaced by ``new``."""
    out = list(deck)
    for _ in range(k):
        out[out.index(old)] = new
    return out


# --- validate ------------------------------------------------------------------------------------------------


def test_base_deck_is_legal():
    assert validate(BASE) == []
    assert is_legal(BASE)
    assert len(BASE) == 50


@pytest.mark.parametrize("size", [0, 1, 49, 51, 60])
def test_main_deck_must_be_exactly_50_cards(size):
    deck = (BASE * 2)[:size]
    problems = validate(deck)
    assert any("exactly 50" in p and str(size) in p for p in problems)


def test_51_cards_is_reported_even_when_otherwise_fine():
    deck = BASE + ["ETD01-023"]       # a second colourless Lamball: still within every other limit
    assert validate(deck) == ["The main deck must have exactly 50 cards; this one has 51."]


def test_five_copies_of_a_name_is_illegal():
    deck = swap(BASE, "ETD01-003", "ETD01-002")     # Jolthog x5
    problems = validate(deck)
    assert len(problems) == 1
    assert "Jolthog – Shocking Yet Innocent" in problems[0] and "5" in problems[0]


def test_official_2_parallel_printings_count_as_the_same_name():
    # three normal Jormuntide Ignis and two parallels (SSP and OSR) are five cards of one name
    deck = parse_code("EBP01-001x3,EBP01-001SSP,EBP01-001OSR,EBP01-006x4,EBP01-011x4,EBP01-008x4,EBP01-012x4,"
                      "EBP01-009x4,EBP01-007x4,EBP01-013x4,EBP01-014x4,EBP01-005x4,EBP01-016x4,EBP01-017x4,"
                      "EBP01-021x1")
    assert len(deck) == 50
    problems = validate(deck)
    assert len(problems) == 1 and "Jormuntide Ignis – Savage Lava Dragon" in problems[0]
    # four in total across printings is fine
    legal = swap(deck, "EBP01-001", "EBP01-021")
    assert validate(legal) == []


def test_parallel_numbers_are_accepted_by_validate():
    deck = swap(BASE, "ETD01-002", "EBP01-001SSP")      # still red, now 9 Lucky Pals
    assert validate(deck) == ["At most 8 Lucky Pals; this deck has 9."]


def test_different_card_names_sharing_a_main_name_are_different_cards():
    # "Foxparks – Light of Courage" and "Foxparks – A Toasty Hug" are different card names (2.1.3)
    deck = swap(BASE, "ETD01-002", "EBP01-006", 4)
    assert Counter(CARDS[n].name_en for n in deck)["Foxparks"] == 7
    assert validate(deck) == []


def test_eight_lucky_pals_is_the_limit():
    assert sum(CARDS[n].lucky for n in BASE) == 8
    deck = swap(BASE, "ETD01-002", "ETD01-001")     # a third Grizzbolt: 9 Lucky Pals
    assert validate(deck) == ["At most 8 Lucky Pals; this deck has 9."]


def test_official_17_two_colours_plus_colourless():
    deck = swap(BASE, "ETD01-023", "EBP01-099")      # another colourless card: still fine
    assert validate(deck) == []
    three = swap(BASE, "ETD01-023", "ETD02-002")     # one green card makes three colours
    problems = validate(three)
    assert len(problems) == 1
    assert "colours" in problems[0] and "green (1)" in problems[0] and "red" in problems[0]
    one = [n for n in BASE if CARDS[n].color in ("red", "colorless")]
    one += ["EBP01-006"] * 4 + ["EBP01-011"] * 4 + ["EBP01-008"] * 4 + ["EBP01-012"] * 4 + ["EBP01-009"] * 4
    one += ["EBP01-013"] * 4
    assert len(one) == 50 and validate(one) == []


def test_unknown_numbers_are_reported_by_number():
    deck = swap(swap(BASE, "ETD01-002", "EBP99-001"), "ETD01-003", "XYZ")
    problems = validate(deck)
    assert problems == ["Unknown card numbers: EBP99-001, XYZ."]


def test_every_broken_rule_is_reported_at_once():
    deck = ["EBP01-001"] * 5 + ["EBP01-002"] * 4 + ["ETD02-006"] + ["EBP01-080"] + ["NOPE-1"]
    problems = validate(deck)
    assert len(problems) == 5
    text = " ".join(problems)
    for part in ("NOPE-1", "exactly 50", "Jormuntide Ignis", "Lucky Pals; this deck has 10", "3: green"):
        assert part in text


def _with_any_number(monkeypatch, number: str) -> None:
    """Give a card the CONT 'any number of copies' ability for the length of one test."""
    defn = CARDS[number]
    abilities = parse_abilities([{"kind": "cont", "effect": [{"do": "deck_any_number"}]}], number)
    monkeypatch.setitem(CARDS, number, dataclasses.replace(defn, abilities=defn.abilities + abilities))


def test_a_cont_may_lift_the_four_copy_limit(monkeypatch):
    deck = parse_code("EBP01-061x12,EBP01-060x4,EBP01-056x4,EBP01-058x4,EBP01-059x4,EBP01-062x4,EBP01-051x4,"
                      "EBP01-057x4,EBP01-066x4,EBP01-071x4,EBP01-099x2")
    assert len(deck) == 50
    exempt = any_number_allowed(CARDS["EBP01-061"])
    assert (validate(deck) == []) == exempt
    _with_any_number(monkeypatch, "EBP01-061")
    assert any_number_allowed(CARDS["EBP01-061"])
    assert validate(deck) == []
    # the exemption is only for that name: five of another card is still illegal
    five = swap(deck, "EBP01-099", "EBP01-060")
    assert len(validate(five)) == 1 and "Tanzee" in validate(five)[0]


# --- deck codes ------------------------------------------------------------------------------------------------


def test_parse_code_basic():
    assert parse_code("EBP01-006x4,EBP01-008x2") == ["EBP01-006"] * 4 + ["EBP01-008"] * 2


@pytest.mark.parametrize("text", [
    "EBP01-006x4,EBP01-008x2",
    " ebp01-006 x 4 ,\n EBP01-008X2 ",
    "EBP01-006×4\nEBP01-008×2\n",
    "EBP01-006x1,EBP01-006x3,EBP01-008x2",
    "4x EBP01-006, 2x EBP01-008",
    "EBP01-006x4;EBP01-008,EBP01-008",
    "\r\nEBP01-006 X4\r\n\r\nEBP01-008 x2\r\n",
])
def test_parse_code_is_lenient(text):
    assert Counter(parse_code(text)) == Counter({"EBP01-006": 4, "EBP01-008": 2})


def test_parse_code_maps_parallels_to_their_card():
    assert parse_code("EBP01-001SSPx2,ebp01-001osr x1,EBP01-001x1") == ["EBP01-001"] * 4


def test_parse_code_empty_is_empty():
    assert parse_code("") == []
    assert parse_code(" ,\n ") == []


def test_parse_code_names_every_bad_entry():
    with pytest.raises(DeckCodeError) as err:
        parse_code("EBP01-006x4, EBP99-001x2, hello, EBP01-008x0, EBP01-009x2, ZZZ-9")
    assert isinstance(err.value, ValueError)
    msg = str(err.value)
    assert len(err.value.problems) == 4
    for part in ("EBP99-001", '"hello"', "EBP01-008x0", "ZZZ-9"):
        assert part in msg
    assert not any("EBP01-009" in p for p in err.value.problems)


def test_to_code_is_canonical():
    numbers = ["ETD01-002", "EBP01-008", "EBP01-001SSP", "EBP01-008", "EBP01-001", "ETD01-002"]
    assert to_code(numbers) == "EBP01-001x2,EBP01-008x2,ETD01-002x2"
    assert to_code([]) == ""
    with pytest.raises(DeckCodeError) as err:
        to_code(["EBP01-001", "NOPE", "ALSO-NOPE"])
    assert "NOPE" in str(err.value) and "ALSO-NOPE" in str(err.value)


ALL_NUMBERS = sorted(set(CARDS) | set(CARDS.aliases))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(ALL_NUMBERS), max_size=60))
def test_code_round_trip(numbers):
    code = to_code(numbers)
    parsed = parse_code(code)
    assert sorted(parsed) == sorted(CARDS.canonical(n) for n in numbers)
    assert to_code(parsed) == code


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(ALL_NUMBERS), st.integers(1, 9), max_size=20), st.data())
def test_lenient_forms_round_trip(counts, data):
    entries = []
    for number, n in counts.items():
        shown = data.draw(st.sampled_from([number, number.lower(), number.title()]))
        mark = data.draw(st.sampled_from(["x", "X", "×", " x ", " × "]))
        prefix = data.draw(st.booleans())
        entries.append(f"{n}{mark}{shown}" if prefix else f"{shown}{mark}{n}")
    seps = data.draw(st.lists(st.sampled_from([",", ", ", "\n", " ,\n", "\r\n", ";"]),
                              min_size=len(entries), max_size=len(entries)))
    text = "".join(e + s for e, s in zip(entries, seps, strict=True))
    expected = Counter()
    for number, n in counts.items():
        expected[CARDS.canonical(number)] += n
    assert Counter(parse_code(text)) == expected
    assert to_code(parse_code(text)) == to_code(list(expected.elements()))


# --- shipped decks -----------------------------------------------------------------------------------------------


def test_at_least_four_shipped_decks():
    assert {"etd01-red-blue", "etd02-green-purple"} <= set(SHIPPED)
    assert sum(1 for k in SHIPPED if k.startswith("bp01")) >= 2


@pytest.mark.parametrize("deck_id", sorted(SHIPPED))
def test_shipped_deck_is_legal_and_well_formed(deck_id):
    d = SHIPPED[deck_id]
    assert set(d) == {"name", "description", "code"}
    for key in ("name", "description"):
        assert set(d[key]) == {"en", "ja"} and all(d[key].values())
    numbers = parse_code(d["code"])
    assert validate(numbers) == []
    assert d["code"] == to_code(numbers), "shipped codes are stored in canonical form"
    defs = [CARDS[n] for n in numbers]
    costs = {x.cost for x in defs if x.type == "pal"}
    assert min(costs) <= 2 and max(costs) >= 7, "a curve from cheap Pals to big ones"
    assert sum(x.lucky for x in defs) <= 8
    assert sum(x.type != "pal" for x in defs) >= 3, "a few structures, gear or events"
    assert len({x.color for x in defs if x.colored}) == 2


@pytest.mark.parametrize("deck_id,pool", [("etd01-red-blue", "ETD01"), ("etd02-green-purple", "ETD02")])
def test_trial_pool_decks_use_only_their_pool(deck_id, pool):
    d = SHIPPED[deck_id]
    assert {CARDS[n].set for n in parse_code(d["code"])} == {pool}
    assert pool in d["description"]["en"] and "not the official list" in d["description"]["en"]
    assert pool in d["description"]["ja"] and "公式のデッキリストではありません" in d["description"]["ja"]


def test_booster_decks_use_the_booster_pool():
    for deck_id, d in SHIPPED.items():
        if deck_id.startswith("bp01"):
            sets = Counter(CARDS[n].set for n in parse_code(d["code"]))
            assert sets["EBP01"] >= 40


@pytest.mark.parametrize("deck_id", sorted(SHIPPED))
def test_shipped_deck_plays_a_full_random_game(deck_id):
    numbers = parse_code(SHIPPED[deck_id]["code"])
    others = sorted(SHIPPED)
    opponent = parse_code(SHIPPED[others[(others.index(deck_id) + 1) % len(others)]]["code"])
    for seed in (1, 2):
        game = Game.new(numbers, opponent, seed=seed, snapshots=False)
        play_out(game, [RandomPlayer(seed), RandomPlayer(seed + 10)])
        assert game.decision is None
        assert game.outcome is not None
        assert game.outcome.winner in (0, 1, None)
        assert game.state.turn >= 2
        assert sorted(game.state.players[0].decklist) == sorted(numbers)


def test_beegarde_may_fill_a_deck():
    """EBP01-061's own [CONT] lifts the four-copy limit for its name (its card data, not a stand-in)."""
    assert any_number_allowed(CARDS["EBP01-061"])
    assert any_number_allowed(CARDS["EBP01-061"]) is not any_number_allowed(CARDS["EBP01-060"])
    deck = parse_code("EBP01-061x20,EBP01-060x4,EBP01-056x4,EBP01-058x4,EBP01-059x4,EBP01-062x4,EBP01-057x4,"
                      "EBP01-066x4,EBP01-099x2")
    assert len(deck) == 50 and validate(deck) == []


def test_problems_are_reported_in_japanese_too():
    deck = ["EBP01-001"] * 5 + ["EBP01-002"] * 4 + ["ETD02-006"] + ["EBP01-080"] + ["NOPE-1"]
    en, ja = validate(deck), validate(deck, "ja")
    assert len(ja) == len(en) == 5
    text = "".join(ja)
    for part in ("NOPE-1", "50枚", "荒ぶる溶岩竜 – アグニドラ", "ラッキーパルは8枚まで", "3色", "緑1枚"):
        assert part in text
    assert validate(BASE, "ja") == []


# --- Game.new checks the decks (6.1) -------------------------------------------------------------------------------

LUCKY_PALS = sorted(n for n, d in CARDS.items() if d.lucky)


def test_6_1_game_new_refuses_a_ten_card_deck():
    """6.1.1: a main deck is exactly 50 cards; Game.new refuses a 10-card deck and says which rule and why."""
    ten = BASE[:10]
    with pytest.raises(DeckError) as err:
        Game.new(ten, BASE, seed=1)
    assert isinstance(err.value, ValueError)
    message = str(err.value)
    assert "6.1" in message and "Player 0's deck" in message and "exactly 50 cards; this one has 10" in message
    assert "Player 1" not in message                     # the legal deck is not blamed
    assert err.value.problems == ["Player 0's deck: " + p for p in validate(ten)]


def test_6_1_game_new_refuses_a_sixty_card_all_lucky_deck_naming_every_broken_rule():
    """6.1.1: exactly 50 cards and at most 8 Lucky Pals; a 60-card deck of Lucky Pals breaks both (and the
    four-per-name limit), and every broken rule is named at once."""
    lucky = [LUCKY_PALS[i % len(LUCKY_PALS)] for i in range(60)]
    assert all(CARDS[n].lucky for n in lucky)
    with pytest.raises(DeckError) as err:
        Game.new(BASE, lucky, seed=1)
    message = str(err.value)
    assert "6.1" in message
    assert "Player 1's deck: The main deck must have exactly 50 cards; this one has 60." in message
    assert "Player 1's deck: At most 8 Lucky Pals; this deck has 60." in message
    assert err.value.problems == ["Player 1's deck: " + p for p in validate(lucky)]
    assert len(err.value.problems) >= 2


def test_6_1_both_decks_are_checked():
    with pytest.raises(DeckError) as err:
        Game.new(BASE[:10], BASE[:49], seed=1)
    assert [p.split(":")[0] for p in err.value.problems] == ["Player 0's deck", "Player 1's deck"]


def test_6_1_check_decks_false_is_the_named_opt_out_for_odd_decks():
    """Tests and lessons may start a game with odd decks by saying so; the setup records the opt-out."""
    ten = BASE[:10]
    game = Game.new(ten, ten, seed=1, first=0, check_decks=False)
    assert game.decision is not None and game.setup["check_decks"] is False
    assert sorted(game.state.players[0].decklist) == sorted(ten)
    assert "check_decks" not in Game.new(BASE, BASE, seed=1).setup    # a legal game's setup is unchanged


@pytest.mark.parametrize("deck_id", sorted(SHIPPED))
def test_6_1_game_new_accepts_every_shipped_deck(deck_id):
    numbers = parse_code(SHIPPED[deck_id]["code"])
    game = Game.new(numbers, numbers, seed=3)
    assert game.decision is not None and game.outcome is None
