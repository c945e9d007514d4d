"""Mission cards as data (``data/new_world/missions.yaml``) and their small condition language.

A file holds ``secret`` cards (Scotland's 32: ``id``, ``points``, ``condition``) and ``public``
cards (Ireland's 12: ``id``, ``high``, ``low``, ``condition``).  Conditions (see the file's header)::

    {type: always}                                   Cathedral Bonus (cathedrals.secret_missions)
    {type: count, tiles: T, near: N, at_least: k}    k or more of your tiles of kind T (next to N)
    {type: most, tiles: T, near: N}                  at least one and nobody more (ties count)
    {type: group, tiles: food|energy, at_least: k}   a connected farm group of yours of k or more
    {type: castles, at_least: k}                     k castles held or more
    {type: connect, places: P, at_least: k}          k places P joined by one chain of your tiles
                                                     (the places are no links: ireland.connection_conditions)
    {type: settlements, size: s, at_least: k}        your tile in k full settlements of s+ spaces

:func:`load_cards` validates the whole file (``BadInput`` naming the file and the field, e.g. an
unknown condition type); :func:`achieved` evaluates a card for a seat on a working state.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from ..core.datafile import pydantic_error, read_yaml
from .tiles import COVERED, ENERGY, FOOD, OWNER_SHIFT, S1

DATA = Path(__file__).resolve().parents[2] / "data" / "new_world"
TILE_SETS = ("tile", "farm", "food", "energy", "settlement")
PLACES = ("water", "castle", "cathedral", "tower", "harbour")
SECRET_CARDS = 32      # components.board_and_cards
PUBLIC_CARDS = 12      # components.ireland


class _C(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Always(_C):
    type: Literal["always"]


class Count(_C):
    type: Literal["count"]
    tiles: Literal[TILE_SETS]
    near: Literal[PLACES] | None = None
    at_least: int = Field(ge=1)


class Most(_C):
    type: Literal["most"]
    tiles: Literal[TILE_SETS]
    near: Literal[PLACES] | None = None


class Group(_C):
    type: Literal["group"]
    tiles: Literal["food", "energy"]
    at_least: int = Field(ge=1)


class Castles(_C):
    type: Literal["castles"]
    at_least: int = Field(ge=1)


class Connect(_C):
    type: Literal["connect"]
    places: Literal["castle", "cathedral", "tower"]
    at_least: int = Field(ge=2)


class Settlements(_C):
    type: Literal["settlements"]
    size: int = Field(ge=1, le=4)
    at_least: int = Field(ge=1)


Condition = Annotated[Union[Always, Count, Most, Group, Castles, Connect, Settlements], Field(discriminator="type")]


class SecretCard(_C):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    points: int = Field(ge=0)
    condition: Condition


class PublicCard(_C):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    high: int = Field(ge=0)
    low: int = Field(ge=0)
    condition: Condition

    @model_validator(mode="after")
    def _order(self):
        if self.low > self.high:
            raise ValueError("low must not exceed high (ireland.public_missions)")
        return self


class CardsFile(_C):
    game: Literal["new_world"]
    assumed: bool
    secret: list[SecretCard] = Field(min_length=SECRET_CARDS, max_length=SECRET_CARDS)
    public: list[PublicCard] = Field(min_length=PUBLIC_CARDS, max_length=PUBLIC_CARDS)

    @model_validator(mode="after")
    def _unique(self):
        ids = [c.id for c in self.secret] + [c.id for c in self.public]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"duplicate card id {dup[0]}")
        return self


def cards_path(layout: str = "assumed") -> Path:
    return DATA / "missions.yaml" if layout == "assumed" else DATA / "owner" / "missions.yaml"


def parse_cards(data: object, source: str) -> dict:
    """Validate a loaded cards file: ``{id: card}`` (secret and public)."""
    try:
        doc = CardsFile.model_validate(data)
    except ValidationError as exc:
        raise pydantic_error(exc, source) from None
    return {c.id: c for c in doc.secret + doc.public}


def load_cards_file(path: Path | str) -> dict:
    return parse_cards(read_yaml(path), str(path))


@lru_cache(maxsize=None)
def load_cards(layout: str = "assumed") -> dict:
    """The validated cards of the ``mission_cards`` reading ``layout`` (cached)."""
    return load_cards_file(cards_path(layout))


def secret_ids(cards: dict) -> tuple[str, ...]:
    return tuple(k for k, c in cards.items() if isinstance(c, SecretCard))


def public_ids(cards: dict) -> tuple[str, ...]:
    return tuple(k for k, c in cards.items() if isinstance(c, PublicCard))


_CONDITION = TypeAdapter(Condition)


def check_condition(data: object, source: str = "condition") -> BaseModel:
    """One condition validated (``BadInput`` naming the field); the map editor and tests use it."""
    try:
        return _CONDITION.validate_python(data)
    except ValidationError as exc:
        raise pydantic_error(exc, source) from None


# --------------------------------------------------------------------------- evaluation
def _tile_ok(kind: int, tiles: str) -> bool:
    if tiles == "tile":
        return True
    if tiles == "farm":
        return kind < S1
    if tiles == "settlement":
        return kind >= S1
    return kind == (FOOD if tiles == "food" else ENERGY)


def _near_ok(board, i: int, near: str | None) -> bool:
    if near is None:
        return True
    if near == "water":
        return board.water_near[i]
    if near == "castle":
        return bool(board.near_castles[i])
    if near == "cathedral":
        return bool(board.near_cathedrals[i])
    if near == "tower":
        return bool(board.near_towers[i])
    return i in board.harbour


def count_tiles(board, cells, seat: int, tiles: str, near: str | None) -> int:
    n = 0
    for i, v in enumerate(cells):
        if v >= 0 and v >> 3 == seat and _tile_ok(v & 7, tiles) and _near_ok(board, i, near):
            n += 1
    return n


def largest_group(board, cells, seat: int, kind: int) -> int:
    code = seat * OWNER_SHIFT + kind
    seen, best = set(), 0
    for i, v in enumerate(cells):
        if v == code and i not in seen:
            stack, size = [i], 0
            seen.add(i)
            while stack:
                j = stack.pop()
                size += 1
                for n in board.nbrs[j]:
                    if n not in seen and cells[n] == code:
                        seen.add(n)
                        stack.append(n)
            best = max(best, size)
    return best


def connected_places(board, cells, seat: int, places: str) -> int:
    """The most ``places`` one chain of ``seat``'s tiles touches (the places are no links)."""
    near = {"castle": board.near_castles, "cathedral": board.near_cathedrals, "tower": board.near_towers}[places]
    seen, best = set(), 0
    for i, v in enumerate(cells):
        if v >= 0 and v >> 3 == seat and i not in seen:
            stack, touched = [i], set()
            seen.add(i)
            while stack:
                j = stack.pop()
                touched.update(near[j])
                for n in board.nbrs[j]:
                    w = cells[n]
                    if n not in seen and w >= 0 and w >> 3 == seat:
                        seen.add(n)
                        stack.append(n)
            best = max(best, len(touched))
    return best


def full_settlements(board, cells, seat: int, size: int, never_full: bool) -> int:
    n = 0
    for members in board.settlements:
        if len(members) < size:
            continue
        vals = [cells[i] for i in members]
        if any(v == -1 for v in vals) or (never_full and COVERED in vals):
            continue
        if any(v >= 0 and v >> 3 == seat for v in vals):
            n += 1
    return n


def achieved(card, board, cells, castle_holder, seat: int, players: int, never_full: bool = False) -> bool:
    """Does ``seat`` meet ``card``'s condition on ``cells`` (a tie for 'most' counts,
    cathedrals.secret_missions)?"""
    c = card.condition
    t = c.type
    if t == "always":
        return True
    if t == "count":
        return count_tiles(board, cells, seat, c.tiles, c.near) >= c.at_least
    if t == "most":
        mine = count_tiles(board, cells, seat, c.tiles, c.near)
        return mine >= 1 and all(count_tiles(board, cells, o, c.tiles, c.near) <= mine
                                 for o in range(players) if o != seat)
    if t == "group":
        return largest_group(board, cells, seat, FOOD if c.tiles == "food" else ENERGY) >= c.at_least
    if t == "castles":
        return sum(1 for h in castle_holder if h == seat) >= c.at_least
    if t == "connect":
        return connected_places(board, cells, seat, c.places) >= c.at_least
    return full_settlements(board, cells, seat, c.size, never_full) >= c.at_least


_TILES = {"tile": ("ไทล์", "tiles"), "farm": ("ไทล์ฟาร์ม", "farm tiles"), "food": ("ฟาร์มอาหาร", "food farms"),
          "energy": ("ฟาร์มพลังงาน", "energy farms"), "settlement": ("ไทล์นิคม", "settlement tiles")}
_NEAR = {"water": ("ติดน้ำ", "next to water"), "castle": ("ติดปราสาท", "next to a castle"),
         "cathedral": ("ติดมหาวิหาร", "next to a cathedral"), "tower": ("ติดหอคอย", "next to a round tower"),
         "harbour": ("บนท่าเรือ", "on a harbour"), None: ("", "")}
_PLACE = {"castle": ("ปราสาท", "castles"), "cathedral": ("มหาวิหาร", "cathedrals"), "tower": ("หอคอยกลม", "round towers")}


def card_text(card) -> tuple[str, str]:
    """(Thai, English) text of a card, written from its condition and its points."""
    c = card.condition
    t = c.type
    if t == "always":
        # cathedrals.secret_missions names this card only in English ("การ์ด Cathedral Bonus ได้ 3 แต้มฟรี
        # โดยไม่มีเงื่อนไข"): the Thai line says what it gives in the clause's own words, no English in it
        th, en = "แต้มฟรีโดยไม่มีเงื่อนไข", "Cathedral Bonus: no condition"
    elif t in ("count", "most"):
        tt, nn = _TILES[c.tiles], _NEAR[c.near]
        if t == "count":
            th, en = f"มี{tt[0]}{nn[0]}อย่างน้อย {c.at_least}", f"at least {c.at_least} {tt[1]} {nn[1]}".strip()
        else:
            th, en = f"มี{tt[0]}{nn[0]}มากที่สุด", f"the most {tt[1]} {nn[1]}".strip()
    elif t == "group":
        tt = _TILES[c.tiles]
        th, en = f"กลุ่ม{tt[0]}ติดกันอย่างน้อย {c.at_least} แผ่น", f"a group of {c.at_least}+ {tt[1]}"
    elif t == "castles":
        th, en = f"ครองปราสาทอย่างน้อย {c.at_least}", f"hold at least {c.at_least} castles"
    elif t == "connect":
        pp = _PLACE[c.places]
        th, en = f"เชื่อม{pp[0]} {c.at_least} แห่งด้วยไทล์ต่อเนื่อง", f"connect {c.at_least} {pp[1]} with one chain of tiles"
    else:
        th, en = (f"มีไทล์ในนิคมที่เต็มแล้ว (ขนาด {c.size}+ ช่อง) อย่างน้อย {c.at_least} แห่ง",
                  f"a tile in {c.at_least}+ full settlements of {c.size}+ spaces")
    if isinstance(card, SecretCard):
        return f"{th} ({card.points} แต้ม)", f"{en} ({card.points} points)"
    return f"{th} ({card.high}/{card.low} แต้ม)", f"{en} ({card.high}/{card.low} points)"
