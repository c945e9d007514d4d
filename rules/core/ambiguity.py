"""The ambiguity register of a game: ``data/<game>/ambiguities.yaml``, one schema for every game.

The file is a YAML list.  Each entry is a question the Thai text leaves open::

    - id: who_blocks                 # [a-z0-9_]
      variant: who_blocks            # the config field that selects the reading (required)
      clauses: [characters.captain_steal]
      question_th: ...               # Thai
      question_en: ...
      readings:                      # two or more; each one a config variant the analyzer sweeps
        - {id: target_only, short_th: ..., short_en: ..., description_en: ..., description_th: ...}
        - {id: anyone, value: anyone, short_th: ..., short_en: ..., description_en: ..., description_th: ...}
      default: target_only           # a reading id: the engine's reading unless a config picks another
      why_th: ...                    # why that default, in a reader's words (Thai)
      why_en: ...                    # the same in English
      why: ...                       # why that default, for developers: clause ids, files, history
      source: ...                    # where the readings come from
      data: rank_table.yaml          # optional: the data/<game>/ file holding the assumed values

A reading's ``short_th`` / ``short_en`` are a few reader words (at most :data:`SHORT_MAX`
characters, Thai in ``short_th``) that tell the readings of one entry apart: the analyzer's reading
dropdown and the register panel show them.  They name no code: no ``_``-joined id, no call
``f(...)`` or bracket, no ``/`` path and no dotted name (:func:`short_problem`).  The descriptions
are the whole reading in a reader's words; developer detail goes to ``why`` / ``source``.

An entry's ``why_th`` / ``why_en`` say why the default was chosen, in a reader's words (the
register panel shows them to every reader; ``why`` keeps the developer's detail): Thai in
``why_th``, and the same rule as the short words against code (:func:`short_problem` with no
length limit).  The rulebook is named by its sections' words ("ข้อความบอกว่ามีการ์ดตัวละคร 18
ใบ"), never by clause ids.

A reading's config value is its ``value`` when given, else its ``id``.  A game's config model
takes its variant fields from the register (:func:`config_model`), so an entry cannot be missing
from the config or the reverse.  Loading validates everything and raises :class:`BadInput`
naming the file and the field.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator, model_validator

from .datafile import pydantic_error, read_yaml
from .protocol import BadInput
from .rulebook import DATA, load_rulebook

_THAI = re.compile(r"[\u0E00-\u0E7F]")


SHORT_MAX = 40
"""At most this many characters in a reading's ``short_th`` / ``short_en`` (a dropdown label)."""

_CODE_WORDS = [  # (pattern, Thai, English): what in a reading's short words is a developer's name
    (re.compile(r"\w*[A-Za-z0-9]_[A-Za-z0-9]\w*"), "มีชื่อรหัสที่เชื่อมด้วย _", "hold an _-joined identifier"),
    (re.compile(r"\S*[()]\S*"), "มีวงเล็บหรือรูปแบบเรียกฟังก์ชัน ( )", "hold a bracket or call syntax ( )"),
    (re.compile(r"\S*/\S*"), "มีเครื่องหมาย / (เส้นทางไฟล์)", "hold a / (a file path)"),
    (re.compile(r"\S*[A-Za-z]\.[A-Za-z]\S*"), "มีชื่อที่คั่นด้วยจุด (ชื่อโมดูลหรือไฟล์)",
     "hold a dotted name (a module or a file)"),
]


def short_problem(text: str, lang: str, limit: int | None = SHORT_MAX) -> tuple[str, str] | None:
    """What is wrong with ``text`` as reader words in ``lang`` (``"th"``/``"en"``): a reading's
    short words, or (``limit=None``) an entry's ``why_th`` / ``why_en``.  ``(Thai, English)``, or
    ``None`` when it is fine: empty, longer than ``limit`` characters, no Thai letter in a Thai
    text, or a developer's name (:data:`_CODE_WORDS`)."""
    text = text.strip()
    if not text:
        return "ว่างเปล่า ต้องมีคำที่ผู้อ่านเข้าใจ", "are empty; a few reader words are required"
    if limit is not None and len(text) > limit:
        return (f"ยาว {len(text)} ตัวอักษร เกิน {limit}",
                f"are {len(text)} characters long, more than {limit}")
    if lang == "th" and not _THAI.search(text):
        return "ต้องเขียนเป็นภาษาไทย", "must be written in Thai"
    for pat, th, en in _CODE_WORDS:
        m = pat.search(text)
        if m:
            return f"{th}: '{m.group(0)}'", f"{en}: '{m.group(0)}'"
    return None


class Reading(BaseModel):
    """One way to read the text: ``id``, the config ``value`` (default: the id), a few reader
    words ``short_th`` / ``short_en`` (:func:`short_problem`), descriptions."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    value: str | int | float | bool | None = None
    short_th: str
    short_en: str
    description_en: str = Field(min_length=1)
    description_th: str = Field(min_length=1)

    @property
    def config_value(self) -> Any:
        """The value the config field takes under this reading."""
        return self.id if self.value is None else self.value


class Ambiguity(BaseModel):
    """A register entry; ``variant`` names the config field that selects the reading."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    variant: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    clauses: list[str] = Field(min_length=1)
    question_th: str = Field(min_length=1)
    question_en: str = Field(min_length=1)
    readings: list[Reading] = Field(min_length=2)
    default: str
    why_th: str
    why_en: str
    why: str = Field(min_length=1)
    source: str = Field(min_length=1)
    data: str | None = None

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

    def reading(self, reading_id: str) -> Reading:
        """The reading ``reading_id`` (``KeyError`` when unknown)."""
        for r in self.readings:
            if r.id == reading_id:
                return r
        raise KeyError(reading_id)

    @property
    def default_value(self) -> Any:
        """The config value of the default reading."""
        return self.reading(self.default).config_value


def parse_register(game: str, data: object, source: str) -> tuple[Ambiguity, ...]:
    """Validate a loaded register (a list of entries); every cited clause must exist in
    ``game``'s rulebook and no two entries may select the same config field."""
    # transitional: the Shadow Master register still in the old shape until its reshape lands
    if isinstance(data, dict) and "ambiguities" in data:
        data = [{("variant" if k == "config" else k): v for k, v in e.items()} for e in data["ambiguities"]]
    if not isinstance(data, list) or not data:
        raise BadInput(source, "<root>", "ต้องเป็นรายการ YAML ที่ไม่ว่าง", "expected a non-empty YAML list")
    ids = load_rulebook(game).ids
    out, seen, fields = [], set(), {}
    for i, raw in enumerate(data):
        try:
            entry = Ambiguity.model_validate(raw)
        except ValidationError as exc:
            err = pydantic_error(exc, source)
            raise BadInput(source, f"[{i}].{err.field}", err.message_th, err.message_en) from None
        if entry.id in seen:
            raise BadInput(source, f"[{i}].id", f"รหัส '{entry.id}' ซ้ำ", f"duplicate id '{entry.id}'")
        seen.add(entry.id)
        if entry.variant in fields:
            raise BadInput(source, f"[{i}].variant", f"ช่องตั้งค่า '{entry.variant}' ซ้ำกับข้อ '{fields[entry.variant]}'",
                           f"config field '{entry.variant}' is already selected by entry '{fields[entry.variant]}'")
        fields[entry.variant] = entry.id
        for j, r in enumerate(entry.readings):
            for lang in ("th", "en"):
                words = getattr(r, f"short_{lang}")
                where = f"[{i}].readings.{j}.short_{lang}"  # as pydantic names it (a missing one)
                problem = short_problem(words, lang)
                if problem:
                    raise BadInput(source, where, f"คำสั้นของการอ่าน '{r.id}' {problem[0]}",
                                   f"the short words of reading '{r.id}' {problem[1]}")
                twin = next((o.id for o in entry.readings[:j]
                             if getattr(o, f"short_{lang}").strip() == words.strip()), None)
                if twin:
                    raise BadInput(source, where, f"คำสั้นของการอ่าน '{r.id}' ซ้ำกับของ '{twin}' ผู้อ่านแยกไม่ออก",
                                   f"the short words of reading '{r.id}' are those of '{twin}': "
                                   "a reader cannot tell them apart")
        for lang in ("th", "en"):   # the reason for the default, as readers see it in the panel
            problem = short_problem(getattr(entry, f"why_{lang}"), lang, limit=None)
            if problem:
                raise BadInput(source, f"[{i}].why_{lang}", f"เหตุผลที่เลือกค่าเริ่มต้นของข้อ '{entry.id}' {problem[0]}",
                               f"the reader words of why entry '{entry.id}' has its default {problem[1]}")
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


def variant_fields(game: str) -> dict[str, tuple[Any, Any]]:
    """The config fields the register of ``game`` defines: ``{field: (type, default)}`` where the
    type is a ``Literal`` of the readings' config values and the default is the default reading's
    value; ready for :func:`pydantic.create_model`."""
    out = {}
    for entry in load_ambiguities(game):
        values = tuple(r.config_value for r in entry.readings)
        out[entry.variant] = (Literal[values], Field(entry.default_value, description=(
            f"ambiguity {entry.id}: {entry.question_en} Readings: {', '.join(map(str, values))}.")))
    return out


@lru_cache(maxsize=None)
def literal_readings(game: str) -> dict[str, tuple[tuple[Any, str, str], ...]]:
    """The config fields the register of ``game`` defines, each with its allowed values and their
    readings' short words: ``{field: ((value, short_th, short_en), ...)}`` in the register's order
    (:data:`rules.core.datafile.Readings`): a refused value of such a field names every allowed
    value by the words a reader knows the reading by (``"anyone" (any player may block)``)."""
    return {e.variant: tuple((r.config_value, r.short_th.strip(), r.short_en.strip()) for r in e.readings)
            for e in load_ambiguities(game)}


def config_model(game: str, base: type[BaseModel], name: str = "Config") -> type[BaseModel]:
    """``base`` (the fields that are no ambiguity: players, a rule module switch...) plus one field
    per register entry of ``game`` (:func:`variant_fields`).  A field of ``base`` may not also be a
    register variant (``BadInput``)."""
    fields = variant_fields(game)
    clash = sorted(set(fields) & set(base.model_fields))
    if clash:
        raise BadInput(f"data/{game}/ambiguities.yaml", clash[0], "ช่องนี้ถูกกำหนดไว้ในโค้ดแล้ว",
                       f"config field '{clash[0]}' is defined by the code and by the register")
    model = create_model(name, __base__=base, **fields)
    model.__doc__ = (base.__doc__ or "") + (
        f"\n\nVariant fields (one per entry of data/{game}/ambiguities.yaml): {', '.join(fields)}.")
    return model


REF_WORDS = 64
"""At most this many characters of an entry's question (and of a reading's description) in an
:func:`ambiguity_ref`: a reader finds the entry in the register panel by the question's start."""


def short_words(text: str, n: int = REF_WORDS) -> str:
    """``text`` cut to at most ``n`` characters at a space (Thai separates phrases by spaces),
    before a bracket or a quotation it would leave open, ending in "…" when cut; a text of ``n``
    characters or fewer unchanged."""
    text = " ".join(text.split())
    if len(text) <= n:
        return text
    cut = text[:n - 1]
    space = cut.rfind(" ")
    cut = cut[:space] if space > n // 2 else cut
    if cut.count("(") > cut.count(")") and cut.rfind("(") > n // 3:
        cut = cut[:cut.rfind("(")]
    if cut.count('"') % 2 and cut.rfind('"') > n // 3:
        cut = cut[:cut.rfind('"')]
    return cut.rstrip(" ,;:-(") + "…"


@lru_cache(maxsize=None, typed=True)   # typed: the reading True is not the reading 1
def ambiguity_ref(game: str, entry_id: str, reading: Any = None) -> tuple[str, str]:
    """How an event, a refusal or an answer names a register entry of ``game``, in the register's
    words (the entry's id stays in the event's data or cites, where programs read it):
    ``("ข้อกำกวม: <question_th>", "ambiguity: <question_en>")``, each question cut to its first
    :data:`REF_WORDS` characters (:func:`short_words`), as the register panel heads the entry.  With
    ``reading`` (a reading id or its config value) the reading's description follows
    (``"... → <description>"``, cut the same way).  ``KeyError`` for an unknown entry or reading.

    The reading is said by its description's start, not by its ``short_th`` / ``short_en``: the
    event texts, refusals and scenario notes that quote these words (and Coup's golden digests,
    tests/test_coup_golden.py) stay as they were; the short words name readings where several
    are listed side by side (the analyzer's dropdown, the register panel)."""
    entry = next((e for e in load_ambiguities(game) if e.id == entry_id), None)
    if entry is None:
        raise KeyError(f"{game}: no register entry {entry_id!r}")
    th, en = f"ข้อกำกวม: {short_words(entry.question_th)}", f"ambiguity: {short_words(entry.question_en)}"
    if reading is None:
        return th, en
    r = next((r for r in entry.readings if r.id == reading), None) or next(
        (r for r in entry.readings if r.config_value == reading and type(r.config_value) is type(reading)), None)
    if r is None:
        raise KeyError(f"{game}: no reading {reading!r} of register entry {entry_id!r}")
    return f"{th} → {short_words(r.description_th)}", f"{en} → {short_words(r.description_en)}"


def reading_note(game: str, variant: str, value: Any) -> tuple[str, str]:
    """:func:`ambiguity_ref` of the reading of ``game``'s entry with config field ``variant`` and
    value ``value`` (never ``variant=value``: ids a reader cannot read).  ``KeyError`` when the
    register has no such reading."""
    for entry in load_ambiguities(game):
        if entry.variant == variant:
            for r in entry.readings:
                if r.config_value == value:
                    return ambiguity_ref(game, entry.id, r.id)
    raise KeyError(f"{game}: no reading {variant}={value!r} in the register")


def reading_configs(game: str) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """Every non-default reading of every entry: ``(entry_id, reading_id, {field: value})``."""
    for entry in load_ambiguities(game):
        for r in entry.readings:
            if r.id != entry.default:
                yield entry.id, r.id, {entry.variant: r.config_value}


def register_problems(game: str, config_cls: type[BaseModel], fixed: tuple[str, ...] = ("players",)) -> list[str]:
    """How the config model of ``game`` and its register disagree (empty = they agree): every
    config field but ``fixed`` (and ``base`` fields the game declares in ``fixed``) is a register
    variant with the same default."""
    out = []
    register = {e.variant: e for e in load_ambiguities(game)}
    fields = {k for k in config_cls.model_fields if k not in fixed}
    for k in sorted(fields - set(register)):
        out.append(f"config field '{k}' has no entry in data/{game}/ambiguities.yaml")
    for k in sorted(set(register) - set(config_cls.model_fields)):
        out.append(f"register entry '{register[k].id}' (variant {k}) is not a config field")
    for k in sorted(fields & set(register)):
        e = register[k]
        default = config_cls.model_fields[k].default
        if default != e.default_value:
            out.append(f"config field '{k}' defaults to {default!r}, register {e.id} to {e.default_value!r}")
    return out
