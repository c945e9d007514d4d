"""Where a tile may go (clauses turn.place_tile, placement.*).

Food farms go on food or blank cells, energy farms on energy or blank cells (placement.food_farm,
placement.energy_farm); either on the other's icon only when its own and the blank cells are all
full - over the whole map (placement.farm_overflow, register no_legal_cell); settlements only on
settlement spaces (placement.settlement); never on cathedral, castle or water cells, nor on a round
tower (placement.forbidden_cells); always on an empty cell (turn.place_tile).
"""
from __future__ import annotations

from ..core.protocol import IllegalAction
from ..core.base import a_or_an
from .labels import cell_place_name, tile_name
from .tiles import COVERED, EMPTY, ENERGY, FOOD, S1

_OWN = {FOOD: "food", ENERGY: "energy"}
_OTHER = {FOOD: "energy", ENERGY: "food"}
_CLAUSE = {FOOD: "placement.food_farm", ENERGY: "placement.energy_farm"}


def _free(board, cells, icon: str) -> list[int]:
    return [i for i in board.by_icon[icon] if cells[i] == EMPTY]


def legal_cells(board, cells, kind: int) -> list[int]:
    """The cell indices ``kind`` may go on now, in map order."""
    if kind >= S1:
        return _free(board, cells, "settlement")
    own = _free(board, cells, _OWN[kind] + "+blank")
    if own:
        return own
    return _free(board, cells, _OTHER[kind])


_ICONS = {kind: ((_OWN[kind], "blank", _OTHER[kind]) if kind in _OWN else ("settlement",)) for kind in range(8)}


def has_legal_cell(board, cells, kind: int) -> bool:
    by_icon = board.by_icon
    for ic in _ICONS[kind if kind < S1 else S1]:   # a plain loop: the kernel's hot path
        for i in by_icon[ic]:
            if cells[i] == EMPTY:
                return True
    return False


def refusal(board, cells, kind: int, i: int) -> IllegalAction | None:
    """``None`` when ``kind`` may go on cell ``i``; else the clause that forbids it there.

    The cell is named as the map shows it (:func:`~.labels.cell_place_name`: its kind, its own
    name - a castle, a cathedral, a tower - the named places it touches, then its ``(q, r)``); a
    cell not empty says whether a placed tile or a face-down cover (:data:`~.tiles.COVERED`,
    setup.two_player_blocked_cells) fills it."""
    icon = board.icon[i]
    th, en = cell_place_name(board, i)
    tth, ten = tile_name(kind)
    if icon in ("cathedral", "castle", "water", "tower"):
        what = {"cathedral": ("มหาวิหาร", "a cathedral"), "castle": ("ปราสาท", "a castle"),
                "water": ("น้ำ", "water"), "tower": ("หอคอยกลม", "a round tower")}[icon]
        return IllegalAction("placement.forbidden_cells", f"{th}: ห้ามวางไทล์บนช่อง{what[0]}",
                             f"{en}: no tile may go on {what[1]}")
    if cells[i] == COVERED:
        return IllegalAction("turn.place_tile",
                             f"{th} ถูกคว่ำไทล์ปิดไว้ (ช่องเหลือง เล่น 2 คน) ต้องวางบนช่องที่ว่าง",
                             f"{en} is covered by a face-down tile (a yellow cell, 2 players): a tile goes on an empty cell")
    if cells[i] != EMPTY:
        return IllegalAction("turn.place_tile", f"{th} มีไทล์อยู่แล้ว ต้องวางบนช่องที่ว่าง",
                             f"{en} is taken: a tile goes on an empty cell")
    if kind >= S1:
        if icon != "settlement":
            return IllegalAction("placement.settlement", f"{tth} วางได้เฉพาะช่องนิคม ({th} ไม่ใช่)",
                                 f"{a_or_an(ten)} goes only on a settlement space ({en} is not one)")
        return None
    if icon == "settlement":
        return IllegalAction(_CLAUSE[kind], f"{tth} วางบนช่องนิคมไม่ได้", f"{a_or_an(ten)} cannot go on a settlement space")
    if icon == _OTHER[kind]:
        if _free(board, cells, _OWN[kind]) or _free(board, cells, "blank"):
            return IllegalAction("placement.farm_overflow",
                                 f"{tth} วางบนช่องฟาร์มอีกชนิดได้เมื่อช่องชนิดตัวเองและช่องว่างเต็มหมดแล้วเท่านั้น",
                                 f"{a_or_an(ten)} goes on the other farm icon only once its own and the blank cells are all full")
    return None
