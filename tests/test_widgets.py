"""Widgets: GameSession history, the hex board payload and SVG, rule panel, event log,
stepper, error display, the home page pieces, the Shadow Master board panel and the
dashboard launcher's settings.  No browser here (see test_browser.py)."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace

import pytest
from pydantic import BaseModel

from rules.core import hexgrid, saveload
from rules.core.base import GameBase
from rules.core.protocol import TERMINAL, BadInput, Event, IllegalAction, Transition
from rules.core.rulebook import parse_rulebook
from widgets import errors, home, serve
from widgets.eventlog import EventLog, event_line, event_text
from widgets.hexboard import HexBoard, cell_id, geometry_path, parse_cell_id
from widgets.rulepanel import RulePanel, section_html
from widgets.session import GameSession
from widgets.stepper import Stepper

SVG = "{http://www.w3.org/2000/svg}"


# ----------------------------------------------------------------------------- a fake game
class CounterConfig(BaseModel):
    players: int = 2
    target: int = 5


@dataclass(frozen=True)
class Counter:
    total: int
    turn: int
    players: int
    target: int


class CounterGame(GameBase):
    """Players take turns adding 1 or 2 to a total; the game ends at ``target``."""

    id = "counter"
    title_th = title_en = "Counter"
    min_players, max_players = 1, 4
    config_model = CounterConfig

    def new_game(self, config, seed):
        return Counter(0, 0, config.players, config.target)

    def current_player(self, s):
        return TERMINAL if s.total >= s.target else s.turn

    def legal_actions(self, s, player):
        if self.current_player(s) != player:
            return []
        return [{"player": player, "type": "add", "n": n} for n in (1, 2) if s.total + n <= s.target]

    def apply(self, s, action):
        if action not in self.legal_actions(s, action.get("player")):
            raise IllegalAction("counter.add", "บวกได้แค่ 1 หรือ 2 ในตาของตน", "add 1 or 2, on your turn")
        n = action["n"]
        new = replace(s, total=s.total + n, turn=(s.turn + 1) % s.players)
        return Transition(new, (Event("add", action["player"], {"n": n}, ("counter.add",),
                                      text_th=f"บวก {n}", text_en=f"add {n}"),))

    def observe(self, s, viewer):
        return {"total": s.total, "turn": s.turn}

    def state_to_json(self, s):
        return {"total": s.total, "turn": s.turn}


GAME = CounterGame()


def add(player, n):
    return {"player": player, "type": "add", "n": n}


@pytest.fixture
def session():
    s = GameSession(GAME, {"players": 2, "target": 5}, seed=3)
    s.apply(add(0, 1))
    s.apply(add(1, 2))
    s.apply(add(0, 1))
    return s


# ----------------------------------------------------------------------------- GameSession
def test_apply_moves_forward_and_collects_events(session):
    assert (session.step, session.length, session.state.total, session.state.turn) == (3, 3, 4, 1)
    assert [e.data["n"] for e in session.events] == [1, 2, 1]
    assert session.last_events[0].cites == ("counter.add",)
    assert session.legal_actions() == [add(1, 1)]
    assert session.observation() == {"total": 4, "turn": 1}


def test_illegal_action_changes_nothing_and_reports_the_clause(session):
    before = (list(session.actions), session.step, session.state)
    with pytest.raises(IllegalAction) as exc:
        session.apply(add(1, 2))  # would pass the target
    assert exc.value.clause == "counter.add"
    assert session.last_error == {"clause": "counter.add", "th": "บวกได้แค่ 1 หรือ 2 ในตาของตน",
                                  "en": "add 1 or 2, on your turn"}
    assert (session.actions, session.step, session.state) == before
    assert isinstance(session.try_apply(add(0, 1)), IllegalAction)  # not seat 0's turn
    assert session.try_apply(add(1, 1)) is None
    assert session.last_error is None and session.state.total == 5


@pytest.mark.parametrize("bad", ["income", ["player", 0], {"player": 0, "n": {1, 2}}])
def test_malformed_action_is_bad_input(session, bad):
    with pytest.raises(BadInput):
        session.apply(bad)
    assert session.step == 3 and session.last_error["clause"].startswith("action")


def test_undo_redo_jump(session):
    seen = []
    session.observe(lambda c: seen.append(c["new"]), names="step")
    assert session.undo() and session.undo()
    assert (session.step, session.state.total, len(session.events)) == (1, 1, 1)
    assert session.redo() and session.state.total == 3
    session.jump(0)
    assert session.state.total == 0 and session.events == [] and session.undo() is False
    session.jump(3)
    assert session.redo() is False and session.state.total == 4
    assert seen == [2, 1, 2, 0, 3]
    for bad in (4, -1, "2", True):
        with pytest.raises(BadInput):
            session.jump(bad)
    assert session.step == 3


def test_apply_after_undo_branches(session):
    session.jump(1)
    session.apply(add(1, 1))
    assert session.length == 2 and session.step == 2 and session.state.total == 2
    assert session.redo() is False
    assert session.actions == [add(0, 1), add(1, 1)]
    session.jump(0)
    assert session.branch() == [add(0, 1), add(1, 1)]
    assert session.length == 0 and session.state.total == 0


def test_save_load_round_trip(session):
    session.undo()
    text = session.save()
    data = json.loads(text)
    assert data["schema_version"] == saveload.SCHEMA_VERSION and data["game"] == "counter" and len(data["actions"]) == 2
    other = GameSession(GAME, {"players": 2, "target": 5})
    other.load(text)
    assert (other.step, other.length, other.state) == (2, 2, session.state)
    assert other.config == session.config and other.seed == 3


@pytest.mark.parametrize("text, field", [
    ("{not json", "<json>"),
    (json.dumps({"schema_version": 9, "game": "counter", "config": {}, "seed": 0, "actions": []}),
     "schema_version"),
    (json.dumps({"schema_version": 1, "game": "coup", "config": {}, "seed": 0, "actions": []}),
     "game"),
    (json.dumps({"schema_version": 1, "game": "counter", "config": {"players": 2}, "seed": 0,
                 "actions": [add(0, 1), add(0, 1)]}), "actions[1]"),
    (json.dumps({"schema_version": 1, "game": "counter", "config": {"players": 9}, "seed": 0,
                 "actions": []}), "players"),
])
def test_bad_save_names_the_field_and_loads_nothing(session, text, field):
    before = (list(session.actions), session.step, session.state)
    with pytest.raises(BadInput) as exc:
        session.load(text, source="mine.json")
    assert exc.value.field == field and exc.value.source.startswith("mine.json")
    assert exc.value.message_th and exc.value.message_en
    assert (session.actions, session.step, session.state) == before


def test_apply_chance_refused_outside_chance_nodes(session):
    with pytest.raises(BadInput):
        session.apply_chance()


# ----------------------------------------------------------------------------- stepper
def test_stepper_follows_and_drives_the_session(session):
    st = Stepper(session)
    assert (st.slider.max, st.slider.value) == (3, 3)
    assert st.forward.disabled and not st.back.disabled
    st.slider.value = 1
    assert session.step == 1 and session.state.total == 1
    st.first.click()
    assert session.step == 0 and st.back.disabled and st.slider.value == 0
    st.last.click()
    assert session.step == 3
    session.jump(1)
    session.apply(add(1, 2))  # branch: history shrinks to 2
    assert (st.slider.max, st.slider.value) == (2, 2)
    st.back.click()
    assert session.step == 1


def test_every_stepper_control_says_what_it_does_in_thai_and_english(session):
    """The four buttons are icons alone: their tooltip is their name (the light front makes it their
    ``aria-label``; Chromium had named them by their glyph, "\uf049"), Thai and English; the slider's
    label had no tooltip and the page's front showed "null" on it."""
    import re
    st = Stepper(session)
    for control in (st.first, st.back, st.forward, st.last, st.slider):
        th, _, en = control.tooltip.partition(" / ")
        assert re.search(r"[\u0E00-\u0E7F]", th) and re.search(r"[a-z]", en), control.tooltip
    assert len({b.tooltip for b in (st.first, st.back, st.forward, st.last)}) == 4
    assert not any(b.description for b in (st.first, st.back, st.forward, st.last))  # icons: named by tooltip
    # the slider's visible label too (it read "ขั้น" alone on every page: a fresh user's finding),
    # at its natural width so neither half is cut
    th, _, en = st.slider.description.partition(" / ")
    assert re.search(r"[\u0E00-\u0E7F]", th) and en == "step", st.slider.description
    assert st.slider.style.description_width == "initial"


# ----------------------------------------------------------------------------- rule panel / event log
BOOK = parse_rulebook({
    "game": "toy", "seed_file": "toy.txt", "title_th": "ของเล่น", "title_en": "Toy",
    "clauses": [
        {"id": "a.one", "heading": ["หมวดเอ"], "status": "implemented", "text_th": "ข้อหนึ่ง"},
        {"id": "a.two", "heading": ["หมวดเอ", "ย่อย"], "status": "flavour", "text_th": "ข้อสอง <b>"},
        {"id": "b.one", "heading": ["หมวดบี"], "status": "pending", "text_th": "ข้อสาม",
         "gloss_en": "Third."},
    ]}, "toy.yaml")


def _cited_ids(markup: str) -> set[str]:
    import re
    return set(re.findall(r'class="kl-clause cited" data-clause="([^"]+)"', markup))


def test_rule_panel_highlights_cited_clauses_and_switches_section():
    panel = RulePanel(BOOK)
    assert [o[0] for o in panel.dropdown.options] == ["1. หมวดเอ", "2. หมวดบี"]
    assert 'data-clause="a.one"' in panel.body.value and "b.one" not in panel.body.value
    assert "ข้อสอง &lt;b&gt;" in panel.body.value  # Thai text escaped, not injected
    panel.highlight(["b.one"])
    assert panel.dropdown.value == 1 and _cited_ids(panel.body.value) == {"b.one"}
    assert "Third." in panel.body.value
    panel.highlight(["a.two", "unknown.id"])
    assert panel.dropdown.value == 0 and _cited_ids(panel.body.value) == {"a.two"}
    assert _cited_ids(section_html(BOOK, 0, ())) == set()
    with pytest.raises(IndexError):
        section_html(BOOK, 2)


def test_event_log_lists_events_and_shows_their_clauses():
    panel = RulePanel(BOOK)
    log = EventLog(book=BOOK, rule_panel=panel)
    events = [Event("a", 0, {"x": 1}, ("a.one",), text_th="เกิดเอ"),
              Event("secret", 1, {"card": "duke"}, ("b.one",), visible_to=frozenset({1}),
                    text_th="ลับ: ดยุก")]
    log.set_events(events)
    labels = [o[0] for o in log.select.options]
    assert labels == ["1. ที่นั่ง 0 ▸ เกิดเอ",  # no clause id in the picker: the chosen event's clauses show below
                      "2. ที่นั่ง 1 ▸ เหตุการณ์ที่ซ่อน: การ์ดปิด / a hidden event (secret): hidden card"]
    assert "ดยุก" not in "".join(labels)  # a spectator never receives the hidden text
    assert 'data-clause="b.one"' in log.detail.value and panel.dropdown.value == 1
    log.select.value = 0
    assert 'data-clause="a.one"' in log.detail.value and _cited_ids(panel.body.value) == {"a.one"}
    assert event_line(1, events[1], viewer=1) == "2. ที่นั่ง 1 ▸ ลับ: ดยุก"  # no clause id: choosing it shows the clause


def test_event_log_names_the_actor_once_in_one_style():
    """Every event with an actor names its seat; not twice when the text already does; the
    label comes from the view (or the game), else the generic ``ที่นั่ง n``."""
    named = Event("gain", 2, {}, ("a.one",), text_th="ที่นั่ง 2 รับเงิน 1 เหรียญ")
    bare = Event("income", 1, {}, ("a.one",), text_th="รับรายได้ 12 Silver")
    game = Event("round_over", None, {}, ("a.one",), text_th="จบรอบ")
    other = Event("pay", 1, {}, ("a.one",), text_th="ที่นั่ง 10 ได้เงิน")  # names seat 10, not seat 1
    assert event_text(named) == "ที่นั่ง 2 รับเงิน 1 เหรียญ"
    assert event_text(bare) == "ที่นั่ง 1 ▸ รับรายได้ 12 Silver"
    assert event_text(game) == "จบรอบ"
    assert event_text(other).startswith("ที่นั่ง 1 ▸ ")
    sm_label = lambda s: f"ผู้เล่น {s + 1} (ที่นั่ง {s})"  # noqa: E731 - the Shadow Master panels' label
    assert event_text(bare, label=sm_label) == "ผู้เล่น 2 (ที่นั่ง 1) ▸ รับรายได้ 12 Silver"
    assert event_text(Event("first_player", 1, {}, (), text_th="รอบที่ 2: ผู้เล่น 2 ถือ First Player"),
                      label=sm_label) == "รอบที่ 2: ผู้เล่น 2 ถือ First Player"
    log = EventLog(book=BOOK, seat_label=sm_label)
    log.set_events([bare])
    assert log.select.options[0][0] == "1. ผู้เล่น 2 (ที่นั่ง 1) ▸ รับรายได้ 12 Silver"


def test_hidden_events_read_as_a_hidden_card_not_an_internal_name():
    """A hidden event is named by the game's words for its kind (its ``id_labels["hidden_event"]``)."""
    from rules.core.protocol import id_label
    from rules.coup import GAME as COUP
    from rules.shadow_master import GAME as SM
    for game, kind, th in ((COUP, "card_drawn", "หยิบการ์ดใหม่จากกอง"), (COUP, "exchange_draw", "รับการ์ดจากกองกลางมาแลก"),
                           (COUP, "exchange_return", "คืนการ์ดเข้ากอง"), (SM, "draw", "จั่วการ์ด Territory")):
        ev = Event(kind, 3, {"card": "duke"}, ("a.one",), visible_to=frozenset({3}), text_th="ลับ duke")
        line = event_line(0, ev, viewer=0, kind_words=lambda k, game=game: id_label(game, "hidden_event", k))
        assert line.startswith(f"1. ที่นั่ง 3 ▸ {th}: การ์ดปิด / ") and "hidden card" in line
        assert f"({kind}" not in line and f"{kind}:" not in line and "duke" not in line


def test_the_heading_under_the_event_picker_is_the_whole_line():
    """A fresh user read the chosen event's heading under the picker cut ("... ใครเป็นผู้เล่นคนแรก)…"):
    it was the picker's shortened entry (pick_words).  The heading is the event's whole line, Thai and
    English; the picker's entry may stay shortened."""
    import html as _html
    th = "ผู้เล่นคนแรกคือที่นั่ง 1 (ที่นั่งแรกตามข้อกำกวม: ใครเป็นผู้เล่นคนแรก): เลือกทำหนึ่งในการกระทำ"
    en = "the first player is seat 1 (the first seat, by ambiguity: Who is the first player?): it chooses one action"
    ev = Event("setup_first_player", None, {}, ("a.one",), text_th=th, text_en=en)
    log = EventLog()
    log.set_events([Event("a", 0, {}, ("a.one",), text_th="เกิดเอ"), ev])
    whole = event_line(1, ev, viewer=None)
    assert log.select.options[-1][0].endswith("…") and log.select.options[-1][0] != whole  # shortened entry
    assert log.select.value == 1
    heading = log.detail.value.split('class="kl-eventlog-line"')[1].split("</div>")[0]
    assert _html.escape(whole) in heading and "…" not in heading, heading
    assert _html.escape(en) in heading
    log.select.value = 0
    log.select.value = 1   # chosen again in the picker: the same whole line
    assert _html.escape(whole) in log.detail.value


def test_event_log_picker_is_never_a_blank_dropdown():
    """The picker ("ข้อกติกาของ") names an event at every frame, frame 0 included, and is hidden when
    there is no event at all (an empty dropdown said nothing)."""
    from widgets import page
    from widgets.valeria import SPEC
    log = EventLog()
    assert log.select.options == () and log.select.layout.display == "none"
    ev = Event("a", 0, {}, ("a.one",), text_th="เกิดเอ")
    log.set_events([ev])
    assert log.select.value == 0 and log.select.layout.display == "" and "เกิดเอ" in log.detail.value
    log.set_events([])
    assert log.select.layout.display == "none" and log.detail.value == ""
    for spec in (SPEC,):  # under a scenario's table at frame 0 (the setup)
        reader = page.ScenarioReader(spec, page.scenario_paths(spec)[:1], section=2)
        view = reader.view
        assert view.cursor.step == 0 and view.eventlog.select.value is not None
        assert view.eventlog.select.value == len(view.eventlog.select.options) - 1
        assert "kl-clause" in view.eventlog.detail.value
        assert reader.panel.dropdown.value == 2  # the section the reader opened stays


def test_event_log_follows_a_session(session):
    log = EventLog(session)
    assert len(log.select.options) == 3
    session.undo()
    assert len(log.select.options) == 2 and log.select.value == 1


# ----------------------------------------------------------------------------- hex board
def test_hexboard_payload_and_svg():
    cells = hexgrid.disc((0, 0), 3)
    board = HexBoard(cells, size=20, labels={(0, 0): "A1"})
    assert len(board.cells) == 37
    pts = board.cells["0,0"][0].split()
    assert len(pts) == 6 and board.cells["0,0"][3] == "A1"
    board.update(stacks={(0, 0): ("#d32f2f", 3), (1, 0): ("#ffffff", 1)},
                 highlights=[(0, 0)], outlines=[([(0, 0), (1, 0)], "#d32f2f", "red Rank 2")])
    assert board.stacks == {"0,0": ["#d32f2f", 3, "#fff"], "1,0": ["#ffffff", 1, "#000"]}
    root = ET.fromstring(board.to_svg().encode("utf-8"))
    assert root.tag == SVG + "svg"
    assert len(root.findall(f".//{SVG}polygon[@class='kl-cell']")) == 37
    assert len(root.findall(f".//{SVG}circle")) == 3 + 1
    assert [t.text for t in root.iter(SVG + "text") if t.text and t.text.isdigit()] == ["3"]
    (path,) = root.findall(f".//{SVG}path")
    assert path.get("d").count("M") == 1 and path.get("d").count("L") == 9  # two hexes: 10 corners
    assert "A1" in [t.text for t in root.iter(SVG + "text")]
    # the whole 37-cell payload stays small: the board's data, without its module (``_esm`` and
    # ``_css``: the dashboard serves them once per page as a file, widgets/bundles.py; the module grew
    # past the old 12 kB bound for both when it drew the scroll hint and the tapped cell's name)
    state = {k: v for k, v in board.get_state().items() if k not in ("_esm", "_css")}
    assert len(json.dumps(state)) < 5_000


def test_outline_of_separate_cells_has_one_ring_each():
    d = geometry_path(hexgrid.group_outline([(0, 0), (3, 0)], 10))
    assert d.count("M") == 2


def test_hexboard_clicks_are_validated_kernel_side():
    board = HexBoard([(0, 0), (1, 0)])
    got = []
    board.on_click(got.append)


    def from_browser(content):  # a custom message as the comm delivers it
        board._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                           "buffers": []})
    from_browser({"event": "click", "cell": "1,0"})
    for junk in ({"event": "click", "cell": "9,9"}, {"event": "click", "cell": "<x>"},
                 {"event": "hover", "cell": "0,0"}, "click", None):
        from_browser(junk)
    assert got == [(1, 0)]
    board.click((0, 0))
    assert got == [(1, 0), (0, 0)]
    assert parse_cell_id(cell_id((-2, 5))) == (-2, 5)
    with pytest.raises(KeyError):
        board.set_stacks({(5, 5): ("#000000", 1)})


def test_hexboard_sends_only_what_changed():
    board = HexBoard([(0, 0), (1, 0)])
    changes = []
    board.observe(lambda c: changes.append(c["name"]), names=["fills", "stacks", "outlines",
                                                              "highlights", "cells"])
    board.update(stacks={(0, 0): ("#d32f2f", 1)})
    board.update(stacks={(0, 0): ("#d32f2f", 1)}, highlights=[])  # same values: no message
    assert changes == ["stacks"]


# ----------------------------------------------------------------------------- errors
def test_guard_shows_thai_and_english_never_a_traceback(capsys):
    import ipywidgets as w
    sink = w.HTML()
    with errors.guard(sink):
        raise IllegalAction("board.cell_capacity", "เต็มแล้ว", "cell is full")
    assert "เต็มแล้ว" in sink.value and "cell is full" in sink.value
    assert "board.cell_capacity" in sink.value and 'class="kl-error"' in sink.value
    assert 'ข้อกติกา / clause: <code>board.cell_capacity</code>' in sink.value
    with errors.guard(sink):
        raise BadInput("save.json", "actions[2]", "ผิด", "wrong")
    assert 'data-where="save.json: actions[2]"' in sink.value
    assert ("ช่อง / field: <code>actions › ลำดับที่ 3</code> / <code>actions › item 3</code>"  # counted from 1
            " · ใน / in: <code>save.json</code>") in sink.value
    assert '<div lang="th"><b>ผิด</b></div>' in sink.value  # the Thai line is the Thai sentence only
    with errors.guard(sink):
        {}["missing"]
    assert "Traceback" not in sink.value and "KeyError" in sink.value
    assert errors.safe(sink)(lambda: 1 / 0)() is None and "ZeroDivisionError" in sink.value
    # nothing on stderr either: in a kernel, stderr is shown in the page
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("source,field,shown,hidden", [
    ("broken.json", "<yaml>", "ทั้งไฟล์ / the whole file: <code>broken.json</code>", ["&lt;yaml&gt;", "ช่อง / field"]),
    ("save.json", "<json>", "ทั้งไฟล์ / the whole file: <code>save.json</code>", ["&lt;json&gt;", "ช่อง / field"]),
    ("mine.json", "<root>", "ทั้งไฟล์ / the whole file: <code>mine.json</code>", ["&lt;root&gt;", "ช่อง / field"]),
    ("map editor", "(3, 4).harbour", "ช่อง / field: <code>(3, 4).harbour</code> · ในตัวแก้แผนที่ / in the map editor",
     ["<code>map editor</code>", "ใน / in"]),
    ("link", "scenario", "ช่อง / field: <code>scenario</code> · ในลิงก์ / in the link", ["<code>link</code>", "ใน / in"]),
    ("play", "seed", "ช่อง / field: <code>seed</code> · ในส่วนเล่น / in the play section", ["<code>play</code>", "ใน / in"]),
])
def test_where_a_bad_input_is_reads_in_reader_words_not_code_words(source, field, shown, hidden):
    """A fresh reader met "ช่อง / field: <yaml> · ใน / in: broken.json" and "ใน / in: map editor":
    a whole-file placeholder reads "the whole file", a part of the page is named in words.  The
    exception keeps its field and source (``data-where``, tests and the fuzz test use them)."""
    exc = BadInput(source, field, "ผิด", "wrong")
    box = errors.error_html(exc)
    where = box.split('class="kl-where"', 1)[1]
    assert shown in where, where
    assert not any(h in where.split(">", 1)[1] for h in hidden), where
    assert f'data-where="{errors.html.escape(source + ": " + field, quote=True)}"' in box
    assert (exc.source, exc.field) == (source, field)


# ----------------------------------------------------------------------------- home page pieces
def test_game_card_links_or_says_not_yet_available(tmp_path):
    (tmp_path / "coup.ipynb").write_text("{}", encoding="utf-8")
    assert 'href="coup.ipynb"' in home.notebook_link_html("coup", tmp_path)
    missing = home.notebook_link_html("valeria", tmp_path)
    assert "ยังไม่มี" in missing and "not yet available" in missing and "href" not in missing


def test_the_home_lists_every_game_page_above_the_tabs_without_notebook_words(tmp_path):
    """Each game's page is one click from the top of the home (it was only inside its own tab, as
    "open this game's notebook (coup.ipynb)": a learner's page, not a notebook)."""
    import re
    for game in ("coup", "shadow_master"):
        (tmp_path / f"{game}.ipynb").write_text("{}", encoding="utf-8")
    row = home.games_links_html(tmp_path)
    assert re.findall(r'href="([^"]+)"', row) == ["shadow_master.ipynb", "coup.ipynb"]
    assert "เกมโค่นอำนาจ / Coup" in row and "Shadow Kingdoms of Valeria (ยังไม่มี / not yet)" in row
    for text in (row, home.notebook_link_html("coup", tmp_path)):
        shown = re.sub(r"<[^>]+>", " ", text)
        assert "ipynb" not in shown and "notebook" not in shown and "สมุด" not in shown, shown


def test_game_card_shows_a_malformed_rulebook_as_a_message(tmp_path, monkeypatch):
    (tmp_path / "coup.yaml").write_text("clauses: [", encoding="utf-8")

    def broken(game):
        raise BadInput(f"{game}.yaml", "clauses[0].status", "ต้องเป็น ...", "must be ...")
    monkeypatch.setattr(home, "RULEBOOKS", tmp_path)
    monkeypatch.setattr(home, "load_rulebook", broken)
    card = home.game_card("coup", tmp_path)
    html = "".join(getattr(c, "value", "") for c in card.children)
    assert 'class="kl-error"' in html and "clauses[0].status" in html
    none = home.game_card("valeria", tmp_path)  # no yaml at all
    assert "not yet available (valeria.yaml)" in "".join(getattr(c, "value", "") for c in none.children)


def test_home_tabs_list_the_four_games():
    box = home.games_tabs()
    tab = box.children[1]
    assert len(tab.children) == 4 and tab.titles[2].startswith("เกมโค่นอำนาจ")


# ----------------------------------------------------------------------------- Shadow Master panel
@pytest.fixture
def sm():
    pytest.importorskip("rules.shadow_master.board")
    from widgets.shadow_master.live_board import ShadowMasterBoard
    return ShadowMasterBoard(players=4)


def _rank_cell(panel, colour):
    import re
    m = re.search(rf'data-colour="{colour}"[^>]*>(\d+)<', panel.ranks.value)
    return int(m.group(1))


def test_shadow_board_places_tokens_and_shows_rank(sm):
    b = sm.board
    a1 = b.cells[0]
    n1 = b.neighbours[a1][0]
    sm.hexboard.click(b.hex_of[a1])
    sm.hexboard.click(b.hex_of[a1])
    sm.hexboard.click(b.hex_of[n1])
    assert sm.position.count_at(a1) == 2 and sm.position.colour_at(n1) == "red"
    assert _rank_cell(sm, "red") == 2 == sm.ranks_by_colour()["red"]  # cells, not tokens
    assert len(sm.hexboard.outlines) == 1 and sm.hexboard.outlines[0][2] == "red Rank 2"
    assert sm.hexboard.stacks[cell_id(b.hex_of[a1])][1] == 2


def test_shadow_board_shows_the_engines_refusal(sm):
    b = sm.board
    a1 = b.hex_of[b.cells[0]]
    for _ in range(3):
        sm.hexboard.click(a1)
    before = list(sm.history)
    sm.hexboard.click(a1)  # a fourth token
    assert sm.history == before
    msg = sm.message.value
    assert 'class="kl-error"' in msg and "board.cell_capacity" in msg
    assert "3" in msg and "at most" in msg and "ช่อง" in msg
    sm.picker.value = "blue"
    sm.hexboard.click(a1)  # another colour in a red cell
    assert sm.history == before and "one colour" in sm.message.value


def test_shadow_board_undo_reset_and_remove(sm):
    b = sm.board
    cells = [b.hex_of[c] for c in b.cells[:2]]
    for h in cells:
        sm.hexboard.click(h)
    sm.undo_button.click()
    assert len(sm.position) == 1 and _rank_cell(sm, "red") == 1
    sm.reset_button.click()
    assert len(sm.position) == 0 and sm.hexboard.outlines == [] and sm.hexboard.stacks == {}
    sm.undo_button.click()
    assert len(sm.position) == 1
    sm.picker.value = "remove"
    sm.hexboard.click(cells[0])
    assert len(sm.position) == 0
    sm.hexboard.click(cells[0])  # nothing to remove: the engine refuses, nothing changes
    assert "board.cell_capacity" in sm.message.value and len(sm.position) == 0


# ----------------------------------------------------------------------------- launcher
def test_serve_arguments():
    argv = serve.voila_argv("127.0.0.1", 9999)
    for flag in ("--no-browser", "--Voila.ip=127.0.0.1", "--port=9999", "--preheat_kernel=True",
                 f"--pool_size={serve.POOL_SIZE}", "--MappingKernelManager.cull_idle_timeout=600",
                 "--MappingKernelManager.cull_interval=60", "--strip_sources=True",
                 "--show_tracebacks=False", "--template=kotika-lite", "--KernelManager.transport=ipc"):
        assert flag in argv
    assert "--template=kotika-lite" in argv and "--template=kotika" not in argv  # lite is the default front
    assert "--template=kotika" in serve.voila_argv("127.0.0.1", 9999, front="voila")
    for template in ("kotika", "kotika-lite"):
        assert (serve.JUPYTER_DATA / f"voila/templates/{template}/index.html.j2").exists()
    assert (serve.JUPYTER_DATA / "voila/templates/kotika-lite/static/kotika-lite.js").exists()
    assert json.loads((serve.ROOT / "voila.json").read_text())["VoilaConfiguration"]["preheat_kernel"]


def test_page_config_hook_keeps_plotly_only_where_used(tmp_path):
    """plotly's lab extension renders plotly's mime output (``fig.show()``) only: pages of
    ``FigureWidget``s (the analyzer, New World) do not load it; a notebook that shows a plain figure
    keeps it."""
    import nbformat
    for stem, code in (("shows", "import plotly.express as px\npx.bar(x=[1], y=[2]).show()"),
                       ("widgets", "import plotly.graph_objects as go\ndisplay(go.FigureWidget())")):
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
        (tmp_path / f"{stem}.ipynb").write_text(nbformat.writes(nb), encoding="utf-8")
    exts = lambda: {"federated_extensions": [{"name": "jupyterlab-plotly"}, {"name": "anywidget"}]}
    names = lambda pc: [e["name"] for e in pc["federated_extensions"]]
    for nb in ("index.ipynb", "analyzer.ipynb", "new_world.ipynb", str(tmp_path / "widgets.ipynb")):
        assert names(serve.page_config_hook(exts(), "/", {}, None, None, nb)) == ["anywidget"], nb
    kept = serve.page_config_hook(exts(), "/", {}, None, None, str(tmp_path / "shows.ipynb"))
    assert names(kept) == ["jupyterlab-plotly", "anywidget"]


def test_page_config_hook_preloads_and_evaluates_plotly_js_only_where_asked(monkeypatch):
    """Under the server (its bundles announced) every page preloads the small widget modules; the
    analyzer, whose notebook asks for ``plotly-chart``, also preloads plotly.js and has the
    template evaluate it while the page waits for its kernel (``klEvaluate``); a game page
    neither."""
    from widgets import bundles
    files = {bundles.file_name(n, n): None for n in bundles.BUNDLES}
    monkeypatch.setenv(bundles.ENV, bundles.announce("/", files))
    pages = {nb: serve.page_config_hook({}, "/", {}, None, None, nb) for nb in ("analyzer.ipynb", "coup.ipynb")}
    chart = [f"/kl-static/{f}" for f in files if f.startswith("plotly-chart.")]
    assert pages["analyzer.ipynb"]["klEvaluate"] == chart and set(chart) <= set(pages["analyzer.ipynb"]["klPreload"])
    assert pages["coup.ipynb"]["klEvaluate"] == [] and not set(chart) & set(pages["coup.ipynb"]["klPreload"])
    assert not [u for pc in pages.values() for u in pc["klPreload"] if "plotly-widget" in u]


def test_session_from_scenario_skips_and_notes_refused_steps():
    from rules.core.scenario import load_scenario
    from rules.core.rulebook import DATA
    from widgets.session import GameSession
    sc = load_scenario(DATA / "scenarios" / "coup" / "4_forced_coup.yaml")
    session, notes = GameSession.from_scenario(sc)
    refused = [s for s in sc.steps if s.expect_error]
    assert session.step == 0 and session.length == len(sc.steps) - len(refused)
    assert len(notes) == len(refused) and all(th and en for th, en in notes)


def test_a_refused_step_note_names_the_action_in_the_engine_s_thai_words():
    """A fresh user read "ขั้น 1: tax ถูกปฏิเสธ..." in a Coup example: the action's id in a Thai
    sentence.  The note names the action in the engine's words (``describe_action``), in Thai
    in the Thai note and in English in the English one, for every example with a refused step."""
    import re
    from rules.core.rulebook import DATA, load_rulebook
    from rules.core.scenario import load_scenario
    from rules.coup import GAME
    from widgets.session import GameSession
    seen = 0
    for path in sorted((DATA / "scenarios" / "coup").glob("*.yaml")):
        sc = load_scenario(path)
        if not any(s.expect_error for s in sc.steps):
            continue
        session, notes = GameSession.from_scenario(sc)
        session.jump(0)
        state, i = session.state, 0
        for n, step in enumerate(sc.steps, 1):
            if not step.expect_error:
                state = GAME.apply(state, dict(step.action)).state
                continue
            th, en = notes[i]
            i += 1
            label_th, label_en = GAME.describe_action(state, dict(step.action))
            assert th.startswith(f"ขั้น {n}: “{label_th}” ถูกปฏิเสธตามข้อ “"), th
            # the clause by its name, never its dotted id (a fresh user read "[actions.coup_forced]")
            clauses = set(load_rulebook("coup").ids)
            assert not [w for w in re.findall(r"[a-z_]+\.[a-z_]+", th + en) if w in clauses], (th, en)
            assert f"({label_en})" in en, en
            # no English word of the engine's (tax, steal, lose...) in the Thai sentence
            assert not re.search(r"\b" + re.escape(step.action["type"]) + r"\b", th.split(" ถูกปฏิเสธ")[0]), th
            seen += 1
    assert seen >= 10


def test_event_log_says_when_earlier_events_are_left_out():
    from rules.core.protocol import Event
    from widgets.eventlog import EventLog
    log = EventLog()
    log.set_events([Event("gain", 0, {}, ("x.y",), text_th="ได้เงิน")], first=5)
    assert log.select.options[0][0].startswith("6. ")
    assert "5 earlier ones hidden" in log.skipped.value and "ซ่อน 5" in log.skipped.value
    log.set_events([Event("gain", 0, {}, ("x.y",), text_th="ได้เงิน")])
    assert log.select.options[0][0].startswith("1. ") and log.skipped.value == ""


@pytest.mark.parametrize("game", ["coup", "shadow_master"])
def test_register_view_lists_every_entry_with_its_default(game):
    from rules.core.ambiguity import load_ambiguities
    from widgets.rulepanel import ambiguities_html
    import html as html_lib
    page = ambiguities_html(game)
    entries = load_ambiguities(game)
    assert page.count("<details data-entry=") == len(entries)
    for a in entries:
        d = a.reading(a.default)
        assert f'data-entry="{a.id}"' in page   # the id for programs; readers see the short words
        assert (f"<b>{html_lib.escape(d.short_th)}</b> <span class=\"kl-muted\">/ {html_lib.escape(d.short_en)}</span>"
                " (ค่าเริ่มต้น / default)") in page


@pytest.mark.parametrize("game", ["coup", "shadow_master", "valeria", "new_world", "toy_pig"])
def test_register_headings_say_each_question_in_thai_and_english(game):
    """A fresh user found Shadow Master's register headings (what shows while an entry is folded)
    in Thai alone: each heading holds the entry's own ``question_th`` and ``question_en``."""
    import html as html_lib
    import re
    from rules.core.ambiguity import load_ambiguities
    from widgets.rulepanel import ambiguities_html
    heads = re.findall(r"<summary>(.*?)</summary>", ambiguities_html(game))
    entries = load_ambiguities(game)
    assert len(heads) == len(entries)
    for a, head in zip(entries, heads):
        text = html_lib.unescape(re.sub(r"<code>.*?</code>|<[^>]+>", " ", head))
        assert a.question_th in text and a.question_en in text, (a.id, text)


def test_home_rulebooks_open_on_a_section_that_applies():
    """A fresh user's first sight of the home was Shadow Master's preamble: its title alone, badged
    "ไม่เกี่ยว · not applicable".  Each game's rule panel opens on the first section holding a clause
    that applies (asked of the rulebook's statuses), and no earlier section holds one."""
    from rules.core.rulebook import load_rulebook
    tab = home.games_tabs().children[1]
    opened = {}
    from rules import GAMES
    for game, card in zip(GAMES, tab.children):
        panel = next(c for c in card.children if isinstance(c, RulePanel))
        sections = load_rulebook(game).sections()
        i = panel.dropdown.value
        # a rule the engine applies (Shadow Master's "2. บทบาทผู้เล่น" was flavour and titles only:
        # a second fresh user's finding), and none in an earlier section
        assert any(c.status == "implemented" for c in sections[i][1]), (game, i)
        assert not any(c.status == "implemented" for _h, cl in sections[:i] for c in cl), (game, i)
        opened[game] = i
    assert opened["shadow_master"] > 0  # its preamble is only the title: not applicable
    assert 'data-clause="title"' not in tab.children[list(GAMES).index("shadow_master")].children[-1].body.value


def test_home_section_names_and_heading_cards_say_each_thing_once():
    """A fresh user on the home page (Shadow Master's rulebook): the sections "Kingdom Power / Kingdom
    Power" and "Power Limit / Power Limit" said their one name twice (the Thai heading carries an
    icon, "👑Kingdom Power"), and the first card of "Board structure", the section's own heading
    line, wore the badge "ไม่เกี่ยว · not applicable" as if it were a rule that does not apply.  A
    name the same in both languages is said once; a section's heading line has no status badge,
    every rule under it keeps its own."""
    import re
    panel = RulePanel("shadow_master")
    labels = [label for label, _i in panel.dropdown.options]
    assert any(re.fullmatch(r"\d+\. \S*Kingdom Power", label) for label in labels), labels
    for label in labels:
        th, sep, en = label.partition(" / ")
        assert not sep or re.sub(r"^\d+\. \W*", "", th) != en, label
    board = next(i for label, i in panel.dropdown.options if "Board structure" in label)
    panel.dropdown.value = board
    cards = re.findall(r'<div class="kl-clause[^"]*" data-clause="([^"]+)">(.*?)</div>(?=<div class="kl-clause|</div>$)',
                       panel.body.value, re.S)
    assert cards and cards[0][0] == "board.heading", [c[0] for c in cards]
    assert "kl-badge" not in cards[0][1], cards[0][1]
    assert all("kl-badge" in body for _id, body in cards[1:]), cards
    # a not-applicable clause that is not the section's heading keeps its badge
    assert "ไม่เกี่ยว · not applicable" in section_html(panel.book, 0)


def test_home_links_the_analyzer_and_says_what_it_is_for(tmp_path):
    import json
    import re
    from widgets.home import NOTEBOOKS
    html = home.analyzer_link_html()
    assert 'href="analyzer.ipynb"' in html and 'class="kl-nblink kl-analyzer-link"' in html
    text = re.sub(r"<[^>]+>", " ", html)
    assert "ตัววิเคราะห์" in text and "analyzer" in text and "อัตราชนะ" in text and "win rate" in text
    missing = home.analyzer_link_html(tmp_path)
    assert "not yet available (analyzer.ipynb)" in missing and "href" not in missing
    cells = json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    assert "display(HTML(games_links_html() + analyzer_link_html()))" in code  # shown on the home page



def test_hexboard_coordinates_are_optional_and_off_by_default():
    """``coords`` (New World's "show coordinates") writes each cell's ``q,r``; off, no cell shows it."""
    board = HexBoard([(0, 0), (1, -1)], size=20)
    assert board.coords is False
    texts = lambda: [t.text for t in ET.fromstring(board.to_svg().encode("utf-8")).iter(SVG + "text")]  # noqa: E731
    assert "0,0" not in texts()
    board.coords = True
    assert {"0,0", "1,-1"} <= set(texts())
