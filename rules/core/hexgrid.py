"""Hex grid in axial coordinates ``(q, r)``, pointy-top, after Red Blob Games
(https://www.redblobgames.com/grids/hexagons/).

A cell is a tuple ``(q, r)``.  A *board* is a set of cells.  Offset coordinates
``(col, row)`` in the "odd-r" layout (odd rows shoved right) convert both ways; odd-row
diagonals are where square-grid thinking goes wrong, so all adjacency is computed in axial.
Geometry for drawing is plain Python (:func:`hex_corners`, :func:`outline_rings`); shapely
(:func:`hex_polygon`, :func:`group_outline`) and networkx (graph questions) are imported by the
functions that use them: a hex page's kernel draws its boards without them (shapely and the numpy it
loads: 12.6 MiB and about 0.35 s a kernel; networkx about 19 MiB).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from shapely.geometry import Polygon

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial neighbour offsets: E, NE, NW, W, SW, SE (pointy-top)."""


def neighbours(h: Hex) -> list[Hex]:
    """The six cells adjacent to ``h`` (unbounded plane), in ``DIRECTIONS`` order."""
    q, r = h
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def board_neighbours(h: Hex, board: Iterable[Hex] | frozenset[Hex]) -> list[Hex]:
    """Neighbours of ``h`` that are on ``board``."""
    cells = board if isinstance(board, (set, frozenset)) else set(board)
    return [n for n in neighbours(h) if n in cells]


def distance(a: Hex, b: Hex) -> int:
    """Number of steps between two cells (hex distance)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(center: Hex, radius: int) -> list[Hex]:
    """Cells at exactly ``radius`` steps from ``center`` (``[center]`` for radius 0)."""
    if radius == 0:
        return [center]
    q, r = center[0] + DIRECTIONS[4][0] * radius, center[1] + DIRECTIONS[4][1] * radius
    out = []
    for i in range(6):
        for _ in range(radius):
            out.append((q, r))
            q, r = q + DIRECTIONS[i][0], r + DIRECTIONS[i][1]
    return out


def disc(center: Hex, radius: int) -> list[Hex]:
    """Cells within ``radius`` steps of ``center`` (a hexagon-shaped board)."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def within(center: Hex, radius: int, cells: Iterable[Hex]) -> list[Hex]:
    """Those ``cells`` at most ``radius`` steps from ``center``."""
    return [h for h in cells if distance(center, h) <= radius]


def adjacency_graph(cells: Iterable[Hex]) -> "networkx.Graph":
    """networkx graph of ``cells`` with an edge between every adjacent pair."""
    import networkx as nx
    cells = set(cells)
    g = nx.Graph()
    g.add_nodes_from(cells)
    for h in cells:
        for n in neighbours(h):
            if n in cells:
                g.add_edge(h, n)
    return g


def is_connected(cells: Iterable[Hex]) -> bool:
    """True when ``cells`` form one group by hex adjacency (an empty set is not connected, as
    networkx's ``is_connected`` raises on it).  A breadth-first walk rather than networkx: a map's
    settlements are checked when a New World page loads its map, and networkx there cost each
    page kernel about 19 MiB (issue 12: <= 150 MiB a kernel); tests compare it with networkx."""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def connected_groups(cells: Iterable[Hex]) -> list[frozenset[Hex]]:
    """Connected groups of ``cells`` by hex adjacency, largest first (ties: smallest cell first)."""
    import networkx as nx
    groups = [frozenset(c) for c in nx.connected_components(adjacency_graph(cells))]
    groups.sort(key=lambda g: (-len(g), min(g)))
    return groups


def largest_group(cells: Iterable[Hex]) -> frozenset[Hex]:
    """The largest connected group of ``cells`` (empty frozenset when there are none)."""
    groups = connected_groups(cells)
    return groups[0] if groups else frozenset()


def group_of(cell: Hex, cells: Iterable[Hex]) -> frozenset[Hex]:
    """The connected group of ``cells`` that contains ``cell`` (empty if ``cell`` not in it)."""
    cells = set(cells)
    if cell not in cells:
        return frozenset()
    import networkx as nx
    return frozenset(nx.node_connected_component(adjacency_graph(cells), cell))


def edge_cells(board: Iterable[Hex]) -> frozenset[Hex]:
    """Cells of ``board`` on the map edge: fewer than six neighbours on the board."""
    cells = set(board)
    return frozenset(h for h in cells if any(n not in cells for n in neighbours(h)))


def sides_touching(cell: Hex, cells: Iterable[Hex]) -> int:
    """How many of the six sides of ``cell`` touch a cell of ``cells``."""
    s = cells if isinstance(cells, (set, frozenset)) else set(cells)
    return sum(1 for n in neighbours(cell) if n in s)


def oddr_to_axial(col: int, row: int) -> Hex:
    """Odd-r offset ``(col, row)`` (odd rows shoved right) to axial ``(q, r)``."""
    return (col - (row - (row & 1)) // 2, row)


def axial_to_oddr(h: Hex) -> tuple[int, int]:
    """Axial ``(q, r)`` to odd-r offset ``(col, row)``."""
    q, r = h
    return (q + (r - (r & 1)) // 2, r)


def hex_center(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Pixel centre of a pointy-top cell; ``size`` is the centre-to-corner radius; y grows down."""
    q, r = h
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * r)


def hex_corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corner points of a pointy-top cell, clockwise from the top-right."""
    cx, cy = hex_center(h, size)
    return [(cx + size * math.cos(math.radians(60 * i - 30)),
             cy + size * math.sin(math.radians(60 * i - 30))) for i in range(6)]


def hex_polygon(h: Hex, size: float = 1.0) -> "Polygon":
    """The cell as a shapely ``Polygon``."""
    from shapely.geometry import Polygon

    return Polygon(hex_corners(h, size))


def group_outline(cells: Iterable[Hex], size: float = 1.0):
    """Outline of a group of cells: the shapely union of their polygons (Polygon/MultiPolygon)."""
    from shapely.ops import unary_union

    # Slight buffer closes float seams between neighbouring hexagons before the union.
    return unary_union([hex_polygon(h, size).buffer(1e-9) for h in cells])


# corner i of a cell (:func:`hex_corners` order) as whole units: x in sqrt(3)/2 and y in 1/2 of
# ``size`` from the centre, whose own units are (2q + r, 3r); the edge from corner i to corner i+1
# faces the neighbour _FACING[i]
_CORNER_UNITS = ((1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2))
_FACING = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def outline_rings(cells: Iterable[Hex], size: float = 1.0) -> list[list[tuple[float, float]]]:
    """The outline of a group of cells, what :func:`group_outline` draws, without shapely: closed
    rings of corner points ``(x, y)`` (pixels as :func:`hex_center`; the first point not repeated),
    one per piece and one per hole.

    The edges of the cells that no other cell of the group shares, each walked clockwise as its cell's
    corners, then chained: at a corner at most one such edge starts (the three cells that meet at a
    corner are neighbours two by two), so each ring is followed without a choice.  Corners are
    whole-number keys, so neighbours' corners meet exactly (no float seams).  Consecutive edges of a
    ring turn at every corner (no point to simplify).  Rings start at their smallest corner key."""
    group = {(int(q), int(r)) for q, r in cells}
    nxt: dict[tuple[int, int], tuple[int, int]] = {}
    for q, r in group:
        cx, cy = 2 * q + r, 3 * r
        for i, (dq, dr) in enumerate(_FACING):
            if (q + dq, r + dr) not in group:
                a, b = _CORNER_UNITS[i], _CORNER_UNITS[(i + 1) % 6]
                nxt[(cx + a[0], cy + a[1])] = (cx + b[0], cy + b[1])
    ux, uy = size * math.sqrt(3) / 2, size / 2
    rings = []
    for start in sorted(nxt):
        if start not in nxt:
            continue
        ring, k = [], start
        while k in nxt:
            ring.append((k[0] * ux, k[1] * uy))
            k = nxt.pop(k)
        rings.append(ring)
    return rings
