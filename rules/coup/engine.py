"""The game protocol of เกมโค่นอำนาจ (Coup + Inquisitor + Reformation): ``GAME``.

Flow of a turn (setup.first_turn): the seat whose turn it is takes one action.  Income, coup and
conversion resolve at once; a character action opens the window to challenge its claim, then (steal,
assassination) the block window, then the window to challenge the block; foreign aid opens the
block window directly.  What remains to do is a queue of small tasks (``todo``) run by
:func:`_run` until a seat must decide (a window, a proof, an influence loss, an exchange, an
examine) or chance must act (a shuffle; an examine pick under ``examine_pick=random``).

Every influence loss is the losing seat's action (which face-down card to turn up), even with
one card left; only an examine of a seat holding one kind of card shows it without a choice.

Chance nodes: ``{"chance": "shuffle", "order": [card names, top first]}`` (the whole deck after
the shuffle) or ``{"chance": "shuffle", "top": [names]}`` (those cards on top, the rest in their
order - handy in scenarios); ``{"chance": "examine_pick", "card": name}``.
"""
from __future__ import annotations

import random
from operator import attrgetter
from typing import Any, Mapping

from ..core.base import GameBase
from ..core.protocol import CHANCE, TERMINAL, IllegalAction, Transition
from . import actions as A
from . import challenge as C
from . import reformation as RF
from .config import CoupConfig
from .setup import setup_events
from .state import (AMBASSADOR, ASSASSIN, BLOCK, CARD, CHAL, CHAL_BLOCK, CHANCE_NODE, CHAR_CLAUSE, DUKE,
                    EXAMINE, EXCHANGE, FACTION, I_ACT, I_ALMS, I_BLOCK_CLAIM, I_BLOCKER, I_CHALLENGER, I_CLAIMANT,
                    I_COINS, I_CUR, I_DEADLOCK, I_DECK, I_FORCED, I_HANDS, I_HIT, I_PEEKS, I_PHASE, I_POOL,
                    I_RULES, I_SHOWN, I_START, I_TODO, I_TURN, I_TURN_NO, I_WINDOW, INQUISITOR, LOSE, NAMES, OVER,
                    PASS_TX, PHASE_NAMES, PROVE, SHOW, TH, TURN, CoupState, add_claim, clear_claims, done, draw, ev, forget_peeks, from_bank,
                    living_after, lose, make_event, make_transition, move_coins, pay_bank, rules_for, scratch,
                    set_hand, take_from_hand, to_deck)

_DECLARE = {
    "income": ("actions.income",), "foreign_aid": ("actions.foreign_aid",), "coup": ("actions.coup",),
    "tax": ("characters.duke_tax", "characters.heading", "challenge.example_claim"),
    "steal": ("characters.captain_steal", "characters.heading"),
    "assassinate": ("characters.assassin_assassinate", "characters.heading"),
    "examine": ("inquisitor.examine",),
    "convert": ("reformation.conversion", "reformation.extra_actions"),
    "embezzle": ("reformation.embezzle", "reformation.extra_actions"),
}
_CLAIM = {"tax": DUKE, "steal": 1, "assassinate": ASSASSIN, "examine": INQUISITOR}
_TH = {"income": "รายได้", "foreign_aid": "ความช่วยเหลือจากภายนอก", "coup": "รัฐประหาร", "tax": "เก็บภาษี (ดยุค)",
       "steal": "ข่มขู่ขโมยเงิน (กัปตัน)", "assassinate": "ลอบสังหาร (นักฆ่า)", "examine": "สอบสวน (นักสืบศาสนา)",
       "convert": "เปลี่ยนศาสนา", "embezzle": "ยักยอก (ไม่มีนกยูง)"}


# --- setup -------------------------------------------------------------------------------------
def deal(R, seed: int) -> tuple[tuple, tuple, int]:
    """``(hands, deck, first)`` of a new game (setup.deal; ambiguity first_player): the deck
    shuffled with ``random.Random(seed)``, ``R.start_cards`` cards to each seat (sorted tuples),
    the rest top first, and the first seat.  Shared by :func:`new_state` and the random-play
    kernel (:mod:`rules.coup.kernel`) so both deal the same game from one seed."""
    rng = random.Random(seed)
    deck = list(R.full_deck)
    rng.shuffle(deck)
    n, k = R.n, R.start_cards
    hands = tuple([tuple(sorted(deck[i * k:(i + 1) * k])) for i in range(n)])
    first = rng.randrange(n) if R.random_first else 0
    return hands, tuple(deck[n * k:]), first


def new_state(cfg: CoupConfig, seed: int) -> CoupState:
    """Shuffle the deck and deal 2 cards and 2 coins to each seat (setup.deal) with
    ``random.Random(seed)``; the bank holds the rest (ambiguity treasury_start)."""
    R = rules_for(cfg)
    hands, deck, first = deal(R, seed)
    n = R.n
    coins = (R.start_coins,) * n
    empty = ((),) * n
    phase, cur = (FACTION, first) if R.reformation else (TURN, first)
    return CoupState(
        rules=R, hands=hands, up=empty, buried=empty, coins=coins, bank=R.total_coins - sum(coins),
        alms=0, deck=deck, faction=(0,) * n if R.reformation else (), turn=first, turn_no=1,
        start_coins=coins[first], phase=phase, cur=cur, window=frozenset(), act=("", -1, -1),
        forced=False, blocker=-1, block_claim=-1, challenger=-1, claimant=-1, todo=(), pool=(),
        shown=-1, peeks=(), claims=empty, hit=(), winner=-1, deadlock=False)


# --- the task runner ------------------------------------------------------------------------
def _run(w: list) -> None:
    """Run queued tasks until a seat or chance must act, or the game is over."""
    while w[I_TODO] and w[I_PHASE] != OVER:
        todo = w[I_TODO]
        task = todo[0]
        tag = task[0]
        if tag == "end":  # the most frequent task first
            w[I_TODO] = todo[1:]
            _end_turn(w)
            return
        if tag == "shuffle" or tag == "pick":
            w[I_PHASE], w[I_CUR] = CHANCE_NODE, CHANCE
            return
        if tag == "lose":
            seat = task[1]
            if not w[I_HANDS][seat]:
                w[I_TODO] = todo[1:]
                continue
            w[I_PHASE], w[I_CUR] = LOSE, seat  # always the seat's choice, even of one card
            return
        w[I_TODO] = todo[1:]
        if tag == "after_claim":
            if C.after_claim(w) or _resolve(w):
                return
        elif tag == "resolve":
            if _resolve(w):
                return
        elif tag == "ret":
            _, seat, cards, cites, known_to = task
            forget_peeks(w, seat)
            ev(w, "card_returned", seat, {"seat": seat, "cards": [NAMES[c] for c in cards]}, cites,
               f"ที่นั่ง {seat} คืนการ์ด {len(cards)} ใบเข้ากอง", f"seat {seat} returns {len(cards)} card(s) to the deck",
               known_to)
            to_deck(w, cards, cites, seat, known_to)
        elif tag == "draw":
            draw(w, task[1], task[2], task[3])
        elif tag == "blocked":
            C.blocked(w)
            if w[I_ACT][0] == "assassinate" and w[I_RULES].refund == "whenever_not_resolved":
                _refund(w)
            _end_turn(w)
            return
        elif tag == "refund":
            _refund(w)


def _refund(w: list) -> None:
    """Give the assassin's coins back (ambiguity assassin_refund)."""
    amount = w[I_RULES].assassin_cost
    paid = from_bank(w, w[I_TURN], amount)
    ev(w, "refund", w[I_TURN], {"coins": paid}, ("characters.assassin_assassinate",),
       f"ที่นั่ง {w[I_TURN]} ได้เงินค่าลอบสังหาร {paid} เหรียญคืน", f"seat {w[I_TURN]} gets the {paid} assassination coins back")


def _gain(w: list, amount: int, cites: tuple, what_th: str, what_en: str) -> None:
    p = w[I_TURN]
    got = from_bank(w, p, amount)
    key = (p, got, what_en)
    tx = _GAIN_TX.get(key)
    if tx is None:
        tx = _GAIN_TX[key] = (f"ที่นั่ง {p} รับเงิน {got} เหรียญ ({what_th})", f"seat {p} takes {got} coin(s) ({what_en})")
    ev(w, "gain", p, {"coins": got, "from": "bank", "what": what_en}, cites, *tx)


_GAIN_TX: dict = {}  # (seat, coins, what) -> texts; what_en names what_th


def _resolve(w: list) -> bool:
    """The action takes effect; returns True when a seat or chance must now act."""
    kind, t, claim = w[I_ACT]
    actor = w[I_TURN]
    R = w[I_RULES]
    if kind == "foreign_aid":
        _gain(w, R.aid, ("actions.foreign_aid",), "ความช่วยเหลือจากภายนอก", "foreign aid")
    elif kind == "tax":
        _gain(w, R.tax, ("characters.duke_tax",), "ภาษี", "tax")
    elif kind == "steal":
        if w[I_HANDS][t] or R.steal_gone:
            amount = min(R.steal, w[I_COINS][t])
            move_coins(w, t, actor, amount)
            ev(w, "steal", actor, {"from": t, "coins": amount}, ("characters.captain_steal",),
               f"ที่นั่ง {actor} ขโมยเงิน {amount} เหรียญจากที่นั่ง {t}", f"seat {actor} steals {amount} from seat {t}")
        else:
            _fizzle(w, t)
    elif kind == "assassinate":
        if w[I_HANDS][t]:
            ev(w, "assassination", actor, {"target": t}, ("characters.assassin_assassinate",),
               f"ที่นั่ง {t} ถูกลอบสังหาร ต้องเสียอิทธิพล 1 อย่าง", f"seat {t} is assassinated and loses an influence")
            w[I_TODO] = (("lose", t, ("characters.assassin_assassinate",), False), ("end",)) + w[I_TODO]
            return False
        _fizzle(w, t)
        if R.refund == "whenever_not_resolved":
            _refund(w)
    elif kind == "exchange":
        k = R.draw_amb if claim == AMBASSADOR else R.draw_inq
        w[I_POOL], w[I_DECK] = w[I_DECK][:k], w[I_DECK][k:]
        clause = "characters.ambassador_exchange" if claim == AMBASSADOR else "inquisitor.exchange"
        ev(w, "exchange_draw", actor, {"count": len(w[I_POOL]), "cards": [NAMES[c] for c in w[I_POOL]]}, (clause,),
           f"ที่นั่ง {actor} รับการ์ด {len(w[I_POOL])} ใบจากกองกลาง", f"seat {actor} takes {len(w[I_POOL])} card(s) from the deck",
           frozenset((actor,)))
        w[I_PHASE], w[I_CUR] = EXCHANGE, actor
        return True
    elif kind == "examine":
        if not w[I_HANDS][t]:
            _fizzle(w, t)
        else:
            hand = w[I_HANDS][t]
            if hand[0] == hand[-1]:
                _shown(w, hand[0])
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
        _end_turn(w)
        return True
    return False


def _fizzle(w: list, t: int) -> None:
    ev(w, "fizzle", w[I_TURN], {"target": t, "action": w[I_ACT][0]}, ("challenge.lose_both", "details.proven_continues"),
       f"ที่นั่ง {t} ออกจากเกมไปแล้ว การกระทำจึงไม่เกิดผล", f"seat {t} is already out: the action has no effect")


def _shown(w: list, card: int) -> None:
    """The examined card is seen by the examiner (and its owner) only (inquisitor.examine)."""
    actor, t = w[I_TURN], w[I_ACT][1]
    w[I_SHOWN] = card
    ev(w, "examine_show", t, {"target": t, "card": NAMES[card]}, ("inquisitor.examine",),
       f"ที่นั่ง {t} ให้ที่นั่ง {actor} ดูการ์ด 1 ใบ", f"seat {t} shows one card to seat {actor}",
       frozenset((actor, t)))
    w[I_PHASE], w[I_CUR] = EXAMINE, actor


def _end_turn(w: list) -> None:
    """Pass the turn clockwise to the next living seat; note whether it must coup
    (actions.coup_forced, details.ten_coins); under one_faction=deadlock a forced coup with no
    legal target stops the game with no winner."""
    if w[I_PHASE] == OVER:
        return
    R = w[I_RULES]
    hands = w[I_HANDS]
    for nxt in R.after[w[I_TURN]]:  # a loop, not next(generator): this runs at every turn
        if hands[nxt]:
            break
    w[I_TURN], w[I_TURN_NO] = nxt, w[I_TURN_NO] + 1
    w[I_START] = start = w[I_COINS][nxt]
    w[I_FORCED] = start >= R.forced_at
    w[I_PHASE], w[I_CUR], w[I_WINDOW] = TURN, nxt, _NO_WINDOW
    w[I_ACT], w[I_BLOCKER], w[I_BLOCK_CLAIM], w[I_CHALLENGER], w[I_CLAIMANT] = _NO_ACT, -1, -1, -1, -1
    w[I_SHOWN], w[I_POOL], w[I_HIT], w[I_TODO] = -1, (), (), ()
    _check_deadlock(w)


def _check_deadlock(w: list) -> None:
    """Under one_faction=deadlock (Reformation) a turn that must coup with no legal target stops
    the game with no winner (actions.coup_forced, reformation.same_faction): checked when a turn
    begins, and after the faction choice (the first turn may already be forced in a scenario)."""
    R = w[I_RULES]
    seat = w[I_TURN]
    if not (w[I_FORCED] and R.one_faction == "deadlock" and R.reformation):
        return
    if not any(w[I_HANDS][t] and not RF.restricted_state(w, seat, t) for t in R.after[seat]):
        w[I_DEADLOCK] = True
        w[I_PHASE], w[I_CUR] = OVER, TERMINAL
        ev(w, "deadlock", seat, {"seat": seat, "coins": w[I_START]},
           ("actions.coup_forced", "reformation.same_faction"),
           f"ที่นั่ง {seat} ต้องรัฐประหารแต่ทุกคนที่เหลือนับถือศาสนาเดียวกัน เกมเดินต่อไม่ได้ (จบโดยไม่มีผู้ชนะ)",
           f"seat {seat} must coup but every living player shares its faction: deadlock, no winner")


_NO_WINDOW = frozenset()
_NO_ACT = ("", -1, -1)


# --- turn actions ---------------------------------------------------------------------------
def _turn(w: list, a: dict) -> None:
    kind = a["type"]
    p = w[I_TURN]
    R = w[I_RULES]
    t = a.get("target", -1)
    if kind == "income":
        w[I_ACT] = ("income", -1, -1)
        _gain(w, R.income, ("actions.income",), "รายได้", "income")
        _end_turn(w)
        return
    if kind == "coup":
        w[I_ACT] = ("coup", t, -1)
        pay_bank(w, p, R.coup_cost)
        cites = ("actions.coup", "actions.coup_forced", "details.ten_coins") if w[I_FORCED] else ("actions.coup",)
        ev(w, "declare", p, {"action": "coup", "target": t, "cost": R.coup_cost}, cites,
           f"ที่นั่ง {p} จ่าย {R.coup_cost} เหรียญ ทำรัฐประหารที่นั่ง {t}", f"seat {p} pays {R.coup_cost} and coups seat {t}")
        w[I_TODO] = (("lose", t, ("actions.coup",), False), ("end",))
        return
    if kind == "convert":
        w[I_ACT] = ("convert", t, -1)
        RF.convert(w, p, t)
        _end_turn(w)
        return
    if kind == "foreign_aid":
        w[I_ACT] = ("foreign_aid", -1, -1)
        ev(w, "declare", p, {"action": "foreign_aid"}, ("actions.foreign_aid",),
           f"ที่นั่ง {p} ขอความช่วยเหลือจากภายนอก", f"seat {p} takes foreign aid")
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
        claim = w[I_RULES].denied
        cites = _DECLARE["embezzle"]
    else:
        claim = _CLAIM[kind]
        cites = _DECLARE[kind]
    w[I_ACT] = (kind, t, claim)
    if kind == "embezzle":
        data = {"action": kind, "denies": NAMES[claim] if claim >= 0 else "peacock"}
        tx = (f"ที่นั่ง {p} ประกาศว่า \"ไม่มีนกยูง ดังนั้นฉันจะยักยอก\" (เงิน {w[I_ALMS]} เหรียญ)",
              f'seat {p} says "there is no peacock, so I embezzle" ({w[I_ALMS]} coins)')
    else:
        data = {"action": kind, "target": t, "claim": NAMES[claim]} if t >= 0 else \
            {"action": kind, "claim": NAMES[claim]}
        add_claim(w, p, claim)
        key = (p, kind, t, claim)
        tx = _DECLARE_TX.get(key) or _declare_tx(key)
    if kind == "assassinate":
        pay_bank(w, p, R.assassin_cost)
        data["cost"] = R.assassin_cost
    ev(w, "declare", p, data, cites, *tx)
    C.open_window(w, CHAL, living_after(w, p))


_DECLARE_TX: dict = {}


def _declare_tx(key: tuple) -> tuple[str, str]:
    """The texts of a character action's claim (cached: they depend on small ints only)."""
    p, kind, t, claim = key
    tx = _DECLARE_TX[key] = (
        f"ที่นั่ง {p} อ้าง{TH[claim]}: {_TH.get(kind, 'แลกเปลี่ยน')}" + (f" ที่นั่ง {t}" if t >= 0 else ""),
        f"seat {p} claims the {NAMES[claim]}: {kind}" + (f" seat {t}" if t >= 0 else ""))
    return tx


def _lose_choice(w: list, card: int) -> None:
    task = w[I_TODO][0]
    w[I_TODO] = w[I_TODO][1:]
    lose(w, task[1], card, task[2], task[3])


_FORCED_EXCHANGE = ("inquisitor.examine", "inquisitor.exchange")


def _exchange_return(w: list, returned: tuple) -> None:
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
        cites = _FORCED_EXCHANGE
    else:
        cites = ("characters.ambassador_exchange",) if claim == AMBASSADOR else ("inquisitor.exchange",)
    ev(w, "exchange_return", p, {"count": len(returned), "cards": [NAMES[c] for c in returned]}, cites,
       f"ที่นั่ง {p} คืนการ์ด {len(returned)} ใบเข้ากอง", f"seat {p} returns {len(returned)} card(s) to the deck",
       frozenset((p,)))
    w[I_TODO] = (("end",),)
    to_deck(w, returned, cites, -1, frozenset((p,)))


def _examine_decide(w: list, force: bool) -> None:
    """The examiner may force the examined seat to exchange the card (inquisitor.examine).
    What "exchange" means is ambiguity examine_force: the shown card goes back to the deck and
    the top card replaces it ("replace_shown"), or the examined seat makes an Inquisitor
    exchange (:func:`_forced_exchange`, "inquisitor_exchange")."""
    p, t, card = w[I_TURN], w[I_ACT][1], w[I_SHOWN]
    if force and w[I_RULES].forced_inquisitor_exchange:
        _forced_exchange(w, p, t, card)
    elif force:
        ev(w, "examine_force", p, {"target": t}, ("inquisitor.examine",),
           f"ที่นั่ง {p} บังคับให้ที่นั่ง {t} แลกการ์ดใบนั้นกับกองกลาง", f"seat {p} forces seat {t} to exchange that card")
        w[I_TODO] = (("ret", t, (card,), ("inquisitor.examine",), frozenset((p, t))),
                     ("draw", t, 1, ("inquisitor.examine",)), ("end",))
    else:
        w[I_PEEKS] = w[I_PEEKS] + ((p, t, card),)
        ev(w, "examine_keep", p, {"target": t}, ("inquisitor.examine",),
           f"ที่นั่ง {p} คืนการ์ดให้ที่นั่ง {t} เก็บไว้", f"seat {p} lets seat {t} keep the card")
        w[I_TODO] = (("end",),)
    w[I_SHOWN] = -1


def _forced_exchange(w: list, p: int, t: int, card: int) -> None:
    """Ambiguity examine_force = inquisitor_exchange: the examined seat ``t`` takes as many cards
    from the deck as an Inquisitor exchange (inquisitor.exchange: 1), seen by ``t`` only, then
    returns as many of its choice (phase ``exchange``, ``t`` to act; :func:`_exchange_return`).
    Until then the examiner ``p`` still knows ``card`` is in ``t``'s hand (a peek, wiped by
    the return: nobody but ``t`` learns which card went back)."""
    k = w[I_RULES].draw_inq
    w[I_PEEKS] = w[I_PEEKS] + ((p, t, card),)
    drawn, w[I_DECK] = w[I_DECK][:k], w[I_DECK][k:]
    w[I_POOL] = drawn
    ev(w, "examine_force", p, {"target": t}, _FORCED_EXCHANGE,
       f"ที่นั่ง {p} บังคับให้ที่นั่ง {t} แลกเปลี่ยนการ์ด (รับ {k} ใบจากกองกลาง แล้วคืน {k} ใบ)",
       f"seat {p} forces seat {t} to exchange (take {k} card(s) from the deck, then return {k})")
    ev(w, "exchange_draw", t, {"count": len(drawn), "cards": [NAMES[c] for c in drawn]}, _FORCED_EXCHANGE,
       f"ที่นั่ง {t} รับการ์ด {len(drawn)} ใบจากกองกลาง", f"seat {t} takes {len(drawn)} card(s) from the deck",
       frozenset((t,)))
    w[I_PHASE], w[I_CUR], w[I_TODO] = EXCHANGE, t, ()


def _pass_fast(state: CoupState, p: int, window: frozenset) -> Transition:
    """A pass that leaves the window open (same result as ``challenge.on_pass``, cheaper)."""
    block = state.phase == BLOCK
    fields = list(state)
    fields[I_WINDOW] = window
    if state.rules.seat_order:
        after = state.rules.after[state.turn] + (state.turn,)
        for s in after:
            if s in window:
                break
        fields[I_CUR] = frozenset((s,))
    else:
        fields[I_CUR] = window
    e = make_event("pass", p, {"window": "block" if block else "challenge"},
                   ("details.block_optional",) if block else ("challenge.bluff",), None, *PASS_TX[p])
    return make_transition(tuple.__new__(CoupState, fields), (e,))


# --- chance -------------------------------------------------------------------------------------
def _chance(state: CoupState, outcome: Mapping) -> Transition:
    task = state.todo[0] if state.todo else ("",)
    kind = outcome.get("chance") if isinstance(outcome, Mapping) else None
    w = scratch(state)
    if task[0] == "shuffle" and kind == "shuffle":
        _, cites, seat, cards, _known = task
        deck = _shuffle_order(state.deck + cards, outcome)
        if seat >= 0:
            for c in cards:
                take_from_hand(w, seat, c)
        else:
            w[I_POOL] = ()
        w[I_DECK] = deck
        w[I_TODO] = w[I_TODO][1:]
        ev(w, "shuffle", None, {"size": len(deck)}, task[1],
           "สับกองการ์ด", "the deck is shuffled")
    elif task[0] == "pick" and kind == "examine_pick":
        card = CARD.get(outcome.get("card"), -1) if isinstance(outcome.get("card"), str) else -1
        if card not in state.hands[task[1]]:
            raise IllegalAction("inquisitor.examine", "การ์ดที่สุ่มได้ต้องอยู่ในมือของผู้ถูกสอบสวน",
                                "the picked card must be in the examined seat's hand")
        w[I_TODO] = w[I_TODO][1:]
        _shown(w, card)
    else:
        want = task[0] if task[0] in ("shuffle", "pick") else "a player action"
        raise IllegalAction("challenge.return_card", f"ต้องการผลสุ่มชนิด {want}",
                            f"expected a chance outcome of kind {want!r}, got {outcome!r}")
    _run(w)
    return done(w)


def _shuffle_order(deck: tuple, outcome: Mapping) -> tuple:
    """The deck after a shuffle outcome: ``order`` (all of ``deck``, top first) or ``top``."""
    names = outcome.get("order", outcome.get("top"))
    try:
        cards = tuple(map(CARD.__getitem__, names))
    except (KeyError, TypeError):
        raise IllegalAction("challenge.return_card", "ลำดับกองต้องเป็นรายชื่อตัวละคร",
                            f"the shuffle outcome must list character names, got {names!r}") from None
    if "order" in outcome:
        if sorted(cards) != sorted(deck):
            raise IllegalAction("challenge.return_card", "ลำดับกองต้องมีการ์ดครบตามกองพอดี",
                                "the shuffled order must hold exactly the cards of the deck")
        return cards
    rest = list(deck)
    for c in cards:
        if c not in rest:
            raise IllegalAction("challenge.return_card", "การ์ดบนกองต้องมาจากกองนี้",
                                f"{NAMES[c]} is not (or not that often) in the deck")
        rest.remove(c)
    return cards + tuple(rest)


# --- one handler per phase (the action is already known to be legal) -----------------------------
def _step_turn(state: CoupState, a: dict) -> Transition:
    return _edit(state, _turn, a)


def _step_window(state: CoupState, a: dict) -> Transition:
    """A reaction window (challenge of the claim, block, challenge of the block): pass,
    challenge or block."""
    p = a["player"]
    kind = a["type"]
    if kind == "pass":
        window = state.window - {p}
        if window:  # hot path: the window stays open
            return _pass_fast(state, p, window)
        return _edit(state, C.on_pass, p)
    if kind == "challenge":
        return _edit(state, C.on_challenge, p)
    return _edit(state, C.on_block, p, CARD[a["character"]])


def _step_prove(state: CoupState, a: dict) -> Transition:
    if a["type"] == "prove":
        return _edit(state, C.on_prove)
    return _edit(state, C.on_fail, CARD[a["card"]])


def _edit(state: CoupState, edit, *args) -> Transition:
    """``edit(w, *args)`` on a scratch copy of ``state``, then the queued tasks, then freeze."""
    w = scratch(state)
    edit(w, *args)
    _run(w)
    return done(w)


def _step_lose(state: CoupState, a: dict) -> Transition:
    return _edit(state, _lose_choice, CARD[a["card"]])


def _step_exchange(state: CoupState, a: dict) -> Transition:
    return _edit(state, _exchange_return, tuple(map(CARD.__getitem__, a["return"])))


def _step_show(state: CoupState, a: dict) -> Transition:
    return _edit(state, _shown, CARD[a["card"]])


def _step_examine(state: CoupState, a: dict) -> Transition:
    return _edit(state, _examine_decide, a["type"] == "force_exchange")


def _choose_faction(w: list, seat: int, faction: int) -> None:
    RF.choose_faction(w, seat, faction)
    w[I_PHASE], w[I_CUR] = TURN, w[I_TURN]
    _check_deadlock(w)


def _step_faction(state: CoupState, a: dict) -> Transition:
    return _edit(state, _choose_faction, a["player"], a["faction"])


_STEP = {FACTION: _step_faction, TURN: _step_turn, CHAL: _step_window, BLOCK: _step_window,
         CHAL_BLOCK: _step_window, PROVE: _step_prove, LOSE: _step_lose, EXCHANGE: _step_exchange,
         SHOW: _step_show, EXAMINE: _step_examine}
_STEP = tuple(_STEP.get(ph) for ph in range(len(PHASE_NAMES)))


# --- the game object ------------------------------------------------------------------------------
class CoupGame(GameBase):
    """เกมโค่นอำนาจ: Coup with the Inquisitor and the Reformation (``rules.coup.GAME``).

    See ``rules/core/README.md`` for the protocol; :mod:`rules.coup.actions` for the action dicts;
    ``data/coup/ambiguities.yaml`` for the config variants.
    """

    id = "coup"
    title_th = "เกมโค่นอำนาจ"
    title_en = "Coup (Inquisitor + Reformation)"
    seed_file = "002_a3f748dff81e3892.txt"
    min_players = 2
    max_players = 6
    config_model = CoupConfig

    def new_game(self, config: CoupConfig | Mapping, seed: int) -> CoupState:
        """The state after setup (setup.deal): deal with ``random.Random(seed)``."""
        return new_state(self.make_config(config), seed)

    def setup_events(self, state: CoupState) -> tuple:
        """What setup did, clause by clause (see :func:`setup_events`); each hand is an event
        seen by its seat only."""
        return setup_events(state)

    # ``GAME.current_player(state)``: a seat, ``CHANCE``, ``TERMINAL`` or the frozenset of seats
    # asked in a window - the state's ``cur`` field, read by a C getter (the driver's hottest call).
    current_player = staticmethod(attrgetter("cur"))
    # ``GAME.legal_actions(state, player)``: see :func:`rules.coup.actions.legal_actions`.
    legal_actions = staticmethod(A.legal_actions)

    def chance_outcomes(self, state: CoupState) -> list[tuple[dict, float]]:
        """Examine picks are listed with their probabilities; a shuffle is too large: ``[]``
        (``sample_chance`` draws one)."""
        if state.phase != CHANCE_NODE or state.todo[0][0] != "pick":
            return []
        hand = state.hands[state.todo[0][1]]
        return [({"chance": "examine_pick", "card": NAMES[c]}, hand.count(c) / len(hand))
                for c in A.distinct(hand)]

    def sample_chance(self, state: CoupState, rng: random.Random) -> dict:
        """A random outcome of the chance node (a uniformly random deck order for a shuffle)."""
        if state.todo and state.todo[0][0] == "shuffle":
            deck = list(state.deck + state.todo[0][3])
            rng.shuffle(deck)
            return {"chance": "shuffle", "order": list(map(NAMES.__getitem__, deck))}
        hand = state.hands[state.todo[0][1]]
        return {"chance": "examine_pick", "card": NAMES[hand[rng.randrange(len(hand))]]}

    def apply(self, state: CoupState, action: Mapping) -> Transition:
        """Apply a player action or chance outcome; :class:`IllegalAction` (clause, th, en) for
        anything not in ``legal_actions`` (the state is never modified)."""
        ph = state.phase
        if ph == CHANCE_NODE:
            return _chance(state, action)
        if type(action) is not dict and not isinstance(action, dict):
            raise IllegalAction("setup.first_turn", "การกระทำต้องเป็น dict", f"an action must be a dict, got {action!r}")
        if ph == EXCHANGE:  # only an exchange_return has a canonical form to restore
            action = A.normalise(action)
        if not A.is_legal(state, action):
            raise A.refuse(state, action)
        return _STEP[ph](state, action)

    # observe / resample / JSON / overrides / checks live in their own modules
    def observe(self, state: CoupState, viewer: int | None) -> dict:
        from .observe import observe
        return observe(state, viewer)

    def resample_hidden(self, state: CoupState, viewer: int | None, rng: random.Random) -> CoupState:
        from .observe import resample_hidden
        return resample_hidden(state, viewer, rng)

    def returns(self, state: CoupState) -> list[float]:
        """1.0 for the winner, 0.0 for everyone else (all 0.0 before the end or in a deadlock)."""
        return [1.0 if s == state.winner else 0.0 for s in range(state.rules.n)]

    def score_breakdown(self, state: CoupState) -> dict:
        """``{winner, deadlock, seats: [{seat, alive, influence, coins, lost}]}``."""
        return {"winner": state.winner if state.winner >= 0 else None, "deadlock": state.deadlock,
                "seats": [{"seat": s, "alive": bool(state.hands[s]), "influence": len(state.hands[s]),
                           "coins": state.coins[s], "lost": [NAMES[c] for c in state.up[s]]}
                          for s in range(state.rules.n)]}

    def state_to_json(self, state: CoupState) -> dict:
        from .serial import state_to_json
        return state_to_json(state)

    def apply_overrides(self, state: CoupState, overrides: Mapping[str, Any]) -> CoupState:
        from .serial import apply_overrides
        return apply_overrides(state, overrides)

    def invariants(self, state: CoupState) -> list[str]:
        from .serial import invariants
        return invariants(state)
