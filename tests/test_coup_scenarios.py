"""Every Coup scenario file (the issue's eight rulings) runs and meets its expectations."""
from pathlib import Path

import pytest

from rules.core.scenario import find_scenarios, load_scenario, run_file

ROOT = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "coup"
FILES = find_scenarios(ROOT)


def test_one_file_per_ruling_and_per_reading():
    names = [p.name for p in FILES]
    for ruling in "12345678":
        assert any(n.startswith(ruling) for n in names), ruling
    readings = {load_scenario(p).setup.config.get("one_faction") for p in FILES if p.name.startswith("7")}
    assert readings == {"lift_restrictions", "waive_forced_coup", "deadlock"}
    assert len([n for n in names if n.startswith("8")]) == 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    res = run_file(path)
    assert res.ok, res.failures
    assert res.scenario.cites and res.steps


def test_a_wrong_expectation_fails(tmp_path):
    text = (ROOT / "5_foreign_aid_duke_block.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("players.0.coins: 4", "players.0.coins: 5"), encoding="utf-8")
    res = run_file(bad)
    assert not res.ok and any("players.0.coins" in f for f in res.failures)
