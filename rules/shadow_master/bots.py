"""Bots for Shadow Master: policies ``(observation, legal, rng) -> action`` (see rules.core.play).

* :func:`random_bot`: any legal action, uniformly.
* :func:`greedy_bot`: a simple, readable heuristic for playing against people and for the
  analyzer: roll rather than skip, place where the colour's group grows most (joining its
  largest group), buy a Power when it costs at most half the cash, never sell, take the
  leftmost open card, end the turn without exchanges, remove tokens from the largest stack.
  Kept as a simple baseline: it stacks tokens and uses Military whenever it can, so games
  collapse onto one or two kingdoms.  In a game that stalls it takes the balanced bot's push
  toward an end (:func:`stall_push`, :func:`end_progress`, :func:`card_pull`).
* :func:`balanced_bot`: weighs every action in Silver from the observation (Rank gained for the
  kingdoms it holds against the opponents', attacks, Powers of strong kingdoms, fines avoided;
  in a game that stalls, steps toward an end); the Play panel's default.  A move takes well under
  10 ms (``tests/test_shadow_master_bots.py`` checks what it plays like, not how fast).
"""
from __future__ import annotations

import random
from functools import lru_cache

from . import attack
from . import board as B
from .config import Config
from .constants import BLACK_REWARD, EXCHANGE_FEE, FINE  # phase1.roll_place, black.reward, phase3.discard_fee
from .tables import tables

PREFERENCE = {"roll": 5, "military": 6, "military_faith": 7, "place": 10, "place_combo": 11, "buy_power": 8,
              "no_buy": 1, "take_open": 3, "draw": 2, "end_turn": 4, "no_sell": 5, "decline": 0, "skip": 1,
              "move_money": -1}  # the baseline never moves money (as before money could move in every step)


def random_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """Uniformly random legal action."""
    return legal[rng.randrange(len(legal))]


def _place_score(obs: dict, a: dict) -> float:
    """Cells of ``a['colour']`` adjacent-ish: prefer cells already holding that colour's tokens."""
    board = obs["board"]
    here = board.get(a["cell"])
    return (2 if here else 0) + obs["rank"].get(a["colour"], 0) / 10


def greedy_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """The heuristic described in the module docstring (ties broken by ``rng``)."""
    me = observation["players"]
    seat = legal[0]["player"]
    cash = me[seat]["cash"]
    push = stall_push(observation)

    def score(a: dict) -> float:
        t = a["type"]
        s = PREFERENCE.get(t, 2)
        if t in ("place", "place_combo"):
            s += _place_score(observation, a) + push * end_progress(observation, a["colour"], a["cell"])
        if t == "skip":
            s -= push   # a skip keeps a hand of taken cells: in a stalling game nothing else cycles it
        if t == "buy_power":
            s = 8 if observation["rank"].get(a["colour"], 99) * 2 <= cash else 0
        if t == "take_open":
            s -= a["index"] - card_pull(observation, observation["row"][a["index"]][0], push)
        if t == "exchange":   # in a stalling game a card of a taken cell goes back for one of an empty cell
            s += push - card_pull(observation, a["card"], push)
        if t == "remove_token":
            s = observation["board"].get(a["cell"], ["", 0])[1]
        if t == "deposit":
            s = a["amount"] / 100
        return s + rng.random() * 1e-3

    return max(legal, key=score)


# ----------------------------------------------------------------------------- balanced bot
# Everything below reads only the observation (``observe(state, seat)``) plus the static, public
# board geometry and assumed tables of the observed config; values are in Silver.
RESERVE = 3          # Silver kept back when buying, against damage and fines
CARD_KEEP = 1.0      # how much a Territory card that can still grow a held kingdom is worth in play
PROGRESS = 1.5       # a placement also cycles the hand (phase 2 takes a card per card spent)
OPP_WEIGHT = 0.6     # an opponent's gain counts less than ours: they may sell or lose the card
INCOME_DISCOUNT = 0.5  # a Rank gained now may be lost to an attack before it pays income
SKIP = -2.5          # a skipped turn keeps a stuck hand and stalls the game
DEAD_CARD = -1.5     # a card no colour can be placed on: worth exchanging
END_PUSH = 2.0       # the leader brings the end closer (fill cells, exhaust colours: end.*)
STALL_FROM = 30      # past this round a game is long (4 bots end in ~34 rounds, 3 bots in ~53)
STALL_STEP = 0.5     # Silver per round past STALL_FROM that a step toward a text's end is worth
""":attr:`_View.push`.  Without it, 3 balanced bots (the Play panel's finish) ran one game in
13 to the engine's safety stop at round 80 (15 of 200 seeds): attacks sent tokens back to the
supply, hands filled with cards of taken cells (declines), and no end condition (end.three_empty,
end.two_exhausted) ever held, or seats with hands of taken cells skipped every turn.  Past
``STALL_FROM`` every seat, not only the leader, skips less and prefers filling empty cells, the two colours nearest to running out, placements that start no attack and
Territory cards of empty cells; the rules are unchanged.  The greedy bot takes the same push
(:func:`greedy_bot`): 13 of the same 200 Play-panel seeds with 3 greedy bots ran to the stop."""


def stall_push(obs: dict) -> float:
    """Silver that one step toward a text's end is worth to a bot in a stalling game:
    :data:`STALL_STEP` per round past :data:`STALL_FROM`, none once the end is triggered."""
    return 0.0 if obs["end_triggered"] else STALL_STEP * max(0, obs["round"] - STALL_FROM)


def low_supply(obs: dict) -> int:
    """Tokens left of the colour second nearest to running out (end.two_exhausted needs two)."""
    supply = sorted(obs["supply"].values())
    return supply[1] if len(supply) > 1 else supply[0]


def end_progress(obs: dict, colour: str, cell: str, low: int | None = None) -> float:
    """How far one ``colour`` token on ``cell`` brings a text's end (end.three_empty: an empty
    cell filled; end.two_exhausted: a token of the two colours with the fewest left)."""
    low = low_supply(obs) if low is None else low
    return (1.0 if obs["board"].get(cell) is None else 0.0) + (1.0 if obs["supply"][colour] <= low else 0.0)


def card_pull(obs: dict, card: str, push: float) -> float:
    """In a stalling game (``push`` > 0), a Territory card of an empty cell is worth taking (it can fill it)."""
    return push if card != "X" and push and obs["board"].get(card) is None else 0.0


class _View:
    """What one seat knows, precomputed once per decision from the observation."""

    def __init__(self, obs: dict, seat: int):
        cfg = _config(_frozen(obs["config"]))
        self.obs, self.seat, self.cfg = obs, seat, cfg
        self.board = cfg.get_board()
        self.pos = B.position_from_json(self.board, obs["board"], "observation")
        self.players = obs["players"]
        self.me = self.players[seat]
        self.rank = obs["rank"]
        self.income = tables().rank.tables[cfg.rank_table].income_at
        self.opponents = [i for i, p in enumerate(self.players) if i != seat and not p["out"]]
        self.mine = {c: 0 for c in self.board.colours}
        for c, _k in self.me["powers"]:
            self.mine[c] += 1
        theirs = {c: 0 for c in self.board.colours}
        for i in self.opponents:
            for c, _k in self.players[i]["powers"]:
                theirs[c] += 1
        n = max(1, len(self.opponents))
        # an opponent's gain counts against us, shared among the opponents
        self.theirs = {c: OPP_WEIGHT * theirs[c] / n for c in theirs}
        self.spendable = self.me["cash"] + sum(self.me["deposits"].values())
        self.rounds_left = self._rounds_left()
        self.castle_cells = {c["cell"] for c in obs["castles"]}
        best_other = max((self.players[i]["value"] for i in self.opponents), default=0)
        self.leading = self.me["value"] > best_other
        self.push = stall_push(obs)
        self.low_supply = low_supply(obs)   # the two colours nearest to running out

    def _rounds_left(self) -> int:
        o = self.obs
        if o["end_triggered"]:
            return max(0, o["last_round"] - o["round"]) + 1
        # about one cell filled per player turn until only 3 are left (end.three_empty)
        return max(2, min(12, o["empty_cells"] // max(1, len(self.opponents) + 1)))

    def stake(self, colour: str) -> float:
        """Net cards of ``colour``: ours minus the opponents' (per opponent)."""
        return self.mine.get(colour, 0) - self.theirs.get(colour, 0)

    def rank_gain(self, colour: str, cell: str) -> int:
        """Rank increase of ``colour`` if one token goes on ``cell`` (exact, hex adjacency)."""
        if self.pos.colour_at(cell) is not None:
            return 0
        joined = {g for g in B.groups(self.pos, colour) for n in self.board.neighbours[cell] if n in g}
        return max(0, 1 + sum(len(g) for g in joined) - self.rank[colour])

    def rank_points(self, colour: str, gain: int) -> float:
        """What ``gain`` Ranks of ``colour`` are worth to one holder: card value plus income."""
        slope = (self.income(30) - self.income(0)) / 30   # income per Rank, smoothed over the table
        return gain * (1 + INCOME_DISCOUNT * self.rounds_left * slope)

    def can_place(self, colour: str, cell: str) -> bool:
        pos = self.pos
        if cell not in self.board.hex_of or cell in self.obs["cells_this_round"]:
            return False
        have = pos.colour_at(cell)
        cap = 2 if (cell in self.castle_cells and self.cfg.castle_capacity == "castle_takes_slot") else B.MAX_TOKENS
        return have in (None, colour) and pos.count_at(cell) < cap and self.obs["supply"][colour] > 0

    def fee(self, colour: str) -> int:
        r = self.rank[colour]
        if r < 15:
            return 0
        fee = self.income(r)
        return max(0, fee - 10) if "master_of_coin" in self.me["persons"] else fee

    def buy_value(self, colour: str, rank: int) -> float:
        """Worth of buying a ``colour`` Power at ``rank`` now (0 when not possible or not wanted)."""
        if (len(self.me["powers"]) >= self.me["power_limit"] or sum(self.obs["power_decks"][colour].values()) == 0
                or self.spendable - rank < RESERVE or rank < 1):
            return 0.0
        best = max(self.rank.values())
        free = self.me["power_limit"] - len(self.me["powers"])
        if free == 1 and rank * 2 < best:   # keep the last slot for a strong kingdom
            return 0.0
        # price = value (rank.card_value), so the gain is the income until the end
        return self.rounds_left * self.income(rank) * 0.5

    def place_value(self, colour: str, cell: str) -> float:
        """Worth of placing one ``colour`` token on ``cell`` (Rank for holders, attack, buy, fee)."""
        gain = self.rank_gain(colour, cell)
        v = PROGRESS + self.stake(colour) * self.rank_points(colour, gain)
        if self.leading and (self.pos.colour_at(cell) is None or self.obs["supply"][colour] <= 6):
            v += END_PUSH
        if self.pos.colour_at(cell) == colour and self.mine[colour]:
            v += 0.3   # a second token shields the cell from being emptied
        v -= self.fee(colour)
        v += self.attack_value(colour, cell)
        v += self.buy_value(colour, self.rank[colour] + gain)
        if self.push:
            v += self.push * self.progress(colour, cell)
        return v

    def progress(self, colour: str, cell: str) -> float:
        """:func:`end_progress` of one ``colour`` token on ``cell``."""
        return end_progress(self.obs, colour, cell, self.low_supply)

    def card_pull(self, card: str) -> float:
        """:func:`card_pull`: a Territory card of an empty cell in a stalling game."""
        return card_pull(self.obs, card, self.push)

    def attack_value(self, colour: str, cell: str) -> float:
        try:
            pos = B.place_token(self.pos, cell, colour)
        except Exception:   # noqa: BLE001 - an impossible placement simply starts no attack
            return 0.0
        alliances = tuple(tuple(a) for a in self.obs["alliances"].values())
        group, sides = attack.fronts(pos, alliances, cell, colour, self.cfg)
        if len(group) < attack.MIN_GROUP or not sides:
            return 0.0
        best = None
        for side in sides:
            p = attack.plan(pos, alliances, cell, colour, side, self.cfg)
            removed = p.remove if p.kind != "siege" else max(pos.count_at(c) for c in p.siege_cells)
            removed = min(removed, sum(pos.count_at(c) for c in p.defender_cells))
            hurt = -sum(self.stake(d) for d in side)
            # removed tokens go back to the supply: a stalling game loses the progress (push)
            v = removed * (hurt * (1 + self.rounds_left / 6) - self.push) if p.kind != "none" else 0.0
            best = v if best is None else max(best, v)
        return best or 0.0

    def card_use(self, card: str) -> float:
        """How useful a Territory card is to hold (besides its 5 Silver at the end)."""
        if card == "X":
            return 0.5
        best = DEAD_CARD
        for colour in self.board.colours:
            if self.can_place(colour, card) or (card in self.obs["cells_this_round"]
                                                and self.pos.colour_at(card) in (None, colour)):
                gain = self.rank_gain(colour, card)
                best = max(best, self.mine[colour] * self.rank_points(colour, gain), 0.2)
        return best


@lru_cache(maxsize=64)
def _config(key) -> Config:
    return Config(**dict(key))


def _frozen(d: dict):
    return tuple(sorted((k, v) for k, v in d.items()))


def _best_place(v: _View, colour: str, free_decline: bool = False) -> float:
    """Best placement of ``colour`` from the hand (or the decline, with its fine)."""
    opts = [v.place_value(colour, c) for c in set(v.me["hand"]) if c != "X" and v.can_place(colour, c)]
    return max(opts + [0.0 if free_decline else -FINE])


def _roll_value(v: _View, free_decline: bool = False) -> float:
    """Expected worth of rolling (two dice with a Faith power, choosing the better)."""
    vals = [_best_place(v, c, free_decline) for c in v.board.colours]
    if any(k == "faith" for _c, k in v.me["powers"]):
        return sum(max(a, b) for a in vals for b in vals) / len(vals) ** 2
    return sum(vals) / len(vals)


def _phase1_value(v: _View, a: dict, roll: float) -> float:
    t = a["type"]
    if t == "roll":
        return roll
    if t == "military":
        return _best_place(v, a["colour"])
    if t == "military_faith":
        return _best_place(v, a["colour"]) + max(0.0, _roll_value(v, True))
    if t == "black":
        near = v.board.neighbours[a["cell"]]
        blocked = sum(v.stake(v.pos.colour_at(n)) for n in near if v.pos.colour_at(n) in v.mine)
        return BLACK_REWARD - 1.5 * blocked - CARD_KEEP * v.card_use(a["cell"])
    if t == "skip":
        return SKIP - v.push   # a skip keeps the hand: in a stalling game nothing else cycles it
    if t == "buy_person":
        price = tables().shadow.prices(v.cfg.shadow_prices).persons[a["card"]]
        # worth its price at the end (shadow.persons_value): safe storage for spare Silver
        return 0.5 if v.spendable - price >= 10 and v.rounds_left <= 6 else -99.0
    if t == "move_money":
        return _move_value(v, a)
    return -99.0   # castles: upkeep every round for no income


def _move_value(v: _View, a: dict) -> float:
    """Move deposits out of a kingdom that may collapse into the strongest one held."""
    src, dst = a["source"], a["target"]
    if v.rank[src] > 3 or v.rank[dst] < v.rank[src] + 3 or a["amount"] != v.me["deposits"][src] or a["amount"] < 5:
        return -99.0
    return 1.0 + a["amount"] / 100


def _take_value(v: _View, a: dict) -> float:
    if a["type"] == "draw":
        return 0.4
    card, coins = v.obs["row"][a["index"]]
    return v.card_use(card) + v.card_pull(card) + coins - a["index"]


def _remove_value(v: _View, cell: str) -> float:
    """Which defender token to take: empty cells of kingdoms others hold, spare our own."""
    colour, n = v.pos.colour_at(cell), v.pos.count_at(cell)
    return -v.stake(colour) * (3 - n) + n * 0.01


def balanced_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    """A heuristic that weighs each action in Silver, from ``observation`` only.

    Placements are worth the Rank they add to the kingdoms it holds Powers of (card value plus
    income for the rounds left) less what they add to the opponents' kingdoms, plus profitable
    attacks and the Power it can then buy; the roll is worth the average over the die's colours
    (with the 5 Silver fine where nothing can be placed), so it rolls, uses Military only when
    that placement beats the roll and skips rather than pay the fine.  It buys Powers of strong
    kingdoms, sells weak ones in the last round, deposits with its strongest kingdom and takes
    the Territory cards that grow its kingdoms.  Past round ``STALL_FROM`` with no end in sight it
    pushes toward a text's end (empty cells, the colours nearest to running out, no attacks).
    Ties are broken by ``rng``.
    """
    seat = legal[0]["player"]
    v = _View(observation, seat)
    step = (observation.get("turn") or {}).get("step")
    if step == "choose" and not observation["queue"]:
        roll = _roll_value(v) if any(a["type"] == "roll" for a in legal) else 0.0
        return _pick(legal, lambda a: _phase1_value(v, a, roll), rng)
    if step == "resolve" and not observation["queue"]:
        free = bool(observation["turn"]["free_decline"])
        def resolve(a):
            if a["type"] in ("place", "place_combo"):
                return v.place_value(a["colour"], a["cell"]) - CARD_KEEP * v.card_use(a["cell"])
            if a["type"] == "decline":
                return 0.0 if free else -FINE
            if a["type"] == "move_money":
                return -99.0   # moves at the phase-1 choice or in phase 3 (money.move_phases allows more)
            return -1.0 if a["type"] in ("ally", "unally", "envoy_ally", "envoy_unally") else -2.0
        return _pick(legal, resolve, rng)
    return _pick(legal, lambda a: _other_value(v, a), rng)


def _other_value(v: _View, a: dict) -> float:
    t = a["type"]
    if t == "buy_power":
        return v.buy_value(a["colour"], v.rank[a["colour"]]) - 0.1
    if t in ("no_buy", "no_sell", "end_turn"):
        return 0.0
    if t in ("take_open", "draw"):
        return _take_value(v, a)
    if t == "exchange":
        # swap a dead card for the best open one when it is clearly better
        best = max([v.card_use(c) + v.card_pull(c) + n - i for i, (c, n) in enumerate(v.obs["row"])] + [0.4])
        return best - v.card_use(a["card"]) - EXCHANGE_FEE - 0.5
    if t == "move_money":   # in phase 3 only; the phase-1 choice weighs it in _phase1_value
        return _move_value(v, a) if (v.obs.get("turn") or {}).get("step") == "phase3" else -99.0
    if t == "sell_power":
        return _sell_value(v, a)
    if t == "deposit":
        excess = v.me["cash"] - 10
        fits = a["amount"] <= excess
        return v.rank[a["colour"]] * 10 + (a["amount"] if fits else -a["amount"])
    if t == "attack_side":
        return -sum(v.stake(c) for c in a["colours"])
    if t in ("remove_token",):
        return _remove_value(v, a["cell"])
    if t == "siege_cell":
        return -v.stake(v.pos.colour_at(a["cell"])) * v.pos.count_at(a["cell"])
    if t == "forced_sale":
        return -v.rank[a["colour"]]
    if t == "queen_move":
        return v.rank.get(a["target"], 0)
    if t == "discard_territory":
        return -v.card_use(a["card"])
    return -1.0


def _sell_value(v: _View, a: dict) -> float:
    """Sell at value + 3 (income.sell_power) when the card would earn less than 3 more."""
    colour = a["colour"]
    keeps = [c for c, _k in v.me["powers"] if c != colour]
    price = v.rank[colour] + 3
    if v.me["cash"] + price > 10 and not keeps:
        return -99.0   # no kingdom left to deposit with: the money would go back to the bank
    last = v.obs["end_triggered"] and v.obs["round"] >= v.obs["last_round"]
    if last:
        return 3 - v.income(v.rank[colour])
    if v.rank[colour] <= 1 and len(v.me["powers"]) >= v.me["power_limit"] and max(v.rank.values()) >= 6:
        return 0.5   # free a slot for a stronger kingdom
    return -1.0


def _pick(legal: list[dict], value, rng: random.Random) -> dict:
    """The best-valued action; ``rng`` breaks exact ties only (so options that are never chosen,
    such as a money move valued -99, do not change which of the others is picked)."""
    values = [value(a) for a in legal]
    best = max(values)
    tied = [a for a, v in zip(legal, values) if v >= best - 1e-9]
    return tied[rng.randrange(len(tied))] if len(tied) > 1 else tied[0]


BOT_WORDS = {"greedy": ("โลภ (ตามแผนง่าย ๆ)", "greedy"), "balanced": ("ชั่งน้ำหนัก", "balanced")}
"""``(th, en)`` of each bot name (the pickers' labels: ``rules.core.bots.bot_words``; ``random``'s are the core's)."""
