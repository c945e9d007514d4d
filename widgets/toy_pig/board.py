"""The Toy Pig board: a score table drawn from ``observe(state, viewer)`` only (the smallest real
board view: copy it).  A seat's secret card is in its own observation only, so it is shown only to
that seat; a spectator's table has no secret at all."""
from __future__ import annotations

import html

import ipywidgets as w

from rules.toy_pig import GAME

from .. import labels
from ..page import BoardView, Shown, acting

CSS = """<style>
.kl-pig table { border-collapse: collapse; }
.kl-pig td, .kl-pig th { border: 1px solid #ccc; padding: 2px 8px; text-align: right; }
.kl-pig tr.acting { background: #fff4cc; }
</style>"""


def table_html(obs: dict, seat_label) -> str:
    """The scores as an HTML table (whose decision it is highlighted, from ``obs["current"]``)."""
    now = acting(obs)
    rows = []
    for seat, score in enumerate(obs["scores"]):
        cls = " class='acting'" if seat in now else ""
        pending = obs["pending"] if seat == obs["turn"] else ""
        rows.append(f"<tr{cls} data-seat='{seat}'><td style='text-align:left'>"
                    f"{labels.seat_html(seat_label(seat), GAME.seat_words(seat)[1])}</td>"
                    f"<td class='kl-score'>{score}</td><td>{pending}</td></tr>")
    secret = obs.get("my_secret")
    mine = (f"<div>การ์ดลับของคุณ / your secret card: <b class='kl-secret'>{secret}</b></div>"
            if secret is not None else "")
    return ("<div class='kl-pig'><table><tr><th>ผู้เล่น / player</th><th>แต้ม / score</th>"
            "<th>ในตานี้ / this turn</th></tr>" + "".join(rows) + f"</table>{mine}</div>")


class PigBoard(BoardView):
    """The score table with the page's ``side`` widgets below it (no board clicks: the page's buttons
    are the moves)."""

    def __init__(self, spec, state, side=(), play=False, **kwargs):
        super().__init__(spec, state, side, play, **kwargs)
        self.html = w.HTML()
        self.children = [self.html, *self.side]

    def show(self, shown: Shown) -> None:
        self.html.value = table_html(shown.obs, self.spec.seat_label)
