"""Reading data files (YAML) with errors a person can act on.

Every failure is a :class:`BadInput` that names the file, the field and what was expected,
in Thai and English; nothing is returned half-validated.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .protocol import BadInput

M = TypeVar("M", bound=BaseModel)


def pydantic_error(exc: ValidationError, source: str) -> BadInput:
    """The first pydantic error as a :class:`BadInput` naming the field (th + en)."""
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err["loc"]) or "<root>"
    return BadInput(source, field, f"ค่าไม่ถูกต้อง ({err['msg']}; ได้ {err.get('input')!r})",
                    f"{err['msg']} (got {err.get('input')!r})")


def read_yaml(path: Path | str) -> Any:
    """Parsed YAML of ``path``; :class:`BadInput` (field ``<file>`` or ``<yaml>``) on failure."""
    path = Path(path)
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise BadInput(str(path), "<yaml>", f"YAML ไม่ถูกต้อง: {exc}", f"invalid YAML: {exc}") from None
    except UnicodeDecodeError as exc:
        raise BadInput(str(path), "<encoding>", f"ไฟล์ต้องเข้ารหัส UTF-8 (ไบต์ที่ {exc.start} อ่านไม่ได้)",
                       f"the file must be UTF-8 text (undecodable byte at offset {exc.start})") from None
    except OSError as exc:
        raise BadInput(str(path), "<file>", f"เปิดไฟล์ไม่ได้: {exc}", f"cannot read file: {exc}") from None


def load_model(path: Path | str, model: type[M]) -> M:
    """``read_yaml`` then validate into ``model``; :class:`BadInput` names the failing field."""
    data = read_yaml(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise pydantic_error(exc, str(path)) from None
