"""The New World random-play kernel plays the engine's games move by move (rules/new_world/kernel.py),
on both sides, at every player count and under every reading of the register."""
from __future__ import annotations

import random

import pytest

from rules.core.ambiguity import reading_configs
from rules.core.play import choose_action
from rules.new_world import GAME, kernel


def _engine_trace(config, seed: int) -> tuple[list, object]:
    rng = random.Random(seed)
    state = GAME.new_game(config, seed)
    moves = []
    while True:
        a = choose_action(GAME, state, None, rng)
        if a is None:
            return moves, state
        moves.append(a)
        state = GAME.apply(state, a).state


def _same(config, seed: int) -> None:
    moves, final = _engine_trace(config, seed)
    trace: list = []
    res = kernel.play(config, seed, random.Random(seed), trace=trace)
    assert trace == moves
    assert res.steps == len(moves) and res.fingerprint() == kernel.fingerprint(final)


@pytest.mark.parametrize("side", ["scotland", "ireland"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_kernel_plays_the_engines_games(side, players):
    cfg = GAME.make_config({"players": players, "side": side})
    for seed in range(4):
        _same(cfg, seed)


@pytest.mark.parametrize("entry,reading,fields", list(reading_configs("new_world")))
def test_kernel_under_every_reading(entry, reading, fields):
    for side in ("scotland", "ireland"):
        cfg = GAME.make_config({"players": 3, "side": side, **fields})
        _same(cfg, 5)
