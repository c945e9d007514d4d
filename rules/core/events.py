"""Building events: ONE function, :func:`emit`, for every game (``rules/core/README.md``)."""
from __future__ import annotations

from rules.core.protocol import Event


def emit(log: list, kind: str, actor: int | None, cites, th: str, en: str, /,
         visible_to: frozenset[int] | None = None, **data) -> None:
    """Append ``Event(kind, actor, data, tuple(cites), visible_to, th, en)`` to the list ``log``
    (a working state's ``events``); ``data`` must be JSON-compatible.

    The six leading parameters are positional-only so that ``data`` may hold any key, ``kind``
    included (Shadow Master's attack events carry ``data["kind"]``, the attack's kind)."""
    log.append(Event(kind, actor, data, tuple(cites), visible_to, th, en))
