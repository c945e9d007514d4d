"""Shadow Master's board view for the shared page: the hex board (with the alliance cells), the
kingdom table and the player panels, drawn from the engine's observation.

In a scenario an action may be shown event by event (:func:`build_frames`): the board of a frame
inside an action is the position before it with the action's own events replayed on it
(``place``, ``black``, ``tokens_removed``, ``castle_captured`` through
:mod:`rules.shadow_master.board`), and an action is split only when replaying all its events gives
exactly the engine's next position; otherwise it is one frame.  Money and cards in a frame inside an
action are those before it, with the action's payments so far listed under each seat.  While an
attack is being resolved its two groups are outlined with their sizes (the engine's event data).

In play the reader's cell actions are offered as clicks on the board (a click mode per action kind
and colour); the click is bound to the decision it was shown for (``HexBoard.decision``), so a late
click after the position changed is refused by the page.  The what-if shading
(:mod:`rules.shadow_master.whatif`) is shown on the cells the reader may place on.
"""
from __future__ import annotations

import dataclasses
import html
from typing import Iterable, Mapping

import ipywidgets as w

from rules.core.protocol import BadInput, Event, IllegalAction, id_label
from rules.shadow_master import board as smb
from rules.shadow_master.attack import KIND_TH
from rules.shadow_master.whatif import overlay

from ..errors import safe
from ..page import SETTLE_MS, BoardView, Frame, GameSession, Shown, close_tree, state_before
from ..rulepanel import clause_html
from .labels import rank_groups, seat_label
from .panels import (SMBoard, alliances_of, board_widget_box, colour_html, e, kingdoms_html, players_html,
                     status_html)
from .whatif import overlay_layers

KIND_EN = {"full_force": "full force", "tempo": "tempo", "first_strike": "first strike", "siege": "siege",
           "none": "no fight"}
RESOLUTION_END = {"choose", "die", "end_turn", "round_over", "reveal", "take_open", "draw", "buy_power",
                  "first_player", "decline", "black"}
"""Event kinds after which the last attack is no longer the one being resolved."""
LEDGER_KINDS = ("pay", "deposit_lost", "forced_sale", "queen_move", "income", "sell_power", "deposit",
                "cash_returned", "black", "eliminated", "collapse")
CELL_TYPES = ("place", "place_combo", "black", "build_castle", "remove_token", "siege_cell", "ally", "envoy_ally")
"""Action types chosen by clicking a board cell (``{"cell": ...}``, or an alliance cell ``{"x": ...}``)."""
X_TYPES = ("ally", "envoy_ally")
"""Of these, the ones whose target is an alliance (X) cell."""
OWN_CARD_FILL = "#d6e6f5"
"""Background of empty cells whose Territory card the reader holds."""
MODE_TH = {"place": "วาง", "place_combo": "วาง 2 ด้วย X", "black": "โทเคนดำ / black",
           "build_castle": "สร้างปราสาท / castle", "remove_token": "หยิบโทเคนออก / remove",
           "siege_cell": "ช่องที่ล้อม / siege", "ally": "พันธมิตร (ช่อง X) ",
           "envoy_ally": "Envoy: พันธมิตร (ช่อง X) "}


# ----------------------------------------------------------------------------- frames
def replay_board(position: smb.Position, events: Iterable[Event]) -> smb.Position | None:
    """``position`` with the board changes the ``events`` report; ``None`` when one cannot be replayed."""
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


def build_frames(session: GameSession) -> list[Frame]:
    """Frame 0 (the setup), then for each action one frame per event (when its board changes replay
    exactly) or a single frame."""
    frames = [Frame(0, 0, 0)]
    for i, tr in enumerate(session.transitions, 1):
        n = len(tr.events)
        before = state_before(session, i).position
        if n > 1 and replay_board(before, tr.events) == tr.state.position:
            frames += [Frame(i, k, n) for k in range(1, n + 1)]
        else:
            frames.append(Frame(i, n, n))
    return frames


def frame_position(shown: Shown) -> smb.Position:
    """The board of the shown frame (replayed inside an action)."""
    f = shown.frame
    if f is None or f.full:
        return shown.state.position
    s = shown.session
    return replay_board(state_before(s, f.action).position, s.transitions[f.action - 1].events[:f.shown])


def frame_state(shown: Shown):
    """The state a frame shows: inside an action, the position before it with the action's board
    events so far replayed on it (every number of the board's panels is then read from this state's
    observation: Rank, tokens, outlines match the board drawn); otherwise the session's state."""
    f = shown.frame
    if f is None or f.full:
        return shown.state
    return dataclasses.replace(shown.state, position=frame_position(shown))


def current_attack(events: list[Event]) -> tuple[Event | None, list[Event]]:
    """The attack being resolved at the end of ``events`` and the events after it."""
    for i in range(len(events) - 1, -1, -1):
        ev = events[i]
        if ev.kind in ("attack", "no_attack"):
            return ev, events[i + 1:]
        if ev.kind in RESOLUTION_END or ev.kind == "place":
            return None, []
    return None, []


# ----------------------------------------------------------------------------- clicks
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
    """The click mode of a cell action: ``"type:colour"`` (colour empty but for placements)."""
    return f'{a["type"]}:{a.get("colour", "")}'


# ----------------------------------------------------------------------------- the view
class SMBoardView(BoardView):
    """The board, the page's ``side`` widgets and the attack box and status beside it; kingdoms and
    players below.  ``hexboard``, ``kingdoms``, ``players``, ``attack_box``, ``status``, ``mode``."""

    key_events = ("no_attack", "three_fronts", "tokens_removed", "collapse", "deposit_lost", "castle_captured",
                  "queen_move", "forced_sale", "forced_sale_due", "eliminated")
    """Events whose clauses are shown open when no rule panel is beside the view."""

    def __init__(self, spec, state, side=(), play=False, size: float = 19.0, **kwargs):
        super().__init__(spec, state, side, play, **kwargs)
        self.sm_board = state.board
        # in play a cell click takes an action: a new position takes no click for a moment (page.SETTLE_MS)
        self.hexboard = SMBoard(self.sm_board, size=size, settle=SETTLE_MS if play else 0)
        self.hexboard.on_click(self._cell_clicked)
        self.attack_box, self.status, self.hint = w.HTML(), w.HTML(), w.HTML()
        self.kingdoms, self.players = w.HTML(), w.HTML()
        self.mode = w.ToggleButtons(options=[], description="คลิกช่อง / click a cell", style={"button_width": "auto", "description_width": "initial"},
                                    layout=w.Layout(display="none"))
        self._shown: Shown | None = None
        self.message = None  # where a refused click is said (the page's message box)
        self._quiet = False
        self.mode.observe(lambda _c: None if self._quiet or self._shown is None else self._draw_play(), names="value")
        if play:
            top = [self.status, board_widget_box(self.hexboard, self.mode, self.hint, *self.side, self.kingdoms)]
            self.children = top + [self.players]
        else:
            self.children = [board_widget_box(self.hexboard, *self.side, self.attack_box, self.status),
                             self.kingdoms, self.players]
        self.add_class("kl-sm-board")

    def close(self) -> None:
        """Close the view and the parts its mode does not show (the attack box in play, the click
        mode and its hint beside a scenario): they are no children, so :func:`~widgets.page.close_tree`
        did not reach them (each closed play table left three widgets open, each scenario board six)."""
        for name in ("attack_box", "hint", "mode"):
            part = getattr(self, name, None)  # None: closed before __init__ made it
            if part is not None:
                close_tree(part)
        super().close()

    def accepts(self, state) -> bool:
        return state.board is self.sm_board

    # -- drawing ---------------------------------------------------------------------------
    def show(self, shown: Shown) -> None:
        self._shown = shown
        if self.play:
            self._show_play(shown)
        else:
            self._show_frame(shown)

    def _show_frame(self, shown: Shown) -> None:
        board, game = self.sm_board, self.spec.game
        state = frame_state(shown)
        if state is shown.state:
            obs = shown.full if shown.full is not None else shown.obs
        else:  # inside an action: the panels read the same position as the board
            obs = game.state_to_json(state) if shown.full is not None else game.observe(state, None)
        obs = {**obs, "current": shown.obs.get("current")}
        position = state.position
        attack, after = current_attack(shown.events)
        if attack is not None:
            # the two groups as the engine's attack event gives them (as they stood when it began), drawn on
            # the cells that still hold that side's tokens in this frame: a cell emptied (or taken) since is
            # no longer outlined, so an outline never reads as a group around an empty cell (the key under
            # the attack card says so)
            d = attack.data
            outlines = []
            for cells, side, title in ((d.get("attacker_cells", []), d.get("attacker") or ["red"],
                                        f"ฝ่ายบุก / attacker {d.get('attacker_size')}"),
                                       (d.get("defender_cells", []), d.get("defender") or ["blue"],
                                        f"ฝ่ายรับ / defender {d.get('defender_size')}")):
                held = [c for c in cells if position.colour_at(c) in side]
                if held:
                    outlines.append((held, side[0], title))
        else:  # the engine's groups of the drawn position (public: the spectator's observation)
            public = shown.obs if state is shown.state else game.observe(state, None)
            outlines = rank_groups(public, position)
        highlights = []
        for ev in shown.now:
            cell = ev.data.get("cell") if ev.kind != "queen_move" else None
            if isinstance(cell, str) and cell in board.hex_of:
                highlights.append(cell)
            if isinstance(ev.data.get("x"), str):
                highlights.append(ev.data["x"])  # an alliance cell (drawn below the map)
            highlights += [c for c in ev.data.get("siege_cells", []) if c in board.hex_of]
        castles = [c["cell"] for c in obs.get("castles", [])]
        self.hexboard.show(position, castles=castles, outlines=outlines, highlights=highlights,
                           alliances=alliances_of(obs))
        self.attack_box.value = self._attack_html(attack, after)
        ledger: dict[int, list[str]] = {}
        for ev in shown.cursor.action_events() if shown.cursor else ():
            if ev.actor is not None and ev.kind in LEDGER_KINDS and ev.visible(None):
                ledger.setdefault(ev.actor, []).append(e(ev.text_th))
        f = shown.frame
        note = "" if f is None or f.full else (
            "กระดาน Rank และจำนวนโทเคนเป็นของขั้นนี้ ส่วนเงิน การ์ด และโทเคนที่เหลือ (supply) เป็นของก่อนการกระทำนี้ "
            "รายการสีเหลืองคือที่เกิดขึ้นแล้วในขั้นนี้ / the board, Ranks and tokens are this frame's; money, cards "
            "and the supply are as before this action; the yellow lines already happened in it")
        self.status.value = status_html(board, obs)
        self.kingdoms.value = kingdoms_html(board, obs) + (
            f"<div class='kl-sm kl-muted kl-frame-note'>{note}</div>" if note else "")
        self.players.value = players_html(board, obs, None, ledger, note)

    def _attack_html(self, attack: Event | None, after: list[Event]) -> str:
        if attack is None:
            return ""
        board, book = self.sm_board, self.spec.book
        d = attack.data
        kind = d.get("kind", "none")
        side = lambda cs: " + ".join(colour_html(board, c) for c in cs)
        removed = sum(int(ev.data.get("count", 0)) for ev in after if ev.kind == "tokens_removed")
        paid = [ev for ev in after if ev.kind == "pay"]
        collapsed = [ev.data.get("colour") for ev in after if ev.kind == "collapse"]
        clause = f"attack.{kind}" if kind != "none" else "attack.trigger"
        # the heading says the kind in Thai / English; its clause id stays in the tooltip and data-clause
        rows = [f"<div title='{e(clause)}' data-clause='{e(clause)}'><b class='kl-attack-kind' data-kind='{e(kind)}'>"
                f"{e(KIND_TH.get(kind, kind))}</b> / <span class='kl-muted'>{e(KIND_EN.get(kind, kind))}</span></div>",
                f"<div>ฝ่ายบุก / attacker: {side(d.get('attacker', []))} <b>{d.get('attacker_size')}</b> ช่อง"
                f" · ฝ่ายรับ / defender: {side(d.get('defender', []))} <b>{d.get('defender_size')}</b> ช่อง</div>"]
        if kind in ("full_force", "tempo", "first_strike"):
            rows.append(f"<div>ต้องหยิบออก / to remove: <b>{d.get('remove')}</b> โทเคน · หยิบแล้ว / removed: "
                        f"<b class='kl-removed'>{removed}</b></div>")
        elif kind == "siege":
            rows.append(f"<div>ช่องที่ถูกล้อม / enclosed cells: {e(', '.join(d.get('siege_cells', [])))}"
                        f" · หยิบแล้ว / removed: <b class='kl-removed'>{removed}</b></div>")
        if paid:
            by_seat: dict[int, int] = {}
            for ev in paid:
                by_seat[ev.actor] = by_seat.get(ev.actor, 0) + int(ev.data.get("paid", 0))
            rows.append("<div>ผู้ถือ Power จ่าย / holders pay: " + ", ".join(
                f"{e(seat_label(s))}: <b>{n}</b> Silver" for s, n in sorted(by_seat.items())) + "</div>")
        if collapsed:
            rows.append("<div><b>ล่มสลาย / collapsed:</b> " + ", ".join(colour_html(board, c) for c in collapsed)
                        + "</div>")
        rows.append("<div class='kl-muted kl-outline-key'>กรอบสีบนกระดาน = กลุ่มของฝ่ายบุกและฝ่ายรับ "
                    "(จำนวนช่องตอนเริ่มโจมตี) เฉพาะช่องที่ยังมีโทเคนของฝ่ายนั้น ช่องที่ว่างแล้วไม่มีกรอบ / outlined on "
                    "the board: the attacker's and the defender's groups (sizes as the attack began), on the cells "
                    "that still hold that side's tokens; an emptied cell is not outlined</div>")
        text = clause_html(book.clause(clause), cited=True, book=book) if clause in book.ids else ""
        return (f"<div class='kl-sm kl-attack' style='border:2px solid #e0a800;border-radius:8px;"
                f"padding:4px 8px;margin-top:6px'>{''.join(rows)}<div class='kl-rules'>{text}</div></div>")

    # -- play ------------------------------------------------------------------------------
    def _show_play(self, shown: Shown) -> None:
        board, obs, legal = self.sm_board, shown.obs, shown.legal
        self.status.value = status_html(board, obs) + (
            "<div class='kl-sm'><b>ตาของคุณ / your move</b></div>" if legal else
            (game_over_html(self.spec.game, shown.state) if obs.get("current") == "terminal" else ""))
        keys = []
        for a in legal:
            if a["type"] in CELL_TYPES and click_key(a) not in keys:
                keys.append(click_key(a))
        options = [(mode_label(k, board), k) for k in keys]
        self._quiet = True  # the board is drawn once below
        try:
            self.mode.options = options
            if options and self.mode.value not in keys:
                self.mode.value = keys[0]
        finally:
            self._quiet = False
        self.mode.layout.display = "" if options else "none"
        self.mode.disabled = False  # a new decision: the table froze it while the bots moved
        self.hint.value = ("<div class='kl-sm kl-muted'>คลิกช่องที่มีกรอบสีเหลือง สีพื้นบอกการโจมตีที่จะเกิด (ตัวเลข = โทเคนที่จะถูกหยิบออก)"
                           " / click a cell with a yellow border; its shade is the attack it would start"
                           " (the number = tokens it would remove)</div>" if options else
                           "<div class='kl-sm kl-muted'>ช่องสีฟ้าอ่อน = ช่องที่คุณถือการ์ด Territory / light blue = "
                           "cells whose Territory card you hold</div>")
        self.kingdoms.value = kingdoms_html(board, obs)
        # once the game is over the engine's observation holds every hand (rules.shadow_master.observe):
        # the panel lists what the reader's observation holds, never the full state
        self.players.value = players_html(board, obs, shown.viewer)
        self._draw_play()

    def mode_value(self) -> str | None:
        return self.mode.value if self.mode.options else None

    def _draw_play(self) -> None:
        """The board from the reader's observation, the click targets and the what-if shading."""
        shown, board = self._shown, self.sm_board
        obs = shown.obs
        position = smb.position_from_json(board, obs["board"])
        mode = self.mode_value()
        cells = [target(a) for a in shown.legal if a["type"] in CELL_TYPES and click_key(a) == mode]
        fills, labels = {}, {}
        hand = (obs["players"][shown.viewer].get("hand") or []) if not cells and shown.viewer is not None else []
        for c in hand:  # no cell to click: show where the reader's Territory cards are
            if c in board.hex_of and c not in obs["board"]:
                fills[c] = OWN_CARD_FILL
        if mode and mode.startswith("place:"):
            # what-if on the cells the reader may place on now (asked of the engine)
            fills, labels = overlay_layers(overlay(shown.state, mode.split(":")[1], shown.viewer, cells=cells))
        castles = [c["cell"] for c in obs.get("castles", [])]
        with self.hexboard.hold_sync():  # one message: the decision arrives with the cells it makes clickable
            self.hexboard.decision = shown.decision
            self.hexboard.show(position, castles=castles, outlines=rank_groups(obs, position), highlights=cells,
                               fills=fills, labels=labels, alliances=alliances_of(obs))

    def _cell_clicked(self, h) -> None:
        safe(self.message)(self._act_on_cell)(h)

    def _act_on_cell(self, h) -> None:
        shown = self._shown
        if not self.play or shown is None or shown.choose is None:
            return
        cell = self.hexboard.cell_name(h)
        decision = self.hexboard.clicked_decision
        if decision != shown.decision:  # a click on an older picture (a double or late click)
            shown.choose(decision, {})  # the page says calmly that the game moved on; nothing applied
            return
        mode = self.mode_value()
        for a in shown.legal:
            if a["type"] in CELL_TYPES and click_key(a) == mode and target(a) == cell:
                shown.choose(decision, a)
                return
        if mode is None:
            raise BadInput("board", cell, f"ตอนนี้ไม่มีการกระทำที่เลือกช่องได้ (คลิกช่อง {cell})",
                           f"no action takes a cell now (clicked {cell}); use the buttons")
        typ, colour = mode.split(":")
        action = {"player": shown.viewer, "type": typ, ("x" if typ in X_TYPES else "cell"): cell,
                  **({"colour": colour} if colour else {})}
        if decision == shown.decision:
            shown.session.game.apply(shown.state, action)  # refused by the engine: the message names the clause
        shown.choose(decision, action)  # a stale click is refused by the page

    def click(self, cell: str) -> None:
        """As if the reader clicked ``cell`` now (a map cell or an X cell; tests and demos)."""
        self.hexboard.click(self.hexboard.hex_of[cell])


# ----------------------------------------------------------------------------- "what would the bots do here?"
def action_cell(a: Mapping) -> str | None:
    """The board cell (map or X cell) a click-chosen action names, ``None`` for the others."""
    return target(a) if a.get("type") in CELL_TYPES else None


def game_over_html(game, state) -> str:
    """"Game over" naming the winners and why the game ended, asked of the engine
    (``score_breakdown``: ``winners``, ``end_reason``; ``scoring.winner``); the winner was only in the
    last line of a long story."""
    scores = game.score_breakdown(state)
    names = [game.seat_words(i) for i in scores["winners"]]
    th = ", ".join(n[0] for n in names) or "-"
    en = ", ".join(n[1] for n in names) or "-"
    reason = scores.get("end_reason")
    why = f" · {html.escape(reason['th'])} / {html.escape(reason['en'])}" if reason else ""
    return (f"<div class='kl-sm kl-game-over'><b>จบเกม ผู้ชนะ: {html.escape(th)} / game over, winner: {html.escape(en)}</b>"
            f"{why}{final_table_html(game, scores)}</div>")


def final_table_html(game, scores: Mapping) -> str:
    """The final count: a row per seat, its total and the engine's sources (``score_breakdown``'s
    ``seats``, named by the engine's ``id_labels["source"]``), in Silver."""
    keys = list(scores["seats"][0]["sources"]) if scores["seats"] else []
    head = "".join(f"<th>{html.escape(th)} / <span class='kl-muted'>{html.escape(en)}</span></th>"
                   for th, en in (id_label(game, "source", k) or (k, k) for k in keys))
    rows = []
    for i, seat in enumerate(scores["seats"]):
        th, en = game.seat_words(i)
        win = " <b>🏆</b>" if i in scores["winners"] else ""
        out = " <span class='kl-muted'>(ออก / out)</span>" if seat.get("out") else ""
        rows.append(f"<tr data-seat='{i}'><td>{html.escape(th)} / {html.escape(en)}{win}{out}</td>"
                    f"<td class='kl-total'><b>{seat['total']}</b></td>"
                    + "".join(f"<td>{seat['sources'][k]}</td>" for k in keys) + "</tr>")
    # its own scroll box: seven columns are wider than a 390 px phone (the page must not scroll sideways)
    return ("<div style='overflow-x:auto;max-width:100%'><table class='kl-final'><tr><th>ผู้เล่น / player</th>"
            f"<th>รวม / total (Silver)</th>{head}</tr>{''.join(rows)}</table></div>")


def analysis_board(state, obs: Mapping, fills: Mapping[str, str], titles: Mapping[str, str]) -> SMBoard:
    """A fresh board of ``state`` with the analysed cells shaded (``fills``) and their scores as
    hover texts (``titles``), drawn from the spectator's ``obs`` (the map is public)."""
    from ..bots_here import MUTED
    # the class is given at construction, so the widget's opening message carries it (added after, it
    # was missing on the page now and then: the bots-here browser test waited for it in vain)
    board = SMBoard(state.board, size=17.0, width=520, layout=w.Layout(width="100%"), _dom_classes=("kl-bots-board",))
    muted = {c: MUTED for c in state.board.hex_of if c not in state.position}
    board.show(state.position, castles=[c["cell"] for c in obs.get("castles", [])], fills={**muted, **dict(fills)},
               alliances=alliances_of(obs))
    board.set_titles({board.hex_of[c]: t for c, t in titles.items() if c in board.hex_of})
    return board
