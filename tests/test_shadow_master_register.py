"""Shadow Master register entries of issue 8 point 7: each reading changes what it says, the
default is the old behaviour, and the table readings are checked when the config loads."""
import pytest

from rules.core.ambiguity import Ambiguity, ambiguity_ref, load_ambiguities
from rules.core.protocol import BadInput
from rules.shadow_master import GAME
from rules.shadow_master.config import check_table_readings
from rules.shadow_master.money import pay
from rules.shadow_master.state import thaw

BLUE4 = {"F6": ["blue", 2], "F7": ["blue", 1], "G6": ["blue", 1], "G7": ["blue", 2]}
RED3 = {"E3": ["red", 1], "E4": ["red", 1], "E5": ["red", 1]}


def start(n=4, seed=3, cfg=None, **over):
    s = GAME.new_game(GAME.make_config({"players": n, **(cfg or {})}), seed)
    return GAME.apply_overrides(s, {"first_player": 0, **over})


def play(s, *actions):
    events = []
    for a in actions:
        tr = GAME.apply(s, a)
        events += tr.events
        s = tr.state
        assert GAME.invariants(s) == []
    return s, events


ROLL_RED = ({"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})


# ----------------------------------------------------------------------------- load-time table check
def test_table_readings_exist_in_the_data_files():
    check_table_readings()   # the real register and tables agree (also run at import)


@pytest.mark.parametrize("variant,file", [("rank_table", "rank_table.yaml"), ("damage_table", "damage_table.yaml")])
def test_a_reading_naming_a_missing_table_is_bad_input(variant, file):
    entries = []
    for e in load_ambiguities("shadow_master"):
        if e.variant == variant:
            raw = e.model_dump()
            raw["readings"] = raw["readings"] + [{"id": "bogus", "value": None, "short_th": "ตาราง", "short_en": "x",
                                                  "description_en": "x",
                                                  "description_th": "ตาราง"}]
            e = Ambiguity.model_validate(raw)
        entries.append(e)
    with pytest.raises(BadInput) as exc:
        check_table_readings(entries)
    assert exc.value.source == f"data/shadow_master/{file}" and exc.value.field == "tables.bogus"
    assert "bogus" in exc.value.message_en and "ตาราง" in exc.value.message_th


def test_new_entries_are_registered_with_the_old_behaviour_as_default():
    reg = {e.id: e for e in load_ambiguities("shadow_master")}
    expected = {"territory_reshuffle": "reshuffle", "faith_dice": "one_extra", "tax_count": "per_tax_card",
                "combo_decline": "free", "forced_sale_choice": "seller", "deposit_order": "largest_first",
                "phase2_take": "compulsory", "theron_card": "spent", "theron_attack": "attacks",
                "turncloak_attack": "none", "capture_timing": "before_attack"}
    assert {k: reg[k].default for k in expected} == expected


# ----------------------------------------------------------------------------- explain
def test_military_placement_of_another_colour_cites_the_military_card():
    s = start(players={"0": {"hand": ["C3", "H5", "L1", "L2", "L3"], "powers": [["green", "military"]]}})
    s, _ = play(s, {"player": 0, "type": "military", "colour": "green"})
    why = GAME.explain_illegal(s, {"player": 0, "type": "place", "cell": "C3", "colour": "red"})
    assert why.clause == "power_card.military"
    s2, _ = play(start(), *ROLL_RED)
    assert GAME.explain_illegal(s2, {"player": 0, "type": "place", "cell": s2.players[0].hand[0],
                                     "colour": "blue"}).clause == "phase1.roll_place"


# ----------------------------------------------------------------------------- readings
def test_territory_reshuffle_reading():
    for reading, drawable in (("reshuffle", True), ("no_reshuffle", False)):
        s = start(cfg={"territory_reshuffle": reading})
        w = thaw(s)
        w.discard, w.deck = list(w.deck), []
        s = w.freeze()
        s, _ = play(s, {"player": 0, "type": "skip"}, {"player": 0, "type": "exchange", "card": s.players[0].hand[0]})
        assert ({"player": 0, "type": "draw"} in GAME.legal_actions(s, 0)) is drawable


@pytest.mark.parametrize("reading,dice", [("one_extra", 2), ("per_card", 3)])
def test_faith_dice_reading(reading, dice):
    s = start(cfg={"faith_dice": reading}, players={"0": {"powers": [["red", "faith"], ["blue", "faith"]]}})
    s, _ = play(s, {"player": 0, "type": "roll"})
    assert s.chance.kind == "die" and s.chance.count == dice


@pytest.mark.parametrize("reading,paid", [("per_tax_card", 2), ("per_holder", 1)])
def test_tax_count_reading(reading, paid):
    board = {c: ["red", 1] for c in ("A1", "A2", "A3", "A4", "A5", "A6")}
    s = start(n=2, cfg={"tax_count": reading}, board=board,
              players={"0": {"powers": [["red", "tax"], ["red", "tax"]]}, "1": {"powers": [["red", "king"]]}})
    w = thaw(s)
    from rules.shadow_master.flow import do_income
    do_income(w)
    tax = [e for e in w.events if e.kind == "pay" and "income.tax" in e.cites]
    assert sum(e.data["paid"] for e in tax) == paid


@pytest.mark.parametrize("reading,cash", [("free", 10), ("fined", 5)])
def test_combo_decline_reading(reading, cash):
    s = start(cfg={"combo_decline": reading},
              players={"0": {"hand": ["C3", "H5", "L1", "L2", "L3"], "powers": [["green", "military"], ["green", "faith"]]}})
    s, _ = play(s, {"player": 0, "type": "military_faith", "colour": "green"},
                {"player": 0, "type": "place", "cell": "C3", "colour": "green"},
                {"chance": "die", "colour": "red"}, {"chance": "die", "colour": "blue"},
                {"player": 0, "type": "decline"})
    assert s.players[0].cash == cash


def _forced_sale_state(reading):
    board = {**RED3, **BLUE4, "A1": ["yellow", 1], "A2": ["yellow", 1], "A3": ["yellow", 1]}
    s = start(cfg={"forced_sale_choice": reading}, board=board, players={
        "0": {"hand": ["E6", "B1", "B2", "B3", "B4"]},
        "1": {"cash": 0, "powers": [["blue", "land"], ["yellow", "king"]]}})
    s, _ = play(s, *ROLL_RED, {"player": 0, "type": "place", "cell": "E6", "colour": "red"},
                {"player": 0, "type": "remove_token", "cell": "F7"})
    return s


def test_forced_sale_choice_reading():
    s = _forced_sale_state("seller")
    assert GAME.current_player(s) == 1
    assert {(a["colour"], a["kind"]) for a in GAME.legal_actions(s, 1)} == {("blue", "land"), ("yellow", "king")}
    s = _forced_sale_state("lowest_value")   # blue Rank 3 after F7 went, yellow Rank 3: blue first in board order
    legal = GAME.legal_actions(s, 1)
    assert len(legal) == 1 and legal[0]["type"] == "forced_sale"
    other = {"player": 1, "type": "forced_sale", "colour": "yellow", "kind": "king"}
    if legal[0] == other:
        other = {"player": 1, "type": "forced_sale", "colour": "blue", "kind": "land"}
    assert GAME.explain_illegal(s, other).clause == "bankruptcy.forced_sale"


@pytest.mark.parametrize("reading,left", [("largest_first", {"red": 2, "blue": 5}), ("smallest_first", {"red": 7, "blue": 0})])
def test_deposit_order_reading(reading, left):
    s = start(cfg={"deposit_order": reading}, players={"0": {"cash": 0, "deposits": {"red": 7, "blue": 5},
                                                            "powers": [["red", "king"], ["blue", "king"]]}})
    w = thaw(s)
    assert pay(w, 0, 5) == 5
    assert {c: w.players[0].deposits[w.cidx(c)] for c in left} == left


def test_phase2_take_reading():
    for reading in ("compulsory", "optional"):
        s = start(cfg={"phase2_take": reading}, board=RED3, players={"0": {"hand": ["E6", "B1", "B2", "B3", "B4"]}})
        s, _ = play(s, *ROLL_RED, {"player": 0, "type": "place", "cell": "E6", "colour": "red"},
                    {"player": 0, "type": "no_buy"})
        s, _ = play(s, GAME.chance_outcomes(s)[0][0])
        assert s.turn.step == "phase2" and s.turn.to_take == 1
        stop = {"player": 0, "type": "stop_taking"}
        if reading == "compulsory":
            assert stop not in GAME.legal_actions(s, 0)
            assert GAME.explain_illegal(s, stop).clause == "phase2.take"
        else:
            assert stop in GAME.legal_actions(s, 0)
            assert GAME.describe_action(s, stop)[1] == "take no more cards (forgo 1)"
            s2, ev = play(s, stop)
            assert s2.turn.step == "phase3" and len(s2.players[0].hand) == 4
            assert ev[0].kind == "stop_taking" and ev[0].cites == ("phase2.take",)


THERON = dict(board={**RED3, **BLUE4, "A1": ["red", 2]},
              players={"0": {"hand": ["E6", "B1", "B2", "B3", "B4"], "persons": ["lord_theron"]}})
MOVE = {"player": 0, "type": "theron", "colour": "red", "source": "A1", "target": "E6", "count": 1}


@pytest.mark.parametrize("card,attack", [("spent", "attacks"), ("kept", "attacks"), ("spent", "no_attack")])
def test_theron_card_and_attack_readings(card, attack):
    s = start(cfg={"theron_card": card, "theron_attack": attack}, **THERON)
    s, ev = play(s, *ROLL_RED, MOVE)
    assert ("E6" in s.players[0].hand) is (card == "kept")
    assert any(e.kind == "attack" for e in ev) is (attack == "attacks")


@pytest.mark.parametrize("reading", ["none", "each_cell"])
def test_turncloak_attack_reading(reading):
    s = start(cfg={"turncloak_attack": reading}, board={**RED3, **BLUE4, "E6": ["green", 1], "A1": ["yellow", 1]},
              players={"0": {"hand": ["E6", "A1", "B2", "B3", "B4"], "persons": ["turncloak"]}})
    s, ev = play(s, *ROLL_RED, {"player": 0, "type": "turncloak", "colour": "red"})
    attacks = [e for e in ev if e.kind in ("attack", "no_attack")]
    if reading == "none":
        assert attacks == [] and not s.queue
    else:   # E6 attacks blue (tempo); A1 touches nothing
        assert [e.data["kind"] for e in attacks] == ["tempo"] and s.queue[0].kind == "remove"
        s, _ = play(s, {"player": 0, "type": "remove_token", "cell": "G7"}, {"player": 0, "type": "remove_token", "cell": "G7"})
        assert not s.queue and s.position.count_at("G7") == 0


CASTLE = dict(board={"D3": ["red", 1], "C4": ["red", 1], "C5": ["red", 1], "D5": ["red", 1], "D4": ["blue", 2],
                     "F3": ["blue", 1], "F4": ["blue", 1], "F5": ["blue", 1], "G4": ["blue", 1], "G5": ["blue", 1]},
              castles=[{"cell": "D4", "owner": 1}],
              players={"0": {"hand": ["E4", "A1", "A2", "A3", "A4"]}, "1": {"powers": [["blue", "king"]]}})


@pytest.mark.parametrize("reading,kind", [("before_attack", "full_force"), ("after_attack", "tempo")])
def test_capture_timing_reading(reading, kind):
    s = start(cfg={"capture_timing": reading}, **CASTLE)
    s, ev = play(s, *ROLL_RED, {"player": 0, "type": "place", "cell": "E4", "colour": "red"})
    order = [e.kind for e in ev if e.kind in ("attack", "castle_captured")]
    assert order == (["castle_captured", "attack"] if reading == "before_attack" else ["attack"])
    assert [e.data["kind"] for e in ev if e.kind == "attack"] == [kind]
    while s.queue:
        s, ev = play(s, GAME.legal_actions(s, 0)[0])
    assert s.position["D4"] == ("red", 2) and s.castles[0].owner == 0


# ----------------------------------------------------------------------------- second audit (issue 8 point 7)
def test_second_audit_entries_default_to_the_old_behaviour():
    reg = {e.id: e for e in load_ambiguities("shadow_master")}
    expected = {"forced_sale_scope": "every_charge", "forced_sale_surplus": "kept", "queen_no_kingdom": "to_cash",
                "reveal_count": "tokens_put_down", "combo_fee": "per_token", "upkeep_timing": "after_tax",
                "faith_colour": "any_colour", "turncloak_black": "kingdom_tokens", "turncloak_shortage": "partial",
                "theron_sources": "one_cell", "ally_buy": "none", "castle_capture_by": "placements_only",
                "castle_values": "standard", "power_deck": "standard", "out_assets": "returned"}
    assert {k: reg[k].default for k in expected} == expected


@pytest.mark.parametrize("reading", ["every_charge", "damage_only"])
def test_forced_sale_scope_reading(reading):
    s = start(cfg={"forced_sale_scope": reading}, board=BLUE4,
              players={"0": {"cash": 0, "powers": [["blue", "land"]]}})
    s, ev = play(s, *ROLL_RED, {"player": 0, "type": "decline"})   # the 5 Silver fine, nothing to pay it with
    if reading == "every_charge":
        assert s.queue[0].kind == "forced_sale" and s.queue[0].get("debt") == 5
    else:
        assert not s.queue and [e.data["debt"] for e in ev if e.kind == "debt_waived"] == [5]
        assert [tuple(c) for c in s.players[0].powers] == [("blue", "land")] and not s.players[0].out
    w = thaw(start(cfg={"forced_sale_scope": reading}, board=BLUE4, players={"0": {"cash": 0, "powers": [["blue", "land"]]}}))
    from rules.shadow_master.money import charge
    charge(w, 0, 3, ("power.damage",), "ค่าเสียหาย", "damage")   # damage forces a sale under both readings
    assert w.queue[0].kind == "forced_sale"


@pytest.mark.parametrize("reading", ["kept", "to_bank"])
def test_forced_sale_surplus_reading(reading):
    from rules.shadow_master.decisions import forced_sale_price
    from rules.shadow_master.money import charge
    s = start(cfg={"forced_sale_surplus": reading}, board=BLUE4, players={"1": {"cash": 0, "powers": [["blue", "land"]]}})
    w = thaw(s)
    charge(w, 1, 1, ("power.damage",), "ค่าเสียหาย", "damage")
    s = w.freeze()
    price = forced_sale_price(s, "blue")
    assert price > 1
    s, _ = play(s, {"player": 1, "type": "forced_sale", "colour": "blue", "kind": "land"})
    assert s.players[1].cash == (price - 1 if reading == "kept" else 0)


@pytest.mark.parametrize("reading", ["to_cash", "lost"])
def test_queen_no_kingdom_reading(reading):
    from rules.shadow_master.powers import collapse_if_empty
    s = start(cfg={"queen_no_kingdom": reading}, board=BLUE4,
              players={"0": {"powers": [["red", "queen"]], "deposits": {"red": 5}}})
    w = thaw(s)
    assert collapse_if_empty(w, "red")
    s = w.freeze()
    if reading == "to_cash":
        legal = GAME.legal_actions(s, 0)
        assert legal == [{"player": 0, "type": "queen_move", "target": "cash"}]
        s, _ = play(s, legal[0])
        assert s.players[0].cash == 15 and sum(s.players[0].deposits) == 0
    else:
        assert not s.queue and s.players[0].cash == 10 and sum(s.players[0].deposits) == 0
        assert [e.data["amount"] for e in w.events if e.kind == "deposit_lost"] == [5]


def test_queen_no_kingdom_lost_still_moves_to_a_held_kingdom():
    from rules.shadow_master.powers import collapse_if_empty
    s = start(cfg={"queen_no_kingdom": "lost"}, board=BLUE4,
              players={"0": {"powers": [["red", "queen"], ["blue", "king"]], "deposits": {"red": 5}}})
    w = thaw(s)
    collapse_if_empty(w, "red")
    s = w.freeze()
    assert GAME.legal_actions(s, 0) == [{"player": 0, "type": "queen_move", "target": "blue"}]


@pytest.mark.parametrize("reading,revealed", [("tokens_put_down", 1), ("board_cells_only", 0), ("theron_counts", 1)])
def test_reveal_count_reading_for_an_envoy_token(reading, revealed):
    s = start(cfg={"reveal_count": reading}, board=RED3,
              players={"0": {"hand": ["E6", "B1", "B2", "B3", "B4"], "persons": ["shadow_envoy"]}})
    s, _ = play(s, *ROLL_RED, {"player": 0, "type": "envoy_ally", "x": "X1", "colour": "red"})
    assert s.turn.placed == revealed
    assert (s.chance is not None and s.chance.count) == (revealed or False)


@pytest.mark.parametrize("reading,revealed", [("tokens_put_down", 0), ("board_cells_only", 0), ("theron_counts", 1)])
def test_reveal_count_reading_for_a_theron_move(reading, revealed):
    s = start(cfg={"reveal_count": reading, "theron_attack": "no_attack"}, **THERON)
    s, _ = play(s, *ROLL_RED, MOVE)
    assert s.turn.step == "phase2" and s.turn.placed == revealed
    assert (s.chance is not None) is bool(revealed)


@pytest.mark.parametrize("reading,factor", [("per_token", 2), ("per_placement", 1)])
def test_combo_fee_reading(reading, factor):
    from rules.shadow_master.powers import kingdom_rank, placement_fee
    board = {f"{r}{i}": ["red", 1] for r in "AB" for i in range(1, 9)}
    w = thaw(start(cfg={"combo_fee": reading}, board=board))
    assert kingdom_rank(w, "red") >= 15
    one = placement_fee(w, 0, "red", "C1", 1)
    assert one > 0 and placement_fee(w, 0, "red", "C1", 2) == factor * one


@pytest.mark.parametrize("reading", ["after_tax", "before_income"])
def test_upkeep_timing_reading(reading):
    from rules.shadow_master.flow import do_income
    s = start(cfg={"upkeep_timing": reading}, board=BLUE4, castles=[{"cell": "F6", "owner": 0}],
              players={"0": {"cash": 0, "powers": [["blue", "king"]]}})
    w = thaw(s)
    do_income(w)
    kinds = [e.kind if "castle.upkeep" not in e.cites else "upkeep" for e in w.events if e.kind in ("income", "pay")]
    assert kinds.index("upkeep") > kinds.index("income") if reading == "after_tax" else kinds[0] == "upkeep"
    # with no cash the upkeep paid first forces a sale; paid after the income it does not
    assert any(q.kind == "forced_sale" for q in w.queue) is (reading == "before_income")


@pytest.mark.parametrize("reading,colours", [("any_colour", {"red", "blue"}), ("own_colour", {"red"})])
def test_faith_colour_reading(reading, colours):
    s = start(cfg={"faith_colour": reading}, board={**RED3, **BLUE4},
              players={"0": {"hand": ["E6", "A1", "B2", "B3", "B4"], "powers": [["green", "faith"]]}})
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"}, {"chance": "die", "colour": "blue"})
    placed = {a["colour"] for a in GAME.legal_actions(s, 0) if a["type"] == "place"}
    assert placed == colours
    blue = {"player": 0, "type": "place", "cell": "A1", "colour": "blue"}
    assert (GAME.explain_illegal(s, blue) is None) is (reading == "any_colour")
    s2 = start(cfg={"faith_colour": reading}, board={**RED3, **BLUE4},
               players={"0": {"hand": ["E6", "A1", "B2", "B3", "B4"], "powers": [["blue", "faith"]]}})
    s2, _ = play(s2, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"}, {"chance": "die", "colour": "blue"})
    assert {a["colour"] for a in GAME.legal_actions(s2, 0) if a["type"] == "place"} == {"red", "blue"}


@pytest.mark.parametrize("reading", ["kingdom_tokens", "black_too"])
def test_turncloak_black_reading(reading):
    s = start(cfg={"turncloak_black": reading}, board={**RED3, "A1": ["black", 1], "A3": ["yellow", 1]},
              players={"0": {"hand": ["A1", "A3", "B2", "B3", "B4"], "persons": ["turncloak"]}})
    black = s.black_supply
    s, ev = play(s, *ROLL_RED, {"player": 0, "type": "turncloak", "colour": "red"})
    turned = [c for c, _, _ in next(e for e in ev if e.kind == "turncloak").data["cells"]]
    assert turned == (["A1", "A3"] if reading == "black_too" else ["A3"])
    assert s.position.colour_at("A1") == ("red" if reading == "black_too" else "black")
    assert s.black_supply == black + (1 if reading == "black_too" else 0)


@pytest.mark.parametrize("reading,after", [("partial", {"A1": ("red", 1), "A3": ("yellow", 1)}),
                                           ("whole_cells", {"A1": ("green", 2), "A3": ("red", 1)})])
def test_turncloak_shortage_reading(reading, after):
    reds = {**{f"K{i}": ["red", 3] for i in range(1, 9)}, "L1": ["red", 3], "L2": ["red", 2]}   # 29 of 30 on the map
    s = start(cfg={"turncloak_shortage": reading}, board={**reds, "A1": ["green", 2], "A3": ["yellow", 1]},
              players={"0": {"hand": ["A1", "A3", "B2", "B3", "B4"], "persons": ["turncloak"]}})
    assert s.supply[s.cidx("red")] == 1
    s, _ = play(s, *ROLL_RED, {"player": 0, "type": "turncloak", "colour": "red"})
    assert {c: s.position[c] for c in after} == after


@pytest.mark.parametrize("reading", ["one_cell", "any_cells"])
def test_theron_sources_reading(reading):
    s = start(cfg={"theron_sources": reading, "theron_attack": "no_attack"}, **THERON)
    s, _ = play(s, *ROLL_RED)
    two = [a for a in GAME.legal_actions(s, 0) if a["type"] == "theron" and a.get("source2")]
    if reading == "one_cell":
        assert two == []
        return
    move = next(a for a in two if {a["source"], a["source2"]} == {"A1", "E3"} and a["target"] == "E6")
    assert GAME.describe_action(s, move)[1] == "Lord Theron: move 1 red from A1 and 1 from E3 to E6"
    s, ev = play(s, move)
    assert s.position["E6"] == ("red", 2) and s.position["A1"] == ("red", 1) and "E3" not in s.position


@pytest.mark.parametrize("reading", ["none", "offered"])
def test_ally_buy_reading(reading):
    s = start(cfg={"ally_buy": reading}, board=RED3, players={"0": {"hand": ["X", "B1", "B2", "B3", "B4"]}})
    s, _ = play(s, *ROLL_RED, {"player": 0, "type": "ally", "x": "X1", "colour": "red"})
    if reading == "offered":
        assert s.turn.step == "buy" and {"player": 0, "type": "buy_power", "colour": "red"} in GAME.legal_actions(s, 0)
        s, _ = play(s, {"player": 0, "type": "buy_power", "colour": "red"})
    else:
        assert s.turn.step != "buy"


@pytest.mark.parametrize("reading", ["placements_only", "moves_too"])
def test_castle_capture_by_reading(reading):
    board = {**CASTLE["board"], "A1": ["red", 2]}
    players = {"0": {"hand": ["E4", "A2", "A3", "A4", "B1"], "persons": ["lord_theron"]}, "1": {"powers": [["blue", "king"]]}}
    s = start(cfg={"castle_capture_by": reading, "theron_attack": "no_attack"}, board=board,
              castles=CASTLE["castles"], players=players)
    s, ev = play(s, *ROLL_RED, {"player": 0, "type": "theron", "colour": "red", "source": "A1", "target": "E4", "count": 1})
    captured = [e for e in ev if e.kind == "castle_captured"]
    assert bool(captured) is (reading == "moves_too")
    assert s.castles[0].owner == (0 if reading == "moves_too" else 1)


@pytest.mark.parametrize("reading,upkeep,value", [("standard", 2, 15), ("unvalued", 2, 0)])
def test_castle_values_reading(reading, upkeep, value):
    from rules.shadow_master.flow import do_income
    from rules.shadow_master.scoring import breakdown
    s = start(cfg={"castle_values": reading}, board=BLUE4, castles=[{"cell": "F6", "owner": 0}],
              players={"0": {"powers": [["blue", "king"]]}})
    assert breakdown(s, 0)["shadow"] == value
    w = thaw(s)
    do_income(w)
    assert [e.data["paid"] for e in w.events if e.kind == "pay" and "castle.upkeep" in e.cites] == [upkeep]


@pytest.mark.parametrize("reading,per", [("standard", 10), ("small", 7)])
def test_power_deck_reading(reading, per):
    s = start(cfg={"power_deck": reading})
    assert {sum(d) for d in s.power_decks} == {per}
    assert GAME.invariants(s) == []


def test_table_entries_name_their_data_files():
    reg = {e.id: e for e in load_ambiguities("shadow_master")}
    from rules.shadow_master.tables import tables
    assert reg["castle_values"].data == "shadow_cards.yaml" and reg["power_deck"].data == "power_cards.yaml"
    assert set(reg["castle_values"].reading_ids) == set(tables().shadow.castle_tables)
    assert set(reg["power_deck"].reading_ids) == set(tables().powers.decks)


@pytest.mark.parametrize("reading", ["returned", "frozen"])
def test_out_assets_reading(reading):
    from rules.shadow_master.money import eliminate
    s = start(cfg={"out_assets": reading}, board=BLUE4, castles=[{"cell": "F6", "owner": 1}],
              players={"1": {"cash": 3, "persons": ["turncloak"], "powers": [["blue", "king"]]}})
    w = thaw(s)
    eliminate(w, 1)
    s = w.freeze()
    assert s.players[1].out and GAME.invariants(s) == []
    if reading == "returned":
        assert not s.players[1].powers and s.players[1].cash == 0 and not s.castles and "turncloak" in s.person_supply
    else:
        assert len(s.players[1].powers) == 1 and s.players[1].cash == 3 and len(s.castles) == 1
        assert "turncloak" not in s.person_supply


# ----------------------------------------------------------------------------- issue 8 points 9 and 12b
def test_point_9_and_12b_entries_default_to_the_old_behaviour():
    reg = {e.id: e for e in load_ambiguities("shadow_master")}
    assert reg["person_timing"].default == "instead_of_placing" and reg["person_timing"].reading_ids == [
        "instead_of_placing", "besides_placing"]
    assert reg["end_round_order"].default == "from_first_player" and reg["end_round_order"].reading_ids == [
        "from_first_player", "from_last_player"]


@pytest.mark.parametrize("reading", ["instead_of_placing", "besides_placing"])
def test_person_timing_reading_theron(reading):
    s = start(cfg={"person_timing": reading, "theron_attack": "no_attack", "theron_card": "kept"}, **THERON)
    s, _ = play(s, *ROLL_RED, MOVE)
    if reading == "instead_of_placing":
        assert s.turn.step == "phase3" and s.turn.placed == 0
        return
    assert s.turn.step == "resolve" and s.turn.used_person
    legal = GAME.legal_actions(s, 0)
    assert not any(a["type"] in ("theron", "turncloak", "envoy_ally", "envoy_unally") for a in legal)
    assert {"player": 0, "type": "decline"} in legal
    place = next(a for a in legal if a["type"] == "place" and a["cell"] == "B1")
    s, ev = play(s, place)
    assert s.position["B1"] == ("red", 1) and s.position["E6"] == ("red", 1)
    assert s.turn.step in ("buy", "phase2", "phase3") and s.turn.placed == 1


@pytest.mark.parametrize("reading", ["instead_of_placing", "besides_placing"])
def test_person_timing_reading_turncloak_then_fined_decline(reading):
    s = start(cfg={"person_timing": reading}, board={**RED3, "A3": ["yellow", 1]},
              players={"0": {"hand": ["A3", "B2", "B3", "B4", "B1"], "persons": ["turncloak"]}})
    s, _ = play(s, *ROLL_RED, {"player": 0, "type": "turncloak", "colour": "red"})
    assert s.position["A3"] == ("red", 1)
    if reading == "instead_of_placing":
        assert s.turn.step != "resolve" and s.players[0].cash == 10
        return
    assert s.turn.step == "resolve"
    s, ev = play(s, {"player": 0, "type": "decline"})
    assert s.players[0].cash == 5 and s.turn.step != "resolve"   # the roll's fine (phase1.roll_place)


def _sellers(s):
    out = []
    while s.stage == "sell":
        seat = GAME.current_player(s)
        out.append(seat)
        s, _ = play(s, {"player": seat, "type": "no_sell"})
    return out, s


@pytest.mark.parametrize("reading,order", [("from_first_player", [1, 2, 3, 0]), ("from_last_player", [0, 3, 2, 1])])
def test_end_round_order_reading(reading, order):
    s = start(cfg={"end_round_order": reading}, first_player=1,
              players={str(i): {"cash": 10} for i in range(4)})
    for seat in (1, 2, 3, 0):
        s, _ = play(s, {"player": seat, "type": "skip"}, {"player": seat, "type": "end_turn"})
    sellers, s = _sellers(s)
    assert sellers == order
    assert s.round == 2 and s.first_player == 2   # the First Player passes on under both readings


@pytest.mark.parametrize("reading,order", [("from_first_player", [0, 2]), ("from_last_player", [2, 0])])
def test_end_round_order_reading_deposits(reading, order):
    s = start(n=3, cfg={"end_round_order": reading}, board=BLUE4,
              players={"0": {"cash": 14, "powers": [["blue", "land"]]}, "2": {"cash": 14, "powers": [["blue", "land"]]}})
    for seat in (0, 1, 2):
        s, _ = play(s, {"player": seat, "type": "skip"}, {"player": seat, "type": "end_turn"})
    _, s = _sellers(s)
    depositors = []
    while s.stage == "deposit":
        seat = GAME.current_player(s)
        depositors.append(seat)
        s, _ = play(s, GAME.legal_actions(s, seat)[0])
    assert depositors[:1] == order[:1] and sorted(set(depositors)) == sorted(order)
    assert [d for i, d in enumerate(depositors) if i == 0 or depositors[i - 1] != d] == order


def test_shadow_prices_readings_change_what_a_person_and_a_castle_cost():
    """Ambiguity shadow_prices: the buy label, the payment and the final value follow the reading's
    table (standard by default); the castle count is the text's 4 under both (castle.limit)."""
    from rules.shadow_master import GAME as SM
    from rules.shadow_master.tables import tables
    sh = tables().shadow
    assert sh.castles == 4
    for reading in ("standard", "dear"):
        cfg = SM.make_config({"players": 3, "shadow_prices": reading})
        s = SM.new_game(cfg, 2)
        price = sh.prices(reading).persons["master_of_coin"]
        assert len(s.castle_supply) == 4
        label = SM.describe_action(s, {"player": 0, "type": "buy_person", "card": "master_of_coin"})
        assert f"({price} Silver)" in label[1]
    assert sh.prices("dear").persons["turncloak"] > sh.prices("standard").persons["turncloak"]
    assert SM.default_config(3).shadow_prices == "standard"


# ----------------------------------------------------------------------------- round_limit
PASSIVE = ("skip", "no_buy", "stop_taking", "end_turn", "no_sell", "decline")
"""The most passive choice at each decision (a reader's trial: 110 such decisions, round 37, no end)."""


def all_skip(cfg):
    """A 4-player game in which every seat always takes the most passive choice, to its end:
    ``(final state, events)``.  Nobody places a token, so no end condition of the text holds."""
    import random
    from rules.core.protocol import CHANCE, TERMINAL
    s, events, rng = start(cfg=cfg), [], random.Random(0)
    while GAME.current_player(s) != TERMINAL:
        cp = GAME.current_player(s)
        if cp == CHANCE:
            outs = GAME.chance_outcomes(s)
            a = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
        else:
            seat = cp if isinstance(cp, int) else min(cp)
            legal = GAME.legal_actions(s, seat)
            a = next((x for t in PASSIVE for x in legal if x["type"] == t), legal[0])
        tr = GAME.apply(s, a)
        s, events = tr.state, events + list(tr.events)
    return s, events


def test_round_limit_is_registered_with_no_limit_as_default():
    """The text counts no rounds (end.*): a game nobody ends is a register question, not the engine's."""
    entry = {e.id: e for e in load_ambiguities("shadow_master")}["round_limit"]
    assert entry.variant == "round_limit" and entry.default == "none"
    assert set(entry.reading_ids) == {"none", "last_round_40"}
    assert {"end.trigger_final_round", "order.round_definition"} <= set(entry.clauses)


def test_round_limit_readings_when_everyone_skips():
    """``none``: no end of the text's, so only the engine's safety stop (80 rounds, no rule) closes the
    game; ``last_round_40``: the end of round 39 triggers the end (cites the round's definition and
    end.trigger_final_round), round 40 is the last, then the final count."""
    s, events = all_skip({})
    assert s.round == 80 and not s.end_triggered
    assert [e.kind for e in events].count("round_cap") == 1
    assert GAME.score_breakdown(s)["end_reason"]["id"] == "round_cap"

    s, events = all_skip({"round_limit": "last_round_40"})
    fired = [e for e in events if e.kind == "end_triggered"]
    assert len(fired) == 1 and fired[0].data["last_round"] == 40
    assert set(fired[0].cites) == {"end.trigger_final_round", "order.round_definition"}
    # the register entry in its words (rules.core.ambiguity.ambiguity_ref); its id stays in the data
    assert ambiguity_ref("shadow_master", "round_limit")[1] in fired[0].text_en
    assert fired[0].data["conditions"] == ["round_limit"]
    assert s.round == 40 and s.end_conditions == ("round_limit",) and "round_cap" not in [e.kind for e in events]
    reason = GAME.score_breakdown(s)["end_reason"]
    assert reason["id"] == "final_round" and reason["cites"] == ["end.trigger_final_round", "order.round_definition"]
    th, en = ambiguity_ref("shadow_master", "round_limit")
    assert en in reason["en"] and th in reason["th"]


def test_round_limit_keeps_an_end_already_triggered():
    """An end the text triggered before round 39 keeps its own last round under last_round_40."""
    from rules.shadow_master.scoring import check_round_limit
    w = thaw(start(cfg={"round_limit": "last_round_40"}, round=39, end_triggered=True, last_round=39))
    w.end_conditions = ("end.three_empty",)
    check_round_limit(w)
    assert (w.last_round, w.end_conditions) == (39, ("end.three_empty",))


# ----------------------------------------------------------------------------- ally_off_map (alliance.intro is silent)
@pytest.mark.parametrize("reading", ["on_map", "any_colour"])
def test_ally_off_map_reading(reading):
    """Only red is on the map; blue is rolled and player 0 holds an X card.  Under ``any_colour``
    blue's alliance token is legal and lands in X1; under the default ``on_map`` it is refused at
    alliance.intro, and the refusal names the register's reading."""
    s = start(cfg={"ally_off_map": reading}, board=RED3, players={"0": {"hand": ["X", "B1", "B2", "B3", "B4"]}})
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "blue"})
    ally = {"player": 0, "type": "ally", "x": "X1", "colour": "blue"}
    if reading == "any_colour":
        assert ally in GAME.legal_actions(s, 0)
        s, ev = play(s, ally)
        assert list(s.alliances[0]) == ["blue"] and [e.data["colour"] for e in ev if e.kind == "ally"] == ["blue"]
        assert "blue" not in {c for c, _ in s.position.values()}   # still no blue token on the map
    else:
        assert not [a for a in GAME.legal_actions(s, 0) if a["type"] == "ally" and a["colour"] == "blue"]
        why = GAME.explain_illegal(s, ally)
        ref_th, ref_en = ambiguity_ref("shadow_master", "ally_off_map", "on_map")
        assert why.clause == "alliance.intro" and "not on the map" in why.message_en
        assert ref_en in why.message_en and ref_th in why.message_th, why


def test_ally_off_map_defaults_to_the_old_behaviour():
    entry = next(e for e in load_ambiguities("shadow_master") if e.id == "ally_off_map")
    assert entry.variant == "ally_off_map" and entry.default == "on_map"
    assert [r.id for r in entry.readings] == ["on_map", "any_colour"]
    assert GAME.make_config({"players": 4}).ally_off_map == "on_map"
