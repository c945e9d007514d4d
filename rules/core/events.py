"""Building events inside ``apply``: every rule decision appends one, citing its clauses."""
from __future__ import annotations

from rules.core.protocol import Event

_new = object.__new__
_FAST = not hasattr(Event, "__slots__")  # fill a new Event's __dict__ (the constructor's result, faster)


def emit(log: list, kind: str, actor: int | None, cites: tuple[str, ...] | list[str], th: str, en: str, /,
         visible_to: frozenset[int] | None = None, **data) -> None:
    """Append an :class:`Event` to ``log`` (a working state's ``events`` list).

    ``cites``: clause ids that decided it; ``th``/``en``: one-line texts; ``visible_to``: the seats
    that may see ``data`` and the texts (``None`` = public); ``data``: JSON-compatible payload.

    The event equals ``Event(kind, actor, data, tuple(cites), visible_to, th, en)``; while the
    frozen dataclass has no ``__slots__`` it is built by filling its ``__dict__`` directly, about
    twice as fast as the frozen constructor (Coup builds about 51 per game on its bench).  The six
    first parameters are positional-only: the data keywords are then matched against
    ``visible_to`` alone (cheaper on a hot path), and a data key may be named ``kind`` or ``actor``.

    ``log=None`` keeps nothing: a caller that drops every event (a random-play kernel) passes
    ``None``, and a hot rule may skip building the texts with ``if log is not None``."""
    if log is not None:  # one builder for both: emit_data is the positional form
        emit_data(log, kind, actor, cites, th, en, visible_to, data)

def emit_data(log: list, kind: str, actor: int | None, cites: tuple[str, ...], th: str, en: str,
              visible_to: frozenset[int] | None, data: dict) -> None:
    """:func:`emit` with every argument positional and ``data`` given as the dict itself (it
    becomes the event's ``data``: pass a fresh one): the same event, built without the keyword
    and star-argument handling of a call, which costs more than the event itself on an engine's
    hot path (Coup emits about 51 a game)."""
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
        log.append(e)
    else:
        log.append(Event(kind, actor, data, tuple(cites), visible_to, th, en))


def new_event(kind: str, actor: int | None, cites: tuple[str, ...], th: str, en: str,
              visible_to: frozenset[int] | None, data: dict) -> Event:
    """The event :func:`emit_data` would append, returned instead.  An engine may keep it and
    append the very same (immutable) event again wherever the same thing happens with the same
    texts (Coup's hot events are built once per seat, claim...): treat an event's ``data`` as
    read-only."""
    out: list = []
    emit_data(out, kind, actor, cites, th, en, visible_to, data)
    return out[0]
