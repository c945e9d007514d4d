"""Whose decision it is in New World (setup.first_player: clockwise; the chance nodes of Ireland)."""
from __future__ import annotations

from ..core.protocol import CHANCE, TERMINAL
from .state import FINAL_SCORING, OVER, SECOND_PICK, SHUFFLE, State


def current_player(s: State) -> int:
    if s.stage == OVER:
        return TERMINAL
    if s.stage in (SECOND_PICK, SHUFFLE, FINAL_SCORING):
        return CHANCE
    return s.turn


def phase(s: State) -> str:
    return s.stage
