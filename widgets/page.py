"""The shared game page: what every game's notebook is built from, the same calls in the same order.

A game plugs in with ONE folder ``widgets/<game>/`` whose ``__init__`` exports ``SPEC``, a
:class:`GameSpec`: its board or table view (a :class:`BoardView` subclass), its labels adapter
(``labels.py``: ``describe(state, action) -> (th, en)`` from the engine's ``describe_action``,
``seat_label``, ``seat_to_act``, ``seat_out``; the default :class:`widgets.labels.EngineLabels` asks
the engine for all of them, a game overrides only what differs and passes ``**LABELS.spec_fields()``),
its bots and its styles.  Copy ``widgets/toy_pig/``
to add a game.  This module decides no rule: every label comes from ``SPEC.describe`` (the engine),
every number from ``observe`` / ``state_to_json`` or engine functions, every move from ``apply``.

A notebook page (``notebooks/<game>.ipynb``) is, in this order:

* ``box = page.link_box()`` (first cell) ... ``page.follow(box, SPEC)`` (last cell): deep links
  ``?scenario=<stem>&step=<n>`` or ``&frame=<k>`` (:mod:`widgets.deeplink`);
* :func:`section`: a section of the Thai text (a :class:`~widgets.rulepanel.RulePanel`) beside a
  scenario on the game's board (:class:`ScenarioView`: a stepper, the frame's events with the clauses
  they cite, the event log; the cited clauses are highlighted in the panel);
* :func:`rulings`: a picker over the game's scenario files (rulings) with the same reader;
* :func:`play`: a play panel against bots (:class:`PlayTable`): undo my move, the seed shown and
  typed, buttons bound to the action they showed;
* :func:`register`: the ambiguity register.

Every scenario view and play table carries "what would the bots do here?"
(:class:`~widgets.bots_here.BotsHere`: one button until clicked; what the deciding seat cannot see is
re-dealt for the rollouts, so in play it is offered on the reader's own decisions).

**Steps and frames.**  A ``step`` (the deep link's ``step=``, :meth:`FrameCursor.jump_action`) is the
number of actions applied (chance outcomes count as actions): step 0 is the position after setup,
with the setup events shown and no action applied; step ``n`` is the position after the scenario's
``n``-th applied action.  This is the same on every game's page.  A game may split one action into
several *frames* for reading (Shadow Master shows a siege event by event, ``SPEC.frames``); the
stepper moves through frames, ``step=n`` opens the frame that shows the whole action ``n`` and
``frame=k`` (:meth:`FrameCursor.jump_frame`) opens the stepper's frame ``k``.  "Copy link" and the
address bar give whichever of the two names the frame on screen (:meth:`FrameCursor.address`).
"""
from __future__ import annotations

import gc
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import ipywidgets as w
import traitlets as t
from ipywidgets.widgets.widget import CallbackDispatcher

from rules.core.protocol import CHANCE, TERMINAL, BadInput, Event
from rules.core.rulebook import DATA, load_rulebook
from rules.core.scenario import Scenario, load_scenario, recorded_game

from . import deeplink, sharing
from .bots_here import BotsHere, Spot
from .errors import THAI_FONT, count_en, e, error_html, message_html, safe
from .lazy import LazyBox
from .lazy import lazy as lazy_part
from .eventlog import EventLog, event_text, game_kind_words, names_seat
from .labels import table_words
from .mobile import MOBILE_CSS, PHONE_MAX_WIDTH
from .choiceboard import ChoiceBoard
from .playchoices import DO_WORDS, MAX_BUTTONS, ShownChoice, ShownTool, choices_html, tools_html
from .rulepanel import PANEL_CSS, RulePanel, clause_html
from .rulepanel import ambiguities_html as register_html
from .session import Cursor, GameSession
from .stepper import Stepper
from .whynot import WHYNOT_CSS, whynot_html

SCENARIOS = DATA / "scenarios"
LOG_EVENTS = 80
"""The event log shows the latest events only (a long game would send thousands)."""
BLUFF_MARK = ("⚠ คุณไม่มีการ์ดใบนี้", "you do not hold this card")
"""Added to a choice that claims a card the reader does not hold (the engine says so: ``SPEC.bluff``)."""
MOVED_ON = message_html("เกมเดินต่อไปแล้ว การคลิกนี้จึงไม่ได้ทำอะไร", "the game has moved on, so this click did nothing",
                        tone="missing").replace('class="kl-note"', 'class="kl-note kl-moved-on"')
"""The calm line of a late, double or stale click (nothing was applied).  It goes at the next redraw
(:meth:`PlayTable.render`) and fades out on its own (``kl-moved-on-fade`` in :data:`PAGE_CSS`): the
second click of a double click arrives after the first one's redraw, and a note left under the next
decision read as if the move had failed."""
SETTLE_MS = 400
"""Milliseconds a play table's new choices, tools and (where a cell click takes an action) board take
no click from the reader: a quick double click's second click landed on the choices the bots' answer
had just drawn under the pointer, and took a decision the reader never read (a fresh user's trial)."""
TOOL_ICONS = {"undo": "↶", "finish": "⏩"}
"""The signs before the tools' words (the ipywidgets buttons' Font Awesome "undo" and "forward")."""
THINKING = message_html("บอทกำลังเดิน…", "the bots are moving…", tone="missing")
"""Shown while the bots answer (the buttons are disabled meanwhile)."""
FREEZE_AFTER = 0.05
"""Seconds the bots may take to answer a move before the choices on screen are disabled and
:data:`THINKING` is shown.  A quicker answer is drawn at once: disabling every button first cost
one message per button, each sent, forwarded and applied before the answer's own, for a state
the reader never saw.  A click meanwhile is refused either way (it belongs to a past decision)."""

PAGE_CSS = f"""<style>
.kl-page {{ font-family: {THAI_FONT}; font-size: 14px; line-height: 1.45; }}
.kl-page .kl-muted {{ color: #666; font-size: 12px; }}
.kl-page .kl-event {{ margin: 2px 0; }}
.kl-page .kl-event.kl-hidden {{ color: #666; }}
.kl-page .kl-teach {{ background: #e8f4fd; border-left: 4px solid #2a6f97; padding: 3px 8px; margin: 4px 0; }}
.kl-eventlog select {{ font-family: {THAI_FONT}; font-size: 14px; }}
.kl-eventlog-detail {{ white-space: normal; overflow-wrap: anywhere; }}
.kl-page .kl-choices button, .kl-page .kl-tools button {{ white-space: normal; height: auto;
  min-height: 28px; text-align: left; line-height: 1.3; padding: 3px 8px; max-width: 100%; font-family: {THAI_FONT};
  font-size: 13px; }}  /* "let the “…” bots finish (they play my seat too)" read whole, not cut */
.kl-page .kl-decide {{ margin: 4px 0 2px; }}
/* the calm "moved on" note (MOVED_ON) fades after a few seconds: it says nothing about the move taken */
.kl-moved-on {{ animation: kl-moved-on-fade 6s ease-in forwards; }}
@keyframes kl-moved-on-fade {{ 0%, 70% {{ opacity: 1; }} 100% {{ opacity: 0; visibility: hidden; }} }}
@media (max-width: {PHONE_MAX_WIDTH}px) {{
  .kl-page .kl-pick-row > select {{ flex: 1 1 100% !important; }}
}}
</style>"""


_WIDGET_TRAITS: dict[type, tuple[str, ...]] = {}


def widget_traits(cls: type) -> tuple[str, ...]:
    """The synced traits of widget class ``cls`` that hold widgets (``children``, ``layout``,
    ``style``...: those serialized as widget references), cached per class."""
    names = _WIDGET_TRAITS.get(cls)
    if names is None:
        to_json = w.widget_serialization["to_json"]
        names = _WIDGET_TRAITS[cls] = tuple(n for n, tr in cls.class_traits(sync=True).items()
                                            if tr.metadata.get("to_json") is to_json)
    return names


def close_tree(widget: Any) -> None:
    """Close ``widget`` and every widget it holds (children, layout, style), so a replaced view
    leaves no live widget behind in the kernel (nor its model in the browser)."""
    seen: set[int] = set()

    def close(x: Any) -> None:
        if not isinstance(x, w.Widget) or id(x) in seen:
            return
        seen.add(id(x))
        for name in widget_traits(type(x)):
            value = getattr(x, name, None)
            for v in (value if isinstance(value, (tuple, list)) else (value,)):
                close(v)
        x.close()
        release(x)
    close(widget)


def replace_children(box: w.Box, children: list) -> None:
    """Show ``children`` in ``box`` instead of the views it held (a play table when a new game
    starts): the old ones are closed (:func:`close_tree`), then collected.

    A table holds reference cycles of its own (bound methods and closures: the session observer,
    the analysis' ``spot``, the tools' handlers), so a closed table is an island only Python's full
    collection frees, and a page's kernel runs that one rarely (see :func:`release`): a replaced
    Coup table and its game (about 1,000 objects, the game's states) stayed in memory until then.
    One full collection here (some tens of ms in a page's kernel, once per new game, not per
    click) frees it at once."""
    _close_all(box.children)
    box.children = children
    gc.collect()  # after this frame's caller dropped the old views: no local name holds one


def _close_all(views) -> None:
    # in a function of its own: its loop name, the last old view, is gone before the collection
    for x in views:
        close_tree(x)


def release(widget: w.Widget) -> None:
    """Drop the callbacks a closed ``widget`` holds (its ``CallbackDispatcher`` traits: the comm's
    ``on_msg``, a button's ``on_click``...).  ipywidgets registers the widget's own bound methods
    there (every Button: ``self.on_msg(self._handle_button_msg)``), a reference cycle, so a closed
    button outlived its last reference until Python's *full* collection, which a page's kernel runs
    rarely (it runs when the objects waiting exceed a quarter of the long-lived ones, about 65,000
    in a Coup kernel, some 1,300 clicks).  The play table closes and redraws its buttons at every
    decision: the Coup kernel's RSS grew about 2 MiB per 100 clicks (benchmarks/README.md, "Kernel
    memory over 600 clicks").  Without the cycle a closed widget is freed at once.  A new list is
    set rather than the old one emptied: a click handler that closes its own button (a move
    redraws the choices) is still iterating over the old one."""
    for value in list(widget._trait_values.values()):
        if isinstance(value, CallbackDispatcher) and value.callbacks:
            value.callbacks = []


# ----------------------------------------------------------------------------- the game's plug
@dataclass
class GameSpec:
    """What a game's widget folder gives the shared page (see ``widgets/toy_pig/__init__.py``).

    ``board(spec, state, side=[...], play=False)``: the game's :class:`BoardView`; ``describe``,
    ``seat_label``, ``seat_to_act``, ``seat_out``: its labels adapter (``widgets/<game>/labels.py``,
    usually a :class:`widgets.labels.EngineLabels`: ``**LABELS.spec_fields()``);
    ``bots``: ``{kind: (label, factory)}`` (``factory()`` gives one seat's policy); ``bot_count``: ``(min, max, default)`` bots in
    :func:`play`; ``play_options()``: ``[(config field, widget)]`` offered beside "new game";
    ``frames``: how the scenario stepper splits actions (default :func:`action_frames`);
    ``sections``: ``{clause id prefix: scenario stem}``, the example of a rulebook section;
    ``fresh_players``: the players of a fresh game shown beside a section without an example.
    """

    id: str
    game: Any
    board: Callable[..., "BoardView"]
    describe: Callable[[Any, Mapping], tuple[str, str]]
    seat_label: Callable[[int], str]
    seat_to_act: Callable[[Any], int | None]
    seat_out: Callable[[Mapping, int], bool]
    bots: Mapping[str, tuple[str, Callable]] = field(default_factory=dict)
    bot_kind: str = "random"
    bot_count: tuple[int, int, int] = (1, 3, 1)
    play_options: Callable[[], list[tuple[str, w.Widget]]] = lambda: []
    frames: Callable[[GameSession], list] | None = None
    sections: Mapping[str, str] = field(default_factory=dict)
    first_section: str = ""
    fresh_players: int = 2
    primary: frozenset = frozenset()
    danger: frozenset = frozenset()
    bluff: Callable[[Any, Mapping], bool] | None = None
    """``bluff(state, action)``: the engine's answer whether the reader's own ``action`` claims a card
    the reader does not hold (a button is then marked :data:`BLUFF_MARK`)."""
    turn_of: Callable[[Mapping], str] | None = None
    """``turn_of(obs)``: the heading of the turn a (spectator's) observation is in; the story groups
    each action's events under the heading of the position before it."""
    decision_words: Callable[[Mapping], tuple[str, str]] | None = None
    """``decision_words(obs)``: what the reader is deciding now, in words (labels adapter)."""
    why_words: Callable[[Any], str] | None = None
    """``why_words(event)``: what a story line says decided the event, in the game's words (every
    labels adapter's :meth:`~widgets.labels.EngineLabels.why_words`: the engine's ``cite_name`` of
    the first cites; default the rulebook's titles, :func:`widgets.eventlog.why_html`)."""
    analysis: tuple[str, int] = ("random", 20)
    """"What would the bots do here?" (:mod:`widgets.bots_here`) starts with this bot (a
    ``rules.core.bots`` name) and this many rollouts an action (or with the bots that play the table,
    unless they are in :attr:`analysis_slow`)."""
    analysis_slow: frozenset[str] = frozenset()
    """Bots whose rollouts are too slow to start with (a whole game each: Shadow Master's "balanced"
    ~0.5 CPU-s a rollout against ~0.02 for "random", so 20 rollouts of 20 actions are minutes of a
    kernel a class shares): offered in the panel's picker, never its default; the panel says so."""
    action_cell: Callable[[Mapping], Any] | None = None
    """The board cell a legal action names (``None`` for an action without one): with
    :attr:`analysis_board` the analysis shades the cells (the hex games)."""
    analysis_board: Callable[[Any, Mapping, Mapping, Mapping], w.Widget] | None = None
    """``analysis_board(state, obs, fills, titles)``: a fresh board of ``state`` (``obs``: a
    spectator's observation) with cells shaded (``fills``: ``{cell: css colour}``) and hover texts
    (``titles``: ``{cell: text}``), cells as :attr:`action_cell` names them."""
    css: str = ""
    css_class: str = ""
    """A short class prefix of the game's views (``kl-sm``: ``kl-sm-play``, ``kl-sm-scenario``)."""

    def tag(self, widget: w.Widget, part: str) -> None:
        """Add ``kl-<id>-<part>`` (and ``<css_class>-<part>``) to ``widget``'s classes."""
        widget.add_class(f"kl-{self.id}-{part}")
        if self.css_class:
            widget.add_class(f"{self.css_class}-{part}")

    @property
    def scenarios(self) -> Path:
        """``data/scenarios/<game>/`` (may not exist)."""
        return SCENARIOS / self.id

    @property
    def book(self):
        """The game's rulebook."""
        return load_rulebook(self.id)

    def label(self, state: Any, action: Mapping) -> str:
        """``"<th> / <en>"`` of ``action`` in ``state`` (from :attr:`describe`, the engine's)."""
        th, en = self.describe(state, action)
        return f"{th} / {en}" if en and en != th else th

    def style(self) -> w.HTML:
        """The page's and the game's CSS, once per view (hidden box)."""
        return w.HTML(PANEL_CSS + PAGE_CSS + MOBILE_CSS + WHYNOT_CSS + self.css, layout=w.Layout(display="none"))


def observation(game: Any, state: Any, viewer: int | None) -> dict:
    """``game.observe(state, viewer)`` with ``viewer`` and ``current`` filled from the engine when an
    older engine leaves them out (``current``: ``current_player`` as JSON: a seat, ``"chance"``,
    ``"terminal"`` or the sorted seats of a window)."""
    obs = dict(game.observe(state, viewer))
    obs.setdefault("viewer", viewer)
    if "current" not in obs:
        cp = game.current_player(state)
        obs["current"] = (sorted(cp) if isinstance(cp, frozenset) else
                          "chance" if cp == CHANCE else "terminal" if cp == TERMINAL else cp)
    return obs


def acting(obs: Mapping) -> set[int]:
    """The seats whose decision it is, from the observation's ``current``."""
    cur = obs.get("current")
    return set(cur) if isinstance(cur, list) else ({cur} if isinstance(cur, int) else set())


# ----------------------------------------------------------------------------- frames and steps
@dataclass(frozen=True)
class Frame:
    """``action``: 0 for the setup, else the 1-based action; ``shown`` of that action's ``total``
    events are shown (``shown == total``: the state after the action)."""

    action: int
    shown: int
    total: int

    @property
    def full(self) -> bool:
        """True when the frame shows the state after the whole action."""
        return self.shown >= self.total


def action_frames(session: GameSession) -> list[Frame]:
    """One frame per step: frame 0 the setup, frame ``i`` the state after action ``i``."""
    return [Frame(0, 0, 0)] + [Frame(i, len(tr.events), len(tr.events))
                               for i, tr in enumerate(session.transitions, 1)]


def state_before(session: GameSession, action: int):
    """The state before the 1-based ``action`` (the setup state for action 1)."""
    return session.transitions[action - 2].state if action > 1 else session.initial


class FrameCursor(Cursor):
    """The frames of a session's history with the session moved along (``session.step`` is the
    action whose state the frame starts from).  Drives an unchanged :class:`~widgets.stepper.Stepper`."""

    unit = "frame"

    def __init__(self, session: GameSession, frames: list[Frame] | None = None):
        super().__init__()
        self.session = session
        self.frames = frames if frames is not None else action_frames(session)
        self.length = len(self.frames) - 1
        self._sync_session()

    @property
    def frame(self) -> Frame:
        """The frame at ``step``."""
        return self.frames[self.step]

    @t.observe("step")
    def _moved(self, _change) -> None:
        self._sync_session()

    def _sync_session(self) -> None:
        f = self.frame
        self.session.jump(f.action if f.full else f.action - 1)

    def action_frame(self, step: int) -> int:
        """The frame that shows the position after ``step`` actions (the last frame of action
        ``step`` that shows all of it; 0 for the setup).  :class:`BadInput` (field ``step``, with
        ``length`` = the number of actions) outside ``0..length``."""
        n = self.session.length
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            exc = BadInput("stepper", "step", f"ขั้นต้องเป็นจำนวนเต็ม 0-{n} (ได้ {step!r})",
                           f"step must be an integer in 0..{n}, got {step!r}")
            exc.length = n
            raise exc
        return max(i for i, f in enumerate(self.frames) if f.action == step and f.full)

    def jump_action(self, step: int) -> None:
        """Show the position after ``step`` actions (0: the setup; see the module docstring).
        :class:`BadInput` (with ``length`` = the number of actions) outside ``0..length``."""
        self.jump(self.action_frame(step))

    def jump_frame(self, frame: int) -> None:
        """Show the stepper's frame ``frame``.  :class:`BadInput` (field ``frame``, with ``length`` =
        the last frame) outside ``0..length``."""
        n = self.length
        if isinstance(frame, bool) or not isinstance(frame, int) or not 0 <= frame <= n:
            exc = BadInput("stepper", "frame", f"เฟรมต้องเป็นจำนวนเต็ม 0-{n} (ได้ {frame!r})",
                           f"frame must be an integer in 0..{n}, got {frame!r}")
            exc.length = n
            raise exc
        self.jump(frame)

    def address(self) -> dict[str, int]:
        """Where a link names the frame on screen: ``{"step": n}`` when it is the frame ``step=n``
        opens (the whole of action ``n``), else ``{"frame": k}`` (a frame inside an action)."""
        f = self.frame
        if f.full and self.action_frame(f.action) == self.step:
            return {"step": f.action}
        return {"frame": self.step}

    def current_events(self) -> list[Event]:
        """The events this frame adds (at frame 0 the setup events)."""
        f = self.frame
        if f.action == 0:
            return list(self.session.setup_events)
        if f.shown == 0:
            return []
        events = self.session.transitions[f.action - 1].events
        prev = self.frames[self.step - 1]
        start = prev.shown if prev.action == f.action else 0
        return list(events[start:f.shown])

    def shown_events(self) -> list[Event]:
        """Every event up to and including this frame, the setup events first."""
        f = self.frame
        out = list(self.session.setup_events)
        out += [ev for tr in self.session.transitions[:max(f.action - 1, 0)] for ev in tr.events]
        if f.action:
            out += list(self.session.transitions[f.action - 1].events[:f.shown])
        return out

    def action_events(self) -> list[Event]:
        """Events of this frame's action shown so far."""
        f = self.frame
        return list(self.session.transitions[f.action - 1].events[:f.shown]) if f.action else []


def turn_headings(spec: GameSpec, session: GameSession, actions: int, shown_last: int | None = None,
                  last: int | None = None) -> list[str]:
    """The turn heading (``SPEC.turn_of`` of the position before each action) of every event of the
    first ``actions`` actions, in order (the last action's first ``shown_last`` events only, when
    given); ``""`` for a game without headings.  Cached per transition on the session.

    ``last``: the headings of the last ``last`` events only (of the whole actions holding them), for
    the log's window: a click walked the whole history (a few ms a click late in a long game)."""
    trs = session.transitions
    start = 0
    if last is not None:
        n, start = 0, actions
        while start > 0 and n < last:
            start -= 1
            n += len(trs[start].events) if shown_last is None or start < actions - 1 else shown_last
    if spec.turn_of is None:
        n = sum(len(tr.events) for tr in trs[start:actions])
        if shown_last is not None and actions > start:
            n -= len(trs[actions - 1].events) - shown_last
        return [""] * n
    cache = session.__dict__.setdefault("_kl_turns", {})
    out: list[str] = []
    for i in range(start, actions):
        tr = trs[i]
        hit = cache.get(id(tr))
        if hit is None or hit[0] is not tr:
            before = session.transitions[i - 1].state if i else session.initial
            hit = cache[id(tr)] = (tr, spec.turn_of(observation(spec.game, before, None)))
        k = len(tr.events) if shown_last is None or i < actions - 1 else shown_last
        out += [hit[1]] * k
    return out


def log_window(spec: GameSpec, session: GameSession, events: list, actions: int,
               shown_last: int | None = None) -> dict:
    """``set_events`` arguments for the last :data:`LOG_EVENTS` of ``events`` (the setup events then
    the events of the first ``actions`` actions): numbering, setup count and turn headings."""
    setup = len(session.setup_events)
    # the headings of the window and of the event before it (see below); the earlier ones are never read
    heads = turn_headings(spec, session, actions, shown_last, last=LOG_EVENTS + 1)
    turns = [""] * (len(events) - len(heads)) + heads
    first = max(0, len(events) - LOG_EVENTS)
    # start at a turn's first event: the oldest turn shown then stays the same piece of the story
    # while later events come (cut inside a turn, that piece changed, and was sent again, per click)
    # (at most half the window later: a very long turn is cut instead)
    cut = first
    while first < min(len(events) - 1, cut + LOG_EVENTS // 2) and first > setup and turns[first] == turns[first - 1]:
        first += 1
    if first > setup and turns[first] == turns[first - 1]:
        first = cut
    return {"events": events[first:], "first": first, "setup": setup, "turns": turns[first:]}


# ----------------------------------------------------------------------------- the game's view
@dataclass
class Shown:
    """What a :class:`BoardView` draws.  ``obs``: ``observe(state, viewer)`` (with ``current``);
    ``full``: ``state_to_json`` of a teaching example whose every card is shown (else ``None``);
    ``cursor``/``frame``: the scenario frame (``None`` in play); ``legal``: the viewer's legal
    actions a board may offer as clicks, and ``choose(decision, action)`` to take one;
    ``select(decision, action)`` to show one as chosen without taking it (the page's dropdown set to
    it, its "do" button then takes it: :meth:`PlayTable.select`) and ``chosen``, the action the
    page's choices show as chosen when drawn (the board marks it: :meth:`BoardView.mark`)."""

    session: GameSession
    state: Any
    obs: dict
    viewer: int | None = None
    full: dict | None = None
    events: list = field(default_factory=list)
    now: list = field(default_factory=list)
    cursor: FrameCursor | None = None
    legal: list = field(default_factory=list)
    decision: int = 0
    choose: Callable[[int, dict], None] | None = None
    select: Callable[[int, dict], bool] | None = None
    chosen: dict | None = None

    @property
    def frame(self) -> Frame | None:
        return self.cursor.frame if self.cursor is not None else None


class BoardView(w.VBox):
    """Base of a game's board or table view: ``side`` widgets (given by the page: the frame's
    events, the play buttons) are laid out by the game next to its board; :meth:`show` draws."""

    def __init__(self, spec: GameSpec, state: Any, side: Iterable[w.Widget] = (), play: bool = False,
                 **kwargs):
        self.spec, self.play = spec, play
        self.side = list(side)
        super().__init__(**kwargs)

    def accepts(self, state: Any) -> bool:
        """True when this view can draw ``state`` (else the page builds a new one)."""
        return True

    def show(self, shown: Shown) -> None:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    def mark(self, action: Mapping | None) -> None:
        """Mark ``action`` as the one the page's choices show as chosen (``None``: none), changing
        only that mark (called at every change of the choice: it must not redraw the board).  A
        board whose cells name no action marks nothing (the default)."""


# ----------------------------------------------------------------------------- scenario reader
def frame_html(spec: GameSpec, cursor: FrameCursor, now: list[Event], reveal: bool, book,
               open_kinds: Iterable[str] = (), with_clauses: bool = True) -> str:
    """The frame's heading (frame, action and its label from ``SPEC.describe``) and its events,
    each with the clauses it cites (folded)."""
    f, session = cursor.frame, cursor.session
    head = f"เฟรม / frame <b class='kl-frame-no'>{cursor.step}</b>/{cursor.length}"
    if f.action:
        action = session.actions[f.action - 1]
        before = state_before(session, f.action)
        text = spec.label(before, action)
        who = spec.seat_label(action["player"]) + ": " if isinstance(action.get("player"), int) else ""
        if who and names_seat(text, spec.seat_label(action["player"])):
            who = ""  # the engine's label names the seat already
        head += (f" · การกระทำ / action {f.action}/{session.length}: "
                 f"<b class='kl-action'>{e(who + text)}</b>")
    else:
        head += " · ตั้งเกม / setup"
    rows = [f"<div>{head}</div>"]
    for ev in now:
        if not reveal and not ev.visible(None):
            rows.append(f"<div class='kl-event kl-hidden'>{e(event_text(ev, None, spec.seat_label, kind_words=game_kind_words(spec.game)))}</div>")
            continue
        named = not isinstance(ev.actor, int) or names_seat(ev.text_th, spec.seat_label(ev.actor))
        who = "" if named else f"{e(spec.seat_label(ev.actor))} ▸ "
        body = ""
        if with_clauses and ev.cites:  # an event that cites nothing (a scenario's own setup) gets no empty fold
            texts = "".join(clause_html(book.clause(c), cited=True, book=book) for c in ev.cites if c in book.ids)
            fold = "open" if ev.kind in open_kinds else ""
            # named as the event's story line names them (the engine's cite_name), the ids in the
            # tooltip only; the cards inside give every clause's title and text
            words = (spec.why_words(ev) if spec.why_words else "") or f"{len(ev.cites)} ข้อ / {count_en(len(ev.cites), 'clause')}"
            body = (f"<details {fold}><summary title='{e(', '.join(ev.cites))}'>ข้อกติกา / clauses: "
                    f"{e(words)}</summary>"
                    f"<div class='kl-rules'>{texts}</div></details>")
        rows.append(f"<div class='kl-event' data-kind='{e(ev.kind)}'>{who}<b>{e(ev.text_th)}</b> "
                    f"<span class='kl-muted'>{e(ev.text_en)}</span>{body}</div>")
    if f.action and f.shown == 0:
        rows.append("<div class='kl-muted'>(ไม่มีเหตุการณ์ / no event)</div>")
    return f"<div class='kl-page kl-frame'>{''.join(rows)}</div>"


NO_MOVES_HTML = ("<div class='kl-page kl-muted kl-no-moves'>ตัวอย่างนี้เป็นตำแหน่งเริ่มต้น ไม่มีการเดิน / "
                 "this example is a position, no moves</div>")
"""What a worked example with no step shows where the stepper would be."""


class ScenarioView(w.VBox):
    """One scenario, frame by frame: the question and answer, a stepper, the game's board with the
    frame's events beside it, the event log.  ``rule_panel``: a :class:`RulePanel` beside the view,
    whose cited clauses follow the chosen event.  Hidden cards are shown only for a scenario marked
    ``shows_hidden`` (a teaching example, said on screen); otherwise the view is a spectator's."""

    def __init__(self, spec: GameSpec, scenario=None, rule_panel: RulePanel | None = None, **kwargs):
        self.spec, self.book, self.rule_panel = spec, spec.book, rule_panel
        self.highlighting = False  # True while this view moves the rule panel
        self.intro, self.error = w.HTML(), w.HTML()
        self.stepper_box = w.VBox()
        self.info = w.HTML(layout=w.Layout(min_height="80px"))
        self.board: BoardView | None = None
        self.board_box = w.VBox()
        self.eventlog = EventLog(book=self.book, rule_panel=self if rule_panel is not None else None,
                                 seat_label=spec.seat_label, game=spec.game, why=spec.why_words)
        self.session: GameSession | None = None
        self.cursor: FrameCursor | None = None
        self.stepper: Stepper | None = None
        self.scenario: Scenario | None = None
        self.path: Path | None = None  # the scenario file shown (None: an in-memory example)
        self.share = sharing.ScenarioShare(self)  # copy link, save as a ruling, open a ruling file
        self.bots_here = BotsHere(spec, self.spot, "example")  # one button until it is clicked
        super().__init__([spec.style(), self.intro, self.error, self.stepper_box, self.share, self.bots_here,
                          self.board_box, self.eventlog], **kwargs)
        self.add_class("kl-page")
        spec.tag(self, "scenario")
        if scenario is not None:
            self.load(scenario)

    def highlight(self, clause_ids) -> None:
        """Highlight ``clause_ids`` in the rule panel (the event log calls this)."""
        if self.rule_panel is None:
            return
        self.highlighting = True
        try:
            self.rule_panel.highlight(clause_ids)
        finally:
            self.highlighting = False

    def load(self, scenario) -> None:
        """Show ``scenario`` (a path or a :class:`Scenario`) from step 0.  Raises :class:`BadInput`
        for a malformed file or setup (nothing changes then)."""
        sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
        session, notes = GameSession.from_scenario(sc)
        frames = (self.spec.frames or action_frames)(session)
        cursor = FrameCursor(session, frames)
        if self.board is None or not self.board.accepts(session.state):
            if self.board is not None:
                close_tree(self.board)  # it held the side box too: a new one for the new board
                self.info = w.HTML(layout=w.Layout(min_height="80px"))
            self.board = self.spec.board(self.spec, session.state, side=[self.info])
            self.board_box.children = [self.board]
        for old in self.stepper_box.children:  # the stepper, or the no-move note
            close_tree(old)
        self.scenario, self.session, self.cursor = sc, session, cursor
        self.path = None if isinstance(scenario, Scenario) else Path(scenario)
        if cursor.length:
            self.stepper = Stepper(cursor, unit=("เฟรม", "frame"))  # frames, as the heading and a frame= link
            self.stepper_box.children = [self.stepper]
        else:  # a position with no move: buttons that move nowhere were a fresh user's puzzle
            self.stepper = None
            self.stepper_box.children = [w.HTML(NO_MOVES_HTML)]
        cursor.observe(lambda _c: self.render(), names="step")
        self.intro.value = self._intro_html(sc, notes)
        self.error.value = ""
        self.render()

    def _intro_html(self, sc: Scenario, notes) -> str:
        parts = [f"<h4 style='margin:4px 0'>{e(sc.title_th)} <span class='kl-muted'>/ {e(sc.title_en)}</span></h4>"]
        if sc.question_th:
            parts.append(f"<div><b>ถาม</b> {e(sc.question_th)}<br><i class='kl-muted'>{e(sc.question_en)}</i></div>")
        if sc.answer_th:
            parts.append(f"<details><summary><b>ตอบ / answer</b></summary>{e(sc.answer_th)}<br>"
                         f"<i class='kl-muted'>{e(sc.answer_en)}</i></details>")
        if sc.shows_hidden:
            parts.append("<div class='kl-teach'>ตัวอย่างสอน: เปิดการ์ดทุกใบให้เห็น / "
                         "teaching example: every card is shown</div>")
        notes_html = "".join(message_html(th, en) for th, en in notes)
        return f"<div class='kl-page'>{''.join(parts)}</div>{notes_html}"

    def shown(self) -> Shown:
        """What the board draws at the cursor's frame (a spectator's observation; everything for a
        ``shows_hidden`` scenario)."""
        s, g = self.session, self.spec.game
        state = s.state
        reveal = bool(self.scenario.shows_hidden)
        return Shown(session=s, state=state, obs=observation(g, state, None),
                     full=g.state_to_json(state) if reveal else None,
                     events=self.cursor.shown_events(), now=self.cursor.current_events(), cursor=self.cursor)

    def spot(self) -> Spot:
        """The position after the frame's whole actions, for "what would the bots do here?": the
        seat the engine asks next decides (``SPEC.seat_to_act``)."""
        s, f, sc = self.session, self.cursor.frame, self.scenario
        steps = f.action if f.full else f.action - 1
        seat = self.spec.seat_to_act(s.state)
        where = (f"{sc.title_th}: หลังการกระทำที่ {steps}/{s.length}", f"{sc.title_en}: after action {steps}/{s.length}")
        why = None if seat is not None else ("ตรงนี้ไม่มีใครต้องตัดสินใจ (รอผลสุ่ม หรือเกมจบแล้ว) ลองขั้นอื่น",
                                             "nobody decides here (chance acts, or the game is over): try another step")
        return Spot(s.state, seat, (id(sc), steps), where, why)

    def render(self) -> None:
        """Draw the cursor's frame."""
        safe(self.error)(self._render)()

    def _render(self) -> None:
        shown = self.shown()
        reveal = shown.full is not None
        open_kinds = getattr(self.board, "key_events", ()) if self.rule_panel is None else ()
        self.info.value = frame_html(self.spec, self.cursor, shown.now, reveal, self.book, open_kinds)
        self.board.show(shown)
        self.share.update()
        f = self.cursor.frame
        self.eventlog.reveal = reveal
        # the newest event is chosen (the picker is never blank); at frame 0 it does not move the
        # rule panel, which stays at the section the reader chose
        self.eventlog.set_events(**log_window(self.spec, self.session, shown.events, f.action, f.shown),
                                 highlight=f.action > 0)
        self.bots_here.follow()


def ruling_number(path: Path | str) -> str | None:
    """The ruling number a scenario file's name starts with (``"8a"`` of ``8a_embezzle...``), or ``None``."""
    m = re.match(r"(\d+)([a-z]?)_", Path(path).name)
    return m.group(1) + m.group(2) if m else None


def ruling_key(path: Path | str) -> tuple:
    """Natural sort key: numbered rulings by number then letter, then the unnumbered files by name."""
    m = re.match(r"(\d+)([a-z]?)_", Path(path).name)
    return (0, int(m.group(1)), m.group(2), Path(path).name) if m else (1, 0, "", Path(path).name)


def ruling_label(path: Path | str, title: str) -> str:
    """A dropdown label: ``"ข้อ 8a / ruling 8a: <title>"`` (unnumbered files: the title only)."""
    n = ruling_number(path)
    return f"ข้อ {n} / ruling {n}: {title}" if n else title


def section_index(book, prefix: str | int) -> int:
    """Index of the first section whose clauses start with ``prefix.`` (an int is an index; 0 if none)."""
    if isinstance(prefix, int):
        return prefix
    for i, (_h, clauses) in enumerate(book.sections()):
        if any(c.id.startswith(prefix + ".") for c in clauses):
            return i
    return 0


class ScenarioReader(w.VBox):
    """A picker of scenarios, the Thai rulebook (a :class:`RulePanel`) beside a :class:`ScenarioView`.

    ``paths``: the scenarios offered (in this order); ``section``: the section opened first;
    ``follow_sections``: choosing a section shows its example (``SPEC.sections``); ``first``: the
    scenario shown first (default the first offered).  Stepping highlights the clauses of the
    chosen event in the rule panel.
    """

    def __init__(self, spec: GameSpec, paths: Iterable[Path | Scenario], section: int | str = 0,
                 follow_sections: bool = False, first: Path | None = None, **kwargs):
        self.spec, self.book = spec, spec.book
        self.error = w.HTML()
        options = []
        for p in paths:
            try:
                # Thai / English, as the analyzer's and the deep-link note's pickers say a title
                if isinstance(p, Scenario):
                    options.append((f"{p.title_th} / {p.title_en}", p))
                else:
                    sc = load_scenario(p)
                    options.append((ruling_label(p, f"{sc.title_th} / {sc.title_en}"), Path(p)))
            except Exception as exc:  # noqa: BLE001 - a broken file is reported, the rest still load
                self.error.value += error_html(exc)
        self.panel = RulePanel(self.book, section_index(self.book, section),
                               layout=w.Layout(flex="1 1 360px", max_width="520px", min_width="280px"))
        self.picker = w.Dropdown(options=options, description="ตัวอย่าง",
                                 layout=w.Layout(width="100%", max_width="760px",
                                                 display="" if len(options) > 1 else "none"))
        start = first if first is not None and any(p == first for _, p in options) else (
            options[0][1] if options else None)
        self.view = ScenarioView(spec, rule_panel=self.panel, layout=w.Layout(flex="1 1 560px", min_width="300px"))
        if start is not None:
            self.picker.value = start
            safe(self.error)(self.view.load)(start)
        self.picker.observe(safe(self.error)(self._picked), names="value")
        if follow_sections:
            self.panel.dropdown.observe(safe(self.error)(self._section), names="value")
        super().__init__([self.picker, self.error, w.HBox([self.panel, self.view],
                                                          layout=w.Layout(flex_flow="row wrap",
                                                                          align_items="flex-start"))], **kwargs)
        self.add_class("kl-reader")

    def _picked(self, change) -> None:
        if change["new"] is not None:
            self.error.value = ""
            self.view.load(change["new"])

    def example_for(self, section: int) -> Path | None:
        """The example file of rulebook ``section`` (``None`` if it has none or it is missing)."""
        _h, clauses = self.book.sections()[section]
        for prefix in [c.id.split(".")[0] for c in clauses]:
            stem = self.spec.sections.get(prefix)
            if stem and (self.spec.scenarios / f"{stem}.yaml").exists():
                return self.spec.scenarios / f"{stem}.yaml"
        return None

    def _section(self, change) -> None:
        if self.view.highlighting or change["new"] is None:
            return
        path = self.example_for(change["new"])
        if path is not None and path != self.picker.value and any(p == path for _, p in self.picker.options):
            self.picker.value = path


def scenario_paths(spec: GameSpec, stems: Iterable[str] | None = None) -> list[Path]:
    """The game's scenario files (all, in :func:`ruling_key` order; or the existing ``stems``)."""
    if stems is None:
        return sorted(spec.scenarios.glob("*.yaml"), key=ruling_key)
    return [spec.scenarios / f"{s}.yaml" for s in stems if (spec.scenarios / f"{s}.yaml").exists()]


def fresh_scenario(spec: GameSpec, seed: int = 0, players: int | None = None) -> Scenario:
    """A freshly dealt game with no move, as a scenario (what a section without an example shows)."""
    n = players or spec.fresh_players
    return Scenario.model_validate({
        "game": spec.id, "title_th": f"เกม {n} คนที่เพิ่งเริ่ม (มุมมองผู้ชม)",
        "title_en": f"A {n}-player game just dealt (a spectator's view)",
        "setup": {"config": {"players": n}, "seed": seed}})


# ----------------------------------------------------------------------------- the page's calls
def link_box() -> w.VBox:
    """The first cell's placeholder that :func:`follow` fills when the page has a deep link."""
    return deeplink.placeholder()


def scenario_at(spec: GameSpec, path: Path | str, step: int = 0, frame: int | None = None) -> ScenarioView:
    """A :class:`ScenarioView` of the scenario file ``path`` after ``step`` actions (0: the setup; see
    the module docstring), or at the stepper's ``frame`` when given; :class:`BadInput` (field
    ``step`` or ``frame``, attribute ``length``) past its end."""
    view = ScenarioView(spec, path)
    if frame is None:
        view.cursor.jump_action(step)
    else:
        view.cursor.jump_frame(frame)
    return view


def follow(box: w.VBox, spec: GameSpec, query: str | None = None, play_panel: w.VBox | None = None):
    """The last cell: open the page's ``?scenario=<stem>&step=<n>`` (or ``&frame=<k>``) in ``box`` (see
    :func:`scenario_at`), or a shared game ``?game=<code>`` (:mod:`widgets.sharing`) as a play table:
    in the page's "play" panel ``play_panel`` (:func:`play`) when given, ``box`` then saying where it
    is with a button that scrolls there (one play area: the panel's table is the shared game, its
    share row acts on it); else in ``box`` (:func:`shared_game`)."""
    def shared(code: str) -> w.Widget:
        if play_panel is None:
            return shared_game(spec, code)
        table, warning = play_panel.open_shared(code)
        note = w.HTML(warning + go_play_html())
        note.table = table
        return note
    return deeplink.follow(box, spec.id, lambda path, step, frame=None: scenario_at(spec, path, step, frame),
                           query=query, play=shared)


GO_PLAY_JS = ("var p=document.querySelector('.kl-play-panel'),n=0;var go=function(){if(!p)return;"
              "p.scrollIntoView({block:'start'});"
              "if(Math.abs(p.getBoundingClientRect().top)>8&&n++<20)setTimeout(go,150);};go();return false;")
"""The "go to the game" link's ``onclick``: scroll to the page's play panel (fixed text).  The parts of
the page drawn as they come near (:mod:`widgets.lazy`) grow the page meanwhile: a scroll stopped at
the page's end then, short of the panel, so it is tried again for up to 3 s until the panel is at the top."""


def go_play_html() -> str:
    """A button-like link under the link's line (:func:`widgets.deeplink.follow`) saying the shared
    game is open in the "play" panel below, that scrolls there."""
    return (f"<a class='kl-go-play' href='#' role='button' onclick=\"{GO_PLAY_JS}\" style='display:inline-block;"
              "margin:4px 0;padding:6px 12px;border-radius:4px;background:#1565c0;color:#fff;font-weight:bold;"
              "text-decoration:none'>"
              "⬇ ไปที่เกม (เปิดอยู่ในส่วนเล่นด้านล่าง) / go to the game (open in the play section below)</a>")


def _link_table(spec: GameSpec, code: str) -> tuple[PlayTable, str]:
    """The play table of a ``?game=`` code (validated like a session file: :class:`BadInput`) and the
    caution line when the link was made under other default readings ("" otherwise)."""
    text, digest = sharing.link_from_code(code)
    table = saved_table(spec, text, "link")
    if not sharing.defaults_changed(spec.game, text, digest):
        return table, ""
    # The link names only the readings that differed from the defaults of its day: those defaults
    # have changed since, so the game replayed here may not be the one shared (no way to know the old ones).
    return table, message_html(
        "ลิงก์นี้สร้างไว้ตอนที่ค่าตั้งต้นของกติกายังต่างจากวันนี้ เกมที่เปิดใช้ค่าตั้งต้นของวันนี้ "
        "จึงอาจไม่ใช่เกมเดียวกับที่แชร์ (ขอไฟล์เซสชันจากผู้แชร์ได้)",
        "this link was made when the rules' default readings differed from today's: it opens "
        "under today's defaults, so the game may not be the one shared (ask for the session file)",
        tone="warn")


def shared_game(spec: GameSpec, code: str) -> w.VBox:
    """A play table of a ``?game=`` link's code (validated like an uploaded session file) with its
    own share row (:class:`sharing.PlayShare`: share it again, save it, open a file in its place);
    attribute ``table``: the table the link opened.  (A page with a play panel opens the link
    there instead: :func:`follow`.)"""
    table, warning = _link_table(spec, code)
    # the shared game gets the play panel's share row (share again, save, open a file), which acts on it
    holder = w.VBox([table], layout=w.Layout(width="100%"))

    def open_table(data: str | bytes, name: str) -> None:
        replace_children(holder, [saved_table(spec, data, name)])

    share = sharing.PlayShare(spec, lambda: holder.children[0] if holder.children else None,
                              lambda: holder.children[0].kind, open_table, holder=holder)
    box = w.VBox([holder, share], layout=w.Layout(width="100%"))
    box.add_class("kl-shared-game")
    box.table = table  # the table the link opened (tests, the deep-link box)
    if warning:
        box.children = [w.HTML(warning), *box.children]
    return box


def section(spec: GameSpec, section: int | str = 0, scenario: str | None = None,
            follow_sections: bool = False, lazy: bool = False) -> ScenarioReader | LazyBox:
    """A rulebook section (index or clause-id prefix) beside a scenario (file stem) on the board, or
    a fresh game seen by a spectator.  ``follow_sections``: every scenario is offered and choosing a
    section shows its example (a whole-rulebook reader).  ``lazy``: a placeholder with the section's
    title, the reader built when the reader scrolls near it (:mod:`widgets.lazy`; for the sections
    below a page's first screen)."""
    book = spec.book
    index = section_index(book, section)
    if lazy:
        heading = book.sections()[index][0]
        title_en = "rulebook section"
        if scenario:
            try:
                sc = load_scenario(spec.scenarios / f"{scenario}.yaml")
                heading, title_en = f"{heading}: {sc.title_th}", sc.title_en
            except BadInput:
                pass  # the built reader shows the file's error
        return lazy_part(lambda: _section(spec, index, scenario, follow_sections), heading, title_en, min_height="1400px")
    return _section(spec, index, scenario, follow_sections)


def _section(spec: GameSpec, index: int, scenario: str | None, follow_sections: bool) -> ScenarioReader:
    if follow_sections:
        paths = scenario_paths(spec)
        first = spec.scenarios / f"{scenario}.yaml" if scenario else None
        reader = ScenarioReader(spec, paths, index, follow_sections=True, first=first)
        if first is None:
            example = reader.example_for(index)
            if example is not None and reader.picker.value != example:
                reader.picker.value = example
        return reader
    paths = [spec.scenarios / f"{scenario}.yaml"] if scenario else [fresh_scenario(spec, seed=index)]
    return ScenarioReader(spec, paths, index)


def rulings(spec: GameSpec, stems: Iterable[str] | None = None, section: int | str = 0,
            css_class: str = "", lazy: bool = False) -> ScenarioReader | LazyBox:
    """The rulings picker: the game's scenario files (or ``stems``) step by step beside the rulebook.
    ``lazy``: built when the reader scrolls near it (see :func:`section`)."""
    if lazy:
        return lazy_part(lambda: rulings(spec, stems, section, css_class),
                         "คำตัดสินทีละขั้น", "the rulings, step by step", min_height="1400px")
    reader = ScenarioReader(spec, scenario_paths(spec, stems), section)
    if css_class:
        reader.add_class(css_class)
    return reader


def watch(spec: GameSpec, players: int = 4, seed: int = 7, steps: int = 300, kind: str | None = None) -> ScenarioView:
    """A game of bots played by the engine side (:func:`rules.core.scenario.recorded_game`), seen by a
    spectator, shown at its last step."""
    _label, factory = spec.bots[kind or spec.bot_kind]
    sc = recorded_game(spec.game, {"players": players}, seed, {s: factory() for s in range(players)}, steps,
                       f"เกมของบอท {players} ตัว (seed {seed})", f"A game of {players} bots (seed {seed})")
    view = ScenarioView(spec, sc)
    view.cursor.jump(view.cursor.length)
    return view


def register(spec: GameSpec, lazy: bool = False) -> w.HTML | LazyBox:
    """The game's ambiguity register (:func:`widgets.rulepanel.ambiguities_html`); ``lazy``: built
    when the reader scrolls near it (see :func:`section`)."""
    if lazy:
        return lazy_part(lambda: register(spec), "ทะเบียนจุดที่กติกาไม่ได้เขียนไว้",
                         "the ambiguity register", min_height="300px")
    return w.HTML(register_html(spec.id))


# ----------------------------------------------------------------------------- play against bots
def table_header_html(game: Any, config: Any) -> str:
    """The line over a play table naming what it is of (:func:`widgets.labels.table_words`):
    "โต๊ะนี้: เกมโค่นอำนาจ 4 ที่นั่ง / this table: Coup + Inquisitor, 4 seats"."""
    th, en = table_words(game, config)
    return (f"<div class='kl-table-title' style='font-family:{THAI_FONT}'>โต๊ะนี้: <b>{e(th)}</b> "
            f"<span class='kl-muted'>/ this table: <b>{e(en)}</b></span></div>")


class PlayTable(w.VBox):
    """The reader's seat ``viewer`` over a :class:`GameSession`, bots on the ``bots`` seats.

    ``bots``: ``{seat: policy}`` (``policy(observation, legal, rng) -> action``), asked in the
    engine's order (``SPEC.seat_to_act``); ``kind``: the ``SPEC.bots`` key they are (default
    ``SPEC.bot_kind``): "let the bots finish" seats one of that kind in the reader's place, and "what
    would the bots do here?" starts with it; ``seed``: the bots' rng is seeded from it and the step,
    chance from the session's seed and the line of play, so an undo brings back the same moves.

    Every choice shown (a button, a select's entry, a board click) is bound to the action it showed
    and to the decision it was shown for (:attr:`decision`, bumped at every redraw): a late or double
    click after the position changed is refused with a message, never applied to another action.
    The choices and the tools are one kernel-drawn picture each (:mod:`widgets.playchoices`,
    :attr:`choices`, :attr:`undo_button`, :attr:`finish_button`): a decision is one message each,
    and no widget is built or closed for it.
    """

    def __init__(self, spec: GameSpec, session: GameSession, viewer: int | None = 0,
                 bots: Mapping[int, Callable] | None = None, seed: int = 0, with_log: bool = True,
                 kind: str | None = None, **kwargs):
        self.spec, self.session, self.viewer = spec, session, viewer
        self.bots = dict(bots or {})
        self.kind = kind if kind in spec.bots else spec.bot_kind
        self.seed = seed
        self.finished_from: int | None = None  # the step "let the bots finish" started at (see undo)
        self.on_render: Callable[[PlayTable], None] | None = None
        """Called with the table after each redraw (a move, an undo, a finish): the play panel keeps
        the game in the page's address (:func:`play`, :func:`game_address`)."""
        self.decision = 0
        self._busy = False
        self._frozen, self._started = True, 0.0  # see _begin: nothing to freeze before a move
        self._legal: list[dict] = []
        self._obs: dict = {}
        # this decision's choices: each dropdown with the actions of its entries, each button with
        # its action (select() finds the one holding an action), and the action shown as chosen
        # this decision's choices as drawn (ShownChoice: each button's action, each select's actions)
        # and the action shown as chosen; the tools ("undo my move", "let the bots finish") likewise
        self.choices: list[ShownChoice] = []
        self.chosen: dict | None = None
        self.undo_button = self.finish_button = None  # ShownTool, new for each decision (see _show_tools)
        self._finish_kind = self.kind  # the bot kind the finish button drawn now names
        # the choices and the tools: one kernel-drawn picture each, redrawn in one message per
        # decision (widgets.playchoices: ipywidgets buttons cost the browser 7-9 models a move)
        self.buttons = ChoiceBoard(layout=w.Layout(width="100%"))
        self.buttons.add_class("kl-choices")
        self.buttons.on_choice(lambda *args: safe(self.message)(self._on_choice)(*args))
        self.prompt = w.HTML()  # what is being decided, and what each choice does (the engine's words)
        self.message = w.HTML()
        # "why can't I do something?": the engine's unavailable actions and refusals (widgets.whynot)
        self.whynot = w.HTML(layout=w.Layout(width="100%"))
        self.tools = ChoiceBoard()
        self.tools.add_class("kl-tools")
        self.buttons.settle = self.tools.settle = SETTLE_MS
        self.tools.on_choice(self._on_tool)
        self.bots_here = BotsHere(spec, self.spot, "play")  # one button until it is clicked
        self.controls = w.VBox([self.prompt, self.buttons, self.whynot, self.message, self.tools, self.bots_here])
        self.board = spec.board(spec, session.state, side=[self.controls], play=True)
        self.board.message = self.message  # a refused board click is said here
        # what the table is of: the game as its config plays it (the page's heading and the catalogue
        # say the product, "Coup (Inquisitor + Reformation)", also over a table with the Reformation off)
        self.header = w.HTML(table_header_html(spec.game, session.config))
        parts = [spec.style(), self.header, self.board]
        self.eventlog = None
        if with_log:
            self.eventlog = EventLog(book=spec.book, viewer=viewer, seat_label=spec.seat_label, game=spec.game,
                                     why=spec.why_words)
            parts.append(self.eventlog)
        super().__init__(parts, **kwargs)
        self.add_class("kl-page")
        spec.tag(self, "play")
        self._watch = lambda _c: None if self._busy else self.render()
        session.observe(self._watch, names=["step", "length"])
        self.render()

    def close(self) -> None:
        """Close this table and all its widgets; it stops following the session."""
        try:
            self.session.unobserve(self._watch, names=["step", "length"])
        except (ValueError, AttributeError):  # AttributeError: closed before __init__ finished
            pass
        for part in (self.board, self.controls, self.eventlog):
            if part is not None:
                close_tree(part)
        super().close()

    # -- reading ---------------------------------------------------------------------------
    def is_player(self) -> bool:
        """True when a person plays ``viewer`` (not a spectator, not a bot seat)."""
        return self.viewer is not None and self.viewer not in self.bots

    def viewer_out(self) -> bool:
        """True when the observation says the viewer's seat is out of the game."""
        if self.viewer is None:
            return False
        return self.spec.seat_out(self.session.observation(self.viewer), self.viewer)

    def my_turn(self) -> bool:
        """True when the engine asks the reader now (in a window: the reader is the seat asked)."""
        return self.is_player() and self.spec.seat_to_act(self.session.state) == self.viewer

    def legal(self) -> list[dict]:
        """The reader's legal actions now (empty when it is someone else's decision)."""
        return self.session.legal_actions(self.viewer) if self.my_turn() else []

    def spot(self) -> Spot:
        """The position for "what would the bots do here?": the reader's own decision only, analysed
        from the reader's seat (see :mod:`widgets.bots_here`: what the reader cannot see is re-dealt)."""
        s = self.session
        where = (f"การตัดสินใจของคุณ (หลังการกระทำที่ {s.step})", f"your decision (after action {s.step})")
        key = (id(s), s.step, id(s.state))
        if s.current_player() == TERMINAL:
            why = ("เกมจบแล้ว ไม่มีการตัดสินใจเหลือ (ตัวอย่างในส่วนข้อตัดสินวิเคราะห์ได้ทุกขั้น)",
                   "the game is over: no decision is left (the rulings' examples can be analysed at any step)")
        elif not self.is_player():
            why = ("ผู้ชมไม่มีการตัดสินใจ (การตัดสินใจของบอทต้องใช้การ์ดของบอท)",
                   "a spectator has no decision (a bot's decision needs that bot's cards)")
        elif not self.my_turn():
            why = ("รอตาของคุณ: การวิเคราะห์มองจากที่นั่งของคุณเท่านั้น", "wait for your decision: the analysis sees "
                   "only what your seat sees")
        else:
            return Spot(s.state, self.viewer, key, where, bot=self.kind)
        return Spot(s.state, None, key, where, why, bot=self.kind)

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw from the viewer's observation and legal actions (a new decision)."""
        s = self.session
        self.decision += 1
        self._obs = obs = observation(s.game, s.state, self.viewer)
        self._legal = legal = self.legal()
        # a note under the board (a stale click's MOVED_ON, a refused click, a refused tool) is about
        # the position just left: a new decision starts without it (a refusal of the move that led
        # here is written after this redraw, by the callback's guard)
        self.message.value = ""
        self._show_buttons(legal)
        # only at the reader's own decision: the engine says which kinds are not offered, and why
        self.whynot.value = (whynot_html(s.game, s.state, self.viewer, self.spec.describe, self.spec.book)
                             if legal else "")
        self.board.show(Shown(session=s, state=s.state, obs=obs, viewer=self.viewer, events=list(s.events),
                              legal=legal, decision=self.decision, choose=self.choose, select=self.select,
                              chosen=self.chosen))
        self._show_tools()  # the table and its side first: the event log below comes last
        if self.eventlog is not None:
            self.eventlog.set_events(**log_window(self.spec, s, list(s.events), s.step))
        self.bots_here.follow()
        if self.on_render is not None:
            self.on_render(self)

    def finish_words(self) -> tuple[str, str]:
        """What "let the bots finish" does now: the bots finish; while the reader is still in, a bot
        of the table's kind (:attr:`kind`, named in the engine's words) plays the reader's seat too."""
        if self.viewer_out():
            return "ให้บอทเล่นจนจบ", "let the bots finish"
        from rules.core.bots import bot_words
        th, en = bot_words(self.spec.id, self.kind)
        return f"ให้บอท “{th}” เล่นจนจบ (เล่นแทนที่นั่งของฉันด้วย)", f"let the “{en}” bots finish (they play my seat too)"

    def _show_tools(self) -> None:
        """"Undo my move" and "let the bots finish", drawn for this decision (a double click on undo
        undoes one move, not two; finish plays with the bot kind its words name, also in the
        reader's seat while the reader is still in)."""
        decision, player = self.decision, self.is_player()
        unfinished = self.session.current_player() != TERMINAL
        th, en = self.finish_words()
        self._finish_kind = self.kind
        self.undo_button = ShownTool(self.tools, "undo", decision, "ย้อนตาของฉัน / undo my move",
                                     off=self._my_last_action() is None, hidden=not player)
        self.finish_button = ShownTool(self.tools, "finish", decision, f"{th} / {en}",
                                       hidden=not (player and self.bots and unfinished))
        self.tools.show(tools_html([self.undo_button, self.finish_button], TOOL_ICONS), decision)

    def _on_tool(self, kind: str, key: str, decision: int, _extra) -> None:
        tools = {"undo": self.undo, "finish": lambda k=self._finish_kind: self.finish(k)}
        if kind == "click" and key in tools:
            self._tool(decision, tools[key])

    def _tool(self, decision: int, fn: Callable[[], None]) -> None:
        if decision != self.decision or self._busy:
            self.moved_on()
            return
        safe(self.message)(fn)()

    def _show_buttons(self, legal: list[dict]) -> None:
        """One button per action (a select and "do" when one kind has many), each drawn for this
        decision in the choices' picture (:mod:`widgets.playchoices`)."""
        groups: dict[str, list[dict]] = {}
        for a in legal:
            groups.setdefault(a["type"], []).append(a)
        state, decision, shown = self.session.state, self.decision, []
        bluffs = 0
        self.chosen = None
        for typ, acts in groups.items():
            style = "danger" if typ in self.spec.danger else "primary" if typ in self.spec.primary else ""
            labels, marks = [], []
            for a in acts:
                text = self.spec.label(state, a)
                bluff = self.spec.bluff is not None and self.spec.bluff(state, a)
                if bluff:
                    text += f" {BLUFF_MARK[0]} / {BLUFF_MARK[1]}"
                    bluffs += 1
                labels.append(text)
                marks.append(bluff)
            if len(acts) <= MAX_BUTTONS:
                for a, text, bluff in zip(acts, labels, marks):
                    shown.append(ShownChoice(self.buttons, f"c{len(shown)}", decision, text, action=dict(a),
                                             style=style, bluff=bluff))
            else:
                shown.append(ShownChoice(self.buttons, f"p{len(shown)}", decision, DO_WORDS,
                                         acts=[dict(a) for a in acts], options=labels, style=style))
                if self.chosen is None:
                    self.chosen = shown[-1].acts[0]  # what "do" takes as drawn (the board marks it)
        self.choices = shown
        self.buttons.show(choices_html(shown), decision)
        self.prompt.value = self._prompt_html(bool(legal), bluffs)

    def _prompt_html(self, mine: bool, bluffs: int) -> str:
        """What the reader decides now (the labels adapter's words), or whose decision it is."""
        obs = self._obs
        if obs.get("current") == "terminal":
            if self.is_player() and self._my_last_action() is not None:
                return ("<div class='kl-decide'><b>จบเกม / game over</b> · ย้อนตาของฉันหรือเริ่มเกมใหม่ได้ / "
                        "undo my move or start a new game</div>")
            # no move of the reader's to undo (the bots played every one): undo is disabled, so only
            # a new game is offered (it said "undo my move or start a new game" beside a grey undo)
            return "<div class='kl-decide'><b>จบเกม / game over</b> · เริ่มเกมใหม่ได้ / start a new game</div>"
        if not mine:
            if self.is_player() and self.bots and self.viewer_out():  # the bots wait for the finish button
                th, en = self.finish_words()
                return (f"<div class='kl-decide'><b>คุณออกจากเกมแล้ว / you are out</b> · กด “{e(th)}” เพื่อดูบอทเล่นต่อ"
                        f"จนจบ / press “{e(en)}” to watch them play to the end</div>")
            return ""
        words = self.spec.decision_words(obs) if self.spec.decision_words is not None else None
        head = f"{e(words[0])} <span class='kl-muted'>/ {e(words[1])}</span>" if words else ""
        rows = [f"<div class='kl-decide'><b>ตาของคุณ / your decision:</b> {head}</div>",
                "<div class='kl-muted'>แต่ละปุ่มบอกว่าตัวเลือกนั้นทำอะไร (คำของเอนจินกติกา) / each button says "
                "what that choice does (the rules engine's words)</div>"]
        if bluffs:
            rows.append(f"<div class='kl-muted'>{e(BLUFF_MARK[0])} = อ้างการ์ดที่คุณไม่มี ถ้าถูกท้าทายจะเสียการ์ด / "
                        f"{e(BLUFF_MARK[1])}: a bluff; if challenged you lose a card</div>")
        return "".join(rows)

    # -- acting ----------------------------------------------------------------------------
    def _on_choice(self, kind: str, key: str, decision: int, index) -> None:
        """A message of the choices' picture: a ``click`` on a button or a "do" (``index``: the entry
        its select showed), a ``pick`` of a select's entry (the board marks it)."""
        if decision != self.decision or self._busy:
            if kind == "click":
                self.moved_on()
            return  # a pick on a past picture changes nothing
        name = key.removeprefix("do:") if kind == "click" else key
        shown = next((c for c in self.choices if c.key == name), None)
        picked = kind == "pick" or key.startswith("do:")  # a select's message, not a button's
        if shown is None or picked != bool(shown.acts):
            raise BadInput("play", "click", "ตัวเลือกนี้ไม่ได้อยู่ในตัวเลือกที่แสดง จึงไม่ได้ทำ",
                           "this choice is not one of those shown, so nothing was done")
        if not shown.acts:
            self.choose(decision, shown.action)
            return
        if index is None:
            index = int(self.buttons.picks.get(shown.key, 0))
        if not 0 <= index < len(shown.acts):
            raise BadInput("play", "click", f"ไม่มีตัวเลือกลำดับที่ {index} ในรายการนี้ จึงไม่ได้ทำ",
                           f"this list has no entry {index}, so nothing was done")
        if kind == "pick":
            self.buttons.picks = {**self.buttons.picks, shown.key: index}
            self._mark(shown.acts[index])
        else:
            self.choose(decision, shown.acts[index])

    def choose(self, decision: int, action: dict) -> bool:
        """Take ``action`` shown for ``decision``; returns whether it was applied.  A click on a
        decision that is no longer the current one (a double, late or stale click), or an action
        the reader was not offered (the engine's refusal is shown) applies nothing; a click on a past decision
        gets a calm :data:`MOVED_ON` line, never an error."""
        if self._busy or decision != self.decision:
            self.moved_on()
            return False
        self._refuse_unoffered(action)
        self.act(action)
        return True

    def select(self, decision: int, action: dict) -> bool:
        """Show ``action`` (offered for ``decision``: a board click) as the chosen one, without taking
        it: the dropdown holding it is set to it (its "do" button takes it, bound to this decision),
        or its button is marked (``kl-chosen``); the board marks it (:meth:`BoardView.mark`).  Returns
        whether it was selected.  Stale and unoffered actions as in :meth:`choose`: a calm
        :data:`MOVED_ON` line, or the engine's refusal.  Only the choice's widgets and the board's
        mark change (nothing is redrawn)."""
        if self._busy or decision != self.decision:
            self.moved_on()
            return False
        self._refuse_unoffered(action)
        self.message.value = ""
        for c in self.choices:
            if action in c.acts:
                self.buttons.picks = {**self.buttons.picks, c.key: c.acts.index(action)}
                self._mark(action)
                return True
            if c.action == action:
                self.buttons.marked = c.key
                self._mark(action)
                return True
        return False

    def _mark(self, action: dict | None) -> None:
        if action != self.chosen:
            self.chosen = action
            self.board.mark(action)

    def _refuse_unoffered(self, action: dict) -> None:
        """Raise the engine's refusal (or a plain one) when ``action`` is not one of the choices shown."""
        if action not in self._legal:  # never shown: the engine says why it is refused
            explain = getattr(self.session.game, "explain_illegal", None)
            refusal = explain(self.session.state, dict(action)) if explain is not None else None
            raise refusal or BadInput("play", "click", "ตัวเลือกนี้ไม่ได้อยู่ในตัวเลือกที่แสดง จึงไม่ได้ทำ",
                                      "this choice is not one of those shown, so nothing was done")

    def moved_on(self) -> None:
        """Say calmly that a click came too late (nothing was applied).  On a finished game a late
        click says nothing: "the game has moved on" read as if the game went on, and the page
        already shows the end and the result (the prompt's "game over", the board, the log)."""
        if self.session.current_player() == TERMINAL:
            return
        self.message.value = MOVED_ON

    def freeze(self) -> None:
        """Disable every choice and tool shown (while the move and the bots' answers are worked out):
        one message for the choices, one for the tools."""
        self.buttons.frozen = True
        self.tools.frozen = True
        mode = getattr(self.board, "mode", None)
        if isinstance(mode, w.ToggleButtons):
            mode.disabled = True

    def _begin(self) -> None:
        """A move of the reader's starts: any click arriving from now on belongs to a past decision
        (refused, :meth:`choose`); the choices on screen are disabled only if the answer takes
        longer than :data:`FREEZE_AFTER` (:meth:`_freeze_if_slow`)."""
        self.decision += 1
        self._busy = True
        self._frozen = False
        self._started = time.monotonic()
        self.bots_here.position_changing()

    def _freeze_if_slow(self) -> None:
        """Disable the choices shown and say the bots are moving, once the answer has taken
        :data:`FREEZE_AFTER` seconds (called between the bots' moves)."""
        if self._frozen or time.monotonic() - self._started < FREEZE_AFTER:
            return
        self._frozen = True
        self.freeze()
        if self.bots:
            self.message.value = THINKING

    def act(self, action: dict) -> None:
        """Apply the reader's ``action`` (the engine validates it), let chance and the bots answer, redraw.
        Clicks meanwhile are refused (a past decision); if the answer takes longer than
        :data:`FREEZE_AFTER`, every button is disabled until the redraw (the bots move in between)."""
        self._begin()
        self.message.value = ""
        try:
            self.session.apply(dict(action))
            self.advance()  # stops when the reader is out: then a button lets the bots finish
        finally:
            self._busy = False
            if self.message.value == THINKING:
                self.message.value = ""
            self.render()

    def _my_last_action(self) -> int | None:
        """Index (in ``session.actions``) of the viewer's last own decision before ``step``."""
        if not self.is_player():
            return None
        end = self.session.step if self.finished_from is None else min(self.session.step, self.finished_from)
        acts = self.session.actions[:end]  # after a finish, the bot's moves in the reader's seat are not the reader's
        for j in range(len(acts) - 1, -1, -1):
            if acts[j].get("player") == self.viewer and "chance" not in acts[j]:
                return j
        return None

    def undo(self) -> None:
        """Back to just before the viewer's last own decision (the bots' later moves are undone too);
        the bots then act again from there, and the same moves come back (seeded per line of play)."""
        j = self._my_last_action()
        self.message.value = ""
        if j is None:
            self.render()
            return
        self._begin()
        self.finished_from = None
        try:
            self.session.jump(j)
            self.advance()
        finally:
            self._busy = False
            self.render()

    def finish(self, kind: str | None = None) -> None:
        """Let chance and the bots play to the end.  While the reader is still in, a bot of ``kind``
        (the kind the button named; default :attr:`kind`) plays the reader's seat too; "undo my
        move" then goes back to the reader's last own move before the finish."""
        policies = dict(self.bots)
        if self.is_player():
            policies[self.viewer] = self.spec.bots[kind or self.kind][1]()
        self._begin()
        if self.finished_from is None:
            self.finished_from = self.session.step
        try:
            self.advance(limit=100_000, to_the_end=True, bots=policies)
        finally:
            self._busy = False
            if self.message.value == THINKING:
                self.message.value = ""
            self.render()

    def bot_rng(self) -> random.Random:
        """The bots' rng at the current step: the same position on the same line, the same bot move."""
        return random.Random(f"{self.seed}/bot/{self.session.step}")

    def advance(self, limit: int = 5000, to_the_end: bool = False, bots: Mapping[int, Callable] | None = None) -> int:
        """Chance and the bots move until a person must act or the game ends (or the viewer is out,
        unless ``to_the_end``); returns the steps taken.  Who acts is the engine's answer
        (``SPEC.seat_to_act``); the bots see only ``observe``.  ``bots``: the policies by seat
        (default :attr:`bots`; :meth:`finish` adds the reader's seat)."""
        s = self.session
        bots = self.bots if bots is None else bots
        stop_when_out = self.is_player() and not to_the_end
        for taken in range(limit):
            cp = s.current_player()
            if cp == TERMINAL:
                return taken
            if self._busy:
                self._freeze_if_slow()
            if cp == CHANCE:  # before the check below: a table whose reader is out never rests at chance
                s.apply_chance()  # reproducible along the line: an undo cannot re-roll
                continue
            if stop_when_out and self.viewer_out():
                return taken
            seat = self.spec.seat_to_act(s.state)
            if seat not in bots:
                return taken
            s.apply(bots[seat](s.observation(seat), s.legal_actions(seat), self.bot_rng()))
        return limit


def new_seed() -> int:
    """A fresh seed for a new game (6 digits, easy to type back in to replay that game)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def parse_seed(text: str) -> int | None:
    """The seed a reader typed (``None``: empty, pick a new one); :class:`BadInput` (field ``seed``)
    when it is not a whole number written in ASCII digits."""
    text = (text or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise BadInput("play", "seed", f"seed ต้องเป็นจำนวนเต็มตั้งแต่ 0 หรือเว้นว่างไว้ (ได้ '{text}')",
                       f"seed must be a whole number >= 0, or empty for a new one (got '{text}')")
    return int(text)


def new_table(spec: GameSpec, bots_count: int | None = None, kind: str | None = None, seed: int = 1,
              viewer: int = 0, options: Mapping[str, Any] | None = None) -> PlayTable:
    """A fresh game: the reader at seat ``viewer`` against ``bots_count`` bots of ``kind``."""
    lo, hi, default = spec.bot_count
    n = default if bots_count is None else int(bots_count)
    if not lo <= n <= hi:
        raise BadInput("play", "bots", f"บอทได้ {lo}-{hi} ตัว", f"choose {lo}-{hi} bots")
    players = n + 1
    _label, factory = spec.bots[kind or spec.bot_kind]
    session = GameSession(spec.game, config={"players": players, **dict(options or {})}, seed=int(seed))
    table = PlayTable(spec, session, viewer=viewer, bots={s: factory() for s in range(players) if s != viewer},
                      seed=int(seed), kind=kind or spec.bot_kind)
    table._busy = True  # one redraw at the end, not one per bot move
    try:
        table.advance()
    finally:
        table._busy = False
    table.render()
    return table


def saved_table(spec: GameSpec, text: str | bytes, source: str = "<save>") -> PlayTable:
    """A :class:`PlayTable` at the position of a save file (its seat and bots' kind from the file's
    ``table``); :class:`BadInput` naming the field for any fault of the file."""
    session, viewer, kind, finished_from = sharing.open_seat(spec, text, source)
    players = len(spec.game.returns(session.state))
    _label, factory = spec.bots[kind]
    table = PlayTable(spec, session, viewer=viewer, bots={s: factory() for s in range(players) if s != viewer},
                      seed=session.seed, kind=kind)
    # after "let the bots finish", undo still skips the bots' moves in the reader's seat (a reload lost it)
    table.finished_from = finished_from
    table._busy = True
    try:
        table.advance()
    finally:
        table._busy = False
    table.render()
    return table


ADDRESS_GAME_TH, ADDRESS_GAME_EN = "เกมในลิงก์ของหน้านี้ เล่นต่อได้", "the game in this page's address: play on"
"""What the play panel says of a ``?game=`` address's game: true both for a link someone shared and
for the reader's own game reopened by a reload (the address holds it after each move)."""

REPLAY_TH, REPLAY_EN = "; พิมพ์เลขนี้ในช่องเลขสุ่มเพื่อเล่นเกมนี้ซ้ำ", "; type it in the seed box to replay this game"
"""After an opened game's seed: "New game" deals a new game unless the seed is typed."""

PLAY_ANCHOR = "#kl-play"
"""The play section's anchor on every game page (``<a id="kl-play">`` in each notebook)."""


def game_address(table: PlayTable) -> dict[str, str | None]:
    """The page's query for the game on ``table`` (:class:`widgets.deeplink.UrlState`): ``game`` is the
    code "share this game" gives (:func:`widgets.sharing.link_code`: seed, non-default readings,
    actions up to the step on screen, the reader's seat, the bots' kind, where "let the bots finish"
    started: :func:`widgets.sharing.table_fields`), so a reload (or a phone
    that dropped the tab) opens the same game at the same step in the play panel (:func:`follow`);
    a scenario link's fields go (the address names one thing, the game the reader is playing).  A
    code longer than :data:`widgets.sharing.MAX_LINK` is left out (``game`` removed)."""
    code = sharing.link_code(table.session, sharing.table_fields(table, table.kind))
    return {"game": code if len(code) <= sharing.MAX_LINK else None, "scenario": None, "step": None, "frame": None}


SEED_LABEL = "เลขสุ่ม / seed"
"""The seed box's label, Thai and English (it read "seed" alone on every game page)."""
SEED_PLACEHOLDER = "ว่าง = สุ่มใหม่ / empty = new"
"""The seed box's hint: the box is wide enough to show it whole (at 230 px it read "... / empt")."""


def play(spec: GameSpec, first_seed: int | None = None) -> w.VBox:
    """"Play": the reader is seat 0 against bots; only the reader's hidden cards are shown.

    Each new game gets a new seed unless one is typed; the seed used is shown so a game can be
    replayed.  ``first_seed``: start a first game with this seed at once (else the reader starts one).  The previous table is closed (no widget left behind).  Children: the settings row,
    the game row (options, seed box, new game, seed used), the error box, the table holder, the share
    bar (:class:`widgets.sharing.PlayShare`: link, session file, ruling file, open a session)."""
    lo, hi, default = spec.bot_count
    bots_n = w.IntSlider(value=default, min=lo, max=hi, description="บอท / bots")
    kind = w.Dropdown(options=[(label, k) for k, (label, _p) in spec.bots.items()], value=spec.bot_kind,
                      description="แบบ / kind")
    options = spec.play_options()
    seed = w.Text(value="", placeholder=SEED_PLACEHOLDER, description=SEED_LABEL,
                  layout=w.Layout(width="400px", max_width="100%"), style={"description_width": "initial"})
    start = w.Button(description="เริ่มเกมใหม่ / New game", button_style="primary", layout=w.Layout(width="auto"))
    used, error, holder = w.HTML(), w.HTML(), w.VBox()
    # the game on the table, in the page's address after each redraw (history.replaceState, no new
    # entry): a reload, or a phone that dropped the tab, opens it again (a fresh user lost the game)
    address = deeplink.UrlState()

    def seat(table: PlayTable, now: bool = True) -> None:
        """Show ``table`` in the panel and keep its game in the page's address: from now on, or
        (``now`` false: the page's own first game, no doing of the reader's) from its first redraw
        after a move, so a page opened by a scenario's link keeps that link until the reader plays."""
        replace_children(holder, [table])

        def keep(t: PlayTable) -> None:
            if holder.children and holder.children[0] is t:  # never a table replaced since
                address.hash = PLAY_ANCHOR
                address.query = game_address(t)
        table.on_render = keep
        if now:
            keep(table)

    @safe(error)
    def new_game(_b=None, typed=None, now=True):
        error.value = ""
        typed = parse_seed(seed.value) if typed is None else typed
        game_seed = new_seed() if typed is None else typed
        table = new_table(spec, bots_n.value, kind.value, game_seed,
                          options={name: box.value for name, box in options})
        seat(table, now)
        used.value = (f'<span style="font-family:{THAI_FONT}">seed ที่ใช้ / seed used: <b>{game_seed}</b>'
                      + ("" if typed is not None else " (พิมพ์เลขนี้เพื่อเล่นเกมเดิมซ้ำ / type it to replay this game)")
                      + "</span>")
    start.on_click(new_game)
    if first_seed is not None:
        new_game(typed=int(first_seed), now=False)  # the page's address is the reader's link until a move
    else:  # no table until the reader starts one: say how (a fresh user waited for one to appear)
        used.value = message_html("ยังไม่มีเกม: กด เริ่มเกมใหม่ เพื่อเล่นกับบอท",
                                  "no game yet: press New game to play the bots", tone="info")

    def settings_of(table: PlayTable) -> None:
        # the settings say what is on the table (a fresh user's trial: after opening a 2-seat save the
        # bots slider still said 3, so New game started another kind of table); the seed box stays as
        # the reader left it: "New game" deals a new game, as the panel says (with the opened game's
        # seed in the box it dealt the same cards again, a later trial's finding); the line beside it
        # names the seed to type for a replay
        if lo <= len(table.bots) <= hi:
            bots_n.value = len(table.bots)
        if table.kind in spec.bots:
            kind.value = table.kind

    def open_table(text, name):  # a session file: a bad one raises BadInput, the table on screen stays
        table = saved_table(spec, text, name)
        seat(table)
        settings_of(table)
        used.value = message_html(f"เปิดเกมจากไฟล์ {name} (เลขสุ่ม {table.session.seed}{REPLAY_TH})",
                                  f"opened the game of {name} (seed {table.session.seed}{REPLAY_EN})", tone="info")
    share = sharing.PlayShare(spec, lambda: holder.children[0] if holder.children else None,
                              lambda: holder.children[0].kind if holder.children else kind.value, open_table,
                              holder=holder)
    panel = w.VBox([w.HBox([bots_n, kind, address], layout=w.Layout(flex_flow="row wrap")),
                    w.HBox([*(box for _n, box in options), seed, start, used], layout=w.Layout(flex_flow="row wrap")),
                    error, holder, share])
    panel.add_class("kl-play-panel")

    def open_shared(code: str) -> tuple[PlayTable, str]:
        """Seat a ``?game=`` link's game here (:func:`follow`); :class:`BadInput` for a bad code (the
        table on screen stays).  Returns the table and the caution line of :func:`_link_table`."""
        table, warning = _link_table(spec, code)
        seat(table)
        settings_of(table)  # a reload goes on with the same bots and kind ("New game" too, with a new seed)
        error.value = warning
        # the same words for a link someone shared and for the reader's own game after a reload (the
        # address keeps the game after each move): "from the shared link" was untrue for the latter
        used.value = message_html(f"{ADDRESS_GAME_TH} (เลขสุ่ม {table.session.seed}{REPLAY_TH})",
                                  f"{ADDRESS_GAME_EN} (seed {table.session.seed}{REPLAY_EN})", tone="info")
        return table, warning
    panel.open_shared = open_shared
    panel.address = address  # the page's address as the panel keeps it (tests)
    return panel
