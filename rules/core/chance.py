"""Seeded chance: every die roll, shuffle and draw is an explicit outcome.

No module-level ``random``: callers pass a ``random.Random``.  ``sample_chance`` draws the
outcome at a chance node; a scenario forces one by giving it as a step instead.
"""
from __future__ import annotations

import random
from typing import Any, Sequence, TypeVar

T = TypeVar("T")


def make_rng(seed: int | None) -> random.Random:
    """A private ``random.Random`` seeded with ``seed`` (the only sanctioned source of chance)."""
    return random.Random(seed)


def weighted_choice(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """Pick one of ``(outcome, probability)`` pairs with ``rng``; ``ValueError`` if empty."""
    if not outcomes:
        raise ValueError("no chance outcomes to choose from")
    x = rng.random() * sum(p for _, p in outcomes)
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]


def shuffled(items: Sequence[T], rng: random.Random) -> tuple[T, ...]:
    """A new tuple with ``items`` in a random order (``items`` untouched)."""
    out = list(items)
    rng.shuffle(out)
    return tuple(out)


def permutation(n: int, rng: random.Random) -> list[int]:
    """A random permutation of ``range(n)`` as a list (the outcome of a shuffle chance node)."""
    out = list(range(n))
    rng.shuffle(out)
    return out


def sample_chance(game: Any, state: Any, rng: random.Random) -> dict:
    """The outcome of the chance node ``state``: the game's own ``sample_chance`` when it has
    one (shuffles), else a weighted choice over ``chance_outcomes(state)``."""
    sampler = getattr(game, "sample_chance", None)
    if sampler is not None:
        return sampler(state, rng)
    return weighted_choice(game.chance_outcomes(state), rng)
