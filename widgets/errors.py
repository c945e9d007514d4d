"""Show errors to a dashboard reader as a message, never as a traceback.

Every notebook cell body and every widget callback goes through :func:`guard` (a context
manager) or :func:`safe` (a decorator).  An :class:`~rules.core.protocol.IllegalAction` or
:class:`~rules.core.protocol.BadInput` becomes a Thai + English message naming the clause or
the file and field; any other exception becomes a short generic message with its type and
text (no stack), so a reader never sees Python internals.
"""
from __future__ import annotations

import functools
import html
import logging
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from rules.core.datafile import field_words
from rules.core.protocol import BadInput, IllegalAction

log = logging.getLogger(__name__)

THAI_FONT = "'Sarabun', 'Loma', 'Garuda', 'TlwgTypist', sans-serif"
"""CSS font-family for Thai text (Debian's fonts-thai-tlwg gives Loma/Garuda/TlwgTypist)."""


def error_parts(exc: BaseException) -> dict:
    """``{"kind", "where", "th", "en"}`` for any exception: what a reader needs, no traceback.

    ``where`` is the clause id (IllegalAction), ``file: field`` (BadInput), or ``""``.
    """
    if isinstance(exc, IllegalAction):
        return {"kind": "illegal", "where": exc.clause, "th": exc.message_th, "en": exc.message_en}
    if isinstance(exc, BadInput):
        return {"kind": "bad_input", "where": f"{exc.source}: {exc.field}",
                "th": exc.message_th, "en": exc.message_en}
    text = str(exc).strip() or type(exc).__name__
    return {"kind": "error", "where": type(exc).__name__,
            "th": f"เกิดข้อผิดพลาด: {text}", "en": f"Something went wrong: {text}"}


WHOLE_FILE = ("ทั้งไฟล์", "the whole file")
"""How a reader is told that a :class:`BadInput` is about the whole file, not one field of it."""

FIELD_WORDS = {"<root>": WHOLE_FILE, "<yaml>": WHOLE_FILE, "<json>": WHOLE_FILE, "<file>": WHOLE_FILE,
               "<encoding>": ("การเข้ารหัสตัวอักษรของไฟล์", "the file's text encoding")}
"""A :class:`BadInput`'s placeholder field (``<root>``: the parsed document, ``<yaml>``/``<json>``:
the text does not parse) in reader words.  The exception keeps its field (tests and saves use it)."""

SOURCE_WORDS = {"map editor": ("ในตัวแก้แผนที่", "in the map editor"), "link": ("ในลิงก์", "in the link"),
                "play": ("ในส่วนเล่น", "in the play section"), "stepper": ("ในตัวเลื่อนขั้น", "in the step controls"),
                "board": ("บนกระดาน", "on the board")}
"""A :class:`BadInput` raised by a part of the page (not a file) as the reader names that part;
any other source is a file name (or a path) and is shown as it is."""


def e(text: Any) -> str:
    """``text`` (any value, as ``str``) escaped for HTML, quotes too: the one escape of the page's
    parts (widgets/page.py, widgets/playchoices.py)."""
    return html.escape(str(text))


def bad_input_where(exc: BadInput) -> str:
    """Where a :class:`BadInput` is, as HTML in reader words: ``ช่อง / field: <code>seed</code>
    · ใน / in: <code>save.json</code>``; a field with a list position, counted from 1 as a reader
    counts (:func:`~rules.core.datafile.field_words`), in each language: ``ช่อง / field:
    <code>actions › ลำดับที่ 3</code> / <code>actions › item 3</code>`` (the field ``actions[2]``
    stays in ``data-where``); a whole-file field (:data:`FIELD_WORDS`) reads
    ``ทั้งไฟล์ / the whole file: <code>save.json</code>``; a part of the page (:data:`SOURCE_WORDS`)
    is named in words (``ในลิงก์ / in the link``), not by its code name."""
    e = html.escape
    field = FIELD_WORDS.get(exc.field)
    place = SOURCE_WORDS.get(exc.source)
    fields = getattr(exc, "fields", None) or (exc.field,)  # several (a link's LinkFaults): each named
    named = ", ".join(f"<code>{e(th)}</code>" if th == en else f"<code>{e(th)}</code> / <code>{e(en)}</code>"
                      for th, en in map(field_words, fields))
    label = "ช่อง / field" if len(fields) == 1 else "ช่อง / fields"
    if place:
        where = f"{e(place[0])} / {e(place[1])}"
        if field:
            return f"{e(field[0])} / {e(field[1])} · {where}"
        return f"{label}: {named} · {where}"
    if field:
        return f"{e(field[0])} / {e(field[1])}: <code>{e(exc.source)}</code>"
    return f"{label}: {named} · ใน / in: <code>{e(exc.source)}</code>"


def where_html(exc: BaseException) -> str:
    """Where an error is, on a line of its own below the Thai and English text, labelled in both
    languages: the clause of an :class:`IllegalAction` (``ข้อกติกา / clause``), the field and file
    of a :class:`BadInput` in reader words (:func:`bad_input_where`), the kind of any other error.
    ``data-where`` keeps the machine form (``"<file>: <field>"``, the clause id, the type name)."""
    p = error_parts(exc)
    if not p["where"]:
        return ""
    e = html.escape
    if isinstance(exc, IllegalAction):
        shown = f"ข้อกติกา / clause: <code>{e(exc.clause)}</code>"
    elif isinstance(exc, BadInput):
        shown = bad_input_where(exc)
    else:
        shown = f"ชนิด / kind: <code>{e(p['where'])}</code>"
    return (f'<div class="kl-where" data-where="{e(p["where"], quote=True)}" '
            f'style="color:#666;font-size:12px">{shown}</div>')


def detail_html(exc: BaseException) -> str:
    """A :class:`BadInput`'s ``detail`` (a parser's own words) as a small grey line below where the
    error is, labelled ``รายละเอียดทางเทคนิค / technical detail``; ``""`` when it has none."""
    detail = getattr(exc, "detail", "") if isinstance(exc, BadInput) else ""
    if not detail:
        return ""
    return ('<div class="kl-detail" style="color:#888;font-size:11px">รายละเอียดทางเทคนิค / technical detail: '
            f'<code>{html.escape(detail)}</code></div>')


def error_html(exc: BaseException) -> str:
    """The error as a small HTML box: the Thai line, the English line below it, then where it is
    (:func:`where_html`: the clause or field, never inside the Thai or English sentence), then a
    parser's own words if any (:func:`detail_html`)."""
    p = error_parts(exc)
    colour = "#8a5a00" if p["kind"] == "illegal" else "#a01010"
    return (
        f'<div class="kl-error" role="alert" style="border-left:4px solid {colour};'
        f'background:#fff6e8;padding:6px 10px;margin:4px 0;font-family:{THAI_FONT}">'
        f'<div lang="th"><b>{html.escape(p["th"])}</b></div>'
        f'<div lang="en" style="color:#555">{html.escape(p["en"])}</div>{where_html(exc)}{detail_html(exc)}</div>'
    )


def count_en(n: int, one: str, many: str | None = None) -> str:
    """An English count with the noun in the right number: ``count_en(1, "step")`` is ``"1 step"``,
    ``count_en(3, "step")`` is ``"3 steps"`` (``many``: an irregular plural).  Thai needs none."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def message_html(th: str, en: str, tone: str = "info") -> str:
    """A plain notice (``tone``: ``info``, ``missing`` or ``warn``, a caution that is not an error) in
    Thai and English."""
    colour = {"info": "#2a6f97", "missing": "#777", "warn": "#b7791f"}.get(tone, "#2a6f97")
    return (
        f'<div class="kl-note" style="border-left:4px solid {colour};padding:4px 10px;'
        f'margin:4px 0;font-family:{THAI_FONT}"><span lang="th">{html.escape(th)}</span>'
        f' / <span lang="en">{html.escape(en)}</span></div>'
    )


def _display_html(markup: str) -> None:
    try:
        from IPython.display import HTML, display
    except ImportError:  # outside Jupyter: plain text is enough
        print(markup)
        return
    display(HTML(markup))


@contextmanager
def guard(sink: Any = None) -> Iterator[None]:
    """Run a block; on any exception show :func:`error_html` instead of a traceback.

    ``sink``: an ``ipywidgets.HTML`` whose ``value`` receives the message, or ``None`` to
    ``display`` it in the current cell output.  The exception is logged at DEBUG level and
    swallowed; KeyboardInterrupt/SystemExit pass through.
    """
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - the point is to catch everything
        # DEBUG only: in a kernel, a WARNING would reach the cell's stderr (a traceback on screen).
        log.debug("dashboard error: %s", exc, exc_info=True)
        markup = error_html(exc)
        if sink is not None and hasattr(sink, "value"):
            sink.value = markup
        else:
            _display_html(markup)


def safe(sink: Any = None) -> Callable[[Callable], Callable]:
    """Decorator for widget callbacks: the body runs inside :func:`guard` with ``sink``."""
    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            with guard(sink):
                return fn(*args, **kwargs)
        return inner
    return wrap
