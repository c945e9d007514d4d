"""The New World page (widgets/new_world): a scenario stepped on the map shows what decided it, and a
game against the bots is played to the end by clicking highlighted cells; the views draw only
``observe`` (another seat's hand never reaches a widget)."""
from __future__ import annotations

import re

from widgets import page
from widgets.new_world import SPEC
from widgets.new_world.board import NWBoardView
from rules.new_world.config import SOURCES
from widgets.new_world.charts import breakdown_figure


def _views(widget):
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        if isinstance(x, NWBoardView):
            out.append(x)
        stack.extend(getattr(x, "children", ()))
    return out


def test_a_scenario_shows_the_settlement_table_and_its_outline():
    view = page.scenario_at(SPEC, SPEC.scenarios / "1_large_settlement_2_2_2_closer_last.yaml", step=1)
    board = _views(view)[0]
    assert "ปิดนิคม / closer" in board.decided.value and "scoring.settlement_tiebreak" in board.decided.value
    assert board.map.outlines, "the full settlement is outlined"


def test_a_farm_group_is_outlined_with_its_points():
    view = page.scenario_at(SPEC, SPEC.scenarios / "3_energy_farm_bridges_2_and_3_scores_6.yaml", step=1)
    board = _views(view)[0]
    assert any("6 แต้ม" in o[2] for o in board.map.outlines)


def test_play_against_the_bots_to_the_end_by_clicks():
    table = page.new_table(SPEC, 1, "greedy", seed=5)
    board = table.board
    for _ in range(200):
        if table.session.current_player() == -2:
            break
        legal = table.legal()
        assert legal, "the reader must have a move"
        a = legal[0]
        if a["type"] == "place":
            assert (a["q"], a["r"]) in {tuple(h) for h in [tuple(map(int, c.split(","))) for c in board.map.highlights]}
            board.click(a["q"], a["r"])
        else:
            table.choose(table.decision, a)
    assert table.session.current_player() == -2
    assert "ผู้ชนะ / winner" in board.scores.value
    assert board._shown.obs["viewer"] == 0 and board._shown.obs["my_missions"] is not None
    assert "hands" not in board._shown.obs and "piles" not in board._shown.obs  # the view draws observe only
    fig = breakdown_figure(SPEC.game.score_breakdown(table.session.state))
    assert len(fig.data) == 6 and fig.layout.barmode == "stack"
    chart = board.chart.children[0]  # the end breakdown shows under the scores once the game is over
    bd = SPEC.game.score_breakdown(table.session.state)
    for i, row in enumerate(bd["seats"]):   # every source worth points is a segment of its seat's bar
        bar = chart.value.split('class="kl-nw-bar-row"')[i + 1]
        assert re.findall(r'data-source="(\w+)"', bar) == [k for k in SOURCES if row["sources"][k] > 0]
        assert f'<b class="kl-nw-bar-total">{sum(row["sources"].values())}</b>' in bar
    table.undo()
    assert board.chart.children == ()
