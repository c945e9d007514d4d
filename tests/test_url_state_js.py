"""The page address writer's JavaScript (``widgets/deeplink.py``'s ``UrlState`` ESM) in headless
Chromium, with a stub model.

The play table writes the game into the address after every move (a reload reopens it).  Writing
it (``history.replaceState``) held the main thread ~8 ms of a play click, in the middle of the
move's messages (issue 12: a click answers within 100 ms), so the address is written when the page
is idle: not while the message that changed it is handled, once for several changes (the last
wins), and at once when the page is left (a reload right after a move keeps that move).
"""
from __future__ import annotations

import pytest

from widgets.deeplink import _URL_ESM

pytestmark = [pytest.mark.browser]

HARNESS = r"""
async (esm) => {
  const mod = await import('data:text/javascript;base64,' + btoa(unescape(encodeURIComponent(esm))));
  const on = {};
  const model = {
    state: { query: {}, hash: '' },
    get(k) { return this.state[k]; },
    on(ev, fn) { (on[ev] = on[ev] || []).push(fn); },
    off() {},
    set(k, v) { this.state[k] = v; for (const fn of on['change:' + k] || []) fn(); },
  };
  const writes = [];
  const real = history.replaceState.bind(history);
  history.replaceState = (s, t, url) => { writes.push(String(url)); return real(s, t, url); };
  const idle = () => new Promise((r) => setTimeout(r, 800));
  const out = {};
  mod.default.initialize({ model });
  await idle();
  out.first = writes.length;  // {} asks for nothing new: no write
  model.set('query', { game: 'A1' });
  out.sync = writes.length;   // not while the change is handled
  model.set('query', { game: 'A2' });
  await idle();
  out.idle = writes.slice();  // once, the last value
  out.search = location.search;
  model.set('query', { game: 'A3' });
  window.dispatchEvent(new Event('pagehide'));
  out.left = writes.slice();  // leaving the page writes the pending address at once
  out.leftSearch = location.search;
  await idle();
  out.after = writes.length;  // and not again
  return out;
}
"""


def test_the_address_is_written_when_the_page_is_idle_once_and_at_once_when_it_is_left(browser):
    page = browser.new_page()
    try:
        page.route("http://kl.test/**", lambda route: route.fulfill(
            status=200, content_type="text/html", body="<html><body></body></html>"))
        page.goto("http://kl.test/coup.ipynb#kl-play")
        r = page.evaluate(HARNESS, _URL_ESM)
    finally:
        page.close()
    assert r["first"] == 0, r
    assert r["sync"] == 0, r  # the old writer called replaceState inside the change handler
    assert len(r["idle"]) == 1 and "game=A2" in r["idle"][0] and r["idle"][0].endswith("#kl-play"), r
    assert r["search"] == "?game=A2", r
    assert len(r["left"]) == 2 and "game=A3" in r["left"][1] and r["leftSearch"] == "?game=A3", r
    assert r["after"] == 2, r
