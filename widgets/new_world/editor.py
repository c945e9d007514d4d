"""The New World map editor: a map file (``data/new_world/maps/<side>.yaml``) edited by clicks.

The reader picks a tool in the palette and clicks cells: an icon (blank, food, energy, settlement
space, water, cathedral, castle, round tower; a castle, cathedral or tower takes the name typed
beside the palette), a flag (harbour, offshore +1, yellow two-player mark), *select* (then "make
settlement" groups the selected cells into one settlement), *add cell* (the free places around the
map are drawn pale; the grid grows by a column or a row at its right or bottom edge) or *remove
cell*.  The editor decides no rule: "check" runs the engine's map loader
(:func:`rules.new_world.board.parse_map_text`) and shows its Thai / English error naming the field
(the cell it names is highlighted); "save" downloads the YAML only for a map the
loader accepts; an uploaded file is loaded only when the loader accepts it whole (else the error,
and the map being edited stays as it was); "play on this map" starts a game against the bots with
the map passed as data (config ``map_yaml``, see ``rules/new_world/config.py``).
"""
from __future__ import annotations

import html
import re

import ipywidgets as w
import yaml

from rules.core.hexgrid import axial_to_oddr, neighbours
from rules.core.protocol import BadInput
from rules.new_world.board import PLACEABLE, SIDES, count_changes, map_path, parse_map_text
from rules.new_world.labels import CELL_KIND, cell_words

from ..errors import message_html, safe
from ..filepicker import FilePicker
from ..hexboard import HexBoard
from ..sharing import SHARE_CSS, FilesHTML, download_html, uploaded
from .board import ICON_FILL, MIN_LABEL_PX, TAPPED, name_labels

ICON_TOOLS = {"blank": "ว่าง / blank", "food": "ฟาร์มอาหาร / food", "energy": "ฟาร์มพลังงาน / energy",
              "settlement": "ช่องนิคม / settlement space", "water": "น้ำ / water",
              "cathedral": "มหาวิหาร / cathedral", "castle": "ปราสาท (ชื่อ) / castle (named)",
              "tower": "หอคอยกลม (ชื่อ) / round tower (named)"}
FLAG_TOOLS = {"harbour": "ท่าเรือ / harbour", "offshore": "+1 นอกฝั่ง / offshore +1",
              "yellow": "ช่องเหลือง / yellow mark"}
EDIT_TOOLS = {"select": "เลือกช่อง / select", "add": "เพิ่มช่อง / add cell", "remove": "ลบช่อง / remove cell"}
TOOLS = {**ICON_TOOLS, **FLAG_TOOLS, **EDIT_TOOLS}
NAMED = ("cathedral", "castle", "tower")
NAME_PREFIX = {"cathedral": "Cathedral", "castle": "Castle", "tower": "Tower"}
GHOST_FILL = "#ffffff"
YELLOW_PIP = "#f5d90a"
SETTLEMENT_LINE = "#7a0000"
MAX_GRID = 200          # GridModel's bound (rules/new_world/board.py)
SOURCE = "map editor"
COUNTED_WORDS = {"yellow": ("ช่องเหลือง", "yellow cells"), "cathedral": ("มหาวิหาร", "cathedrals"),
                 "tower": ("หอคอยกลม", "round towers")}
"""What a whole-map count counts (``BadInput.counted``, :data:`rules.new_world.board.COUNTED`), in words."""

HEADER = """# New World ({side_en}) map: edited with the map editor (widgets/new_world/editor.py).
# Cells are pointy-top hexes in axial (q, r) coordinates (rules/core/hexgrid.py); the grid is
# {cols} x {rows} cells in odd-r offset coordinates (col = q + (r - (r & 1)) / 2).
# icon: blank | food | energy | settlement | water | cathedral | castle | tower
#   settlement: the id of the settlement the space belongs to (its spaces are its size)
#   harbour: true / offshore: true (+1) / yellow: true (covered in a two-player game)
#   name: castles, cathedrals and round towers are named
"""


def _scalar(v) -> str:
    """A YAML flow scalar (names may hold spaces or quotes)."""
    return yaml.safe_dump(v, default_flow_style=True, allow_unicode=True).strip().removesuffix("...").strip()


class MapEditor(w.VBox):
    """The editor of one map.  ``cells``: ``{(q, r): {"icon", ["settlement"], ["harbour"],
    ["offshore"], ["yellow"], ["name"]}}``; ``side``, ``cols``, ``rows``, ``selected``.
    Kernel-side calls (tests, demos): :meth:`use`, :meth:`click`, :meth:`make_settlement`,
    :meth:`check`, :meth:`save`, :meth:`load_text`, :meth:`play_here`."""

    def __init__(self, side: str = "scotland", size: float = 18.0, spec=None):
        self.spec = spec
        self.side, self.cols, self.rows, self.note, self.assumed = side, 1, 1, "", True
        self.cells: dict = {}
        self.selected: set = set()
        self.tool = "blank"
        self.problem: tuple | None = None
        # its width given (the whole column): with none, a phone's column laid the board out by the
        # SVG's default 300 px width (Chromium sizes a flex column's item so), its box 42 px shorter
        # than the board at 390 px and its bottom rows cut off (the play map's NWMap has it too)
        # a tap names the cell under the map, so place labels too small to read (3.8 px on a phone) are
        # hidden, as on the play and scenario maps; a tap edits the cell too, and the line then names it
        # as it is now (its hover text follows each edit)
        self.map = HexBoard([], size=size, width=900, layout=w.Layout(width="100%", min_width="0"),
                            tap_names=TAPPED, min_label_px=MIN_LABEL_PX)
        self.map.add_class("kl-nw-map")
        self.map.on_click(self._clicked)
        self.palette = w.ToggleButtons(options=[(label, k) for k, label in TOOLS.items()], value="blank",
                                       style={"button_width": "auto"})
        self.palette.observe(self._tool, names="value")
        self.name = w.Text(value="", placeholder="ชื่อ (ปราสาท หอคอย มหาวิหาร) / name", description="ชื่อ / name",
                           layout=w.Layout(width="300px"))
        self.start_from = w.Dropdown(options=[("สกอตแลนด์ / Scotland", "scotland"), ("ไอร์แลนด์ / Ireland", "ireland")],
                                     value=side, description="เริ่มจาก / start")
        restart = w.Button(description="เปิดแผนที่ที่มากับเกม / open the shipped map", layout=w.Layout(width="auto"))
        group = w.Button(description="รวมเป็นนิคม / make settlement", layout=w.Layout(width="auto"))
        clear = w.Button(description="ล้างที่เลือก / clear selection", layout=w.Layout(width="auto"))
        check = w.Button(description="ตรวจ / check", button_style="info", layout=w.Layout(width="auto"))
        save = w.Button(description="บันทึก YAML / save", layout=w.Layout(width="auto"))
        self.upload = FilePicker(accept=".yaml,.yml", description="โหลด YAML / load",
                                 tooltip="โหลดแผนที่ YAML / load a map YAML")
        play = w.Button(description="เล่นบนแผนที่นี้ / play on this map", button_style="primary",
                        layout=w.Layout(width="auto"))
        self.status, self.summary = w.HTML(), w.HTML()
        # the saved map downloads at once and its button gives a second copy, as "save game" does (a
        # fresh user's finding: "save" drew a plain black line, "download …", that did not look tappable)
        self.download = FilesHTML()
        self.download.add_class("kl-share-box")
        self.play_holder = w.VBox()
        wrap = w.Layout(flex_flow="row wrap")
        restart.on_click(safe(self.status)(lambda _b: self.open_side(self.start_from.value)))
        group.on_click(safe(self.status)(lambda _b: self.make_settlement()))
        clear.on_click(safe(self.status)(lambda _b: self.clear_selection()))
        check.on_click(safe(self.status)(lambda _b: self.check()))
        save.on_click(safe(self.status)(lambda _b: self.save()))
        play.on_click(safe(self.status)(lambda _b: self.play_here()))
        self.upload.observe(safe(self.status)(self._uploaded), names="value")
        super().__init__([w.HBox([self.start_from, restart], layout=wrap), self.palette,
                          w.HBox([self.name, group, clear], layout=wrap), self.map, self.summary,
                          w.HBox([check, save, self.upload, play], layout=wrap), self.status, self.download,
                          self.play_holder, w.HTML(SHARE_CSS, layout=w.Layout(display="none"))])
        self.add_class("kl-nw-editor")
        self.open_side(side)

    # -- the map as data -------------------------------------------------------------------
    def open_side(self, side: str) -> None:
        """Start from the shipped (assumed) map of ``side``."""
        if side not in SIDES:
            raise BadInput(SOURCE, "side", "ต้องเป็น scotland หรือ ireland", f"unknown side {side!r}")
        self.load_text(map_path(side).read_text(encoding="utf-8"), f"{side} map", shipped=True)

    def load_text(self, text: str, source: str = SOURCE, shipped: bool = False) -> None:
        """Load the YAML ``text`` of a map file: only when the engine's loader accepts it whole
        (else its :class:`BadInput`, and the map being edited is untouched).  The message names the
        reader's own file (``source``, an upload's name) but never where the shipped map lies on the
        server (``shipped``: the map's name only; a fresh user saw ``from /tmp/.../scotland.yaml``)."""
        board = parse_map_text(text, source)
        data = yaml.safe_load(text)
        cells = {}
        for c in data["cells"]:
            cells[(c["q"], c["r"])] = {k: v for k, v in c.items() if k not in ("q", "r") and v not in (None, False)}
        self.side, self.cols, self.rows = board.side, data["grid"]["cols"], data["grid"]["rows"]
        self.note, self.assumed = data.get("note", ""), bool(data.get("assumed", True))
        self.cells, self.selected, self.problem = cells, set(), None
        self.start_from.value = self.side
        self.download.value = ""
        came = "" if shipped else f" from {source}"
        self.status.value = message_html(f"เปิดแผนที่ {self.side} ({len(cells)} ช่อง)",
                                         f"opened the {self.side} map ({len(cells)} cells){came}")
        self.redraw()

    def to_data(self) -> dict:
        """The map as the data of a map file (``rules/new_world/board.py`` ``MapModel``)."""
        cells = [{"q": q, "r": r, **c} for (q, r), c in sorted(self.cells.items(), key=lambda kv: (kv[0][1], kv[0][0]))]
        return {"game": "new_world", "side": self.side, "assumed": self.assumed, "note": self.note,
                "grid": {"cols": self.cols, "rows": self.rows, "layout": "odd-r"}, "cells": cells}

    def to_yaml(self) -> str:
        """The map file's text (the layout of ``make_maps.py``: one flow mapping per cell)."""
        d = self.to_data()
        lines = [HEADER.format(side_en=self.side.capitalize(), cols=self.cols, rows=self.rows).rstrip("\n"),
                 "game: new_world", f"side: {self.side}", f"assumed: {'true' if self.assumed else 'false'}",
                 f"note: {_scalar(self.note)}", f"grid: {{cols: {self.cols}, rows: {self.rows}, layout: odd-r}}",
                 "cells:"]
        for c in d["cells"]:
            extra = "".join(f", {k}: {_scalar(c[k])}" for k in ("settlement", "harbour", "offshore", "yellow", "name")
                            if k in c)
            lines.append(f"- {{q: {c['q']}, r: {c['r']}, icon: {c['icon']}{extra}}}")
        return "\n".join(lines) + "\n"

    # -- tools -----------------------------------------------------------------------------
    def use(self, tool: str, name: str | None = None) -> None:
        """Pick ``tool`` (a key of :data:`TOOLS`), and the name a castle / tower / cathedral gets."""
        if tool not in TOOLS:
            raise BadInput(SOURCE, "tool", f"ไม่มีเครื่องมือ {tool}", f"no tool {tool!r}")
        if name is not None:
            self.name.value = name
        self.palette.value = tool

    def _tool(self, change) -> None:
        self.tool = change["new"]
        self.redraw()

    def click(self, q: int, r: int) -> None:
        """As if the reader clicked cell ``(q, r)`` (a free place around the map with *add cell*)."""
        self.map.click((q, r))

    def _clicked(self, h) -> None:
        with_status = safe(self.status)
        with_status(self._apply_tool)(tuple(h))

    def _apply_tool(self, h) -> None:
        self.status.value, self.download.value = "", ""
        tool, c = self.tool, self.cells.get(h)
        if tool == "add":
            self._add(h)
        elif c is None:
            return
        elif tool == "remove":
            del self.cells[h]
            self.selected.discard(h)
        elif tool == "select":
            self.selected.symmetric_difference_update({h})
        elif tool in FLAG_TOOLS:
            if tool == "harbour" and c["icon"] != "settlement":
                raise BadInput(SOURCE, f"({h[0]}, {h[1]}).harbour", "ท่าเรืออยู่ได้เฉพาะช่องนิคม (scoring.harbour)",
                               "a harbour is on a settlement space (scoring.harbour)")
            if tool in ("offshore", "yellow") and c["icon"] not in PLACEABLE:
                raise BadInput(SOURCE, f"({h[0]}, {h[1]}).{tool}", "ช่อง +1 และช่องเหลืองต้องเป็นช่องที่วางไทล์ได้",
                               f"a {tool} mark goes on a cell a tile can cover, not {c['icon']}")
            if c.pop(tool, False) is not True:
                c[tool] = True
        else:
            self._set_icon(h, tool)
        self.redraw()

    def _set_icon(self, h, icon: str) -> None:
        old = self.cells[h]
        new = {"icon": icon}
        if icon in PLACEABLE:
            new.update({k: True for k in ("offshore", "yellow") if old.get(k)})
        if icon == "settlement":
            new["settlement"] = old.get("settlement") or self.new_settlement_id()
            if old.get("harbour"):
                new["harbour"] = True
        if icon in NAMED:
            typed = self.name.value.strip()
            new["name"] = typed or (old.get("name") if old["icon"] == icon else None) or self._auto_name(icon)
        self.cells[h] = new

    def _auto_name(self, icon: str) -> str:
        used = {c.get("name") for c in self.cells.values()}
        k = 1
        while f"{NAME_PREFIX[icon]} {k}" in used:
            k += 1
        return f"{NAME_PREFIX[icon]} {k}"

    def new_settlement_id(self) -> str:
        used = {c.get("settlement") for c in self.cells.values()}
        k = 1
        while f"e{k:02d}" in used:
            k += 1
        return f"e{k:02d}"

    def make_settlement(self) -> str:
        """The selected cells become the spaces of one new settlement (its id returned); the loader
        checks that they are connected and that the side has that size when the map is checked."""
        if not self.selected:
            raise BadInput(SOURCE, "selection", "เลือกช่องก่อน (เครื่องมือ 'เลือกช่อง')",
                           "select cells first (the 'select' tool)")
        sid = self.new_settlement_id()
        for h in self.selected:
            old = self.cells[h]
            self.cells[h] = {"icon": "settlement", "settlement": sid,
                             **{k: True for k in ("harbour", "offshore", "yellow") if old.get(k)}}
        self.selected = set()
        self.status.value = message_html(f"นิคม {sid} แล้ว", f"made settlement {sid}")
        self.redraw()
        return sid

    def clear_selection(self) -> None:
        self.selected = set()
        self.redraw()

    def ghosts(self) -> list:
        """Free places next to the map a cell may be added on: inside the grid, or one column / row
        past its right / bottom edge."""
        out = set()
        for h in self.cells:
            for n in neighbours(h):
                if n in self.cells:
                    continue
                col, row = axial_to_oddr(n)
                if 0 <= col <= min(self.cols, MAX_GRID - 1) and 0 <= row <= min(self.rows, MAX_GRID - 1):
                    out.add(n)
        return sorted(out)

    def _add(self, h) -> None:
        if h in self.cells or h not in set(self.ghosts()):
            return
        col, row = axial_to_oddr(h)
        self.cols, self.rows = max(self.cols, col + 1), max(self.rows, row + 1)
        self.cells[h] = {"icon": "blank"}

    # -- the loader's verdict --------------------------------------------------------------
    def check(self):
        """Validate with the engine's loader: the :class:`~rules.new_world.board.Board`, or its
        :class:`BadInput` (shown, and the cell it names highlighted) raised."""
        self.problem = None
        try:   # the editor's own map, not a file: no "cut short" hint, no line the reader never saw
            board = parse_map_text(self.to_yaml(), SOURCE, self.side, from_file=False)
        except BadInput as exc:
            m = re.match(r"cells\[(\d+)\]", exc.field)
            if m:
                d = self.to_data()["cells"]
                k = int(m.group(1))
                if k < len(d):
                    self.problem = (d[k]["q"], d[k]["r"])
            counted = getattr(exc, "counted", None)
            if counted:
                exc = self._count_changes(exc, counted)
            self.redraw()
            raise exc from None
        sizes = sorted(len(s) for s in board.settlements)
        by = {n: sizes.count(n) for n in sorted(set(sizes))}  # {settlement size: how many}
        by_th = ", ".join(f"ขนาด {n}: {k}" for n, k in by.items()) or "ไม่มี"
        by_en = ", ".join(f"{k} of size {n}" for n, k in by.items()) or "none"
        self.status.value = message_html(
            f"แผนที่ถูกต้อง: {len(board.cells)} ช่อง, นิคม{by_th}, ปราสาท {len(board.castles)}, "
            f"มหาวิหาร {len(board.cathedrals)}, หอคอย {len(board.towers)}, ช่องเหลือง {len(board.yellow)}",
            f"the map is valid: {len(board.cells)} cells, settlements: {by_en}, {len(board.castles)} castles, "
            f"{len(board.cathedrals)} cathedrals, {len(board.towers)} towers, {len(board.yellow)} yellow cells")
        self.redraw()
        return board

    def _count_changes(self, exc: BadInput, counted: str) -> BadInput:
        """``exc`` (a whole-map count is wrong) with the cells that changed that count since the
        shipped map of this side (:func:`~rules.new_world.board.count_changes`, named by the
        engine's :func:`~rules.new_world.labels.cell_words`); those still on the map are highlighted."""
        lost, gained = count_changes(self.cells, self.side, counted)
        if not lost and not gained:
            return exc
        w_th, w_en = COUNTED_WORDS[counted]
        th, en = [], []
        if lost:
            th.append(f"{w_th}ที่หายไป: {' '.join(cell_words(*h)[0] for h in lost)}")
            en.append(f"{w_en} gone: {', '.join(cell_words(*h)[1] for h in lost)}")
        if gained:
            th.append(f"{w_th}ที่เพิ่มมา: {' '.join(cell_words(*h)[0] for h in gained)}")
            en.append(f"{w_en} added: {', '.join(cell_words(*h)[1] for h in gained)}")
        self.problem = tuple(h for h in lost + gained if h in self.cells) or None
        out = BadInput(exc.source, exc.field, f"{exc.message_th} — เทียบกับแผนที่ที่มากับเกม: {'; '.join(th)}",
                       f"{exc.message_en} — compared with the shipped map: {'; '.join(en)}")
        out.counted = counted
        return out

    def save(self) -> str:
        """The YAML as a file that downloads at once (only of a map the loader accepts; its button
        gives a second copy: :class:`widgets.sharing.FilesHTML`); returns the text."""
        self.check()
        text = self.to_yaml()
        self.download.value = download_html(f"{self.side}-edited.yaml", text.encode("utf-8"), "application/x-yaml")
        return text

    def _uploaded(self, change) -> None:
        if not change["new"]:
            return
        name, data = uploaded(self.upload)   # cleared, so the same file may be chosen again; size checked
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadInput(name, "<encoding>", f"ไฟล์ต้องเข้ารหัส UTF-8 (ไบต์ที่ {exc.start} อ่านไม่ได้)",
                           f"the file must be UTF-8 text (undecodable byte at offset {exc.start})") from None
        self.load_text(text, name)

    def play_here(self, bots: int = 1, kind: str = "greedy", seed: int = 1):
        """Start a game against ``bots`` bots on this map (checked first; passed as ``map_yaml``)."""
        from widgets import page

        from . import SPEC
        self.check()
        spec = self.spec or SPEC
        table = page.new_table(spec, bots, kind, seed, options={"side": self.side, "map_yaml": self.to_yaml()})
        for old in self.play_holder.children:
            page.close_tree(old)
        self.play_holder.children = [table]
        return table

    # -- drawing ---------------------------------------------------------------------------
    def _problem_cells(self) -> list:
        """The cells the last check's refusal names: ``problem`` is one ``(q, r)`` or a tuple of them."""
        p = self.problem
        if not p:
            return []
        return [p] if isinstance(p[0], int) else list(p)

    def cell_titles(self) -> dict:
        """Hover text of each cell: its kind, its whole name (the board writes it cut, "Dunnot…"),
        then ``(q, r)`` as the engine's words of a cell write it, Thai / English."""
        out = {}
        for (q, r), c in self.cells.items():
            th, en = CELL_KIND.get(c["icon"], (c["icon"], c["icon"]))
            name = f" {c['name']}" if c.get("name") else ""
            out[(q, r)] = f"{th}{name} ({q}, {r}) / {en}{name} ({q}, {r})"
        return out

    def redraw(self) -> None:
        ghosts = self.ghosts() if self.tool == "add" else []
        labels = name_labels({h: c["name"] for h, c in self.cells.items() if c.get("name")})
        for h, c in self.cells.items():
            if not c.get("name") and (c.get("harbour") or c.get("offshore")):
                labels[h] = "+1"
        for h in ghosts:
            labels[h] = "+"
        groups: dict = {}
        for h, c in self.cells.items():
            if c.get("settlement"):
                groups.setdefault(c["settlement"], []).append(h)
        with self.map.hold_sync():
            self.map.set_cells(list(self.cells) + ghosts, labels)
            self.map.set_titles(self.cell_titles())
            fills = {h: ICON_FILL[c["icon"]] for h, c in self.cells.items()}
            fills.update({h: GHOST_FILL for h in ghosts})
            marked = self.selected | {h for h in self._problem_cells() if h in self.cells}
            self.map.update(fills=fills, pips={h: [YELLOW_PIP] for h, c in self.cells.items() if c.get("yellow")},
                            outlines=[(cells, SETTLEMENT_LINE, sid) for sid, cells in groups.items() if len(cells) > 1],
                            highlights=sorted(marked))
        self.summary.value = (f"<span class='kl-muted'>{html.escape(self.side)} · {len(self.cells)} ช่อง / cells · "
                              f"ตาราง / grid {self.cols} x {self.rows} · เครื่องมือ / tool: {html.escape(TOOLS[self.tool])}"
                              f"{' · เลือก / selected ' + str(len(self.selected)) if self.selected else ''}</span>")


def editor(side: str = "scotland") -> MapEditor:
    """The map editor, opened on the shipped map of ``side``."""
    return MapEditor(side)
