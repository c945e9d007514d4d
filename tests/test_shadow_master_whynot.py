""""Why can't I do this?" at every Shadow Master decision: the engine's ``unavailable`` (one refused
action of each kind the rulebook offers at that step, with the refusal ``apply`` raises for it).

Property: over many positions of seeded games (random and greedy moves, several player counts and
readings) every listed action is not legal, ``explain_illegal`` gives it the very same refusal and
``apply`` raises it.  Targeted: at each step a kind that is missing is listed with its clause (phase
1's purchases and Military, the placement on a held cell that takes no token, the purchase after
the offer was skipped, phase 2's and phase 3's takes and exchanges, money moves, the end of round's
sale and deposits, the attack decisions).  The play table's fold shows them at phases 2 and 3.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.core.play import choose_action
from rules.core.protocol import CHANCE, TERMINAL, IllegalAction
from rules.shadow_master import GAME
from rules.shadow_master import board as B
from rules.shadow_master.bots import greedy_bot
from rules.shadow_master.powers import exchanges_allowed
from rules.shadow_master.state import thaw
from widgets import page
from widgets.session import GameSession
from widgets.shadow_master import SPEC

READINGS = [{}, {"combo_territory": True, "phase2_take": "optional", "deposit_limit": "card_value",
                 "forced_sale_choice": "lowest_value"}]


def decisions(players: int, seed: int, steps: int, reading=None, greedy: float = 0.7):
    """``(state, seat)`` at each decision of a seeded game: greedy moves mixed with random ones."""
    state = GAME.new_game(GAME.make_config({"players": players, **(reading or {})}), seed)
    rng = random.Random(seed)
    bots = {s: greedy_bot for s in range(players)}
    for _ in range(steps):
        cp = GAME.current_player(state)
        if cp == TERMINAL:
            return
        if cp == CHANCE:
            state = GAME.apply(state, GAME.sample_chance(state, rng)).state
            continue
        yield state, cp
        if rng.random() < greedy:
            action = choose_action(GAME, state, bots, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, cp))
        state = GAME.apply(state, action).state


def step_of(state) -> str:
    if state.queue:
        return state.queue[0].kind
    return state.turn.step if state.stage == "turn" else state.stage


def listed(state, seat) -> dict[str, list[tuple[dict, IllegalAction]]]:
    out: dict[str, list] = {}
    for action, why in GAME.unavailable(state, seat):
        out.setdefault(action["type"], []).append((action, why))
    return out


def test_every_listed_action_is_refused_with_the_same_refusal():
    """Each (action, refusal) at each decision: not legal, and ``explain_illegal`` and ``apply``
    give the same clause and words.  The run meets the kinds of every step, so the kinds listed
    cover phase 1 to the attack decisions and the end of round."""
    seen = Counter()
    checked = 0
    for k, (players, seed) in enumerate([(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (3, 6), (4, 7), (2, 8)]):
        for state, seat in decisions(players, seed, 900, READINGS[k % 2], greedy=0.3 if k % 3 == 0 else 0.7):
            legal = GAME.legal_actions(state, seat)
            assert GAME.unavailable(state, (seat + 1) % players) == []  # only the seat to move is answered
            for action, why in GAME.unavailable(state, seat):
                checked += 1
                assert action not in legal, action
                said = GAME.explain_illegal(state, action)
                assert said is not None and (said.clause, said.message_th, said.message_en) == (
                    why.clause, why.message_th, why.message_en), (action, said, why)
                with pytest.raises(IllegalAction) as raised:
                    GAME.apply(state, action)
                assert raised.value.clause == why.clause
                seen[(step_of(state), action["type"])] += 1
    assert checked > 5000
    kinds = set(seen)
    for must in [("choose", "buy_person"), ("choose", "build_castle"), ("choose", "black"), ("choose", "move_money"),
                 ("resolve", "place"), ("resolve", "ally"), ("resolve", "decline"),
                 ("phase2", "take_open"), ("phase2", "stop_taking"), ("phase2", "buy_power"),
                 ("phase3", "exchange"), ("phase3", "draw"), ("phase3_take", "take_open"),
                 ("sell", "sell_power"), ("deposit", "deposit"), ("front", "attack_side")]:
        assert must in kinds, (must, sorted(kinds))


# ----------------------------------------------------------------------------- targeted setups
def first(pred, players=3, seeds=range(1, 40), steps=900, reading=None):
    """The first decision of seeded games where ``pred(state, seat)`` holds."""
    for seed in seeds:
        for state, seat in decisions(players, seed, steps, reading):
            if pred(state, seat):
                return state, seat
    raise AssertionError("no such position")


def changed(state, **players_fields):
    """``state`` with the turn's seat's fields changed (``cash=0``...)."""
    w = thaw(state)
    seat = state.turn.seat if state.turn is not None else state.eor_seat
    for k, v in players_fields.items():
        setattr(w.players[seat], k, v)
    return w.freeze()


def at(step):
    return lambda s, seat: s.stage == "turn" and not s.queue and s.turn.step == step


def test_phase_two_says_why_a_farther_open_card_and_the_purchase_are_missing():
    """Phase 2 with no Silver: the first open card is free but the next costs 1 (phase2.pass_cost);
    after placing by choice A the skipped purchase says the price (phase1.buy_price); stopping early
    is refused by the default reading (phase2.take); a money move needs deposits (money.move_between)."""
    state, seat = first(lambda s, seat: at("phase2")(s, seat) and len(s.row) >= 2 and s.turn.choice == "A"
                        and not s.turn.bought and not s.players[seat].moved_money)
    state = changed(state, cash=0, deposits=[0] * len(state.board.colours))
    got = listed(state, seat)
    [(take, why)] = got["take_open"]
    assert take["index"] == 1 and why.clause == "phase2.pass_cost"
    [(buy, why)] = got["buy_power"]
    assert buy["colour"] == state.turn.buy_colour and why.clause == "phase1.buy_price"
    assert "not enough money" in why.message_en
    assert got["stop_taking"][0][1].clause == "phase2.take"
    assert got["move_money"][0][1].clause == "money.move_between"


def test_phase_three_says_why_no_exchange_and_no_take():
    """Phase 3: exchanges used up (phase3.exchange_limit), no Silver for the fee
    (phase3.discard_fee), and taking a card before discarding one (phase3.take)."""
    state, seat = first(lambda s, seat: at("phase3")(s, seat) and s.players[seat].hand)
    w = thaw(state)
    w.set_turn(exchanges=exchanges_allowed(state, seat))
    used = w.freeze()
    [(ex, why)] = listed(used, seat)["exchange"]
    assert ex["card"] in state.players[seat].hand and why.clause == "phase3.exchange_limit"
    poor = changed(state, cash=0, deposits=[0] * len(state.board.colours))
    got = listed(poor, seat)
    assert got["exchange"][0][1].clause == "phase3.discard_fee"
    assert got["draw"][0][1].clause == got["take_open"][0][1].clause == "phase3.take"


def test_phase_one_choice_says_why_a_purchase_is_missing():
    """Phase 1's choice with no Silver and no Power: no person bought (shadow.buy_when), no castle
    (castle.need_power); choice B still answers (the old fold's only entry)."""
    state, seat = first(lambda s, seat: at("choose")(s, seat) and not s.players[seat].powers)
    state = changed(state, cash=0, deposits=[0] * len(state.board.colours))
    got = listed(state, seat)
    assert got["buy_person"][0][1].clause == "shadow.buy_when"
    assert got["build_castle"][0][1].clause in ("castle.need_power", "castle.on_own_colour")
    assert "black" in got


def test_placement_says_why_a_held_cell_takes_no_token():
    """After the roll, a held cell holding another kingdom's token is listed with
    board.cell_capacity (one colour per cell); the cells that take a token are not."""
    def other_colour_on_held(s, seat):
        if not at("resolve")(s, seat) or s.turn.military:
            return False
        rolled = s.turn.dice[0]
        return any(s.position.colour_at(c) not in (None, rolled) for c in s.players[seat].hand if c != "X")
    state, seat = first(other_colour_on_held)
    rolled = state.turn.dice[0]
    got = listed(state, seat)
    placeable = {a["cell"] for a in GAME.legal_actions(state, seat) if a["type"] == "place"}
    cells = {a["cell"]: why for a, why in got["place"]}
    assert cells and not set(cells) & placeable
    blocked = [c for c in state.players[seat].hand if c != "X" and state.position.colour_at(c) not in (None, rolled)
               and c not in placeable]
    assert blocked and all(cells[c].clause == "board.cell_capacity" for c in blocked)


def test_after_a_military_declining_is_refused():
    state, seat = first(lambda s, seat: at("resolve")(s, seat) and bool(s.turn.military))
    [(_a, why)] = listed(state, seat)["decline"]
    assert why.clause == "power_card.military"


def test_three_fronts_says_one_side_only():
    """An attack touching several sides: attacking them all at once is refused by
    attack.three_fronts, in words (no machine id in the English)."""
    state, seat = first(lambda s, seat: bool(s.queue) and s.queue[0].kind == "front", players=4)
    [(a, why)] = listed(state, seat)["attack_side"]
    options = state.queue[0].get("options")
    assert sorted({c for o in options for c in o}) == a["colours"] and why.clause == "attack.three_fronts"
    assert "choose one side" in why.message_en and "'front'" not in why.message_en


def test_remove_decision_says_which_cells():
    """A full-force removal: a token from an occupied cell not on the defending side is refused."""
    def removal(s, seat):
        return bool(s.queue) and s.queue[0].kind == "remove" and any(
            c not in s.queue[0].get("cells") for c in s.board.cells if c in s.position)
    state, seat = first(removal, players=4, seeds=range(1, 60))
    [(a, why)] = listed(state, seat)["remove_token"]
    assert a["cell"] in state.position and a["cell"] not in state.queue[0].get("cells")
    assert why.clause == "attack.full_force" and "defending side's cells" in why.message_en


def test_end_of_round_sale_and_deposits():
    """The sale with no Power held (income.sell_power); the deposit with a kingdom whose Power the
    seat does not hold (income.declare_deposits)."""
    state, seat = first(lambda s, seat: s.stage == "sell" and not s.queue and not s.players[seat].powers)
    assert listed(state, seat)["sell_power"][0][1].clause == "income.sell_power"
    state, seat = first(lambda s, seat: s.stage == "deposit" and not s.queue
                        and len({c for c, _ in s.players[seat].powers}) < len(s.board.colours))
    got = listed(state, seat)["deposit"]
    held = {c for c, _ in state.players[seat].powers}
    assert {a["colour"] for a, _ in got} == set(state.board.colours) - held
    assert {why.clause for _, why in got} == {"income.declare_deposits"}


def test_money_moves_once_per_round():
    """After moving money this round, a move is refused by money.move_once."""
    state, seat = first(lambda s, seat: at("phase3")(s, seat))
    state = changed(state, moved_money=True)
    assert listed(state, seat)["move_money"][0][1].clause == "money.move_once"


# ----------------------------------------------------------------------------- the page
def table_over(state, viewer):
    session = GameSession(GAME, config=state.config, seed=state.seed)
    session.initial = state  # show exactly this state (no history)
    session.step = 0
    return page.PlayTable(SPEC, session, viewer=viewer, bots={})


@pytest.mark.parametrize("step", ["phase2", "phase3"])
def test_the_play_tables_fold_lists_phase_two_and_three_entries(step):
    """At a phase-2 / phase-3 decision the play table's "why can't I do something?" fold lists the
    engine's entries: the refusal's words and the clause's title (its id in a tooltip only)."""
    state, seat = first(lambda s, seat: at(step)(s, seat) and (step != "phase2" or len(s.row) >= 2))
    state = changed(state, cash=0, deposits=[0] * len(state.board.colours))
    table = table_over(state, seat)
    fold = table.whynot.value
    assert "kl-whynot" in fold
    clause = "phase2.pass_cost" if step == "phase2" else "phase3.take"
    words = {"phase2": "pass the cards before it", "phase3": "only after discarding one to exchange"}[step]
    assert words in fold and f"title='{clause}'" in fold
    th, _en = GAME.cite_name(clause, seat)
    assert th and th in fold
    from tests.test_clause_cards import _ids_in, _words
    assert not _ids_in(_words(fold), "shadow_master"), _words(fold)


def test_siege_and_forced_sale_say_which_options():
    """A siege with several enclosed cells: another occupied cell is refused by attack.siege; a
    forced sale under ``forced_sale_choice=lowest_value``: a dearer card held is refused by
    bankruptcy.forced_sale, naming the register's reading."""
    state, seat = first(lambda s, seat: bool(s.queue) and s.queue[0].kind == "siege", reading=READINGS[1])
    [(a, why)] = listed(state, seat)["siege_cell"]
    assert a["cell"] in state.position and a["cell"] not in state.queue[0].get("cells")
    assert why.clause == "attack.siege" and "enclosed on three sides" in why.message_en
    state, seat = first(lambda s, seat: bool(s.queue) and s.queue[0].kind == "forced_sale"
                        and len(set(s.players[seat].powers)) > 1, reading=READINGS[1])
    [(a, why)] = listed(state, seat)["forced_sale"]
    assert (a["colour"], a["kind"]) in state.players[seat].powers
    assert why.clause == "bankruptcy.forced_sale" and "ambiguity:" in why.message_en and "ข้อกำกวม" in why.message_th


# ----------------------------------------------------------------------------- a new game's fold
def new_game_at(step: str, seed: int = 1, players: int = 3):
    """A new game (board empty) at the first seat's choice, or after its "A: roll and place"."""
    rng = random.Random(seed)
    state = GAME.new_game(GAME.make_config({"players": players}), seed)
    while GAME.current_player(state) == CHANCE:
        state = GAME.apply(state, GAME.sample_chance(state, rng)).state
    seat = GAME.current_player(state)
    if step == "resolve":
        state = GAME.apply(state, {"player": seat, "type": "roll"}).state
        while GAME.current_player(state) == CHANCE:
            state = GAME.apply(state, GAME.sample_chance(state, rng)).state
    assert len(state.position) == 0 and state.turn.step == step
    return state, seat


def test_an_alliance_refusal_says_the_one_reason_that_applies():
    """Board empty: the rolled colour is not on the map - alliance.intro (alliances between
    kingdoms), not the one-token-per-colour clause; once that colour has its token in an X cell,
    alliance.one_token names the cell."""
    state, seat = new_game_at("resolve")
    [(a, why)] = listed(state, seat)["ally"]
    assert why.clause == "alliance.intro", why
    assert "not on the map" in why.message_en and "already" not in why.message_en
    assert "ยังไม่มีโทเคนบนแผนที่" in why.message_th
    w = thaw(state)
    colour = a["colour"]
    w.alliances[0].append(colour)
    w.position = B.set_cell(w.position, state.board.cells[0], colour, 1)
    said = GAME.explain_illegal(w.freeze(), {"player": seat, "type": "ally", "x": state.board.x_cells[1], "colour": colour})
    assert said.clause == "alliance.one_token" and state.board.x_cells[0] in said.message_en
    assert "not on the map" not in said.message_en


def test_a_castle_refusal_follows_the_rulebooks_order():
    """A new game (no Power, 10 Silver): the castle's first precondition fails,
    castle.need_power, not "a kingdom's cell"."""
    state, seat = new_game_at("choose")
    [(a, why)] = listed(state, seat)["build_castle"]
    assert why.clause == "castle.need_power" and "Power" in why.message_en, why


def test_a_castle_refusal_on_an_empty_cell_names_no_kingdom():
    """A fresh user's trial: "C: build a castle on B2 — you must hold that kingdom's Power card (you
    hold none)" on an empty B2, where "that kingdom" names nothing.  The words fit a cell of no
    kingdom (empty or black); the clause and the reason order stay (castle.need_power first)."""
    state, seat = new_game_at("choose")
    [(a, why)] = listed(state, seat)["build_castle"]
    assert state.position.colour_at(a["cell"]) is None       # the representative cell is empty
    assert why.clause == "castle.need_power"
    assert "that kingdom" not in why.message_en and "ของสีอาณาจักรนั้น" not in why.message_th, why
    assert why.message_en == "a castle goes only on a kingdom's cell whose Power card you hold: you hold no Power card"
    assert "ยังไม่ถือการ์ด Power สักใบ" in why.message_th
    for cell in state.board.cells:                             # every cell refuses with the same clause
        got = GAME.explain_illegal(state, {"player": seat, "type": "build_castle", "cell": cell})
        assert got.clause == "castle.need_power" and "that kingdom" not in got.message_en, (cell, got)


def test_a_castle_refusal_names_the_money_when_a_valid_cell_exists():
    """With no Silver, where a cell passes every condition but the price, the representative is
    that cell and the refusal is the money (not a cell where the castle is wrong anyway)."""
    state, seat = first(lambda s, seat: at("choose")(s, seat)
                        and any(x["type"] == "build_castle" for x in GAME.legal_actions(s, seat)), players=4)
    valid = {x["cell"] for x in GAME.legal_actions(state, seat) if x["type"] == "build_castle"}
    state = changed(state, cash=0, deposits=[0] * len(state.board.colours))
    [(a, why)] = listed(state, seat)["build_castle"]
    assert a["cell"] in valid, (a, sorted(valid))
    assert why.clause in ("shadow.buy_when", "castle.restore_black") and "not enough money" in why.message_en, why


def test_a_new_games_fold_lists_no_money_move_and_no_unally():
    """No deposit and no Power: no money move is listed; no alliance token on the board: no
    "unally" (the criterion of ``unavailable``'s docstring) - at the choice and after the roll."""
    for step in ("choose", "resolve"):
        state, seat = new_game_at(step)
        got = listed(state, seat)
        assert "move_money" not in got and "unally" not in got, (step, sorted(got))
    state, seat = first(lambda s, seat: at("resolve")(s, seat) and any(s.alliances)
                        and (any(s.players[seat].deposits) or s.players[seat].powers)
                        and "X" in s.players[seat].hand)
    got = listed(state, seat)   # with a token on an X cell and money or a Power, they are listed again
    offered = {x["type"] for x in GAME.legal_actions(state, seat)}
    assert "unally" in got or "unally" in offered
    assert "move_money" in got or "move_money" in offered
