"""Valeria's widget folder on the shared page: every worked ruling steps through the reader, the
battle scenario shows the capped strength, the shrine explainer comes from the engine, and a game
against the bots is played to the end by clicking the page's buttons."""
from __future__ import annotations

import random

from rules.core.protocol import TERMINAL
from rules.valeria import GAME
from rules.valeria.shrines import shrine_values
from widgets import page
from widgets.valeria import SPEC


def test_rulings_step_through_the_shared_reader():
    reader = page.rulings(SPEC)
    assert len(reader.picker.options) == len(list(SPEC.scenarios.glob("*.yaml"))) >= 10
    for _label, path in reader.picker.options:
        reader.picker.value = path
        view = reader.view
        assert reader.error.value == "" and view.error.value == ""
        view.cursor.jump_action(view.session.length)
        for seat, p in enumerate(view.session.state.players):
            assert f"data-seat='{seat}'" in view.board.html.value
            assert f"<td class='kl-vp'>{p.vp}</td>" in view.board.html.value


def test_the_battle_stepper_shows_strength_cut_to_influence():
    view = page.scenario_at(SPEC, SPEC.scenarios / "1_strength_capped_by_influence.yaml", 6)
    html = view.board.html.value
    assert "kl-real'>12<" in html and "influence 12" in html
    shown = view.cursor.shown_events()
    assert any(ev.kind == "battle_strength" and "battle.strength_cap" in ev.cites for ev in shown)


def test_shrine_explainer_is_the_engines():
    s = GAME.apply_overrides(GAME.new_game(GAME.default_config(2), 2),
                             {"turn": 0, "players": {0: {"side": 0, "warden": "gold"}, 1: {"side": 0}},
                              "shrines": {"gold": ["orc6"], "magic": []}})
    vals = {v["shrine"]: v for v in shrine_values(s, 0)}
    assert vals["gold"]["refusal"] == "turn.warden_move" and vals["magic"]["refusal"] == "dice.troops"
    from widgets.valeria.board import table_html
    obs = GAME.observe(s, None)
    assert "kl-explain" in table_html(s, obs, SPEC.seat_label)


def test_a_game_against_the_bots_is_played_to_the_end():
    panel = page.play(SPEC, first_seed=5)
    table = panel.children[3].children[0]
    rng = random.Random(0)
    for _ in range(3000):
        if table.session.current_player() == TERMINAL:
            break
        legal = table.legal()
        assert legal, "the reader must have a choice"
        table.act(legal[rng.randrange(len(legal))])
        assert "kl-error" not in table.message.value
    assert table.session.current_player() == TERMINAL


def test_shrine_explainer_rows_are_the_engines_numbers():
    """The "ถ้าเข้าศาลตอนนี้" table shows ``shrine_values`` row by row, and its numbers hold: the gold
    shrine's best discount is the most gold entering it now can give (entered and taken by the engine)."""
    import re
    from widgets.valeria.board import table_html
    s = GAME.apply_overrides(GAME.new_game(GAME.default_config(2), 4),
                             {"turn": 0, "players": {0: {"side": 0, "warden": "magic"}, 1: {"side": 0}},
                              "shrines": {"gold": ["orc1", "gnoll4", "goblin6"], "gem": ["orc2"]}})
    html = table_html(s, GAME.observe(s, None), SPEC.seat_label)
    explain = html[html.index("kl-explain"):]
    rows = re.findall(r"<tr><td>([^<]+)</td><td>([^<]+)</td><td>(\d+)</td><td>(\d+)</td><td>([^<]+)<br>", explain)
    vals = shrine_values(s, 0)
    assert [(r[2], r[3], r[4]) for r in rows] == [(str(v["dice"]), str(v["best_discount"]), v["gives_th"]) for v in vals]
    assert [r[1].startswith("✓") for r in rows] == [v["enter"] for v in vals]
    gold = next(v for v in vals if v["shrine"] == "gold")
    got = []
    for a in GAME.legal_actions(GAME.apply(s, {"player": 0, "type": "enter", "shrine": "gold"}).state, 0):
        st = GAME.apply(s, {"player": 0, "type": "enter", "shrine": "gold"}).state
        got.append(GAME.apply(st, a).state.players[0].gold - s.players[0].gold)
    assert max(got) == gold["best_discount"] == 3 and gold["dice"] == 3


def test_the_table_shows_the_engines_sum_before_the_fight():
    view = page.scenario_at(SPEC, SPEC.scenarios / "10_gems_magic_and_ongoing_champion.yaml", 7)
    from rules.valeria.battle import strength_breakdown
    bd = strength_breakdown(view.session.state, 0)
    assert (f"เต๋า / dice {bd['dice_sum']} + โบนัส / bonuses {bd['bonus_sum']} = {bd['total']}" in view.board.html.value
            and f"real if fought now {bd['real']}" in view.board.html.value and bd["real"] == 10)
