"""The analyzer page in headless Chromium: it opens with its charts drawn (plotly), offline, and
its charts' JavaScript is fetched once, not sent in every chart's state."""
from __future__ import annotations

import re

import pytest

from tests.conftest import ARTIFACTS
from tests.test_browser import Page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]


ESM = re.compile(r'"_esm":\s*"((?:[^"\\]|\\.)*)"')


def test_analyzer_page_draws_its_charts(browser, dashboard):
    """... and its eleven charts (``widgets/chart.py``, plotly.js drawing a figure dict) do not
    carry plotly.js (1.2 MB each) in their state: each ``_esm`` is a shim of a few hundred bytes,
    and the page fetches the served module once (``widgets/bundles.py``)."""
    p = Page(browser, dashboard)
    pg = p.page
    esm: list[int] = []
    modules: list[str] = []

    def frames(ws):
        def got(payload):
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            if '"_esm"' in text:
                esm.extend(len(m.group(1)) for m in ESM.finditer(text))
        ws.on("framereceived", got)
    pg.on("websocket", frames)
    pg.on("request", lambda r: modules.append(r.url) if "/kl-static/" in r.url else None)
    try:
        pg.goto(dashboard + "/voila/render/analyzer.ipynb", wait_until="domcontentloaded", timeout=180_000)
        # the seat win-rate bars of the first panel, drawn by plotly
        pg.wait_for_selector(".js-plotly-plot .barlayer path", timeout=180_000)
        pg.get_by_text("win rate by seat").first.wait_for(timeout=60_000)
        assert pg.locator(".js-plotly-plot").count() >= 5
        # the page's plotly.js is the basic partial bundle (widgets/bundles.py): every chart
        # draws, the game lengths as bars counted in Python, the sweep as lines with bands
        pg.get_by_text("game length").first.wait_for(timeout=60_000)
        # the three panels below the first screen are built when the reader nears them
        # (widgets/lazy.py): scroll to each placeholder until none is left
        assert pg.locator(".kl-lazy-box .kl-lazy").count() == 3
        for _ in range(240):
            left = pg.evaluate("""() => { const ps = document.querySelectorAll('.kl-lazy-box .kl-lazy');
                                          if (ps.length) ps[0].scrollIntoView({ block: 'center' });
                                          return ps.length; }""")
            if not left:
                break
            pg.wait_for_timeout(500)
        assert left == 0, "a lazy panel was never built"
        pg.wait_for_selector(".js-plotly-plot .scatterlayer .js-line", timeout=120_000)
        pg.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 11", timeout=120_000)
        drawn = pg.evaluate("""() => [...document.querySelectorAll('.js-plotly-plot')].map(
            (d) => d.querySelectorAll('.barlayer .point path, .scatterlayer .js-line').length)""")
        assert sum(1 for n in drawn if n > 0) >= 9, drawn  # (each "vs" chart is empty until chosen)
        assert not [e for e in p.console_errors if "plotly" in e.lower() or "trace" in e.lower()], p.console_errors
        assert pg.locator("table.kl-coverage").count() >= 1
        body = pg.inner_text("body")
        assert "Traceback" not in body and pg.locator(".kl-error").count() == 0
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / "analyzer.png"), full_page=True)
        assert p.external == []
        assert len(esm) >= 5 and max(esm) < 10_000, esm
        assert p.frame_bytes and max(p.frame_bytes) < 1_000_000, max(p.frame_bytes)
        plotly_fetches = [u for u in modules if "/kl-static/plotly-chart." in u]
        assert len(plotly_fetches) == 1, modules
        assert not [u for u in modules if "/kl-static/plotly-widget." in u], modules  # no FigureWidget
        # the tables' CSV and Parquet are made when asked, not sent with the page
        assert pg.locator("a[download$='.csv']").count() == 0
        pg.get_by_text("download the table (400 rows)").first.click()
        pg.wait_for_selector("a[download='coup_400.csv']", timeout=60_000)
        assert pg.locator("a[download='coup_400.parquet']").count() == 1
    finally:
        pg.close()
