"""What-if: what a kingdom token placed on a cell would do, asked of the engine itself.

Nothing here decides a rule.  :func:`preview_attack` builds a copy of the state in which
``seat`` holds the cell's Territory card and is about to place ``colour`` (as with a Military
power: no die), calls :meth:`GAME.apply <rules.shadow_master.engine.ShadowMasterGame.apply>`
with the ``place`` action and then answers the attack decisions the engine queues, with the
engine's own ``legal_actions``:

* three fronts (``attack.three_fronts``) and a siege with several enclosed cells
  (``attack.siege``) are the placer's choices: every choice is followed, one
  :class:`Outcome` each;
* which defender token to take (``remove`` decisions, variant ``removal_picker``) and any
  forced sale or Queen move that follows are answered with the first legal option (a sample:
  the number of tokens removed does not depend on it, the cells emptied may).

It stops at the next chance node or at any other decision.  The engine refuses the placement
exactly where a real one would be refused (``IllegalAction``: a full cell, another colour, a
cell placed this round, a Rank 15+ fee the seat cannot pay ...); such a cell gets a
:class:`Preview` with ``refused`` set and no outcome.

:func:`overlay` runs :func:`preview_attack` over many cells (the notebook's what-if board).
The Power Limit breakdown needs no code here: the engine gives it
(:func:`rules.shadow_master.powers.limit_sources`, also ``observe(...)["players"][i]
["power_limit_sources"]``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable

from rules.core.protocol import CHANCE, TERMINAL, Event, IllegalAction

from .engine import GAME
from .state import State, Turn

ATTACK_KINDS = ("full_force", "tempo", "first_strike", "siege")
"""Kinds of attack that remove tokens (``attack.*``)."""
FOLLOWED = {"front": "attack_side", "siege": "siege_cell"}
"""Decisions of the placer that branch the preview: one outcome per option."""
SAMPLED = {"remove", "forced_sale", "queen", "discard"}
"""Decisions answered with their first legal option (the preview says so)."""


@dataclass(frozen=True)
class Outcome:
    """One way the placement resolves (one choice of front / enclosed cell).

    kind: ``quiet`` (no enemy next to the group: no attack is considered), ``none`` (an enemy
    touches but there is no fight: ``attack.trigger``), or an attack kind of
    :data:`ATTACK_KINDS`.  attacker / defender: colours of the two sides (allies together);
    attacker_cells / defender_cells: the two groups in contact when the attack was decided;
    attacker_size / defender_size: the sizes the engine compared; removed: tokens taken off the
    map; emptied: cells emptied; paid: ``((seat, Silver), ...)`` of power damage
    (``attack.damage_on_empty``); collapsed: kingdoms that collapsed (``collapse.trigger``);
    captured: castle cells taken by surrounding them (``castle.capture``);
    choices: the placer's choices that led here (``"front:blue"``, ``"siege:F6"``);
    sampled: True when a token pick or a forced sale was answered by the first legal option;
    cites: the clauses of the attack decision; events: every event, in order.
    """

    kind: str
    attacker: tuple[str, ...] = ()
    defender: tuple[str, ...] = ()
    attacker_cells: tuple[str, ...] = ()
    defender_cells: tuple[str, ...] = ()
    attacker_size: int = 0
    defender_size: int = 0
    removed: int = 0
    emptied: tuple[str, ...] = ()
    paid: tuple[tuple[int, int], ...] = ()
    collapsed: tuple[str, ...] = ()
    captured: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    sampled: bool = False
    cites: tuple[str, ...] = ()
    events: tuple[Event, ...] = field(default=(), repr=False)

    def to_json(self) -> dict:
        """JSON-compatible summary (no events)."""
        return {"kind": self.kind, "attacker": list(self.attacker), "defender": list(self.defender),
                "attacker_cells": list(self.attacker_cells), "defender_cells": list(self.defender_cells),
                "attacker_size": self.attacker_size, "defender_size": self.defender_size,
                "removed": self.removed, "emptied": list(self.emptied),
                "paid": {str(s): n for s, n in self.paid}, "collapsed": list(self.collapsed),
                "captured": list(self.captured),
                "choices": list(self.choices), "sampled": self.sampled, "cites": list(self.cites)}


@dataclass(frozen=True)
class Preview:
    """What placing one ``colour`` token on ``cell`` by ``seat`` would do.

    refused: ``(clause, th, en)`` when the engine refuses the placement (then no outcomes);
    outcomes: one :class:`Outcome` per choice of the placer (several only for three fronts or a
    siege with more than one enclosed cell); fronts: enemy sides touching (``attack.three_fronts``
    when more than one and the group has 4+ cells).
    """

    cell: str
    colour: str
    seat: int
    refused: tuple[str, str, str] | None = None
    outcomes: tuple[Outcome, ...] = ()
    fronts: int = 0

    @property
    def legal(self) -> bool:
        """True when the engine accepts the placement."""
        return self.refused is None

    @property
    def kind(self) -> str:
        """``refused``, ``three_fronts`` (the placer chooses a side), or the single outcome's kind."""
        if self.refused is not None:
            return "refused"
        if self.fronts > 1:
            return "three_fronts"
        return self.outcomes[0].kind

    @property
    def captures(self) -> bool:
        """True when some choice captures a castle (``castle.capture``)."""
        return any(o.captured for o in self.outcomes)

    @property
    def removed(self) -> int:
        """Most tokens any choice removes (0 when refused or quiet)."""
        return max((o.removed for o in self.outcomes), default=0)

    @property
    def removals(self) -> tuple[int, ...]:
        """Tokens removed per outcome, in the engine's option order."""
        return tuple(o.removed for o in self.outcomes)

    def to_json(self) -> dict:
        """JSON-compatible summary (outcomes without events)."""
        return {"cell": self.cell, "colour": self.colour, "seat": self.seat, "kind": self.kind,
                "removed": self.removed, "fronts": self.fronts,
                "refused": list(self.refused) if self.refused else None,
                "outcomes": [o.to_json() for o in self.outcomes]}


def hypothetical(state: State, cell: str, colour: str, seat: int) -> State:
    """A copy of ``state`` where ``seat`` is about to place ``colour`` without a die (the turn's
    ``resolve`` step with ``colour`` as a Military colour) and holds only ``cell``'s Territory
    card.  Everything else (board, alliances, castles, money, Powers, cells placed this round)
    is the real state's.  Not a reachable game state: only for asking the engine."""
    players = list(state.players)
    players[seat] = replace(players[seat], hand=(cell,))
    turn = Turn(seat=seat, step="resolve", choice="A", military=colour)
    return replace(state, players=tuple(players), stage="turn", turn=turn, queue=(), chance=None, resume="",
                   eor_seat=-1)


def _outcome(events: list[Event], choices: tuple[str, ...], sampled: bool) -> Outcome:
    attack = next((e for e in events if e.kind in ("attack", "no_attack")), None)
    removed = sum(int(e.data.get("count", 0)) for e in events if e.kind == "tokens_removed")
    emptied = tuple(e.data["cell"] for e in events if e.kind == "tokens_removed" and e.data.get("emptied"))
    paid: dict[int, int] = {}
    for e in events:
        if e.kind == "pay" and "attack.damage_on_empty" in e.cites and e.actor is not None:
            paid[e.actor] = paid.get(e.actor, 0) + int(e.data.get("paid", 0))
    collapsed = tuple(e.data["colour"] for e in events if e.kind == "collapse")
    captured = tuple(e.data["cell"] for e in events if e.kind == "castle_captured")
    if attack is None:
        return Outcome("quiet", removed=removed, emptied=emptied, paid=tuple(sorted(paid.items())),
                       collapsed=collapsed, captured=captured, choices=choices, sampled=sampled,
                       events=tuple(events))
    d = attack.data
    return Outcome(
        kind=d.get("kind", "none"), attacker=tuple(d.get("attacker", ())), defender=tuple(d.get("defender", ())),
        attacker_cells=tuple(d.get("attacker_cells", ())), defender_cells=tuple(d.get("defender_cells", ())),
        attacker_size=int(d.get("attacker_size", 0)), defender_size=int(d.get("defender_size", 0)),
        removed=removed, emptied=emptied, paid=tuple(sorted(paid.items())), collapsed=collapsed,
        captured=captured, choices=choices, sampled=sampled, cites=tuple(attack.cites), events=tuple(events))


def _follow(state: State, seat: int, events: list[Event], choices: tuple[str, ...], sampled: bool,
            out: list[Outcome], budget: list[int]) -> None:
    """Answer queued decisions until chance, the end, or a decision outside the attack."""
    while True:
        budget[0] -= 1
        if budget[0] < 0:  # a safety net: an attack queues a handful of decisions at most
            raise RuntimeError("what-if did not settle")
        cp = GAME.current_player(state)
        if cp in (CHANCE, TERMINAL) or not state.queue or not isinstance(cp, int):
            break
        q = state.queue[0]
        legal = GAME.legal_actions(state, cp)
        if not legal:
            break
        if q.kind in FOLLOWED and cp == seat:
            for a in legal:
                label = "front:" + "+".join(a["colours"]) if q.kind == "front" else f"siege:{a['cell']}"
                tr = GAME.apply(state, a)
                _follow(tr.state, seat, events + list(tr.events), choices + (label,), sampled, out, budget)
            return
        if q.kind not in SAMPLED:
            break
        tr = GAME.apply(state, legal[0])
        state, events, sampled = tr.state, events + list(tr.events), True
    out.append(_outcome(events, choices, sampled))


def preview_attack(state: State, cell: str, colour: str, seat: int | None = None) -> Preview:
    """What one ``colour`` token on map ``cell`` placed by ``seat`` would do, by applying it
    on a copy (see the module docstring).  ``seat`` defaults to the seat whose turn it is (the
    First Player between turns).  ``state`` is never changed.

    Returns a :class:`Preview`; its ``refused`` holds the engine's ``(clause, th, en)`` when
    the placement is not legal.  Clauses exercised: ``attack.*``, ``collapse.trigger``,
    ``damage.formula`` and whatever the engine cites for a refusal.
    """
    if seat is None:
        seat = state.turn.seat if state.turn is not None else state.first_player
    hyp = hypothetical(state, cell, colour, seat)
    try:
        tr = GAME.apply(hyp, {"player": seat, "type": "place", "cell": cell, "colour": colour})
    except IllegalAction as exc:
        return Preview(cell, colour, seat, refused=(exc.clause, exc.message_th, exc.message_en))
    events = list(tr.events)
    fronts = next((len(e.data.get("options", ())) for e in events if e.kind == "three_fronts"), 0)
    if not fronts:
        fronts = 1 if any(e.kind in ("attack", "no_attack") for e in events) else 0
    out: list[Outcome] = []
    _follow(tr.state, seat, events, (), False, out, [200])
    return Preview(cell, colour, seat, outcomes=tuple(out), fronts=fronts)


def overlay(state: State, colour: str, seat: int | None = None, cells: Iterable[str] | None = None,
            own_cards: bool = False) -> dict[str, Preview]:
    """:func:`preview_attack` for every map cell where the engine accepts the placement.

    ``cells``: the cells to try (default: every map cell); ``own_cards``: only the cells whose
    Territory card ``seat`` really holds (what the seat could do with this colour now).
    Returns ``{cell: Preview}`` for the legal cells only, in board order.
    """
    if seat is None:
        seat = state.turn.seat if state.turn is not None else state.first_player
    board = state.board
    todo = list(board.cells if cells is None else cells)
    if own_cards:
        held = set(state.players[seat].hand)
        todo = [c for c in todo if c in held]
    out = {}
    for cell in todo:
        if cell not in board.hex_of:
            continue
        p = preview_attack(state, cell, colour, seat)
        if p.legal:
            out[cell] = p
    return out
