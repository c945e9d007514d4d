"""The New World notebook in the dashboard, in headless Chromium (the system's).

Shares the one dashboard of ``tests/test_browser.py`` (same ``xdist_group``, the session
``dashboard`` fixture of ``conftest``; the page helper of ``test_browser_shadow_master``: external
requests blocked, console and HTTP errors recorded).  A scenario deep link is stepped through (the
stepper moves, the events show with their clauses and the settlement table with the closer last);
a game against a bot is played to the end by clicks on highlighted cells (each selects the placement
there, the dropdown naming it and the map outlining it; "do" places it), then the end breakdown
chart shows; the map fills its column at 1280 px and fits at 390 px.  Screenshots go to ``artifacts/``.
"""
from __future__ import annotations

import re

import pytest

from widgets.deeplink import title_of

from tests.conftest import ARTIFACTS
from tests.test_browser_phone import PHONE
from widgets.new_world.board import MAP_MIN_LABEL_PX

from tests.test_browser_shadow_master import TOKENS_ON_NAMES, OfflinePage

THAI = re.compile(r"[\u0e00-\u0e7f]")

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

STEM = "1_large_settlement_2_2_2_closer_last"


# Click the first highlighted cell of the play table's map (a highlight is drawn over the cell
# with the same points); returns its id, or "" when no cell is highlighted.
CLICK_HIGHLIGHTED = """
() => {
  const svg = document.querySelector('.kl-nw-play svg.kl-hexboard');
  const hl = svg && svg.querySelector('.kl-highlights polygon');
  if (!hl) return "";
  const cell = [...svg.querySelectorAll('polygon.kl-cell')].find(p => p.getAttribute('points') === hl.getAttribute('points'));
  cell.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  return cell.getAttribute('data-cell');
}
"""
# The table's choice shows the clicked cell "q,r": the dropdown's chosen entry names it (or, with few
# choices, a button is marked chosen) and the map outlines it; then "do" (or that button) is clicked.
SHOWS_CELL = """
(cell) => {
  const root = document.querySelector('.kl-nw-play');
  const [q, r] = cell.split(',');
  const s = root.querySelector('.kl-pick-row select');
  const named = s ? s.selectedOptions[0].text.replace(/\\u00a0/g, ' ').includes(`(${q}, ${r})`)
                  : !!root.querySelector('.kl-choices button.kl-chosen');
  const marks = root.querySelectorAll('svg.kl-hexboard path.kl-outline[stroke="#1f6fb2"]');
  if (!named || marks.length !== 1) return false;
  // the outline is round the clicked cell (not the one chosen before: its update may come last)
  const a = marks[0].getBBox(), b = root.querySelector(`svg.kl-hexboard polygon[data-cell="${cell}"]`).getBBox();
  return Math.abs(a.x + a.width / 2 - b.x - b.width / 2) < 1 && Math.abs(a.y + a.height / 2 - b.y - b.height / 2) < 1;
}
"""
DO_CHOSEN = """
() => {
  const root = document.querySelector('.kl-nw-play');
  const b = root.querySelector('.kl-choices button.kl-chosen') || root.querySelector('.kl-pick-row button');
  if (!b || b.disabled) return false;
  b.click();
  return true;
}
"""
REV = "() => { const s = document.querySelector('.kl-nw-play svg.kl-hexboard'); return s ? s.getAttribute('data-rev') : null; }"


def _widths(page) -> list[list[int]]:
    """[svg width, the width of its board view's column] of every map on the page."""
    return page.evaluate("() => [...document.querySelectorAll('.kl-nw-board svg.kl-hexboard')].map(s => ["
                         "Math.round(s.getBoundingClientRect().width),"
                         "Math.round(s.closest('.kl-nw-board').getBoundingClientRect().width)])")



def _assert_map_key_reads(play, width: int) -> None:
    """The map key under the play map (its entries: a swatch and its words) reads as lines of words
    beside the end-of-game chart: the key's entries shared a class name with the chart's 12 px
    swatches, so once the chart was drawn each entry was 12 px wide, its words a column of single
    letters running over the score table."""
    items = play.locator(".kl-nw-legend > span").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim(), Math.round(r.width), Math.round(r.height)]; })")
    assert items, "no map key under the play map"
    for text, w, h in items:
        assert w >= 40 and h <= 60, (width, text, w, h)


def _open_with_example_map(page, dashboard: str, drawn: str):
    """Open New World's page in ``page``: ``(its play panel, the first example's map)`` once the
    map holds a ``drawn`` element (and a second more for its layout)."""
    page.goto(f"{dashboard}/voila/render/new_world.ipynb", wait_until="domcontentloaded", timeout=120_000)
    panel = page.locator(".kl-play-panel").first
    panel.wait_for(state="attached", timeout=180_000)
    scenario = page.locator(".kl-nw-scenario .kl-nw-map").first
    scenario.locator(drawn).first.wait_for(state="attached", timeout=120_000)
    page.wait_for_timeout(1000)
    return panel, scenario


def test_new_world_notebook_steps_a_scenario_and_plays_a_game(browser, dashboard):
    op = OfflinePage(browser)
    page = op.page
    try:
        op.goto(f"{dashboard}/voila/render/new_world.ipynb?scenario={STEM}&step=0")
        page.get_by_text(f"this link opens scenario {title_of('new_world', STEM)[1]} at step 0").wait_for(timeout=180_000)
        op.wait_for_widgets(".kl-nw-scenario svg.kl-hexboard polygon[data-cell]")
        linked = page.locator(".kl-nw-scenario").first
        assert linked.locator(".widget-readout").first.inner_text().strip() == "0"
        forward = linked.locator('button[title="ถัดไป / forward"]').first
        forward.click()
        page.wait_for_function("() => document.querySelector('.kl-nw-scenario .widget-readout').textContent.trim() === '1'",
                               timeout=20_000)
        linked.locator(".kl-decide").first.wait_for(timeout=20_000)
        text, markup = linked.inner_text(), linked.inner_html()
        for clause in ("turn.place_tile", "scoring.large_settlement_majority", "scoring.settlement_tiebreak"):
            # cited (the id in the markup: tooltips, data attributes), named by its title on screen
            assert clause in markup and clause not in text, clause
        assert "ปิดนิคม / closer" in linked.locator(".kl-decide").first.inner_text()
        assert linked.locator("path.kl-outline").count() >= 1
        # the address follows the reader's step: its own message from the kernel, which may come
        # after the readout's on a busy machine (CI: read at once, it still said step=0)
        page.wait_for_function("() => new URLSearchParams(location.search).get('step') === '1'",
                               timeout=20_000)
        # and so does the line over it (it said "step 0" after the reader had stepped)
        page.get_by_text(f"scenario {title_of('new_world', STEM)[1]} from the link (opened at step 0) · now showing step 1").wait_for(timeout=20_000)
        page.wait_for_timeout(300)
        linked.screenshot(path=str(ARTIFACTS / "new_world_deep_link_1280.png"))

        # the map fills its column at 1280 px (the panel beside it wraps below when the column is narrow)
        widths = _widths(page)
        assert widths and all(svg >= 0.55 * col for svg, col in widths), widths

        # play against one greedy bot, by clicks on highlighted cells, to the end
        panel = page.locator(".kl-play-panel").first
        panel.locator("input[type=text]").first.fill("5")
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        play = page.locator(".kl-nw-play").first
        play.locator("svg.kl-hexboard .kl-highlights polygon").first.wait_for(timeout=60_000)
        # "let the “…” bots finish (they play my seat too)" reads whole at 1280 px (it was cut: "… / let t…")
        finish = play.locator(".kl-tools button", has_text="bots finish").first
        finish.wait_for(timeout=30_000)
        assert finish.evaluate("b => b.scrollWidth <= b.clientWidth + 1 && b.scrollHeight <= b.clientHeight + 1"), \
            finish.evaluate("b => [b.scrollWidth, b.clientWidth, b.scrollHeight, b.clientHeight, b.textContent]")
        clicks = 0
        def settled_moves() -> int:
            """The event log's entries once it stopped changing (the log is drawn after the board,
            so right after a move's board it may still be a move behind)."""
            last = -1
            for _ in range(40):
                now = play.locator(".kl-eventlog-pick option").count()
                if now == last:
                    return now
                last = now
                page.wait_for_timeout(250)
            return last

        for _ in range(80):
            moves = settled_moves()
            cell = page.evaluate(CLICK_HIGHLIGHTED)  # selects the placement there (places nothing)
            if not cell:
                break
            page.wait_for_function(SHOWS_CELL, arg=cell, timeout=20_000)
            assert play.locator(".kl-eventlog-pick option").count() == moves, "the click placed the tile"
            if clicks == 0:  # the clicked cell outlined on the map, its placement in the dropdown
                play.screenshot(path=str(ARTIFACTS / "new_world_play_chosen_1280.png"))
            rev = page.evaluate(REV)
            assert page.evaluate(DO_CHOSEN)  # "do" places it
            clicks += 1
            page.wait_for_function(f"() => ({REV})() !== {rev!r}", timeout=20_000)
            page.wait_for_timeout(150)
        assert clicks >= 30, clicks
        play.get_by_text("ผู้ชนะ / winner").first.wait_for(timeout=30_000)
        chart = play.locator(".kl-nw-chart .kl-nw-breakdown").first
        chart.wait_for(timeout=60_000)
        assert "ฟาร์ม / farms" in play.locator(".kl-nw-chart").first.inner_text()
        # the stacked bars (HTML, widgets/new_world/charts.py): one row per seat, drawn with a width
        assert play.locator(".kl-nw-chart .kl-nw-bar-row").count() >= 2
        assert play.locator(".kl-nw-chart .kl-nw-seg").first.bounding_box()["width"] > 0
        page.wait_for_timeout(500)
        _assert_map_key_reads(play, 1280)
        play.screenshot(path=str(ARTIFACTS / "new_world_play_end_1280.png"))

        # a phone: the maps fit the screen, but the play map, drawn wider (its cells big enough to
        # tap) in a box that scrolls sideways and itself fits (widgets/mobile.py)
        page.set_viewport_size({"width": 390, "height": 2600})
        page.wait_for_timeout(1500)
        boxes = page.evaluate("() => [...document.querySelectorAll('.kl-nw-board svg.kl-hexboard')].map(s => ["
                              "s.closest('.kl-nw-play') !== null, Math.round(s.getBoundingClientRect().width),"
                              "Math.round(s.parentElement.getBoundingClientRect().right)])")
        assert boxes and all(right <= 390 and (play or svg <= 390) for play, svg, right in boxes), boxes
        _assert_map_key_reads(play, 390)
        play.screenshot(path=str(ARTIFACTS / "new_world_play_end_390.png"))
        linked.screenshot(path=str(ARTIFACTS / "new_world_deep_link_390.png"))
        assert "Traceback" not in page.inner_text("body")
        assert op.external == [], f"external requests: {op.external}"
        assert op.errors == [], op.errors
    finally:
        page.close()


def test_new_world_sections_are_built_when_the_reader_scrolls_to_them(browser, dashboard):
    """The sections below the first screens open as placeholders (their widgets are not sent with
    the page, ``widgets/lazy.py``); scrolling to one builds it, its map drawn; the end chart comes
    when the reader gets to it, and the page never fetches plotly.js (its chart is HTML)."""
    op = OfflinePage(browser)
    page = op.page
    modules: list[str] = []
    page.on("request", lambda r: modules.append(r.url) if "/kl-static/" in r.url else None)
    try:
        op.goto(f"{dashboard}/voila/render/new_world.ipynb")
        op.wait_for_widgets(".kl-reader svg.kl-hexboard polygon[data-cell]")
        page.wait_for_timeout(1500)
        waiting = page.locator(".kl-lazy-box .kl-lazy").count()
        assert waiting >= 8, waiting
        assert not any("plotly-widget" in u for u in modules), modules
        maps = page.locator(".kl-reader svg.kl-hexboard").count()
        page.locator("#kl-s8").scroll_into_view_if_needed()  # Ireland, past the end chart
        page.wait_for_function(f"() => document.querySelectorAll('.kl-reader svg.kl-hexboard').length > {maps}",
                               timeout=120_000)
        page.locator(".kl-nw-board svg.kl-hexboard polygon[data-cell]").last.wait_for(timeout=60_000)
        assert page.locator(".kl-lazy-box .kl-lazy").count() < waiting
        page.locator(".kl-nw-breakdown .kl-nw-seg").first.wait_for(timeout=120_000)  # the end chart
        assert not any("plotly" in u for u in modules), modules
        assert "Traceback" not in page.inner_text("body") and page.locator(".kl-error").count() == 0
        assert op.external == [], f"external requests: {op.external}"
        assert op.errors == [], op.errors
    finally:
        page.close()


def test_the_ireland_play_view_shows_the_public_missions_beside_the_map(browser, dashboard):
    """A game on the Ireland side showed its face-up public missions nowhere: the panel beside the
    map lists them, each with what it scores (Thai and English), at 1280 px and on a phone."""
    op = OfflinePage(browser)
    page = op.page
    try:
        op.goto(f"{dashboard}/voila/render/new_world.ipynb")
        panel = page.locator(".kl-play-panel").first
        panel.wait_for(timeout=180_000)
        panel.locator("select").filter(has_text="ไอร์แลนด์ / Ireland").first.select_option(label="ไอร์แลนด์ / Ireland")
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        play = page.locator(".kl-nw-play").first
        missions = play.locator(".kl-nw-public li")
        missions.first.wait_for(timeout=60_000)
        assert missions.count() >= 1
        for i in range(missions.count()):
            text = missions.nth(i).inner_text()
            assert "คนแรกที่ทำได้" in text and "first to achieve it" in text, text
        page.wait_for_timeout(500)
        play.screenshot(path=str(ARTIFACTS / "new_world_ireland_play_1280.png"))
        page.set_viewport_size({"width": 390, "height": 2600})
        page.wait_for_timeout(1500)
        box = play.locator(".kl-nw-public").first.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box  # fits the phone
        play.screenshot(path=str(ARTIFACTS / "new_world_ireland_play_390.png"))
        assert "Traceback" not in page.inner_text("body")
        assert op.errors == [], op.errors
    finally:
        page.close()


# The map editor's board against every box that clips it: the SVG's rectangle, the clipping
# ancestors' (overflow not visible) it runs out of, and the page's width against the screen.
EDITOR_BOARD = """
() => {
  const svg = document.querySelector('.kl-nw-editor svg.kl-hexboard');
  const r = svg.getBoundingClientRect(), cut = [];
  for (let p = svg.parentElement; p && p !== document.body; p = p.parentElement) {
    const cs = getComputedStyle(p);
    if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    if (r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5 || r.left < q.left - 0.5 || r.right > q.right + 0.5)
      cut.push({box: p.className.slice(0, 60), top: q.top, bottom: q.bottom, left: q.left, right: q.right});
  }
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height, cut,
          screen: innerWidth, page: document.scrollingElement.scrollWidth,
          cells: svg.querySelectorAll('polygon.kl-cell').length};
}
"""


def test_the_map_editor_board_is_whole_on_a_phone(browser, dashboard):
    """At 390×844 the map editor's board (an SVG as wide as the column) was cut at its bottom: its
    widget box was laid out 42 px shorter than the board (Chromium sized it by an SVG's default
    300 px width) and hid what ran past, the lower rows of the map.  Now the board lies wholly inside
    every box that clips it, as wide as the column (it scales to the width) and the page does not
    scroll sideways."""
    page = browser.new_page(viewport=PHONE, locale="th-TH", device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page.goto(f"{dashboard}/voila/render/new_world.ipynb", wait_until="domcontentloaded", timeout=120_000)
        page.locator(".kl-play-panel").first.wait_for(state="attached", timeout=180_000)
        page.locator("#kl-s11").scroll_into_view_if_needed()  # the editor is built when the reader gets to it
        page.locator(".kl-nw-editor svg.kl-hexboard polygon.kl-cell").first.wait_for(state="attached", timeout=120_000)
        page.wait_for_timeout(1000)
        page.locator(".kl-nw-editor .kl-nw-map").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        got = page.evaluate(EDITOR_BOARD)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-nw-editor .kl-nw-map").first.screenshot(path=str(ARTIFACTS / "new_world_editor_board_390.png"))
        assert got["cells"] > 100, got
        assert got["cut"] == [], got  # the whole board shows: no box clips it
        column = page.evaluate("() => document.querySelector('.kl-nw-editor').getBoundingClientRect().width")
        assert got["width"] >= column - 2 and got["right"] <= got["screen"] + 1, (got, column)  # scales to the width
        assert got["page"] <= got["screen"] + 1, got  # no sideways scroll of the page
        # its place labels, 3.8 px at this width, are hidden; a tap names the cell under the map, in
        # the words of its hover text, as it is after the tap's edit (a fresh user's finding: the
        # labels were an unreadable smudge and a tap only edited)
        board = page.locator(".kl-nw-editor .kl-nw-map").first
        labels = board.evaluate(MAP_LABELS)
        assert labels["n"] > 10 and labels["px"] < 5 and labels["shown"] == 0, labels
        line = _tap_names(page, board, labels["cell"], tap=True)
        assert line["text"] == "ช่องที่แตะ / cell tapped: " + line["title"] and line["font"] >= 12, line
        q, r = labels["cell"].split(",")
        th, en = line["title"].split(" / ")
        assert f"({q}, {r})" in th and f"({q}, {r})" in en and THAI.search(th) and not THAI.search(en), line
        board.screenshot(path=str(ARTIFACTS / "new_world_editor_tapped_390.png"))
    finally:
        page.close()


# A map's place labels: the size they are drawn at (CSS px, from the SVG's scale), how many show,
# and the first labelled cell: its id and its label's text (a label sits over its cell's centre).
MAP_LABELS = """
(map) => {
  const svg = map.querySelector('svg.kl-hexboard'), vb = svg.viewBox.baseVal;
  const texts = [...svg.querySelectorAll('.kl-labels text')].filter(t => t.textContent !== '+1');
  const px = texts.length ? parseFloat(texts[0].getAttribute('font-size')) * svg.getBoundingClientRect().width / vb.width : null;
  const shown = texts.filter(t => t.getBoundingClientRect().height > 0);
  const t = texts[0], x = parseFloat(t.getAttribute('x')), y = parseFloat(t.getAttribute('y'));
  const cell = [...svg.querySelectorAll('polygon.kl-cell')].find(p => {
    const b = p.getBBox(); return Math.abs(b.x + b.width / 2 - x) < 0.2 && y > b.y && y < b.y + b.height; });
  return {px, n: texts.length, shown: shown.length, minShown: shown.length ? Math.min(...shown.map(s => s.getBoundingClientRect().height)) : null,
          cell: cell.getAttribute('data-cell'), label: t.textContent};
}
"""
# The line under a map naming the tapped cell: its text, its font size (px), the cell it names.
NAME_LINE = """
(map) => {
  const c = map.querySelector('.kl-hex-caption'), r = c.getBoundingClientRect();
  return {text: r.height > 0 ? c.textContent : null, font: parseFloat(getComputedStyle(c).fontSize), cell: c.getAttribute('data-cell'),
          title: map.querySelector(`polygon.kl-cell[data-cell="${c.getAttribute('data-cell')}"] title`)?.textContent};
}
"""


def _tap_names(page, mp, cell: str, tap: bool) -> dict:
    """Tap (or, at 1280 px, click) ``cell`` of the map ``mp`` and return its name line (:data:`NAME_LINE`)."""
    polygon = mp.locator(f'polygon.kl-cell[data-cell="{cell}"]')
    polygon.scroll_into_view_if_needed()
    polygon.tap() if tap else polygon.click()
    page.wait_for_function("([m, id]) => m.querySelector('.kl-hex-caption').getAttribute('data-cell') === id",
                           arg=[mp.element_handle(), cell], timeout=10_000)
    return mp.evaluate(NAME_LINE)


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}], ids=["390", "1280"])
def test_a_tapped_cell_is_named_where_its_label_is_too_small_to_read(browser, dashboard, viewport):
    """At 390 px a scenario's map fits the 362 px column and wrote its place names 3.8 px high (a
    smudge over 18 px cells): those labels are now hidden, and a tap on a cell names it in a line
    under the map, 13 px, in the engine's words (Thai and English, the whole name the label cut);
    the play map (drawn 1.6 times the column) keeps its 6 px labels, and a tapped cell is named
    there too (>= 12 px).  At 1280 px every map keeps its labels (7 px and more)."""
    phone = viewport == PHONE
    page = browser.new_page(viewport=viewport, locale="th-TH", device_scale_factor=1, is_mobile=phone, has_touch=phone)
    try:
        panel, scenario = _open_with_example_map(page, dashboard, "polygon.kl-cell")
        got = scenario.evaluate(MAP_LABELS)
        assert got["n"] > 10, got
        hint = scenario.evaluate("m => { const h = m.querySelector('.kl-hex-hint');"
                                 " return h && !h.hidden && h.getBoundingClientRect().height > 0 ? h.textContent : ''; }")
        if not phone:
            assert got["px"] >= 7 and got["shown"] == got["n"] and got["minShown"] > 0, got
            assert hint == "", hint  # names drawn: nothing to say
        else:
            assert got["px"] < MAP_MIN_LABEL_PX and got["shown"] == 0, got  # 7 px, two 18 px cells wide: hidden
            # a map with no names says how to read one (a fresh user found the tap by accident)
            assert hint == "แตะช่องเพื่อดูชื่อช่อง / tap a cell to see its name", hint
            line = _tap_names(page, scenario, got["cell"], tap=True)
            assert line["text"] == "ช่องที่แตะ / cell tapped: " + line["title"], line
            th, en = line["title"].split(" / ")
            name = got["label"].rstrip("…")  # the label's (cut) name, written whole in both languages
            assert name in th and name in en, (got, line)
            assert line["font"] >= 12, line
            ARTIFACTS.mkdir(exist_ok=True)
            scenario.screenshot(path=str(ARTIFACTS / "new_world_scenario_named_390.png"))
        # the play map: its labels kept where they read (6 px at 390, wider in a box that scrolls)
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        play = page.locator(".kl-nw-play .kl-nw-map").first
        play.locator(".kl-highlights polygon").first.wait_for(timeout=120_000)
        page.wait_for_timeout(1000)
        mine = play.evaluate(MAP_LABELS)
        assert mine["px"] >= (6 if phone else 7) and mine["shown"] == mine["n"], mine
        line = _tap_names(page, play, mine["cell"], tap=phone)
        assert line["text"] == "ช่องที่แตะ / cell tapped: " + line["title"] and line["font"] >= 12, line
        assert mine["label"].rstrip("…") in line["title"], (mine, line)
        play.screenshot(path=str(ARTIFACTS / f"new_world_play_named_{viewport['width']}.png"))
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= viewport["width"] + 1
    finally:
        page.close()


def test_an_entry_picked_in_the_select_is_marked_on_the_map_and_do_places_it(browser, dashboard):
    """The play choices are one kernel-drawn picture (widgets.playchoices): the reader's pick in the
    select goes to the kernel (the map outlines that entry's cell), the line under the row names it
    whole at once, and "do" places exactly that entry (its click carries the entry the select
    showed), not the first one."""
    op = OfflinePage(browser)
    page = op.page
    try:
        op.goto(f"{dashboard}/voila/render/new_world.ipynb")
        panel = page.locator(".kl-play-panel").first
        panel.wait_for(timeout=180_000)
        panel.locator("input[type=text]").first.fill("5")
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        play = page.locator(".kl-nw-play").first
        select = play.locator(".kl-pick-row select").first
        select.wait_for(timeout=60_000)
        text = select.evaluate("s => s.options[3].text")
        q, r = re.search(r"\((\d+), (\d+)\)\s*$", text).groups()
        cell = f"{q},{r}"
        fill = page.evaluate(f"() => document.querySelector('.kl-nw-play polygon.kl-cell[data-cell=\"{cell}\"]').getAttribute('fill')")
        select.select_option(index=3)
        picked = play.locator(".kl-picked").first
        assert text in picked.inner_text().replace("\u00a0", " ")  # written in the browser, at once
        page.wait_for_function(SHOWS_CELL, arg=cell, timeout=20_000)  # the kernel heard the pick
        page.wait_for_timeout(300)
        play.screenshot(path=str(ARTIFACTS / "new_world_play_picked_1280.png"))
        rev = page.evaluate(REV)
        play.locator(".kl-pick-row button").first.click()
        page.wait_for_function(f"() => ({REV})() !== {rev!r}", timeout=20_000)
        page.wait_for_function(
            f"(old) => document.querySelector('.kl-nw-play polygon.kl-cell[data-cell=\"{cell}\"]').getAttribute('fill') !== old",
            arg=fill, timeout=20_000)  # a tile on the picked cell
        assert not op.errors, op.errors
    finally:
        page.close()


# The place names of a map as drawn: the smallest font size on screen (computed size times the SVG's
# scale), how many show, and the pairs of names whose letters' boxes (canvas measureText, in the SVG's
# units: the SVG text box of a Thai font is 1.6 em tall) overlap, "+1" marks included.
NAME_SIZES = """(map) => {
  const svg = map.querySelector('svg.kl-hexboard'), scale = svg.getScreenCTM().a;
  const ctx = document.createElement('canvas').getContext('2d');
  const shown = [...svg.querySelectorAll('text.kl-label')].filter(t => t.getBoundingClientRect().width > 0);
  const names = shown.filter(t => t.textContent !== '+1');
  const boxes = shown.map(t => {
    const cs = getComputedStyle(t), fs = parseFloat(t.getAttribute('font-size'));
    ctx.font = `${cs.fontWeight} ${fs * 10}px ${cs.fontFamily}`;
    const m = ctx.measureText(t.textContent), x = +t.getAttribute('x'), y = +t.getAttribute('y');
    return [t.textContent, x - m.width / 20, x + m.width / 20, y - m.actualBoundingBoxAscent / 10, y + m.actualBoundingBoxDescent / 10];
  });
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, al, ar, at, ab] = boxes[i], [b, bl, br, bt, bb] = boxes[j];
    if (al < br && bl < ar && at < bb && bt < ab) overlaps.push([a, b]);
  }
  return {n: names.length, all: svg.querySelectorAll('text.kl-label').length, overlaps,
          min: names.length ? Math.min(...names.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)) : null};
}"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}], ids=["390", "1280"])
def test_the_place_names_read_on_the_maps(browser, dashboard, viewport):
    """A fresh user's trial: the play map's place names ("Urquhart", "Dunnot…") were 6 px high at
    390 px.  As drawn (font size times the map's scale) they are now at least 11 px there (the play
    map, in its box that scrolls) and at 1280 px on the play map and the rulings' example maps; the
    example maps at 390 px, the whole map in the 362 px column, keep them hidden (a tap names a cell).
    No two names' letters overlap, and at the end of a game no token crosses a name's letters."""
    phone = viewport == PHONE
    page = browser.new_page(viewport=viewport, device_scale_factor=1, is_mobile=phone, has_touch=phone)
    try:
        panel, scenario = _open_with_example_map(page, dashboard, "text.kl-label")
        example = scenario.evaluate(NAME_SIZES)
        panel.locator("input[type=text]").first.fill("5")
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        play = page.locator(".kl-nw-play .kl-nw-map").first
        play.locator(".kl-highlights polygon").first.wait_for(timeout=120_000)
        page.wait_for_timeout(1000)
        start = play.evaluate(NAME_SIZES)
        page.locator(".kl-nw-play .kl-tools button", has_text="bots finish").first.click()
        page.locator(".kl-nw-play .kl-decide", has_text="game over").first.wait_for(timeout=180_000)
        page.wait_for_timeout(1000)
        end = play.evaluate(NAME_SIZES)
        tokens = page.evaluate(TOKENS_ON_NAMES, ".kl-nw-play svg.kl-hexboard")
        play.screenshot(path=str(ARTIFACTS / f"new_world_names_{viewport['width']}.png"))
    finally:
        page.close()
    assert start["n"] > 15 and start["min"] >= 11, start
    assert start["overlaps"] == [] and end["overlaps"] == [], (start, end)
    if phone:
        assert example["n"] == 0 and example["all"] > 15, example  # hidden; a tap names the cell
    else:
        assert example["n"] > 15 and example["min"] >= 11 and example["overlaps"] == [], example
    assert tokens["tokens"] > 20 and tokens["crossed"] == [], tokens
