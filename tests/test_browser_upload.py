"""Opening a file from the reader's device, in headless Chromium (the system's): a ruling file
chosen on the Coup page opens that ruling, and the button reads only its label (ipywidgets'
FileUpload read "open a ruling (0)" right after a ruling had opened); a broken file gives the
Thai/English refusal and leaves the view as it was (another game's session file names both games);
the same file can be chosen twice."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import yaml

from tests.conftest import ARTIFACTS, story_lines

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

ROOT = Path(__file__).resolve().parents[1]


def test_a_ruling_file_opens_from_the_coup_page(browser, dashboard, tmp_path):
    ruling = sorted((ROOT / "data/scenarios/coup").glob("*.yaml"))[-1]
    title = yaml.safe_load(ruling.read_text(encoding="utf-8"))["title_th"]
    broken = tmp_path / "broken.yaml"
    broken.write_bytes(b"\xff\xfe not utf-8")
    page = browser.new_page(viewport={"width": 1280, "height": 1000}, locale="th-TH")
    try:
        page.goto(f"{dashboard}/voila/render/coup.ipynb", wait_until="domcontentloaded", timeout=120_000)
        box = page.locator(".kl-share-box", has=page.locator(".kl-filepicker")).first
        box.wait_for(timeout=180_000)
        button = box.locator(".kl-filepicker")
        label = button.inner_text().strip()
        assert label == "เปิดไฟล์ข้อตัดสิน / open a ruling", label
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), "the label is cut"
        for attempt in (1, 2):  # the same file twice: the second choice opens it again
            box.locator("input[type=file]").set_input_files(str(ruling))
            box.get_by_text(f"เปิดไฟล์ {ruling.name} แล้ว").wait_for(timeout=60_000)
            assert button.inner_text().strip() == label  # no "(0)", no "(1)"
            assert not re.search(r"\(\d+\)", button.inner_text())
        view = page.locator(".kl-page", has=box).first  # the scenario view the share box is under
        assert title in view.inner_text()
        box.locator("input[type=file]").set_input_files(str(broken))
        err = box.locator(".kl-error").first
        err.wait_for(timeout=60_000)
        assert "UTF-8" in err.inner_text(), err.inner_text()
        cut = tmp_path / "trunc.json"  # a fresh user's file: JSON cut short, read as "YAML ไม่ถูกต้อง"
        cut.write_bytes(b'{"game": "coup", "moves": [1,2')
        box.locator("input[type=file]").set_input_files(str(cut))
        err = box.locator(".kl-error", has_text="ไฟล์ไม่สมบูรณ์หรือรูปแบบไม่ถูกต้อง (บรรทัด 1 คอลัมน์ 31)")
        err.wait_for(timeout=60_000)
        assert "the file is cut off or malformed (line 1, column 31)" in err.inner_text()
        assert "YAML" not in err.locator("[lang=th]").inner_text()
        assert "flow sequence" in err.locator(".kl-detail").inner_text()  # the parser's words: small print
        ARTIFACTS.mkdir(exist_ok=True)
        box.screenshot(path=str(ARTIFACTS / "upload_ruling_cut.png"))
        # another game's session file, chosen with "open a ruling": what it is, both games by title
        from rules.catalog import engine
        from rules.core import saveload
        pig = engine("toy_pig")
        other = tmp_path / "toy_pig_seed1_step0.json"
        other.write_text(saveload.dumps(pig, pig.make_config({"players": 2}), 1, []), encoding="utf-8")
        box.locator("input[type=file]").set_input_files(str(other))
        err = box.locator(".kl-error", has_text="ไฟล์เกม (session) ที่บันทึกไว้ของเกม “หมูทอยเต๋า”")
        err.wait_for(timeout=60_000)
        assert ("of “Toy Pig (the template game)”, not a ruling file of “Coup (Inquisitor + Reformation)”"
                in err.inner_text()), err.inner_text()
        assert "“open a session”" in err.inner_text() and title in view.inner_text()
        # 30 MB: not read by the browser (it dropped the page's connection), refused by its size
        big = tmp_path / "big30mb.yaml"
        with open(big, "wb") as f:
            f.truncate(30_000_000)
        box.locator("input[type=file]").set_input_files(str(big))
        box.locator(".kl-error", has_text="ไฟล์ใหญ่เกินไป").wait_for(timeout=60_000)
        assert "file too large" in box.locator(".kl-error").first.inner_text()
        assert title in view.inner_text()  # the ruling opened before is still on screen
        ARTIFACTS.mkdir(exist_ok=True)
        box.screenshot(path=str(ARTIFACTS / "upload_ruling_refused.png"))
    finally:
        page.close()


def test_a_shared_game_link_shows_two_lines_of_code_and_opens_the_same_game(browser, dashboard):
    """Coup play: one move, "share this game"; the link's code (about a thousand characters) shows
    as at most two lines inside its panel, absolute (``http://host/voila/render/coup.ipynb?game=…``),
    and the link shown, opened in a new tab seats the same game in
    that page's play panel, which a link at the top of the page scrolls to."""
    page = browser.new_page(viewport={"width": 1280, "height": 1400}, locale="th-TH")
    other = None
    try:
        page.goto(f"{dashboard}/voila/render/coup.ipynb", wait_until="domcontentloaded", timeout=120_000)
        play = page.locator(".kl-play-panel").first
        play.wait_for(timeout=180_000)
        play.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        table = page.locator(".kl-coup-play").first
        income = table.locator(".kl-choices button", has_text="รายได้").first
        income.wait_for(timeout=60_000)
        income.click()
        table.locator(".kl-story").filter(has_text="ที่นั่ง 1 รับเงิน").wait_for(timeout=60_000)
        table.locator(".kl-choices button").first.wait_for(timeout=60_000)  # the bots answered
        story = story_lines(table.locator(".kl-story"))
        play.get_by_role("button", name="แชร์เกมนี้ / share this game").click()
        code = play.locator("code.kl-link-text").first
        code.wait_for(timeout=60_000)
        box = code.evaluate("""c => { const r = c.getBoundingClientRect(), p = c.closest('.kl-share-box').getBoundingClientRect();
                                      return {h: r.height, line: parseFloat(getComputedStyle(c).lineHeight) || 18,
                                              right: r.right, pright: p.right}; }""")
        assert box["h"] <= 2 * box["line"] + 2, box
        assert box["right"] <= box["pright"] + 1, box
        href = play.locator("a.kl-share-link").first.get_attribute("href")
        assert href.startswith("?game="), href
        # the link shown is absolute (it read "coup.ipynb?game=…", which pasted elsewhere opened
        # nothing: trial 4): the page's origin and path, resolved by the browser; it is the one opened
        shown = code.inner_text().strip()
        assert shown == f"{dashboard}/voila/render/coup.ipynb{href}", (shown[:80], dashboard)
        other = browser.new_page(viewport={"width": 1280, "height": 1400}, locale="th-TH")
        other.goto(shown, wait_until="domcontentloaded", timeout=120_000)
        again = other.locator(".kl-coup-play .kl-story").filter(has_text="ที่นั่ง 1 รับเงิน").first
        again.wait_for(timeout=180_000)
        # one play area: the shared game is the play panel's table (no "no game yet" under it); the page
        # brings it on screen by itself (it lies far below the first screen), and the top of the page
        # has a link that scrolls to it again
        panel = other.locator(".kl-play-panel").first
        assert panel.locator(".kl-coup-play").count() == 1 and other.locator(".kl-coup-play").count() == 1
        assert "ยังไม่มีเกม" not in panel.inner_text() and "the game in this page's address" in panel.inner_text()
        at_top = ("() => { const r = document.querySelector('.kl-play-panel').getBoundingClientRect();"
                  " return r.top >= -2 && r.top < 100; }")
        other.wait_for_function(at_top, timeout=30_000)
        assert other.evaluate("() => window.scrollY") > 1400  # it lay below the first screen
        other.wait_for_timeout(3500)  # (the page's settling is over: the reader's scroll is left alone)
        other.evaluate("() => window.scrollTo(0, 0)")
        go = other.locator("a.kl-go-play").first
        go.click()
        other.wait_for_function(at_top, timeout=10_000)
        mine = [ln for ln in story if "ที่นั่ง 1 รับเงิน" in ln]
        assert mine and [ln for ln in story_lines(again) if "ที่นั่ง 1 รับเงิน" in ln] == mine, (story, story_lines(again))
        ARTIFACTS.mkdir(exist_ok=True)
        play.locator(".kl-share-box").first.screenshot(path=str(ARTIFACTS / "share_game_link.png"))
    finally:
        page.close()
        if other is not None:
            other.close()


STORY_LINES = """t => [...t.querySelectorAll('.kl-story .kl-line')].map(l => l.dataset.n + ' ' + l.textContent.trim())"""
"""The play table's story, every line with its event number (the setup's folded lines too)."""


def test_a_reload_during_a_game_opens_the_same_game_at_the_same_step(browser, dashboard):
    """A reload (or a phone that dropped the tab) lost the game: the page came back with "no game
    yet".  After each move the address carries the game (``?game=<code>`` as "share this game" builds
    it, ``#kl-play`` kept, replaced in the history: no new entry a move); the reload opens that game
    in the play panel at the same step (the same story, line for line, and the same choices), and the
    reader plays on.  Screenshots: ``/tmp/reload_shots/reload_<width>.png`` (or in ``$KL_RELOAD_SHOTS``)
    when that folder exists."""
    from tests.conftest import open_coup_play

    page = browser.new_page(viewport={"width": 1280, "height": 1400}, locale="th-TH")
    try:
        table, income = open_coup_play(page, dashboard, seed="4")
        before = page.evaluate("() => history.length")
        for _move in (1, 2):  # two moves of the reader's (income, then the first choice), the bots answering each
            choice = table.locator(".kl-choices button", has_text="รายได้" if _move == 1 else "").first
            choice.wait_for(timeout=60_000)
            shown = table.evaluate(STORY_LINES)
            choice.click()
            page.wait_for_function(f"n => document.querySelectorAll('.kl-coup-play .kl-story .kl-line').length > n",
                                   arg=len(shown), timeout=60_000)
            table.locator(".kl-choices button").first.wait_for(timeout=60_000)  # the bots answered
        page.wait_for_function("() => new URLSearchParams(location.search).has('game')", timeout=60_000)
        page.wait_for_timeout(500)  # (the last redraw's address)
        url = page.url
        assert "?game=" in url and url.endswith("#kl-play"), url
        assert page.evaluate("() => history.length") == before  # replaced, not pushed
        story = table.evaluate(STORY_LINES)
        offered = table.locator(".kl-choices button").all_inner_texts()
        assert len(story) > 2 and offered
        page.reload(wait_until="domcontentloaded", timeout=120_000)
        again = page.locator(".kl-play-panel .kl-coup-play").first
        again.locator(".kl-choices button").first.wait_for(timeout=180_000)
        panel = page.locator(".kl-play-panel").first
        assert "ยังไม่มีเกม" not in panel.inner_text()
        # the reader's own game: the panel does not call it "the game from the shared link"
        assert "the game in this page's address: play on" in panel.inner_text()
        assert "shared link" not in panel.inner_text()
        assert again.evaluate(STORY_LINES) == story  # the same step: the same events, line for line
        assert again.locator(".kl-choices button").all_inner_texts() == offered
        assert page.url == url
        shots = Path(os.environ.get("KL_RELOAD_SHOTS", "/tmp/reload_shots"))
        if shots.is_dir():
            again.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / "reload_1280.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.wait_for_timeout(500)
            again.locator(".kl-choices").first.scroll_into_view_if_needed()
            page.screenshot(path=str(shots / "reload_390.png"))
            page.set_viewport_size({"width": 1280, "height": 1400})
        # the reader plays on: a choice is clicked and applied, and the address follows
        again.locator(".kl-choices button").first.click()
        page.wait_for_function("n => document.querySelectorAll('.kl-play-panel .kl-coup-play .kl-story .kl-line')"
                               ".length > n", arg=len(story), timeout=60_000)
        page.wait_for_function("u => location.href !== u && location.search.startsWith('?game=')",
                               arg=url, timeout=60_000)
    finally:
        page.close()
