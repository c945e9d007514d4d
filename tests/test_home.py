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


def _seen(markup: str) -> str:
    """The words of an HTML fragment as a reader sees them (tags dropped, spaces squeezed)."""
    import html
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def test_a_game_title_the_same_in_thai_and_english_is_said_once_on_its_card():
    """The home's Shadow Master tab read "Shadow Master / Shadow Master" (as ``GameInfo.title`` says
    it: once when both are the same); a game with two titles keeps both."""
    from rules import GAMES
    from widgets.home import game_card
    for game, info in GAMES.items():
        heading = _seen(game_card(game).children[0].value)
        assert heading == info.title, (heading, info.title)
    assert _seen(game_card("shadow_master").children[0].value) == "Shadow Master"


def test_the_rank_clause_says_its_title_once():
    """The live board's Rank clause showed "วิธีนับลำดับ Rank" in small grey, then again as its
    text's first line: a heading the text opens with is not repeated above it (any clause panel)."""
    from rules.core.rulebook import load_rulebook
    from widgets.rulepanel import clause_html
    from tests.screen_text import screen_text
    shown = screen_text(ShadowMasterBoard(players=4))  # the home's live board, its clauses included
    assert shown.count("วิธีนับลำดับ Rank") == 1, shown
    markup = clause_html(load_rulebook("shadow_master").clause("rank.largest_group"))
    assert _seen(markup).count("วิธีนับลำดับ Rank") == 1, markup
    # a heading the text does not open with is still shown (the clause's place in the book)
    book = load_rulebook("shadow_master")
    other = next(c for c in book.clauses if len(c.heading) > 1
                 and c.text_th.strip().split("\n", 1)[0].strip() != c.heading[-1])
    assert other.heading[-1] in _seen(clause_html(other))  # as the card's title or its path


def test_the_palettes_labels_put_a_slash_between_thai_and_english():
    """"แดง red", "ลบ remove": every other label of the pages reads "Thai / English"."""
    panel = ShadowMasterBoard()
    labels = [label for label, _v in panel.picker.options]
    assert labels[-1] == "ลบ / remove"
    assert all(" / " in label for label in labels), labels


def test_the_home_page_opens_with_a_start_here_path_like_every_game_page():
    """Every game page opens with "start here"; the home page had none (a fresh user's finding): a
    path of three steps, the games' pages, the live board and the analyzer (linked)."""
    import json
    from pathlib import Path
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "index.ipynb").read_text(encoding="utf-8"))
    first = "".join(nb["cells"][0]["source"])
    assert "### เริ่มตรงนี้ / Start here" in first
    path = first.split("### เริ่มตรงนี้ / Start here", 1)[1]
    assert [line[:3] for line in path.strip().splitlines()] == ["1. ", "2. ", "3. "]
    assert "](analyzer.ipynb)" in path
    assert (Path(__file__).resolve().parents[1] / "notebooks" / "analyzer.ipynb").exists()
