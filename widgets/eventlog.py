"""The event log: the game's story, and each event's clauses on demand.

The story (:attr:`EventLog.story`, one HTML) lists the events as wrapped lines grouped by turn
(a heading per turn, from the game's labels adapter), the setup events folded under one line, and
on each line the one or two clauses that decided it first (by title, the game's ``why_words``: the
clause ids are in the line's tooltip and the clause panel); choosing an
event in the picker below (:attr:`EventLog.select`) shows its line in full and the Thai text of every
clause it cites (and highlights them in a rule panel).  A click (a tap) on a story line chooses its
event in that picker (:class:`StoryClicks`: one listener for the whole story, sending the line's
event number).

Bound to a :class:`~widgets.session.GameSession` it follows ``session.events``: first the
setup events (what setup did, step 0, marked ``ตั้งเกม / setup``), then the events of each
action.  Events are shown as ``viewer`` may see them (``None`` = spectator): a hidden event
keeps who did it, a readable name of its kind and its cites, but not its data or text, so
nothing secret travels to the browser.  Every event with an actor names the seat (unless its
text already does).
"""
from __future__ import annotations

import functools
import html
import unicodedata
import re
from typing import Callable, Iterable

import anywidget
import ipywidgets as w
import traitlets as t
from ipywidgets.widgets.widget_string import HTMLStyle

from rules.core.protocol import Event, id_label
from rules.core.rulebook import Rulebook

from .errors import THAI_FONT, count_en, safe
from .labels import more_words
from .rulepanel import PANEL_CSS, clause_html


KindWords = Callable[[str], "tuple[str, str] | None"]
"""``kind -> (th, en)``: the words of a hidden event's kind, as the game gives them (its
``id_labels["hidden_event"]``, :func:`rules.core.protocol.id_label`); asked :data:`HIDDEN_ITEM`,
the word for the hidden thing itself (its ``id_labels["hidden_item"]["item"]``)."""

HIDDEN_ITEM = "hidden_item"
"""The kind a :data:`KindWords` is asked for the name of the hidden thing (a card, a tile)."""

DEFAULT_ITEM = ("การ์ดปิด", "hidden card")
"""The hidden thing's name when the game gives none."""


def default_seat_label(seat: int) -> str:
    """The generic label of a seat: ``"ที่นั่ง 2"`` (games whose texts number seats from 0).  No game
    page uses it: a page passes its ``seat_label``, an event log given a game asks its ``seat_words``."""
    return f"ที่นั่ง {seat}"


def names_seat(text: str, label: str) -> bool:
    """True when ``text`` already names the seat of ``label`` (any part of it, e.g. ``ผู้เล่น 2``
    or ``ที่นั่ง 1`` of ``"ผู้เล่น 2 (ที่นั่ง 1)"``; ``ที่นั่ง 1`` does not match ``ที่นั่ง 10``)."""
    parts = [p.strip() for p in re.split(r"[()/·,]", label) if p.strip()]
    return any(re.search(re.escape(p) + r"(?!\d)", text) for p in parts)


def game_kind_words(game) -> KindWords:
    """The words ``game`` gives the kinds of its hidden events (``id_labels["hidden_event"]``)."""
    return lambda kind: (id_label(game, "hidden_item", "item") if kind == HIDDEN_ITEM
                         else id_label(game, "hidden_event", kind))


def hidden_text(event: Event, kind_words: KindWords | None = None) -> str:
    """A hidden event as a reader sees it: what kind of thing happened (the game's words for the
    kind, ``kind_words``), never its data."""
    words = kind_words(event.kind) if kind_words is not None else None
    th, en = words or ("เหตุการณ์ที่ซ่อน", f"a hidden event ({event.kind})")
    item_th, item_en = (kind_words(HIDDEN_ITEM) if kind_words is not None else None) or DEFAULT_ITEM
    return f"{th}: {item_th} / {en}: {item_en}"


def event_text(event: Event, viewer: int | None = None,
               label: Callable[[int], str] = default_seat_label, reveal: bool = False,
               kind_words: KindWords | None = None) -> str:
    """The Thai text of ``event`` for ``viewer`` (hidden: :func:`hidden_text`), led by the
    actor's seat label (``"ผู้เล่น 2 (ที่นั่ง 1) ▸ ..."``) unless the text names it already.
    ``reveal``: a teaching example that shows every card; hidden events show their real text."""
    shown = reveal or event.visible(viewer)
    text = (event.text_th or event.text_en or event.kind) if shown else hidden_text(event, kind_words)
    if event.actor is not None and isinstance(event.actor, int):
        who = label(event.actor)
        if not names_seat(text, who):
            text = f"{who} ▸ {text}"
    return text


SETUP_MARK = "ตั้งเกม / setup ▸ "
"""Leads the log line of a setup event (what setup did, before the first action)."""


def event_line(index: int, event: Event, viewer: int | None = None,
               label: Callable[[int], str] = default_seat_label, setup: bool = False,
               reveal: bool = False, kind_words: KindWords | None = None) -> str:
    """One line of the log: ``"3. <seat> ▸ <Thai text>"`` (redacted when hidden; see
    :func:`event_text`); a ``setup`` event is led by :data:`SETUP_MARK`.  The clauses that decided it
    are not in the line (their ids are developer words): choosing the line shows them, by title,
    with their Thai text.  The event's English follows its Thai (``" / ..."``) when the viewer may
    see it: the picker and the chosen event's heading are all a reader without Thai has."""
    text = event_text(event, viewer, label, reveal, kind_words)
    if (reveal or event.visible(viewer)) and event.text_en and event.text_en != event.text_th:
        text = f"{text} / {event.text_en}"
    return f"{index + 1}. {SETUP_MARK if setup else ''}{text}"


PICK_LETTERS = 80
"""The most letters (Thai marks above and below a letter not counted: they take no width) an entry of
the event picker shows: its select is at most 760 px wide, its label above it, and a select cuts
its text at its edge, inside a word (a fresh user read Coup's entries cut so at 1280 px)."""


def _letters(text: str) -> int:
    return sum(1 for ch in text if unicodedata.category(ch) not in ("Mn", "Me", "Cf"))


@functools.lru_cache(maxsize=8192)
def pick_words(line: str, limit: int = PICK_LETTERS) -> str:
    """An event picker entry: ``line`` (:func:`event_line`) whole when it has at most ``limit``
    letters, else cut between words (at a space: Thai separates phrases by spaces) and ended by
    "…"; the chosen line is written out in full under the picker.  Memoised: every redraw of the
    log asks again for the same lines (it counted each line's letters word by word, a quarter of
    a New World move's time)."""
    line = " ".join(line.split())
    if _letters(line) <= limit:
        return line
    cut, used = "", 0
    for word in line.split(" "):
        more = used + (1 if cut else 0) + _letters(word)
        if more > limit - 1:
            break
        cut, used = (f"{cut} {word}" if cut else word), more
    return (cut.rstrip(" ,;:/▸-(") or line[:limit - 1]) + "…"


def clauses_html(book: Rulebook | None, clause_ids: Iterable[str]) -> str:
    """The cited clauses' Thai text (unknown ids said plainly)."""
    parts = []
    for cid in clause_ids:
        try:
            parts.append(clause_html(book.clause(cid), cited=True, book=book) if book else "")
        except KeyError:
            parts.append(f'<div class="kl-clause">{html.escape(cid)}: '
                         'ไม่พบข้อนี้ในคู่มือ / not in the rulebook</div>')
    if not parts:
        return '<div class="kl-rules"><i>ไม่มีข้อกติกาอ้างอิง / no clause cited</i></div>'
    return f'<div class="kl-rules">{"".join(parts)}</div>'


STORY_CSS = f"""<style>
.kl-story {{ font-family: {THAI_FONT}; font-size: 14px; line-height: 1.45; max-height: 26em; overflow-y: auto;
  display: flex; flex-direction: column-reverse; border: 1px solid #ddd; border-radius: 6px; padding: 4px 8px;
  white-space: normal; overflow-wrap: anywhere; background: #fff; }}
.widget-box.kl-story {{ flex-direction: column-reverse; }}
.kl-story .kl-story-inner {{ flex-shrink: 0; overflow: visible; }}
.kl-story .widget-html {{ margin: 0; height: auto; }}
.kl-story .widget-html-content {{ line-height: inherit; font-size: inherit; }}
.kl-story .kl-turn, .kl-story details.kl-setup {{ content-visibility: auto; contain-intrinsic-size: auto 4em; }}
.kl-story .kl-turn-head {{ font-weight: bold; margin: 6px 0 2px; color: #2a4d69; border-bottom: 1px solid #e4e9ee; }}
/* the left room is the line's padding, not its margin: the chosen line's 3 px bar (below) is drawn
   in it, clear of the number (over the number's first digit, "14." read "4." at 390 px) */
.kl-story .kl-line {{ margin: 1px 0; padding-left: 6px; }}
/* a line is clicked (tapped) to read its clauses (StoryClicks) */
.kl-story .kl-line[data-n] {{ cursor: pointer; border-radius: 3px; -webkit-tap-highlight-color: rgba(42, 77, 105, .15); }}
@media (hover: hover) {{ .kl-story .kl-line[data-n]:hover {{ background: #eef4fa; }} }}  /* a tap leaves no hover */
/* the line of the event chosen in the picker (StoryClicks.chosen): the reader sees which line they read */
.kl-story .kl-line.kl-chosen-line {{ background: #dbe9f6; box-shadow: inset 3px 0 0 #1f6fb2; }}
.kl-story .kl-line.kl-hidden {{ color: #666; }}
.kl-story .kl-n {{ color: #888; font-size: 12px; }}
.kl-story .kl-why {{ font-size: 12px; color: #555; }}
.kl-story .kl-why code {{ font-size: 11px; background: #f3f3f3; padding: 0 3px; border-radius: 3px; }}
.kl-story details.kl-setup > summary {{ cursor: pointer; color: #555; }}
.kl-eventlog-pick select, .kl-eventlog-pick .widget-dropdown select {{ font-family: {THAI_FONT}; font-size: 14px; }}
/* the picker is as wide as its box less its margins (2 px a side): at width 100% it ran 2 px past the
   event log's box on every game page, at 1280 px and 390 px, and the box cut its right border */
.widget-dropdown.kl-eventlog-pick {{ max-width: min(760px, calc(100% - 2 * var(--jp-widgets-margin, 2px))) !important; }}
/* its label on a line of its own, the select the box's whole width under it: entries (pick_words) fit */
.widget-dropdown.kl-eventlog-pick {{ flex-wrap: wrap; height: auto !important; }}
.widget-dropdown.kl-eventlog-pick > label {{ flex: 1 1 100%; max-width: 100%; text-align: left; }}
.widget-dropdown.kl-eventlog-pick > select {{ flex: 1 1 100%; }}
/* the chosen event's line under the picker, whole: it wraps in the log's width (between Thai phrases,
   or inside a long word) and its box grows with it; nothing is cut at its edge or hidden below */
.kl-eventlog-detail .kl-eventlog-line {{ white-space: normal; overflow-wrap: anywhere; word-break: normal;
  overflow: visible; height: auto; max-width: 100%; margin: 2px 0; line-height: 1.45; }}
.widget-html.kl-eventlog-detail, .kl-eventlog-detail > .widget-html-content {{ height: auto; overflow: visible;
  white-space: normal; min-width: 0; max-width: 100%; }}
</style>"""
WHY_SHOWN = 2
"""Each story line shows this many of its cites first (the rest, and every clause's text, on demand)."""


def _heading(book: Rulebook | None, cid: str) -> str:
    """A cited clause's title as the rulebook gives it (:meth:`Rulebook.clause_title`): Thai, and
    ``/ English`` when the file gives an English title of its own."""
    try:
        th, en = book.clause_title(cid) if book else ("", "")
    except (KeyError, IndexError, AttributeError):
        return ""
    return f"{th} / {en}" if en and en != th else th


def _why_span(words: str, cites: list[str]) -> str:
    """``— words`` of a story line, the cited clause ids in its tooltip (developer detail: the
    reader reads titles; the clause panel a click opens shows every id and text)."""
    return (f' <span class="kl-why" title="{html.escape(", ".join(cites))}">— {html.escape(words)}</span>'
            if words else "")


def why_html(book: Rulebook | None, cites: Iterable[str]) -> str:
    """The titles of the first :data:`WHY_SHOWN` clauses that decided an event (the rulebook's,
    :func:`_heading`; no clause id but in the tooltip), and how many more: a story line of an event
    log given no game's :attr:`~widgets.page.GameSpec.why_words` (every game page gives one)."""
    cites = list(cites)
    words: list[str] = []
    for c in cites[:WHY_SHOWN]:
        said = _heading(book, c)
        if said and said not in words:
            words.append(said)
    more = more_words(len(cites) - WHY_SHOWN)
    return _why_span(" · ".join(words) + more, cites)


def _why(book: Rulebook | None, event: Event, why: Callable[[Event], str] | None) -> str:
    if why is None:
        return why_html(book, event.cites)
    return _why_span(why(event), list(event.cites))


PIECE_LINES = 6
"""Lines of a turn per piece of the story (:func:`story_parts`)."""


def story_parts(lines: list[tuple[int, Event, str | None]], viewer: int | None, label: Callable[[int], str],
                book: Rulebook | None, reveal: bool = False, kind_words: KindWords | None = None,
                memo: dict | None = None, why: Callable[[Event], str] | None = None) -> list[str]:
    """The story as HTML pieces, one per group: the folded setup events first, then one per turn.
    ``lines`` are ``(number, event, turn heading)``; heading ``None`` marks a setup event (folded
    under one line).  A new heading starts a turn group (in pieces of :data:`PIECE_LINES` lines).
    Each line carries its event's number ``data-n`` (0-based, over the whole log) and kind
    ``data-kind``: a click on it sends them (:class:`StoryClicks`).

    ``memo``: ``{(n, id(event)): (event, line html)}`` kept by the caller for the same viewer,
    labels, book and reveal: a line already written is reused (a click re-showed the whole window,
    about a third of the kernel's time per click, for one or two new events).  ``why``: the game's
    words of what decided an event (``GameSpec.why_words``), else :func:`why_html`'s ids and titles."""
    setup, groups = [], []
    for n, ev, turn in lines:
        hit = memo.get((n, id(ev))) if memo is not None else None
        if hit is not None and hit[0] is ev:
            row = hit[1]
        else:
            shown = reveal or ev.visible(viewer)
            cls = "kl-line" + ("" if shown else " kl-hidden")
            row = (f'<div class="{cls}" data-n="{n}" data-kind="{html.escape(ev.kind)}"><span class="kl-n">{n + 1}.</span> '
                   f'{html.escape(event_text(ev, viewer, label, reveal, kind_words))}{_why(book, ev, why)}</div>')
            if memo is not None:
                memo[(n, id(ev))] = (ev, row)
        if turn is None:
            setup.append(row)
        elif groups and groups[-1][0] == turn:
            groups[-1][1].append((n, row))
        else:
            groups.append((turn, [(n, row)]))
    parts = []
    if setup:
        parts.append(f'<details class="kl-setup"><summary>ตั้งเกม / setup: {len(setup)} เหตุการณ์ / '
                     f'{count_en(len(setup), "event")} (คลิกเพื่อดู / click to open)</summary>{"".join(setup)}</details>')
    for turn, rows in groups:
        # a long turn in pieces cut at every PIECE_LINES-th event number: a new event changes the
        # last piece only, and the window's oldest events leaving change the first piece only
        pieces: list[list[str]] = []
        for i, (n, row) in enumerate(rows):
            if i == 0 or n % PIECE_LINES == 0:
                pieces.append([])
            pieces[-1].append(row)
        head = f'<div class="kl-turn-head">{html.escape(turn)}</div>' if turn else ""
        parts.append(f'<div class="kl-turn">{head}{"".join(pieces[0])}</div>')
        parts += [f'<div class="kl-turn kl-turn-more">{"".join(rows)}</div>' for rows in pieces[1:]]
    if not parts:
        parts.append('<div class="kl-muted">ยังไม่มีเหตุการณ์ / no event yet</div>')
    return parts


def story_html(lines: list[tuple[int, Event, str | None]], viewer: int | None, label: Callable[[int], str],
               book: Rulebook | None, reveal: bool = False, kind_words: KindWords | None = None,
               why: Callable[[Event], str] | None = None) -> str:
    """The story as one HTML text (:func:`story_parts` inside the story's box)."""
    parts = story_parts(lines, viewer, label, book, reveal, kind_words, why=why)
    return f'<div class="kl-story"><div>{"".join(parts)}</div></div>'


class Story(w.VBox):
    """The story's box: one HTML widget per piece (:func:`story_parts`: the setup, then a turn each).

    A new event changes its own turn's piece only, so a click sends that piece, not the whole
    story (80 events were 30-40 kB per click); a piece that did not change keeps its widget (and a
    folded setup the reader opened stays open).  Widgets of pieces gone (a step back, the window
    moving on) are kept aside and given the next new piece: a browser makes a widget's model and
    view at its first use only.  The pieces share one layout and one style (one model each, not
    three).  :attr:`value` is the whole story as one HTML text."""

    def __init__(self, **kwargs):
        self._inner = w.VBox()
        self._inner.add_class("kl-story-inner")
        self._pieces: list[tuple[str, w.HTML]] = []
        self._spare: list[w.HTML] = []
        self._looks = (w.Layout(), HTMLStyle())
        super().__init__([self._inner], **kwargs)
        self.add_class("kl-story")

    @property
    def value(self) -> str:
        """The story shown, as :func:`story_html` writes it."""
        return f'<div class="kl-story"><div>{"".join(text for text, _ in self._pieces)}</div></div>'

    def show(self, pieces: list[str]) -> None:
        """Show ``pieces`` in order: a piece already shown keeps its widget; a new piece takes a
        spare widget (one message) or a new one."""
        kept = {text: widget for text, widget in self._pieces}
        wanted = set(pieces)
        self._spare += [widget for text, widget in self._pieces if text not in wanted]
        now = []
        for text in pieces:
            widget = kept.pop(text, None)
            if widget is None:
                layout, style = self._looks
                widget = self._spare.pop() if self._spare else w.HTML(layout=layout, style=style)
                widget.value = text
            now.append((text, widget))
        if [x for _, x in now] != [x for _, x in self._pieces]:
            self._inner.children = [x for _, x in now]
        self._pieces = now

    def close(self) -> None:
        for widget in [x for _, x in getattr(self, "_pieces", ())] + getattr(self, "_spare", []) + [
                getattr(self, "_inner", None), *getattr(self, "_looks", ())]:
            if widget is None:
                continue
            widget.close()
        self._pieces, self._spare = [], []
        super().close()


_CLICKS_ESM = """
export default {
  render({ model, el }) {
    // One listener for the whole story (not one per line: the story's pieces stay plain HTML and a
    // new event sends only its piece).  A line names its event by number and kind (data-n,
    // data-kind), never by its place in a list.  Only lines of this widget's own event log count.
    const click = (e) => {
      const line = e.target && e.target.closest ? e.target.closest('.kl-line[data-n]') : null;
      if (!line) return;
      const log = el.closest('.kl-eventlog-box');
      if (!log || !log.contains(line)) return;
      if (String(window.getSelection ? window.getSelection() : '')) return;  // a drag that selects text
      model.send({ event: 'click', n: Number(line.dataset.n), kind: line.dataset.kind || '' });
    };
    document.addEventListener('click', click);
    // The kernel chose the line's event ({event: 'shown'}): its clause panel is brought on screen when
    // it is not there (a phone's story ends at the screen's foot and the panel lay below it), once
    // the panel's new text is drawn (two frames); a panel already on screen does not move the page.
    const shown = (msg) => {
      if (!msg || msg.event !== 'shown') return;
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const log = el.closest('.kl-eventlog-box');
        const panel = log && log.querySelector('.kl-eventlog-detail');
        if (!panel) return;
        const first = panel.querySelector('.kl-eventlog-line') || panel;  // the chosen line, over its clauses
        const r = first.getBoundingClientRect(), h = window.innerHeight || document.documentElement.clientHeight;
        if (r.height > 0 && (r.top < 0 || r.bottom > h)) panel.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      }));
    };
    model.on('msg:custom', shown);
    // The line of the event chosen in the picker (the kernel's 'chosen', an event number or -1) carries
    // kl-chosen-line, the line chosen before does not; the story's lines are redrawn as events come,
    // so a change in the log marks again.
    let watch = null, tries = 0, log = null;
    // The event the reader chose in the picker (its 'kl-pick' event, by mouse, tap or key: the
    // select's change), until the kernel has chosen it too: its line is then brought into view.
    let wanted = null, wantedAt = 0;
    // The chosen line brought into the story's box (the box scrolls, never the page): a line of the
    // folded setup opens it; an early line (of a turn not laid out: content-visibility) is placed
    // again for a few frames while the turns around it are laid out.
    const bring = (line) => {
      const fold = line.closest('details');
      if (fold && !fold.open) fold.open = true;
      const box = line.closest('.kl-story');
      if (!box) return;
      let frames = 0;
      const fit = () => {
        if (!line.isConnected) return;
        const b = box.getBoundingClientRect(), r = line.getBoundingClientRect();
        const top = b.top + box.clientTop, bottom = top + box.clientHeight;
        if (r.top < top + 4 || r.bottom > bottom - 4) {  // not whole in the box: to its middle (its top if taller)
          const d = r.height >= bottom - top - 8 ? r.top - top - 4 : (r.top + r.bottom) / 2 - (top + bottom) / 2;
          box.scrollTop += d;
        }
        if (frames++ < 8) requestAnimationFrame(fit);
      };
      fit();
    };
    const mark = () => {
      if (!log) return;
      const n = model.get('chosen');
      for (const old of log.querySelectorAll('.kl-line.kl-chosen-line')) {
        if (Number(old.dataset.n) !== n) old.classList.remove('kl-chosen-line');
      }
      const line = n >= 0 ? log.querySelector('.kl-line[data-n="' + n + '"]') : null;
      if (line && !line.classList.contains('kl-chosen-line')) line.classList.add('kl-chosen-line');
      if (wanted !== null && Date.now() - wantedAt > 15000) wanted = null;  // the kernel chose another
      if (line && wanted === n) { wanted = null; bring(line); }
    };
    const picked = (e) => {
      const n = e && e.detail ? e.detail.n : null;
      if (typeof n !== 'number' || !(n >= 0)) return;
      wanted = n; wantedAt = Date.now();
      mark();  // chosen already (else when the kernel's choice comes: change:chosen)
    };
    const attach = () => {  // el is in the page once the log is drawn
      log = el.closest('.kl-eventlog-box');
      if (!log) { if (tries++ < 200) requestAnimationFrame(attach); return; }
      watch = new MutationObserver(mark);
      watch.observe(log, { childList: true, subtree: true });
      log.addEventListener('kl-pick', picked);
      mark();
    };
    attach();
    model.on('change:chosen', mark);
    return () => {
      document.removeEventListener('click', click); model.off('msg:custom', shown); model.off('change:chosen', mark);
      if (watch) watch.disconnect();
      if (log) log.removeEventListener('kl-pick', picked);
    };
  },
};
"""


class StoryClicks(anywidget.AnyWidget):
    """Shows nothing; a click (a tap) on a line of the story of its :class:`EventLog` (the nearest
    ``.kl-eventlog-box`` around it) sends ``{"event": "click", "n": <event number>, "kind": <event
    kind>}`` (the line's ``data-n`` and ``data-kind``: :func:`story_parts`).  Told ``{"event":
    "shown"}`` (the click chose its event), it scrolls the log's clause panel
    (``.kl-eventlog-detail``) into view if its first line is off screen.  :attr:`chosen` is the
    number of the event chosen in the log's picker (``-1``: none): its story line carries the class
    ``kl-chosen-line`` (the line chosen before loses it); when the reader chose it in the picker (its
    ``kl-pick`` DOM event, :class:`EventPicker`), the story's box scrolls (the page does not) so that
    line is in view, the folded setup opened for a setup event's line."""

    _esm = _CLICKS_ESM
    chosen = t.Int(-1).tag(sync=True)


_PICK_ESM = """
// The event picker: a label and a real <select> (keyboard and screen readers as ipywidgets' Dropdown,
// whose classes it carries so the page's dropdown styles apply).  Its entries are the model's 'lines'
// (the kernel's whole list when the model is made or asks again); a play move sends only what changed,
// {event: 'lines', base, rev, drop, keep, add}: the entries of revision 'base' less the first 'drop',
// then 'keep' of them, then 'add'.  A change made on another revision than the model's asks the kernel
// for its whole list ({event: 'sync'}).  A choice is sent to the kernel ({event: 'pick'}), which decides
// what is chosen ('index'): the select shows the kernel's choice.
let made = 0;
export default {
  initialize({ model }) {
    let asked = -1e9;
    const sync = (force) => {
      const now = Date.now();
      if (!force && now - asked < 1000) return;
      asked = now;
      model.send({ event: 'sync', rev: model.get('rev') });
    };
    const apply = (msg) => {
      if (!msg || msg.event !== 'lines') return;
      const rev = model.get('rev');
      if (rev === msg.rev) return;
      if (rev !== msg.base) { sync(false); return; }
      const old = model.get('lines') || [];
      model.set('lines', old.slice(msg.drop, msg.drop + msg.keep).concat(msg.add));
      model.set('rev', msg.rev);
    };
    model.on('msg:custom', apply);
    sync(true);  // a change sent while this module loaded was missed: the kernel answers with its list if so
    return () => model.off('msg:custom', apply);
  },
  render({ model, el }) {
    el.classList.add('jupyter-widgets', 'widget-inline-hbox', 'widget-dropdown');
    const label = document.createElement('label');
    label.className = 'widget-label';
    label.style.width = 'initial';  // read whole (a fixed width cut it)
    const sel = document.createElement('select');
    sel.id = label.htmlFor = 'kl-pick-' + (++made) + '-' + Math.random().toString(36).slice(2, 8);
    el.append(label, sel);
    const words = () => {
      const d = model.get('description') || '';
      label.textContent = d;
      label.style.display = d ? '' : 'none';
    };
    const choose = () => {
      const i = model.get('index');
      const k = typeof i === 'number' && i >= 0 && i < sel.options.length ? i : -1;
      if (sel.selectedIndex !== k) sel.selectedIndex = k;
    };
    const lines = () => {
      const want = model.get('lines') || [], opts = sel.options;
      if (want.length && opts.length && opts[0].textContent !== want[0]) {
        // the window moved on: its oldest entries leave from the top (each entry is led by its number)
        let d = 1;
        while (d < opts.length && opts[d].textContent !== want[0]) d++;
        if (d < opts.length) for (let k = 0; k < d; k++) sel.remove(0);
      }
      while (opts.length > want.length) sel.remove(opts.length - 1);
      for (let i = 0; i < want.length; i++) {
        if (i < opts.length) {
          if (opts[i].textContent !== want[i]) opts[i].textContent = want[i];
        } else {
          const o = document.createElement('option');
          o.textContent = want[i];
          sel.appendChild(o);
        }
      }
      choose();
    };
    const again = (msg) => { if (msg && msg.event === 'again') choose(); };  // a refused choice
    const pick = () => {
      // the event log's story brings the chosen event's line into view (StoryClicks: 'kl-pick', the
      // event's number, which leads its entry) once the kernel has chosen it
      const o = sel.options[sel.selectedIndex], n = o ? parseInt(o.textContent, 10) - 1 : NaN;
      if (n >= 0) el.dispatchEvent(new CustomEvent('kl-pick', { bubbles: true, detail: { n } }));
      model.send({ event: 'pick', index: sel.selectedIndex, rev: model.get('rev') });
    };
    sel.addEventListener('change', pick);
    model.on('change:lines', lines);
    model.on('change:index', choose);
    model.on('change:description', words);
    model.on('msg:custom', again);
    words();
    lines();
    return () => {
      sel.removeEventListener('change', pick);
      model.off('change:lines', lines); model.off('change:index', choose);
      model.off('change:description', words); model.off('msg:custom', again);
    };
  },
};
"""


def picker_change(old: list[str], new: list[str]) -> dict | None:
    """What turns the picker's entries ``old`` into ``new``: ``{"drop": d, "keep": k, "add": [...]}``
    (``new`` is ``old[d:d + k] + add``), the fewest entries sent when the window moved on by ``d``
    (each entry is led by its event's number, so ``new[0]`` is found in ``old`` once) and events
    were added or taken back at its end; ``None`` when nothing changed."""
    if old == new:
        return None
    try:
        d = old.index(new[0]) if new else len(old)
    except ValueError:
        d = len(old)
    k = 0
    while k < len(new) and d + k < len(old) and old[d + k] == new[k]:
        k += 1
    return {"drop": d, "keep": k, "add": list(new[k:])}


class EventPicker(anywidget.AnyWidget):
    """The event log's picker of one event: a label (:attr:`description`) and a ``<select>`` of
    entries (:meth:`show`), as an ipywidgets Dropdown of ``(entry, i)`` options shows them, with its
    Python face (:attr:`options`, :attr:`value`, :attr:`index`: the chosen entry's place or ``None``).

    Why not a Dropdown: setting its options sends every entry again (a New World move sent its 80
    entries, about 14 kB, for a dozen new ones).  Here the whole list goes out only when a browser
    makes the model or asks for it (:meth:`get_state` adds ``lines`` and ``rev``: the list is no
    synced trait, so assigning it sends nothing); a change goes as one custom message of the
    entries that changed (:func:`picker_change`), on the revision it applies to.  The browser's
    choice comes as a message too (``{"event": "pick", "index", "rev"}``; in the page it also
    dispatches a bubbling ``kl-pick`` DOM event of the chosen event's number, by which the log's
    :class:`StoryClicks` brings that event's story line into view): a choice of an entry the
    kernel does not show now, or made on another revision, chooses nothing and the browser is told
    to show the kernel's choice again; no browser message sets a trait."""

    _esm = _PICK_ESM
    description = t.Unicode("").tag(sync=True)
    index = t.Int(None, allow_none=True).tag(sync=True)
    value = t.Int(None, allow_none=True)  # the same as index (a Dropdown's value for the options (entry, i))
    _EXTRA = ("lines", "rev")

    def __init__(self, **kwargs):
        self._labels: list[str] = []
        self._rev = list_rev([])
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    @property
    def options(self) -> tuple[tuple[str, int], ...]:
        """The entries as a Dropdown's options: ``(entry, i)``."""
        return tuple((label, i) for i, label in enumerate(self._labels))

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(self._labels)

    @t.validate("index", "value")
    def _valid(self, proposal):
        i = proposal.value
        if i is not None and not 0 <= i < len(self._labels):
            raise t.TraitError(f"ไม่มีรายการที่ {i} / no entry {i} (of {len(self._labels)})")
        return i

    @t.observe("index")
    def _index(self, change) -> None:
        self.value = change["new"]

    @t.observe("value")
    def _value(self, change) -> None:
        self.index = change["new"]

    def show(self, labels: Iterable[str], index: int | None = None) -> None:
        """Show the entries ``labels``, ``index`` chosen (``None``: none): one message of what changed
        in the entries, then the choice (its observers run once, after nothing was chosen while the
        entries changed: the same place may name another event now)."""
        labels = list(labels)
        with self.hold_sync():
            self.value = None
            change = picker_change(self._labels, labels)
            if change is not None:
                base, self._labels = self._rev, labels
                self._rev = list_rev(labels)
                self.send({"event": "lines", "base": base, "rev": self._rev, **change})
            self.value = index

    def get_state(self, key=None, drop_defaults=False):
        """The synced traits' state, with the whole list (``lines``) and its revision (``rev``)
        when every key is asked (a model made, a page asking for every widget) or they are named."""
        keys = None if key is None else [key] if isinstance(key, str) else list(key)
        state = super().get_state(None if keys is None else [k for k in keys if k not in self._EXTRA],
                                  drop_defaults)
        if keys is None or "lines" in keys:
            state["lines"] = list(getattr(self, "_labels", ()))
        if keys is None or "rev" in keys:
            state["rev"] = getattr(self, "_rev", 0)
        return state

    def set_state(self, sync_data) -> None:
        """A browser sets nothing here: it speaks by messages (:meth:`_on_msg`), checked first."""

    def _on_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        event, rev = content.get("event"), content.get("rev")
        if event == "sync":
            if rev != self._rev:
                self.send_state(["lines", "rev", "index"])
        elif event == "pick":
            i = content.get("index")
            if (isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(self._labels)
                    and rev == self._rev):
                self.value = i
            else:
                self.send({"event": "again"})


def list_rev(labels: list[str]) -> int:
    """The revision of a picker's entries: a 48-bit digest of them (an integer JavaScript holds
    exactly).  Of the entries, not of the moves that led to them: two tables showing the same
    entries send the same state (a counter told how many moves a table had seen: a seat's widgets
    then differed with its history, tests/test_widget_leaks)."""
    import hashlib
    return int.from_bytes(hashlib.blake2b("\n".join(labels).encode("utf-8"), digest_size=6).digest(), "big")


class EventLog(w.VBox):
    """The story of the events (:attr:`story`), a picker of one event (:attr:`select`, an
    :class:`EventPicker` whose entries are :func:`event_line`, shortened by :func:`pick_words`; a move
    sends only the entries that changed) and, below, the chosen event in full with its clauses.
    A click on a story line chooses its event in the picker (:attr:`clicks`, :meth:`click_line`).

    ``session``: follow its ``events`` (optional; else call :meth:`set_events`);
    ``book``: the rulebook for clause texts; ``rule_panel``: a
    :class:`~widgets.rulepanel.RulePanel` to highlight the chosen event's clauses;
    ``viewer``: whose eyes (``None`` = spectator); ``seat_label``: ``seat -> label`` naming an
    event's actor (default: the game's ``seat_words`` in Thai, else :func:`default_seat_label`);
    ``reveal``: a teaching example whose table shows every card, so hidden events show their real
    text too (never for a play view: there another seat's cards must not reach the browser);
    ``game``: whose words name a hidden event's kind (its ``id_labels["hidden_event"]``; default the
    session's game); ``why``: ``event -> words`` of what decided it on its story line (a game's
    ``why_words``; default its first clauses' ids and titles).
    """

    def __init__(self, session=None, book: Rulebook | None = None, rule_panel=None,
                 viewer: int | None = None, seat_label: Callable[[int], str] | None = None,
                 reveal: bool = False, game=None, why: Callable[[Event], str] | None = None, **kwargs):
        self.book, self.rule_panel, self.viewer, self.reveal = book, rule_panel, viewer, reveal
        self.why = why
        game = game if game is not None else getattr(session, "game", None)
        self.kind_words: KindWords | None = (
            game_kind_words(game) if game is not None else None)
        words = getattr(game, "seat_words", None)  # the engine's one way to name a seat
        self.seat_label = seat_label or ((lambda s: words(s)[0]) if callable(words) else default_seat_label)
        self._events: list[Event] = []
        self._full: list[str] = []  # each picker entry's whole line (event_line), for the heading under it
        self._first = 0  # the number of the first event shown (the events before it are left out)
        self._quiet = False  # True while set_events chooses an event that must not move the rule panel
        # the lines already written (story and picker), for the words they were written with: see _lines
        self._memo: tuple[tuple, dict, dict] = ((), {}, {})
        self.story = Story()
        self.select = EventPicker(description="ข้อกติกาของ / clauses of",  # hidden until an event
                                  layout=w.Layout(width="100%", max_width="760px", display="none"))
        self.select.add_class("kl-eventlog")
        self.select.add_class("kl-eventlog-pick")
        self.detail = w.HTML()
        self.detail.add_class("kl-eventlog-detail")
        # the clauses' style once, here: inside the detail's value, a <style> element replaced at every
        # choice made the browser re-match that sheet against the whole page (every rule panel)
        style = w.HTML(STORY_CSS + PANEL_CSS, layout=w.Layout(display="none"))
        self.select.observe(safe(self.detail)(self._on_select), names="value")
        self.clicks = StoryClicks(layout=w.Layout(display="none"))
        self.select.observe(self._chosen, names="value")
        self.clicks.on_msg(safe(self.detail)(self._on_click))
        self.skipped = w.HTML()
        head = w.HTML(f'<div class="kl-muted" style="font-family:{THAI_FONT}">บันทึกเหตุการณ์ทีละเทิร์น '
                      '(ล่าสุดอยู่ล่างสุด) คลิกบรรทัดหรือเลือกเหตุการณ์ด้านล่างเพื่ออ่านข้อกติกาทุกข้อที่ตัดสินมัน / '
                      'the story turn by turn (newest at the bottom); click a line or pick an event below to read '
                      'every clause that decided it</div>')
        super().__init__([style, self.clicks, head, self.skipped, self.story, self.select, self.detail], **kwargs)
        self.add_class("kl-eventlog-box")
        if session is not None:
            setup = lambda: len(getattr(session, "setup_events", ()))  # noqa: E731
            session.observe(lambda c: self.set_events(c["new"], setup=setup()), names="events")
            self.set_events(session.events, setup=setup())

    def set_events(self, events: Iterable[Event], first: int = 0, setup: int = 0,
                   select_last: bool = True, turns: list[str] | None = None,
                   highlight: bool = True) -> None:
        """Show ``events``; the newest is chosen (its clauses shown) unless ``select_last`` is
        false (then none is, until the reader chooses one).  ``highlight``: the event chosen here
        also moves the rule panel (false: the panel stays where the reader left it; the reader's own
        choice in the picker always moves it).  ``first``: how many earlier events are left out
        (numbering starts after them and a note says so); ``setup``: how many events of the whole
        log (left-out ones included) are setup events, folded in the story and marked
        :data:`SETUP_MARK` in the picker; ``turns``: each event's turn heading (the story groups
        events under it; default one group).  With no event the picker is hidden (an empty
        dropdown says nothing)."""
        self._events, self._first = list(events), first
        self._quiet = not highlight
        try:
            with self.clicks.hold_sync():  # the chosen line's number goes out once (not -1, then n)
                self._set_events(first, setup, select_last, turns)
        finally:
            self._quiet = False

    def _set_events(self, first: int, setup: int, select_last: bool, turns: list[str] | None) -> None:
        self.skipped.value = (f'<div class="kl-muted" style="font-family:{THAI_FONT}">แสดง {len(self._events)} '
                              f'เหตุการณ์ล่าสุด (ซ่อน {first} เหตุการณ์แรก) / showing the last '
                              f'{count_en(len(self._events), "event")} ({count_en(first, "earlier one")} '
                              'hidden)</div>') if first else ""
        lines = []
        for i, ev in enumerate(self._events):
            k = first + i
            turn = None if k < setup else (turns[i] if turns is not None and i < len(turns) else "")
            lines.append((k, ev, turn))
        rows, picks = self._lines()
        self.story.show(story_parts(lines, self.viewer, self.seat_label, self.book, self.reveal, self.kind_words, rows,
                                    self.why))
        options, full = [], []
        for i, e in enumerate(self._events):
            key = (first + i, id(e), first + i < setup)
            hit = picks.get(key)
            if hit is None or hit[0] is not e:
                hit = picks[key] = (e, event_line(first + i, e, self.viewer, self.seat_label, setup=key[2],
                                                  kind_words=self.kind_words, reveal=self.reveal))
            options.append((pick_words(hit[1]), i))
            full.append(hit[1])
        self._full = full  # each entry's whole line: the picker's may be shortened, the heading under it is not
        # The entries that changed and the choice (the chosen event's clauses worked out once: the
        # newest, or none while the entries change): EventPicker.show
        self.select.show([label for label, _ in options], len(options) - 1 if options and select_last else None)
        self.select.layout.display = "" if options else "none"
        if self.select.value is None:
            self.detail.value = ""
        self._chosen()

    def _chosen(self, _change=None) -> None:
        """The story marks the line of the event chosen in the picker (:attr:`StoryClicks.chosen`)."""
        i = self.select.value
        self.clicks.chosen = self._first + i if i is not None and i < len(self._events) else -1

    def _lines(self) -> tuple[dict, dict]:
        """The memos of the story's lines and the picker's lines (``(number, id(event)[, setup])
        -> (event, text)``): emptied when the words they were written with changed (viewer, seat
        labels, book, reveal, hidden kinds' words) or they hold many more lines than the log shows
        (lines of events gone: a step back, the window moving on)."""
        words = (self.viewer, self.reveal, self.seat_label, self.book, self.kind_words)
        old, rows, picks = self._memo
        if (not old or old[:2] != words[:2] or any(a is not b for a, b in zip(old[2:], words[2:]))
                or len(rows) > 2 * len(self._events) + 100):
            rows, picks = {}, {}
            self._memo = (words, rows, picks)
        return rows, picks

    def _on_select(self, change) -> None:
        i = change["new"]
        if i is None or i >= len(self._events):
            return
        cites = self._events[i].cites
        # the chosen line in full (the picker's entry may be shortened with "…": pick_words), wrapped
        # in the log's width (STORY_CSS .kl-eventlog-line), never cut at its edge
        line = html.escape(" ".join(self._full[i].split())) if i < len(self._full) else ""
        self.detail.value = (f'<div class="kl-eventlog-line" style="font-family:{THAI_FONT}"><b>{line}</b></div>'
                             + clauses_html(self.book, cites))
        if self.rule_panel is not None and not self._quiet:
            self.rule_panel.highlight(cites)

    def _on_click(self, _widget, content, _buffers) -> None:
        # (a browser can send anything: only a click naming a shown event counts)
        if isinstance(content, dict) and content.get("event") == "click":
            if self.click_line(content.get("n"), content.get("kind")):
                # after the panel's new text went out: the browser brings the panel on screen
                self.clicks.send({"event": "shown", "n": content["n"]})

    def click_line(self, n, kind: str | None = None) -> bool:
        """A click on the story line of event number ``n`` (0-based over the whole log, as the
        line's ``data-n``; ``kind``: its ``data-kind``): chooses that event in the picker, so its
        clauses show exactly as a choice in the picker shows them (and the rule panel moves to them).
        A number not shown now, or whose event is of another kind (a line of an older story), chooses
        nothing.  Returns whether an event was chosen."""
        if not isinstance(n, int) or isinstance(n, bool):
            return False
        i = n - self._first
        if not 0 <= i < len(self._events) or (kind is not None and self._events[i].kind != kind):
            return False
        if self.select.value == i:  # already chosen (maybe quietly, by set_events): show it as chosen now
            self._on_select({"new": i})
        else:
            self.select.value = i
        return True
