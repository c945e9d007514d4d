"""What a play click costs the kernel beyond the rules: the event log writes each story line and
picker line once, not the whole window again at every click (it was a third of a Shadow Master
click's kernel time), and still shows what a fresh log shows."""
from __future__ import annotations

import random

import pytest

import widgets.eventlog as eventlog
from widgets import page
from widgets.eventlog import EventLog


def _table_with_events(n=60):
    from widgets.shadow_master import SPEC
    table = page.new_table(SPEC, 2, "random", 4)
    rng, s = random.Random(4), table.session
    while len(s.events) < n and table._legal:
        table.choose(table.decision, rng.choice(table._legal))
    return SPEC, table


def test_the_event_log_writes_a_line_once_and_shows_what_a_fresh_log_shows(monkeypatch):
    spec, table = _table_with_events()
    s, calls = table.session, []
    real = eventlog.event_text
    monkeypatch.setattr(eventlog, "event_text", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    log = EventLog(book=spec.book, viewer=0, seat_label=spec.seat_label, game=spec.game)
    events = list(s.events)
    setup = len(s.setup_events)
    log.set_events(events[:-3], setup=setup)
    assert len(calls) == 2 * (len(events) - 3)  # a story line and a picker line each
    calls.clear()
    log.set_events(events, setup=setup)  # three events more: three lines of each written
    assert len(calls) == 2 * 3 and calls[:3] == events[-3:]
    fresh = EventLog(book=spec.book, viewer=0, seat_label=spec.seat_label, game=spec.game)
    fresh.set_events(events, setup=setup)
    assert log.story.value == fresh.story.value and log.select.options == fresh.select.options
    # the words changed (another viewer): every line is written anew, as a fresh log writes it
    calls.clear()
    log.viewer = fresh.viewer = None
    log.set_events(events, setup=setup)
    assert len(calls) == 2 * len(events)
    fresh.set_events(events, setup=setup)
    assert log.story.value == fresh.story.value and log.select.options == fresh.select.options
    # a window starting later numbers the same events as before (their lines are reused)
    calls.clear()
    log.set_events(events[5:], first=5, setup=setup)
    fresh.set_events(events[5:], first=5, setup=setup)
    assert log.story.value == fresh.story.value and log.select.options == fresh.select.options
    table.close()


def _old_log_window(spec, session, events, actions, shown_last=None):
    """log_window as it was: every heading of the history, then the window."""
    setup = len(session.setup_events)
    turns = [""] * setup + page.turn_headings(spec, session, actions, shown_last)
    first = max(0, len(events) - page.LOG_EVENTS)
    cut = first
    while first < min(len(events) - 1, cut + page.LOG_EVENTS // 2) and first > setup and turns[first] == turns[first - 1]:
        first += 1
    if first > setup and turns[first] == turns[first - 1]:
        first = cut
    return {"events": events[first:], "first": first, "setup": setup, "turns": turns[first:]}


def test_the_logs_window_reads_the_headings_of_the_window_only():
    """A click asked every past action's turn heading (cached, but a walk over the whole history at
    every click); the window needs its own events' and the one before.  Same window as before."""
    import dataclasses
    spec, table = _table_with_events(400)
    s = table.session
    assert s.length > 100 and len(s.events) > 2 * page.LOG_EVENTS
    asked = []
    counting = dataclasses.replace(spec, turn_of=lambda obs: asked.append(1) or spec.turn_of(obs))
    s.__dict__.pop("_kl_turns", None)  # nothing cached yet
    window = page.log_window(counting, s, list(s.events), s.step)
    assert 0 < len(asked) <= page.LOG_EVENTS + 1 < s.length
    assert window == _old_log_window(spec, s, list(s.events), s.step)
    for step in range(0, s.length + 1, 7):  # at every size of history, and inside an action (the stepper)
        s.jump(step)
        events = list(s.events)
        assert page.log_window(spec, s, events, step) == _old_log_window(spec, s, events, step)
        if step:
            k = len(s.transitions[step - 1].events) // 2
            cut = events[:len(events) - len(s.transitions[step - 1].events) + k]
            assert page.log_window(spec, s, cut, step, k) == _old_log_window(spec, s, cut, step, k)
    table.close()


@pytest.mark.parametrize("game", ["coup", "new_world", "shadow_master", "valeria"])
def test_a_move_redraws_the_choices_and_the_tools_in_one_message_each_and_builds_no_button(game, monkeypatch):
    """A move's choices and tools are two kernel-drawn pictures (widgets.playchoices): one message
    each, no widget opened or closed for them.  They were ipywidgets buttons, dropdowns and lines
    built anew at every decision (7-9 opens and as many closes a move in New World: each a model
    the browser built while the reader waited for the board; issue 12, click -> board <= 100 ms)."""
    from ipywidgets.widgets.widget import Widget
    spec = __import__(f"widgets.{game}", fromlist=["SPEC"]).SPEC
    table = page.new_table(spec, 2, None, 4)
    rng = random.Random(3)
    for _ in range(4):
        if table._legal:
            table.choose(table.decision, rng.choice(table._legal))
    assert table._legal
    controls = {id(x) for x in _tree(table.controls)}
    sent = []
    real_send, real_open, real_close = Widget._send, Widget.open, Widget.close
    monkeypatch.setattr(Widget, "_send", lambda self, msg, buffers=None: (
        sent.append(("update", self)), real_send(self, msg, buffers))[1])
    monkeypatch.setattr(Widget, "open", lambda self: (sent.append(("open", self)), real_open(self))[1])
    monkeypatch.setattr(Widget, "close", lambda self: (
        sent.append(("close", self)) if self.comm is not None else None, real_close(self))[1])
    table.choose(table.decision, rng.choice(table._legal))
    assert [kind for kind, x in sent if x is table.buttons] == ["update"]
    assert [kind for kind, x in sent if x is table.tools] == ["update"]
    opened_or_closed = [type(x).__name__ for kind, x in sent if kind in ("open", "close") and (
        id(x) in controls or x in _tree(table.controls))]
    assert opened_or_closed == []
    assert [c.decision for c in table.choices] == [table.decision] * len(table.choices)
    table.close()


def _tree(widget) -> list:
    out, stack = [], [widget]
    while stack:
        x = stack.pop()
        out.append(x)
        stack += list(getattr(x, "children", ()))
    return out


def _json_bytes(msg) -> int:
    """A message's size as the kernel sends it (jupyter_client's JSON: UTF-8, not ASCII-escaped)."""
    import json
    return len(json.dumps(msg, ensure_ascii=False, default=str).encode("utf-8"))


def test_a_move_sends_the_pickers_changed_entries_only_and_a_browser_follows(monkeypatch):
    """A play move set the event picker's whole list of entries anew: ipywidgets sent every entry
    (about 14 kB in a New World move, 80 entries, for the dozen new ones).  Now a move sends the
    entries that changed (the new events' entries, and how many old ones left the window) and the
    choice; a browser that applies those messages to the list it was given when its model was made
    (the whole list, ``get_state``) holds the kernel's entries and choice after every move."""
    from ipywidgets.widgets.widget import Widget
    from widgets.new_world import SPEC
    table = page.new_table(SPEC, 2, "random", 4)
    rng = random.Random(3)
    picker = table.eventlog.select
    sent = []
    real_send = Widget._send
    monkeypatch.setattr(Widget, "_send", lambda self, msg, buffers=None: (
        sent.append(msg) if self is picker else None, real_send(self, msg, buffers))[1])
    made = picker.get_state()  # what a browser is given when it makes the model (or asks again)
    lines, rev, index = list(made.get("lines", ())), made.get("rev"), made.get("index")
    moved = 0
    for _ in range(14):
        if not table._legal:
            break
        sent.clear()
        table.choose(table.decision, rng.choice(table._legal))
        moved += 1
        whole = _json_bytes([label for label, _ in picker.options])
        cost = sum(_json_bytes(m) for m in sent)
        new = [label for label, _ in picker.options if label not in lines]  # entries the browser lacks
        assert cost < 4000 and cost < _json_bytes(new) + 400, (cost, whole, len(new), len(picker.options))
        if len(picker.options) > page.LOG_EVENTS // 2:
            assert cost < whole / 3, (cost, whole, len(picker.options))
        for m in sent:  # the browser's side of it (EventPicker's module)
            if m.get("method") == "custom" and m["content"].get("event") == "lines":
                c = m["content"]
                assert c["base"] == rev, (c["base"], rev)
                lines, rev = lines[c["drop"]:c["drop"] + c["keep"]] + c["add"], c["rev"]
            elif m.get("method") == "update":
                assert "lines" not in m["state"] and "_options_labels" not in m["state"], m["state"].keys()
                index = m["state"].get("index", index)
        assert lines == [label for label, _ in picker.options]
        assert index == picker.index == len(lines) - 1
    assert moved >= 10 and table.eventlog._first > 0  # the window moved on too
    assert picker.get_state()["lines"] == lines and picker.get_state()["rev"] == rev
    table.close()


def test_the_pickers_browser_messages_are_checked_and_a_new_view_gets_the_whole_list(monkeypatch):
    """The browser chooses an event by a message the kernel checks (an entry it shows, on the list
    it shows now): anything else chooses nothing, raises nothing, and the browser is told to show
    the kernel's choice again.  A browser whose list is not the kernel's (it missed a change while
    its module loaded) asks and gets the whole list."""
    from ipywidgets.widgets.widget import Widget
    spec, table = _table_with_events(30)
    log = table.eventlog
    picker = log.select
    sent = []
    real_send = Widget._send
    monkeypatch.setattr(Widget, "_send", lambda self, msg, buffers=None: (
        sent.append(msg) if self is picker else None, real_send(self, msg, buffers))[1])
    last = len(picker.options) - 1
    assert picker.value == last and f"{log._first + last + 1}. " in log.detail.value
    state = picker.get_state()
    rev = state["rev"]
    assert state["lines"] == [label for label, _ in picker.options] and state["index"] == last
    for junk in (None, [], "pick", {"event": "pick"}, {"event": "pick", "index": last + 1, "rev": rev},
                 {"event": "pick", "index": -1, "rev": rev}, {"event": "pick", "index": "0", "rev": rev},
                 {"event": "pick", "index": True, "rev": rev}, {"event": "pick", "index": 0, "rev": rev - 1},
                 {"event": "pick", "index": 0}, {"event": "nonsense", "index": 0, "rev": rev}):
        picker._handle_custom_msg(junk, [])
        assert picker.value == last and f"{log._first + last + 1}. " in log.detail.value, junk
    assert sum(m.get("content", {}).get("event") == "again" for m in sent) == 7
    sent.clear()
    picker._handle_custom_msg({"event": "pick", "index": 0, "rev": rev}, [])  # the first entry
    assert picker.value == 0 and log.clicks.chosen == log._first
    assert log.detail.value.startswith('<div class="kl-eventlog-line"') and f"{log._first + 1}. " in log.detail.value
    assert [m["state"] for m in sent if m.get("method") == "update"] == [{"index": 0}]
    sent.clear()
    picker._handle_custom_msg({"event": "sync", "rev": rev}, [])  # the browser has the list: nothing sent
    assert sent == []
    picker._handle_custom_msg({"event": "sync", "rev": rev - 3}, [])
    assert [m["state"] for m in sent] == [{"index": 0, "lines": state["lines"], "rev": rev}]
    table.close()
