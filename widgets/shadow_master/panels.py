"""Shadow Master's board picture and panels (its board view's parts; :mod:`.board` wires them).

Pure drawing, no rule: every number comes from the engine (``GAME.observe`` /
``state_to_json``, :mod:`rules.shadow_master.board` for groups) and is only laid out here.

* :class:`SMBoard`: a :class:`~widgets.hexboard.HexBoard` of one player count's board with
  :meth:`SMBoard.show` (tokens, cell tints, outlines, highlights, per-cell labels);
* :func:`players_html`: one card per seat (cash, deposits per kingdom, Kingdom Powers, Territory
  cards or their count, Power Limit with where each +1 comes from, Shadow Master cards, value);
* :func:`kingdoms_html`: Rank, tokens, supply, alliance and Power deck per kingdom colour;
* :func:`status_html`: round, First Player, whose move and what is owed.

Hidden information: the panels are drawn from an observation; a hand is listed only when the
observation holds it (``hand`` is ``None`` for a hand the viewer may not see; once the game is
over the engine's observation holds every hand).
"""
from __future__ import annotations

import html
from functools import lru_cache
from typing import Iterable, Mapping

import ipywidgets as w

from rules.core.rulebook import load_rulebook
from rules.shadow_master import board as smb
from rules.shadow_master.tables import tables

from ..errors import THAI_FONT
from ..hexboard import HexBoard
from ..mobile import PHONE_MAX_WIDTH
from ..page import acting
from .live_board import COLOUR_CSS, LABEL_SCALE, OUTLINE_CSS
from .labels import FIRST_PLAYER, PENDING_TH, STAGE_TH, STEP_TH, words
from .labels import seat_label as seat_name

CASTLE_MARK = "♜"

LIMIT_TH = {
    "base": ("ฐาน (ค่าสันนิษฐาน)", "base (assumed)"),
    "all_colours": ("ครบทุกสีบนกระดาน", "all colours on the board"),
    "five_black": ("โทเคนดำ 5 ตัว", "5 black tokens"),
    "rank15": ("อาณาจักรถึง Rank 15", "a kingdom at Rank 15"),
    "king": ("King", "King"),
    "queen_king": ("Queen + King สีเดียวกัน", "Queen + King of one colour"),
    "land_land": ("Land + Land สีเดียวกัน", "Land + Land of one colour"),
}
"""Labels of the engine's Power Limit sources (``powers.limit_sources``)."""

CSS = f"""<style>
.kl-sm {{ font-family: {THAI_FONT}; font-size: 14px; line-height: 1.45; }}
.kl-sm .kl-seats {{ display: flex; flex-wrap: wrap; gap: 8px; }}
.kl-sm .kl-seat {{ border: 2px solid #ccc; border-radius: 8px; padding: 6px 8px; min-width: 200px;
  max-width: 300px; background: #fafafa; flex: 1 1 220px; }}
.kl-sm .kl-seat.turn {{ border-color: #1e63c6; }}
.kl-sm .kl-seat.acting {{ background: #fff4cc; }}
.kl-sm .kl-seat.out {{ opacity: .55; }}
.kl-sm .kl-chip {{ display: inline-block; border-radius: 5px; padding: 0 6px; margin: 1px 2px;
  font-size: 13px; border: 1px solid #0003; }}
.kl-sm .kl-dot {{ display: inline-block; width: 11px; height: 11px; border-radius: 6px;
  border: 1px solid #444; vertical-align: -1px; margin-right: 3px; }}
.kl-sm .kl-card {{ display: inline-block; border: 1px solid #8d7b5a; border-radius: 4px; padding: 0 4px;
  margin: 1px; background: #fffaf0; font-family: monospace; font-size: 12px; }}
.kl-sm .kl-card.back {{ background: #9e9e9e; color: #fff; }}
.kl-sm .kl-limit li {{ margin: 0; }}
.kl-sm .kl-limit {{ margin: 2px 0 2px 18px; padding: 0; font-size: 13px; }}
.kl-sm code {{ font-size: 11px; color: #555; }}
.kl-sm table {{ border-collapse: collapse; }}
.kl-sm td, .kl-sm th {{ padding: 1px 6px; text-align: right; }}
.kl-sm td:first-child, .kl-sm th:first-child {{ text-align: left; }}
.kl-sm .kl-ledger {{ background: #fff4cc; border-left: 3px solid #e0a800; padding: 1px 6px;
  margin-top: 3px; font-size: 13px; }}
.kl-sm .kl-muted {{ color: #666; font-size: 12px; }}
/* on a phone the map (board_widget_box) takes the column's whole width: its flex basis was its
   content's (an SVG's default 300 px), so it drew 300 px wide in a 362 px column, its labels 8 px */
@media (max-width: {PHONE_MAX_WIDTH}px) {{
  .kl-sm-map {{ flex: 1 1 100% !important; width: 100% !important; }}
}}
</style>"""


def style() -> w.HTML:
    """The CSS of these panels and of the rule clauses, once per view (not in every value)."""
    from ..rulepanel import PANEL_CSS
    return w.HTML(PANEL_CSS + CSS, layout=w.Layout(display="none"))


def e(text) -> str:
    """HTML-escaped text."""
    return html.escape(str(text))


def _tint(hex_colour: str, amount: float = 0.35, base: str = "#f3eddc") -> str:
    """``hex_colour`` mixed into the board's ``base`` colour (a light cell background)."""
    a = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(y + (x - y) * amount):02x}" for x, y in zip(a, b))


def css(colour: str) -> str:
    """Display colour of a token colour."""
    return COLOUR_CSS.get(colour, "#999999")


def colour_label(board, colour: str) -> str:
    """``"แดง / red"`` (Thai, then English, as every label of the pages)."""
    return f"{board.colour_th.get(colour, colour)} / {colour}"


def dot(colour: str) -> str:
    """A small round swatch of a token colour."""
    return f'<span class="kl-dot" style="background:{css(colour)}"></span>'


def colour_html(board, colour: str) -> str:
    """Swatch and Thai name of a colour."""
    return f'{dot(colour)}{e(board.colour_th.get(colour, colour))}'


def silver(amount: int) -> str:
    """``"23 Silver (2 Gold 3 Silver)"``; 10 Silver = 1 Gold (clause ``money.gold``)."""
    g, s = divmod(int(amount), 10)
    return f"{amount} Silver" + (f" <span class='kl-muted'>({g} Gold {s} Silver)</span>" if g else "")


@lru_cache(maxsize=None)
def _clause_text(cid: str) -> str:
    try:
        return load_rulebook("shadow_master").clause(cid).text_th.strip()
    except Exception:  # noqa: BLE001 - a missing clause only loses a tooltip
        return ""


@lru_cache(maxsize=None)
def _clause_title(cid: str) -> str:
    """A clause named for a reader: its title in the rulebook (``"การเพิ่มแบบถาวร"``, Thai, and
    ``/ English`` when the file gives one), never its id; ``""`` when it has none."""
    try:
        th, en = load_rulebook("shadow_master").clause_title(cid)
    except Exception:  # noqa: BLE001 - a missing clause only loses its name
        return ""
    return f"{th} / {en}" if en and en != th else th



X_FILL = "#e4ddf0"
"""Background of the alliance (X) cells, drawn as a strip below the map."""


def x_strip(board: smb.Board) -> dict[str, tuple[int, int]]:
    """Axial hexes of the alliance cells ``X1``...: a row two rows below the map, every other
    hex (they touch neither the map nor each other: X cells have no neighbours,
    ``board.alliance_cells``).  Drawing only."""
    hexes = list(board.hex_of.values())
    r = max(h[1] for h in hexes) + 2
    left = min(h[0] + h[1] / 2 for h in hexes)  # leftmost column, in hex widths
    q0 = int(-(-(left - r / 2) // 1))  # ceil
    return {x: (q0 + 2 * i, r) for i, x in enumerate(board.x_cells)}


def alliances_of(obs_or_state) -> dict[str, list[str]]:
    """``{X cell: [colour, ...]}`` from an observation / ``state_to_json`` dict (key
    ``alliances``) or from a state (``state.alliances`` by ``board.x_cells``)."""
    if isinstance(obs_or_state, Mapping):
        return {x: list(cs) for x, cs in (obs_or_state.get("alliances") or {}).items()}
    return {x: list(cs) for x, cs in zip(obs_or_state.board.x_cells, obs_or_state.alliances)}


class SMBoard(HexBoard):
    """The hex board of a Shadow Master :class:`~rules.shadow_master.board.Board`, with the
    alliance cells (``X1``...) as a small strip of hexes below the map.

    ``show(position, castles=..., outlines=..., highlights=..., fills=..., labels=...,
    alliances=...)`` draws a :class:`~rules.shadow_master.board.Position` (tokens as stacks,
    occupied cells tinted) and the alliance tokens in the X cells (one dot per colour); cells
    (map and X) are named (``"K1"``, ``"X2"``) in :meth:`cell_name` for click callbacks.
    """

    def __init__(self, board: smb.Board, size: float = 20.0, width: int = 420, **kwargs):
        kwargs.setdefault("label_scale", LABEL_SCALE)
        self.sm_board = board
        self.x_hex = x_strip(board)
        self.hex_of = {**board.hex_of, **self.x_hex}
        self.name_of = {h: n for n, h in self.hex_of.items()}
        self._labels = {c: c for c in self.hex_of}
        super().__init__(list(self.hex_of.values()), size=size,
                         labels={h: c for c, h in self.hex_of.items()}, width=width, **kwargs)

    def cell_name(self, h) -> str:
        """Axial hex -> cell name (a map cell or an X cell)."""
        return self.name_of[tuple(h)]

    def set_labels(self, labels: Mapping[str, str]) -> None:
        """Per-cell label text (``{cell: text}``; missing cells show their name).  The geometry
        is re-sent only when a label changed."""
        full = {c: str(labels.get(c, c)) for c in self.hex_of}
        if full != self._labels:
            self._labels = full
            self.set_cells(list(self.hex_of.values()), {self.hex_of[c]: t for c, t in full.items()})

    def show(self, position: smb.Position, castles: Iterable[str] = (),
             outlines: Iterable[tuple[Iterable[str], str, str]] = (), highlights: Iterable[str] = (),
             fills: Mapping[str, str] | None = None, labels: Mapping[str, str] | None = None,
             alliances: Mapping[str, Iterable[str]] | None = None) -> None:
        """Draw ``position``.  ``outlines``: ``[(cells, token colour or css, title)]``;
        ``fills``: cell backgrounds replacing the colour tints where given; ``alliances``:
        ``{X cell: [colour, ...]}`` (from the engine's observation)."""
        b = self.sm_board
        stacks, tints = {}, {h: X_FILL for h in self.x_hex.values()}
        for name, (colour, n) in position.items():
            h = b.hex_of[name]
            stacks[h] = (css(colour), n)
            tints[h] = _tint(css(colour))
        for name, fill in (fills or {}).items():
            if name in self.hex_of:
                tints[self.hex_of[name]] = fill
        lines = []
        for cells, colour, title in outlines:
            stroke = OUTLINE_CSS.get(colour, COLOUR_CSS.get(colour, colour))
            lines.append(([b.hex_of[c] for c in cells if c in b.hex_of], stroke, title))
        marks = dict(labels or {})
        for c in castles:
            marks[c] = f"{marks.get(c, c)} {CASTLE_MARK}"
        self.set_labels(marks)
        pips = {self.x_hex[x]: [css(c) for c in cs] for x, cs in (alliances or {}).items() if x in self.x_hex}
        self.update(fills=tints, stacks=stacks, outlines=lines, pips=pips,
                    highlights=[self.hex_of[c] for c in highlights if c in self.hex_of])


def limit_html(p: Mapping) -> str:
    """Power Limit with its sources (from the engine's ``power_limit_sources``)."""
    items = []
    for label, n, clause in p.get("power_limit_sources", []):
        th, en = LIMIT_TH.get(label, (label, label))
        # the clause by its rulebook title (its text as the tooltip), its id only in data-clause:
        # a fresh reader met "power_limit.definition" under every bullet
        title = _clause_title(clause)
        rule = (f' <span class="kl-muted kl-limit-rule"><span style="white-space:nowrap">· ตามกติกา / rule:</span> '
                f'{e(title)}</span>' if title else "")
        items.append(f'<li data-clause="{e(clause)}" title="{e(_clause_text(clause))}">+{int(n)} {e(th)} '
                     f'<span class="kl-muted">{e(en)}</span>{rule}</li>')
    held = len(p.get("powers", []))
    return (f'<div>Power Limit: ถือ <b>{held}</b> / ได้ <b class="kl-limit-total">{p.get("power_limit", 0)}</b>'
            f' <span class="kl-muted">(held / limit)</span></div><ul class="kl-limit">{"".join(items)}</ul>')


def seat_html(board, seat: int, p: Mapping, viewer: int | None, turn_seat: int | None, acting: bool,
              ledger: Iterable[str] = ()) -> str:
    """One seat's card from its observation entry ``p``."""
    kind_th = tables().powers.kind_th
    persons = tables().shadow.persons
    cls = ["kl-seat"] + (["turn"] if seat == turn_seat else []) + (["acting"] if acting else []) \
        + (["out"] if p.get("out") else [])
    head = f"<b>{e(seat_name(seat))}</b>" + (" · คุณ / you" if seat == viewer else "") \
        + (" · <b>ออกจากเกม / out</b>" if p.get("out") else "")
    deposits = [f'{colour_html(board, c)} {n}' for c, n in p.get("deposits", {}).items() if n]
    dep_total = sum(p.get("deposits", {}).values())
    powers = [f'<span class="kl-chip" style="background:{_tint(css(c), 0.45)}" title="{e(c)} {e(k)}">'
              f'{dot(c)}{e(kind_th.get(k, k))}</span>' for c, k in p.get("powers", [])]
    hand = p.get("hand")
    if hand is None:
        cards = (f'<span class="kl-card back">?</span> × {p.get("hand_size", 0)} '
                 '<span class="kl-muted">(ซ่อน / hidden)</span>')
    else:
        # a space between the chips: their text read "A4I6M3M4X" run together (copied, read aloud)
        cards = " ".join(f'<span class="kl-card">{e(c)}</span>' for c in hand) or "-"
    shadow = [e(persons[x].name_en if x in persons else x) for x in p.get("persons", [])]
    shadow += [f"Castle #{n}" for n in p.get("castles", [])]
    rows = [
        f"<div>{head}</div>",
        f'<div>เงินสด / cash: <b class="kl-cash">{silver(p.get("cash", 0))}</b></div>',
        f'<div>เงินฝาก / deposits ({dep_total}): {" · ".join(deposits) or "-"}</div>',
        f'<div>Kingdom Power: {"".join(powers) or "-"}</div>',
        limit_html(p),
        f'<div>Territory ({p.get("hand_size", 0)}/{p.get("territory_limit", "?")}): {cards}</div>',
    ]
    if shadow:
        rows.append(f'<div>Shadow Master: {", ".join(shadow)}</div>')
    rows.append(f'<div class="kl-muted">มูลค่าตอนนี้ / value now: {p.get("value", 0)} Silver</div>')
    ledger = list(ledger)
    if ledger:
        rows.append('<div class="kl-ledger">' + "<br>".join(ledger) + "</div>")
    return f'<div class="{" ".join(cls)}" data-seat="{seat}">{"".join(rows)}</div>'


def players_html(board, obs: Mapping, viewer: int | None = None,
                 ledger: Mapping[int, list[str]] | None = None, note: str = "") -> str:
    """Every seat's card from an observation (``GAME.observe(state, viewer)``)."""
    turn_seat = obs["turn"]["seat"] if obs.get("turn") else None
    now = acting(obs)  # the engine's "current" (whose decision it is)
    cards = [seat_html(board, i, p, viewer, turn_seat, i in now, (ledger or {}).get(i, ()))
             for i, p in enumerate(obs["players"])]
    extra = f'<div class="kl-muted">{note}</div>' if note else ""
    return f'<div class="kl-sm">{extra}<div class="kl-seats">{"".join(cards)}</div></div>'


def kingdoms_html(board, obs: Mapping) -> str:
    """A table per kingdom colour: Rank, tokens on the map, supply, X cell, Power deck."""
    x_of = {c: x for x, cs in obs.get("alliances", {}).items() for c in cs}
    rows = []
    for c in board.colours:
        deck = obs.get("power_decks", {}).get(c, {})
        rows.append(
            f'<tr><td>{colour_html(board, c)} <span class="kl-muted">{e(c)}</span></td>'
            f'<td class="kl-rank" data-colour="{e(c)}"><b>{obs["rank"].get(c, 0)}</b></td>'
            f'<td class="kl-tokens" data-colour="{e(c)}">{obs["tokens_on_board"].get(c, 0)}</td>'
            f'<td>{obs["supply"].get(c, 0)}</td><td>{e(x_of.get(c, "-"))}</td>'
            f'<td>{sum(deck.values())}</td></tr>')
    rows.append(f'<tr><td>{dot(board.black)}ดำ <span class="kl-muted">black</span></td><td>-</td>'
                f'<td class="kl-tokens" data-colour="{e(board.black)}">{obs["tokens_on_board"].get(board.black, 0)}'
                f'</td><td>{obs.get("black_supply", 0)}</td><td>-</td><td>-</td></tr>')
    return ('<div class="kl-sm"><table class="kl-kingdoms"><tr><th>อาณาจักร / kingdom</th><th>Rank</th>'
            '<th>โทเคน / tokens</th><th>เหลือ / supply</th><th>X</th><th>การ์ด Power / deck</th></tr>'
            + "".join(rows) + "</table></div>")


def _whole(thai: str) -> str:
    """``thai`` escaped, each space-separated phrase kept on one line (never cut inside a word)."""
    return " ".join(f"<span style='white-space:nowrap'>{e(w)}</span>" for w in thai.split(" "))


def status_html(board, obs: Mapping) -> str:
    """Round, First Player, stage and step, the dice, an owed decision, end trigger; once the
    observation says the game is over (``current == "terminal"``), only that it is over (the
    winners and why are :func:`widgets.shadow_master.board.game_over_html`'s)."""
    parts = [f'รอบ / round <b>{obs["round"]}</b>', f'{" / ".join(FIRST_PLAYER)}: {e(seat_name(obs["first_player"]))}']
    if obs.get("current") == "terminal":  # the engine says the game is over: no stage, turn or "end is near" left
        parts.append("<b class='kl-over'>เกมจบแล้ว / the game is over</b>")
        return f'<div class="kl-sm kl-status">{" · ".join(parts)}</div>'
    th, en = words(STAGE_TH, obs["stage"])
    # each Thai phrase whole: the browser's Thai dictionary cut the loanword "เทิร์น" ("เทิร์" / "น") at 390 px
    parts.append(f"{_whole(th)} / <span class='kl-muted'>{e(en)}</span>")
    t = obs.get("turn")
    if t and obs["stage"] == "turn":
        sth, sen = words(STEP_TH, t["step"])
        parts.append(f'ตาของ{e(seat_name(t["seat"]))}: {_whole(sth)} / <span class="kl-muted">{e(sen)}</span>')
        if t.get("dice"):
            parts.append("เต๋า / dice: " + " ".join(colour_html(board, c) for c in t["dice"]))
        if t.get("military"):
            parts.append("Military: " + colour_html(board, t["military"]))
    if obs.get("queue"):
        q = obs["queue"][0]
        qth, qen = words(PENDING_TH, q["kind"])
        parts.append(f'<b>ค้าง / owed:</b> {e(seat_name(q["seat"]))} {e(qth)} <span class="kl-muted">{e(qen)}</span>')
    if obs.get("chance"):
        parts.append("รอผลสุ่ม / waiting for chance")
    if obs.get("end_triggered"):
        parts.append(f'<b>ช่วงจบเกม: รอบสุดท้ายคือ {obs.get("last_round")}</b> / '
                     f'<span class="kl-muted">the end is near: the last round is {obs.get("last_round")}</span>')
    return f'<div class="kl-sm kl-status">{" · ".join(parts)}</div>'


def board_widget_box(hexboard: SMBoard, *side: w.Widget) -> w.HBox:
    """The board and a side column, wrapping on narrow screens."""
    # the board's own layout is set: a new Layout in its place left the default one open (a widget
    # in the kernel and the browser per board, never closed)
    with hexboard.layout.hold_sync():
        hexboard.layout.flex, hexboard.layout.min_width = "0 1 440px", "300px"
    hexboard.add_class("kl-sm-map")  # (before it is shown: a phone's CSS widens it, :data:`CSS`)
    return w.HBox([hexboard, w.VBox(list(side), layout=w.Layout(flex="1 1 320px", min_width="280px"))],
                  layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))

