"""The shared game page (widgets/page.py) and the rule that no widget decides a rule.

* the toy game's widget folder (widgets/toy_pig/, the one a contributor copies) builds its page
  through the shared page: a scenario stepper and a play panel;
* a click is bound to the action and the decision it was shown for (a double or late click is
  refused, never applied to another action);
* each "rule in a widget" found in issue 8 has a test here that fails if it comes back.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from rules.core.play import playout
from rules.core.protocol import TERMINAL
from widgets import page
from widgets.session import GameSession

WIDGETS = Path(__file__).resolve().parents[1] / "widgets"


def widget_sources() -> dict[str, str]:
    return {str(p.relative_to(WIDGETS)): p.read_text(encoding="utf-8") for p in WIDGETS.rglob("*.py")}


# ----------------------------------------------------------------------------- the toy game's folder
def test_toy_pig_page_is_built_through_the_shared_page():
    """The template's widget folder (widgets/toy_pig/) on the template engine (rules/toy_pig/): its
    worked examples step through the shared reader, and its play panel plays a whole game."""
    from widgets.toy_pig import SPEC
    reader = page.rulings(SPEC)
    assert len(reader.picker.options) == len(list(SPEC.scenarios.glob("*.yaml"))) >= 1
    for _label, path in reader.picker.options:
        reader.picker.value = path
        view = reader.view
        assert reader.error.value == "" and view.error.value == ""
        view.cursor.jump_action(view.session.length)
        final = view.session.state
        for seat, score in enumerate(final.scores):
            assert (f"data-seat='{seat}'><td style='text-align:left'>{SPEC.seat_label(seat)} <span style='color:#666;"
                    f"white-space:nowrap'>/ player {seat + 1}</span></td><td class='kl-score'>{score}<") \
                in view.board.html.value
        assert "kl-secret" not in view.board.html.value  # a spectator sees no secret card
        cited = [c for ev in view.cursor.shown_events()[-1:] for c in ev.cites]
        assert not cited or set(cited) <= set(reader.panel.cited)  # the last event's clauses are highlighted
    view = page.scenario_at(SPEC, SPEC.scenarios / f"{path.stem}.yaml", 1)
    assert view.session.step == 1
    # the play panel: one seat against a bot, the seed shown; the reader sees only its own secret
    panel = page.play(SPEC, first_seed=5)
    table = panel.children[3].children[0]
    assert "<b>5</b>" in panel.children[1].children[-1].value
    assert [b.description for b in table.choices] == [SPEC.label(table.session.state, a)
                                                              for a in table.legal()]
    secret = table.session.state.secrets[0]
    assert f"kl-secret'>{secret}<" in table.board.html.value
    rng = random.Random(0)
    for _ in range(300):
        if table.session.current_player() == TERMINAL:
            break
        buttons = table.choices
        buttons[rng.randrange(len(buttons))].click()
        assert "kl-error" not in table.message.value
    assert table.session.current_player() == TERMINAL


def test_a_game_folder_holds_only_its_view_and_labels():
    for game in ("coup", "shadow_master", "valeria", "toy_pig"):
        folder = WIDGETS / game
        assert (folder / "__init__.py").exists() and (folder / "labels.py").exists(), game
        text = (folder / "__init__.py").read_text(encoding="utf-8")
        assert "SPEC = GameSpec(" in text
    # the scenario reader and the play loop exist once, in the shared page
    src = widget_sources()
    for name in ("class ScenarioView", "class PlayTable", "def advance", "class FrameCursor", "def parse_seed"):
        where = [f for f, text in src.items() if name + "(" in text or name + ":" in text]
        assert where == ["page.py"], (name, where)


# ----------------------------------------------------------------------------- clicks bound to what they showed
def _coup_table(seed=3):
    from rules.coup import GAME
    from rules.coup.bots import make_bot
    from widgets.coup import SPEC
    session = GameSession(GAME, config={"players": 3}, seed=seed)
    return page.PlayTable(SPEC, session, viewer=0, bots={1: make_bot("honest"), 2: make_bot("honest")}, seed=seed)


def test_a_double_click_is_refused_not_applied_twice():
    table = _coup_table()
    income = next(b for b in table.choices if b.choice[1]["type"] == "income")
    income.click()
    length = table.session.length
    assert table.session.actions[0] == {"player": 0, "type": "income"}
    income.click()  # the same (now closed) button again: the decision changed
    assert table.session.length == length and "kl-moved-on" in table.message.value


def test_a_late_click_is_never_applied_to_another_action():
    table = _coup_table()
    shown = [b.choice for b in table.choices]
    decision = table.decision
    table.choices[0].click()
    assert table.decision != decision
    for old_decision, action in shown:
        before = table.session.length
        page.safe(table.message)(table.choose)(old_decision, action)
        assert table.session.length == before and "kl-moved-on" in table.message.value and "kl-error" not in table.message.value


def test_a_late_board_click_is_refused():
    from widgets.shadow_master import SPEC
    table = page.new_table(SPEC, 2, "greedy", 3)
    table.act({"player": 0, "type": "roll"})
    place = next(a for a in table.legal() if a["type"] == "place")
    stale = table.decision - 1
    length = table.session.length
    table.board.hexboard.click(table.board.hexboard.hex_of[place["cell"]], decision=stale)
    assert table.session.length == length and "kl-moved-on" in table.message.value
    table.board.click(place["cell"])
    assert table.session.actions[length] == place


# ----------------------------------------------------------------------------- the default labels adapter
@pytest.mark.parametrize("gid", ["toy_pig", "new_world", "valeria"])
def test_engine_only_games_share_the_default_labels_adapter(gid):
    """Toy Pig, New World and Valeria had three copies of one adapter; now each makes the default
    (widgets/labels.py) and overrides only what differs.  Every answer is still the engine's: over a
    whole bot game, each label is ``describe_action``, each seat to act ``current_player``."""
    import importlib

    from widgets.labels import EngineLabels
    labels = importlib.import_module(f"widgets.{gid}.labels")
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    assert isinstance(labels.LABELS, EngineLabels)
    assert not re.search(r"def (describe|seat_to_act|seat_out|seat_label)\b",
                         (WIDGETS / gid / "labels.py").read_text(encoding="utf-8"))
    game = spec.game
    assert labels.LABELS.game is game and spec.seat_label(0) == "ผู้เล่น 1" and spec.seat_label(2) == "ผู้เล่น 3"
    assert (spec.turn_of is not None) == (gid in ("toy_pig", "new_world"))  # their story headings
    assert spec.bluff is None
    table = page.new_table(spec, seed=5, viewer=None)  # bots on every seat play the game out
    s = table.session
    assert s.current_player() == TERMINAL
    for i, action in enumerate(s.actions):
        before = s.transitions[i - 1].state if i else s.initial
        assert spec.describe(before, action) == game.describe_action(before, dict(action))
        cp = game.current_player(before)
        assert spec.seat_to_act(before) == (cp if isinstance(cp, int) and cp >= 0 else None)
        obs = game.observe(before, 0)
        assert spec.seat_out(obs, 0) is False
    assert spec.seat_to_act(s.state) is None


@pytest.mark.parametrize("gid", ["toy_pig", "new_world", "valeria"])
def test_your_decision_is_named_in_the_engines_words(gid):
    """New World and Valeria play said "ตาของคุณ / your decision:" with nothing after it (Coup names
    the decision).  Now every engine-only game names it after the colon, in the engine's words of
    the observation's phase (``id_labels["phase"]``), Thai then English, at each of the reader's
    decisions over a game against the bots."""
    import html
    import importlib

    from rules.core.protocol import id_label
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    table = page.new_table(spec, seed=4)
    rng, phases = random.Random(4), set()
    for _ in range(40):
        if not table._legal:
            break
        phase = table._obs["phase"]
        th, en = id_label(spec.game, "phase", phase)
        assert (f"<b>ตาของคุณ / your decision:</b> {html.escape(th)} <span class='kl-muted'>/ {html.escape(en)}</span>"
                in table.prompt.value), (phase, table.prompt.value)
        assert spec.decision_words(table._obs) == (th, en)
        phases.add(phase)
        table.choose(table.decision, rng.choice(table._legal))
    assert phases and (len(phases) >= 2 or gid != "valeria"), phases  # Valeria asks in several phases


# ----------------------------------------------------------------------------- no rule decided in a widget
def test_no_reaction_order_or_seat_to_act_is_computed_in_a_view():
    """The Coup table asked windows clockwise itself (``clockwise()``) while rules.core.play picked a
    random seat, and ``sm_panels.seat_to_act`` re-derived the engine's; now only the labels adapters
    ask the engine."""
    for name, text in widget_sources().items():
        assert "def clockwise" not in text, name
        if not name.endswith("labels.py"):
            assert not re.search(r"def seat_to_act|eor_seat", text), name


def test_the_coup_table_asks_the_seat_the_engine_orders_first():
    from rules.coup import GAME
    from widgets.coup import SPEC, labels
    asked = []

    def bot(seat):
        def policy(obs, legal, rng):
            asked.append((seat, table.session.state))
            return next((a for a in legal if a["type"] in ("pass", "tax", "foreign_aid")), legal[0])
        return policy

    session = GameSession(GAME, config={"players": 4}, seed=1)
    table = page.PlayTable(SPEC, session, viewer=None, bots={s: bot(s) for s in range(4)}, seed=1)
    table.advance(limit=400)
    windows = [(seat, st) for seat, st in asked if isinstance(GAME.current_player(st), frozenset)
               and len(GAME.current_player(st)) > 1]
    assert windows
    order = getattr(GAME, "reaction_order", None)
    for seat, st in windows:
        assert seat == labels.seat_to_act(st)
        if order is not None:  # the engine's function (shape-coup) decides, not the view
            assert seat == list(order(st))[0]


def test_rank_labels_are_the_engines_rank_under_merged_allies():
    from rules.shadow_master import GAME
    from rules.shadow_master.powers import kingdom_rank
    from widgets.shadow_master import SPEC
    setup = {"first_player": 0, "alliances": {"X1": ["red", "yellow"]},
             "board": {"E2": ["red", 1], "E3": ["yellow", 1], "D1": ["yellow", 1], "F6": ["blue", 1]}}
    session = GameSession(GAME, config={"players": 3, "allies_rank": "merged"}, seed=3, overrides=setup)
    state = session.state
    assert kingdom_rank(state, "red") != 1  # merged: red counts its ally's cells
    table = page.PlayTable(SPEC, session, viewer=0, bots={})
    titles = {t.split()[0]: int(t.split()[-1]) for _d, _s, t in table.board.hexboard.outlines}
    for colour in ("red", "yellow", "blue"):
        assert titles[colour] == kingdom_rank(state, colour), (colour, titles)
        assert f'class="kl-rank" data-colour="{colour}"><b>{kingdom_rank(state, colour)}</b>' in table.board.kingdoms.value


def test_the_seat_to_act_shown_is_the_engines():
    from rules.shadow_master import GAME
    from rules.shadow_master.bots import greedy_bot
    from widgets.shadow_master import SPEC
    session = GameSession(GAME, config={"players": 3}, seed=4)
    table = page.PlayTable(SPEC, session, viewer=None, bots={s: greedy_bot for s in range(3)}, seed=4)
    table.advance(limit=150)
    for step in range(0, session.length, 7):
        session.jump(step)
        cp = GAME.current_player(session.state)
        marked = re.findall(r'class="kl-seat[^"]*acting[^"]*" data-seat="(\d)"', table.board.players.value)
        assert marked == ([str(cp)] if isinstance(cp, int) and cp >= 0 else []), step


def test_every_label_comes_from_describe_action(monkeypatch):
    """Make the engines' describe_action say something recognisable: every button and frame heading
    shows exactly that (no view formats an action itself)."""
    from rules.coup import GAME as COUP
    from rules.shadow_master import GAME as SM
    from widgets.coup import SPEC as COUP_SPEC
    from widgets.shadow_master import SPEC as SM_SPEC
    for game, spec in ((COUP, COUP_SPEC), (SM, SM_SPEC)):
        monkeypatch.setattr(type(game), "describe_action", lambda self, s, a: (f"TH:{a.get('type', a.get('chance'))}", "EN"),
                            raising=False)
        table = page.new_table(spec, 1, None, 2)
        assert table.choices
        for b in table.choices:
            assert b.description.startswith("TH:") or b.description == "ทำ / do", b.description
        view = page.watch(spec, players=2, seed=1, steps=3)
        assert "TH:" in view.info.value


def test_no_rule_value_is_typed_in_a_label():
    for name, text in widget_sources().items():
        for typed in ("(+3)", "(1 Silver)", "รายได้ +1", "ภายนอก +2", '"full force (4)"', '"tempo (2)"',
                      '"first strike (1)"'):
            assert typed not in text, (name, typed)


def test_the_bots_game_is_played_by_the_engine_side():
    from rules.core.saveload import start
    from rules.shadow_master import GAME
    from rules.shadow_master.bots import greedy_bot
    from widgets.shadow_master import SPEC
    view = page.watch(SPEC, players=3, seed=2, steps=60, kind="greedy")
    _cfg, state = start(GAME, {"players": 3}, 2)
    out = playout(GAME, state, random.Random(2), {s: greedy_bot for s in range(3)}, max_steps=60)
    assert view.session.actions == out.actions
    for name, text in widget_sources().items():
        assert "choose_action(" not in text and "playout(" not in text, name


@pytest.mark.parametrize("game", ["coup", "shadow_master"])
def test_replaced_scenarios_leave_no_widgets_behind(game):
    from ipywidgets.widgets.widget import _instances
    spec = __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC
    reader = page.rulings(spec)
    options = [p for _l, p in reader.picker.options][:6]
    reader.picker.value = options[1]
    reader.picker.value = options[0]
    baseline = len(_instances)
    for p in options[1:] + options[:1]:
        reader.picker.value = p
    assert len(_instances) - baseline <= 4, (len(_instances), baseline)


def test_a_play_section_without_a_game_says_how_to_start_one():
    """Before "New game" the play section had settings and buttons but no table and no word of
    what to do (a fresh user waited for a table); once a game starts, the line gives its seed."""
    import ipywidgets as w
    from widgets.coup import SPEC
    panel = page.play(SPEC)
    used = panel.children[1].children[-1]
    assert "ยังไม่มีเกม" in used.value and "press New game" in used.value
    start = next(b for b in panel.children[1].children if isinstance(b, w.Button))
    start.click()
    assert "seed used" in used.value and "New game to play" not in used.value
    page.close_tree(panel)


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "new_world", "valeria"])
def test_the_play_panels_seed_box_is_labelled_in_thai_and_english(gid):
    """The seed box's label read "seed" alone on every game page (a fresh user's finding): Thai and
    English, shown whole (its label as wide as its words)."""
    import importlib
    import ipywidgets as w
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    panel = page.play(spec)
    seed = next(b for b in panel.children[1].children if isinstance(b, w.Text))
    assert seed.description == "เลขสุ่ม / seed" and seed.placeholder == page.SEED_PLACEHOLDER
    assert seed.style.description_width == "initial"
    page.close_tree(panel)


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "new_world", "valeria", "toy_pig"])
def test_a_play_panels_bot_names_are_the_engines_words(gid):
    """The play panel's bot picker and the analyzer's name each bot in the engine's words
    (``rules.core.bots.bot_label``): Valeria's page said "วางแผน / greedy" where New World said
    "โลภ" for the same English word, and the spec spelt its own labels."""
    import importlib
    from rules.core.bots import bot_label
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    assert {n: label for n, (label, _f) in spec.bots.items()} == {n: bot_label(gid, n) for n in spec.bots}
    greedy = {bot_label(g, "greedy").split(" / ")[0].split(" (")[0] for g in ("shadow_master", "new_world", "valeria")}
    assert greedy == {"โลภ"}


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "new_world", "valeria"])
def test_an_event_that_cites_nothing_has_no_empty_clauses_fold(gid):
    """A scenario's own setup lines cite no clause: their "▶ ข้อกติกา / clauses:" fold opened on
    nothing (found in Coup's rulings).  Every fold shown names at least one clause, at every frame
    of every scenario."""
    import importlib
    spec = importlib.import_module(f"widgets.{gid}").SPEC
    folds = 0
    for path in sorted(spec.scenarios.glob("*.yaml"))[:6]:
        view = page.ScenarioView(spec, path)
        for k in range(view.cursor.length + 1):
            view.cursor.jump_frame(k)
            view.render()
            html_ = view.info.value
            assert "clauses: </summary>" not in html_ and "<summary title=''>" not in html_, (path.stem, k)
            folds += len(re.findall(r"<summary title='[^']+'>ข้อกติกา / clauses: [^<]+</summary>", html_))
    assert folds > 0  # the folds with clauses are still there
