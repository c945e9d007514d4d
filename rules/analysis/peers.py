"""Peers for ``python -m rules bench``: other engines' random-play speed, measured in the same run.

* ``coupml`` (a Python Coup engine on PyPI): random 4-player Coup games, games/s and steps/s;
* OpenSpiel's ``hex`` through its Python API (``pyspiel``): random play of the 11x11 board, steps/s
  (a reference for our hex-board games' engines; the games differ, so the ratio says how far one
  step of ours is from one step of a C++ engine seen through Python, not which rules are faster).

Neither is a project dependency.  Each runs in this process when importable, else in a subprocess
of ``python`` (the ``--peers-python`` option, or ``$KL_PEERS_PYTHON`` / ``$COUPML_PYTHON``): an
interpreter of a throwaway venv that has them, e.g. ``python -m venv /tmp/peers &&
/tmp/peers/bin/pip install coupml open_spiel``.  A peer that cannot be imported anywhere is
``None`` (the bench says "not installed").  Every result: ``{engine, players, games, steps,
seconds, games_per_s, steps_per_s}``.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess

COUPML = r"""
import json, random, sys, time
from coupml import Coup

class Rng:  # coupml wants numpy-like choice(list|int) and shuffle(list)
    def __init__(self, seed):
        self.r = random.Random(seed)
    def choice(self, xs):
        if isinstance(xs, int):
            return self.r.randrange(xs)
        xs = list(xs)
        return xs[self.r.randrange(len(xs))]
    def shuffle(self, xs):
        self.r.shuffle(xs)

def run(players, seconds, seed=0):
    rng = Rng(seed)
    games = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        game = Coup(players, rng)
        game.init_game()
        while not game.is_game_over():
            game.play_action(rng.choice(game.get_legal_actions()))
            steps += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"engine": "coupml", "players": players, "games": games, "steps": steps, "seconds": round(dt, 3),
            "games_per_s": round(games / dt, 2), "steps_per_s": round(steps / dt, 1)}

if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]), float(sys.argv[2]))))
"""

OPENSPIEL_HEX = r"""
import json, random, sys, time
import pyspiel

def run(players, seconds, seed=0):
    game = pyspiel.load_game("hex")
    rng = random.Random(seed)
    games = steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"engine": "open_spiel hex 11x11 (pyspiel)", "players": 2, "games": games, "steps": steps,
            "seconds": round(dt, 3), "games_per_s": round(games / dt, 2), "steps_per_s": round(steps / dt, 1)}

if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]), float(sys.argv[2]))))
"""

PEERS = {"coupml": ("coupml", COUPML), "open_spiel_hex": ("pyspiel", OPENSPIEL_HEX)}
"""peer name -> (module it needs, the script that measures it)."""

FOR_GAME = {"coup": "coupml", "shadow_master": "open_spiel_hex", "new_world": "open_spiel_hex"}
"""Which peer is printed beside which of our games."""


def peer_python(python: str | None = None) -> str | None:
    """The interpreter that has the peers: ``python``, else ``$KL_PEERS_PYTHON``, else ``$COUPML_PYTHON``."""
    return python or os.environ.get("KL_PEERS_PYTHON") or os.environ.get("COUPML_PYTHON")


def run_peer(name: str, players: int, seconds: float, python: str | None = None) -> dict | None:
    """Random-play speed of peer ``name`` (a key of :data:`PEERS`) for ``seconds``, or ``None``
    when it cannot be imported here nor by ``peer_python(python)``."""
    module, script = PEERS[name]
    if importlib.util.find_spec(module) is not None:
        scope: dict = {"__name__": f"peer_{name}"}
        exec(script, scope)
        return scope["run"](players, seconds)
    python = peer_python(python)
    if not python:
        return None
    try:
        out = subprocess.run([python, "-c", script, str(players), str(seconds)], capture_output=True,
                             text=True, timeout=seconds * 10 + 120, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])
