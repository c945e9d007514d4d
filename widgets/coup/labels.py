"""Coup labels: the ONE adapter between the Coup engine and its views.

Every label a Coup view shows comes from :func:`describe` (``GAME.describe_action`` once the engine
has it), the observation, or an engine function; the reaction order of a window comes from
:func:`acting_seat` (the engine's order).  The fallbacks below are the pre-``describe_action`` texts,
kept only until the engine side lands (``git grep "FALLBACK" widgets/coup``): then each function is
one line and the fallback is deleted.  Rule values in a fallback label (coins gained) are read from
the engine's compiled rules (``state.rules``, from ``data/coup/components.yaml``), never typed here.
"""
from __future__ import annotations

from typing import Any, Mapping

from rules.coup import GAME
from rules.coup.actions import is_bluff
from rules.coup.reformation import FACTION_EN, FACTION_TH
from rules.coup.state import NAMES, TH

CARD_TH = dict(zip(NAMES, TH))
"""Thai card names (the engine's own table)."""


def engine_has(name: str) -> bool:
    """True when the engine itself defines ``name`` (not only ``GameBase``'s generic default)."""
    from rules.core.base import GameBase
    fn = getattr(type(GAME), name, None)
    return fn is not None and fn is not getattr(GameBase, name, None)


def seat_label(seat: int) -> str:
    """How a Coup view names a seat (the engine's texts say ``ที่นั่ง {seat}``)."""
    return f"ที่นั่ง {seat}"


def describe(state: Any, action: Mapping) -> tuple[str, str]:
    """``(th, en)`` label of a legal action or chance outcome in ``state`` (the engine's)."""
    if engine_has("describe_action"):
        return GAME.describe_action(state, dict(action))
    return _fallback_describe(state, action)  # FALLBACK until rules/coup has describe_action


def label(state: Any, action: Mapping) -> str:
    """A button label: ``"<th> / <en>"``."""
    th, en = describe(state, action)
    return f"{th} / {en}" if en and en != th else th


def acting_seat(state: Any) -> int | None:
    """The seat that acts next by the engine's reading of ``reaction_order`` (a window asks its seats
    in the engine's order; ``None`` at chance or the end).  The table and ``rules.core.play`` then
    play the same reading."""
    cp = GAME.current_player(state)
    if not isinstance(cp, frozenset):
        return cp if isinstance(cp, int) and cp >= 0 else None
    if engine_has("reaction_order"):
        return list(GAME.reaction_order(state))[0]
    return _fallback_order(state, cp)[0]  # FALLBACK until rules/coup has reaction_order


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
    return f"เทิร์นที่ {obs['turn_no']} · ตาของที่นั่ง {obs['turn']} / turn {obs['turn_no']}: seat {obs['turn']}"


def seat_out(obs: Mapping, seat: int) -> bool:
    """True when the observation says ``seat`` has no influence left."""
    return not obs["players"][seat]["alive"]


# -- FALLBACK (delete when the engine's describe_action / reaction_order land) ----------------------
def _fallback_order(state: Any, seats) -> list[int]:
    # the register's tie rule (reaction_order, reading first_to_act): clockwise after the actor
    n = len(state.hands)
    return [s for s in ((state.turn + k) % n for k in range(1, n + 1)) if s in seats]


def _fallback_describe(state: Any, a: Mapping) -> tuple[str, str]:
    t = a.get("type")
    if "chance" in a:
        return ("สุ่ม", f"chance: {a.get('chance')}")
    r = getattr(state, "rules", None)
    tgt = a.get("target")
    c = a.get("card") or a.get("character")
    cth = CARD_TH.get(c, c)
    income = f" +{r.income}" if r is not None else ""
    aid = f" +{r.aid}" if r is not None else ""
    labels = {
        "income": (f"รายได้{income}", "Income"), "foreign_aid": (f"ช่วยเหลือจากภายนอก{aid}", "Foreign aid"),
        "coup": (f"รัฐประหารที่นั่ง {tgt}", f"Coup seat {tgt}"), "tax": ("เก็บภาษี (ดยุค)", "Tax"),
        "steal": (f"ขโมยจากที่นั่ง {tgt} (กัปตัน)", f"steal from seat {tgt}"),
        "assassinate": (f"ลอบสังหารที่นั่ง {tgt} (นักฆ่า)", f"assassinate seat {tgt}"),
        "exchange": (f"แลกเปลี่ยน ({cth})", "Exchange"), "examine": (f"สอบสวนที่นั่ง {tgt}", f"examine seat {tgt}"),
        "convert": (("เปลี่ยนศาสนาตัวเอง", "Convert self") if tgt == a.get("player")
                    else (f"เปลี่ยนศาสนาที่นั่ง {tgt}", f"convert seat {tgt}")),
        "embezzle": ("ยักยอก (ไม่มีนกยูง)", "Embezzle"), "pass": ("ผ่าน", "Pass"), "challenge": ("ท้าทาย!", "Challenge"),
        "block": (f"ยับยั้ง ({cth})", "Block"), "prove": ("เปิดพิสูจน์", "Prove"), "lose": (f"เสีย{cth}", "Lose"),
        "show": (f"ให้ดู{cth}", "Show"), "force_exchange": ("บังคับแลก", "Force exchange"),
        "let_keep": ("คืนให้เก็บ", "Let keep"),
    }
    if t == "choose_faction":
        f = a.get("faction", 0)
        return (FACTION_TH[f], FACTION_EN[f][0].upper() + FACTION_EN[f][1:])
    if t == "exchange_return":
        return ("คืน: " + ", ".join(CARD_TH.get(x, x) for x in a["return"]), "Return")
    return labels.get(t, (t, t))
