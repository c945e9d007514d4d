"""A file cut short, opened on a game page, says so in Thai and English (a fresh user's findings):

1. a ruling file that does not parse (a JSON file cut short) read "YAML ไม่ถูกต้อง" over the raw
   parser text: now "the file is cut off or malformed (line N, column M)" in both languages, the
   parser's words only as a small technical line;
2. a ruling file cut short that still parses blamed a missing clause: now it says first that the
   file looks cut off, names the field path and quotes the file's last line;
3. a session file cut short had a Thai heading over an English-only body: the Thai says what is
   wrong too;
4. a ruling saved at step n opened at step 0: it opens at its last step (where it was saved).
Every refusal leaves what was on screen as it was."""
from __future__ import annotations

import html
import json
import re

import pytest

from rules.core import saveload
from rules.core.protocol import BadInput
from widgets import page, sharing
from widgets.errors import error_html

from .test_sharing import (EXAMPLE, GAMES, _panel, _play_some, data_link, file_value, saved_ruling,
                           spec_of)

THAI = re.compile(r"[\u0e00-\u0e7f]")
RULING = "1_assassin_challenge_then_contessa_bluff"


def _lines(markup: str) -> dict[str, str]:
    """The Thai line, the English line, the where line and the technical line of an error box, as
    text a reader sees."""
    def text(cls_or_lang: str) -> str:
        m = re.search(rf'<div (?:lang="{cls_or_lang}"|class="{cls_or_lang}")[^>]*>(.*?)</div>', markup, re.S)
        return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) if m else ""
    return {"th": text("th"), "en": text("en"), "where": text("kl-where"), "detail": text("kl-detail")}


def _exported_ruling(step: int = 3) -> bytes:
    """The file "save as a ruling" offers for the Coup example at ``step`` (the fresh user's file)."""
    spec = spec_of("coup")
    view = page.ScenarioView(spec, spec.scenarios / f"{RULING}.yaml")
    view.cursor.jump_action(step)
    view.share.save_button.click()
    return data_link(view.share.files.value)[1]


def _view():
    spec = spec_of("coup")
    view = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE['coup']}.yaml")
    view.cursor.jump_action(1)
    return view


def _upload(view, name: str, data: bytes) -> dict[str, str]:
    before = (view.scenario, view.session, view.session.step, view.share.link.value)
    view.share.upload.value = file_value(name, data)
    assert "kl-error" in view.share.message.value, view.share.message.value
    assert (view.scenario, view.session, view.session.step, view.share.link.value) == before
    return _lines(view.share.message.value)


# --------------------------------------------------------------------------- 1. a ruling that does not parse
def test_a_cut_json_ruling_says_cut_off_or_malformed_with_line_and_column_in_both_languages():
    got = _upload(_view(), "trunc.json", b'{"game": "coup", "moves": [1,2')  # the fresh user's file
    assert got["th"].startswith("ไฟล์ไม่สมบูรณ์หรือรูปแบบไม่ถูกต้อง (บรรทัด 1 คอลัมน์ 31)"), got
    assert got["en"].startswith("the file is cut off or malformed (line 1, column 31)"), got
    assert "YAML" not in got["th"] + got["en"]  # it was JSON: the sentence names no format
    assert "ถูกตัด" in got["th"] and "cut short" in got["en"]  # it ends before a bracket closes
    assert "“{\"game\": \"coup\", \"moves\": [1,2”" in got["th"]  # the last line, quoted
    # the parser's words only on the small technical line, without the "<unicode string>" noise
    assert "flow sequence" not in got["th"] + got["en"] and "flow sequence" in got["detail"]
    assert "<unicode string>" not in got["detail"] and got["where"].startswith("ทั้งไฟล์ / the whole file")


def test_a_malformed_line_in_the_middle_quotes_that_line_and_does_not_say_cut():
    text = b"game: coup\ntitle_th: x\ntitle_en: [y\nsteps: []\n"
    got = _upload(_view(), "mine.yaml", text)
    assert re.match(r"ไฟล์ไม่สมบูรณ์หรือรูปแบบไม่ถูกต้อง \(บรรทัด \d+ คอลัมน์ \d+\)", got["th"]), got
    assert re.match(r"the file is cut off or malformed \(line \d+, column \d+\)", got["en"]), got
    assert "ถูกตัด" not in got["th"] and "cut short" not in got["en"]


def test_a_ruling_cut_inside_a_thai_letter_says_cut_not_wrong_encoding():
    raw = _exported_ruling()
    i = raw.index("ลอบสังหาร".encode()) + 1  # one byte into a three-byte letter
    got = _upload(_view(), "trunc.yaml", raw[:i])
    assert "ถูกตัด" in got["th"] and "cut short" in got["en"], got
    assert got["where"].startswith("การเข้ารหัสตัวอักษรของไฟล์ / the file's text encoding")


# --------------------------------------------------------------------------- 2. a ruling cut short that parses
def test_a_ruling_cut_in_a_clause_id_says_cut_off_names_the_field_and_the_last_line():
    raw = _exported_ruling()
    cut = raw[:raw.index(b"challenge.challenger_loses") + len(b"challenge.challenger_l")]  # the fresh user's cut
    got = _upload(_view(), "trunc.yaml", cut)
    last = cut.decode().splitlines()
    assert got["th"].startswith(f"ไฟล์ดูเหมือนถูกตัดจบกลางคัน (บรรทัดสุดท้าย {len(last)}: “- challenge.challenger_l”)"), got
    assert got["en"].startswith(f"the file looks cut off (last line {len(last)}: “- challenge.challenger_l”)"), got
    assert "“challenge.challenger_l” is the start of “challenge.challenger_loses”" in got["en"]
    assert "ไม่มีข้อกติกา 'challenge.challenger_l' ในคู่มือ" in got["th"]  # the field's refusal is kept
    k = [ln.strip() for ln in last if ln.startswith("- ")].index("- challenge.challenger_l")
    assert got["where"].startswith(f"ช่อง / field: cites › ลำดับที่ {k + 1} / cites › item {k + 1}"), got  # cites[k], counted from 1


@pytest.mark.parametrize("stop", [b"    reformation: fal", b"    type: assassi", b"expect:", b"  seed:"])
def test_a_ruling_cut_at_a_value_or_a_key_says_cut_off(stop):
    raw = _exported_ruling()
    cut = raw[:raw.index(stop) + len(stop)]
    got = _upload(_view(), "trunc.yaml", cut)
    assert got["th"].startswith("ไฟล์ดูเหมือนถูกตัดจบกลางคัน (บรรทัดสุดท้าย"), got
    assert got["en"].startswith("the file looks cut off (last line"), got
    assert stop.decode().strip() in got["en"]


def test_every_cut_of_a_saved_ruling_that_stops_mid_line_says_the_file_looks_cut():
    """Every prefix of the fresh user's file that stops inside a line: refused with "cut" in both
    languages, or it opens and the notice says the file ends in the middle of a line."""
    raw = _exported_ruling()
    for n in range(1, len(raw)):
        cut = raw[:n]
        if cut.endswith(b"\n"):
            continue
        try:
            sharing.read_ruling("t.yaml", cut, "coup")
        except BadInput as exc:
            assert "ถูกตัด" in exc.message_th and re.search(r"\bcut\b", exc.message_en), (n, exc)
            continue
        assert sharing.looks_unfinished("t.yaml", cut), n


def test_a_refused_value_at_the_very_end_of_a_finished_line_is_hinted_not_blamed():
    raw = _exported_ruling()
    cut = raw[:raw.index(b"    - - captain")]  # two hands of three, the file ends after a whole line
    got = _upload(_view(), "trunc.yaml", cut)
    assert got["th"].startswith("ต้องมี 3 ค่า") and "ถ้าไฟล์ถูกตัด" in got["th"], got
    assert "if the file was cut short, the rest is missing" in got["en"], got


def test_a_finished_file_with_a_wrong_clause_is_not_called_cut():
    text = (b"game: coup\ntitle_th: x\ntitle_en: y\ncites: [no.such.clause]\n"
            b"setup: {config: {players: 3}}\n")
    got = _upload(_view(), "mine.yaml", text)
    assert "ถูกตัด" not in got["th"] and "cut" not in got["en"], got
    assert got["where"].startswith("ช่อง / field: cites › ลำดับที่ 1 / cites › item 1")  # cites[0], counted from 1


def test_cut_off_hint_finds_config_fields_below_setup():
    from rules.core.datafile import cut_off_hint, load_yaml_text

    text = "game: coup\nsetup:\n  config:\n    players: 3\n    deck: all_s"
    _data, node = load_yaml_text(text, "t.yaml")
    err = BadInput("t.yaml: config", "deck", "ผิด", "Input should be 'all_six' or 'no_ambassador'")
    out = cut_off_hint(err, text, node, "t.yaml")
    assert out.message_en.startswith("the file looks cut off (last line 5: “deck: all_s”): “all_s” is the start of “all_six”")


def test_a_ruling_cut_in_a_config_value_names_the_reading_it_starts():
    """The refusal quotes the allowed values as JSON ("all_six"), not Python's 'all_six': the hint
    that the value is the start of one of them must find them in either quoting."""
    raw = _exported_ruling().decode()
    head = raw[:raw.index("setup:")]
    text = head + "setup:\n  config:\n    players: 3\n    deck: all_s"
    got = _upload(_view(), "trunc.yaml", text.encode())
    assert got["en"].startswith("the file looks cut off (last line"), got
    assert "“all_s” is the start of “all_six”" in got["en"], got


# --------------------------------------------------------------------------- 3. a session file cut short
def test_a_cut_session_file_says_what_is_wrong_in_thai_too():
    spec, panel, share, holder = _panel("coup")
    table = holder.children[0]
    _play_some(table, 4)
    share.save_button.click()
    name, raw = data_link(share.files.value)
    before = (holder.children[0], list(table.session.actions), table.session.step)
    text = raw.decode()
    cuts = {"in a string": text.index('"type"') + 3, "after a colon": text.index('"type"') + 7,
            "after a comma": text.index(",") + 1}
    for why, n in cuts.items():
        share.upload.value = file_value("trunc_coup.json", raw[:n])
        got = _lines(share.message.value)
        assert re.match(r"ไฟล์ไม่สมบูรณ์หรือรูปแบบ JSON ไม่ถูกต้อง \(บรรทัด \d+ คอลัมน์ \d+\): ", got["th"]), (why, got)
        body = got["th"].split("): ", 1)[1]
        assert THAI.search(body) and "ถูกตัด" in body, (why, got)  # the body is Thai, not only the heading
        assert re.match(r"the file is cut off or not valid JSON \(line \d+, column \d+\): .*cut short", got["en"]), got
        for words in ("Unterminated", "Expecting", "char "):  # the parser's words: the technical line only
            assert words not in got["th"] + got["en"], (why, got)
        assert got["detail"].startswith("รายละเอียดทางเทคนิค / technical detail: JSON parser: "), got
        assert (holder.children[0], list(table.session.actions), table.session.step) == before


def test_a_malformed_session_file_names_the_fault_in_thai():
    for text, th in (('{"a": 1,, }', "ชื่อช่องต้องอยู่ในเครื่องหมายคำพูดคู่"), ('{"a": 1} x', "มีข้อมูลเกิน"),
                     ("", "ไฟล์ว่างเปล่า")):
        with pytest.raises(BadInput) as e:
            saveload.loads(text, "x.json")
        assert th in e.value.message_th and e.value.field == "<json>", e.value.message_th
        assert not THAI.search(e.value.message_en)


def test_the_technical_line_is_escaped_and_absent_without_detail():
    exc = BadInput("f", "<yaml>", "ไทย", "English", detail="<b>x</b>")
    assert '<div class="kl-detail"' in error_html(exc) and "&lt;b&gt;x&lt;/b&gt;" in error_html(exc)
    assert "kl-detail" not in error_html(BadInput("f", "x", "ไทย", "English"))


# --------------------------------------------------------------------------- 4. a saved ruling reopens where saved
@pytest.mark.parametrize("gid", GAMES)
def test_a_saved_ruling_reopens_at_the_step_it_was_saved_at(gid):
    spec, view, step, name, raw = saved_ruling(gid)
    other = page.ScenarioView(spec, spec.scenarios / f"{EXAMPLE[gid]}.yaml")
    other.share.upload.value = file_value(name, raw)
    assert "kl-error" not in other.share.message.value, other.share.message.value
    assert other.session.step == step and other.cursor.step == other.cursor.length
    assert other.session.state == view.session.state  # no jump needed: the position it was saved at
    msg = html.unescape(other.share.message.value)
    assert f"ที่ขั้น {step}" in msg and f"at step {step}" in msg
    assert "ends in the middle" not in msg  # a whole file is not called cut


def test_the_fresh_users_ruling_to_step_3_opens_at_step_3():
    raw = _exported_ruling(3)
    view = _view()
    view.share.upload.value = file_value(f"{RULING}_step3.yaml", raw)
    assert "(ถึงขั้น 3)" in view.scenario.title_th
    assert view.session.step == 3 and view.cursor.frame.action == 3


def test_a_session_file_opened_as_a_ruling_says_so_not_cut_off():
    """A whole session file (``share this game``: JSON, no newline at its end) opened with "open a
    ruling" was called cut off ("the file looks cut off (last line 190: “}”)": a fresh user's
    finding); it is named for what it is, and an empty ruling says it is empty."""
    spec = spec_of("coup")
    table = page.new_table(spec, 2, seed=4)
    text = table.session.save(snapshot=True, table={"viewer": 0, "bots": "honest"})
    assert not text.endswith("\n")
    got = _upload(_view(), "coup_seed4_step0.json", text.encode())
    assert "ไฟล์เกม" in got["th"] and "open a session" in got["en"], got
    assert "ถูกตัด" not in got["th"] and "cut" not in got["en"], got
    got = _upload(_view(), "empty.yaml", b"")
    assert got["th"] == "ไฟล์ว่างเปล่า" and got["en"] == "the file is empty", got
