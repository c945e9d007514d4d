"""The dashboard in headless Chromium (the system's; never a downloaded browser).

One dashboard (``conftest.dashboard``) serves every test here; they share an xdist group.
Every request to a host other than 127.0.0.1 is blocked and recorded: the page must work
offline.  Click->update latency and page bytes are measured and written to
``artifacts/browser_metrics.json`` (recorded, not asserted: speed goals are not tests);
screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import json
import re
import statistics
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest

from widgets.deeplink import title_of

from tests.conftest import ARTIFACTS


pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

METRICS = ARTIFACTS / "browser_metrics.json"

# Time from a click on a cell to the board's next DOM update (its data-rev attribute) and to
# the next animation frame after it, in milliseconds; -1 if nothing changed within 5 s.
MEASURE_CLICK = """
async (cell) => {
  const svg = document.querySelector('svg.kl-hexboard');
  const poly = svg.querySelector(`polygon[data-cell="${cell}"]`);
  const before = svg.getAttribute('data-rev');
  return await new Promise((resolve) => {
    let t0 = 0;
    const timer = setTimeout(() => { obs.disconnect(); resolve([-1, -1]); }, 5000);
    const obs = new MutationObserver(() => {
      if (svg.getAttribute('data-rev') === before) return;
      obs.disconnect(); clearTimeout(timer);
      const dom = performance.now() - t0;
      requestAnimationFrame(() => resolve([dom, performance.now() - t0]));
    });
    obs.observe(svg, { attributes: true, attributeFilter: ['data-rev'] });
    t0 = performance.now();
    poly.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  });
}
"""


def _record(**values) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    data = json.loads(METRICS.read_text()) if METRICS.exists() else {}
    data.update(values)
    METRICS.write_text(json.dumps(data, indent=1, ensure_ascii=False))


class Page:
    """A fresh page with external requests blocked and traffic and console errors recorded."""

    def __init__(self, browser, base: str):
        self.base = base
        self.page = browser.new_page(viewport={"width": 1280, "height": 1000}, locale="th-TH")
        self.external: list[str] = []
        self.console_errors: list[str] = []
        self.websockets: list[str] = []
        self.frame_bytes: list[int] = []  # kernel -> page websocket frames
        self.page.route("**/*", self._route)
        self.page.on("console", lambda m: self.console_errors.append(m.text)
                     if m.type == "error" else None)
        self.page.on("websocket", self._websocket)

    def _route(self, route):
        host = urlparse(route.request.url).hostname
        if host in ("127.0.0.1", "localhost") or route.request.url.startswith("data:"):
            route.continue_()
        else:
            self.external.append(route.request.url)
            route.abort()

    def _websocket(self, ws):
        self.websockets.append(ws.url)
        ws.on("framereceived", lambda payload: self.frame_bytes.append(len(payload)))

    def transfer(self) -> dict:
        """Bytes the page loaded over HTTP (Resource Timing: on the wire and decoded)."""
        return self.page.evaluate("""() => {
          const es = [...performance.getEntriesByType('navigation'),
                      ...performance.getEntriesByType('resource')];
          return { requests: es.length,
                   transfer_bytes: es.reduce((a, e) => a + (e.transferSize || 0), 0),
                   decoded_bytes: es.reduce((a, e) => a + (e.decodedBodySize || 0), 0) };
        }""")

    def open_home(self) -> float:
        t0 = time.monotonic()
        self.page.goto(self.base + "/", wait_until="domcontentloaded", timeout=120_000)
        self.page.wait_for_selector("svg.kl-hexboard polygon[data-cell]", timeout=120_000)
        return time.monotonic() - t0

    def rank(self, colour: str) -> str:
        return self.page.locator(f'.kl-rank[data-colour="{colour}"]').inner_text()

    def wait_rank(self, colour: str, value: int) -> None:
        self.page.wait_for_function(
            "([c, v]) => { const e = document.querySelector(`.kl-rank[data-colour=\"${c}\"]`);"
            " return e && e.textContent.trim() === String(v); }", arg=[colour, value],
            timeout=10_000)


@pytest.fixture
def page(browser, dashboard):
    p = Page(browser, dashboard)
    yield p
    p.page.close()


@pytest.fixture(scope="module")
def board():
    from rules.shadow_master.board import load_board
    return load_board(4)


def cid(board, name: str) -> str:
    from widgets.hexboard import cell_id
    return cell_id(board.hex_of[name])


def test_home_page_shows_thai_rulebooks_offline(page, board):
    shown = page.open_home()
    pg = page.page
    assert pg.url.endswith("/voila/render/index.ipynb")
    for text in ("กติกาเล่นได้", "เกมโค่นอำนาจ", "กระดาน Shadow Master"):
        assert pg.get_by_text(text).first.is_visible(), text
    assert pg.locator(".kl-clause").first.is_visible()  # a rulebook section is shown
    assert pg.locator("svg.kl-hexboard polygon.kl-cell").count() == len(board.cells)
    pg.get_by_text("เกมโค่นอำนาจ / Coup").first.click()  # another game's tab
    pg.wait_for_timeout(300)
    body = pg.inner_text("body")
    assert "Traceback" not in body
    pg.wait_for_timeout(700)
    ARTIFACTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / "dashboard_home.png"), full_page=True)
    _record(home_shown_s=round(shown, 2), home_page=page.transfer(),
            home_console_errors=page.console_errors, external_requests=page.external)
    assert page.external == [], f"CDN/external requests: {page.external}"
    assert page.console_errors == []


def test_board_clicks_change_rank(page, board):
    page.open_home()
    pg = page.page
    a1 = "A1"
    diagonal = next(n for n in board.neighbours[a1] if n[0] == "B")  # odd-row diagonal
    click = lambda name: pg.locator(f'polygon.kl-cell[data-cell="{cid(board, name)}"]').click()
    assert page.rank("red") == "0"
    click(a1)
    page.wait_rank("red", 1)
    click(a1)  # a second token: more tokens, same cells, same Rank
    pg.wait_for_selector("text.kl-count")
    assert page.rank("red") == "1"
    click(diagonal)
    page.wait_rank("red", 2)
    assert pg.locator("path.kl-outline").count() == 1
    click(a1)
    click(a1)  # a fourth token: the engine refuses, the page says why in Thai and English
    alert = pg.locator(".kl-error").first
    alert.wait_for(timeout=10_000)
    text = alert.inner_text()
    assert "board.cell_capacity" in text and "สูงสุด 3" in text and "at most 3" in text
    assert page.rank("red") == "2"
    pg.get_by_role("button", name="ย้อน / Undo").click()
    page.wait_rank("red", 2)
    pg.wait_for_timeout(200)
    assert pg.locator("text.kl-count").first.text_content() == "2"

    # latency: 24 placements on distinct empty cells, colour blue
    pg.get_by_role("button", name="น้ำเงิน / blue").click()
    pg.wait_for_timeout(300)
    targets = [c for c in board.cells if c[0] in "FGHIJ"][:24]
    dom, frame = [], []
    frames_before = len(page.frame_bytes)
    for name in targets:
        d, f = pg.evaluate(MEASURE_CLICK, cid(board, name))
        assert d >= 0, f"the board did not update after clicking {name}"
        dom.append(d)
        frame.append(f)
    pg.wait_for_timeout(500)
    pg.screenshot(path=str(ARTIFACTS / "dashboard_board.png"), full_page=True)
    pg.locator("svg.kl-hexboard").screenshot(path=str(ARTIFACTS / "board_only.png"))

    def p95(xs):
        return round(statistics.quantiles(xs, n=20)[-1], 1)
    _record(click_to_dom_ms={"n": len(dom), "p50": round(statistics.median(dom), 1),
                             "p95": p95(dom), "max": round(max(dom), 1)},
            click_to_frame_ms={"n": len(frame), "p50": round(statistics.median(frame), 1),
                               "p95": p95(frame), "max": round(max(frame), 1)},
            ws_bytes_per_click=round(sum(page.frame_bytes[frames_before:]) / len(targets)),
            board_console_errors=page.console_errors)
    assert page.rank("blue") != "0"
    assert page.external == []


def test_closed_tab_kernel_is_culled(browser, dashboard):
    from tests.conftest import CULL_IDLE_TIMEOUT
    p = Page(browser, dashboard)
    p.open_home()
    ids = {m.group(1) for url in p.websockets
           for m in [re.search(r"/api/kernels/([0-9a-f-]{36})/channels", url)] if m}
    assert len(ids) == 1, p.websockets
    kernel = ids.pop()
    url = f"{dashboard}/api/kernels/{kernel}"
    with urllib.request.urlopen(url, timeout=5) as r:
        assert r.status == 200
    p.page.close(run_before_unload=False)  # like a crashed tab: no shutdown beacon
    t0 = time.monotonic()
    while True:
        try:
            urllib.request.urlopen(url, timeout=5).close()
        except urllib.error.HTTPError as exc:
            assert exc.code == 404
            break
        assert time.monotonic() - t0 < CULL_IDLE_TIMEOUT + 60, "the closed tab's kernel lives on"
        time.sleep(1)
    _record(closed_tab_kernel_culled_after_s=round(time.monotonic() - t0, 1))


def test_deep_link_opens_a_coup_scenario_at_a_step(page):
    """?scenario=<stem>&step=<n> on the Coup page: the preheated kernel waits for the request,
    then shows that scenario at that step; a bad link shows a message, not a traceback."""
    pg = page.page
    pg.goto(page.base + "/voila/render/coup.ipynb?scenario=2_contessa_bluff_loses_both&step=3",
            wait_until="domcontentloaded", timeout=120_000)
    pg.get_by_text(f"this link opens scenario {title_of('coup', '2_contessa_bluff_loses_both')[1]} at step 3").wait_for(timeout=120_000)
    assert pg.get_by_text("A bluffed Contessa against an assassination").first.is_visible()
    first_slider = pg.locator(".widget-readout").first
    assert first_slider.inner_text().strip() == "3"
    pg.screenshot(path=str(ARTIFACTS / "deep_link_coup.png"))
    pg.goto(page.base + "/voila/render/coup.ipynb?scenario=no_such_ruling",
            wait_until="domcontentloaded", timeout=120_000)
    pg.locator(".kl-error").first.wait_for(timeout=120_000)
    assert "no_such_ruling" in pg.locator(".kl-error").first.inner_text()
    assert "Traceback" not in pg.inner_text("body")
    assert page.external == []


def test_deep_link_reopens_the_shadow_master_frame_on_screen(page):
    """Shadow Master reads a siege event by event: stepping back inside it puts ``frame=<k>`` in
    the address bar, and reopening that address shows the same frame (not the action's first frame,
    nor the position before it).  A known scenario with ``step=abc`` opens at step 0 with a calm line."""
    pg = page.page
    pg.goto(page.base + "/voila/render/shadow_master.ipynb?scenario=attack_siege&step=3",
            wait_until="domcontentloaded", timeout=120_000)
    pg.get_by_text(f"this link opens scenario {title_of('shadow_master', 'attack_siege')[1]} at step 3").wait_for(timeout=120_000)
    frame_no = pg.locator(".kl-frame-no").first
    assert frame_no.inner_text().strip() == "7"
    pg.locator('button[title="ย้อน / back"]').first.click()
    pg.wait_for_url("**frame=6**", timeout=30_000)
    assert "step=" not in pg.url and frame_no.inner_text().strip() == "6"
    link = pg.locator("a.kl-share-link").first.get_attribute("href")
    assert link == "?scenario=attack_siege&frame=6"
    pg.goto(pg.url, wait_until="domcontentloaded", timeout=120_000)
    pg.get_by_text(f"this link opens scenario {title_of('shadow_master', 'attack_siege')[1]} at frame 6").wait_for(timeout=120_000)
    assert pg.locator(".kl-frame-no").first.inner_text().strip() == "6"
    pg.screenshot(path=str(ARTIFACTS / "deep_link_sm_frame.png"))
    pg.goto(page.base + "/voila/render/coup.ipynb?scenario=2_contessa_bluff_loses_both&step=abc",
            wait_until="domcontentloaded", timeout=120_000)
    pg.get_by_text(f"this link opens scenario {title_of('coup', '2_contessa_bluff_loses_both')[1]} at step 0").wait_for(timeout=120_000)
    note = pg.locator(".kl-link-note").first.inner_text()
    assert "abc" in note and "ช่อง step ของลิงก์" in note and "[link" not in note
    assert pg.locator(".kl-error").count() == 0 and "Traceback" not in pg.inner_text("body")
    pg.wait_for_url("**step=0**", timeout=30_000)
    assert page.external == []
