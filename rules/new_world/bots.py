"""New World bots.  A bot is ``bot(observation, legal, rng) -> action`` and sees only its observation.

``greedy`` takes the legal action worth the most points at once (farm group, small settlement,
a majority it closes, harbour / +1 cell), computed from the observed board with the engine's own
rule functions; ties broken at random.  ``random`` is uniform."""
from __future__ import annotations

import random

from .board import board_by_key
from .config import HARBOUR_BONUS, OFFSHORE_BONUS
from .settlements import points_table, ranking
from .tiles import EMPTY, KIND, S1, influence


class _Cfg:
    blocked_cells = "neutral_occupied"
    settlement_influence_total = "sum"


def random_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    return legal[rng.randrange(len(legal))]


def immediate_points(observation: dict, action: dict) -> int:
    """Points ``action`` scores at once for the viewer on the observed board (0 for non-placements)."""
    if action.get("type") != "place":
        return 0
    board = board_by_key(observation.get("map"), observation["side"])
    cells = list(observation["board"])
    seat = observation["viewer"]
    kind = KIND[action["tile"]]
    i = board.index[(action["q"], action["r"])]
    cells[i] = seat * 8 + kind
    pts = 0
    if kind < S1:
        code, seen, stack = cells[i], {i}, [i]
        while stack:
            j = stack.pop()
            for nb in board.nbrs[j]:
                if nb not in seen and cells[nb] == code:
                    seen.add(nb)
                    stack.append(nb)
        pts += len(seen)
    else:
        members = board.settlements[board.settlement_of[i]]
        if len(members) == 1:
            pts += influence(kind)
        elif all(cells[m] != EMPTY for m in members):
            infl: dict = {}
            for m in members:
                v = cells[m]
                if v >= 0:
                    infl[v >> 3] = infl.get(v >> 3, 0) + influence(v & 7)
            order = ranking(infl, seat, observation["players"])
            table = points_table(len(members), len(order))
            r = order.index(seat)
            pts += table[r] if r < len(table) else 0
        if i in board.harbour:
            pts += HARBOUR_BONUS
    if i in board.offshore:
        pts += OFFSHORE_BONUS
    return pts


def greedy_bot(observation: dict, legal: list[dict], rng: random.Random) -> dict:
    best, picks = None, []
    for a in legal:
        p = immediate_points(observation, a)
        if best is None or p > best:
            best, picks = p, [a]
        elif p == best:
            picks.append(a)
    return picks[rng.randrange(len(picks))]


BOTS = {"random": random_bot, "greedy": greedy_bot}
BOT_WORDS = {"greedy": ("โลภ (แต้มทันทีสูงสุด)", "greedy")}
"""``(th, en)`` of each bot name (the pickers' labels: ``rules.core.bots.bot_words``; ``random``'s are the core's)."""
