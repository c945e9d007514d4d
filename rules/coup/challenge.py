"""Claims, challenges and blocks: the reaction windows of เกมโค่นอำนาจ.

Order within a turn (ambiguity window_order; default claim_then_block, as in issue 3): the window
to challenge the action's character claim, then the block window, then the window to challenge the
block; under one_window a seat that may block does so in the claim's window already (and a proven
claim then takes effect with no block window).  A window is ``current_player`` = the
frozenset of seats that may still answer; each answers ``pass`` or reacts.  The first reaction
applied closes the window (ambiguity reaction_order, reading ``first_to_act``); under
``seat_order`` only the first unanswered seat clockwise from the actor is asked at a time.  When
every seat has passed the window closes with no reaction.

Clauses: challenge.bluff, challenge.prove, challenge.challenger_loses, challenge.return_card,
challenge.draw_new, challenge.fail, details.block_may_lie, details.proven_continues,
details.challenge_others, details.block_optional, reformation.embezzle_concede,
reformation.embezzle_prove.
"""
from __future__ import annotations

from ..core.events import emit, new_event
from ..core.protocol import Transition
from .reformation import restricted_state
from .state import (ACTION_CLAUSE, BLOCK, CHAL, CHAL_BLOCK, CONTESSA, I_ACT, I_FACTION, I_BLOCKER, I_BLOCK_CLAIM,
                    I_CHALLENGER, I_CLAIMANT, I_CUR, I_EVENTS, I_HANDS, I_PHASE, I_RULES, I_TODO, I_TURN,
                    I_WINDOW, END, NAMES, PROVE, SEATS_MAX, TH, add_claim, CoupState, living_after, lose)

BLOCK_TX = tuple(tuple((f"ที่นั่ง {s + 1} อ้าง{TH[c]}เพื่อยับยั้ง", f"seat {s + 1} claims the {NAMES[c]} to block")
                      for c in range(len(NAMES))) for s in range(SEATS_MAX))
FAIL_TX = tuple((f"ที่นั่ง {s + 1} พิสูจน์ไม่ได้ การกระทำล้มเหลว", f"seat {s + 1} does not prove the claim; the action fails")
                for s in range(SEATS_MAX))



# --- what a window is about, in words (event texts and rules.coup.actions.describe_action) --------
def action_phrase(kind: str, target: int) -> tuple[str, str]:
    """``(th, en)`` of a turn action with its target: "steal from seat 2"."""
    if kind == "tax":
        return "เก็บภาษี", "tax"
    if kind == "steal":
        return f"ขโมยเงินจากที่นั่ง {target + 1}", f"steal from seat {target + 1}"
    if kind == "assassinate":
        return f"ลอบสังหารที่นั่ง {target + 1}", f"assassination of seat {target + 1}"
    if kind == "exchange":
        return "แลกเปลี่ยน", "exchange"
    if kind == "examine":
        return f"สอบสวนที่นั่ง {target + 1}", f"examine of seat {target + 1}"
    if kind == "foreign_aid":
        return "ขอความช่วยเหลือจากภายนอก", "foreign aid"
    if kind == "embezzle":
        return "ยักยอก", "embezzlement"
    return kind, kind


def claim_phrase(s, own: bool = False) -> tuple[str, str]:
    """``(th, en)`` of the claim a challenge window (``s``: a state or scratch list) is about:
    "seat 1's Captain claim (steal from seat 2)", or the block "seat 2's Captain block (of seat
    1's steal from seat 2)", or an embezzler's "no peacock".  ``own``: said by the claimant itself
    ("seat 2: do not prove its Duke block", not "seat 2: ... seat 2's Duke block")."""
    kind, t, claim = s[I_ACT]
    turn = s[I_TURN]
    ath, aen = action_phrase(kind, t)
    if s[I_BLOCKER] >= 0:
        b, c = s[I_BLOCKER], s[I_BLOCK_CLAIM]
        who_th, who_en = ("ตน", "its") if own else (f"ที่นั่ง {b + 1}", f"seat {b + 1}'s")
        return (f"การยับยั้งด้วย{TH[c]}ของ{who_th} (ต่อการ{ath} ของที่นั่ง {turn + 1})",
                f"{who_en} {NAMES[c].capitalize()} block (of seat {turn + 1}'s {aen})")
    who_th, who_en = ("ตน", "its") if own else (f"ที่นั่ง {turn + 1}", f"seat {turn + 1}'s")
    if kind == "embezzle":
        return (f"คำประกาศของ{who_th} ว่าไม่มีนกยูง (ยักยอก)",
                f"{who_en} claim of no peacock (Duke) to embezzle")
    return (f"การอ้าง{TH[claim]}ของ{who_th} ({ath})",
            f"{who_en} {NAMES[claim].capitalize()} claim ({aen})")


_PASS_TX: dict = {}


def pass_tx(s, seat: int) -> tuple[str, str]:
    """``(th, en)`` of ``seat`` passing in the open window of ``s``: on what it passes (the
    challenge of whose claim, the block of what); cached by what it depends on."""
    ph = s[I_PHASE]
    key = (seat, ph, s[I_TURN], s[I_ACT], s[I_BLOCKER], s[I_BLOCK_CLAIM])
    tx = _PASS_TX.get(key)
    if tx is None:
        if ph == BLOCK:
            kind, t, _ = s[I_ACT]
            ath, aen = action_phrase(kind, t)
            tx = (f"ที่นั่ง {seat + 1} ผ่าน: ไม่ยับยั้งการ{ath} ของที่นั่ง {s[I_TURN] + 1}",
                  f"seat {seat + 1} passes: does not block seat {s[I_TURN] + 1}'s {aen}")
        else:
            cth, cen = claim_phrase(s)
            tx = (f"ที่นั่ง {seat + 1} ผ่าน: ไม่ท้าทาย{cth}", f"seat {seat + 1} passes: does not challenge {cen}")
        _PASS_TX[key] = tx
    return tx


# --- the windows -------------------------------------------------------------------------------
def window_cur(w: list) -> frozenset:
    """Seats asked now: the whole window, or (seat_order) the first clockwise from the actor."""
    if not w[I_RULES].seat_order:
        return w[I_WINDOW]
    for s in w[I_RULES].after[w[I_TURN]] + (w[I_TURN],):
        if s in w[I_WINDOW]:
            return frozenset((s,))
    return frozenset()


def reaction_order(s) -> list[int]:
    """The seats of the open window (``s``: a state or scratch list) in the order they are
    asked: clockwise from the seat whose turn it is (ambiguity reaction_order).  Under
    ``seat_order`` only the first is asked now (``current_player``); under ``first_to_act``
    all are, and this is the order that settles reactions made at once.  ``[]`` outside a
    window."""
    window = s[I_WINDOW]
    if not window:
        return []
    turn = s[I_TURN]
    return [t for t in s[I_RULES].after[turn] + (turn,) if t in window]


def open_window(w: list, phase: int, seats) -> None:
    w[I_PHASE] = phase
    w[I_WINDOW] = window = frozenset(seats)
    w[I_CUR] = window_cur(w) if w[I_RULES].seat_order else window  # window_cur's own test, without the call


def block_seats(w: list) -> list[int]:
    """Seats that may block this turn's action (ambiguity who_blocks; reformation.same_faction)."""
    kind, t, _ = w[I_ACT]
    actor = w[I_TURN]
    if kind == "foreign_aid" or not w[I_RULES].target_only:
        if not w[I_FACTION]:  # no factions (no Reformation): nobody is restricted (reformation.same_faction)
            return living_after(w, actor)
        return [s for s in living_after(w, actor) if not restricted_state(w, actor, s)]
    return [t] if w[I_HANDS][t] and not restricted_state(w, actor, t) else []


_PASS_CHALLENGE = ("challenge.bluff",)


def _pass_block_cites(kind: str) -> tuple:
    """What a pass in the block window of a ``kind`` action cites: the action's clause, which
    says who may block it (the Contessa's own clause too for an assassination), and
    details.block_optional (blocking is never compulsory) - the clauses a block cites, so the
    line does not name only the section heading of details.*."""
    cites = (ACTION_CLAUSE[kind], "details.block_optional")
    return cites + ("characters.contessa_block",) if kind == "assassinate" else cites


def pass_fast(state: CoupState, p: int, window: frozenset):
    """A pass that leaves the window open: the same Transition as :func:`on_pass`, cheaper (the
    hot path of a random game)."""
    fields = list(state)
    fields[I_WINDOW] = window
    turn = state[I_TURN]
    R = state[I_RULES]
    if R.seat_order:
        for s in R.after[turn] + (turn,):
            if s in window:
                break
        fields[I_CUR] = frozenset((s,))
    else:
        fields[I_CUR] = window
    key = (p, state[I_PHASE], turn, state[I_ACT], state[I_BLOCKER], state[I_BLOCK_CLAIM])
    e = _PASS_EV.get(key)
    if e is None:
        e = _pass_event(state, p, key)
    return _tuple_new(Transition, (_tuple_new(CoupState, fields), (e,)))  # make_transition, without the call


_PASS_EV: dict = {}
_tuple_new = tuple.__new__


def _pass_event(s, seat: int, key: tuple):
    """The ``pass`` event of ``seat`` in the open window of ``s`` (built once per ``key``: what
    its texts depend on)."""
    th, en = pass_tx(s, seat)
    if s[I_PHASE] == BLOCK:
        e = new_event("pass", seat, _pass_block_cites(s[I_ACT][0]), th, en, None, {"window": "block"})
    else:
        e = new_event("pass", seat, _PASS_CHALLENGE, th, en, None, {"window": "challenge"})
    _PASS_EV[key] = e
    return e


def on_pass(w: list, seat: int) -> None:
    """``seat`` lets the claim or action stand (challenge.bluff; for blocks :func:`_pass_block_cites`)."""
    ph = w[I_PHASE]
    key = (seat, ph, w[I_TURN], w[I_ACT], w[I_BLOCKER], w[I_BLOCK_CLAIM])
    w[I_EVENTS].append(_PASS_EV.get(key) or _pass_event(w, seat, key))
    w[I_WINDOW] = window = w[I_WINDOW] - {seat}
    if window:
        w[I_CUR] = window_cur(w) if w[I_RULES].seat_order else window  # window_cur's own test, without the call
        return
    w[I_CUR] = frozenset()
    if ph == CHAL:
        w[I_TODO] = (("after_claim",),)
    elif ph == BLOCK:
        w[I_TODO] = (("resolve",),)
    else:
        w[I_TODO] = (("blocked",),)


def _claimed(w: list) -> int:
    return w[I_BLOCK_CLAIM] if w[I_BLOCKER] >= 0 else w[I_ACT][2]


_CHALLENGE_TX: dict = {}


def challenge_tx(s, seat: int) -> tuple[str, str]:
    """``(th, en)`` of ``seat`` challenging the open claim of ``s`` (cached)."""
    key = (seat, s[I_PHASE], s[I_TURN], s[I_ACT], s[I_BLOCKER], s[I_BLOCK_CLAIM])
    tx = _CHALLENGE_TX.get(key)
    if tx is None:
        cth, cen = claim_phrase(s)
        tx = _CHALLENGE_TX[key] = (f"ที่นั่ง {seat + 1} ท้าทาย{cth}", f"seat {seat + 1} challenges {cen}")
    return tx


_BLUFF = ("challenge.bluff",)
_BLUFF_OTHERS = ("challenge.bluff", "details.challenge_others")


_CHALLENGE_EV: dict = {}


def challenge_fast(state: CoupState, seat: int):
    """``seat``'s challenge when its event is known and no task is queued (nearly always): the
    Transition :func:`on_challenge` gives through ``flow.edit1``, built straight from ``state``
    (as :func:`pass_fast` builds a pass); ``None`` otherwise (the caller takes the general path)."""
    ph = state[I_PHASE]
    e = _CHALLENGE_EV.get((seat, ph, state[I_TURN], state[I_ACT], state[I_BLOCKER], state[I_BLOCK_CLAIM]))
    if e is None or state[I_TODO]:
        return None
    fields = list(state)
    claimant = state[I_BLOCKER] if ph == CHAL_BLOCK else state[I_TURN]  # on_challenge's branch for a known event
    fields[I_CHALLENGER] = seat
    fields[I_CLAIMANT] = claimant
    fields[I_WINDOW] = _NO_WINDOW
    fields[I_PHASE] = PROVE
    fields[I_CUR] = claimant
    return _tuple_new(Transition, (_tuple_new(CoupState, fields), (e,)))


def on_challenge(w: list, seat: int) -> None:
    """``seat`` challenges the open claim (challenge.bluff; details.challenge_others when it is a
    quarrel between two other players)."""
    key = (seat, w[I_PHASE], w[I_TURN], w[I_ACT], w[I_BLOCKER], w[I_BLOCK_CLAIM])
    e = _CHALLENGE_EV.get(key)
    if e is not None:  # the same event as last time; the state is worked out from the state, not read off it
        claimant = w[I_BLOCKER] if w[I_PHASE] == CHAL_BLOCK else w[I_TURN]
        w[I_CHALLENGER], w[I_CLAIMANT] = seat, claimant
        w[I_WINDOW] = _NO_WINDOW
        w[I_PHASE], w[I_CUR] = PROVE, claimant
        w[I_EVENTS].append(e)
        return
    act = w[I_ACT]
    turn = w[I_TURN]
    block = w[I_PHASE] == CHAL_BLOCK
    if block:
        claimant = w[I_BLOCKER]
        cites = _BLUFF if seat == turn or seat == claimant else _BLUFF_OTHERS
    else:
        claimant = turn
        cites = _BLUFF if act[1] < 0 or seat == turn or seat == act[1] else _BLUFF_OTHERS
    if act[0] == "embezzle" and not block:
        cites += ("reformation.embezzle",)
    tx = challenge_tx(w, seat)
    e = _CHALLENGE_EV[key] = new_event("challenge", seat, cites, tx[0], tx[1], None,
                                       {"claimant": claimant, "block": block})
    w[I_CHALLENGER], w[I_CLAIMANT] = seat, claimant
    w[I_WINDOW] = _NO_WINDOW
    w[I_PHASE], w[I_CUR] = PROVE, claimant
    w[I_EVENTS].append(e)


_NO_WINDOW = frozenset()


_BLOCK_EV: dict = {}


def on_block(w: list, seat: int, card: int) -> None:
    """``seat`` claims ``card`` to block (may be a lie: details.block_may_lie); opens the window to
    challenge the block for every other living seat, the actor included."""
    kind = w[I_ACT][0]
    w[I_BLOCKER], w[I_BLOCK_CLAIM] = seat, card
    add_claim(w, seat, card)
    cites = (ACTION_CLAUSE[kind], "details.block_may_lie")
    if card == CONTESSA:
        cites += ("characters.contessa_block",)
    key = (seat, card, kind)
    e = _BLOCK_EV.get(key)
    if e is None:
        th, en = BLOCK_TX[seat][card]
        e = _BLOCK_EV[key] = new_event("block", seat, cites, th, en, None, {"character": NAMES[card], "action": kind})
    w[I_EVENTS].append(e)
    open_window(w, CHAL_BLOCK, living_after(w, seat))


def on_prove(w: list) -> None:
    """The challenged seat shows the claimed card (challenge.prove): the challenger loses an
    influence of their choice (challenge.challenger_loses), the card goes back to the deck
    (challenge.return_card; ambiguity proof_shuffle), the prover draws a new one
    (challenge.draw_new) and the action goes on (details.proven_continues) - or, for a block,
    the block stands.  For an embezzle, both cards are shown to prove there is no peacock, both
    go back and two are drawn (reformation.embezzle_prove)."""
    p, ch = w[I_CLAIMANT], w[I_CHALLENGER]
    block = w[I_BLOCKER] >= 0
    if w[I_ACT][0] == "embezzle" and not block:
        hand = w[I_HANDS][p]
        emit(w[I_EVENTS], "claim_proven", p, ("reformation.embezzle_prove", "challenge.prove"),
             f"ที่นั่ง {p + 1} เปิดไพ่ทั้งหมดให้ดู พิสูจน์ว่าไม่มีนกยูง", f"seat {p + 1} shows every card: no peacock",
             hand=[NAMES[c] for c in hand], embezzle=True)
        lose = (("lose", ch, ("challenge.challenger_loses", "reformation.other_rules_same"), False),) \
            if w[I_RULES].embezzle_challenger_loses else ()
        w[I_TODO] = lose + (("ret", p, hand, ("reformation.embezzle_prove",), None),
                         ("draw", p, len(hand), ("reformation.embezzle_prove", "challenge.draw_new")),
                         ("resolve",))
        return
    card = _claimed(w)
    cites = ("challenge.prove",) if block else ("challenge.prove", "details.proven_continues")
    key = (p, card, block)
    e = _PROVEN_EV.get(key)
    if e is None:
        e = _PROVEN_EV[key] = new_event("claim_proven", p, cites, f"ที่นั่ง {p + 1} เปิด{TH[card]}ให้ทุกคนดู พิสูจน์สำเร็จ",
                                        f"seat {p + 1} shows the {NAMES[card]}: proven", None,
                                        {"card": NAMES[card], "block": block})
    w[I_EVENTS].append(e)
    w[I_TODO] = (("lose", ch, ("challenge.challenger_loses",), False),
                 ("ret", p, (card,), ("challenge.return_card",), None),
                 ("draw", p, 1, ("challenge.draw_new",)),
                 ("blocked",) if block else ("after_claim",))


_FAIL_CITES = ("challenge.fail",)
_BLOCK_FAIL_EV = tuple(new_event("claim_failed", p, ("challenge.fail", "details.block_may_lie"),
                                 f"ที่นั่ง {p + 1} พิสูจน์การยับยั้งไม่ได้", f"seat {p + 1} does not prove the block", None,
                                 {"block": True}) for p in range(SEATS_MAX))
"""Seat ``p``'s failed block (challenge.fail, details.block_may_lie): the same event every time."""
_PROVEN_EV: dict = {}  # (seat, card, block) -> claim_proven event
_FAIL_EV: dict = {}


def on_fail(w: list, card: int) -> None:
    """The challenged seat does not (or cannot) prove and loses ``card`` (challenge.fail): the
    claim fails.  A failed block lets the action go on; a failed action claim ends the turn
    (with the assassin refund of ambiguity assassin_refund).  An embezzler who concedes says
    "there is a peacock", loses an influence without showing the hand, and the coins stay on
    the almshouse (reformation.embezzle_concede; ambiguity concede_loss)."""
    p = w[I_CLAIMANT]
    block = w[I_BLOCKER] >= 0
    if block:
        w[I_EVENTS].append(_BLOCK_FAIL_EV[p])
        w[I_TODO] = (("resolve",),)
        lose(w, p, card, ("challenge.fail",))
        return
    kind = w[I_ACT][0]
    if kind == "embezzle":
        emit(w[I_EVENTS], "claim_failed", p, ("reformation.embezzle_concede",),
             f'ที่นั่ง {p + 1} ประกาศว่า "มีนกยูงอยู่" เงินยังอยู่ที่ที่พักพิง',
             f'seat {p + 1} says "there is a peacock"; the coins stay on the almshouse', embezzle=True)
        w[I_TODO] = END
        lose(w, p, card, ("reformation.embezzle_concede",), face_down=w[I_RULES].concede_face_down)
        return
    key = (p, w[I_ACT][2])
    e = _FAIL_EV.get(key)
    if e is None:
        th, en = FAIL_TX[p]
        e = _FAIL_EV[key] = new_event("claim_failed", p, _FAIL_CITES, th, en, None, {"card": NAMES[key[1]]})
    w[I_EVENTS].append(e)
    w[I_TODO] = (("refund",), ("end",)) if kind == "assassinate" and w[I_RULES].refund != "never" else END
    lose(w, p, card, ("challenge.fail",))


def early_blockers(s) -> list[int]:
    """Under window_order = one_window: the seats that may block in the window to challenge the
    claim (a steal or an assassination; who may block: ambiguity who_blocks, reformation.same_faction);
    ``[]`` otherwise."""
    if not s[I_RULES].one_window or s[I_PHASE] != CHAL or s[I_ACT][0] not in ("steal", "assassinate"):
        return []
    return block_seats(s)


def after_claim(w: list) -> bool:
    """The action's claim stands: open the block window when the action can be blocked and
    someone may block it (under window_order = one_window blocks came in the claim's window:
    none now); returns True when a window opened (else the action resolves)."""
    kind, t, _ = w[I_ACT]
    if kind in ("steal", "assassinate") and not w[I_RULES].one_window:  # ambiguity window_order
        if not w[I_HANDS][t]:
            return False  # the target is out: resolve() applies ambiguity gone_target
        seats = block_seats(w)
        if seats:
            open_window(w, BLOCK, seats)
            return True
    return False


def blocked(w: list) -> None:
    """The block stands: the action has no effect (actions.foreign_aid, characters.*)."""
    kind = w[I_ACT][0]
    cites = (ACTION_CLAUSE[kind],)
    if w[I_BLOCK_CLAIM] == CONTESSA:
        cites += ("characters.contessa_block",)
    target = w[I_ACT][1]
    key = (w[I_BLOCKER], w[I_TURN], kind, target, w[I_BLOCK_CLAIM])
    e = _BLOCKED_EV.get(key)
    if e is None:
        ath, aen = action_phrase(kind, target)  # words, not the action's id ("foreign_aid")
        e = _BLOCKED_EV[key] = new_event("blocked", w[I_BLOCKER], cites, f"การ{ath} ของที่นั่ง {w[I_TURN] + 1} ถูกยับยั้ง",
                                         f"seat {w[I_TURN] + 1}'s {aen} is blocked", None,
                                         {"action": kind, "character": NAMES[w[I_BLOCK_CLAIM]]})
    w[I_EVENTS].append(e)


_BLOCKED_EV: dict = {}  # (blocker, turn seat, action, character) -> blocked event


__all__ = ["open_window", "on_pass", "pass_fast", "challenge_fast", "pass_tx", "challenge_tx", "claim_phrase", "action_phrase",
           "reaction_order", "on_challenge", "on_block", "on_prove", "on_fail", "after_claim",
           "blocked", "block_seats", "window_cur"]
