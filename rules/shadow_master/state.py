"""Shadow Master state: frozen dataclasses, and a mutable working copy used inside ``apply``.

``State`` is immutable (tuples, frozensets, :class:`~rules.shadow_master.board.Position`).
:func:`thaw` copies it into a :class:`Work` whose lists the rule functions change freely, and
:meth:`Work.freeze` builds the next ``State``: the input state is never mutated.

Money is in Silver.  Colours are the board's kingdom colours (index order of ``board.colours``).
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from .board import Board, Position
from .config import Config

BANK_START = 100_000  # the bank never runs out; its balance proves money is conserved


def _filled(cls):
    """A frozen slotted dataclass whose ``__init__`` fills the slots through their own setters
    (same parameters, defaults and order as the generated one).

    Why slots: a state kept for undo at every step had a ``__dict__`` per object (a 300-step
    history held 0.97 MiB with them, 0.68 MiB without: ``tests/test_shadow_master_engine.py``).  Why this ``__init__``: a frozen
    dataclass's own one sets every field through ``object.__setattr__`` (it must get past the
    frozen ``__setattr__``); a new :class:`Turn` (15 fields) at every turn and a
    :class:`ChanceReq` at every roll and draw made that a visible part of a step.  The slot
    member's ``__set__`` is what ``object.__setattr__`` ends in, without its name lookup.  The
    result is the same object: equality, hashing, ``repr``, ``replace``, copying and pickling
    (the dataclass's own ``__getstate__``/``__setstate__``) only read the fields.  Only for
    classes whose fields all take a plain default or none."""
    params, body, ns = [], [], {}
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: _filled needs plain fields")
        if f.default is MISSING:
            params.append(f.name)
        else:
            ns[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        ns[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        body.append(f"    _set_{f.name}(self, {f.name})")
    src = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body) + "\n"
    exec(src, ns)
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init
    return cls


def _with(cls):
    """``with_(obj, changes)``: ``dataclasses.replace(obj, **changes)`` for the slotted ``cls``
    without its per-call field walk (changes unchecked: the caller checks the names)."""
    names = [f.name for f in fields(cls)]
    ns = {"_new": object.__new__, "cls": cls}
    body = []
    for n in names:
        ns[f"_set_{n}"] = cls.__dict__[n].__set__
        body.append(f"    _set_{n}(o, ch[{n!r}] if {n!r} in ch else obj.{n})")
    exec("def with_(obj, ch):\n    o = _new(cls)\n" + "\n".join(body) + "\n    return o\n", ns)
    return ns["with_"]


@_filled
@dataclass(frozen=True, slots=True)
class Player:
    """One seat: ``cash`` and ``deposits`` (per kingdom colour, Silver), Kingdom ``powers`` as
    sorted ``(colour, kind)`` pairs (public), Territory ``hand`` (sorted card names, hidden),
    Shadow Master ``persons`` and ``castles`` (castle card numbers), per-round flags."""

    cash: int = 10
    deposits: tuple[int, ...] = ()
    powers: tuple[tuple[str, str], ...] = ()
    hand: tuple[str, ...] = ()
    persons: tuple[str, ...] = ()
    castles: tuple[int, ...] = ()
    out: bool = False
    moved_money: bool = False
    sold: bool = False
    turncloak_used: bool = False


@_filled
@dataclass(frozen=True, slots=True)
class Castle:
    """A built castle: its card number, the map cell it stands on, the owning seat and its
    kingdom ``colour`` (the cell's colour when built, the capturer's after ``castle.capture_swap``).

    The colour is remembered so that a castle left on an empty cell (``castle_emptied=stays``,
    or emptied by Lord Theron under ``theron_castle=ignore``) still lets only its own colour be
    placed there (``castle.on_own_colour``)."""

    card: int
    cell: str
    owner: int
    colour: str


@_filled
@dataclass(frozen=True, slots=True)
class Turn:
    """The active player's turn.

    step: ``choose`` (phase 1 choice), ``resolve`` (use the die / Military colour), ``buy``
    (offer a Kingdom Power), ``phase2`` (take Territory cards), ``phase3`` (exchanges),
    ``phase3_take`` (take after an exchange discard).
    """

    seat: int
    step: str = "choose"
    choice: str = ""
    dice: tuple[str, ...] = ()
    military: str = ""
    second_roll: bool = False
    free_decline: bool = False
    placed: int = 0
    spent: int = 0
    buy_colour: str = ""
    bought: bool = False
    to_take: int = 0
    exchanges: int = 0
    used_person: bool = False


@_filled
@dataclass(frozen=True, slots=True)
class Pending:
    """A decision owed by ``seat`` before play goes on (front of the queue first).

    kind: ``front`` (three fronts: pick the side to attack), ``remove`` (pick a defender cell to
    take a token from), ``siege`` (pick the enclosed cell), ``forced_sale`` (bankruptcy),
    ``queen`` (move deposits out of a collapsed kingdom), ``discard`` (a Territory card after
    selling a Land); and two automatic steps that are no decision, run when they reach the front
    (:data:`rules.shadow_master.flow.AUTO_KINDS`: ``capture``, ``attack_from``). ``data`` is a
    tuple of ``(key, value)`` pairs (JSON-compatible values).
    """

    kind: str
    seat: int
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default


@_filled
@dataclass(frozen=True, slots=True)
class ChanceReq:
    """A chance node: ``kind`` ``die`` | ``territory`` | ``power``; ``count`` outcomes still due;
    ``purpose`` says where a Territory card goes (``row``, ``hand``); ``seat`` receives it;
    ``colour`` is the Power deck drawn from."""

    kind: str
    count: int = 1
    purpose: str = ""
    seat: int = -1
    colour: str = ""


def _colour_index(board: Board, colour) -> int:
    try:
        return board.colour_index[colour]
    except (KeyError, TypeError):   # what board.colours.index says of anything else (ValueError)
        return board.colours.index(colour)


@_filled
@dataclass(frozen=True, slots=True)
class State:
    """The whole game (see the module docstring for units)."""

    config: Config
    seed: int
    position: Position
    supply: tuple[int, ...]
    black_supply: int
    alliances: tuple[tuple[str, ...], ...]
    castles: tuple[Castle, ...]
    castle_supply: tuple[int, ...]
    person_supply: tuple[str, ...]
    players: tuple[Player, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    row: tuple[tuple[str, int], ...]
    power_decks: tuple[tuple[int, ...], ...]
    bank: int
    round: int = 1
    first_player: int = 0
    stage: str = "turn"
    turn: Turn | None = None
    eor_seat: int = -1
    queue: tuple[Pending, ...] = ()
    chance: ChanceReq | None = None
    resume: str = ""
    cells_this_round: frozenset[str] = frozenset()
    bonus_all_colours: bool = False
    bonus_five_black: bool = False
    rank15: tuple[str, ...] = ()
    end_triggered: bool = False
    last_round: int = 0
    end_conditions: tuple[str, ...] = ()

    @property
    def board(self) -> Board:
        return self.position.board

    def cidx(self, colour: str) -> int:
        """The index of kingdom ``colour`` in ``board.colours`` (``ValueError`` for no kingdom colour)."""
        return _colour_index(self.board, colour)


# ----------------------------------------------------------------------------- working copy
_TURN_FIELDS = frozenset(f.name for f in fields(Turn))
_new = object.__new__
_turn_with = _with(Turn)

@dataclass
class PlayerW:
    cash: int
    deposits: list[int]
    powers: list[tuple[str, str]]
    hand: list[str]
    persons: list[str]
    castles: list[int]
    out: bool
    moved_money: bool
    sold: bool
    turncloak_used: bool

    base = None   # the Player this copy was thawed from (set by thaw_player), for structural sharing

    def freeze(self) -> Player:
        """The frozen :class:`Player`: ``base`` itself when nothing changed, else a new one that
        reuses ``base``'s tuples that did not change (see :meth:`Work.freeze`)."""
        b = self.base
        deposits, powers, hand = tuple(self.deposits), tuple(sorted(self.powers)), tuple(sorted(self.hand))
        persons, castles = tuple(sorted(self.persons)), tuple(sorted(self.castles))
        if b is not None:
            if (self.cash == b.cash and deposits == b.deposits and powers == b.powers
                    and hand == b.hand and persons == b.persons and castles == b.castles
                    and self.out == b.out and self.moved_money == b.moved_money
                    and self.sold == b.sold and self.turncloak_used == b.turncloak_used):
                return b
            deposits, powers = _kept(deposits, b.deposits), _kept(powers, b.powers)
            hand, persons, castles = _kept(hand, b.hand), _kept(persons, b.persons), _kept(castles, b.castles)
        return Player(self.cash, deposits, powers, hand, persons, castles, self.out, self.moved_money,
                      self.sold, self.turncloak_used)


def _kept(new, old):
    """``old`` when it equals ``new``: the frozen state reuses the previous state's unchanged
    tuple (structural sharing), so a game's history holds each unchanged pile once, not once
    per step (a 300-step game's undo history: see ``tests/test_shadow_master_engine.py``)."""
    return old if new == old else new


def thaw_player(p: Player) -> PlayerW:
    w = _new(PlayerW)
    w.__dict__.update(cash=p.cash, deposits=list(p.deposits), powers=list(p.powers), hand=list(p.hand),
                      persons=list(p.persons), castles=list(p.castles), out=p.out, moved_money=p.moved_money,
                      sold=p.sold, turncloak_used=p.turncloak_used, base=p)
    return w


@dataclass
class Work:
    """Mutable copy of a :class:`State` (lists instead of tuples); ``turn`` stays a frozen
    :class:`Turn` changed with :meth:`set_turn`."""

    config: Config
    seed: int
    position: Position
    supply: list[int]
    black_supply: int
    alliances: list[list[str]]
    castles: list[Castle]
    castle_supply: list[int]
    person_supply: list[str]
    players: list[PlayerW]
    deck: list[str]
    discard: list[str]
    row: list[list]
    power_decks: list[list[int]]
    bank: int
    round: int
    first_player: int
    stage: str
    turn: Turn | None
    eor_seat: int
    queue: list[Pending]
    chance: ChanceReq | None
    resume: str
    cells_this_round: set[str]
    bonus_all_colours: bool
    bonus_five_black: bool
    rank15: list[str]
    end_triggered: bool
    last_round: int
    end_conditions: tuple[str, ...] = ()
    events: list = field(default_factory=list)
    board: Board = field(default=None, repr=False, compare=False)   # = position.board, kept as a plain attribute
    base = None   # the State this copy was thawed from (set by thaw), whose unchanged parts freeze reuses

    def __post_init__(self) -> None:
        if self.board is None:
            self.board = self.position.board

    def set_turn(self, **changes) -> None:
        """``turn`` with ``changes`` (what ``dataclasses.replace`` gives, built without its
        per-call field walk: about a third of the step's bookkeeping before)."""
        if not _TURN_FIELDS.issuperset(changes):
            raise TypeError(f"Turn has no field {sorted(set(changes) - _TURN_FIELDS)}")
        self.turn = _turn_with(self.turn, changes)

    def cidx(self, colour: str) -> int:
        """The index of kingdom ``colour`` in ``board.colours`` (``ValueError`` for no kingdom colour)."""
        return _colour_index(self.board, colour)

    def freeze(self) -> State:
        """The next immutable :class:`State` (lists sorted into tuples; this copy is left as is).

        Structural sharing: a field (pile, supply, player) equal to the one of ``base`` (the
        state this copy was thawed from) is ``base``'s own object, so consecutive states share
        what a step did not change (equal states as before; only fewer copies)."""
        piles = {
            "supply": tuple(self.supply), "alliances": tuple(tuple(sorted(a)) for a in self.alliances),
            "castles": tuple(sorted(self.castles, key=_card)), "castle_supply": tuple(sorted(self.castle_supply)),
            "person_supply": tuple(sorted(self.person_supply)), "players": tuple([p.freeze() for p in self.players]),
            "deck": tuple(sorted(self.deck)), "discard": tuple(sorted(self.discard)),
            "row": tuple([(c, n) for c, n in self.row]), "power_decks": tuple([tuple(d) for d in self.power_decks]),
            "queue": tuple(self.queue), "cells_this_round": frozenset(self.cells_this_round),
            "rank15": tuple(self.rank15),
        }
        b = self.base
        if b is not None:
            decks, old = piles["power_decks"], b.power_decks
            if len(decks) == len(old):   # one deck a colour: the decks not drawn from are kept
                piles["power_decks"] = tuple([_kept(d, o) for d, o in zip(decks, old)])
            for name, value in piles.items():
                kept = getattr(b, name)
                if value == kept:
                    piles[name] = kept
        p = piles
        # positional, in the fields' declared order (keywords cost a third more per step)
        return State(
            self.config, self.seed, self.position, p["supply"], self.black_supply, p["alliances"], p["castles"],
            p["castle_supply"], p["person_supply"], p["players"], p["deck"], p["discard"], p["row"],
            p["power_decks"], self.bank, self.round, self.first_player, self.stage, self.turn, self.eor_seat,
            p["queue"], self.chance, self.resume, p["cells_this_round"], self.bonus_all_colours,
            self.bonus_five_black, p["rank15"], self.end_triggered, self.last_round, tuple(self.end_conditions),
        )


def _card(castle: Castle) -> int:
    return castle.card


def thaw(s: State) -> Work:
    """A mutable deep-enough copy of ``s`` (``s`` is left untouched)."""
    w = _new(Work)
    w.__dict__.update(
        config=s.config, seed=s.seed, position=s.position, supply=list(s.supply), black_supply=s.black_supply,
        alliances=[list(a) for a in s.alliances], castles=list(s.castles), castle_supply=list(s.castle_supply),
        person_supply=list(s.person_supply), players=[thaw_player(p) for p in s.players], deck=list(s.deck),
        discard=list(s.discard), row=[[c, n] for c, n in s.row], power_decks=[list(d) for d in s.power_decks],
        bank=s.bank, round=s.round, first_player=s.first_player, stage=s.stage, turn=s.turn, eor_seat=s.eor_seat,
        queue=list(s.queue), chance=s.chance, resume=s.resume, cells_this_round=set(s.cells_this_round),
        bonus_all_colours=s.bonus_all_colours, bonus_five_black=s.bonus_five_black, rank15=list(s.rank15),
        end_triggered=s.end_triggered, last_round=s.last_round, end_conditions=s.end_conditions, events=[],
        board=s.position.board, base=s,
    )
    return w
