"""Shadow Master castles (clauses castle.*, black.castle_distance).

A castle stands on a cell of a kingdom colour; it is not a token (``castle.on_own_colour``).
Building needs that colour's Power, a group of 5+ cells, 3+ cells from other castles, not on the
map edge, and restoring (paying for and removing) black tokens within 2 cells.  It is captured
when the capturing side surrounds it (``castle.capture``: 5 of 6 sides by default), which swaps
the cell's colour and hands the Castle card over.  Upkeep is paid at the end of every round.
"""
from __future__ import annotations

from rules.core import hexgrid

from . import board as B
from rules.core.events import emit
from .constants import CASTLE_MAX_TOKENS
from .money import charge, spendable
from .powers import cards_of, collapse_if_empty, side_of
from .tables import tables

GROUP_MIN = 5       # castle.group_five
SPACING = 3         # castle.spacing
BLACK_RADIUS = 2    # castle.restore_black, black.castle_distance


def castle_at(w, cell: str):
    for c in w.castles:
        if c.cell == cell:
            return c
    return None


def cell_capacity(w, cell: str) -> int:
    """Tokens a cell may hold: 3, or 2 under a castle (variant ``castle_capacity``)."""
    if w.config.castle_capacity == "castle_takes_slot" and castle_at(w, cell) is not None:
        return CASTLE_MAX_TOKENS
    return B.MAX_TOKENS


def near_castle(w, cell: str) -> bool:
    """``black.castle_distance``: ``cell`` is within 2 cells of a castle."""
    return any(w.board.distance(cell, c.cell) <= BLACK_RADIUS for c in w.castles)


def blacks_near(w, cell: str) -> list[str]:
    """Black-token cells within 2 cells of ``cell`` (to restore, ``castle.restore_black``)."""
    board = w.board
    return [x for x in w.position
            if w.position.colour_at(x) == board.black and hexgrid.distance(board.hex(cell), board.hex(x)) <= BLACK_RADIUS]


def build_cost(w, cell: str) -> int:
    sh = tables().shadow
    return sh.prices(w.config.shadow_prices).castle + sh.restore_cost * sum(w.position.count_at(c) for c in blacks_near(w, cell))


BUILD_ORDER = ("castle.limit", "castle.need_power", "castle.on_own_colour", "castle.group_five", "castle.spacing",
               "castle.not_edge", "castle.restore_black", "shadow.buy_when")
"""The refusals of :func:`why_not_build` in the order it tries them: a Castle card left
(``castle.limit``), then the rulebook's preconditions in its order (the colour's Power, a cell of
that colour with at most 2 tokens, then rules 1-4: a group of 5, 3 cells from other castles, off
the edge, the restoring of black tokens), then the price.  A later refusal means a cell nearer to
a valid one (the why-not fold's representative cell)."""


def why_not_build(w, seat: int, cell: str) -> tuple[str, str, str] | None:
    """``None`` if ``seat`` may build a castle on ``cell`` now, else ``(clause, th, en)``: the
    first precondition that fails, in :data:`BUILD_ORDER` (the rulebook's order)."""
    board, pos = w.board, w.position
    colour = pos.colour_at(cell)
    player = w.players[seat]
    if not w.castle_supply:
        return ("castle.limit", "การ์ดปราสาทหมดแล้ว", "no Castle card left")
    if colour is None or colour == board.black:
        if not player.powers:   # castle.need_power fails whatever colour the cell could have
            # words for a cell of no kingdom (empty or black): "that kingdom" would name nothing
            return ("castle.need_power", "ปราสาทวางได้เฉพาะบนช่องของอาณาจักรที่คุณถือการ์ด Kingdom Power "
                                         "แต่คุณยังไม่ถือการ์ด Power สักใบ",
                    "a castle goes only on a kingdom's cell whose Power card you hold: you hold no Power card")
        return ("castle.on_own_colour", "ต้องวางบนช่องที่เป็นสีของอาณาจักร", "a castle goes on a kingdom's cell")
    if not cards_of(player, colour):
        return ("castle.need_power", f"ต้องถือการ์ด Kingdom Power สี{board.colour_th[colour]}",
                f"you must hold a {colour} Kingdom Power")
    if castle_at(w, cell) is not None:
        return ("castle.on_own_colour", "ช่องนี้มีปราสาทแล้ว", "this cell already has a castle")
    if pos.count_at(cell) > CASTLE_MAX_TOKENS:
        return ("castle.on_own_colour", f"ในช่องต้องมีโทเคนสีไม่เกิน {CASTLE_MAX_TOKENS} ตัว",
                f"the cell must hold at most {CASTLE_MAX_TOKENS} tokens")
    if len(B.group_at(pos, cell)) < GROUP_MIN:
        return ("castle.group_five", "ต้องอยู่ในกลุ่มสีเดียวกันอย่างน้อย 5 ช่อง", "the group must cover at least 5 cells")
    if any(board.distance(cell, c.cell) < SPACING for c in w.castles):
        return ("castle.spacing", "ต้องห่างจากปราสาทอื่นอย่างน้อย 3 ช่อง", "at least 3 cells from any other castle")
    if cell in board.edge:
        return ("castle.not_edge", "ห้ามวางปราสาทติดขอบแผนที่", "not on the map edge")
    cost = build_cost(w, cell)
    if spendable(w, seat) < cost:
        if blacks_near(w, cell):   # the price and the restoring of the black tokens near
            return ("castle.restore_black", f"เงินไม่พอ (ราคาปราสาทรวมค่าฟื้นฟูโทเคนดำ {cost} Silver)",
                    f"not enough money (the castle and restoring the black tokens near: {cost} Silver)")
        return ("shadow.buy_when", f"เงินไม่พอ (ราคาปราสาท {cost} Silver)", f"not enough money (a castle costs {cost} Silver)")
    return None


def build(w, seat: int, cell: str) -> None:
    """Buy a Castle card and build it on ``cell`` (checked by :func:`why_not_build`)."""
    from .money import pay
    from .state import Castle

    sh = tables().shadow
    blacks = blacks_near(w, cell)
    restore = sh.restore_cost * sum(w.position.count_at(c) for c in blacks)
    price = sh.prices(w.config.shadow_prices).castle
    pay(w, seat, price + restore)
    card = min(w.castle_supply)
    w.castle_supply.remove(card)
    colour = w.position.colour_at(cell)
    w.castles.append(Castle(card, cell, seat, colour))
    w.players[seat].castles.append(card)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "castle_built", seat, ("castle.need_power", "castle.on_own_colour", "castle.group_five",
                                       "castle.spacing", "castle.not_edge", "castle.limit", "shadow.buy_when"),
             f"สร้างปราสาทที่ {cell} ราคา {price} Silver", f"castle built on {cell} for {price} Silver",
             cell=cell, card=card, price=price, colour=colour)
    for c in blacks:
        w.position = B.set_cell(w.position, c, None, 0)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "black_restored", seat, ("castle.restore_black", "castle.black_removed", "black.permanent"),
                 f"ฟื้นฟูช่อง {c}: จ่าย {sh.restore_cost} Silver โทเคนสีดำถูกนำออก",
                 f"{c} restored for {sh.restore_cost} Silver: black token removed", cell=c)


def castle_emptied(w, cell: str, cites: tuple[str, ...] = ()) -> None:
    """A castle whose cell lost its last token is destroyed (variant ``castle_emptied``);
    ``cites``: clauses of what emptied it, added to the event (Lord Theron: ``theron_castle``).
    Under ``castle_emptied=stays`` it stays with its colour (see :func:`castle_colour_problem`)."""
    c = castle_at(w, cell)
    if c is None or w.config.castle_emptied != "destroyed":
        return
    w.castles.remove(c)
    w.players[c.owner].castles.remove(c.card)
    w.castle_supply.append(c.card)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "castle_destroyed", c.owner, ("castle.risk",) + cites, f"ปราสาทที่ {cell} ถูกทำลาย (ช่องว่าง)",
             f"the castle on {cell} is destroyed (its cell is empty)", cell=cell, card=c.card)


def castle_colour_problem(w, cell: str, colour: str) -> tuple[str, str, str] | None:
    """``castle.on_own_colour``: a castle cell takes only its castle's kingdom colour.

    Matters for a castle left on an empty cell (``castle_emptied=stays``, or Lord Theron under
    ``theron_castle=ignore``): the cell has no token to show its colour, the castle remembers it.
    Returns ``None`` when ``colour`` may go on ``cell`` as far as castles go, else
    ``(clause, th, en)``.  Black is refused elsewhere (``black.castle_distance``)."""
    c = castle_at(w, cell)
    if c is None or colour == c.colour or colour == w.board.black:
        return None
    th = w.board.colour_th
    return ("castle.on_own_colour",
            f"ช่อง {cell} มีปราสาทของอาณาจักรสี{th[c.colour]}ตั้งอยู่ วางได้เฉพาะโทเคนสี{th[c.colour]} (ไม่ใช่สี{th.get(colour, colour)})",
            f"{cell} holds a {c.colour} castle: only {c.colour} tokens may go there, not {colour}")


def surrounded(w, cell: str, side: frozenset[str]) -> bool:
    """``castle.capture``: the castle cell is surrounded by ``side`` on 5 sides (or all 6)."""
    board = w.board
    nbs = board.neighbours[cell]
    held = sum(1 for n in nbs if w.position.colour_at(n) in side)
    if w.config.castle_capture == "five":
        return held >= 5
    return held + (6 - len(nbs)) >= 6


def capture_check(w, seat: int, colour: str) -> None:
    """After ``seat`` placed ``colour``: capture every castle of another side it now surrounds."""
    side = side_of(w.alliances, colour)
    for c in list(w.castles):
        old = w.position.colour_at(c.cell)
        if old is None or old in side or c.owner == seat or not surrounded(w, c.cell, side):
            continue
        n = min(w.position.count_at(c.cell), w.supply[w.cidx(colour)])
        if n == 0:
            continue
        w.supply[w.cidx(old)] += w.position.count_at(c.cell) if w.config.removed_tokens == "to_supply" else 0
        w.supply[w.cidx(colour)] -= n
        w.position = B.set_cell(w.position, c.cell, colour, n)
        w.castles.remove(c)
        w.players[c.owner].castles.remove(c.card)
        w.castles.append(type(c)(c.card, c.cell, seat, colour))   # castle.capture_swap: the castle turns colour too
        w.players[seat].castles.append(c.card)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "castle_captured", seat, ("castle.capture", "castle.capture_swap", "castle.risk"),
                 f"ยึดปราสาทที่ {c.cell}: เปลี่ยนสี{w.board.colour_th[old]}เป็นสี{w.board.colour_th[colour]}",
                 f"castle on {c.cell} captured: {old} replaced by {colour}", cell=c.cell, old=old, colour=colour,
                 from_seat=c.owner, card=c.card)
        collapse_if_empty(w, old)


def upkeep(w) -> None:
    """``castle.upkeep``: each castle costs its owner the assumed upkeep at the end of the round."""
    cost = tables().shadow.castle_tables[w.config.castle_values].upkeep   # ambiguity castle_values
    for c in sorted(w.castles, key=lambda c: c.card):
        if not w.players[c.owner].out:
            charge(w, c.owner, cost, ("castle.upkeep",), f"ค่าดูแลปราสาทที่ {c.cell}", f"upkeep of the castle on {c.cell}")
