"""A choice board: kernel-drawn HTML whose ``<button data-choice="key">`` elements are the reader's
choices, in ONE small anywidget (inline JavaScript, no CDN, no network).

Why not ipywidgets buttons: a view that updates its buttons in place (instead of building new ones
at every decision) cannot tell which label a click was made on, because a button's click message
carries nothing.  Here every click carries the ``decision`` of the picture it was made on, so a
double, late or stale click (made on an older picture) is told apart and does nothing.  The
kernel keeps the authoritative decision itself (:attr:`ChoiceBoard.current`): a browser that
rewrites the synced ``decision`` trait gains nothing.

Drag and drop (optional, desktop): an element with ``data-drag="key"`` dropped on one with
``data-drop="key"`` sends a ``drop`` with both keys; phones use two clicks instead.
"""
from __future__ import annotations

from typing import Callable

import anywidget
import traitlets as t

from .errors import THAI_FONT

_ESM = r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "kl-choiceboard";
  const draw = () => {
    root.innerHTML = model.get("html");
    root.setAttribute("data-rev", String(model.get("decision")));
  };
  const send = (msg) => model.send({ ...msg, decision: model.get("decision") });
  root.addEventListener("click", (e) => {
    const b = e.target.closest ? e.target.closest("[data-choice]") : null;
    if (!b || b.disabled || b.getAttribute("aria-disabled") === "true") return;
    send({ event: "click", choice: b.getAttribute("data-choice") });
  });
  root.addEventListener("dragstart", (e) => {
    const d = e.target.closest ? e.target.closest("[data-drag]") : null;
    if (d && e.dataTransfer) e.dataTransfer.setData("text/plain", d.getAttribute("data-drag"));
  });
  root.addEventListener("dragover", (e) => {
    if (e.target.closest && e.target.closest("[data-drop]")) e.preventDefault();
  });
  root.addEventListener("drop", (e) => {
    const d = e.target.closest ? e.target.closest("[data-drop]") : null;
    if (!d || !e.dataTransfer) return;
    e.preventDefault();
    send({ event: "drop", drag: e.dataTransfer.getData("text/plain"), drop: d.getAttribute("data-drop") });
  });
  model.on("change:html", draw);
  draw();
  el.appendChild(root);
  return () => model.off("change:html", draw);
}
export default { render };
"""

_CSS = f"""
.kl-choiceboard {{ font-family: {THAI_FONT}; }}
.kl-choiceboard button {{ font-family: {THAI_FONT}; font-size: 13px; cursor: pointer; border-radius: 4px;
  border: 1px solid #999; background: #f4f4f4; padding: 3px 8px; margin: 2px; line-height: 1.3;
  white-space: normal; text-align: left; max-width: 100%; }}
.kl-choiceboard button:hover:not(:disabled) {{ border-color: #222; }}
.kl-choiceboard button:disabled {{ cursor: default; opacity: .55; }}
.kl-choiceboard button.kl-primary {{ background: #2a6f97; color: #fff; border-color: #2a6f97; }}
.kl-choiceboard button.kl-picked {{ outline: 3px solid #e0a800; }}
"""


class ChoiceBoard(anywidget.AnyWidget):
    """Kernel-drawn HTML with clickable ``[data-choice]`` elements (see the module docstring).

    :meth:`show` sets the picture and its decision number; :meth:`on_choice` registers
    ``callback(kind, key, decision, extra)`` where ``kind`` is ``"click"`` (``extra`` ``None``) or
    ``"drop"`` (``key`` the dragged element's key, ``extra`` the drop target's key).  The message is
    validated here (a browser can send anything): unknown events, non-string keys and non-integer
    decisions are dropped.
    """

    _esm = _ESM
    _css = _CSS
    html = t.Unicode("").tag(sync=True)
    decision = t.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.current = 0
        """The decision of the picture the kernel drew last (the one a click must carry)."""
        self._callbacks: list[Callable] = []
        self.on_msg(self._on_custom_msg)

    def show(self, html: str, decision: int) -> None:
        """Draw ``html`` as the picture of ``decision`` (one message)."""
        self.current = int(decision)
        with self.hold_sync():
            self.decision = self.current
            self.html = html

    def on_choice(self, callback: Callable) -> None:
        """Register ``callback(kind, key, decision, extra)`` (see the class docstring)."""
        self._callbacks.append(callback)

    def click(self, key: str, decision: int | None = None) -> None:
        """As if the reader clicked the choice ``key`` on the picture of ``decision`` (default: the
        current one); for tests and scripted demos."""
        self._on_custom_msg(self, {"event": "click", "choice": key,
                                   "decision": self.current if decision is None else decision}, [])

    def drop(self, drag: str, target: str, decision: int | None = None) -> None:
        """As if the reader dragged ``drag`` onto ``target`` on the picture of ``decision``."""
        self._on_custom_msg(self, {"event": "drop", "drag": drag, "drop": target,
                                   "decision": self.current if decision is None else decision}, [])

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("event") not in ("click", "drop"):
            return
        d = content.get("decision")
        if not isinstance(d, int) or isinstance(d, bool):
            return
        if content["event"] == "click":
            key, extra = content.get("choice"), None
        else:
            key, extra = content.get("drag"), content.get("drop")
            if not isinstance(extra, str):
                return
        if not isinstance(key, str):
            return
        for cb in list(self._callbacks):
            cb(content["event"], key, d, extra)
