"""Setup events: what ``new_game`` (and a scenario's overrides) did, clause by clause.

The engines explain setup with ``GAME.setup_events(state)``; the harness, the scenario runner,
``python -m rules coverage`` and the game views (session, event log, Coup table, Shadow Master
play and scenario views) use them.  See ``rules/core/README.md``.
"""
from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from rules.__main__ import main
from rules.core.saveload import start
from rules.core.scenario import find_scenarios, load_scenario, parse_scenario, run_file, run_scenario
from rules.core.testing import check_setup_events
from rules.core.ambiguity import ambiguity_ref
from rules.coup import GAME as COUP
from rules.shadow_master import GAME as SM
from widgets import page
from widgets.coup import SPEC as COUP_SPEC
from widgets.shadow_master import SPEC as SM_SPEC


def CoupTable(session, viewer=0):
    return page.PlayTable(COUP_SPEC, session, viewer=viewer)
from widgets.eventlog import SETUP_MARK
from widgets.session import GameSession

SCENARIOS = Path(__file__).resolve().parents[1] / "data" / "scenarios"


def rows(events):
    return [(e.kind, e.actor, e.cites, None if e.visible_to is None else sorted(e.visible_to), dict(e.data))
            for e in events]


# ----------------------------------------------------------------------------- Coup engine
def test_coup_two_player_setup_events_exactly():
    state = COUP.new_game({"players": 2}, 7)
    coins = ("components.silver", "components.gold", "details.gold")
    assert rows(COUP.setup_events(state)) == [
        ("setup_players", None, ("cover.players",), None, {"players": 2}),
        ("setup_deck", None, ("components.character_cards",), None,
         {"cards": 18, "characters": {c: 3 for c in ("duke", "captain", "assassin", "contessa", "ambassador",
                                                      "inquisitor")}, "deck": "all_six"}),
        ("setup_coins", None, coins, None, {"silver": 30, "gold": 6, "gold_value": 5, "total": 60}),
        ("setup_deal", None, ("setup.deal",), None, {"cards_per_player": 2, "coins_per_player": 2, "deck_left": 14}),
        ("setup_hand", 0, ("setup.deal",), [0], {"seat": 0, "cards": ["duke", "ambassador"]}),
        ("setup_hand", 1, ("setup.deal",), [1], {"seat": 1, "cards": ["contessa", "inquisitor"]}),
        ("setup_bank", None, coins, None, {"bank": 56, "treasury": "all_tokens"}),
        ("setup_first_player", None, ("setup.first_turn",), None, {"seat": 0, "factions_first": False}),
    ]
    # the hands told are the state's own
    assert [p["hand"] for p in COUP.state_to_json(state)["players"]] == [["duke", "ambassador"],
                                                                         ["contessa", "inquisitor"]]
    texts = {e.kind: (e.text_th, e.text_en) for e in COUP.setup_events(state)}
    assert "1 เหรียญทอง = 5 เหรียญเงิน" in texts["setup_coins"][0] and "56" in texts["setup_bank"][0]


def test_seat_1_hand_is_not_in_seat_0s_view():
    state = COUP.new_game({"players": 2}, 7)
    hand1 = next(e for e in COUP.setup_events(state) if e.kind == "setup_hand" and e.actor == 1)
    assert not hand1.visible(0) and not hand1.visible(None) and hand1.visible(1)
    assert hand1.to_json(0) == {"kind": "setup_hand", "actor": 1, "cites": ["setup.deal"], "data": {},
                                "text_th": "", "text_en": "", "hidden": True}
    table = CoupTable(GameSession(COUP, config={"players": 2}, seed=7), viewer=0)
    lines = [o[0] for o in table.eventlog.select.options]
    assert len(lines) == 8 and all(x.split(". ", 1)[1].startswith(SETUP_MARK) for x in lines)
    text = " ".join(lines)
    assert "ที่นั่ง 1 ได้การ์ด ดยุค และ ทูต" in text  # its own hand (seat id 0)
    assert "คอนเตสซ่า" not in text and "นักสืบศาสนา" not in text  # seat 1 holds them
    assert "ที่นั่ง 2 ▸ ได้รับการ์ดในมือตอนเริ่มเกม: การ์ดปิด" in text
    seat1 = " ".join(o[0] for o in CoupTable(table.session, viewer=1).eventlog.select.options)
    assert "ที่นั่ง 2 ได้การ์ด คอนเตสซ่า และ นักสืบศาสนา" in seat1 and "ดยุค และ ทูต" not in seat1


def test_coup_reformation_almshouse_empty_and_faction_first():
    state = COUP.new_game({"players": 3, "reformation": True}, 2)
    ev = {e.kind: e for e in COUP.setup_events(state)}
    assert ev["setup_reformation"].cites == ("reformation.heading", "components.faction_cards",
                                             "components.almshouse_card", "reformation.almshouse")
    assert dict(ev["setup_reformation"].data) == {"almshouse": 0, "faction_cards": 6, "almshouse_start": "empty"}
    assert ev["setup_first_player"].cites == ("setup.first_turn", "reformation.factions")
    assert ev["setup_first_player"].data["factions_first"] is True
    assert [e.kind for e in COUP.setup_events(state)][-2:] == ["setup_reformation", "setup_first_player"]
    assert check_setup_events(COUP, state, [0, 1, 2], random.Random(1)) == []


def test_coup_almshouse_setup_says_its_assumption_in_words_not_a_file_name():
    """A fresh user read "…ตามข้อสันนิษฐานใน components.yaml / … as assumed in components.yaml" in the
    Reformation's setup line (and the log): a data file's name in text for readers.  The line says
    in words that the project assumes the almshouse starts empty (the rulebook does not say; the
    published game does), and names no file."""
    import re

    state = COUP.new_game({"players": 3, "reformation": True}, 2)
    ev = {e.kind: e for e in COUP.setup_events(state)}["setup_reformation"]
    for text in (ev.text_th, ev.text_en):
        assert not re.search(r"\w+\.(yaml|py|json|md)\b", text), text
    assert "เริ่มว่าง ตามที่โครงการสันนิษฐานไว้ (คู่มือไม่ได้บอก เหมือนในเกมฉบับตีพิมพ์)" in ev.text_th
    assert "empty at the start, as the project assumes (the rulebook does not say; as in the published game)" \
        in ev.text_en
    # and it names the register's entry in the register's words (its id stays in the data), as the bank's
    # line names treasury_start
    ref_th, ref_en = ambiguity_ref("coup", "almshouse_start")
    assert ref_th in ev.text_th and ref_en in ev.text_en and "almshouse_start" not in ev.text_th + ev.text_en
    assert ev.data["almshouse_start"] == "empty"


def test_coup_scenario_position_cites_no_deal():
    """Overrides make the scenario's own position: described seat by seat, citing no clause."""
    _cfg, state = start(COUP, {"players": 3, "reformation": True}, 7, {
        "hands": [["duke"], ["contessa", "captain"], ["duke", "duke"]], "lost": [["assassin"], [], []],
        "coins": [3, 2, 2], "factions": [0, 1, 1], "almshouse": 4, "turn": 1})
    ev = COUP.setup_events(state)
    kinds = [e.kind for e in ev]
    assert "setup_deal" not in kinds and "setup_position" in kinds and "setup_factions" in kinds
    pos = next(e for e in ev if e.kind == "setup_position")
    assert pos.cites == () and pos.data["players"][0] == {"seat": 0, "cards": 1, "lost": ["assassin"], "coins": 3}
    assert all(e.cites == () for e in ev if e.kind == "setup_hand")
    bank = next(e for e in ev if e.kind == "setup_bank")
    assert bank.data["bank"] == 60 - 7 - 4 == state.bank
    first = ev[-1]
    assert first.data == {"seat": 1, "factions_first": False} and "ตามที่สถานการณ์กำหนด" in first.text_th


def test_coup_other_deck_reading_does_not_cite_the_18_cards():
    state = COUP.new_game({"players": 2, "deck": "ambassador_only"}, 1)
    deck = next(e for e in COUP.setup_events(state) if e.kind == "setup_deck")
    assert deck.cites == () and deck.data["cards"] == 15 and deck.data["deck"] == "ambassador_only"
    # the text names the register entry and reading in the register's words (the id stays in data)
    from rules.core.ambiguity import ambiguity_ref
    th, en = ambiguity_ref("coup", "deck_composition", "ambassador_only")
    assert th in deck.text_th and en in deck.text_en and "deck_composition" not in deck.text_en


# ----------------------------------------------------------------------------- Shadow Master engine
def test_shadow_master_two_player_setup_events():
    state = SM.new_game({"players": 2}, 7)
    ev = SM.setup_events(state)
    assert [(e.kind, e.actor, e.cites, None if e.visible_to is None else sorted(e.visible_to)) for e in ev] == [
        ("setup_board", None, ("players.board_by_count", "setup.board", "board.hex_cells", "board.kingdom_cells"),
         None),
        ("setup_alliance_cells", None, ("board.alliance_cells",), None),
        ("setup_silver", None, ("setup.starting_silver",), None),
        ("setup_deal", None, ("setup.deal_territory",), None),
        ("setup_hand", 0, ("setup.deal_territory",), [0]),
        ("setup_hand", 1, ("setup.deal_territory",), [1]),
        ("setup_no_powers", None, ("setup.no_powers",), None),
        ("setup_first_player", None, ("order.rounds_first_player",), None),
    ]
    assert ev[0].data["cells"] == len(state.board.cells) == 84 and ev[1].data == {"x_cells": ["X1", "X2", "X3"]}
    assert dict(ev[3].data) == {"cards": 88, "x_cards": 4, "per_player": 6, "deck_left": 76} and len(state.deck) == 76
    assert [ev[4].data["cards"], ev[5].data["cards"]] == [list(p.hand) for p in state.players]
    public = " ".join(e.text_th + e.text_en for e in ev if e.visible_to is None)
    assert not any(c in public for c in state.players[1].hand)  # no hidden card in a public text


def test_shadow_master_scenario_position_is_said_to_be_the_scenarios():
    sc = load_scenario(SCENARIOS / "shadow_master" / "castle_capture.yaml")
    _cfg, state = start(SM, sc.setup.config, sc.setup.seed, sc.setup.overrides)
    ev = {e.kind: e for e in SM.setup_events(state)}
    assert "setup_no_powers" not in ev and ev["setup_powers"].cites == ()
    assert ev["setup_position"].cites == () and ev["setup_position"].data["castles"] == ["D4"]
    assert ev["setup_board"].cites[0] == "players.board_by_count"  # the board is still the rule's


# ----------------------------------------------------------------------------- harness
def test_every_scenario_start_passes_the_setup_checks():
    for path in find_scenarios(SCENARIOS):
        sc = load_scenario(path)
        from rules.catalog import engine
        game = engine(sc.game)  # every game with scenarios (toy_pig too), not only Coup and SM
        cfg, state = start(game, sc.setup.config, sc.setup.seed, sc.setup.overrides)
        assert check_setup_events(game, state, list(range(cfg.players)), random.Random(3)) == [], path


class LeakyCoup(type(COUP)):
    """Coup whose public setup event tells seat 1's hand (a leak the harness must see)."""

    def setup_events(self, state):
        from rules.core.protocol import Event
        return super().setup_events(state) + (Event("bad", None, {"hand": list(state.hands[1])}, ("setup.deal",),
                                                    None, "x", "x"),)


def test_the_harness_catches_a_leaking_or_uncited_setup_event():
    state = COUP.new_game({"players": 3}, 4)
    problems = check_setup_events(LeakyCoup(), state, [0, 1, 2], random.Random(0))
    assert any("viewer 0" in p and "leak" in p for p in problems)
    assert not any("viewer 1 " in p for p in problems)  # seat 1 may see its own hand

    class Uncited(type(COUP)):
        def setup_events(self, state):
            from rules.core.protocol import Event
            return (Event("x", None, {}, ("no.such_clause", "components.summary_cards"), None, "ก", ""),
                    Event("y", 0, {}, (), frozenset({7}), "ก", "a"))
    problems = check_setup_events(Uncited(), state, [0, 1, 2], random.Random(0))
    assert any("unknown clause no.such_clause" in p for p in problems)
    assert any("components.summary_cards whose status is not_applicable" in p for p in problems)
    assert any("lacks a Thai or English text" in p for p in problems)
    assert any("visible_to [7]" in p for p in problems)


@pytest.mark.parametrize("game,players", [(COUP, 2), (COUP, 5), (SM, 3)])
def test_conformance_includes_setup_events(game, players):
    from rules.core.testing import conformance
    report = conformance(game, players, games=2, check_every=25)
    assert report.ok, report.problems


# ----------------------------------------------------------------------------- scenarios and CLI
def test_setup_scenarios_pass_and_report_their_setup_events():
    for path in sorted(SCENARIOS.rglob("setup_*.yaml")):
        res = run_file(path)
        assert res.ok, (path, res.failures)
        assert res.scenario.expect_setup_events and res.setup_events
    res = run_file(SCENARIOS / "coup" / "setup_deal_two_players.yaml")
    js = res.to_json(COUP)
    assert [e["kind"] for e in js["setup_events"]][:2] == ["setup_players", "setup_deck"]
    hand = js["setup_events"][4]
    assert hand == {"kind": "setup_hand", "actor": 0, "cites": ["setup.deal"],
                    "data": {"seat": 0, "cards": ["duke", "ambassador"]}, "visible_to": [0]}


def test_a_wrong_setup_expectation_fails_and_a_bad_cite_is_malformed():
    sc = load_scenario(SCENARIOS / "coup" / "setup_deal_two_players.yaml")
    data = sc.model_dump(exclude_defaults=True)
    data["expect_setup_events"][6]["data"] = {"bank": 57}
    res = run_scenario(parse_scenario(data, "mutated"), "mutated")
    assert not res.ok and any(f.startswith("setup (ตั้งเกม)") and "setup_bank" in f for f in res.failures)
    data["expect_setup_events"][6] = {"kind": "setup_hand", "actor": 1, "visible_to": "public"}
    res = run_scenario(parse_scenario(data, "mutated"), "mutated")
    assert not res.ok  # a hidden hand is not public
    data["expect_setup_events"][0]["cites"] = ["setup.nothing"]
    from rules.core.protocol import BadInput
    with pytest.raises(BadInput) as exc:
        parse_scenario(data, "bad.yaml")
    assert exc.value.field == "expect_setup_events[0].cites[0]"  # the bad entry itself


def _cli(*argv) -> tuple[int, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


@pytest.mark.parametrize("game,setup_clauses", [
    ("coup", {"setup.deal", "setup.first_turn", "cover.players", "details.gold", "components.gold",
              "components.silver", "components.character_cards", "components.faction_cards",
              "components.almshouse_card", "reformation.heading"}),
    ("shadow_master", {"players.board_by_count", "setup.board", "setup.deal_territory", "setup.no_powers",
                       "setup.starting_silver", "board.hex_cells", "board.kingdom_cells", "board.alliance_cells"}),
])
def test_coverage_counts_setup_events(game, setup_clauses):
    code, text = _cli("coverage", game)
    assert code == 0 and text.splitlines()[-1] == "  implemented, no scenario cites them: -"
    code, text = _cli("coverage", game, "--json")
    out = json.loads(text)
    assert out["implemented_not_cited_by_scenarios"] == []
    assert setup_clauses <= set(out["implemented_cited_by_scenarios"])
    # these clauses are shown only by setup events: no step of any scenario cites them
    step_cites = set()
    for path in find_scenarios(SCENARIOS / game):
        for s in run_file(path).steps:
            for e in s.events:
                step_cites.update(e.cites)
    assert not setup_clauses & step_cites


# ----------------------------------------------------------------------------- session and views
def test_session_log_starts_with_setup_events_and_undo_keeps_them():
    session = GameSession(COUP, config={"players": 2}, seed=7)
    setup = list(session.setup_events)
    assert session.step == session.length == 0 and session.events == setup and len(setup) == 8
    session.apply({"player": 0, "type": "income"})
    session.apply({"player": 1, "type": "income"})
    assert session.length == 2 and session.events[:8] == setup
    assert [e.kind for e in session.events[8:]] == ["gain", "gain"]
    session.undo()
    session.undo()
    assert session.step == 0 and session.events == setup and session.last_events == ()
    session.redo()
    assert [e.kind for e in session.events[8:]] == ["gain"]
    session.jump(0)
    session.apply({"player": 0, "type": "foreign_aid"})  # branches: the setup stays
    assert session.length == 1 and session.events[:8] == setup and session.events[8].kind == "declare"
    text = session.save()
    other = GameSession(COUP, config={"players": 2}, seed=1)
    other.load(text)
    assert list(other.setup_events) == setup and other.events[:8] == setup


def test_coup_table_log_keeps_setup_after_undo():
    session = GameSession(COUP, config={"players": 2}, seed=7)
    table = CoupTable(session, viewer=0)
    assert table.eventlog.select.value == 7  # the newest event is chosen: its clauses are shown
    assert 'data-clause="setup.first_turn"' in table.eventlog.detail.value
    table.eventlog.select.value = 4  # clicking its own hand shows the dealing clause
    assert 'data-clause="setup.deal"' in table.eventlog.detail.value
    session.apply({"player": 0, "type": "income"})
    assert len(table.eventlog.select.options) == 9
    assert table.eventlog.select.options[-1][0].startswith("9. ที่นั่ง 1")
    session.undo()
    assert [o[0].split(". ", 1)[1].startswith(SETUP_MARK) for o in table.eventlog.select.options] == [True] * 8


def test_shadow_master_scenario_view_shows_setup_at_frame_0():
    view = page.ScenarioView(SM_SPEC, SCENARIOS / "shadow_master" / "setup_deal_two_players.yaml")
    cur = view.cursor
    assert cur.step == 0 and [e.kind for e in cur.current_events()][0] == "setup_board"
    assert "players.board_by_count" in view.info.value and "10 Silver" in view.info.value
    # a shows_hidden teaching example: the frame shows the dealt hands, and so does its log
    assert "A1, D3, D5, F4, G4, X" in view.info.value
    lines = [o[0] for o in view.eventlog.select.options]
    assert len(lines) == 8 and view.eventlog.select.value == 7  # the picker is never blank: the newest
    assert 'data-clause="order.rounds_first_player"' in view.eventlog.detail.value  # event and its clause
    assert any("A1, D3" in x for x in lines)
    cur.jump(cur.length)
    assert view.eventlog.select.options[0][0].startswith("1. " + SETUP_MARK)
    assert len(view.eventlog.select.options) > 8 and view.eventlog.select.value is not None
    cur.jump(0)
    assert len(view.eventlog.select.options) == 8
    # beside the rulebook: loading at frame 0 leaves the section; a click on a setup event highlights
    reader = page.ScenarioReader(SM_SPEC, [SCENARIOS / "shadow_master" / "setup_deal_two_players.yaml"], section=5,
                            follow_sections=False)
    assert reader.panel.dropdown.value == 5 and reader.view.eventlog.select.value == 7
    assert not reader.panel.cited  # the event chosen at frame 0 highlights nothing there
    reader.view.eventlog.select.value = 2  # setup_silver
    assert 'data-clause="setup.starting_silver"' in reader.view.eventlog.detail.value
    section = reader.panel.dropdown.value
    assert any(c.id == "setup.starting_silver" for c in reader.book.sections()[section][1])


def test_shadow_master_play_log_shows_own_hand_only():
    session = GameSession(SM, config={"players": 2}, seed=7)
    table = page.PlayTable(SM_SPEC, session, viewer=0, bots={})
    lines = [o[0] for o in table.eventlog.select.options]
    assert len(lines) == 8 and all(SETUP_MARK in x for x in lines)
    text = " ".join(lines)
    assert "A1, D3, D5, F4, G4, X" in text  # the reader's own Territory cards
    assert "A2, C6" not in text and "ได้รับการ์ดในมือตอนเริ่มเกม: การ์ดปิด" in text
    table.act({"player": 0, "type": "skip"})
    table.undo()
    assert session.step == 0 and [o[0] for o in table.eventlog.select.options] == lines


def test_scenario_run_prints_the_setup_events(capsys):
    from rules.__main__ import main

    assert main(["scenario", "run", "data/scenarios/coup/setup_deal_two_players.yaml"]) == 0
    out = capsys.readouterr().out
    setup, _, steps = out.partition(" 1. ")
    assert " 0. ตั้งเกม / setup" in setup and "setup_deal ['setup.deal']" in setup
    assert "setup_first_player ['setup.first_turn']" in setup and "gain ['actions.income']" in steps
