"""Attacks: which kind a placement starts, against whom, and what it removes.

Pure planning (:func:`fronts`, :func:`plan`, :func:`what_if`) works on a
:class:`~rules.shadow_master.board.Position` and the alliances, so the notebook can shade every
cell by the attack it would start.  Execution (:func:`start`, :func:`resolve_front`,
:func:`remove_tokens`) changes a working state and queues the placer's choices.

Clauses: attack.trigger, attack.full_force, attack.tempo, attack.first_strike, attack.siege,
attack.three_fronts, attack.allies, attack.damage_on_empty (with damage.formula), collapse.trigger.
Open questions and their config variants: size_measure, removal_picker, siege_enclosure,
defender_group, attack_scope (see data/shadow_master/ambiguities.yaml).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from rules.core.protocol import IllegalAction

from . import board as B
from rules.core.events import emit
from .castles import castle_emptied
from .powers import charge_damage, collapse_if_empty, kingdom_rank, side_of
from .state import Pending

MIN_GROUP = 4  # "อย่างน้อย 4 ช่อง" in every attack clause
REMOVE = {"full_force": 4, "tempo": 2, "first_strike": 1}
KIND_TH = {"full_force": "โจมตีเต็มกำลัง", "tempo": "ชิงจังหวะ", "first_strike": "บุกก่อนได้เปรียบ",
           "siege": "ล้อมโจมตี", "none": "ไม่เกิดการโจมตี"}


@dataclass(frozen=True)
class Plan:
    """An attack decided but not yet carried out.

    kind: ``full_force`` | ``tempo`` | ``first_strike`` | ``siege`` | ``none``.
    attacker / defender: the two sides' colours (allies merged, ``attack.allies``).
    attacker_cells / defender_cells: the two groups in contact.
    attacker_size / defender_size: compared sizes (cells, or tokens with ``size_measure=tokens``).
    remove: tokens to take from the defender group (4, 2, 1; 0 for siege and none).
    siege_cells: defender cells enclosed on three sides (candidates for the siege).
    cites: the clauses that decided it.
    """

    kind: str
    attacker: frozenset[str]
    defender: frozenset[str]
    attacker_cells: frozenset[str]
    defender_cells: frozenset[str]
    attacker_size: int
    defender_size: int
    remove: int
    siege_cells: tuple[str, ...]
    cites: tuple[str, ...]

    def to_json(self) -> dict:
        return {"kind": self.kind, "attacker": sorted(self.attacker), "defender": sorted(self.defender),
                "attacker_cells": sorted(self.attacker_cells), "defender_cells": sorted(self.defender_cells),
                "attacker_size": self.attacker_size, "defender_size": self.defender_size,
                "remove": self.remove, "siege_cells": list(self.siege_cells), "cites": list(self.cites)}


def _touch_cells(position: B.Position, group: frozenset[str], cell: str, scope: str) -> set[str]:
    """Cells next to the attacker: next to its whole group (``group``) or only the new cell."""
    nb = position.board.neighbours
    src = group if scope == "group" else {cell}
    return {n for c in src for n in nb[c]} - set(group)


def fronts(position: B.Position, alliances, cell: str, colour: str, config) -> tuple[frozenset[str], list[frozenset[str]]]:
    """``(attacker group cells, enemy sides touching it)`` after ``colour`` was placed in ``cell``.

    A side is an enemy colour with its allies (``attack.allies``); black is nobody's kingdom.
    Sides are ordered by their first colour in board order.
    """
    board = position.board
    side = side_of(alliances, colour)
    group = B.group_at(position, cell, side)
    enemies: list[frozenset[str]] = []
    for n in _touch_cells(position, group, cell, config.attack_scope):
        col = position.colour_at(n)
        if col is None or col == board.black or col in side:
            continue
        s = side_of(alliances, col)
        if s not in enemies:
            enemies.append(s)
    enemies.sort(key=lambda s: min(board.colours.index(c) for c in s))
    return group, enemies


def _size(position: B.Position, cells: frozenset[str], measure: str) -> int:
    return len(cells) if measure == "cells" else sum(position.count_at(c) for c in cells)


def enclosed_sides(position: B.Position, cell: str, attacker: frozenset[str], defender: frozenset[str],
                   reading: str) -> int:
    """How many of ``cell``'s six sides enclose it (``attack.siege``; variant ``siege_enclosure``).

    ``attacker``: sides touching cells of the attacking colours.  ``blocked``: sides touching the
    attacker, any other non-defender colour, black, or the map edge (0 if no attacker side).
    """
    board = position.board
    nbs = board.neighbours[cell]
    att = sum(1 for n in nbs if position.colour_at(n) in attacker)
    if reading == "attacker":
        return att
    if att == 0:
        return 0
    others = sum(1 for n in nbs if position.colour_at(n) is not None and position.colour_at(n) not in defender)
    return others + (6 - len(nbs))


def plan(position: B.Position, alliances, cell: str, colour: str, defender: frozenset[str], config) -> Plan:
    """Decide the attack of the group holding ``cell`` (just placed, ``colour``) on ``defender``."""
    attacker = side_of(alliances, colour)
    group = B.group_at(position, cell, attacker)
    touch = _touch_cells(position, group, cell, config.attack_scope)
    dgroups = [g for g in B.groups(position, defender) if g & touch]
    if config.defender_group == "all_adjacent":
        dcells = frozenset().union(*dgroups) if dgroups else frozenset()
    else:
        dcells = dgroups[0] if dgroups else frozenset()
    a_size, d_size = _size(position, group, config.size_measure), _size(position, dcells, config.size_measure)
    base = dict(attacker=attacker, defender=defender, attacker_cells=group, defender_cells=dcells,
                attacker_size=a_size, defender_size=d_size)
    allied = ("attack.allies",) if len(attacker) > 1 or len(defender) > 1 else ()
    if len(group) < MIN_GROUP or not dcells:
        return Plan("none", remove=0, siege_cells=(), cites=("attack.trigger",) + allied, **base)
    if len(dcells) >= MIN_GROUP:
        kind = "full_force" if a_size > d_size else "tempo" if a_size == d_size else "first_strike"
        return Plan(kind, remove=REMOVE[kind], siege_cells=(), cites=("attack.trigger", f"attack.{kind}") + allied,
                    **base)
    board = position.board
    sieged = tuple(sorted((c for c in dcells
                           if enclosed_sides(position, c, attacker, defender, config.siege_enclosure) >= 3),
                          key=board.order.__getitem__))
    if not sieged:
        return Plan("none", remove=0, siege_cells=(), cites=("attack.trigger", "attack.siege") + allied, **base)
    return Plan("siege", remove=0, siege_cells=sieged, cites=("attack.trigger", "attack.siege") + allied, **base)


def what_if(position: B.Position, alliances, colour: str, cells, config) -> dict[str, dict]:
    """For each map cell in ``cells`` where one ``colour`` token could go, the attack it would
    start: ``{cell: {"kind", "remove", "defender", "fronts"}}`` (``remove`` = tokens, or the
    enclosed cell's tokens for a siege; the first front when there are several)."""
    out = {}
    for cell in cells:
        try:
            pos = B.place_token(position, cell, colour)
        except IllegalAction:
            continue
        group, sides = fronts(pos, alliances, cell, colour, config)
        if not sides:
            out[cell] = {"kind": "none", "remove": 0, "defender": [], "fronts": 0}
            continue
        p = plan(pos, alliances, cell, colour, sides[0], config)
        removed = p.remove if p.kind != "siege" else pos.count_at(p.siege_cells[0])
        removed = min(removed, sum(pos.count_at(c) for c in p.defender_cells))
        out[cell] = {"kind": p.kind, "remove": removed, "defender": sorted(p.defender), "fronts": len(sides)}
    return out


# ----------------------------------------------------------------------------- execution
def start(w, seat: int, cell: str, colour: str) -> None:
    """A kingdom token of ``colour`` was just placed in ``cell`` by ``seat``: attack if due.

    Three fronts (``attack.three_fronts``): a group of 4+ cells touching more than one enemy side
    makes the placer choose one (queued ``front`` decision).  Before anything is taken off, the
    end conditions are checked on the board as the token stands (ambiguity ``end_mid_attack``).
    """
    from .scoring import check_end_before_attack   # scoring imports powers, as this module does
    group, sides = fronts(w.position, w.alliances, cell, colour, w.config)
    if not sides:
        return
    check_end_before_attack(w)   # ambiguity end_mid_attack: the board as the token stands
    if len(group) >= MIN_GROUP and len(sides) > 1:
        w.queue.insert(0, Pending("front", seat, (("cell", cell), ("colour", colour),
                                                  ("options", tuple(tuple(sorted(s)) for s in sides)))))
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "three_fronts", seat, ("attack.three_fronts",),
                 f"กลุ่มติดกับศัตรู {len(sides)} ฝ่าย ต้องเลือกโจมตี 1 ฝ่าย",
                 f"the group touches {len(sides)} enemy sides: choose one to attack",
                 options=[sorted(s) for s in sides])
        return
    resolve_front(w, seat, cell, colour, sides[0])


def resolve_front(w, seat: int, cell: str, colour: str, defender: frozenset[str], chosen: bool = False) -> None:
    """Decide and carry out (or queue) the attack on ``defender``."""
    p = plan(w.position, w.alliances, cell, colour, defender, w.config)
    extra = ("attack.three_fronts",) if chosen else ()
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "attack" if p.kind != "none" else "no_attack", seat, p.cites + extra,
             f"{KIND_TH[p.kind]}: ฝ่ายบุก {p.attacker_size} ต่อ ฝ่ายรับ {p.defender_size}",
             f"{p.kind.replace('_', ' ')}: attacker {p.attacker_size} vs defender {p.defender_size}",
             cell=cell, **{k: v for k, v in p.to_json().items() if k != "cites"})
    if p.kind == "none":
        return
    shielded = protected_cells(w)
    if shielded:
        p = replace(p, defender_cells=p.defender_cells - shielded,
                    siege_cells=tuple(c for c in p.siege_cells if c not in shielded))
        if p.kind == "siege" and not p.siege_cells:
            return
    if p.kind == "siege":
        if len(p.siege_cells) == 1 or w.config.removal_picker == "largest_stack":
            target = max(p.siege_cells, key=lambda c: (enclosed_sides(w.position, c, p.attacker, p.defender,
                                                                       w.config.siege_enclosure),
                                                        -w.board.order[c]))
            remove_tokens(w, seat, target, w.position.count_at(target), ("attack.siege",))
        else:
            w.queue.insert(0, Pending("siege", seat, (("cells", p.siege_cells),)))
        return
    cells = tuple(sorted(p.defender_cells, key=w.board.order.__getitem__))
    if w.config.removal_picker == "placer":
        w.queue.insert(0, Pending("remove", seat, (("cells", cells), ("left", p.remove), ("kind", p.kind))))
        return
    for _ in range(p.remove):
        live = [c for c in cells if w.position.count_at(c) > 0 and w.position.colour_at(c) in p.defender]
        if not live:
            break
        target = max(live, key=lambda c: (w.position.count_at(c), -w.board.order[c]))
        remove_tokens(w, seat, target, 1, (f"attack.{p.kind}",))


def protected_cells(w) -> frozenset[str]:
    """Castle cells, which ordinary attacks cannot touch (variant ``castle_protection``:
    "attacking a castle needs all 5 sides", ``castle.capture``)."""
    if w.config.castle_protection != "protected":
        return frozenset()
    return frozenset(c.cell for c in w.castles)


def removal_cells(w, pending: Pending) -> list[str]:
    """Cells of a queued ``remove`` decision that still hold defender tokens."""
    return [c for c in pending.get("cells") if w.position.count_at(c) > 0]


def remove_tokens(w, seat: int, cell: str, count: int, cites: tuple[str, ...]) -> None:
    """Take ``count`` tokens out of ``cell``; an emptied cell charges damage to the colour's
    Power holders at once (``attack.damage_on_empty``), destroys a castle on it, and may
    collapse the kingdom (``collapse.trigger``)."""
    colour = w.position.colour_at(cell)
    rank_before = kingdom_rank(w, colour)
    w.position = B.remove_token(w.position, cell, count)
    if w.config.removed_tokens == "to_supply":
        w.supply[w.cidx(colour)] += count
    emptied = w.position.count_at(cell) == 0
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "tokens_removed", seat, cites, f"หยิบโทเคนสี{w.board.colour_th[colour]}ออกจาก {cell} {count} ตัว",
             f"{count} {colour} token(s) removed from {cell}", cell=cell, colour=colour, count=count, emptied=emptied)
    if emptied:
        charge_damage(w, colour, 1, rank_before, cites)
        castle_emptied(w, cell)
        collapse_if_empty(w, colour)


def what_if_state(state, colour: str, cells=None) -> dict[str, dict]:
    """:func:`what_if` on a game state (its position, alliances and config); ``cells`` defaults
    to every map cell.  For the notebook's what-if overlay."""
    return what_if(state.position, state.alliances, colour, state.board.cells if cells is None else cells,
                   state.config)
