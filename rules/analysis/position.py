"""Position analysis: every legal action of a position scored by rollouts ("what would the bots do
here?").

:func:`score_actions` takes a state (a scenario step, the position on a game page), applies each
legal action of the seat to act, and plays the rest of the game ``rollouts`` times with the chosen
bot at every seat; an action's value is the acting seat's mean ``returns`` over its rollouts.
The rollouts of every action use the same seeds (common random numbers), so the table compares
actions on the same luck.  With ``resample=True`` (the default) each rollout first re-deals what
the acting seat cannot see (``resample_hidden``), so the analysis does not peek at hidden cards.
Labels come from ``describe_action``; intervals are Wilson when every return is 0 or 1 (a win
rate), else bootstrap.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..catalog import engine
from ..core.play import choose_action
from ..core.protocol import CHANCE, TERMINAL, BadInput
from .bots import bot, seat_bots
from .metrics import bootstrap, wilson
from .seeds import play_seed

MAX_ROLLOUT_STEPS = 20_000


def rollout_value(game, state, seat: int, policies: dict, rng: random.Random, max_steps: int = MAX_ROLLOUT_STEPS) -> float:
    """Play from ``state`` to the end with ``policies``: ``returns(final)[seat]`` (``NaN`` when cut)."""
    for _ in range(max_steps):
        action = choose_action(game, state, policies, rng)
        if action is None:
            return float(game.returns(state)[seat])
        state = game.apply(state, action).state
    return float(game.returns(state)[seat]) if game.current_player(state) == TERMINAL else float("nan")


def score_actions(game_id: str, state: Any, bot_name: str = "random", rollouts: int = 100, seed: int = 0,
                  seat: int | None = None, resample: bool = True, bots=None):
    """A table of every legal action of ``seat`` (default: the seat to act; in a reaction window
    the lowest seat of it, or give ``seat``) in ``state``, best first: ``action`` (the dict),
    ``label_th``, ``label_en``, ``value`` (mean return of ``seat`` after it), ``lo``, ``hi`` (95 %),
    ``n``.  ``bot_name`` plays every seat in the rollouts (or ``bots``: one name per seat)."""
    import pandas as pd
    game = engine(game_id)
    cp = game.current_player(state)
    if cp in (TERMINAL, CHANCE):
        raise BadInput("position", "state", "ตำแหน่งนี้ไม่มีผู้เล่นที่ต้องตัดสินใจ",
                       "nobody decides in this position (it is over or chance acts)")
    if seat is None:
        seat = min(cp) if isinstance(cp, frozenset) else cp
    legal = game.legal_actions(state, seat)
    if not legal:
        raise BadInput("position", "seat", f"ที่นั่ง {seat} ไม่มีการกระทำที่ทำได้ตอนนี้",
                       f"seat {seat} has no legal action here")
    players = len(game.returns(state))
    names = seat_bots(game_id, players, bots if bots is not None else bot_name)
    policies = {s: bot(game_id, n) for s, n in enumerate(names)}
    rows = []
    for action in legal:
        th, en = game.describe_action(state, action)
        after = game.apply(state, action).state
        values = []
        for k in range(rollouts):
            rng = random.Random(play_seed(seed, k))
            start = game.resample_hidden(after, seat, rng) if resample else after
            values.append(rollout_value(game, start, seat, policies, rng))
        v = np.array([x for x in values if x == x], dtype=float)
        if len(v) and np.isin(v, (0.0, 1.0)).all():
            est, lo, hi = wilson(int(v.sum()), len(v))
        else:
            est, lo, hi = bootstrap(v, np.mean)
        rows.append({"action": action, "label_th": th, "label_en": en, "value": est, "lo": lo, "hi": hi,
                     "n": int(len(v))})
    df = pd.DataFrame(rows).sort_values("value", ascending=False, kind="stable").reset_index(drop=True)
    df.attrs.update(game=game_id, seat=seat, bots=list(names), rollouts=rollouts, seed=seed)
    return df
