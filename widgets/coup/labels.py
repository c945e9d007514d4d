"""Coup labels: the ONE adapter between the Coup engine and its views.

Every label a Coup view shows comes from :func:`describe` (the engine's ``describe_action``), the
observation, or an engine function (``is_bluff``); the seat a window asks first comes from
:func:`seat_to_act` (the engine's ``reaction_order``).  The tables below only map the engine's phase
names to words.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules.coup import GAME
from rules.coup.actions import card_words, is_bluff
from rules.coup.state import NAMES, TH

from ..labels import EngineLabels

CARD_TH = dict(zip(NAMES, TH))
"""Thai card names (the engine's own table)."""


def card_text(name: str) -> str:
    """A card as the table names it, Thai then English (``"ทูต / Ambassador"``: the engine's words)."""
    return " / ".join(card_words(name)) if name in CARD_TH else name


class CoupLabels(EngineLabels):
    """The engine's labels (:class:`~widgets.labels.EngineLabels`) with the window's first seat by
    the engine's ``reaction_order``, and who is out by the observation."""

    def seat_to_act(self, state: Any) -> int | None:
        """The seat that acts next by the engine's reading of ``reaction_order`` (a window asks
        its seats in the engine's order; ``None`` at chance or the end).  The table and
        ``rules.core.play`` then play the same reading."""
        cp = self.game.current_player(state)
        if not isinstance(cp, frozenset):
            return cp if isinstance(cp, int) and cp >= 0 else None
        return list(self.game.reaction_order(state))[0]

    def seat_out(self, obs: Mapping, seat: int) -> bool:
        """True when the observation says ``seat`` has no influence left."""
        return not obs["players"][seat]["alive"]


LABELS = CoupLabels(GAME)
seat_label, describe, label = LABELS.seat_label, LABELS.describe, LABELS.label
seat_to_act, seat_out = LABELS.seat_to_act, LABELS.seat_out
why_words = LABELS.why_words  # a story line's clauses in the engine's words (cite_name)


PHASE_TH = {
    "faction": ("เลือกศาสนา", "choose a faction"), "turn": ("เลือกการกระทำ", "choose an action"),
    "challenge_action": ("ท้าทายคำอ้างหรือไม่", "challenge the claim?"),
    "block": ("ยับยั้งหรือไม่", "block?"), "challenge_block": ("ท้าทายการยับยั้งหรือไม่", "challenge the block?"),
    "prove": ("พิสูจน์หรือเสียการ์ด", "prove or lose a card"), "lose": ("เลือกการ์ดที่จะเสีย", "choose a card to lose"),
    "exchange": ("เลือกการ์ดที่จะคืน", "choose cards to return"), "show": ("เลือกการ์ดให้ดู", "choose a card to show"),
    "examine": ("บังคับแลกหรือคืนให้", "force an exchange or let keep"), "chance": ("สับกอง / สุ่ม", "shuffle / chance"),
    "over": ("จบเกม", "game over"),
}
SPECTATOR_PHASE_TH = {
    "faction": ("ช่วงเลือกศาสนา", "factions are chosen"), "turn": ("ช่วงเลือกการกระทำ", "an action is chosen"),
    "challenge_action": ("ช่วงท้าทายคำอ้าง", "the claim may be challenged"),
    "block": ("ช่วงยับยั้ง", "the action may be blocked"),
    "challenge_block": ("ช่วงท้าทายการยับยั้ง", "the block may be challenged"),
    "prove": ("ช่วงพิสูจน์คำอ้าง", "the claim is proven or a card lost"),
    "lose": ("ช่วงเสียการ์ด", "a card is lost"), "exchange": ("ช่วงคืนการ์ด", "cards are returned"),
    "show": ("ช่วงให้ดูการ์ด", "a card is shown"), "examine": ("ช่วงตัดสินการสอบสวน", "the examined card is decided"),
}
"""Neutral headings for a table nobody acts from (a spectator or a teaching example)."""

UNKNOWN_STEP = ("ขั้นตอนถัดไปของเกม", "the next step of the game")
"""Words for a step this table does not know yet: an internal step name never reaches the screen."""


def phase_words(phase: str, spectator: bool = False) -> tuple[str, str]:
    """``(th, en)`` of the observation's ``phase`` (a machine name): a heading for the seat asked,
    or a neutral one for a spectator.  Only maps names to words; decides nothing."""
    if spectator and phase in SPECTATOR_PHASE_TH:
        return SPECTATOR_PHASE_TH[phase]
    return PHASE_TH.get(phase, UNKNOWN_STEP)


def bluff(state: Any, action: Mapping) -> bool:
    """The engine's answer whether ``action`` claims a card its seat does not hold (asked only of
    the reader's own choices; ``rules.coup.actions.is_bluff``)."""
    return is_bluff(state, dict(action))


def decision_words(obs: Mapping) -> tuple[str, str]:
    """What the seat asked is deciding (its phase in words)."""
    return phase_words(obs["phase"])


def turn_of(obs: Mapping) -> str:
    """The story's heading of the turn an observation is in (the event log groups events under it)."""
    if obs["phase"] == "faction":
        return "เลือกศาสนา / choosing factions"
    th, en = LABELS.seat_words(obs["turn"])
    return f"เทิร์นที่ {obs['turn_no']} · ตาของ{th} / turn {obs['turn_no']}: {en}"
