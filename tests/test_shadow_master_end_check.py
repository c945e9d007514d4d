"""The end conditions (end.three_empty, end.two_exhausted) in the middle of one action.

The engine checks the end after each action.  A placement and the attack it starts are one action
unless the attack waits for a decision of the placer (three fronts, the tokens to remove, one of
several besieged cells): then the board between the token and the removal was checked, else not.
So a placement that left only 3 empty cells (or used a second colour's last token) began the end
or not by how the removal was picked.  Ambiguity ``end_mid_attack``: the default ``on_placement``
checks the board as the token stands, before every attack; ``after_attack`` only once the attack
is done.  Targeted setups put a placement right at a condition that its own attack undoes.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules.shadow_master import GAME
from rules.shadow_master.scoring import end_conditions

FILL = ("green", "yellow", "purple", "white")


def build(red, place, blue, black=(), empty=3, seed=3, players=3, cfg=None, red_count=1, blue_count=1):
    """A position: ``red`` and ``blue`` cells (``red_count`` / ``blue_count`` tokens each, a count
    per cell when a dict), ``black`` cells, seat 0 at its choice holding the card of ``place``;
    ``empty`` cells besides ``place`` are left empty and the rest filled with other colours, one
    token each (``empty=None``: nothing filled)."""
    s = GAME.new_game(GAME.make_config({"players": players, **(cfg or {})}), seed)
    board = {}
    for cells, colour, count in ((red, "red", red_count), (blue, "blue", blue_count)):
        for c in cells:
            board[c] = [colour, count[c] if isinstance(count, dict) else count]
    board.update({c: ["black", 1] for c in black})
    if empty is not None:
        rest = [c for c in s.board.cells if c not in board and c != place]
        board.update({c: [FILL[i % len(FILL)], 1] for i, c in enumerate(rest[empty:])})
    return GAME.apply_overrides(s, {"first_player": 0, "board": board, "players": {"0": {"hand": [place]}}})


def place_red(s, cell):
    """Roll red and place it on ``cell``: ``(state, events)`` of the placement."""
    s = GAME.apply(s, {"player": 0, "type": "roll"}).state
    s = GAME.apply(s, {"chance": "die", "colour": "red"}).state
    tr = GAME.apply(s, {"player": 0, "type": "place", "cell": cell, "colour": "red"})
    assert GAME.invariants(tr.state) == []
    return tr.state, [e.kind for e in tr.events]


def empty_cells(s) -> int:
    return len(s.board.cells) - len(s.position)


def tempo_at_three_empty(picker, **kw):
    """Red A1 A2 B1 + C1 (4 cells) against a blue group of 4 single tokens from B2 (a tempo: 2
    tokens off, 2 cells emptied); the red group's other neighbours black; C1 leaves 3 empty cells."""
    return build(["A1", "A2", "B1"], "C1", ["B2", "B3", "C3", "B4"], ["A3", "C2", "D1"],
                 cfg={"removal_picker": picker, **kw.pop("cfg", {})}, **kw)


@pytest.mark.parametrize("picker", ["placer", "largest_stack"])
def test_the_end_begins_by_the_placement_however_the_removal_is_picked(picker):
    """The same placement leaves 3 empty cells; the tempo then empties 2 cells.  Before, the end
    began when the placer picked the tokens (the removal waited) and not under largest_stack."""
    s = tempo_at_three_empty(picker)
    assert empty_cells(s) == 4 and not s.end_triggered
    s, kinds = place_red(s, "C1")
    assert "attack" in kinds
    assert s.end_triggered and s.end_conditions == ("end.three_empty",), (picker, kinds)
    assert kinds.index("end_triggered") < kinds.index("attack")   # seen as the token stood
    if picker == "placer":   # the removal still to pick; the end stays begun after it
        s = GAME.apply(s, GAME.legal_actions(s, 0)[0]).state
    if not s.queue:
        assert s.end_triggered and s.last_round == s.round + 1


def test_a_siege_of_one_cell_after_the_third_last_cell_is_filled_begins_the_end():
    """Defaults: red A7 B7 D7 + C7 besieges the lone blue B6 (3 red sides, no choice: the one
    enclosed cell is emptied at once) - the board then has 4 empty cells, but it had 3."""
    s = build(["A7", "B7", "D7"], "C7", ["B6"], ["A6", "C6", "D6", "E7"])
    s, kinds = place_red(s, "C7")
    assert "tokens_removed" in kinds and s.position.count_at("B6") == 0
    assert empty_cells(s) == 4
    assert s.end_triggered and s.end_conditions == ("end.three_empty",), kinds


def _exhaust_setup(cfg=None):
    """Red 29 tokens (10 cells from A1) and its last token for the cell next to them; blue all 30
    tokens (10 cells of 3) touching that red group: red's group (11 cells) outnumbers blue's, a
    full-force attack takes 4 blue tokens back to the supply."""
    s0 = GAME.new_game(GAME.make_config({"players": 3}), 3)
    nb = s0.board.neighbours

    def grow(start, n, avoid):
        out = [start]
        while len(out) < n:
            out.append(next(x for c in out for x in nb[c] if x not in out and x not in avoid))
        return out

    red = grow("A1", 10, set())
    place = next(x for c in red for x in nb[c] if x not in red)
    group = set(red) | {place}
    start = next(x for c in group for x in nb[c] if x not in group)
    blue = grow(start, 10, group)
    counts = {c: 3 for c in red}
    counts[red[-1]] = 2
    return build(red, place, blue, empty=None, cfg=cfg, red_count=counts, blue_count=3), place


def test_a_second_colour_exhausted_by_the_placement_begins_the_end():
    """Red's last token placed while blue has none left: two colours have placed all their tokens
    (end.two_exhausted) as the token stands, though the attack puts 4 blue tokens back - whether
    the placer picks them (before, the end began: the removal waited) or not (before, it did not)."""
    for picker in ("placer", "largest_stack"):
        s, place = _exhaust_setup({"removal_picker": picker})
        assert s.supply[s.cidx("red")] == 1 and s.supply[s.cidx("blue")] == 0 and not s.end_triggered
        s, kinds = place_red(s, place)
        assert "attack" in kinds
        while s.queue and GAME.current_player(s) == 0:   # the placer picks the 4 tokens
            s = GAME.apply(s, GAME.legal_actions(s, 0)[0]).state
        assert s.supply[s.cidx("red")] == 0 and s.supply[s.cidx("blue")] == 4
        assert s.end_triggered and s.end_conditions == ("end.two_exhausted",), (picker, kinds)


def test_after_attack_reading_checks_only_once_the_attack_is_done():
    """The register's other reading: the condition the attack undid does not count, whether or
    not the removal waited for the placer (the board is checked when the attack is done)."""
    for picker in ("placer", "largest_stack"):
        s = tempo_at_three_empty(picker, cfg={"end_mid_attack": "after_attack"})
        s, kinds = place_red(s, "C1")
        assert not s.end_triggered, (picker, kinds)
        while s.queue and GAME.current_player(s) == 0:
            s = GAME.apply(s, GAME.legal_actions(s, 0)[0]).state
        assert empty_cells(s) == 5 and not s.end_triggered, picker
    s, place = _exhaust_setup({"end_mid_attack": "after_attack", "removal_picker": "largest_stack"})
    s, kinds = place_red(s, place)
    assert "attack" in kinds and not s.end_triggered   # blue is back to 4: one colour out only


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picker=st.sampled_from(["placer", "largest_stack"]), empty=st.integers(1, 5),
       seed=st.integers(0, 50), pick=st.integers(0, 3))
@example(picker="largest_stack", empty=3, seed=0, pick=0)   # the placement fills the third-last cell
def test_the_end_begins_whenever_a_placement_stands_at_a_condition(picker, empty, seed, pick):
    """For positions around the end (the tempo setup with 1-5 other empty cells, any removal
    picker, any tokens the placer picks): the end has begun after the placement and its attack
    exactly when the board as the token stood met a condition (end.three_empty here), not by
    what the attack left (2 more empty cells)."""
    s = tempo_at_three_empty(picker, empty=empty, seed=seed)
    s = GAME.apply(s, {"player": 0, "type": "roll"}).state
    s = GAME.apply(s, {"chance": "die", "colour": "red"}).state
    stood = GAME.apply(s, {"player": 0, "type": "place", "cell": "C1", "colour": "red"}).state
    held = empty_cells(s) - 1 <= 3   # the board as C1's token stood (one fewer empty cell)
    s = stood
    while s.queue and GAME.current_player(s) == 0:
        legal = GAME.legal_actions(s, 0)
        s = GAME.apply(s, legal[pick % len(legal)]).state
    assert s.end_triggered == held, (picker, empty, empty_cells(s), end_conditions(s))
