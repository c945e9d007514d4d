"""Moving the Warden and the five shrines (turn.warden_move, dice.troops, shrines.*)."""
from __future__ import annotations

from dataclasses import replace as _replace

from ..core.ambiguity import reading_note
from ..core.events import emit
from ..core.protocol import IllegalAction
from . import champions
from .awards import claimable
from .board import ability, gain, pay, score
from .config import CAMP, GEM_SHRINE_GAIN, MAGIC_SHRINE_GAIN, SHRINE_TH, SHRINES, TROOPS
from .data import load
from .dice import FACES, after_take, discount, to_bag
from .names import award_name, champion_name, plan_name
from .state import die_text, seat_name


def troops_full(p, config) -> bool:
    return len(p.troops) >= ability(p, "troop", config)


def enterable(s, seat: int) -> list[str]:
    """The shrines the seat's Warden may enter now, in shrine order: a new place
    (turn.warden_move) with a die left (dice.troops); under troop_slots_full=forbidden the troop
    slots must have room."""
    p = s.players[seat]
    if s.config.troop_slots_full == "forbidden" and troops_full(p, s.config):
        return []
    here = p.warden
    return [name for name, dice in zip(SHRINES, s.shrines) if dice and name != here]


def can_enter(s, seat: int, shrine: str) -> bool:
    """``shrine`` is one of :func:`enterable`."""
    return shrine in enterable(s, seat)


def enter_refusal(s, seat: int, shrine: str) -> IllegalAction | None:
    """Why ``seat``'s Warden may not enter ``shrine`` now (``None`` when it may): the Warden is
    there already (turn.warden_move), the shrine has no die left, or the troop slots are full
    under troop_slots_full=forbidden (dice.troops).  The move step's refusal and the page's shrine
    explainer both read this; it says why a shrine is not one of :func:`enterable` (the fast list
    the engine and kernel use; ``tests/test_valeria_page.py`` checks the two agree)."""
    p = s.players[seat]
    if p.warden == shrine:
        return IllegalAction("turn.warden_move", f"Warden อยู่ที่{SHRINE_TH[shrine]}แล้ว ต้องย้ายไปที่ใหม่ (ห้ามอยู่ที่เดิม)",
                             f"the Warden is already at the {shrine} shrine: it must move to a new place")
    if not s.shrines[SHRINES.index(shrine)]:
        return IllegalAction("dice.troops", f"{SHRINE_TH[shrine]}ไม่มีเต๋าเหลือ ห้ามเข้า",
                             f"the {shrine} shrine has no die left: it may not be entered")
    if s.config.troop_slots_full == "forbidden" and troops_full(p, s.config):
        th, en = reading_note("valeria", "troop_slots_full", "forbidden")
        return IllegalAction("dice.troops", f"ช่องทหารเต็ม เข้าศาลไม่ได้ ({th})",
                             f"your troop slots are full: no shrine may be entered ({en})")
    return None


def enter(w, seat: int, shrine: str, log) -> None:
    """The Warden enters ``shrine``: take a die first, then the shrine's action, then the turn ends."""
    w.edit(seat, warden=shrine)
    if log is not None:
        th, en = seat_name(seat)
        emit(log, "warden_moved", seat, ("turn.warden_move",), f"{th} ย้าย Warden ไป{SHRINE_TH[shrine]}",
             f"{en} moves the Warden to the {shrine} shrine", to=shrine)
    w.queue[0:0] = [("take", shrine), ("shrine", shrine), ("end_turn",)]


def distinct_dice(dice) -> list[tuple]:
    """The different (troop, face) dice of a shrine or a troop area, in a fixed order (troop
    order, then face)."""
    return sorted(set(dice), key=_DIE_RANK.__getitem__)


_DIE_RANK = {(t, f): (i, f) for i, t in enumerate(TROOPS) for f in FACES}
"""Every die's place in :func:`distinct_dice`'s order (a die is always one of these: setup rolls
them, scenario overrides are parsed into them)."""


def take_die(w, seat: int, shrine: str, die: tuple, log, cites=("dice.troops",)) -> None:
    """Move ``die`` from ``shrine`` to the seat's troop slots; a full area asks which die goes
    back to the bag (ambiguity troop_slots_full=return_one)."""
    w.shrines[SHRINES.index(shrine)].remove(die)
    p = w.players[seat]
    w.edit(seat, troops=p.troops + (die,))
    if log is not None:
        th, en = seat_name(seat)
        dt, de = die_text(die)
        emit(log, "die_taken", seat, cites, f"{th} หยิบเต๋า {dt} จาก{SHRINE_TH[shrine]} มาวางช่องทหาร",
             f"{en} takes {de} from the {shrine} shrine to a troop slot", shrine=shrine, troop=die[0], face=die[1])
    if len(w.players[seat].troops) > ability(p, "troop", w.config):
        w.queue.insert(0, ("discard",))
        if log is not None:
            th, en = seat_name(seat)
            emit(log, "troops_full", seat, ("dice.troops",),
                 f"{th} ช่องทหารเต็ม ต้องคืนเต๋า 1 ลูกลงถุง ({reading_note('valeria', 'troop_slots_full', 'return_one')[0]})",
                 f"{en}'s troop slots are full: one die goes back to the bag "
                 f"({reading_note('valeria', 'troop_slots_full', 'return_one')[1]})")
    after_take(w, shrine, log)


def return_die(w, seat: int, die: tuple, log) -> None:
    p = w.players[seat]
    troops = list(p.troops)
    troops.remove(die)
    w.edit(seat, troops=tuple(troops))
    to_bag(w, [die], log, seat, ("dice.troops",), "ช่องทหารเต็ม", "troop slots full")


def gem_shrine(w, seat: int, log) -> None:
    """shrines.gem: one gem (none when the shrine is empty or storage full: ambiguity gem_storage)."""
    gain(w, seat, "gem", GEM_SHRINE_GAIN, log, ("shrines.gem",), "ศาลอัญมณี", "gem shrine")


def gold_shrine(w, seat: int, log) -> None:
    """shrines.gold: gold equal to the discount of the die taken this turn (a 6 gives none)."""
    d = discount(w.die_taken[1], w.config)
    if log is None:
        gain(w, seat, "gold", d, None, ("shrines.gold", "dice.troops"), "", "")
    else:
        gain(w, seat, "gold", d, log, ("shrines.gold", "dice.troops"),
             f"ส่วนลดของเต๋าหน้า {w.die_taken[1]} คือ {d}", f"the discount of a {w.die_taken[1]} is {d}")


def this_discount(s) -> int:
    return discount(s.die_taken[1], s.config) if s.die_taken else 0


def champion_offers(s, seat: int, free: bool = False) -> list[tuple[str, int]]:
    """(champion, gold) the seat can take now: face up, within the quota, affordable."""
    p = s.players[seat]
    if not champions.room(p, s.config):
        return []
    out = []
    for cid in s.champ_up:
        if cid is None:
            continue
        cost = 0 if free else champions.price(p, cid, this_discount(s), s.config)
        if cost <= p.gold:
            out.append((cid, cost))
    return out


def plan_offers(s, seat: int) -> list[tuple[str, int]]:
    """(plan, gold) the seat can reserve at the tactics shrine: a free reserve slot, the slot's
    price less the discount (shrines.tactics), never below 0."""
    p = s.players[seat]
    if len(p.reserve) >= ability(p, "reserve", s.config):
        return []
    prices = load().row_prices
    d = this_discount(s)
    return [(pid, max(0, prices[j] - d)) for j, pid in enumerate(s.plan_row)
            if pid is not None and max(0, prices[j] - d) <= p.gold]


def take_magic(w, seat: int, log) -> None:
    gain(w, seat, "magic", MAGIC_SHRINE_GAIN, log, ("shrines.magic",), "ศาลเวทมนตร์", "magic shrine")


def claim_award(w, seat: int, aid: str, log) -> None:
    """shrines.magic: claim ``aid`` (its condition met now): a conquest marker comes off the board
    (level-up choice next; ambiguity award_marker_source) and its VP are scored at once."""
    a = load().awards[aid]
    p = w.players[seat]
    w.edit(seat, awards=p.awards + (aid,))
    nth, nen = award_name(aid)
    score(w, seat, a.vp, "awards", log, ("shrines.magic",), nth, nen)
    w.queue.insert(0, ("level", "award"))
    if w.config.award_claims == "taken":
        pile = w.award_up.index(aid)
        w.award_up[pile] = None
        w.queue.insert(1, ("draw", "award", pile))


def buy_champion(w, seat: int, cid: str, log) -> None:
    cost = champions.price(w.players[seat], cid, this_discount(w), w.config)
    champions.take(w, seat, cid, cost, log, ("shrines.champion",))


def row_take(w, j: int) -> None:
    """A plan leaves row slot ``j``: refill it in place, or slide the dearer cards down and refill
    the dearest slot (ambiguity card_and_map_data)."""
    if w.config.card_and_map_data == "assumed_slide":
        del w.plan_row[j]
        w.plan_row.append(None)
        j = len(w.plan_row) - 1
    else:
        w.plan_row[j] = None
    w.queue.insert(0, ("draw", "plan", j))


def reserve_plan(w, seat: int, pid: str, log) -> None:
    cost = dict(plan_offers(w, seat))[pid]
    j = w.plan_row.index(pid)
    pay(w, seat, "gold", cost)
    p = w.players[seat]
    w.edit(seat, reserve=p.reserve + (pid,))
    th, en = seat_name(seat)
    if log is not None:
        nth, nen = plan_name(pid)
        emit(log, "plan_reserved", seat, ("shrines.tactics",), f"{th} จอง{nth} จ่ายทอง {cost}",
             f"{en} reserves {nen} for {cost} gold", plan=pid, cost=cost)
    row_take(w, j)


def decline(w, seat: int, shrine: str, log) -> None:
    if log is not None:
        th, en = seat_name(seat)
        emit(log, "declined", seat, (f"shrines.{shrine}",), f"{th} ไม่ใช้แอ็กชันของ{SHRINE_TH[shrine]}",
             f"{en} takes no action at the {shrine} shrine")




def shrine_values(s, seat: int) -> list[dict]:
    """What entering each shrine would give ``seat`` now (the page's shrine explainer; the engine
    computes every number): ``shrine``, ``enter`` (legal now), ``refusal`` (the clause when not)
    with ``refusal_th``/``refusal_en`` (the move step's own reason: :func:`enter_refusal`),
    ``dice`` (left), ``best_discount`` (of the dice there), ``gives_th``/``gives_en`` (cards by
    name: :mod:`.names`)."""

    p = s.players[seat]
    out = []
    for k, name in enumerate(SHRINES):
        dice = s.shrines[k]
        best = max((discount(d[1], s.config) for d in dice), default=0)
        refusal = enter_refusal(s, seat, name)
        if name == "gold":
            th, en = f"ทองเท่าส่วนลด สูงสุด {best}", f"gold equal to the discount: up to {best}"
        elif name == "gem":
            room = ability(p, "gems", s.config) - p.gems
            n = min(1, room, s.gem_shrine)
            th, en = f"อัญมณี {n} (ในศาล {s.gem_shrine} ที่เก็บว่าง {room})", f"{n} gem ({s.gem_shrine} in the shrine, room for {room})"
        elif name == "magic":
            awards = claimable(s, seat)
            th = f"เวทมนตร์ {MAGIC_SHRINE_GAIN}" + (f" หรือเคลม {', '.join(award_name(a)[0] for a in awards)}" if awards else "")
            en = f"{MAGIC_SHRINE_GAIN} magic" + (f" or claim {', '.join(award_name(a)[1] for a in awards)}" if awards else "")
        elif name == "champion":
            best_die = max(dice, key=lambda d: discount(d[1], s.config), default=None)
            fake = _replace(s, die_taken=best_die) if best_die else s
            offers = champion_offers(fake, seat)
            th = "ซื้อได้: " + (", ".join(f"{champion_name(c)[0]} ({g} ทอง)" for c, g in offers) or "ไม่มีที่จ่ายได้")
            en = "can buy: " + (", ".join(f"{champion_name(c)[1]} ({g} gold)" for c, g in offers) or "nothing affordable")
        else:
            best_die = max(dice, key=lambda d: discount(d[1], s.config), default=None)
            fake = _replace(s, die_taken=best_die) if best_die else s
            offers = plan_offers(fake, seat)
            th = "จองได้: " + (", ".join(f"{plan_name(c)[0]} ({g} ทอง)" for c, g in offers) or "ไม่มี (ช่องสำรองเต็มหรือทองไม่พอ)")
            en = "can reserve: " + (", ".join(f"{plan_name(c)[1]} ({g} gold)" for c, g in offers) or "none (reserve full or too little gold)")
        out.append({"shrine": name, "enter": refusal is None, "refusal": refusal and refusal.clause,
                    "refusal_th": refusal and refusal.message_th, "refusal_en": refusal and refusal.message_en,
                    "dice": len(dice),
                    "best_discount": best, "gives_th": th, "gives_en": en})
    return out
