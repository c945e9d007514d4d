"""Quiet logs (issue 12, point 7): no warning or error in the browser console on any page, and
in the server's log no traceback (the idle culler's included) and no "not trusted" line per kernel.

Shares the session ``dashboard`` of ``conftest`` (xdist group ``dashboard``); its log is
``artifacts/dashboard_<xdist worker>.log``.
"""
from __future__ import annotations

import os
import re
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest

from tests.conftest import ARTIFACTS, CULL_IDLE_TIMEOUT, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

BOARD = "svg.kl-hexboard polygon.kl-cell, .kl-coup .kl-seat"
DRAWN = {"valeria.ipynb": ".kl-val td", "analyzer.ipynb": ".js-plotly-plot, .plotly"}
"""What a page draws last (hex maps and the Coup table by default; Valeria's table; the analyzer's charts)."""
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
KERNEL_WS = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")


def _log() -> str:
    path = ARTIFACTS / f"dashboard_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    return path.read_text(encoding="utf-8", errors="replace")


def _open(browser, url: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="th-TH")
    page = ctx.new_page()
    seen = {"console": [], "kernels": []}
    page.on("console", lambda m: seen["console"].append(f"{m.type}: {m.text}")
            if m.type in ("warning", "error") else None)
    page.on("websocket", lambda ws: seen["kernels"].extend(KERNEL_WS.findall(ws.url)))
    page.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname in ("127.0.0.1", "localhost")
               else r.abort())
    page.goto(url, wait_until="domcontentloaded", timeout=240_000)
    page.locator(DRAWN.get(url.rsplit("/", 1)[-1].split("?")[0], BOARD)).first.wait_for(timeout=240_000)
    page.wait_for_timeout(2000)  # late warnings (a widget's view, an extension) come in too
    return ctx, page, seen


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_page_console_has_no_warning_or_error(browser, dashboard, notebook):
    ctx, page, seen = _open(browser, f"{dashboard}/voila/render/{notebook}")
    try:
        assert seen["console"] == [], seen["console"]
    finally:
        ctx.close()


def test_server_log_has_no_traceback_nor_trust_warning_after_the_culler_ran(browser, dashboard):
    """A tab that dies without the shutdown beacon leaves its kernel to the idle culler; the log
    stays free of tracebacks and of jupyter_server's per-kernel "Notebook ... is not trusted"."""
    ctx, page, seen = _open(browser, f"{dashboard}/voila/render/index.ipynb")
    kernel = seen["kernels"][0]
    page.close(run_before_unload=False)  # like a crashed tab: no beacon
    ctx.close()
    t0 = time.monotonic()
    while True:
        try:
            urllib.request.urlopen(f"{dashboard}/api/kernels/{kernel}", timeout=5).close()
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
            break
        assert time.monotonic() - t0 < CULL_IDLE_TIMEOUT + 90, "the culler never took the dead tab's kernel"
        time.sleep(1)
    time.sleep(2 * 2)  # two more culler rounds over the kernels left (pooled, starting)
    log = _log()
    assert f"Culling 'idle' kernel 'python3' ({kernel})" in log or kernel in log
    assert "Traceback" not in log, log[log.index("Traceback") - 400:][:3000]
    assert "not trusted" not in log
    assert "running over TCP without encryption" not in log
