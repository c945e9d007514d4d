"""The live Shadow Master board: pick a colour, click cells to place tokens, see each
colour's largest connected group outlined and its Rank.

Every rule comes from :mod:`rules.shadow_master.board`: ``place_token`` refuses a fourth token
or a second colour in a cell (clause ``board.cell_capacity``) with a Thai + English message,
``rank`` counts the CELLS of a colour's largest connected group (clause
``rank.largest_group``), ``largest_group`` gives the group that is outlined.  This view only
keeps the list of positions for undo/reset and draws them.
"""
from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from rules.core.rulebook import load_rulebook
from rules.shadow_master import board as smb

from ..errors import THAI_FONT, error_html, guard, message_html
from ..mobile import MOBILE_CSS
from ..hexboard import HexBoard
from ..rulepanel import PANEL_CSS, clause_html

COLOUR_CSS = {
    "red": "#d32f2f", "blue": "#1e63c6", "green": "#2e7d32", "yellow": "#f2c200",
    "purple": "#7b1fa2", "white": "#ffffff", "black": "#212121",
}
"""Display colour of each token colour (drawing only)."""
OUTLINE_CSS = {"white": "#8d8d8d", "yellow": "#b08c00"}
"""Outline stroke where the token colour would not show on the light board."""
REMOVE = "remove"
CLAUSES = ("board.cell_capacity", "rank.largest_group")


def _tint(hex_colour: str, amount: float = 0.35, base: str = "#f3eddc") -> str:
    """``hex_colour`` mixed into ``base`` (a light cell background of that colour)."""
    a = [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(base[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(y + (x - y) * amount):02x}" for x, y in zip(a, b))


LABEL_SCALE = 0.46
"""Shadow Master's cell names ("E4", "X1") as a share of a board's ``size``
(:attr:`widgets.hexboard.HexBoard.label_scale`): they are the only name a cell has, and at the
default 0.36 a fresh user measured them 8 px high on the play map at 390 px (6.8 units of a size-19
board); at 0.46 they read 14 px at 1280 and 12 px at 390 (the map the column's width there, :data:`widgets.shadow_master.panels.CSS`)."""

RANKS_CSS = ".kl-ranks th, .kl-ranks td { padding: 2px 8px; vertical-align: bottom; }"
"""The Rank table's cells apart: unpadded, its headers read "kingdomRankโทเคน" run together (a
fresh user on the home page at 390 px)."""


class ShadowMasterBoard(w.VBox):
    """The Shadow Master board panel for ``players`` (2-6; the board layout is assumed data).

    Children: colour picker, board (:class:`~widgets.hexboard.HexBoard`), Rank table, message,
    undo/reset buttons, and the two clauses it applies.  ``history`` holds the positions
    (``history[-1]`` is shown).  Raises :class:`~rules.core.protocol.BadInput` when the board
    data is malformed.
    """

    def __init__(self, players: int = 4, size: float = 24.0, **kwargs):
        self.board = smb.load_board(players)
        self.history: list[smb.Position] = [smb.empty_position(self.board)]
        colours = self.board.all_colours
        self.picker = w.ToggleButtons(
            options=[(f"{self.board.colour_th.get(c, c)} / {c}", c) for c in colours]  # as panels.colour_label
            + [("ลบ / remove", REMOVE)],
            value=colours[0], description="สี / colour",
            style={"button_width": "auto"},
        )
        self.picker.add_class("kl-picker")
        self.hexboard = HexBoard([self.board.hex_of[c] for c in self.board.cells], size=size,
                                 labels={self.board.hex_of[c]: c for c in self.board.cells},
                                 width=600, label_scale=LABEL_SCALE,
                                 layout=w.Layout(flex="1 1 420px", max_width="600px"))
        self.ranks = w.HTML()
        self.message = w.HTML()
        self.undo_button = w.Button(description="ย้อน / Undo", icon="undo", layout=w.Layout(width="auto"))
        self.reset_button = w.Button(description="เริ่มใหม่ / Reset", icon="refresh", layout=w.Layout(width="auto"))
        self.undo_button.on_click(lambda _b: self._guarded(self.undo))
        self.reset_button.on_click(lambda _b: self._guarded(self.reset))
        self.hexboard.on_click(lambda cell: self._guarded(self.click, cell))
        try:
            book = load_rulebook("shadow_master")
            rules_html = PANEL_CSS + '<div class="kl-rules">' + "".join(
                clause_html(book.clause(cid), book=book) for cid in CLAUSES) + "</div>"
        except (KeyError, ValueError) as exc:
            rules_html = error_html(exc)
        side = w.VBox([self.ranks, w.HBox([self.undo_button, self.reset_button]), self.message,
                       w.HTML(rules_html)], layout=w.Layout(min_width="300px", max_width="440px"))
        style = w.HTML(f"<style>.kl-picker button {{ font-family: {THAI_FONT}; }}{RANKS_CSS}</style>" + MOBILE_CSS)
        super().__init__([style, self.picker, w.HBox([self.hexboard, side],
                                                     layout=w.Layout(flex_flow="row wrap"))],
                         **kwargs)
        self._draw()

    # -- reading -------------------------------------------------------------------------
    @property
    def position(self) -> smb.Position:
        """The position shown."""
        return self.history[-1]

    def ranks_by_colour(self) -> dict[str, int]:
        """``{colour: Rank}`` of the shown position (from ``rules.shadow_master.board``)."""
        return smb.rank_by_colour(self.position)

    # -- acting (each raises IllegalAction from the engine; the click handler shows it) ---
    def click(self, cell: Any) -> None:
        """Place (or remove) a token of the picked colour in ``cell`` (axial hex or name)."""
        name = self.board.name_of[cell] if isinstance(cell, tuple) else str(cell)
        colour = self.picker.value
        if colour == REMOVE:
            new = smb.remove_token(self.position, name)
            done = (f"เอาโทเคนออกจากช่อง {name}", f"removed a token from {name}")
        else:
            new = smb.place_token(self.position, name, colour)
            th = self.board.colour_th.get(colour, colour)
            done = (f"วางโทเคนสี{th}ที่ช่อง {name}", f"placed a {colour} token on {name}")
        self.history.append(new)
        self._draw(message_html(*done))

    def undo(self) -> bool:
        """Back one position; ``False`` when there is nothing to undo."""
        if len(self.history) == 1:
            self._draw(message_html("ไม่มีอะไรให้ย้อน", "nothing to undo"))
            return False
        self.history.pop()
        self._draw(message_html("ย้อนแล้ว", "undone"))
        return True

    def reset(self) -> None:
        """Empty the board (undo brings the previous position back)."""
        self.history.append(smb.empty_position(self.board))
        self._draw(message_html("เริ่มกระดานใหม่", "board reset"))

    def _guarded(self, fn, *args) -> None:
        with guard(self.message):
            fn(*args)

    # -- drawing -------------------------------------------------------------------------
    def _draw(self, message: str = "") -> None:
        pos, board = self.position, self.board
        ranks = smb.rank_by_colour(pos)
        stacks, fills, outlines = {}, {}, []
        for name, (colour, n) in pos.items():
            h = board.hex_of[name]
            css = COLOUR_CSS.get(colour, "#999999")
            stacks[h] = (css, n)
            fills[h] = _tint(css)
        for colour in board.colours:
            if ranks.get(colour):
                group = smb.largest_group(pos, colour)
                stroke = OUTLINE_CSS.get(colour, COLOUR_CSS.get(colour, "#000000"))
                outlines.append(([board.hex_of[c] for c in group], stroke,
                                 f"{colour} Rank {ranks[colour]}"))
        # The board first (one message), then the side panel.
        self.hexboard.update(fills=fills, stacks=stacks, outlines=outlines)
        self.ranks.value = self._rank_table(ranks)
        self.message.value = message
        self.undo_button.disabled = len(self.history) == 1

    def _rank_table(self, ranks: dict[str, int]) -> str:
        """A row for every colour the picker offers (``board.all_colours``: the kingdoms, then
        black); a colour the engine gives no Rank (black, ``rank_by_colour``) shows "-"."""
        e = html.escape
        rows = []
        for colour in self.board.all_colours:
            css = COLOUR_CSS.get(colour, "#999")
            tokens = smb.tokens_of(self.position, colour)
            rank = (f'<td class="kl-rank" data-colour="{e(colour)}" style="text-align:right;font-weight:bold">'
                    f'{ranks[colour]}</td>' if colour in ranks else
                    '<td style="text-align:right;color:#666" title="ไม่มี Rank / no Rank">-</td>')
            rows.append(
                f'<tr data-colour="{e(colour)}"><td><span style="display:inline-block;width:14px;height:14px;'
                f'border:1px solid #444;border-radius:7px;background:{css}"></span> '
                f'{e(self.board.colour_th.get(colour, colour))} <span style="color:#666">'
                f'{e(colour)}</span></td>{rank}'
                f'<td style="text-align:right;color:#666">{tokens}</td></tr>')
        return (f'<table class="kl-ranks" style="font-family:{THAI_FONT};border-collapse:collapse">'
                '<tr><th style="text-align:left">อาณาจักร / kingdom</th>'
                '<th>Rank</th><th>โทเคน / tokens</th></tr>' + "".join(rows) + "</table>")
