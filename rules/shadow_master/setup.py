"""Shadow Master setup: the new state (:func:`new_state`, clauses ``setup.*``) and the events that
explain a fresh game (:func:`setup_events`, ``GAME.setup_events``).

``new_game`` emits no event, so what setup did is told here, clause by clause, from the state
itself: as :func:`new_state` leaves it, or a scenario's own position
after ``apply_overrides`` (then the parts the scenario set are said to be set by it and cite no
clause: no rule decided them).  Territory hands are hidden: each is one event seen by its seat.
"""
from __future__ import annotations

import random

from rules.core.ambiguity import ambiguity_ref
from rules.core.base import player_words
from rules.core.events import emit
from rules.core.protocol import Event

from . import board as B
from .config import Config
from .constants import START_SILVER
from .state import BANK_START, Player, State, Turn
from .tables import KINDS, PERSONS, tables


def all_territory_cards(config: Config) -> list[str]:
    """The Territory deck: one card per map cell plus the X (alliance) cards (assumed count)."""
    return sorted(list(config.get_board().cells) + ["X"] * config.x_cards())


def new_state(config: Config, seed: int) -> State:
    """``setup.*``: board, Territory deck shuffled and dealt to the limit, 10 Silver each
    (``setup.starting_silver``), no Kingdom Power and no Shadow Master card; the First Player is
    seat 0 or drawn from the seed after the deal (ambiguity first_player, order.rounds_first_player)."""
    board = config.get_board()
    rng = random.Random(seed)
    deck = all_territory_cards(config)
    rng.shuffle(deck)
    limit = config.territory_limit_base()
    players = []
    for i in range(config.players):
        hand, deck = deck[:limit], deck[limit:]
        players.append(Player(cash=START_SILVER, deposits=(0,) * len(board.colours), hand=tuple(sorted(hand))))
    per = tables().powers.per_colour(config.power_deck)   # ambiguity power_deck
    first = rng.randrange(config.players) if config.first_player == "random" else 0
    return State(
        config=config, seed=seed, position=B.empty_position(board),
        supply=(board.tokens_per_colour,) * len(board.colours), black_supply=board.black_tokens,
        alliances=tuple(() for _ in board.x_cells), castles=(),
        castle_supply=tuple(range(1, tables().shadow.castles + 1)), person_supply=tuple(sorted(PERSONS)),
        players=tuple(players), deck=tuple(sorted(deck)), discard=(), row=(),
        power_decks=tuple(tuple(per[k] for k in KINDS) for _ in board.colours),
        bank=BANK_START - START_SILVER * config.players, turn=Turn(seat=first), first_player=first,
    )


def _who(seat: int) -> tuple[str, str]:
    """(Thai, English) name of a seat in an event text: the engine's ``seat_words``."""
    return player_words(seat)


def setup_events(s: State) -> tuple[Event, ...]:
    """The setup of ``s`` as events, in order (``data`` is JSON-compatible, money in Silver):

    ``setup_board`` (players.board_by_count, setup.board, board.hex_cells, board.kingdom_cells: the
    assumed board of ambiguity ``board_by_count``); ``setup_alliance_cells`` (board.alliance_cells);
    ``setup_silver`` (setup.starting_silver), or ``setup_money`` for money a scenario set;
    ``setup_deal`` (setup.deal_territory: the Territory deck shuffled and dealt to the Territory
    Limit), or ``setup_hands`` for hands a scenario set; ``setup_hand``: one per seat,
    ``visible_to={seat}``, its Territory cards; ``setup_no_powers`` (setup.no_powers), or
    ``setup_powers`` for Powers and Shadow Master cards a scenario gave; ``setup_position`` when a
    scenario set tokens, alliances, castles, the round or the open row; last
    ``setup_first_player`` (order.rounds_first_player).
    """
    board, cfg = s.board, s.config
    n = len(s.players)
    out: list[Event] = []
    colours_th = " ".join(board.colour_th[c] for c in board.colours)
    board_th, board_en = ambiguity_ref("shadow_master", "board_by_count", cfg.board)
    assumed_th = f"ขนาดกระดานและจำนวนโทเคนเป็นข้อสันนิษฐาน {board_th}"
    assumed_en = f"board size and token counts are assumed, {board_en}"
    if board.players == n:
        head_th, head_en = f"ตั้งกระดานตามจำนวนผู้เล่น {n} คน", f"the board for {n} players"
    else:
        head_th = f"ตั้งกระดานของผู้เล่น {board.players} คน (ใหญ่สุด) สำหรับเกม {n} คน"
        head_en = f"the {board.players}-player (largest) board for a {n}-player game"
    emit(out, 
        "setup_board", None, ("players.board_by_count", "setup.board", "board.hex_cells", "board.kingdom_cells"),
        f"{head_th}: ช่องหกเหลี่ยม {len(board.rows)} แถว ({board.rows[0]}-{board.rows[-1]}) "
        f"แถวละ {board.columns} ช่อง รวม {len(board.cells)} ช่อง ({board.cells[0]}-{board.cells[-1]} ตามการ์ด Territory) "
        f"ไว้วางโทเคนของอาณาจักร {len(board.colours)} สี ({colours_th}) สีละ {board.tokens_per_colour} ตัว "
        f"และโทเคนดำ {board.black_tokens} ตัว ({assumed_th})",
        f"{head_en}: {len(board.rows)} rows ({board.rows[0]}-{board.rows[-1]}) of {board.columns} "
        f"hex cells, {len(board.cells)} cells ({board.cells[0]}-{board.cells[-1]}, named by Territory card) for the "
        f"tokens of {len(board.colours)} kingdoms ({', '.join(board.colours)}), {board.tokens_per_colour} tokens "
        f"each, and {board.black_tokens} black tokens ({assumed_en})",
        players=n, board=cfg.board, rows=board.rows, columns=board.columns, cells=len(board.cells),
        colours=list(board.colours), tokens_per_colour=board.tokens_per_colour, black_tokens=board.black_tokens)
    xs = list(board.x_cells)
    emit(out, 
        "setup_alliance_cells", None, ("board.alliance_cells",),
        f"ช่อง X สำหรับผูกพันธมิตร: {', '.join(xs)} (อยู่นอกแผนที่ จำนวนช่องเป็นข้อสันนิษฐาน"
        f" {ambiguity_ref('shadow_master', 'board_by_count')[0]})",
        f"alliance cells: {', '.join(xs)} (off the map; their number is assumed,"
        f" {ambiguity_ref('shadow_master', 'board_by_count')[1]})", x_cells=xs)

    # money
    if all(p.cash == START_SILVER and not any(p.deposits) for p in s.players):
        emit(out, "setup_silver", None, ("setup.starting_silver",),
                          f"ผู้เล่นแต่ละคนเริ่มด้วยเงินสด {START_SILVER} Silver",
                          f"each player starts with {START_SILVER} Silver in cash", silver=START_SILVER)
    else:
        rows = [(i, p.cash, {c: p.deposits[k] for k, c in enumerate(board.colours) if p.deposits[k]})
                for i, p in enumerate(s.players)]
        emit(out, 
            "setup_money", None, (),
            "เงินที่สถานการณ์กำหนด: " + "; ".join(
                f"{_who(i)[0]} เงินสด {cash}" + (" ฝาก " + ", ".join(f"{board.colour_th[c]} {v}" for c, v in dep.items())
                                                if dep else "") for i, cash, dep in rows),
            "money set by the scenario: " + "; ".join(
                f"{_who(i)[1]} {cash} cash" + (", deposits " + ", ".join(f"{c} {v}" for c, v in dep.items())
                                              if dep else "") for i, cash, dep in rows),
            players=[{"seat": i, "cash": cash, "deposits": dep} for i, cash, dep in rows])

    # Territory cards
    limit = cfg.territory_limit_base()
    cards = len(board.cells) + cfg.x_cards()
    dealt = all(len(p.hand) == limit for p in s.players)
    if dealt:
        emit(out, 
            "setup_deal", None, ("setup.deal_territory",),
            f"สับกอง Territory {cards} ใบ (ช่องละ 1 ใบ และการ์ด X {cfg.x_cards()} ใบ) แล้วแจกคนละ {limit} ใบ "
            f"ตาม Territory Limit เหลือในกอง {len(s.deck)} ใบ (Territory Limit และจำนวนการ์ด X เป็นข้อสันนิษฐาน "
            f"{ambiguity_ref('shadow_master', 'territory_limit')[0]})",
            f"the Territory deck of {cards} cards (one per cell and {cfg.x_cards()} X cards) is shuffled and each "
            f"player is dealt {limit}, the Territory Limit; {len(s.deck)} stay in the deck (the limit and the X "
            f"count are assumed, {ambiguity_ref('shadow_master', 'territory_limit')[1]})",
            cards=cards, x_cards=cfg.x_cards(), per_player=limit, deck_left=len(s.deck))
    else:
        emit(out, 
            "setup_hands", None, (),
            "การ์ด Territory ในมือที่สถานการณ์กำหนด: " + ", ".join(
                f"{_who(i)[0]} {len(p.hand)} ใบ" for i, p in enumerate(s.players)) + f"; ในกอง {len(s.deck)} ใบ",
            "Territory hands set by the scenario: " + ", ".join(
                f"{_who(i)[1]} {len(p.hand)}" for i, p in enumerate(s.players)) + f"; {len(s.deck)} in the deck",
            hand_sizes=[len(p.hand) for p in s.players], deck_left=len(s.deck))
    for i, p in enumerate(s.players):
        th, en = _who(i)
        listed = ", ".join(p.hand) or "-"
        emit(out, "setup_hand", i, ("setup.deal_territory",) if dealt else (),
                          f"{th} {'ได้รับ' if dealt else 'ถือ'}การ์ด Territory: {listed}",
                          f"{en} {'is dealt' if dealt else 'holds'} Territory cards: {listed}",
                          frozenset((i,)), seat=i, cards=list(p.hand))

    # Kingdom Powers and Shadow Master cards
    if not any(p.powers or p.persons or p.castles for p in s.players):
        emit(out, "setup_no_powers", None, ("setup.no_powers",),
                          "เริ่มเกมโดยยังไม่มีใครถือ Kingdom Power หรือการ์ด Shadow Master",
                          "no one holds a Kingdom Power or a Shadow Master card at the start")
    else:
        kind_th = tables().powers.kind_th
        held = [(i, p) for i, p in enumerate(s.players) if p.powers or p.persons or p.castles]
        emit(out, 
            "setup_powers", None, (),
            "การ์ดที่สถานการณ์กำหนด: " + "; ".join(
                f"{_who(i)[0]} " + ", ".join([f"{kind_th[k]} สี{board.colour_th[c]}" for c, k in p.powers]
                                             + list(p.persons) + [f"ปราสาท {c}" for c in p.castles])
                for i, p in held),
            "cards set by the scenario: " + "; ".join(
                f"{_who(i)[1]} " + ", ".join([f"{c} {k}" for c, k in p.powers] + list(p.persons)
                                             + [f"castle {c}" for c in p.castles]) for i, p in held),
            players=[{"seat": i, "powers": [list(x) for x in p.powers], "persons": list(p.persons),
                      "castles": list(p.castles)} for i, p in held])

    # a scenario's own board, alliances, castles, round or row
    set_th, set_en = [], []
    if len(s.position):
        per = {}
        for _cell, (colour, count) in s.position.items():
            per[colour] = per.get(colour, 0) + count
        set_th.append(f"โทเคนบนกระดาน {sum(per.values())} ตัวใน {len(s.position)} ช่อง ("
                      + ", ".join(f"{board.colour_th[c]} {v}" for c, v in per.items()) + ")")
        set_en.append(f"{sum(per.values())} tokens in {len(s.position)} cells ("
                      + ", ".join(f"{c} {v}" for c, v in per.items()) + ")")
    allied = {x: list(a) for x, a in zip(board.x_cells, s.alliances) if a}
    if allied:
        set_th.append("พันธมิตร " + "; ".join(f"{x}: {' '.join(board.colour_th[c] for c in a)}" for x, a in allied.items()))
        set_en.append("alliances " + "; ".join(f"{x}: {', '.join(a)}" for x, a in allied.items()))
    if s.castles:
        set_th.append("ปราสาทที่ " + ", ".join(c.cell for c in s.castles))
        set_en.append("castles on " + ", ".join(c.cell for c in s.castles))
    if s.round != 1:
        set_th.append(f"รอบที่ {s.round}")
        set_en.append(f"round {s.round}")
    if s.row:
        set_th.append(f"กองเปิด {len(s.row)} ใบ")
        set_en.append(f"{len(s.row)} cards in the open row")
    if set_th:
        emit(out, "setup_position", None, (),
                          "ตำแหน่งเริ่มที่สถานการณ์กำหนด: " + "; ".join(set_th),
                          "the scenario's own starting position: " + "; ".join(set_en),
                          tokens=sum(v for _c, (_k, v) in s.position.items()),
                          cells=len(s.position), alliances=allied, castles=[c.cell for c in s.castles],
                          round=s.round, row=len(s.row))

    fp = s.first_player
    th, en = _who(fp)
    emit(out, "setup_first_player", None, ("order.rounds_first_player",),
                      f"{th} ถือ First Player: เริ่มเล่นก่อน แล้วผู้เล่นเล่นตามเข็มนาฬิกาจนครบทุกคน",
                      f"{en} holds the First Player: plays first, then the others clockwise", seat=fp)
    return tuple(out)
