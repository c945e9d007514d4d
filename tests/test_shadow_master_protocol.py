"""Shadow Master's protocol additions (CONTRACT.md): describe_action on every legal action and
chance outcome, explain_illegal (None for legal), observation keys, the Rank of every kingdom under
both allies_rank readings as the engine computes it, and score_breakdown's shape."""
from __future__ import annotations

import random

import pytest

from rules.core.play import choose_action
from rules.core.protocol import CHANCE, TERMINAL, current_json
from rules.shadow_master import GAME
from rules.shadow_master.powers import kingdom_rank


def _walk(config, seed, steps=800):
    state, rng = GAME.new_game(config, seed), random.Random(seed)
    for _ in range(steps):
        yield state
        a = choose_action(GAME, state, None, rng)
        if a is None:
            return
        state = GAME.apply(state, a).state
    yield state


@pytest.mark.parametrize("allies_rank", ["separate", "merged"])
def test_labels_observation_and_rank(allies_rank):
    cfg = GAME.make_config({"players": 3, "allies_rank": allies_rank})
    for seed in range(3):
        for s in _walk(cfg, seed):
            cp = GAME.current_player(s)
            o = GAME.observe(s, 0)
            assert o["viewer"] == 0 and o["current"] == current_json(cp) and isinstance(o["phase"], str)
            assert o["acting_seat"] == (cp if isinstance(cp, int) and cp >= 0 else None)
            for c in s.board.colours:   # the view's Rank label is the engine's Rank
                assert len(o["rank_groups"][c]) == kingdom_rank(s, c) == o["rank"][c]
                assert c in o["rank_sides"][c] or not o["rank_groups"][c]
                assert o["rank_by_reading"][allies_rank][c] == kingdom_rank(s, c)
            if cp == CHANCE:
                for out, _ in GAME.chance_outcomes(s)[:5]:
                    th, en = GAME.describe_action(s, out)
                    assert th and en
            elif cp != TERMINAL:
                for a in GAME.legal_actions(s, cp):
                    th, en = GAME.describe_action(s, a)
                    assert th and en and th != a["type"], a
                    assert GAME.explain_illegal(s, a) is None
        bd = GAME.score_breakdown(s)
        assert len(bd["seats"]) == 3
        for seat in bd["seats"]:
            assert sum(seat["sources"].values()) == seat["total"]
        if GAME.current_player(s) == TERMINAL:
            r = GAME.returns(s)
            assert bd["winners"] == [i for i, x in enumerate(r) if x == max(r)]


def test_black_label_fee_comes_from_the_rule_value():
    from rules.shadow_master.constants import BLACK_REWARD
    s = GAME.new_game(GAME.default_config(3), 0)
    th, en = GAME.describe_action(s, {"player": 0, "type": "black", "cell": "A1"})
    assert f"+{BLACK_REWARD}" in th and f"+{BLACK_REWARD}" in en


def test_final_tie_reading():
    """Ambiguity final_tie: a tie is shared by default; most_silver breaks it by Silver."""
    from dataclasses import replace
    from rules.shadow_master.scoring import winners
    for reading, expect in (("shared", [0, 1]), ("most_silver", [1])):
        s = GAME.new_game(GAME.make_config({"players": 2, "final_tie": reading}), 0)
        p0, p1 = s.players
        p0 = replace(p0, cash=10, hand=("A1",), deposits=(0,) * 6)
        p1 = replace(p1, cash=15, hand=(), deposits=(0,) * 6)
        assert winners(replace(s, players=(p0, p1))) == expect
