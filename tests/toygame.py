"""The toy game the core tests use: the template game ``rules.toy_pig`` (Pig with a secret card).

Kept as a module so older tests read the same; the game itself lives in ``rules/toy_pig/`` (the
folder a contributor copies, see ``rules/README.md``) and is found by id without registration.
"""
from __future__ import annotations

from rules.core.rulebook import load_rulebook
from rules.toy_pig import GAME, ToyPigGame as ToyGame

RULEBOOK = load_rulebook("toy_pig")


def install() -> ToyGame:
    """The template game (nothing to register any more: ``rules.engine("toy_pig")`` finds it)."""
    return GAME
