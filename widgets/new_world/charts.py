"""The end-game breakdown as a plotly stacked bar: one bar per player, one segment per source
(farms, settlements, harbours, castles, missions, towers), the numbers from ``score_breakdown``."""
from __future__ import annotations

from rules.new_world.config import SOURCES

from .labels import SOURCE_LABELS, seat_label

SOURCE_COLOURS = {"farms": "#6a994e", "settlements": "#bc4749", "harbours": "#2e86ab", "castles": "#6c757d",
                  "missions": "#9b5de5", "towers": "#f4a261"}


def breakdown_figure(breakdown: dict):
    """A ``plotly.graph_objects.Figure`` of ``GAME.score_breakdown(state)``."""
    import plotly.graph_objects as go

    seats = breakdown["seats"]
    names = [seat_label(i) + (" ★" if i in breakdown.get("winners", []) else "") for i in range(len(seats))]
    fig = go.Figure()
    for src in SOURCES:
        fig.add_bar(name=SOURCE_LABELS[src], x=names, y=[row["sources"][src] for row in seats],
                    marker_color=SOURCE_COLOURS[src])
    fig.update_layout(barmode="stack", height=320, margin=dict(l=30, r=10, t=30, b=30),
                      title="แต้มตอนจบเกมตามแหล่ง / end-game points by source", legend=dict(orientation="h"))
    return fig


def end_breakdown_widget(scenario_path):
    """A ``go.FigureWidget`` of the end breakdown of the scenario file ``scenario_path`` played to
    its end (the page's end-of-game example)."""
    import plotly.graph_objects as go

    from rules.core.scenario import run_file

    from . import SPEC
    end = run_file(scenario_path)
    return go.FigureWidget(breakdown_figure(SPEC.game.score_breakdown(end.final)))
