"""Setup of เกมโค่นอำนาจ: the deal (:func:`deal`, :func:`new_state`) and the setup events, what
``new_game`` did clause by clause (cover.players, components.*, details.gold, setup.deal,
setup.first_turn, reformation.*), so a reader sees step 0 of the log explained like every other
step.  ``GAME.new_game`` and ``GAME.setup_events(state)`` call them."""
from __future__ import annotations

from ..core.ambiguity import ambiguity_ref
from ..core.chance import make_rng, shuffle
from ..core.events import emit
from . import reformation as RF
from .config import CoupConfig
from .config import components as config_components
from .state import FACTION, NAMES, TH, TURN, CoupState, rules_for


def deal(R, seed: int) -> tuple[tuple, tuple, int]:
    """``(hands, deck, first)`` of a new game (setup.deal; ambiguity first_player): the deck
    shuffled with ``random.Random(seed)``, ``R.start_cards`` cards to each seat (sorted tuples),
    the rest top first, and the first seat.  Shared by :func:`new_state` and the random-play
    kernel (:mod:`rules.coup.kernel`) so both deal the same game from one seed."""
    rng = make_rng(seed)  # random.Random(seed), built without its Python __init__
    deck = list(R.full_deck)
    shuffle(rng, deck)  # rng.shuffle(deck), the same order
    n, k = R.n, R.start_cards
    hands = tuple([tuple(sorted(deck[i * k:(i + 1) * k])) for i in range(n)])
    first = rng.randrange(n) if R.random_first else 0
    return hands, tuple(deck[n * k:]), first


def new_state(cfg: CoupConfig, seed: int) -> CoupState:
    """Shuffle the deck and deal ``start_cards`` cards and ``start_coins`` coins to each seat
    (setup.deal) with ``random.Random(seed)``; the bank holds the rest (ambiguity treasury_start) but
    for the almshouse's starting coins (ambiguity almshouse_start; none by default).  With the Reformation the first player first picks a faction (phase ``faction``)."""
    R = rules_for(cfg)
    hands, deck, first = deal(R, seed)
    n = R.n
    coins = (R.start_coins,) * n
    empty = ((),) * n
    phase, cur = (FACTION, first) if R.reformation else (TURN, first)
    # CoupState(rules=R, hands=hands, ...) in field order, without the keyword call (every game)
    return _tuple_new(CoupState, (
        R, hands, empty, empty, coins, R.total_coins - sum(coins) - R.start_alms,  # rules hands up buried coins bank
        R.start_alms, deck, (0,) * n if R.reformation else (), first, 1,  # alms deck faction turn turn_no
        coins[first], phase, cur, _NO_WINDOW, _NO_ACT,  # start_coins phase cur window act
        False, -1, -1, -1, -1, (), (),  # forced blocker block_claim challenger claimant todo pool
        -1, (), empty, (), -1, False))  # shown peeks claims hit winner deadlock


_tuple_new = tuple.__new__
_NO_WINDOW = frozenset()
_NO_ACT = ("", -1, -1)
assert CoupState._fields[-6:] == ("shown", "peeks", "claims", "hit", "winner", "deadlock")


def _cards_th(cards) -> str:
    return " และ ".join(TH[c] for c in cards) if len(cards) <= 2 else ", ".join(TH[c] for c in cards)


def _cards_en(cards) -> str:
    return " and ".join(NAMES[c].capitalize() for c in cards)


def _dealt(state: CoupState) -> bool:
    """True when ``state`` is the position setup.deal leaves (hands of ``start_cards``, nothing
    lost, ``start_coins`` each, the almshouse's starting coins - ambiguity almshouse_start): not a
    scenario's own position."""
    R = state.rules
    return (all(len(h) == R.start_cards for h in state.hands) and not any(state.up) and not any(state.buried)
            and all(c == R.start_coins for c in state.coins) and state.alms == R.start_alms)


def setup_events(state: CoupState) -> tuple:
    """The events that explain a fresh game (after :func:`new_state`, or a scenario position
    after ``apply_overrides``), in order:

    ``setup_players`` (cover.players); ``setup_deck``: the character deck (components.character_cards
    under the register's 18-card reading of ``deck_composition``); ``setup_coins``: the money in
    silver units (components.silver, components.gold, details.gold); ``setup_deal``: 2 cards face
    down and 2 coins each (setup.deal) - or, for a scenario's own position, ``setup_position``
    (public seat by seat, citing no clause: the scenario set it, not a rule); ``setup_hand``: one
    per seat, ``visible_to={seat}``, its face-down cards; ``setup_bank`` (the coins no one holds;
    ambiguity treasury_start); with the Reformation ``setup_reformation`` (reformation.heading,
    components.faction_cards, components.almshouse_card, reformation.almshouse) and, for factions a
    scenario set, ``setup_factions``; last ``setup_first_player`` (setup.first_turn, and
    reformation.factions while the factions are still to choose).  ``data`` is JSON-compatible;
    coins are silver units."""
    R = state.rules
    n = R.n
    comp = config_components()
    dealt = _dealt(state)
    out = []
    add = lambda kind, actor, data, cites, th, en, vis=None: emit(out, kind, actor, cites, th, en, vis, **data)  # noqa: E731
    add("setup_players", None, {"players": n}, ("cover.players",),
        f"ผู้เล่น {n} คน (เกมนี้เล่นได้ 2-6 คน) นั่งที่ 1-{n} เรียงตามเข็มนาฬิกา",
        f"{n} players (the game takes 2-6), seats 1-{n} clockwise")
    counts = {NAMES[c]: R.full_deck.count(c) for c in R.deck_chars}
    copies = comp.copies_per_character.value
    size = len(R.full_deck)
    if size == comp.character_cards.value:
        deck_cites = ("components.character_cards",)
        ref_th, ref_en = ambiguity_ref("coup", "deck_composition")
        why_th, why_en = (f"จำนวน {copies} ใบต่อตัวละครเป็นข้อสันนิษฐาน ดู{ref_th}",
                          f"{copies} of each is assumed, see {ref_en}")
    else:
        deck_cites = ()
        ref_th, ref_en = ambiguity_ref("coup", "deck_composition", R.cfg.deck)
        why_th, why_en = (f"ไม่ใช่การ์ด {comp.character_cards.value} ใบในคู่มือ ตาม{ref_th}",
                          f"not the rulebook's {comp.character_cards.value} cards, by {ref_en}")
    add("setup_deck", None, {"cards": size, "characters": counts, "deck": R.cfg.deck}, deck_cites,
        f"สำรับการ์ดตัวละคร {size} ใบ: {len(R.deck_chars)} ตัวละคร ตัวละครละ {copies} ใบ ({why_th})",
        f"a deck of {size} character cards: {len(R.deck_chars)} characters, {copies} of each ({why_en})")
    silver, gold = comp.coins["silver"], comp.coins["gold"]
    add("setup_coins", None, {"silver": silver.count, "gold": gold.count, "gold_value": gold.value,
                              "total": R.total_coins},
        ("components.silver", "components.gold", "details.gold"),
        f"เงิน: โทเค็นเงิน {silver.count} ชิ้น ชิ้นละ 1 เหรียญเงิน และโทเค็นทอง {gold.count} ชิ้น "
        f"(1 เหรียญทอง = {gold.value} เหรียญเงิน) รวม {R.total_coins} เหรียญเงิน; ทุกจำนวนเงินนับเป็นเหรียญเงิน",
        f"money: {silver.count} silver tokens worth 1 and {gold.count} gold tokens worth {gold.value} silver "
        f"each, {R.total_coins} in all; every amount is counted in silver")
    if dealt:
        add("setup_deal", None, {"cards_per_player": R.start_cards, "coins_per_player": R.start_coins,
                                 "deck_left": len(state.deck)}, ("setup.deal",),
            f"สับสำรับแล้วแจกการ์ดตัวละครคนละ {R.start_cards} ใบ (คว่ำไว้ เจ้าของดูได้คนเดียว) "
            f"และเงินคนละ {R.start_coins} เหรียญ เหลือการ์ดในกอง {len(state.deck)} ใบ",
            f"the deck is shuffled; each player gets {R.start_cards} character cards face down (seen by "
            f"their owner only) and {R.start_coins} coins; {len(state.deck)} cards stay in the deck")
    else:
        seats = [{"seat": s, "cards": len(state.hands[s]), "lost": [NAMES[c] for c in state.up[s]],
                  "coins": state.coins[s]} for s in range(n)]
        th = "; ".join(f"ที่นั่ง {s + 1}: การ์ดคว่ำ {len(state.hands[s])} ใบ"
                       + (f" เสีย{_cards_th(state.up[s])}แล้ว" if state.up[s] else "")
                       + f" เงิน {state.coins[s]}" for s in range(n))
        en = "; ".join(f"seat {s + 1}: {len(state.hands[s])} face-down card(s)"
                       + (f", lost {_cards_en(state.up[s])}" if state.up[s] else "")
                       + f", {state.coins[s]} coins" for s in range(n))
        add("setup_position", None, {"players": seats, "deck_left": len(state.deck)}, (),
            f"ตำแหน่งเริ่มที่สถานการณ์กำหนด (ไม่ใช่การแจกตามกติกา): {th}; การ์ดในกอง {len(state.deck)} ใบ",
            f"the scenario's own starting position (not a rule's deal): {en}; {len(state.deck)} cards in the deck")
    hand_cites = ("setup.deal",) if dealt else ()
    for s in range(n):
        hand = state.hands[s]
        add("setup_hand", s, {"seat": s, "cards": [NAMES[c] for c in hand]}, hand_cites,
            f"ที่นั่ง {s + 1} {'ได้' if dealt else 'ถือ'}การ์ด {_cards_th(hand)}" if hand else f"ที่นั่ง {s + 1} ไม่มีการ์ดคว่ำ",
            f"seat {s + 1} {'is dealt' if dealt else 'holds'} {_cards_en(hand)}" if hand else f"seat {s + 1} holds no face-down card",
            frozenset((s,)))
    held = sum(state.coins) + state.alms
    held_th = f"{held} ที่ผู้เล่นถือ" + ("และอยู่บนที่พักพิง" if state.alms else "")
    held_en = f"{held} held by the players" + (" and the almshouse" if state.alms else "")
    if R.unlimited:
        ref_th, ref_en = ambiguity_ref("coup", "treasury_start", "unlimited")
        bank_th = (f"ธนาคารจ่ายได้ไม่จำกัด ({ref_th}); นับเริ่มที่ {state.bank} "
                   f"เหรียญ = {R.total_coins} - {held_th}")
        bank_en = (f"the bank pays without limit ({ref_en}); its count "
                   f"starts at {state.bank} = {R.total_coins} - {held_en}")
    else:
        ref_th, ref_en = ambiguity_ref("coup", "treasury_start")
        bank_th = f"ธนาคารถือเงินที่เหลือ {state.bank} เหรียญ = {R.total_coins} - {held_th} ({ref_th})"
        bank_en = f"the bank holds the rest: {state.bank} coins = {R.total_coins} - {held_en} ({ref_en})"
    add("setup_bank", None, {"bank": state.bank, "treasury": R.cfg.treasury},
        ("components.silver", "components.gold", "details.gold"), bank_th, bank_en)
    if R.reformation:
        faction_cards = comp.model_extra["faction_cards"]["value"]
        # the rulebook places the card (reformation.almshouse) but never says what it starts with:
        # ambiguity almshouse_start (a reader is told so in words, never the data file's name)
        if state.alms != R.start_alms:
            alms_th = f"มีเงิน {state.alms} เหรียญตามที่สถานการณ์กำหนด"
            alms_en = f"holding {state.alms} coins, as the scenario sets"
        elif R.start_alms:
            ref_th, ref_en = ambiguity_ref("coup", "almshouse_start", R.cfg.almshouse)
            alms_th = f"มีเงิน {state.alms} เหรียญจากธนาคาร ตาม{ref_th}"
            alms_en = f"holding {state.alms} coins from the bank, by {ref_en}"
        else:  # the default reading: the register's entry named as treasury_start's is (setup_bank)
            ref_th, ref_en = ambiguity_ref("coup", "almshouse_start")
            alms_th = f"เริ่มว่าง ตามที่โครงการสันนิษฐานไว้ (คู่มือไม่ได้บอก เหมือนในเกมฉบับตีพิมพ์) ดู{ref_th}"
            alms_en = ("empty at the start, as the project assumes (the rulebook does not say; as in the published "
                       f"game), see {ref_en}")
        add("setup_reformation", None, {"almshouse": state.alms, "faction_cards": faction_cards,
                                        "almshouse_start": R.cfg.almshouse},
            ("reformation.heading", "components.faction_cards", "components.almshouse_card", "reformation.almshouse"),
            f"เล่นแบบการปฏิรูปศาสนา: ผู้เล่นแต่ละคนถือการ์ดศาสนา 1 ใบ (มี {faction_cards} ใบ) "
            f"และวางการ์ดที่พักพิงไว้ตรงกลาง {alms_th}",
            f"the Reformation is played: each player holds a faction card ({faction_cards} in the box) "
            f"and the almshouse card lies in the middle, {alms_en}")
        if state.phase != FACTION:
            add("setup_factions", None, {"factions": list(state.faction)}, (),
                "ศาสนาที่สถานการณ์กำหนด: " + ", ".join(f"ที่นั่ง {s + 1} {RF.FACTION_TH[f]}" for s, f in enumerate(state.faction)),
                "factions set by the scenario: " + ", ".join(f"seat {s + 1} {RF.FACTION_EN[f]}"
                                                            for s, f in enumerate(state.faction)))
    t = state.turn
    if not dealt or (R.cfg.first_player == "seat0" and t != 0):
        how_th, how_en = "ตามที่สถานการณ์กำหนด", "as the scenario sets"
    else:
        ref_th, ref_en = ambiguity_ref("coup", "first_player")
        how_th, how_en = ((f"สุ่มตาม{ref_th}", f"drawn at random, by {ref_en}") if R.random_first
                          else (f"ที่นั่งแรกตาม{ref_th}", f"the first seat, by {ref_en}"))
    if state.phase == FACTION:
        if R.each_chooses:
            ref_th, ref_en = ambiguity_ref("coup", "faction_choice")
            rest_th = f"ผู้เล่นที่เหลือเลือกศาสนาของตนเองทีละคนตามเข็มนาฬิกา ({ref_th})"
            rest_en = f"the others each pick their own, one at a time clockwise ({ref_en})"
        else:
            rest_th, rest_en = "ผู้เล่นที่เหลือได้ศาสนาสลับกันไป", "the others alternate"
        add("setup_first_player", None, {"seat": t, "factions_first": True},
            ("setup.first_turn", "reformation.factions"),
            f"ผู้เล่นคนแรกคือที่นั่ง {t + 1} ({how_th}): เลือกศาสนาก่อน {rest_th} "
            f"แล้วที่นั่ง {t + 1} จึงเลือกทำการกระทำแรก",
            f"the first player is seat {t + 1} ({how_en}): it first picks a faction, {rest_en}, "
            f"then seat {t + 1} chooses the first action")
    else:
        add("setup_first_player", None, {"seat": t, "factions_first": False}, ("setup.first_turn",),
            f"ผู้เล่นคนแรกคือที่นั่ง {t + 1} ({how_th}): เลือกทำหนึ่งในการกระทำ",
            f"the first player is seat {t + 1} ({how_en}): it chooses one action")
    return tuple(out)


