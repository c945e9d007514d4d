"""Configuration of Toy Pig: the player count, the rulebook's numbers, and one field per register entry.

The variant fields (``end_timing``, ``secret_tie``) are built from ``data/toy_pig/ambiguities.yaml``
by :func:`rules.core.ambiguity.config_model`: add an entry there and the field exists.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ..core.ambiguity import config_model

GAME_ID = "toy_pig"
MIN_PLAYERS, MAX_PLAYERS = 2, 4          # clause cover.players
TARGET = 20                              # clause end.win: "คะแนนถึง 20 แต้ม"
DIE_FACES = 6                            # a six-sided die (play.roll: 2 to 6, play.bust: 1)
BUST_FACE = 1                            # clause play.bust
SECRET_VALUES = (1, 2, 3)                # clause setup.secret: "มีค่า 1 ถึง 3"
FIXED_FIELDS = ("players", "target")
"""Config fields that are no ambiguity (every other field comes from the register)."""


class _Base(BaseModel):
    """Toy Pig config: ``players`` 2-4 (cover.players); ``target``: points to win, 20 by the text
    (end.win) - smaller only to make tests short."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = 2  # GameBase.make_config checks MIN_PLAYERS..MAX_PLAYERS (Thai + English)
    target: int = Field(TARGET, ge=1)


Config = config_model(GAME_ID, _Base)
