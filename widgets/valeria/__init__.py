"""Valeria's widget folder (copied from ``widgets/toy_pig/``): its table view (:mod:`.board`) and its
labels (:mod:`.labels`), plugged into the shared page (:mod:`widgets.page`) as :data:`SPEC`."""
from __future__ import annotations

from rules.valeria.bots import greedy_bot, random_bot

from rules.core.bots import bot_label

from ..page import GameSpec
from . import labels
from .board import CSS, ValeriaBoard, table_html

SPEC = GameSpec(
    id="valeria", game=labels.GAME, board=ValeriaBoard, **labels.LABELS.spec_fields(),
    bots={"greedy": (bot_label("valeria", "greedy"), lambda: greedy_bot), "random": (bot_label("valeria", "random"), lambda: random_bot)},
    bot_kind="greedy", bot_count=(1, 4, 1), fresh_players=2, primary=frozenset({"fight", "camp"}), css=CSS,
    analysis=("greedy", 20))

__all__ = ["SPEC", "ValeriaBoard", "table_html", "labels"]
