"""The event log: each event in Thai with its clause ids; choosing one shows the clauses.

Bound to a :class:`~widgets.session.GameSession` it follows ``session.events``.  Events are
shown as ``viewer`` may see them (``None`` = spectator): a hidden event keeps its kind and
cites but not its data or text, so nothing secret travels to the browser.
"""
from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as w

from rules.core.protocol import Event
from rules.core.rulebook import Rulebook

from .errors import THAI_FONT, safe
from .rulepanel import PANEL_CSS, clause_html


def event_line(index: int, event: Event, viewer: int | None = None) -> str:
    """One line of the log: ``"3. <Thai text> [clause.id, ...]"`` (redacted when hidden)."""
    if event.visible(viewer):
        text = event.text_th or event.text_en or event.kind
    else:
        text = f"({event.kind}: ซ่อน / hidden)"
    cites = ", ".join(event.cites)
    return f"{index + 1}. {text}" + (f"  [{cites}]" if cites else "")


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
    ``viewer``: whose eyes (``None`` = spectator).
    """

    def __init__(self, session=None, book: Rulebook | None = None, rule_panel=None,
                 viewer: int | None = None, **kwargs):
        self.book, self.rule_panel, self.viewer = book, rule_panel, viewer
        self._events: list[Event] = []
        self.select = w.Select(options=[], rows=8, layout=w.Layout(width="100%"))
        self.select.add_class("kl-eventlog")
        self.detail = w.HTML()
        style = w.HTML(f"<style>.kl-eventlog select {{ font-family: {THAI_FONT}; "
                       "font-size: 14px; }</style>")
        self.select.observe(safe(self.detail)(self._on_select), names="value")
        super().__init__([style, self.select, self.detail], **kwargs)
        if session is not None:
            session.observe(lambda c: self.set_events(c["new"]), names="events")
            self.set_events(session.events)

    def set_events(self, events: Iterable[Event]) -> None:
        """Show ``events``; the newest is selected (its clauses shown)."""
        self._events = list(events)
        options = [(event_line(i, e, self.viewer), i) for i, e in enumerate(self._events)]
        self.select.options = options
        self.select.value = options[-1][1] if options else None
        if not options:
            self.detail.value = ""

    def _on_select(self, change) -> None:
        i = change["new"]
        if i is None or i >= len(self._events):
            return
        cites = self._events[i].cites
        self.detail.value = clauses_html(self.book, cites)
        if self.rule_panel is not None:
            self.rule_panel.highlight(cites)
