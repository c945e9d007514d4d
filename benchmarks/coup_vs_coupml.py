"""Side-by-side speed of this engine and coupml (a Python Coup engine on PyPI), random 4-player games.

    python benchmarks/coup_vs_coupml.py [--seconds S] [--players P] [--json] [--coupml-python PATH]

(from the project root, with the project importable: ``PYTHONPATH=. python benchmarks/...``).
A benchmark beside the package, not part of it: ``rules`` never imports it.

All run uniformly random legal play with the full challenge and block windows for the same
number of seconds, one after the other in this run.  Ours is ``python -m rules bench coup``
(``rules.__main__.bench``): the engine (immutable states, every event with its clauses, every
action validated), then the random-play kernel (:mod:`rules.coup.kernel`), which plays the very
same games move for move without the log and is what the speed goal is measured on.  coupml is measured in this process when it is importable, else in
a subprocess of ``--coupml-python`` (or ``$COUPML_PYTHON``), an interpreter of a throwaway venv
that has it (coupml is not a project dependency).  Without either, only our number is printed
and coupml is reported as unavailable (exit status 0): the script runs only if coupml is
importable somewhere.

Note the two step counts differ in kind: coupml asks every seat in turn in each window (and
shuffles inside its dealer), we count every pass, reaction and shuffle chance node as a step.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

def coupml_bench(players: int, seconds: float, python: str | None) -> dict | None:
    """coupml's random-play speed, or ``None`` when coupml cannot be imported anywhere
    (:func:`rules.analysis.peers.run_peer`, the same peer ``python -m rules bench`` prints)."""
    from rules.analysis.peers import run_peer

    return run_peer("coupml", players, seconds, python)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python benchmarks/coup_vs_coupml.py", description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--coupml-python", default=os.environ.get("COUPML_PYTHON"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from rules.__main__ import bench

    ours = dict(bench("coup", args.players, args.seconds), engine="rules.coup")
    kern = ours.pop("kernel", None)
    theirs = coupml_bench(args.players, args.seconds, args.coupml_python)
    ratio = round(ours["games_per_s"] / theirs["games_per_s"], 2) if theirs else None
    kratio = round(kern["games_per_s"] / theirs["games_per_s"], 2) if theirs and kern else None
    result = {"ours": ours, "kernel": kern, "coupml": theirs, "games_per_s_ratio": ratio,
              "kernel_games_per_s_ratio": kratio,
              "steps_per_game": {"ours": round(ours["steps"] / max(ours["games"], 1), 1),
                                 "coupml": round(theirs["steps"] / max(theirs["games"], 1), 1) if theirs else None}}
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(f"rules.coup engine : {ours['games_per_s']} games/s, {ours['steps_per_s']} steps/s "
              f"({result['steps_per_game']['ours']} steps/game; every event built, every action validated)")
        if kern:
            print(f"rules.coup kernel : {kern['games_per_s']} games/s, {kern['steps_per_s']} steps/s "
                  f"(the same games: {kern['same_games']} compared, "
                  + ("identical)" if kern["matches_engine"] else "DIFFERENT - a kernel bug)"))
        if theirs:
            print(f"coupml            : {theirs['games_per_s']} games/s, {theirs['steps_per_s']} steps/s "
                  f"({result['steps_per_game']['coupml']} steps/game)")
            print(f"ratio engine / coupml: {ratio};  kernel / coupml: {kratio}  (goal: >= 2)")
        else:
            print("coupml            : not importable (pass --coupml-python or set COUPML_PYTHON)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
