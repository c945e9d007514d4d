"""One click saves: "save game" on the Coup play panel downloads the session file at once, in headless
Chromium (a fresh user's trial: the first click only drew a "Ready: click to download" button, and
the file came with a second click).  The button stays, says the file was downloaded, and gives a
second copy; the file is the session "open a session" reads back."""
from __future__ import annotations

import json

import pytest

from tests.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]


@pytest.mark.parametrize("width,height", [(1280, 1000), (390, 844)])
def test_save_game_downloads_with_one_click(browser, dashboard, width, height):
    page = browser.new_page(viewport={"width": width, "height": height}, locale="th-TH", accept_downloads=True)
    try:
        page.goto(f"{dashboard}/voila/render/coup.ipynb", wait_until="domcontentloaded", timeout=120_000)
        play = page.locator(".kl-play-panel").first
        play.wait_for(timeout=180_000)
        play.get_by_role("button", name="เริ่มเกมใหม่ / New game").click()
        page.locator(".kl-coup-play .kl-choices button").first.wait_for(timeout=60_000)
        with page.expect_download(timeout=60_000) as info:
            play.get_by_role("button", name="บันทึกเกม / save game").click()
        download = info.value
        assert download.suggested_filename.startswith("coup_seed") and download.suggested_filename.endswith(".json")
        data = json.loads(open(download.path(), encoding="utf-8").read())
        assert data["game"] == "coup" and isinstance(data["actions"], list), list(data)
        again = play.locator("a.kl-download").first
        again.wait_for(timeout=10_000)
        text = again.inner_text()
        assert text.startswith("⬇ ดาวน์โหลดแล้ว: คลิกเพื่อดาวน์โหลดอีกครั้ง / downloaded: click to download again"), text
        assert download.suggested_filename in text
        with page.expect_download(timeout=30_000) as second:  # a second copy from the button
            again.click()
        assert second.value.suggested_filename == download.suggested_filename
        ARTIFACTS.mkdir(exist_ok=True)
        play.locator(".kl-share-box").first.screenshot(path=str(ARTIFACTS / f"download_once_{width}.png"))
    finally:
        page.close()
