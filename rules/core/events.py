"""Events: built by ONE function, :func:`emit` (issue 8, CONTRACT.md).

``emit(log, kind, actor, cites, th, en, visible_to=None, **data)`` appends
``Event(kind, actor, data, tuple(cites), visible_to, th, en)`` to the list ``log`` (a working
state's events) and returns it.  Hot paths may bind a local alias; there is no second builder.
"""
from __future__ import annotations

from .protocol import Event

_new = object.__new__
_FAST = not hasattr(Event, "__slots__")


def emit(log: list, kind: str, actor, cites, th: str, en: str, visible_to=None, **data) -> Event:
    """Append ``Event(kind, actor, data, tuple(cites), visible_to, th, en)`` to ``log``.

    kind: short machine name; actor: seat or ``None``; cites: clause ids that decided it;
    th / en: one-line texts; visible_to: ``None`` (public) or a frozenset of seats; data: the
    JSON-compatible payload as keyword arguments.  The event equals the one the dataclass
    constructor builds (it is filled directly, about twice as fast, while ``Event`` has no
    ``__slots__``)."""
    if _FAST:
        e = _new(Event)
        d = e.__dict__
        d["kind"] = kind
        d["actor"] = actor
        d["data"] = data
        d["cites"] = cites if type(cites) is tuple else tuple(cites)
        d["visible_to"] = visible_to
        d["text_th"] = th
        d["text_en"] = en
    else:
        e = Event(kind, actor, data, tuple(cites), visible_to, th, en)
    log.append(e)
    return e


__all__ = ["emit"]
