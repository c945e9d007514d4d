"""Shadow Master state: frozen dataclasses, and a mutable working copy used inside ``apply``.

``State`` is immutable (tuples, frozensets, :class:`~rules.shadow_master.board.Position`).
:func:`thaw` copies it into a :class:`Work` whose lists the rule functions change freely, and
:meth:`Work.freeze` builds the next ``State``: the input state is never mutated.

Money is in Silver.  Colours are the board's kingdom colours (index order of ``board.colours``).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .board import Board, Position
from .config import Config

BANK_START = 100_000  # the bank never runs out; its balance proves money is conserved


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class ChanceReq:
    """A chance node: ``kind`` ``die`` | ``territory`` | ``power``; ``count`` outcomes still due;
    ``purpose`` says where a Territory card goes (``row``, ``hand``); ``seat`` receives it;
    ``colour`` is the Power deck drawn from."""

    kind: str
    count: int = 1
    purpose: str = ""
    seat: int = -1
    colour: str = ""


@dataclass(frozen=True)
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
        return self.board.colours.index(colour)


# ----------------------------------------------------------------------------- working copy
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

    def freeze(self) -> Player:
        return Player(self.cash, tuple(self.deposits), tuple(sorted(self.powers)), tuple(sorted(self.hand)),
                      tuple(sorted(self.persons)), tuple(sorted(self.castles)), self.out, self.moved_money,
                      self.sold, self.turncloak_used)


def thaw_player(p: Player) -> PlayerW:
    return PlayerW(p.cash, list(p.deposits), list(p.powers), list(p.hand), list(p.persons), list(p.castles),
                   p.out, p.moved_money, p.sold, p.turncloak_used)


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

    @property
    def board(self) -> Board:
        return self.position.board

    def set_turn(self, **changes) -> None:
        self.turn = replace(self.turn, **changes)

    def cidx(self, colour: str) -> int:
        return self.board.colours.index(colour)

    def freeze(self) -> State:
        return State(
            config=self.config, seed=self.seed, position=self.position, supply=tuple(self.supply),
            black_supply=self.black_supply, alliances=tuple(tuple(sorted(a)) for a in self.alliances),
            castles=tuple(sorted(self.castles, key=lambda c: c.card)), castle_supply=tuple(sorted(self.castle_supply)),
            person_supply=tuple(sorted(self.person_supply)), players=tuple(p.freeze() for p in self.players),
            deck=tuple(sorted(self.deck)), discard=tuple(sorted(self.discard)),
            row=tuple((c, n) for c, n in self.row), power_decks=tuple(tuple(d) for d in self.power_decks),
            bank=self.bank, round=self.round, first_player=self.first_player, stage=self.stage, turn=self.turn,
            eor_seat=self.eor_seat, queue=tuple(self.queue), chance=self.chance, resume=self.resume,
            cells_this_round=frozenset(self.cells_this_round), bonus_all_colours=self.bonus_all_colours,
            bonus_five_black=self.bonus_five_black, rank15=tuple(self.rank15), end_triggered=self.end_triggered,
            last_round=self.last_round, end_conditions=tuple(self.end_conditions),
        )


def thaw(s: State) -> Work:
    """A mutable deep-enough copy of ``s`` (``s`` is left untouched)."""
    return Work(
        config=s.config, seed=s.seed, position=s.position, supply=list(s.supply), black_supply=s.black_supply,
        alliances=[list(a) for a in s.alliances], castles=list(s.castles), castle_supply=list(s.castle_supply),
        person_supply=list(s.person_supply), players=[thaw_player(p) for p in s.players], deck=list(s.deck),
        discard=list(s.discard), row=[[c, n] for c, n in s.row], power_decks=[list(d) for d in s.power_decks],
        bank=s.bank, round=s.round, first_player=s.first_player, stage=s.stage, turn=s.turn, eor_seat=s.eor_seat,
        queue=list(s.queue), chance=s.chance, resume=s.resume, cells_this_round=set(s.cells_this_round),
        bonus_all_colours=s.bonus_all_colours, bonus_five_black=s.bonus_five_black, rank15=list(s.rank15),
        end_triggered=s.end_triggered, last_round=s.last_round, end_conditions=s.end_conditions,
    )
