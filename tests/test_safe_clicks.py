"""Issue 12.2, safe clicks: a click acts on the action its button showed when it was drawn, or on
nothing.  Every kind of choice in Coup and Shadow Master play (buttons, a dropdown's "do", a board
cell, undo, "let the bots finish") is clicked two or three times in a row, as a double or triple
click reaches the kernel (each message handled after the previous one's redraw); the session's own
moves must be exactly the choices that were shown and clicked once, in order, and a repeated click
says calmly that the game moved on (no error box).
"""
from __future__ import annotations

import random

import pytest

from rules.core.protocol import TERMINAL
from widgets import page


def _choices(table):
    """``(kind, shown action, click)`` of every choice on screen: its kind (button / dropdown /
    board), the action it showed, and a function that clicks it once."""
    out = []
    for c in table.choices:
        if c.kind == "button":
            out.append(("button", c.action, c.click))
        else:  # a select and its "do" button
            for i, a in enumerate(c.acts):
                def click(c=c, i=i):
                    if c.value != i and not c.disabled:
                        c.value = i
                    c.click()
                out.append(("dropdown", a, click))
    board = table.board
    if getattr(board, "hexboard", None) is not None and board.mode.options:
        from widgets.shadow_master.board import CELL_TYPES, click_key, target
        decision, mode = board.hexboard.decision, board.mode_value()
        for a in table._legal:
            if a["type"] in CELL_TYPES and click_key(a) == mode:
                h = board.hexboard.hex_of[target(a)]
                out.append(("board", a, lambda h=h, d=decision: board.hexboard.click(h, decision=d)))
    return out


def _mine(table) -> list[dict]:
    s = table.session
    return [a for a in s.actions[:s.step] if a.get("player") == table.viewer and "chance" not in a]


def _play_multi_clicking(table, rng: random.Random, kinds: set, steps: int = 400) -> list[dict]:
    """Play ``table`` by clicking a random choice 2 or 3 times each time; returns the actions the
    clicked choices showed (once each); ``kinds`` collects ``(kind of choice, action type)`` clicked
    (a type not clicked yet is preferred)."""
    shown = []
    for _ in range(steps):
        if table.session.current_player() == TERMINAL:
            break
        choices = _choices(table)
        if not choices:
            if table.finish_button.layout.display == "":
                for _k in range(rng.choice((2, 3))):
                    table.finish_button.click()  # later clicks: on a past decision
                kinds.add(("finish", "finish"))
                continue
            break
        done = {t for _k, t in kinds}
        fresh = ([c for c in choices if c[1]["type"] not in done] or
                 [c for c in choices if (c[0], c[1]["type"]) not in kinds] or choices)
        kind, action, click = rng.choice(fresh)
        before = table.decision
        for k in range(rng.choice((2, 3))):
            click()
            if k == 0:
                assert table.decision != before, "the first click applied nothing"
                assert "kl-error" not in table.message.value, table.message.value
            elif table.session.current_player() == TERMINAL:  # the click ended the game: a late one says nothing
                assert table.message.value == "", table.message.value
            else:
                assert "kl-moved-on" in table.message.value and "kl-error" not in table.message.value
        kinds.add((kind, action["type"]))
        shown.append(action)
        assert _mine(table) == shown, (kind, action)
    return shown


def test_coup_double_and_triple_clicks_apply_only_the_decisions_shown():
    from widgets.coup import SPEC
    kinds = set()
    for seed, bots, reformation in ((1, 1, False), (2, 3, False), (3, 2, True), (4, 5, True), (5, 1, True)):
        table = page.new_table(SPEC, bots, "random", seed, options={"reformation": reformation})
        shown = _play_multi_clicking(table, random.Random(seed), kinds)
        assert _mine(table) == shown
    clicked = {t for _kind, t in kinds}
    for typ in ("income", "foreign_aid", "tax", "steal", "pass", "challenge", "lose", "choose_faction"):
        assert typ in clicked, (typ, sorted(clicked))


def test_shadow_master_double_and_triple_clicks_apply_only_the_decisions_shown():
    from widgets.shadow_master import SPEC
    kinds = set()
    for seed, bots in ((1, 1), (2, 2), (3, 3)):
        table = page.new_table(SPEC, bots, "greedy", seed)
        shown = _play_multi_clicking(table, random.Random(seed), kinds, steps=150)
        assert _mine(table) == shown
    assert {kind for kind, _t in kinds} >= {"button", "board"}, kinds
    types = {t for _kind, t in kinds}
    for typ in ("roll", "place", "end_turn"):
        assert typ in types, (typ, sorted(types))


def test_new_world_cell_clicks_select_and_do_applies_each_shown_placement_once():
    """New World's cell click selects the placement there (the dropdown shows it) and "do" takes
    it: cells clicked two or three times select and never place; "do" clicked two or three times
    places the chosen cell's placement once, the later clicks said calmly to come too late."""
    from widgets.new_world import SPEC
    rng = random.Random(3)
    table = page.new_table(SPEC, 1, "greedy", 3)
    board, shown = table.board, []
    for _ in range(25):
        legal = table.legal()
        if not legal:
            break
        a = rng.choice(legal)
        before, length = table.decision, table.session.length
        for _k in range(rng.choice((2, 3))):
            board.click(a["q"], a["r"])
            assert table.session.length == length and table.decision == before and table.chosen == a
        pick, = [c for c in table.choices if c.kind == "pick"]
        for k in range(rng.choice((2, 3))):
            pick.click()
            if k == 0:
                assert table.decision != before and "kl-error" not in table.message.value, table.message.value
            elif table.session.current_player() == TERMINAL:  # the click ended the game: a late one says nothing
                assert table.message.value == "", table.message.value
            else:
                assert "kl-moved-on" in table.message.value and "kl-error" not in table.message.value
        shown.append(a)
        assert _mine(table) == shown
    assert len(shown) == 25


def test_a_selected_button_is_marked_not_taken():
    """``PlayTable.select`` (a board click's choice) on a choice drawn as a button marks that button
    (``kl-chosen``, one at a time) and takes nothing; a selection made for a past decision selects
    nothing and says calmly that the game moved on."""
    from widgets.coup import SPEC
    table = page.new_table(SPEC, 1, "random", 1)
    buttons = [b for b in table.choices if b.kind == "button"]
    assert len(buttons) >= 2
    length, decision = table.session.length, table.decision
    assert table.select(decision, buttons[0].choice[1]) and table.select(decision, buttons[1].choice[1])
    assert [b.marked for b in buttons[:2]] == [False, True]
    assert table.session.length == length and table.chosen == buttons[1].choice[1]
    assert not table.select(decision - 1, buttons[0].choice[1])
    assert "kl-moved-on" in table.message.value and table.chosen == buttons[1].choice[1]


@pytest.mark.parametrize("game", ["coup", "shadow_master"])
def test_a_double_click_on_undo_undoes_one_move(game):
    spec = __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC
    table = page.new_table(spec, 1, None, 7)
    rng = random.Random(7)
    for _ in range(3):  # three of my moves (the bots answer each)
        choices = [c for c in _choices(table) if c[0] == "button"]
        if not choices:
            break
        rng.choice(choices)[2]()
    mine = _mine(table)
    assert len(mine) >= 2
    undo = table.undo_button
    for _ in range(3):
        undo.click()  # a triple click on the button drawn for this decision
    assert _mine(table) == mine[:-1]
    assert "kl-moved-on" in table.message.value and "kl-error" not in table.message.value


def test_buttons_are_disabled_while_the_bots_move(monkeypatch):
    from widgets.coup import SPEC
    monkeypatch.setattr(page, "FREEZE_AFTER", 0.0)  # every answer counts as slow
    table = page.new_table(SPEC, 2, "honest", 11)
    seen = []
    bot = table.bots[1]

    def watching(obs, legal, rng):
        seen.append([b.disabled for b in table.choices] + [table.undo_button.disabled])
        return bot(obs, legal, rng)
    table.bots[1] = watching
    next(b for b in table.choices if b.choice[1]["type"] == "income").click()
    assert seen and all(all(flags) for flags in seen), seen
    assert page.THINKING not in table.message.value
    assert not any(b.disabled for b in table.choices)  # the next decision's buttons are live


def test_a_slow_answer_disables_the_buttons_a_quick_one_does_not():
    """The buttons are disabled (and "the bots are moving" said) once the bots have taken
    FREEZE_AFTER; a quicker answer replaces them without that round of messages."""
    import time
    from widgets.coup import SPEC
    table = page.new_table(SPEC, 2, "honest", 11)
    seen, bots = [], dict(table.bots)

    def slow(bot):
        def move(obs, legal, rng):
            time.sleep(page.FREEZE_AFTER * 1.5)
            seen.append(([b.disabled for b in table.choices], page.THINKING in table.message.value))
            return bot(obs, legal, rng)
        return move
    table.bots = {seat: slow(bot) for seat, bot in bots.items()}
    old = list(table.choices)
    next(b for b in old if b.choice[1]["type"] == "income").click()
    assert seen[0][0] == [False] * len(old) and not seen[0][1]  # the first move was still quick
    assert len(seen) > 1 and all(all(flags) and said for flags, said in seen[1:]), seen
    assert page.THINKING not in table.message.value
    assert not any(b.disabled for b in table.choices)

    table.bots = bots  # quick bots: the past buttons were never disabled, only replaced
    old = [b for b in table.choices if b.kind == "button"]
    assert old
    frozen = []
    table.buttons.observe(lambda c: frozen.append(c["new"]), names="frozen")
    old[0].click()
    assert not any(b.disabled for b in old) and frozen == []  # never frozen: only redrawn
    assert table.buttons.current != old[0].decision


def test_no_internal_step_name_reaches_the_screen():
    """Bot games of both games seen from seat 0 (every HTML widget and button text): no step
    machine name that is not a plain word (``challenge_action``, ``phase3``, ``resolve``...) appears
    in the visible text; the labels adapters map names to words."""
    import re
    names = {"coup": ("challenge_action", "challenge_block"),
             "shadow_master": ("phase2", "phase3", "phase3_take", "resolve", "forced_sale", "front")}
    for game, hidden in names.items():
        spec = __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC
        table = page.new_table(spec, 2, None, 5)
        rng = random.Random(5)
        for _ in range(60):
            visible = re.sub(r"<style>.*?</style>|<[^>]+>", " ", " ".join(_texts(table)), flags=re.S)
            for name in hidden:
                assert not re.search(rf"(?<![\w.]){re.escape(name)}(?![\w.])", visible), (game, name, visible)
            choices = [c for c in _choices(table) if c[0] == "button"]
            if not choices:
                break
            rng.choice(choices)[2]()


def _texts(widget) -> list[str]:
    import ipywidgets as w
    out = []
    from widgets.choiceboard import ChoiceBoard
    if isinstance(widget, w.HTML):
        out.append(widget.value)
    if isinstance(widget, ChoiceBoard):  # the choices and the tools, drawn as HTML
        out.append(widget.html)
    if isinstance(widget, (w.Button, w.ToggleButtons, w.Dropdown)):
        out.append(str(getattr(widget, "description", "")))
        out += [str(o[0] if isinstance(o, tuple) else o) for o in getattr(widget, "options", ())]
    for c in getattr(widget, "children", ()):
        out += _texts(c)
    return out


@pytest.mark.parametrize("game", ["coup", "shadow_master", "new_world", "valeria"])
def test_the_moved_on_note_goes_at_the_next_redraw_and_fades(game):
    """A double click: the second click's calm note (nothing applied) does not stay under the next
    decision as if the move had failed: the next redraw (here: "undo my move", a redraw of the
    position) takes it away, and the page's style fades it out on its own meanwhile."""
    spec = __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC
    table = page.new_table(spec, 1, None, 3)
    old = table.decision
    click = next(c for c in _choices(table))
    click[2]()
    assert table.session.length > 0 and table.decision != old
    assert not table.choose(old, click[1])  # the double click's second message
    assert "kl-moved-on" in table.message.value
    table.render()  # the next redraw (a move, undo, a step in the history)
    assert "kl-moved-on" not in table.message.value
    assert "kl-moved-on-fade" in spec.style().value and "@keyframes kl-moved-on-fade" in page.PAGE_CSS


def test_a_play_tables_clickable_pictures_settle_and_a_reading_board_does_not():
    """The choices, the tools and Shadow Master's play map (a cell click takes an action there) take
    no click for SETTLE_MS after a new picture (the browser side: tests/test_browser_phone.py,
    a quick second click); a board only read (an example's) answers at once."""
    from widgets.shadow_master import SPEC
    table = page.new_table(SPEC, 1, None, 3)
    assert page.SETTLE_MS >= 300
    assert table.buttons.settle == table.tools.settle == table.board.hexboard.settle == page.SETTLE_MS
    view = page.scenario_at(SPEC, sorted(SPEC.scenarios.glob("*.yaml"))[0], 0)
    assert view.board.hexboard.settle == 0
    table.close()


@pytest.mark.parametrize("game", ["coup", "shadow_master", "new_world", "valeria"])
def test_a_late_click_on_a_finished_game_says_nothing_of_a_game_going_on(game):
    """A fresh user's trial: the last decision's choice clicked again after the game had ended showed
    "the game has moved on" under a finished game.  On a finished game a late click (the last
    decision's choices, the stale "let the bots finish") applies nothing and says nothing: the page
    already says "game over"."""
    spec = __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC
    for seed in range(1, 8):
        table = page.new_table(spec, 1, None, seed)
        rng = random.Random(seed)
        last = None
        while table.session.current_player() != TERMINAL and _choices(table):
            last = rng.choice(_choices(table))
            last[2]()
        if table.session.current_player() == TERMINAL and last is not None:
            break
    else:
        pytest.fail("no game ended on the reader's own click")
    actions, prompt = list(table.session.actions), table.prompt.value
    assert "game over" in prompt and table.message.value == ""
    for _ in range(2):
        last[2]()  # the last decision's choice, clicked again (twice)
    assert table.session.actions == actions and table.prompt.value == prompt
    assert "kl-moved-on" not in table.message.value and "kl-error" not in table.message.value, table.message.value
    assert "moved on" not in table.message.value and "เดินต่อ" not in table.message.value
    # the game ended by "let the bots finish": that button clicked again on the finished game
    table = page.new_table(spec, 1, None, 11)
    _choices(table)[0][2]()  # one move of the reader's (for the undo below)
    stale = table.finish_button
    stale.click()
    assert table.session.current_player() == TERMINAL
    stale.click()
    assert "kl-moved-on" not in table.message.value and "kl-error" not in table.message.value
    # a click that is late but the game goes on still gets the calm note (undo reopened the game)
    undo = table.undo_button
    undo.click()
    assert table.session.current_player() != TERMINAL
    undo.click()
    assert "kl-moved-on" in table.message.value
