"""Issue 10, the battle workbench: the engine's battle queries (``battle.strength_breakdown``,
``battle.vp_lookup``, ``campaign.level_preview``, ``campaign.map_view`` and the labels built on
them) say exactly what the actions then do, and the workbench (``widgets/valeria/battle.py``),
driven by clicks in Python, reaches the exact engine states and shows the engine's numbers."""
from __future__ import annotations

import random
import re

import pytest
from ipywidgets.widgets.widget import _instances

from rules.core.protocol import CHANCE, TERMINAL, BadInput
from rules.core.scenario import load_scenario
from rules.valeria import GAME
from rules.valeria import battle as vb
from rules.valeria import campaign
from rules.valeria.board import ability
from rules.valeria.bots import greedy_bot
from rules.valeria.names import plan_name
from widgets.session import GameSession
from widgets.valeria import SPEC
from widgets.valeria.battle import BattleBench, battle_starts

S10 = SPEC.scenarios / "10_gems_magic_and_ongoing_champion.yaml"
S5 = SPEC.scenarios / "5_one_marker_two_chains.yaml"


def _session(path, step: int) -> GameSession:
    session, _notes = GameSession.from_scenario(load_scenario(path))
    session.jump(step)
    return session


def _fight_matches(state, seat: int) -> None:
    """strength_breakdown before a fight == what the fight's events say."""
    bd = vb.strength_breakdown(state, seat)
    tr = GAME.apply(state, {"player": seat, "type": "fight"})
    ev = next(x for x in tr.events if x.kind == "battle_strength")
    board = bd["bonuses"][0]
    assert board["source"] == "board" and board["amount"] == ability(state.players[seat], "strength", state.config)
    assert ev.data["dice"] == bd["dice_sum"] == sum(r["strength"] for r in bd["slots"])
    assert ev.data["board_bonus"] == board["amount"]
    assert ev.data["champion_bonus"] == bd["bonus_sum"] - board["amount"]
    for key in ("total", "influence", "real", "capped"):
        assert ev.data[key] == bd[key], key
    assert bd["real"] == min(bd["total"], bd["influence"])
    battles = [x.data["vp"] for x in tr.events if x.kind == "score" and x.data["source"] == "battles"]
    assert sum(battles) == bd["vp_total"] == bd["vp"]["vp"] + bd["reserve_bonus"]
    assert tr.state.players[seat].vp_by[0] - state.players[seat].vp_by[0] == bd["vp_total"]
    spent = state.players[seat].influence - tr.state.players[seat].influence
    gained = sum(x.data["amount"] for x in tr.events if x.kind == "gain" and x.data["resource"] == "influence")
    assert spent + gained == bd["influence_spent"]
    fired = [x for x in tr.events if x.kind in ("gain", "score") and "battle.ongoing_champions" in x.cites]
    assert len(fired) == sum(len(o["gains"]) for o in bd["ongoing"] if o["met"])
    assert bd["complete"] and bd["clauses"] == ("battle.strength_cap",) and bd["vp"]["clauses"] == ("battle.vp_conversion",)


# ----------------------------------------------------------------------------- engine queries
def test_the_breakdown_of_the_worked_example_is_exact():
    s = _session(S10, 7).state   # camp, plan38, three dice (one wild), a gem flip, a magic step
    bd = vb.strength_breakdown(s, 0)
    assert [(r["troop"], r["rolled"], r["face"], r["wild"], r["counts_as"], r["strength"]) for r in bd["slots"]] == [
        ("goblin", 2, 5, False, "goblin", 5), ("orc", 3, 4, False, "orc", 4), ("skeleton", 5, 5, True, "gargoyle", 5)]
    assert bd["slots"][2]["clauses"] == ("battle.assign_troops", "shrines.gem")
    assert (bd["dice_sum"], bd["bonus_sum"], bd["total"], bd["influence"], bd["real"], bd["capped"]) == (14, 0, 14, 10, 10, True)
    assert bd["vp"] == {"real": 10, "vp": 10, "reading": "linear", "rows": [], "row": None,
                        "clauses": ("battle.vp_conversion",), "ambiguity": "vp_conversion_table"}
    assert bd["ongoing"] == [{"champion": "ongoing02", "label_th": "แชมเปียนออร์คต่อเนื่อง 2", "label_en": "Orc ongoing champion 2",
                              "met": True, "gains": [["gold", 2]], "clauses": ("battle.ongoing_champions",)}]
    _fight_matches(s, 0)
    # part way: the sum so far, slots still empty
    part = vb.strength_breakdown(_session(S10, 3).state, 0)
    assert not part["complete"] and part["dice_sum"] == 2 and [r["die"] for r in part["slots"]] == [0, None, None]
    assert vb.next_slot(_session(S10, 3).state) == 1 and vb.next_slot(s) is None


def test_the_breakdown_of_scenario_one_has_the_board_bonus():
    s = _session(SPEC.scenarios / "1_strength_capped_by_influence.yaml", 5).state
    bd = vb.strength_breakdown(s, 0)
    assert bd["bonuses"][0]["amount"] == 1 and bd["bonuses"][0]["clauses"] == ("battle.strength_cap", "battle.level_up")
    assert (bd["dice_sum"], bd["total"], bd["real"]) == (15, 16, 12)
    _fight_matches(s, 0)


@pytest.mark.parametrize("config", [{}, {"vp_conversion_table": "stepped", "reserve_bonus": "plus_one_vp"},
                                    {"influence_spent_in_battle": "spent", "champion_same_kind": "troop_type"}],
                         ids=["default", "stepped_reserve", "spent"])
def test_every_fight_of_bot_games_is_its_breakdown(config):
    """In greedy games (2 and 3 players), at every fight: the breakdown equals the fight's events."""
    fights = 0
    for players, seed in ((2, 1), (3, 2)):
        s = GAME.new_game({"players": players, **config}, seed)
        rng = random.Random(seed)
        for _ in range(3000):
            cp = GAME.current_player(s)
            if cp == TERMINAL:
                break
            if cp == CHANCE:
                outs = GAME.chance_outcomes(s)
                s = GAME.apply(s, rng.choices([o for o, _ in outs], [p for _, p in outs])[0]).state
                continue
            legal = GAME.legal_actions(s, cp)
            a = greedy_bot(GAME.observe(s, cp), legal, rng)
            if a["type"] == "fight":
                _fight_matches(s, cp)
                fights += 1
            s = GAME.apply(s, a).state
    assert fights >= 10, fights


def test_the_breakdown_refuses_without_a_battle_waiting():
    for s in (_session(S10, 0).state, _session(S10, 8).state):   # no battle yet; fought already
        with pytest.raises(BadInput) as exc:
            vb.strength_breakdown(s, 0)
        assert exc.value.field == "battle"
    with pytest.raises(BadInput):
        vb.strength_breakdown(_session(S10, 7).state, 1)          # not this seat's battle


def test_vp_lookup_reads_the_chart():
    linear = GAME.make_config({"players": 2})
    stepped = GAME.make_config({"players": 2, "vp_conversion_table": "stepped"})
    assert vb.vp_lookup(12, linear)["vp"] == 12 and vb.vp_lookup(12, linear)["row"] is None
    got = vb.vp_lookup(10, stepped)
    assert (got["vp"], got["row"]) == (4, 2) and got["rows"][2] == {"from": 8, "to": 10, "vp": 4}
    assert vb.vp_lookup(4, stepped)["vp"] == 1 and vb.vp_lookup(0, stepped)["row"] == 0
    top = vb.vp_lookup(20, stepped)
    assert (top["vp"], top["row"], top["rows"][-1]["to"]) == (12, 6, None)
    assert [vb.vp_for(r, stepped) for r in range(0, 22, 3)] == [vb.vp_lookup(r, stepped)["vp"] for r in range(0, 22, 3)]
    assert vb.reserve_bonus("reserve", GAME.make_config({"players": 2, "reserve_bonus": "plus_one_vp"})) == 1
    assert vb.reserve_bonus("row", GAME.make_config({"players": 2, "reserve_bonus": "plus_one_vp"})) == 0
    assert vb.reserve_bonus("reserve", linear) == 0


def test_level_preview_is_what_the_level_up_unlocks():
    s = _session(S5, 5).state   # fought; the level-up is asked
    preview = campaign.level_preview(s, 0)
    assert [x["track"] for x in preview] == campaign.level_choices(s, 0)
    quota = next(x for x in preview if x["track"] == "quota")
    assert (quota["now"], quota["after"]) == (6, 10)   # quota already lifted once in this example
    for x in preview:
        a = {"player": 0, "type": "level_up", "track": x["track"]}
        after = GAME.apply(s, a).state
        assert ability(after.players[0], x["track"], after.config) == x["after"]
        assert GAME.describe_action(s, a)[0].endswith(f"({x['now']} → {x['after']})")


def test_map_view_says_what_each_marker_earns():
    s = _session(S5, 6).state   # levelled up; the marker is placed next
    view = campaign.map_view(s, 0)
    assert (view["rows"], view["cols"], len(view["spaces"])) == (3, 3, 9)
    held = {sp["id"]: sp["conquered"] for sp in view["spaces"] if not sp["free"]}
    assert held == {"a": 1, "g": 2}
    d = next(sp for sp in view["spaces"] if sp["id"] == "d")
    assert [c["bonus"] for c in d["chains"]] == ["magic", "magic"] and d["met"] is False and d["gives_vp"] == 0
    for sp in view["spaces"]:
        if not sp["free"]:
            continue
        a = {"player": 0, "type": "place_marker", "space": sp["id"]}
        tr = GAME.apply(s, a)
        placed = next(x for x in tr.events if x.kind == "marker_placed")
        assert placed.data["met"] == sp["met"] and placed.data["vp"] == sp["gives_vp"]
        assert placed.data["chains"] == [c["bonus"] for c in sp["chains"]]
        conquest = sum(x.data["vp"] for x in tr.events if x.kind == "score" and x.data["source"] == "conquest")
        assert conquest == sp["gives_vp"]
        label = GAME.describe_action(s, a)[0]
        assert (f"+{sp['gives_vp']} VP" in label) == bool(sp["gives_vp"])
        assert label.count("Chain") == len(sp["chains"])
    earned = {tuple(c["between"]) for c in view["chains"] if c["earned"]}
    assert earned == set()   # a and g are not neighbours
    assert campaign.map_view(GAME.new_game({"players": 2}, 1), 0) is None   # no side chosen yet


def test_condition_and_chain_texts():
    from rules.valeria.data import BattleCondition
    assert campaign.condition_text(BattleCondition()) == ("ไม่มีเงื่อนไข", "no condition")
    assert campaign.condition_text(BattleCondition(uses="orc", min=2, strength_min=12)) == (
        "ใช้ออร์ค ≥ 2 ลูก และ พลัง ≥ 12", "uses ≥ 2 orc and strength ≥ 12")
    assert campaign.chain_text("gold") == ("ทอง 3", "3 gold")
    assert campaign.chain_text("free_champion") == ("แชมเปียนฟรี 1 ใบ", "1 free champion")


def test_adjust_labels_say_the_face_it_becomes():
    s = _session(S10, 5).state   # every slot filled; one gem and 3 magic left
    for a in GAME.legal_actions(s, 0):
        if a["type"] not in ("flip", "magic"):
            continue
        label = GAME.describe_action(s, a)[0]
        before, after = map(int, re.search(r"\((\d) → (\d)\)$", label).groups())
        nxt = GAME.apply(s, a).state
        assert (s.battle.faces[a["slot"]], nxt.battle.faces[a["slot"]]) == (before, after), label


# ----------------------------------------------------------------------------- the workbench
def _key(bench, text: str) -> str:
    """The choice whose label says ``text``; a plan id (``plan38``) is looked for by its engine name
    (the labels name a plan by its dice, never by its id)."""
    if re.fullmatch(r"plan\d+", text):
        text = plan_name(text)[0]
    hits = [k for k, v in bench.choices.items() if v[0] == "act" and text in v[2]]
    assert len(hits) == 1, (text, {k: v[2] for k, v in bench.choices.items() if v[0] == "act"})
    return hits[0]


def _num(bench, cls: str) -> int:
    return int(re.search(rf"class='{cls}'>(\d+)<", bench.panel.value).group(1))


def test_the_bench_steps_a_battle_to_a_placed_marker():
    bench = BattleBench("10_gems_magic_and_ongoing_champion")
    assert bench.seat == 0 and bench.session.step == 0 and "data-type='camp'" in bench.board.html
    made = len(_instances)
    bench.click(_key(bench, "กลับค่าย"))
    assert plan_name("plan38")[0] in bench.board.html and plan_name("plan07")[0] in bench.board.html  # reserve and row
    bench.click(_key(bench, "plan38"))
    for die in (0, 1, 2):
        bench.click(f"die:{die}")
        assert f"slot:{die}" in bench.choices and "kl-picked" in bench.board.html
        bench.click(f"slot:{die}")
    bench.click(_key(bench, "พลิกเต๋าช่อง 1 (2 → 5)"))
    bench.click(_key(bench, "ปรับเต๋าช่อง 2 +1 (3 → 4)"))
    scenario = [dict(st.action) for st in load_scenario(S10).steps]
    assert bench.session.actions == scenario[:7]          # the worked example's moves, clicked
    assert (_num(bench, "kl-vb-dice-sum"), _num(bench, "kl-vb-total"), _num(bench, "kl-vb-influence"),
            _num(bench, "kl-vb-real"), _num(bench, "kl-vb-vp-total")) == (14, 14, 10, 10, 10)
    bench.click(_key(bench, "ออกรบ"))
    p = bench.state.players[0]
    assert (p.vp, p.gold, p.gems, p.magic, bench.state.gem_shrine) == (10, 3, 0, 2, 6)
    assert bench.state.battle.faces == (5, 4, 5) and bench.state.battle.real == 10
    assert _num(bench, "kl-vb-real") == 10 and _num(bench, "kl-vb-vp") == 10
    assert 'class="kl-clause cited" data-clause="battle.strength_cap"' in bench.panel.value
    assert "data-fought='1'" in bench.panel.value
    bench.click(_key(bench, "ช่องทหาร (3 → 4)"))
    assert ability(bench.state.players[0], "troop", bench.state.config) == 4
    assert "space:g" in bench.choices and "space:a" in bench.choices
    bench.click("space:g")
    p = bench.state.players[0]
    assert p.conquered == ("g",) and p.vp == 12 and p.plans == ("plan38",) and bench.done()
    assert bench.state.turn == 1 and _num(bench, "kl-vb-gained") == 12
    assert "ยึดแล้ว #1" in bench.board.html and set(bench.choices) == {"undo", "reset"}
    assert len(_instances) == made                   # no widget was built by a click


def _two_chains_to_the_reserve() -> BattleBench:
    """The bench of ``5_one_marker_two_chains`` with both dice placed (plan 35, back to camp) and
    "ออกรบ" then the reserve space clicked: the battle's last decision made."""
    bench = BattleBench("5_one_marker_two_chains")
    for key in ("กลับค่าย", "plan35"):
        bench.click(_key(bench, key))
    for die in (0, 1):
        bench.click(f"die:{die}")
        bench.click(f"slot:{die}")
    bench.click(_key(bench, "ออกรบ"))
    bench.click(_key(bench, "ช่องสำรอง"))
    return bench


def test_the_chain_bonuses_are_listed_with_their_clause():
    bench = _two_chains_to_the_reserve()
    assert "เวทมนตร์ 2, Chain เวทมนตร์ 2" in bench.choices["space:d"][2]
    bench.click("space:d")
    assert bench.state.players[0].magic == 7 and bench.done()
    chains = re.search(r"<ul class='kl-vb-chains'>(.*?)</ul>", bench.panel.value).group(1)
    assert chains.count("<li") == 2 and chains.count("title='battle.chain_bonus'") == 2


def test_stale_double_and_unknown_clicks_do_nothing():
    bench = BattleBench()
    camp = _key(bench, "กลับค่าย")
    old = bench.board.current
    bench.click(camp)
    assert bench.session.length == 1
    bench.click(camp, decision=old)                        # the double click: a stale picture
    bench.click("act:0", decision=old)                     # act:0 is now a plan: still refused
    assert bench.session.length == 1 and "kl-moved-on" in bench.message.value
    bench.board.decision = 10**6                           # a browser rewriting the synced trait
    bench.click("act:0", decision=10**6)
    assert bench.session.length == 1
    bench.click("slot:4")                                  # not on this picture
    assert bench.session.length == 1 and "nothing was done" in bench.message.value
    for bad in ({"event": "click", "choice": 3, "decision": bench.board.current},
                {"event": "click", "choice": "act:0", "decision": True}, {"event": "drop", "drag": "die:0"}, "x"):
        bench.board._on_custom_msg(bench.board, bad, [])
    assert bench.session.length == 1


def test_a_die_dragged_onto_the_next_slot_is_placed():
    bench = BattleBench()
    bench.click(_key(bench, "กลับค่าย"))
    bench.click(_key(bench, "plan38"))
    bench.board.drop("die:0", "slot:1")                    # not the next slot
    assert bench.session.length == 2
    bench.board.drop("die:1", "slot:0")                    # an orc is no goblin: not offered there
    assert bench.session.length == 2
    bench.board.drop("die:0", "slot:0")
    assert bench.session.actions[-1] == {"player": 0, "type": "assign", "die": 0, "wild": False}


def test_undo_goes_back_one_decision_and_reset_to_the_start():
    bench = BattleBench()
    for key in ("กลับค่าย", "plan07"):                      # plan07 bought from the row
        bench.click(_key(bench, key))
    gold = bench.state.players[0].gold
    assert gold == 0 and bench.state.plan_row.count("plan07") == 0
    bench.click("undo")
    assert bench.session.step == 1 and bench.state.players[0].gold == 1 and plan_name("plan07")[0] in bench.board.html
    bench.click(_key(bench, "plan38"))
    bench.click("reset")
    assert bench.session.step == 0 and "undo" not in bench.choices
    assert bench.state is bench.session.initial


def test_the_stepped_chart_is_read_and_highlighted():
    bench = BattleBench("10_gems_magic_and_ongoing_champion", reading="stepped")
    for key in ("กลับค่าย", "plan38"):
        bench.click(_key(bench, key))
    for die in (0, 1, 2):
        bench.click(f"die:{die}")
        bench.click(f"slot:{die}")
    bench.click(_key(bench, "ออกรบ"))
    assert bench.state.players[0].vp == 4                  # real 10: the band 8-10 gives 4
    assert "<tr class='kl-vb-hit'><td>8–10</td><td>4</td></tr>" in bench.panel.value
    assert _num(bench, "kl-vb-vp") == 4
    bench.reading.value = "linear"                         # another reading starts again
    assert bench.session.step == 0 and bench.session.config.vp_conversion_table == "linear"


def test_every_label_comes_from_describe_action(monkeypatch):
    monkeypatch.setattr(type(GAME), "describe_action", lambda self, s, a: (f"TH:{a['type']}", "EN"))
    bench = BattleBench()
    seen = set()
    for _ in range(12):
        acts = {k: v for k, v in bench.choices.items() if v[0] == "act"}
        for k, v in acts.items():
            assert v[2] == f"TH:{v[1]['type']}" and f"TH:{v[1]['type']}" in bench.board.html
            seen.add(v[1]["type"])
        slots = [k for k in acts if k.startswith("slot:")]
        dice = [k for k, v in bench.choices.items() if v[0] == "die"]
        if slots or not dice:
            if not acts:
                break
            bench.click((slots or sorted(acts, key=lambda k: acts[k][1]["type"] != "fight"))[0])
        else:
            bench.click(dice[0])
    assert {"camp", "choose_plan", "assign"} <= seen


@pytest.mark.parametrize("index", range(len(battle_starts())))
def test_random_clicks_finish_every_start(index):
    """From every start, random clicks on what is shown (dice, slots, choices, the map) finish the
    battle with no error; the VP shown as gained is the seat's real gain."""
    rng = random.Random(index)
    for reading in ("linear", "stepped"):
        bench = BattleBench(index, reading)
        vp0 = bench.state.players[bench.seat].vp
        for _ in range(300):
            if bench.done():
                break
            keys = [k for k in bench.choices if k not in ("undo", "reset")]
            bench.click(rng.choice(keys))
            assert "kl-error" not in bench.message.value, bench.message.value
            assert GAME.invariants(bench.state) == []
        assert bench.done()
        assert _num(bench, "kl-vb-gained") == bench.state.players[bench.seat].vp - vp0


def test_values_a_browser_writes_are_refused_or_harmless():
    """The two dropdowns and the board's synced traits get wild values the way a browser writes them
    (``set_state``): refused or kept among the options; the battle on screen is unchanged and the
    next real click still acts."""
    import traitlets
    bench = BattleBench()
    bench.click(_key(bench, "กลับค่าย"))
    actions = list(bench.session.actions)
    for x, names in ((bench.picker, ("value", "index")), (bench.reading, ("value", "index")),
                     (bench.board, ("decision", "html"))):
        for value in (10**12, -1, 3.5, "x" * 10_000, "", None, True, [1], {"a": 1}, "\x00"):
            for name in names:
                try:
                    x.set_state({name: value})
                except (traitlets.TraitError, ValueError, TypeError, KeyError, IndexError):
                    continue
    assert bench.picker.value in range(len(bench.starts)) and bench.reading.value in ("linear", "stepped")
    if bench.session.actions != actions:                     # a dropdown moved to a valid option: a fresh start
        assert bench.session.step == 0
    before = len(bench.session.actions)
    bench.click(sorted(k for k, v in bench.choices.items() if v[0] == "act")[0])
    assert len(bench.session.actions) == before + 1 and "kl-error" not in bench.message.value


def test_the_chosen_plan_is_shown_by_its_name_never_its_id():
    """A fresh user saw "แผนรบ / plan plan38": the chosen plan is named by its dice (plan_name)."""
    bench = BattleBench("10_gems_magic_and_ongoing_champion")
    bench.click(_key(bench, "กลับค่าย"))
    bench.click(_key(bench, "plan38"))
    th, en = plan_name("plan38")
    visible = re.sub(r"<[^>]*>", " ", bench.board.html)
    assert "plan38" not in visible, visible
    assert th in visible and en in visible and "ก็อบลิน 1" in th


def test_the_board_row_says_not_unlocked_instead_of_plus_zero():
    """A fresh user saw "player board: unlocked permanent +1 strength ... +0" with nothing unlocked:
    the engine's breakdown says the +1 is not unlocked yet, and the table shows that, not +0."""
    row = vb.strength_breakdown(_session(S10, 7).state, 0)["bonuses"][0]
    assert (row["source"], row["amount"], row["unlocked"]) == ("board", 0, False)
    assert "ยังไม่ปลดล็อก" in row["label_th"] and "not unlocked" in row["label_en"]
    on = vb.strength_breakdown(_session(SPEC.scenarios / "1_strength_capped_by_influence.yaml", 5).state, 0)["bonuses"][0]
    assert (on["amount"], on["unlocked"]) == (1, True) and "ยังไม่" not in on["label_th"]
    bench = BattleBench("10_gems_magic_and_ongoing_champion")
    bench.click(_key(bench, "กลับค่าย"))
    bench.click(_key(bench, "plan38"))
    board_row = re.search(r"<tr data-bonus='strength'>.*?</tr>", bench.panel.value, re.S).group(0)
    assert "+0" not in board_row and "ยังไม่ปลดล็อก" in board_row and "not unlocked" in board_row, board_row


def test_the_strength_table_heads_say_english_too_and_keep_troop_names_whole():
    """The strength column's head read "พลัง" alone (every other head is Thai / English; a fresh
    user read it as cut at the panel's edge), and a slot's troop name was cut inside the word at
    390 px ("ก็" / "อบลิน")."""
    from widgets.valeria.battle import BattleBench
    b = BattleBench()
    b.click(next(k for k, v in b.choices.items() if v[0] == "act"))  # back to camp
    b.click(next(k for k, v in b.choices.items() if v[0] == "act" and v[1]["type"] == "choose_plan"))
    html = b.panel.value
    assert "<th>พลัง / strength</th>" in html, html[:400]
    assert "<span class='kl-nobr'>ก็อบลิน</span>" in html


def test_a_late_click_on_an_ended_battle_says_nothing_of_it_going_on():
    """The last click of a battle clicked again (a double click) once the battle is over: nothing is
    applied and no "the game has moved on" note shows under "the battle is over"."""
    bench = _two_chains_to_the_reserve()
    last = bench.board.current
    bench.click("space:d")
    assert bench.done() and "kl-vb-over" in bench.panel.value
    length = bench.session.length
    bench.click("space:d", decision=last)                  # the double click's second message
    assert bench.session.length == length and "kl-moved-on" not in bench.message.value
    assert "kl-error" not in bench.message.value
