"""Issue 12 ("a story a learner can follow"), what a fresh user found on the dashboard, in headless
Chromium (the system's) at 1280 and 390 px: a prepared file reads as a button that says it is
ready; a Coup seat's claimed characters wrap inside its box; a lost card has readable colours
(WCAG AA, 4.5:1) and looks unlike a live one; the seed box shows its whole hint; the home page
links the analyzer.  Screenshots: ``artifacts/ux_*.png``."""
from __future__ import annotations

import copy
import re

import pytest

from tests.conftest import ARTIFACTS, open_coup_play

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

WIDTHS = [(1280, 900), (390, 844)]

# WCAG contrast of an element's text on its background as drawn: its own background (or the first
# opaque one behind it), the opacity of the element and its ancestors blending text and background
# into what is behind (a chip at 70 % lets the page through).
CONTRAST = """
(el) => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const opaque = (b) => b.length === 3 || (b.length >= 4 && b[3] > 0.99);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  let alpha = 1, behind = null;
  for (let p = el; p; p = p.parentElement) alpha *= Number(getComputedStyle(p).opacity);
  for (let p = el.parentElement; p && !behind; p = p.parentElement) {
    const b = rgb(getComputedStyle(p).backgroundColor);
    if (opaque(b)) behind = b.slice(0, 3);
  }
  behind = behind || [255, 255, 255];
  const own = rgb(getComputedStyle(el).backgroundColor);
  const mix = (c) => c.map((x, i) => x * alpha + behind[i] * (1 - alpha));
  const back = opaque(own) ? mix(own.slice(0, 3)) : behind;
  const text = mix(rgb(getComputedStyle(el).color).slice(0, 3));
  const [a, b] = [lum(text), lum(back)];
  return {ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), alpha, text: el.textContent,
          back, decoration: getComputedStyle(el).textDecorationLine, border: getComputedStyle(el).borderTopStyle};
}
"""


def _phone(browser, width, height):
    mobile = width < 500
    return browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1,
                            is_mobile=mobile, has_touch=mobile)


def _coup_table_html() -> str:
    """A Coup table from seat 0 with a seat that has claimed every character, a seat with a lost
    card of each colour and a seat that is out, in the page's styles and Voila's widget boxes."""
    from rules.coup import GAME
    from rules.coup.state import NAMES
    from widgets.coup import SPEC
    from widgets.coup.table import table_html
    obs = copy.deepcopy(GAME.observe(GAME.new_game(GAME.make_config({"players": 4}), 3), 0))
    names = list(NAMES)
    obs["players"][1]["claims"] = names
    obs["players"][0]["lost"], obs["players"][0]["cards"] = ["captain"], 1
    obs["players"][2]["lost"], obs["players"][2]["cards"] = names[:3], 0
    obs["players"][2]["alive"] = False
    obs["players"][3]["lost"], obs["players"][3]["cards"] = names[3:], 0
    return ('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'{SPEC.style().value}<div class="kl-page" style="padding:0 16px"><div class="widget-html">'
            f'<div class="widget-html-content">{table_html(obs)}</div></div></div>')


@pytest.mark.parametrize("width,height", WIDTHS)
def test_coup_cards_read_well_and_claims_wrap_in_their_seat(browser, width, height):
    page = _phone(browser, width, height)
    try:
        page.set_content(_coup_table_html())
        cards = page.locator(".kl-coup .kl-card:not(.back)")
        lost = page.locator(".kl-coup .kl-card.lost")
        assert lost.count() >= 7 and cards.count() > lost.count()
        for i in range(cards.count()):
            c = cards.nth(i).evaluate(CONTRAST)
            assert c["ratio"] >= 4.5, c  # a lost Captain was white on light blue, 2.6:1
        for i in range(lost.count()):
            c = lost.nth(i).evaluate(CONTRAST)
            assert c["decoration"] == "line-through" and c["border"] == "dashed" and c["alpha"] == 1, c
        live = page.locator(".kl-coup .kl-card:not(.back):not(.lost)").first.evaluate(CONTRAST)
        assert live["border"] != "dashed" and live["decoration"] == "none"
        # the claimed characters (Thai / English): inside their seat's box, each word on one line
        # (a claim may wrap at its slash in a narrow seat)
        fit = page.evaluate("""() => [...document.querySelectorAll('.kl-coup .kl-claims')].map(d => {
            const seat = d.closest('.kl-seat').getBoundingClientRect();
            const names = [...d.querySelectorAll('.kl-claim')];
            return {hidden: d.scrollWidth - d.clientWidth, seat: seat.right, right: Math.max(...names.map(
                n => n.getBoundingClientRect().right)), split: [...d.querySelectorAll('.kl-claim-th, .kl-claim-en')]
                .filter(n => n.getClientRects().length > 1).map(n => n.textContent), n: names.length,
                en: names.map(n => n.textContent), screen: innerWidth}; })""")
        assert fit and fit[0]["n"] == 6, fit
        for f in fit:
            assert f["hidden"] <= 0 and f["right"] <= f["seat"] and f["seat"] <= f["screen"] and not f["split"], f
            assert all(" / " in name for name in f["en"]), f
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width + 1
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-coup").screenshot(path=str(ARTIFACTS / f"ux_coup_seats_{width}.png"))
    finally:
        page.close()


@pytest.mark.parametrize("width,height", WIDTHS)
def test_a_prepared_file_is_a_readable_button(browser, width, height):
    from widgets import sharing
    name = "coup_seed123456_step42.yaml"
    page = _phone(browser, width, height)
    try:
        page.set_content('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                         f'{sharing.SHARE_CSS}<div class="kl-share-box" style="padding:0 16px">'
                         f'{sharing.download_html(name, b"game: coup", "application/x-yaml")}</div>')
        link = page.locator("a.kl-download")
        look = link.evaluate("(a) => { const cs = getComputedStyle(a); const r = a.getBoundingClientRect();"
                             " return {display: cs.display, back: cs.backgroundColor, radius: cs.borderTopLeftRadius,"
                             " right: r.right, height: r.height, text: a.innerText}; }")
        assert look["display"] == "inline-block" and look["back"] == "rgb(21, 101, 192)" and look["radius"] == "4px"
        assert look["text"] == f"⬇ พร้อมแล้ว: คลิกเพื่อดาวน์โหลด / Ready: click to download {name}"
        assert look["right"] <= width and link.evaluate(CONTRAST)["ratio"] >= 4.5, look
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-share-box").screenshot(path=str(ARTIFACTS / f"ux_download_{width}.png"))
    finally:
        page.close()


PLACEHOLDER_FITS = """
(el) => {
  const cs = getComputedStyle(el), ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return {text: ctx.measureText(el.placeholder).width, room, right: el.getBoundingClientRect().right};
}
"""


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_seed_box_shows_its_whole_hint_and_the_home_links_the_analyzer(browser, dashboard, width, height):
    page = _phone(browser, width, height)
    try:
        page.goto(f"{dashboard}/voila/render/coup.ipynb", wait_until="domcontentloaded", timeout=120_000)
        box = page.locator(".kl-play-panel input[type=text]").first
        box.wait_for(timeout=180_000)
        box.scroll_into_view_if_needed()
        fit = box.evaluate(PLACEHOLDER_FITS)
        assert fit["text"] <= fit["room"] and fit["right"] <= width, fit  # "ว่าง = สุ่มใหม่ / empt"
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-play-panel").first.screenshot(path=str(ARTIFACTS / f"ux_seed_{width}.png"))
        page.goto(f"{dashboard}/voila/render/index.ipynb", wait_until="domcontentloaded", timeout=120_000)
        link = page.locator("a.kl-analyzer-link").first
        link.wait_for(timeout=180_000)
        card = page.locator(".kl-analyzer-card").first
        assert "ตัววิเคราะห์" in card.inner_text() and "analyzer" in card.inner_text()
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width + 1
        page.locator(".kl-games").first.wait_for(timeout=60_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / f"ux_home_{width}.png"))
        first = page.locator(".kl-games .kl-clause").first.get_attribute("data-clause")
        assert first != "title", first  # Shadow Master's tab opened on its title alone
        link.click()
        page.wait_for_url("**/analyzer.ipynb*", timeout=60_000)
        page.locator(".widget-button").first.wait_for(timeout=180_000)
        assert "Traceback" not in page.inner_text("body")
    finally:
        page.close()


ANCHOR_TOP = "() => { const e = document.getElementById(location.hash.slice(1)); " \
             "return e ? Math.round(e.getBoundingClientRect().top) : null; }"


@pytest.mark.parametrize("width,height", WIDTHS)
def test_a_page_opened_at_an_anchor_stays_there_until_the_reader_scrolls(browser, dashboard, width, height):
    """``coup.ipynb#kl-step`` (the "start here" link, reloaded or shared) shows that section at the
    top once every view above it is drawn; it had landed ~2,000 px (a phone ~4,900 px) above it,
    in another section.  Once the reader scrolls, the page is theirs."""
    page = _phone(browser, width, height)
    try:
        page.goto(f"{dashboard}/voila/render/coup.ipynb#kl-step", wait_until="domcontentloaded", timeout=120_000)
        page.locator(".kl-coup-table").first.wait_for(state="attached", timeout=180_000)  # views are drawn
        page.wait_for_timeout(2500)
        assert abs(page.evaluate(ANCHOR_TOP)) <= 3, page.evaluate(ANCHOR_TOP)
        heading = page.evaluate("() => document.elementFromPoint(40, 60).closest('.jp-Cell').innerText.slice(0, 400)")
        assert "ทีละขั้น" in heading or "step by step" in heading, heading
        page.mouse.move(width // 2, height // 2)
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(1200)
        assert page.evaluate(ANCHOR_TOP) < -300, page.evaluate(ANCHOR_TOP)  # not pulled back
    finally:
        page.close()


STEPPER_NAMES = ("ขั้นแรก / first", "ย้อน / back", "ถัดไป / forward", "ขั้นล่าสุด / last")


@pytest.mark.parametrize("width,height", WIDTHS)
def test_the_stepper_buttons_are_named_by_their_tooltips(browser, dashboard, width, height):
    """The rulings stepper's four buttons are icons alone: a screen reader (Chromium's accessibility
    tree) named them by their Font Awesome glyph ("\\uf049"), not their Thai + English tooltip, and
    the slider's label "ขั้น" showed a "null" tooltip.  Each button is found by its role and its
    tooltip's words, its glyph hidden; no label's title is "null".  Both fronts: the light one names
    them in its ButtonView, the Voila one (``KOTIKA_FRONT=voila``, template ``kotika``) on the page."""
    page = _phone(browser, width, height)
    try:
        # a linked example with moves: the page's first examples are fresh deals, with no move and
        # so no stepper (widgets.page.NO_MOVES_HTML), and the ones below are built on scrolling
        page.goto(f"{dashboard}/voila/render/coup.ipynb?scenario=4_forced_coup", wait_until="domcontentloaded",
                  timeout=120_000)
        page.locator(".fa-step-forward").first.wait_for(state="attached", timeout=180_000)
        page.wait_for_timeout(1000)
        for name in STEPPER_NAMES:
            button = page.get_by_role("button", name=name, exact=True)
            assert button.count() >= 1, name
            assert button.first.get_attribute("title") == name
        assert page.evaluate("() => [...document.querySelectorAll('button > i.fa')].filter(i => "
                             "i.getAttribute('aria-hidden') !== 'true').length") == 0
        assert page.evaluate("() => [...document.querySelectorAll('label')].filter(l => l.title === 'null').length") == 0
        slider = page.locator(".fa-step-forward").first.locator("xpath=ancestor::div[contains(@class,'widget-hbox')][1]")
        tip = slider.locator("label.widget-label").first.get_attribute("title")
        assert tip and " / " in tip, tip
        # a button with words is named by them alone (its icon no longer adds a glyph)
        assert page.get_by_role("button", name="แชร์เกมนี้ / share this game", exact=True).count() >= 1
        slider.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        slider.screenshot(path=str(ARTIFACTS / f"ux_stepper_{width}.png"))
    finally:
        page.close()


@pytest.mark.parametrize("width,height", WIDTHS)
def test_a_click_on_a_story_line_shows_its_clauses(browser, dashboard, width, height):
    """A reader clicks (on a phone taps) a line of the play log's story expecting the clauses that
    decided it; only the picker below showed them.  Now the click chooses that event in the picker:
    the picker and the clause panel below show that line's event and every clause it cites, the line
    is marked as the chosen one (the line marked before is not), with no error in the console."""
    page = _phone(browser, width, height)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        table, income = open_coup_play(page, dashboard)
        income.click()
        table.locator(".kl-choices button").first.wait_for(timeout=60_000)  # the bots answered
        mine = table.locator(".kl-story .kl-turn .kl-line", has_text="ที่นั่ง 1 รับเงิน").first
        mine.wait_for(timeout=60_000)
        n = int(mine.get_attribute("data-n"))  # the event's number over the whole log, 0-based
        # textContent, not innerText: a story off screen is not laid out (content-visibility) and its innerText is ''
        # the line names its clauses by title ("รายได้", the engine's cite_name), their ids in its tooltip only
        cites = mine.locator(".kl-why").first.get_attribute("title").split(", ")
        said = mine.evaluate("e => e.textContent")
        assert "— รายได้" in said and not re.search(r"[a-z_]+\.[a-z_]+", said) and mine.locator("code").count() == 0, said
        picker = table.locator(".kl-eventlog-pick select").first
        chosen = "s => s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ')"  # the dropdown's spaces are nbsp
        assert cites and not picker.evaluate(chosen).startswith(f"{n + 1}. ")
        table.locator(".kl-story .kl-line.kl-chosen-line").first.wait_for(state="attached", timeout=10_000)
        before = table.locator(".kl-story .kl-line.kl-chosen-line").evaluate_all("els => els.map(e => e.dataset.n)")
        mine.scroll_into_view_if_needed()
        if width < 500:
            mine.tap()
        else:
            mine.click()
        table.locator(".kl-eventlog-detail .kl-eventlog-line", has_text=re.compile(rf"^\s*{n + 1}\.")).first.wait_for(timeout=10_000)
        assert table.locator(".kl-eventlog-detail .kl-eventlog-line").first.inner_text().startswith(f"{n + 1}. ")
        assert picker.evaluate(chosen).startswith(f"{n + 1}. ")
        # the line clicked is marked (kl-chosen-line, from the picker's value in the kernel), and it alone:
        # the newest line, marked before the click, is not any more
        table.locator(f".kl-story .kl-line.kl-chosen-line[data-n='{n}']").wait_for(timeout=10_000)
        marked = table.locator(".kl-story .kl-line.kl-chosen-line").evaluate_all("els => els.map(e => e.dataset.n)")
        assert marked == [str(n)], marked
        assert before != [str(n)] and before, before
        shown = table.locator(".kl-eventlog-detail [data-clause]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-clause'))")
        assert set(cites) <= set(shown), (cites, shown)
        assert table.locator(".kl-eventlog-detail .kl-clause").first.inner_text().strip()  # the Thai text
        assert "คลิกบรรทัด" in table.inner_text() and "click a line" in table.inner_text()
        ARTIFACTS.mkdir(exist_ok=True)
        table.locator(".kl-eventlog-box").first.screenshot(path=str(ARTIFACTS / f"ux_story_click_{width}.png"))
        assert errors == [], errors
    finally:
        page.close()


def test_why_cant_i_fold_on_a_phone(browser, dashboard):
    """At the first turn (2 coins) a reader on a 390 px phone asks why Coup and Assassinate are not
    among the choices: the fold under the choices opens to each refused action with the engine's
    reason and the refusing clause by its title; a tap on the title opens the clause's text.  No
    dotted clause id is on screen and nothing scrolls sideways."""
    page = _phone(browser, 390, 844)
    try:
        table, _income = open_coup_play(page, dashboard)
        fold = table.locator("details.kl-whynot").first
        fold.locator("summary").first.tap()
        coup = fold.locator("li", has_text="ต้องมีเงิน 7 เหรียญจึงรัฐประหารได้").first
        coup.wait_for(timeout=10_000)
        assert coup.is_visible() and fold.locator("li", has_text="ลอบสังหาร").first.is_visible()
        rule = coup.locator("details.kl-whynot-rule summary").first
        assert rule.get_attribute("title") == "actions.coup"
        rule.tap()
        coup.locator(".kl-whynot-text").first.wait_for(state="visible", timeout=10_000)
        said = fold.inner_text()
        assert "ข้อกติกา / rule: รัฐประหาร" in said and not re.search(r"\b[a-z_]+\.[a-z_]+\b", said), said
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390 + 1
        box = fold.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 1, box
    finally:
        page.close()


def _shadow_master_phase_two_code() -> str:
    """The ``?game=`` code of a seeded 3-seat Shadow Master game stopped at seat 0's phase-2 take
    after a placement by choice A (greedy bots for every seat)."""
    import random as _random

    from rules.core.play import choose_action
    from rules.core.protocol import CHANCE
    from rules.shadow_master import GAME
    from rules.shadow_master.bots import greedy_bot
    from widgets import sharing
    from widgets.session import GameSession
    from widgets.shadow_master import SPEC
    session = GameSession(GAME, config={"players": 3}, seed=7)
    rng = _random.Random(7)
    bots = {s: greedy_bot for s in range(3)}
    for _ in range(200):
        st = session.state
        cp = GAME.current_player(st)
        if cp == 0 and st.stage == "turn" and not st.queue and st.turn.step == "phase2" and st.turn.choice == "A":
            return sharing.link_code(session, {"viewer": 0, "bots": SPEC.bot_kind})
        if cp == CHANCE:
            session.apply_chance(rng)
        else:
            session.apply(choose_action(GAME, st, bots, rng))
    raise AssertionError("no phase-2 decision of seat 0")


@pytest.mark.parametrize("width,height", WIDTHS)
def test_shadow_master_why_fold_at_phase_two(browser, dashboard, width, height):
    """At a phase-2 take (a shared game opened at seat 0's decision) the fold under the choices
    answers why the reader may not stop taking cards: the engine's reason (the register's default
    reading) under the rule's title; a tap opens the clause's text.  No dotted clause id on screen,
    nothing scrolls sideways.  Screenshots: ``artifacts/ux_sm_whynot_<width>.png``."""
    page = _phone(browser, width, height)
    try:
        page.goto(f"{dashboard}/voila/render/shadow_master.ipynb?game={_shadow_master_phase_two_code()}",
                  wait_until="domcontentloaded", timeout=120_000)
        fold = page.locator("details.kl-whynot").first
        fold.wait_for(state="attached", timeout=240_000)
        fold.scroll_into_view_if_needed()
        summary = fold.locator("summary").first
        summary.tap() if width < 500 else summary.click()
        stop = fold.locator("li", has_text="take no more cards").first
        stop.wait_for(timeout=10_000)
        assert "phase 2 takes as many Territory cards as were spent in phase 1" in stop.inner_text()
        rule = stop.locator("details.kl-whynot-rule summary").first
        assert rule.get_attribute("title") == "phase2.take"
        rule.tap() if width < 500 else rule.click()
        stop.locator(".kl-whynot-text").first.wait_for(state="visible", timeout=10_000)
        said = fold.inner_text()
        assert "ข้อกติกา / rule: เฟส 2" in said and not re.search(r"\b[a-z_]+\.[a-z_]+\b", said), said
        assert page.evaluate("() => document.scrollingElement.scrollWidth") <= width + 1
        box = fold.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
        ARTIFACTS.mkdir(exist_ok=True)
        fold.screenshot(path=str(ARTIFACTS / f"ux_sm_whynot_{width}.png"))
    finally:
        page.close()
