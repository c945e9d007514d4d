"""Readable (Thai, English) names of Valeria's pieces for every label and view: troop types, plans,
awards, champions, campaign maps, where a Warden stands, and why a shrine may not be entered now.

The card data (``data/valeria/*.yaml``) names champions and maps; plans and awards have no name in
the data, so theirs is built from what the card says (a plan's dice, an award's condition).  Events,
labels and views show these names alone: the card and map ids (``plan45``, ``map3a``) are what
scenarios and saves use, never what a reader sees."""
from __future__ import annotations

from functools import lru_cache

from .config import ANY, CAMP, SHRINE_TH, SHRINES, TROOP_TH, TROOPS, WILD
from .data import load
from .state import PILES, TIMING_TH

WARDEN = ("หมาก Warden", "Warden")
"""The worker piece, as the Thai rulebook names it ("หมาก Warden", setup.player_pieces)."""
AWARDS = ("การ์ดรางวัล", "awards")
"""The award cards, as the Thai rulebook names them ("การ์ดรางวัล (Award)", setup.awards)."""

TIMING_EN = {"instant": "instant", "ongoing": "ongoing", "end_game": "end-game"}
PILE_TH = {"left": "ซ้าย", "centre": "กลาง", "right": "ขวา"}
STAT_TH = {"plans": "แผนรบสำเร็จ", "champions": "แชมเปียน", "gold": "ทอง", "magic": "เวทมนตร์",
           "influence": "บารมี", "gems": "อัญมณี", "troops": "เต๋าทหาร", "map_markers": "Conquest Marker บนแผนที่"}
STAT_EN = {"plans": "plans completed", "champions": "champions", "gold": "gold", "magic": "magic",
           "influence": "influence", "gems": "gems", "troops": "troop dice", "map_markers": "markers on the map"}


def troop_name(troop: str) -> tuple[str, str]:
    """(Thai, English) name of a troop type, of a plan's ``any`` slot or of a ``wild`` die."""
    if troop == ANY:
        return "ใดก็ได้", "any"
    if troop == WILD:
        return "Wild", "wild"
    return TROOP_TH.get(troop, troop), troop


def slot_name(slot: str) -> tuple[str, str]:
    """A battle plan's slot (battle.assign_troops): ``("ช่องโครงกระดูก", "skeleton slot")``,
    ``("ช่องใดก็ได้", "any slot")``."""
    th, en = troop_name(slot)
    return f"ช่อง{th}", f"{en} slot"


def champion_deck_name(deck: str) -> tuple[str, str]:
    """One of the three champion decks by timing (setup.champions): ``("กองแชมเปียนจบเกม",
    "the end-game champion deck")``."""
    return f"กองแชมเปียน{TIMING_TH.get(deck, deck)}", f"the {TIMING_EN.get(deck, deck)} champion deck"


def award_pile_name(slot: int) -> tuple[str, str]:
    """One of the three award piles (setup.awards): ``("กองการ์ดรางวัลซ้าย", "the left award pile")``."""
    pile = PILES[slot]
    return f"กอง{AWARDS[0]}{PILE_TH[pile]}", f"the {pile} award pile"


@lru_cache(maxsize=None)
def plan_name(pid: str) -> tuple[str, str]:
    """A battle plan named by the dice it needs (the data gives plans no name), e.g.
    ``("แผนรบ ก็อบลิน 2 + ใดก็ได้ 1", "battle plan: 2 goblin + 1 any")``."""
    plan = load().plans.get(pid)
    if plan is None:
        return pid, pid
    needs = [(t, plan.requires[t]) for t in (*TROOPS, ANY) if t in plan.requires]
    th = " + ".join(f"{troop_name(t)[0]} {n}" for t, n in needs)
    en = " + ".join(f"{n} {troop_name(t)[1]}" for t, n in needs)
    return f"แผนรบ {th}", f"battle plan: {en}"


@lru_cache(maxsize=None)
def award_name(aid: str) -> tuple[str, str]:
    """An award named by its condition and VP (the data gives awards no name), e.g.
    ``("รางวัล บารมี ≥ 12 (3 VP)", "award: influence ≥ 12 (3 VP)")``."""
    a = load().awards.get(aid)
    if a is None:
        return aid, aid
    c = a.condition
    of_th = of_en = ""
    if c.of in TIMING_TH:
        of_th, of_en = TIMING_TH[c.of], TIMING_EN[c.of] + " "
    elif c.of:
        of_th, of_en = troop_name(c.of)[0], troop_name(c.of)[1] + " "
    return (f"รางวัล {STAT_TH[c.stat]}{of_th} ≥ {c.min} ({a.vp} VP)",
            f"award: {of_en}{STAT_EN[c.stat]} ≥ {c.min} ({a.vp} VP)")


def champion_name(cid: str) -> tuple[str, str]:
    """The champion's name from the data (``name_th``, ``name_en``)."""
    c = load().champions.get(cid)
    return (c.name_th, c.name_en) if c is not None else (cid, cid)


def map_name(map_id: str, side: int | None = None) -> tuple[str, str]:
    """The campaign map's name from the data, with its side when chosen: ``("แผนที่ยุทธการ 4 หน้า A",
    "Campaign map 4, side A")``."""
    m = load().maps.get(map_id)
    th, en = (m.name_th, m.name_en) if m is not None else (map_id, map_id)
    if side is None:
        return th, en
    return f"{th} หน้า {'AB'[side]}", f"{en}, side {'AB'[side]}"


def card_name(card: str) -> tuple[str, str]:
    """Any card by id: a plan, an award or a champion (the id itself when it is none of these)."""
    data = load()
    if card in data.plans:
        return plan_name(card)
    if card in data.awards:
        return award_name(card)
    return champion_name(card)


def place_name(warden: str) -> tuple[str, str]:
    """Where a Warden stands: a shrine or the camp (turn.warden_move)."""
    if warden == CAMP:
        return "ค่าย", "camp"
    if warden in SHRINE_TH:
        return SHRINE_TH[warden], f"{warden} shrine"
    return str(warden), str(warden)


def warden_at(warden: str) -> tuple[str, str]:
    """The line under a seat saying where its Warden stands (turn.warden_move), the piece named as
    the rulebook does (setup.player_pieces): ``("หมาก Warden อยู่ที่ศาลทอง", "Warden at the gold
    shrine")``, ``("หมาก Warden อยู่ที่ค่าย", "Warden at camp")``."""
    th, en = place_name(warden)
    return f"{WARDEN[0]} อยู่ที่{th}", f"{WARDEN[1]} at {en if warden == CAMP else 'the ' + en}"


PHASE_NAMES = {
    "side": ("เลือกหน้าแผนที่", "choosing a map side"), "move": ("ย้าย Warden", "moving the Warden"),
    "take": ("หยิบเต๋า", "taking a die"), "discard": ("คืนเต๋าลงถุง", "returning a die"),
    "magic": ("ศาลเวทมนตร์", "magic shrine"), "champion": ("ศาลแชมเปียน", "champion shrine"),
    "tactics": ("ศาลยุทธวิธี: จองแผนรบ", "tactics shrine: reserving a plan"),
    "plan": ("เลือกแผนรบ", "choosing a battle plan"), "assign": ("วางเต๋าลงแผนรบ", "assigning dice"),
    "adjust": ("ปรับเต๋า (อัญมณี, เวทมนตร์)", "adjusting dice (gems, magic)"),
    "level": ("เลเวลอัพ", "levelling up"), "skirmish": ("วาง Conquest Marker", "placing a conquest marker"),
    "chain_champion": ("Chain Bonus: รับแชมเปียน", "chain bonus: a champion"),
    "chain_die": ("Chain Bonus: รับเต๋า", "chain bonus: a die"), "chance": ("สุ่ม", "chance"),
    "over": ("จบเกม", "game over")}
"""Each step of a turn (``flow.phase``; ``state.PHASE_*``) in Thai and English: a refusal names the
step it came in, the analyzer its machine id (``engine.ID_LABELS["phase"]``)."""


def row_prices_name() -> tuple[str, str]:
    """The gold price of each price slot under the plan deck, left to right (setup.battle_plan_row;
    ``row_prices`` of the assumed card data): ``("ราคา 1-2-3-4 ทอง", "prices 1-2-3-4 gold")``."""
    prices = "-".join(str(x) for x in load().row_prices)
    return f"ราคา {prices} ทอง", f"prices {prices} gold"
