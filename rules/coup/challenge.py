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
from .state import ACTION_CLAUSE, BLOCK, CHAL, CHAL_BLOCK, CONTESSA, NAMES, PROVE, TH, Work

CHALLENGE_CLAIM = {"tax": "ภาษี", "steal": "ขโมย", "assassinate": "ลอบสังหาร", "exchange": "แลกเปลี่ยน",
                   "examine": "สอบสวน", "embezzle": "ยักยอก"}


def window_cur(w: Work) -> frozenset:
    """Seats asked now: the whole window, or (seat_order) the first clockwise from the actor."""
    if not w.rules.seat_order:
        return w.window
    for s in w.rules.after[w.turn] + (w.turn,):
        if s in w.window:
            return frozenset((s,))
    return frozenset()


def open_window(w: Work, phase: int, seats) -> None:
    w.phase = phase
    w.window = frozenset(seats)
    w.cur = window_cur(w)


def block_seats(w: Work) -> list[int]:
    """Seats that may block this turn's action (ambiguity who_blocks; reformation.same_faction)."""
    kind, t, _ = w.act
    actor = w.turn
    if kind == "foreign_aid" or not w.rules.target_only:
        return [s for s in w.living_after(actor) if not restricted_state(w, actor, s)]
    return [t] if w.hands[t] and not restricted_state(w, actor, t) else []


def on_pass(w: Work, seat: int) -> None:
    """``seat`` lets the claim or action stand (details.block_optional for blocks)."""
    ph = w.phase
    w.ev("pass", seat, {"window": "block" if ph == BLOCK else "challenge"},
         ("details.block_optional",) if ph == BLOCK else ("challenge.bluff",),
         f"ที่นั่ง {seat} ผ่าน", f"seat {seat} passes")
    w.window = w.window - {seat}
    if w.window:
        w.cur = window_cur(w)
        return
    w.cur = frozenset()
    if ph == CHAL:
        w.todo = (("after_claim",),)
    elif ph == BLOCK:
        w.todo = (("resolve",),)
    else:
        w.todo = (("blocked",),)


def _claimed(w: Work) -> int:
    return w.block_claim if w.blocker >= 0 else w.act[2]


def on_challenge(w: Work, seat: int) -> None:
    """``seat`` challenges the open claim (challenge.bluff; details.challenge_others when it is a
    quarrel between two other players)."""
    block = w.phase == CHAL_BLOCK
    claimant = w.blocker if block else w.turn
    parties = (w.turn, w.blocker) if block else (w.turn, w.act[1])
    cites = ("challenge.bluff",)
    if (block or w.act[1] >= 0) and seat not in parties:
        cites += ("details.challenge_others",)
    kind = w.act[0]
    if kind == "embezzle" and not block:
        what_th, what_en = "ว่าไม่มีนกยูง", "the claim of no peacock (Duke)"
        cites += ("reformation.embezzle",)
    else:
        c = _claimed(w)
        what_th, what_en = f"ว่ามี{TH[c]}", f"the {NAMES[c]} claim"
    w.challenger, w.claimant = seat, claimant
    w.window = frozenset()
    w.phase, w.cur = PROVE, claimant
    w.ev("challenge", seat, {"claimant": claimant, "block": block}, cites,
         f"ที่นั่ง {seat} ท้าทายที่นั่ง {claimant} {what_th}", f"seat {seat} challenges seat {claimant}'s {what_en}")


def on_block(w: Work, seat: int, card: int) -> None:
    """``seat`` claims ``card`` to block (may be a lie: details.block_may_lie); opens the window to
    challenge the block for every other living seat, the actor included."""
    kind = w.act[0]
    w.blocker, w.block_claim = seat, card
    w.add_claim(seat, card)
    cites = (ACTION_CLAUSE[kind], "details.block_may_lie")
    if card == CONTESSA:
        cites += ("characters.contessa_block",)
    w.ev("block", seat, {"character": NAMES[card], "action": kind}, cites,
         f"ที่นั่ง {seat} อ้าง{TH[card]}เพื่อยับยั้ง", f"seat {seat} claims the {NAMES[card]} to block")
    open_window(w, CHAL_BLOCK, w.living_after(seat))


def on_prove(w: Work) -> None:
    """The challenged seat shows the claimed card (challenge.prove): the challenger loses an
    influence of their choice (challenge.challenger_loses), the card goes back to the deck
    (challenge.return_card; ambiguity proof_shuffle), the prover draws a new one
    (challenge.draw_new) and the action goes on (details.proven_continues) - or, for a block,
    the block stands.  For an embezzle, both cards are shown to prove there is no peacock, both
    go back and two are drawn (reformation.embezzle_prove)."""
    p, ch = w.claimant, w.challenger
    block = w.blocker >= 0
    if w.act[0] == "embezzle" and not block:
        hand = w.hands[p]
        w.ev("claim_proven", p, {"hand": [NAMES[c] for c in hand], "embezzle": True},
             ("reformation.embezzle_prove", "challenge.prove"),
             f"ที่นั่ง {p} เปิดไพ่ทั้งหมดให้ดู พิสูจน์ว่าไม่มีนกยูง", f"seat {p} shows every card: no peacock")
        lose = (("lose", ch, ("challenge.challenger_loses", "reformation.other_rules_same"), False),) \
            if w.rules.embezzle_challenger_loses else ()
        w.todo = lose + (("ret", p, hand, ("reformation.embezzle_prove",), None),
                         ("draw", p, len(hand), ("reformation.embezzle_prove", "challenge.draw_new")),
                         ("resolve",))
        return
    card = _claimed(w)
    cites = ("challenge.prove",) if block else ("challenge.prove", "details.proven_continues")
    w.ev("claim_proven", p, {"card": NAMES[card], "block": block}, cites,
         f"ที่นั่ง {p} เปิด{TH[card]}ให้ทุกคนดู พิสูจน์สำเร็จ", f"seat {p} shows the {NAMES[card]}: proven")
    w.todo = (("lose", ch, ("challenge.challenger_loses",), False),
              ("ret", p, (card,), ("challenge.return_card",), None),
              ("draw", p, 1, ("challenge.draw_new",)),
              ("blocked",) if block else ("after_claim",))


def on_fail(w: Work, card: int) -> None:
    """The challenged seat does not (or cannot) prove and loses ``card`` (challenge.fail): the
    claim fails.  A failed block lets the action go on; a failed action claim ends the turn
    (with the assassin refund of ambiguity assassin_refund).  An embezzler who concedes says
    "there is a peacock", loses an influence without showing the hand, and the coins stay on
    the almshouse (reformation.embezzle_concede; ambiguity concede_loss)."""
    p = w.claimant
    block = w.blocker >= 0
    if block:
        w.ev("claim_failed", p, {"block": True}, ("challenge.fail", "details.block_may_lie"),
             f"ที่นั่ง {p} พิสูจน์การยับยั้งไม่ได้", f"seat {p} does not prove the block")
        w.todo = (("resolve",),)
        w.lose(p, card, ("challenge.fail",))
        return
    kind = w.act[0]
    if kind == "embezzle":
        w.ev("claim_failed", p, {"embezzle": True}, ("reformation.embezzle_concede",),
             f'ที่นั่ง {p} ประกาศว่า "มีนกยูงอยู่" เงินยังอยู่ที่ที่พักพิง',
             f'seat {p} says "there is a peacock"; the coins stay on the almshouse')
        w.todo = (("end",),)
        w.lose(p, card, ("reformation.embezzle_concede",), face_down=w.rules.concede_face_down)
        return
    w.ev("claim_failed", p, {"card": NAMES[w.act[2]]}, ("challenge.fail",),
         f"ที่นั่ง {p} พิสูจน์ไม่ได้ การกระทำล้มเหลว", f"seat {p} does not prove the claim; the action fails")
    w.todo = (("refund",), ("end",)) if kind == "assassinate" and w.rules.refund != "never" else (("end",),)
    w.lose(p, card, ("challenge.fail",))


def after_claim(w: Work) -> bool:
    """The action's claim stands: open the block window when the action can be blocked and
    someone may block it; returns True when a window opened (else the action resolves)."""
    kind, t, _ = w.act
    if kind in ("steal", "assassinate"):
        if not w.hands[t]:
            return False  # the target is out: resolve() applies ambiguity gone_target
        seats = block_seats(w)
        if seats:
            open_window(w, BLOCK, seats)
            return True
    return False


def blocked(w: Work) -> None:
    """The block stands: the action has no effect (actions.foreign_aid, characters.*)."""
    kind = w.act[0]
    cites = (ACTION_CLAUSE[kind],)
    if w.block_claim == CONTESSA:
        cites += ("characters.contessa_block",)
    w.ev("blocked", w.blocker, {"action": kind, "character": NAMES[w.block_claim]}, cites,
         f"การกระทำของที่นั่ง {w.turn} ถูกยับยั้ง", f"seat {w.turn}'s {kind} is blocked")


__all__ = ["open_window", "on_pass", "on_challenge", "on_block", "on_prove", "on_fail", "after_claim",
           "blocked", "block_seats", "window_cur"]
