"""The state of Valeria: frozen dataclasses of tuples, and :class:`Work`, the mutable copy one
``apply`` edits and freezes again (the input state is never touched).

A die is ``(troop, face)``.  Shrines, decks and the bag are in the fixed orders of
:data:`~rules.valeria.config.SHRINES`, :data:`TIMINGS`, :data:`PILES` and
:data:`~rules.valeria.config.TROOPS`.  A deck is an unordered pool (sorted ids): every draw from it
is a chance node, so no deck order is hidden anywhere.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .config import CAMP, Config, SHRINES, TROOPS

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
_LISTS = ("players", "shrines", "bag", "plan_deck", "plan_row", "champ_up", "award_up", "queue")


class Work:
    """A mutable copy of a :class:`State` (lists where the state has tuples), edited by one
    ``apply`` and turned back into a state by :meth:`freeze`."""

    def __init__(self, s: State):
        d = self.__dict__
        d.update(s.__dict__)
        for name in _LISTS:
            d[name] = list(d[name])
        d["shrines"] = [list(x) for x in s.shrines]
        d["champ_decks"] = [list(x) for x in s.champ_decks]
        d["award_piles"] = [list(x) for x in s.award_piles]

    @property
    def n(self) -> int:
        return len(self.players)

    def p(self, seat: int) -> Player:
        return self.players[seat]

    def edit(self, seat: int, **changes) -> Player:
        self.players[seat] = replace(self.players[seat], **changes)
        return self.players[seat]

    def freeze(self) -> State:
        out = object.__new__(State)          # a frozen dataclass: fill its fields directly
        d = out.__dict__
        d.update(self.__dict__)
        for name in _LISTS:
            d[name] = tuple(d[name])
        d["shrines"] = tuple(map(tuple, self.shrines))
        d["champ_decks"] = tuple(map(tuple, self.champ_decks))
        d["award_piles"] = tuple(map(tuple, self.award_piles))
        return out


def shrine_index(name: str) -> int:
    return SHRINES.index(name)


def troop_index(troop: str) -> int:
    return TROOPS.index(troop)


def seat_name(seat: int) -> tuple[str, str]:
    """(Thai, English) name of a seat as every label shows it."""
    return f"ผู้เล่น {seat + 1}", f"seat {seat + 1}"


def die_text(die) -> tuple[str, str]:
    from .config import TROOP_TH
    return f"{TROOP_TH[die[0]]} {die[1]}", f"{die[0]} {die[1]}"
