"""New World labels: the ONE adapter between the engine and its views (as ``widgets/toy_pig/labels.py``).

A view never formats an action itself: :func:`describe` is the engine's ``describe_action``; whose
decision it is comes from the engine's ``current_player``; nobody is knocked out of New World."""
from __future__ import annotations

from typing import Any, Mapping

from rules.new_world import GAME
from rules.new_world.config import SOURCES

SOURCE_LABELS = {"farms": "ฟาร์ม / farms", "settlements": "นิคม / settlements", "harbours": "ท่าเรือ, +1 / harbours",
                 "castles": "ปราสาท / castles", "missions": "ภารกิจ / missions", "towers": "หอคอย / towers"}
assert set(SOURCE_LABELS) == set(SOURCES)


def seat_label(seat: int) -> str:
    return f"ผู้เล่น {seat + 1}"


def describe(state: Any, action: Mapping) -> tuple[str, str]:
    return GAME.describe_action(state, dict(action))


def seat_to_act(state: Any) -> int | None:
    cp = GAME.current_player(state)
    return cp if isinstance(cp, int) and cp >= 0 else None


def seat_out(obs: Mapping, seat: int) -> bool:
    return False
