"""The event log: each event in Thai with its clause ids; choosing one shows the clauses.

Bound to a :class:`~widgets.session.GameSession` it follows ``session.events``: first the
setup events (what setup did, step 0, marked ``ตั้งเกม / setup``), then the events of each
action.  Events are shown as ``viewer`` may see them (``None`` = spectator): a hidden event
keeps who did it, a readable name of its kind and its cites, but not its data or text, so
nothing secret travels to the browser.  Every event with an actor names the seat (unless its
text already does).
"""
from __future__ import annotations

import html
import re
from typing import Callable, Iterable

import ipywidgets as w

from rules.core.protocol import Event
from rules.core.rulebook import Rulebook

from .errors import THAI_FONT, safe
from .rulepanel import PANEL_CSS, clause_html


HIDDEN_KIND = {
    # Coup
    "card_drawn": ("หยิบการ์ดใหม่จากกอง", "draws a new card from the deck"),
    "exchange_draw": ("รับการ์ดจากกองกลางมาแลก", "takes cards from the deck to exchange"),
    "exchange_return": ("คืนการ์ดเข้ากอง", "returns cards to the deck"),
    "examine_show": ("ให้ดูการ์ด 1 ใบ", "shows one card"),
    # Shadow Master
    "draw": ("จั่วการ์ด Territory", "draws a Territory card"),
    # setup (both games): a seat's starting hand
    "setup_hand": ("ได้รับการ์ดในมือตอนเริ่มเกม", "is dealt a starting hand"),
}
"""Readable names of the event kinds a seat may not see (the kind itself is public)."""


def default_seat_label(seat: int) -> str:
    """The generic label of a seat: ``"ที่นั่ง 2"`` (games whose texts number seats from 0)."""
    return f"ที่นั่ง {seat}"


def names_seat(text: str, label: str) -> bool:
    """True when ``text`` already names the seat of ``label`` (any part of it, e.g. ``ผู้เล่น 2``
    or ``ที่นั่ง 1`` of ``"ผู้เล่น 2 (ที่นั่ง 1)"``; ``ที่นั่ง 1`` does not match ``ที่นั่ง 10``)."""
    parts = [p.strip() for p in re.split(r"[()/·,]", label) if p.strip()]
    return any(re.search(re.escape(p) + r"(?!\d)", text) for p in parts)


def hidden_text(event: Event) -> str:
    """A hidden event as a reader sees it: what kind of thing happened, never its data."""
    th, en = HIDDEN_KIND.get(event.kind, ("เหตุการณ์ที่ซ่อน", f"a hidden event ({event.kind})"))
    return f"{th}: การ์ดปิด / {en}: hidden card"


def event_text(event: Event, viewer: int | None = None,
               label: Callable[[int], str] = default_seat_label, reveal: bool = False) -> str:
    """The Thai text of ``event`` for ``viewer`` (hidden: :func:`hidden_text`), led by the
    actor's seat label (``"ผู้เล่น 2 (ที่นั่ง 1) ▸ ..."``) unless the text names it already.
    ``reveal``: a teaching example that shows every card; hidden events show their real text."""
    shown = reveal or event.visible(viewer)
    text = (event.text_th or event.text_en or event.kind) if shown else hidden_text(event)
    if event.actor is not None and isinstance(event.actor, int):
        who = label(event.actor)
        if not names_seat(text, who):
            text = f"{who} ▸ {text}"
    return text


SETUP_MARK = "ตั้งเกม / setup ▸ "
"""Leads the log line of a setup event (what setup did, before the first action)."""


def event_line(index: int, event: Event, viewer: int | None = None,
               label: Callable[[int], str] = default_seat_label, setup: bool = False,
               reveal: bool = False) -> str:
    """One line of the log: ``"3. <seat> ▸ <Thai text> [clause.id, ...]"`` (redacted when
    hidden; see :func:`event_text`); a ``setup`` event is led by :data:`SETUP_MARK`."""
    cites = ", ".join(event.cites)
    return (f"{index + 1}. {SETUP_MARK if setup else ''}{event_text(event, viewer, label, reveal)}"
            + (f"  [{cites}]" if cites else ""))


def clauses_html(book: Rulebook | None, clause_ids: Iterable[str]) -> str:
    """The cited clauses' Thai text (unknown ids said plainly)."""
    parts = []
    for cid in clause_ids:
        try:
            parts.append(clause_html(book.clause(cid), cited=True) if book else "")
        except KeyError:
            parts.append(f'<div class="kl-clause">{html.escape(cid)}: '
                         'ไม่พบข้อนี้ในคู่มือ / not in the rulebook</div>')
    if not parts:
        return '<div class="kl-rules"><i>ไม่มีข้อกติกาอ้างอิง / no clause cited</i></div>'
    return f'{PANEL_CSS}<div class="kl-rules">{"".join(parts)}</div>'


class EventLog(w.VBox):
    """A list of events (a ``Select``) and, below, the clauses of the chosen event.

    ``session``: follow its ``events`` (optional; else call :meth:`set_events`);
    ``book``: the rulebook for clause texts; ``rule_panel``: a
    :class:`~widgets.rulepanel.RulePanel` to highlight the chosen event's clauses;
    ``viewer``: whose eyes (``None`` = spectator); ``seat_label``: ``seat -> label`` naming an
    event's actor (default: the game's own ``seat_label`` if it has one, else :func:`default_seat_label`);
    ``reveal``: a teaching example whose table shows every card, so hidden events show their real
    text too (never for a play view: there another seat's cards must not reach the browser).
    """

    def __init__(self, session=None, book: Rulebook | None = None, rule_panel=None,
                 viewer: int | None = None, seat_label: Callable[[int], str] | None = None,
                 reveal: bool = False, **kwargs):
        self.book, self.rule_panel, self.viewer, self.reveal = book, rule_panel, viewer, reveal
        game_label = getattr(getattr(session, "game", None), "seat_label", None)
        self.seat_label = seat_label or (game_label if callable(game_label) else None) or default_seat_label
        self._events: list[Event] = []
        self.select = w.Select(options=[], rows=8, layout=w.Layout(width="100%"))
        self.select.add_class("kl-eventlog")
        self.detail = w.HTML()
        style = w.HTML(f"<style>.kl-eventlog select {{ font-family: {THAI_FONT}; "
                       "font-size: 14px; }</style>")
        self.select.observe(safe(self.detail)(self._on_select), names="value")
        self.skipped = w.HTML()
        super().__init__([style, self.skipped, self.select, self.detail], **kwargs)
        if session is not None:
            setup = lambda: len(getattr(session, "setup_events", ()))  # noqa: E731
            session.observe(lambda c: self.set_events(c["new"], setup=setup()), names="events")
            self.set_events(session.events, setup=setup())

    def set_events(self, events: Iterable[Event], first: int = 0, setup: int = 0,
                   select_last: bool = True) -> None:
        """Show ``events``; the newest is selected (its clauses shown) unless ``select_last`` is
        false (then none is, until the reader chooses one).  ``first``: how many earlier events
        are left out (numbering starts after them and a note says so); ``setup``: how many
        events of the whole log (left-out ones included) are setup events, shown marked
        :data:`SETUP_MARK`."""
        self._events = list(events)
        if not select_last:
            self.select.value = None  # before the options change: nothing is highlighted
        self.skipped.value = (f'<div class="kl-muted" style="font-family:{THAI_FONT}">แสดง {len(self._events)} '
                              f'เหตุการณ์ล่าสุด (ซ่อน {first} เหตุการณ์แรก) / showing the last '
                              f'{len(self._events)} events ({first} earlier ones hidden)</div>') if first else ""
        options = [(event_line(first + i, e, self.viewer, self.seat_label, setup=first + i < setup,
                               reveal=self.reveal), i)
                   for i, e in enumerate(self._events)]
        self.select.options = options
        self.select.value = options[-1][1] if options and select_last else None
        if self.select.value is None:
            self.detail.value = ""

    def _on_select(self, change) -> None:
        i = change["new"]
        if i is None or i >= len(self._events):
            return
        cites = self._events[i].cites
        # the chosen line in full, wrapped (a long line is cut at the list's edge)
        line = html.escape(self.select.options[i][0]) if i < len(self.select.options) else ""
        self.detail.value = (f'<div class="kl-eventlog-line" style="font-family:{THAI_FONT};white-space:normal;'
                             f'overflow-wrap:anywhere;margin:2px 0"><b>{line}</b></div>'
                             + clauses_html(self.book, cites))
        if self.rule_panel is not None:
            self.rule_panel.highlight(cites)
