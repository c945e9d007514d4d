"""Many games with bots, one tidy row per game: :func:`simulate`.

Every game ``i`` of a run depends only on ``(seed, i)`` (:mod:`rules.analysis.seeds`), so a serial
run, a local process pool and a Dask cluster give the same table row for row.  The table
(a ``pandas.DataFrame``, one row per game, in game order) has the columns:

===================  ==========================================================================
``game_index``        0..n-1
``seed``              the ``new_game(config, seed)`` seed of that game (``game_seed(seed, i)``)
``players``           seat count
``bot_<s>``           the bot name at seat ``s``
``path``              ``engine`` (every action through ``legal_actions``/``apply``, every event
                      built) or ``kernel`` (a random-play kernel, see below)
``finished``          the game reached ``TERMINAL`` (else it was cut at ``max_steps``)
``winners``           the winning seats, comma-separated (``""`` when none), from
                      ``score_breakdown(state)["winners"]``
``n_winners``         how many seats won (2+ = a shared win; 0 = no winner)
``win_<s>``           seat ``s`` is among the winners (bool)
``return_<s>``        ``returns(state)[s]``
``score_<s>``         ``score_breakdown`` total of seat ``s``
``score_<s>.<src>``   its score from source ``src`` (sums to ``score_<s>``)
``first_seat``        the seat of the game's first decision outside a reaction window (-1: none)
``steps``             everything applied: actions and chance outcomes
``actions``           player actions applied
``turns``             runs of decisions by one seat (a reaction window or a chance node in
                      between does not start a new turn; a seat answering another seat's action,
                      e.g. losing a card, does)
``end_reason``        the ``id`` of ``score_breakdown(state)["end_reason"]`` (why the game ended,
                      ``rules/core/README.md``: ``last_player``, ``final_round``...); ``max_steps``
                      when cut off; ``""`` for an engine that does not say
``out_<s>``           the clause that put seat ``s`` out: the first clause its ``eliminated`` event
                      cites (the engine names the cause first: Coup's ``actions.coup``,
                      ``challenge.fail``...; Shadow Master's ``bankruptcy.out``); ``""`` when seat
                      ``s`` was not eliminated; written when a seat of the game went out (else NaN)
``cite:<clause>``     how many events of the game (its setup events included) cite ``clause``
``bf_n:<phase>``      decisions taken in observation phase ``phase`` (``observe(...)["phase"]``)
``bf_sum:<phase>``    the sum of ``len(legal_actions)`` over those decisions (branching factor =
                      ``bf_sum / bf_n``)
``data_variant``      the label of a data what-if (:mod:`rules.analysis.sweeps`), else ``""``
===================  ==========================================================================

A **kernel** run (``kernel=True``, every seat ``random`` and the game has
``rules.<game>.kernel``) plays the very same games as the engine (the kernel's move-by-move test)
but builds no events and no engine state: it fills ``game_index``, ``seed``, ``players``,
``bot_<s>``, ``path``, ``finished``, ``winners``, ``n_winners``, ``win_<s>``, ``return_<s>``,
``first_seat`` and ``steps`` (the adapter in :mod:`rules.analysis.kernels`, checked against the
engine by ``tests/test_analysis.py``); ``actions``, ``turns``, ``end_reason``, scores, ``cite:`` and ``bf_``
columns are missing (NaN).  Clause coverage and branching need the engine.

Where it runs: ``workers=1`` in this process; ``workers=None`` (default) or ``W > 1`` a local
process pool (``os.cpu_count()`` or ``W`` processes); ``client=`` a ``dask.distributed.Client``
or a scheduler address (``"tcp://127.0.0.1:8786"``), in chunks of at least about a second of work
each (measured on a short pilot run here first).  Dask workers must be able to import this
project's ``rules`` package.
"""
from __future__ import annotations

import atexit
import math
import os
import random
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..catalog import engine, kernel as find_kernel
from ..core.chance import sample_chance
from ..core.play import _randbelow, random_policy
from ..core.protocol import CHANCE, TERMINAL, BadInput, id_label, setup_events
from ..core.bots import RANDOM, bot, seat_bots
from .seeds import game_seed, play_seed
from .words import quantity_words

MAX_STEPS = 5_000
"""Default cut-off of one game (steps); a cut game has ``finished=False``, ``end_reason=max_steps``."""
END_LABELS = {"max_steps": ("ถูกตัดที่ขั้นสูงสุด", "cut off at the step limit"), "": ("ไม่ระบุ", "not given")}
"""The ``end_reason`` values the simulator itself writes (a cut game, an engine that does not say)."""


def id_words(game_id: str, kind: str, value: Any) -> tuple[str, str]:
    """``(th, en)`` of a machine id in a table of ``game_id``: a ``phase`` (``bf_n:<phase>``), a score
    ``source`` (``score_<s>.<source>``) or an ``end_reason``, in the engine's words
    (:func:`rules.core.protocol.id_label`) or the simulator's own ends (:data:`END_LABELS`); a
    ``quantity`` of a comparison (``win_0``, ``no_winner``: :func:`rules.analysis.compare.quantity_words`,
    the seat as the engine names it); an id none names stays itself, in brackets (the conformance
    harness checks that none is left)."""
    value = "" if value is None or value != value else str(value)
    if kind == "end_reason" and value in END_LABELS:
        return END_LABELS[value]
    if kind == "quantity":
        return quantity_words(game_id, value) or (f"[{value}]", f"[{value}]")
    return id_label(engine(game_id), kind, value) or (f"[{value}]", f"[{value}]")


DASK_CHUNK_SECONDS = 1.0
POOL_CHUNK_SECONDS = 0.25
PILOT_SECONDS = 0.2


@dataclass(frozen=True)
class Job:
    """What to play (picklable: sent as is to a pool process or a Dask worker).

    ``config``: the JSON config (``game.config_to_json``) as sorted ``(field, value)`` pairs;
    ``bots``: one name per seat; ``data``: a data what-if context (``__enter__``/``__exit__``,
    picklable, with a ``label``) applied around each chunk, or ``None``."""

    game: str
    config: tuple
    bots: tuple[str, ...]
    seed: int
    max_steps: int = MAX_STEPS
    kernel: bool = False
    phases: bool = True
    data: Any = None

    @property
    def config_dict(self) -> dict:
        return dict(self.config)


def make_job(game_id: str, config: Mapping | Any = None, bots=None, seed: int = 0, *, max_steps: int = MAX_STEPS,
             kernel: bool = False, phases: bool = True, data: Any = None) -> Job:
    """Validate the arguments into a :class:`Job` (``BadInput`` names a bad config field or bot).
    ``config`` is a mapping of config fields (``players`` included) or a config object."""
    game = engine(game_id)
    if config is None:
        config = {}
    if isinstance(config, Mapping):
        config = dict(config)
        config.setdefault("players", min(max(game.min_players, 4), game.max_players))
    cfg = game.make_config(config, source="config")
    cjson = game.config_to_json(cfg)
    names = seat_bots(game_id, cjson["players"], bots)
    if kernel and not (all(n == RANDOM for n in names) and find_kernel(game_id) is not None):
        raise BadInput("kernel", "kernel", "ใช้เคอร์เนลได้เฉพาะเกมที่มีเคอร์เนลและบอทสุ่มทุกที่นั่ง",
                       f"kernel=True needs random bots at every seat and a random-play kernel ({game_id})")
    return Job(game_id, tuple(sorted(cjson.items())), names, int(seed), max_steps, kernel, phases, data)


# --- one game -------------------------------------------------------------------------------
def _end_reason(sb: dict, finished: bool) -> str:
    """The row's ``end_reason``: the engine's ``score_breakdown(...)["end_reason"]["id"]``
    (every engine gives one, the conformance harness checks it), ``max_steps`` for a cut game."""
    if not finished:
        return "max_steps"
    reason = sb.get("end_reason") if isinstance(sb, dict) else None
    return str(reason["id"]) if isinstance(reason, dict) and reason.get("id") else ""


def _score_columns(row: dict, sb: dict, returns: list[float], players: int, finished: bool) -> None:
    seats = sb.get("seats") if isinstance(sb, dict) else None
    if isinstance(sb, dict) and "winners" in sb:
        winners = sorted(int(w) for w in sb["winners"] or ())
    elif finished:  # an engine not yet on the contract's shape: the seats with the best return
        best = max(returns) if returns else 0.0
        winners = [i for i, r in enumerate(returns) if r == best and r > 0]
    else:
        winners = []
    row["winners"] = ",".join(map(str, winners))
    row["n_winners"] = len(winners)
    for s in range(players):
        row[f"win_{s}"] = s in winners
    for s in range(players):
        row[f"return_{s}"] = float(returns[s])
    if isinstance(seats, list) and len(seats) == players and all(isinstance(x, dict) and "total" in x for x in seats):
        for s, entry in enumerate(seats):
            row[f"score_{s}"] = float(entry["total"])
            for name, v in (entry.get("sources") or {}).items():
                row[f"score_{s}.{name}"] = float(v)


def _signature(events) -> list:
    return [(e.kind, e.actor, tuple(e.cites), dict(e.data)) for e in events]


def play_game(job: Job, index: int, trace: list | None = None) -> dict:
    """Play game ``index`` of ``job`` and return its row (see the module docstring).

    ``trace``: a list that receives what happened, one item per step: first the setup events,
    then ``(action, events)`` for every applied action or chance outcome (events as
    ``(kind, actor, cites, data)``): two games are the same up to step ``k`` when their first
    ``k + 1`` items are equal (:func:`rules.analysis.compare.first_difference`)."""
    if job.kernel:
        from .kernels import kernel_row
        return kernel_row(job, index)
    game = engine(job.game)
    config = game.make_config(job.config_dict)
    players = config.players
    gseed = game_seed(job.seed, index)
    rng = random.Random(play_seed(job.seed, index))
    randbelow = _randbelow(rng)
    state = game.new_game(config, gseed)
    policies = [bot(job.game, n) for n in job.bots]
    cites: Counter = Counter()
    out_by: dict = {}  # seat -> the clause its ``eliminated`` event cites first (the cause)
    setup = setup_events(game, state)
    for e in setup:
        cites.update(e.cites)
    if trace is not None:
        trace.append(_signature(setup))
    bf_n: Counter = Counter()
    bf_sum: Counter = Counter()
    current, legal_actions, apply, observe = game.current_player, game.legal_actions, game.apply, game.observe
    steps = actions = turns = 0
    last_seat = first_seat = None
    finished = False
    while steps < job.max_steps:
        cp = current(state)
        if isinstance(cp, frozenset):  # a reaction window: one seat of it, drawn as play.choose_action does
            seats = sorted(cp)
            seat = seats[randbelow(len(seats))]
            window = True
        elif cp == TERMINAL:
            finished = True
            break
        elif cp == CHANCE:
            outcome = sample_chance(game, state, rng)
            tr = apply(state, outcome)
            for e in tr.events:
                cites.update(e.cites)
                if e.kind == "eliminated" and e.cites:
                    out_by[e.actor] = e.cites[0]
            if trace is not None:
                trace.append((outcome, _signature(tr.events)))
            state = tr.state
            steps += 1
            continue
        else:
            seat, window = cp, False
        legal = legal_actions(state, seat)
        if not legal:
            raise RuntimeError(f"{job.game} seed {gseed}: seat {seat} must act but has no legal action")
        policy = policies[seat]
        # the phase is the same for every viewer: a bot's own observation gives it for free
        obs = None if policy is random_policy else observe(state, seat)
        if job.phases:
            phase = str((obs if obs is not None else observe(state, None)).get("phase", ""))
            bf_n[phase] += 1
            bf_sum[phase] += len(legal)
        if obs is None:
            action = legal[randbelow(len(legal))]
        else:
            action = policy(obs, legal, rng)
        if not window and seat != last_seat:
            turns += 1
            last_seat = seat
            if first_seat is None:
                first_seat = seat
        tr = apply(state, action)
        for e in tr.events:
            cites.update(e.cites)
            if e.kind == "eliminated" and e.cites:
                out_by[e.actor] = e.cites[0]
        if trace is not None:
            trace.append((action, _signature(tr.events)))
        state = tr.state
        steps += 1
        actions += 1
    else:
        finished = current(state) == TERMINAL
    returns = list(game.returns(state))
    sb = game.score_breakdown(state)
    row: dict = {"game_index": index, "seed": gseed, "players": players}
    for s, n in enumerate(job.bots):
        row[f"bot_{s}"] = n
    row["path"] = "engine"
    row["finished"] = finished
    _score_columns(row, sb, returns, players, finished)
    row.update(first_seat=first_seat if first_seat is not None else -1, steps=steps, actions=actions, turns=turns,
               end_reason=_end_reason(sb, finished))
    if out_by:  # (a game where no seat went out has none: NaN in the table, read as "")
        for s in range(players):
            row[f"out_{s}"] = str(out_by.get(s, ""))
    for c in sorted(cites):
        row[f"cite:{c}"] = cites[c]
    for p in sorted(bf_n):
        row[f"bf_n:{p}"] = bf_n[p]
        row[f"bf_sum:{p}"] = bf_sum[p]
    row["data_variant"] = getattr(job.data, "label", "") if job.data is not None else ""
    return row


def play_chunk(job: Job, start: int, stop: int) -> list[dict]:
    """Rows of games ``start..stop-1`` (the unit of work sent to a pool process or Dask worker);
    a data what-if (``job.data``) is applied around the whole chunk."""
    if job.data is None:
        return [play_game(job, i) for i in range(start, stop)]
    with job.data:
        return [play_game(job, i) for i in range(start, stop)]


def play_chunk_frame(job: Job, start: int, stop: int):
    """:func:`play_chunk` as a DataFrame (rows as they come, not yet put in order): built where
    the chunk ran, so a pool process or Dask worker does that work in parallel and sends numpy
    blocks, not thousands of dicts; :func:`to_frame` joins the chunks."""
    import pandas as pd
    return pd.DataFrame(play_chunk(job, start, stop))


# --- running many -----------------------------------------------------------------------------
_POOLS: dict[int, Any] = {}
_POOL_LOCK = threading.Lock()


def _quiet_worker(no_pyarrow: bool = False) -> None:
    """A pool worker ignores Ctrl-C (SIGINT): the parent cancels runs between chunks and ends the
    pool; an interrupt sent to the whole process group (a dashboard stopped with Ctrl-C) printed a
    KeyboardInterrupt traceback per worker into the server log.  ``no_pyarrow``: the parent holds
    pyarrow back (a page's kernel, ``widgets/lean.py``), so the worker does too: its tables'
    string columns must unpickle in the parent without pyarrow."""
    import signal
    import sys
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if no_pyarrow and "pandas" not in sys.modules:
        sys.modules.setdefault("pyarrow", None)


def local_pool(workers: int):
    """A process pool of ``workers`` processes (``forkserver``: safe from a notebook's threads),
    kept for the next run; :func:`shutdown_pools` ends them."""
    from concurrent.futures import ProcessPoolExecutor
    import multiprocessing as mp
    with _POOL_LOCK:
        no_pyarrow = "pyarrow" in sys.modules and sys.modules["pyarrow"] is None
        pool = _POOLS.get((workers, no_pyarrow))
        if pool is None or getattr(pool, "_broken", False):
            method = "forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn"
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp.get_context(method),
                                       initializer=_quiet_worker, initargs=(no_pyarrow,))
            _POOLS[(workers, no_pyarrow)] = pool
        return pool


def shutdown_pools() -> None:
    """End the process pools :func:`local_pool` keeps."""
    with _POOL_LOCK:
        for pool in _POOLS.values():
            pool.shutdown(wait=True, cancel_futures=True)
        _POOLS.clear()


atexit.register(shutdown_pools)


@dataclass
class RunInfo:
    """How a run went: ``backend`` (``serial``, ``pool``, ``dask``), ``workers``, ``chunk`` (games a
    chunk), ``chunks``, ``seconds`` (wall clock), ``cancelled``."""

    backend: str = "serial"
    workers: int = 1
    chunk: int = 0
    chunks: int = 0
    seconds: float = 0.0
    cancelled: bool = False
    estimate_s: float | None = None
    extra: dict = field(default_factory=dict)


def run_chunks(fn: Callable[[Any, int, int], list], job: Any, n: int, *, client=None, workers: int | None = None,
               progress: bool = True, desc: str = "", on_progress: Callable[[int, int], None] | None = None,
               cancel: threading.Event | None = None, info: RunInfo | None = None, chunk: int | None = None,
               parts: Callable[[Any, int, int], Any] | None = None) -> list:
    """``fn(job, start, stop)`` over ``0..n-1`` in chunks, serially, on a local pool or on Dask;
    the items in index order (only those done when ``cancel`` is set).  ``chunk``: items a chunk
    (default: sized from a pilot run of about 0.2 s here, see :data:`DASK_CHUNK_SECONDS`).
    ``parts``: a function like ``fn`` whose result has a length (a DataFrame of the chunk's
    rows) used on a pool or Dask instead of ``fn``; the return value is then the list of the
    results of ``fn`` (serial chunks and the pilot) and ``parts`` in index order, unflattened."""
    info = info if info is not None else RunInfo()
    t0 = time.perf_counter()
    bar = _bar(n, desc, progress)
    done: dict[int, list] = {}
    count = 0

    def _tick(k: int) -> None:
        nonlocal count
        count += k
        if bar is not None:
            bar.update(k)
        if on_progress is not None:
            on_progress(count, n)

    # a pilot here, one item at a time: the items it plays are kept; its timing sizes the chunks
    per_item = None
    if chunk is not None:
        if chunk < 1:
            raise BadInput("chunk", "chunk", "ต้องเป็นจำนวนเต็มบวก", f"expected a chunk size >= 1, got {chunk}")
        start = 0
    elif client is not None or workers != 1:
        pilot_t = time.perf_counter()
        i = 0
        while i < n and time.perf_counter() - pilot_t < PILOT_SECONDS and not (cancel and cancel.is_set()):
            done[i] = fn(job, i, i + 1)
            i += 1
            _tick(1)
        per_item = (time.perf_counter() - pilot_t) / max(i, 1)
        start = i
        info.estimate_s = round(per_item * n, 3)
    else:
        start = 0
    try:
        if client is not None:
            _run_dask(parts or fn, job, start, n, per_item, client, done, _tick, cancel, info, chunk)
        elif workers != 1:
            w = workers or os.cpu_count() or 1
            _run_pool(parts or fn, job, start, n, per_item, w, done, _tick, cancel, info, chunk)
        else:
            chunk = chunk or max(1, min(n, 50))
            info.backend, info.workers, info.chunk = "serial", 1, chunk
            for a in range(start, n, chunk):
                if cancel is not None and cancel.is_set():
                    break
                done[a] = fn(job, a, min(n, a + chunk))
                info.chunks += 1
                _tick(len(done[a]))
    finally:
        if bar is not None:
            bar.close()
    info.cancelled = bool(cancel is not None and cancel.is_set() and count < n)
    info.seconds = round(time.perf_counter() - t0, 3)
    if parts is not None:
        return [done[k] for k in sorted(done)]
    return [item for k in sorted(done) for item in done[k]]


def _chunk_size(per_item: float, remaining: int, workers: int, target_s: float) -> int:
    """Items a chunk: about ``target_s`` of work each, in a number of chunks that is a multiple
    of ``workers``, so the last round keeps every worker busy (17 chunks on 2 workers left one
    idle for the last second of a 10 s Dask run)."""
    workers = max(workers, 1)
    by_time = max(1, math.ceil(target_s / max(per_item, 1e-6)))
    chunks = math.ceil(remaining / by_time)
    chunks = max(workers, math.ceil(chunks / workers) * workers)
    return max(1, math.ceil(remaining / chunks))


def _run_pool(fn, job, start, n, per_item, workers, done, tick, cancel, info, chunk=None) -> None:
    from concurrent.futures import FIRST_COMPLETED, wait
    chunk = chunk or _chunk_size(per_item, n - start, workers, POOL_CHUNK_SECONDS)
    info.backend, info.workers, info.chunk = "pool", workers, chunk
    if start >= n:
        return
    pool = local_pool(workers)
    futures = {pool.submit(fn, job, a, min(n, a + chunk)): a for a in range(start, n, chunk)}
    info.chunks += len(futures)
    pending = set(futures)
    while pending:
        finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
        for f in finished:
            if f.cancelled():
                continue
            done[futures[f]] = f.result()
            tick(len(done[futures[f]]))
        if cancel is not None and cancel.is_set():
            for f in pending:
                f.cancel()
            wait(pending)
            for f in pending:
                if not f.cancelled() and f.exception() is None:
                    done[futures[f]] = f.result()
                    tick(len(done[futures[f]]))
            return


def _run_dask(fn, job, start, n, per_item, client, done, tick, cancel, info, chunk=None) -> None:
    from distributed import Client, as_completed
    own = isinstance(client, str)
    if own:
        client = Client(client, timeout="20s")
    try:
        workers = max(1, sum(client.nthreads().values()))  # threads over all workers
        chunk = chunk or _chunk_size(per_item, n - start, workers, DASK_CHUNK_SECONDS)
        info.backend, info.workers, info.chunk = "dask", workers, chunk
        if start >= n:
            return
        futures = [client.submit(fn, job, a, min(n, a + chunk), pure=False) for a in range(start, n, chunk)]
        starts = {f.key: a for f, a in zip(futures, range(start, n, chunk))}
        info.chunks += len(futures)
        for f in as_completed(futures):
            if cancel is not None and cancel.is_set():
                client.cancel([g for g in futures if not g.done()])
                break
            done[starts[f.key]] = f.result()
            tick(len(done[starts[f.key]]))
    finally:
        if own:
            client.close()


def _bar(n: int, desc: str, progress: bool):
    if not progress:
        return None
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is a dependency; only odd environments lack it
        return None
    return tqdm(total=n, desc=desc, unit="game", file=sys.stderr, leave=False)


# --- the table --------------------------------------------------------------------------------
COUNT_PREFIXES = ("cite:", "bf_n:", "bf_sum:")


def to_frame(rows: Sequence):
    """The rows (dicts, or chunks of them: lists or DataFrames) as a DataFrame: count columns (``cite:``, ``bf_``) filled with 0 where a game had
    none, the fixed columns first, then scores, then counts in name order."""
    import pandas as pd
    chunks = [c for c in rows if len(c)] if rows and not isinstance(rows[0], dict) else None
    if chunks is None:
        df = pd.DataFrame(list(rows))
    else:  # chunks: lists of rows and DataFrames of rows (simulate on a pool or Dask)
        frames = [c if isinstance(c, pd.DataFrame) else pd.DataFrame(c) for c in chunks]
        df = pd.concat(frames, ignore_index=True, sort=False) if frames else pd.DataFrame()
    if df.empty:
        return df
    kernel_only = "path" in df and (df["path"] == "kernel").all()
    counts = sorted(c for c in df.columns if c.startswith(COUNT_PREFIXES))
    if counts and not kernel_only:
        df[counts] = df[counts].fillna(0).astype("int64")
    front = [c for c in df.columns if not c.startswith(COUNT_PREFIXES) and not c.startswith("score_")
             and c != "data_variant"]
    scores = sorted((c for c in df.columns if c.startswith("score_")), key=_score_key)
    return df[front + scores + counts + (["data_variant"] if "data_variant" in df else [])].reset_index(drop=True).copy()


def _score_key(col: str):
    seat, _, src = col[len("score_"):].partition(".")
    return (int(seat) if seat.isdigit() else 0, src)


def simulate(game: str, n_games: int, bots=None, config: Mapping | Any = None, seed: int = 0, client=None,
             workers: int | None = None, progress: bool = True, *, kernel: bool = False, max_steps: int = MAX_STEPS,
             phases: bool = True, data: Any = None, on_progress: Callable[[int, int], None] | None = None,
             cancel: threading.Event | None = None, info: RunInfo | None = None, chunk: int | None = None):
    """Play ``n_games`` games of ``game`` and return the table (one row per game, see the module
    docstring).

    ``bots``: a name for every seat, a list (one per seat) or ``{seat: name}`` (others
    ``random``); ``config``: config fields (``players`` and register readings, e.g.
    ``{"players": 4, "who_blocks": "anyone"}``); ``seed``: game ``i`` is dealt with
    ``game_seed(seed, i)``.  ``client``: a ``dask.distributed.Client`` or a scheduler address;
    ``workers``: ``1`` = this process, ``None`` = a local pool of ``os.cpu_count()`` processes.
    ``progress``: a tqdm bar on stderr; ``on_progress(done, total)`` for a view; ``cancel``: a
    ``threading.Event`` that stops the run between chunks (the table then holds the games done,
    and ``df.attrs["cancelled"]`` is True).  ``kernel``: use the game's random-play kernel
    (random bots only; fewer columns).  ``data``: a data what-if (:mod:`rules.analysis.sweeps`).
    ``info``: a :class:`RunInfo` filled with how the run went (also ``df.attrs["run"]``);
    ``chunk``: games a chunk (default: sized from a short pilot run).  ``phases=False`` leaves
    out the ``bf_`` columns: a random bot needs no observation, and the spectator observation
    read for the phase is most of the cost of a random Coup game (about 3x).
    """
    if not isinstance(n_games, int) or n_games < 0:
        raise BadInput("n_games", "n_games", "ต้องเป็นจำนวนเต็มไม่ติดลบ", f"expected a number of games >= 0, got {n_games!r}")
    job = make_job(game, config, bots, seed, max_steps=max_steps, kernel=kernel, phases=phases, data=data)
    info = info if info is not None else RunInfo()
    rows = run_chunks(play_chunk, job, n_games, client=client, workers=workers, progress=progress, desc=game,
                      on_progress=on_progress, cancel=cancel, info=info, chunk=chunk, parts=play_chunk_frame)
    df = to_frame(rows)
    df.attrs.update(game=game, config=job.config_dict, bots=list(job.bots), seed=job.seed, n_games=n_games,
                    cancelled=info.cancelled, run=info.__dict__.copy())
    return df
