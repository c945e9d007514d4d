"""Seeded chance: every die roll, shuffle and draw is an explicit outcome.

No module-level ``random``: callers pass a ``random.Random``.  ``sample_chance`` draws the
outcome at a chance node; a scenario forces one by giving it as a step instead.
"""
from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate
from typing import Any, Sequence, TypeVar

T = TypeVar("T")


def shuffle(rng: random.Random, x: list) -> None:
    """``rng.shuffle(x)``: the same order from the same numbers.  For a plain ``random.Random``
    whose ``_randbelow`` is CPython's getrandbits loop, that loop is written out here (one Python
    call per card less: decks are shuffled at every deal and proof); any other generator
    shuffles itself."""
    if type(rng) is not random.Random or random.Random._randbelow is not random.Random._randbelow_with_getrandbits:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    size = len(x)
    steps = _SHUFFLE_STEPS[size] if size < 64 else _shuffle_steps(size)
    for i, n, k in steps:  # Random.shuffle: i in reversed(range(1, len(x))), n = i + 1
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _shuffle_steps(size: int) -> tuple:
    """``(i, i + 1, (i + 1).bit_length())`` for ``i`` from ``size - 1`` down to 1: the draws of a
    shuffle of ``size`` items."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_SHUFFLE_STEPS = tuple(_shuffle_steps(size) for size in range(64))


def make_rng(seed: int | None) -> random.Random:
    """A private ``random.Random`` seeded with ``seed`` (the only sanctioned source of chance).

    For an int seed it is built as ``random.Random(seed)`` builds it - the C generator seeded
    with the int, ``gauss_next = None`` - without the Python ``__init__`` / ``seed`` calls
    around that (a game deals from a fresh generator at every ``new_game``); the very same
    generator state, checked on a few seeds at import (:data:`_FAST_SEED`)."""
    if _FAST_SEED and type(seed) is int:
        rng = _rng_new(random.Random)
        _c_seed(rng, seed)
        rng.gauss_next = None
        return rng
    return random.Random(seed)


_rng_new = random.Random.__new__
_c_seed = random.Random.__mro__[1].seed  # _random.Random.seed: what Random.seed calls for an int


def _same_as_random(seed: int) -> bool:
    rng = _rng_new(random.Random)
    _c_seed(rng, seed)
    rng.gauss_next = None
    ref = random.Random(seed)
    return rng.getstate() == ref.getstate() and rng.__dict__ == ref.__dict__


_FAST_SEED = (random.Random.seed.__module__ == "random" and random.Random.__init__.__module__ == "random"
              and all(_same_as_random(s) for s in (0, 1, 12345, -7, 2 ** 40 + 3)))
"""True when :func:`make_rng`'s shortcut gives ``random.Random(seed)``'s state (else it calls that)."""


def weighted_choice(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """Pick one of ``(outcome, probability)`` pairs with ``rng``; ``ValueError`` if empty."""
    return outcomes[weighted_index([p for _, p in outcomes], rng)][0]


def weighted_index(weights: Sequence[float], rng: random.Random) -> int:
    """The index :func:`weighted_choice` picks among outcomes of these probabilities (one
    ``rng.random()``, scaled by their sum; the first whose running sum exceeds it; the last when
    rounding leaves none), so a game may draw a chance node without building its outcomes.
    ``ValueError`` if empty."""
    return index_in(cumulative(weights), rng)


def cumulative(weights: Sequence[float]) -> tuple[float, list[float]]:
    """``(sum, running sums)`` of ``weights``: the table :func:`index_in` draws from (a game whose
    chance nodes repeat may keep the tables of the ones it meets)."""
    return sum(weights), list(accumulate(weights))   # running sums, added one by one as a loop would


def index_in(table: tuple[float, list[float]], rng: random.Random) -> int:
    """:func:`weighted_index` of the weights whose :func:`cumulative` is ``table``."""
    total, running = table
    if not running:
        raise ValueError("no chance outcomes to choose from")
    i = bisect_right(running, rng.random() * total)
    return i if i < len(running) else len(running) - 1


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
