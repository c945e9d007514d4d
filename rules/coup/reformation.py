"""The Reformation variant (clauses reformation.*): factions, the almshouse, conversion and
embezzlement, and the same-faction restriction used by targeting and blocking.

``one_faction_left`` and ``restricted_state`` read a state or the scratch list of an ``apply``
(by field index); the others edit the scratch list.
"""
from __future__ import annotations

from ..core.events import emit
from .state import (I_ALMS, I_BANK, I_COINS, I_EVENTS, I_FACTION, I_HANDS, I_RULES, I_TURN)
FACTION_TH = ("ศาสนา ก", "ศาสนา ข")
FACTION_EN = ("faction A", "faction B")


def one_faction_left(s) -> bool:
    """True when every living seat shares one faction (ambiguity one_faction_left)."""
    f, hands = s[I_FACTION], s[I_HANDS]
    first = -1
    for seat, h in enumerate(hands):
        if h:
            if first < 0:
                first = f[seat]
            elif f[seat] != first:
                return False
    return True


def restricted_state(s, a: int, b: int) -> bool:
    """True when seat ``a`` may not steal from, assassinate, coup or block seat ``b``: they share
    a faction (reformation.same_faction) and the restriction is not lifted (under the
    ``lift_restrictions`` reading it is lifted while every living seat shares one faction)."""
    f = s[I_FACTION]
    if not f or f[a] != f[b]:
        return False
    if s[I_RULES].one_faction == "lift_restrictions" and one_faction_left(s):
        return False
    return True


def choose_faction(w, first: int, faction: int) -> None:
    """The first player picks a faction; the others alternate clockwise (reformation.factions);
    the almshouse card goes in the middle (reformation.almshouse), with the coins setup put on it
    (none by default: ambiguity almshouse_start)."""
    n = w[I_RULES].n
    fac = [0] * n
    for k in range(n):
        fac[(first + k) % n] = faction if k % 2 == 0 else 1 - faction
    w[I_FACTION] = tuple(fac)
    emit(w[I_EVENTS], "faction_chosen", first, ("reformation.factions", "reformation.almshouse"),
         f"ที่นั่ง {first + 1} เลือก{FACTION_TH[faction]} ผู้เล่นที่เหลือเลือกสลับกันไป",
         f"seat {first + 1} picks {FACTION_EN[faction]}; the others alternate", faction=faction, factions=list(fac))


def pick_faction(w, seat: int, faction: int) -> None:
    """Ambiguity faction_choice = each_chooses: ``seat`` picks its own faction
    (reformation.factions); the first pick also places the almshouse (reformation.almshouse)."""
    fac = list(w[I_FACTION])
    fac[seat] = faction
    w[I_FACTION] = tuple(fac)
    cites = ("reformation.factions", "reformation.almshouse") if seat == w[I_TURN] else ("reformation.factions",)
    emit(w[I_EVENTS], "faction_chosen", seat, cites, f"ที่นั่ง {seat + 1} เลือก{FACTION_TH[faction]}",
         f"seat {seat + 1} picks {FACTION_EN[faction]}", faction=faction, factions=list(fac))


def convert(w, actor: int, target: int) -> None:
    """Pay 1 to change your own faction or 2 to change another's (reformation.conversion); the
    coins go to the almshouse or the bank (ambiguity conversion_coins)."""
    R = w[I_RULES]
    cost = R.convert_self if target == actor else R.convert_other
    c = list(w[I_COINS])
    c[actor] -= cost
    w[I_COINS] = tuple(c)
    if R.alms_gets_conversion:
        w[I_ALMS] += cost
        where = "almshouse"
    else:
        w[I_BANK] += cost
        where = "bank"
    fac = list(w[I_FACTION])
    fac[target] = 1 - fac[target]
    w[I_FACTION] = tuple(fac)
    emit(w[I_EVENTS], "convert", actor, ("reformation.conversion", "reformation.extra_actions"),
         f"ที่นั่ง {actor + 1} จ่าย {cost} เหรียญ เปลี่ยนที่นั่ง {target + 1} เป็น{FACTION_TH[fac[target]]}",
         f"seat {actor + 1} pays {cost} to turn seat {target + 1} to {FACTION_EN[fac[target]]} (coins to the {where})",
         target=target, faction=fac[target], cost=cost, to=where)


def embezzle(w, actor: int) -> None:
    """Take every coin on the almshouse (reformation.embezzle)."""
    amount = w[I_ALMS]
    c = list(w[I_COINS])
    c[actor] += amount
    w[I_COINS] = tuple(c)
    w[I_ALMS] = 0
    emit(w[I_EVENTS], "embezzle", actor, ("reformation.embezzle",),
         f"ที่นั่ง {actor + 1} ยักยอกเงิน {amount} เหรียญจากที่พักพิง",
         f"seat {actor + 1} embezzles {amount} coin(s) from the almshouse", coins=amount)
