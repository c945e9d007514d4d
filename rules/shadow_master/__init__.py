"""Shadow Master (seed 000): hex area control with kingdom colours, Rank, attacks and alliances.

``GAME`` is the engine (:class:`rules.shadow_master.engine.ShadowMasterGame`); the board and Rank
functions live in :mod:`rules.shadow_master.board`.
"""
from .engine import GAME

__all__ = ["GAME"]
