"""New World labels: the engine's (:class:`~widgets.labels.EngineLabels`: ``describe`` is the engine's
``describe_action``, whose decision it is its ``current_player``, nobody is knocked out), and the
engine's words of the score sources the breakdown chart and the board show (``GAME.id_labels``)."""
from __future__ import annotations

from rules.core.protocol import id_label
from rules.new_world import GAME
from rules.new_world.config import SOURCES

from ..labels import EngineLabels

SOURCE_LABELS = {k: " / ".join(id_label(GAME, "source", k)) for k in SOURCES}
"""``"ฟาร์ม / farms"`` by source, in the engine's order (``rules.new_world.config.SOURCES``)."""

LABELS = EngineLabels(GAME)
seat_label, describe, seat_to_act, seat_out = LABELS.seat_label, LABELS.describe, LABELS.seat_to_act, LABELS.seat_out
