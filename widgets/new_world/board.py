"""The New World map: an SVG hex board drawn from ``observe(state, viewer)`` only, with the score
table, the breakdown by source and what the current frame's events decided (the group a farm joined
outlined, a settlement's influence table with the closer last, the counts that moved a castle).

Hidden tiles never reach the browser: the board shows placed tiles (public), the viewer's own hand
from its own observation, and for everyone else only how many tiles they hold."""
from __future__ import annotations

import html
from typing import Mapping

import ipywidgets as w

from rules.new_world import GAME
from rules.new_world.labels import (CELL_KIND, COUNT_NAMES, COVERED_NAME, INFLUENCE_NAME, cell_place_name, count_name, mission_name, public_points_name,
                                   tile_id_name)
from rules.new_world.tiles import COVERED, NAMES

from .. import labels
from ..errors import count_en
from rules.core import hexgrid

from ..errors import error_html, safe
from ..hexboard import HexBoard, parse_cell_id, rings_path
from ..page import BoardView, Shown, acting, close_tree
from .labels import SOURCE_LABELS

SEAT_COLOURS = ("#d1495b", "#2e86ab", "#f0a202", "#6a4c93")
ICON_FILL = {"blank": "#f3eddc", "food": "#f6dd9c", "energy": "#cfe8b0", "settlement": "#f2c4c0",
             "water": "#9cc7dd", "cathedral": "#c9b3e6", "castle": "#8d8d8d", "tower": "#5f6b73"}
COVERED_FILL = "#4a4a4a"
COVERED_MARK = "▼"
"""The mark on the covered cells' swatch in the map's key (:func:`legend_html`): a tile turned face
down.  The swatch is the board's near-black :data:`COVERED_FILL` (true to the map), framed and
marked so a reader does not take it for a black blot or a missing colour (a fresh user's finding)."""
TILE_TEXT = {"food": "อ", "energy": "พ"}
"""A farm tile's letter (อาหาร / พลังงาน); a settlement tile shows its influence."""

CSS = """<style>
.kl-nw table { border-collapse: collapse; margin: 4px 0; }
.kl-nw td, .kl-nw th { border: 1px solid #ccc; padding: 1px 6px; text-align: right; font-size: 13px; }
.kl-nw tr.acting { background: #fff4cc; }
.kl-nw th.kl-sources { text-align: center; }
.kl-nw ul.kl-nw-missions { margin: 2px 0; padding-left: 20px; }
.kl-nw-public li { font-size: 13px; line-height: 1.35; margin-bottom: 3px; }
.kl-nw-map path.kl-outline[stroke="#1f6fb2"] { stroke-width: 6; }
.kl-nw .kl-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
.kl-nw .kl-decide { background: #f4f8ee; border-left: 4px solid #6a994e; padding: 3px 8px; margin: 4px 0; }
.kl-nw-scores { overflow-x: auto; max-width: 100%; }
/* on a phone the score table turns on its side (score_html): a column a seat, a row a count */
.kl-nw .kl-nw-score-tall { display: none; }
.kl-nw .kl-nw-score-tall th { text-align: left; font-weight: normal; }
.kl-nw .kl-nw-score-tall .acting { background: #fff4cc; }
.kl-nw .kl-nw-score-tall th.kl-sources { font-weight: bold; background: #f6f6f6; }
.kl-nw .kl-nw-score-tall tr > th:first-child { overflow-wrap: anywhere; }
@media (max-width: 640px) {
  /* coordinates written in the cells read at ~9 px only on a map 2.4 times the column (scrolled) */
  .kl-nw-board .kl-nw-map.kl-hex-coords .kl-hex-box { overflow-x: auto; }
  .kl-nw-board .kl-nw-map.kl-hex-coords svg.kl-hexboard { width: 240% !important; max-width: none !important; }
  .kl-nw .kl-nw-score-box { display: none; }
  .kl-nw .kl-nw-score-tall { display: block; }
  .kl-nw .kl-nw-score-tall td, .kl-nw .kl-nw-score-tall th { padding: 1px 4px; }
}
.kl-nw-map { min-width: 0; }
.kl-nw-legend { font-size: 12px; line-height: 1.6; margin: 2px 0 6px; }
.kl-nw-preset { font-size: 13px; background: #fff8e1; border-left: 4px solid #f0a202; padding: 2px 6px; margin: 2px 0; }
.kl-nw-legend .kl-nw-legend-item { display: inline-block; margin-right: 12px; }
.kl-nw-legend .kl-swatch { width: 12px; height: 12px; vertical-align: -1px; border: 1px solid #999; }
/* the covered cells' swatch: the map's dark fill inside a white ring and a grey frame, its mark in white */
.kl-nw-legend .kl-swatch.kl-nw-covered { width: 16px; height: 16px; vertical-align: -4px; border: 2px solid #999;
  box-shadow: inset 0 0 0 2px #fff; box-sizing: border-box; color: #fff; font-size: 8px; line-height: 12px;
  text-align: center; }
.kl-nw-chart { overflow-x: auto; max-width: 100%; }
</style>"""
MAP_BASIS, SIDE_BASIS, SIDE_MAX = "440px", "320px", "480px"
"""The map and the panel beside it share a row when the column has room for both (the map takes
what is left, up to :data:`MAP_MAX` px); in a narrower column (a section beside its rulebook text at
1280 px, a phone at 390 px) the panel wraps below and the map takes the column's whole width."""
MAP_MAX = 1100


def e(x) -> str:
    return html.escape(str(x))


SHORT_NAME = 8
"""A place's label on the map is its name up to this many letters (a cell is ~36 px wide)."""
SMALL_WORDS = frozenset({"of", "the", "and", "on", "upon", "in", "at", "st"})
"""Words a cut label does not end on ("Hill of…" reads as a fragment: "Hill…"), nor is made of alone ("St…")."""
CUT_MARK = "…"
"""Every cut label ends in "…", cut between words ("Eilean…") or inside a word ("Edinbu…"): a "."
there read as a whole word and a full stop ("Dunnot.", "St And." read "St and.": a fresh user)."""


def cut_name(name: str, k: int) -> str:
    """``name`` in at most about ``k`` letters: whole when it fits; else its longest run of whole
    words that fits with "…" (not ending on a :data:`SMALL_WORDS` word); else, a name with no such
    run (one long word, "St Andrews"), its first ``k - 1`` letters and "…" (:data:`CUT_MARK`)."""
    if len(name) <= k:
        return name
    words = name.split()
    for j in range(len(words) - 1, 0, -1):
        head = " ".join(words[:j])
        if len(head) + len(CUT_MARK) <= k and words[j - 1].lower() not in SMALL_WORDS:
            return head + CUT_MARK
    return name[:k - 1].rstrip() + CUT_MARK


def short_names(names: list[str]) -> list[str]:
    """Each name as the map writes it (:func:`cut_name`): whole when short, else cut between words
    ("Eilean…", "Hill…") or, with no whole word to keep, its first letters and "…" (at least 6), each
    cut grown until no two labels of the map are the same.  The first three letters gave "Dou",
    "Dor", "Urq", "St": unreadable, and "Dun" four times over; a cut at a fixed length gave "Hill o."
    and "Christ." (ending inside "of", after "Christ" with no mark of the word cut off).  The hover
    shows the whole name."""
    cut = {n: n if len(n) <= SHORT_NAME else cut_name(n, SHORT_NAME - 1) for n in names}
    for k in range(SHORT_NAME, max(map(len, names), default=0) + 1):
        clash = {v for v in cut.values() if sum(1 for x in set(names) if cut[x] == v) > 1}
        if not clash:
            break
        cut.update({n: cut_name(n, k) for n in names if cut[n] in clash})
    return [cut[n] for n in names]


def name_labels(named: Mapping) -> dict:
    """``{cell: label}`` of the named places ``{cell: name}`` of one map (:func:`short_names`):
    the play map's labels and the map editor's board are written by this one function."""
    return dict(zip(named, short_names([str(n) for n in named.values()])))


def static_labels(board) -> dict:
    named = [i for i, ic in enumerate(board.icon) if ic in ("castle", "cathedral", "tower")]
    out = name_labels({board.cells[i]: board.names[i] for i in named})
    for i in range(len(board.icon)):
        if i not in named and (i in board.harbour or i in board.offshore):
            out[board.cells[i]] = "+1"
    return out


def cell_titles(board) -> dict:
    """Hover text (and tapped-cell caption) of every cell: the engine's name of the cell, the words
    the moves use (:func:`rules.new_world.labels.cell_place_name`: its kind, its own name, the named
    places it touches, then ``(q, r)``), Thai / English."""
    out = {}
    for i, h in enumerate(board.cells):
        th, en = cell_place_name(board, i)
        out[h] = f"{th} / {en}"
    return out


def legend_html(board) -> str:
    """The map's colour key: a swatch of each colour the map paints an empty cell (:data:`ICON_FILL`,
    the kinds this ``board`` has), the covered cells' (:data:`COVERED_FILL`, a board with yellow
    cells; framed and marked with :data:`COVERED_MARK`), then what a placed tile shows
    (:data:`TILE_TEXT` letters, a settlement's influence); the words are the engine's
    (:data:`rules.new_world.labels.CELL_KIND`, ``COVERED_NAME``, :func:`tile_id_name`).  The players' colours are the score table's."""
    def key(fill: str, words, mark: str = "", cls: str = "") -> str:
        sw = f"<span class='kl-swatch{cls}' style='background:{fill}'>{mark}</span>"
        return f"<span class='kl-nw-legend-item'>{sw}{both(words)}</span>"
    kinds = [k for k in ICON_FILL if k in set(board.icon)]
    keys = [key(ICON_FILL[k], CELL_KIND[k]) for k in kinds]
    if board.yellow:  # framed and marked (:data:`COVERED_MARK`), the words the engine's "face down"
        keys.append(key(COVERED_FILL, COVERED_NAME, f"<span aria-hidden='true'>{COVERED_MARK}</span>",
                        " kl-nw-covered"))
    tiles = [f"<span class='kl-nw-legend-item'><b>{e(letter)}</b> = {both(tile_id_name(t))}</span>" for t, letter in TILE_TEXT.items()]
    tiles.append(f"<span class='kl-nw-legend-item'><b>1–4</b> = {both(INFLUENCE_NAME)}</span>")
    return (f"<div class='kl-nw kl-nw-legend'><b>สีบนแผนที่ / map key:</b> {''.join(keys)}"
            f"<br><b>บนไทล์ / on a tile:</b> {''.join(tiles)}</div>")


LABEL_SCALE = 0.66
"""The place names' font size on a map as a share of a cell's ``size``
(:attr:`widgets.hexboard.HexBoard.label_scale`; 0.36 by default).  A fresh user read the play map's
names 6.1 px high at 390 px (the map 1.6 times the column, :data:`widgets.mobile.NEW_WORLD_PHONE_CSS`):
at 0.66 they read 11 px there and 14-15 px at 1280.  A name (cut to :data:`SHORT_NAME` letters) is
then about two cells wide; the named places (castles, cathedrals, towers) stand at least two cells
apart in a row, so no two names meet, and the names sit over the cells' tops, above the tokens."""


class NWMap(HexBoard):
    """The hex map of one side; :meth:`show` paints an observation."""

    def __init__(self, board, size: float = 21.0, width: int = MAP_MAX, **kwargs):
        kwargs.setdefault("label_scale", LABEL_SCALE)
        super().__init__(board.cells, size=size, labels=static_labels(board), width=width, **kwargs)
        self.nw_board = board
        self.set_titles(cell_titles(board))

    def show(self, obs: dict, outlines=(), highlights=()) -> None:
        b = self.nw_board
        fills, stacks, pips = {}, {}, {}
        for i, v in enumerate(obs["board"]):
            h = b.cells[i]
            if v == COVERED:
                fills[h] = COVERED_FILL
            elif v >= 0:
                seat, kind = v >> 3, NAMES[v & 7]
                fills[h] = SEAT_COLOURS[seat]
                if kind in TILE_TEXT:  # the farm's letter the map key promises (food / energy)
                    stacks[h] = (SEAT_COLOURS[seat], 1, TILE_TEXT[kind])
                else:
                    stacks[h] = (SEAT_COLOURS[seat], int(kind[1]))
            else:
                fills[h] = ICON_FILL[b.icon[i]]
        for k, holder in enumerate(obs["castles"]):
            if holder >= 0:
                pips[b.cells[b.castles[k]]] = [SEAT_COLOURS[holder]]
        for k, seats in enumerate(obs["cathedrals"]):
            if seats:
                pips[b.cells[b.cathedrals[k]]] = [SEAT_COLOURS[p] for p in seats]
        self.update(fills=fills, stacks=stacks, pips=pips,
                    outlines=list(outlines), highlights=list(highlights))


def seat_html(seat: int, seat_label) -> str:
    """A seat in a table: the page's (Thai) name, then the engine's English one (``/ player 1``)."""
    return labels.seat_html(seat_label(seat), GAME.seat_words(seat)[1])


def both(words: tuple[str, str]) -> str:
    """Engine words ``(th, en)`` as ``th <span>/ en</span>`` (escaped)."""
    return f"{e(words[0])} <span class='kl-muted'>/ {e(words[1])}</span>"


def mine_html(obs: dict, cards: str = "assumed") -> str:
    """The viewer's own hand and secret missions in the engine's words (``tile_id_name``,
    ``mission_name`` of the ``cards`` reading: ``state.config.mission_cards``), never their ids;
    ``""`` for a spectator."""
    if obs.get("hand") is None:
        return ""
    hand = " · ".join(both(tile_id_name(t)) for t in obs["hand"]) or both(("ไม่มี", "none"))  # all placed
    out = f"<div>ไทล์ในมือของคุณ / your hand: <b class='kl-hand'>{hand}</b></div>"
    if obs.get("my_missions"):
        items = "".join(f"<li>{both(mission_name(m, cards))}</li>" for m in obs["my_missions"])
        out += f"<div>ภารกิจลับ / secret missions:<ul class='kl-nw-missions'>{items}</ul></div>"
    return out


def public_html(obs: dict, seat_label, cards: str = "assumed") -> str:
    """Ireland's face-up public missions (``observe``'s ``public``; ``""`` when there are none, as
    in Scotland), each in the engine's words: what it asks (``mission_name``), what it scores
    (``public_points_name``), who has achieved it, in order (``public_done``), and whose double
    marker lies on it (``doubled``); all public information (ireland.public_missions)."""
    if not obs.get("public"):
        return ""
    items = []
    for k, card in enumerate(obs["public"]):
        done = obs["public_done"][k]
        who = ", ".join(e(seat_label(s)) for s in done) if done else None
        line = f"<li data-card='{e(card)}'>{both(mission_name(card, cards))}<br>{both(public_points_name(card, cards))}"
        line += ("<br>ทำได้แล้ว / achieved by: " + who) if who else ""
        marks = [s for s, d in enumerate(obs.get("doubled") or ()) if d == card]
        if marks:
            line += "<br>ป้ายคูณสอง / double marker: " + ", ".join(e(seat_label(s)) for s in marks)
        items.append(line + "</li>")
    return ("<div class='kl-nw kl-nw-public'><b>ภารกิจสาธารณะ / public missions</b>"
            f"<ul class='kl-nw-missions'>{''.join(items)}</ul></div>")


def score_html(obs: dict, seat_label) -> str:
    """The score table (total, the points by source, tiles in hand+pile, castles held now) and the
    winner; every heading is the engine's words (the viewer's hand and missions are
    :func:`mine_html`, drawn beside the map by :class:`NWBoardView`): the
    sources' ``ID_LABELS["source"]`` (via :data:`.labels.SOURCE_LABELS`) and ``count_name``."""
    now = acting(obs)
    head = "".join(f"<th>{e(v)}</th>" for v in SOURCE_LABELS.values())
    rows = []
    for seat, total in enumerate(obs["scores"]):
        cls = " class='acting'" if seat in now else ""
        src = obs["sources"][seat]
        sw = f"<span class='kl-swatch' style='background:{SEAT_COLOURS[seat]}'></span>"
        held = sum(1 for h in obs["castles"] if h == seat)
        rows.append(f"<tr{cls} data-seat='{seat}'><td style='text-align:left'>{sw}{seat_html(seat, seat_label)}</td>"
                    f"<td class='kl-score'><b>{total}</b></td>" + "".join(f"<td>{src[k]}</td>" for k in SOURCE_LABELS)
                    + f"<td>{obs['hand_sizes'][seat]}+{obs['pile_sizes'][seat]}</td>"
                    f"<td class='kl-held'>{held}</td></tr>")
    winners = ""
    if obs.get("winners"):
        winners = "<div><b>ผู้ชนะ / winner: " + e(", ".join(seat_label(s) for s in obs["winners"])) + "</b></div>"
    # the sources are points, the last column a count: one heading over the sources says so (both
    # said "ปราสาท / castles": the castles' points, added at the end, and the castles held now)
    words = {k: " / ".join(count_name(k)) for k in COUNT_NAMES}
    # the table scrolls in a box no wider than the column and shows that it does (kl-scroll): at
    # 390 px its missions column was cut off with no sign of more (a fresh user's finding)
    return ("<div class='kl-nw'><div class='kl-scroll kl-nw-score-box'><table>"
            f"<tr><th rowspan='2'>ผู้เล่น / player</th><th rowspan='2'>รวม / total</th>"
            f"<th colspan='{len(SOURCE_LABELS)}' class='kl-sources'>{e(words['points_by_source'])}</th>"
            f"<th rowspan='2'>{e(words['hand_pile'])}</th><th rowspan='2' class='kl-held'>{e(words['castles_held'])}</th></tr>"
            f"<tr>{head}</tr>" + "".join(rows) + f"</table></div>{tall_score_html(obs, seat_label)}{winners}</div>")


def tall_score_html(obs: dict, seat_label) -> str:
    """The score table on its side, for a phone (:data:`CSS` shows it at 640 px and less, in place of
    the wide one): a column a seat, a row a count, in the same words.  Ten columns of the wide table
    did not fit a 390 px screen even in a scroll box (its right half read as cut off, a fresh
    user's finding); a seat's column is a number wide, so four seats fit beside the words."""
    now = acting(obs)
    seats = range(len(obs["scores"]))
    cls = lambda s: " class='acting'" if s in now else ""  # noqa: E731
    heads = "".join(f"<th{cls(s)} data-seat='{s}'><span class='kl-swatch' style='background:{SEAT_COLOURS[s]}'></span>"
                    f"{seat_html(s, seat_label)}</th>" for s in seats)
    words = {k: " / ".join(count_name(k)) for k in COUNT_NAMES}

    def row(name: str, values, bold: bool = False) -> str:
        cells = "".join(f"<td{cls(s)}>{'<b>' + str(v) + '</b>' if bold else v}</td>" for s, v in zip(seats, values))
        return f"<tr><th>{e(name)}</th>{cells}</tr>"
    body = [row("รวม / total", obs["scores"], bold=True),
            f"<tr><th colspan='{len(seats) + 1}' class='kl-sources'>{e(words['points_by_source'])}</th></tr>"]
    body += [row(label, [obs["sources"][s][k] for s in seats]) for k, label in SOURCE_LABELS.items()]
    body += [row(words["hand_pile"], [f"{obs['hand_sizes'][s]}+{obs['pile_sizes'][s]}" for s in seats]),
             row(words["castles_held"], [sum(1 for h in obs["castles"] if h == s) for s in seats])]
    return (f"<div class='kl-scroll kl-nw-score-tall'><table><tr><th>ผู้เล่น / player</th>{heads}</tr>"
            + "".join(body) + "</table></div>")


def decided_html(events, seat_label) -> str:
    """What this frame's events decided, as tables: a settlement's ranking (closer last) and a
    castle's counts."""
    out = []
    for ev in events:
        d = ev.data
        if ev.kind == "settlement_scored" and d.get("size", 1) > 1:
            rows = "".join(f"<tr><td style='text-align:left'>{seat_html(s, seat_label)}{' (ปิดนิคม / closer)' if s == d['closer'] else ''}</td>"
                           f"<td>{inf}</td><td>{rank}</td><td>{pts}</td></tr>" for s, inf, rank, pts in d["table"])
            # the deciding clause's id in the tooltip only (a reader reads its words, never an id)
            tie = (" · <span title='scoring.settlement_tiebreak'>เสมอ: คนปิดแพ้ ที่เหลือตามเข็มนาฬิกา / a tie: the "
                   "closer loses, the others go clockwise</span>" if d.get("ties") else "")
            place_th, place_en = d["place"]  # the engine's words for its cells (its id is map data)
            out.append(f"<div class='kl-decide'>นิคม{e(place_th)} ({d['size']} ช่อง) / settlement "
                       f"{e(place_en)} ({d['size']} cells){tie}"
                       "<table><tr><th>ผู้เล่น / player</th><th>อิทธิพล / influence</th><th>อันดับ / rank</th><th>แต้ม / points</th></tr>"
                       f"{rows}</table></div>")
        elif ev.kind in ("castle_taken", "castle_tie") and d.get("counts"):
            rows = "".join(f"<tr><td style='text-align:left'>{seat_html(s, seat_label)}</td><td>{c[0]}</td><td>{c[1]}</td></tr>"
                           for s, c in enumerate(d["counts"]) if c[0])
            out.append(f"<div class='kl-decide'>ปราสาท {e(d['castle'])}: ครองโดย / held by {e(seat_label(d['holder']))}"
                       "<table><tr><th>ผู้เล่น / player</th><th>ไทล์ติด / tiles</th><th>ฟาร์มติด / farms</th></tr>"
                       f"{rows}</table></div>")
        elif ev.kind == "farm_scored":
            out.append(f"<div class='kl-decide'>กลุ่มฟาร์ม {d['points']} แผ่น = {d['points']} แต้ม / "
                       f"a farm group of {d['points']}: {count_en(d['points'], 'point')}</div>")
    return "<div class='kl-nw'>" + "".join(out) + "</div>" if out else ""


def outlines_of(board, events) -> list:
    """The farm group a tile joined and a scored settlement, outlined (``[(cells, colour, title)]``)."""
    out = []
    for ev in events:
        if ev.kind == "farm_scored" and ev.actor is not None:
            out.append(([tuple(c) for c in ev.data["cells"]], "#000", f"{ev.data['points']} แต้ม / points"))
        elif ev.kind == "settlement_scored" and "settlement" in ev.data:
            k = board.settlement_ids.index(ev.data["settlement"])
            out.append(([board.cells[i] for i in board.settlements[k]], "#7a0000", ev.text_en))
    return out


SWIPE_HINT = "↔ เลื่อนแผนที่ไปทางซ้าย-ขวา แตะช่องเพื่อดูชื่อช่อง / swipe the map sideways; tap a cell to see its name"
"""The line over the map while its box scrolls sideways (the play map on a phone is 1.6 times the
column, :data:`widgets.mobile.NEW_WORLD_PHONE_CSS`): a fresh user at 390 px saw no sign of more map."""
TAP_HINT = "แตะช่องเพื่อดูชื่อช่อง / tap a cell to see its name"
"""The line over a map whose place names are hidden as too small (:data:`MAP_MIN_LABEL_PX`: the example
maps at 390 px; :attr:`widgets.hexboard.HexBoard.small_hint`): a fresh user saw a map with no names and
no sign that a tap names a cell."""
TAPPED = "ช่องที่แตะ / cell tapped: "
"""Leads the line under the map naming the cell last tapped by the engine's words (:func:`cell_titles`):
moves name cells ``ช่อง (6, 2) / cell (6, 2)``, which the map showed only on hover (a phone has none).
Coordinates are written on the map only when the reader asks (:data:`COORDS_TOGGLE`): 230 cells of
~29 px already carry tiles, pips and place labels."""

MAP_MIN_LABEL_PX = 9.0
"""The play and scenario maps' place names (drawn at :data:`LABEL_SCALE`) drawn smaller than this (CSS
px) are hidden (:attr:`widgets.hexboard.HexBoard.min_label_px`); a tap names the cell.  At 390 px a
scenario's map fitted to the 362 px column would draw them 7 px high, each two 18 px cells wide (a
smudge): hidden, as before; the play map's (11 px there) and every map's at 1280 px (14 px) show."""
MIN_LABEL_PX = 5.0
"""The map editor's place labels (drawn at the default 0.36 of a cell) drawn smaller than this (CSS px)
are hidden (:attr:`widgets.hexboard.HexBoard.min_label_px`): at 390 px the editor's whole map fitted to
the column drew them 3.8 px high (a smudge of letters over 18 px cells).  The play and scenario maps
draw theirs larger and hide them below :data:`MAP_MIN_LABEL_PX`."""

COORDS_TOGGLE = "แสดงพิกัด / show coordinates"
"""The toggle beside the map that writes each cell's ``q,r`` on it (:meth:`NWBoardView.show_coords`)."""

CHOSEN_LINE = "#1f6fb2"
"""The outline of the cell the page's choice shows (a click on a highlighted cell chose it; "do" places
there); :data:`CSS` draws an outline of this colour thicker than a group's (it stands out among the
highlighted cells)."""


class NWBoardView(BoardView):
    """The map, the page's ``side`` widgets and the decisions beside it; the scores below.
    In play, the cells the reader may place on are highlighted; a click on one selects that placement
    (the page's dropdown shows it, the map outlines the cell) and the page's "do" button places there."""

    def __init__(self, spec, state, side=(), play=False, size: float = 21.0, **kwargs):
        super().__init__(spec, state, side, play, **kwargs)
        self.nw_board = state.board
        # the layout is given at construction: a Layout set afterwards left the default one open
        # (a widget in the kernel and the browser per view, never closed)
        self.map = NWMap(self.nw_board, size=size, layout=w.Layout(width="100%", min_width="0"),
                         scroll_hint=SWIPE_HINT, tap_names=TAPPED, min_label_px=MAP_MIN_LABEL_PX,
                         small_hint=TAP_HINT)
        self.map.on_click(self._clicked)
        self.scores, self.decided, self.public = w.HTML(), w.HTML(), w.HTML()
        # the reader's hand and missions head the column beside the map, over the decision: under
        # the score table they sat ~700 px below the map on a phone (a fresh user's finding)
        self.mine = w.HTML()
        self.mine.add_class("kl-nw-mine")
        self.message = None
        self._shown: Shown | None = None
        self._outlines: list = []  # the frame's outlines (as drawn) without the chosen cell's
        self.marked: dict | None = None  # the action the page's choice shows (its cell outlined)
        self.map.add_class("kl-nw-map")
        # Ireland's face-up public missions beside the map (everyone may score them at any placement)
        right = w.VBox([self.mine, *self.side, self.public, self.decided], layout=w.Layout(flex=f"1 1 {SIDE_BASIS}", min_width="0",
                                                                   max_width=SIDE_MAX))
        self.scores.add_class("kl-nw-scores")
        self.chart = w.VBox()
        self.chart.add_class("kl-nw-chart")
        self._chart_of = None
        # moves, rulings and the story name cells by coordinates ("ช่อง (6, 1)"): the toggle writes
        # each cell's q,r on the map (HexBoard.coords), off by default so the map stays uncluttered
        self.coords = w.ToggleButton(value=False, description=COORDS_TOGGLE, icon="map-marker",
                                     tooltip=COORDS_TOGGLE, layout=w.Layout(width="auto", align_self="flex-start"))
        self.coords.add_class("kl-nw-coords-toggle")
        self.coords.observe(lambda c: self.show_coords(c["new"]), names="value")
        # over the map: beside it (the column on its right) it sat ~900 px below the map on a phone
        # the colour key right under the map, in the map's column (a fresh user could not tell a food
        # cell from a settlement one); under the row it came after the column beside the map, which
        # wraps under the map on a phone: ~400 px of play controls between the map and its key
        self.legend = w.HTML(legend_html(self.nw_board))
        left = w.VBox([self.map, self.legend], layout=w.Layout(flex=f"1 1 {MAP_BASIS}", min_width="0"))
        self.children = [self.coords, w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%")),
                         self.scores, self.chart]
        self.add_class("kl-nw-board")

    def accepts(self, state) -> bool:
        return state.board is self.nw_board

    def show_coords(self, on: bool) -> None:
        """Write (``on``) or not each cell's ``q,r`` on the map; on a phone the map is then drawn
        wider in its sideways-scrolling box (:data:`CSS`, the view's class ``kl-hex-coords``) so they read."""
        self.map.coords = bool(on)

    def show(self, shown: Shown) -> None:
        self._shown = shown
        events = list(shown.now or [])
        cells = [(a["q"], a["r"]) for a in shown.legal if a.get("type") == "place"]
        with self.map.hold_sync():  # one message for the map, the chosen cell's outline included
            self.map.decision = shown.decision
            self.map.show(shown.obs, outlines=outlines_of(self.nw_board, events), highlights=cells)
            self._outlines = list(self.map.outlines)
            self.mark(shown.chosen)
        # a scenario that sets scores in its setup says so over the table (the engine's setup
        # event): 48 farm points beside a handful of tiles looked like a wrong count
        preset = "".join(f"<div class='kl-nw kl-nw-preset'>{e(ev.text_th)} <span class='kl-muted'>/ {e(ev.text_en)}</span></div>"
                         for ev in shown.session.setup_events if ev.kind == "scores_set")
        self.scores.value = preset + score_html(shown.obs, self.spec.seat_label)
        mine = mine_html(shown.obs, shown.state.config.mission_cards)
        self.mine.value = f"<div class='kl-nw'>{mine}</div>" if mine else ""
        self.decided.value = decided_html(events, self.spec.seat_label)
        self.public.value = public_html(shown.obs, self.spec.seat_label, shown.state.config.mission_cards)
        self._show_chart(shown)

    def _show_chart(self, shown: Shown) -> None:
        """Once the game is over, the end breakdown (a stacked bar per player per source, from the
        engine's ``score_breakdown``: :func:`.charts.breakdown_widget`) below the scores; gone
        again after an undo."""
        over = shown.obs.get("winners") is not None
        if over and self._chart_of is shown.state:
            return
        for old in self.chart.children:
            close_tree(old)
        self.chart.children, self._chart_of = (), None
        if over:
            from .charts import breakdown_widget
            self.chart.children = [breakdown_widget(self.spec.game.score_breakdown(shown.state))]
            self._chart_of = shown.state

    def mark(self, action) -> None:
        """Outline the cell of ``action`` (:data:`CHOSEN_LINE`; ``None`` or an action without a cell:
        no outline); only the map's ``outlines`` change (the frame's own are kept as drawn)."""
        self.marked = dict(action) if action else None
        cell = action_cell(action) if action else None
        chosen = []
        if cell is not None and cell in self.nw_board.index:
            chosen = [[rings_path(hexgrid.outline_rings([cell], self.map.size)), CHOSEN_LINE,
                       "เลือกอยู่ / chosen"]]
        self.map.outlines = self._outlines + chosen

    def _clicked(self, h) -> None:
        safe(self.message)(self._select_cell)(h)

    def _select_cell(self, h) -> None:
        """A click on cell ``h`` selects the placement there for the decision the clicked picture
        showed (:meth:`PlayTable.select`); a click on an older picture is refused calmly by the page."""
        shown = self._shown
        if not self.play or shown is None or shown.select is None:
            return
        decision = self.map.clicked_decision
        if decision != shown.decision:  # a click on an older picture (a late or double click)
            shown.select(decision, {})  # the page says calmly that the game moved on; nothing selected
            return
        here = [a for a in shown.legal if action_cell(a) == tuple(h)]
        if not here:  # the engine says why (each tile the reader may place, with its clause)
            refusals = self.spec.game.explain_cell(shown.state, shown.viewer, h[0], h[1])
            self.message.value = "".join(error_html(x) for x in refusals)
            return
        # with three tiles in hand ('draw 3', ireland.tower_draw_three) a cell takes several: the
        # tile chosen already stays chosen (the dropdown changes it), else the first the engine lists
        same = [a for a in here if self.marked and a.get("tile") == self.marked.get("tile")]
        shown.select(decision, (same or here)[0])

    def click(self, q: int, r: int) -> None:
        """As if the reader clicked cell (q, r) (tests and demos)."""
        self.map.click((q, r))


# ----------------------------------------------------------------------------- "what would the bots do here?"
def action_cell(a: Mapping) -> tuple[int, int] | None:
    """The map cell ``(q, r)`` a placement names, ``None`` for any other action."""
    return (a["q"], a["r"]) if a.get("type") == "place" else None


def analysis_board(state, obs: Mapping, fills: Mapping, titles: Mapping) -> NWMap:
    """A fresh map of ``state`` (the spectator's ``obs``: placed tiles only) with the analysed cells
    shaded (``fills``) and their scores as hover texts (``titles``)."""
    from ..bots_here import MUTED
    # the class at construction: the widget's opening message carries it (see the Shadow Master board)
    # names too small to read on a phone are hidden and a tap names the cell with its score (titles):
    # at 390 px this map's names drew ~7 px, a smudge over the shading, and a phone has no hover
    m = NWMap(state.board, size=15.0, width=560, layout=w.Layout(width="100%"), _dom_classes=("kl-bots-board",),
              min_label_px=MAP_MIN_LABEL_PX, tap_names=TAPPED, small_hint=TAP_HINT)
    m.show(obs)
    # placed tiles keep their seat's colour; the rest of the map is muted so the shaded cells stand out
    drawn = {parse_cell_id(cid): colour for cid, colour in m.fills.items()}
    placed = {state.board.cells[i] for i, v in enumerate(obs["board"]) if v >= 0 or v == COVERED}
    muted = {h: (colour if h in placed else MUTED) for h, colour in drawn.items()}
    m.update(fills={**muted, **dict(fills)})
    m.set_titles(titles)
    return m
