"""The rule values the Thai text gives, as named constants (each with the clause that gives it).

Values the text does NOT give are data (``data/shadow_master/*.yaml``, marked ``assumed``) or
register readings (``ambiguities.yaml``); what is here is written in the rulebook itself.
Money is in Silver.
"""
from __future__ import annotations

START_SILVER = 10        # setup.starting_silver: "เริ่มต้นด้วยเงินคนละ 10 Silver"
SILVER_PER_GOLD = 10     # money.gold: 10 Silver = 1 Gold
CASH_LIMIT = 10          # money.cash_limit: at most 10 Silver in hand
MOVE_FEE_PER = 10        # money.move_fee: 1 Silver per 10 moved
MOVE_FEE = 1             # money.move_fee
FINE = 5                 # phase1.roll_place: not placing after a roll costs 5 Silver
BLACK_REWARD = 3         # black.reward: 3 Silver for a black token
PASS_COST = 1            # phase2.pass_cost, phase3.pass_cost: 1 Silver per open card passed
ROW_SIZE = 10            # phase2.row_reset: the open row resets at 10 cards
EXCHANGE_FEE = 1         # phase3.discard_fee: 1 Silver per exchange
EXCHANGES_PER_ROUND = 2  # phase3.exchange_limit: 2 exchanges per round
LAND_EXCHANGE_BONUS = 1  # phase3.land_bonus / power_card.land: +1 exchange per Land
LAND_TERRITORY_BONUS = 1 # power_card.land: +1 Territory Limit per Land
SALE_PROFIT = 3          # income.sell_power: sale price = value + 3 Silver
SALES_PER_ROUND = 1      # income.sell_power: one card per round
TAX_PER_CARD = 1         # income.tax / power_card.tax: 1 Silver per card of the colour
TAX_RANK = 6             # power_card.tax: the kingdom must be at Rank 6+
RANK15 = 15              # phase1.rank15_fee, power_limit.*_rank15
MASTER_OF_COIN_CUT = 10  # shadow.master_of_coin: at most 10 Silver off per token
THERON_MAX = 2           # shadow.lord_theron: up to 2 tokens
FAITH_EXTRA_DICE = 1     # power_card.faith: one more die
FIVE_BLACK = 5           # power_limit.five_black
LIMIT_BONUS = 1          # power_limit.*: each bonus is +1
RANK15_COLOURS_3P = 2    # power_limit.three_players_rank15: the first and the second colour
MAX_TOKENS = 3           # board.cell_capacity (also in board.py)
CASTLE_MAX_TOKENS = 2    # castle.on_own_colour: a castle cell holds at most 2 tokens
