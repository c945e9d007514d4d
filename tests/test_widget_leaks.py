"""What a seat's browser receives holds nothing that seat may not see; widget values a browser
writes out of range are refused kernel-side; a flood of clicks applies only what was shown.

The dump is the state of every widget of the play table (every comm model the browser is sent:
``Widget.get_state()``, the same dict the comm carries, references to other models replaced by a
placeholder).  A position is checked by re-dealing everything the seat cannot see
(``resample_hidden``: other hands, the deck order) and drawing a second table over that twin
state: the two dumps must be identical.  Any other seat's hidden card or the deck order that
reached a widget would make them differ (a control view that shows the full state does).
Whole games of Coup and Shadow Master are played through the page (the reader clicks a random
button shown, the bots answer), checking every decision until the end.
"""
from __future__ import annotations

import importlib
import json
import random
import re

import ipywidgets as w
import pytest
import traitlets

from rules.core.protocol import TERMINAL, Transition
from widgets import page
from widgets.session import GameSession

REF = re.compile(r"IPY_MODEL_[0-9a-f]+")


def spec_of(gid):
    return importlib.import_module(f"widgets.{gid}").SPEC


def tree(root: w.Widget) -> list[w.Widget]:
    """Every widget reachable from ``root`` (children, layouts, styles), in a stable order."""
    out, seen = [], set()

    def walk(x):
        if not isinstance(x, w.Widget) or id(x) in seen:
            return
        seen.add(id(x))
        out.append(x)
        for name in sorted(x.keys):
            value = getattr(x, name, None)
            for v in (value if isinstance(value, (tuple, list)) else (value,)):
                walk(v)
    walk(root)
    return out


def dump(root: w.Widget) -> list[str]:
    """The state each model of ``root``'s tree sends the browser, model references blanked."""
    rows = []
    for x in tree(root):
        state, buffer_paths, buffers = w.widget._remove_buffers(x.get_state())
        rows.append(REF.sub("IPY_MODEL", json.dumps([x._model_name, state], sort_keys=True, default=str))
                    + str([bytes(b) for b in buffers]))
    return rows


def twin(spec, table: page.PlayTable, rng: random.Random) -> tuple[page.PlayTable, object]:
    """A second table at the same position with everything ``table.viewer`` cannot see re-dealt."""
    s = table.session
    hidden = spec.game.resample_hidden(s.state, table.viewer, rng)
    trs = list(s.transitions[:s.step])
    initial = s.initial
    if trs:
        trs[-1] = Transition(hidden, trs[-1].events)
    else:
        initial = hidden
    other = GameSession(spec.game, config=s.config, seed=s.seed, overrides=s.overrides)
    other._reset(spec.game, s.config, s.seed, s.overrides, initial, s.actions[:s.step], trs)
    out = page.PlayTable(spec, other, viewer=table.viewer, bots=table.bots, seed=table.seed)
    out.decision = table.decision - 1  # the decision counter (sent to a board) is not hidden information
    out.render()
    return out, hidden


def clickables(table: page.PlayTable) -> list:
    """The choices on screen (a select set to a random entry first, as the reader would)."""
    out = []
    for x in table.choices:
        if x.kind == "pick":
            x.value = random.Random(len(table.session.actions)).randrange(len(x.options))
        out.append(x)
    return out


GAMES = [("coup", 3, seed) for seed in (1, 2, 3, 6, 7)] + [("coup", 5, 4), ("coup", 6, 8), ("shadow_master", 3, 5)]


@pytest.mark.parametrize("gid, players, seed", GAMES)
def test_no_hidden_card_or_deck_order_reaches_a_seats_widgets_over_a_whole_game(gid, players, seed):
    spec = spec_of(gid)
    rng = random.Random(seed)
    table = page.new_table(spec, players - 1, seed=seed)
    checked = differs = 0
    for _ in range(400):
        s = table.session
        if s.current_player() == TERMINAL:
            break  # the game is over: what the end shows (hands revealed) is everyone's to see
        other, hidden = twin(spec, table, rng)
        try:
            assert dump(other) == dump(table), f"decision {checked}: the seat's widgets differ when hidden cards are re-dealt"
        finally:
            other.close()
        checked += 1
        differs += json.dumps(spec.game.state_to_json(hidden), sort_keys=True, default=str) != \
            json.dumps(spec.game.state_to_json(s.state), sort_keys=True, default=str)
        buttons = clickables(table)
        if not buttons:
            if table.finish_button.layout.display != "none":
                table.finish_button.click()  # the reader is out: the bots finish
                continue
            break
        rng.choice(buttons).click()
    assert checked >= 5
    assert differs >= checked // 2, "the twin states were mostly the same: the check would see no leak"


def test_the_check_sees_a_leak():
    """Control: a view that puts the full state in a widget is caught by the same comparison."""
    spec = spec_of("coup")
    table = page.new_table(spec, 2, seed=1)
    other, _hidden = twin(spec, table, random.Random(0))
    leak_a = w.HTML(json.dumps(spec.game.state_to_json(table.session.state), default=str))
    leak_b = w.HTML(json.dumps(spec.game.state_to_json(other.session.state), default=str))
    assert dump(w.VBox([table, leak_a])) != dump(w.VBox([other, leak_b]))


# ----------------------------------------------------------------------------- out-of-range values
def value_widgets(root):
    return [x for x in tree(root) if isinstance(x, (w.IntSlider, w.Dropdown, w.Text, w.Checkbox, w.FileUpload,
                                                    w.ToggleButtons, w.SelectionSlider, w.BoundedIntText))]


WILD = [10**12, -10**12, -1, 2**64, 3.5, "x" * 10_000, "", None, True, [1, 2], {"a": 1}, "💥", "\x00"]


@pytest.mark.parametrize("gid", ["coup", "shadow_master", "valeria", "toy_pig"])
def test_widget_values_written_out_of_range_are_refused_kernel_side(gid):
    """Each value widget of the play panel and of a scenario view gets wild values the way a browser
    writes them (``set_state``, what a comm message does): refused (TraitError) or kept in range,
    and the game on screen is unchanged unless a legal choice was made."""
    spec = spec_of(gid)
    panel = page.play(spec, first_seed=3)
    view = page.ScenarioView(spec, sorted(spec.scenarios.glob("*.yaml"))[0])
    for root in (panel, view):
        for x in value_widgets(root):
            for value in WILD:
                for name in ("value", "index"):
                    if name not in x.keys:
                        continue
                    try:
                        x.set_state({name: value})
                    except (traitlets.TraitError, ValueError, TypeError, KeyError, IndexError):
                        continue
                    now = getattr(x, name)
                    if isinstance(x, (w.IntSlider, w.BoundedIntText)) and name == "value":
                        assert x.min <= now <= x.max
                    if isinstance(x, w.Dropdown):
                        assert now is None or (name == "index" and 0 <= now < len(x.options)) or \
                            (name == "value" and any(now == v for _l, v in x.options))
        if root is view:
            assert 0 <= view.cursor.step <= view.cursor.length
    # the play panel still plays and says no traceback
    holder = panel.children[3]
    assert holder.children and "Traceback" not in panel.children[2].value
    table = holder.children[0]
    before = list(table.session.actions)
    # a forged click: no decision has this number - applied to nothing, said calmly (no error)
    assert table.choose(-1, {"player": 0, "type": "roll"}) is False
    assert table.session.actions == before
    assert table.message.value == page.MOVED_ON


def test_a_flood_of_clicks_applies_only_the_decisions_shown():
    """1,000 clicks on whatever buttons are on screen, as fast as the kernel takes them: every applied
    action of the reader was a button shown for the decision it was applied at."""
    spec = spec_of("coup")
    table = page.new_table(spec, 3, seed=9)
    applied = []
    real = table.act

    def act(action):
        shown_now = [b.choice[1] for b in table.choices if b.kind == "button"]
        applied.append((dict(action), shown_now))
        real(action)
    table.act = act
    old_buttons = []
    rng = random.Random(1)
    for i in range(1000):
        buttons = [b for b in table.choices if b.kind == "button"]
        old_buttons += buttons
        pool = buttons + old_buttons[-20:]  # stale buttons of past decisions are clicked too
        if not pool:
            break
        rng.choice(pool).click()
    assert applied, "no click was applied"
    for action, shown_now in applied:
        assert action in shown_now
