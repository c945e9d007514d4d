"""Legal actions of Shadow Master: exactly the dicts ``apply`` accepts, and why others are refused.

Every action is ``{"player": seat, "type": <name>, ...}`` (JSON-compatible).  Types by moment:

* phase 1 choice (``phase1.choose_one``): ``roll``; ``military {colour}``;
  ``military_faith {colour}``; ``black {cell}``; ``skip``; ``buy_person {card}``;
  ``build_castle {cell}``; ``move_money {source, target, amount}`` (also in phase 3)
* after the roll / Military colour: ``place {cell, colour}``; ``place_combo {cell, colour}``
  (variant ``combo_territory``); ``ally {x, colour}``; ``unally {colour}``; ``envoy_ally {x, colour}``;
  ``envoy_unally {colour}``; ``theron {colour, source, target, count}``; ``turncloak {colour}``;
  ``decline``
* ``buy_power {colour}`` / ``no_buy``; phase 2/3: ``take_open {index}``, ``draw``,
  ``exchange {card}``, ``end_turn``
* end of round: ``sell_power {colour, kind}`` / ``no_sell``; ``deposit {colour, amount}``
* owed decisions: ``attack_side {colours}``, ``remove_token {cell}``, ``siege_cell {cell}``,
  ``forced_sale {colour, kind}``, ``queen_move {target}``, ``discard_territory {card}``
"""
from __future__ import annotations

from rules.core.protocol import CHANCE, TERMINAL

from . import board as B
from .alliance import can_place, x_cell_of
from .castles import castle_at, castle_colour_problem, cell_capacity, near_castle, why_not_build
from .constants import EXCHANGE_FEE, FINE, MOVE_FEE, MOVE_FEE_PER, THERON_MAX
from .flow import current_player
from .money import amount_choices, held_colours, move_fee, spendable
from .powers import (can_buy, card_value, count_kind, deposit_capacity, deposit_options, exchanges_allowed,
                     placement_fee, queen_targets)
from .tables import tables
from .territory import hand_cells, has_x, take_options

__all__ = ["FINE", "EXCHANGE_FEE", "deposit_options", "take_options", "hand_cells", "has_x"]


# ----------------------------------------------------------------------------- helpers
def all_colours_on_board(s) -> bool:
    on = {col for col, _ in s.position.values()}
    return all(c in on for c in s.board.colours)


def place_problem(s, seat: int, cell: str, colour: str, n: int = 1) -> tuple[str, str, str] | None:
    """Why ``n`` tokens of ``colour`` may not go on ``cell`` now (``(clause, th, en)``), or ``None``.

    An empty cell whose castle stayed (``castle_emptied=stays``, ``theron_castle=ignore``) takes
    only the castle's colour (``castle.on_own_colour``)."""
    board, pos = s.board, s.position
    if cell not in board.hex_of:
        return ("board.kingdom_cells", f"ไม่มีช่อง {cell} บนกระดาน", f"no cell {cell} on the board")
    if cell not in s.players[seat].hand:
        return ("phase1.territory_required", f"ต้องมีการ์ด Territory ช่อง {cell}",
                f"you need the Territory card of {cell}")
    have = pos.colour_at(cell)
    if have is not None and have != colour:
        return ("board.cell_capacity", f"ช่อง {cell} มีโทเคนสีอื่นอยู่ (วางได้เฉพาะสีเดียวกัน)",
                f"{cell} holds another colour (one colour per cell)")
    why = castle_colour_problem(s, cell, colour)
    if why:
        return why
    if pos.count_at(cell) + n > cell_capacity(s, cell):
        return ("board.cell_capacity", f"ช่อง {cell} เต็มแล้ว (สูงสุด {cell_capacity(s, cell)} โทเคน)",
                f"{cell} is full (at most {cell_capacity(s, cell)} tokens)")
    if cell in s.cells_this_round:
        return ("territory.one_per_round", f"ช่อง {cell} ถูกวางไปแล้วในรอบนี้ (รอบละ 1 โทเคน)",
                f"{cell} already got a token this round (1 per round)")
    if colour == board.black:
        if s.black_supply < n:
            return ("black.after_six_colours", "โทเคนสีดำหมดแล้ว", "no black token left")
        if not all_colours_on_board(s):
            return ("black.after_six_colours", "วางโทเคนสีดำได้เมื่อมีอาณาจักรครบ 6 สีบนกระดาน",
                    "black tokens only once all six kingdoms are on the board")
        if near_castle(s, cell):
            return ("black.castle_distance", "ห้ามวางโทเคนสีดำในระยะ 2 ช่องจากปราสาท",
                    "no black token within 2 cells of a castle")
        if s.config.black_stacking == "empty_only" and have is not None:
            return ("phase1.black_token", "โทเคนสีดำวางได้เฉพาะช่องว่าง", "a black token goes on an empty cell")
        return None
    if s.supply[s.cidx(colour)] < n:
        return ("end.two_exhausted", f"โทเคนสี{board.colour_th[colour]}หมดแล้ว", f"no {colour} token left")
    fee = placement_fee(s, seat, colour, cell, n)
    if spendable(s, seat) < fee:
        return ("phase1.rank15_fee", f"ไม่มีเงินจ่ายค่าดำเนินการลำดับ 15+ ({fee} Silver)",
                f"cannot pay the Rank 15+ fee ({fee} Silver)")
    return None


def _colours_now(t) -> list[str]:
    """Colours the active player may use after the roll / Military choice."""
    if t.military:
        return [t.military]
    return sorted(set(t.dice), key=t.dice.index)


def resolve_options(s, seat: int, colours: list[str], rolled: bool, t=None) -> list[dict]:
    """What can be done with ``colours`` (die results, or a Military colour if not ``rolled``)."""
    p = s.players[seat]
    out: list[dict] = []
    cells = hand_cells(s, seat)
    for colour in colours:
        for cell in cells:
            if place_problem(s, seat, cell, colour) is None:
                out.append({"player": seat, "type": "place", "cell": cell, "colour": colour})
        if s.config.combo_territory and has_x(s, seat):
            for cell in cells:
                if place_problem(s, seat, cell, colour, 2) is None:
                    out.append({"player": seat, "type": "place_combo", "cell": cell, "colour": colour})
        if has_x(s, seat):
            if can_place(s, colour):
                out += [{"player": seat, "type": "ally", "x": x, "colour": colour} for x in s.board.x_cells]
            if x_cell_of(s.alliances, colour) is not None:
                out.append({"player": seat, "type": "unally", "colour": colour})
    if rolled and t is not None and not t.used_person:
        for colour in colours:
            if "shadow_envoy" in p.persons:
                if can_place(s, colour):
                    out += [{"player": seat, "type": "envoy_ally", "x": x, "colour": colour} for x in s.board.x_cells]
                if x_cell_of(s.alliances, colour) is not None:
                    out.append({"player": seat, "type": "envoy_unally", "colour": colour})
            if "lord_theron" in p.persons:
                out += theron_options(s, seat, colour)
            if "turncloak" in p.persons and turncloak_cells(s, seat, colour) and not (
                    s.config.turncloak_limit == "once_per_game" and p.turncloak_used):
                out.append({"player": seat, "type": "turncloak", "colour": colour})
    if rolled:
        out.append({"player": seat, "type": "decline"})
    return out


def theron_options(s, seat: int, colour: str) -> list[dict]:
    """``shadow.lord_theron``: move up to 2 ``colour`` tokens from one cell to a held-card cell.

    With ``theron_one_per_round=applies`` a target that already got tokens this round is refused
    (``territory.one_per_round``); with ``theron_castle=castle_cells_locked`` no token leaves a
    castle cell (``castle.risk``); an empty castle cell takes only its castle's colour
    (``castle.on_own_colour``)."""
    pos = s.position
    out = []
    for src in B.cells_of(pos, colour):
        if theron_castle_locked(s, src):
            continue
        for dst in hand_cells(s, seat):
            if dst == src or theron_round_blocked(s, dst):
                continue
            room = cell_capacity(s, dst) - pos.count_at(dst)
            if pos.colour_at(dst) not in (None, colour) or castle_colour_problem(s, dst, colour):
                continue
            for n in range(1, min(THERON_MAX, pos.count_at(src), room) + 1):
                out.append({"player": seat, "type": "theron", "colour": colour, "source": src, "target": dst,
                            "count": n})
    return out


def theron_castle_locked(s, cell: str) -> bool:
    """Variant ``theron_castle=castle_cells_locked``: ``cell`` has a castle, so Theron may not
    move tokens out of it (ambiguity ``theron_castle``)."""
    return s.config.theron_castle == "castle_cells_locked" and castle_at(s, cell) is not None


def theron_round_blocked(s, cell: str) -> bool:
    """Variant ``theron_one_per_round=applies``: ``cell`` already got tokens this round."""
    return s.config.theron_one_per_round == "applies" and cell in s.cells_this_round


def turncloak_cells(s, seat: int, colour: str) -> list[str]:
    """``shadow.turncloak``: held-card cells whose tokens would change into ``colour``."""
    pos = s.position
    return [c for c in hand_cells(s, seat)
            if pos.colour_at(c) not in (None, colour, s.board.black) and castle_at(s, c) is None]


def money_moves(s, seat: int) -> list[dict]:
    """``money.move_between``: once per round, between kingdoms whose Power the player holds."""
    p = s.players[seat]
    if p.moved_money:
        return []
    targets = held_colours(s, seat)
    out = []
    for i, src in enumerate(s.board.colours):
        have = p.deposits[i]
        if not have:
            continue
        for dst in targets:
            if dst == src:
                continue
            cap = deposit_capacity(s, seat, dst)
            for amount in amount_choices(have):
                if s.config.move_fee == "on_top" and spendable(s, seat) - amount < move_fee(amount):
                    continue
                arrive = amount - move_fee(amount) if s.config.move_fee == "from_amount" else amount
                if cap is not None and arrive > cap:
                    continue
                out.append({"player": seat, "type": "move_money", "source": src, "target": dst, "amount": amount})
    return out


MOVE_STEPS = {"phases_1_to_3": ("choose", "resolve", "buy", "phase2", "phase3", "phase3_take"),
              "choice_and_phase3": ("choose", "phase3")}
"""The turn steps at which money may be moved, by reading of ambiguity ``money_move_timing``."""


def move_allowed_at(s, step: str) -> bool:
    """``money.move_phases``: money may be moved during phases 1-3 of one's turn; the steps that
    count follow ambiguity ``money_move_timing`` (default ``phases_1_to_3``: every step of phases
    1-3, the text's plain reading)."""
    return step in MOVE_STEPS[s.config.money_move_timing]


def moves_at_step(s, seat: int, step: str) -> list[dict]:
    """:func:`money_moves` when a move is allowed at ``step`` (see :func:`move_allowed_at`)."""
    return money_moves(s, seat) if move_allowed_at(s, step) else []


def phase1_options(s, seat: int) -> list[dict]:
    p = s.players[seat]
    out = [{"player": seat, "type": "roll"}]
    for colour in s.board.colours:
        if count_kind(p, colour, "military"):
            if resolve_options(s, seat, [colour], rolled=False):
                out.append({"player": seat, "type": "military", "colour": colour})
                if count_kind(p, colour, "faith"):
                    out.append({"player": seat, "type": "military_faith", "colour": colour})
    for cell in hand_cells(s, seat):
        if place_problem(s, seat, cell, s.board.black) is None:
            out.append({"player": seat, "type": "black", "cell": cell})
    out.append({"player": seat, "type": "skip"})
    sh = tables().shadow
    for card in sorted(s.person_supply):
        if spendable(s, seat) >= sh.persons[card].price:
            out.append({"player": seat, "type": "buy_person", "card": card})
    if s.castle_supply:
        for cell in s.position:
            if why_not_build(s, seat, cell) is None:
                out.append({"player": seat, "type": "build_castle", "cell": cell})
    return out + money_moves(s, seat)


def pending_options(s, seat: int) -> list[dict]:
    from .attack import removal_cells
    q = s.queue[0]
    p = s.players[seat]
    if q.kind == "front":
        return [{"player": seat, "type": "attack_side", "colours": list(opt)} for opt in q.get("options")]
    if q.kind == "remove":
        return [{"player": seat, "type": "remove_token", "cell": c} for c in removal_cells(s, q)]
    if q.kind == "siege":
        return [{"player": seat, "type": "siege_cell", "cell": c} for c in q.get("cells")]
    if q.kind == "forced_sale":
        return [{"player": seat, "type": "forced_sale", "colour": c, "kind": k} for c, k in sorted(set(p.powers))]
    if q.kind == "queen":
        return [{"player": seat, "type": "queen_move", "target": t} for t in queen_targets(s, seat, q.get("colour"))]
    if q.kind == "discard":
        return [{"player": seat, "type": "discard_territory", "card": c} for c in sorted(set(p.hand))]
    raise AssertionError(q.kind)


def legal(s, seat: int) -> list[dict]:
    """All legal actions of ``seat`` in state ``s`` (empty when it is not ``seat``'s move)."""
    if current_player(s) != seat:
        return []
    if s.queue:
        return pending_options(s, seat)
    if s.stage == "turn":
        t = s.turn
        if t.step == "choose":
            return phase1_options(s, seat)
        if t.step == "resolve":
            opts = resolve_options(s, seat, _colours_now(t), rolled=not t.military, t=t)
            return opts + moves_at_step(s, seat, t.step)
        if t.step == "buy":
            out = [{"player": seat, "type": "buy_power", "colour": t.buy_colour}] if can_buy(s, seat, t.buy_colour) else []
            return out + [{"player": seat, "type": "no_buy"}] + moves_at_step(s, seat, t.step)
        if t.step in ("phase2", "phase3_take"):
            return take_options(s, seat) + moves_at_step(s, seat, t.step)
        if t.step == "phase3":
            out = []
            if t.exchanges < exchanges_allowed(s, seat) and s.players[seat].hand and spendable(s, seat) >= EXCHANGE_FEE:
                out += [{"player": seat, "type": "exchange", "card": c} for c in sorted(set(s.players[seat].hand))]
            return out + [{"player": seat, "type": "end_turn"}] + money_moves(s, seat)
    if s.stage == "sell":
        p = s.players[seat]
        return [{"player": seat, "type": "sell_power", "colour": c, "kind": k}
                for c, k in sorted(set(p.powers))] + [{"player": seat, "type": "no_sell"}]
    if s.stage == "deposit":
        return deposit_options(s, seat)
    return []


def explain(s, action: dict) -> tuple[str, str, str]:
    """``(clause, th, en)`` for a refused action: the specific rule when known, else the moment's."""
    seat = action.get("player") if isinstance(action, dict) else None
    cp = current_player(s)
    if cp == TERMINAL:
        return ("end.trigger_final_round", "เกมจบแล้ว", "the game is over")
    if cp == CHANCE:
        return ("phase1.roll_place", "รอผลเต๋าหรือการจั่วการ์ด", "waiting for a die roll or a card draw")
    if seat != cp:
        return ("order.rounds_first_player", "ยังไม่ถึงตาของผู้เล่นคนนี้", "it is not this player's move")
    typ = action.get("type")
    if s.queue:
        q = s.queue[0]
        clause = {"front": "attack.three_fronts", "remove": "attack.full_force", "siege": "attack.siege",
                  "forced_sale": "bankruptcy.forced_sale", "queen": "power_card.queen",
                  "discard": "income.sell_land"}[q.kind]
        return (clause, "ต้องตัดสินใจเรื่องที่ค้างอยู่ก่อน", f"a pending '{q.kind}' decision must be made first")
    t = s.turn
    if s.stage == "turn" and t.step == "resolve" and typ in ("place", "place_combo"):
        colour, cell = action.get("colour"), action.get("cell")
        if colour not in _colours_now(t):
            return ("phase1.roll_place", f"วางได้เฉพาะสีที่ทอยได้ ({', '.join(_colours_now(t))})",
                    f"you may only place the rolled colour ({', '.join(_colours_now(t))})")
        why = place_problem(s, seat, str(cell), colour, 2 if typ == "place_combo" else 1)
        if why:
            return why
    if s.stage == "turn" and t.step == "resolve" and typ == "theron" and theron_round_blocked(s, action.get("target")):
        cell = action.get("target")
        return ("territory.one_per_round", f"ช่อง {cell} ถูกวางไปแล้วในรอบนี้ (รอบละ 1 โทเคน รวมการย้ายของ Lord Theron)",
                f"{cell} already got tokens this round (1 per round, Lord Theron's moves included)")
    if s.stage == "turn" and t.step == "resolve" and typ == "theron" and isinstance(action.get("target"), str):
        why = castle_colour_problem(s, action["target"], action.get("colour"))
        if why:
            return why
    if (s.stage == "turn" and t.step == "resolve" and typ == "theron" and isinstance(action.get("source"), str)
            and theron_castle_locked(s, action["source"])):
        cell = action["source"]
        return ("castle.risk", f"Lord Theron ย้ายโทเคนออกจากช่องปราสาท {cell} ไม่ได้ (ข้อกำกวม theron_castle)",
                f"Lord Theron may not move tokens out of the castle cell {cell} (ambiguity theron_castle)")
    if s.stage == "turn" and t.step == "choose" and typ == "black":
        why = place_problem(s, seat, str(action.get("cell")), s.board.black)
        if why:
            return why
    if s.stage == "turn" and t.step == "choose" and typ == "build_castle":
        why = why_not_build(s, seat, str(action.get("cell"))) if action.get("cell") in s.position else None
        if why:
            return why
    if s.stage == "turn" and t.step == "buy" and typ == "buy_power":
        from .powers import deck_size, power_limit
        c = t.buy_colour
        if action.get("colour") != c:
            return ("phase1.buy_power", "ซื้อได้เฉพาะสีที่เพิ่งวาง", "only the colour just placed may be bought")
        if deck_size(s, c) == 0:
            return ("power.deck_counts", "การ์ดสีนี้หมดกองแล้ว", "this colour's Power deck is empty")
        if len(s.players[seat].powers) >= power_limit(s, seat):
            return ("power.limit", "ถือการ์ดครบ Power Limit แล้ว", "you are at your Power Limit")
        return ("phase1.buy_price", f"เงินไม่พอ (ราคา {card_value(s, c)} Silver)",
                f"not enough money (price {card_value(s, c)} Silver)")
    if typ == "move_money" and s.stage != "turn":
        return ("money.move_phases", "ย้ายเงินได้เฉพาะช่วงเฟส 1-3 ของเทิร์นตัวเอง เลยไปแล้วหมดสิทธิ",
                "money may only be moved during your phases 1-3; afterwards the right is gone")
    if typ == "move_money":
        return ("money.move_once", "ย้ายเงินได้รอบละ 1 ครั้ง ระหว่างอาณาจักรที่ถือ Power ในเฟส 1-3",
                "money moves once per round, between kingdoms whose Power you hold, in phases 1-3")
    where = {"choose": "phase1.choose_one", "resolve": "phase1.roll_place", "buy": "phase1.buy_power",
             "phase2": "phase2.take", "phase3": "phase3.exchange_limit", "phase3_take": "phase3.take"}
    if s.stage == "turn":
        return (where[t.step], f"การกระทำนี้ทำไม่ได้ในขั้นนี้ ({t.step})", f"not a legal action at this step ({t.step})")
    if s.stage == "sell":
        return ("income.sell_power", "ขายการ์ดได้รอบละ 1 ใบที่ถืออยู่", "sell one held Power card per round, or pass")
    return ("income.declare_deposits", "ต้องฝากเงินส่วนที่เกิน 10 Silver กับอาณาจักรที่ถือ Power",
            "deposit the money above 10 Silver with kingdoms whose Power you hold")
