"""The screenshot helper (tests/shoot.py, kept beside the tests: the layout has no tools/ folder) shoots the whole page of a page that scrolls inside an
element, as Voila's pages do (``#rendered_cells``), not only the window."""
from __future__ import annotations

import base64
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
import shoot  # noqa: E402

pytestmark = [pytest.mark.browser]

VOILA_LIKE = """<style>
html, body { margin: 0; height: 100%; overflow: hidden; }
#rendered_cells { position: absolute; top: 0; left: 0; right: 0; height: 100%; overflow-y: auto; }
.cell { height: 700px; border-bottom: 1px solid #ccc; }
#last { height: 100px; background: rgb(255, 0, 0); }
</style><div id="rendered_cells">""" + '<div class="cell">x</div>' * 5 + '<div id="last"></div></div>'
"""Voila's layout in small: the document does not scroll, its cells scroll inside a box as tall as
the window; 3,600 px of content, the last 100 px red."""


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    return struct.unpack(">II", path.read_bytes()[16:24])


def pixel(page, path: Path, x: int, y: int) -> list[int]:
    """[r, g, b, a] of the PNG at ``path`` at (x, y), read back through a canvas in the browser."""
    url = "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")
    return page.evaluate("""async ([url, x, y]) => {
        const img = new Image(); img.src = url; await img.decode();
        const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
        const g = c.getContext('2d'); g.drawImage(img, 0, 0);
        return Array.from(g.getImageData(x, y, 1, 1).data); }""", [url, x, y])


def test_full_page_shot_of_a_page_that_scrolls_inside_an_element(browser, tmp_path):
    page = browser.new_page(viewport={"width": 800, "height": 600})
    try:
        page.set_content(VOILA_LIKE)
        page.evaluate("document.getElementById('rendered_cells').scrollTop = 1234")
        plain = tmp_path / "plain.png"
        page.screenshot(path=str(plain), full_page=True)
        assert png_size(plain) == (800, 600)  # what the helper did before: the window only
        whole = tmp_path / "whole.png"
        got = shoot.full_page_screenshot(page, str(whole), settle_ms=50)
        width, height = png_size(whole)
        assert width == 800 and height >= 3600 and got["scroller"] == "rendered_cells"
        assert pixel(page, whole, 400, 3550)[:3] == [255, 0, 0]  # the bottom of the page is in the shot
        assert pixel(page, whole, 400, 100)[:3] == [255, 255, 255]
        # the page is left as it was: the window's size and the inner box's scroll position
        assert page.viewport_size == {"width": 800, "height": 600}
        assert page.evaluate("document.getElementById('rendered_cells').scrollTop") == 1234
        # a page whose document scrolls is shot as before (nothing grown)
        page.set_content('<div style="height:2000px;background:#fff"></div>')
        assert shoot.full_page_screenshot(page, str(tmp_path / "doc.png"), settle_ms=50)["grown"] == 0
        assert png_size(tmp_path / "doc.png")[1] >= 2000
    finally:
        page.close()
