"""Reading data files (YAML) with errors a person can act on.

Every failure is a :class:`BadInput` that names the file, the field and what was expected,
in Thai and English; nothing is returned half-validated.
"""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .protocol import BadInput

M = TypeVar("M", bound=BaseModel)


_INT = ("ต้องเป็นจำนวนเต็ม (เช่น 7 ไม่ใช่ \"7\" หรือ 7.5)",
        "must be a whole number (an integer such as 7, not \"7\" or 7.5)")
_NUM = ("ต้องเป็นตัวเลข", "must be a number")
_TEXT = ("ต้องเป็นข้อความ", "must be text")
_BOOL = ("ต้องเป็นค่าจริงหรือเท็จ (true หรือ false)", "must be true or false")
_OBJ = ("ต้องเป็นออบเจกต์ ({{...}})", "must be an object ({{...}}), a set of named fields")
_LIST = ("ต้องเป็นรายการ ([...])", "must be a list ([...])")
_ONE_OF = ("ต้องเป็น {expected}", "must be {expected}")
_EXTRA = ("เป็นช่องที่ไม่รู้จัก (เกินจากที่กำหนด: ลบออกหรือตรวจตัวสะกด)",
          "is not expected here (remove it or check its spelling)")
_FROZEN = ("แก้ไขไม่ได้", "cannot be changed")
WORDS: dict[str, tuple[str, str]] = {
    "missing": ("ขาดหายไป (ต้องมีช่องนี้)", "is missing (it is required)"),
    "extra_forbidden": _EXTRA, "unexpected_keyword_argument": _EXTRA,
    "int_type": _INT, "int_parsing": _INT, "int_from_float": _INT,
    "int_parsing_size": ("ต้องเป็นจำนวนเต็มที่ไม่ใหญ่เกินไป", "must be a whole number that is not too large"),
    "float_type": _NUM, "float_parsing": _NUM, "decimal_type": _NUM, "decimal_parsing": _NUM,
    "finite_number": ("ต้องเป็นตัวเลขที่มีค่าจำกัด", "must be a finite number"),
    "greater_than": ("ต้องมากกว่า {gt}", "must be greater than {gt}"),
    "greater_than_equal": ("ต้องมากกว่าหรือเท่ากับ {ge}", "must be {ge} or more"),
    "less_than": ("ต้องน้อยกว่า {lt}", "must be less than {lt}"),
    "less_than_equal": ("ต้องน้อยกว่าหรือเท่ากับ {le}", "must be {le} or less"),
    "multiple_of": ("ต้องเป็นพหุคูณของ {multiple_of}", "must be a multiple of {multiple_of}"),
    "string_type": _TEXT, "string_unicode": _TEXT,
    "string_too_long": ("ต้องยาวไม่เกิน {max_length} ตัวอักษร", "must be at most {max_length} characters long"),
    "string_too_short": ("ต้องยาวอย่างน้อย {min_length} ตัวอักษร", "must be at least {min_length} characters long"),
    "string_pattern_mismatch": ("ไม่ตรงรูปแบบที่กำหนด ({pattern})", "does not match the required pattern ({pattern})"),
    "bool_type": _BOOL, "bool_parsing": _BOOL,
    "dict_type": _OBJ, "model_type": _OBJ,
    "list_type": _LIST, "tuple_type": _LIST, "set_type": _LIST, "frozen_set_type": _LIST, "iterable_type": _LIST,
    "too_long": ("มีได้ไม่เกิน {max_length} รายการ", "may hold at most {max_length} items"),
    "too_short": ("ต้องมีอย่างน้อย {min_length} รายการ", "must hold at least {min_length} items"),
    "literal_error": _ONE_OF, "enum": _ONE_OF,
    "none_required": ("ต้องว่าง (null)", "must be empty (null)"),
    "union_tag_invalid": ("บอกชนิดไม่ถูกต้อง (ต้องเป็น {expected_tags})", "names an unknown kind (expected {expected_tags})"),
    "union_tag_not_found": ("ขาดช่อง {discriminator} ที่บอกชนิด", "lacks the field {discriminator} that names its kind"),
    "frozen_field": _FROZEN, "frozen_instance": _FROZEN,
    "value_error": ("มีค่าที่ใช้ไม่ได้ (เหตุผลอยู่ในบรรทัดภาษาอังกฤษ)", "has a value that cannot be used: {error}"),
    "assertion_error": ("มีค่าที่ใช้ไม่ได้ (เหตุผลอยู่ในบรรทัดภาษาอังกฤษ)", "has a value that cannot be used: {error}"),
    "json_invalid": ("ไม่ใช่ JSON ที่ถูกต้อง", "is not valid JSON"),
    "json_type": ("ต้องเป็นข้อความ JSON", "must be JSON text"),
}
"""``{pydantic error type: (Thai, English)}``: what is wrong with a field, said after its name
(:func:`error_words`; ``{ctx}`` placeholders, ``{{``/``}}`` are braces).  Every type a reader's file
can reach (a ruling, a save file, a config, a data file) is here; any other type is :data:`_GENERIC`
in Thai and pydantic's own words in English."""
_GENERIC = ("มีค่าที่ใช้ไม่ได้", "is not valid: {msg}")
MAX_SHOWN = 60
"""Characters of a refused value shown in a message (a whole file is never echoed)."""
_UNION_TAG = re.compile(r"^(int|float|str|bool|none|bytes|[A-Z]\w*|[\w-]+\[.*\])$", re.S)
"""A part of a pydantic ``loc`` that names a union's member (``int``, ``list[int]``,
``literal['chance','terminal']``, a model's class name), not a field."""


_PY_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
"""A Python string literal (``'anyone'``, ``"it's"``) inside pydantic's ``ctx`` words."""
_AS_JSON = ("expected", "expected_tags", "discriminator")
"""``ctx`` keys that quote the reader's literals (allowed values, the field naming a kind): said as
JSON (``"a" or "b"``), as the reader writes them."""


def _shown(value: Any) -> str:
    """``value`` as the reader wrote it in JSON (``"four"``, ``{"x": 1}``, ``null``), cut to
    :data:`MAX_SHOWN` characters; a value JSON cannot hold (a date from YAML) as Python's ``repr``."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 3] + "..."


def _json_literals(words: str) -> str:
    """Pydantic's list of allowed literals (``'a', 'b' or 'c'``) with each string as JSON (``"a"``)."""
    return _PY_LITERAL.sub(lambda m: json.dumps(ast.literal_eval(m.group(0)), ensure_ascii=False), words)


Readings = Mapping[str, Sequence[tuple[Any, str, str]]]
"""``{config field: ((value, short_th, short_en), ...)}``: the allowed values of the config fields
an ambiguity register defines, each with its reading's short words, in the register's order
(:func:`rules.core.ambiguity.literal_readings`)."""


def _listed(items: Sequence[str], or_word: str) -> str:
    """``a, b or c`` (pydantic's way of listing allowed values) with ``or_word``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {or_word} {items[-1]}"


def _named_readings(err: dict, readings: Readings | None) -> tuple[str, str] | None:
    """``(Thai, English)`` listing of the values allowed in a register's config field with each
    reading's short words (``"target_only" (เฉพาะผู้ถูกเลือกยับยั้งได้) หรือ "anyone" (...)``), for
    a ``literal_error`` of such a field at the top of the config (``loc`` is the field alone);
    ``None`` for any other error (its words stay the bare literals)."""
    loc = tuple(err.get("loc") or ())
    if err.get("type") != "literal_error" or not readings or len(loc) != 1 or loc[0] not in readings:
        return None
    shown = [(_shown(v), th, en) for v, th, en in readings[loc[0]]]
    return (_listed([f"{v} ({th})" for v, th, _en in shown], "หรือ"),
            _listed([f"{v} ({en})" for v, _th, en in shown], "or"))


def error_words(err: dict, readings: Readings | None = None) -> tuple[str, str]:
    """``(Thai, English)`` of what is wrong in one pydantic error (``exc.errors()[i]``), without the
    field's name: from :data:`WORDS`, never pydantic's English in the Thai; a type not in the
    table (or whose words do not fit its context) gets :data:`_GENERIC`.  ``readings``: a config's
    register fields (:data:`Readings`); a value refused by one of them lists each allowed value
    with its reading's short words, in the line's language."""
    ctx = {k: _json_literals(str(v)) if k in _AS_JSON else str(v) for k, v in (err.get("ctx") or {}).items()}
    th_ctx = {k: v.replace(" or ", " หรือ ") for k, v in ctx.items()}  # "'a', 'b' or 'c'": Thai "or"
    named = _named_readings(err, readings)
    if named:
        th_ctx["expected"], ctx["expected"] = named
    th, en = WORDS.get(err.get("type", ""), _GENERIC)
    try:
        return th.format(**th_ctx), en.format(msg=err.get("msg", ""), **ctx)
    except (KeyError, IndexError, ValueError):
        return _GENERIC[0], _GENERIC[1].format(msg=err.get("msg", ""))


def thai_error(err: dict) -> str:
    """The Thai of :func:`error_words` (what is wrong, without the field's name)."""
    return error_words(err)[0]


def field_words(field: str) -> tuple[str, str]:
    """``(Thai, English)`` of a field path as a reader counts: a list position, 0-based in the path
    (``cells.1.q``, ``actions[2]``), is said 1-based in words between " › ":
    ``("cells › ลำดับที่ 2 › q", "cells › item 2 › q")``, ``actions › ลำดับที่ 3``; names are joined
    by "." as in the path.  A path with no position (``setup.seed``, ``<root>``) as it is in both
    languages.  The raw path stays the :class:`BadInput`'s ``field`` (for programs and tests)."""
    parts = re.findall(r"\[(\d+)\]|([^.\[\]]+)", field)
    if not any(i or n.isdigit() for i, n in parts):
        return field, field
    th = en = ""
    before_index = None  # the previous part was a position (None: no part yet)
    for index, name in parts:
        pos = index or (name if name.isdigit() else "")
        sep = "" if before_index is None else (" › " if pos or before_index else ".")
        th += sep + (f"ลำดับที่ {int(pos) + 1}" if pos else name)
        en += sep + (f"item {int(pos) + 1}" if pos else name)
        before_index = bool(pos)
    return th, en


def _field(loc: Iterable[Any], union: bool) -> str:
    """A pydantic ``loc`` as a field path (``steps.0.action``); ``union`` (the value was refused by
    several members of a union): the members' tags left out."""
    return ".".join(str(p) for p in loc if not (union and isinstance(p, str) and _UNION_TAG.match(p)))


def pydantic_error(exc: ValidationError, source: str, readings: Readings | None = None) -> BadInput:
    """The first pydantic error as a :class:`BadInput` naming the field, in a Thai and an English
    sentence from one table (:data:`WORDS`), with the value given: ``ช่อง “seed” ต้องเป็นจำนวนเต็ม
    ... (ได้ "7")`` / ``the field “seed” must be a whole number ... (got "7")`` (the value as JSON).  A value refused by
    each member of a union (``int | list[int] | 'chance'``) says every member's words, joined by
    "or".  The whole file (an empty ``loc``) is "the file".  The field is named in reader words
    (:func:`field_words`: list positions counted from 1); ``field`` keeps pydantic's path.
    ``readings``: the config's register fields (:func:`error_words`)."""
    errors = exc.errors()
    err = errors[0]
    union = len(errors) > 1  # one refusal per member of a union (a lone error has no member's tag)
    field = _field(err["loc"], union)
    same = [e for e in errors if _field(e["loc"], union) == field] if field != _field(err["loc"], False) else [err]
    words = list(dict.fromkeys(error_words(e, readings) for e in same))  # each member's words once, in order
    what_th = " หรือ".join(th for th, _en in words)
    what_en = " or ".join(en for _th, en in words)
    field_th, field_en = field_words(field)
    th = f"ช่อง “{field_th}” {what_th}" if field else f"ทั้งไฟล์{what_th}"
    en = f"the field “{field_en}” {what_en}" if field else f"the file {what_en}"
    if err.get("type") == "missing":  # the input is the object the field is missing from
        return BadInput(source, field or "<root>", th, en)
    got = _shown(err.get("input"))
    return BadInput(source, field or "<root>", f"{th} (ได้ {got})", f"{en} (got {got})")


def megabytes(size: int) -> str:
    """A file size or limit in bytes as a reader says it: ``2_000_000`` -> ``"2 MB"``,
    ``4_000_001`` -> ``"4.1 MB"`` (decimal MB, rounded up to 0.1 so a size over a limit never
    reads as equal to it; the same words in Thai and English)."""
    tenths = -(-int(size) // 100_000)
    return f"{tenths // 10} MB" if tenths % 10 == 0 else f"{tenths / 10:.1f} MB"


# --- a file that does not parse, or looks cut off ------------------------------------------
DETAIL_CHARS = 240
"""Characters of a parser's own words kept as a :class:`BadInput`'s ``detail``."""

_JSON_WORDS = [  # json.JSONDecodeError.msg (its start) -> what is wrong there, Thai and English
    ("Unterminated string", "ข้อความในเครื่องหมายคำพูดไม่ได้ปิด", "a quoted string is not closed"),
    ("Expecting value", "ขาดค่าตรงนี้", "a value is expected here"),
    ("Expecting property name", "ชื่อช่องต้องอยู่ในเครื่องหมายคำพูดคู่", "a field name in double quotes is expected"),
    ("Expecting ',' delimiter", "ขาดเครื่องหมายจุลภาค (,)", "a comma (,) is expected"),
    ("Expecting ':' delimiter", "ขาดเครื่องหมายทวิภาค (:)", "a colon (:) is expected"),
    ("Extra data", "มีข้อมูลเกินมาหลังจบข้อมูลหลัก", "there is more text after the end of the data"),
    ("Invalid control character", "มีอักขระควบคุมอยู่ในข้อความ", "a control character is inside a string"),
    ("Invalid \\", "เครื่องหมาย \\ ในข้อความใช้ไม่ได้", "an invalid backslash escape"),
]
_CUT_TH = "ไฟล์จบก่อนข้อมูลครบ จึงดูเหมือนถูกตัด"
_CUT_EN = "it ends before its data is complete, so it looks cut short"


def shown_line(text: str) -> str:
    """A line of a file as shown in a message (stripped, at most :data:`MAX_SHOWN` characters)."""
    line = text.strip()
    return line if len(line) <= MAX_SHOWN else line[:MAX_SHOWN - 3] + "..."


def last_line(text: str) -> tuple[int, str]:
    """``(number, text)`` of the last line of ``text`` that is not blank (1-based; ``(0, "")`` for
    an empty file)."""
    lines = text.splitlines()
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].strip():
            return i + 1, shown_line(lines[i])
    return 0, ""


def _at_end(text: str, index: int) -> bool:
    """Only blanks follow ``index`` in ``text``."""
    return index >= len(text.rstrip())


def syntax_error(exc: Exception, text: str, source: str, field: str, fmt: str = "") -> BadInput:
    """A file that does not parse (``yaml.YAMLError`` or ``json.JSONDecodeError``) as a
    :class:`BadInput`: "the file is cut off or malformed (line N, column M)" in Thai and English,
    then what is wrong there (the file ends too soon: it looks cut short; else the line quoted);
    the parser's own words only as ``detail``.  ``fmt``: ``"JSON"`` names the format (a save file);
    ``""`` does not (a ruling file is YAML, which reads JSON too)."""
    line = col = None
    cut = False
    th_what = en_what = ""
    if isinstance(exc, json.JSONDecodeError):
        line, col = exc.lineno, exc.colno
        cut = exc.msg.startswith("Unterminated string") or _at_end(text, exc.pos)
        for start, th, en in _JSON_WORDS:
            if exc.msg.startswith(start):
                th_what, en_what = th, en
                break
        detail = str(exc)
    else:
        mark = getattr(exc, "problem_mark", None)
        problem = str(getattr(exc, "problem", "") or "")
        context = str(getattr(exc, "context", "") or "")
        if mark is not None:
            line, col = mark.line + 1, mark.column + 1
            cut = _at_end(text, mark.index)
        cut = cut or "stream end" in problem or "end of stream" in problem
        detail = ": ".join(p for p in (context, problem) if p) or str(exc).split("\n")[0]
    lines = text.splitlines()
    if not text.strip():
        th_what, en_what = "ไฟล์ว่างเปล่า", "the file is empty"
    elif cut:
        n, last = last_line(text)
        th_what = f"{_CUT_TH} (บรรทัดสุดท้าย {n}: “{last}”)" if n else _CUT_TH
        en_what = f"{_CUT_EN} (last line {n}: “{last}”)" if n else _CUT_EN
    elif line is not None and 0 < line <= len(lines) and lines[line - 1].strip():
        quoted = shown_line(lines[line - 1])
        th_what = f"{th_what} ที่ “{quoted}”" if th_what else f"ที่ “{quoted}”"
        en_what = f"{en_what} at “{quoted}”" if en_what else f"at “{quoted}”"
    where_th = f" (บรรทัด {line} คอลัมน์ {col})" if line is not None else ""
    where_en = f" (line {line}, column {col})" if line is not None else ""
    kind_th = f"รูปแบบ {fmt} ไม่ถูกต้อง" if fmt else "รูปแบบไม่ถูกต้อง"
    kind_en = f"not valid {fmt}" if fmt else "malformed"
    th = f"ไฟล์ไม่สมบูรณ์หรือ{kind_th}{where_th}" + (f": {th_what}" if th_what else "")
    en = f"the file is cut off or {kind_en}{where_en}" + (f": {en_what}" if en_what else "")
    parser = f"{fmt or 'YAML'} parser"
    return BadInput(source, field, th, en, detail=f"{parser}: {detail}"[:DETAIL_CHARS])


FAST_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when PyYAML has it (the same documents, about 10x faster: the data files
are read at every kernel's start), else the pure-Python one."""


def load_yaml_text(text: str, source: str, loader: type = yaml.SafeLoader) -> tuple[Any, Any]:
    """``(data, node)`` of YAML ``text``: the data as ``yaml.load`` gives it and the composed node
    tree (with each value's place in the file: :func:`cut_off_hint` asks it where a refused value
    is).  :class:`BadInput` (field ``<yaml>``, :func:`syntax_error`) when it does not parse.
    ``loader``'s own exceptions (a loader refusing aliases) pass through."""
    ld = loader(text)
    try:
        node = ld.get_single_node()
        data = ld.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        raise syntax_error(exc, text, source, "<yaml>") from None
    except RecursionError:
        raise BadInput(source, "<yaml>", "ไฟล์ซ้อนกันลึกเกินไป", "the file is nested too deeply") from None
    finally:
        ld.dispose()
    return data, node


def node_at(node: Any, path: Iterable[str]) -> tuple[Any, bool]:
    """``(node, missing)``: the YAML node at ``path`` (keys and list indices) below ``node``; where a
    key is not in its mapping, that mapping and ``missing=True``; where the path goes on below a
    value that has no parts (a pydantic union's tag), that value."""
    for part in path:
        if isinstance(node, yaml.MappingNode):
            hit = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == part), None)
            if hit is None:
                return node, True
            node = hit
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            return node, False
    return node, False


def field_path(err: BadInput, source: str) -> list[str]:
    """The parts of a refusal's field as a path in the file: ``steps[2].action`` and
    ``steps.2.action`` are ``["steps", "2", "action"]``; a config refusal (source
    ``"<file>: config"``) is below ``setup.config``; an unnamed field (``<yaml>``) is ``[]``."""
    if err.field.startswith("<"):
        return []
    parts = re.findall(r"[^.\[\]]+", err.field)
    if err.source == f"{source}: config":
        parts = ["setup", "config", *parts]
    return parts


def cut_off_hint(err: BadInput, text: str, node: Any, source: str,
                 names: Iterable[str] = ()) -> BadInput:
    """``err`` again, saying that the file looks cut off when it does, with the file's last line.

    Said first ("the file looks cut off"): the refused value is the last thing in the file and the
    file stops in the middle of its last line, or that value is empty, or it is the start of a name
    that exists (``names``, and the names quoted in ``err``'s English: a clause id cut to
    ``challenge.challenger_l``); or a field is missing and the file stops mid-line.  Said after the
    refusal ("if the file was cut short..."): the refused value (or the part a field is missing
    from, below the top) ends exactly where the file ends.  Otherwise ``err`` itself."""
    path = field_path(err, source)
    if node is None or not text.strip():
        return err
    at, missing = node_at(node, path)
    # stops mid-line; a JSON file ends with its closing bracket and no newline: that is whole
    unfinished = not text.endswith(("\n", "\r")) and not text.rstrip().endswith(("}", "]"))
    at_end = _at_end(text, at.end_mark.index)
    value = at.value if isinstance(at, yaml.ScalarNode) else None
    th_extra = en_extra = ""
    if missing:
        strong, weak = unfinished, at_end and at is not node
    else:
        empty = value is not None and value.strip() in ("", "~", "null")
        # the allowed values as the refusal quotes them: JSON ("all_six") or Python ('all_six')
        known = set(names) | set(re.findall(r"""['"]([^'"\s]{2,})['"]""", err.message_en))
        longer = sorted(n for n in known if n != value and n.startswith(value)) if value else []
        if longer:
            th_extra = f": “{shown_line(value)}” เป็นส่วนต้นของ “{longer[0]}”"
            en_extra = f": “{shown_line(value)}” is the start of “{longer[0]}”"
        strong, weak = at_end and (unfinished or empty or bool(longer)), at_end
    if not path:  # about the whole file (not a mapping, another kind of file): only a mid-line stop
        strong, weak = unfinished, False
    n, last = last_line(text)
    if strong:
        th = f"ไฟล์ดูเหมือนถูกตัดจบกลางคัน (บรรทัดสุดท้าย {n}: “{last}”){th_extra} — {err.message_th}"
        en = f"the file looks cut off (last line {n}: “{last}”){en_extra} — {err.message_en}"
    elif weak:
        th = (f"{err.message_th} — ส่วนนี้อยู่ท้ายไฟล์พอดี (บรรทัดสุดท้าย {n}: “{last}”): "
              "ถ้าไฟล์ถูกตัด ส่วนที่เหลือหายไป")
        en = (f"{err.message_en} — this is the very end of the file (last line {n}: “{last}”): "
              "if the file was cut short, the rest is missing")
    else:
        return err
    out = BadInput(err.source, err.field, th, en, detail=getattr(err, "detail", ""))
    out.cut_off = "looks" if strong else "maybe"
    return out


def encoding_error(exc: UnicodeDecodeError, source: str) -> BadInput:
    """A file that is not UTF-8 (field ``<encoding>``); one whose last character is cut in half
    (a Thai letter is three bytes) says the file looks cut short."""
    if exc.reason == "unexpected end of data":
        return BadInput(source, "<encoding>",
                        f"ไฟล์จบกลางตัวอักษร (ไบต์ที่ {exc.start}) จึงดูเหมือนถูกตัด",
                        f"the file ends in the middle of a character (byte {exc.start}), so it looks cut short")
    return BadInput(source, "<encoding>", f"ไฟล์ต้องเข้ารหัส UTF-8 (ไบต์ที่ {exc.start} อ่านไม่ได้)",
                    f"the file must be UTF-8 text (undecodable byte at offset {exc.start})")


def read_yaml(path: Path | str) -> Any:
    """Parsed YAML of ``path``; :class:`BadInput` (field ``<file>`` or ``<yaml>``) on failure."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        return yaml.load(text, Loader=FAST_LOADER)
    except yaml.YAMLError as exc:
        raise syntax_error(exc, text, str(path), "<yaml>") from None
    except UnicodeDecodeError as exc:
        raise encoding_error(exc, str(path)) from None
    except OSError as exc:
        raise BadInput(str(path), "<file>", f"เปิดไฟล์ไม่ได้: {exc}", f"cannot read file: {exc}") from None


def load_model(path: Path | str, model: type[M]) -> M:
    """``read_yaml`` then validate into ``model``; :class:`BadInput` names the failing field."""
    data = read_yaml(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise pydantic_error(exc, str(path)) from None
