"""The analyzer page's widgets (widgets/analyzer.py): a run off the calling thread reports progress
and can be cancelled; the charts and the downloads come from rules.analysis."""
from __future__ import annotations

import base64
import io

import pandas as pd

from rules.analysis import simulate
from widgets.analyzer import PositionPanel, SimulationPanel, TableSweepPanel, download_links


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
    assert "win rate by seat" in panel.fig_win.children[0].layout.title.text
    assert "kl-coverage" in panel.coverage.value and "first-seat advantage" in panel.summary.value


def test_the_table_downloads_as_csv_and_parquet():
    df = simulate("toy_pig", 12, config={"players": 2}, workers=1, progress=False)
    links = download_links(df, "t")
    csv = base64.b64decode(links.split("data:text/csv;base64,")[1].split('"')[0])
    pq = base64.b64decode(links.split("data:application/octet-stream;base64,")[1].split('"')[0])
    assert pd.read_csv(io.BytesIO(csv))["seed"].tolist() == df["seed"].tolist()
    assert pd.read_parquet(io.BytesIO(pq))["winners"].tolist() == df["winners"].tolist()


def test_sweep_and_position_panels():
    sweep = TableSweepPanel(factors=(1, 2), games=2, players=2, workers=1)
    sweep.run(wait=True)
    assert sorted(sweep.table["point"].unique()) == ["×1", "×2"] and len(sweep.fig.children) == 1
    position = PositionPanel("coup", scenario="1_assassin_challenge_then_contessa_bluff", rollouts=5)
    position.run(wait=True)
    assert len(position.table) >= 2 and "kl-position" in position.out.value
