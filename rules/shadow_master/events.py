"""Building events inside ``apply``: every rule decision appends one, citing its clauses."""
from __future__ import annotations

from rules.core.protocol import Event


def emit(w, event_kind: str, actor: int | None, cites: tuple[str, ...] | list[str], th: str, en: str,
         visible_to: frozenset[int] | None = None, **data) -> None:
    """Append an :class:`Event` to the working state's ``events`` (data must be JSON-compatible)."""
    w.events.append(Event(event_kind, actor, data, tuple(cites), visible_to, th, en))
