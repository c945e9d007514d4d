"""The end of the round's choices: one optional sale (``income.sell_power``, ``income.sell_land``)
and the deposits of cash above 10 Silver (``income.declare_deposits``, ``money.deposit_*``).
Income, tax and upkeep themselves are automatic (:func:`rules.shadow_master.flow.do_income`).
"""
from __future__ import annotations

from rules.core.events import emit

from .constants import CASH_LIMIT, SALE_PROFIT
from .flow import next_deposit
from .money import receive
from .powers import card_value, return_power
from .state import Pending
from .tables import tables


def sale_price(w, colour: str) -> int:
    """``income.sell_power``: the card's value (its Rank) + 3 Silver profit."""
    return card_value(w, colour) + SALE_PROFIT


def act_end_of_round(w, seat: int, a: dict) -> None:
    typ = a["type"]
    p = w.players[seat]
    if typ == "sell_power":
        colour, kind = a["colour"], a["kind"]
        price = sale_price(w, colour)
        return_power(w, seat, colour, kind)
        receive(w, seat, price)
        p.sold = True
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "sell_power", seat, ("income.sell_power",),
                 f"ขายการ์ด {tables().powers.kind_th[kind]} สี{w.board.colour_th[colour]} ได้ {price} Silver (มูลค่า + {SALE_PROFIT})",
                 f"sells {colour} {kind} for {price} Silver (value + {SALE_PROFIT})", colour=colour, kind=kind, price=price)
        if kind == "land" and p.hand:
            w.queue.insert(0, Pending("discard", seat))
        w.resume = "next_sell"
    elif typ == "no_sell":
        w.resume = "next_sell"
    elif typ == "deposit":
        colour, amount = a["colour"], a["amount"]
        p.cash -= amount
        p.deposits[w.cidx(colour)] += amount
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "deposit", seat, ("income.declare_deposits", "money.deposit_rest", "money.deposit_where",
                                      "money.deposit_definition"),
                 f"ฝาก {amount} Silver กับอาณาจักรสี{w.board.colour_th[colour]} (ประกาศให้ทุกคนเห็น)",
                 f"deposits {amount} Silver with {colour} (declared openly)", colour=colour, amount=amount)
        if p.cash <= CASH_LIMIT:
            next_deposit(w, seat)


