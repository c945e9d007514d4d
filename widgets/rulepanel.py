"""The rule panel: the Thai clauses of one rulebook section, cited ones highlighted.

Clauses come from :func:`rules.core.rulebook.load_rulebook` (``data/rulebooks/<game>.yaml``).
Each clause is shown with its id, a status badge and its exact Thai text (plus our English
gloss when there is one).  :meth:`RulePanel.highlight` marks the clauses an event cited and
switches to the section of the first of them.
"""
from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as w

from rules.core.rulebook import Clause, Rulebook, load_rulebook

from .errors import THAI_FONT

STATUS_BADGES = {
    "implemented": ("#2e7d32", "ใช้ในเอนจิน", "implemented"),
    "flavour": ("#757575", "บรรยาย", "flavour"),
    "not_applicable": ("#9e9e9e", "ไม่เกี่ยว", "not applicable"),
    "pending": ("#ef6c00", "รอทำ", "pending"),
}

SECTION_WIDTH = "calc(100% - 12px)"
"""The section dropdown's width: its column less its margins and a gap before the next column."""

PANEL_CSS = f"""<style>
.kl-rules {{ font-family: {THAI_FONT}; font-size: 15px; line-height: 1.6; }}
/* the section dropdown inside its column on a phone too (the phone sheet makes dropdowns 100%) */
.widget-dropdown.kl-section-pick {{ width: {SECTION_WIDTH} !important; }}
.kl-clause {{ border-left: 4px solid #ddd; padding: 4px 10px; margin: 6px 0; }}
.kl-clause.cited {{ border-left-color: #e0a800; background: #fff4cc; }}
.kl-clause .kl-id {{ font-family: monospace; font-size: 12px; color: #444; }}
.kl-clause .kl-badge {{ color: #fff; border-radius: 8px; padding: 0 7px; font-size: 12px;
  margin-left: 6px; display: inline-block; white-space: nowrap; }}  /* one pill, never cut over two lines */
.kl-clause .kl-text {{ white-space: pre-wrap; margin-top: 2px; }}
.kl-clause .kl-gloss {{ color: #555; font-style: italic; }}
.kl-clause .kl-path {{ color: #777; font-size: 12px; }}
</style>"""


def section_label(index: int, heading: str) -> str:
    """Dropdown label of a section (``"3. การเตรียมเกม"``; an empty heading is the preamble)."""
    return f"{index + 1}. {heading.strip() or 'บทนำ (preamble)'}"


def clause_html(clause: Clause, cited: bool = False) -> str:
    """One clause as HTML: id, status badge, heading path below the section (and the clause's own
    title when the rulebook file gives one), Thai text, optional gloss."""
    colour, th, en = STATUS_BADGES.get(clause.status, ("#607d8b", clause.status, clause.status))
    e = html.escape
    heads = list(clause.heading[1:])
    if clause.title_th and clause.title_th not in heads:  # the clause's own title (rulebook file)
        title_en = clause.title_en if clause.title_en and clause.title_en != clause.title_th else ""
        heads.append(clause.title_th + (f" / {title_en}" if title_en else ""))
    text = clause.text_th.strip()
    if heads and text.split("\n", 1)[0].strip() == heads[-1]:
        heads.pop()  # the text opens with that heading: said once ("วิธีนับลำดับ Rank" grey, then again in the text)
    path = " › ".join(heads)
    gloss = f'<div class="kl-gloss" lang="en">{e(clause.gloss_en)}</div>' if clause.gloss_en else ""
    return (
        f'<div class="kl-clause{" cited" if cited else ""}" data-clause="{e(clause.id)}">'
        f'<span class="kl-id">{e(clause.id)}</span>'
        f'<span class="kl-badge" style="background:{colour}" title="{e(en)}">{e(th)} · {e(en)}</span>'
        + (f'<div class="kl-path">{e(path)}</div>' if path else "")
        + f'<div class="kl-text" lang="th">{e(text)}</div>{gloss}</div>'
    )


def section_html(book: Rulebook, index: int, cited: Iterable[str] = ()) -> str:
    """The clauses of section ``index`` of ``book`` as HTML, ``cited`` ids highlighted."""
    cited = set(cited)
    sections = book.sections()
    if not 0 <= index < len(sections):
        raise IndexError(f"section {index} is outside 0..{len(sections) - 1}")
    _heading, clauses = sections[index]
    body = "".join(clause_html(c, c.id in cited) for c in clauses)
    return f'{PANEL_CSS}<div class="kl-rules">{body}</div>'


class RulePanel(w.VBox):
    """A section dropdown and the Thai clauses of the chosen section.

    ``book``: a :class:`Rulebook` or a game id (loaded with ``load_rulebook``, which raises
    ``BadInput`` for a malformed or missing file).  ``cited``: clause ids to highlight.
    """

    def __init__(self, book: Rulebook | str, section: int = 0, cited: Iterable[str] = (), **kwargs):
        self.book = load_rulebook(book) if isinstance(book, str) else book
        self._sections = self.book.sections()
        self.cited: frozenset[str] = frozenset(cited)
        self.dropdown = w.Dropdown(
            options=[(section_label(i, h), i) for i, (h, _) in enumerate(self._sections)],
            value=section if self._sections else None,
            description="หมวด",
            # inside its column: "100%" plus the widget's own 2 px margins ran past the column's
            # edge, into the scenario title beside it (a fresh user's finding at 1280 px)
            layout=w.Layout(width=SECTION_WIDTH, max_width="640px"),
        )
        self.dropdown.add_class("kl-section-pick")
        self.body = w.HTML()
        self.dropdown.observe(lambda _c: self._render(), names="value")
        super().__init__([self.dropdown, self.body], **kwargs)
        self._render()

    def section_of(self, clause_id: str) -> int | None:
        """Index of the section holding ``clause_id`` (``None`` if unknown)."""
        for i, (_h, clauses) in enumerate(self._sections):
            if any(c.id == clause_id for c in clauses):
                return i
        return None

    def highlight(self, clause_ids: Iterable[str]) -> None:
        """Highlight ``clause_ids`` and show the section of the first known one."""
        ids = [c for c in clause_ids if c]
        cited = frozenset(ids)
        target = next((i for i in map(self.section_of, ids) if i is not None), None)
        if cited == self.cited and target in (None, self.dropdown.value):
            return  # already shown so (a stepper click often cites the clauses of the last one)
        self.cited = cited
        if target is not None and self.dropdown.value != target:
            self.dropdown.value = target  # renders through the observer
            return
        self._render()

    def _render(self) -> None:
        if not self._sections:
            self.body.value = "<i>ไม่มีข้อกติกา / no clauses</i>"
            return
        self.body.value = section_html(self.book, self.dropdown.value or 0, self.cited)


def ambiguities_html(game: str) -> str:
    """``game``'s ambiguity register (:func:`rules.core.ambiguity.load_ambiguities`) as HTML, in
    a reader's words: each entry a fold headed by its question (Thai and English); inside, its
    readings by their short words (the default in bold) and their descriptions, then why the
    default was chosen in a reader's words (``why_th`` / ``why_en``, class ``kl-why``), then a fold
    "for developers" (class ``kl-dev``) with the developer's why (clause ids, files), the source,
    the clauses, the config field, the data file and the entry's and readings' ids.  The ids stay
    out of the reader's part (a fresh user met ``deck_composition`` in every heading); the entry id
    is also the fold's ``data-entry``."""
    from rules.core.ambiguity import load_ambiguities

    e = html.escape
    rows = []
    for a in load_ambiguities(game):
        readings = "".join(
            f'<li data-reading="{e(r.id)}"{" style=font-weight:bold" if r.id == a.default else ""}>'
            f'<b>{e(r.short_th)}</b> <span class="kl-muted">/ {e(r.short_en)}</span>'
            f'{" (ค่าเริ่มต้น / default)" if r.id == a.default else ""}: {e(r.description_th)}'
            f'<br><i>{e(r.description_en)}</i></li>' for r in a.readings)
        data = getattr(a, "data", None)
        ids = ", ".join(f"{r.short_en} = {r.id}" for r in a.readings)
        # why the default, in the register's reader words: a Thai reader sees it without the fold
        why = (f'<div class="kl-why"><b>ทำไมเลือกอ่านแบบนี้ / why this default:</b> {e(a.why_th)}'
               f'<br><i>{e(a.why_en)}</i></div>')
        dev = (f'<details class="kl-dev"><summary class="kl-dev">ที่มาและรายละเอียดสำหรับผู้พัฒนา / '
               f'source and developer details</summary>'
               f'<div>ทำไม (ผู้พัฒนา) / why (developers): {e(a.why)}</div><div>ที่มา / source: {e(a.source)}</div>'
               f'<div style="color:#666">ข้อ / clauses: {e(", ".join(a.clauses))} · config: <code>{e(a.variant)}</code>'
               + (f' · data: <code>{e(str(data))}</code>' if data else "")
               + f' · id: <code>{e(a.id)}</code> · readings: {e(ids)}</div></details>')
        # the heading is what a reader sees folded: the question in Thai and in English (the entry's own)
        rows.append(f'<details data-entry="{e(a.id)}"><summary><b>{e(a.question_th)}</b>'
                    f'<span class="kl-question-en" style="display:block"><i>{e(a.question_en)}</i></span></summary>'
                    f'<ul>{readings}</ul>{why}{dev}</details>')
    return f'<div class="kl-ambiguities" style="font-family:{THAI_FONT}">{"".join(rows)}</div>'
