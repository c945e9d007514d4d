"""โลกใหม่ (New World): the Scotland and Ireland rules engine (seed 003).

Modules, in import order: ``config`` -> ``tiles`` / ``board`` (maps as data) / ``missions`` (cards as
data) -> ``state`` -> rule areas (``placement``, ``farms``, ``settlements``, ``castles``,
``cathedrals``, ``towers``, ``scoring``, ``turn``) -> ``actions`` / ``flow`` -> ``setup`` ->
``observe`` / ``serial`` / ``invariants`` -> ``engine`` (the ``Game`` object) -> ``bots``.
"""
from .engine import GAME, NewWorldGame

__all__ = ["GAME", "NewWorldGame"]
