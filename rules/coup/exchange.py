"""Exchanges and examines of เกมโค่นอำนาจ: cards drawn, returned and shown
(characters.ambassador_exchange, inquisitor.exchange, inquisitor.examine; ambiguities
examine_pick, examine_force, proof_shuffle).
"""
from __future__ import annotations

from ..core.events import emit, new_event
from .state import (AMBASSADOR, EXAMINE, EXCHANGE, I_ACT, I_CUR, I_DECK, I_EVENTS, I_HANDS, I_PEEKS, I_PHASE,
                    I_POOL, I_RULES, I_SHOWN, I_TODO, I_TURN, END, NAMES, clear_claims, forget_peeks, set_hand,
                    to_deck)

FORCED_EXCHANGE_CITES = ("inquisitor.examine", "inquisitor.exchange")
_RETURN_EV: dict = {}  # (seat, returned, cites) -> exchange_return event (built once)
_SHOW_EV: dict = {}  # (examiner, examined, card) -> examine_show event
_FORCE_EV: dict = {}  # (examiner, examined) -> examine_force event (examine_force=replace_shown)
_KEEP_EV: dict = {}  # (examiner, examined) -> examine_keep event


def exchange_return(w: list, returned: tuple) -> None:
    """Keep all but the returned cards (characters.ambassador_exchange, inquisitor.exchange; or
    inquisitor.examine for an exchange forced on the examined seat, ambiguity examine_force).
    The exchanging seat is the current one: the turn seat, or the examined seat."""
    p = w[I_CUR]
    pool = list(w[I_HANDS][p] + w[I_POOL])
    for c in returned:
        pool.remove(c)
    set_hand(w, p, pool)
    w[I_POOL] = returned  # in transit to the deck
    forget_peeks(w, p)
    clear_claims(w, p)
    kind, _, claim = w[I_ACT]
    if kind == "examine":
        cites = FORCED_EXCHANGE_CITES
    else:
        cites = ("characters.ambassador_exchange",) if claim == AMBASSADOR else ("inquisitor.exchange",)
    key = (p, returned, cites)
    e = _RETURN_EV.get(key)
    if e is None:
        e = _RETURN_EV[key] = new_event("exchange_return", p, cites, f"ที่นั่ง {p + 1} คืนการ์ด {len(returned)} ใบเข้ากอง",
                                        f"seat {p + 1} returns {len(returned)} card(s) to the deck", frozenset((p,)),
                                        {"count": len(returned), "cards": [NAMES[c] for c in returned]})
    w[I_EVENTS].append(e)
    w[I_TODO] = END
    to_deck(w, returned, cites, -1, frozenset((p,)))


def shown(w: list, card: int) -> None:
    """The examined card is seen by the examiner (and its owner) only (inquisitor.examine)."""
    actor, t = w[I_TURN], w[I_ACT][1]
    w[I_SHOWN] = card
    key = (actor, t, card)
    e = _SHOW_EV.get(key)
    if e is None:
        e = _SHOW_EV[key] = new_event("examine_show", t, ("inquisitor.examine",),
                                      f"ที่นั่ง {t + 1} ให้ที่นั่ง {actor + 1} ดูการ์ด 1 ใบ", f"seat {t + 1} shows one card to seat {actor + 1}",
                                      frozenset((actor, t)), {"target": t, "card": NAMES[card]})
    w[I_EVENTS].append(e)
    w[I_PHASE], w[I_CUR] = EXAMINE, actor


def examine_decide(w: list, force: bool) -> None:
    """The examiner may force the examined seat to exchange the card (inquisitor.examine).
    What "exchange" means is ambiguity examine_force: the shown card goes back to the deck and
    the top card replaces it ("replace_shown"), or the examined seat makes an Inquisitor
    exchange (:func:`forced_exchange`, "inquisitor_exchange")."""
    p, t, card = w[I_TURN], w[I_ACT][1], w[I_SHOWN]
    if force and w[I_RULES].forced_inquisitor_exchange:
        forced_exchange(w, p, t, card)
    elif force:
        e = _FORCE_EV.get((p, t))
        if e is None:
            e = _FORCE_EV[(p, t)] = new_event("examine_force", p, ("inquisitor.examine",),
                                              f"ที่นั่ง {p + 1} บังคับให้ที่นั่ง {t + 1} แลกการ์ดใบนั้นกับกองกลาง",
                                              f"seat {p + 1} forces seat {t + 1} to exchange that card", None, {"target": t})
        w[I_EVENTS].append(e)
        w[I_TODO] = (("ret", t, (card,), ("inquisitor.examine",), frozenset((p, t))),
                     ("draw", t, 1, ("inquisitor.examine",)), ("end",))
    else:
        w[I_PEEKS] = w[I_PEEKS] + ((p, t, card),)
        e = _KEEP_EV.get((p, t))
        if e is None:
            e = _KEEP_EV[(p, t)] = new_event("examine_keep", p, ("inquisitor.examine",),
                                             f"ที่นั่ง {p + 1} คืนการ์ดให้ที่นั่ง {t + 1} เก็บไว้",
                                             f"seat {p + 1} lets seat {t + 1} keep the card", None, {"target": t})
        w[I_EVENTS].append(e)
        w[I_TODO] = END
    w[I_SHOWN] = -1


def forced_exchange(w: list, p: int, t: int, card: int) -> None:
    """Ambiguity examine_force = inquisitor_exchange: the examined seat ``t`` takes as many cards
    from the deck as an Inquisitor exchange (inquisitor.exchange: 1), seen by ``t`` only, then
    returns as many of its choice (phase ``exchange``, ``t`` to act; :func:`exchange_return`).
    Until then the examiner ``p`` still knows ``card`` is in ``t``'s hand (a peek, wiped by
    the return: nobody but ``t`` learns which card went back)."""
    k = w[I_RULES].draw_inq
    w[I_PEEKS] = w[I_PEEKS] + ((p, t, card),)
    drawn, w[I_DECK] = w[I_DECK][:k], w[I_DECK][k:]
    w[I_POOL] = drawn
    emit(w[I_EVENTS], "examine_force", p, FORCED_EXCHANGE_CITES,
         f"ที่นั่ง {p + 1} บังคับให้ที่นั่ง {t + 1} แลกเปลี่ยนการ์ด (รับ {k} ใบจากกองกลาง แล้วคืน {k} ใบ)",
         f"seat {p + 1} forces seat {t + 1} to exchange (take {k} card(s) from the deck, then return {k})", target=t)
    emit(w[I_EVENTS], "exchange_draw", t, FORCED_EXCHANGE_CITES, f"ที่นั่ง {t + 1} รับการ์ด {len(drawn)} ใบจากกองกลาง",
         f"seat {t + 1} takes {len(drawn)} card(s) from the deck", frozenset((t,)), count=len(drawn),
         cards=[NAMES[c] for c in drawn])
    w[I_PHASE], w[I_CUR], w[I_TODO] = EXCHANGE, t, ()


__all__ = ["exchange_return", "shown", "examine_decide", "forced_exchange"]
