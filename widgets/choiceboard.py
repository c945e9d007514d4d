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

Picks (a choice among many, as a play table's dropdown): a ``<select data-pick="key">`` sends a
``pick`` with its entry's index when the reader changes it (the line ``[data-picked="key"]`` then
shows the entry's whole text at once, in the browser); a button ``data-with="key"`` sends the index
its select showed with its click, so "do" takes the entry the reader saw.  The kernel's
:attr:`ChoiceBoard.picks` (``{key: index}``) sets the selects (a board click choosing an entry).
:attr:`ChoiceBoard.frozen` disables every control at once (one message, not one per button) and
:attr:`ChoiceBoard.marked` outlines the one button ``[data-choice=marked]`` (a board click's choice).
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
  const byKey = (attr, key) => {
    for (const x of root.querySelectorAll("[" + attr + "]")) if (x.getAttribute(attr) === key) return x;
    return null;
  };
  const showPicked = (sel) => {  // the entry's whole text under its row (a select cuts a long one)
    const line = byKey("data-picked", sel.getAttribute("data-pick"));
    const opt = sel.options[sel.selectedIndex];
    if (line) line.textContent = opt ? (line.getAttribute("data-prefix") || "") + opt.text : "";
  };
  const applyPicks = () => {
    const picks = model.get("picks") || {};
    for (const sel of root.querySelectorAll("select[data-pick]")) {
      const i = picks[sel.getAttribute("data-pick")];
      if (Number.isInteger(i) && i !== sel.selectedIndex && i >= 0 && i < sel.options.length) {
        sel.selectedIndex = i;
        showPicked(sel);
      }
    }
  };
  const applyMarked = () => {
    const key = model.get("marked") || "";
    for (const b of root.querySelectorAll("[data-choice]")) {
      b.classList.toggle("kl-chosen", key !== "" && b.getAttribute("data-choice") === key);
    }
  };
  const applyFrozen = () => {  // the kernel's own disabled controls stay disabled after a thaw
    const frozen = !!model.get("frozen");
    root.classList.toggle("kl-frozen", frozen);
    for (const x of root.querySelectorAll("button, select")) {
      if (frozen && !x.disabled) { x.disabled = true; x.setAttribute("data-frozen", ""); }
      else if (!frozen && x.hasAttribute("data-frozen")) { x.disabled = false; x.removeAttribute("data-frozen"); }
    }
  };
  // A new picture takes no click for 'settle' ms (a play table's: the second click of a quick double
  // click landed on the choices the bots' answer had just drawn under the pointer, a decision the
  // reader never read).  The controls ignore the pointer meanwhile (a CSS animation on the new
  // elements: nothing to undo later) and a trusted click or key press that still comes is dropped.
  let drawnHtml = null, drawnDecision = null, fresh = -1e9;
  const settle = () => model.get("settle") || 0;
  if (settle() > 0) {
    root.classList.add("kl-settle");
    root.style.setProperty("--kl-settle", settle() + "ms");
  }
  const draw = () => {
    const html = model.get("html"), decision = model.get("decision");
    if (html === drawnHtml && decision === drawnDecision) return;  // html and decision came in one message
    drawnHtml = html;
    drawnDecision = decision;
    root.innerHTML = html;  // also when only the decision changed: a new picture (its elements new)
    root.setAttribute("data-rev", String(decision));
    fresh = performance.now();
    applyPicks();
    applyMarked();
    applyFrozen();
  };
  const settling = (e) => e.isTrusted && performance.now() - fresh < settle() - 50;
  const send = (msg) => model.send({ ...msg, decision: model.get("decision") });
  root.addEventListener("click", (e) => {
    const b = e.target.closest ? e.target.closest("[data-choice]") : null;
    if (!b || b.disabled || root.classList.contains("kl-frozen") || b.getAttribute("aria-disabled") === "true") return;
    if (settling(e)) return;
    const msg = { event: "click", choice: b.getAttribute("data-choice") };
    const sel = b.hasAttribute("data-with") ? byKey("data-pick", b.getAttribute("data-with")) : null;
    if (sel) msg.index = sel.selectedIndex;
    send(msg);
  });
  root.addEventListener("change", (e) => {
    const sel = e.target.closest ? e.target.closest("select[data-pick]") : null;
    if (!sel) return;
    showPicked(sel);
    send({ event: "pick", choice: sel.getAttribute("data-pick"), index: sel.selectedIndex });
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
  model.on("change:decision", draw);
  model.on("change:picks", applyPicks);
  model.on("change:marked", applyMarked);
  model.on("change:frozen", applyFrozen);
  draw();
  el.appendChild(root);
  return () => {
    model.off("change:html", draw);
    model.off("change:decision", draw);
    model.off("change:picks", applyPicks);
    model.off("change:marked", applyMarked);
    model.off("change:frozen", applyFrozen);
  };
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
.kl-choiceboard.kl-settle button, .kl-choiceboard.kl-settle select {{
  animation: kl-settle var(--kl-settle, 400ms) ease-out; }}
@keyframes kl-settle {{ from {{ pointer-events: none; opacity: .55; }} to {{ pointer-events: none; opacity: 1; }} }}
.kl-choiceboard button.kl-danger {{ background: #d7301f; color: #fff; border-color: #d7301f; }}
.kl-choiceboard button.kl-bluff {{ border: 2px dashed #b26a00; }}
.kl-choiceboard button.kl-chosen {{ outline: 3px solid #1f6fb2; }}
.kl-choiceboard select {{ font-family: {THAI_FONT}; font-size: 13px; max-width: 100%; min-width: 0; min-height: 28px; }}
.kl-choiceboard .kl-pick-row {{ display: flex; flex-flow: row wrap; align-items: center; width: 100%; gap: 2px; }}
.kl-choiceboard .kl-pick-row select {{ flex: 1 1 260px; width: auto; }}
.kl-choiceboard .kl-pick-row button {{ flex: 0 0 auto; }}
.kl-choiceboard .kl-choice-row {{ display: flex; flex-flow: row wrap; align-items: flex-start; }}
"""


class ChoiceBoard(anywidget.AnyWidget):
    """Kernel-drawn HTML with clickable ``[data-choice]`` elements (see the module docstring).

    :meth:`show` sets the picture and its decision number; :meth:`on_choice` registers
    ``callback(kind, key, decision, extra)`` where ``kind`` is ``"click"`` (``extra`` ``None``, or
    the index its ``data-with`` select showed), ``"pick"`` (``key`` a select's, ``extra`` its index;
    only while the picture has a select) or ``"drop"`` (``key`` the dragged element's key, ``extra``
    the drop target's key).  The message is validated here (a browser can send anything): unknown
    events, non-string keys and non-integer decisions or indexes are dropped.
    """

    _esm = _ESM
    _css = _CSS
    html = t.Unicode("").tag(sync=True)
    decision = t.Int(0).tag(sync=True)
    picks = t.Dict({}).tag(sync=True)
    """``{select key: entry index}`` the kernel shows (a board click's choice); reset by :meth:`show`."""
    marked = t.Unicode("").tag(sync=True)
    """The key of the one button outlined as chosen (``kl-chosen``); reset by :meth:`show`."""
    frozen = t.Bool(False).tag(sync=True)
    """Every control disabled (while the bots answer); reset by :meth:`show`."""
    settle = t.Int(0).tag(sync=True)
    """Milliseconds a new picture takes no click from the reader (0: at once): it fades in meanwhile."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.current = 0
        """The decision of the picture the kernel drew last (the one a click must carry)."""
        self._callbacks: list[Callable] = []
        self.on_msg(self._on_custom_msg)

    def show(self, html: str, decision: int, picks: dict | None = None) -> None:
        """Draw ``html`` as the picture of ``decision`` (one message), its selects at ``picks``
        (``{key: index}``, default each one's first entry), nothing marked, not frozen."""
        self.current = int(decision)
        with self.hold_sync():
            self.decision = self.current
            self.html = html
            self.picks = dict(picks or {})
            self.marked = ""
            self.frozen = False

    def on_choice(self, callback: Callable) -> None:
        """Register ``callback(kind, key, decision, extra)`` (see the class docstring)."""
        self._callbacks.append(callback)

    def click(self, key: str, decision: int | None = None, index: int | None = None) -> None:
        """As if the reader clicked the choice ``key`` on the picture of ``decision`` (default: the
        current one; ``index``: the entry its ``data-with`` select showed); for tests and scripted demos."""
        msg = {"event": "click", "choice": key, "decision": self.current if decision is None else decision}
        if index is not None:
            msg["index"] = index
        self._on_custom_msg(self, msg, [])

    def pick(self, key: str, index: int, decision: int | None = None) -> None:
        """As if the reader set the select ``key`` to entry ``index`` on the picture of ``decision``."""
        self._on_custom_msg(self, {"event": "pick", "choice": key, "index": index,
                                   "decision": self.current if decision is None else decision}, [])

    def drop(self, drag: str, target: str, decision: int | None = None) -> None:
        """As if the reader dragged ``drag`` onto ``target`` on the picture of ``decision``."""
        self._on_custom_msg(self, {"event": "drop", "drag": drag, "drop": target,
                                   "decision": self.current if decision is None else decision}, [])

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict) or content.get("event") not in ("click", "drop", "pick"):
            return
        d = content.get("decision")
        if not _is_int(d):
            return
        if content["event"] in ("click", "pick"):
            # a click's extra: the index its select showed (None without one); a pick's: the index
            key, extra = content.get("choice"), content.get("index")
            if not (extra is None and content["event"] == "click") and not _is_int(extra):
                return
            if content["event"] == "pick" and "data-pick=" not in self.html:
                return  # a board without selects (Valeria's) hears no pick
        else:
            key, extra = content.get("drag"), content.get("drop")
            if not isinstance(extra, str):
                return
        if not isinstance(key, str):
            return
        for cb in list(self._callbacks):
            cb(content["event"], key, d, extra)


def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
