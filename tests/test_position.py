"""Position analysis ("what would the bots do here?"): ``rules.analysis.position.score_actions`` and
its view on every game page (``widgets/bots_here.py``).

The no-leak property is tested as a twin: a position and the same position with everything the
deciding seat cannot see re-dealt (``resample_hidden``) are the same to that seat, so the analysis
must give the same table, number for number, and the page the same widgets.  A hidden card that
reached the analysis would make them differ.
"""
from __future__ import annotations

import importlib
import json
import random
import threading

import pytest

from rules.analysis.position import deciding_seat, overlaps_best, score_actions
from rules.catalog import engine
from rules.core.play import choose_action
from rules.core.protocol import CHANCE, TERMINAL, BadInput
from rules.core.rulebook import DATA
from rules.core.scenario import run_file
from widgets import page
from widgets.bots_here import BotsHere, scale_of, shade

HIDDEN = {"coup": 3, "shadow_master": 2, "new_world": 2, "toy_pig": 2}
"""Games with cards or tiles a seat cannot see, and the seats to play them with."""


def spec_of(gid):
    return importlib.import_module(f"widgets.{gid}").SPEC


def decisions(gid: str, players: int, seed: int, every: int, limit: int = 3):
    """Up to ``limit`` positions of a seeded random game where a seat decides (every ``every``-th)."""
    game = engine(gid)
    state = game.new_game(game.make_config({"players": players}), seed)
    rng = random.Random(seed)
    out, k = [], 0
    for _ in range(2000):
        cp = game.current_player(state)
        if cp == TERMINAL or len(out) >= limit:
            break
        if cp != CHANCE:
            k += 1
            if k % every == 1 and len(game.legal_actions(state, deciding_seat(game, state))) > 1:
                out.append(state)
        state = game.apply(state, choose_action(game, state, None, rng)).state
    return out


def plain(table) -> list:
    return [[json.dumps(r.action, sort_keys=True), r.label_th, r.label_en, r.value, r.lo, r.hi, r.n]
            for r in table.itertuples()]


@pytest.mark.parametrize("gid", sorted(HIDDEN))
def test_the_table_is_a_function_of_what_the_seat_sees(gid):
    game = engine(gid)
    positions = decisions(gid, HIDDEN[gid], seed=5, every=7 if gid == "coup" else 5)
    assert positions
    differing = 0
    for state in positions:
        seat = deciding_seat(game, state)
        twin = game.resample_hidden(state, seat, random.Random(99))
        assert game.observe(twin, seat) == game.observe(state, seat)
        differing += game.state_to_json(twin) != game.state_to_json(state)
        a = score_actions(gid, state, "random", rollouts=3, seed=1, seat=seat)
        b = score_actions(gid, twin, "random", rollouts=3, seed=1, seat=seat)
        assert plain(a) == plain(b), f"{gid}: the analysis changed when hidden cards were re-dealt"
        assert a.attrs["actions"] == len(game.legal_actions(state, seat)) == len(a)
    assert differing, "no position had anything hidden to re-deal: the twin test checked nothing"


def test_coup_challenge_is_scored_without_knowing_the_claim():
    """A challenge window: whether the claim is true is hidden from the challenger.  The twin with
    the claimant's cards re-dealt (the claim true in one, false in the other) scores the same."""
    game = engine("coup")
    res = run_file(DATA / "scenarios" / "coup" / "1_assassin_challenge_then_contessa_bluff.yaml")
    states = [res.initial] + [s.state for s in res.steps]
    window = next(s for s in states if any(a["type"] == "challenge" for p in range(3)
                                           for a in game.legal_actions(s, p)))
    seat = next(p for p in range(3) if any(a["type"] == "challenge" for a in game.legal_actions(window, p)))
    obs = game.observe(window, seat)
    claim = obs["action"]["claim"]
    claimant = obs["action"]["actor"]
    twins = [game.resample_hidden(window, seat, random.Random(k)) for k in range(40)]
    holds = {claim in game.state_to_json(t)["players"][claimant]["hand"] for t in twins}
    assert holds == {True, False}, "the re-deals never changed whether the claim is true"
    true_twin = next(t for t in twins if claim in game.state_to_json(t)["players"][claimant]["hand"])
    false_twin = next(t for t in twins if claim not in game.state_to_json(t)["players"][claimant]["hand"])
    a = score_actions("coup", true_twin, "honest", rollouts=30, seed=2, seat=seat)
    b = score_actions("coup", false_twin, "honest", rollouts=30, seed=2, seat=seat)
    assert plain(a) == plain(b)
    assert "challenge" in {r["type"] for r in a["action"]}


def test_table_shape_labels_and_order():
    game = engine("toy_pig")
    state = game.new_game(game.make_config({"players": 2}), 3)
    table = score_actions("toy_pig", state, "random", rollouts=25, seed=4)
    assert list(table.columns) == ["action", "label_th", "label_en", "value", "lo", "hi", "n"]
    assert list(table["value"]) == sorted(table["value"], reverse=True)
    for r in table.itertuples():
        assert (r.label_th, r.label_en) == game.describe_action(state, r.action)
        assert 0 <= r.lo <= r.value <= r.hi <= 1 and r.n == 25
    near = overlaps_best(table)
    assert near[0] is True and near == [bool(hi >= table["lo"].iloc[0]) for hi in table["hi"]]


def test_progress_and_cancel():
    state = engine("toy_pig").new_game(engine("toy_pig").make_config({"players": 2}), 3)
    ticks = []
    full = score_actions("toy_pig", state, "random", rollouts=5, on_progress=lambda d, n: ticks.append((d, n)))
    assert ticks[-1] == (10, 10) and len(ticks) == 10 and not full.attrs["cancelled"]
    stop = threading.Event()

    def tick(done, total):
        if done == 7:
            stop.set()
    part = score_actions("toy_pig", state, "random", rollouts=5, on_progress=tick, cancel=stop)
    assert part.attrs["cancelled"] and len(part) == 1 and part.attrs["actions"] == 2


def test_nobody_decides_is_refused():
    game = engine("toy_pig")
    state = game.new_game(game.make_config({"players": 2}), 3)
    rolling = game.apply(state, {"player": 0, "type": "roll"}).state
    assert game.current_player(rolling) == CHANCE
    with pytest.raises(BadInput) as e:
        score_actions("toy_pig", rolling, "random", rollouts=2)
    assert e.value.field == "state"
    with pytest.raises(BadInput):
        score_actions("toy_pig", state, "random", rollouts=0)


# ----------------------------------------------------------------------------- the page's control
def model_count(root) -> int:
    from tests.test_widget_leaks import tree
    return len(tree(root))


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "new_world", "valeria", "toy_pig"])
def test_every_page_has_one_light_button(gid):
    """Every game's stepper and play table carry the control, as one button (its box, layout and
    style: five models) until it is clicked."""
    spec = spec_of(gid)
    reader = page.rulings(spec)
    assert isinstance(reader.view.bots_here, BotsHere) and reader.view.bots_here in reader.view.children
    assert reader.view.bots_here.children == (reader.view.bots_here.button,)
    assert model_count(reader.view.bots_here) <= 5
    table = page.new_table(spec, seed=2)
    assert table.bots_here in table.controls.children and table.bots_here.panel is None
    assert model_count(table.bots_here) <= 5
    table.close()


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "new_world", "valeria", "toy_pig"])
def test_the_bot_picker_says_the_engines_words_in_thai_and_english(gid):
    """The picker listed the bots' names (``random``, ``honest``): it says the engine registry's
    Thai and English words (``rules.core.bots.bot_words``), the names staying its values, and the
    play table's bot labels (``GameSpec.bots``) say the same words."""
    import re

    from rules.core.bots import bot_names, bot_words
    spec = spec_of(gid)
    bh = page.rulings(spec).view.bots_here
    bh._build()
    assert [v for _label, v in bh.bot.options] == bot_names(gid)
    for label, name in bh.bot.options:
        th, en = bot_words(gid, name)
        assert label == f"{th} / {en}" and re.search(r"[\u0E00-\u0E7F]", th) and en == name, (label, th, en)
    assert {n: spec.bots[n][0] for n in spec.bots} == {n: label for label, n in bh.bot.options}


def at_decision(view: page.ScenarioView) -> None:
    for k in range(view.cursor.length + 1):
        view.cursor.step = k
        if view.spot().seat is not None:
            return
    raise AssertionError("no step of the example has a decision")


def test_coup_stepper_table_is_the_engines_analysis():
    spec = spec_of("coup")
    view = page.scenario_at(spec, DATA / "scenarios" / "coup" / "1_assassin_challenge_then_contessa_bluff.yaml", 1)
    at_decision(view)
    bh = view.bots_here
    bh.analyse(wait=True)
    spot = view.spot()
    expected = score_actions("coup", spot.state, "honest", 40, seed=0, seat=spot.seat)
    assert plain(bh.table) == plain(expected)
    html = bh.out.value
    assert html.count("<tr data-rank=") == len(expected)
    for r in expected.itertuples():
        assert r.label_th in html
    assert f"{100 * expected['value'].iloc[0]:.0f}%" in html and "95%" in bh.head.value
    assert "บอทซื่อสัตย์ ทุกที่นั่ง" in bh.head.value and "by 'honest' bots" in bh.head.value
    assert "ที่นั่งที่ต้องตัดสินใจ" in bh.policy.value and "deciding seat" in bh.policy.value
    assert bh.board_box.children == ()  # Coup: a table, no board
    # stepping on marks the result as another position's
    view.cursor.step = min(view.cursor.step + 1, view.cursor.length)
    if view.spot().key != spot.key:
        assert "changed" in bh.stale.value
    bh.hide()
    assert bh.panel.layout.display == "none"


@pytest.mark.parametrize("gid, stem, step", [("shadow_master", "alliance_attack", 2),
                                             ("new_world", "1_large_settlement_2_2_2_closer_last", 0)])
def test_hex_games_shade_the_cells(gid, stem, step):
    """Each cell a choice names is shaded by its best choice's win rate on the legend's scale, and
    its hover text gives that choice's interval; the table names the cells."""
    spec = spec_of(gid)
    view = page.scenario_at(spec, DATA / "scenarios" / gid / f"{stem}.yaml", step)
    bh = view.bots_here
    bh._build()
    bh.rollouts.value = 3
    bh.analyse(wait=True)
    table = bh.table
    cells = {}
    for i, a in enumerate(table["action"]):
        if spec.action_cell(a) is not None:
            cells.setdefault(spec.action_cell(a), i)
    (board,) = bh.board_box.children
    assert len(cells) >= 3
    lo, hi = scale_of(table["value"][i] for i in cells.values())
    for cell, best in cells.items():
        h = board.hex_of[cell] if gid == "shadow_master" else cell
        cid = f"{h[0]},{h[1]}"
        assert board.fills[cid] == shade((table["value"][best] - lo) / ((hi - lo) or 1.0))
        assert f"[{100 * table['lo'][best]:.0f}%, {100 * table['hi'][best]:.0f}%]" in board.titles[cid]
    assert "kl-bots-legend" in bh.out.value and "<th>ช่อง / cell</th>" in bh.out.value
    if gid == "new_world":  # as the play map: names too small for a phone hidden, a tap names the cell
        from widgets.new_world.board import MAP_MIN_LABEL_PX, TAP_HINT, TAPPED
        assert (board.min_label_px, board.tap_names, board.small_hint) == (MAP_MIN_LABEL_PX, TAPPED, TAP_HINT)



def test_a_first_answer_shows_the_choices_scored_so_far_and_the_final_table_is_unchanged():
    """``on_rows``: after each choice but the last, the choices scored so far, ranked as the final
    table ranks them; the final table is the same with or without it.  The page shows them (the
    head says how many so far) before the last rollout."""
    from rules.analysis.position import score_table
    game = engine("valeria")
    state = game.new_game(game.make_config({"players": 2}), 3)
    seat = deciding_seat(game, state)
    legal = game.legal_actions(state, seat)
    assert len(legal) >= 2
    seen = []
    table = score_table("valeria", state, "random", rollouts=4, seed=1, on_rows=seen.append)
    assert [len(t) for t in seen] == list(range(1, len(legal)))
    assert all(t.attrs["partial"] and t.attrs["actions"] == len(legal) for t in seen)
    assert "partial" not in table.attrs and not table.attrs["cancelled"]
    assert plain(table) == plain(score_table("valeria", state, "random", rollouts=4, seed=1))
    final = {r[0]: r for r in plain(table)}
    for t in seen:
        rows = plain(t)
        assert [r[3] for r in rows] == sorted((r[3] for r in rows), reverse=True)
        assert all(final[r[0]] == r for r in rows)
    # the page: the first answer is the first choice scored, said as such; then the whole table
    spec = spec_of("valeria")
    ptable = page.new_table(spec, 1, "random", seed=3)
    bh = ptable.bots_here
    bh._build()
    bh.rollouts.value = 3
    heads = []
    bh.out.observe(lambda c: heads.append((bh.head.value, c["new"])), "value")
    bh.analyse(wait=True)
    n = len(ptable.legal())
    assert n >= 2 and len(heads) >= 2, heads   # (later partial answers are drawn at most every 0.5 s)
    assert f"so far: 1 of {n} choices scored" in heads[0][0] and heads[0][1].count("data-rank=") == 1
    assert all("so far" in head for head, _ in heads[:-1])
    assert "so far" not in heads[-1][0] and heads[-1][1].count("data-rank=") == n
    ptable.close()

def test_play_offers_the_readers_own_decisions_only():
    spec = spec_of("coup")
    table = page.new_table(spec, 2, "honest", seed=6)
    assert table.my_turn()
    spot = table.spot()
    assert spot.seat == table.viewer == 0
    bh = table.bots_here
    bh._build()
    bh.rollouts.value = 10
    bh.analyse(wait=True)
    assert "ที่นั่งของคุณ" in bh.policy.value and "your seat" in bh.policy.value
    assert len(bh.table) == len(table.legal())
    # a bot's decision is not analysed (it would need the bot's cards)
    table.bots_here.spot = lambda: page.Spot(spot.state, None, ("x",), spot.where, ("รอ", "wait"))
    bh.run(wait=True)
    assert "wait" in bh.head.value and bh.out.value == ""
    table.close()


@pytest.mark.parametrize("gid, seed", [("coup", 6), ("shadow_master", 3), ("new_world", 2)])
def test_the_analysis_widgets_carry_no_hidden_card(gid, seed):
    """The play table's analysis on the reader's decision, and the same on a twin table whose every
    card the reader cannot see is re-dealt: every widget of both sends the browser the same state."""
    from tests.test_widget_leaks import dump, twin
    spec = spec_of(gid)
    table = page.new_table(spec, 1, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):  # a decision with a choice to make
        if table.my_turn() and len(table.legal()) > 1:
            break
        table.choose(table.decision, table.legal()[0])
    assert table.my_turn()
    other, hidden = twin(spec, table, rng)
    try:
        assert json.dumps(spec.game.state_to_json(hidden), sort_keys=True, default=str) != \
            json.dumps(spec.game.state_to_json(table.session.state), sort_keys=True, default=str)
        for t in (table, other):
            t.bots_here._build()
            t.bots_here.rollouts.value = 3
            t.bots_here.run(wait=True)
            t.bots_here.runner.status.value = ""  # the run's wall-clock time differs
        assert table.bots_here.table is not None and len(table.bots_here.table)
        assert dump(other.bots_here) == dump(table.bots_here)
    finally:
        other.close()
        table.close()


def test_runs_off_the_comm_thread_and_cancels():
    """A click returns at once (the rollouts run in a worker thread); cancel stops them between
    rollouts and the panel says how many choices were scored."""
    spec = spec_of("coup")
    view = page.scenario_at(spec, DATA / "scenarios" / "coup" / "1_assassin_challenge_then_contessa_bluff.yaml", 1)
    bh = view.bots_here
    bh._build()
    started = threading.Event()
    release = threading.Event()
    tick = bh.runner.tick

    def slow_tick(done, total):  # hold the worker after its first rollout until the test cancels
        tick(done, total)
        started.set()
        release.wait(10)
    bh.runner.tick = slow_tick
    bh.analyse()  # wait=False: the worker thread
    assert started.wait(30) and bh.runner.running
    assert bh.runner.run_button.disabled and not bh.runner.cancel_button.disabled
    bh.runner.cancel_button.click()
    release.set()
    bh.runner.join(30)
    assert not bh.runner.running
    assert bh.table.attrs["cancelled"] and len(bh.table) < bh.table.attrs["actions"]
    assert "cancelled" in bh.head.value and "cancelled" in bh.runner.status.value
    assert not bh.runner.run_button.disabled


def test_a_move_made_while_the_analysis_runs_cancels_it():
    """The reader moves on while "what would the bots do here?" still plays out the position they
    left: that analysis is cancelled (its answer would be stale; its work held up the move's
    redraw), and the panel says its result is of the earlier position."""
    spec = spec_of("coup")
    table = page.new_table(spec, 2, "honest", seed=6)
    bh = table.bots_here
    bh._build()
    started, release = threading.Event(), threading.Event()
    tick = bh.runner.tick

    def slow_tick(done, total):
        tick(done, total)
        started.set()
        release.wait(10)
    bh.runner.tick = slow_tick
    bh.analyse()
    assert started.wait(30) and bh.runner.running
    seen = []
    apply = table.session.apply
    table.session.apply = lambda a: (seen.append(bh.runner.cancel.is_set()), apply(a))[1]
    table.choose(table.decision, table.legal()[0])  # the reader's move: the page redraws
    assert seen[0], "cancelled before the move is worked out"
    assert bh.runner.cancel.is_set()
    release.set()
    bh.runner.join(30)
    assert bh.table.attrs["cancelled"] and "the position on screen has changed" in bh.stale.value
    table.close()


def test_the_progress_bar_moves_at_most_ten_times_a_second_and_always_ends_full():
    from widgets.runner import Runner
    r = Runner("x")
    values = []
    r.progress.observe(lambda ch: values.append(ch["new"]), "value")
    for done in range(1, 1001):  # a thousand quick rollouts
        r.tick(done, 1000)
    assert values[-1] == 1000 and r.progress.max == 1000
    assert len(values) <= 3, values  # the first, maybe one more on a slow machine, the last


def test_the_page_table_is_the_frame_row_for_row_and_a_game_page_imports_no_pandas():
    """``score_table`` (what a game page shows) and ``score_actions`` (its DataFrame) hold the same
    rows in the same order with the same attrs; a game page's "bots here" runs without pandas (and
    pyarrow: ~75 MiB a kernel), checked in a fresh interpreter."""
    import subprocess
    import sys
    from rules.analysis.position import score_table
    game = engine("coup")
    state = game.new_game({"players": 3}, seed=5)
    while game.current_player(state) < 0:
        state = game.apply(state, game.sample_chance(state, random.Random(1))).state
    df = score_actions("coup", state, "random", rollouts=6, seed=3)
    t = score_table("coup", state, "random", rollouts=6, seed=3)
    assert len(t) == len(df) > 1 and t.attrs == df.attrs
    assert [tuple(r) for r in t.itertuples()] == [tuple(r) for r in df.itertuples()]
    assert overlaps_best(t) == overlaps_best(df)
    code = ("import sys, random; from widgets.coup import SPEC; from widgets.bots_here import BotsHere;"
            "from rules.analysis.position import score_table, overlaps_best;"
            "from widgets.bots_here import table_html;"
            "g = SPEC.game; s = g.new_game({'players': 3}, seed=5)\n"
            "while g.current_player(s) < 0: s = g.apply(s, g.sample_chance(s, random.Random(1))).state\n"
            "html = table_html(score_table('coup', s, 'random', rollouts=3));"
            "assert 'kl-position' in html; print('pandas' in sys.modules, 'pyarrow' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=str(DATA.parent), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["False", "False"]
