"""Two faults a fresh user's trial found in the message of a bad uploaded file:

1. a wrong value of a config field an ambiguity-register entry selects (a Coup ruling with
   ``who_blocks: 5``) named the allowed values by their config literals only (``"target_only" หรือ
   "anyone"``); now each value is followed by its reading's short words (``short_th`` in the Thai
   line, ``short_en`` in the English), for every game's register, through the shared config check;
2. a list position in a field path was counted from 0 (``cells.1.q`` is the second cell); now it is
   said as a reader counts, from 1 (``ลำดับที่ 2`` / ``item 2``), in the messages and in the "where"
   line; the raw path stays the :class:`BadInput`'s ``field`` and the box's ``data-where``.
"""
from __future__ import annotations

import json
import re

import pytest
from pydantic import BaseModel, ValidationError

from rules.catalog import engine
from rules.core.ambiguity import load_ambiguities
from rules.core.datafile import WORDS, field_words, pydantic_error
from rules.core.protocol import BadInput
from rules.core.saveload import check_config
from widgets.errors import error_html

from .test_upload_kinds import _ruling_upload, _session, _session_upload

THAI = re.compile(r"[\u0e00-\u0e7f]")
GAMES = ["coup", "shadow_master", "valeria", "new_world", "toy_pig"]


def _config(gid: str) -> dict:
    """A valid config of ``gid`` (the smallest table) as JSON data."""
    game = engine(gid)
    return game.config_to_json(game.default_config(game.min_players))


def _entries():
    return [(gid, e) for gid in GAMES for e in load_ambiguities(gid)]


# --------------------------------------------------------------------------- 1. the readings' words
@pytest.mark.parametrize("gid,entry", _entries(), ids=[f"{g}-{e.variant}" for g, e in _entries()])
def test_a_wrong_register_value_names_every_allowed_value_with_its_readings_short_words(gid, entry):
    """Through the shared config check every game uses (``make_config``): each reading's config
    value as JSON, then its short words in the line's language."""
    with pytest.raises(BadInput) as e:
        engine(gid).make_config({**_config(gid), entry.variant: "no-such-reading"})
    bad = e.value
    assert bad.field == entry.variant, bad.field
    for r in entry.readings:
        shown = json.dumps(r.config_value, ensure_ascii=False)
        assert f"{shown} ({r.short_th.strip()})" in bad.message_th, (r.id, bad.message_th)
        assert f"{shown} ({r.short_en.strip()})" in bad.message_en, (r.id, bad.message_en)
    assert not THAI.search(bad.message_en), bad.message_en


def test_a_coup_ruling_with_who_blocks_5_says_the_readings_in_thai_and_in_english():
    """The trial's file, through the page's "open a ruling" button."""
    text = "game: coup\ntitle_th: x\ntitle_en: y\nsetup: {config: {players: 3, who_blocks: 5}}\n"
    got = _ruling_upload("coup", "mine.yaml", text.encode())
    assert got["th"] == ('ช่อง “who_blocks” ต้องเป็น "target_only" (เฉพาะผู้ถูกเลือกยับยั้งได้) '
                         'หรือ "anyone" (ใครก็ยับยั้งได้) (ได้ 5)'), got
    assert got["en"] == ('the field “who_blocks” must be "target_only" (only the target may block) '
                         'or "anyone" (any player may block) (got 5)'), got


def test_a_session_file_with_a_wrong_register_value_says_the_readings_too():
    """A saved game's config is checked in JSON's strict mode (``check_config``): the same words."""
    with pytest.raises(BadInput) as e:
        check_config(engine("coup"), {**_config("coup"), "who_blocks": "nobody"}, "s.json")
    assert '"anyone" (ใครก็ยับยั้งได้)' in e.value.message_th, e.value.message_th
    assert '"anyone" (any player may block)' in e.value.message_en, e.value.message_en
    data = {**json.loads(_session("coup")), "snapshot": None}
    data["config"] = {**data["config"], "who_blocks": 5}
    got = _session_upload("coup", "mine.json", json.dumps(data).encode())
    assert '"target_only" (เฉพาะผู้ถูกเลือกยับยั้งได้)' in got["th"], got
    assert '"target_only" (only the target may block)' in got["en"], got


def test_a_field_with_no_register_entry_keeps_its_words():
    with pytest.raises(BadInput) as e:
        engine("coup").make_config({**_config("coup"), "players": "three"})
    assert e.value.field == "players"
    assert e.value.message_th.startswith(f"ช่อง “players” {WORDS['int_parsing'][0]}"), e.value.message_th
    assert e.value.message_en.startswith(f"the field “players” {WORDS['int_parsing'][1]}"), e.value.message_en


# --------------------------------------------------------------------------- 2. positions counted from 1
@pytest.mark.parametrize("field,th,en", [
    ("cells.1.q", "cells › ลำดับที่ 2 › q", "cells › item 2 › q"),
    ("actions[2]", "actions › ลำดับที่ 3", "actions › item 3"),
    ("[0].readings.1.short_th", "ลำดับที่ 1 › readings › ลำดับที่ 2 › short_th",
     "item 1 › readings › item 2 › short_th"),
    ("setup.config.who_blocks", "setup.config.who_blocks", "setup.config.who_blocks"),
    ("<root>", "<root>", "<root>"),
    ("(3, 4).harbour", "(3, 4).harbour", "(3, 4).harbour"),
])
def test_field_words_count_list_positions_from_one(field, th, en):
    assert field_words(field) == (th, en)


class _Cell(BaseModel):
    q: int


class _Map(BaseModel):
    cells: list[_Cell]


def test_a_pydantic_refusal_names_the_second_cell_as_item_2():
    with pytest.raises(ValidationError) as e:
        _Map.model_validate({"cells": [{"q": 1}, {"q": "x"}]})
    bad = pydantic_error(e.value, "map.yaml")
    assert bad.field == "cells.1.q"  # the raw path, for programs
    assert bad.message_th.startswith("ช่อง “cells › ลำดับที่ 2 › q”"), bad.message_th
    assert bad.message_en.startswith("the field “cells › item 2 › q”"), bad.message_en


def test_a_new_world_map_names_the_cell_as_a_reader_counts_it():
    from rules.new_world.board import parse_map_text

    text = ("game: new_world\nside: ireland\nassumed: true\ngrid: {cols: 20, rows: 16, layout: odd-r}\n"
            "cells:\n- {q: 8, r: 0, icon: water}\n- {q: nine, r: 0, icon: water}\n")
    with pytest.raises(BadInput) as e:
        parse_map_text(text, "mine.yaml", from_file=False)
    assert e.value.field == "cells.1.q", e.value.field
    assert "“cells › ลำดับที่ 2 › q”" in e.value.message_th and "“cells › item 2 › q”" in e.value.message_en, e.value


def test_the_where_line_counts_from_one_and_keeps_the_raw_path_for_programs():
    box = error_html(BadInput("save.json", "actions[1]", "ผิด", "wrong"))
    where = re.search(r'<div class="kl-where"[^>]*>(.*?)</div>', box).group(1)
    assert "<code>actions › ลำดับที่ 2</code> / <code>actions › item 2</code>" in where, where
    assert "actions[1]" not in where, where
    assert 'data-where="save.json: actions[1]"' in box, box
