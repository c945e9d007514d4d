"""How long the same simulation takes serially, on the local pool and on Dask (same table each).

``python -m rules.analysis.bench [GAME] [-n N] [--players P] [--workers W] [--no-phases] [--json]``
plays ``N`` games (default 1,000 Coup games, 4 players, random bots) three ways: in this process,
on a local pool of ``W`` processes (default 2) and on a Dask ``LocalCluster`` of ``W`` worker
processes on 127.0.0.1 that it starts itself; checks the three tables are equal row for row and
prints the wall-clock seconds and the speed-ups.  The pool and the cluster are warmed first (their
start-up and the workers' imports are not timed: they are paid once per session); a kernel run
(random bots through ``rules.<game>.kernel``) is timed too where the game has one.  A benchmark,
not a test: the figures depend on the machine and on what else it runs.
"""
from __future__ import annotations

import argparse
import json
import time


# A Dask worker runs its event loop in a thread beside the task: by default it wakes every 20 ms
# (tick watchdog), samples the task's stack every 10 ms (profile page), reads its memory every
# 100 ms and the system every 500 ms.  Each wake takes the GIL from the running game: in a
# 20,000-game Coup run the workers' compute time was 5-10 % above the serial run's.  These
# settings cut it to about 2 % (2 workers: 1.73x -> 1.82x on a quiet 2-core machine).  A cluster
# of one's own can set the same in its dask config; the analysis gives the same table either way.
WORKER_CONFIG = {"distributed.worker.profile.enabled": False,
                 "distributed.admin.tick.interval": "1s",
                 "distributed.admin.system-monitor.interval": "2s",
                 "distributed.worker.memory.monitor-interval": "1s",
                 "distributed.scheduler.work-stealing": False}  # equal chunks: nothing to steal


def run(game: str = "coup", n: int = 1000, players: int = 4, workers: int = 2, phases: bool = True,
        seed: int = 1) -> dict:
    import pandas.testing as pdt
    from distributed import Client, LocalCluster

    from ..catalog import kernel
    from .simulate import RunInfo, simulate
    cfg = {"players": players}
    out: dict = {"game": game, "games": n, "players": players, "workers": workers, "phases": phases}

    def timed(name, **kw):
        info = RunInfo()
        t0 = time.perf_counter()
        df = simulate(game, n, config=cfg, seed=seed, progress=False, phases=phases, info=info, **kw)
        out[name] = {"seconds": round(time.perf_counter() - t0, 3), "chunk": info.chunk, "chunks": info.chunks}
        return df

    serial = timed("serial", workers=1)
    simulate(game, 4 * workers, config=cfg, seed=seed + 1, progress=False, workers=workers, chunk=1)  # warm the pool
    pdt.assert_frame_equal(serial, timed("pool", workers=workers))
    import dask
    with dask.config.set(WORKER_CONFIG), LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as cluster, Client(cluster) as client:
        simulate(game, 4 * workers, config=cfg, seed=seed + 1, progress=False, client=client, chunk=1)  # warm
        pdt.assert_frame_equal(serial, timed("dask", client=client))
    for name in ("pool", "dask"):
        out[name]["speedup"] = round(out["serial"]["seconds"] / max(out[name]["seconds"], 1e-9), 2)
    if kernel(game) is not None:
        info = RunInfo()
        t0 = time.perf_counter()
        simulate(game, n, config=cfg, seed=seed, progress=False, kernel=True, workers=1, info=info)
        out["kernel_serial"] = {"seconds": round(time.perf_counter() - t0, 3)}
    out["same_table"] = True
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules.analysis.bench")
    ap.add_argument("game", nargs="?", default="coup")
    ap.add_argument("-n", "--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--no-phases", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    out = run(a.game, a.games, a.players, a.workers, not a.no_phases)
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{out['game']}: {out['games']} games, {out['players']} players, phases {out['phases']}; same table "
              f"serial / pool / Dask: {out['same_table']}")
        print(f"  serial        {out['serial']['seconds']:7.2f} s")
        for k in ("pool", "dask"):
            print(f"  {k:5} x{out['workers']}      {out[k]['seconds']:7.2f} s  ({out[k]['speedup']}x, "
                  f"{out[k]['chunks']} chunks of {out[k]['chunk']})")
        if "kernel_serial" in out:
            print(f"  kernel serial {out['kernel_serial']['seconds']:7.2f} s (random bots, fewer columns)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
