"""One API test over every game: a game is tested by being listed in ``rules.GAMES`` (with an
engine) or ``rules.catalog.EXAMPLES`` (the template ``toy_pig``).

For each: the conformance harness (``rules/core/testing.py``: legal actions accepted, bogus actions
refused for every seat by ``apply`` and ``explain_illegal``, no mutation, invariants, cites, no
leak, no stuck position, observation keys, labels, determinism, save/load, two seeds two games,
``returns``/``score_breakdown`` at the end), at the smallest and the largest player count; every
non-default reading of every ambiguity-register entry played; the config and the register agree.
"""
import ast
import random
from pathlib import Path

import networkx as nx
import pytest

import rules
from rules.catalog import EXAMPLES, engine, has_engine
from rules.core.ambiguity import load_ambiguities, reading_configs, register_problems
from rules.analysis.seeds import play_seed
from rules.analysis.simulate import make_job, play_game
from rules.core.play import playout
from rules.core.protocol import BadInput, IllegalAction, setup_events
from rules.core.rulebook import load_rulebook
from rules.core.testing import conformance, end_reason_problems

GAME_IDS = [g for g in rules.GAMES if has_engine(g)] + list(EXAMPLES)
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(params=GAME_IDS)
def game(request):
    return engine(request.param)


def test_every_listed_engine_is_tested():
    """The four product games with an engine are all here (a new engine joins by being written)."""
    assert {"coup", "shadow_master", "new_world", "valeria", "toy_pig"} <= set(GAME_IDS)


@pytest.mark.parametrize("which", ["min", "max"])
def test_conformance(game, which):
    players = game.min_players if which == "min" else game.max_players
    report = conformance(game, players=players, games=6, seed=17, check_every=3)
    assert report.ok, report.problems[:10]
    assert report.finished >= 1, "no random game finished"


def test_end_reason_at_the_end(game):
    """Every engine says why a game ended: ``score_breakdown``'s ``end_reason`` is ``None`` at the
    start and, after a random game, an id with Thai and English labels citing implemented clauses
    that the game's own events cited; the analyzer's ``end_reason`` column is that id."""
    config = game.default_config(game.min_players)
    state = game.new_game(config, 2)
    assert game.score_breakdown(state)["end_reason"] is None
    out = playout(game, state, random.Random(2))
    assert out.finished
    status = {c.id: c.status for c in load_rulebook(game.id).clauses}
    reason = game.score_breakdown(out.state)["end_reason"]
    assert end_reason_problems(reason, True, status) == []
    cited = {c for e in setup_events(game, state) + tuple(out.events) for c in e.cites}
    assert set(reason["cites"]) <= cited
    job = make_job(game.id, {"players": game.min_players}, "random", 0)
    row = play_game(job, 0)
    assert row["finished"] and row["end_reason"] == game.score_breakdown(
        playout(game, game.new_game(config, row["seed"]), random.Random(play_seed(0, 0))).state)["end_reason"]["id"]


def test_every_register_reading_plays(game):
    assert list(reading_configs(game.id)), f"{game.id} has no register readings"
    report = conformance(game, players=game.min_players, games=0, seed=3, check_every=5,
                         readings=True, reading_games=1)
    assert report.ok, report.problems[:10]


def test_config_fields_are_the_register(game):
    """Every config field but the game's ``fixed_fields`` is a register variant with the same
    default, and every register entry is a config field."""
    assert load_ambiguities(game.id)
    assert register_problems(game.id, game.config_model, tuple(game.fixed_fields)) == []


def test_a_reading_outside_the_register_is_refused(game):
    entry = load_ambiguities(game.id)[0]
    with pytest.raises(BadInput) as e:
        game.make_config({"players": game.min_players, entry.variant: "__no_such_reading__"})
    assert entry.variant in e.value.field


def test_explain_illegal_matches_apply(game):
    """For a not-your-turn action, ``explain_illegal`` and ``apply`` give the same clause."""
    s = game.new_game(game.default_config(game.min_players), 5)
    legal_seats = [p for p in range(game.min_players) if game.legal_actions(s, p)]
    for seat in range(game.min_players):
        if seat in legal_seats:
            a = game.legal_actions(s, seat)[0]
            assert game.explain_illegal(s, a) is None
            continue
        probe = {"player": seat, "type": "__probe__"}
        why = game.explain_illegal(s, probe)
        with pytest.raises(IllegalAction) as e:
            game.apply(s, probe)
        assert isinstance(why, IllegalAction) and why.clause == e.value.clause


def _imports(path: Path, package: str) -> set[str]:
    """Modules of ``rules`` that ``path`` imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names = [f"{mod}.{a.name}" for a in node.names] + [mod]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out |= {n for n in names if n.startswith("rules")}
    return out


def test_rules_import_graph_has_no_cycle():
    """No module of ``rules/`` imports itself back through others (function-level imports count)."""
    modules = {}
    for p in (ROOT / "rules").rglob("*.py"):
        rel = p.relative_to(ROOT).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        modules[name] = p
    g = nx.DiGraph()
    for name, p in modules.items():
        package = name if p.name == "__init__.py" else name.rsplit(".", 1)[0]
        for target in _imports(p, package):
            if target in modules and target != name and not name.startswith(target + "."):
                if not (p.name == "__init__.py" and target.startswith(name + ".")):
                    g.add_edge(name, target)
    cycles = [c for c in nx.simple_cycles(g) if len(c) > 1]
    assert cycles == [], f"import cycles in rules/: {cycles[:5]}"
