"""Per-game seeds: each game of a run depends only on ``(seed, game_index)``.

That is what makes a serial run, a local process pool and a Dask cluster give the same table row
for row: whichever worker plays game ``i``, it deals it with :func:`game_seed` and plays it with a
``random.Random(play_seed(...))`` of its own, so no random stream is shared between games.
"""
from __future__ import annotations

import hashlib

_MASK = (1 << 63) - 1


def _derive(seed: int, index: int, purpose: str) -> int:
    digest = hashlib.blake2b(f"{int(seed)}/{int(index)}/{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") & _MASK


def game_seed(seed: int, index: int) -> int:
    """The ``new_game(config, seed)`` seed of game ``index`` of a run seeded ``seed`` (63-bit)."""
    return _derive(seed, index, "deal")


def play_seed(seed: int, index: int) -> int:
    """The seed of the ``random.Random`` that plays game ``index`` (chance, bots, reaction order)."""
    return _derive(seed, index, "play")
