"""Hex grid: axial arithmetic, odd-r conversion, groups, edges, geometry."""
from hypothesis import given, strategies as st

from rules.core import hexgrid as hg

coords = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


def test_neighbours_are_at_distance_one_and_distinct():
    ns = hg.neighbours((2, -1))
    assert len(set(ns)) == 6
    assert all(hg.distance((2, -1), n) == 1 for n in ns)


@given(coords, coords)
def test_distance_symmetric_and_triangle(a, b):
    assert hg.distance(a, b) == hg.distance(b, a)
    assert hg.distance(a, b) <= hg.distance(a, (0, 0)) + hg.distance((0, 0), b)


@given(st.integers(0, 30), st.integers(0, 30))
def test_oddr_round_trip(col, row):
    assert hg.axial_to_oddr(hg.oddr_to_axial(col, row)) == (col, row)


def test_odd_row_diagonal_is_adjacent():
    # In odd-r, cell (col 2, row 1) touches (2, 0) and (3, 0) above it, not (1, 0).
    a = hg.oddr_to_axial(2, 1)
    assert hg.oddr_to_axial(3, 0) in hg.neighbours(a)
    assert hg.oddr_to_axial(2, 0) in hg.neighbours(a)
    assert hg.oddr_to_axial(1, 0) not in hg.neighbours(a)
    # and on an even row, (col 2, row 2) touches (1, 1) and (2, 1) above it.
    b = hg.oddr_to_axial(2, 2)
    assert hg.oddr_to_axial(1, 1) in hg.neighbours(b)
    assert hg.oddr_to_axial(3, 1) not in hg.neighbours(b)


def test_rings_and_disc_sizes():
    assert [len(hg.ring((0, 0), k)) for k in range(4)] == [1, 6, 12, 18]
    assert len(hg.disc((1, 1), 3)) == 37
    assert all(hg.distance((1, 1), h) == 2 for h in hg.ring((1, 1), 2))


def test_connected_groups_largest_first():
    cells = [(0, 0), (1, 0), (2, -1), (5, 5), (5, 6)]
    groups = hg.connected_groups(cells)
    assert [len(g) for g in groups] == [3, 2]
    assert hg.largest_group(cells) == frozenset({(0, 0), (1, 0), (2, -1)})
    assert hg.group_of((5, 6), cells) == frozenset({(5, 5), (5, 6)})
    assert hg.largest_group([]) == frozenset()


def test_edge_cells_and_sides_touching():
    board = hg.disc((0, 0), 2)
    edge = hg.edge_cells(board)
    assert len(edge) == 12 and (0, 0) not in edge
    assert hg.sides_touching((0, 0), hg.ring((0, 0), 1)) == 6
    assert hg.sides_touching((0, 0), [(1, 0), (0, 1), (9, 9)]) == 2


def test_group_outline_is_one_polygon_with_the_cells_area():
    cells = [(0, 0), (1, 0), (0, 1)]
    outline = hg.group_outline(cells, size=10)
    assert outline.geom_type == "Polygon"
    assert abs(outline.area - 3 * hg.hex_polygon((0, 0), 10).area) < 1e-3
    apart = hg.group_outline([(0, 0), (3, 0)], size=10)
    assert apart.geom_type == "MultiPolygon"


@given(st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=12))
def test_is_connected_agrees_with_networkx(cells):
    import networkx as nx
    assert hg.is_connected(cells) == nx.is_connected(hg.adjacency_graph(cells))


def test_is_connected_small_cases():
    assert hg.is_connected([(0, 0)])
    assert hg.is_connected([(0, 0), (1, -1)])  # NE neighbour
    assert not hg.is_connected([(0, 0), (1, 1)])  # distance 2
    assert not hg.is_connected([])


def _evenodd(rings):
    """The region rings enclose under the even-odd rule (shapely, for the comparison only)."""
    from shapely.geometry import Polygon
    shape = Polygon()
    for ring in rings:
        shape = shape.symmetric_difference(Polygon(ring))
    return shape


@given(st.sets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=20))
def test_outline_rings_draw_what_the_shapely_union_draws(cells):
    """The board's group outlines are drawn from ``outline_rings`` (plain Python, so a page's kernel
    needs no shapely): the same region as the union of the cells' polygons, one ring for each
    piece and each hole, every ring closed on corners of the group's cells."""
    rings = hg.outline_rings(cells, size=10)
    union = hg.group_outline(cells, size=10)
    assert _evenodd(rings).symmetric_difference(union).area < 1e-6
    pieces = list(getattr(union, "geoms", [union]))
    assert len(rings) == sum(1 + len(p.interiors) for p in pieces)
    corners = {(round(x, 6), round(y, 6)) for h in cells for x, y in hg.hex_corners(h, 10)}
    assert all((round(x, 6), round(y, 6)) in corners for ring in rings for x, y in ring)


def test_outline_rings_of_a_ring_of_cells_has_a_hole():
    rings = hg.outline_rings(hg.ring((0, 0), 1), size=1)
    assert sorted(len(r) for r in rings) == [6, 18]   # the inner hexagon and the outer edge
