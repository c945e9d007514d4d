"""Typed, validated configuration of เกมโค่นอำนาจ (Coup + Inquisitor + Reformation).

Every field except ``players`` and ``reformation`` comes from the ambiguity register
``data/coup/ambiguities.yaml`` (:func:`rules.core.ambiguity.config_model`): the field name is the
entry's ``variant`` and each allowed value is one of its ``readings`` (the default is the
register's default).

Component counts come from ``data/coup/components.yaml`` (:func:`components`), validated on load
(:class:`rules.core.protocol.BadInput` names the field).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from ..core.ambiguity import config_model
from ..core.datafile import syntax_error
from ..core.protocol import BadInput

DATA = Path(__file__).resolve().parents[2] / "data" / "coup"

CHARACTERS = ("duke", "captain", "assassin", "contessa", "ambassador", "inquisitor")
"""Character ids; the engine stores a card as its index here (0 = duke ... 5 = inquisitor)."""


class _CoupBase(BaseModel):
    """Config of one game.  ``players``: 2-6 seats (clause cover.players).

    ``reformation``: play the Reformation variant (factions, almshouse, conversion, embezzle;
    clauses reformation.*).  The other fields are readings of the ambiguity register.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(4, ge=2, le=6, description="number of seats (cover.players)")
    reformation: bool = Field(False, description=(
        "play the Reformation variant (reformation.*); without it the Reformation's readings "
        "(REFORMATION_ONLY: almshouse, conversion_coins, peacock, ...) are accepted and have no effect"))


CoupConfig = config_model("coup", _CoupBase, "CoupConfig")
"""The config model: ``players`` and ``reformation`` (written here), plus one ``Literal`` field per
entry of ``data/coup/ambiguities.yaml`` (its ``variant``; values = its readings, default = its
default reading), built by :func:`rules.core.ambiguity.config_model`: an entry cannot be missing
from the config, nor a variant field from the register."""
CoupConfig.__module__ = __name__


REFORMATION_ONLY = ("conversion_coins", "peacock", "one_faction", "concede_loss", "embezzle_challenger",
                    "factions", "almshouse")
"""The register variants that act only with ``reformation`` (factions, the almshouse, conversion,
embezzlement: clauses reformation.*): register entries conversion_coins, peacock_is_duke,
one_faction_left, concede_loss, embezzle_challenger, faction_choice, almshouse_start.  Without the
Reformation a config may still name them (the analyzer sweeps them as grids; a config is never
refused for them) and they have no effect: every game is the one of the default reading (proved by
tests/test_coup_config.py), and the setup never places an almshouse (``Rules.start_alms``).  The
analyzer says so beside such a reading (``CoupGame.inert_readings``)."""


DECKS = {
    "all_six": CHARACTERS,
    "inquisitor_replaces_ambassador": ("duke", "captain", "assassin", "contessa", "inquisitor"),
    "ambassador_only": ("duke", "captain", "assassin", "contessa", "ambassador"),
}
"""Characters in the deck under each reading of ambiguity ``deck_composition``."""


class _Count(BaseModel):
    model_config = ConfigDict(extra="allow")
    value: int


class _Coin(BaseModel):
    model_config = ConfigDict(extra="allow")
    count: int = Field(ge=0)
    value: int = Field(ge=1)


class Components(BaseModel):
    """The parts of ``data/coup/components.yaml`` the engine uses (others are documentation)."""

    model_config = ConfigDict(extra="allow")
    character_cards: _Count
    copies_per_character: _Count
    coins: dict[str, _Coin | int]
    start: dict[str, _Count | dict]
    costs: dict[str, _Count]
    gains: dict[str, _Count]
    forced_coup_at: _Count
    draws: dict[str, _Count]

    @property
    def total_coins(self) -> int:
        """Value of all coin tokens in silver units (30 x 1 + 6 x 5 = 60)."""
        return sum(c.count * c.value for c in self.coins.values() if isinstance(c, _Coin))


@lru_cache(maxsize=None)
def components(path: str | None = None) -> Components:
    """Load and validate the components file; :class:`BadInput` names the file and field."""
    from ..core.base import pydantic_error
    from pydantic import ValidationError

    p = Path(path) if path else DATA / "components.yaml"
    try:
        text = p.read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        comp = Components.model_validate(data)
    except yaml.YAMLError as exc:
        raise syntax_error(exc, text, str(p), "<yaml>") from None
    except ValidationError as exc:
        raise pydantic_error(exc, str(p)) from None
    if comp.total_coins != comp.coins.get("total_value", comp.total_coins):
        raise BadInput(str(p), "coins.total_value", "มูลค่ารวมของเหรียญไม่ตรงกับจำนวนเหรียญ",
                       f"total_value does not match the tokens ({comp.total_coins})")
    if comp.copies_per_character.value * len(CHARACTERS) != comp.character_cards.value:
        raise BadInput(str(p), "copies_per_character", "จำนวนต่อตัวละคร x 6 ต้องเท่ากับจำนวนการ์ดตัวละคร",
                       "copies_per_character x 6 must equal character_cards")
    return comp
