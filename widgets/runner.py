"""Long work off the widget comm thread: a run button, a cancel button, a progress bar and a status
line (:class:`Runner`), used by the analyzer page and the game pages' "what would the bots do here?".

A click runs ``work()`` in a daemon thread: the comm thread stays free, so the progress bar moves
and *cancel* is heard while the work runs; an error becomes a Thai + English message
(:func:`widgets.errors.error_html`), never a traceback.  ``wait=True`` runs it in the caller's
thread (tests, and a notebook cell that draws a first answer before the page opens).
"""
from __future__ import annotations

import threading
import time
from typing import Callable

import ipywidgets as w

from .errors import error_html


class Runner:
    """Runs ``work`` in a worker thread with a progress bar, a status line and a cancel button.

    ``cancel`` is the ``threading.Event`` the work checks; :meth:`tick` (``done, total``) moves the
    bar.  ``on_done()`` runs after each run (in the worker thread), cancelled or not."""

    def __init__(self, label: str, icon: str = "play"):
        self.run_button = w.Button(description=label, button_style="primary", icon=icon,
                                   layout=w.Layout(width="auto"))
        self.cancel_button = w.Button(description="ยกเลิก / cancel", icon="stop", disabled=True,
                                      layout=w.Layout(width="auto"))
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", layout=w.Layout(width="220px"))
        self.status = w.HTML()
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.cancel_button.on_click(lambda _: self.cancel.set())
        self._ticked = 0.0

    @property
    def bar(self) -> w.HBox:
        return w.HBox([self.run_button, self.cancel_button, self.progress, self.status],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))

    @property
    def running(self) -> bool:
        """True while a run's thread is alive."""
        return self.thread is not None and self.thread.is_alive()

    TICK_EVERY = 0.1
    """Seconds between two moves of the bar (a run's last tick always shows).  Every rollout's tick
    had been sent: 300 websocket messages in half a second, which held up a move the reader made
    meanwhile (the comm thread and the work share the interpreter lock and the socket)."""

    def tick(self, done: int, total: int) -> None:
        """The bar at ``done`` of ``total`` (drawn at most every :data:`TICK_EVERY` seconds)."""
        now = time.monotonic()
        if done < total and now - self._ticked < self.TICK_EVERY:
            return
        self._ticked = now
        self.progress.max = max(total, 1)
        self.progress.value = done

    def start(self, work: Callable[[], None], wait: bool = False) -> None:
        """Run ``work`` (ignored while a run is going on)."""
        if self.running:
            return
        self.cancel.clear()
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.progress.value = 0

        def body():
            t0 = time.perf_counter()
            try:
                work()
                note = " (ยกเลิก / cancelled)" if self.cancel.is_set() else ""
                self.status.value = f"<span>{time.perf_counter() - t0:.1f} s{note}</span>"
            except Exception as exc:  # shown as a message, never a traceback
                self.status.value = error_html(exc)
            finally:
                self.run_button.disabled, self.cancel_button.disabled = False, True

        if wait:
            body()
        else:
            self.thread = threading.Thread(target=body, daemon=True)
            self.thread.start()

    def refused(self) -> None:
        """A run refused before it started (bad inputs, said by the caller): the bar goes to empty
        and the time line is cleared, so the last run's full bar and "1.8 s" do not read as if this
        click ran.  A run still going on keeps its bar (it is the one that bar tells of)."""
        if self.running:
            return
        self.progress.value = 0
        self.status.value = ""

    def join(self, timeout: float | None = None) -> None:
        """Wait for the running work (tests)."""
        if self.thread is not None:
            self.thread.join(timeout)
