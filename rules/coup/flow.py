"""Whose turn it is and what comes next in เกมโค่นอำนาจ: the task runner, the end of a turn,
chance nodes, and one step handler per phase (:func:`step`).

Flow of a turn (setup.first_turn): the seat whose turn it is takes one action
(:func:`rules.coup.turn.declare`).  Income, coup and conversion resolve at once; a character
action opens the window to challenge its claim, then (steal, assassination) the block window,
then the window to challenge the block; foreign aid opens the block window directly
(:mod:`rules.coup.challenge`).  What remains to do is a queue of small tasks (``todo``) run by
:func:`run` until a seat must decide (a window, a proof, an influence loss, an exchange, an
examine, a faction) or chance must act (a shuffle; an examine pick under ``examine_pick=random``).

Every influence loss is the losing seat's action (which face-down card to turn up), even with
one card left; only an examine of a seat holding one kind of card shows it without a choice.

Chance nodes: ``{"chance": "shuffle", "order": [card names, top first]}`` (the whole deck after
the shuffle) or ``{"chance": "shuffle", "top": [names]}`` (those cards on top, the rest in their
order - handy in scenarios); ``{"chance": "examine_pick", "card": name}``.
"""
from __future__ import annotations

from ..core.events import emit, new_event
from typing import Mapping

from ..core.protocol import CHANCE, TERMINAL, IllegalAction, Transition
from . import challenge as C
from . import exchange as X
from . import reformation as RF
from . import turn as T
from .challenge import after_claim, pass_fast
from .turn import resolve
from .state import (BLOCK, CARD, CHAL, CHAL_BLOCK, CHANCE_NODE, EXAMINE, EXCHANGE, FACTION, I_ACT, I_BLOCKER,
                    I_BLOCK_CLAIM, I_CHALLENGER, I_CLAIMANT, I_COINS, I_CUR, I_DEADLOCK, I_DECK, I_EVENTS,
                    I_FORCED, I_HANDS, I_HIT, I_PHASE, I_POOL, I_RULES, I_SHOWN, I_START, I_TODO, I_TURN,
                    I_TURN_NO, I_WINDOW, END, LOSE, NAMES, OVER, PHASE_NAMES, PROVE, SHOW, TURN, CoupState, done,
                    draw, forget_peeks, lose, scratch, take_from_hand, to_deck)


# --- the task runner ------------------------------------------------------------------------
assert (I_TURN, I_TURN_NO, I_START, I_PHASE, I_CUR, I_WINDOW, I_ACT, I_FORCED, I_BLOCKER, I_BLOCK_CLAIM, I_CHALLENGER,
        I_CLAIMANT, I_TODO, I_POOL, I_SHOWN) == tuple(range(I_TURN, I_SHOWN + 1))  # end_turn's slice store


def run(w: list) -> None:
    """Run queued tasks until a seat or chance must act, or the game is over."""
    while w[I_TODO] and w[I_PHASE] != OVER:
        todo = w[I_TODO]
        task = todo[0]
        tag = task[0]
        if tag == "end":  # the most frequent task first
            w[I_TODO] = todo[1:]
            end_turn(w)
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
        if tag == "faction":  # ambiguity faction_choice = each_chooses: the next seat picks
            w[I_PHASE], w[I_CUR] = FACTION, task[1]
            return
        w[I_TODO] = todo[1:]
        if tag == "after_claim":
            if after_claim(w) or resolve(w):
                return
        elif tag == "resolve":
            if resolve(w):
                return
        elif tag == "ret":
            _, seat, cards, cites, known_to = task
            forget_peeks(w, seat)
            e = _ONCE.get(task)  # the task says everything its event says
            if e is None:
                e = _ONCE[task] = new_event(
                    "card_returned", seat, cites, f"ที่นั่ง {seat + 1} คืนการ์ด {len(cards)} ใบเข้ากอง",
                    f"seat {seat + 1} returns {len(cards)} card(s) to the deck", known_to,
                    {"seat": seat, "cards": [NAMES[c] for c in cards]})
            w[I_EVENTS].append(e)
            to_deck(w, cards, cites, seat, known_to)
        elif tag == "draw":
            draw(w, task[1], task[2], task[3])
        elif tag == "blocked":
            C.blocked(w)
            if w[I_ACT][0] == "assassinate" and w[I_RULES].refund == "whenever_not_resolved":
                T.refund(w)
            end_turn(w)
            return
        elif tag == "refund":
            T.refund(w)


_NO_WINDOW = frozenset()
_NO_ACT = ("", -1, -1)
_ONCE: dict = {}  # a "ret" task -> its card_returned event (built once)


def end_turn(w: list) -> None:
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
    start = w[I_COINS][nxt]
    # one slice store for the contiguous fields turn .. shown (their order: state.FIELDS)
    w[I_TURN:I_SHOWN + 1] = (nxt, w[I_TURN_NO] + 1, start, TURN, nxt, _NO_WINDOW, _NO_ACT, start >= R.forced_at,
                             -1, -1, -1, -1, (), (), -1)
    w[I_HIT] = ()
    if w[I_FORCED]:  # check_deadlock's own test, without the call in the common case
        check_deadlock(w)


def stuck(s, seat: int) -> bool:
    """Under one_faction=deadlock (Reformation): ``seat`` must coup and has no legal target
    (actions.coup_forced, reformation.same_faction).  ``s``: a state or scratch list."""
    R = s[I_RULES]
    if not (s[I_FORCED] and R.one_faction == "deadlock" and R.reformation):
        return False
    hands = s[I_HANDS]
    return not any(hands[t] and not RF.restricted_state(s, seat, t) for t in R.after[seat])


def check_deadlock(w: list) -> None:
    """A turn that must coup with no legal target stops the game with no winner (see
    :func:`stuck`): checked when a turn begins, and after the faction choice (the first turn
    may already be forced in a scenario)."""
    if not w[I_FORCED]:  # the common case, without a call
        return
    seat = w[I_TURN]
    if stuck(w, seat):
        w[I_DEADLOCK] = True
        w[I_PHASE], w[I_CUR] = OVER, TERMINAL
        emit(w[I_EVENTS], "deadlock", seat, ("actions.coup_forced", "reformation.same_faction"),
             f"ที่นั่ง {seat + 1} ต้องรัฐประหารแต่ทุกคนที่เหลือนับถือศาสนาเดียวกัน เกมเดินต่อไม่ได้ (จบโดยไม่มีผู้ชนะ)",
             f"seat {seat + 1} must coup but every living player shares its faction: deadlock, no winner", seat=seat,
             coins=w[I_START])


# --- chance -------------------------------------------------------------------------------------
def chance(state: CoupState, outcome: Mapping) -> Transition:
    """Apply a chance outcome (a shuffle, an examine pick); :class:`IllegalAction` otherwise."""
    task = state.todo[0] if state.todo else ("",)
    # a plain dict first: the ABC check of Mapping costs more than the rest of this line
    kind = outcome.get("chance") if type(outcome) is dict or isinstance(outcome, Mapping) else None
    w = scratch(state)
    if task[0] == "shuffle" and kind == "shuffle":
        _, cites, seat, cards, _known = task
        last = _last_shuffle
        if (outcome is last[1] and state is last[0] and len(outcome) == 2 and outcome.get("order") == last[2]):
            deck = last[3]  # the order sample_chance just drew for this very state, unchanged
        else:
            deck = shuffle_order(state.deck + cards, outcome)
        if seat >= 0:
            for c in cards:
                take_from_hand(w, seat, c)
        else:
            w[I_POOL] = ()
        w[I_DECK] = deck
        w[I_TODO] = w[I_TODO][1:]
        key = (cites, len(deck))
        e = _SHUFFLE_EV.get(key)
        if e is None:
            e = _SHUFFLE_EV[key] = new_event("shuffle", None, cites, "สับกองการ์ด", "the deck is shuffled", None,
                                             {"size": len(deck)})
        w[I_EVENTS].append(e)
    elif task[0] == "pick" and kind == "examine_pick":
        card = CARD.get(outcome.get("card"), -1) if isinstance(outcome.get("card"), str) else -1
        if card not in state.hands[task[1]]:
            raise IllegalAction("inquisitor.examine", "การ์ดที่สุ่มได้ต้องอยู่ในมือของผู้ถูกสอบสวน",
                                "the picked card must be in the examined seat's hand")
        w[I_TODO] = w[I_TODO][1:]
        X.shown(w, card)
    else:
        want = task[0] if task[0] in ("shuffle", "pick") else "a player action"
        raise IllegalAction("challenge.return_card", f"ต้องการผลสุ่มชนิด {want}",
                            f"expected a chance outcome of kind {want!r}, got {outcome!r}")
    run(w)
    return done(w)


_SHUFFLE_EV: dict = {}
_last_shuffle: tuple = (None, None, None, None)


def remember_shuffle(state: CoupState, outcome: dict, names: list, deck: tuple) -> None:
    """``sample_chance`` drew ``outcome`` (a whole-deck ``order``, ``names``) for ``state``: when
    that very dict comes back for that very state with the same names, :func:`chance` takes
    ``deck`` (its cards) without reading the names again (they are a shuffle of the right cards)."""
    global _last_shuffle
    _last_shuffle = (state, outcome, list(names), deck)  # one rebinding: a reader sees all or nothing


def shuffle_order(deck: tuple, outcome: Mapping) -> tuple:
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
def _edit(state: CoupState, edit, *args) -> Transition:
    """``edit(w, *args)`` on a scratch copy of ``state``, then the queued tasks, then freeze."""
    w = [*state, []]  # scratch(state), inlined: this runs at nearly every step
    edit(w, *args)
    todo = w[I_TODO]
    if todo and w[I_PHASE] != OVER:  # run()'s own loop test, without the call when nothing is queued
        if todo is END:  # only the end of the turn is queued: run()'s first branch, without its loop
            w[I_TODO] = ()
            end_turn(w)
        else:
            run(w)
    events = tuple(w.pop())  # done(w), inlined
    return _tuple_new(Transition, (_tuple_new(CoupState, w), events))


def edit1(state: CoupState, edit, arg) -> Transition:
    """``_edit(state, edit, arg)`` for the one-argument edits of the hot path (``apply`` calls it
    directly): no argument tuple to pack and unpack."""
    w = [*state, []]
    edit(w, arg)
    todo = w[I_TODO]
    if todo and w[I_PHASE] != OVER:
        if todo is END:  # as in _edit: the turn ends
            w[I_TODO] = ()
            end_turn(w)
        else:
            run(w)
    events = tuple(w.pop())  # done(w), inlined
    return _tuple_new(Transition, (_tuple_new(CoupState, w), events))


_tuple_new = tuple.__new__


def _step_turn(state: CoupState, a: dict) -> Transition:
    return _edit(state, T.declare, a)


def _step_window(state: CoupState, a: dict) -> Transition:
    """A reaction window (challenge of the claim, block, challenge of the block): pass,
    challenge or block."""
    p = a["player"]
    kind = a["type"]
    if kind == "pass":
        window = state.window - {p}
        if window:  # hot path: the window stays open
            return pass_fast(state, p, window)
        return _edit(state, C.on_pass, p)
    if kind == "challenge":
        return _edit(state, C.on_challenge, p)
    return _edit(state, C.on_block, p, CARD[a["character"]])


def _step_prove(state: CoupState, a: dict) -> Transition:
    if a["type"] == "prove":
        return _edit(state, C.on_prove)
    return _edit(state, C.on_fail, CARD[a["card"]])


def lose_choice(w: list, card: int) -> None:
    """The seat asked to lose an influence (the first queued ``lose`` task) turns ``card`` up."""
    task = w[I_TODO][0]
    w[I_TODO] = w[I_TODO][1:]
    lose(w, task[1], card, task[2], task[3])


def _step_lose(state: CoupState, a: dict) -> Transition:
    return _edit(state, lose_choice, CARD[a["card"]])


def _step_exchange(state: CoupState, a: dict) -> Transition:
    return _edit(state, X.exchange_return, tuple(map(CARD.__getitem__, a["return"])))


def _step_show(state: CoupState, a: dict) -> Transition:
    return _edit(state, X.shown, CARD[a["card"]])


def _step_examine(state: CoupState, a: dict) -> Transition:
    return _edit(state, X.examine_decide, a["type"] == "force_exchange")


def _choose_faction(w: list, seat: int, faction: int) -> None:
    """reformation.factions: the first player picks and the others alternate, or (ambiguity
    faction_choice = each_chooses) each seat picks in turn, clockwise from the first."""
    if w[I_RULES].each_chooses:
        todo = w[I_TODO]
        if todo and todo[0][0] == "faction":
            w[I_TODO] = todo[1:]
        else:  # the first player's pick: the others are asked next, clockwise
            w[I_TODO] = tuple(("faction", s) for s in w[I_RULES].after[seat])
        RF.pick_faction(w, seat, faction)
        if w[I_TODO]:
            return
    else:
        RF.choose_faction(w, seat, faction)
    w[I_PHASE], w[I_CUR] = TURN, w[I_TURN]
    check_deadlock(w)


def _step_faction(state: CoupState, a: dict) -> Transition:
    return _edit(state, _choose_faction, a["player"], a["faction"])


_STEP = {FACTION: _step_faction, TURN: _step_turn, CHAL: _step_window, BLOCK: _step_window,
         CHAL_BLOCK: _step_window, PROVE: _step_prove, LOSE: _step_lose, EXCHANGE: _step_exchange,
         SHOW: _step_show, EXAMINE: _step_examine}
STEP = tuple(_STEP.get(ph) for ph in range(len(PHASE_NAMES)))
"""``STEP[phase](state, action) -> Transition`` for a legal player action."""

__all__ = ["run", "end_turn", "check_deadlock", "stuck", "chance", "shuffle_order", "STEP"]
