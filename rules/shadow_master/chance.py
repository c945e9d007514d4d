"""Chance nodes: the colour die, Territory draws and Kingdom Power draws (clauses
phase1.roll_place, territory.roll_colour, phase2.reveal, phase2.take, phase2.row_reset,
phase1.buy_random, phase1.land_draw).
"""
from __future__ import annotations

from collections import Counter

from rules.core.events import emit

from .constants import ROW_SIZE
from .state import ChanceReq
from .tables import KINDS, tables
from .territory import cards_left, refill


def weights(state) -> list[tuple[str, float]]:
    """The pending chance node's outcomes as ``[(value, probability)]`` in outcome order (``[]``
    when there is none): the die's colours (``phase1.roll_place``), the Territory cards left in
    the deck by name (``phase2.reveal``, ``phase2.take``: one chance per copy), the kinds left in
    the colour's Power deck (``phase1.buy_random``).  :func:`chance_outcomes` is these as outcome
    dicts (:func:`outcome`); the random-play kernel draws from them directly."""
    c = state.chance
    if c is None:
        return []
    if c.kind == "die":
        faces = state.board.colours
        return [(col, 1 / len(faces)) for col in faces]
    if c.kind == "territory":
        total = len(state.deck)
        return [(k, n / total) for k, n in sorted(Counter(state.deck).items())]
    deck = state.power_decks[state.cidx(c.colour)]
    total = sum(deck)
    return [(k, n / total) for k, n in zip(KINDS, deck) if n]


def outcome(c: ChanceReq, value: str) -> dict:
    """The outcome dict of chance node ``c`` for ``value`` (a colour, a card, a Power kind)."""
    if c.kind == "die":
        return {"chance": "die", "colour": value}
    if c.kind == "territory":
        return {"chance": "territory", "card": value}
    return {"chance": "power", "colour": c.colour, "kind": value}


def chance_outcomes(state) -> list[tuple[dict, float]]:
    """``[(outcome, probability)]`` of the pending chance node (``[]`` when there is none)."""
    c = state.chance
    if c is None:
        return []
    found = weights(state)
    if c.kind == "die":
        return [({"chance": "die", "colour": v}, p) for v, p in found]
    if c.kind == "territory":
        return [({"chance": "territory", "card": v}, p) for v, p in found]
    return [({"chance": "power", "colour": c.colour, "kind": v}, p) for v, p in found]


def act_chance(w, a: dict) -> None:
    c = w.chance
    kind = a.get("chance")
    if kind == "die":
        colour = a["colour"]
        w.set_turn(dice=w.turn.dice + (colour,))
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "die", w.turn.seat, ("phase1.roll_place", "territory.roll_colour") + (
                ("power_card.faith",) if c.count > 1 or len(w.turn.dice) > 1 else ()),
                 f"ทอยเต๋าได้สี{w.board.colour_th[colour]}", f"the die shows {colour}", colour=colour)
    elif kind == "territory":
        card = a["card"]
        w.deck.remove(card)
        if c.purpose == "row":
            w.row.append([card, 0])
            if w.events is not None:   # None: a random-play kernel keeps no event
                emit(w.events, "reveal", None, ("phase2.reveal",), f"เปิดการ์ด {card} ไว้ที่กองเปิด",
                     f"{card} is revealed to the open row", card=card)
            if len(w.row) >= ROW_SIZE:
                coins = sum(n for _, n in w.row)
                w.discard.extend(x for x, _ in w.row)
                w.bank += coins
                w.row = []
                if w.events is not None:   # None: a random-play kernel keeps no event
                    emit(w.events, "row_reset", None, ("phase2.row_reset",), f"กองเปิดครบ {ROW_SIZE} ใบ: รีเซทไปกองทิ้ง",
                         f"the open row reached {ROW_SIZE} cards: reset to the discard pile", coins=coins)
        else:
            w.players[c.seat].hand.append(card)
            if w.events is not None:   # None: a random-play kernel keeps no event
                emit(w.events, "draw", c.seat, ("phase2.take",), f"จั่วการ์ด {card}", f"draws {card}",
                     visible_to=frozenset([c.seat]), card=card)
    elif kind == "power":
        colour, k = a["colour"], a["kind"]
        w.power_decks[w.cidx(colour)][KINDS.index(k)] -= 1
        w.players[c.seat].powers.append((colour, k))
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "power_drawn", c.seat, ("phase1.buy_random", "power.buy_random", f"power_card.{k}"),
                 f"ได้การ์ด {tables().powers.kind_th[k]} สี{w.board.colour_th[colour]}", f"draws {colour} {k}",
                 colour=colour, kind=k)
    w.chance = ChanceReq(c.kind, c.count - 1, c.purpose, c.seat, c.colour) if c.count > 1 else None
    if w.chance is not None and w.chance.kind == "territory":
        refill(w)
        if not w.deck:
            w.chance = None
    if kind == "power" and a["kind"] == "land" and cards_left(w):
        refill(w)
        w.chance = ChanceReq("territory", 1, "hand", c.seat)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "land_draw", c.seat, ("phase1.land_draw", "power_card.land"), "Land: จั่วการ์ด Territory เพิ่ม 1 ใบทันที",
                 "Land: draws one more Territory card at once")
