"""Names every label and event text uses (Thai, English): seats, cells, tiles, places."""
from __future__ import annotations

from .tiles import LABEL


def seat_name(seat: int) -> tuple[str, str]:
    return f"ผู้เล่น {seat + 1}", f"seat {seat + 1}"


def cell_name(board, i: int) -> tuple[str, str]:
    q, r = board.cells[i]
    return f"ช่อง ({q}, {r})", f"cell ({q}, {r})"


def tile_name(kind: int) -> tuple[str, str]:
    return LABEL[kind]
