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

from ..core.events import emit
from ..core.protocol import CHANCE, TERMINAL, IllegalAction
from . import battle, campaign, champions, shrines
from .awards import claimable
from .board import TRACK_EN, TRACK_TH
from .config import CAMP, SHRINE_TH, SHRINES, TROOP_TH
from .data import load
from .dice import OPPOSITE, refill_tasks, roll_outcomes, rolled
from .flow import current_player, draw_pool, end_turn, phase
from .state import TIMINGS, PILES, die_text, seat_name

PHASE_CLAUSE = {"side": "setup.campaign_map", "move": "turn.warden_move", "take": "dice.troops",
                "discard": "dice.troops", "magic": "shrines.magic", "champion": "shrines.champion",
                "tactics": "shrines.tactics", "plan": "battle.choose_plan", "assign": "battle.assign_troops",
                "adjust": "battle.assign_troops", "level": "battle.level_up", "skirmish": "battle.skirmish_marker",
                "chain_champion": "battle.chain_bonus", "chain_die": "battle.chain_bonus",
                "chance": "dice.troops", "over": "end.trigger_and_scoring"}


def _die(d) -> dict:
    return {"troop": d[0], "face": d[1]}


def _pass_actions(s, seat: int) -> list[dict]:
    p = s.players[seat]
    if s.config.troop_slots_full == "forbidden" and shrines.troops_full(p, s.config):
        return [{"player": seat, "type": "pass", **_die(d)} for d in shrines.distinct_dice(p.troops)]
    return [{"player": seat, "type": "pass"}]


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
    cp = current_player(s)
    if cp in (CHANCE, TERMINAL) or cp != player:
        return []
    ph = phase(s)
    P = {"player": player}
    if ph == "side":
        return [{**P, "type": "map_side", "side": k} for k in (0, 1)]
    if ph == "move":
        out = [{**P, "type": "enter", "shrine": name} for name in SHRINES if shrines.can_enter(s, player, name)]
        if battle.can_camp(s, player):
            out.append({**P, "type": "camp"})
        return out or _pass_actions(s, player)
    if ph == "take":
        k = SHRINES.index(s.queue[0][1])
        return [{**P, "type": "take", **_die(d)} for d in shrines.distinct_dice(s.shrines[k])]
    if ph == "discard":
        p = s.players[player]
        keep = set(s.battle.dice) if s.battle else set()
        return [{**P, "type": "return_die", **_die(d)}
                for d in shrines.distinct_dice([d for i, d in enumerate(p.troops) if i not in keep])]
    if ph == "magic":
        return [{**P, "type": "claim_award", "award": a} for a in claimable(s, player)] + [{**P, "type": "take_magic"}]
    if ph in ("champion", "tactics"):
        offers = shrines.champion_offers(s, player) if ph == "champion" else shrines.plan_offers(s, player)
        key, kind = ("champion", "buy_champion") if ph == "champion" else ("plan", "reserve_plan")
        out = [{**P, "type": kind, key: c} for c, _ in offers]
        if not out or s.config.shrine_action_optional == "may_decline":
            out.append({**P, "type": "decline"})
        return out
    if ph == "plan":
        return [{**P, "type": "choose_plan", "plan": pid} for pid, _, _ in battle.plan_options(s, player)]
    if ph == "assign":
        return [{**P, "type": "assign", "die": i, "wild": w} for i, w in battle.assign_options(s, player)]
    if ph == "adjust":
        return [{**P, **a} for a in battle.adjust_options(s, player)]
    if ph == "level":
        return [{**P, "type": "level_up", "track": t} for t in campaign.level_choices(s, player)]
    if ph == "skirmish":
        return [{**P, "type": "place_marker", "space": sp} for sp in campaign.free_spaces(s.players[player])]
    if ph == "chain_champion":
        return [{**P, "type": "free_champion", "champion": c} for c in campaign.chain_choices(s, player, "free_champion")]
    if ph == "chain_die":
        return [{**P, "type": "chain_die", "shrine": name, **_die(d)}
                for name, d in campaign.chain_choices(s, player, "die")]
    return []


def chance_outcomes(s) -> list[tuple[dict, float]]:
    """A refill die (troop by the bag's counts, face uniform) or a card drawn from a pool."""
    if current_player(s) != CHANCE:
        return []
    t = s.queue[0]
    if t[0] == "roll":
        return [({"chance": "die", "shrine": t[1], **o}, p) for o, p in roll_outcomes(s.bag)]
    pool = draw_pool(s, t)
    return [({"chance": "draw", "deck": t[1], "slot": t[2], "card": c}, 1 / len(pool)) for c in pool]


def explain(s, action: dict) -> IllegalAction | None:
    """``None`` when ``action`` is legal in ``s``; else the refusal naming the clause that forbids it."""
    cp = current_player(s)
    if cp == TERMINAL:
        return IllegalAction("end.trigger_and_scoring", "เกมจบแล้ว", "the game is over")
    if cp == CHANCE:
        if action in [o for o, _ in chance_outcomes(s)]:
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
            name = a["shrine"]
            if p.warden == name:
                return IllegalAction("turn.warden_move", f"Warden อยู่ที่{SHRINE_TH[name]}แล้ว ต้องย้ายไปที่ใหม่ (ห้ามอยู่ที่เดิม)",
                                     f"the Warden is already at the {name} shrine: it must move to a new place")
            if not s.shrines[SHRINES.index(name)]:
                return IllegalAction("dice.troops", f"{SHRINE_TH[name]}ไม่มีเต๋าเหลือ ห้ามเข้า",
                                     f"the {name} shrine has no die left: it may not be entered")
            return IllegalAction("dice.troops", "ช่องทหารเต็ม เข้าศาลไม่ได้ (troop_slots_full=forbidden)",
                                 "your troop slots are full: no shrine may be entered (troop_slots_full=forbidden)")
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
        return IllegalAction(f"shrines.{ph}", "ต้องซื้อ/จองเมื่อจ่ายได้ (shrine_action_optional=must_if_able)",
                             "you must buy or reserve when you can pay (shrine_action_optional=must_if_able)")
    clause = PHASE_CLAUSE.get(ph, "turn.warden_move")
    return IllegalAction(clause, f"ทำแบบนี้ไม่ได้ตอนนี้ (ขั้น {ph})", f"not a legal action now (step {ph}): {a}")


def describe(s, a: dict) -> tuple[str, str]:
    """(Thai, English) label of an action or chance outcome; rule values come from the engine."""
    if "chance" in a:
        if a["chance"] == "die":
            return (f"จั่วเต๋า{TROOP_TH.get(a['troop'], a['troop'])}ทอยได้ {a['face']} ลง{SHRINE_TH.get(a['shrine'], '')}",
                    f"a {a['troop']} die rolls {a['face']} into the {a['shrine']} shrine")
        return f"เปิดการ์ด {a['card']} ({a['deck']})", f"draw {a['card']} face up ({a['deck']})"
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
        return f"เคลม Award {a['award']} ({load().awards[a['award']].vp} VP)", f"claim award {a['award']} ({load().awards[a['award']].vp} VP)"
    if t == "buy_champion":
        c = load().champions[a["champion"]]
        cost = champions.price(p, a["champion"], shrines.this_discount(s), s.config) if p else c.price
        return f"ซื้อ {c.name_th} ทอง {cost}", f"buy {c.name_en} for {cost} gold"
    if t == "reserve_plan":
        cost = dict(shrines.plan_offers(s, seat)).get(a["plan"], "?")
        return f"จองแผนรบ {a['plan']} ทอง {cost}", f"reserve battle plan {a['plan']} for {cost} gold"
    if t == "decline":
        return "ไม่ซื้อ/ไม่จอง", "take nothing here"
    if t == "choose_plan":
        src = next((x for pid, x, _ in battle.plan_options(s, seat) if pid == a["plan"]), "row")
        req = " + ".join(f"{k} {v}" for k, v in load().plans[a["plan"]].requires.items())
        return (f"ออกรบด้วยแผน {a['plan']} ({req}) " + ("จากช่องสำรอง" if src == "reserve" else "ซื้อสดจากแถว"),
                f"battle with plan {a['plan']} ({req}) " + ("from the reserve" if src == "reserve" else "bought from the row"))
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
    seat, t = a["player"], a["type"]
    if t == "map_side":
        w.queue.pop(0)
        w.edit(seat, side=a["side"])
        th, en = seat_name(seat)
        emit(log, "map_side", seat, ("setup.campaign_map",), f"{th} เลือกแผนที่ {w.players[seat].map_id} หน้า {'AB'[a['side']]} (พลิกไม่ได้ตลอดเกม)",
             f"{en} plays {w.players[seat].map_id} side {'AB'[a['side']]} (never flipped)", side=a["side"])
        return
    if t != "pass":
        w.passes = 0
    if t == "enter":
        shrines.enter(w, seat, a["shrine"], log)
    elif t == "camp":
        battle.camp(w, seat, log)
    elif t == "pass":
        _pass(w, seat, a, log)
    elif t in ("take", "chain_die"):
        w.queue.pop(0)
        die = (a["troop"], a["face"])
        if t == "take":
            w.die_taken = die
            shrines.take_die(w, seat, w.players[seat].warden, die, log)
        else:
            shrines.take_die(w, seat, a["shrine"], die, log, ("battle.chain_bonus", "dice.troops"))
    elif t == "return_die":
        w.queue.pop(0)
        shrines.return_die(w, seat, (a["troop"], a["face"]), log)
    elif t == "take_magic":
        w.queue.pop(0)
        shrines.take_magic(w, seat, log)
    elif t == "claim_award":
        w.queue.pop(0)
        shrines.claim_award(w, seat, a["award"], log)
    elif t == "buy_champion":
        w.queue.pop(0)
        shrines.buy_champion(w, seat, a["champion"], log)
    elif t == "reserve_plan":
        w.queue.pop(0)
        shrines.reserve_plan(w, seat, a["plan"], log)
    elif t == "decline":
        shrines.decline(w, seat, w.queue.pop(0)[1], log)
    elif t == "choose_plan":
        w.queue.pop(0)
        battle.choose_plan(w, seat, a["plan"], log)
    elif t == "assign":
        battle.assign(w, seat, a["die"], a["wild"], log)
    elif t == "flip":
        battle.flip(w, seat, a["slot"], log)
    elif t == "magic":
        battle.magic(w, seat, a["slot"], a["delta"], log)
    elif t == "fight":
        battle.fight(w, seat, log)
    elif t == "level_up":
        campaign.level_up(w, seat, a["track"], w.queue[0][1], log)
    elif t == "place_marker":
        campaign.place_marker(w, seat, a["space"], log)
    elif t == "free_champion":
        w.queue.pop(0)
        champions.take(w, seat, a["champion"], 0, log, ("battle.chain_bonus",))


def _pass(w, seat: int, a: dict, log) -> None:
    """No legal move (ambiguity no_legal_move): the Warden stays; under troop_slots_full=forbidden a
    full troop area returns one die; when every seat has passed in a row the shrines are refilled."""
    th, en = seat_name(seat)
    emit(log, "pass", seat, ("turn.warden_move",), f"{th} ไม่มีที่ให้ย้าย ผ่านตา (no_legal_move)",
         f"{en} has no legal move and passes (no_legal_move={w.config.no_legal_move})")
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
        w.plan_deck.remove(card)
        w.plan_row[slot] = card
        cites, th, en = ("setup.battle_plan_row",), "แถวแผนรบ", "the battle-plan row"
    elif deck == "award":
        w.award_piles[slot].remove(card)
        w.award_up[slot] = card
        cites, th, en = ("setup.awards",), f"กอง Award {PILES[slot]}", f"award pile {PILES[slot]}"
    else:
        k = TIMINGS.index(deck)
        w.champ_decks[k].remove(card)
        w.champ_up[k] = card
        cites, th, en = ("setup.champions",), f"กองแชมเปียน{deck}", f"the {deck} champion deck"
    emit(log, "card_drawn", None, cites, f"เปิดการ์ด {card} จาก{th}", f"{card} is drawn face up from {en}",
         deck=deck, slot=slot, card=card)


