"""Issue 13.1: no stuck Shadow Master position, searched for on purpose.

``rules/shadow_master/stuck_search.py`` builds fragile positions (tiny kingdoms, poor players holding their
Powers, deposits, the last round triggered) under every register reading and probes each one
step away through the engine's own rule functions (every cell emptied by a removal, a debt per
seat, the end of the round), then plays random moves: no seat to act may be left without a legal
action while the game is not over, and no invariant may break.  Without the issue-13 fix it finds
the stuck forced sale within a few dozen positions."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.shadow_master import stuck_search as search_mod


def test_targeted_search_finds_no_stuck_position():
    built, _, problems = search_mod.search(positions=40, steps=25, seed=13)
    assert built > 30
    assert problems == []


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10**6))
def test_no_stuck_position_from_any_seed(seed):
    _, _, problems = search_mod.search(positions=2, steps=25, seed=seed)
    assert problems == []
