"""Toy Pig's widget folder: the smallest real example of a game's widgets (copy it to add a game).

A game folder holds only its board or table view (:mod:`.board`) and its labels (:mod:`.labels`:
a :class:`widgets.labels.EngineLabels` that asks the engine, with only what the game words
differently overridden), and plugs them into the shared page as
:data:`SPEC`; the page (:mod:`widgets.page`) gives the scenario stepper, the rulings picker, the
play panel against bots (undo, seeds) and the register.  To add ``<game>``: copy this folder to
``widgets/<game>/``, import ``GAME`` from ``rules.<game>`` in ``labels.py``, draw ``observe``
in ``board.py``, name the bots below, then call ``page.section(SPEC, ...)``, ``page.rulings(SPEC)``,
``page.play(SPEC)``, ``page.register(SPEC)`` and ``page.follow(box, SPEC)`` in the notebook.
Every stepper and play table then offers "what would the bots do here?" (``widgets/bots_here.py``):
``analysis=(bot, rollouts)`` sets what it starts with; a hex game adds ``action_cell`` and
``analysis_board`` so that the result is drawn as shaded cells (``widgets/new_world/board.py``).
"""
from __future__ import annotations

from rules.toy_pig.bots import cautious_bot, random_bot

from rules.core.bots import bot_label

from ..page import GameSpec
from . import labels
from .board import CSS, PigBoard

SPEC = GameSpec(
    id="toy_pig", game=labels.GAME, board=PigBoard, **labels.LABELS.spec_fields(),
    bots={"cautious": (bot_label("toy_pig", "cautious"), lambda: cautious_bot), "random": (bot_label("toy_pig", "random"), lambda: random_bot)},
    bot_kind="cautious", bot_count=(1, 3, 1),
    fresh_players=2, primary=frozenset({"roll"}), css=CSS, analysis=("cautious", 100))

__all__ = ["SPEC", "PigBoard", "labels"]
