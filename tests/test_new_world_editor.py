"""The New World map editor (widgets/new_world/editor.py): kernel-side clicks build a map that
round-trips through YAML and the engine's loader; a broken map shows the loader's error naming the
field; a bad upload changes nothing; "play on this map" plays on the edited map (config map_yaml)."""
from __future__ import annotations

import datetime
import html

import pytest

from rules.core.protocol import BadInput
from rules.new_world import GAME
from rules.new_world.board import load_map, parse_map_text
from widgets.new_world.editor import MapEditor


def _blank_pair(board):
    """Two neighbouring blank, unmarked cells with blank neighbours (a safe place to edit)."""
    for i, ic in enumerate(board.icon):
        if ic != "blank" or i in board.yellow or board.near_castles[i] or board.near_cathedrals[i]:
            continue
        for n in board.nbrs[i]:
            if board.icon[n] == "blank" and n not in board.yellow and len(board.nbrs[n]) == 6:
                return board.cells[i], board.cells[n]
    raise AssertionError("no two neighbouring blank cells")


def _far_blank(board, away):
    for i, ic in enumerate(board.icon):
        if ic == "blank" and i not in board.yellow and all(
                abs(board.cells[i][0] - a[0]) + abs(board.cells[i][1] - a[1]) > 6 for a in away):
            return board.cells[i]
    raise AssertionError("no far blank cell")


def _edited():
    base = load_map("scotland")
    ed = MapEditor("scotland")
    a, b = _blank_pair(base)
    far = _far_blank(base, (a, b))
    ed.use("select")
    ed.click(*a)
    ed.click(*b)
    assert ed.selected == {a, b}
    sid = ed.make_settlement()
    ed.use("harbour")
    ed.click(*a)
    ed.use("food")
    ed.click(*far)
    ed.use("add")
    ghost = ed.ghosts()[0]
    ed.click(*ghost)
    ed.use("energy")
    ed.click(*ghost)
    return ed, base, a, b, far, ghost, sid


def test_a_good_map_is_summed_up_in_words_with_the_same_facts_in_thai_and_english():
    """"ตรวจ" on a good map printed a Python dict (``นิคม {1: 8, 2: 7}``) and the Thai left out the
    towers: both languages now say each count in words."""
    ed = MapEditor("scotland")
    board = ed.check()
    text = html.unescape(ed.status.value)
    assert "{" not in text and "}" not in text, text
    sizes = [len(s) for s in board.settlements]
    for n in sorted(set(sizes)):
        assert f"ขนาด {n}: {sizes.count(n)}" in text and f"{sizes.count(n)} of size {n}" in text, text
    assert f"หอคอย {len(board.towers)}" in text and f"{len(board.towers)} towers" in text, text
    assert f"{len(board.cells)} ช่อง" in text and f"{len(board.cells)} cells" in text, text


def test_clicks_build_a_map_that_round_trips_through_yaml_and_the_loader():
    ed, base, a, b, far, ghost, sid = _edited()
    board = ed.check()
    assert "แผนที่ถูกต้อง" in ed.status.value
    assert len(board.cells) == len(base.cells) + 1
    k = board.settlement_of[board.index[a]]
    assert board.settlement_ids[k] == sid and set(board.settlements[k]) == {board.index[a], board.index[b]}
    assert board.index[a] in board.harbour
    assert board.icon[board.index[far]] == "food" and board.icon[board.index[ghost]] == "energy"
    text = ed.save()
    # a file that downloads at once, drawn as a button for a second copy (it was a plain black link)
    from widgets.sharing import FilesHTML
    assert isinstance(ed.download, FilesHTML) and "download='scotland-edited.yaml'" in ed.download.value
    assert "class='kl-download'" in ed.download.value and "kl-share-box" in ed.download._dom_classes
    again = parse_map_text(text)
    assert (again.cells, again.icon, again.settlements, again.harbour) == (board.cells, board.icon,
                                                                          board.settlements, board.harbour)
    other = MapEditor("ireland")
    other.load_text(text, "upload.yaml")
    assert other.side == "scotland" and other.to_yaml() == text


def test_a_broken_map_shows_the_loaders_error_naming_the_field():
    base = load_map("scotland")
    ed = MapEditor("scotland")
    a, _b = _blank_pair(base)
    far = _far_blank(base, (a,))
    ed.use("select")
    ed.click(*a)
    ed.click(*far)
    ed.make_settlement()
    with pytest.raises(BadInput) as exc:
        ed.check()
    assert exc.value.field.startswith("cells[") and exc.value.field.endswith("].settlement")
    assert "not connected" in exc.value.message_en and "ไม่ได้อยู่ติดกัน" in exc.value.message_th
    # through the button path the error is shown, not raised, and the named cell is highlighted
    ed.status.value = ""
    from widgets.errors import safe
    safe(ed.status)(ed.check)()
    assert "kl-error" in ed.status.value and ".settlement" in ed.status.value
    assert ed.problem in (a, far) and ",".join(map(str, ed.problem)) in ed.map.highlights
    assert ed.download.value == ""
    with pytest.raises(BadInput):
        ed.save()
    assert ed.download.value == ""


def _file(name, content: bytes) -> dict:
    return {"name": name, "type": "application/x-yaml", "size": len(content), "content": memoryview(content),
            "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)}


def test_a_bad_upload_changes_nothing():
    ed = MapEditor("scotland")
    before = ed.to_yaml()
    broken = before.replace("icon: castle, name: Edinburgh", "icon: dragon, name: Edinburgh")
    assert broken != before
    ed.upload.value = (_file("broken.yaml", broken.encode()),)
    assert "kl-error" in ed.status.value and "broken.yaml" in ed.status.value and "icon" in ed.status.value
    assert ed.to_yaml() == before
    ed.upload.value = (_file("bin.yaml", b"\xff\xfe"),)
    assert "UTF-8" in ed.status.value and ed.to_yaml() == before
    ed.use("food")
    ed.upload.value = (_file("good.yaml", before.replace("icon: castle, name: Edinburgh",
                                                           "icon: castle, name: Edinburgh").encode()),)
    assert "good.yaml" in ed.status.value and "kl-error" not in ed.status.value


def test_an_empty_upload_or_another_games_file_says_what_it_is():
    """An empty upload said "Input should be a valid dictionary or instance of MapModel"; a Coup
    file "Input should be 'new_world'": the status says what the file is, naming it."""
    ed = MapEditor("scotland")
    before = ed.to_yaml()
    ed.upload.value = (_file("empty.yaml", b""),)
    assert "kl-error" in ed.status.value and "empty.yaml" in ed.status.value
    assert "ไฟล์แผนที่ว่างเปล่า" in ed.status.value and "the map file is empty" in ed.status.value
    ed.upload.value = (_file("coup.yaml", b"game: coup\nclauses: []\n"),)
    # the games by their catalog titles, not their ids
    assert html.escape("this file is for “Coup (Inquisitor + Reformation)”, not a map of “New World”") in ed.status.value
    assert "ไฟล์นี้เป็นของเกม “เกมโค่นอำนาจ” ไม่ใช่แผนที่ของเกม “โลกใหม่”" in ed.status.value
    assert "Input should" not in ed.status.value and ed.to_yaml() == before


def test_play_on_the_edited_map():
    from tests.test_new_world_page import do_button

    ed, _base, a, _b, far, _ghost, _sid = _edited()
    table = ed.play_here(bots=1, kind="greedy", seed=3)
    board = table.session.state.board
    assert board.key.startswith("edited/") and board.icon[board.index[far]] == "food"
    assert table.session.observation(0)["map"] == board.key
    assert table.board.nw_board is board
    for _ in range(3):
        legal = table.legal()
        table.board.click(legal[0]["q"], legal[0]["r"])  # selects the placement; "do" places it
        assert table.chosen == legal[0]
        do_button(table).click()
    assert table.session.step >= 3
    # the config carries the map as data (a save replays on it); a broken map is refused
    assert GAME.make_config({"players": 2, "map_yaml": ed.to_yaml()}).map_yaml == ed.to_yaml()
    with pytest.raises(BadInput) as exc:
        GAME.make_config({"players": 2, "map_yaml": ed.to_yaml().replace("icon: water", "icon: lava", 1)})
    assert exc.value.source == "map_yaml" and exc.value.field.startswith("cells")
    with pytest.raises(BadInput) as exc:
        GAME.make_config({"players": 2, "side": "ireland", "map_yaml": ed.to_yaml()})
    assert exc.value.field == "side"


def test_a_wrong_count_names_the_cell_that_changed_it_and_no_file_line():
    """Painting over a yellow cell of the shipped map said "this is the very end of the file (last
    line 242: ...): if the file was cut short, the rest is missing": no file was loaded. The check
    of the editor's own map names the cell whose yellow mark is gone (the engine's cell words),
    highlights it, and says nothing of a file or its lines."""
    base = load_map("scotland")
    ed = MapEditor("scotland")
    q, r = base.cells[base.yellow[0]]
    ed.use("yellow")
    ed.click(q, r)   # the yellow flag toggled off
    with pytest.raises(BadInput) as err:
        ed.check()
    en, th = err.value.message_en, err.value.message_th
    assert "needs 32 yellow cells, it has 31" in en, en
    assert f"yellow cells gone: cell ({q}, {r})" in en and f"ช่อง ({q}, {r})" in th, (en, th)
    for said in (en, th, ed.status.value):
        assert "cut" not in said and "last line" not in said and "บรรทัดสุดท้าย" not in said, said
    assert f"{q},{r}" in ed.map.highlights
    # a yellow mark put on a cell that had none is named as added
    ed.click(q, r)
    a, _b = _blank_pair(base)
    ed.click(*a)
    with pytest.raises(BadInput) as err:
        ed.check()
    assert f"yellow cells added: cell ({a[0]}, {a[1]})" in err.value.message_en, err.value.message_en
    # a file that stops there still gets the hint (text that came from a file)
    with pytest.raises(BadInput) as err:
        parse_map_text(ed.to_yaml(), "cut.yaml", "scotland")
    assert "end of the file" in err.value.message_en


def test_a_session_file_given_as_a_map_names_its_game_and_page():
    """A Coup session given to "load" said "this is a game (session) file, not a map: open it
    with 'open a session'" without its game: it names the game (catalog titles) and its page."""
    import json
    ed = MapEditor("scotland")
    before = ed.to_yaml()
    coup = json.dumps({"schema_version": 1, "game": "coup", "seed": 1, "actions": []}).encode()
    ed.upload.value = (_file("coup-session.json", coup),)
    s = html.unescape(ed.status.value)
    assert "this is a saved game (session file) of “Coup (Inquisitor + Reformation)”, not a map" in s, s
    assert "open it on the “Coup (Inquisitor + Reformation)” page with the “open a session” button" in s, s
    assert "เกม “เกมโค่นอำนาจ”" in s and ed.to_yaml() == before
    own = json.dumps({"schema_version": 1, "game": "new_world", "seed": 1, "actions": []}).encode()
    ed.upload.value = (_file("nw-session.json", own),)
    assert "open it on this page with the “open a session” button" in html.unescape(ed.status.value)


def test_the_editors_help_in_the_notebook_names_no_code_variable():
    """The help said "(the map is passed to the engine as data, config `map_yaml`)": a reader's
    text names no code variable."""
    import json
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "new_world.ipynb").read_text(encoding="utf-8"))
    help_text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "the map is passed to the engine as data" in help_text
    assert "map_yaml" not in help_text


def test_the_editor_board_labels_places_as_the_play_map_does_unique_with_the_whole_name_on_hover():
    """The editor's board wrote a name's first three letters with no mark ("Dun" for Dunrobin,
    Dunblane, Dunkeld and Dunnottar; "Gla" for Glasgow and Glamis).  It now writes the play map's
    labels (one function, :func:`widgets.new_world.board.name_labels`): never two alike, every cut
    ending in "…", the whole name on hover."""
    from widgets.new_world.board import static_labels
    for side in ("scotland", "ireland"):
        ed, b = MapEditor(side), load_map(side)
        named = {h: c["name"] for h, c in ed.cells.items() if c.get("name")}
        labels = {h: ed.map.cells[f"{h[0]},{h[1]}"][3] for h in named}
        shown = list(labels.values())
        assert len(set(shown)) == len(shown), (side, sorted(shown))
        assert labels == {b.cells[i]: static_labels(b)[b.cells[i]] for i in b.names}, side
        for h, name in named.items():
            assert labels[h] == name or (labels[h].endswith("…") and name.startswith(labels[h][:-1])), (name, labels[h])
            assert name in ed.map.titles[f"{h[0]},{h[1]}"], name
    ed = MapEditor("scotland")
    by_name = {c["name"]: ed.map.cells[f"{q},{r}"][3] for (q, r), c in ed.cells.items() if c.get("name")}
    assert [by_name[n] for n in ("Dunrobin", "Dunblane", "Dunkeld", "Dunnottar", "Glasgow", "Glamis")] == \
        ["Dunrobin", "Dunblane", "Dunkeld", "Dunnot…", "Glasgow", "Glamis"]


def test_the_editor_names_the_shipped_map_it_opened_but_not_where_it_lies_on_the_server():
    """Opening the shipped map said "opened the scotland map (230 cells) from
    /tmp/trial8/data/new_world/maps/scotland.yaml": a server path on the page.  The message says the
    map's name only (a reader's own upload is still named by its file name)."""
    for side in ("scotland", "ireland"):
        ed = MapEditor(side)
        for text in (html.unescape(ed.status.value), ed.summary.value):
            assert "/" not in text.replace(" / ", " ").replace("</", "<"), text
            assert ".yaml" not in text and "data" not in text and "maps" not in text, text
        assert f"opened the {side} map (" in html.unescape(ed.status.value)
        ed.open_side(side)  # the "open the shipped map" button
        assert ".yaml" not in ed.status.value and "/data/" not in ed.status.value
