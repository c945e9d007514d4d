"""Valeria labels: the engine's (:class:`~widgets.labels.EngineLabels`: ``describe`` is the engine's
``describe_action``, whose decision it is its ``current_player``, nobody is knocked out), unchanged."""
from __future__ import annotations

from rules.valeria import GAME

from ..labels import EngineLabels

LABELS = EngineLabels(GAME)
seat_label, describe, seat_to_act, seat_out = LABELS.seat_label, LABELS.describe, LABELS.seat_to_act, LABELS.seat_out
