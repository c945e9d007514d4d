"""Settlements (scoring.small_settlement, scoring.medium_settlement_majority,
scoring.large_settlement_majority, ireland.extra_large_settlement_majority,
scoring.settlement_tiebreak, scoring.harbour, ireland.offshore_farm, end.unfinished_settlements).

A settlement of 1 space scores its tile's influence at once; one of 2, 3 (or 4 in Ireland) scores
its majority when its last space fills: influence per seat (register settlement_influence_total:
the sum of its tiles, or its highest tile), ranks by influence, ties lost by the seat that closed
it, the rest clockwise from that seat.  Only the settlement's own spaces are read (at most 4).
"""
from __future__ import annotations

from ..core.events import emit
from .config import (HARBOUR_BONUS, HARBOURS, LARGE_ALONE, LARGE_POINTS, MEDIUM_ALONE, MEDIUM_POINTS,
                     OFFSHORE_BONUS, SETTLEMENTS, XL_ALONE, XL_POINTS, XL_TWO)
from .labels import seat_name, settlement_cells_name
from .tiles import COVERED, EMPTY, S1, influence

SIZE_CLAUSE = {2: "scoring.medium_settlement_majority", 3: "scoring.large_settlement_majority",
               4: "ireland.extra_large_settlement_majority"}
SIZE_NAME = {1: ("นิคมเล็ก", "small settlement"), 2: ("นิคมกลาง", "medium settlement"),
             3: ("นิคมใหญ่", "large settlement"), 4: ("นิคมขนาดใหญ่พิเศษ", "extra-large settlement")}


def is_full(cells, members, config) -> bool:
    """Every space taken (register blocked_cells: a covered space counts, or never fills)."""
    vals = [cells[i] for i in members]
    if EMPTY in vals:
        return False
    return not (config.blocked_cells == "never_full" and COVERED in vals)


def influences(cells, members, config) -> dict[int, int]:
    """``{seat: influence}`` of the seats with a tile in the settlement."""
    out: dict[int, int] = {}
    highest = config.settlement_influence_total == "highest"
    for i in members:
        v = cells[i]
        if v >= 0:
            seat, inf = v >> 3, influence(v & 7)
            out[seat] = max(out.get(seat, 0), inf) if highest else out.get(seat, 0) + inf
    return out


def points_table(size: int, ranked: int) -> tuple[int, ...]:
    """Points by rank for a full settlement of ``size`` spaces with ``ranked`` seats in it."""
    if size == 2:
        return (MEDIUM_ALONE,) if ranked == 1 else MEDIUM_POINTS
    if size == 3:
        return (LARGE_ALONE,) if ranked == 1 else LARGE_POINTS
    if ranked == 1:
        return (XL_ALONE,)
    return XL_TWO if ranked == 2 else XL_POINTS


def ranking(infl: dict[int, int], closer: int, players: int) -> list[int]:
    """Seats by influence, highest first; a tie is lost by ``closer``, the others in clockwise
    order from ``closer`` (scoring.settlement_tiebreak)."""
    return sorted(infl, key=lambda s: (-infl[s], (s - closer - 1) % players))


def score_settlement_tile(w, seat: int, kind: int, i: int, log: list, add) -> None:
    """The settlement tile just placed on ``i``: a small settlement, a bonus cell, a majority."""
    board, cfg = w.board, w.config
    k = board.settlement_of[i]
    members = board.settlements[k]
    th, en = seat_name(seat)
    sid = board.settlement_ids[k]
    if len(members) == 1:
        pts = influence(kind)
        add(seat, SETTLEMENTS, pts)
        emit(log, "settlement_scored", seat, ("turn.score_tile", "scoring.small_settlement"),
             f"{th} ตั้งนิคมเล็ก{settlement_cells_name(board, k)[0]} ได้แต้มเท่าค่าอิทธิพล {pts}",
             f"{en} founds a small settlement {settlement_cells_name(board, k)[1]}: its influence, {pts} points",
             settlement=sid, place=list(settlement_cells_name(board, k)), size=1, table=[[seat, pts, 1, pts]],
             closer=seat, ties=False,
             awards=[[seat, "settlements", pts]])
    elif is_full(w.cells, members, cfg):
        _majority(w, k, seat, log, add)
    if i in board.harbour:
        add(seat, HARBOURS, HARBOUR_BONUS)
        emit(log, "harbour", seat, ("scoring.harbour",), f"{th} วางนิคมบนท่าเรือ ได้ +{HARBOUR_BONUS}",
             f"{en} opens a harbour: +{HARBOUR_BONUS}", cell=list(board.cells[i]),
             awards=[[seat, "harbours", HARBOUR_BONUS]])


def score_offshore(w, seat: int, kind: int, i: int, log: list, add) -> None:
    """Ireland's +1 cell (ireland.offshore_farm; register offshore_tile_types)."""
    if i not in w.board.offshore or (w.config.offshore_tile_types == "farms_only" and kind >= S1):
        return
    th, en = seat_name(seat)
    add(seat, HARBOURS, OFFSHORE_BONUS)
    emit(log, "offshore", seat, ("ireland.offshore_farm",), f"{th} วางไทล์บนช่อง +1 ได้ {OFFSHORE_BONUS} แต้ม",
         f"{en} places on a +1 cell: {OFFSHORE_BONUS} point", cell=list(w.board.cells[i]),
         awards=[[seat, "harbours", OFFSHORE_BONUS]])


def _majority(w, k: int, closer: int, log: list, add) -> None:
    board = w.board
    members = board.settlements[k]
    size = len(members)
    infl = influences(w.cells, members, w.config)
    order = ranking(infl, closer, w.players)
    table = points_table(size, len(order))
    rows, awards = [], []
    for rank, seat in enumerate(order):
        pts = table[rank] if rank < len(table) else 0
        if pts:
            add(seat, SETTLEMENTS, pts)
            awards.append([seat, "settlements", pts])
        rows.append([seat, infl[seat], rank + 1, pts])
    values = list(infl.values())
    ties = len(values) != len(set(values))
    cites = ("turn.score_tile", SIZE_CLAUSE[size]) + (("scoring.settlement_tiebreak",) if ties else ())
    nth, nen = SIZE_NAME[size]
    cth, cen = seat_name(closer)
    parts_th = ", ".join(f"{seat_name(s)[0]} อิทธิพล {v} ได้ {p}" for s, v, _, p in rows)
    parts_en = ", ".join(f"{seat_name(s)[1]} influence {v}: {p}" for s, v, _, p in rows)
    tie_th = f" (เสมอ: {cth} ผู้ปิดนิคมแพ้ ที่เหลือตามเข็มนาฬิกา)" if ties else ""
    tie_en = f" (tie: {cen} closed it and loses ties, the rest clockwise)" if ties else ""
    emit(log, "settlement_scored", closer, cites,
         f"{nth}{settlement_cells_name(board, k)[0]} เต็ม: {parts_th}{tie_th}",
         f"{nen} {settlement_cells_name(board, k)[1]} is full: {parts_en}{tie_en}",
         settlement=board.settlement_ids[k], place=list(settlement_cells_name(board, k)), size=size, table=rows,
         closer=closer, ties=ties, awards=awards)


def score_unfinished(w, log: list, add) -> None:
    """At the end, each tile in a settlement that is not full scores its own influence
    (end.unfinished_settlements)."""
    board = w.board
    for k, members in enumerate(board.settlements):
        if len(members) == 1 or is_full(w.cells, members, w.config):
            continue
        awards = []
        for i in members:
            v = w.cells[i]
            if v >= 0:
                pts = influence(v & 7)
                add(v >> 3, SETTLEMENTS, pts)
                awards.append([v >> 3, "settlements", pts])
        if awards:
            emit(log, "unfinished_settlement", None, ("end.unfinished_settlements",),
                 f"นิคม{settlement_cells_name(board, k)[0]} ยังไม่เต็ม ไทล์ได้แต้มเท่าค่าอิทธิพลของตัวเอง",
                 f"the settlement {settlement_cells_name(board, k)[1]} is not full: each tile scores its own influence",
                 settlement=board.settlement_ids[k], awards=awards)
