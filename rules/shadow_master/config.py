"""Shadow Master configuration: the player count, the engine's safety stop, and one field per
ambiguity (each reading a variant).

Every field but :data:`HAND_WRITTEN` (``players``, ``max_rounds``) is the ``variant`` of an entry
in ``data/shadow_master/ambiguities.yaml``; its default is that entry's default reading and its
allowed values are the readings' values (:func:`register_mismatches` proves they agree, and a test
runs it).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.core.ambiguity import load_ambiguities

from .board import Board, load_board
from .tables import tables

HAND_WRITTEN = ("players", "max_rounds")
"""Config fields that are not register variants (the seat count; the engine's safety stop)."""


def reading_value(reading):
    """A reading's config value: its ``value`` when given, else its ``id`` (CONTRACT.md)."""
    value = getattr(reading, "value", None)
    return reading.id if value is None else value


class Config(BaseModel):
    """Validated, immutable game configuration (JSON-compatible)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(4, ge=2, le=6)
    board: Literal["scaled", "full"] = "scaled"
    territory_limit: Literal["standard", "generous"] = "standard"
    power_limit_base: int = Field(2, ge=0, le=9)
    rank_table: str = "standard"
    damage_table: str = "by_cards"
    size_measure: Literal["cells", "tokens"] = "cells"
    removal_picker: Literal["placer", "largest_stack"] = "placer"
    siege_enclosure: Literal["attacker", "blocked"] = "attacker"
    defender_group: Literal["largest_adjacent", "all_adjacent"] = "largest_adjacent"
    attack_scope: Literal["group", "cell"] = "group"
    allies_rank: Literal["separate", "merged"] = "separate"
    deposit_limit: Literal["none", "card_value"] = "none"
    income_per: Literal["card", "kingdom"] = "card"
    forced_sale_price: Literal["value", "value_plus_3"] = "value"
    payment_source: Literal["cash_then_deposits", "cash_only"] = "cash_then_deposits"
    pass_coins: Literal["on_card", "bank"] = "on_card"
    black_stacking: Literal["empty_only", "stack"] = "empty_only"
    castle_capacity: Literal["castle_takes_slot", "castle_free"] = "castle_takes_slot"
    castle_emptied: Literal["destroyed", "stays"] = "destroyed"
    removed_tokens: Literal["to_supply", "out_of_game"] = "to_supply"
    limit_bonus: Literal["permanent", "live"] = "permanent"
    power_limit_excess: Literal["keep", "return_lowest"] = "keep"
    castle_capture: Literal["five", "six"] = "five"
    castle_protection: Literal["protected", "exposed"] = "protected"
    collapse_alliance: Literal["map_only", "alliance_counts"] = "map_only"
    move_fee: Literal["from_amount", "on_top"] = "from_amount"
    turncloak_limit: Literal["once_per_turn", "once_per_game"] = "once_per_turn"
    combo_territory: bool = False
    final_round_income: Literal["with_income", "without_income"] = "with_income"
    rank15_fee_timing: Literal["rank_before", "rank_after"] = "rank_before"
    theron_damage: Literal["none", "on_empty"] = "none"
    theron_one_per_round: Literal["ignored", "applies"] = "ignored"
    theron_castle: Literal["ignore", "castle_emptied_applies", "castle_cells_locked"] = "ignore"
    first_player: Literal["seat0", "random"] = "seat0"
    money_move_timing: Literal["phases_1_to_3", "choice_and_phase3"] = "phases_1_to_3"
    final_tie: Literal["shared", "most_silver"] = "shared"
    max_rounds: int | None = Field(None, ge=1, description="engine safety stop, not a rule")

    @field_validator("rank_table")
    @classmethod
    def _rank_table_known(cls, v: str) -> str:
        known = tables().rank.tables
        if v not in known:
            raise ValueError(f"unknown Rank table '{v}' (have {sorted(known)})")
        return v

    @field_validator("damage_table")
    @classmethod
    def _damage_table_known(cls, v: str) -> str:
        known = tables().damage.tables
        if v not in known:
            raise ValueError(f"unknown damage table '{v}' (have {sorted(known)})")
        return v

    # ---- derived values -------------------------------------------------------------
    def get_board(self) -> Board:
        """The board for this config (clause ``players.board_by_count``; assumed)."""
        return load_board(6 if self.board == "full" else self.players)

    def territory_limit_base(self) -> int:
        """Territory Limit before Land powers (assumed table, ``limits.yaml``)."""
        return tables().limits.territory_limit[self.players] + (1 if self.territory_limit == "generous" else 0)

    def x_cards(self) -> int:
        return tables().limits.x_cards[self.players]

    def round_cap(self) -> int:
        return self.max_rounds or tables().limits.max_rounds


def register_mismatches() -> list[str]:
    """Where :class:`Config` and the register disagree (empty when every variant field is an entry,
    every entry a field, the default is the default reading and every reading is accepted)."""
    fields = {k: f for k, f in Config.model_fields.items() if k not in HAND_WRITTEN}
    out, seen = [], set()
    for a in load_ambiguities("shadow_master"):
        v = a.variant
        if v not in fields:
            out.append(f"register entry {a.id}: variant {v!r} is no Config field")
            continue
        seen.add(v)
        default = next(r for r in a.readings if r.id == a.default)
        if fields[v].default != reading_value(default):
            out.append(f"{v}: Config default {fields[v].default!r} != register default {reading_value(default)!r}")
        for r in a.readings:
            try:
                Config(**{"players": 3, v: reading_value(r)})
            except ValueError as exc:
                out.append(f"{v}: reading {r.id} refused by Config ({exc.__class__.__name__})")
    out += [f"Config field {k} has no register entry" for k in fields if k not in seen]
    return out
