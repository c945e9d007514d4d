"""What a game page's kernel loads: each large library costs every visitor's kernel its memory
(issue 12: <= 150 MiB a kernel).  The Shadow Master page keeps its Rank groups on its own board and
asks networkx nothing, so running its notebook must not import networkx (about 19 MiB with numpy
already loaded; ``rules.core.hexgrid`` imports it in the functions that use it)."""
from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT

RUN_NOTEBOOK = r"""
import json, os, sys
os.chdir("notebooks")
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
nb = json.load(open(sys.argv[1] + ".ipynb", encoding="utf-8"))
for cell in nb["cells"]:
    if cell["cell_type"] == "code":
        result = shell.run_cell("".join(cell["source"]), silent=True)
        assert result.success, (cell["source"], result.error_in_exec or result.error_before_exec)
from widgets import lazy
print("loaded", sorted(m for m in ("networkx", "shapely", "pandas", "plotly") if m in sys.modules))
"""


def _loaded_by(notebook: str) -> str:
    out = subprocess.run([sys.executable, "-c", RUN_NOTEBOOK, notebook], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.strip().splitlines()[-1]


def test_the_shadow_master_page_does_not_load_networkx():
    assert _loaded_by("shadow_master") == "loaded []"


def test_the_new_world_page_does_not_load_networkx():
    # its map's settlements are checked for connectedness when the page loads the map
    # (hexgrid.is_connected, a breadth-first walk): networkx had been imported for that alone
    assert "networkx" not in _loaded_by("new_world")


def _last_line(code: str) -> str:
    """What ``python -c code`` prints last, run in a fresh interpreter (nothing imported yet)."""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout.strip()


def test_hexgrid_graph_questions_still_load_networkx_when_asked():
    code = ("import sys; from rules.core import hexgrid as h; assert 'networkx' not in sys.modules; "
            "g = h.connected_groups([(0, 0), (1, 0), (5, 5)]); assert 'networkx' in sys.modules; "
            "assert g == [frozenset({(0, 0), (1, 0)}), frozenset({(5, 5)})], g; "
            "assert h.group_of((1, 0), [(0, 0), (1, 0), (3, 3)]) == frozenset({(0, 0), (1, 0)}); print('ok')")
    assert _last_line(code) == "ok"


def test_opening_what_would_the_bots_do_here_imports_no_analyzer():
    # the panel (bot names, rollouts, progress bar) is drawn on the click itself; the analyzer
    # (numpy, the simulator) is imported by the analysis' worker thread.  The names came from
    # rules.analysis.bots, whose package imported the analyzer: 0.17 s on Coup's first such click.
    code = ("import sys; import widgets.coup as c; from widgets.bots_here import BotsHere; "
            "b = BotsHere(c.SPEC, lambda: None); b._build(); "
            "print(b.bot.options, b.bot.value, sorted(m for m in ('numpy', 'pandas', 'rules.analysis') if m in sys.modules))")
    assert _last_line(code) == ("(('สุ่ม / random', 'random'), ('ซื่อสัตย์ / honest', 'honest'), "
                                "('ชอบหลอก / bluffer', 'bluffer')) honest []")


def test_a_new_world_cell_chosen_is_outlined_without_shapely():
    # the chosen cell's outline is drawn in plain Python (hexgrid.outline_rings): shapely, and the
    # numpy it loads (12.6 MiB, about 0.35 s), had come in at the reader's first click on the map
    code = ("import sys; from widgets import page; from widgets.new_world import SPEC; "
            "t = page.new_table(SPEC, 1, 'greedy', seed=5); a = t.legal()[0]; t.board.click(a['q'], a['r']); "
            "(d, _s, title), = [o for o in t.board.map.outlines if 'chosen' in o[2]]; "
            "print(d.count('M'), d.count('L'), 'shapely' in sys.modules)")
    assert _last_line(code) == "1 5 False"
