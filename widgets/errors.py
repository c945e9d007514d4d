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


def error_html(exc: BaseException) -> str:
    """The error as a small HTML box (Thai first, English below; clause/field in brackets)."""
    p = error_parts(exc)
    colour = "#8a5a00" if p["kind"] == "illegal" else "#a01010"
    where = f" <code>[{html.escape(p['where'])}]</code>" if p["where"] else ""
    return (
        f'<div class="kl-error" role="alert" style="border-left:4px solid {colour};'
        f'background:#fff6e8;padding:6px 10px;margin:4px 0;font-family:{THAI_FONT}">'
        f'<div lang="th"><b>{html.escape(p["th"])}</b>{where}</div>'
        f'<div lang="en" style="color:#555">{html.escape(p["en"])}</div></div>'
    )


def message_html(th: str, en: str, tone: str = "info") -> str:
    """A plain notice (``tone``: ``info`` or ``missing``) in Thai and English."""
    colour = {"info": "#2a6f97", "missing": "#777"}.get(tone, "#2a6f97")
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
