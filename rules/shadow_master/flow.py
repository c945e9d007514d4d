"""Shadow Master flow: whose decision it is and what comes next (clauses order.*, income.*).

A round (``order.*``): from the First Player clockwise, each player plays phase 1
(``phase1.choose_one``: roll and place / black token / skip or buy a Shadow Master card),
phase 2 (reveal and take Territory cards) and phase 3 (exchanges); then the end of round:
one optional sale each, income, tax, castle upkeep, deposits of cash above 10, and the First
Player passes on.  Decisions owed during an action (three fronts, which tokens to remove,
forced sales, a Queen's move) are queued and answered before play goes on.

A handler (:mod:`.turn`, :mod:`.decisions`, :mod:`.income`, :mod:`.chance`) may leave a
``resume`` label (a key of :data:`RESUME`) for :func:`advance`, which runs the automatic steps
until a chance node, a decision or the end.
"""
from __future__ import annotations

from functools import lru_cache

from rules.core.ambiguity import ambiguity_ref
from rules.core.events import emit
from rules.core.protocol import CHANCE, TERMINAL

from . import attack, castles
from .constants import CASH_LIMIT, FAITH_EXTRA_DICE, TAX_RANK
from .money import charge, eliminate, receive, return_excess
from .powers import (can_buy, cards_of, count_kind, deposit_options, income_for, kingdom_rank, territory_limit,
                     update_flags)
from .scoring import check_end, check_round_limit, game_over
from .state import ChanceReq, Pending, Turn
from .territory import can_take, draw_cards

# the machine name of each step, for observe()["phase"]
PHASES = {"choose": "phase1_choose", "resolve": "phase1_place", "buy": "phase1_buy", "phase2": "phase2_take",
          "phase3": "phase3_exchange", "phase3_take": "phase3_take"}


def current_player(s):
    """``TERMINAL``, ``CHANCE``, the seat owing the first queued decision, the active seat in a
    turn, or the seat to sell / deposit at the end of the round."""
    if s.stage == "over":
        return TERMINAL
    if s.chance is not None:
        return CHANCE
    if s.queue:
        return s.queue[0].seat
    if s.stage == "turn":
        return s.turn.seat
    return s.eor_seat


def phase(s) -> str:
    """A short machine name of the step: ``over``, ``chance_<kind>``, ``decision_<kind>`` (a
    queued decision), one of :data:`PHASES`' values in a turn, ``sell`` or ``deposit``."""
    if s.stage == "over":
        return "over"
    if s.chance is not None:
        return f"chance_{s.chance.kind}"
    if s.queue:
        return f"decision_{s.queue[0].kind}"
    if s.stage == "turn":
        return PHASES[s.turn.step]
    return s.stage


def two_in(w) -> bool:
    """At least two players are still in (with one left the game is over: ``bankruptcy.out``)."""
    left = 0
    for p in w.players:
        if not p.out:
            if left:
                return True
            left = 1
    return False


@lru_cache(maxsize=None)
def clockwise(n: int, start: int) -> tuple[int, ...]:
    """The ``n`` seats clockwise from ``start`` (``order.rounds_first_player``)."""
    return tuple((start + i) % n for i in range(n))


def seats_from(w, start: int) -> list[int]:
    players = w.players
    return [s for s in clockwise(len(players), start) if not players[s].out]


def eor_after(w, seat: int | None) -> list[int]:
    """Seats still in, in the order they sell and deposit at the end of the round, after ``seat``
    (all if ``None``).  Ambiguity ``end_round_order``: clockwise from the First Player
    (``from_first_player``, default: the turn order), or the reverse, from the player who played
    last, anticlockwise (``from_last_player``)."""
    order = clockwise(len(w.players), w.first_player)
    if w.config.end_round_order == "from_last_player":
        order = order[::-1]
    if seat is not None:
        order = order[order.index(seat) + 1:]
    return [s for s in order if not w.players[s].out]


def eor_order(w) -> list[int]:
    """:func:`eor_after` from the start: every seat still in, the first to sell first."""
    return eor_after(w, None)


def start_turn(w, seat: int) -> None:
    w.stage = "turn"
    w.turn = Turn(seat=seat)


def dice_count(p, config) -> int:
    """``phase1.roll_place``: one colour die; Faith adds one (``power_card.faith``): one for any
    number of Faith cards held, or one per Faith card (ambiguity ``faith_dice``)."""
    faiths = count_kind(p, None, "faith")
    if config.faith_dice == "per_card":
        return 1 + FAITH_EXTRA_DICE * faiths
    return 1 + (FAITH_EXTRA_DICE if faiths else 0)


def start_roll(w) -> None:
    """``phase1.roll_place``: roll the colour die (two with a Faith power: ``power_card.faith``)."""
    seat = w.turn.seat
    w.set_turn(choice="A", dice=(), military="", step="roll")
    w.chance = ChanceReq("die", dice_count(w.players[seat], w.config), seat=seat)
    w.resume = "rolled"


def start_phase2(w) -> None:
    """``phase2.reveal``: reveal one card per token placed; then take as many as were spent."""
    t, seat = w.turn, w.turn.seat
    if t.choice in ("A", "B") and (t.placed or t.spent):
        room = max(0, territory_limit(w, seat) - len(w.players[seat].hand))
        w.set_turn(step="phase2", to_take=min(t.spent, room))
        draw_cards(w, t.placed, "row", seat, "phase2_ready")
    else:
        w.set_turn(step="phase3")


def after_resolve(w) -> None:
    """After the phase-1 placement (and the buy): a second placement by rolling
    (``power_combo.military_faith``) or on to phase 2.  Not placing after that extra roll is free
    or fined like any roll (ambiguity ``combo_decline``)."""
    if w.turn.second_roll:
        w.set_turn(second_roll=False, free_decline=w.config.combo_decline == "free", buy_colour="")
        start_roll(w)
    else:
        start_phase2(w)


def after_place(w) -> None:
    """After a placement's attack: the offer to buy a Kingdom Power of the colour placed."""
    t = w.turn
    if t.choice == "A" and not t.bought and t.buy_colour and can_buy(w, t.seat, t.buy_colour):
        w.set_turn(step="buy")
    else:
        after_resolve(w)


def end_turn(w) -> None:
    """Next player clockwise, or the end of the round (``order.round_definition``)."""
    order = clockwise(len(w.players), w.first_player)
    rest = order[order.index(w.turn.seat) + 1:]
    for seat in rest:
        if not w.players[seat].out:
            start_turn(w, seat)
            return
    end_of_round(w)


def end_of_round(w) -> None:
    """``order.end_of_round_income``: sales first (``income.sell_power``), in the order of
    ambiguity ``end_round_order`` (:func:`eor_order`; turn order by default).

    Under the reading ``final_round_income=without_income`` (ambiguity ``rounding_notes``) the
    last round goes straight to the final count.
    """
    w.turn = None
    if (w.config.final_round_income == "without_income" and w.last_round
            and w.round >= w.last_round):
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "round_over", None, ("order.round_definition", "end.trigger_final_round"),
                 f"จบรอบสุดท้าย {w.round}: นับคะแนนโดยไม่รับรายได้ "
                 f"({ambiguity_ref('shadow_master', 'rounding_notes')[0]})",
                 f"last round {w.round} over: final count without income "
                 f"({ambiguity_ref('shadow_master', 'rounding_notes')[1]})",
                 round=w.round)
        game_over(w)
        return
    w.stage = "sell"
    seats = eor_order(w)   # ambiguity end_round_order
    w.eor_seat = seats[0] if seats else -1
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "round_over", None, ("order.round_definition", "order.end_of_round_income"),
             f"ทุกคนเล่นครบ จบรอบที่ {w.round}: เข้าสู่ขั้นตอนรับรายได้",
             f"everyone has played: round {w.round} ends with income", round=w.round)


def next_sell(w) -> None:
    later = eor_after(w, w.eor_seat)
    if later:
        w.eor_seat = later[0]
    else:
        do_income(w)


def do_income(w) -> None:
    """``income.rank_income``, ``income.tax``, ``castle.upkeep`` (payments may force sales).

    The upkeep is paid after the tax (ambiguity ``upkeep_timing=after_tax``, default) or before
    the round's income comes in (``before_income``)."""
    w.stage = "income"
    w.eor_seat = -1
    if w.config.upkeep_timing == "before_income":   # ambiguity upkeep_timing
        castles.upkeep(w)
    for seat in seats_from(w, w.first_player):
        parts = income_for(w, seat)
        total = sum(n for _, n in parts)
        if total:
            receive(w, seat, total)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "income", seat, ("income.rank_income", "rank.income", "rank.table_reference"),
                 f"รับรายได้ {total} Silver", f"receives {total} Silver income", amount=total,
                 parts=[[c, n] for c, n in parts])
    for seat in seats_from(w, w.first_player):
        taxed = set()
        for colour, kind in list(w.players[seat].powers):
            if kind != "tax" or kingdom_rank(w, colour) < TAX_RANK:
                continue
            if w.config.tax_count == "per_holder" and colour in taxed:   # ambiguity tax_count
                continue
            taxed.add(colour)
            for other in seats_from(w, w.first_player):
                n = cards_of(w.players[other], colour) if other != seat else 0
                if n and not w.players[seat].out:
                    charge(w, other, n, ("income.tax", "power_card.tax"),
                           f"ภาษีสี{w.board.colour_th[colour]} {n} ใบ ให้ผู้เล่น {seat + 1}",
                           f"{colour} tax on {n} card(s) to player {seat + 1}", to=seat)
    if w.config.upkeep_timing == "after_tax":
        castles.upkeep(w)
    w.resume = "deposits"


def next_deposit(w, start_after: int | None) -> None:
    """``income.cash_cap``: each player with more than 10 Silver in cash deposits the rest."""
    for seat in eor_after(w, start_after):   # ambiguity end_round_order
        p = w.players[seat]
        if p.cash <= CASH_LIMIT:
            continue
        if not deposit_options(w, seat):
            return_excess(w, seat)
            continue
        w.stage, w.eor_seat = "deposit", seat
        return
    round_end(w)


def round_end(w) -> None:
    """Pass the First Player on (``order.pass_first_player``); last round -> the final count."""
    update_flags(w)
    check_end(w)
    check_round_limit(w)   # ambiguity round_limit: after the text's own conditions
    for p in w.players:
        p.moved_money = p.sold = False
    w.cells_this_round = set()
    if (w.last_round and w.round >= w.last_round) or not two_in(w):   # at most one still in
        game_over(w)
        return
    if w.round >= w.config.round_cap():
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "round_cap", None, ("order.round_definition",),
                 f"ถึงจำนวนรอบสูงสุดที่เอนจินกำหนด ({w.config.round_cap()}) ไม่ใช่กติกา "
                 f"({ambiguity_ref('shadow_master', 'round_limit')[0]})",
                 f"engine safety stop after {w.config.round_cap()} rounds (not a rule; "
                 f"{ambiguity_ref('shadow_master', 'round_limit')[1]})")
        game_over(w)
        return
    nxt = seats_from(w, (w.first_player + 1) % len(w.players))
    w.first_player = nxt[0]
    w.round += 1
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "first_player", w.first_player, ("order.pass_first_player", "order.rounds_first_player"),
             f"รอบที่ {w.round}: ผู้เล่น {w.first_player + 1} ถือ First Player",
             f"round {w.round}: player {w.first_player + 1} holds First Player", round=w.round)
    start_turn(w, w.first_player)


RESUME = {
    "rolled": lambda w: w.set_turn(step="resolve"),
    "after_resolve": after_resolve,
    "after_place": after_place,
    "phase2_ready": lambda w: w.set_turn(step="phase2" if w.turn.to_take > 0 else "phase3"),
    "took_phase2": lambda w: w.set_turn(step="phase2" if w.turn.to_take > 0 else "phase3"),
    "took_phase3": lambda w: w.set_turn(step="phase3"),
    "next_sell": next_sell,
    "deposits": lambda w: next_deposit(w, None),
}


AUTO_KINDS = ("capture", "attack_from")
"""Queued steps that are no decision: run by :func:`settle_owed` when they reach the front of the
queue, after the decisions queued before them.  ``capture {colour}``: the castle capture check of
a placement, after its attack (ambiguity ``capture_timing=after_attack``); ``attack_from {cells,
colour}``: the attack of each cell Turncloak turned, in turn (``turncloak_attack=each_cell``)."""


def run_auto(w) -> None:
    """Run the automatic step at the front of the queue (:data:`AUTO_KINDS`)."""
    q = w.queue.pop(0)
    if q.kind == "capture":
        castles.capture_check(w, q.seat, q.get("colour"))
        return
    cells, colour = q.get("cells"), q.get("colour")
    before = len(w.queue)
    if w.position.colour_at(cells[0]) == colour:
        attack.start(w, q.seat, cells[0], colour)
    if len(cells) > 1:
        w.queue.insert(max(0, len(w.queue) - before), Pending("attack_from", q.seat, (("cells", tuple(cells[1:])),
                                                                                      ("colour", colour))))


def settle_owed(w) -> bool:
    """Decide the owed decisions that have no answer left; True when one was decided.

    An automatic step at the front of the queue (:data:`AUTO_KINDS`) is run.

    A forced sale (``bankruptcy.forced_sale``) queued for a player who no longer holds any
    Kingdom Power - the collapse of the same attack took the cards back
    (``collapse.powers_returned``) - has nothing to sell: ``bankruptcy.out`` decides, the player
    is out at once (issue 13: this state was stuck before)."""
    if w.queue[0].kind in AUTO_KINDS:
        run_auto(w)
        return True
    for q in w.queue:
        if q.kind == "forced_sale" and not w.players[q.seat].powers:
            eliminate(w, q.seat)
            return True
    return False


def advance(w) -> None:
    """Run automatic steps until a chance node, a decision or the end."""
    # (the attributes are read afresh at each pass: every step below may change any of them)
    for _ in range(10_000):
        stage = w.stage
        if stage == "over" or w.chance is not None:
            return
        if w.queue:
            if settle_owed(w):
                continue
            return
        if not two_in(w):
            game_over(w)
            return
        label = w.resume
        if label:
            w.resume = ""
            RESUME[label](w)
            continue
        if stage == "turn":
            t = w.turn
            if w.players[t.seat].out:
                end_turn(w)
                continue
            step = t.step
            if (step == "phase2" or step == "phase3_take") and not can_take(w, t.seat):
                w.set_turn(step="phase3", to_take=0)
                continue
            return
        if stage == "sell":
            if w.eor_seat < 0 or w.players[w.eor_seat].out:
                next_sell(w)
                continue
            return
        if stage == "deposit":
            p = w.players[w.eor_seat]
            if not p.out and p.cash > CASH_LIMIT and not deposit_options(w, w.eor_seat):
                return_excess(w, w.eor_seat)
            if p.out or p.cash <= CASH_LIMIT:
                next_deposit(w, w.eor_seat)
                continue
        return
    raise RuntimeError("advance did not settle")
