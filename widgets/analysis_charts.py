"""Charts of the analyzer's tables (``rules/analysis``): intervals drawn, never recomputed.

Every function takes what ``rules.analysis`` returns (a simulate table, a metrics frame, a sweep
table, a :class:`~rules.analysis.compare.Comparison`) and returns a plotly figure as a plain dict,
``{"data": [trace, ...], "layout": {...}}`` (JSON values only), which :func:`into` draws in the
page with plotly.js (:class:`widgets.chart.Chart`); the numbers, intervals included, all come
from ``rules.analysis.metrics``.  Neither ``rules`` nor this module imports plotly: the analyzer's
kernel does without it (``go.FigureWidget`` cost it about 38 MiB).  An author who wants a
``plotly.graph_objects.Figure`` of a chart gets one from :func:`to_figure`.
"""
from __future__ import annotations

import html

from rules.analysis import metrics as M
from rules.core.base import player_words
from rules.analysis.sweeps import sweep_win_rates

from .chart import plain
from .errors import THAI_FONT
from .mobile import PHONE_MAX_WIDTH

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
LAYOUT = dict(height=320, width=600, margin=dict(l=55, r=20, t=60, b=45), font=dict(family=THAI_FONT),
              plot_bgcolor="white", paper_bgcolor="white",
              # the margins grow to hold the ticks and the axis titles (automargin), and ticks stay
              # level: plotly slanted long seat ticks at a narrow width and cut them at the right edge
              xaxis=dict(gridcolor="#eee", automargin=True, tickangle=0), yaxis=dict(gridcolor="#eee", automargin=True))
"""A light layout: plotly.js's own defaults (plotly's ``template="none"``), white, Thai font."""
BELOW = dict(orientation="h", x=0, xanchor="left", yref="container", y=0, yanchor="bottom")
"""A legend under everything, at the figure's bottom edge (``yref="container"``), the margin made
for it: placed under the plot (``y=-0.3`` of the plot's height) it sat on the x-axis title as
soon as the seat ticks took two lines."""


LINES = " /<br>"
"""Thai over English in a chart's tick or legend name: a line each, the slash kept at the Thai
line's end (plotly.js draws a ``<br>`` as a new line, which a page's text and a screen reader read
with no space: "อิทธิพลที่เหลือinfluence left", a fresh user's finding)."""


def seat_tick(seat: int) -> str:
    """A seat's tick when no game's label is given: the engines' default words, counted from 1
    (``"ผู้เล่น 1 /<br>player 1"`` for the table's seat id 0: :func:`rules.core.base.player_words`)."""
    return "{}{}{}".format(player_words(int(seat))[0], LINES, player_words(int(seat))[1])


def tick_lines(text: str) -> str:
    """A seat's tick on two lines, level under its bar: ``"ผู้เล่น 1 (ที่นั่ง 0)"`` becomes
    ``"ผู้เล่น 1<br>(ที่นั่ง 0)"``, ``"a / b"`` ``"a /<br>b"`` (:data:`LINES`); a tick with its own ``<br>`` or
    neither is kept (the words are the game's: only where a line breaks is chosen here)."""
    if "<br>" in text:
        return text
    for sep, joined in ((" / ", LINES), (" (", "<br>(")):
        if sep in text:
            head, tail = text.split(sep, 1)
            return head + joined + tail
    return text


LENGTH_WORDS = {"turns": "จำนวนตา / turns", "actions": "จำนวนการกระทำ / actions", "steps": "จำนวนขั้น / steps"}
"""The game-length axis's title by the table's column (``rules.analysis.simulate``)."""
GAMES_AXIS = "จำนวนเกม / games"
SEAT_AXIS = "ที่นั่ง / seat"


def _axis(text: str) -> dict:
    return dict(title=dict(text=text))


def _rgba(hex_colour: str, alpha: float) -> str:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


def figure(data=(), title: str | None = None, *, xaxis: dict | None = None, yaxis: dict | None = None,
           **layout) -> dict:
    """A figure dict: ``data`` (trace dicts), :data:`LAYOUT` with ``title`` (text, may hold
    ``<br><sup>``), the axes' extra properties merged into :data:`LAYOUT`'s, and ``layout``'s
    other properties; values made JSON (:func:`widgets.chart.plain`)."""
    out = {**LAYOUT, **layout}
    out["xaxis"] = {**LAYOUT["xaxis"], **(xaxis or {})}
    out["yaxis"] = {**LAYOUT["yaxis"], **(yaxis or {})}
    if title is not None:
        # hung from the top edge, the top margin as tall as its lines (px: a title line 25, a
        # <sup> line 17): plotly's title automargin pushed a four-line title above the figure,
        # and one centred in a fixed margin ran over the plot's first tick
        head, _, sup = title.partition("<sup>")
        lines = head.count("<br>") + (0 if head.endswith("<br>") else 1)
        subs = sup.count("<br>") + 1 if sup else 0
        out["title"] = {"text": title, "yref": "container", "y": 1, "yanchor": "top", "pad": {"t": 22}}
        out["margin"] = {**out["margin"], "t": max(out["margin"]["t"], 34 + 25 * lines + 17 * subs)}
    return plain({"data": list(data), "layout": out})


def _error(hi, est, lo) -> dict:
    """An asymmetric error bar from ``lo`` to ``hi`` around ``est`` (plotly's ``error_y``/``error_x``)."""
    return dict(type="data", symmetric=False, array=hi - est, arrayminus=est - lo)


def to_figure(fig: dict):
    """A ``plotly.graph_objects.Figure`` of a chart dict (for a notebook's author: ``.show()``,
    ``write_image``...).  Imports plotly; the pages never call it."""
    import plotly.graph_objects as go
    out = go.Figure(fig)
    return out if "template" in fig.get("layout", {}) else out.update_layout(template="none")


def win_rate_chart(df, title: str = "อัตราชนะตามที่นั่ง / win rate by seat", seat=seat_tick) -> dict:
    """Bars of each seat's win rate with its 95 % Wilson interval, and the fair share dashed.
    ``seat(s)``: a seat's tick (the analyzer passes the game's own seat label, Thai and English)."""
    wr = M.win_rates(df)
    if wr.empty:
        return figure(title=title)
    fair = float(wr["fair"].iloc[0])
    bars = dict(type="bar", x=[tick_lines(seat(int(s))) for s in wr["seat"]], y=wr["estimate"],
                error_y=_error(wr["hi"], wr["estimate"], wr["lo"]),
                marker=dict(color=[SEAT_COLOURS[s % len(SEAT_COLOURS)] for s in wr["seat"]]),
                hovertemplate="%{x}: %{y:.1%}<extra></extra>", name="win rate", showlegend=False)
    b = M.balance(df)
    # the fair share: a dashed line across the plot, named in the legend under it (a label on the
    # line itself sat on the last seat's bar: at a phone's 358 px it covered a bar and a half)
    key = dict(type="scatter", x=[None], y=[None], mode="lines", line=dict(color="#555", dash="dash"),
               name=f"ส่วนที่ยุติธรรม {100 * fair:.0f}% / fair share", hoverinfo="skip")
    n = int(wr['n'].iloc[0])
    bal = f"{b['estimate']:.2f} [{b['lo']:.2f}, {b['hi']:.2f}]"
    # Thai and English on lines of their own (the page's other results say both)
    return figure([bars, key], f"{title}<br><sup>{n} เกม · ความสมดุล {bal} · ช่วง Wilson 95%"
                               f"<br>{n} games · balance {bal} · 95% Wilson intervals</sup>",
                  xaxis=_axis(SEAT_AXIS), yaxis=dict(tickformat=".0%", rangemode="tozero", **_axis("อัตราชนะ / win rate")),
                  showlegend=True, height=LAYOUT["height"] + 30,
                  legend=BELOW,
                  shapes=[dict(type="line", xref="x domain", x0=0, x1=1, yref="y", y0=fair, y1=fair,
                               line=dict(color="#555", dash="dash"))])


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


MEAN_BAND = "#f58518"
"""The colour of the game-length chart's band: the mean's 95 % bootstrap interval."""


def length_chart(df, column: str = "turns") -> dict:
    """Histogram of game lengths in ``column`` with the mean's bootstrap interval in the title.
    Drawn as bars of :func:`length_bins` (counted here, not by plotly.js: the page's plotly.js is
    the basic partial bundle, scatter, bar and pie only: ``widgets/bundles.py``)."""
    L = M.lengths(df, column)
    data, shapes = [], []
    if L.get("n"):
        edges, counts = length_bins(M.finished(df)[column])
        data.append(dict(type="bar", x=[(a + b) / 2 for a, b in zip(edges, edges[1:])], y=counts,
                         width=[b - a for a, b in zip(edges, edges[1:])], marker=dict(color="#4c78a8"), name=column,
                         customdata=[[a, b] for a, b in zip(edges, edges[1:])],
                         hovertemplate="%{customdata[0]:g} to %{customdata[1]:g}: %{y} games<extra></extra>",
                         showlegend=False))
        # the mean's interval: a band over the plot's whole height, named in the legend under the
        # chart (unnamed, a fresh user could not tell what the orange band over the bars was)
        shapes.append(dict(type="rect", xref="x", x0=L["mean_lo"], x1=L["mean_hi"], yref="y domain", y0=0, y1=1,
                           fillcolor=MEAN_BAND, opacity=0.3, line=dict(width=0)))
        data.append(dict(type="scatter", x=[None], y=[None], mode="markers", hoverinfo="skip",
                         marker=dict(symbol="square", size=14, color=MEAN_BAND, opacity=0.3),
                         name="ช่วง 95% ของค่าเฉลี่ย / 95% interval of the mean"))
        mean = f"{L['mean']:.1f} [{L['mean_lo']:.1f}, {L['mean_hi']:.1f}]"
        sub = f"เฉลี่ย {mean} · มัธยฐาน {L['median']:g}<br>mean {mean} · median {L['median']:g}"
    else:
        sub = "ไม่มีคอลัมน์ความยาว (ตารางจากเคอร์เนลมีแค่จำนวนขั้น)<br>no length column (a kernel table has only steps)"
    return figure(data, f"ความยาวเกม / game length ({column})<br><sup>{sub}</sup>",
                  xaxis=_axis(LENGTH_WORDS.get(column, column)), yaxis=_axis(GAMES_AXIS),
                  # the legend (the band's key alone: the bars are the axis title's) under the chart,
                  # as tall as the win-rate chart beside it
                  showlegend=bool(shapes), legend=BELOW, height=LAYOUT["height"] + 30,
                  **({"shapes": shapes} if shapes else {}))


def id_tick(value) -> str:
    """A machine id's tick when no game's words are given: the id itself (escaped)."""
    return html.escape(str(value))


def sources_chart(df, seat=seat_tick, source=id_tick) -> dict:
    """Mean score per seat, stacked by source (``score_breakdown``), with each source's interval
    in the hover.  ``seat(s)``: a seat's tick (see :func:`win_rate_chart`); ``source(name)``: a
    source's name in the legend (the analyzer passes the engine's words, Thai and English:
    ``rules.analysis.id_words``)."""
    src = M.score_sources(df)
    data = []
    for name in (src["source"].unique() if len(src) else []):
        d = src[src["source"] == name]
        label = tick_lines(source(name))  # Thai over English: one line ran past a phone's chart
        data.append(dict(type="bar", x=[tick_lines(seat(int(s))) for s in d["seat"]], y=d["mean"], name=label,
                         customdata=d[["lo", "hi"]].to_numpy(),
                         hovertemplate=label + ": %{y:.2f} [%{customdata[0]:.2f}, %{customdata[1]:.2f}]"
                                       "<extra></extra>"))
    # the legend names the source even when a game has only one (Coup: influence left), else
    # plotly hides a one-trace legend and the bars say nothing about what they count; it sits
    # under the chart (plotly makes room for it): the sources' Thai and English names beside a
    # 362 px phone chart left the bars a third of its width
    return figure(data, "คะแนนมาจากไหน<br><sup>where the points come from (mean per game)</sup>", barmode="stack",
                  showlegend=True, legend=dict(title=dict(text="ที่มา / source", side="top"), **BELOW),
                  # taller than the others: the legend's names take two lines each on a phone
                  xaxis=_axis(SEAT_AXIS), yaxis=_axis("คะแนนเฉลี่ย / mean score"), height=540)


EXIT_COLOURS = ("#d62728", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
"""The colours of the clauses that put seats out (:func:`exits_chart`); a win is green, still in grey."""


def exit_words(game: str | None):
    """``word(outcome)``: an outcome of :func:`rules.analysis.metrics.exits` in Thai and English:
    won, still in, or out by a clause: the engine's short words of that exit (``exit_words``, as
    Coup's "caught bluffing"), else the clause named as the coverage table names it
    (:func:`clause_words`, the engine's words of it, never its id)."""
    from .rulepanel import clause_named

    def word(outcome: str) -> str:
        if outcome == M.WON:
            return "ชนะ / won"
        if outcome == M.STILL_IN:
            return "ไม่ตกรอบแต่ไม่ชนะ / not out, not a winner"
        clause = outcome.partition(":")[2]
        if game:
            from rules.catalog import engine
            said = getattr(engine(game), "exit_words", lambda _c: None)(clause)  # the engine's own words
            if said is not None:
                return f"{said[0]} / {said[1]}"
        th, en = clause_named(game, clause) if game else (clause, clause)
        return f"ตกรอบเพราะ {th} / out by {en}"
    return word


def exits_chart(df, seat=seat_tick, outcome=id_tick) -> dict:
    """How each seat's game ended (:func:`rules.analysis.metrics.exits`): a bar a seat, stacked by
    outcome (won, or out by the clause that put it out), as shares of the finished games, each
    outcome's Wilson interval in the hover.  For a game that scores one way only (Coup: the last
    player left with influence wins) in place of :func:`sources_chart`, one colour a seat there."""
    ex = M.exits(df)
    data, k = [], 0
    for name in (list(dict.fromkeys(ex["outcome"])) if len(ex) else []):
        d = ex[ex["outcome"] == name]
        # a clause's name on lines of its own after its colon: "ตกรอบเพราะ รัฐประหาร: จ่ายโทเค็นเงิน 7
        # ชิ้นและเลือกผู้เล่น…" on one line ran past a 390 px phone's chart
        label = tick_lines(outcome(name)).replace(": ", ":<br>")
        if name == M.WON:
            colour = "#2ca02c"
        elif name == M.STILL_IN:
            colour = "#c7c7c7"
        else:
            colour, k = EXIT_COLOURS[k % len(EXIT_COLOURS)], k + 1
        data.append(dict(type="bar", x=[tick_lines(seat(int(s))) for s in d["seat"]], y=d["estimate"], name=label,
                         marker=dict(color=colour), customdata=d[["lo", "hi", "games"]].to_numpy(),
                         hovertemplate=label + ": %{y:.0%} [%{customdata[0]:.0%}, %{customdata[1]:.0%}], "
                                               "%{customdata[2]} games<extra></extra>"))
    return figure(data, "แต่ละที่นั่งจบเกมอย่างไร<br><sup>how each seat's game ended (share of games)</sup>",
                  barmode="stack", showlegend=True,
                  legend=dict(title=dict(text="ผล / outcome", side="top"), **BELOW),
                  xaxis=_axis(SEAT_AXIS), yaxis=dict(title=dict(text="สัดส่วนของเกม / share of games"),
                                                     tickformat=".0%", range=[0, 1]), height=540)


def branching_chart(df, phase=id_tick) -> dict:
    """Mean number of legal actions per decision, by phase, with bootstrap intervals: one bar a
    phase, across (a phase's name is read on one or two lines beside its bar, however many phases
    a game has: Valeria has 14, which slanted ticks under upright bars could not hold).
    ``phase(p)``: a phase's name (the analyzer passes the engine's words, Thai over English:
    ``rules.analysis.id_words``)."""
    b = M.branching(df)
    data = []
    if len(b):
        names = [phase(p) for p in b["phase"]]
        data.append(dict(type="bar", orientation="h", y=names, x=b["estimate"], marker=dict(color="#72b7b2"),
                         error_x=_error(b["hi"], b["estimate"], b["lo"]),
                         hovertemplate="%{y}: %{x:.2f}<extra></extra>"))
    rows = len(b)
    return figure(data, "ทางเลือกต่อการตัดสินใจ<br><sup>branching factor by phase</sup>",
                  # on two lines: beside a phone's wide names (Valeria) the plot is narrow and
                  # its one-line title ran past the chart's right edge
                  xaxis=dict(rangemode="tozero", automargin=True, **_axis("ทางเลือกที่ถูกกติกา<br>legal actions")),
                  # first phase on top; the names' width is the margin's (automargin)
                  yaxis=dict(automargin=True, autorange="reversed", **_axis("ช่วงของเกม / phase")),
                  showlegend=False, height=max(LAYOUT["height"], 120 + 36 * rows))


def sweep_chart(table, title: str = "อัตราชนะเมื่อเปลี่ยนตาราง / win rate across the sweep",
                x_title: str = "ตัวคูณ / scale factor", seat=seat_tick) -> dict:
    """One line per seat over the sweep's points (``x``), with its 95 % Wilson band; ``seat(s)``
    names a seat's line (see :func:`win_rate_chart`)."""
    wr = sweep_win_rates(table)
    data = []
    for s in sorted(wr["seat"].unique()) if len(wr) else []:
        d = wr[wr["seat"] == s].sort_values("x")
        c = SEAT_COLOURS[s % len(SEAT_COLOURS)]
        data.append(dict(type="scatter", x=list(d["x"]) + list(d["x"])[::-1], y=list(d["hi"]) + list(d["lo"])[::-1],
                         fill="toself", fillcolor=_rgba(c, 0.15), line=dict(width=0), hoverinfo="skip",
                         mode="lines", showlegend=False))  # a band: no markers (plotly's default draws them at its corners)
        name = seat(int(s)).replace(LINES, " / ").replace("<br>", " / ")
        data.append(dict(type="scatter", x=d["x"], y=d["estimate"], mode="lines+markers", name=name,
                         line=dict(color=c), text=d["point"],
                         hovertemplate="%{text}: %{y:.1%}<extra>" + name + "</extra>"))
    n = int(wr["n"].iloc[0]) if len(wr) else 0
    # Thai and English on lines of their own (a "game: " before them on its own), the note on
    # two: on one line each ran past a phone's 358 px chart at both ends
    return figure(data, f"{title.replace(': ', ':<br>', 1).replace(' / ', '<br>')}<br><sup>{n} games a point, same seeds at every point"
                        f"<br>95% Wilson bands</sup>",
                  xaxis=_axis(x_title), yaxis=dict(tickformat=".0%", rangemode="tozero", **_axis("อัตราชนะ / win rate")),
                  # the seats under the plot: beside it they took half a phone's width and sat on the title
                  width=900, legend=BELOW, height=LAYOUT["height"] + 80)


def compare_chart(comparison, quantity=id_tick) -> dict:
    """Paired differences B - A (same seeds) with their bootstrap intervals, one bar a quantity.
    ``quantity(q)``: a quantity's name (the analyzer passes the engine's words, Thai over English:
    ``rules.analysis.id_words(game, "quantity", q)``); what A and B read is told above the chart
    (:func:`compare_words_html`: the register's question and readings are sentences, too long for
    a plot title at a phone's width)."""
    d = comparison.differences()
    d = d[d["quantity"].str.startswith(("win_", "no_winner", "shared_win"))]
    bars = dict(type="bar", y=[quantity(q) for q in d["quantity"]], x=d["diff"], orientation="h",
                marker=dict(color="#e45756"), error_x=_error(d["hi"], d["diff"], d["lo"]),
                hovertemplate="%{y}: %{x:+.1%}<extra></extra>")
    p = comparison.parted()
    part_th = f"เกมคู่ {p['parted']}/{p['pairs']} แยกทางกัน" + (
        f" ขั้นแรกที่แยก (มัธยฐาน) {p['first_step_median']:g}" if p["parted"] else "")
    part_en = f"{p['parted']}/{p['pairs']} paired games part" + (
        f", median first parting step {p['first_step_median']:g}" if p["parted"] else "")
    # Thai and English on lines of their own (one line ran past a phone's chart at both ends)
    return figure([bars], f"ผลต่าง B − A (seed เดียวกัน)<br>difference B − A (same seeds)<br><sup>{part_th}<br>{part_en}</sup>",
                  xaxis=dict(tickformat="+.0%", **_axis("ผลต่าง B − A / difference B − A")), showlegend=False, width=900,
                  yaxis=dict(automargin=True, autorange="reversed"),  # room for the names; the table's order, top down
                  height=max(LAYOUT["height"], 120 + 40 * len(d)),
                  # no difference: a line at 0 over the plot's whole height
                  shapes=[dict(type="line", xref="x", x0=0, x1=0, yref="y domain", y0=0, y1=1,
                               line=dict(color="#555"))])


SAME_DATA_WORDS = ("สองแบบนี้โหลดข้อมูลเดียวกัน: ช่องของเจ้าของเกมยังเป็นสำเนาของข้อมูลสมมติ ทุกเกมจึงเล่นเหมือนกัน "
                   "และการเทียบนี้ได้ผลต่าง 0 โดยโครงสร้าง จนกว่าผู้มีกล่องเกมจะกรอกข้อมูลฉบับพิมพ์",
                   "these two readings load the same data: the owner's slot is still a copy of the assumed one, so "
                   "every game plays alike and this comparison is empty by construction until someone who owns the "
                   "box enters the printed data")
"""What a page says of two readings whose data are the same (``reading_words``' ``same_data``)."""


def same_data_html(entry: dict) -> str:
    """:data:`SAME_DATA_WORDS` for a ``reading_words`` entry whose ``same_data`` is set, else ``""``."""
    if not entry.get("same_data"):
        return ""
    th, en = (html.escape(x) for x in SAME_DATA_WORDS)
    return f'<div class="kl-same-data" style="margin-left:1em;color:#8a5a00"><b>{th}</b> / {en}.</div>'


INERT_WORDS = ("ทุกแบบของข้อนี้จึงเล่นเป็นเกมเดียวกัน และการเทียบได้ผลต่าง 0 โดยโครงสร้าง",
               "so every reading of it plays the same games, and a comparison of them is empty by construction")
"""What a page adds to the engine's reason when an entry's readings have no effect under the config
(``reading_words``' ``inert``: Coup's Reformation-only entries with the Reformation off)."""


def inert_html(entry: dict) -> str:
    """The engine's reason (``reading_words``' ``inert``) and :data:`INERT_WORDS`, else ``""``."""
    if not entry.get("inert"):
        return ""
    (th, en), (th2, en2) = entry["inert"], INERT_WORDS
    return (f'<div class="kl-inert" style="margin-left:1em;color:#8a5a00"><b>{html.escape(th)}: {html.escape(th2)}</b>'
            f' / {html.escape(en)}: {html.escape(en2)}.</div>')


def compare_words_html(comparison) -> str:
    """What the comparison's sides read, in the register's words (``Comparison.readings``:
    ``rules.analysis.compare.reading_words``): each entry's question, then reading A and reading B
    (the default marked); a data what-if or a config no entry names: the sides' labels."""
    e = html.escape
    rows = []
    for r in comparison.readings:
        rows.append(f'<div><b>{e(r["question_th"])}</b> <span class="kl-muted">/ {e(r["question_en"])}</span></div>')
        for side in ("a", "b"):
            x = r[side]
            mark = " (ค่าเริ่มต้น / default)" if x["default"] else ""
            rows.append(f'<div style="margin-left:1em"><b>{side.upper()}</b>{mark}: {e(x["th"])} '
                        f'<span class="kl-muted">/ {e(x["en"])}</span></div>')
        rows.append(same_data_html(r) + inert_html(r))
    if not comparison.readings or "[" in comparison.label_a + comparison.label_b:
        rows.append(f'<div>A: <code>{e(comparison.label_a)}</code> · B: <code>{e(comparison.label_b)}</code></div>')
    return (f'<div class="kl-compare-words" style="font-family:{THAI_FONT};margin:4px 0">'
            f'<b>ถ้าอ่านข้อนี้อีกแบบ / if this clause is read the other way</b>{"".join(rows)}</div>')


def empty_chart(title: str, height: int = 90) -> dict:
    """A title and no axes (a box waiting for a choice: an empty axis drew a stray 0 and ticks
    under the title)."""
    return figure(title=title, height=height, xaxis=dict(visible=False), yaxis=dict(visible=False))


def status_words(status: str) -> str:
    """A clause's status as the rule panel's badge says it (``ใช้ในเอนจิน / implemented``)."""
    from .rulepanel import STATUS_BADGES
    _colour, th, en = STATUS_BADGES.get(status, ("", status, status))
    return html.escape(f"{th} / {en}" if th != en else th)


def clause_words(game: str, clause_id: str) -> str:
    """A clause as the coverage table's reader reads it: its :func:`widgets.rulepanel.clause_named`
    (the engine's words of it, else the start of its Thai text: the book's title and intro clauses
    have no title of their own), never its dotted id."""
    from .rulepanel import clause_named
    th, en = clause_named(game, clause_id)
    return f"{th} / {en}" if en != th else th


def clause_names(game: str, clause_ids) -> list[str]:
    """:func:`clause_words` of each clause, in the order given.  Rows under a section title that
    several clauses share (Coup's "ส่วนประกอบ" names six) read apart without their ids (a fresh
    user's finding): the engine's ``cite_name`` adds such a clause's own first words, as a story
    line says it."""
    return [clause_words(game, c) for c in clause_ids]


def coverage_html(df, game: str | None = None, limit: int = 400) -> str:
    """The clause coverage meter as an HTML table: every clause by its words
    (:func:`clause_words`; its id in the tooltip and the last column, which a phone hides) with its
    status, cites, reach (share of games, Wilson interval); implemented clauses that never fired in
    red."""
    cov = M.coverage(df, game)
    game = game or df.attrs.get("game")
    impl = cov[cov["status"] == "implemented"]
    head = (f'<div style="font-family:{THAI_FONT}"><b>ข้อกติกาที่ถูกใช้ / clause coverage:</b> '
            f'ข้อที่ใช้ในเอนจินถูกอ้าง {int(impl["fired"].sum())}/{len(impl)} ข้อ ใน {len(df)} เกม / '
            f'{int(impl["fired"].sum())}/{len(impl)} implemented clauses fired in {len(df)} games</div>')
    rows = []
    shown = cov.head(limit)
    for r, name in zip(shown.itertuples(), clause_names(game, list(shown["clause"]))):
        style = "color:#a01010;font-weight:bold" if (r.status == "implemented" and not r.fired) else (
            "color:#888" if r.status != "implemented" else "")
        # the clause's words wrap (anywhere in a long word): kept on one line they pushed "cites" to
        # a phone's edge and "games citing it" past it.  Its id is in the cell's tooltip only: a
        # clause id is never visible text (a last "clause id" column showed them at 1280 px)
        rows.append(f'<tr style="{style}"><td class="kl-clause-name" title="{html.escape(r.clause)}" '
                    f'style="overflow-wrap:anywhere">{html.escape(name)}</td>'
                    f'<td>{status_words(r.status)}</td>'
                    f'<td style="text-align:right">{r.cites}</td>'
                    # the share, then its interval (under it on a phone: COVERAGE_CSS): each figure
                    # on one line, and the column narrow enough for a phone
                    f'<td style="text-align:right;white-space:nowrap">{100 * r.reach:.1f}% '
                    f'<span class="kl-ci">[{100 * r.lo:.1f}, {100 * r.hi:.1f}]</span></td></tr>')
    # a box no wider than its column that scrolls (kl-scroll: widgets/mobile.py) and shows it, tall
    # enough to read a page of clauses: at 260 px it showed four rows (two on a phone)
    return (head + COVERAGE_CSS + '<div class="kl-scroll kl-coverage-box" style="overflow:auto">'
            '<table class="kl-coverage" style="font-size:12px">'
            '<tr><th>ข้อ / clause</th><th>สถานะ / status</th><th>ถูกอ้าง / cites</th>'
            '<th>เกมที่อ้าง / games citing it (95%)</th></tr>'
            + "".join(rows) + "</table></div>")


COVERAGE_CSS = f"""<style>
.kl-coverage-box {{ max-height: 400px; }}
.kl-coverage {{ line-height: 1.4; }}  /* the page's 28 px lines made each row twice a line's height */
.kl-coverage th, .kl-coverage td {{ padding: 2px 8px; }}
.kl-coverage th {{ vertical-align: bottom; }}
.kl-coverage td {{ vertical-align: top; }}
.kl-coverage .kl-ci {{ font-size: 11px; }}
@media (max-width: {PHONE_MAX_WIDTH}px) {{
  /* a phone: most of the screen's height, and the four columns inside its width (the interval
     under its share) */
  .kl-coverage-box {{ max-height: 60vh; }}
  .kl-coverage {{ width: 100%; }}
  .kl-coverage th, .kl-coverage td {{ padding: 2px 4px; }}
  .kl-coverage .kl-ci {{ display: block; }}
}}
</style>"""
"""The coverage table's box: 400 px high on a wide screen, 60 % of a phone's (``vh``) height; a
clause's id is in its name cell's tooltip, never a column."""


def into(box, fig) -> None:
    """Draw ``fig`` (a chart dict; a ``plotly.graph_objects.Figure`` is taken too) in ``box`` (an
    ``ipywidgets.Box``), in the box's :class:`~widgets.chart.Chart` when it has one (its views,
    and any made later, redraw it), else in a new one.  A box thus holds one chart widget for
    good, however many runs draw in it.

    A chart is as wide as its layout says, or as the screen when that is narrower (a phone): the
    width becomes the box's max-width and plotly.js sizes the plot to the box (autosize)."""
    from .chart import Chart
    if not isinstance(fig, dict):   # an author's go.Figure: its JSON, typed arrays included
        import json
        fig = json.loads(fig.to_json())
    layout = dict(fig.get("layout") or {})
    width = layout.pop("width", None)
    if width:
        layout["autosize"] = True
        box.layout.width, box.layout.max_width = "100%", f"{int(width)}px"
    fig = {**fig, "layout": layout}
    shown = box.children[0] if len(box.children) == 1 and isinstance(box.children[0], Chart) else None
    if shown is not None:
        shown.figure = plain(fig)
    else:
        box.children = [Chart(fig)]


def position_html(table) -> str:
    """A position's actions scored by rollouts (``rules.analysis.score_actions``) as an HTML table:
    the same table as the game pages' "what would the bots do here?" (:func:`widgets.bots_here.table_html`:
    the engine's labels, the win rate with its 95 % interval, the choices these rollouts cannot tell
    from the best one)."""
    from html import escape

    from rules.catalog import engine

    from .bots_here import table_html
    seat = int(table.attrs.get("seat"))
    th, en = (escape(x) for x in engine(table.attrs["game"]).seat_words(seat))  # as the rows name it
    n = table.attrs.get("rollouts")
    return (f'<div style="font-family:{THAI_FONT}"><b>บอทจะทำอะไรตรงนี้ / what would the bots do here?</b> '
            f'ตัดสินใจ / deciding: <b>{th}</b> / {en}, {n} rollouts an action (same seeds for every action; '
            f'what that seat cannot see re-dealt before each rollout)</div>' + table_html(table))
