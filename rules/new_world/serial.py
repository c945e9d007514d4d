"""New World state as JSON, and scenario overrides (``setup.overrides`` of a scenario file).

Overrides (all optional; each validated, :class:`BadInput` names the field; the input state is
never changed)::

    turn: 2                                  # the seat to act
    board: {"3,4": "0:energy", "5,1": "1:s2"}   # tiles on cells "q,r": "seat:kind" (taken from
                                             #  that seat's tiles; a forbidden cell names its clause)
    hands: [[s2], [food], [energy]]          # per seat, the tiles in hand
    piles: [[food, s1], [], []]              # per seat, the pile in draw order (first drawn first);
                                             #  the seat's other tiles are set aside out of the game
    tribe: [[food, food, s1, s2], ...]       # Ireland: per seat, the tribe-board pile
    sources: [{farms: 10}, {}, {}]           # per seat, points by source (the score is their sum)
    castles: {Edinburgh: 2}                  # castle holders (needed when the board leaves a tie)
    cathedrals: {St Andrews: [0]}            # seats whose cathedral is on it
    missions: [[m05], [], []]                # per seat, secret cards (taken from the deck)
    mission_deck: [m07, m01]                 # the next cards drawn, in order
    public: [p01, ..., p08]                  # Ireland: the 8 face-up cards
    public_deck: [p09, ...]                  # Ireland: the next public cards drawn, in order
    towers: {Hill of Tara: thirteen}         # Ireland: a tower's bonus (swapped with another tower)
    tower_used: [[Kells], [], []]            # Ireland: per seat, towers already used
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Mapping

from ..core.base import a_or_an, titled_clause
from ..core.protocol import BadInput
from .castles import counts
from .config import SOURCES, TOWER_BONUSES
from .labels import cell_place_name, cite_name, tile_name
from .missions import PublicCard, SecretCard, load_cards
from .placement import has_legal_cell, refusal
from .state import LOST, State
from .tiles import COVERED, EMPTY, KIND, NAMES, S1

OVERRIDES = ("turn", "board", "hands", "piles", "tribe", "sources", "castles", "cathedrals", "missions",
             "mission_deck", "public", "public_deck", "towers", "tower_used")


def state_to_json(s: State) -> dict:
    b = s.board
    board = {}
    for i, v in enumerate(s.cells):
        if v >= 0:
            board[f"{b.cells[i][0]},{b.cells[i][1]}"] = f"{v >> 3}:{NAMES[v & 7]}"
        elif v == COVERED:
            board[f"{b.cells[i][0]},{b.cells[i][1]}"] = "covered"
    names = lambda seq: [NAMES[k] for k in seq]  # noqa: E731
    return {
        "side": s.config.side, "stage": s.stage, "turn": s.turn, "first": s.first, "scores": list(s.scores),
        "sources": [dict(zip(SOURCES, row)) for row in s.sources], "board": board,
        "hands": [names(h) for h in s.hands], "piles": [names(p) for p in s.piles],
        "aside": [names(a) for a in s.aside], "tribe": [names(t) for t in s.tribe],
        "boxed": [names(x) for x in s.boxed],
        "castles": {b.names[c]: (h if h >= 0 else None) for c, h in zip(b.castles, s.castle_holder)},
        "cathedrals": {b.names[c]: [p for p in range(s.players) if m >> p & 1]
                       for c, m in zip(b.cathedrals, s.cathedral_marks)},
        "missions": [list(m) for m in s.missions], "mission_deck": list(s.mission_deck),
        "public": list(s.public), "public_deck": list(s.public_deck),
        "public_done": {c: list(d) for c, d in zip(s.public, s.public_done)}, "doubled": list(s.doubled),
        "towers": {b.names[t]: bonus for t, bonus in zip(b.towers, s.tower_bonus)},
        "tower_used": [[b.names[t] for k, t in enumerate(b.towers) if u >> k & 1] for u in s.tower_used],
        "set_claimed": [sorted(x) for x in s.set_claimed], "draw_three": list(s.draw_three),
        "second": NAMES[s.second] if s.second >= 0 else None, "second_used": s.second_used,
        "pending_second": s.pending_second, "pending_double": s.pending_double,
        "returned": names(s.returned), "ending": s.ending,
        "winners": list(s.winners) if s.winners is not None else None,
    }


def _bad(field: str, th: str, en: str) -> BadInput:
    return BadInput("scenario", f"setup.overrides.{field}", th, en)


def _rule(clause: str) -> tuple[str, str]:
    """The refusing clause as a reader sees it (the engine's :meth:`cite_name`, never the dotted id,
    which a page shows in tooltips only): ``("กฎ: กฎการวางไทล์: ...", "rule: Tile placement rules: ...")``."""
    th, en = titled_clause("new_world", clause, *cite_name(clause, None))  # = GAME.cite_name (no import cycle)
    return (f"กฎ: {th}" if th else "ตามกฎ"), (f"rule: {en}" if en else "by the rules")


def _per_seat(v, n: int, field: str) -> list:
    if not (isinstance(v, list) and len(v) == n and all(isinstance(x, list) for x in v)):
        raise _bad(field, f"ต้องเป็นรายการ {n} รายการ (หนึ่งต่อผู้เล่น)", f"expected a list of {n} lists (one per seat)")
    return v


def _kinds(v: list, field: str) -> list[int]:
    out = []
    for j, x in enumerate(v):
        if x not in KIND:
            raise _bad(f"{field}[{j}]", f"ไม่รู้จักไทล์ {x!r} (มี {', '.join(NAMES)})",
                       f"unknown tile {x!r} (known: {', '.join(NAMES)})")
        out.append(KIND[x])
    return out


def _icon_clause(icon: str, kind: int) -> str | None:
    if icon in ("cathedral", "castle", "water", "tower"):
        return "placement.forbidden_cells"
    if kind >= S1:
        return None if icon == "settlement" else "placement.settlement"
    own = "food" if kind == KIND["food"] else "energy"
    if icon in (own, "blank"):
        return None
    return "placement.farm_overflow" if icon in ("food", "energy") else \
        ("placement.food_farm" if own == "food" else "placement.energy_farm")


def apply_overrides(s: State, ov: Mapping[str, Any]) -> State:
    unknown = sorted(set(ov) - set(OVERRIDES))
    if unknown:
        raise _bad(unknown[0], f"ไม่รู้จักช่องนี้ (มี {', '.join(OVERRIDES)})", f"unknown override (known: {', '.join(OVERRIDES)})")
    n, b, cfg = s.players, s.board, s.config
    cells = list(s.cells)
    placed: list[Counter] = [Counter() for _ in range(n)]
    for key, val in (ov.get("board") or {}).items():
        field = f"board.{key}"
        try:
            q, r = (int(x) for x in str(key).split(","))
        except ValueError:
            raise _bad(field, "ช่องต้องเขียนเป็น \"q,r\"", "a cell is written \"q,r\"") from None
        if (q, r) not in b.index:
            raise _bad(field, f"ไม่มีช่อง ({q}, {r}) บนแผนที่", f"there is no cell ({q}, {r}) on the map")
        i = b.index[(q, r)]
        seat_s, _, kind_s = str(val).partition(":")
        if not (seat_s.isdigit() and int(seat_s) < n and kind_s in KIND):
            raise _bad(field, "ค่าต้องเป็น \"ที่นั่ง:ชนิดไทล์\" เช่น \"0:food\"", f"expected \"seat:kind\" like \"0:food\", got {val!r}")
        seat, kind = int(seat_s), KIND[kind_s]
        # the cell named as every other New World refusal names it (labels.cell_place_name: its kind,
        # its own name, the named places it touches, then (q, r)), not by (q, r) alone
        if cells[i] != EMPTY:  # the engine's own words: a placed tile, or a face-down cover (2 players)
            why = refusal(b, cells, kind, i)
            rth, ren = _rule(why.clause)
            raise _bad(field, f"{why.message_th} ({rth})", f"{why.message_en} ({ren})")
        clause = _icon_clause(b.icon[i], kind)
        if clause:
            (cth, cen), (tth, ten) = cell_place_name(b, i), tile_name(kind)
            rth, ren = _rule(clause)
            raise _bad(field, f"วาง{tth} บน{cth} ไม่ได้ ({rth})", f"{a_or_an(ten)} cannot go on the {cen} ({ren})")
        cells[i] = seat * 8 + kind
        placed[seat][kind] += 1
    hands, piles, aside, tribe = [list(x) for x in s.hands], [list(x) for x in s.piles], \
        [list(x) for x in s.aside], [list(x) for x in s.tribe]
    given = {k: _per_seat(ov[k], n, k) for k in ("hands", "piles", "tribe") if k in ov}
    for seat in range(n):
        pool = Counter(hands[seat]) + Counter(piles[seat]) + Counter(aside[seat]) + Counter(tribe[seat])
        want_hand = _kinds(given["hands"][seat], f"hands[{seat}]") if "hands" in given else hands[seat]
        want_tribe = _kinds(given["tribe"][seat], f"tribe[{seat}]") if "tribe" in given else tribe[seat]
        need = placed[seat] + Counter(want_hand) + Counter(want_tribe)
        if "piles" in given:
            want_pile = _kinds(given["piles"][seat], f"piles[{seat}]")
            need += Counter(want_pile)
        short = need - pool
        if short:
            k = sorted(short)[0]
            raise _bad(f"board/hands/piles of seat {seat}", f"ผู้เล่น {seat + 1} มีไทล์ {NAMES[k]} ไม่พอ",
                       f"player {seat + 1} has not enough {NAMES[k]} tiles for this position (tiles are conserved)")
        rest = pool - need
        if "piles" in given:
            pile_out = list(reversed(want_pile))
            aside_out = sorted(rest.elements())
        else:
            left = Counter(rest)
            keep_aside = []
            for k in aside[seat]:
                if left[k]:
                    keep_aside.append(k)
                    left[k] -= 1
            pile_out = []
            for k in piles[seat] + hands[seat] + tribe[seat]:
                if left[k]:
                    pile_out.append(k)
                    left[k] -= 1
            aside_out = keep_aside
        if not want_hand and (pile_out or seat == ov.get("turn", s.turn)):
            raise _bad(f"hands[{seat}]", "มือต้องมีไทล์ถ้ายังมีกองหรือเป็นตาของผู้เล่นนี้",
                       "a seat with a pile left (or to act) holds a tile in hand")
        hands[seat], piles[seat], aside[seat], tribe[seat] = want_hand, pile_out, aside_out, list(want_tribe)
    sources = [list(r) for r in s.sources]
    if "sources" in ov:
        rows = ov["sources"]
        if not (isinstance(rows, list) and len(rows) == n and all(isinstance(x, dict) for x in rows)):
            raise _bad("sources", f"ต้องเป็นรายการ {n} ช่อง", f"expected a list of {n} mappings")
        for seat, row in enumerate(rows):
            for k, v in row.items():
                if k not in SOURCES or not (isinstance(v, int) and not isinstance(v, bool) and v >= 0):
                    raise _bad(f"sources[{seat}].{k}", f"แหล่งแต้มต้องเป็นหนึ่งใน {SOURCES} ค่าเป็นจำนวนเต็มไม่ติดลบ",
                               f"a source is one of {SOURCES} with a non-negative integer")
                sources[seat][SOURCES.index(k)] = v
    holders = []
    cast = ov.get("castles") or {}
    names_c = {b.names[c]: k for k, c in enumerate(b.castles)}
    for name in cast:
        if name not in names_c:
            raise _bad(f"castles.{name}", "ไม่มีปราสาทชื่อนี้", f"no castle named {name}")
    for k, c in enumerate(b.castles):
        cnt = counts(b, cells, k, n)
        best = max(cnt)
        top = [p for p in range(n) if cnt[p] == best and best[0] > 0]
        name = b.names[c]
        if name in cast:
            h = cast[name]
            if h is None and not top:
                holders.append(-1)
                continue
            if not (isinstance(h, int) and h in top):
                raise _bad(f"castles.{name}", "ผู้ครองต้องเป็นผู้ที่มีไทล์ติดมากที่สุด (castles.majority)",
                           f"the holder must be a seat with the most tiles (then farm tiles) next to it: {top}")
            holders.append(h)
        elif len(top) > 1:
            raise _bad(f"castles.{name}", "มีผู้เสมอกันที่ปราสาทนี้ ต้องระบุผู้ครอง", f"seats {top} tie at castle {name}: name its holder")
        else:
            holders.append(top[0] if top else -1)
    marks = list(s.cathedral_marks)
    names_k = {b.names[c]: k for k, c in enumerate(b.cathedrals)}
    for name, seats in (ov.get("cathedrals") or {}).items():
        if name not in names_k or not (isinstance(seats, list) and all(isinstance(p, int) and 0 <= p < n for p in seats)):
            raise _bad(f"cathedrals.{name}", "ต้องเป็นชื่อมหาวิหารและรายการที่นั่ง", "expected a cathedral name and a list of seats")
        marks[names_k[name]] = sum(1 << p for p in set(seats))
    cards = load_cards(cfg.mission_cards)
    deck, pdeck = list(s.mission_deck), list(s.public_deck)
    public = list(s.public)
    if "public" in ov:
        if cfg.side != "ireland":
            raise _bad("public", "ภารกิจสาธารณะมีเฉพาะไอร์แลนด์", "public missions are on the Ireland side only")
        want = ov["public"]
        allp = public + pdeck
        if not (isinstance(want, list) and len(want) == len(public) and len(set(want)) == len(want) and set(want) <= set(allp)):
            raise _bad("public", f"ต้องเป็นการ์ดสาธารณะ {len(public)} ใบไม่ซ้ำ", f"expected {len(public)} distinct public card ids")
        public, pdeck = list(want), [c for c in allp if c not in want]
    missions = [list(m) for m in s.missions]
    if "missions" in ov:
        rows = _per_seat(ov["missions"], n, "missions")
        for seat, row in enumerate(rows):
            for c in row:
                src = deck if isinstance(cards.get(c), SecretCard) else pdeck if isinstance(cards.get(c), PublicCard) else None
                if src is None or c not in src:
                    raise _bad(f"missions[{seat}]", f"การ์ด {c!r} ไม่อยู่ในกอง", f"card {c!r} is not in a deck to take")
                src.remove(c)
                missions[seat].append(c)
    for key, src in (("mission_deck", deck), ("public_deck", pdeck)):
        if key in ov:
            top = ov[key]
            if not (isinstance(top, list) and all(c in src for c in top) and len(set(top)) == len(top)):
                raise _bad(key, "ต้องเป็นการ์ดที่อยู่ในกองนี้ ไม่ซ้ำ", f"expected distinct cards of this deck: {src}")
            rest = [c for c in src if c not in top]
            src[:] = rest + list(reversed(top))
    bonus = list(s.tower_bonus)
    names_t = {b.names[t]: k for k, t in enumerate(b.towers)}
    fixed = set()
    for name, kind in (ov.get("towers") or {}).items():
        if name not in names_t or kind not in TOWER_BONUSES:
            raise _bad(f"towers.{name}", f"ต้องเป็นชื่อหอคอยและโบนัสใน {list(TOWER_BONUSES)}",
                       f"expected a tower name and a bonus in {list(TOWER_BONUSES)}")
        k = names_t[name]
        if bonus[k] != kind:
            other = next((j for j, x in enumerate(bonus) if x == kind and j not in fixed and j != k), None)
            if other is None:
                raise _bad(f"towers.{name}", "มีโบนัสชนิดนี้ไม่พอ", f"not enough {kind} bonus tiles (components.ireland)")
            bonus[k], bonus[other] = bonus[other], bonus[k]
        fixed.add(k)
    used = list(s.tower_used)
    if "tower_used" in ov:
        rows = _per_seat(ov["tower_used"], n, "tower_used")
        for seat, row in enumerate(rows):
            if not all(x in names_t for x in row):
                raise _bad(f"tower_used[{seat}]", "ไม่มีหอคอยชื่อนี้", f"unknown tower in {row}")
            used[seat] = sum(1 << names_t[x] for x in set(row))
    turn = ov.get("turn", s.turn)
    if not (isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < n):
        raise _bad("turn", f"ต้องเป็นที่นั่ง 0-{n - 1}", f"expected a seat 0-{n - 1}, got {turn!r}")
    if not any(has_legal_cell(b, cells, k) for k in hands[turn]):
        raise _bad("hands", "ผู้เล่นที่ถึงตาต้องมีไทล์ที่วางได้", "the seat to act needs a tile with a legal cell")
    return dataclasses.replace(
        s, cells=tuple(cells), hands=tuple(map(tuple, hands)), piles=tuple(map(tuple, piles)),
        aside=tuple(map(tuple, aside)), tribe=tuple(map(tuple, tribe)), sources=tuple(map(tuple, sources)),
        scores=tuple(sum(r) for r in sources), castle_holder=tuple(holders), cathedral_marks=tuple(marks),
        missions=tuple(map(tuple, missions)), mission_deck=tuple(deck), public=tuple(public), public_deck=tuple(pdeck),
        public_done=tuple(() for _ in public), tower_bonus=tuple(bonus), tower_used=tuple(used),
        turn=turn, first=s.first, doubled=tuple(None if d == LOST else d for d in s.doubled))
