"""The hex board's JavaScript (``widgets/hexboard.py``'s ESM) in headless Chromium, with a stub model
fed the traits the kernel sends for two frames of a New World ruling.

A redraw touches only what changed (issue 12: a stepper click must not restyle and repaint the whole
map): the cells whose fill is the same get no attribute write, every cell keeps its node, and the
markers (highlights, outlines, token stacks, pips) drawn the same are kept; and the picture after the
change is the one a fresh board draws from the new traits (same nodes, same attributes, same order).
"""
from __future__ import annotations

import json

import pytest

from widgets.hexboard import _ESM

pytestmark = [pytest.mark.browser]

SYNCED = ("cells", "view_box", "size", "width", "default_fill", "fills", "stacks", "highlights", "outlines",
          "pips", "titles", "decision")

HARNESS = r"""
async ([esm, a, b]) => {
  const mod = await import('data:text/javascript;base64,' + btoa(unescape(encodeURIComponent(esm))));
  function model(state) {
    const on = {};
    return {
      state: { ...state },
      get(k) { return this.state[k]; },
      on(evs, fn) { for (const ev of evs.split(' ')) (on[ev] = on[ev] || []).push(fn); },
      off() {},
      send() {},
      set(next) {  // what the widget manager does on an update: set every key, then the change events
        const changed = Object.keys(next).filter((k) => JSON.stringify(next[k]) !== JSON.stringify(this.state[k]));
        Object.assign(this.state, next);
        const fns = new Set();
        for (const k of changed) for (const fn of on['change:' + k] || []) fns.add(fn);
        for (const fn of fns) fn();
        return changed;
      },
    };
  }
  const draw = (m) => { const el = document.createElement('div'); document.body.appendChild(el);
                        mod.default.render({ model: m, el }); return el.querySelector('svg'); };
  const snap = (svg) => { const c = svg.cloneNode(true); c.removeAttribute('data-rev'); return c.outerHTML; };
  const m = model(a);
  const svg = draw(m);
  const before = [...svg.querySelectorAll('*')];
  const recs = [];
  const obs = new MutationObserver((ms) => recs.push(...ms));
  obs.observe(svg, { subtree: true, childList: true, attributes: true });
  const rev0 = svg.getAttribute('data-rev');
  const changed = m.set(b);
  await new Promise((r) => setTimeout(r, 0));
  obs.disconnect();
  const fresh = draw(model({ ...a, ...b }));
  const cells = [...svg.querySelectorAll('polygon.kl-cell')];
  const kept = cells.filter((p) => before.includes(p)).length;
  const fills = recs.filter((r) => r.type === 'attributes' && r.attributeName === 'fill'
                                && r.target.classList.contains('kl-cell')).length;
  const added = recs.reduce((n, r) => n + r.addedNodes.length, 0);
  const removed = recs.reduce((n, r) => n + r.removedNodes.length, 0);
  const marks = [...svg.querySelectorAll('.kl-highlights > *, .kl-outlines > *, .kl-tokens > *, .kl-pips > *')];
  return { same: snap(svg) === snap(fresh), changed, cells: cells.length, kept, fills, added, removed,
           marks: marks.length, marks_kept: marks.filter((n) => before.includes(n)).length,
           rev_moved: svg.getAttribute('data-rev') !== rev0 };
}
"""


def _traits(view) -> dict:
    return json.loads(json.dumps({k: getattr(view.map, k) for k in SYNCED}))


def _two_frames():
    """The map's traits at step 0 and at step 1 of the ruling the New World stepper tests use."""
    from widgets import page
    from widgets.new_world import SPEC
    view = page.scenario_at(SPEC, SPEC.scenarios / "1_large_settlement_2_2_2_closer_last.yaml", step=0)
    a = _traits(view.board)
    view.stepper.forward.click()
    b = _traits(view.board)
    return a, b


def test_a_step_redraws_only_the_cells_and_markers_it_changed(browser):
    a, b = _two_frames()
    differ = sum(1 for cid in a["cells"] if a["fills"].get(cid) != b["fills"].get(cid))
    assert 0 < differ < len(a["cells"]) // 4  # a step changes a few cells of the map
    page = browser.new_page()
    try:
        page.set_content("<html><body></body></html>")
        r = page.evaluate(HARNESS, [_ESM, a, b])
    finally:
        page.close()
    assert r["same"], "the redrawn map differs from a fresh map of the same traits"
    assert set(r["changed"]) >= {"fills", "stacks"}
    assert r["kept"] == r["cells"] == len(a["cells"])  # every cell keeps its node
    assert r["fills"] == differ  # a fill is written only where it changed (was: every cell)
    assert r["marks_kept"] > 0 and r["added"] < r["marks"]  # the unchanged markers are kept
    assert r["rev_moved"]



COORDS = r"""
async ([esm, a]) => {
  const mod = await import('data:text/javascript;base64,' + btoa(unescape(encodeURIComponent(esm))));
  const on = {}, state = { ...a };
  const m = { get: (k) => state[k], on(evs, fn) { for (const ev of evs.split(' ')) (on['' + ev] = on[ev] || []).push(fn); },
              off() {}, send() {} };
  const el = document.createElement('div'); document.body.appendChild(el);
  mod.default.render({ model: m, el });
  const texts = () => [...el.querySelectorAll('svg .kl-coords text.kl-coord')].map((t) => t.textContent);
  const off = texts();
  state.coords = true; for (const fn of on['change:coords'] || []) fn();
  const shown = texts(), marked = el.classList.contains('kl-hex-coords');
  const t = el.querySelector('svg .kl-coords text.kl-coord'), cell = el.querySelector(`polygon[data-cell="${t.textContent}"]`);
  const inside = (() => { const r = t.getBBox(), c = cell.getBBox();
    return r.x >= c.x && r.x + r.width <= c.x + c.width && r.y >= c.y && r.y + r.height <= c.y + c.height; })();
  state.coords = false; for (const fn of on['change:coords'] || []) fn();
  return { off, shown, inside, marked, unmarked: !el.classList.contains('kl-hex-coords'), after: texts(),
           cells: Object.keys(state.cells).length };
}
"""


def test_coordinates_are_written_in_each_cell_only_when_asked(browser):
    """The optional ``coords`` trait (off by default, Shadow Master never sets it) writes each cell's
    ``q,r`` inside the cell; turned off, they go."""
    a, _b = _two_frames()
    page = browser.new_page()
    try:
        page.set_content("<html><body></body></html>")
        r = page.evaluate(COORDS, [_ESM, a])
    finally:
        page.close()
    assert r["off"] == [] and r["after"] == [], r
    assert sorted(r["shown"]) == sorted(a["cells"]) and len(r["shown"]) == r["cells"], r
    assert r["inside"] and r["marked"] and r["unmarked"], r
