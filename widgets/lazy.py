"""Parts of a page built when the reader comes near them, not before the page opens.

A game page holds a dozen rulebook sections, each a scenario reader of about a hundred widgets
(the rule panel, the stepper, the board, the event log...).  Every widget the kernel holds is sent
to the browser when the page connects and made into a model there before the first board is
drawn: on the New World page that was 1,450 widgets and 2 MB of state.  :func:`lazy` puts a
placeholder (a title, a reserved height) in a part's place with a :class:`WhenSeen` marker; when
the marker comes within :data:`AHEAD` of the visible part of the page, the browser says so and the
kernel builds the part and puts it in the placeholder's place.

Outside a browser (the tests that run notebooks, :func:`build_all`) nothing is seen: call
:meth:`LazyBox.build` to build a part.
"""
from __future__ import annotations

import html
from typing import Callable

import anywidget
import ipywidgets as w
import traitlets as t

from .errors import THAI_FONT, error_html

AHEAD = "900px"
"""How far below (or above) the visible part of the page a part is built: about a screen ahead,
so that a reader scrolling at reading speed finds it drawn."""

_SEEN_ESM = """
function scroller(el) {
  // Voila's page scrolls inside its own container; an IntersectionObserver's margin only widens
  // its root, so the root is that container (the nearest ancestor that scrolls), else the viewport.
  // (an output area is overflow:auto too but does not scroll: it grows with its content)
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    const oy = getComputedStyle(p).overflowY;
    if ((oy === 'auto' || oy === 'scroll') && p.scrollHeight > p.clientHeight + 1) return p;
  }
  return null;
}
export default {
  render({ model, el }) {
    el.style.minHeight = '1px';
    let sent = false, io = null, tries = 0, timer = null;
    const seen = () => {
      if (sent) return;
      sent = true;
      if (io) io.disconnect();
      model.send({ event: 'seen' });
    };
    const watch = () => {
      if (sent) return;
      if (!el.isConnected) {  // rendered before it is put in the page: look again shortly
        if (++tries < 200) timer = setTimeout(watch, 50); else seen();
        return;
      }
      if (!('IntersectionObserver' in window)) { seen(); return; }
      // Observed once the page is idle: while the widgets above are still being drawn they have no
      // height yet, and every marker would look near the top of the page.
      const observe = () => {
        if (sent) return;
        io = new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting)) seen();
        }, { root: scroller(el), rootMargin: model.get('ahead') });
        io.observe(el);
      };
      if ('requestIdleCallback' in window) requestIdleCallback(observe, { timeout: 3000 });
      else timer = setTimeout(observe, 1000);
    };
    watch();
    return () => { clearTimeout(timer); if (io) io.disconnect(); };
  },
};
"""


class WhenSeen(anywidget.AnyWidget):
    """Shows nothing; sends ``{"event": "seen"}`` once, when its place on the page comes within
    ``ahead`` (a CSS length) of the visible part of the page."""

    _esm = _SEEN_ESM
    ahead = t.Unicode(AHEAD).tag(sync=True)


def placeholder_html(title_th: str, title_en: str) -> str:
    """The placeholder's text: the part's title and a loading line (Thai, English)."""
    return (f'<div class="kl-lazy" style="font-family:{THAI_FONT};color:#555;padding:8px 0">'
            f'<b lang="th">{html.escape(title_th)}</b> <span lang="en">/ {html.escape(title_en)}</span>'
            '<div style="font-size:13px;color:#888">กำลังเตรียม… / preparing…</div></div>')


class LazyBox(w.VBox):
    """A box that shows a placeholder until :meth:`build` (called when its :class:`WhenSeen` is
    seen) replaces it with ``make()``.  ``min_height``: the placeholder's height (about the part's
    own, so that the page does not jump when the part arrives)."""

    def __init__(self, make: Callable[[], w.Widget], title_th: str, title_en: str,
                 min_height: str = "1000px", **kwargs):
        self._make = make
        self.built: w.Widget | None = None
        self.placeholder = w.HTML(placeholder_html(title_th, title_en))
        self.marker = WhenSeen()
        self.marker.on_msg(self._on_msg)
        super().__init__([self.placeholder, self.marker], layout=w.Layout(min_height=min_height), **kwargs)
        self.add_class("kl-lazy-box")

    def _on_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "seen":
            self.build()

    def build(self) -> w.Widget | None:
        """Build the part (once) and show it in place of the placeholder; returns it.  A part that
        fails to build shows the reason (Thai, English) instead, never a traceback."""
        if self.built is not None:
            return self.built
        try:
            part = self._make()
        except Exception as exc:  # noqa: BLE001 - shown, never raised into the page
            self.placeholder.value = error_html(exc)
            return None
        self.built = part
        old = (self.placeholder, self.marker)
        self.children = [part]
        self.layout.min_height = ""
        for x in old:
            x.close()
        return part


def lazy(make: Callable[[], w.Widget], title_th: str, title_en: str, min_height: str = "1000px") -> LazyBox:
    """``make()`` built when the reader comes near it (see the module docstring)."""
    return LazyBox(make, title_th, title_en, min_height)


def build_all(root: w.Widget) -> int:
    """Build every :class:`LazyBox` under ``root`` (what scrolling through the page does); returns
    how many were built."""
    n, todo = 0, [root]
    while todo:
        node = todo.pop()
        if isinstance(node, LazyBox) and node.built is None:
            if node.build() is not None:
                n += 1
        todo.extend(getattr(node, "children", ()) or ())
    return n
