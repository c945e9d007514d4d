"""The Coup table widget: drawn from observe only (no hidden card reaches the browser), buttons
apply legal actions, bots answer, scenarios step through."""
import html
import random

import ipywidgets as w
import pytest

from rules.core.protocol import TERMINAL
from rules.coup import GAME
from widgets import page
from widgets.coup import SPEC
from widgets.coup.labels import LABELS
from widgets.coup.table import table_html
from widgets.page import PlayTable
from widgets.session import GameSession
from rules.core.scenario import find_scenarios, load_scenario
from rules.coup.bots import honest_bot, random_bot

SCENARIOS = SPEC.scenarios


def CoupTable(session, viewer=0, bots=None, seed=0):
    """The Coup table of the shared page (``widgets.page.PlayTable`` with Coup's SPEC)."""
    return PlayTable(SPEC, session, viewer=viewer, bots=bots, seed=seed)


def scenario_session(sc):
    return GameSession.from_scenario(sc)


def action_label(a, state=None):
    """The label the page shows for ``a`` (``SPEC.label``: the engine's describe_action)."""
    return SPEC.label(state if state is not None else GAME.new_game(GAME.make_config({"players": 4}), 0), a)


def play_panel():
    return page.play(SPEC)


def scenario_picker():
    return page.rulings(SPEC)


def test_table_html_depends_only_on_what_the_viewer_may_see():
    rng = random.Random(0)
    for g in range(15):
        cfg = GAME.make_config({"players": 4, "reformation": g % 2 == 0})
        s = GAME.new_game(cfg, g)
        while GAME.current_player(s) != TERMINAL:
            for v in (0, 2, None):
                other = GAME.resample_hidden(s, v, rng)
                assert table_html(GAME.observe(s, v), None, s) == table_html(GAME.observe(other, v), None, other)
            cp = GAME.current_player(s)
            if cp == -1:
                s = GAME.apply(s, GAME.sample_chance(s, rng)).state
                continue
            seats = sorted(cp) if isinstance(cp, frozenset) else [cp]
            legal = GAME.legal_actions(s, seats[rng.randrange(len(seats))])
            s = GAME.apply(s, legal[rng.randrange(len(legal))]).state


def test_a_seat_view_never_names_another_seats_hidden_card():
    session = GameSession(GAME, config={"players": 3}, seed=0, overrides={
        "hands": [["duke", "captain"], ["contessa", "contessa"], ["assassin", "ambassador"]], "deck_top": ["duke"]})
    table = CoupTable(session, viewer=0)
    spectator = CoupTable(session, viewer=None)
    seat1 = CoupTable(session, viewer=1)
    assert "ดยุค" in table.board.html.value  # its own card
    session.apply({"player": 0, "type": "income"})
    session.apply({"player": 1, "type": "exchange", "character": "inquisitor"})  # a bluff
    session.apply({"player": 0, "type": "pass"})
    session.apply({"player": 2, "type": "pass"})
    assert session.observation(1)["phase"] == "exchange"
    for view in (table, spectator):
        text = view.board.html.value + " ".join(str(o) for o in view.eventlog.select.options)
        text += " ".join(b.description for b in view.choices)
        assert "คอนเตสซ่า" not in text and "contessa" not in text
    assert "คอนเตสซ่า" in seat1.board.html.value and "หยิบมา" in seat1.board.html.value


def test_buttons_apply_and_bots_answer():
    session = GameSession(GAME, config={"players": 3}, seed=3)
    table = CoupTable(session, viewer=0, bots={1: honest_bot, 2: random_bot}, seed=3)
    labels = [b.description for b in table.choices]
    income_label = SPEC.label(session.state, {"player": 0, "type": "income"})
    assert income_label in labels
    income = next(b for b in table.choices if b.description == income_label)
    income.click()
    assert session.length >= 2 and table.message.value == ""
    cp = session.current_player()
    assert cp == TERMINAL or 0 in (cp if isinstance(cp, frozenset) else {cp})


def test_a_full_game_by_clicking():
    rng = random.Random(5)
    panel = play_panel()
    panel.children[1].children[2].click()  # new game with the default settings
    table = panel.children[3].children[0]
    for _ in range(500):
        if table.session.current_player() == TERMINAL:
            break
        buttons = table.choices
        if not buttons:  # you are out: the bots wait for "play the rest"
            assert table.viewer_out() and table.finish_button.layout.display == "", table.board.html.value
            table.finish_button.click()
            continue
        buttons[rng.randrange(len(buttons))].click()
        assert "kl-error" not in table.message.value
    assert table.session.current_player() == TERMINAL
    assert "ผู้ชนะ" in table.board.html.value


def test_every_scenario_steps_through():
    for path in find_scenarios(SCENARIOS):
        sc = load_scenario(path)
        session, notes = scenario_session(sc)
        assert session.step == 0
        assert session.length == len([s for s in sc.steps if not s.expect_error])
        assert len(notes) == len([s for s in sc.steps if s.expect_error])
    picker = scenario_picker()
    dropdown = picker.children[0]
    assert len(dropdown.options) == len(find_scenarios(SCENARIOS))
    dropdown.value = dropdown.options[-1][1]
    assert picker.children[1].value == ""


@pytest.mark.parametrize("section,scenario", [(0, None), (2, "4_forced_coup"), (5, "6_reformation_same_faction")])
def test_section_view(section, scenario):
    view = page.section(SPEC, section, scenario)
    assert "kl-clause" in view.panel.body.value


def test_action_labels_cover_every_type():
    rng = random.Random(1)
    s = GAME.new_game(GAME.make_config({"players": 4, "reformation": True}), 1)
    seen = set()
    for _ in range(3000):
        cp = GAME.current_player(s)
        if cp == TERMINAL:
            s = GAME.new_game(GAME.make_config({"players": 4, "reformation": True}), rng.randrange(99))
            continue
        if cp == -1:
            s = GAME.apply(s, GAME.sample_chance(s, rng)).state
            continue
        seats = sorted(cp) if isinstance(cp, frozenset) else [cp]
        legal = [a for p in seats for a in GAME.legal_actions(s, p)]
        for a in legal:
            assert SPEC.label(s, a) != a["type"], a
            seen.add(a["type"])
        s = GAME.apply(s, legal[rng.randrange(len(legal))]).state
    assert len(seen) >= 15


# ----------------------------------------------------------------------------- fixes after a fresh-eyes review
def test_target_seats_read_as_seats_not_amounts():
    for typ, target in (("steal", 1), ("examine", 2), ("coup", 3), ("assassinate", 1), ("convert", 2)):
        label = action_label({"player": 0, "type": typ, "target": target})
        assert f"ที่นั่ง {target + 1}" in label and f"seat {target + 1}" in label.lower(), label


def test_spectator_heading_is_neutral_and_status_names_the_action():
    session = GameSession(GAME, config={"players": 3}, seed=1)
    spectator = table_html(session.observation(None))
    assert "เลือกการกระทำ</b> / choose an action" not in spectator and "ช่วงเลือกการกระทำ" in spectator
    assert "เลือกการกระทำ</b> / choose an action" in table_html(session.observation(0))
    session.apply({"player": 0, "type": "foreign_aid"})
    head = table_html(session.observation(None), None, session.state)
    assert "foreign_aid" not in head and SPEC.label(session.state, {"player": 0, "type": "foreign_aid"}) in head


def test_hidden_draws_in_the_log_are_readable():
    """A bot game's log, seen by seat 0: other seats' draws and exchanges name the seat and a
    hidden card, never the internal event name."""
    from rules.coup.bots import make_bot
    session = GameSession(GAME, config={"players": 4}, seed=2)
    table = CoupTable(session, viewer=0, bots={s: make_bot("bluffer") for s in range(4)}, seed=2)
    table.advance()
    hidden = [e for e in session.events if not e.visible(0)]
    assert hidden
    lines = [o[0] for o in table.eventlog.select.options]
    for kind in ("card_drawn", "exchange_draw", "exchange_return", "examine_show"):
        assert not any(f"({kind}" in x or f"{kind}:" in x for x in lines)
    assert any(f"ที่นั่ง {hidden[0].actor + 1} ▸" in x and "การ์ดปิด / " in x for x in lines)


def test_chance_after_an_undo_comes_back_the_same():
    """Shuffles (and the bots) along one line of play are the same after going back."""
    from rules.coup.bots import make_bot
    session = GameSession(GAME, config={"players": 4}, seed=6)
    table = CoupTable(session, viewer=None, bots={s: make_bot("bluffer") for s in range(4)}, seed=6)
    table.advance()
    line = list(session.actions)
    chances = [i for i, a in enumerate(line) if "chance" in a]
    assert chances
    for back in chances[:5]:
        session.jump(back - 1)
        session.branch()
        table.advance()
        assert session.actions == line


def test_rulings_are_listed_in_natural_order_with_their_number():
    """1, 2, ..., 9, 10, ... 14 (not 10-14 before 1), labelled with the ruling number; the first
    ruling is chosen by default."""
    dropdown = scenario_picker().children[0]
    names = [p.name for _label, p in dropdown.options]
    numbered = [n for n in names if n[0].isdigit()]
    numbers = [int(n.split("_")[0].rstrip("abc")) for n in numbered]
    assert numbers == sorted(numbers) and numbers[0] == 1 and numbers[-1] >= 14
    assert names[:len(numbered)] == numbered  # setup examples (no number) come after the rulings
    assert dropdown.value.name.startswith("1_")
    labels = dict((p.name, label) for label, p in dropdown.options)
    assert labels["8a_embezzle_proves_no_duke.yaml"].startswith("ข้อ 8a / ruling 8a: ")
    assert labels["10_steal_blocked_and_examine.yaml"].startswith("ข้อ 10 / ruling 10: ")


def test_no_faction_is_shown_before_the_faction_choice():
    session = GameSession(GAME, config={"players": 3, "reformation": True}, seed=1)
    assert session.observation(0)["phase"] == "faction"
    for v in (0, 1, None):
        html = table_html(session.observation(v))
        assert "ศาสนา ก" not in html.split("kl-seats", 1)[1] and "ศาสนา ข" not in html.split("kl-seats", 1)[1]
    chooser = session.current_player()
    session.apply(next(a for a in session.legal_actions(chooser) if a["type"] == "choose_faction"))
    seats = table_html(session.observation(None)).split("kl-seats", 1)[1]
    assert seats.count("ศาสนา ก") + seats.count("ศาสนา ข") == 3


def test_an_eliminated_seat_shows_no_claims():
    """Scenario 2: seat 1 claims Contessa, is caught bluffing and loses both cards."""
    sc = load_scenario(SCENARIOS / "2_contessa_bluff_loses_both.yaml")
    session, _ = scenario_session(sc)
    session.jump(session.length)
    obs = session.observation(None)
    out = [p for p in obs["players"] if not p["alive"]]
    assert out and any(p["claims"] for p in out)  # the engine keeps them; the view drops them
    html = table_html(obs)
    for p in out:
        seat_div = html.split(f"<b>ที่นั่ง {p['seat'] + 1}</b>", 1)[1].split('<div class="kl-seat', 1)[0]
        assert "อ้าง / claimed" not in seat_div
    alive_claims = [p for p in obs["players"] if p["alive"] and p["claims"]]
    assert html.count("อ้าง / claimed") == len(alive_claims)


def test_a_teaching_example_log_shows_the_hidden_events_text():
    """Where every card is shown (shows_hidden), the log names the dealt hands and draws too;
    a play view of the same game keeps them hidden."""
    path = SCENARIOS / "13a_inquisitor_examine_force_exchange.yaml"
    assert load_scenario(path).shows_hidden
    view = page.scenario_at(SPEC, path, 0)
    assert "ตัวอย่างสอน" in view.intro.value  # said once, by the page (test_the_teaching_line_is_shown_once)
    assert 'class="kl-card back"' not in view.board.html.value  # every hand face up on the table
    session = view.session
    view.cursor.jump_action(session.length)
    lines = [o[0] for o in view.eventlog.select.options]
    hidden = [e for e in session.events if not e.visible(None)]
    assert hidden and len([e for e in session.setup_events if not e.visible(None)]) == len(session.initial.hands)
    assert not any("การ์ดปิด" in x for x in lines)
    for e in hidden:
        assert any(e.text_th in x for x in lines), e
    seat0 = CoupTable(session, viewer=0)
    assert sum("การ์ดปิด" in o[0] for o in seat0.eventlog.select.options) >= 3


# ----------------------------------------------------------------------------- play: undo, seeds, no leaks
def _all_widgets(root):
    out, todo = [], [root]
    while todo:
        x = todo.pop()
        out.append(x)
        todo += [c for c in getattr(x, "children", ()) if isinstance(c, w.Widget)]
    return out


def _live_widgets() -> int:
    from ipywidgets.widgets import widget
    registry = getattr(widget, "_instances", None)
    return len(registry if registry is not None else widget.Widget.widgets)


def _panel_parts(panel):
    bots_row, game_row, _error, holder, _share = panel.children
    reform, seed, start, used = game_row.children
    return seed, start, used, holder


def test_playing_leaves_no_widgets_behind():
    """53 clicks over 10 games used to take live widgets from 26 to 905: buttons are reused and a
    replaced table is closed."""
    rng = random.Random(8)
    panel = play_panel()
    seed, start, used, holder = _panel_parts(panel)
    seed.value = "3"
    start.click()
    start.click()
    baseline = _live_widgets()
    clicks = 0
    for game in range(10):
        seed.value = str(game)
        start.click()
        table = holder.children[0]
        for _ in range(6):
            buttons = table.choices
            if not buttons:
                break
            buttons[rng.randrange(len(buttons))].click()
            clicks += 1
            assert "kl-error" not in table.message.value
    assert clicks >= 40
    # a few more pooled buttons may be needed by a bigger choice; nothing grows with the clicks
    assert _live_widgets() - baseline <= 12, (_live_widgets(), baseline)


def test_new_game_gets_a_new_seed_unless_one_is_typed():
    panel = play_panel()
    seed, start, used, holder = _panel_parts(panel)
    assert seed.value == ""
    seeds, deals = set(), set()
    for _ in range(4):
        start.click()
        table = holder.children[0]
        seeds.add(table.session.seed)
        deals.add(str(table.session.initial.hands) + str(table.session.actions[:6]))
        assert f"<b>{table.session.seed}</b>" in used.value and table.seed == table.session.seed
    assert len(seeds) == 4 and len(deals) > 1
    seed.value = " 4242 "
    games = []
    for _ in range(2):
        start.click()
        table = holder.children[0]
        assert table.session.seed == 4242 and "<b>4242</b>" in used.value
        games.append((table.session.initial.hands, list(table.session.actions)))
    assert games[0] == games[1]  # a typed seed replays the same game
    seed.value = "x1"
    start.click()
    assert "play: seed" in panel.children[2].value and holder.children[0] is table


def _bot_table(players=4, seed=11, reformation=False):
    from rules.coup.bots import make_bot
    session = GameSession(GAME, config={"players": players, "reformation": reformation}, seed=seed)
    table = CoupTable(session, viewer=0, bots={s: make_bot("bluffer") for s in range(1, players)}, seed=seed)
    table.advance()
    table.render()
    return table


def test_undo_my_move_goes_back_before_my_last_decision_and_replays_the_bots():
    table = _bot_table()
    session = table.session
    assert table.undo_button.disabled  # nothing of mine to undo yet
    assert table.undo_button.layout.display != "none"
    rng = random.Random(3)
    for _ in range(4):
        table.choices[rng.randrange(len(table.choices))].click()
        if session.current_player() == TERMINAL or not table.choices:
            break
    assert not table.undo_button.disabled
    line = list(session.actions[:session.step])
    mine = [j for j, a in enumerate(line) if a.get("player") == 0 and "chance" not in a]
    shown = table.board.html.value
    table.undo_button.click()
    assert "kl-error" not in table.message.value
    assert session.step == mine[-1]  # just before my last decision, bots' later moves undone
    assert line[mine[-1]] in session.legal_actions(0)
    assert table.board.html.value != shown or session.step == len(line)
    # the same decision again brings back the same bot moves and the same shuffles
    label = SPEC.label(session.state, line[mine[-1]])
    next(b for b in table.choices if b.description.split(" ⚠ ")[0] == label).click()
    assert session.actions[:session.step] == line
    # undo all the way back: then nothing is left to undo
    while not table.undo_button.disabled:
        table.undo_button.click()
    assert session.step == mine[0] and table._my_last_action() is None


def test_undo_is_hidden_for_spectators_and_in_teaching_examples():
    sc = load_scenario(SCENARIOS / "2_contessa_bluff_loses_both.yaml")
    session, _ = scenario_session(sc)
    table = CoupTable(session, viewer=None)
    assert table.undo_button.layout.display == "none"
    view = page.scenario_at(SPEC, SCENARIOS / "2_contessa_bluff_loses_both.yaml", 0)
    assert not any(isinstance(x, w.Button) and "undo" in x.description for x in _all_widgets(view))


def test_when_you_are_out_the_bots_wait_for_play_the_rest():
    """The click that eliminates you returns at once; "play the rest" lets the bots finish."""
    for seed in range(40):
        table = _bot_table(players=4, seed=seed)
        session = table.session
        rng = random.Random(seed)
        while session.current_player() != TERMINAL and not table.viewer_out():
            buttons = table.choices
            # prefer losing quickly: challenge everything, never block
            pick = [b for b in buttons if b.description.startswith("ท้าทาย")] or list(buttons)
            pick[rng.randrange(len(pick))].click()
        if table.viewer_out() and session.current_player() != TERMINAL:
            break
    else:
        raise AssertionError("no game left the bots playing after seat 0 was out")
    assert table.choices == [] and table.buttons.html == "" and table.finish_button.layout.display == ""
    table.finish_button.click()
    assert session.current_player() == TERMINAL and table.finish_button.layout.display == "none"
    assert "ผู้ชนะ" in table.board.html.value


@pytest.mark.parametrize("game,stem", [("coup", "13a_inquisitor_examine_force_exchange"),
                                       ("coup", "setup_deal_two_players"),
                                       ("shadow_master", "setup_deal_two_players")])
def test_the_teaching_line_is_shown_once(game, stem):
    """A teaching example (shows_hidden) says "every card is shown" once, at the top of the
    scenario with its title (the page's, the same for every game), at every frame: the Coup table
    said it a second time above the seats."""
    import importlib
    spec = importlib.import_module(f"widgets.{game}").SPEC
    view = page.scenario_at(spec, spec.scenarios / f"{stem}.yaml", 0)
    assert view.scenario.shows_hidden
    for i in range(view.cursor.length + 1):
        view.cursor.step = i
        texts = [x.value for x in _all_widgets(view) if isinstance(x, w.HTML)]
        assert sum(t.count("ตัวอย่างสอน") for t in texts) == 1, (stem, i)
        assert sum(t.count("every card is shown") for t in texts) == 1, (stem, i)
        assert "ตัวอย่างสอน" in view.intro.value


def test_the_play_table_starts_with_the_honest_bots_and_offers_the_others():
    """A fresh user found the default bluffing bots hard to learn against: the play table starts
    with the engine's honest bots (never bluff, challenge only what card counting proves false);
    the bluffing and random bots stay selectable.  The analyzer's own bot setting is not this one."""
    from rules.coup.bots import Bluffer, honest_bot
    panel = play_panel()
    kind = panel.children[0].children[1]
    assert kind.value == "honest" and set(dict(kind.options).values()) == {"honest", "bluffer", "random"}
    seed, start, _used, holder = _panel_parts(panel)
    seed.value = "5"
    start.click()
    table = holder.children[0]
    assert table.bots and all(bot is honest_bot for bot in table.bots.values())
    kind.value = "bluffer"
    start.click()
    assert all(isinstance(bot, Bluffer) for bot in holder.children[0].bots.values())
    assert SPEC.analysis[0] == "honest"  # "what would the bots do here?" was already honest


def test_readers_count_seats_from_1_as_in_the_other_games():
    """Coup's texts said "ที่นั่ง 0" where every other game says "ผู้เล่น 1" / "seat 1" (a fresh
    user's finding).  Ids (in actions, observations, saves) still count from 0; every word a reader
    sees counts from 1: the engine's event texts and action labels, the table, the story's
    headings and the seat names, over bot games of 2 to 6 seats."""
    import re
    from rules.core.play import choose_action
    from rules.coup.state import seat_name
    from widgets.coup import labels

    assert seat_name(0) == ("ที่นั่ง 1", "seat 1") and SPEC.seat_label(0) == "ที่นั่ง 1"
    rng = random.Random(3)
    said: set[int] = set()
    for players in range(2, 7):
        session = GameSession(GAME, config={"players": players, "reformation": players % 2 == 0}, seed=players)
        texts = [t for e in session.events for t in (e.text_th, e.text_en)]
        assert f"seats 1-{players} clockwise" in " ".join(texts)
        while GAME.current_player(session.state) != TERMINAL and session.step < 200:
            s = session.state
            cp = GAME.current_player(s)
            for seat in ([cp] if isinstance(cp, int) and cp >= 0 else sorted(cp) if isinstance(cp, frozenset) else []):
                texts += [t for a in GAME.legal_actions(s, seat) for t in GAME.describe_action(s, a)]
            texts += [table_html(session.observation(v), None, s) for v in (None, 0)]
            texts.append(labels.turn_of(session.observation(None)))
            tr = session.apply(choose_action(GAME, s, None, rng))
            texts += [t for e in tr.events for t in (e.text_th, e.text_en)]
        for text in texts:
            for n in re.findall(r"(?:ที่นั่ง|[Ss]eat) (\d+)", text):
                assert 1 <= int(n) <= players, (n, text)
                said.add(int(n))
    assert said == {1, 2, 3, 4, 5, 6}


def _words_on(table):
    """A table's lines naming the game: every HTML widget of it whose words say "Coup" (its style
    sheet aside)."""
    out = []

    def walk(x):
        if isinstance(x, w.HTML) and not x.value.lstrip().startswith("<style") and "Coup" in x.value:
            out.append(x.value)
        for c in getattr(x, "children", ()) or ():
            walk(c)
    walk(table)
    return "\n".join(out)


def test_a_table_names_the_game_as_its_config_plays_it_not_the_product():
    """A fresh user's finding: with the Reformation off (the base deck + the Inquisitor) the play
    panel, a session opened from its save file and the ruling saved from it named Coup by its
    product title "Coup (Inquisitor + Reformation)", or not at all.  Each table's header, a reopened
    session's and a saved ruling's title say the engine's ``title_in_play`` of the config in play."""
    import yaml
    from widgets import sharing
    config = {"players": 4, "reformation": False, "deck": "all_six"}
    words = GAME.title_in_play(config)
    assert words == ("เกมโค่นอำนาจ + นักสืบศาสนา", "Coup + Inquisitor")  # Thai says the Inquisitor too
    panel = play_panel()
    seed, start, used, holder = _panel_parts(panel)
    seed.value = "5"
    start.click()  # the default settings: 3 bots, the Reformation box off
    table = holder.children[0]
    assert GAME.make_config(table.session.config) == GAME.make_config(config)
    head = _words_on(table)
    assert f"<b>{words[0]} 4 ที่นั่ง</b>" in head and f"<b>{words[1]}, 4 seats</b>" in head, head
    assert "Reformation" not in head and "Reformation" not in used.value
    share = panel.children[4]
    text = share.save_text()
    share.open_table(text, "coup_seed5.json")  # the saved session opened again: the same header
    reopened = holder.children[0]
    assert reopened is not table and _words_on(reopened) == head
    ruling = yaml.safe_load(share.save_ruling())
    assert ruling["title_th"].startswith(f"{words[0]} 4 ที่นั่ง: ")
    assert ruling["title_en"].startswith(f"{words[1]}, 4 seats: ") and "Reformation" not in ruling["title_en"]
    # with the box ticked the table says the Reformation is on (the engine's words again)
    panel.children[1].children[0].value = True
    start.click()
    assert f"<b>{GAME.title_in_play({**config, 'reformation': True})[1]}, 4 seats</b>" in _words_on(holder.children[0])
    # a link's game, seated where no play panel is (shared_game), has the same header
    code = sharing.link_code(reopened.session, {"viewer": 0, "bots": "honest"})
    assert _words_on(page.shared_game(SPEC, code).table) == head


def _knocked_out_by_challenges(seed=464591):
    """The trial's game: 3 honest bots, the reader challenges every claim until both cards are lost."""
    table = page.new_table(SPEC, 3, "honest", seed)
    for _ in range(200):
        if table.session.current_player() == TERMINAL or table.viewer_out():
            break
        buttons = table.choices
        pick = [b for b in buttons if " challenges " in b.description] or list(buttons)
        pick[0].click()
    assert table.viewer_out()
    return table


def test_when_you_are_out_the_table_does_not_rest_at_chance_and_says_so():
    """Knocked out by a failed challenge (the proven card is shuffled back: a chance node): chance
    is resolved before the table waits, and the prompt says you are out and how the game goes on."""
    table = _knocked_out_by_challenges()
    session = table.session
    assert session.current_player() not in (TERMINAL, -1)  # waits at a bot's decision, not at chance
    assert "shuffle / chance" not in table.board.html.value
    assert "คุณออกจากเกมแล้ว" in table.prompt.value and "you are out" in table.prompt.value
    assert "let the bots finish" in table.prompt.value  # the button it names
    table.finish_button.click()
    assert session.current_player() == TERMINAL and "ผู้ชนะ" in table.board.html.value


def test_a_chance_node_is_named_by_the_engines_words():
    """A table at a chance node says what chance does (the engine's describe_action of the due
    outcome), not the node's internal name."""
    table = _knocked_out_by_challenges()
    session = GameSession(GAME, config={"players": 4}, seed=464591)
    for a in table.session.actions:
        session.apply(dict(a))
        if session.current_player() == -1:
            break
    assert session.current_player() == -1
    html = table_html(session.observation(None), None, session.state)
    assert "the deck is shuffled" in html and "shuffle / chance" not in html


def test_cards_and_claims_are_named_in_thai_and_english():
    """A card chip and a block on the table read "ทูต / Ambassador" (the engine's names); a claim
    (a narrow seat on a phone) gives its English in the tooltip."""
    session = GameSession(GAME, config={"players": 3}, seed=0, overrides={
        "hands": [["ambassador", "inquisitor"], ["duke", "duke"], ["captain", "contessa"]]})
    table = CoupTable(session, viewer=0)
    html = table.board.html.value
    for th, en in (("ทูต", "Ambassador"), ("นักสืบศาสนา", "Inquisitor")):
        # both halves on screen, the English one a phone hides (its CSS), both in the tooltip
        assert f'title="{th} / {en}">{th}<span class="kl-card-en"> / {en}</span></span>' in html
    from widgets.coup.table import CSS
    assert ".kl-coup .kl-card-en { display: none; }" in CSS
    session.apply({"player": 0, "type": "foreign_aid"})
    session.apply({"player": 1, "type": "block", "character": "duke"})
    html = CoupTable(session, viewer=None).board.html.value
    assert "blocked by seat 2 with the Duke" in html
    # the claim in Thai and English, the card chips' words (a fresh user read "อ้าง / claimed: ดยุค")
    assert ('อ้าง / claimed: <span class="kl-claim" title="ดยุค / Duke"><span class="kl-claim-th">ดยุค</span> / '
            '<span class="kl-claim-en">Duke</span></span>') in html


def test_a_claim_names_its_card_in_the_engines_thai_and_english():
    """A fresh user read the log's "อ้าง / claimed: ดยุค": Thai only.  Each claimed character reads
    Thai / English in the engine's card words (``card_words``, the card chips' source)."""
    import re

    from rules.coup.actions import card_words
    session = GameSession(GAME, config={"players": 3}, seed=0, overrides={
        "hands": [["ambassador", "inquisitor"], ["duke", "duke"], ["captain", "contessa"]]})
    session.apply({"player": 0, "type": "foreign_aid"})
    session.apply({"player": 1, "type": "block", "character": "duke"})
    html_ = CoupTable(session, viewer=None).board.html.value
    claims = re.findall(r'<div class="kl-claims">(.*?)</div>', html_)
    assert claims, html_
    said = re.sub(r"<[^>]+>", "", claims[0])
    assert said == "อ้าง / claimed: {} / {}".format(*card_words("duke")) == "อ้าง / claimed: ดยุค / Duke", said


def _finished(seed=3, players=3):
    session = GameSession(GAME, config={"players": players}, seed=seed)
    rng = random.Random(seed)
    from rules.core.play import choose_action
    while (action := choose_action(GAME, session.state, None, rng)) is not None:
        session.apply(dict(action))
    return session


def test_at_game_over_the_status_says_the_game_is_over_and_who_won_not_a_turn():
    """A fresh user read "ตาของที่นั่ง 3 / seat 3's turn" on a finished game: the status now says
    the game is over and names the winner (``score_breakdown``'s), no seat's turn, no seat framed
    as the one to play."""
    import re

    session = _finished()
    sb = GAME.score_breakdown(session.state)
    assert session.current_player() == TERMINAL and sb["winners"], sb
    th, en = LABELS.seat_words(sb["winners"][0])
    for viewer in (None, 0):
        html_ = table_html(session.observation(viewer), None, session.state)
        head = html_.split('<div class="kl-head">')[1].split('</div>')[0]
        assert "ตาของ" not in head and "'s turn" not in head, head
        assert f"เกมจบแล้ว ผู้ชนะ: {th} / the game is over, the winner: {en}" in head, head
        assert head.count("ผู้ชนะ") == 1, head  # said once
        assert not re.search(r'class="kl-seat turn', html_)


def _head(html_: str) -> str:
    return html_.split('<div class="kl-head">')[1].split('</div>')[0]


@pytest.mark.parametrize("seed,reformation", [(1, True), (2, False), (3, True), (4, False)])
def test_a_finished_play_table_shows_no_pending_action_only_who_won(seed, reformation):
    """Let the bots finish a game: the table's header said "การกระทำ / action: seat 2: claim the
    Assassin: pay 3 to assassinate seat 4" under "the game is over" - the last turn's action as if
    still pending.  At the end (the engine's TERMINAL) it names the winner and no pending action."""
    table = page.new_table(SPEC, seed=seed, options={"reformation": reformation})
    table.finish()
    state = table.session.state
    assert GAME.current_player(state) == TERMINAL and GAME.observe(state, None)["action"]
    winner = GAME.score_breakdown(state)["winners"][0]
    th, en = LABELS.seat_words(winner)
    heads = [_head(x.value) for x in _html_widgets(table) if 'class="kl-head"' in x.value]
    assert len(heads) == 1, heads
    head = heads[0]
    assert f"เกมจบแล้ว ผู้ชนะ: {th} / the game is over, the winner: {en}" in head, head
    assert "การกระทำ / action" not in head and "ยับยั้งโดย" not in head and "blocked by" not in head, head
    assert "ตาของ" not in head and "'s turn" not in head, head


def test_a_game_ended_in_a_block_window_shows_no_stale_block():
    """A game can end while a block stands (the blocker's challenger loses its last card): the
    header names the winner, not "blocked by ..."."""
    from rules.core.play import choose_action
    for seed in range(200):
        state, rng = GAME.new_game(GAME.make_config({"players": 3}), seed), random.Random(seed)
        while (a := choose_action(GAME, state, None, rng)) is not None:
            state = GAME.apply(state, a).state
        if GAME.observe(state, None)["block"]:
            break
    else:
        pytest.fail("no game ended with a block standing")
    for viewer in (None, 0, 1, 2):
        head = _head(table_html(GAME.observe(state, viewer), None, state))
        assert "เกมจบแล้ว ผู้ชนะ" in head and "ยับยั้งโดย" not in head and "การกระทำ / action" not in head, head


def _html_widgets(root):
    out = [root] if isinstance(root, w.HTML) else []
    for c in getattr(root, "children", ()) or ():
        out += _html_widgets(c)
    return out


def test_the_event_picker_and_its_heading_give_the_events_english():
    """"ข้อกติกาของ / clauses of" entries and the chosen event's heading: Thai, then the event's English."""
    session = GameSession(GAME, config={"players": 3}, seed=0, overrides={
        "hands": [["ambassador", "inquisitor"], ["duke", "duke"], ["captain", "contessa"]]})
    table = CoupTable(session, viewer=None)
    session.apply({"player": 0, "type": "foreign_aid"})
    session.apply({"player": 1, "type": "block", "character": "duke"})
    table.render()
    log = table.eventlog
    ev = session.events[-1]
    assert ev.text_en and ev.text_en != ev.text_th
    label = log.select.options[-1][0]
    assert label.endswith(f"{ev.text_th} / {ev.text_en}"), label
    log.select.value = len(log.select.options) - 1
    assert html.escape(ev.text_en) in log.detail.value


def test_a_claimant_proving_or_not_names_its_claim_without_repeating_its_seat():
    """"seat 2: do not prove seat 2's Duke block" read badly: the claimant's own labels say "its"."""
    session = GameSession(GAME, config={"players": 3}, seed=0, overrides={
        "hands": [["ambassador", "inquisitor"], ["duke", "assassin"], ["captain", "contessa"]]})
    session.apply({"player": 0, "type": "foreign_aid"})
    session.apply({"player": 1, "type": "block", "character": "duke"})
    session.apply({"player": 0, "type": "challenge"})
    labels = [SPEC.label(session.state, a) for a in session.legal_actions(1)]
    assert any("do not prove its Duke block (of seat 1's foreign aid)" in x for x in labels), labels
    assert any("show the Duke to prove its Duke block" in x for x in labels), labels
    assert not any("seat 2's" in x for x in labels), labels
