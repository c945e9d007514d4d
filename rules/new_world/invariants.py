"""What must hold in every New World state (the conformance harness and the soak check it):
tiles conserved per colour, no tile on a forbidden cell, every score the sum of its sources,
castle holders a majority, cathedral marks next to the seat's tiles."""
from __future__ import annotations

from collections import Counter

from .castles import counts
from .state import State
from .tiles import COVERED, EMPTY, NAMES, mix_of

_OK = {"blank": {0, 1}, "food": {0, 1}, "energy": {0, 1}, "settlement": {2, 3, 4, 5}}


def invariants(s: State) -> list[str]:
    out = []
    b, n = s.board, s.players
    mix = Counter(mix_of(s.config))
    on_board = [Counter() for _ in range(n)]
    yellow = set(b.yellow)
    for i, v in enumerate(s.cells):
        if v == EMPTY:
            continue
        if v == COVERED:
            if i not in yellow or n != 2:
                out.append(f"covered cell {b.cells[i]} is not a yellow cell of a two-player game")
            continue
        seat, kind = v >> 3, v & 7
        if seat >= n or kind >= len(NAMES) or kind not in _OK.get(b.icon[i], ()):
            out.append(f"tile {v} (seat {seat}, {NAMES[kind] if kind < len(NAMES) else kind}) on forbidden cell "
                       f"{b.cells[i]} ({b.icon[i]})")
            continue
        on_board[seat][kind] += 1
    extra = Counter([s.second]) if s.second >= 0 else Counter()
    for seat in range(n):
        have = (on_board[seat] + Counter(s.hands[seat]) + Counter(s.piles[seat]) + Counter(s.aside[seat])
                + Counter(s.tribe[seat]) + Counter(s.boxed[seat]) + (extra if seat == s.turn else Counter()))
        if have != mix:
            out.append(f"seat {seat}: tiles not conserved ({dict(have)} vs the mix {dict(mix)})")
        if s.scores[seat] != sum(s.sources[seat]) or min(s.sources[seat]) < 0:
            out.append(f"seat {seat}: score {s.scores[seat]} is not the sum of its sources {s.sources[seat]}")
    for k, h in enumerate(s.castle_holder):
        cnt = counts(b, s.cells, k, n)
        if h >= 0 and cnt[h] < max(cnt):
            out.append(f"castle {b.names[b.castles[k]]}: holder {h} has {cnt[h]}, fewer than {max(cnt)}")
        if h < 0 and max(cnt)[0] > 0:
            out.append(f"castle {b.names[b.castles[k]]} has tiles next to it but no holder")
    for k, m in enumerate(s.cathedral_marks):
        c = b.cathedrals[k]
        for p in range(n):
            if m >> p & 1 and not any(s.cells[j] >= 0 and s.cells[j] >> 3 == p for j in b.nbrs[c]):
                out.append(f"cathedral {b.names[c]}: seat {p}'s cathedral without a tile of theirs next to it")
    if s.winners is None and s.stage != "over" and not any(s.hands) and s.second < 0 and s.stage == "place":
        out.append("nobody holds a tile but the game is not over")
    return out
