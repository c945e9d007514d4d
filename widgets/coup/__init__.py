"""Coup's widget folder: its table view (:mod:`.table`) and its labels (:mod:`.labels`), plugged
into the shared page (:mod:`widgets.page`) as :data:`SPEC`."""
from __future__ import annotations

import ipywidgets as w

from rules.coup import GAME
from rules.coup.bots import make_bot

from rules.core.bots import bot_label

from ..page import GameSpec
from . import labels
from .table import CSS, CoupTableView, table_html

SECTIONS = {}
"""Coup's notebook puts an example beside each section itself (``page.section(SPEC, i, stem)``)."""


def _options() -> list[tuple[str, w.Widget]]:
    return [("reformation", w.Checkbox(value=False, description="การปฏิรูปศาสนา / Reformation"))]


SPEC = GameSpec(
    id="coup", game=GAME, board=CoupTableView, describe=labels.describe, seat_label=labels.seat_label,
    seat_to_act=labels.seat_to_act, seat_out=labels.seat_out, bluff=labels.bluff,
    decision_words=labels.decision_words, turn_of=labels.turn_of,
    why_words=labels.why_words,
    bots={"honest": (bot_label("coup", "honest"), lambda: make_bot("honest")),
          "bluffer": (bot_label("coup", "bluffer"), lambda: make_bot("bluffer")),
          "random": (bot_label("coup", "random"), lambda: make_bot("random"))},
    bot_kind="honest", bot_count=(1, 5, 3), play_options=_options, fresh_players=4,
    danger=frozenset({"challenge"}), css=CSS, analysis=("honest", 40))

__all__ = ["SPEC", "CoupTableView", "table_html", "labels"]
