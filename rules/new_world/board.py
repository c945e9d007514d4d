"""The New World maps as data: ``data/new_world/maps/<side>.yaml`` loaded, validated, indexed.

A map file (format in the header of each file; the assumed maps come from ``make_maps.py``) is a
list of hex cells in axial ``(q, r)`` coordinates, each with an icon.  :func:`load_map` validates
it completely (pydantic for shapes, then the cross-checks below) and returns a :class:`Board`, or
raises :class:`~rules.core.protocol.BadInput` naming the file and the field in Thai and English;
nothing is returned half-loaded.  Cross-checks: a cell off the declared grid, a duplicate cell,
an unknown icon, a settlement space without a settlement id (or an id on another icon), a
settlement whose spaces are not connected or whose size the side does not have, a castle,
cathedral or round tower with no free neighbour to place next to, the named places the rules
need (Edinburgh, Stirling; Blarney, Hill of Tara), 8 cathedrals, 14 round towers in Ireland, the
yellow two-player cells (32 / 24, clauses setup.two_player_blocked_cells, ireland.setup_public_missions),
harbours only on settlement spaces, +1 cells only in Ireland.

A :class:`Board` is the static, indexed map the engine works on: cells by index, neighbours as
index tuples, the settlements as tuples of cell indices, castles / cathedrals / towers next to
each cell.  Clauses: placement.* (icons), scoring.* (settlements, harbours), castles.majority,
cathedrals.secret_missions, ireland.* (towers, +1, extra-large settlements).
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.datafile import cut_off_hint, encoding_error, load_yaml_text, pydantic_error
from ..core.hexgrid import axial_to_oddr, is_connected, neighbours
from ..core.protocol import BadInput

DATA = Path(__file__).resolve().parents[2] / "data" / "new_world" / "maps"
SIDES = ("scotland", "ireland")
ICONS = ("blank", "food", "energy", "settlement", "water", "cathedral", "castle", "tower")
PLACEABLE = ("blank", "food", "energy", "settlement")
"""Icons a tile may go on (placement.forbidden_cells: never cathedral, castle, water; towers alike)."""
SETTLEMENT_SIZES = {"scotland": (1, 2, 3), "ireland": (1, 2, 3, 4)}
"""Settlement sizes per side: small 1, medium 2, large 3 (scoring.*), extra-large 4 in Ireland."""
CATHEDRALS = 8                     # cathedrals.secret_missions: "มี 8 แห่ง"
TOWERS = 14                        # components.ireland: 14 round-tower bonus tiles, one per tower
YELLOW = {"scotland": 32, "ireland": 24}   # setup.two_player_blocked_cells (32), ireland setup (24)
NAMED = {"scotland": {"castle": ("Edinburgh", "Stirling")},          # end.winner_tiebreak
         "ireland": {"castle": ("Blarney",), "tower": ("Hill of Tara",)}}  # ireland.end_tiebreak


class CellModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    q: int
    r: int
    icon: Literal[ICONS]
    settlement: str | None = Field(None, pattern=r"^[A-Za-z0-9_-]+$")
    harbour: bool = False
    offshore: bool = False
    yellow: bool = False
    name: str | None = None


class GridModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    cols: int = Field(ge=1, le=200)
    rows: int = Field(ge=1, le=200)
    layout: Literal["odd-r"] = "odd-r"


class MapModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal["new_world"]
    side: Literal[SIDES]
    assumed: bool
    note: str = ""
    grid: GridModel
    cells: list[CellModel] = Field(min_length=1)


@dataclass(frozen=True)
class Board:
    """A validated map.  ``cells[i] = (q, r)``; ``icon[i]`` a name of :data:`ICONS`; ``nbrs[i]``:
    indices of the neighbours on the map; ``settlements[k]``: the cell indices of settlement k,
    ``settlement_of[i]``: k or -1; ``castles`` / ``cathedrals`` / ``towers``: cell indices of those
    places (their number is their position in the tuple), ``near_castles[i]`` etc.: the places next
    to cell i; ``names[i]``: a place's name; ``harbour``, ``offshore``, ``yellow``: index sets;
    ``water_near[i]``: cell i touches water or the map's edge."""

    side: str
    source: str
    assumed: bool
    cells: tuple
    index: dict
    icon: tuple
    nbrs: tuple
    settlements: tuple
    settlement_ids: tuple
    settlement_of: tuple
    castles: tuple
    cathedrals: tuple
    towers: tuple
    near_castles: tuple
    near_cathedrals: tuple
    near_towers: tuple
    names: dict
    harbour: frozenset
    offshore: frozenset
    yellow: tuple
    water_near: tuple
    by_icon: dict
    key: str = ""
    """Which map this is, for views and bots that see only an observation (``observe(...)["map"]``):
    ``<side>/<layout>`` for a map file of the register, ``edited/<sha1 of the text>`` for a map
    passed as data (config field ``map_yaml``); :func:`board_by_key` gives the board back."""

    def __hash__(self) -> int:
        return hash((self.side, self.source))

    def __eq__(self, other) -> bool:
        return isinstance(other, Board) and (self.side, self.source) == (other.side, other.source)

    def place_named(self, kind: str, name: str) -> int:
        """The number of the castle / tower called ``name`` (-1 when the map has none)."""
        seq = self.castles if kind == "castle" else self.towers if kind == "tower" else self.cathedrals
        for k, i in enumerate(seq):
            if self.names.get(i) == name:
                return k
        return -1


def _bad(source: str, field: str, th: str, en: str) -> BadInput:
    return BadInput(source, field, th, en)


MAP_KEYS = ("game", "side", "grid", "cells")
"""What a map file holds at its top (``MapModel``), named when a file is no map."""


def not_a_map(data: object, source: str) -> BadInput | None:
    """Why loaded ``data`` is no New World map file at all, before pydantic reads its fields
    (pydantic said "Input should be a valid dictionary or instance of MapModel" of an empty file
    and "Input should be 'new_world'" of a Coup file): an empty file, no YAML mapping, a session
    save or another game's file (its ``game``), a file with no ``game: new_world`` line; ``None``
    when it may be one (then the fields are checked)."""
    keys = ", ".join(MAP_KEYS)
    if data is None:
        return _bad(source, "<root>", f"ไฟล์แผนที่ว่างเปล่า ไม่มีข้อมูล (แผนที่ต้องมี {keys})",
                    f"the map file is empty: no data (a map has {keys})")
    if not isinstance(data, dict):
        th, en = ("รายการ", "a list") if isinstance(data, list) else (f"ค่าเดียว ({_shown(data)})", f"one value ({_shown(data)})")
        return _bad(source, "<root>", f"ไฟล์แผนที่ต้องเป็น mapping ของ YAML ที่มี {keys} (ไฟล์นี้เป็น{th})",
                    f"a map file is a YAML mapping of {keys}; this file is {en}")
    if "schema_version" in data and "cells" not in data:   # a session save (rules/core/saveload.py)
        return _session_not_a_map(data, source)
    game = data.get("game")
    if game == "new_world":
        return None
    if isinstance(game, str) and game.strip():
        from ..core.filekind import game_words   # the game by its catalog titles, never its id
        (g_th, g_en), (nw_th, nw_en) = game_words(game), game_words("new_world")
        return _bad(source, "game", f"ไฟล์นี้เป็นของ{g_th} ไม่ใช่แผนที่ของ{nw_th} (game: new_world)",
                    f"this file is for {g_en}, not a map of {nw_en} (game: new_world)")
    if "game" in data:
        return _bad(source, "game", f"ช่อง game ของแผนที่ต้องเป็น new_world (ได้ {_shown(game)})",
                    f"a map's game field must be new_world (got {_shown(game)})")
    return _bad(source, "game", "ไม่ใช่ไฟล์แผนที่ของ New World: ไม่มีบรรทัด game: new_world",
                "not a New World map file: it has no game: new_world line")


def _session_not_a_map(data: dict, source: str) -> BadInput:
    """A saved game given as a map: what it is, the game it is of (its catalog titles,
    :func:`rules.core.filekind.game_words`) and the page and button that open it, in the words
    :func:`rules.core.filekind.wrong_file` gives other uploads."""
    from ..core.filekind import NOUN, OPENS, _known, game_words
    (n_th, n_en), (o_th, o_en) = NOUN["session"], OPENS["session"]
    gid = data.get("game")
    if not isinstance(gid, str):   # names no game: what it is and the button
        return _bad(source, "<root>", f"ไฟล์นี้เป็น{n_th} ไม่ใช่แผนที่: เปิดด้วย{o_th}",
                    f"this is {n_en}, not a map: open it with {o_en}")
    g_th, g_en = game_words(gid)
    th, en = f"ไฟล์นี้เป็น{n_th}ของ{g_th} ไม่ใช่แผนที่", f"this is {n_en} of {g_en}, not a map"
    if gid == "new_world":
        return _bad(source, "<root>", f"{th}: เปิดด้วย{o_th}ของหน้านี้", f"{en}: open it on this page with {o_en}")
    if not _known(gid):   # no page opens it
        return _bad(source, "<root>", th, en)
    return _bad(source, "<root>", f"{th}: เปิดในหน้าของ{g_th} ด้วย{o_th}",
                f"{en}: open it on the {g_en} page with {o_en}")


def _shown(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_map(data: object, source: str, side: str | None = None) -> Board:
    """Validate loaded map data into a :class:`Board` (``BadInput`` naming ``source`` and the field;
    :func:`not_a_map` first)."""
    wrong = not_a_map(data, source)
    if wrong is not None:
        raise wrong
    try:
        m = MapModel.model_validate(data)
    except ValidationError as exc:
        raise pydantic_error(exc, source) from None
    if side is not None and m.side != side:
        raise _bad(source, "side", f"ต้องเป็นแผนที่ด้าน {side}", f"expected the {side} side, got {m.side}")
    index: dict = {}
    for i, c in enumerate(m.cells):
        col, row = axial_to_oddr((c.q, c.r))
        if not (0 <= col < m.grid.cols and 0 <= row < m.grid.rows):
            raise _bad(source, f"cells[{i}]", f"ช่อง ({c.q}, {c.r}) อยู่นอกตาราง {m.grid.cols}x{m.grid.rows}",
                       f"cell ({c.q}, {c.r}) is off the {m.grid.cols} x {m.grid.rows} grid (offset {col}, {row})")
        if (c.q, c.r) in index:
            raise _bad(source, f"cells[{i}]", f"ช่อง ({c.q}, {c.r}) ซ้ำกับ cells[{index[(c.q, c.r)]}]",
                       f"duplicate cell ({c.q}, {c.r}), already cells[{index[(c.q, c.r)]}]")
        index[(c.q, c.r)] = i
        if c.icon == "settlement" and not c.settlement:
            raise _bad(source, f"cells[{i}].settlement", "ช่องนิคมต้องระบุรหัสนิคม",
                       "a settlement space needs the id of its settlement")
        if c.icon != "settlement" and c.settlement:
            raise _bad(source, f"cells[{i}].settlement", "มีรหัสนิคมได้เฉพาะช่องนิคม",
                       f"only settlement spaces belong to a settlement (this cell is {c.icon})")
        if c.harbour and c.icon != "settlement":
            raise _bad(source, f"cells[{i}].harbour", "ท่าเรืออยู่ได้เฉพาะช่องนิคม (scoring.harbour)",
                       "a harbour is on a settlement space (scoring.harbour)")
        if c.offshore and (m.side != "ireland" or c.icon not in PLACEABLE):
            raise _bad(source, f"cells[{i}].offshore", "ช่อง +1 มีเฉพาะแผนที่ไอร์แลนด์บนช่องที่วางไทล์ได้",
                       "+1 cells are on the Ireland side, on a cell a tile can go on (ireland.offshore_farm)")
        if c.yellow and c.icon not in PLACEABLE:
            raise _bad(source, f"cells[{i}].yellow", "ช่องเหลืองต้องเป็นช่องที่วางไทล์ได้",
                       f"a yellow cell must be one a tile can cover, not {c.icon}")
        if c.icon in ("castle", "cathedral", "tower") and not c.name:
            raise _bad(source, f"cells[{i}].name", "ปราสาท มหาวิหาร และหอคอยต้องมีชื่อ",
                       f"a {c.icon} needs a name")
        if c.icon == "tower" and m.side != "ireland":
            raise _bad(source, f"cells[{i}].icon", "หอคอยกลมมีเฉพาะแผนที่ไอร์แลนด์",
                       "round towers are on the Ireland side only")
    groups: dict = {}
    for i, c in enumerate(m.cells):
        if c.settlement:
            groups.setdefault(c.settlement, []).append(i)
    sizes = SETTLEMENT_SIZES[m.side]
    for sid, members in groups.items():
        first = members[0]
        if len(members) not in sizes:
            raise _bad(source, f"cells[{first}].settlement",
                       f"นิคม {sid} มี {len(members)} ช่อง ด้านนี้มีได้ {sizes}",
                       f"settlement {sid} has {len(members)} spaces; the {m.side} side has sizes {sizes}")
        pts = {(m.cells[j].q, m.cells[j].r) for j in members}
        if not is_connected(pts):
            raise _bad(source, f"cells[{first}].settlement", f"ช่องของนิคม {sid} ไม่ได้อยู่ติดกัน",
                       f"the spaces of settlement {sid} are not connected")
    for i, c in enumerate(m.cells):
        if c.icon in ("castle", "cathedral", "tower"):
            free = [n for n in neighbours((c.q, c.r)) if n in index and m.cells[index[n]].icon in PLACEABLE]
            if not free:
                raise _bad(source, f"cells[{i}]", f"{c.icon} {c.name} ไม่มีช่องข้างเคียงที่วางไทล์ได้",
                           f"{c.icon} {c.name} has no free neighbour a tile can go on")
    count = {ic: sum(1 for c in m.cells if c.icon == ic) for ic in ICONS}
    if count["cathedral"] != CATHEDRALS:
        err = _bad(source, "cells", f"ต้องมีมหาวิหาร {CATHEDRALS} แห่ง (มี {count['cathedral']})",
                   f"the map needs {CATHEDRALS} cathedrals, it has {count['cathedral']}")
        err.counted = "cathedral"
        raise err
    if m.side == "ireland" and count["tower"] != TOWERS:
        err = _bad(source, "cells", f"ต้องมีหอคอยกลม {TOWERS} แห่ง (มี {count['tower']})",
                   f"the Ireland side needs {TOWERS} round towers, it has {count['tower']}")
        err.counted = "tower"
        raise err
    for kind, names in NAMED[m.side].items():
        have = [c.name for c in m.cells if c.icon == kind]
        for name in names:
            if have.count(name) != 1:
                raise _bad(source, "cells", f"ต้องมี {kind} ชื่อ {name} หนึ่งแห่ง",
                           f"the map needs exactly one {kind} named {name} (the end tiebreak names it)")
    yellow = [i for i, c in enumerate(m.cells) if c.yellow]
    if len(yellow) != YELLOW[m.side]:
        err = _bad(source, "cells", f"ต้องมีช่องเหลือง {YELLOW[m.side]} ช่อง (มี {len(yellow)})",
                   f"the {m.side} side needs {YELLOW[m.side]} yellow cells, it has {len(yellow)}")
        err.counted = "yellow"   # which count is wrong: the map editor names the cells that changed it
        raise err
    return _index(m, source)


def _index(m: MapModel, source: str) -> Board:
    cells = tuple((c.q, c.r) for c in m.cells)
    index = {h: i for i, h in enumerate(cells)}
    icon = tuple(c.icon for c in m.cells)
    nbrs = tuple(tuple(index[n] for n in neighbours(h) if n in index) for h in cells)
    ids = tuple(dict.fromkeys(c.settlement for c in m.cells if c.settlement))
    settlements = tuple(tuple(i for i, c in enumerate(m.cells) if c.settlement == sid) for sid in ids)
    sof = [-1] * len(cells)
    for k, members in enumerate(settlements):
        for i in members:
            sof[i] = k

    def places(kind):
        return tuple(i for i, ic in enumerate(icon) if ic == kind)

    castles, cathedrals, towers = places("castle"), places("cathedral"), places("tower")

    def near(seq):
        pos = {i: k for k, i in enumerate(seq)}
        return tuple(tuple(pos[n] for n in nbrs[i] if n in pos) for i in range(len(cells)))

    water_near = tuple(len(nbrs[i]) < 6 or any(icon[n] == "water" for n in nbrs[i]) for i in range(len(cells)))
    by_icon = {ic: tuple(i for i in range(len(cells)) if icon[i] == ic) for ic in ICONS}
    for farm in ("food", "energy"):   # a farm's own icon and the blank cells, in map order
        by_icon[farm + "+blank"] = tuple(i for i in range(len(cells)) if icon[i] in (farm, "blank"))
    return Board(m.side, source, m.assumed, cells, index, icon, nbrs, settlements, ids, tuple(sof),
                 castles, cathedrals, towers, near(castles), near(cathedrals), near(towers),
                 {i: c.name for i, c in enumerate(m.cells) if c.name},
                 frozenset(i for i, c in enumerate(m.cells) if c.harbour),
                 frozenset(i for i, c in enumerate(m.cells) if c.offshore),
                 tuple(i for i, c in enumerate(m.cells) if c.yellow), water_near, by_icon)


COUNTED = {"yellow": lambda c: bool(c.get("yellow")), "cathedral": lambda c: c.get("icon") == "cathedral",
           "tower": lambda c: c.get("icon") == "tower"}
"""What a whole-map count refusal counts (its ``counted``), as a test of one cell's data
(``{"icon", ["yellow"], ...}``, a cell of a map file)."""


def count_changes(cells: dict, side: str, counted: str) -> tuple[list, list]:
    """Which cells make a count (``counted``, a key of :data:`COUNTED`) differ from the shipped map
    of ``side``: ``(lost, gained)``, the ``(q, r)`` cells counted on the shipped map and not in
    ``cells`` (``{(q, r): cell data}``, painted over or removed), and the ones counted now and not
    there; both sorted by row then column."""
    test = COUNTED[counted]
    shipped = load_map(side)
    was = {h for i, h in enumerate(shipped.cells) if test(_cell_data(shipped, i))}
    now = {h for h, c in cells.items() if test(c)}
    order = lambda h: (h[1], h[0])  # noqa: E731
    return sorted(was - now, key=order), sorted(now - was, key=order)


def _cell_data(board: "Board", i: int) -> dict:
    return {"icon": board.icon[i], "yellow": i in set(board.yellow)}


def map_path(side: str, layout: str = "assumed") -> Path:
    """The file of ``side`` under the ``map_layout`` reading ``layout`` (``assumed`` / ``owner``)."""
    return DATA / f"{side}.yaml" if layout == "assumed" else DATA / "owner" / f"{side}.yaml"


def load_map_file(path: Path | str, side: str | None = None) -> Board:
    """Read and validate the map file ``path`` (:class:`BadInput` naming the file and the field), as
    :func:`parse_map_text` does its text."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise encoding_error(exc, str(path)) from None
    except OSError as exc:
        raise BadInput(str(path), "<file>", f"เปิดไฟล์ไม่ได้: {exc}", f"cannot read file: {exc}") from None
    return parse_map_text(text, str(path), side)


_KNOWN: dict = {}
"""Boards loaded in this process, by :attr:`Board.key`."""


def _known(board: Board, key: str) -> Board:
    board = replace(board, key=key)
    _KNOWN[key] = board
    return board


@lru_cache(maxsize=None)
def load_map(side: str, layout: str = "assumed") -> Board:
    """The validated map of ``side`` (cached: a board is static data)."""
    if side not in SIDES:
        raise BadInput("config", "side", "ต้องเป็น scotland หรือ ireland", f"unknown side {side!r}")
    return _known(load_map_file(map_path(side, layout), side), f"{side}/{layout}")


EDITED_SOURCE = "map_yaml"
"""The ``source`` a map passed as data names in its errors (the config field that carries it)."""


def parse_map_text(text: str, source: str = EDITED_SOURCE, side: str | None = None,
                   from_file: bool = True) -> Board:
    """Validate the text of a map file (:func:`load_map_file` reads a file into it): :class:`BadInput`
    naming ``source`` and the field; the map editor's check and upload and the ``map_yaml`` config
    field.  A file that does not parse says "cut off or malformed, line N"; a refusal of a file
    that stops where the refused part is says that the file looks cut off (``cut_off_hint``).
    ``from_file``: false for text no reader saw as a file (the map editor's own map, a ``map_yaml``
    value): then no "cut off" hint and no line of it is quoted (the reader never saw those lines)."""
    if not isinstance(text, str):
        raise BadInput(source, "<yaml>", "แผนที่ต้องเป็นข้อความ YAML", "a map must be YAML text")
    text = text.removeprefix("\ufeff")  # a byte-order mark (Windows Notepad): not part of the file
    data, node = load_yaml_text(text, source)
    try:
        return parse_map(data, source, side)
    except BadInput as exc:
        if not from_file:
            raise
        raise cut_off_hint(exc, text, node, source) from None


@lru_cache(maxsize=16)
def load_map_text(text: str, side: str) -> Board:
    """The board of a map passed as data (config ``map_yaml``: the YAML text of a map file, e.g.
    from the map editor), validated by the same loader; cached by the text."""
    board = parse_map_text(text, EDITED_SOURCE, side, from_file=False)
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
    board = replace(board, source=f"{EDITED_SOURCE}:{digest}")
    return _known(board, f"edited/{digest}")


def board_for(config) -> Board:
    """The map a game of ``config`` is played on: the text of ``config.map_yaml`` when one is
    given (an edited map passed as data), else the register's reading ``map_layout`` of ``side``."""
    text = getattr(config, "map_yaml", None)
    return load_map_text(text, config.side) if text else load_map(config.side, config.map_layout)


def board_by_key(key: str | None, side: str = "scotland") -> Board:
    """The board an observation names (``observe(...)["map"]``); the side's assumed map when the
    key is unknown in this process."""
    return _KNOWN.get(key) or load_map(side)
