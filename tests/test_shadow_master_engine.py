"""Shadow Master engine: rule areas one by one, variants, refusals and bad input."""
import pytest

from rules.core.protocol import CHANCE, TERMINAL, BadInput, IllegalAction
from rules.shadow_master import GAME
from rules.shadow_master import board as B
from rules.shadow_master.attack import plan, what_if
from rules.shadow_master.config import Config, reading_value
from rules.shadow_master.powers import limit_sources, power_limit, territory_limit
from rules.core.ambiguity import ambiguity_ref, load_ambiguities
from rules.shadow_master.tables import tables


def start(n=4, seed=3, **over):
    cfg = {k[4:]: over.pop(k) for k in list(over) if k.startswith("cfg_")}
    s = GAME.new_game(GAME.make_config({"players": n, **cfg}), seed)
    return GAME.apply_overrides(s, {"first_player": 0, **over})


def play(s, *actions):
    events = []
    for a in actions:
        tr = GAME.apply(s, a)
        events += tr.events
        s = tr.state
        assert GAME.invariants(s) == []
    return s, events


def roll_place(s, colour, cell, seat=0):
    return play(s, {"player": seat, "type": "roll"}, {"chance": "die", "colour": colour},
                {"player": seat, "type": "place", "cell": cell, "colour": colour})


BLUE4 = {"F6": ["blue", 2], "F7": ["blue", 1], "G6": ["blue", 1], "G7": ["blue", 2]}
HAND = ["E6", "A1", "A2", "A3", "A4"]


# ----------------------------------------------------------------------------- config and register
def test_config_defaults_are_the_register_defaults():
    fields = Config.model_fields
    entries = [a for a in load_ambiguities("shadow_master") if a.variant]
    assert entries, "the register is empty"
    for a in entries:
        assert a.variant in fields, a.id
        default = next(r for r in a.readings if r.id == a.default)
        expected = getattr(default, 'value', None) if getattr(default, 'value', None) is not None else default.id
        assert fields[a.variant].default == expected, a.id
        for r in a.readings:   # every reading is an accepted config value
            GAME.make_config({"players": 3, a.variant: reading_value(r)})


def test_config_fields_are_the_register_variants():
    """Both lists agree: no register entry missing from Config, no Config variant missing from it."""
    from rules.shadow_master.config import register_mismatches
    assert register_mismatches() == []


def test_register_clauses_exist():
    from rules.core.rulebook import load_rulebook
    ids = load_rulebook("shadow_master").ids
    for a in load_ambiguities("shadow_master"):
        assert set(a.clauses) <= ids, a.id


def test_bad_config_names_the_field():
    with pytest.raises(BadInput) as e:
        GAME.make_config({"players": 4, "size_measure": "weight"})
    assert e.value.field == "size_measure"
    with pytest.raises(BadInput) as e:
        GAME.make_config({"players": 9})
    assert e.value.field == "players"


# ----------------------------------------------------------------------------- setup and order
def test_setup():
    s = GAME.new_game(GAME.default_config(4), 11)
    lim = tables().limits.territory_limit[4]
    assert all(p.cash == 10 and not p.powers and not p.persons and len(p.hand) == lim for p in s.players)
    assert GAME.current_player(s) == 0 and s.turn.step == "choose"
    assert GAME.new_game(GAME.default_config(4), 11) == s          # same seed, same deal
    assert GAME.new_game(GAME.default_config(4), 12).players != s.players


def test_first_player_rotates_and_round_has_income():
    s = start(n=3)
    for seat in (0, 1, 2):
        s, _ = play(s, {"player": seat, "type": "skip"}, {"player": seat, "type": "end_turn"})
    assert s.stage == "sell"
    for seat in (0, 1, 2):
        s, ev = play(s, {"player": seat, "type": "no_sell"})
    assert [e.kind for e in ev].count("income") == 3
    assert s.round == 2 and s.first_player == 1 and GAME.current_player(s) == 1


# ----------------------------------------------------------------------------- phase 1
def test_refusals_name_the_clause_and_leave_the_state():
    s = start(board={"E6": ["blue", 3]}, players={"0": {"hand": ["E6", "E7", "A2", "A3", "A4"]}})
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "blue"})
    before = GAME.state_to_json(s)
    cases = [({"player": 0, "type": "place", "cell": "E6", "colour": "blue"}, "board.cell_capacity"),
             ({"player": 0, "type": "place", "cell": "H1", "colour": "blue"}, "phase1.territory_required"),
             ({"player": 0, "type": "place", "cell": "E7", "colour": "red"}, "phase1.roll_place"),
             ({"player": 1, "type": "decline"}, "order.rounds_first_player"),
             ({"player": 0, "type": "fly"}, "phase1.roll_place")]
    for action, clause in cases:
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, action)
        assert e.value.clause == clause and e.value.message_th and e.value.message_en
    assert GAME.state_to_json(s) == before


def test_one_token_per_cell_per_round():
    s = start(players={"0": {"hand": ["E6", "A1", "A2", "A3", "A4"]}},
              cells_this_round=["A1"])
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, {"player": 0, "type": "place", "cell": "A1", "colour": "red"})
    assert e.value.clause == "territory.one_per_round"


def test_decline_costs_five():
    s = start()
    s, ev = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"}, {"player": 0, "type": "decline"})
    assert s.players[0].cash == 5 and s.turn.step == "phase3"


def test_faith_rolls_two_dice():
    s = start(players={"0": {"powers": [["red", "faith"]]}})
    s, _ = play(s, {"player": 0, "type": "roll"})
    assert s.chance.kind == "die" and s.chance.count == 2
    s, ev = play(s, {"chance": "die", "colour": "blue"}, {"chance": "die", "colour": "green"})
    colours = {a["colour"] for a in GAME.legal_actions(s, 0) if a["type"] == "place"}
    assert colours == {"blue", "green"}


def test_rank15_fee_and_master_of_coin():
    cells = {f"{r}{c}": ["red", 1] for r in "CDE" for c in range(1, 6)}   # 15 red cells in one group
    s = start(board=cells, players={"0": {"hand": ["C6", "A1", "A2", "A3", "A4"]}})
    s2, ev = roll_place(s, "red", "C6")
    fee = tables().rank.tables["standard"].income_at(15)
    assert next(e for e in ev if e.kind == "place").data["fee"] == fee
    s3 = GAME.apply_overrides(s, {"players.0.persons": ["master_of_coin"]})
    s3, ev = roll_place(s3, "red", "C6")
    assert next(e for e in ev if e.kind == "place").data["fee"] == max(0, fee - 10)


def test_master_of_coin_fee_cut_to_zero_still_cites_the_rank15_rule():
    # phase1.rank15_fee + shadow.master_of_coin decided a zero fee: the place event must say so
    cells = {f"{r}{c}": ["red", 1] for r in "CDE" for c in range(1, 6)}   # red Rank 15
    s = start(board=cells, players={"0": {"hand": ["C6", "A1", "A2", "A3", "A4"], "persons": ["master_of_coin"]}})
    _, ev = roll_place(s, "red", "C6")
    place = next(e for e in ev if e.kind == "place")
    assert place.data["fee"] == 0 and s.players[0].cash == 10
    assert {"phase1.rank15_fee", "shadow.master_of_coin"} <= set(place.cites)
    s2 = start(board={"C1": ["red", 1]}, players={"0": {"hand": ["C2", "A1", "A2", "A3", "A4"], "persons": ["master_of_coin"]}})
    _, ev = roll_place(s2, "red", "C2")                                 # Rank 1: the rule does not apply
    assert not {"phase1.rank15_fee", "shadow.master_of_coin"} & set(next(e for e in ev if e.kind == "place").cites)


def test_buy_cites_the_power_limit_sources_that_allowed_it():
    # base 2 + King + Queen/King combo: a third card may be bought and the buy cites why
    s = start(board={"E3": ["red", 1], "E4": ["red", 1]},
              players={"0": {"hand": HAND, "powers": [["blue", "king"], ["blue", "queen"]]}})
    s, _ = roll_place(s, "red", "E6")
    assert s.turn.step == "buy"
    _, ev = play(s, {"player": 0, "type": "buy_power", "colour": "red"})
    cites = set(next(e for e in ev if e.kind == "buy_power").cites)
    assert {"power.limit", "power.deck_counts", "power_limit.definition", "power_limit.king", "power_card.king",
            "power_combo.queen_king", "power_limit.combo", "power_combo.same_colour"} <= cites
    assert "power_combo.land_land" not in cites


def test_money_moves_refused_after_the_turn_cite_move_phases():
    s = start(n=2, players={"0": {"powers": [["red", "faith"], ["blue", "tax"]], "deposits": {"red": 5}}})
    for seat in (0, 1):
        s, _ = play(s, {"player": seat, "type": "skip"}, {"player": seat, "type": "end_turn"})
    assert s.stage == "sell"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, {"player": 0, "type": "move_money", "source": "red", "target": "blue", "amount": 5})
    assert e.value.clause == "money.move_phases"


def test_buy_power_price_is_rank_and_the_card_is_random():
    s = start(board={"E3": ["red", 1], "E4": ["red", 1]}, players={"0": {"hand": HAND}})
    s, _ = roll_place(s, "red", "E6")
    assert s.turn.step == "buy" and B.rank(s.position, "red") == 2
    s, _ = play(s, {"player": 0, "type": "buy_power", "colour": "red"})
    assert GAME.current_player(s) == CHANCE and s.players[0].cash == 10 - 2   # price = Rank 2 (E3 E4)
    outcomes = GAME.chance_outcomes(s)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) == 6
    s, ev = play(s, {"chance": "power", "colour": "red", "kind": "land"})
    assert ("red", "land") in s.players[0].powers
    assert s.chance is not None and s.chance.purpose == "hand"          # Land draws a Territory card
    assert any(e.kind == "land_draw" for e in ev)


def test_black_needs_all_six_colours():
    s = start(players={"0": {"hand": ["H4", "A1", "A2", "A3", "A4"]}})
    assert not [a for a in GAME.legal_actions(s, 0) if a["type"] == "black"]
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, {"player": 0, "type": "black", "cell": "H4"})
    assert e.value.clause == "black.after_six_colours"


# ----------------------------------------------------------------------------- attacks and variants
def test_plan_kinds_and_size_measure_variant():
    b = B.load_board(4)
    pos = B.position_from_json(b, {**BLUE4, "E3": ["red", 3], "E4": ["red", 3], "E5": ["red", 3], "E6": ["red", 1]})
    cells = plan(pos, ((),) * 3, "E6", "red", frozenset({"blue"}), Config(players=4))
    assert cells.kind == "tempo"                                          # 4 cells vs 4 cells
    tokens = plan(pos, ((),) * 3, "E6", "red", frozenset({"blue"}), Config(players=4, size_measure="tokens"))
    assert tokens.kind == "full_force" and tokens.attacker_size == 10 and tokens.defender_size == 6


def test_largest_stack_removal_needs_no_choice():
    s = start(cfg_removal_picker="largest_stack", board={**BLUE4, "E2": ["red", 1], "E3": ["red", 1],
              "E4": ["red", 1], "E5": ["red", 1]}, players={"0": {"hand": HAND}})
    s, ev = roll_place(s, "red", "E6")
    removed = [(e.data["cell"]) for e in ev if e.kind == "tokens_removed"]
    assert removed == ["F6", "G7", "F6", "F7"] and s.turn.step == "buy"     # fullest first, then board order


def test_attack_scope_cell_variant():
    board = {**BLUE4, "E3": ["red", 1], "E4": ["red", 1], "E5": ["red", 1], "E6": ["red", 1]}
    # E2 joins a group whose far end (E6) touches blue: an attack with scope=group, none with scope=cell
    s = start(cfg_attack_scope="cell", board=board, players={"0": {"hand": ["E2", "A1", "A2", "A3", "A4"]}})
    s, ev = roll_place(s, "red", "E2")
    assert not [e for e in ev if e.kind == "attack"]
    s = start(board=board, players={"0": {"hand": ["E2", "A1", "A2", "A3", "A4"]}})
    s, ev = roll_place(s, "red", "E2")
    assert [e.data["kind"] for e in ev if e.kind == "attack"] == ["full_force"]


def test_siege_blocked_variant_counts_the_edge():
    # blue A1 sits on the map corner; red touches it once (A2) - only the "blocked" reading sieges it
    board = {"A1": ["blue", 1], "A3": ["red", 1], "A4": ["red", 1], "A5": ["red", 1]}
    for reading, sieged in (("attacker", False), ("blocked", True)):
        s = start(cfg_siege_enclosure=reading, board=board, players={"0": {"hand": ["A2", "H1", "H2", "H3", "H4"]}})
        s, ev = roll_place(s, "red", "A2")
        assert any(e.kind == "attack" and e.data["kind"] == "siege" for e in ev) is sieged


def test_allies_rank_variant():
    over = dict(alliances={"X1": ["red", "yellow"]}, board={"E2": ["red", 1], "E3": ["yellow", 1], "E4": ["red", 1]})
    sep = GAME.state_to_json(start(**over))
    merged = GAME.state_to_json(start(cfg_allies_rank="merged", **over))
    assert sep["rank"]["red"] == 1 and merged["rank"]["red"] == 3 and merged["rank"]["yellow"] == 3


def test_what_if_overlay():
    b = B.load_board(4)
    pos = B.position_from_json(b, {**BLUE4, "E2": ["red", 1], "E3": ["red", 1], "E4": ["red", 1], "E5": ["red", 1]})
    out = what_if(pos, ((),) * 3, "red", ["E6", "A1", "F6"], Config(players=4))
    assert out["E6"] == {"kind": "full_force", "remove": 4, "defender": ["blue"], "fronts": 1}
    assert out["A1"]["kind"] == "none" and "F6" not in out


# ----------------------------------------------------------------------------- alliances
def test_alliance_with_x_card_and_reset_at_four():
    board = {"A1": ["red", 1], "A3": ["blue", 1], "A5": ["green", 1], "A7": ["yellow", 1]}
    s = start(board=board, alliances={"X1": ["red", "blue", "green"]}, players={"0": {"hand": ["X", "H1", "H2", "H3", "H4"]}})
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "yellow"})
    assert {"player": 0, "type": "ally", "x": "X1", "colour": "yellow"} in GAME.legal_actions(s, 0)
    s, ev = play(s, {"player": 0, "type": "ally", "x": "X1", "colour": "yellow"})
    assert [e.kind for e in ev][:2] == ["ally", "alliance_reset"] and s.alliances[0] == ()
    assert "X" not in s.players[0].hand and s.turn.placed == 1 and s.turn.spent == 1


# ----------------------------------------------------------------------------- money
def test_move_money_fee_and_once_per_round():
    s = start(players={"0": {"powers": [["red", "faith"], ["blue", "tax"]], "deposits": {"red": 25}}})
    s, ev = play(s, {"player": 0, "type": "move_money", "source": "red", "target": "blue", "amount": 20})
    p = s.players[0]
    assert p.deposits[0] == 5 and p.deposits[1] == 18 and p.moved_money
    assert not [a for a in GAME.legal_actions(s, 0) if a["type"] == "move_money"]
    s2 = start(cfg_move_fee="on_top", players={"0": {"powers": [["red", "faith"], ["blue", "tax"]], "deposits": {"red": 25}}})
    s2, _ = play(s2, {"player": 0, "type": "move_money", "source": "red", "target": "blue", "amount": 20})
    assert s2.players[0].deposits[1] == 20 and s2.players[0].cash == 8


def test_deposit_limit_card_value_returns_the_rest():
    over = dict(board={"C2": ["red", 1], "C3": ["red", 1]}, players={"0": {"cash": 30, "powers": [["red", "faith"]]}})
    s = start(n=2, cfg_deposit_limit="card_value", **over)
    for seat in (0, 1):
        s, _ = play(s, {"player": seat, "type": "skip"}, {"player": seat, "type": "end_turn"})
    s, _ = play(s, {"player": 0, "type": "no_sell"}, {"player": 1, "type": "no_sell"})
    # income 1 (Rank 2) -> 31 cash; the red deposit may hold 2 (Rank 2 x 1 card)
    assert s.stage == "deposit" and max(a["amount"] for a in GAME.legal_actions(s, 0)) == 2
    s, ev = play(s, {"player": 0, "type": "deposit", "colour": "red", "amount": 2})
    assert s.players[0].cash == 10 and any(e.kind == "cash_returned" and e.data["amount"] == 19 for e in ev)


# ----------------------------------------------------------------------------- Power Limit
def test_power_limit_sources():
    s = start(n=3)
    s = GAME.apply_overrides(s, {"players.0.powers": [["red", "king"], ["red", "queen"], ["blue", "land"], ["blue", "land"]]})
    labels = {label: n for label, n, _ in limit_sources(s, 0)}
    assert labels == {"base": 2, "king": 1, "queen_king": 1, "land_land": 1}
    assert power_limit(s, 0) == 5 and territory_limit(s, 0) == tables().limits.territory_limit[3] + 2
    cells = {f"{r}{c}": ["red", 1] for r in "CDE" for c in range(1, 6)}
    s = GAME.apply_overrides(s, {"board": cells})
    assert dict((lab, n) for lab, n, _ in limit_sources(s, 1))["rank15"] == 1


# ----------------------------------------------------------------------------- persons and castles
def test_turncloak_and_theron_and_envoy():
    board = {"H1": ["blue", 2], "H2": ["green", 1], "C3": ["red", 2], "A1": ["yellow", 1]}
    s = start(board=board, players={"0": {"hand": ["H1", "H2", "J1", "J2", "J3"],
                                          "persons": ["turncloak", "lord_theron", "shadow_envoy"]}})
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    legal = GAME.legal_actions(s, 0)
    assert {"player": 0, "type": "turncloak", "colour": "red"} in legal
    assert {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2} in legal
    assert {"player": 0, "type": "envoy_ally", "x": "X2", "colour": "red"} in legal
    s2, ev = play(s, {"player": 0, "type": "turncloak", "colour": "red"})
    assert s2.position["H1"] == ("red", 2) and s2.position["H2"] == ("red", 1)
    assert {e.data["colour"] for e in ev if e.kind == "collapse"} == {"blue", "green"}
    s3, _ = play(s, {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2})
    assert "C3" not in s3.position and s3.position["J1"] == ("red", 2) and "J1" not in s3.players[0].hand


def test_castle_build_conditions():
    group = {"D3": ["red", 1], "D4": ["red", 1], "D5": ["red", 1], "D6": ["red", 1], "E4": ["red", 1]}
    s = start(board={**group, "F5": ["black", 1]}, players={"0": {"cash": 30, "powers": [["red", "faith"]]}})
    builds = {a["cell"] for a in GAME.legal_actions(s, 0) if a["type"] == "build_castle"}
    assert builds == {"D3", "D4", "D5", "D6", "E4"}
    s, ev = play(s, {"player": 0, "type": "build_castle", "cell": "E4"})
    price, restore = tables().shadow.prices("standard").castle, tables().shadow.restore_cost
    assert s.players[0].cash == 30 - price - restore and "F5" not in s.position      # black within 2 restored
    assert s.castles[0].cell == "E4" and s.players[0].castles == (1,)
    no_power = start(board=group, players={"0": {"cash": 30}})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(no_power, {"player": 0, "type": "build_castle", "cell": "D4"})
    assert e.value.clause == "castle.need_power"


# ----------------------------------------------------------------------------- overrides and views
def test_bad_overrides():
    s = GAME.new_game(GAME.default_config(4), 1)
    for over, field in (({"board": {"Z1": ["red", 1]}}, "Z1"), ({"players.0.powers": [["red", "dragon"]]}, "players.0.powers"),
                        ({"weather": 1}, "weather"), ({"players.9.cash": 1}, "players.9")):
        with pytest.raises(BadInput) as e:
            GAME.apply_overrides(s, over)
        assert field in e.value.field and e.value.message_th and e.value.message_en


def test_observe_hides_other_hands_only():
    s = GAME.new_game(GAME.default_config(3), 5)
    o = GAME.observe(s, 1)
    assert o["players"][1]["hand"] == list(s.players[1].hand)
    assert o["players"][0]["hand"] is None and o["players"][0]["hand_size"] == len(s.players[0].hand)
    assert o["deck"] is None and o["deck_size"] == len(s.deck)
    assert GAME.observe(s, None)["players"][1]["hand"] is None


def test_observe_turns_every_hand_up_once_the_game_is_over_and_not_before():
    """The play page's end panel read the hands from the engine's full state (``state_to_json``): a
    view reading more than the seat's observation.  The engine's ``observe`` now shows every hand to
    every viewer once the game is over (as Coup's does), and before that no other seat's hand; the
    deck stays hidden.  A whole greedy-bot game (nobody goes out, so every hand holds cards)."""
    import random
    from rules.core.play import choose_action
    from rules.shadow_master.bots import greedy_bot
    s = GAME.new_game(GAME.default_config(3), 3)
    rng, viewers, checked = random.Random(3), [0, 1, 2, None], 0
    while (cp := GAME.current_player(s)) != TERMINAL:
        if checked % 25 == 0:  # before the end: a viewer sees its own hand only, a spectator none
            for v in viewers:
                o = GAME.observe(s, v)
                assert [p["hand"] for p in o["players"]] == [
                    list(p.hand) if i == v else None for i, p in enumerate(s.players)], (checked, v)
        checked += 1
        a = (choose_action(GAME, s, None, rng) if cp == CHANCE
             else greedy_bot(GAME.observe(s, cp), GAME.legal_actions(s, cp), rng))
        s = GAME.apply(s, a).state
    assert s.stage == "over" and checked > 100
    assert all(p.hand for p in s.players)  # something to turn up in every seat
    for v in viewers:
        o = GAME.observe(s, v)
        assert [p["hand"] for p in o["players"]] == [list(p.hand) for p in s.players], v
        assert [p["hand"] for p in o["players"]] == [p["hand"] for p in GAME.state_to_json(s)["players"]]
        assert o["deck"] is None and o["deck_size"] == len(s.deck)
        # nothing hidden left in the hands: a re-deal for this viewer keeps them (only the deck moves)
        other = GAME.resample_hidden(s, v, random.Random(1))
        assert [p.hand for p in other.players] == [p.hand for p in s.players]
        assert GAME.observe(other, v) == o


def test_final_round_income_reading_changes_the_last_round():
    """Ambiguity ``rounding_notes``: with income the last round pays out before the count; without, not."""
    import random
    from rules.core.play import playout
    from rules.shadow_master.bots import greedy_bot
    tails = {}
    for reading in ("with_income", "without_income"):
        cfg = GAME.make_config({"players": 2, "final_round_income": reading})
        po = playout(GAME, GAME.new_game(cfg, 0), random.Random(0), {0: greedy_bot, 1: greedy_bot})
        kinds = [e.kind for e in po.events]
        last = max(i for i, k in enumerate(kinds) if k == "round_over")
        tails[reading] = kinds[last:]
    assert tails["without_income"] == ["round_over", "game_over"]
    assert "income" in tails["with_income"] and tails["with_income"][-1] == "game_over"


# ----------------------------------------------------------------------------- readings found in review
RED14 = {f"{r}{c}": ["red", 1] for r in "CDE" for c in range(1, 6) if f"{r}{c}" != "E5"}   # red Rank 14


def test_rank15_fee_timing_reading_decides_the_token_that_reaches_15():
    """Ambiguity ``rank15_fee_timing``: E5 lifts red from Rank 14 to 15; free by the Rank before,
    the Rank 15 fee by the Rank after."""
    fee15 = tables().rank.tables["standard"].income_at(15)
    assert fee15 > 0
    results = {}
    for reading in ("rank_before", "rank_after"):
        s = start(cfg_rank15_fee_timing=reading, board=RED14, players={"0": {"hand": ["E5", "A1", "A2", "A3", "A4"]}})
        assert B.rank(s.position, "red") == 14
        s, ev = roll_place(s, "red", "E5")
        place = next(e for e in ev if e.kind == "place")
        assert B.rank(s.position, "red") == 15 and place.data["rank"] == 15
        results[reading] = (place.data["fee"], s.players[0].cash, "phase1.rank15_fee" in place.cites)
    assert results == {"rank_before": (0, 10, False), "rank_after": (fee15, 10 - fee15, True)}


def test_rank15_fee_after_placing_is_refused_when_unaffordable():
    # rank_after: the Rank 15 fee must be payable before the token that reaches 15 may go down
    over = dict(board=RED14, players={"0": {"hand": ["E5", "A1", "A2", "A3", "A4"], "cash": 0}})
    s, _ = play(start(cfg_rank15_fee_timing="rank_after", **over), {"player": 0, "type": "roll"},
                {"chance": "die", "colour": "red"})
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, {"player": 0, "type": "place", "cell": "E5", "colour": "red"})
    assert e.value.clause == "phase1.rank15_fee" and GAME.state_to_json(s) == before
    s2, _ = play(start(**over), {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    assert {"player": 0, "type": "place", "cell": "E5", "colour": "red"} in GAME.legal_actions(s2, 0)


THERON_BOARD = {"C3": ["red", 2], "H1": ["red", 1], "A1": ["yellow", 1]}


def theron_start(seat1_powers=(), **over):
    return start(board=THERON_BOARD, players={"0": {"hand": ["J1", "J2", "J3", "A5", "A6"], "persons": ["lord_theron"]},
                                              "1": {"powers": [list(p) for p in seat1_powers]}}, **over)


def test_theron_damage_reading_charges_an_emptied_cell():
    """Ambiguity ``theron_damage``: Theron empties C3; only ``on_empty`` charges red's Power holder."""
    per_cell = tables().damage.tables["by_cards"].at(1)
    assert per_cell > 0
    cash = {}
    for reading in ("none", "on_empty"):
        s = theron_start(seat1_powers=[("red", "faith")], cfg_theron_damage=reading)
        s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
        s, ev = play(s, {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2})
        assert "C3" not in s.position and s.position["J1"] == ("red", 2)
        pays = [e for e in ev if "attack.damage_on_empty" in e.cites]
        assert bool(pays) is (reading == "on_empty")
        cash[reading] = s.players[1].cash
    assert cash == {"none": 10, "on_empty": 10 - per_cell}
    # moving one of two tokens leaves C3 standing: no damage in either reading
    s = theron_start(seat1_powers=[("red", "faith")], cfg_theron_damage="on_empty")
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    s, _ = play(s, {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 1})
    assert s.players[1].cash == 10


def test_theron_one_per_round_reading():
    """Ambiguity ``theron_one_per_round``: J1 already got a token this round; Theron may still move
    there when the rule is ignored, not when it applies (and then his move blocks J2 for the round)."""
    move = {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2}
    s = theron_start(cells_this_round=["J1"])
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    assert move in GAME.legal_actions(s, 0)
    s, _ = play(s, move)
    assert s.position["J1"] == ("red", 2)

    s = theron_start(cells_this_round=["J1"], cfg_theron_one_per_round="applies")
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    legal = GAME.legal_actions(s, 0)
    assert move not in legal and {**move, "target": "J2"} in legal
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, move)
    assert e.value.clause == "territory.one_per_round" and GAME.state_to_json(s) == before
    s, ev = play(s, {**move, "target": "J2"})
    assert "J2" in s.cells_this_round and "territory.one_per_round" in next(e for e in ev if e.kind == "theron").cites
    ignored = theron_start()
    ignored, _ = play(ignored, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"}, {**move, "target": "J2"})
    assert "J2" not in ignored.cells_this_round


def test_theron_castle_reading_decides_a_castle_he_empties():
    """Ambiguity ``theron_castle``: Theron moves both red tokens out of C3, which has seat 1's castle.
    ``ignore`` (default) leaves the castle on the empty cell; ``castle_emptied_applies`` lets the
    ``castle_emptied`` reading decide (destroyed by default, kept under ``stays``);
    ``castle_cells_locked`` refuses the move out of C3 (clause ``castle.risk``), state untouched."""
    move = {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2}
    outcome = {}
    for reading, emptied in (("ignore", "destroyed"), ("castle_emptied_applies", "destroyed"),
                             ("castle_emptied_applies", "stays")):
        s = theron_start(castles=[{"cell": "C3", "owner": 1}], cfg_theron_castle=reading, cfg_castle_emptied=emptied)
        s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
        assert move in GAME.legal_actions(s, 0)
        s, ev = play(s, move)
        assert "C3" not in s.position and s.position["J1"] == ("red", 2)
        destroyed = [e for e in ev if e.kind == "castle_destroyed"]
        outcome[reading, emptied] = ([(c.cell, c.owner) for c in s.castles], s.players[1].castles, len(destroyed))
        if destroyed:
            assert "shadow.lord_theron" in destroyed[0].cites and "castle.risk" in destroyed[0].cites
    card = outcome["ignore", "destroyed"][1][0]
    assert outcome == {("ignore", "destroyed"): ([("C3", 1)], (card,), 0),
                       ("castle_emptied_applies", "destroyed"): ([], (), 1),
                       ("castle_emptied_applies", "stays"): ([("C3", 1)], (card,), 0)}

    s = theron_start(castles=[{"cell": "C3", "owner": 1}], cfg_theron_castle="castle_cells_locked")
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    legal = GAME.legal_actions(s, 0)
    assert not [a for a in legal if a["type"] == "theron" and a["source"] == "C3"]
    assert {**move, "source": "H1", "count": 1} in legal
    before = GAME.state_to_json(s)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, move)
    # the refusal names the register reading in the register's words (rules.core.ambiguity.ambiguity_ref)
    th, en = ambiguity_ref("shadow_master", "theron_castle", "castle_cells_locked")
    assert e.value.clause == "castle.risk" and en in e.value.message_en and th in e.value.message_th
    assert GAME.state_to_json(s) == before


def test_invariants_still_catch_an_empty_castle_cell_without_theron():
    """The invariant allows an empty castle cell only where Lord Theron could have emptied it."""
    from dataclasses import replace
    s = theron_start(castles=[{"cell": "C3", "owner": 1}])
    red = s.cidx("red")
    supply = tuple(n + 2 if i == red else n for i, n in enumerate(s.supply))
    empty = replace(s, position=B.remove_token(s.position, "C3", 2), supply=supply)
    assert GAME.invariants(empty) == []   # seat 0 holds Lord Theron: allowed under theron_castle=ignore
    players = (replace(empty.players[0], persons=()),) + empty.players[1:]
    broken = replace(empty, players=players, person_supply=tuple(sorted(empty.person_supply + ("lord_theron",))))
    assert any("castle on C3" in m for m in GAME.invariants(broken))


# ----------------------------------------------------------------------------- a castle remembers its colour
def next_turn_with_c3(s, **over):
    """Jump to seat 0's phase 1 choice holding the C3 card (the castle cell), nothing placed yet."""
    return GAME.apply_overrides(s, {"first_player": 0, "cells_this_round": [],
                                    "players.0.hand": ["C3", "J2", "J3", "A5", "A6"], **over})


def test_castle_colour_is_set_when_built_and_shown():
    group = {"D3": ["red", 1], "D4": ["red", 1], "D5": ["red", 1], "D6": ["red", 1], "E4": ["red", 1]}
    s = start(board=group, players={"0": {"cash": 30, "powers": [["red", "faith"]]}})
    s, ev = play(s, {"player": 0, "type": "build_castle", "cell": "E4"})
    assert s.castles[0].colour == "red" and next(e for e in ev if e.kind == "castle_built").data["colour"] == "red"
    assert GAME.state_to_json(s)["castles"] == [{"card": 1, "cell": "E4", "owner": 0, "colour": "red"}]
    assert GAME.observe(s, 2)["castles"] == GAME.state_to_json(s)["castles"]


def test_castle_emptied_reading_decides_which_colour_an_emptied_castle_cell_takes():
    """Ambiguity ``castle_emptied`` (here applied to Lord Theron's move, ``theron_castle=castle_emptied_applies``):
    Theron moves both red tokens out of C3, seat 1's red castle.  ``destroyed``: the castle goes and
    C3 is an ordinary empty cell, blue may go there.  ``stays``: the castle stays red, so a blue
    placement is refused (``castle.on_own_colour``, Thai + English, state untouched) and red is allowed."""
    move = {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2}
    blue_die = [{"player": 0, "type": "roll"}, {"chance": "die", "colour": "blue"}]
    blue = {"player": 0, "type": "place", "cell": "C3", "colour": "blue"}
    for emptied in ("destroyed", "stays"):
        s = theron_start(castles=[{"cell": "C3", "owner": 1}], cfg_theron_castle="castle_emptied_applies",
                         cfg_castle_emptied=emptied)
        s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"}, move)
        s, _ = play(next_turn_with_c3(s), *blue_die)
        if emptied == "destroyed":
            assert s.castles == () and blue in GAME.legal_actions(s, 0)
            s, _ = play(s, blue)
            assert s.position["C3"] == ("blue", 1)
            continue
        assert [(c.cell, c.owner, c.colour) for c in s.castles] == [("C3", 1, "red")]
        assert GAME.state_to_json(s)["castles"][0]["colour"] == "red"
        assert blue not in GAME.legal_actions(s, 0)
        before = GAME.state_to_json(s)
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, blue)
        assert e.value.clause == "castle.on_own_colour" and GAME.state_to_json(s) == before
        assert "red" in e.value.message_en and "C3" in e.value.message_en
        assert "แดง" in e.value.message_th and "C3" in e.value.message_th
        red = next_turn_with_c3(s)
        red, _ = play(red, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"},
                      {"player": 0, "type": "place", "cell": "C3", "colour": "red"})
        assert red.position["C3"] == ("red", 1) and red.castles[0].colour == "red"


def test_theron_ignore_leaves_a_coloured_castle_on_the_empty_cell():
    """``theron_castle=ignore`` (default) with ``castle_emptied=destroyed``: the castle Theron leaves
    on C3 keeps its red colour; a blue token is refused there (``castle.on_own_colour``), and so is
    Theron moving blue tokens into C3, while red may still come back."""
    s = theron_start(castles=[{"cell": "C3", "owner": 1}])
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"},
                {"player": 0, "type": "theron", "colour": "red", "source": "C3", "target": "J1", "count": 2})
    assert "C3" not in s.position and [(c.cell, c.colour) for c in s.castles] == [("C3", "red")]
    s = next_turn_with_c3(s, board={"J1": ["red", 2], "H1": ["red", 1], "A1": ["yellow", 1], "F6": ["blue", 2]})
    s, _ = play(s, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "blue"})
    legal = GAME.legal_actions(s, 0)
    assert {"player": 0, "type": "place", "cell": "J2", "colour": "blue"} in legal
    assert not [a for a in legal if a.get("cell") == "C3" or a.get("target") == "C3"]
    before = GAME.state_to_json(s)
    for bad in ({"player": 0, "type": "place", "cell": "C3", "colour": "blue"},
                {"player": 0, "type": "theron", "colour": "blue", "source": "F6", "target": "C3", "count": 1}):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, bad)
        assert e.value.clause == "castle.on_own_colour" and e.value.message_th and GAME.state_to_json(s) == before
    red = next_turn_with_c3(s)
    red, _ = play(red, {"player": 0, "type": "roll"}, {"chance": "die", "colour": "red"})
    theron_back = {"player": 0, "type": "theron", "colour": "red", "source": "J1", "target": "C3", "count": 2}
    assert theron_back in GAME.legal_actions(red, 0)
    assert {"player": 0, "type": "place", "cell": "C3", "colour": "red"} in GAME.legal_actions(red, 0)
    red, _ = play(red, theron_back)
    assert red.position["C3"] == ("red", 2)


def test_castle_capture_turns_the_castle_to_the_capturers_colour():
    board = {"D4": ["blue", 2], "D3": ["red", 1], "C4": ["red", 1], "C5": ["red", 1], "D5": ["red", 1]}
    s = start(board=board, castles=[{"cell": "D4", "owner": 1}], players={"0": {"hand": ["E4", "A1", "A2", "A3", "A4"]}})
    assert s.castles[0].colour == "blue"
    s, ev = roll_place(s, "red", "E4")
    assert any(e.kind == "castle_captured" for e in ev)
    assert [(c.cell, c.owner, c.colour) for c in s.castles] == [("D4", 0, "red")] and s.position["D4"][0] == "red"


def test_castle_colour_overrides_and_invariant():
    """Overrides: ``colour`` defaults to the cell's tokens, must agree with them, is needed on an
    empty cell, and an empty castle cell needs a reading that keeps it.  The invariant catches a
    castle whose cell holds another colour."""
    from dataclasses import replace
    s = start(board=THERON_BOARD, cfg_castle_emptied="stays", castles=[{"cell": "D4", "owner": 1, "colour": "green"}])
    assert s.castles[0].colour == "green" and "D4" not in s.position and GAME.invariants(s) == []
    base = GAME.new_game(GAME.default_config(4), 1)
    for over, field in (({"board": THERON_BOARD, "castles": [{"cell": "C3", "owner": 1, "colour": "blue"}]}, "castles[0].colour"),
                        ({"board": THERON_BOARD, "castles": [{"cell": "D4", "owner": 1}]}, "castles[0].colour"),
                        ({"board": THERON_BOARD, "castles": [{"cell": "D4", "owner": 1, "colour": "pink"}]}, "castles[0].colour"),
                        ({"board": THERON_BOARD, "castles": [{"cell": "D4", "owner": 1, "colour": "red"}]}, "<state>")):
        with pytest.raises(BadInput) as e:
            GAME.apply_overrides(base, over)
        assert e.value.field == field and e.value.message_th and e.value.message_en
    s = start(board=THERON_BOARD, castles=[{"cell": "C3", "owner": 1}])
    assert GAME.invariants(s) == []
    wrong = replace(s, castles=(replace(s.castles[0], colour="blue"),))
    assert any("castle" in m and "C3" in m and "blue" in m for m in GAME.invariants(wrong))


def test_first_player_reading():
    """Ambiguity first_player: seat 0 by default; drawn from the seed under ``random``, and the
    first turn and the setup event follow it (order.rounds_first_player)."""
    from rules.shadow_master import GAME as SM

    firsts = set()
    for seed in range(20):
        assert SM.new_game(SM.make_config({"players": 4}), seed).first_player == 0
        s = SM.new_game(SM.make_config({"players": 4, "first_player": "random"}), seed)
        firsts.add(s.first_player)
        assert s.turn.seat == s.first_player == SM.current_player(s)
        ev = [e for e in SM.setup_events(s) if e.kind == "setup_first_player"]
        assert ev and ev[0].data["seat"] == s.first_player
    assert len(firsts) >= 3


# ----------------------------------------------------------------------------- the undo history's size
HISTORY_STEPS = 300
HISTORY_BUDGET = 896 * 1024
"""Bytes a 300-step game's history (states and events kept for undo) may hold.  Each frozen state
rebuilt every player and pile: about 2.1 MiB for these 300 steps (7.2 KiB a step; a 1,879-step
game with the bots finishing held 14 MiB of a page's kernel); sharing what a step did not change,
about 0.97 MiB; with slotted state objects (no ``__dict__`` each), about 0.68 MiB."""


def test_a_long_games_history_shares_what_a_step_did_not_change():
    import random
    import tracemalloc

    from rules.core.play import choose_action
    from widgets.session import GameSession

    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        session, rng = GameSession(GAME, config={"players": 4}, seed=7), random.Random(1)
        while session.length < HISTORY_STEPS:
            if session.current_player() == CHANCE:
                session.apply_chance()
            else:
                session.apply(choose_action(GAME, session.state, None, rng))
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held < HISTORY_BUDGET, f"{HISTORY_STEPS} steps hold {held / 2**20:.2f} MiB"
    # what a step did not change is the previous state's own object (equal values as before)
    states = [session.initial] + [tr.state for tr in session.transitions]
    for a, b in zip(states, states[1:]):
        for pa, pb in zip(a.players, b.players):
            assert pb is pa or pb != pa
        for name in ("players", "deck", "discard", "supply", "castle_supply", "person_supply", "row"):
            assert getattr(b, name) is getattr(a, name) or getattr(b, name) != getattr(a, name), name
    assert sum(pa is pb for a, b in zip(states, states[1:]) for pa, pb in zip(a.players, b.players)) > 600


def test_the_states_kept_per_step_have_no_dict_and_still_copy_pickle_save_and_undo():
    """Every object a step keeps (State, Player, Turn, Pending, ChanceReq, Castle) is slotted: no
    ``__dict__`` (a 300-step undo history's dicts were about 29 % of it); it stays frozen, and a
    copy, ``replace``, a pickle and a deep copy (of the parts: a State's Config and Position
    have neither), a save file and undo/redo all give an equal object."""
    import copy
    import dataclasses
    import pickle
    import random

    from rules.core.play import choose_action
    from rules.shadow_master.state import Castle, ChanceReq, Pending, Player, State, Turn
    from widgets.session import GameSession

    session, rng = GameSession(GAME, config={"players": 4}, seed=5), random.Random(1)
    seen: dict[type, object] = {Castle: Castle(1, "C3", 0, "red")}  # (random play seldom builds one)
    while session.current_player() != TERMINAL:
        if session.current_player() == CHANCE:
            session.apply_chance()
        else:
            session.apply(choose_action(GAME, session.state, None, rng))
        s = session.state
        for x in (s, *s.players, s.turn, *s.queue, s.chance, *s.castles):
            if x is not None:
                seen.setdefault(type(x), x)
    assert set(seen) == {State, Player, Turn, Pending, ChanceReq, Castle}
    for cls, x in seen.items():
        assert not hasattr(x, "__dict__"), cls.__name__
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(x, dataclasses.fields(x)[0].name, None)
        assert copy.copy(x) == x and dataclasses.replace(x) == x, cls.__name__
        if cls is not State:  # (a State holds its Config and Position, which never pickled nor deep-copied)
            assert copy.deepcopy(x) == x, cls.__name__
            assert pickle.loads(pickle.dumps(x)) == x and hash(pickle.loads(pickle.dumps(x))) == hash(x), cls.__name__
    s = session.state
    assert GAME.invariants(copy.copy(s)) == [] and hash(copy.copy(s)) == hash(s)
    # a save file (with a snapshot of the state reached) loads back to an equal state
    loaded = GameSession(GAME, config={"players": 4}, seed=0)
    loaded.load(session.save(snapshot=True))
    assert loaded.state == s and loaded.length == session.length
    # undo then redo comes back to the very state kept for the step
    step = session.step
    session.jump(step - 40)
    assert session.state != s
    session.jump(step)
    assert session.state is s
