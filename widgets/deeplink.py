"""Deep links: ``…/voila/render/<game>.ipynb?scenario=<stem>&step=<n>`` opens that scenario
of ``data/scenarios/<game>/`` at the top of the game's page; ``?game=<code>`` (a play panel's
"share this game", :mod:`widgets.sharing`) opens a game played, at its last step, with the reader
in the seat they had.

**Where in the scenario.**  Two parameters, each with one meaning on every game's page:

* ``step=<n>``: the position after the scenario's ``n``-th applied action (0: the setup, the
  default; see :mod:`widgets.page`): the frame that shows the whole of action ``n``;
* ``frame=<k>``: the stepper's frame ``k`` (what the stepper shows as ``เฟรม / frame k/N``).  A game
  may read one action as several frames (Shadow Master shows a siege event by event); elsewhere
  frame ``k`` is step ``k``.  When both are given, ``frame`` decides.

"Copy link" and the address bar give ``step=<n>`` for a frame that shows a whole action and
``frame=<k>`` for a frame inside one (:meth:`widgets.page.FrameCursor.address`), so reopening the
address shows exactly the frame that was on screen.

A link to an unknown scenario shows a short message (Thai + English, naming the field) and a picker
of the game's scenarios (by title) that opens the one chosen in the same place: never a list of
names.  A known scenario always opens: a ``step`` or ``frame`` that is not a whole number, or is past
the scenario's end, opens it at step 0 under a calm line that names the field and says why.  A link
with several bad fields (an unknown scenario and a ``step`` that is no number; a bad ``step`` and a
bad ``frame``) names every one of them, each in Thai and English (:class:`LinkFaults`).

Voila's preheated kernels run the notebook before anyone asks for it, so the query string is
read in the notebook's *last* cell (:func:`query_string` waits for the request there) and the
view is put into a placeholder shown by the *first* cell.  The link is validated kernel-side;
a bad one shows a Thai + English message, never a traceback.

The link stays current: as the reader steps through the linked scenario, the page's URL follows
(:class:`UrlState`, ``history.replaceState``), so a reload (for example the reload button the
dashboard shows when a page lost its kernel) reopens the same scenario at the same frame; and the
line over it says where the link opened it and, once the reader has moved, which step (or frame) is
on screen now (:func:`banner_html`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Mapping
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets as t

from rules.core.protocol import BadInput
from rules.core.rulebook import DATA

from .errors import count_en, error_html, message_html

SCENARIOS = DATA / "scenarios"
POSITION_FIELDS = ("step", "frame")
"""The link's fields that say where in a scenario to open (a fault in one opens it at step 0)."""
REVEAL = ".kl-stepper"
"""What a deep link's page waits for before it brings the link's line to the top of the screen
(:attr:`UrlState.reveal`): the example's stepper drawn, the example's title and board under the line."""
BAD_LINK_REVEAL = ".kl-error"
"""What a refused link's page brings on screen (:attr:`UrlState.reveal`): the message saying why, with
the picker under it (at 390 px it lay ~980 px down, below the first screen, the page at its top)."""
PLAY_REVEAL = ".kl-play-panel"
"""What a ``?game=`` link's page brings on screen (:attr:`UrlState.reveal`, found in the whole page:
the game opens in the page's play panel, far below the link's line). At 390 px the panel lay ~6,000 px
down and even the line's "go to the game" button sat below the first screen (917 px of 844): a reader
of a shared game saw the page's introduction and no sign of the game."""


@dataclass(frozen=True)
class DeepLink:
    """A parsed link: the scenario file (``None``: no link), the step to show (0 = setup) or the
    stepper's ``frame`` (``None``: go by ``step``)."""

    scenario: Path | None = None
    step: int = 0
    game: str | None = None
    """A ``?game=`` code (a shared game), else ``None``."""
    frame: int | None = None
    problem: BadInput | None = None
    """Why the link's ``step`` or ``frame`` was not used (the scenario then opens at step 0); a
    :class:`LinkFaults` when both were bad."""
    unchecked: tuple[tuple[str, int], ...] = ()
    """The link's ``step`` / ``frame`` that were whole numbers but went unused because the other one
    was bad (``(field, n)``, ``n`` > 0): :func:`follow` checks them against the scenario's end, so a
    link with two bad fields names both."""


class LinkFaults(BadInput):
    """Several fields of one link bad at once: every one named, each in its own Thai and English
    words (joined by " · "), in the link's order (scenario, step, frame).  ``faults``: the errors of
    the single fields; ``fields``: their fields; ``field``: them joined by ", " (``scenario, step``)."""

    def __init__(self, faults):
        self.faults = tuple(faults)
        self.fields = tuple(f.field for f in self.faults)
        super().__init__("link", ", ".join(self.fields), " · ".join(f.message_th for f in self.faults),
                         " · ".join(f.message_en for f in self.faults))


LINK_FIELDS = ("scenario", *POSITION_FIELDS)
"""A link's fields in the order its faults are named."""


def link_fault(faults) -> BadInput | None:
    """One error for the link's bad fields: ``None`` for none, the error itself for one, else a
    :class:`LinkFaults` naming each (in :data:`LINK_FIELDS` order)."""
    faults = sorted(faults, key=lambda f: LINK_FIELDS.index(f.field) if f.field in LINK_FIELDS else len(LINK_FIELDS))
    if not faults:
        return None
    return faults[0] if len(faults) == 1 else LinkFaults(faults)


def faults_of(exc: BadInput | None) -> list[BadInput]:
    """The single-field errors in ``exc`` (a :class:`LinkFaults`' faults, ``[exc]``, ``[]`` for ``None``)."""
    if exc is None:
        return []
    return list(exc.faults) if isinstance(exc, LinkFaults) else [exc]


def _whole_number(raw: str, field: str) -> int:
    """``raw`` as an int >= 0 written in ASCII digits; :class:`BadInput` (``field``) otherwise."""
    if not (raw.isascii() and raw.isdigit()):  # '²'.isdigit() is True, int('²') fails
        shown = raw[:20] + ("…" if len(raw) > 20 else "")
        th = "ขั้น" if field == "step" else "เฟรม"
        raise BadInput("link", field, f"{th}ต้องเป็นจำนวนเต็มตั้งแต่ 0 (ได้ '{shown}')",
                       f"{field} must be a whole number >= 0, got '{shown}'")
    return int(raw)


def _game_titles(game: str) -> tuple[str, str]:
    """``(th, en)`` titles of ``game`` as the catalogue names it (a reader knows the game by its
    title, not its id); the id itself for a game the catalogue does not know."""
    from rules.catalog import info

    try:
        g = info(game)
    except BadInput:
        return game, game
    return g.title_th, g.title_en


def parse_link(game: str, query: str | None, strict: bool = True) -> DeepLink:
    """Parse ``scenario=<stem>&step=<n>`` (or ``&frame=<k>``) for ``game``.

    Raises :class:`BadInput` (field ``scenario``) for an unknown scenario.  A ``step`` or ``frame``
    that is not a non-negative whole number written in ASCII digits (``0-9`` only) raises
    :class:`BadInput` (field ``step`` / ``frame``) when ``strict``; otherwise the link opens at step 0
    and :attr:`DeepLink.problem` holds that error.  Several bad fields raise (or hold) one
    :class:`LinkFaults` naming each: an unknown scenario and a ``step`` that is no number, say.
    """
    params = parse_qs(query or "", keep_blank_values=True)
    code = (params.get("game") or [""])[-1].strip()
    if code:
        return DeepLink(game=code)
    stem = (params.get("scenario") or [""])[-1].strip()
    if not stem:
        return DeepLink()
    faults: list[BadInput] = []
    folder = SCENARIOS / game
    path: Path | None = folder / f"{stem}.yaml"
    if "/" in stem or "\\" in stem or not path.is_file():
        shown = stem[:60] + ("…" if len(stem) > 60 else "")
        title_th, title_en = _game_titles(game)
        faults.append(BadInput("link", "scenario", f"ไม่มีสถานการณ์ '{shown}' ใน{title_th}: เลือกจากรายการด้านล่าง",
                               f"no scenario '{shown}' for {title_en}: pick one below"))
        path = None
    raw_step = (params.get("step") or ["0"])[-1].strip() or "0"
    raw_frame = (params.get("frame") or [""])[-1].strip()
    where: dict[str, int] = {}
    for field, raw in (("step", raw_step), ("frame", raw_frame)):
        if not raw:
            continue
        try:
            where[field] = _whole_number(raw, field)
        except BadInput as exc:
            faults.append(exc)
    problem = link_fault(faults)
    if path is None or (problem is not None and strict):
        raise problem
    if problem is not None:
        return DeepLink(path, 0, problem=problem, unchecked=tuple((f, n) for f, n in where.items() if n > 0))
    return DeepLink(path, where["step"], frame=where.get("frame"))


def scenario_title(path: Path) -> tuple[str, str]:
    """``(title_th, title_en)`` of the scenario file ``path``, quoted: how a link's note names the
    scenario (its file stem is the link's value, not words for the reader)."""
    from rules.core.scenario import load_scenario

    sc = load_scenario(path)
    return f"“{sc.title_th}”", f"“{sc.title_en}”"


def title_of(game: str, stem: str) -> tuple[str, str]:
    """:func:`scenario_title` of ``game``'s scenario file ``stem`` (what a link's ``scenario=`` names)."""
    return scenario_title(SCENARIOS / game / f"{stem}.yaml")


def step_error(link: DeepLink, length: int | None, field: str = "step", titled: bool = True) -> BadInput:
    """The link error for a ``step`` (or ``frame``) past the scenario's last one (``length`` steps
    or frames, if known); the scenario named by its title (not when ``titled`` is false: a second
    field past the end, said after the first that named it)."""
    th, en = scenario_title(link.scenario) if link.scenario and titled else ("", "")
    n = link.frame if field == "frame" else link.step
    th_unit, en_unit = ("เฟรม", "frame") if field == "frame" else ("ขั้น", "step")
    # steps count actions (step=0..n: n of them); frames count pictures, the first included
    # (frame=0..n: n + 1 of them; it said "has 11 frames (frame=0..11)")
    count = length + 1 if field == "frame" and length is not None else length
    if length is None:
        if not th:
            return BadInput("link", field, f"{th_unit} {n} เกิน{th_unit}สุดท้าย", f"{en_unit} {n} is past the last {en_unit}")
        return BadInput("link", field, f"{th_unit} {n} เกิน{th_unit}สุดท้ายของสถานการณ์ {th}",
                        f"{en_unit} {n} is past the last {en_unit} of scenario {en}")
    if not th:
        return BadInput("link", field, f"{th_unit} {n} เกิน{th_unit}สุดท้าย: มี {count} {th_unit} ({field}=0-{length})",
                        f"{en_unit} {n} is past the end: there are {count_en(count, en_unit)} ({field}=0..{length})")
    return BadInput("link", field,
                    f"{th_unit} {n} เกิน{th_unit}สุดท้าย: สถานการณ์ {th} มี {count} {th_unit} "
                    f"({field}=0-{length})",
                    f"{en_unit} {n} is past the end: scenario {en} has {count_en(count, en_unit)} "
                    f"({field}=0..{length})")


def opened_at_start_html(exc: BadInput) -> str:
    """The calm line over a linked scenario opened at step 0 because its ``step`` or ``frame`` could
    not be used: the reason (the field named; both when both were bad) and where it opened instead;
    not an error box."""
    fields = [f.field for f in faults_of(exc)]
    th_fields, en_fields = " และ ".join(fields), " and ".join(fields)
    note = message_html(f"{exc.message_th} จึงเปิดที่ขั้น 0 แทน (ช่อง {th_fields} ของลิงก์)",
                        f"{exc.message_en}, so it opens at step 0 instead (the link's {en_fields})", tone="missing")
    return note.replace('class="kl-note"', f'class="kl-note kl-link-note" data-field="{exc.field}"', 1)


def query_string() -> str:
    """The page's query string ('' outside Voila).  In a preheated kernel this waits until a
    visitor's request arrives, so call it only in the notebook's last cell."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import get_query_string
        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


_URL_ESM = """
function apply(model) {
  const query = model.get('query') || {};
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === '') params.delete(key); else params.set(key, String(value));
  }
  const search = params.toString();
  const hash = model.get('hash') || window.location.hash;
  const url = window.location.pathname + (search ? '?' + search : '') + hash;
  if (url !== window.location.pathname + window.location.search + window.location.hash) {
    later(url);
  }
}
// The address is written when the page is idle, not while a click's redraw is being applied:
// history.replaceState held the main thread ~8 ms of a play click (measured with the profiler
// while the move's messages arrived), before the board's own update.  The last address wins; a
// page being left (a reload) writes a pending one at once.
let pending = null;
function flush() {
  if (pending !== null) {
    const url = pending;
    pending = null;
    if (url !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, '', url);
    }
  }
}
function later(url) {
  const first = pending === null;
  pending = url;
  if (!first) return;
  if (window.requestIdleCallback) window.requestIdleCallback(flush, { timeout: 500 });
  else window.setTimeout(flush, 50);
}
window.addEventListener('pagehide', flush);
// Bringing a linked example on screen ('reveal'): a deep link's example lies below the page's first
// screen (at 390 px its stepper was 1400 px down: the reader saw the page's top and no sign of the
// link).  Once per model, when the element 'reveal' names (the example's stepper) is drawn in this
// widget's own box (else in the page), the page scrolls the box's first line (the link's line: what
// the link opened, or why it could not) to the top of the screen, the example's title and board
// under it: the same landing on every page (with the stepper at the top when both did not fit, a
// phone reader of a Valeria link met the stepper with the example's title and question above the
// screen).  For about 3 s after it is drawn the page is put there again if the parts above it grew.
// A reader who moved the page (a scroll, a wheel, a touch, a key, a click) before or meanwhile is
// never fought: nothing more is scrolled; nor is an address with a fragment (#kl-step: the page's
// template holds that anchor at the top).
let readerMoved = false;
const moves = ['wheel', 'touchstart', 'keydown', 'mousedown'];
const sawMove = () => { readerMoved = true; for (const ev of moves) window.removeEventListener(ev, sawMove, true); };
for (const ev of moves) window.addEventListener(ev, sawMove, { capture: true, passive: true });
const REVEAL_WAIT = 60000, REVEAL_SETTLE = 3000;
function reveal(model, el) {
  const want = model.get('reveal');
  if (!want || model.klRevealed) return;
  model.klRevealed = true;
  const start = Date.now();
  let drawn = 0, ours = null;
  const step = () => {
    if (readerMoved || !el.isConnected) return;
    // the address names a place of its own that the page has (#kl-step: the template holds it there);
    // a fragment naming nothing on the page (#foo) is no place, and the example is brought as without
    let at = null;
    try { at = window.location.hash.length > 1 ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null; } catch (e) { at = null; }
    if (at) return;
    const y = window.scrollY || window.pageYOffset || 0;
    if (ours === null ? y > 2 : Math.abs(y - ours) > 40) return;  // the reader is elsewhere already
    const box = el.parentElement;
    // in this widget's box first (a linked example), else in the page (a shared game's play panel)
    const target = (box && box.querySelector(want)) || document.querySelector(want);
    const r = target ? target.getBoundingClientRect() : null;
    if (!r || r.height === 0) {  // not drawn yet
      if (Date.now() - start < REVEAL_WAIT) setTimeout(step, 100);
      return;
    }
    drawn = drawn || Date.now();
    const head = box && box.contains(target) && box.firstElementChild && box.firstElementChild !== el
      ? box.firstElementChild.getBoundingClientRect() : r;
    const top = head.top;
    if (Math.abs(top) > 4) {
      window.scrollTo(0, y + top);
      ours = window.scrollY || window.pageYOffset || 0;
    } else if (ours === null) {
      ours = y;
    }
    if (Date.now() - drawn < REVEAL_SETTLE) setTimeout(step, 150);
  };
  requestAnimationFrame(step);
}
export default {
  initialize({ model }) {
    const on = () => apply(model);
    on();  // the first value too: a link opened elsewhere than it asked (step=abc -> step=0) says so
    model.on('change:query', on);
    model.on('change:hash', on);
    return () => { model.off('change:query', on); model.off('change:hash', on); };
  },
  render({ model, el }) { el.style.display = 'none'; reveal(model, el); },
};
"""


class UrlState(anywidget.AnyWidget):
    """Keeps query parameters of the page's URL equal to ``query`` (a value of ``None`` or
    ``''`` removes its parameter), and its fragment equal to ``hash`` when one is given
    (``"#kl-play"``; ``""`` keeps the page's own), from its first value on: each change replaces the
    URL in the browser's history (no reload, no new history entry).  Shows nothing."""

    _esm = _URL_ESM
    query = t.Dict(per_key_traits={}).tag(sync=True)
    hash = t.Unicode("").tag(sync=True)
    reveal = t.Unicode("").tag(sync=True)
    """A CSS selector (``""``: none): once the element it names is drawn in this widget's own box
    (else the first in the page), the page scrolls that box's first line to the top of the screen (the
    element itself when it is outside the box), once, and never after the reader moved the page
    (:func:`follow`: a deep link's example and its stepper, :data:`REVEAL`, below the page's first
    screen on a phone; a shared game's play panel, :data:`PLAY_REVEAL`)."""


def _step_source(view) -> t.HasTraits | None:
    """What a link's ``step`` counts in ``view`` when it has no frame cursor: its game session
    (``step`` = actions applied, :mod:`widgets.page`), else the session of the first stepper in its
    tree; ``None`` if neither."""
    session = getattr(view, "session", None)
    if isinstance(session, t.HasTraits) and session.has_trait("step"):
        return session
    from .stepper import Stepper
    todo = [view]
    while todo:
        node = todo.pop(0)
        if isinstance(node, Stepper) and isinstance(getattr(node, "session", None), t.HasTraits) \
                and node.session.has_trait("step"):
            return node.session
        todo.extend(getattr(node, "children", ()) or ())
    return None


def on_screen(view: w.Widget, call: Callable[[dict[str, int]], None]) -> None:
    """Call ``call(address)`` now and whenever ``view`` shows another frame: ``address`` is
    ``{"step": n}`` or ``{"frame": k}`` as "copy link" gives them (a view with a frame cursor,
    :meth:`widgets.page.FrameCursor.address`), else ``{"step": n}`` of its session (see
    :func:`_step_source`); never called for a view with neither."""
    cursor = getattr(view, "cursor", None)
    if isinstance(cursor, t.HasTraits) and callable(getattr(cursor, "address", None)):
        cursor.observe(lambda _c: call(cursor.address()), names="step")
        call(cursor.address())
        return
    source = _step_source(view)
    if source is not None:
        source.observe(lambda _c: call({"step": source.step}), names="step")
        call({"step": source.step})


def keep_in_url(view: w.Widget, scenario: str) -> UrlState:
    """A :class:`UrlState` that keeps ``?scenario=<scenario>`` and the address of the frame shown by
    ``view`` in the page's URL (``step=<n>`` or ``frame=<k>``, :func:`on_screen`).  Display it
    beside ``view``."""
    url = UrlState()

    def sync(where: dict[str, int]) -> None:
        url.query = {"scenario": scenario, **{k: (str(where[k]) if k in where else None)
                                              for k in POSITION_FIELDS}}
    on_screen(view, sync)
    return url


def _where_words(where: Mapping[str, int]) -> tuple[str, str]:
    """``("ขั้น 3", "step 3")`` or ``("เฟรม 5", "frame 5")`` of an address."""
    if "frame" in where:
        return f"เฟรม {where['frame']}", f"frame {where['frame']}"
    return f"ขั้น {where.get('step', 0)}", f"step {where.get('step', 0)}"


def banner_html(title: tuple[str, str], opened: Mapping[str, int], shown: Mapping[str, int] | None = None) -> str:
    """The line over a linked scenario (``title``: :func:`scenario_title`): where the link opened it
    and, once the reader has moved to another frame, what is on screen now (``shown``, an address
    as :func:`on_screen` gives)."""
    name_th, name_en = title
    th, en = _where_words(opened)
    if shown is None or dict(shown) == dict(opened):
        html = message_html(f"ลิงก์นี้เปิดสถานการณ์ {name_th} ที่{th}", f"this link opens scenario {name_en} at {en}",
                            tone="info")
    else:
        now_th, now_en = _where_words(shown)
        html = message_html(f"สถานการณ์ {name_th} จากลิงก์ (เปิดที่{th}) · ตอนนี้แสดง{now_th}",
                            f"scenario {name_en} from the link (opened at {en}) · now showing {now_en}", tone="info")
    return html.replace('class="kl-note"', 'class="kl-note kl-link-banner"', 1)


def placeholder() -> w.VBox:
    """An empty box for the first cell; :func:`follow` fills it when the page has a link."""
    return w.VBox(layout=w.Layout(margin="0 0 1em 0"))


def picker(game: str, view: Callable[[Path, int], w.Widget], box: w.VBox) -> w.VBox:
    """"Open an example instead": a dropdown of the game's scenarios by title (and ruling number);
    choosing one shows it at step 0 in ``box`` below the picker, and from then on the page's URL
    is that example's link and follows its steps (:func:`keep_in_url`), as after a good link: the
    bad link stayed in the address bar, so a reload or a copied address gave the error again."""
    from rules.core.scenario import load_scenario

    from .page import ruling_key, ruling_label

    options = [("— เลือกตัวอย่าง / choose an example —", None)]
    for p in sorted((SCENARIOS / game).glob("*.yaml"), key=ruling_key):
        try:
            sc = load_scenario(p)
        except BadInput:
            continue
        options.append((ruling_label(p, f"{sc.title_th} / {sc.title_en}"), p))
    dd = w.Dropdown(options=options, index=0, description="ตัวอย่าง",  # the prompt shown, value None
                    layout=w.Layout(width="100%", max_width="760px"))
    shown, error = w.VBox(), w.HTML()

    def chosen(change):
        path = change["new"]
        if path is None or not any(p == path for _l, p in options):  # only a listed file opens
            return
        error.value = ""
        try:
            new = view(path, 0)
        except Exception as exc:  # noqa: BLE001 - shown, never raised into the page
            error.value = error_html(exc)
            return
        for old in shown.children:
            old.close()
        shown.children = [new, keep_in_url(new, Path(path).stem)]
    dd.observe(chosen, names="value")
    out = w.VBox([dd, error, shown])
    out.add_class("kl-link-picker")
    return out


def _open(view: Callable[..., w.Widget], link: DeepLink) -> w.Widget:
    """``view(path, step)``, or ``view(path, step, frame=k)`` for a ``frame=`` link."""
    if link.frame is None:
        return view(link.scenario, link.step)
    return view(link.scenario, link.step, frame=link.frame)


def _past_the_end(view: Callable[..., w.Widget], path: Path, where) -> list[tuple[DeepLink, int | None, str]]:
    """``(link, length, field)`` of each ``(field, n)`` in ``where`` past the scenario's end (for
    :func:`step_error`; a link whose other position field was bad: both are named).  Each is tried by
    opening ``view`` there."""
    out = []
    for field, n in where:
        at = DeepLink(path, 0, frame=n) if field == "frame" else DeepLink(path, n)
        try:
            probe = _open(view, at)
        except BadInput as exc:
            if exc.field not in POSITION_FIELDS:
                raise
            out.append((at, getattr(exc, "length", None), exc.field))
        else:
            if callable(getattr(probe, "close", None)):
                probe.close()
    return out


def follow(box: w.VBox, game: str, view: Callable[..., w.Widget],
           query: str | None = None, play: Callable[[str], w.Widget] | None = None) -> DeepLink | None:
    """Fill ``box`` with ``view(scenario_path, step)`` for the page's link (``view(path, step,
    frame=k)`` for a ``frame=`` link; ``view`` raises :class:`BadInput` field ``step`` / ``frame``,
    with attribute ``length``, past the end), or for a ``?game=`` link with ``play(code)`` (a play
    table; raises :class:`BadInput` for a bad code).

    Returns the link followed (a known scenario whose ``step`` or ``frame`` could not be used opens
    at step 0 under a calm line naming the field: the link returned then has ``step`` 0 and its
    ``problem``), or ``None`` when there was none or it was refused (the box then shows the reason
    in Thai and English, and a picker of the game's scenarios).
    """
    try:
        link = parse_link(game, query_string() if query is None else query, strict=False)
        if link.game is not None:
            if play is None:
                raise BadInput("link", "game", "หน้านี้เปิดเกมจากลิงก์ไม่ได้", "this page cannot open a shared game")
            shown = play(link.game)
            # a shared link or the reader's own game after a reload (the play panel keeps it in the address)
            # the page brings the game on screen once drawn, as a linked example (unless the reader moved)
            box.children = [w.HTML(message_html("ลิงก์ของหน้านี้เปิดเกมไว้ เล่นต่อได้",
                                                "this page's address opens a game: play on", tone="info")), shown,
                            UrlState(reveal=PLAY_REVEAL)]
            return link
        if link.scenario is None:
            return None
        faults, unchecked, ends, shown = faults_of(link.problem), list(link.unchecked), [], None
        if not faults:
            try:
                shown = _open(view, link)
            except BadInput as exc:
                if exc.field not in POSITION_FIELDS:
                    raise
                ends.append((link, getattr(exc, "length", None), exc.field))
                if exc.field == "frame" and link.step:  # frame decided; the step may be past the end too
                    unchecked.append(("step", link.step))
        if faults or ends:
            ends = sorted(ends + _past_the_end(view, link.scenario, unchecked), key=lambda e: LINK_FIELDS.index(e[2]))
            faults += [step_error(at, length, field, titled=k == 0) for k, (at, length, field) in enumerate(ends)]
            link = DeepLink(link.scenario, 0, problem=link_fault(faults))
            shown = _open(view, link)
        stem, title = link.scenario.stem, scenario_title(link.scenario)
        opened = {"frame": link.frame} if link.frame is not None else {"step": link.step}
        note = opened_at_start_html(link.problem) if link.problem is not None else ""
        banner = w.HTML(note + banner_html(title, opened))

        def moved(where: dict[str, int]) -> None:  # the banner follows what is on screen
            banner.value = note + banner_html(title, opened, where)
        on_screen(shown, moved)
        url = keep_in_url(shown, stem)
        # the page brings the link's line and the example's stepper on screen once they are drawn
        # (below the page's first screen on a phone), unless the reader has moved the page already
        url.reveal = REVEAL
        box.children = [banner, shown, url]
        return link
    except Exception as exc:  # noqa: BLE001 - a reader's bad link is a message, not a traceback
        html = error_html(exc)
        if getattr(exc, "field", None) == "game":  # a shared game's code: also say what to do
            html += message_html(
                "เริ่มเกมใหม่ได้ที่แผงเล่นด้านล่าง เลือกกรณีตัวอย่างจากรายการ หรือขอลิงก์ใหม่จากคนที่แชร์",
                "start a new game in the play panel below, pick a worked example from the list, or ask "
                "whoever shared it for the link again", tone="info")
        # the "short message with a picker", brought on screen (at 390 px it lay below the first)
        box.children = [w.HTML(html), picker(game, view, box), UrlState(reveal=BAD_LINK_REVEAL)]
        return None
