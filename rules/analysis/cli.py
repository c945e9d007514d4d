"""The analyzer's commands of ``python -m rules`` (text for people, ``--json`` for programs).

  simulate GAME -n N [--players P] [--bots B[,B...]] [--set FIELD=VALUE ...] [--seed S]
           [--workers W | --scheduler ADDRESS] [--kernel] [--json | --csv FILE | --parquet FILE]
      N games with bots; prints the metrics (win rates with Wilson intervals, balance, first-player
      advantage, lengths, decisiveness, draws, branching, end reasons, clause coverage).
      ``--json`` output depends only on the arguments (no timings): the same twice, serial or not.
  compare GAME --set FIELD=A --against FIELD=B -n N [...]
      the same seeds under two readings: paired differences B - A and where the games part.
  sweep GAME (--entry ID[,ID...] | --scale rank,damage --factors 0.5,1,2) -n N [--no-kernel] [...]
      seat win rates over the readings of a register entry, or over Shadow Master's assumed
      tables scaled (a data what-if); says how long it will take before it starts (timed on a
      few games played the way the sweep plays them) and, at the end, how long it took; random
      bots go through the game's random-play kernel (``--no-kernel``: the engine).  Several
      ``--entry`` (or ``--entry a,b``): the defaults, then each entry's other readings.
  analyze SCENARIO_FILE [--step K] [--bot B] [--rollouts N] [--seed S] [--json]
      every legal action of the scenario's position after step K scored by rollouts.
"""
from __future__ import annotations

import json
import os
import sys
import time

from ..core.protocol import BadInput


def parse_sets(items) -> dict:
    """``["who_blocks=anyone", "players=3"]`` -> ``{"who_blocks": "anyone", "players": 3}``
    (numbers, booleans, null, lists and objects as JSON; anything else a string)."""
    out = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadInput("--set", item, "ต้องเป็น ช่อง=ค่า", "expected FIELD=VALUE")
        if value[:1] in "[{0123456789-" or value in ("true", "false", "null"):
            try:
                out[key] = json.loads(value)
                continue
            except json.JSONDecodeError:
                pass
        out[key] = value
    return out


def _config(args) -> dict:
    cfg = parse_sets(args.set)
    if args.players is not None:
        cfg["players"] = args.players
    return cfg


def _backend(args) -> dict:
    if args.scheduler and args.workers not in (None,):
        raise BadInput("--scheduler", "--workers", "เลือกได้อย่างใดอย่างหนึ่ง: --workers หรือ --scheduler",
                       "give --workers or --scheduler, not both")
    return {"client": args.scheduler, "workers": args.workers}


def _progress() -> bool:
    return sys.stderr.isatty()


def _common(p, n_default: int = 1000) -> None:
    p.add_argument("game")
    p.add_argument("-n", "--games", type=int, default=n_default, dest="games")
    p.add_argument("--players", type=int)
    p.add_argument("--bots", help="one bot for every seat, or one per seat: random,honest,...")
    p.add_argument("--set", action="append", metavar="FIELD=VALUE", help="a config field (a register reading)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, help="local processes (1 = this process; default: every core)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--chunk", type=int, help="games a chunk (default: sized from a short pilot)")
    p.add_argument("--max-steps", type=int, default=None)
    p.add_argument("--json", action="store_true")


def add_commands(sub) -> None:
    """Add ``simulate``, ``compare``, ``sweep`` and ``analyze`` to ``python -m rules``."""
    p = sub.add_parser("simulate", help="many games with bots and their metrics")
    _common(p)
    p.add_argument("--kernel", action="store_true", help="random bots through the game's random-play kernel")
    p.add_argument("--no-phases", action="store_true", help="no branching by phase (faster with random bots)")
    p.add_argument("--csv", metavar="FILE")
    p.add_argument("--parquet", metavar="FILE")
    p.set_defaults(fn=cmd_simulate)
    p = sub.add_parser("compare", help="two readings on the same seeds")
    _common(p)
    p.add_argument("--against", action="append", metavar="FIELD=VALUE", required=True)
    p.set_defaults(fn=cmd_compare)
    p = sub.add_parser("sweep", help="seat win rates over readings or table scales")
    _common(p, n_default=200)
    p.add_argument("--entry", action="append", help="a register entry id (every reading is a point); several "
                   "(repeated or comma-separated): the defaults, then each entry's other readings")
    p.add_argument("--scale", help="Shadow Master: rank, damage or rank,damage")
    p.add_argument("--factors", default="0.5,0.75,1,1.5,2")
    p.add_argument("--no-kernel", action="store_true",
                   help="random bots through the engine too (default: the game's random-play kernel, same games)")
    p.set_defaults(fn=cmd_sweep)
    p = sub.add_parser("analyze", help="every legal action of a scenario position scored by rollouts")
    p.add_argument("scenario")
    p.add_argument("--step", type=int, help="after this many steps (default: all of them)")
    p.add_argument("--bot", default="random")
    p.add_argument("--rollouts", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.set_defaults(fn=cmd_analyze)


def _sim_kwargs(args) -> dict:
    kw = {"chunk": args.chunk, **_backend(args)}
    if args.max_steps:
        kw["max_steps"] = args.max_steps
    return kw


def cmd_simulate(args) -> int:
    from .metrics import summary
    from .simulate import RunInfo, simulate
    info = RunInfo()
    t0 = time.perf_counter()
    df = simulate(args.game, args.games, args.bots, _config(args), args.seed, progress=_progress(),
                  kernel=args.kernel, phases=not args.no_phases, info=info, **_sim_kwargs(args))
    seconds = time.perf_counter() - t0
    if args.csv:
        df.to_csv(args.csv, index=False)
    if args.parquet:
        df.to_parquet(args.parquet, index=False)
    out = {"game": args.game, "config": df.attrs["config"], "bots": df.attrs["bots"], "seed": args.seed,
           "path": "kernel" if args.kernel else "engine", "metrics": summary(df, args.game)}
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    elif not (args.csv or args.parquet) or sys.stdout.isatty():
        _print_summary(out)
    print(f"{args.games} games in {seconds:.2f} s on {info.backend} ({info.workers} worker"
          f"{'s' if info.workers != 1 else ''}, chunks of {info.chunk})", file=sys.stderr)
    return 0


def _ci(d: dict, key: str = "estimate", lo: str = "lo", hi: str = "hi", pct: bool = True) -> str:
    if d.get(key) is None:
        return "-"
    f = (lambda x: f"{100 * x:.1f}%") if pct else (lambda x: f"{x:.2f}")
    return f"{f(d[key])} [{f(d[lo])}, {f(d[hi])}]"


def _print_summary(out: dict) -> None:
    m = out["metrics"]
    print(f"{out['game']}: {m['games']} games ({m['finished']} finished), bots {', '.join(out['bots'])}, "
          f"seed {out['seed']}")
    diff = {k: v for k, v in out["config"].items() if k != "players"}
    print(f"  players {out['config'].get('players')}; config {diff}")
    print("  win rate by seat (95% Wilson):")
    for r in m["win_rates"]:
        print(f"    seat {r['seat']}: {_ci(r)}   (fair {100 * r['fair']:.1f}%)")
    print(f"  balance (1 - largest gap): {_ci(m['balance'], pct=False)}")
    print(f"  first-player advantage: {_ci(m['first_player_advantage'])}")
    d = m["draws"]
    print(f"  no winner: {_ci(d['no_winner'])}; shared win: {_ci(d['shared'])}")
    for c, L in m["lengths"].items():
        if L.get("n"):
            print(f"  length in {c}: mean {_ci(L, 'mean', 'mean_lo', 'mean_hi', pct=False)}, median {L['median']:g},"
                  f" 10-90% {L['p10']:g}-{L['p90']:g}")
    if m["decisiveness"].get("n"):
        print(f"  score margin: {_ci(m['decisiveness'], 'mean_margin', pct=False)}")
    if m["branching"]:
        print("  branching by phase: " + ", ".join(f"{b['phase']} {b['estimate']:.2f}" for b in m["branching"]))
    if m["end_reasons"]:
        print("  end reasons: " + ", ".join(f"{r['reason']} {_ci(r)}" for r in m["end_reasons"]))
    cov = m.get("coverage")
    if cov:
        print(f"  clause coverage: {cov['implemented_fired']}/{cov['implemented']} implemented clauses fired;"
              f" never: {', '.join(cov['never_fired']) or '-'}")


def cmd_compare(args) -> int:
    from .compare import compare
    a = _config(args)
    b = parse_sets(args.against)
    t0 = time.perf_counter()
    kw = _sim_kwargs(args)
    c = compare(args.game, args.games, a, b, args.bots, args.seed, progress=_progress(), **kw)
    seconds = time.perf_counter() - t0
    out = c.to_json()
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        p = out["parted"]
        print(f"{args.game}: A = {c.label_a}  vs  B = {c.label_b}, {out['games']} paired games (same seeds)")
        print(f"  games that part: {p['parted']}/{p['pairs']}" + (
            f", first parting step median {p['first_step_median']:g} ({p['at_setup']} at setup)" if p['parted'] else ""))
        print("  paired differences B - A (95% bootstrap):")
        for r in out["differences"]:
            print(f"    {r['quantity']:12} A {r['mean_a']:.3f}  B {r['mean_b']:.3f}  diff {r['diff']:+.3f}"
                  f" [{r['lo']:+.3f}, {r['hi']:+.3f}]")
    print(f"{args.games} pairs in {seconds:.2f} s", file=sys.stderr)
    return 0


def cmd_sweep(args) -> int:
    from .sweeps import estimate_seconds, reading_points, sweep, sweep_win_rates, table_scale_points, use_kernel
    if bool(args.entry) == bool(args.scale):
        raise BadInput("sweep", "--entry", "ระบุ --entry หรือ --scale อย่างใดอย่างหนึ่ง", "give --entry or --scale (one of them)")
    if args.entry:
        points = reading_points(args.game, [x for e in args.entry for x in e.split(",") if x.strip()])
    else:
        if args.game != "shadow_master":
            raise BadInput("sweep", "--scale", "--scale ใช้ได้กับ shadow_master", "--scale is for shadow_master's tables")
        which = {w.strip() for w in args.scale.split(",")}
        if not which <= {"rank", "damage"}:
            raise BadInput("sweep", "--scale", "ต้องเป็น rank และ/หรือ damage", "expected rank and/or damage")
        factors = [float(x) for x in args.factors.split(",")]
        points = table_scale_points(factors, rank="rank" in which, damage="damage" in which)
    cfg = _config(args)
    kernel = use_kernel(args.game, args.bots, cfg, False if args.no_kernel else None)
    workers = args.workers or (1 if args.scheduler else os.cpu_count() or 1)
    est = estimate_seconds(args.game, args.games, len(points), args.bots, cfg, workers=workers, kernel=kernel)
    print(f"{len(points)} points x {args.games} games through the {'kernel' if kernel else 'engine'}: about "
          f"{_duration(est)} at this machine's pace / ประมาณ {_duration(est, th=True)}"
          + (" (scheduler: workers unknown, timed as one)" if args.scheduler else ""), file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    step = {"next": args.games}

    def point_done(done: int, total: int) -> None:   # a line per point: what is left, at the pace so far
        if step["next"] <= done < total:
            el = time.perf_counter() - t0
            print(f"  {done // args.games}/{len(points)} points, {done} games in {_duration(el)}; about "
                  f"{_duration(el / done * (total - done))} left", file=sys.stderr, flush=True)
            step["next"] = (done // args.games + 1) * args.games

    table = sweep(args.game, points, args.games, args.bots, cfg, args.seed, progress=_progress(), kernel=kernel,
                  on_progress=point_done, **_sim_kwargs(args))
    seconds = time.perf_counter() - t0
    wr = sweep_win_rates(table)
    if args.json:
        from .metrics import _records
        print(json.dumps({"game": args.game, "points": [p.label for p in points], "win_rates": _records(wr)},
                         ensure_ascii=False, indent=1))
    else:
        width = max([18] + [len(p.label) for p in points])
        for label, d in wr.groupby("point", sort=False):
            print(f"  {label:{width}} " + "  ".join(f"seat {r.seat}: {100 * r.estimate:.1f}% [{100 * r.lo:.1f}, {100 * r.hi:.1f}]"
                                             for r in d.itertuples()))
    print(f"{len(table)} games in {_duration(seconds)} (estimated {_duration(est)}): "
          f"{len(table) / max(seconds, 1e-9):.1f} games/s", file=sys.stderr)
    return 0


def _duration(seconds: float, th: bool = False) -> str:
    """``42 s`` / ``3 min 20 s`` (``th``: ``42 วินาที`` / ``3 นาที 20 วินาที``)."""
    s, m = ("วินาที", "นาที") if th else ("s", "min")
    seconds = max(0, round(seconds))
    return f"{seconds} {s}" if seconds < 120 else f"{seconds // 60} {m} {seconds % 60} {s}"


def cmd_analyze(args) -> int:
    from ..core.scenario import run_file
    from .metrics import _plain
    from .position import score_actions
    res = run_file(args.scenario)
    k = len(res.steps) if args.step is None else args.step
    if not 0 <= k <= len(res.steps):
        raise BadInput("--step", "--step", f"ต้องอยู่ระหว่าง 0-{len(res.steps)}", f"expected a step 0-{len(res.steps)}")
    state = res.initial if k == 0 else res.steps[k - 1].state
    df = score_actions(res.scenario.game, state, args.bot, args.rollouts, args.seed)
    if args.json:
        print(json.dumps({"scenario": args.scenario, "step": k, "seat": df.attrs["seat"], "bot": args.bot,
                          "rollouts": args.rollouts,
                          "actions": [{kk: _plain(v) for kk, v in r.items()} for r in df.to_dict("records")]},
                         ensure_ascii=False, indent=1))
    else:
        print(f"{res.scenario.title_en}: after step {k}, seat {df.attrs['seat']} to act; {args.rollouts} rollouts"
              f" with '{args.bot}' bots")
        for r in df.itertuples():
            print(f"  {r.value:6.3f} [{r.lo:.3f}, {r.hi:.3f}]  {r.label_en} / {r.label_th}")
    return 0
