"""A hex board drawn as SVG by a small anywidget (inline JavaScript, no CDN, no network).

Geometry is computed here in plain Python (``rules.core.hexgrid``: corners, outlines); the
browser only receives point strings and colours and draws them.  State is split into small
synced traits so a click re-sends only what changed:

* ``cells``: ``{cell_id: [points, cx, cy, label]}``, the static geometry (sent once);
* ``fills``: ``{cell_id: css colour}`` for cells not in ``default_fill``;
* ``stacks``: ``{cell_id: [fill, count, text colour]}`` token stacks;
* ``highlights``: ``[cell_id, ...]`` cells drawn with a thick border;
* ``pips``: ``{cell_id: [css colour, ...]}`` small round markers in a row (one per colour);
* ``titles``: ``{cell_id: text}`` hover texts (an SVG ``<title>`` per cell);
* ``outlines``: ``[[svg path d, stroke colour, title], ...]`` group outlines, each the
  union of the group's cells (``hexgrid.outline_rings``: one ring a piece and a hole);
* ``coords`` (optional, off by default): each cell's ``q,r`` written small and light at its bottom,
  for a game whose texts name cells by coordinates (New World's "ช่อง (6, 1)"); while on, the view
  has the class ``kl-hex-coords`` (set by the view: a class added to the widget after it is shown
  does not reach the page).
* ``label_scale`` (optional, 0.36 by default): a label's font size as a share of ``size``
  (Shadow Master draws its cell names larger, 0.46; New World its place names, 0.66).
* ``min_label_px`` (optional, 0 by default): labels that the scaled board would draw smaller than
  this many CSS px are hidden (the view's class ``kl-hex-small-labels``), e.g. on a phone's column
  where a tapped cell is named in the caption instead.

The view is ``el > div.kl-hex-hint, div.kl-hex-box > svg, div.kl-hex-caption``: a page's CSS may let
the box scroll sideways (``overflow-x: auto``); while it does, the hint line (:attr:`HexBoard.scroll_hint`)
shows (else, while its labels are hidden as too small, :attr:`HexBoard.small_hint`) and the box fades
on each side holding more board (classes ``kl-hex-scrolls`` on the view, ``kl-more-left`` /
``kl-more-right`` on the box).  The caption names the cell last clicked
(:attr:`HexBoard.tap_names`: a phone has no hover) and draws that cell as if hovered; a scroll
event or a redraw changes only what differs (the hint's text is set only when it is new).

Cell ids are ``"q,r"`` strings of axial coordinates.  Clicks come back as a custom message
``{"event": "click", "cell": id}``; the kernel validates the id and calls the callbacks
registered with :meth:`HexBoard.on_click` with the axial ``(q, r)`` tuple.  Coordinates are
SVG user units (pixels at scale 1), rounded to 0.1 to keep the payload small.
:meth:`HexBoard.to_svg` renders the same picture as a standalone SVG document (for print).
"""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Callable, Iterable, Mapping, Sequence

import anywidget
import traitlets as t

from rules.core import hexgrid
from rules.core.hexgrid import Hex

from .errors import THAI_FONT

if TYPE_CHECKING:  # shapely (and numpy with it) is imported only by the functions that take its shapes
    from shapely.geometry import Polygon
    from shapely.geometry.base import BaseGeometry

DEFAULT_FILL = "#f3eddc"
LABEL_SCALE = 0.36
"""A cell label's font size as a share of the board's ``size`` (:attr:`HexBoard.label_scale`)."""
STROKE = "#7a6a4f"
STACK_STEP = 3.0
"""Units each token of a stack is drawn right of the one in front of it (three drawn at most), on the
same line: a stack drawn rising up and right (3 units up a token) crossed the cell's name above it
with its outline (Shadow Master's names, 0.46 of a cell: a fresh user's trial), and one sunk down
crossed the names of the row below that reach up into its cells (New World's, two cells wide).  Side
by side, a stack takes the height of one token, between its cell's name and the next row's names."""


def cell_id(h: Hex) -> str:
    """Axial ``(q, r)`` -> the string id ``"q,r"`` used in the browser."""
    return f"{h[0]},{h[1]}"


def parse_cell_id(cid: str) -> Hex:
    """``"q,r"`` -> ``(q, r)``; ``ValueError`` on anything else."""
    q, r = str(cid).split(",")
    return (int(q), int(r))


def _fmt(x: float) -> str:
    s = f"{x:.1f}"
    if s == "-0.0":
        s = "0.0"
    return s[:-2] if s.endswith(".0") else s


def points_str(poly: "Polygon") -> str:
    """A polygon's exterior as an SVG ``points`` string (closing point dropped)."""
    return corners_str(list(poly.exterior.coords)[:-1])


def corners_str(corners: Sequence[tuple[float, float]]) -> str:
    """Points ``[(x, y), ...]`` as an SVG ``points`` string."""
    return " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in corners)


def rings_path(rings: Iterable[Sequence[tuple[float, float]]]) -> str:
    """SVG path ``d`` of closed rings (``hexgrid.outline_rings``: pieces and holes; draw with evenodd)."""
    return " ".join("M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in ring) + " Z" for ring in rings if ring)


def geometry_path(geom: "BaseGeometry") -> str:
    """SVG path ``d`` of a Polygon/MultiPolygon (holes included; draw with evenodd)."""
    from shapely.geometry import MultiPolygon

    polys = list(geom.geoms) if isinstance(geom, MultiPolygon) else [geom]
    parts = []
    for poly in polys:
        if poly.is_empty:
            continue
        for ring in (poly.exterior, *poly.interiors):
            pts = list(ring.simplify(0.01).coords)[:-1]
            parts.append("M" + " L".join(f"{_fmt(x)},{_fmt(y)}" for x, y in pts) + " Z")
    return " ".join(parts)


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (``#rrggbb``; else black)."""
    f = fill.lstrip("#")
    if len(f) != 6:
        return "#000"
    r, g, b = (int(f[i:i + 2], 16) for i in (0, 2, 4))
    return "#000" if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else "#fff"


_ESM = r"""
const NS = "http://www.w3.org/2000/svg";
const STACK_STEP = __STACK_STEP__;
function mk(tag, attrs, parent) {
  const e = document.createElementNS(NS, tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}
function render({ model, el }) {
  const svg = mk("svg", { class: "kl-hexboard", role: "img" });
  const layers = {};
  for (const name of ["cells", "highlights", "outlines", "tokens", "pips", "labels", "coords"]) {
    layers[name] = mk("g", { class: "kl-" + name }, svg);
  }
  let rev = 0;
  const polys = {};
  const bump = () => { svg.setAttribute("data-rev", String(++rev)); };
  function drawCells() {
    layers.cells.replaceChildren(); layers.labels.replaceChildren();
    for (const k in polys) delete polys[k];
    for (const k in shownFill) delete shownFill[k];
    for (const k in shownTitle) delete shownTitle[k];
    const cells = model.get("cells"), size = model.get("size");
    svg.setAttribute("viewBox", model.get("view_box"));
    svg.style.maxWidth = model.get("width") + "px";
    for (const id in cells) {
      const [pts, cx, cy, label] = cells[id];
      polys[id] = mk("polygon", { points: pts, "data-cell": id, class: "kl-cell" }, layers.cells);
      if (label) {
        const ls = model.get("label_scale");
        const tx = mk("text", { x: cx, y: cy - size * (0.73 - ls / 2), class: "kl-label",
                                "font-size": size * ls }, layers.labels);
        tx.textContent = label;
      }
    }
    drawFills();
    drawTitles();
    drawCoords();
  }
  // each cell's id ("q,r") at its bottom, under the tokens' reach, when `coords` is on
  function drawCoords() {
    layers.coords.replaceChildren();
    el.classList.toggle("kl-hex-coords", !!model.get("coords"));  // a page's CSS may size the board for them
    if (!model.get("coords")) return;
    const cells = model.get("cells"), size = model.get("size");
    for (const id in cells) {
      mk("text", { x: cells[id][1], y: cells[id][2] + size * 0.74, class: "kl-coord",
                   "font-size": size * 0.46 }, layers.coords).textContent = id;
    }
  }
  // Each layer is redrawn from its trait, touching only what changed: a cell whose fill or title
  // is the same keeps its node untouched, and a marker (highlight, outline, token stack, pips)
  // whose drawing is the same is kept, so a step restyles and repaints the few cells it changed,
  // not the board.  data-rev still counts every redraw (tests wait on it).
  const shownFill = {}, shownTitle = {};
  function drawFills() {
    const fills = model.get("fills"), dflt = model.get("default_fill");
    for (const id in polys) {
      const f = fills[id] || dflt;
      if (shownFill[id] !== f) { polys[id].setAttribute("fill", f); shownFill[id] = f; }
    }
    bump();
  }
  function drawTitles() {
    const titles = model.get("titles");
    for (const id in polys) {
      const text = titles[id] || "";
      if ((shownTitle[id] || "") === text) continue;
      const p = polys[id];
      for (const old of Array.from(p.querySelectorAll("title"))) old.remove();
      if (text) mk("title", {}, p).textContent = text;
      shownTitle[id] = text;
    }
    bump();
  }
  // a layer of markers keyed by what they draw: `items` is [[key, build(parent)], ...] in drawing
  // order; nodes of a key already shown are kept, the others are built, the gone ones removed
  const shownMarks = {};
  function drawMarks(layer, items) {
    const old = shownMarks[layer] || new Map(), now = new Map(), seen = {};
    items = items.map(([key, build]) => {  // the same drawing twice: two keys
      seen[key] = (seen[key] || 0) + 1;
      return [key + "#" + seen[key], build];
    });
    const oldKeys = [...old.keys()];
    if (oldKeys.length === items.length && items.every(([key], i) => oldKeys[i] === key)) { bump(); return; }
    const g = layers[layer], nodes = [];
    for (const [key, build] of items) {
      let group = old.get(key);
      if (!group) {
        const frag = document.createDocumentFragment();
        build(frag);
        group = Array.from(frag.childNodes);
      }
      now.set(key, group);
      nodes.push(...group);
    }
    for (const [key, group] of old) if (now.get(key) !== group) for (const n of group) n.remove();
    // keep kept nodes in place; insert the new ones in drawing order
    let prev = null;
    for (const n of nodes) {
      const want = prev ? prev.nextSibling : g.firstChild;
      if (n !== want) g.insertBefore(n, want);
      prev = n;
    }
    shownMarks[layer] = now;
    bump();
  }
  function drawHighlights() {
    const cells = model.get("cells");
    drawMarks("highlights", model.get("highlights").filter((id) => cells[id]).map((id) => [id + "|" + cells[id][0],
      (parent) => { mk("polygon", { points: cells[id][0], class: "kl-hl" }, parent); }]));
  }
  function drawOutlines() {
    drawMarks("outlines", model.get("outlines").map(([d, stroke, title]) => [JSON.stringify([d, stroke, title]),
      (parent) => {
        const p = mk("path", { d, stroke, class: "kl-outline", "fill-rule": "evenodd" }, parent);
        if (title) mk("title", {}, p).textContent = title;
      }]));
  }
  function drawTokens() {
    const cells = model.get("cells"), stacks = model.get("stacks"), size = model.get("size");
    const r = size * 0.4;
    drawMarks("tokens", Object.keys(stacks).filter((id) => cells[id]).map((id) => {
      const [fill, n, ink, mark] = stacks[id];
      const cx = cells[id][1], cy = cells[id][2] + size * 0.12;
      return [JSON.stringify([id, cx, cy, r, fill, n, ink, mark]), (parent) => {
        for (let i = Math.min(n, 3) - 1; i >= 0; i--) {  // side by side (STACK_STEP), the front one last
          mk("circle", { cx: cx + i * STACK_STEP, cy, r, fill, class: "kl-token",
                         "data-token": id }, parent);
        }
        if (mark || n > 1) {
          const tx = mk("text", { x: cx, y: cy + r * 0.35, fill: ink, class: "kl-count",
                                  "font-size": r * 1.1 }, parent);
          tx.textContent = mark || String(n);
        }
      }];
    }));
  }
  function drawPips() {
    const cells = model.get("cells"), pips = model.get("pips"), size = model.get("size");
    const r = size * 0.22;
    drawMarks("pips", Object.keys(pips).filter((id) => cells[id]).map((id) => {
      const cols = pips[id], n = cols.length;
      const cx = cells[id][1], cy = cells[id][2] + size * 0.15;
      return [JSON.stringify([id, cx, cy, r, cols]), (parent) => {
        cols.forEach((fill, i) => {
          mk("circle", { cx: cx + (i - (n - 1) / 2) * r * 2.2, cy, r, fill, class: "kl-pip",
                         "data-pip": id }, parent);
        });
      }];
    }));
  }
  // el > hint, box > svg, caption (see the module's docstring)
  const hint = document.createElement("div"), box = document.createElement("div"),
        caption = document.createElement("div");
  hint.className = "kl-hex-hint"; box.className = "kl-hex-box"; caption.className = "kl-hex-caption";
  hint.hidden = caption.hidden = true;
  box.appendChild(svg);
  // labels drawn smaller than `min_label_px` CSS px (the board scaled down to a narrow column) are
  // hidden: the view gets the class kl-hex-small-labels (0: labels are always drawn)
  function labelSize() {
    const vb = svg.viewBox && svg.viewBox.baseVal, wide = svg.getBoundingClientRect().width;
    const px = vb && vb.width > 0 && wide > 0 ? model.get("size") * model.get("label_scale") * wide / vb.width : null;
    const small = px !== null && px < (model.get("min_label_px") || 0);
    el.classList.toggle("kl-hex-small-labels", small);
    const said = px === null ? null : px.toFixed(2);  // written only when it changes (edges runs on each scroll)
    if (el.getAttribute("data-label-px") !== said) {
      if (said === null) el.removeAttribute("data-label-px"); else el.setAttribute("data-label-px", said);
    }
  }
  function edges() {
    labelSize();
    const ox = getComputedStyle(box).overflowX;
    const scrolls = (ox === "auto" || ox === "scroll") && box.scrollWidth > box.clientWidth + 1;
    el.classList.toggle("kl-hex-scrolls", scrolls);
    box.classList.toggle("kl-more-left", scrolls && box.scrollLeft > 1);
    box.classList.toggle("kl-more-right", scrolls && box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    // the hint says how to read the board: swipe (while it scrolls sideways), else tap a cell for its
    // name (while its labels are too small to draw: the board shows no name and no sign of the tap)
    const small = el.classList.contains("kl-hex-small-labels");
    const words = (scrolls ? model.get("scroll_hint") : small ? model.get("small_hint") : "") || "";
    if (hint.textContent !== words) hint.textContent = words;
    if (hint.hidden !== !words) hint.hidden = !words;
  }
  box.addEventListener("scroll", edges, { passive: true });
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(edges);
  if (resized) { resized.observe(box); resized.observe(svg); }
  let named = null, marked = null;
  function drawCaption() {
    const lead = model.get("tap_names") || "", title = named === null ? "" : (model.get("titles")[named] || "");
    caption.textContent = lead && title ? lead + title : "";
    caption.hidden = !caption.textContent;
    if (named !== null) caption.setAttribute("data-cell", named); else caption.removeAttribute("data-cell");
    const now = !caption.hidden && polys[named] ? polys[named] : null;
    if (marked !== now) {
      if (marked) marked.classList.remove("kl-named");
      if (now) now.classList.add("kl-named");
      marked = now;
    }
  }
  // A play board whose cell click takes an action (settle > 0) takes no click from the reader for
  // 'settle' ms after its decision changed: the second click of a quick double click took a move on the
  // position the bots' answer had just drawn.  The cells ignore the pointer meanwhile (an animation,
  // restarted at each decision: nothing to undo later) and a trusted click that still comes is dropped.
  let fresh = -1e9;
  const settle = () => model.get("settle") || 0;
  const restart = () => {
    if (settle() <= 0) return;
    fresh = performance.now();
    svg.style.setProperty("--kl-settle", settle() + "ms");
    svg.classList.remove("kl-settle");
    void svg.getBoundingClientRect();  // a reflow: the animation starts again
    svg.classList.add("kl-settle");
  };
  svg.addEventListener("click", (e) => {
    const target = e.target.closest ? e.target.closest("[data-cell]") : null;
    if (!target) return;
    if (e.isTrusted && performance.now() - fresh < settle() - 50) return;
    named = target.getAttribute("data-cell");
    drawCaption();
    model.send({ event: "click", cell: named, decision: model.get("decision") });
  });
  const handlers = [
    ["change:cells change:view_box change:size change:width change:label_scale", () => {
      drawCells(); drawHighlights(); drawTokens(); drawPips();
      if (named !== null && !model.get("cells")[named]) named = null;
      drawCaption(); edges();
    }],
    ["change:pips", drawPips],
    ["change:coords", drawCoords],
    ["change:fills change:default_fill", drawFills],
    ["change:titles", () => { drawTitles(); drawCaption(); }],
    ["change:tap_names", drawCaption],
    ["change:scroll_hint change:small_hint", edges],
    ["change:min_label_px", edges],
    ["change:highlights", drawHighlights],
    ["change:outlines", drawOutlines],
    ["change:stacks", drawTokens],
    ["change:decision", restart],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);
  drawCells(); drawHighlights(); drawOutlines(); drawTokens(); drawPips();
  el.append(hint, box, caption);
  edges();
  return () => {
    for (const [ev, fn] of handlers) model.off(ev, fn);
    if (resized) resized.disconnect();
  };
}
export default { render };
""".replace("__STACK_STEP__", repr(STACK_STEP))

# A box that scrolls sideways fades on each side holding more board (a mask stays with the box while
# the board moves under it): a fresh user at 390 px read New World's cut-off play map as the whole map.
_CSS = f"""
.kl-hexboard {{ width: 100%; height: auto; user-select: none; font-family: {THAI_FONT}; }}
.kl-hexboard .kl-cell {{ stroke: {STROKE}; stroke-width: 1; cursor: pointer; }}
.kl-hexboard .kl-cell:hover, .kl-hexboard .kl-cell.kl-named {{ stroke: #000; stroke-width: 2; }}
.kl-hexboard.kl-settle [data-cell] {{ animation: kl-hex-settle var(--kl-settle, 400ms) linear; }}
@keyframes kl-hex-settle {{ from {{ pointer-events: none; }} to {{ pointer-events: none; }} }}
.kl-hexboard .kl-hl {{ fill: none; stroke: #e0a800; stroke-width: 4; pointer-events: none; }}
.kl-hexboard .kl-outline {{ fill: none; stroke-width: 3.5; stroke-linejoin: round;
  pointer-events: none; }}
.kl-hexboard .kl-token, .kl-hexboard .kl-pip {{ stroke: #222; stroke-width: 1; pointer-events: none; }}
.kl-hexboard .kl-count, .kl-hexboard .kl-label {{ text-anchor: middle; pointer-events: none;
  font-weight: bold; }}
.kl-hexboard .kl-label {{ fill: #6b5d45; font-weight: normal;
  stroke: #fff; stroke-opacity: .75; stroke-width: 2px; paint-order: stroke; }}
.kl-hex-small-labels .kl-hexboard .kl-labels {{ display: none; }}
.kl-hexboard .kl-coord {{ text-anchor: middle; pointer-events: none; fill: #222; fill-opacity: .85;
  stroke: #fff; stroke-opacity: .6; stroke-width: 1.5px; paint-order: stroke; font-family: Arial, sans-serif; }}
.kl-hex-hint, .kl-hex-caption {{ font-family: {THAI_FONT}; font-size: 13px; line-height: 1.4; color: #444;
  margin: 2px 0; overflow-wrap: anywhere; }}
.kl-hex-hint {{ color: #2a4d69; }}
.kl-more-left {{ --kl-l: #0004; }} .kl-more-right {{ --kl-r: #0004; }}
.kl-hex-box:is(.kl-more-left, .kl-more-right) {{ mask-image: linear-gradient(to right, var(--kl-l, #000),
  #000 44px, #000 calc(100% - 44px), var(--kl-r, #000)); }}
"""


class HexBoard(anywidget.AnyWidget):
    """A clickable SVG hex board (pointy-top, axial ``(q, r)`` cells).

    Parameters: ``cells`` (iterable of axial cells), ``size`` (centre-to-corner radius in
    pixels), ``labels`` (optional ``{cell: text}``), ``width`` (maximum display width, px).
    Use :meth:`set_fills`, :meth:`set_stacks`, :meth:`set_highlights`, :meth:`set_outlines`
    (or :meth:`update` to change several in one message) and :meth:`on_click`.
    """

    _esm = _ESM
    _css = _CSS

    cells = t.Dict().tag(sync=True)
    view_box = t.Unicode("0 0 100 100").tag(sync=True)
    size = t.Float(28.0).tag(sync=True)
    width = t.Int(640).tag(sync=True)
    default_fill = t.Unicode(DEFAULT_FILL).tag(sync=True)
    fills = t.Dict().tag(sync=True)
    stacks = t.Dict().tag(sync=True)
    highlights = t.List().tag(sync=True)
    outlines = t.List().tag(sync=True)
    pips = t.Dict().tag(sync=True)
    titles = t.Dict().tag(sync=True)
    """``{cell_id: text}``: a cell's hover text (an SVG ``<title>``), e.g. an action's score."""
    scroll_hint = t.Unicode("").tag(sync=True)
    """A line over the board shown only while its box scrolls sideways (a page's CSS made the board
    wider than its column: ``overflow-x: auto`` on ``.kl-hex-box``), e.g. "swipe the map sideways";
    ``""``: none."""
    small_hint = t.Unicode("").tag(sync=True)
    """The hint line over the board while its labels are hidden as too small (:attr:`min_label_px`)
    and it does not scroll sideways, e.g. "tap a cell to see its name"; ``""``: none."""
    tap_names = t.Unicode("").tag(sync=True)
    """Lead words of a line under the board naming the cell last clicked (tapped) by its hover text
    (:attr:`titles`: a phone has no hover), e.g. ``"ช่องที่แตะ / tapped cell: "``; ``""``: no line."""
    coords = t.Bool(False).tag(sync=True)
    """Whether each cell shows its axial ``q,r`` (small, light, at the cell's bottom); off by default
    (a page turns it on with a toggle of its own, e.g. New World's "แสดงพิกัด / show coordinates")."""
    label_scale = t.Float(LABEL_SCALE).tag(sync=True)
    """A label's font size as a share of :attr:`size` (the cell's centre-to-corner radius): its
    baseline sits ``0.73 - label_scale / 2`` of the size above the cell's centre, the text inside
    the cell's top (0.55 at the default: as before).  A board whose labels are the only name of its
    cells (Shadow Master's "E4") draws them larger (:data:`widgets.shadow_master.live_board.LABEL_SCALE`)."""
    min_label_px = t.Float(0.0).tag(sync=True)
    """Labels drawn smaller than this many CSS px (the board scaled down to a narrow column: its SVG
    scales to the width) are hidden (the view's class ``kl-hex-small-labels``; its attribute
    ``data-label-px`` says the size they would be drawn at); ``0``: labels are always drawn."""
    decision = t.Int(0).tag(sync=True)
    """The decision the board shows (set by a play view); a click carries it back, so a click made
    on an older picture can be told from one on the current picture (:attr:`clicked_decision`)."""
    settle = t.Int(0).tag(sync=True)
    """Milliseconds after :attr:`decision` changed in which the board takes no click from the reader
    (a board whose cell click takes an action; 0: at once)."""

    def __init__(self, cells: Iterable[Hex], size: float = 28.0,
                 labels: Mapping[Hex, str] | None = None, width: int = 640, **kwargs):
        super().__init__(size=float(size), width=int(width), **kwargs)
        self._hexes: dict[str, Hex] = {}
        self._click_callbacks: list[Callable[[Hex], None]] = []
        self.clicked_decision = 0
        self.set_cells(cells, labels)
        self.on_msg(self._on_custom_msg)

    # -- geometry -------------------------------------------------------------------------
    def set_cells(self, cells: Iterable[Hex], labels: Mapping[Hex, str] | None = None) -> None:
        """Set the board's cells (and optional labels); recomputes geometry and view box."""
        labels = dict(labels or {})
        hexes = {cell_id(h): (int(h[0]), int(h[1])) for h in cells}
        geo, minx, miny, maxx, maxy = {}, float("inf"), float("inf"), -float("inf"), -float("inf")
        for cid, h in hexes.items():
            corners = hexgrid.hex_corners(h, self.size)
            cx, cy = hexgrid.hex_center(h, self.size)
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            minx, miny, maxx, maxy = min(minx, *xs), min(miny, *ys), max(maxx, *xs), max(maxy, *ys)
            geo[cid] = [corners_str(corners), round(cx, 1), round(cy, 1), str(labels.get(h, ""))]
        pad = self.size * 0.2
        self._hexes = hexes
        with self.hold_sync():
            self.cells = geo
            if geo:
                self.view_box = " ".join(_fmt(v) for v in (minx - pad, miny - pad,
                                                           maxx - minx + 2 * pad,
                                                           maxy - miny + 2 * pad))

    @property
    def hexes(self) -> list[Hex]:
        """The board's cells as axial tuples."""
        return list(self._hexes.values())

    def _known(self, h: Hex) -> str:
        cid = cell_id(h)
        if cid not in self._hexes:
            raise KeyError(f"cell {h} is not on this board")
        return cid

    # -- state (each setter sends only its own trait, and only when it changed) ---------
    def set_fills(self, fills: Mapping[Hex, str]) -> None:
        """Background colour per cell (others use ``default_fill``)."""
        self.fills = {self._known(h): str(c) for h, c in fills.items()}

    def set_stacks(self, stacks: Mapping[Hex, tuple]) -> None:
        """Token stacks: ``{cell: (css colour, count)}`` or ``(css colour, count, mark)``: the
        mark (a letter) is written on the token instead of the count; count 0 removes the stack."""
        self.stacks = {self._known(h): [str(s[0]), int(s[1]), text_colour(str(s[0])), *[str(m) for m in s[2:3]]]
                       for h, s in stacks.items() if int(s[1]) > 0}

    def set_highlights(self, cells: Iterable[Hex]) -> None:
        """Cells drawn with a thick highlight border."""
        self.highlights = sorted(self._known(h) for h in cells)

    def set_outlines(self, groups: Iterable[tuple[Iterable[Hex], str, str]]) -> None:
        """Group outlines: ``[(cells, stroke colour, title)]``; each outline is the union of
        the group's cell polygons (one path, holes kept)."""
        out = []
        for cells, stroke, title in groups:
            cells = [h for h in cells if cell_id(h) in self._hexes]
            if cells:
                out.append([rings_path(hexgrid.outline_rings(cells, self.size)),
                            str(stroke), str(title)])
        self.outlines = out

    def set_titles(self, titles: Mapping[Hex, str]) -> None:
        """Hover text per cell (``{cell: text}``; others have none)."""
        self.titles = {self._known(h): str(text) for h, text in titles.items() if str(text)}

    def set_pips(self, pips: Mapping[Hex, Iterable[str]]) -> None:
        """Small round markers per cell, one per css colour (e.g. alliance tokens)."""
        self.pips = {self._known(h): [str(c) for c in cols] for h, cols in pips.items() if list(cols)}

    def update(self, *, fills=None, stacks=None, highlights=None, outlines=None, pips=None) -> None:
        """Change several layers in one message (``None`` leaves a layer as it is)."""
        with self.hold_sync():
            if pips is not None:
                self.set_pips(pips)
            if fills is not None:
                self.set_fills(fills)
            if stacks is not None:
                self.set_stacks(stacks)
            if highlights is not None:
                self.set_highlights(highlights)
            if outlines is not None:
                self.set_outlines(outlines)

    # -- clicks -------------------------------------------------------------------------
    def on_click(self, callback: Callable[[Hex], None], remove: bool = False) -> None:
        """Register ``callback(cell)`` for clicks on a cell (``remove=True`` unregisters)."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def click(self, h: Hex, decision: int | None = None) -> None:
        """Act as if the reader clicked ``h`` on the picture of ``decision`` (default: the current
        one); for tests and scripted demos."""
        self._on_custom_msg(self, {"event": "click", "cell": cell_id(h),
                                   "decision": self.decision if decision is None else decision}, [])

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        # (Not ``_handle_msg``: that is ipywidgets' own entry point for every comm message.)
        # Validate kernel-side: a browser can send anything.
        if not isinstance(content, dict) or content.get("event") != "click":
            return
        h = self._hexes.get(str(content.get("cell")))
        if h is None:
            return
        d = content.get("decision", self.decision)
        self.clicked_decision = d if isinstance(d, int) and not isinstance(d, bool) else -1
        for cb in list(self._click_callbacks):
            cb(h)

    # -- export -------------------------------------------------------------------------
    def to_svg(self) -> str:
        """The current picture as a standalone SVG document (UTF-8 string, print-ready)."""
        e = html.escape
        size = self.size
        vb = self.view_box.split()
        w, h = float(vb[2]), float(vb[3])
        out = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{e(self.view_box)}" '
            f'width="{_fmt(w)}" height="{_fmt(h)}" font-family="{e(THAI_FONT)}">',
            '<g class="kl-cells">',
        ]
        for cid, (pts, _cx, _cy, _label) in self.cells.items():
            fill = self.fills.get(cid, self.default_fill)
            title = self.titles.get(cid)
            out.append(f'<polygon class="kl-cell" data-cell="{e(cid)}" points="{pts}" '
                       f'fill="{e(fill)}" stroke="{STROKE}" stroke-width="1"'
                       + (f'><title>{e(title)}</title></polygon>' if title else '/>'))
        out.append('</g><g class="kl-highlights">')
        for cid in self.highlights:
            out.append(f'<polygon points="{self.cells[cid][0]}" fill="none" stroke="#e0a800" '
                       'stroke-width="4"/>')
        out.append('</g><g class="kl-outlines">')
        for d, stroke, title in self.outlines:
            out.append(f'<path d="{d}" fill="none" fill-rule="evenodd" stroke="{e(stroke)}" '
                       f'stroke-width="3.5" stroke-linejoin="round"><title>{e(title)}</title></path>')
        out.append('</g><g class="kl-tokens">')
        r = size * 0.4
        for cid, (fill, n, ink, *mark) in self.stacks.items():
            if cid not in self.cells:
                continue
            cx, cy = self.cells[cid][1], self.cells[cid][2] + size * 0.12
            for i in range(min(n, 3) - 1, -1, -1):  # side by side (STACK_STEP), the front one last
                out.append(f'<circle cx="{_fmt(cx + i * STACK_STEP)}" cy="{_fmt(cy)}" '
                           f'r="{_fmt(r)}" fill="{e(fill)}" stroke="#222"/>')
            if mark or n > 1:
                out.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy + r * 0.35)}" fill="{ink}" '
                           f'font-size="{_fmt(r * 1.1)}" text-anchor="middle" '
                           f'font-weight="bold">{e(mark[0]) if mark else n}</text>')
        out.append('</g><g class="kl-pips">')
        for cid, cols in self.pips.items():
            if cid not in self.cells:
                continue
            cx, cy, n, pr = self.cells[cid][1], self.cells[cid][2] + size * 0.15, len(cols), size * 0.22
            for i, fill in enumerate(cols):
                out.append(f'<circle cx="{_fmt(cx + (i - (n - 1) / 2) * pr * 2.2)}" cy="{_fmt(cy)}" '
                           f'r="{_fmt(pr)}" fill="{e(fill)}" stroke="#222"/>')
        out.append('</g><g class="kl-labels">')
        for cid, (_pts, cx, cy, label) in self.cells.items():
            if label:
                out.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy - size * (0.73 - self.label_scale / 2))}" fill="#6b5d45" '
                           'stroke="#fff" stroke-opacity=".75" stroke-width="2" paint-order="stroke" '
                           f'font-size="{_fmt(size * self.label_scale)}" text-anchor="middle">{e(label)}</text>')
        out.append('</g><g class="kl-coords">')
        for cid, (_pts, cx, cy, _label) in (self.cells.items() if self.coords else ()):
            out.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy + size * 0.74)}" fill="#222" fill-opacity=".85" '
                       f'font-size="{_fmt(size * 0.46)}" text-anchor="middle">{e(cid)}</text>')
        out.append("</g></svg>")
        return "\n".join(out)
