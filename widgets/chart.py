"""A plotly.js chart drawn from a plain figure dict, with no plotly in the kernel.

:class:`Chart` is a small anywidget whose one synced trait, ``figure``, is a figure as plotly.js
reads it (``{"data": [trace, ...], "layout": {...}}``, JSON values only); its JavaScript draws it
with ``Plotly.react`` and redraws it when the trait changes.  plotly.js is the vendored *basic*
partial bundle (``widgets/bundles.py``: :data:`~widgets.bundles.PLOTLY_PARTIAL`, scatter, bar and
pie with every layout part), wrapped as an ES module by :func:`module_js`; under the dashboard's
server the module is a file fetched once per page (the bundle ``plotly-chart``).

Why not plotly's ``go.FigureWidget``: importing it (``plotly.graph_objects``, its validators,
``plotly.basewidget``, narwhals) cost the analyzer's kernel about 38 MiB; the figures the
analyzer draws (``widgets/analysis_charts.py``) are built as dicts instead, the same traces and
layout.  The chart sends nothing back to the kernel (no relayout, no clicks): it only draws.
"""
from __future__ import annotations

import math
from functools import lru_cache

import anywidget
import traitlets as t

from . import bundles

BUNDLE = "plotly-chart"
"""This widget's module in :data:`widgets.bundles.BUNDLES`."""

_RENDER_JS = r"""
const Plotly = __kl_module.exports;
// The modebar (shown on hover, or after a tap) lay across the chart's top, over its title: a
// chart narrower than NARROW px (a phone) shows none; a wider one keeps three buttons (download,
// zoom, reset: about 90 px at the right), which stay clear of a centred title (with pan and
// "share chart" as well, 144 px, they still covered the end of "win rate by seat" in its 600 px
// chart).  "Share chart" is gone anyway: it uploads the chart to Plotly Cloud.
const NARROW = 500;
const narrow = (el) => el.clientWidth > 0 && el.clientWidth < NARROW;
const config = (el) => ({
  editSelection: false, displaylogo: false,
  displayModeBar: narrow(el) ? false : "hover",
  modeBarButtonsToRemove: ["sendChartToCloud", "pan2d", "select2d", "lasso2d", "zoomIn2d", "zoomOut2d",
                           "autoScale2d"],
});

function render({ model, el }) {
  let drawn = Promise.resolve();
  let drawnNarrow = null;
  const draw = () => {
    // plotly.js keeps (and fills in) what it is given: a copy, never the model's own value
    const fig = JSON.parse(JSON.stringify(model.get("figure") || {}));
    drawn = drawn.then(() => {
      drawnNarrow = narrow(el);
      return Plotly.react(el, fig.data || [], fig.layout || {}, config(el));
    }).catch((e) => console.error("[kotika] chart", e));
  };
  // a chart sized by its box (layout.autosize) is redrawn when its box changes size (the page
  // lays the box out after the first drawing: a phone's box is narrower than plotly's 700 px);
  // across NARROW it is drawn again, with the other modebar
  const sizes = typeof ResizeObserver === "function" ? new ResizeObserver(() => {
    const layout = el._fullLayout;
    if (el.clientWidth > 0 && drawnNarrow !== null && narrow(el) !== drawnNarrow) {
      draw();
    } else if (layout && layout.autosize && el.clientWidth > 0 && Math.abs(layout.width - el.clientWidth) > 2) {
      drawn = drawn.then(() => Plotly.Plots.resize(el)).catch(() => {});
    }
  }) : null;
  draw();
  if (sizes) sizes.observe(el);
  model.on("change:figure", draw);
  return () => {
    model.off("change:figure", draw);
    if (sizes) sizes.disconnect();
    Plotly.purge(el);
  };
}

export default { render };
"""


def module_js() -> str:
    """The widget's ES module: the vendored plotly.js UMD run with a CommonJS ``module`` of its
    own (its ``module.exports = factory()`` is the ``Plotly`` the render code uses), then the
    render code.  Read from disk at each call (a kernel under the server hashes it once and keeps
    only the shim: :func:`widgets.bundles.served_esm`)."""
    partial = bundles.PLOTLY_PARTIAL.read_text(encoding="utf-8")
    return ("const __kl_module = { exports: {} };\n"
            "(function (module, exports) {\n" + partial + "\n}).call(globalThis, __kl_module, __kl_module.exports);\n"
            + _RENDER_JS)


@lru_cache(maxsize=1)
def _inline_js() -> str:
    """:func:`module_js`, kept for the charts of a kernel outside the server (each sends it)."""
    return module_js()


class Chart(anywidget.AnyWidget):
    """A plotly.js chart of ``figure`` (a plain dict: see the module docstring).  Assigning a new
    dict to ``figure`` redraws every view of it."""

    _esm = ""   # the module: the served shim (widgets.bundles.install), else module_js() inline
    figure = t.Dict().tag(sync=True)

    def __init__(self, figure: dict | None = None, **kwargs):
        if bundles.served_esm(BUNDLE) is None:
            self.__dict__["_esm"] = _inline_js()
        super().__init__(figure=plain(figure or {}), **kwargs)


def plain(x):
    """``x`` with only JSON values: numpy arrays, pandas Series and tuples as lists, numpy scalars
    as Python numbers, a number that is not finite (NaN, an interval that could not be computed)
    as ``None`` (plotly.js leaves the point out; a bare NaN is not JSON and the page's parser
    rejects the whole message)."""
    if isinstance(x, dict):
        return {str(k): plain(v) for k, v in x.items()}
    if isinstance(x, (str, bool)) or x is None:
        return x
    if isinstance(x, int):
        return x
    if isinstance(x, float):
        return float(x) if math.isfinite(x) else None
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    tolist = getattr(x, "tolist", None)   # numpy arrays and scalars, pandas Series and Index
    if tolist is not None:
        return plain(tolist())
    raise TypeError(f"not a JSON value in a chart: {type(x).__name__}")
