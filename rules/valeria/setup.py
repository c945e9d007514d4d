"""A new game of Valeria and the events that explain it (setup.*, components.*)."""
from __future__ import annotations

import random

from ..core.ambiguity import ambiguity_ref
from ..core.events import emit
from .config import (CAMP, GEMS_IN_BOX, SHRINE_TH, SHRINES, START_GOLD, START_INFLUENCE, START_MAGIC, START_VP,
                     TROOPS)
from .data import load
from .dice import draw_and_roll, setup_numbers
from .names import AWARDS, card_name, map_name, place_name, row_prices_name
from .state import PILES, TIMINGS, Player, State, die_text, seat_name


def new_state(config, seed: int) -> State:
    """Setup with ``random.Random(seed)``: the plan row (setup.battle_plan_row), gems (setup.gems),
    the bag and five shrines rolled (setup.dice_and_shrines), award and champion decks with one face
    up each (setup.awards, setup.champions), a campaign map per seat (setup.campaign_map), starting
    tracks and a random first player (setup.starting_resources)."""
    rng = random.Random(seed)
    data = load()
    n = config.players
    nums = setup_numbers(n, config)
    bag = [nums["dice"]] * len(TROOPS)
    shrines = tuple(tuple(draw_and_roll(bag, rng) for _ in range(nums["shrine"])) for _ in SHRINES)
    plans = sorted(data.plans)
    rng.shuffle(plans)
    k = len(data.row_prices)
    row, plan_deck = tuple(plans[:k]), tuple(sorted(plans[k:]))
    champ_up, champ_decks = [], []
    for timing in TIMINGS:
        ids = sorted(c for c, v in data.champions.items() if v.timing == timing)
        rng.shuffle(ids)
        champ_up.append(ids[0])
        champ_decks.append(tuple(sorted(ids[1:])))
    award_up, award_piles = [], []
    for pile in PILES:
        ids = sorted(a for a, v in data.awards.items() if v.pile == pile)
        rng.shuffle(ids)
        award_up.append(ids[0])
        award_piles.append(tuple(sorted(ids[1:])))
    maps = sorted(data.maps)
    rng.shuffle(maps)
    random_side = config.map_side == "random_side"
    players = tuple(Player(maps[i], rng.randrange(2) if random_side else None, CAMP, gold=START_GOLD,
                           magic=START_MAGIC, influence=START_INFLUENCE, vp=START_VP) for i in range(n))
    first = rng.randrange(n)
    queue = () if random_side else tuple(("side", (first + i) % n) for i in range(n))
    return State(config, players, shrines, tuple(bag), nums["gems"], GEMS_IN_BOX - nums["gems"], plan_deck, row,
                 tuple(champ_decks), tuple(champ_up), tuple(award_piles), tuple(award_up), first, first, queue)


def setup_events(s: State) -> tuple:
    """What the table shows at the start (public: Valeria deals no hidden card)."""
    log: list = []
    nums = setup_numbers(s.n, s.config)
    if s.n == 1:
        emit(log, "solo", None, ("setup.gems", "setup.dice_and_shrines"),
             f"เล่นคนเดียว: กติกาไม่ครอบคลุม ใช้จำนวนตาม{ambiguity_ref('valeria', 'solo_setup', s.config.solo_setup)[0]}",
             f"solo: not covered by the text; numbers by "
             f"{ambiguity_ref('valeria', 'solo_setup', s.config.solo_setup)[1]}", numbers=nums)
    emit(log, "components", None, ("components.boards", "components.dice", "components.cards",
                                   "components.gems_first_player", "components.player_sets"),
         "กระดานกลาง แผนที่ยุทธการ 5 แผ่น เต๋า 45 ลูก การ์ดแผนรบ 48 แชมเปียน 61 รางวัล 15 อัญมณี 10",
         "main board, 5 campaign maps, 45 dice, 48 battle plans, 61 champions, 15 awards, 10 gems",
         plans=len(load().plans), champions=len(load().champions), awards=len(load().awards))
    emit(log, "plan_row", None, ("setup.battle_plan_row",),
         f"แถวแผนรบ: {', '.join(_names(s.plan_row, 0))} ({row_prices_name()[0]})",
         f"battle-plan row: {', '.join(_names(s.plan_row, 1))} ({row_prices_name()[1]})",
         row=list(s.plan_row), deck=len(s.plan_deck))
    emit(log, "gems", None, ("setup.gems",), f"อัญมณีในศาลอัญมณี {s.gem_shrine} เม็ด",
         f"{s.gem_shrine} gems in the gem shrine", gems=s.gem_shrine)
    emit(log, "bag", None, ("setup.dice_and_shrines",),
         f"เต๋าสีละ {nums['dice']} ลูกลงถุง ทอยเติมศาลละ {nums['shrine']} ลูก",
         f"{nums['dice']} dice of each colour in the bag; {nums['shrine']} dice rolled into each shrine",
         per_colour=nums["dice"], per_shrine=nums["shrine"])
    for k, name in enumerate(SHRINES):
        emit(log, "shrine", None, ("setup.dice_and_shrines", "dice.troops"),
             f"{SHRINE_TH[name]}: {', '.join(die_text(d)[0] for d in s.shrines[k])}",
             f"{name} shrine: {', '.join(die_text(d)[1] for d in s.shrines[k])}",
             shrine=name, dice=[f"{d[0]}{d[1]}" for d in s.shrines[k]])
    emit(log, "awards", None, ("setup.awards",), f"{AWARDS[0]}ที่เปิด: {', '.join(_names(s.award_up, 0))}",
         f"awards face up: {', '.join(_names(s.award_up, 1))}", face_up=list(s.award_up))
    emit(log, "champions", None, ("setup.champions",), f"แชมเปียนที่เปิด: {', '.join(_names(s.champ_up, 0))}",
         f"champions face up: {', '.join(_names(s.champ_up, 1))}", face_up=list(s.champ_up))
    for i, p in enumerate(s.players):
        th, en = seat_name(i)
        emit(log, "player_set", i, ("setup.player_pieces", "setup.campaign_map", "setup.starting_resources"),
             f"{th}: {map_name(p.map_id, p.side)[0]}" + ("" if p.side is not None else " (เลือกหน้า)")
             + f" Warden ที่{place_name(p.warden)[0]} Conquest Marker {10 - len(p.lifted)} บารมี {p.influence} ทอง {p.gold} เวท {p.magic} VP {p.vp}",
             f"{en}: {map_name(p.map_id, p.side)[1]}" + ("" if p.side is not None else " (side to choose)")
             + f", Warden at {place_name(p.warden)[1]}, {10 - len(p.lifted)} conquest markers, influence {p.influence}, gold {p.gold},"
               f" magic {p.magic}, VP {p.vp}",
             map=p.map_id, side=p.side, influence=p.influence, gold=p.gold, magic=p.magic, vp=p.vp)
    th, en = seat_name(s.first)
    emit(log, "first_player", s.first, ("setup.starting_resources",), f"สุ่มได้ {th} เริ่มก่อน", f"{en} starts (drawn at random)",
         seat=s.first)
    return tuple(log)


def _names(cards, lang: int) -> list[str]:
    """Face-up cards by name in Thai (``lang`` 0) or English (1); an empty place as ``-``."""
    return [card_name(c)[lang] if c is not None else "-" for c in cards]
