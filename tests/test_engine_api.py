"""The engine's client API: decision loop, determinism, saves and replays, rewind, view, scenarios, CLI."""
from __future__ import annotations

import copy
import json
import random

import pytest

from engine import Action, Game, IllegalAction, view
from engine.bench import random_deck
from engine.clients.ai import RandomPlayer, play_out
from engine.clients.cli import main as cli
from engine.replay import BadRecord, load, state_hash, verify
from engine.scenario import BadScenario, card_id
from engine.scenario import load as load_scenario


def new_game(seed: int = 5) -> Game:
    rng = random.Random(seed)
    return Game.new(random_deck(rng), random_deck(rng), seed)


def test_decision_loop_exposes_one_decision_with_legal_options():
    game = new_game()
    assert game.decision is not None
    assert game.decision.options
    assert all(isinstance(a, Action) for a in game.decision.options)


def test_action_text_round_trips():
    for text in ("play 12", "activate 3 1 cost 0", "attack 7 player", "pick 4", "done", "x 3", "end"):
        assert Action.parse(text).text == text
        assert Action.parse(Action.parse(text).text) == Action.parse(text)


def test_illegal_choice_raises_and_changes_nothing():
    game = new_game()
    before = state_hash(game), list(game.choices), game.decision.kind
    with pytest.raises(IllegalAction):
        game.apply("attack 99999 player")
    with pytest.raises(IllegalAction):
        game.apply("")
    assert (state_hash(game), list(game.choices), game.decision.kind) == before


def test_same_seed_same_game_and_replay_reexecutes_to_same_final_state():
    a = play_out(new_game(11), [RandomPlayer(1), RandomPlayer(2)])
    b = play_out(new_game(11), [RandomPlayer(1), RandomPlayer(2)])
    assert a.choices == b.choices and state_hash(a) == state_hash(b)
    record = json.loads(json.dumps(a.record()))
    ok, h = verify(record)
    assert ok and h == state_hash(a)


def test_save_round_trips_through_json_mid_game():
    game = new_game(3)
    players = [RandomPlayer(7), RandomPlayer(8)]
    for _ in range(40):
        d = game.decision
        game.apply(players[d.player].choose(view(game, d.player)))
    restored = load(json.dumps(game.record()))
    assert state_hash(restored) == state_hash(game)
    assert restored.decision.to_dict() == game.decision.to_dict()


@pytest.mark.parametrize("bad", ["not json", "{}", json.dumps({"format": 1, "setup": {}, "choices": []}),
                                 json.dumps({"format": 99, "setup": {}, "choices": []})])
def test_malformed_save_gets_a_clear_error(bad):
    with pytest.raises(BadRecord):
        load(bad)


def test_replay_with_an_illegal_choice_is_rejected_with_its_position():
    record = new_game().record()
    record["choices"] = ["attack 1 player"]
    with pytest.raises(BadRecord, match="Choice 0"):
        load(record)


def test_rewind_restores_every_earlier_decision_point():
    game = play_out(new_game(21), [RandomPlayer(3), RandomPlayer(4)])
    assert len(game.snapshots) > 1, "snapshots are taken along the way"
    reference = new_game(21)
    hashes = [state_hash(reference)]
    for text in game.choices:
        reference.apply(text)
        hashes.append(state_hash(reference))
    for n in sorted({0, 1, len(game.choices) // 2, len(game.choices) - 1, len(game.choices)}):
        back = game.rewind(n)
        assert state_hash(back) == hashes[n]
        assert back.choices == game.choices[:n]


def test_rewind_then_another_line_leaves_the_original_untouched():
    game = play_out(new_game(8), [RandomPlayer(1), RandomPlayer(2)])
    final = state_hash(game)
    back = game.rewind(len(game.choices) // 2)
    back.apply(back.decision.options[-1])
    assert state_hash(game) == final


def test_view_hides_the_opponents_hand_and_deck_order():
    game = new_game()
    v = view(game, 0)
    assert v["players"][1]["hand"] is None
    assert v["players"][1]["hand_count"] == len(game.state.players[1].hand)
    text = json.dumps(v)
    for card in game.state.players[1].hand:
        assert f'"id": {card.id},' not in text
    assert isinstance(v["players"][0]["deck"], int) and isinstance(v["players"][1]["deck"], int)


@pytest.mark.slow
def test_random_seeded_selfplay_2000_games_with_invariants_and_replays(capsys):
    """Issue 2 done-means: 2,000 seeded games from the real card pool end by a rule; invariants hold after
    every step; every replay re-executes to the same final state; every card gets played."""
    assert cli(["selfplay", "--games", "2000", "--seed", "2026", "--verify-replays", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2000 games" in out
    ended = out.split("ended by: ")[1].splitlines()[0]
    assert sum(int(part.split()[1]) for part in ended.split(", ")) == 2000


def test_scenario_sets_up_the_position():
    game = load_scenario({"turn": 4, "phase": "main", "players": [
        {"hand": ["ETD01-002"], "souls": {"standing": 2, "rested": 1},
         "base": [{"card": "ETD01-003", "rested": True, "damage": 200}], "life": 7, "material": 2},
        {"base": ["ETD01-013"]}]})
    p = game.state.players[0]
    assert (p.life, p.souls_standing, p.souls_rested, p.soul_deck, p.material) == (7, 2, 1, 7, 2)
    assert p.base[0].rested and p.base[0].damage == 200
    assert game.decision.player == 0 and game.decision.kind == "main"
    assert f"play {card_id(game, 0, 'hand', 'ETD01-002')}" in [a.text for a in game.decision.options]


@pytest.mark.parametrize("bad, message", [
    ([], "JSON object"),
    ({"players": [{}]}, "two"),
    ({"players": [{"hand": ["NOPE-1"]}, {}]}, "unknown card"),
    ({"phase": "lunch"}, "phase"),
    ({"players": [{"souls": {"standing": 11}}, {}]}, "souls"),
    ({"colour": "red"}, "colour: unknown scenario key"),
])
def test_malformed_scenario_gets_a_clear_error(bad, message):
    with pytest.raises(BadScenario, match=message):
        load_scenario(copy.deepcopy(bad))


def test_cli_scenario_and_replay(tmp_path, capsys):
    scen = tmp_path / "s.json"
    scen.write_text(json.dumps({"players": [{"hand": ["ETD01-002"], "souls": {"standing": 2}}, {}]}))
    assert cli(["scenario", str(scen)]) == 0
    assert "pending: player 0 decides (main)" in capsys.readouterr().out
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps(play_out(new_game(4), [RandomPlayer(1), RandomPlayer(2)]).record()))
    assert cli(["replay", str(rec)]) == 0
    assert "matches" in capsys.readouterr().out
    (tmp_path / "bad.json").write_text("{")
    assert cli(["replay", str(tmp_path / "bad.json")]) == 2


def test_bench_prints_games_per_second(capsys):
    assert cli(["bench", "--games", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["games_per_s"] > 0


def test_view_log_never_names_the_opponents_hidden_cards():
    """Draws, redraws and looks are logged, but the opponent's view shows only that they happened."""
    game = new_game(9)
    while game.decision.kind != "main":
        game.apply(game.decision.options[0])
    secret = {c.number for c in game.state.players[0].hand} - {c.number for c in game.state.players[1].hand}
    text = json.dumps(view(game, 1, log_tail=500), ensure_ascii=False)
    assert secret and not any(number in text for number in secret)
    assert any(e["kind"] == "draw" for e in view(game, 1, log_tail=500)["log"])


def test_every_trigger_word_declares_the_events_it_reacts_to():
    """The trigger scan skips events no trigger reacts to; check each word's declared events are complete by
    trying every trigger on every event of real games."""
    from engine.model.abilities import TRIGGER_EVENTS, TRIGGERS, parse_ability
    from engine.rules.events import _triggering_events

    assert set(TRIGGERS) == set(TRIGGER_EVENTS)
    hits = 0
    for seed in range(6):
        game = play_out(new_game(seed), [RandomPlayer(seed), RandomPlayer(seed + 50)])
        for name, entry in TRIGGERS.items():
            ab = parse_ability({"kind": "auto", "trigger": name, "effect": []}, "probe")
            for ev in game.log:
                event = {**ev.data, "kind": ev.kind}
                for card in game.state.all_base() + game.state.players[0].graveyard[:3]:
                    try:
                        hit = entry.run(game, card, ab, event)
                    except (KeyError, TypeError, AttributeError):
                        hit = False
                    if hit:
                        hits += 1
                        assert ev.kind in TRIGGER_EVENTS[name] and ev.kind in _triggering_events(), (name, ev.kind)
    assert hits > 0


def test_view_shows_the_deck_cards_a_decision_offers_only_to_its_player():
    """Looking at the top cards of your deck (here Victor's Strategy, first mode) shows them to you only."""
    game = load_scenario({"players": [
        {"hand": ["EBP01-046"], "souls": {"standing": 3}, "deck": ["ETD01-002", "EBP01-001", "ETD01-013"] * 3},
        {}]})
    game.apply(f"play {card_id(game, 0, 'hand', 'EBP01-046')}")
    game.apply("mode 0")
    assert game.decision.player == 0
    shown = {c["number"] for c in view(game, 0)["decision"]["cards"]}
    assert shown == {"ETD01-002", "EBP01-001", "ETD01-013"}
    assert "cards" not in view(game, 1)["decision"]
