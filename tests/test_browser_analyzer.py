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
        pg.get_by_text("win rate by seat").first.wait_for(timeout=180_000)
        # the first run plays after the page opens (in the background): its charts are drawn one
        # after another as it ends (a wait, not a speed goal: under a busy CPU, two runs beside
        # this one, 60 s was not always enough)
        pg.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length >= 5", timeout=180_000)
        # the page's plotly.js is the basic partial bundle (widgets/bundles.py): every chart
        # draws, the game lengths as bars counted in Python, the sweep as lines with bands
        pg.get_by_text("game length").first.wait_for(timeout=180_000)
        # the three panels below the first screen are built when the reader nears them
        # (widgets/lazy.py): scroll to each placeholder until none is left. Three such parts; how many
        # are still placeholders now depends on the machine (on a busy one the first panel's charts
        # came late, the page was short, and a part near the first screen was already built: 2 left)
        assert pg.locator(".kl-lazy-box").count() == 3
        assert pg.locator(".kl-lazy-box .kl-lazy").count() >= 1
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
        # Thai and English names read apart in the page's text (a fresh user read
        # "อิทธิพลที่เหลือinfluence left"), the subtitles say their values in Thai too, and coverage
        # rows under one section title are told apart by their own words
        import re
        # (Coup's one score source, influence left, is named in the words over how seats' games
        # ended, whose legend reads apart the same way)
        assert re.search(r"คะแนนมีที่มาเดียวคืออิทธิพลที่เหลือ", body) and "one source, influence left" in body
        assert re.search(r"ชนะ\s*/\s*won", body) and re.search(r"ถูกลอบสังหาร\s*/\s*assassinated", body), \
            body[body.find("ผล / outcome"):][:300]
        assert "ความสมดุล" in body and "มัธยฐาน" in body
        assert "ส่วนประกอบ: การ์ดตัวละคร" in body
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


def _shadow_master_figures() -> dict:
    """Every analyzer chart of a small Shadow Master run (4 seats, the words the analyzer passes:
    ``seat_words``, ``id_text``), as :meth:`widgets.analyzer.SimulationPanel.draw` and the sweep
    panel build them: ``{name: figure dict}``."""
    from rules.analysis import compare, simulate, sweep, table_scale_points
    from widgets import analysis_charts as C
    from widgets.analyzer import id_text, seat_words
    game, cfg = "shadow_master", {"players": 4}
    df = simulate(game, 8, config=cfg, seed=0, workers=1, progress=False)
    seat = seat_words(game)
    cmp = compare(game, 4, cfg, {"territory_limit": "generous"}, seed=0, workers=1, progress=False)
    table = sweep(game, table_scale_points([0.5, 2.0]), 3, "random", cfg, seed=0, workers=1, progress=False)
    return {"win": C.win_rate_chart(df, seat=seat), "length": C.length_chart(df),
            "sources": C.sources_chart(df, seat=seat, source=id_text(game, "source")),
            "branching": C.branching_chart(df, phase=id_text(game, "phase", C.LINES)),
            "compare": C.compare_chart(cmp, quantity=id_text(game, "quantity", C.LINES)),
            "sweep": C.sweep_chart(table, seat=seat, title="Shadow Master: ตาราง Rank/ความเสียหายคูณด้วย / "
                                                           "Rank and damage tables scaled")}


@pytest.fixture(scope="module")
def shadow_master_figures() -> dict:
    return _shadow_master_figures()


# What a reader finds wrong in a drawn chart (#c): a text (tick label, axis title, title, legend)
# outside the plot's box, a slanted seat tick, tick labels over one another, an axis title or a
# tick label over the legend.
CHART_LAYOUT = """
() => {
  const root = document.getElementById('c'), svg = root.querySelector('svg.main-svg');
  const box = svg.getBoundingClientRect(), out = [];
  const rect = (el) => el.getBoundingClientRect();
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const name = (el) => `${el.closest('[class]').getAttribute('class').split(' ')[0]} "${el.textContent.slice(0, 30)}"`;
  const texts = [...root.querySelectorAll('.xtick text, .ytick text, .g-xtitle text, .g-ytitle text, .gtitle, .legend text')]
    .filter(t => rect(t).width > 0);
  for (const t of texts) {
    const r = rect(t);
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1)
      out.push(`${name(t)} outside the chart: ${Math.round(r.left)}..${Math.round(r.right)} x ${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(box.left)}..${Math.round(box.right)} x ${Math.round(box.top)}..${Math.round(box.bottom)}`);
  }
  for (const t of root.querySelectorAll('.xtick text'))
    if (/rotate\\((?!0\\))/.test(t.getAttribute('transform') || '')) out.push(`${name(t)} slanted`);
  const ticks = [...root.querySelectorAll('.xtick text')].filter(t => rect(t).width > 0);
  for (let i = 1; i < ticks.length; i++)
    if (meet(rect(ticks[i - 1]), rect(ticks[i]))) out.push(`${name(ticks[i - 1])} over ${name(ticks[i])}`);
  const legend = root.querySelector('.legend');
  if (legend && rect(legend).width > 0) {
    const L = rect(legend.querySelector('.bg') || legend);
    for (const t of root.querySelectorAll('.xtick text, .g-xtitle text, .g-ytitle text'))
      if (rect(t).width > 0 && meet(rect(t), L)) out.push(`${name(t)} over the legend`);
  }
  const title = root.querySelector('.gtitle');
  if (title && rect(title).width > 0)
    for (const t of root.querySelectorAll('.xtick text, .ytick text, .g-xtitle text, .g-ytitle text, .legend text'))
      if (rect(t).width > 0 && meet(rect(t), rect(title))) out.push(`the title over ${name(t)}`);
  return out;
}
"""


def _chart_page(browser, viewport: dict, fig: dict):
    """A page at ``viewport`` drawing ``fig`` in a box as :func:`widgets.analysis_charts.into` sizes
    it in the analyzer (autosize, the layout's width as the box's max width, the page's 16 px
    margins), with the page's plotly.js."""
    import json

    from widgets.bundles import PLOTLY_PARTIAL
    layout = {**fig["layout"], "autosize": True}
    width = layout.pop("width", None)
    page = browser.new_page(viewport=viewport, device_scale_factor=1)
    page.set_content('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                     f'<body style="margin:16px"><div id="c" style="width:100%;max-width:{width}px"></div></body>')
    page.add_script_tag(path=str(PLOTLY_PARTIAL))
    page.evaluate(f"() => Plotly.newPlot('c', {json.dumps(fig['data'])}, {json.dumps(layout)}, {{displayModeBar: false}})")
    return page


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("chart", ["win", "length", "sources", "branching", "compare", "sweep"])
def test_analyzer_charts_keep_their_words_inside_and_apart(browser, shadow_master_figures, chart, width):
    """Found by a fresh user on the analyzer at 1280 px (Shadow Master, 4 seats): the win-rate
    chart's seat ticks ("ผู้เล่น 1 (ที่นั่ง 0)") slanted and cut at the right edge, the x-axis
    title drawn over the fair-share legend, "mean score" cut at the left.  Every chart, at 1280 and
    at a phone's 390 px: every tick label, axis title, title and legend entry inside the chart, the
    seat ticks level and apart, no axis title or tick label over the legend."""
    page = _chart_page(browser, {"width": width, "height": 900}, shadow_master_figures[chart])
    try:
        page.wait_for_selector("#c svg.main-svg")
        page.wait_for_timeout(300)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#c").screenshot(path=str(ARTIFACTS / f"analyzer_{chart}_{width}.png"))
        assert page.evaluate(CHART_LAYOUT) == []
    finally:
        page.close()


SELECT_LOOK = """(d) => { const s = d.querySelector('select'), cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d'); ctx.font = cs.font;
  const text = s.selectedOptions[0].text.replace(/\\u00a0/g, ' ');  // ipywidgets draws its spaces unbreakable
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);  // the arrow is in the padding
  return {text, need: ctx.measureText(text).width, room, right: d.getBoundingClientRect().right, screen: innerWidth}; }"""
"""A dropdown's chosen text, the room its select has for it, and its right edge."""
LONGEST_OPTION = """(s) => { const ctx = document.createElement('canvas').getContext('2d'); ctx.font = getComputedStyle(s).font;
  let best = 0, most = 0;
  [...s.options].forEach((o, i) => { const m = ctx.measureText(o.text).width; if (m > most) { most = m; best = i; } });
  return s.options[best].value; }"""
COVERAGE_LOOK = """() => { const box = document.querySelector('.kl-coverage-box'), r = box.getBoundingClientRect();
  return {height: r.height, right: r.right, more: box.scrollWidth - box.clientWidth, screen: innerWidth, tall: innerHeight,
          heads: [...box.querySelectorAll('th')].map(t => [t.innerText, t.getBoundingClientRect().right]),
          table: box.querySelector('table.kl-coverage').getBoundingClientRect().right,
          ids: box.querySelectorAll('.kl-clause-id').length, text: box.innerText,
          titles: [...box.querySelectorAll('td.kl-clause-name')].map(c => c.title)}; }"""


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_analyzer_dropdowns_and_coverage_table_fit(browser, dashboard, width, height):
    """A fresh user's trial: at 1280 px the game and reading dropdowns cut their words
    ("เกมโค่นอำนาจ / Coup (Inquisito", "15 ใบ มีทูต ไม่มีนักสืบศาสนา / 15 cards with ."), and the clause
    coverage table sat in a box of four rows (two on a phone, whose "games citing it" column was off
    the screen).  At 1280 each dropdown holds its chosen words whole (the longest reading chosen);
    at 390 each stays inside the screen; the coverage box is 400 px high (60 % of a phone's height)
    and its four columns fit its width."""
    mobile = width < 500
    page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1,
                            is_mobile=mobile, has_touch=mobile, locale="th-TH")
    try:
        page.goto(dashboard + "/voila/render/analyzer.ipynb", wait_until="domcontentloaded", timeout=180_000)
        page.locator("table.kl-coverage").first.wait_for(state="attached", timeout=180_000)
        page.wait_for_timeout(1500)
        cov = page.evaluate(COVERAGE_LOOK)
        if mobile:
            assert cov["height"] >= 0.55 * cov["tall"] and cov["more"] <= 0, cov
        else:
            assert cov["height"] >= 390, cov
        assert all(right <= cov["right"] + 1 for _text, right in cov["heads"]) and cov["right"] <= cov["screen"], cov
        # the table itself inside the screen (a fresh user read it as running off a phone's right
        # edge); no clause id column at any width (a fresh user read raw ids in it at 1280 px):
        # each id is its name cell's tooltip, never visible text
        assert cov["table"] <= cov["screen"] + 1, cov
        assert cov["ids"] == 0 and "clause id" not in cov["text"] and "challenge.bluff" not in cov["text"], cov["ids"]
        assert "challenge.bluff" in cov["titles"], cov["titles"]
        page.locator(".kl-coverage-box").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"analyzer_coverage_{width}.png"))
        game = page.locator(".widget-dropdown").filter(has_text="เกม / game").first
        reading = page.locator(".widget-dropdown").filter(has_text="อ่านแบบ / reading").first
        vs = page.locator(".widget-dropdown").filter(has_text="เทียบกับ / vs").first
        select = reading.locator("select")
        select.select_option(select.evaluate(LONGEST_OPTION))  # the longest reading, then the longest vs
        # the vs dropdown now offers that entry's readings alone (a handful, not every entry's)
        page.wait_for_function("([r, v]) => v.options.length < r.options.length / 2 && v.selectedIndex >= 0",
                               arg=[select.element_handle(), vs.locator("select").element_handle()], timeout=60_000)
        select = vs.locator("select")
        select.select_option(select.evaluate(LONGEST_OPTION))
        page.wait_for_timeout(1000)
        for box in (game, reading, vs):
            look = box.evaluate(SELECT_LOOK)
            assert look["right"] <= look["screen"] + 1, look
            if not mobile:
                assert look["need"] <= look["room"] + 1, look
        game.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"analyzer_dropdowns_{width}.png"))
    finally:
        page.close()
