#!/usr/bin/env python3
"""Open a page in headless Chromium (the system's, installed from Debian as `chromium`), wait for
it to settle, save a full-page screenshot, and print what a person would notice: the time to the
awaited text, the console errors, and the bytes transferred.

Usage: python tests/shoot.py URL OUT.png [--wait-text TEXT] [--wait-selector CSS] [--timeout S]
Needs the `playwright` Python package (no browser download: it drives the system chromium).

The project's copy of ``../shared/tools/shoot.py`` (DESIGN.md), with full-page shots that show the
whole page: Voila lays a page out in Lumino panels, so the document never scrolls; its cells
scroll inside ``#rendered_cells`` (a box as tall as the window), and Chromium's own full-page shot
stopped at the window.  :func:`full_page_screenshot` grows the window by what that inner box
hides, shoots, and puts the window and the box's scroll position back.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import time

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
MAX_HEIGHT = 60_000
"""Pixels: a page taller than this is cut there (a bigger shot is slow and tens of MB)."""

_HIDDEN_JS = """() => {
  // What the tallest inner scroll box hides (px) when the document itself does not scroll.
  const doc = document.scrollingElement || document.documentElement;
  if (doc.scrollHeight > window.innerHeight + 1) return {hidden: 0, top: 0, id: null};
  let best = null;
  for (const el of document.querySelectorAll('*')) {
    const oy = getComputedStyle(el).overflowY;
    if ((oy === 'auto' || oy === 'scroll') && el.scrollHeight > el.clientHeight + 1 &&
        el.clientHeight > window.innerHeight / 2 && (!best || el.scrollHeight > best.scrollHeight)) best = el;
  }
  if (!best) return {hidden: 0, top: 0, id: null};
  best.dataset.klShootScroller = '1';
  return {hidden: best.scrollHeight - best.clientHeight, top: best.scrollTop, id: best.id || null};
}"""
_RESTORE_JS = """(top) => {
  const el = document.querySelector('[data-kl-shoot-scroller]');
  if (el) { el.scrollTop = top; delete el.dataset.klShootScroller; }
}"""


def full_page_screenshot(page, path: str, max_height: int = MAX_HEIGHT, settle_ms: int = 400) -> dict:
    """A screenshot of the whole page into ``path`` (PNG), also when the page scrolls inside an
    element (Voila's ``#rendered_cells``) rather than the document: the viewport is made as tall as
    the page (at most ``max_height`` px) for the shot, then restored with the inner scroll position.
    Returns ``{"height": px of the shot's page, "grown": px the window grew, "scroller": the inner
    box's id or None}``."""
    size = dict(page.viewport_size)
    grown, scroller, top = 0, None, 0
    for _ in range(3):  # the page may reflow at the new height (a panel that fills the window grows)
        hidden = page.evaluate(_HIDDEN_JS)
        if not hidden["hidden"]:
            break
        if scroller is None:
            scroller, top = hidden["id"], hidden["top"]
        height = min(size["height"] + grown + hidden["hidden"], max_height)
        if height <= size["height"] + grown:
            break
        grown = height - size["height"]
        page.set_viewport_size({"width": size["width"], "height": height})
        page.wait_for_timeout(settle_ms)
    try:
        page.screenshot(path=path, full_page=True)
    finally:
        if grown:
            page.set_viewport_size(size)
            page.wait_for_timeout(settle_ms)
        page.evaluate(_RESTORE_JS, top)
    return {"height": size["height"] + grown, "grown": grown, "scroller": scroller}


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); prints the time to the awaited text, the
    console errors and the bytes by content-length."""
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("url")
    ap.add_argument("out")
    ap.add_argument("--wait-text")
    ap.add_argument("--wait-selector")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=1000)
    a = ap.parse_args(argv)
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        sys.exit("no chromium on PATH: apt-get install -y chromium fonts-thai-tlwg")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": a.width, "height": a.height})
        errors, sizes = [], []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("response", lambda r: sizes.append(int(r.headers.get("content-length", 0) or 0)))
        t0 = time.time()
        page.goto(a.url, wait_until="domcontentloaded", timeout=a.timeout * 1000)
        if a.wait_text:
            page.get_by_text(a.wait_text).first.wait_for(timeout=a.timeout * 1000)
        if a.wait_selector:
            page.wait_for_selector(a.wait_selector, timeout=a.timeout * 1000)
        shown = time.time() - t0
        page.wait_for_timeout(1000)
        shot = full_page_screenshot(page, a.out)
        browser.close()
    print(f"shown after {shown:.2f} s; {len(errors)} console errors; ~{sum(sizes) / 1e6:.1f} MB by content-length; "
          f"page {shot['height']} px tall" + (f" (scrolls inside #{shot['scroller']})" if shot["scroller"] else ""))
    for e in errors[:10]:
        print("console error:", e[:200])
    return 0


if __name__ == "__main__":
    sys.exit(main())
