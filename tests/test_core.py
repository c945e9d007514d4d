"""The core: protocol defaults, chance, save/load, scenarios, the conformance harness, the CLI."""
import json
import random

import pytest

from rules.core import saveload
from rules.core.chance import sample_chance, shuffled, weighted_choice
from rules.core.protocol import BadInput, Event, IllegalAction
from rules.core.scenario import load_scenario, run_scenario, parse_scenario
from rules.core.testing import conformance

from .toygame import install

GAME = install()


def _scenario(tmp_path, text, name="s.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_event_redaction():
    e = Event("draw", 1, {"card": "duke"}, ("x.y",), visible_to=frozenset({1}))
    assert e.to_json(1)["data"] == {"card": "duke"}
    assert e.to_json(0)["data"] == {} and e.to_json(0)["hidden"]
    assert e.to_json(None)["hidden"]


def test_chance_helpers_are_seeded():
    outs = [("a", 0.5), ("b", 0.5)]
    assert [weighted_choice(outs, random.Random(3)) for _ in range(5)] == \
           [weighted_choice(outs, random.Random(3)) for _ in range(5)]
    assert sorted(shuffled(range(10), random.Random(1))) == list(range(10))
    s = GAME.new_game(GAME.default_config(2), 0)
    s = GAME.apply(s, {"player": 0, "type": "roll"}).state
    assert sample_chance(GAME, s, random.Random(0))["chance"] == "die"


def test_config_errors_name_the_field():
    with pytest.raises(BadInput) as e:
        GAME.make_config({"players": 9})
    assert e.value.field == "players" and "ผู้เล่น" in str(e.value)
    with pytest.raises(BadInput) as e:
        GAME.make_config({"players": "many"})
    assert e.value.field == "players"


def test_save_load_round_trip_and_errors():
    cfg = GAME.default_config(2)
    actions = [{"player": 0, "type": "roll"}, {"chance": "die", "value": 5}, {"player": 0, "type": "hold"}]
    text = saveload.dumps(GAME, cfg, 4, actions)
    rp = saveload.loads(text)
    assert GAME.state_to_json(rp.state)["scores"] == [5, 0]
    assert len(rp.transitions) == 3
    bad = json.loads(text)
    bad["actions"][2] = {"player": 1, "type": "hold"}
    with pytest.raises(BadInput) as e:
        saveload.loads(json.dumps(bad), "game.json")
    assert e.value.field == "actions[2]" and e.value.source == "game.json"
    assert "ผิดกติกา" in e.value.message_th and "illegal" in e.value.message_en
    for mutate, field in [(lambda d: d.pop("seed"), "seed"),
                          (lambda d: d.update(schema_version=99), "schema_version"),
                          (lambda d: d.update(game="chess"), "game")]:
        d = json.loads(text)
        mutate(d)
        with pytest.raises(BadInput) as e:
            saveload.loads(json.dumps(d), "g.json")
        assert e.value.field == field
    with pytest.raises(BadInput) as e:
        saveload.loads("{not json", "g.json")
    assert e.value.field == "<json>"


SCENARIO = """
game: toy_pig
title_th: ทอยแล้วเก็บ
title_en: Roll then hold
cites: [play.hold]
setup: {config: {players: 2, target: 10}, seed: 1, overrides: {scores: [4, 0]}}
steps:
  - action: {player: 1, type: roll}
    expect_error: setup.order
  - action: {player: 0, type: roll}
  - action: {chance: die, value: 6}
    expect_events: [{kind: rolled, cites: [play.roll], data: {value: 6}}]
  - action: {player: 0, type: hold}
expect:
  state: {scores: [10, 0], winners: [0]}
  events: [{kind: hold, actor: 0, data: {banked: 6}}, {kind: game_over, cites: [end.win]}]
  current_player: terminal
  returns: [1.0, 0.0]
"""


def test_scenario_passes_and_reports(tmp_path):
    res = run_scenario(load_scenario(_scenario(tmp_path, SCENARIO)))
    assert res.ok, res.failures
    out = res.to_json(GAME)
    assert out["final"]["scores"] == [10, 0]
    assert out["steps"][0]["error"]["clause"] == "setup.order"
    assert [e["kind"] for e in out["steps"][3]["events"]] == ["hold", "game_over"]


def test_scenario_detects_a_wrong_expectation(tmp_path):
    res = run_scenario(load_scenario(_scenario(tmp_path, SCENARIO.replace("[10, 0], winners: [0]", "[9, 0], winners: [0]"))))
    assert not res.ok and "scores" in res.failures[0]
    assert "คาดว่า" in res.failures[0]  # failures read in Thai and English
    res = run_scenario(load_scenario(_scenario(tmp_path, SCENARIO.replace("value: 6}}]", "value: 5}}]"))))
    assert not res.ok and "rolled" in res.failures[0]


@pytest.mark.parametrize("patch,field", [
    (("title_en: Roll then hold\n", ""), "title_en"),
    (("cites: [play.hold]", "cites: [play.nope]"), "cites[0]"),
    (("- action: {player: 0, type: roll}", "- action: {type: roll}"), "steps[1].action"),
    (("seed: 1", "seed: one"), "setup.seed"),
    (("game: toy_pig", "game: chess"), "game"),
    (("overrides: {scores: [4, 0]}", "overrides: {coins: 3}"), "setup.overrides.coins"),
])
def test_malformed_scenarios_name_the_field(tmp_path, patch, field):
    p = _scenario(tmp_path, SCENARIO.replace(*patch))
    with pytest.raises(BadInput) as e:
        run_scenario(load_scenario(p), str(p))
    assert e.value.field == field, str(e.value)
    assert str(p) in str(e.value) or e.value.source.startswith(str(p))


def test_conformance_harness_passes_toy_and_catches_a_mutating_game():
    rep = conformance(GAME, players=2, games=5)
    assert rep.ok, rep.problems
    assert rep.finished == 5 and rep.steps > 20

    class Leaky(type(GAME)):
        def observe(self, s, viewer):
            return dict(super().observe(s, viewer), all_secrets=list(s.secrets))

    rep = conformance(Leaky(), players=2, games=1, max_steps=20)
    assert any("leak" in p for p in rep.problems)

    class BadCite(type(GAME)):
        def apply(self, s, a):
            tr = super().apply(s, a)
            return type(tr)(tr.state, tuple(Event(e.kind, e.actor, e.data, ("toy.missing",)) for e in tr.events))

    rep = conformance(BadCite(), players=2, games=1, max_steps=20)
    assert any("unknown clause" in p for p in rep.problems)


def test_the_harness_asks_words_for_every_phase_source_and_end_reason():
    """The analyzer shows a game's phases, score sources and end reasons in the engine's words
    (``id_labels``): a game that leaves one out fails conformance, naming it."""
    class Unnamed(type(GAME)):
        id_labels = {**GAME.id_labels, "phase": {k: v for k, v in GAME.id_labels["phase"].items() if k != "roll"},
                     "source": {}, "end_reason": {"target_reached": ("", "")}}

    rep = conformance(Unnamed(), players=2, games=2, max_steps=400)
    found = " ".join(rep.problems)
    assert "phase 'roll' has no (th, en) label" in found and "source 'banked' has no (th, en) label" in found
    assert "end_reason 'target_reached' has no (th, en) label" in found


def test_illegal_action_carries_clause_and_both_languages():
    s = GAME.new_game(GAME.default_config(2), 0)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, {"player": 1, "type": "hold"})
    assert e.value.clause == "setup.order" and e.value.message_th and e.value.message_en


def test_cli_games_and_scenario_contract(tmp_path, capsys):
    from rules.__main__ import main
    assert main(["games", "--json"]) == 0
    games = json.loads(capsys.readouterr().out)
    assert [g["id"] for g in games] == ["shadow_master", "valeria", "coup", "new_world"]
    assert set(games[0]) == {"id", "title_th", "title_en", "seed_file"}
    p = _scenario(tmp_path, SCENARIO)
    assert main(["scenario", "run", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and set(out) >= {"ok", "steps", "final", "failures"}
    assert set(out["steps"][2]["events"][0]) == {"kind", "actor", "cites", "data", "visible_to"}
    assert out["steps"][2]["events"][0]["visible_to"] == "public"
    bad = _scenario(tmp_path, SCENARIO.replace("[10, 0], winners: [0]", "[9, 0], winners: [0]"), "bad.yaml")
    assert main(["scenario", "run", str(bad), "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["failures"]
    broken = _scenario(tmp_path, "game: toy_pig\nsteps: 3\n", "broken.yaml")
    assert main(["scenario", "run", str(broken), "--json"]) == 2
    err = json.loads(capsys.readouterr().out)["error"]
    assert err["field"] == "title_th" and err["message_th"] and err["message_en"]
    (tmp_path / "more").mkdir()
    _scenario(tmp_path / "more", SCENARIO, "a.yaml")
    assert main(["scenario", "check", str(tmp_path / "more")]) == 0
    assert "1/1 scenarios pass" in capsys.readouterr().out
    assert main(["scenario", "check", str(tmp_path)]) == 1
    capsys.readouterr()
    assert main(["bench", "toy_pig", "--seconds", "0.2", "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    assert b["game"] == "toy_pig" and b["games_per_s"] > 0 and b["steps_per_s"] > 0


def test_conformance_catches_a_cite_of_a_clause_not_implemented():
    import dataclasses
    from rules.catalog import register
    from rules.core.rulebook import register_rulebook
    from .toygame import RULEBOOK

    class Pending(type(GAME)):
        id = "toy_pending"

    clauses = tuple(dataclasses.replace(c, status="pending") if c.id == "play.roll" else c
                    for c in RULEBOOK.clauses)
    register_rulebook(dataclasses.replace(RULEBOOK, game="toy_pending", clauses=clauses))
    game = Pending()
    register(game)
    rep = conformance(game, players=2, games=1, max_steps=30)
    assert any("play.roll whose status is pending" in p for p in rep.problems)


def test_non_utf8_scenario_and_save_are_bad_input(tmp_path, capsys):
    from rules.__main__ import main
    p = tmp_path / "latin1.yaml"
    p.write_bytes(SCENARIO.replace("ทอยแล้วเก็บ", "caf\xe9").encode("latin-1"))
    assert main(["scenario", "run", str(p), "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["field"] == "<encoding>"
    save = tmp_path / "save.json"
    save.write_bytes(b'{"game": "\xff"}')
    with pytest.raises(BadInput) as e:
        saveload.load(save)
    assert e.value.field == "<encoding>" and e.value.message_th and e.value.message_en
    assert main(["scenario", "check", str(tmp_path / "missing")]) == 2


def test_unknown_clause_in_expected_events_is_malformed(tmp_path):
    p = _scenario(tmp_path, SCENARIO.replace("cites: [play.roll], data: {value: 6}", "cites: [play.rol], data: {value: 6}"))
    with pytest.raises(BadInput) as e:
        load_scenario(p)
    assert e.value.field == "steps[2].expect_events[0].cites[0]"
    p = _scenario(tmp_path, SCENARIO.replace("{kind: game_over, cites: [end.win]}", "{kind: game_over, cites: [end.wins]}"))
    with pytest.raises(BadInput) as e:
        load_scenario(p)
    assert e.value.field == "expect.events[1].cites[0]"


def test_the_scenario_format_example_is_a_well_formed_file():
    """data/scenarios/README.md's example uses real fields and clause ids."""
    import re
    import yaml
    from rules.core.rulebook import DATA
    text = (DATA / "scenarios" / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", text, re.S).group(1)
    sc = parse_scenario(yaml.safe_load(example), "README example")
    assert sc.game == "coup" and sc.steps and sc.expect.events
    from rules import engine
    engine("coup").make_config(sc.setup.config)  # real config fields and readings
    for cmd in re.findall(r"scenario run (\S+\.yaml)", text):
        assert (DATA.parent / cmd).is_file(), cmd


def test_expected_event_visibility():
    from rules.core.scenario import EventExpect, event_matches
    hidden = Event("card_drawn", 1, {"card": "duke"}, ("x.y",), visible_to=frozenset({1}))
    public = Event("gain", 1, {"coins": 2}, ("x.y",))
    assert event_matches(EventExpect(kind="card_drawn", visible_to=[1]), hidden)
    assert not event_matches(EventExpect(kind="card_drawn", visible_to=[0, 1]), hidden)
    assert not event_matches(EventExpect(kind="card_drawn", visible_to="public"), hidden)
    assert event_matches(EventExpect(kind="gain", visible_to="public"), public)
    assert not event_matches(EventExpect(kind="gain", visible_to=[1]), public)


def test_soak_plays_a_chosen_reading(capsys):
    from rules.__main__ import main
    assert main(["soak", "--game", "toy_pig", "--games", "5", "--set", "target=3"]) == 0
    assert "toy_pig: games 5, players 4, invariant breaks 0" in capsys.readouterr().out
    assert main(["soak", "--game", "toy_pig", "--games", "1", "--set", "target=x"]) == 2
    assert main(["soak", "--games", "1", "--set", "target=3"]) == 2


def test_random_games_count_a_stuck_game_as_a_break():
    """A seat that must act with no legal action is a break, and the game is not counted as
    finished (soak's ``games`` counts finished games)."""
    from rules.core.testing import random_games
    from .toygame import ToyGame

    class Stuck(ToyGame):
        def legal_actions(self, state, player):
            return []

    finished, breaks, problems = random_games(Stuck(), 2, 3)
    assert (finished, breaks) == (0, 3)
    assert "stuck" in problems[0] and "no legal action" in problems[0]
    assert random_games(install(), 2, 3)[:2] == (3, 0)


def test_scenario_check_reports_an_engine_crash_and_goes_on(monkeypatch, capsys):
    from pathlib import Path

    import rules.__main__ as cli

    real = cli.run_file
    def run_file(p):
        if Path(p).name.startswith("2_"):
            raise TypeError("boom")
        return real(p)
    monkeypatch.setattr(cli, "run_file", run_file)
    assert cli.main(["scenario", "check", "data/scenarios/coup"]) == 1
    out = capsys.readouterr().out
    assert "the engine crashed" in out and "TypeError: boom" in out
    assert out.count("PASS ") >= 10 and "1 fail" in out.splitlines()[-1]


def test_chance_shuffle_and_random_play_draw_the_numbers_of_random_random():
    """``chance.shuffle`` and ``random_play`` write out ``Random._randbelow``: the same orders and
    the same generator state afterwards as ``rng.shuffle``; a subclass keeps its own shuffle."""
    import random as _random

    from rules.core.chance import shuffle

    for seed in range(300):
        for n in (0, 1, 2, 5, 15, 18):
            a, b = list(range(n)), list(range(n))
            r1, r2 = _random.Random(seed), _random.Random(seed)
            r1.shuffle(a)
            shuffle(r2, b)
            assert a == b and r1.getstate() == r2.getstate()

    class Reversed(_random.Random):
        def shuffle(self, x):
            x.reverse()

    xs = [1, 2, 3]
    shuffle(Reversed(0), xs)
    assert xs == [3, 2, 1]


def test_transition_is_an_immutable_pair_equal_only_to_transitions():
    import copy
    import pickle

    from rules.core.protocol import Transition

    e = Event("pass", 1, {"window": "challenge"}, ("challenge.bluff",))
    tr = Transition({"n": 1}.get("n"), (e,))
    assert tr.state == 1 and tr.events == (e,) and Transition(2).events == ()
    assert tr == Transition(state=1, events=(e,)) and hash(Transition(1)) == hash(Transition(1, ())) == hash((1, ()))
    assert tr != Transition(1) and tr != (1, (e,)) and not (tr == (1, (e,))) and not ((1, (e,)) == tr)  # never a plain tuple
    assert repr(Transition(1)) == "Transition(state=1, events=())"
    with pytest.raises(AttributeError):
        tr.state = 2
    with pytest.raises(TypeError):
        tr < Transition(2)
    assert pickle.loads(pickle.dumps(tr)) == tr and copy.deepcopy(tr) == tr and type(copy.copy(tr)) is Transition
