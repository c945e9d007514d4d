"""Every Shadow Master scenario file plays and meets its expectations (and can fail)."""
from pathlib import Path

import pytest
import yaml

from rules.core.rulebook import load_rulebook
from rules.core.scenario import find_scenarios, load_scenario, run_file, run_scenario

ROOT = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "shadow_master"
FILES = find_scenarios(ROOT)


def test_the_issue_cases_are_all_there():
    names = {p.stem for p in FILES}
    assert {"attack_full_force", "attack_tempo", "attack_first_strike", "attack_siege", "three_fronts",
            "alliance_attack", "siege_collapse_deposits", "castle_capture", "bankruptcy_forced_sale",
            "bankruptcy_out", "rank_cells_not_tokens", "rank_odd_row_diagonal"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path):
    res = run_file(path)
    assert res.ok, res.failures
    ids = load_rulebook("shadow_master").ids
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert set(data["cites"]) <= ids


def test_a_wrong_expectation_fails():
    sc = load_scenario(ROOT / "attack_full_force.yaml")
    bad = sc.model_copy(update={"expect": sc.expect.model_copy(update={"state": {"players.1.cash": 8}})})
    res = run_scenario(bad, "mutated")
    assert not res.ok and any("players.1.cash" in f for f in res.failures)
