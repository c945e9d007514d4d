"""Deep links: ``…/voila/render/<game>.ipynb?scenario=<stem>&step=<n>`` opens that scenario
of ``data/scenarios/<game>/`` at step ``n`` at the top of the game's page; ``?game=<code>`` (a
play panel's "share this game", :mod:`widgets.sharing`) opens a game played, at its last step,
with the reader in the seat they had.

A bad link shows a short message (Thai + English, naming the field) and a picker of the game's
scenarios (by title) that opens the one chosen in the same place: never a list of names.

Voila's preheated kernels run the notebook before anyone asks for it, so the query string is
read in the notebook's *last* cell (:func:`query_string` waits for the request there) and the
view is put into a placeholder shown by the *first* cell.  The link is validated kernel-side;
a bad one shows a Thai + English message, never a traceback.

The link stays current: as the reader steps through the linked scenario, the page's URL follows
(:class:`UrlState`, ``history.replaceState``), so a reload (for example the reload button the
dashboard shows when a page lost its kernel) reopens the same scenario at the same step.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs

import anywidget
import ipywidgets as w
import traitlets as t

from rules.core.protocol import BadInput
from rules.core.rulebook import DATA

from .errors import error_html, message_html

SCENARIOS = DATA / "scenarios"


@dataclass(frozen=True)
class DeepLink:
    """A parsed link: the scenario file (``None``: no link) and the step to show (0 = setup)."""

    scenario: Path | None = None
    step: int = 0
    game: str | None = None
    """A ``?game=`` code (a shared game), else ``None``."""


def parse_link(game: str, query: str | None) -> DeepLink:
    """Parse ``scenario=<stem>&step=<n>`` for ``game``.

    Raises :class:`BadInput` (field ``scenario`` or ``step``) for an unknown scenario or a step
    that is not a non-negative whole number written in ASCII digits (``0-9`` only).
    """
    params = parse_qs(query or "", keep_blank_values=True)
    code = (params.get("game") or [""])[-1].strip()
    if code:
        return DeepLink(game=code)
    stem = (params.get("scenario") or [""])[-1].strip()
    raw_step = (params.get("step") or ["0"])[-1].strip() or "0"
    if not stem:
        return DeepLink()
    folder = SCENARIOS / game
    path = folder / f"{stem}.yaml"
    if "/" in stem or "\\" in stem or not path.is_file():
        shown = stem[:60] + ("…" if len(stem) > 60 else "")
        raise BadInput("link", "scenario", f"ไม่มีสถานการณ์ '{shown}': เลือกจากรายการด้านล่าง",
                       f"no scenario '{shown}' for {game}: pick one below")
    if not (raw_step.isascii() and raw_step.isdigit()):  # '²'.isdigit() is True, int('²') fails
        raise BadInput("link", "step", "ขั้นต้องเป็นจำนวนเต็มตั้งแต่ 0",
                       f"step must be a whole number >= 0, got '{raw_step}'")
    return DeepLink(path, int(raw_step))


def step_error(link: DeepLink, length: int | None) -> BadInput:
    """The link error for a ``step`` past the scenario's last step (``length`` steps, if known)."""
    stem = link.scenario.stem if link.scenario else ""
    if length is None:
        return BadInput("link", "step", f"ขั้น {link.step} เกินขั้นสุดท้ายของสถานการณ์ {stem}",
                        f"step {link.step} is past the last step of scenario {stem}")
    return BadInput("link", "step",
                    f"ขั้น {link.step} เกินขั้นสุดท้าย: สถานการณ์ {stem} มี {length} ขั้น (step=0-{length})",
                    f"step {link.step} is past the end: scenario {stem} has {length} steps (step=0..{length})")


def query_string() -> str:
    """The page's query string ('' outside Voila).  In a preheated kernel this waits until a
    visitor's request arrives, so call it only in the notebook's last cell."""
    if os.environ.get("VOILA_PREHEAT", "False") != "False":
        from voila.utils import get_query_string
        return get_query_string() or ""
    return os.environ.get("QUERY_STRING", "")


_URL_ESM = """
function apply(model) {
  const query = model.get('query') || {};
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === '') params.delete(key); else params.set(key, String(value));
  }
  const search = params.toString();
  const url = window.location.pathname + (search ? '?' + search : '') + window.location.hash;
  if (url !== window.location.pathname + window.location.search + window.location.hash) {
    window.history.replaceState(window.history.state, '', url);
  }
}
export default {
  initialize({ model }) {
    const on = () => apply(model);
    model.on('change:query', on);
    return () => model.off('change:query', on);
  },
  render({ el }) { el.style.display = 'none'; },
};
"""


class UrlState(anywidget.AnyWidget):
    """Keeps query parameters of the page's URL equal to ``query`` (a value of ``None`` or
    ``''`` removes its parameter): each change replaces the URL in the browser's history (no
    reload, no new history entry).  Shows nothing."""

    _esm = _URL_ESM
    query = t.Dict(per_key_traits={}).tag(sync=True)


def _step_source(view) -> t.HasTraits | None:
    """What a link's ``step`` counts in ``view``: its game session (``step`` = actions applied,
    :mod:`widgets.page`), else the position of the first stepper in its tree; ``None`` if neither."""
    session = getattr(view, "session", None)
    if isinstance(session, t.HasTraits) and session.has_trait("step"):
        return session
    from .stepper import Stepper
    todo = [view]
    while todo:
        node = todo.pop(0)
        if isinstance(node, Stepper) and isinstance(getattr(node, "session", None), t.HasTraits) \
                and node.session.has_trait("step"):
            return node.session
        todo.extend(getattr(node, "children", ()) or ())
    return None


def keep_in_url(view: w.Widget, scenario: str) -> UrlState:
    """A :class:`UrlState` that keeps ``?scenario=<scenario>&step=<n>`` equal to the step shown
    by ``view`` (see :func:`_step_source`); display it beside ``view``."""
    url = UrlState()
    source = _step_source(view)
    if source is not None:
        def sync(_change=None) -> None:
            url.query = {"scenario": scenario, "step": str(source.step)}
        source.observe(sync, names="step")
        sync()
    return url


def placeholder() -> w.VBox:
    """An empty box for the first cell; :func:`follow` fills it when the page has a link."""
    return w.VBox(layout=w.Layout(margin="0 0 1em 0"))


def picker(game: str, view: Callable[[Path, int], w.Widget], box: w.VBox) -> w.VBox:
    """"Open an example instead": a dropdown of the game's scenarios by title (and ruling number);
    choosing one shows it at step 0 in ``box`` below the picker."""
    from rules.core.scenario import load_scenario

    from .page import ruling_key, ruling_label

    options = [("— เลือกตัวอย่าง / choose an example —", None)]
    for p in sorted((SCENARIOS / game).glob("*.yaml"), key=ruling_key):
        try:
            sc = load_scenario(p)
        except BadInput:
            continue
        options.append((ruling_label(p, f"{sc.title_th} / {sc.title_en}"), p))
    dd = w.Dropdown(options=options, index=0, description="ตัวอย่าง",  # the prompt shown, value None
                    layout=w.Layout(width="100%", max_width="760px"))
    shown, error = w.VBox(), w.HTML()

    def chosen(change):
        path = change["new"]
        if path is None or not any(p == path for _l, p in options):  # only a listed file opens
            return
        error.value = ""
        try:
            new = view(path, 0)
        except Exception as exc:  # noqa: BLE001 - shown, never raised into the page
            error.value = error_html(exc)
            return
        for old in shown.children:
            old.close()
        shown.children = [new]
    dd.observe(chosen, names="value")
    out = w.VBox([dd, error, shown])
    out.add_class("kl-link-picker")
    return out


def follow(box: w.VBox, game: str, view: Callable[[Path, int], w.Widget],
           query: str | None = None, play: Callable[[str], w.Widget] | None = None) -> DeepLink | None:
    """Fill ``box`` with ``view(scenario_path, step)`` for the page's link (if any), or for a
    ``?game=`` link with ``play(code)`` (a play table; raises :class:`BadInput` for a bad code).

    Returns the link followed, or ``None`` when there was none or it was refused (the box then
    shows the reason in Thai and English, and a picker of the game's scenarios).
    """
    try:
        link = parse_link(game, query_string() if query is None else query)
        if link.game is not None:
            if play is None:
                raise BadInput("link", "game", "หน้านี้เปิดเกมจากลิงก์ไม่ได้", "this page cannot open a shared game")
            shown = play(link.game)
            box.children = [w.HTML(message_html("ลิงก์นี้เปิดเกมที่มีคนแชร์ไว้ เล่นต่อได้",
                                                "this link opens a shared game: play on", tone="info")), shown]
            return link
        if link.scenario is None:
            return None
        banner = message_html(f"ลิงก์นี้เปิดสถานการณ์ {link.scenario.stem} ที่ขั้น {link.step}",
                              f"this link opens scenario {link.scenario.stem} at step {link.step}",
                              tone="info")
        try:
            shown = view(link.scenario, link.step)
        except BadInput as exc:
            if exc.field != "step":
                raise
            raise step_error(link, getattr(exc, "length", None)) from None
        box.children = [w.HTML(banner), shown, keep_in_url(shown, link.scenario.stem)]
        return link
    except Exception as exc:  # noqa: BLE001 - a reader's bad link is a message, not a traceback
        box.children = [w.HTML(error_html(exc)), picker(game, view, box)]
        return None
