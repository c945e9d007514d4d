"""New World labels: the engine's (:class:`~widgets.labels.EngineLabels`: ``describe`` is the engine's
``describe_action``, whose decision it is its ``current_player``, nobody is knocked out), the story's
turn headings (the engine's ``turn_name``; a story line's clauses are the engine's ``cite_name``,
:meth:`~widgets.labels.EngineLabels.why_words`), and the engine's words of the score sources the
breakdown chart and the board show (``GAME.id_labels``)."""
from __future__ import annotations

from rules.core.protocol import id_label
from rules.new_world import GAME
from rules.new_world.config import SOURCES
from rules.new_world.labels import turn_name
from rules.new_world.state import FINAL_SCORING

from ..labels import EngineLabels

SOURCE_LABELS = {k: " / ".join(id_label(GAME, "source", k)) for k in SOURCES}
"""``"ฟาร์ม / farms"`` by source, in the engine's order (``rules.new_world.config.SOURCES``)."""


class NWLabels(EngineLabels):
    """New World's labels: the engine's, plus the story's turn headings."""

    def turn_of(self, obs) -> str:
        """The heading of the turn an observation is in (``obs["turn"]``: the seat to act): the play
        log groups each action's events under the turn of the position before it, so a bot's
        placement and what it scored read under that bot's turn.  The end-game scoring is a step of
        its own (the engine's phase ``final_scoring``) and reads under the phase's words
        (``ID_LABELS["phase"]``: "นับแต้มตอนจบเกม / final scoring"), not the last mover's turn."""
        if obs["phase"] == FINAL_SCORING:
            return " / ".join(id_label(GAME, "phase", FINAL_SCORING))
        return " / ".join(turn_name(obs["turn"]))


LABELS = NWLabels(GAME)
seat_label, describe, seat_to_act, seat_out, turn_of = (
    LABELS.seat_label, LABELS.describe, LABELS.seat_to_act, LABELS.seat_out, LABELS.turn_of)
