"""The analyzer (rules/analysis): real games, real outcomes.

- the same table serially, on a local process pool and on a real Dask cluster the test starts
  (LocalCluster, 2 worker processes on 127.0.0.1), row for row;
- metrics give known answers on constructed tables (a fair coin, a seat that always wins) and the
  Wilson interval its textbook value;
- a reading compared with itself differs by exactly 0 and never parts; two readings part at the
  step where the rule first acts;
- Coup's random-play kernel fills its columns exactly as the engine does;
- a data what-if (Shadow Master tables scaled) at x1 is the plain game, and at x3 another one;
- position analysis prefers the winning move; the CLI runs end to end.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pandas.testing as pdt
import pytest

from rules.analysis import (ScaledTables, compare, divergence, first_difference, game_seed, play_game, play_seed,
                            make_job, score_actions, simulate, sweep, sweep_win_rates, table_scale_points,
                            wilson)
from rules.analysis import metrics as M
from rules.catalog import engine
from rules.core.play import random_play
from rules.core.protocol import BadInput

ROOT = Path(__file__).resolve().parents[1]
PIG = {"players": 2}


# --- intervals and metrics on constructed tables ----------------------------------------------
def test_wilson_known_values():
    p, lo, hi = wilson(8, 10)
    assert p == 0.8
    assert lo == pytest.approx(0.4901625, abs=1e-6) and hi == pytest.approx(0.9433178, abs=1e-6)
    assert wilson(0, 10)[1] == 0.0 and wilson(0, 10)[2] == pytest.approx(0.2775328, abs=1e-6)
    assert wilson(50, 100)[1:] == pytest.approx((0.4038315, 0.5961685), abs=1e-6)


def _table(wins: list[list[bool]], scores=None) -> pd.DataFrame:
    rows = []
    for i, w in enumerate(wins):
        r = {"game_index": i, "finished": True, "n_winners": sum(w), "winners": ",".join(str(s) for s, x in enumerate(w) if x)}
        for s, x in enumerate(w):
            r[f"win_{s}"] = x
        if scores is not None:
            for s, v in enumerate(scores[i]):
                r[f"score_{s}"] = v
        rows.append(r)
    return pd.DataFrame(rows)


def test_a_fair_coin_is_balanced():
    df = _table([[i % 2 == 0, i % 2 == 1] for i in range(1000)])
    wr = M.win_rates(df)
    assert wr["estimate"].tolist() == [0.5, 0.5]
    assert wr["lo"].iloc[0] == pytest.approx(wilson(500, 1000)[1])
    b = M.balance(df)
    assert b["estimate"] == 1.0 and b["lo"] < 1.0 <= b["hi"]
    fpa = M.first_player_advantage(df)
    assert fpa["estimate"] == 0.0 and fpa["lo"] < 0 < fpa["hi"]
    assert M.draws(df)["no_winner"]["k"] == 0 and M.draws(df)["shared"]["k"] == 0


def test_a_seat_that_always_wins():
    n = 200
    df = _table([[True, False, False]] * n, scores=[[10, 4, 1]] * n)
    wr = M.win_rates(df)
    assert wr["estimate"].tolist() == [1.0, 0.0, 0.0]
    assert wr["lo"].iloc[0] == pytest.approx(n / (n + M.Z95 ** 2))  # Wilson's lower bound at p = 1
    b = M.balance(df)
    # the seats' simultaneous Wilson intervals: seat 0's lowest rate minus the others' highest
    z = M.z_for(0.95, 3)
    assert (b["estimate"], b["lo"]) == (0.0, 0.0)
    assert b["hi"] == pytest.approx(1 - (wilson(n, n, z)[1] - wilson(0, n, z)[2])) and 0 < b["hi"] < 0.1
    assert M.first_player_advantage(df)["estimate"] == pytest.approx(2 / 3)
    d = M.decisiveness(df)
    assert (d["mean_margin"], d["lo"], d["hi"]) == (6.0, 6.0, 6.0)


def test_a_near_fair_balance_is_not_the_top_of_its_own_interval():
    """A fresh user's finding: 400 Coup games read "balance 0.98 [0.90, 0.98]".  Luck alone spreads
    the seats' win rates, so a bootstrap of the highest-minus-lowest gap ran below the estimate and
    was cut off at it; the interval now comes from the seats' intervals read at once, and holds
    the perfectly fair 1.0 while the seats' intervals overlap."""
    wins = [98, 101, 100, 101]  # 400 games, 4 seats: rates 24.5 % to 25.25 %
    rows = [[s == seat for s in range(4)] for seat, k in enumerate(wins) for _ in range(k)]
    b = M.balance(_table(rows))
    assert b["estimate"] == pytest.approx(1 - 3 / 400)
    assert b["lo"] < b["estimate"] < b["hi"] == 1.0
    assert b["lo"] == pytest.approx(1 - (max(wilson(k, 400, M.z_for(0.95, 4))[2] for k in wins)
                                         - min(wilson(k, 400, M.z_for(0.95, 4))[1] for k in wins)))


def test_first_player_advantage_follows_the_seat_that_moved_first():
    """The first seat may change from game to game (a random first player): the mover-first wins count."""
    df = _table([[True, False], [False, True], [True, False], [False, True]] * 25)
    assert M.first_player_advantage(df)["estimate"] == 0.0  # no first_seat column: seat 0
    df["first_seat"] = [0, 1] * 50  # the winner always moved first
    fpa = M.first_player_advantage(df)
    assert (fpa["seat"], fpa["win_rate"], fpa["estimate"]) == ("first", 1.0, 0.5)
    assert fpa["lo"] == pytest.approx(wilson(100, 100)[1] - 0.5)
    assert M.first_player_advantage(df, first_seat=1)["win_rate"] == 0.5


def test_shared_wins_and_no_winner():
    df = _table([[True, True]] * 3 + [[False, False]] + [[True, False]] * 6)
    d = M.draws(df)
    assert (d["shared"]["k"], d["no_winner"]["k"], d["shared"]["n"]) == (3, 1, 10)
    assert d["shared"]["lo"] == pytest.approx(wilson(3, 10)[1])


def test_bootstrap_is_reproducible_and_covers_the_mean():
    x = np.arange(100, dtype=float)
    a, b = M.bootstrap(x), M.bootstrap(x)
    assert a == b and a[0] == 49.5 and a[1] < 49.5 < a[2]


# --- simulate ------------------------------------------------------------------------------------
def test_a_row_per_game_with_the_contract_columns():
    df = simulate("toy_pig", 40, config=PIG, seed=3, workers=1, progress=False)
    assert df["game_index"].tolist() == list(range(40))
    assert df["seed"].tolist() == [game_seed(3, i) for i in range(40)]
    for col in ("bot_0", "bot_1", "winners", "n_winners", "win_0", "return_1", "score_0", "score_0.banked",
                "first_seat", "steps", "actions", "turns", "end_reason", "cite:play.roll", "bf_n:choose", "bf_sum:choose"):
        assert col in df, col
    assert df["finished"].all() and (df["n_winners"] == 1).all() and (df["first_seat"] == 0).all()
    assert (df["score_0"] == df["score_0.banked"]).all()
    assert set(df["end_reason"]) == {"target_reached"}  # the engine's reason: a hold reached 20 (end.win)
    # the winner's return is 1, every row's win columns agree with "winners"
    for r in df.itertuples():
        won = [int(x) for x in r.winners.split(",")]
        assert [getattr(r, f"return_{s}") for s in (0, 1)] == [1.0 if s in won else 0.0 for s in (0, 1)]
    assert M.branching(df).set_index("phase").loc["choose", ["estimate", "lo", "hi"]].tolist() == [2.0, 2.0, 2.0]


def test_random_bots_play_the_games_random_play_plays():
    """The engine path draws its random numbers as rules.core.play does (what the kernels copy)."""
    game = engine("toy_pig")
    job = make_job("toy_pig", PIG, None, 11)
    for i in range(30):
        state, steps = random_play(game, game.new_game(game.make_config(PIG), game_seed(11, i)),
                                   random.Random(play_seed(11, i)))
        row = play_game(job, i)
        assert row["steps"] == steps
        assert row["winners"] == ",".join(map(str, state.winners))


def test_clause_counts_are_the_events_cites():
    job = make_job("toy_pig", PIG, "cautious", 5)
    trace: list = []
    row = play_game(job, 2, trace=trace)
    counts: dict = {}
    for e in trace[0]:
        for c in e[2]:
            counts[c] = counts.get(c, 0) + 1
    for _, events in trace[1:]:
        for e in events:
            for c in e[2]:
                counts[c] = counts.get(c, 0) + 1
    assert {k[5:]: v for k, v in row.items() if k.startswith("cite:")} == counts
    assert len(trace) - 1 == row["steps"]


def test_bad_arguments_are_refused():
    with pytest.raises(BadInput):
        simulate("toy_pig", 5, bots="nobody", config=PIG, workers=1, progress=False)
    with pytest.raises(BadInput):
        simulate("toy_pig", 5, bots=["random"] * 3, config=PIG, workers=1, progress=False)
    with pytest.raises(BadInput):
        simulate("toy_pig", 5, config={"players": 2, "end_timing": "never"}, workers=1, progress=False)
    with pytest.raises(BadInput):
        simulate("toy_pig", 5, config=PIG, kernel=True, workers=1, progress=False)  # toy_pig has no kernel


def test_serial_and_local_pool_give_the_same_table():
    kw = dict(config=PIG, bots=["cautious", "random"], seed=21, progress=False)
    serial = simulate("toy_pig", 60, workers=1, **kw)
    pooled = simulate("toy_pig", 60, workers=2, chunk=7, **kw)
    assert pooled.attrs["run"]["backend"] == "pool" and pooled.attrs["run"]["chunks"] == 9
    pdt.assert_frame_equal(serial, pooled)
    coup_s = simulate("coup", 24, config={"players": 3}, seed=4, workers=1, progress=False)
    coup_p = simulate("coup", 24, config={"players": 3}, seed=4, workers=2, chunk=5, progress=False)
    pdt.assert_frame_equal(coup_s, coup_p)


def test_cancel_stops_between_chunks():
    import threading
    stop = threading.Event()
    seen = []

    def tick(done, total):
        seen.append(done)
        if done >= 10:
            stop.set()
    df = simulate("toy_pig", 100, config=PIG, workers=1, chunk=5, progress=False, on_progress=tick, cancel=stop)
    assert len(df) == 10 and df.attrs["cancelled"] and seen[-1] == 10
    pdt.assert_frame_equal(df, simulate("toy_pig", 10, config=PIG, workers=1, progress=False))


@pytest.fixture(scope="module")
def dask_cluster():
    distributed = pytest.importorskip("distributed")
    env = {"PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))}
    os.environ.update(env)  # the worker processes import this checkout's rules
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address="127.0.0.1:0")
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_dask_gives_the_same_table_as_serial(dask_cluster):
    kw = dict(config=PIG, bots="cautious", seed=8, progress=False)
    serial = simulate("toy_pig", 50, workers=1, **kw)
    on_dask = simulate("toy_pig", 50, client=dask_cluster, chunk=6, **kw)
    assert on_dask.attrs["run"]["backend"] == "dask" and on_dask.attrs["run"]["workers"] == 2
    pdt.assert_frame_equal(serial, on_dask)
    # by scheduler address, with chunks sized by the pilot, on short Coup games
    coup = dict(config={"players": 2}, seed=5, progress=False)
    pdt.assert_frame_equal(simulate("coup", 30, workers=1, **coup),
                           simulate("coup", 30, client=dask_cluster.scheduler.address, **coup))


def test_compare_on_dask_is_the_same(dask_cluster):
    a = compare("toy_pig", 20, PIG, {"end_timing": "equal_turns"}, seed=2, workers=1, progress=False)
    b = compare("toy_pig", 20, PIG, {"end_timing": "equal_turns"}, seed=2, client=dask_cluster, chunk=4,
                progress=False)
    pdt.assert_frame_equal(a.differences(), b.differences())
    pdt.assert_series_equal(a.part_step, b.part_step)


# --- Coup: through the protocol, and its kernel ---------------------------------------------------
def test_coup_through_the_protocol():
    df = simulate("coup", 40, config={"players": 4}, seed=1, workers=1, progress=False)
    assert df["finished"].all()
    assert ((df["n_winners"] == 1) | (df["n_winners"] == 0)).all()
    wr = M.win_rates(df)
    assert wr["wins"].sum() == (df["n_winners"]).sum()
    assert not M.branching(df).empty and not M.end_reasons(df).empty
    cov = M.coverage(df, "coup")
    assert cov["fired"].any() and set(M.never_fired(df, "coup")) <= set(cov["clause"])


@pytest.mark.parametrize("players,extra", [(2, {}), (4, {}), (4, {"reformation": True})])
def test_coup_kernel_rows_are_the_engine_rows(players, extra):
    cfg = {"players": players, **extra}
    eng = simulate("coup", 60, config=cfg, seed=9, workers=1, progress=False)
    ker = simulate("coup", 60, config=cfg, seed=9, workers=1, progress=False, kernel=True)
    assert (ker["path"] == "kernel").all()
    cols = [c for c in ker.columns if c != "path"]
    pdt.assert_frame_equal(eng[cols], ker[cols])


@pytest.mark.parametrize("game,config", [("new_world", {"players": 3}), ("new_world", {"players": 2, "side": "ireland"})])
def test_new_world_kernel_rows_are_the_engine_rows(game, config):
    eng = simulate(game, 12, config=config, seed=9, workers=1, progress=False)
    ker = simulate(game, 12, config=config, seed=9, workers=1, progress=False, kernel=True)
    assert (ker["path"] == "kernel").all() and ker["finished"].all()
    cols = [c for c in ker.columns if c != "path"]
    pdt.assert_frame_equal(eng[cols], ker[cols])


# --- comparisons -------------------------------------------------------------------------------------
def test_a_reading_against_itself_differs_by_nothing():
    c = compare("toy_pig", 60, PIG, {"end_timing": "immediate"}, seed=4, workers=1, progress=False)
    d = c.differences()
    assert (d[["diff", "lo", "hi"]] == 0).all().all()
    assert c.parted()["parted"] == 0 and c.part_step.isna().all()
    pdt.assert_frame_equal(c.a, c.b)


def test_two_readings_part_where_the_rule_first_acts():
    c = compare("toy_pig", 40, PIG, {"end_timing": "equal_turns"}, seed=6, workers=1, progress=False)
    assert c.parted()["parted"] >= 1
    i = int(c.part_step.dropna().index[0])
    step = int(c.part_step[i])
    ta, tb = [], []
    play_game(make_job("toy_pig", PIG, None, 6), i, trace=ta)
    play_game(make_job("toy_pig", {**PIG, "end_timing": "equal_turns"}, None, 6), i, trace=tb)
    assert ta[:step] == tb[:step] and ta[step] != tb[step]
    # the first difference is the hold that reaches the target: A ends there, B plays the round out
    kinds_a = [e[0] for e in ta[step][1]]
    kinds_b = [e[0] for e in tb[step][1]]
    assert kinds_a == ["hold", "game_over"] and kinds_b[:2] == ["hold", "final_round"]
    told = divergence("toy_pig", i, PIG, {"end_timing": "equal_turns"}, seed=6)
    assert told["step"] == step and told["a"]["label_en"].startswith("hold")
    assert [e["kind"] for e in told["b"]["events"]][:2] == ["hold", "final_round"]


@pytest.mark.parametrize("game", ["coup", "shadow_master", "valeria", "new_world", "toy_pig"])
def test_every_comparison_quantity_of_every_game_has_words(game):
    """The comparison's quantities (``win_0``, ``return_3``, ``no_winner``, ``shared_win``, ``turns``)
    were drawn as those ids: each now has Thai and English words, the seat as the game names it
    (``seat_words``: every game's from 1, in Coup's words "ที่นั่ง / seat", the others' "ผู้เล่น / player")."""
    import re

    from rules.analysis import id_words
    from rules.catalog import GAMES, EXAMPLES
    assert set(GAMES) | set(EXAMPLES) == {"coup", "shadow_master", "valeria", "new_world", "toy_pig"}
    G = engine(game)
    c = compare(game, 1, {"players": G.max_players}, {}, workers=1, progress=False, max_steps=300)
    quantities = list(c.differences()["quantity"])
    assert {f"win_{s}" for s in range(G.max_players)} | {"no_winner", "shared_win"} <= set(quantities)
    for q in quantities:
        th, en = id_words(game, "quantity", q)
        assert re.search(r"[\u0E00-\u0E7F]", th) and not re.search(r"[\u0E00-\u0E7F]", en), (q, th, en)
        assert "_" not in th + en and "[" not in th + en, (q, th, en)  # no id ("turns" is a word)
    th0, en0 = G.seat_words(0)
    assert id_words(game, "quantity", "win_0") == (f"{th0} ชนะ", f"{en0} wins")
    assert en0 == ("seat 1" if game == "coup" else "player 1")  # readers count seats from 1


def test_first_difference():
    assert first_difference([1, 2, 3], [1, 2, 3]) is None
    assert first_difference([1, 2, 3], [1, 5, 3]) == 1
    assert first_difference([1, 2], [1, 2, 3]) == 2
    assert first_difference([0], [9]) == 0


def test_compare_coup_readings_on_common_seeds():
    c = compare("coup", 30, {"players": 4}, {"who_blocks": "anyone"}, seed=3, workers=1, progress=False)
    assert c.label_b == "who_blocks=anyone"
    # what each side reads, in the register's words (the chart's heading says them, not the ids)
    [r] = c.readings
    assert r["entry"] == "who_blocks" and r["question_th"].startswith("ใครขัดขวาง")
    assert (r["a"]["id"], r["a"]["default"], r["b"]["id"], r["b"]["default"]) == ("target_only", True, "anyone", False)
    assert r["b"]["en"].startswith("Any other living player") and r["b"]["th"].startswith("ผู้เล่นคนอื่น")
    assert c.parted()["parted"] >= 1
    assert (c.a["seed"] == c.b["seed"]).all()


# --- sweeps and data what-ifs ---------------------------------------------------------------------------
def test_table_scale_one_is_the_plain_game_and_three_is_not():
    from rules.shadow_master.tables import tables
    before = (tables().rank, tables().damage)
    cfg = {"players": 2}
    plain = simulate("shadow_master", 3, config=cfg, seed=1, workers=1, progress=False)
    same = simulate("shadow_master", 3, config=cfg, seed=1, workers=1, progress=False, data=ScaledTables(1, 1))
    assert (same["data_variant"] == "rank×1 damage×1").all()
    pdt.assert_frame_equal(plain.drop(columns="data_variant"), same.drop(columns="data_variant"))
    with ScaledTables(3, 3):
        assert tables().rank.tables["standard"].income[4] == 3 * before[0].tables["standard"].income[4]
        assert tables().damage.tables["by_cards"].per_cell == [3 * x for x in before[1].tables["by_cards"].per_cell]
    assert (tables().rank, tables().damage) == before  # restored
    other = simulate("shadow_master", 3, config=cfg, seed=1, workers=1, progress=False, data=ScaledTables(3, 3))
    assert not plain.drop(columns="data_variant").equals(other.drop(columns="data_variant"))


def test_sweep_over_table_scales_on_a_pool():
    points = table_scale_points((0.5, 2.0))
    serial = sweep("shadow_master", points, 2, config={"players": 2}, seed=2, workers=1, progress=False)
    pooled = sweep("shadow_master", points, 2, config={"players": 2}, seed=2, workers=2, chunk=1, progress=False)
    pdt.assert_frame_equal(serial, pooled)
    wr = sweep_win_rates(serial)
    assert wr["point"].tolist() == ["×0.5", "×0.5", "×2", "×2"] and (wr["n"] == 2).all()


def test_sweep_over_several_entries_goes_through_the_kernel_for_random_bots():
    from rules.analysis.sweeps import reading_points, use_kernel
    points = reading_points("shadow_master", ["rank_table", "damage_table"])
    assert [p.label for p in points] == ["default", "rank_table=flat", "rank_table=steep", "damage_table=by_rank"]
    assert [p.config for p in points[:2]] == [(), (("rank_table", "flat"),)]
    assert [p.label for p in reading_points("shadow_master", "rank_table")] == ["standard", "flat", "steep"]
    assert use_kernel("shadow_master") and use_kernel("shadow_master", "random", {"players": 3})
    assert not use_kernel("shadow_master", "greedy") and not use_kernel("shadow_master", kernel=False)
    assert not use_kernel("toy_pig")   # no kernel
    cfg = {"players": 3}
    fast = sweep("shadow_master", points[:2], 6, config=cfg, seed=1, workers=1, progress=False)
    slow = sweep("shadow_master", points[:2], 6, config=cfg, seed=1, workers=1, progress=False, kernel=False)
    assert (fast["path"] == "kernel").all() and fast.attrs["path"] == "kernel" and (slow["path"] == "engine").all()
    pdt.assert_frame_equal(sweep_win_rates(fast), sweep_win_rates(slow))   # the same games


def test_cli_sweep_says_how_long_before_it_starts_and_how_long_it_took():
    r = _cli("sweep", "shadow_master", "--entry", "rank_table", "--entry", "income_per", "-n", "4", "--players", "2",
             "--workers", "1")
    assert r.returncode == 0, r.stderr
    err = r.stderr.splitlines()
    assert err[0].startswith("4 points x 4 games through the kernel: about ") and "ประมาณ" in err[0]
    assert err[-1].startswith("16 games in ") and "(estimated " in err[-1] and err[-1].endswith("games/s")
    assert [line.split(",")[0].strip() for line in err[1:-1]] == ["1/4 points", "2/4 points", "3/4 points"]
    assert "income_per=kingdom" in r.stdout
    r = _cli("sweep", "shadow_master", "--entry", "rank_table", "-n", "2", "--players", "2", "--workers", "1",
             "--no-kernel", "--json")
    assert r.returncode == 0 and "through the engine" in r.stderr.splitlines()[0]
    assert json.loads(r.stdout)["points"] == ["standard", "flat", "steep"]


# --- position analysis -----------------------------------------------------------------------------------
def test_position_analysis_prefers_the_winning_hold():
    game = engine("toy_pig")
    state = game.apply_overrides(game.new_game(game.make_config(PIG), 0), {"scores": [15, 15], "pending": 6})
    table = score_actions("toy_pig", state, "random", rollouts=40, seed=1)
    assert table["label_en"].tolist()[0] == "hold: bank 6"
    assert (table["value"].iloc[0], table["hi"].iloc[0]) == (1.0, 1.0)  # 21 points: an immediate win
    assert table["lo"].iloc[0] == pytest.approx(wilson(40, 40)[1])
    assert table["value"].iloc[1] < 1.0
    assert table.attrs["seat"] == 0


# --- the command line -------------------------------------------------------------------------------------
def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "rules", *args], capture_output=True, text=True, cwd=ROOT, env=env,
                          timeout=300)


def test_cli_simulate_json_is_the_same_twice_and_on_two_workers(tmp_path):
    args = ("simulate", "coup", "-n", "60", "--seed", "7", "--players", "3", "--json")
    one, two, pool = _cli(*args), _cli(*args), _cli(*args, "--workers", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout == pool.stdout
    out = json.loads(one.stdout)
    assert out["metrics"]["games"] == 60 and len(out["metrics"]["win_rates"]) == 3
    assert out["metrics"]["coverage"]["implemented"] > 0
    csv = tmp_path / "t.csv"
    pq = tmp_path / "t.parquet"
    r = _cli("simulate", "toy_pig", "-n", "20", "--players", "2", "--workers", "1", "--csv", str(csv),
             "--parquet", str(pq))
    assert r.returncode == 0, r.stderr
    assert len(pd.read_csv(csv)) == 20 and len(pd.read_parquet(pq)) == 20


def test_cli_text_compare_sweep_analyze_and_errors():
    r = _cli("simulate", "toy_pig", "-n", "30", "--players", "2", "--workers", "1")
    assert r.returncode == 0 and "win rate by seat" in r.stdout and "clause coverage" in r.stdout
    r = _cli("compare", "toy_pig", "-n", "30", "--players", "2", "--workers", "1", "--set", "end_timing=immediate",
             "--against", "end_timing=equal_turns", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["b"]["label"] == "end_timing=equal_turns" and out["parted"]["parted"] >= 1
    r = _cli("sweep", "toy_pig", "--entry", "secret_tie", "-n", "20", "--players", "2", "--workers", "1", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["points"] == ["shared", "earliest_seat"]
    scen = sorted((ROOT / "data" / "scenarios" / "toy_pig").glob("*.yaml"))[0]
    r = _cli("analyze", str(scen), "--step", "0", "--rollouts", "10", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["actions"][0]["label_en"]
    r = _cli("simulate", "toy_pig", "-n", "5", "--set", "end_timing=never", "--json")
    assert r.returncode == 2 and json.loads(r.stdout)["error"]["field"] == "end_timing"


def test_bots_by_name_from_the_games_bots_modules():
    from rules.core.bots import bot_names
    assert bot_names("toy_pig") == ["random", "cautious"]
    assert bot_names("coup")[0] == "random" and "honest" in bot_names("coup")
    assert "greedy" in bot_names("shadow_master")  # <name>_bot functions when a module has no BOTS


@pytest.mark.parametrize("per_item, remaining, workers, target", [
    (0.00086, 19766, 2, 1.0),  # the 20,000-game Coup bench on Dask: 17 chunks before, 18 now
    (0.00086, 19766, 2, 0.25),
    (0.017, 1988, 3, 1.0),
    (0.001, 100_000, 8, 1.0),
])
def test_chunks_come_in_whole_rounds_so_no_worker_idles_at_the_end(per_item, remaining, workers, target):
    from rules.analysis.simulate import _chunk_size
    chunk = _chunk_size(per_item, remaining, workers, target)
    chunks = -(-remaining // chunk)
    assert chunks % workers == 0
    assert 0.5 * target <= chunk * per_item <= 1.5 * target  # still about the target's work a chunk
