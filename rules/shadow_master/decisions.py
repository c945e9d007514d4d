"""Decisions owed during an action, answered before play goes on (queued :class:`~.state.Pending`):
``front`` (attack.three_fronts), ``remove`` (attack.full_force / tempo / first_strike), ``siege``
(attack.siege), ``forced_sale`` (bankruptcy.forced_sale), ``queen`` (power_card.queen) and
``discard`` (income.sell_land, a Land sold or lost).
"""
from __future__ import annotations

from rules.core.events import emit

from . import attack
from .constants import SALE_PROFIT
from .money import owe
from .powers import card_value, return_power, territory_limit
from .state import Pending
from .tables import tables


def _discard_card(w, seat: int, card: str) -> None:
    w.players[seat].hand.remove(card)
    w.discard.append(card)


def forced_sale_price(w, colour: str) -> int:
    """``bankruptcy.forced_sale``: the card's value, + 3 under ``forced_sale_price=value_plus_3``."""
    return card_value(w, colour) + (SALE_PROFIT if w.config.forced_sale_price == "value_plus_3" else 0)


def act_pending(w, seat: int, a: dict) -> None:
    typ = a["type"]
    q = w.queue[0]
    if typ == "remove_token":
        left = q.get("left") - 1
        attack.remove_tokens(w, seat, a["cell"], 1, (f"attack.{q.get('kind')}",))
        i = next(k for k, x in enumerate(w.queue) if x is q)
        if left > 0 and attack.removal_cells(w, q):
            w.queue[i] = Pending("remove", q.seat, (("cells", q.get("cells")), ("left", left), ("kind", q.get("kind"))))
        else:
            del w.queue[i]
        return
    w.queue.pop(0)
    if typ == "attack_side":
        attack.resolve_front(w, seat, q.get("cell"), q.get("colour"), frozenset(a["colours"]), chosen=True)
    elif typ == "siege_cell":
        attack.remove_tokens(w, seat, a["cell"], w.position.count_at(a["cell"]), ("attack.siege",))
    elif typ == "forced_sale":
        colour, kind = a["colour"], a["kind"]
        price = forced_sale_price(w, colour)
        return_power(w, seat, colour, kind)
        debt, to = q.get("debt"), q.get("to")
        part = min(price, debt)
        w.bank -= price
        if to is None:
            w.bank += part
        else:
            w.players[to].cash += part
        if w.config.forced_sale_surplus == "kept":   # ambiguity forced_sale_surplus
            w.players[seat].cash += price - part
        else:   # sold for the debt only: the rest stays with the bank
            w.bank += price - part
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "forced_sale", seat, ("bankruptcy.forced_sale",),
                 f"ขายบังคับการ์ด {tables().powers.kind_th[kind]} สี{w.board.colour_th[colour]} ได้ {price} Silver",
                 f"forced sale of {colour} {kind} for {price} Silver", colour=colour, kind=kind, price=price)
        if kind == "land" and len(w.players[seat].hand) > territory_limit(w, seat):
            w.queue.insert(0, Pending("discard", seat))
        if debt > part:
            owe(w, seat, debt - part, to)
    elif typ == "queen_move":
        colour, target = q.get("colour"), a["target"]
        p = w.players[seat]
        amount = p.deposits[w.cidx(colour)]
        p.deposits[w.cidx(colour)] = 0
        if target == "none":   # ambiguity queen_no_kingdom=lost: no other kingdom held any more
            w.bank += amount
            if w.events is not None:   # None: a random-play kernel keeps no event
                emit(w.events, "deposit_lost", seat, ("collapse.deposits_lost", "money.deposit_lost", "power_card.queen"),
                     f"Queen: ไม่มีอาณาจักรอื่นให้ย้ายไป เงินฝาก {amount} Silver กับสี{w.board.colour_th[colour]}หายไป",
                     f"Queen: no other kingdom to move to; {amount} Silver deposited with {colour} vanish",
                     colour=colour, amount=amount)
            return
        if target == "cash":
            p.cash += amount
        else:
            p.deposits[w.cidx(target)] += amount
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "queen_move", seat, ("power_card.queen", "collapse.deposits_lost"),
                 f"Queen: ย้ายเงินฝาก {amount} Silver ออกจากสี{w.board.colour_th[colour]}ไป {target} ฟรี",
                 f"Queen: moves {amount} Silver out of {colour} to {target} free", colour=colour, target=target,
                 amount=amount)
    elif typ == "discard_territory":
        _discard_card(w, seat, a["card"])
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "discard", seat, ("income.sell_land",), f"ทิ้งการ์ด {a['card']}", f"discards {a['card']}",
                 card=a["card"])


