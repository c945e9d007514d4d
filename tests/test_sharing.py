"""Sharing (widgets/sharing.py) on every game page, kernel-side: the link of what is on screen
opens the same frame; a bad link gives a short message and a picker; a session file and a ruling
file download and open again; every fault of an upload is a Thai + English message and leaves
the screen as it was."""
from __future__ import annotations

import base64
import datetime
import html
import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
import yaml

from rules.core import saveload
from rules.core.scenario import parse_scenario, run_scenario
from widgets import page, sharing

GAMES = ["coup", "shadow_master", "new_world", "valeria", "toy_pig"]
EXAMPLE = {"coup": "2_contessa_bluff_loses_both", "shadow_master": "attack_siege",
           "new_world": "2_medium_settlement_alone_scores_8", "valeria": "1_strength_capped_by_influence",
           "toy_pig": "2_bust_loses_the_turn"}


def spec_of(gid):
    import importlib
    return importlib.import_module(f"widgets.{gid}").SPEC


def file_value(name: str, data: bytes) -> tuple:
    """What the browser's FileUpload sends for one file."""
    return ({"name": name, "type": "", "size": len(data), "content": memoryview(data),
             "last_modified": datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)},)


def data_link(html: str) -> tuple[str, bytes]:
    """``(download name, bytes)`` of the ``<a download href="data:...;base64,...">`` in ``html``."""
    m = re.search(r"download='([^']+)' href='data:[^;]+;base64,([A-Za-z0-9+/=]+)'", html)
    assert m, html
    return m.group(1), base64.b64decode(m.group(2))


def link_query(html: str) -> str:
    m = re.search(r"class='kl-share-link' href='([^']+)'", html)
    assert m, html
    # beside it, the same link opens in a new tab (copying was the only thing the row did)
    opened = re.search(r"class='kl-share-open' href='([^']+)' target='_blank'", html)
    assert opened and opened.group(1) == m.group(1), html
    return m.group(1).replace("&amp;", "&")


@pytest.mark.parametrize("gid", GAMES)
def test_copy_link_gives_the_frame_on_screen_and_opens_it(gid):
    spec = spec_of(gid)
    path = spec.scenarios / f"{EXAMPLE[gid]}.yaml"
    view = page.ScenarioView(spec, path)
    n = view.session.length
    for step in sorted({0, 1, n // 2, n}):
        view.cursor.jump_action(step)
        query = link_query(view.share.link.value)
        assert parse_qs(query[1:]) == {"scenario": [EXAMPLE[gid]], "step": [str(step)]}
        assert f"{gid}.ipynb?scenario={EXAMPLE[gid]}&amp;step={step}" in view.share.link.value
        box = page.link_box()
        link = page.follow(box, spec, query=query[1:])
        assert link is not None and link.step == step
        opened = box.children[1]
        assert opened.session.step == step and opened.session.state == view.session.state


@pytest.mark.parametrize("gid", GAMES)
def test_copy_link_of_every_frame_reopens_exactly_that_frame(gid):
    """Shadow Master reads a siege event by event: a frame inside an action gets ``frame=<k>``, a
    frame that shows a whole action ``step=<n>``; either link reopens the frame that was on screen
    (same frame, same board state, same events shown)."""
    spec = spec_of(gid)
    view = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    inside = 0
    for k in range(view.cursor.length + 1):
        view.cursor.jump(k)
        params = parse_qs(link_query(view.share.link.value)[1:])
        frame = view.cursor.frame
        if frame.full:
            assert params == {"scenario": [EXAMPLE[gid]], "step": [str(frame.action)]}
        else:
            inside += 1
            assert params == {"scenario": [EXAMPLE[gid]], "frame": [str(k)]}
        box = page.link_box()
        assert page.follow(box, spec, query=link_query(view.share.link.value)[1:]) is not None
        opened = box.children[1]
        assert opened.cursor.step == k and opened.cursor.frame == frame
        assert opened.session.state == view.session.state
        assert opened.cursor.current_events() == view.cursor.current_events()
    assert inside == (4 if gid == "shadow_master" else 0)  # attack_siege: a siege read in 5 frames


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("query", ["scenario=no_such_ruling", "scenario=../coup/4_forced_coup", "game=AAAA",
                                   "game=" + "x" * 70_000])
def test_a_bad_link_gives_a_short_message_and_a_picker(gid, query):
    spec = spec_of(gid)
    box = page.link_box()
    query = query.format(stem=EXAMPLE[gid])
    assert page.follow(box, spec, query=query) is None
    message, pick, reveal = box.children
    assert reveal.reveal == ".kl-error"  # the page brings the message on screen (below the first on a phone)
    assert "kl-error" in message.value and "Traceback" not in message.value
    assert 'data-where="link:' in message.value  # names the field: scenario or game, in the link
    stems = [p.stem for p in spec.scenarios.glob("*.yaml")]
    assert sum(s in message.value for s in stems if s not in query) == 0  # not a list of names
    assert len(message.value) < 1200
    dropdown = pick.children[0]
    titles = [label for label, value in dropdown.options if value is not None]
    assert len(titles) == len(stems) and dropdown.value is None
    chosen = next(v for _l, v in dropdown.options if v is not None and v.stem == EXAMPLE[gid])
    dropdown.value = chosen
    shown = pick.children[2].children[0]
    assert shown.scenario.title_en in dropdown.label and shown.session.step == 0


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("where,field", [("step=x", "step"), ("step=-1", "step"), ("step=9999", "step"),
                                         ("frame=abc", "frame"), ("frame=9999", "frame"),
                                         ("step=1&frame=x", "frame")])
def test_a_known_scenario_with_a_bad_step_opens_at_step_0_with_a_calm_line(gid, where, field):
    """The scenario is never dropped for its step: it opens at step 0, a calm line (not an error box)
    names the field, and the address bar says step=0."""
    spec = spec_of(gid)
    box = page.link_box()
    link = page.follow(box, spec, query=f"scenario={EXAMPLE[gid]}&{where}")
    assert link is not None and link.step == 0 and link.frame is None and link.problem.field == field
    banner, opened, url = box.children
    assert "kl-error" not in banner.value and "kl-link-note" in banner.value
    assert f'data-field="{field}"' in banner.value and f"ช่อง {field} ของลิงก์" in banner.value
    assert "จึงเปิดที่ขั้น 0" in banner.value and "so it opens at step 0" in banner.value
    assert "9999" in banner.value if "9999" in where else True
    assert opened.scenario is not None and opened.path.stem == EXAMPLE[gid]
    assert opened.cursor.step == 0 and opened.session.step == 0
    assert {k: v for k, v in url.query.items() if v} == {"scenario": EXAMPLE[gid], "step": "0"}


def saved_ruling(gid: str):
    """``(spec, view, step, name, raw)``: game ``gid``'s example stepped half way on ``view``, saved
    as a ruling (the file's name and bytes)."""
    spec = spec_of(gid)
    view = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    step = max(1, view.session.length // 2)
    view.cursor.jump_action(step)
    view.share.save_button.click()
    return (spec, view, step, *data_link(view.share.files.value))


@pytest.mark.parametrize("gid", GAMES)
def test_save_as_a_ruling_exports_the_steps_on_screen_and_opens_by_upload(gid):
    spec, view, step, name, raw = saved_ruling(gid)
    assert name == f"{EXAMPLE[gid]}_step{step}.yaml"
    sc = parse_scenario(yaml.safe_load(raw.decode("utf-8")), name)  # the format of data/scenarios/
    assert len(sc.steps) == step and sc.game == gid
    result = run_scenario(sc, name)
    assert result.ok, result.failures  # its expectation (who acts there) holds
    other = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")  # another reader
    other.share.upload.value = file_value(name, raw)
    assert "kl-error" not in other.share.message.value, other.share.message.value
    assert other.scenario.title_en == sc.title_en and other.session.length == step
    other.cursor.jump_action(step)
    assert other.session.state == view.session.state
    assert other.share.upload.value == ()  # cleared: the same file can be chosen again


BAD_RULINGS = [
    (b"\xff\xfe", "<encoding>"), (b"game: [unclosed", "<yaml>"), (b"- just\n- a list\n", "<root>"),
    (b"game: {g}\ntitle_th: x\n", "title_en"), (b"game: chess\ntitle_th: x\ntitle_en: y\n", "game"),
    (b"game: {g}\ntitle_th: x\ntitle_en: y\ncites: [no.such.clause]\n", "cites"),
    (b"game: {g}\ntitle_th: x\ntitle_en: y\nsetup: {{config: {{players: 99}}}}\n", "players"),
    (b"game: {g}\ntitle_th: x\ntitle_en: y\nsteps:\n  - action: {{player: 0, type: nonsense}}\n", "steps[0]"),
    (b"game: {g}\ntitle_th: x\ntitle_en: y\nsetup: {{config: &a {{players: 2}}}}\nextra: *a\n", "<yaml>"),
    (b"[" * 100_000, "<yaml>"),
    (b"x" * (sharing.MAX_UPLOAD + 1), "<file>"),
]


@pytest.mark.parametrize("gid", ["coup", "toy_pig"])
@pytest.mark.parametrize("data, field", BAD_RULINGS)
def test_a_bad_ruling_upload_is_a_message_and_changes_nothing(gid, data, field):
    spec = spec_of(gid)
    other_game = "toy_pig" if gid == "coup" else "coup"
    data = data.replace(b"{g}", gid.encode()).replace(b"{{", b"{").replace(b"}}", b"}")
    if field == "game" and b"chess" not in data:
        data = data.replace(gid.encode(), other_game.encode())
    view = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    view.cursor.jump_action(1)
    before = (view.scenario, view.session, view.session.step, view.share.link.value)
    view.share.upload.value = file_value("mine.yaml", data)
    msg = html.unescape(view.share.message.value)
    assert "kl-error" in msg and "Traceback" not in msg, msg
    assert field in msg, (field, msg)
    assert (view.scenario, view.session, view.session.step, view.share.link.value) == before


def choices(table) -> list:
    """What the reader is offered: button labels, and a dropdown's labels."""
    return [b.description if b.kind == "button" else list(b.options) for b in table.choices]


def _panel(gid, seed=5):
    spec = spec_of(gid)
    panel = page.play(spec, first_seed=seed)
    share = panel.children[4]
    return spec, panel, share, panel.children[3]


def _play_some(table, moves=8):
    for _ in range(moves):
        buttons = [b for b in table.choices if b.kind == "button"]
        if not buttons:
            break
        buttons[0].click()


@pytest.mark.parametrize("gid", GAMES)
def test_share_this_game_gives_a_link_and_save_game_a_session_file_that_open_the_same_game(gid):
    """"Share this game" gives the link only: its "Ready: click to download …json" beside the
    link looked exactly like "save game"'s download (a fresh user's trial); the file is "save game"'s."""
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table)
    share.share_button.click()
    query = link_query(share.link.value)
    assert query.startswith("?game=")
    assert share.files.value == "" and "kl-download" not in share.link.value  # no file from share
    share.save_button.click()
    assert link_query(share.link.value) == query  # (save game keeps the link offered)
    name, raw = data_link(share.files.value)
    save = json.loads(raw)
    assert save["schema_version"] == saveload.SCHEMA_VERSION and save["snapshot"]["step"] == table.session.step
    assert save["table"] == {"viewer": table.viewer, "bots": panel.children[0].children[1].value}
    assert name == f"{gid}_seed{table.session.seed}_action{table.session.step}.json"
    # the link, opened on another page: the same game, the reader in the same seat, play goes on
    box = page.link_box()
    assert page.follow(box, spec, query=query[1:]) is not None
    linked = box.children[1].table
    assert linked.session.actions == table.session.actions and linked.session.state == table.session.state
    assert linked.viewer == table.viewer and sorted(linked.bots) == sorted(table.bots)
    assert choices(linked) == choices(table)
    # the shared game can be shared again from where it opened (its own share row acts on it)
    again = box.children[1].children[-1]
    assert isinstance(again, sharing.PlayShare) and again.table() is linked
    again_query = again.share()
    assert again_query.startswith("?game=")
    relinked = page.link_box()
    assert page.follow(relinked, spec, query=again_query[1:]) is not None
    assert relinked.children[1].table.session.actions == table.session.actions
    # the file, uploaded into another reader's panel
    _s, _p, other_share, other_holder = _panel(gid, seed=99)
    other_share.upload.value = file_value(name, raw)
    assert "kl-error" not in other_share.message.value, other_share.message.value
    opened = other_holder.children[0]
    assert opened.session.state == table.session.state and opened.session.seed == table.session.seed
    # the other panel's settings now say what its table is (its bots); the seed box is left as the
    # reader left it ("New game" deals a new game) and the line names the seed to type for a replay
    other_settings, other_game_row = _p.children[0].children, _p.children[1].children
    assert other_game_row[-3].value == "" and other_settings[0].value == len(table.bots)
    said = _p.children[1].children[-1].value
    assert f"เลขสุ่ม {table.session.seed}" in said and f"seed {table.session.seed}" in said and name in said
    assert "type it in the seed box to replay this game" in said
    # the game goes on as it would have: the same bot answers to the same click
    first = [b for b in table.choices if b.kind == "button"]
    again = [b for b in opened.choices if b.kind == "button"]
    if first and again:
        first[0].click()
        again[0].click()
        assert opened.session.actions == table.session.actions


def _bad_saves(gid, good: str):
    d = json.loads(good)
    other = "toy_pig" if gid != "toy_pig" else "coup"
    yield b"{not json", "<json>"
    yield json.dumps({**d, "schema_version": 99}).encode(), "schema_version"
    yield json.dumps({**d, "game": other}).encode(), "game"
    yield json.dumps({**d, "seed": "7"}).encode(), "seed"
    yield json.dumps({**d, "seed": 10**40}).encode(), "seed"
    yield json.dumps({**d, "snapshot": None, "actions": d["actions"] + [{"player": 0, "type": "nonsense"}]}).encode(), "actions["
    yield json.dumps({**d, "table": {"viewer": 40, "bots": ""}}).encode(), "table.viewer"
    yield json.dumps({**d, "snapshot": {"step": len(d["actions"]), "state": {"forged": 1}}}).encode(), "snapshot"
    yield ("[" * 100_000).encode(), "<json>"
    yield b"\xff" * 10, "<encoding>"
    yield b" " * (sharing.MAX_UPLOAD + 1), "<file>"


@pytest.mark.parametrize("gid", GAMES)
def test_a_bad_session_upload_is_a_message_and_the_game_on_screen_stays(gid):
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table, 4)
    good = table.session.save(snapshot=True, table={"viewer": 0, "bots": spec.bot_kind})
    before = (holder.children[0], list(table.session.actions), table.session.step)
    for data, field in _bad_saves(gid, good):
        share.upload.value = file_value("mine.json", data)
        msg = html.unescape(share.message.value)
        assert "kl-error" in msg and field in msg and "Traceback" not in msg, (field, msg)
        assert (holder.children[0], list(table.session.actions), table.session.step) == before


@pytest.mark.parametrize("gid", GAMES)
def test_save_a_played_game_as_a_ruling(gid):
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table, 5)
    share.ruling_button.click()
    name, raw = data_link(share.files.value)
    sc = parse_scenario(yaml.safe_load(raw.decode("utf-8")), name)
    assert [s.action for s in sc.steps] == table.session.actions[:table.session.step]
    assert run_scenario(sc, name).ok
    view = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    view.share.upload.value = file_value(name, raw)
    view.cursor.jump_action(view.session.length)
    assert view.session.state == table.session.state


def test_game_code_round_trip_and_zip_bomb():
    text = json.dumps({"schema_version": 2, "game": "toy_pig", "config": {}, "seed": 1, "actions": []})
    assert json.loads(sharing.save_from_code(sharing.game_code(text))) == json.loads(text)
    import zlib
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * (saveload.MAX_BYTES * 3), 9)).decode().rstrip("=")
    assert len(bomb) < sharing.MAX_LINK
    with pytest.raises(saveload.BadInput) as e:
        sharing.save_from_code(bomb)
    assert e.value.field == "game"


def test_the_copy_link_handler_is_fixed_text():
    """The ``onclick`` is the same constant on every link; the reader's input only reaches the
    escaped ``href`` (a quote in a stem cannot end the attribute)."""
    html = sharing.link_html("?scenario=a'\"><script>&step=1")
    assert html.count("onclick=") == 1 and f'onclick="{sharing.COPY_JS}"' in html and '"' not in sharing.COPY_JS
    assert "<script>" not in html and "href='?scenario=a&#x27;&quot;&gt;&lt;script&gt;&amp;step=1'" in html
    assert urlparse("http://x/" + "?scenario=a&step=1").query == "scenario=a&step=1"


def _ready_line(value: str) -> str:
    """The text a reader sees in a files line (tags dropped)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


@pytest.mark.parametrize("gid", ["coup", "toy_pig"])
def test_a_prepared_file_says_it_is_ready_as_a_button(gid):
    """A fresh user clicked "save as a ruling" under the play table and took the plain
    "⬇ ดาวน์โหลด / download" link that appeared for "nothing happened".  Every prepared file (a
    ruling of the play table, its session file, a ruling of an example) is a button-like link that
    says it is ready and names the file, in Thai and English."""
    spec, panel, share, holder = _panel(gid)
    _play_some(holder.children[0], 3)
    s = holder.children[0].session
    views = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    views.cursor.jump_action(1)
    for button, files, name in [
            (share.ruling_button, share.files, f"{gid}_seed{s.seed}_action{s.step}.yaml"),
            (share.save_button, share.files, f"{gid}_seed{s.seed}_action{s.step}.json"),
            (views.share.save_button, views.share.files, f"{EXAMPLE[gid]}_step1.yaml")]:
        files.value = ""
        button.click()
        assert data_link(files.value)[0] == name
        assert _ready_line(files.value) == f"⬇ พร้อมแล้ว: คลิกเพื่อดาวน์โหลด / Ready: click to download {name}"
        assert re.search(r"<a class='kl-download' download='[^']+' href='data:[^']+' role='button'>", files.value)
    css = sharing.SHARE_CSS
    assert re.search(r"a\.kl-download \{ display: inline-block;[^}]*background: #1565c0; color: #fff", css)


@pytest.mark.parametrize("gid", GAMES)
def test_a_shared_games_link_carries_only_the_readings_that_differ(gid):
    """A fresh user found the "share this game" link very long.  What made it long was not a state
    (a link never held the snapshot) but the config: every ambiguity's reading spelled out, 60-85 %
    of a fresh game's code.  The link now holds ``players`` and the readings that differ from the
    engine's defaults; it opens the same game, and a link of the old form (the whole config) still
    does."""
    from urllib.parse import urlencode
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table, 4)
    share.share_button.click()
    query = link_query(share.link.value)
    code = parse_qs(query[1:])["game"][0]
    game = table.session.game
    full = game.config_to_json(table.session.config)
    assert json.loads(sharing.save_from_code(code))["config"] == {"players": full["players"]}
    old = sharing.game_code(table.session.save(table={"viewer": table.viewer, "bots": spec.bot_kind}))
    assert len(code) < len(old)
    for q in (query[1:], urlencode({"game": old})):
        box = page.link_box()
        assert page.follow(box, spec, query=q) is not None
        linked = box.children[1].table
        assert game.config_to_json(linked.session.config) == full
        assert linked.session.actions == table.session.actions and linked.session.state == table.session.state


def test_a_link_keeps_the_readings_the_reader_chose():
    """A reading other than the default stays in the link (and only it): the game it opens is played
    under that reading."""
    from rules.coup import GAME
    from widgets.session import GameSession
    spec = spec_of("coup")
    session = GameSession(GAME, config={"players": 3, "reformation": True, "who_blocks": "anyone"}, seed=3)
    text = sharing.link_save(session, {"viewer": 0, "bots": spec.bot_kind})
    assert json.loads(text)["config"] == {"players": 3, "reformation": True, "who_blocks": "anyone"}
    opened, viewer, _kind, _finished = sharing.open_seat(spec, sharing.save_from_code(sharing.game_code(text)), "link")
    assert opened.config == session.config and opened.state == session.state and viewer == 0


def test_a_link_made_under_other_defaults_says_so(monkeypatch):
    """A ``?game=`` link names only the readings that differ from the defaults of its day: when a
    default has changed since, the page opens it under a caution line instead of silently playing
    another game; under the same defaults there is no caution."""
    from rules.coup import GAME
    from widgets.session import GameSession
    spec = spec_of("coup")
    session = GameSession(GAME, config={"players": 3}, seed=5)
    code = sharing.link_code(session, {"viewer": 0, "bots": spec.bot_kind})
    text, digest = sharing.link_from_code(code)
    assert sharing.DEFAULTS_KEY not in json.loads(text) and digest == sharing.defaults_digest(GAME, 3)
    same = page.shared_game(spec, code)
    assert not any("default" in str(getattr(c, "value", "")) for c in same.children)
    real = type(GAME).make_config

    def other_defaults(self, raw, source="<config>"):  # a later release changed a default reading
        return real(self, {"who_blocks": "anyone", **raw} if isinstance(raw, dict) else raw, source)

    monkeypatch.setattr(type(GAME), "make_config", other_defaults)
    assert sharing.defaults_digest(GAME, 3) != digest
    shown = page.shared_game(spec, code)
    assert "today&#x27;s defaults" in shown.children[0].value
    assert shown.table.session.actions == session.actions


@pytest.mark.parametrize("gid", GAMES)
def test_save_game_sits_beside_open_a_session_and_gives_the_file_it_opens(gid):
    """Every play table's share row has "save game" beside "open a session": it offers the session
    file of the game on screen, and that file,
    opened, seats the same game."""
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table, 3)
    row = list(share.children[1].children)
    assert row.index(share.save_button) + 1 == row.index(share.upload)
    assert share.save_button.description == "บันทึกเกม / save game"
    share.save_button.click()
    name, raw = data_link(share.files.value)
    s = table.session
    assert name == f"{gid}_seed{s.seed}_action{s.step}.json" and not share.link.value
    assert json.loads(raw) == json.loads(share.save_text())
    _s, _p, other_share, other_holder = _panel(gid, seed=99)
    other_share.upload.value = file_value(name, raw)
    assert other_holder.children[0].session.state == s.state


def test_save_as_a_ruling_right_after_save_game_at_step_0_offers_the_ruling():
    """A fresh user pressed "save game" then "save as a ruling" at step 0 and thought the second
    did nothing: the ruling's .yaml replaces the session's .json offered (one file line), and no
    share link is left over beside it."""
    spec, panel, share, holder = _panel("coup")
    s = holder.children[0].session
    assert s.step == 0
    share.save_button.click()
    assert data_link(share.files.value)[0] == f"coup_seed{s.seed}_action0.json"
    share.ruling_button.click()
    name, raw = data_link(share.files.value)
    assert name == f"coup_seed{s.seed}_action0.yaml" and share.files.value.count("<a ") == 1
    assert "kl-error" not in share.message.value and share.link.value == ""
    sc = parse_scenario(yaml.safe_load(raw.decode("utf-8")), name)
    assert list(sc.steps) == [] and run_scenario(sc, name).ok


@pytest.mark.parametrize("gid", GAMES)
def test_a_file_offered_goes_when_the_game_on_screen_changes(gid):
    """A link or file offered is of the game on screen: a move, "undo my move", "new game" or a
    session file opened drop it (the old "Ready: click to download …_step4.yaml" stayed after
    "new game" and downloaded a game no longer on screen); what stays offered is always the game
    shown."""
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table, 2)
    share.ruling_button.click()
    assert data_link(share.files.value)[0].endswith(".yaml")
    panel.children[1].children[-2].click()  # "new game"
    assert holder.children[0] is not table and share.files.value == "" and share.link.value == ""
    table = holder.children[0]
    _play_some(table, 2)
    share.share_button.click()
    share.save_button.click()
    assert share.link.value and share.files.value
    assert table.choose(table.decision, table._legal[0])  # a move (a button, a dropdown or a board click)
    assert share.files.value == "" and share.link.value == ""
    share.save_button.click()
    name, raw = data_link(share.files.value)
    if not table.undo_button.disabled:
        table.undo_button.click()
        assert share.files.value == ""
    share.save_button.click()
    _s, _p, other_share, other_holder = _panel(gid, seed=99)
    other_share.save_button.click()
    assert other_share.files.value
    other_share.upload.value = file_value(name, raw)  # a session file opened: its old offer goes
    assert other_share.files.value == "" and "kl-error" not in other_share.message.value
    assert name in other_share.message.value  # ("opened <file>" is said after)
    # the shared game's own share row too
    box = page.link_box()
    page.follow(box, spec, query=share.share()[1:])
    linked = box.children[1]
    again = linked.children[-1]
    again.save_button.click()
    assert again.files.value
    assert linked.table.choose(linked.table.decision, linked.table._legal[0])
    assert again.files.value == ""


@pytest.mark.parametrize("gid", GAMES)
def test_a_shared_link_opens_in_the_pages_play_panel(gid):
    """One play area: a ``?game=`` link opens its game in the page's play panel (its table, its share
    row), not in a second table at the top while the panel says "no game yet"; the top of the page
    says where the game is, with a link that scrolls there.  A bad code leaves the panel as it was."""
    spec, panel, share, holder = _panel(gid)
    _play_some(holder.children[0], 3)
    query = share.share()
    reader = page.play(spec)  # another reader's page: no game yet
    assert not reader.children[3].children and "ยังไม่มีเกม" in reader.children[1].children[-1].value
    box = page.link_box()
    assert page.follow(box, spec, query=query[1:], play_panel=reader) is not None
    linked = reader.children[3].children[0]
    assert isinstance(linked, page.PlayTable) and linked.session.actions == holder.children[0].session.actions
    assert "ยังไม่มีเกม" not in reader.children[1].children[-1].value  # the panel says it holds the link's game
    assert "the game in this page's address" in html.unescape(reader.children[1].children[-1].value)
    assert not any(isinstance(x, (page.PlayTable, sharing.PlayShare)) for x in box.children)
    top = "".join(getattr(x, "value", "") for x in box.children)
    assert "kl-go-play" in top and ".kl-play-panel" in top and "play section below" in top
    assert box.children[1].table is linked
    again = reader.children[4]
    assert again.table() is linked and again.share().startswith("?game=")
    # a cut code: the reader's panel keeps its game, the top says what went wrong
    assert page.follow(page.link_box(), spec, query="game=AAAA", play_panel=reader) is None
    assert reader.children[3].children[0] is linked


def _address_actions(panel) -> list:
    """The actions of the game the play panel wrote in the page's address (decoded as a link is)."""
    query = panel.address.query
    assert query["scenario"] is None and query["step"] is None and query["frame"] is None, query
    text, _digest = sharing.link_from_code(query["game"])
    return saveload.loads(text, "address").actions


def _moves(table, n):
    """``n`` moves of the reader's (its first legal choice each time: a button or a dropdown's entry)."""
    for _ in range(n):
        table.choose(table.decision, table._legal[0])


@pytest.mark.parametrize("gid", GAMES)
def test_the_play_panel_keeps_the_game_in_the_pages_address(gid):
    """A reload (or a phone that dropped the tab) lost the game: the page came back with "no game
    yet".  After each redraw of the play table the panel's :class:`deeplink.UrlState` holds
    ``?game=<code>`` (what "share this game" gives) and ``#kl-play``; the code decodes to the actions
    on the table, follows an undo, and reopened in a fresh page's panel it is the same game at the
    same step, the reader's seat and bots, the settings saying so, and the reader plays on."""
    spec, panel, share, holder = _panel(gid)
    table = holder.children[0]
    # the page's own first game (Shadow Master's page starts one) leaves the address alone until a
    # move: a scenario's link in it stays (a reload of it opened that game instead of the scenario)
    assert panel.address.query == {} and panel.address.hash == ""
    _moves(table, 2)
    assert panel.address.hash == "#kl-play"
    assert table.session.step > 0
    assert _address_actions(panel) == table.session.actions[:table.session.step]
    assert "?game=" + panel.address.query["game"] == share.share()  # the share link's own code
    code, step, actions = panel.address.query["game"], table.session.step, list(table.session.actions)
    table.undo()
    assert table.session.step < step and _address_actions(panel) == table.session.actions[:table.session.step]
    # New game writes its game at once (the reader's doing), before any move
    new = next(x for x in panel.children[1].children if isinstance(x, sharing.w.Button))
    new.click()
    fresh = holder.children[0]
    assert fresh is not table and _address_actions(panel) == fresh.session.actions[:fresh.session.step]
    # the reload: a fresh page opens the address it was left at
    reader = page.play(spec)
    assert page.follow(page.link_box(), spec, query=f"game={code}", play_panel=reader) is not None
    again = reader.children[3].children[0]
    assert (again.session.step, again.session.actions, again.viewer, again.kind, len(again.bots)) == \
        (step, actions[:step], table.viewer, table.kind, len(table.bots))
    assert reader.address.query["game"] == code and reader.address.hash == "#kl-play"
    # the panel's words are true of the reader's own reloaded game too (it said "the game from the
    # shared link"), and so is the line at the top of the page
    said = html.unescape(reader.children[1].children[-1].value)
    assert "the game in this page's address: play on" in said and "เกมในลิงก์ของหน้านี้ เล่นต่อได้" in said
    assert "shared" not in said and "แชร์" not in said
    assert str(table.session.seed) in said
    top = page.link_box()
    page.follow(top, spec, query=f"game={code}", play_panel=page.play(spec))
    top_text = html.unescape("".join(getattr(x, "value", "") for x in top.children))
    assert "this page's address opens a game" in top_text and "shared game" not in top_text
    bots_row, game_row = reader.children[0], reader.children[1]
    seed = next(x for x in game_row.children if isinstance(x, sharing.w.Text))
    # the bots and their kind follow the game; the seed box does not: "New game" deals a new game,
    # as the panel says (it dealt the reloaded game's cards again), the line names the seed to type
    assert seed.value == "" and bots_row.children[0].value == len(table.bots)
    assert "type it in the seed box to replay this game" in said and "พิมพ์เลขนี้ในช่องเลขสุ่ม" in said
    _moves(again, 1)  # a playable table, not a read-only view
    assert again.session.step > step and _address_actions(reader) == again.session.actions[:again.session.step]
    # "New game" now deals a new game (another seed), with the same bots and kind
    start = next(x for x in game_row.children if isinstance(x, sharing.w.Button))
    start.click()
    fresh = reader.children[3].children[0]
    assert fresh is not again and fresh.session.seed != table.session.seed, fresh.session.seed
    assert (len(fresh.bots), fresh.kind) == (len(table.bots), table.kind)
