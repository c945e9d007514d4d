"""Shadow Kingdoms of Valeria: the data, bad input, readings, bots, and many random games.

The conformance harness runs from ``tests/test_api.py``; the worked rulings are the scenario files
of ``data/scenarios/valeria`` (``tests`` of every scenario run them too)."""
from __future__ import annotations

import itertools
import random
import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from rules.core.play import choose_action
from rules.core.protocol import TERMINAL, BadInput, IllegalAction
from rules.core.scenario import find_scenarios, parse_scenario, run_file, run_scenario
from rules.core.testing import random_games
from rules.valeria import GAME
from rules.valeria.bots import BOTS
from rules.valeria.config import ANY, PLANS_TO_END, TROOPS
from rules.valeria.data import FOLDER, load, load_folder
from rules.valeria.dice import completable, deficit, discount

THAI = re.compile(r"[\u0E00-\u0E7F]")
SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "valeria"


# ---------------------------------------------------------------- data
def test_data_is_sized_like_the_game_and_marked_assumed():
    d = load()
    assert len(d.plans) == 48 and len(d.champions) == 61 and len(d.awards) == 15 and len(d.maps) == 5
    assert all(len(m.sides) == 2 for m in d.maps.values())
    assert sum(t.circles for t in d.tracks.values()) == 10
    assert {a.pile for a in d.awards.values()} == {"left", "centre", "right"}
    assert {c.timing for c in d.champions.values()} == {"instant", "ongoing", "end_game"}
    assert set(d.discount) == {1, 2, 3, 4, 5, 6} and d.discount[6] == 0
    for f in FOLDER.glob("*.yaml"):
        if f.name != "ambiguities.yaml":
            assert yaml.safe_load(f.read_text(encoding="utf-8"))["assumed"] is True, f


def _broken_copy(tmp_path, name, change):
    folder = tmp_path / "valeria"
    shutil.copytree(FOLDER, folder)
    doc = yaml.safe_load((folder / name).read_text(encoding="utf-8"))
    change(doc)
    (folder / name).write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return folder


BAD_DATA = {
    "unknown_effect": ("champions.yaml", lambda d: d["cards"][0]["effects"].__setitem__(0, {"kind": "teleport", "amount": 1}),
                       "cards.0.effects.0"),
    "unmeetable_plan": ("battle_plans.yaml", lambda d: d["cards"][3].__setitem__("requires", {"orc": 4, "gnoll": 2}),
                        "cards.3.requires"),
    "chain_not_neighbours": ("maps.yaml", lambda d: d["maps"][0]["sides"][0]["chains"][0].__setitem__("between", ["a", "i"]),
                             "maps.0.sides.0.chains.0.between"),
    "chain_unknown_space": ("maps.yaml", lambda d: d["maps"][1]["sides"][1]["chains"][2].__setitem__("between", ["a", "z"]),
                            "maps.1.sides.1.chains.2.between"),
    "unknown_bonus": ("maps.yaml", lambda d: d["maps"][0]["sides"][0]["chains"][0].__setitem__("bonus", "dragon"),
                      "maps.0.sides.0.chains.0.bonus"),
}


@pytest.mark.parametrize("case", sorted(BAD_DATA))
def test_bad_card_or_map_file_names_file_and_field(tmp_path, case):
    name, change, field = BAD_DATA[case]
    before = load()
    folder = _broken_copy(tmp_path, name, change)
    with pytest.raises(BadInput) as info:
        load_folder(folder)
    err = info.value
    assert err.source == str(folder / name)
    assert err.field.startswith(field), err.field
    assert THAI.search(err.message_th) and not THAI.search(err.message_en)
    assert load() is before  # nothing half-loaded: the engine's data is untouched


def _scenario(overrides, steps=(), config=None):
    return parse_scenario({"game": "valeria", "title_th": "ทดสอบ", "title_en": "test",
                           "setup": {"config": config or {"players": 2}, "seed": 1, "overrides": overrides},
                           "steps": list(steps)}, "<test>")


def test_a_die_in_a_full_troop_slot_is_refused_naming_the_field():
    s = GAME.new_game(GAME.default_config(2), 1)
    before = GAME.state_to_json(s)
    with pytest.raises(BadInput) as info:
        GAME.apply_overrides(s, {"players": {0: {"troops": ["orc1", "orc2", "orc3", "gnoll4"]}}})
    assert info.value.field == "setup.overrides.players.0.troops"
    assert "dice.troops" in info.value.message_en and THAI.search(info.value.message_th)
    assert GAME.state_to_json(s) == before
    with pytest.raises(BadInput):
        run_scenario(_scenario({"players": {0: {"troops": ["orc1", "orc2", "orc3", "gnoll4"]}}}))


@pytest.mark.parametrize("overrides,field", [
    ({"players": {0: {"troops": ["dragon6"]}}}, "setup.overrides.players.0.troops.0"),
    ({"players": {0: {"reserve": ["plan99"]}}}, "setup.overrides.players.0.reserve.0"),
    ({"shrines": {"moon": []}}, "setup.overrides.shrines.moon"),
    ({"players": {7: {"gold": 1}}}, "setup.overrides.players.7"),
    ({"gem_shrine": 11}, "setup.overrides.gem_shrine"),
    ({"weather": 1}, "setup.overrides.weather"),
])
def test_bad_overrides(overrides, field):
    s = GAME.new_game(GAME.default_config(2), 1)
    with pytest.raises(BadInput) as info:
        GAME.apply_overrides(s, overrides)
    assert info.value.field == field


def test_every_scenario_passes():
    paths = find_scenarios(SCENARIOS)
    assert len(paths) >= 10
    for p in paths:
        res = run_file(p)
        assert res.ok, (p.name, res.failures)


# ---------------------------------------------------------------- rules, properties
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TROOPS), st.integers(1, 6)), max_size=5),
       st.lists(st.sampled_from(TROOPS + (ANY,)), min_size=1, max_size=4), st.integers(0, 3))
def test_completable_agrees_with_brute_force(troops, slots, gems):
    """Some assignment of distinct dice to the slots with at most ``gems`` wild (off-type) dice."""
    def brute():
        for perm in itertools.permutations(range(len(troops)), len(slots)):
            wild = sum(1 for t, i in zip(slots, perm) if t != ANY and troops[i][0] != t)
            if wild <= gems:
                return True
        return False
    assert completable(troops, slots, gems) == brute()
    assert (deficit(troops, slots) == 99) == (len(slots) > len(troops))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(load().champions)), st.integers(0, 4), st.integers(1, 6),
       st.sampled_from(["floor_zero", "printed_only"]))
def test_champion_price_never_negative(cid, owned, face, floor):
    from rules.valeria import champions
    from rules.valeria.state import Player
    cfg = GAME.make_config({"players": 2, "discount_floor": floor})
    same = [c for c, v in load().champions.items() if v.timing == load().champions[cid].timing and c != cid][:owned]
    p = Player("map1", champions=tuple(same))
    cost = champions.price(p, cid, discount(face, cfg), cfg)
    base = load().champions[cid].price
    assert cost >= 0
    if floor == "floor_zero":
        assert cost == max(0, base + owned - discount(face, cfg))


def test_discount_of_a_six_is_zero_in_every_reading():
    for r in ("assumed_table", "half_gap"):
        assert discount(6, GAME.make_config({"players": 2, "discount_table": r})) == 0


def test_scores_are_the_sum_of_score_events():
    for seed in range(5):
        rng = random.Random(seed)
        s = GAME.new_game(GAME.default_config(3), seed)
        got = [0, 0, 0]
        while GAME.current_player(s) != TERMINAL:
            tr = GAME.apply(s, choose_action(GAME, s, None, rng))
            for e in tr.events:
                if e.kind == "score":
                    got[e.actor] += e.data["vp"]
            s = tr.state
        assert got == [p.vp for p in s.players]
        assert GAME.score_breakdown(s)["seats"][0]["total"] == got[0]


def test_explain_names_the_clause_in_a_battle():
    res = run_file(SCENARIOS / "1_strength_capped_by_influence.yaml")
    s = res.steps[4].state  # all three dice assigned: the adjust step, no gems
    why = GAME.explain_illegal(s, {"player": 0, "type": "flip", "slot": 0})
    assert isinstance(why, IllegalAction) and why.clause == "battle.assign_troops"
    why = GAME.explain_illegal(s, {"player": 1, "type": "fight"})
    assert why.clause == "turn.warden_move"


# ---------------------------------------------------------------- readings
def _play(config, seed=0, players=2):
    rng = random.Random(seed)
    s = GAME.new_game(GAME.make_config({"players": players, **config}), seed)
    log = []
    for _ in range(30000):
        if GAME.current_player(s) == TERMINAL:
            return s, log
        tr = GAME.apply(s, choose_action(GAME, s, None, rng))
        log += tr.events
        s = tr.state
    raise AssertionError("not finished")


def test_forbidden_reading_refuses_a_shrine_with_full_troops():
    sc = _scenario({"turn": 0, "players": {0: {"side": 0, "troops": ["orc1", "orc2", "orc3"]}, 1: {"side": 0}},
                    "shrines": {"gem": ["gnoll1"], "magic": ["gnoll2"], "champion": ["gnoll3"], "gold": ["gnoll4"],
                                "tactics": ["gnoll5"]}},
                   [{"action": {"player": 0, "type": "enter", "shrine": "gem"}, "expect_error": "dice.troops"}],
                   {"players": 2, "troop_slots_full": "forbidden"})
    res = run_scenario(sc)
    assert res.ok, res.failures


@pytest.mark.parametrize("config,kind", [
    ({"shrine_refill": "when_shrine_empty"}, "refill"),
    ({"shrine_refill": "end_of_round"}, "refill"),
    ({"influence_spent_in_battle": "spent"}, "influence_spent"),
    ({"award_claims": "taken"}, "card_drawn"),
])
def test_readings_change_play(config, kind):
    _, log = _play(config, seed=3)
    assert any(e.kind == kind for e in log)


def test_excess_influence_reading_scores_at_the_end():
    s, log = _play({"excess_influence_scoring": "end_game_excess"}, seed=4)
    scored = [e for e in log if e.kind == "score" and "intro.goal" in e.cites]
    for e in scored:
        assert e.data["vp"] == s.players[e.actor].influence - 10


def test_stepped_chart_gives_band_vp():
    from rules.valeria.battle import vp_for
    cfg = GAME.make_config({"players": 2, "vp_conversion_table": "stepped"})
    assert [vp_for(x, cfg) for x in (0, 4, 5, 12, 20)] == [1, 1, 2, 6, 12]
    assert vp_for(12, GAME.default_config(2)) == 12


# ---------------------------------------------------------------- bots and random games
def test_greedy_bot_beats_random_and_games_end_by_the_seventh_plan():
    wins, games = 0, 16
    for seed in range(games):
        g = seed % 2
        rng = random.Random(seed)
        s = GAME.new_game(GAME.default_config(2), seed)
        policies = {g: BOTS["greedy"], 1 - g: BOTS["random"]}
        for _ in range(5000):
            if GAME.current_player(s) == TERMINAL:
                break
            s = GAME.apply(s, choose_action(GAME, s, policies, rng)).state
        assert GAME.current_player(s) == TERMINAL, f"seed {seed} hit the step cap"
        assert max(len(p.plans) for p in s.players) == PLANS_TO_END, "ended by the 7th-plan rule"
        wins += g in s.winners
    assert wins >= 0.8 * games, wins


def test_a_thousand_random_four_player_games_keep_every_invariant():
    finished, breaks, problems = random_games(GAME, 4, 1000, seed=11)
    assert finished == 1000 and breaks == 0, problems


@pytest.mark.parametrize("players", [1, 2, 5])
def test_random_games_at_every_player_count(players):
    finished, breaks, problems = random_games(GAME, players, 30, seed=players)
    assert finished == 30 and breaks == 0, problems
