"""The game protocol every engine in ``rules/`` follows (OpenSpiel/pgx style).

A game is a module-level object implementing :class:`Game`.  State is immutable
(frozen dataclasses and tuples); ``apply`` returns a new :class:`Transition` (an immutable pair) and never
mutates its input.  Actions and chance outcomes are JSON-compatible ``dict`` values, so
they serialise into save files and scenario files unchanged:

* a player's action always carries ``"player": seat`` (seats are ``0..n-1``);
* a chance outcome always carries ``"chance": <kind>`` (e.g. ``{"chance": "die", "value": 4}``).
"""
from __future__ import annotations

import copy

from collections import _tuplegetter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Protocol, Sequence, runtime_checkable

_tuple_new = tuple.__new__

CHANCE = -1
"""``current_player`` value: the next step is a chance outcome (die, shuffle, draw)."""
TERMINAL = -2
"""``current_player`` value: the game is over."""

Action = dict  # JSON-compatible dict with "player" (or "chance") and "type"


@dataclass(frozen=True)
class Event:
    """One thing that happened, explained.

    kind: short machine name (``"income"``, ``"challenge_failed"``).
    actor: seat that caused it, or ``None`` for the game/chance.
    data: JSON-compatible payload (coins in the game's units, cells as ids, ...).
    cites: clause ids of ``data/rulebooks/<game>.yaml`` that decided it (never empty for a
        rule decision).
    visible_to: ``None`` = public; otherwise the frozenset of seats allowed to see ``data``.
    text_th / text_en: a one-line human explanation.
    """

    kind: str
    actor: int | None
    data: Mapping[str, Any] = field(default_factory=dict)
    cites: tuple[str, ...] = ()
    visible_to: frozenset[int] | None = None
    text_th: str = ""
    text_en: str = ""

    def visible(self, viewer: int | None) -> bool:
        """True when ``viewer`` (a seat, or ``None`` for a spectator) may see this event."""
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)

    def to_json(self, viewer: int | None = -99) -> dict:
        """JSON view; with a ``viewer`` other than the default, hidden data is redacted."""
        hidden = viewer != -99 and not self.visible(viewer)
        return {
            "kind": self.kind,
            "actor": self.actor,
            "cites": list(self.cites),
            # a copy all the way down: an engine may append one event object to many logs (Coup
            # builds its frequent events once), so an edit of this dict must not reach the event
            "data": {} if hidden else copy.deepcopy(dict(self.data)),
            "text_th": "" if hidden else self.text_th,
            "text_en": "" if hidden else self.text_en,
            "hidden": hidden,
        }


class Transition(tuple):
    """Result of :func:`Game.apply`: the new state and the events it produced, in order.

    ``Transition(state, events=())``; read ``.state`` and ``.events``.  Immutable, compared and
    hashed by ``(state, events)`` like the frozen dataclass it replaces, and equal only to another
    ``Transition`` (never to a plain tuple).  It is a 2-tuple underneath: built at every step of
    every game, ``tuple.__new__(Transition, (state, events))`` costs about half of a dataclass
    (an engine's hot path may call that directly; the constructor does the same)."""

    __slots__ = ()

    def __new__(cls, state: Any, events: tuple[Event, ...] = ()):
        return _tuple_new(cls, (state, events))

    state = _tuplegetter(0, "The new state.")
    events = _tuplegetter(1, "The events of this step, in order (a tuple of :class:`Event`).")

    def __getnewargs__(self):  # copy and pickle: Transition(state, events), not Transition((state, events))
        return tuple(self)

    # equal to another Transition with the same state and events; never to a plain tuple (whose
    # own == would take a Transition for a tuple: answered here, not left to it)
    def __eq__(self, other):
        if isinstance(other, Transition):
            return tuple.__eq__(self, other)
        return False if isinstance(other, tuple) else NotImplemented

    def __ne__(self, other):
        if isinstance(other, Transition):
            return tuple.__ne__(self, other)
        return True if isinstance(other, tuple) else NotImplemented

    __hash__ = tuple.__hash__  # hash((state, events)), as the frozen dataclass hashed

    def __repr__(self) -> str:
        return f"Transition(state={self[0]!r}, events={self[1]!r})"

    # no ordering between Transitions (the dataclass had none); a tuple's would compare states
    def __lt__(self, other):
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__


class IllegalAction(Exception):
    """An action (or input) refused by the rules; the state is left untouched.

    clause: the clause id (or data field) that refuses it.
    message_th / message_en: the reason in Thai and in English.
    """

    def __init__(self, clause: str, message_th: str, message_en: str):
        self.clause = clause
        self.message_th = message_th
        self.message_en = message_en
        super().__init__(f"[{clause}] {message_en} / {message_th}")


class BadInput(ValueError):
    """A malformed file or value: names the file, the field and what was expected (th+en).

    ``detail`` (optional): a parser's own words (``Unterminated string starting at: line 3 ...``),
    kept for the curious as a small technical line under the Thai and English sentences, never
    instead of them."""

    def __init__(self, source: str, field: str, expected_th: str, expected_en: str, *, detail: str = ""):
        self.source, self.field = source, field
        self.message_th, self.message_en = expected_th, expected_en
        self.detail = detail
        super().__init__(
            f"{source}: field '{field}': {expected_en} / ไฟล์ {source} ช่อง '{field}': {expected_th}"
        )


@runtime_checkable
class Game(Protocol):
    """What every game object exports as ``GAME`` (see ``rules/core/README.md``).

    Optional (not required by this protocol; :class:`rules.core.base.GameBase` gives ``()``):
    ``setup_events(state) -> tuple[Event, ...]``, the events that explain a fresh state (as
    ``new_game`` returns it, or after ``apply_overrides``: then they describe that position),
    each citing the clauses that decided it; call it through :func:`setup_events`.

    What the views and the analyzer need (binding, see ``rules/core/README.md``):
    ``describe_action(state, action) -> (th, en)`` labels any legal action or chance outcome;
    ``explain_illegal(state, action)`` is ``None`` for a legal action, else the
    :class:`IllegalAction` naming the clause that forbids it there (``apply`` raises the same);
    ``observe`` always carries :data:`OBSERVATION_KEYS`; ``score_breakdown`` is
    ``{"seats": [{"total", "sources"}...], "winners": [...]}`` (see :mod:`rules.core.testing`).
    """

    id: str
    title_th: str
    title_en: str
    seed_file: str
    min_players: int
    max_players: int

    def default_config(self, players: int) -> Any: ...
    def make_config(self, data: Mapping[str, Any], source: str = "config") -> Any: ...
    def config_to_json(self, config: Any) -> dict: ...
    def new_game(self, config: Any, seed: int) -> Any: ...
    def current_player(self, state: Any) -> int | frozenset[int]: ...
    def legal_actions(self, state: Any, player: int) -> list[Action]: ...
    def chance_outcomes(self, state: Any) -> Sequence[tuple[Action, float]]: ...
    def sample_chance(self, state: Any, rng: Any) -> Action: ...
    def apply(self, state: Any, action: Action) -> Transition: ...
    def observe(self, state: Any, viewer: int | None) -> dict: ...
    def resample_hidden(self, state: Any, viewer: int | None, rng: Any) -> Any: ...
    def returns(self, state: Any) -> list[float]: ...
    def score_breakdown(self, state: Any) -> dict: ...
    def state_to_json(self, state: Any) -> dict: ...
    def apply_overrides(self, state: Any, overrides: Mapping[str, Any]) -> Any: ...
    def invariants(self, state: Any) -> list[str]: ...
    def describe_action(self, state: Any, action: Action) -> tuple[str, str]: ...
    def explain_illegal(self, state: Any, action: Action) -> "IllegalAction | None": ...


def field_problem(action: Any, fields: Mapping[str, type | tuple[type, ...]], clause: str) -> "IllegalAction | None":
    """A refusal when ``action`` is not a dict or one of its fields has the wrong type (``fields``:
    field name -> expected type(s) of the game's actions; a ``bool`` is no ``int``; a field the game
    does not know is left to the game's own refusal).  ``None`` when the shape is fine.  Games call
    it first in ``apply`` and ``explain_illegal`` so that a malformed action (a list where a cell
    name belongs) is refused naming the field, instead of crashing a lookup."""
    if not isinstance(action, dict):
        return IllegalAction(clause, "การกระทำต้องเป็น dict", f"an action must be a dict, got {action!r}")
    for key, value in action.items():
        want = fields.get(key)
        if want is None:
            continue
        wants = want if isinstance(want, tuple) else (want,)
        if isinstance(value, bool) and bool not in wants or not isinstance(value, wants):
            names = " or ".join(t.__name__ for t in wants)
            return IllegalAction(clause, f"ช่อง '{key}' ของการกระทำต้องเป็น {names} (ได้ {value!r})",
                                 f"action field '{key}' must be {names}, got {value!r}")
    return None


def current_json(current: int | frozenset[int]) -> int | str | list[int]:
    """``current_player`` as JSON, the ``"current"`` key of every observation: a seat, ``"chance"``,
    ``"terminal"``, or the sorted list of seats of an open reaction window."""
    if isinstance(current, frozenset):
        return sorted(current)
    if current == CHANCE:
        return "chance"
    if current == TERMINAL:
        return "terminal"
    return current


OBSERVATION_KEYS = ("viewer", "current", "phase")
"""Keys every observation carries: who looks (seat or ``None``), whose decision it is
(:func:`current_json`) and the game's phase (a short machine name)."""


END_REASON_KEYS = ("id", "th", "en", "cites")
"""Keys of ``score_breakdown(state)["end_reason"]`` once the game is over (:func:`end_reason`)."""


def end_reason(reason_id: str, th: str, en: str, cites: Iterable[str]) -> dict:
    """Why a game ended, as ``score_breakdown`` gives it (``"end_reason"``; ``None`` until the end):
    ``{"id": short machine id ("last_player", "final_round"...), "th": Thai label, "en": English
    label, "cites": [clause ids that ended it]}``.  The one builder every engine uses."""
    return {"id": reason_id, "th": th, "en": en, "cites": list(cites)}


ID_LABEL_KINDS = ("phase", "source", "end_reason", "hidden_event", "hidden_item")
"""The machine ids a view shows from the analysis tables: ``observe(...)["phase"]``, the names of
``score_breakdown``'s ``sources`` and ``end_reason["id"]`` (the analyzer's ``bf_n:<phase>``,
``score_<s>.<source>`` and ``end_reason`` columns); and ``hidden_event``: the kind of an event
some seat may not see (``Event.visible_to``), which a view names in its place, never its data;
``hidden_item``: ``{"item": (th, en)}``, what the hidden thing is called (New World: ``("ไทล์ปิด",
"hidden tile")``; a game without it reads ``("การ์ดปิด", "hidden card")``)."""


def id_label(game: Any, kind: str, value: str) -> tuple[str, str] | None:
    """``(th, en)`` of the machine id ``value`` of ``kind`` (one of :data:`ID_LABEL_KINDS`), as the
    game names it in its ``id_labels`` (``{kind: {id: (th, en)}}``, one mapping per game, beside
    its engine); ``None`` when the game gives none (the conformance harness reports that)."""
    labels = getattr(game, "id_labels", None) or {}
    return (labels.get(kind) or {}).get(value)


def actors(current: int | frozenset[int]) -> frozenset[int]:
    """The seats that may act now: ``{}`` at chance or terminal, else one or several seats."""
    if isinstance(current, frozenset):
        return current
    if current < 0:
        return frozenset()
    return frozenset({current})


def all_legal_actions(game: Game, state: Any) -> list[Action]:
    """Every legal player action now, over all seats that may act (empty at chance/terminal)."""
    out: list[Action] = []
    for seat in sorted(actors(game.current_player(state))):
        out.extend(game.legal_actions(state, seat))
    return out


def setup_events(game: Any, state: Any) -> tuple[Event, ...]:
    """``game.setup_events(state)`` as a tuple, or ``()`` for a game without that optional method.

    The events that explain a fresh state (after ``new_game``, and ``apply_overrides`` for a
    scenario position); hidden ones carry ``visible_to`` like any event.  They belong to no
    action: a history shows them before its first step."""
    method = getattr(game, "setup_events", None)
    return tuple(method(state)) if callable(method) else ()


def events_json(events: Iterable[Event], viewer: int | None = -99) -> list[dict]:
    """Events as JSON dicts (redacted for ``viewer`` when one is given)."""
    return [e.to_json(viewer) for e in events]
