"""เกมโค่นอำนาจ (Coup + Inquisitor + Reformation): the rules engine.  Exports ``GAME``.

Seed: ``data/rulebooks/coup.th.txt`` (clauses ``data/rulebooks/coup.yaml``); components and the
ambiguity register in ``data/coup/``; config variants in :mod:`rules.coup.config`.
"""
from .config import CoupConfig
from .engine import CoupGame

GAME = CoupGame()

__all__ = ["GAME", "CoupConfig", "CoupGame"]
