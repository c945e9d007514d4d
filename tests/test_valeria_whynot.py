""""Why can't I do this?" in Valeria: the engine's ``unavailable`` (at each decision, one refused
action of each kind the rulebook offers there, with ``explain_illegal``'s own refusal) and the play
table's fold that shows it (widgets.whynot) in the engine's words, clause ids in tooltips only."""
from __future__ import annotations

import time

from rules.core.testing import random_decisions, unavailable_problems
from rules.valeria import GAME
from tests.test_clause_cards import _ids_in, _words
from widgets import page
from widgets.session import GameSession
from widgets.valeria import SPEC


BATTLE_SHRINES = {"gem": ["orc1"], "magic": ["gnoll2"], "champion": ["skeleton3"], "gold": ["gnoll4"],
                  "tactics": ["gargoyle5"]}
"""The shrines of the worked ruling 1_strength_capped_by_influence (few dice: the troops fit the bag)."""



def _start(overrides, players=2, seed=2, **config):
    s = GAME.new_game(GAME.make_config({"players": players, **config}), seed)
    return GAME.apply_overrides(s, overrides)


def _kinds(s, seat=0):
    return [(a["type"], a.get("shrine") or a.get("champion") or a.get("plan") or a.get("track")
             or a.get("space") or a.get("slot"), why.clause) for a, why in GAME.unavailable(s, seat)]


def _at_shrine(overrides, shrine, die):
    """Seat 0 moved its Warden into ``shrine`` and took ``die``: the shrine's own choice is next."""
    s = _start(overrides)
    s = GAME.apply(s, {"player": 0, "type": "enter", "shrine": shrine}).state
    return GAME.apply(s, {"player": 0, "type": "take", "troop": die[0], "face": die[1]}).state


def test_random_positions_every_listed_action_is_refused_by_the_engine_with_the_same_clause():
    """Seeded random play, a few hundred decisions at 2-4 seats: every (action, refusal) listed is
    not a legal action, ``explain_illegal`` refuses it with the same clause and words; a seat not
    deciding gets nothing; and at least the main kinds show up (the hook is not empty)."""
    seen, decisions, times = set(), 0, []
    games = [(seed, {"players": 2 + seed % 3}) for seed in range(4)]
    for s, cp in random_decisions(GAME, games, max_steps=700):
        decisions += 1
        t0 = time.perf_counter()
        got = GAME.unavailable(s, cp)
        times.append(time.perf_counter() - t0)
        assert unavailable_problems(GAME, s, cp) == []   # not legal; explain_illegal's own refusal
        for action, refusal in got:
            assert refusal.message_th and refusal.message_en and "{" not in refusal.message_en
            seen.add((action["type"], refusal.clause))
        assert GAME.unavailable(s, (cp + 1) % s.n) == []
    assert decisions >= 300
    assert {("enter", "turn.warden_move"), ("camp", "battle.return_to_camp"), ("flip", "battle.assign_troops"),
            ("claim_award", "shrines.magic"), ("level_up", "battle.level_up")} <= seen, seen
    times.sort()
    assert times[int(len(times) * 0.95)] < 0.005  # it runs at every decision of the play table


def test_move_lists_the_occupied_and_empty_shrines_and_camp():
    """turn.warden_move (not where it stands), dice.troops (no die left), battle.return_to_camp
    (no plan it can complete): each shrine and camp by its own reason."""
    s = _start({"turn": 0, "players": {0: {"side": 0, "warden": "gold", "troops": []}, 1: {"side": 0}},
                "shrines": {"gold": ["orc6"], "magic": []}})
    assert _kinds(s) == [("enter", "magic", "dice.troops"), ("enter", "gold", "turn.warden_move"),
                         ("camp", None, "battle.return_to_camp")]
    # seat 1 is not deciding: nothing to ask
    assert GAME.unavailable(s, 1) == []


def test_champion_too_dear_says_its_price_and_the_gold():
    """shrines.champion: a face-up champion whose price (less the die's discount) is above the gold."""
    s = _at_shrine({"turn": 0, "players": {0: {"side": 0, "warden": "gold", "gold": 0}, 1: {"side": 0}},
                    "shrines": {"champion": ["orc6"]}}, "champion", ("orc", 6))
    got = GAME.unavailable(s, 0)
    dear = [(a, why) for a, why in got if a["type"] == "buy_champion"]
    assert len(dear) == len([c for c in s.champ_up if c is not None]) >= 1
    for a, why in dear:
        assert why.clause == "shrines.champion" and "มีทอง 0" in why.message_th and "you have 0" in why.message_en


def test_champion_quota_full_names_the_level_up():
    """A full champion quota (3 at first) refuses every face-up champion by battle.level_up."""
    from rules.valeria.data import load
    three = sorted(load().champions)[:3]
    s = _at_shrine({"turn": 0, "players": {0: {"side": 0, "warden": "gold", "gold": 13, "champions": three},
                                          1: {"side": 0}},
                    "shrines": {"champion": ["orc6"]}}, "champion", ("orc", 6))
    clauses = {why.clause for a, why in GAME.unavailable(s, 0) if a["type"] == "buy_champion"}
    assert clauses == {"battle.level_up"}


def test_a_plan_the_troops_cannot_meet_and_one_too_dear_are_listed():
    """battle.choose_plan: a row plan above the gold; battle.assign_troops: a reserved plan whose
    dice the troops (and gems as wilds) cannot meet.  The battle starts only with a completable
    plan (battle.return_to_camp), so the reader meets the others refused at this step."""
    s = GAME.new_game(GAME.make_config({"players": 2}), 1)
    s = GAME.apply_overrides(s, {"turn": 0, "players": {
        0: {"side": 0, "map_id": "map1", "warden": "gold", "gold": 0, "gems": 0,
            "troops": ["goblin6", "goblin5", "orc4"], "reserve": ["plan42"]}, 1: {"side": 0}},
        "shrines": BATTLE_SHRINES})
    s = GAME.apply(s, {"player": 0, "type": "camp"}).state
    got = {a["plan"]: why for a, why in GAME.unavailable(s, 0) if a["type"] == "choose_plan"}
    assert "plan42" not in got  # the plan it can complete is legal
    row = [pid for pid in s.plan_row if pid is not None]
    from rules.valeria.data import load
    prices = load().row_prices
    for j, pid in enumerate(s.plan_row):
        if pid is not None and prices[j] > 0:
            assert got[pid].clause == "battle.choose_plan" and "มีทอง 0" in got[pid].message_th
    assert set(got) <= set(row)


def test_adjust_without_gems_or_magic_lists_flip_and_magic():
    """battle.assign_troops: at the adjust step with no gem and no magic, a flip and a
    magic turn are refused, each once (one representative per kind), fight stays legal."""
    s = GAME.new_game(GAME.make_config({"players": 2}), 1)
    s = GAME.apply_overrides(s, {"turn": 0, "players": {
        0: {"side": 0, "map_id": "map1", "warden": "gold", "gems": 0, "magic": 0,
            "troops": ["goblin6", "goblin5", "orc4"], "reserve": ["plan42"]}, 1: {"side": 0}},
        "shrines": BATTLE_SHRINES})
    for a in ({"type": "camp"}, {"type": "choose_plan", "plan": "plan42"}, {"type": "assign", "die": 0, "wild": False},
              {"type": "assign", "die": 1, "wild": False}, {"type": "assign", "die": 2, "wild": False}):
        s = GAME.apply(s, {"player": 0, **a}).state
    got = [(a["type"], a.get("delta"), why.clause) for a, why in GAME.unavailable(s, 0)]
    assert got == [("flip", None, "battle.assign_troops"), ("magic", 1, "battle.assign_troops"),
                   ("magic", -1, "battle.assign_troops")]


def test_an_award_not_met_yet_says_the_number_needed():
    """shrines.magic: a face-up award whose condition is not met now."""
    s = _at_shrine({"turn": 0, "players": {0: {"side": 0, "warden": "gold"}, 1: {"side": 0}},
                    "shrines": {"magic": ["orc6"]}}, "magic", ("orc", 6))
    got = [(a, why) for a, why in GAME.unavailable(s, 0) if a["type"] == "claim_award"]
    assert got, "a fresh seat meets no award"
    for a, why in got:
        assert why.clause == "shrines.magic" and "ต้องมี" in why.message_th and "needed" in why.message_en


def test_the_play_tables_fold_lists_the_refused_moves_in_words():
    """The play panel's "why can't I do something?" fold at the reader's Warden move: the shrine
    the Warden stands on, the empty one and the camp, by the engine's words and clause titles; no
    clause id in the visible text (tooltips only)."""
    session = GameSession(GAME, config={"players": 2}, seed=2,
                          overrides={"turn": 0, "players": {0: {"side": 0, "warden": "gold", "troops": []},
                                                            1: {"side": 0}},
                                     "shrines": {"gold": ["orc6"], "magic": []}})
    _label, factory = SPEC.bots["greedy"]
    table = page.PlayTable(SPEC, session, viewer=0, bots={1: factory()})
    try:
        assert table.whynot in table.controls.children
        out = table.whynot.value
        assert "class='kl-whynot'" in out and out.count("<li>") == 3
        text = _words(out)
        assert "ทำไมทำบางอย่างไม่ได้?" in text
        assert "ย้าย Warden ไปศาลทอง" in text and "Warden อยู่ที่ศาลทองแล้ว" in text
        assert "ศาลเวทมนตร์ไม่มีเต๋าเหลือ" in text and "กลับค่าย ออกรบ" in text
        assert "ข้อกติกา / rule:" in text and "title='battle.return_to_camp'" in out
        assert not _ids_in(text, "valeria"), text
    finally:
        table.close()
