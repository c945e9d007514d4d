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


PYARROW_IN_A_KERNEL = r"""
import sys
from IPython.testing.globalipapp import get_ipython
shell = get_ipython()                        # an IPython shell, as in a page's kernel
import widgets.lean as lean
assert lean.defer_pyarrow(shell) is True
import pandas as pd
assert lean.deferred("pyarrow") and "pyarrow" not in {m.split('.')[0] for m, v in sys.modules.items() if v is not None}
df = pd.DataFrame({"seat": [0, 1], "winner": ["a", "b"]})
assert str(df["winner"].dtype.storage) == "python"
from rules.analysis.simulate import simulate, shutdown_pools
pool = simulate("coup", 40, "random", {"players": 2}, seed=3, workers=2, progress=False)
serial = simulate("coup", 40, "random", {"players": 2}, seed=3, workers=1, progress=False)
import pandas.testing as pdt
pdt.assert_frame_equal(pool, serial)          # the pool's tables unpickle without pyarrow
assert lean.deferred("pyarrow")
shutdown_pools()
from widgets.analyzer import download_links
html = download_links(serial, "t")
assert "Parquet</a>" in html and sys.modules.get("pyarrow") is not None   # loaded when asked
import base64, io, re
pq = re.search(r'download="t.parquet" href="data:application/octet-stream;base64,([^"]+)"', html).group(1)
back = pd.read_parquet(io.BytesIO(base64.b64decode(pq)))
assert back.astype(str).equals(serial.reset_index(drop=True).astype(str))
print("ok")
"""


def test_a_page_kernel_imports_pyarrow_only_for_a_parquet_download():
    """In an IPython shell pandas comes without pyarrow (34 MiB); the analyzer's pool runs give the
    serial table; the Parquet download loads pyarrow then and reads back the same table."""
    out = subprocess.run([sys.executable, "-c", PYARROW_IN_A_KERNEL], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stdout + out.stderr


def test_outside_a_kernel_pyarrow_is_imported_as_usual():
    code = ("import sys, widgets, pandas as pd; import widgets.lean as lean;"
            "assert not lean.deferred(); assert sys.modules.get('pyarrow') is not None; print('ok')")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stdout + out.stderr
