"""A new game of New World and the events that explain it (setup.*, components.*, ireland.setup_*).

All setup randomness comes from ``random.Random(seed)``: each colour's tiles shuffled face down
(setup.set_aside_two), the mission deck (setup.board_and_missions), Ireland's public missions and
round-tower bonus tiles (ireland.setup_public_missions), the first player under
first_player=random_seat.
"""
from __future__ import annotations

import random

from ..core.events import emit
from ..core.protocol import Event
from .board import board_for
from .config import (FOUR_PLAYER_BOX, PUBLIC_FACE_UP, SET_ASIDE, SOURCES, TOWER_BONUSES, TRIBE_PILE, Config)
from .labels import SOURCE_WORDS, seat_name, tile_name
from .missions import card_text, load_cards, public_ids, secret_ids
from .state import PLACE, State, Work
from .tiles import COVERED, EMPTY, KIND, NAMES, mix_of
from .turn import begin_turn


def new_state(config: Config, seed: int) -> State:
    rng = random.Random(seed)
    n = config.players
    board = board_for(config)
    cards = load_cards(config.mission_cards)
    ireland = config.side == "ireland"
    mix = mix_of(config)
    hands, piles, aside, tribe, boxed = [], [], [], [], []
    for _ in range(n):
        tiles = list(mix)
        out = []
        if n == 4:
            for name in FOUR_PLAYER_BOX:
                tiles.remove(KIND[name])
                out.append(KIND[name])
        rng.shuffle(tiles)
        if ireland:
            extra = [tiles.pop() for _ in range(SET_ASIDE)] if config.ireland_tribe_pile == "in_addition" else []
            tr = [tiles.pop() for _ in range(TRIBE_PILE)]
        else:
            extra, tr = [tiles.pop() for _ in range(SET_ASIDE)], []
        hand = [tiles.pop()]
        hands.append(tuple(hand)), piles.append(tuple(tiles)), aside.append(tuple(extra))
        tribe.append(tuple(tr)), boxed.append(tuple(out))
    cells = [EMPTY] * len(board.cells)
    if n == 2:
        for i in board.yellow:
            cells[i] = COVERED
    deck = list(secret_ids(cards)) if (not ireland or config.ireland_cathedrals == "secret_missions") else []
    rng.shuffle(deck)
    public, public_deck, bonuses = (), (), ()
    if ireland:
        ids = list(public_ids(cards))
        rng.shuffle(ids)
        public, public_deck = tuple(ids[:PUBLIC_FACE_UP]), tuple(ids[PUBLIC_FACE_UP:])
        bl = [b for b, k in TOWER_BONUSES.items() for _ in range(k)]
        rng.shuffle(bl)
        bonuses = tuple(bl)
    first = rng.randrange(n) if config.first_player == "random_seat" else 0
    return State(config, tuple(cells), tuple(hands), tuple(piles), tuple(aside), tuple(tribe), tuple(boxed),
                 (0,) * n, ((0,) * len(SOURCES),) * n, turn=first, first=first,
                 castle_holder=(-1,) * len(board.castles), cathedral_marks=(0,) * len(board.cathedrals),
                 missions=((),) * n, mission_deck=tuple(deck), public=public, public_deck=public_deck,
                 public_done=((),) * len(public), doubled=(None,) * n, tower_bonus=bonuses,
                 tower_used=(0,) * n, set_claimed=(frozenset(),) * n, draw_three=(False,) * n, stage=PLACE)


def settle(s: State) -> State:
    """The state with the turn begun (a scenario position may need a seat skipped)."""
    w = Work(s)
    begin_turn(w, [])
    return w.freeze()


def setup_events(s: State) -> tuple[Event, ...]:
    log: list = []
    cfg, board, n = s.config, s.board, s.players
    ireland = cfg.side == "ireland"
    side_th = "ไอร์แลนด์" if ireland else "สกอตแลนด์"
    emit(log, "board", None, ("components.board_and_cards", "setup.board_and_missions")
         + (("ireland.overview",) if ireland else ()),
         f"กระดานหงายด้าน{side_th} ({len(board.cells)} ช่อง แผนที่สมมติ)",
         f"the board shows the {cfg.side.capitalize()} side ({len(board.cells)} cells, an assumed map)",
         side=cfg.side, cells=len(board.cells), assumed=board.assumed)
    shut = [i for i, ic in enumerate(board.icon) if ic in ("cathedral", "castle", "water", "tower")]
    emit(log, "forbidden_cells", None, ("placement.forbidden_cells",),
         f"ช่องมหาวิหาร ปราสาท น้ำ{' และหอคอย' if ireland else ''} {len(shut)} ช่อง: ห้ามวางไทล์",
         f"{len(shut)} cathedral, castle, water{' and tower' if ireland else ''} cells: no tile may go there",
         cells=len(shut))
    if s.mission_deck:
        emit(log, "missions_shuffled", None, ("setup.board_and_missions", "components.board_and_cards"),
             f"สับการ์ดภารกิจ {len(s.mission_deck)} ใบวางคว่ำบนกระดาน",
             f"the {len(s.mission_deck)} mission cards are shuffled face down on the board", cards=len(s.mission_deck))
    emit(log, "pieces", None, ("setup.player_pieces", "components.pieces", "components.tiles"),
         f"ผู้เล่น {n} คน แต่ละคนรับไทล์ 36 แผ่น ปราสาท มหาวิหาร และกระดานเผ่าสีตัวเอง ตัวนับแต้มที่ 0",
         f"{n} players, each with 36 tiles, castles, cathedrals and a tribe board of their colour; scores at 0",
         players=n, tile_mix=cfg.tile_mix)
    preset = [(seat, k, v) for seat, row in enumerate(s.sources) for k, v in zip(SOURCES, row) if v]
    if preset:  # a scenario's setup set scores (overrides): the table shows them from the start
        words = {lang: " · ".join(f"{seat_name(seat)[lang]} {SOURCE_WORDS[k][lang]} {v}"
                                  for seat, k, v in preset) for lang in (0, 1)}
        emit(log, "scores_set", None, ("setup.player_pieces",),
             f"ตัวอย่างนี้เริ่มโดยตั้งแต้มไว้แล้ว ไม่ใช่ 0: {words[0]}",
             f"this example starts with scores set, not 0: {words[1]}",
             sources=[dict(zip(SOURCES, row)) for row in s.sources])
    if n == 2:
        emit(log, "yellow_covered", None, ("setup.two_player_blocked_cells",) + (("ireland.setup_public_missions",) if ireland else ()),
             f"เล่น 2 คน: ไทล์สีที่ไม่มีคนใช้ {len(board.yellow)} แผ่นคว่ำปิดช่องเหลือง",
             f"two players: {len(board.yellow)} tiles of an unused colour cover the yellow cells face down",
             cells=[list(board.cells[i]) for i in board.yellow])
    if n == 4:
        emit(log, "tiles_boxed", None, ("setup.tiles_by_player_count",),
             "เล่น 4 คน: แต่ละคนเก็บฟาร์มพลังงาน 3 ฟาร์มอาหาร 3 นิคมค่า 2 3 4 อย่างละ 1 เข้ากล่อง",
             "four players: each boxes 3 energy farms, 3 food farms and one settlement each of 2, 3, 4",
             tiles=[NAMES[k] for k in s.boxed[0]])
    else:
        emit(log, "all_tiles", None, ("setup.tiles_by_player_count",), f"เล่น {n} คนใช้ไทล์ครบทุกแผ่น",
             f"{n} players use every tile")
    if ireland:
        cards = load_cards(cfg.mission_cards)
        emit(log, "public_missions", None, ("ireland.setup_public_missions", "components.ireland"),
             "เปิดการ์ดภารกิจสาธารณะ 8 ใบ: " + " · ".join(card_text(cards[c])[0] for c in s.public),
             "8 public missions face up: " + " · ".join(card_text(cards[c])[1] for c in s.public),
             cards=list(s.public))
        emit(log, "tower_bonuses", None, ("ireland.setup_public_missions", "ireland.round_tower_bonus", "components.ireland"),
             "สุ่มวางไทล์โบนัสหอคอยกลมหงายบนหอคอยทุกแห่ง แต่ละคนรับป้ายคูณสอง",
             "the round-tower bonus tiles are placed face up at random; each player takes a double marker",
             towers={board.names[board.towers[t]]: b for t, b in enumerate(s.tower_bonus)})
    for seat in range(n):
        th, en = seat_name(seat)
        if s.aside[seat]:
            emit(log, "set_aside", seat, ("setup.set_aside_two",),
                 f"{th} พักไทล์ {len(s.aside[seat])} แผ่นคว่ำบนกระดานเผ่า (ไม่ใช้ในเกม): "
                 + ", ".join(tile_name(k)[0] for k in s.aside[seat]),
                 f"{en} sets {len(s.aside[seat])} tiles aside face down (out of the game): "
                 + ", ".join(tile_name(k)[1] for k in s.aside[seat]),
                 visible_to=frozenset({seat}), tiles=[NAMES[k] for k in s.aside[seat]])
        if s.tribe[seat]:
            emit(log, "tribe_pile", seat, ("ireland.setup_tribe_pile",),
                 f"{th} ดูไทล์ 4 แผ่นแล้วสับคว่ำบนกระดานเผ่า: " + ", ".join(tile_name(k)[0] for k in sorted(s.tribe[seat])),
                 f"{en} looks at 4 tiles and shuffles them face down on the tribe board: "
                 + ", ".join(tile_name(k)[1] for k in sorted(s.tribe[seat])),
                 visible_to=frozenset({seat}), tiles=sorted(NAMES[k] for k in s.tribe[seat]))
        emit(log, "first_hand", seat, ("setup.first_hand",) + (("ireland.setup_tribe_pile",) if ireland else ()),
             f"{th} จั่วไทล์เข้ามือ: " + ", ".join(tile_name(k)[0] for k in s.hands[seat]),
             f"{en} draws into hand: " + ", ".join(tile_name(k)[1] for k in s.hands[seat]),
             visible_to=frozenset({seat}), tiles=[NAMES[k] for k in s.hands[seat]])
    placed = sum(1 for v in s.cells if v >= 0)
    if placed:  # a scenario position: what the scenario set is no rule, so it cites no clause
        emit(log, "position", None, (), f"ตำแหน่งของสถานการณ์: มีไทล์บนกระดานแล้ว {placed} แผ่น",
             f"the scenario's position: {placed} tiles already on the board", tiles=placed)
    th, en = seat_name(s.turn)
    emit(log, "first_player", s.turn, ("setup.first_player",), f"{th} เริ่มก่อน แล้ววนตามเข็มนาฬิกา",
         f"{en} starts; play goes clockwise", seat=s.turn)
    return tuple(log)
