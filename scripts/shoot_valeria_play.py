"""Headless-Chromium check of the Valeria page: start a game against the bots (seed 5), click the
reader's first button (fight/camp first) until the game is over, screenshot the end.
Usage: python scripts/shoot_valeria_play.py URL OUT.png (a running dashboard: make dashboard)."""
import shutil, sys, time
from playwright.sync_api import sync_playwright
url, out = sys.argv[1], sys.argv[2]
with sync_playwright() as p:
    b = p.chromium.launch(executable_path=shutil.which("chromium"), headless=True, args=["--no-sandbox"])
    page = b.new_page(viewport={"width": 1280, "height": 1000})
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(url, wait_until="domcontentloaded", timeout=400000)
    page.get_by_text("ambiguity register").first.wait_for(timeout=400000)
    panel = page.locator(".kl-play-panel").first
    panel.locator("input[type=text]").first.fill("5")
    panel.get_by_text("New game").first.click()
    table = page.locator(".kl-valeria-play").first
    table.wait_for(timeout=400000, state="attached")
    t0 = time.time(); clicks = 0
    while time.time() - t0 < 900:
        if table.locator(".kl-over").count():
            break
        buttons = [bt for bt in table.locator("button").all()
                   if bt.is_visible() and not any(x in (bt.inner_text() or "") for x in ("ย้อน", "undo", "finish", "จนจบ"))]
        if not buttons:
            page.wait_for_timeout(300); continue
        pick = next((bt for bt in buttons if "fight" in bt.inner_text() or "camp" in bt.inner_text()), buttons[0])
        try:
            pick.click(timeout=5000); clicks += 1
        except Exception:
            pass
        page.wait_for_timeout(250)
    over = table.locator(".kl-over").first
    over.scroll_into_view_if_needed()
    page.wait_for_timeout(800)
    page.screenshot(path=out)
    print("clicks", clicks, "seconds", round(time.time() - t0), "over", table.locator(".kl-over").count(), "errors", errors[:5])
    b.close()
