"""The end-game breakdown as a stacked bar: one bar per player, one segment per source
(farms, settlements, harbours, castles, missions, towers), the numbers from ``score_breakdown``.

On the page it is drawn as HTML (:func:`breakdown_html`), not as a plotly ``FigureWidget``:
one stacked bar per seat needs no chart library, and the ``FigureWidget`` cost the page's kernel
37 MiB (plotly's widget and narwhals: 276 modules) and the browser 1.5 MB of JavaScript, which
put the New World kernel over the 150 MiB goal of issue 12.  :func:`breakdown_figure` (plotly)
stays for notebooks and the analyzer."""
from __future__ import annotations

import html

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


def breakdown_html(breakdown: dict) -> str:
    """``GAME.score_breakdown(state)`` as HTML: per seat a row with its name (★ for a winner), a
    bar of one segment per source (width in proportion to the points, the points written in it)
    and the total; a legend of the sources below.  Sources worth 0 draw no segment."""
    seats = breakdown["seats"]
    totals = [sum(row["sources"][src] for src in SOURCES) for row in seats]
    top = max(totals + [1])
    rows = []
    for i, row in enumerate(seats):
        name = seat_label(i) + (" ★" if i in breakdown.get("winners", []) else "")
        parts = "".join(
            f'<span class="kl-nw-seg" data-source="{src}" title="{html.escape(SOURCE_LABELS[src])}: {row["sources"][src]}" '
            f'style="width:{100 * row["sources"][src] / top:.2f}%;background:{SOURCE_COLOURS[src]}">'
            f'{row["sources"][src]}</span>'
            for src in SOURCES if row["sources"][src] > 0)
        rows.append(f'<div class="kl-nw-bar-row"><span class="kl-nw-bar-name">{html.escape(name)}</span>'
                    f'<span class="kl-nw-bar">{parts}</span><b class="kl-nw-bar-total">{totals[i]}</b></div>')
    legend = " ".join(f'<span style="white-space:nowrap"><span class="kl-nw-key" style="background:{SOURCE_COLOURS[src]}">'
                      f'</span> {html.escape(SOURCE_LABELS[src])}</span>' for src in SOURCES)
    return ('<div class="kl-nw-breakdown"><style>'
            '.kl-nw-breakdown{max-width:640px;margin:6px 0}'
            '.kl-nw-bar-row{display:flex;align-items:center;gap:6px;margin:3px 0}'
            '.kl-nw-bar-name{flex:0 0 7em;overflow-wrap:anywhere}'
            '.kl-nw-bar{flex:1 1 auto;display:flex;height:22px;background:#f3f3f3;min-width:0}'
            '.kl-nw-seg{color:#fff;font-size:12px;line-height:22px;text-align:center;overflow:hidden;white-space:nowrap}'
            '.kl-nw-bar-total{flex:0 0 2.5em;text-align:right}'
            '.kl-nw-key{display:inline-block;width:12px;height:12px;vertical-align:middle}'
            '</style><b>แต้มตอนจบเกมตามแหล่ง / end-game points by source</b>'
            + "".join(rows) + f'<div style="font-size:12px;margin-top:4px">{legend}</div></div>')


def breakdown_widget(breakdown: dict):
    """An ``ipywidgets.HTML`` of :func:`breakdown_html` (the page's chart: no plotly in the kernel)."""
    import ipywidgets as w

    return w.HTML(breakdown_html(breakdown))


def end_breakdown_widget(scenario_path):
    """:func:`breakdown_widget` of the end breakdown of the scenario file ``scenario_path`` played
    to its end (the page's end-of-game example)."""
    from rules.core.scenario import run_file

    from . import SPEC
    end = run_file(scenario_path)
    return breakdown_widget(SPEC.game.score_breakdown(end.final))
