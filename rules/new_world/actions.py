"""New World actions: what is legal, why something is not, and every label.

Actions: ``{"player": p, "type": "place", "tile": kind, "q": q, "r": r}`` (turn.place_tile; in
stage ``second_place`` the tile is the 2nd tile, ireland.tower_second_tile; with three tiles in hand
after 'draw 3' the seat picks which one), ``{"player": p, "type": "double", "card": id}``
(ireland.tower_double_marker).  Chance: ``{"chance": "tribe_tile", "tile": kind}`` (the 2nd tile,
drawn at random from the tribe board) and ``{"chance": "shuffle", "order": [...]}`` (a permutation
of the pile after a 3-draw's other tiles go back, ireland.tower_draw_three).
"""
from __future__ import annotations

import random

from ..core.protocol import IllegalAction
from .labels import cell_place_name, seat_name, tile_name
from .missions import card_text, load_cards
from .placement import legal_cells, refusal
from .board import PLACEABLE
from .state import DOUBLE, FINAL_SCORING, OVER, PLACE, SECOND_PICK, SECOND_PLACE, SHUFFLE, State
from .tiles import EMPTY, ENERGY, FOOD, KIND, NAMES, S1
from .towers import double_targets

_PLACE_KEYS = frozenset({"player", "type", "tile", "q", "r"})


def _tiles_to_place(s: State) -> list[int]:
    if s.stage == SECOND_PLACE:
        return [s.second]
    return sorted(set(s.hands[s.turn]))


ACTION_FIELDS = {"player": int, "type": str, "tile": str, "q": int, "r": int}
"""The type of every field of a New World action (a malformed one is refused naming the field)."""


def legal_actions(s: State, player: int) -> list[dict]:
    if player != s.turn or s.stage in (OVER, SECOND_PICK, SHUFFLE, FINAL_SCORING):
        return []
    if s.stage == DOUBLE:
        return [{"player": player, "type": "double", "card": c} for c in double_targets(s, player)]
    board, cells = s.board, s.cells
    out = []
    for kind in _tiles_to_place(s):
        cache = _place_actions(board, player, kind)
        out.extend([cache[i] for i in legal_cells(board, cells, kind)])
    return out


_CACHE: dict = {}


def _place_actions(board, player: int, kind: int) -> list[dict]:
    """The place actions of ``player`` with ``kind``, one per cell (built once per map: the
    returned dicts are shared, callers must not change them)."""
    key = (board.side, board.source, player, kind)
    got = _CACHE.get(key)
    if got is None:
        name = NAMES[kind]
        got = _CACHE[key] = [{"player": player, "type": "place", "tile": name, "q": q, "r": r} for q, r in board.cells]
    return got


def chance_outcomes(s: State) -> list[tuple[dict, float]]:
    if s.stage == SECOND_PICK:
        pile = s.tribe[s.turn]
        return [({"chance": "tribe_tile", "tile": NAMES[k]}, pile.count(k) / len(pile)) for k in sorted(set(pile))]
    if s.stage == FINAL_SCORING:
        return [(dict(FINAL_ACTION), 1.0)]
    return []


FINAL_ACTION = {"chance": "final_scoring"}
"""The one outcome of stage ``final_scoring``: the end-game scoring (intro.goal, end.*)."""


def sample_shuffle(s: State, rng: random.Random) -> dict:
    order = list(range(len(s.piles[s.turn])))
    rng.shuffle(order)
    return {"chance": "shuffle", "order": order}


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def explain(s: State, action: dict) -> IllegalAction | None:
    """``None`` when legal; else the refusal naming the clause that forbids *that* action *there*."""
    if s.stage == OVER:
        return IllegalAction("intro.goal", "เกมจบแล้ว", "the game is over")
    if s.stage == SECOND_PICK:
        tile = action.get("tile")
        if set(action) == {"chance", "tile"} and action.get("chance") == "tribe_tile" and tile in KIND \
                and KIND[tile] in s.tribe[s.turn]:
            return None
        return IllegalAction("ireland.tower_second_tile", "ตอนนี้ต้องสุ่มหยิบไทล์จากกระดานเผ่า",
                             f"a tile is drawn at random from the tribe board now, not {action}")
    if s.stage == SHUFFLE:
        order = action.get("order")
        if set(action) == {"chance", "order"} and action.get("chance") == "shuffle" and isinstance(order, list) \
                and all(_int(x) for x in order) and sorted(order) == list(range(len(s.piles[s.turn]))):
            return None
        return IllegalAction("ireland.tower_draw_three", "ตอนนี้ต้องสับกองไทล์ (ลำดับใหม่ของทั้งกอง)",
                             f"the pile is being shuffled: expected a permutation of {len(s.piles[s.turn])}, got {action}")
    if s.stage == FINAL_SCORING:
        if action == FINAL_ACTION:
            return None
        return IllegalAction("intro.goal", "ทุกคนวางไทล์หมดแล้ว ตอนนี้นับแต้มตอนจบเกม",
                             f"everyone has placed all their tiles: the final scoring comes now, not {action}")
    player = action.get("player")
    if player != s.turn:
        th, en = seat_name(s.turn)
        return IllegalAction("setup.first_player", f"ยังไม่ใช่ตาของคุณ ตอนนี้เป็นตาของ{th} (วนตามเข็มนาฬิกา)",
                             f"not your turn: it is {en}'s turn (play goes clockwise)")
    if s.stage == DOUBLE:
        targets = double_targets(s, player)
        if set(action) == {"player", "type", "card"} and action.get("type") == "double" and action.get("card") in targets:
            return None
        card = action.get("card")
        if action.get("type") == "double" and card in s.public:
            return IllegalAction("ireland.tower_double_marker",
                                 "คุณทำภารกิจนี้สำเร็จแล้ว ป้ายคูณสองวางได้เฉพาะบนการ์ดภารกิจสาธารณะที่ยังไม่ได้ทำ",
                                 "you have achieved this mission: the double marker goes only on a public mission you"
                                 " have not achieved")
        return IllegalAction("ireland.tower_double_marker",
                             "ต้องวางป้ายคูณสองบนการ์ดภารกิจสาธารณะที่คุณยังไม่ได้ทำ",
                             f"the double marker goes on a public mission you have not achieved: {targets}")
    if action.get("type") != "place" or set(action) != _PLACE_KEYS:
        return IllegalAction("turn.place_tile", "ในตาของคุณต้องวางไทล์ในมือ 1 แผ่น",
                             f"on your turn you place the tile in your hand ({{type: place, tile, q, r}}), not {action}")
    tile = action.get("tile")
    allowed = _tiles_to_place(s)
    if tile not in KIND or KIND[tile] not in allowed:
        which = "ไทล์ที่ 2" if s.stage == SECOND_PLACE else "ไทล์ในมือ"
        return IllegalAction("ireland.tower_second_tile" if s.stage == SECOND_PLACE else "turn.place_tile",
                             f"ต้องวาง{which} ({', '.join(NAMES[k] for k in allowed)})",
                             f"you can only place {', '.join(NAMES[k] for k in allowed)}, not {tile!r}")
    q, r = action.get("q"), action.get("r")
    i = s.board.index.get((q, r)) if _int(q) and _int(r) else None
    if i is None:
        return IllegalAction("turn.place_tile", f"ไม่มีช่อง ({q}, {r}) บนแผนที่", f"there is no cell ({q}, {r}) on the map")
    return refusal(s.board, s.cells, KIND[tile], i)


def explain_cell(s: State, player: int, q: int, r: int) -> list[IllegalAction]:
    """Why ``player`` can place no tile on cell ``(q, r)`` now ("why not here?" of a map click):
    ``[]`` when a tile they may place now goes there; else the refusals of placing each tile they may
    place (their hand, the 2nd tile of ireland.tower_second_tile, the three of 'draw 3'), each with
    its clause, one per distinct reason in hand order (a taken or forbidden cell refuses every tile
    alike: one refusal).  Off turn, outside a placement or off the map: the one refusal
    :func:`explain` gives a placement there."""
    kinds = _tiles_to_place(s) if player == s.turn and s.stage not in (OVER, SECOND_PICK, SHUFFLE, FINAL_SCORING,
                                                                          DOUBLE) else []
    if not kinds or not (_int(q) and _int(r)) or (q, r) not in s.board.index:
        tile = NAMES[kinds[0]] if kinds else NAMES[min(KIND.values())]
        why = explain(s, {"player": player, "type": "place", "tile": tile, "q": q, "r": r})
        return [] if why is None else [why]
    i, out, seen = s.board.index[(q, r)], [], set()
    for kind in kinds:
        why = refusal(s.board, s.cells, kind, i)
        if why is None:
            return []
        key = (why.clause, why.message_th, why.message_en)
        if key not in seen:
            seen.add(key)
            out.append(why)
    return out


_FORBIDDEN = ("cathedral", "castle", "water", "tower")
"""The icons no tile goes on (placement.forbidden_cells; a round tower in Ireland)."""
_OTHER_ICON = {FOOD: "energy", ENERGY: "food"}
"""A farm's other farm icon (placement.farm_overflow)."""


def unavailable(s: State, player: int) -> list[tuple[dict, IllegalAction]]:
    """``[(action, refusal), ...]``: at ``player``'s decision, one representative action of each kind
    the rulebook offers there that is not legal now, with the refusal :func:`explain` gives it.

    Placing a tile (turn.place_tile, placement.*; the 2nd tile of ireland.tower_second_tile): for
    each tile the seat may place, a cell of each kind the placement rules name, the first of the map
    order: a cell with the other farm's icon (placement.farm_overflow), a settlement space for a farm
    or a cell that is not one for a settlement (placement.food_farm / energy_farm / settlement), a
    forbidden cell (placement.forbidden_cells) and a taken cell (turn.place_tile); a kind listed only
    when its cell is refused (the other farm's icon is legal once its own and the blank cells are
    full).  While the 2nd tile waits, a tile of the hand is refused too (ireland.tower_second_tile).
    The double marker (ireland.tower_double_marker): each face-up public mission it may not go on.
    ``[]`` for a seat not deciding now."""
    if player != s.turn or s.stage not in (PLACE, SECOND_PLACE, DOUBLE):
        return []
    out = []
    if s.stage == DOUBLE:
        for card in s.public:
            action = {"player": player, "type": "double", "card": card}
            why = explain(s, action)
            if why is not None:
                out.append((action, why))
        return out
    board, cells = s.board, s.cells
    by_icon = board.by_icon

    def first(indices, taken=False):
        for i in indices:
            if (cells[i] != EMPTY) == taken:
                return i
        return None

    placeable = sorted(i for ic in PLACEABLE for i in by_icon[ic])
    taken = first((i for i in placeable if cells[i] >= 0), True)
    if taken is None:
        taken = first(placeable, True)
    forbidden = min((i for ic in _FORBIDDEN for i in by_icon.get(ic, ())), default=None)
    for kind in _tiles_to_place(s):
        if kind >= S1:
            tries = [first(sorted(i for ic in ("blank", "food", "energy") for i in by_icon[ic]))]
        else:
            tries = [first(by_icon[_OTHER_ICON[kind]]), first(by_icon["settlement"])]
        for i in (*tries, forbidden, taken):
            if i is None:
                continue
            q, r = board.cells[i]
            action = {"player": player, "type": "place", "tile": NAMES[kind], "q": q, "r": r}
            why = explain(s, action)
            if why is not None:
                out.append((action, why))
    if s.stage == SECOND_PLACE and s.hands[player]:
        kind = min(s.hands[player])
        cells_ok = legal_cells(board, cells, kind) or legal_cells(board, cells, s.second)
        if cells_ok:
            q, r = board.cells[cells_ok[0]]
            action = {"player": player, "type": "place", "tile": NAMES[kind], "q": q, "r": r}
            why = explain(s, action)
            if why is not None:
                out.append((action, why))
    return out


def describe(s: State, action: dict) -> tuple[str, str]:
    if action.get("chance") == "tribe_tile":
        th, en = tile_name(KIND[action["tile"]])
        return f"สุ่มได้{th}จากกระดานเผ่า", f"the tribe board gives a {en}"
    if action == FINAL_ACTION:
        return "นับแต้มตอนจบเกม", "final scoring"
    if action.get("chance") == "shuffle":
        return f"สับกองไทล์ ({len(action.get('order', []))} แผ่น)", f"shuffle the pile ({len(action.get('order', []))} tiles)"
    if action.get("type") == "double":
        cth, cen = card_text(load_cards(s.config.mission_cards)[action["card"]])
        return f"วางป้ายคูณสองบน {cth}", f"double marker on {cen}"
    if action.get("type") == "place" and action.get("tile") in KIND and (action.get("q"), action.get("r")) in s.board.index:
        i = s.board.index[(action["q"], action["r"])]
        th, en = tile_name(KIND[action["tile"]])
        cth, cen = cell_place_name(s.board, i)
        extra = ("ไทล์ที่ 2 ", "2nd tile ") if s.stage == SECOND_PLACE else ("", "")
        return f"วาง{extra[0]}{th} ที่{cth}", f"place {extra[1]}{en} on {cen}"
    return str(action.get("type", action.get("chance"))), str(action.get("type", action.get("chance")))
