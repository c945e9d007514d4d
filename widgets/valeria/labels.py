"""Valeria labels: the ONE adapter between the engine and its views.

A view never formats an action itself: :func:`describe` is the engine's ``describe_action``; whose
decision it is comes from the engine's ``current_player``."""
from __future__ import annotations

from typing import Any, Mapping

from rules.valeria import GAME


def seat_label(seat: int) -> str:
    """How the views name a seat."""
    return f"ผู้เล่น {seat + 1}"


def describe(state: Any, action: Mapping) -> tuple[str, str]:
    """``(th, en)`` of a legal action or chance outcome in ``state``: the engine's words."""
    return GAME.describe_action(state, dict(action))


def seat_to_act(state: Any) -> int | None:
    """Whose decision it is (the engine's ``current_player``; ``None`` at chance or the end)."""
    cp = GAME.current_player(state)
    return cp if isinstance(cp, int) and cp >= 0 else None


def seat_out(obs: Mapping, seat: int) -> bool:
    """Nobody is knocked out of Valeria."""
    return False
