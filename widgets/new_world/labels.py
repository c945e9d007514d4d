"""New World labels: the engine's (:class:`~widgets.labels.EngineLabels`: ``describe`` is the engine's
``describe_action``, whose decision it is its ``current_player``, nobody is knocked out), plus the
words of the score sources the breakdown chart and the board show."""
from __future__ import annotations

from rules.new_world import GAME
from rules.new_world.config import SOURCES

from ..labels import EngineLabels

SOURCE_LABELS = {"farms": "ฟาร์ม / farms", "settlements": "นิคม / settlements", "harbours": "ท่าเรือ, +1 / harbours",
                 "castles": "ปราสาท / castles", "missions": "ภารกิจ / missions", "towers": "หอคอย / towers"}
assert set(SOURCE_LABELS) == set(SOURCES)

LABELS = EngineLabels(GAME)
seat_label, describe, seat_to_act, seat_out = LABELS.seat_label, LABELS.describe, LABELS.seat_to_act, LABELS.seat_out
