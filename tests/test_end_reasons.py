"""Why a game ended: ``score_breakdown(state)["end_reason"]`` (rules/core/README.md), game by game,
on real endings (a worked example or a seeded random game whose events show the cause), and the
analyzer's ``end_reason`` column reading it."""
import dataclasses
import random

import pytest

from rules.analysis import simulate
from rules.catalog import engine
from rules.core.play import playout
from rules.core.protocol import TERMINAL
from rules.core.rulebook import DATA, load_rulebook
from rules.core.scenario import run_file
from rules.core.testing import end_reason_problems, score_problems

SCENARIOS = DATA / "scenarios"


def final(path):
    """The last state of a worked example (it must be over)."""
    res = run_file(path)
    return res.steps[-1].state if res.steps else res.initial


def reason_of(game_id, state):
    game = engine(game_id)
    assert game.current_player(state) == TERMINAL
    reason = game.score_breakdown(state)["end_reason"]
    status = {c.id: c.status for c in load_rulebook(game_id).clauses}
    assert end_reason_problems(reason, True, status) == []
    return reason


@pytest.mark.parametrize("game_id, stem, expected, cites", [
    ("coup", "11_factions_and_last_player", "last_player", ["end.last_player", "intro.winner", "reformation.until_one"]),
    ("coup", "7c_one_faction_deadlock", "deadlock", ["actions.coup_forced", "reformation.same_faction"]),
    ("shadow_master", "final_count", "final_round", None),
    ("new_world", "4_tie_at_top_edinburgh_holder_not_tied", "all_tiles_placed", ["intro.goal"]),
    ("valeria", "6_seventh_plan_round_finished_tie_influence", "seventh_plan", ["end.trigger_and_scoring"]),
    ("toy_pig", "1_equal_turns_tie", "round_played_out", ["end.win"]),
])
def test_worked_example_endings(game_id, stem, expected, cites):
    reason = reason_of(game_id, final(SCENARIOS / game_id / f"{stem}.yaml"))
    assert reason["id"] == expected
    if cites is not None:
        assert reason["cites"] == cites


def test_shadow_master_final_round_names_its_trigger():
    """The example's step leaves 3 empty cells: its end_triggered event names end.three_empty, the
    state keeps it (``end_conditions``), and once greedy bots have played the last round the reason
    cites end.trigger_final_round and that condition.  (The final-count example sets the end by an
    override, so it cites the trigger clause only.)"""
    res = run_file(SCENARIOS / "shadow_master" / "end_three_empty_five_black.yaml")
    state = res.steps[-1].state
    fired = [e for step in res.steps for e in step.events if e.kind == "end_triggered"]
    assert [list(e.data["conditions"]) for e in fired] == [["end.three_empty"]]
    assert state.end_conditions == ("end.three_empty",)
    game = engine("shadow_master")
    from rules.shadow_master.bots import greedy_bot
    out = playout(game, state, random.Random(0), {s: greedy_bot for s in range(len(state.players))})
    reason = reason_of("shadow_master", out.state)
    assert reason["id"] == "final_round"
    assert reason["cites"] == ["end.trigger_final_round", "end.three_empty"]
    assert "3" in reason["en"] and "3" in reason["th"]
    override_only = reason_of("shadow_master", final(SCENARIOS / "shadow_master" / "final_count.yaml"))
    assert override_only["id"] == "final_round" and override_only["cites"] == ["end.trigger_final_round"]


def test_shadow_master_last_standing_and_round_cap():
    """Random 2-seat games end when a player goes bankrupt (its ``eliminated`` event, bankruptcy.out);
    greedy games under a 1-round safety stop end at the engine's cap (its ``round_cap`` event)."""
    game = engine("shadow_master")
    out = playout(game, game.new_game(game.make_config({"players": 2}), 3), random.Random(3))
    assert out.finished
    assert reason_of("shadow_master", out.state)["id"] == "last_standing"
    assert [e.kind for e in out.events].count("eliminated") == 1
    from rules.shadow_master.bots import greedy_bot
    capped = playout(game, game.new_game(game.make_config({"players": 2, "max_rounds": 1}), 3), random.Random(3),
                     {0: greedy_bot, 1: greedy_bot})
    assert capped.finished and "round_cap" in [e.kind for e in capped.events]
    reason = reason_of("shadow_master", capped.state)
    assert reason["id"] == "round_cap" and "not a rule" in reason["en"]


def test_valeria_plans_exhausted():
    """With the battle-plan deck and row emptied, the round is finished and the game ends for that
    reason (ambiguity plans_exhausted), not for a 7th plan."""
    game = engine("valeria")
    state = game.new_game(game.make_config({"players": 2}), 4)
    state = dataclasses.replace(state, plan_deck=(), plan_row=tuple(None for _ in state.plan_row))
    out = playout(game, state, random.Random(4))
    assert out.finished
    assert "end_triggered" in [e.kind for e in out.events]
    assert max(len(p.plans) for p in out.state.players) < 7
    reason = reason_of("valeria", out.state)
    assert reason["id"] == "plans_exhausted"
    assert reason["cites"] == ["end.trigger_and_scoring", "setup.battle_plan_row"]


def test_toy_pig_target_reached_at_once():
    game = engine("toy_pig")
    out = playout(game, game.new_game(game.make_config({"players": 2}), 1), random.Random(1))
    assert out.finished and max(out.state.scores) >= out.state.config.target
    assert reason_of("toy_pig", out.state)["id"] == "target_reached"


@pytest.mark.parametrize("game_id", ["coup", "shadow_master", "new_world", "valeria", "toy_pig"])
def test_end_reason_is_none_until_the_end(game_id):
    game = engine(game_id)
    state = game.new_game(game.default_config(game.min_players), 0)
    assert game.score_breakdown(state)["end_reason"] is None
    assert score_problems(game, state, game.min_players) == []


def test_simulate_reads_the_engines_reason():
    """The analyzer's column is the engine's id (no more guessing from the last event's kind)."""
    df = simulate("coup", 200, "random", {"players": 3, "reformation": True, "one_faction": "deadlock"},
                  seed=0, workers=1, progress=False)
    counts = df["end_reason"].value_counts().to_dict()
    assert set(counts) == {"last_player", "deadlock"}
    assert counts["deadlock"] == int((df["n_winners"] == 0).sum()) > 0
    pig = simulate("toy_pig", 20, "random", {"players": 2, "end_timing": "equal_turns"}, seed=0, workers=1,
                   progress=False)
    assert set(pig["end_reason"]) == {"round_played_out"}


def test_end_reason_problems_catch_bad_shapes():
    status = {"end.win": "implemented", "end.todo": "missing"}
    good = {"id": "target_reached", "th": "ถึงเป้า", "en": "reached", "cites": ["end.win"]}
    assert end_reason_problems(good, True, status) == []
    assert end_reason_problems(None, False, status) == []
    assert end_reason_problems(good, False, status)  # named before the end
    assert end_reason_problems(None, True, status)  # missing at the end
    assert end_reason_problems({**good, "id": "Target Reached"}, True, status)
    assert end_reason_problems({**good, "en": ""}, True, status)
    assert end_reason_problems({**good, "cites": []}, True, status)
    assert end_reason_problems({**good, "cites": ["end.nope"]}, True, status)
    assert end_reason_problems({**good, "cites": ["end.todo"]}, True, status)
    assert end_reason_problems({k: v for k, v in good.items() if k != "cites"}, True, status)
