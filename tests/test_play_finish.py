"""The play table's "let the bots finish" and "what would the bots do here?" ask the table which bots
play (a fresh reader's trial: 110 passive decisions in Shadow Master reached round 37; the finish
button stayed hidden while the reader was still in, and the analysis started with random bots while
the opponents were balanced bots).

* "let the bots finish" is offered to a reader still in the game; it names the table's bot kind and
  a bot of that kind plays the reader's seat (every such move is the one that bot gives there);
  "undo my move" then goes back to the reader's own last move, not a bot's in the reader's seat;
* "what would the bots do here?" starts with the table's bot kind (the rulings keep the game's own);
* the session file records the bots that play on the table, not the kind picker's current value.
"""
from __future__ import annotations

import json
import random

import pytest

from rules.core.protocol import TERMINAL
from rules.shadow_master import bots as sm_bots
from widgets import page
from widgets.shadow_master import SPEC


def short_table(kind: str, seed: int = 5) -> page.PlayTable:
    """A 2-player Shadow Master table against one bot of ``kind``, with the engine's safety stop
    after 3 rounds (the game ends soon whoever plays)."""
    return page.new_table(SPEC, 1, kind, seed, options={"max_rounds": 3})


def reader_moves(table: page.PlayTable, n: int) -> None:
    """The reader takes the last choice shown ``n`` times (the most passive one: skip, end turn)."""
    for _ in range(n):
        buttons = [b for b in table.choices if b.kind == "button"]
        assert buttons and table.my_turn()
        buttons[-1].click()


@pytest.mark.parametrize("kind", ["greedy", "balanced"])
def test_finish_is_offered_to_a_reader_still_in_and_plays_their_seat_with_the_kind_it_names(kind):
    table = short_table(kind)
    reader_moves(table, 2)
    assert table.my_turn() and not table.viewer_out()
    button = table.finish_button
    assert button.layout.display != "none", "a reader still in the game is offered the finish"
    assert f"“{kind}”" in button.description and "my seat too" in button.description
    mine_before = table._my_last_action()
    start = table.session.step
    button.click()
    s = table.session
    assert s.current_player() == TERMINAL and table.finish_button.layout.display == "none"
    assert table.message.value == "", "the 'bots are moving' line is cleared once they are done"
    # every move in the reader's seat from the finish on is the one a bot of that kind gives there
    policy = SPEC.bots[kind][1]()
    checked = 0
    for k in range(start, s.step):
        a = s.actions[k]
        if a.get("player") != table.viewer or "chance" in a:
            continue
        before = s.transitions[k - 1].state if k else s.initial
        obs, legal = SPEC.game.observe(before, table.viewer), SPEC.game.legal_actions(before, table.viewer)
        assert a == policy(obs, legal, random.Random(f"{table.seed}/bot/{k}")), (k, a)
        checked += 1
    assert checked >= 3, "the reader's seat was played by the finish"
    # undo goes back to the reader's own last move, before the finish
    assert table._my_last_action() == mine_before
    table.undo_button.click()
    assert s.step == mine_before < start and table.my_turn()


def test_a_finish_button_of_a_past_decision_does_nothing():
    table = short_table("greedy")
    stale = table.finish_button
    reader_moves(table, 1)
    step = table.session.step
    stale.click()
    assert table.session.step == step and "kl-moved-on" in table.message.value


@pytest.mark.parametrize("kind", ["balanced", "greedy", "random"])
def test_what_would_the_bots_do_starts_with_the_bots_on_the_table(kind):
    """It starts with the table's bots, unless their rollouts are too slow for a default
    (``GameSpec.analysis_slow``): then with the game's own default, and the panel says why."""
    table = page.new_table(SPEC, 2, kind, 3)
    table.bots_here._build()  # what a first click builds (without running the rollouts)
    policy = table.bots_here.policy.value
    if kind in SPEC.analysis_slow:
        assert table.bots_here.bot.value == SPEC.analysis[0] and "minutes" in policy and "นาที" in policy
        assert kind in [n for _label, n in table.bots_here.bot.options]  # still offered
    else:
        assert table.bots_here.bot.value == kind and "minutes" not in policy


def test_shadow_masters_balanced_bots_are_too_slow_for_a_default():
    assert "balanced" in SPEC.analysis_slow and SPEC.analysis[0] not in SPEC.analysis_slow


def test_the_rulings_analysis_keeps_the_games_own_default():
    view = page.ScenarioView(SPEC, next(SPEC.scenarios.glob("*.yaml")))
    view.bots_here._build()
    assert view.bots_here.bot.value == SPEC.analysis[0]


def test_the_session_file_names_the_bots_that_play_not_the_picker():
    panel = page.play(SPEC, first_seed=4)
    table, share = panel.children[3].children[0], panel.children[4]
    picker = panel.children[0].children[1]
    first = picker.value
    assert first == SPEC.bot_kind != "random"
    picker.value = "random"  # changed for the next game; this one is still played by the first kind
    assert json.loads(share.save_text())["table"]["bots"] == first
    assert f"let the “{first}” bots finish" in table.finish_button.description  # the kind that plays, too


def test_a_finish_is_kept_in_the_games_code_and_undo_after_a_reload_skips_the_bots_moves():
    """A reload lost "let the bots finish": the game's code (the page's address, "share this game",
    the session file) did not carry :attr:`PlayTable.finished_from`, so after a finish and a reload
    "undo my move" stepped to a bot's move in the reader's seat.  Reopened from its code (or its
    session file) the table has the same ``finished_from`` and undo goes to the same step."""
    from widgets import sharing

    table = short_table("greedy")
    reader_moves(table, 2)
    start = table.session.step
    table.finish_button.click()
    assert table.finished_from == start and table.session.step > start
    # the finish played the reader's seat: without finished_from undo would stop at a bot's move
    bots_in_my_seat = [k for k in range(start, table.session.step)
                       if table.session.actions[k].get("player") == table.viewer
                       and "chance" not in table.session.actions[k]]
    assert bots_in_my_seat
    code = page.game_address(table)["game"]
    share = sharing.PlayShare(SPEC, lambda: table, lambda: table.kind, lambda *_a: None)
    for again in (page._link_table(SPEC, code)[0], page.saved_table(SPEC, share.save_text(), "file")):
        assert again.session.actions == table.session.actions
        assert again.finished_from == table.finished_from == start
        assert again._my_last_action() == table._my_last_action() < start
        again.undo()
        assert again.session.step == table._my_last_action() and again.my_turn()
    table.undo()
    assert table.session.step == again.session.step and table.session.actions == again.session.actions
    assert table.finished_from is None and "finished_from" not in sharing.table_fields(table, table.kind)


def _code_with_table(table: page.PlayTable, fields: dict) -> str:
    from widgets import sharing
    return sharing.link_code(table.session, {"viewer": table.viewer, "bots": table.kind, **fields})


@pytest.mark.parametrize("bad", ["3", -1, 1.5, True, 10_000, [2]])
def test_a_bad_finished_from_in_a_code_is_refused_naming_the_field(bad):
    """An old code (no ``finished_from``) opens as before (``None``); a wrong one is the clear Thai and
    English refusal naming ``table.finished_from``, and the play panel's table stays."""
    from rules.core.protocol import BadInput

    table = short_table("greedy")
    reader_moves(table, 1)
    old = page._link_table(SPEC, _code_with_table(table, {}))[0]
    assert old.finished_from is None and old.session.actions == table.session.actions
    assert page._link_table(SPEC, _code_with_table(table, {"finished_from": None}))[0].finished_from is None
    with pytest.raises(BadInput) as err:
        page._link_table(SPEC, _code_with_table(table, {"finished_from": bad}))
    assert err.value.field == "table.finished_from", err.value
    assert err.value.message_th and err.value.message_en and "finished_from" in str(err.value)
    panel = page.play(SPEC, first_seed=5)
    on_screen = panel.children[3].children[0]
    with pytest.raises(BadInput):
        panel.open_shared(_code_with_table(table, {"finished_from": bad}))
    assert panel.children[3].children[0] is on_screen


def test_game_over_offers_undo_only_when_there_is_a_move_of_the_readers_to_undo():
    """A game the bots played out from the reader's first decision (every move of the reader's seat
    a bot's) ended with "undo my move or start a new game" beside a disabled undo (a fresh user's
    finding); the line offers what the buttons offer."""
    table = short_table("greedy")
    table.finish_button.click()
    assert table.session.current_player() == TERMINAL
    assert table.undo_button.disabled and "undo my move" not in table.prompt.value
    assert "start a new game" in table.prompt.value and "เริ่มเกมใหม่ได้" in table.prompt.value
    # with a move of the reader's before the finish, undo is there and the line says so
    played = short_table("greedy")
    reader_moves(played, 1)
    played.finish_button.click()
    assert played.session.current_player() == TERMINAL
    assert not played.undo_button.disabled and "undo my move or start a new game" in played.prompt.value
