"""The core conformance harness on Coup, every config reading, and many seeded random games with
the invariants checked after every action (``python -m rules soak --game coup`` runs 10,000)."""
import typing

import pytest

from rules.core.testing import ConformanceReport, _play, conformance, random_games
from rules.coup import GAME, CoupConfig

READINGS = [(k, v) for k, f in CoupConfig.model_fields.items() if k not in ("players", "reformation")
            for v in typing.get_args(f.annotation)]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_conformance(players):
    report = conformance(GAME, players=players, games=25, seed=players * 100)
    assert report.ok, report.problems
    assert report.finished == 25


@pytest.mark.parametrize("field,reading", READINGS, ids=[f"{k}={v}" for k, v in READINGS])
def test_every_reading_plays_conformant_games(field, reading):
    for reformation in (False, True):
        cfg = GAME.make_config({"players": 4, "reformation": reformation, field: reading})
        report = ConformanceReport("coup")
        for seed in range(6):
            _play(GAME, cfg, seed, 5000, report)
        assert report.ok, report.problems
        assert report.finished == 6


def test_a_thousand_random_games_keep_the_invariants():
    finished, breaks, problems = random_games(GAME, 4, 1000, seed=7)
    assert finished == 1000 and breaks == 0, problems
    assert problems == []


def test_invariants_catch_a_broken_state():
    s = GAME.new_game(GAME.default_config(3), 0)
    assert GAME.invariants(s) == []
    broken = s._replace(coins=(9, 2, 2))
    assert any("coins not conserved" in m for m in GAME.invariants(broken))
    broken = s._replace(deck=s.deck[1:])
    assert any("cards not conserved" in m for m in GAME.invariants(broken))
    broken = s._replace(hands=((),) + s.hands[1:])
    assert GAME.invariants(broken)
    broken = s._replace(coins=(10, 2, 2), bank=s.bank - 8, forced=True, start_coins=10, act=("tax", -1, 0))
    assert any("took tax" in m for m in GAME.invariants(broken))
