"""Building events inside ``apply``: every rule decision appends one, citing its clauses."""
from __future__ import annotations

from rules.core.protocol import Event


def emit(log: list, kind: str, actor: int | None, cites: tuple[str, ...] | list[str], th: str, en: str, /,
         visible_to: frozenset[int] | None = None, **data) -> None:
    """Append an :class:`Event` to ``log`` (a working state's ``events`` list).

    ``cites``: clause ids that decided it; ``th``/``en``: one-line texts; ``visible_to``: the seats
    that may see ``data`` and the texts (``None`` = public); ``data``: JSON-compatible payload.
    The six leading parameters are positional-only, so ``data`` may hold any key, ``kind``
    included (Shadow Master's attack and sale events carry ``data["kind"]``)."""
    log.append(Event(kind, actor, data, tuple(cites), visible_to, th, en))
