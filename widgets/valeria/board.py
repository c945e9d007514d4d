"""The Valeria table: the five shrines, the battle-plan row, the face-up champions and awards, each
player board (tracks, troops, reserve, abilities, campaign map) and, during a battle, the plan's
slots with the dice on them.  Drawn from ``observe(state, viewer)`` and engine functions only (the
shrine explainer is ``rules.valeria.shrines.shrine_values``); nothing in Valeria is hidden."""
from __future__ import annotations

import html

import ipywidgets as w

from rules.valeria.battle import strength_breakdown
from rules.valeria.campaign import condition_text
from rules.valeria.board import TRACK_EN, TRACK_TH, ability
from rules.valeria.config import SHRINE_TH, SHRINES, TROOPS
from rules.valeria.data import load
from rules.valeria.scoring import result_text
from rules.valeria.names import AWARDS, WARDEN, award_name, champion_name, map_name, plan_name, troop_name, warden_at
from rules.valeria.shrines import shrine_values
from rules.valeria import GAME

from .. import labels
from ..page import BoardView, Shown, acting
from ..rulepanel import clause_named

COLOURS = {"goblin": "#3a9d23", "orc": "#c0392b", "skeleton": "#7f8c8d", "gargoyle": "#8e44ad", "gnoll": "#d68910",
           "any": "#bbb", "wild": "#222"}
CSS = """<style>
.kl-val { font-size: 13px; }
.kl-val table { border-collapse: collapse; margin: 4px 0; }
.kl-val td, .kl-val th { border: 1px solid #ddd; padding: 2px 6px; vertical-align: top; }
.kl-val .die { display: inline-block; min-width: 18px; padding: 0 3px; margin: 1px; border-radius: 4px;
  color: #fff; font-weight: bold; text-align: center; }
.kl-val .slot { display: inline-block; min-width: 18px; padding: 0 3px; margin: 1px; border-radius: 4px;
  border: 2px dashed #999; color: #333; text-align: center; }
/* a chip is one word: on a phone a squeezed column cut "ก็อบลิน" into "ก็อบ" / "ลิน" inside its box */
.kl-val .slot, .kl-val .die { white-space: nowrap; }
.kl-val tr.acting { background: #fff4cc; }
.kl-val .kl-val-dice-key { margin: 2px 0 6px; line-height: 1.7; }
.kl-val .kl-val-key { display: inline-block; margin-right: 10px; white-space: nowrap; }
.kl-val .map td { width: 26px; height: 22px; text-align: center; padding: 0; }
.kl-val .map td.mine { background: #2a6f97; color: #fff; }
.kl-val .battle { background: #fdf2e9; border-left: 4px solid #d35400; padding: 4px 8px; }
.kl-val .kl-muted { color: #666; }
.kl-val .kl-clause-name { font-size: 12px; }
.kl-val .kl-val-scroll { max-width: 100%; overflow-x: auto; }
/* the seats' 12 columns need ~810 px: a box narrower than that (a phone; a rulebook example beside its
   rule panel at 1280 px, ~713 px) shows a card per seat instead (the container query below), never a
   sideways scrollbar; the example stays beside the clauses it plays (under them it began ~1050 px
   below, and a stepped clause and its board were never on screen together) */
.kl-val { container-type: inline-size; }
/* Thai has no spaces: wrap at the browser's word boundaries (ICU), never inside a word */
.kl-val td, .kl-val th { overflow-wrap: normal; word-break: normal; line-break: strict; }
.kl-val .kl-nobr { white-space: nowrap; }
.kl-val .kl-en { font-size: 11px; color: #666; font-weight: normal; }
/* a box that still scrolls sideways shows it: a shadow on the side with more table (scroll shadows) */
.kl-val .kl-val-scroll {
  background: linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 24px 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 24px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.25), rgba(0,0,0,0)) left / 10px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.25), rgba(0,0,0,0)) right / 10px 100% no-repeat scroll;
}
@container (max-width: 820px) {
  .kl-val td, .kl-val th { min-width: 2.6em; }
  /* phones: the seats' table is a card per seat (a 12-column table was ~970 px wide in a 358 px box),
     each value after its label (Thai / English, the column's header: data-label) */
  .kl-val table.kl-val-seats, .kl-val table.kl-val-seats > tbody, .kl-val table.kl-val-seats > tbody > tr { display: block; }
  .kl-val table.kl-val-seats > tbody > tr.kl-val-heads { display: none; }
  .kl-val table.kl-val-seats > tbody > tr { border: 1px solid #ccc; border-radius: 6px; margin: 0 0 6px; padding: 3px 6px; }
  .kl-val table.kl-val-seats > tbody > tr > td { display: block; border: 0; padding: 1px 0; min-width: 0; }
  .kl-val table.kl-val-seats > tbody > tr > td.kl-val-num { display: inline-block; margin-right: 12px; }
  .kl-val table.kl-val-seats > tbody > tr > td[data-label]::before {
    content: attr(data-label) ": "; color: #666; font-size: 11px; white-space: nowrap; }
  .kl-val table.kl-val-seats .kl-plan { display: inline-block; margin-right: 8px; vertical-align: top; }
  .kl-val table.kl-val-seats td.kl-val-map table.map { display: inline-table; vertical-align: middle; margin-left: 8px; }
  .kl-val table.kl-val-seats .kl-val-reserve br.kl-val-sep { display: none; }
  /* the plan row, champions and awards: a heading line, then the cards wrap under it */
  .kl-val table.kl-val-row, .kl-val table.kl-val-row > tbody, .kl-val table.kl-val-row > tbody > tr { display: block; }
  .kl-val table.kl-val-row > tbody > tr > th { display: block; border: 0; text-align: left; padding: 4px 0 0; }
  .kl-val table.kl-val-row > tbody > tr > td { display: inline-block; margin: 0 4px 4px 0; }
}
</style>"""


def e(x) -> str:
    return html.escape(str(x))


def words(text: str) -> str:
    """Thai text that breaks only between its space-separated words: each word kept whole (the
    browser's Thai dictionary cuts loanwords such as แชมเปียน inside), escaped.  Drawing only."""
    return " ".join(f"<span class='kl-nobr'>{e(w)}</span>" for w in str(text).split(" "))


def names_title(pair) -> str:
    """A ``title`` tooltip "Thai / English" of an engine name."""
    return e(f"{pair[0]} / {pair[1]}")


def die_chip(text: str) -> str:
    """A die ``orc6`` as a coloured chip (colour = troop type, number = face; the engine's troop name as tooltip)."""
    troop = next((t for t in TROOPS if text.startswith(t)), "any")
    face = text[len(troop):]
    return f"<span class='die' style='background:{COLOURS[troop]}' title='{names_title(troop_name(troop))}'>{e(face)}</span>"


def dice_key_html() -> str:
    """The dice's colour key, visible (a die's troop was only its hover tooltip: on a phone "หยิบเต๋า
    ก็อบลิน 4 / take goblin 4" matched no die): a chip of each troop's colour (:data:`COLOURS`, the
    colour :func:`die_chip` paints) then the engine's Thai and English name (``troop_name``)."""
    keys = "".join(f"<span class='kl-val-key'><span class='die' style='background:{COLOURS[t]}'>&nbsp;</span>"
                   f"{e(troop_name(t)[0])} <span class='kl-muted'>/ {e(troop_name(t)[1])}</span></span>" for t in TROOPS)
    return f"<div class='kl-val-dice-key'><b>สีเต๋า / dice colours:</b> {keys}</div>"


def slot_chip(troop: str) -> str:
    """A plan slot: the troop type it needs, by the engine's Thai name (English as tooltip)."""
    th, en = troop_name(troop)
    return (f"<span class='slot' style='border-color:{COLOURS.get(troop, '#999')}' title='{e(en)}' "
            f"lang='th'>{e(th)}</span>")


def clause_name(clause: str) -> str:
    """A clause by the engine's name of it (its ``cite_name``, as a story line says it), the dotted
    id in the tooltip only: a fresh user read "dice.troops" in the shrine table."""
    th, en = clause_named(GAME, clause)
    return (f"<span class='kl-muted kl-clause-name' title='{e(clause)}'>ข้อกติกา / rule: "
            f"{e(th if th == en else f'{th} / {en}')}</span>")


def plan_html(pid: str) -> str:
    """A plan: the dice it needs (Thai troop names), the engine's English name under them (its card
    id is for scenarios and saves, never shown)."""
    slots = "".join(slot_chip(t) for t in load().plans[pid].slots)
    return (f"<span class='kl-plan' title='{names_title(plan_name(pid))}'>{slots}"
            f"<br><span class='kl-en'>{e(plan_name(pid)[1])}</span></span>")


def refusal_html(v: dict) -> str:
    """A refused shrine: the engine's reason in Thai and English, the clause's name second."""
    return (f"✗ <span lang='th'>{e(v['refusal_th'])}</span><br><span class='kl-muted' lang='en'>{e(v['refusal_en'])}</span>"
            f"<br>{clause_name(v['refusal'])}")


def table_html(state, obs: dict, seat_label, decision_first: bool = False) -> str:
    """The table as HTML: the shrines, the plan row, champions and awards, the battle in progress,
    the seats, the shrine explainer (``if seat n enters a shrine now``) and the result.
    ``decision_first``: the battle in progress and the shrine explainer, which tell what the choices
    of the seat to move do, come first (the play table: they sit right under its buttons, not
    below the seats' table, ~2,000 px down on a phone)."""
    now = acting(obs)
    data = load()
    parts = ["<div class='kl-val'>"]
    battle = explain = ""  # the battle in progress, the shrine explainer (see decision_first)
    # shrines
    rows = []
    for name in SHRINES:
        here = [i for i, p in enumerate(obs["players"]) if p["warden"] == name]
        extra = f" · อัญมณี / gems {obs['gem_shrine']}" if name == "gem" else ""
        rows.append(f"<tr data-shrine='{name}'><td>{words(SHRINE_TH[name])}<br><span class='kl-muted'>{name}{extra}</span></td>"
                    f"<td>{''.join(die_chip(d) for d in obs['shrines'][name]) or '<i>ว่าง / empty</i>'}</td>"
                    f"<td>{', '.join(seat_html(i, seat_label) for i in here)}</td></tr>")
    bag = " ".join(f"{die_chip(t + str(n))}" for t, n in obs["bag"].items())
    parts.append("<div class='kl-val-scroll'><table><tr><th>ศาล / shrine</th><th>เต๋า / dice</th>"
                 f"<th>{words(' / '.join(WARDEN))}</th></tr>" + "".join(rows) +
                 f"<tr><td>ถุง / bag</td><td colspan=2>{bag} <span class='kl-muted'>(จำนวนต่อสี / count per colour)</span></td></tr></table></div>")
    parts.append(dice_key_html())  # right under the shrines and the bag: which colour is which troop
    # plan row, champions, awards
    row = "".join(f"<td>{data.row_prices[j]} ทอง / gold<br>{plan_html(pid) if pid else '-'}</td>" for j, pid in enumerate(obs["plan_row"]))
    champs = "".join(f"<td title='{names_title(champion_name(c))}'>{words(champion_name(c)[0])}<br>"
                     f"<span class=kl-muted>{data.champions[c].price} ทอง / gold</span></td>" if c else "<td>-</td>"
                     for c in obs["champ_up"])
    awards = "".join(f"<td title='{names_title(award_name(a))}'>{words(award_name(a)[0])}</td>" if a else "<td>-</td>"
                     for a in obs["award_up"])
    parts.append(f"<div class='kl-val-scroll'><table class='kl-val-row'><tr><th>แผนรบ / plans "
                 f"<span class='kl-nobr'>(กอง / deck {obs['plan_deck']})</span></th>{row}</tr>"
                 f"<tr><th>{words('แชมเปียน / champions')}</th>{champs}</tr><tr><th>{words(' / '.join(AWARDS))}</th>{awards}</tr></table></div>")
    # battle in progress
    b = obs.get("battle")
    if b:
        me = obs["players"][state.turn]
        cells = []
        for j, t in enumerate(b["slots"]):
            if j < len(b["dice"]):
                troop = me["troops"][b["dice"][j]]
                chip = die_chip(next(x for x in TROOPS if troop.startswith(x)) + str(b["faces"][j]))
                cells.append(slot_chip(t) + "←" + chip + (" <b>wild</b>" if b["wild"][j] else ""))
            else:
                cells.append(slot_chip(t) + "← ?")
        if b["real"] is None:  # before the fight: the engine's sum so far (battle.strength_cap)
            bd = strength_breakdown(state, state.turn)
            sums = (f"เต๋า / dice {bd['dice_sum']} + โบนัส / bonuses {bd['bonus_sum']} = {bd['total']} · "
                    f"บารมี / influence {bd['influence']} → พลังจริงถ้ารบตอนนี้ / real if fought now {bd['real']}")
        else:
            sums = f"บารมี / influence {me['influence']} · พลังจริง / real strength <b class='kl-real'>{b['real']}</b>"
        battle = (f"<div class='battle'>ศึก / battle: {plan_html(b['plan'])} ({'สำรอง / reserve' if b['source'] == 'reserve' else 'ซื้อสด / from the row'})"
                  f"<br>{' · '.join(cells)}<br>{sums}</div>")
    # players: a column per value on a wide screen, a card per seat on a phone (CSS), every value
    # with its label in Thai and English (the header, and the cell's data-label on a phone)
    rows = []
    for i, p in enumerate(obs["players"]):
        cls = " class='acting'" if i in now else ""
        ps = state.players[i]
        strength = ability(ps, 'strength', state.config)
        # each ability kept on one line (the browser's Thai dictionary cut โควตาแชมเปียน inside)
        abil = " · ".join(f"<span class='kl-nobr'>{e(TRACK_TH[t])} / {e(TRACK_EN[t])} {ability(ps, t, state.config)}</span>"
                          for t in ("troop", "reserve", "cap", "quota"))
        abil += f" · <span class='kl-nobr'>พลัง / strength +{strength}</span>"
        champs = "".join(f"<span class='kl-val-champ' title='{names_title(champion_name(c))}'>{words(champion_name(c)[0])}"
                         f" <span class='kl-en'>{e(champion_name(c)[1])}</span></span><br>" for c in p["champions"]) or "-"
        lifted = ", ".join(f"<span class='kl-nobr'>{e(TRACK_TH[t])} / {e(TRACK_EN[t])}</span>" for t in p["lifted"])
        wth, wen = warden_at(p["warden"])
        cell = lambda k, body, extra="": f"<td{extra} data-label='{e(head_text(k))}'>{body}</td>"  # noqa: E731
        num = " class='kl-val-num'"
        rows.append(f"<tr{cls} data-seat='{i}'><td>{seat_html(i, seat_label)}{' (เริ่ม / first)' if obs['first'] == i else ''}"
                    f"<br><span class='kl-warden' title='{e(wen)}'>{words(wth)}</span>"
                    f"<br><span class='kl-muted'>{e(wen)}</span></td>"
                    + cell(1, p['vp'], " class='kl-vp kl-val-num'") + cell(2, p['influence'], num) + cell(3, p['gold'], num)
                    + cell(4, p['magic'], num) + cell(5, p['gems'], num) + cell(8, len(p['plans']), num)
                    + cell(6, ''.join(die_chip(d) for d in p['troops']) or '-')
                    + cell(7, ''.join(plan_html(x) + "<br class='kl-val-sep'>" for x in p['reserve']) or '-', " class='kl-val-reserve'")
                    + cell(9, champs, " class='kl-val-wide'")
                    + cell(10, f"<span class='kl-muted'>{abil}</span>" + (f"<br>{lifted}" if lifted else ""), " class='kl-val-wide'")
                    + cell(11, map_html(p), " class='kl-val-map'") + "</tr>")
    order = (0, 1, 2, 3, 4, 5, 8, 6, 7, 9, 10, 11)
    if not decision_first:
        parts.append(battle)
    parts.append("<div class='kl-val-scroll'><table class='kl-val-seats'><tr class='kl-val-heads'>"
                 + "".join(f"<th>{words(SEAT_HEADS[k][0])}" + (f"<br><span class='kl-en'>{e(SEAT_HEADS[k][1])}</span>"
                                                                     if SEAT_HEADS[k][1] != SEAT_HEADS[k][0] else "") + "</th>" for k in order)
                 + "</tr>" + "".join(rows) + "</table></div>")
    # the shrine explainer for the seat to move
    seat = state.turn
    if obs["phase"] == "move":
        vals = shrine_values(state, seat)
        rows = "".join(f"<tr data-explain='{v['shrine']}'><td class='kl-val-explain'><b>{words(SHRINE_TH[v['shrine']])}</b>"
                       f"<br><span class='kl-enter'>{'✓ เข้าได้ / may enter' if v['enter'] else refusal_html(v)}</span></td>"
                       f"<td>{v['dice']}</td><td>{v['best_discount']}</td><td class='kl-val-explain'>{words(v['gives_th'])}<br>"
                       f"<span class='kl-muted'>{e(v['gives_en'])}</span></td></tr>" for v in vals)
        explain = (f"<div class='kl-explain'>ถ้า{e(seat_label(seat))} เข้าศาลตอนนี้ / if {e(GAME.seat_words(seat)[1])} enters a shrine now:"
                   f"<div class='kl-val-scroll'><table><tr><th>ศาล · เข้าได้ / shrine · may enter</th><th>เต๋า / dice</th>"
                   f"<th>ส่วนลดสูงสุด / best discount</th><th>ได้ / gives</th></tr>{rows}</table></div></div>")
    if decision_first:
        parts[1:1] = [battle, explain]
    else:
        parts.append(explain)
    if obs.get("winners") is not None:
        names = ", ".join(seat_label(i) for i in obs["winners"])
        parts.append(f"<div class='kl-over'><b>จบเกม / game over</b>: {e(names)} ชนะ / win{'s' if len(obs['winners']) == 1 else ''} "
                     f"(VP {', '.join(str(p['vp']) for p in obs['players'])})</div>")
    parts.append("</div>")
    return "".join(parts)


SEAT_HEADS = (("ผู้เล่น", "player"), ("VP", "VP"), ("บารมี", "influence"), ("ทอง", "gold"), ("เวท", "magic"),
              ("อัญมณี", "gems"), ("ทหาร", "troops"), ("สำรอง", "reserve"), ("สำเร็จ", "plans done"),
              ("แชมเปียน", "champions"), ("ความสามารถ", "abilities"), ("แผนที่", "map"))
"""The seats' columns (Thai, English): the header on a wide screen, each value's label on a phone."""


def head_text(k: int) -> str:
    """Column ``k``'s label on one line: ``"ทอง / gold"`` (``"VP"`` once)."""
    th, en = SEAT_HEADS[k]
    return th if th == en else f"{th} / {en}"


def seat_html(seat: int, seat_label) -> str:
    """A seat by the page's name (Thai) with the engine's English name after it (``player 1``)."""
    return labels.seat_html(seat_label(seat), GAME.seat_words(seat)[1])


def map_html(p: dict) -> str:
    """The seat's campaign map side: a 3x3 grid, conquered spaces filled."""
    th, en = map_name(p["map_id"], p["side"])
    name = f"{words(th)} <span class='kl-muted'>/ {e(en)}</span>"
    if p["side"] is None:
        return f"{name} (ยังไม่เลือกหน้า / side not chosen)"
    side = load().maps[p["map_id"]].sides[p["side"]]
    grid = {sp.pos: sp for sp in side.spaces}
    rows = []
    for r in range(3):
        cells = []
        for c in range(3):
            sp = grid.get((r, c))
            if sp is None:
                cells.append("<td></td>")
                continue
            mine = " class='mine'" if sp.id in p["conquered"] else ""
            cond_th, cond_en = condition_text(sp.condition)
            cells.append(f"<td{mine} title='{e(cond_th)} / {e(cond_en)} · {sp.vp} VP'>{e(sp.id)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    # the letters are the spaces' names in the data, the ones the place-marker buttons say; a
    # reader saw "a b c / d e f / g h i" as a placeholder, so the key says what they are
    key = ("<div class='kl-muted kl-val-map-key'>ช่อง a–i ตามชื่อที่ปุ่มวางหมากใช้ (แผนที่สมมติ) / "
           "spaces a–i, as the place-marker buttons name them (an assumed map)</div>")
    return f"{name}<table class='map'>{''.join(rows)}</table>{key}"


class ValeriaBoard(BoardView):
    """The table with the page's ``side`` widgets below it (the page's buttons are the moves); on the
    play table the ``side`` (what you decide and its buttons) comes first, then what those choices
    do (the battle, the shrine explainer), then the table: a reader who pressed New game on a
    phone met the first button ~2,100 px down, under the shrines, plans, champions and seats."""

    def __init__(self, spec, state, side=(), play=False, **kwargs):
        super().__init__(spec, state, side, play, **kwargs)
        self.html = w.HTML()
        self.children = [*self.side, self.html] if play else [self.html, *self.side]
        self.add_class("kl-val-board")  # the table and its side (what a click redraws)

    def show(self, shown: Shown) -> None:
        over = result_text(shown.state, shown.viewer if isinstance(shown.viewer, int) else None)
        head = (f"<div class='kl-val kl-val-over'><b>{e(over[0])}</b> <span class='kl-muted'>/ {e(over[1])}</span></div>"
                if over else "")
        self.html.value = head + table_html(shown.state, shown.obs, self.spec.seat_label, decision_first=self.play)


