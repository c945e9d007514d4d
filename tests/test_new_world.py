"""New World (rules/new_world): maps and cards as data with clear errors, the rules checked against a
brute-force recount, hidden information, bots, register readings on worked positions, and 1,000
seeded random games with the invariants after every action (``python -m rules soak --game
new_world`` runs 10,000).  Conformance itself runs in tests/test_api.py."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from rules.catalog import engine
from rules.core.filekind import game_words
from rules.core.hexgrid import connected_groups
from rules.core.play import playout, random_play
from rules.core.protocol import BadInput, IllegalAction
from rules.core.scenario import load_scenario, parse_scenario, run_file, run_scenario
from rules.core.testing import random_games
from rules.new_world import GAME
from rules.new_world.board import DATA as MAPS, load_map, load_map_file
from rules.new_world.bots import BOTS, immediate_points
from rules.new_world.config import SOURCES
from rules.new_world.missions import cards_path, check_condition, load_cards_file

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "data" / "scenarios" / "new_world"


def test_the_catalog_finds_the_engine():
    assert engine("new_world") is GAME


# ------------------------------------------------------------------ maps as data
@pytest.mark.parametrize("side,yellow,castles", [("scotland", 32, ("Edinburgh", "Stirling")),
                                                 ("ireland", 24, ("Blarney",))])
def test_maps_are_sized_like_the_board(side, yellow, castles):
    b = load_map(side)
    assert b.assumed and len(b.cells) >= 200 and len(b.cathedrals) == 8 and len(b.yellow) == yellow
    assert len(b.castles) >= 12 and all(b.place_named("castle", c) >= 0 for c in castles)
    sizes = {len(m) for m in b.settlements}
    assert sizes == ({1, 2, 3} if side == "scotland" else {1, 2, 3, 4})
    if side == "ireland":
        assert len(b.towers) == 14 and b.place_named("tower", "Hill of Tara") >= 0 and b.offshore and not b.harbour
    else:
        assert b.harbour and not b.towers and not b.offshore


def test_the_map_generator_reproduces_the_files():
    spec = importlib.util.spec_from_file_location("make_maps", MAPS / "make_maps.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for side in mod.SIDES:
        assert mod.dump(side, mod.make(side)) == (MAPS / f"{side}.yaml").read_text(encoding="utf-8")


def _map_doc(side="scotland") -> dict:
    return yaml.safe_load((MAPS / f"{side}.yaml").read_text(encoding="utf-8"))


def _first(doc, **match) -> int:
    return next(i for i, c in enumerate(doc["cells"]) if all(c.get(k) == v for k, v in match.items()))


def _break_settlement(doc):
    """A far-away blank cell joins a settlement of 2: its three spaces are not connected."""
    ids = [c.get("settlement") for c in doc["cells"]]
    i = next(j for j, s in enumerate(ids) if s and ids.count(s) == 2)
    sid = ids[i]
    far = next(j for j, c in enumerate(doc["cells"]) if c["icon"] == "blank" and abs(c["q"] - doc["cells"][i]["q"]) > 4)
    doc["cells"][far].update(icon="settlement", settlement=sid)
    return f"cells[{min(i, far)}].settlement"


def _castle_walled_in(doc):
    """Every neighbour of the first castle turned to water: no free cell to place next to it."""
    from rules.core.hexgrid import neighbours
    i = _first(doc, icon="castle")
    ring = set(neighbours((doc["cells"][i]["q"], doc["cells"][i]["r"])))
    for cell in doc["cells"]:
        if (cell["q"], cell["r"]) in ring:
            for k in ("settlement", "harbour", "yellow", "offshore", "name"):
                cell.pop(k, None)
            cell["icon"] = "water"
    return f"cells[{i}]"


BAD_MAPS = {
    "unknown_icon": (lambda d: d["cells"][3].update(icon="volcano") or "cells.3.icon"),
    "off_the_grid": (lambda d: d["cells"].append({"q": 90, "r": 0, "icon": "blank"}) or f"cells[{len(d['cells']) - 1}]"),
    "duplicate_cell": (lambda d: d["cells"].append(dict(d["cells"][0])) or f"cells[{len(d['cells']) - 1}]"),
    "settlement_not_connected": _break_settlement,
    "castle_no_free_neighbour": _castle_walled_in,
    "settlement_without_id": (lambda d: d["cells"][_first(d, icon="settlement")].pop("settlement") and
                              f"cells[{_first(d, icon='settlement')}].settlement"),
    "harbour_on_a_farm": (lambda d: d["cells"][_first(d, icon="food")].update(harbour=True) or
                          f"cells[{_first(d, icon='food', harbour=True)}].harbour"),
    "no_edinburgh": (lambda d: d["cells"][_first(d, name="Edinburgh")].update(name="Leith") or "cells"),
}


@pytest.mark.parametrize("case", sorted(BAD_MAPS))
def test_a_broken_map_names_file_and_field_in_thai_and_english(tmp_path, case):
    doc = _map_doc()
    field = BAD_MAPS[case](doc)
    path = tmp_path / f"{case}.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(BadInput) as e:
        load_map_file(path)
    assert e.value.source == str(path) and e.value.field == field, (e.value.field, field)
    assert any("\u0e00" <= ch <= "\u0e7f" for ch in e.value.message_th) and e.value.message_en


PYDANTIC_WORDS = ("Input should", "valid dictionary", "MapModel", "Field required")
"""pydantic's own wording, which a reader of a refused map file should never get."""
NOT_A_MAP = {
    # name: (file text, field named, Thai words, English words)
    "empty": ("", "<root>", "ว่างเปล่า", "empty"),
    "only_comments": ("# a map, one day\n\n", "<root>", "ว่างเปล่า", "empty"),
    "a_list": ("- q: 0\n  r: 0\n", "<root>", "mapping", "mapping"),
    "one_word": ("scotland\n", "<root>", "mapping", "mapping"),
    # another game's file names that game by its catalog titles (rules.core.filekind.game_words)
    "coup_rulebook": ((ROOT / "data" / "rulebooks" / "coup.yaml").read_text(encoding="utf-8"), "game",
                      *game_words("coup")),
    "valeria_ruling": (next((ROOT / "data" / "scenarios" / "valeria").glob("[0-9]*.yaml")).read_text(encoding="utf-8"),
                       "game", *game_words("valeria")),
    "no_game_line": ("side: scotland\nassumed: true\n", "game", "game: new_world", "game: new_world"),
    "session_save": ('{"schema_version": 2, "game": "new_world", "config": {}, "seed": 1, "actions": []}',
                     "<root>", "ไฟล์เกม", "session"),
}


@pytest.mark.parametrize("case", sorted(NOT_A_MAP))
def test_an_empty_file_or_another_games_file_is_no_map_in_thai_and_english(tmp_path, case):
    """An empty file said "ต้องเป็นออบเจกต์ (ได้ None) / Input should be a valid dictionary or instance
    of MapModel", a Coup file "Input should be 'new_world'": the loader says what the file is, naming
    the file and the field, in Thai and English, from a file and from text (the editor's upload)."""
    from rules.new_world.board import parse_map_text
    text, field, th, en = NOT_A_MAP[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    for load, source in ((lambda: load_map_file(path), str(path)), (lambda: parse_map_text(text, "up.yaml"), "up.yaml")):
        with pytest.raises(BadInput) as e:
            load()
        err = e.value
        assert (err.source, err.field) == (source, field), (err.source, err.field)
        assert th in err.message_th and en in err.message_en, (err.message_th, err.message_en)
        assert any("\u0e00" <= ch <= "\u0e7f" for ch in err.message_th)
        assert not [w for w in PYDANTIC_WORDS if w in err.message_en or w in err.message_th], err.message_en


def test_a_map_file_cut_short_says_it_looks_cut_off(tmp_path):
    """A map cut between two of its cells (an upload that stopped) still parses as YAML: it said
    only "the map needs 8 cathedrals, it has 0"; the refusal adds that the list ends where the file
    ends, with its last line: if the file was cut short, the rest is missing (``cut_off_hint``)."""
    from rules.new_world.board import parse_map_text
    text = (MAPS / "scotland.yaml").read_text(encoding="utf-8")
    cut = text[:text.rindex("\n", 0, text.index("icon: cathedral"))]   # no cathedral yet, no last newline
    for load in (lambda: parse_map_text(cut, "cut.yaml"), lambda: load_map_file(_written(tmp_path / "cut.yaml", cut))):
        with pytest.raises(BadInput) as e:
            load()
        assert "ถ้าไฟล์ถูกตัด" in e.value.message_th and "if the file was cut short" in e.value.message_en, e.value.message_en
        assert "8 cathedrals" in e.value.message_en and cut.splitlines()[-1].strip() in e.value.message_en


def _written(path, text):
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_maps_still_load_after_a_broken_copy_failed(tmp_path):
    """Nothing half-loaded: a failed file leaves the cached maps as they were."""
    before = load_map("scotland")
    doc = _map_doc()
    doc["cells"][0]["icon"] = "volcano"
    p = tmp_path / "bad.yaml"
    p.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(BadInput):
        load_map_file(p)
    assert load_map("scotland") is before


# ------------------------------------------------------------------ cards as data
def test_a_mission_with_an_unknown_condition_is_refused(tmp_path):
    doc = yaml.safe_load(cards_path().read_text(encoding="utf-8"))
    doc["secret"][7]["condition"] = {"type": "most_sheep", "at_least": 2}
    p = tmp_path / "missions.yaml"
    p.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(BadInput) as e:
        load_cards_file(p)
    assert e.value.source == str(p) and e.value.field.startswith("secret.7.condition")
    with pytest.raises(BadInput):
        check_condition({"type": "count", "tiles": "sheep", "at_least": 1})
    assert check_condition({"type": "connect", "places": "castle", "at_least": 3}).at_least == 3


# ------------------------------------------------------------------ scenarios: bad input
def test_a_scenario_placing_a_tile_on_a_forbidden_cell_names_the_clause():
    sc = load_scenario(SCENARIOS / "2_medium_settlement_alone_scores_8.yaml")
    raw = sc.model_dump()
    castle = load_map("scotland").cells[load_map("scotland").castles[0]]
    raw["setup"]["overrides"]["board"] = {f"{castle[0]},{castle[1]}": "0:food"}
    with pytest.raises(BadInput) as e:
        run_scenario(parse_scenario(raw, "forbidden.yaml"), "forbidden.yaml")
    # the clause by the name a reader sees (its dotted id is for tooltips, never page text)
    assert "rule: Tile placement rules: Never place on cathedral" in e.value.message_en, e.value.message_en
    assert "กฎ: กฎการวางไทล์: ห้ามวาง" in e.value.message_th and "placement." not in e.value.message_en + e.value.message_th
    assert e.value.field.startswith("setup.overrides.board.")


def test_overrides_leave_the_state_untouched():
    s = GAME.new_game(GAME.default_config(2), 1)
    before = GAME.state_to_json(s)
    with pytest.raises(BadInput):
        GAME.apply_overrides(s, {"board": {"5,7": "0:s1", "5,5": "0:s1"}})   # 5,5 is no settlement space
    with pytest.raises(BadInput):
        GAME.apply_overrides(s, {"hands": [["s1", "s1", "s1", "s1"], []]})
    assert GAME.state_to_json(s) == before


def _override_error(board_override, players=2, seed=1):
    """The :class:`BadInput` of a New World setup ``board`` override, from a scenario file and from a
    save (both go through ``setup.overrides``); the two say the same."""
    import json
    from rules.core import saveload
    raw = load_scenario(SCENARIOS / "2_medium_settlement_alone_scores_8.yaml").model_dump()
    raw["setup"].update(config={"players": players}, seed=seed, overrides={"turn": 0, "board": board_override})
    raw["steps"] = []
    with pytest.raises(BadInput) as from_file:
        run_scenario(parse_scenario(raw, "bad.yaml"), "bad.yaml")
    text = json.loads(saveload.dumps(GAME, GAME.default_config(players), seed, [], {"turn": 0}))
    text["overrides"] = {"turn": 0, "board": board_override}
    with pytest.raises(BadInput) as from_save:
        saveload.loads(json.dumps(text), "game.json")
    a, b = from_file.value, from_save.value
    assert (a.field, a.message_th, a.message_en) == (b.field, b.message_th, b.message_en)
    return a


def test_setup_override_errors_name_the_cell_by_its_place_name():
    """A scenario's or a save's board override refused at a cell named it by ``(q, r)`` only (``cell
    (7, 1)``), where every other New World refusal names the cell as the map shows it
    (labels.cell_place_name: its kind, its own name, the named places it touches, then (q, r))."""
    from rules.new_world.labels import cell_place_name
    from rules.new_world.tiles import COVERED
    s = GAME.new_game(GAME.default_config(2), 1)
    b = s.board
    castle = b.castles[0]
    q, r = b.cells[castle]
    e = _override_error({f"{q},{r}": "0:food"})  # a castle cell: placement.forbidden_cells
    assert e.field == f"setup.overrides.board.{q},{r}"
    assert f"ช่องปราสาท {b.names[castle]} ({q}, {r})" in e.message_th, e.message_th
    assert f"castle cell {b.names[castle]} ({q}, {r})" in e.message_en, e.message_en
    assert "rule: Tile placement rules: Never place on cathedral" in e.message_en
    # a blank cell next to a castle, refused a settlement tile (placement.settlement)
    blank = next(i for i in range(len(b.cells)) if b.icon[i] == "blank" and s.cells[i] != COVERED
                 and any(n in b.castles for n in b.nbrs[i]))
    q, r = b.cells[blank]
    e = _override_error({f"{q},{r}": "0:s1"})
    th, en = cell_place_name(b, blank)
    assert "ติดปราสาท" in th and "next to castle" in en
    assert th in e.message_th and en in e.message_en and "Settlement: only on cells" in e.message_en
    # a cell covered face down at setup (2 players): named, and said to be covered as the engine says
    covered = s.cells.index(COVERED)
    q, r = b.cells[covered]
    e = _override_error({f"{q},{r}": "0:food"})
    th, en = cell_place_name(b, covered)
    assert f"{th} ถูกคว่ำไทล์ปิดไว้" in e.message_th and f"{en} is covered by a face-down tile" in e.message_en
    # the same cell twice ("5,7" and "5, 7"): the second finds it taken, named by its place
    settle = b.index[(5, 7)]
    e = _override_error({"5,7": "0:s1", "5, 7": "0:s1"})
    th, en = cell_place_name(b, settle)
    assert f"{th} มีไทล์อยู่แล้ว" in e.message_th and f"{en} is taken" in e.message_en
    assert th != "ช่อง (5, 7)" and "settlement cell" in en


# ------------------------------------------------------------------ the rules against a recount
def _recount_farm(state, cell, seat, kind) -> int:
    b = state.board
    mine = [b.cells[i] for i, v in enumerate(state.cells) if v == seat * 8 + kind]
    return next(len(g) for g in connected_groups(mine) if tuple(cell) in g)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), side=st.sampled_from(["scotland", "ireland"]))
def test_farm_points_equal_a_brute_force_recount_and_scores_the_awards(seed, players, side):
    cfg = GAME.make_config({"players": players, "side": side})
    s = GAME.new_game(cfg, seed)
    rng = random.Random(seed)
    awarded = [0] * players
    while GAME.current_player(s) != -2:
        p = GAME.current_player(s)
        a = GAME.sample_chance(s, rng) if p == -1 else rng.choice(GAME.legal_actions(s, p))
        tr = GAME.apply(s, a)
        for e in tr.events:
            for seat, source, pts in e.data.get("awards", []):
                assert source in SOURCES
                awarded[seat] += pts
            if e.kind == "farm_scored":
                placed = next(x for x in tr.events if x.kind == "tile_placed")
                if placed.data["second"]:
                    continue
                kind = 0 if placed.data["tile"] == "food" else 1
                assert e.data["points"] == _recount_farm(tr.state, placed.data["cell"], e.actor, kind)
        s = tr.state
    assert awarded == list(s.scores)
    assert [r["total"] for r in GAME.score_breakdown(s)["seats"]] == list(s.scores)


def test_a_thousand_random_games_keep_the_invariants():
    finished, breaks, problems = random_games(GAME, 4, 1000, seed=7)
    assert (finished, breaks) == (1000, 0), problems


@pytest.mark.parametrize("variant", [{"side": "ireland"}, {"side": "ireland", "ireland_cathedrals": "secret_missions"}])
def test_ireland_random_games_keep_the_invariants(variant):
    for players in (2, 3, 4):
        finished, breaks, problems = random_games(GAME, players, 40, seed=11, variant=variant)
        assert (finished, breaks) == (40, 0), problems


# ------------------------------------------------------------------ hidden information
def test_hands_set_aside_tiles_and_missions_are_seen_by_their_owner_only():
    s = GAME.new_game(GAME.make_config({"players": 3, "side": "ireland"}), 4)
    o1, o2, spectator = GAME.observe(s, 1), GAME.observe(s, 2), GAME.observe(s, None)
    assert o1["hand"] and o1["my_tribe"] and spectator["hand"] is None
    assert "hands" not in o1 and "piles" not in o2 and o1["hand_sizes"] == [1, 1, 1]
    for e in GAME.setup_events(s):
        if e.kind in ("first_hand", "tribe_pile", "set_aside"):
            assert e.visible_to == frozenset({e.actor})


# ------------------------------------------------------------------ readings on worked positions
def _run_with(path: Path, **config):
    raw = load_scenario(path).model_dump()
    raw["setup"]["config"].update(config)
    for step in raw["steps"]:
        step["expect_events"], step["expect_state"], step["expect_legal"] = [], {}, None
    raw["expect"] = {}
    return run_scenario(parse_scenario(raw, path.name), path.name)


def test_no_legal_cell_set_aside_and_pass_ends_the_turn():
    res = _run_with(SCENARIOS / "8_no_legal_cell_set_aside_and_draw.yaml", no_legal_cell="set_aside_and_pass")
    kinds = [e.kind for e in res.steps[0].events]
    assert "tile_set_aside" in kinds
    assert not res.ok  # seat 0 no longer plays this turn: its placement in the file is refused
    assert res.steps[1].error is not None and res.steps[1].error.clause == "setup.first_player"


def test_settlement_influence_highest_reading():
    res = _run_with(SCENARIOS / "2_medium_settlement_alone_scores_8.yaml", settlement_influence_total="highest")
    scored = next(e for e in res.steps[0].events if e.kind == "settlement_scored")
    assert scored.data["table"] == [[0, 3, 1, 8]]


def test_castle_points_twice_reading_doubles_them():
    res = _run_with(SCENARIOS / "4_tie_at_top_edinburgh_holder_not_tied.yaml", castle_points_once="twice")
    castles = next(e for s in res.steps for e in s.events if e.kind == "castles_scored")
    assert castles.data["per_castle"] == 10


# ------------------------------------------------------------------ refusals and bots
def test_explain_names_the_clause_that_forbids_that_placement_there():
    s = GAME.apply_overrides(GAME.new_game(GAME.default_config(3), 2), {"hands": [["s2"], ["food"], ["food"]]})
    b = s.board
    blank, castle = b.cells[b.by_icon["blank"][0]], b.cells[b.castles[0]]
    why = GAME.explain_illegal(s, {"player": 0, "type": "place", "tile": "s2", "q": blank[0], "r": blank[1]})
    assert isinstance(why, IllegalAction) and why.clause == "placement.settlement"
    why = GAME.explain_illegal(s, {"player": 0, "type": "place", "tile": "s2", "q": castle[0], "r": castle[1]})
    assert why.clause == "placement.forbidden_cells"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, {"player": 0, "type": "place", "tile": "s2", "q": castle[0], "r": castle[1]})
    assert e.value.clause == "placement.forbidden_cells"


def test_greedy_bot_takes_the_most_immediate_points_from_its_observation():
    cfg = GAME.default_config(3)
    s = GAME.new_game(cfg, 9)
    rng = random.Random(0)
    for _ in range(40):
        seat = GAME.current_player(s)
        obs = GAME.observe(s, seat)
        legal = GAME.legal_actions(s, seat)
        a = BOTS["greedy"](obs, legal, rng)
        gained = GAME.apply(s, a).state.scores[seat] - s.scores[seat]
        assert gained == immediate_points(obs, a) == max(immediate_points(obs, x) for x in legal)
        s = GAME.apply(s, a).state
    wins = [0, 0]
    for g in range(6):
        p = playout(GAME, GAME.new_game(GAME.default_config(2), g), random.Random(g),
                    policies={0: BOTS["greedy"], 1: BOTS["random"]})
        wins[0] += 0 in p.state.winners
        wins[1] += 1 in p.state.winners
    assert wins[0] > wins[1]


def test_same_seed_same_game_and_every_scenario_passes():
    cfg = GAME.default_config(4)
    a = random_play(GAME, GAME.new_game(cfg, 3), random.Random(3))[0]
    b = random_play(GAME, GAME.new_game(cfg, 3), random.Random(3))[0]
    assert GAME.state_to_json(a) == GAME.state_to_json(b)
    for p in sorted(SCENARIOS.glob("*.yaml")):
        assert run_file(p).ok, p.name


@pytest.mark.parametrize("layout", ["assumed", "owner"])
def test_every_tile_and_mission_id_the_observation_gives_has_the_engines_words(layout):
    """The play view showed the reader's hand and secret missions as ids (``s4``, ``m15, m32``): the
    engine now names each (``rules/new_world/labels.py``): a tile by its Thai and English name, a
    mission by what it asks and what it scores."""
    from rules.new_world.labels import mission_name, tile_id_name
    from rules.new_world.missions import SecretCard, load_cards
    from rules.new_world.tiles import LABEL, NAMES
    assert [tile_id_name(t) for t in NAMES] == [LABEL[k] for k in range(len(NAMES))]
    assert tile_id_name("s4") == ("นิคมค่า 4", "settlement (influence 4)")
    for card_id, card in load_cards(layout).items():
        th, en = mission_name(card_id, layout)
        points = card.points if isinstance(card, SecretCard) else f"{card.high}/{card.low}"
        assert th.endswith(f"({points} แต้ม)") and en.endswith(f"({points} points)"), (card_id, th, en)
        assert card_id not in th + en
    with pytest.raises(KeyError):
        tile_id_name("s9")


def test_a_short_tile_override_names_the_player_as_the_game_counts_them():
    """Too many tiles asked of the second seat: its Thai said "ผู้เล่น 2" and its English "seat 1"
    (counted from 0); both say player 2, as every New World text names that seat."""
    s = GAME.new_game(GAME.default_config(2), 1)
    with pytest.raises(BadInput) as e:
        GAME.apply_overrides(s, {"hands": [["food"], ["s1"] * 30]})
    assert "ผู้เล่น 2" in e.value.message_th and "player 2 has not enough" in e.value.message_en, e.value.message_en
