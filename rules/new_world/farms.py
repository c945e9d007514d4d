"""Farm scoring (scoring.farm_group): a new farm scores 1 per tile of the connected group of the
same type and colour it joins, itself included; a tile bridging groups scores them all, no tile
twice.  The group is found by a search from the placed tile over its own kind and colour (the
six neighbours, then theirs): never a recount of the board."""
from __future__ import annotations

from ..core.events import emit
from .config import FARMS
from .labels import seat_name, tile_name


def group_of(board, cells, i: int) -> list[int]:
    """The cells of the group containing the farm on cell ``i`` (same code: same kind, same seat)."""
    code = cells[i]
    seen = {i}
    stack = [i]
    nbrs = board.nbrs
    while stack:
        j = stack.pop()
        for n in nbrs[j]:
            if n not in seen and cells[n] == code:
                seen.add(n)
                stack.append(n)
    return sorted(seen)


def score_farm(w, seat: int, kind: int, i: int, log: list, add) -> None:
    """Score the farm just placed on ``i``: ``add(seat, source, points)`` and one event."""
    group = group_of(w.board, w.cells, i)
    points = len(group)
    add(seat, FARMS, points)
    th, en = seat_name(seat)
    kth, ken = tile_name(kind)
    joined = sum(1 for n in w.board.nbrs[i] if w.cells[n] == w.cells[i])
    emit(log, "farm_scored", seat, ("turn.score_tile", "scoring.farm_group"),
         f"{th} วาง{kth} กลุ่มที่ติดกันมี {points} แผ่น ได้ {points} แต้ม",
         f"{en}'s {ken} joins a group of {points}: {points} point{'' if points == 1 else 's'}",
         cells=[list(w.board.cells[j]) for j in group], points=points, neighbours_joined=joined,
         awards=[[seat, "farms", points]])
