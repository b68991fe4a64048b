"""Strong's search (engine.clients.search, engine.clients.worlds): blocks and quick steps searched from sampled
worlds that start in the battle, successive halving over a race of candidates that widens with the budget,
the same choice from the same seed and playouts, a rollout view that gives the bots exactly what the view
gives them, and the opponent's hand sampled to agree with their play."""
from __future__ import annotations

import copy
import gc
import random
import weakref

from kit import V300, V700, V1200, rich_game
from test_levels import fight_position

from engine import Game, view
from engine.bench import random_deck
from engine.clients.levels import NormalBot
from engine.clients.search import StrongBot, names_hidden_cards
from engine.clients.why import why
from engine.clients.worlds import Memory, _hand_interrupts, determinise, quick_view
from engine.model.actions import DecisionKind
from engine.model.carddb import CARDS
from engine.scenario import card_id, load

INTERRUPT_PAL = "ETD01-004"  # a Pal with Interrupt, played from the hand in the quick step
UNIVOLT = "EBP01-009"        # cost 4, Power 600, Strike 2


def block_position() -> dict:
    """Player 1's view of a block decision: a Power-1200 Pal attacks it; it has a 300 and a 700 to block with."""
    g = rich_game({"base": [V1200]}, {"base": [V300, V700]})
    g.apply(f"attack {g.state.players[0].base[0].id} player")
    assert g.decision.kind == DecisionKind.BLOCK
    return view(g, 1, log_tail=0)


def test_a_sampled_world_starts_at_the_block_decision_the_view_shows():
    """9.4: the world is built in the battle's block step, so the blocker's options are the real ones."""
    v = block_position()
    m = Memory()
    m.observe(v)
    g = determinise(v, m, random.Random(3))
    assert g.decision.kind == DecisionKind.BLOCK and g.decision.player == 1
    assert [a.text for a in g.decision.options] == v["decision"]["options"]
    assert g.state.battle.attacker == v["battle"]["attacker"] and g.state.battle.target is None


def test_strong_searches_a_block_with_every_blocker_in_the_race():
    v = block_position()
    bot = StrongBot(2, budget_s=None, playouts=30)
    choice = bot.choose(copy.deepcopy(v))
    assert choice.text in v["decision"]["options"]
    assert bot.last["searched"] and bot.last["playouts"] <= 30
    assert set(bot.last["values"]) == set(v["decision"]["options"])   # pass and both blockers were played out


def test_the_same_seed_and_playouts_give_the_same_search():
    v = fight_position()
    runs = []
    for _ in range(2):
        bot = StrongBot(5, budget_s=None, playouts=40)
        runs.append((bot.choose(copy.deepcopy(v)).text, bot.last["values"], bot.last["playouts"]))
    assert runs[0] == runs[1]


def test_a_bigger_budget_races_more_candidates_and_halves_them():
    """Successive halving: 12 playouts race Normal's choice against one alternative; 96 race up to
    ``max_candidates``, and the candidates dropped in the first phase got fewer playouts than the finalists."""
    v = fight_position()
    small = StrongBot(1, budget_s=None, playouts=12)
    small.choose(copy.deepcopy(v))
    big = StrongBot(1, budget_s=None, playouts=96)
    big.choose(copy.deepcopy(v))
    assert small.last["candidates"] == 2
    n_options = len(v["decision"]["options"])
    assert big.last["candidates"] == min(n_options, StrongBot.max_candidates) > 2
    samples = big.last["samples"]
    assert max(samples.values()) > min(samples.values())
    assert samples[big.last["normal"]] == max(samples.values())   # Normal's choice stays in every round
    assert big.last["playouts"] <= 96


def test_fewer_playouts_than_three_paired_rounds_keep_normals_choice():
    """A candidate overrules Normal only after min_rounds paired rounds: below that, Strong plays Normal."""
    for v in (fight_position(), block_position()):
        bot = StrongBot(3, budget_s=None, playouts=2 * StrongBot.min_rounds - 1)
        assert bot.choose(copy.deepcopy(v)) == NormalBot(3).choose(copy.deepcopy(v))
        assert bot.last["choice"] == bot.last["normal"]


def test_strong_leaves_a_quick_step_with_nothing_to_play_to_normal():
    v = block_position()
    v = copy.deepcopy(v)
    v["decision"] = {**v["decision"], "kind": "quick", "options": ["pass"]}
    bot = StrongBot(0, budget_s=None, playouts=20)
    assert bot.choose(v).text == "pass" and not bot.last["searched"]


def test_the_rollout_view_gives_the_bots_what_the_view_gives_them():
    """quick_view skips only what no bot reads (the log, the reasons of illegal options, looked-at cards)."""
    compared = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        g = Game.new(random_deck(rng), random_deck(rng), seed=seed, snapshots=False)
        bots = [NormalBot(1), NormalBot(2)]
        while g.decision is not None:
            for p in (0, 1):
                full, quick = copy.deepcopy(view(g, p, log_tail=0)), quick_view(g, p)
                for v in (full, quick):
                    for key in ("rejected", "cards"):
                        (v["decision"] or {}).pop(key, None)
                assert full == quick
                compared += 1
            g.apply(bots[g.decision.player].choose(view(g, g.decision.player, log_tail=0)))
    assert compared > 100


def quick_position() -> dict:
    """Player 0's view of a quick step (9.5): a Strike-2 Pal attacks it at 2 life, an Interrupt Pal in hand."""
    g = load({"turn": 6, "turn_player": 1, "players": [
        {"life": 2, "base": [], "hand": [INTERRUPT_PAL, V300], "souls": {"standing": 1}},
        {"base": [UNIVOLT], "souls": {"standing": 0}}]})
    g.apply(f"attack {card_id(g, 1, 'base', UNIVOLT)} player")
    assert g.decision.kind == DecisionKind.QUICK and len(g.decision.options) > 1
    return view(g, 0, log_tail=0)


def test_strong_searches_a_quick_step_from_a_world_in_that_step():
    v = quick_position()
    m = Memory()
    m.observe(v)
    g = determinise(v, m, random.Random(4))
    assert g.decision.kind == DecisionKind.QUICK and g.decision.player == 0
    assert [a.text for a in g.decision.options] == v["decision"]["options"]
    bot = StrongBot(4, budget_s=None, playouts=24)
    choice = bot.choose(copy.deepcopy(v))
    assert bot.last["searched"] and choice.text in v["decision"]["options"]
    # passing lets a lethal hit land (only a Lucky Pal in the damage check could stop it): the Interrupt is worth more
    assert bot.last["values"]["pass"] < bot.last["values"][choice.text] and choice.text != "pass"


def test_a_closed_game_is_freed_without_the_cycle_collector():
    """A rollout cut at its horizon abandons a game mid-turn: closed, it goes as soon as it is dropped."""
    g = rich_game({"base": [V1200]}, {"base": [V300, V700]})
    g.apply(f"attack {g.state.players[0].base[0].id} player")
    gone = weakref.ref(g)
    gc.disable()
    try:
        g.close()
        assert g.decision is None
        del g
        assert gone() is None
    finally:
        gc.enable()


def test_a_search_leaves_nothing_to_the_cycle_collector():
    """Each playout closes its game, so a whole search leaves (almost) no cyclic garbage behind."""
    v = fight_position()
    bot = StrongBot(5, budget_s=None, playouts=40)
    gc.collect()
    gc.disable()
    try:
        bot.choose(copy.deepcopy(v))
        left = gc.collect()
    finally:
        gc.enable()
    assert bot.last["playouts"] >= 20
    assert left < 100    # without closing: about 200 objects a playout (the game, its state, cards and log)


def _their_hands(v: dict, worlds: int = 60) -> list[list[str]]:
    """The opponent's hand in each of ``worlds`` sampled worlds of ``v`` (its viewer's first view of its turn)."""
    m = Memory()
    m.observe(v)
    hands = []
    for k in range(worlds):
        g = determinise(v, m, random.Random(k))
        hands.append([c.number for c in g.state.players[1 - v["you"]].hand])
    return hands


def _cheap(number: str, souls: int) -> bool:
    d = CARDS[number]
    return d.type in ("pal", "structure") and (d.cost or 0) <= souls


def test_a_sampled_hand_holds_no_card_the_opponent_left_unplayed_with_souls_to_spare():
    """Information-set sampling: the opponent ended its turn with 4 souls standing and room for a Pal, so a
    player who plays what it can afford holds no Pal or structure costing 4 or less; the sampled hands agree.
    With its base full of Pals nothing is inferred, and such cards are sampled as before."""
    theirs = {"base": [V300], "hand": [V700, V1200, V300], "souls": {"standing": 4}}
    v = view(rich_game({"base": [V700]}, theirs), 0, log_tail=0)
    hands = _their_hands(v)
    assert all(len(h) == 3 for h in hands)
    assert not any(_cheap(n, 4) for h in hands for n in h)
    full = view(rich_game({"base": [V700]}, {**theirs, "base": [V300] * 5}), 0, log_tail=0)
    assert any(_cheap(n, 4) for h in _their_hands(full) for n in h)


def test_a_sampled_hand_holds_no_interrupt_after_a_big_hit_went_through():
    """Information-set sampling: my Strike-2 attack at their 4 life (a loss Normal stops with an Interrupt
    whenever it can, 9.5) went through unstopped, so no Pal card they hold could have stopped it from the hand
    (5.18: an attack nullified); the hands sampled for the rest of my turn hold none."""
    theirs = {"life": 4, "base": [{"card": V300, "rested": True}] * 5, "hand": [V700, V1200, V300]}
    g = rich_game({"base": [V1200, V700]}, theirs)
    m = Memory()
    before = view(g, 0, log_tail=0)
    m.observe(before)
    attack = f"attack {g.state.players[0].base[0].id} player"
    m.chose(before, attack)
    g.apply(attack)
    after = view(g, 0, log_tail=0)
    assert after["decision"]["kind"] == "main" and after["players"][1]["life"] == 2
    m.observe(after)
    hands = [[c.number for c in determinise(after, m, random.Random(k)).state.players[1].hand] for k in range(60)]
    assert not any(n in _hand_interrupts() for h in hands for n in h)
    m2 = Memory()
    m2.observe(after)    # the same position without the attack seen: such Pals are sampled as before
    assert any(n in _hand_interrupts() for k in range(60)
               for n in (c.number for c in determinise(after, m2, random.Random(k)).state.players[1].hand))


SPARKIT = "EBP01-008"        # cost 3, Power 400: as it is deployed, 500 damage to up to 1 standing Pal


def sparkit_turn() -> tuple[Game, StrongBot]:
    """Player 0's main phase with Sparkit in hand; the opponent has a 300 (500 damage destroys it) and a 700."""
    g = load({"turn": 5, "players": [
        {"base": [V300], "hand": [SPARKIT], "souls": {"standing": 3}, "deck": [V300] * 10},
        {"base": [V300, V700], "deck": [V300] * 10}]})
    return g, StrongBot(6, budget_s=None, playouts=64, deck=[SPARKIT] + [V300] * 11)


def test_strong_searches_a_target_in_worlds_replayed_from_its_main_decision():
    """A decision inside an effect cannot start a world: each world starts at the main decision before it
    and replays Strong's move since, and every target is played out there."""
    g, bot = sparkit_turn()
    play = f"play {card_id(g, 0, 'hand', SPARKIT)}"
    bot.choose(view(g, 0, log_tail=0))
    assert bot.anchor is not None and bot.anchor.view["decision"]["kind"] == "main"
    bot.anchor.moves[:] = [play]      # whatever it chose, the test plays Sparkit
    g.apply(play)
    assert g.decision.kind == DecisionKind.TARGET and g.decision.player == 0
    v = view(g, 0, log_tail=0)
    choice = bot.choose(copy.deepcopy(v))
    small, big = (f"pick {card_id(g, 1, 'base', n)}" for n in (V300, V700))
    assert bot.last["searched"] and bot.last["rounds"] >= StrongBot.min_rounds
    assert choice.text in v["decision"]["options"]
    values = bot.last["values"]
    # destroying the 300 is worth more than 500 damage the 700 survives, or than hitting its own Pal
    assert values[small] > values[big] and values[small] > values[f"pick {card_id(g, 0, 'base', V300)}"]


def test_a_world_that_replays_to_another_position_is_not_counted():
    """A world whose replay does not reach what the view shows (here the view was altered: the opponent has
    one more life than any world can have) is thrown away, and after a few such worlds Normal decides."""
    g, bot = sparkit_turn()
    play = f"play {card_id(g, 0, 'hand', SPARKIT)}"
    bot.choose(view(g, 0, log_tail=0))
    bot.anchor.moves[:] = [play]
    g.apply(play)
    v = view(g, 0, log_tail=0)
    v["players"][1]["life"] += 1
    choice = bot.choose(copy.deepcopy(v))
    assert bot.last["searched"] and bot.last["rounds"] == 0 and bot.last["playouts"] == 0
    assert choice.text == bot.last["normal"] == NormalBot(6).choose(copy.deepcopy(v)).text


def test_a_search_among_cards_of_its_hand_is_not_quoted_in_why():
    """Strong searches a pick from its own hand too (it knows its hand), but its figures are not quoted in the
    "Why?" line there: they would tell how many of its hidden cards it had to choose from."""
    g, bot = sparkit_turn()
    bot.choose(view(g, 0, log_tail=0))
    v = copy.deepcopy(view(g, 0, log_tail=0))
    hand = v["players"][0]["hand"][0]["id"]
    v["decision"] = {**v["decision"], "kind": "target", "options": [f"pick {hand}", "done"]}
    assert bot._effect_worth_searching(v) and names_hidden_cards(v)
    bot.last = {"searched": True, "choice": f"pick {hand}", "normal": "done",
                "values": {f"pick {hand}": 0.7, "done": 0.5}}
    assert not why(bot, v, f"pick {hand}").key.startswith("why.search")
    enemy = f"pick {card_id(g, 1, 'base', V300)}"
    v["decision"]["options"] = [enemy, "done"]
    assert not names_hidden_cards(v)
    bot.last = {"searched": True, "choice": enemy, "normal": "done", "values": {enemy: 0.7, "done": 0.5}}
    assert why(bot, v, enemy).key == "why.search_better"


def test_a_new_turn_ends_the_anchor():
    g, bot = sparkit_turn()
    bot.choose(view(g, 0, log_tail=0))
    assert bot.anchor is not None
    v = copy.deepcopy(view(g, 0, log_tail=0))
    v["turn"] += 1
    v["decision"] = {**v["decision"], "kind": "target", "options": ["pick 1", "pick 2"]}
    assert not bot._effect_worth_searching(v)


def redraw_view(first: int) -> dict:
    """Player 0's view of its redraw (6.2.7), going ``first`` or second."""
    rng = random.Random(8)
    g = Game.new(random_deck(rng), random_deck(rng), seed=8, first=first, snapshots=False)
    if first == 1:
        g.apply("keep")
    assert g.decision.kind == DecisionKind.REDRAW and g.decision.player == 0
    return view(g, 0, log_tail=0)


def test_a_sampled_world_starts_at_the_viewers_redraw():
    """6.2.7: going first it redraws before the opponent, who then decides in the world; going second the
    opponent's redraw is done. Its own hand is the real one."""
    for first in (0, 1):
        v = redraw_view(first)
        m = Memory()
        m.observe(v)
        g = determinise(v, m, random.Random(2))
        assert g.decision.kind == DecisionKind.REDRAW and g.decision.player == 0
        assert [c.id for c in g.state.players[0].hand] == [c["id"] for c in v["players"][0]["hand"]]
        g.apply("keep")
        assert g.decision.kind == (DecisionKind.REDRAW if first == 0 else DecisionKind.MAIN)


def test_strong_searches_the_redraw_over_its_first_turns():
    v = redraw_view(1)
    bot = StrongBot(3, budget_s=None, playouts=24)
    choice = bot.choose(copy.deepcopy(v))
    assert bot.last["searched"] and choice.text in ("keep", "redraw")
    assert set(bot.last["values"]) == {"keep", "redraw"} and bot.last["rounds"] >= StrongBot.min_rounds
    # how it judged keeping would tell how good its hidden hand is: the "Why?" line does not quote it
    assert not why(bot, v, choice.text).key.startswith("why.search")
