"""Every table cell a board draws says its words in Thai and English (the house rule: every
user-facing text is Thai + English).

Found on the Valeria page: the seats' headers (ผู้เล่น, บารมี, ทอง, เวท, ...), the shrine explainer's
(เต๋า, ส่วนลดสูงสุด), the abilities line and the Warden column's seat names had no English.  The
check: a ``<th>`` or ``<td>`` whose text has Thai letters and no Latin letter at all.  Each game's
board is drawn at every decision of a game against bots (random buttons, fixed seeds) and at every
frame of a few of its scenarios (where New World's settlement and castle tables appear)."""
from __future__ import annotations

import importlib
import random
import re
from html.parser import HTMLParser

import ipywidgets as w
import pytest

from widgets import page

THAI = re.compile(r"[\u0E00-\u0E7F]")
LATIN = re.compile(r"[A-Za-z]")
GAMES = ("valeria", "coup", "shadow_master", "new_world", "toy_pig")


class _Cells(HTMLParser):
    """The text of every ``th``/``td`` (a nested table's cells count on their own and in their parent)."""

    def __init__(self):
        super().__init__()
        self.open: list[list[str]] = []
        self.cells: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("td", "th"):
            self.open.append([tag, ""])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.open:
            kind, text = self.open.pop()
            self.cells.append((kind, " ".join(text.split())))
            if self.open:
                self.open[-1][1] += " " + text

    def handle_data(self, data):
        if self.open:
            self.open[-1][1] += data


def thai_only_cells(html: str) -> list[str]:
    """``"<th> text"`` of each cell with Thai letters and no Latin letter."""
    p = _Cells()
    p.feed(html)
    return [f"<{kind}> {text}" for kind, text in p.cells if THAI.search(text) and not LATIN.search(text)]


def _html_of(widget: w.Widget) -> list[str]:
    out, todo = [], [widget]
    while todo:
        x = todo.pop()
        if isinstance(x, w.HTML):
            out.append(x.value)
        todo.extend(getattr(x, "children", ()) or ())
    return out


def _found(where: str, widget: w.Widget, found: dict[str, str]) -> None:
    for html in _html_of(widget):
        for cell in thai_only_cells(html):
            found.setdefault(cell[:90], where)


def test_the_check_sees_a_thai_only_cell():
    assert thai_only_cells("<table><tr><th>ทอง</th><th>ทอง / gold</th><td>3</td><td><span>เวท</span><br>"
                           "<span>magic</span></td></tr></table>") == ["<th> ทอง"]


@pytest.mark.parametrize("game", GAMES)
def test_every_table_cell_of_a_board_has_english(game):
    spec = importlib.import_module(f"widgets.{game}").SPEC
    found: dict[str, str] = {}
    for seed in (3, 11):
        table = page.new_table(spec, None, None, seed)
        rng = random.Random(seed)
        for move in range(70):
            _found(f"play seed {seed} move {move}", table.board, found)
            buttons = [b for b in table.choices if b.kind == "button" and not b.disabled]
            if not buttons:
                break
            rng.choice(buttons).click()
        page.close_tree(table)
    for path in page.scenario_paths(spec)[:6]:
        view = page.scenario_at(spec, path)
        for frame in range(len(view.cursor.frames)):
            view.cursor.jump_frame(frame)
            _found(f"{path.stem} frame {frame}", view.board, found)
        page.close_tree(view)
    assert found == {}, found


def english_only_markdown() -> list[str]:
    """``"<notebook> cell <i>: <first line>"`` of each markdown cell of the dashboard's notebooks
    whose text (headings, anchors and pictures aside) has no Thai line."""
    import json
    from pathlib import Path
    out = []
    for nb in sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb")):
        for i, cell in enumerate(json.loads(nb.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] != "markdown":
                continue
            body = [ln for ln in "".join(cell["source"]).splitlines()
                    if ln.strip() and not ln.lstrip().startswith(("#", "<a ", "!["))]
            if body and not any(THAI.search(ln) for ln in body):
                out.append(f"{nb.name} cell {i}: {body[0][:60]}")
    return out


def test_every_notebook_paragraph_has_its_thai():
    # New World's rulings section said only "Choose a scenario and step through it..." (a fresh
    # user's finding), and its cathedral and register sections only their English too
    assert english_only_markdown() == []
