"""Claims, challenges and blocks: the reaction windows of เกมโค่นอำนาจ.

Order within a turn (issue 3): the window to challenge the action's character claim, then the
block window, then the window to challenge the block.  A window is ``current_player`` = the
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

from .reformation import restricted_state
from .state import (ACTION_CLAUSE, BLOCK, CHAL, CHAL_BLOCK, CONTESSA, I_ACT, I_BLOCK_CLAIM, I_BLOCKER,
                    I_CHALLENGER, I_CLAIMANT, I_CUR, I_HANDS, I_PHASE, I_RULES, I_TODO, I_TURN, I_WINDOW, NAMES,
                    PASS_TX, PROVE, SEATS_MAX, TH, add_claim, ev, living_after, lose)

BLOCK_TX = tuple(tuple((f"ที่นั่ง {s} อ้าง{TH[c]}เพื่อยับยั้ง", f"seat {s} claims the {NAMES[c]} to block")
                      for c in range(len(NAMES))) for s in range(SEATS_MAX))
FAIL_TX = tuple((f"ที่นั่ง {s} พิสูจน์ไม่ได้ การกระทำล้มเหลว", f"seat {s} does not prove the claim; the action fails")
                for s in range(SEATS_MAX))

CHALLENGE_CLAIM = {"tax": "ภาษี", "steal": "ขโมย", "assassinate": "ลอบสังหาร", "exchange": "แลกเปลี่ยน",
                   "examine": "สอบสวน", "embezzle": "ยักยอก"}


def window_cur(w: list) -> frozenset:
    """Seats asked now: the whole window, or (seat_order) the first clockwise from the actor."""
    if not w[I_RULES].seat_order:
        return w[I_WINDOW]
    for s in w[I_RULES].after[w[I_TURN]] + (w[I_TURN],):
        if s in w[I_WINDOW]:
            return frozenset((s,))
    return frozenset()


def open_window(w: list, phase: int, seats) -> None:
    w[I_PHASE] = phase
    w[I_WINDOW] = frozenset(seats)
    w[I_CUR] = window_cur(w)


def block_seats(w: list) -> list[int]:
    """Seats that may block this turn's action (ambiguity who_blocks; reformation.same_faction)."""
    kind, t, _ = w[I_ACT]
    actor = w[I_TURN]
    if kind == "foreign_aid" or not w[I_RULES].target_only:
        return [s for s in living_after(w, actor) if not restricted_state(w, actor, s)]
    return [t] if w[I_HANDS][t] and not restricted_state(w, actor, t) else []


def on_pass(w: list, seat: int) -> None:
    """``seat`` lets the claim or action stand (details.block_optional for blocks)."""
    ph = w[I_PHASE]
    ev(w, "pass", seat, {"window": "block" if ph == BLOCK else "challenge"},
       ("details.block_optional",) if ph == BLOCK else ("challenge.bluff",), *PASS_TX[seat])
    w[I_WINDOW] = w[I_WINDOW] - {seat}
    if w[I_WINDOW]:
        w[I_CUR] = window_cur(w)
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


_PEACOCK = len(NAMES)  # the "what" of an embezzler's claim that there is no peacock (Duke)
CHALLENGE_TX = tuple(tuple(tuple(
    (f"ที่นั่ง {s} ท้าทายที่นั่ง {c} " + (f"ว่ามี{TH[k]}" if k < _PEACOCK else "ว่าไม่มีนกยูง"),
     f"seat {s} challenges seat {c}'s " + (f"the {NAMES[k]} claim" if k < _PEACOCK else "the claim of no peacock (Duke)"))
    for k in range(_PEACOCK + 1)) for c in range(SEATS_MAX)) for s in range(SEATS_MAX))
"""``CHALLENGE_TX[challenger][claimant][card or _PEACOCK]``: the texts of a challenge event."""
_BLUFF = ("challenge.bluff",)
_BLUFF_OTHERS = ("challenge.bluff", "details.challenge_others")


def on_challenge(w: list, seat: int) -> None:
    """``seat`` challenges the open claim (challenge.bluff; details.challenge_others when it is a
    quarrel between two other players)."""
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
        what = _PEACOCK
        cites += ("reformation.embezzle",)
    else:
        what = _claimed(w)
    w[I_CHALLENGER], w[I_CLAIMANT] = seat, claimant
    w[I_WINDOW] = frozenset()
    w[I_PHASE], w[I_CUR] = PROVE, claimant
    ev(w, "challenge", seat, {"claimant": claimant, "block": block}, cites, *CHALLENGE_TX[seat][claimant][what])


def on_block(w: list, seat: int, card: int) -> None:
    """``seat`` claims ``card`` to block (may be a lie: details.block_may_lie); opens the window to
    challenge the block for every other living seat, the actor included."""
    kind = w[I_ACT][0]
    w[I_BLOCKER], w[I_BLOCK_CLAIM] = seat, card
    add_claim(w, seat, card)
    cites = (ACTION_CLAUSE[kind], "details.block_may_lie")
    if card == CONTESSA:
        cites += ("characters.contessa_block",)
    ev(w, "block", seat, {"character": NAMES[card], "action": kind}, cites, *BLOCK_TX[seat][card])
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
        ev(w, "claim_proven", p, {"hand": [NAMES[c] for c in hand], "embezzle": True},
           ("reformation.embezzle_prove", "challenge.prove"),
           f"ที่นั่ง {p} เปิดไพ่ทั้งหมดให้ดู พิสูจน์ว่าไม่มีนกยูง", f"seat {p} shows every card: no peacock")
        lose = (("lose", ch, ("challenge.challenger_loses", "reformation.other_rules_same"), False),) \
            if w[I_RULES].embezzle_challenger_loses else ()
        w[I_TODO] = lose + (("ret", p, hand, ("reformation.embezzle_prove",), None),
                         ("draw", p, len(hand), ("reformation.embezzle_prove", "challenge.draw_new")),
                         ("resolve",))
        return
    card = _claimed(w)
    cites = ("challenge.prove",) if block else ("challenge.prove", "details.proven_continues")
    ev(w, "claim_proven", p, {"card": NAMES[card], "block": block}, cites,
       f"ที่นั่ง {p} เปิด{TH[card]}ให้ทุกคนดู พิสูจน์สำเร็จ", f"seat {p} shows the {NAMES[card]}: proven")
    w[I_TODO] = (("lose", ch, ("challenge.challenger_loses",), False),
                 ("ret", p, (card,), ("challenge.return_card",), None),
                 ("draw", p, 1, ("challenge.draw_new",)),
                 ("blocked",) if block else ("after_claim",))


def on_fail(w: list, card: int) -> None:
    """The challenged seat does not (or cannot) prove and loses ``card`` (challenge.fail): the
    claim fails.  A failed block lets the action go on; a failed action claim ends the turn
    (with the assassin refund of ambiguity assassin_refund).  An embezzler who concedes says
    "there is a peacock", loses an influence without showing the hand, and the coins stay on
    the almshouse (reformation.embezzle_concede; ambiguity concede_loss)."""
    p = w[I_CLAIMANT]
    block = w[I_BLOCKER] >= 0
    if block:
        ev(w, "claim_failed", p, {"block": True}, ("challenge.fail", "details.block_may_lie"),
           f"ที่นั่ง {p} พิสูจน์การยับยั้งไม่ได้", f"seat {p} does not prove the block")
        w[I_TODO] = (("resolve",),)
        lose(w, p, card, ("challenge.fail",))
        return
    kind = w[I_ACT][0]
    if kind == "embezzle":
        ev(w, "claim_failed", p, {"embezzle": True}, ("reformation.embezzle_concede",),
           f'ที่นั่ง {p} ประกาศว่า "มีนกยูงอยู่" เงินยังอยู่ที่ที่พักพิง',
           f'seat {p} says "there is a peacock"; the coins stay on the almshouse')
        w[I_TODO] = (("end",),)
        lose(w, p, card, ("reformation.embezzle_concede",), face_down=w[I_RULES].concede_face_down)
        return
    ev(w, "claim_failed", p, {"card": NAMES[w[I_ACT][2]]}, ("challenge.fail",), *FAIL_TX[p])
    w[I_TODO] = (("refund",), ("end",)) if kind == "assassinate" and w[I_RULES].refund != "never" else (("end",),)
    lose(w, p, card, ("challenge.fail",))


def after_claim(w: list) -> bool:
    """The action's claim stands: open the block window when the action can be blocked and
    someone may block it; returns True when a window opened (else the action resolves)."""
    kind, t, _ = w[I_ACT]
    if kind in ("steal", "assassinate"):
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
    ev(w, "blocked", w[I_BLOCKER], {"action": kind, "character": NAMES[w[I_BLOCK_CLAIM]]}, cites,
       f"การกระทำของที่นั่ง {w[I_TURN]} ถูกยับยั้ง", f"seat {w[I_TURN]}'s {kind} is blocked")


__all__ = ["open_window", "on_pass", "on_challenge", "on_block", "on_prove", "on_fail", "after_claim",
           "blocked", "block_seats", "window_cur"]
