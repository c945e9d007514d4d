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

from ..core.ambiguity import ambiguity_ref, reading_note
from ..core.base import a_or_an
from ..core.chance import cumulative, index_in
from ..core.events import emit
from ..core.protocol import CHANCE, TERMINAL, IllegalAction, field_problem
from . import battle, campaign, champions, names, shrines
from .awards import claimable, stat
from .board import TRACK_EN, TRACK_TH, ability, markers_on_board
from .config import ANY, CAMP, MAGIC_PER_PIP, PLANS_TO_END, SHRINE_TH, SHRINES, TROOP_TH, TROOPS
from .data import load
from .dice import FACES, OPPOSITE, refill_tasks, roll_outcomes, roll_table, rolled, shortfall
from .flow import _pool, current_player, draw_pool, end_turn, phase
from .names import slot_name
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


ACTION_FIELDS = {"player": int, "type": str, "side": int, "shrine": str, "troop": str, "face": int, "award": str,
                 "champion": str, "plan": str, "die": int, "wild": bool, "slot": int, "delta": int, "track": str,
                 "space": str}
"""Field -> type of a player action's fields (the module docstring's actions): a refusal that looks a
field up (``track in TRACK_TH``) first refuses a list or a dict there by name (``field_problem``)."""

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
    bad = field_problem(a, ACTION_FIELDS, "turn.warden_move")
    if bad is not None:  # a list where a name belongs: refused by name, before any lookup hashes it
        return bad
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
            return _quota_full(p, s.config)
        cid = a.get("champion")
        if cid in s.champ_up and cid is not None:
            cost = champions.price(p, cid, shrines.this_discount(s), s.config)
            return IllegalAction("shrines.champion", f"ทองไม่พอ: ราคา {cost} ทอง (รวม +1 ต่อแชมเปียนชนิดเดียวกัน"
                                 f" หักส่วนลดแล้ว) มีทอง {p.gold}",
                                 f"too little gold: it costs {cost} (with +1 per champion of the same kind, less the"
                                 f" discount), you have {p.gold}")
        return IllegalAction("shrines.champion", "ซื้อได้เฉพาะแชมเปียนที่เปิดอยู่และจ่ายทองได้",
                             "you may buy only a face-up champion whose price you can pay")
    if ph == "chain_champion" and typ == "free_champion" and not champions.room(p, s.config):
        return _quota_full(p, s.config)
    if ph == "tactics" and typ == "reserve_plan":
        n = ability(p, "reserve", s.config)
        if len(p.reserve) >= n:
            return IllegalAction("shrines.tactics", f"ช่องสำรองเต็ม ({len(p.reserve)}/{n} ช่อง) จองเพิ่มไม่ได้"
                                 " (เลเวลอัพปลดล็อกช่องสำรองเพิ่มได้)",
                                 f"your reserve is full ({len(p.reserve)}/{n} slots): no more plans may be reserved"
                                 " (a level-up unlocks more slots)")
        if a.get("plan") in s.plan_row and a.get("plan") is not None:
            cost = _row_price(s, a["plan"], shrines.this_discount(s))
            return IllegalAction("shrines.tactics", f"ทองไม่พอ: จองราคา {cost} ทอง (หักส่วนลดแล้ว) มีทอง {p.gold}",
                                 f"too little gold: reserving costs {cost} (less the discount), you have {p.gold}")
    if ph == "magic" and typ == "claim_award":
        refusal = _award_refusal(s, p, a.get("award"))
        if refusal is not None:
            return refusal
    if ph == "plan" and typ == "choose_plan":
        refusal = _plan_refusal(s, p, a.get("plan"))
        if refusal is not None:
            return refusal
    if ph == "assign" and typ == "assign":
        refusal = _assign_refusal(s, p, a)
        if refusal is not None:
            return refusal
    if ph == "adjust" and typ in ("flip", "magic"):
        refusal = _adjust_refusal(s, p, a)
        if refusal is not None:
            return refusal
    if ph == "level" and typ == "level_up" and a.get("track") in TRACK_TH:
        return IllegalAction("battle.level_up", "แถวนี้ไม่มี Conquest Marker เหลือให้ยก (ปลดล็อกครบแล้ว)",
                             "no conquest marker is left on this track: it is fully unlocked")
    if ph == "skirmish" and typ == "place_marker" and a.get("space") in p.conquered:
        return IllegalAction("battle.skirmish_marker", "ช่องนี้มี Conquest Marker อยู่แล้ว ต้องวางบนช่อง Skirmish ที่ยังว่าง",
                             "this space already has a conquest marker: it goes on an empty skirmish space")
    if ph in ("champion", "tactics") and typ == "decline":
        ref_th, ref_en = ambiguity_ref("valeria", "shrine_action_optional", "must_if_able")
        return IllegalAction(f"shrines.{ph}", f"ต้องซื้อ/จองเมื่อจ่ายได้ ({ref_th})",
                             f"you must buy or reserve when you can pay ({ref_en})")
    clause = PHASE_CLAUSE.get(ph, "turn.warden_move")
    th, en = names.PHASE_NAMES.get(ph, (ph, ph))
    return IllegalAction(clause, f"ทำแบบนี้ไม่ได้ตอนนี้ (ขั้น: {th})", f"not a legal action now (step: {en}): {a}")


def _quota_full(p, config) -> IllegalAction:
    n = ability(p, "quota", config)
    return IllegalAction("battle.level_up", f"โควตาแชมเปียนเต็ม (มี {len(p.champions)}/{n} ใบ)"
                         " เลเวลอัพโควตาแชมเปียนเพื่อรับเพิ่ม",
                         f"your champion quota is full ({len(p.champions)}/{n}): level up the quota to take more")


def _row_price(s, pid: str, disc: int = 0) -> int:
    """The gold plan ``pid`` in the row costs (its slot's price less ``disc``, never below 0)."""
    return max(0, load().row_prices[s.plan_row.index(pid)] - disc)


def _award_refusal(s, p, aid) -> IllegalAction | None:
    """Why a face-up award may not be claimed now (shrines.magic; ambiguity no_marker_left): the
    wording of a claim :func:`~rules.valeria.awards.claimable` left out."""
    if aid is None or aid not in s.award_up:
        return None
    if aid in p.awards:
        return IllegalAction("shrines.magic", "คุณเคลมรางวัลนี้ไปแล้ว", "you have already claimed this award")
    need = 1 + (max(0, PLANS_TO_END - len(p.plans)) if s.config.no_marker_left == "no_award_last" else 0)
    left = markers_on_board(p)
    if left < need:
        ref_th, ref_en = ambiguity_ref("valeria", "no_marker_left", s.config.no_marker_left)
        return IllegalAction("shrines.magic", f"Conquest Marker บนกระดานเหลือ {left} อัน ต้องมีอย่างน้อย {need} ({ref_th})",
                             f"{left} conquest markers are left on your board, {need} needed ({ref_en})")
    c = load().awards[aid].condition
    have = stat(p, c)
    return IllegalAction("shrines.magic", f"ยังไม่เข้าเงื่อนไขของรางวัล: ต้องมี {c.min} มีอยู่ {have}",
                         f"you do not meet the award's condition yet: {c.min} needed, you have {have}")


def _plan_refusal(s, p, pid) -> IllegalAction | None:
    """Why a reserved plan or one in the row may not be chosen now (battle.choose_plan,
    battle.assign_troops): too little gold for the row's price, or dice the gems cannot make up."""
    in_reserve = pid in p.reserve
    if pid is None or not (in_reserve or pid in s.plan_row):
        return None
    if not in_reserve:
        cost = _row_price(s, pid)
        if cost > p.gold:
            return IllegalAction("battle.choose_plan", f"ทองไม่พอซื้อสด: ราคา {cost} ทอง มีทอง {p.gold}",
                                 f"too little gold to buy it from the row: it costs {cost}, you have {p.gold}")
    plan = load().plans[pid]
    n, have = len(plan.slots), len(p.troops)
    if n > have:
        return IllegalAction("battle.assign_troops", f"แผนนี้ต้องใช้เต๋า {n} ลูก มีทหาร {have} ลูก",
                             f"this plan needs {n} dice, you have {have} troops")
    short = shortfall([d[0] for d in p.troops], plan.slots)
    return IllegalAction("battle.assign_troops", f"ทหารชนิดที่แผนต้องการขาด {short} ลูก มีอัญมณีทำ Wild ได้ {p.gems} เม็ด",
                         f"dice of the types the plan needs: {short} missing; gems to make wilds: {p.gems}")


def _assign_refusal(s, p, a) -> IllegalAction | None:
    """Why this die may not fill the next slot now (battle.assign_troops: the battle's step names the
    gems and magic spent in it, as the refusals of a flip always did)."""
    b = s.battle
    i = a.get("die")
    if b is None or len(b.dice) >= len(b.slots) or type(i) is not int or not 0 <= i < len(p.troops) or i in b.dice:
        return None
    want = b.slots[len(b.dice)]
    d = p.troops[i]
    st, se = slot_name(want)
    tt, te = TROOP_TH[d[0]], d[0]
    matches = want == ANY or d[0] == want
    if a.get("wild") and matches:
        return IllegalAction("battle.assign_troops", f"เต๋านี้ลง{st}ได้อยู่แล้ว ไม่ต้องใช้อัญมณีทำ Wild",
                             f"this die fits the {se} as it is: no gem is needed to make it wild")
    if not matches and not a.get("wild"):
        return IllegalAction("battle.assign_troops", f"{st}ต้องการเต๋า{TROOP_TH[want]} เต๋านี้เป็น{tt}"
                             f" (ใช้อัญมณี 1 เม็ดทำเป็น Wild ได้ มีอยู่ {p.gems} เม็ด)",
                             f"the {se} needs {a_or_an(want)} die, this one is {a_or_an(te)} (a gem makes it wild: you have"
                             f" {p.gems})")
    if a.get("wild") and p.gems < 1:
        return IllegalAction("battle.assign_troops", "ไม่มีอัญมณีทำเต๋าเป็น Wild", "you have no gem to make a die wild")
    return IllegalAction("battle.assign_troops", "ถ้าวางเต๋าลูกนี้ ช่องที่เหลือของแผนจะเติมไม่ครบ",
                         "with this die here the plan's other slots could no longer all be filled")


def _adjust_refusal(s, p, a) -> IllegalAction | None:
    """Why a flip or a magic turn of a slot is refused now (battle.assign_troops; ambiguity
    magic_adjust_rate)."""
    f = _face(s, a)
    if f is None:
        return None
    if a["type"] == "flip":
        if p.gems < 1:
            return IllegalAction("battle.assign_troops", "พลิกเต๋าต้องคืนอัญมณี 1 เม็ด มีอยู่ 0 เม็ด",
                                 "flipping a die costs 1 gem: you have none")
        return None
    delta = a.get("delta")
    if delta not in (1, -1):
        return None
    if p.magic < MAGIC_PER_PIP:
        return IllegalAction("battle.assign_troops", f"ปรับเต๋าต้องใช้เวทมนตร์ {MAGIC_PER_PIP} ต่อ 1 หน้า มีอยู่ {p.magic}",
                             f"turning a die costs {MAGIC_PER_PIP} magic per face: you have {p.magic}")
    if delta == -1 and s.config.magic_adjust_rate != "one_per_pip":
        ref_th, ref_en = reading_note("valeria", "magic_adjust_rate", s.config.magic_adjust_rate)
        return IllegalAction("battle.assign_troops", f"เวทมนตร์ปรับเต๋าขึ้นได้อย่างเดียว ({ref_th})",
                             f"magic turns a die up only ({ref_en})")
    if f + delta > 6 or f + delta < 1:
        return IllegalAction("battle.assign_troops", f"เต๋าช่องนี้หน้า {f} แล้ว หน้าเต๋าอยู่ในช่วง 1-6",
                             f"this slot's die shows {f}: faces stay between 1 and 6")
    return None


def unavailable(s, seat: int) -> list[tuple[dict, IllegalAction]]:
    """``[(action, refusal), ...]``: at ``seat``'s decision, one representative action of each kind
    the rulebook offers at that step that is not legal now, with the refusal :func:`explain` gives
    it (so the reason is the engine's own).  The kinds by step: moving the Warden to each shrine
    and back to camp (turn.warden_move, dice.troops, battle.return_to_camp); claiming each face-up
    award (shrines.magic); buying each face-up champion, or taking nothing (shrines.champion);
    reserving each plan of the row, or nothing (shrines.tactics); battling with each reserved plan
    and each plan of the row (battle.choose_plan); each different die of the troop area for the next
    slot, a gem's flip, magic up and magic down (battle.assign_troops); each level-up track (battle.level_up); a conquered skirmish space
    (battle.skirmish_marker); each face-up champion of a free-champion chain bonus
    (battle.chain_bonus).  A kind with a legal action is not listed; a step with nothing to refuse
    (the map side, taking a die, returning one, a chain-bonus die) lists nothing.  ``[]`` for a seat
    not deciding now (another seat's turn, a die rolling, the end)."""
    if type(seat) is not int or current_player(s) != seat:
        return []
    ph = phase(s)
    p = s.players[seat]
    kinds: list[list[dict]] = []      # per kind, the actions tried (the first refused one stands for it)
    if ph == "move":
        kinds = [[{"player": seat, "type": "enter", "shrine": name}] for name in SHRINES]
        kinds.append([{"player": seat, "type": "camp"}])
    elif ph == "magic":
        kinds = [[{"player": seat, "type": "claim_award", "award": aid}] for aid in s.award_up if aid is not None]
    elif ph in ("champion", "chain_champion"):
        typ = "buy_champion" if ph == "champion" else "free_champion"
        kinds = [[{"player": seat, "type": typ, "champion": c}] for c in s.champ_up if c is not None]
        if ph == "champion":
            kinds.append([{"player": seat, "type": "decline"}])
    elif ph == "tactics":
        kinds = [[{"player": seat, "type": "reserve_plan", "plan": pid}] for pid in s.plan_row if pid is not None]
        kinds.append([{"player": seat, "type": "decline"}])
    elif ph == "plan":
        kinds = [[{"player": seat, "type": "choose_plan", "plan": pid}]
                 for pid in (*p.reserve, *(x for x in s.plan_row if x is not None))]
    elif ph == "assign" and s.battle is not None and len(s.battle.dice) < len(s.battle.slots):
        want = s.battle.slots[len(s.battle.dice)]
        seen = set()
        for i, d in enumerate(p.troops):
            if i in s.battle.dice or d in seen:
                continue
            seen.add(d)
            # the die as it could go: as it is when it fits the slot (or without a gem), else made wild
            wild = not (want == ANY or d[0] == want) and p.gems >= 1
            kinds.append([{"player": seat, "type": "assign", "die": i, "wild": wild}])
    elif ph == "adjust" and s.battle is not None:
        faces = s.battle.faces
        slots = range(len(faces))
        kinds = [[{"player": seat, "type": "flip", "slot": j} for j in slots],
                 [{"player": seat, "type": "magic", "slot": j, "delta": 1} for j in slots],
                 [{"player": seat, "type": "magic", "slot": j, "delta": -1} for j in slots]]
        # a turn's representative is a die it could turn (a 6 cannot go up): the reason is the kind's
        kinds[1].sort(key=lambda a: faces[a["slot"]] >= 6)
        kinds[2].sort(key=lambda a: faces[a["slot"]] <= 1)
    elif ph == "level":
        kinds = [[{"player": seat, "type": "level_up", "track": t}] for t in load().tracks]
    elif ph == "skirmish":
        kinds = [[{"player": seat, "type": "place_marker", "space": sp}] for sp in p.conquered]
    out = []
    for tries in kinds:
        first = None
        for a in tries:
            why = explain(s, a)
            if why is None:
                first = None
                break
            if first is None:
                first = (a, why)
        if first is not None:
            out.append(first)
    return out


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
        cost = (_row_price(s, a["plan"], shrines.this_discount(s)) if a.get("plan") in s.plan_row
                else dict(shrines.plan_offers(s, seat)).get(a["plan"], "?"))
        th, en = names.plan_name(a["plan"])
        return f"จอง{th} ทอง {cost}", f"reserve {en} for {cost} gold"
    if t == "decline":
        return "ไม่ซื้อ/ไม่จอง", "take nothing here"
    if t == "choose_plan":
        src = "reserve" if p is not None and a["plan"] in p.reserve else "row"
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
