"""The assumed card and map data of Valeria (``data/valeria/*.yaml``), validated.

The effect language (ambiguity ``card_and_map_data``; every value ``assumed``):

* an **effect** is one of
  ``{kind: gain, resource: gold|magic|influence|gem|vp, amount: n}`` (instant champions on purchase,
  ongoing champions when a battle meets their condition), ``{kind: strength, amount: n, per: TROOP}``
  (+n battle strength per die of that type, or once when ``per`` is left out) and
  ``{kind: end_vp, amount: n, per: champion|plan|award|die|map_marker, of: KIND_OR_TROOP}``
  (VP at the end of the game per thing owned);
* a **battle condition** ``{uses: TROOP, min: n}`` / ``{strength_min: n}`` / ``{dice_min: n}`` (all
  given parts must hold; ``{}`` always holds) - ongoing champions and skirmish spaces;
* a **player condition** ``{stat: plans|champions|gold|magic|influence|gems|troops|map_markers,
  of: KIND_OR_TROOP, min: n}`` - awards;
* a battle plan ``requires`` ``{TROOP or any: count}`` (2-5 dice: a plan no dice can meet is refused).

Every failure is a :class:`~rules.core.protocol.BadInput` naming the file and the field, in Thai and
English; :func:`load` either returns the whole validated set or raises (nothing half-loaded).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, ValidationError, field_validator, model_validator

from ..core.datafile import pydantic_error, read_yaml
from ..core.protocol import BadInput
from ..core.rulebook import DATA
from .config import ANY, CHAIN_BONUSES, DICE_PER_COLOUR_IN_BOX, TROOPS

Troop = Literal["goblin", "orc", "skeleton", "gargoyle", "gnoll"]
Timing = Literal["instant", "ongoing", "end_game"]
MAX_TROOP_SLOTS = 5      # dice.troops: "ปลดล็อกเพิ่มได้ถึง 5"
FOLDER = DATA / "valeria"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Gain(_Strict):
    kind: Literal["gain"]
    resource: Literal["gold", "magic", "influence", "gem", "vp"]
    amount: PositiveInt


class Strength(_Strict):
    kind: Literal["strength"]
    amount: PositiveInt
    per: Troop | None = None


class EndVP(_Strict):
    kind: Literal["end_vp"]
    amount: PositiveInt
    per: Literal["champion", "plan", "award", "die", "map_marker"]
    of: str | None = None

    @model_validator(mode="after")
    def _of(self):
        if self.per == "champion" and self.of not in (None, "instant", "ongoing", "end_game"):
            raise ValueError(f"'of' of a champion count must be instant, ongoing or end_game, not {self.of!r}")
        if self.per == "die" and self.of not in (None, *TROOPS):
            raise ValueError(f"'of' of a die count must be a troop type {TROOPS}, not {self.of!r}")
        if self.per in ("plan", "award", "map_marker") and self.of is not None:
            raise ValueError(f"'of' makes no sense for per={self.per}")
        return self


Effect = Annotated[Union[Gain, Strength, EndVP], Field(discriminator="kind")]


class BattleCondition(_Strict):
    uses: Troop | None = None
    min: PositiveInt = 1
    strength_min: PositiveInt | None = None
    dice_min: Annotated[int, Field(ge=1, le=MAX_TROOP_SLOTS)] | None = None


class PlayerCondition(_Strict):
    stat: Literal["plans", "champions", "gold", "magic", "influence", "gems", "troops", "map_markers"]
    of: str | None = None
    min: PositiveInt


class Plan(_Strict):
    id: str
    requires: dict[Literal["goblin", "orc", "skeleton", "gargoyle", "gnoll", "any"], PositiveInt]

    @field_validator("requires")
    @classmethod
    def _meetable(cls, v):
        n = sum(v.values())
        if not 1 <= n <= MAX_TROOP_SLOTS:
            raise ValueError(f"needs {n} dice; no board holds more than {MAX_TROOP_SLOTS} troops, so no dice can meet it")
        return v

    @cached_property
    def slots(self) -> tuple[str, ...]:
        """The requirement as one slot per die: typed slots first (troop order), then ``any``
        (kept once computed: the model is frozen, and every move asks it)."""
        return tuple(t for t in (*TROOPS, ANY) for _ in range(self.requires.get(t, 0)))

    @cached_property
    def needs(self) -> tuple[tuple[str, int], ...]:
        """``((troop, count), ...)`` of the typed slots (troop order; ``any`` left out)."""
        return tuple((t, self.requires[t]) for t in TROOPS if t in self.requires)


class PlanFile(_Strict):
    assumed: Literal[True]
    row_prices: list[Annotated[int, Field(ge=0)]] = Field(min_length=1)
    note: str = ""
    cards: list[Plan] = Field(min_length=1)


class Champion(_Strict):
    id: str
    timing: Timing
    troop: Troop
    price: Annotated[int, Field(ge=0)]
    name_th: str
    name_en: str
    condition: BattleCondition | None = None
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _by_timing(self):
        kinds = {e.kind for e in self.effects}
        allowed = {"instant": {"gain"}, "ongoing": {"gain", "strength"}, "end_game": {"end_vp"}}[self.timing]
        if not kinds <= allowed:
            raise ValueError(f"a {self.timing} champion may only have effects {sorted(allowed)}, not {sorted(kinds - allowed)}")
        if self.timing == "ongoing" and self.condition is None:
            raise ValueError("an ongoing champion needs a battle condition")
        if self.timing != "ongoing" and self.condition is not None:
            raise ValueError("only ongoing champions have a battle condition")
        return self


class ChampionFile(_Strict):
    assumed: Literal[True]
    cards: list[Champion] = Field(min_length=1)


class Award(_Strict):
    id: str
    pile: Literal["left", "centre", "right"]
    condition: PlayerCondition
    vp: PositiveInt


class AwardFile(_Strict):
    assumed: Literal[True]
    cards: list[Award] = Field(min_length=1)


class Space(_Strict):
    id: str
    pos: tuple[int, int]
    condition: BattleCondition = BattleCondition()
    vp: Annotated[int, Field(ge=0)] = 0


class Chain(_Strict):
    between: tuple[str, str]
    bonus: Literal["free_champion", "influence", "magic", "gold", "gem", "die"]


class Side(_Strict):
    spaces: list[Space] = Field(min_length=2)
    chains: list[Chain] = []


class CampaignMap(_Strict):
    id: str
    name_th: str
    name_en: str
    sides: tuple[Side, Side]


class MapFile(_Strict):
    assumed: Literal[True]
    grid: str = ""
    maps: list[CampaignMap] = Field(min_length=1)


class Dice(_Strict):
    faces: list[int]
    strength: dict[int, int]
    discount: dict[int, Annotated[int, Field(ge=0)]]
    note: str = ""


class Track(_Strict):
    id: Literal["troop", "reserve", "gems", "strength", "cap", "quota"]
    circles: PositiveInt
    base: int | None = None
    step: int | None = None
    levels: list[int] | None = None

    def value(self, lifted: int, base: int | None = None) -> int:
        """The ability's value with ``lifted`` circles of this track unlocked."""
        b = self.base if base is None else base
        if lifted == 0:
            return b
        if self.levels is not None:
            return self.levels[lifted - 1]
        return b + self.step * lifted


class Components(_Strict):
    assumed: Literal[True]
    dice: Dice
    vp_chart: dict
    player_board: dict


@dataclass(frozen=True)
class ValeriaData:
    """The whole validated set (by id): plans, row prices, champions, awards, maps, dice, chart, tracks."""

    plans: dict[str, Plan]
    row_prices: tuple[int, ...]
    champions: dict[str, Champion]
    awards: dict[str, Award]
    maps: dict[str, CampaignMap]
    discount: dict[int, int]
    vp_bands: tuple[tuple[int, int], ...]
    tracks: dict[str, Track]


def _model(path: Path, model):
    raw = read_yaml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise pydantic_error(exc, str(path)) from None


def _unique(path: Path, items, what: str) -> dict:
    out = {}
    for i, it in enumerate(items):
        if it.id in out:
            raise BadInput(str(path), f"{what}.{i}.id", f"รหัส '{it.id}' ซ้ำ", f"duplicate id '{it.id}'")
        out[it.id] = it
    return out


def check_map(path: Path | str, index: int, m: CampaignMap) -> None:
    """A side's spaces have distinct ids and cells; each chain bonus joins two neighbouring spaces
    (square grid, one step apart) - else :class:`BadInput` naming the field."""
    for s, side in enumerate(m.sides):
        where = f"maps.{index}.sides.{s}"
        pos = {}
        for j, sp in enumerate(side.spaces):
            if sp.id in pos or sp.pos in pos.values():
                raise BadInput(str(path), f"{where}.spaces.{j}", f"ช่อง '{sp.id}' ซ้ำ (รหัสหรือตำแหน่ง)",
                               f"space '{sp.id}' repeats an id or a position")
            pos[sp.id] = sp.pos
        seen = set()
        for j, ch in enumerate(side.chains):
            a, b = ch.between
            field = f"{where}.chains.{j}.between"
            if a not in pos or b not in pos:
                raise BadInput(str(path), field, f"Chain Bonus อ้างช่องที่ไม่มี {list(ch.between)}",
                               f"chain bonus names a space that does not exist: {list(ch.between)}")
            (r1, c1), (r2, c2) = pos[a], pos[b]
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                raise BadInput(str(path), field, f"Chain Bonus ต้องอยู่ระหว่างสองช่องที่ติดกัน แต่ {a} กับ {b} ไม่ติดกัน",
                               f"a chain bonus lies between two neighbouring spaces; {a} and {b} are no neighbour pair")
            if frozenset((a, b)) in seen:
                raise BadInput(str(path), field, f"มี Chain Bonus ระหว่าง {a} กับ {b} ซ้ำ",
                               f"a second chain bonus between {a} and {b}")
            seen.add(frozenset((a, b)))


def load_folder(folder: Path | str = FOLDER) -> ValeriaData:
    """Load and validate the five files of ``folder`` (all or nothing)."""
    folder = Path(folder)
    pf = _model(folder / "battle_plans.yaml", PlanFile)
    cf = _model(folder / "champions.yaml", ChampionFile)
    af = _model(folder / "awards.yaml", AwardFile)
    mf = _model(folder / "maps.yaml", MapFile)
    comp = _model(folder / "components.yaml", Components)
    plans = _unique(folder / "battle_plans.yaml", pf.cards, "cards")
    for i, p in enumerate(pf.cards):
        for t, n in p.requires.items():
            if t != ANY and n > DICE_PER_COLOUR_IN_BOX:
                raise BadInput(str(folder / "battle_plans.yaml"), f"cards.{i}.requires.{t}",
                               f"ต้องการเต๋า{t} {n} ลูก แต่มีเพียง {DICE_PER_COLOUR_IN_BOX} ลูก",
                               f"needs {n} {t} dice; the box holds {DICE_PER_COLOUR_IN_BOX}")
    champions = _unique(folder / "champions.yaml", cf.cards, "cards")
    awards = _unique(folder / "awards.yaml", af.cards, "cards")
    for i, a in enumerate(af.cards):
        c = a.condition
        if c.stat == "champions" and c.of not in (None, "instant", "ongoing", "end_game") or \
                c.stat == "troops" and c.of not in (None, *TROOPS) or \
                c.stat not in ("champions", "troops") and c.of is not None:
            raise BadInput(str(folder / "awards.yaml"), f"cards.{i}.condition.of",
                           f"ค่า of '{c.of}' ใช้กับ {c.stat} ไม่ได้", f"'of' {c.of!r} does not fit stat {c.stat}")
    maps = _unique(folder / "maps.yaml", mf.maps, "maps")
    for i, m in enumerate(mf.maps):
        check_map(folder / "maps.yaml", i, m)
    dice = comp.dice
    if sorted(dice.faces) != [1, 2, 3, 4, 5, 6] or set(dice.discount) != set(dice.faces) or dice.discount[6] != 0:
        raise BadInput(str(folder / "components.yaml"), "dice.discount",
                       "ต้องมีส่วนลดของหน้า 1-6 และหน้า 6 ไม่มีส่วนลด (dice.troops)",
                       "needs a discount for faces 1-6, and face 6 has none (dice.troops)")
    try:
        bands = tuple((int(a), int(b)) for a, b in comp.vp_chart["bands"])
        tracks = {t.id: t for t in (Track.model_validate(x) for x in comp.player_board["tracks"])}
    except (KeyError, TypeError, ValueError) as exc:
        raise BadInput(str(folder / "components.yaml"), "vp_chart/player_board",
                       f"ตาราง VP หรือกระดานผู้เล่นไม่ถูกต้อง: {exc}", f"bad vp_chart or player_board: {exc}") from None
    if sum(t.circles for t in tracks.values()) != 10 or len(tracks) != 6:
        raise BadInput(str(folder / "components.yaml"), "player_board.tracks",
                       "กระดานผู้เล่นต้องมีวงกลม 10 จุดใน 6 แถว (setup.player_pieces)",
                       "the player board has 10 circles in the 6 tracks (setup.player_pieces)")
    return ValeriaData(plans, tuple(pf.row_prices), champions, awards, maps, dict(dice.discount), bands, tracks)


@lru_cache(maxsize=None)
def load() -> ValeriaData:
    """The committed data set (cached)."""
    return load_folder(FOLDER)
