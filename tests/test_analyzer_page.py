"""The analyzer page's widgets (widgets/analyzer.py): a run off the calling thread reports progress
and can be cancelled; the charts and the downloads come from rules.analysis."""
from __future__ import annotations

import base64
import html
import io

import pandas as pd
import pytest

from rules.analysis import simulate
from widgets import analysis_charts as C
from widgets.analyzer import NO_COMPARISON, PositionPanel, SimulationPanel, TableSweepPanel, download_links, game_title


def test_a_run_in_the_background_reports_progress_and_cancels():
    panel = SimulationPanel("coup", players=3, games=5000, workers=1)
    ticks = []
    panel.runner.progress.observe(lambda ch: ticks.append(ch["new"]), "value")
    panel.run()  # returns at once: the games are played by a worker thread
    assert panel.runner.thread is not None and panel.runner.run_button.disabled
    while not ticks and panel.runner.thread.is_alive():
        panel.runner.thread.join(0.05)
    panel.runner.cancel_button.click()
    panel.runner.thread.join(120)
    assert not panel.runner.thread.is_alive()
    assert ticks and 0 < len(panel.table) < 5000 and panel.table.attrs["cancelled"]
    assert "cancelled" in panel.runner.status.value and not panel.runner.run_button.disabled
    assert len(panel.fig_win.children) == 1  # the partial table is drawn


def test_the_charts_and_the_comparison_are_drawn():
    panel = SimulationPanel("coup", players=2, games=30, workers=1, against={"who_blocks": "anyone"})
    panel.run(wait=True)
    assert panel.comparison is not None and len(panel.table) == 30
    for box in (panel.fig_win, panel.fig_len, panel.fig_src, panel.fig_bf, panel.fig_cmp):
        assert len(box.children) == 1
    assert "win rate by seat" in panel.fig_win.children[0].figure["layout"]["title"]["text"]
    assert "kl-coverage" in panel.coverage.value and "first-seat advantage" in panel.summary.value


def test_the_comparison_names_its_rows_and_its_readings_in_words():
    """The comparison chart's rows were the ids ``win_0..3``, ``no_winner``, ``shared_win`` and its
    title ``who_blocks=anyone vs default``: the rows are the engine's words (Coup counts seats from
    0, as its table does) and the register's question and both readings head the chart."""
    import re
    panel = SimulationPanel("coup", players=4, games=6, workers=1, against={"who_blocks": "anyone"})
    panel.run(wait=True)
    fig = panel.fig_cmp.children[0].figure
    rows = fig["data"][0]["y"]
    assert rows == [f"ที่นั่ง {s + 1} ชนะ /<br>seat {s + 1} wins" for s in range(4)] + ["ไม่มีผู้ชนะ /<br>no winner",
                                                                           "ชนะร่วมกัน /<br>shared win"]
    shown = " ".join(rows) + fig["layout"]["title"]["text"] + panel.cmp_words.value
    for raw in ("win_0", "no_winner", "shared_win", "who_blocks", "target_only", "anyone"):
        assert not re.search(rf"(?<![\w-]){raw}(?![\w-])", shown), raw
    words = panel.cmp_words.value
    assert "ใครขัดขวางการขโมยและการลอบสังหารได้บ้าง" in words and "Who may block a steal" in words
    assert "<b>A</b> (ค่าเริ่มต้น / default): เฉพาะผู้เล่นที่ถูกเลือก" in words
    assert "<b>B</b>: ผู้เล่นคนอื่นที่ยังอยู่ในเกม" in words and "Any other living player" in words
    panel.against.value = NO_COMPARISON
    panel.run(wait=True)
    assert panel.cmp_words.value == ""  # no comparison, no heading


def test_the_table_downloads_as_csv_and_parquet():
    df = simulate("toy_pig", 12, config={"players": 2}, workers=1, progress=False)
    links = download_links(df, "t")
    csv = base64.b64decode(links.split("data:text/csv;base64,")[1].split('"')[0])
    pq = base64.b64decode(links.split("data:application/octet-stream;base64,")[1].split('"')[0])
    assert pd.read_csv(io.BytesIO(csv))["seed"].tolist() == df["seed"].tolist()
    assert pd.read_parquet(io.BytesIO(pq))["winners"].tolist() == df["winners"].tolist()


def test_the_downloads_are_made_when_the_reader_asks():
    """The table's CSV and Parquet (data URIs, 0.37 MB on the analyzer page) are not sent with
    the page: a button makes them, for the table on screen."""
    panel = SimulationPanel("coup", players=2, games=12, workers=1)
    panel.run(wait=True)
    assert panel.download.value == "" and panel.download_button.layout.display is None
    assert "(12 rows)" in panel.download_button.description
    panel.download_button.click()
    assert 'download="coup_12.csv"' in panel.download.value and "coup_12.parquet" in panel.download.value
    assert panel.download_button.layout.display == "none"
    panel.n_games.value = 15
    panel.run(wait=True)  # a new table: the old links go, the button comes back
    assert panel.download.value == "" and "(15 rows)" in panel.download_button.description


def test_sweep_and_position_panels():
    sweep = TableSweepPanel(factors=(1, 2), games=2, players=2, workers=1)
    sweep.run(wait=True)
    assert sorted(sweep.table["point"].unique()) == ["×1", "×2"] and len(sweep.fig.children) == 1
    from widgets.analysis_charts import sweep_chart
    traces = sweep_chart(sweep.table)["data"]
    bands = [t for t in traces if t.get("fill") == "toself"]
    assert len(bands) == 2 and all(t["mode"] == "lines" for t in bands)  # no markers at a band's corners
    position = PositionPanel("coup", scenario="1_assassin_challenge_then_contessa_bluff", rollouts=5)
    position.run(wait=True)
    assert len(position.table) >= 2 and "kl-position" in position.out.value


@pytest.mark.parametrize("game", ["coup", "new_world", "shadow_master", "valeria"])
def test_the_example_picker_names_the_scenarios_by_their_titles(game):
    """The picker listed file names (``1_assassin_challenge_then_contessa_bluff``): it says each
    scenario's Thai and English title as the loader gives it (ruling number first, in the rulings'
    order), and the file stem stays its value."""
    from rules.core.scenario import load_scenario
    from widgets.page import ruling_key
    position = PositionPanel(game)
    paths = position.paths
    assert [v for _label, v in position.scenario.options] == [p.stem for p in sorted(paths.values(), key=ruling_key)]
    for label, stem in position.scenario.options:
        sc = load_scenario(paths[stem])
        assert label.endswith(f"{sc.title_th} / {sc.title_en}") and stem not in label, (label, stem)
    if game == "coup":
        assert ("ข้อ 1 / ruling 1: ลอบสังหาร ถูกท้าทายแต่พิสูจน์ได้ แล้วผู้ถูกลอบสังหารอ้างคอนเตสซ่า / An assassination, "
                "a lost challenge, then a Contessa bluff", "1_assassin_challenge_then_contessa_bluff") == \
            position.scenario.options[0]
        position.scenario.value = "10_steal_blocked_and_examine"
        assert position.state() is not None  # the value still opens its file


# --- what the games can tell (issue 11: 150 games called seat 0 "favoured" on [26.5, 41.5] %) ---------
def _seat_table(wins: list[int], n: int):
    """A finished 4-seat table with ``wins[s]`` games won by seat ``s`` (one winner a game)."""
    import pandas as pd
    winners = [s for s, k in enumerate(wins) for _ in range(k)]
    assert len(winners) == n
    return pd.DataFrame({"finished": [True] * n, "n_winners": [1] * n,
                         **{f"win_{s}": [w == s for w in winners] for s in range(4)}})


def test_the_verdict_does_not_over_claim():
    from rules.analysis import metrics as M
    from widgets.analyzer import verdict_html
    # the example: 50 of 150 games, plain interval [26.3, 41.2] % off 25 %, but four seats read at once
    df = _seat_table([50, 34, 33, 33], 150)
    v = M.seat_verdicts(df)
    assert list(v["verdict"]) == ["hint_above", "fair", "fair", "fair"]
    assert v["lo"].iloc[0] > 0.25 > v["lo_all"].iloc[0]
    text = verdict_html(df)
    assert "a hint, not a finding" in text and "favoured" not in text
    res = M.resolution(150, 4)
    assert f"less than <b>{100 * res['gap']:.1f}</b> points" in text and "6.9" in text  # Wilson half-width at 25 %
    assert f"{100 * res['chance_one_off']:.0f}% of the time" in text and "19% of the time" in text
    # a real gap: 300 of 600 is off 25 % even read with every seat at once
    firm = _seat_table([300, 100, 100, 100], 600)
    assert list(M.seat_verdicts(firm)["verdict"]) == ["above", "below", "below", "below"]
    assert "player 1 is favoured" in verdict_html(firm)  # seat id 0, counted from 1 as on the boards
    fair = _seat_table([38, 37, 38, 37], 150)
    assert "these games tell no seat apart from 25.0%" in verdict_html(fair)


def test_resolution_narrows_with_games():
    from rules.analysis import metrics as M
    gaps = [M.resolution(n, 4)["gap"] for n in (150, 400, 1000)]
    assert gaps == sorted(gaps, reverse=True)
    assert abs(M.resolution(400, 4)["gap"] - 0.0423) < 5e-4
    assert M.resolution(400, 4)["gap_all"] > M.resolution(400, 4)["gap"]
    assert abs(M.z_for() - M.Z95) < 1e-12


def test_a_box_keeps_one_chart_widget_redrawn_in_place():
    """widgets.analysis_charts.into: a box's chart widget is redrawn with the new figure, not
    replaced (each run of a panel used to leave a figure widget behind until the next one): the
    kernel holds as many widgets after three draws as after one.  A plotly figure is taken too
    (an author's), drawn from its JSON."""
    import ipywidgets as W
    from ipywidgets.widgets.widget import _instances
    from widgets.analysis_charts import figure, into
    from widgets.chart import Chart
    box = W.Box()
    into(box, figure([dict(type="bar", x=[1], y=[1])], "one", width=600))
    first = box.children[0]
    count = len(_instances)
    into(box, figure([dict(type="bar", x=[1], y=[2])], "two"))
    into(box, figure([dict(type="bar", x=[1], y=[float("nan")])], "three"))
    assert box.children == (first,) and isinstance(first, Chart) and first.comm is not None
    assert len(_instances) == count
    assert first.figure["data"][0]["y"] == [None]          # NaN is no JSON: a gap in the chart
    assert first.figure["layout"]["title"]["text"] == "three"
    assert box.layout.max_width == "600px" and first.figure["layout"]["autosize"] is True
    assert "width" not in first.figure["layout"]
    import plotly.graph_objects as go
    into(box, go.Figure(go.Bar(x=[1, 2], y=[3.5, 4])))
    assert box.children == (first,) and first.figure["data"][0]["type"] == "bar"


def test_the_source_chart_names_a_lone_source_and_the_empty_comparison_has_no_axes():
    """Coup's only score source (influence left) is named (plotly hid a one-trace legend, which
    left bars of unnamed numbers): now in the words over the box that shows how seats' games ended
    in its place; with no 'vs' chosen the comparison box draws no axes (a stray 0 and ticks sat
    under its title)."""
    panel = SimulationPanel("coup", players=2, games=12, workers=1)
    panel.run(wait=True)
    assert "อิทธิพลที่เหลือ" in panel.src_words.value and "influence left" in panel.src_words.value
    assert panel.fig_src.children[0].figure["layout"]["showlegend"] is True
    cmp = panel.fig_cmp.children[0].figure
    assert cmp["data"] == [] and "choose 'vs'" in cmp["layout"]["title"]["text"]
    assert cmp["layout"]["xaxis"]["visible"] is False and cmp["layout"]["yaxis"]["visible"] is False


def test_every_analyzer_label_is_shown_whole():
    """ipywidgets' default 90 px label width cut "อ่านแบบ / reading" to "อ่านแบบ / r..." even at
    1280 px: every described control of the three panels (and seat dropdowns made later) gets
    its label's own width."""
    import ipywidgets as w

    def described(root):
        stack, out = [root], []
        while stack:
            x = stack.pop()
            stack.extend(getattr(x, "children", ()))
            if getattr(x, "description", "") and hasattr(getattr(x, "style", None), "description_width"):
                out.append(x)
        return out

    sim = SimulationPanel(game="coup", players=2, games=10)
    sim.players.value = 4                      # new seat dropdowns are made here
    panels = [sim, TableSweepPanel(), PositionPanel(game="coup")]
    found = [x for p in panels for x in described(p)]
    assert len(found) >= 12
    assert {x.description for x in found} >= {"อ่านแบบ / reading", "ตาราง / table", "เกม/จุด / games a point",
                                                "ที่นั่ง 4 / seat 4"}
    assert [x.description for x in found if x.style.description_width != "initial"] == []
    assert all(isinstance(x, (w.Dropdown, w.BoundedIntText, w.IntText, w.Text)) for x in found)


def test_the_branching_chart_makes_room_for_its_phase_names():
    """The slanted phase names were cut at the fixed 45 px bottom margin ("challe..."), and Valeria's
    14 could not sit side by side: one bar a phase, across, its name beside it in a margin as wide
    as the names (automargin), the chart as tall as its rows."""
    from widgets.analysis_charts import branching_chart
    from widgets.analyzer import id_text
    fig = branching_chart(simulate("coup", 20, ["random"] * 4, {"players": 4}, seed=1, workers=1, progress=False),
                          phase=id_text("coup", "phase", C.LINES))
    bars = fig["data"][0]
    assert bars["orientation"] == "h" and fig["layout"]["yaxis"]["automargin"] is True
    assert len(bars["y"]) >= 3 and "ท้าทายคำอ้าง /<br>challenging a claim" in bars["y"]
    assert not [y for y in bars["y"] if "_" in y]                  # no engine id ("challenge_action")
    valeria = simulate("valeria", 3, ["greedy"] * 2, {"players": 2}, seed=1, workers=1, progress=False)
    tall = branching_chart(valeria, phase=id_text("valeria", "phase", C.LINES))
    assert len(tall["data"][0]["y"]) >= 10 and tall["layout"]["height"] >= 36 * len(tall["data"][0]["y"])


def test_the_charts_are_plotly_figures_drawing_the_intervals_of_rules_analysis():
    """Each chart is a figure dict plotly.js draws (plotly itself accepts every property of it:
    ``to_figure`` validates) holding the numbers of ``rules.analysis``: the win rates with their
    Wilson intervals as error bars and the fair share dashed, the mean length's band, the sweep's
    lines with bands, the paired differences with theirs; titles with their second line."""
    import json

    import plotly.graph_objects as go

    from rules.analysis import compare, metrics as M
    from rules.analysis.sweeps import sweep, sweep_win_rates, table_scale_points
    from widgets import analysis_charts as C
    from widgets.bundles import PARTIAL_TRACES
    df = simulate("coup", 30, ["honest"] * 4, {"players": 4}, seed=2, workers=1, progress=False)
    c = compare("coup", 20, {"players": 4}, {"who_blocks": "anyone"}, ["honest"] * 4, seed=0, workers=1, progress=False)
    t = sweep("shadow_master", table_scale_points([1, 2]), 2, "greedy", {"players": 2}, seed=0, workers=1,
              progress=False)
    win, length, src, bf, cmp, sw = (C.win_rate_chart(df), C.length_chart(df), C.sources_chart(df),
                                     C.branching_chart(df), C.compare_chart(c), C.sweep_chart(t))
    for fig in (win, length, src, bf, cmp, sw, C.empty_chart("x")):
        json.dumps(fig, allow_nan=False)                       # JSON the page can read
        assert isinstance(C.to_figure(fig), go.Figure)         # every property is plotly's
        assert {tr["type"] for tr in fig["data"]} <= PARTIAL_TRACES
        assert "<br><sup>" in fig["layout"]["title"]["text"] or fig is not win
    wr = M.win_rates(df)
    bars = win["data"][0]
    assert bars["x"] == [f"ผู้เล่น {s + 1} /<br>player {s + 1}" for s in range(4)] and bars["y"] == wr["estimate"].tolist()
    assert [y + e for y, e in zip(bars["y"], bars["error_y"]["array"])] == pytest.approx(wr["hi"].tolist())
    assert [y - e for y, e in zip(bars["y"], bars["error_y"]["arrayminus"])] == pytest.approx(wr["lo"].tolist())
    assert win["layout"]["shapes"][0]["y0"] == 0.25 and win["layout"]["shapes"][0]["line"]["dash"] == "dash"
    key = win["data"][1]  # the fair share is named in the legend, under the plot (no label on the bars)
    assert key["name"] == "ส่วนที่ยุติธรรม 25% / fair share" and key["line"]["dash"] == "dash"
    assert "annotations" not in win["layout"] and bars["showlegend"] is False
    assert "win rate by seat" in win["layout"]["title"]["text"] and "Wilson" in win["layout"]["title"]["text"]
    L = M.lengths(df, "turns")
    band = length["layout"]["shapes"][0]
    assert (band["x0"], band["x1"]) == (L["mean_lo"], L["mean_hi"]) and length["data"][0]["type"] == "bar"
    # the band is named in the legend under the chart, in its own colour (a fresh user saw an orange
    # band over the bars and nothing saying it was the mean's interval); the bars need no entry
    keys = [tr for tr in length["data"] if tr.get("showlegend", True)]
    assert [tr["name"] for tr in keys] == ["ช่วง 95% ของค่าเฉลี่ย / 95% interval of the mean"], keys
    assert keys[0]["marker"]["color"] == band["fillcolor"] and length["layout"]["showlegend"] is True
    assert length["layout"]["legend"] == C.BELOW
    assert src["layout"]["barmode"] == "stack" and bf["data"][0]["error_x"]["symmetric"] is False
    assert cmp["data"][0]["orientation"] == "h" and len(cmp["data"][0]["error_x"]["array"]) == len(cmp["data"][0]["y"])
    assert cmp["layout"]["yaxis"]["automargin"] is True  # its labels ("shared_win") get the room they need
    sw_rates = sweep_win_rates(t)
    lines = [tr for tr in sw["data"] if tr.get("mode") == "lines+markers"]
    bands = [tr for tr in sw["data"] if tr.get("fill") == "toself"]
    assert [tr["name"] for tr in lines] == [f"ผู้เล่น {s + 1} / player {s + 1}" for s in sorted(sw_rates["seat"].unique())]
    assert len(bands) == len(lines) and all(tr["showlegend"] is False for tr in bands)


def test_the_game_list_is_the_games_with_an_engine_without_importing_them():
    """The game dropdown lists the games ``has_engine`` finds, found without importing them: in a
    fresh interpreter, a Coup panel leaves Shadow Master's engine (its board: networkx, shapely)
    unimported."""
    import subprocess
    import sys
    from pathlib import Path

    from rules.catalog import GAMES, has_engine
    from widgets.analyzer import _games
    root = str(Path(__file__).resolve().parents[1])
    code = ("import sys; from widgets.analyzer import SimulationPanel, _games; p = SimulationPanel('coup', players=4);"
            " print(_games(), sorted(m for m in ('rules.shadow_master', 'networkx', 'shapely') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True,
                         env={**__import__("os").environ, "PYTHONPATH": root})
    assert out.stdout.strip() == f"{[g for g in GAMES if has_engine(g)]} []"
    assert _games() == [g for g in GAMES if has_engine(g)]


def test_the_results_say_what_they_are_of_and_when_the_controls_moved_on():
    """A reader who picked another game (or seats, bots, games, a reading) without pressing run
    read the earlier game's charts as the new one's (found by a fresh user): the line above the
    results names what they are of, and says they are the earlier run's once the controls differ."""
    panel = SimulationPanel("coup", players=2, games=10, workers=1, bots="random")
    assert panel.shown.value == ""
    panel.run(wait=True)
    assert "kl-shown" in panel.shown.value and "Coup + Inquisitor: 10 games, 2 seats" in panel.shown.value
    panel.game.value = "new_world"
    assert "kl-stale" in panel.shown.value and "earlier run (Coup + Inquisitor: 10 games" in panel.shown.value
    panel.game.value = "coup"
    panel.players.value = 2
    panel.bots.children[0].value = "honest"
    assert "kl-stale" in panel.shown.value
    panel.bots.children[0].value = "random"
    assert "kl-shown" in panel.shown.value  # back to what the results are of
    panel.game.value = "new_world"
    panel.run(wait=True)
    assert "kl-shown" in panel.shown.value and "New World: 10 games" in panel.shown.value


def test_the_results_line_says_the_game_bots_and_readings_in_words():
    """The line read "results of: coup, ... bots honest, honest, reading default, vs
    who_blocks=anyone": config ids a reader cannot read.  It names the game by its title, the bots
    by the engine's words, and each reading by the register's short words, as the dropdown does (no
    entry id, not even in brackets)."""
    import re
    panel = SimulationPanel("coup", players=3, games=6, workers=1, bots=["honest", "honest", "random"],
                            against={"who_blocks": "anyone"})
    panel.run(wait=True)
    shown = html.unescape(panel.shown.value)
    assert "kl-shown" in shown and "เกมโค่นอำนาจ + นักสืบศาสนา:" in shown and "Coup + Inquisitor:" in shown
    assert "บอท ซื่อสัตย์ ×2, สุ่ม" in shown and "bots honest ×2, random" in shown
    assert "อ่านแบบ ค่าเริ่มต้น" in shown and "reading default" in shown
    assert "เทียบกับ ใครก็ยับยั้งได้" in shown and "vs any player may block" in shown  # the reading's short words
    assert "who_blocks" not in shown and not re.search(r"(?<![\w-])(coup|anyone)(?![\w-])", shown)
    panel.game.value = "new_world"  # the stale line says the earlier run in the same words
    assert "kl-stale" in panel.shown.value and "any player may block" in html.unescape(panel.shown.value)


def test_the_results_line_is_a_thai_line_then_an_english_line_naming_what_is_in_play():
    """The line read as an English sentence with Thai dropped in ("ผลของ / results of: เกมโค่นอำนาจ
    / Coup (Inquisitor + Reformation), 400 games, 4 seats, bots ซื่อสัตย์ / honest ×4, ...") and
    named the Reformation in a run without it (a fresh user's trial): a Thai line, then an English
    line, as the verdict lines under it; the game named by the expansions its config has on
    (the engine's ``title_in_play``)."""
    panel = SimulationPanel("coup", players=4, games=6, workers=1, bots=["honest"] * 4,
                            against={"who_blocks": "anyone"})
    panel.run(wait=True)
    th, en = html.unescape(panel.shown.value).split("<br>")
    assert th.endswith("ผลของ เกมโค่นอำนาจ + นักสืบศาสนา: 6 เกม 4 ที่นั่ง บอท ซื่อสัตย์ ×4 อ่านแบบ ค่าเริ่มต้น "
                       "เทียบกับ ใครก็ยับยั้งได้</b>")
    assert en.startswith("<b>results of Coup + Inquisitor: 6 games, 4 seats, bots honest ×4, reading default, "
                         "vs any player may block</b>")
    assert not THAI.search(en) and "Reformation" not in en
    from rules.catalog import engine
    coup = engine("coup")
    assert coup.title_in_play({"players": 3, "reformation": True}) == ("เกมโค่นอำนาจ + นักสืบศาสนา + การปฏิรูปศาสนา",
                                                                          "Coup + Inquisitor + Reformation")
    assert coup.title_in_play({"players": 3, "deck": "ambassador_only"}) == ("เกมโค่นอำนาจ", "Coup")
    assert engine("new_world").title_in_play({"players": 2}) == ("โลกใหม่", "New World")


def test_no_comparison_is_a_selected_option_not_a_blank_dropdown():
    """"(ไม่เทียบ / no comparison)" had the value ``None``, which ipywidgets 8 takes for "nothing
    selected": the "vs" dropdown showed blank.  It is a chosen option (index 0) at start, after a
    game change and when picked again, and a run with it compares nothing."""
    panel = SimulationPanel("coup", players=2, games=6, workers=1)
    assert panel.against.index == 0 and panel.against.label == "(ไม่เทียบ / no comparison)"
    assert panel.settings()["against"] is None
    panel.against.index = 1
    assert panel.settings()["against"]
    panel.against.label = "(ไม่เทียบ / no comparison)"
    assert panel.against.index == 0 and panel.settings()["against"] is None
    panel.game.value = "new_world"
    assert panel.against.index == 0 and panel.against.label == "(ไม่เทียบ / no comparison)"
    panel.game.value = "coup"
    panel.run(wait=True)
    assert panel.comparison is None and ", vs " not in panel.shown.value


def test_a_cancelled_run_says_how_many_games_its_results_hold():
    """A run cancelled part way showed "results of: coup, 400 games" above numbers from 217 games
    (a fresh user's trial): the line says how many of the games asked for were played."""
    panel = SimulationPanel("coup", players=2, games=60, workers=1, bots="random")
    tick = panel.runner.tick

    def cancel_early(done, total):
        tick(done, total)
        if done >= 5:
            panel.runner.cancel.set()
    panel.runner.tick = cancel_early
    panel.run(wait=True)
    played = len(panel.table)
    assert 5 <= played < 60
    assert f"{played} จาก 60 เกม (ยกเลิก)" in panel.shown.value
    assert f"Coup + Inquisitor: {played} of 60 games (cancelled)" in panel.shown.value
    assert "kl-shown" in panel.shown.value  # the controls still match: not the stale line


# --- the analyzer's words are the game pages' (a fresh user's findings) --------------------------------
THAI = __import__("re").compile(r"[\u0E00-\u0E7F]")


def test_axes_say_their_titles_in_thai_and_english_and_seats_by_the_games_label():
    """The charts' axes said "seat 0", "games", "turns", "legal actions" only: every axis title has
    Thai and English, and a seat's tick is the game page's seat label (Valeria: ผู้เล่น 1)."""
    from widgets import analysis_charts as C
    from widgets.analyzer import seat_words
    from widgets.valeria import SPEC
    df = simulate("valeria", 4, ["random"] * 2, {"players": 2}, seed=1, workers=1, progress=False)
    seat = seat_words("valeria")
    charts = [C.win_rate_chart(df, seat=seat), C.length_chart(df), C.sources_chart(df, seat=seat), C.branching_chart(df)]
    for fig in charts:
        for axis in ("xaxis", "yaxis"):
            text = fig["layout"][axis].get("title", {}).get("text", "")
            if axis == "yaxis" or fig is not charts[0] or text:
                assert THAI.search(text) and (" / " in text or "<br>" in text), (axis, text)
    assert charts[0]["data"][0]["x"] == ["ผู้เล่น 1", "ผู้เล่น 2"] == [SPEC.seat_label(s) for s in range(2)]
    assert charts[2]["data"][0]["x"][0].startswith(SPEC.seat_label(0))
    assert THAI.search(charts[2]["layout"]["legend"]["title"]["text"])


def test_bot_dropdowns_say_the_game_pages_labels_and_keep_the_bots_names():
    from widgets.analyzer import PositionPanel, TableSweepPanel
    from widgets.coup import SPEC
    panel = SimulationPanel("coup", players=3, games=10, workers=1, bots="honest")
    d = panel.bots.children[0]
    assert ("ซื่อสัตย์ / honest", "honest") in d.options and d.value == "honest"
    assert dict(d.options)[SPEC.bots["bluffer"][0]] == "bluffer"
    assert all(THAI.search(label) for label, _ in d.options)  # "random" too: สุ่ม / random
    panel.game.value = "valeria"
    assert [v for _, v in panel.bots.children[0].options] == ["random", "greedy"]
    assert "โลภ / greedy" in [label for label, _ in panel.bots.children[0].options]
    assert "โลภ (ตามแผนง่าย ๆ) / greedy" in [label for label, _ in TableSweepPanel(games=2, workers=1).bot.options]
    assert "ซื่อสัตย์ / honest" in [label for label, _ in PositionPanel("coup", rollouts=5).bot.options]


def test_the_introduction_follows_the_chosen_game_seats_and_bots():
    """After switching to Shadow Master the page still said "เกมโค่นอำนาจ 4 คน บอทซื่อสัตย์ทุกที่นั่ง / Coup
    with 4 seats, honest bots": the panel's first line follows the controls."""
    panel = SimulationPanel("coup", players=4, games=10, workers=1, bots="honest")
    assert "เกมโค่นอำนาจ + นักสืบศาสนา 4 คน บอทซื่อสัตย์ทุกที่นั่ง" in panel.intro.value and "honest bots at every seat" in panel.intro.value
    assert "1/4" in panel.intro.value
    panel.game.value = "shadow_master"
    panel.players.value = 3
    v = panel.intro.value
    assert "Shadow Master 3 คน" in v and "Shadow Master with 3 seats" in v and "1/3" in v and "เกมโค่นอำนาจ" not in v
    panel.bots.children[1].value = "greedy"
    assert "ผู้เล่น 2 โลภ (ตามแผนง่าย ๆ)" in panel.intro.value and "player 2 greedy" in panel.intro.value
    from pathlib import Path
    nb = (Path(__file__).resolve().parents[1] / "notebooks" / "analyzer.ipynb").read_text(encoding="utf-8")
    assert "เกมโค่นอำนาจ 4 คน บอทซื่อสัตย์" not in nb and "Coup with 4 seats, honest bots" not in nb


def test_the_summary_and_coverage_say_their_words_in_thai_too():
    """"ends: last_player 100%" showed the engine's id alone, "24/48 implemented clauses fired" had no
    Thai, the coverage table's heads and statuses were English only."""
    from widgets.analyzer import end_words
    panel = SimulationPanel("coup", players=2, games=10, workers=1, bots="random")
    panel.run(wait=True)
    assert "จบเกมเพราะ / ends: เหลือผู้เล่นที่มีอิทธิพลคนเดียว / one player left with influence 100%" in panel.summary.value
    assert end_words("coup", "max_steps") == "ถูกตัดที่ขั้นสูงสุด / cut off at the step limit"
    cov = panel.coverage.value
    assert "ข้อที่ใช้ในเอนจินถูกอ้าง" in cov and "implemented clauses fired" in cov
    assert "<th>สถานะ / status</th>" in cov and "<td>ใช้ในเอนจิน / implemented</td>" in cov
    assert 'class="kl-scroll' in cov  # scrolls in a box that shows it (widgets/mobile.py)


def test_the_game_dropdown_names_games_by_their_titles_and_keeps_their_ids():
    from widgets.analyzer import SimulationPanel
    panel = SimulationPanel(games=20)
    assert ("เกมโค่นอำนาจ / Coup (Inquisitor + Reformation)", "coup") in panel.game.options
    assert ("Shadow Master", "shadow_master") in panel.game.options and panel.game.value == "coup"


RAW_IDS = {"coup": ("challenge_action", "challenge_block", "last_player"),
           "shadow_master": ("phase1_choose", "phase2_take", "decision_front", "final_round"),
           "valeria": ("chain_champion", "chain_die", "seventh_plan", "end_game"),
           "new_world": ("all_tiles_placed",)}
"""Engine ids the analyzer showed as they are (branching phases, score sources, end reasons); ids
that are English words ("farms") are the English half of their labels."""


@pytest.mark.parametrize("game,players,bots", [("coup", 3, "honest"), ("shadow_master", 2, "greedy"),
                                               ("valeria", 2, "greedy"), ("new_world", 2, "random")])
def test_phases_sources_and_ends_are_shown_in_the_engines_words(game, players, bots):
    """The branching chart's phases ("challenge_action", "phase1_choose"), the score chart's legend
    ("influence", "end_game") and the summary's ends ("เหตุ [last_player]") were the engine's ids:
    each is now the engine's Thai and English words (``GAME.id_labels``), and no id shows."""
    import re

    from rules.catalog import engine
    from rules.core.protocol import id_label
    panel = SimulationPanel(game, players=players, games=4, workers=1, bots=bots)
    panel.run(wait=True)
    G = engine(game)
    bf = panel.fig_bf.children[0].figure["data"][0]["y"]
    names = [t["name"] for t in panel.fig_src.children[0].figure["data"]]
    assert bf and names
    phases = {p: C.LINES.join(id_label(G, "phase", p)) for p in G.id_labels["phase"]}
    assert set(bf) <= set(phases.values()), bf
    if panel.src_words.value:  # one source (Coup): named in the words over how seats' games ended
        assert [th for th, en in (id_label(G, "source", k) for k in G.id_labels["source"])
                if th in panel.src_words.value], panel.src_words.value
    else:
        assert set(names) <= {C.LINES.join(id_label(G, "source", k)) for k in G.id_labels["source"]}, names
    ends = [" / ".join(v) for v in G.id_labels["end_reason"].values()]
    assert any(e in panel.summary.value for e in ends), panel.summary.value
    legend = panel.fig_src.children[0].figure["layout"]["legend"]["title"]["text"]
    shown = " ".join(bf + names + [panel.summary.value, legend, panel.src_words.value])
    for raw in RAW_IDS[game]:
        assert not re.search(rf"(?<![\w.:-]){re.escape(raw)}(?![\w.:-])", shown), (raw, shown[:400])
    assert "engine's id" not in shown and "ชื่อในเอนจิน" not in shown


def test_the_chosen_readings_are_said_in_the_registers_words():
    """The "reading" and "vs" dropdowns name a reading by its short Thai and English words (not
    by its ids: "who_blocks = anyone ·" was what a fresh reader saw, then descriptions cut at 48
    characters), and the line under them says each chosen reading's question and whole description
    in Thai and English; nothing is said for the default with no comparison."""
    from rules.core.ambiguity import load_ambiguities
    from widgets.analyzer import SimulationPanel
    panel = SimulationPanel("coup", games=10)
    assert panel.reading_words.value == "" and panel.variant.options[0][0] == "(ค่าเริ่มต้น / default)"
    label, value = panel.variant.options[1]
    (variant, config_value), = value
    entry = next(e for e in load_ambiguities("coup") if e.variant == variant)
    reading = next(r for r in entry.readings if r.config_value == config_value)
    assert label == f"{reading.short_th} / {reading.short_en}"
    assert entry.id not in label and reading.id not in label.split(" / ")[-1].split()
    panel.variant.value = value
    words = panel.reading_words.value
    assert entry.question_th[:30] in words and reading.description_en[:30] in words.replace("&#x27;", "'")
    panel.against.value = panel.against.options[2][1]
    assert panel.reading_words.value.count("เทียบกับ / vs") == 1
    panel.variant.value, panel.against.value = (), NO_COMPARISON
    assert panel.reading_words.value == ""


@pytest.mark.parametrize("game", ["coup", "valeria", "new_world", "shadow_master"])
def test_the_reading_dropdowns_show_no_register_ids(game):
    """The analyzer's "reading" / "vs" option labels began ``who_blocks = anyone ·``: every label
    of every game is the register's words (tests/screen_text.py), and no two are the same."""
    from tests.screen_text import offending, screen_text
    panel = SimulationPanel("coup", games=10)
    panel.game.value = game
    labels = [label for label, _ in panel.variant.options]
    assert len(labels) > 1 and len(set(labels)) == len(labels)
    assert offending(screen_text(panel)) == []


# --- a fresh user's second trial: inputs out of range, mixed bots, few games, "vs" of another entry ---
def test_inputs_out_of_range_are_refused_with_their_field_and_range():
    """Typed 0 games and 9 seats, the run played "10 games, 6 seats" without a word (bounded boxes
    moved the numbers): the boxes keep what was typed, a line names each field and the range it
    takes (the seats' from the engine), and run plays nothing and leaves the results as they were."""
    from rules.catalog import engine
    panel = SimulationPanel("coup", players=4, games=10, workers=1, bots="honest")
    panel.run(wait=True)
    table, summary, shown = panel.table, panel.summary.value, panel.shown.value
    assert panel.problems.value == ""
    panel.n_games.value = 0
    panel.players.value = 9
    assert (panel.n_games.value, panel.players.value) == (0, 9)  # not moved to 10 and 6
    lo, hi = engine("coup").min_players, engine("coup").max_players
    said = html.unescape(panel.problems.value)
    assert said.count('class="kl-error"') == 2
    assert f"ผู้เล่น / seats: {game_title('coup').split(' / ')[0]} เล่นได้ {lo} ถึง {hi} คน แต่ใส่ไว้ 9" in said
    assert f"takes {lo} to {hi} seats, not 9" in said
    assert "เกม / games: ต้องเป็น 1 ถึง 100,000 เกม แต่ใส่ไว้ 0" in said and "must be 1 to 100,000, not 0" in said
    assert len(panel.bots.children) == 4  # no nine seat dropdowns
    panel.run(wait=True)
    assert panel.table is table and panel.summary.value == summary and "kl-stale" in panel.shown.value
    assert not panel.runner.run_button.disabled
    panel.players.value, panel.n_games.value = 5, 12
    assert panel.problems.value == ""
    panel.run(wait=True)
    assert len(panel.table) == 12 and panel.table.attrs["config"]["players"] == 5 and panel.shown.value != shown


def test_a_game_change_that_moves_the_seats_says_so():
    """Six Coup seats, then New World (2-4 seats): the seats become 4, and the line says it."""
    from rules.catalog import engine
    panel = SimulationPanel("coup", players=6, games=10, workers=1)
    panel.game.value = "new_world"
    hi = engine("new_world").max_players
    assert panel.players.value == hi and len(panel.bots.children) == hi
    said = html.unescape(panel.problems.value)
    assert f"seats: changed from 6 to {hi}" in said and f"เปลี่ยนจาก 6 เป็น {hi} คน" in said
    panel.players.value = 3  # the reader's own change: the note has been read
    assert panel.problems.value == ""


def test_new_seats_take_the_bot_of_the_seats_before_them():
    """Four honest seats made six: seats 5 and 6 got "random" (the first bot), and the verdict read
    the bots' gap as seat 1's advantage.  One bot at every seat stays so."""
    panel = SimulationPanel("coup", players=4, games=10, workers=1, bots="honest")
    panel.players.value = 6
    assert [d.value for d in panel.bots.children] == ["honest"] * 6
    assert "บอทซื่อสัตย์ทุกที่นั่ง" in panel.intro.value


def test_mixed_bots_are_not_read_as_seat_advantage():
    """Honest x4 + random x2 said "ที่นั่ง 1 ได้เปรียบ / seat 1 is favoured": the gap came from the
    bots.  With seats of different bots no seat is called favoured; the line says it cannot be read
    as seat advantage and names each seat's bot."""
    from widgets.analyzer import verdict_html
    df = _seat_table([300, 100, 100, 100], 600)
    df.attrs["bots"] = ["honest", "honest", "random", "random"]
    text = verdict_html(df, "coup")
    assert "favoured" not in text and "ได้เปรียบ" not in text.replace("ความได้เปรียบ", "")
    assert "this cannot be read as seat advantage" in text and "อ่านเป็นความได้เปรียบของที่นั่งไม่ได้" in text
    assert "ที่นั่ง 1 ซื่อสัตย์, ที่นั่ง 2 ซื่อสัตย์, ที่นั่ง 3 สุ่ม, ที่นั่ง 4 สุ่ม" in text
    assert "seat 1 honest, seat 2 honest, seat 3 random, seat 4 random" in text
    assert "ที่นั่ง 1 (ซื่อสัตย์) ชนะบ่อยกว่าส่วนที่ยุติธรรม" in text and "seat 1 (honest) wins more often" in text
    df.attrs["bots"] = ["honest"] * 4  # one bot everywhere: a seat verdict
    assert "seat 1 is favoured" in verdict_html(df, "coup") and "seat advantage" not in verdict_html(df, "coup")
    panel = SimulationPanel("coup", players=3, games=12, workers=1, bots=["honest", "honest", "random"])
    panel.run(wait=True)
    assert "this cannot be read as seat advantage" in panel.summary.value
    assert "the seats' bots differ: not a seat advantage" in panel.summary.value  # the first-seat line too


def test_a_verdict_on_few_games_says_the_sample_is_small():
    """10 games said "seat 1 is favoured" on an interval of [18, 82] %: the words say the sample is
    small and a verdict gives no size; a large sample says nothing of the kind."""
    from rules.analysis import metrics as M
    from widgets.analyzer import verdict_html
    df = _seat_table([9, 1, 0, 0], 10)
    assert M.resolution(10, 4)["small"] and M.seat_verdicts(df)["verdict"].iloc[0] == "above"
    text = verdict_html(df)
    assert "a small sample: only 10 games" in text and "ตัวอย่างเล็ก: มีเพียง 10 เกม" in text
    assert "player 1 is favoured, by how much so few games cannot say" in text
    big = verdict_html(_seat_table([300, 100, 100, 100], 600))
    assert not M.resolution(600, 4)["small"] and "small sample" not in big and "cannot say" not in big


def test_vs_offers_only_the_readings_of_the_chosen_entry():
    """"Two readings of one register entry", but A could be the deck's and B who blocks: the vs
    dropdown offers the readings of the reading dropdown's entry (its default marked), follows it
    when it changes, and a comparison of another entry is cleared, said on the line."""
    from rules.core.ambiguity import load_ambiguities
    panel = SimulationPanel("coup", players=2, games=6, workers=1, against={"who_blocks": "anyone"})
    deck = next(e for e in load_ambiguities("coup") if e.variant == "deck")
    reading = next(r for r in deck.readings if r.id != deck.default)
    panel.variant.value = (("deck", reading.config_value),)
    fields = {k for _, v in panel.against.options for k, _ in v}
    assert fields == {"deck"} and panel.against.value == NO_COMPARISON
    assert len(panel.against.options) == len(deck.readings)  # no comparison, and every other reading
    assert "vs: back to no comparison" in html.unescape(panel.problems.value)
    default = next(r for r in deck.readings if r.id == deck.default)
    label = dict((v, k) for k, v in panel.against.options)[(("deck", default.config_value),)]
    assert label == f"{default.short_th} / {default.short_en} (ค่าเริ่มต้น / default)"
    panel.against.value = (("deck", default.config_value),)
    assert panel.reading_words.value.count("เทียบกับ / vs") == 1
    panel.run(wait=True)
    assert [r["entry"] for r in panel.comparison.readings] == [deck.id]  # one rule, read two ways
    panel.variant.value = ()
    assert {k for _, v in panel.against.options for k, _ in v} >= {"deck", "who_blocks"}


def test_the_coverage_table_is_tall_and_its_clauses_wrap():
    """The coverage box was 260 px high (four rows; two on a phone) and its clause ids never wrapped
    (a phone cut "games citing it"): 400 px, 60 % of a phone's height, the ids wrap."""
    from widgets.analysis_charts import coverage_html
    cov = coverage_html(simulate("coup", 4, ["random"] * 2, {"players": 2}, seed=1, workers=1, progress=False), "coup")
    assert ".kl-coverage-box { max-height: 400px; }" in cov and "max-height: 60vh" in cov
    first = cov.split('<td class="kl-clause-name"')[1].split("</td>")[0]  # the first row's clause
    assert "max-height:260px" not in cov and "nowrap" not in first and "overflow-wrap:anywhere" in first
    assert "overflow-wrap:anywhere" in cov


def test_the_coverage_table_names_each_clause_by_its_title_first():
    """A fresh user read raw clause ids (``characters.duke_tax``) down the coverage table's first
    column: it now holds the clause's words (the engine's ``cite_name``, as the story says it; the
    start of its Thai text when it has no title), the id in that cell's tooltip only."""
    import re

    from rules.coup import GAME
    from rules.core.rulebook import load_rulebook
    from widgets.analysis_charts import coverage_html
    cov = coverage_html(simulate("coup", 4, ["random"] * 2, {"players": 2}, seed=1, workers=1, progress=False), "coup")
    heads = re.findall(r"<th[^>]*>([^<]*)</th>", cov)
    assert heads[0] == "ข้อ / clause" and heads[-1] == "เกมที่อ้าง / games citing it (95%)"
    firsts = re.findall(r'<tr style="[^"]*"><td class="kl-clause-name" title="([^"]+)"[^>]*>([^<]*)</td>', cov)
    book = load_rulebook("coup")
    assert [cid for cid, _ in firsts] == [c.id for c in book.clauses]
    words = dict(firsts)
    assert words["characters.duke_tax"] == "ดยุค / Duke"  # Thai first (the book's heading: "1, Duke (ดยุค)")
    assert words["actions.income"] == "รายได้ / Income"  # the book: "1, รายได้", its headings_en "1, Income"
    # a shared title: its own words follow it, the English title after them
    assert words["challenge.bluff"] == "การท้าทาย: อาจจะพูดโกหกได้… / Challenges: You may be lying…"
    premise = " ".join(book.clause("intro.premise").text_th.split())  # no title: the start of its text
    th, en = words["intro.premise"].split(" / ")  # and the start of its English gloss
    assert premise.startswith(th.rstrip("…")) and en == "A game in which you must eliminate…"
    for cid, said in firsts:
        assert said and cid not in said and not re.search(r"\b[a-z_]+\.[a-z_]+\b", said), (cid, said)
        th, en = GAME.cite_name(cid)  # the engine's words, as the story says them
        assert not th or said.startswith(html.escape(th if en == th else f"{th} / {en}")), (cid, said)


def test_coverage_rows_that_share_a_section_title_are_told_apart_by_their_own_words():
    """A fresh user's finding: six rows read just "ส่วนประกอบ" (components.character_cards,
    summary_cards, ...) and three "การเตรียมเกม": a title that repeats is followed by the clause's
    own first words (its Thai text cut between phrases: the engine's ``cite_name``, as a story line
    says it), so no two rows of different text read the same without the id column."""
    import re

    from rules.core.rulebook import load_rulebook
    cov = C.coverage_html(simulate("coup", 4, ["random"] * 2, {"players": 2}, seed=1, workers=1, progress=False), "coup")
    words = dict(re.findall(r'<td class="kl-clause-name" title="([^"]+)"[^>]*>([^<]*)</td>', cov))
    book = load_rulebook("coup")
    assert words["components.character_cards"] == "ส่วนประกอบ: การ์ดตัวละคร 18 ใบ / Components: 18 character cards"
    assert words["components.heading"] == "ส่วนประกอบ / Components"  # the heading's own text is the title: nothing to add
    assert words["setup.deal"].startswith("การเตรียมเกม: ")
    texts = {}
    for cid, said in words.items():
        texts.setdefault(said, set()).add(" ".join(book.clause(cid).text_th.split()))
    assert all(len(t) == 1 for t in texts.values()), {k: v for k, v in texts.items() if len(v) > 1}


def test_the_coverage_table_shows_no_clause_id_as_text():
    """A fresh user at 1280 px read a last column "รหัสข้อ / clause id" of raw ids
    (``challenge.bluff``, ``inquisitor.examine``): a clause id is never visible text.  The column is
    gone; each id is the title (tooltip) of its clause's name cell, and nowhere else."""
    import re

    from rules.core.rulebook import load_rulebook
    cov = C.coverage_html(simulate("coup", 4, ["random"] * 2, {"players": 2}, seed=1, workers=1, progress=False), "coup")
    assert "รหัสข้อ" not in cov and "clause id" not in cov and "kl-clause-id" not in cov
    text = re.sub(r"<style>.*?</style>", "", cov, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)  # the visible words: tags (and their attributes) gone
    ids = [c.id for c in load_rulebook("coup").clauses]
    assert not [cid for cid in ids if "." in cid and re.search(rf"(?<![\w.]){re.escape(cid)}(?![\w])", text)]
    titles = re.findall(r'<td class="kl-clause-name" title="([^"]+)"', cov)
    assert titles == ids and "challenge.bluff" in titles
    assert len(re.findall(r"<th[^>]*>", cov)) == 4 and all(row.count("<td") == 4 for row in cov.split("<tr")[2:])


def test_the_sweep_and_position_panels_refuse_what_they_cannot_play_and_say_why():
    """Their bounded boxes moved a typed 9 seats to 6, 999 steps to the example's last and 1 rollout
    to 5 without a word, and factors "abc" raised ValueError in the click handler: each is now
    refused under the controls, naming the field and its range, and nothing runs."""
    sweep = TableSweepPanel(factors=(1, 2), games=2, players=2, workers=1)
    sweep.players.value = 9
    sweep.factors.value = "abc, 2"
    sweep.run(wait=True, serial=True)
    text = sweep.problems.value
    assert "ผู้เล่น: ต้องเป็น 2 ถึง 6" in text and "seats: must be 2 to 6 in this game, not 9" in text
    assert "factors: positive numbers" in text and sweep.table is None and sweep.players.value == 9
    sweep.players.value, sweep.factors.value, sweep.n_games.value = 2, "1", 0
    sweep.run(wait=True, serial=True)
    assert "games a point: must be 1 to 20,000, not 0" in sweep.problems.value and sweep.table is None

    position = PositionPanel("coup", scenario="1_assassin_challenge_then_contessa_bluff", rollouts=5)
    from rules.core.scenario import run_file
    steps = len(run_file(position.paths[position.scenario.value]).steps)
    position.step.value, position.rollouts.value = 999, 1
    position.run(wait=True)
    text = position.problems.value
    assert f"after step: must be 0 to {steps}, since this example has {steps} steps, not 999" in text
    assert "rollouts: must be 5 to 5,000, not 1" in text and position.table is None and position.step.value == 999
    position.step.value, position.rollouts.value = steps, 5
    position.run(wait=True)
    assert position.problems.value == "" and position.table is not None and len(position.table)


def test_a_corrected_field_clears_its_error_before_the_next_run():
    """A fresh user's trial: after factors "abc, 1" were refused, "factors: positive numbers..."
    stayed under the corrected field until sweep was pressed again.  A change re-checks the
    fields while an error is shown: a fixed field's error goes, one still wrong stays."""
    sweep = TableSweepPanel(factors=(1, 2), games=2, players=2, workers=1)
    sweep.factors.value = "abc, 1"
    assert sweep.problems.value == ""                      # nothing said before a run
    sweep.run(wait=True, serial=True)
    assert "factors: positive numbers" in sweep.problems.value and sweep.table is None
    sweep.players.value = 9                                # another field, still wrong: both said
    assert "factors: positive numbers" in sweep.problems.value and "not 9" in sweep.problems.value
    sweep.factors.value = "0.5, 1"
    assert "factors" not in sweep.problems.value and "not 9" in sweep.problems.value
    sweep.players.value = 2
    assert sweep.problems.value == "" and sweep.table is None  # cleared, and nothing ran

    position = PositionPanel("coup", scenario="1_assassin_challenge_then_contessa_bluff", rollouts=5)
    position.rollouts.value = 1
    position.run(wait=True)
    assert "rollouts: must be 5 to 5,000, not 1" in position.problems.value
    position.rollouts.value = 5
    assert position.problems.value == "" and position.table is None


def test_a_refused_run_leaves_no_bar_or_time_that_says_it_ran():
    """A fresh user typed 0 games (9 seats, factors "abc", step 999) after a run: the refusal was
    said, but the last run's full bar and "1.8 s" stayed beside the button, as if this click had
    run.  A refused run empties the bar and the time line; the results stay (marked stale)."""
    sim = SimulationPanel("coup", players=2, games=4, workers=1, bots="random")
    sweep = TableSweepPanel(factors=(1,), games=2, players=2, workers=1)
    position = PositionPanel("coup", scenario="1_assassin_challenge_then_contessa_bluff", rollouts=5)
    runs = [(sim, lambda: sim.run(wait=True, serial=True), ("n_games", 0)),
            (sweep, lambda: sweep.run(wait=True, serial=True), ("factors", "abc")),
            (position, lambda: position.run(wait=True), ("step", 999))]
    for panel, run, (field, bad) in runs:
        run()
        r = panel.runner
        assert " s</span>" in r.status.value, type(panel)  # it ran (the time line)
        if panel is not position:  # (scoring does not move the bar)
            assert r.progress.value == r.progress.max > 0, type(panel)
        getattr(panel, field).value = bad
        run()
        assert panel.problems.value, type(panel)  # refused, and said
        assert r.progress.value == 0 and r.status.value == "", (type(panel), r.status.value)
        assert not r.run_button.disabled


def test_the_what_if_says_in_words_whether_a_seat_moves_and_what_parting_means():
    """A fresh user's finding: the what-if showed only bars and "200/200 paired games part, median
    first parting step 14".  Under the readings a verdict in Thai and English says whether any
    seat's win rate changes more than chance explains (its paired 95 % interval misses 0), says
    a small sample is small, and says in words what parting is."""
    from rules.analysis import compare
    from widgets.analyzer import compare_verdict_html
    panel = SimulationPanel("coup", players=4, games=6, workers=1, against={"who_blocks": "anyone"})
    panel.run(wait=True)
    said = panel.cmp_words.value
    assert 'class="kl-compare-verdict"' in said
    assert "a small sample: only 6 paired games" in said and "ตัวอย่างเล็ก" in said
    c = compare("coup", 12, {"players": 4}, {"who_blocks": "anyone"}, ["random"] * 4, seed=0, workers=1, progress=False)
    p = c.parted()
    assert 0 < p["parted"] < p["pairs"]
    quiet = compare_verdict_html(c, "coup")
    assert (f"paired games play the same seeds, so they start alike: {p['parted']} of {p['pairs']} pairs go "
            f"different ways once the two readings make them differ, half of them by step "
            f"{p['first_step_median']:g}") in quiet and "เริ่มเหมือนกัน" in quiet
    d = c.differences().set_index("quantity").loc[[f"win_{s}" for s in range(4)]]
    assert ((d["lo"] <= 0) & (d["hi"] >= 0)).all()  # these 12 pairs move no seat beyond chance
    assert "no seat's win rate changes more than chance explains" in quiet and "ไม่มีที่นั่งใด" in quiet
    c.b["win_0"], c.b["win_1"], c.b["win_2"], c.b["win_3"] = True, False, False, False  # B: seat 1 always wins
    loud = compare_verdict_html(c, "coup")
    assert "อัตราชนะของที่นั่ง 1 เปลี่ยน" in loud and "seat 1's win rate changes more than chance explains" in loud
    assert "ไม่มีที่นั่งใด" not in loud and "a small sample: only 12 paired games" in loud


def test_result_lines_and_chart_subtitles_say_their_values_in_thai_too():
    """A fresh user's finding: "ที่นั่งแรกได้เปรียบ / first-seat advantage: -8.3 points [...] (win rate
    16.7% vs fair 25.0%)" gave its values in English only, as did the charts' subtitles ("60 games ·
    balance ...", "mean 45.0 ... · median 44")."""
    import re
    panel = SimulationPanel("coup", players=4, games=8, workers=1)
    panel.run(wait=True)
    first = panel.summary.value.split("</div>")[0]
    assert re.search(r"ที่นั่งแรกได้เปรียบ: <b>[+-]\d+\.\d</b> จุด \[[^]]+\] \(อัตราชนะ [\d.]+% เทียบกับส่วนที่ยุติธรรม 25\.0%\)", first)
    win = panel.fig_win.children[0].figure["layout"]["title"]["text"].split("<sup>")[1]
    assert re.search(r"8 เกม · ความสมดุล [\d.]+ \[[\d.]+, [\d.]+\] · ช่วง Wilson 95%<br>8 games · balance", win)
    length = panel.fig_len.children[0].figure["layout"]["title"]["text"].split("<sup>")[1]
    assert re.search(r"เฉลี่ย [\d.]+ \[[\d.]+, [\d.]+\] · มัธยฐาน [\d.]+<br>mean ", length)


def test_new_worlds_owner_maps_are_said_to_be_a_copy_of_the_assumed_ones():
    """A fresh user's finding: the analyzer offers "compare with the owner's printed maps", but
    that slot ships as a copy of the assumed map (register entry ``map_layout``), so the comparison
    is empty by construction: the page says so under the dropdowns and above the comparison."""
    from rules.analysis.compare import reading_words
    from rules.catalog import engine
    assert set(engine("new_world").data_copies({"side": "ireland"})) >= {"map_layout"}
    words = reading_words("new_world", {"players": 2}, {"players": 2, "map_layout": "owner"})
    assert [w["same_data"] for w in words] == [True]
    assert not any(w["same_data"] for w in reading_words("coup", {"players": 2}, {"players": 2, "who_blocks": "anyone"}))
    panel = SimulationPanel("new_world", players=2, games=2, workers=1, against={"map_layout": "owner"})
    assert "kl-same-data" in panel.reading_words.value and "empty by construction" in panel.reading_words.value
    assert "โหลดข้อมูลเดียวกัน" in panel.reading_words.value
    panel.run(wait=True)
    assert "empty by construction" in panel.cmp_words.value
    assert "played alike to the end" in panel.cmp_words.value


def test_the_intro_names_the_game_as_the_chosen_readings_play_it():
    """The line over the analyzer's controls named Coup by its product title "Coup (Inquisitor +
    Reformation)" for runs that play without the Reformation: it says ``title_in_play``'s words."""
    from widgets.analyzer import intro_html
    intro = html.unescape(intro_html({"game": "coup", "config": {"players": 4}, "bots": ["honest"] * 4}))
    assert "<b>Coup + Inquisitor with 4 seats," in intro and "Reformation" not in intro, intro
    # a seats box out of the game's range (said under the controls) leaves the line drawn
    assert "Coup" in intro_html({"game": "coup", "config": {"players": 9}, "bots": ["honest"] * 9})


def test_the_page_shows_its_first_panel_before_its_first_run_plays(monkeypatch):
    """A fresh user opened the analyzer and saw nothing for 90 s: its first cell played 400 games
    (48 s on a busy server) before it displayed the panel, so the page (whose widgets connect
    once its last cell ran) stayed blank.  The notebook's first panel is displayed with its
    controls and bar before any game is played, its cell returns while the run goes on in the
    background (the bar moving, cancel heard), and the run then draws its results."""
    import time
    from pathlib import Path

    import IPython.display
    import nbformat
    nb = nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / "analyzer.ipynb", as_version=4)
    code = [c.source for c in nb.cells if c.cell_type == "code"]
    seen = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, *a, **k: seen.append((type(obj).__name__, getattr(obj, "table", "-") is None)))
    ns: dict = {}
    exec(code[0], ns)
    cell = next(c for c in code if "SimulationPanel(" in c and "seats" in c)
    t0 = time.perf_counter()
    exec(cell, ns)
    took = time.perf_counter() - t0
    seats = ns["seats"]
    try:
        assert ("SimulationPanel", True) in seen, seen  # displayed before it held any game
        assert took < 10 and seats.runner.running, took  # the cell did not wait for 400 games
        deadline = time.monotonic() + 60
        while seats.runner.progress.value == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert 0 < seats.runner.progress.value < seats.runner.progress.max == 400
    finally:
        seats.runner.cancel.set()
        seats.runner.join(120)
    assert not seats.runner.running and 0 < len(seats.table) < 400  # cancelled part way, and drawn
    assert "kl-coverage" in seats.coverage.value and "ยกเลิก / cancelled" in seats.runner.status.value


def test_coups_reformation_only_readings_are_said_to_have_no_effect_without_it():
    """The analyzer plays Coup without the Reformation, yet offers its readings ("the almshouse starts
    with 2 coins": register entry almshouse_start): accepted, they have no effect (no almshouse), so
    the page says so under the dropdowns and above the comparison, in Thai and English; a reading
    that acts (who blocks) and a config with the Reformation are not marked."""
    from rules.analysis.compare import reading_words
    words = reading_words("coup", {"players": 4}, {"players": 4, "almshouse": "two_coins"})
    assert [w["entry"] for w in words] == ["almshouse_start"] and words[0]["inert"]
    assert not any(w["inert"] for w in reading_words("coup", {"players": 4}, {"players": 4, "who_blocks": "anyone"}))
    on = {"players": 4, "reformation": True}
    assert not any(w["inert"] for w in reading_words("coup", on, {**on, "almshouse": "two_coins"}))
    panel = SimulationPanel("coup", players=4, games=2, workers=1, against={"almshouse": "two_coins"})
    said = html.unescape(panel.reading_words.value)
    assert "kl-inert" in said and "only with the Reformation" in said and "empty by construction" in said
    assert "การปฏิรูปศาสนา" in said and "ผลต่าง 0 โดยโครงสร้าง" in said
    panel.run(wait=True)
    assert "only with the Reformation" in html.unescape(panel.cmp_words.value)
    plain = SimulationPanel("coup", players=4, games=2, workers=1, against={"who_blocks": "anyone"})
    assert "kl-inert" not in plain.reading_words.value


def test_coup_one_way_to_win_is_said_and_how_each_seat_went_out_is_charted():
    """Coup's score has one source, so the "where the points come from" chart was one thin colour
    a seat that said nothing the win rates do not (a fresh user's finding): the analyzer says the
    game has one way to win (its end in the engine's words) and charts how each seat's game ended,
    won or out by the clause the engine's ``eliminated`` event cites first, as shares of the games
    that add up to one a seat; a game with several sources keeps its sources chart."""
    from rules.analysis import metrics as M
    panel = SimulationPanel("coup", players=3, games=30, workers=1, bots="honest")
    panel.run(wait=True)
    fig = panel.fig_src.children[0].figure
    names = [t["name"] for t in fig["data"]]
    assert names[0] == "ชนะ /<br>won", names
    # each exit in the engine's short words (the clause's title, "out by Challenges:If the proof
    # fails, the player...", told a teacher neither which way a challenge went)
    assert any("out by a coup" in n for n in names) and any("assassinated" in n for n in names), names
    from widgets.analysis_charts import exit_words
    word = exit_words("coup")  # (honest bots never bluff: a challenge's two ways, by the words alone)
    assert "caught bluffing" in word("out:challenge.fail") and "lost a challenge" in word("out:challenge.challenger_loses")
    assert not any("proof" in n for n in names), names
    assert "how each seat's game ended" in fig["layout"]["title"]["text"]
    words = panel.src_words.value
    assert "มีทางชนะทางเดียว" in words and "has one way to win" in words, words
    assert "เหลือผู้เล่นที่มีอิทธิพลคนเดียว" in words and "one player left with influence" in words, words
    assert not any("actions.coup" in n or "characters." in n for n in names), names  # no clause ids
    per_seat = {}
    for t in fig["data"]:
        for x, y in zip(t["x"], t["y"]):
            per_seat[x] = per_seat.get(x, 0) + y
    assert len(per_seat) == 3 and all(abs(v - 1) < 1e-9 for v in per_seat.values()), per_seat
    ex = M.exits(panel.table)
    won = ex[ex["outcome"] == "won"].set_index("seat")["games"]
    assert won.to_dict() == {s: int(panel.table[f"win_{s}"].sum()) for s in range(3)}  # the table's winners
    other = SimulationPanel("shadow_master", players=2, games=3, workers=1, bots="greedy")
    other.run(wait=True)
    assert other.src_words.value == ""
    assert "where the points come from" in other.fig_src.children[0].figure["layout"]["title"]["text"]
