"""Position analysis: every legal action of a position scored by rollouts ("what would the bots do
here?").

:func:`score_actions` takes a state (a scenario step, the position on a game page) and, for each
legal action of the deciding seat, plays the rest of the game ``rollouts`` times with the chosen
bot at every seat; an action's value is that seat's mean ``returns`` over its rollouts (every
engine's returns are 1 for a win and 0 otherwise, so the value is a win rate).

**What the analysis may know.**  With ``resample=True`` (the default) rollout ``k`` starts from
``resample_hidden(state, seat, rng_k)``: everything the deciding seat cannot see (the other hands,
the deck order, face-down tiles) is re-dealt *before* the action is applied, and the action is then
played on that re-dealt position.  (Applying it first and re-dealing after would let the rollouts
see what the action revealed from the true state, e.g. whether a challenged claim was true.)
Every engine's ``resample_hidden`` depends only on the viewer's observation and the rng (the
conformance harness checks it), so the table is a function of what ``seat`` sees: two states that
seat cannot tell apart give the same table, number for number (``tests/test_position.py``).  That
is what lets a game page offer the analysis to a player during a game.

The rollouts of every action use the same seeds (common random numbers: the same re-deal and the
same luck for every action), so the table compares actions on the same luck.  Labels come from
``describe_action``; intervals are Wilson when every return is 0 or 1 (a win rate), else bootstrap.
"""
from __future__ import annotations

import random
import threading
from collections import namedtuple
from typing import Any, Callable

import numpy as np

from ..catalog import engine
from ..core.play import choose_action
from ..core.protocol import CHANCE, TERMINAL, BadInput
from ..core.bots import bot, seat_bots
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


def deciding_seat(game, state) -> int:
    """The seat whose choices :func:`score_actions` scores by default: the seat to act, or the lowest
    seat of a reaction window; :class:`BadInput` when nobody decides (the game is over, or chance acts)."""
    cp = game.current_player(state)
    if cp in (TERMINAL, CHANCE):
        raise BadInput("position", "state", "ตำแหน่งนี้ไม่มีผู้เล่นที่ต้องตัดสินใจ (เกมจบแล้ว หรือรอผลสุ่ม)",
                       "nobody decides in this position (it is over or chance acts)")
    return min(cp) if isinstance(cp, frozenset) else cp


COLUMNS = ("action", "label_th", "label_en", "value", "lo", "hi", "n")
Row = namedtuple("Row", ("Index",) + COLUMNS)
"""One row of an :class:`ActionScores` table, as ``DataFrame.itertuples()`` gives it."""


class ActionScores:
    """The table :func:`score_table` returns, without pandas (a game page's kernel does not import
    pandas and pyarrow, about 75 MiB, to show a dozen rows): ``rows`` (dicts with :data:`COLUMNS`,
    best first), ``attrs`` (as :func:`score_actions`).  ``len``, ``table[column]`` (a list),
    ``itertuples()`` and ``to_frame()`` (the ``DataFrame`` :func:`score_actions` returns)."""

    def __init__(self, rows: list[dict], attrs: dict):
        self.rows, self.attrs = rows, attrs

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, column: str) -> list:
        return [r[column] for r in self.rows]

    def itertuples(self):
        return (Row(i, *(r[c] for c in COLUMNS)) for i, r in enumerate(self.rows))

    def to_frame(self):
        import pandas as pd
        df = pd.DataFrame(self.rows, columns=list(COLUMNS))
        df.attrs.update(self.attrs)
        return df


def score_actions(game_id: str, state: Any, bot_name: str = "random", rollouts: int = 100, seed: int = 0,
                  seat: int | None = None, resample: bool = True, bots=None,
                  on_progress: Callable[[int, int], None] | None = None, cancel: threading.Event | None = None):
    """:func:`score_table` as a pandas ``DataFrame`` (the same rows in the same order, the same ``attrs``)."""
    return score_table(game_id, state, bot_name, rollouts, seed, seat, resample, bots, on_progress, cancel).to_frame()


def score_table(game_id: str, state: Any, bot_name: str = "random", rollouts: int = 100, seed: int = 0,
                seat: int | None = None, resample: bool = True, bots=None,
                on_progress: Callable[[int, int], None] | None = None,
                cancel: threading.Event | None = None,
                on_rows: Callable[[ActionScores], None] | None = None) -> ActionScores:
    """A table (:class:`ActionScores`) of every legal action of ``seat`` (default :func:`deciding_seat`) in ``state``, best
    first: ``action`` (the dict), ``label_th``, ``label_en`` (``describe_action``), ``value`` (mean
    return of ``seat`` after it: a win rate), ``lo``, ``hi`` (95 %), ``n`` (rollouts that ended).
    ``bot_name`` plays every seat in the rollouts (or ``bots``: one name per seat).

    ``resample``: re-deal what ``seat`` cannot see before each rollout (see the module docstring);
    ``on_progress(done, total)`` after each rollout (``total = actions x rollouts``); ``cancel`` (a
    ``threading.Event``) stops between rollouts: the table then holds the actions finished
    (``attrs["cancelled"]`` is True).  ``attrs``: ``game``, ``seat``, ``bots``, ``rollouts``,
    ``seed``, ``resample``, ``actions`` (legal actions in all), ``cancelled``.

    ``on_rows(table)`` after each action but the last is scored: the table of the actions scored
    so far, as the final one would rank them (``attrs["partial"]`` is True), so a page can show a
    first answer long before the last rollout (the final table is the same with or without it).
    """
    game = engine(game_id)
    if seat is None:
        seat = deciding_seat(game, state)
    elif game.current_player(state) in (TERMINAL, CHANCE):
        deciding_seat(game, state)  # raises the same refusal
    if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
        raise BadInput("position", "rollouts", "จำนวนครั้งที่ลองเล่นต้องเป็นจำนวนเต็มบวก",
                       f"rollouts must be a whole number >= 1, got {rollouts!r}")
    legal = game.legal_actions(state, seat)
    if not legal:
        raise BadInput("position", "seat", f"ที่นั่ง {seat} ไม่มีการกระทำที่ทำได้ตอนนี้",
                       f"seat {seat} has no legal action here")
    players = len(game.returns(state))
    names = seat_bots(game_id, players, bots if bots is not None else bot_name)
    policies = {s: bot(game_id, n) for s, n in enumerate(names)}
    total, done = len(legal) * rollouts, 0
    rows = []
    cancelled = False
    for action in legal:
        th, en = game.describe_action(state, action)
        values = []
        for k in range(rollouts):
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
            rng = random.Random(play_seed(seed, k))
            start = game.resample_hidden(state, seat, rng) if resample else state
            # the seat's choices come from what it sees, so the re-dealt position offers the same ones
            after = game.apply(start, action).state
            values.append(rollout_value(game, after, seat, policies, rng))
            done += 1
            if on_progress is not None:
                on_progress(done, total)
        if cancelled:
            break
        v = np.array([x for x in values if x == x], dtype=float)
        if len(v) and np.isin(v, (0.0, 1.0)).all():
            est, lo, hi = wilson(int(v.sum()), len(v))
        else:
            est, lo, hi = bootstrap(v, np.mean)
        rows.append({"action": action, "label_th": th, "label_en": en, "value": est, "lo": lo, "hi": hi,
                     "n": int(len(v))})
        if on_rows is not None and len(rows) < len(legal):
            on_rows(ActionScores(_ranked(rows), dict(game=game_id, seat=seat, bots=list(names), rollouts=rollouts,
                                                     seed=seed, resample=resample, actions=len(legal),
                                                     cancelled=False, partial=True)))
    return ActionScores(_ranked(rows), dict(game=game_id, seat=seat, bots=list(names), rollouts=rollouts, seed=seed,
                                            resample=resample, actions=len(legal), cancelled=cancelled))


def _ranked(rows: list[dict]) -> list[dict]:
    """``rows`` best first, stable and NaN last, as ``sort_values(ascending=False, kind="stable")``
    sorted them (a new list: the rows still being scored are left in their order)."""
    return sorted(rows, key=lambda r: (r["value"] != r["value"], -r["value"] if r["value"] == r["value"] else 0.0))


def overlaps_best(table) -> list[bool]:
    """Per row of a :func:`score_actions` table: its interval overlaps the best action's, so these
    rollouts cannot tell it from the best (the best row itself is ``True``)."""
    if not len(table):
        return []
    best_lo = float(table["lo"][0])
    return [bool(hi >= best_lo) for hi in table["hi"]]
