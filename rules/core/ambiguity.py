"""The ambiguity register of a game: ``data/<game>/ambiguities.yaml``.

Each entry is a question the Thai text leaves open, the clauses it concerns, the readings
(each a config variant the analyzer can sweep), the default reading and why.  Loading
validates everything and raises :class:`BadInput` naming the file and the field.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .datafile import pydantic_error, read_yaml
from .protocol import BadInput
from .rulebook import DATA, load_rulebook

_THAI = re.compile(r"[\u0E00-\u0E7F]")


class Reading(BaseModel):
    """One way to read the text: ``id`` and descriptions in English and Thai."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    description_en: str = Field(min_length=1)
    description_th: str = Field(min_length=1)


class Ambiguity(BaseModel):
    """A register entry; ``variant`` names the config field that selects the reading (if any)."""

    model_config = ConfigDict(extra="allow")
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    clauses: list[str] = Field(min_length=1)
    question_th: str = Field(min_length=1)
    question_en: str = Field(min_length=1)
    readings: list[Reading] = Field(min_length=2)
    default: str
    why: str = Field(min_length=1)
    source: str = Field(min_length=1)
    variant: str | None = None
    config: str | None = None  # synonym of ``variant`` used by some registers

    @field_validator("question_th")
    @classmethod
    def _thai(cls, v: str) -> str:
        if not _THAI.search(v):
            raise ValueError("question_th must be written in Thai")
        return v

    @model_validator(mode="after")
    def _default_is_a_reading(self):
        ids = [r.id for r in self.readings]
        if len(set(ids)) != len(ids):
            raise ValueError(f"duplicate reading ids in {ids}")
        if self.default not in ids:
            raise ValueError(f"default '{self.default}' is not one of the readings {ids}")
        return self

    @property
    def reading_ids(self) -> list[str]:
        return [r.id for r in self.readings]


def parse_register(game: str, data: object, source: str) -> tuple[Ambiguity, ...]:
    """Validate a loaded register; every cited clause must exist in ``game``'s rulebook.

    ``data`` is a list of entries, or a mapping whose ``ambiguities`` key holds that list.
    """
    if isinstance(data, dict) and "ambiguities" in data:
        data = data["ambiguities"]
    if not isinstance(data, list) or not data:
        raise BadInput(source, "<root>", "ต้องเป็นรายการ YAML ที่ไม่ว่าง", "expected a non-empty YAML list")
    ids = load_rulebook(game).ids
    out, seen = [], set()
    for i, raw in enumerate(data):
        try:
            entry = Ambiguity.model_validate(raw)
        except ValidationError as exc:
            err = pydantic_error(exc, source)
            raise BadInput(source, f"[{i}].{err.field}", err.message_th, err.message_en) from None
        if entry.id in seen:
            raise BadInput(source, f"[{i}].id", f"รหัส '{entry.id}' ซ้ำ", f"duplicate id '{entry.id}'")
        seen.add(entry.id)
        for j, c in enumerate(entry.clauses):
            if c not in ids:
                raise BadInput(source, f"[{i}].clauses[{j}]", f"ไม่มีข้อกติกา '{c}' ในคู่มือ",
                               f"clause '{c}' does not exist in the {game} rulebook")
        out.append(entry)
    return tuple(out)


def load_register_file(game: str, path: Path | str) -> tuple[Ambiguity, ...]:
    """Load and validate the register file ``path`` of ``game``."""
    return parse_register(game, read_yaml(path), str(path))


@lru_cache(maxsize=None)
def load_ambiguities(game: str) -> tuple[Ambiguity, ...]:
    """The validated register of ``game`` (empty when the game has none yet)."""
    path = DATA / game / "ambiguities.yaml"
    return load_register_file(game, path) if path.is_file() else ()
