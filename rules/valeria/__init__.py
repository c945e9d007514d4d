"""Shadow Kingdoms of Valeria: the rules engine (the shape of ``rules/toy_pig``).

``config`` -> ``data`` -> ``state`` -> rule areas (``board``, ``dice``, ``champions``, ``awards``,
``shrines``, ``battle``, ``campaign``, ``scoring``) -> ``flow`` / ``actions`` -> ``setup`` ->
``invariants`` / ``serial`` / ``observe`` -> ``engine`` (the ``Game`` object) -> ``bots``.
"""
from .engine import GAME, ValeriaGame

__all__ = ["GAME", "ValeriaGame"]
