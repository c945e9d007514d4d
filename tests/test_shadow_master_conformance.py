"""The core conformance harness on Shadow Master, every config reading, and many seeded random
games with the invariants checked after every action (``python -m rules soak --game shadow_master``
runs 10,000)."""
import random
from dataclasses import replace

import pytest

from rules.core.play import choose_action
from rules.core.protocol import TERMINAL
from rules.core.testing import conformance, random_games
from rules.shadow_master import GAME
from rules.shadow_master.config import Config, reading_value
from rules.core.ambiguity import load_ambiguities

READINGS = sorted({(a.variant, reading_value(r))
                   for a in load_ambiguities("shadow_master") if a.variant for r in a.readings
                   if (reading_value(r)) != Config.model_fields[a.variant].default},
                  key=str)


@pytest.mark.parametrize("players,games", [(2, 6), (3, 3), (4, 2), (6, 1)])
def test_conformance(players, games):
    report = conformance(GAME, players=players, games=games, seed=players * 100)
    assert report.ok, report.problems
    assert report.finished == games


def _random_game(config, seed, max_steps=20_000):
    rng = random.Random(seed)
    state = GAME.new_game(config, seed)
    for _ in range(max_steps):
        action = choose_action(GAME, state, None, rng)
        if action is None:
            return state
        state = GAME.apply(state, action).state
        broken = GAME.invariants(state)
        assert not broken, (seed, action, broken)
    raise AssertionError(f"seed {seed}: not finished")


@pytest.mark.parametrize("field,reading", READINGS, ids=[f"{k}={v}" for k, v in READINGS])
def test_every_reading_plays_to_the_end(field, reading):
    for seed, players in ((1, 2), (2, 3)):
        cfg = GAME.make_config({"players": players, field: reading})
        final = _random_game(cfg, seed)
        assert GAME.current_player(final) == TERMINAL


def test_greedy_bots_reach_a_real_end():
    from rules.core.play import playout
    from rules.shadow_master.bots import greedy_bot
    s = GAME.new_game(GAME.default_config(3), 4)
    out = playout(GAME, s, random.Random(4), policies=greedy_bot)
    assert out.finished and any(e.kind == "end_triggered" for e in out.events)
    assert sum(GAME.returns(out.state)) == pytest.approx(1.0)


def test_a_thousand_random_games_keep_the_invariants():
    finished, breaks, problems = random_games(GAME, 2, 1000, seed=7)
    assert finished == 1000 and breaks == 0, problems
    assert problems == []


def test_invariants_catch_a_broken_state():
    s = GAME.new_game(GAME.default_config(3), 0)
    assert GAME.invariants(s) == []
    p0 = s.players[0]
    assert any("money" in m for m in GAME.invariants(replace(s, players=(replace(p0, cash=11),) + s.players[1:])))
    assert any("Territory" in m for m in GAME.invariants(replace(s, deck=s.deck[1:])))
    assert any("supply" in m for m in GAME.invariants(replace(s, supply=(29,) + s.supply[1:])))
    bad_powers = replace(p0, powers=(("red", "king"),))
    assert any("Power cards" in m for m in GAME.invariants(replace(s, players=(bad_powers,) + s.players[1:])))
