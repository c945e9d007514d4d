"""``make bench-dashboard`` in its tiny mode prints every figure (their values are not checked:
speed goals are a benchmark's business, not a test's)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import ARTIFACTS, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("bench")]

FIGURES = ("load average", "open -> first board (s)", "click home -> board (ms)", "bytes per page (MB)",
           "kernel RSS start/after (MiB)", "console warnings+errors", "visitors at once: all boards (s)",
           "their CPU seconds: server+kernels / browser", "visitors, server side: all widget states (s)", "visitors at once, a device each (s)",
           "server log: Traceback / not trusted")


def test_bench_dashboard_tiny_prints_every_figure(chromium):
    run = subprocess.run([sys.executable, "benchmarks/dashboard.py", "--tiny", "--pool", "1",
                          "--chromium", chromium], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    for figure in FIGURES:
        assert figure in run.stdout, (figure, run.stdout)
    out = json.loads((ARTIFACTS / "bench_dashboard.json").read_text(encoding="utf-8"))
    page = out["pages"]["index"]
    assert page["first_board_s"]["n"] == 1 and page["clicks"]["home"]["done_ms"]["n"] == 3
    # the browser's own CPU for one open: a new tab's processes and the page's work take some
    assert page["browser_cpu_s"]["n"] == 1 and 0.05 < page["browser_cpu_s"]["p50"] < 60
    assert "browser CPU p50" in run.stdout and "before the server does anything" in run.stdout
    assert {"rss_start_mib", "rss_after_3_clicks_mib", "widgets_left_per_click"} <= set(page["kernel"])
    assert out["visitors"]["n"] == 2 and "all_s" in out["visitors"]
    each = out["visitors_class"]  # one in Chromium, one without a browser
    assert each["n"] == 2 and each["tabs"] == 1 and each["failed"] == 0 and each["all_s"] > 0
    side = out["visitors_server_side"]  # without a browser: every widget state arrived
    assert side["n"] == 2 and side["failed"] == 0 and side["all_s"] > 0 and side["states_mb"]["p50"] > 0


def test_markers_are_met_in_the_order_of_the_page():
    """The class figure's visitors without a browser ask for the lazy parts a reader at the top
    meets first: the page's views in document order, children depth first."""
    from benchmarks.dashboard import markers_in_page_order
    page = '<script>{"model_id": "b0"}</script> <script>{"model_id": "a0"}</script>'
    states = {"a0": {"state": {"children": ["IPY_MODEL_m3"]}},
              "b0": {"state": {"children": ["IPY_MODEL_box", "IPY_MODEL_m2"]}},
              "box": {"state": {"children": ["IPY_MODEL_html", "IPY_MODEL_m1"]}},
              "html": {"state": {"value": "x"}},
              "m1": {"state": {"ahead": "900px"}}, "m2": {"state": {"ahead": "900px"}},
              "m3": {"state": {"ahead": "900px"}}}
    assert markers_in_page_order(page, states) == ["m1", "m2", "m3"]


@pytest.mark.xdist_group("dashboard")
def test_a_visitor_without_a_browser_has_the_first_lazy_part_built(dashboard):
    """What a reader's browser says at the top of the analyzer page ("seen" to its first lazy
    part's marker) makes the kernel build that part; the visitor waits for it."""
    import asyncio
    from benchmarks.dashboard import protocol_visitor
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(1) as pool:  # a thread of its own: Playwright's loop may be running in this one
        got = pool.submit(asyncio.run, protocol_visitor(dashboard, f"{dashboard}/voila/render/analyzer.ipynb",
                                                        120, seen=1)).result()
    assert got["parts_n"] == 1 and got["parts"] > got["states"] > got["ws_open"] > 0


def test_a_server_waiting_for_a_cpu_is_not_quiet():
    """The bench waits for the server to be quiet before each figure; a kernel refilling a pool in
    the idle CPU class on a machine busy with other work gets no CPU, so its CPU time stands still
    although it is not done: a process that is runnable is not quiet."""
    import psutil
    from benchmarks.dashboard import Server
    spin = subprocess.Popen([sys.executable, "-c", "import os\nos.nice(19)\nprint('spinning', flush=True)\nwhile True: pass"],
                            stdout=subprocess.PIPE, text=True)
    rest = subprocess.Popen(["sleep", "60"])
    try:
        # sampled while Python was still starting (reading its files: sleeping, not runnable) the
        # spinner failed this test on a busy machine: wait until it is in its loop
        assert spin.stdout.readline().strip() == "spinning"
        server = object.__new__(Server)  # no server started: only its process and psutil
        server.psutil = psutil
        server.proc = spin
        assert server.runnable()
        server.proc = rest
        assert not server.runnable()
    finally:
        for p in (spin, rest):
            p.kill()
            p.wait()
