""""What would the bots do here?" clicked on game pages in headless Chromium (the system's).

Shares the one dashboard of ``tests/test_browser.py`` (same ``xdist_group``, the session
``dashboard`` fixture of ``conftest``; the offline page helper of ``test_browser_shadow_master``).
A New World example opened by its deep link: the control is one button; a click opens the panel
(progress bar, cancel), and the map comes back with the placement cells shaded, each with its hover
text, beside a legend and the table.  A Coup example: the table sorted by score with its intervals.
Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest

from widgets.deeplink import title_of

from tests.conftest import ARTIFACTS
from tests.test_browser_shadow_master import OfflinePage

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

NW_STEM = "1_large_settlement_2_2_2_closer_last"
COUP_STEM = "1_assassin_challenge_then_contessa_bluff"

SHADED = """
() => {
  const svg = document.querySelector('.kl-bots-board svg.kl-hexboard');
  if (!svg) return null;
  const cells = [...svg.querySelectorAll('polygon.kl-cell')];
  const titled = cells.filter(p => p.querySelector('title'));
  return {cells: cells.length, titled: titled.length,
          fills: [...new Set(titled.map(p => p.getAttribute('fill')))].length,
          title: titled.length ? titled[0].querySelector('title').textContent : ''};
}
"""


def wait_done(page, panel, timeout=240_000):
    """Until the analysis in ``panel`` has finished: the choices scored so far show first (the head
    says "so far" and "playing out…" until the last choice is played out)."""
    page.wait_for_function("(el) => !el.innerText.includes('playing out…')", arg=panel.element_handle(),
                           timeout=timeout)


def test_bots_here_on_new_world_and_coup_pages(browser, dashboard):
    op = OfflinePage(browser)
    page = op.page
    try:
        op.goto(f"{dashboard}/voila/render/new_world.ipynb?scenario={NW_STEM}&step=0")
        page.get_by_text(f"this link opens scenario {title_of('new_world', NW_STEM)[1]} at step 0").wait_for(timeout=180_000)
        op.wait_for_widgets(".kl-nw-scenario svg.kl-hexboard polygon[data-cell]")
        linked = page.locator(".kl-nw-scenario").first
        assert linked.locator(".kl-bots-panel").count() == 0  # one button until it is clicked
        button = linked.locator("button.kl-bots-here").first
        assert "what would the bots do here?" in button.inner_text()
        button.click()
        panel = linked.locator(".kl-bots-panel").first
        panel.wait_for(timeout=30_000)
        assert panel.get_by_role("button", name=re.compile("cancel")).count() == 1
        assert "re-dealt" in panel.inner_text()  # the page says what the analysis may know
        panel.locator(".kl-bots-board svg.kl-hexboard polygon[data-cell]").first.wait_for(timeout=240_000)
        panel.locator("table.kl-position tr[data-rank]").first.wait_for(timeout=30_000)
        wait_done(page, panel)
        page.wait_for_timeout(800)
        shaded = page.evaluate(SHADED)
        assert shaded and shaded["titled"] >= 10 and shaded["fills"] >= 3, shaded
        assert re.search(r"\d+% \[\d+%, \d+%\]", shaded["title"]), shaded["title"]
        text = panel.inner_text()
        assert "win rate" in text and "ช่อง / cell" in text and "%" in text
        rows = panel.locator("table.kl-position tr[data-rank]").count()
        assert rows >= shaded["titled"]  # a cell shows its best choice; the table lists them all
        panel.screenshot(path=str(ARTIFACTS / "bots_here_new_world_1280.png"))

        op.goto(f"{dashboard}/voila/render/coup.ipynb?scenario={COUP_STEM}&step=1")
        page.get_by_text(f"this link opens scenario {title_of('coup', COUP_STEM)[1]} at step 1").wait_for(timeout=180_000)
        op.wait_for_widgets(".kl-coup-scenario button.kl-bots-here")
        linked = page.locator(".kl-coup-scenario").first
        linked.locator("button.kl-bots-here").first.click()
        table = linked.locator(".kl-bots-panel table.kl-position").first
        table.wait_for(timeout=240_000)
        wait_done(page, linked.locator(".kl-bots-panel").first)
        values = [int(v) for v in re.findall(r"(\d+)% \[", table.inner_text())]
        assert len(values) >= 2 and values == sorted(values, reverse=True), values
        page.wait_for_timeout(500)
        linked.locator(".kl-bots-panel").first.screenshot(path=str(ARTIFACTS / "bots_here_coup_1280.png"))
        assert "Traceback" not in page.inner_text("body")
        assert op.external == [], f"external requests: {op.external}"
        assert op.errors == [], op.errors
    finally:
        page.close()
