"""JSON save files with a schema version.

A save is the game's *history*, not a memory dump: game id, config, seed, scenario overrides
and every action and chance outcome in order.  Loading replays it through the engine, so a
save can never hold a state the rules would not reach.  Format (``schema_version`` 1)::

    {"schema_version": 1, "game": "coup", "config": {...}, "seed": 7,
     "overrides": {...}, "actions": [{"player": 0, "type": "income"}, {"chance": ...}]}
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .datafile import pydantic_error
from .protocol import BadInput, Game, IllegalAction, Transition

SCHEMA_VERSION = 1


class SaveFile(BaseModel):
    """Schema of a save file (validated before anything is replayed)."""

    model_config = ConfigDict(extra="forbid")
    schema_version: int
    game: str
    config: dict[str, Any]
    seed: int
    overrides: dict[str, Any] = {}
    actions: list[dict[str, Any]]


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
    """Rebuild a game from its history; :class:`BadInput` names the first refused action."""
    cfg, state = start(game, config, seed, overrides, source)
    rp = Replay(game, cfg, seed, dict(overrides or {}), state)
    for i, action in enumerate(actions):
        try:
            tr = game.apply(rp.state, action)
        except IllegalAction as exc:
            raise BadInput(source, f"actions[{i}]",
                           f"การกระทำนี้ผิดกติกา ({exc.clause}): {exc.message_th}",
                           f"illegal action ({exc.clause}): {exc.message_en}") from None
        rp.actions.append(action)
        rp.transitions.append(tr)
    return rp


def to_dict(game: Game, config: Any, seed: int, actions: list[dict],
            overrides: dict | None = None) -> dict:
    """The save-file dict of a history."""
    return {"schema_version": SCHEMA_VERSION, "game": game.id,
            "config": game.config_to_json(config), "seed": seed,
            "overrides": dict(overrides or {}), "actions": list(actions)}


def dumps(game: Game, config: Any, seed: int, actions: list[dict], overrides: dict | None = None) -> str:
    """The save file as JSON text (UTF-8, Thai kept readable)."""
    return json.dumps(to_dict(game, config, seed, actions, overrides), ensure_ascii=False, indent=1)


def parse(text: str, source: str = "<save>") -> SaveFile:
    """Validate save-file text (JSON, fields, schema version) without replaying it.

    Raises :class:`BadInput` (th + en) naming ``source`` and the field.
    """
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(source, "<json>", f"JSON ไม่ถูกต้อง (บรรทัด {exc.lineno})",
                       f"invalid JSON at line {exc.lineno}: {exc.msg}") from None
    try:
        save = SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise pydantic_error(exc, source) from None
    if save.schema_version != SCHEMA_VERSION:
        raise BadInput(source, "schema_version", f"รองรับเฉพาะรุ่น {SCHEMA_VERSION}",
                       f"unsupported schema_version {save.schema_version}; expected {SCHEMA_VERSION}")
    return save


def loads(text: str, source: str = "<save>") -> Replay:
    """Parse, validate and replay a save file; :class:`BadInput` (th + en) names file and field.

    Nothing is half-loaded: either the whole history replays or an error is raised.
    """
    from ..catalog import engine  # late import: catalog imports the games

    save = parse(text, source)
    try:
        game = engine(save.game)
    except BadInput as exc:
        raise BadInput(source, "game", exc.message_th, exc.message_en) from None
    return replay(game, save.config, save.seed, save.actions, save.overrides, source)


def load(path: Path | str) -> Replay:
    """Load a save file from disk (see :func:`loads`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(str(path), "<encoding>", f"ไฟล์ต้องเข้ารหัส UTF-8 (ไบต์ที่ {exc.start} อ่านไม่ได้)",
                       f"the file must be UTF-8 text (undecodable byte at offset {exc.start})") from None
    except OSError as exc:
        raise BadInput(str(path), "<file>", f"เปิดไฟล์ไม่ได้: {exc}", f"cannot read file: {exc}") from None
    return loads(text, str(path))
