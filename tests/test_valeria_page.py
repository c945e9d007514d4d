"""Valeria's widget folder on the shared page: every worked ruling steps through the reader, the
battle scenario shows the capped strength, the shrine explainer comes from the engine, and a game
against the bots is played to the end by clicking the page's buttons."""
from __future__ import annotations

import random
import re

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
            assert f"<td class='kl-vp kl-val-num' data-label='VP'>{p.vp}</td>" in view.board.html.value


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
    rows = re.findall(r"<tr data-explain='(\w+)'><td[^>]*><b>.*?</b><br><span class='kl-enter'>(.)"
                      r".*?</td><td>(\d+)</td><td>(\d+)</td><td[^>]*>(.*?)<br>", explain)
    vals = shrine_values(s, 0)
    assert [(r[0], r[2], r[3], _plain(r[4])) for r in rows] == [
        (v["shrine"], str(v["dice"]), str(v["best_discount"]), v["gives_th"]) for v in vals]
    assert [r[1] == "✓" for r in rows] == [v["enter"] for v in vals]
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


# ----------------------------------------------------------------------------- the tester's defects (names, refusals, phone layout)
def _plain(fragment: str) -> str:
    """The text of an HTML fragment (tags dropped, entities decoded)."""
    import html
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def _two_refused():
    """Seat 0 to move with its Warden at the gold shrine and the magic shrine empty."""
    return GAME.apply_overrides(GAME.new_game(GAME.default_config(2), 2),
                                {"turn": 0, "players": {0: {"side": 0, "warden": "gold"}, 1: {"side": 0}},
                                 "shrines": {"gold": ["orc6"], "magic": []}})


def _explain_cells(html_text: str) -> dict:
    """``{shrine: first cell of its explainer row}`` (the shrine's name and whether it may be entered)."""
    explain = html_text[html_text.index("kl-explain"):]
    return dict(re.findall(r"<tr data-explain='(\w+)'><td[^>]*>(.*?)</td>", explain))


def test_a_refused_shrine_shows_the_engines_reason_not_a_bare_clause():
    """Defect 1: "✗ dice.troops" alone told nothing; the row now carries the engine's own refusal
    of that move (explain_illegal), Thai and English, then the clause by the engine's name of it
    (a later fresh user still read the id "dice.troops" there): the id only in its tooltip."""
    from rules.catalog import engine
    from widgets.rulepanel import clause_named
    from widgets.valeria.board import table_html
    s = _two_refused()
    cells = _explain_cells(table_html(s, GAME.observe(s, None), SPEC.seat_label))
    for shrine, clause in (("gold", "turn.warden_move"), ("magic", "dice.troops")):
        why = GAME.explain_illegal(s, {"player": 0, "type": "enter", "shrine": shrine})
        assert why is not None and why.clause == clause
        v = next(x for x in shrine_values(s, 0) if x["shrine"] == shrine)
        assert (v["refusal"], v["refusal_th"], v["refusal_en"]) == (why.clause, why.message_th, why.message_en)
        text = _plain(cells[shrine])
        assert why.message_th in text and why.message_en in text and clause not in text
        th, _en = clause_named(engine("valeria"), clause)
        assert th and "ข้อกติกา / rule: " + th in text and f"title='{clause}'" in cells[shrine]
        assert text.index(why.message_th) < text.index("ข้อกติกา / rule")  # the reason first
    assert _plain(cells["gem"]).endswith("✓ เข้าได้ / may enter")


def test_cards_and_maps_are_shown_by_name_never_by_id():
    """Defect 2: plans, champions, awards and maps by their engine name (plans and awards built from
    the card: dice needed, condition and VP); setup events name them too.  A fresh reader then found
    the ids under the names ("plan45", "map3a"): the names stand alone, the ids stay in saves."""
    from rules.valeria.data import load
    from rules.valeria.names import award_name, champion_name, map_name, plan_name
    from widgets.valeria.board import table_html
    s = _two_refused()
    text = _plain(table_html(s, GAME.observe(s, None), SPEC.seat_label))
    data = load()
    pid = s.plan_row[0]
    need = data.plans[pid].requires
    assert plan_name(pid)[0].startswith("แผนรบ ") and all(f"{n} {t}" in plan_name(pid)[1] for t, n in need.items())
    a = data.awards[s.award_up[0]]
    assert award_name(s.award_up[0])[1].endswith(f"≥ {a.condition.min} ({a.vp} VP)")
    for c in s.champ_up:
        assert champion_name(c)[0] in text and c not in text
    for aid in s.award_up:
        assert award_name(aid)[0] in text and aid not in text
    assert pid not in text
    p = s.players[0]
    assert map_name(p.map_id, p.side) == (f"{data.maps[p.map_id].name_th} หน้า A", f"{data.maps[p.map_id].name_en}, side A")
    assert map_name(p.map_id, p.side)[0] in text and p.map_id not in text
    events = {ev.kind: ev for ev in GAME.setup_events(GAME.new_game(GAME.default_config(2), 2))}
    row = GAME.new_game(GAME.default_config(2), 2).plan_row
    assert all(plan_name(x)[0] in events["plan_row"].text_th and x not in events["plan_row"].text_th for x in row)
    assert all(plan_name(x)[1] in events["plan_row"].text_en and x not in events["plan_row"].text_en for x in row)
    assert events["plan_row"].text_th.endswith("(ราคา 1-2-3-4 ทอง)")  # the row's prices, not "[1, 2, 3, 4]"
    assert events["plan_row"].text_en.endswith("(prices 1-2-3-4 gold)")
    assert "รางวัล " in events["awards"].text_th and not re.search(r"award\d", events["awards"].text_th)
    assert "แผนที่ยุทธการ" in events["player_set"].text_th and "Campaign map" in events["player_set"].text_en


def test_plan_slots_show_thai_troop_names_not_cut_codes():
    """Defect 3: a plan's slots said "gob", "gno"; they now say the engine's Thai troop names."""
    from rules.valeria.names import troop_name
    from rules.valeria.data import load
    from widgets.valeria.board import plan_html
    for pid in ("plan01", "plan06", "plan16"):
        h = plan_html(pid)
        for t in load().plans[pid].slots:
            assert f">{troop_name(t)[0]}</span>" in h
        assert not re.search(r">(gob|orc|ske|gar|gno|any)</span>", h)
    assert [troop_name(t)[0] for t in ("goblin", "gnoll", "gargoyle", "skeleton", "orc", "any")] == [
        "ก็อบลิน", "โนล", "การ์กอยล์", "โครงกระดูก", "ออร์ค", "ใดก็ได้"]


def test_phone_css_keeps_words_and_ids_whole_and_tables_scroll_in_their_box():
    """Defects 4-5 (the browser check is tests/test_browser_valeria.py): clause ids never wrap
    inside, Thai names wrap only between words, and every table of the view is in its own scroll box."""
    from widgets.valeria.board import CSS, table_html
    assert re.search(r"\.kl-val \.kl-nobr \{ white-space: nowrap; \}", CSS)
    assert re.search(r"\.kl-val td, \.kl-val th \{ overflow-wrap: normal; word-break: normal", CSS)
    assert re.search(r"\.kl-val \.kl-val-scroll \{ max-width: 100%; overflow-x: auto; \}", CSS)
    s = _two_refused()
    h = table_html(s, GAME.observe(s, None), SPEC.seat_label)
    top = [m.start() for m in re.finditer(r"<table(?! class='map')", h)]
    assert len(top) == 4 and all(h[:i].endswith("<div class='kl-val-scroll'>") for i in top)
    assert "<span class='kl-nobr'>ศาลแชมเปียน</span>" in h and "<th><span class='kl-nobr'>แชมเปียน</span><br><span class='kl-en'>champions</span></th>" in h


def test_the_wardens_place_is_named_in_thai():
    """Defect 7: under each player the Warden's place said "gold" / "camp" only.  Then a fresh
    reader found "Warden: ศาลทอง" there, the label English only: it reads as the rulebook names the
    piece ("หมาก Warden", setup.player_pieces), in Thai and English, from the engine (names.warden_at)."""
    from rules.valeria.names import place_name, warden_at
    from widgets.valeria.board import table_html
    s = _two_refused()
    h = table_html(s, GAME.observe(s, None), SPEC.seat_label)
    seat0 = h[h.index("data-seat='0'"):h.index("data-seat='1'")]
    seat1 = h[h.index("data-seat='1'"):]
    assert place_name("gold") == ("ศาลทอง", "gold shrine") and place_name("camp") == ("ค่าย", "camp")
    assert warden_at("gold") == ("หมาก Warden อยู่ที่ศาลทอง", "Warden at the gold shrine")
    assert warden_at("camp") == ("หมาก Warden อยู่ที่ค่าย", "Warden at camp")
    assert "หมาก Warden อยู่ที่ศาลทอง" in _plain(seat0) and "Warden at the gold shrine" in _plain(seat0)
    assert "หมาก Warden อยู่ที่ค่าย" in _plain(seat1) and "Warden at camp" in _plain(seat1)
    assert "Warden:" not in _plain(h)


def test_the_refusal_of_a_shrine_and_the_enterable_list_agree_everywhere():
    """``shrines.enter_refusal`` (the reason the move step and the explainer give) is ``None``
    exactly for the shrines of ``shrines.enterable`` (the fast list the engine and the kernel
    offer), at every decision of random games under both troop_slots_full readings."""
    from rules.core.play import choose_action
    from rules.valeria.config import SHRINES
    from rules.valeria.shrines import enter_refusal, enterable
    checked = refused = 0
    for seed, reading in [(1, "forbidden"), (2, "forbidden"), (3, None), (4, None)]:
        config = {"players": 3} | ({"troop_slots_full": reading} if reading else {})
        state = GAME.new_game(config, seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if GAME.current_player(state) == TERMINAL:
                break
            seat = GAME.current_player(state)
            if seat >= 0:
                ok = enterable(state, seat)
                for shrine in SHRINES:
                    why = enter_refusal(state, seat, shrine)
                    assert (why is None) == (shrine in ok), (seed, shrine, why, ok)
                    checked += 1
                    refused += why is not None
            state = GAME.apply(state, choose_action(GAME, state, None, rng)).state
    assert checked > 1000 and refused > 100


def test_no_internal_id_reaches_the_screen():
    """A fresh reader found card and map ids under their names ("plan45", "map3a"), the row's
    prices as a Python list ("ราคา [1, 2, 3, 4]") and a config pair in the battle workbench: the
    page's widgets (every ruling at its end, the workbench, a game against the bots, the register)
    show the engine's names and words only (tests/screen_text.py)."""
    import ipywidgets as w
    from tests.screen_text import offending, screen_text
    from widgets.valeria.battle import bench
    reader = page.rulings(SPEC)
    seen = []
    for _label, path in reader.picker.options:
        reader.picker.value = path
        reader.view.cursor.jump_action(reader.view.session.length)
        seen.append(screen_text(reader))
    table = page.play(SPEC, first_seed=5)
    seen.append(screen_text(w.VBox([page.section(SPEC, "setup", "setup_two_players"), bench(), table,
                                    page.register(SPEC)])))
    text = "\n".join(seen)
    assert offending(text) == []
    from rules.valeria.names import row_prices_name
    assert row_prices_name()[0] in text and "แผนรบ " in text  # the words are there, not just ids gone


def test_the_warden_and_the_awards_have_the_rulebooks_thai_words():
    """A fresh reader found the column "Warden", the row "Award" and the story line "Award ที่เปิด"
    with no Thai.  The Thai rulebook says "หมาก Warden" (setup.player_pieces) and "การ์ดรางวัล (Award)"
    (setup.awards): the table, the setup event and the pile names use those words."""
    from rules.valeria.names import award_pile_name
    from widgets.valeria.board import table_html
    s = _two_refused()
    text = _plain(table_html(s, GAME.observe(s, None), SPEC.seat_label))
    heads = re.findall(r"<th>(.*?)</th>", table_html(s, GAME.observe(s, None), SPEC.seat_label))
    plain_heads = [_plain(h) for h in heads]
    assert "หมาก Warden / Warden" in plain_heads and "การ์ดรางวัล / awards" in plain_heads
    assert "Warden" not in plain_heads and "Award" not in plain_heads and "Award" not in text
    events = {ev.kind: ev for ev in GAME.setup_events(GAME.new_game(GAME.default_config(2), 2))}
    assert events["awards"].text_th.startswith("การ์ดรางวัลที่เปิด: ") and "Award" not in events["awards"].text_th
    assert award_pile_name(0) == ("กองการ์ดรางวัลซ้าย", "the left award pile")


def _markdown_of(game_id: str) -> str:
    import json
    from pathlib import Path
    nb = Path(__file__).resolve().parents[1] / "notebooks" / f"{game_id}.ipynb"
    return "\n".join("".join(c["source"]) for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]
                     if c["cell_type"] == "markdown")


def test_the_page_text_names_clauses_and_register_entries_in_words():
    """The battle sections said "(ข้อ battle.strength_cap ถูกเน้น)" and the dice section "ดูทะเบียน
    troop_slots_full": developer ids on the reader's page (a fresh user's finding).  The text names
    the clause as the engine does (:meth:`GameBase.cite_name`), and no clause or register id."""
    from rules.core.rulebook import load_rulebook
    from rules.core.ambiguity import load_ambiguities
    text = _markdown_of("valeria")
    ids = [c.id for c in load_rulebook("valeria").clauses] + [a.id for a in load_ambiguities("valeria")]
    shown = [i for i in ids if re.search(rf"(?<![\w.]){re.escape(i)}(?![\w.])", text)]
    assert shown == []
    th, en = GAME.cite_name("battle.strength_cap")
    assert text.count(f'"{th}" ถูกเน้น') == 2 and text.count(f'"{en}" highlighted') == 2


def test_the_page_and_register_call_the_rulebook_the_rulebook():
    """"The seed does not print them", "The seed refers to the table but never prints it": "seed"
    meant the rulebook's text, while the play panel's seed is the random seed.  Reader-facing text
    of the Valeria, New World and Shadow Master pages says "the rulebook" (Shadow Master's register
    said "source: seed wording" and "seed example"); a random seed keeps its name."""
    from widgets.rulepanel import ambiguities_html as register_html
    seed_as_text = re.compile(r"\b[Tt]he seed\b|\bSeed\b|\bseed's\b|\bseed (?:wording|example|text)\b")
    for game_id in ("valeria", "new_world", "shadow_master"):
        assert seed_as_text.findall(register_html(game_id)) == [], game_id
        assert seed_as_text.findall(_markdown_of(game_id)) == [], game_id
    assert "data/valeria" not in _markdown_of("valeria")  # a repository path is not the reader's word


def test_the_campaign_map_has_its_english_name_and_says_what_its_letters_are():
    """The seat's map read "แผนที่ยุทธการ 4 หน้า A" over a grid "a b c / d e f / g h i" with no
    English and no word on the letters (a reader took them for a placeholder)."""
    from rules.valeria.names import map_name
    from widgets.valeria.board import map_html
    p = {"map_id": "map4", "side": 0, "conquered": []}
    th, en = map_name("map4", 0)
    html = map_html(p)
    assert f"/ {en}</span>" in html and "Campaign map 4, side A" == en
    assert "spaces a–i, as the place-marker buttons name them" in html and "ปุ่มวางหมาก" in html
    assert "/ Campaign map 4</span> (ยังไม่เลือกหน้า / side not chosen)" in map_html({**p, "side": None})
