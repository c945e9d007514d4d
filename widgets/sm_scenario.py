"""Shadow Master scenarios step by step, beside the Thai rulebook.

A scenario file (``data/scenarios/shadow_master/*.yaml``) is played into a
:class:`~widgets.session.GameSession`; the views then walk through it one *frame* at a time:
one frame per event of each action (a token is placed; the attack is decided with both groups
outlined and their sizes; tokens are removed; each Power holder pays; a collapse follows), so a
whole siege, which the engine resolves in one ``apply``, is seen piece by piece.  Frame 0 is the
setup: it shows the session's ``setup_events`` (the board, money, cards dealt, no Powers, the
First Player, or what the scenario set), each with its clauses.

Frames never decide a rule.  The board of a frame inside an action is the position before the
action with the action's own events replayed on it (``place``, ``black``, ``tokens_removed``,
``castle_captured`` through :mod:`rules.shadow_master.board`), and an action is split into
frames only when replaying all its events gives exactly the engine's next position; otherwise it
is one frame.  Money and cards in a frame inside an action are those before it, with the
action's payments so far listed under each seat.

* :func:`scenario_session`, :func:`build_frames`, :func:`replay_board`
* :class:`FrameCursor`: ``step``/``length``/``jump``/``undo``/``redo`` over the frames, moving
  the session with it (drives an unchanged :class:`~widgets.stepper.Stepper`)
* :class:`ScenarioView`: stepper, board, the frame's events with their Thai clauses, the attack
  box, kingdoms, players, event log
* :class:`ScenarioReader`: the rulebook section by section beside a :class:`ScenarioView`
  (:func:`rulebook_reader`, :func:`attack_stepper`)
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import ipywidgets as w
import traitlets as t

from rules.core.protocol import Event, IllegalAction
from rules.core.rulebook import load_rulebook
from rules.core.scenario import Scenario, load_scenario
from rules.shadow_master import GAME
from rules.shadow_master import board as smb
from rules.shadow_master.attack import KIND_TH

from .errors import error_html, message_html, safe
from .eventlog import EventLog, event_text, names_seat
from .rulepanel import RulePanel, clause_html
from .session import Cursor, GameSession
from .sm_panels import (SMBoard, action_label, alliances_of, style, board_widget_box, colour_html, e,
                        kingdoms_html, largest_group_outlines, players_html, seat_name, status_html)
from .stepper import Stepper
from .rulepanel import ambiguities_html as register_html

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "shadow_master"

ATTACK_EXAMPLES = ("attack_full_force", "attack_tempo", "attack_first_strike", "attack_siege", "three_fronts",
                   "alliance_attack", "attack_small_groups_no_fight", "siege_collapse_deposits", "castle_capture",
                   "bankruptcy_forced_sale")
"""Scenario stems of the attack stepper, in teaching order (missing files are skipped)."""

SECTION_EXAMPLES = {
    "board": "rank_odd_row_diagonal", "players": "setup_deal_two_players", "setup": "setup_deal_two_players",
    "order": "end_of_round_income_tax",
    "turn": "phase2_open_row_pass", "money": "end_of_round_income_tax", "power": "military_faith_combo",
    "power_limit": "military_faith_combo", "attack": "attack_full_force", "alliance": "alliance_attack",
    "collapse": "siege_collapse_deposits", "end": "final_count", "rank": "rank_cells_not_tokens",
    "damage": "bankruptcy_forced_sale", "black": "black_token", "territory": "phase2_open_row_pass",
    "power_card": "military_faith_combo", "shadow": "castle_capture",
}
"""The example shown beside each rulebook section (by the id prefix of its clauses)."""

KIND_EN = {"full_force": "full force", "tempo": "tempo", "first_strike": "first strike", "siege": "siege",
           "none": "no fight"}
BOARD_EVENTS = {"place", "black", "tokens_removed", "castle_captured"}
RESOLUTION_END = {"choose", "die", "end_turn", "round_over", "reveal", "take_open", "draw", "buy_power",
                  "first_player", "decline", "black"}
"""Event kinds after which the last attack is no longer the one being resolved."""
LOG_EVENTS = 80
"""The event log shows the latest events only (a long game would send thousands)."""
KEY_EVENTS = {"no_attack", "three_fronts", "tokens_removed", "collapse", "deposit_lost", "castle_captured",
              "queen_move", "forced_sale", "forced_sale_due", "eliminated"}
"""Events whose clauses are shown open when no rule panel is beside the view (others fold their
clause text away; an attack's deciding clause is in the attack box)."""


def scenario_path(stem: str) -> Path:
    """``data/scenarios/shadow_master/<stem>.yaml``."""
    return SCENARIOS / f"{stem}.yaml"


def available(stems: Iterable[str]) -> list[Path]:
    """Existing scenario files among ``stems`` (the engine's scenario set may change)."""
    return [scenario_path(s) for s in stems if scenario_path(s).exists()]


# ----------------------------------------------------------------------------- sessions and frames
def scenario_session(sc: Scenario) -> tuple[GameSession, list[tuple[str, str]]]:
    """A session holding a scenario's moves at step 0, and its notes (:meth:`GameSession.from_scenario`)."""
    return GameSession.from_scenario(sc)


def replay_board(position: smb.Position, events: Iterable[Event]) -> smb.Position | None:
    """``position`` with the board changes the ``events`` report (see the module docstring);
    ``None`` when an event cannot be replayed."""
    pos = position
    try:
        for ev in events:
            d = ev.data
            if ev.kind == "place":
                pos = smb.place_token(pos, d["cell"], d["colour"], int(d.get("count", 1)))
            elif ev.kind == "black":
                pos = smb.place_token(pos, d["cell"], pos.board.black)
            elif ev.kind == "tokens_removed":
                pos = smb.remove_token(pos, d["cell"], int(d["count"]))
            elif ev.kind == "castle_captured":
                pos = smb.set_cell(pos, d["cell"], d["colour"], pos.count_at(d["cell"]))
    except (IllegalAction, KeyError, TypeError, ValueError):
        return None
    return pos


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


def state_before(session: GameSession, action: int):
    """The state before the 1-based ``action`` (the setup state for action 1)."""
    return session.transitions[action - 2].state if action > 1 else session.initial


def build_frames(session: GameSession) -> list[Frame]:
    """Frame 0 (the setup), then for each action either one frame per event (when its board
    changes replay exactly) or a single frame."""
    frames = [Frame(0, 0, 0)]
    for i, tr in enumerate(session.transitions, 1):
        n = len(tr.events)
        before = state_before(session, i).position
        if n > 1 and replay_board(before, tr.events) == tr.state.position:
            frames += [Frame(i, k, n) for k in range(1, n + 1)]
        else:
            frames.append(Frame(i, n, n))
    return frames


class FrameCursor(Cursor):
    """Frames of a session's whole history, with the session moved along (``session.step`` is
    the action whose state the frame starts from).  Has what :class:`~widgets.stepper.Stepper`
    uses: ``step``, ``length``, ``jump``, ``undo``, ``redo``."""

    unit = "frame"

    def __init__(self, session: GameSession):
        super().__init__()
        self.session = session
        self.frames = build_frames(session)
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

    # -- what a frame shows ----------------------------------------------------------------
    def current_events(self) -> list[Event]:
        """The events this frame adds (one, or a whole action shown as one frame; at frame 0 the
        setup events: what setup did, clause by clause)."""
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

    def position(self) -> smb.Position:
        """The board of this frame (replayed inside an action, see the module docstring)."""
        f = self.frame
        if f.full:
            return self.session.state.position
        return replay_board(state_before(self.session, f.action).position,
                            self.session.transitions[f.action - 1].events[:f.shown])

    def base_state(self):
        """The state whose money and cards the frame shows (before a partly shown action)."""
        return self.session.state


def current_attack(events: list[Event]) -> tuple[Event | None, list[Event]]:
    """The attack being resolved at the end of ``events`` (the last ``attack``/``no_attack``
    event not followed by the next move) and the events after it."""
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev.kind in ("attack", "no_attack"):
            return ev, events[i + 1:]
        if ev.kind in RESOLUTION_END or ev.kind == "place":
            return None, []
    return None, []


CHANCE_TH = {"die": ("ทอยเต๋า", "die"), "territory": ("เปิดการ์ด Territory", "Territory card"),
             "power": ("จั่วการ์ด Power", "Power card")}


def action_text(action: dict, board=None, obs: dict | None = None) -> str:
    """A readable line for an action dict (``ผู้เล่น 1 (ที่นั่ง 0): วางแดงที่ E6 / place``), from
    :func:`~widgets.sm_panels.action_label` (``board``: for colour names; default: 4 players)."""
    board = board or smb.load_board(4)
    if "chance" in action:
        kind = action["chance"]
        th, en = CHANCE_TH.get(kind, ("สุ่ม", kind))
        rest = ", ".join(board.colour_th.get(v, str(v)) if isinstance(v, str) else str(v)
                         for k, v in action.items() if k != "chance")
        return f"สุ่ม: {th} {rest} / chance: {en}".strip()
    try:
        label = action_label(action, board, obs)
    except (KeyError, IndexError, TypeError):
        label = action["type"]
    return f"{seat_name(action['player'])}: {label}"


# ----------------------------------------------------------------------------- the view
class ScenarioView(w.VBox):
    """One scenario, frame by frame (see the module docstring).

    ``scenario``: a path or a loaded :class:`~rules.core.scenario.Scenario`; ``rule_panel``: a
    :class:`~widgets.rulepanel.RulePanel` beside the view, whose cited clauses follow the frame.
    Hidden cards are shown only for a scenario marked ``shows_hidden`` (a teaching example);
    otherwise the view is a spectator's (``observe(state, None)``).
    """

    def __init__(self, scenario=None, rule_panel: RulePanel | None = None, size: float = 19.0, **kwargs):
        self.book = load_rulebook("shadow_master")
        self.rule_panel = rule_panel
        self.highlighting = False  # True while this view moves the rule panel
        self.intro = w.HTML()
        self.error = w.HTML()
        self.stepper_box = w.VBox()
        self.info = w.HTML(layout=w.Layout(min_height="120px"))
        self.attack_box = w.HTML()
        self.status = w.HTML()
        self.kingdoms = w.HTML()
        self.players = w.HTML()
        self.eventlog = EventLog(book=self.book, rule_panel=self if rule_panel is not None else None,
                                 seat_label=seat_name)
        self.hexboard: SMBoard | None = None
        self.board_box = w.HBox()
        self.session: GameSession | None = None
        self.cursor: FrameCursor | None = None
        self.stepper: Stepper | None = None
        self.scenario: Scenario | None = None
        self.size = size
        super().__init__([style(), self.intro, self.error, self.stepper_box, self.board_box, self.kingdoms, self.players,
                          self.eventlog], **kwargs)
        self.add_class("kl-sm-scenario")
        if scenario is not None:
            self.load(scenario)

    # RulePanel stand-in for the event log: highlighting is marked as the view's own doing.
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
        """Show ``scenario`` (path or Scenario) from frame 0.  Raises :class:`BadInput` for a
        malformed file or setup (nothing changes then)."""
        sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
        session, notes = scenario_session(sc)
        cursor = FrameCursor(session)
        board = session.state.board
        if self.hexboard is None or self.hexboard.sm_board is not board:
            if self.hexboard is not None:
                self.hexboard.close()
            self.hexboard = SMBoard(board, size=self.size)
            self.board_box.children = [board_widget_box(self.hexboard, self.info, self.attack_box, self.status)]
        if self.stepper is not None:
            for child in self.stepper.children:
                child.close()
            self.stepper.close()
        self.scenario, self.session, self.cursor = sc, session, cursor
        self.stepper = Stepper(cursor)
        self.stepper_box.children = [self.stepper]
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
            parts.append("<div class='kl-ledger'>ตัวอย่างสอน: เปิดการ์ดทุกใบ / teaching example: every card shown</div>")
        notes_html = "".join(message_html(th, en) for th, en in notes)
        return f"<div class='kl-sm'>{''.join(parts)}</div>{notes_html}"

    # -- drawing ---------------------------------------------------------------------------
    def observation(self) -> dict:
        """What the view shows: a spectator's ``observe``, or everything for a ``shows_hidden`` scenario."""
        state = self.cursor.base_state()
        if self.scenario.shows_hidden:
            return GAME.state_to_json(state)
        return GAME.observe(state, None)

    def render(self) -> None:
        """Draw the cursor's frame."""
        with_error = safe(self.error)
        with_error(self._render)()

    def _render(self) -> None:
        cur, board = self.cursor, self.session.state.board
        f = cur.frame
        obs = self.observation()
        position = cur.position()
        shown = cur.shown_events()
        now = cur.current_events()
        attack, after = current_attack(shown)
        # board: the attack's two groups while it is being resolved, else each kingdom's Rank group
        if attack is not None:
            d = attack.data
            outlines = [(d.get("attacker_cells", []), d.get("attacker", ["red"])[0],
                         f"ฝ่ายบุก / attacker {d.get('attacker_size')}"),
                        (d.get("defender_cells", []), (d.get("defender") or ["blue"])[0],
                         f"ฝ่ายรับ / defender {d.get('defender_size')}")]
            outlines = [o for o in outlines if o[0]]
        else:
            outlines = largest_group_outlines(position)
        highlights = []
        for ev in now:
            cell = ev.data.get("cell") if ev.kind != "queen_move" else None
            if isinstance(cell, str) and cell in board.hex_of:
                highlights.append(cell)
            if isinstance(ev.data.get("x"), str):
                highlights.append(ev.data["x"])  # an alliance cell (drawn below the map)
            highlights += [c for c in ev.data.get("siege_cells", []) if c in board.hex_of]
        castles = [c["cell"] for c in obs.get("castles", [])]
        self.hexboard.show(position, castles=castles, outlines=outlines, highlights=highlights,
                           alliances=alliances_of(obs))
        self.info.value = self._frame_html(f, now)
        self.attack_box.value = self._attack_html(board, attack, after)
        ledger: dict[int, list[str]] = {}
        for ev in cur.action_events():
            if ev.actor is not None and ev.kind in ("pay", "deposit_lost", "forced_sale", "queen_move", "income",
                                                    "sell_power", "deposit", "cash_returned", "black",
                                                    "eliminated", "collapse") and ev.visible(None):
                ledger.setdefault(ev.actor, []).append(e(ev.text_th))
        note = "" if f.full else ("ตัวเลขเงินและการ์ดเป็นของก่อนการกระทำนี้ รายการสีเหลืองคือที่เกิดขึ้นแล้วในขั้นนี้ / "
                                  "money and cards are as before this action; the yellow lines already happened in it")
        self.status.value = status_html(board, obs)
        self.kingdoms.value = kingdoms_html(board, obs)
        self.players.value = players_html(board, obs, None, ledger, note)
        # at frame 0 no event is chosen for the reader, so the rule panel stays where it is;
        # a teaching example (shows_hidden) shows its hidden events' real text, as its table does
        self.eventlog.reveal = bool(self.scenario.shows_hidden)
        self.eventlog.set_events(shown[-LOG_EVENTS:], first=max(0, len(shown) - LOG_EVENTS),
                                 setup=len(self.session.setup_events), select_last=f.action > 0)

    def _frame_html(self, f: Frame, now: list[Event]) -> str:
        cur = self.cursor
        head = f"ขั้น / frame <b class='kl-frame-no'>{cur.step}</b>/{cur.length}"
        if f.action:
            head += f" · การกระทำ / action {f.action}/{len(self.session.transitions)}: " \
                    f"<b>{e(action_text(self.session.actions[f.action - 1], self.session.state.board, self.observation()))}</b>"
        else:
            head += " · ตั้งกระดานตามสถานการณ์ / the scenario's setup"
        rows = [f"<div>{head}</div>"]
        for ev in now:
            if not ev.visible(None) and not self.scenario.shows_hidden:
                rows.append(f"<div class='kl-event kl-hidden'>{e(event_text(ev, None, seat_name))}</div>")
                continue
            named = not isinstance(ev.actor, int) or names_seat(ev.text_th, seat_name(ev.actor))
            who = "" if named else f"{e(seat_name(ev.actor))} ▸ "
            cites = "".join(clause_html(self.book.clause(c), cited=True) for c in ev.cites if c in self.book.ids)
            body = f"<div class='kl-rules'>{cites}</div>"
            fold = "open" if ev.kind in KEY_EVENTS and self.rule_panel is None else ""
            rows.append(f"<div class='kl-event' data-kind='{e(ev.kind)}'>{who}<b>{e(ev.text_th)}</b> "
                        f"<span class='kl-muted'>{e(ev.text_en)}</span>"
                        f"<details {fold}><summary>ข้อกติกา / clauses: <code>{e(', '.join(ev.cites))}</code></summary>"
                        f"{body}</details></div>")
        if f.action and f.shown == 0:
            rows.append("<div class='kl-muted'>(ไม่มีเหตุการณ์ / no event)</div>")
        return f"<div class='kl-sm kl-frame'>{''.join(rows)}</div>"

    def _attack_html(self, board, attack: Event | None, after: list[Event]) -> str:
        if attack is None:
            return ""
        d = attack.data
        kind = d.get("kind", "none")
        side = lambda cs: " + ".join(colour_html(board, c) for c in cs)
        removed = sum(int(ev.data.get("count", 0)) for ev in after if ev.kind == "tokens_removed")
        paid = [ev for ev in after if ev.kind == "pay"]
        collapsed = [ev.data.get("colour") for ev in after if ev.kind == "collapse"]
        clause = f"attack.{kind}" if kind != "none" else "attack.trigger"
        rows = [f"<div><b class='kl-attack-kind' data-kind='{e(kind)}'>{e(KIND_TH.get(kind, kind))}</b> "
                f"<span class='kl-muted'>{e(KIND_EN.get(kind, kind))}</span> <code>{e(clause)}</code></div>",
                f"<div>ฝ่ายบุก / attacker: {side(d.get('attacker', []))} <b>{d.get('attacker_size')}</b> ช่อง"
                f" · ฝ่ายรับ / defender: {side(d.get('defender', []))} <b>{d.get('defender_size')}</b> ช่อง</div>"]
        if kind in ("full_force", "tempo", "first_strike"):
            rows.append(f"<div>ต้องหยิบออก / to remove: <b>{d.get('remove')}</b> โทเคน · หยิบแล้ว / removed: "
                        f"<b class='kl-removed'>{removed}</b></div>")
        elif kind == "siege":
            rows.append(f"<div>ช่องที่ถูกล้อม 3 ด้าน / cells enclosed on three sides: "
                        f"{e(', '.join(d.get('siege_cells', [])))} · หยิบแล้ว / removed: "
                        f"<b class='kl-removed'>{removed}</b></div>")
        if paid:
            by_seat: dict[int, int] = {}
            for ev in paid:
                by_seat[ev.actor] = by_seat.get(ev.actor, 0) + int(ev.data.get("paid", 0))
            rows.append("<div>ผู้ถือ Power จ่าย / holders pay: " + ", ".join(
                f"ผู้เล่น {s + 1}: <b>{n}</b> Silver" for s, n in sorted(by_seat.items())) + "</div>")
        if collapsed:
            rows.append("<div><b>ล่มสลาย / collapsed:</b> " + ", ".join(colour_html(board, c) for c in collapsed)
                        + "</div>")
        text = clause_html(self.book.clause(clause), cited=True) if clause in self.book.ids else ""
        return (f"<div class='kl-sm kl-attack' style='border:2px solid #e0a800;border-radius:8px;"
                f"padding:4px 8px;margin-top:6px'>{''.join(rows)}<div class='kl-rules'>{text}</div></div>")


# ----------------------------------------------------------------------------- rulebook beside the board
class ScenarioReader(w.VBox):
    """The Thai rulebook (a :class:`RulePanel`) beside a :class:`ScenarioView`.

    ``paths``: the scenarios offered; ``section``: the section opened first;
    ``follow_sections``: choosing a section shows its example (:data:`SECTION_EXAMPLES`).
    Stepping highlights the current event's clauses in the rule panel (switching section).
    """

    def __init__(self, paths: Iterable[Path], section: int = 0, follow_sections: bool = True,
                 first: Path | None = None, **kwargs):
        self.book = load_rulebook("shadow_master")
        self.error = w.HTML()
        options = []
        for p in paths:
            try:
                options.append((load_scenario(p).title_th, Path(p)))
            except Exception as exc:  # noqa: BLE001 - a broken file is reported, the rest still load
                self.error.value += error_html(exc)
        self.panel = RulePanel(self.book, section, layout=w.Layout(flex="1 1 360px", max_width="520px"))
        self.picker = w.Dropdown(options=options, description="ตัวอย่าง", layout=w.Layout(width="100%",
                                                                                            max_width="760px"))
        start = first if first is not None and any(p == first for _, p in options) else (
            options[0][1] if options else None)
        self.view = ScenarioView(rule_panel=self.panel, layout=w.Layout(flex="1 1 640px", min_width="320px"))
        if start is not None:
            self.picker.value = start
            with_error = safe(self.error)
            with_error(self.view.load)(start)
        self.picker.observe(safe(self.error)(self._picked), names="value")
        if follow_sections:
            self.panel.dropdown.observe(safe(self.error)(self._section), names="value")
        super().__init__([self.picker, self.error, w.HBox([self.panel, self.view],
                                                          layout=w.Layout(flex_flow="row wrap",
                                                                          align_items="flex-start"))], **kwargs)

    def _picked(self, change) -> None:
        if change["new"] is not None:
            self.error.value = ""
            self.view.load(change["new"])

    def example_for(self, section: int) -> Path | None:
        """The example file of rulebook ``section`` (``None`` if it has none or it is missing)."""
        _h, clauses = self.book.sections()[section]
        prefixes = [c.id.split(".")[0] for c in clauses]
        for prefix in prefixes:
            stem = SECTION_EXAMPLES.get(prefix)
            if stem and scenario_path(stem).exists():
                return scenario_path(stem)
        return None

    def _section(self, change) -> None:
        if self.view.highlighting or change["new"] is None:
            return
        path = self.example_for(change["new"])
        if path is not None and path != self.picker.value and any(p == path for _, p in self.picker.options):
            self.picker.value = path


def section_index(prefix: str) -> int:
    """Index of the first rulebook section whose clauses start with ``prefix.`` (0 if none)."""
    for i, (_h, clauses) in enumerate(load_rulebook("shadow_master").sections()):
        if any(c.id.startswith(prefix + ".") for c in clauses):
            return i
    return 0


def rulebook_reader() -> ScenarioReader:
    """Every scenario; choosing a rulebook section shows its example beside it."""
    paths = sorted(SCENARIOS.glob("*.yaml"))
    reader = ScenarioReader(paths, section=section_index("board"), follow_sections=True,
                            first=scenario_path(SECTION_EXAMPLES["board"]))
    reader.add_class("kl-sm-reader")
    return reader


def scenario_at(path, step: int = 0) -> ScenarioView:
    """A :class:`ScenarioView` of the scenario file ``path`` shown at frame ``step`` (what the
    stepper counts); :class:`BadInput` past the last frame.  Used by deep links."""
    view = ScenarioView(path)
    view.cursor.jump(step)
    return view


def attack_stepper() -> ScenarioReader:
    """The attack scenarios (one per kind, allies, siege and collapse, castle, bankruptcy),
    the rulebook open at the attack section."""
    reader = ScenarioReader(available(ATTACK_EXAMPLES), section=section_index("attack"), follow_sections=False)
    reader.add_class("kl-sm-attacks")
    return reader


def ambiguities_html() -> str:
    """The Shadow Master ambiguity register as HTML (:func:`widgets.rulepanel.ambiguities_html`)."""
    return register_html("shadow_master")


def bot_game_scenario(players: int = 4, seed: int = 7, steps: int = 300, kind: str = "greedy") -> Scenario:
    """A game of ``players`` bots (:mod:`rules.shadow_master.bots`), ``steps`` actions long
    (chance outcomes included), as an in-memory scenario for :class:`ScenarioView`."""
    import random

    from rules.core.play import choose_action
    from rules.shadow_master import bots

    policy = {"greedy": bots.greedy_bot, "random": bots.random_bot}[kind]
    rng = random.Random(seed)
    state = GAME.new_game({"players": players}, seed)
    actions = []
    for _ in range(steps):
        action = choose_action(GAME, state, {s: policy for s in range(players)}, rng)
        if action is None:
            break
        state = GAME.apply(state, action).state
        actions.append({"action": action})
    return Scenario.model_validate({
        "game": "shadow_master", "title_th": f"เกมของบอท {players} ตัว (seed {seed}, {len(actions)} ขั้น)",
        "title_en": f"A game of {players} bots (seed {seed}, {len(actions)} steps)",
        "setup": {"config": {"players": players}, "seed": seed}, "steps": actions})


def bot_game_view(players: int = 4, seed: int = 7, steps: int = 300) -> ScenarioView:
    """A recorded bot game to scroll through, seen by a spectator (hands hidden): the player
    panels show cash, deposits, Powers and the Power Limit with its sources as they change."""
    view = ScenarioView(bot_game_scenario(players, seed, steps))
    view.cursor.jump(view.cursor.length)
    return view
