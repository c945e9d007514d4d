"""Shadow Master labels: the ONE adapter between the Shadow Master engine and its views.

Every label a view shows comes from :func:`describe` (``GAME.describe_action`` once the engine has
it), the observation, or an engine function; each kingdom's Rank comes from the engine
(``observe(...)["rank"]``, ``kingdom_rank``: under ``allies_rank=merged`` allies count together) and
whose decision it is from the engine (``current_player``).  The fallback below is the
pre-``describe_action`` text, kept only until the engine side lands (``git grep FALLBACK
widgets/shadow_master``); its rule values (the black-token reward, the exchange fee, a price) are
read from the engine's constants and tables, never typed here.
"""
from __future__ import annotations

import importlib
from typing import Any, Iterable, Mapping

from rules.shadow_master import GAME
from rules.shadow_master import board as smb
from rules.shadow_master.tables import tables


def engine_has(name: str) -> bool:
    """True when the engine itself defines ``name`` (not only ``GameBase``'s generic default)."""
    from rules.core.base import GameBase
    fn = getattr(type(GAME), name, None)
    return fn is not None and fn is not getattr(GameBase, name, None)


def seat_label(seat: int) -> str:
    """Engine texts say ``ผู้เล่น {seat + 1}``; the views add the seat number."""
    return f"ผู้เล่น {seat + 1} (ที่นั่ง {seat})"


def describe(state: Any, action: Mapping) -> tuple[str, str]:
    """``(th, en)`` label of a legal action or chance outcome in ``state`` (the engine's)."""
    if engine_has("describe_action"):
        return GAME.describe_action(state, dict(action))
    return _fallback_describe(state, action)  # FALLBACK until rules/shadow_master has describe_action


def label(state: Any, action: Mapping) -> str:
    """``"<th> / <en>"``."""
    th, en = describe(state, action)
    return f"{th} / {en}" if en and en != th else th


def acting_seat(state: Any) -> int | None:
    """The seat whose decision it is (the engine's ``current_player``; ``None`` at chance or the end)."""
    cp = GAME.current_player(state)
    return cp if isinstance(cp, int) and cp >= 0 else None


def seat_out(obs: Mapping, seat: int) -> bool:
    """True when the observation says ``seat`` is out of the game (``bankruptcy.out``)."""
    return bool(obs["players"][seat].get("out"))


def rank_groups(obs: Mapping, position: smb.Position) -> list[tuple[list[str], str, str]]:
    """Each kingdom's Rank group as an outline ``(cells, colour, "<colour> Rank <n>")``; ``n`` is the
    engine's Rank (``obs["rank"]``, or the observation's own groups when it gives them)."""
    given = obs.get("rank_groups")
    out = []
    for colour in position.board.colours:
        rank = obs.get("rank", {}).get(colour, 0)
        if given is not None:
            cells = sorted(given.get(colour) or [])
        else:  # FALLBACK until the observation carries the engine's group per kingdom
            cells = sorted(smb.largest_group(position, colour))
        if cells:
            out.append((cells, colour, f"{colour} Rank {rank}"))
    return out


# -- FALLBACK (delete when the engine's describe_action lands) --------------------------------------
def _constant(name: str, modules: Iterable[str] = ("engine", "actions", "money", "flow", "black")) -> Any:
    for m in modules:
        try:
            mod = importlib.import_module(f"rules.shadow_master.{m}")
        except ImportError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    return "?"


CHANCE_TH = {"die": ("ทอยเต๋า", "die"), "territory": ("เปิดการ์ด Territory", "Territory card"),
             "power": ("จั่วการ์ด Power", "Power card")}


def _fallback_describe(state: Any, a: Mapping) -> tuple[str, str]:
    board = state.board
    col = lambda c: board.colour_th.get(c, c)
    if "chance" in a:
        th, en = CHANCE_TH.get(a["chance"], ("สุ่ม", a["chance"]))
        rest = ", ".join(board.colour_th.get(v, str(v)) if isinstance(v, str) else str(v)
                         for k, v in a.items() if k != "chance")
        return (f"สุ่ม: {th} {rest}".strip(), f"chance: {en}")
    obs = GAME.observe(state, a.get("player"))
    t = a["type"]
    kind_th = tables().powers.kind_th
    persons = tables().shadow.persons
    if t == "roll":
        return ("A: ทอยเต๋าแล้ววาง", "roll and place")
    if t == "military":
        return (f"A: Military {col(a['colour'])} วางโดยไม่ทอย", "place without rolling")
    if t == "military_faith":
        return (f"A: Military+Faith {col(a['colour'])}", "place, then roll one more")
    if t == "black":
        return (f"B: โทเคนดำที่ {a['cell']} (+{_constant('BLACK_REWARD')})", "black token")
    if t == "skip":
        return ("C: ข้ามไปเฟส 3", "skip to phase 3")
    if t == "buy_person":
        p = persons.get(a["card"])
        return (f"C: ซื้อ {p.name_en if p else a['card']} ({p.price if p else '?'} Silver)", "buy")
    if t == "build_castle":
        return (f"C: สร้างปราสาทที่ {a['cell']}", "build a castle")
    if t == "move_money":
        return (f"ย้ายเงิน {a['amount']} จาก{col(a['source'])}ไป{col(a['target'])}", "move money")
    if t in ("place", "place_combo"):
        extra = " 2 โทเคน (X)" if t == "place_combo" else ""
        return (f"วาง{col(a['colour'])}ที่ {a['cell']}{extra}", "place")
    if t in ("ally", "envoy_ally"):
        return (f"พันธมิตร: {col(a['colour'])} ไป {a['x']}" + (" (Envoy)" if t == "envoy_ally" else ""), "ally")
    if t in ("unally", "envoy_unally"):
        return (f"ถอน{col(a['colour'])}ออกจากช่อง X" + (" (Envoy)" if t == "envoy_unally" else ""), "unally")
    if t == "theron":
        return (f"Lord Theron: ย้าย{col(a['colour'])} {a['count']} จาก {a['source']} ไป {a['target']}", "Lord Theron")
    if t == "turncloak":
        return (f"Turncloak: เปลี่ยนเป็น{col(a['colour'])}", f"turn {a['colour']}")
    if t == "decline":
        return ("ไม่วาง", "do not place")
    if t == "buy_power":
        return (f"ซื้อ Kingdom Power {col(a['colour'])}", f"buy (Rank {obs['rank'].get(a['colour'])})")
    if t == "no_buy":
        return ("ไม่ซื้อ", "no")
    if t == "take_open":
        card = obs["row"][a["index"]][0] if a["index"] < len(obs["row"]) else "?"
        return (f"หยิบ {card} จากกองเปิด (ข้าม {a['index']})", "take")
    if t == "draw":
        return ("จั่วจากกอง", "draw")
    if t == "exchange":
        return (f"แลก: ทิ้ง {a['card']} ({_constant('EXCHANGE_FEE')} Silver)", "exchange")
    if t == "end_turn":
        return ("จบเทิร์น", "end the turn")
    if t in ("sell_power", "forced_sale"):
        what = "ขาย" if t == "sell_power" else "ขายบังคับ"
        return (f"{what} {kind_th.get(a['kind'], a['kind'])} {col(a['colour'])}", "sell")
    if t == "no_sell":
        return ("ไม่ขาย", "no sale")
    if t == "deposit":
        return (f"ฝาก {a['amount']} กับ{col(a['colour'])}", "deposit")
    if t == "attack_side":
        return ("โจมตี " + " + ".join(col(c) for c in a["colours"]), "attack")
    if t == "remove_token":
        return (f"หยิบโทเคนออกจาก {a['cell']}", "remove")
    if t == "siege_cell":
        return (f"ล้อมโจมตี {a['cell']}", "siege")
    if t == "queen_move":
        return (f"Queen: ย้ายเงินฝากไป {col(a['target'])}", "move")
    if t == "discard_territory":
        return (f"ทิ้ง {a['card']}", "discard")
    return (t, t)
