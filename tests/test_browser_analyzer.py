"""The analyzer page in headless Chromium: it opens with its charts drawn (plotly), offline."""
from __future__ import annotations

import pytest

from tests.conftest import ARTIFACTS
from tests.test_browser import Page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]


def test_analyzer_page_draws_its_charts(browser, dashboard):
    p = Page(browser, dashboard)
    pg = p.page
    try:
        pg.goto(dashboard + "/voila/render/analyzer.ipynb", wait_until="domcontentloaded", timeout=180_000)
        # the seat win-rate bars of the first panel, drawn by plotly
        pg.wait_for_selector(".js-plotly-plot .barlayer path", timeout=180_000)
        pg.get_by_text("win rate by seat").first.wait_for(timeout=60_000)
        assert pg.locator(".js-plotly-plot").count() >= 5
        assert pg.locator("table.kl-coverage").count() >= 1
        body = pg.inner_text("body")
        assert "Traceback" not in body and pg.locator(".kl-error").count() == 0
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / "analyzer.png"), full_page=True)
        assert p.external == []
    finally:
        pg.close()
