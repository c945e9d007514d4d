"""Money: cash, deposits with kingdoms, payments, charges that may bankrupt, moving money.

Clauses: money.gold, money.cash_limit, money.deposit_rest, money.deposit_where,
money.deposit_owned, money.move_between, money.move_free, money.move_fee, money.move_once,
money.move_phases, bankruptcy.forced_sale, bankruptcy.out, income.cash_cap.
All amounts are Silver (10 Silver = 1 Gold is only a display unit).
"""
from __future__ import annotations

from functools import lru_cache

from rules.core.ambiguity import ambiguity_ref
from rules.core.events import emit

from .constants import CASH_LIMIT, MOVE_FEE, MOVE_FEE_PER, SILVER_PER_GOLD
from .state import Pending

DAMAGE_CLAUSE = "power.damage"
"""The clause every damage charge cites (``powers.charge_damage``): the charge the text names."""


def gold_silver(amount: int) -> tuple[int, int]:
    """``(gold, silver)`` of an amount in Silver (clause ``money.gold``: 10 Silver = 1 Gold)."""
    return divmod(amount, SILVER_PER_GOLD)


def spendable(w, seat: int) -> int:
    """What ``seat`` can pay now: cash, plus deposits unless ``payment_source == cash_only``."""
    p = w.players[seat]
    if w.config.payment_source == "cash_only":
        return p.cash
    return p.cash + sum(p.deposits)


def pay(w, seat: int, amount: int, to: int | None = None) -> int:
    """Take up to ``amount`` from ``seat`` (cash first, then deposits: the largest first, or the
    smallest first under ``deposit_order=smallest_first``; ties in board order) and give it to
    the bank (``to=None``) or to seat ``to``'s cash; returns the amount actually paid."""
    p = w.players[seat]
    paid = min(amount, p.cash)
    p.cash -= paid
    if w.config.payment_source != "cash_only":
        while paid < amount and any(p.deposits):
            if w.config.deposit_order == "smallest_first":   # ambiguity deposit_order
                i = min((k for k in range(len(p.deposits)) if p.deposits[k]), key=lambda k: (p.deposits[k], k))
            else:
                i = max(range(len(p.deposits)), key=lambda k: (p.deposits[k], -k))
            take = min(amount - paid, p.deposits[i])
            p.deposits[i] -= take
            paid += take
    if to is None:
        w.bank += paid
    else:
        w.players[to].cash += paid
    return paid


def receive(w, seat: int, amount: int) -> None:
    """Bank pays ``amount`` to ``seat``'s cash."""
    w.bank -= amount
    w.players[seat].cash += amount


def charge(w, seat: int, amount: int, cites: tuple[str, ...], reason_th: str, reason_en: str,
           to: int | None = None) -> None:
    """A payment that must be made (damage, fine, tax, upkeep).

    Pays what it can; a shortfall starts a forced sale of Kingdom Powers (queued first:
    ``bankruptcy.forced_sale``), or knocks the player out when none is left (``bankruptcy.out``).
    The text names only damage ("ไม่มีเงินจ่ายค่าเสียหาย"; a damage charge cites ``power.damage``):
    ambiguity ``forced_sale_scope`` - ``every_charge`` (default) treats a fine, tax or upkeep the
    same; under ``damage_only`` their shortfall is written off (event ``debt_waived``).
    """
    if amount <= 0 or w.players[seat].out:
        return
    paid = pay(w, seat, amount, to)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "pay", seat, cites, f"จ่าย {paid} Silver: {reason_th}", f"pays {paid} Silver: {reason_en}",
             amount=amount, paid=paid, to=to)
    if paid < amount:
        if w.config.forced_sale_scope == "damage_only" and DAMAGE_CLAUSE not in cites:   # ambiguity forced_sale_scope
            if w.events is not None:   # None: a random-play kernel keeps no event
                emit(w.events, "debt_waived", seat, ("bankruptcy.forced_sale",) + cites,
                     f"ขาดอีก {amount - paid} Silver: ไม่ใช่ค่าเสียหาย จึงไม่บังคับขาย "
                     f"({ambiguity_ref('shadow_master', 'forced_sale_scope', 'damage_only')[0]})",
                     f"{amount - paid} Silver short: not damage, so no forced sale "
                     f"({ambiguity_ref('shadow_master', 'forced_sale_scope', 'damage_only')[1]})",
                     debt=amount - paid)
            return
        owe(w, seat, amount - paid, to)


def owe(w, seat: int, debt: int, to: int | None) -> None:
    """``seat`` still owes ``debt``: queue a forced sale, or the player is out."""
    if w.players[seat].powers:
        w.queue.insert(0, Pending("forced_sale", seat, (("debt", debt), ("to", to))))
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "forced_sale_due", seat, ("bankruptcy.forced_sale",),
                 f"เงินไม่พอจ่าย ขาด {debt} Silver ต้องขายการ์ด Kingdom Power",
                 f"cannot pay; {debt} Silver short: must sell a Kingdom Power", debt=debt)
    else:
        eliminate(w, seat)


def eliminate(w, seat: int) -> None:
    """``seat`` is out (``bankruptcy.out``): cards go back, money to the bank, castles fall.

    Ambiguity ``out_assets``: under ``frozen`` nothing goes back; the player keeps what they hold
    (cards, money, persons, castles on the board) but takes no further part and scores nothing."""
    p = w.players[seat]
    if w.config.out_assets == "frozen":
        p.out = True
        w.queue = [q for q in w.queue if q.seat != seat]
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "eliminated", seat, ("bankruptcy.out",),
                 "ไม่มีเงินและไม่มีการ์ด Kingdom Power ให้ขาย: แพ้เกม "
                 f"({ambiguity_ref('shadow_master', 'out_assets', 'frozen')[0]})",
                 "no money and no Kingdom Power left to sell: out of the game "
                 f"({ambiguity_ref('shadow_master', 'out_assets', 'frozen')[1]})")
        return
    for colour, kind in p.powers:
        w.power_decks[w.cidx(colour)][_kind_index(kind)] += 1
    w.bank += p.cash + sum(p.deposits)
    w.discard.extend(p.hand)
    w.person_supply.extend(p.persons)
    for castle in [c for c in w.castles if c.owner == seat]:
        w.castles.remove(castle)
        w.castle_supply.append(castle.card)
    p.powers, p.cash, p.deposits, p.hand, p.persons, p.castles = [], 0, [0] * len(p.deposits), [], [], []
    p.out = True
    w.queue = [q for q in w.queue if q.seat != seat]
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "eliminated", seat, ("bankruptcy.out",), "ไม่มีเงินและไม่มีการ์ด Kingdom Power ให้ขาย: แพ้เกม",
             "no money and no Kingdom Power left to sell: out of the game")


def _kind_index(kind: str) -> int:
    from .tables import KINDS
    return KINDS.index(kind)


def amount_choices(n: int) -> list[int]:
    """Offered amounts for moving/depositing ``n`` Silver: 1-9, the tens, and all of it."""
    return list(_amounts(n))


@lru_cache(maxsize=1024)
def _amounts(n: int) -> tuple[int, ...]:
    if n <= 0:
        return ()
    out = set(range(1, min(MOVE_FEE_PER - 1, n) + 1)) | set(range(MOVE_FEE_PER, n + 1, MOVE_FEE_PER)) | {n}
    return tuple(sorted(out))


def move_fee(amount: int) -> int:
    """``money.move_fee``: 1 Silver per full 10 Silver moved (moving up to 9 is free)."""
    return amount // MOVE_FEE_PER * MOVE_FEE


def held_colours(w, seat: int) -> list[str]:
    """Kingdom colours of which ``seat`` holds at least one Power, in board order."""
    have = {c for c, _ in w.players[seat].powers}
    return [c for c in w.board.colours if c in have]


def return_excess(w, seat: int) -> None:
    """``income.cash_cap``: cash above 10 Silver that cannot be deposited goes back to the bank."""
    p = w.players[seat]
    extra = p.cash - CASH_LIMIT
    if extra > 0:
        p.cash -= extra
        w.bank += extra
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "cash_returned", seat, ("income.cash_cap", "money.cash_limit"),
                 f"ถือเงินสดได้ไม่เกิน {CASH_LIMIT} Silver: {extra} Silver คืนระบบ",
                 f"cash is capped at {CASH_LIMIT} Silver: {extra} Silver go back to the bank", amount=extra)
