"""The yardstick and deck testing: Wilson intervals, Elo-style ratings, the ladder and simulation commands (small
smoke runs), the optional extras (progress bar, plot, a Dask LocalCluster)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.clients import ladder, simulate

ROOT = str(Path(__file__).resolve().parents[1])
if ROOT not in sys.path:      # the tools are scripts of the repository, not installed with the engine
    sys.path.insert(0, ROOT)
from tools import turn_order  # noqa: E402


def test_wilson_interval_matches_the_formula():
    lo, hi = ladder.wilson(50, 100)
    assert round(lo, 3) == 0.404 and round(hi, 3) == 0.596
    assert ladder.wilson(10, 10)[1] == 1.0 and ladder.wilson(10, 10)[0] > 0.69
    assert ladder.wilson(0, 0) == (0.0, 1.0)


def test_elo_orders_players_by_results_and_anchors_random():
    cells = {("normal", "random"): [19, 20], ("normal", "rush"): [15, 20], ("random", "rush"): [2, 20]}
    r = ladder.elo(cells)
    assert r["random"] == 0
    assert r["normal"] > r["rush"] > r["random"]


def test_schedule_swaps_seats_over_the_same_deal():
    decks = ladder.deck_pool(1, 0)
    assert len(decks) == 5 and all(len(d) == 50 for d in decks)
    tasks = ladder.schedule(["normal", "rush"], 4, decks, 0, 0.01)
    assert len(tasks) == 4
    first, second = tasks[0], tasks[1]
    assert (first[0], first[1]) == (second[1], second[0])
    assert (first[2], first[3], first[4]) == (second[3], second[2], second[4])


def test_ladder_command_prints_the_table(capsys):
    assert ladder.main(["--games", "2", "--players", "normal,random,rush", "--random-decks", "0"]) == 0
    out = capsys.readouterr().out
    assert "normal vs random" in out and "normal vs rush" in out and "random vs rush" in out
    assert "rating (Elo-style, random = 0):" in out and "ended by:" in out


def test_ladder_refuses_an_unknown_player(capsys):
    with pytest.raises(SystemExit) as e:
        ladder.main(["--players", "normal,grandmaster"])
    assert e.value.code == 2
    assert "grandmaster" in capsys.readouterr().err


def test_simulate_reports_rate_length_endings_and_deciding_cards(capsys, tmp_path):
    png = tmp_path / "result.png"
    assert simulate.main(["etd01-red-blue", "bp01-red-green", "--games", "6", "--quiet", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "A vs B: 6 games" in out and "95% interval" in out and "average length" in out and "ended by" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_simulate_summary_counts_seats_and_cards():
    results = simulate.run(simulate.tasks_for(simulate.resolve_deck("etd01-red-blue"),
                                              simulate.resolve_deck("etd02-green-purple"), 4, "normal", 1, 0.01))
    s = simulate.summarise(results, min_games=1)
    assert s["games"] == 4 and sum(s["ended"].values()) == 4
    assert 0 <= s["interval"][0] <= s["a_win_rate"] <= s["interval"][1] <= 1
    assert s["deciders"] and all(d["games"] >= 1 for d in s["deciders"])


def test_simulate_refuses_a_bad_deck(capsys):
    assert simulate.main(["no-such-deck", "etd01-red-blue", "--games", "1"]) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_simulate_progress_bar_is_tqdm():
    from tqdm import tqdm

    bar = simulate._bar(3, quiet=False)
    assert isinstance(bar, tqdm)
    bar.close()


def test_simulate_runs_on_a_dask_local_cluster():
    from distributed import Client, LocalCluster

    tasks = simulate.tasks_for(simulate.resolve_deck("etd01-red-blue"), simulate.resolve_deck("bp01-red-green"),
                               2, "normal", 3, 0.01)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        results = simulate.run(tasks, scheduler=client)
    # the same seeded games as played here, in whatever order the cluster finished them
    assert sorted(map(repr, results)) == sorted(map(repr, simulate.run(tasks)))


def test_ladder_gives_strong_a_playout_budget(capsys):
    """--playouts: Strong's budget counted in playouts, so the figure does not depend on the machine's load."""
    assert ladder.main(["--games", "2", "--players", "strong,normal", "--random-decks", "0", "--playouts", "3"]) == 0
    out = capsys.readouterr().out
    assert "Strong budget 3 playouts per decision" in out and "normal vs strong" in out
    assert "strong: " in out and "searched decisions" in out and "playouts per CPU second" in out
    task = ladder.schedule(["strong", "normal"], 2, ladder.deck_pool(0, 0), 0, 3)[0]
    assert ladder._player("strong", 0, 3, task[2]).playouts == 3
    assert ladder._player("strong", 0, 0.5, task[2]).budget_s == 0.5
    with pytest.raises(SystemExit):
        ladder.main(["--players", "strong,normal", "--playouts", "0"])


def test_search_line_counts_playouts_per_cpu_second_and_decision_times():
    searches = [(0.5, 0.25, 50), (1.0, 0.5, 100), (0.1, 0.05, 10)]
    line = ladder.search_line(searches)
    assert line.startswith("strong: 3 searched decisions, 53 playouts each, 200 playouts per CPU second")
    assert "median 0.500 s, p95 1.000 s" in line and "(CPU 0.250 s, 0.500 s)" in line


def test_the_turn_order_tool_plays_each_deal_both_ways(capsys):
    """6.2.3: tools/turn_order.py forces who goes first, so each deal is played once with each player first."""
    assert turn_order.deals(2, 4, 1)[0][:3] == turn_order.deals(2, 4, 1)[1][:3]
    assert [t[3] for t in turn_order.deals(2, 4, 1)] == [0, 1, 0, 1]
    assert turn_order.main(["--games", "3", "--random-decks", "0", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("6 games in ") and "the player going first won" in out and "etd01-red-blue" in out
