"""Behaviour of every colorless card with an ability (EBP01-098, EBP01-100, ETD01-023/024, ETD02-023/024)."""
from __future__ import annotations

from kit import answer, base_id, hand_id, power_of, rich_game, strike_of, zone_numbers

FILLER = "ETD01-013"      # Jolthog Cryst: vanilla, cost 2, power 300, strike 1
SURFENT = "EBP01-037"     # vanilla, cost 4, power 700
DIREHOWL = "EBP01-099"    # vanilla, cost 3, power 500
LAMBALL, CATTIVA, CHIKIPI = "ETD01-023", "ETD02-023", "ETD02-024"


# --- EBP01-098 Elphidran ----------------------------------------------------------------------------------------

def test_ebp01_098_elphidran_reveals_a_dragon_pal_for_power():
    g = rich_game({"base": ["EBP01-098"], "hand": ["EBP01-029", SURFENT]})
    g.apply(f"attack {base_id(g, 0, 'EBP01-098')} player")
    assert g.decision.kind.value == "reveal"
    answer(g, "reveal", f"pick {hand_id(g, 0, 'EBP01-029')}")     # Azurobe: a Dragon Pal
    assert power_of(g, 0, "EBP01-098") == 1100
    assert len(g.state.players[0].hand) == 2                      # revealing keeps it in hand


def test_ebp01_098_elphidran_non_dragon_or_no_reveal_gives_nothing():
    g = rich_game({"base": ["EBP01-098"], "hand": ["EBP01-029", SURFENT]})
    g.apply(f"attack {base_id(g, 0, 'EBP01-098')} player")
    answer(g, "reveal", f"pick {hand_id(g, 0, SURFENT)}")
    assert power_of(g, 0, "EBP01-098") == 600
    g = rich_game({"base": ["EBP01-098"], "hand": ["EBP01-029"]})
    g.apply(f"attack {base_id(g, 0, 'EBP01-098')} player")
    answer(g, "reveal", "done")
    assert power_of(g, 0, "EBP01-098") == 600


# --- EBP01-100 The Adventure Begins -----------------------------------------------------------------------------

def test_ebp01_100_adventure_begins_draws_two_as_the_first_card_played():
    g = rich_game({"hand": ["EBP01-100"], "deck": [SURFENT, DIREHOWL] + [FILLER] * 5})
    g.apply(f"play {hand_id(g, 0, 'EBP01-100')}")
    assert zone_numbers(g, 0, "hand") == [SURFENT, DIREHOWL]


def test_ebp01_100_adventure_begins_no_draw_after_another_card_was_played():
    g = rich_game({"hand": [FILLER, "EBP01-100"], "deck": [SURFENT, DIREHOWL] + [FILLER] * 5})
    g.apply(f"play {hand_id(g, 0, FILLER)}")
    g.apply(f"play {hand_id(g, 0, 'EBP01-100')}")
    assert zone_numbers(g, 0, "hand") == []


def test_ebp01_100_adventure_begins_three_my_first_pals_get_1000_and_5():
    g = rich_game({"hand": ["EBP01-100"], "base": [LAMBALL, CATTIVA, CHIKIPI, SURFENT]}, {"base": [FILLER]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-100')}")
    for n in (LAMBALL, CATTIVA, CHIKIPI):
        assert (power_of(g, 0, n), strike_of(g, 0, n)) == (1200, 6)
    assert (power_of(g, 0, SURFENT), strike_of(g, 0, SURFENT)) == (1700, 7)
    assert power_of(g, 1, FILLER) == 300


def test_ebp01_100_adventure_begins_two_names_are_not_enough():
    g = rich_game({"hand": ["EBP01-100"], "base": [LAMBALL, LAMBALL, CATTIVA]})
    g.apply(f"play {hand_id(g, 0, 'EBP01-100')}")
    assert power_of(g, 0, LAMBALL) == 200
    assert strike_of(g, 0, CATTIVA) == 1


# --- ETD01-023 Lamball / ETD02-023 Cattiva ----------------------------------------------------------------------

def test_etd01_023_lamball_cannot_be_attacked_by_cost_four_or_more():
    g = rich_game({"base": [SURFENT, DIREHOWL]}, {"base": [{"card": LAMBALL, "rested": True}]})
    lamb = base_id(g, 1, LAMBALL)
    assert g.why_not(f"attack {base_id(g, 0, SURFENT)} {lamb}") is not None     # cost 4
    g.apply(f"attack {base_id(g, 0, DIREHOWL)} {lamb}")                         # cost 3 may
    assert LAMBALL in zone_numbers(g, 1, "graveyard")


def test_etd02_023_cattiva_cannot_be_attacked_by_cost_three_or_less():
    g = rich_game({"base": [SURFENT, DIREHOWL]}, {"base": [{"card": CATTIVA, "rested": True}]})
    cat = base_id(g, 1, CATTIVA)
    assert g.why_not(f"attack {base_id(g, 0, DIREHOWL)} {cat}") is not None     # cost 3
    g.apply(f"attack {base_id(g, 0, SURFENT)} {cat}")                           # cost 4 may
    assert CATTIVA in zone_numbers(g, 1, "graveyard")


# --- ETD01-024 Ribbuny / ETD02-024 Chikipi ----------------------------------------------------------------------

def test_etd01_024_ribbuny_gives_material_when_put_into_the_graveyard():
    g = rich_game({"base": ["ETD01-024"]}, {"base": [{"card": SURFENT, "rested": True}]})
    g.apply(f"attack {base_id(g, 0, 'ETD01-024')} {base_id(g, 1, SURFENT)}")
    assert "ETD01-024" in zone_numbers(g, 0, "graveyard")
    assert (g.state.players[0].material, g.state.players[0].ingredient) == (1, 0)


def test_etd02_024_chikipi_gives_ingredient_when_put_into_the_graveyard():
    g = rich_game({"base": [CHIKIPI]}, {"base": [{"card": SURFENT, "rested": True}]})
    g.apply(f"attack {base_id(g, 0, CHIKIPI)} {base_id(g, 1, SURFENT)}")
    assert CHIKIPI in zone_numbers(g, 0, "graveyard")
    assert (g.state.players[0].material, g.state.players[0].ingredient) == (0, 1)


def test_colorless_card_text_reads_in_english_and_japanese():
    from engine import CARDS

    assert "You may reveal a card from your hand. If the card you revealed is a Dragon Pal" \
        in CARDS["EBP01-098"].text("en")
    assert "公開したのが【竜】のパルなら" in CARDS["EBP01-098"].text("ja")
    text = CARDS["EBP01-100"].text("en")
    assert text.startswith("If you have played no other card so far this game, draw 2 cards")
    assert "at least 3 of your Pals each carry a distinct card name containing 《My First》" in text
    assert "give each of your Pals +1000 Power and +5 Strike this turn" in text
    assert "《始まりの》" in CARDS["EBP01-100"].text("ja")
    assert CARDS[LAMBALL].text("en") == "CONT · ◇4 or higher Pals cannot attack this card."
    assert CARDS[CATTIVA].text("ja") == "【永】◇3以下のパルはこのカードにアタックできない。"
    assert "Gain 1 Material" in CARDS["ETD01-024"].text("en") and "【食材】" in CARDS[CHIKIPI].text("ja")
