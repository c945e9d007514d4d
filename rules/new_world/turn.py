"""A turn (turn.place_tile, turn.score_tile, turn.draw_tile, setup.first_player) and the bonuses
that extend it in Ireland, as edits of a working state :class:`~rules.new_world.state.Work`.

place -> score the tile (farms / settlements / +1) -> castles -> cathedrals -> towers -> public
missions -> [double marker] -> [2nd tile: pick at random, place, score...] -> [a 3-draw's other two
tiles shuffled back] -> draw -> the next seat clockwise.  A seat whose tiles have no legal cell
follows register no_legal_cell; a seat with no tile left follows uneven_tile_end.
"""
from __future__ import annotations

from ..core.events import emit
from .castles import update_castles
from .cathedrals import visit_cathedrals
from .config import DRAW_THREE, HAND
from .farms import score_farm
from .labels import cell_place_name, seat_name, tile_name
from .placement import has_legal_cell
from .scoring import adder, check_public
from .settlements import score_offshore, score_settlement_tile
from .state import DOUBLE, FINAL_SCORING, PLACE, SECOND_PICK, SECOND_PLACE, SHUFFLE
from .tiles import NAMES, S1
from .towers import double_targets, place_double, visit_towers

_ICON_CLAUSE = {"food": "placement.food_farm", "energy": "placement.energy_farm", "settlement": "placement.settlement"}


def place(w, seat: int, kind: int, i: int, log: list, second: bool = False) -> None:
    """``seat`` puts a ``kind`` tile on cell ``i`` (already checked legal) and scores it at once."""
    board = w.board
    if second:
        w.second = -1
    else:
        w.hands[seat].remove(kind)
    w.cells[i] = seat * 8 + kind
    icon = board.icon[i]
    if kind >= S1:
        how = "placement.settlement"
    elif icon == "blank" or icon == NAMES[kind]:
        how = _ICON_CLAUSE[NAMES[kind]]
    else:
        how = "placement.farm_overflow"
    cites = ("turn.place_tile", how) + (("ireland.tower_second_tile",) if second else ())
    th, en = seat_name(seat)
    cth, cen = cell_place_name(board, i)
    kth, ken = tile_name(kind)
    emit(log, "tile_placed", seat, cites, f"{th} วาง{kth} {'ไทล์ที่ 2 ' if second else ''}ที่{cth}",
         f"{en} places a {ken}{' (2nd tile)' if second else ''} on {cen}",
         tile=NAMES[kind], cell=list(board.cells[i]), icon=icon, second=second)
    add = adder(w)
    if kind < S1:
        score_farm(w, seat, kind, i, log, add)
    else:
        score_settlement_tile(w, seat, kind, i, log, add)
    ireland = w.config.side == "ireland"
    if ireland:
        score_offshore(w, seat, kind, i, log, add)
    update_castles(w, seat, i, log)
    visit_cathedrals(w, seat, i, log)
    if ireland:
        visit_towers(w, seat, i, log, add)
        check_public(w, seat, log, add)
    go_on(w, log)


def go_on(w, log: list) -> None:
    """What follows a placement, a double marker or a 2nd tile's draw: the next pending bonus or
    the end of the turn."""
    seat = w.turn
    if w.pending_double:
        if double_targets(w, seat):
            w.stage = DOUBLE
            return
        place_double(w, seat, None, log)
    if w.pending_second:
        w.pending_second = False
        if w.tribe[seat]:
            w.stage = SECOND_PICK
            return
    end_turn(w, log)


def second_drawn(w, kind: int, log: list) -> None:
    """The tribe tile ``kind`` was drawn at random for 'place a 2nd tile' (a chance outcome)."""
    seat = w.turn
    w.tribe[seat].remove(kind)
    th, en = seat_name(seat)
    kth, ken = tile_name(kind)
    if has_legal_cell(w.board, w.cells, kind):
        w.second = kind
        w.stage = SECOND_PLACE
        emit(log, "second_tile_drawn", seat, ("ireland.tower_second_tile",),
             f"{th} สุ่มหยิบ{kth}จากกระดานเผ่ามาวางเป็นไทล์ที่ 2", f"{en} draws a {ken} from the tribe board as a 2nd tile",
             tile=NAMES[kind])
        return
    w.aside[seat].append(kind)
    emit(log, "second_tile_set_aside", seat, ("ireland.tower_second_tile", "turn.place_tile"),
         f"{th} สุ่มได้{kth} แต่ไม่มีช่องที่วางได้ พักไว้นอกเกม",
         f"{en} draws a {ken} for the 2nd tile but it has no legal cell: set aside out of the game",
         tile=NAMES[kind])
    go_on(w, log)


def double_chosen(w, card: str, log: list) -> None:
    place_double(w, w.turn, card, log)
    go_on(w, log)


def end_turn(w, log: list) -> None:
    """A 3-draw's other tiles go back and the pile is shuffled (a chance node), else draw."""
    seat = w.turn
    if w.hands[seat]:
        back = list(w.hands[seat])
        w.hands[seat] = []
        w.piles[seat].extend(back)
        w.returned = back
        w.stage = SHUFFLE
        th, en = seat_name(seat)
        emit(log, "tiles_returned", seat, ("ireland.tower_draw_three",),
             f"{th} คืนไทล์ {len(back)} แผ่นเข้ากองแล้วสับ", f"{en} puts {len(back)} tiles back into the pile to shuffle",
             visible_to=frozenset({seat}), tiles=[NAMES[k] for k in back])
        return
    draw(w, seat, log)
    next_turn(w, log)


def shuffled(w, order: list[int], log: list) -> None:
    """The pile of the seat to act, shuffled into ``order`` (a chance outcome)."""
    seat = w.turn
    pile = w.piles[seat]
    w.piles[seat] = [pile[j] for j in order]
    w.returned = []
    th, en = seat_name(seat)
    emit(log, "pile_shuffled", seat, ("ireland.tower_draw_three",), f"สับกองไทล์ของ{th}",
         f"{en}'s pile is shuffled", size=len(order))
    draw(w, seat, log)
    next_turn(w, log)


def draw(w, seat: int, log: list) -> None:
    """Draw 1 tile (3 after a 'draw 3' tower) from the pile into the hand (turn.draw_tile)."""
    three = w.draw_three[seat]
    w.draw_three[seat] = False
    n = DRAW_THREE if three else HAND
    pile = w.piles[seat]
    got = [pile.pop() for _ in range(min(n, len(pile)))]
    if not got:
        if not w.hands[seat] and w.config.uneven_tile_end == "end_at_first_empty":
            w.ending = True
        return
    w.hands[seat].extend(got)
    th, en = seat_name(seat)
    names = [NAMES[k] for k in got]
    cites = ("turn.draw_tile",) + (("ireland.tower_draw_three",) if three else ())
    text_th = ", ".join(tile_name(k)[0] for k in got)
    text_en = ", ".join(tile_name(k)[1] for k in got)
    emit(log, "tile_drawn", seat, cites, f"{th} จั่ว {text_th}", f"{en} draws {text_en}",
         visible_to=frozenset({seat}), tiles=names)


def next_turn(w, log: list) -> None:
    w.second_used = False
    w.turn = (w.turn + 1) % w.players
    begin_turn(w, log)


def begin_turn(w, log: list) -> None:
    """Find the seat that plays now: skip seats without tiles (uneven_tile_end), set aside a hand
    with no legal cell (no_legal_cell); when nobody has a tile the game ends (intro.goal): the
    end-game scoring is the next step (stage ``final_scoring``)."""
    n = w.players
    for _ in range(n * 64):
        if not any(w.hands):
            w.stage = FINAL_SCORING  # the scoring is the next step (engine.apply: scoring.finish)
            return
        if w.ending and w.turn == w.first:
            w.stage = FINAL_SCORING  # the scoring is the next step (engine.apply: scoring.finish)
            return
        seat = w.turn
        th, en = seat_name(seat)
        if not w.hands[seat]:
            emit(log, "turn_skipped", seat, ("intro.goal", "turn.draw_tile"),
                 f"{th} ไม่มีไทล์เหลือ ข้ามตา", f"{en} has no tile left: skipped")
            w.turn = (seat + 1) % n
            continue
        if any(has_legal_cell(w.board, w.cells, k) for k in w.hands[seat]):
            w.stage = PLACE
            return
        gone = list(w.hands[seat])
        w.hands[seat] = []
        w.aside[seat].extend(gone)
        emit(log, "tile_set_aside", seat, ("turn.place_tile", "placement.farm_overflow", "placement.settlement"),
             f"{th} ไม่มีช่องที่วางไทล์ในมือได้ วางคว่ำพักไว้นอกเกม",
             f"{en}'s tile has no legal cell: set aside face down out of the game", visible_to=frozenset({seat}),
             tiles=[NAMES[k] for k in gone])
        draw(w, seat, log)
        if w.config.no_legal_cell == "set_aside_and_pass":
            w.turn = (seat + 1) % n
    raise RuntimeError("begin_turn: no seat can play (a defect)")
