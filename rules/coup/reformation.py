"""The Reformation variant (clauses reformation.*): factions, the almshouse, conversion and
embezzlement, and the same-faction restriction used by targeting and blocking.

Functions take any object with ``rules``, ``hands`` and ``faction`` (a state or a ``Work``).
"""
from __future__ import annotations

FACTION_TH = ("ศาสนา ก", "ศาสนา ข")
FACTION_EN = ("faction A", "faction B")


def one_faction_left(s) -> bool:
    """True when every living seat shares one faction (ambiguity one_faction_left)."""
    f, hands = s.faction, s.hands
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
    f = s.faction
    if not f or f[a] != f[b]:
        return False
    if s.rules.one_faction == "lift_restrictions" and one_faction_left(s):
        return False
    return True


def choose_faction(w, first: int, faction: int) -> None:
    """The first player picks a faction; the others alternate clockwise (reformation.factions);
    the almshouse card goes in the middle, empty (reformation.almshouse; components.yaml)."""
    n = w.rules.n
    fac = [0] * n
    for k in range(n):
        fac[(first + k) % n] = faction if k % 2 == 0 else 1 - faction
    w.faction = tuple(fac)
    w.ev("faction_chosen", first, {"faction": faction, "factions": list(fac)},
         ("reformation.factions", "reformation.almshouse"),
         f"ที่นั่ง {first} เลือก{FACTION_TH[faction]} ผู้เล่นที่เหลือเลือกสลับกันไป",
         f"seat {first} picks {FACTION_EN[faction]}; the others alternate")


def convert(w, actor: int, target: int) -> None:
    """Pay 1 to change your own faction or 2 to change another's (reformation.conversion); the
    coins go to the almshouse or the bank (ambiguity conversion_coins)."""
    R = w.rules
    cost = R.convert_self if target == actor else R.convert_other
    c = list(w.coins)
    c[actor] -= cost
    w.coins = tuple(c)
    if R.alms_gets_conversion:
        w.alms += cost
        where = "almshouse"
    else:
        w.bank += cost
        where = "bank"
    fac = list(w.faction)
    fac[target] = 1 - fac[target]
    w.faction = tuple(fac)
    w.ev("convert", actor, {"target": target, "faction": fac[target], "cost": cost, "to": where},
         ("reformation.conversion", "reformation.extra_actions"),
         f"ที่นั่ง {actor} จ่าย {cost} เหรียญ เปลี่ยนที่นั่ง {target} เป็น{FACTION_TH[fac[target]]}",
         f"seat {actor} pays {cost} to turn seat {target} to {FACTION_EN[fac[target]]} (coins to the {where})")


def embezzle(w, actor: int) -> None:
    """Take every coin on the almshouse (reformation.embezzle)."""
    amount = w.alms
    c = list(w.coins)
    c[actor] += amount
    w.coins = tuple(c)
    w.alms = 0
    w.ev("embezzle", actor, {"coins": amount}, ("reformation.embezzle",),
         f"ที่นั่ง {actor} ยักยอกเงิน {amount} เหรียญจากที่พักพิง",
         f"seat {actor} embezzles {amount} coin(s) from the almshouse")
