"""The state of Toy Pig: one frozen dataclass (every field a tuple or a plain value)."""
from __future__ import annotations

from dataclasses import dataclass

from .config import Config

PHASE_CHOOSE, PHASE_ROLL, PHASE_OVER = "choose", "roll", "over"
"""``observe(...)["phase"]`` values: a seat chooses, the die is rolling (chance), the game is over."""


@dataclass(frozen=True)
class State:
    """``scores[i]``: banked points of seat i; ``secrets[i]``: its hidden card (setup.secret);
    ``turn``: the seat whose turn it is; ``pending``: the turn total (play.roll); ``rolling``: the
    die is in the air (a chance node); ``final_round``: a score reached the target under
    ``end_timing=equal_turns``; ``winners``: filled when the game is over."""

    config: Config
    scores: tuple[int, ...]
    secrets: tuple[int, ...]
    turn: int = 0
    pending: int = 0
    rolling: bool = False
    final_round: bool = False
    winners: tuple[int, ...] | None = None

    @property
    def players(self) -> int:
        return len(self.scores)

    @property
    def over(self) -> bool:
        return self.winners is not None
