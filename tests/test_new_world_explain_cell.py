"""New World's "why not here?": a click on a cell where no tile may go shows the engine's refusal
(the clause, Thai and English, for each tile the reader may place), never a widget's own sentence
(a fresh reader's trial met "no legal placement on this cell now", which named no rule).

``GAME.explain_cell(state, player, q, r)`` is the engine's answer; the play table shows it."""
from __future__ import annotations

from rules.new_world import GAME
from rules.new_world.actions import explain
from widgets import page
from widgets.new_world import SPEC


def cells_by_icon(s) -> dict[str, list[tuple[int, int]]]:
    out: dict = {}
    for i, c in enumerate(s.board.cells):
        out.setdefault(s.board.icon[i], []).append(c)
    return out


def test_explain_cell_gives_each_tiles_refusal_with_its_clause():
    s = GAME.apply_overrides(GAME.new_game(GAME.default_config(2), 5), {"hands": [["energy", "s1"], ["food"]]})
    icons = cells_by_icon(s)
    food = icons["food"][0]
    why = GAME.explain_cell(s, 0, *food)  # the energy farm overflows no farm yet; a settlement needs its space
    assert [x.clause for x in why] == ["placement.farm_overflow", "placement.settlement"]
    for x, tile in zip(why, ("energy", "s1")):
        one = explain(s, {"player": 0, "type": "place", "tile": tile, "q": food[0], "r": food[1]})
        assert (x.clause, x.message_th, x.message_en) == (one.clause, one.message_th, one.message_en)
    water = GAME.explain_cell(s, 0, *icons["water"][0])  # every tile alike: one refusal
    assert [x.clause for x in water] == ["placement.forbidden_cells"] and "water" in water[0].message_en
    assert GAME.explain_cell(s, 0, *icons["settlement"][0]) == []  # the settlement may go there
    assert GAME.explain_cell(s, 0, *icons["blank"][0]) == []       # the energy farm may go there
    assert [x.clause for x in GAME.explain_cell(s, 1, *icons["blank"][0])] == ["setup.first_player"]  # not seat 1's turn
    assert [x.clause for x in GAME.explain_cell(s, 0, 99, 99)] == ["turn.place_tile"]  # off the map


def test_a_click_on_a_refused_cell_shows_the_engines_clause_and_words():
    table = page.new_table(SPEC, 1, "greedy", seed=5)
    board, s = table.board, table.session.state
    legal = {(a["q"], a["r"]) for a in table.legal()}
    water = next(c for c in cells_by_icon(s)["water"] if c not in legal)
    length, chosen = table.session.length, table.chosen
    board.click(*water)
    shown = table.message.value
    assert "kl-error" in shown and "placement.forbidden_cells" in shown and "no legal placement" not in shown
    why, = GAME.explain_cell(s, table.viewer, *water)
    assert why.message_en in shown and why.message_th in shown
    assert table.session.length == length and table.chosen == chosen  # nothing placed or selected
    a = table.legal()[0]
    board.click(a["q"], a["r"])  # a legal cell afterwards: selected, the refusal is gone
    assert table.chosen == a and table.message.value == ""
