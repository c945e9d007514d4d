"""Coup bots: they act on ``observe`` only, make legal moves, and beat random play."""
import random

import pytest

from rules.core.play import playout
from rules.coup import GAME
from rules.coup.bots import Bluffer, claim_probability, honest_bot, make_bot, random_bot, truth_probability


def win_rate(bot, games=120, players=4, **config):
    wins = 0
    cfg = GAME.make_config({"players": players, **config})
    for g in range(games):
        seat = g % players
        out = playout(GAME, GAME.new_game(cfg, g), random.Random(g), {seat: bot}, keep_events=False)
        assert out.finished
        wins += out.state.winner == seat
    return wins / games


@pytest.mark.parametrize("bot", [honest_bot, Bluffer(), Bluffer(bluff_rate=0.6, challenge_threshold=0.4)],
                         ids=["honest", "bluffer", "bold"])
def test_bots_beat_random(bot):
    assert win_rate(bot) > 0.5  # random seats win about 1/4
    assert win_rate(bot, reformation=True) > 0.5


def test_random_bot_is_about_fair():
    assert 0.1 < win_rate(random_bot) < 0.45


def test_bots_see_only_the_observation():
    seen = []

    def spy(obs, legal, rng):
        seen.append(obs)
        assert set(obs) >= {"viewer", "players", "phase"}
        me = obs["viewer"]
        assert all(p["hand"] is None for p in obs["players"] if p["seat"] != me)
        return honest_bot(obs, legal, rng)
    playout(GAME, GAME.new_game(GAME.default_config(3), 1), random.Random(1), {0: spy})
    assert seen


def test_claim_probability_counts_cards():
    s = GAME.apply_overrides(GAME.new_game(GAME.default_config(3), 0), {
        "hands": [["duke", "duke"], ["captain", "contessa"], ["assassin", "ambassador"]],
        "lost": [[], [], []]})
    obs = GAME.observe(s, 0)
    p = claim_probability(obs, 1, "duke")
    assert 0.0 < p < 0.3  # one duke left among 16 unseen cards, 2 in seat 1's hand: 1/8
    assert abs(p - 2 / 16) < 1e-9
    assert claim_probability(obs, 0, "duke") == 1.0
    s2 = GAME.apply_overrides(GAME.new_game(GAME.default_config(3), 0), {
        "hands": [["duke", "duke"], ["captain"], ["assassin", "ambassador"]], "lost": [[], ["duke"], []]})
    s2 = GAME.apply(s2, {"player": 0, "type": "income"}).state
    s2 = GAME.apply(s2, {"player": 1, "type": "tax"}).state
    assert truth_probability(GAME.observe(s2, 0)) == 0.0
    assert GAME.apply(s2, honest_bot(GAME.observe(s2, 0), GAME.legal_actions(s2, 0), random.Random(0))).state


def test_make_bot():
    assert make_bot("honest") is honest_bot
    assert make_bot("bluffer", bluff_rate=0.1).bluff_rate == 0.1
    with pytest.raises(ValueError):
        make_bot("oracle")
    with pytest.raises(ValueError):
        Bluffer(bluff_rate=2)
