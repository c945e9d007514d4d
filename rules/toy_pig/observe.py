"""What a seat (or a spectator, ``viewer=None``) sees of Toy Pig; re-dealing what it cannot see."""
from __future__ import annotations

import dataclasses
import random

from ..core.protocol import current_json
from .config import SECRET_VALUES
from .flow import current_player, phase
from .state import State


def observe(s: State, viewer: int | None) -> dict:
    """JSON observation: ``viewer``, ``current``, ``phase``, ``scores`` [n], ``turn``, ``pending``,
    ``my_secret`` (the viewer's card; ``None`` for a spectator), ``winners`` (list or ``None``).
    Other seats' secret cards are hidden until the game is over (then all are shown)."""
    return {
        "viewer": viewer, "current": current_json(current_player(s)), "phase": phase(s),
        "scores": list(s.scores), "turn": s.turn, "pending": s.pending, "target": s.config.target,
        "my_secret": s.secrets[viewer] if viewer is not None else None,
        "secrets": list(s.secrets) if s.over else None,
        "winners": list(s.winners) if s.winners is not None else None,
    }


def resample_hidden(s: State, viewer: int | None, rng: random.Random) -> State:
    """``s`` with every secret card ``viewer`` cannot see re-dealt (none once the game is over)."""
    if s.over:
        return s
    secrets = tuple(v if i == viewer else rng.choice(SECRET_VALUES) for i, v in enumerate(s.secrets))
    return dataclasses.replace(s, secrets=secrets)
