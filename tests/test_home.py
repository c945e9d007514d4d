"""The home page's live Shadow Master board (``notebooks/index.ipynb``,
:class:`widgets.shadow_master.live_board.ShadowMasterBoard`): its kingdom table lists every colour
its picker offers, as the engine gives them (a fresh user placed black tokens, offered by the
picker, and found no black row to count them)."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("rules.shadow_master.board")

from rules.shadow_master import board as smb  # noqa: E402
from widgets.shadow_master.live_board import REMOVE, ShadowMasterBoard  # noqa: E402


def _rows(panel) -> dict[str, str]:
    """``{colour: the row's HTML}`` of the kingdom table."""
    return dict(re.findall(r'<tr data-colour="([^"]+)">(.*?)</tr>', panel.ranks.value))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_kingdom_table_lists_every_colour_the_board_offers(players):
    panel = ShadowMasterBoard(players=players)
    offered = [v for _label, v in panel.picker.options if v != REMOVE]
    assert offered == list(panel.board.all_colours)  # the engine's list, black included
    assert list(_rows(panel)) == offered


def test_black_tokens_are_counted_in_their_row_and_have_no_rank():
    panel = ShadowMasterBoard(players=4)
    b = panel.board
    panel.picker.value = b.black
    for cell in b.cells[:2]:
        panel.hexboard.click(b.hex_of[cell])
    row = _rows(panel)[b.black]
    assert smb.tokens_of(panel.position, b.black) == 2
    assert re.search(r">2</td>$", row), row  # the tokens column
    assert b.black not in smb.rank_by_colour(panel.position)  # the engine gives black no Rank...
    assert 'class="kl-rank"' not in row and ">-</td>" in row  # ...and the table says so
    assert b.colour_th[b.black] in row
