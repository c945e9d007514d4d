"""The Valeria random-play kernel (rules/valeria/kernel.py) plays exactly the engine's games: the same
moves one by one and the same final position, at every player count, under every reading of the
register and under mixes of them; and the comparison tells a kernel playing another reading apart."""
from __future__ import annotations

import random

import pandas.testing as pdt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.ambiguity import load_ambiguities, reading_configs
from rules.core.play import choose_action, random_play
from rules.core.protocol import CHANCE, BadInput
from rules.valeria import GAME, kernel

READINGS = {e.variant: [r.config_value for r in e.readings] for e in load_ambiguities("valeria")}


def engine_game(config, seed: int) -> tuple[list, object]:
    """The engine's random game, as ``random_play`` plays it: (moves, final state)."""
    rng = random.Random(seed + 1)
    state = GAME.new_game(config, seed)
    moves = []
    while (a := choose_action(GAME, state, None, rng)) is not None:
        moves.append(a)
        state = GAME.apply(state, a).state
    return moves, state


def differences(config, seed: int, kernel_config=None) -> list[str]:
    """What differs between the kernel's game and the engine's (empty when they are the same game)."""
    cfg = GAME.make_config(config)
    moves, final = engine_game(cfg, seed)
    trace: list = []
    result, state = kernel.play_to_state(kernel_config or cfg, seed, random.Random(seed + 1), trace=trace)
    out = [f"move {i}: kernel {a} != engine {b}" for i, (a, b) in enumerate(zip(trace, moves)) if a != b][:1]
    if len(trace) != len(moves):
        out.append(f"kernel made {len(trace)} moves, engine {len(moves)}")
    if result.steps != len(moves):
        out.append(f"steps: kernel {result.steps} != engine {len(moves)}")
    if result.fingerprint() != kernel.fingerprint(final):
        out.append(f"fingerprint: kernel {result.fingerprint()} != engine {kernel.fingerprint(final)}")
    if GAME.state_to_json(state) != GAME.state_to_json(final):
        out.append("final positions differ")
    return out


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_games_at_every_player_count(players):
    for seed in range(3):
        assert differences({"players": players}, seed) == [], seed


@pytest.mark.parametrize("entry,reading,fields", list(reading_configs("valeria")))
def test_same_games_under_every_reading(entry, reading, fields):
    players = 1 if entry == "solo_setup" else 3          # solo_setup only reads a one-seat game
    for seed in range(2):
        assert differences({"players": players, **fields}, seed) == [], (fields, seed)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.integers(1, 5), st.integers(0, 10**9), st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items()}))
def test_same_games_for_any_mix_of_readings(players, seed, readings):
    assert differences({"players": players, **readings}, seed) == []


def _option_vs_perform(state) -> list[str]:
    """At ``state``, every option of the decision (or the chance outcome drawn) done both ways on
    fresh working copies: the engine's ``perform`` of its action dict, and the kernel's path
    (``actions.OPTION_DO`` / ``perform_chance``); what differs (position or events)."""
    from rules.valeria import actions
    from rules.valeria.flow import advance
    from rules.valeria.state import Work
    out = []
    seat, make, options = actions.next_choice(state)
    if seat == CHANCE:
        pairs = [(lambda w, log: actions.perform(w, actions.sample_chance(w, random.Random(5)), log),
                  lambda w, log: actions.perform_chance(w, random.Random(5), log))]
    else:
        pairs = [((lambda o: lambda w, log: actions.perform(w, make(seat, o), log))(o),
                  (lambda o: lambda w, log: actions.OPTION_DO[make](w, seat, o, log))(o)) for o in options]
    for engine_way, kernel_way in pairs:
        ends = []
        for way in (engine_way, kernel_way):
            w, log = Work(state), []
            way(w, log)
            advance(w, log)
            ends.append((GAME.state_to_json(w.freeze()), log))
        if ends[0] != ends[1]:
            out.append(f"{make.__name__} differs at turn {state.turns}")
    return out


@pytest.mark.parametrize("players,fields", [(4, {}), (4, {"influence_spent_in_battle": "spent", "reserve_bonus": "plus_one_vp", "vp_conversion_table": "stepped"}),
                                            (2, {"troop_slots_full": "forbidden"}),
                                            (3, {"shrine_refill": "when_shrine_empty", "no_legal_move": "pass"}),
                                            (5, {"shrine_action_optional": "may_decline", "award_claims": "taken"})])
def test_every_option_done_the_kernel_way_is_the_engines_action(players, fields):
    """The kernel does the chosen option without its action dict (actions.OPTION_DO): at every
    step of whole games, every legal option (and the chance outcome) gives the same position and
    the same events as ``perform`` of the engine's action dict."""
    cfg = GAME.make_config({"players": players, **fields})
    kinds = set()
    for seed in range(2):
        rng = random.Random(seed)
        state = GAME.new_game(cfg, seed)
        while (a := choose_action(GAME, state, None, rng)) is not None:
            assert _option_vs_perform(state) == [], (seed, a)
            kinds.add(a.get("type") or a["chance"])
            state = GAME.apply(state, a).state
    assert {"enter", "take", "camp", "choose_plan", "assign", "fight", "level_up", "place_marker", "die",
            "draw"} <= kinds
    assert ("return_die" in kinds) == (cfg.troop_slots_full == "return_one")    # a full troop area


def test_the_comparison_can_fail():
    """A kernel that plays another reading (shrines refilled one by one as each empties, not when
    all are empty) is told apart from the engine's game: the check has teeth."""
    differ = sum(bool(differences({"players": 4}, seed, {"players": 4, "shrine_refill": "when_shrine_empty"}))
                 for seed in range(8))
    assert differ >= 6


def test_a_cut_off_game_stops_where_random_play_stops():
    cfg = GAME.default_config(4)
    final, steps = random_play(GAME, GAME.new_game(cfg, 7), random.Random(8), max_steps=150)
    result, state = kernel.play_to_state(cfg, 7, random.Random(8), max_steps=150)
    assert steps == result.steps == 150 and result.winners == ()
    assert GAME.state_to_json(state) == GAME.state_to_json(final)


def test_kernel_games_keep_the_invariants():
    rng = random.Random(3)
    for seed in range(40):
        result, state = kernel.play_to_state({"players": 1 + seed % 5}, seed, rng)
        assert GAME.invariants(state) == [] and result.winners and state.over, seed
        assert list(result.scores) == [sum(by) for by in result.sources]


def test_simulate_kernel_rows_are_the_engine_rows():
    from rules.analysis.simulate import simulate
    eng = simulate("valeria", 10, config={"players": 4}, seed=9, workers=1, progress=False)
    ker = simulate("valeria", 10, config={"players": 4}, seed=9, workers=1, progress=False, kernel=True)
    assert (ker["path"] == "kernel").all() and ker["finished"].all()
    cols = [c for c in ker.columns if c != "path"]
    pdt.assert_frame_equal(eng[cols], ker[cols])


def test_bench_plays_the_kernel_beside_the_engine():
    from rules import catalog
    from rules.__main__ import bench
    assert catalog.kernel("valeria") is kernel
    out = bench("valeria", 4, 0.2)
    k = out["kernel"]
    assert out["games"] >= 1 and k["games"] >= 1 and k["same_games"] >= 1 and k["matches_engine"] is True


def test_bad_config_is_refused_in_both_languages():
    with pytest.raises(BadInput) as err:
        kernel.play({"players": 9}, 0, random.Random(0))
    assert err.value.field == "players" and err.value.message_th and err.value.message_en


def test_plan_options_written_out_agree_with_shortfall():
    """battle._plan_options writes dice.shortfall out (asked at every Warden move): at every
    position of seeded games, for every seat, the plans it offers are those whose dice
    ``shortfall`` says the gems held make up (reserve first, then the row slots it can pay)."""
    from rules.valeria import battle
    from rules.valeria.data import load
    from rules.valeria.dice import shortfall
    plans, prices = load().plans, load().row_prices
    seen = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game({"players": 4}, seed)
        while (a := choose_action(GAME, state, None, rng)) is not None:
            for seat, p in enumerate(state.players):
                types = [d[0] for d in p.troops]
                want = [(pid, "reserve", 0) for pid in p.reserve if shortfall(types, plans[pid].slots) <= p.gems]
                want += [(pid, "row", prices[j]) for j, pid in enumerate(state.plan_row)
                         if pid is not None and prices[j] <= p.gold and shortfall(types, plans[pid].slots) <= p.gems]
                assert battle.plan_options(state, seat) == want
                assert battle.can_camp(state, seat) == (p.warden != "camp" and bool(want))
                seen += bool(want)
            state = GAME.apply(state, a).state
    assert seen > 100
