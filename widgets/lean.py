"""Heavy optional imports a page's kernel puts off until something really uses them.

Every ``go.FigureWidget`` imports ``plotly.basewidget``, which imports ``plotly.io._renderers``,
which imports ``nbformat`` at once (through plotly's ``optional_imports.get_module``) only to
check its version before a ``fig.show()`` in a mime renderer.  nbformat imports jsonschema, which
imports ``rfc3987_syntax``, which builds a lark grammar when imported: 26.5 MiB of a kernel's
memory (measured after ipywidgets and numpy: ``import nbformat`` +26.5 MiB, of which
``rfc3987_syntax`` alone +20.1) for a check no page makes: the pages draw FigureWidgets and never
call ``fig.show()``.

:func:`install` (run when :mod:`widgets` is imported, before plotly is) makes plotly's optional
import of the modules in :data:`DEFERRED` a stand-in module that imports the real one the first
time one of its attributes is read (``nbformat.__version__`` in ``fig.show()``), so a notebook
that does show a plain figure still gets nbformat, and plotly sees it as installed.  A kernel that
imported plotly's renderers before :mod:`widgets` keeps what plotly already has.

:func:`trim_after_cells` (also run on import, in an IPython kernel on glibc): once the cells stop
running (half a second after the last one, so once after a whole notebook), freed heap memory is
handed back to the system (``malloc_trim``).  A notebook's first answers free much of what they
allocated (the analyzer's 550 games: the kernel kept 21 MiB of freed heap, 218 -> 197 MiB), and a
pooled kernel waits with it for its visitor.

:func:`defer_pyarrow` (run on import, in an IPython kernel only, before pandas is imported):
pandas 3 imports pyarrow when pandas is imported, if it is installed, to back its string columns
with it: +34 MiB in every page's kernel that imports pandas (measured: ``import pandas`` 68 MiB
with pyarrow, 34 without), for the one thing a page uses pyarrow for, the analyzer's Parquet
download.  In a page's kernel pyarrow is marked as not importable until :func:`allow` is called
(the Parquet download calls it first); pandas then backs strings with Python objects (the same
values: the CSV and Parquet a reader downloads are unchanged).  The analyzer's pool processes
do the same when their parent did (:func:`rules.analysis.simulate.local_pool`), so the tables
they send back unpickle without pyarrow.  Scripts, tests and the CLI import pyarrow as usual.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import importlib
import sys
import threading
import types

DEFERRED = frozenset({"nbformat"})
"""Modules plotly's ``optional_imports.get_module`` hands out as :class:`OnFirstUse` stand-ins."""


class OnFirstUse(types.ModuleType):
    """Stands in for module ``name``: reading any attribute imports the module (once: the import
    system caches it) and answers from it.  Truthy, like a module."""

    def __getattr__(self, attr):  # only for names this stand-in does not hold itself
        return getattr(importlib.import_module(self.__name__), attr)


def install() -> None:
    """Wrap plotly's ``get_module`` once so that :data:`DEFERRED` modules not yet imported come
    back as :class:`OnFirstUse` stand-ins (see the module docstring).  Does nothing once plotly's
    renderers are imported, or without plotly."""
    if "plotly.io._renderers" in sys.modules:
        return
    try:
        from _plotly_utils import optional_imports
    except ImportError:
        return
    get = optional_imports.get_module
    if getattr(get, "_kotika_deferred", False):
        return

    def get_module(name, should_load=True):
        if should_load and name in DEFERRED and name not in sys.modules:
            return OnFirstUse(name)
        return get(name, should_load)

    get_module._kotika_deferred = True
    get_module.__wrapped__ = get
    optional_imports.get_module = get_module
    # plotly.optional_imports re-exports the function by name: patch it too if it is loaded
    # (``import plotly`` alone does not load it; plotly.io._renderers reads it at call time)
    loaded = sys.modules.get("plotly.optional_imports")
    if loaded is not None and getattr(loaded, "get_module", None) is get:
        loaded.get_module = get_module


TRIM_DELAY = 0.5
"""Seconds without a new cell before :func:`trim_after_cells` trims (one trim per notebook)."""


def _malloc_trim():
    name = ctypes.util.find_library("c")
    if not name or not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):  # not glibc (musl has no malloc_trim)
        return None


def trim_after_cells(shell=None) -> bool:
    """In an IPython shell (``shell``, else the running one), hand freed heap memory back to the
    system :data:`TRIM_DELAY` seconds after the last cell ran (``post_execute``; a later cell
    restarts the wait).  ``False`` when there is no shell or no ``malloc_trim`` (not glibc)."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    trim = _malloc_trim()
    if shell is None or trim is None or getattr(shell, "_kotika_trim", False):
        return bool(shell is not None and trim is not None)
    timer: list[threading.Timer] = []

    def arm():
        for t in timer:
            t.cancel()
        timer[:] = [threading.Timer(TRIM_DELAY, trim, args=(0,))]
        timer[0].daemon = True
        timer[0].start()

    shell.events.register("post_execute", arm)
    shell._kotika_trim = True
    return True


def defer_pyarrow(shell=None) -> bool:
    """In an IPython shell (``shell``, else the running one) where neither pandas nor pyarrow is
    imported yet: pyarrow is not importable until :func:`allow` (see the module docstring).
    Returns whether it is deferred now."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:
            return False
        shell = get_ipython()
    if shell is None or "pandas" in sys.modules or "pyarrow" in sys.modules:
        return sys.modules.get("pyarrow", 0) is None
    sys.modules["pyarrow"] = None  # the import system's "not importable" mark
    return True


def deferred(name: str = "pyarrow") -> bool:
    """Whether ``name`` is held back by :func:`defer_pyarrow`."""
    return name in sys.modules and sys.modules[name] is None


def allow(name: str = "pyarrow") -> None:
    """Make ``name`` importable again (the next ``import`` loads it)."""
    if deferred(name):
        del sys.modules[name]
