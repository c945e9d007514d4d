"""What must hold in every New World state (the conformance harness and the soak check it):
tiles conserved per colour, no tile on a forbidden cell, every score the sum of its sources,
castle holders a majority (castles.majority), cathedral marks next to the seat's tiles."""
from __future__ import annotations

from .castles import counts
from .state import OVER, PLACE, State
from .tiles import COVERED, EMPTY, NAMES, mix_of

_OK = {"blank": (True, True, False, False, False, False), "food": (True, True, False, False, False, False),
       "energy": (True, True, False, False, False, False),
       "settlement": (False, False, True, True, True, True)}
"""Per icon, which kinds may lie there (placement.*: farms on farm and blank cells - the other
farm's icon after the overflow - settlements on settlement spaces; nothing elsewhere)."""
_NONE = (False,) * len(NAMES)


_ALLOWED: dict = {}


def _allowed(b) -> tuple:
    got = _ALLOWED.get(b)
    if got is None:
        got = _ALLOWED[b] = tuple(_OK.get(ic, _NONE) for ic in b.icon)
    return got


def _tally(seq, row) -> None:
    for k in seq:
        row[k] += 1


def invariants(s: State) -> list[str]:
    out = []
    b, n = s.board, s.players
    kinds = len(NAMES)
    mix = [0] * kinds
    _tally(mix_of(s.config), mix)
    have = [[0] * kinds for _ in range(n)]
    allowed = _allowed(b)
    for i, v in enumerate(s.cells):
        if v < 0:
            if v != EMPTY and (v != COVERED or n != 2 or i not in b.yellow):
                out.append(f"covered cell {b.cells[i]} is not a yellow cell of a two-player game")
            continue
        seat, kind = v >> 3, v & 7
        if seat >= n or kind >= kinds or not allowed[i][kind]:
            out.append(f"tile {v} (seat {seat}, kind {kind}) on forbidden cell {b.cells[i]} ({b.icon[i]})")
            continue
        have[seat][kind] += 1
    for seat in range(n):
        row = have[seat]
        for seq in (s.hands[seat], s.piles[seat], s.aside[seat], s.tribe[seat], s.boxed[seat]):
            _tally(seq, row)
        if seat == s.turn and s.second >= 0:
            row[s.second] += 1
        if row != mix:
            out.append(f"seat {seat}: tiles not conserved ({row} vs the mix {mix}, kinds {NAMES})")
        if s.scores[seat] != sum(s.sources[seat]) or min(s.sources[seat]) < 0:
            out.append(f"seat {seat}: score {s.scores[seat]} is not the sum of its sources {s.sources[seat]}")
    for k, h in enumerate(s.castle_holder):
        cnt = counts(b, s.cells, k, n)
        top = max(cnt)
        if h >= 0 and cnt[h] < top:
            out.append(f"castle {b.names[b.castles[k]]}: holder {h} has {cnt[h]}, fewer than {top}")
        if h < 0 and top[0] > 0:
            out.append(f"castle {b.names[b.castles[k]]} has tiles next to it but no holder")
    for k, m in enumerate(s.cathedral_marks):
        if not m:
            continue
        c = b.cathedrals[k]
        for p in range(n):
            if m >> p & 1 and not any(s.cells[j] >= 0 and s.cells[j] >> 3 == p for j in b.nbrs[c]):
                out.append(f"cathedral {b.names[c]}: seat {p}'s cathedral without a tile of theirs next to it")
    if s.stage == PLACE and not s.hands[s.turn] and s.second < 0:
        out.append(f"seat {s.turn} is to place but holds no tile")
    if (s.winners is None) != (s.stage != OVER):
        out.append("winners and the stage disagree about the end")
    return out
