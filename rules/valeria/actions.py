"""Valeria actions: what is legal, why something is not (the clause that forbids it there), every
label, and performing a legal action on a working copy.

Player actions (``{"player": p, "type": ...}``): ``map_side`` {side} (setup.campaign_map);
``enter`` {shrine}, ``camp``, ``pass`` [{troop, face}] (turn.warden_move, battle.return_to_camp,
no_legal_move); ``take`` {troop, face} (dice.troops); ``return_die`` {troop, face} (troop_slots_full);
``take_magic``, ``claim_award`` {award} (shrines.magic); ``buy_champion`` {champion}
(shrines.champion); ``reserve_plan`` {plan} (shrines.tactics); ``decline``; ``choose_plan`` {plan}
(battle.choose_plan); ``assign`` {die, wild} (battle.assign_troops); ``flip`` {slot}, ``magic``
{slot, delta}, ``fight``; ``level_up`` {track} (battle.level_up); ``place_marker`` {space}
(battle.skirmish_marker); ``free_champion`` {champion}, ``chain_die`` {shrine, troop, face}
(battle.chain_bonus).  Chance: ``{"chance": "die", "shrine", "troop", "face"}`` (a refill die
drawn and rolled) and ``{"chance": "draw", "deck", "slot", "card"}`` (a card drawn face up).
"""
from __future__ import annotations

from functools import lru_cache

from ..core.ambiguity import ambiguity_ref
from ..core.chance import cumulative, index_in
from ..core.events import emit
from ..core.protocol import CHANCE, TERMINAL, IllegalAction
from . import battle, campaign, champions, names, shrines
from .awards import claimable
from .board import TRACK_EN, TRACK_TH
from .config import CAMP, SHRINE_TH, SHRINES, TROOP_TH, TROOPS
from .data import load
from .dice import FACES, OPPOSITE, refill_tasks, roll_outcomes, roll_table, rolled
from .flow import _pool, current_player, draw_pool, end_turn, phase
from .state import TIMINGS, PILES, die_text, drawn_from, seat_name

PHASE_CLAUSE = {"side": "setup.campaign_map", "move": "turn.warden_move", "take": "dice.troops",
                "discard": "dice.troops", "magic": "shrines.magic", "champion": "shrines.champion",
                "tactics": "shrines.tactics", "plan": "battle.choose_plan", "assign": "battle.assign_troops",
                "adjust": "battle.assign_troops", "level": "battle.level_up", "skirmish": "battle.skirmish_marker",
                "chain_champion": "battle.chain_bonus", "chain_die": "battle.chain_bonus",
                "chance": "dice.troops", "over": "end.trigger_and_scoring"}


_LAST: list = [None, None, []]
"""The last ``(state, player, actions)`` asked: ``apply`` re-checks the action just chosen from
``legal_actions`` of the same (immutable) state, so that answer is kept once."""


def legal_actions(s, player: int) -> list[dict]:
    """The actions ``player`` may take now (empty when it is not their decision)."""
    if _LAST[0] is s and _LAST[1] == player:
        return list(_LAST[2])
    out = _legal(s, player)
    _LAST[:] = [s, player, out]
    return list(out)


def _legal(s, player: int) -> list[dict]:
    make, options = choices(s, player)
    return [make(player, o) for o in options]


# The legal actions are built in two halves: ``choices`` lists the options of the decision in a
# compact form (a shrine name, a die, a plan id ...) in the order of the legal actions, and its
# ``make`` turns one option into the action dict.  The engine makes every dict; the random-play
# kernel (rules/valeria/kernel.py) picks an option first and makes only that one.

def _move(p, o) -> dict:
    if o is None:
        return {"player": p, "type": "pass"}
    if type(o) is tuple:
        return {"player": p, "type": "pass", "troop": o[0], "face": o[1]}
    if o == CAMP:
        return {"player": p, "type": "camp"}
    return {"player": p, "type": "enter", "shrine": o}


def _side(p, k) -> dict:
    return {"player": p, "type": "map_side", "side": k}


def _take(p, d) -> dict:
    return {"player": p, "type": "take", "troop": d[0], "face": d[1]}


def _return(p, d) -> dict:
    return {"player": p, "type": "return_die", "troop": d[0], "face": d[1]}


def _magic_shrine(p, a) -> dict:
    return {"player": p, "type": "take_magic"} if a is None else {"player": p, "type": "claim_award", "award": a}


def _champion(p, c) -> dict:
    return {"player": p, "type": "decline"} if c is None else {"player": p, "type": "buy_champion", "champion": c}


def _tactics(p, c) -> dict:
    return {"player": p, "type": "decline"} if c is None else {"player": p, "type": "reserve_plan", "plan": c}


def _plan(p, pid) -> dict:
    return {"player": p, "type": "choose_plan", "plan": pid}


def _assign(p, o) -> dict:
    return {"player": p, "type": "assign", "die": o[0], "wild": o[1]}


def _adjust(p, a) -> dict:
    return {"player": p, **a}


def _level(p, t) -> dict:
    return {"player": p, "type": "level_up", "track": t}


def _marker(p, sp) -> dict:
    return {"player": p, "type": "place_marker", "space": sp}


def _free_champion(p, c) -> dict:
    return {"player": p, "type": "free_champion", "champion": c}


def _chain_die(p, o) -> dict:
    return {"player": p, "type": "chain_die", "shrine": o[0], "troop": o[1][0], "face": o[1][1]}


def _none(p, o) -> dict:
    raise AssertionError("no option to make")


def choices(s, player: int) -> tuple:
    """``(make, options)``: the options of ``player``'s decision now, in the order of
    :func:`legal_actions` (no option when it is not their decision), and ``make(player, option)``,
    which gives the action dict of one option (``legal_actions`` is every option made)."""
    seat, make, options = next_choice(s)
    return (make, options) if seat == player else (_none, [])


def next_choice(s) -> tuple:
    """``(seat, make, options)`` of the next step: the seat that decides (the seat choosing a map
    side in setup, else the seat whose turn it is: :func:`~rules.valeria.flow.current_player`), its
    options and their ``make`` (see :func:`choices`); ``(CHANCE, _, [])`` at a die roll or a card
    draw, ``(TERMINAL, _, [])`` at the end.  One look at the head of the turn's queue (the steps by
    how often a game stops at them)."""
    if s.winners is not None:
        return TERMINAL, _none, []
    q = s.queue
    seat = s.turn
    if not q:                                                   # turn.warden_move
        out = shrines.enterable(s, seat)
        if battle.can_camp(s, seat):
            out.append(CAMP)
        if not out:
            p = s.players[seat]
            if s.config.troop_slots_full == "forbidden" and shrines.troops_full(p, s.config):
                out = shrines.distinct_dice(p.troops)
            else:
                out = [None]
        return seat, _move, out
    t = q[0]
    k = t[0]
    if k == "roll" or k == "draw":
        return CHANCE, _none, []
    if k == "take":
        return seat, _take, shrines.distinct_dice(s.shrines[SHRINES.index(t[1])])
    if k == "discard":
        p = s.players[seat]
        keep = set(s.battle.dice) if s.battle else set()
        return seat, _return, shrines.distinct_dice([d for i, d in enumerate(p.troops) if i not in keep])
    if k == "assign":
        return seat, _assign, battle.assign_options(s, seat)
    if k == "adjust":
        return seat, _adjust, battle.adjust_options(s, seat)
    if k == "shrine":
        ph = t[1]
        if ph == "magic":
            return seat, _magic_shrine, claimable(s, seat) + [None]
        if ph in ("champion", "tactics"):
            offers = shrines.champion_offers(s, seat) if ph == "champion" else shrines.plan_offers(s, seat)
            out = [c for c, _ in offers]
            if not out or s.config.shrine_action_optional == "may_decline":
                out.append(None)
            return seat, (_champion if ph == "champion" else _tactics), out
        return seat, _none, []          # gem, gold: no choice (flow.advance runs them)
    if k == "level":
        return seat, _level, campaign.level_choices(s, seat)
    if k == "plan":
        return seat, _plan, [pid for pid, _, _ in battle.plan_options(s, seat)]
    if k == "skirmish":
        return seat, _marker, campaign.free_spaces(s.players[seat])
    if k == "chain":
        if t[1] == "free_champion":
            return seat, _free_champion, campaign.chain_choices(s, seat, "free_champion")
        return seat, _chain_die, campaign.chain_choices(s, seat, "die")
    if k == "side":
        return t[1], _side, [0, 1]
    phase(s)                            # any other step is no decision (phase refuses an unknown one)
    return seat, _none, []


def chance_outcomes(s) -> list[tuple[dict, float]]:
    """A refill die (troop by the bag's counts, face uniform) or a card drawn from a pool."""
    if current_player(s) != CHANCE:
        return []
    t = s.queue[0]
    if t[0] == "roll":
        return [({"chance": "die", "shrine": t[1], **o}, p) for o, p in roll_outcomes(s.bag)]
    pool = draw_pool(s, t)
    return [({"chance": "draw", "deck": t[1], "slot": t[2], "card": c}, 1 / len(pool)) for c in pool]


def sample_chance(s, rng) -> dict:
    """The outcome ``weighted_choice(chance_outcomes(s), rng)`` draws (the same one ``rng.random()``
    against the same sums: :func:`rules.core.chance.index_in`) without building every outcome:
    a refill die has up to 30, and about one step in five is one."""
    t = s.queue[0]
    if t[0] == "roll":
        table, dice = roll_table(tuple(s.bag))
        troop, face = dice[index_in(table, rng)]
        return {"chance": "die", "shrine": t[1], "troop": troop, "face": face}
    pool = _pool(s, t)
    return {"chance": "draw", "deck": t[1], "slot": t[2], "card": pool[index_in(_uniform(len(pool)), rng)]}


@lru_cache(maxsize=256)
def _uniform(n: int) -> tuple:
    """The table of ``n`` outcomes of probability ``1 / n`` each (a card drawn from a pool)."""
    return cumulative([1 / n] * n)


def is_outcome(s, a) -> bool:
    """``a in [o for o, _ in chance_outcomes(s)]`` (the same ``==`` on every field), asked directly."""
    if not isinstance(a, dict) or len(a) != 4:
        return False
    t = s.queue[0]
    if t[0] == "roll":
        if a.keys() != _DIE_KEYS or a["chance"] != "die" or a["shrine"] != t[1] or a["face"] not in FACES:
            return False
        return any(a["troop"] == tr and s.bag[i] for i, tr in enumerate(TROOPS))
    return (a.keys() == _DRAW_KEYS and a["chance"] == "draw" and a["deck"] == t[1] and a["slot"] == t[2]
            and a["card"] in _pool(s, t))


_DIE_KEYS = frozenset(("chance", "shrine", "troop", "face"))
_DRAW_KEYS = frozenset(("chance", "deck", "slot", "card"))


def explain(s, action: dict) -> IllegalAction | None:
    """``None`` when ``action`` is legal in ``s``; else the refusal naming the clause that forbids it."""
    cp = current_player(s)
    if cp == TERMINAL:
        return IllegalAction("end.trigger_and_scoring", "เกมจบแล้ว", "the game is over")
    if cp == CHANCE:
        if is_outcome(s, action):
            return None
        t = s.queue[0]
        clause = "dice.troops" if t[0] == "roll" else {"plan": "setup.battle_plan_row", "award": "setup.awards"}.get(
            t[1], "setup.champions")
        return IllegalAction(clause, "ตอนนี้ต้องเป็นผลการทอยเต๋าหรือการจั่วการ์ด",
                             f"a die is rolling or a card is drawn: expected one of its outcomes, got {action}")
    seat = action.get("player")
    if seat != cp:
        th, en = seat_name(cp)
        clause = "setup.campaign_map" if phase(s) == "side" else "turn.warden_move"
        return IllegalAction(clause, f"ยังไม่ใช่ตาของคุณ ตอนนี้เป็นตาของ{th}", f"not your turn: it is {en}'s")
    if action in legal_actions(s, seat):
        return None
    return _why(s, seat, action)


def _why(s, seat: int, a: dict) -> IllegalAction:
    ph = phase(s)
    p = s.players[seat]
    typ = a.get("type")
    if ph == "move":
        if typ == "enter" and a.get("shrine") in SHRINES:
            refusal = shrines.enter_refusal(s, seat, a["shrine"])
            if refusal is not None:
                return refusal
        if typ == "camp":
            if p.warden == CAMP:
                return IllegalAction("turn.warden_move", "Warden อยู่ที่ค่ายแล้ว ต้องย้ายไปที่ใหม่",
                                     "the Warden is already at camp: it must move to a new place")
            return IllegalAction("battle.return_to_camp", "กลับค่ายได้เมื่อทำแผนรบให้สำเร็จได้จริงในตานี้เท่านั้น",
                                 "you may go back to camp only with a battle plan you can complete this turn")
        if typ == "pass":
            return IllegalAction("turn.warden_move", "ต้องย้าย Warden ไปที่ใหม่ (ผ่านตาได้เมื่อไม่มีที่ไปเท่านั้น)",
                                 "you must move the Warden to a new place (a pass only when there is none)")
    if ph == "champion" and typ == "buy_champion":
        if not champions.room(p, s.config):
            return IllegalAction("battle.level_up", "โควตาแชมเปียนเต็ม", "your champion quota is full")
        return IllegalAction("shrines.champion", "ซื้อได้เฉพาะแชมเปียนที่เปิดอยู่และจ่ายทองได้",
                             "you may buy only a face-up champion whose price you can pay")
    if ph in ("champion", "tactics") and typ == "decline":
        ref_th, ref_en = ambiguity_ref("valeria", "shrine_action_optional", "must_if_able")
        return IllegalAction(f"shrines.{ph}", f"ต้องซื้อ/จองเมื่อจ่ายได้ ({ref_th})",
                             f"you must buy or reserve when you can pay ({ref_en})")
    clause = PHASE_CLAUSE.get(ph, "turn.warden_move")
    th, en = names.PHASE_NAMES.get(ph, (ph, ph))
    return IllegalAction(clause, f"ทำแบบนี้ไม่ได้ตอนนี้ (ขั้น: {th})", f"not a legal action now (step: {en}): {a}")


def describe(s, a: dict) -> tuple[str, str]:
    """(Thai, English) label of an action or chance outcome; rule values come from the engine."""
    if "chance" in a:
        if a["chance"] == "die":
            return (f"จั่วเต๋า{TROOP_TH.get(a['troop'], a['troop'])}ทอยได้ {a['face']} ลง{SHRINE_TH.get(a['shrine'], '')}",
                    f"a {a['troop']} die rolls {a['face']} into the {a['shrine']} shrine")
        th, en = names.card_name(a["card"])
        return f"เปิดการ์ด {th}", f"draw {en} face up"
    t = a.get("type")
    seat = a.get("player", 0)
    p = s.players[seat] if isinstance(seat, int) and 0 <= seat < len(s.players) else None
    d = (a.get("troop"), a.get("face"))
    dt, de = die_text(d) if d[0] in TROOP_TH else ("", "")
    if t == "map_side":
        return f"ใช้แผนที่หน้า {'AB'[a['side']]}", f"play map side {'AB'[a['side']]}"
    if t == "enter":
        return f"ย้าย Warden ไป{SHRINE_TH[a['shrine']]}", f"move the Warden to the {a['shrine']} shrine"
    if t == "camp":
        return "กลับค่าย ออกรบ", "back to camp: battle"
    if t == "pass":
        return ("ผ่านตา" + (f" คืนเต๋า {dt}" if dt else ""), "pass" + (f", returning {de}" if de else ""))
    if t == "take":
        disc = shrines.discount(a["face"], s.config)
        return f"หยิบเต๋า {dt} (ส่วนลด {disc})", f"take {de} (discount {disc})"
    if t == "return_die":
        return f"คืนเต๋า {dt} ลงถุง", f"return {de} to the bag"
    if t == "take_magic":
        return "รับเวทมนตร์ 2", "gain 2 magic"
    if t == "claim_award":
        th, en = names.award_name(a["award"])
        return f"เคลม{th}", f"claim {en}"
    if t == "buy_champion":
        c = load().champions[a["champion"]]
        cost = champions.price(p, a["champion"], shrines.this_discount(s), s.config) if p else c.price
        return f"ซื้อ {c.name_th} ทอง {cost}", f"buy {c.name_en} for {cost} gold"
    if t == "reserve_plan":
        cost = dict(shrines.plan_offers(s, seat)).get(a["plan"], "?")
        th, en = names.plan_name(a["plan"])
        return f"จอง{th} ทอง {cost}", f"reserve {en} for {cost} gold"
    if t == "decline":
        return "ไม่ซื้อ/ไม่จอง", "take nothing here"
    if t == "choose_plan":
        src = next((x for pid, x, _ in battle.plan_options(s, seat) if pid == a["plan"]), "row")
        th, en = names.plan_name(a["plan"])
        return (f"ออกรบด้วย{th} " + ("จากช่องสำรอง" if src == "reserve" else "ซื้อสดจากแถว"),
                f"battle with {en} " + ("from the reserve" if src == "reserve" else "bought from the row"))
    if t == "assign" and p is not None and 0 <= a.get("die", -1) < len(p.troops):
        dt, de = die_text(p.troops[a["die"]])
        return (f"วางเต๋า {dt}" + (" ใช้อัญมณีเป็น Wild" if a.get("wild") else ""),
                f"assign {de}" + (" made wild with a gem" if a.get("wild") else ""))
    if t == "flip":
        ch = _face_change(s, a, OPPOSITE - _face(s, a) if _face(s, a) else None)
        return f"ใช้อัญมณีพลิกเต๋าช่อง {a['slot'] + 1}{ch}", f"spend a gem to flip slot {a['slot'] + 1}{ch}"
    if t == "magic":
        sign = "+1" if a["delta"] > 0 else "-1"
        ch = _face_change(s, a, _face(s, a) + a["delta"] if _face(s, a) else None)
        return f"ใช้เวทมนตร์ปรับเต๋าช่อง {a['slot'] + 1} {sign}{ch}", f"spend magic: slot {a['slot'] + 1} {sign}{ch}"
    if t == "fight":
        return "ออกรบ! รวมพลัง", "fight: sum the strength"
    if t == "level_up":
        pv = next((x for x in campaign.level_preview(s, seat) if x["track"] == a["track"]), None) if p else None
        ch = f" ({pv['now']} → {pv['after']})" if pv else ""
        return f"เลเวลอัพ: {TRACK_TH[a['track']]}{ch}", f"level up: {TRACK_EN[a['track']]}{ch}"
    if t == "place_marker":
        th, en = _marker_gives(s, seat, a["space"]) if p and p.side is not None else ("", "")
        return f"วาง Conquest Marker ที่ช่อง {a['space']}{th}", f"place the conquest marker on space {a['space']}{en}"
    if t == "free_champion":
        c = load().champions[a["champion"]]
        return f"รับ {c.name_th} ฟรี (Chain Bonus)", f"take {c.name_en} free (chain bonus)"
    if t == "chain_die":
        return f"รับเต๋า {dt} จาก{SHRINE_TH[a['shrine']]} (Chain Bonus)", f"take {de} from the {a['shrine']} shrine (chain bonus)"
    return str(t), str(t)


def _face(s, a: dict) -> int | None:
    """The face now on the battle slot ``a["slot"]`` (``None`` when there is no such slot)."""
    b = s.battle
    j = a.get("slot")
    return b.faces[j] if b is not None and isinstance(j, int) and 0 <= j < len(b.faces) else None


def _face_change(s, a: dict, after) -> str:
    return f" ({_face(s, a)} → {after})" if after is not None else ""


def _marker_gives(s, seat: int, space: str) -> tuple[str, str]:
    """What a marker placed on ``space`` earns now (campaign.map_view): its VP, its chain bonuses."""
    view = campaign.map_view(s, seat)
    sp = next((x for x in view["spaces"] if x["id"] == space), None) if view else None
    if sp is None:
        return "", ""
    th = ([f"+{sp['gives_vp']} VP"] if sp["gives_vp"] else []) + [f"Chain {c['label_th']}" for c in sp["chains"]]
    en = ([f"+{sp['gives_vp']} VP"] if sp["gives_vp"] else []) + [f"chain {c['label_en']}" for c in sp["chains"]]
    return (f" ({', '.join(th)})" if th else "", f" ({', '.join(en)})" if en else "")


def perform(w, a: dict, log) -> None:
    """Do the legal action or chance outcome ``a`` on the working copy ``w`` (then flow.advance)."""
    if "chance" in a:
        w.queue.pop(0)
        if a["chance"] == "die":
            rolled(w, a["shrine"], a["troop"], a["face"], log)
        else:
            _drawn(w, a, log)
        return
    t = a["type"]
    if t != "pass" and t != "map_side":
        w.passes = 0
    _DO[t](w, a["player"], a, log)


def _map_side(w, seat, a, log):
    w.queue.pop(0)
    w.edit(seat, side=a["side"])
    th, en = seat_name(seat)
    mth, men = names.map_name(w.players[seat].map_id, a["side"])
    emit(log, "map_side", seat, ("setup.campaign_map",), f"{th} เลือก{mth} (พลิกไม่ได้ตลอดเกม)",
         f"{en} plays {men} (never flipped)", side=a["side"])


def _do_take(w, seat, a, log):
    w.queue.pop(0)
    die = w.die_taken = (a["troop"], a["face"])
    shrines.take_die(w, seat, w.players[seat].warden, die, log)


def _do_return(w, seat, a, log):
    w.queue.pop(0)
    shrines.return_die(w, seat, (a["troop"], a["face"]), log)


def _popped(rule):
    """A handler that takes the step off the queue, then calls ``rule(w, seat, log)``."""
    def do(w, seat, a, log):
        w.queue.pop(0)
        rule(w, seat, log)
    return do


def _popped_with(rule, key):
    """A handler that takes the step off the queue, then calls ``rule(w, seat, a[key], log)``."""
    def do(w, seat, a, log):
        w.queue.pop(0)
        rule(w, seat, a[key], log)
    return do


def _do_chain_die(w, seat, a, log):
    w.queue.pop(0)
    shrines.take_die(w, seat, a["shrine"], (a["troop"], a["face"]), log, ("battle.chain_bonus", "dice.troops"))


def _do_free_champion(w, seat, a, log):
    w.queue.pop(0)
    champions.take(w, seat, a["champion"], 0, log, ("battle.chain_bonus",))


_DO = {
    "map_side": _map_side,
    "enter": lambda w, seat, a, log: shrines.enter(w, seat, a["shrine"], log),
    "camp": lambda w, seat, a, log: battle.camp(w, seat, log),
    "pass": lambda w, seat, a, log: _pass(w, seat, a, log),
    "take": _do_take,
    "chain_die": _do_chain_die,
    "return_die": _do_return,
    "take_magic": _popped(shrines.take_magic),
    "claim_award": _popped_with(shrines.claim_award, "award"),
    "buy_champion": _popped_with(shrines.buy_champion, "champion"),
    "reserve_plan": _popped_with(shrines.reserve_plan, "plan"),
    "decline": lambda w, seat, a, log: shrines.decline(w, seat, w.queue.pop(0)[1], log),
    "choose_plan": _popped_with(battle.choose_plan, "plan"),
    "assign": lambda w, seat, a, log: battle.assign(w, seat, a["die"], a["wild"], log),
    "flip": lambda w, seat, a, log: battle.flip(w, seat, a["slot"], log),
    "magic": lambda w, seat, a, log: battle.magic(w, seat, a["slot"], a["delta"], log),
    "fight": lambda w, seat, a, log: battle.fight(w, seat, log),
    "level_up": lambda w, seat, a, log: campaign.level_up(w, seat, a["track"], w.queue[0][1], log),
    "place_marker": lambda w, seat, a, log: campaign.place_marker(w, seat, a["space"], log),
    "free_champion": _do_free_champion,
}
"""Per action type: ``handler(w, seat, action, log)``, the rule that does it (``perform`` dispatches)."""


def _pass(w, seat: int, a: dict, log) -> None:
    """No legal move (ambiguity no_legal_move): the Warden stays; under troop_slots_full=forbidden a
    full troop area returns one die; when every seat has passed in a row the shrines are refilled."""
    th, en = seat_name(seat)
    ref_th, ref_en = ambiguity_ref("valeria", "no_legal_move", w.config.no_legal_move)
    emit(log, "pass", seat, ("turn.warden_move",), f"{th} ไม่มีที่ให้ย้าย ผ่านตา ({ref_th})",
         f"{en} has no legal move and passes ({ref_en})")
    if "troop" in a:
        shrines.return_die(w, seat, (a["troop"], a["face"]), log)
    w.passes += 1
    if w.passes >= w.n:
        w.passes = 0
        tasks = refill_tasks(w, list(SHRINES))
        if tasks:
            emit(log, "refill", None, ("turn.warden_move", "dice.troops"),
                 f"ทุกคนผ่านตา เติมเต๋าทุกศาล {len(tasks)} ลูก", f"every seat passed: {len(tasks)} dice refill the shrines",
                 dice=len(tasks))
    else:
        tasks = []

    end_turn(w, log)
    if w.winners is None:
        w.queue[0:0] = tasks


def _drawn(w, a: dict, log) -> None:
    deck, slot, card = a["deck"], a["slot"], a["card"]
    if deck == "plan":
        w.plan_deck = drawn_from(w.plan_deck, card)
        w.plan_row[slot] = card
        cites, th, en = ("setup.battle_plan_row",), "แถวแผนรบ", "the battle-plan row"
    elif deck == "award":
        piles = list(w.award_piles)
        piles[slot] = drawn_from(piles[slot], card)
        w.award_piles = tuple(piles)
        w.award_up[slot] = card
        cites, (th, en) = ("setup.awards",), names.award_pile_name(slot)
    else:
        k = TIMINGS.index(deck)
        decks = list(w.champ_decks)
        decks[k] = drawn_from(decks[k], card)
        w.champ_decks = tuple(decks)
        w.champ_up[k] = card
        cites, (th, en) = ("setup.champions",), names.champion_deck_name(deck)
    if log is not None:
        cth, cen = names.card_name(card)
        emit(log, "card_drawn", None, cites, f"เปิดการ์ด {cth} จาก{th}", f"{cen} is drawn face up from {en}",
             deck=deck, slot=slot, card=card)




# The random-play kernel's path: ``perform(w, make(seat, option), log)`` without the action dict.
# Each handler below does what ``perform`` and its ``_DO`` handler do for the dict ``make`` builds
# (the same rule functions, in the same order); the rare decisions build the dict and go through
# ``perform`` itself.  tests/test_valeria_kernel.py plays whole games through this path against
# the engine move by move.

def _opt_move(w, seat, o, log):
    if o is None or type(o) is tuple:               # a pass (no_legal_move): rare, the dict path
        perform(w, _move(seat, o), log)
        return
    w.passes = 0
    if o == CAMP:
        battle.camp(w, seat, log)
    else:
        shrines.enter(w, seat, o, log)


def _opt_take(w, seat, d, log):
    w.passes = 0
    w.queue.pop(0)
    w.die_taken = d
    shrines.take_die(w, seat, w.players[seat].warden, d, log)


def _opt_return(w, seat, d, log):
    w.passes = 0
    w.queue.pop(0)
    shrines.return_die(w, seat, d, log)


def _opt_magic_shrine(w, seat, o, log):
    w.passes = 0
    w.queue.pop(0)
    if o is None:
        shrines.take_magic(w, seat, log)
    else:
        shrines.claim_award(w, seat, o, log)


def _opt_champion(w, seat, o, log):
    w.passes = 0
    if o is None:
        shrines.decline(w, seat, w.queue.pop(0)[1], log)
    else:
        w.queue.pop(0)
        shrines.buy_champion(w, seat, o, log)


def _opt_tactics(w, seat, o, log):
    w.passes = 0
    if o is None:
        shrines.decline(w, seat, w.queue.pop(0)[1], log)
    else:
        w.queue.pop(0)
        shrines.reserve_plan(w, seat, o, log)


def _opt_plan(w, seat, pid, log):
    w.passes = 0
    w.queue.pop(0)
    battle.choose_plan(w, seat, pid, log)


def _opt_assign(w, seat, o, log):
    w.passes = 0
    battle.assign(w, seat, o[0], o[1], log)


def _opt_adjust(w, seat, o, log):
    w.passes = 0
    t = o["type"]
    if t == "magic":
        battle.magic(w, seat, o["slot"], o["delta"], log)
    elif t == "fight":
        battle.fight(w, seat, log)
    else:
        battle.flip(w, seat, o["slot"], log)


def _opt_level(w, seat, track, log):
    w.passes = 0
    campaign.level_up(w, seat, track, w.queue[0][1], log)


def _opt_marker(w, seat, space, log):
    w.passes = 0
    campaign.place_marker(w, seat, space, log)


def _opt_by_dict(make):
    """The handler of a rare decision: its action dict through :func:`perform`."""
    def do(w, seat, o, log):
        perform(w, make(seat, o), log)
    return do


OPTION_DO = {_move: _opt_move, _take: _opt_take, _return: _opt_return, _magic_shrine: _opt_magic_shrine,
              _champion: _opt_champion, _tactics: _opt_tactics, _plan: _opt_plan, _assign: _opt_assign,
              _adjust: _opt_adjust, _level: _opt_level, _marker: _opt_marker,
              _side: _opt_by_dict(_side), _free_champion: _opt_by_dict(_free_champion),
              _chain_die: _opt_by_dict(_chain_die)}
"""Per ``make`` of :func:`next_choice`: ``handler(w, seat, option, log)`` (see :func:`option_handler`)."""


def option_handler(make):
    """``handler(w, seat, option, log)`` doing ``perform(w, make(seat, option), log)`` without
    building the action dict (the random-play kernel: one option is chosen per step and only its
    rules run); ``make`` is the one :func:`next_choice` gave with the options."""
    return OPTION_DO[make]


def perform_chance(w, rng, log) -> tuple:
    """Draw the chance outcome :func:`sample_chance` draws (the same ``rng`` calls) and do it on
    the working copy, as ``perform(w, sample_chance(w, rng), log)``; returns the step that was
    done (``("roll", shrine, troop, face)`` or ``("draw", deck, slot, card)``), from which
    :func:`chance_action` makes the outcome's dict.  A refill die, the most common chance
    step, is rolled without its dict."""
    t = w.queue[0]
    if t[0] == "roll":
        table, dice = roll_table(tuple(w.bag))
        troop, face = dice[index_in(table, rng)]
        w.queue.pop(0)
        rolled(w, t[1], troop, face, log)
        return "roll", t[1], troop, face
    a = sample_chance(w, rng)
    perform(w, a, log)
    return "draw", a["deck"], a["slot"], a["card"]


def chance_action(step: tuple) -> dict:
    """The outcome dict (as :func:`sample_chance` gives it) of a step :func:`perform_chance` did."""
    if step[0] == "roll":
        return {"chance": "die", "shrine": step[1], "troop": step[2], "face": step[3]}
    return {"chance": "draw", "deck": step[1], "slot": step[2], "card": step[3]}
