"""Normal's race model (engine/clients/ai/race.py and NormalBot): blocks planned over the attacks still to come
in the turn, Lucky Pals in the damage check (11.2.2), a lethal attack made into a blocker that wins, the size a
Pal fights at (Brave, 12.6), and what resting a Pal costs on the opponent's next turn."""
from __future__ import annotations

from kit import LUCKY, V300, V700, V900, V1200, base_id, game, rich_game

from engine import view
from engine.clients.ai import HeuristicBot, _Seen
from engine.clients.ai.evaluation import GOOD_KEYWORDS, card_profile, pal_value
from engine.clients.ai.race import LETHAL, _life_cost, add_hit, defence_cost, defend, life_cost
from engine.clients.levels import NormalBot

UNIVOLT = "EBP01-009"     # power 600, Strike 2; Brave: +300 power as it attacks


def pal(power: int, strike: int, pid: int = 0, **more) -> dict:
    """A Pal as a view shows it (vanilla: no abilities)."""
    return {"id": pid, "number": V300, "type": "pal", "power": power, "strike": strike, "damage": 0, "cost": 2,
            "keywords": [], **more}


# --- the numbers ------------------------------------------------------------------------------------------------
def test_life_runs_dearer_as_it_runs_short_and_zero_loses():
    """Each point of life costs more than the one before it, and a hit that reaches 0 life (11.3) costs the game."""
    assert 0 < life_cost(10, 1) < life_cost(10, 2) - life_cost(10, 1) < life_cost(10, 5) - life_cost(10, 4)
    assert life_cost(3, 3) > LETHAL > life_cost(3, 2)


def test_the_memoised_life_cost_is_the_computed_one():
    """``life_cost`` is memoised (it is asked tens of times a rollout decision): every answer, first or
    repeated, equals the computation itself, for int and fractional damage alike."""
    for life in range(0, 8):
        for damage in (0, 0.5, 1, 1.0, 2, 2.25, 3, 7, 7.5, 9):
            assert life_cost(life, damage) == _life_cost(life, damage)
            assert life_cost(life, damage) == _life_cost(life, damage)


def test_pal_value_counts_each_keyword_once_whether_shown_or_printed():
    """A keyword the view shows and the card prints counts once; a card's printed keywords count without the
    view showing them; Power and Strike below zero count as zero."""
    printed = card_profile(UNIVOLT)["keywords"]
    assert "brave" in printed
    plain = {"number": UNIVOLT, "power": 600, "strike": 2, "cost": 3, "keywords": []}
    shown = {**plain, "keywords": ["brave", "taunt"]}
    base = 600 + 300 * 2 + 20 * 3 + sum(GOOD_KEYWORDS.get(k, 50) for k in printed)
    assert pal_value(plain) == base
    assert pal_value(shown) == base + (0 if "taunt" in printed else GOOD_KEYWORDS["taunt"])
    assert pal_value({**plain, "power": -100, "strike": -1}) == base - 600 - 600


def test_a_hit_lands_unless_its_damage_check_meets_a_lucky_pal():
    """11.2.2: a hit of Strike N mills N cards and any Lucky Pal among them cancels all of it, so a bigger hit
    is cancelled more often; the odds always add up to one."""
    one, three = add_hit({0: 1.0}, 1, 0.2), add_hit({0: 1.0}, 3, 0.2)
    assert abs(one[1] - 0.8) < 1e-9 and abs(three[3] - 0.8 ** 3) < 1e-9
    assert abs(sum(add_hit(three, 2, 0.2).values()) - 1) < 1e-9
    assert add_hit({0: 1.0}, 3, 0.0) == {3: 1.0, 0: 0.0}


def test_the_defender_keeps_its_blocker_for_the_hit_that_would_be_lethal():
    """At 2 life against a Strike-1 and a Strike-2 attack with one blocker, the plan blocks the Strike-2 hit
    and takes the other: 1 damage, not 2."""
    spent, odds = defend(2, [pal(300, 1, 1), pal(700, 2, 2)], [pal(900, 2, 3)])
    assert odds.get(1) == 1.0 and not odds.get(2)
    assert spent < 0            # the 900-power blocker destroys the attacker it blocks and survives


def test_a_stealth_attack_cannot_be_planned_for_with_a_blocker():
    """12.11: an attack by a Pal with Stealth cannot be blocked, so its hit is counted whatever blocks remain."""
    sneaky = pal(300, 2, 1, keywords=["stealth"])
    assert defence_cost(5, [sneaky], [pal(900, 2, 2)]) == life_cost(5, 2)


# --- blocks -----------------------------------------------------------------------------------------------------
def attacked_at(life: int, second: str = V700) -> tuple:
    """Player 1 (two standing Pals: a Strike-1 Pal and ``second``, Strike 2) attacks player 0 (one 900-power
    blocker) with the Strike-1 Pal first."""
    g = game({"base": [V900], "life": life},
             {"base": [V300, second], "souls": {"standing": 0}}, turn=6, turn_player=1)
    g.apply(f"attack {base_id(g, 1, V300)} player")
    assert g.decision.kind.value == "block" and g.decision.player == 0
    return g, base_id(g, 0, V900)


def test_normal_holds_its_blocker_for_a_bigger_hit_still_to_come():
    """At 2 life, blocking the Strike-1 attacker (the blocker would survive and destroy it) leaves the Strike-2
    Pal free to take the rest of Normal's life: Normal lets the small hit through and blocks the big one. The
    previous heuristic blocks the first attacker it can beat."""
    g, blocker = attacked_at(2)
    assert HeuristicBot(0).choose(view(g, 0, log_tail=0)).text == f"block {blocker}"
    assert NormalBot(0).choose(view(g, 0, log_tail=0)).text == "pass"
    g.apply("pass")
    while g.decision is not None and g.decision.player == 0:    # the quick step, then nothing else
        g.apply(NormalBot(0).choose(view(g, 0, log_tail=0)))
    g.apply(f"attack {base_id(g, 1, V700)} player")
    assert NormalBot(0).choose(view(g, 0, log_tail=0)).text == f"block {blocker}"


def test_normal_blocks_the_first_attack_when_the_rest_is_no_better_block():
    """At 10 life, when the Pal still to come (1200 power) would beat the blocker, Normal takes the free kill
    of the Strike-1 attacker at once."""
    g, blocker = attacked_at(10, V1200)
    assert NormalBot(0).choose(view(g, 0, log_tail=0)).text == f"block {blocker}"


# --- attacks ----------------------------------------------------------------------------------------------------
def test_normal_attacks_for_lethal_even_into_a_blocker_that_wins():
    """The opponent at 2 life has one standing 1200-power Pal, which beats each of Normal's four Strike-1 Pals.
    It can block one attack; the other three hits reach 2 with one to spare (a Lucky Pal may cancel one):
    Normal attacks the player (the previous heuristic, scared of the blocker, ends its turn)."""
    g = rich_game({"base": [V300] * 4, "souls": {"standing": 0}}, {"base": [V1200], "life": 2})
    v = view(g, 0, log_tail=0)
    assert HeuristicBot(0).choose(v).text == "end"
    choice = NormalBot(0).choose(v)
    assert choice.verb == "attack" and choice.text.endswith(" player")


def test_normal_judges_a_brave_attack_at_the_power_it_fights_at():
    """12.6: Univolt (600 power, Brave +300) attacking a resting 700-power Pal fights at 900: it destroys the
    Pal and survives. Normal sees it, makes that attack, and the Pal is destroyed."""
    g = rich_game({"base": [UNIVOLT], "souls": {"standing": 0}},
                  {"base": [{"card": V700, "rested": True}], "hand": []})
    target = base_id(g, 1, V700)
    choice = NormalBot(0).choose(view(g, 0, log_tail=0))
    assert choice.text == f"attack {base_id(g, 0, UNIVOLT)} {target}"
    g.apply(choice)
    while g.decision is not None and g.decision.kind.value != "main":
        g.apply(NormalBot(0).choose(view(g, g.decision.player, log_tail=0)))
    assert [c.number for c in g.state.players[1].graveyard] == [V700]


def test_normal_keeps_a_blocker_that_would_destroy_an_attacker_when_life_is_short():
    """At 3 life against a resting Strike-2 Pal (and a hand that can add more), Normal's 900-power Pal would
    block and destroy that Pal next turn: it stays home rather than hit for 2. At 10 life it attacks."""
    def choice(life: int) -> str:
        g = rich_game({"base": [V900], "life": life, "souls": {"standing": 0}},
                      {"base": [{"card": V700, "rested": True}, {"card": V300, "rested": True}],
                       "hand": [V300, V300], "souls": {"standing": 0, "rested": 6}})
        return NormalBot(0).choose(view(g, 0, log_tail=0)).text

    assert not choice(3).endswith(" player")
    assert choice(10).startswith("attack ")


def test_normal_counts_an_attack_lethal_when_the_hits_beat_the_lucky_pals_more_often_than_not():
    """Two Strike-1 hits against 2 life with no blocker: both land unless a damage check meets a Lucky Pal
    (11.2.2). Normal takes a deck to hold the 8 Lucky Pals it may (6.1) less those shown: with 40 cards left
    both hits land about 64% of the time and the attack counts as lethal (all in); with 10 cards left about
    4%, and it does not. A Lucky Pal already in the graveyard is one fewer left to cancel a hit."""
    def lethal(deck: int, graveyard: list | None = None) -> bool:
        g = rich_game({"base": [V300, V300], "souls": {"standing": 0}},
                      {"life": 2, "deck": [V300] * deck, "graveyard": graveyard or []})
        return NormalBot(0)._lethal(_Seen(view(g, 0, log_tail=0)))

    assert lethal(40)
    assert not lethal(10)
    assert lethal(10, [LUCKY] * 7)         # one Lucky Pal may be left among 10 cards: 81%
