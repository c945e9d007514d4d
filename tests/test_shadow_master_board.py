"""Shadow Master board: cell names, hex adjacency, the 3-token/one-colour rule and Rank."""
from pathlib import Path

import networkx as nx
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.protocol import BadInput, IllegalAction
from rules.shadow_master import board as B

SCEN = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "shadow_master"

# Red Blob Games' odd-r neighbour table, written out independently of rules.core.hexgrid.
ODDR = {0: [(+1, 0), (0, -1), (-1, -1), (-1, 0), (-1, +1), (0, +1)],
        1: [(+1, 0), (+1, -1), (0, -1), (-1, 0), (0, +1), (+1, +1)]}


def oddr_neighbours(board, cell):
    col, row = board.offset(cell)
    out = set()
    for dc, dr in ODDR[row & 1]:
        c, r = col + dc, row + dr
        if 0 <= r < len(board.rows) and 0 <= c < board.columns:
            out.add(B.cell_name(board.rows, c, r))
    return out


def reference_rank(position, colour):
    g = nx.Graph()
    cells = [c for c, (col, _) in position.items() if col == colour]
    g.add_nodes_from(cells)
    g.add_edges_from((a, b) for a in cells for b in oddr_neighbours(position.board, a) if b in cells)
    return max((len(c) for c in nx.connected_components(g)), default=0)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_board_per_player_count(players):
    b = B.load_board(players)
    assert len(b.cells) == 14 * b.columns == len(set(b.cells))
    assert b.cells[0] == "A1" and b.cells[-1] == f"N{b.columns}"
    assert "K1" in b.cells and "L1" in b.cells  # the rulebook's own card examples
    for c in b.cells:
        assert set(b.neighbours[c]) == oddr_neighbours(b, c)
        assert all(c in b.neighbours[n] for n in b.neighbours[c])
    assert b.edge == frozenset(c for c in b.cells if len(b.neighbours[c]) < 6)
    assert b.x_cells and all(x.startswith("X") for x in b.x_cells)


def test_odd_row_diagonal_adjacency():
    b = B.load_board(4)
    assert "A4" in b.neighbours["B3"] and "A3" in b.neighbours["B3"]   # odd row B: up-right diagonal
    assert "A2" not in b.neighbours["B3"]                              # not the even-row diagonal
    assert {"D1", "D2"} <= set(b.neighbours["C2"]) and "D3" not in b.neighbours["C2"]


def _scenario_position(name):
    data = yaml.safe_load((SCEN / name).read_text(encoding="utf-8"))
    board = B.load_board(data["setup"]["config"]["players"])
    return B.position_from_json(board, data["setup"]["overrides"]["board"], name), data["expect"]["state"]


def _facts(position):
    facts = {f"rank.{c}": r for c, r in B.rank_by_colour(position).items()}
    facts.update({f"tokens_on_board.{c}": B.tokens_of(position, c) for c in position.board.colours})
    return facts


def test_scenario_rank_odd_row_diagonal():
    pos, expect = _scenario_position("rank_odd_row_diagonal.yaml")
    facts = _facts(pos)
    assert {k: facts[k] for k in expect} == expect == {"rank.red": 4, "rank.blue": 1}
    assert B.groups(pos, "red") == [frozenset({"A4", "A5", "B2", "B3"})]


def test_scenario_fifteen_tokens_rank_six():
    pos, expect = _scenario_position("rank_cells_not_tokens.yaml")
    facts = _facts(pos)
    assert {k: facts[k] for k in expect} == expect == {"rank.red": 6, "tokens_on_board.red": 15}
    big, small = B.groups(pos, "red")
    assert big == frozenset({"E3", "E4", "E5", "F1", "F2", "G1"}) and small == frozenset({"J1", "J2"})
    assert sum(pos[c][1] for c in big) == 11


def test_place_token_limits_and_immutability():
    b = B.load_board(3)
    p0 = B.empty_position(b)
    p1 = B.place_token(p0, "K1", "red")
    assert p0 == B.empty_position(b) and len(p0) == 0          # input untouched
    p3 = B.place_token(B.place_token(p1, "K1", "red"), "K1", "red")
    assert p3["K1"] == ("red", 3)
    with pytest.raises(IllegalAction) as e:
        B.place_token(p3, "K1", "red")
    assert e.value.clause == "board.cell_capacity" and "3" in e.value.message_th and "3" in e.value.message_en
    with pytest.raises(IllegalAction) as e:
        B.place_token(p1, "K1", "blue")
    assert e.value.clause == "board.cell_capacity" and "สีเดียวกัน" in e.value.message_th
    with pytest.raises(IllegalAction) as e:
        B.place_token(p1, "X1", "blue")
    assert e.value.clause == "board.alliance_cells"
    with pytest.raises(IllegalAction) as e:
        B.place_token(p1, "K9", "blue")                          # 3 players: 7 columns
    assert e.value.clause == "board.kingdom_cells"
    with pytest.raises(IllegalAction):
        B.place_token(p1, "L1", "pink")
    assert B.place_token(p1, "L1", "black")["L1"] == ("black", 1)
    assert hash(p1) == hash(B.place_token(p0, "K1", "red"))


def test_remove_token():
    b = B.load_board(3)
    p = B.place_token(B.empty_position(b), "C3", "green", 2)
    assert B.remove_token(p, "C3")["C3"] == ("green", 1)
    assert "C3" not in B.remove_token(p, "C3", 2)
    with pytest.raises(IllegalAction):
        B.remove_token(p, "C3", 3)
    with pytest.raises(IllegalAction):
        B.remove_token(p, "C4")


def test_allies_merge_when_asked():
    b = B.load_board(4)
    p = B.empty_position(b)
    for c in ("D1", "D2"):
        p = B.place_token(p, c, "red")
    for c in ("D3", "D4"):
        p = B.place_token(p, c, "blue")
    assert B.rank(p, "red") == 2 and B.rank(p, {"red", "blue"}) == 4


def test_bad_board_file(tmp_path):
    bad = tmp_path / "board.yaml"
    bad.write_text("assumed: true\nnote: x\nrows: ABX\ncolours: [red]\nblack: black\n"
                   "colour_th: {red: a, black: b}\nlayouts: {}\n", encoding="utf-8")
    with pytest.raises(BadInput) as e:
        B.read_spec(bad)
    assert e.value.field == "rows"
    with pytest.raises(BadInput) as e:
        B.load_board(9)
    assert e.value.field == "layouts.9"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_rank_matches_independent_oddr_reference(data):
    b = B.load_board(data.draw(st.sampled_from([2, 4, 6])))
    cells = data.draw(st.lists(st.sampled_from(b.cells), unique=True, max_size=40))
    p = B.empty_position(b)
    for c in cells:
        p = B.place_token(p, c, data.draw(st.sampled_from(["red", "blue"])), data.draw(st.integers(1, 3)))
    for colour in ("red", "blue"):
        assert B.rank(p, colour) == reference_rank(p, colour)
        assert sum(len(g) for g in B.groups(p, colour)) == len(B.cells_of(p, colour))


@settings(max_examples=80, deadline=None, derandomize=True)
@given(st.data())
def test_groups_and_rank_kept_incrementally_equal_a_fresh_count(data):
    """Rank and groups carried from position to position (set_cell keeps the memos that stay
    true: a placement joins the groups next to it, an emptied or recoloured cell drops its
    colour's) equal those of a fresh position with the same cells, for single colours and allied
    sides, whatever the order of placements, removals and recolourings; token counts too."""
    b = B.load_board(data.draw(st.sampled_from([2, 4])))
    colours = ("red", "blue", "green")
    sides = [frozenset(["red"]), frozenset(["blue"]), frozenset(["red", "blue"]), frozenset(["blue", "green"])]
    p = B.empty_position(b)
    for _ in range(data.draw(st.integers(1, 60))):
        cell = data.draw(st.sampled_from(b.cells[:30]))
        colour = data.draw(st.sampled_from(colours))
        p = B.set_cell(p, cell, colour, data.draw(st.integers(0, 3)))
        fresh = B.Position(b, dict(p.items()))
        for side in sides:   # ask on the derived position, so that the next one derives its memos
            assert B.groups(p, side) == B.groups(fresh, side)
            assert B.rank(p, side) == B.rank(fresh, side)
        for colour in colours:
            assert B.rank(p, colour) == B.rank(fresh, colour) == reference_rank(fresh, colour)
            assert B.tokens_of(p, colour) == sum(n for col, n in fresh.values() if col == colour)
        assert p.colours() == {col for col, _ in fresh.values()}
