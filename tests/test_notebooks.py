"""Every notebook in ``notebooks/`` runs headless without error, and is committed clean.

A notebook's cells wrap their bodies in ``widgets.errors.guard`` so a dashboard reader sees a
message instead of a traceback; that would also hide a real failure from nbclient, so this
test fails too when any output or widget (HTML value) holds an error box (``kl-error``).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_there_is_a_home_notebook():
    assert NOTEBOOKS / "index.ipynb" in PATHS


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_is_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and (c.outputs or c.execution_count is not None)]
    assert dirty == [], f"{path.name}: cells {dirty} hold outputs (clear them before committing)"
    assert "widgets" not in nb.metadata, f"{path.name}: widget state is stored in the file"


def _error_boxes(nb) -> list[str]:
    found = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                found.append(f"cell {i}: {out.get('ename')}: {out.get('evalue')}")
            text = json.dumps(out.get("data", {}), ensure_ascii=False) + str(out.get("text", ""))
            if "kl-error" in text or "Traceback" in text:
                found.append(f"cell {i}: {text[:400]}")
    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model_id, model in state.get("state", {}).items():
        value = model.get("state", {}).get("value")
        if isinstance(value, str) and "kl-error" in value:
            found.append(f"widget {model_id}: {value[:400]}")
    return found


@pytest.mark.parametrize("path", PATHS, ids=[p.name for p in PATHS])
def test_notebook_runs_headless(path):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()  # raises CellExecutionError on an uncaught error
    assert _error_boxes(nb) == []


GAME_PAGES = [NOTEBOOKS / f"{g}.ipynb" for g in ("coup", "shadow_master", "new_world", "valeria")]


@pytest.mark.parametrize("path", GAME_PAGES, ids=[p.stem for p in GAME_PAGES])
def test_game_page_opens_with_start_here_and_contents(path):
    """Every game page's second cell is "start here" (read, step, play) with a table of contents;
    every link there has its ``kl-anchor`` on the page, and every anchor is in the contents."""
    import re
    nb = nbformat.read(path, as_version=4)
    start = nb.cells[1]
    assert start.cell_type == "markdown" and start.source.startswith("### เริ่มตรงนี้ / Start here"), path.name
    links = re.findall(r"\]\(#(kl-[\w-]+)\)", start.source)
    anchors = [a for c in nb.cells if c.cell_type == "markdown"
               for a in re.findall(r'<a id="(kl-[\w-]+)" class="kl-anchor"></a>', c.source)]
    assert len(anchors) == len(set(anchors)) >= 5, anchors
    assert set(links) == set(anchors), (sorted(set(links) - set(anchors)), sorted(set(anchors) - set(links)))
    for word in ("#kl-read", "#kl-step", "#kl-play"):
        assert word in start.source.split("<details>")[0], word
    contents = start.source.split("<details>")[1]
    assert [a for a in re.findall(r"\]\(#(kl-[\w-]+)\)", contents)] == anchors   # in page order



def test_the_analyzer_opens_with_start_here_and_contents():
    """A fresh user: every game page opened with "start here" and its contents, the analyzer with
    neither.  Its second cell is now one (read the first chart, change and run, compare), every link
    with its ``kl-anchor`` on the page, the contents in page order."""
    import re
    nb = nbformat.read(NOTEBOOKS / "analyzer.ipynb", as_version=4)
    start = nb.cells[1]
    assert start.cell_type == "markdown" and start.source.startswith("### เริ่มตรงนี้ / Start here")
    anchors = [a for c in nb.cells if c.cell_type == "markdown"
               for a in re.findall(r'<a id="(kl-[\w-]+)" class="kl-anchor"></a>', c.source)]
    assert len(anchors) == len(set(anchors)) == 4, anchors
    contents = start.source.split("<details>")[1]
    assert re.findall(r"\]\(#(kl-[\w-]+)\)", contents) == anchors
    assert set(re.findall(r"\]\(#(kl-[\w-]+)\)", start.source)) <= set(anchors)
    assert "**เล่น / run**" in start.source  # the run button as the page names it (widgets.analyzer)


@pytest.mark.parametrize("path", GAME_PAGES, ids=[p.stem for p in GAME_PAGES])
def test_start_here_names_the_stepper_button_as_the_page_shows_it(path):
    """"Start here" told the reader to step with "ปุ่ม ▶ ถัดไป", a button the page does not show: the
    stepper's buttons are icons (forward: ▶|) named by their tooltips.  It names the forward button
    by its icon and its tooltip's words (:class:`widgets.stepper.Stepper`), nothing else."""
    import re
    from widgets.session import GameSession
    from widgets.stepper import Stepper
    from widgets.coup import SPEC
    forward = Stepper(GameSession(SPEC.game, seed=0)).forward
    assert forward.icon == "step-forward"  # FontAwesome's ▶|
    start = nbformat.read(path, as_version=4).cells[1].source
    assert f"ปุ่ม ▶| ({forward.tooltip})" in start, start
    assert not re.search(r"▶ ถัดไป", start), start


@pytest.mark.parametrize("path", GAME_PAGES, ids=lambda p: p.stem)
def test_game_page_prose_is_true_on_both_layouts_and_reads_whole(path):
    """A section's table is beside its text at 1280 px and below it on a phone: no "table on the
    right" (Thai or English); the "what would the bots do here?" sentence has its verb
    ("…many times and a table sorted by score" had none)."""
    text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    assert "โต๊ะด้านขวา" not in text and "table on the right" not in text
    assert "many times and a table" not in text


ANALYZER_KERNEL_MIB = 150
"""Issue 12's goal for a page's kernel (RSS once its notebook has run)."""

_PROBE = """\
import json, sys, time, psutil
time.sleep(1.0)   # the kernel hands freed heap back half a second after the last cell (widgets/lean.py)
import widgets
print("PROBE" + json.dumps({"rss_mib": psutil.Process().memory_info().rss / 2**20, "widgets": widgets.__file__,
                            "loaded": sorted(m for m, v in list(sys.modules.items()) if v is not None)}))
"""


def test_the_analyzer_kernel_imports_no_plotly_and_stays_under_its_memory_goal(monkeypatch):
    """The analyzer's notebook, run in a fresh kernel as the dashboard runs it, then a run of its
    first panel (its *run* button): its charts are plain figure dicts drawn by plotly.js in the
    browser (``widgets/chart.py``), so plotly (graph_objects, validators, basewidget, narwhals:
    38 MiB) is never imported (``_plotly_utils.optional_imports``, a few kB, is: ``widgets/lean.py``),
    nor Shadow Master's board (networkx, shapely: 20 MiB) for a page that draws Coup; and the
    kernel's RSS is under issue 12's 150 MiB (160 MiB before, measured, not timed)."""
    nb = nbformat.read(NOTEBOOKS / "analyzer.ipynb", as_version=4)
    # the page's own first run (in the background) ended, then a click of run, waited for
    nb.cells += [nbformat.v4.new_code_cell("seats.runner.join()\nseats.run(wait=True)"), nbformat.v4.new_code_cell(_PROBE)]
    root = str(NOTEBOOKS.parent)   # this checkout's packages in the kernel, not an installed copy
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p))
    from widgets.serve import KERNEL_ENV
    for name, value in KERNEL_ENV.items():  # the environment the dashboard's kernels start with
        monkeypatch.setenv(name, value)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    assert _error_boxes(nb) == []
    text = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    probe = json.loads(text.split("PROBE", 1)[1])
    loaded = set(probe["loaded"])
    assert probe["widgets"].startswith(root) and "widgets.chart" in loaded
    heavy = sorted(m for m in loaded if m.split(".")[0] in ("plotly", "narwhals", "networkx", "shapely"))
    heavy += sorted(m for m in loaded if m.startswith("rules.shadow_master"))
    assert heavy == [], heavy[:20]
    print(f"analyzer kernel RSS: {probe['rss_mib']:.1f} MiB (goal < {ANALYZER_KERNEL_MIB})")
    assert probe["rss_mib"] < ANALYZER_KERNEL_MIB, probe["rss_mib"]
