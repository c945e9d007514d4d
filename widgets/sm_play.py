"""Play Shadow Master against bots: the reader is one seat, bots play the others.

Everything on screen is drawn from ``GAME.observe(state, viewer)`` (board, panels) and the
viewer's ``legal_actions`` (buttons, board clicks); another seat's Territory cards never reach
a widget (widget state travels to the browser).  A click calls ``GameSession.apply``, which the
engine validates; then chance and the bots move until the reader must act again.  The bots are
:mod:`rules.shadow_master.bots` policies and see only their own ``observe``.

The what-if shading (:mod:`rules.shadow_master.whatif`) is shown on the reader's own cells while
the reader places a colour.
"""
from __future__ import annotations

import random
from typing import Callable, Mapping

import ipywidgets as w

from rules.core.protocol import CHANCE, TERMINAL
from rules.core.rulebook import load_rulebook
from rules.shadow_master import GAME
from rules.shadow_master import board as smb
from rules.shadow_master.whatif import overlay

from .errors import safe
from .eventlog import EventLog
from .session import GameSession
from .sm_panels import (SMBoard, action_label, alliances_of, board_widget_box, seat_name, kingdoms_html, largest_group_outlines, players_html,
                        status_html, style)
from .sm_whatif import overlay_layers

CELL_TYPES = ("place", "place_combo", "black", "build_castle", "remove_token", "siege_cell", "ally", "envoy_ally")
"""Action types chosen by clicking a board cell (``{"cell": ...}``, or an alliance cell ``{"x": ...}``)."""
X_TYPES = ("ally", "envoy_ally")
"""Of these, the ones whose target is an alliance (X) cell."""
MAX_BUTTONS = 6
OWN_CARD_FILL = "#d6e6f5"
"""Background of empty cells whose Territory card the reader holds."""
LOG_EVENTS = 80


MODE_TH = {"place": "วาง", "place_combo": "วาง 2 ด้วย X", "black": "โทเคนดำ / black",
           "build_castle": "สร้างปราสาท / castle", "remove_token": "หยิบโทเคนออก / remove",
           "siege_cell": "ช่องที่ล้อม / siege", "ally": "พันธมิตร (ช่อง X) ",
           "envoy_ally": "Envoy: พันธมิตร (ช่อง X) "}


def mode_label(key: str, board) -> str:
    """Label of a click mode (``"place:red"`` -> ``"วางแดง / red"``)."""
    typ, colour = key.split(":")
    if colour:
        return f"{MODE_TH.get(typ, typ)}{board.colour_th.get(colour, colour)} / {colour}"
    return MODE_TH.get(typ, typ)


def target(a: Mapping) -> str:
    """The cell a click-chosen action names: ``a["cell"]``, or ``a["x"]`` for an alliance."""
    return a["x"] if a["type"] in X_TYPES else a["cell"]


def click_key(a: Mapping) -> str:
    """The click mode of a cell action: ``"type:colour"`` (colour empty but for placements).
    (A string: selection widgets cannot hold tuples.)"""
    return f'{a["type"]}:{a.get("colour", "")}'


class PlayTable(w.VBox):
    """The reader's seat (``viewer``) over a :class:`GameSession`, bots on ``bots`` seats.

    ``bots``: ``{seat: policy}`` (``policy(observation, legal, rng) -> action``); ``seed``
    seeds chance and the bots.  Call :meth:`advance` to let them move (done after each click).
    """

    def __init__(self, session: GameSession, viewer: int = 0, bots: Mapping[int, Callable] | None = None,
                 seed: int = 0, **kwargs):
        self.session, self.viewer = session, viewer
        self.bots = dict(bots or {})
        self.seed = seed  # bots' rng: seed + step (see advance)
        self.board = session.state.board
        self.hexboard = SMBoard(self.board, size=19.0)
        self.hexboard.on_click(self._cell_clicked)
        self.status = w.HTML()
        self.mode = w.ToggleButtons(options=[], description="คลิกช่อง", style={"button_width": "auto"})
        self._quiet = False
        self.mode.observe(lambda _c: None if self._quiet else self.draw_board(), names="value")
        self.buttons = w.VBox()
        self.hint = w.HTML()
        self.message = w.HTML()
        self.undo_button = w.Button(description="ย้อนตาของฉัน / undo my move", icon="undo",
                                    layout=w.Layout(width="auto"))
        self.undo_button.on_click(safe(self.message)(lambda _b: self.undo()))
        self.finish_button = w.Button(description="ให้บอทเล่นจนจบ / let the bots finish", icon="forward",
                                      layout=w.Layout(display="none", width="auto"))
        self.finish_button.on_click(safe(self.message)(lambda _b: self.finish()))
        self.kingdoms = w.HTML()
        self.players = w.HTML()
        self.eventlog = EventLog(book=load_rulebook("shadow_master"), viewer=viewer, seat_label=seat_name)
        self._obs: dict = {}
        self._legal: list[dict] = []
        super().__init__([style(), self.status,
                          board_widget_box(self.hexboard, self.mode, self.hint, self.buttons, self.message, self.undo_button,
                                           self.finish_button, self.kingdoms),
                          self.players, self.eventlog], **kwargs)
        self.add_class("kl-sm-play")
        self.render()

    # -- reading ---------------------------------------------------------------------------
    def reader_out(self) -> bool:
        """True when the reader's seat is out of the game (``bankruptcy.out``)."""
        return self.session.state.players[self.viewer].out

    def my_turn(self) -> bool:
        """True when the reader must act now."""
        return self.session.current_player() == self.viewer

    def legal(self) -> list[dict]:
        """The reader's legal actions now (empty when it is someone else's move)."""
        return self.session.legal_actions(self.viewer) if self.my_turn() else []

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw everything from the reader's observation and legal actions."""
        s = self.session
        self._obs = obs = s.observation(self.viewer)
        self._legal = legal = self.legal()
        self.status.value = status_html(self.board, obs) + (
            "<div class='kl-sm'><b>ตาของคุณ / your move</b></div>" if legal else
            ("<div class='kl-sm'><b>จบเกม / game over</b></div>" if s.current_player() == TERMINAL else ""))
        keys = []
        for a in legal:
            if a["type"] in CELL_TYPES and click_key(a) not in keys:
                keys.append(click_key(a))
        options = [(mode_label(k, self.board), k) for k in keys]
        self._quiet = True  # the board is drawn once below
        try:
            self.mode.options = options
            if options and self.mode.value not in keys:
                self.mode.value = keys[0]
        finally:
            self._quiet = False
        self.mode.layout.display = "" if options else "none"
        self.hint.value = ("<div class='kl-sm kl-muted'>คลิกช่องที่มีกรอบสีเหลือง สีพื้นบอกการโจมตีที่จะเกิด (ตัวเลข = โทเคนที่จะถูกหยิบออก)"
                           " / click a cell with a yellow border; its shade is the attack it would start"
                           " (the number = tokens it would remove)</div>" if options else
                           "<div class='kl-sm kl-muted'>ช่องสีฟ้าอ่อน = ช่องที่คุณถือการ์ด Territory / light blue = "
                           "cells whose Territory card you hold</div>")
        self.buttons.children = self._buttons(legal, obs)
        self.kingdoms.value = kingdoms_html(self.board, obs)
        self.players.value = players_html(self.board, obs, self.viewer)
        self.eventlog.set_events(s.events[-LOG_EVENTS:], first=max(0, len(s.events) - LOG_EVENTS),
                                 setup=len(s.setup_events))
        self.undo_button.disabled = self._my_last_action() is None
        self.finish_button.layout.display = "" if self.reader_out() and s.current_player() != TERMINAL else "none"
        self.draw_board()

    def draw_board(self) -> None:
        """Draw the board from the reader's observation, the click targets and the what-if shading."""
        obs = self._obs
        position = smb.position_from_json(self.board, obs["board"])
        mode = self.mode.value if self.mode.options else None
        cells = [target(a) for a in self._legal if a["type"] in CELL_TYPES and click_key(a) == mode]
        fills, labels = {}, {}
        hand = (obs["players"][self.viewer].get("hand") or []) if not cells else []
        for c in hand:  # no cell to click: show where the reader's Territory cards are
            if c in self.board.hex_of and c not in obs["board"]:
                fills[c] = OWN_CARD_FILL
        if mode and mode.startswith("place:"):
            # what-if on the cells the reader may place on now (asked of the engine)
            fills, labels = overlay_layers(overlay(self.session.state, mode.split(":")[1], self.viewer, cells=cells))
        castles = [c["cell"] for c in obs.get("castles", [])]
        self.hexboard.show(position, castles=castles, outlines=largest_group_outlines(position), highlights=cells,
                           fills=fills, labels=labels, alliances=alliances_of(obs))

    def _buttons(self, legal: list[dict], obs) -> list[w.Widget]:
        groups: dict[str, list[dict]] = {}
        for a in legal:
            groups.setdefault(a["type"], []).append(a)
        rows = []
        for typ, acts in groups.items():
            if len(acts) <= MAX_BUTTONS:
                row = []
                for a in acts:
                    b = w.Button(description=action_label(a, self.board, obs), layout=w.Layout(width="auto"),
                                 button_style="primary" if typ in ("roll", "end_turn") else "")
                    b.on_click(self._clicker(a))
                    row.append(b)
                rows.append(w.HBox(row, layout=w.Layout(flex_flow="row wrap")))
            else:
                dd = w.Dropdown(options=[(action_label(a, self.board, obs), i) for i, a in enumerate(acts)],
                                layout=w.Layout(width="auto", max_width="330px"))
                b = w.Button(description="ทำ / do", layout=w.Layout(width="auto"))
                b.on_click(lambda _b, acts=acts, dd=dd: self._clicker(acts[dd.value])(_b))
                rows.append(w.HBox([dd, b]))
        return rows

    # -- acting ----------------------------------------------------------------------------
    def _clicker(self, action: dict):
        @safe(self.message)
        def click(_b=None):
            self.act(action)
        return click

    def act(self, action: dict) -> None:
        """Apply the reader's ``action`` (the engine validates it), let the others move, redraw."""
        self.message.value = ""
        try:
            self.session.apply(dict(action))
            self.advance()  # stops if the reader is out: then a button lets the bots finish
        finally:
            self.render()

    def _cell_clicked(self, h) -> None:
        with_msg = safe(self.message)
        with_msg(self._act_on_cell)(self.hexboard.cell_name(h))

    def _act_on_cell(self, cell: str) -> None:
        """The legal action of the chosen click mode on ``cell``; any other cell is sent to the
        engine as that action too, so the refusal names the rule (Thai + English, clause)."""
        mode = self.mode.value if self.mode.options else None
        for a in self._legal:
            if a["type"] in CELL_TYPES and click_key(a) == mode and target(a) == cell:
                self.act(a)
                return
        if mode is None:
            from rules.core.protocol import BadInput
            raise BadInput("board", cell, f"ตอนนี้ไม่มีการกระทำที่เลือกช่องได้ (คลิกช่อง {cell})",
                           f"no action takes a cell now (clicked {cell}); use the buttons")
        typ, colour = mode.split(":")
        action = {"player": self.viewer, "type": typ, ("x" if typ in X_TYPES else "cell"): cell,
                  **({"colour": colour} if colour else {})}
        self.act(action)  # refused by the engine: the message names the clause

    def click(self, cell: str) -> None:
        """As if the reader clicked ``cell`` (a map cell or an X cell; tests and demos)."""
        self.hexboard.click(self.hexboard.hex_of[cell])

    def bot_rng(self) -> random.Random:
        """The bots' rng at the current step: seeded from the table seed and ``step``, so the
        same position on the same line of play gets the same bot move after an undo."""
        return random.Random(f"{self.seed}/bot/{self.session.step}")

    def advance(self, limit: int = 5000, to_the_end: bool = False) -> int:
        """Chance and bots move until the reader must act or the game ends (or the reader is
        out, unless ``to_the_end``); returns the number of steps taken."""
        s = self.session
        for taken in range(limit):
            cp = s.current_player()
            if cp == TERMINAL or (self.reader_out() and not to_the_end):
                return taken
            if cp == CHANCE:
                s.apply_chance()  # reproducible along the line: an undo cannot re-roll
                continue
            if cp not in self.bots:
                return taken
            s.apply(self.bots[cp](s.observation(cp), s.legal_actions(cp), self.bot_rng()))
        return limit

    def finish(self) -> None:
        """Let chance and the bots play to the end (after the reader is out)."""
        self.advance(limit=100_000, to_the_end=True)
        self.render()

    def _my_last_action(self) -> int | None:
        acts = self.session.actions[:self.session.step]
        for j in range(len(acts) - 1, -1, -1):
            if acts[j].get("player") == self.viewer:
                return j
        return None

    def undo(self) -> None:
        """Back to just before the reader's last action (a new action starts a new line)."""
        j = self._my_last_action()
        if j is not None:
            self.session.jump(j)
        self.render()


def make_bot(kind: str) -> Callable:
    """``balanced``, ``greedy`` or ``random`` from :mod:`rules.shadow_master.bots`."""
    from rules.shadow_master import bots
    return {"balanced": bots.balanced_bot, "greedy": bots.greedy_bot, "random": bots.random_bot}[kind]


def new_table(bots_count: int = 2, kind: str = "balanced", seed: int = 1, viewer: int = 0) -> PlayTable:
    """A fresh game: the reader at seat ``viewer``, ``bots_count`` (1-3) bots."""
    if not 1 <= int(bots_count) <= 3:
        from rules.core.protocol import BadInput
        raise BadInput("play", "bots", "บอทได้ 1-3 ตัว", "choose 1-3 bots")
    players = int(bots_count) + 1
    session = GameSession(GAME, config={"players": players}, seed=int(seed))
    table = PlayTable(session, viewer=viewer, bots={s: make_bot(kind) for s in range(players) if s != viewer},
                      seed=int(seed))
    table.advance()
    table.render()
    return table


def play_panel() -> w.VBox:
    """"Play": the reader is seat 0 against 1-3 bots; only the reader's cards are shown."""
    bots_n = w.IntSlider(value=2, min=1, max=3, description="บอท / bots")
    kind = w.Dropdown(options=[("ชั่งน้ำหนัก / balanced", "balanced"), ("ตามแผนง่าย ๆ / greedy", "greedy"),
                               ("สุ่ม / random", "random")], value="balanced",
                      description="แบบ / kind")
    seed = w.IntText(value=1, description="seed", layout=w.Layout(width="160px"))
    start = w.Button(description="เริ่มเกมใหม่ / New game", button_style="primary", layout=w.Layout(width="auto"))
    error = w.HTML()
    holder = w.VBox()

    @safe(error)
    def new_game(_b=None):
        error.value = ""
        for child in holder.children:
            child.close()
        holder.children = [new_table(bots_n.value, kind.value, seed.value)]
    start.on_click(new_game)
    new_game()
    return w.VBox([w.HBox([bots_n, kind, seed, start], layout=w.Layout(flex_flow="row wrap")), error, holder])
