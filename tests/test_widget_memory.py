"""Issue 12, kernel memory flat over clicks: what a click closes is freed at once, not at Python's
next *full* collection.

A page's kernel holds some 260,000 objects the cyclic collector tracks; its full collection runs
only when the objects waiting exceed a quarter of those (about 1,300 Coup clicks), so anything a
click closed that sits in a reference cycle stayed in memory until then: the Coup kernel's RSS
grew about 2 MiB per 100 clicks in the dashboard bench (``benchmarks/README.md``).  These tests
turn the automatic collector off (as a kernel between its rare full collections) and count what
is left alive after many clicks: closed widgets (every decision redraws the play table's
buttons) and replaced tables (a new game).

Two more ways a kernel grew, found on the Valeria, New World and Shadow Master pages: widgets
built and never closed (a Layout set over a widget's default one, a part a board's mode does not
show: no close reaches them), counted in ipywidgets' registry of open widgets; and an engine cache
that the analysis' rollouts fill (Valeria's dice tables: some 12 MiB when full), measured with
``tracemalloc`` over whole games.
"""
from __future__ import annotations

import dataclasses
import gc
import importlib
import random
import tracemalloc
from contextlib import contextmanager

import ipywidgets as w
import pytest
from ipywidgets.widgets.widget import _instances

from rules.catalog import engine
from rules.core.play import random_play
from rules.core.protocol import TERMINAL
from widgets import page
from widgets.coup import SPEC


@contextmanager
def no_automatic_collection():
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def closed_widgets_alive() -> int:
    """Widgets already closed (``comm`` is ``None``) that something still holds."""
    return sum(1 for o in gc.get_objects() if isinstance(o, w.Widget) and o.comm is None)


def tables_alive() -> int:
    return sum(1 for o in gc.get_objects() if isinstance(o, page.PlayTable))


def choices(table: page.PlayTable) -> list:
    return list(table.choices)


MOVES = 60
LEFT = 5
"""Closed widgets the tables may leave alive after :data:`MOVES` moves of the reader (the old code
left every decision's buttons: 2-3 per move, and the bots' decisions between)."""


def test_a_decisions_closed_buttons_are_freed_without_a_full_collection():
    rng = random.Random(3)
    tables, moves, left = [], 0, 0
    with no_automatic_collection():
        for seed in range(1, 40):  # tables kept open: what is counted is their past decisions' buttons
            before = closed_widgets_alive()
            table = page.new_table(SPEC, 2, seed=seed)
            tables.append(table)
            for _ in range(200):
                buttons = choices(table)
                if buttons:
                    rng.choice(buttons).click()
                    moves += 1
                elif table.finish_button.layout.display != "none" and table.session.current_player() != TERMINAL:
                    table.finish_button.click()
                else:
                    break
            del buttons
            left += closed_widgets_alive() - before
            if moves >= MOVES:
                break
        assert moves >= MOVES, moves
        assert left <= LEFT, f"{moves} moves left {left} closed widgets alive (in reference cycles)"
        for table in tables:
            page.close_tree(table)


def test_a_replaced_table_and_its_game_are_freed_when_a_new_game_starts():
    with no_automatic_collection():
        alive = tables_alive()
        panel = page.play(SPEC, first_seed=1)
        holder = panel.children[3]
        start = next(b for b in panel.children[1].children if isinstance(b, w.Button) and "New game" in b.description)
        for _ in range(6):
            table = holder.children[0]
            for _k in range(5):
                buttons = choices(table)
                if buttons:
                    buttons[0].click()
            table.bots_here.analyse(wait=True)  # the analysis panel built, a result shown
            del table, buttons
            start.click()
        assert tables_alive() == alive + 1, "replaced tables stay alive until Python's next full collection"
        page.close_tree(panel)


def open_widgets() -> int:
    """Widgets not closed yet (ipywidgets' registry holds each one until it is closed)."""
    return len(_instances)


@pytest.mark.parametrize("gid", ["valeria", "new_world", "shadow_master", "coup"])
def test_new_games_and_analyses_leave_no_widget_open(gid):
    """The same game started again and again (the seed typed), each time analysed twice ("what
    would the bots do here?", one rollout an action): the same widgets are open after every
    round.  New World's map and both hex games' analysis boards were given a new Layout over
    their default one, left open (one widget per view and per analysis); Shadow Master's play
    view left its attack box open (three widgets a table)."""
    base = importlib.import_module(f"widgets.{gid}").SPEC
    spec = dataclasses.replace(base, analysis=(base.analysis[0], 1))
    panel = page.play(spec)
    seed_box = panel.children[1].children[-3]
    start = panel.children[1].children[-2]
    assert isinstance(seed_box, w.Text) and "New game" in start.description
    seed_box.value = "5"
    counts = []
    try:
        for _ in range(4):
            start.click()
            bots_here = panel.children[3].children[0].bots_here
            bots_here.analyse(wait=True)
            bots_here.run(wait=True)
            assert bots_here.table is not None and len(bots_here.table), "nothing was analysed"
            del bots_here
            counts.append(open_widgets())
        assert len(set(counts)) == 1, f"open widgets after each round: {counts}"
    finally:
        page.close_tree(panel)


def retained_after(game, games: range, players: int) -> int:
    """Bytes still allocated after playing ``games`` (seeds) to the end, the games dropped."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    for seed in games:
        random_play(game, game.new_game(game.default_config(players), seed), random.Random(seed))
    gc.collect()
    return tracemalloc.get_traced_memory()[0] - before


@pytest.mark.parametrize("gid, warm, games", [("valeria", 30, 20), ("new_world", 4, 8), ("shadow_master", 4, 8)])
def test_the_analysis_rollouts_leave_the_engine_no_bigger(gid, warm, games):
    """"What would the bots do here?" plays hundreds of games in the page's kernel.  Once warm (its
    data loaded, its caches full), an engine keeps nothing more from further games.  Valeria kept
    the dice tables of 8192 bags (about 1.6 KB each), filled over hundreds of clicks: its kernel
    grew about 1-2 MiB per 100 clicks of the dashboard bench; 20 more games kept 1.9 MiB."""
    game = engine(gid)
    tracemalloc.start()
    try:
        retained_after(game, range(10_000, 10_000 + warm), 4)
        more = retained_after(game, range(games), 4)
    finally:
        tracemalloc.stop()
    assert more < 256 * 1024, f"{games} more games of {gid} left {more / 2**20:.2f} MiB allocated"


def test_the_whatif_view_closes_the_board_it_replaces():
    """The Shadow Master what-if view draws a new hex board when its source is on another board
    (another player count); the old board, its box and their layouts stayed open (6 widgets a
    change of source).  The side texts it moves to the new box stay open and shown."""
    from rules.core.saveload import start
    from rules.shadow_master import GAME
    from widgets.shadow_master.whatif import WhatIfView

    sources = [(f"{n} players", start(GAME, {"players": n}, 1)[1]) for n in (2, 4)]
    assert sources[0][1].board is not sources[1][1].board
    view = WhatIfView(sources=sources)
    counts = []
    try:
        for _ in range(3):
            for i in (1, 0):
                view.source.value = i
                assert view.hexboard.sm_board is sources[i][1].board
            counts.append(open_widgets())
        assert len(set(counts)) == 1, f"open widgets after each change of board: {counts}"
        side = view.board_box.children[0].children[1].children
        assert side == (view.summary, view.detail, view.legend)
        assert all(x.comm is not None for x in side) and "<b>" in view.summary.value
    finally:
        page.close_tree(view)
