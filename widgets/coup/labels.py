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
