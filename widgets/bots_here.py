""""What would the bots do here? / บอทจะทำอะไรตรงนี้" on every game page (the rulings stepper and the
play table): the position on screen, every legal action of the deciding seat scored by rollouts
(:func:`rules.analysis.position.score_table`) off the widget comm thread, with a progress bar and
*cancel*; shown as a shaded hex board (Shadow Master, New World: ``GameSpec.analysis_board``) or a
table sorted by score (Coup, Valeria, Toy Pig), each with its 95 % interval.

**Light at page load.**  A page holds one :class:`BotsHere` per stepper or table: a box with a single
button.  The controls, the progress bar and the result are built on the first click only.

**Hidden cards (decided here, said on the page).**  The rollouts need a full state, but they start
from ``resample_hidden(state, seat)``: everything the deciding seat cannot see is re-dealt for every
rollout, consistently with what that seat sees, before its action is played
(:mod:`rules.analysis.position`).  Every engine's re-deal depends only on that seat's observation,
so the result is a function of what the seat sees: it carries no hidden card
(``tests/test_position.py`` checks it on twin positions, widget by widget).

* In play the analysis is offered on the reader's own decisions only, from the reader's seat: it
  tells the reader nothing the reader cannot see.  (Analysing a bot's decision would need that bot's
  cards.)  After the game there is no decision left; the rulings stepper analyses any step.
* In the rulings stepper the analysis takes the deciding seat's view: it knows its own cards, the
  others' are re-dealt.  The choices listed are that seat's, so they may show what it holds, as the
  example's next step does.

Labels are the engine's (``describe_action``); numbers and intervals come from ``rules.analysis``.
"""
from __future__ import annotations

import html
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from .errors import THAI_FONT, message_html

BUTTON = ("บอทจะทำอะไรตรงนี้?", "what would the bots do here?")
SCALE = ("#edf8b1", "#c7e9b4", "#7fcdbb", "#41b6c4", "#1d91c0", "#225ea8", "#0c2c84")
"""The colour scale of a shaded cell, low to high win rate (ColorBrewer YlGnBu: readable for
colour-blind readers); the analysis boards draw every other empty cell in :data:`MUTED`."""
MUTED = "#e9e9e9"
"""An empty cell no analysed choice names, on an analysis board (so the shaded cells stand out)."""

POLICY = {
    "example": ("มองจากที่นั่งที่ต้องตัดสินใจ: รู้การ์ดของตัวเอง ส่วนสิ่งที่ที่นั่งนั้นมองไม่เห็น (มือคนอื่น ลำดับกอง ไทล์คว่ำ) "
                "ถูกสุ่มแจกใหม่ให้ตรงกับสิ่งที่ที่นั่งนั้นเห็นทุกครั้งที่ลองเล่น การวิเคราะห์จึงไม่แอบดูการ์ดที่ซ่อนอยู่ "
                "ตัวเลือกที่แสดงเป็นของที่นั่งนั้น จึงอาจบอกได้ว่าที่นั่งนั้นถืออะไร เช่นเดียวกับขั้นต่อไปของตัวอย่าง",
                "It takes the deciding seat's view: that seat knows its own cards; what it cannot see (other hands, "
                "the deck order, face-down tiles) is re-dealt, consistently with what it sees, for every rollout, "
                "so the analysis never peeks at a hidden card. The choices listed are that seat's, so they may show "
                "what it holds, as the example's next step does."),
    "play": ("ใช้ได้เมื่อถึงตาคุณตัดสินใจ และมองจากที่นั่งของคุณเท่านั้น: สิ่งที่คุณมองไม่เห็น (การ์ดคนอื่น ลำดับกอง "
             "ไทล์คว่ำ) ถูกสุ่มแจกใหม่ให้ตรงกับสิ่งที่คุณเห็นก่อนลองเล่นทุกครั้ง ผลจึงไม่บอกอะไรที่คุณไม่รู้ "
             "(ลองเล่นจากตำแหน่งจริงคือการแอบดูการ์ดของคนอื่น) ส่วนการตัดสินใจของบอทต้องใช้การ์ดของบอท "
             "จึงวิเคราะห์ได้ในตัวอย่างข้อกติกาเท่านั้น",
             "Offered on your own decisions only, from your seat: what you cannot see (other hands, the deck "
             "order, face-down tiles) is re-dealt, consistently with what you see, before every rollout, so the "
             "result tells you nothing you do not know (rollouts from the true position would peek at the other "
             "seats' cards). A bot's decision needs that bot's cards, so it can be analysed in the rulings' "
             "examples only."),
}
"""What the analysis may know, per page mode (shown above every result)."""


FIRST_IMPORT_WAIT_S = 0.1
"""The first analysis of a kernel imports the analyzer (numpy: its C start-up holds the interpreter
for tens of ms at a time) in the worker thread; it waits this long first, so that the panel just
drawn reaches the page before (the bench's Coup first answer: 220 ms, p50 13 ms)."""


PARTIAL_EVERY = 0.5
"""Seconds between two partial answers (the choices scored so far, :meth:`BotsHere.run`): the first
shows as soon as one choice is played out, later ones at most this often (each redraws the result)."""


def e(x: Any) -> str:
    return html.escape(str(x))


@dataclass(frozen=True)
class Spot:
    """The position a page shows now, as the analysis takes it.

    ``state``: the engine state; ``seat``: the deciding seat to analyse (``None``: nothing to
    analyse, ``why_not`` says why in Thai and English); ``key``: identifies the position on screen
    (a result whose key differs from the page's is marked as stale); ``where``: ``(th, en)``
    naming it ("step 3 of 7", "your decision"); ``bot``: the bot name that plays at this position
    (a play table's opponents), which the analysis starts with (``None``: the game's
    ``GameSpec.analysis`` bot)."""

    state: Any
    seat: int | None
    key: tuple
    where: tuple[str, str]
    why_not: tuple[str, str] | None = None
    bot: str | None = None


def shade(x: float) -> str:
    """The :data:`SCALE` colour of ``x`` in 0..1 (linear between the stops)."""
    x = min(1.0, max(0.0, float(x)))
    pos = x * (len(SCALE) - 1)
    i = min(int(pos), len(SCALE) - 2)
    t = pos - i
    a, b = SCALE[i].lstrip("#"), SCALE[i + 1].lstrip("#")
    mix = [round(int(a[k:k + 2], 16) * (1 - t) + int(b[k:k + 2], 16) * t) for k in (0, 2, 4)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def scale_of(values) -> tuple[float, float]:
    """The ``(low, high)`` win rates the colour scale spans: the table's own range (the legend
    prints both ends, so a narrow range is not mistaken for a wide one)."""
    vals = [float(v) for v in values if v == v]
    if not vals:
        return (0.0, 1.0)
    lo, hi = min(vals), max(vals)
    return (lo, hi) if hi > lo else (max(0.0, lo - 0.05), min(1.0, hi + 0.05))


def cell_scores(table, action_cell: Callable[[Mapping], Any]) -> dict:
    """``{cell: [row index, ...]}``: the rows of a :func:`~rules.analysis.position.score_table` table whose action names a
    board cell (``action_cell``), best first (the table is sorted)."""
    out: dict = {}
    for i, a in enumerate(table["action"]):
        cell = action_cell(a)
        if cell is not None:
            out.setdefault(cell, []).append(i)
    return out


def cell_text(cell: Any) -> str:
    """A cell as the table names it: a cell name as is, an axial ``(q, r)`` as ``q,r``; ``–`` for none."""
    if cell is None:
        return "–"
    return cell if isinstance(cell, str) else ",".join(str(x) for x in cell)


def pct(x: float) -> str:
    return "–" if x != x else f"{100 * x:.0f}%"


def row_text(r) -> str:
    """One action as plain text: ``label / label_en: 42% [30%, 55%]`` (a cell's hover text)."""
    label = r.label_th if r.label_en in ("", r.label_th) else f"{r.label_th} / {r.label_en}"
    return f"{label}: {pct(r.value)} [{pct(r.lo)}, {pct(r.hi)}]"


def legend_html(lo: float, hi: float) -> str:
    """The colour scale with its two ends as numbers."""
    stops = ", ".join(SCALE)
    return (f'<div class="kl-bots-legend" style="font-family:{THAI_FONT};font-size:12px;margin:4px 0">'
            f"สีช่อง = อัตราชนะของตัวเลือกที่ดีที่สุดบนช่องนั้น / cell colour = win rate of the best choice on that cell: "
            f"<span>{pct(lo)}</span> <span style='display:inline-block;width:140px;height:10px;vertical-align:middle;"
            f"background:linear-gradient(90deg,{stops});border:1px solid #999'></span> <span>{pct(hi)}</span>"
            f" · ชี้ที่ช่องเพื่อดูช่วง 95% / hover a cell for its 95% interval</div>")


POSITION_CSS = """
.kl-position td, .kl-position th { padding: 1px 6px; }
.kl-position-box { container-type: inline-size; }
@container (max-width: 620px) {
  .kl-position, .kl-position tbody { display: block; }
  .kl-position tr.kl-pos-head { display: none; }
  .kl-position tr { display: grid; grid-template-columns: 1.2em auto auto auto 1fr; column-gap: 8px;
                    align-items: center; padding: 3px 0; border-bottom: 1px solid #e6e6e6; }
  .kl-position td { display: block; padding: 0; }
  .kl-position td.kl-pos-mark { grid-row: 1 / span 3; align-self: start; }
  .kl-position td.kl-pos-th, .kl-position td.kl-pos-en { grid-column: 2 / -1; text-align: left; }
  .kl-position td.kl-pos-value, .kl-position td.kl-pos-n {
    text-align: left !important; white-space: nowrap; }
  .kl-position td.kl-pos-cell { display: none; }
  .kl-position td.kl-pos-n::before { content: "n = "; }
}
"""
"""The result table's layout: a table in a wide column; in a column narrower than 620 px (New
World's side column beside its map at 1280 px, a phone) each choice is stacked on three lines
(Thai label, English label, then win rate, bar and n; the cell column is left out: both labels
name the cell), so no column is squeezed to a few letters (a container query: the width is the
column's, not the screen's)."""


def table_html(table, cells: Mapping[int, str] | None = None) -> str:
    """A :func:`~rules.analysis.position.score_table` table (or its DataFrame) as HTML, best first: the engine's labels (Thai, English), the
    cell (hex games), the win rate with its 95 % interval drawn as a bar and a whisker, and a mark
    on the choices whose interval overlaps the best one (these rollouts cannot tell them apart)."""
    from rules.analysis.position import overlaps_best
    near = overlaps_best(table)
    rows = []
    for i, r in enumerate(table.itertuples()):
        bar = (f"<div style='position:relative;width:120px;height:12px;background:#f2f2f2'>"
               f"<div style='position:absolute;left:0;top:3px;height:6px;width:{120 * max(0.0, min(1.0, r.value)):.0f}px;"
               f"background:#4c78a8'></div><div style='position:absolute;top:0;height:12px;"
               f"left:{120 * r.lo:.0f}px;width:{max(1.0, 120 * (r.hi - r.lo)):.0f}px;border-left:1px solid #333;"
               f"border-right:1px solid #333'></div></div>")
        cell = f"<td class='kl-pos-cell'><code>{e(cells[i])}</code></td>" if cells is not None else ""
        mark = "≈" if near[i] and i else ("★" if i == 0 else "")
        rows.append(f"<tr data-rank='{i}'><td class='kl-pos-mark'>{mark}</td><td lang='th' class='kl-pos-th'>{e(r.label_th)}</td>"
                    f"<td style='color:#555' class='kl-pos-en'>{e(r.label_en)}</td>{cell}"
                    f"<td style='text-align:right' class='kl-bots-value kl-pos-value'><b>{pct(r.value)}</b> "
                    f"<span class='kl-muted'>[{pct(r.lo)}, {pct(r.hi)}]</span></td><td class='kl-pos-bar'>{bar}</td>"
                    f"<td style='text-align:right;color:#777' class='kl-pos-n'>{r.n}</td></tr>")
    head_cell = "<th>ช่อง / cell</th>" if cells is not None else ""
    note = ("<div class='kl-muted' style='font-size:12px'>★ = คะแนนสูงสุด · ≈ = ช่วงซ้อนกับตัวเลือกแรก "
            "จำนวนครั้งที่ลองเล่นเท่านี้ยังแยกไม่ออกว่าดีกว่ากัน / ★ best score · ≈ its interval overlaps the best one: "
            "this many rollouts cannot tell them apart</div>") if len(table) > 1 else ""
    return (f"<style>{POSITION_CSS}</style><div class='kl-position-box'>"
            f'<table class="kl-position" style="font-family:{THAI_FONT};font-size:13px;border-collapse:collapse">'
            f"<tr class='kl-pos-head'><th></th><th>การกระทำ</th><th>action</th>{head_cell}<th>ชนะ / win rate (95%)</th><th></th>"
            f"<th>n</th></tr>{''.join(rows)}</table></div>{note}")


class BotsHere(w.VBox):
    """The "what would the bots do here?" control of a game page: one button until clicked.

    ``spec``: the game's :class:`~widgets.page.GameSpec`; ``spot()``: the :class:`Spot` on screen
    now; ``mode``: ``"example"`` (the rulings stepper) or ``"play"`` (the play table), which decides
    the text about hidden cards (:data:`POLICY`).  A click opens the panel and analyses the spot with
    the game's default bot and rollouts (``spec.analysis``); the panel can re-run with another bot or
    number of rollouts, cancel, or be hidden.  :meth:`follow` (the page calls it on every redraw)
    marks a result whose position is no longer the one on screen."""

    def __init__(self, spec, spot: Callable[[], Spot], mode: str = "example", **kwargs):
        self.spec, self.spot, self.mode = spec, spot, mode
        self.button = w.Button(description=f"{BUTTON[0]} / {BUTTON[1]}", icon="lightbulb-o",
                               tooltip="ทุกตัวเลือกของผู้ที่ต้องตัดสินใจ ลองเล่นต่อจนจบหลายครั้ง / every choice of the "
                                       "deciding seat played out many times",
                               layout=w.Layout(width="auto"))
        self.button.add_class("kl-bots-here")
        self.button.on_click(lambda _b: self.analyse())
        self.panel: w.VBox | None = None
        self.table = None
        self.result_spot: Spot | None = None
        self.running_spot: Spot | None = None
        super().__init__([self.button], **kwargs)
        self.add_class("kl-bots")

    # -- building on first use ----------------------------------------------------------------
    def _build(self) -> None:
        from rules.core.bots import bot_options

        from .runner import Runner
        bot0, rollouts0 = self.spec.analysis
        options = bot_options(self.spec.id)  # the engine's words ("ซื่อสัตย์ / honest"), the names as values
        names = [n for _label, n in options]
        playing = getattr(self.spot(), "bot", None)  # the bots that play here (a play table's opponents) come first
        slow = playing in names and playing in self.spec.analysis_slow
        bot0 = playing if playing in names and not slow else bot0
        self.bot = w.Dropdown(options=options, value=bot0 if bot0 in names else names[0], description="บอท / bots",
                              layout=w.Layout(width="auto", max_width="100%"))
        self.bot.style.description_width = "initial"
        self.rollouts = w.BoundedIntText(value=rollouts0, min=1, max=2000, description="ลอง / rollouts",
                                         layout=w.Layout(width="190px"))
        self.runner = Runner("วิเคราะห์ตำแหน่งนี้ / analyse this position", icon="refresh")
        self.runner.run_button.on_click(lambda _b: self.run())
        hide = w.Button(description="ซ่อน / hide", icon="eye-slash", layout=w.Layout(width="auto"))
        hide.on_click(lambda _b: self.hide())
        th, en = POLICY[self.mode]
        if slow:  # say why the analysis does not start with the bots the reader plays against
            from rules.core.bots import bot_words
            (pth, pen), (bth, ben) = bot_words(self.spec.id, playing), bot_words(self.spec.id, bot0)
            th += (f" เริ่มด้วยบอท{bth} เพราะการลองเล่นจนจบด้วยบอท{pth} (บอทที่เล่นกับคุณ) ช้ากว่ามาก "
                   f"(หลายนาที): เลือกบอท{pth}ในช่อง 'บอท' ได้ถ้ารอได้ และลดจำนวนครั้งที่ลอง")
            en += (f" It starts with '{ben}' bots: playing out with '{pen}' bots (the ones you play against) is much "
                   f"slower (minutes); pick '{pen}' in the bots box if you can wait, with fewer rollouts.")
        # the panel's four texts share one layout and one style: a browser builds every model of the
        # panel before the panel shows (the first answer), so 6 models fewer of 41
        looks = dict(layout=w.Layout(), style=HTMLStyle())
        self.policy = w.HTML(f'<div class="kl-muted kl-bots-policy" style="font-family:{THAI_FONT};font-size:12px">'
                             f"{e(th)}<br><i>{e(en)}</i></div>", **looks)
        self.head, self.stale, self.out = w.HTML(**looks), w.HTML(**looks), w.HTML(**looks)
        self.board_box = w.Box(layout=w.Layout(width="100%", max_width="560px"))
        self.panel = w.VBox([self.policy, w.HBox([self.bot, self.rollouts, hide], layout=w.Layout(flex_flow="row wrap")),
                             self.runner.bar, self.head, self.stale, self.board_box, self.out],
                            layout=w.Layout(border="1px solid #c9d6e2", padding="4px 8px", margin="4px 0"))
        self.panel.add_class("kl-bots-panel")
        self.children = [self.button, self.panel]

    def analyse(self, wait: bool = False) -> None:
        """Show the panel (built on first use) and analyse the position on screen."""
        if self.panel is None:
            self._build()
        self.panel.layout.display = ""
        self.run(wait=wait)

    def hide(self) -> None:
        """Fold the panel away (a running analysis is cancelled)."""
        if self.panel is not None:
            self.runner.cancel.set()
            self.panel.layout.display = "none"

    def close(self) -> None:
        """Cancel a running analysis and close this box (``page.close_tree`` of the page's view
        closes the widgets inside it first)."""
        if self.panel is not None:
            self.runner.cancel.set()
        super().close()

    # -- running -----------------------------------------------------------------------------
    def run(self, wait: bool = False) -> None:
        """Analyse the spot on screen now (in a worker thread unless ``wait``); ignored while an
        analysis runs (its cancel button stops it)."""
        if self.runner.running:
            return
        spot = self.spot()
        if spot.seat is None:
            th, en = spot.why_not or ("ไม่มีผู้ต้องตัดสินใจตรงนี้", "nobody decides here")
            self.head.value = message_html(th, en, tone="missing")
            self.stale.value = self.out.value = ""
            self._set_board(None)
            return
        bot, rollouts = self.bot.value, int(self.rollouts.value)
        self.running_spot = spot
        self.head.value = self._head_html(spot, bot, rollouts, running=True)
        self.stale.value = ""

        first = "rules.analysis.position" not in sys.modules

        shown = [0.0]  # when the last partial answer was drawn

        def partial(table):
            # the choices scored so far, ranked as the final table ranks them: a first answer after
            # one choice's rollouts, not after all of them (Valeria, 2 choices x 20 greedy rollouts: 0.8 s, not 1.4)
            now = time.monotonic()
            if self.runner.cancel.is_set() or (shown[0] and now - shown[0] < PARTIAL_EVERY):
                return
            shown[0] = now
            self.head.value = self._head_html(spot, bot, rollouts, running=True, table=table)
            self._show(spot, table)

        def work():
            if first:  # see FIRST_IMPORT_WAIT_S
                time.sleep(FIRST_IMPORT_WAIT_S)
            from rules.analysis.position import score_table  # no pandas in a game page's kernel
            table = score_table(self.spec.id, spot.state, bot, rollouts, seed=0, seat=spot.seat,
                                on_progress=self.runner.tick, cancel=self.runner.cancel, on_rows=partial)
            self.table, self.result_spot = table, spot
            self.head.value = self._head_html(spot, bot, rollouts, running=False, table=table)
            self._show(spot, table)
            self.follow()

        self.runner.start(work, wait=wait)

    def _head_html(self, spot: Spot, bot: str, rollouts: int, running: bool, table=None) -> str:
        from rules.core.bots import bot_words
        who_th, who_en = self.spec.game.seat_words(spot.seat)  # as the rows and the board name it
        bot_th, bot_en = bot_words(self.spec.id, bot)
        th, en = spot.where
        done = ""
        if table is not None and table.attrs.get("partial"):
            done = (f" · <b>ผลระหว่างทาง: ได้ {len(table)} จาก {table.attrs['actions']} ตัวเลือก / so far: "
                    f"{len(table)} of {table.attrs['actions']} choices scored</b>")
        if table is not None and table.attrs.get("cancelled"):
            done = (f" · <b>ยกเลิก: ได้ {len(table)} จาก {table.attrs['actions']} ตัวเลือก / cancelled: "
                    f"{len(table)} of {table.attrs['actions']} choices scored</b>")
        state = "กำลังลองเล่น… / playing out…" if running else ""
        return (f'<div style="font-family:{THAI_FONT}"><b>{e(th)}</b> <span class="kl-muted">/ {e(en)}</span> · '
                f"ตัดสินใจ / deciding: <b>{e(who_th)}</b> / {e(who_en)} · ทุกตัวเลือกลองเล่นต่อจนจบ {rollouts} ครั้ง บอท{e(bot_th)} "
                f"ทุกที่นั่ง seed ชุดเดียวกันทุกตัวเลือก / every choice played out {rollouts} times by '{e(bot_en)}' "
                f"bots at every seat, the same seeds for every choice; the number is the deciding seat's win rate "
                f"with its 95% Wilson interval {state}{done}</div>")

    def _show(self, spot: Spot, table) -> None:
        """Draw the result: a shaded board and the table (hex games), or the table."""
        spec = self.spec
        if not len(table):
            self.out.value = message_html("ยังไม่มีตัวเลือกที่ลองเล่นครบ", "no choice was played out yet", tone="missing")
            self._set_board(None)
            return
        if spec.analysis_board is not None and spec.action_cell is not None:
            by_cell = cell_scores(table, spec.action_cell)
            listed = list(table.itertuples())
            lo, hi = scale_of(listed[rows[0]].value for rows in by_cell.values())
            span = (hi - lo) or 1.0
            fills, titles = {}, {}
            for cell, rows in by_cell.items():
                fills[cell] = shade((listed[rows[0]].value - lo) / span)
                titles[cell] = "\n".join(row_text(listed[i]) for i in rows)
            from .page import observation
            obs = observation(spec.game, spot.state, None)  # the map is public: a spectator's view
            self._set_board(spec.analysis_board(spot.state, obs, fills, titles))
            cells = {i: cell_text(spec.action_cell(a)) for i, a in enumerate(table["action"])}
            self.out.value = (legend_html(lo, hi) if by_cell else "") + table_html(table, cells)
        else:
            self.out.value = table_html(table)

    def _set_board(self, board) -> None:
        from .page import close_tree
        for old in self.board_box.children:
            close_tree(old)
        self.board_box.children = [board] if board is not None else []

    def position_changing(self) -> None:
        """The page is about to leave the position on screen (a move of the reader's): an analysis
        still running for it is cancelled before the move is worked out, not after (its rollouts
        and the move's redraw share one interpreter)."""
        if self.panel is not None and self.runner.running:
            self.runner.cancel.set()

    def follow(self) -> None:
        """Mark the shown result as stale when the page has moved to another position (cheap when
        the panel was never opened), and cancel an analysis still running for a position no longer
        on screen: its answer would be stale, and its work slowed the reader's next move."""
        if self.panel is None:
            return
        if self.runner.running and self.running_spot is not None and self.spot().key != self.running_spot.key:
            self.runner.cancel.set()
        if self.result_spot is None:
            return
        now = self.spot().key
        if now != self.result_spot.key:
            th, en = self.result_spot.where
            self.stale.value = message_html(
                f"ตำแหน่งบนจอเปลี่ยนแล้ว ผลนี้เป็นของ: {th} กด 'วิเคราะห์ตำแหน่งนี้' เพื่อดูตำแหน่งใหม่",
                f"the position on screen has changed; this result is for: {en}. Press 'analyse this position' "
                "for the new one", tone="missing")
        else:
            self.stale.value = ""

