"""Plotly charts of the analyzer's tables (``rules/analysis``): intervals drawn, never recomputed.

Every function takes what ``rules.analysis`` returns (a simulate table, a metrics frame, a sweep
table, a :class:`~rules.analysis.compare.Comparison`) and returns a ``plotly.graph_objects.Figure``;
the numbers, intervals included, all come from ``rules.analysis.metrics``.  ``rules`` never
imports plotly: the charts live here.
"""
from __future__ import annotations

import html

import plotly.graph_objects as go

from rules.analysis import metrics as M
from rules.analysis.sweeps import sweep_win_rates

from .errors import THAI_FONT

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
LAYOUT = dict(template="none", height=320, width=600, margin=dict(l=55, r=20, t=60, b=45), font=dict(family=THAI_FONT),
              plot_bgcolor="white", paper_bgcolor="white", xaxis=dict(gridcolor="#eee"), yaxis=dict(gridcolor="#eee"))
"""A light layout (no plotly template: a FigureWidget copies a template's every property on each
redraw, which took seconds)."""


def _rgba(hex_colour: str, alpha: float) -> str:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


def win_rate_chart(df, title: str = "อัตราชนะตามที่นั่ง / win rate by seat") -> go.Figure:
    """Bars of each seat's win rate with its 95 % Wilson interval, and the fair share dashed."""
    wr = M.win_rates(df)
    fig = go.Figure()
    if wr.empty:
        return fig.update_layout(title=title, **LAYOUT)
    fig.add_bar(x=[f"seat {s}" for s in wr["seat"]], y=wr["estimate"],
                error_y=dict(type="data", symmetric=False, array=wr["hi"] - wr["estimate"],
                             arrayminus=wr["estimate"] - wr["lo"]),
                marker_color=[SEAT_COLOURS[s % len(SEAT_COLOURS)] for s in wr["seat"]],
                hovertemplate="%{x}: %{y:.1%}<extra></extra>", name="win rate")
    fig.add_hline(y=float(wr["fair"].iloc[0]), line_dash="dash", line_color="#555",
                  annotation_text="fair share", annotation_position="top right")
    b = M.balance(df)
    fig.update_layout(title=f"{title}<br><sup>{int(wr['n'].iloc[0])} games · balance {b['estimate']:.2f} "
                            f"[{b['lo']:.2f}, {b['hi']:.2f}] · 95% Wilson intervals</sup>",
                      showlegend=False, **LAYOUT)
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def length_bins(values) -> tuple[list[float], list[int]]:
    """Histogram bins of ``values`` (game lengths): ``(edges, counts)``, ``len(edges) ==
    len(counts) + 1``, each bin ``[edges[i], edges[i + 1])`` (the last one closed).  numpy's
    ``"auto"`` bin width, rounded up to a whole number and the edges to whole numbers when every
    value is one (turns, steps)."""
    import numpy as np
    x = np.asarray(values, dtype=float)
    x = x[np.isfinite(x)]
    if not len(x):
        return [], []
    edges = np.histogram_bin_edges(x, bins="auto")
    if np.all(x == np.round(x)):
        width = max(1, int(np.ceil(edges[1] - edges[0]))) if len(edges) > 1 else 1
        lo = int(x.min())
        edges = np.arange(lo, int(x.max()) + width + 1, width, dtype=float)
        edges = edges[:max(2, int(np.searchsorted(edges, x.max(), side="right")) + 1)]
    counts, edges = np.histogram(x, bins=edges)
    return [float(e) for e in edges], [int(c) for c in counts]


def length_chart(df, column: str = "turns") -> go.Figure:
    """Histogram of game lengths in ``column`` with the mean's bootstrap interval in the title.
    Drawn as bars of :func:`length_bins` (counted here, not by plotly.js: the page's plotly.js is
    the basic partial bundle, scatter, bar and pie only: ``widgets/bundles.py``)."""
    L = M.lengths(df, column)
    fig = go.Figure()
    if L.get("n"):
        edges, counts = length_bins(M.finished(df)[column])
        fig.add_bar(x=[(a + b) / 2 for a, b in zip(edges, edges[1:])], y=counts,
                    width=[b - a for a, b in zip(edges, edges[1:])], marker_color="#4c78a8", name=column,
                    customdata=[[a, b] for a, b in zip(edges, edges[1:])],
                    hovertemplate="%{customdata[0]:g} to %{customdata[1]:g}: %{y} games<extra></extra>")
        fig.add_vrect(x0=L["mean_lo"], x1=L["mean_hi"], fillcolor="#f58518", opacity=0.3, line_width=0)
        sub = f"mean {L['mean']:.1f} [{L['mean_lo']:.1f}, {L['mean_hi']:.1f}] · median {L['median']:g}"
    else:
        sub = "no length column (a kernel table has only steps)"
    fig.update_layout(title=f"ความยาวเกม / game length ({column})<br><sup>{sub}</sup>", xaxis_title=column,
                      yaxis_title="games", showlegend=False, **LAYOUT)
    return fig


def sources_chart(df) -> go.Figure:
    """Mean score per seat, stacked by source (``score_breakdown``), with each source's interval
    in the hover."""
    src = M.score_sources(df)
    fig = go.Figure()
    for name in (src["source"].unique() if len(src) else []):
        d = src[src["source"] == name]
        fig.add_bar(x=[f"seat {s}" for s in d["seat"]], y=d["mean"], name=name,
                    customdata=d[["lo", "hi"]].to_numpy(),
                    hovertemplate=f"{name}: %{{y:.2f}} [%{{customdata[0]:.2f}}, %{{customdata[1]:.2f}}]<extra></extra>")
    # the legend names the source even when a game has only one (Coup: influence left), else
    # plotly hides a one-trace legend and the bars say nothing about what they count
    fig.update_layout(barmode="stack", title="คะแนนมาจากไหน<br><sup>where the points come from (mean per game)</sup>",
                      showlegend=True, **LAYOUT)
    return fig


def branching_chart(df) -> go.Figure:
    """Mean number of legal actions per decision, by phase, with bootstrap intervals."""
    b = M.branching(df)
    fig = go.Figure()
    if len(b):
        # "challenge_action" on two lines: slanted whole names ran out of the chart's box
        fig.add_bar(x=[str(p).replace("_", "<br>") for p in b["phase"]], y=b["estimate"], marker_color="#72b7b2",
                    error_y=dict(type="data", symmetric=False, array=b["hi"] - b["estimate"],
                                 arrayminus=b["estimate"] - b["lo"]))
    fig.update_layout(title="ทางเลือกต่อการตัดสินใจ<br><sup>branching factor by phase</sup>", yaxis_title="legal actions",
                      showlegend=False, **LAYOUT)
    # the phase names are long and slanted: the fixed 45 px bottom margin cut them ("challe...")
    fig.update_xaxes(automargin=True, tickangle=0)
    fig.update_layout(margin=dict(b=60))   # room for a two-line name (automargin alone was clipped by the box)
    return fig


def sweep_chart(table, title: str = "อัตราชนะเมื่อเปลี่ยนตาราง / win rate across the sweep",
                x_title: str = "scale factor") -> go.Figure:
    """One line per seat over the sweep's points (``x``), with its 95 % Wilson band."""
    wr = sweep_win_rates(table)
    fig = go.Figure()
    for s in sorted(wr["seat"].unique()) if len(wr) else []:
        d = wr[wr["seat"] == s].sort_values("x")
        c = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        fig.add_scatter(x=list(d["x"]) + list(d["x"])[::-1], y=list(d["hi"]) + list(d["lo"])[::-1], fill="toself",
                        fillcolor=_rgba(c, 0.15), line=dict(width=0), hoverinfo="skip", showlegend=False)
        fig.add_scatter(x=d["x"], y=d["estimate"], mode="lines+markers", name=f"seat {s}", line=dict(color=c),
                        text=d["point"], hovertemplate="%{text}: %{y:.1%}<extra>seat " + str(s) + "</extra>")
    n = int(wr["n"].iloc[0]) if len(wr) else 0
    fig.update_layout(title=f"{title}<br><sup>{n} games a point, same seeds at every point · 95% Wilson bands</sup>",
                      xaxis_title=x_title, **{**LAYOUT, "width": 900})
    fig.update_yaxes(tickformat=".0%", rangemode="tozero")
    return fig


def compare_chart(comparison) -> go.Figure:
    """Paired differences B - A (same seeds) with their bootstrap intervals, one bar a quantity."""
    d = comparison.differences()
    d = d[d["quantity"].str.startswith(("win_", "no_winner", "shared_win"))]
    fig = go.Figure()
    fig.add_bar(y=d["quantity"], x=d["diff"], orientation="h", marker_color="#e45756",
                error_x=dict(type="data", symmetric=False, array=d["hi"] - d["diff"], arrayminus=d["diff"] - d["lo"]))
    fig.add_vline(x=0, line_color="#555")
    p = comparison.parted()
    fig.update_layout(title=f"B − A: {html.escape(comparison.label_b)} vs {html.escape(comparison.label_a)}"
                            f"<br><sup>{p['parted']}/{p['pairs']} paired games part"
                            + (f", median first parting step {p['first_step_median']:g}" if p["parted"] else "")
                            + "</sup>", showlegend=False, **{**LAYOUT, "width": 900})
    fig.update_xaxes(tickformat="+.0%")
    return fig


def coverage_html(df, game: str | None = None, limit: int = 400) -> str:
    """The clause coverage meter as an HTML table: every clause with its status, cites, reach
    (share of games, Wilson interval); implemented clauses that never fired in red."""
    cov = M.coverage(df, game)
    impl = cov[cov["status"] == "implemented"]
    head = (f'<div style="font-family:{THAI_FONT}"><b>ข้อกติกาที่ถูกใช้ / clause coverage:</b> '
            f'{int(impl["fired"].sum())}/{len(impl)} implemented clauses fired in {len(df)} games</div>')
    rows = []
    for r in cov.head(limit).itertuples():
        style = "color:#a01010;font-weight:bold" if (r.status == "implemented" and not r.fired) else (
            "color:#888" if r.status != "implemented" else "")
        rows.append(f'<tr style="{style}"><td><code>{html.escape(r.clause)}</code></td><td>{r.status}</td>'
                    f'<td style="text-align:right">{r.cites}</td>'
                    f'<td style="text-align:right">{100 * r.reach:.1f}% [{100 * r.lo:.1f}, {100 * r.hi:.1f}]</td></tr>')
    return (head + '<div style="max-height:260px;overflow:auto"><table class="kl-coverage" style="font-size:12px">'
            '<tr><th>clause</th><th>status</th><th>cites</th><th>games citing it (95%)</th></tr>'
            + "".join(rows) + "</table></div>")


def into(box, fig: go.Figure) -> None:
    """Show ``fig`` in ``box`` (an ``ipywidgets.Box``) as a fresh ``go.FigureWidget``: a figure
    widget built from the whole figure renders it even when the page shows it later (updates to
    an existing one reach only views already on screen).

    The figure widgets it replaces are closed one replacement later, not at once (each rerun of a
    panel left them open in the kernel and in the browser): a view being taken off the page still
    sends its last relayout, and a model closed under it answers "no comm channel defined" in the
    browser.  So a box holds at most its shown figure and, in its ``_kl_retired`` attribute, the
    ones taken off at the last call."""
    old = tuple(box.children)
    # a chart is as wide as its layout says, or as the screen when that is narrower (a phone):
    # the width becomes the box's max-width and plotly sizes the plot to the box (autosize)
    width = fig.layout.width
    if width:
        fig = go.Figure(fig).update_layout(width=None, autosize=True)
        box.layout.width, box.layout.max_width = "100%", f"{int(width)}px"
    box.children = [go.FigureWidget(fig)]
    for widget in getattr(box, "_kl_retired", ()):
        widget.close()
    box._kl_retired = old


def position_html(table) -> str:
    """A position's actions scored by rollouts (``rules.analysis.score_actions``) as an HTML table:
    the same table as the game pages' "what would the bots do here?" (:func:`widgets.bots_here.table_html`:
    the engine's labels, the win rate with its 95 % interval, the choices these rollouts cannot tell
    from the best one)."""
    from .bots_here import table_html
    seat = table.attrs.get("seat")
    n = table.attrs.get("rollouts")
    return (f'<div style="font-family:{THAI_FONT}"><b>บอทจะทำอะไรตรงนี้ / what would the bots do here?</b> '
            f'seat {seat}, {n} rollouts an action (same seeds for every action; what that seat cannot see '
            f're-dealt before each rollout)</div>' + table_html(table))
