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


_INT = "ต้องเป็นจำนวนเต็ม (เช่น 7 ไม่ใช่ \"7\" หรือ 7.5)"
_THAI = {
    "missing": "ขาดช่องนี้ ต้องมี",
    "extra_forbidden": "ไม่รู้จักช่องนี้ (มีช่องเกินจากที่กำหนด)",
    "int_type": _INT, "int_parsing": _INT, "int_from_float": _INT, "int_parsing_size": _INT,
    "float_type": "ต้องเป็นตัวเลข", "float_parsing": "ต้องเป็นตัวเลข", "finite_number": "ต้องเป็นตัวเลขที่มีค่าจำกัด",
    "decimal_type": "ต้องเป็นตัวเลข", "decimal_parsing": "ต้องเป็นตัวเลข",
    "greater_than": "ต้องมากกว่า {gt}", "greater_than_equal": "ต้องมากกว่าหรือเท่ากับ {ge}",
    "less_than": "ต้องน้อยกว่า {lt}", "less_than_equal": "ต้องน้อยกว่าหรือเท่ากับ {le}",
    "multiple_of": "ต้องเป็นพหุคูณของ {multiple_of}",
    "string_type": "ต้องเป็นข้อความ", "string_unicode": "ต้องเป็นข้อความ",
    "string_too_long": "ข้อความยาวเกิน {max_length} ตัวอักษร", "string_too_short": "ข้อความต้องยาวอย่างน้อย {min_length} ตัวอักษร",
    "string_pattern_mismatch": "ข้อความไม่ตรงรูปแบบที่กำหนด",
    "bool_type": "ต้องเป็นค่าจริงหรือเท็จ", "bool_parsing": "ต้องเป็นค่าจริงหรือเท็จ",
    "dict_type": "ต้องเป็นออบเจกต์ ({{...}})", "model_type": "ต้องเป็นออบเจกต์ ({{...}})",
    "model_attributes_type": "ต้องเป็นออบเจกต์ ({{...}})", "mapping_type": "ต้องเป็นออบเจกต์ ({{...}})",
    "list_type": "ต้องเป็นรายการ ([...])", "tuple_type": "ต้องเป็นรายการ ([...])", "set_type": "ต้องเป็นรายการ ([...])",
    "frozen_set_type": "ต้องเป็นรายการ ([...])", "iterable_type": "ต้องเป็นรายการ ([...])",
    "too_long": "มีได้ไม่เกิน {max_length} รายการ", "too_short": "ต้องมีอย่างน้อย {min_length} รายการ",
    "literal_error": "ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: {expected}", "enum": "ต้องเป็นค่าใดค่าหนึ่งต่อไปนี้: {expected}",
    "none_required": "ต้องเป็นค่าว่าง", "unexpected_keyword_argument": "ไม่รู้จักช่องนี้ (มีช่องเกินจากที่กำหนด)",
    "union_tag_invalid": "ชนิดที่ระบุไม่ถูกต้อง", "union_tag_not_found": "ขาดช่องที่บอกชนิด",
    "frozen_field": "ช่องนี้แก้ไม่ได้", "frozen_instance": "ช่องนี้แก้ไม่ได้",
}
"""Thai text of each pydantic error type (``{ctx}`` placeholders); any other type is :data:`_GENERIC`."""
_GENERIC = "ค่าไม่ถูกต้อง"
MAX_SHOWN = 60
"""Characters of a refused value shown in a message (a whole file is never echoed)."""


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def thai_error(err: dict) -> str:
    """The Thai text of one pydantic error (``exc.errors()[i]``): never pydantic's English; a type
    not in :data:`_THAI` gets :data:`_GENERIC`."""
    ctx = {k: str(v).replace(" or ", ", ") for k, v in (err.get("ctx") or {}).items()}
    try:
        return _THAI.get(err.get("type", ""), _GENERIC).format(**ctx)
    except (KeyError, IndexError, ValueError):
        return _GENERIC


def pydantic_error(exc: ValidationError, source: str) -> BadInput:
    """The first pydantic error as a :class:`BadInput` naming the field: Thai from
    :func:`thai_error` (with the value given), English from pydantic."""
    err = exc.errors()[0]
    field = ".".join(str(p) for p in err["loc"]) or "<root>"
    if err.get("type") == "missing":  # the input is the object the field is missing from
        return BadInput(source, field, thai_error(err), err["msg"])
    got = _shown(err.get("input"))
    return BadInput(source, field, f"{thai_error(err)} (ได้ {got})", f"{err['msg']} (got {got})")


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
