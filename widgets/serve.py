"""Serve the dashboard: Voila over ``notebooks/``, bound to 127.0.0.1, home = index.ipynb.

Usage (``make dashboard`` runs the first line)::

    python -m widgets.serve --host 127.0.0.1 --port 8866
    python -m widgets.serve --port 0            # any free port (printed in the log)
    python -m widgets.serve --print-command     # show the Voila arguments and exit

What it sets (the flags are also in ``voila.json`` at the repository top, so a plain
``voila notebooks/`` run from there gets them, but not the launcher's own additions listed at
the end; command-line flags win over the file):

* ``--Voila.ip=HOST`` (default 127.0.0.1) ``--port=PORT`` ``--no-browser``
  ``--Voila.port_retries=0`` (fail clearly when the port is taken instead of moving on);
* ``--preheat_kernel=True --pool_size=N``: N kernels per notebook start at launch and run the
  notebook ahead of the first visitor (the launcher's default :data:`POOL_SIZE`; ``--pool
  NAME=N`` for one notebook); the launcher prepares them a few at a time and, once pages are
  read, in the idle CPU class, a visitor's kernel first (:class:`_PreheatThrottle`);
* ``--MappingKernelManager.cull_idle_timeout=S --MappingKernelManager.cull_interval=I``
  (``cull_connected=False``): a fallback for a tab that died without Voila's shutdown beacon
  (crash, lost network): its kernel is shut down S seconds after its last connection closed; an
  open tab keeps its kernel; pooled kernels are never culled, nor a handed-out kernel whose
  page has not connected yet (:class:`_KernelWatch`).  A tab that is closed or navigated away
  sends the beacon, and its kernel is shut down at once (see the ``_xsrf`` cookie below);
* timeouts for a busy 2-core machine: ``kernel_info_timeout`` (a new websocket's first answer),
  ``VoilaExecutor.startup_timeout`` and ``VoilaExecutor.iopub_timeout`` (see
  :data:`KERNEL_INFO_TIMEOUT` and :data:`IOPUB_TIMEOUT`);
* ``--strip_sources=True --show_tracebacks=False``: readers see outputs, not code or stacks;
* ``--template=kotika-lite`` (``widgets/jupyter/voila/templates/kotika-lite``, found through
  ``JUPYTER_PATH``; ``--front``, :data:`FRONTS`): the pages' cells rendered by the server and a
  small front end of our own (built from ``widgets/front/``: the widget manager, ipywidgets'
  controls, anywidget and a kernel websocket client) instead of Voila's JupyterLab application;
  ``--front voila`` gives ``--template=kotika``, Voila's lab template minus its two Font Awesome
  CDN links (the icons are bundled in Voila's JavaScript anyway);
* brotli (quality 11) for the static files and the served widget modules, compressed once in a
  background thread at start (:class:`_Brotli`; ``--no-brotli`` turns it off), to browsers that
  ask for it; gzip on the other responses (tornado ``compress_response``); permessage-deflate on the kernel websockets
  with ``--websocket-compression`` (:data:`WEBSOCKET_COMPRESSION` says why it is off by default);
* the widgets' JavaScript modules (plotly's FigureWidget, the hex board, the URL keeper, the lazy
  parts' marker: :mod:`widgets.bundles`) served once from ``<base_url>kl-static/<name>.<hash>.js``
  (only those files, from memory, gzipped once, cached a year), announced to the kernels in
  ``KOTIKA_BUNDLES`` so that each widget's state carries a small import instead of the module (a
  FigureWidget carried plotly.js, 5 MB, in every chart); ``--inline-widget-js`` turns it off;
* the idle culler shuts down only kernels whose page really went away: never a connected one,
  nor one handed to a page that has not connected yet (up to ``--arrival-timeout`` seconds),
  and idle time counts from the last connection's close (:class:`_KernelWatch`);
* a notebook page sets the ``_xsrf`` cookie (``_XsrfCookieRenderHandler``): Voila's page
  sends the kernel-shutdown beacon on leaving with the token read from that cookie, but Voila
  never sets it (its page is rendered without reading ``xsrf_token``), so the beacon carried
  an empty token, got 403 (voila issue 1458) and the kernel lived on until the idle culler.
  XSRF checks stay on for every endpoint;
* on stop, every kernel is killed instead of asked to shut down (:func:`_quiet_stop`): a
  pooled kernel waits inside an ``execute_request`` for its visitor
  (``voila.utils.get_query_string``), and the polite shutdown closed its sockets under that
  request, so it logged a ``ZMQError`` traceback; an idle one did too (ipykernel's own race);
* a ``page_config_hook`` that leaves plotly's 4.8 MB lab extension out of every page that shows
  no plain plotly figure (FigureWidgets do not use it), and lists the served modules the page
  preloads (``<link rel="modulepreload">`` in the template: plotly.js only where the notebook's
  metadata asks for it, ``{"kotika": {"preload": ["plotly-chart"]}}``).

Offline: the light front's bundle is served from the template's ``static/`` folder (Voila's lab
template serves its JavaScript itself and the widgets' code comes from the installed lab
extensions, ipywidgets and anywidget), the widgets' modules from ``/kl-static/``; no CDN is
needed at page load (the browser tests block every non-local request and check).

The launcher runs Voila in this process (``Voila.launch_instance``) with these additions,
which a plain ``voila notebooks/`` run does not have: the ``_xsrf`` cookie, the quiet stop, the
culling guard (:class:`_KernelWatch`), gzip (and websocket compression when asked), the served widget modules
(without them each widget carries its module inline, as in JupyterLab), the plotly hook, and
``/`` redirecting to
``/voila/render/index.ipynb`` so the home page is obvious (the file tree stays at
``/voila/tree``).
"""
from __future__ import annotations

import argparse
import asyncio
import functools
import inspect
import json
import logging
import os
import re
import signal
import sys
import time
import weakref
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
HOME = "index.ipynb"
TEMPLATE = "kotika"
FRONTS = {"voila": "kotika", "lite": "kotika-lite"}
"""``--front``: the page's JavaScript.  ``lite`` (default): ``widgets/jupyter/voila/templates/kotika-lite``,
the page with a small bundle of its own (the widget manager, ipywidgets' controls, anywidget and a
kernel client, built from ``widgets/front/``); ``voila``: Voila's lab front end (a JupyterLab
application, about 100 chunks and 5 MB of JavaScript before the kernel's websocket opens: under load
its pages opened in 2.5-4.6 s p50 against 1.4-2.4 s with ``lite``, and sent three times the bytes).
The environment variable ``KOTIKA_FRONT`` overrides the default (the test server and the
benchmark's server inherit it)."""
DEFAULT_FRONT = "lite"
JUPYTER_DATA = Path(__file__).resolve().parent / "jupyter"
"""Holds ``voila/templates/kotika``; prepended to ``JUPYTER_PATH`` so Voila finds it."""
HEAVY_EXTENSIONS = {"jupyterlab-plotly": re.compile(r"\.show\(|plotly\.io|\bpio\b|renderers")}
"""Lab extensions loaded only by notebooks whose code matches the given pattern.  plotly's
extension (4.8 MB of JavaScript, 1.5 MB gzipped) only renders plotly's *mime* output: a plain
``go.Figure`` shown with ``fig.show()`` or through ``plotly.io``'s renderers.  The pages draw
``go.FigureWidget``s, anywidgets that bring plotly.js themselves (:mod:`widgets.bundles`), so no
page loads it; a notebook that does show a plain figure keeps it."""




PRELOAD_ON_REQUEST = {"plotly-widget", "plotly-chart"}
"""Served widget modules (:mod:`widgets.bundles`) a page preloads only when its notebook asks for
them in its metadata (``"kotika": {"preload": ["plotly-chart"]}``: the analyzer, whose charts,
``widgets/chart.py``, are its first screen; ``plotly-widget`` is plotly's own FigureWidget, for an
author's notebook); the others (a few kB each) every page preloads.  A page that shows a chart
further down (New World's end breakdown, built when the reader gets there) fetches plotly.js then."""


def _notebook(notebook_path: str | None):
    if not notebook_path:
        return None
    import nbformat
    path = Path(notebook_path)
    if not path.is_absolute():
        path = NOTEBOOKS / path
    try:
        return nbformat.read(path, as_version=4)
    except Exception:  # noqa: BLE001 - unreadable: keep every extension
        return None


def page_config_hook(page_config, base_url, settings, log, voila_configuration,
                     notebook_path=None):
    """Voila ``page_config_hook``: drop heavy lab extensions a notebook does not use, and list in
    ``klPreload`` the served widget modules its page should fetch while it loads (the template
    turns them into ``<link rel="modulepreload">``: the widgets then find them fetched and
    compiled, instead of asking the server when the kernel's widgets arrive); and in
    ``klEvaluate`` those of them the notebook asked for (:data:`PRELOAD_ON_REQUEST`), which the
    template imports when the page is first idle (waiting for its kernel), so that the first
    chart finds plotly.js evaluated."""
    from widgets import bundles
    nb = _notebook(notebook_path)
    announced = bundles.announced()
    if announced is not None:
        asked = set(nb.metadata.get("kotika", {}).get("preload", [])) if nb is not None else set()
        page_config["klPreload"] = [announced["base"] + f for name, f in sorted(announced["files"].items())
                                    if name not in PRELOAD_ON_REQUEST or name in asked]
        # the heavy modules the first screen needs (plotly.js: about 250 ms to evaluate) are
        # also evaluated while the page waits for its kernel, not when the first chart arrives
        page_config["klEvaluate"] = [announced["base"] + f for name, f in sorted(announced["files"].items())
                                     if name in PRELOAD_ON_REQUEST and name in asked]
    if nb is None:
        return page_config
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    drop = {name for name, pattern in HEAVY_EXTENSIONS.items() if not pattern.search(code)}
    page_config["federated_extensions"] = [
        ext for ext in page_config.get("federated_extensions", []) if ext.get("name") not in drop]
    return page_config


POOL_SIZE = 8
"""Preheated kernels per notebook (default; ``--pool-size``; one notebook's own: ``--pool
NAME=N``): sized for a class of 20-30 readers arriving within a minute or so over the six
notebooks (8 x 6 = 48 kernels, about 110-150 MiB each idle).  A pool is refilled as soon as a
kernel is taken, :data:`PREHEAT_SLOTS` kernels at a time, in the idle CPU class (see
:class:`_PreheatThrottle`); a visitor who finds no ready kernel gets the next one, started at
once."""

IDLE_CLASS = hasattr(os, "SCHED_IDLE") and hasattr(os, "sched_setscheduler")
"""Pooled kernels can be prepared in the ``SCHED_IDLE`` CPU class (Linux)."""

PREHEAT_SLOTS = max(1, (os.cpu_count() or 2) - (0 if IDLE_CLASS else 1))
"""Kernels starting and running their notebook at the same time (default; ``--preheat-slots``):
one per core where they run in the idle CPU class (they take no CPU the pages being read want),
else one core fewer than the machine has, so that the pages being read always have a core."""


def voila_argv(host: str = "127.0.0.1", port: int = 8866, pool_size: int = POOL_SIZE,
               preheat: bool = True, cull_idle_timeout: int = 600, cull_interval: int = 60,
               extra: list[str] | None = None, front: str = DEFAULT_FRONT) -> list[str]:
    """The Voila command-line arguments for the dashboard (see the module docstring)."""
    return [
        str(NOTEBOOKS),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--preheat_kernel={preheat}",
        f"--pool_size={pool_size}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        f"--MappingKernelManager.kernel_info_timeout={KERNEL_INFO_TIMEOUT}",
        f"--VoilaExecutor.startup_timeout={STARTUP_TIMEOUT}",
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--template={FRONTS[front]}",
        # kernels talk to the server over Unix sockets, not TCP ports on localhost: nothing else
        # on the machine can reach them, and ipykernel's "running over TCP without encryption"
        # warning is not logged for every kernel
        *(["--KernelManager.transport=ipc"] if os.name == "posix" else []),
        *(extra or []),
    ]


ARRIVAL_TIMEOUT = 600
"""Seconds a kernel handed out with a page may wait for that page's first websocket before the
idle culler may take it (default; ``--arrival-timeout``).  Loading the page's ~10 MB of
JavaScript and connecting takes seconds on an idle machine but a minute or more on a busy 2-core
one or a slow phone; a page that has not connected after ten minutes is taken to be gone (a
crawler, a tab closed while loading)."""

WEBSOCKET_COMPRESSION: dict = {"compression_level": 6, "mem_level": 8}
"""tornado's ``websocket_compression_options`` for the kernel websockets with
``--websocket-compression`` (permessage-deflate; zlib level 6 and tornado's default memory level,
about 300 KiB per open websocket on the server).  Off by default: it shrinks a page's websocket
bytes about 4x (0.1-0.5 MB a page once the widget modules are served), but with it on the Shadow
Master attack stepper's browser test saw a frame's token count arrive late in 3 runs of 5 on a
loaded machine (0 of 6 with it off), which is not understood yet."""

_OPTIONS: dict = {"inline_js": False, "websocket_compression": None, "no_brotli": False}
"""The launcher's ``--inline-widget-js`` and ``--websocket-compression``."""

KERNEL_INFO_TIMEOUT = 120
"""Seconds the server waits for a kernel to answer a new websocket's ``kernel_info`` (Jupyter's
default is 60).  A kernel still running its page's last cells answers only when they are done,
and on a busy 2-core machine that took longer than a minute: the page then never connected."""

STARTUP_TIMEOUT = 180
IOPUB_TIMEOUT = 30
"""Seconds Voila's executor waits for a kernel to start (default 60) and, after a cell's reply,
for its last outputs (nbclient's default is 4 s, after which the outputs still to come are
dropped with a warning: on a busy machine a cell's board could be lost that way)."""


class _KernelWatch:
    """Which kernels the idle culler may shut down: only those whose page really went away.

    jupyter_server culls a kernel with no websocket connection that has been idle for
    ``cull_idle_timeout`` seconds.  Three moments of a page's life look like that and are not:

    * **handed out, not yet connected.**  A preheated kernel is protected while it sits in
      Voila's pool; once handed to a page it has been idle since preheating and has no
      connection until the browser has loaded the page's JavaScript and opened the websocket.
      On a busy machine the culler shut it down in between (log: "Culling 'idle' kernel ...
      with 0 connections", then "Kernel never reached an 'alive' state", no board drawn).  Such
      a kernel is kept until its page connects, or :data:`ARRIVAL_TIMEOUT` seconds pass.
      While Voila's own client still runs the page's last cells (which the server's activity
      monitor does not see), the kernel is also kept active.
    * **connected.**  A page that is open keeps its kernel, however long the reader reads
      (``cull_connected`` is not consulted: a connected page is never culled).
    * **just disconnected.**  A websocket that dropped (network blip, laptop lid, a ping timeout
      under load) reconnects on its own within about a minute; the kernel's idle time is counted
      from the moment its last connection closed, not from its last message, so a reader who
      read for twenty minutes and lost the connection for a moment does not lose the kernel.

    A tab that is closed or navigated away sends Voila's shutdown beacon and its kernel goes at
    once (see ``_XsrfCookieRenderHandler``); the culler is the fallback for a tab that crashed.
    """

    def __init__(self, kernel_manager, arrival_timeout: float = ARRIVAL_TIMEOUT):
        self.km = kernel_manager
        self.arrival_timeout = arrival_timeout
        self.awaiting: dict[str, float] = {}  # kernel id -> monotonic time of its hand-out
        self.left: dict[str, object] = {}  # kernel id -> utc time its last connection closed

    def install(self) -> None:
        km = self.km
        hand_out = getattr(km, "get_rendered_notebook", None)
        if hand_out is not None:  # preheating on
            async def get_rendered_notebook(*args, **kwargs):
                result = await hand_out(*args, **kwargs)
                self.handed_out(result[0], result[2])
                return result
            km.get_rendered_notebook = get_rendered_notebook

        connect, disconnect, cull = km.notify_connect, km.notify_disconnect, km.cull_kernel_if_idle

        def notify_connect(kernel_id):
            connect(kernel_id)
            self.awaiting.pop(kernel_id, None)
            self.left.pop(kernel_id, None)

        def notify_disconnect(kernel_id):
            disconnect(kernel_id)
            if km._kernel_connections.get(kernel_id, 0) <= 0 and kernel_id in km:
                from jupyter_server._tz import utcnow
                self.left[kernel_id] = utcnow()

        async def cull_kernel_if_idle(kernel_id):
            if self.keep(kernel_id):
                return None
            self.awaiting.pop(kernel_id, None)
            self.left.pop(kernel_id, None)
            return await cull(kernel_id)

        km.notify_connect, km.notify_disconnect = notify_connect, notify_disconnect
        km.cull_kernel_if_idle = cull_kernel_if_idle

    def handed_out(self, render_task, kernel_id: str) -> None:
        from jupyter_server._tz import utcnow
        kernel = self.km._kernels.get(kernel_id)
        if kernel is None:
            return
        self.awaiting[kernel_id] = time.monotonic()
        kernel.last_activity = utcnow()

        async def keep_active() -> None:
            while not render_task.done():
                kernel.last_activity = utcnow()
                await asyncio.sleep(1)
            kernel.last_activity = utcnow()
        asyncio.ensure_future(keep_active())

    def keep(self, kernel_id: str) -> bool:
        """True when the culler must leave ``kernel_id`` alone (see the class docstring)."""
        from datetime import timedelta

        from jupyter_server._tz import utcnow
        for gone in [k for k in (*self.awaiting, *self.left) if k not in self.km]:
            self.awaiting.pop(gone, None)
            self.left.pop(gone, None)
        kernel = self.km._kernels.get(kernel_id)
        if kernel is None:
            return True  # shut down meanwhile: nothing to cull (jupyter_server would log a KeyError)
        if getattr(kernel, "execution_state", None) == "dead":
            return False  # a dead kernel is shut down whatever its page does
        if kernel._trait_values.get("last_activity") is None:
            # still starting: jupyter_server sets last_activity once the kernel is up, and its
            # culler read the unset trait and logged a TraitError traceback
            return True
        if self.km._kernel_connections.get(kernel_id, 0) > 0:
            return True
        handed = self.awaiting.get(kernel_id)
        if handed is not None and time.monotonic() - handed < self.arrival_timeout:
            return True
        left = self.left.get(kernel_id)
        return left is not None and utcnow() - left < timedelta(seconds=self.km.cull_idle_timeout)


class _Stopping(Exception):
    """A pooled kernel not started because the server is stopping."""


def _preheat_throttled(factory, slots: int, pool_sizes: dict[str, int] | None = None):
    """Wrap Voila's ``voila_kernel_manager_factory``: pooled kernels are started and run their
    notebook at most ``slots`` at a time (:class:`_PreheatThrottle`); ``pool_sizes``: the pool of
    a notebook (``{"analyzer.ipynb": 2}``) where it is not the default size."""
    def make(*args, **kwargs):
        cls = factory(*args, **kwargs)
        if not hasattr(cls, "_initialize"):  # preheating off
            return cls
        return type("ThrottledVoilaKernelManager", (_PreheatThrottle, cls),
                    {"preheat_slots": slots, "pool_sizes": dict(pool_sizes or {})})
    return make


def _process_tree(pid: int | None):
    """The process ``pid`` and its descendants (psutil processes; ``[]`` without psutil or when
    the process is gone)."""
    if not pid:
        return []
    try:
        import psutil
        proc = psutil.Process(pid)
        return [proc, *proc.children(recursive=True)]
    except Exception:  # noqa: BLE001 - no psutil, or the process ended
        return []


AUTOGROUP_NICE_LOW = 19
"""The nice value of a preparing kernel's *autogroup* (see :func:`set_cpu_priority`)."""


def _autogroup_nice(pid: int, nice: int) -> bool | None:
    """Set the nice value of the autogroup of process ``pid`` when ``pid`` leads a session of its
    own (``/proc/<pid>/autogroup``, Linux with ``CONFIG_SCHED_AUTOGROUP``).  ``None``: nothing to
    set (not a session leader, this process's own session, or no autogroups); ``False``: the
    kernel refused for now (it takes at most one such change per 100 ms, machine-wide: EAGAIN).

    Why: Linux schedules each session as a group (``kernel.sched_autogroup_enabled``), groups
    sharing the CPU equally whatever the classes of the threads inside, and jupyter_client starts
    every kernel in a session of its own (``start_new_session``).  ``SCHED_IDLE`` alone then only
    ranks a kernel's threads against each other: measured here, two idle-class busy loops in a
    session of their own took a third of the CPU from two normal ones in another session (8 of 24
    CPU-s); with their autogroup at nice 19, 0.4 of 24."""
    try:
        if pid == os.getsid(0) or os.getsid(pid) != pid:
            return None
        with open(f"/proc/{pid}/autogroup", "w", encoding="ascii") as f:
            f.write(str(nice))
        return True
    except FileNotFoundError:  # no autogroups in this kernel, or the process ended
        return None
    except ProcessLookupError:
        return None
    except OSError as exc:
        import errno
        if exc.errno == errno.EAGAIN:
            return False
        return None  # not permitted (another user's process): the class alone then


def set_cpu_priority(pid: int | None, low: bool) -> bool:
    """Put every thread of process ``pid`` and of its descendants in Linux's ``SCHED_IDLE`` class
    (``low``: it runs only on CPU time nothing else wants, and any other runnable task preempts it
    at once), or back in the normal class; and when ``pid`` leads a session of its own (a Jupyter
    kernel does), that session's autogroup at nice :data:`AUTOGROUP_NICE_LOW` or back at 0
    (:func:`_autogroup_nice` says why the class alone is not enough).  Returns whether it could
    (``False`` off Linux, when the process is gone, or when the autogroup's change was refused for
    now: call again a little later).  Threads and processes started later inherit the class of
    the thread that starts them."""
    group = _autogroup_nice(pid, AUTOGROUP_NICE_LOW if low else 0) if pid else None
    return _thread_classes(pid, low) and group is not False


def _thread_classes(pid: int | None, low: bool) -> bool:
    """The ``SCHED_IDLE`` (``low``) or normal class for every thread of ``pid`` and of its
    descendants (:func:`set_cpu_priority`); whether it could."""
    policy = getattr(os, "SCHED_IDLE", None) if low else getattr(os, "SCHED_OTHER", None)
    if policy is None or not hasattr(os, "sched_setscheduler"):
        return False
    done = False
    for proc in _process_tree(pid):
        try:
            tids = [int(t) for t in os.listdir(f"/proc/{proc.pid}/task")]
        except OSError:
            continue
        for tid in tids:
            try:
                os.sched_setscheduler(tid, policy, os.sched_param(0))
                done = True
            except OSError:  # the thread ended, or not permitted
                pass
    return done


async def normal_cpu_priority(pid: int | None, tries: int = 20) -> bool:
    """:func:`set_cpu_priority` with ``low=False``, the autogroup's change tried ``tries`` times
    at most, 0.11 s apart (it may be refused for 100 ms when another kernel's changed just
    before): a visitor's kernel must not be left in a group at nice 19."""
    done = _thread_classes(pid, low=False)
    for _ in range(max(1, tries)):
        if not pid or _autogroup_nice(pid, 0) is not False:
            return done
        await asyncio.sleep(0.11)
    return False


class _PreheatThrottle:
    """Voila's kernel pool, prepared ahead of demand without taking CPU from the pages being read.

    Voila fills a pool by starting every missing kernel at once, each running its notebook; when a
    page takes a kernel, the refill starts a second later.  On a 2-core machine a pool of 8 per
    notebook meant 24 kernels executing together at launch, and a class arriving together took
    its kernels while as many refills ran their notebooks beside them: the pages being opened had
    no CPU left (20 visitors: the first boards came after a minute).  Here:

    * a pooled kernel waits for one of :attr:`preheat_slots` slots, starts, runs its notebook and
      gives the slot back once it has gone quiet (its notebook ran up to the last cell, which
      waits for its visitor's request; CPU counted over the kernel and the processes it started,
      none of them runnable: a starved kernel is not a quiet one).
      Voila's "Kernel pool of ... is filled" line means the kernels are *ready*, not just started;
    * once pages are being read (the first kernel was handed out), a kernel being prepared runs in
      the ``SCHED_IDLE`` CPU class, its session's autogroup at nice 19 (:func:`set_cpu_priority`):
      it uses only CPU time that the server, the readers' kernels and everything else on the
      machine leave over, and gets the normal class back when a visitor takes it.  It is put
      there only once it answered its first request (``kernel_info``): starting a kernel takes
      about 0.3 CPU-s, and a kernel starved before its answer could run into the executor's
      :data:`STARTUP_TIMEOUT` (and, before the culling guard below, the culler).  At launch, with nobody reading yet, pools are
      prepared in the normal class on every core (:meth:`preheat_limit`);
    * a kernel of a pool is never culled until a visitor took it (:meth:`cull_kernel_if_idle`;
      from then on :class:`_KernelWatch` decides): a refill starved of CPU sends nothing for
      longer than the culling limit, and was shut down mid-start;
    * demand first: a visitor takes a ready kernel of the notebook when there is one (Voila took
      the oldest, ready or not), else the oldest pending one, which then starts at once, beyond
      the slots, in the normal class (it had been queued behind other notebooks' refills: opening
      five pages while the pools were still filling took over three minutes).
    """

    preheat_slots = 1
    pool_sizes: dict[str, int] = {}
    """``{notebook path: pool size}`` of the notebooks whose pool is not the default size."""
    QUIET_CPU = 0.05
    """Seconds of CPU per second below which a preheating kernel counts as ready."""

    def _throttle(self):
        if getattr(self, "_preheat_cond", None) is None:
            self._preheat_cond = asyncio.Condition()
            self._preheat_stop = asyncio.Event()
            self._preheat_running = 0
            self._preheat_handed = False
            # pool task -> an asyncio.Event set when a visitor takes it (weak: a task that never
            # reached _initialize, e.g. cancelled at stop, leaves nothing behind)
            self._preheat_wanted = weakref.WeakKeyDictionary()
            # ids of the pools' kernels nobody took yet, started or still starting (the culler's
            # business is visitors' kernels: see cull_kernel_if_idle)
            self._preheat_unclaimed: set[str] = set()
        return self._preheat_cond, self._preheat_stop

    def _wanted(self, task) -> asyncio.Event:
        """The event set when a visitor takes pool ``task`` (made by whichever side asks first:
        a visitor may take a refill still waiting out Voila's fill delay)."""
        event = self._preheat_wanted.get(task)
        if event is None:
            event = self._preheat_wanted[task] = asyncio.Event()
        return event

    def preheat_limit(self) -> int:
        """Kernels prepared at once: :attr:`preheat_slots`, or every core until the first page
        is handed out (at launch nobody is reading yet)."""
        slots = max(1, int(self.preheat_slots))
        return slots if self._preheat_handed else max(slots, os.cpu_count() or 1)

    async def halt_preheating(self) -> None:
        """No pooled kernel starts from now on (the server is stopping)."""
        cond, stop = self._throttle()
        stop.set()
        async with cond:
            cond.notify_all()

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs):
        size = self.pool_sizes.get(notebook_name) if notebook_name else None
        if size is not None and notebook_name not in self.kernel_pools_config:
            default = dict(self.kernel_pools_config.get("default", {}))
            self.kernel_pools_config = {**self.kernel_pools_config,
                                        notebook_name: {**default, "pool_size": size}}
        return super().fill_if_needed(delay=delay, notebook_name=notebook_name, **kwargs)

    def _pick_for_visitor(self, notebook_name) -> None:
        """Put a ready kernel first in ``notebook_name``'s pool (Voila hands out the first), or
        mark the first as wanted (it starts at once, in the normal CPU class)."""
        pool = getattr(self, "_pools", {}).get(notebook_name)
        if not pool:
            return
        ready = next((i for i, task in enumerate(pool) if task.done() and not task.cancelled()
                      and task.exception() is None), None)
        if ready is not None:
            pool.insert(0, pool.pop(ready))
            return
        self._wanted(pool[0]).set()

    async def get_rendered_notebook(self, notebook_name, *args, **kwargs):
        cond, _stop = self._throttle()
        self._preheat_handed = True
        self._pick_for_visitor(notebook_name)
        async with cond:
            cond.notify_all()  # a wanted kernel waiting for a slot starts now
        result = await super().get_rendered_notebook(notebook_name, *args, **kwargs)
        kernel = self._kernels.get(result[2])
        await normal_cpu_priority(self._kernel_pid(kernel))  # a reader's kernel from now on
        # the culler may judge it from now on (_KernelWatch keeps it until its page connects;
        # nothing is awaited between this and its hand-out there)
        self._preheat_unclaimed.discard(result[2])
        return result

    async def cull_kernel_if_idle(self, kernel_id):
        """jupyter_server's culler, but never for a kernel of a pool nobody took yet (unless it
        died).  Voila spares only the pool's *ready* kernels (their task done): a refill still
        starting or running its notebook in the idle CPU class at nice 19 on a busy machine may
        send nothing for longer than ``cull_idle_timeout`` (8 s in the browser tests), and the
        culler shut it down mid-start ("Kernel died before replying to kernel_info").  Culling
        is for kernels whose visitors went away; a pool's kernel has had no visitor yet."""
        self._throttle()
        kernel = self._kernels.get(kernel_id)
        if (kernel_id in self._preheat_unclaimed
                and getattr(kernel, "execution_state", None) != "dead"):
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    @staticmethod
    def _kernel_pid(kernel) -> int | None:
        provisioner = getattr(kernel, "provisioner", None)
        return getattr(provisioner, "pid", None) or getattr(getattr(provisioner, "process", None), "pid", None)

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        if kernel_id is not None:  # a restart, not a pool fill
            return await super()._initialize(notebook_path, kernel_id, **kwargs)
        cond, stop = self._throttle()
        task = asyncio.current_task()
        wanted = self._wanted(task)
        try:
            async with cond:
                await cond.wait_for(lambda: stop.is_set() or wanted.is_set()
                                    or self._preheat_running < self.preheat_limit())
                if stop.is_set():
                    raise _Stopping(notebook_path)
                self._preheat_running += 1
            try:
                content = await super()._initialize(notebook_path, None, **kwargs)
                self._preheat_unclaimed.add(content["kernel_id"])
                try:
                    await self._until_quiet(content, stop, wanted)
                except BaseException:  # a failed (or cancelled) pool kernel is fair game
                    self._preheat_unclaimed.discard(content["kernel_id"])
                    raise
                return content
            finally:
                async with cond:
                    self._preheat_running -= 1
                    cond.notify_all()
        finally:
            self._preheat_wanted.pop(task, None)

    def _answered(self, content) -> bool:
        """Whether the pool kernel of ``content`` answered a first request: jupyter_server keeps
        its ``execution_state`` at ``"starting"`` until the kernel's first status message, which
        a kernel sends when it handles its first request (Voila's executor's ``kernel_info``).
        A kernel without that attribute counts as answered."""
        kernel = self._kernels.get(content.get("kernel_id"))
        return getattr(kernel, "execution_state", None) != "starting"

    async def _until_quiet(self, content, stop, wanted=None) -> None:
        """Until the kernel's notebook ran up to its last cell: its process and the processes it
        started used less than :attr:`QUIET_CPU` over two half-seconds in a row while none of
        them was runnable (or its render ended, or the server is stopping, or
        :data:`STARTUP_TIMEOUT` passed).  Meanwhile the kernel is in the ``SCHED_IDLE`` class
        while pages are being read and nobody wants it (see the class docstring).

        Runnable counts: a kernel in the idle class on a machine busy with pages gets no CPU at
        all, so its CPU alone looked "quiet"; it gave its slot back unready and the next kernel
        started, until every refill of a 20-visitor burst was started at once (20 processes,
        the server polling each one twice a second)."""
        task = content.get("task")
        pid = self._kernel_pid(self._kernels.get(content.get("kernel_id")))
        t0, calm, last, low = time.monotonic(), 0, None, False
        try:
            while time.monotonic() - t0 < STARTUP_TIMEOUT and not stop.is_set():
                if task is not None and task.done():
                    return
                # low only once the kernel answered kernel_info (see the class docstring), and
                # never once a visitor waits for it
                want_low = (self._preheat_handed and self._answered(content)
                            and not (wanted is not None and wanted.is_set()))
                if want_low != low and set_cpu_priority(pid, want_low):
                    low = want_low
                procs = _process_tree(pid)
                if pid and not procs:
                    return  # the kernel died: nothing to wait for
                cpu, runnable = None, False
                if procs:
                    cpu = 0.0
                    for proc in procs:
                        try:
                            cpu += sum(proc.cpu_times()[:2])
                            runnable = runnable or proc.status() == "running"  # on a CPU or waiting for one
                        except Exception:  # noqa: BLE001 - a child ended meanwhile
                            pass
                if cpu is not None and last is not None:
                    calm = calm + 1 if cpu - last < self.QUIET_CPU * 0.5 and not runnable else 0
                    if calm >= 2 and time.monotonic() - t0 > 1:
                        return
                last = cpu
                await asyncio.sleep(0.5)
        finally:
            if low and wanted is not None and wanted.is_set():
                await normal_cpu_priority(pid)


def _quiet_stop(kernel_manager) -> None:
    """On stop, kill every kernel (by :func:`_kill_on_shutdown`'s path), then let Voila's
    ``shutdown_all`` tidy up whatever is left (a kernel still starting).

    No kernel asked politely to shut down at stop stayed quiet: a pooled kernel is in the middle
    of an ``execute_request`` (its notebook's last cell waits for a visitor's request,
    ``voila.utils.get_query_string``) and its reply failed with ``ZMQError: Socket operation on
    non-socket``; an idle one failed the same way in ipykernel 7.4's ``process_control``, which
    flushes ``sys.stderr`` after the shutdown handler closed its iostream (CI, stop 28, in
    ``test_stop_is_clean[SIGTERM]``).  A kernel holds only one visitor's page and the server is
    stopping, so a kill (SIGKILL to its process group) loses nothing and logs nothing; jupyter_client
    still logs "Kernel shutdown" for each one.
    """
    shutdown_all = kernel_manager.shutdown_all

    async def pooled_ids() -> set[str]:
        ids = set()
        halt = getattr(kernel_manager, "halt_preheating", None)
        if halt is not None:
            await halt()  # pooled kernels not started yet are not started now (_PreheatThrottle)
        for pool in getattr(kernel_manager, "_pools", {}).values():
            for task in tuple(pool):
                try:
                    ids.add((await task)["kernel_id"])
                except Exception:  # noqa: BLE001 - a kernel that failed to start: nothing to kill
                    pass
        return ids

    async def shutdown_all_quietly(*args, **kwargs):
        pooled = await pooled_ids()  # waits for pooled kernels still starting, so they are listed
        doomed = [kid for kid in pooled | set(kernel_manager._kernels) if kid in kernel_manager]
        # kernel_manager.shutdown_kernel is read now: _kill_on_shutdown's, which kills first
        await asyncio.gather(*(kernel_manager.shutdown_kernel(kid, now=True) for kid in doomed),
                             return_exceptions=True)
        from tornado.web import HTTPError
        for _ in range(3):
            try:
                return await shutdown_all(*args, **kwargs)
            except HTTPError as exc:
                # a kernel listed for shutdown was gone (or still starting) when its turn came:
                # jupyter_server says 404 and Voila's stop would end with a traceback; list again
                if exc.status_code != 404:
                    raise
                await asyncio.sleep(0.2)
        return None

    kernel_manager.shutdown_all = shutdown_all_quietly


class _PingWarningFilter(logging.Filter):
    """Drops tornado's "The websocket_ping_timeout (90000) cannot be longer than the
    websocket_ping_interval (30000)" (tornado 6.5+), logged at the first kernel websocket.
    jupyter_server's socket handler gives tornado its own figures in milliseconds (interval 30 000,
    timeout 3 x that) and pings by itself with them; tornado reads them as seconds and never pings,
    so the clamp it announces changes nothing.  Setting the timeout to the interval instead would
    make jupyter_server's own check close every quiet socket at its next ping (a pong is ~30 s old
    then)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "cannot be longer than the websocket_ping_interval" not in record.getMessage()


def _quiet_ping_warning() -> None:
    logging.getLogger("tornado.general").addFilter(_PingWarningFilter())


def _kill_on_shutdown(kernel_manager) -> None:
    """A visitor's kernel is killed when it is shut down, never asked to shut down itself.

    What shuts a kernel down while the server runs is a tab's beacon (its visitor left) or the
    culler (its visitor went away without one); the kernel holds only that visitor's page, nothing
    to save.  Asked politely, the kernel's own shutdown printed tracebacks into the server's log
    (kernels share its stderr) whenever it was not quite idle: inside a cell (a pooled kernel
    handed to a tab that closed at once still waits in its notebook's last cell for the visitor's
    request: ``ZMQError: Socket operation on non-socket``, seen in CI), or with a control message
    still queued when its event loop closed ("Exception ignored in: <coroutine object
    Kernel.dispatch_control> ... RuntimeError: Event loop is closed", a tab closed while its
    socket connected).  A kill (SIGKILL to the kernel's process group, its workers included)
    loses nothing and prints nothing.  It comes first, by the kernel's provisioner: jupyter_client's
    own shutdown, ``now=True`` too, interrupts the kernel before it kills it, and a kernel inside a
    cell then wrote a ``KeyboardInterrupt`` traceback into the cell, which Voila's executor logged
    ("Error at server while executing cell").  A restart is left as asked; the server's own stop
    (:func:`_quiet_stop`) sends every kernel through here.
    """
    shutdown = kernel_manager.shutdown_kernel

    async def shutdown_kernel(kernel_id, now=False, restart=False):
        if not restart:
            kernel = kernel_manager._kernels.get(kernel_id)
            provisioner = getattr(kernel, "provisioner", None)
            if provisioner is not None:
                # first what jupyter_client's shutdown does first: its restarter, which polls the
                # process, must not find it dead and start it again (CI: "restarting kernel (1/5)"
                # racing the shutdown, an InvalidStateError traceback)
                kernel.shutting_down = True
                kernel.stop_restarter()
                try:
                    await provisioner.kill()
                except Exception:  # noqa: BLE001 - gone already: jupyter_client's shutdown tidies up
                    pass
            now = True
        return await shutdown(kernel_id, now=now, restart=restart)

    kernel_manager.shutdown_kernel = shutdown_kernel


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
"""Signals that stop the server cleanly: Ctrl-C (SIGINT) takes the same path as SIGTERM."""


class _StopOnSignal:
    """Turn SIGINT and SIGTERM, at any moment, into one clean stop of the IOLoop.

    Python's own SIGINT handler raises ``KeyboardInterrupt`` in whatever code runs when the
    signal lands.  Voila catches it only around ``ioloop.start()``; landing inside a coroutine
    (a page being rendered) it left "Task exception was never retrieved ... KeyboardInterrupt"
    and a traceback in the log, and code that swallows ``BaseException`` could lose it, so the
    server ran on.  Voila's SIGTERM handler is installed only in ``initialize`` and reads
    ``self.ioloop``, which exists only once ``listen`` runs.  This handler raises nothing: it
    records the request and, once the server loop runs, schedules ``ioloop.stop`` on it; a
    request made earlier (imports, startup) is acted on as the loop starts.  Voila then shuts
    the kernels down (``Voila.stop``, with :func:`_quiet_stop`).  A signal repeated while
    stopping is only logged.
    """

    def __init__(self) -> None:
        self.requested: int | None = None  # the first stop signal received
        self.ioloop = None  # the server's IOLoop, once it is about to run
        self.stopping = False  # Voila.stop has begun: the loop is no longer serving
        self.log = None

    def install(self) -> None:
        for sig in STOP_SIGNALS:
            signal.signal(sig, self.handle)

    def handle(self, sig, frame) -> None:
        name = signal.Signals(sig).name
        if self.stopping or self.requested is not None:
            self._info("Received %s again; already stopping.", name)
            return
        self.requested = sig
        self._info("Received %s; stopping.", name)
        if self.ioloop is not None:
            # Thread- and signal-safe wake-up of the loop (what tornado's deprecated
            # add_callback_from_signal does).
            self.ioloop.asyncio_loop.call_soon_threadsafe(self.ioloop.stop)

    def serve(self, ioloop) -> None:
        """Called just before the server loop starts: stop at once if a signal came first."""
        self.ioloop = ioloop
        if self.requested is not None:
            ioloop.add_callback(ioloop.stop)

    def _info(self, msg: str, *args) -> None:
        if self.log is not None:
            self.log.info(msg, *args)


_STOP = _StopOnSignal()
_ARRIVAL = [ARRIVAL_TIMEOUT]  # the launcher's --arrival-timeout, read by DashboardVoila
_SLOTS = [PREHEAT_SLOTS]  # the launcher's --preheat-slots
_POOLS: dict[str, int] = {}  # the launcher's --pool NAME=N


class _NoTrustWarning(logging.Filter):
    """Drops jupyter_server's "Notebook X is not trusted" warning, logged each time a kernel
    renders a notebook (24 lines at launch with the default pool, one more per visitor).  Trust
    only decides whether a notebook's *saved* HTML and JavaScript outputs are shown; these
    notebooks are stored without outputs and Voila runs them whatever their trust, so the line
    says nothing; signing them would only hold on the machine that signed them."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg != "Notebook %s is not trusted"


def _closed_is_fine(log, fut) -> None:
    """Done-callback of a kernel websocket write: a write that failed because the tab had gone
    (``WebSocketClosedError``) is retrieved and dropped; any other failure is logged as an error."""
    if fut.cancelled():
        return
    exc = fut.exception()  # retrieving it is what keeps asyncio from logging it
    if exc is None:
        return
    from tornado.websocket import WebSocketClosedError
    if not isinstance(exc, WebSocketClosedError):
        log.error("kernel websocket write failed", exc_info=exc)


V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def _is_execute_input(message, subprotocol: str | None) -> bool:
    """Whether a kernel message on its way to a page is an ``execute_input`` (the code a cell
    runs, which no page may see).  ``message`` is what jupyter_server hands ``write_message``: a
    dict, a JSON string (the older protocol, a message without buffers), or bytes laid out by
    the v1 protocol (``subprotocol`` = :data:`V1_PROTOCOL`: an 8-byte little-endian count of
    offsets, the offsets, then channel, header, ...) or by the older one (a 4-byte big-endian
    count of parts, their offsets, then the message's JSON and its buffers).  Every count and
    offset is checked against the message's length before it is used: a message that fits
    neither layout is not an ``execute_input``."""
    if isinstance(message, dict):
        return (message.get("header") or {}).get("msg_type") == "execute_input"
    if isinstance(message, str):
        if '"execute_input"' not in message:  # the cheap test first: most messages are not
            return False
        try:
            return json.loads(message).get("header", {}).get("msg_type") == "execute_input"
        except (ValueError, AttributeError):
            return False
    if not isinstance(message, (bytes, bytearray, memoryview)):
        return False
    data = bytes(message)
    size = len(data)
    if subprotocol == V1_PROTOCOL:
        count = int.from_bytes(data[:8], "little")
        if not 3 <= count <= (size - 8) // 8:
            return False
        start = int.from_bytes(data[16:24], "little")  # offsets[1]: the header
        end = int.from_bytes(data[24:32], "little")    # offsets[2]: the parent header
        part = data[start:end] if 0 < start <= end <= size and end - start < 65536 else b""
    else:
        count = int.from_bytes(data[:4], "big")
        if not 1 <= count <= (size - 4) // 4:
            return False
        start = int.from_bytes(data[4:8], "big")
        end = int.from_bytes(data[8:12], "big") if count > 1 else size
        part = data[start:end] if 0 < start <= end <= size else b""
    if b'"execute_input"' not in part:
        return False
    try:
        header = json.loads(part)
    except ValueError:
        return False
    if subprotocol != V1_PROTOCOL and isinstance(header, dict):
        header = header.get("header")
    return isinstance(header, dict) and header.get("msg_type") == "execute_input"


def _our_handlers(handlers: list) -> list:
    """Voila's handler list with three of its handlers replaced by the dashboard's subclasses:
    the page (sets the XSRF cookie), the template static files (404 for a probe) and the kernel
    websocket (quiet after the tab went away).  Each entry is ``(pattern, handler, *rest)``."""
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    ours = {TornadoVoilaHandler: _CLASSES.get("page"), TemplateStaticFileHandler: _CLASSES.get("static"),
            VoilaKernelWebsocketHandler: _kernel_socket_class()}
    return [(h[0], ours[h[1]], *h[2:]) if len(h) > 1 and ours.get(h[1]) is not None else h
            for h in handlers]


_CLASSES: dict = {}  # "page" and "static": set by _voila_class, which defines them


def _kernel_socket_class():
    """Voila's kernel websocket handler with quiet writes after a close (see below)."""
    if "socket" in _CLASSES:
        return _CLASSES["socket"]
    import tornado.web
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    class _KernelSocket(VoilaKernelWebsocketHandler):
        """Voila's kernel websocket, whose writes to a tab that went away end quietly, and which
        reads a message's type without Voila's header parser.

        jupyter_server forwards each kernel message with ``write_message`` and drops the future
        it returns.  When the tab closes while a message is on its way (a crashed tab, no
        shutdown beacon), tornado fails that future with ``WebSocketClosedError`` and asyncio
        logged "Task exception was never retrieved" with two tracebacks (seen in CI after the
        culler test).  The message had nowhere to go; :func:`_closed_is_fine` retrieves that one
        exception and logs any other.

        Voila's ``write_message`` drops ``execute_input`` messages (they carry the notebook's
        code) and finds their type by reading every binary message as the v1 websocket protocol
        lays it out.  A client that speaks the older protocol (no ``v1.kernel.websocket.jupyter.org``
        subprotocol) gets binary messages in the other layout (a message with buffers: a plotly
        chart's data, an anywidget's bytes), whose first 8 bytes then read as a count of some
        10^17 offsets: Voila's list of them took the server to 16 GiB and a core for good at the
        first such message (one visitor to the analyzer page without the subprotocol).  And in
        that protocol a message without buffers is a JSON *string*, which Voila let through
        whatever its type.  :func:`_is_execute_input` reads both layouts within their bounds.
        """

        def write_message(self, message, binary=False):
            if _is_execute_input(message, self.selected_subprotocol):
                return None
            # the handler Voila's subclasses, skipping Voila's own write_message (see above)
            fut = super(VoilaKernelWebsocketHandler, self).write_message(message, binary=binary)
            if fut is not None and hasattr(fut, "add_done_callback"):
                fut.add_done_callback(functools.partial(_closed_is_fine, self.log))
            return fut

        async def pre_get(self):
            await super().pre_get()
            if self.connection is None:
                # the tab went away while jupyter_server waited for the kernel's kernel_info (a
                # tab closed right after opening, its kernel shut down by the beacon meanwhile):
                # tornado's on_close dropped the connection, and accepting the socket then failed
                # with "AttributeError: 'NoneType' object has no attribute 'kernel_ws_protocol'"
                # and a traceback in the log.  Nobody is there to answer.
                raise tornado.web.HTTPError(404, "the page went away")

    _CLASSES["socket"] = _KernelSocket
    return _KernelSocket


BROTLI_LEVEL = 11
"""Brotli quality of the precompressed static files (the best: 14.5 % smaller than tornado's gzip
on Voila's JavaScript, 17 % on the served plotly module; compressed once, in a background thread
at start, ~1 MB of JavaScript per CPU second)."""

BROTLI_TYPES = (".js", ".css", ".json", ".svg", ".map", ".html")
BROTLI_MAX = 8_000_000
BROTLI_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kotika" / "brotli"
"""Where compressed files are kept between starts (by content hash and level)."""
"""Files above this many bytes are left to gzip (none the pages load is this big)."""


class _Brotli:
    """Static files precompressed with brotli once, by content: ``{Etag: brotli bytes}`` where the
    Etag is the one tornado's static handlers send (``'"<sha512 of the content>"'``) or the served
    bundle's (:mod:`widgets.bundles`).  A response whose Etag is here goes out brotli-encoded to a
    browser that asks for ``br`` (``Accept-Encoding``; Chromium does, even over http to
    127.0.0.1); anything else, or a file not compressed yet (the first seconds after start), keeps
    gzip.  Needs pyarrow's brotli codec (pyarrow is a dependency); without it, nothing changes."""

    def __init__(self, cache_dir: Path | None | str = "default"):
        self.done: dict[str, bytes] = {}
        self.thread = None
        # Level 11 costs ~17 s of one core for Voila's files; the result is kept on disk, so
        # only the first server on a machine pays it (a test suite starts a dozen servers).
        self.cache_dir = BROTLI_CACHE if cache_dir == "default" else (Path(cache_dir) if cache_dir else None)

    @staticmethod
    def codec():
        try:
            import pyarrow as pa
            return pa.Codec("brotli", compression_level=BROTLI_LEVEL) if pa.Codec.is_available("brotli") else None
        except Exception:  # noqa: BLE001 - no pyarrow or no codec: gzip only
            return None

    def start(self, folders, blobs=()):
        """Compress, in a daemon thread at the lowest CPU priority, every file of ``folders``
        (recursively) with a :data:`BROTLI_TYPES` suffix, and ``blobs`` (``(etag, bytes)``)."""
        codec = self.codec()
        if codec is None or self.thread is not None:
            return
        import threading

        def work():
            try:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)  # this thread only (Linux)
            except (AttributeError, OSError):
                pass
            import hashlib
            for etag, data in blobs:
                self._add(codec, etag, data)
            seen = set()
            for folder in folders:
                for path in sorted(Path(folder).rglob("*")) if Path(folder).is_dir() else ():
                    if (path.suffix not in BROTLI_TYPES or not path.is_file()
                            or any(heavy in path.parts for heavy in HEAVY_EXTENSIONS)):
                        continue  # (a heavy extension no page loads: not worth the CPU)
                    try:
                        data = path.read_bytes()
                    except OSError:
                        continue
                    if not 1000 <= len(data) <= BROTLI_MAX:
                        continue
                    etag = '"%s"' % hashlib.sha512(data).hexdigest()
                    if etag not in seen:
                        seen.add(etag)
                        self._add(codec, etag, data)

        self.thread = threading.Thread(target=work, name="kotika-brotli", daemon=True)
        self.thread.start()

    def _add(self, codec, etag, data):
        import hashlib
        cached = None
        if self.cache_dir is not None:  # by content and level: a changed file is a new name
            cached = self.cache_dir / f"{hashlib.sha256(data).hexdigest()}.l{BROTLI_LEVEL}.br"
            try:
                self.done[etag] = cached.read_bytes()
                return
            except OSError:
                pass
        packed = codec.compress(data, asbytes=True)
        if len(packed) >= len(data):
            return
        self.done[etag] = packed
        if cached is not None:
            try:  # written whole or not at all: another server may read it at the same moment
                cached.parent.mkdir(parents=True, exist_ok=True)
                tmp = cached.with_suffix(f".{os.getpid()}.tmp")
                tmp.write_bytes(packed)
                os.replace(tmp, cached)
            except OSError:
                pass  # a read-only home: compress again next start

    def for_request(self, request, etag):
        """The brotli bytes to send for a GET that accepts ``br`` of the content tagged ``etag``,
        else ``None``."""
        if request.method != "GET" or not etag:
            return None
        accepted = [p.split(";")[0].strip() for p in request.headers.get("Accept-Encoding", "").split(",")]
        return self.done.get(etag) if "br" in accepted else None


_BROTLI = _Brotli()


def _brotli_transform():
    """A tornado ``OutputTransform``, placed before gzip: a static file's 200 response whose Etag
    :data:`_BROTLI` holds is replaced by the brotli bytes (the handler's later chunks dropped)."""
    import tornado.web

    class BrotliFromCache(tornado.web.OutputTransform):
        def __init__(self, request):
            self.request = request
            self.replaced = False

        def transform_first_chunk(self, status_code, headers, chunk, finishing):
            if (status_code == 200 and "Content-Encoding" not in headers and "Content-Range" not in headers):
                packed = _BROTLI.for_request(self.request, headers.get("Etag"))
                if packed is not None:
                    self.replaced = True
                    headers["Content-Encoding"] = "br"
                    headers["Content-Length"] = str(len(packed))  # (gzip's transform adds the Vary)
                    return status_code, headers, packed
            return status_code, headers, chunk

        def transform_chunk(self, chunk, finishing):
            return b"" if self.replaced else chunk

    return BrotliFromCache


def _voila_class():
    import tornado.ioloop
    import tornado.web
    from jupyter_server.utils import url_path_join
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.static_file_handler import TemplateStaticFileHandler

    class _XsrfCookieRenderHandler(TornadoVoilaHandler):
        """Voila's notebook page handler that also sets the ``_xsrf`` cookie.

        On ``beforeunload`` Voila's page posts ``/voila/api/shutdown/<kernel>`` with
        ``navigator.sendBeacon`` and an ``_xsrf`` form field read from ``document.cookie``.
        Tornado sets that cookie only when a handler reads ``xsrf_token``, which Voila's page
        rendering never does, so the beacon carried an empty token and was refused (403
        "'_xsrf' argument missing from POST").  Reading ``xsrf_token`` here sets the cookie
        (kept if the browser already has one) before the page streams out; the shutdown
        endpoint keeps its XSRF check, which a same-origin page now passes.
        """

        async def prepare(self, *args, **kwargs):
            result = super().prepare(*args, **kwargs)  # async in jupyter_server 2
            if inspect.isawaitable(result):
                await result
            if not self._finished:  # e.g. not redirected to a login page
                self.xsrf_token  # noqa: B018 - read for its side effect: the Set-Cookie header

    class _TemplateStatic(TemplateStaticFileHandler):
        """Voila's template static files; a path that is not ``<template>/static/<file>`` (a probe
        such as ``templates/../../etc/passwd``) is a 404, not an AssertionError answered with 500."""

        def parse_url_path(self, path):
            parts = path.split("/", 2)
            if len(parts) < 3 or parts[1] != "static" or ".." in path.split("/"):
                raise tornado.web.HTTPError(404)
            return super().parse_url_path(path)

    class _BundleHandler(tornado.web.RequestHandler):
        """The widget modules of :mod:`widgets.bundles`, from memory: exactly the file names it
        announced to the kernels (``<name>.<hash>.js``), nothing else (no folder behind it, so no
        listing and no path to climb out of), gzipped once at start, cached a year by the
        browser (a changed module is a new name)."""

        def initialize(self, files):
            self.files = files

        def check_xsrf_cookie(self):  # GET/HEAD only; nothing here changes anything
            return None

        def get(self, name):
            self._answer(name, head=False)

        def head(self, name):
            self._answer(name, head=True)

        def _answer(self, name, head):
            found = self.files.get(name)
            if found is None:
                raise tornado.web.HTTPError(404)
            data, zipped = found
            self.set_header("Content-Type", "text/javascript; charset=utf-8")
            self.set_header("Cache-Control", "public, max-age=31536000, immutable")
            self.set_header("X-Content-Type-Options", "nosniff")
            self.set_header("Etag", '"%s"' % name.split(".")[1])  # the content hash (HEAD too)
            if not self.settings.get("compress_response"):  # else tornado's gzip adds it
                self.set_header("Vary", "Accept-Encoding")
            packed = _BROTLI.for_request(self.request, '"%s"' % name.split(".")[1])
            if packed is not None:
                self.set_header("Content-Encoding", "br")  # tornado's own gzip then stays out
                data = packed
            elif "gzip" in self.request.headers.get("Accept-Encoding", ""):
                self.set_header("Content-Encoding", "gzip")
                data = zipped
            self.set_header("Content-Length", str(len(data)))
            if not head:
                self.write(data)

    _CLASSES.update(page=_XsrfCookieRenderHandler, static=_TemplateStatic)

    class DashboardVoila(Voila):
        """Voila with ``/`` redirecting to the home notebook."""

        def initialize(self, argv=None):
            super().initialize(argv)
            self.log.addFilter(_NoTrustWarning())
            _STOP.log = self.log
            _STOP.install()  # again: Voila's initialize replaced the SIGTERM handler
            if self.voila_configuration.page_config_hook is None:
                self.voila_configuration.page_config_hook = page_config_hook

        def listen(self):
            # Voila's listen binds, then runs IOLoop.current() until it is stopped; nothing runs
            # that loop in between, so the stop queued here is the first thing it does.
            _STOP.serve(tornado.ioloop.IOLoop.current())
            super().listen()

        def stop(self):
            _STOP.stopping = True
            # Every kernel killed (_quiet_stop) before Voila's stop removes the folder of their
            # sockets: Voila removes it first, and a kernel still starting then failed to bind
            # ("ZMQError: No such file or directory for ipc path", a traceback in the log; CI, a
            # Ctrl-C while a page rendered on a busy machine).  Voila's own stop then finds none.
            from jupyter_core.utils import run_sync
            run_sync(self.kernel_manager.shutdown_all)()
            super().stop()

        def init_settings(self):
            import voila.app

            from widgets import bundles
            # before the kernel manager exists: the pools' kernels inherit this environment
            self._bundle_files = {} if _OPTIONS["inline_js"] else bundles.served_files()
            os.environ.pop(bundles.ENV, None)
            if self._bundle_files:
                os.environ[bundles.ENV] = bundles.announce(self.base_url, self._bundle_files)
            factory = voila.app.voila_kernel_manager_factory
            voila.app.voila_kernel_manager_factory = _preheat_throttled(factory, _SLOTS[0], _POOLS)
            try:
                settings = super().init_settings()
            finally:
                voila.app.voila_kernel_manager_factory = factory
            _quiet_ping_warning()
            settings["compress_response"] = True  # gzip: the page's JavaScript shrinks ~4x
            # brotli first, for the static files compressed at start (_Brotli), gzip for the rest
            import tornado.web as _web
            settings["transforms"] = [_brotli_transform(), _web.GZipContentEncoding]
            # permessage-deflate on the kernel websockets when asked (jupyter_server's handler
            # reads this setting): widget states are JSON and shrink about 4x on the wire
            settings["websocket_compression_options"] = _OPTIONS["websocket_compression"]
            # jupyter_server's write_error renders 404.html through tornado's static_url, which
            # needs a static_path; Voila sets none, so every 404 logged "Uncaught exception in
            # write_error".  Its own static folder exists and holds nothing of the project.
            from jupyter_server import DEFAULT_STATIC_FILES_PATH
            settings.setdefault("static_path", DEFAULT_STATIC_FILES_PATH)
            _KernelWatch(self.kernel_manager, _ARRIVAL[0]).install()
            _quiet_stop(self.kernel_manager)
            _kill_on_shutdown(self.kernel_manager)
            return settings

        def init_handlers(self):
            home = url_path_join(self.base_url, "voila/render", HOME)
            redirect = (url_path_join(self.server_url, "/?"), tornado.web.RedirectHandler,
                        {"url": home, "permanent": False})
            handlers = _our_handlers(super().init_handlers())
            from widgets import bundles
            static = (url_path_join(self.base_url, bundles.ROUTE, r"([^/]+)"), _BundleHandler,
                      {"files": self._bundle_files})
            if not _OPTIONS.get("no_brotli"):
                _BROTLI.start(_static_folders(handlers),
                              [('"%s"' % f.split(".")[1], data) for f, (data, _z) in self._bundle_files.items()])
            return [redirect, static, *handlers]

    return DashboardVoila


def _static_folders(handlers: list) -> list[str]:
    """The folders Voila's static handlers serve from (their ``path``/``paths`` arguments), and the
    templates' static folders (``TemplateStaticFileHandler`` finds them itself)."""
    out: list[str] = []
    for h in handlers:
        kwargs = h[2] if len(h) > 2 and isinstance(h[2], dict) else {}
        for key in ("path", "paths"):
            value = kwargs.get(key)
            out.extend([value] if isinstance(value, str) else list(value or []))
    from jupyter_core.paths import jupyter_path
    out.extend(str(Path(p) / name / "static") for p in jupyter_path("voila", "templates")
               if Path(p).is_dir() for name in sorted(os.listdir(p)))
    return list(dict.fromkeys(out))


def parse_pools(items: list[str]) -> dict[str, int]:
    """``["analyzer.ipynb=2", "coup=4"]`` -> ``{"analyzer.ipynb": 2, "coup.ipynb": 4}`` (a
    notebook's path under ``notebooks/``, ``.ipynb`` added when left out); ``SystemExit`` naming
    the item for anything else (a size must be a whole number >= 1)."""
    out = {}
    for item in items:
        name, sep, size = item.partition("=")
        name = name.strip()
        if not sep or not name or not size.strip().isdigit() or int(size) < 1:
            raise SystemExit(f"--pool {item!r}: expected NOTEBOOK=N with N >= 1 (e.g. analyzer.ipynb=2)")
        out[name if name.endswith(".ipynb") else name + ".ipynb"] = int(size)
    return out


def main(argv: list[str] | None = None) -> None:
    """Parse the launcher's options and run Voila until SIGINT (Ctrl-C) or SIGTERM."""
    ap = argparse.ArgumentParser(prog="python -m widgets.serve", description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--port", type=int, default=8866, help="port (default 8866; 0 = any free port)")
    ap.add_argument("--pool-size", type=int, default=POOL_SIZE,
                    help=f"preheated kernels per notebook (default {POOL_SIZE}: a class of 20-30)")
    ap.add_argument("--preheat-slots", type=int, default=PREHEAT_SLOTS,
                    help=f"kernels preheated at the same time (default {PREHEAT_SLOTS}: "
                         + ("one per core, in the idle CPU class)" if IDLE_CLASS else "cores - 1)"))
    ap.add_argument("--pool", action="append", default=[], metavar="NOTEBOOK=N",
                    help="one notebook's pool size (e.g. analyzer.ipynb=2; repeatable)")
    ap.add_argument("--no-preheat", action="store_true", help="start kernels on demand instead")
    ap.add_argument("--cull-idle-timeout", type=int, default=600, help="seconds (default 600)")
    ap.add_argument("--cull-interval", type=int, default=60, help="seconds (default 60)")
    ap.add_argument("--arrival-timeout", type=int, default=ARRIVAL_TIMEOUT,
                    help="seconds a handed-out kernel waits for its page to connect before the "
                         f"idle culler may take it (default {ARRIVAL_TIMEOUT})")
    ap.add_argument("--websocket-compression", action="store_true",
                    help="compress kernel websocket messages (permessage-deflate; default off, see "
                         "WEBSOCKET_COMPRESSION in widgets/serve.py)")
    ap.add_argument("--inline-widget-js", action="store_true",
                    help="widgets carry their JavaScript in their state instead of fetching it once "
                         "from <base_url>kl-static/ (widgets/bundles.py)")
    ap.add_argument("--no-brotli", action="store_true",
                    help="gzip only: do not precompress the static files with brotli at start")
    ap.add_argument("--front", choices=sorted(FRONTS), default=os.environ.get("KOTIKA_FRONT") or DEFAULT_FRONT,
                    help=f"the pages' JavaScript: lite (templates/kotika-lite: a small bundle, no "
                         f"JupyterLab) or voila (Voila's lab front end); default {DEFAULT_FRONT}, "
                         f"or $KOTIKA_FRONT")
    ap.add_argument("--print-command", action="store_true", help="print Voila's arguments and exit")
    args, extra = ap.parse_known_args(argv)
    port = args.port
    if port == 0:
        import socket
        with socket.socket() as s:
            s.bind((args.host, 0))
            port = s.getsockname()[1]
    vargv = voila_argv(args.host, port, args.pool_size, not args.no_preheat,
                       args.cull_idle_timeout, args.cull_interval, extra, args.front)
    if args.print_command:
        print("voila " + " ".join(vargv))
        return
    _ARRIVAL[0] = args.arrival_timeout
    _OPTIONS["inline_js"] = args.inline_widget_js
    _OPTIONS["no_brotli"] = args.no_brotli
    _OPTIONS["websocket_compression"] = WEBSOCKET_COMPRESSION if args.websocket_compression else None
    _SLOTS[0] = args.preheat_slots
    _POOLS.clear()
    _POOLS.update(parse_pools(args.pool))
    _STOP.install()  # before Voila's import and startup: a signal meanwhile is not lost
    os.chdir(ROOT)  # voila.json at the top is read from the working directory
    os.environ["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(JUPYTER_DATA), os.environ.get("JUPYTER_PATH", "")) if p)
    os.environ["IPYTHONDIR"] = str(kernel_ipython_dir())  # the kernels inherit it
    os.environ.update(KERNEL_ENV)  # read by each kernel's C library at its start; this process's is set already
    _voila_class().launch_instance(vargv)


KERNEL_ENV = {"MALLOC_ARENA_MAX": "1"}
"""Environment the served kernels start with.  ``MALLOC_ARENA_MAX=1``: glibc gives each thread
that allocates its own heap (an "arena"), and a kernel has several (its channels, the analyzer's
background run, a Runner's work); what such a heap held at its peak is mostly not handed back, so
the analyzer's kernel ended a run at 150-151 MiB against issue 12's 150 MiB goal, and at 132 MiB
with one heap shared by all threads (``tests/test_notebooks.py``, measured on this 2-core machine).
The kernel's Python code runs one thread at a time (the GIL), so the shared heap costs no speed
that matters here."""


KERNEL_CONFIG = """# written by widgets/serve.py: the dashboard's kernels keep no input history
c.HistoryManager.enabled = False
"""


def kernel_ipython_dir(root: Path | None = None) -> Path:
    """An IPython directory for the served kernels (under the user's cache, ``root`` in tests) whose
    kernel config turns input history off.  The kernels run no typed input, and with history on every
    kernel of every server on the machine opened one SQLite file (``~/.ipython/.../history.sqlite``):
    kernels starting together met "database is locked", a traceback in the server's log, and IPython
    moved the file aside as corrupt."""
    base = root or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "kotika" / "ipython"
    config = base / "profile_default" / "ipython_kernel_config.py"
    if not config.is_file() or config.read_text(encoding="utf-8") != KERNEL_CONFIG:
        config.parent.mkdir(parents=True, exist_ok=True)
        tmp = config.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(KERNEL_CONFIG, encoding="utf-8")
        tmp.replace(config)  # atomic: two servers starting at once never read half a file
    return base


if __name__ == "__main__":
    main(sys.argv[1:])
