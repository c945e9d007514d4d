"""Configuration of โลกใหม่ (New World): the numbers the rulebook gives, and one field per register entry.

Fixed fields (no ambiguity): ``players`` 2-4 and ``side`` (``scotland`` or ``ireland``: the board's
two faces, components.board_and_cards; Ireland is the advanced mode, ireland.overview).  Every other
field comes from ``data/new_world/ambiguities.yaml`` via :func:`rules.core.ambiguity.config_model`.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..core.ambiguity import config_model

GAME_ID = "new_world"
MIN_PLAYERS, MAX_PLAYERS = 2, 4          # four colours (components.tiles, setup.player_pieces)
TILES_PER_COLOUR = 36                    # components.tiles: "สีละ 36"
FOUR_PLAYER_BOX = ("energy",) * 3 + ("food",) * 3 + ("s2", "s3", "s4")   # setup.tiles_by_player_count
SET_ASIDE = 2                            # setup.set_aside_two
TRIBE_PILE = 4                           # ireland.setup_tribe_pile
HAND = 1                                 # setup.first_hand, turn.draw_tile
DRAW_THREE = 3                           # ireland.tower_draw_three
PUBLIC_FACE_UP = 8                       # ireland.setup_public_missions
MEDIUM_POINTS = (5, 3)                   # scoring.medium_settlement_majority: 1st 5, the other 3
MEDIUM_ALONE = 8
LARGE_POINTS = (8, 5)                    # scoring.large_settlement_majority: 1st 8, 2nd 5, rest 0
LARGE_ALONE = 13
XL_POINTS = (12, 8, 5)                   # ireland.extra_large_settlement_majority
XL_TWO = (17, 8)
XL_ALONE = 25
HARBOUR_BONUS = 1                        # scoring.harbour: +1
OFFSHORE_BONUS = 1                       # ireland.offshore_farm: +1
CASTLE_POINTS = 5                        # castles.majority / end.castles: 5 per castle
CATHEDRAL_BONUS = 3                      # cathedrals.secret_missions: Cathedral Bonus 3
TOWER_THIRTEEN = 13                      # ireland.tower_thirteen_points
TOWER_THREE = 3                          # ireland.tower_three_points
DOUBLE = 2                               # ireland.tower_double_marker: "สองเท่า"
TOWER_BONUSES = {"second": 4, "draw3": 2, "mission": 1, "double": 2, "thirteen": 3, "three": 2}
"""The 14 round-tower bonus tiles by kind (ireland.round_tower_bonus and its six clauses)."""
SOURCES = ("farms", "settlements", "harbours", "castles", "missions", "towers")
"""score_breakdown sources, in this order everywhere (the issue's list)."""
FARMS, SETTLEMENTS, HARBOURS, CASTLES, MISSIONS, TOWERS = range(len(SOURCES))
FIXED_FIELDS = ("players", "side", "map_yaml")


class _Base(BaseModel):
    """New World config: ``players`` 2-4; ``side``: ``scotland`` (the base game) or ``ireland``;
    ``map_yaml``: ``None`` (the map is the register's reading ``map_layout`` of ``side``) or the
    YAML text of a map file of that side (an edited map passed as data, e.g. from the map editor;
    validated by ``rules/new_world/board.py`` when the config is made, and carried in saves)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = 2
    side: Literal["scotland", "ireland"] = "scotland"
    map_yaml: str | None = None


Config = config_model(GAME_ID, _Base)
