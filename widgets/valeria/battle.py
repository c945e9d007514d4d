"""The battle workbench (issue 10): a battle at camp stepped through by the reader, with the engine
explaining every number.

From a position where the current seat may go back to camp (the worked examples of
``data/scenarios/valeria/`` at their first such step: :func:`battle_starts`), the reader goes to
camp, picks a plan (reserve or row: the engine's ``choose_plan`` buttons), clicks a die then the
plan's next slot (or drags it there), flips a die with a gem and turns one with magic, and sees the
strength panel (``rules.valeria.battle.strength_breakdown``: each die, each bonus with its source,
the sum, the cut to influence with clause ``battle.strength_cap``, the VP read off the chart of
ambiguity ``vp_conversion_table``); then the level-up (``campaign.level_preview``), the marker on a
picture of the campaign map (``campaign.map_view``: free spaces clickable) and each chain bonus the
marker earns, with its clause.  Undo goes back one decision, reset to the start.

Widgets: one :class:`~widgets.choiceboard.ChoiceBoard` (everything clickable, updated in place, each
click carrying the decision it was made on: a stale click does nothing), one HTML panel, two
dropdowns (start, VP chart reading) and a message line.  Every label and number comes from the
engine (``describe_action``, the query functions above, the events); this module decides no rule.
"""
from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import ipywidgets as w

from rules.core.ambiguity import load_ambiguities
from rules.core.protocol import CHANCE, BadInput, IllegalAction
from rules.core.scenario import load_scenario
from rules.valeria import GAME
from rules.valeria import battle as vb
from rules.valeria.board import RESOURCE_TH
from rules.valeria.campaign import map_view
from rules.valeria.flow import phase
from rules.valeria.names import plan_name
from rules.valeria.state import die_text

from ..choiceboard import ChoiceBoard
from ..errors import error_html, message_html, safe
from ..page import MOVED_ON, ruling_key
from ..rulepanel import clause_html
from ..session import GameSession
from . import SPEC, labels
from .board import COLOURS

BATTLE_PHASES = frozenset(vb.STEP_OF_PHASE) - {"move"}
"""The decision phases of a battle at camp (``flow.phase`` values)."""
CHANCE_LIMIT = 200
"""Chance outcomes applied in a row at most (a chain's card draw or refill dice)."""
READING = "vp_conversion_table"
"""The register entry whose readings the chart picker offers."""
SCENARIOS = Path(__file__).resolve().parents[2] / "data" / "scenarios" / "valeria"
DEFAULT_START = "10_gems_magic_and_ongoing_champion"
"""The start shown first: reserve and row plans, gems, magic and an ongoing champion."""

CSS = """<style>
.kl-vb { font-size: 13px; }
.kl-vb .kl-vb-steps { display: flex; flex-wrap: wrap; gap: 2px; margin: 2px 0 6px; }
.kl-vb .kl-vb-step { border: 1px solid #ccc; border-radius: 10px; padding: 0 7px; font-size: 12px; color: #555; }
.kl-vb .kl-vb-step.done { background: #e3f1e3; color: #2d6a2d; border-color: #9c9; }
.kl-vb .kl-vb-step.now { background: #fff1c2; color: #000; border-color: #e0a800; font-weight: bold; }
.kl-vb .kl-vb-row { display: flex; flex-wrap: wrap; align-items: stretch; gap: 4px; margin: 4px 0; }
.kl-vb .kl-vb-slot { border: 2px dashed #999; border-radius: 6px; padding: 2px; min-width: 92px; }
.kl-vb .kl-vb-slot.next { border-color: #e0a800; background: #fffbea; }
.kl-vb .kl-vb-slot button { width: 100%; margin: 0; }
.kl-vb .chip { display: inline-block; min-width: 18px; padding: 0 4px; border-radius: 4px; color: #fff;
  font-weight: bold; text-align: center; }
.kl-vb .kl-vb-map { display: grid; grid-template-columns: minmax(0,1fr) 48px minmax(0,1fr) 48px minmax(0,1fr);
  gap: 2px; align-items: center; max-width: 440px; }
.kl-vb .kl-vb-space { border: 1px solid #bbb; border-radius: 6px; padding: 3px; min-height: 64px; font-size: 11px;
  background: #fafafa; margin: 0; width: 100%; box-sizing: border-box; }
.kl-vb .kl-vb-space b { font-size: 15px; }
.kl-vb button.kl-vb-space { background: #fff8dc; border: 2px solid #e0a800; }
.kl-vb .kl-vb-space.mine { background: #2a6f97; color: #fff; }
.kl-vb .kl-vb-chain { font-size: 10px; text-align: center; color: #666; overflow-wrap: anywhere; }
.kl-vb .kl-vb-chain.earned { color: #2d6a2d; font-weight: bold; }
.kl-vb .kl-vb-strip span { margin-right: 10px; white-space: nowrap; }
.kl-vb table { border-collapse: collapse; margin: 4px 0; }
.kl-vb td, .kl-vb th { border: 1px solid #ddd; padding: 2px 6px; vertical-align: top; }
.kl-vb tr.kl-vb-hit, .kl-vb .kl-vb-cut { background: #fff1c2; font-weight: bold; }
.kl-vb .kl-vb-cut { border-left: 4px solid #e0a800; padding: 3px 8px; margin: 4px 0; }
.kl-vb .kl-vb-cite { font-size: 12px; color: #555; overflow-wrap: anywhere; }
.kl-vb .kl-vb-strength th:last-child, .kl-vb td.kl-vb-str { white-space: nowrap; }
.kl-vb button.kl-primary .kl-muted { color: #dde9f2; }
.kl-vb .kl-vb-panel { max-width: 560px; }
/* the strength table in its panel's width (its clause column wraps) */
.kl-vb .kl-vb-strength table { width: 100%; }
.kl-vb .kl-nobr { white-space: nowrap; }
@media (max-width: 640px) { .kl-vb .kl-vb-panel table { display: block; overflow-x: auto; max-width: 100%; } }
</style>"""


def e(x) -> str:
    return html.escape(str(x))


def chip(troop: str, face) -> str:
    """A die as a coloured chip (colour = troop type, number = face)."""
    return f"<span class='chip' style='background:{COLOURS.get(troop, '#999')}' title='{e(troop)}'>{e(face)}</span>"


def codes(clauses) -> str:
    """The clauses behind a line of the bench, by the engine's titles (``cite_name``, a story
    line's words: "<code>battle.strength_cap</code>" showed a developer's id), each clause id in its
    tooltip (``title``) only; a clause with no title by the words "ข้อกติกา / rule"."""
    out = []
    for c in clauses:
        th, en = GAME.cite_name(c)
        said = (f"{th} / {en}" if en and en != th else th) or "ข้อกติกา / rule"
        out.append(f"<span class='kl-vb-cite' title='{e(c)}'>[{e(said)}]</span>")
    return " ".join(out)


# ----------------------------------------------------------------------------- where a battle starts
@dataclass(frozen=True)
class Start:
    """A worked example's position where ``seat`` may go back to camp: ``path`` after ``step`` actions."""

    path: Path
    step: int
    seat: int
    title_th: str
    title_en: str


@lru_cache(maxsize=None)
def battle_starts(folder: Path = SCENARIOS) -> tuple[Start, ...]:
    """Every scenario file of ``folder`` at its first position where the seat to act may go to
    camp (the engine's legal ``camp``), in ruling order."""
    out = []
    for path in sorted(Path(folder).glob("*.yaml"), key=ruling_key):
        sc = load_scenario(path)
        session, _notes = GameSession.from_scenario(sc)
        for k in range(session.length + 1):
            session.jump(k)
            cp = session.current_player()
            if isinstance(cp, int) and any(a["type"] == "camp" for a in session.legal_actions(cp)):
                out.append(Start(path, k, cp, sc.title_th, sc.title_en))
                break
    return tuple(out)


def chart_entry():
    """The VP chart's register entry (ambiguity vp_conversion_table: the config field :data:`READING`)."""
    return next(a for a in load_ambiguities("valeria") if a.variant == READING)


@lru_cache(maxsize=None)
def chart_readings() -> tuple[tuple[str, str, str], ...]:
    """``(reading id, Thai, English)`` of the VP chart's register entry (ambiguity vp_conversion_table)."""
    return tuple((r.id, r.description_th, r.description_en) for r in chart_entry().readings)


# ----------------------------------------------------------------------------- the workbench
class BattleBench(w.VBox):
    """The battle workbench (see the module docstring).

    ``start``: index into :func:`battle_starts` or a scenario stem; ``reading``: the VP chart
    reading (default: the register's default).  :attr:`choices` maps each clickable key of the
    picture to what it does; :meth:`click` clicks one (as the browser does, with the decision)."""

    def __init__(self, start: int | str = DEFAULT_START, reading: str | None = None, **kwargs):
        self.starts = battle_starts()
        if not self.starts:
            raise BadInput("battle", "start", "ไม่มีตัวอย่างที่กลับค่ายได้", "no example position may go to camp")
        self.book = SPEC.book
        self.picker = w.Dropdown(options=[(f"{s.title_th}", i) for i, s in enumerate(self.starts)],
                                 description="เริ่มจาก / start", style={"description_width": "initial"},
                                 layout=w.Layout(width="100%", max_width="640px"))
        # each reading by the register's short words (Thai / English), as the analyzer's dropdowns
        # name them: "linear: ได้ 1 VP ..." showed a developer's reading id
        self.reading = w.Dropdown(options=[(f"{r.short_th} / {r.short_en}", r.id) for r in chart_entry().readings],
                                  description="ตาราง VP / chart", style={"description_width": "initial"},
                                  layout=w.Layout(width="100%", max_width="640px"))
        self.board = ChoiceBoard(layout=w.Layout(flex="1 1 420px", min_width="0"))
        self.board.add_class("kl-vb-board")
        self.board.on_choice(lambda *args: safe(self.message)(self._on_choice)(*args))
        self.panel = w.HTML(layout=w.Layout(flex="1 1 340px", min_width="0"))
        self.panel.add_class("kl-vb-panel")
        self.message = w.HTML()
        self.decision = 0
        self.selected: int | None = None
        self.choices: dict[str, tuple] = {}
        self.session: GameSession | None = None
        self._busy = False
        body = w.Box([self.board, self.panel], layout=w.Layout(display="flex", flex_flow="row wrap",
                                                               align_items="flex-start"))
        super().__init__([SPEC.style(), w.HTML(CSS, layout=w.Layout(display="none")), self.picker, self.reading,
                          self.message, body], **kwargs)
        self.add_class("kl-page")
        self.add_class("kl-vb")
        index = self._index(start)
        self.picker.value = index
        self.reading.value = reading or chart_entry().default
        self.load(index, self.reading.value)
        self.picker.observe(lambda c: safe(self.message)(self._reload)(), names="value")
        self.reading.observe(lambda c: safe(self.message)(self._reload)(), names="value")

    def _index(self, start) -> int:
        if isinstance(start, int) and not isinstance(start, bool) and 0 <= start < len(self.starts):
            return start
        for i, s in enumerate(self.starts):
            if s.path.stem == start:
                return i
        if start == DEFAULT_START:
            return 0
        raise BadInput("battle", "start", f"ไม่มีจุดเริ่ม {start!r}", f"no start {start!r}: "
                       f"one of 0..{len(self.starts) - 1} or {[s.path.stem for s in self.starts]}")

    def _reload(self) -> None:
        try:
            self.load(self.picker.value, self.reading.value)
        except (BadInput, IllegalAction) as exc:
            self.message.value = error_html(exc)

    def load(self, index: int, reading: str) -> None:
        """Start again from start ``index`` under VP chart ``reading``."""
        st = self.starts[index]
        sc = load_scenario(st.path)
        config = {**dict(sc.setup.config), READING: reading}
        session = GameSession(GAME, config=config, seed=sc.setup.seed, overrides=sc.setup.overrides)
        for step in sc.steps[:st.step]:
            session.apply(dict(step.action))
        self.session, self.seat, self.start = session, st.seat, session.step
        self.selected = None
        self.message.value = ""
        self.render()

    # -- reading the session ---------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    def in_battle(self) -> bool:
        """True while the seat decides a step of its battle."""
        return self.session.current_player() == self.seat and phase(self.state) in BATTLE_PHASES

    def done(self) -> bool:
        """True once the battle begun at camp is over (the turn has passed or the game ended)."""
        return self.session.step > self.start and not self.in_battle()

    def battle_events(self) -> list:
        """Every event since the start position (the camp onwards)."""
        s = self.session
        return [ev for tr in s.transitions[self.start:s.step] for ev in tr.events]

    def fight_state(self):
        """The position the ``fight`` was chosen in (``None`` before the fight)."""
        s = self.session
        for j in range(s.step - 1, self.start - 1, -1):
            if s.actions[j].get("type") == "fight":
                return s.transitions[j - 1].state if j else s.initial
        return None

    def breakdown(self) -> dict | None:
        """The engine's strength breakdown shown: of the battle now, or of the position it was fought in."""
        fs = self.fight_state()
        if fs is not None:
            return vb.strength_breakdown(fs, self.seat)
        b = self.state.battle
        if b is not None and b.real is None and self.state.turn == self.seat:
            return vb.strength_breakdown(self.state, self.seat)
        return None

    # -- drawing ---------------------------------------------------------------------------
    def render(self) -> None:
        """Redraw both parts for a new decision (every earlier picture's clicks are stale)."""
        self.decision += 1
        s = self.state
        legal = GAME.legal_actions(s, self.seat) if (self.in_battle() or self.session.step == self.start) else []
        self.choices = {"undo": ("undo",), "reset": ("reset",)} if self.session.step > self.start else {}
        parts = [self._steps_html(), self._strip_html()]
        if self.session.step == self.start:
            legal = [a for a in legal if a["type"] == "camp"]
        parts.append(self._slots_html(legal))
        parts.append(self._choices_html(legal))
        parts.append(self._map_html(legal))
        parts.append(self._tools_html())
        self.board.show("<div class='kl-vb'>" + "".join(parts) + "</div>", self.decision)
        self.panel.value = self._panel_html()

    def _act(self, action: dict, label: str, key: str | None = None) -> str:
        """Bind ``key`` (default ``act:<n>``) of this picture to ``action`` shown as ``label``."""
        key = key or f"act:{sum(1 for k in self.choices if k.startswith('act:'))}"
        self.choices[key] = ("act", dict(action), label)
        return key

    def _button(self, key: str, label_html: str, cls: str = "", disabled: bool = False, title: str = "",
                extra: str = "") -> str:
        return (f"<button data-choice='{e(key)}' class='{cls}' title='{e(title)}'{' disabled' if disabled else ''}"
                f"{extra}>{label_html}</button>")

    def _steps_html(self) -> str:
        now = None if self.done() else vb.STEP_OF_PHASE.get(phase(self.state))
        ids = [c for c, _th, _en in vb.STEPS]
        k = ids.index(now) if now in ids else len(ids)
        out = []
        for i, (cid, th, en) in enumerate(vb.STEPS):
            cls = "now" if i == k else "done" if i < k else ""
            out.append(f"<span class='kl-vb-step {cls}' data-step='{e(cid)}' title='{e(cid)} · {e(en)}'>{e(th)}</span>")
        return f"<div class='kl-vb-steps'>{''.join(out)}</div>"

    def _strip_html(self) -> str:
        p = self.state.players[self.seat]
        vals = [("influence", p.influence), ("gold", p.gold), ("magic", p.magic), ("gem", p.gems), ("vp", p.vp)]
        items = "".join(f"<span data-res='{k}'>{e(RESOURCE_TH[k])} <b>{v}</b></span>" for k, v in vals)
        return f"<div class='kl-vb-strip'><b>{e(labels.seat_label(self.seat))}</b> · {items}</div>"

    def _slots_html(self, legal: list[dict]) -> str:
        """The plan's slots and the seat's troop dice (click a die, then the next slot)."""
        s = self.state
        b = s.battle
        p = s.players[self.seat]
        if b is None:
            if self.done():
                return ("<div class='kl-vb-cut'>ศึกจบแล้ว ผลอยู่ในแผงด้านข้าง ย้อนหนึ่งขั้นหรือเริ่มใหม่ได้ / the battle "
                        "is over: its results are in the panel; go back one step or reset</div>")
            dice = "".join(f"<span class='kl-vb-die'>{chip(d[0], d[1])} {e(die_text(d)[0])}</span> " for d in p.troops)
            plans = ", ".join(f"<b title='{e(plan_name(pid)[1])}'>{e(plan_name(pid)[0])}</b> ("
                              + ("สำรอง / reserve" if src == "reserve" else f"แถว / row, {cost} {e(RESOURCE_TH['gold'])}")
                              + ")" for pid, src, cost in vb.plan_options(s, self.seat))
            return (f"<div>เต๋าทหาร / troops: {dice or '-'}</div><div>แผนที่ทำสำเร็จได้ด้วยเต๋าและอัญมณีที่มี / plans "
                    f"these dice and gems can complete: {plans or '-'} {codes(['battle.return_to_camp'])}</div>")
        options = {a["die"]: a for a in legal if a["type"] == "assign"}
        if self.selected not in options:
            self.selected = None
        nxt = vb.next_slot(s)
        slots = []
        for j, t in enumerate(b.slots):
            th, en = vb.slot_text(t)
            head = f"ช่อง {j + 1} · {e(th)} <span class='kl-muted'>/ slot {j + 1} · {e(en)}</span>"
            if j < len(b.dice):
                d = p.troops[b.dice[j]]
                wild = " <b>Wild</b>" if b.wild[j] else ""
                face = f"{d[1]} → {b.faces[j]}" if b.faces[j] != d[1] else f"{b.faces[j]}"
                body = f"<div>{head}</div><div>{chip(d[0], b.faces[j])} {e(die_text(d)[0])}{wild} · หน้า / face {e(face)}</div>"
                slots.append(f"<div class='kl-vb-slot' data-slot='{j}'>{body}</div>")
            elif j == nxt and self.selected is not None:
                a = options[self.selected]
                label = labels.describe(s, a)
                self._act(a, label[0], f"slot:{j}")
                slots.append(f"<div class='kl-vb-slot next' data-slot='{j}' data-drop='slot:{j}'>"
                             + self._button(f"slot:{j}", f"{head}<br><b>{e(label[0])}</b>", "kl-primary",
                                            title=label[1]) + "</div>")
            elif j == nxt:
                hint = "คลิกเต๋าก่อน แล้วคลิกช่องนี้ / pick a die, then this slot" if options else ""
                slots.append(f"<div class='kl-vb-slot next' data-slot='{j}' data-drop='slot:{j}'>"
                             + self._button(f"slot:{j}", f"{head}<br><span class='kl-muted'>{e(hint)}</span>",
                                            disabled=True) + "</div>")
            else:
                slots.append(f"<div class='kl-vb-slot' data-slot='{j}'><div>{head}</div><div>?</div></div>")
        dice = []
        for i, d in enumerate(p.troops):
            th, en = die_text(d)
            if i in b.dice:
                dice.append(self._button(f"die:{i}", f"{chip(d[0], d[1])} {e(th)} → ช่อง {b.dice.index(i) + 1}",
                                         disabled=True, title=en))
                continue
            if i in options:
                self.choices[f"die:{i}"] = ("die", i)
            dice.append(self._button(f"die:{i}", f"{chip(d[0], d[1])} {e(th)}", "kl-picked" if i == self.selected else "",
                                     disabled=i not in options, title=en,
                                     extra=f" draggable='true' data-drag='die:{i}'" if i in options else ""))
        source = "จากช่องสำรอง / from the reserve" if b.source == "reserve" else "ซื้อสดจากแถว / bought from the row"
        name_th, name_en = plan_name(b.plan)
        return (f"<div><b data-plan='{e(b.plan)}' title='{e(name_en)}'>{e(name_th)}</b> / {e(name_en)} ({source})</div>"
                f"<div class='kl-vb-row kl-vb-slots'>{''.join(slots)}</div>"
                f"<div>เต๋าทหาร / troops:</div><div class='kl-vb-row kl-vb-dice'>{''.join(dice)}</div>")

    def _choices_html(self, legal: list[dict]) -> str:
        """Every other choice of this step as the engine names it (assign and place_marker are on
        the slots and the map)."""
        s = self.state
        rows = []
        for a in legal:
            if a["type"] in ("assign", "place_marker"):
                continue
            th, en = labels.describe(s, a)
            key = self._act(a, th)
            cls = "kl-primary" if a["type"] in ("camp", "fight") else ""
            rows.append(self._button(key, f"{e(th)} <span class='kl-muted'>/ {e(en)}</span>", cls, title=en,
                                     extra=f" data-type='{e(a['type'])}'"))
        if not rows:
            return ""
        ph = phase(s)
        head = {"plan": "เลือกแผนรบ / choose a plan", "adjust": "ปรับเต๋า หรือออกรบ / adjust or fight",
                "level": "เลือกความสามารถที่ปลดล็อก / choose what to unlock",
                "move": "ออกรบ / battle"}.get(ph, "เลือก / choose")
        return f"<div class='kl-decide'><b>{head}</b></div><div class='kl-vb-row kl-vb-choices'>{''.join(rows)}</div>"

    def _map_html(self, legal: list[dict]) -> str:
        """The campaign map side: spaces in their grid, chain bonuses between them, free spaces
        clickable while the marker is placed (campaign.map_view)."""
        view = map_view(self.state, self.seat)
        if view is None:
            return ""
        placing = {a["space"]: a for a in legal if a["type"] == "place_marker"}
        rows, cols = view["rows"], view["cols"]
        cells = {}
        for sp in view["spaces"]:
            r, c = sp["pos"]
            body = (f"<b>{e(sp['id'])}</b> · {sp['vp']} VP<br><span>{e(sp['condition_th'])}</span>")
            if sp["conquered"]:
                cells[(2 * r, 2 * c)] = (f"<div class='kl-vb-space mine' data-space='{e(sp['id'])}'>{body}"
                                         f"<br>ยึดแล้ว #{sp['conquered']} / held</div>")
                continue
            if sp["id"] in placing:
                a = placing[sp["id"]]
                th, en = labels.describe(self.state, a)
                self._act(a, th, f"space:{sp['id']}")
                met = (f"<br>✓ +{sp['gives_vp']} VP" if sp["met"] else "<br>✗ 0 VP")
                chains = "".join(f"<br>Chain: {e(ch['label_th'])}" for ch in sp["chains"])
                cells[(2 * r, 2 * c)] = self._button(f"space:{sp['id']}", body + met + chains, "kl-vb-space",
                                                     title=f"{th} / {en}", extra=f" data-space='{e(sp['id'])}'")
            else:
                cells[(2 * r, 2 * c)] = f"<div class='kl-vb-space' data-space='{e(sp['id'])}'>{body}</div>"
        pos = {sp["id"]: sp["pos"] for sp in view["spaces"]}
        for ch in view["chains"]:
            (r1, c1), (r2, c2) = pos[ch["between"][0]], pos[ch["between"][1]]
            cls = " earned" if ch["earned"] else ""
            cells[(r1 + r2, c1 + c2)] = (f"<div class='kl-vb-chain{cls}' title='{e(ch['label_en'])}'>"
                                         f"{'—' if r1 == r2 else '|'} {e(ch['label_th'])}</div>")
        grid = "".join(cells.get((r, c), "<div></div>") for r in range(2 * rows - 1) for c in range(2 * cols - 1))
        head = (f"<b>{e(view['name_th'])} หน้า {'AB'[view['side']]}</b> <span class='kl-muted'>/ {e(view['name_en'])} "
                f"side {'AB'[view['side']]} · {codes(view['clauses'])}</span>")
        hint = " · คลิกช่องว่างเพื่อวางหมาก / click a free space to place the marker" if placing else ""
        return f"<div style='margin-top:6px'>{head}{hint}</div><div class='kl-vb-map'>{grid}</div>"

    def _tools_html(self) -> str:
        back = self.session.step > self.start
        return ("<div class='kl-vb-row kl-vb-tools'>"
                + self._button("undo", "↶ ย้อนหนึ่งขั้น / back one step", disabled=not back)
                + self._button("reset", "⟲ เริ่มใหม่ / reset", disabled=not back) + "</div>")

    # -- the panel: the engine's numbers ---------------------------------------------------
    def _panel_html(self) -> str:
        out = []
        bd = self.breakdown()
        fought = self.fight_state() is not None
        if bd is not None:
            out.append(strength_html(bd, fought))
        out.append(self._after_fight_html())
        clauses = self._step_clauses(bd, fought)
        if clauses:
            out.append("<div><b>ข้อกติกาของขั้นนี้ / this step's clauses</b></div>"
                       + "".join(clause_html(self.book.clause(c), cited=True, book=self.book) for c in clauses if c in self.book.ids))
        return f"<div class='kl-vb kl-vb-panel' data-rev='{self.decision}'>" + "".join(out) + "</div>"

    def _step_clauses(self, bd, fought) -> list[str]:
        if self.done():
            return ["battle.cleanup"]
        ph = phase(self.state)
        out = [vb.STEP_OF_PHASE.get(ph)] if ph in vb.STEP_OF_PHASE else []
        if bd is not None and (fought or bd["complete"]):
            out = ["battle.strength_cap", "battle.vp_conversion"] + [c for c in out if c not in ("battle.strength_cap",)]
        return [c for c in out if c]

    def _after_fight_html(self) -> str:
        """What the fight and the steps after it did: the engine's events from the fight on, the
        chain bonuses listed with their clause."""
        evs = self.battle_events()
        k = next((i for i, ev in enumerate(evs) if ev.kind == "battle_strength"), None)
        if k is None:
            return ""
        rows, chains = [], []
        for ev in evs[k:]:
            line = f"<li data-kind='{e(ev.kind)}'>{e(ev.text_th)} <span class='kl-muted'>/ {e(ev.text_en)}</span> {codes(ev.cites)}</li>"
            if "battle.chain_bonus" in ev.cites:
                chains.append(line)
            elif ev.kind not in ("die_rolled",):
                rows.append(line)
        out = f"<div><b>ผลของศึก / what the battle did</b><ul class='kl-vb-events'>{''.join(rows)}</ul></div>"
        if chains:
            out += f"<div><b>Chain Bonus ที่ได้ / chain bonuses earned</b><ul class='kl-vb-chains'>{''.join(chains)}</ul></div>"
        if self.done():
            gained = sum(ev.data.get("vp", 0) for ev in evs if ev.kind == "score")
            out += (f"<div class='kl-vb-cut kl-vb-over'>ศึกจบ / the battle is over: ได้ <b class='kl-vb-gained'>{gained}</b> VP"
                    f" · รวม / total {self.state.players[self.seat].vp} VP</div>")
        return out

    # -- clicks ----------------------------------------------------------------------------
    def click(self, key: str, decision: int | None = None) -> None:
        """Click the choice ``key`` on the picture of ``decision`` (default: the current one)."""
        self.board.click(key, decision)

    def _on_choice(self, kind: str, key: str, decision: int, extra) -> None:
        if self._busy or decision != self.board.current:
            if not self.done():  # an ended battle says nothing: its panel already says it is over
                self.message.value = MOVED_ON
            return
        try:
            if kind == "drop":
                self._dropped(key, extra)
                return
            what = self.choices.get(key)
            if what is None:
                self.message.value = message_html("ตัวเลือกนี้ไม่ได้อยู่บนภาพนี้ จึงไม่ได้ทำอะไร",
                                                  "this choice is not on this picture, so nothing was done",
                                                  tone="missing")
                return
            self.message.value = ""
            if what[0] == "die":
                self.selected = None if self.selected == what[1] else what[1]
                self.render()
            elif what[0] == "act":
                self.act(what[1])
            elif what[0] == "undo":
                self.undo()
            elif what[0] == "reset":
                self.reset()
        except (BadInput, IllegalAction) as exc:
            self.message.value = error_html(exc)

    def _dropped(self, drag: str, target: str) -> None:
        """A die dragged onto a slot: the same as clicking the die, then the slot."""
        if self.choices.get(drag, ("",))[0] != "die" or target != f"slot:{vb.next_slot(self.state)}":
            self.message.value = message_html("วางเต๋าได้เฉพาะช่องถัดไปที่มีกรอบสีเหลือง",
                                              "a die goes only on the next slot (the yellow one)", tone="missing")
            return
        self.selected = self.choices[drag][1]
        self.render()
        self.act(self.choices[target][1])

    def act(self, action: dict) -> None:
        """Apply the reader's ``action`` (the engine validates it), then any chance outcomes, and redraw."""
        self._busy = True
        try:
            self.session.apply(dict(action))
            for _ in range(CHANCE_LIMIT):
                if self.session.current_player() != CHANCE:
                    break
                self.session.apply_chance()
        finally:
            self._busy = False
            self.selected = None
            self.render()

    def undo(self) -> None:
        """Back to just before the reader's last decision (the chance outcomes after it go too)."""
        s = self.session
        for j in range(s.step - 1, self.start - 1, -1):
            if "chance" not in s.actions[j]:
                s.jump(j)
                break
        self.selected = None
        self.render()

    def reset(self) -> None:
        """Back to the start position."""
        self.session.jump(self.start)
        self.selected = None
        self.render()


def strength_html(bd: dict, fought: bool) -> str:
    """The strength panel of a :func:`rules.valeria.battle.strength_breakdown`: each die, each bonus
    with its source, the sum, the cut to influence (clause battle.strength_cap), the VP chart read."""
    rows = []
    for r in bd["slots"]:
        head = f"{r['slot'] + 1} · <span class='kl-nobr'>{e(r['type_th'])}</span>"  # a troop's name whole (ก็อบลิน cut as ก็ / อบลิน)
        cites = f"<br>{codes(r['clauses'])}"
        if r["die"] is None:
            rows.append(f"<tr><td>{head}</td><td colspan=3 class='kl-muted'>ว่าง / empty{cites}</td></tr>")
            continue
        th, _en = die_text((r["troop"], r["rolled"]))
        face = f"{r['rolled']} → {r['face']}" if r["face"] != r["rolled"] else str(r["face"])
        wild = f" <b>Wild</b> → {e(vb.slot_text(r['counts_as'])[0])}" if r["wild"] else ""
        rows.append(f"<tr data-slot='{r['slot']}'><td>{head}</td><td>{chip(r['troop'], r['face'])} {e(th)}{wild}{cites}</td>"
                    f"<td>{e(face)}</td><td class='kl-vb-str'>{r['strength']}</td></tr>")
    for x in bd["bonuses"]:
        rows.append(f"<tr data-bonus='{e(x['id'])}'><td>+</td><td colspan=2>{e(x['label_th'])} "
                    f"<span class='kl-muted'>/ {e(x['label_en'])}</span><br>{codes(x['clauses'])}</td>"
                    f"<td class='kl-vb-str'>{'-' if x.get('unlocked') is False else '+' + str(x['amount'])}</td></tr>")
    table = ("<table><tr><th>ช่อง / slot</th><th>เต๋า / die · ข้อ / clause</th><th>หน้า / face</th><th>พลัง / strength</th></tr>"
             f"{''.join(rows)}</table>")
    sums = (f"<div>เต๋า / dice <b class='kl-vb-dice-sum'>{bd['dice_sum']}</b> + โบนัส / bonuses "
            f"<b class='kl-vb-bonus'>{bd['bonus_sum']}</b> = รวม / total <b class='kl-vb-total'>{bd['total']}</b></div>")
    cut = (f"<div class='kl-vb-cut' data-clause='battle.strength_cap'>เทียบบารมี / against influence "
           f"<b class='kl-vb-influence'>{bd['influence']}</b>: ตัวที่น้อยกว่า / the smaller → พลังจริง / real strength "
           f"<b class='kl-vb-real'>{bd['real']}</b>{' (ถูกตัดด้วยบารมี / cut to influence)' if bd['capped'] else ''}"
           f" {codes(bd['clauses'])}</div>")
    chart = bd["vp"]
    if chart["rows"]:
        body = "".join(f"<tr class='{'kl-vb-hit' if k == chart['row'] else ''}'><td>{x['from']}"
                       f"{'–' + str(x['to']) if x['to'] is not None else '+'}</td><td>{x['vp']}</td></tr>"
                       for k, x in enumerate(chart["rows"]))
        table_vp = f"<table class='kl-vb-chart'><tr><th>พลังจริง / strength</th><th>VP</th></tr>{body}</table>"
    else:
        table_vp = "<div class='kl-muted'>VP = พลังจริง / VP = real strength</div>"
    reading = next((f"{th} / {en}" for rid, th, en in chart_readings() if rid == chart["reading"]), chart["reading"])
    vp = (f"<div><b>ตาราง VP ข้างค่าย (สมมติ)</b> / the chart beside the camp (assumed): "
          f"<span class='kl-muted'>{e(reading)}</span>"
          f"{table_vp}<div class='kl-vb-cut'>พลังจริง / real {chart['real']} → <b class='kl-vb-vp'>{chart['vp']}</b> VP"
          + (f" + โบนัสช่องสำรอง / reserve bonus {bd['reserve_bonus']} {codes(['battle.choose_plan'])}" if bd['reserve_bonus'] else "")
          + f" = <b class='kl-vb-vp-total'>{bd['vp_total']}</b> VP {codes(chart['clauses'])}</div></div>")
    ongoing = ""
    if bd["ongoing"]:
        items = "".join(f"<li>{'✓' if o['met'] else '✗'} {e(o['label_th'])}: "
                        + (", ".join(f"{e(RESOURCE_TH[r])} {n}" for r, n in o["gains"]) or "-")
                        + f" {codes(o['clauses'])}</li>" for o in bd["ongoing"])
        ongoing = f"<div><b>แชมเปียนต่อเนื่อง / ongoing champions</b><ul>{items}</ul></div>"
    state = "รบแล้ว / fought" if fought else ("ครบทุกช่อง ถ้าออกรบตอนนี้ / every slot filled: if you fight now"
                                             if bd["complete"] else "ยังวางไม่ครบ รวมเท่าที่วาง / slots still empty: the sum so far")
    show_cut = fought or bd["complete"]
    return (f"<div class='kl-vb-strength' data-fought='{int(fought)}'><b>พลังรบ / battle strength</b> "
            f"<span class='kl-muted'>({e(state)})</span>{table}{sums}"
            + (cut + vp + ongoing if show_cut else "") + "</div>")


def bench(start: int | str = DEFAULT_START, reading: str | None = None) -> BattleBench:
    """The battle workbench for a notebook cell (see :class:`BattleBench`)."""
    return BattleBench(start, reading)
