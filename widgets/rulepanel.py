"""The rule panel: the Thai clauses of one rulebook section, cited ones highlighted.

Clauses come from :func:`rules.core.rulebook.load_rulebook` (``data/rulebooks/<game>.yaml``).
Each clause is shown with its title (the clause id in its tooltip), a status badge and its Thai text (plus our English
gloss when there is one).  :meth:`RulePanel.highlight` marks the clauses an event cited and
switches to the section of the first of them.
"""
from __future__ import annotations

import html
from typing import Iterable

import ipywidgets as w

from rules.core.protocol import BadInput, Game
from rules.core.rulebook import Clause, Rulebook, first_words, load_rulebook

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
.kl-clause .kl-title {{ font-weight: bold; color: #333; }}
.kl-clause .kl-badge {{ color: #fff; border-radius: 8px; padding: 0 7px; font-size: 12px;
  margin-left: 6px; display: inline-block; white-space: nowrap; }}  /* one pill, never cut over two lines */
.kl-clause .kl-text {{ white-space: pre-wrap; margin-top: 2px; }}
.kl-clause .kl-gloss {{ color: #555; font-style: italic; }}
.kl-clause .kl-path {{ color: #777; font-size: 12px; }}
</style>"""


def section_label(index: int, heading: str, english: str = "") -> str:
    """Dropdown label of a section (``"3. การเตรียมเกม / Setup"``, the English the book's
    ``headings_en`` gives; an empty heading is the preamble).  A card whose title is its section's
    heading leaves it to this label (:func:`clause_html`), so the label says both languages."""
    th = heading.strip()
    if not th:
        return f"{index + 1}. บทนำ (preamble)"
    # said once when the English is the Thai's own words: "👑Kingdom Power / Kingdom Power" read twice
    return f"{index + 1}. {th} / {english}" if english and not _same(english, th) else f"{index + 1}. {th}"


SNIPPET = 40
"""Characters of a clause's Thai text that name a clause with no title (a scenario note, the coverage table)."""


def clause_snippet(game: str, clause_id: str) -> str:
    """The start of a clause's Thai text, about :data:`SNIPPET` characters cut at a gap between
    phrases ("…" when cut: :func:`rules.core.rulebook.first_words`, the cut the engine's clause
    names use)."""
    return first_words(load_rulebook(game).clause(clause_id).text_th, SNIPPET)


def clause_named(game: Game | str, clause_id: str, book: Rulebook | None = None,
                 untitled: bool = True) -> tuple[str, str]:
    """``(th, en)`` naming a clause for a reader, never its dotted id: its engine's words of it
    (``GameBase.cite_name``, what a story line says; ``game`` is the engine or its id), or, for a
    ``book`` of no engine (a test's rulebook), the book's :meth:`Rulebook.clause_title`.

    A clause with no title (the book's title and intro clauses) is named by policy: ``untitled``
    (a note, a table cell, a refusal: the clause's text is not beside the name) by the start of its
    Thai text (:func:`clause_snippet`) and of its English gloss
    (:meth:`~rules.core.rulebook.Rulebook.own_words_en`), or ``("กติกา", "the rules")`` for an id the book lacks (the
    engine's message alone says why); ``untitled=False`` (a clause card: its text is right under
    the title) by nothing, ``("", "")``."""
    if isinstance(game, str):
        from rules.catalog import engine
        try:
            th, en = engine(game).cite_name(clause_id, None)
        except (BadInput, KeyError):  # no engine for this book's game: the book's own title
            try:
                th, en = book.clause_title(clause_id) if book is not None else ("", "")
            except KeyError:
                th, en = "", ""
    else:
        th, en = game.cite_name(clause_id, None)
        game = game.id
    if th or not untitled:
        return th, en or th
    try:
        words = clause_snippet(game, clause_id)
        # the English half from the clause's gloss, cut the same way (the Thai twice read as no English)
        words_en = load_rulebook(game).own_words_en(clause_id, SNIPPET) or words
    except KeyError:
        words = words_en = ""
    return (words, words_en) if words else ("กติกา", "the rules")


def _bare(text: str) -> str:
    # the rulebook files keep the seed's spacing: "1,\xa0รายได้" in the text is "1, รายได้" in its
    # heading; and a heading's icon is no word ("👑Kingdom Power" is "Kingdom Power" in English)
    words = " ".join(text.split())
    i = 0
    while i < len(words) and not words[i].isalnum():
        i += 1
    return words[i:].strip()


def _same(a: str, b: str) -> bool:
    """Whether two names say the same words (spacing and a leading icon aside)."""
    return _bare(a) == _bare(b)


def clause_html(clause: Clause, cited: bool = False, book: Rulebook | None = None, section: str = "") -> str:
    """One clause as a card: its title (:func:`clause_named`, the story lines' words; the clause id
    only in the title's tooltip and ``data-clause``, as a story line keeps it), a status badge, the
    heading path between the section and the title, the Thai text, an optional gloss.  A heading
    is said once: a text that opens with the title (the rulebook's or the engine's) is shown from
    its second line.  ``section``: the heading a rule panel's dropdown already shows (a title that
    is just that heading is not repeated on every card of the section)."""
    colour, th, en = STATUS_BADGES.get(clause.status, ("#607d8b", clause.status, clause.status))
    e = html.escape
    if book is not None:
        name_th, name_en = clause_named(book.game, clause.id, book, untitled=False)
    else:  # a bare clause: its own title, else its last heading
        head = clause.heading[-1] if clause.heading else ""
        name_th, name_en = (clause.title_th, clause.title_en or clause.title_th) if clause.title_th else (head, head)
    raw = clause.title_th or (clause.heading[-1] if clause.heading else "")  # the book's own words of it
    heads = [h for h in clause.heading[1:] if not _same(h, raw) and not _same(h, name_th)]
    shown = "" if section and _same(name_th, section) and not heads else name_th
    text = clause.text_th.strip()
    first, _nl, rest = text.partition("\n")
    if shown and any(_same(first, t) for t in (raw, name_th) if t):
        text = rest.strip()  # "1, รายได้" headed the card and opened the text: said once
    # the section's heading line itself (a clause of status not_applicable whose text is the heading
    # the dropdown shows): a badge "ไม่เกี่ยว · not applicable" over it read as a rule that does not
    # apply (a fresh user's finding); it is a title, not a rule, and says no status
    heading_line = clause.status == "not_applicable" and bool(section) and _same(clause.text_th, section)
    title = (f"{shown} / {name_en}" if name_en and not _same(name_en, name_th) else shown) if shown else ""
    path = " › ".join(heads)
    gloss = f'<div class="kl-gloss" lang="en">{e(clause.gloss_en)}</div>' if clause.gloss_en else ""
    return (
        f'<div class="kl-clause{" cited" if cited else ""}" data-clause="{e(clause.id)}">'
        f'<div class="kl-clause-head" title="{e(clause.id)}">'
        + (f'<span class="kl-title">{e(title)}</span>' if title else "")
        + (f'<span class="kl-badge" style="background:{colour}" title="{e(en)}">{e(th)} · {e(en)}</span>'
           if not heading_line else "") + '</div>'
        + (f'<div class="kl-path">{e(path)}</div>' if path else "")
        + (f'<div class="kl-text" lang="th">{e(text)}</div>' if text else "")
        + f'{gloss}</div>'
    )


def section_html(book: Rulebook, index: int, cited: Iterable[str] = ()) -> str:
    """The clauses of section ``index`` of ``book`` as HTML, ``cited`` ids highlighted."""
    cited = set(cited)
    sections = book.sections()
    if not 0 <= index < len(sections):
        raise IndexError(f"section {index} is outside 0..{len(sections) - 1}")
    heading, clauses = sections[index]
    body = "".join(clause_html(c, c.id in cited, book, heading) for c in clauses)
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
            options=[(section_label(i, h, self.book.headings_en.get(h, "")), i)
                     for i, (h, _) in enumerate(self._sections)],
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
    "for developers" (class ``kl-dev``) with what the reader's part does not say: the developer's
    why when it names clause ids or files, the source, the clauses, the config field and the
    entry's id, the data file and each reading's config value (and id).  The ids stay
    out of the reader's part (a fresh user met ``deck_composition`` in every heading); the entry id
    is also the fold's ``data-entry``."""
    from rules.core.ambiguity import load_ambiguities, short_problem

    e = html.escape
    rows = []
    for a in load_ambiguities(game):
        readings = "".join(
            f'<li data-reading="{e(r.id)}"{" style=font-weight:bold" if r.id == a.default else ""}>'
            f'<b>{e(r.short_th)}</b> <span class="kl-muted">/ {e(r.short_en)}</span>'
            f'{" (ค่าเริ่มต้น / default)" if r.id == a.default else ""}: {e(r.description_th)}'
            f'<br><i>{e(r.description_en)}</i></li>' for r in a.readings)
        data = getattr(a, "data", None)
        # a config value is what the analyzer and a config take (--set map_layout=assumed); the
        # reading id too where it differs (scenarios and data-reading name it)
        values = ", ".join(f"{r.short_en} = {r.config_value}" + (f" (id {r.id})" if str(r.config_value) != r.id else "")
                           for r in a.readings)
        # why the default, in the register's reader words: a Thai reader sees it without the fold
        why = (f'<div class="kl-why"><b>ทำไมเลือกอ่านแบบนี้ / why this default:</b> {e(a.why_th)}'
               f'<br><i>{e(a.why_en)}</i></div>')
        # the developer's why only when it names what reader words may not (clause ids, files:
        # short_problem finds them); in reader words it repeats the why just above (a trial's finding)
        dev_why = (f'<div>ทำไม (ผู้พัฒนา) / why (developers): {e(a.why)}</div>'
                   if short_problem(a.why, "en", limit=None) else "")
        ids = (f'config, id: <code>{e(a.id)}</code>' if a.variant == a.id
               else f'config: <code>{e(a.variant)}</code> · id: <code>{e(a.id)}</code>')
        dev = (f'<details class="kl-dev"><summary class="kl-dev">ที่มาและรายละเอียดสำหรับผู้พัฒนา / '
               f'source and developer details</summary>'
               f'{dev_why}<div>ที่มา / source: {e(a.source)}</div>'
               f'<div style="color:#666">ข้อ / clauses: {e(", ".join(a.clauses))} · {ids}'
               + (f' · data: <code>{e(str(data))}</code>' if data else "")
               + f' · readings: {e(values)}</div></details>')
        # the heading is what a reader sees folded: the question in Thai and in English (the entry's own)
        rows.append(f'<details data-entry="{e(a.id)}"><summary><b>{e(a.question_th)}</b>'
                    f'<span class="kl-question-en" style="display:block"><i>{e(a.question_en)}</i></span></summary>'
                    f'<ul>{readings}</ul>{why}{dev}</details>')
    return f'<div class="kl-ambiguities" style="font-family:{THAI_FONT}">{"".join(rows)}</div>'
