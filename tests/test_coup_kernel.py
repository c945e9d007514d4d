"""The random-play kernel plays exactly the engine's games: the same moves, one by one, and the same
final state, under every reading of the ambiguity register and with the Reformation."""
import random
import typing

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.play import choose_action
from rules.core.protocol import TERMINAL
from rules.coup import GAME, CoupConfig, kernel

READINGS = {k: typing.get_args(f.annotation) for k, f in CoupConfig.model_fields.items()
            if k not in ("players", "reformation")}


def engine_game(state, rng):
    """The engine's random game from ``state``: (final state, moves), as random_play plays it."""
    moves = []
    while (a := choose_action(GAME, state, None, rng)) is not None:
        moves.append(a)
        state = GAME.apply(state, a).state
    return state, moves


def same_game(result, trace, state, moves) -> list[str]:
    """What differs between the kernel's game and the engine's (empty when identical)."""
    diffs = [f"move {i}: kernel {a} != engine {b}" for i, (a, b) in enumerate(zip(trace, moves)) if a != b][:1]
    if len(trace) != len(moves):
        diffs.append(f"kernel made {len(trace)} moves, engine {len(moves)}")
    for field, want in (("winner", state.winner), ("steps", len(moves)), ("turns", state.turn_no),
                        ("deadlock", state.deadlock), ("coins", state.coins), ("bank", state.bank),
                        ("alms", state.alms), ("hands", state.hands), ("up", state.up), ("buried", state.buried),
                        ("deck", state.deck), ("faction", state.faction)):
        if getattr(result, field) != want:
            diffs.append(f"{field}: kernel {getattr(result, field)} != engine {want}")
    return diffs


def compare(config: dict, seed: int) -> list[str]:
    cfg = GAME.make_config(config)
    state, moves = engine_game(GAME.new_game(cfg, seed), random.Random(seed + 1))
    trace = []
    result = kernel.play(cfg, seed, random.Random(seed + 1), trace=trace)
    return same_game(result, trace, state, moves)


@pytest.mark.parametrize("players,reformation", [(2, False), (3, False), (4, False), (6, False),
                                                 (2, True), (4, True), (5, True)])
def test_same_games_as_the_engine(players, reformation):
    for seed in range(120):
        assert compare({"players": players, "reformation": reformation}, seed) == [], seed


@pytest.mark.parametrize("field", sorted(READINGS))
def test_same_games_under_every_reading(field):
    for reading in READINGS[field]:
        for reformation in (False, True):
            for seed in range(25):
                cfg = {"players": 4, "reformation": reformation, field: reading}
                assert compare(cfg, seed) == [], (cfg, seed)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(st.integers(2, 6), st.booleans(), st.integers(0, 10**9),
       st.fixed_dictionaries({k: st.sampled_from(v) for k, v in READINGS.items()}))
def test_same_games_for_any_mix_of_readings(players, reformation, seed, readings):
    assert compare({"players": players, "reformation": reformation, **readings}, seed) == []


def test_the_comparison_can_fail():
    """A kernel game under another reading is told apart from the engine's (the check has teeth)."""
    differ = 0
    for seed in range(40):
        cfg = GAME.make_config({"players": 4, "who_blocks": "target_only"})
        state, moves = engine_game(GAME.new_game(cfg, seed), random.Random(seed))
        trace = []
        result = kernel.play({"players": 4, "who_blocks": "anyone"}, seed, random.Random(seed), trace=trace)
        differ += bool(same_game(result, trace, state, moves))
    assert differ >= 5


def test_play_from_a_position_with_an_empty_bank():
    """From a scenario-style position (every coin in the players' hands, so the bank pays what it
    has: ambiguity treasury_start) the kernel still plays the engine's game."""
    for seed in range(60):
        cfg = GAME.make_config({"players": 4})
        start = GAME.apply_overrides(GAME.new_game(cfg, seed), {"coins": [9, 9, 9, 33], "turn": seed % 4})
        assert start.bank == 0
        state, moves = engine_game(start, random.Random(seed))
        trace = []
        result = kernel.play_from(start, random.Random(seed), trace=trace)
        assert same_game(result, trace, state, moves) == [], seed


def test_play_from_refuses_a_position_inside_a_turn():
    s = GAME.new_game(GAME.default_config(3), 1)
    s = GAME.apply(s, {"player": 0, "type": "tax"}).state  # the challenge window is open
    with pytest.raises(ValueError, match="start of a turn"):
        kernel.play_from(s, random.Random(0))


def test_kernel_games_keep_the_invariants():
    """Coins and cards are conserved, one seat is left, and the loser's cards are all face up."""
    rng = random.Random(3)
    for seed in range(2000):
        players = 2 + seed % 5
        r = kernel.play({"players": players, "reformation": seed % 2 == 1}, seed, rng)
        assert sum(r.coins) + r.bank + r.alms == 60
        assert sum(map(len, r.hands)) + sum(map(len, r.up)) + sum(map(len, r.buried)) + len(r.deck) == 18
        alive = [s for s in range(players) if r.hands[s]]
        assert alive == [r.winner]
        assert all(len(r.up[s]) + len(r.buried[s]) == 2 for s in range(players) if s != r.winner)


def test_bad_config_is_refused_in_both_languages():
    from rules.core.protocol import BadInput
    with pytest.raises(BadInput) as err:
        kernel.play({"players": 9}, 0, random.Random(0))
    assert "players" in str(err.value)


def test_bench_reports_the_kernel_beside_the_engine():
    from rules.__main__ import bench
    out = bench("coup", 4, 0.3)
    k = out["kernel"]
    assert out["games"] > 0 and k["games"] > 0
    assert k["same_games"] == min(k["games"], out["games"]) and k["matches_engine"] is True
    assert "kernel" not in bench("shadow_master", 2, 0.05, with_kernel=False)   # the engine alone when asked


def test_play_from_the_one_faction_deadlock():
    """Reformation, one_faction=deadlock: everyone in one faction and seat 1 at 10 coins; the game
    stops with no winner when seat 1's forced coup has no target, in the kernel as in the engine."""
    deadlocks = 0
    for seed in range(30):
        cfg = GAME.make_config({"players": 4, "reformation": True, "one_faction": "deadlock"})
        s = GAME.new_game(cfg, seed)
        s = GAME.apply(s, {"player": 0, "type": "choose_faction", "faction": 0}).state
        start = GAME.apply_overrides(s, {"factions": [0, 0, 0, 0], "coins": [2, 10, 2, 2]})
        state, moves = engine_game(start, random.Random(seed))
        trace = []
        result = kernel.play_from(start, random.Random(seed), trace=trace)
        assert same_game(result, trace, state, moves) == [], seed
        deadlocks += result.deadlock
    assert deadlocks >= 10


def test_a_cut_off_game_ends_where_random_play_ends():
    """``max_steps``: both stop after the same number of moves, in the same state (the engine's
    apply runs the tasks a move queued, e.g. paying foreign aid after a failed block)."""
    from rules.core.play import random_play

    fields = ("coins", "bank", "alms", "hands", "up", "buried", "deck", "faction", "winner", "deadlock")
    for seed in range(40):
        cfg = GAME.make_config({"players": 2 + seed % 5, "reformation": seed % 3 == 0})
        for cut in (1, 2, 3, 5, 8, 13, 21):
            state, steps = random_play(GAME, GAME.new_game(cfg, seed), random.Random(seed), max_steps=cut)
            r = kernel.play(cfg, seed, random.Random(seed), max_steps=cut)
            assert r.steps == steps and r.turns == state.turn_no, (seed, cut)
            assert [getattr(r, f) for f in fields] == [getattr(state, f) for f in fields], (seed, cut)


def test_play_from_a_finished_game_returns_it():
    from rules.core.play import random_play

    cfg = GAME.make_config({"players": 3})
    end, _ = random_play(GAME, GAME.new_game(cfg, 4), random.Random(4))
    r = kernel.play_from(end, random.Random(0))
    assert r.steps == 0 and r.winner == end.winner >= 0 and r.coins == end.coins and r.hands == end.hands


def test_deadlock_right_after_the_faction_choice():
    """A scenario where the first turn is already a forced coup and, once factions are chosen,
    every living seat shares one: under one_faction=deadlock the game stops there (it used to
    leave seat 0 to act with no legal action)."""
    cfg = GAME.make_config({"players": 3, "reformation": True, "one_faction": "deadlock"})
    start = GAME.apply_overrides(GAME.new_game(cfg, 0), {
        "players.1.hand": [], "players.1.lost": ["duke", "captain"], "coins": [10, 0, 2]})
    tr = GAME.apply(start, {"player": 0, "type": "choose_faction", "faction": 0})
    assert tr.state.deadlock and GAME.current_player(tr.state) == TERMINAL
    assert [e.kind for e in tr.events][-1] == "deadlock"
    assert "actions.coup_forced" in tr.events[-1].cites
    trace = []
    r = kernel.play_from(start, random.Random(1), trace=trace)
    state, moves = engine_game(start, random.Random(1))
    assert same_game(r, trace, state, moves) == [] and r.deadlock


def test_bench_tells_a_kernel_playing_other_rules_apart(monkeypatch):
    """A kernel that pays a knocked-out seat's coins to the bank (another reading of
    eliminated_coins) makes games of the same length with other final states: the bench says so."""
    from rules.__main__ import bench

    real = kernel.play
    monkeypatch.setattr(kernel, "play", lambda cfg, seed, rng: real(
        cfg.model_copy(update={"eliminated_coins": "bank"}), seed, rng))
    k = bench("coup", 4, 0.3)["kernel"]
    assert k["same_games"] > 0 and k["matches_engine"] is False
    monkeypatch.setattr(kernel, "play", real)
    assert bench("coup", 4, 0.0)["kernel"]["matches_engine"] is None
