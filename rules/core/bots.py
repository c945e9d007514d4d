"""Bots by name (the analyzer's jobs, a page's play table and its "what would the bots do here?"):
``rules.<game>.bots.BOTS`` plus ``random``.  In ``rules.core``, not ``rules.analysis``: a game
page asks for the names without importing the analyzer (numpy, the simulator: 0.17 s of a
page's first such click).

A bot is ``bot(observation, legal, rng) -> action`` (``rules/core/play.py``); the names are the
game's ``BOTS`` keys (or, for a bots module without ``BOTS``, its ``<name>_bot`` functions).  The analyzer names
bots (strings) rather than passing functions, so a job can be sent to another process or a Dask
worker and its table says which bot sat where.  ``random`` is always
:func:`rules.core.play.random_policy` (uniform over ``legal_actions``, the very numbers the games'
own ``random`` bots and the random-play kernels draw).
"""
from __future__ import annotations

import importlib
from typing import Mapping, Sequence

from .play import random_policy
from .protocol import BadInput

RANDOM = "random"


def _bots(game_id: str) -> dict:
    """The game's bots by name: its ``BOTS`` (the contract, rules/README.md); a bots module without
    one offers its module-level ``<name>_bot`` functions as ``<name>``."""
    try:
        mod = importlib.import_module(f"rules.{game_id}.bots")
    except ModuleNotFoundError:
        return {}
    found = getattr(mod, "BOTS", None)
    if isinstance(found, dict):
        return dict(found)
    return {k[:-4]: v for k, v in vars(mod).items()
            if k.endswith("_bot") and not k.startswith("_") and callable(v) and getattr(v, "__module__", "") == mod.__name__}


def bot_names(game_id: str) -> list[str]:
    """The bot names of ``game_id``: ``random`` first, then the game's bots in order."""
    return [RANDOM] + [n for n in _bots(game_id) if n != RANDOM]


RANDOM_WORDS = ("สุ่ม", "random")
"""``random``'s words, in every game."""


def bot_words(game_id: str, name: str) -> tuple[str, str]:
    """``(th, en)`` of bot ``name`` of ``game_id`` (a picker's label, ``"ซื่อสัตย์ / honest"``): the
    game's ``BOT_WORDS`` beside its ``BOTS``, :data:`RANDOM_WORDS` for ``random``; a bot the module
    gives no words keeps its name twice (``tests/test_analyzer_page.py`` checks every bot has words)."""
    if name == RANDOM:
        return RANDOM_WORDS
    try:
        mod = importlib.import_module(f"rules.{game_id}.bots")
    except ModuleNotFoundError:
        return (name, name)
    return tuple(getattr(mod, "BOT_WORDS", {}).get(name, (name, name)))


def bot_label(game_id: str, name: str) -> str:
    """A picker's label of bot ``name``: ``"<th> / <en>"`` (:func:`bot_words`; one word when both are the same)."""
    th, en = bot_words(game_id, name)
    return th if th == en else f"{th} / {en}"


def bot_options(game_id: str) -> list[tuple[str, str]]:
    """A bot picker's options: ``(bot_label, name)`` for every :func:`bot_names` entry."""
    return [(bot_label(game_id, n), n) for n in bot_names(game_id)]


def bot(game_id: str, name: str):
    """The policy called ``name`` for ``game_id`` (:class:`BadInput` naming the choices)."""
    if name == RANDOM:
        return random_policy
    found = _bots(game_id).get(name)
    if found is None:
        names = bot_names(game_id)
        raise BadInput("bots", "bots", "ต้องเป็นหนึ่งใน " + ", ".join(names),
                       f"unknown bot '{name}' for {game_id}; expected one of {', '.join(names)}")
    return found


def seat_bots(game_id: str, players: int, bots: str | Sequence[str] | Mapping[int, str] | None) -> tuple[str, ...]:
    """One bot name per seat: ``None`` = all random; a name = every seat; a list (one per seat,
    or one name repeated); a ``{seat: name}`` mapping (other seats random).  Names are checked."""
    if bots is None:
        names = [RANDOM] * players
    elif isinstance(bots, str):
        names = [b.strip() for b in bots.split(",")] if "," in bots else [bots] * players
    elif isinstance(bots, Mapping):
        names = [bots.get(i, bots.get(str(i), RANDOM)) for i in range(players)]
    else:
        names = list(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise BadInput("bots", "bots", f"ต้องระบุบอท 1 ตัวหรือ {players} ตัว (หนึ่งตัวต่อที่นั่ง)",
                       f"expected one bot name or {players} (one per seat), got {len(names)}")
    for n in names:
        bot(game_id, n)
    return tuple(names)
