"""A player's turn, phases 1-3: the handlers of the turn's actions (clauses phase1.*, phase2.*,
phase3.*, power_card.*, shadow.*, money.move_*, alliance.*, territory_combo.*).

:func:`act_turn` changes a working state for one legal action of the active player (checked by
:func:`rules.shadow_master.actions.legal` before) and leaves :mod:`.flow` a ``resume`` label.
"""
from __future__ import annotations

from rules.core.ambiguity import ambiguity_ref
from rules.core.events import emit

from . import alliance, attack, castles
from . import board as B
from .actions import turncloak_cells
from .constants import BLACK_REWARD, EXCHANGE_FEE, FINE, PASS_COST
from .flow import after_resolve, end_turn, start_phase2, start_roll
from .money import charge, move_fee, pay, receive
from .powers import (RANK15, card_value, charge_damage, collapse_if_empty, count_kind, fee_rank, kingdom_rank,
                     limit_cites, placement_fee)
from .state import ChanceReq, Pending
from .tables import tables
from .territory import draw_cards



def _alliance_counts(w) -> int:
    """Tokens an alliance token (X cell; by the X card or Shadow Envoy) adds to the phase-2 reveal
    (``phase2.reveal``: "ตามจำนวนโทเคนที่วางในเฟส 1"): ambiguity ``reveal_count`` - 1 under
    ``tokens_put_down`` (default) and ``theron_counts``, 0 under ``board_cells_only``."""
    return 0 if w.config.reveal_count == "board_cells_only" else 1

def _after_person(w) -> str:
    """The ``resume`` label after a person's act (``shadow.persons_use``), ambiguity
    ``person_timing``: ``instead_of_placing`` (default) - the act used the roll, on to the buy /
    phase 2 (``after_resolve``); ``besides_placing`` - back to the rolled colours (``rolled``), the
    placement (or the fined decline) still to make; ``used_person`` keeps a second person out."""
    return "rolled" if w.config.person_timing == "besides_placing" else "after_resolve"


def _discard_card(w, seat: int, card: str) -> None:
    w.players[seat].hand.remove(card)
    w.discard.append(card)


def do_place(w, seat: int, cell: str, colour: str, n: int, cards: list[str], cites: tuple[str, ...]) -> None:
    """Place ``n`` tokens (``phase1.roll_place``), pay a Rank 15+ fee (``phase1.rank15_fee``),
    discard the used cards (``phase1.discard_territory``) and start any attack (``attack.trigger``)."""
    fee = placement_fee(w, seat, colour, cell, n)
    extra = ()
    if fee:
        pay(w, seat, fee)
    if fee_rank(w, colour, cell, n) >= RANK15:
        # the Rank 15+ rule decided the fee even when Master of Coin cuts it to 0
        extra = ("phase1.rank15_fee", "rank.card_value") + (
            ("shadow.master_of_coin",) if "master_of_coin" in w.players[seat].persons else ())
    w.position = B.place_token(w.position, cell, colour, n)
    w.supply[w.cidx(colour)] -= n
    w.cells_this_round.add(cell)
    for c in cards:
        _discard_card(w, seat, c)
    w.set_turn(placed=w.turn.placed + n, spent=w.turn.spent + len(cards), buy_colour=colour)
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "place", seat, cites + ("phase1.territory_required", "phase1.discard_territory", "board.cell_capacity",
                                        "territory.one_per_round", "territory.cell_letters", "territory.one_colour",
                                        "territory.intro", "collapse.return") + extra,
             f"วางโทเคนสี{w.board.colour_th[colour]} {n} ตัวที่ {cell}" + (f" จ่ายค่าดำเนินการ {fee} Silver" if fee else ""),
             f"places {n} {colour} token(s) on {cell}" + (f", paying a {fee} Silver fee" if fee else ""),
             cell=cell, colour=colour, count=n, fee=fee, rank=kingdom_rank(w, colour))
    if w.config.capture_timing == "after_attack":   # ambiguity capture_timing
        attack_then(w, seat, cell, colour, Pending("capture", seat, (("colour", colour),)))
    else:
        castles.capture_check(w, seat, colour)
        attack.start(w, seat, cell, colour)
    w.resume = "after_place"


def attack_then(w, seat: int, cell: str, colour: str, follow: Pending) -> None:
    """Start the attack of ``colour`` placed on ``cell``, then ``follow`` (an automatic step,
    :data:`rules.shadow_master.flow.AUTO_KINDS`) once the decisions that attack queued are answered."""
    before = len(w.queue)
    attack.start(w, seat, cell, colour)
    w.queue.insert(max(0, len(w.queue) - before), follow)


def act_turn(w, seat: int, a: dict) -> None:
    t, typ, p = w.turn, a["type"], w.players[seat]
    sh = tables().shadow
    # the most frequent actions first (random play: end_turn, draw, exchange, take_open)
    if typ == "take_open":
        take_open(w, seat, a["index"])
    elif typ == "draw":
        if t.step == "phase2":
            w.set_turn(to_take=t.to_take - 1)
            draw_cards(w, 1, "hand", seat, "took_phase2")
        else:
            draw_cards(w, 1, "hand", seat, "took_phase3")
    elif typ == "exchange":
        pay(w, seat, EXCHANGE_FEE)
        _discard_card(w, seat, a["card"])
        w.set_turn(exchanges=t.exchanges + 1, step="phase3_take")
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "exchange", seat, ("phase3.discard_fee", "phase3.exchange_limit") + (
                ("phase3.land_bonus",) if count_kind(p, None, "land") else ()),
                 f"เปลี่ยนการ์ด: ทิ้ง {a['card']} จ่าย {EXCHANGE_FEE} Silver",
                 f"exchange: discards {a['card']}, pays {EXCHANGE_FEE} Silver",
                 card=a["card"])
    elif typ == "end_turn":
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "end_turn", seat, ("order.rounds_first_player",), "จบเทิร์น", "ends the turn")
        end_turn(w)
    elif typ == "roll":
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "choose", seat, ("phase1.choose_one", "phase1.roll_place", "territory.roll_colour"),
                 "เลือก A: ทอยเต๋า", "chooses A: roll the die", choice="A")
        start_roll(w)
    elif typ in ("military", "military_faith"):
        combo = typ == "military_faith"
        w.set_turn(choice="A", military=a["colour"], step="resolve", second_roll=combo)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "choose", seat, ("phase1.choose_one", "power_card.military") + (("power_combo.military_faith",) if combo else ()),
                 f"ใช้ Military สี{w.board.colour_th[a['colour']]}: วางโดยไม่ต้องทอยเต๋า" + (" แล้วทอยวางเพิ่มอีก 1" if combo else ""),
                 f"uses {a['colour']} Military: place without rolling" + (", then one more by rolling" if combo else ""),
                 choice="A", colour=a["colour"])
    elif typ == "black":
        cell = a["cell"]
        w.set_turn(choice="B")
        w.position = B.place_token(w.position, cell, w.board.black)
        w.black_supply -= 1
        w.cells_this_round.add(cell)
        _discard_card(w, seat, cell)
        receive(w, seat, BLACK_REWARD)
        w.set_turn(placed=1, spent=1)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "black", seat, ("phase1.choose_one", "phase1.black_token", "black.after_six_colours", "black.reward",
                                    "black.castle_distance", "phase1.territory_required", "phase1.discard_territory",
                                    "territory.black_no_roll"),
                 f"เลือก B: วางโทเคนสีดำที่ {cell} รับ {BLACK_REWARD} Silver",
                 f"chooses B: black token on {cell}, receives {BLACK_REWARD} Silver",
                 cell=cell)
        start_phase2(w)
    elif typ == "skip":
        w.set_turn(choice="C", step="phase3")
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "choose", seat, ("phase1.choose_one",), "เลือก C: ข้ามไปเฟส 3", "chooses C: skip to phase 3", choice="C")
    elif typ == "buy_person":
        card = a["card"]
        price = sh.prices(w.config.shadow_prices).persons[card]
        pay(w, seat, price)
        w.person_supply.remove(card)
        p.persons.append(card)
        w.set_turn(choice="C", step="phase3")
        clause = "shadow.envoy" if card == "shadow_envoy" else f"shadow.{card}"
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "buy_person", seat, ("phase1.choose_one", "shadow.buy_when", "shadow.persons_keep",
                                         "shadow.persons_limit", clause),
                 f"เลือก C: จ้าง {sh.persons[card].name_th} ราคา {price} Silver",
                 f"chooses C: hires {sh.persons[card].name_en} for {price} Silver", card=card, price=price)
    elif typ == "build_castle":
        w.set_turn(choice="C", step="phase3")
        castles.build(w, seat, a["cell"])
    elif typ == "move_money":
        src, dst, amount = a["source"], a["target"], a["amount"]
        fee = move_fee(amount)
        p.deposits[w.cidx(src)] -= amount
        if w.config.move_fee == "from_amount":
            p.deposits[w.cidx(dst)] += amount - fee
            w.bank += fee
        else:
            p.deposits[w.cidx(dst)] += amount
            pay(w, seat, fee)
        p.moved_money = True
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "move_money", seat, ("money.move_between", "money.move_once", "money.move_phases",
                                         "money.move_fee" if fee else "money.move_free"),
                 f"ย้ายเงิน {amount} Silver จากสี{w.board.colour_th[src]}ไปสี{w.board.colour_th[dst]} ค่าดำเนินการ {fee}",
                 f"moves {amount} Silver from {src} to {dst}, fee {fee}", source=src, target=dst, amount=amount, fee=fee)
    elif typ in ("place", "place_combo"):
        cites = ("power_card.military",) if t.military else ("phase1.roll_place", "territory.roll_colour")
        if typ == "place":
            do_place(w, seat, a["cell"], a["colour"], 1, [a["cell"]], cites)
        else:
            do_place(w, seat, a["cell"], a["colour"], 2, [a["cell"], "X"],
                     cites + ("territory_combo.x_plus_cell", "territory_combo.cost", "territory_combo.optional"))
    elif typ in ("ally", "unally"):
        _discard_card(w, seat, "X")
        cites = ("territory.x_card", "territory.x_letter", "alliance.x_card", "alliance.roll_or_military",
                 "alliance.intro")
        if typ == "ally":
            w.set_turn(placed=t.placed + _alliance_counts(w), spent=t.spent + 1)
            alliance.place(w, seat, a["x"], a["colour"], cites)
        else:
            w.set_turn(spent=t.spent + 1)
            alliance.remove(w, seat, a["colour"], cites)
        w.resume = "after_resolve"
        if typ == "ally" and w.config.ally_buy == "offered":   # ambiguity ally_buy: the buy offer of an A placement
            w.set_turn(buy_colour=a["colour"])
            w.resume = "after_place"
    elif typ in ("envoy_ally", "envoy_unally"):
        w.set_turn(used_person=True)
        if typ == "envoy_ally":
            w.set_turn(placed=w.turn.placed + _alliance_counts(w))
            alliance.place(w, seat, a["x"], a["colour"], ("shadow.envoy", "shadow.persons_use"))
        else:
            alliance.remove(w, seat, a["colour"], ("shadow.envoy", "shadow.persons_use"))
        w.resume = _after_person(w)   # ambiguity person_timing
    elif typ == "theron":
        colour, src, dst, n = a["colour"], a["source"], a["target"], a["count"]
        src2 = a.get("source2")   # ambiguity theron_sources=any_cells: one token from src, one from src2
        rank_before = kingdom_rank(w, colour)
        if src2:
            w.position = B.place_token(B.remove_token(B.remove_token(w.position, src, 1), src2, 1), dst, colour, n)
        else:
            w.position = B.place_token(B.remove_token(w.position, src, n), dst, colour, n)
        spend = w.config.theron_card == "spent"   # ambiguity theron_card
        if spend:
            _discard_card(w, seat, dst)
        w.set_turn(used_person=True, spent=t.spent + (1 if spend else 0),
                   placed=t.placed + (n if w.config.reveal_count == "theron_counts" else 0))   # ambiguity reveal_count
        per_round = w.config.theron_one_per_round == "applies"   # ambiguity theron_one_per_round
        if per_round:
            w.cells_this_round.add(dst)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "theron", seat, ("shadow.lord_theron", "shadow.persons_use")
                 + (("territory.one_per_round",) if per_round else ()),
                 f"Lord Theron ย้ายโทเคนสี{w.board.colour_th[colour]} {n} ตัวจาก {src} ไป {dst}",
                 f"Lord Theron moves {n} {colour} token(s) from {src} to {dst}", colour=colour, source=src, target=dst,
                 count=n, emptied=src not in w.position, **({"source2": src2} if src2 else {}))
        emptied = [c for c in (src, src2) if c and c not in w.position]
        if emptied and w.config.theron_damage == "on_empty":   # ambiguity theron_damage
            charge_damage(w, colour, len(emptied), rank_before, ("shadow.lord_theron",))
        for cell in emptied:
            if w.config.theron_castle == "castle_emptied_applies":   # ambiguity theron_castle
                castles.castle_emptied(w, cell, ("shadow.lord_theron",))   # then the castle_emptied reading decides (destroyed / stays)
        if w.config.castle_capture_by == "moves_too":   # ambiguity castle_capture_by
            castles.capture_check(w, seat, colour)
        if w.config.theron_attack == "attacks":   # ambiguity theron_attack
            attack.start(w, seat, dst, colour)
        w.resume = _after_person(w)   # ambiguity person_timing
    elif typ == "turncloak":
        colour = a["colour"]
        changed = []
        for cell in turncloak_cells(w, seat, colour):
            old, n = w.position[cell]
            if w.config.turncloak_shortage == "whole_cells":   # ambiguity turncloak_shortage
                if n > w.supply[w.cidx(colour)]:
                    continue
            n = min(n, w.supply[w.cidx(colour)])
            if n == 0:
                break
            if old == w.board.black:   # ambiguity turncloak_black=black_too
                w.black_supply += w.position.count_at(cell)
            else:
                w.supply[w.cidx(old)] += w.position.count_at(cell)
            w.supply[w.cidx(colour)] -= n
            w.position = B.set_cell(w.position, cell, colour, n)
            changed.append([cell, old, n])
        w.set_turn(used_person=True)
        p.turncloak_used = True
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "turncloak", seat, ("shadow.turncloak", "shadow.persons_use"),
                 f"Turncloak เปลี่ยนโทเคนใน {len(changed)} ช่องเป็นสี{w.board.colour_th[colour]}",
                 f"Turncloak turns {len(changed)} cell(s) {colour}", colour=colour, cells=changed)
        for old in sorted({o for _, o, _ in changed if o != w.board.black}, key=w.board.colours.index):
            collapse_if_empty(w, old)
        if changed and w.config.castle_capture_by == "moves_too":   # ambiguity castle_capture_by
            castles.capture_check(w, seat, colour)
        if changed and w.config.turncloak_attack == "each_cell":   # ambiguity turncloak_attack
            w.queue.append(Pending("attack_from", seat, (("cells", tuple(c for c, _, _ in changed)), ("colour", colour))))
        w.resume = _after_person(w)   # ambiguity person_timing
    elif typ == "stop_taking":
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "stop_taking", seat, ("phase2.take",),
                 f"ไม่หยิบการ์ด Territory เพิ่ม (สละ {t.to_take} ใบ; {ambiguity_ref('shadow_master', 'phase2_take', 'optional')[0]})",
                 f"takes no more Territory cards (forgoes {t.to_take}; "
                 f"{ambiguity_ref('shadow_master', 'phase2_take', 'optional')[1]})", forgone=t.to_take)
        w.set_turn(to_take=0, step="phase3")
    elif typ == "decline":
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "decline", seat, ("phase1.roll_place",), "ไม่วางโทเคน" + ("" if t.free_decline else f" เสียค่าปรับ {FINE} Silver"),
                 "does not place" + ("" if t.free_decline else f": {FINE} Silver fine"))
        if not t.free_decline:
            charge(w, seat, FINE, ("phase1.roll_place",), "ค่าปรับไม่วางโทเคน", "fine for not placing")
        w.resume = "after_resolve"
    elif typ == "buy_power":
        colour = a["colour"]
        price = card_value(w, colour)
        pay(w, seat, price)
        w.set_turn(bought=True)
        if w.events is not None:   # None: a random-play kernel keeps no event
            emit(w.events, "buy_power", seat, ("phase1.buy_power", "phase1.buy_price", "rank.largest_group", "rank.table_reference",
                                        "phase1.buy_random", "power.buy_after_place",
                                        "power.buy_random", "power.buy_optional", "power.deck_counts", "power.limit",
                                        "power_card.buy_when")
                 + limit_cites(w, seat),
                 f"ซื้อการ์ด Kingdom Power สี{w.board.colour_th[colour]} ราคา {price} Silver (สุ่มจั่ว)",
                 f"buys a {colour} Kingdom Power for {price} Silver (drawn at random)", colour=colour, price=price)
        w.chance = ChanceReq("power", 1, seat=seat, colour=colour)
        w.resume = "after_resolve"
    elif typ == "no_buy":
        after_resolve(w)
    else:  # pragma: no cover - legal() lists only the types above
        raise AssertionError(typ)


def take_open(w, seat: int, index: int) -> None:
    """Take open card ``index``, putting 1 Silver on each card passed (``phase2.pass_cost``)."""
    t = w.turn
    for j in range(index):
        pay(w, seat, PASS_COST)
        if w.config.pass_coins == "on_card":
            w.bank -= PASS_COST
            w.row[j][1] += PASS_COST
    card, coins = w.row.pop(index)
    w.players[seat].hand.append(card)
    if coins:
        w.bank += coins
        receive(w, seat, coins)
    phase2 = t.step == "phase2"
    if w.events is not None:   # None: a random-play kernel keeps no event
        emit(w.events, "take_open", seat, ("phase2.take", "phase2.pass_cost") if phase2 else ("phase3.take", "phase3.pass_cost"),
             f"หยิบการ์ด {card} จากกองเปิด (ข้าม {index} ใบ)" + (f" ได้เงินบนการ์ด {coins}" if coins else ""),
             f"takes {card} from the open row (passing {index})" + (f", collecting {coins} Silver on it" if coins else ""),
             card=card, index=index, coins=coins)
    if phase2:
        w.set_turn(to_take=t.to_take - 1)
        w.resume = "took_phase2"
    else:
        w.resume = "took_phase3"


