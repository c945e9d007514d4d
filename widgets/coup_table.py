"""The Coup table: one seat's view of a เกมโค่นอำนาจ game, its action buttons, bots, and the
scenario step-through used by ``notebooks/coup.ipynb``.

Nothing here decides a rule.  The table is drawn from ``GAME.observe(state, viewer)`` only, so
another seat's face-down card never reaches the browser (widget state travels there); the
buttons are the viewer's ``legal_actions`` and a click calls ``GameSession.apply``, which the
engine validates.  Teaching scenarios may show every card (``show_all=True``): they are public
examples and the table says so on screen.

Bots (:mod:`rules.coup.bots`) play the seats given in ``bots``; they too see only ``observe``.
When several seats may react at once, seats are asked clockwise from the seat whose turn it is
(the register's tie rule, ambiguity ``reaction_order``), so the human answers in turn.
"""
from __future__ import annotations

import html
import random
import re
from pathlib import Path
from typing import Any, Callable, Mapping

import ipywidgets as w

from rules.core.protocol import CHANCE, TERMINAL
from rules.core.rulebook import load_rulebook
from rules.core.scenario import Scenario, load_scenario

from .errors import THAI_FONT, error_html, message_html, safe
from .eventlog import EventLog
from .rulepanel import PANEL_CSS, clause_html
from .session import GameSession
from .stepper import Stepper
from .rulepanel import ambiguities_html as register_html

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "coup"

CARD_TH = {"duke": "ดยุค", "captain": "กัปตัน", "assassin": "นักฆ่า", "contessa": "คอนเตสซ่า",
           "ambassador": "ทูต", "inquisitor": "นักสืบศาสนา"}
CARD_COLOUR = {"duke": "#7b1fa2", "captain": "#1e63c6", "assassin": "#37474f", "contessa": "#c62828",
               "ambassador": "#2e7d32", "inquisitor": "#ef6c00"}
FACTION_TH = ("ศาสนา ก", "ศาสนา ข")
PHASE_TH = {
    "faction": ("เลือกศาสนา", "choose a faction"), "turn": ("เลือกการกระทำ", "choose an action"),
    "challenge_action": ("ท้าทายคำอ้างหรือไม่", "challenge the claim?"),
    "block": ("ยับยั้งหรือไม่", "block?"), "challenge_block": ("ท้าทายการยับยั้งหรือไม่", "challenge the block?"),
    "prove": ("พิสูจน์หรือเสียการ์ด", "prove or lose a card"), "lose": ("เลือกการ์ดที่จะเสีย", "choose a card to lose"),
    "exchange": ("เลือกการ์ดที่จะคืน", "choose cards to return"), "show": ("เลือกการ์ดให้ดู", "choose a card to show"),
    "examine": ("บังคับแลกหรือคืนให้", "force an exchange or let keep"), "chance": ("สับกอง / สุ่ม", "shuffle / chance"),
    "over": ("จบเกม", "game over"),
}
SPECTATOR_PHASE_TH = {
    "faction": ("ช่วงเลือกศาสนา", "factions are chosen"), "turn": ("ช่วงเลือกการกระทำ", "an action is chosen"),
    "challenge_action": ("ช่วงท้าทายคำอ้าง", "the claim may be challenged"),
    "block": ("ช่วงยับยั้ง", "the action may be blocked"),
    "challenge_block": ("ช่วงท้าทายการยับยั้ง", "the block may be challenged"),
    "prove": ("ช่วงพิสูจน์คำอ้าง", "the claim is proven or a card lost"),
    "lose": ("ช่วงเสียการ์ด", "a card is lost"), "exchange": ("ช่วงคืนการ์ด", "cards are returned"),
    "show": ("ช่วงให้ดูการ์ด", "a card is shown"), "examine": ("ช่วงตัดสินการสอบสวน", "the examined card is decided"),
}
"""Neutral headings for a table nobody acts from (a spectator or a teaching example)."""

CSS = f"""<style>
.kl-coup {{ font-family: {THAI_FONT}; font-size: 14px; }}
.kl-coup .kl-seats {{ display: flex; flex-wrap: wrap; gap: 8px; }}
.kl-coup .kl-seat {{ border: 2px solid #ccc; border-radius: 8px; padding: 6px 8px; min-width: 150px; background: #fafafa; }}
.kl-coup .kl-seat.turn {{ border-color: #1e63c6; }}
.kl-coup .kl-seat.acting {{ background: #fff4cc; }}
.kl-coup .kl-seat.out {{ opacity: .55; }}
.kl-coup .kl-card {{ display: inline-block; border-radius: 5px; padding: 1px 6px; margin: 2px; color: #fff; font-size: 13px; }}
.kl-coup .kl-card.back {{ background: #9e9e9e; }}
.kl-coup .kl-card.lost {{ text-decoration: line-through; opacity: .7; }}
.kl-coup .kl-head {{ margin-bottom: 6px; }}
.kl-coup .kl-teach {{ background: #e8f4fd; border-left: 4px solid #2a6f97; padding: 3px 8px; margin-bottom: 6px; }}
</style>"""


def _e(text: Any) -> str:
    return html.escape(str(text))


def card_html(name: str, lost: bool = False) -> str:
    """A face-up card chip (Thai name, English in the tooltip)."""
    return (f'<span class="kl-card{" lost" if lost else ""}" style="background:{CARD_COLOUR.get(name, "#555")}"'
            f' title="{_e(name)}">{_e(CARD_TH.get(name, name))}</span>')


def back_html(count: int) -> str:
    return "".join('<span class="kl-card back" title="face down / คว่ำ">?</span>' for _ in range(count))


def table_html(obs: Mapping, full: Mapping | None = None) -> str:
    """The table as HTML from an observation (``full``: ``state_to_json`` of a teaching
    example, whose hands are then all shown).  A pure function of its inputs."""
    me = obs["viewer"]
    current = obs["current"]
    acting = set(current) if isinstance(current, list) else ({current} if isinstance(current, int) else set())
    phases = PHASE_TH if me is not None else {**PHASE_TH, **SPECTATOR_PHASE_TH}
    th, en = phases.get(obs["phase"], (obs["phase"], obs["phase"]))
    head = [f"<b>{_e(th)}</b> / {_e(en)}", f"ตาของที่นั่ง {obs['turn']} / seat {obs['turn']}'s turn",
            f"ธนาคาร {obs['bank']} / bank", f"กอง {obs['deck_size']} ใบ / deck"]
    if obs["reformation"]:
        head.append(f"ที่พักพิง {obs['almshouse']} / almshouse")
    if obs["forced"] and obs["phase"] == "turn":
        head.append("<b>ต้องรัฐประหาร / must coup</b>")
    act = obs["action"]
    if act:
        what = action_label({"type": act["type"], "player": act.get("actor"), "target": act["target"],
                             "character": act["claim"]})
        claim = f" ({CARD_TH.get(act['claim'], act['claim'])})" if act["claim"] else ""
        if claim.strip() in what:
            claim = ""
        who = f"ที่นั่ง {act['actor']}: " if act.get("actor") is not None else ""
        head.append(f"การกระทำ / action: {_e(who)}{_e(what)}{_e(claim)}")
    if obs["block"]:
        head.append(f"ยับยั้งโดยที่นั่ง {obs['block']['player']} ด้วย{_e(CARD_TH[obs['block']['character']])} / block")
    if obs["winner"] is not None:
        head.append(f"<b>ผู้ชนะ: ที่นั่ง {obs['winner']} / winner: seat {obs['winner']}</b>")
    if obs["deadlock"]:
        head.append("<b>ทางตัน ไม่มีผู้ชนะ / deadlock, no winner</b>")
    seats = []
    for p in obs["players"]:
        s = p["seat"]
        cls = ["kl-seat"] + (["turn"] if s == obs["turn"] else []) + (["acting"] if s in acting else []) \
            + ([] if p["alive"] else ["out"])
        name = f"ที่นั่ง {s}" + (" (คุณ / you)" if s == me else "")
        hand = full["players"][s]["hand"] if full else p["hand"]
        cards = "".join(card_html(c) for c in hand) if hand is not None else back_html(p["cards"])
        lost = "".join(card_html(c, lost=True) for c in p["lost"]) + back_html(p["lost_face_down"])
        # factions are placeholders until the faction choice is made (phase "faction")
        chosen = p["faction"] is not None and obs["phase"] != "faction"
        faction = f" · {FACTION_TH[p['faction']]}" if chosen else ""
        # a seat that is out claims nothing any more (its last claim may just have been a bluff)
        claims = ", ".join(CARD_TH.get(c, c) for c in p["claims"]) if p["alive"] else ""
        seats.append(
            f'<div class="{" ".join(cls)}"><div><b>{_e(name)}</b>{_e(faction)}</div>'
            f'<div>เหรียญ / coins: <b>{p["coins"]}</b></div><div>{cards}</div>'
            + (f'<div>เสียแล้ว / lost: {lost}</div>' if lost else "")
            + (f'<div style="color:#666">อ้าง / claimed: {_e(claims)}</div>' if claims else "")
            + "</div>")
    extra = []
    if obs.get("exchange_drawn"):
        extra.append("หยิบมา / drawn: " + "".join(card_html(c) for c in obs["exchange_drawn"]))
    if obs.get("examined"):
        extra.append("การ์ดที่ดู / examined card: " + card_html(obs["examined"]))
    for t, c in obs.get("known", []):
        extra.append(f"รู้ว่าที่นั่ง {t} มี / you know seat {t} holds: " + card_html(c))
    teach = ('<div class="kl-teach">ตัวอย่างสอน: เปิดไพ่ทุกใบให้เห็น / teaching example: every card is shown</div>'
             if full else "")
    return (f'{CSS}<div class="kl-coup">{teach}<div class="kl-head">{" · ".join(head)}</div>'
            f'<div class="kl-seats">{"".join(seats)}</div>'
            + "".join(f"<div>{x}</div>" for x in extra) + "</div>")


def action_label(a: Mapping) -> str:
    """A button label for a legal action (Thai / English)."""
    t = a["type"]
    tgt = a.get("target")
    c = a.get("card") or a.get("character")
    cth = CARD_TH.get(c, c)
    labels = {
        "income": "รายได้ +1 / Income", "foreign_aid": "ช่วยเหลือจากภายนอก +2 / Foreign aid",
        "coup": f"รัฐประหารที่นั่ง {tgt} / Coup seat {tgt}", "tax": "เก็บภาษี (ดยุค) / Tax",
        "steal": f"ขโมยจากที่นั่ง {tgt} (กัปตัน) / steal from seat {tgt}",
        "assassinate": f"ลอบสังหารที่นั่ง {tgt} (นักฆ่า) / assassinate seat {tgt}",
        "exchange": f"แลกเปลี่ยน ({cth}) / Exchange", "examine": f"สอบสวนที่นั่ง {tgt} / examine seat {tgt}",
        "convert": ("เปลี่ยนศาสนาตัวเอง / Convert self" if tgt == a.get("player")
                    else f"เปลี่ยนศาสนาที่นั่ง {tgt} / convert seat {tgt}"),
        "embezzle": "ยักยอก (ไม่มีนกยูง) / Embezzle", "pass": "ผ่าน / Pass", "challenge": "ท้าทาย! / Challenge",
        "block": f"ยับยั้ง ({cth}) / Block", "prove": "เปิดพิสูจน์ / Prove", "lose": f"เสีย{cth} / Lose",
        "show": f"ให้ดู{cth} / Show", "force_exchange": "บังคับแลก / Force exchange",
        "let_keep": "คืนให้เก็บ / Let keep",
        "choose_faction": f"{FACTION_TH[a.get('faction', 0)]} / Faction {'AB'[a.get('faction', 0)]}",
    }
    if t == "exchange_return":
        return "คืน / Return: " + ", ".join(CARD_TH.get(x, x) for x in a["return"])
    return labels.get(t, t)


def clockwise(obs: Mapping, seats) -> list[int]:
    """``seats`` in the order asked: clockwise from the seat whose turn it is (tie rule)."""
    n = len(obs["players"])
    start = obs["turn"]
    order = [(start + k) % n for k in range(1, n + 1)]
    return [s for s in order if s in seats]


def close_tree(widget: w.Widget) -> None:
    """Close ``widget`` and every widget it holds (children, layout, style), so a replaced view
    leaves no live widget behind in the kernel (nor its model in the browser)."""
    seen: set[int] = set()

    def close(x: Any) -> None:
        if not isinstance(x, w.Widget) or id(x) in seen:
            return
        seen.add(id(x))
        for name in x.keys:
            value = getattr(x, name, None)
            for v in (value if isinstance(value, (tuple, list)) else (value,)):
                close(v)
        x.close()
    close(widget)


class CoupTable(w.VBox):
    """One seat's table over a :class:`~widgets.session.GameSession` of ``rules.coup.GAME``.

    ``viewer``: the seat whose eyes and buttons these are (``None`` = spectator, no buttons);
    ``bots``: ``{seat: policy}`` played automatically after every change (see :meth:`advance`);
    ``show_all``: a teaching example (every card shown, said on screen, also in the log);
    ``with_log``: add an :class:`~widgets.eventlog.EventLog` (redacted for ``viewer``).

    The action buttons are a pool reused from click to click (a click never leaves widgets
    behind); a player's table has "undo my move" (:meth:`undo`) and, once the viewer is out
    while bots play on, "play the rest" (:meth:`finish`).
    """

    def __init__(self, session: GameSession, viewer: int | None = 0,
                 bots: Mapping[int, Callable] | None = None, show_all: bool = False,
                 with_log: bool = True, seed: int = 0, **kwargs):
        self.session, self.viewer, self.show_all = session, viewer, show_all
        self.bots = dict(bots or {})
        self.seed = seed  # bots' rng: seed + step (see advance)
        self._busy = False
        self.board = w.HTML()
        self.buttons = w.Box(layout=w.Layout(display="flex", flex_flow="row wrap"))
        self._pool: list[w.Button] = []  # action buttons, reused (see _show_actions)
        self._actions: list[dict] = []  # what each shown button applies
        self.message = w.HTML()
        player = viewer is not None and viewer not in self.bots
        self.undo_button = w.Button(description="ย้อนตาของฉัน / undo my move", icon="undo",
                                    layout=w.Layout(width="auto", display="" if player else "none"))
        self.undo_button.on_click(safe(self.message)(lambda _b: self.undo()))
        self.finish_button = w.Button(description="เล่นต่อจนจบ / play the rest", icon="forward",
                                      layout=w.Layout(width="auto", display="none"))
        self.finish_button.on_click(safe(self.message)(lambda _b: self.finish()))
        self.tools = w.HBox([self.undo_button, self.finish_button])
        parts = [self.board, self.buttons, self.tools, self.message]
        self.eventlog = None
        if with_log:
            self.eventlog = EventLog(session, book=load_rulebook("coup"), viewer=None if show_all else viewer,
                                     reveal=show_all)  # a teaching example's log shows what its table shows
            parts.append(self.eventlog)
        super().__init__(parts, **kwargs)
        self._watch = lambda _c: None if self._busy else self.render()
        session.observe(self._watch, names=["step", "length"])
        self.render()

    def close(self) -> None:
        """Close this table and all its widgets; it stops following the session."""
        try:
            self.session.unobserve(self._watch, names=["step", "length"])
        except ValueError:
            pass
        for part in (self.board, self.buttons, self.tools, self.message, self.eventlog, *self._pool):
            if part is not None:
                close_tree(part)
        super().close()

    # -- reading ---------------------------------------------------------------------------
    def viewer_out(self) -> bool:
        """True when the viewer's seat has no influence left (``observe``: not ``alive``)."""
        if self.viewer is None:
            return False
        return not self.session.observation(self.viewer)["players"][self.viewer]["alive"]

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw the table and the viewer's buttons from ``observe`` (never the full state,
        unless ``show_all``)."""
        s = self.session
        obs = s.observation(self.viewer)
        full = s.game.state_to_json(s.state) if self.show_all else None
        self.board.value = table_html(obs, full)
        player = self.viewer is not None and self.viewer not in self.bots
        self._show_actions(s.legal_actions(self.viewer) if player else [])
        self.undo_button.disabled = self._my_last_action() is None
        unfinished = s.current_player() != TERMINAL
        self.finish_button.layout.display = "" if player and self.bots and unfinished and self.viewer_out() else "none"

    def _show_actions(self, actions: list[dict]) -> None:
        """One button per action, taken from the pool (new buttons only when it is too small)."""
        self._actions = [dict(a) for a in actions]
        while len(self._pool) < len(actions):
            b = w.Button(layout=w.Layout(width="auto"))
            b.on_click(self._clicker(len(self._pool)))
            self._pool.append(b)
        for b, a in zip(self._pool, actions):
            b.description = action_label(a)
            b.button_style = "danger" if a["type"] == "challenge" else ""
        self.buttons.children = self._pool[:len(actions)]

    def _clicker(self, index: int):
        @safe(self.message)
        def click(_b):
            if index >= len(self._actions):
                return  # a stale click on a button no longer shown
            self.act(self._actions[index])
        return click

    # -- acting ----------------------------------------------------------------------------
    def act(self, action: dict) -> None:
        """Apply the viewer's ``action`` (the engine validates it), let the bots answer, redraw."""
        self.message.value = ""
        self._busy = True
        try:
            self.session.apply(dict(action))
            self.advance()
        finally:
            self._busy = False
            self.render()

    def _my_last_action(self) -> int | None:
        """Index (in ``session.actions``) of the viewer's last own decision before ``step``."""
        if self.viewer is None or self.viewer in self.bots:
            return None
        acts = self.session.actions[:self.session.step]
        for j in range(len(acts) - 1, -1, -1):
            if acts[j].get("player") == self.viewer and "chance" not in acts[j]:
                return j
        return None

    def undo(self) -> None:
        """Back to just before the viewer's last own decision (the bots' moves after it are undone
        too); the bots then act again from there.  Chance is seeded per line of play and the bots
        per step, so the same shuffles and bot moves come back.  Nothing to undo: no change."""
        j = self._my_last_action()
        self.message.value = ""
        if j is None:
            self.render()
            return
        self._busy = True
        try:
            self.session.jump(j)
            self.advance()
        finally:
            self._busy = False
            self.render()

    def finish(self) -> None:
        """Let chance and the bots play to the end (offered once the viewer is out)."""
        self._busy = True
        try:
            self.advance(limit=100_000, to_the_end=True)
        finally:
            self._busy = False
            self.render()

    # -- bots ------------------------------------------------------------------------------
    def bot_rng(self) -> random.Random:
        """The bots' rng at the current step: seeded from the table seed and ``step``, so the
        same position on the same line of play gets the same bot move after an undo."""
        return random.Random(f"{self.seed}/bot/{self.session.step}")

    def advance(self, limit: int = 2000, to_the_end: bool = False) -> int:
        """Let chance and the bots move until a human seat must act or the game ends (or the
        viewer is out, unless ``to_the_end``: then :meth:`finish` plays on); returns the number
        of steps taken.  Only ``legal_actions`` and ``observe`` are used."""
        s = self.session
        taken = 0
        stop_when_out = self.viewer is not None and self.viewer not in self.bots and not to_the_end
        for _ in range(limit):
            cp = s.current_player()
            if cp == TERMINAL or (stop_when_out and self.viewer_out()):
                break
            if cp == CHANCE:
                s.apply_chance()  # reproducible along the line: an undo cannot re-roll
                taken += 1
                continue
            seats = sorted(cp) if isinstance(cp, frozenset) else [cp]
            obs = s.observation(None)
            seat = clockwise(obs, seats)[0]
            if seat not in self.bots:
                break
            policy = self.bots[seat]
            s.apply(policy(s.observation(seat), s.legal_actions(seat), self.bot_rng()))
            taken += 1
        return taken


# --- scenarios ------------------------------------------------------------------------------
def scenario_session(sc: Scenario) -> tuple[GameSession, list[tuple[str, str]]]:
    """A session holding a scenario's moves at step 0, and its notes (:meth:`GameSession.from_scenario`)."""
    return GameSession.from_scenario(sc)


def scenario_view(path: Path | str, step: int = 0) -> w.VBox:
    """A scenario step by step, shown at ``step`` (:class:`BadInput` past its end): the question and
    answer, the cited clauses, a stepper and the teaching table (every card shown)."""
    sc = load_scenario(path)
    session, notes = scenario_session(sc)
    session.jump(step)
    book = load_rulebook("coup")
    cites = "".join(clause_html(book.clause(c)) for c in sc.cites)
    intro = (f'<div style="font-family:{THAI_FONT}"><h4>{_e(sc.title_th)} / {_e(sc.title_en)}</h4>'
             f'<p><b>ถาม</b> {_e(sc.question_th)}<br><i>{_e(sc.question_en)}</i></p>'
             f'<p><b>ตอบ</b> {_e(sc.answer_th)}<br><i>{_e(sc.answer_en)}</i></p></div>')
    extra = "".join(message_html(th, en, tone="info") for th, en in notes)
    table = CoupTable(session, viewer=None, show_all=sc.shows_hidden)
    return w.VBox([w.HTML(intro + extra), Stepper(session), table,
                   w.HTML(f'{PANEL_CSS}<details><summary>ข้อกติกาที่อ้างถึง / cited clauses</summary>'
                          f'<div class="kl-rules">{cites}</div></details>')])


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


def scenario_picker(root: Path | str = SCENARIOS) -> w.VBox:
    """A dropdown of every Coup scenario file and the chosen one's :func:`scenario_view`: the
    rulings in their natural order (1, 2, ... 9, 10, ...; see :func:`ruling_key`), labelled with
    their number, the first ruling chosen; files without a number (setup examples) come last."""
    paths = sorted(Path(root).glob("*.yaml"), key=ruling_key)
    out = w.VBox()
    error = w.HTML()
    options = []
    for p in paths:
        try:
            options.append((ruling_label(p, load_scenario(p).title_th), p))
        except Exception as exc:  # noqa: BLE001 - a broken file is reported, the rest still load
            error.value += error_html(exc)
    dropdown = w.Dropdown(options=options, description="สถานการณ์", layout=w.Layout(width="100%"))

    @safe(error)
    def show(_change=None):
        old = out.children
        out.children = [scenario_view(dropdown.value)] if dropdown.value else []
        for view in old:  # the replaced scenario's widgets are closed, not left in the kernel
            close_tree(view)
    dropdown.observe(show, names="value")
    show()
    return w.VBox([dropdown, error, out])


def section_view(section: int, scenario: str | None = None, players: int = 4) -> w.HBox:
    """A rulebook section's Thai clauses beside a live table: a scenario (file stem in
    ``data/scenarios/coup``) or a fresh game seen by a spectator."""
    book = load_rulebook("coup")
    heading, clauses = book.sections()[section]
    text = PANEL_CSS + '<div class="kl-rules">' + "".join(clause_html(c) for c in clauses) + "</div>"
    left = w.HTML(text, layout=w.Layout(flex="1 1 380px", max_width="560px"))
    if scenario:
        right = scenario_view(SCENARIOS / f"{scenario}.yaml")
    else:
        from rules.coup import GAME
        session = GameSession(GAME, config={"players": players}, seed=section)
        right = CoupTable(session, viewer=None, with_log=False)
    right.layout = w.Layout(flex="1 1 420px")
    return w.HBox([left, right], layout=w.Layout(flex_flow="row wrap"))


def new_seed() -> int:
    """A fresh seed for a new game (6 digits, easy to type back in to replay that game)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def parse_seed(text: str) -> int | None:
    """The seed a reader typed (``None``: the box is empty, pick a new one); :class:`BadInput`
    (field ``seed``) when it is not a whole number written in ASCII digits."""
    text = (text or "").strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        from rules.core.protocol import BadInput
        raise BadInput("play", "seed", f"seed ต้องเป็นจำนวนเต็มตั้งแต่ 0 หรือเว้นว่างไว้ (ได้ '{text}')",
                       f"seed must be a whole number >= 0, or empty for a new one (got '{text}')")
    return int(text)


def play_panel() -> w.VBox:
    """"Play": you (seat 0) against 1-5 bots; your cards are visible only to you.

    Each new game gets a new seed unless one is typed in the ``seed`` box; the seed used is shown
    so a game can be replayed on purpose.  The previous table is closed (no widget left behind)."""
    from rules.coup import GAME
    from rules.coup.bots import make_bot

    bots_n = w.IntSlider(value=3, min=1, max=5, description="บอท / bots")
    kind = w.Dropdown(options=[("ซื่อสัตย์ / honest", "honest"), ("ชอบหลอก / bluffer", "bluffer"),
                               ("สุ่ม / random", "random")], value="bluffer", description="แบบ / kind")
    reform = w.Checkbox(value=False, description="การปฏิรูปศาสนา / Reformation")
    seed = w.Text(value="", placeholder="ว่าง = สุ่มใหม่ / empty = new", description="seed",
                  layout=w.Layout(width="230px"))
    start = w.Button(description="เริ่มเกมใหม่ / New game", button_style="primary", layout=w.Layout(width="auto"))
    used = w.HTML()
    error = w.HTML()
    holder = w.VBox()

    @safe(error)
    def new_game(_b=None):
        error.value = ""
        typed = parse_seed(seed.value)
        game_seed = new_seed() if typed is None else typed
        players = bots_n.value + 1
        session = GameSession(GAME, config={"players": players, "reformation": reform.value}, seed=game_seed)
        bots = {s: make_bot(kind.value) for s in range(1, players)}
        table = CoupTable(session, viewer=0, bots=bots, seed=game_seed)
        table._busy = True  # one redraw at the end, not one per bot move
        try:
            table.advance()
        finally:
            table._busy = False
        table.render()
        for old in holder.children:
            close_tree(old)
        holder.children = [table]
        used.value = (f'<span style="font-family:{THAI_FONT}">seed ที่ใช้ / seed used: <b>{game_seed}</b>'
                      + ("" if typed is not None else " (พิมพ์เลขนี้เพื่อเล่นเกมเดิมซ้ำ / type it to replay this game)")
                      + "</span>")
    start.on_click(new_game)
    return w.VBox([w.HBox([bots_n, kind]), w.HBox([reform, seed, start, used]), error, holder])


def ambiguities_html() -> str:
    """The Coup ambiguity register as HTML (:func:`widgets.rulepanel.ambiguities_html`)."""
    return register_html("coup")