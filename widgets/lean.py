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
"""
from __future__ import annotations

import importlib
import sys
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
