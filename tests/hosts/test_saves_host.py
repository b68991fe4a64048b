"""Saves, replays and links in the game host (web/py/saves_host.py) under CPython: resume exactly where a game
was (undo included), refuse damaged or edited saves without touching the game on the playmat, the replay
viewer's seeking (and its speed), play from here, share links and their QR code."""

from __future__ import annotations

import copy
import json
import random
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web" / "py"))

import kit  # noqa: E402
import links_host  # noqa: E402, F401  (registers the share requests)
import playmat_host  # noqa: E402
import replays_host  # noqa: E402
import state_json  # noqa: E402
from host_calls import ask, refused  # noqa: E402

from engine import Game, links  # noqa: E402
from engine.bench import random_deck  # noqa: E402
from engine.persistence.inputs import save_digest  # noqa: E402
from engine.rules.game import SNAPSHOT_EVERY  # noqa: E402


def play_some(host: playmat_host.Host, steps: int) -> None:
    """Human and computer moves until ``steps`` choices were made (the human takes the first option)."""
    while host.game.decision is not None and len(host.game.choices) < steps:
        state = ask(host, "playmat.state")
        if state["computer_to_act"]:
            ask(host, "playmat.computer_step")
        else:
            ask(host, "playmat.act", state["decision"]["options"][-1]["action"])


@pytest.fixture
def playing() -> playmat_host.Host:
    host = playmat_host.Host()
    ask(host, "playmat.new_game", {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple",
                           "seed": 42, "first": 0})
    play_some(host, 60)
    return host


def test_a_saved_game_resumes_exactly_where_it_was_with_its_undo(playing: playmat_host.Host) -> None:
    saved = ask(playing, "playmat.state")["saved"]
    assert saved["summary"]["decks"][0]["id"] == "etd01-red-blue" and saved["summary"]["mode"] == "computer"
    before = ask(playing, "playmat.state")
    fresh = playmat_host.Host()
    resumed = ask(fresh, "saves.resume", json.loads(json.dumps(saved["save"])))["state"]
    assert resumed["view"] == before["view"] and resumed["decision"] == before["decision"]
    assert resumed["can_undo"] == before["can_undo"] is True
    assert ask(fresh, "playmat.undo")["view"] == ask(playing, "playmat.undo")["view"]


def _played_against_beginner(steps: int) -> tuple[playmat_host.Host, dict]:
    """A game against the Beginner computer played ``steps`` choices long, and its save."""
    host = playmat_host.Host()
    ask(host, "playmat.new_game", {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple",
                                   "seed": 42, "first": 0, "level": "beginner"})
    play_some(host, steps)
    return host, ask(host, "playmat.state")["saved"]["save"]


def test_a_resumed_game_keeps_the_computers_level_and_older_saves_still_load() -> None:
    _, saved = _played_against_beginner(20)
    assert saved["level"] == "beginner"
    fresh = playmat_host.Host()
    ask(fresh, "saves.resume", json.loads(json.dumps(saved)))
    assert fresh.setup.level == "beginner" and type(fresh.computer).__name__ == "BeginnerBot"
    older = {k: v for k, v in saved.items() if k != "level"}   # a save made before the level was kept
    older["check"] = save_digest(older)
    ask(fresh, "saves.resume", older)
    assert fresh.setup.level == "normal" and type(fresh.computer).__name__ == "NormalBot"


def _tampered(save: dict) -> dict[str, object]:
    """A corpus of damaged, edited or hostile saves: each must be refused with a clear message."""
    def edit(fn):
        s = copy.deepcopy(save)
        fn(s)
        return s

    def resealed(fn):
        s = edit(fn)
        s["check"] = save_digest(s)
        return s

    return {
        "not an object": [1, 2],
        "text": "pwtcg-save",
        "null": None,
        "wrong kind": edit(lambda s: s.update(kind="other")),
        "future format": edit(lambda s: s.update(save_format=99)),
        "unknown field": edit(lambda s: s.update(extra=1)),
        "unknown mode": edit(lambda s: s.update(mode="online")),
        "human seat 2": edit(lambda s: s.update(human=2)),
        "human seat true": edit(lambda s: s.update(human=True)),
        "deciders not a list": edit(lambda s: s.update(deciders="01")),
        "deciders with 7": edit(lambda s: s.update(deciders=[7])),
        "no record": edit(lambda s: s.pop("record")),
        "record is text": edit(lambda s: s.update(record="{}")),
        "check missing": edit(lambda s: s.pop("check")),
        "check edited": edit(lambda s: s.update(check="0" * 64)),
        "a choice edited": edit(lambda s: s["record"]["choices"].__setitem__(5, "end")),
        "life edited via seed": edit(lambda s: s["record"]["setup"].update(seed=43)),
        "resealed illegal choice": resealed(lambda s: s["record"]["choices"].__setitem__(3, "attack 999 player")),
        "resealed script choice": resealed(lambda s: s["record"]["choices"].append("<script>alert(1)</script>")),
        "resealed unknown card": resealed(lambda s: s["record"]["setup"]["decks"][0].__setitem__(0, "XX-1")),
        "resealed wrong final": resealed(lambda s: s["record"].update(final="0" * 16)),
        "resealed other format": resealed(lambda s: s["record"].update(format=2)),
        "resealed engine 9": resealed(lambda s: s["record"].update(engine="9.0.0")),
        "resealed too many deciders": resealed(lambda s: s.update(deciders=[0] * 10_000)),
        "resealed huge choices": resealed(lambda s: s["record"].update(choices=["end"] * 200_001)),
        "resealed unknown level": resealed(lambda s: s.update(level="grandmaster")),
        "resealed level a list": resealed(lambda s: s.update(level=["strong"])),
        "level edited": edit(lambda s: s.update(level="beginner")),
        "whys edited": edit(lambda s: s.update(whys={"3": [{"en": "I cheat", "ja": "ズル"}]})),
        "resealed whys a list": resealed(lambda s: s.update(whys=[["why"]])),
        "resealed whys at no place": resealed(lambda s: s.update(whys={"-1": [{"en": "a", "ja": "b"}]})),
        "resealed whys one language": resealed(lambda s: s.update(whys={"3": [{"en": "a"}]})),
        "resealed whys huge line": resealed(lambda s: s.update(whys={"3": [{"en": "a" * 10_000, "ja": "b"}]})),
        "resealed whys empty": resealed(lambda s: s.update(whys={"3": []})),
    }


def test_damaged_or_edited_saves_are_refused_and_the_game_is_untouched(playing: playmat_host.Host) -> None:
    saved = ask(playing, "playmat.state")["saved"]["save"]
    before = ask(playing, "playmat.state")
    corpus = _tampered(saved)
    assert len(corpus) >= 20
    for name, bad in corpus.items():
        t0 = time.perf_counter()
        message = refused(playing, "saves.resume", bad)
        assert time.perf_counter() - t0 < 5, name
        assert any(word in message.lower() for word in ("save", "record", "replay", "game", "choices")), (name, message)
        assert ask(playing, "playmat.state")["view"] == before["view"], name


def test_import_checks_a_save_without_touching_the_playmat(playing: playmat_host.Host) -> None:
    saved = ask(playing, "playmat.state")["saved"]
    checked = ask(playing, "saves.check", saved["save"])
    assert checked["summary"] == saved["summary"]
    assert "damaged or was edited" in refused(playing, "saves.check", {**saved["save"], "mode": "hotseat"})


def _finished_game(seed: int = 3) -> Game:
    return kit.finished_game(seed)


def test_replay_viewer_steps_by_decision_and_turn_and_plays_from_here() -> None:
    host = playmat_host.Host()
    game = _finished_game()
    info = ask(host, "replays.open", {"record": game.record(), "mode": "computer", "human": 0})
    assert info["total"] == len(game.choices) and info["outcome"]["winner"] == game.outcome.winner
    assert [t["turn"] for t in info["turns"]] == sorted({t["turn"] for t in info["turns"]})
    assert any(m["kind"] == "life" for m in info["moments"])
    end = ask(host, "replays.seek", {"n": info["total"], "as": "both"})
    assert end["view"]["outcome"]["winner"] == game.outcome.winner
    turn3 = next(t for t in info["turns"] if t["turn"] == 3)
    at = ask(host, "replays.seek", {"n": turn3["decision"], "as": 1})
    assert at["turn"] == 3 and at["view"]["players"][0]["hand"] is None and at["view"]["players"][1]["hand"] is not None
    both = ask(host, "replays.seek", {"n": turn3["decision"], "as": "both"})
    assert both["view"]["players"][0]["hand"] is not None and both["view"]["players"][1]["hand"] is not None
    state = ask(host, "replays.play_from", {"n": turn3["decision"], "mode": "hotseat"})
    assert state["view"]["turn"] == 3 and state["decision"]
    assert len(host.game.choices) == turn3["decision"]
    assert ask(host, "replays.seek", {"n": info["total"], "as": 0})["view"]["outcome"]   # the replay is unchanged


def long_game(seed: int = 20) -> Game:
    """A 408-decision game: random players that rarely attack, end or pass (so every turn is busy)."""
    import random

    from engine.bench import random_deck

    rng = random.Random(seed)
    game = Game.new(random_deck(rng), random_deck(rng), seed)
    choose = random.Random(seed)
    while game.decision is not None:
        busy = [a for a in game.decision.options if a.verb not in ("attack", "end", "pass", "done", "no")]
        game.apply(choose.choice(busy or list(game.decision.options)))
    return game


def test_seeking_anywhere_in_a_400_decision_game_replays_from_the_nearest_snapshot(monkeypatch) -> None:
    """The viewer's seek is a rewind from the nearest undo snapshot (one about every ``SNAPSHOT_EVERY``
    decisions), never a replay from the start: in a 408-decision game no seek applies more than about one
    snapshot interval of choices (the events each choice made are counted once, when the replay opens).
    Counted, not timed: the time of a seek is what ``tools/bench_seek.py`` prints."""
    game = long_game()
    assert len(game.choices) >= 400
    host = playmat_host.Host()
    info = ask(host, "replays.open", {"record": game.record()})
    applied = []
    real_apply = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, action: (applied.append(action), real_apply(self, action))[1])
    for n in (info["total"], 0, info["total"] // 2, 397, 13, 250, 251, 249, 1):
        applied.clear()
        seen = ask(host, "replays.seek", {"n": n, "as": "both"})
        assert seen["n"] == n
        assert len(applied) <= SNAPSHOT_EVERY + 8, (n, len(applied))


def test_the_events_each_choice_made_are_counted_once_as_a_rewind_counts_them() -> None:
    """The viewer's count of narrated events per choice, made once when a replay opens, is what rewinding to
    that decision and applying its choice gives (the way each seek counted them before)."""
    game = long_game()
    host = playmat_host.Host()
    ask(host, "replays.open", {"record": game.record()})
    counted = replays_host._replay().events
    assert len(counted) == len(game.choices)
    for n in range(0, len(game.choices), 9):
        position = game.rewind(n)
        before = len(position.log)
        position.apply(game.choices[n])
        narrated = [e for e in position.log[before:] if state_json.event_info(e, 0) is not None]
        assert counted[n] == len(narrated), n
    assert sum(counted) > len(game.choices)


def test_share_gives_the_link_and_a_qr_code_and_links_open_in_the_viewer() -> None:
    host = playmat_host.Host()
    game = _finished_game(5)
    shared = ask(host, "saves.share", {"record": game.record(), "prefix": "https://example.org/#watch/"})
    assert shared["code"] == links.encode(game)
    rows = shared["qr"]
    assert len(rows) == len(rows[0]) >= 21 and set("".join(rows)) == {"0", "1"}
    info = ask(host, "replays.open", {"code": shared["code"]})
    assert info["record"]["choices"] == game.choices and info["stopped"] is None
    message = refused(host, "replays.open", {"code": shared["code"][:-3]})
    assert "damaged" in message or "cut short" in message


def _open_in_the_viewer(seed: int, choices: int) -> tuple[playmat_host.Host, Game]:
    """A random game played ``choices`` decisions long (each the last option), opened by its link in the viewer."""
    rng = random.Random(seed)
    game = Game.new(random_deck(rng), random_deck(rng), seed=seed)
    while game.decision is not None and len(game.choices) < choices:
        game.apply(game.decision.options[-1])
    host = playmat_host.Host()
    ask(host, "replays.open", {"code": links.encode(game)})
    return host, game


def test_the_viewer_steps_through_the_events_between_two_decisions() -> None:
    """By event: each narrated event a choice made is a step, its board as it was right after that event."""
    host, game = _open_in_the_viewer(seed=3, choices=40)
    n = next(i for i in range(len(game.choices)) if ask(host, "replays.seek", {"n": i})["events"] >= 3)
    at = ask(host, "replays.seek", {"n": n, "as": 0})
    texts = []
    for k in range(1, at["events"] + 1):
        step = ask(host, "replays.seek", {"n": n, "as": 0, "event": k})
        assert step["event"] == k and step["next"] is None
        texts.append(step["log"][-1]["text"]["en"])
    assert len(set(texts)) == len(texts)          # every step shows a new line
    after = ask(host, "replays.seek", {"n": n + 1, "as": 0})
    assert after["log"][-1]["text"]["en"] == texts[-1]
    assert step["view"]["players"] == after["view"]["players"]  # the last event's board is the next decision's
    assert ask(host, "replays.seek", {"n": n + 1, "as": 0, "event": -1})["event"] in (None, ask(
        host, "replays.seek", {"n": n + 1})["events"])
    assert "has no event" in refused(host, "replays.seek", {"n": n, "event": at["events"] + 1})


def test_play_from_here_against_the_computer_takes_the_seat_asked_for() -> None:
    host, game = _open_in_the_viewer(seed=5, choices=30)
    for seat in (0, 1):
        state = ask(host, "replays.play_from", {"n": 20, "mode": "computer", "human": seat})
        assert state["human"] == seat and state["viewer"] == seat and state["choices"] >= 20


def test_play_from_here_plays_the_level_asked_for_or_the_one_the_save_was_played_at() -> None:
    host, saved = _played_against_beginner(30)
    viewer = playmat_host.Host()
    info = ask(viewer, "replays.open", {"record": saved["record"], "mode": "computer", "human": 0,
                                       "level": saved["level"]})
    assert info["level"] == "beginner"
    state = ask(viewer, "replays.play_from", {"n": 10, "mode": "computer", "human": 0})
    assert state["level"] == "beginner" and type(viewer.computer).__name__ == "BeginnerBot"
    ask(viewer, "replays.play_from", {"n": 10, "mode": "computer", "human": 0, "level": "strong"})
    assert viewer.setup.level == "strong" and type(viewer.computer).__name__ == "StrongBot"
    before = ask(viewer, "playmat.state")
    assert "unknown level" in refused(viewer, "replays.play_from", {"n": 10, "mode": "computer", "level": "expert"})
    assert ask(viewer, "playmat.state") == before                      # a refused request leaves the game as it was
    linked = ask(playmat_host.Host(), "replays.open", {"code": links.encode(host.game)})
    assert linked["level"] == "normal"                         # a link does not say which level was played


def test_a_game_not_over_shows_each_hand_only_to_its_owners_view() -> None:
    """A save of a game in progress opened as a replay (the attack: export, flip the store, import, Watch): only
    the human's eyes against the computer, one side at a time in hot-seat; both hands only after a game over."""
    host = playmat_host.Host()
    ask(host, "playmat.new_game", {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple",
                           "seed": 42, "first": 0, "level": "beginner"})
    play_some(host, 30)
    record = ask(host, "playmat.state")["saved"]["save"]["record"]
    viewer = playmat_host.Host()
    info = ask(viewer, "replays.open", {"record": record, "mode": "computer", "human": 0})
    assert info["finished"] is False and info["seats"] == [0]
    for n in range(info["total"] + 1):
        seen = ask(viewer, "replays.seek", {"n": n})
        assert seen["view"]["players"][1]["hand"] is None and seen["view"]["you"] == 0
    for seat in ("both", 1):
        assert "not over" in refused(viewer, "replays.seek", {"n": info["total"], "as": seat})
    assert "not over" in refused(viewer, "replays.play_from", {"n": 5, "mode": "computer", "human": 1})
    assert ask(viewer, "replays.play_from", {"n": 5, "mode": "computer", "human": 0})["human"] == 0
    hot = ask(viewer, "replays.open", {"record": record, "mode": "hotseat", "human": 0})
    assert hot["seats"] == [0, 1]
    assert "not over" in refused(viewer, "replays.seek", {"n": 3, "as": "both"})
    ask(host, "playmat.concede")
    over = ask(viewer, "replays.open", {"record": ask(host, "playmat.state")["saved"]["save"]["record"], "mode": "computer"})
    assert over["finished"] is True and over["seats"] == ["both", 0, 1]


def test_a_chosen_seed_a_rewind_after_the_end_or_a_replay_make_a_practice_game_kept_in_its_save() -> None:
    host = playmat_host.Host()
    fair = {"mode": "computer", "deck0": "etd01-red-blue", "deck1": "etd02-green-purple", "first": 0}
    assert ask(host, "playmat.new_game", fair)["practice"] is None
    assert "practice" not in ask(host, "playmat.state")["saved"]["save"]
    assert ask(host, "playmat.new_game", {**fair, "seed": 42})["practice"] == "seed"
    play_some(host, 10)
    saved = ask(host, "playmat.state")["saved"]
    assert saved["save"]["practice"] == "seed" and saved["summary"]["practice"] == "seed"
    other = playmat_host.Host()
    assert ask(other, "saves.resume", saved["save"])["state"]["practice"] == "seed"
    assert ask(other, "saves.check", saved["save"])["summary"]["practice"] == "seed"
    unmarked = {k: v for k, v in saved["save"].items() if k != "practice"}     # the mark taken off by hand
    assert "damaged or was edited" in refused(other, "saves.check", unmarked)
    assert "practice mark" in refused(other, "saves.check", {**saved["save"], "practice": "fair"})
    assert ask(other, "replays.open", {"record": saved["save"]["record"], "practice": "seed"})["practice"] == "seed"
    assert ask(other, "replays.play_from", {"n": 3, "mode": "hotseat"})["practice"] == "replay"
    ask(host, "playmat.new_game", fair)
    play_some(host, 6)
    ask(host, "playmat.concede")
    assert ask(host, "playmat.undo")["practice"] == "rewind"         # rewound after the end
