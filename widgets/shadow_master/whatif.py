"""The what-if board: for a chosen colour, every cell where a token could go, shaded by the
attack it would start and labelled with the tokens it would remove.

Every answer comes from :mod:`rules.shadow_master.whatif` (the engine applying the placement on
a copy of the state); this module only colours cells and writes the details of a clicked cell.
"""
from __future__ import annotations

from typing import Iterable, Mapping

import ipywidgets as w

from rules.core.rulebook import load_rulebook
from rules.core.saveload import start
from rules.core.scenario import load_scenario
from rules.shadow_master import GAME
from rules.shadow_master.attack import KIND_TH, REMOVE
from rules.shadow_master.whatif import Preview, overlay, preview_attack

from ..errors import error_html, safe
from ..page import SCENARIOS, close_tree
from ..rulepanel import clause_html
from .labels import rank_groups, seat_label
from .panels import SMBoard, alliances_of, board_widget_box, colour_html, colour_label, e, style

KIND_FILL = {
    "full_force": "#ef9a9a", "tempo": "#ffcc80", "first_strike": "#fff59d", "siege": "#ce93d8",
    "three_fronts": "#80deea", "none": "#cfd8dc", "quiet": "#e3f2e1", "capture": "#a5d6a7",
}
"""Cell background per what-if kind (``capture``: a castle would be captured)."""
ATTACK_EXAMPLES = ("attack_full_force", "attack_tempo", "attack_first_strike", "attack_siege", "three_fronts",
                   "alliance_attack", "attack_small_groups_no_fight", "siege_collapse_deposits", "castle_capture",
                   "bankruptcy_forced_sale")
"""Scenario stems of the attack stepper and the what-if board, in teaching order (missing files skipped)."""


def available(stems: Iterable[str]) -> list:
    """Existing scenario files among ``stems``."""
    paths = [SCENARIOS / "shadow_master" / f"{s}.yaml" for s in stems]
    return [p for p in paths if p.exists()]
KIND_LABEL = {
    "full_force": ("โจมตีเต็มกำลัง", f"full force ({REMOVE['full_force']})"),
    "tempo": ("ชิงจังหวะ", f"tempo ({REMOVE['tempo']})"),
    "first_strike": ("บุกก่อนได้เปรียบ", f"first strike ({REMOVE['first_strike']})"),
    "siege": ("ล้อมโจมตี", "siege (a whole cell)"),
    "three_fronts": ("หลายแนวรบ: ต้องเลือก", "several fronts: the placer chooses"),
    "none": ("ติดศัตรูแต่ไม่รบ", "touches an enemy, no fight"), "quiet": ("วางได้ ไม่ติดศัตรู", "legal, no enemy next"),
    "capture": ("ยึดปราสาท", "captures a castle"),
}


def shade(p: Preview) -> str:
    """The what-if kind a cell is shaded by."""
    return "capture" if p.captures else p.kind


def overlay_layers(previews: Mapping[str, Preview]) -> tuple[dict[str, str], dict[str, str]]:
    """``(fills, labels)`` for the board: each legal cell's colour by :func:`shade`; a label
    ``"E6 −4"`` (tokens removed; ``−2/0`` per front when the placer chooses)."""
    fills, labels = {}, {}
    for cell, p in previews.items():
        fills[cell] = KIND_FILL.get(shade(p), "#ffffff")
        if p.kind in ("full_force", "tempo", "first_strike", "siege", "three_fronts"):
            labels[cell] = f"{cell} −" + "/".join(str(n) for n in p.removals)
    return fills, labels


def legend_html() -> str:
    """The colour key of the what-if shading."""
    items = "".join(
        f'<span style="display:inline-block;margin:2px 8px 2px 0"><span class="kl-dot" '
        f'style="background:{KIND_FILL[k]};border-radius:2px"></span>{e(th)} <span class="kl-muted">{e(en)}</span></span>'
        for k, (th, en) in KIND_LABEL.items())
    return (f'<div class="kl-sm">{items}<div class="kl-muted">ตัวเลขบนช่อง = จำนวนโทเคนที่จะถูกหยิบออก / '
            'the number on a cell = tokens it would remove. ช่องไม่มีสี = วางไม่ได้ / unshaded = not legal</div></div>')


def preview_html(board, p: Preview, book=None, castles: Iterable[str] = ()) -> str:
    """The details of one cell's preview: each choice's attack, sizes, removals, payments
    (``castles``: castle cells, to say why an attack on one removes nothing)."""
    book = book or load_rulebook("shadow_master")
    head = f"<b>{e(p.cell)}</b> · {colour_html(board, p.colour)} · ผู้วาง / placer: {e(seat_label(p.seat))}"
    if p.refused is not None:
        clause, th, en = p.refused
        # the clause id only as tooltip / data (never in the visible text)
        return (f"<div class='kl-sm'>{head}<div title='{e(clause)}' data-clause='{e(clause)}'>วางไม่ได้ / not legal: "
                f"{e(th)} <span class='kl-muted'>{e(en)}</span></div></div>")
    rows = [f"<div>{head}</div>"]
    if p.fronts > 1:
        rows.append(f"<div title='attack.three_fronts' data-clause='attack.three_fronts'>ติดศัตรู {p.fronts} ฝ่าย: "
                    f"ผู้วางเลือกโจมตี 1 ฝ่าย / "
                    f"{p.fronts} enemy sides: the placer picks one</div>")
    cites: list[str] = []
    for o in p.outcomes:
        th, en = KIND_LABEL.get(o.kind, (KIND_TH.get(o.kind, o.kind), o.kind))
        line = [f"<b>{e(th)}</b> <span class='kl-muted'>{e(en)}</span>"]
        if o.choices:
            line.append("เลือก / choice: <code>" + e(", ".join(o.choices)) + "</code>")
        if o.kind not in ("quiet",):
            line.append(f"ฝ่ายบุก {o.attacker_size} ช่อง ({' + '.join(o.attacker)}) · ฝ่ายรับ {o.defender_size} ช่อง "
                        f"({' + '.join(o.defender)})")
        line.append(f"หยิบออก / removes <b class='kl-wi-removed'>{o.removed}</b> โทเคน")
        if o.emptied:
            line.append("ช่องว่างลง / cells emptied: " + e(", ".join(o.emptied)))
        if o.paid:
            line.append("ค่าเสียหาย / damage: " + ", ".join(f"{e(seat_label(s))} จ่าย {n}" for s, n in o.paid))
        if o.collapsed:
            line.append("<b>ล่มสลาย / collapses:</b> " + ", ".join(colour_html(board, c) for c in o.collapsed))
        if o.captured:
            line.append("<b>ยึดปราสาท / captures the castle on</b> " + e(", ".join(o.captured)))
        if o.kind in ("full_force", "tempo", "first_strike", "siege") and o.removed == 0 and \
                set(castles) & set(o.defender_cells):
            line.append("<span class='kl-muted'>ช่องปราสาทไม่ถูกโจมตีปกติ (ค่า castle_protection) / castle cells are "
                        "shielded from ordinary attacks (variant castle_protection)</span>")
        if o.sampled:
            line.append("<span class='kl-muted'>(ตัวอย่าง: ผู้วางเลือกโทเคนเอง ใช้ตัวแรกตามลำดับกระดาน / sample: "
                        "the placer picks the tokens; the first legal pick is shown)</span>")
        rows.append("<div style='margin:3px 0;padding-left:6px;border-left:3px solid #ccc'>" + " · ".join(line)
                    + "</div>")
        cites += [c for c in o.cites if c not in cites]
    texts = "".join(clause_html(book.clause(c), cited=True, book=book) for c in cites if c in book.ids)
    return f"<div class='kl-sm kl-wi-detail'>{''.join(rows)}<div class='kl-rules'>{texts}</div></div>"


class WhatIfView(w.VBox):
    """A colour picker, a scope (every cell / the seat's own Territory cards) and the board
    shaded by :func:`rules.shadow_master.whatif.overlay`; click a cell for its details.

    ``state``: the state to ask about (see :meth:`set_state`); ``seat``: the placer (default:
    whose turn it is); ``sources``: ``[(label, state)]`` offered in a dropdown.
    """

    def __init__(self, state=None, seat: int | None = None, sources: Iterable[tuple[str, object]] = (),
                 size: float = 19.0, **kwargs):
        self.book = load_rulebook("shadow_master")
        self.error = w.HTML()
        self.sources = list(sources)
        self.source = w.Dropdown(options=[(label, i) for i, (label, _s) in enumerate(self.sources)],
                                 description="กระดาน", layout=w.Layout(width="100%", max_width="760px"))
        self.colour = w.ToggleButtons(options=[], description="สี / colour",
                                      style={"button_width": "auto", "description_width": "initial"})
        self.scope = w.ToggleButtons(options=[("ทุกช่องที่วางได้ / every cell", False),
                                              ("เฉพาะการ์ดในมือ / own cards", True)], value=False,
                                     style={"button_width": "auto"})
        self.summary = w.HTML()
        self.detail = w.HTML(layout=w.Layout(min_height="80px"))
        self.legend = w.HTML(legend_html())
        self.hexboard: SMBoard | None = None
        self.board_box = w.VBox()
        self.previews: dict = {}
        self.state = None
        self.seat = seat
        self.selected: str | None = None
        parts = [style()] + ([self.source] if self.sources else []) + [self.colour, self.scope, self.error, self.board_box]
        super().__init__(parts, **kwargs)
        self.add_class("kl-sm-whatif")
        self.colour.observe(safe(self.error)(lambda _c: self.refresh()), names="value")
        self.scope.observe(safe(self.error)(lambda _c: self.refresh()), names="value")
        self.source.observe(safe(self.error)(self._pick_source), names="value")
        if state is None and self.sources:
            state = self.sources[0][1]
        if state is not None:
            self.set_state(state, seat)

    def _pick_source(self, change) -> None:
        if change["new"] is not None:
            self.set_state(self.sources[change["new"]][1], None)

    def set_state(self, state, seat: int | None = None) -> None:
        """Ask about ``state`` (placer ``seat``, default: whose turn it is)."""
        self.state, self.seat, self.selected = state, seat, None
        board = state.board
        if self.hexboard is None or self.hexboard.sm_board is not board:
            old = self.board_box.children
            self.hexboard = SMBoard(board, size=21.0, width=460)
            self.hexboard.on_click(safe(self.error)(self._clicked))
            self.board_box.children = [board_widget_box(self.hexboard, self.summary, self.detail, self.legend)]
            for box in old:
                # the other board's box, hex board and layouts stayed open in the kernel: closed, its
                # side column emptied first (the summary, details and legend are this view's own)
                box.children[1].children = ()
                close_tree(box)
        options = [(colour_label(board, c), c) for c in board.colours]
        if [v for _, v in self.colour.options] != [v for _, v in options]:
            with self.colour.hold_trait_notifications():
                self.colour.options = options
        if self.colour.value is None:
            self.colour.value = board.colours[0]
        self.refresh()

    @property
    def placer(self) -> int:
        """The seat asked about (given, or whose turn it is)."""
        s = self.state
        if self.seat is not None:
            return self.seat
        return s.turn.seat if s.turn is not None else s.first_player

    def refresh(self, recompute: bool = True) -> None:
        """Recompute the overlay for the chosen colour and scope (unless ``recompute`` is
        False: a click only changes the selection) and redraw."""
        if self.state is None or self.colour.value is None:
            return
        self.error.value = ""
        if recompute:
            self.previews = overlay(self.state, self.colour.value, self.placer, own_cards=self.scope.value)
        fills, labels = overlay_layers(self.previews)
        castles = [c.cell for c in self.state.castles]
        outlines = []
        if self.selected in self.previews and self.previews[self.selected].outcomes:
            o = self.previews[self.selected].outcomes[0]
            if o.attacker_cells:
                outlines = [(o.attacker_cells, o.attacker[0], f"attacker {o.attacker_size}"),
                            (o.defender_cells, (o.defender or ("blue",))[0], f"defender {o.defender_size}")]
        if not outlines:
            outlines = rank_groups(GAME.observe(self.state, None), self.state.position)
        self.hexboard.show(self.state.position, castles=castles, fills=fills, labels=labels, outlines=outlines,
                           highlights=[self.selected] if self.selected else [], alliances=alliances_of(self.state))
        counts: dict[str, int] = {}
        for p in self.previews.values():
            counts[shade(p)] = counts.get(shade(p), 0) + 1
        board = self.state.board
        parts = ", ".join(f"{KIND_LABEL[k][0]} {n}" for k, n in counts.items() if k in KIND_LABEL)
        self.summary.value = (f"<div class='kl-sm kl-wi-summary'>{colour_html(board, self.colour.value)}: "
                              f"วางได้ <b>{len(self.previews)}</b> ช่อง / legal cells ({parts}) · ผู้วาง / placer: "
                              f"{e(seat_label(self.placer))}</div>")
        if self.selected is None:
            self.detail.value = ("<div class='kl-sm kl-muted'>คลิกช่องเพื่อดูรายละเอียด / "
                                 "click a cell for the details</div>")
        else:
            self.detail.value = self._detail(self.selected)

    def _detail(self, cell: str) -> str:
        p = self.previews.get(cell) or preview_attack(self.state, cell, self.colour.value, self.placer)
        return preview_html(self.state.board, p, self.book, [c.cell for c in self.state.castles])

    def _clicked(self, h) -> None:
        name = self.hexboard.cell_name(h)
        if name in self.hexboard.x_hex:  # an alliance cell: nothing is placed there by a die
            self.selected = None
            self.detail.value = (f"<div class='kl-sm'><b>{e(name)}</b>: ช่องพันธมิตร "
                                 f"{' '.join(colour_html(self.state.board, c) for c in alliances_of(self.state)[name]) or '-'}"
                                 " / an alliance cell (off the map)</div>")
            return
        self.selected = name
        self.refresh(recompute=False)

    def click(self, cell: str) -> None:
        """As if the reader clicked map ``cell`` (tests and demos)."""
        self.hexboard.click(self.state.board.hex_of[cell])


def scenario_sources(stems: Iterable[str] = ATTACK_EXAMPLES) -> list[tuple[str, object]]:
    """``[(title, setup state)]`` of the scenarios (the position before their first move)."""
    out = []
    for path in available(stems):
        try:
            sc = load_scenario(path)
            _cfg, state = start(GAME, sc.setup.config, sc.setup.seed, sc.setup.overrides, str(path))
        except Exception:  # noqa: BLE001 - a broken file is skipped here; the scenario views report it
            continue
        out.append((sc.title_th, state))
    return out


def whatif_board() -> w.VBox:
    """The notebook's what-if board over the attack scenarios' starting positions."""
    error = w.HTML()
    try:
        return WhatIfView(sources=scenario_sources())
    except Exception as exc:  # noqa: BLE001 - shown, not raised
        error.value = error_html(exc)
        return w.VBox([error])
