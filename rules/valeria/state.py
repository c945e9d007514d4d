"""The state of Valeria: frozen dataclasses of tuples, and :class:`Work`, the mutable copy one
``apply`` edits and freezes again (the input state is never touched).

A die is ``(troop, face)``.  Shrines, decks and the bag are in the fixed orders of
:data:`~rules.valeria.config.SHRINES`, :data:`TIMINGS`, :data:`PILES` and
:data:`~rules.valeria.config.TROOPS`.  A deck is an unordered pool (sorted ids): every draw from it
is a chance node, so no deck order is hidden anywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache

from ..core.base import player_words
from .config import CAMP, Config, SHRINES, TROOP_TH, TROOPS

Die = tuple  # (troop, face)
TIMINGS = ("instant", "ongoing", "end_game")   # setup.champions: the three champion decks
PILES = ("left", "centre", "right")            # setup.awards: the three award piles
TIMING_TH = {"instant": "ทันที", "ongoing": "ต่อเนื่อง", "end_game": "จบเกม"}

# observe(...)["phase"] values
PHASE_SIDE, PHASE_MOVE, PHASE_TAKE, PHASE_DISCARD = "side", "move", "take", "discard"
PHASE_MAGIC, PHASE_CHAMPION, PHASE_TACTICS = "magic", "champion", "tactics"
PHASE_PLAN, PHASE_ASSIGN, PHASE_ADJUST = "plan", "assign", "adjust"
PHASE_LEVEL, PHASE_SKIRMISH, PHASE_CHAIN_CHAMPION, PHASE_CHAIN_DIE = "level", "skirmish", "chain_champion", "chain_die"
PHASE_CHANCE, PHASE_OVER = "chance", "over"


@dataclass(frozen=True)
class Player:
    """One seat: ``map_id``/``side`` (campaign map, side 0/1, ``None`` until chosen); ``warden`` (a
    shrine name or ``camp``); ``troops`` (dice on the troop slots); ``reserve`` (reserved plan ids);
    ``plans`` (completed); ``champions``; ``awards`` (claimed); ``lifted`` ((track, unlocked) per
    conquest marker taken off the board, in order); ``conquered`` (map space ids, in placement
    order); the tracks ``gold``, ``magic``, ``influence``, ``gems``; ``vp`` and ``vp_by`` (per
    :data:`~rules.valeria.config.VP_SOURCES`)."""

    map_id: str
    side: int | None = None
    warden: str = CAMP
    troops: tuple = ()
    reserve: tuple = ()
    plans: tuple = ()
    champions: tuple = ()
    awards: tuple = ()
    lifted: tuple = ()
    conquered: tuple = ()
    gold: int = 0
    magic: int = 0
    influence: int = 0
    gems: int = 0
    vp: int = 0
    vp_by: tuple = (0, 0, 0, 0, 0)


@dataclass(frozen=True)
class Battle:
    """A battle at camp (battle.*): the ``plan`` and where it came from (``reserve`` or ``row``),
    its requirement ``slots`` (one troop type or ``any`` each), the troop indices assigned so far
    (``dice``, slot order), their current ``faces`` and ``wild`` flags; after the fight ``real``
    (strength after the influence cap, battle.strength_cap) and ``used`` (the type each die counted as)."""

    plan: str
    source: str
    slots: tuple
    dice: tuple = ()
    faces: tuple = ()
    wild: tuple = ()
    real: int | None = None
    used: tuple = ()


@dataclass(frozen=True)
class State:
    """Everything on the table.  ``queue``: the steps still to run this turn (tuples such as
    ``("take", shrine)``, ``("roll", shrine)``, ``("draw", deck, slot)``); its head is a decision
    of ``turn``, a chance node, or runs by itself.  ``die_taken``: the die taken this turn (its
    discount, shrines.*).  ``end_triggered``: someone completed a 7th plan (end.trigger_and_scoring), or no plan is left
    (ambiguity plans_exhausted); ``end_trigger``: which (``"seventh_plan"``, ``"plans_exhausted"``;
    ``""`` before)."""

    config: Config
    players: tuple
    shrines: tuple
    bag: tuple
    gem_shrine: int
    gem_box: int
    plan_deck: tuple
    plan_row: tuple
    champ_decks: tuple
    champ_up: tuple
    award_piles: tuple
    award_up: tuple
    first: int
    turn: int
    queue: tuple = ()
    battle: Battle | None = None
    die_taken: tuple | None = None
    end_triggered: bool = False
    end_trigger: str = ""
    round: int = 1
    turns: int = 0
    winners: tuple | None = None
    passes: int = 0

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.winners is not None


_STATE_FIELDS = tuple(f.name for f in fields(State))
_FIELDS = {cls: frozenset(f.name for f in fields(cls)) for cls in (Player, Battle)}
_new = object.__new__


def renewed(obj, **changes):
    """``dataclasses.replace(obj, **changes)`` for a :class:`Player` or a :class:`Battle`, built by
    filling the new object's ``__dict__`` (several times faster; a game edits a player about once a
    step).  The same object as ``replace`` gives; an unknown field raises ``replace``'s TypeError."""
    cls = type(obj)
    if not changes.keys() <= _FIELDS[cls]:
        return replace(obj, **changes)
    out = _new(cls)
    _set_dict(out, "__dict__", {**obj.__dict__, **changes})
    return out


_set_dict = object.__setattr__
_PLAYER_FIELDS = _FIELDS[Player]
_LISTS = ("players", "shrines", "bag", "plan_row", "champ_up", "award_up", "queue")


class Work:
    """A mutable copy of a :class:`State` (lists where the state has tuples), edited by one
    ``apply`` and turned back into a state by :meth:`freeze`.  The three decks (``plan_deck``,
    ``champ_decks``, ``award_piles``: some hundred cards) stay tuples: a draw replaces the one it
    changes (:func:`drawn_from`) instead of every step copying them in and out."""

    def __init__(self, s: State):
        d = self.__dict__
        d.update(s.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        d["shrines"] = [list(x) for x in s.shrines]

    @property
    def n(self) -> int:
        return len(self.players)

    def p(self, seat: int) -> Player:
        return self.players[seat]

    def edit(self, seat: int, **changes) -> Player:
        """Give ``seat`` a new :class:`Player` with ``changes`` (:func:`renewed`, written out here:
        the players are edited about once a step)."""
        if not changes.keys() <= _PLAYER_FIELDS:
            return renewed(self.players[seat], **changes)   # raises replace's TypeError
        p = _new(Player)
        _set_dict(p, "__dict__", {**self.players[seat].__dict__, **changes})
        self.players[seat] = p
        return p

    def freeze(self) -> State:
        out = object.__new__(State)          # a frozen dataclass: fill its fields directly
        d = out.__dict__
        d.update(self.__dict__)
        for name in _LISTS:
            d[name] = tuple(d[name])
        d["shrines"] = tuple(map(tuple, self.shrines))
        return out


def drawn_from(cards: tuple, card) -> tuple:
    """``cards`` without the first ``card`` (``ValueError`` when it is not there, as ``list.remove``)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def shrine_index(name: str) -> int:
    return SHRINES.index(name)


def troop_index(troop: str) -> int:
    return TROOPS.index(troop)


@lru_cache(maxsize=64)
def seat_name(seat: int) -> tuple[str, str]:
    """(Thai, English) name of a seat as every label shows it (kept: about one an event): the
    engine's ``seat_words`` (:func:`rules.core.base.player_words`)."""
    return player_words(seat)


def die_text(die) -> tuple[str, str]:
    """(Thai, English) text of a die ``(troop, face)``, e.g. ``("ออร์ค 6", "orc 6")``."""
    if type(die[1]) is int and die in _DIE_TEXT:
        return _DIE_TEXT[die]
    return f"{TROOP_TH[die[0]]} {die[1]}", f"{die[0]} {die[1]}"   # not one of the 30 dice


_DIE_TEXT = {(t, f): (f"{TROOP_TH[t]} {f}", f"{t} {f}") for t in TROOPS for f in range(1, 7)}
