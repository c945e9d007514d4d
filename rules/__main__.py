"""``python -m rules``: the command line (text for people, ``--json`` for programs).

  games [--json]                               the four games
  clauses GAME [--json]                        the rulebook's clauses in order
  scenario run FILE [--json]                   run one scenario (exit 1: expectation failed, 2: malformed)
  scenario check DIR                           run every scenario below DIR (exit 1 if any fails)
  bench GAME [--players P] [--seconds S] [--rounds R] [--json]   random legal play speed
  soak [--game GAME [--set FIELD=VALUE ...]] [--games N] [--players P]
                                               random games with invariants after every action
  coverage GAME [--json]                       clause statuses and which clauses the events of the
                                               scenarios cite (their setup events included)
  simulate GAME -n N [--bots ...] [--set F=V] [--seed S] [--workers W | --scheduler ADDR] [--json | --csv F | --parquet F]
  compare GAME --set F=A --against F=B -n N    the analyzer (rules/analysis/cli.py): many games with bots,
  sweep GAME (--entry ID | --scale rank,damage)  metrics with intervals, readings compared on the same
  analyze SCENARIO [--step K] [--rollouts N]     seeds, sweeps, a position's actions scored by rollouts
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from . import catalog
from .catalog import GAMES, engine, has_engine, info
from .core.play import random_play
from .core.protocol import BadInput
from .core.rulebook import load_rulebook
from .core.scenario import find_scenarios, run_file
from .core.testing import random_games


def _print_json(obj) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=1))


def _error(exc: BadInput, as_json: bool) -> int:
    if as_json:
        _print_json({"ok": False, "error": {"source": exc.source, "field": exc.field,
                                            "message_th": exc.message_th, "message_en": exc.message_en}})
    else:
        print(f"error: {exc}", file=sys.stderr)
    return 2


def cmd_games(args) -> int:
    rows = [dict(g.to_json(), engine=has_engine(g.id)) for g in GAMES.values()]
    if args.json:
        _print_json([{k: r[k] for k in ("id", "title_th", "title_en", "seed_file")} for r in rows])
    else:
        for r in rows:
            print(f"{r['id']:14} {r['title_th']} / {r['title_en']}  [{r['seed_file']}]"
                  f"{'' if r['engine'] else '  (rulebook only)'}")
    return 0


def cmd_clauses(args) -> int:
    info(args.game)
    book = load_rulebook(args.game)
    if args.json:
        _print_json([{"id": c.id, "heading": list(c.heading), "text_th": c.text_th, "status": c.status}
                     for c in book.clauses])
    else:
        for c in book.clauses:
            print(f"[{c.id}] ({c.status}) {' > '.join(c.heading)}\n  " + c.text_th.strip().replace("\n", "\n  "))
    return 0


def cmd_scenario(args) -> int:
    if args.action == "run":
        try:
            res = run_file(args.path)
        except BadInput as exc:
            return _error(exc, args.json)
        game = engine(res.scenario.game)
        if args.json:
            _print_json(res.to_json(game))
        else:
            sc = res.scenario
            print(f"{sc.title_th} / {sc.title_en}")
            if res.setup_events:
                print(" 0. ตั้งเกม / setup")
                for e in res.setup_events:
                    print(f"    - {e.kind} {list(e.cites)} {e.text_th or ''}")
            for i, s in enumerate(res.steps, 1):
                print(f" {i}. {json.dumps(s.action, ensure_ascii=False)}")
                if s.error is not None:
                    print(f"    refused [{s.error.clause}] {s.error.message_th} / {s.error.message_en}")
                for e in s.events:
                    print(f"    - {e.kind} {list(e.cites)} {e.text_th or ''}")
            print("PASS / ผ่าน" if res.ok else "FAIL / ไม่ผ่าน:\n  " + "\n  ".join(res.failures))
        return 0 if res.ok else 1
    # check
    from pathlib import Path
    if not Path(args.path).exists():
        return _error(BadInput(args.path, "<path>", "ไม่มีไฟล์หรือโฟลเดอร์นี้",
                               "no such file or folder"), False)
    paths = [p for p in find_scenarios(args.path) if p.name != "README.yaml"]
    if not paths:
        print(f"ไม่มีสถานการณ์ใน {args.path} / no scenarios under {args.path}", file=sys.stderr)
        return 1
    failed = malformed = 0
    for p in paths:
        try:
            res = run_file(p)
        except BadInput as exc:
            malformed += 1
            print(f"ERROR {p}: field '{exc.field}': {exc.message_en} / {exc.message_th}")
            continue
        except Exception as exc:  # an engine bug: report it on this file's line and go on with the rest
            failed += 1
            print(f"FAIL  {p}: the engine crashed / เอนจินขัดข้อง: {type(exc).__name__}: {exc}")
            continue
        failed += not res.ok
        print(f"{'PASS ' if res.ok else 'FAIL '} {p}" + ("" if res.ok else ": " + "; ".join(res.failures[:3])))
    passed = len(paths) - failed - malformed
    print(f"{passed}/{len(paths)} scenarios pass, {failed} fail, {malformed} malformed / "
          f"ผ่าน {passed} จาก {len(paths)} ไม่ผ่าน {failed} ไฟล์ผิดรูปแบบ {malformed}")
    return 1 if failed or malformed else 0


def bench(game_id: str, players: int | None, seconds: float, seed: int = 0, with_kernel: bool = True) -> dict:
    """Random legal play for ``seconds``: ``{game, players, games, steps, seconds, games_per_s,
    steps_per_s, cpu_seconds, games_per_cpu_s, steps_per_cpu_s}`` (the ``cpu_`` rates per second of
    this process's CPU time) through the engine (every step ``legal_actions`` then ``apply``: validated,
    immutable states, every event built).  A game with a random-play kernel
    (``rules.<game>.kernel``) adds ``kernel``: the same for the kernel, which plays the very same
    games (same seeds, same ``rng``) for another ``seconds``, and ``same_games`` / ``matches_engine``:
    how many games both played and whether their move counts and final states
    (``kernel.fingerprint``) agree game by game (``None`` when no game was compared)."""
    game = engine(game_id)
    players = players or min(max(game.min_players, 4), game.max_players)
    config = game.default_config(players)
    rng = random.Random(seed)
    kmod = catalog.kernel(game_id) if with_kernel else None
    # a game's (moves, hash of its final state) - small ints, so keeping thousands of games does
    # not hold their states alive (that would slow the garbage collector and so the timing)
    print_of = (lambda state: hash(kmod.fingerprint(state))) if kmod is not None else (lambda state: 0)
    per_game: list[tuple[int, int]] = []
    game.new_game(config, seed)   # a game's data files are read once, at its first setup: not timed
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        # the same moves as a choose_action + apply loop (every step legal_actions, then apply)
        final, steps = random_play(game, game.new_game(config, seed + len(per_game)), rng)
        per_game.append((steps, print_of(final)))
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    out = _speed([k for k, _ in per_game], dt, cpu)
    out = {"game": game_id, "players": players, **out}
    if kmod is not None:
        krng = random.Random(seed)
        kper: list[tuple[int, int]] = []
        play = kmod.play
        t0, c0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - t0 < seconds:
            r = play(config, seed + len(kper), krng)
            kper.append((r.steps, hash(r.fingerprint())))
        kout = _speed([k for k, _ in kper], time.perf_counter() - t0, time.process_time() - c0)
        same = min(len(kper), len(per_game))
        # the number of moves and the final state, game by game
        matches = kper[:same] == per_game[:same] if same else None
        kout.update(same_games=same, matches_engine=matches,
                    speedup=round(kout["games_per_s"] / max(out["games_per_s"], 1e-9), 2))
        out["kernel"] = kout
    return out


def _speed(per_game: list[int], dt: float, cpu: float) -> dict:
    """Rates per second of the clock, and per second of this process's CPU time (``cpu_*``: what
    one core does, nearly the same on a machine busy with other work)."""
    games, steps = len(per_game), sum(per_game)
    cpu = max(cpu, 1e-9)
    return {"games": games, "steps": steps, "seconds": round(dt, 3), "games_per_s": round(games / dt, 2),
            "steps_per_s": round(steps / dt, 1), "cpu_seconds": round(cpu, 3),
            "games_per_cpu_s": round(games / cpu, 2), "steps_per_cpu_s": round(steps / cpu, 1)}


def bench_all(game_ids: list[str], players: int | None, seconds: float, peers_python: str | None = None,
              rounds: int = 1) -> dict:
    """``{"games": [bench(g) for each game], "peers": {name: result or None}}``: every game through
    its engine (and its kernel), and the peers of :mod:`rules.analysis.peers` measured in the same
    run (coupml beside Coup, OpenSpiel's hex beside the hex-board games), each game's entry with
    ``peer`` (the peer's name) and ``ratio_to_peer`` (our games/s over coupml's for Coup, our steps/s
    over OpenSpiel hex's for the hex games; ``kernel_ratio_to_peer`` the same for a kernel).

    ``rounds > 1``: the games and the peers are measured one after the other ``rounds`` times
    (``seconds`` each time), and each ratio is the median of the rounds' ratios, with the rounds'
    own in ``ratio_rounds`` / ``kernel_ratio_rounds``; the figures shown are the last round's.  This
    machine's pace drifts by 20-30 % within a minute (a shared virtual machine), so one engine run
    followed by one peer run can read 0.94 or 1.24 for the same code; measured in turns, the drift
    falls on both sides."""
    from statistics import median

    from .analysis import peers

    per_round = []
    for _ in range(max(1, rounds)):
        results = [bench(g, players, seconds) for g in game_ids]
        wanted = {peers.FOR_GAME[r["game"]]: r["players"] for r in results if r["game"] in peers.FOR_GAME}
        measured = {name: peers.run_peer(name, n, seconds, peers_python) for name, n in wanted.items()}
        for r in results:
            name = peers.FOR_GAME.get(r["game"])
            peer = measured.get(name)
            if not peer:
                continue
            unit = "games_per_s" if name == "coupml" else "steps_per_s"
            r["peer"], r["peer_unit"] = name, unit
            r["ratio_to_peer"] = round(r[unit] / max(peer[unit], 1e-9), 2)
            if "kernel" in r:
                r["kernel_ratio_to_peer"] = round(r["kernel"][unit] / max(peer[unit], 1e-9), 2)
        per_round.append(results)
    if len(per_round) > 1:
        for i, r in enumerate(results):
            for key in ("ratio_to_peer", "kernel_ratio_to_peer"):
                seen = [rr[i][key] for rr in per_round if key in rr[i]]
                if seen:
                    r[key.replace("_to_peer", "_rounds")] = seen
                    r[key] = round(median(seen), 2)
    return {"games": results, "peers": measured}


def cmd_bench(args) -> int:
    ids = args.game or [g for g in GAMES if has_engine(g)]
    out = bench_all(ids, args.players, args.seconds, args.peers_python, args.rounds)
    if args.json:
        # one game named: that game's figures (its peer beside, under "peers"); else every game
        _print_json({**out["games"][0], "peers": out["peers"]} if len(args.game or ()) == 1 else out)
    else:
        for r in out["games"]:
            print(f"{r['game']} ({r['players']} players): {r['games_per_s']} games/s, "
                  f"{r['steps_per_s']} steps/s over {r['seconds']} s (engine: every event, every check); "
                  f"per CPU second {r['games_per_cpu_s']} games, {r['steps_per_cpu_s']} steps")
            k = r.get("kernel")
            if k:
                same = {True: "yes", False: "NO - a kernel bug", None: "not compared (no game)"}[k["matches_engine"]]
                print(f"  random-play kernel: {k['games_per_s']} games/s, {k['steps_per_s']} steps/s "
                      f"({k['speedup']}x; per CPU second {k['games_per_cpu_s']} games, {k['steps_per_cpu_s']} steps); "
                      f"same {k['same_games']} games as the engine: {same}")
            if "peer" in r:
                p = out["peers"][r["peer"]]
                print(f"  peer {p['engine']}: {p['games_per_s']} games/s, {p['steps_per_s']} steps/s; "
                      f"ratio ({r['peer_unit']}) engine {r['ratio_to_peer']}"
                      + (f", kernel {r['kernel_ratio_to_peer']}" if "kernel_ratio_to_peer" in r else "")
                      + (f" (median of rounds {r['ratio_rounds']})" if "ratio_rounds" in r else ""))
        for name, p in out["peers"].items():
            if p is None:
                print(f"peer {name}: not installed (pass --peers-python or set KL_PEERS_PYTHON)")
    bad = any(r.get("kernel", {}).get("matches_engine") is False for r in out["games"])
    return 1 if bad else 0


def cmd_soak(args) -> int:
    ids = [args.game] if args.game else [g for g in GAMES if has_engine(g)]
    variant = {}
    for item in args.set or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise BadInput("--set", item, "ต้องเป็น ช่อง=ค่า", "expected FIELD=VALUE")
        variant[key] = json.loads(value) if value[:1] in "[{0123456789-" or value in ("true", "false", "null") else value
    if variant and not args.game:
        raise BadInput("--set", "--game", "ต้องระบุ --game เมื่อใช้ --set", "--set needs --game")
    if args.games < 1:
        raise BadInput("--games", "--games", "ต้องเป็นจำนวนเต็มบวก", f"expected a positive number of games, got {args.games}")
    if "players" in variant:  # --set players=N is --players N
        args.players = variant.pop("players")
    total_bad = 0
    for gid in ids:
        game = engine(gid)
        players = args.players or min(max(game.min_players, 4), game.max_players)
        game.make_config({"players": players, **variant}, source="--players/--set")  # refuse a bad config up front
        try:
            from tqdm import tqdm
            chunks = tqdm(range(0, args.games, 100), desc=gid, unit="×100 games", file=sys.stderr)
        except ImportError:  # tqdm is a dependency; this only guards odd environments
            chunks = range(0, args.games, 100)
        played = breaks = 0
        problems: list[str] = []
        for start in chunks:
            n = min(100, args.games - start)
            p, b, probs = random_games(game, players, n, seed=args.seed + start, variant=variant)
            played, breaks = played + p, breaks + b
            problems += probs
        total_bad += breaks + (args.games - played)
        print(f"{gid}: games {played}, players {players}, invariant breaks {breaks}"
              + (f" ({args.games - played} of {args.games} games did not finish)" if played < args.games else ""))
        for msg in problems[:10]:
            print(f"  {msg}")
    return 1 if total_bad else 0


def cmd_coverage(args) -> int:
    book = load_rulebook(args.game)
    counts: dict[str, int] = {}
    for c in book.clauses:
        counts[c.status] = counts.get(c.status, 0) + 1
    cited: set[str] = set()
    if has_engine(args.game):
        from .core.scenario import find_scenarios as fs
        from pathlib import Path
        root = Path(__file__).resolve().parents[1] / "data" / "scenarios" / args.game
        for p in fs(root) if root.exists() else []:
            try:
                res = run_file(p)
            except BadInput:
                continue
            for e in res.setup_events:  # what setup did, shown at step 0 of the scenario
                cited.update(e.cites)
            for s in res.steps:
                for e in s.events:
                    cited.update(e.cites)
    implemented = [c.id for c in book.clauses if c.status == "implemented"]
    out = {"game": args.game, "clauses": len(book.clauses), "by_status": counts,
           "implemented_cited_by_scenarios": sorted(set(implemented) & cited),
           "implemented_not_cited_by_scenarios": sorted(set(implemented) - cited)}
    if args.json:
        _print_json(out)
    else:
        print(f"{args.game}: {len(book.clauses)} clauses {counts}")
        print(f"  implemented and shown by a scenario: {len(out['implemented_cited_by_scenarios'])}")
        print(f"  implemented, no scenario cites them: {', '.join(out['implemented_not_cited_by_scenarios']) or '-'}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules", description="กติกาเล่นได้: rules engines")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("games"); p.add_argument("--json", action="store_true"); p.set_defaults(fn=cmd_games)
    p = sub.add_parser("clauses"); p.add_argument("game"); p.add_argument("--json", action="store_true")
    p.set_defaults(fn=cmd_clauses)
    p = sub.add_parser("scenario"); p.add_argument("action", choices=["run", "check"]); p.add_argument("path")
    p.add_argument("--json", action="store_true"); p.set_defaults(fn=cmd_scenario)
    p = sub.add_parser("bench", help="random-play speed of every game (or the ones named), peers beside")
    p.add_argument("game", nargs="*", help="game ids (default: every game with an engine)")
    p.add_argument("--players", type=int)
    p.add_argument("--peers-python", metavar="PATH",
                   help="an interpreter that has coupml / open_spiel (default $KL_PEERS_PYTHON)")
    p.add_argument("--seconds", type=float, default=5.0); p.add_argument("--json", action="store_true")
    p.add_argument("--rounds", type=int, default=1,
                   help="measure the games and their peers in turn this many times; ratios are the median")
    p.set_defaults(fn=cmd_bench)
    p = sub.add_parser("soak"); p.add_argument("--game"); p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--players", type=int); p.add_argument("--seed", type=int, default=0)
    p.add_argument("--set", action="append", metavar="FIELD=VALUE",
                   help="a config field (an ambiguity reading), e.g. --set examine_force=inquisitor_exchange")
    p.set_defaults(fn=cmd_soak)
    p = sub.add_parser("coverage"); p.add_argument("game"); p.add_argument("--json", action="store_true")
    p.set_defaults(fn=cmd_coverage)
    from .analysis.cli import add_commands
    add_commands(sub)
    args = ap.parse_args(argv)
    try:
        return args.fn(args)
    except BadInput as exc:
        return _error(exc, getattr(args, "json", False))
    except BrokenPipeError:  # the reader went away (e.g. `| head`): stop quietly, like other tools
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
