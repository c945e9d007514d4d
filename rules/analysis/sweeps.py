"""Sweeps: a metric over the readings of a register entry, or over a scale of an ``assumed`` table.

Two kinds of point:

- a **reading** of an ambiguity-register entry: a config (``{"rank_table": "steep"}``), the way
  the rulebook may be read; :func:`reading_points` lists every reading of an entry;
- a **data what-if**: the same rules and config, with an ``assumed`` table's numbers changed in
  memory, e.g. Shadow Master's Rank income and power-damage tables scaled by a factor
  (:class:`ScaledTables`, :func:`table_scale_points`).

Why a data what-if and not a config field: every config field but ``fixed_fields`` is a register
entry (``rules/core/README.md``), each reading a way to read the text.  "The Rank table's income
times 1.5" is no reading of the text; it asks how much the answers hang on numbers the rulebook
leaves out (they are ``assumed: true`` in ``data/shadow_master/rank_table.yaml`` and
``damage_table.yaml``).  So the engine and its config are unchanged: the analyzer hands the
scaled tables to the engine through its data loader (``rules.shadow_master.tables.tables()``,
the one place every rule and bot reads them from) for the length of each chunk of games, in the
process that plays them, and every row says which what-if it was played under
(``data_variant``).  The register is untouched; the table's own named variants (``standard``,
``flat``, ``steep``; ``by_cards``, ``by_rank``) remain the readings.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..core.ambiguity import load_ambiguities
from ..core.protocol import BadInput
from .metrics import wilson
from .simulate import RunInfo, simulate


@dataclass(frozen=True)
class Point:
    """One point of a sweep: ``label``, the config fields it sets, an optional data what-if, and
    ``x`` (the number to plot it at: a scale factor, or the reading's position)."""

    label: str
    config: tuple = ()
    data: Any = None
    x: float = 0.0


def _entry(game: str, entry_id: str):
    for e in load_ambiguities(game):
        if e.id == entry_id or e.variant == entry_id:
            return e
    raise BadInput("sweep", "entry", f"ไม่มีข้อ '{entry_id}' ในทะเบียนข้อกำกวมของ {game}",
                   f"no entry '{entry_id}' in the {game} ambiguity register")


def reading_points(game: str, entry_id: str | Sequence[str]) -> list[Point]:
    """One point per reading of register entry ``entry_id`` of ``game`` (default reading first,
    labelled by reading id).  Several entries (a list, or ids joined by commas): one ``default``
    point (every entry at its default reading), then one point per other reading of each entry in
    the order given, labelled ``entry=reading``; each point changes one entry only."""
    ids = [x.strip() for x in entry_id.split(",") if x.strip()] if isinstance(entry_id, str) else list(entry_id)
    if not ids:
        raise BadInput("sweep", "entry", "ต้องระบุข้อในทะเบียนอย่างน้อย 1 ข้อ", "give at least one register entry")
    if len(ids) == 1:
        e = _entry(game, ids[0])
        readings = sorted(e.readings, key=lambda r: r.id != e.default)
        return [Point(r.id, ((e.variant, r.config_value),), None, float(i)) for i, r in enumerate(readings)]
    points = [Point("default", (), None, 0.0)]
    for e in (_entry(game, i) for i in ids):
        for r in e.readings:
            if r.id != e.default:
                points.append(Point(f"{e.id}={r.id}", ((e.variant, r.config_value),), None, float(len(points))))
    return points


def _round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))


@dataclass(frozen=True)
class ScaledTables:
    """Shadow Master's ``assumed`` Rank income table(s) times ``rank`` and power-damage table(s)
    times ``damage`` (Silver rounded half up, never below 0), for the length of a ``with`` block.

    Card value = Rank is the rulebook's own (rank.card_value) and stays; only the numbers the file
    assumes are scaled: ``income`` of every named Rank table, ``per_cell`` of every damage table."""

    rank: float = 1.0
    damage: float = 1.0

    @property
    def label(self) -> str:
        return f"rank×{self.rank:g} damage×{self.damage:g}"

    def __enter__(self):
        from ..shadow_master import tables as T
        t = T.tables()
        _SAVED.append((t.rank, t.damage))
        rank = t.rank.model_copy(update={"tables": {
            k: v.model_copy(update={"income": [max(0, _round_half_up(x * self.rank)) for x in v.income]})
            for k, v in t.rank.tables.items()}})
        damage = t.damage.model_copy(update={"tables": {
            k: v.model_copy(update={"per_cell": [max(0, _round_half_up(x * self.damage)) for x in v.per_cell]})
            for k, v in t.damage.tables.items()}})
        # the loader's cached, frozen Tables: swapped in place so every reader sees the what-if
        t.__dict__["rank"], t.__dict__["damage"] = rank, damage
        return self

    def __exit__(self, *exc) -> bool:
        from ..shadow_master import tables as T
        t = T.tables()
        t.__dict__["rank"], t.__dict__["damage"] = _SAVED.pop()
        return False


_SAVED: list = []
"""The tables a :class:`ScaledTables` block replaced, restored at its end (innermost first)."""


def table_scale_points(factors: Sequence[float] = (0.5, 0.75, 1.0, 1.5, 2.0), rank: bool = True,
                       damage: bool = True) -> list[Point]:
    """Shadow Master data what-ifs: the Rank table (``rank``) and/or the damage table (``damage``)
    scaled by each factor."""
    return [Point(f"×{f:g}", (), ScaledTables(f if rank else 1.0, f if damage else 1.0), float(f)) for f in factors]


def use_kernel(game: str, bots=None, config: Mapping | None = None, kernel: bool | None = None) -> bool:
    """Whether a sweep plays through the game's random-play kernel: ``kernel=None`` (default)
    when every seat is ``random`` and the game has a kernel the analyzer reads
    (:func:`rules.analysis.kernels.readable`: the same games, fewer columns, several times
    faster), else ``kernel`` itself."""
    if kernel is not None:
        return bool(kernel)
    from ..catalog import engine
    from ..core.bots import RANDOM, seat_bots
    from .kernels import readable
    if not readable(game):
        return False
    cfg = dict(config or {})
    g = engine(game)
    players = cfg.get("players", min(max(g.min_players, 4), g.max_players))
    return all(n == RANDOM for n in seat_bots(game, players, bots))


def sweep(game: str, points: Sequence[Point], n_games: int, bots=None, config: Mapping | None = None, seed: int = 0,
          client=None, workers: int | None = None, progress: bool = True, on_progress=None, cancel=None,
          chunk: int | None = None, kernel: bool | None = None):
    """Every point on the same ``n_games`` seeds (common random numbers across points): one table,
    the rows of all points with a ``point`` column (its label) and ``x``.  ``on_progress(done,
    total)`` counts games over the whole sweep.  ``kernel``: see :func:`use_kernel` (random bots
    go through the game's kernel by default; its rows have the kernel's columns, enough for
    :func:`sweep_win_rates`)."""
    import pandas as pd
    kernel = use_kernel(game, bots, config, kernel)
    frames = []
    total = n_games * len(points)
    done_before = 0
    info = RunInfo()
    for p in points:
        if cancel is not None and cancel.is_set():
            break
        cfg = {**dict(config or {}), **dict(p.config)}
        cb = None if on_progress is None else (lambda d, n, base=done_before: on_progress(base + d, total))
        df = simulate(game, n_games, bots, cfg, seed, client=client, workers=workers, progress=progress, data=p.data,
                      on_progress=cb, cancel=cancel, info=info, chunk=chunk, kernel=kernel)
        front = pd.DataFrame({"point": [p.label] * len(df), "x": [p.x] * len(df)}, index=df.index)
        frames.append(pd.concat([front, df], axis=1))
        done_before += n_games
    out = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    out.attrs.update(game=game, points=[p.label for p in points], seed=seed, path="kernel" if kernel else "engine")
    return out


def sweep_win_rates(table):
    """Per point and seat: ``point``, ``x``, ``seat``, ``estimate``, ``lo``, ``hi`` (Wilson), ``n``."""
    import pandas as pd
    rows = []
    for (label, x), d in table.groupby(["point", "x"], sort=False):
        d = d[d["finished"].astype(bool)]
        for c in sorted(c for c in d.columns if c.startswith("win_") and c[4:].isdigit()):
            col = d[c].dropna()
            p, lo, hi = wilson(int(col.astype(bool).sum()), len(col))
            rows.append({"point": label, "x": x, "seat": int(c[4:]), "estimate": p, "lo": lo, "hi": hi, "n": len(col)})
    return pd.DataFrame(rows)


def sweep_metric(table, column: str):
    """Per point: the mean of ``column`` (e.g. ``turns``) with a bootstrap interval."""
    import numpy as np
    import pandas as pd
    from .metrics import bootstrap
    rows = []
    for (label, x), d in table.groupby(["point", "x"], sort=False):
        v = d[column].dropna().to_numpy(dtype=float)
        est, lo, hi = bootstrap(v, np.mean)
        rows.append({"point": label, "x": x, "estimate": est, "lo": lo, "hi": hi, "n": len(v)})
    return pd.DataFrame(rows)


def estimate_seconds(game: str, n_games: int, points: int, bots=None, config: Mapping | None = None,
                     workers: int = 1, sample: int = 5, kernel: bool | None = None, min_seconds: float = 0.5) -> float:
    """How long a sweep will take (seconds for ``n_games`` x ``points``), from a short timed run of
    games played the way the sweep plays them (the same bots, through the kernel or the engine:
    :func:`use_kernel`): at least ``sample`` games and at least ``min_seconds`` of play (a kernel
    game takes milliseconds: five of them say little).  Said before a long sweep starts.

    ``workers=1``: played here.  ``workers > 1``: played on the local pool the sweep then uses
    (:func:`rules.analysis.simulate.local_pool`), ``workers`` chunks at once, so the figure holds
    what those processes really get of the machine: on a shared machine two niced workers are not
    twice one process (timed here and divided by two, a sweep of 20,000 kernel games was
    estimated at 3 min 48 s and took 9 min 29 s)."""
    import time
    from .simulate import local_pool, make_job, play_chunk, play_game
    kernel = use_kernel(game, bots, config, kernel)
    job = make_job(game, config, bots, seed=-1, kernel=kernel)
    want = max(sample, 1)
    if workers <= 1:
        play_game(job, 10_000)  # imports and caches, untimed
        t0 = time.perf_counter()
        played = 0
        while played < want or (time.perf_counter() - t0 < min_seconds and played < 20 * want):
            play_game(job, played)   # one game as a worker plays it (no table built)
            played += 1
        return (time.perf_counter() - t0) / played * n_games * points
    pool = local_pool(workers)
    warm = [pool.submit(play_chunk, job, 10_000 + i, 10_001 + i) for i in range(workers)]
    for f in warm:   # the workers start and import, untimed
        f.result()
    t0 = time.perf_counter()
    played, per_chunk = 0, max(1, want // workers)
    while True:
        futures = [pool.submit(play_chunk, job, played + i * per_chunk, played + (i + 1) * per_chunk)
                   for i in range(workers)]
        for f in futures:
            f.result()
        played += workers * per_chunk
        seconds = time.perf_counter() - t0
        if (played >= want and seconds >= min_seconds) or played >= 40 * want:
            return seconds / played * n_games * points
        per_chunk *= 2
