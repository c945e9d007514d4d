"""Dice: faces, discounts, the bag, rolling dice into shrines (dice.troops, setup.dice_and_shrines,
ambiguities discount_table, shrine_refill, solo_setup) and whether troops can meet a plan."""
from __future__ import annotations

from functools import lru_cache

from ..core.ambiguity import reading_note
from ..core.chance import cumulative
from ..core.events import emit
from .config import (ANY, DICE_PER_COLOUR, GEMS_BY_PLAYERS, SHRINE_DICE, SHRINE_TH, SHRINES, SOLO_REDUCED,
                     TROOP_TH, TROOPS)
from .data import load
from .state import die_text, seat_name

FACES = (1, 2, 3, 4, 5, 6)
OPPOSITE = 7          # a gem flips a die to its opposite face: 7 - face (shrines.gem)


def setup_numbers(players: int, config) -> dict:
    """``{gems, dice, shrine}``: gems in the gem shrine, dice per colour in the bag, dice per shrine
    (setup.gems, setup.dice_and_shrines; solo by ambiguity solo_setup)."""
    if players == 1:
        if config.solo_setup == "reduced":
            return dict(SOLO_REDUCED)
        players = 2
    return {"gems": GEMS_BY_PLAYERS[players], "dice": DICE_PER_COLOUR[players], "shrine": SHRINE_DICE[players]}


def discount(face: int, config) -> int:
    """The discount of a face (dice.troops: a 6 has none; the table is ambiguity discount_table)."""
    if config.discount_table == "half_gap":
        return (6 - face) // 2
    return load().discount[face]


def strength(face: int) -> int:
    """A face's strength: its pip (dice.troops, the top of the die)."""
    return face


def roll_outcomes(bag) -> list[tuple[dict, float]]:
    """Drawing one die from the bag and rolling it: troop by the bag's counts, face uniform."""
    total = sum(bag)
    if not total:
        return []
    return [({"troop": t, "face": f}, bag[i] / total / len(FACES))
            for i, t in enumerate(TROOPS) if bag[i] for f in FACES]


def roll_weights(bag) -> tuple[list[float], list[tuple]]:
    """The probabilities of :func:`roll_outcomes` and their ``(troop, face)``, in its order."""
    total = sum(bag)
    weights, dice = [], []
    for i, t in enumerate(TROOPS):
        if bag[i]:
            weights += [bag[i] / total / len(FACES)] * len(FACES)
            dice += _FACES_OF[t]
    return weights, dice


_FACES_OF = {t: [(t, f) for f in FACES] for t in TROOPS}


ROLL_TABLES = 1024
"""Bags whose :func:`roll_table` is kept (the most recently used).  An entry holds 30 floats and
30 dice, about 1.6 KB: 8192 entries were some 12 MiB, filled by the "what would the bots do
here?" rollouts over hundreds of clicks, so a Valeria page's kernel grew about 1-2 MiB per 100
clicks until full (issue 12).  The rollouts meet thousands of bags (counts of five colours), so a
bigger cache buys little: a miss costs about 2.5 µs.  Hit rates, 1024 entries against 8192: 0.65
against 0.96 over 600 clicks of the Valeria page driven in process as the dashboard bench drives
it, 0.20 against 0.55 in random games; an analysis (greedy, 20 rollouts: 0.7 s) and the kernel's
games per second took the same time either way, within the noise."""


@lru_cache(maxsize=ROLL_TABLES)
def roll_table(bag: tuple) -> tuple:
    """``(table, dice)``: :func:`rules.core.chance.cumulative` of :func:`roll_weights` and the
    ``(troop, face)`` of each outcome, for a bag of these counts (a game meets few bags again and
    again: the last :data:`ROLL_TABLES` are kept)."""
    weights, dice = roll_weights(bag)
    return cumulative(weights), tuple(dice)


def draw_and_roll(bag: list, rng) -> tuple:
    """One setup die: a troop drawn by the bag's counts, a face rolled (``rng``: setup only)."""
    x = rng.randrange(sum(bag))
    for i, c in enumerate(bag):
        if x < c:
            bag[i] -= 1
            return (TROOPS[i], rng.choice(FACES))
        x -= c
    raise AssertionError("empty bag")


def refill_tasks(w, which: list[str]) -> list[tuple]:
    """One ``("roll", shrine)`` chance step per missing die of the named shrines, up to their setup
    count and as far as the bag allows (ambiguity shrine_refill)."""
    want = setup_numbers(w.n, w.config)["shrine"]
    left = sum(w.bag)
    out = []
    for name in which:
        k = min(want - len(w.shrines[SHRINES.index(name)]), left)
        out += [("roll", name)] * max(0, k)
        left -= max(0, k)
    return out


def after_take(w, shrine: str, log) -> None:
    """A die left a shrine: refill now if the reading says so (ambiguity shrine_refill)."""
    rule = w.config.shrine_refill
    tasks = []
    if rule == "when_all_empty" and not any(w.shrines):
        tasks = refill_tasks(w, list(SHRINES))
    elif rule == "when_shrine_empty" and not w.shrines[SHRINES.index(shrine)]:
        tasks = refill_tasks(w, [shrine])
    if tasks:
        emit(log, "refill", None, ("dice.troops", "setup.dice_and_shrines"),
             f"เติมเต๋าจากถุง {len(tasks)} ลูก ({reading_note('valeria', 'shrine_refill', rule)[0]})",
             f"refilling {len(tasks)} dice from the bag ({reading_note('valeria', 'shrine_refill', rule)[1]})",
             dice=len(tasks), rule=rule)
        at = 1 if w.queue and w.queue[0] == ("discard",) else 0   # the full troop area first
        w.queue[at:at] = tasks


def rolled(w, shrine: str, troop: str, face: int, log) -> None:
    """A refill die drawn from the bag and rolled into ``shrine``."""
    w.bag[TROOPS.index(troop)] -= 1
    w.shrines[SHRINES.index(shrine)].append((troop, face))
    if log is not None:
        emit(log, "die_rolled", None, ("setup.dice_and_shrines", "dice.troops"),
             f"จั่วเต๋า{TROOP_TH[troop]}จากถุง ทอยได้ {face} ลงใน{SHRINE_TH[shrine]}",
             f"a {troop} die drawn from the bag rolls {face} into the {shrine} shrine",
             shrine=shrine, troop=troop, face=face)


def to_bag(w, dice, log, seat, cites, why_th: str, why_en: str) -> None:
    """Dice back to the bag (battle.cleanup, a returned troop)."""
    for d in dice:
        w.bag[TROOPS.index(d[0])] += 1
    if log is not None:
        th, en = seat_name(seat)
        texts = [die_text(d) for d in dice]
        emit(log, "dice_to_bag", seat, cites, f"{th} คืนเต๋า {', '.join([t[0] for t in texts])} ลงถุง ({why_th})",
             f"{en} returns {', '.join([t[1] for t in texts])} to the bag ({why_en})", dice=[list(d) for d in dice])


def deficit(troops, slots) -> int:
    """Wilds (gems) needed for ``troops`` to fill ``slots``; 99 when there are too few dice.
    Typed slots take dice of their colour first (always best); the rest need a wild die;
    ``any`` slots take whatever is left (battle.assign_troops)."""
    return shortfall([d[0] for d in troops], slots)


def shortfall(types: list, slots, needs=None) -> int:
    """:func:`deficit` of dice of these troop ``types`` (one entry per die): asked for several
    plans against the same dice, the types are listed once.  ``needs``: the typed slots counted
    (:func:`_typed_needs`), when the caller has them (a plan's ``needs``)."""
    if len(slots) > len(types):
        return 99
    short = 0
    for t, k in needs or _typed_needs(slots if type(slots) is tuple else tuple(slots)):
        c = types.count(t)
        if k > c:
            short += k - c
    return short


@lru_cache(maxsize=4096)
def _typed_needs(slots: tuple) -> tuple:
    """``((troop, count), ...)`` of the typed slots, in first-seen order (a plan's slots are few
    and fixed: asked at every move, so kept)."""
    need: dict = {}
    for t in slots:
        if t != ANY:
            need[t] = need.get(t, 0) + 1
    return tuple(need.items())


def completable(troops, slots, gems: int) -> bool:
    """True when ``troops`` can fill ``slots`` with at most ``gems`` dice made wild."""
    return deficit(troops, slots) <= gems
