"""หมูทอยเต๋า (Toy Pig): the template game.  Copy this folder to add a game (rules/README.md).

Every module here exists in every game folder (where it applies), with the same job:
``config`` -> ``state`` -> rule areas (``turn``) -> ``actions`` / ``flow`` -> ``setup`` ->
``observe`` / ``serial`` / ``invariants`` -> ``engine`` (the ``Game`` object) -> ``bots``.
Imports only go down that list; nothing but this file and ``bots`` imports ``engine``.
"""
from .engine import GAME, ToyPigGame

__all__ = ["GAME", "ToyPigGame"]
