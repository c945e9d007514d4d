"""A file given to the wrong button is refused in the reader's words (issue 12, a fresh user's
trial): another game's session file in a game page's "open a ruling" said only "this is a session
file"; every cross-combination (a session in the ruling upload, a ruling in the session upload,
either of another game) says what the file is, names both games by their catalog titles (never
ids) and where the file opens (:mod:`rules.core.filekind`); what was on screen stays."""
from __future__ import annotations

import json
import re

import pytest
import yaml

from rules.catalog import info
from rules.core import saveload
from rules.core.protocol import BadInput
from rules.core.scenario import parse_scenario
from widgets import page

from .test_sharing import EXAMPLE, _panel, _play_some, file_value, spec_of
from .test_upload_errors import _lines

THAI = re.compile(r"[\u0e00-\u0e7f]")
PAIRS = [("coup", "toy_pig"), ("toy_pig", "new_world"), ("shadow_master", "valeria")]
"""(the page's game, another game): each cross-upload is tried on the first game's page."""


def _session(gid: str) -> bytes:
    spec = spec_of(gid)
    table = page.new_table(spec, spec.bot_count[2] + 1, seed=3)
    return table.session.save(snapshot=True, table={"viewer": 0, "bots": spec.bot_kind}).encode()


def _ruling(gid: str, as_json: bool = False) -> bytes:
    raw = (spec_of(gid).scenarios / f"{EXAMPLE[gid]}.yaml").read_bytes()
    return json.dumps(yaml.safe_load(raw), ensure_ascii=False).encode() if as_json else raw


def _ruling_upload(gid: str, name: str, data: bytes) -> dict[str, str]:
    """The refusal of ``data`` chosen with "open a ruling" under one of ``gid``'s rulings; the ruling
    on screen stays as it was."""
    spec = spec_of(gid)
    view = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    view.cursor.jump_action(1)
    before = (view.scenario, view.session, view.session.step, view.share.link.value)
    view.share.upload.value = file_value(name, data)
    assert "kl-error" in view.share.message.value, view.share.message.value
    assert (view.scenario, view.session, view.session.step, view.share.link.value) == before
    return _lines(view.share.message.value)


def _session_upload(gid: str, name: str, data: bytes) -> dict[str, str]:
    """The refusal of ``data`` chosen with "open a session" in ``gid``'s play section; the game on
    screen stays as it was."""
    _spec, _panel_box, share, holder = _panel(gid)
    table = holder.children[0]
    _play_some(table, 2)
    before = (holder.children[0], list(table.session.actions), table.session.step)
    share.upload.value = file_value(name, data)
    assert "kl-error" in share.message.value, share.message.value
    assert (holder.children[0], list(table.session.actions), table.session.step) == before
    return _lines(share.message.value)


def _names_games(got: dict[str, str], *gids: str) -> None:
    """Each game by its Thai title in the Thai line and its English title in the English line,
    never by its id."""
    for gid in gids:
        g = info(gid)
        assert f"“{g.title_th}”" in got["th"] and f"“{g.title_en}”" in got["en"], (gid, got)
        assert f"'{gid}'" not in got["th"] + got["en"] and f"“{gid}”" not in got["th"] + got["en"], got


def _says_where(got: dict[str, str], button_th: str, button_en: str, page_of: str | None) -> None:
    """Where the file opens: the button, and this page or the other game's page."""
    assert f"ปุ่ม “{button_th}”" in got["th"] and f"the “{button_en}” button" in got["en"], got
    if page_of is None:
        assert "หน้านี้" in got["th"] and "on this page" in got["en"], got
    else:
        g = info(page_of)
        assert f"เปิดในหน้าของเกม “{g.title_th}”" in got["th"], got
        assert f"open it on the “{g.title_en}” page" in got["en"], got
    assert "ถูกตัด" not in got["th"] and "cut" not in got["en"], got  # a whole file is not called cut
    assert not THAI.search(got["en"]), got


@pytest.mark.parametrize("here,other", PAIRS)
def test_a_session_file_in_open_a_ruling_says_it_is_a_session_and_where_it_opens(here, other):
    got = _ruling_upload(here, "mine.json", _session(here))
    assert got["th"].startswith("ไฟล์นี้เป็นไฟล์เกม (session) ที่บันทึกไว้") and "ไม่ใช่ไฟล์ข้อตัดสิน" in got["th"], got
    assert got["en"].startswith("this is a saved game (session file)") and "not a ruling file" in got["en"], got
    _says_where(got, "เปิดไฟล์เกม", "open a session", None)
    assert got["where"].startswith("ทั้งไฟล์ / the whole file: mine.json"), got
    # another game's session: both games named, and its own page
    got = _ruling_upload(here, "theirs.json", _session(other))
    assert "ไม่ใช่ไฟล์ข้อตัดสินของเกม" in got["th"] and "not a ruling file of" in got["en"], got
    _names_games(got, here, other)
    _says_where(got, "เปิดไฟล์เกม", "open a session", other)


@pytest.mark.parametrize("here,other", PAIRS)
def test_another_games_ruling_in_open_a_ruling_names_both_games(here, other):
    got = _ruling_upload(here, "theirs.yaml", _ruling(other))
    assert got["th"].startswith("ไฟล์นี้เป็นไฟล์ข้อตัดสินของเกม") and "ไม่ใช่ของเกม" in got["th"], got
    assert got["en"].startswith("this is a ruling file of") and ", not of " in got["en"], got
    _names_games(got, here, other)
    _says_where(got, "เปิดไฟล์ข้อตัดสิน", "open a ruling", other)
    assert got["where"].startswith("ช่อง / field: game"), got


@pytest.mark.parametrize("here,other", PAIRS)
@pytest.mark.parametrize("as_json", [False, True], ids=["yaml", "json"])
def test_a_ruling_in_open_a_session_says_it_is_a_ruling_and_where_it_opens(here, other, as_json):
    """A ruling (YAML; or the same written as JSON) said "not valid JSON" or "schema_version is
    missing" in the session upload."""
    got = _session_upload(here, "mine.yaml", _ruling(here, as_json))
    assert got["th"].startswith("ไฟล์นี้เป็นไฟล์ข้อตัดสิน") and "ไม่ใช่ไฟล์เกม (session)" in got["th"], got
    assert got["en"].startswith("this is a ruling file") and "not a saved game (session file)" in got["en"], got
    assert "JSON" not in got["th"] + got["en"] and "schema_version" not in got["th"] + got["en"], got
    _says_where(got, "เปิดไฟล์ข้อตัดสิน", "open a ruling", None)
    got = _session_upload(here, "theirs.yaml", _ruling(other, as_json))
    _names_games(got, here, other)
    _says_where(got, "เปิดไฟล์ข้อตัดสิน", "open a ruling", other)


@pytest.mark.parametrize("here,other", PAIRS)
def test_another_games_session_in_open_a_session_names_both_games(here, other):
    got = _session_upload(here, "theirs.json", _session(other))
    assert got["th"].startswith("ไฟล์นี้เป็นไฟล์เกม (session) ที่บันทึกไว้ของเกม") and "ไม่ใช่ของเกม" in got["th"], got
    _names_games(got, here, other)
    _says_where(got, "เปิดไฟล์เกม", "open a session", other)
    assert got["where"].startswith("ช่อง / field: game"), got


def test_a_file_read_on_its_own_says_what_it_is_without_a_page():
    """Read outside a page (``python -m rules``, a test): the kind and the button, no "this page"."""
    with pytest.raises(BadInput) as e:
        saveload.loads(_ruling("coup"), "r.yaml")
    assert e.value.field == "<root>" and "this is a ruling file" in e.value.message_en, e.value
    assert "this page" not in e.value.message_en and "หน้านี้" not in e.value.message_th
    with pytest.raises(BadInput) as e:
        parse_scenario(json.loads(_session("toy_pig")), "s.json")
    assert "ไฟล์เกม (session)" in e.value.message_th and "“open a session”" in e.value.message_en, e.value


def test_a_file_of_a_game_no_page_has_says_so_and_sends_nowhere():
    data = json.loads(_session("toy_pig"))
    data["game"] = "chess"
    got = _ruling_upload("coup", "chess.json", json.dumps(data).encode())
    assert "เกมที่ไม่รู้จัก ('chess')" in got["th"] and "an unknown game ('chess')" in got["en"], got
    assert "เปิดใน" not in got["th"] and "open it on" not in got["en"], got
    got = _session_upload("coup", "chess.json", json.dumps(data).encode())
    assert "an unknown game ('chess')" in got["en"] and got["where"].startswith("ช่อง / field: game"), got
