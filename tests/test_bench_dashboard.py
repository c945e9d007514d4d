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
           "their CPU seconds: server+kernels / browser", "visitors, server side: all widget states (s)",
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
    assert {"rss_start_mib", "rss_after_3_clicks_mib", "widgets_left_per_click"} <= set(page["kernel"])
    assert out["visitors"]["n"] == 2 and "all_s" in out["visitors"]
    side = out["visitors_server_side"]  # without a browser: every widget state arrived
    assert side["n"] == 2 and side["failed"] == 0 and side["all_s"] > 0 and side["states_mb"]["p50"] > 0
