"""Bringing the reader to what they asked for, in headless Chromium.

* A deep link (``?scenario=<stem>&step=<n>``): its example lay below the page's first screen (at
  390 px Coup's stepper was 1400 px down, New World's 2500 px; at 1280 px New World's 1000 px) and
  the page stayed at its top.  Once the example is drawn the page now brings the link's line and the
  example's stepper on screen (the stepper at the top when both do not fit), once; a reader who
  then scrolls elsewhere is left there, and so is one who scrolled before the example was drawn.
* The event log's picker: choosing an early event (a ``change``, as a mouse or a tap makes it)
  marked its story line but left it out of sight, far up the story's box.  Now the box (not the
  page) scrolls so the line is in it.

Screenshots: ``artifacts/scrollto_link_<game>_<width>.png``, ``artifacts/scrollto_pick_<width>.png``.
"""
from __future__ import annotations

import pytest

from tests.conftest import ARTIFACTS, open_coup_play, play_coup_income

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

LINKS = {"coup": "4_forced_coup&step=2", "new_world": "7b_refusals_name_their_clause&step=1",
         "valeria": "4_warden_must_move&step=1"}

BANNER_AT_TOP = """() => { const b = document.querySelector('.kl-link-banner');
  return !!b && b.getBoundingClientRect().height > 0 && Math.abs(b.getBoundingClientRect().top) <= 40; }"""

LINK_STEPPER = ("document.querySelector('.kl-link-banner')"
                ".closest('.widget-box').querySelector('.kl-stepper')")
"""The linked example's stepper (in the box the link's line opens)."""

IN_VIEW = f"""() => {{ const e = {LINK_STEPPER}; if (!e) return false; const r = e.getBoundingClientRect();
  return r.height > 0 && r.top >= -1 && r.bottom <= innerHeight + 1; }}"""


def _page(browser, width, height):
    mobile = width < 500
    return browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1,
                            is_mobile=mobile, has_touch=mobile)


@pytest.mark.parametrize("game,width,height,fragment", [("coup", 390, 844, ""), ("new_world", 390, 844, ""),
                                                        ("new_world", 1280, 800, ""), ("valeria", 390, 844, ""),
                                                        ("coup", 1280, 900, "#foo")])
def test_a_deep_link_brings_its_example_on_screen_once_drawn(browser, dashboard, game, width, height, fragment):
    """(``#foo`` names nothing on the page: the example is brought as without it; a fresh user's
    trial 13 found any fragment kept the page at its top.)"""
    page = _page(browser, width, height)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{dashboard}/voila/render/{game}.ipynb?scenario={LINKS[game]}{fragment}",
                  wait_until="domcontentloaded", timeout=120_000)
        banner = page.locator(".kl-link-banner").first
        banner.wait_for(timeout=180_000)
        page.wait_for_function(f"() => !!({LINK_STEPPER})", timeout=60_000)
        # the link's line comes to the top of the screen, the example under it, on every page (it was far
        # below the first screen: the page stayed at its top; with the stepper at the top when both did
        # not fit, Valeria's title and question were above the screen at 390)
        page.wait_for_function(BANNER_AT_TOP, timeout=15_000)
        page.wait_for_timeout(1000)
        where = page.evaluate("""() => { const b = document.querySelector('.kl-link-banner').getBoundingClientRect();
            const s = """ + LINK_STEPPER + """.getBoundingClientRect();
            return {banner: b.top, stepper: s.top, stepperBottom: s.bottom, y: scrollY, h: innerHeight}; }""")
        assert where["y"] > 0 and -1 <= where["banner"] <= 40, where
        if where["stepperBottom"] - where["banner"] <= where["h"] - 8:  # (when they fit, both on screen)
            assert page.evaluate(IN_VIEW), where
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"scrollto_link_{game}_{width}{'_fragment' if fragment else ''}.png"))
        # once: a reader who scrolls elsewhere afterwards is not brought back
        page.mouse.move(width // 2, height // 2)
        page.mouse.wheel(0, 600)
        page.wait_for_function("y => scrollY > y + 300", arg=where["y"], timeout=5_000)
        moved = page.evaluate("() => scrollY")
        page.wait_for_timeout(3500)
        assert abs(page.evaluate("() => scrollY") - moved) < 2
        assert errors == [], errors
        if game == "coup" and not fragment:
            _a_reader_who_scrolled_first_is_not_moved(browser, dashboard, width, height)
    finally:
        page.close()


def _a_reader_who_scrolled_first_is_not_moved(browser, dashboard, width, height):
    """The same link in a new tab, the reader scrolling the page's top while the example is built:
    the page stays where the reader put it."""
    page = _page(browser, width, height)
    try:
        page.goto(f"{dashboard}/voila/render/coup.ipynb?scenario={LINKS['coup']}", wait_until="domcontentloaded",
                  timeout=120_000)
        page.locator("h1, h2").first.wait_for(timeout=120_000)
        page.mouse.move(width // 2, height // 2)
        page.mouse.wheel(0, 300)  # the reader reads the page's top while the example is built
        page.wait_for_function("() => scrollY > 100", timeout=10_000)
        page.locator(".kl-link-banner").first.wait_for(timeout=180_000)
        page.wait_for_function(f"() => {{ const e = {LINK_STEPPER}; return !!e && e.getBoundingClientRect().height > 0; }}",
                               timeout=60_000)
        at = page.evaluate("() => scrollY")
        page.wait_for_timeout(3500)
        assert abs(page.evaluate("() => scrollY") - at) < 2
    finally:
        page.close()


IN_STORY = """([t, n]) => { const s = t.querySelector('.kl-story'), l = s.querySelector('.kl-line[data-n="' + n + '"]');
  if (!l || !l.classList.contains('kl-chosen-line')) return false;
  const b = s.getBoundingClientRect(), r = l.getBoundingClientRect();
  return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }"""
"""Event ``n``'s story line is marked chosen and lies inside the story box's visible rect."""


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_choosing_an_early_event_brings_its_line_into_the_story_box(browser, dashboard, width, height):
    page = _page(browser, width, height)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        table, _income = open_coup_play(page, dashboard)
        play_coup_income(page, table, 8)  # a long story
        story = table.locator(".kl-story").first
        assert story.evaluate("s => s.scrollHeight > s.clientHeight + 200"), "the story fits its box: no test"
        picker = table.locator(".kl-eventlog-pick select").first
        picker.scroll_into_view_if_needed()
        entries = picker.evaluate("s => [...s.options].map(o => o.textContent)")
        pick = next(i for i, o in enumerate(entries) if "ตั้งเกม" not in o)  # the first event after the setup
        n = int(entries[pick].split(".", 1)[0]) - 1
        # far up the story: not in its box before the choice
        assert not page.evaluate(IN_STORY.replace("l.classList.contains('kl-chosen-line')", "true"),
                                 [table.element_handle(), n])
        y = page.evaluate("() => scrollY")
        picker.select_option(index=pick)  # a change event, as a mouse or a tap makes it
        page.wait_for_function(IN_STORY, arg=[table.element_handle(), n], timeout=10_000)
        assert abs(page.evaluate("() => scrollY") - y) < 2  # the story's box scrolled, not the page
        # a setup event: the folded setup opens and its line comes into the box too
        picker.select_option(index=1)
        page.wait_for_function(IN_STORY, arg=[table.element_handle(), 1], timeout=10_000)
        assert table.locator(".kl-story details.kl-setup").first.evaluate("d => d.open")
        ARTIFACTS.mkdir(exist_ok=True)
        picker.select_option(index=pick)
        page.wait_for_function(IN_STORY, arg=[table.element_handle(), n], timeout=10_000)
        page.wait_for_timeout(300)
        table.locator(".kl-eventlog-box").first.screenshot(path=str(ARTIFACTS / f"scrollto_pick_{width}.png"))
        assert errors == [], errors
    finally:
        page.close()


@pytest.mark.parametrize("query", ["scenario=no_such_thing&step=2", "game=garbage123"])
def test_a_refused_link_brings_its_message_on_screen(browser, dashboard, query):
    """A bad link's message and picker lay ~980 px down at 390 px, the page at its top (a fresh
    user's trial): the page brings the message to the top of the screen."""
    page = _page(browser, 390, 844)
    try:
        page.goto(f"{dashboard}/voila/render/shadow_master.ipynb?{query}", wait_until="domcontentloaded",
                  timeout=120_000)
        page.locator(".kl-error").first.wait_for(timeout=180_000)
        page.wait_for_function("() => { const r = document.querySelector('.kl-error').getBoundingClientRect();"
                               " return Math.abs(r.top) <= 40; }", timeout=15_000)
        assert page.evaluate("() => scrollY") > 300
        page.screenshot(path=str(ARTIFACTS / f"scrollto_bad_link_{query.split('=')[0]}_390.png"))
    finally:
        page.close()
