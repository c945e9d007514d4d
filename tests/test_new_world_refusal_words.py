"""New World refusals name the cell as the map shows it and say why it is not empty.

A cell covered at setup by a face-down tile (two players, setup.two_player_blocked_cells) is refused
as covered, not as holding a tile; a cell with a placed tile still says it holds one.  Every cell a
placement refusal names carries its place name from the engine's data (labels.cell_place_name: a
cathedral's or castle's name, the named places it touches) with the coordinates in brackets."""
from __future__ import annotations

import pytest

from rules.core.protocol import IllegalAction
from rules.new_world import GAME
from rules.new_world.tiles import COVERED


def _start(hand, players=2, seed=1, board=None):
    s = GAME.new_game(GAME.make_config({"players": players}), seed)
    over = {"turn": 0, "hands": [hand] + [["food"]] * (players - 1)}
    if board:
        over["board"] = board
    return GAME.apply_overrides(s, over)


def _refused(s, action):
    assert action not in GAME.legal_actions(s, action["player"])
    why = GAME.explain_illegal(s, action)
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(s, action)
    assert (raised.value.clause, raised.value.message_th, raised.value.message_en) == (
        why.clause, why.message_th, why.message_en)
    return why.clause, why.message_th, why.message_en


def test_a_covered_cell_is_refused_as_covered_by_a_face_down_tile():
    s = _start(["food"])
    i = s.cells.index(COVERED)
    q, r = s.board.cells[i]
    assert (q, r) == (10, 1) and s.board.icon[i] == "blank"
    assert _refused(s, {"player": 0, "type": "place", "tile": "food", "q": q, "r": r}) == (
        "turn.place_tile",
        "ช่องว่าง ติดปราสาท Blair (10, 1) ถูกคว่ำไทล์ปิดไว้ (ช่องเหลือง เล่น 2 คน) ต้องวางบนช่องที่ว่าง",
        "blank cell next to castle Blair (10, 1) is covered by a face-down tile (a yellow cell, 2 players):"
        " a tile goes on an empty cell")
    # the fold's representative cell not empty is this covered cell at the start: same words
    [(a, why)] = [(a, w) for a, w in GAME.unavailable(s, 0) if w.clause == "turn.place_tile"]
    assert (a["q"], a["r"]) == (10, 1) and "covered by a face-down tile" in why.message_en


def test_a_cell_holding_a_placed_tile_is_taken_and_named():
    s = _start(["energy"], players=3, seed=10, board={"8,1": "1:food"})
    assert _refused(s, {"player": 0, "type": "place", "tile": "energy", "q": 8, "r": 1}) == (
        "turn.place_tile",
        "ช่องว่าง ติดปราสาท Doune และปราสาท Urquhart (8, 1) มีไทล์อยู่แล้ว ต้องวางบนช่องที่ว่าง",
        "blank cell next to castle Doune and castle Urquhart (8, 1) is taken: a tile goes on an empty cell")


def test_a_forbidden_cell_is_named_by_its_place_name():
    s = _start(["s2"], players=3, seed=10)
    assert _refused(s, {"player": 0, "type": "place", "tile": "s2", "q": 5, "r": 2}) == (
        "placement.forbidden_cells", "ช่องมหาวิหาร Dornoch (5, 2): ห้ามวางไทล์บนช่องมหาวิหาร",
        "cathedral cell Dornoch (5, 2): no tile may go on a cathedral")
    assert _refused(s, {"player": 0, "type": "place", "tile": "s2", "q": 5, "r": 0}) == (
        "placement.forbidden_cells", "ช่องน้ำ (5, 0): ห้ามวางไทล์บนช่องน้ำ", "water cell (5, 0): no tile may go on water")


def test_a_settlement_refused_off_a_settlement_space_names_the_cell():
    s = _start(["s2"], players=3, seed=10)
    clause, th, en = _refused(s, {"player": 0, "type": "place", "tile": "s2", "q": 8, "r": 1})
    assert clause == "placement.settlement"
    assert en.endswith("(blank cell next to castle Doune and castle Urquhart (8, 1) is not one)"), en
    assert "(ช่องว่าง ติดปราสาท Doune และปราสาท Urquhart (8, 1) ไม่ใช่)" in th, th
