"""กติกาเล่นได้: Thai rulebooks as pure-Python rules engines.

``rules.GAMES`` lists the four games (id -> :class:`rules.catalog.GameInfo`);
``rules.engine(id)`` returns a game's ``GAME`` object (see ``rules/core/README.md``).
This package never imports widgets, ipywidgets, plotly or IPython.
"""
from .catalog import GAMES, GameInfo, engine, has_engine, info

__all__ = ["GAMES", "GameInfo", "engine", "has_engine", "info"]
