"""Shadow Master labels: the ONE adapter between the Shadow Master engine and its views.

Every label a view shows comes from :func:`describe` (the engine's ``describe_action``), the
observation, or an engine function; each kingdom's Rank and its outlined group come from the
engine's observation (``rank``, ``rank_groups``: under ``allies_rank=merged`` allies count together)
and whose decision it is from the engine (``current_player``).  The tables below only map the
observation's machine names to words.
"""
from __future__ import annotations

from typing import Mapping

from rules.shadow_master import GAME
from rules.shadow_master import board as smb
from rules.shadow_master.actions import PENDING_DECISION_WORDS, STEP_WORDS

from ..labels import EngineLabels


class SMLabels(EngineLabels):
    """The engine's labels (:class:`~widgets.labels.EngineLabels`) with who is out by the
    observation (``bankruptcy.out``)."""

    def seat_out(self, obs: Mapping, seat: int) -> bool:
        """True when the observation says ``seat`` is out of the game (``bankruptcy.out``)."""
        return bool(obs["players"][seat].get("out"))


LABELS = SMLabels(GAME)
seat_label, describe, label = LABELS.seat_label, LABELS.describe, LABELS.label
seat_to_act, seat_out = LABELS.seat_to_act, LABELS.seat_out
why_words = LABELS.why_words  # a story line's clauses in the engine's words (cite_name)


FIRST_PLAYER = ("ผู้เล่นคนแรก", "first player")
"""Who holds the First Player token (order.*: "ผู้ที่ถือ First Player จะเป็นคนเริ่มเล่นคนแรก")."""

STAGE_TH = {
    "turn": ("เทิร์นของผู้เล่น", "a player's turn"), "sell": ("จบรอบ: ขายการ์ด", "end of round: sales"),
    "income": ("จบรอบ: รายได้", "end of round: income"), "deposit": ("จบรอบ: ฝากเงิน", "end of round: deposits"),
    "over": ("จบเกม", "game over"),
}
STEP_TH = STEP_WORDS  # the engine's words (rules.shadow_master.actions): a refusal and the status agree
PENDING_TH = PENDING_DECISION_WORDS

UNKNOWN_STEP = ("ขั้นตอนถัดไปของเกม", "the next step of the game")
"""Words for a step these tables do not know yet: an internal step name never reaches the screen."""


def words(table: Mapping[str, tuple[str, str]], name: str) -> tuple[str, str]:
    """``(th, en)`` of an observation's machine name (a stage, step or owed decision); only maps
    names to words, decides nothing."""
    return table.get(name, UNKNOWN_STEP)


def decision_words(obs: Mapping) -> tuple[str, str]:
    """What the seat asked is deciding: an owed decision first, else its step in words."""
    if obs.get("queue"):
        return words(PENDING_TH, obs["queue"][0]["kind"])
    t = obs.get("turn")
    if t and obs.get("stage") == "turn":
        return words(STEP_TH, t["step"])
    return words(STAGE_TH, obs.get("stage", ""))


def turn_of(obs: Mapping) -> str:
    """The story's heading of the turn (or end-of-round stage) an observation is in."""
    t = obs.get("turn")
    if t and obs.get("stage") == "turn":
        th, en = LABELS.seat_words(t["seat"])
        return f"รอบ {obs['round']} · ตาของ{th} / round {obs['round']}: {en}'s turn"
    th, en = words(STAGE_TH, obs.get("stage", ""))
    return f"รอบ {obs['round']} · {th} / round {obs['round']}: {en}"


def rank_groups(obs: Mapping, position: smb.Position) -> list[tuple[list[str], str, str]]:
    """Each kingdom's Rank group as an outline ``(cells, colour, "<colour> Rank <n>")``; ``n`` is the
    engine's Rank (``obs["rank"]``, or the observation's own groups when it gives them)."""
    given = obs["rank_groups"]
    out = []
    for colour in position.board.colours:
        rank = obs.get("rank", {}).get(colour, 0)
        cells = sorted(given.get(colour) or [])
        if cells:
            out.append((cells, colour, f"{colour} Rank {rank}"))
    return out
