"""Heavy optional imports put off in a page's kernel (``widgets/lean.py``): a FigureWidget no
longer imports nbformat (and jsonschema, and rfc3987_syntax's lark grammar: 26 MiB), and plotly
still finds nbformat when it needs it (``fig.show()``'s version check)."""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

CHECK = r"""
import sys
import widgets  # installs the deferral before plotly is imported
import plotly.graph_objects as go
fig = go.FigureWidget(go.Figure(go.Bar(x=[1, 2], y=[3, 4])))
assert fig.data[0].type == "bar"
print("loaded", sorted(m for m in ("nbformat", "jsonschema", "lark", "rfc3987_syntax") if m in sys.modules))
import plotly.io._renderers as R
import nbformat
assert R.nbformat.__version__ == nbformat.__version__  # the stand-in answers from the real module
print("stand-in", type(R.nbformat).__name__, bool(R.nbformat))
"""


def test_a_figure_widget_does_not_import_nbformat_until_plotly_needs_it():
    out = subprocess.run([sys.executable, "-c", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "loaded []" in out.stdout and "stand-in OnFirstUse True" in out.stdout, out.stdout


def test_a_module_not_deferred_is_imported_as_before():
    from _plotly_utils import optional_imports

    import widgets  # noqa: F401 - installs the wrapper
    assert optional_imports.get_module("json").__name__ == "json"
    assert optional_imports.get_module("no_such_module_kotika") is None


def test_freed_memory_is_handed_back_once_the_cells_stop(monkeypatch):
    import time

    from widgets import lean

    calls: list[int] = []
    monkeypatch.setattr(lean, "_malloc_trim", lambda: calls.append)
    monkeypatch.setattr(lean, "TRIM_DELAY", 0.05)

    class Events:
        def __init__(self):
            self.handlers = {}

        def register(self, name, fn):
            self.handlers.setdefault(name, []).append(fn)

    class Shell:
        events = Events()

    shell = Shell()
    assert lean.trim_after_cells(shell) and lean.trim_after_cells(shell)  # registered once
    (after,) = shell.events.handlers["post_execute"]
    for _ in range(5):  # cells one after the other: one trim, after the last
        after()
        time.sleep(0.01)
    time.sleep(0.3)
    assert calls == [0]
    assert lean.trim_after_cells(None) in (True, False)  # no running shell here: nothing to do
