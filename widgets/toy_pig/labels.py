"""Toy Pig labels: the game's labels adapter (copy this file for a new game).

A view never formats an action itself.  :class:`~widgets.labels.EngineLabels` answers from the engine
(``describe`` is its ``describe_action``, whose decision it is its ``current_player``, nobody is out);
this file overrides only what Pig words differently: the heading of a turn in the story.
"""
from __future__ import annotations

from rules.toy_pig import GAME

from ..labels import EngineLabels


class PigLabels(EngineLabels):
    """Pig's labels: the engine's, plus the story's turn headings."""

    def turn_of(self, obs) -> str:
        """The story's heading of the turn an observation is in (the event log groups events under it)."""
        th, en = self.seat_words(obs["turn"])
        return f"ตาของ{th} / {en}'s turn"


LABELS = PigLabels(GAME)
seat_label, describe, seat_to_act, seat_out, turn_of = (
    LABELS.seat_label, LABELS.describe, LABELS.seat_to_act, LABELS.seat_out, LABELS.turn_of)
