""""Why can't I do this?" in New World: the engine's ``unavailable`` (at a placement, a cell of each
kind the placement rules name that the tile may not go on now; at the double marker, the missions it
may not go on), each with ``explain_illegal``'s own refusal, and the play table's fold that shows it
(widgets.whynot), clause ids in tooltips only."""
from __future__ import annotations

import dataclasses
import time

from rules.core.testing import random_decisions, unavailable_problems
from rules.core.scenario import run_file
from rules.new_world import GAME
from tests.test_clause_cards import _ids_in, _words
from widgets import page
from widgets.new_world import SPEC
from widgets.session import GameSession



def _start(hand, players=2, seed=1, **config):
    s = GAME.new_game(GAME.make_config({"players": players, **config}), seed)
    return GAME.apply_overrides(s, {"turn": 0, "hands": [hand] + [["food"]] * (players - 1)})


def _icon(s, a):
    return s.board.icon[s.board.index[(a["q"], a["r"])]]


def test_random_positions_every_listed_action_is_refused_by_the_engine_with_the_same_clause():
    """Seeded random play on both sides, a few hundred decisions: every (action, refusal) listed is
    not legal and ``explain_illegal`` gives the same refusal; another seat gets nothing."""
    seen, decisions, times = set(), 0, []
    games = [(seed, {"players": 2 + seed % 3, "side": "ireland" if seed % 2 else "scotland"}) for seed in range(6)]
    for s, cp in random_decisions(GAME, games, max_steps=400):
        decisions += 1
        t0 = time.perf_counter()
        got = GAME.unavailable(s, cp)
        times.append(time.perf_counter() - t0)
        assert unavailable_problems(GAME, s, cp) == []   # not legal; explain_illegal's own refusal
        for action, refusal in got:
            seen.add(refusal.clause)
        assert GAME.unavailable(s, (cp + 1) % s.players) == []
    assert decisions >= 200
    assert {"placement.farm_overflow", "placement.forbidden_cells", "turn.place_tile", "placement.settlement"} <= seen
    times.sort()
    assert times[int(len(times) * 0.95)] < 0.005  # it runs at every decision of the play table


def test_a_food_farm_lists_the_energy_icon_a_settlement_space_and_a_forbidden_cell():
    """placement.farm_overflow (its own and the blank cells are free), placement.food_farm (a
    settlement space), placement.forbidden_cells: one cell of each kind, each by its clause."""
    s = _start(["food"])
    got = GAME.unavailable(s, 0)
    kinds = [(_icon(s, a), why.clause) for a, why in got]
    assert kinds[:2] == [("energy", "placement.farm_overflow"), ("settlement", "placement.food_farm")]
    assert kinds[2][0] in ("water", "castle", "cathedral") and kinds[2][1] == "placement.forbidden_cells"
    assert all(a["tile"] == "food" for a, _ in got)


def test_a_settlement_tile_lists_a_farm_cell():
    """placement.settlement: a settlement tile goes only on a settlement space."""
    s = _start(["s2"])
    got = [(_icon(s, a), why.clause) for a, why in GAME.unavailable(s, 0)]
    assert got[0][1] == "placement.settlement" and got[0][0] in ("blank", "food", "energy")


def test_once_the_own_and_blank_cells_are_full_the_other_icon_is_not_listed():
    """Ruling 7 (placement.farm_overflow): every food and blank cell is taken, so a food farm may go
    on an energy cell: that kind is legal, not listed; a taken cell is (turn.place_tile)."""
    s = GAME.apply_overrides(GAME.new_game(GAME.make_config({"players": 4, "tile_mix": "farm_heavy"}), 9),
                             _overrides_of(SPEC.scenarios / "7_farm_overflow_and_forbidden_cells.yaml"))
    clauses = [why.clause for _a, why in GAME.unavailable(s, 0)]
    assert "placement.farm_overflow" not in clauses
    assert "turn.place_tile" in clauses and "placement.food_farm" in clauses


def _overrides_of(path):
    import yaml
    return yaml.safe_load(path.read_text())["setup"]["overrides"]


def test_the_double_marker_lists_a_mission_already_achieved():
    """ireland.tower_double_marker: the marker goes only on a public mission the seat has not
    achieved; one it has achieved is listed with that reason (no card id in the words)."""
    res = run_file(SPEC.scenarios / "ireland_3_draw_mission_and_double_marker.yaml")
    s = next(st.state for st in res.steps if st.state.stage == "double")
    seat = s.turn
    done = list(s.public_done)
    done[0] = (seat,)
    s = dataclasses.replace(s, public_done=tuple(done))
    got = GAME.unavailable(s, seat)
    assert [(a["card"], why.clause) for a, why in got] == [(s.public[0], "ireland.tower_double_marker")]
    why = got[0][1]
    assert "สำเร็จแล้ว" in why.message_th and s.public[0] not in why.message_en


def test_the_play_tables_fold_lists_the_refused_cells_in_words():
    """The play panel's "why can't I do something?" fold at the reader's placement: a cell of each
    refused kind by the engine's words and clause titles; no clause id in the visible text."""
    session = GameSession(GAME, config={"players": 2}, seed=1,
                          overrides={"turn": 0, "hands": [["food"], ["food"]]})
    _label, factory = SPEC.bots["greedy"]
    table = page.PlayTable(SPEC, session, viewer=0, bots={1: factory()})
    try:
        assert table.whynot in table.controls.children or table.whynot in _tree(table)
        out = table.whynot.value
        assert "class='kl-whynot'" in out and out.count("<li>") >= 3
        text = _words(out)
        assert "ทำไมทำบางอย่างไม่ได้?" in text and "วางฟาร์มอาหาร" in text
        assert "วางบนช่องนิคมไม่ได้" in text and "ห้ามวางไทล์" in text
        assert "title='placement.farm_overflow'" in out
        assert not _ids_in(text, "new_world"), text
    finally:
        table.close()


def _tree(root):
    out, todo = [], [root]
    while todo:
        x = todo.pop()
        out.append(x)
        todo.extend(getattr(x, "children", ()))
    return out
