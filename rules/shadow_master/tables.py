"""The assumed tables of Shadow Master, loaded from ``data/shadow_master/*.yaml`` and validated.

Every value here is one the rulebook names but does not give (each file says ``assumed: true``
with a note, and ``ambiguities.yaml`` registers the readings).  :func:`tables` returns them
(cached); a malformed file raises :class:`BadInput` naming the file and the field.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.datafile import load_model

DATA = Path(__file__).resolve().parents[2] / "data" / "shadow_master"
KINDS = ("faith", "tax", "king", "queen", "land", "military")
PERSONS = ("lord_theron", "turncloak", "master_of_coin", "shadow_envoy")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Limits(_Strict):
    """``limits.yaml``: Territory Limit and X cards per player count, base Power Limit, safety stop."""

    assumed: bool
    note: str
    territory_limit: dict[int, int]
    x_cards: dict[int, int]
    power_limit_base: int = Field(ge=0)
    max_rounds: int = Field(ge=1)


class RankTable(_Strict):
    """One named Rank table: ``income[rank]`` (ranks past the end use the last entry); value = Rank."""

    note: str
    income: list[int] = Field(min_length=2)

    def income_at(self, rank: int) -> int:
        return self.income[min(rank, len(self.income) - 1)]


class RankTables(_Strict):
    assumed: bool
    note: str
    tables: dict[str, RankTable]


class DamageTable(_Strict):
    note: str
    per_cell: list[int] = Field(min_length=1)

    def at(self, index: int) -> int:
        return self.per_cell[max(0, min(index, len(self.per_cell) - 1))]


class DamageTables(_Strict):
    assumed: bool
    note: str
    tables: dict[str, DamageTable]


class PowerCards(_Strict):
    assumed: bool
    note: str
    kinds: list[str]
    kind_th: dict[str, str]
    decks: dict[str, dict[str, int]]
    """Cards per colour and kind, one deck per reading of ambiguity ``power_deck``."""

    @model_validator(mode="after")
    def _kinds(self) -> "PowerCards":
        if tuple(self.kinds) != KINDS or set(self.kind_th) != set(KINDS) or any(
                set(d) != set(KINDS) or min(d.values()) < 0 for d in self.decks.values()):
            raise ValueError(f"kinds, kind_th and every deck must cover exactly {KINDS}")
        return self

    def per_colour(self, deck: str) -> dict[str, int]:
        """The deck ``deck`` (the config's ``power_deck``): cards per colour of each kind."""
        return self.decks[deck]


class Person(_Strict):
    name_th: str
    name_en: str


class PriceTable(_Strict):
    """Prices of one reading of ambiguity ``shadow_prices``: each person and a castle, in Silver."""

    persons: dict[str, int]
    castle: int = Field(ge=0)


class CastleValues(_Strict):
    end_value: int = Field(ge=0)
    upkeep: int = Field(ge=0)


class ShadowCards(_Strict):
    assumed: bool
    note: str
    persons: dict[str, Person]
    castles: int = Field(ge=0)
    """Castle cards in the game: the text gives 4 (castle.limit)."""
    price_tables: dict[str, PriceTable]
    """Person and castle prices and the castle count, one table per reading of ``shadow_prices``."""
    castle_tables: dict[str, "CastleValues"]
    """End value and upkeep of a castle, one table per reading of ambiguity ``castle_values``."""
    restore_cost: int = Field(ge=0)

    @model_validator(mode="after")
    def _persons(self) -> "ShadowCards":
        if set(self.persons) != set(PERSONS):
            raise ValueError(f"persons must be exactly {PERSONS}")
        for name, table in self.price_tables.items():
            if set(table.persons) != set(PERSONS):
                raise ValueError(f"price_tables.{name}.persons must price exactly {PERSONS}")
        return self

    def prices(self, reading: str) -> "PriceTable":
        """The price table of reading ``reading`` of ambiguity ``shadow_prices``."""
        return self.price_tables[reading]


class Tables(_Strict):
    limits: Limits
    rank: RankTables
    damage: DamageTables
    powers: PowerCards
    shadow: ShadowCards


def _load(name: str, model: type[BaseModel]) -> BaseModel:
    return load_model(DATA / name, model)


@lru_cache(maxsize=None)
def tables() -> Tables:
    """All assumed tables (cached).  The ambiguity register is read by
    :func:`rules.core.ambiguity.load_ambiguities` (``"shadow_master"``), the one model for every game."""
    return Tables(
        limits=_load("limits.yaml", Limits), rank=_load("rank_table.yaml", RankTables),
        damage=_load("damage_table.yaml", DamageTables), powers=_load("power_cards.yaml", PowerCards),
        shadow=_load("shadow_cards.yaml", ShadowCards),
    )
