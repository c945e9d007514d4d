"""The turn's action of เกมโค่นอำนาจ: declaring it (setup.first_turn, actions.*, characters.*,
reformation.extra_actions) and making it take effect once its windows are over.

Neither function ends the turn itself: they queue the ``("end",)`` task and
:mod:`rules.coup.flow` passes the turn on (its task runner :func:`~rules.coup.flow.run`, or for
``state.END`` alone ``flow.edit1``; so this module needs nothing from ``flow``).
"""
from __future__ import annotations

from ..core.ambiguity import ambiguity_ref
from ..core.events import emit, emit_data, new_event
from . import challenge as C
from . import exchange as X
from . import reformation as RF
from .state import (AMBASSADOR, ASSASSIN, BLOCK, CAPTAIN, CARD, CHAL, CHANCE, CHANCE_NODE,
                    CHAR_CLAUSE, DUKE, EXCHANGE, INQUISITOR, I_ACT, I_ALMS, I_CLAIMS, I_COINS, I_CUR, I_DECK, I_EVENTS,
                    I_FORCED, I_HANDS, I_PHASE, I_POOL, I_RULES, I_TODO, I_TURN, I_WINDOW, END, NAMES, SEATS_MAX, SHOW, TH, add_claim,
                    from_bank, living_after, move_coins, pay_bank)

# END (state.py): the task list that ends the turn (run by :func:`rules.coup.flow.run`)

DECLARE_CITES = {
    "income": ("actions.income",), "foreign_aid": ("actions.foreign_aid",), "coup": ("actions.coup",),
    "tax": ("characters.duke_tax", "characters.heading", "challenge.example_claim"),
    "steal": ("characters.captain_steal", "characters.heading"),
    "assassinate": ("characters.assassin_assassinate", "characters.heading"),
    "examine": ("inquisitor.examine",),
    "convert": ("reformation.conversion", "reformation.extra_actions"),
    "embezzle": ("reformation.embezzle", "reformation.extra_actions"),
}
CLAIM = {"tax": DUKE, "steal": CAPTAIN, "assassinate": ASSASSIN, "examine": INQUISITOR}
"""The character each character action claims (characters.*, inquisitor.examine); an exchange
names its character (Ambassador or Inquisitor), an embezzle denies one (``Rules.denied``)."""
ACTION_TH = {"income": "รายได้", "foreign_aid": "ความช่วยเหลือจากภายนอก", "coup": "รัฐประหาร",
             "tax": "เก็บภาษี", "steal": "ข่มขู่ขโมยเงิน", "assassinate": "ลอบสังหาร", "exchange": "แลกเปลี่ยน",
             "examine": "สอบสวน", "convert": "เปลี่ยนศาสนา", "embezzle": "ยักยอก"}
"""Thai names of the turn actions."""
ACTION_EN = {"income": "income", "foreign_aid": "foreign aid", "coup": "coup", "tax": "tax", "steal": "steal",
             "assassinate": "assassination", "exchange": "exchange", "examine": "examine", "convert": "conversion",
             "embezzle": "embezzlement"}
"""English names of the turn actions."""

_AID_EV = tuple(new_event("declare", p, ("actions.foreign_aid",), f"ที่นั่ง {p + 1} ขอความช่วยเหลือจากภายนอก",
                          f"seat {p + 1} takes foreign aid", None, {"action": "foreign_aid"}) for p in range(SEATS_MAX))
_FORCED_COUP_CITES = ("actions.coup", "actions.coup_forced", "details.ten_coins")


def declare(w: list, a: dict) -> None:
    """The seat whose turn it is takes action ``a`` (legal: checked by ``apply``).  Income and
    conversion resolve at once; a coup queues the target's loss; foreign aid opens the block
    window; a character action opens the window to challenge its claim (challenge.bluff)."""
    kind = a["type"]
    p = w[I_TURN]
    R = w[I_RULES]
    t = a.get("target", -1)
    hit = _CLAIM_TURN.get((p, kind, t, a.get("character"), R))
    if hit is not None:  # a character claim made before (not an embezzle): the branch below, cached
        act, claim, e = hit
        w[I_ACT] = act
        claims = w[I_CLAIMS]  # add_claim(w, p, claim), inlined
        if claim not in claims[p]:
            c = list(claims)
            c[p] = tuple(sorted(c[p] + (claim,)))
            w[I_CLAIMS] = tuple(c)
        if kind == "assassinate":
            pay_bank(w, p, R.assassin_cost)
        w[I_EVENTS].append(e)
        w[I_PHASE] = CHAL  # C.open_window(w, CHAL, living_after(w, p)), inlined: nearly every turn
        hands = w[I_HANDS]
        seats = []
        for s in R.after[p]:  # living_after(w, p), inlined
            if hands[s]:
                seats.append(s)
        w[I_WINDOW] = window = frozenset(seats)
        w[I_CUR] = C.window_cur(w) if R.seat_order else window
        return
    if kind == "income":
        w[I_ACT] = ("income", -1, -1)
        gain(w, R.income, ("actions.income",), "รายได้", "income")
        w[I_TODO] = END
        return
    if kind == "coup":
        w[I_ACT] = ("coup", t, -1)
        pay_bank(w, p, R.coup_cost)
        cites = _FORCED_COUP_CITES if w[I_FORCED] else ("actions.coup",)
        emit(w[I_EVENTS], "declare", p, cites, f"ที่นั่ง {p + 1} จ่าย {R.coup_cost} เหรียญ ทำรัฐประหารที่นั่ง {t + 1}",
             f"seat {p + 1} pays {R.coup_cost} and coups seat {t + 1}", action="coup", target=t, cost=R.coup_cost)
        w[I_TODO] = (("lose", t, ("actions.coup",), False), ("end",))
        return
    if kind == "convert":
        w[I_ACT] = ("convert", t, -1)
        RF.convert(w, p, t)
        w[I_TODO] = END
        return
    if kind == "foreign_aid":
        w[I_ACT] = ("foreign_aid", -1, -1)
        w[I_EVENTS].append(_AID_EV[p])
        seats = C.block_seats(w)
        if seats:
            C.open_window(w, BLOCK, seats)
        else:
            w[I_TODO] = (("resolve",),)
        return
    # character actions: a claim anyone may challenge (challenge.bluff)
    if kind == "exchange":
        claim = CARD[a["character"]]
        cites = (CHAR_CLAUSE[claim], "characters.heading") if claim == AMBASSADOR else ("inquisitor.exchange",)
    elif kind == "embezzle":
        claim = R.denied
        cites = DECLARE_CITES["embezzle"]
    else:
        claim = CLAIM[kind]
        cites = DECLARE_CITES[kind]
    w[I_ACT] = (kind, t, claim)
    if kind != "embezzle":  # texts and data depend on small ints only: one event per key
        add_claim(w, p, claim)
        key = (p, kind, t, claim, R.assassin_cost)
        e = _DECLARE_EV.get(key) or _declare_event(key, cites)
        _CLAIM_TURN[(p, kind, t, a.get("character"), R)] = (w[I_ACT], claim, e)
        if kind == "assassinate":
            pay_bank(w, p, R.assassin_cost)
        w[I_EVENTS].append(e)
        w[I_PHASE] = CHAL  # C.open_window(w, CHAL, living_after(w, p)), inlined: nearly every turn
        w[I_WINDOW] = window = frozenset(living_after(w, p))
        w[I_CUR] = C.window_cur(w) if R.seat_order else window
        return
    # an embezzle: its texts name the almshouse's coins, so they are built each time
    data = {"action": kind, "denies": NAMES[claim] if claim >= 0 else "peacock"}
    tx = (f"ที่นั่ง {p + 1} ประกาศว่า \"ไม่มีนกยูง ดังนั้นฉันจะยักยอก\" (เงิน {w[I_ALMS]} เหรียญ)",
          f'seat {p + 1} says "there is no peacock, so I embezzle" ({w[I_ALMS]} coins)')
    emit_data(w[I_EVENTS], "declare", p, cites, tx[0], tx[1], None, data)  # data: built above for this event
    C.open_window(w, CHAL, living_after(w, p))


_DECLARE_TX: dict = {}
_DECLARE_EV: dict = {}
_CLAIM_TURN: dict = {}
"""(seat, kind, target, character named, rules) of a character claim (not an embezzle) -> its
``act``, the claimed character and its ``declare`` event, as the general branch of
:func:`declare` works them out (each depends on nothing else)."""


def _declare_event(key: tuple, cites: tuple):
    """The ``declare`` event of a character action (built once per seat, action, target, claim)."""
    p, kind, t, claim, cost = key
    data = {"action": kind, "target": t, "claim": NAMES[claim]} if t >= 0 else {"action": kind, "claim": NAMES[claim]}
    if kind == "assassinate":
        data["cost"] = cost
    tx = _DECLARE_TX.get(key[:4]) or _declare_tx(key[:4])
    e = _DECLARE_EV[key] = new_event("declare", p, cites, tx[0], tx[1], None, data)
    return e


def _declare_tx(key: tuple) -> tuple[str, str]:
    """The texts of a character action's claim (cached: they depend on small ints only)."""
    p, kind, t, claim = key
    tx = _DECLARE_TX[key] = (
        f"ที่นั่ง {p + 1} อ้าง{TH[claim]}: {ACTION_TH[kind]}" + (f" ที่นั่ง {t + 1}" if t >= 0 else ""),
        f"seat {p + 1} claims the {NAMES[claim]}: {kind}" + (f" seat {t + 1}" if t >= 0 else ""))
    return tx


def refund(w: list) -> None:
    """Give the assassin's coins back (ambiguity assassin_refund)."""
    amount = w[I_RULES].assassin_cost
    p = w[I_TURN]
    paid = from_bank(w, p, amount)
    e = _REFUND_EV.get((p, paid))
    if e is None:
        e = _REFUND_EV[(p, paid)] = new_event("refund", p, ("characters.assassin_assassinate",),
                                              f"ที่นั่ง {p + 1} ได้เงินค่าลอบสังหาร {paid} เหรียญคืน",
                                              f"seat {p + 1} gets the {paid} assassination coins back", None, {"coins": paid})
    w[I_EVENTS].append(e)


def gain(w: list, amount: int, cites: tuple, what_th: str, what_en: str) -> None:
    """The turn seat takes ``amount`` from the bank (what the bank can pay: treasury_start)."""
    p = w[I_TURN]
    got = from_bank(w, p, amount)
    key = (p, got, what_en, cites)
    e = _GAIN_EV.get(key)
    if e is None:
        e = _GAIN_EV[key] = new_event("gain", p, cites, f"ที่นั่ง {p + 1} รับเงิน {got} เหรียญ ({what_th})",
                                      f"seat {p + 1} takes {got} coin(s) ({what_en})", None,
                                      {"coins": got, "from": "bank", "what": what_en})
    w[I_EVENTS].append(e)


_GAIN_EV: dict = {}
_DRAW_EV: dict = {}  # (seat, pool, clause) -> exchange_draw event  # (seat, coins, what, cites) -> the gain event; what_en names what_th


def resolve(w: list) -> bool:
    """The action takes effect; returns True when a seat or chance must now act (else the
    queued tasks go on; with none left the turn ends)."""
    kind, t, claim = w[I_ACT]
    actor = w[I_TURN]
    R = w[I_RULES]
    if kind == "foreign_aid":
        gain(w, R.aid, ("actions.foreign_aid",), "ความช่วยเหลือจากภายนอก", "foreign aid")
    elif kind == "tax":
        gain(w, R.tax, ("characters.duke_tax",), "ภาษี", "tax")
    elif kind == "steal":
        if w[I_HANDS][t] or R.steal_gone:
            amount = min(R.steal, w[I_COINS][t])
            move_coins(w, t, actor, amount)
            key = (actor, t, amount)
            e = _STEAL_EV.get(key)
            if e is None:
                e = _STEAL_EV[key] = new_event("steal", actor, ("characters.captain_steal",),
                                               f"ที่นั่ง {actor + 1} ขโมยเงิน {amount} เหรียญจากที่นั่ง {t + 1}",
                                               f"seat {actor + 1} steals {amount} from seat {t + 1}", None,
                                               {"from": t, "coins": amount})
            w[I_EVENTS].append(e)
        else:
            fizzle(w, t)
    elif kind == "assassinate":
        if w[I_HANDS][t]:
            e = _ASSASSINATED_EV.get((actor, t))
            if e is None:
                e = _ASSASSINATED_EV[(actor, t)] = new_event(
                    "assassination", actor, ("characters.assassin_assassinate",),
                    f"ที่นั่ง {t + 1} ถูกลอบสังหาร ต้องเสียอิทธิพล 1 อย่าง", f"seat {t + 1} is assassinated and loses an influence",
                    None, {"target": t})
            w[I_EVENTS].append(e)
            w[I_TODO] = (("lose", t, ("characters.assassin_assassinate",), False), ("end",)) + w[I_TODO]
            return False
        fizzle(w, t)
        if R.refund == "whenever_not_resolved":
            refund(w)
    elif kind == "exchange":
        k = R.draw_amb if claim == AMBASSADOR else R.draw_inq
        w[I_POOL], w[I_DECK] = w[I_DECK][:k], w[I_DECK][k:]
        clause = "characters.ambassador_exchange" if claim == AMBASSADOR else "inquisitor.exchange"
        key = (actor, w[I_POOL], clause)
        e = _DRAW_EV.get(key)
        if e is None:
            pool = w[I_POOL]
            e = _DRAW_EV[key] = new_event("exchange_draw", actor, (clause,),
                                          f"ที่นั่ง {actor + 1} รับการ์ด {len(pool)} ใบจากกองกลาง",
                                          f"seat {actor + 1} takes {len(pool)} card(s) from the deck",
                                          frozenset((actor,)), {"count": len(pool), "cards": [NAMES[c] for c in pool]})
        w[I_EVENTS].append(e)
        w[I_PHASE], w[I_CUR] = EXCHANGE, actor
        return True
    elif kind == "examine":
        if not w[I_HANDS][t]:
            fizzle(w, t)
        else:
            hand = w[I_HANDS][t]
            if hand[0] == hand[-1]:
                X.shown(w, hand[0])
                return True
            if R.examine_random:
                w[I_TODO] = (("pick", t),) + w[I_TODO]
                w[I_PHASE], w[I_CUR] = CHANCE_NODE, CHANCE
                return True
            w[I_PHASE], w[I_CUR] = SHOW, t
            return True
    elif kind == "embezzle":
        RF.embezzle(w, actor)
    if not w[I_TODO]:
        w[I_TODO] = END
    return False


def fizzle(w: list, t: int) -> None:
    """The target is out before the action takes effect: the action has no effect, as register
    entry gone_target reads the rulebook (the event names it, :func:`ambiguity_ref`, and cites its
    clauses, as the setup's register-decided events do): the action's own clause (a steal's is the
    entry's), details.proven_continues ("the action goes on", against nobody) and
    challenge.lose_both (how a target is out mid-action).  A steal reaches here under the reading
    ``fizzle`` only (``steal_anyway`` takes the coins); an assassination or examination of a seat
    that is out has nobody to act on under either reading, so its line names the entry alone."""
    key = (w[I_TURN], t, w[I_ACT][0])
    e = _FIZZLE_EV.get(key)
    if e is None:
        kind = key[2]
        ref_th, ref_en = ambiguity_ref("coup", "gone_target", "fizzle" if kind == "steal" else None)
        e = _FIZZLE_EV[key] = new_event("fizzle", key[0], (DECLARE_CITES[kind][0],) + _FIZZLE_CITES,
                                        f"ที่นั่ง {t + 1} ออกจากเกมไปแล้ว การกระทำจึงไม่เกิดผล ({ref_th})",
                                        f"seat {t + 1} is already out: the action has no effect ({ref_en})", None,
                                        {"target": t, "action": kind})
    w[I_EVENTS].append(e)


_FIZZLE_CITES = ("details.proven_continues", "challenge.lose_both")
"""What a fizzle cites after the action's clause (:func:`fizzle`; register entry gone_target)."""
_STEAL_EV: dict = {}  # (actor, target, coins) -> steal event
_ASSASSINATED_EV: dict = {}  # (actor, target) -> assassination event
_REFUND_EV: dict = {}  # (seat, coins) -> refund event
_FIZZLE_EV: dict = {}  # (turn seat, target, action) -> fizzle event


__all__ = ["declare", "resolve", "refund", "gain", "fizzle", "CLAIM", "DECLARE_CITES", "ACTION_TH", "ACTION_EN", "END"]
