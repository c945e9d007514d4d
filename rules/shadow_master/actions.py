"""Legal actions of Shadow Master: exactly the dicts ``apply`` accepts, and why others are refused.

Every action is ``{"player": seat, "type": <name>, ...}`` (JSON-compatible).  Types by moment:

* phase 1 choice (``phase1.choose_one``): ``roll``; ``military {colour}``;
  ``military_faith {colour}``; ``black {cell}``; ``skip``; ``buy_person {card}``;
  ``build_castle {cell}``; ``move_money {source, target, amount}`` (at every step of phases 1-3:
  ambiguity ``money_move_timing``)
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

from rules.core.ambiguity import ambiguity_ref
from rules.core.protocol import CHANCE, TERMINAL

from . import board as B
from .alliance import can_place, x_cell_of
from .ally_supply import supply_empty
from .attack import removal_cells
from .castles import BUILD_ORDER, GROUP_MIN, castle_at, castle_colour_problem, cell_capacity, near_castle, why_not_build
from .constants import EXCHANGE_FEE, FINE, PASS_COST, THERON_MAX
from .flow import current_player
from .money import amount_choices, held_colours, move_fee, spendable
from .powers import (can_buy, card_value, count_kind, deposit_capacity, deposit_options, exchanges_allowed,
                     placement_fee, queen_targets)
from .tables import tables
from .territory import hand_cells, has_x, pass_cost, take_options

__all__ = ["FINE", "EXCHANGE_FEE", "deposit_options", "take_options", "hand_cells", "has_x"]


# ----------------------------------------------------------------------------- helpers
def all_colours_on_board(s) -> bool:
    return s.position.colours().issuperset(s.board.colours)


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


_EMPTY = (None, 0)


def placeable(s, seat: int, cells, colour: str, n: int = 1) -> list[str]:
    """The cells of ``cells`` (in their order) where :func:`place_problem` finds nothing for ``n``
    tokens of kingdom or black ``colour``: the same checks, answered yes or no only (so their
    order does not matter), with what does not depend on the cell asked once: the token supply,
    the six colours on the board for black, the money, and the Rank 15+ fee unless
    ``rank15_fee_timing=rank_after`` (where the fee depends on the cell).  Why: the phase-1
    lists ask it of every held cell for each rolled colour.  ``tests/test_shadow_master_kernel.py``
    compares it with ``place_problem`` on states of random games under every reading."""
    board, pos = s.board, s.position
    black = colour == board.black
    if black:
        if s.black_supply < n or not all_colours_on_board(s):
            return []
    elif s.supply[s.cidx(colour)] < n:
        return []
    hand, hex_of, this_round, castles = s.players[seat].hand, board.hex_of, s.cells_this_round, s.castles
    money = fee = None
    per_cell_fee = s.config.rank15_fee_timing == "rank_after"
    empty_only = s.config.black_stacking == "empty_only"
    held = pos._cells   # cell -> (colour, count): colour_at and count_at in one look
    out = []
    for cell in cells:
        if cell not in hex_of or cell not in hand or cell in this_round:
            continue
        have, count = held.get(cell, _EMPTY)
        if have is not None and have != colour:
            continue
        # cell_capacity is 3 unless a castle stands there (castle_capacity=castle_takes_slot)
        if castles:
            if castle_colour_problem(s, cell, colour) or count + n > cell_capacity(s, cell):
                continue
        elif count + n > B.MAX_TOKENS:
            continue
        if black:
            if (castles and near_castle(s, cell)) or (empty_only and have is not None):
                continue
        else:
            if money is None:
                money = spendable(s, seat)
            if fee is None or per_cell_fee:
                fee = placement_fee(s, seat, colour, cell, n)
            if money < fee:
                continue
        out.append(cell)
    return out


def _colours_now(s, t) -> list[str]:
    """Colours the active player may use after the roll / Military choice.

    Ambiguity ``faith_colour``: under ``any_colour`` (default) every die rolled may be chosen
    (``power_card.faith``: "เลือก 1 ผลลัพธ์"); under ``own_colour`` a die beyond the first counts
    only when it shows the colour of a Faith card the player holds."""
    if t.military:
        return [t.military]
    dice = t.dice
    if s.config.faith_colour == "own_colour" and len(dice) > 1:
        faiths = {c for c, k in s.players[t.seat].powers if k == "faith"}
        dice = dice[:1] + tuple(d for d in dice[1:] if d in faiths)
    return sorted(set(dice), key=dice.index)


def resolve_options(s, seat: int, colours: list[str], rolled: bool, t=None) -> list[dict]:
    """What can be done with ``colours`` (die results, or a Military colour if not ``rolled``)."""
    p = s.players[seat]
    out: list[dict] = []
    cells = hand_cells(s, seat)
    for colour in colours:
        for cell in placeable(s, seat, cells, colour):
            out.append({"player": seat, "type": "place", "cell": cell, "colour": colour})
        if s.config.combo_territory and has_x(s, seat):
            for cell in placeable(s, seat, cells, colour, 2):
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
    if s.config.theron_sources == "any_cells":   # ambiguity theron_sources: one token from each of two cells
        cells = [c for c in B.cells_of(pos, colour) if not theron_castle_locked(s, c)]
        for i, src in enumerate(cells):
            for src2 in cells[i + 1:]:
                for dst in hand_cells(s, seat):
                    if dst in (src, src2) or theron_round_blocked(s, dst):
                        continue
                    if (pos.colour_at(dst) not in (None, colour) or castle_colour_problem(s, dst, colour)
                            or cell_capacity(s, dst) - pos.count_at(dst) < len((src, src2))):
                        continue
                    out.append({"player": seat, "type": "theron", "colour": colour, "source": src, "target": dst,
                                "count": len((src, src2)), "source2": src2})
    return out


def theron_castle_locked(s, cell: str) -> bool:
    """Variant ``theron_castle=castle_cells_locked``: ``cell`` has a castle, so Theron may not
    move tokens out of it (ambiguity ``theron_castle``)."""
    return s.config.theron_castle == "castle_cells_locked" and castle_at(s, cell) is not None


def theron_round_blocked(s, cell: str) -> bool:
    """Variant ``theron_one_per_round=applies``: ``cell`` already got tokens this round."""
    return s.config.theron_one_per_round == "applies" and cell in s.cells_this_round


def turncloak_cells(s, seat: int, colour: str) -> list[str]:
    """``shadow.turncloak``: held-card cells whose tokens would change into ``colour``.  Never a
    castle cell (``castle.on_own_colour``); a black cell only under ambiguity
    ``turncloak_black=black_too``."""
    pos = s.position
    keep = (None, colour) if s.config.turncloak_black == "black_too" else (None, colour, s.board.black)
    return [c for c in hand_cells(s, seat) if pos.colour_at(c) not in keep and castle_at(s, c) is None]


def money_moves(s, seat: int) -> list[dict]:
    """``money.move_between``: once per round, between kingdoms whose Power the player holds."""
    p = s.players[seat]
    if p.moved_money or not any(p.deposits):   # nothing deposited: nothing to move
        return []
    targets = held_colours(s, seat)
    on_top = s.config.move_fee == "on_top"            # the fee paid besides the amount ...
    from_amount = s.config.move_fee == "from_amount"  # ... or taken out of it on the way
    money = spendable(s, seat) if on_top else 0
    out = []
    for i, src in enumerate(s.board.colours):
        have = p.deposits[i]
        if not have:
            continue
        amounts = amount_choices(have)
        for dst in targets:
            if dst == src:
                continue
            cap = deposit_capacity(s, seat, dst)
            for amount in amounts:
                if on_top and money - amount < move_fee(amount):
                    continue
                if cap is not None and (amount - move_fee(amount) if from_amount else amount) > cap:
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
    powers = p.powers
    if powers:
        for colour in s.board.colours:
            if (colour, "military") in powers:
                if resolve_options(s, seat, [colour], rolled=False):
                    out.append({"player": seat, "type": "military", "colour": colour})
                    if (colour, "faith") in powers:
                        out.append({"player": seat, "type": "military_faith", "colour": colour})
    # black.after_six_colours: with no black token left, or a kingdom missing from the board,
    # place_problem refuses black on every cell (so the cells need no look)
    black = s.board.black
    if s.black_supply >= 1 and all_colours_on_board(s):
        for cell in placeable(s, seat, hand_cells(s, seat), black):
            out.append({"player": seat, "type": "black", "cell": cell})
    out.append({"player": seat, "type": "skip"})
    if s.person_supply:
        prices = tables().shadow.prices(s.config.shadow_prices).persons
        money = spendable(s, seat)
        for card in sorted(s.person_supply):
            if money >= prices[card]:
                out.append({"player": seat, "type": "buy_person", "card": card})
    if s.castle_supply and p.powers:
        pos = s.position
        # castle.need_power: only a held kingdom's cells can pass; castle.group_five: a cell's
        # group is at most its colour's largest (the colour's own Rank), so a held colour below
        # 5 passes on no cell either (its cells need no look)
        held = {c for c, _ in p.powers if B.rank(pos, c) >= GROUP_MIN}
        if held:
            for cell, (colour, _n) in pos.items():
                if colour in held and why_not_build(s, seat, cell) is None:
                    out.append({"player": seat, "type": "build_castle", "cell": cell})
    return out + money_moves(s, seat)


def forced_sale_cards(s, seat: int) -> list[tuple[str, str]]:
    """``bankruptcy.forced_sale``: the ``(colour, kind)`` cards ``seat`` may be made to sell.
    Ambiguity ``forced_sale_choice``: ``seller`` (default) - any card held, the player picks;
    ``lowest_value`` - only the card of the lowest value (ties: board colour order, then kind)."""
    cards = sorted(set(s.players[seat].powers))
    if s.config.forced_sale_choice == "lowest_value" and cards:
        from .tables import KINDS
        return [min(cards, key=lambda ck: (card_value(s, ck[0]), s.board.colours.index(ck[0]), KINDS.index(ck[1])))]
    return cards


def pending_options(s, seat: int) -> list[dict]:
    q = s.queue[0]
    p = s.players[seat]
    if q.kind == "front":
        return [{"player": seat, "type": "attack_side", "colours": list(opt)} for opt in q.get("options")]
    if q.kind == "remove":
        return [{"player": seat, "type": "remove_token", "cell": c} for c in removal_cells(s, q)]
    if q.kind == "siege":
        return [{"player": seat, "type": "siege_cell", "cell": c} for c in q.get("cells")]
    if q.kind == "forced_sale":
        return [{"player": seat, "type": "forced_sale", "colour": c, "kind": k} for c, k in forced_sale_cards(s, seat)]
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
            opts = resolve_options(s, seat, _colours_now(s, t), rolled=not t.military, t=t)
            return opts + moves_at_step(s, seat, t.step)
        if t.step == "buy":
            out = [{"player": seat, "type": "buy_power", "colour": t.buy_colour}] if can_buy(s, seat, t.buy_colour) else []
            return out + [{"player": seat, "type": "no_buy"}] + moves_at_step(s, seat, t.step)
        if t.step in ("phase2", "phase3_take"):
            stop = ([{"player": seat, "type": "stop_taking"}]
                    if t.step == "phase2" and s.config.phase2_take == "optional" else [])
            return take_options(s, seat) + stop + moves_at_step(s, seat, t.step)
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


# ----------------------------------------------------------------------------- refusals
ACTION_FIELDS = {"player": int, "type": str, "card": str, "cell": str, "colour": str, "index": int, "x": str,
                 "kind": str, "amount": int, "source": str, "source2": str, "target": str, "count": int}
"""The type of every field of a Shadow Master action (a malformed one is refused naming the field);
``source2``: Lord Theron's second source cell (ambiguity ``theron_sources=any_cells``)."""

CHOICE_TYPES = ("roll", "military", "military_faith", "black", "skip", "buy_person", "build_castle")
"""The phase-1 choice (``phase1.choose_one``: A roll / Military, B black token, C skip or buy)."""
RESOLVE_TYPES = ("place", "place_combo", "ally", "unally", "envoy_ally", "envoy_unally", "theron", "turncloak",
                 "decline")
"""What is done with the rolled colour (or the Military colour)."""
BUY_TYPES = ("buy_power", "no_buy")
TAKE_TYPES = ("take_open", "draw", "stop_taking")
PHASE3_TYPES = ("exchange", "end_turn")
PENDING_TYPES = {"attack_side": "front", "remove_token": "remove", "siege_cell": "siege",
                 "forced_sale": "forced_sale", "queen_move": "queen", "discard_territory": "discard"}
PENDING_CLAUSE = {"front": "attack.three_fronts", "remove": "attack.full_force", "siege": "attack.siege",
                  "forced_sale": "bankruptcy.forced_sale", "queen": "power_card.queen", "discard": "income.sell_land"}
RESOLVE_CLAUSE = {"place": "phase1.roll_place", "place_combo": "territory_combo.x_plus_cell",
                  "ally": "alliance.roll_or_military", "unally": "alliance.roll_or_military",
                  "envoy_ally": "shadow.envoy", "envoy_unally": "shadow.envoy", "theron": "shadow.lord_theron",
                  "turncloak": "shadow.turncloak", "decline": "phase1.roll_place"}
"""The clause that says what a resolve action needs (a roll, or the Military colour)."""
ACTION_TYPES = (CHOICE_TYPES + RESOLVE_TYPES + BUY_TYPES + TAKE_TYPES + PHASE3_TYPES
                + ("move_money", "sell_power", "no_sell", "deposit") + tuple(PENDING_TYPES))


PENDING_OPTION_WORDS = {
    "front": ("ต้องเลือกโจมตีเพียง 1 ฝ่าย จากฝ่ายที่ติดกับกลุ่ม", "choose one side to attack, among those next to the group"),
    "remove": ("หยิบโทเคนออกได้เฉพาะจากช่องของฝ่ายรับที่ยังมีโทเคน", "tokens are removed only from the defending side's cells that still hold some"),
    "siege": ("เลือกได้เฉพาะช่องที่ถูกล้อมครบสามด้าน", "only a cell enclosed on three sides may be chosen"),
    "forced_sale": ("ขายบังคับได้เฉพาะการ์ดที่เสนอให้ขาย", "only the cards offered may be sold"),
    "queen": ("ย้ายเงินฝากได้เฉพาะไปอาณาจักรที่ยังถือ Power อยู่", "the deposit moves only to a kingdom whose Power you still hold"),
    "discard": ("ทิ้งได้เฉพาะการ์ด Territory ในมือ", "discard a Territory card from your hand"),
}
"""What an owed decision accepts, said when an action of its type is not one of its options."""

PENDING_DECISION_WORDS = {
    "front": ("เลือกฝ่ายที่จะโจมตี", "choose the side to attack"),
    "remove": ("เลือกโทเคนที่จะหยิบออก", "choose a token to remove"),
    "siege": ("เลือกช่องที่ถูกล้อม", "choose the enclosed cell"),
    "forced_sale": ("ต้องขายการ์ดชดใช้หนี้", "must sell a card to pay"),
    "queen": ("Queen: ย้ายเงินฝาก", "Queen: move the deposit"),
    "discard": ("ทิ้งการ์ด Territory", "discard a Territory card"),
}
"""An owed decision in words (the status line's "owed" and a refusal of another action tried before
it), never its internal kind: "a pending 'remove' decision" showed a developer's name on the page."""

STEP_WORDS = {
    "choose": ("เฟส 1: เลือก A/B/C", "phase 1: choose A/B/C"), "roll": ("ทอยเต๋า", "rolling"),
    "resolve": ("เฟส 1: วางโทเคน", "phase 1: place"), "buy": ("ซื้อ Kingdom Power?", "buy a Kingdom Power?"),
    "phase2": ("เฟส 2: หยิบการ์ด", "phase 2: take cards"), "phase3": ("เฟส 3: แลกการ์ด", "phase 3: exchanges"),
    "phase3_take": ("เฟส 3: หยิบการ์ด", "phase 3: take a card"),
}
"""A turn's step in words (the status line; a refusal naming the step it came at), never its
internal name ("not a legal action at this step (phase3)")."""


def _why(clause: str, th: str, en: str) -> tuple[str, str, str]:
    return (clause, th, en)


def _turn_refusal(s, seat: int, typ: str, action: dict) -> tuple[str, str, str] | None:
    """The clause forbidding an action of type ``typ`` at the current step of a turn (by what the
    action is and where the turn stands), or ``None`` when only a detail of it is wrong."""
    t, step = s.turn, s.turn.step
    if typ == "stop_taking" and (step != "phase2" or s.config.phase2_take == "compulsory"):
        return _why("phase2.take", "ต้องหยิบการ์ด Territory ในเฟส 2 ตามจำนวนที่เสียไปในเฟส 1"
                    + (f" ({ambiguity_ref('shadow_master', 'phase2_take')[0]})" if step == "phase2" else ""),
                    "phase 2 takes as many Territory cards as were spent in phase 1"
                    + (f" ({ambiguity_ref('shadow_master', 'phase2_take')[1]})" if step == "phase2" else ""))
    if typ in CHOICE_TYPES and step != "choose":
        return _why("phase1.choose_one", f"เลือกทำในเฟส 1 ได้หนึ่งอย่างเท่านั้น และเลือกไปแล้ว ({t.choice or 'A'})",
                    f"phase 1 allows one choice only, and {t.choice or 'A'} was chosen")
    if typ in RESOLVE_TYPES and step != "resolve":
        if step == "choose":
            return _why(RESOLVE_CLAUSE[typ], "ต้องทอยเต๋า (หรือใช้ Military) ก่อน", "roll the die (or use a Military) first")
        return _why("phase1.choose_one", "วางได้ครั้งเดียวตามที่เลือกในเฟส 1 (ทำไปแล้วหรือไม่ได้เลือก A)",
                    "phase 1 gives one placement, by the choice made (done already, or A was not chosen)")
    if typ in BUY_TYPES and step != "buy":
        if t.bought:
            return _why("power.buy_optional", "ซื้อได้ไม่เกิน 1 ใบต่อเทิร์น", "at most one Power per turn")
        # after this turn's placement (choice A) the offer was skipped or passed: say what stops the
        # purchase of the colour placed now, if anything (the offer is made only when can_buy holds)
        if (typ == "buy_power" and step in ("phase2", "phase3", "phase3_take") and t.choice == "A"
                and t.buy_colour and action.get("colour") == t.buy_colour):
            why = _buy_problem(s, seat, t.buy_colour)
            if why:
                return why
        return _why("phase1.buy_power", "ซื้อ Kingdom Power ได้ทันทีหลังวางโทเคนสีอาณาจักร (ทางเลือก A) เท่านั้น",
                    "a Kingdom Power may be bought only right after placing a kingdom token (choice A)")
    if typ in TAKE_TYPES and step not in ("phase2", "phase3_take"):
        if step == "phase3":
            return _why("phase3.take", "ในเฟส 3 หยิบการ์ดได้หลังทิ้งการ์ดเพื่อเปลี่ยนเท่านั้น",
                        "in phase 3 a card is taken only after discarding one to exchange")
        return _why("phase2.take", "หยิบการ์ดในเฟส 2 ตามจำนวน Territory ที่เสียไป", "cards are taken in phase 2, as many as were spent")
    if typ == "exchange" and step != "phase3":
        return _why("phase3.discard_fee", "การเปลี่ยนการ์ดทำในเฟส 3", "exchanges are made in phase 3")
    if typ == "end_turn" and step != "phase3":
        return _why("order.round_definition", "ต้องเล่นเฟส 1-3 ให้ครบก่อนจบเทิร์น", "play phases 1-3 before ending the turn")
    if typ in ("sell_power", "no_sell"):
        return _why("income.sell_power", "ขายการ์ดได้ในขั้นตอนรับรายได้ตอนจบรอบ", "Powers are sold in the end-of-round income step")
    if typ == "deposit":
        return _why("income.declare_deposits", "ฝากเงินตอนรับรายได้ตอนจบรอบ", "deposits are declared in the end-of-round income step")
    if typ in PENDING_TYPES:
        return _why(PENDING_CLAUSE[PENDING_TYPES[typ]], "ไม่มีการตัดสินใจนี้ค้างอยู่", "no such decision is owed now")
    if typ == "move_money":
        return _money_refusal(s, seat, action)
    return None


def _buy_problem(s, seat: int, colour: str) -> tuple[str, str, str] | None:
    """What stops ``seat`` buying a ``colour`` Kingdom Power now (:func:`.powers.can_buy`'s three
    conditions, in its order), or ``None``."""
    from .powers import deck_size, power_limit
    if deck_size(s, colour) == 0:
        return ("power.deck_counts", "การ์ดสีนี้หมดกองแล้ว", "this colour's Power deck is empty")
    if len(s.players[seat].powers) >= power_limit(s, seat):
        return ("power.limit", "ถือการ์ดครบ Power Limit แล้ว", "you are at your Power Limit")
    price = card_value(s, colour)
    if spendable(s, seat) < price:
        return ("phase1.buy_price", f"เงินไม่พอ (ราคา {price} Silver)", f"not enough money (price {price} Silver)")
    return None


def _combo_problem(s, seat: int) -> tuple[str, str, str] | None:
    """What stops the Territory combo itself (before its colour and cell are looked at): the
    variant not agreed (``territory_combo.optional``), then no X card - the combo is
    "X + (A?-N?)" (``territory_combo.x_plus_cell``), the X named first; the cell's card and
    the cell come after, as for one token."""
    if not s.config.combo_territory:
        return ("territory_combo.optional", "ไม่ได้ตกลงใช้คอมโบการ์ด Territory ในเกมนี้", "the Territory combo is not in play")
    if not has_x(s, seat):
        return ("territory_combo.x_plus_cell", "คอมโบต้องใช้การ์ด Territory: X คู่กับการ์ดช่อง แต่ไม่มีการ์ด X ในมือ",
                "the combo needs an X Territory card with the cell's card, and you hold no X card")
    return None


def _take_open_problem(s, seat: int, step: str, index) -> tuple[str, str, str]:
    """Why open card ``index`` may not be taken at phase 2's takes or phase 3's take: the row
    has no such card (``phase2.take`` / ``phase3.take``), else the Silver for the cards passed
    (``phase2.pass_cost`` / ``phase3.pass_cost``: 1 per card) is more than ``seat`` can pay,
    saying both amounts."""
    take, pc = ("phase2.take", "phase2.pass_cost") if step == "phase2" else ("phase3.take", "phase3.pass_cost")
    n = len(s.row)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < n:
        if n == 0:
            return (take, "กองเปิดว่าง ไม่มีการ์ดให้หยิบ", "the open row is empty: there is no card to take")
        which_th = f"ใบที่ {index + 1} " if isinstance(index, int) and index >= 0 else ""
        which_en = f" number {index + 1}" if isinstance(index, int) and index >= 0 else ""
        return (take, f"ไม่มีการ์ด{which_th}ในกองเปิด (กองเปิดมี {n} ใบ)",
                f"there is no open card{which_en}: the open row holds {n}")
    owed, have = pass_cost(index), spendable(s, seat)
    if owed > have:
        return (pc, f"เงินไม่พอจ่ายค่าข้าม: ต้องวาง {owed} Silver (ใบละ {PASS_COST} สำหรับ {index} ใบที่ข้าม) "
                    f"แต่มีเงินที่ใช้ได้ {have} Silver",
                f"not enough Silver to pass the cards before it: {owed} Silver owed ({PASS_COST} per card "
                f"passed, {index} passed), you have {have} Silver")
    return (take, "หยิบการ์ดใบนี้ไม่ได้ในขั้นนี้", "this open card cannot be taken at this step")


def _money_refusal(s, seat: int, action: dict) -> tuple[str, str, str]:
    """Why a ``move_money`` is refused: after the turn's phases 1-3 (``money.move_phases``),
    already moved this round (``money.move_once``), or not between held kingdoms' deposits
    (``money.move_between``)."""
    p = s.players[seat]
    if s.stage != "turn" or (s.turn is not None and not move_allowed_at(s, s.turn.step)):
        return _why("money.move_phases", "ย้ายเงินได้เฉพาะช่วงเฟส 1-3 ของเทิร์นตัวเอง เลยไปแล้วหมดสิทธิ"
                    + ("" if s.stage != "turn" else f" ({ambiguity_ref('shadow_master', 'money_move_timing')[0]})"),
                    "money may only be moved during your phases 1-3; afterwards the right is gone"
                    + ("" if s.stage != "turn" else f" ({ambiguity_ref('shadow_master', 'money_move_timing')[1]})"))
    if p.moved_money:
        return _why("money.move_once", "ย้ายเงินได้รอบละ 1 ครั้ง และรอบนี้ย้ายไปแล้ว",
                    "money moves once per round, and it was moved this round")
    return _why("money.move_between", "ย้ายได้เฉพาะเงินฝากระหว่างอาณาจักรที่ถือ Power (จำนวนที่มีอยู่)",
                "only deposits, between kingdoms whose Power you hold (at most what is there)")


def _alliance_problem(s, bind: bool, action: dict) -> tuple[str, str, str] | None:
    """What stops an alliance token of ``action['colour']`` going into X cell ``action['x']``
    (``bind``) or coming out (by the X card or the Shadow Envoy alike), or ``None``: binding, a cell
    that is not an X cell (``alliance.place_remove``), the colour's token already in an X cell
    (``alliance.one_token``, naming it), the colour not on the map under the register's default
    (``alliance.intro``, ambiguity ``ally_off_map``), no token of the colour left in its supply
    under ``ally_token=from_supply`` (``alliance.place_remove``); withdrawing, no token of the
    colour in an X cell (``alliance.place_remove``)."""
    c = action.get("colour")
    name = s.board.colour_th.get(c, c)
    if not bind:
        if x_cell_of(s.alliances, c) is None:
            return ("alliance.place_remove", f"สี{name}ไม่มีโทเคนในช่อง X ให้หยิบออก", f"{c} has no token in an X cell to take out")
        return None
    x_cells = ", ".join(s.board.x_cells)
    if action.get("x") not in s.board.x_cells:
        return ("alliance.place_remove", f"{action.get('x')} ไม่ใช่ช่อง X (ช่อง X คือ {x_cells})",
                f"{action.get('x')} is not an X cell (the X cells are {x_cells})")
    x = x_cell_of(s.alliances, c)
    if x is not None:
        return ("alliance.one_token", f"สี{name}มีโทเคนในช่อง {s.board.x_cells[x]} แล้ว (1 สีวางได้ 1 ช่อง 1 ตัว)",
                f"{c} already has its alliance token in {s.board.x_cells[x]} (one token per colour)")
    if s.config.ally_off_map == "on_map" and B.tokens_of(s.position, c) == 0:   # the register's reading
        ref_th, ref_en = ambiguity_ref("shadow_master", "ally_off_map", "on_map")
        return ("alliance.intro", f"สี{name}ยังไม่มีโทเคนบนแผนที่ (พันธมิตรผูกระหว่างอาณาจักร; {ref_th})",
                f"{c} is not on the map (alliances are bound between kingdoms; {ref_en})")
    if supply_empty(s, c):   # ambiguity ally_token=from_supply: the alliance token is one of the colour's
        ref_th, ref_en = ambiguity_ref("shadow_master", "ally_token", "from_supply")
        return ("alliance.place_remove", f"โทเคนสี{name}หมดกองแล้ว ไม่มีโทเคนให้วางในช่อง X ({ref_th})",
                f"no {c} token left in its supply to put in an X cell ({ref_en})")
    return None


ENVOY_TYPES = ("envoy_ally", "envoy_unally")

PERSON_ACTS = {"envoy_ally": ("shadow_envoy", "Shadow Envoy", "the Shadow Envoy", "shadow.envoy"),
               "envoy_unally": ("shadow_envoy", "Shadow Envoy", "the Shadow Envoy", "shadow.envoy"),
               "theron": ("lord_theron", "Lord Theron", "Lord Theron", "shadow.lord_theron"),
               "turncloak": ("turncloak", "Turncloak", "the Turncloak", "shadow.turncloak")}
"""A person's act after a roll: ``type -> (person id, name in Thai text, name in English text, clause)``."""


def _person_act_problem(s, seat: int, person: str, name_th: str, name_en: str, clause: str, action: dict,
                        spent: tuple[str, str, str] | None = None) -> tuple[str, str, str] | None:
    """What stops ``seat`` using ``person``'s act after a roll (the Shadow Envoy, Lord Theron,
    Turncloak: each "after a roll", on "the rolled colour"), one reason in the order of the text:
    the person not held (``shadow.persons_use``: its holder uses it); ``spent`` (a person's own
    bar that no roll lifts, e.g. Turncloak once per game); no roll - before the roll, after a
    Military, or a phase-1 choice without one (the person's ``clause``); a person already used this
    turn (``shadow.persons_use``, ambiguity ``person_timing``); the roll already resolved
    (``phase1.choose_one``); a colour not rolled (``clause``: "the rolled colour").  ``None``
    when only the act's own rules remain to check."""
    t = s.turn
    if person not in s.players[seat].persons:
        return ("shadow.persons_use", f"ไม่ได้ถือการ์ด {name_th} (ใช้ความสามารถของบุคคลได้เฉพาะผู้ที่ถือครองการ์ด)",
                f"you do not hold {name_en} (only a person's holder may use its ability)")
    if spent:
        return spent
    if t.step == "choose":
        return (clause, f"{name_th} ใช้หลังทอยเต๋า: ต้องเลือกทอยเต๋า (ทางเลือก A) ก่อน",
                f"{name_en} acts after a roll: roll the die (choice A) first")
    if t.military and t.second_roll:
        return (clause, f"{name_th} ใช้หลังทอยเต๋า: วางโทเคนของ Military ก่อน แล้วจึงทอยเต๋าของ Faith",
                f"{name_en} acts after a roll: place the Military's token first, then the Faith's roll follows")
    if t.military:
        return (clause, f"{name_th} ใช้หลังทอยเต๋าเท่านั้น แต่เทิร์นนี้ใช้ Military สี{s.board.colour_th.get(t.military, t.military)} (ไม่ได้ทอย)",
                f"{name_en} acts after a roll only, and this turn used a {t.military} Military (no roll)")
    if t.choice not in ("", "A"):
        return (clause, f"{name_th} ใช้หลังทอยเต๋า แต่เทิร์นนี้เลือกทางเลือก {t.choice} (ไม่ได้ทอย)",
                f"{name_en} acts after a roll, and this turn took choice {t.choice} (no roll)")
    if t.used_person:
        ref_th, ref_en = ambiguity_ref("shadow_master", "person_timing", s.config.person_timing)
        return ("shadow.persons_use", f"ใช้การ์ดบุคคลได้เทิร์นละ 1 ครั้ง และเทิร์นนี้ใช้ไปแล้ว ({ref_th})",
                f"a person acts once per turn, and one acted this turn ({ref_en})")
    if t.step != "resolve":
        return ("phase1.choose_one", f"ผลทอยเต๋าของเทิร์นนี้ใช้ไปแล้ว (วางหรือไม่วางแล้ว) {name_th} ใช้ได้ทันทีหลังทอย",
                f"this turn's roll is used (placed or declined): {name_en} acts right after the roll")
    colours = _colours_now(s, t)
    if action.get("colour") not in colours:
        names_th = ", ".join(f"สี{s.board.colour_th.get(c, c)}" for c in colours)
        return (clause, f"{name_th} ใช้ได้กับสีที่ทอยได้เท่านั้น ({names_th})",
                f"{name_en} acts on the rolled colour only ({', '.join(colours)})")
    return None


def _envoy_problem(s, seat: int, typ: str, action: dict) -> tuple[str, str, str]:
    """Why the Shadow Envoy's act (``shadow.envoy``: "roll to add or remove that colour's alliance
    token in an X cell without a card") is refused on ``seat``'s turn: the common part of a
    person's act (:func:`_person_act_problem`), then the alliance's own rules
    (:func:`_alliance_problem`)."""
    why = _person_act_problem(s, seat, *PERSON_ACTS[typ], action)
    if why:
        return why
    why = _alliance_problem(s, typ == "envoy_ally", action)
    if why:
        return why
    return ("shadow.envoy", "Shadow Envoy ทำไม่ได้ในตอนนี้", "the Shadow Envoy cannot act now")


def _theron_problem(s, seat: int, action: dict) -> tuple[str, str, str]:
    """Why Lord Theron's move (``shadow.lord_theron``: "move up to 2 tokens of the rolled colour
    from a cell to a cell whose Territory card you hold") is refused: the common part of a person's
    act (:func:`_person_act_problem`), then the move's own rules in the text's order - the tokens
    (no token of the colour on the board, the source holds none of it, a castle cell under
    ``theron_castle=castle_cells_locked``: ``castle.risk``, the count 1-2 and what the source
    holds, a second source only under ``theron_sources=any_cells``), then the target (a cell whose
    card is held, not the source, one colour and 3 tokens a cell: ``board.cell_capacity``, a
    castle's colour: ``castle.on_own_colour``, one arrival per round under
    ``theron_one_per_round=applies``: ``territory.one_per_round``)."""
    why = _person_act_problem(s, seat, *PERSON_ACTS["theron"], action)
    if why:
        return why
    board, pos = s.board, s.position
    colour, src, dst, n = action.get("colour"), action.get("source"), action.get("target"), action.get("count")
    src2 = action.get("source2")
    name = board.colour_th.get(colour, colour)
    cl = "shadow.lord_theron"
    cells = list(B.cells_of(pos, colour))
    if not cells:
        return (cl, f"ไม่มีโทเคนสี{name}บนแผนที่ให้ Lord Theron ย้าย", f"there is no {colour} token on the map for Lord Theron to move")
    for cell in (src, src2) if src2 is not None else (src,):
        if not isinstance(cell, str) or cell not in board.hex_of or pos.colour_at(cell) != colour:
            held = ", ".join(cells)
            return (cl, f"ช่อง {cell} ไม่มีโทเคนสี{name} (Lord Theron ย้ายโทเคนสี{name}จากช่อง {held})",
                    f"{cell} holds no {colour} token (Lord Theron moves {colour} tokens from {held})")
        if theron_castle_locked(s, cell):
            ref_th, ref_en = ambiguity_ref("shadow_master", "theron_castle", "castle_cells_locked")
            return ("castle.risk", f"Lord Theron ย้ายโทเคนออกจากช่องปราสาท {cell} ไม่ได้ ({ref_th})",
                    f"Lord Theron may not move tokens out of the castle cell {cell} ({ref_en})")
    if src2 is not None:
        if s.config.theron_sources != "any_cells":
            ref_th, ref_en = ambiguity_ref("shadow_master", "theron_sources", s.config.theron_sources)
            return (cl, f"Lord Theron ย้ายจากช่องเดียวเท่านั้น ({ref_th})", f"Lord Theron moves from one cell only ({ref_en})")
        if src2 == src or n != 2:
            return (cl, "ย้ายจาก 2 ช่องได้ช่องละ 1 ตัว จากคนละช่อง (รวม 2 ตัว)",
                    "a move from two cells takes 1 token from each of two different cells (2 in all)")
        if cells.index(src) > cells.index(src2):   # one action per pair: the sources in the map's order
            return (cl, f"ระบุ 2 ช่องต้นทางตามลำดับบนแผนที่: {src2} ก่อน แล้วจึง {src}",
                    f"name the two source cells in the map's order: {src2} first, then {src}")
    elif not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= THERON_MAX:
        return (cl, f"Lord Theron ย้ายได้ 1 ถึง {THERON_MAX} โทเคน (ไม่ใช่ {n})", f"Lord Theron moves 1 to {THERON_MAX} tokens (not {n})")
    elif n > pos.count_at(src):
        return (cl, f"ช่อง {src} มีโทเคนสี{name}เพียง {pos.count_at(src)} ตัว (ขอย้าย {n})",
                f"{src} holds only {pos.count_at(src)} {colour} token(s) ({n} asked)")
    if not isinstance(dst, str) or dst not in board.hex_of:
        return (cl, f"ไม่มีช่อง {dst} บนแผนที่ (Lord Theron ย้ายไปช่องที่ถือการ์ด Territory)",
                f"there is no cell {dst} on the map (Lord Theron moves tokens to a cell whose Territory card you hold)")
    if dst not in s.players[seat].hand:
        return (cl, f"Lord Theron ย้ายไปได้เฉพาะช่องที่ถือการ์ด Territory (ไม่ได้ถือการ์ดช่อง {dst})",
                f"Lord Theron moves tokens only to a cell whose Territory card you hold (you do not hold {dst})")
    if dst in (src, src2):
        return (cl, f"ช่องปลายทาง {dst} คือช่องต้นทาง ต้องย้ายไปช่องอื่น", f"the target {dst} is the source: move to another cell")
    have = pos.colour_at(dst)
    if have is not None and have != colour:
        return ("board.cell_capacity", f"ช่อง {dst} มีโทเคนสีอื่นอยู่ (วางได้เฉพาะสีเดียวกัน)", f"{dst} holds another colour (one colour per cell)")
    why = castle_colour_problem(s, dst, colour)
    if why:
        return why
    cap = cell_capacity(s, dst)
    if pos.count_at(dst) + n > cap:
        return ("board.cell_capacity", f"ช่อง {dst} รับได้อีก {cap - pos.count_at(dst)} โทเคน (สูงสุด {cap}) ย้าย {n} ไม่ได้",
                f"{dst} has room for {cap - pos.count_at(dst)} more token(s) (at most {cap}): {n} do not fit")
    if theron_round_blocked(s, dst):
        return ("territory.one_per_round", f"ช่อง {dst} ถูกวางไปแล้วในรอบนี้ (รอบละ 1 โทเคน รวมการย้ายของ Lord Theron)",
                f"{dst} already got tokens this round (1 per round, Lord Theron's moves included)")
    return (cl, "Lord Theron ทำไม่ได้ในตอนนี้", "Lord Theron cannot act now")


def _turncloak_problem(s, seat: int, action: dict) -> tuple[str, str, str]:
    """Why Turncloak (``shadow.turncloak``: "turn the tokens in all cells whose Territory card you
    hold into the rolled colour") is refused: used already under ``turncloak_limit=once_per_game``
    (no roll lifts it), then the common part of a person's act (:func:`_person_act_problem`), then
    no held cell it would turn - naming the held cells, why each stays (castle cells never,
    ``castle.on_own_colour``; black cells under ``turncloak_black=kingdom_tokens``)."""
    p = s.players[seat]
    spent = None
    if s.config.turncloak_limit == "once_per_game" and p.turncloak_used:
        ref_th, ref_en = ambiguity_ref("shadow_master", "turncloak_limit", "once_per_game")
        spent = ("shadow.turncloak", f"Turncloak ใช้ไปแล้วในเกมนี้ ({ref_th})", f"the Turncloak was used already this game ({ref_en})")
    why = _person_act_problem(s, seat, *PERSON_ACTS["turncloak"], action, spent=spent)
    if why:
        return why
    colour = action.get("colour")
    name = s.board.colour_th.get(colour, colour)
    held = hand_cells(s, seat)
    if not held:
        return ("shadow.turncloak", "Turncloak เปลี่ยนสีช่องที่ถือการ์ด Territory แต่ไม่ได้ถือการ์ดช่องใดเลย",
                "the Turncloak turns the cells whose Territory card you hold, and you hold none")
    if not turncloak_cells(s, seat, colour):
        pos = s.position
        th, en = [], []
        if any(castle_at(s, c) is not None for c in held):
            th.append("ช่องปราสาทไม่เปลี่ยนสี")
            en.append("castle cells are never turned")
        if s.config.turncloak_black != "black_too" and any(pos.colour_at(c) == s.board.black for c in held):
            ref_th, ref_en = ambiguity_ref("shadow_master", "turncloak_black", s.config.turncloak_black)
            th.append(ref_th)
            en.append(ref_en)
        tail_th, tail_en = (f"; {'; '.join(th)}", f"; {'; '.join(en)}") if th else ("", "")
        cells = ", ".join(held)
        return ("shadow.turncloak",
                f"ไม่มีช่องที่ถือการ์ด ({cells}) ที่มีโทเคนสีอื่นให้เปลี่ยนเป็นสี{name}{tail_th}",
                f"none of the cells whose Territory card you hold ({cells}) has tokens of another colour to turn {colour}{tail_en}")
    return ("shadow.turncloak", "Turncloak ทำไม่ได้ในตอนนี้", "the Turncloak cannot act now")


def _x_card_refusal(s, seat: int, typ: str, action: dict) -> tuple[str, str, str]:
    """``alliance.x_card``: the alliance move by the card needs an X Territory card.  When the very
    same move is legal now by the Shadow Envoy (``envoy_ally`` with the same X cell and colour, or
    ``envoy_unally`` with the same colour: asked of :func:`legal`, never re-derived), the refusal
    says so, so that it does not read as a contradiction of the "(Envoy)" action offered."""
    th, en = "ต้องมีการ์ด Territory: X", "you need an X Territory card"
    envoy = {"player": seat, "type": "envoy_" + typ, "colour": action.get("colour")}
    if typ == "ally":
        envoy["x"] = action.get("x")
    if envoy in legal(s, seat):
        th += " (ทำผ่าน Shadow Envoy ได้: ปุ่ม “(Envoy)”)"
        en += " (the Shadow Envoy's way is offered: the “(Envoy)” button)"
    return ("alliance.x_card", th, en)


def _buy_person_problem(s, seat: int, card) -> tuple[str, str, str]:
    """Why buying Shadow Master person ``card`` at phase 1's choice C is refused (``shadow.buy_when``),
    the one reason that applies: no such person, ``seat`` holds it already, another player holds it
    (the card is gone), or the Silver ``seat`` can pay is less than its price (both amounts said)."""
    sh = tables().shadow
    prices = sh.prices(s.config.shadow_prices).persons
    if card not in prices:
        return ("shadow.buy_when", f"ไม่มีการ์ดบุคคล {card}", f"there is no person card {card}")
    name_th, name_en = sh.persons[card].name_th, sh.persons[card].name_en
    if card in s.players[seat].persons:
        return ("shadow.buy_when", f"ถือการ์ด {name_th} อยู่แล้ว (การ์ดนี้มีใบเดียว)",
                f"you hold the {name_en} already (there is one such card)")
    if card not in s.person_supply:
        other = any(card in p.persons for p in s.players)
        return ("shadow.buy_when", f"ไม่มีการ์ด {name_th} เหลือแล้ว" + (" (ผู้เล่นอื่นถืออยู่)" if other else ""),
                f"the {name_en} card is gone" + (" (another player holds it)" if other else ""))
    price, have = prices[card], spendable(s, seat)
    if have < price:
        return ("shadow.buy_when", f"เงินไม่พอ: มีเงินที่ใช้ได้ {have} Silver แต่ {name_th} ราคา {price} Silver",
                f"you cannot pay for it: you have {have} Silver, the {name_en} costs {price} Silver")
    return ("shadow.buy_when", "ซื้อการ์ดนี้ไม่ได้ในตอนนี้", "this card cannot be bought now")


def explain(s, action: dict) -> tuple[str, str, str]:
    """``(clause, th, en)`` for a refused action: THE clause that forbids that action in that
    position.  By moment (game over, a chance node, not this seat's move, an owed decision), then
    by what the action is against where the turn or the end of round stands
    (:func:`_turn_refusal`), then by the detail that is wrong (a cell, a colour, a price)."""
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
        clause = PENDING_CLAUSE[q.kind]
        if PENDING_TYPES.get(typ) == q.kind:
            th, en = PENDING_OPTION_WORDS.get(q.kind, ("ตัวเลือกนี้ไม่มีในการตัดสินใจที่ค้างอยู่",
                                                       "not one of the options of the decision owed now"))
            if q.kind == "forced_sale" and s.config.forced_sale_choice != "seller":   # the register's reading
                ref_th, ref_en = ambiguity_ref("shadow_master", "forced_sale_choice", s.config.forced_sale_choice)
                th, en = f"{th} ({ref_th})", f"{en} ({ref_en})"
            return (clause, th, en)
        th, en = PENDING_DECISION_WORDS[q.kind]
        return (clause, f"ต้องตัดสินใจเรื่องที่ค้างอยู่ก่อน: {th}", f"the decision owed now comes first: {en}")
    if s.stage == "turn" and typ in ENVOY_TYPES:
        return _envoy_problem(s, seat, typ, action)
    if s.stage == "turn" and typ == "theron":
        return _theron_problem(s, seat, action)
    if s.stage == "turn" and typ == "turncloak":
        return _turncloak_problem(s, seat, action)
    if s.stage == "turn":
        why = _turn_refusal(s, seat, typ, action)
        if why:
            return why
    t = s.turn
    if s.stage == "turn" and t.step == "resolve" and typ in ("place", "place_combo"):
        colour, cell = action.get("colour"), action.get("cell")
        if typ == "place_combo":   # the combo itself first, then its X card, then the roll and the cell
            why = _combo_problem(s, seat)
            if why:
                return why
        if colour not in _colours_now(s, t):
            if t.military:   # power_card.military: the Military's own colour, no die was rolled
                return ("power_card.military", f"Military วางได้เฉพาะสี{s.board.colour_th.get(t.military, t.military)}",
                        f"the Military places its own colour only ({t.military})")
            return ("phase1.roll_place", f"วางได้เฉพาะสีที่ทอยได้ ({', '.join(_colours_now(s, t))})",
                    f"you may only place the rolled colour ({', '.join(_colours_now(s, t))})")
        why = place_problem(s, seat, str(cell), colour, 2 if typ == "place_combo" else 1)
        if why:
            return why
    if s.stage == "turn" and t.step == "choose" and typ == "black":
        why = place_problem(s, seat, str(action.get("cell")), s.board.black)
        if why:
            return why
    if s.stage == "turn" and t.step == "choose" and typ == "build_castle":
        why = why_not_build(s, seat, action["cell"]) if action.get("cell") in s.board.hex_of else None
        if why:
            return why
    if s.stage == "turn" and t.step == "buy" and typ == "buy_power":
        c = t.buy_colour
        if action.get("colour") != c:
            return ("phase1.buy_power", "ซื้อได้เฉพาะสีที่เพิ่งวาง", "only the colour just placed may be bought")
        return _buy_problem(s, seat, c) or ("phase1.buy_price", f"เงินไม่พอ (ราคา {card_value(s, c)} Silver)",
                                             f"not enough money (price {card_value(s, c)} Silver)")
    if s.stage == "turn":
        t = s.turn
        if typ in RESOLVE_TYPES:
            if typ == "place_combo":
                why = _combo_problem(s, seat)
                if why:
                    return why
            if typ in ("ally", "unally") and not has_x(s, seat):
                return _x_card_refusal(s, seat, typ, action)
            if typ in ("ally", "unally"):   # the one reason that applies, with the clause that decides it
                why = _alliance_problem(s, typ == "ally", action)
                if why:
                    return why
            if typ == "decline":
                return ("power_card.military", "ใช้ Military แล้วต้องวาง (ไม่ได้ทอยเต๋า)", "after a Military choice you place (no roll)")
            return (RESOLVE_CLAUSE[typ], "ทำไม่ได้กับสีนี้หรือช่องนี้", "not possible with this colour or cell")
        if typ in CHOICE_TYPES:
            if typ in ("military", "military_faith") and not count_kind(s.players[seat], action.get("colour"), "military"):
                return ("power_card.military", "ต้องถือ Military สีนั้น", "you need that colour's Military")
            if typ == "military_faith" and count_kind(s.players[seat], action.get("colour"), "faith"):
                return ("power_card.military", "ไม่มีที่วางสีนั้นได้", "that colour cannot be placed anywhere")
            if typ == "military_faith":
                return ("power_combo.military_faith", "ต้องถือ Military และ Faith สีเดียวกัน", "you need a Military and a Faith of one colour")
            if typ == "military":
                return ("power_card.military", "ไม่มีที่วางสีนั้นได้", "that colour cannot be placed anywhere")
            if typ == "buy_person":
                return _buy_person_problem(s, seat, action.get("card"))
            if typ == "build_castle":
                return ("castle.on_own_colour", "ไม่มีช่องนี้บนแผนที่", "no such cell on the map")
            return ("phase1.choose_one", "ทางเลือกนี้ไม่มี", "no such choice")
        if typ == "take_open":
            return _take_open_problem(s, seat, t.step, action.get("index"))
        if typ == "draw":
            return ("phase2.take" if t.step == "phase2" else "phase3.take", "ไม่มีการ์ดเหลือให้จั่ว", "no card left to draw")
        if typ == "exchange":
            if t.exchanges >= exchanges_allowed(s, seat):
                return ("phase3.exchange_limit", "เปลี่ยนการ์ดครบสิทธิแล้วในรอบนี้", "no exchange left this round")
            return ("phase3.discard_fee", "ต้องทิ้งการ์ดที่ถืออยู่และจ่าย 1 Silver", "discard a card you hold and pay 1 Silver")
        sth, sen = STEP_WORDS.get(t.step, ("ขั้นตอนนี้ของเกม", "this step of the game"))
        return (PHASE_CLAUSE.get(t.step, "phase1.choose_one"), f"การกระทำนี้ทำไม่ได้ในขั้นนี้ ({sth})",
                f"not a legal action at this step ({sen})")
    if typ == "move_money":
        return _money_refusal(s, seat, action)
    if typ in CHOICE_TYPES + RESOLVE_TYPES + BUY_TYPES + TAKE_TYPES + PHASE3_TYPES:
        return ("order.end_of_round_income", "รอบนี้ทุกคนเล่นครบแล้ว อยู่ในขั้นตอนรับรายได้ (จบรอบ)",
                "everyone has played this round: it is the end-of-round income step")
    if typ in PENDING_TYPES:
        return (PENDING_CLAUSE[PENDING_TYPES[typ]], "ไม่มีการตัดสินใจนี้ค้างอยู่", "no such decision is owed now")
    if s.stage == "sell":
        if typ == "deposit":
            return ("income.declare_deposits", "ฝากเงินหลังรับรายได้ (ขายการ์ดก่อน)", "deposits come after the income (sales first)")
        return ("income.sell_power", "ขายการ์ดได้รอบละ 1 ใบที่ถืออยู่", "sell one held Power card per round, or pass")
    if typ in ("sell_power", "no_sell"):
        return ("income.sell_power", "ขายการ์ดได้รอบละ 1 ใบ ก่อนรับรายได้ (ผ่านไปแล้ว)", "one sale per round, before the income (done)")
    return ("income.declare_deposits", "ต้องฝากเงินส่วนที่เกิน 10 Silver กับอาณาจักรที่ถือ Power",
            "deposit the money above 10 Silver with kingdoms whose Power you hold")


def _first_not_in(items, taken) -> list:
    """``[first item of items not in taken]`` or ``[]``."""
    for x in items:
        if x not in taken:
            return [x]
    return []


def _money_move_try(s, seat: int) -> dict:
    """``move_money``'s representative: from the first kingdom holding a deposit of ``seat`` (else
    the first held kingdom, else the first colour) to another held kingdom (else another colour),
    1 Silver."""
    colours = s.board.colours
    p = s.players[seat]
    held = held_colours(s, seat)
    source = next((c for i, c in enumerate(colours) if p.deposits[i]), (held or list(colours))[0])
    target = next((c for c in held if c != source), next(c for c in colours if c != source))
    return {"player": seat, "type": "move_money", "source": source, "target": target, "amount": 1}


def _choice_tries(s, seat: int, offered: set) -> list[dict]:
    """Phase 1's choice (``phase1.choose_one``): A with a Military (alone or with its Faith) when
    ``seat`` holds one, B (a black token), C's purchases (a Shadow Master person, a castle)."""
    p, board, pos = s.players[seat], s.board, s.position
    out = []
    military = [c for c in board.colours if (c, "military") in p.powers]
    if military and "military" not in offered:
        out.append({"player": seat, "type": "military", "colour": military[0]})
    both = [c for c in military if (c, "faith") in p.powers]
    if both and "military_faith" not in offered:
        out.append({"player": seat, "type": "military_faith", "colour": both[0]})
    if "black" not in offered:
        held = hand_cells(s, seat)
        free = [c for c in held if pos.colour_at(c) is None and c not in s.cells_this_round]
        empty = [c for c in board.cells if c not in pos]
        out.append({"player": seat, "type": "black", "cell": (free or held or empty or list(board.cells))[0]})
    if "buy_person" not in offered:
        prices = tables().shadow.prices(s.config.shadow_prices).persons
        cards = sorted(s.person_supply, key=lambda c: (prices[c], c)) or sorted(prices)
        out.append({"player": seat, "type": "buy_person", "card": cards[0]})
    if "build_castle" not in offered:
        held = {c for c, _ in p.powers}
        rank = {clause: i for i, clause in enumerate(BUILD_ORDER)}
        cell = min(board.cells, key=lambda c: (-rank[why_not_build(s, seat, c)[0]], pos.colour_at(c) in (None, board.black),
                                               pos.colour_at(c) not in held, c in board.edge, board.order[c]))
        out.append({"player": seat, "type": "build_castle", "cell": cell})
    return out


def _resolve_tries(s, seat: int, t, offered: set, legal: list[dict]) -> list[dict]:
    """After the roll / Military choice: a place on each held cell that takes no token now (else,
    holding none, on the first empty cell), the combo (variant ``combo_territory``), an alliance
    token in or out, the persons ``seat`` holds, and declining after a Military."""
    p, board, pos = s.players[seat], s.board, s.position
    colour = (_colours_now(s, t) or [board.colours[0]])[0]
    out = []
    placed = {a["cell"] for a in legal if a["type"] == "place"}
    held = hand_cells(s, seat)
    if held:
        out += [{"player": seat, "type": "place", "cell": c, "colour": colour} for c in held if c not in placed]
    elif "place" not in offered:
        cell = next((c for c in board.cells if c not in pos), board.cells[0])
        out.append({"player": seat, "type": "place", "cell": cell, "colour": colour})
    if s.config.combo_territory and "place_combo" not in offered:
        out.append({"player": seat, "type": "place_combo", "cell": (held or list(board.cells))[0], "colour": colour})
    allied = any(s.alliances)   # some colour's alliance token is on an X cell
    if "ally" not in offered:
        out.append({"player": seat, "type": "ally", "x": board.x_cells[0], "colour": colour})
    if "unally" not in offered and allied:
        out.append({"player": seat, "type": "unally", "colour": colour})
    persons = p.persons
    if "shadow_envoy" in persons:
        if "envoy_ally" not in offered:
            out.append({"player": seat, "type": "envoy_ally", "x": board.x_cells[0], "colour": colour})
        if "envoy_unally" not in offered and allied:
            out.append({"player": seat, "type": "envoy_unally", "colour": colour})
    if "lord_theron" in persons and "theron" not in offered:
        source = next(iter(B.cells_of(pos, colour)), (held or list(board.cells))[0])
        target = next((c for c in held if c != source), next(c for c in board.cells if c != source))
        out.append({"player": seat, "type": "theron", "colour": colour, "source": source, "target": target,
                    "count": 1})
    if "turncloak" in persons and "turncloak" not in offered:
        out.append({"player": seat, "type": "turncloak", "colour": colour})
    if "decline" not in offered:
        out.append({"player": seat, "type": "decline"})
    return out


def _take_tries(s, seat: int, t, offered: set, legal: list[dict]) -> list[dict]:
    """Phase 2's takes (``phase2.take``) and phase 3's take after an exchange (``phase3.take``):
    the first open card not offered (the row's first when it is empty), a draw, and stopping
    early in phase 2 (ambiguity ``phase2_take``)."""
    out = []
    indices = {a["index"] for a in legal if a["type"] == "take_open"}
    index = _first_not_in(range(len(s.row)), indices) or ([] if indices else [0])
    out += [{"player": seat, "type": "take_open", "index": i} for i in index]
    if "draw" not in offered:
        out.append({"player": seat, "type": "draw"})
    if t.step == "phase2" and "stop_taking" not in offered:
        out.append({"player": seat, "type": "stop_taking"})
    return out


def _pending_tries(s, seat: int, legal: list[dict]) -> list[dict]:
    """An owed decision: an option it does not give - attacking every side at once (three fronts),
    removing from / besieging an occupied cell not offered, selling a held card not offered
    (ambiguity ``forced_sale_choice``), moving a Queen's deposit to a kingdom not offered."""
    q = s.queue[0]
    board, pos = s.board, s.position
    if q.kind == "front":
        every = sorted({c for opt in q.get("options") for c in opt})
        return [{"player": seat, "type": "attack_side", "colours": every}]
    if q.kind in ("remove", "siege"):
        typ = "remove_token" if q.kind == "remove" else "siege_cell"
        cells = {a["cell"] for a in legal}
        return [{"player": seat, "type": typ, "cell": c} for c in _first_not_in(
            (c for c in board.cells if c in pos), cells)]
    if q.kind == "forced_sale":
        cards = {(a["colour"], a["kind"]) for a in legal}
        return [{"player": seat, "type": "forced_sale", "colour": c, "kind": k}
                for c, k in _first_not_in(sorted(set(s.players[seat].powers)), cards)]
    if q.kind == "queen":
        targets = {a["target"] for a in legal} | {q.get("colour")}
        return [{"player": seat, "type": "queen_move", "target": c} for c in _first_not_in(board.colours, targets)]
    return []


def unavailable(s, seat: int, options: list[dict] | None = None) -> list[tuple[dict, tuple[str, str, str]]]:
    """``[(action, (clause, th, en)), ...]``: at ``seat``'s decision, one representative action of
    each kind the rulebook offers there that has no legal action now, with the refusal
    :func:`explain` gives it (the very refusal ``apply`` raises).  ``options``: ``legal(s, seat)``
    when the caller has it.  The kinds, by decision:

    * phase 1's choice (``phase1.choose_one``): A with a Military (alone, or with its Faith) when
      ``seat`` holds one, in the first such colour; B, a black token on a held cell that is empty
      and not placed on this round (so the refusal is B's own: no black token left, not all six
      kingdoms on the board, a castle near), else any held cell, else an empty cell; C's purchases:
      the cheapest person left (else the first person: none left), a castle on the cell nearest
      to a valid one - the cell whose refusal comes latest in the rulebook's order of the
      preconditions (``castles.BUILD_ORDER``: so the price when a cell passes every other
      condition), then a kingdom's cell, of a Power ``seat`` holds, off the edge, first;
    * after the roll / Military (``phase1.roll_place``): the first colour that may be used, placed
      on each held cell where no token of any colour may go now (held cells each answer "why not
      here?"; holding none, the first empty cell); the X combo (variant ``combo_territory``) on the
      first held cell; an alliance token in the first X cell, or out (only when some colour's
      alliance token is on an X cell); the persons' actions of
      the persons ``seat`` holds (Theron: 1 token from the colour's first cell to another held
      cell); declining (refused after a Military);
    * the purchase (``phase1.buy_power``): the colour just placed, at the offer and, after a
      placement by choice A, through phases 2-3 (the offer is skipped when the purchase is not
      possible: the refusal says why - price, Power Limit, empty deck - or that it has passed);
    * phase 2's takes / phase 3's take: the first open card not offered (the row's first when
      none is), a draw, stopping early in phase 2 (ambiguity ``phase2_take``);
    * phase 3's exchanges (``phase3.discard_fee``, ``phase3.exchange_limit``): the first held card
      (else the first cell); taking the first open card or drawing before an exchange;
    * at every step of phases 1-3: moving money (``money.move_between``): 1 Silver from the first
      kingdom holding a deposit to another held kingdom (only when ``seat`` has a deposit or holds
      a Power card);

    A kind is listed only where a reader could plausibly ask for it (the two "only when" above:
    with no deposit and no Power there is no money to move; with no alliance token on the board
    there is none to take out).  This is a choice of what to show, never a rule of play: the
    refusal of any other action is still :func:`explain`'s.
    * the end of round's sale (``income.sell_power``): the first colour's first kind of card;
      the deposits (``income.declare_deposits``): 1 Silver with each kingdom that takes none;
    * owed decisions: an option they do not give (:func:`_pending_tries`).

    Hidden cards are never named (only ``seat``'s own hand, the board, the open row).  ``[]`` for
    a seat not to move now (a chance node, the end)."""
    if current_player(s) != seat:
        return []
    legal_now = legal(s, seat) if options is None else options
    offered = {a["type"] for a in legal_now}
    tries: list[dict] = []
    if s.queue:
        tries = _pending_tries(s, seat, legal_now)
    elif s.stage == "turn":
        t = s.turn
        if t.step == "choose":
            tries = _choice_tries(s, seat, offered)
        elif t.step == "resolve":
            tries = _resolve_tries(s, seat, t, offered, legal_now)
        elif t.step == "buy":
            if "buy_power" not in offered:
                tries = [{"player": seat, "type": "buy_power", "colour": t.buy_colour}]
        elif t.step in ("phase2", "phase3_take"):
            tries = _take_tries(s, seat, t, offered, legal_now)
        if t.step in ("phase2", "phase3", "phase3_take") and t.choice == "A" and t.buy_colour:
            tries.append({"player": seat, "type": "buy_power", "colour": t.buy_colour})
        if t.step == "phase3":
            if "exchange" not in offered:
                card = (sorted(set(s.players[seat].hand)) or list(s.board.cells))[0]
                tries.append({"player": seat, "type": "exchange", "card": card})
            tries += [{"player": seat, "type": "take_open", "index": 0}, {"player": seat, "type": "draw"}]
        p = s.players[seat]
        if "move_money" not in offered and (any(p.deposits) or p.powers):
            tries.append(_money_move_try(s, seat))
    elif s.stage == "sell":
        if "sell_power" not in offered:
            from .tables import KINDS
            tries = [{"player": seat, "type": "sell_power", "colour": s.board.colours[0], "kind": KINDS[0]}]
    elif s.stage == "deposit":
        took = {a["colour"] for a in legal_now}
        tries = [{"player": seat, "type": "deposit", "colour": c, "amount": 1} for c in s.board.colours if c not in took]
    return [(a, explain(s, a)) for a in tries if a not in legal_now]


PHASE_CLAUSE = {"choose": "phase1.choose_one", "resolve": "phase1.roll_place", "buy": "phase1.buy_power",
                "phase2": "phase2.take", "phase3": "phase3.exchange_limit", "phase3_take": "phase3.take"}
"""Fallback of a refused action of an unknown type, by step."""


# ----------------------------------------------------------------------------- labels
def describe(s, action: dict) -> tuple[str, str]:
    """``(Thai, English)`` label of a legal action or a chance outcome in ``s`` (buttons, log
    lines); rule values (fees, prices, the black token's reward) are computed here from
    :mod:`.constants` and the data, never typed in a view."""
    from .constants import BLACK_REWARD, SALE_PROFIT
    from .decisions import forced_sale_price
    from .income import sale_price
    board = s.board
    col = lambda c: board.colour_th.get(c, c)  # noqa: E731
    sh, kind_th = tables().shadow, tables().powers.kind_th
    if "chance" in action:
        k = action["chance"]
        if k == "die":
            return f"ทอยเต๋าได้สี{col(action['colour'])}", f"the die shows {action['colour']}"
        if k == "territory":
            return f"จั่วการ์ด {action['card']}", f"draws {action['card']}"
        return (f"ได้การ์ด {kind_th.get(action['kind'], action['kind'])} สี{col(action['colour'])}",
                f"draws {action['colour']} {action['kind']}")
    t = action.get("type")
    seat = action.get("player", 0)
    if t == "roll":
        return "A: ทอยเต๋าแล้ววาง", "A: roll and place"
    if t == "military":
        return f"A: Military {col(action['colour'])} วางโดยไม่ทอย", f"A: {action['colour']} Military, place without rolling"
    if t == "military_faith":
        return (f"A: Military+Faith {col(action['colour'])}", f"A: {action['colour']} Military+Faith: place, then roll one more")
    if t == "black":
        return (f"B: โทเคนดำที่ {action['cell']} (+{BLACK_REWARD})", f"B: black token on {action['cell']} (+{BLACK_REWARD} Silver)")
    if t == "skip":
        return "C: ข้ามไปเฟส 3", "C: skip to phase 3"
    if t == "buy_person":
        p, price = sh.persons[action["card"]], sh.prices(s.config.shadow_prices).persons[action["card"]]
        return f"C: ซื้อ {p.name_th} ({price} Silver)", f"C: buy {p.name_en} ({price} Silver)"
    if t == "build_castle":
        from .castles import build_cost
        cost = build_cost(s, action["cell"])
        return f"C: สร้างปราสาทที่ {action['cell']} ({cost} Silver)", f"C: build a castle on {action['cell']} ({cost} Silver)"
    if t == "move_money":
        fee = move_fee(action["amount"])
        tail_th, tail_en = (f" ค่าดำเนินการ {fee}", f", fee {fee}") if fee else ("", "")
        return (f"ย้ายเงิน {action['amount']} จาก{col(action['source'])}ไป{col(action['target'])}{tail_th}",
                f"move {action['amount']} Silver from {action['source']} to {action['target']}{tail_en}")
    if t in ("place", "place_combo"):
        n = 2 if t == "place_combo" else 1
        fee = placement_fee(s, seat, action["colour"], action["cell"], n) if action["cell"] in board.hex_of else 0
        extra_th = " 2 โทเคน (X)" if n == 2 else ""
        fee_th, fee_en = (f" ค่าดำเนินการ {fee}", f", fee {fee} Silver") if fee else ("", "")
        return (f"วาง{col(action['colour'])}ที่ {action['cell']}{extra_th}{fee_th}",
                f"place {n} {action['colour']} on {action['cell']}{' (X combo)' if n == 2 else ''}{fee_en}")
    if t in ("ally", "envoy_ally"):
        env = " (Envoy)" if t == "envoy_ally" else ""
        return f"พันธมิตร: {col(action['colour'])} ไป {action['x']}{env}", f"ally: {action['colour']} to {action['x']}{env}"
    if t in ("unally", "envoy_unally"):
        env = " (Envoy)" if t == "envoy_unally" else ""
        return f"ถอน{col(action['colour'])}ออกจากช่อง X{env}", f"unally: {action['colour']} out of its X cell{env}"
    if t == "theron" and action.get("source2"):
        return (f"Lord Theron: ย้าย{col(action['colour'])} 1 จาก {action['source']} และ 1 จาก {action['source2']} ไป {action['target']}",
                f"Lord Theron: move 1 {action['colour']} from {action['source']} and 1 from {action['source2']} to {action['target']}")
    if t == "theron":
        return (f"Lord Theron: ย้าย{col(action['colour'])} {action['count']} จาก {action['source']} ไป {action['target']}",
                f"Lord Theron: move {action['count']} {action['colour']} from {action['source']} to {action['target']}")
    if t == "turncloak":
        return f"Turncloak: เปลี่ยนเป็น{col(action['colour'])}", f"Turncloak: turn {action['colour']}"
    if t == "decline":
        free = s.turn is not None and s.turn.free_decline
        return ("ไม่วาง" + ("" if free else f" (ค่าปรับ {FINE})"), "do not place" + ("" if free else f" ({FINE} Silver fine)"))
    if t == "buy_power":
        price = card_value(s, action["colour"])
        return (f"ซื้อ Kingdom Power {col(action['colour'])} ({price} Silver)",
                f"buy a {action['colour']} Kingdom Power ({price} Silver, Rank {price})")
    if t == "no_buy":
        return "ไม่ซื้อ", "no purchase"
    if t == "take_open":
        i = action["index"]
        card = s.row[i][0] if i < len(s.row) else "?"
        from .territory import pass_cost
        cost = pass_cost(i)
        return (f"หยิบ {card} จากกองเปิด (ข้าม {i}" + (f", {cost} Silver)" if cost else ")"),
                f"take {card} from the open row (passing {i}" + (f", {cost} Silver)" if cost else ")"))
    if t == "draw":
        return "จั่วจากกอง", "draw from the deck"
    if t == "stop_taking":
        n = s.turn.to_take if s.turn is not None else 0
        return f"ไม่หยิบเพิ่ม (สละอีก {n} ใบ)", f"take no more cards (forgo {n})"
    if t == "exchange":
        return f"แลก: ทิ้ง {action['card']} ({EXCHANGE_FEE} Silver)", f"exchange: discard {action['card']} ({EXCHANGE_FEE} Silver)"
    if t == "end_turn":
        return "จบเทิร์น", "end the turn"
    if t == "sell_power":
        price = sale_price(s, action["colour"])
        return (f"ขาย {kind_th.get(action['kind'], action['kind'])} {col(action['colour'])} ({price} Silver)",
                f"sell {action['colour']} {action['kind']} ({price} Silver = value + {SALE_PROFIT})")
    if t == "forced_sale":
        price = forced_sale_price(s, action["colour"])
        return (f"ขายบังคับ {kind_th.get(action['kind'], action['kind'])} {col(action['colour'])} ({price} Silver)",
                f"forced sale of {action['colour']} {action['kind']} ({price} Silver)")
    if t == "no_sell":
        return "ไม่ขาย", "no sale"
    if t == "deposit":
        return f"ฝาก {action['amount']} กับ{col(action['colour'])}", f"deposit {action['amount']} with {action['colour']}"
    if t == "attack_side":
        return ("โจมตี " + " + ".join(col(c) for c in action["colours"]), "attack " + " + ".join(action["colours"]))
    if t == "remove_token":
        return f"หยิบโทเคนออกจาก {action['cell']}", f"remove a token from {action['cell']}"
    if t == "siege_cell":
        return f"ล้อมโจมตี {action['cell']}", f"siege {action['cell']}"
    if t == "queen_move" and action["target"] == "none":
        return ("Queen: ไม่มีอาณาจักรอื่น เงินฝากหายไป", "Queen: no other kingdom, the deposit is lost")
    if t == "queen_move":
        return f"Queen: ย้ายเงินฝากไป {col(action['target'])}", f"Queen: move the deposit to {action['target']}"
    if t == "discard_territory":
        return f"ทิ้ง {action['card']}", f"discard {action['card']}"
    return str(t), str(t)
