"""New World's widget folder (copied from ``widgets/toy_pig``): the map view (:mod:`.board`), the
labels adapter (:mod:`.labels`), the breakdown chart (:mod:`.charts`), plugged into the shared page
as :data:`SPEC`."""
from __future__ import annotations

import ipywidgets as w

from rules.new_world.bots import greedy_bot, random_bot

from rules.core.bots import bot_label

from ..page import GameSpec
from . import labels
from .board import CSS, NWBoardView, action_cell, analysis_board

SPEC = GameSpec(
    id="new_world", game=labels.GAME, board=NWBoardView, **labels.LABELS.spec_fields(),
    bots={"greedy": (bot_label("new_world", "greedy"), lambda: greedy_bot), "random": (bot_label("new_world", "random"), lambda: random_bot)},
    bot_kind="greedy", bot_count=(1, 3, 1), fresh_players=2, primary=frozenset({"place"}), css=CSS,
    css_class="kl-nw", analysis=("greedy", 8), action_cell=action_cell, analysis_board=analysis_board,
    play_options=lambda: [("side", w.Dropdown(options=[("สกอตแลนด์ / Scotland", "scotland"),
                                                       ("ไอร์แลนด์ / Ireland", "ireland")],
                                              value="scotland", description="ด้าน / side"))])

__all__ = ["SPEC", "NWBoardView", "labels"]
