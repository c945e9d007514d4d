"""The side-by-side bench script ``benchmarks/coup_vs_coupml.py`` runs (a benchmark, not a timed
test: no speed is asserted).  It lives outside the package: loaded here by path."""
import importlib.util
import json
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "coup_vs_coupml", Path(__file__).resolve().parents[1] / "benchmarks" / "coup_vs_coupml.py")
bench_coupml = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(bench_coupml)


def test_the_package_does_not_ship_the_comparison():
    import rules.coup

    assert not (Path(rules.coup.__file__).parent / "bench_coupml.py").exists()


def test_bench_script_runs_without_coupml(capsys, monkeypatch):
    monkeypatch.delenv("COUPML_PYTHON", raising=False)
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)  # as if coupml were absent
    assert bench_coupml.main(["--seconds", "0.2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ours"]["games"] > 0 and out["ours"]["players"] == 4
    assert out["coupml"] is None and out["games_per_s_ratio"] is None
    assert out["kernel"]["matches_engine"] is True and out["kernel"]["games"] > 0
    assert out["kernel_games_per_s_ratio"] is None


FAKE_COUPML = '''
class Coup:  # a stand-in with coupml's interface: every game is 3 random steps
    def __init__(self, players, rng):
        self.rng, self.left = rng, 3
    def init_game(self):
        pass
    def is_game_over(self):
        return self.left == 0
    def get_legal_actions(self):
        return [0, 1]
    def play_action(self, action):
        self.left -= 1
'''


def test_bench_script_measures_coupml_in_a_subprocess(tmp_path, capsys, monkeypatch):
    """The side-by-side path: coupml (here a stand-in module) runs in ``--coupml-python``'s process and
    both ratios are computed from the two measurements."""
    import sys

    (tmp_path / "coupml.py").write_text(FAKE_COUPML)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)  # not importable here
    assert bench_coupml.main(["--seconds", "0.2", "--json", "--coupml-python", sys.executable]) == 0
    out = json.loads(capsys.readouterr().out)
    theirs = out["coupml"]
    assert theirs["engine"] == "coupml" and theirs["steps"] == 3 * theirs["games"] > 0
    assert out["games_per_s_ratio"] == round(out["ours"]["games_per_s"] / theirs["games_per_s"], 2)
    assert out["kernel_games_per_s_ratio"] == round(out["kernel"]["games_per_s"] / theirs["games_per_s"], 2)


FAKE_PYSPIEL = '''
class _State:
    def __init__(self):
        self.left = 5
    def is_terminal(self):
        return self.left == 0
    def legal_actions(self):
        return [0, 1, 2]
    def apply_action(self, a):
        self.left -= 1
class _Game:
    def new_initial_state(self):
        return _State()
def load_game(name):
    assert name == "hex"
    return _Game()
'''


def test_rules_bench_prints_every_game_with_its_peer_beside(tmp_path, capsys, monkeypatch):
    """``python -m rules bench`` with no game: every game, and the peers (stand-ins here, in the
    ``--peers-python`` subprocess) measured in the same run with the ratios computed from them."""
    import sys

    from rules.__main__ import main

    (tmp_path / "coupml.py").write_text(FAKE_COUPML)
    (tmp_path / "pyspiel.py").write_text(FAKE_PYSPIEL)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    assert main(["bench", "--seconds", "0.05", "--json", "--peers-python", sys.executable]) == 0
    out = json.loads(capsys.readouterr().out)
    from rules import GAMES
    from rules.catalog import has_engine
    assert [g["game"] for g in out["games"]] == [g for g in GAMES if has_engine(g)]
    assert out["peers"]["coupml"]["steps"] == 3 * out["peers"]["coupml"]["games"] > 0
    assert out["peers"]["open_spiel_hex"]["steps"] == 5 * out["peers"]["open_spiel_hex"]["games"] > 0
    by = {g["game"]: g for g in out["games"]}
    assert by["coup"]["ratio_to_peer"] == round(by["coup"]["games_per_s"] / out["peers"]["coupml"]["games_per_s"], 2)
    sm = by["shadow_master"]
    assert sm["peer"] == "open_spiel_hex" and sm["peer_unit"] == "steps_per_s"
    assert sm["ratio_to_peer"] == round(sm["steps_per_s"] / out["peers"]["open_spiel_hex"]["steps_per_s"], 2)
    assert "peer" not in by["valeria"]


def test_rules_bench_says_when_a_peer_is_not_installed(capsys, monkeypatch):
    from rules.__main__ import main

    for var in ("KL_PEERS_PYTHON", "COUPML_PYTHON"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    assert main(["bench", "coup", "--seconds", "0.05"]) == 0
    text = capsys.readouterr().out
    assert "coup (4 players):" in text and "peer coupml: not installed" in text


def test_bench_rounds_take_the_median_of_the_rounds_ratios(monkeypatch):
    """``bench_all(..., rounds=3)`` measures the game and its peer in turn three times and reports the
    median of the three ratios (and the three), not the ratio of one engine run to one peer run."""
    import rules.__main__ as cli
    from rules.analysis import peers

    ours = iter([100.0, 300.0, 200.0])
    theirs = iter([100.0, 100.0, 100.0])
    monkeypatch.setattr(cli, "bench", lambda g, players, seconds: {
        "game": g, "players": 4, "games_per_s": next(ours), "steps_per_s": 1.0,
        "kernel": {"games_per_s": 400.0, "steps_per_s": 1.0}})
    monkeypatch.setattr(peers, "run_peer", lambda name, n, seconds, python: {
        "engine": name, "games_per_s": next(theirs), "steps_per_s": 1.0})
    out = cli.bench_all(["coup"], None, 0.1, None, rounds=3)
    coup = out["games"][0]
    assert coup["ratio_rounds"] == [1.0, 3.0, 2.0] and coup["ratio_to_peer"] == 2.0
    assert coup["kernel_ratio_rounds"] == [4.0, 4.0, 4.0] and coup["kernel_ratio_to_peer"] == 4.0
