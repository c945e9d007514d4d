"""A fresh user's trial of "open a session" (trial 4):

1. a plain text file ("hello this is not a game") read "the file is cut off or not valid JSON
   (line 1, column 1)", which sends the reader looking for the rest of a file that never was a
   save: text that does not even start like JSON ('{' or '[') now says it is not a saved game
   file (.json), in Thai and English; a JSON file cut short still says "cut off";
2. the size refusal said "เกิน 2000000 ไบต์": now "2 MB" in both languages."""
from __future__ import annotations

import pytest

from rules.core import saveload
from rules.core.datafile import megabytes
from rules.core.protocol import BadInput
from widgets.filepicker import FilePicker
from widgets.sharing import MAX_UPLOAD, uploaded

from .test_filepicker import send_file


@pytest.mark.parametrize("text", ["hello this is not a game", "  ไฟล์นี้ไม่ใช่เกม\nline 2", b"hello"])
def test_plain_text_is_not_a_saved_game_file(text):
    with pytest.raises(BadInput) as e:
        saveload.parse(text, "notes.txt", "coup")
    assert e.value.message_th == "ไม่ใช่ไฟล์เกมที่บันทึกไว้ (.json)"
    assert e.value.message_en == "not a saved game file (.json)"
    assert "cut off" not in str(e.value) and "ไม่สมบูรณ์" not in str(e.value)


@pytest.mark.parametrize("text", ['{"schema_version": 2, "game": "co', "[1, 2", ""])
def test_json_cut_short_or_empty_keeps_its_own_words(text):
    with pytest.raises(BadInput) as e:
        saveload.parse(text, "save.json", "coup")
    assert "not a saved game file" not in str(e.value)


def test_megabytes():
    assert megabytes(2_000_000) == "2 MB"
    assert megabytes(4_000_000) == "4 MB"
    assert megabytes(4_000_001) == "4.1 MB"
    assert megabytes(2_500_000) == "2.5 MB"


def test_the_upload_size_refusal_says_megabytes_in_both_languages():
    p = FilePicker()
    send_file(p, "big.json", b"0" * (MAX_UPLOAD + 1))
    with pytest.raises(BadInput) as e:
        uploaded(p)
    assert "2 MB" in e.value.message_th and "2 MB" in e.value.message_en
    assert "ไบต์" not in e.value.message_th and "2000000" not in str(e.value)


def test_the_save_file_size_refusal_says_megabytes():
    with pytest.raises(BadInput) as e:
        saveload.parse(b" " * (saveload.MAX_BYTES + 1), "big.json", "coup")
    assert "4 MB" in e.value.message_th and "4 MB" in e.value.message_en and "ไบต์" not in e.value.message_th
