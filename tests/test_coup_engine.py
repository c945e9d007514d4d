"""Unit tests of the Coup engine, one block per rule area (clause ids in the test names' docstrings)."""
import json
import random

import pytest

from rules.core.protocol import CHANCE, TERMINAL, BadInput, Event, IllegalAction, Transition
from rules.coup import GAME
from rules.coup import actions as A
from rules.core.events import emit
from rules.coup.state import make_transition


def start(players=3, overrides=None, seed=0, **config):
    state = GAME.new_game(GAME.make_config({"players": players, **config}), seed)
    return GAME.apply_overrides(state, overrides or {}) if overrides else state


def play(state, *actions):
    events = []
    for a in actions:
        tr = GAME.apply(state, a)
        state = tr.state
        events += tr.events
    return state, events


def P(seat, kind, **kw):
    return {"player": seat, "type": kind, **kw}


def J(state):
    return GAME.state_to_json(state)


def kinds(events):
    return [e.kind for e in events]


# --- setup (setup.deal, components.*) ------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_two_cards_and_two_coins(players):
    s = start(players)
    j = J(s)
    assert all(len(p["hand"]) == 2 and p["coins"] == 2 for p in j["players"])
    assert j["bank"] == 60 - 2 * players
    assert len(j["deck"]) == 18 - 2 * players
    assert GAME.current_player(s) == 0 and j["phase"] == "turn"


@pytest.mark.parametrize("deck,size,absent", [("all_six", 18, None), ("inquisitor_replaces_ambassador", 15, "ambassador"),
                                             ("ambassador_only", 15, "inquisitor")])
def test_deck_composition_readings(deck, size, absent):
    s = start(4, deck=deck)
    j = J(s)
    cards = j["deck"] + [c for p in j["players"] for c in p["hand"]]
    assert len(cards) == size
    assert absent is None or absent not in cards
    types = {a["type"] + a.get("character", "") for a in GAME.legal_actions(s, 0)}
    if absent == "ambassador":
        assert "exchangeambassador" not in types and "examine" in types
    if absent == "inquisitor":
        assert "exchangeinquisitor" not in types and "examine" not in types


def test_same_seed_same_deal_and_other_seed_differs():
    assert J(start(4, seed=5)) == J(start(4, seed=5))
    assert any(J(start(4, seed=5))["deck"] != J(start(4, seed=s))["deck"] for s in range(6, 10))


# --- income, coup, forced coup (actions.*) -----------------------------------------------------------
def test_income_takes_one_and_opens_no_window():
    s, ev = play(start(), P(0, "income"))
    assert J(s)["players"][0]["coins"] == 3 and J(s)["bank"] == 53
    assert GAME.current_player(s) == 1
    assert ev[0].cites == ("actions.income",)


def test_coup_costs_seven_and_target_chooses_the_card():
    s = start(overrides={"hands": [["duke", "duke"], ["captain", "contessa"], ["assassin", "ambassador"]],
                         "coins": [7, 2, 2]})
    s, _ = play(s, P(0, "coup", target=1))
    assert J(s)["players"][0]["coins"] == 0 and J(s)["bank"] == 60 - 4
    assert GAME.current_player(s) == 1 and J(s)["phase"] == "lose"
    assert [a["card"] for a in GAME.legal_actions(s, 1)] == ["captain", "contessa"]
    s, ev = play(s, P(1, "lose", card="contessa"))
    assert J(s)["players"][1]["lost"] == ["contessa"] and GAME.current_player(s) == 1


def test_coup_with_six_coins_is_refused_and_state_untouched():
    s = start(overrides={"coins": [6, 2, 2]})
    before = J(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(0, "coup", target=1))
    assert exc.value.clause == "actions.coup" and exc.value.message_th and exc.value.message_en
    assert J(s) == before


def test_ten_coins_at_turn_start_forces_a_coup():
    s = start(overrides={"coins": [10, 2, 2]})
    assert {a["type"] for a in GAME.legal_actions(s, 0)} == {"coup"}
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(0, "income"))
    assert exc.value.clause == "actions.coup_forced"


# --- claims and challenges (challenge.*) --------------------------------------------------------------
def tax_position():
    return start(overrides={"hands": [["duke", "captain"], ["contessa", "assassin"], ["ambassador", "inquisitor"]]})


def test_tax_window_then_all_pass():
    s, _ = play(tax_position(), P(0, "tax"))
    assert GAME.current_player(s) == frozenset({1, 2})
    assert GAME.legal_actions(s, 0) == []
    s, ev = play(s, P(2, "pass"), P(1, "pass"))
    assert J(s)["players"][0]["coins"] == 5 and GAME.current_player(s) == 1
    assert "gain" in kinds(ev)


def test_failed_challenge_costs_the_challenger_and_replaces_the_card():
    s, _ = play(tax_position(), P(0, "tax"), P(2, "challenge"))
    assert GAME.current_player(s) == 0
    assert GAME.legal_actions(s, 0)[0] == P(0, "prove")
    s, ev = play(s, P(0, "prove"), P(2, "lose", card="inquisitor"))
    assert GAME.current_player(s) == CHANCE
    s, ev2 = play(s, {"chance": "shuffle", "top": ["assassin"]})
    j = J(s)
    assert j["players"][2]["lost"] == ["inquisitor"]
    assert j["players"][0]["hand"] == ["captain", "assassin"] and j["players"][0]["coins"] == 5
    assert "duke" in j["deck"]
    got = kinds(ev + ev2)
    assert got.index("claim_proven") < got.index("influence_lost") < got.index("shuffle") < got.index("card_drawn")


def test_a_bluff_caught_loses_a_card_and_the_action():
    s, ev = play(tax_position(), P(0, "exchange", character="ambassador"), P(1, "challenge"))
    assert GAME.legal_actions(s, 0) == [P(0, "lose", card="duke"), P(0, "lose", card="captain")]
    s, ev = play(tax_position(), P(0, "examine", target=1), P(2, "challenge"), P(0, "lose", card="duke"))
    j = J(s)
    assert j["players"][0]["lost"] == ["duke"] and j["phase"] == "turn" and GAME.current_player(s) == 1
    assert any(e.kind == "challenge" and "details.challenge_others" in e.cites for e in ev)


def test_cannot_prove_a_card_not_held():
    s, _ = play(tax_position(), P(0, "exchange", character="ambassador"), P(1, "challenge"))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(0, "prove"))
    assert exc.value.clause == "challenge.prove"


# --- blocks (details.block_*, who_blocks) ---------------------------------------------------------------
def test_steal_block_only_by_target_by_default_and_by_anyone_in_the_variant():
    s, _ = play(tax_position(), P(0, "steal", target=1), P(1, "pass"), P(2, "pass"))
    assert GAME.current_player(s) == frozenset({1})
    chars = [a["character"] for a in GAME.legal_actions(s, 1) if a["type"] == "block"]
    assert chars == ["captain", "ambassador", "inquisitor"]
    s2 = start(overrides={"hands": [["duke", "captain"], ["contessa", "assassin"], ["ambassador", "inquisitor"]]},
               who_blocks="anyone")
    s2, _ = play(s2, P(0, "steal", target=1), P(1, "pass"), P(2, "pass"))
    assert GAME.current_player(s2) == frozenset({1, 2})
    s2, _ = play(s2, P(2, "block", character="ambassador"), P(0, "pass"), P(1, "pass"))
    assert J(s2)["players"][1]["coins"] == 2 and J(s2)["players"][0]["coins"] == 2


def test_steal_takes_what_there_is_or_needs_two():
    ov = {"coins": [2, 1, 2]}
    s, _ = play(start(overrides=ov), P(0, "steal", target=1), P(1, "pass"), P(2, "pass"), P(1, "pass"))
    assert [p["coins"] for p in J(s)["players"]] == [3, 0, 2]
    s2 = start(overrides=ov, steal_short="needs_two")
    assert P(0, "steal", target=1) not in GAME.legal_actions(s2, 0)


def test_block_with_wrong_character_is_refused():
    s, _ = play(tax_position(), P(0, "foreign_aid"))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(1, "block", character="contessa"))
    assert exc.value.clause == "actions.foreign_aid"


def test_proven_block_stands():
    s = start(overrides={"hands": [["duke", "captain"], ["duke", "assassin"], ["ambassador", "inquisitor"]]})
    s, ev = play(s, P(0, "foreign_aid"), P(1, "block", character="duke"), P(0, "challenge"), P(1, "prove"),
                 P(0, "lose", card="captain"), {"chance": "shuffle", "top": ["contessa"]})
    j = J(s)
    assert j["players"][0]["coins"] == 2 and j["players"][1]["hand"] == ["assassin", "contessa"]
    assert "blocked" in kinds(ev) and GAME.current_player(s) == 1


# --- assassination and its refund (ambiguity assassin_refund) -------------------------------------------
ASSASSIN_POS = {"hands": [["captain", "duke"], ["contessa", "duke"], ["ambassador", "inquisitor"]], "coins": [3, 2, 2]}


@pytest.mark.parametrize("reading,after_failed_claim,after_block", [
    ("failed_claim", 3, 0), ("never", 0, 0), ("whenever_not_resolved", 3, 3)])
def test_assassin_refund_readings(reading, after_failed_claim, after_block):
    s, _ = play(start(overrides=ASSASSIN_POS, assassin_refund=reading), P(0, "assassinate", target=1),
                P(1, "challenge"), P(0, "lose", card="captain"))
    assert J(s)["players"][0]["coins"] == after_failed_claim
    s, _ = play(start(overrides=ASSASSIN_POS, assassin_refund=reading), P(0, "assassinate", target=1),
                P(1, "pass"), P(2, "pass"), P(1, "block", character="contessa"), P(0, "pass"), P(2, "pass"))
    assert J(s)["players"][0]["coins"] == after_block
    assert J(s)["bank"] + sum(p["coins"] for p in J(s)["players"]) == 60


# --- exchange (characters.ambassador_exchange, inquisitor.exchange) ----------------------------------------
def test_ambassador_with_one_card_sees_three_keeps_one():
    s = start(overrides={"hands": [["ambassador"], ["duke", "duke"], ["captain", "captain"]],
                         "lost": [["assassin"], [], []], "deck_top": ["contessa", "inquisitor"]})
    s, ev = play(s, P(0, "exchange", character="ambassador"), P(1, "pass"), P(2, "pass"))
    legal = GAME.legal_actions(s, 0)
    assert {tuple(a["return"]) for a in legal} == {("contessa", "ambassador"), ("contessa", "inquisitor"),
                                                    ("ambassador", "inquisitor")}
    assert GAME.observe(s, 0)["exchange_drawn"] == ["contessa", "inquisitor"]
    assert GAME.observe(s, 1)["exchange_drawn"] is None
    # the order of the returned names does not matter
    s, _ = play(s, P(0, "exchange_return", **{"return": ["ambassador", "contessa"]}))
    assert GAME.current_player(s) == CHANCE
    s, _ = play(s, GAME.sample_chance(s, random.Random(1)))
    assert J(s)["players"][0]["hand"] == ["inquisitor"] and GAME.current_player(s) == 1


def test_inquisitor_exchange_draws_one():
    s = start(overrides={"hands": [["inquisitor", "duke"], ["duke", "captain"], ["captain", "contessa"]],
                         "deck_top": ["assassin"]})
    s, _ = play(s, P(0, "exchange", character="inquisitor"), P(1, "pass"), P(2, "pass"))
    assert all(len(a["return"]) == 1 for a in GAME.legal_actions(s, 0))
    s, _ = play(s, P(0, "exchange_return", **{"return": ["inquisitor"]}))
    s, _ = play(s, GAME.sample_chance(s, random.Random(2)))
    assert J(s)["players"][0]["hand"] == ["duke", "assassin"]


# --- examine (inquisitor.examine, ambiguity examine_pick) --------------------------------------------------
def examine_pos(**cfg):
    return start(overrides={"hands": [["inquisitor", "duke"], ["captain", "contessa"], ["assassin", "assassin"]]}, **cfg)


def test_examine_target_chooses_then_examiner_forces_exchange():
    s, _ = play(examine_pos(), P(0, "examine", target=1), P(1, "pass"), P(2, "pass"))
    assert GAME.current_player(s) == 1 and {a["card"] for a in GAME.legal_actions(s, 1)} == {"captain", "contessa"}
    s, ev = play(s, P(1, "show", card="contessa"))
    assert GAME.observe(s, 0)["examined"] == "contessa" and GAME.observe(s, 2)["examined"] is None
    shown = [e for e in ev if e.kind == "examine_show"][0]
    assert shown.visible_to == frozenset({0, 1}) and not shown.visible(2)
    s, _ = play(s, P(0, "force_exchange"), {"chance": "shuffle", "top": ["ambassador"]})
    assert J(s)["players"][1]["hand"] == ["captain", "ambassador"] and GAME.current_player(s) == 1


def test_examine_let_keep_is_remembered_until_the_hand_changes():
    s, _ = play(examine_pos(), P(0, "examine", target=1), P(1, "pass"), P(2, "pass"),
                P(1, "show", card="captain"), P(0, "let_keep"))
    assert GAME.observe(s, 0)["known"] == [[1, "captain"]]
    assert GAME.observe(s, 2)["known"] == [] and GAME.observe(s, 2)["examined_pairs"] == [[0, 1]]
    s, _ = play(s, P(1, "exchange", character="ambassador"), P(0, "pass"), P(2, "pass"))
    s, _ = play(s, GAME.legal_actions(s, 1)[0])
    s, _ = play(s, GAME.sample_chance(s, random.Random(0)))
    assert GAME.observe(s, 0)["known"] == []


def test_examine_of_one_kind_of_card_needs_no_choice_and_random_pick_is_chance():
    s, _ = play(examine_pos(), P(0, "examine", target=2), P(1, "pass"), P(2, "pass"))
    assert GAME.current_player(s) == 0 and GAME.observe(s, 0)["examined"] == "assassin"
    s, _ = play(examine_pos(examine_pick="random"), P(0, "examine", target=1), P(1, "pass"), P(2, "pass"))
    assert GAME.current_player(s) == CHANCE
    assert sorted(GAME.chance_outcomes(s), key=str) == sorted(
        [({"chance": "examine_pick", "card": "captain"}, 0.5), ({"chance": "examine_pick", "card": "contessa"}, 0.5)], key=str)
    with pytest.raises(IllegalAction):
        GAME.apply(s, {"chance": "examine_pick", "card": "duke"})
    s, _ = play(s, {"chance": "examine_pick", "card": "contessa"})
    assert GAME.observe(s, 0)["examined"] == "contessa"


def test_examine_force_readings_differ():
    """inquisitor.examine, ambiguity examine_force: replace_shown swaps the shown card for the top
    card; inquisitor_exchange has the examined seat take 1 and return 1 of its choice."""
    before_force = (P(0, "examine", target=1), P(1, "pass"), P(2, "pass"), P(1, "show", card="contessa"))
    deck_top = {"deck_top": ["duke"]}
    ovr = {"hands": [["inquisitor", "duke"], ["captain", "contessa"], ["assassin", "assassin"]], **deck_top}
    s, _ = play(start(overrides=ovr), *before_force, P(0, "force_exchange"))
    assert GAME.current_player(s) == CHANCE and J(s)["pool"] == []
    s, _ = play(s, {"chance": "shuffle", "top": ["ambassador"]})
    assert J(s)["players"][1]["hand"] == ["captain", "ambassador"]  # the contessa had to go

    s, _ = play(start(overrides=ovr, examine_force="inquisitor_exchange"), *before_force)
    s, ev = play(s, P(0, "force_exchange"))
    assert kinds(ev) == ["examine_force", "exchange_draw"] and GAME.current_player(s) == 1
    drawn = ev[1]
    assert drawn.visible_to == frozenset({1}) and drawn.data["cards"] == ["duke"]
    assert set(drawn.cites) == {"inquisitor.examine", "inquisitor.exchange"}
    assert J(s)["phase"] == "exchange" and J(s)["pool"] == ["duke"]
    assert {tuple(a["return"]) for a in GAME.legal_actions(s, 1)} == {("duke",), ("captain",), ("contessa",)}
    assert GAME.legal_actions(s, 0) == [] and GAME.legal_actions(s, 2) == []
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(1, "exchange_return", **{"return": ["assassin"]}))
    assert exc.value.clause == "inquisitor.examine"
    # who sees what while seat 1 chooses: the drawn card only seat 1, the shown card seats 0 and 1
    assert GAME.observe(s, 1)["exchange_drawn"] == ["duke"]
    assert GAME.observe(s, 0)["exchange_drawn"] is None and GAME.observe(s, 2)["exchange_drawn"] is None
    assert GAME.observe(s, 0)["known"] == [[1, "contessa"]] and GAME.observe(s, 2)["known"] == []
    for k in range(20):
        r = GAME.resample_hidden(s, 0, random.Random(k))
        assert "contessa" in J(r)["players"][1]["hand"] and GAME.observe(r, 0) == GAME.observe(s, 0)
        r2 = GAME.resample_hidden(s, 2, random.Random(k))
        assert GAME.observe(r2, 2) == GAME.observe(s, 2) and GAME.invariants(r2) == []
    # seat 1 keeps the shown contessa and returns the captain: impossible under replace_shown
    s, ev = play(s, P(1, "exchange_return", **{"return": ["captain"]}))
    ret = [e for e in ev if e.kind == "exchange_return"][0]
    assert ret.actor == 1 and ret.visible_to == frozenset({1})
    assert J(s)["players"][1]["hand"] == ["duke", "contessa"] and J(s)["peeks"] == []
    assert GAME.observe(s, 0)["known"] == [] and GAME.current_player(s) == CHANCE
    assert GAME.observe(s, 0)["exchange_drawn"] is None
    for viewer in (0, 2, None):
        r = GAME.resample_hidden(s, viewer, random.Random(viewer or 0))
        assert GAME.observe(r, viewer) == GAME.observe(s, viewer) and GAME.invariants(r) == []
    s, ev = play(s, {"chance": "shuffle", "top": ["assassin"]})
    assert kinds(ev)[0] == "shuffle" and GAME.current_player(s) == 1  # the examiner's turn is over
    j = J(s)
    assert j["players"][1]["hand"] == ["duke", "contessa"] and j["players"][0]["hand"] == ["duke", "inquisitor"]
    assert j["pool"] == [] and GAME.invariants(s) == []


@pytest.mark.parametrize("shuffle", ["bottom", "top"])
def test_forced_inquisitor_exchange_without_shuffle(shuffle):
    """examine_force=inquisitor_exchange with proof_shuffle bottom/top: no chance node."""
    ovr = {"hands": [["inquisitor", "duke"], ["captain", "contessa"], ["assassin", "assassin"]], "deck_top": ["duke"]}
    s, _ = play(start(overrides=ovr, examine_force="inquisitor_exchange", proof_shuffle=shuffle),
                P(0, "examine", target=1), P(1, "pass"), P(2, "pass"), P(1, "show", card="captain"),
                P(0, "force_exchange"), P(1, "exchange_return", **{"return": ["duke"]}))
    j = J(s)
    assert j["players"][1]["hand"] == ["captain", "contessa"] and GAME.current_player(s) == 1
    assert (j["deck"][0] if shuffle == "top" else j["deck"][-1]) == "duke" and GAME.invariants(s) == []


# --- the returned card (ambiguity proof_shuffle) -----------------------------------------------------------
@pytest.mark.parametrize("reading,drawn", [("bottom", "captain"), ("top", "duke")])
def test_proof_without_shuffle(reading, drawn):
    s = start(overrides={"hands": [["duke", "contessa"], ["assassin", "assassin"], ["ambassador", "inquisitor"]],
                         "deck_top": ["captain"]}, proof_shuffle=reading)
    s, _ = play(s, P(0, "tax"), P(1, "challenge"), P(0, "prove"), P(1, "lose", card="assassin"))
    j = J(s)
    # the proven tax goes on (details.proven_continues) and the turn passes to seat 1
    assert j["phase"] == "turn" and GAME.current_player(s) == 1 and j["players"][0]["coins"] == 5
    assert drawn in j["players"][0]["hand"]
    if reading == "bottom":
        assert j["deck"][-1] == "duke"


# --- reaction order (ambiguity reaction_order) -------------------------------------------------------------
def test_seat_order_asks_one_seat_at_a_time_clockwise():
    s = start(4, overrides={"hands": [["duke", "captain"], ["contessa", "assassin"], ["ambassador", "inquisitor"],
                                      ["duke", "contessa"]]}, reaction_order="seat_order")
    s = GAME.apply_overrides(GAME.new_game(GAME.make_config({"players": 4, "reaction_order": "seat_order"}), 0),
                             {"turn": 2})
    s, _ = play(s, P(2, "tax"))
    assert GAME.current_player(s) == frozenset({3})
    assert GAME.legal_actions(s, 0) == []
    with pytest.raises(IllegalAction):
        GAME.apply(s, P(0, "challenge"))
    s, _ = play(s, P(3, "pass"))
    assert GAME.current_player(s) == frozenset({0})
    s, _ = play(s, P(0, "pass"), P(1, "pass"))
    assert J(s)["players"][2]["coins"] == 5


# --- Reformation (reformation.*) --------------------------------------------------------------------------
def test_faction_choice_alternates_from_the_first_player():
    s = start(4, reformation=True)
    assert J(s)["phase"] == "faction" and GAME.current_player(s) == 0
    s, ev = play(s, P(0, "choose_faction", faction=1))
    assert [p["faction"] for p in J(s)["players"]] == [1, 0, 1, 0]
    assert ev[0].cites == ("reformation.factions", "reformation.almshouse")


@pytest.mark.parametrize("reading,alms,bank", [("almshouse", 3, 54), ("bank", 0, 57)])
def test_conversion_coins(reading, alms, bank):
    s = start(overrides={"factions": [0, 1, 0]}, reformation=True, conversion_coins=reading)
    s, _ = play(s, P(0, "convert", target=0), P(1, "convert", target=0))
    j = J(s)
    assert [p["faction"] for p in j["players"]] == [0, 1, 0]
    assert j["almshouse"] == alms and j["bank"] == bank


def test_embezzle_without_challenge_takes_the_almshouse():
    s = start(overrides={"factions": [0, 1, 0], "almshouse": 5}, reformation=True)
    s, ev = play(s, P(0, "embezzle"), P(1, "pass"), P(2, "pass"))
    assert J(s)["players"][0]["coins"] == 7 and J(s)["almshouse"] == 0


def test_peacock_literal_reading_always_proves():
    ov = {"factions": [0, 1, 0], "almshouse": 2, "hands": [["duke", "duke"], ["captain", "contessa"], ["assassin", "ambassador"]]}
    s, _ = play(start(overrides=ov, reformation=True), P(0, "embezzle"), P(1, "challenge"))
    assert P(0, "prove") not in GAME.legal_actions(s, 0)
    s, _ = play(start(overrides=ov, reformation=True, peacock="literal_absent"), P(0, "embezzle"), P(1, "challenge"))
    assert P(0, "prove") in GAME.legal_actions(s, 0)


def test_concede_face_down_hides_the_lost_card():
    ov = {"factions": [0, 1, 0], "almshouse": 2, "hands": [["duke", "captain"], ["captain", "contessa"], ["assassin", "ambassador"]]}
    s, ev = play(start(overrides=ov, reformation=True, concede_loss="face_down"), P(0, "embezzle"), P(1, "challenge"),
                 P(0, "lose", card="duke"))
    assert GAME.observe(s, 1)["players"][0]["lost"] == [] and GAME.observe(s, 1)["players"][0]["lost_face_down"] == 1
    assert GAME.observe(s, 0)["players"][0]["buried"] == ["duke"]
    lost = [e for e in ev if e.kind == "influence_lost"][0]
    assert not lost.visible(1) and lost.visible(0)
    assert GAME.invariants(s) == []


def test_embezzle_challenger_no_loss_reading():
    ov = {"factions": [0, 1, 0], "almshouse": 2, "hands": [["captain", "captain"], ["duke", "contessa"], ["assassin", "ambassador"]]}
    s, _ = play(start(overrides=ov, reformation=True, embezzle_challenger="no_loss"), P(0, "embezzle"),
                P(1, "challenge"), P(0, "prove"))
    assert GAME.current_player(s) == CHANCE
    s, _ = play(s, {"chance": "shuffle", "top": ["duke", "duke"]})
    j = J(s)
    assert j["players"][1]["lost"] == [] and j["players"][0]["coins"] == 4 and j["players"][0]["hand"] == ["duke", "duke"]


# --- treasury, eliminated coins, gone target ---------------------------------------------------------------
def test_bank_short_pays_what_is_left_or_unlimited():
    ov = {"coins": [2, 28, 28], "hands": [["duke", "captain"], ["contessa", "assassin"], ["ambassador", "inquisitor"]]}
    s, _ = play(start(overrides=ov), P(0, "tax"), P(1, "pass"), P(2, "pass"))
    assert J(s)["players"][0]["coins"] == 4 and J(s)["bank"] == 0
    s, _ = play(start(overrides=ov, treasury="unlimited"), P(0, "tax"), P(1, "pass"), P(2, "pass"))
    assert J(s)["players"][0]["coins"] == 5 and J(s)["bank"] == -1 and GAME.invariants(s) == []


def test_eliminated_coins_to_bank_and_gone_target():
    ov = {"hands": [["captain", "duke"], ["contessa"], ["ambassador", "inquisitor"]], "lost": [[], ["duke"], []],
          "coins": [2, 5, 2]}
    for reading, coins in (("fizzle", 2), ("steal_anyway", 4)):
        s, _ = play(start(overrides=ov, gone_target=reading), P(0, "steal", target=1), P(1, "challenge"),
                    P(0, "prove"), P(1, "lose", card="contessa"), {"chance": "shuffle", "top": ["duke"]})
        assert J(s)["players"][0]["coins"] == coins and not J(s)["players"][1]["alive"]
    s, _ = play(start(overrides=ov, eliminated_coins="bank"), P(0, "steal", target=1), P(1, "challenge"),
                P(0, "prove"), P(1, "lose", card="contessa"))
    assert J(s)["players"][1]["coins"] == 0 and GAME.invariants(s) == []


# --- the almshouse's start (reformation.almshouse; ambiguity almshouse_start) -------------------------------
def _setup_text(state, kind):
    return next((e.text_th, e.text_en) for e in GAME.setup_events(state) if e.kind == kind)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_almshouse_starts_empty_by_default(players):
    s = start(players, reformation=True)
    assert GAME.make_config({"players": players}).almshouse == "empty"
    j = J(s)
    assert j["almshouse"] == 0 and j["bank"] == 60 - 2 * players
    assert GAME.observe(s, None)["almshouse"] == 0
    assert "เริ่มว่าง" in _setup_text(s, "setup_reformation")[0]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_almshouse_two_coins_reading_starts_with_two_from_the_bank(players):
    from rules.core.ambiguity import ambiguity_ref
    s = start(players, reformation=True, almshouse="two_coins")
    j = J(s)
    assert j["almshouse"] == 2 and j["bank"] == 60 - 2 * players - 2
    assert all(p["coins"] == 2 for p in j["players"]) and GAME.invariants(s) == []
    th, en = _setup_text(s, "setup_reformation")
    ref_th, ref_en = ambiguity_ref("coup", "almshouse_start", "two_coins")
    assert ref_th in th and ref_en in en and "2" in th
    # it changes play: an embezzlement on the first turn takes the 2 coins
    s, _ = play(s, P(0, "choose_faction", faction=0))
    if players > 2:   # seat 1 is of the other faction; nobody challenges
        s, ev = play(s, P(0, "embezzle"), *[P(k, "pass") for k in range(1, players)])
        assert "embezzle" in kinds(ev)
        assert J(s)["players"][0]["coins"] == 4 and J(s)["almshouse"] == 0 and GAME.invariants(s) == []


def test_almshouse_reading_changes_nothing_without_the_reformation():
    s = start(4, almshouse="two_coins")
    assert J(s)["bank"] == 52 and s.alms == 0


def test_almshouse_two_coins_keeps_the_invariants_over_random_games():
    from rules.core.testing import random_games
    for players, games in ((3, 120), (4, 120), (6, 80)):
        finished, breaks, problems = random_games(GAME, players, games, seed=players * 1000,
                                                  variant={"reformation": True, "almshouse": "two_coins"})
        assert (finished, breaks) == (games, 0), problems


def test_almshouse_start_is_swept_by_the_analyzer():
    from rules.analysis.sweeps import reading_points, sweep, sweep_metric
    points = reading_points("coup", "almshouse_start")
    assert [(p.label, p.config) for p in points] == [("empty", (("almshouse", "empty"),)),
                                                     ("two_coins", (("almshouse", "two_coins"),))]
    tables = [sweep("coup", points, 12, config={"players": 4, "reformation": True}, seed=3, workers=1,
                    progress=False, kernel=kernel) for kernel in (True, False)]
    for t in tables:
        assert t["finished"].astype(bool).all() and set(t["point"]) == {"empty", "two_coins"}
        steps = sweep_metric(t, "steps").set_index("point")["estimate"]
        assert steps["empty"] != steps["two_coins"]   # the reading changes the games played
    cols = [c for c in tables[0].columns if c != "path"]   # the kernel plays the engine's games
    assert tables[0][cols].equals(tables[1][cols])


# --- the end (end.last_player) ------------------------------------------------------------------------------
def test_last_player_wins():
    ov = {"hands": [["duke", "captain"], ["contessa"]], "lost": [[], ["duke"]], "coins": [7, 2]}
    s, ev = play(start(2, overrides=ov), P(0, "coup", target=1), P(1, "lose", card="contessa"))
    assert GAME.current_player(s) == TERMINAL and GAME.returns(s) == [1.0, 0.0]
    assert ev[-1].kind == "game_over" and "end.last_player" in ev[-1].cites
    assert GAME.score_breakdown(s)["winner"] == 0
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(1, "income"))
    assert exc.value.clause == "end.last_player"


# --- hidden information ---------------------------------------------------------------------------------------
def test_observe_shows_only_own_hand():
    s = tax_position()
    o1 = GAME.observe(s, 1)
    assert o1["players"][1]["hand"] == ["assassin", "contessa"]
    assert o1["players"][0]["hand"] is None and o1["players"][2]["hand"] is None
    spectator = GAME.observe(s, None)
    assert all(p["hand"] is None for p in spectator["players"])
    o1 = GAME.observe(s, 1)
    for rule_data in ("deck_composition", "blockers"):  # rules of the deck, which name every character
        del o1[rule_data]
    assert "inquisitor" not in json.dumps(o1)


def test_resample_keeps_what_the_viewer_knows():
    s, _ = play(examine_pos(), P(0, "examine", target=1), P(1, "pass"), P(2, "pass"),
                P(1, "show", card="captain"), P(0, "let_keep"))
    for k in range(30):
        r = GAME.resample_hidden(s, 0, random.Random(k))
        assert "captain" in J(r)["players"][1]["hand"]
        assert J(r)["players"][0]["hand"] == J(s)["players"][0]["hand"]
        assert GAME.observe(r, 0) == GAME.observe(s, 0) and GAME.invariants(r) == []


# --- errors and overrides ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("overrides,field", [
    ({"players.7.coins": 1}, "setup.overrides.players.7.coins"),
    ({"hands": [["duke", "duke"], ["duke", "duke"], ["captain", "captain"]]}, "setup.overrides.players"),
    ({"players.0.hand": ["dragon", "duke"]}, "setup.overrides.players.0.hand"),
    ({"almshouse": 3}, "setup.overrides.almshouse"),
    ({"colour": "red"}, "setup.overrides.colour"),
])
def test_bad_overrides_name_the_field(overrides, field):
    with pytest.raises(BadInput) as exc:
        start(overrides=overrides)
    assert exc.value.field == field and exc.value.message_th and exc.value.message_en


def test_bad_actions_are_refused_with_thai_and_english():
    s = tax_position()
    for bad in (P(1, "income"), P(0, "steal", target=0), P(0, "steal", target=True), {"player": 0},
                P(0, "tax", extra=1), P(0, "exchange", character="duke"), "income", P(0, "convert", target=1)):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, bad)
        assert exc.value.clause in {c.id for c in __import__("rules.core.rulebook", fromlist=["x"]).load_rulebook("coup").clauses}
        assert exc.value.message_th and exc.value.message_en


# --- the fast paths agree with the plain ones ----------------------------------------------------------------------
def _candidates(state, n):
    names = ["duke", "captain", "assassin", "contessa", "ambassador", "inquisitor", "dragon"]
    types = ["income", "foreign_aid", "coup", "tax", "steal", "assassinate", "exchange", "examine", "convert",
             "embezzle", "pass", "challenge", "block", "prove", "lose", "show", "force_exchange", "let_keep"]
    for p in range(-1, n + 1):
        for t in types:
            yield {"player": p, "type": t}
            for tgt in range(-1, n + 1):
                yield {"player": p, "type": t, "target": tgt}
            for c in names:
                yield {"player": p, "type": t, "character": c}
                yield {"player": p, "type": t, "card": c}


@pytest.mark.parametrize("config", [{}, {"reformation": True}, {"reformation": True, "one_faction": "waive_forced_coup"},
                                    {"steal_short": "needs_two", "who_blocks": "anyone"}])
def test_is_legal_matches_legal_actions(config):
    rng = random.Random(3)
    cfg = GAME.make_config({"players": 4, **config})
    checked = 0
    for g in range(12):
        s = GAME.new_game(cfg, g)
        while GAME.current_player(s) != TERMINAL:
            if GAME.current_player(s) == CHANCE:
                s = GAME.apply(s, GAME.sample_chance(s, rng)).state
                continue
            legal = [a for p in range(4) for a in GAME.legal_actions(s, p)]
            for a in list(_candidates(s, 4)) + legal:
                assert A.is_legal(s, a) == (a in legal), (a, J(s)["phase"])
                checked += 1
            s = GAME.apply(s, legal[rng.randrange(len(legal))]).state
    assert checked > 10000


def test_emitted_event_and_fast_transition_equal_the_plain_constructors():
    log = []
    emit(log, "pass", 1, ["challenge.bluff"], "th", "en", window="challenge")
    assert log == [Event("pass", 1, {"window": "challenge"}, ("challenge.bluff",), None, "th", "en")]
    assert type(log[0].cites) is tuple
    assert make_transition(1, (log[0],)) == Transition(1, (log[0],))
    from rules.core.events import emit_data

    emit_data(log, "pass", 1, ("challenge.bluff",), "th", "en", frozenset((1,)), {"window": "challenge"})
    assert log[1] == Event("pass", 1, {"window": "challenge"}, ("challenge.bluff",), frozenset((1,)), "th", "en")
    assert vars(log[1]) == vars(Event("pass", 1, {"window": "challenge"}, ("challenge.bluff",), frozenset((1,)), "th", "en"))


def test_random_play_is_the_choose_action_loop():
    """bench's lean driver makes the very same moves as choose_action + apply (same seed, same game)."""
    from rules.core.play import choose_action, random_play

    cfg = GAME.make_config({"players": 4, "reformation": True})
    for seed in range(5):
        state, rng, steps = GAME.new_game(cfg, seed), random.Random(seed), 0
        while (a := choose_action(GAME, state, None, rng)) is not None:
            state, steps = GAME.apply(state, a).state, steps + 1
        final, n = random_play(GAME, GAME.new_game(cfg, seed), random.Random(seed))
        assert (n, J(final)) == (steps, J(state)) and GAME.current_player(final) == TERMINAL


def test_cached_event_texts_name_the_right_seat_and_card():
    from rules.core.play import choose_action

    rng = random.Random(5)
    seen = set()
    for g in range(30):
        s = GAME.new_game(GAME.default_config(6), g)
        while GAME.current_player(s) != TERMINAL:
            tr = GAME.apply(s, choose_action(GAME, s, None, rng))
            for e in tr.events:
                if e.kind == "pass":  # a pass says on what: whose claim, or which action it lets stand
                    assert e.text_th.startswith(f"ที่นั่ง {e.actor + 1} ผ่าน: ไม่")
                    assert e.text_en.startswith(f"seat {e.actor + 1} passes: does not ")
                    assert f"seat {s.turn + 1}'s " in e.text_en
                elif e.kind == "influence_lost" and not e.data.get("face_down"):
                    assert e.text_en == f"seat {e.actor + 1} loses an influence: {e.data['card']} turned face up"
                elif e.kind == "challenge":
                    assert e.text_en.startswith(f"seat {e.actor + 1} challenges seat {e.data['claimant'] + 1}'s ")
                seen.add(e.kind)
            s = tr.state
    assert {"pass", "influence_lost", "challenge"} <= seen


def test_blocking_an_unblockable_tax_cites_the_duke_clause():
    """characters.duke_tax: "การกระทำนี้ไม่สามารถถูกขัดขวางได้" decides the refusal, not challenge.bluff."""
    s, _ = play(tax_position(), P(0, "tax"))
    before = J(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, P(1, "block", character="duke"))
    assert exc.value.clause == "characters.duke_tax" and "cannot be blocked" in exc.value.message_en
    assert J(s) == before


def test_a_faction_must_be_the_int_0_or_1():
    """1.0 == 1 and False == 0 in Python; neither is a faction (reformation.factions), and the
    refusal leaves the state as it was."""
    s = GAME.new_game(GAME.make_config({"players": 3, "reformation": True}), 0)
    for bad in (1.0, False, True, "1", 2, None):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, {"player": 0, "type": "choose_faction", "faction": bad})
        assert err.value.clause == "reformation.factions"
    assert GAME.apply(s, {"player": 0, "type": "choose_faction", "faction": 1}).state.faction == (1, 0, 1)


def test_game_over_cites_the_reformation_only_when_playing_it():
    from rules.core.play import playout

    for reformation in (False, True):
        cfg = GAME.make_config({"players": 2, "reformation": reformation})
        out = playout(GAME, GAME.new_game(cfg, 3), random.Random(3))
        over = [e for e in out.events if e.kind == "game_over"]
        assert len(over) == 1
        assert ("reformation.until_one" in over[0].cites) is reformation
        assert {"end.last_player", "intro.winner"} <= set(over[0].cites)


def _general_apply(state, action):
    """``apply`` without its inline fast paths: validate with ``is_legal`` (refuse otherwise) and
    hand the action to its phase's step handler (``flow.STEP``), as ``apply`` did before them."""
    from rules.coup import flow as F
    from rules.coup.state import CHANCE_NODE, EXCHANGE

    if state.phase == CHANCE_NODE:
        return F.chance(state, action)
    if not isinstance(action, dict):
        raise IllegalAction("setup.first_turn", "", "")
    if state.phase == EXCHANGE:
        action = A.normalise(action)
    if not A.is_legal(state, action):
        raise A.refuse(state, action)
    return F.STEP[state.phase](state, action)


def _outcome(fn, state, action):
    try:
        t = fn(state, action)
    except IllegalAction as exc:
        return ("refused", exc.clause, exc.message_th, exc.message_en)
    return ("applied", t.state, t.events)


class _Str(str):
    pass


@pytest.mark.parametrize("config", [{}, {"reformation": True}, {"window_order": "one_window", "who_blocks": "anyone"},
                                    {"reaction_order": "seat_order", "decline_proof": "must_prove"},
                                    {"reformation": True, "concede_loss": "face_down", "proof_shuffle": "bottom"}])
def test_apply_fast_paths_equal_the_general_path(config):
    """``apply`` checks its hottest steps (a pass or challenge in a window, a turn action, a card
    lost) inline: on every state of random games, for legal actions and for near misses (a bool
    or float seat, a str subclass type, an extra key, a card not held, another seat), it returns
    the same Transition (state and events) or refuses with the same clause and texts as the
    general path (is_legal, then the phase's step handler)."""
    rng = random.Random(11)
    cfg = GAME.make_config({"players": 4, **config})
    compared = 0
    for g in range(6):
        s = GAME.new_game(cfg, 100 + g)
        while GAME.current_player(s) != TERMINAL:
            if GAME.current_player(s) == CHANCE:
                s = GAME.apply(s, GAME.sample_chance(s, rng)).state
                continue
            legal = [a for p in range(4) for a in GAME.legal_actions(s, p)]
            pool = list(_candidates(s, 4))
            odd = []
            for a in legal:
                odd += [dict(a, player=bool(a["player"])), dict(a, player=float(a["player"])),
                        dict(a, type=_Str(a["type"])), dict(a, extra=1), dict(a, player=(a["player"] + 1) % 4)]
                if "card" in a:
                    odd += [dict(a, card=c) for c in ("duke", "captain", "assassin", "contessa", "inquisitor")]
            for a in legal + odd + rng.sample(pool, 80):
                assert _outcome(GAME.apply, s, a) == _outcome(_general_apply, s, a), (a, J(s)["phase"])
                compared += 1
            s = GAME.apply(s, legal[rng.randrange(len(legal))]).state
    assert compared > 5000
