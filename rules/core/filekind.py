"""Which kind of file a reader gave, of which game, and the refusal when a page's button was given
the other kind of file or another game's file.

A game page opens two kinds of file: a *session* (a saved game, :mod:`rules.core.saveload`: JSON
with ``schema_version``) with "เปิดไฟล์เกม / open a session" in the play section, and a *ruling* (a
scenario file, :mod:`rules.core.scenario`, ``data/scenarios/README.md``) with
"เปิดไฟล์ข้อตัดสิน / open a ruling" under a ruling.  :func:`wrong_file` names every
cross-combination in the reader's words: what the file is, the game it is of and the game the
page is of (their catalog titles, :mod:`rules.catalog`, never ids), and where the file opens.
"""
from __future__ import annotations

from typing import Any, Literal

from .protocol import BadInput

Kind = Literal["session", "ruling"]

NOUN: dict[str, tuple[str, str]] = {
    "session": ("ไฟล์เกม (session) ที่บันทึกไว้", "a saved game (session file)"),
    "ruling": ("ไฟล์ข้อตัดสิน", "a ruling file"),
}
"""``kind -> (Thai, English)``: what the file is."""
OPENS: dict[str, tuple[str, str]] = {
    "session": ("ปุ่ม “เปิดไฟล์เกม” ในส่วนเล่น", "the “open a session” button in the play section"),
    "ruling": ("ปุ่ม “เปิดไฟล์ข้อตัดสิน” ใต้ข้อวินิจฉัยที่ดูทีละขั้น",
               "the “open a ruling” button under a ruling shown step by step"),
}
"""``kind -> (Thai, English)``: where a page opens that kind of file (the buttons' own words,
:mod:`widgets.sharing`)."""
RULING_KEYS = ("title_th", "title_en", "steps", "setup", "expect", "question_th", "answer_th")
"""Keys only a ruling has (a session has ``schema_version``, ``seed``, ``actions``)."""


def kind_of(data: Any) -> Kind | None:
    """``"ruling"``, ``"session"`` or ``None`` (neither) for a loaded file (YAML or JSON data):
    a mapping with a ruling's title is a ruling; else one with ``schema_version`` or ``actions`` is
    a session; else one with a ruling's other keys is a ruling."""
    if not isinstance(data, dict):
        return None
    if "title_th" in data or "title_en" in data:
        return "ruling"
    if "schema_version" in data or "actions" in data:
        return "session"
    if any(k in data for k in RULING_KEYS):
        return "ruling"
    return None


def _known(gid: Any) -> bool:
    from ..catalog import info  # late import: the catalog imports the games
    if not isinstance(gid, str):
        return False
    try:
        info(gid)
        return True
    except BadInput:
        return False


def game_words(gid: str) -> tuple[str, str]:
    """``(Thai, English)`` naming the game ``gid`` as a reader knows it: ``("เกม “โลกใหม่”",
    "“New World”")`` (its catalog titles); a game the catalog does not know:
    ``("เกมที่ไม่รู้จัก ('chess')", "an unknown game ('chess')")``."""
    from ..catalog import info
    if _known(gid):
        g = info(gid)
        return f"เกม “{g.title_th}”", f"“{g.title_en}”"
    shown = repr(gid) if len(repr(gid)) <= 40 else repr(gid)[:37] + "..."
    return f"เกมที่ไม่รู้จัก ({shown})", f"an unknown game ({shown})"


def wrong_file(data: Any, source: str, want: Kind, game: str | None = None) -> BadInput | None:
    """The refusal of loaded ``data`` given to a button that opens ``want`` files on the page of
    ``game`` (``None``: no page, the file is read on its own), or ``None`` when it is that kind (or
    neither kind: the kind's own validation names its fault) and of that game (or names no game as
    a string).  Field ``<root>`` when it is the other kind, ``game`` when it is another game's.

    Said in order: what the file is (and its game when that is not the page's), what the button
    wanted (and the page's game), where it opens (the other button; another game's page)."""
    got = kind_of(data)
    if got is None:
        return None
    gid = data.get("game") if isinstance(data.get("game"), str) else None
    other = gid is not None and game is not None and gid != game
    if got == want and not other:
        return None
    field = "game" if got == want else "<root>"
    th, en = f"ไฟล์นี้เป็น{NOUN[got][0]}", f"this is {NOUN[got][1]}"
    if gid is not None and (other or got != want):
        g_th, g_en = game_words(gid)
        th, en = f"{th}ของ{g_th}", f"{en} of {g_en}"
    th, en = (f"{th} ไม่ใช่{NOUN[want][0]}", f"{en}, not {NOUN[want][1]}") if got != want else (f"{th} ไม่ใช่", f"{en}, not")
    if other:
        p_th, p_en = game_words(game)
        th, en = f"{th}ของ{p_th}", f"{en} of {p_en}"
        if not _known(gid):  # no page opens it
            return BadInput(source, field, th, en)
    o_th, o_en = OPENS[got]
    if other:
        th, en = f"{th}: เปิดในหน้าของ{g_th} ด้วย{o_th}", f"{en}: open it on the {g_en} page with {o_en}"
    elif game is not None:
        th, en = f"{th}: เปิดด้วย{o_th}ของหน้านี้", f"{en}: open it on this page with {o_en}"
    else:
        th, en = f"{th}: เปิดด้วย{o_th}", f"{en}: open it with {o_en}"
    return BadInput(source, field, th, en)
