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
from rules.core.protocol import BadInput

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


TABLE_FILES = {"rank_table": "rank_table.yaml", "damage_table": "damage_table.yaml"}
"""Register variants whose readings name a table in a ``data/shadow_master/`` file."""


def check_table_readings(register=None, tabs=None) -> None:
    """Every reading of the ``rank_table`` and ``damage_table`` entries names a table that exists
    in ``data/shadow_master/rank_table.yaml`` / ``damage_table.yaml`` (else :class:`BadInput`
    naming the data file and the missing ``tables.<name>`` field).  Run when this module loads;
    ``register`` / ``tabs`` default to the real register and tables (tests pass their own)."""
    register = load_ambiguities("shadow_master") if register is None else register
    tabs = tables() if tabs is None else tabs
    have = {"rank_table": tabs.rank.tables, "damage_table": tabs.damage.tables}
    for entry in register:
        if entry.variant not in TABLE_FILES:
            continue
        for r in entry.readings:
            name = reading_value(r)
            if name not in have[entry.variant]:
                raise BadInput(f"data/shadow_master/{TABLE_FILES[entry.variant]}", f"tables.{name}",
                               f"ไม่มีตาราง '{name}' ที่ข้อกำกวม {entry.id} (ambiguities.yaml) อ้างถึง "
                               f"(มี {', '.join(sorted(have[entry.variant]))})",
                               f"no table '{name}', which reading {r.id} of register entry {entry.id} "
                               f"(ambiguities.yaml) names (have {', '.join(sorted(have[entry.variant]))})")


check_table_readings()

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
