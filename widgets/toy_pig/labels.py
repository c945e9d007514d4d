"""Toy Pig labels: the ONE adapter between the engine and its views (copy this file for a new game).

A view never formats an action itself: :func:`describe` is the engine's ``describe_action``.  Until
the toy engine has it (``rules/toy_pig`` lands on main) the fallback below names the two moves.
"""
from __future__ import annotations

from typing import Any, Mapping

from . import engine

GAME = engine.GAME


def seat_label(seat: int) -> str:
    """How the views name a seat."""
    return f"ผู้เล่น {seat + 1}"


def describe(state: Any, action: Mapping) -> tuple[str, str]:
    """``(th, en)`` of a legal action or chance outcome in ``state``: the engine's words."""
    fn = getattr(GAME, "describe_action", None)
    if fn is not None:
        return fn(state, dict(action))
    if "chance" in action:  # FALLBACK until rules/toy_pig has describe_action
        return (f"ทอยได้ {action.get('value')}", f"rolled {action.get('value')}")
    return {"roll": ("ทอยเต๋า", "roll"), "hold": ("หยุดเก็บแต้ม", "hold")}.get(action["type"],
                                                                          (action["type"], action["type"]))


def acting_seat(state: Any) -> int | None:
    """Whose decision it is (the engine's ``current_player``; ``None`` at chance or the end)."""
    cp = GAME.current_player(state)
    return cp if isinstance(cp, int) and cp >= 0 else None


def seat_out(obs: Mapping, seat: int) -> bool:
    """Nobody is knocked out of Pig."""
    return False
