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
from rules.core.protocol import BadInput
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
