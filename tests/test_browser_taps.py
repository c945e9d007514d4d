"""Tap targets on a phone (a fresh user's finding at 390×844): every control the reader taps on
every page of the dashboard (the home page and the game pages, the analyzer's included) is at least
40 px tall: buttons, toggle buttons, dropdowns, text and number boxes, checkboxes (the widget's row
and its box) and fold titles (<summary>).  Measured were 28 px dropdowns, number boxes and palettes,
25 px explainer buttons, a 20 px "answer" button, 19 px rule titles and a 13 px checkbox (Coup's
"Reformation" in its play panel).  One rule in ``widgets/mobile.py``'s phone block makes them so."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ARTIFACTS
from tests.test_browser_phone import NOTEBOOKS, PHONE, PLAY_READY, _open, last_drawn

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

# Every visible control the reader taps: its height (CSS px) and a name to find it by.
CONTROLS = """
() => [...document.querySelectorAll('button, select, input[type=text], input[type=number], summary, '
                                     + '.widget-checkbox, input[type=checkbox]')]
  .filter(el => { const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
                  return r.width > 0 && r.height > 0 && cs.visibility !== 'hidden'; })
  .map(el => { const box = el.closest('[class*="kl-"]');
    // a checkbox by its words (its label's: an input's value is "on")
    const words = (el.tagName === 'SELECT' ? (el.selectedOptions[0] || {}).text
                   : el.type === 'checkbox' ? (el.closest('label') || {}).innerText : el.innerText || el.value
                   || el.title || el.getAttribute('aria-label') || '') || '';
    return {h: el.getBoundingClientRect().height,
            name: `${el.tagName === 'DIV' ? 'checkbox' : el.tagName.toLowerCase()}${el.type && el.tagName === 'INPUT' ? '[' + el.type + ']' : ''}`
                  + ` "${words.replace(/[\\u200b\\s]+/g, ' ').trim().slice(0, 30)}" in ${box ? [...box.classList].filter(c => c.startsWith('kl-')).join('.') : '-'}`}; })
"""


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_control_is_tall_enough_to_tap_on_a_phone(browser, dashboard, name):
    stem = Path(name).stem
    page = _open(browser, dashboard, name, last_drawn(stem))
    try:
        if stem not in ("index", "analyzer"):  # a game on the table: its move pickers drawn (New World's dropdown)
            page.locator(".kl-play-panel").first.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
            page.locator(PLAY_READY).first.wait_for(state="attached", timeout=120_000)
        page.wait_for_timeout(1500)
        # scroll through the page so what builds when seen is built
        height = page.evaluate("() => document.scrollingElement.scrollHeight")
        for y in range(0, int(height) + PHONE["height"], PHONE["height"] // 2):
            page.evaluate(f"() => window.scrollTo(0, {y})")
            page.wait_for_timeout(150)
        page.wait_for_timeout(1000)
        controls = page.evaluate(CONTROLS)
        assert len(controls) >= 3, controls
        low = [f'{c["name"]}: {c["h"]:.0f} px' for c in controls if c["h"] < 40 - 0.5]
        assert low == [], f"{len(low)} of {len(controls)} controls under 40 px on {stem}: {low[:40]}"
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
        ARTIFACTS.mkdir(exist_ok=True)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(ARTIFACTS / f"phone_taps_{stem}.png"), full_page=True)
    finally:
        page.close()
