"""Shadow Master configuration: the player count, the engine's safety stop, and one field per
ambiguity (each reading a variant).

The fields of :class:`ConfigBase` (:data:`HAND_WRITTEN`: ``players``, ``max_rounds``) are written
here; every other field of :data:`Config` comes from ``data/shadow_master/ambiguities.yaml``
(:func:`rules.core.ambiguity.config_model`): one per entry, named by its ``variant``, a ``Literal``
of its readings' values (ints for ``power_limit_base``, booleans for ``combo_territory``), defaulting
to the default reading.  So a register entry cannot be missing from the config or the reverse.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules.core.ambiguity import config_model, load_ambiguities

from .board import Board, load_board
from .tables import tables

HAND_WRITTEN = ("players", "max_rounds")
"""Config fields that are not register variants (the seat count; the engine's safety stop)."""


def reading_value(reading):
    """A reading's config value: its ``value`` when given, else its ``id`` (CONTRACT.md)."""
    value = getattr(reading, "value", None)
    return reading.id if value is None else value


class ConfigBase(BaseModel):
    """Validated, immutable game configuration (JSON-compatible): the hand-written fields and the
    derived values; :data:`Config` adds the register's variant fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(4, ge=2, le=6)
    max_rounds: int | None = Field(None, ge=1, description="engine safety stop, not a rule")

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


Config = config_model("shadow_master", ConfigBase, "Config")
"""The Shadow Master config model: :class:`ConfigBase` + one field per register entry."""


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
