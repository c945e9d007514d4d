"""Invariants checked after every action in tests and soak runs (``GAME.invariants``).

* at most 3 tokens and one colour per cell (2 under a castle by default);
* tokens conserved: on the map (+ in an X cell under ally_token=from_supply) + supply = the colour's
  tokens (with removed tokens to supply);
* money conserved between players (cash, deposits), the open row's coins and the bank;
* Kingdom Power cards conserved (decks + held), Territory cards conserved, Shadow Master cards
  conserved; no negative money;
* castles: on a kingdom cell of the castle's own colour (empty only where a reading keeps it);
* alliances: one token per colour, fewer than 4 colours in an X cell;
* no forced sale owed by a player with nothing to sell (``bankruptcy.out`` decides that);
* Rank equals the largest connected group's cells, recomputed independently by breadth-first
  search over the odd-r offset neighbours (not through rules.core.hexgrid).
"""
from __future__ import annotations

from collections import Counter, deque
from functools import lru_cache

from . import board as B
from .castles import cell_capacity
from .powers import kingdom_rank, side_of
from .setup import all_territory_cards
from .state import BANK_START, State
from .tables import KINDS, PERSONS, tables

_ODDR = {0: [(+1, 0), (0, -1), (-1, -1), (-1, 0), (-1, +1), (0, +1)],
         1: [(+1, 0), (+1, -1), (0, -1), (-1, 0), (0, +1), (+1, +1)]}


@lru_cache(maxsize=64)
def _all_cards(cfg) -> list[str]:
    return sorted(all_territory_cards(cfg))


def reference_rank(position: B.Position, colours: frozenset[str]) -> int:
    """Largest group of ``colours`` by BFS over odd-r offset neighbours (independent check)."""
    board = position.board
    cells = {board.offset(c) for c, (col, _) in position.items() if col in colours}
    best, seen = 0, set()
    for start in cells:
        if start in seen:
            continue
        seen.add(start)
        size, todo = 0, deque([start])
        while todo:
            col, row = todo.popleft()
            size += 1
            for dc, dr in _ODDR[row & 1]:
                n = (col + dc, row + dr)
                if n in cells and n not in seen:
                    seen.add(n)
                    todo.append(n)
        best = max(best, size)
    return best


def invariants(s: State) -> list[str]:
    """Broken invariants of ``s`` as readable strings (empty when all hold)."""
    out: list[str] = []
    board, pos, cfg = s.board, s.position, s.config
    for cell, (colour, n) in pos._cells.items():
        if not 1 <= n <= B.MAX_TOKENS or cell not in board.hex_of or colour not in board.all_colours:
            out.append(f"cell {cell} holds {n} {colour} tokens")
    for c in s.castles:
        if pos.count_at(c.cell) > cell_capacity(s, c.cell):
            out.append(f"castle cell {c.cell} holds {pos.count_at(c.cell)} tokens (capacity {cell_capacity(s, c.cell)})")
    counts = Counter()
    for colour, n in pos._cells.values():
        counts[colour] += n
    in_x = Counter(c for a in s.alliances for c in a) if cfg.ally_token == "from_supply" else Counter()
    for k, colour in enumerate(board.colours):
        on = counts[colour] + in_x[colour]   # ambiguity ally_token=from_supply: its X-cell token too
        if s.supply[k] < 0 or (cfg.removed_tokens == "to_supply" and on + s.supply[k] != board.tokens_per_colour) \
                or on + s.supply[k] > board.tokens_per_colour:
            out.append(f"{colour}: {on} on the map + {s.supply[k]} in supply != {board.tokens_per_colour}")
    if s.black_supply < 0 or counts[board.black] + s.black_supply > board.black_tokens:
        out.append("black tokens not conserved")
    money = s.bank + sum(p.cash + sum(p.deposits) for p in s.players) + sum(n for _, n in s.row)
    if money != BANK_START:
        out.append(f"money not conserved: {money} != {BANK_START}")
    if s.bank < 0 or any(p.cash < 0 or min(p.deposits) < 0 for p in s.players) or any(n < 0 for _, n in s.row):
        out.append("negative money")
    per = tables().powers.per_colour(cfg.power_deck)
    held_all = Counter(ck for p in s.players for ck in p.powers)
    full = tuple(per[kind] for kind in KINDS)
    for k, colour in enumerate(board.colours):
        deck = s.power_decks[k]
        if held_all or deck != full:
            for j, kind in enumerate(KINDS):
                held = held_all[(colour, kind)]
                if deck[j] < 0 or deck[j] + held != per[kind]:
                    out.append(f"Power cards {colour} {kind}: deck {deck[j]} + held {held} != {per[kind]}")
    cards = [*s.deck, *s.discard, *(c for c, _ in s.row), *(c for p in s.players for c in p.hand)]
    if sorted(cards) != _all_cards(cfg):
        out.append("Territory cards not conserved")
    persons = list(s.person_supply) + [x for p in s.players for x in p.persons]
    if sorted(persons) != sorted(PERSONS):
        out.append("Shadow Master persons not conserved")
    built = sorted(c.card for c in s.castles)
    held = sorted(x for p in s.players for x in p.castles)
    if built != held or sorted(built + list(s.castle_supply)) != list(range(1, tables().shadow.castles + 1)):
        out.append("Castle cards not conserved")
    for c in s.castles:
        if (s.players[c.owner].out and cfg.out_assets == "returned") or c.card not in s.players[c.owner].castles:
            out.append(f"castle {c.card} owner mismatch")
        # an empty castle cell is allowed when the castle stays (castle_emptied=stays) or when
        # Lord Theron emptied it (theron_castle=ignore); a castle on black never is
        may_be_empty = cfg.castle_emptied == "stays" or (
            cfg.theron_castle == "ignore" and any("lord_theron" in p.persons for p in s.players))
        if pos.colour_at(c.cell) == board.black or (pos.colour_at(c.cell) is None and not may_be_empty):
            out.append(f"castle on {c.cell} stands on no kingdom")
        # a castle remembers its kingdom: a castle cell holding tokens holds its castle's colour
        if c.colour not in board.colours or pos.colour_at(c.cell) not in (None, c.colour, board.black):
            out.append(f"castle {c.card} on {c.cell} is {c.colour} but the cell holds {pos.colour_at(c.cell)}")
    seen: Counter = Counter(x for a in s.alliances for x in a)
    if any(n > 1 for n in seen.values()) or any(len(a) >= 4 for a in s.alliances):
        out.append(f"alliances broken: {s.alliances}")
    for colour in board.colours:
        side = side_of(s.alliances, colour) if cfg.allies_rank == "merged" else frozenset([colour])
        key = ("reference_rank", side)
        ref = pos._cache.get(key)
        if ref is None:
            ref = pos._cache[key] = reference_rank(pos, side)
        if kingdom_rank(s, colour) != ref:
            out.append(f"Rank of {colour} {kingdom_rank(s, colour)} != largest group {ref}")
    for q in s.queue:
        if s.players[q.seat].out:
            out.append(f"a decision is owed by a player who is out: {q}")
        if q.kind == "forced_sale" and not s.players[q.seat].powers and s.chance is None:
            out.append(f"a forced sale is owed by seat {q.seat}, who holds no Kingdom Power (bankruptcy.out decides)")
    return out
