"""JSON save files with a schema version.

A save is the game's *history*, not a memory dump: game id, config, seed, scenario overrides
and every action and chance outcome in order.  Loading replays it through the engine, so a
save can never hold a state the rules would not reach.  Format (``schema_version`` 2)::

    {"schema_version": 2, "game": "coup", "config": {...}, "seed": 7,
     "overrides": {...}, "actions": [{"player": 0, "type": "income"}, {"chance": ...}],
     "snapshot": {"step": 2, "state": {...}},      # optional: state_to_json after the actions
     "table": {"viewer": 0, "bots": "bluffer"}}    # optional: who the reader played, the bots' kind
                                                   # (and "finished_from": the step "let the bots finish" began)

* ``snapshot`` is a cache for other readers (the position without an engine); it is never
  trusted: loading replays the actions and refuses the file when the snapshot differs.
* ``table`` is what a play page needs to seat the reader again (a page may ignore it).
* Version 1 files (no ``snapshot``, no ``table``) still load; ``tests/fixtures/saves/`` holds one
  file per schema version.

Every fault of a file (not JSON, too big or too deep, a wrong type, an unknown version or game,
a number out of range, an action the rules refuse, a snapshot that does not match) raises
:class:`BadInput` naming the file and the field (an illegal action names its clause too), in Thai
and English; nothing is half-loaded.  :func:`write` saves atomically (temp file + ``os.replace``).
"""
from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .ambiguity import literal_readings
from .datafile import DETAIL_CHARS, FAST_LOADER, encoding_error, megabytes, pydantic_error, syntax_error
from .filekind import kind_of, wrong_file
from .protocol import BadInput, Game, IllegalAction, Transition

SCHEMA_VERSION = 2
SUPPORTED_VERSIONS = (1, 2)
MAX_BYTES = 4_000_000
"""A save file bigger than this is refused before parsing (a long game is ~100 kB)."""
MAX_ACTIONS = 50_000
MAX_DEPTH = 12
"""JSON nesting deeper than this (in an action, the config or the overrides) is refused."""
MAX_SEED = 2**63 - 1
MAX_INT = 2**63
"""Any integer in a save beyond +-this is refused (no engine counts that far)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SnapshotV2(_Strict):
    """``state_to_json`` of the position after the first ``step`` actions."""

    step: int = Field(ge=0)
    state: dict[str, Any]


class TableV2(_Strict):
    """The reader's seat (``None``: a spectator) and the bots' kind on a play page; ``finished_from``:
    the step "let the bots finish" started at (``None``, or absent as in older files: no finish), so
    "undo my move" after a reload still skips the bot's moves in the reader's seat."""

    viewer: Optional[int] = Field(0, ge=0, le=64)
    bots: str = Field("", max_length=40)
    finished_from: Optional[int] = Field(None, ge=0, le=MAX_ACTIONS)


class SaveFileV1(_Strict):
    """Schema of a version-1 save file."""

    schema_version: int
    game: str = Field(max_length=40)
    config: dict[str, Any]
    seed: int = Field(ge=0, le=MAX_SEED)
    overrides: dict[str, Any] = {}
    actions: list[dict[str, Any]] = Field(max_length=MAX_ACTIONS)


class SaveFile(SaveFileV1):
    """Schema of a save file (version 2; validated before anything is replayed)."""

    snapshot: Optional[SnapshotV2] = None
    table: Optional[TableV2] = None


MODELS = {1: SaveFileV1, 2: SaveFile}


@dataclass
class Replay:
    """A replayed history: the initial state (after overrides), each transition, the final state."""

    game: Game
    config: Any
    seed: int
    overrides: dict
    initial: Any
    actions: list[dict] = field(default_factory=list)
    transitions: list[Transition] = field(default_factory=list)
    table: Any = None
    """The file's ``table`` (:class:`TableV2`) or ``None``."""

    @property
    def state(self) -> Any:
        return self.transitions[-1].state if self.transitions else self.initial


def start(game: Game, config: Any, seed: int, overrides: dict | None = None,
          source: str = "setup") -> tuple[Any, Any]:
    """``(config, state)``: ``new_game`` then the scenario ``overrides``.

    Raises :class:`BadInput` naming ``source`` and the field for a bad config or override.
    """
    cfg = game.make_config(config or {}, source=f"{source}: config")
    state = game.new_game(cfg, seed)
    if overrides:
        try:
            state = game.apply_overrides(state, overrides)
        except BadInput as exc:  # the game names the field; we name the file
            field = exc.field if exc.field.startswith("setup.") else f"setup.overrides.{exc.field}"
            raise BadInput(source, field, exc.message_th, exc.message_en) from None
        except IllegalAction as exc:
            raise BadInput(source, "setup.overrides", f"ผิดกติกา ({exc.clause}): {exc.message_th}",
                           f"breaks a rule ({exc.clause}): {exc.message_en}") from None
    return cfg, state


def replay(game: Game, config: Any, seed: int, actions: list[dict], overrides: dict | None = None,
           source: str = "save") -> Replay:
    """Rebuild a game from its history; :class:`BadInput` names the first refused action.

    A file is untrusted input: a ``config`` dict is checked with JSON's types
    (:func:`check_config`), and each player action must be one of the seat's
    ``legal_actions`` (as JSON) before ``apply`` sees it, and a chance outcome one of
    ``chance_outcomes`` when the game lists them; the refusal names the clause that forbids it
    (``explain_illegal``) when the engine gives one.
    """
    check_config(game, config, source)
    cfg, state = start(game, config, seed, overrides, source)
    rp = Replay(game, cfg, seed, dict(overrides or {}), state)
    for i, action in enumerate(actions):
        _check_action(game, rp.state, action, i, source)
        try:
            tr = game.apply(rp.state, action)
        except IllegalAction as exc:
            raise _illegal(exc, i, source, game, action) from None
        rp.actions.append(action)
        rp.transitions.append(tr)
    return rp


def _as_json(x: Any) -> Any:
    return json.loads(json.dumps(x))


def _illegal(exc: IllegalAction, i: int, source: str, game: Game | None = None,
             action: dict | None = None) -> BadInput:
    """The error of the save file's ``actions[i]`` that the engine refused with ``exc``: the clause
    by its title (:meth:`GameBase.cite_name`; clause ids never reach the screen) and, as the
    engine's words count seats from 1 ("seat 2") while the file counts them from 0, the file's own
    ``"player"`` number."""
    th = en = ""
    try:
        th, en = game.cite_name(exc.clause)
    except Exception:  # noqa: BLE001 - no game, or an id its rulebook does not hold: the id is all there is
        pass
    th, en = th or exc.clause, en or exc.clause
    seat = (action or {}).get("player")
    file_th = file_en = ""
    if isinstance(seat, int) and not isinstance(seat, bool):
        file_th = f' (ในไฟล์ "player": {seat} นับที่นั่งจาก 0)'
        file_en = f' (the file\'s "player": {seat} counts seats from 0)'
    return BadInput(source, f"actions[{i}]", f"การกระทำนี้ผิดกติกา ({th}): {exc.message_th}{file_th}",
                    f"illegal action ({en}): {exc.message_en}{file_en}")


def _check_action(game: Game, state: Any, action: dict, i: int, source: str) -> None:
    """:class:`BadInput` unless ``action`` is a legal action or a listed chance outcome now."""
    from .protocol import CHANCE
    where = f"actions[{i}]"
    if "chance" in action:
        if game.current_player(state) != CHANCE:
            raise BadInput(source, where, "ตอนนี้ไม่ใช่จังหวะสุ่ม", "a chance outcome where no chance node is")
        outcomes = [o for o, _p in game.chance_outcomes(state)]
        if outcomes and action not in _as_json(outcomes):
            raise BadInput(source, where, "ผลสุ่มนี้เกิดขึ้นไม่ได้ตอนนี้",
                           "this chance outcome cannot happen here")
        return
    seat = action.get("player")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 64:
        raise BadInput(source, f"{where}.player", "ต้องระบุที่นั่งผู้เล่นเป็นจำนวนเต็ม",
                       "an action needs 'player', a seat number")
    if action in _as_json(game.legal_actions(state, seat)):
        return
    try:
        why = game.explain_illegal(state, action)
    except IllegalAction as exc:
        why = exc
    except Exception:  # noqa: BLE001 - an engine that cannot even explain a malformed action
        why = None
    if isinstance(why, IllegalAction):
        raise _illegal(why, i, source, game, action)
    raise BadInput(source, where, "ไม่ใช่การกระทำที่ทำได้ในตานี้",
                   "not one of the legal actions in this position")


def to_dict(game: Game, config: Any, seed: int, actions: list[dict],
            overrides: dict | None = None, snapshot: Any = None,
            table: dict | None = None) -> dict:
    """The save-file dict of a history; ``snapshot``: the state after ``actions`` (its
    ``state_to_json`` is stored as the cache); ``table``: ``{"viewer": seat, "bots": kind}``."""
    out = {"schema_version": SCHEMA_VERSION, "game": game.id,
           "config": game.config_to_json(config), "seed": seed,
           "overrides": dict(overrides or {}), "actions": list(actions)}
    if snapshot is not None:
        out["snapshot"] = {"step": len(actions), "state": game.state_to_json(snapshot)}
    if table is not None:
        out["table"] = dict(table)
    return out


def dumps(game: Game, config: Any, seed: int, actions: list[dict], overrides: dict | None = None,
          snapshot: Any = None, table: dict | None = None) -> str:
    """The save file as JSON text (UTF-8, Thai kept readable)."""
    return json.dumps(to_dict(game, config, seed, actions, overrides, snapshot, table),
                      ensure_ascii=False, indent=1)


def write(path: Path | str, text: str) -> Path:
    """Write ``text`` to ``path`` atomically: a temp file in the same folder, flushed and synced,
    then ``os.replace`` (a crash leaves the old file or the new one, never half of one)."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def save(path: Path | str, game: Game, config: Any, seed: int, actions: list[dict],
         overrides: dict | None = None, snapshot: Any = None, table: dict | None = None) -> Path:
    """:func:`dumps` then :func:`write` (atomic)."""
    return write(path, dumps(game, config, seed, actions, overrides, snapshot, table))


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _check_values(value: Any, where: str, source: str, depth: int = 0) -> None:
    """JSON values only, nested at most :data:`MAX_DEPTH`, integers within +-:data:`MAX_INT`."""
    if depth > MAX_DEPTH:
        raise BadInput(source, where, f"ซ้อนลึกเกิน {MAX_DEPTH} ชั้น",
                       f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for k, v in value.items():
            _check_values(v, f"{where}.{k}", source, depth + 1)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_values(v, f"{where}[{i}]", source, depth + 1)
    elif isinstance(value, bool) or value is None or isinstance(value, str):
        return
    elif isinstance(value, int):
        if abs(value) > MAX_INT:
            raise BadInput(source, where, "ตัวเลขใหญ่เกินไป", "number out of range (|x| > 2**63)")
    elif isinstance(value, float):
        if not math.isfinite(value) or abs(value) > MAX_INT:
            raise BadInput(source, where, "ตัวเลขใหญ่เกินไป", "number out of range")


def parse(text: str | bytes, source: str = "<save>", game: str | None = None) -> SaveFile | SaveFileV1:
    """Validate save-file text (JSON, fields, schema version) without replaying it.

    Raises :class:`BadInput` (th + en) naming ``source`` and the field.  A ruling file (YAML or
    JSON) is refused as one, saying where it opens; ``game``: the game of the page opening the file
    (another game's file is refused first, naming both games: :func:`rules.core.filekind.wrong_file`).
    """
    if isinstance(text, (bytes, bytearray, memoryview)):
        raw_bytes = bytes(text)
        if len(raw_bytes) > MAX_BYTES:
            raise _too_big(source, len(raw_bytes))
        try:
            text = raw_bytes.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise encoding_error(exc, source) from None
    if not isinstance(text, str):
        raise BadInput(source, "<file>", "ไฟล์บันทึกต้องเป็นข้อความ", "a save file must be text")
    if len(text) > MAX_BYTES:
        raise _too_big(source, len(text))
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows Notepad saves UTF-8: not part of the JSON
    try:
        raw = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        sniffed = _sniff_yaml(text)  # a ruling is YAML: said as such, not "not valid JSON"
        if kind_of(sniffed) == "ruling":
            raise wrong_file(sniffed, source, "session", game) from None
        if text.strip() and text.lstrip()[:1] not in ("{", "["):
            # plain text, not a JSON file cut short: "cut off" would send the reader looking for the rest
            raise BadInput(source, "<json>", "ไม่ใช่ไฟล์เกมที่บันทึกไว้ (.json)", "not a saved game file (.json)",
                           detail=f"JSON parser: {exc}"[:DETAIL_CHARS]) from None
        raise syntax_error(exc, text, source, "<json>", "JSON") from None
    except RecursionError:
        raise BadInput(source, "<json>", "JSON ซ้อนลึกเกินไป", "invalid JSON: nested too deeply") from None
    except ValueError as exc:  # NaN/Infinity, an integer of more than 4300 digits
        raise BadInput(source, "<json>", "JSON มีตัวเลขที่ใช้ไม่ได้", f"invalid JSON number: {exc}") from None
    if not isinstance(raw, dict):
        raise BadInput(source, "<root>", "ไฟล์บันทึกต้องเป็นออบเจกต์ JSON ({...})",
                       f"a save file must be a JSON object, got {type(raw).__name__}")
    wrong = wrong_file(raw, source, "session", game)
    if wrong is not None:
        raise wrong
    version = _version(raw, source)
    for key in ("config", "overrides", "actions", "snapshot"):
        if key in raw:
            _check_values(raw[key], key, source)
    try:
        save = MODELS[version].model_validate(raw)
    except ValidationError as exc:
        raise pydantic_error(exc, source) from None
    except RecursionError:
        raise BadInput(source, "<json>", "JSON ซ้อนลึกเกินไป", "nested too deeply") from None
    if getattr(save, "snapshot", None) is not None and save.snapshot.step != len(save.actions):
        raise BadInput(source, "snapshot.step", f"snapshot.step ต้องเท่ากับจำนวนการกระทำ ({len(save.actions)})",
                       f"snapshot.step must equal the number of actions ({len(save.actions)})")
    return save


SNIFF_CHARS = 200_000
"""Characters of a file that is not JSON read as YAML to see whether it is a ruling (a ruling is a
few kB; a bigger file, or one that starts like JSON, keeps its JSON refusal)."""


def _sniff_yaml(text: str) -> Any:
    """``text`` read as YAML (libyaml's safe loader) when it may be a ruling file: short, not
    starting like JSON; else, or when it does not parse, ``None``."""
    if len(text) > SNIFF_CHARS or text.lstrip()[:1] in ("{", "[", ""):
        return None
    try:
        return yaml.load(text, Loader=FAST_LOADER)
    except (yaml.YAMLError, RecursionError, ValueError):
        return None


def _version(raw: dict, source: str) -> int:
    """The file's ``schema_version``, one of :data:`SUPPORTED_VERSIONS`; else :class:`BadInput` saying
    which versions are supported (and, for ``"2"``, ``2.0`` or ``true``, that it must be a whole number)."""
    known = ", ".join(map(str, SUPPORTED_VERSIONS))
    if "schema_version" not in raw:
        raise BadInput(source, "schema_version", f"ไม่มีช่อง schema_version (รุ่นที่รองรับ: {known})",
                       f"schema_version is missing (supported versions: {known})")
    version = raw["schema_version"]
    got = repr(version) if len(repr(version)) <= 24 else repr(version)[:21] + "..."
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadInput(source, "schema_version",
                       f"schema_version ต้องเป็นจำนวนเต็ม ไม่ใช่ข้อความหรือทศนิยม (ได้ {got}; รุ่นที่รองรับ: {known})",
                       f"schema_version must be a whole number, not text or a decimal (got {got}; "
                       f"supported versions: {known})")
    if version not in SUPPORTED_VERSIONS:
        raise BadInput(source, "schema_version", f"ไม่รองรับรุ่น {got} (รุ่นที่รองรับ: {known})",
                       f"unsupported schema_version {got} (supported versions: {known})")
    return version


def check_config(game: Game, config: Any, source: str) -> None:
    """A file's ``config`` checked with JSON's own types (pydantic strict JSON mode): ``"2"`` is not
    a number of players, as ``"4242"`` is not a seed.  :class:`BadInput` (source ``<file>: config``,
    the field) like :meth:`Game.make_config`'s; a config object (not a dict) is not checked here."""
    model = getattr(game, "config_model", None)
    if not isinstance(config, dict) or not (isinstance(model, type) and issubclass(model, BaseModel)):
        return
    try:
        model.model_validate_json(json.dumps(config), strict=True)
    except ValidationError as exc:
        raise pydantic_error(exc, f"{source}: config", literal_readings(getattr(game, "id", ""))) from None


def _too_big(source: str, size: int) -> BadInput:
    return BadInput(source, "<file>", f"ไฟล์ใหญ่เกินไป ({megabytes(size)} เกิน {megabytes(MAX_BYTES)})",
                    f"file too large ({megabytes(size)}; at most {megabytes(MAX_BYTES)})")


def check_snapshot(game: Game, save: SaveFile | SaveFileV1, rp: "Replay", source: str) -> None:
    """:class:`BadInput` (field ``snapshot.state``) when the cached snapshot is not the replayed state."""
    snap = getattr(save, "snapshot", None)
    if snap is None:
        return
    got = json.loads(json.dumps(game.state_to_json(rp.state)))
    if got != snap.state:
        diff = next((k for k in sorted(set(got) | set(snap.state)) if got.get(k) != snap.state.get(k)), "")
        raise BadInput(source, f"snapshot.state.{diff}".rstrip("."),
                       "สถานะที่บันทึกไว้ไม่ตรงกับการเล่นซ้ำตามกติกา",
                       "the saved snapshot does not match the position the rules reach by replaying the actions")


def loads(text: str | bytes, source: str = "<save>") -> Replay:
    """Parse, validate and replay a save file; :class:`BadInput` (th + en) names file and field.

    Nothing is half-loaded: either the whole history replays or an error is raised.
    """
    from ..catalog import engine  # late import: catalog imports the games

    save = parse(text, source)
    try:
        game = engine(save.game)
    except BadInput as exc:
        raise BadInput(source, "game", exc.message_th, exc.message_en) from None
    rp = replay(game, save.config, save.seed, save.actions, save.overrides, source)
    check_snapshot(game, save, rp, source)
    rp.table = getattr(save, "table", None)
    return rp


def load(path: Path | str) -> Replay:
    """Load a save file from disk (see :func:`loads`)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInput(str(path), "<file>", f"เปิดไฟล์ไม่ได้: {exc}", f"cannot read file: {exc}") from None
    return loads(data, str(path))
