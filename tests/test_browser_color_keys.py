"""The colour keys a fresh user's trial 4 asked for read on a phone (390 px): Valeria's dice key
(colour -> troop, Thai + English) and New World's map key, in the page's own styles: every key
inside the column, its words at least 11 px, its swatch the colour the board paints."""
from __future__ import annotations

import pytest

from tests.conftest import ARTIFACTS

PHONE = {"width": 390, "height": 844}

KEYS = """
(sel) => {
  const col = document.querySelector('.kl-page').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].map(k => {
    const r = k.getBoundingClientRect(), sw = k.querySelector('.die, .kl-swatch');
    return {text: k.innerText, left: r.left, right: r.right, colRight: col.right, h: r.height,
            size: parseFloat(getComputedStyle(k).fontSize),
            swatch: sw ? getComputedStyle(sw).backgroundColor : null, swW: sw ? sw.getBoundingClientRect().width : 0};
  });
}
"""


def _page(browser, style: str, body: str):
    page = browser.new_page(viewport=PHONE, device_scale_factor=1)
    page.set_content('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">'
                     f'{style}<div class="kl-page"><div class="widget-html"><div class="widget-html-content">'
                     f'{body}</div></div></div>')
    return page


def _rgb(hexcol: str) -> str:
    h = hexcol.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i:i + 2], 16) for i in (0, 2, 4)))


def test_valeria_dice_key_reads_at_390px(browser):
    from rules.valeria import GAME
    from rules.valeria.config import TROOPS
    from rules.valeria.names import troop_name
    from widgets.valeria import SPEC
    from widgets.valeria.board import COLOURS, table_html
    s = GAME.new_game(GAME.default_config(2), 1)
    page = _page(browser, SPEC.style().value, table_html(s, GAME.observe(s, 0), lambda p: f"ผู้เล่น {p + 1}"))
    try:
        keys = page.evaluate(KEYS, ".kl-val-dice-key .kl-val-key")
        assert len(keys) == len(TROOPS)
        for k, troop in zip(keys, TROOPS):
            th, en = troop_name(troop)
            assert k["text"].replace("\u00a0", "").strip() == f"{th} / {en}", k
            assert k["left"] >= 0 and k["right"] <= k["colRight"] + 1, k
            assert k["size"] >= 11 and k["swW"] >= 12 and k["swatch"] == _rgb(COLOURS[troop]), k
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-val-dice-key").screenshot(path=str(ARTIFACTS / "valeria_dice_key_390.png"))
    finally:
        page.close()


def test_new_world_map_key_reads_at_390px(browser):
    from rules.new_world import GAME
    from rules.new_world.labels import CELL_KIND
    from widgets.new_world import SPEC
    from widgets.new_world.board import ICON_FILL, legend_html
    s = GAME.new_game({"players": 2}, 3)
    page = _page(browser, SPEC.style().value, legend_html(s.board))
    try:
        keys = page.evaluate(KEYS, ".kl-nw-legend .kl-nw-legend-item")
        icons = [k for k in ICON_FILL if k in set(s.board.icon)]
        assert len(keys) >= len(icons)
        for k, icon in zip(keys, icons):
            assert k["text"].strip() == f"{CELL_KIND[icon][0]} / {CELL_KIND[icon][1]}", k
            assert k["swatch"] == _rgb(ICON_FILL[icon]), k
        for k in keys:
            assert k["left"] >= 0 and k["right"] <= k["colRight"] + 1 and k["size"] >= 11, k
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-nw-legend").screenshot(path=str(ARTIFACTS / "new_world_map_key_390.png"))
    finally:
        page.close()


COVERED_KEY = """
() => { const sw = document.querySelector('.kl-nw-legend .kl-swatch.kl-nw-covered');
  if (!sw) return null;
  const item = sw.closest('.kl-nw-legend-item'), cs = getComputedStyle(sw), r = sw.getBoundingClientRect();
  const mark = sw.firstElementChild, ms = mark ? getComputedStyle(mark) : null;
  return {fill: cs.backgroundColor, border: parseFloat(cs.borderTopWidth), borderColour: cs.borderTopColor,
          ring: cs.boxShadow, w: r.width, h: r.height, words: item.innerText,
          mark: mark ? mark.textContent : '', markColour: ms ? ms.color : null,
          markInside: mark ? (m => m.left >= r.left && m.right <= r.right + 0.5)(mark.getBoundingClientRect()) : false};
}
"""


@pytest.mark.parametrize("width", [1280, 390])
def test_new_world_key_says_a_covered_cell_is_face_down(browser, width):
    """A fresh user found the key's "yellow cell covered face down" swatch a near-black blot: the
    board's own fill (kept: it is the map's colour), now framed (a grey border around a white ring)
    and marked with a face-down mark in white, its words the engine's, saying face down."""
    from rules.new_world import GAME
    from rules.new_world.labels import COVERED_NAME
    from widgets.new_world import SPEC
    from widgets.new_world.board import COVERED_FILL, COVERED_MARK, legend_html
    s = GAME.new_game({"players": 2}, 3)
    assert s.board.yellow
    page = _page(browser, SPEC.style().value, legend_html(s.board))
    try:
        page.set_viewport_size({"width": width, "height": 844})
        key = page.evaluate(COVERED_KEY)
        assert key is not None
        assert key["fill"] == _rgb(COVERED_FILL), key  # the board's colour, not another
        assert key["border"] >= 2 and key["borderColour"] != key["fill"] and "255, 255, 255" in key["ring"], key
        assert key["w"] >= 16 and key["h"] >= 16, key
        assert key["mark"] == COVERED_MARK and key["markColour"] == "rgb(255, 255, 255)" and key["markInside"], key
        th, en = COVERED_NAME
        assert f"{th} / {en}" in key["words"].replace("\u00a0", " ") and "face down" in en, key
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".kl-nw-legend").screenshot(path=str(ARTIFACTS / f"new_world_covered_key_{width}.png"))
    finally:
        page.close()
