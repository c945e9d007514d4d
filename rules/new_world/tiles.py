"""The tiles: kinds, names, influence, and the assumed mix of one colour (``data/new_world/tiles.yaml``).

A tile is an ``int`` kind: :data:`FOOD`, :data:`ENERGY`, or a settlement of influence 1-4
(``S1``..``S4``: "ไทล์นิคมมีไอคอน 1–4 อัน = ค่าอิทธิพล", placement.settlement).  On the board a cell
holds :data:`EMPTY`, :data:`COVERED` (a face-down two-player cover, setup.two_player_blocked_cells)
or ``seat * 8 + kind``.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..core.datafile import pydantic_error, read_yaml
from ..core.protocol import BadInput
from .config import TILES_PER_COLOUR

FOOD, ENERGY, S1, S2, S3, S4 = range(6)
NAMES = ("food", "energy", "s1", "s2", "s3", "s4")
KIND = {n: k for k, n in enumerate(NAMES)}
EMPTY, COVERED = -1, -2
OWNER_SHIFT = 8
FARM_KINDS = (FOOD, ENERGY)
LABEL = {FOOD: ("ฟาร์มอาหาร", "food farm"), ENERGY: ("ฟาร์มพลังงาน", "energy farm"),
         S1: ("นิคมค่า 1", "settlement (influence 1)"), S2: ("นิคมค่า 2", "settlement (influence 2)"),
         S3: ("นิคมค่า 3", "settlement (influence 3)"), S4: ("นิคมค่า 4", "settlement (influence 4)")}
DATA = Path(__file__).resolve().parents[2] / "data" / "new_world"


def influence(kind: int) -> int:
    """A settlement tile's influence (its number of icons); 0 for a farm."""
    return kind - 1 if kind >= S1 else 0


def is_settlement(kind: int) -> bool:
    return kind >= S1


class TilesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    assumed: bool
    per_colour: int
    mixes: dict[str, dict[str, int]] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self):
        if self.per_colour != TILES_PER_COLOUR:
            raise ValueError(f"per_colour must be {TILES_PER_COLOUR} (components.tiles)")
        for name, mix in self.mixes.items():
            bad = sorted(set(mix) - set(NAMES))
            if bad:
                raise ValueError(f"mix {name}: unknown tile kind {bad[0]} (known: {', '.join(NAMES)})")
            if sum(mix.values()) != self.per_colour or any(v < 0 for v in mix.values()):
                raise ValueError(f"mix {name}: counts must be >= 0 and add up to {self.per_colour}")
        return self


def tiles_path(layout: str = "assumed") -> Path:
    return DATA / "tiles.yaml" if layout == "assumed" else DATA / "owner" / "tiles.yaml"


@lru_cache(maxsize=None)
def load_mixes(layout: str = "assumed") -> dict[str, tuple[int, ...]]:
    """``{mix name: the 36 kinds of one colour}`` from the tiles file (``BadInput`` naming the field)."""
    path = tiles_path(layout)
    try:
        doc = TilesFile.model_validate(read_yaml(path))
    except ValidationError as exc:
        raise pydantic_error(exc, str(path)) from None
    return {name: tuple(k for n in NAMES for k in [KIND[n]] * mix.get(n, 0)) for name, mix in doc.mixes.items()}


def mix_of(config) -> tuple[int, ...]:
    """The 36 kinds of one colour under ``config.tile_mix`` / ``config.tile_data``."""
    mixes = load_mixes(config.tile_data)
    if config.tile_mix not in mixes:
        raise BadInput(str(tiles_path(config.tile_data)), "mixes", f"ไม่มีสัดส่วน {config.tile_mix}",
                       f"no mix named {config.tile_mix}")
    return mixes[config.tile_mix]
