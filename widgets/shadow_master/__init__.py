"""Shadow Master's widget folder: its board view (:mod:`.board`: hex board, kingdom table, player
panels), the what-if overlay view (:mod:`.whatif`), the home page's live board (:mod:`.live_board`)
and its labels (:mod:`.labels`), plugged into the shared page (:mod:`widgets.page`) as :data:`SPEC`."""
from __future__ import annotations

from rules.shadow_master import GAME
from rules.shadow_master import bots as _bots

from rules.core.bots import bot_label

from ..page import GameSpec
from . import labels
from .board import SMBoardView, action_cell, analysis_board, build_frames
from .panels import CSS
from .whatif import ATTACK_EXAMPLES, WhatIfView, whatif_board

SECTION_EXAMPLES = {
    "board": "rank_odd_row_diagonal", "players": "setup_deal_two_players", "setup": "setup_deal_two_players",
    "order": "end_of_round_income_tax",
    "turn": "phase2_open_row_pass", "money": "end_of_round_income_tax", "power": "military_faith_combo",
    "power_limit": "military_faith_combo", "attack": "attack_full_force", "alliance": "alliance_attack",
    "collapse": "siege_collapse_deposits", "end": "final_count", "rank": "rank_cells_not_tokens",
    "damage": "bankruptcy_forced_sale", "black": "black_token", "territory": "phase2_open_row_pass",
    "power_card": "military_faith_combo", "shadow": "castle_capture",
}
"""The example shown beside each rulebook section (by the id prefix of its clauses)."""

SPEC = GameSpec(
    id="shadow_master", game=GAME, board=SMBoardView, describe=labels.describe, seat_label=labels.seat_label,
    seat_to_act=labels.seat_to_act, seat_out=labels.seat_out,
    decision_words=labels.decision_words, turn_of=labels.turn_of,
    why_words=labels.why_words,
    bots={"balanced": (bot_label("shadow_master", "balanced"), lambda: _bots.balanced_bot),
          "greedy": (bot_label("shadow_master", "greedy"), lambda: _bots.greedy_bot),
          "random": (bot_label("shadow_master", "random"), lambda: _bots.random_bot)},
    bot_kind="balanced", bot_count=(1, 3, 2), frames=build_frames, sections=SECTION_EXAMPLES,
    first_section="board", fresh_players=4, primary=frozenset({"roll", "end_turn"}), css=CSS,
    css_class="kl-sm", analysis=("random", 20), analysis_slow=frozenset({"balanced"}), action_cell=action_cell, analysis_board=analysis_board)

__all__ = ["SPEC", "ATTACK_EXAMPLES", "SECTION_EXAMPLES", "SMBoardView", "WhatIfView", "whatif_board", "labels"]
