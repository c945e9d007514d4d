"""Issue 12.6 (phones) and 12.2 (a real double click), in headless Chromium (the system's).

Every page of the dashboard (each notebook in ``notebooks/``) at a 390×844 viewport: the Thai text
reads without horizontal scrolling (``document.scrollingElement.scrollWidth <= innerWidth + 1``, and
no element sticks out of the screen unless a box of its own scrolls it) and every hex board fits the
width.  Screenshots: ``artifacts/phone_<page>.png`` (the first screen) and ``_full.png`` (the page).
Then a real double click on a Coup play button applies one move, not two.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import ARTIFACTS, open_coup_play, story_lines

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

NOTEBOOKS = sorted(p.name for p in (Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
PHONE = {"width": 390, "height": 844}

# Elements sticking out of the screen on the right, unless an ancestor clips or scrolls them.
OVERFLOW = """
() => {
  const W = window.innerWidth, out = [];
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === 'auto' || ox === 'scroll' || ox === 'hidden' || ox === 'clip') return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > W + 1 && !clipped(el)) {
      out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
      if (out.length > 12) break;
    }
  }
  return out;
}
"""

# Table cells of one word (no space) drawn on more than one line: "Rank" broke into "Ra" / "nk".
BROKEN_WORDS = """
() => [...document.querySelectorAll('th, td')].filter(c => {
  const t = c.innerText.trim();
  if (!t || /\\s/.test(t) || !/^[A-Za-z0-9+.:-]+$/.test(t)) return false;
  // one word in one text node (a row of dice is several inline boxes that may wrap)
  const walk = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
  let texts = 0;
  while (walk.nextNode()) if (walk.currentNode.nodeValue.trim()) texts++;
  if (texts !== 1) return false;
  const r = document.createRange(); r.selectNodeContents(c);
  const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
  return tops.size > 1;
}).map(c => c.innerText.trim()).slice(0, 12)
"""


# Dropdowns (their <select>) whose right edge runs past the screen or past a box that clips them:
# OVERFLOW above passes them (a clipping ancestor hides what sticks out), a reader sees a picker
# with its right border and arrow cut (the event log's picker, 2 px past its box on every game page).
DROPDOWNS_CUT = """
() => [...document.querySelectorAll('.widget-dropdown select')].filter(s => s.getBoundingClientRect().width > 0).flatMap(s => {
  let limit = innerWidth;
  for (let p = s.parentElement; p && p !== document.body; p = p.parentElement)
    if (getComputedStyle(p).overflowX !== 'visible') limit = Math.min(limit, p.getBoundingClientRect().right);
  const right = s.getBoundingClientRect().right, d = s.closest('.widget-dropdown');
  return right > limit + 0.5 ? [`${[...d.classList].filter(c => c.startsWith('kl-')).join('.') || d.innerText.slice(0, 20)}`
                                + ` right=${right.toFixed(1)} limit=${limit.toFixed(1)}`] : [];
})
"""
# The event log's pickers: their <select>'s right edge (px) and the screen's width.
PICKERS = """
() => [...document.querySelectorAll('.kl-eventlog-pick select')].filter(s => s.getBoundingClientRect().width > 0)
  .map(s => [s.getBoundingClientRect().right, innerWidth])
"""

CHARTS = """
() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(g => {
  const out = [], L = g._fullLayout;
  if (L && L.width > g.clientWidth + 2) out.push(`chart ${L.width}px in a ${g.clientWidth}px box`);
  for (const t of g.querySelectorAll('.gtitle')) {
    const r = t.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.right > innerWidth + 1)) out.push(`title cut: ${t.textContent.slice(0, 40)}`);
  }
  return out;
})
"""
CHARTS_FIT = "() => (" + CHARTS.strip() + ")().length === 0"


def _open(browser, dashboard, name: str, last: str):
    """A phone-sized page of notebook ``name`` whose last cell's widgets (selector ``last``) are in
    the page.  A page whose widgets never arrived within 120 s is recorded (its console, a
    screenshot, ``artifacts/phone_stalled_<page>.txt``) and opened once more: a clean clone once
    saw a New World page connect its kernel and then send nothing for 180 s (the kernel was idle
    all along, so not culled early: undiagnosed); the record is there to diagnose it, and a page
    that stalls twice fails."""
    for attempt in (1, 2):
        page = browser.new_page(viewport=PHONE, locale="th-TH", device_scale_factor=1, is_mobile=True,
                                has_touch=True)
        console: list[str] = []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        page.goto(f"{dashboard}/voila/render/{name}", wait_until="domcontentloaded", timeout=120_000)
        try:
            page.wait_for_selector(".jupyter-widgets", state="attached", timeout=120_000)
            page.locator(last).first.wait_for(state="attached", timeout=120_000)
            return page
        except Exception as e:  # noqa: BLE001 - recorded, then the page is opened once more or it fails
            ARTIFACTS.mkdir(exist_ok=True)
            stem = Path(name).stem
            page.screenshot(path=str(ARTIFACTS / f"phone_stalled_{stem}_{attempt}.png"))
            (ARTIFACTS / f"phone_stalled_{stem}_{attempt}.txt").write_text(
                f"{type(e).__name__}: {e}\n--- console ---\n" + "\n".join(console), encoding="utf-8")
            page.close()
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def last_drawn(stem: str) -> str:
    """A selector of the page's last cell's widgets (the play panel on a game page, the live board on
    the home, a button on the analyzer): once there, the page's cells are all drawn."""
    return {"index": "svg.kl-hexboard", "analyzer": ".widget-button"}.get(stem, ".kl-play-panel")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_page_reads_on_a_phone(browser, dashboard, name):
    stem = Path(name).stem
    page = _open(browser, dashboard, name, last_drawn(stem))
    try:
        board = {"analyzer": ".widget-button", "coup": ".kl-coup", "valeria": ".kl-val"}.get(stem, "svg.kl-hexboard")
        page.locator(board).first.wait_for(timeout=180_000)
        page.wait_for_timeout(2000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone_{stem}.png"))
        sizes = page.evaluate("() => ({sw: document.scrollingElement.scrollWidth, iw: window.innerWidth,"
                              " bw: document.body.scrollWidth})")
        assert sizes["sw"] <= sizes["iw"] + 1, sizes
        assert page.evaluate(OVERFLOW) == []
        # plotly charts (clipped by their boxes, so not in OVERFLOW): drawn no wider than their box
        # (the analyzer's were drawn 700 px wide on the phone), and their titles inside the screen
        try:
            page.wait_for_function(CHARTS_FIT, timeout=30_000)
        except Exception:  # noqa: BLE001 - the assertion below says what does not fit
            pass
        assert page.evaluate(CHARTS) == [], page.evaluate(CHARTS)
        assert page.evaluate(BROKEN_WORDS) == []
        # every dropdown whole, its right border inside the screen and its box (the event log's
        # picker on Shadow Master's page was cut at the right edge)
        assert page.evaluate(DROPDOWNS_CUT) == []
        pickers = page.evaluate(PICKERS)
        assert pickers or stem in ("index", "analyzer")  # every game page has an event log
        for right, screen in pickers:
            assert right <= screen, pickers
        if stem == "analyzer":
            # the coverage table scrolls inside its own box: its HTML widget's content was as wide as
            # the table (42 px past the screen, cut off by the panel) before the page carried the
            # phone stylesheet (found by a fresh user)
            page.locator("table.kl-coverage").first.wait_for(state="attached", timeout=60_000)
            right = page.evaluate("() => Math.max(...[...document.querySelectorAll('table.kl-coverage')]"
                                  ".map(t => t.closest('.widget-html-content').getBoundingClientRect().right))")
            assert right <= PHONE["width"] + 1, right
        boards = page.evaluate("() => [...document.querySelectorAll('svg.kl-hexboard')].map(s => {"
                               " const r = s.getBoundingClientRect(); return [r.left, r.right, r.width]; })")
        assert boards or stem in ("coup", "valeria", "analyzer")  # their boards are tables, not hex maps
        for left, right, width in boards:
            assert left >= -1 and right <= PHONE["width"] + 1 and width > 0, boards
        assert "Traceback" not in page.inner_text("body")
        height = page.evaluate("() => Math.max(document.scrollingElement.scrollHeight,"
                               " ...[...document.querySelectorAll('*')].map(e => e.scrollHeight))")
        page.set_viewport_size({"width": PHONE["width"], "height": min(int(height) + 50, 16000)})
        page.wait_for_timeout(800)
        page.screenshot(path=str(ARTIFACTS / f"phone_{stem}_full.png"))
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
        # the "start here" path's and the contents' links (folds opened) are 24 px tall or more, a
        # finger's target (WCAG 2.5.8): a fresh user measured 16 px, inline text
        small = page.evaluate("""() => {
          document.querySelectorAll('.jp-RenderedMarkdown details').forEach((d) => { d.open = true; });
          return [...document.querySelectorAll('.jp-RenderedMarkdown li a[href^="#kl-"]')]
            .map((a) => [a.textContent.trim().slice(0, 30), a.getBoundingClientRect().height])
            .filter(([_t, h]) => h > 0 && h < 24);
        }""")
        assert small == [], small
    finally:
        page.close()


def test_a_real_double_click_in_coup_play_applies_one_move(browser, dashboard):
    page = browser.new_page(viewport={"width": 1280, "height": 2000}, locale="th-TH")
    try:
        table, income = open_coup_play(page, dashboard)
        income.dblclick()
        story = table.locator(".kl-story")
        # the move is in the story (on a busy machine the story may come seconds after the board),
        # then time for a second move, had the double click made one
        page.wait_for_function("(s) => s.textContent.includes('ที่นั่ง 1 รับเงิน')", arg=story.element_handle(),
                               timeout=60_000)
        page.wait_for_timeout(2500)
        text = story_lines(story)
        mine = [ln for ln in text if "ที่นั่ง 1 รับเงิน" in ln]
        assert len(mine) == 1, text
        assert table.locator(".kl-error").count() == 0
        table.screenshot(path=str(ARTIFACTS / "coup_play_after_dblclick.png"))
    finally:
        page.close()


REV_OF_CHOICES = "() => { const r = document.querySelector('.kl-coup-play .kl-choices .kl-choiceboard'); return r ? r.getAttribute('data-rev') : null; }"
BUTTON_AT = """([x, y]) => [...document.querySelectorAll('.kl-coup-play .kl-choices button')].some((b) => {
  const r = b.getBoundingClientRect(); return r.left <= x && x <= r.right && r.top <= y && y <= r.bottom; })"""


# Set up before a click: when the choices' picture is drawn anew, note at once (in the same task) what
# the pointer at (x, y) would hit and whether a button of the new picture lies there; and note the
# time of every trusted click, and of the draw.
WATCH_DRAW = """([x, y]) => {
  const root = document.querySelector('.kl-coup-play .kl-choices .kl-choiceboard');
  window.__klDraw = null;
  window.__klClicks = [];
  document.addEventListener('click', (e) => { if (e.isTrusted) window.__klClicks.push(performance.now()); }, true);
  const old = root.getAttribute('data-rev');
  const obs = new MutationObserver(() => {
    if (root.getAttribute('data-rev') === old || window.__klDraw) return;
    const hit = document.elementFromPoint(x, y);
    window.__klDraw = {at: performance.now(), hitChoice: !!(hit && hit.closest('[data-choice]')),
                       under: (""" + BUTTON_AT + """)([x, y])};
    obs.disconnect();
  });
  obs.observe(root, {attributes: true});
}"""


def test_a_quick_second_click_on_choices_just_drawn_takes_nothing(browser, dashboard):
    """A fresh user clicked "pass" five times 0.1 s apart: the bots answered the first click within
    0.1 s and the second click landed on the choices just drawn under the pointer (a challenge the
    user never read) and took it.  A new picture of choices now takes no click for SETTLE_MS: its
    buttons ignore the pointer while they fade in (the pointer hits no choice the moment it is drawn,
    though a button lies there), and a trusted click that comes meanwhile takes nothing; the same
    click a moment later takes that button's choice."""
    from widgets.page import SETTLE_MS
    page = browser.new_page(viewport={"width": 1280, "height": 2000}, locale="th-TH")
    try:
        table, income = open_coup_play(page, dashboard)
        page.wait_for_timeout(SETTLE_MS + 200)
        box = income.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.evaluate(WATCH_DRAW, [x, y])
        page.mouse.click(x, y)  # income: the bots answer, my next decision is drawn
        page.wait_for_function("() => window.__klDraw !== null", timeout=60_000)
        page.mouse.click(x, y)  # at once: a quick double click's second click
        drawn = page.evaluate("() => window.__klDraw")
        assert drawn["under"], "no button of the new picture under the pointer"
        assert not drawn["hitChoice"], "the pointer hit a choice the moment it was drawn"
        rev = page.evaluate(REV_OF_CHOICES)
        page.wait_for_timeout(1500)
        second = page.evaluate("() => window.__klClicks[1] - window.__klDraw.at")
        if second < SETTLE_MS - 50:  # (a machine too busy to click that soon tests the pointer only)
            assert page.evaluate(REV_OF_CHOICES) == rev, ("the quick second click took a choice", second)
            mine = [ln for ln in story_lines(table.locator(".kl-story")) if "ที่นั่ง 1 รับเงิน" in ln]
            assert len(mine) == 1, mine
        rev = page.evaluate(REV_OF_CHOICES)
        box = table.locator(".kl-choices button").first.bounding_box()  # (the page may have moved meanwhile)
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a click the reader meant
        page.wait_for_function(f"(old) => ({REV_OF_CHOICES})() !== old", arg=rev, timeout=60_000)
        assert table.locator(".kl-error").count() == 0
    finally:
        page.close()


# Each "copy link" text: whether every character can be read (no clamp, no cut; a long one scrolls
# inside its own box), its box inside the screen, and a tap selecting it whole.
LINK_TEXTS = """
() => [...document.querySelectorAll('code.kl-link-text')].filter(c => c.offsetParent).map(c => {
  const cs = getComputedStyle(c), r = c.getBoundingClientRect();
  const scrolls = cs.overflowY === 'auto' || cs.overflowY === 'scroll';
  return {text: c.textContent, left: r.left, right: r.right, clamp: cs.webkitLineClamp,
          cutX: c.scrollWidth > c.clientWidth + 1, cutY: c.scrollHeight > c.clientHeight + 1 && !scrolls,
          select: cs.userSelect || cs.webkitUserSelect};
})
"""


def test_a_shared_link_reads_whole_on_a_phone(browser, dashboard):
    """A fresh user at 390 px found the "copy link" text cut at the screen's edge: a game's link was
    clamped to two lines ending in "…".  Every link text on a game page (an example's and a played
    game's) shows every character (wrapped anywhere, a long one scrolling in its own box), inside the
    screen, and a tap selects it whole; the game's link (its config's defaults left out) is short."""
    page = _open(browser, dashboard, "coup.ipynb?scenario=15a_challenged_holder_declines_to_prove&step=3",
                 ".kl-play-panel")  # the longest example's name, opened by its link: its copy link on top
    try:
        page.locator("code.kl-link-text", has_text="scenario=").first.wait_for(timeout=120_000)
        play = page.locator(".kl-play-panel").first
        play.locator("input[type=text]").first.fill("4")  # the seed
        play.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        page.locator(".kl-coup-play .kl-choices button").first.wait_for(timeout=120_000)  # a game on the table
        share = page.get_by_role("button", name="แชร์เกมนี้ / share this game").first
        share.scroll_into_view_if_needed()
        share.click()
        try:
            page.locator("code.kl-link-text", has_text="game=").first.wait_for(timeout=120_000)
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "phone_share_link_failed.png"))
            raise
        page.wait_for_timeout(500)
        links = page.evaluate(LINK_TEXTS)
        assert any("scenario=" in x["text"] for x in links) and any("game=" in x["text"] for x in links), links
        for x in links:
            assert x["clamp"] in ("none", "", None) and not x["cutX"] and not x["cutY"], x
            assert x["left"] >= -1 and x["right"] <= PHONE["width"] + 1, x
            assert x["select"] == "all", x
        game = next(x["text"] for x in links if "game=" in x["text"])
        assert len(game) < 400, game  # seed, players, the moves so far (every default reading was in it)
        page.locator("code.kl-link-text", has_text="game=").first.screenshot(path=str(ARTIFACTS / "phone_share_link.png"))
    finally:
        page.close()


# Chips and kept-whole words of a Valeria table drawn on more than one line (their text).
VALERIA_SPLIT = """
() => [...document.querySelectorAll('.kl-val .slot, .kl-val .die, .kl-val .kl-nobr, .kl-val .kl-val-id')]
  .filter(el => {  // the lines of its text (an inline-block chip is one box however many lines it holds)
    const r = document.createRange(); r.selectNodeContents(el);
    return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size > 1;
  })
  .map(el => el.textContent).slice(0, 12)
"""


def _valeria_play_html() -> str:
    """A Valeria play table's drawn HTML after a bot reserved a plan (the play panel's, seed 0), in
    the page's styles and the widget boxes Voila puts it in."""
    import random

    from widgets import page
    from widgets.valeria import SPEC
    table = page.new_table(SPEC, 1, None, 0)
    rng = random.Random(0)
    for _ in range(60):
        obs = page.observation(SPEC.game, table.session.state, None)
        if any(p["reserve"] for p in obs["players"]):
            break
        rng.choice([b for b in table.choices if b.kind == "button"]).click()
    else:
        raise AssertionError("no plan reserved in 60 moves")
    board = table.board.html.value
    assert "class='slot'" in board.split("สำเร็จ", 1)[1]  # a reserved plan's slots in the seats' table
    return ('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'{SPEC.style().value}<div class="kl-page"><div class="widget-html"><div class="widget-html-content">'
            f'{board}</div></div></div>')


def test_valeria_play_table_keeps_troop_names_and_dice_whole_on_a_phone(browser):
    """Found playing Valeria at 390 px: a reserved plan's slot in the seats' table (a column squeezed
    to its minimum) read "ก็อบ" / "ลิน" on two lines inside its dashed chip (the browser's Thai
    dictionary cuts the loanword); a chip is one word and stays on one line."""
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page.set_content(_valeria_play_html())
        assert page.locator(".kl-val .slot").count() >= 2
        assert page.evaluate(VALERIA_SPLIT) == []
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "phone_valeria_play_table.png"), full_page=True)
    finally:
        page.close()


def test_a_clause_status_badge_stays_one_pill_on_a_phone(browser):
    """Found playing Shadow Master at 390 px: after a long clause id (``phase1.territory_required``)
    the badge "ใช้ในเอนจิน · implemented" broke over two lines, its rounded pill cut in two."""
    from rules.core.rulebook import load_rulebook
    from widgets.eventlog import clauses_html
    from widgets.shadow_master import SPEC
    book = load_rulebook("shadow_master")
    ids = ["phase1.territory_required", "phase1.discard_territory", "phase1.roll_place"]
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page.set_content('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                         f'{SPEC.style().value}<div class="kl-page" style="width:358px"><div class="widget-html">'
                         f'<div class="widget-html-content">{clauses_html(book, ids)}</div></div></div>')
        split = page.evaluate("""() => [...document.querySelectorAll('.kl-clause .kl-badge')].filter(el => {
            const r = document.createRange(); r.selectNodeContents(el);
            return new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top))).size > 1;
          }).map(el => el.closest('.kl-clause').dataset.clause)""")
        assert page.locator(".kl-clause .kl-badge").count() == 3
        assert split == []
    finally:
        page.close()


# The Valeria table at a phone's width: each scroll box's hidden width, the seats' cards (their
# height, the label drawn before each value) and the plan row's width.
VALERIA_FIT = """
() => {
  const boxes = [...document.querySelectorAll('.kl-val .kl-val-scroll')].map(b =>
    ({table: b.firstElementChild.className || 'table', hidden: b.scrollWidth - b.clientWidth,
      right: Math.round(b.getBoundingClientRect().right)}));
  const seats = [...document.querySelectorAll('.kl-val table.kl-val-seats tr[data-seat]')].map(r => {
    const labels = [...r.children].filter(td => td.dataset.label).map(td =>
      getComputedStyle(td, '::before').content);
    return {height: Math.round(r.getBoundingClientRect().height), width: Math.round(r.getBoundingClientRect().width),
            labels, cells: r.children.length};
  });
  const row = document.querySelector('.kl-val table.kl-val-row');
  return {boxes, seats, row: row ? Math.round(row.getBoundingClientRect().width) : null,
          cue: getComputedStyle(document.querySelector('.kl-val .kl-val-scroll')).backgroundImage};
}
"""


def test_valeria_seats_read_as_cards_on_a_phone(browser):
    """Found at 390 px: the seats' table (12 columns) was ~970 px wide in a 358 px box that scrolled
    sideways with nothing showing it did, its rows tall and mostly empty, and the plan row 576 px
    wide.  On a phone every Valeria table fits its box (no hidden width), each seat is a card whose
    values carry their label in Thai and English, and a box that does scroll has a shadow cue."""
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page.set_content(_valeria_play_html())
        fit = page.evaluate(VALERIA_FIT)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "phone_valeria_seats.png"), full_page=True)
        assert len(fit["boxes"]) >= 4, fit
        assert [b for b in fit["boxes"] if b["hidden"] > 1 or b["right"] > PHONE["width"]] == [], fit
        assert fit["row"] is not None and fit["row"] <= PHONE["width"], fit
        assert len(fit["seats"]) == 2, fit
        for seat in fit["seats"]:
            assert seat["width"] <= PHONE["width"] and seat["height"] < 420, seat
            # every value but the seat's own name is labelled "ทอง / gold: " before it
            assert len(seat["labels"]) == seat["cells"] - 1, seat
            for label in seat["labels"]:
                assert re.search(r"[A-Za-z]", label), seat   # English (VP is VP in the Thai rulebook too)
                assert re.search(r"[\u0E00-\u0E7F]", label) or label == '"VP: "', seat
        assert "gradient" in fit["cue"], fit["cue"]
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
    finally:
        page.close()


def _win_chart_page(browser, viewport: dict, box_px: int):
    """A page at ``viewport`` drawing the analyzer's seat-win chart of a 4-seat table whose last seat
    wins 40 % (its bar above the fair share), in a ``box_px`` wide box as :func:`widgets.analysis_charts.into`
    sizes it (autosize, the layout's width as the box's max width), with the page's plotly.js."""
    import json

    import pandas as pd

    from widgets import analysis_charts as C
    from widgets.bundles import PLOTLY_PARTIAL
    wins = [0] * 20 + [1] * 20 + [2] * 20 + [3] * 40
    df = pd.DataFrame({"finished": True, "n_winners": 1, **{f"win_{s}": [w == s for w in wins] for s in range(4)}})
    fig = C.win_rate_chart(df)
    layout = {**fig["layout"], "autosize": True}
    width = layout.pop("width")
    page = browser.new_page(viewport=viewport, device_scale_factor=1)
    page.set_content(f'<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                     f'<body style="margin:16px"><div id="c" style="width:100%;max-width:{min(width, box_px)}px"></div></body>')
    page.add_script_tag(path=str(PLOTLY_PARTIAL))
    page.evaluate(f"() => Plotly.newPlot('c', {json.dumps(fig['data'])}, {json.dumps(layout)}, {{displayModeBar: false}})")
    return page


FAIR_LABEL_OVER_BARS = """
() => {
  const label = [...document.querySelectorAll('#c svg text')].find(t => t.textContent.includes('fair share'));
  if (!label) return ['no fair share label'];
  const a = label.getBoundingClientRect(), out = [];
  const box = document.getElementById('c').getBoundingClientRect();
  if (a.left < box.left - 1 || a.right > box.right + 1) out.push(`label outside the chart: ${a.left}..${a.right}`);
  for (const p of document.querySelectorAll('#c .barlayer .point path')) {
    const b = p.getBoundingClientRect();
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
      out.push(`label ${Math.round(a.left)},${Math.round(a.top)} over a bar at ${Math.round(b.left)},${Math.round(b.top)}`);
  }
  return out;
}
"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}], ids=["390", "1280"])
def test_analyzer_fair_share_label_sits_clear_of_the_bars(browser, viewport):
    """Found by a fresh user at 390×844: the seat-win chart's "fair share" label, written on the
    dashed line at its right end, lay over the last seat's bar.  It is named in the legend under
    the plot now, clear of every bar, at a phone's width and at 1280 px."""
    page = _win_chart_page(browser, viewport, viewport["width"] - 32)
    try:
        page.wait_for_selector("#c .barlayer .point path")
        assert page.locator("#c .barlayer .point path").count() == 4
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#c").screenshot(path=str(ARTIFACTS / f"analyzer_win_chart_{viewport['width']}.png"))
        assert page.evaluate(FAIR_LABEL_OVER_BARS) == []
    finally:
        page.close()


def _position_page(browser, viewport: dict, column_px: int | None):
    """A page at ``viewport`` with a New World "what would the bots do here?" result table (a
    placement scored by a few rollouts, the map's cells named) in a column ``column_px`` wide (New
    World's side column beside its map; ``None``: the page's width), in the page's styles."""
    from rules.analysis.position import score_table
    from rules.core.scenario import run_file
    from rules.core.rulebook import DATA
    from widgets.bots_here import cell_text, table_html
    from widgets.new_world import SPEC
    res = run_file(DATA / "scenarios" / "new_world" / "1_large_settlement_2_2_2_closer_last.yaml")
    table = score_table("new_world", res.initial, "random", 2, seed=0)
    cells = {i: cell_text(SPEC.action_cell(a)) for i, a in enumerate(table["action"])}
    width = f"width:{column_px}px" if column_px else ""
    page = browser.new_page(viewport=viewport, device_scale_factor=1)
    page.set_content('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                     f'{SPEC.style().value}<div class="kl-page" style="{width}"><div class="widget-html">'
                     f'<div class="widget-html-content">{table_html(table, cells)}</div></div></div>')
    return page


SQUEEZED = """
() => {
  const out = [], box = document.querySelector('.kl-page').getBoundingClientRect();
  // lines of a cell's text: its text boxes' tops more than 5 px apart (a bold figure and the
  // plain interval beside it on one line differ by a pixel)
  const count = (td) => {
    const rg = document.createRange(); rg.selectNodeContents(td);
    const tops = [...rg.getClientRects()].filter(x => x.width > 0).map(x => x.top).sort((a, b) => a - b);
    return tops.filter((t, i) => i === 0 || t - tops[i - 1] > 5).length;
  };
  for (const td of document.querySelectorAll('table.kl-position tr[data-rank] td')) {
    const r = td.getBoundingClientRect();
    if (r.right > box.right + 1) out.push(`${td.className} past the column: ${Math.round(r.right)} > ${Math.round(box.right)}`);
  }
  // by content, not by class (the old table had none): the English label, the win rate, n
  for (const tr of document.querySelectorAll('table.kl-position tr[data-rank]')) {
    const tds = [...tr.querySelectorAll('td')];
    const en = tds.find(td => td.textContent.startsWith('place settlement'));
    const value = tds.find(td => /%\\s*\\[/.test(td.textContent)), n = tds[tds.length - 1];
    if (en && count(en) > 2) out.push(`"${en.textContent}" on ${count(en)} lines`);
    for (const td of [value, n]) if (td && count(td) > 1) out.push(`"${td.textContent}" broken over ${count(td)} lines`);
  }
  return out.slice(0, 8);
}
"""


@pytest.mark.parametrize("viewport,column", [({"width": 1280, "height": 1600}, 360), (PHONE, None)],
                         ids=["1280-side-column", "390"])
def test_new_world_bots_table_reads_in_a_narrow_column(browser, viewport, column):
    """Found by a fresh user: New World's result table in the play table's side column (320-480 px
    beside the map at 1280 px) squeezed its seven columns, "place settlement (influence 2) on cell
    (10, 11)" over four lines and the bar past the column's edge.  In a column narrower than 620
    px each choice is stacked (labels, then cell, win rate, bar, n): nothing passes the column and
    a label takes at most two lines, the win rate and n one; at a phone's width too."""
    page = _position_page(browser, viewport, column)
    try:
        assert page.locator("table.kl-position tr[data-rank]").count() >= 10
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-page").screenshot(path=str(ARTIFACTS / f"bots_here_new_world_table_{viewport['width']}.png"))
        assert page.evaluate(SQUEEZED) == []
    finally:
        page.close()


# The header cells of a table (``sel``): each one's text and how far it lies from the text before it
# (px, its text's left edge less the previous one's right), and whether its text runs out of its cell.
HEADER_GAPS = """
(sel) => {
  const ths = [...document.querySelectorAll(sel + ' th')], out = [];
  let right = null;
  for (const th of ths) {
    const rg = document.createRange(); rg.selectNodeContents(th);
    const rs = [...rg.getClientRects()].filter(x => x.width > 0);
    const left = Math.min(...rs.map(x => x.left));
    out.push({text: th.textContent, gap: right === null ? null : Math.round(left - right),
              overflows: th.scrollWidth > th.clientWidth + 1});
    right = Math.max(...rs.map(x => x.right));
  }
  return out;
}
"""


def test_home_rank_table_headers_read_apart_on_a_phone(browser):
    """Found by a fresh user on the home page at 390 px: the live board's Rank table header read
    "kingdomRankโทเคน", its unpadded cells' words run together.  Each header's text stands at least
    8 px from the one before it, inside its own cell."""
    from widgets.shadow_master.live_board import ShadowMasterBoard
    board = ShadowMasterBoard(4)
    style = board.children[0].value
    page = browser.new_page(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        page.set_content('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                         f'{style}<div class="widget-html"><div class="widget-html-content">{board.ranks.value}'
                         '</div></div>')
        heads = page.evaluate(HEADER_GAPS, "table.kl-ranks")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "phone_home_rank_table.png"))
        assert [h["text"] for h in heads] == ["อาณาจักร / kingdom", "Rank", "โทเคน / tokens"], heads
        assert all(h["gap"] >= 8 for h in heads[1:]) and not any(h["overflows"] for h in heads), heads
    finally:
        board.close()
        page.close()


# New World's play table on a phone: its map's cells (px across), the map's bottom and the top of
# the reader's hand (px), and the score table's headers whose text a reader cannot see whole in the
# box's first view although it would fit there (the text runs past the box's right edge).
NEW_WORLD_PLAY = """
() => {
  const root = document.querySelector('.kl-play-panel .kl-nw-play'), svg = root.querySelector('.kl-nw-map svg.kl-hexboard');
  const cells = [...svg.querySelectorAll('polygon.kl-cell')].map(p => p.getBoundingClientRect().width);
  const box = root.querySelector('.kl-nw-score-box').getBoundingClientRect(), cut = [];
  for (const th of root.querySelectorAll('.kl-nw-score-box th')) {
    const rg = document.createRange(); rg.selectNodeContents(th);
    const rs = [...rg.getClientRects()].filter(x => x.width > 0);
    const left = Math.min(...rs.map(x => x.left)), right = Math.max(...rs.map(x => x.right));
    const cell = th.getBoundingClientRect();
    if (cell.left < box.right && right - left <= box.right - cell.left && right > box.right + 1)
      cut.push(`${th.textContent}: ${Math.round(left)}..${Math.round(right)} in a box to ${Math.round(box.right)}`);
  }
  return {cell: Math.min(...cells), svgs: root.querySelectorAll('svg.kl-hexboard').length, svgWidth: svg.getBoundingClientRect().width,
          // the map block: the map and, right under it, its colour key (the key belongs with the map)
          mapBottom: (root.querySelector('.kl-nw-legend') || svg.parentElement).getBoundingClientRect().bottom,
          hand: root.querySelector('.kl-hand').getBoundingClientRect().top, cut};
}
"""

# The measure's own elements, as it selects them: under a busy CPU it sometimes found none of them
# at this point (a transient the looser waits above let through; not understood yet).
NEW_WORLD_PLAY_READY = """() => { const r = document.querySelector('.kl-play-panel .kl-nw-play');
  return !!(r && r.querySelector('.kl-nw-map svg.kl-hexboard') && r.querySelector('.kl-hand')
            && r.querySelector('.kl-nw-score-box')); }"""


def test_new_world_play_table_is_easy_to_use_on_a_phone(browser, dashboard):
    """Found by a fresh user playing New World at 390×844: the map's cells were too small to tap
    (18 px across), the score table's heading over the sources read "points by sourc" (cut by its
    scroll box), and the hand sat ~700 px below the map, under the score table.  Now a cell is at
    least 28 px across (the map scrolls sideways in its box), the heading reads whole in the box's
    first view, and the hand starts within 60 px of the map block's bottom (the map and its colour key
    right under it; above the decision)."""
    page = _open(browser, dashboard, "new_world.ipynb", ".kl-play-panel")
    try:
        panel = page.locator(".kl-play-panel").first
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        play = page.locator(".kl-nw-play").first
        play.locator("svg.kl-hexboard .kl-highlights polygon").first.wait_for(timeout=120_000)
        page.locator(".kl-nw-play .kl-hand").first.wait_for(state="attached", timeout=60_000)
        page.wait_for_timeout(1500)
        play.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        play.screenshot(path=str(ARTIFACTS / "phone_new_world_play.png"))
        page.wait_for_function(NEW_WORLD_PLAY_READY, timeout=60_000)
        got = page.evaluate(NEW_WORLD_PLAY)
        assert got["cell"] >= 28, got
        assert got["cut"] == [], got
        assert 0 <= got["hand"] - got["mapBottom"] <= 60, got
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
        assert page.evaluate(OVERFLOW) == []
    finally:
        page.close()


def test_valeria_new_game_shows_its_first_choice_on_the_first_screen(browser, dashboard):
    """Found by a fresh user playing Valeria at 390 px: after New game the first choice button was
    ~2,100 px down (2.5 screens), under the shrines, plans, champions and seats.  The decision (its
    line and its buttons) now comes first on the play table: the first choice button's top is within
    900 px of the New game button's, and the "your decision" line is above it."""
    page = _open(browser, dashboard, "valeria.ipynb", ".kl-play-panel")
    try:
        panel = page.locator(".kl-play-panel").first
        new = panel.get_by_role("button", name="เริ่มเกมใหม่ / New game")
        new.click()
        first = page.locator(".kl-valeria-play .kl-choices button").first
        first.wait_for(timeout=120_000)
        page.wait_for_timeout(1000)
        new.scroll_into_view_if_needed()
        top = lambda loc: page.evaluate("el => el.getBoundingClientRect().top + scrollY", loc.element_handle())  # noqa: E731
        gap = top(first) - top(new)
        decide = page.locator(".kl-valeria-play .kl-decide").first
        assert 0 < gap <= 900, gap
        assert top(decide) < top(first), (top(decide), top(first))
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "phone_valeria_new_game.png"))
    finally:
        page.close()


# The scenario stepper (widgets/stepper.py) on a game page, found by its first button's name (its
# title): the rows its controls (buttons, slider) take (their distinct tops), each button's height
# and each control's edges against the screen's.
STEPPER_ROWS = """
() => [...document.querySelectorAll('button[title="ขั้นแรก / first"]')].filter(b => b.getBoundingClientRect().width > 0).map(b => {
  const controls = [...b.parentElement.children].filter(c => (c.classList.contains('widget-button')
    || c.classList.contains('widget-slider')) && c.getBoundingClientRect().width > 0);
  const r = c => c.getBoundingClientRect();
  return {rows: new Set(controls.map(c => Math.round(r(c).top))).size, controls: controls.length,
          buttonHeights: controls.filter(c => c.classList.contains('widget-button')).map(c => Math.round(r(c).height)),
          left: Math.min(...controls.map(c => r(c).left)), right: Math.max(...controls.map(c => r(c).right)),
          width: innerWidth};
})
"""
GAME_PAGES = ["new_world", "valeria", "shadow_master", "coup"]
STEPPED_LINK = {"new_world": "?scenario=7b_refusals_name_their_clause", "coup": "?scenario=4_forced_coup",
                "shadow_master": "?scenario=attack_full_force"}
"""A linked example with moves for the pages whose first example is a fresh deal: an example with no
move has no stepper (``widgets.page.NO_MOVES_HTML``), and the examples below it are built on scrolling."""


@pytest.mark.parametrize("stem", GAME_PAGES)
def test_the_scenario_stepper_takes_two_rows_on_a_phone(browser, dashboard, stem):
    """Found by a fresh user at 390×844: New World's ruling stepper (first, back, the step slider,
    forward, last) wrapped onto three rows, the slider on a row of its own between the buttons.  On
    every game page it now takes two (the four buttons, then the slider), each button at least
    40 px tall to tap, every control inside the screen and nothing scrolling sideways."""
    page = _open(browser, dashboard, f"{stem}.ipynb{STEPPED_LINK.get(stem, '')}", 'button[title="ขั้นแรก / first"]')
    try:
        page.wait_for_function(f"() => ({STEPPER_ROWS.strip()})().length > 0", timeout=60_000)
        page.wait_for_timeout(1000)  # the page's stylesheet and the slider laid out
        steppers = page.evaluate(STEPPER_ROWS)
        for s in steppers:
            assert s["controls"] == 5, steppers
            assert s["rows"] <= 2, steppers
            assert min(s["buttonHeights"]) >= 40, steppers
            assert s["left"] >= -1 and s["right"] <= s["width"] + 1, steppers
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
        page.locator('button[title="ขั้นแรก / first"]').first.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone_stepper_{stem}.png"))
    finally:
        page.close()


# The play panel's visible buttons (New game, the choices, undo, the bots' buttons, share, save,
# open): each one's height and words; and the chosen story line's number against the line's left
# edge, where the chosen line's 3 px bar is drawn.
PLAY_BUTTONS = """
() => [...document.querySelectorAll('.kl-play-panel .jupyter-button, .kl-play-panel .kl-choices button, .kl-play-panel .kl-tools button')].filter(b => {
  const r = b.getBoundingClientRect(); return r.width > 0 && r.height > 0;
}).map(b => ({h: b.getBoundingClientRect().height, text: (b.innerText || b.title).trim().slice(0, 30)}))
"""
CHOSEN_NUMBER = """
() => [...document.querySelectorAll('.kl-play-panel .kl-line.kl-chosen-line')].map(line => {
  const n = line.querySelector('.kl-n');
  return {text: n.textContent, gap: n.getBoundingClientRect().left - line.getBoundingClientRect().left,
          width: line.getBoundingClientRect().width};
})
"""
# the first thing the reader can do on each game's play table, once a game is on it
PLAY_READY = ".kl-play-panel .kl-choices button, .kl-play-panel .kl-nw-play svg.kl-hexboard .kl-highlights polygon"


@pytest.mark.parametrize("stem", GAME_PAGES)
def test_a_play_panels_buttons_are_tall_enough_to_tap_on_a_phone(browser, dashboard, stem):
    """A fresh user at 390×844 found the play panel's buttons 28 px tall (New game, the choices,
    undo, share, save, open): too small to tap.  Every visible button of the play panel (its share
    rows and choice lists included) is now at least 40 px tall, as the stepper's, and nothing scrolls
    sideways.  And the story's chosen line shows its whole number: its 3 px bar was drawn over the
    number's first digit ("14." read "4."); the number now starts clear of it."""
    page = _open(browser, dashboard, f"{stem}.ipynb", ".kl-play-panel")
    try:
        panel = page.locator(".kl-play-panel").first
        panel.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        page.locator(PLAY_READY).first.wait_for(state="attached", timeout=120_000)
        page.locator(".kl-play-panel .kl-line.kl-chosen-line").first.wait_for(state="attached", timeout=60_000)
        page.wait_for_timeout(1500)  # the bots' moves drawn, the share row's buttons in place
        buttons = page.evaluate(PLAY_BUTTONS)
        texts = " ".join(b["text"] for b in buttons)
        assert "New game" in texts and "share" in texts and len(buttons) >= 5, buttons
        low = [b for b in buttons if b["h"] < 40 - 0.5]
        assert low == [], low
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
        # the newest event is chosen after New game: a setup line, in the setup fold (opened, as a reader does)
        page.evaluate("() => document.querySelectorAll('.kl-play-panel details.kl-setup').forEach(d => d.open = true)")
        page.wait_for_timeout(300)
        chosen = page.evaluate(CHOSEN_NUMBER)
        assert len(chosen) == 1 and chosen[0]["width"] > 0 and chosen[0]["gap"] >= 5, chosen
        panel.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"phone_play_buttons_{stem}.png"), full_page=True)
    finally:
        page.close()


# Coup's play table at 390 px: the tops of its seat boxes, and the first choice button's top less the table's.
COUP_SEATS = """
() => { const t = document.querySelector('.kl-coup-play'), b = t.querySelector('.kl-choices button');
  const top = el => el.getBoundingClientRect().top;
  return {rows: new Set([...t.querySelectorAll('.kl-seat')].map(s => Math.round(top(s)))).size,
          seats: t.querySelectorAll('.kl-seat').length, choice: top(b) - top(t)}; }
"""


def test_coup_seats_sit_two_a_row_on_a_phone(browser, dashboard):
    """Found by a fresh user playing Coup at 390×844: the four seat boxes stacked one a row (~450 px)
    above "your decision" and its buttons, scrolled past at every turn.  On a phone they now sit two
    a row (two rows), and the first choice button is within the play table's first ~ two thirds of
    a screen (desktop keeps its row of four)."""
    page = browser.new_page(viewport=PHONE, locale="th-TH", device_scale_factor=1, is_mobile=True, has_touch=True)
    try:
        table, _income = open_coup_play(page, dashboard)
        page.wait_for_timeout(1000)
        got = page.evaluate(COUP_SEATS)
        ARTIFACTS.mkdir(exist_ok=True)  # the picture first: a failure below is read from it
        table.screenshot(path=str(ARTIFACTS / "phone_coup_seats.png"))
        assert got["seats"] == 4 and got["rows"] == 2, got
        assert 0 < got["choice"] <= 520, got
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"] + 1
    finally:
        page.close()
