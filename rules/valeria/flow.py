"""Whose decision it is, and running the turn's queue of steps until the next decision or chance
node (turn.warden_move, end.trigger_and_scoring; ambiguities no_legal_move, shrine_refill,
plans_exhausted)."""
from __future__ import annotations

from ..core.ambiguity import ambiguity_ref, reading_note
from ..core.events import emit
from ..core.protocol import CHANCE, TERMINAL
from . import battle, campaign, scoring, shrines
from .config import SHRINES
from .dice import refill_tasks
from .state import (PHASE_ADJUST, PHASE_ASSIGN, PHASE_CHAIN_CHAMPION, PHASE_CHAIN_DIE, PHASE_CHANCE,
                    PHASE_DISCARD, PHASE_LEVEL, PHASE_MOVE, PHASE_OVER, PHASE_PLAN, PHASE_SIDE,
                    PHASE_SKIRMISH, PHASE_TAKE, TIMINGS, seat_name)

_PHASE = {"side": PHASE_SIDE, "take": PHASE_TAKE, "discard": PHASE_DISCARD, "plan": PHASE_PLAN,
          "assign": PHASE_ASSIGN, "adjust": PHASE_ADJUST, "level": PHASE_LEVEL, "skirmish": PHASE_SKIRMISH,
          "roll": PHASE_CHANCE, "draw": PHASE_CHANCE}


def current_player(s):
    """``TERMINAL`` at the end, ``CHANCE`` while a die rolls or a card is drawn, the seat choosing a
    map side during setup, else the seat whose turn it is."""
    if s.winners is not None:
        return TERMINAL
    if s.queue:
        k = s.queue[0][0]
        if k in ("roll", "draw"):
            return CHANCE
        if k == "side":
            return s.queue[0][1]
    return s.turn


def phase(s) -> str:
    """The observation's ``phase``: side, move, take, discard, magic/champion/tactics (a shrine's
    choice), plan, assign, adjust, level, skirmish, chain_champion, chain_die, chance, over."""
    if s.winners is not None:
        return PHASE_OVER
    if not s.queue:
        return PHASE_MOVE
    t = s.queue[0]
    if t[0] == "shrine":
        return t[1]
    if t[0] == "chain":
        return PHASE_CHAIN_CHAMPION if t[1] == "free_champion" else PHASE_CHAIN_DIE
    return _PHASE[t[0]]


def draw_pool(s, task) -> list[str]:
    """The cards a ``("draw", deck, slot)`` step draws from (an unordered pool), as a new list."""
    return list(_pool(s, task))


def _pool(s, task):
    """:func:`draw_pool` itself: the deck's own tuple (no copy; the working copy keeps tuples too)."""
    _, deck, slot = task
    if deck == "plan":
        return s.plan_deck
    if deck == "award":
        return s.award_piles[slot]
    return s.champ_decks[TIMINGS.index(deck)]


def has_move(s, seat: int) -> bool:
    return bool(shrines.enterable(s, seat)) or battle.can_camp(s, seat)


def start_turn(w, log) -> None:
    """A seat with no legal move (ambiguity no_legal_move=refill_then_move): refill the shrines first."""
    if has_move(w, w.turn):
        return
    if w.config.no_legal_move == "refill_then_move":
        tasks = refill_tasks(w, list(SHRINES))
        if tasks:
            th, en = seat_name(w.turn)
            emit(log, "refill", None, ("turn.warden_move", "dice.troops"),
                 f"{th} ไม่มีที่ให้ย้าย เติมเต๋าทุกศาลจากถุง {len(tasks)} ลูก "
                 f"({ambiguity_ref('valeria', 'no_legal_move', 'refill_then_move')[0]})",
                 f"{en} has no legal move: {len(tasks)} dice refill the shrines "
                 f"({ambiguity_ref('valeria', 'no_legal_move', 'refill_then_move')[1]})",
                 dice=len(tasks))
            w.queue[0:0] = tasks


def end_turn(w, log) -> None:
    """Next seat clockwise; the round ends before the first player; after a 7th plan (or with no
    plan left: plans_exhausted) the round's end ends the game; end_of_round refills shrines."""
    w.die_taken = None
    w.turns += 1
    if not w.end_triggered and _plans_exhausted(w):
        w.end_triggered, w.end_trigger = True, "plans_exhausted"
        emit(log, "end_triggered", None, ("end.trigger_and_scoring", "setup.battle_plan_row"),
             "แผนรบหมดกองและแถว เล่นต่อให้ครบรอบแล้วจบเกม "
             f"({ambiguity_ref('valeria', 'plans_exhausted', w.config.plans_exhausted)[0]})",
             "no battle plan is left to take: the round is finished, then the game ends "
             f"({ambiguity_ref('valeria', 'plans_exhausted', w.config.plans_exhausted)[1]})")
    nxt = (w.turn + 1) % w.n
    if nxt == w.first:
        if w.end_triggered:
            w.turn = nxt
            scoring.finish(w, log)
            return
        w.round += 1
        if w.config.shrine_refill == "end_of_round":
            tasks = refill_tasks(w, list(SHRINES))
            if tasks:
                emit(log, "refill", None, ("dice.troops", "setup.dice_and_shrines"),
                     f"จบรอบ เติมเต๋าทุกศาลจากถุง {len(tasks)} ลูก ({reading_note('valeria', 'shrine_refill', 'end_of_round')[0]})",
                     f"end of the round: {len(tasks)} dice refill the shrines "
                     f"({reading_note('valeria', 'shrine_refill', 'end_of_round')[1]})", dice=len(tasks))
                w.queue[0:0] = tasks
    w.turn = nxt


def _plans_exhausted(w) -> bool:
    if w.plan_deck or any(p is not None for p in w.plan_row):
        return False
    return w.config.plans_exhausted == "end_at_round" or not any(p.reserve for p in w.players)


DECISIONS = frozenset(("take", "discard", "plan", "assign", "adjust", "skirmish", "side"))
"""Queue steps that are always somebody's decision (never run by :func:`advance` itself)."""


def advance(w, log) -> None:
    """Run the steps that need nobody's choice until a decision, a chance node or the end."""
    while w.winners is None:
        if not w.queue:
            start_turn(w, log)
            if not w.queue:
                return
            continue
        t = w.queue[0]
        k = t[0]
        if k in DECISIONS:          # a seat decides (the common case: asked first)
            return
        if k == "roll":
            if sum(w.bag) == 0:
                w.queue.pop(0)
                continue
            return
        if k == "draw":
            if not _pool(w, t):
                w.queue.pop(0)
                continue
            return
        if k == "shrine" and t[1] in ("gem", "gold"):
            w.queue.pop(0)
            (shrines.gem_shrine if t[1] == "gem" else shrines.gold_shrine)(w, w.turn, log)
            continue
        if k == "level" and not campaign.level_choices(w, w.turn):
            w.queue.pop(0)
            continue
        if k == "chain":
            if campaign.chain_auto(w, w.turn, t, log):
                continue
            return
        if k == "cleanup":
            w.queue.pop(0)
            battle.cleanup(w, w.turn, log)
            continue
        if k == "end_turn":
            w.queue.pop(0)
            end_turn(w, log)
            continue
        return


