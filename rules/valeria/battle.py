"""Back to camp = battle (battle.return_to_camp ... battle.cleanup): choosing a plan, assigning
troops, gems and magic, strength capped by influence, VP from the chart, ongoing champions."""
from __future__ import annotations

from ..core.ambiguity import ambiguity_ref
from ..core.events import emit
from ..core.protocol import BadInput
from . import champions
from .board import ability, markers_on_board, pay, score
from .config import ANY, CAMP, MAGIC_PER_PIP, PLANS_TO_END, RESERVE_BONUS_VP, TROOP_TH, TROOPS
from .data import load
from .dice import OPPOSITE, shortfall, strength, to_bag
from .names import plan_name, slot_name
from .shrines import row_take
from .state import Battle, die_text, renewed, seat_name


STEPS = (
    ("battle.return_to_camp", "กลับค่าย", "back to camp"),
    ("battle.choose_plan", "1 เลือกแผนรบ", "1 choose a plan"),
    ("battle.assign_troops", "2 วางเต๋า อัญมณี เวทมนตร์", "2 dice, gems, magic"),
    ("battle.strength_cap", "3 รวมพลัง เทียบบารมี", "3 strength against influence"),
    ("battle.vp_conversion", "4 VP ตามตาราง", "4 VP from the chart"),
    ("battle.ongoing_champions", "5 แชมเปียนต่อเนื่อง", "5 ongoing champions"),
    ("battle.level_up", "6 เลเวลอัพ", "6 level up"),
    ("battle.skirmish_marker", "7 วาง Conquest Marker", "7 place the marker"),
    ("battle.chain_bonus", "8 Chain Bonus", "8 chain bonuses"),
    ("battle.cleanup", "9 คืนเต๋า เก็บแผนรบ", "9 clean up"),
)
"""The battle in the rulebook's order: ``(clause id, Thai, English)`` per step (battle.return_to_camp
... battle.cleanup).  Steps 3-5 happen in the ``fight`` action, step 9 by itself."""

STEP_OF_PHASE = {"move": "battle.return_to_camp", "plan": "battle.choose_plan", "assign": "battle.assign_troops",
                 "adjust": "battle.assign_troops", "level": "battle.level_up", "skirmish": "battle.skirmish_marker",
                 "chain_champion": "battle.chain_bonus", "chain_die": "battle.chain_bonus",
                 "discard": "battle.chain_bonus"}
"""The battle step (its clause id) a decision phase (``flow.phase``) belongs to; ``discard`` is a
troop area overfilled by a chain bonus die (ambiguity troop_slots_full)."""


def plan_options(s, seat: int) -> list[tuple[str, str, int]]:
    """(plan, source, gold) the seat could complete now: a reserved plan, or one bought from the row
    at its slot's price (battle.choose_plan), whose dice the troops can meet with the gems held as
    wilds (battle.assign_troops)."""
    return _plan_options(s, seat, False)


def can_camp(s, seat: int) -> bool:
    """battle.return_to_camp: the Warden may go back only with a plan it can really complete now
    (the first such plan answers)."""
    return s.players[seat].warden != CAMP and bool(_plan_options(s, seat, True))


def _plan_options(s, seat: int, first: bool) -> list:
    """:func:`plan_options`; only the first one when ``first`` (asked at every move)."""
    p = s.players[seat]
    data = load()
    plans = data.plans
    types = [d[0] for d in p.troops]
    n = len(types)
    gems = p.gems
    out = []
    # dice.shortfall written out (asked for every plan at every Warden move): a plan with more
    # slots than dice held is never completable (shortfall's 99, more than any gem storage);
    # else the typed slots short of dice of their colour, each to be made up by a gem (a wild)
    for pid in p.reserve:
        plan = plans[pid]
        if len(plan.slots) <= n:
            short = 0
            for t, k in plan.needs:
                c = types.count(t)
                if k > c:
                    short += k - c
            if short <= gems:
                out.append((pid, "reserve", 0))
                if first:
                    return out
    prices = data.row_prices
    gold = p.gold
    for j, pid in enumerate(s.plan_row):
        if pid is not None and prices[j] <= gold:
            plan = plans[pid]
            if len(plan.slots) <= n:
                short = 0
                for t, k in plan.needs:
                    c = types.count(t)
                    if k > c:
                        short += k - c
                if short <= gems:
                    out.append((pid, "row", prices[j]))
                    if first:
                        return out
    return out


def camp(w, seat: int, log) -> None:
    w.edit(seat, warden=CAMP)
    if log is not None:
        th, en = seat_name(seat)
        emit(log, "warden_moved", seat, ("turn.warden_move", "battle.return_to_camp"),
             f"{th} ย้าย Warden กลับค่าย เพื่อออกรบ", f"{en} moves the Warden back to camp to battle", to=CAMP)
    w.queue[0:0] = [("plan",), ("end_turn",)]


def choose_plan(w, seat: int, pid: str, log) -> None:
    """Step 1: a reserved plan, or a fresh one from the row (its slot's price, no reserve bonus)."""
    src, cost = next((src, cost) for p_, src, cost in plan_options(w, seat) if p_ == pid)
    p = w.players[seat]
    th, en = seat_name(seat)
    w.queue.insert(0, ("assign",))
    if src == "reserve":
        r = list(p.reserve)
        r.remove(pid)
        w.edit(seat, reserve=tuple(r))
    else:
        pay(w, seat, "gold", cost)

        row_take(w, w.plan_row.index(pid))
    w.battle = Battle(pid, src, load().plans[pid].slots)
    if log is not None:
        nth, nen = plan_name(pid)
        emit(log, "plan_chosen", seat, ("battle.choose_plan",),
             f"{th} เลือก{nth} " + ("จากช่องสำรอง" if src == "reserve" else f"ซื้อสดจากแถว จ่ายทอง {cost}"),
             f"{en} chooses {nen} " + ("from the reserve" if src == "reserve" else f"bought from the row for {cost} gold"),
             plan=pid, source=src, cost=cost, slots=list(w.battle.slots))


def _free(s, seat: int) -> list[int]:
    b = s.battle
    return [i for i in range(len(s.players[seat].troops)) if i not in b.dice]


def assign_options(s, seat: int) -> list[tuple[int, bool]]:
    """(troop index, wild) for the next empty slot: a die of its type (any die for an ``any`` slot),
    or another die made wild with a gem (shrines.gem), leaving the other slots still fillable.
    Identical dice are offered once (the first of them)."""
    b = s.battle
    p = s.players[seat]
    j = len(b.dice)
    want = b.slots[j]
    rest = b.slots[j + 1:]
    free = _free(s, seat)
    types = [p.troops[k][0] for k in free]      # the free dice's types, in the order of ``free``
    gems = p.gems
    seen, out = set(), []
    for pos, i in enumerate(free):
        d = p.troops[i]
        if d in seen:
            continue
        seen.add(d)
        others = types[:pos] + types[pos + 1:]
        if want == ANY or d[0] == want:
            if shortfall(others, rest) <= gems:
                out.append((i, False))
        elif gems >= 1 and shortfall(others, rest) <= gems - 1:
            out.append((i, True))
    return out


def assign(w, seat: int, i: int, wild: bool, log) -> None:
    b = w.battle
    p = w.players[seat]
    d = p.troops[i]
    if wild:
        spend_gem(w, seat)
    w.battle = renewed(b, dice=b.dice + (i,), faces=b.faces + (d[1],), wild=b.wild + (wild,))
    if log is not None:
        th, en = seat_name(seat)
        slot = b.slots[len(b.dice)]
        dt, de = die_text(d)
        st, se = slot_name(slot)
        emit(log, "troop_assigned", seat, ("battle.assign_troops",) + (("shrines.gem",) if wild else ()),
             f"{th} วางเต๋า {dt} ลง{st}" + (" (ใช้อัญมณีทำเป็น Wild)" if wild else ""),
             f"{en} assigns {de} to a{'n' if slot == ANY else ''} {se}" + (" (made wild with a gem)" if wild else ""),
             die=i, troop=d[0], face=d[1], slot=slot, wild=wild)
    w.queue.pop(0)
    w.queue.insert(0, ("assign",) if len(w.battle.dice) < len(b.slots) else ("adjust",))


def spend_gem(w, seat: int) -> None:
    """A gem spent in battle goes back to the gem shrine or the box (ambiguity gem_return)."""
    p = w.players[seat]
    w.edit(seat, gems=p.gems - 1)
    if w.config.gem_return == "to_box":
        w.gem_box += 1
    else:
        w.gem_shrine += 1


def adjust_options(s, seat: int) -> list[dict]:
    """Step 2 adjustments: flip a die with a gem; turn it one face with magic (ambiguity
    magic_adjust_rate); or fight."""
    p = s.players[seat]
    b = s.battle
    out = []
    for j, f in enumerate(b.faces):
        if p.gems >= 1:
            out.append({"type": "flip", "slot": j})
        if p.magic >= MAGIC_PER_PIP:
            if f < 6:
                out.append({"type": "magic", "slot": j, "delta": 1})
            if f > 1 and s.config.magic_adjust_rate == "one_per_pip":
                out.append({"type": "magic", "slot": j, "delta": -1})
    return out + [{"type": "fight"}]


def flip(w, seat: int, j: int, log) -> None:
    b = w.battle
    faces = list(b.faces)
    old = faces[j]
    faces[j] = OPPOSITE - old
    spend_gem(w, seat)
    w.battle = renewed(b, faces=tuple(faces))
    th, en = seat_name(seat)
    if log is not None:
        emit(log, "die_flipped", seat, ("shrines.gem", "battle.assign_troops"),
             f"{th} ใช้อัญมณีพลิกเต๋าช่อง {j + 1} จาก {old} เป็น {faces[j]}",
             f"{en} spends a gem to flip slot {j + 1} from {old} to {faces[j]}", slot=j, before=old, after=faces[j])


def magic(w, seat: int, j: int, delta: int, log) -> None:
    b = w.battle
    faces = list(b.faces)
    old = faces[j]
    faces[j] = old + delta
    pay(w, seat, "magic", MAGIC_PER_PIP)
    w.battle = renewed(b, faces=tuple(faces))
    if log is not None:
        th, en = seat_name(seat)
        emit(log, "die_adjusted", seat, ("battle.assign_troops",),
             f"{th} ใช้เวทมนตร์ {MAGIC_PER_PIP} ปรับเต๋าช่อง {j + 1} จาก {old} เป็น {faces[j]}",
             f"{en} spends {MAGIC_PER_PIP} magic to turn slot {j + 1} from {old} to {faces[j]}",
             slot=j, before=old, after=faces[j], magic=MAGIC_PER_PIP)


def used_types(s, seat: int) -> tuple:
    """The type each die counts as: a typed slot's type (a wild die too), else the die's colour."""
    p = s.players[seat]
    b = s.battle
    return tuple(p.troops[i][0] if t == ANY else t for t, i in zip(b.slots, b.dice))


def vp_for(real: int, config) -> int:
    """battle.vp_conversion: the chart beside the camp (ambiguity vp_conversion_table)."""
    return vp_lookup(real, config)["vp"]


def vp_lookup(real: int, config) -> dict:
    """The chart beside the camp read at real strength ``real`` (battle.vp_conversion; the chart
    is ambiguity vp_conversion_table, its values assumed data).

    Returns ``{"real", "vp", "reading", "rows", "row", "clauses", "ambiguity"}``: ``reading`` is the
    config's ``linear`` or ``stepped``; ``rows`` the chart as ``{"from", "to", "vp"}`` bands
    (``to`` is ``None`` on the last band; a linear chart has no bands: VP = strength); ``row`` the
    index of the band read (``None`` for linear or below the first band)."""
    reading = config.vp_conversion_table
    rows, row = [], None
    if reading == "stepped":
        bands = load().vp_bands
        for k, (lo, vp) in enumerate(bands):
            rows.append({"from": lo, "to": bands[k + 1][0] - 1 if k + 1 < len(bands) else None, "vp": vp})
            if real >= lo and (row is None or vp > rows[row]["vp"]):
                row = k  # the best band reached (the chart's bands rise)
        vp = rows[row]["vp"] if row is not None else 0
    else:
        vp = real
    return {"real": real, "vp": vp, "reading": reading, "rows": rows, "row": row,
            "clauses": ("battle.vp_conversion",), "ambiguity": "vp_conversion_table"}


def reserve_bonus(source: str, config) -> int:
    """VP a plan played from the reserve adds (battle.choose_plan; ambiguity reserve_bonus)."""
    return RESERVE_BONUS_VP if source == "reserve" and config.reserve_bonus == "plus_one_vp" else 0


def slot_text(slot: str) -> tuple[str, str]:
    """(Thai, English) name of a plan slot: a troop type, or ``any`` (battle.assign_troops)."""
    return ("ใดก็ได้", "any") if slot == ANY else (TROOP_TH[slot], slot)


def next_slot(s) -> int | None:
    """The slot the next ``assign`` fills (slots fill in plan order, typed slots first:
    battle.assign_troops), or ``None`` with no battle or every slot filled."""
    b = s.battle
    return None if b is None or len(b.dice) >= len(b.slots) else len(b.dice)


def strength_breakdown(s, seat: int) -> dict:
    """The battle in progress as its fight sums it now (battle.strength_cap), before the fight.

    ``fight`` adds up exactly these parts, so a view showing them shows the engine's sum.  Returns::

        {"plan", "source", "complete": all slots filled,
         "slots": [{"slot": j, "type": slot type, "type_th", "type_en", "die": troop index or None,
                    "troop", "rolled": face taken, "face": face now, "wild", "counts_as", "strength",
                    "clauses"}],           # an empty slot has die/troop/rolled/face/strength None
         "dice_sum",
         "bonuses": [{"source": "board" | "champion", "id", "label_th", "label_en", "amount", "clauses"}]
         (the board's row, always first, also says ``"unlocked"``; its label says when it is not),
         "bonus_sum", "total", "influence", "real": min(total, influence), "capped": total > influence,
         "clauses": ("battle.strength_cap",),
         "vp": vp_lookup(real), "reserve_bonus": VP, "vp_total": chart VP + reserve bonus,
         "ongoing": [{"champion", "label_th", "label_en", "met", "gains": [[resource, amount]],
                      "clauses": ("battle.ongoing_champions",)}],
         "influence_spent": influence the fight costs (ambiguity influence_spent_in_battle)}

    A :class:`BadInput` (field ``battle``) when ``seat`` has no battle before its fight."""
    b = s.battle
    if b is None or b.real is not None or s.turn != seat:
        raise BadInput("battle", "battle", "ไม่มีศึกที่ยังไม่ได้รบของที่นั่งนี้ (ดูเหตุการณ์ battle_strength ของศึกที่รบแล้ว)",
                       "this seat has no battle waiting for its fight (a fought battle's sum is its battle_strength event)")
    p = s.players[seat]
    used, dice_sum, board, champ, total, real, vp, extra, spent = strength_parts(s, seat)
    slots = []
    for j, t in enumerate(b.slots):
        th, en = slot_text(t)
        row = {"slot": j, "type": t, "type_th": th, "type_en": en, "die": None, "troop": None, "rolled": None,
               "face": None, "wild": False, "counts_as": None, "strength": None, "clauses": ("battle.assign_troops",)}
        if j < len(b.dice):
            i = b.dice[j]
            row.update(die=i, troop=p.troops[i][0], rolled=p.troops[i][1], face=b.faces[j], wild=b.wild[j],
                       counts_as=used[j], strength=strength(b.faces[j]),
                       clauses=("battle.assign_troops",) + (("shrines.gem",) if b.wild[j] else ()))
        slots.append(row)
    if board:
        board_th, board_en = "กระดานผู้เล่น: +1 พลังถาวรที่ปลดล็อก", "player board: unlocked permanent +1 strength"
    else:
        board_th, board_en = ("กระดานผู้เล่น: +1 พลังถาวร ยังไม่ปลดล็อก (ไม่บวก)",
                              "player board: permanent +1 strength not unlocked yet (adds nothing)")
    bonuses = [{"source": "board", "id": "strength", "label_th": board_th, "label_en": board_en,
                "amount": board, "unlocked": board > 0, "clauses": ("battle.strength_cap", "battle.level_up")}]
    for cid, v in champ:
        c = load().champions[cid]
        bonuses.append({"source": "champion", "id": cid, "label_th": f"แชมเปียน {c.name_th}",
                        "label_en": f"champion {c.name_en}", "amount": v, "clauses": ("battle.strength_cap",)})
    bonus_sum = total - dice_sum
    chart = vp_lookup(real, s.config)
    ongoing = []
    for cid in p.champions:
        c = load().champions[cid]
        if c.timing == "ongoing":
            ongoing.append({"champion": cid, "label_th": c.name_th, "label_en": c.name_en,
                            "met": champions.battle_meets(c.condition, used, real, len(used)),
                            "gains": [[e.resource, e.amount] for e in c.effects if e.kind == "gain"],
                            "clauses": ("battle.ongoing_champions",)})
    return {"plan": b.plan, "source": b.source, "complete": len(b.dice) == len(b.slots), "slots": slots,
            "dice_sum": dice_sum, "bonuses": bonuses, "bonus_sum": bonus_sum, "total": total,
            "influence": p.influence, "real": real, "capped": total > p.influence, "clauses": ("battle.strength_cap",),
            "vp": chart, "reserve_bonus": extra, "vp_total": chart["vp"] + extra, "ongoing": ongoing,
            "influence_spent": spent}


def strength_parts(s, seat: int) -> tuple:
    """The sum a fight makes now (battle.strength_cap ... battle.vp_conversion), shared by
    :func:`fight` and :func:`strength_breakdown` (which adds what a view shows around it):
    ``(used, dice_sum, board, champions, total, real, vp, reserve_vp, influence_spent)`` with
    ``used`` the type each die counts as (:func:`used_types`), ``board`` the board's strength
    bonus, ``champions`` ``[(champion, bonus)]`` (:func:`~rules.valeria.champions.strength_bonus`),
    ``total`` = dice + board + champions, ``real`` = min(total, influence), ``vp`` the chart's
    VP at ``real``, ``reserve_vp`` (:func:`reserve_bonus`) and the influence the fight costs
    (ambiguity influence_spent_in_battle), all ints."""
    b = s.battle
    p = s.players[seat]
    used = used_types(s, seat)
    dice_sum = sum([strength(f) for f in b.faces])
    board = ability(p, "strength", s.config)
    champ = champions.strength_bonus(p, used)
    total = dice_sum + board + sum([v for _, v in champ])
    real = min(total, p.influence)
    spent = real if s.config.influence_spent_in_battle == "spent" else 0
    return (used, dice_sum, board, champ, total, real, vp_for(real, s.config), reserve_bonus(b.source, s.config),
            spent)


def fight(w, seat: int, log) -> None:
    """Steps 3-5: strength = dice + champion and board bonuses, capped by influence
    (:func:`strength_breakdown`: the same parts); VP from the chart at once; ongoing champions
    the battle meets; then level up, marker, chains, clean-up."""
    p = w.players[seat]
    b = w.battle
    used, dice_sum, board, bonuses, total, real, vp, extra, spent = strength_parts(w, seat)
    champ = total - dice_sum - board
    th, en = seat_name(seat)
    if log is not None:
        emit(log, "battle_strength", seat, ("battle.strength_cap",),
             f"{th} พลังเต๋า {dice_sum} + กระดาน {board} + แชมเปียน {champ} = {total}"
             f" เทียบบารมี {p.influence} พลังจริง {real}",
             f"{en}: dice {dice_sum} + board {board} + champions {champ} = {total},"
             f" against influence {p.influence}: real strength {real}",
             dice=dice_sum, board_bonus=board, champion_bonus=champ, total=total,
             influence=p.influence, real=real, capped=total > p.influence, faces=list(b.faces))
    w.battle = renewed(b, real=real, used=used)
    score(w, seat, vp, "battles", log, ("battle.vp_conversion",), f"พลัง {real} ตามตาราง",
          f"strength {real} on the chart")
    if extra:
        score(w, seat, extra, "battles", log, ("battle.choose_plan",), "โบนัสช่องสำรอง", "reserve bonus")
    if spent:
        w.edit(seat, influence=w.players[seat].influence - real)
        if log is not None:
            emit(log, "influence_spent", seat, ("battle.strength_cap",), f"{th} เสียบารมี {real}",
                 f"{en} spends {real} influence ({ambiguity_ref('valeria', 'influence_spent_in_battle', 'spent')[1]})",
                 amount=real)
    champions.ongoing_rewards(w, seat, used, real, log)
    w.queue.pop(0)
    nxt = [("cleanup",)]
    if markers_on_board(w.players[seat]) > 0:
        nxt = [("level", "battle"), ("skirmish",)] + nxt
    else:
        if log is not None:
            emit(log, "no_marker", seat, ("battle.level_up",),
                 f"{th} ไม่มี Conquest Marker เหลือบนกระดาน ข้ามการเลเวลอัพ "
                 f"({ambiguity_ref('valeria', 'no_marker_left', 'skip')[0]})",
                 f"{en} has no conquest marker left: no level-up, marker or chain "
                 f"({ambiguity_ref('valeria', 'no_marker_left', 'skip')[1]})")
    w.queue[0:0] = nxt


def cleanup(w, seat: int, log) -> None:
    """Step 9: the dice used back to the bag; the plan kept beside the board; a 7th plan ends the
    game at the end of the round (end.trigger_and_scoring)."""
    b = w.battle
    p = w.players[seat]
    used = [p.troops[i] for i in b.dice]
    w.edit(seat, troops=tuple(d for i, d in enumerate(p.troops) if i not in b.dice), plans=p.plans + (b.plan,))
    to_bag(w, used, log, seat, ("battle.cleanup",), "หลังออกรบ", "after the battle")
    th, en = seat_name(seat)
    n = len(w.players[seat].plans)
    if log is not None:
        nth, nen = plan_name(b.plan)
        emit(log, "plan_completed", seat, ("battle.cleanup",), f"{th} เก็บ{nth} (สำเร็จ {n} ใบ)",
             f"{en} keeps {nen} ({n} completed)", plan=b.plan, completed=n)
    w.battle = None
    if n >= PLANS_TO_END and not w.end_triggered:
        w.end_triggered, w.end_trigger = True, "seventh_plan"
        if log is not None:
            emit(log, "end_triggered", seat, ("end.trigger_and_scoring",),
                 f"{th} ทำแผนรบสำเร็จครบ {PLANS_TO_END} ใบ เล่นต่อให้ครบรอบแล้วจบเกม",
                 f"{en} completed a {PLANS_TO_END}th plan: the round is finished, then the game ends")


