"""Toy Pig actions: what is legal, why something is not, and every action's label.

Actions: ``{"player": p, "type": "roll"}``, ``{"player": p, "type": "hold"}`` (play.choose);
chance: ``{"chance": "die", "value": 1..6}`` (play.roll, play.bust).
"""
from __future__ import annotations

from ..core.protocol import IllegalAction
from .config import BUST_FACE, DIE_FACES
from .state import State
from .turn import seat_name

CHOICES = ("roll", "hold")


def legal_actions(s: State, player: int) -> list[dict]:
    """The actions ``player`` may take now (empty when it is not their choice)."""
    if s.over or s.rolling or player != s.turn:
        return []
    return [{"player": player, "type": t} for t in CHOICES]


def chance_outcomes(s: State) -> list[tuple[dict, float]]:
    """The die's faces with their probabilities while it rolls (else empty)."""
    if not s.rolling:
        return []
    return [({"chance": "die", "value": v}, 1 / DIE_FACES) for v in range(1, DIE_FACES + 1)]


def explain(s: State, action: dict) -> IllegalAction | None:
    """``None`` when ``action`` is legal in ``s``; else the refusal naming the clause that forbids it."""
    if s.over:
        return IllegalAction("end.win", "เกมจบแล้ว", "the game is over")
    if s.rolling:
        if action.get("chance") == "die" and action.get("value") in range(1, DIE_FACES + 1) \
                and set(action) == {"chance", "value"}:
            return None
        return IllegalAction("play.roll", f"ตอนนี้ต้องเป็นผลเต๋า 1-{DIE_FACES}",
                             f"the die is rolling: expected a die outcome 1-{DIE_FACES}, got {action}")
    player = action.get("player")
    if player != s.turn:
        th, en = seat_name(s.turn)
        return IllegalAction("setup.order", f"ยังไม่ใช่ตาของคุณ ตอนนี้เป็นตาของ{th}",
                             f"not your turn: it is {en}'s turn")
    if action.get("type") not in CHOICES or set(action) != {"player", "type"}:
        return IllegalAction("play.choose", "ในตาของคุณเลือกได้เพียงทอยเต๋าหรือหยุด",
                             f"on your turn you may only roll or hold, not {action}")
    return None


def describe(s: State, action: dict) -> tuple[str, str]:
    """(Thai, English) label of an action or a die outcome."""
    if "chance" in action:
        v = action.get("value")
        return (f"เต๋าออก {v}" + (" (เสียแต้มในตา)" if v == BUST_FACE else ""),
                f"the die shows {v}" + (" (bust)" if v == BUST_FACE else ""))
    if action.get("type") == "roll":
        return "ทอยเต๋า", "roll the die"
    if action.get("type") == "hold":
        return f"หยุด เก็บ {s.pending} แต้ม", f"hold: bank {s.pending}"
    return str(action.get("type")), str(action.get("type"))
