"""Rows from a game's random-play kernel (``rules.<game>.kernel``): same games, fewer columns.

A kernel plays exactly the games ``random_play`` plays (its move-by-move test), so for random bots
at every seat the analyzer may use it for speed.  It builds no events and no engine state, so a
kernel row has only what its result carries: the winner(s), the returns, the steps (actions and
chance outcomes, as ``random_play`` counts them) and whether the game finished; plus the seat that
acts first in the engine's fresh state (``first_seat``).  Everything that
needs events (clause counts, end reasons, branching by phase) or the engine's score breakdown is
missing.  ``tests/test_analysis.py`` (Coup, New World) and ``tests/test_valeria_kernel.py`` check
each adapter's columns against the engine's rows.
"""
from __future__ import annotations

import random
from typing import Callable

from ..catalog import engine, kernel as find_kernel
from .seeds import game_seed, play_seed


def _coup(result, players: int) -> dict:
    """Coup's ``Result``: ``winner`` (seat, -1 in a deadlock or unfinished), ``steps``; the
    engine's returns are 1.0 for the winner and 0.0 for every other seat."""
    won = [result.winner] if result.winner >= 0 else []
    return {"finished": bool(won) or bool(result.deadlock), "winners": won,
            "returns": [1.0 if s in won else 0.0 for s in range(players)], "steps": result.steps}


def _winners(result, players: int) -> dict:
    """A ``Result`` with ``winners`` (the seats of the engine's ``score_breakdown`` winners, empty
    until the end) and ``steps`` (Valeria, New World): finished once there are winners; the
    engine's returns are 1.0 for each winner and 0.0 for every other seat."""
    won = sorted(result.winners)
    return {"finished": bool(won), "winners": won,
            "returns": [1.0 if s in won else 0.0 for s in range(players)], "steps": result.steps}



def _shadow_master(result, players: int) -> dict:
    """Shadow Master's ``Result``: ``finished``, ``winners`` (empty unless finished), ``steps``;
    the engine's returns share 1.0 among the winners (``GAME.returns``), 0.0 for every other seat."""
    won = list(result.winners)
    return {"finished": bool(result.finished), "winners": won,
            "returns": [1.0 / len(won) if s in won else 0.0 for s in range(players)], "steps": result.steps}



ADAPTERS: dict[str, Callable] = {"coup": _coup, "shadow_master": _shadow_master, "valeria": _winners,
                                  "new_world": _winners}
"""Per game: ``adapter(result, players) -> {finished, winners, returns, steps}``."""


def readable(game: str) -> bool:
    """``game`` has a random-play kernel whose results the analyzer reads (an adapter here)."""
    return game in ADAPTERS and find_kernel(game) is not None


def kernel_row(job, index: int) -> dict:
    """Game ``index`` of ``job`` through the kernel, as a row with the kernel's columns."""
    kmod = find_kernel(job.game)
    if kmod is None or job.game not in ADAPTERS:
        raise ValueError(f"{job.game} has no random-play kernel the analyzer can read")
    game = engine(job.game)
    config = game.make_config(job.config_dict)
    players = config.players
    gseed = game_seed(job.seed, index)
    result = kmod.play(config, gseed, random.Random(play_seed(job.seed, index)), max_steps=job.max_steps)
    got = ADAPTERS[job.game](result, players)
    row = {"game_index": index, "seed": gseed, "players": players}
    for s, n in enumerate(job.bots):
        row[f"bot_{s}"] = n
    row["path"] = "kernel"
    row["finished"] = got["finished"]
    row["winners"] = ",".join(map(str, got["winners"]))
    row["n_winners"] = len(got["winners"])
    for s in range(players):
        row[f"win_{s}"] = s in got["winners"]
    for s in range(players):
        row[f"return_{s}"] = float(got["returns"][s])
    # the first decision's seat, from the engine's fresh state (a deal, no play)
    cp = game.current_player(game.new_game(config, gseed))
    row["first_seat"] = cp if isinstance(cp, int) and cp >= 0 else -1
    row["steps"] = got["steps"]
    row["data_variant"] = getattr(job.data, "label", "") if job.data is not None else ""
    return row
