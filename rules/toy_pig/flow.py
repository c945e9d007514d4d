"""Whose decision it is in Toy Pig (setup.order, play.choose)."""
from __future__ import annotations

from ..core.protocol import CHANCE, TERMINAL
from .state import PHASE_CHOOSE, PHASE_OVER, PHASE_ROLL, State


def current_player(s: State) -> int:
    """``TERMINAL`` when over, ``CHANCE`` while the die rolls, else the seat whose turn it is."""
    if s.over:
        return TERMINAL
    return CHANCE if s.rolling else s.turn


def phase(s: State) -> str:
    """The observation's ``phase``: ``choose``, ``roll`` or ``over``."""
    return PHASE_OVER if s.over else PHASE_ROLL if s.rolling else PHASE_CHOOSE
