"""Shadow Master board: cells named by Territory card, tokens, connected groups and Rank.

The board per player count is not given by the rulebook (clause ``players.board_by_count``): it
is read from ``data/shadow_master/board.yaml`` (``assumed: true``) and validated by
:class:`BoardSpec`.  Cells are named by row letter and number (``"K1"``); rows are laid out in
odd-r offset coordinates and converted to axial ``(q, r)`` with :mod:`rules.core.hexgrid`, so all
adjacency (including the odd-row diagonals) is hex adjacency, never square-grid adjacency.

A :class:`Position` is an immutable, hashable mapping ``cell name -> (colour, count)`` holding
only the non-empty map cells; it knows its :class:`Board`.  Functions here are pure:

* :func:`load_board` ``(players) -> Board``
* :func:`place_token` ``(position, cell, colour, count=1) -> Position`` (clause ``board.cell_capacity``)
* :func:`remove_token` ``(position, cell, count=1) -> Position``
* :func:`groups` ``(position, colour) -> list[frozenset[str]]``, largest first
* :func:`rank` ``(position, colour) -> int``: cells (not tokens) in the largest group
  (clause ``rank.largest_group``)
* :func:`rank_by_colour` ``(position) -> dict[str, int]``
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.core import hexgrid
from rules.core.datafile import load_model
from rules.core.protocol import BadInput, IllegalAction

DATA = Path(__file__).resolve().parents[2] / "data" / "shadow_master"
BOARD_FILE = DATA / "board.yaml"
MAX_TOKENS = 3  # clause board.cell_capacity

Hex = tuple[int, int]


# --------------------------------------------------------------------------- schema
class Layout(BaseModel):
    """One player count's board: ``columns`` cells per row, ``x_cells`` alliance cells, supplies."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    columns: int = Field(ge=3, le=26)
    x_cells: int = Field(ge=1, le=9)
    tokens_per_colour: int = Field(ge=1)
    black_tokens: int = Field(ge=0)


class BoardSpec(BaseModel):
    """Schema of ``data/shadow_master/board.yaml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    assumed: bool
    note: str = Field(min_length=1)
    rows: str = Field(min_length=2)
    colours: tuple[str, ...]
    black: str
    colour_th: dict[str, str]
    layouts: dict[int, Layout]

    @field_validator("rows")
    @classmethod
    def _rows_are_letters(cls, v: str) -> str:
        if not (v.isalpha() and v.isupper() and len(set(v)) == len(v)) or "X" in v:
            raise ValueError("rows must be distinct capital letters other than X")
        return v

    @model_validator(mode="after")
    def _colours_named(self) -> "BoardSpec":
        if len(set(self.colours)) != len(self.colours) or self.black in self.colours:
            raise ValueError("colours must be distinct and not include the black colour")
        missing = [c for c in (*self.colours, self.black) if c not in self.colour_th]
        if missing:
            raise ValueError(f"colour_th lacks {missing}")
        return self


# --------------------------------------------------------------------------- board
@dataclass(frozen=True, eq=False)
class Board:
    """A board for one player count (identity-hashed; built once per count by :func:`load_board`).

    cells: map cell names in reading order (``"A1", "A2", ..., "N8"``).
    hex_of / name_of: cell name <-> axial ``(q, r)``.
    neighbours: cell name -> names of the adjacent map cells (hex adjacency).
    edge: names of map-edge cells (fewer than six neighbours on the board).
    x_cells: alliance cell names (``"X1"``...), off the map: no neighbours.
    colours: the kingdom colours; black: the black token's colour name.
    order / colour_index: a cell's index in ``cells`` / a kingdom colour's in ``colours``.
    """

    players: int
    rows: str
    columns: int
    cells: tuple[str, ...]
    hex_of: Mapping[str, Hex]
    name_of: Mapping[Hex, str]
    neighbours: Mapping[str, tuple[str, ...]]
    edge: frozenset[str]
    x_cells: tuple[str, ...]
    colours: tuple[str, ...]
    black: str
    colour_th: Mapping[str, str]
    tokens_per_colour: int
    black_tokens: int
    assumed: bool = True
    note: str = ""
    order: Mapping[str, int] = field(default_factory=dict)
    colour_index: Mapping[str, int] = field(default_factory=dict)

    @cached_property
    def all_colours(self) -> tuple[str, ...]:
        """Kingdom colours then black (built once: every placement checks its colour in it)."""
        return (*self.colours, self.black)

    def hex(self, cell: str) -> Hex:
        """Axial ``(q, r)`` of a map cell; :class:`IllegalAction` (``board.kingdom_cells``) if unknown."""
        try:
            return self.hex_of[cell]
        except KeyError:
            raise _unknown_cell(self, cell) from None

    def offset(self, cell: str) -> tuple[int, int]:
        """Odd-r offset ``(col, row)`` of a map cell (0-based)."""
        return hexgrid.axial_to_oddr(self.hex(cell))

    def distance(self, a: str, b: str) -> int:
        """Hex distance in steps between two map cells."""
        return hexgrid.distance(self.hex(a), self.hex(b))


def cell_name(rows: str, col: int, row: int) -> str:
    """Name of the cell at odd-r offset ``(col, row)``: row letter + 1-based number (``K1``)."""
    return f"{rows[row]}{col + 1}"


def read_spec(path: Path | str = BOARD_FILE) -> BoardSpec:
    """Load and validate the board file; :class:`BadInput` names the file and field."""
    path = Path(path)
    return load_model(path, BoardSpec)


def build_board(spec: BoardSpec, players: int) -> Board:
    """The :class:`Board` of ``spec`` for ``players``; :class:`BadInput` if no layout is given."""
    if players not in spec.layouts:
        raise BadInput("data/shadow_master/board.yaml", f"layouts.{players}",
                       f"ไม่มีกระดานสำหรับผู้เล่น {players} คน (มี {sorted(spec.layouts)})",
                       f"no board for {players} players (have {sorted(spec.layouts)})")
    lay = spec.layouts[players]
    cells, hex_of = [], {}
    for row in range(len(spec.rows)):
        for col in range(lay.columns):
            name = cell_name(spec.rows, col, row)
            cells.append(name)
            hex_of[name] = hexgrid.oddr_to_axial(col, row)
    name_of = {h: n for n, h in hex_of.items()}
    hexes = frozenset(hex_of.values())
    neighbours = {n: tuple(name_of[h] for h in hexgrid.board_neighbours(hex_of[n], hexes)) for n in cells}
    edge = frozenset(name_of[h] for h in hexgrid.edge_cells(hexes))
    return Board(
        players=players, rows=spec.rows, columns=lay.columns, cells=tuple(cells), hex_of=hex_of,
        name_of=name_of, neighbours=neighbours, edge=edge,
        x_cells=tuple(f"X{i + 1}" for i in range(lay.x_cells)), colours=spec.colours, black=spec.black,
        colour_th=dict(spec.colour_th), tokens_per_colour=lay.tokens_per_colour,
        black_tokens=lay.black_tokens, assumed=spec.assumed, note=spec.note,
        order={n: i for i, n in enumerate(cells)}, colour_index={c: i for i, c in enumerate(spec.colours)},
    )


@lru_cache(maxsize=None)
def load_board(players: int) -> Board:
    """The assumed board for ``players`` (cached; the same object each call).

    Raises :class:`BadInput` when ``data/shadow_master/board.yaml`` is malformed or has no
    layout for that count.  Clauses: ``players.board_by_count``, ``board.hex_cells``.
    """
    return build_board(read_spec(), players)


# --------------------------------------------------------------------------- position
class Position(Mapping[str, tuple[str, int]]):
    """Immutable mapping ``cell -> (colour, count)`` of the non-empty map cells of ``board``.

    Hashable and comparable (same board, same contents).  Build new positions with
    :func:`place_token`, :func:`remove_token`, :func:`set_cell`; never mutate one.
    """

    __slots__ = ("board", "_cells", "_hash", "_cache", "_groups", "_ranks", "_tokens")

    def __init__(self, board: Board, cells: Mapping[str, tuple[str, int]] | Iterable = ()):
        items = dict(cells)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "_cells", {k: (str(v[0]), int(v[1])) for k, v in items.items() if int(v[1]) > 0})
        object.__setattr__(self, "_hash", None)
        object.__setattr__(self, "_cache", {})   # memoised cell order and checks' own entries (safe: immutable)
        object.__setattr__(self, "_groups", {})  # colour set -> groups, largest first (see groups())
        object.__setattr__(self, "_ranks", {})   # colour or colour set -> Rank
        object.__setattr__(self, "_tokens", None)  # colour -> tokens on the map, once asked

    @classmethod
    def _derived(cls, board: Board, cells: dict, cache: dict, groups: dict, ranks: dict, tokens) -> "Position":
        """A position built by :func:`set_cell` from checked ``cells`` (no re-validation), with the
        memos carried over from the position it was derived from."""
        # the slots' own setters (bound once, below the class): what object.__setattr__ ends in,
        # without its per-call name lookup (a placement derives a position at every token)
        self = object.__new__(cls)
        _set_board(self, board)
        _set_cells(self, cells)
        _set_hash(self, None)
        _set_cache(self, cache)
        _set_groups(self, groups)
        _set_ranks(self, ranks)
        _set_tokens(self, tokens)
        return self

    def __setattr__(self, name, value):  # immutability
        raise AttributeError("Position is immutable")

    def __getitem__(self, cell: str) -> tuple[str, int]:
        return self._cells[cell]

    def __iter__(self) -> Iterator[str]:
        return iter(self._ordered())

    def _ordered(self) -> tuple[str, ...]:
        keys = self._cache.get("order")
        if keys is None:
            keys = self._cache["order"] = tuple(sorted(self._cells, key=self.board.order.__getitem__))
        return keys

    # fast paths (the Mapping mixins go through __getitem__ / __iter__)
    def __contains__(self, cell) -> bool:
        return cell in self._cells

    def get(self, cell, default=None):
        return self._cells.get(cell, default)

    def items(self):
        return [(c, self._cells[c]) for c in self._ordered()]

    def values(self):
        return list(self._cells.values())

    def __len__(self) -> int:
        return len(self._cells)

    def __hash__(self) -> int:
        if self._hash is None:
            object.__setattr__(self, "_hash", hash((self.board.players, frozenset(self._cells.items()))))
        return self._hash

    def __eq__(self, other) -> bool:
        if isinstance(other, Position):
            return self.board is other.board and self._cells == other._cells
        return NotImplemented

    def __repr__(self) -> str:
        body = ", ".join(f"{c}: {v[0]}x{v[1]}" for c, v in self.items())
        return f"Position({self.board.players}p; {body})"

    def colour_at(self, cell: str) -> str | None:
        """The colour in ``cell`` or ``None`` when it is empty."""
        v = self._cells.get(cell)
        return v[0] if v else None

    def count_at(self, cell: str) -> int:
        """Tokens in ``cell`` (0 when empty)."""
        v = self._cells.get(cell)
        return v[1] if v else 0

    def colours(self) -> frozenset[str]:
        """The colours (black included) with at least one token on the map (memoised)."""
        found = self._cache.get("colours")
        if found is None:
            found = self._cache["colours"] = frozenset(self._token_counts())
        return found

    def _token_counts(self) -> dict[str, int]:
        t = self._tokens
        if t is None:
            t = {}
            for col, n in self._cells.values():
                t[col] = t.get(col, 0) + n
            object.__setattr__(self, "_tokens", t)
        return t

    def to_json(self) -> dict[str, list]:
        """``{cell: [colour, count]}`` in board order."""
        return {c: [v[0], v[1]] for c, v in self.items()}


_set_board, _set_cells, _set_hash, _set_cache, _set_groups, _set_ranks, _set_tokens = (
    getattr(Position, name).__set__ for name in ("board", "_cells", "_hash", "_cache", "_groups", "_ranks", "_tokens"))
assert set(Position.__slots__) == {"board", "_cells", "_hash", "_cache", "_groups", "_ranks", "_tokens"}


def empty_position(board: Board) -> Position:
    """A position with no token on ``board``."""
    return Position(board)


def _unknown_cell(board: Board, cell: str) -> IllegalAction:
    if isinstance(cell, str) and cell.startswith("X"):
        return IllegalAction("board.alliance_cells",
                             f"ช่อง {cell} เป็นช่องผูกพันธมิตร ไม่ใช่ช่องบนแผนที่",
                             f"cell {cell} is an alliance cell, not a map cell")
    return IllegalAction("board.kingdom_cells",
                         f"ไม่มีช่อง {cell!r} บนกระดาน (แถว {board.rows[0]}-{board.rows[-1]} "
                         f"หมายเลข 1-{board.columns})",
                         f"no cell {cell!r} on the board (rows {board.rows[0]}-{board.rows[-1]}, "
                         f"numbers 1-{board.columns})")


def _check_colour(board: Board, colour: str) -> None:
    if colour not in board.all_colours:
        raise IllegalAction("board.hex_cells", f"ไม่มีสี {colour!r} ในเกม (มี {', '.join(board.all_colours)})",
                            f"no colour {colour!r} in the game (have {', '.join(board.all_colours)})")


def set_cell(position: Position, cell: str, colour: str | None, count: int) -> Position:
    """A copy of ``position`` with ``cell`` set to ``count`` tokens of ``colour`` (0 empties it).

    Checks the cell, the colour and ``0 <= count <= 3`` (``board.cell_capacity``); no other rule.
    """
    board = position.board
    board.hex(cell)
    if count:
        _check_colour(board, colour)
    if not 0 <= count <= MAX_TOKENS:
        raise IllegalAction("board.cell_capacity", f"ช่องหนึ่งมีโทเคนได้ 0-3 ตัว (ขอ {count})",
                            f"a cell holds 0-3 tokens (asked {count})")
    return _derive(position, cell, colour if count else None, count)


def _derive(position: Position, cell: str, colour: str | None, count: int) -> Position:
    """``position`` with ``cell`` holding ``count`` tokens of ``colour`` (``None``/0: empty),
    keeping what stays true of the memos (Rank and groups kept incrementally, clause
    ``rank.largest_group``):

    * a count change within one colour changes no group, no Rank, no cell order;
    * a newly coloured cell joins, for every memoised colour set holding its colour, the groups
      next to it into one (a union by hex adjacency); sets without its colour are unchanged;
    * a cell that loses its colour drops the memos of the sets holding that colour (a group may
      split: recomputed from scratch when next asked).
    """
    board = position.board
    old = position._cells.get(cell)
    cells = dict(position._cells)
    if count:
        cells[cell] = (colour, count)
    else:
        cells.pop(cell, None)
    before = old[0] if old else None
    tokens = position._tokens
    if tokens is not None:
        tokens = dict(tokens)
        if old:
            left = tokens[before] - old[1]
            if left:
                tokens[before] = left
            else:
                del tokens[before]
        if count:
            tokens[colour] = tokens.get(colour, 0) + count
    if before == colour:   # same colour (or empty -> empty): the same cells of every colour
        cache = {"order": position._cache["order"]} if "order" in position._cache else {}
        return Position._derived(board, cells, cache, position._groups, position._ranks, tokens)
    groups, ranks = {}, {}
    for key, found in position._groups.items():   # (None is in no key: an empty cell has no colour)
        if before in key:
            if colour in key:   # the cell stays in this set
                groups[key] = found
            continue   # lost a cell: may split, recomputed on demand
        groups[key] = _joined(board, found, cell) if colour in key else found
    for key, r in position._ranks.items():   # a colour's Rank is memoised by its name, its groups by its set
        if isinstance(key, str):
            if key != before and key != colour:
                ranks[key] = r   # its groups were kept as they were: the same largest group
                continue
            cs = _ONE.get(key)
            if cs is None:
                cs = _ONE[key] = frozenset((key,))
        else:
            if before not in key and colour not in key:
                ranks[key] = r
                continue
            cs = key
        found = groups.get(cs)
        if found is not None:
            ranks[key] = len(found[0]) if found else 0
    return Position._derived(board, cells, {}, groups, ranks, tokens)


_ONE: dict[str, frozenset[str]] = {}
"""``{colour: frozenset([colour])}``, filled on first use (by :func:`_derive`)."""


def _joined(board: Board, found: tuple, cell: str) -> tuple:
    """``found`` (groups, largest first) with ``cell`` added: it joins every group next to it."""
    near = board.neighbours[cell]
    merged = {cell}
    rest = []
    for g in found:
        if g.isdisjoint(near):
            rest.append(g)
        else:
            merged |= g
    # ``rest`` keeps ``found``'s order (largest first, ties by first cell in board order: the
    # order groups() sorts by), so the merged group is inserted where that sort would put it;
    # a group's first cell is only looked at when its size ties with the merged group's
    order = board.order
    size = len(merged)
    first = None
    at = len(rest)
    for i, g in enumerate(rest):
        n = len(g)
        if n > size:
            continue
        if n == size:
            if first is None:
                first = min(order[c] for c in merged)
            if min(order[c] for c in g) < first:
                continue
        at = i
        break
    rest.insert(at, frozenset(merged))
    return tuple(rest)


def place_token(position: Position, cell: str, colour: str, count: int = 1) -> Position:
    """``position`` with ``count`` more ``colour`` tokens in map ``cell``.

    Raises :class:`IllegalAction`: ``board.cell_capacity`` when the cell would exceed 3 tokens or
    holds another colour; ``board.kingdom_cells`` / ``board.alliance_cells`` for a cell not on
    the map; ``board.hex_cells`` for an unknown colour.  The input is never changed.
    """
    board = position.board
    board.hex(cell)
    _check_colour(board, colour)
    if count < 1:
        raise IllegalAction("board.cell_capacity", "ต้องวางอย่างน้อย 1 โทเคน", "place at least 1 token")
    have, n = position.get(cell, (colour, 0))
    if have != colour:
        raise IllegalAction(
            "board.cell_capacity",
            f"ช่อง {cell} มีโทเคนสี{board.colour_th.get(have, have)}อยู่แล้ว ช่องหนึ่งวางได้เฉพาะโทเคนสีเดียวกันเท่านั้น",
            f"cell {cell} already holds {have} tokens; a cell holds tokens of one colour only")
    if n + count > MAX_TOKENS:
        raise IllegalAction(
            "board.cell_capacity",
            f"ช่อง {cell} มีโทเคน {n} ตัวแล้ว วางได้สูงสุด {MAX_TOKENS} โทเคนต่อช่อง",
            f"cell {cell} already holds {n} token(s); a cell holds at most {MAX_TOKENS} tokens")
    return _derive(position, cell, colour, n + count)   # set_cell's checks all passed above


def remove_token(position: Position, cell: str, count: int = 1) -> Position:
    """``position`` with ``count`` tokens taken out of ``cell`` (the cell empties at 0).

    Raises :class:`IllegalAction` (``board.cell_capacity``) when the cell holds fewer than
    ``count`` tokens, or ``board.kingdom_cells`` for an unknown cell.
    """
    position.board.hex(cell)
    colour, n = position.get(cell, (None, 0))
    if count < 1 or count > n:
        raise IllegalAction("board.cell_capacity", f"ช่อง {cell} มีโทเคน {n} ตัว เอาออก {count} ตัวไม่ได้",
                            f"cell {cell} holds {n} token(s); cannot remove {count}")
    # set_cell's checks hold: a known cell, the colour already on it, 0 <= n - count < n <= 3
    return _derive(position, cell, colour if n - count else None, n - count)


# --------------------------------------------------------------------------- groups and Rank
def _colour_set(colour: str | Iterable[str]) -> frozenset[str]:
    return frozenset([colour]) if isinstance(colour, str) else frozenset(colour)


def cells_of(position: Position, colour: str | Iterable[str]) -> list[str]:
    """Map cells holding ``colour`` (or any of several colours), in board order."""
    cs = _colour_set(colour)
    cells = position._cells
    return [c for c in position._ordered() if cells[c][0] in cs]


def tokens_of(position: Position, colour: str) -> int:
    """Tokens of ``colour`` on the map (a cell of 3 counts 3)."""
    return position._token_counts().get(colour, 0)


def empty_cells(position: Position) -> list[str]:
    """Map cells with no token, in board order."""
    have = position._cells
    return [c for c in position.board.cells if c not in have]


def groups(position: Position, colour: str | Iterable[str]) -> list[frozenset[str]]:
    """Connected groups of the cells of ``colour`` by hex adjacency, largest first.

    ``colour`` may be a set of colours (allied kingdoms counted as one: clause ``attack.allies``).
    Ties are ordered by their first cell in board order.  Clause ``rank.largest_group``.
    Adjacency is the board's neighbour table (built with :func:`rules.core.hexgrid.board_neighbours`
    from axial coordinates); results are memoised on the immutable position.
    """
    key = _colour_set(colour)
    cached = position._groups.get(key)
    if cached is None:
        board = position.board
        cells = set(cells_of(position, key))
        found = []
        while cells:
            start = cells.pop()
            group, todo = {start}, [start]
            while todo:
                for n in board.neighbours[todo.pop()]:
                    if n in cells:
                        cells.discard(n)
                        group.add(n)
                        todo.append(n)
            found.append(frozenset(group))
        found.sort(key=lambda g: (-len(g), min(board.order[c] for c in g)))
        cached = position._groups[key] = tuple(found)
    return list(cached)


def group_at(position: Position, cell: str, colour: str | Iterable[str] | None = None) -> frozenset[str]:
    """The group containing ``cell`` (of ``colour``, default the cell's own colour); empty if none."""
    if colour is None:
        colour = position.colour_at(cell)
        if colour is None:
            return frozenset()
    for g in groups(position, colour):
        if cell in g:
            return g
    return frozenset()


def largest_group(position: Position, colour: str | Iterable[str]) -> frozenset[str]:
    """The largest group of ``colour`` (empty frozenset when it has no cell)."""
    gs = groups(position, colour)
    return gs[0] if gs else frozenset()


def rank(position: Position, colour: str | Iterable[str]) -> int:
    """A kingdom's Rank: the number of CELLS (not tokens) in its largest connected group.

    Clause ``rank.largest_group``: 15 red tokens whose largest group covers 6 cells give Rank 6.
    0 when the colour has no token on the map.
    """
    key = colour if isinstance(colour, str) else frozenset(colour)
    r = position._ranks.get(key)
    if r is None:
        r = position._ranks[key] = len(largest_group(position, colour))
    return r


def rank_by_colour(position: Position) -> dict[str, int]:
    """``{colour: Rank}`` for every kingdom colour of the board (black has no Rank)."""
    return {c: rank(position, c) for c in position.board.colours}


def position_from_json(board: Board, data: Mapping[str, object], source: str = "position") -> Position:
    """Build a :class:`Position` from ``{cell: [colour, count]}``, checking every cell.

    Raises :class:`BadInput` naming ``source`` and the cell for a malformed entry, an unknown
    cell or colour, or a count outside 1-3.
    """
    cells = {}
    for cell, v in dict(data or {}).items():
        if not (isinstance(v, (list, tuple)) and len(v) == 2 and isinstance(v[0], str) and isinstance(v[1], int)):
            raise BadInput(source, str(cell), "ต้องเป็น [สี, จำนวน]", "expected [colour, count]")
        if cell not in board.hex_of:
            raise BadInput(source, str(cell), "ไม่มีช่องนี้บนกระดาน", f"no map cell {cell!r}")
        if v[0] not in board.all_colours:
            raise BadInput(source, str(cell), f"ไม่มีสี {v[0]!r}", f"unknown colour {v[0]!r}")
        if not 0 <= v[1] <= MAX_TOKENS:
            raise BadInput(source, str(cell), "จำนวนโทเคนต้องเป็น 0-3", "count must be 0-3")
        cells[cell] = (v[0], v[1])
    return Position(board, cells)
