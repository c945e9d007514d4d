"""Shadow Master engine: the game protocol (``rules/core/README.md``) over :mod:`.state`.

Flow of a round (``order.*``): from the First Player clockwise, each player plays phase 1
(``phase1.choose_one``: roll and place / black token / skip or buy a Shadow Master card),
phase 2 (reveal and take Territory cards) and phase 3 (exchanges); then the end of round:
one optional sale each, income, tax, castle upkeep, deposits of cash above 10, and the First
Player passes on.  Decisions owed during an action (three fronts, which tokens to remove,
forced sales, a Queen's move) are queued and answered before play goes on.
"""
from __future__ import annotations

import random
from dataclasses import replace

from rules.core.base import GameBase
from rules.core.protocol import CHANCE, TERMINAL, IllegalAction, Transition

from . import actions as A
from . import alliance, attack, castles
from . import board as B
from .config import Config
from .events import emit
from .money import CASH_LIMIT, charge, move_fee, pay, receive
from .powers import (RANK15, card_value, cards_of, charge_damage, count_kind, enforce_limit, income_for, kingdom_rank,
                     limit_cites, fee_rank, placement_fee, return_power, territory_limit, update_flags)
from .scoring import breakdown, check_end, game_over, winners
from .state import BANK_START, ChanceReq, Pending, Player, State, Turn, thaw
from .tables import KINDS, PERSONS, tables

BLACK_REWARD = 3     # black.reward
ROW_SIZE = 10        # phase2.row_reset


# ----------------------------------------------------------------------------- setup
def all_territory_cards(config: Config) -> list[str]:
    """The Territory deck: one card per map cell plus the X (alliance) cards (assumed count)."""
    return sorted(list(config.get_board().cells) + ["X"] * config.x_cards())


def new_state(config: Config, seed: int) -> State:
    """``setup.*``: board, Territory deck shuffled and dealt to the limit, 10 Silver each,
    no Kingdom Power and no Shadow Master card; the First Player is seat 0 or drawn from the seed
    after the deal (ambiguity first_player, order.rounds_first_player)."""
    board = config.get_board()
    rng = random.Random(seed)
    deck = all_territory_cards(config)
    rng.shuffle(deck)
    limit = config.territory_limit_base()
    players = []
    for i in range(config.players):
        hand, deck = deck[:limit], deck[limit:]
        players.append(Player(cash=10, deposits=(0,) * len(board.colours), hand=tuple(sorted(hand))))
    per = tables().powers.per_colour
    first = rng.randrange(config.players) if config.first_player == "random" else 0
    return State(
        config=config, seed=seed, position=B.empty_position(board),
        supply=(board.tokens_per_colour,) * len(board.colours), black_supply=board.black_tokens,
        alliances=tuple(() for _ in board.x_cells), castles=(),
        castle_supply=tuple(range(1, tables().shadow.castles + 1)), person_supply=tuple(sorted(PERSONS)),
        players=tuple(players), deck=tuple(sorted(deck)), discard=(), row=(),
        power_decks=tuple(tuple(per[k] for k in KINDS) for _ in board.colours),
        bank=BANK_START - 10 * config.players, turn=Turn(seat=first), first_player=first,
    )


# ----------------------------------------------------------------------------- flow
def seats_from(w, start: int) -> list[int]:
    n = len(w.players)
    return [(start + i) % n for i in range(n) if not w.players[(start + i) % n].out]


def start_turn(w, seat: int) -> None:
    w.stage = "turn"
    w.turn = Turn(seat=seat)


def start_roll(w) -> None:
    """``phase1.roll_place``: roll the colour die (two with a Faith power: ``power_card.faith``)."""
    seat = w.turn.seat
    dice = 2 if count_kind(w.players[seat], None, "faith") else 1
    w.set_turn(choice="A", dice=(), military="", step="roll")
    w.chance = ChanceReq("die", dice, seat=seat)
    w.resume = "rolled"


def draw_cards(w, n: int, purpose: str, seat: int, resume: str) -> None:
    """Queue ``n`` Territory draws (to the open ``row`` or a ``hand``); the discard pile is
    shuffled back when the deck runs out (assumed; ``setup.deal_territory``)."""
    n = min(n, len(w.deck) + len(w.discard))
    w.resume = resume
    if n > 0:
        refill(w)
        w.chance = ChanceReq("territory", n, purpose, seat)


def refill(w) -> None:
    if not w.deck and w.discard:
        w.deck, w.discard = list(w.discard), []
        emit(w, "reshuffle", None, ("setup.deal_territory",), "นำกองทิ้งมาสับเป็นกองจั่วใหม่",
             "the discard pile is shuffled into a new deck")


def start_phase2(w) -> None:
    """``phase2.reveal``: reveal one card per token placed; then take as many as were spent."""
    t, seat = w.turn, w.turn.seat
    if t.choice in ("A", "B") and (t.placed or t.spent):
        room = max(0, territory_limit(w, seat) - len(w.players[seat].hand))
        w.set_turn(step="phase2", to_take=min(t.spent, room))
        draw_cards(w, t.placed, "row", seat, "phase2_ready")
    else:
        w.set_turn(step="phase3")


def after_resolve(w) -> None:
    """After the phase-1 placement (and the buy): a second placement by rolling
    (``power_combo.military_faith``) or on to phase 2."""
    if w.turn.second_roll:
        w.set_turn(second_roll=False, free_decline=True, buy_colour="")
        start_roll(w)
    else:
        start_phase2(w)


def end_turn(w) -> None:
    """Next player clockwise, or the end of the round (``order.round_definition``)."""
    order = [(w.first_player + i) % len(w.players) for i in range(len(w.players))]
    rest = order[order.index(w.turn.seat) + 1:]
    for seat in rest:
        if not w.players[seat].out:
            start_turn(w, seat)
            return
    end_of_round(w)


def end_of_round(w) -> None:
    """``order.end_of_round_income``: sales first (``income.sell_power``), in turn order.

    Under the reading ``final_round_income=without_income`` (ambiguity ``rounding_notes``) the
    last round goes straight to the final count.
    """
    w.turn = None
    if (w.config.final_round_income == "without_income" and w.last_round
            and w.round >= w.last_round):
        emit(w, "round_over", None, ("order.round_definition", "end.trigger_final_round"),
             f"จบรอบสุดท้าย {w.round}: นับคะแนนโดยไม่รับรายได้ (ข้อกำกวม rounding_notes)",
             f"last round {w.round} over: final count without income (ambiguity rounding_notes)",
             round=w.round)
        game_over(w)
        return
    w.stage = "sell"
    seats = seats_from(w, w.first_player)
    w.eor_seat = seats[0] if seats else -1
    emit(w, "round_over", None, ("order.round_definition", "order.end_of_round_income"),
         f"ทุกคนเล่นครบ จบรอบที่ {w.round}: เข้าสู่ขั้นตอนรับรายได้",
         f"everyone has played: round {w.round} ends with income", round=w.round)


def seats_after(w, seat: int | None) -> list[int]:
    """Seats still in, in turn order from the First Player, after ``seat`` (all if ``None``)."""
    n = len(w.players)
    order = [(w.first_player + i) % n for i in range(n)]
    if seat is not None:
        order = order[order.index(seat) + 1:]
    return [s for s in order if not w.players[s].out]


def next_sell(w) -> None:
    later = seats_after(w, w.eor_seat)
    if later:
        w.eor_seat = later[0]
    else:
        do_income(w)


def do_income(w) -> None:
    """``income.rank_income``, ``income.tax``, ``castle.upkeep`` (payments may force sales)."""
    w.stage = "income"
    w.eor_seat = -1
    for seat in seats_from(w, w.first_player):
        parts = income_for(w, seat)
        total = sum(n for _, n in parts)
        if total:
            receive(w, seat, total)
        emit(w, "income", seat, ("income.rank_income", "rank.income", "rank.table_reference"),
             f"รับรายได้ {total} Silver", f"receives {total} Silver income", amount=total,
             parts=[[c, n] for c, n in parts])
    for seat in seats_from(w, w.first_player):
        for colour, kind in list(w.players[seat].powers):
            if kind != "tax" or kingdom_rank(w, colour) < 6:
                continue
            for other in seats_from(w, w.first_player):
                n = cards_of(w.players[other], colour) if other != seat else 0
                if n and not w.players[seat].out:
                    charge(w, other, n, ("income.tax", "power_card.tax"),
                           f"ภาษีสี{w.board.colour_th[colour]} {n} ใบ ให้ผู้เล่น {seat + 1}",
                           f"{colour} tax on {n} card(s) to player {seat + 1}", to=seat)
    castles.upkeep(w)
    w.resume = "deposits"


def return_excess(w, seat: int) -> None:
    """``income.cash_cap``: cash above 10 Silver that cannot be deposited goes back to the bank."""
    p = w.players[seat]
    extra = p.cash - CASH_LIMIT
    if extra > 0:
        p.cash -= extra
        w.bank += extra
        emit(w, "cash_returned", seat, ("income.cash_cap", "money.cash_limit"),
             f"ถือเงินสดได้ไม่เกิน 10 Silver: {extra} Silver คืนระบบ",
             f"cash is capped at 10 Silver: {extra} Silver go back to the bank", amount=extra)


def next_deposit(w, start_after: int | None) -> None:
    """``income.cash_cap``: each player with more than 10 Silver in cash deposits the rest."""
    for seat in seats_after(w, start_after):
        p = w.players[seat]
        if p.cash <= CASH_LIMIT:
            continue
        if not A.deposit_options(w, seat):
            return_excess(w, seat)
            continue
        w.stage, w.eor_seat = "deposit", seat
        return
    round_end(w)


def round_end(w) -> None:
    """Pass the First Player on (``order.pass_first_player``); last round -> the final count."""
    update_flags(w)
    check_end(w)
    for p in w.players:
        p.moved_money = p.sold = False
    w.cells_this_round = set()
    if (w.last_round and w.round >= w.last_round) or sum(not p.out for p in w.players) <= 1:
        game_over(w)
        return
    if w.round >= w.config.round_cap():
        emit(w, "round_cap", None, ("order.round_definition",),
             f"ถึงจำนวนรอบสูงสุดที่เอนจินกำหนด ({w.config.round_cap()}) ไม่ใช่กติกา",
             f"engine safety stop after {w.config.round_cap()} rounds (not a rule)")
        game_over(w)
        return
    nxt = seats_from(w, (w.first_player + 1) % len(w.players))
    w.first_player = nxt[0]
    w.round += 1
    emit(w, "first_player", w.first_player, ("order.pass_first_player", "order.rounds_first_player"),
         f"รอบที่ {w.round}: ผู้เล่น {w.first_player + 1} ถือ First Player",
         f"round {w.round}: player {w.first_player + 1} holds First Player", round=w.round)
    start_turn(w, w.first_player)


RESUME = {
    "rolled": lambda w: w.set_turn(step="resolve"),
    "after_resolve": after_resolve,
    "phase2_ready": lambda w: w.set_turn(step="phase2" if w.turn.to_take > 0 else "phase3"),
    "took_phase2": lambda w: w.set_turn(step="phase2" if w.turn.to_take > 0 else "phase3"),
    "took_phase3": lambda w: w.set_turn(step="phase3"),
    "next_sell": next_sell,
    "deposits": lambda w: next_deposit(w, None),
}


def after_place(w) -> None:
    """After a placement's attack: the offer to buy a Kingdom Power of the colour placed."""
    t = w.turn
    if t.choice == "A" and not t.bought and t.buy_colour and A.can_buy(w, t.seat, t.buy_colour):
        w.set_turn(step="buy")
    else:
        after_resolve(w)


RESUME["after_place"] = after_place


def advance(w) -> None:
    """Run automatic steps until a chance node, a decision or the end."""
    for _ in range(10_000):
        if w.stage == "over" or w.chance is not None or w.queue:
            return
        if sum(not p.out for p in w.players) <= 1:
            game_over(w)
            return
        if w.resume:
            label, w.resume = w.resume, ""
            RESUME[label](w)
            continue
        if w.stage == "turn":
            t = w.turn
            if w.players[t.seat].out:
                end_turn(w)
                continue
            if t.step in ("phase2", "phase3_take") and not A.take_options(w, t.seat):
                w.set_turn(step="phase3", to_take=0)
                continue
        if w.stage == "sell" and (w.eor_seat < 0 or w.players[w.eor_seat].out):
            next_sell(w)
            continue
        if w.stage == "deposit":
            p = w.players[w.eor_seat]
            if not p.out and p.cash > CASH_LIMIT and not A.deposit_options(w, w.eor_seat):
                return_excess(w, w.eor_seat)
            if p.out or p.cash <= CASH_LIMIT:
                next_deposit(w, w.eor_seat)
                continue
        return
    raise RuntimeError("advance did not settle")


# ----------------------------------------------------------------------------- action handlers
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
    emit(w, "place", seat, cites + ("phase1.territory_required", "phase1.discard_territory", "board.cell_capacity",
                                    "territory.one_per_round", "territory.cell_letters", "territory.one_colour",
                                    "territory.intro", "collapse.return") + extra,
         f"วางโทเคนสี{w.board.colour_th[colour]} {n} ตัวที่ {cell}" + (f" จ่ายค่าดำเนินการ {fee} Silver" if fee else ""),
         f"places {n} {colour} token(s) on {cell}" + (f", paying a {fee} Silver fee" if fee else ""),
         cell=cell, colour=colour, count=n, fee=fee, rank=kingdom_rank(w, colour))
    castles.capture_check(w, seat, colour)
    attack.start(w, seat, cell, colour)
    w.resume = "after_place"


def act_turn(w, seat: int, a: dict) -> None:
    t, typ, p = w.turn, a["type"], w.players[seat]
    sh = tables().shadow
    if typ == "roll":
        emit(w, "choose", seat, ("phase1.choose_one", "phase1.roll_place", "territory.roll_colour"),
             "เลือก A: ทอยเต๋า", "chooses A: roll the die", choice="A")
        start_roll(w)
    elif typ in ("military", "military_faith"):
        combo = typ == "military_faith"
        w.set_turn(choice="A", military=a["colour"], step="resolve", second_roll=combo)
        emit(w, "choose", seat, ("phase1.choose_one", "power_card.military") + (("power_combo.military_faith",) if combo else ()),
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
        emit(w, "black", seat, ("phase1.choose_one", "phase1.black_token", "black.after_six_colours", "black.reward",
                                "black.castle_distance", "phase1.territory_required", "phase1.discard_territory",
                                "territory.black_no_roll"),
             f"เลือก B: วางโทเคนสีดำที่ {cell} รับ 3 Silver", f"chooses B: black token on {cell}, receives 3 Silver",
             cell=cell)
        start_phase2(w)
    elif typ == "skip":
        w.set_turn(choice="C", step="phase3")
        emit(w, "choose", seat, ("phase1.choose_one",), "เลือก C: ข้ามไปเฟส 3", "chooses C: skip to phase 3", choice="C")
    elif typ == "buy_person":
        card = a["card"]
        price = sh.persons[card].price
        pay(w, seat, price)
        w.person_supply.remove(card)
        p.persons.append(card)
        w.set_turn(choice="C", step="phase3")
        clause = "shadow.envoy" if card == "shadow_envoy" else f"shadow.{card}"
        emit(w, "buy_person", seat, ("phase1.choose_one", "shadow.buy_when", "shadow.persons_keep",
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
        emit(w, "move_money", seat, ("money.move_between", "money.move_once", "money.move_phases",
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
            w.set_turn(placed=t.placed + 1, spent=t.spent + 1)
            alliance.place(w, seat, a["x"], a["colour"], cites)
        else:
            w.set_turn(spent=t.spent + 1)
            alliance.remove(w, seat, a["colour"], cites)
        w.resume = "after_resolve"
    elif typ in ("envoy_ally", "envoy_unally"):
        w.set_turn(used_person=True)
        if typ == "envoy_ally":
            w.set_turn(placed=w.turn.placed + 1)
            alliance.place(w, seat, a["x"], a["colour"], ("shadow.envoy", "shadow.persons_use"))
        else:
            alliance.remove(w, seat, a["colour"], ("shadow.envoy", "shadow.persons_use"))
        w.resume = "after_resolve"
    elif typ == "theron":
        colour, src, dst, n = a["colour"], a["source"], a["target"], a["count"]
        rank_before = kingdom_rank(w, colour)
        w.position = B.place_token(B.remove_token(w.position, src, n), dst, colour, n)
        _discard_card(w, seat, dst)
        w.set_turn(used_person=True, spent=t.spent + 1)
        per_round = w.config.theron_one_per_round == "applies"   # ambiguity theron_one_per_round
        if per_round:
            w.cells_this_round.add(dst)
        emit(w, "theron", seat, ("shadow.lord_theron", "shadow.persons_use")
             + (("territory.one_per_round",) if per_round else ()),
             f"Lord Theron ย้ายโทเคนสี{w.board.colour_th[colour]} {n} ตัวจาก {src} ไป {dst}",
             f"Lord Theron moves {n} {colour} token(s) from {src} to {dst}", colour=colour, source=src, target=dst,
             count=n, emptied=src not in w.position)
        if src not in w.position and w.config.theron_damage == "on_empty":   # ambiguity theron_damage
            charge_damage(w, colour, 1, rank_before, ("shadow.lord_theron",))
        if src not in w.position and w.config.theron_castle == "castle_emptied_applies":   # ambiguity theron_castle
            castles.castle_emptied(w, src, ("shadow.lord_theron",))   # then the castle_emptied reading decides (destroyed / stays)
        attack.start(w, seat, dst, colour)
        w.resume = "after_resolve"
    elif typ == "turncloak":
        colour = a["colour"]
        changed = []
        for cell in A.turncloak_cells(w, seat, colour):
            old, n = w.position[cell]
            n = min(n, w.supply[w.cidx(colour)])
            if n == 0:
                break
            w.supply[w.cidx(old)] += w.position.count_at(cell)
            w.supply[w.cidx(colour)] -= n
            w.position = B.set_cell(w.position, cell, colour, n)
            changed.append([cell, old, n])
        w.set_turn(used_person=True)
        p.turncloak_used = True
        emit(w, "turncloak", seat, ("shadow.turncloak", "shadow.persons_use"),
             f"Turncloak เปลี่ยนโทเคนใน {len(changed)} ช่องเป็นสี{w.board.colour_th[colour]}",
             f"Turncloak turns {len(changed)} cell(s) {colour}", colour=colour, cells=changed)
        from .powers import collapse_if_empty
        for old in sorted({o for _, o, _ in changed}, key=w.board.colours.index):
            collapse_if_empty(w, old)
        w.resume = "after_resolve"
    elif typ == "decline":
        emit(w, "decline", seat, ("phase1.roll_place",), "ไม่วางโทเคน" + ("" if t.free_decline else " เสียค่าปรับ 5 Silver"),
             "does not place" + ("" if t.free_decline else ": 5 Silver fine"))
        if not t.free_decline:
            charge(w, seat, A.FINE, ("phase1.roll_place",), "ค่าปรับไม่วางโทเคน", "fine for not placing")
        w.resume = "after_resolve"
    elif typ == "buy_power":
        colour = a["colour"]
        price = card_value(w, colour)
        pay(w, seat, price)
        w.set_turn(bought=True)
        emit(w, "buy_power", seat, ("phase1.buy_power", "phase1.buy_price", "rank.largest_group", "rank.table_reference",
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
    elif typ == "take_open":
        take_open(w, seat, a["index"])
    elif typ == "draw":
        if t.step == "phase2":
            w.set_turn(to_take=t.to_take - 1)
            draw_cards(w, 1, "hand", seat, "took_phase2")
        else:
            draw_cards(w, 1, "hand", seat, "took_phase3")
    elif typ == "exchange":
        pay(w, seat, A.EXCHANGE_FEE)
        _discard_card(w, seat, a["card"])
        w.set_turn(exchanges=t.exchanges + 1, step="phase3_take")
        emit(w, "exchange", seat, ("phase3.discard_fee", "phase3.exchange_limit") + (
            ("phase3.land_bonus",) if count_kind(p, None, "land") else ()),
             f"เปลี่ยนการ์ด: ทิ้ง {a['card']} จ่าย 1 Silver", f"exchange: discards {a['card']}, pays 1 Silver",
             card=a["card"])
    elif typ == "end_turn":
        emit(w, "end_turn", seat, ("order.rounds_first_player",), "จบเทิร์น", "ends the turn")
        end_turn(w)
    else:  # pragma: no cover - legal() lists only the types above
        raise AssertionError(typ)


def take_open(w, seat: int, index: int) -> None:
    """Take open card ``index``, putting 1 Silver on each card passed (``phase2.pass_cost``)."""
    t = w.turn
    for j in range(index):
        pay(w, seat, 1)
        if w.config.pass_coins == "on_card":
            w.bank -= 1
            w.row[j][1] += 1
    card, coins = w.row.pop(index)
    w.players[seat].hand.append(card)
    if coins:
        w.bank += coins
        receive(w, seat, coins)
    phase2 = t.step == "phase2"
    emit(w, "take_open", seat, ("phase2.take", "phase2.pass_cost") if phase2 else ("phase3.take", "phase3.pass_cost"),
         f"หยิบการ์ด {card} จากกองเปิด (ข้าม {index} ใบ)" + (f" ได้เงินบนการ์ด {coins}" if coins else ""),
         f"takes {card} from the open row (passing {index})" + (f", collecting {coins} Silver on it" if coins else ""),
         card=card, index=index, coins=coins)
    if phase2:
        w.set_turn(to_take=t.to_take - 1)
        w.resume = "took_phase2"
    else:
        w.resume = "took_phase3"


def act_pending(w, seat: int, a: dict) -> None:
    typ = a["type"]
    q = w.queue[0]
    if typ == "remove_token":
        left = q.get("left") - 1
        attack.remove_tokens(w, seat, a["cell"], 1, (f"attack.{q.get('kind')}",))
        i = next(k for k, x in enumerate(w.queue) if x is q)
        if left > 0 and attack.removal_cells(w, q):
            w.queue[i] = Pending("remove", q.seat, (("cells", q.get("cells")), ("left", left), ("kind", q.get("kind"))))
        else:
            del w.queue[i]
        return
    w.queue.pop(0)
    if typ == "attack_side":
        attack.resolve_front(w, seat, q.get("cell"), q.get("colour"), frozenset(a["colours"]), chosen=True)
    elif typ == "siege_cell":
        attack.remove_tokens(w, seat, a["cell"], w.position.count_at(a["cell"]), ("attack.siege",))
    elif typ == "forced_sale":
        colour, kind = a["colour"], a["kind"]
        price = card_value(w, colour) + (3 if w.config.forced_sale_price == "value_plus_3" else 0)
        return_power(w, seat, colour, kind)
        debt, to = q.get("debt"), q.get("to")
        part = min(price, debt)
        w.bank -= price
        if to is None:
            w.bank += part
        else:
            w.players[to].cash += part
        w.players[seat].cash += price - part
        emit(w, "forced_sale", seat, ("bankruptcy.forced_sale",),
             f"ขายบังคับการ์ด {tables().powers.kind_th[kind]} สี{w.board.colour_th[colour]} ได้ {price} Silver",
             f"forced sale of {colour} {kind} for {price} Silver", colour=colour, kind=kind, price=price)
        if kind == "land" and len(w.players[seat].hand) > territory_limit(w, seat):
            w.queue.insert(0, Pending("discard", seat))
        if debt > part:
            from .money import owe
            owe(w, seat, debt - part, to)
    elif typ == "queen_move":
        colour, target = q.get("colour"), a["target"]
        p = w.players[seat]
        amount = p.deposits[w.cidx(colour)]
        p.deposits[w.cidx(colour)] = 0
        if target == "cash":
            p.cash += amount
        else:
            p.deposits[w.cidx(target)] += amount
        emit(w, "queen_move", seat, ("power_card.queen", "collapse.deposits_lost"),
             f"Queen: ย้ายเงินฝาก {amount} Silver ออกจากสี{w.board.colour_th[colour]}ไป {target} ฟรี",
             f"Queen: moves {amount} Silver out of {colour} to {target} free", colour=colour, target=target,
             amount=amount)
    elif typ == "discard_territory":
        _discard_card(w, seat, a["card"])
        emit(w, "discard", seat, ("income.sell_land",), f"ทิ้งการ์ด {a['card']}", f"discards {a['card']}",
             card=a["card"])


def act_end_of_round(w, seat: int, a: dict) -> None:
    typ = a["type"]
    p = w.players[seat]
    if typ == "sell_power":
        colour, kind = a["colour"], a["kind"]
        price = card_value(w, colour) + 3
        return_power(w, seat, colour, kind)
        receive(w, seat, price)
        p.sold = True
        emit(w, "sell_power", seat, ("income.sell_power",),
             f"ขายการ์ด {tables().powers.kind_th[kind]} สี{w.board.colour_th[colour]} ได้ {price} Silver (มูลค่า + 3)",
             f"sells {colour} {kind} for {price} Silver (value + 3)", colour=colour, kind=kind, price=price)
        if kind == "land" and p.hand:
            w.queue.insert(0, Pending("discard", seat))
        w.resume = "next_sell"
    elif typ == "no_sell":
        w.resume = "next_sell"
    elif typ == "deposit":
        colour, amount = a["colour"], a["amount"]
        p.cash -= amount
        p.deposits[w.cidx(colour)] += amount
        emit(w, "deposit", seat, ("income.declare_deposits", "money.deposit_rest", "money.deposit_where",
                                  "money.deposit_definition"),
             f"ฝาก {amount} Silver กับอาณาจักรสี{w.board.colour_th[colour]} (ประกาศให้ทุกคนเห็น)",
             f"deposits {amount} Silver with {colour} (declared openly)", colour=colour, amount=amount)
        if p.cash <= CASH_LIMIT:
            next_deposit(w, seat)


def act_chance(w, a: dict) -> None:
    c = w.chance
    kind = a.get("chance")
    if kind == "die":
        colour = a["colour"]
        w.set_turn(dice=w.turn.dice + (colour,))
        emit(w, "die", w.turn.seat, ("phase1.roll_place", "territory.roll_colour") + (
            ("power_card.faith",) if c.count > 1 or len(w.turn.dice) > 1 else ()),
             f"ทอยเต๋าได้สี{w.board.colour_th[colour]}", f"the die shows {colour}", colour=colour)
    elif kind == "territory":
        card = a["card"]
        w.deck.remove(card)
        if c.purpose == "row":
            w.row.append([card, 0])
            emit(w, "reveal", None, ("phase2.reveal",), f"เปิดการ์ด {card} ไว้ที่กองเปิด",
                 f"{card} is revealed to the open row", card=card)
            if len(w.row) >= ROW_SIZE:
                coins = sum(n for _, n in w.row)
                w.discard.extend(x for x, _ in w.row)
                w.bank += coins
                w.row = []
                emit(w, "row_reset", None, ("phase2.row_reset",), "กองเปิดครบ 10 ใบ: รีเซทไปกองทิ้ง",
                     "the open row reached 10 cards: reset to the discard pile", coins=coins)
        else:
            w.players[c.seat].hand.append(card)
            emit(w, "draw", c.seat, ("phase2.take",), f"จั่วการ์ด {card}", f"draws {card}",
                 visible_to=frozenset([c.seat]), card=card)
    elif kind == "power":
        colour, k = a["colour"], a["kind"]
        w.power_decks[w.cidx(colour)][KINDS.index(k)] -= 1
        w.players[c.seat].powers.append((colour, k))
        emit(w, "power_drawn", c.seat, ("phase1.buy_random", "power.buy_random", f"power_card.{k}"),
             f"ได้การ์ด {tables().powers.kind_th[k]} สี{w.board.colour_th[colour]}", f"draws {colour} {k}",
             colour=colour, kind=k)
    w.chance = replace(c, count=c.count - 1) if c.count > 1 else None
    if w.chance is not None and w.chance.kind == "territory":
        refill(w)
        if not w.deck:
            w.chance = None
    if kind == "power" and a["kind"] == "land" and (w.deck or w.discard):
        refill(w)
        w.chance = ChanceReq("territory", 1, "hand", c.seat)
        emit(w, "land_draw", c.seat, ("phase1.land_draw", "power_card.land"), "Land: จั่วการ์ด Territory เพิ่ม 1 ใบทันที",
             "Land: draws one more Territory card at once")


# ----------------------------------------------------------------------------- the game object
class ShadowMasterGame(GameBase):
    """Shadow Master (seed 000) as a :class:`rules.core.protocol.Game`."""

    id = "shadow_master"
    title_th = "Shadow Master"
    title_en = "Shadow Master"
    seed_file = "000_b8613b7166582370.txt"
    min_players = 2
    max_players = 6
    config_model = Config

    def default_config(self, players: int) -> Config:
        return self.make_config({"players": players})

    def new_game(self, config, seed: int) -> State:
        """State after setup (``setup.*``): seeded deal, First Player = seat 0."""
        return new_state(self.make_config(config), seed)

    def setup_events(self, state: State) -> tuple:
        """What setup did, clause by clause (:func:`rules.shadow_master.setup.setup_events`);
        each Territory hand is an event seen by its seat only."""
        from .setup import setup_events
        return setup_events(state)

    def current_player(self, state: State):
        if state.stage == "over":
            return TERMINAL
        if state.chance is not None:
            return CHANCE
        if state.queue:
            return state.queue[0].seat
        if state.stage == "turn":
            return state.turn.seat
        return state.eor_seat

    def legal_actions(self, state: State, player: int) -> list[dict]:
        return A.legal(state, player)

    def chance_outcomes(self, state: State):
        c = state.chance
        if c is None:
            return []
        if c.kind == "die":
            return [({"chance": "die", "colour": col}, 1 / 6) for col in state.board.colours]
        if c.kind == "territory":
            total = len(state.deck)
            counts: dict[str, int] = {}
            for card in state.deck:
                counts[card] = counts.get(card, 0) + 1
            return [({"chance": "territory", "card": k}, n / total) for k, n in sorted(counts.items())]
        deck = state.power_decks[state.cidx(c.colour)]
        total = sum(deck)
        return [({"chance": "power", "colour": c.colour, "kind": k}, n / total)
                for k, n in zip(KINDS, deck) if n]

    def apply(self, state: State, action: dict) -> Transition:
        """Apply a player action or a chance outcome; :class:`IllegalAction` (state untouched)
        for anything not listed by ``legal_actions`` / ``chance_outcomes``."""
        if not isinstance(action, dict):
            raise IllegalAction("phase1.choose_one", "การกระทำต้องเป็น dict", "an action must be a dict")
        cp = self.current_player(state)
        if "chance" in action:
            if cp != CHANCE or all(action != o for o, _ in self.chance_outcomes(state)):
                raise IllegalAction("phase1.roll_place", "ผลสุ่มนี้เป็นไปไม่ได้ตอนนี้",
                                    f"chance outcome {action} is not possible now")
            w = thaw(state)
            act_chance(w, action)
        else:
            seat = action.get("player")
            if not isinstance(seat, int) or action not in A.legal(state, seat):
                raise IllegalAction(*A.explain(state, action))
            w = thaw(state)
            if state.queue:
                act_pending(w, seat, action)
            elif state.stage == "turn":
                act_turn(w, seat, action)
            else:
                act_end_of_round(w, seat, action)
        update_flags(w)
        enforce_limit(w)
        check_end(w)
        advance(w)
        return Transition(w.freeze(), tuple(w.events))

    # --- views ---------------------------------------------------------------------
    def observe(self, state: State, viewer: int | None) -> dict:
        from .observe import observe
        return observe(state, viewer)

    def resample_hidden(self, state: State, viewer: int | None, rng: random.Random) -> State:
        from .observe import resample_hidden
        return resample_hidden(state, viewer, rng)

    def state_to_json(self, state: State) -> dict:
        from .observe import state_to_json
        return state_to_json(state)

    def apply_overrides(self, state: State, overrides) -> State:
        from .overrides import apply_overrides
        return apply_overrides(state, overrides)

    def invariants(self, state: State) -> list[str]:
        from .invariants import invariants
        return invariants(state)

    def returns(self, state: State) -> list[float]:
        """1 shared among the winners when the game is over, else 0 for everyone."""
        n = len(state.players)
        if state.stage != "over":
            return [0.0] * n
        win = winners(state)
        return [1.0 / len(win) if i in win else 0.0 for i in range(n)]

    def score_breakdown(self, state: State) -> dict:
        """``{"players": [{cash, deposits, powers, territory, shadow, total, out}], "winners": [...]}``."""
        return {"players": [breakdown(state, i) for i in range(len(state.players))],
                "winners": winners(state) if state.stage == "over" else []}


GAME = ShadowMasterGame()
