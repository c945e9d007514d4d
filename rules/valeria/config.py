"""Configuration of Shadow Kingdoms of Valeria: the numbers the seed gives (each named with its
clause), the fixed fields, and one variant field per entry of ``data/valeria/ambiguities.yaml``
(built by :func:`rules.core.ambiguity.config_model`)."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from ..core.ambiguity import config_model

GAME_ID = "valeria"
MIN_PLAYERS, MAX_PLAYERS = 1, 5        # setup numbers for 2-5 (setup.gems); solo: ambiguity solo_setup
TROOPS = ("goblin", "orc", "skeleton", "gargoyle", "gnoll")   # components.dice (the five colours)
TROOP_TH = {"goblin": "ก็อบลิน", "orc": "ออร์ค", "skeleton": "โครงกระดูก", "gargoyle": "การ์กอยล์", "gnoll": "โนล"}
WILD = "wild"                          # a die a gem made wild (shrines.gem) counts as any type
ANY = "any"                            # a plan slot any troop type may fill (assumed plan data)
SHRINES = ("gem", "magic", "champion", "gold", "tactics")   # shrines.* (the five shrines)
SHRINE_TH = {"gem": "ศาลอัญมณี", "magic": "ศาลเวทมนตร์", "champion": "ศาลแชมเปียน", "gold": "ศาลทอง",
             "tactics": "ศาลยุทธวิธี"}
CAMP = "camp"                          # turn.warden_move: back to the camp on your own board

DICE_PER_COLOUR_IN_BOX = 9             # components.dice: 9 of each colour
GEMS_IN_BOX = 10                       # components.gems_first_player
GEMS_BY_PLAYERS = {2: 4, 3: 6, 4: 8, 5: 10}          # setup.gems
DICE_PER_COLOUR = {2: 6, 3: 7, 4: 8, 5: 9}           # setup.dice_and_shrines
SHRINE_DICE = {2: 4, 3: 5, 4: 6, 5: 7}               # setup.dice_and_shrines
SOLO_REDUCED = {"gems": 2, "dice": 5, "shrine": 3}   # ASSUMED: ambiguity solo_setup=reduced
CONQUEST_MARKERS = 10                  # components.player_sets, setup.player_pieces
START_INFLUENCE, START_GOLD, START_MAGIC, START_VP = 10, 6, 3, 0   # setup.starting_resources
MAGIC_SHRINE_GAIN = 2                  # shrines.magic: "รับเวทมนตร์ 2"
GEM_SHRINE_GAIN = 1                    # shrines.gem: "รับอัญมณี 1 เม็ด"
PLANS_TO_END = 7                       # end.trigger_and_scoring: the 7th completed plan
END_VP_PER_DIE = 1                     # end.trigger_and_scoring: 1 VP per troop die on your board
CHAIN_AMOUNTS = {"influence": 2, "magic": 2, "gold": 3, "gem": 1}   # battle.chain_bonus
CHAIN_BONUSES = ("free_champion", "influence", "magic", "gold", "gem", "die")   # battle.chain_bonus
EXCESS_INFLUENCE_RATE = 1              # ASSUMED: excess_influence_scoring=end_game_excess, per point over 10
RESERVE_BONUS_VP = 1                   # ASSUMED: reserve_bonus=plus_one_vp
MAGIC_PER_PIP = 1                      # ASSUMED: magic_adjust_rate (1 magic per face)
GOLD_INSTEAD = 1                       # ASSUMED: chain_bonus_unavailable=gold_instead
BASE_GEM_STORAGE = {"base_two": 2, "base_one": 1}   # ambiguity gem_storage (3 after the level-up)
RESOURCES = ("gold", "magic", "influence")          # the capped tracks (battle.level_up: 13 -> 20)
VP_SOURCES = ("battles", "conquest", "awards", "champions", "end_game")
"""score_breakdown sources: battle VP (chart + reserve bonus), skirmish-space VP, award VP,
champion VP (instant, ongoing, end-game cards), end of game (dice left, excess influence)."""
FIXED_FIELDS = ("players",)


class _Base(BaseModel):
    """Valeria config: ``players`` 1-5 (2-5 by the seed, solo by ambiguity solo_setup)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = 2


Config = config_model(GAME_ID, _Base)
