"""Shadow Master refusals say the one reason that applies, under the clause that governs it.

Targeted setups (``apply_overrides``): phase 2's and phase 3's take of an open card too dear to
pass to (the amount owed and the Silver held) or not in the row; drawing at phase 3's take
(``phase3.take``, not phase 2's rule); the X combo without an X card names the missing card
before the cell's problem (the combo is "X + (A?-N?)": ``territory_combo.x_plus_cell``)."""
from __future__ import annotations

from rules.shadow_master import GAME
from rules.shadow_master.state import thaw

RED3 = {"E3": ["red", 1], "E4": ["red", 1], "E5": ["red", 1]}
ROLL_RED = ({"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})


def start(n=4, seed=3, cfg=None, **over):
    s = GAME.new_game(GAME.make_config({"players": n, **(cfg or {})}), seed)
    return GAME.apply_overrides(s, {"first_player": 0, **over})


def play(s, *actions):
    for a in actions:
        s = GAME.apply(s, a).state
    return s


def refusal(s, action):
    why = GAME.explain_illegal(s, action)
    assert why is not None, action
    return why.clause, why.message_th, why.message_en


def phase_two(cash, row=("A1", "A2", "A3", "A4")):
    """Seat 0 at phase 2's take (one card to take), ``cash`` Silver, no deposits, open ``row``."""
    s = start(board=RED3, row=[[c, 0] for c in row],
              players={"0": {"hand": ["E6", "B1", "B2", "B3", "B4"], "cash": cash}})
    s = play(s, *ROLL_RED, {"player": 0, "type": "place", "cell": "E6", "colour": "red"})
    if s.turn.step == "buy":   # the offer is skipped when the purchase is not possible
        s = play(s, {"player": 0, "type": "no_buy"})
    s = play(s, GAME.chance_outcomes(s)[0][0])   # the open row's reveal
    assert s.turn.step == "phase2" and s.turn.to_take == 1 and sum(s.players[0].deposits) == 0
    return s


def test_phase_two_take_too_dear_says_the_cost_and_the_silver_held():
    s = phase_two(cash=1)
    n = len(s.row)
    assert n >= 4
    take = {"player": 0, "type": "take_open", "index": 3}
    assert take not in GAME.legal_actions(s, 0)
    clause, th, en = refusal(s, take)
    assert clause == "phase2.pass_cost"
    assert th == ("เงินไม่พอจ่ายค่าข้าม: ต้องวาง 3 Silver (ใบละ 1 สำหรับ 3 ใบที่ข้าม) แต่มีเงินที่ใช้ได้ 1 Silver")
    assert en == "not enough Silver to pass the cards before it: 3 Silver owed (1 per card passed, 3 passed), you have 1 Silver"
    # the very refusal the fold lists for the first open card not offered
    listed = [(a, w) for a, w in GAME.unavailable(s, 0) if a["type"] == "take_open"]
    assert [a["index"] for a, _ in listed] == [2]
    assert listed[0][1].clause == "phase2.pass_cost" and "2 Silver owed" in listed[0][1].message_en


def test_phase_two_take_of_a_card_not_in_the_row_says_so():
    s = phase_two(cash=50)
    n = len(s.row)
    clause, th, en = refusal(s, {"player": 0, "type": "take_open", "index": n})
    assert clause == "phase2.take"
    assert th == f"ไม่มีการ์ดใบที่ {n + 1} ในกองเปิด (กองเปิดมี {n} ใบ)"
    assert en == f"there is no open card number {n + 1}: the open row holds {n}"
    assert "Silver" not in en   # one reason: the money is not in question


def phase_three_take(cash):
    """Seat 0 at phase 3's take, after discarding a card to exchange."""
    s = phase_two(cash=cash + 1)   # the exchange costs 1 Silver
    s = play(s, {"player": 0, "type": "take_open", "index": 0})
    assert s.turn.step == "phase3"
    s = play(s, {"player": 0, "type": "exchange", "card": "B1"})
    assert s.turn.step == "phase3_take", s.turn.step
    return s


def test_phase_three_take_too_dear_cites_phase_three_and_says_the_cost():
    s = phase_three_take(cash=0)
    assert len(s.row) >= 2
    clause, th, en = refusal(s, {"player": 0, "type": "take_open", "index": 1})
    assert clause == "phase3.pass_cost"
    assert en == "not enough Silver to pass the cards before it: 1 Silver owed (1 per card passed, 1 passed), you have 0 Silver"
    assert th.startswith("เงินไม่พอจ่ายค่าข้าม: ต้องวาง 1 Silver")


def test_drawing_at_phase_three_take_cites_phase_three_take():
    """phase3.take: "หลังทิ้งการ์ด ... หรือ เลือกจั่วใบใหม่เข้ามือได้ 1 ใบ" governs the draw."""
    s = phase_three_take(cash=0)
    w = thaw(s)
    w.deck, w.discard = [], []
    s = w.freeze()
    draw = {"player": 0, "type": "draw"}
    assert draw not in GAME.legal_actions(s, 0)
    assert refusal(s, draw) == ("phase3.take", "ไม่มีการ์ดเหลือให้จั่ว", "no card left to draw")
    assert [w.clause for a, w in GAME.unavailable(s, 0) if a["type"] == "draw"] == ["phase3.take"]


def test_combo_without_an_x_card_names_the_missing_card_before_the_cell():
    """No X card, and the combo asked on a cell whose card is not held: the X card is named."""
    s = start(cfg={"combo_territory": True}, board=RED3, players={"0": {"hand": ["E6", "B1", "B2", "B3", "B4"]}})
    s = play(s, *ROLL_RED)
    assert s.turn.step == "resolve"
    combo = {"player": 0, "type": "place_combo", "cell": "A1", "colour": "red"}   # A1's card not held either
    assert refusal(s, combo) == ("territory_combo.x_plus_cell",
                                 "คอมโบต้องใช้การ์ด Territory: X คู่กับการ์ดช่อง แต่ไม่มีการ์ด X ในมือ",
                                 "the combo needs an X Territory card with the cell's card, and you hold no X card")
    # with the X card, the cell's own problem comes next
    s2 = start(cfg={"combo_territory": True}, board=RED3, players={"0": {"hand": ["E6", "X", "B2", "B3", "B4"]}})
    s2 = play(s2, *ROLL_RED)
    assert refusal(s2, combo)[0] == "phase1.territory_required"
    # the variant not agreed comes first of all
    s3 = start(board=RED3, players={"0": {"hand": ["E6", "B1", "B2", "B3", "B4"]}})
    s3 = play(s3, *ROLL_RED)
    assert refusal(s3, combo)[0] == "territory_combo.optional"
