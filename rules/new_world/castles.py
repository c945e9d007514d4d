"""Castles (castles.majority, end.castles; register castle_third_tie, castle_points_once).

The first seat to place next to a castle holds it; the placing seat takes it over with more tiles
next to it, or as many tiles and more farm tiles (food + energy); still equal, the placing seat
loses.  Only the castle's six neighbours are read.  At the end 5 points per castle held (twice
under castle_points_once=twice)."""
from __future__ import annotations

from ..core.events import emit
from .config import CASTLE_POINTS, CASTLES
from .labels import seat_name
from .tiles import S1


def counts(board, cells, castle: int, players: int) -> list[tuple[int, int]]:
    """Per seat ``(tiles, farm tiles)`` next to castle number ``castle`` (covered cells: nobody's)."""
    out = [[0, 0] for _ in range(players)]
    for n in board.nbrs[board.castles[castle]]:
        v = cells[n]
        if v >= 0:
            row = out[v >> 3]
            row[0] += 1
            if (v & 7) < S1:
                row[1] += 1
    return [tuple(r) for r in out]


def update_castles(w, seat: int, i: int, log: list) -> None:
    """The placement on cell ``i`` by ``seat``: every castle next to it is challenged."""
    board = w.board
    for c in board.near_castles[i]:
        holder = w.castle_holder[c]
        if holder == seat:
            continue
        name = board.names[board.castles[c]]
        th, en = seat_name(seat)
        cnt = counts(board, w.cells, c, w.players)
        mine = cnt[seat]
        if holder < 0:
            w.castle_holder[c] = seat
            emit(log, "castle_taken", seat, ("castles.majority",),
                 f"{th} วางไทล์ติดปราสาท {name} เป็นคนแรก วางปราสาทสีตัวเอง",
                 f"{en} is first next to castle {name} and puts a castle there",
                 castle=name, holder=seat, previous=None, counts=[list(x) for x in cnt])
            continue
        theirs = cnt[holder]
        hth, hen = seat_name(holder)
        if mine > theirs:
            w.castle_holder[c] = seat
            why_th = "มีไทล์ติดมากกว่า" if mine[0] > theirs[0] else "ไทล์เท่ากันแต่มีไทล์ฟาร์มติดมากกว่า"
            why_en = "more tiles next to it" if mine[0] > theirs[0] else "as many tiles, more farm tiles"
            emit(log, "castle_taken", seat, ("castles.majority",),
                 f"{th} แย่งปราสาท {name} จาก{hth} ({why_th}: {mine[0]}/{mine[1]} ต่อ {theirs[0]}/{theirs[1]})",
                 f"{en} takes castle {name} from {hen} ({why_en}: {mine[0]}/{mine[1]} vs {theirs[0]}/{theirs[1]})",
                 castle=name, holder=seat, previous=holder, counts=[list(x) for x in cnt])
        elif mine == theirs:
            keep = holder
            tied = [s for s in range(w.players) if s != seat and cnt[s] == mine]
            if w.config.castle_third_tie == "clockwise_first" and len(tied) > 1:
                keep = min(tied, key=lambda s: (s - seat) % w.players)
                w.castle_holder[c] = keep
            kth, ken = seat_name(keep)
            emit(log, "castle_tie", seat, ("castles.majority",),
                 f"{th} เสมอกับ{hth} ที่ปราสาท {name} ({mine[0]}/{mine[1]}) ผู้วางแพ้ {kth} ครอง",
                 f"{en} ties {hen} at castle {name} ({mine[0]}/{mine[1]}): the placing player loses, {ken} holds it",
                 castle=name, holder=keep, previous=holder, counts=[list(x) for x in cnt],
                 tied=sorted(tied + [seat]))


def score_castles(w, log: list, add) -> None:
    """5 points per castle held at the end (end.castles)."""
    per = CASTLE_POINTS * (2 if w.config.castle_points_once == "twice" else 1)
    held = [0] * w.players
    for h in w.castle_holder:
        if h >= 0:
            held[h] += 1
    awards = []
    for seat, n in enumerate(held):
        if n:
            add(seat, CASTLES, n * per)
            awards.append([seat, "castles", n * per])
    emit(log, "castles_scored", None, ("end.castles", "castles.majority"),
         "ปราสาทที่ครอง: " + (", ".join(f"{seat_name(s)[0]} {n} แห่ง {n * per} แต้ม" for s, n in enumerate(held) if n) or "ไม่มี"),
         "castles held: " + (", ".join(f"{seat_name(s)[1]} {n} = {n * per}" for s, n in enumerate(held) if n) or "none"),
         held=held, per_castle=per, awards=awards)
