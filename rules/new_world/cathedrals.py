"""Cathedrals (cathedrals.secret_missions; Ireland: register ireland_cathedrals).

The first time a seat places next to a cathedral, its cathedral goes on it (on top of others')
and it draws one secret mission, seen only by it; one card per cathedral per seat (8 at most)."""
from __future__ import annotations

from ..core.events import emit
from .labels import seat_name
from .missions import card_text, load_cards


def gives_missions(config) -> bool:
    return config.side == "scotland" or config.ireland_cathedrals == "secret_missions"


def visit_cathedrals(w, seat: int, i: int, log: list) -> None:
    board = w.board
    bit = 1 << seat
    for c in board.near_cathedrals[i]:
        if w.cathedral_marks[c] & bit:
            continue
        w.cathedral_marks[c] |= bit
        name = board.names[board.cathedrals[c]]
        th, en = seat_name(seat)
        cites = ("cathedrals.secret_missions",) + (("ireland.overview",) if w.config.side == "ireland" else ())
        if not gives_missions(w.config):
            emit(log, "cathedral_visited", seat, cites,
                 f"{th} วางไทล์ติดมหาวิหาร {name} (ไอร์แลนด์: ไม่จั่วภารกิจลับ)",
                 f"{en} is next to cathedral {name} (Ireland: no secret mission)", cathedral=name)
            continue
        emit(log, "cathedral_placed", seat, cites,
             f"{th} วางไทล์ติดมหาวิหาร {name} เป็นครั้งแรก วางมหาวิหารสีตัวเองและจั่วภารกิจลับ 1 ใบ",
             f"{en} is first next to cathedral {name}: puts a cathedral there and draws a secret mission",
             cathedral=name)
        if not w.mission_deck:
            continue
        card = w.mission_deck.pop()
        w.missions[seat].append(card)
        cth, cen = card_text(load_cards(w.config.mission_cards)[card])
        emit(log, "mission_drawn", seat, ("cathedrals.secret_missions",), f"{th} จั่วภารกิจลับ: {cth}",
             f"{en} draws a secret mission: {cen}", visible_to=frozenset({seat}), card=card)
