"""The event log's picker ("ข้อกติกาของ / clauses of") in a real page, after a few play moves.

A move set the picker's whole list of entries anew and ipywidgets sent every entry (a New World
move: about 14 kB of a move's messages, which a click waits on).  The picker is now
:class:`widgets.eventlog.EventPicker`: a move sends the entries that changed.  In headless Chromium,
on Coup's page: no move sends the picker's whole list; the page's picker lists the kernel's entries
(a forced resync, the kernel's whole list, changes nothing in it) and the story's events, the
newest chosen; choosing an entry (by mouse or keyboard: it is a <select>) shows that event's line
and every clause it cites and marks its story line; its label reads whole, and at 390 px nothing
scrolls sideways.  Screenshots: ``artifacts/eventlog_pick_<width>.png``."""
from __future__ import annotations

import json

import pytest

from tests.conftest import ARTIFACTS, open_coup_play, play_coup_income

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("dashboard")]

MOVES = 6

# The play table's picker model (its view's <select> inside the Coup play table), asked for the
# kernel's whole list ({event: 'sync'} with a revision the kernel never had): resolves the model's id.
RESYNC = """
async () => {
  const manager = window.klLite.manager;
  for (const promise of Object.values(manager._models)) {
    const model = await promise;
    if (!Array.isArray(model.get('lines'))) continue;
    const views = await Promise.all(Object.values(model.views || {}));
    if (!views.some((v) => v.el.isConnected && v.el.closest('.kl-coup-play'))) continue;
    model.send({ event: 'sync', rev: -1 });
    return model.model_id;
  }
  return null;
}
"""

# The picker's entries and the story's lines (number, then the text a reader reads first).
PICKER_AND_STORY = """
(table) => {
  const sel = table.querySelector('.kl-eventlog-pick select');
  const plain = (s) => s.replace(/\\u00a0/g, ' ').replace(/\\s+/g, ' ').trim();
  const lines = [...table.querySelectorAll('.kl-story .kl-line[data-n]')].map((l) => {
    const c = l.cloneNode(true);
    for (const x of c.querySelectorAll('.kl-n, .kl-why')) x.remove();
    return [Number(l.dataset.n), plain(c.textContent)];
  });
  const label = table.querySelector('.kl-eventlog-pick > label');
  return { options: [...sel.options].map((o) => plain(o.textContent)), selected: sel.selectedIndex, lines,
           label: label.textContent, labelWhole: label.scrollWidth <= label.clientWidth + 1,
           labelFor: label.htmlFor === sel.id, right: sel.getBoundingClientRect().right,
           screen: innerWidth, pageWide: document.documentElement.scrollWidth };
}
"""


DETAIL_SAYS = """([t, k]) => { const d = t.querySelector('.kl-eventlog-detail .kl-eventlog-line');
  return !!d && d.textContent.trim().startsWith(k + '. '); }"""
"""The chosen event's line under the picker (drawn anew at each choice) is event number ``k``'s."""


def _decode(payload):
    from benchmarks.dashboard import decode_frame
    try:
        return decode_frame(payload)
    except Exception:  # noqa: BLE001 - a frame this test does not read
        return None


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_the_pickers_moves_send_only_new_entries_and_it_lists_the_kernels(browser, dashboard, width, height):
    mobile = width < 500
    page = browser.new_page(viewport={"width": width, "height": height}, device_scale_factor=1,
                            is_mobile=mobile, has_touch=mobile)
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    frames: list[tuple] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(_decode(p))))
    try:
        table, income = open_coup_play(page, dashboard)
        # a new game's picker: the browser's model asks for the list it may have missed while its
        # module loaded (the kernel's first entries went out right after the model was made)
        page.wait_for_timeout(1000)
        made = [f[3].get("comm_id") for f in frames if f and f[1].get("msg_type") == "comm_msg"
                and "lines" in f[3].get("data", {}).get("state", {})]
        assert len(made) == len(set(made)), made  # once a model at most
        frames.clear()
        play_coup_income(page, table, MOVES)
        page.wait_for_timeout(500)
        # no move sent the picker's whole list: its changes are custom messages of the new entries
        moves = [f[3] for f in frames if f and f[0] == "iopub" and f[1].get("msg_type") == "comm_msg"]
        whole = [m for m in moves if {"_options_labels", "lines"} & set(m.get("data", {}).get("state", {}))]
        changes = [m["data"]["content"] for m in moves
                   if m.get("data", {}).get("method") == "custom" and m["data"]["content"].get("event") == "lines"]
        assert not whole, [sorted(m["data"]["state"]) for m in whole]
        assert len(changes) >= MOVES, len(changes)
        for c in changes:
            assert len(json.dumps(c, ensure_ascii=False).encode()) < 2500, c

        # the page's picker lists the kernel's entries: the kernel's whole list (a forced resync)
        # equals what the page had built from the changes, and the page is unchanged by it
        seen = table.evaluate(PICKER_AND_STORY)
        frames.clear()
        model = page.evaluate(RESYNC)
        assert model
        page.wait_for_timeout(1500)
        sync = [f[3]["data"]["state"] for f in frames if f and f[1].get("msg_type") == "comm_msg"
                and f[3].get("comm_id") == model and "lines" in f[3].get("data", {}).get("state", {})]
        assert sync, "the kernel sent no list"
        kernel = [" ".join(x.split()) for x in sync[-1]["lines"]]
        assert seen["options"] == kernel
        assert sync[-1]["index"] == len(kernel) - 1 == seen["selected"]  # the newest chosen
        assert table.evaluate(PICKER_AND_STORY)["options"] == seen["options"]
        # ... and the story's events, by number and text (an entry may be shortened: "…")
        lines = dict(seen["lines"])
        assert [int(o.split(". ", 1)[0]) - 1 for o in seen["options"]] == sorted(lines)
        for o in seen["options"]:
            k, body = o.split(". ", 1)
            body, text = body.removeprefix("ตั้งเกม / setup ▸ ").rstrip("…"), lines[int(k) - 1]
            assert body.startswith(text) or text.startswith(body), (o, text)
        assert seen["label"] == "ข้อกติกาของ / clauses of" and seen["labelWhole"] and seen["labelFor"], seen
        assert seen["right"] <= seen["screen"] + 0.5 and seen["pageWide"] <= seen["screen"], seen

        # choosing an entry shows its line and every clause it cites, and marks its story line
        picker = table.locator(".kl-eventlog-pick select").first
        pick = next(i for i, o in enumerate(seen["options"]) if "รายได้" in o or "income" in o.lower())
        n = int(seen["options"][pick].split(". ", 1)[0]) - 1
        picker.select_option(index=pick)
        page.wait_for_function(DETAIL_SAYS, arg=[table.element_handle(), n + 1], timeout=10_000)
        table.locator(f".kl-story .kl-line.kl-chosen-line[data-n='{n}']").wait_for(state="attached", timeout=10_000)
        cites = table.locator(f".kl-story .kl-line[data-n='{n}'] .kl-why").first.get_attribute("title").split(", ")
        shown = table.locator(".kl-eventlog-detail [data-clause]").evaluate_all(
            "els => els.map(e => e.getAttribute('data-clause'))")
        assert cites and set(cites) <= set(shown), (cites, shown)
        # the keyboard: the entry before it, by the arrow key on the focused select
        if not mobile:
            picker.focus()
            page.keyboard.press("ArrowUp")
            page.wait_for_function(DETAIL_SAYS, arg=[table.element_handle(), n], timeout=10_000)
            assert picker.evaluate("s => s.selectedIndex") == pick - 1
        box = table.locator(".kl-eventlog-box").first
        box.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        box.screenshot(path=str(ARTIFACTS / f"eventlog_pick_{width}.png"))
        assert errors == [], errors
    finally:
        page.close()
