"""Metrics over a :func:`rules.analysis.simulate` table, each with a 95 % interval.

In the spirit of Ludii's evaluation metrics (balance, advantage, duration, decisiveness, drawishness,
branching factor), on the analyzer's tidy table:

- proportions (a seat's win rate, the draw rate, an end reason's share, a clause's reach) get the
  **Wilson** score interval (:func:`wilson`); balance's interval is read from the seats' Wilson
  intervals taken all at once (:func:`balance`);
- everything without a closed form (mean lengths and margins, branching factors, paired
  differences) a **percentile bootstrap** over games (:func:`bootstrap`, a fixed seed, so the
  same table gives the same interval).

Every function returns plain numbers or a small ``pandas.DataFrame`` with ``estimate``, ``lo``,
``hi`` (and ``n``); :func:`summary` gathers them as JSON for the CLI.
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile."""
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 20240611


# --- intervals --------------------------------------------------------------------------------
def wilson(successes: int | float, n: int | float, z: float = Z95) -> tuple[float, float, float]:
    """``(p, lo, hi)``: the proportion and its Wilson score interval (``(nan, 0, 1)`` for ``n == 0``).

    ``wilson(8, 10) == (0.8, 0.4901..., 0.9433...)``."""
    if n <= 0:
        return (math.nan, 0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def bootstrap(data, statistic: Callable[[np.ndarray], float] = np.mean, resamples: int = BOOTSTRAP_RESAMPLES,
              seed: int = BOOTSTRAP_SEED, level: float = 0.95) -> tuple[float, float, float]:
    """``(estimate, lo, hi)``: ``statistic`` of ``data`` (rows = games; a 1-D array or a 2-D array
    whose rows are resampled together) and its percentile bootstrap interval.  ``np.mean``,
    ``np.median`` and the module's own statistics run on whole batches of resamples at once."""
    arr = np.asarray(data, dtype=float)
    n = len(arr)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    est = float(statistic(arr))
    if n == 1:
        return (est, est, est)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(resamples, n))
    batch = _BATCHED.get(statistic)
    if batch is None:
        stats = np.array([statistic(arr[i]) for i in idx], dtype=float)
    else:
        width = int(np.prod(arr.shape[1:])) if arr.ndim > 1 else 1
        step = max(1, 2_000_000 // (n * width))
        stats = np.concatenate([batch(arr[idx[k:k + step]]) for k in range(0, resamples, step)])
    stats = stats[~np.isnan(stats)]
    if not len(stats):
        return (est, math.nan, math.nan)
    a = (1 - level) / 2
    return (est, float(np.quantile(stats, a)), float(np.quantile(stats, 1 - a)))


def _frame(rows: list[dict]):
    import pandas as pd
    return pd.DataFrame(rows)


def seats_of(df) -> list[int]:
    """The seats of a table (from its ``win_<s>`` columns)."""
    return sorted(int(c[4:]) for c in df.columns if c.startswith("win_") and c[4:].isdigit())


def finished(df):
    """The games that reached the end (``finished``); cut games are left out of the metrics."""
    return df[df["finished"].astype(bool)] if "finished" in df else df


# --- who wins -----------------------------------------------------------------------------------
def win_rates(df):
    """Per seat: ``seat``, ``wins`` (games it won, a shared win included), ``n``, ``estimate``
    (the win rate), ``lo``, ``hi`` (Wilson), ``fair`` (1 / seats)."""
    d = finished(df)
    seats = seats_of(d)
    n = len(d)
    out = []
    for s in seats:
        k = int(d[f"win_{s}"].astype(bool).sum())
        p, lo, hi = wilson(k, n)
        out.append({"seat": s, "wins": k, "n": n, "estimate": p, "lo": lo, "hi": hi, "fair": 1 / len(seats)})
    return _frame(out)


def z_for(level: float = 0.95, comparisons: int = 1) -> float:
    """The two-sided normal quantile for ``level``, Bonferroni-corrected for ``comparisons``
    intervals read at once (``z_for() == Z95``; four seats: about 2.50)."""
    from statistics import NormalDist
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * max(1, comparisons)))


def resolution(n: int, seats: int) -> dict:
    """What ``n`` games can tell about ``seats`` seats' win rates.  ``gap``: the half-width of the
    95 % Wilson interval of a win rate at the fair share ``1 / seats``: a seat whose rate is less
    than ``gap`` from fair cannot be told from chance; ``gap_all``: the same when every seat is read
    at once (Bonferroni, :func:`z_for`); ``chance_one_off``: the probability that at least one of
    ``seats`` plain 95 % intervals misses the fair share by luck alone (``1 - 0.95 ** seats``, seats
    taken as independent).  Units: proportions (0.042 = 4.2 points).

    ``small``: the games are too few for a seat verdict to say how large a gap is: ``gap`` is at
    least half the fair share (:data:`SMALL_SAMPLE_GAP`), so a seat winning half again its fair
    share (or half of it) cannot be told from chance, and any interval drawn is tens of points
    wide (10 games, 6 seats: 21.7 points at 16.7 %; small up to 11 games for 2 seats, 43 for 4, 75 for 6)."""
    fair = 1 / seats if seats else math.nan
    if n <= 0 or not seats:
        return {"n": n, "seats": seats, "fair": fair, "gap": math.nan, "gap_all": math.nan, "chance_one_off": math.nan,
                "small": True}
    _p, lo, hi = wilson(fair * n, n)
    _p, lo_all, hi_all = wilson(fair * n, n, z_for(0.95, seats))
    gap = (hi - lo) / 2
    return {"n": n, "seats": seats, "fair": fair, "gap": gap, "gap_all": (hi_all - lo_all) / 2,
            "chance_one_off": 1 - 0.95 ** seats, "small": bool(gap >= SMALL_SAMPLE_GAP * fair)}


SMALL_SAMPLE_GAP = 0.5
""":func:`resolution`'s ``small``: the smallest gap the games can show is at least this share of
the fair share."""


def seat_verdicts(df):
    """Per seat, what the games show about its win rate against the fair share: ``seat``,
    ``estimate``, ``lo``/``hi`` (95 % Wilson), ``lo_all``/``hi_all`` (the seats read at once:
    Bonferroni over the seats), ``fair`` and ``verdict``: ``above`` / ``below`` (even the
    simultaneous interval is off the fair share), ``hint_above`` / ``hint_below`` (only the plain
    95 % interval is: with several seats one such miss is expected by luck, :func:`resolution`),
    ``fair`` (both intervals hold the fair share: it cannot be told from chance)."""
    d = finished(df)
    seats = seats_of(d)
    n = len(d)
    z_all = z_for(0.95, len(seats))
    out = []
    for s in seats:
        k = int(d[f"win_{s}"].astype(bool).sum())
        p, lo, hi = wilson(k, n)
        _p, lo_all, hi_all = wilson(k, n, z_all)
        fair = 1 / len(seats)
        if lo_all > fair:
            verdict = "above"
        elif hi_all < fair:
            verdict = "below"
        elif lo > fair:
            verdict = "hint_above"
        elif hi < fair:
            verdict = "hint_below"
        else:
            verdict = "fair"
        out.append({"seat": s, "estimate": p, "lo": lo, "hi": hi, "lo_all": lo_all, "hi_all": hi_all, "fair": fair,
                    "n": n, "verdict": verdict})
    return _frame(out)


def _win_matrix(df) -> np.ndarray:
    d = finished(df)
    return np.column_stack([d[f"win_{s}"].astype(float).to_numpy() for s in seats_of(d)]) if len(d) else np.zeros((0, 0))


def _balance_stat(m: np.ndarray) -> float:
    rates = m.mean(axis=0)
    return float(1.0 - (rates.max() - rates.min()))


def balance(df) -> dict:
    """``1 - (largest seat win rate - smallest)``: 1.0 when every seat wins as often.
    ``{"estimate", "lo", "hi", "n"}``.

    The interval is read from the seats' Wilson intervals taken all at once (Bonferroni over the
    seats, as :func:`seat_verdicts`' ``lo_all``/``hi_all``): when every seat's interval holds its
    rate (95 % of the time at least), the true gap lies between ``max(0, highest lo - lowest hi)``
    and ``highest hi - lowest lo``.  So ``hi`` is 1.0 whenever the seats' intervals overlap: the
    games cannot rule out a perfectly fair game.  A percentile bootstrap (the earlier interval) put
    the estimate on its own top edge (400 Coup games: "0.98 [0.90, 0.98]"): luck alone spreads the
    seats' rates apart, so nearly every resample's gap is wider than the table's and the interval
    fell below the estimate, then was cut off at it."""
    d = finished(df)
    seats = seats_of(d)
    m = _win_matrix(df)
    if not len(m):
        return {"estimate": math.nan, "lo": math.nan, "hi": math.nan, "n": 0}
    z = z_for(0.95, len(seats))
    bounds = [wilson(float(k), len(m), z)[1:] for k in m.sum(axis=0)]
    los, his = [b[0] for b in bounds], [b[1] for b in bounds]
    return {"estimate": _balance_stat(m), "lo": max(0.0, 1.0 - (max(his) - min(los))),
            "hi": 1.0 - max(0.0, max(los) - min(his)), "n": len(m)}


def first_player_advantage(df, first_seat: int | None = None) -> dict:
    """How often the seat that acted first won, minus the fair share ``1 / seats``; the interval is
    the Wilson interval of that rate shifted by the same amount.  Positive = moving first helps.

    The first seat of each game is its ``first_seat`` column (a game may pick its first player at
    random: Shadow Master under its ``first_player=random`` reading); ``first_seat=s`` (or a table without that column) asks about seat ``s``
    instead (default 0)."""
    d = finished(df)
    seats = seats_of(d)
    n = len(d)
    fair = 1 / len(seats) if seats else math.nan
    if first_seat is None and "first_seat" in d and n and (d["first_seat"] >= 0).all():
        firsts = d["first_seat"].astype(int).to_numpy()
        wins = np.column_stack([d[f"win_{s}"].astype(bool).to_numpy() for s in seats])
        k = int(wins[np.arange(n), firsts].sum())
        seat = "first"
    else:
        seat = 0 if first_seat is None else first_seat
        k = int(d[f"win_{seat}"].astype(bool).sum()) if n else 0
    p, lo, hi = wilson(k, n)
    return {"seat": seat, "estimate": p - fair, "lo": lo - fair, "hi": hi - fair, "win_rate": p,
            "fair": fair, "n": n}


def draws(df) -> dict:
    """Share of finished games with no winner (``no_winner``) and with a shared win (``shared``,
    two or more winners), each ``{"estimate", "lo", "hi", "k", "n"}`` (Wilson)."""
    d = finished(df)
    n = len(d)
    out = {}
    for name, mask in (("no_winner", d["n_winners"] == 0), ("shared", d["n_winners"] >= 2)):
        k = int(mask.sum())
        p, lo, hi = wilson(k, n)
        out[name] = {"estimate": p, "lo": lo, "hi": hi, "k": k, "n": n}
    return out


# --- how long, how close ---------------------------------------------------------------------------
def lengths(df, column: str = "turns") -> dict:
    """The length distribution in ``column`` (``turns``, ``actions`` or ``steps``): ``mean`` and
    ``median`` with bootstrap intervals, ``min``, ``p10``, ``p90``, ``max``, ``n``, and ``cut``:
    how many games hit ``max_steps`` (left out)."""
    d = finished(df)
    if column not in d or d[column].isna().all():
        return {"column": column, "n": 0}
    x = d[column].dropna().to_numpy(dtype=float)
    mean, mlo, mhi = bootstrap(x, np.mean)
    med, dlo, dhi = bootstrap(x, np.median)
    return {"column": column, "n": int(len(x)), "mean": mean, "mean_lo": mlo, "mean_hi": mhi, "median": med,
            "median_lo": dlo, "median_hi": dhi, "min": float(x.min()), "p10": float(np.quantile(x, 0.1)),
            "p90": float(np.quantile(x, 0.9)), "max": float(x.max()), "cut": int(len(df) - len(d))}


def margins(df):
    """Per finished game, the score margin: best total minus the second best (``NaN`` without
    scores).  A pandas Series indexed like ``df``."""
    import pandas as pd
    d = finished(df)
    cols = [f"score_{s}" for s in seats_of(d) if f"score_{s}" in d]
    if len(cols) < 2:
        return pd.Series(np.nan, index=d.index, dtype=float)
    top2 = np.sort(d[cols].to_numpy(dtype=float), axis=1)[:, -2:]
    return pd.Series(top2[:, 1] - top2[:, 0], index=d.index)


def decisiveness(df) -> dict:
    """The mean score margin (winner's total minus the runner-up's) with a bootstrap interval, and
    the share of games decided by at most 10 % of the winner's total (``close``, Wilson)."""
    d = finished(df)
    m = margins(df).dropna()
    if not len(m):
        return {"n": 0}
    est, lo, hi = bootstrap(m.to_numpy(), np.mean)
    cols = [f"score_{s}" for s in seats_of(d)]
    best = d.loc[m.index, cols].max(axis=1).to_numpy(dtype=float)
    close = int((m.to_numpy() <= 0.1 * np.abs(best)).sum())
    p, clo, chi = wilson(close, len(m))
    return {"n": int(len(m)), "mean_margin": est, "lo": lo, "hi": hi, "close": p, "close_lo": clo, "close_hi": chi}


def score_sources(df):
    """Mean score per seat and source (``seat``, ``source``, ``mean``, ``lo``, ``hi``: bootstrap),
    from the ``score_<s>.<source>`` columns."""
    d = finished(df)
    out = []
    for c in d.columns:
        if c.startswith("score_") and "." in c:
            seat, _, src = c[len("score_"):].partition(".")
            x = d[c].dropna().to_numpy(dtype=float)
            if len(x):
                est, lo, hi = bootstrap(x, np.mean)
                out.append({"seat": int(seat), "source": src, "mean": est, "lo": lo, "hi": hi, "n": len(x)})
    return _frame(out)


# --- how the game plays --------------------------------------------------------------------------
def branching(df):
    """Branching factor by phase: ``phase``, ``decisions`` (all games), ``estimate`` (mean number of
    legal actions per decision in that phase, pooled), ``lo``, ``hi`` (bootstrap over games)."""
    out = []
    phases = sorted(c[len("bf_n:"):] for c in df.columns if c.startswith("bf_n:"))
    for p in phases:
        n = df[f"bf_n:{p}"].fillna(0).to_numpy(dtype=float)
        s = df[f"bf_sum:{p}"].fillna(0).to_numpy(dtype=float)
        if n.sum() == 0:
            continue
        est, lo, hi = bootstrap(np.column_stack([s, n]), _ratio)
        out.append({"phase": p, "decisions": int(n.sum()), "estimate": est, "lo": lo, "hi": hi})
    return _frame(out)


def _ratio(m: np.ndarray) -> float:
    den = m[:, 1].sum()
    return float(m[:, 0].sum() / den) if den else math.nan


def _ratio_batch(b: np.ndarray) -> np.ndarray:
    num, den = b[:, :, 0].sum(axis=1), b[:, :, 1].sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


_BATCHED = {np.mean: lambda b: b.mean(axis=1), np.median: lambda b: np.median(b, axis=1),
            _ratio: _ratio_batch}
"""Statistics :func:`bootstrap` computes on a batch of resamples ``(resamples, n, ...)`` at once
(the same numbers as one resample at a time)."""


def end_reasons(df):
    """Share of each ``end_reason`` over all games (cut games count as ``max_steps``): ``reason``,
    ``games``, ``estimate``, ``lo``, ``hi`` (Wilson), most frequent first."""
    if "end_reason" not in df or df["end_reason"].isna().all():
        return _frame([])
    n = len(df)
    out = []
    for reason, k in df["end_reason"].value_counts().items():
        p, lo, hi = wilson(int(k), n)
        out.append({"reason": reason, "games": int(k), "estimate": p, "lo": lo, "hi": hi})
    return _frame(out)


WON, STILL_IN = "won", "still_in"
""":func:`exits`' outcomes besides ``out:<clause>``: the seat won; it was neither out nor a winner."""


def exits(df):
    """How each seat's game ended, over the finished games: ``seat``, ``outcome`` (``won``, or
    ``out:<clause>``: the clause its ``eliminated`` event cited first, the ``out_<s>`` column, or
    ``still_in``: neither out nor a winner), ``games``, ``n``, ``estimate`` (the share of the games),
    ``lo``, ``hi`` (Wilson).  Empty for a table without ``out_<s>`` columns (no seat ever went out,
    or a kernel's rows)."""
    d = finished(df)
    seats = seats_of(d)
    if not len(d) or not any(f"out_{s}" in d for s in seats):
        return _frame([])
    n = len(d)
    out = []
    for s in seats:
        won = d[f"win_{s}"].astype(bool).to_numpy()
        cause = d[f"out_{s}"].fillna("").astype(str).to_numpy() if f"out_{s}" in d else np.full(n, "")
        outcome = np.where(won, WON, np.where(cause != "", np.char.add("out:", cause.astype(str)), STILL_IN))
        values, counts = np.unique(outcome, return_counts=True)
        for v, k in sorted(zip(values, counts), key=lambda x: (x[0] != WON, x[0] == STILL_IN, -x[1], x[0])):
            p, lo, hi = wilson(int(k), n)
            out.append({"seat": s, "outcome": str(v), "games": int(k), "n": n, "estimate": p, "lo": lo, "hi": hi})
    return _frame(out)


def coverage(df, game: str | None = None):
    """The clause coverage meter: per clause of the rulebook, ``clause``, ``status``, ``cites``
    (events citing it over all games), ``games`` (games that cited it at least once), ``reach``
    with ``lo``/``hi`` (Wilson: the share of games), ``fired``.  Clauses no game cited are
    listed too (``cites == 0``); an ``implemented`` clause that never fired is a question for
    the engine or the bots.  ``game`` defaults to ``df.attrs["game"]``."""
    from ..core.rulebook import load_rulebook
    game = game or df.attrs.get("game")
    book = load_rulebook(game)
    n = len(df)
    out = []
    for c in book.clauses:
        col = f"cite:{c.id}"
        x = df[col].fillna(0) if col in df else None
        cites = int(x.sum()) if x is not None else 0
        games = int((x > 0).sum()) if x is not None else 0
        p, lo, hi = wilson(games, n)
        out.append({"clause": c.id, "status": c.status, "cites": cites, "games": games, "reach": p, "lo": lo,
                    "hi": hi, "fired": cites > 0})
    return _frame(out)


def never_fired(df, game: str | None = None) -> list[str]:
    """The ``implemented`` clauses no game of the table cited."""
    cov = coverage(df, game)
    return cov[(cov["status"] == "implemented") & ~cov["fired"]]["clause"].tolist()


# --- everything, as JSON ---------------------------------------------------------------------------
def _records(frame) -> list[dict]:
    return [{k: _plain(v) for k, v in r.items()} for r in frame.to_dict("records")] if len(frame) else []


def _plain(v):
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (np.floating, float)):
        f = float(v)
        return None if math.isnan(f) else round(f, 6)
    if isinstance(v, np.bool_):
        return bool(v)
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    return v


def summary(df, game: str | None = None, first_seat: int | None = None) -> dict:
    """Every metric of the table as a JSON-ready dict (numbers rounded to 6 places): ``games``,
    ``finished``, ``win_rates``, ``balance``, ``first_player_advantage``, ``draws``, ``resolution``,
    ``seat_verdicts``, ``lengths``
    (turns, actions, steps), ``decisiveness``, ``branching``, ``end_reasons``, ``coverage``
    (counts and the ``implemented`` clauses never fired; absent for a kernel table)."""
    game = game or df.attrs.get("game")
    out = {"games": int(len(df)), "finished": int(len(finished(df))),
           "win_rates": _records(win_rates(df)), "balance": _plain(balance(df)),
           "first_player_advantage": _plain(first_player_advantage(df, first_seat)),
           "draws": _plain(draws(df)),
           "resolution": _plain(resolution(len(finished(df)), len(seats_of(df)))),
           "seat_verdicts": _records(seat_verdicts(df)),
           "lengths": {c: _plain(lengths(df, c)) for c in ("turns", "actions", "steps") if c in df},
           "decisiveness": _plain(decisiveness(df)), "branching": _records(branching(df)),
           "end_reasons": _records(end_reasons(df))}
    if game and any(c.startswith("cite:") for c in df.columns):
        cov = coverage(df, game)
        impl = cov[cov["status"] == "implemented"]
        out["coverage"] = {"implemented": int(len(impl)), "implemented_fired": int(impl["fired"].sum()),
                           "never_fired": impl[~impl["fired"]]["clause"].tolist(),
                           "cited": {r["clause"]: int(r["cites"]) for r in cov[cov["fired"]].to_dict("records")}}
    return out

