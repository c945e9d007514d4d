"""The four games: ids, titles, seed files, and where each engine lives.

A game's engine is the ``GAME`` object of ``rules.<id>``; games whose engine is not written
yet are still listed (their rulebook is browsable) and :func:`engine` says so clearly.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from .core.protocol import BadInput, Game


@dataclass(frozen=True)
class GameInfo:
    """Catalogue entry: ``id``, Thai and English titles, the seed file name in shared/rulebooks."""

    id: str
    title_th: str
    title_en: str
    seed_file: str

    @property
    def title(self) -> str:
        """Thai and English titles as a page names the game: ``"โลกใหม่ / New World"``; one title
        when both are the same (``"Shadow Master"``)."""
        return self.title_th if self.title_th == self.title_en else f"{self.title_th} / {self.title_en}"

    def to_json(self) -> dict:
        return {"id": self.id, "title_th": self.title_th, "title_en": self.title_en,
                "seed_file": self.seed_file}


GAMES: dict[str, GameInfo] = {g.id: g for g in (
    GameInfo("shadow_master", "Shadow Master", "Shadow Master", "000_b8613b7166582370.txt"),
    GameInfo("valeria", "Shadow Kingdoms of Valeria", "Shadow Kingdoms of Valeria",
             "001_d0104ab07a4b041d.txt"),
    GameInfo("coup", "เกมโค่นอำนาจ", "Coup (Inquisitor + Reformation)", "002_a3f748dff81e3892.txt"),
    GameInfo("new_world", "โลกใหม่", "New World", "003_392f598aa794db08.txt"),
)}


EXAMPLES: dict[str, GameInfo] = {g.id: g for g in (
    GameInfo("toy_pig", "หมูทอยเต๋า", "Toy Pig (the template game)", "toy_pig.th.txt"),
)}
"""Games that are no product rulebook: ``toy_pig`` is the template a contributor copies
(``rules/README.md``).  ``engine(id)`` finds them; ``GAMES`` (the dashboard, the CLI list) does not."""

_REGISTERED: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make a game outside the four (a test game, a plug-in) findable by id; ``GAMES`` is unchanged."""
    _REGISTERED[game.id] = game


def info(game_id: str) -> GameInfo:
    """Catalogue entry of ``game_id``; :class:`BadInput` (Thai + English) when unknown."""
    if game_id in _REGISTERED:
        g = _REGISTERED[game_id]
        return GameInfo(g.id, g.title_th, g.title_en, g.seed_file)
    try:
        return GAMES[game_id] if game_id in GAMES else EXAMPLES[game_id]
    except KeyError:
        raise BadInput("game", "game", "ต้องเป็นหนึ่งใน " + ", ".join(GAMES),
                       f"unknown game '{game_id}'; expected one of {', '.join(GAMES)}") from None


def has_engine(game_id: str) -> bool:
    """True when ``rules.<game_id>`` exists and exports ``GAME``."""
    try:
        engine(game_id)
        return True
    except BadInput:
        return False


def engine(game_id: str) -> Game:
    """The ``GAME`` object of ``rules.<game_id>``.

    Raises :class:`BadInput` when the id is unknown or the engine is not written yet.
    """
    info(game_id)
    if game_id in _REGISTERED:
        return _REGISTERED[game_id]
    try:
        module = importlib.import_module(f"rules.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"rules.{game_id}"):
            raise BadInput("game", "game", f"ยังไม่มีเอนจินกติกาของเกม '{game_id}'",
                           f"the rules engine for '{game_id}' is not available yet") from None
        raise
    game = getattr(module, "GAME", None)
    if game is None:
        raise BadInput("game", "game", f"ยังไม่มีเอนจินกติกาของเกม '{game_id}'",
                       f"the rules engine for '{game_id}' is not available yet")
    return game


def kernel(game_id: str):
    """The random-play kernel module ``rules.<game_id>.kernel`` when the game has one, else
    ``None``.  A kernel plays the very games ``random_play`` plays, faster and without events:
    ``kernel.play(config, seed, rng)`` returns an object with ``steps`` (see rules/core/README.md)."""
    if game_id in _REGISTERED:
        return None
    info(game_id)
    try:
        return importlib.import_module(f"rules.{game_id}.kernel")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"rules.{game_id}"):
            return None
        raise
