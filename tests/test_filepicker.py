"""widgets/filepicker.py: the file button keeps FileUpload's kernel-side shape (a tuple of one
``{"name", "content", "size"}`` dict) and its label never carries a file count; a ruling and a
session open through it exactly as they did through FileUpload; a file too big is refused."""
from __future__ import annotations

from pathlib import Path

import pytest

from widgets.filepicker import FilePicker
from widgets.sharing import MAX_UPLOAD, uploaded

ROOT = Path(__file__).resolve().parents[1]


def send_file(picker: FilePicker, name: str, data: bytes) -> None:
    """What the browser's half sends when the reader picks a file (one custom message, one buffer)."""
    picker._handle_custom_msg({"event": "file", "name": name, "size": len(data)}, [memoryview(data)])


def test_a_file_from_the_browser_becomes_value_and_uploaded_clears_it():
    p = FilePicker(description="เปิด / open", accept=".yaml")
    seen = []
    p.observe(lambda c: seen.append(c["new"]), names="value")
    send_file(p, "a.yaml", b"x: 1\n")
    assert p.value == ({"name": "a.yaml", "content": b"x: 1\n", "size": 5},)
    assert uploaded(p) == ("a.yaml", b"x: 1\n")
    assert p.value == () and seen == [({"name": "a.yaml", "content": b"x: 1\n", "size": 5},), ()]
    # the label without a count is checked where it is drawn: tests/test_browser_upload.py


def test_other_messages_and_long_names_are_harmless():
    p = FilePicker()
    p._handle_custom_msg({"event": "something else"}, [])
    p._handle_custom_msg(["not", "a", "dict"], [])
    assert p.value == ()
    send_file(p, "n" * 500, b"")
    assert len(p.value[0]["name"]) == 120 and p.value[0]["content"] == b""


def test_a_file_too_big_is_refused_in_thai_and_english():
    from rules.core.protocol import BadInput
    p = FilePicker()
    send_file(p, "big.json", b"0" * (MAX_UPLOAD + 1))
    with pytest.raises(BadInput) as e:
        uploaded(p)
    assert "ไฟล์ใหญ่เกินไป" in str(e.value) and "too large" in str(e.value)
    assert p.value == ()


def test_a_ruling_opens_through_the_picker_on_a_coup_scenario_view():
    import widgets.coup as coup
    from widgets.page import ScenarioView
    path = sorted((ROOT / "data/scenarios/coup").glob("*.yaml"))[0]
    other = sorted((ROOT / "data/scenarios/coup").glob("*.yaml"))[1]
    view = ScenarioView(coup.SPEC, path)
    share = next(x for x in _tree(view) if x.__class__.__name__ == "ScenarioShare")
    send_file(share.upload, other.name, other.read_bytes())
    assert share.message.value and other.name in share.message.value and "kl-error" not in share.message.value
    import yaml
    assert view.scenario.title_th == yaml.safe_load(other.read_text(encoding="utf-8"))["title_th"]
    before = view.scenario
    send_file(share.upload, "bad.yaml", b"\xff\xfe")
    assert "kl-error" in share.message.value and "UTF-8" in share.message.value
    assert view.scenario is before  # a bad file changes nothing


def _tree(root):
    out, todo = [], [root]
    while todo:
        x = todo.pop()
        out.append(x)
        todo.extend(getattr(x, "children", ()) or ())
    return out


def test_a_file_too_big_to_read_arrives_as_its_size_and_is_refused():
    """The browser does not read a file over ``max_bytes`` (a 30 MB file dropped the page's
    connection): only its name and size arrive, and the refusal is the same."""
    from rules.core.protocol import BadInput
    p = FilePicker()
    assert p.max_bytes == MAX_UPLOAD
    p._handle_custom_msg({"event": "file", "name": "big30mb.yaml", "size": 30_000_000, "unread": True}, [])
    assert p.value[0]["size"] == 30_000_000 and p.value[0]["content"] == b""
    with pytest.raises(BadInput) as e:
        uploaded(p)
    assert "ไฟล์ใหญ่เกินไป" in str(e.value) and "too large" in str(e.value) and p.value == ()
    p._handle_custom_msg({"event": "file", "name": "x", "size": "lots", "unread": True}, [])
    with pytest.raises(BadInput):
        uploaded(p)
