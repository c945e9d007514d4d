"""The state of New World: one frozen dataclass of tuples, and the mutable working copy ``Work``.

Board cells hold :data:`~rules.new_world.tiles.EMPTY`, ``COVERED`` or ``seat * 8 + kind``, in the
order of the map's cells (``Board.cells``).  A pile is drawn from its end.  ``stage`` says what
happens next: ``place`` (a seat places its hand tile), ``second_pick`` (chance: which tribe tile is
drawn for 'place a 2nd tile'), ``second_place`` (the seat places it), ``double`` (the seat chooses
where its double marker goes), ``shuffle`` (chance: the pile is shuffled after 'draw 3'),
``final_scoring`` (everyone has placed all tiles, intro.goal: the end-game scoring is the next step, a
chance node of one outcome, so that the story heads it apart from the last placement), ``over``.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from .board import Board, load_map, load_map_text
from .config import Config

PLACE, SECOND_PICK, SECOND_PLACE, DOUBLE, SHUFFLE, FINAL_SCORING, OVER = (
    "place", "second_pick", "second_place", "double", "shuffle", "final_scoring", "over")
PHASES = (PLACE, SECOND_PICK, SECOND_PLACE, DOUBLE, SHUFFLE, FINAL_SCORING, OVER)
"""``observe(...)["phase"]`` values (the ``stage``)."""
LOST = "lost"
"""``doubled[seat]`` when the double marker found no card to go on."""


@dataclass(frozen=True)
class State:
    """``cells``: per map cell; ``hands`` / ``piles`` / ``aside`` (face down out of the game) /
    ``tribe`` (Ireland's tribe-board pile) / ``boxed`` (four-player box-out): per seat, tuples of
    kinds; ``scores`` and ``sources`` (per seat, per :data:`~rules.new_world.config.SOURCES`);
    ``turn``: the seat to act; ``first``: who started; ``castle_holder``: per castle, a seat or -1;
    ``cathedral_marks``: per cathedral, a bit per seat; ``missions``: per seat, its secret cards;
    ``mission_deck``: the face-down deck (top last); ``public``: Ireland's face-up cards,
    ``public_deck`` the rest, ``public_done``: per face-up card the seats that achieved it, in order;
    ``doubled``: per seat, None / a card id / ``"lost"``; ``tower_bonus``: per tower its bonus;
    ``tower_used``: per seat a bit per tower; ``set_claimed``: per seat, the set bonuses taken;
    ``draw_three``: per seat, draws 3 at the end of this turn; ``second``: the tribe tile to place
    (-1); ``second_used``: this turn's 2nd tile is used; ``pending_second`` / ``pending_double``:
    bonuses waiting; ``returned``: tiles a 3-draw gave back (to be shuffled in); ``ending``: the
    last round is on (uneven_tile_end=end_at_first_empty); ``winners``: set when over."""

    config: Config
    cells: tuple
    hands: tuple
    piles: tuple
    aside: tuple
    tribe: tuple
    boxed: tuple
    scores: tuple
    sources: tuple
    turn: int = 0
    first: int = 0
    castle_holder: tuple = ()
    cathedral_marks: tuple = ()
    missions: tuple = ()
    mission_deck: tuple = ()
    public: tuple = ()
    public_deck: tuple = ()
    public_done: tuple = ()
    doubled: tuple = ()
    tower_bonus: tuple = ()
    tower_used: tuple = ()
    set_claimed: tuple = ()
    draw_three: tuple = ()
    stage: str = PLACE
    second: int = -1
    second_used: bool = False
    pending_second: bool = False
    pending_double: bool = False
    returned: tuple = ()
    ending: bool = False
    winners: tuple | None = None

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def over(self) -> bool:
        return self.winners is not None

    @property
    def board(self) -> Board:
        c = self.config
        return load_map_text(c.map_yaml, c.side) if c.map_yaml else load_map(c.side, c.map_layout)


_FIELDS = tuple(f.name for f in fields(State))
_NESTED = ("hands", "piles", "aside", "tribe", "sources", "missions", "public_done")
_FLAT = ("cells", "scores", "castle_holder", "cathedral_marks", "mission_deck", "public_deck", "doubled",
         "tower_used", "draw_three", "returned")
_PLAIN = tuple(f for f in _FIELDS if f not in _NESTED + _FLAT + ("set_claimed",))


class Work:
    """A mutable copy of a :class:`State` (lists instead of tuples) that the rule modules edit
    inside one ``apply``; :meth:`freeze` gives the next frozen state.  ``board`` is the static map.
    (``boxed`` never changes and stays a tuple.)"""

    __slots__ = _FIELDS + ("board",)

    def __init__(self, s: State):
        d = s.__dict__
        for f in _PLAIN:
            setattr(self, f, d[f])
        for f in _FLAT:
            setattr(self, f, list(d[f]))
        for f in _NESTED:
            setattr(self, f, list(map(list, d[f])))
        self.set_claimed = list(map(set, s.set_claimed))
        self.board = s.board

    @property
    def players(self) -> int:
        return len(self.hands)

    def freeze(self) -> State:
        out = {f: getattr(self, f) for f in _PLAIN}
        for f in _FLAT:
            out[f] = tuple(getattr(self, f))
        for f in _NESTED:
            out[f] = tuple(map(tuple, getattr(self, f)))
        out["set_claimed"] = tuple(map(frozenset, self.set_claimed))
        return State(**out)
