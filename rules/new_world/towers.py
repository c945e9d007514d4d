"""Round-tower bonuses, Ireland (ireland.round_tower_bonus and ireland.tower_*; register
tower_set_bonus, second_tile_repeat).

The first time a seat places next to a tower it uses that tower's bonus (once per seat per tower;
several seats may use the same tower): ``second`` - place a 2nd tile drawn at random from the tribe
board (once per turn); ``draw3`` - at the end of the turn draw 3, next turn keep 1, the other 2 are
shuffled back; ``mission`` - draw a public mission as a secret one (high value at the end if
achieved); ``double`` - next to both double towers: the double marker goes on a public mission not
yet achieved; ``thirteen`` - next to all three: 13 points; ``three`` - 3 points."""
from __future__ import annotations

from ..core.events import emit
from .config import TOWER_THIRTEEN, TOWER_THREE, TOWERS
from .labels import seat_name
from .missions import card_text, load_cards
from .state import LOST

BONUS_TEXT = {"second": ("วางไทล์ที่ 2", "place a 2nd tile"), "draw3": ("จั่ว 3 แผ่น", "draw three"),
              "mission": ("จั่วภารกิจ", "draw a mission"), "double": ("ป้ายคูณสอง", "double marker"),
              "thirteen": ("13 แต้ม", "13 points"), "three": ("3 แต้ม", "3 points")}
CLAUSE = {"second": "ireland.tower_second_tile", "draw3": "ireland.tower_draw_three",
          "mission": "ireland.tower_draw_mission", "double": "ireland.tower_double_marker",
          "thirteen": "ireland.tower_thirteen_points", "three": "ireland.tower_three_points"}


def _set_done(w, seat: int, bonus: str) -> bool:
    """Is ``seat`` next to every tower carrying ``bonus``?"""
    used = w.tower_used[seat]
    return all(used >> t & 1 for t, b in enumerate(w.tower_bonus) if b == bonus)


def visit_towers(w, seat: int, i: int, log: list, add) -> None:
    board = w.board
    th, en = seat_name(seat)
    for t in board.near_towers[i]:
        if w.tower_used[seat] >> t & 1:
            continue
        bonus = w.tower_bonus[t]
        name = board.names[board.towers[t]]
        bth, ben = BONUS_TEXT[bonus]
        cites = ("ireland.round_tower_bonus", CLAUSE[bonus])
        if bonus == "second" and w.second_used:
            if w.config.second_tile_repeat == "kept":
                emit(log, "tower_bonus_waits", seat, cites,
                     f"{th} ติดหอคอย {name} ({bth}) แต่ใช้วางไทล์ที่ 2 ในตานี้แล้ว หอคอยนี้ยังไม่ถูกใช้",
                     f"{en} is next to tower {name} ({ben}) but has placed a 2nd tile this turn: the tower stays unused",
                     tower=name, bonus=bonus)
                continue
            w.tower_used[seat] |= 1 << t
            emit(log, "tower_bonus_lost", seat, cites,
                 f"{th} ติดหอคอย {name} ({bth}) แต่วางไทล์ที่ 2 ในตานี้ไปแล้ว โบนัสนี้เสียไป",
                 f"{en} is next to tower {name} ({ben}) but has placed a 2nd tile this turn: the bonus is lost",
                 tower=name, bonus=bonus)
            continue
        w.tower_used[seat] |= 1 << t
        emit(log, "tower_visited", seat, cites, f"{th} วางไทล์ติดหอคอย {name} เป็นครั้งแรก: {bth}",
             f"{en} is first next to round tower {name}: {ben}", tower=name, bonus=bonus)
        if bonus == "second":
            if w.tribe[seat]:
                w.second_used = True
                w.pending_second = True
        elif bonus == "draw3":
            w.draw_three[seat] = True
        elif bonus == "mission":
            if w.public_deck:
                card = w.public_deck.pop()
                w.missions[seat].append(card)
                cth, cen = card_text(load_cards(w.config.mission_cards)[card])
                emit(log, "mission_drawn", seat, cites, f"{th} จั่วภารกิจสาธารณะเป็นภารกิจลับ: {cth}",
                     f"{en} draws a public mission as a secret one: {cen}", visible_to=frozenset({seat}), card=card)
        elif bonus in ("double", "thirteen"):
            if bonus not in w.set_claimed[seat] and _set_done(w, seat, bonus):
                w.set_claimed[seat].add(bonus)
                if bonus == "double":
                    if w.doubled[seat] is None:
                        w.pending_double = True
                else:
                    add(seat, TOWERS, TOWER_THIRTEEN)
                    emit(log, "tower_points", seat, cites,
                         f"{th} ติดหอคอย 13 แต้มครบทั้ง 3 แห่ง ได้ {TOWER_THIRTEEN} แต้ม",
                         f"{en} is next to all three 13-point towers: {TOWER_THIRTEEN} points",
                         awards=[[seat, "towers", TOWER_THIRTEEN]])
        elif bonus == "three":
            if w.config.tower_set_bonus == "per_set" and "three" in w.set_claimed[seat]:
                continue
            w.set_claimed[seat].add("three")
            add(seat, TOWERS, TOWER_THREE)
            emit(log, "tower_points", seat, cites, f"{th} ติดหอคอย 3 แต้ม ได้ {TOWER_THREE} แต้ม",
                 f"{en} is next to a 3-point tower: {TOWER_THREE} points", awards=[[seat, "towers", TOWER_THREE]])


def double_targets(s, seat: int) -> list[str]:
    """The face-up public missions ``seat`` has not achieved (where its double marker may go)."""
    return [card for k, card in enumerate(s.public) if seat not in s.public_done[k]]


def place_double(w, seat: int, card: str | None, log: list) -> None:
    th, en = seat_name(seat)
    w.pending_double = False
    if card is None:
        w.doubled[seat] = LOST
        emit(log, "double_unused", seat, ("ireland.tower_double_marker",),
             f"{th} ไม่มีการ์ดภารกิจที่ยังไม่ได้ทำ ป้ายคูณสองวางไม่ได้",
             f"{en} has no unachieved public mission: the double marker cannot be placed")
        return
    w.doubled[seat] = card
    cth, cen = card_text(load_cards(w.config.mission_cards)[card])
    emit(log, "double_placed", seat, ("ireland.tower_double_marker",),
         f"{th} วางป้ายคูณสองบนการ์ด {cth}", f"{en} puts the double marker on {cen}", card=card)
