"""The side-by-side bench script runs (a benchmark, not a timed test: no speed is asserted)."""
import json

from rules.coup import bench_coupml


def test_bench_script_runs_without_coupml(capsys, monkeypatch):
    monkeypatch.delenv("COUPML_PYTHON", raising=False)
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)  # as if coupml were absent
    assert bench_coupml.main(["--seconds", "0.2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ours"]["games"] > 0 and out["ours"]["players"] == 4
    assert out["coupml"] is None and out["games_per_s_ratio"] is None
