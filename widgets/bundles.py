"""Widget JavaScript fetched once per page, not sent in every widget's state.

An anywidget carries its JavaScript module in its synced ``_esm`` trait: every instance sends the
whole module over the kernel websocket and the browser evaluates it again for each one (a ``blob:``
module per widget).  plotly 7's ``go.FigureWidget`` is such a widget and its module is plotly.js
itself (``plotly/package_data/widgetbundle.js``, 4.96 MB): the New World page sent it once, the
analyzer page, with eleven charts, eleven times (55 MB); the hex board's and the URL keeper's
modules are small but go with every board.

Under the dashboard's server (``widgets/serve.py``) those modules are files served once, with a
content hash in their name and a year-long cache (``<base_url>kl-static/<name>.<hash>.js``), and
each widget's ``_esm`` is a shim of a few hundred bytes (:func:`shim`) that imports the file: the
browser fetches and evaluates it once per page (once per browser, from its cache, afterwards).
The served FigureWidget module is plotly's own with the plotly.js it embeds swapped for the
official *basic* partial bundle (scatter, bar, pie: every trace type the pages draw), vendored in
``widgets/vendor/`` (:data:`PLOTLY_PARTIAL`, :func:`with_partial_plotly`): 1.31 MB instead of
4.96 MB, 0.44 MB gzipped instead of 1.51.  Outside the server the widgets keep plotly's full
module.

The analyzer's charts are no FigureWidgets: :class:`widgets.chart.Chart` draws a figure dict
with the same partial plotly.js (bundle ``plotly-chart``: 1.19 MB, no plotly in the kernel).

The server announces the files to its kernels in the environment variable :data:`ENV`; a kernel
without it (JupyterLab, ``nbconvert``, the tests that execute notebooks) keeps the inline modules,
and so does a kernel whose module differs from the one the server serves (code changed after the
server started): the file name's hash is compared.

:func:`install` (run when :mod:`widgets` is imported, before any widget is made) wraps
``anywidget.AnyWidget.__init__``: an instance of a class listed in :data:`BUNDLES`, or of a
subclass that keeps its ``_esm``, gets the shim.  plotly is never imported for it.
"""
from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

ENV = "KOTIKA_BUNDLES"
"""Set by the server for its kernels: JSON ``{"base": "<base_url>kl-static/", "files":
{bundle name: file name}}``."""

ROUTE = "kl-static"
"""The URL folder (under Voila's base url) the bundles are served from."""

FILE_NAME = re.compile(r"^([a-z0-9_-]+)\.([0-9a-f]{16})\.js$")
"""A served file's name: ``<bundle>.<first 16 hex digits of the sha256 of its text>.js``."""


PLOTLY_PARTIAL = Path(__file__).resolve().parent / "vendor" / "plotly-basic-4.1.1.min.js"
"""plotly.js's official *basic* partial bundle (npm ``plotly.js-basic-dist-min`` 4.1.1, MIT,
``widgets/vendor/README.md``): the trace types ``scatter``, ``bar`` and ``pie`` and every
layout part (axes, shapes, annotations, error bars, legends), 1.19 MB against the full
bundle's 4.8 MB (395 kB gzipped against 1.5 MB).  The project's charts use ``scatter`` and
``bar`` only (:data:`PARTIAL_TRACES`; ``tests/test_bundles.py`` checks every chart)."""

PARTIAL_TRACES = frozenset({"scatter", "bar", "pie"})
"""The trace types :data:`PLOTLY_PARTIAL` draws; a chart of another type would draw nothing."""

# plotly's widgetbundle.js is an esbuild ES module holding plotly.js as its one CommonJS module,
# ``var <m>=<cjs>((<exports>,<module>)=>{<plotly.js's UMD>});``, followed by lodash-es and the
# FigureWidget's code, which uses only that module's export (newPlot, react, restyle, ...).
# The UMD's opening and closing, as esbuild prints them:
_UMD_OPEN = re.compile(
    r'var ([\w$]+)=([\w$]+)\(\(([\w$]+),([\w$]+)\)=>\{\(function\(([\w$]+),([\w$]+)\)\{typeof '
    r'\4=="object"&&\4\.exports\?\4\.exports=\6\(\):\5\.moduleName=\6\(\)\}\)\(typeof self<"u"\?'
    r'self:\3,\(\)=>\{')
_UMD_CLOSE = re.compile(r'return window\.Plotly=([\w$]+),\1\}\)\}\);')
_EMBEDDED_VERSION = re.compile(r'\.version="(\d+)\.(\d+)\.(\d+)"')
_PARTIAL_VERSION = re.compile(r'plotly\.js \(basic - minified\) v(\d+)\.(\d+)\.(\d+)')


def with_partial_plotly(bundle: str, partial: str) -> str | None:
    """plotly's FigureWidget module ``bundle`` (``widgetbundle.js``) with the full plotly.js it
    embeds replaced by ``partial`` (a plotly.js UMD dist file, e.g. :data:`PLOTLY_PARTIAL`), or
    ``None`` when ``bundle`` is not laid out as expected (another plotly release) or embeds a
    plotly.js of another major version than ``partial``: the caller then keeps ``bundle``.

    The partial UMD runs where the embedded one ran, inside esbuild's CommonJS wrapper, with
    ``module``/``exports`` bound to that wrapper's: its ``module.exports = factory()`` is the
    export the widget code reads."""
    opened = _UMD_OPEN.search(bundle)
    if opened is None:
        return None
    closed = _UMD_CLOSE.search(bundle, opened.end())
    if closed is None:
        return None
    mine = _EMBEDDED_VERSION.search(bundle, opened.end(), closed.start())
    theirs = _PARTIAL_VERSION.search(partial)
    if mine is None or theirs is None or mine.group(1) != theirs.group(1):
        return None
    name, cjs, exports, module = opened.group(1, 2, 3, 4)
    return (bundle[:opened.start()]
            + f"var {name}={cjs}(({exports},{module})=>{{var module={module},exports={exports};\n"
            + partial + "\n});" + bundle[closed.end():])


def _plotly_widget_full_js() -> str:
    spec = importlib.util.find_spec("plotly")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("plotly is not installed")
    folder = Path(next(iter(spec.submodule_search_locations)))
    return (folder / "package_data" / "widgetbundle.js").read_text(encoding="utf-8")


def _plotly_widget_js() -> str:
    """The FigureWidget module the server serves: plotly's own with the partial plotly.js
    (:func:`with_partial_plotly`), else plotly's own."""
    full = _plotly_widget_full_js()
    try:
        partial = PLOTLY_PARTIAL.read_text(encoding="utf-8")
    except OSError:
        return full
    return with_partial_plotly(full, partial) or full


def _chart_js() -> str:
    from .chart import module_js
    return module_js()


def _hexboard_js() -> str:
    from .hexboard import _ESM
    return _ESM


def _url_state_js() -> str:
    from .deeplink import _URL_ESM
    return _URL_ESM


def _when_seen_js() -> str:
    from .lazy import _SEEN_ESM
    return _SEEN_ESM


def _choice_board_js() -> str:
    from .choiceboard import _ESM
    return _ESM


def _story_clicks_js() -> str:
    from .eventlog import _CLICKS_ESM
    return _CLICKS_ESM


def _event_picker_js() -> str:
    from .eventlog import _PICK_ESM
    return _PICK_ESM


def _file_picker_js() -> str:
    from .filepicker import _ESM
    return _ESM


def _link_js() -> str:
    from .sharing import _LINK_ESM
    return _LINK_ESM


def _files_js() -> str:
    from .sharing import _FILES_ESM
    return _FILES_ESM


@dataclass(frozen=True)
class Bundle:
    """A widget module served as a file: ``classes`` are the ``module.QualName`` of the anywidget
    classes whose ``_esm`` it is, ``source`` reads its text (the same text the class sends)."""

    name: str
    classes: tuple[str, ...]
    source: Callable[[], str]


BUNDLES: dict[str, Bundle] = {b.name: b for b in (
    Bundle("plotly-widget", ("plotly.basewidget.BaseFigureWidget",), _plotly_widget_js),
    Bundle("plotly-chart", ("widgets.chart.Chart",), _chart_js),
    Bundle("hexboard", ("widgets.hexboard.HexBoard",), _hexboard_js),
    Bundle("url-state", ("widgets.deeplink.UrlState",), _url_state_js),
    Bundle("when-seen", ("widgets.lazy.WhenSeen",), _when_seen_js),
    # the small modules of the widgets a page holds several of (a play table's two choice pictures,
    # each event log's picker and story clicks, each share row's links and files): each instance
    # sent its module and the browser evaluated it once per instance
    Bundle("choice-board", ("widgets.choiceboard.ChoiceBoard",), _choice_board_js),
    Bundle("story-clicks", ("widgets.eventlog.StoryClicks",), _story_clicks_js),
    Bundle("event-picker", ("widgets.eventlog.EventPicker",), _event_picker_js),
    Bundle("file-picker", ("widgets.filepicker.FilePicker",), _file_picker_js),
    Bundle("share-link", ("widgets.sharing.LinkHTML",), _link_js),
    Bundle("share-files", ("widgets.sharing.FilesHTML",), _files_js),
)}


def file_name(name: str, text: str) -> str:
    """The served file name of bundle ``name`` whose module text is ``text``."""
    return f"{name}.{hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]}.js"


def served_files() -> dict[str, tuple[bytes, bytes]]:
    """What the server serves: ``{file name: (module bytes, the same gzipped)}``, every bundle
    whose source can be read (plotly missing: no plotly file)."""
    out = {}
    for b in BUNDLES.values():
        try:
            text = b.source()
        except (ImportError, OSError):
            continue
        data = text.encode("utf-8")
        out[file_name(b.name, text)] = (data, gzip.compress(data, compresslevel=9, mtime=0))
    return out


def announce(base_url: str, files: dict[str, object]) -> str:
    """The value of :data:`ENV` for kernels of a server at ``base_url`` serving ``files``."""
    base = "/" + "/".join(p for p in (*base_url.split("/"), ROUTE) if p) + "/"
    names = {}
    for f in files:
        m = FILE_NAME.match(f)
        if m:
            names[m.group(1)] = f
    return json.dumps({"base": base, "files": names}, sort_keys=True)


def shim(url_path: str) -> str:
    """The ``_esm`` of a served widget: a module whose default export (anywidget calls it once per
    widget model) starts importing the served file (``url_path``, absolute on this origin; the
    browser evaluates one URL once per page) and answers at once with a widget whose
    ``initialize`` and ``render`` are the module's own, run when it has arrived.

    ``initialize`` never waits for the served module: it starts the module's ``initialize`` (run on
    arrival) and returns at once a cleanup that runs the module's own.  anywidget rejects a model
    whose ``initialize`` has not finished 2 s after the model *arrived* ("[anywidget] Failed to
    initialize model."), and a rejected model drops every later update from the kernel.  Those 2 s
    start before the shim runs at all: on a page of a hundred widgets on a busy machine (a phone,
    two shared cores) the shim's own blob module took 1.5 s to load, so the earlier 1.2 s wait for
    the served file made the Valeria page's lazy-part markers (``when-seen``) miss the limit.
    ``render`` waits for the module's ``initialize``.  (What a module's ``initialize`` returns other
    than a cleanup, anywidget's "exports", is not handed over: no served module returns any.)
    The module's widget is its default export's result when that is a function, else the default
    object, else its ``render``/``initialize``.  anywidget makes a ``blob:`` module of a non-URL
    ``_esm``, where a relative import has no base, hence ``location.origin``."""
    return (
        "export default function () {\n"
        f"  const url = new URL({json.dumps(url_path)}, window.location.origin).href;\n"
        "  const widget = import(url).then(async (m) => {\n"
        "    if (typeof m.default === 'function') return await m.default();\n"
        "    return m.default || { initialize: m.initialize, render: m.render };\n"
        "  });\n"
        "  let initialized = widget;\n"
        "  return {\n"
        "    initialize(ctx) {\n"
        "      initialized = widget.then((w) => (w.initialize ? w.initialize(ctx) : undefined));\n"
        "      initialized.catch((e) => console.error('[kotika] widget module failed', e));\n"
        "      return () => initialized.then((r) => { if (typeof r === 'function') return r(); });\n"
        "    },\n"
        "    async render(ctx) {\n"
        "      const w = await widget;\n"
        "      await initialized;\n"
        "      return w.render ? w.render(ctx) : undefined;\n"
        "    },\n"
        "  };\n"
        "}\n")


def announced() -> dict | None:
    """The server's announcement (:data:`ENV`, parsed: ``{"base": ..., "files": {...}}``), or
    ``None`` outside the dashboard's server."""
    raw = os.environ.get(ENV)
    if not raw:
        return None
    try:
        out = json.loads(raw)
        if isinstance(out.get("base"), str) and isinstance(out.get("files"), dict):
            return out
    except (ValueError, AttributeError):
        pass
    return None


@lru_cache(maxsize=None)
def served_esm(name: str) -> str | None:
    """The shim for bundle ``name`` when this kernel's server serves the same module text, else
    ``None`` (not under the server, or the texts differ: keep the inline module)."""
    found = announced()
    served = found["files"].get(name) if found is not None else None
    if not served or name not in BUNDLES:
        return None
    try:
        mine = file_name(name, BUNDLES[name].source())
    except (ImportError, OSError):
        return None
    return shim(found["base"] + served) if mine == served else None


_CLASS_BUNDLE: dict[type, str | None] = {}


def bundle_of(cls: type) -> str | None:
    """The bundle whose module ``cls`` sends: the first listed class in its MRO, provided ``cls``
    has not replaced that class's ``_esm``."""
    if cls in _CLASS_BUNDLE:
        return _CLASS_BUNDLE[cls]
    found = None
    wanted = {c: b.name for b in BUNDLES.values() for c in b.classes}
    for klass in cls.__mro__:
        name = wanted.get(f"{klass.__module__}.{klass.__qualname__}")
        if name is not None:
            if getattr(cls, "_esm", None) is klass.__dict__.get("_esm"):
                found = name
            break
    _CLASS_BUNDLE[cls] = found
    return found


def install() -> None:
    """Wrap ``anywidget.AnyWidget.__init__`` once (see the module docstring)."""
    import anywidget

    init = anywidget.AnyWidget.__init__
    if getattr(init, "_kotika_bundles", False):
        return

    def __init__(self, *args, **kwargs):
        name = bundle_of(type(self))
        esm = served_esm(name) if name is not None else None
        if esm is not None:
            # read by AnyWidget.__init__ (getattr(self, "_esm")) to make the synced trait
            self.__dict__["_esm"] = esm
        init(self, *args, **kwargs)

    __init__._kotika_bundles = True
    __init__.__wrapped__ = init
    anywidget.AnyWidget.__init__ = __init__
