"""What a fresh user found on the dashboard's layout, in headless Chromium at 1280 and 390 px: a wide
table stays inside its column and scrolls in a box that shows it (Valeria's plans row ran to x=1333
past a 1255 px column; the analyzer's coverage and New World's scores were cut on a phone with no
sign of more), the play panel's "do" button keeps its label beside a wide dropdown, the rule panel's
section dropdown stays in its column.  Screenshots: ``artifacts/layout_*.png``."""
from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

WIDTHS = [(1280, 900), (390, 844)]

# each box: its right edge, its column's (the HTML widget holding it), whether it scrolls and shows it
BOXES = """(sel) => [...document.querySelectorAll(sel)].filter(e => e.getBoundingClientRect().width > 0).map(e => {
  const col = e.closest('.widget-html').getBoundingClientRect(), cs = getComputedStyle(e);
  return {right: e.getBoundingClientRect().right, column: col.right, screen: innerWidth, more: e.scrollWidth - e.clientWidth,
          scrolls: cs.overflowX === 'auto' || cs.overflowX === 'scroll', cue: cs.backgroundImage.includes('gradient')}; })"""


@contextmanager
def _open(browser, dashboard, name, width, height, wait):
    """The page ``name`` at ``width`` x ``height`` once ``wait`` is in it (closed afterwards)."""
    mobile = width < 500
    page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1,
                            is_mobile=mobile, has_touch=mobile, locale="th-TH")
    page.goto(f"{dashboard}/voila/render/{name}", wait_until="domcontentloaded", timeout=120_000)
    page.locator(wait).first.wait_for(state="attached", timeout=180_000)
    page.wait_for_timeout(1500)
    try:
        yield page
    finally:
        page.close()


def _fits(boxes):
    assert boxes
    for b in boxes:
        assert b["right"] <= b["column"] + 1 and b["right"] <= b["screen"] + 1, b
        assert b["scrolls"] and b["cue"], b


@pytest.mark.parametrize("width,height", WIDTHS)
def test_valeria_tables_stay_in_their_column(browser, dashboard, width, height):
    with _open(browser, dashboard, "valeria.ipynb", width, height, "table.kl-val-row") as page:
        _fits(page.evaluate(BOXES, ".kl-val-scroll"))
        page.locator("table.kl-val-row").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"layout_valeria_{width}.png"))


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_section_dropdown_stays_in_its_column(browser, dashboard, width, height):
    with _open(browser, dashboard, "coup.ipynb", width, height, ".kl-play-panel") as page:
        found = page.evaluate("""() => [...document.querySelectorAll('.widget-dropdown.kl-section-pick')].map(d =>
            [d.getBoundingClientRect().right, d.parentElement.getBoundingClientRect().right])""")
        assert found
        for right, column in found:
            assert right <= column - 4, (right, column)  # a gap before the scenario beside it


LONGEST_OPTION = """(s) => { const ctx = document.createElement('canvas').getContext('2d'); ctx.font = getComputedStyle(s).font;
  let best = 0, most = 0;
  [...s.options].forEach((o, i) => { const m = ctx.measureText(o.text).width; if (m > most) { most = m; best = i; } });
  return s.options[best].value; }"""
CHOSEN_READS = """(r) => { const s = r.querySelector('select'), cs = getComputedStyle(s), line = r.nextElementSibling;
  const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;
  const text = s.selectedOptions[0].text.replace(/\\u00a0/g, ' ');  // ipywidgets draws its spaces unbreakable
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;  // the arrow
  return {text, fits: ctx.measureText(text).width <= room, width: ctx.measureText(text).width, room,
          line: line && getComputedStyle(line).display !== 'none' && line.getBoundingClientRect().height > 0 ? line.innerText : ''}; }"""
"""The chosen entry of a play dropdown, whether the dropdown has room for its whole text, and the
"chosen" line under the row when it shows."""


@pytest.mark.parametrize("width,height", WIDTHS)
def test_new_world_do_button_stays_whole_and_the_scores_scroll_in_their_box(browser, dashboard, width, height):
    with _open(browser, dashboard, "new_world.ipynb", width, height, ".kl-play-panel") as page:
        page.locator(".kl-play-panel").first.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        row = page.locator(".kl-pick-row").first
        row.wait_for(timeout=60_000)
        page.wait_for_timeout(1000)
        look = row.evaluate("""(r) => { const s = r.querySelector('select'), b = r.querySelector('button');
            const picked = r.nextElementSibling;
            return {select: s.getBoundingClientRect().width, row: r.getBoundingClientRect().width,
                    right: Math.max(s.getBoundingClientRect().right, b.getBoundingClientRect().right),
                    rowRight: r.getBoundingClientRect().right, cut: b.scrollWidth - b.clientWidth,
                    label: b.innerText, bw: b.getBoundingClientRect().width,
                    picked: picked && getComputedStyle(picked).display !== 'none' ? picked.innerText : ''}; }""")
        assert look["cut"] <= 0 and look["bw"] >= 40 and look["label"].replace("\n", " ") == "ทำ / do", look
        assert look["right"] <= look["rowRight"] + 1, look
        if width < 500:  # the dropdown as wide as its row
            assert look["select"] >= look["row"] - 8, look
        else:            # the dropdown takes the row beside the button
            assert look["select"] > 300, look
        # the longest choice chosen: its whole label is read, in the dropdown or on the line under
        # it (at 1280 px the dropdown cut "place food farm on cell (10, 1" and the line was hidden)
        select = row.locator("select")
        select.select_option(select.evaluate(LONGEST_OPTION))
        page.wait_for_function("(r) => r.nextElementSibling && r.nextElementSibling.innerText.includes("
                               "r.querySelector('select').selectedOptions[0].text.replace(/\\u00a0/g, ' '))",
                               arg=row.element_handle(), timeout=30_000)
        chosen = row.evaluate(CHOSEN_READS)
        assert chosen["line"] or chosen["fits"], chosen
        assert chosen["line"] and chosen["text"] in chosen["line"], chosen   # the line shows at every width
        # the wide score table, or on a phone the one on its side (score_html): whichever is shown
        scores = ".kl-nw-score-box, .kl-nw-score-tall"
        _fits([b for b in page.evaluate(BOXES, scores) if b["more"] > 0] or page.evaluate(BOXES, scores))
        row.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"layout_new_world_play_{width}.png"))


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_analyzer_coverage_table_scrolls_in_its_box(browser, dashboard, width, height):
    with _open(browser, dashboard, "analyzer.ipynb", width, height, "table.kl-coverage") as page:
        boxes = page.evaluate(BOXES, ".kl-coverage-box")
        _fits(boxes)
        # (its columns now fit a phone's width: tests/test_browser_analyzer.py)
        page.locator(".kl-coverage-box").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"layout_analyzer_coverage_{width}.png"))


MODEBAR_CLEAR = """(el) => {
  const bar = el.querySelector('.modebar-container'), title = el.querySelector('.gtitle');
  const shown = bar && getComputedStyle(bar).display !== 'none' && bar.querySelector('.modebar') &&
    getComputedStyle(bar.querySelector('.modebar')).opacity !== '0' && bar.getBoundingClientRect().height > 0;
  const a = shown ? bar.querySelector('.modebar').getBoundingClientRect() : null;
  const t = title ? title.getBoundingClientRect() : null;
  const over = !!(a && t) && !(a.right <= t.left || t.right <= a.left || a.bottom <= t.top || t.bottom <= a.top);
  return {shown: !!shown, over, width: el.clientWidth, bar: a && [a.left, a.right], title: t && [t.left, t.right]};
}"""
"""Whether a chart's plotly modebar shows, and whether it covers the chart's title."""


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_analyzer_charts_modebar_leaves_the_titles_readable(browser, dashboard, width, height):
    """A tap on a chart (a hover at 1280 px) showed plotly's modebar, ten buttons and a logo across
    the top, over the chart's title: on a phone the chart shows none, on a wide screen the few it
    keeps (download, zoom, reset; no "share chart", which uploads to Plotly Cloud) stay clear of
    the title."""
    with _open(browser, dashboard, "analyzer.ipynb", width, height, ".js-plotly-plot .main-svg") as page:
        charts = page.locator(".js-plotly-plot")
        assert charts.count() >= 4
        for i in range(4):
            chart = charts.nth(i)
            chart.scroll_into_view_if_needed()
            box = chart.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            if width < 500:
                page.touchscreen.tap(x, y)
            else:
                page.mouse.move(x, y)
            page.wait_for_timeout(500)
            look = chart.evaluate(MODEBAR_CLEAR)
            assert not look["over"], (i, look)
            if width < 500:
                assert not look["shown"], (i, look)
            titles = chart.evaluate("(el) => [...el.querySelectorAll('.modebar-btn')].map(b => b.dataset.title)")
            assert "Share chart..." not in titles and len(titles) <= 3, titles
            if i == 0:
                page.screenshot(path=str(ARTIFACTS / f"layout_analyzer_modebar_{width}.png"),
                                clip={"x": 0, "y": max(0, box["y"] - 10), "width": width, "height": min(box["height"] + 20, 500)})


@pytest.mark.parametrize("name", ["shadow_master.ipynb", "coup.ipynb", "new_world.ipynb", "valeria.ipynb"])
def test_the_event_log_picker_stays_whole_in_its_box_at_1280(browser, dashboard, name):
    """The event log's picker (``kl-eventlog-pick``, width 100% plus its 2 px margins) ran 2 px past
    the event log's box on every game page, which cut its right border and arrow (found at 390 px
    on Shadow Master's page; ``tests/test_browser_phone.py`` checks every page at 390 px): its
    right edge stays inside the box that clips it and the screen."""
    with _open(browser, dashboard, name, 1280, 900, ".kl-eventlog-pick select") as page:
        found = page.evaluate("""() => [...document.querySelectorAll('.kl-eventlog-pick select')]
          .filter(s => s.getBoundingClientRect().width > 0).map(s => {
            let limit = innerWidth;
            for (let p = s.parentElement; p && p !== document.body; p = p.parentElement)
              if (getComputedStyle(p).overflowX !== 'visible') limit = Math.min(limit, p.getBoundingClientRect().right);
            return [s.getBoundingClientRect().right, limit]; })""")
        assert found
        for right, limit in found:
            assert right <= limit + 0.5, found
        page.locator(".kl-eventlog-pick select").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"layout_eventlog_pick_{name.split('.')[0]}_1280.png"))


PICKER_FIT = """() => [...document.querySelectorAll('.kl-eventlog-pick select')].filter(s => s.getBoundingClientRect().width > 0)
  .map(s => { const cs = getComputedStyle(s), ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;  // the arrow
    const texts = [...s.options].map(o => o.text.replace(/\\u00a0/g, ' '));
    const cut = texts.filter(t => ctx.measureText(t).width > room);
    return {room, n: texts.length, cut, widest: Math.max(...texts.map(t => ctx.measureText(t).width)),
            ends: texts.filter(t => t.endsWith('…')).map(t => t.slice(-12))}; })"""
"""Each event picker's room for its text and the entries wider than it (cut at its edge, inside a word)."""


def test_the_coup_event_picker_shows_each_entry_whole_at_1280(browser, dashboard):
    """A fresh user at 1280 px read Coup's "ข้อกติกาของ / clauses of" picker cut mid-word at its edge
    (its entries are whole event lines, Thai and English).  Every entry now fits the picker's room:
    a long line is shortened between words (Thai phrases are spaced), ending in "…" (the chosen
    line is written out in full under the picker)."""
    with _open(browser, dashboard, "coup.ipynb", 1280, 900, ".kl-eventlog-pick select") as page:
        found = page.evaluate(PICKER_FIT)
        assert found and all(f["n"] for f in found), found
        for f in found:
            assert not f["cut"], f
            for end in f["ends"]:  # shortened after a whole word: a space (or closing mark) before the "…"
                assert end[-2] not in " ", (end, f)
        page.locator(".kl-eventlog-pick select").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "layout_coup_event_picker_1280.png"))


DETAIL_HEADING = """() => [...document.querySelectorAll('.kl-eventlog-box')].map(box => {
    const sel = box.querySelector('.kl-eventlog-pick select'), h = box.querySelector('.kl-eventlog-detail .kl-eventlog-line');
    if (!sel || !h || sel.getBoundingClientRect().width === 0) return null;
    const r = h.getBoundingClientRect(), clipped = [];
    for (let p = h.parentElement; p && p !== document.body; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const b = p.getBoundingClientRect();   // a box that clips: the heading must lie inside it
      if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5)
        clipped.push({box: p.className.slice(0, 50), r: [r.left, r.top, r.right, r.bottom], b: [b.left, b.top, b.right, b.bottom]});
    }
    return {text: h.innerText.trim(), option: sel.options[sel.selectedIndex] ? sel.options[sel.selectedIndex].text : '',
            sw: h.scrollWidth, cw: h.clientWidth, sh: h.scrollHeight, ch: h.clientHeight, right: r.right,
            screen: innerWidth, clipped}; }).filter(x => x)"""
"""Each event log's chosen-event heading under its picker: its text, the picker's entry, whether it overflows or is clipped."""


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_coup_chosen_event_heading_is_whole_under_the_picker(browser, dashboard, width, height):
    """A fresh user read the chosen event's heading under Coup's "ข้อกติกาของ / clauses of" picker cut:
    it was the picker's shortened entry ("... ใครเป็นผู้เล่นคนแรก)…").  It is the whole line now,
    wrapped in the log's width: no wider than its box (scrollWidth <= clientWidth), no taller than
    it shows, inside every box that clips, and not ended by the picker's "…"."""
    with _open(browser, dashboard, "coup.ipynb", width, height, ".kl-eventlog-detail .kl-eventlog-line") as page:
        found = page.evaluate(DETAIL_HEADING)
        assert found, "no chosen-event heading under a picker"
        for f in found:
            assert f["sw"] <= f["cw"] and f["sh"] <= f["ch"] + 1, f
            assert f["right"] <= f["screen"] + 0.5 and not f["clipped"], f
            assert not f["text"].endswith("…"), f
            shown = f["option"].replace("\u00a0", " ").rstrip("…")
            assert f["text"].startswith(shown) and len(f["text"]) >= len(shown), f
        page.locator(".kl-eventlog-detail").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"layout_coup_event_heading_{width}.png"))


VALERIA_SEATS = """() => [...document.querySelectorAll('table.kl-val-seats')].filter(t => t.getBoundingClientRect().width > 0)
  .map(t => { const box = t.closest('.kl-val-scroll'), b = box.getBoundingClientRect();
    return {right: t.getBoundingClientRect().right, box: b.right, boxWidth: b.width, more: box.scrollWidth - box.clientWidth,
            screen: innerWidth, rows: [...t.querySelectorAll('tr[data-seat]')].map(r => Math.round(r.getBoundingClientRect().height)),
            split: [...t.querySelectorAll('.kl-nobr')].filter(n => n.getClientRects().length > 1).length,
            cards: getComputedStyle(t).display === 'block', example: !!t.closest('.kl-reader'),
            left: t.closest('.kl-page').getBoundingClientRect().left}; })"""
"""Each shown Valeria seats table: its right edge, its box's, how far the box scrolls sideways, its rows' heights."""


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_valeria_seats_table_fits_its_box(browser, dashboard, width, height):
    """A fresh user at 1280 px: the first board section's player table ran to 1339-1488 px in a
    1255 px box, its last columns behind a sideways scrollbar while the page beside it stood empty,
    and each seat's row was ~520 px tall (the abilities column wrapped an ability a line).  The table
    now fits its box at 1280 (no sideways scroll, rows of a sane height) and at 390 (a card per seat)."""
    with _open(browser, dashboard, "valeria.ipynb", width, height, "table.kl-val-seats") as page:
        found = page.evaluate(VALERIA_SEATS)
        assert found, found
        for f in found:
            assert f["right"] <= f["box"] + 1 and f["more"] <= 0 and f["box"] <= f["screen"] + 1, f
            assert not f["split"], f
            if width >= 1000 and f["example"]:
                # a rulebook example stays beside its clauses (right half), its seats a card each in
                # that ~713 px box (the 12 columns need ~810): under the clauses it began ~1050 px
                # below them and a stepped clause and its board were never on screen together
                assert f["left"] >= 0.3 * width and f["cards"], f
            elif width >= 1000:
                assert not f["cards"] and max(f["rows"]) <= 260, f
        page.locator("table.kl-val-seats").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"layout_valeria_seats_{width}.png"))
