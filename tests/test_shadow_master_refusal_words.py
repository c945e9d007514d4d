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


# ----------------------------------------------------------------------------- the Shadow Envoy
# shadow.envoy: "roll to add or remove that colour's alliance token in an X cell without a card".
ENVOY = {"persons": ["shadow_envoy"], "hand": ["E6", "B1", "B2", "B3", "B4"]}


def envoy_turn(cfg=None, held=True, **over):
    """Seat 0 (holding the Shadow Envoy unless not ``held``) at its phase-1 choice, red on E3-E5."""
    me = dict(ENVOY, **over.pop("me", {}))
    if not held:
        me.pop("persons")
    return start(cfg=cfg, board=RED3, players={"0": me}, **over)


def envoy(action_type, colour="red", x="X1"):
    a = {"player": 0, "type": action_type, "colour": colour}
    return dict(a, x=x) if action_type == "envoy_ally" else a


def test_envoy_not_held_says_so():
    s = play(envoy_turn(held=False), *ROLL_RED)
    assert refusal(s, envoy("envoy_ally")) == (
        "shadow.persons_use", "ไม่ได้ถือการ์ด Shadow Envoy (ใช้ความสามารถของบุคคลได้เฉพาะผู้ที่ถือครองการ์ด)",
        "you do not hold the Shadow Envoy (only a person's holder may use its ability)")
    # not held comes first: before the roll too, and for taking a token out
    s = envoy_turn(held=False, alliances={"X1": ["red"]})
    assert refusal(s, envoy("envoy_unally"))[0] == "shadow.persons_use"


def test_envoy_before_the_roll_says_roll_first_not_military():
    """The Envoy needs a roll ("ทอยเต๋า"): a Military is no way to it, so the refusal says only the roll."""
    clause, th, en = refusal(envoy_turn(), envoy("envoy_ally"))
    assert (clause, en) == ("shadow.envoy", "the Shadow Envoy acts after a roll: roll the die (choice A) first")
    assert th == "Shadow Envoy ใช้หลังทอยเต๋า: ต้องเลือกทอยเต๋า (ทางเลือก A) ก่อน"


def test_envoy_after_a_military_says_no_roll_was_made():
    s = envoy_turn(me={"powers": [["red", "military"]]})
    s = play(s, {"player": 0, "type": "military", "colour": "red"})
    assert s.turn.step == "resolve" and s.turn.military == "red"
    assert refusal(s, envoy("envoy_ally")) == (
        "shadow.envoy", "Shadow Envoy ใช้หลังทอยเต๋าเท่านั้น แต่เทิร์นนี้ใช้ Military สีแดง (ไม่ได้ทอย)",
        "the Shadow Envoy acts after a roll only, and this turn used a red Military (no roll)")


def test_envoy_of_a_colour_not_rolled_names_the_rolled_colour():
    s = play(envoy_turn(), *ROLL_RED)
    assert refusal(s, envoy("envoy_ally", colour="blue")) == (
        "shadow.envoy", "Shadow Envoy ใช้ได้กับสีที่ทอยได้เท่านั้น (สีแดง)", "the Shadow Envoy acts on the rolled colour only (red)")


def test_envoy_bind_of_a_colour_already_allied_names_its_x_cell():
    s = play(envoy_turn(alliances={"X2": ["red"]}), *ROLL_RED)
    assert refusal(s, envoy("envoy_ally", x="X1")) == (
        "alliance.one_token", "สีแดงมีโทเคนในช่อง X2 แล้ว (1 สีวางได้ 1 ช่อง 1 ตัว)",
        "red already has its alliance token in X2 (one token per colour)")


def test_envoy_bind_of_a_colour_off_the_map_says_the_registers_reading():
    s = play(envoy_turn(), {"player": 0, "type": "roll"}, {"chance": "die", "colour": "white"})
    clause, th, en = refusal(s, envoy("envoy_ally", colour="white"))
    assert clause == "alliance.intro"
    assert en.startswith("white is not on the map (alliances are bound between kingdoms; ambiguity: ")
    assert th.startswith("สีขาวยังไม่มีโทเคนบนแผนที่")


def test_envoy_bind_to_a_cell_that_is_not_an_x_cell_names_the_x_cells():
    s = play(envoy_turn(), *ROLL_RED)
    assert refusal(s, envoy("envoy_ally", x="E6")) == (
        "alliance.place_remove", "E6 ไม่ใช่ช่อง X (ช่อง X คือ X1, X2, X3)", "E6 is not an X cell (the X cells are X1, X2, X3)")


def test_envoy_withdraw_of_a_colour_with_no_alliance_token_says_so():
    s = play(envoy_turn(), *ROLL_RED)
    assert refusal(s, envoy("envoy_unally")) == (
        "alliance.place_remove", "สีแดงไม่มีโทเคนในช่อง X ให้หยิบออก", "red has no token in an X cell to take out")


def test_envoy_a_second_person_in_one_turn_says_once_per_turn():
    """Under person_timing=besides_placing the roll is still to place after the Envoy acted."""
    s = play(envoy_turn(cfg={"person_timing": "besides_placing"}), *ROLL_RED, envoy("envoy_ally"))
    assert s.turn.step == "resolve" and s.turn.used_person
    clause, th, en = refusal(s, envoy("envoy_unally"))
    assert clause == "shadow.persons_use"
    assert en.startswith("a person acts once per turn, and one acted this turn (ambiguity: ")
    assert th.startswith("ใช้การ์ดบุคคลได้เทิร์นละ 1 ครั้ง และเทิร์นนี้ใช้ไปแล้ว")


def test_envoy_after_the_roll_was_placed_says_the_roll_is_used():
    s = play(envoy_turn(), *ROLL_RED, {"player": 0, "type": "place", "cell": "E6", "colour": "red"})
    assert s.turn.step != "resolve" and not s.turn.used_person
    assert refusal(s, envoy("envoy_ally")) == (
        "phase1.choose_one", "ผลทอยเต๋าของเทิร์นนี้ใช้ไปแล้ว (วางหรือไม่วางแล้ว) Shadow Envoy ใช้ได้ทันทีหลังทอย",
        "this turn's roll is used (placed or declined): the Shadow Envoy acts right after the roll")


def test_envoy_after_a_choice_without_a_roll_names_the_choice():
    s = play(envoy_turn(), {"player": 0, "type": "skip"})
    assert s.turn.choice == "C", s.turn
    assert refusal(s, envoy("envoy_ally")) == (
        "shadow.envoy", "Shadow Envoy ใช้หลังทอยเต๋า แต่เทิร์นนี้เลือกทางเลือก C (ไม่ได้ทอย)",
        "the Shadow Envoy acts after a roll, and this turn took choice C (no roll)")


# ----------------------------------------------------------------------------- Lord Theron and Turncloak
# shadow.lord_theron: "move up to 2 tokens of the rolled colour from a cell to a cell whose Territory
# card you hold"; shadow.turncloak: "turn the tokens in all cells whose Territory card you hold into
# the rolled colour".  Their refusals share the Envoy's common part (held, a roll, once per turn, the
# roll unused, the rolled colour), then say each act's own reason.
HAND = ["E6", "B1", "B2", "B3", "B4"]


def person_turn(person, cfg=None, held=True, hand=HAND, board=None, **over):
    """Seat 0 (holding ``person`` unless not ``held``) at its phase-1 choice, red on E3-E5."""
    me = {"hand": list(hand), **over.pop("me", {})}
    if held:
        me["persons"] = [person] if isinstance(person, str) else list(person)
    return start(cfg=cfg, board=dict(RED3, **(board or {})), players={"0": me}, **over)


def theron(source="E3", target="E6", count=1, colour="red", **extra):
    return {"player": 0, "type": "theron", "colour": colour, "source": source, "target": target, "count": count, **extra}


TURNCLOAK = {"player": 0, "type": "turncloak", "colour": "red"}


def test_theron_not_held_says_so_before_anything_else():
    s = person_turn("lord_theron", cfg={"theron_one_per_round": "applies"}, held=False, cells_this_round=["E6"])
    s = play(s, *ROLL_RED)
    # not held comes first, even with a target that got a token this round
    assert refusal(s, theron()) == (
        "shadow.persons_use", "ไม่ได้ถือการ์ด Lord Theron (ใช้ความสามารถของบุคคลได้เฉพาะผู้ที่ถือครองการ์ด)",
        "you do not hold Lord Theron (only a person's holder may use its ability)")


def test_theron_before_the_roll_says_roll_first():
    assert refusal(person_turn("lord_theron"), theron()) == (
        "shadow.lord_theron", "Lord Theron ใช้หลังทอยเต๋า: ต้องเลือกทอยเต๋า (ทางเลือก A) ก่อน",
        "Lord Theron acts after a roll: roll the die (choice A) first")


def test_theron_after_a_military_says_no_roll_was_made():
    s = person_turn("lord_theron", me={"powers": [["red", "military"]]})
    s = play(s, {"player": 0, "type": "military", "colour": "red"})
    assert refusal(s, theron()) == (
        "shadow.lord_theron", "Lord Theron ใช้หลังทอยเต๋าเท่านั้น แต่เทิร์นนี้ใช้ Military สีแดง (ไม่ได้ทอย)",
        "Lord Theron acts after a roll only, and this turn used a red Military (no roll)")


def test_theron_after_choice_c_names_the_choice():
    s = play(person_turn("lord_theron"), {"player": 0, "type": "skip"})
    assert refusal(s, theron()) == (
        "shadow.lord_theron", "Lord Theron ใช้หลังทอยเต๋า แต่เทิร์นนี้เลือกทางเลือก C (ไม่ได้ทอย)",
        "Lord Theron acts after a roll, and this turn took choice C (no roll)")


def test_theron_after_another_person_this_turn_says_once_per_turn():
    s = person_turn(["shadow_envoy", "lord_theron"], cfg={"person_timing": "besides_placing"})
    s = play(s, *ROLL_RED, envoy("envoy_ally"))
    assert s.turn.step == "resolve" and s.turn.used_person
    clause, th, en = refusal(s, theron())
    assert clause == "shadow.persons_use"
    assert en.startswith("a person acts once per turn, and one acted this turn (ambiguity: ")
    assert th.startswith("ใช้การ์ดบุคคลได้เทิร์นละ 1 ครั้ง และเทิร์นนี้ใช้ไปแล้ว")


def test_theron_after_the_roll_was_placed_says_the_roll_is_used():
    s = play(person_turn("lord_theron"), *ROLL_RED, {"player": 0, "type": "place", "cell": "E6", "colour": "red"})
    assert refusal(s, theron()) == (
        "phase1.choose_one", "ผลทอยเต๋าของเทิร์นนี้ใช้ไปแล้ว (วางหรือไม่วางแล้ว) Lord Theron ใช้ได้ทันทีหลังทอย",
        "this turn's roll is used (placed or declined): Lord Theron acts right after the roll")


def test_theron_of_a_colour_not_rolled_names_the_rolled_colour():
    s = play(person_turn("lord_theron", board={"A1": ["blue", 1]}), *ROLL_RED)
    assert refusal(s, theron(source="A1", colour="blue")) == (
        "shadow.lord_theron", "Lord Theron ใช้ได้กับสีที่ทอยได้เท่านั้น (สีแดง)", "Lord Theron acts on the rolled colour only (red)")


def test_theron_of_a_colour_with_no_token_on_the_map_says_so():
    s = play(person_turn("lord_theron"), {"player": 0, "type": "roll"}, {"chance": "die", "colour": "white"})
    assert refusal(s, theron(colour="white")) == (
        "shadow.lord_theron", "ไม่มีโทเคนสีขาวบนแผนที่ให้ Lord Theron ย้าย", "there is no white token on the map for Lord Theron to move")


def test_theron_from_a_cell_without_the_colour_names_the_colours_cells():
    s = play(person_turn("lord_theron"), *ROLL_RED)
    assert refusal(s, theron(source="A1")) == (
        "shadow.lord_theron", "ช่อง A1 ไม่มีโทเคนสีแดง (Lord Theron ย้ายโทเคนสีแดงจากช่อง E3, E4, E5)",
        "A1 holds no red token (Lord Theron moves red tokens from E3, E4, E5)")


def test_theron_out_of_a_locked_castle_cell_comes_before_the_target():
    """theron_castle=castle_cells_locked: the source is the text's first word ("ย้ายโทเคนในช่อง..."),
    so a locked source is said before a target that got a token this round."""
    cfg = {"theron_castle": "castle_cells_locked", "theron_one_per_round": "applies"}
    s = person_turn("lord_theron", cfg=cfg, castles=[{"cell": "E3", "owner": 0}], cells_this_round=["E6"])
    s = play(s, *ROLL_RED)
    clause, th, en = refusal(s, theron(source="E3", target="E6"))
    assert clause == "castle.risk"
    assert en.startswith("Lord Theron may not move tokens out of the castle cell E3 (ambiguity: ")
    assert th.startswith("Lord Theron ย้ายโทเคนออกจากช่องปราสาท E3 ไม่ได้ (ข้อกำกวม: ")


def test_theron_of_more_than_two_tokens_says_up_to_two():
    s = play(person_turn("lord_theron", board={"E3": ["red", 3]}), *ROLL_RED)
    assert refusal(s, theron(count=3)) == (
        "shadow.lord_theron", "Lord Theron ย้ายได้ 1 ถึง 2 โทเคน (ไม่ใช่ 3)", "Lord Theron moves 1 to 2 tokens (not 3)")


def test_theron_of_more_tokens_than_the_source_holds_says_both_numbers():
    s = play(person_turn("lord_theron"), *ROLL_RED)
    assert refusal(s, theron(count=2)) == (
        "shadow.lord_theron", "ช่อง E3 มีโทเคนสีแดงเพียง 1 ตัว (ขอย้าย 2)", "E3 holds only 1 red token(s) (2 asked)")


def test_theron_from_two_cells_under_one_cell_reading_says_the_registers_reading():
    s = play(person_turn("lord_theron"), *ROLL_RED)
    clause, th, en = refusal(s, theron(count=2, source2="E4"))
    assert clause == "shadow.lord_theron"
    assert en.startswith("Lord Theron moves from one cell only (ambiguity: ")
    assert th.startswith("Lord Theron ย้ายจากช่องเดียวเท่านั้น (ข้อกำกวม: ")


def test_theron_from_two_cells_in_reverse_order_names_the_order():
    s = play(person_turn("lord_theron", cfg={"theron_sources": "any_cells"}), *ROLL_RED)
    assert theron(source="E3", source2="E4", count=2) in GAME.legal_actions(s, 0)
    assert refusal(s, theron(source="E4", source2="E3", count=2)) == (
        "shadow.lord_theron", "ระบุ 2 ช่องต้นทางตามลำดับบนแผนที่: E3 ก่อน แล้วจึง E4",
        "name the two source cells in the map's order: E3 first, then E4")


def test_theron_to_a_cell_whose_card_is_not_held_names_it():
    s = play(person_turn("lord_theron"), *ROLL_RED)
    assert refusal(s, theron(target="A1")) == (
        "shadow.lord_theron", "Lord Theron ย้ายไปได้เฉพาะช่องที่ถือการ์ด Territory (ไม่ได้ถือการ์ดช่อง A1)",
        "Lord Theron moves tokens only to a cell whose Territory card you hold (you do not hold A1)")


def test_theron_to_its_own_source_says_move_elsewhere():
    s = play(person_turn("lord_theron", hand=["E3"] + HAND[1:]), *ROLL_RED)
    assert refusal(s, theron(source="E3", target="E3")) == (
        "shadow.lord_theron", "ช่องปลายทาง E3 คือช่องต้นทาง ต้องย้ายไปช่องอื่น", "the target E3 is the source: move to another cell")


def test_theron_to_a_cell_of_another_colour_says_one_colour_per_cell():
    s = play(person_turn("lord_theron", board={"B1": ["blue", 1]}), *ROLL_RED)
    assert refusal(s, theron(target="B1")) == (
        "board.cell_capacity", "ช่อง B1 มีโทเคนสีอื่นอยู่ (วางได้เฉพาะสีเดียวกัน)", "B1 holds another colour (one colour per cell)")


def test_theron_to_a_full_cell_says_the_room_left():
    s = play(person_turn("lord_theron", board={"B1": ["red", 3]}), *ROLL_RED)
    assert refusal(s, theron(target="B1")) == (
        "board.cell_capacity", "ช่อง B1 รับได้อีก 0 โทเคน (สูงสุด 3) ย้าย 1 ไม่ได้",
        "B1 has room for 0 more token(s) (at most 3): 1 do not fit")


def test_theron_to_an_empty_castle_cell_of_another_colour_comes_before_the_round():
    """An empty castle cell takes its castle's colour only (castle.on_own_colour): a lasting reason,
    said before the cell's one arrival this round (theron_one_per_round=applies)."""
    cfg = {"castle_emptied": "stays", "theron_one_per_round": "applies"}
    s = person_turn("lord_theron", cfg=cfg, castles=[{"cell": "B1", "owner": 0, "colour": "blue"}],
                    cells_this_round=["B1"])
    s = play(s, *ROLL_RED)
    assert refusal(s, theron(target="B1")) == (
        "castle.on_own_colour", "ช่อง B1 มีปราสาทของอาณาจักรสีน้ำเงินตั้งอยู่ วางได้เฉพาะโทเคนสีน้ำเงิน (ไม่ใช่สีแดง)",
        "B1 holds a blue castle: only blue tokens may go there, not red")


def test_theron_to_a_cell_placed_on_this_round_comes_after_the_person():
    s = play(person_turn("lord_theron", cfg={"theron_one_per_round": "applies"}, cells_this_round=["E6"]), *ROLL_RED)
    assert refusal(s, theron(target="E6")) == (
        "territory.one_per_round", "ช่อง E6 ถูกวางไปแล้วในรอบนี้ (รอบละ 1 โทเคน รวมการย้ายของ Lord Theron)",
        "E6 already got tokens this round (1 per round, Lord Theron's moves included)")
    # not holding Lord Theron is said first, before the cell
    s2 = play(person_turn("lord_theron", cfg={"theron_one_per_round": "applies"}, held=False,
                          cells_this_round=["E6"]), *ROLL_RED)
    assert refusal(s2, theron(target="E6"))[0] == "shadow.persons_use"
    # the fold's representative move (E3 to the only held cell, E6) gets the very same refusal
    s3 = play(person_turn("lord_theron", cfg={"theron_one_per_round": "applies"}, hand=["E6"],
                          cells_this_round=["E6"]), *ROLL_RED)
    listed = [(a, w) for a, w in GAME.unavailable(s3, 0) if a["type"] == "theron"]
    assert [(a["source"], a["target"], w.clause) for a, w in listed] == [("E3", "E6", "territory.one_per_round")]


def test_turncloak_not_held_says_so():
    s = play(person_turn("turncloak", held=False), *ROLL_RED)
    assert refusal(s, TURNCLOAK) == (
        "shadow.persons_use", "ไม่ได้ถือการ์ด Turncloak (ใช้ความสามารถของบุคคลได้เฉพาะผู้ที่ถือครองการ์ด)",
        "you do not hold the Turncloak (only a person's holder may use its ability)")


def test_turncloak_before_the_roll_says_roll_first():
    assert refusal(person_turn("turncloak"), TURNCLOAK) == (
        "shadow.turncloak", "Turncloak ใช้หลังทอยเต๋า: ต้องเลือกทอยเต๋า (ทางเลือก A) ก่อน",
        "the Turncloak acts after a roll: roll the die (choice A) first")


def test_turncloak_used_once_per_game_says_so_even_before_the_roll():
    w = thaw(person_turn("turncloak", cfg={"turncloak_limit": "once_per_game"}))
    w.players[0].turncloak_used = True
    s = w.freeze()
    clause, th, en = refusal(s, TURNCLOAK)
    assert clause == "shadow.turncloak"
    assert en.startswith("the Turncloak was used already this game (ambiguity: ")
    assert th.startswith("Turncloak ใช้ไปแล้วในเกมนี้ (ข้อกำกวม: ")
    s = play(s, *ROLL_RED)
    assert refusal(s, TURNCLOAK)[2].startswith("the Turncloak was used already this game")


def test_turncloak_of_a_colour_not_rolled_names_the_rolled_colour():
    s = play(person_turn("turncloak"), *ROLL_RED)
    assert refusal(s, dict(TURNCLOAK, colour="blue")) == (
        "shadow.turncloak", "Turncloak ใช้ได้กับสีที่ทอยได้เท่านั้น (สีแดง)", "the Turncloak acts on the rolled colour only (red)")


def test_turncloak_with_no_cell_to_turn_names_the_held_cells():
    s = play(person_turn("turncloak"), *ROLL_RED)   # every held cell empty
    assert refusal(s, TURNCLOAK) == (
        "shadow.turncloak", "ไม่มีช่องที่ถือการ์ด (B1, B2, B3, B4, E6) ที่มีโทเคนสีอื่นให้เปลี่ยนเป็นสีแดง",
        "none of the cells whose Territory card you hold (B1, B2, B3, B4, E6) has tokens of another colour to turn red")


def test_turncloak_with_only_black_and_castle_cells_says_why_they_stay():
    s = person_turn("turncloak", board={"B1": ["black", 1], "B2": ["blue", 1]}, castles=[{"cell": "B2", "owner": 1}])
    s = play(s, *ROLL_RED)
    clause, th, en = refusal(s, TURNCLOAK)
    assert clause == "shadow.turncloak"
    assert en.startswith("none of the cells whose Territory card you hold (B1, B2, B3, B4, E6) has tokens of another "
                         "colour to turn red; castle cells are never turned; ambiguity: ")
    assert th.startswith("ไม่มีช่องที่ถือการ์ด (B1, B2, B3, B4, E6) ที่มีโทเคนสีอื่นให้เปลี่ยนเป็นสีแดง; ช่องปราสาทไม่เปลี่ยนสี; ข้อกำกวม: ")
    assert [w.clause for a, w in GAME.unavailable(s, 0) if a["type"] == "turncloak"] == ["shadow.turncloak"]


def test_turncloak_holding_no_cell_card_says_so():
    s = play(person_turn("turncloak", hand=["X"]), *ROLL_RED)
    assert refusal(s, TURNCLOAK) == (
        "shadow.turncloak", "Turncloak เปลี่ยนสีช่องที่ถือการ์ด Territory แต่ไม่ได้ถือการ์ดช่องใดเลย",
        "the Turncloak turns the cells whose Territory card you hold, and you hold none")


def test_theron_with_a_second_source_of_a_wrong_type_names_the_field_and_leaves_the_state():
    """``source2`` (Lord Theron's second cell, ``theron_sources=any_cells``) is typed like every other
    field of an action: a list, a number, ``None`` or a dict there is refused naming ``source2`` (it
    read "['E4'] holds no red token", as if it were a cell), in a session file too; the state is
    untouched, and a legal two-cell move still applies."""
    import pytest

    from rules.core import saveload
    from rules.core.protocol import BadInput, IllegalAction

    s = play(person_turn("lord_theron", cfg={"theron_sources": "any_cells"}), *ROLL_RED)
    before = GAME.state_to_json(s)
    for bad in (["E4"], 4, None, {"cell": "E4"}, True):
        action = theron(source="E3", source2=bad, count=2)
        clause, th, en = refusal(s, action)
        assert "'source2'" in en and "must be str" in en and "'source2'" in th, (bad, en)
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, action)
        assert (err.value.clause, err.value.message_en) == (clause, en)
        assert GAME.state_to_json(s) == before
    # a session file holding such a move: the clear refusal names the action and the field
    good = theron(source="E3", source2="E4", count=2)
    assert good in GAME.legal_actions(s, 0)
    cfg = GAME.config_to_json(s.config)
    overrides = {"first_player": 0, "board": RED3, "players": {"0": {"hand": HAND, "persons": ["lord_theron"]}}}
    assert saveload.replay(GAME, cfg, 3, [*ROLL_RED, good], overrides, "save.json").state.position["E6"] == ("red", 2)
    with pytest.raises(BadInput) as err:
        saveload.replay(GAME, cfg, 3, [*ROLL_RED, theron(source="E3", source2=["E4"], count=2)],
                        overrides, "save.json")
    assert err.value.field == "actions[2]" and "'source2'" in err.value.message_en
    # the legal move with source2 still applies: one token from each cell
    after = GAME.apply(s, good).state
    assert after.position["E6"] == ("red", 2) and "E3" not in after.position and "E4" not in after.position


# ----------------------------------------------------------------------------- the fold's two findings
# alliance.x_card refuses the card's way; when the Shadow Envoy's way of the very same move is legal
# now (the "(Envoy)" action offered), the refusal says so instead of reading as a contradiction.
X_CARD_ENVOY = ("alliance.x_card", "ต้องมีการ์ด Territory: X (ทำผ่าน Shadow Envoy ได้: ปุ่ม “(Envoy)”)",
                "you need an X Territory card (the Shadow Envoy's way is offered: the “(Envoy)” button)")
X_CARD = ("alliance.x_card", "ต้องมีการ์ด Territory: X", "you need an X Territory card")


def test_ally_without_an_x_card_says_the_envoys_way_is_offered():
    s = play(envoy_turn(), *ROLL_RED)
    ally = {"player": 0, "type": "ally", "x": "X1", "colour": "red"}
    assert envoy("envoy_ally") in GAME.legal_actions(s, 0) and ally not in GAME.legal_actions(s, 0)
    assert refusal(s, ally) == X_CARD_ENVOY
    # the fold lists the card's way with these very words
    assert [w.message_en for a, w in GAME.unavailable(s, 0) if a["type"] == "ally"] == [X_CARD_ENVOY[2]]
    # the Envoy's way not legal for that move (a colour not rolled; the Envoy not held): the plain words
    assert refusal(s, dict(ally, colour="blue")) == X_CARD
    assert refusal(play(envoy_turn(held=False), *ROLL_RED), ally) == X_CARD


def test_unally_without_an_x_card_says_the_envoys_way_is_offered():
    s = play(envoy_turn(alliances={"X2": ["red"]}), *ROLL_RED)
    unally = {"player": 0, "type": "unally", "colour": "red"}
    assert envoy("envoy_unally") in GAME.legal_actions(s, 0)
    assert refusal(s, unally) == X_CARD_ENVOY
    # once a person acted this turn (person_timing=besides_placing) the Envoy's way is gone too
    s2 = play(envoy_turn(cfg={"person_timing": "besides_placing"}, alliances={"X2": ["red"]}),
              *ROLL_RED, envoy("envoy_unally"))
    assert s2.turn.step == "resolve"
    assert refusal(s2, dict(unally, colour="blue")) == X_CARD


# shadow.buy_when: a person bought at choice C - the one reason that applies, not "gone or cannot pay".
def test_buying_a_person_without_the_silver_says_both_amounts():
    s = start(players={"0": {"cash": 0}})
    assert s.turn.step == "choose" and sum(s.players[0].deposits) == 0
    buy = {"player": 0, "type": "buy_person", "card": "master_of_coin"}
    assert buy not in GAME.legal_actions(s, 0)
    assert refusal(s, buy) == ("shadow.buy_when", "เงินไม่พอ: มีเงินที่ใช้ได้ 0 Silver แต่ Master of Coin ราคา 8 Silver",
                               "you cannot pay for it: you have 0 Silver, the Master of Coin costs 8 Silver")
    # the fold's representative (the cheapest person left) gets these very words
    listed = [(a, w) for a, w in GAME.unavailable(s, 0) if a["type"] == "buy_person"]
    assert [(a["card"], w.message_en) for a, w in listed] == [
        ("master_of_coin", "you cannot pay for it: you have 0 Silver, the Master of Coin costs 8 Silver")]


def test_buying_a_person_that_is_gone_says_so_without_the_money():
    s = start(players={"0": {"cash": 50}, "1": {"persons": ["master_of_coin"]}})
    buy = {"player": 0, "type": "buy_person", "card": "master_of_coin"}
    assert refusal(s, buy) == ("shadow.buy_when", "ไม่มีการ์ด Master of Coin เหลือแล้ว (ผู้เล่นอื่นถืออยู่)",
                               "the Master of Coin card is gone (another player holds it)")
    s2 = start(players={"0": {"cash": 50, "persons": ["master_of_coin"]}})
    assert refusal(s2, buy) == ("shadow.buy_when", "ถือการ์ด Master of Coin อยู่แล้ว (การ์ดนี้มีใบเดียว)",
                                "you hold the Master of Coin already (there is one such card)")
