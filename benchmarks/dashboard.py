"""The dashboard in headless Chromium: how fast a page opens, answers a click, takes a class.

    python benchmarks/dashboard.py [--pool N] [--opens 5] [--clicks 500] [--visitors 20] [--json]
    make bench-dashboard                      # the same, with the defaults

(from the project root, with the project importable: ``PYTHONPATH=. python benchmarks/...``).
It starts its own server (``python -m widgets.serve`` on a free port, log in
``artifacts/bench_dashboard_server.log``), drives the system Chromium with Playwright and PRINTS
the figures (a benchmark, not a timed test; ``tests/test_bench_dashboard.py`` only checks that a
tiny run prints every figure).  Figures, each measured in the browser:

* **open → first board**: from navigation start (``performance.now()`` of a fresh browser context:
  no cache, like a new visitor) to the first board (a hex board's cells, or the Coup table's seats)
  laid out on screen, ``--opens`` times per notebook, one visitor at a time, each after the server
  went quiet (its pools refilled);
* **bytes per page**: every HTTP response (Resource Timing ``transferSize``: on the wire, gzipped)
  plus every websocket frame's payload both ways, from navigation until the board shows and 3 s
  after.  The payloads are counted as the page reads them, i.e. *after* permessage-deflate
  decompression (Playwright's frame events); with ``--wire`` the pages are opened through a
  counting TCP relay (:class:`WireCounter`) and ``wire_mb`` is what crossed the wire (HTTP and
  websocket as sent, headers included);
* **click → board updated**: a ``MutationObserver`` on the board's view is armed, then the click is
  dispatched; *first* is the first change of the view, *done* its last change before 150 ms of quiet
  (the figure the goal is read on), the view being the game's board with its side (``SCOPE``:
  the Coup table, the Shadow Master, Valeria and New World boards; not the rule panel or event
  log beside it).  On every page and every kind of click: the stepper's forward (the page's last
  reader: Coup, Valeria and New World rulings, Shadow Master attacks), a move in play with bots (a
  choice button, or a highlighted board cell), the what-if board, the home board (place then
  remove tokens); and the play table's "what would the bots do here?" (``analysis``: long work
  with a progress bar by design, so its goal is read on its *first* answer). Before the clicks the page is scrolled through, so that the parts built when
  the reader reaches them (``widgets/lazy.py``) are there;
* **kernel memory**: RSS of the page's kernel process (psutil) once its board shows and after
  ``--clicks`` clicks on that page; and how many widgets the clicks left open (websocket
  ``comm_open`` minus ``comm_close`` messages);
* **visitors at once**: ``--visitors`` fresh contexts open the notebooks (round robin) at the same
  moment; the time until every one of them shows its board (every page rendered by the one
  Chromium on this 2-core machine, beside the server); the same class with **a device each**
  (:func:`measure_class`: ``--class-tabs`` of them in Chromium here, the others asking the server
  what a page asks, lazy parts near the top included, without rendering it here); and the
  server's share alone (every visitor without a browser);
* quiet logs: console warnings and errors per page; "Traceback" and "not trusted" lines in the
  server's log.

The machine's load average is printed with the figures: this 2-core machine is often shared, and
absolute figures from a loaded run are pessimistic (compare runs made in the same conditions).
``--tiny``: one notebook, one open, 3 clicks, 2 visitors (for the smoke test).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"
NOTEBOOKS = ROOT / "notebooks"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                 "--disable-backgrounding-occluded-windows"]
GOALS = {"first_board_p95_s": 1.5, "click_p95_ms": 100, "visitors_all_s": 10, "page_mb": 2.0,
         "kernel_mib": 150}
BOARD = "svg.kl-hexboard polygon.kl-cell, .kl-coup .kl-seat, .kl-val td, .js-plotly-plot .main-svg"
"""A page's first board: hex cells drawn, the Coup table's seats, Valeria's table, or (the analyzer,
which has no board) its first chart."""
FIRST_ANSWER = {"analysis"}
"""Click kinds that start long work by design (the play table's "what would the bots do here?":
rollouts with a progress bar): their goal is read on the first change (the panel and its bar
show), their ``done`` is the whole run."""
KERNEL_ID = re.compile(r"kernel-([0-9a-f-]{36})\.json")
WS_KERNEL = re.compile(r"/api/kernels/([0-9a-f-]{36})/channels")

# In every page, before any script of the page: when the first board is laid out, and the click
# measurements.  window.__kl.run(kind, arg, r) picks the target of a click of that kind, arms a
# MutationObserver on the board's view, clicks and resolves [first, done] in ms (or null when
# that kind of click is not on the page / has no target now).
INIT_JS = r"""
(() => {
  const BOARD = __BOARD__;
  const kl = window.__kl = { board: null, boardEpoch: null };
  function seen() {
    if (kl.board !== null) return true;
    for (const el of document.querySelectorAll(BOARD)) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) {
        kl.board = performance.now(); kl.boardEpoch = Date.now(); return true;
      }
    }
    return false;
  }
  function watch() {
    if (seen()) return;
    const obs = new MutationObserver(() => { if (seen()) obs.disconnect(); });
    obs.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  }
  // when the kernel's websocket was created and opened (the split of an open's time)
  kl.ws = [];
  const NativeWS = window.WebSocket;
  function KlWS(url, protocols) {
    const ws = protocols === undefined ? new NativeWS(url) : new NativeWS(url, protocols);
    const rec = { url: String(url), created: performance.now(), opened: null };
    kl.ws.push(rec);
    ws.addEventListener('open', () => { rec.opened = performance.now(); });
    return ws;
  }
  KlWS.prototype = NativeWS.prototype;
  ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'].forEach((k) => { KlWS[k] = NativeWS[k]; });
  window.WebSocket = KlWS;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();

  function measure(scope, target, quiet, timeout) {
    return new Promise((resolve) => {
      let t0 = 0, first = -1, last = -1, qt = null;
      const finish = () => { obs.disconnect(); clearTimeout(to); resolve([first, last]); };
      const obs = new MutationObserver(() => {
        const t = performance.now() - t0;
        if (first < 0) first = t;
        last = t;
        clearTimeout(qt); qt = setTimeout(finish, quiet);
      });
      const to = setTimeout(finish, timeout);
      obs.observe(scope, { subtree: true, childList: true, attributes: true, characterData: true });
      t0 = performance.now();
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    });
  }
  const visible = (el) => el && el.getBoundingClientRect().width > 0;
  const enabled = (b) => !b.disabled && visible(b);
  const pick = (xs, r) => xs.length ? xs[Math.floor(r * xs.length) % xs.length] : null;
  // "let the bots finish" plays the game out (long work by design; while the reader is still in it reads
  // 'let the “balanced” bots finish (they play my seat too)'): never one of the timed clicks
  const SKIP = /undo my move|bots finish|New game/;
  // the game's board view (its table and side: the choices, the frame's events), what a click
  // of the stepper or of play redraws; the rule panel and the event log beside it are not timed
  const SCOPE = '.kl-coup-table, .kl-sm-board, .kl-val-board, .kl-nw-board';
  kl.roots = {
    home: () => { const p = document.querySelector('.kl-picker'); return p ? p.parentElement : null; },
    stepper: () => {  // the last reader whose stepper can move (a fresh game's has no step)
      const rs = [...document.querySelectorAll('.kl-reader')].filter((r) =>
        [...r.querySelectorAll('button[title="ถัดไป / forward"], button[title="ขั้นแรก / first"]')].some((b) => !b.disabled));
      return rs.length ? rs[rs.length - 1] : null;
    },
    play: () => { const ps = document.querySelectorAll('.kl-play-panel'); return ps.length ? ps[ps.length - 1] : null; },
    whatif: () => document.querySelector('.kl-sm-whatif'),
    // "what would the bots do here?" of the play table: long work by design (rollouts with a
    // progress bar), so not a "play" click; its goal is read on the first answer (the panel shows)
    analysis: () => { const p = kl.roots.play(); return p ? p.querySelector('.kl-bots') : null; },
  };
  kl.kinds = () => Object.keys(kl.roots).filter((k) => visible(kl.roots[k]()));
  // -> [scope, target] or null
  kl.targets = {
    home: (root, arg) => {
      const svg = root.querySelector('svg.kl-hexboard');
      const cells = svg.querySelectorAll('polygon.kl-cell');
      return [svg, cells[arg % cells.length]];
    },
    stepper: (root) => {
      const scope = root.querySelector(SCOPE) || root;
      let b = root.querySelector('button[title="ถัดไป / forward"]');
      if (!b || b.disabled) b = root.querySelector('button[title="ขั้นแรก / first"]');
      return b ? [scope, b] : null;
    },
    play: (root, arg, r) => {
      const table = root.querySelector('.kl-page');
      if (!table) return null;
      const scope = table.querySelector(SCOPE) || table;
      // a board whose cell click selects (New World: the dropdown is set to it, "do" places it):
      // after a cell click, the next click is that "do" (a move), so both are measured
      if (kl.selected === table) {
        kl.selected = null;
        const row = table.querySelector('.kl-pick-row');
        const doIt = row ? [...row.querySelectorAll('button')].find(enabled) : null;
        if (doIt) return [table.querySelector(SCOPE) || table, doIt];
      }
      const svg = table.querySelector('svg.kl-hexboard');
      if (svg) {
        const hl = new Set([...svg.querySelectorAll('.kl-hl')].map((p) => p.getAttribute('points')));
        const cells = [...svg.querySelectorAll('polygon.kl-cell')].filter((p) => hl.has(p.getAttribute('points')));
        if (cells.length && r < 0.8) {
          if (table.querySelector('.kl-pick-row')) kl.selected = table;
          return [scope, pick(cells, r / 0.8)];
        }
      }
      // the choices and tools are plain buttons in a kernel-drawn picture (widgets.playchoices)
      const buttons = [...table.querySelectorAll('button.jupyter-button, .kl-choices button, .kl-tools button')].filter((b) =>
        enabled(b) && !SKIP.test(b.textContent) && !b.closest('.widget-toggle-buttons') && !b.closest('.kl-bots'));
      const b = pick(buttons, r);
      return b ? [scope, b] : null;
    },
    analysis: (root) => {
      const run = [...root.querySelectorAll('button.jupyter-button')].find((b) => enabled(b) &&
        (b.classList.contains('kl-bots-here') || /analyse this position/.test(b.textContent)));
      return run ? [root, run] : null;
    },
    whatif: (root, arg, r) => {
      const cells = [...root.querySelectorAll('svg.kl-hexboard polygon.kl-cell')];
      return cells.length ? [root, pick(cells, r)] : null;
    },
  };
  kl.run = async (kind, arg, r, quiet, timeout) => {
    const root = kl.roots[kind]();
    if (!root) return null;
    const st = kl.targets[kind](root, arg, r);
    if (!st) return null;
    return await measure(st[0], st[1], quiet, timeout);
  };
  // play: the game is over or the reader is out: let the bots finish, else a new game
  kl.unstick = () => {
    const root = kl.roots.play();
    if (!root) return false;
    for (const b of root.querySelectorAll('.kl-tools button, button.jupyter-button')) {
      if (enabled(b) && /bots finish/.test(b.textContent)) { b.click(); return 'finish'; }
    }
    for (const b of root.querySelectorAll('button.jupyter-button')) {
      if (enabled(b) && /New game/.test(b.textContent)) { b.click(); return 'new'; }
    }
    return false;
  };
  kl.picker = (i) => {
    const bs = document.querySelectorAll('.kl-picker button');
    if (bs.length) bs[i < 0 ? bs.length + i : i].click();
  };
})();
""".replace("__BOARD__", json.dumps(BOARD))


def pct(xs: list[float], q: float) -> float | None:
    """The ``q``-quantile (0..1) of ``xs`` (nearest rank, so it is a value that was measured)."""
    if not xs:
        return None
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, int(round(q * len(s) + 0.5)) - 1))]


def summary(xs: list[float], nd: int = 1) -> dict:
    if not xs:
        return {"n": 0, "p50": None, "p95": None, "max": None}
    return {"n": len(xs), "p50": round(statistics.median(xs), nd), "p95": round(pct(xs, 0.95), nd),
            "max": round(max(xs), nd)}


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


# ----------------------------------------------------------------------------- the server
class Server:
    """``python -m widgets.serve`` on a free port; its kernels found through psutil."""

    def __init__(self, pool: int | None, extra: list[str]):
        import psutil
        self.psutil = psutil
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        ARTIFACTS.mkdir(exist_ok=True)
        self.log_path = ARTIFACTS / "bench_dashboard_server.log"
        self._log = open(self.log_path, "w", encoding="utf-8")
        cmd = [sys.executable, "-m", "widgets.serve", "--host", "127.0.0.1", "--port", str(self.port),
               *(["--pool-size", str(pool)] if pool is not None else []), *extra]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)}
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT,
                                     start_new_session=True, env=env)
        self.base = f"http://127.0.0.1:{self.port}"
        self.started = time.monotonic()

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def wait_filled(self, notebooks: int, timeout: float = 900) -> float:
        deadline = time.monotonic() + timeout
        while len(set(re.findall(r"Kernel pool of (\S+) is filled", self.log()))) < notebooks:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server exited ({self.proc.returncode}); see {self.log_path}")
            if time.monotonic() > deadline:
                raise SystemExit(f"the pools were not filled after {timeout} s; see {self.log_path}")
            time.sleep(0.3)
        return time.monotonic() - self.started

    def kernels(self) -> dict[str, object]:
        """``{kernel id: psutil.Process}`` of the server's kernels."""
        out = {}
        try:
            kids = self.psutil.Process(self.proc.pid).children(recursive=True)
        except self.psutil.NoSuchProcess:
            return out
        for p in kids:
            try:
                m = KERNEL_ID.search(" ".join(p.cmdline()))
            except self.psutil.Error:
                continue
            if m:
                out[m.group(1)] = p
        return out

    def cpu_seconds(self) -> float:
        total = 0.0
        procs = [self.psutil.Process(self.proc.pid), *self.kernels().values()]
        for p in procs:
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except self.psutil.Error:
                pass
        return total

    def runnable(self) -> bool:
        """Whether the server or one of its kernels is running or waiting for a CPU now: a kernel
        refilling a pool in the idle CPU class gets no CPU while other work on the machine
        (another program, other users) wants it, so its CPU time alone looks quiet."""
        for p in [self.psutil.Process(self.proc.pid), *self.kernels().values()]:
            try:
                if p.status() == self.psutil.STATUS_RUNNING:
                    return True
            except self.psutil.Error:
                pass
        return False

    def wait_quiet(self, timeout: float = 300, below: float = 0.10, window: float = 1.5,
                   starved: float = 60) -> float:
        """Wait until the server and its kernels use less than ``below`` of a core over ``window``
        seconds and none of them is runnable (pools refilled, pages rendered); returns the seconds
        waited.  After ``starved`` seconds a runnable process no longer counts: on a machine kept
        busy by other work a refill in the idle CPU class may wait for minutes."""
        t0, calm = time.monotonic(), 0
        while time.monotonic() - t0 < timeout and calm < 2:
            a = self.cpu_seconds()
            time.sleep(window)
            low = (self.cpu_seconds() - a) / window < below
            calm = calm + 1 if low and (time.monotonic() - t0 > starved or not self.runnable()) else 0
        return time.monotonic() - t0

    def rss_mib(self, kernel_id: str) -> float | None:
        p = self.kernels().get(kernel_id)
        try:
            return round(p.memory_info().rss / 2**20, 1) if p else None
        except self.psutil.Error:
            return None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._log.close()


class WireCounter:
    """A TCP relay in front of the server that counts the bytes crossing it both ways: what a page
    costs on the wire (HTTP bodies as sent, gzipped or not, headers, websocket frames as sent,
    compressed when permessage-deflate is on).  Playwright's websocket events give the payloads
    decompressed, and Resource Timing counts HTTP only, so this is the one figure that sees the
    websocket's compression.  The opens are made one at a time, so the count between a page's
    navigation and the end of its measurement is that page's."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.bytes = 0
        self.port: int | None = None
        self._server = None

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _pump(self, reader, writer) -> None:
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                self.bytes += len(chunk)
                writer.write(chunk)
                await writer.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            try:
                writer.close()
            except Exception:  # noqa: BLE001 - already closed
                pass

    async def _relay(self, client_r, client_w) -> None:
        try:
            server_r, server_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_w.close()
            return
        await asyncio.gather(self._pump(client_r, server_w), self._pump(server_r, client_w))

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()


def browser_cpu_by_pid() -> dict[int, float]:
    """``{pid: CPU seconds (user + system)}`` of the Chromium processes this benchmark started
    (children of this process, playwright's driver included)."""
    import psutil
    found = {}
    for p in psutil.Process().children(recursive=True):
        try:
            if "chrom" in p.name().lower() or "node" in p.name().lower():
                t = p.cpu_times()
                found[p.pid] = t.user + t.system
        except psutil.Error:
            pass
    return found


def browser_cpu_seconds() -> float:
    """CPU seconds of the Chromium processes this benchmark started (:func:`browser_cpu_by_pid`)."""
    return sum(browser_cpu_by_pid().values())


def browser_cpu_since(before: dict[int, float]) -> float:
    """Browser CPU seconds used since the snapshot ``before`` (:func:`browser_cpu_by_pid`), counted
    per process: a tab's renderer that ended meanwhile does not take its whole life off the sum."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in browser_cpu_by_pid().items())


# ----------------------------------------------------------------------------- a visitor
class Visitor:
    """A fresh browser context and page: bytes, websocket messages and console lines recorded."""

    def __init__(self, ctx, page, url: str, watch: bool = True):
        self.ctx, self.page, self.url = ctx, page, url
        self.ws_bytes = 0
        self.comm_open = self.comm_close = 0
        self.kernel_id: str | None = None
        self.console: list[str] = []
        self.external: list[str] = []
        if watch:
            page.on("websocket", self._ws)
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}")
                if m.type in ("warning", "error") else None)

    @classmethod
    async def open(cls, browser, url: str, watch: bool = True) -> "Visitor":
        """A fresh context on ``url``.  ``watch``: count every websocket frame and hold back any
        request off this machine (through Playwright, i.e. the DevTools protocol and its driver:
        about a third of the browser's CPU with 20 pages at once, which a visitor's own browser
        does not spend; the visitors at once are opened without it)."""
        ctx = await browser.new_context(viewport={"width": 1280, "height": 1000}, locale="th-TH")
        await ctx.add_init_script(INIT_JS)
        page = await ctx.new_page()
        v = cls(ctx, page, url, watch)
        if not watch:
            return v

        async def route(r):
            host = re.match(r"^[a-z]+://([^/:]+)", r.request.url)
            if r.request.url.startswith("data:") or (host and host.group(1) in ("127.0.0.1", "localhost")):
                await r.continue_()
            else:
                v.external.append(r.request.url)
                await r.abort()
        await page.route("**/*", route)
        return v

    def _ws(self, ws) -> None:
        m = WS_KERNEL.search(ws.url)
        if m:
            self.kernel_id = m.group(1)

        def got(payload):
            self.ws_bytes += len(payload)
            head = payload[:600] if isinstance(payload, (bytes, str)) else b""
            if isinstance(head, bytes):
                head = head.decode("latin-1")
            if '"comm_open"' in head:
                self.comm_open += 1
            elif '"comm_close"' in head:
                self.comm_close += 1
        ws.on("framereceived", got)
        ws.on("framesent", lambda payload: setattr(self, "ws_bytes", self.ws_bytes + len(payload)))

    async def goto_board(self, timeout: float = 180) -> float:
        """Navigate and wait for the first board; seconds from navigation start (browser clock)."""
        await self.page.goto(self.url, wait_until="commit", timeout=timeout * 1000)
        await self.page.wait_for_function("() => window.__kl && window.__kl.board !== null",
                                          timeout=timeout * 1000, polling=50)
        return await self.page.evaluate("() => window.__kl.board") / 1000

    async def split(self) -> dict:
        """Milliseconds from navigation start: HTML loaded (DOMContentLoaded), kernel websocket
        created and open, first board."""
        return await self.page.evaluate("""() => {
          const nav = performance.getEntriesByType('navigation')[0] || {};
          const ws = window.__kl.ws.find((w) => /\\/channels/.test(w.url)) || {};
          return { html: nav.domContentLoadedEventEnd || null, ws_created: ws.created || null,
                   ws_open: ws.opened || null, board: window.__kl.board };
        }""")

    async def http_bytes(self) -> tuple[int, int]:
        return tuple(await self.page.evaluate("""() => {
          const es = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
          return [es.reduce((a, e) => a + (e.transferSize || 0), 0), es.reduce((a, e) => a + (e.decodedBodySize || 0), 0)];
        }"""))

    async def close(self) -> None:
        try:
            await self.page.close(run_before_unload=True)  # the page's beacon frees its kernel
            await asyncio.sleep(0.3)
        finally:
            await self.ctx.close()


# ----------------------------------------------------------------------------- the runs
async def measure_opens(browser, server: Server, pages: dict[str, str], opens: int, out: dict,
                        wire: WireCounter | None = None) -> None:
    for name, url in pages.items():
        times, bytes_total, bytes_http, decoded, console, external, splits = [], [], [], [], [], [], []
        parts, browser_cpu = [], []
        wire_bytes = []
        if wire is not None:
            url = url.replace(f":{server.port}/", f":{wire.port}/", 1)
        for i in range(opens):
            server.wait_quiet()
            cpu0 = browser_cpu_by_pid()
            v = await Visitor.open(browser, url)
            wire0 = wire.bytes if wire is not None else 0
            try:
                times.append(await v.goto_board())
                # the browser's own work for one page (a new tab's processes, parsing, the
                # widgets' views, layout): what one Chromium pays per visitor when it opens them all
                browser_cpu.append(browser_cpu_since(cpu0))
                splits.append(await v.split())
                await asyncio.sleep(3)
                # lazy parts a reader at the top of the page has had built (what the class
                # figure's visitors without a browser ask for too)
                parts.append(await v.page.evaluate(
                    "() => document.querySelectorAll('.kl-lazy-box').length"
                    " - document.querySelectorAll('.kl-lazy-box .kl-lazy').length"))
                http, dec = await v.http_bytes()
                bytes_http.append(http)
                decoded.append(dec)
                bytes_total.append(http + v.ws_bytes)
                if wire is not None:
                    wire_bytes.append(wire.bytes - wire0)
                console += v.console
                external += v.external
            finally:
                await v.close()
        out["pages"].setdefault(name, {}).update({
            "first_board_s": summary(times, 2),
            "browser_cpu_s": summary(browser_cpu, 2),
            "first_board_split_ms_p50": {k: round(statistics.median([x[k] for x in splits if x[k] is not None]))
                                         for k in ("html", "ws_created", "ws_open", "board")
                                         if any(x[k] is not None for x in splits)},
            "bytes": {"total_mb": round(max(bytes_total) / 1e6, 2),
                      "http_mb": round(max(bytes_http) / 1e6, 2),
                      "websocket_mb": round((max(bytes_total) - max(bytes_http)) / 1e6, 2),
                      "decoded_http_mb": round(max(decoded) / 1e6, 2),
                      **({"wire_mb": round(max(wire_bytes) / 1e6, 2)} if wire_bytes else {})},
            "console": sorted(set(console)), "external_requests": sorted(set(external)),
            "lazy_parts_at_open": max(parts) if parts else None})
        print(f"  open {name}: {summary(times, 2)}  {out['pages'][name]['bytes']}", file=sys.stderr)


async def build_lazy(page, timeout: float = 120) -> int:
    """Scroll to every part of the page still a placeholder (``widgets/lazy.py``: built when the
    reader comes near it), one after the other, until none is left; returns how many there were.
    The clicks are then measured on the whole page, as a reader who read it through."""
    n0 = await page.evaluate("() => document.querySelectorAll('.kl-lazy-box .kl-lazy').length")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = await page.evaluate("""() => {
          const ps = document.querySelectorAll('.kl-lazy-box .kl-lazy');
          if (ps.length) ps[0].scrollIntoView({ block: 'center' });
          return ps.length;
        }""")
        if not left:
            break
        await asyncio.sleep(0.5)
    await page.evaluate("() => { const c = document.querySelector('#rendered_cells'); window.scrollTo(0, 0);"
                        " if (c && c.parentElement) c.parentElement.scrollTop = 0; }")
    return n0


async def measure_clicks(browser, server: Server, pages: dict[str, str], clicks: int, seed: int,
                         out: dict) -> None:
    rng = random.Random(seed)
    for name, url in pages.items():
        server.wait_quiet()
        v = await Visitor.open(browser, url)
        rec: dict[str, dict[str, list[float]]] = {}
        try:
            await v.goto_board()
            await asyncio.sleep(2)
            lazy_parts = await build_lazy(v.page)
            server.wait_quiet(timeout=60)
            kinds = await v.page.evaluate("() => window.__kl.kinds()")
            rss0 = server.rss_mib(v.kernel_id)
            curve = [rss0]  # every 100 clicks: growth that levels off is warm-up, steady growth a leak
            open0, close0, bytes0 = v.comm_open, v.comm_close, v.ws_bytes
            home_i, home_pass = 0, 0
            done = 0
            misses = 0
            while done < clicks and kinds and misses < 50:
                kind = kinds[done % len(kinds)]
                arg = 0
                if kind == "home":
                    cells = await v.page.evaluate(
                        "() => document.querySelector('.kl-picker').parentElement"
                        ".querySelectorAll('svg.kl-hexboard polygon.kl-cell').length")
                    if home_i % cells == 0:  # a new pass: place red on every cell, then remove all
                        await v.page.evaluate(f"() => window.__kl.picker({0 if home_pass % 2 == 0 else -1})")
                        home_pass += 1
                        await asyncio.sleep(0.4)
                    arg = home_i % cells
                    home_i += 1
                # an analysis is long work in a worker thread (it shares the interpreter with the
                # clicks): the next click waits until it is done, i.e. no change for a second (its
                # first run imports the analyzer after a pause: 150 ms of quiet ended it early, and
                # the next play click was timed against the analysis' import)
                quiet = 1000 if kind in FIRST_ANSWER else 150
                res = await v.page.evaluate("([k, a, r, q]) => window.__kl.run(k, a, r, q, 15000)",
                                            [kind, arg, rng.random(), quiet])
                if res is None or res[0] < 0:
                    misses += 1
                    if kind == "play":
                        if await v.page.evaluate("() => window.__kl.unstick()"):
                            await asyncio.sleep(1.5)
                            # a new table: its parts (the analysis button) are there now
                            kinds = await v.page.evaluate("() => window.__kl.kinds()")
                    else:
                        await asyncio.sleep(0.3)
                    continue
                first, last = res
                r = rec.setdefault(kind, {"first": [], "done": []})
                r["first"].append(first)
                r["done"].append(last)
                done += 1
                if done % 100 == 0:
                    curve.append(server.rss_mib(v.kernel_id))
            await asyncio.sleep(1)
            rss1 = server.rss_mib(v.kernel_id)
            page = out["pages"].setdefault(name, {})
            page["clicks"] = {k: {"first_ms": summary(r["first"]), "done_ms": summary(r["done"])}
                              for k, r in rec.items()}
            page["kernel"] = {"rss_start_mib": rss0, f"rss_after_{done}_clicks_mib": rss1,
                              "rss_growth_mib": round(rss1 - rss0, 1) if rss0 and rss1 else None,
                              "rss_every_100_clicks_mib": curve,
                              # the second half of the clicks: ~0 when memory is flat once warm
                              "rss_growth_last_half_mib": (round(curve[-1] - curve[(len(curve) - 1) // 2], 1)
                                                           if len(curve) >= 3 and None not in curve else None),
                              "clicks": done, "lazy_parts_built_first": lazy_parts,
                              "widgets_left_per_click": round((v.comm_open - open0 - (v.comm_close - close0))
                                                              / max(done, 1), 2),
                              "ws_bytes_per_click": round((v.ws_bytes - bytes0) / max(done, 1))}
            page.setdefault("console", [])
            page["console"] = sorted(set(page["console"]) | set(v.console))
            print(f"  clicks {name}: {page['clicks']} {page['kernel']}", file=sys.stderr)
        finally:
            await v.close()


async def measure_visitors(browser, server: Server, pages: dict[str, str], n: int, out: dict,
                           timeout: float = 180) -> None:
    server.wait_quiet()
    urls = [list(pages.values())[i % len(pages)] for i in range(n)]
    # not watched: the frames are counted and the requests checked in the opens above
    visitors = await asyncio.gather(*(Visitor.open(browser, u, watch=False) for u in urls))
    # whose CPU the wait is: the server and its kernels, or the visitors' browser (one Chromium on
    # this machine for all of them, where a class brings a device each)
    cpu0 = (server.cpu_seconds(), browser_cpu_seconds())
    t0 = time.time()
    t_end = time.monotonic() + timeout

    async def one(v):  # the whole wait (navigation and board) within one deadline
        return await asyncio.wait_for(v.goto_board(timeout=timeout), max(1.0, t_end - time.monotonic()))
    results = await asyncio.gather(*(one(v) for v in visitors), return_exceptions=True)
    epochs = []
    for v, r in zip(visitors, results):
        if isinstance(r, Exception):
            epochs.append(None)
        else:
            epochs.append(await v.page.evaluate("() => window.__kl.boardEpoch") / 1000)
    ok = [e - t0 for e in epochs if e is not None]
    wall = time.time() - t0
    cpu = (server.cpu_seconds() - cpu0[0], browser_cpu_seconds() - cpu0[1])
    splits = [await v.split() for v, r in zip(visitors, results) if not isinstance(r, Exception)]
    split = {k: summary([x[k] for x in splits if x.get(k) is not None], 0) for k in ("html", "ws_created", "ws_open", "board")}
    errors = sorted({f"{type(r).__name__}: {(str(r).splitlines() or [''])[0][:120]}" for r in results
                     if isinstance(r, Exception)})
    out["visitors"] = {"n": n, "all_s": round(max(ok), 2) if len(ok) == n else None,
                       "each_s": summary(ok, 2), "failed": n - len(ok), "timeout_s": timeout,
                       "errors": errors, "load_after": load(),
                       "split_ms": split,  # from each visitor's navigation start
                       "cpu_s": {"server_and_kernels": round(cpu[0], 1), "browser": round(cpu[1], 1),
                                 "wall": round(wall, 1)}}
    print(f"  visitors: {out['visitors']}", file=sys.stderr)
    await asyncio.gather(*(v.close() for v in visitors), return_exceptions=True)


# ----------------------------------------------------------------------------- visitors without a browser
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def decode_frame(got) -> tuple[str, dict, dict, dict]:
    """A kernel websocket frame (v1 binary or legacy JSON text) -> channel, header, parent header, content."""
    if isinstance(got, bytes):
        from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1
        channel, parts = deserialize_msg_from_ws_v1(got)
        header, parent, _meta, content = (json.loads(x) for x in parts[:4])
        return channel, header, parent, content
    m = json.loads(got)
    return m.get("channel", ""), m["header"], m.get("parent_header") or {}, m.get("content") or {}


def markers_in_page_order(page: str, states: dict) -> list[str]:
    """The ids of the page's :class:`widgets.lazy.WhenSeen` markers in the order a reader meets them:
    the page's widget views in document order, each widget's ``children`` depth first."""
    order, seen = [], set()
    todo = list(reversed(re.findall(r'"model_id":\s*"([0-9a-f]+)"', page)))
    while todo:
        mid = todo.pop()
        if mid in seen or mid not in states:
            continue
        seen.add(mid)
        st = states[mid].get("state", {})
        if "ahead" in st:  # WhenSeen's own trait
            order.append(mid)
        kids = st.get("children") or []
        todo.extend(reversed([k.replace("IPY_MODEL_", "") for k in kids if isinstance(k, str)]))
    return order


async def protocol_visitor(base: str, url: str, timeout: float, seen: int = 0) -> dict:
    """What a visitor's page asks of the server, without rendering it: the page's HTML (Voila
    hands it a preheated kernel), the kernel's websocket, and every widget's state (ipywidgets'
    ``jupyter.widget.control`` comm, ``request_states``: what the page's widget manager asks
    before it draws anything).  Seconds from the request: ``html``, ``ws_open``, ``states``
    (the reply with every widget's state received), and the reply's size.  ``seen``: then say
    "seen" to the page's first ``seen`` lazy parts' markers (what a browser at the top of the page
    says, :mod:`widgets.lazy`) and wait until the kernel has built them (``parts``, seconds)."""
    import uuid
    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect
    t0 = time.monotonic()
    out: dict = {}
    resp = await AsyncHTTPClient().fetch(url, request_timeout=timeout)
    page = resp.body.decode("utf-8", "replace")
    out["html"] = time.monotonic() - t0
    m = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    if not m:
        raise RuntimeError("no kernelId in the page")
    session = uuid.uuid4().hex
    # the protocol a browser's page speaks (JupyterLab's services ask for the v1 subprotocol)
    ws = await websocket_connect(f"{base.replace('http', 'ws', 1)}/api/kernels/{m.group(1)}/channels?session_id={session}",
                                 connect_timeout=timeout, max_message_size=256 * 2**20,
                                 subprotocols=[V1_PROTOCOL])
    out["ws_open"] = time.monotonic() - t0
    out["protocol"] = ws.selected_subprotocol
    comm_id = uuid.uuid4().hex

    def msg(msg_type: str, content: dict, metadata: dict | None = None, msg_id: str | None = None):
        parts = {"header": {"msg_id": msg_id or uuid.uuid4().hex, "username": "bench", "session": session,
                            "msg_type": msg_type, "version": "5.3", "date": ""},
                 "parent_header": {}, "metadata": metadata or {}, "content": content}
        if ws.selected_subprotocol == V1_PROTOCOL:
            from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
            return serialize_msg_to_ws_v1(parts, "shell", pack=lambda o: json.dumps(o).encode())
        return json.dumps({**parts, "channel": "shell", "buffers": []})
    for m in (msg("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                  {"version": "1.0.0"}),  # ipywidgets' control protocol
              msg("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})):
        await ws.write_message(m, binary=isinstance(m, bytes))
    size, deadline = 0, t0 + timeout
    try:
        while time.monotonic() < deadline:
            got = await asyncio.wait_for(ws.read_message(), max(0.1, deadline - time.monotonic()))
            if got is None:
                raise RuntimeError("the kernel websocket closed")
            size += len(got)
            if isinstance(got, bytes):  # a binary frame (buffers) of the reply
                head = got[:4000].decode("latin-1")
            else:
                head = got[:4000]
            if '"update_states"' in head:
                out["states"] = time.monotonic() - t0
                out["states_mb"] = round(size / 2**20, 2)
                if seen <= 0:
                    return out
                states = decode_frame(got)[3].get("data", {}).get("states", {})
                break
        else:
            raise TimeoutError("no update_states")
        waiting = set()
        for marker in markers_in_page_order(page, states)[:seen]:
            mid = uuid.uuid4().hex
            m = msg("comm_msg", {"comm_id": marker, "data": {"method": "custom", "content": {"event": "seen"}}},
                    msg_id=mid)
            waiting.add(mid)
            await ws.write_message(m, binary=isinstance(m, bytes))
        out["parts_n"] = len(waiting)
        while waiting and time.monotonic() < deadline:
            got = await asyncio.wait_for(ws.read_message(), max(0.1, deadline - time.monotonic()))
            if got is None:
                raise RuntimeError("the kernel websocket closed")
            size += len(got)
            channel, header, parent, content = decode_frame(got)
            if header.get("msg_type") == "status" and content.get("execution_state") == "idle":
                waiting.discard(parent.get("msg_id"))
        if waiting:
            raise TimeoutError("the lazy parts were not built")
        out["parts"] = time.monotonic() - t0
        return out
    finally:
        ws.close()



async def measure_visitors_protocol(server: Server, pages: dict[str, str], n: int, out: dict,
                                    timeout: float = 180) -> None:
    """``n`` visitors at once without browsers (:func:`protocol_visitor`): the server's share of
    a class arriving together, each visitor's device rendering its own page.  Same round robin
    over the notebooks as :func:`measure_visitors`."""
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=max(10, n))  # tornado's default queues all but 10 requests
    server.wait_quiet()
    urls = [list(pages.values())[i % len(pages)] for i in range(n)]
    cpu0, t0 = server.cpu_seconds(), time.monotonic()
    results = await asyncio.gather(*(protocol_visitor(server.base, u, timeout) for u in urls),
                                   return_exceptions=True)
    ok = [r for r in results if not isinstance(r, Exception)]
    errors = sorted({f"{type(r).__name__}: {(str(r).splitlines() or [''])[0][:120]}" for r in results
                     if isinstance(r, Exception)})
    out["visitors_server_side"] = {
        "n": n, "all_s": round(max(r["states"] for r in ok), 2) if len(ok) == n else None,
        "html_s": summary([r["html"] for r in ok], 2), "ws_open_s": summary([r["ws_open"] for r in ok], 2),
        "states_s": summary([r["states"] for r in ok], 2), "states_mb": summary([r["states_mb"] for r in ok], 2),
        "failed": n - len(ok), "errors": errors,
        "cpu_s": {"server_and_kernels": round(server.cpu_seconds() - cpu0, 1), "wall": round(time.monotonic() - t0, 1)}}
    print(f"  visitors (server side, no browser): {out['visitors_server_side']}", file=sys.stderr)


async def measure_class(browser, server: Server, pages: dict[str, str], n: int, tabs: int, out: dict,
                        timeout: float = 180) -> None:
    """A class arriving together, each reader on a device of their own: ``n`` visitors at the same
    moment, ``tabs`` of them in Chromium here (their first board timed as in :func:`measure_visitors`)
    and the others without a browser (:func:`protocol_visitor`: the page, the websocket, every
    widget's state, then the lazy parts near the top built, as many as a browser had built at the
    top of that page in the opens, default 1).  The server and the kernels do what ``n`` readers
    make them do; the rendering of all but ``tabs`` pages happens on the readers' own devices,
    not on this machine.  Same round robin over the notebooks; the tabs are spread over it."""
    from tornado.httpclient import AsyncHTTPClient
    AsyncHTTPClient.configure(None, max_clients=max(10, n))
    server.wait_quiet()
    names = list(pages)
    in_browser = {round(i * n / tabs) for i in range(tabs)} if tabs > 0 else set()
    plan = [(i, names[i % len(names)]) for i in range(n)]
    browsers = [await Visitor.open(browser, pages[name], watch=False) for i, name in plan if i in in_browser]
    t_end = time.monotonic() + timeout

    async def tab(v):
        return await asyncio.wait_for(v.goto_board(timeout=timeout), max(1.0, t_end - time.monotonic()))

    def parts(name):
        got = out["pages"].get(name, {}).get("lazy_parts_at_open")
        return 1 if got is None else got
    cpu0, t0 = (server.cpu_seconds(), browser_cpu_seconds()), time.monotonic()
    results = await asyncio.gather(
        *(tab(v) for v in browsers),
        *(protocol_visitor(server.base, pages[name], timeout, seen=parts(name)) for i, name in plan
          if i not in in_browser), return_exceptions=True)
    wall = time.monotonic() - t0
    cpu = (server.cpu_seconds() - cpu0[0], browser_cpu_seconds() - cpu0[1])
    tab_s = [r for r in results[:len(browsers)] if not isinstance(r, Exception)]
    side = [r for r in results[len(browsers):] if not isinstance(r, Exception)]
    errors = sorted({f"{type(r).__name__}: {(str(r).splitlines() or [''])[0][:120]}" for r in results
                     if isinstance(r, Exception)})
    side_s = [r.get("parts", r["states"]) for r in side]
    ok = tab_s + side_s
    out["visitors_class"] = {
        "n": n, "tabs": len(browsers), "all_s": round(max(ok), 2) if len(ok) == n else None,
        "tabs_board_s": summary(tab_s, 2), "others_ready_s": summary(side_s, 2),
        "others_states_s": summary([r["states"] for r in side], 2),
        "parts_built": sum(r.get("parts_n", 0) for r in side), "failed": n - len(ok), "errors": errors,
        "load_after": load(),
        "cpu_s": {"server_and_kernels": round(cpu[0], 1), "browser": round(cpu[1], 1), "wall": round(wall, 1)}}
    print(f"  visitors (a device each): {out['visitors_class']}", file=sys.stderr)
    await asyncio.gather(*(v.close() for v in browsers), return_exceptions=True)


async def run(args) -> dict:
    from playwright.async_api import async_playwright
    names = [p.stem for p in sorted(NOTEBOOKS.glob("*.ipynb"))]
    if args.pages:
        names = [n for n in args.pages.split(",") if n in names]
    server = Server(args.pool, args.server_arg or [])
    out: dict = {"goals": GOALS, "pool": args.pool, "cpus": os.cpu_count(), "load_start": load(),
                 "pages": {}}
    try:
        out["server_ready_s"] = round(server.wait_filled(len(list(NOTEBOOKS.glob("*.ipynb")))), 1)
        out["server_quiet_s"] = round(server.wait_quiet() + out["server_ready_s"], 1)
        idle = [server.rss_mib(k) for k in server.kernels()]
        out["pooled_kernels"] = {"n": len(idle), "rss_mib": summary([x for x in idle if x], 1)}
        pages = {n: f"{server.base}/voila/render/{n}.ipynb" for n in names}
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=args.chromium, headless=True, args=CHROMIUM_ARGS)
            wire = None
            if args.wire:
                wire = WireCounter(server.port)
                await wire.start()
            try:
                if args.opens > 0:  # --opens 0: no open figures (e.g. only the visitors at once)
                    await measure_opens(browser, server, pages, args.opens, out, wire)
                if args.visitors > 0:  # --visitors 0: the opens and clicks only
                    await measure_visitors_protocol(server, pages, args.visitors, out, args.visitors_timeout)
                    await measure_class(browser, server, pages, args.visitors, min(args.class_tabs, args.visitors),
                                        out, args.visitors_timeout)
                    await measure_visitors(browser, server, pages, args.visitors, out, args.visitors_timeout)
                await measure_clicks(browser, server, pages, args.clicks, args.seed, out)
            finally:
                await browser.close()
                if wire is not None:
                    await wire.stop()
    finally:
        server.stop()
        log = server.log()
        out["server_log"] = {"tracebacks": log.count("Traceback"), "not_trusted": log.count("not trusted"),
                             "path": str(server.log_path.relative_to(ROOT))}
        out["load_end"] = load()
    return out


def verdict(value, goal, less=True) -> str:
    if value is None:
        return "?"
    return "ok" if (value <= goal if less else value >= goal) else "MISS"


def report(out: dict) -> str:
    g = out["goals"]
    lines = [f"dashboard benchmark · pool {out['pool'] if out['pool'] is not None else 'default'} · "
             f"{out['cpus']} cpus · load average {out['load_start']} -> {out['load_end']}",
             f"server ready (pools filled) {out.get('server_ready_s')} s, quiet {out.get('server_quiet_s')} s; "
             f"pooled kernels {out.get('pooled_kernels', {}).get('n')} "
             f"(RSS p50 {out.get('pooled_kernels', {}).get('rss_mib', {}).get('p50')} MiB)", ""]
    lines.append(f"{'figure':<46}{'p50':>9}{'p95':>9}{'max':>9}  goal")
    for name, p in out["pages"].items():
        fb = p.get("first_board_s", {})
        if fb:
            lines.append(f"{name + ': open -> first board (s)':<46}{fb['p50']!s:>9}{fb['p95']!s:>9}{fb['max']!s:>9}"
                         f"  <= {g['first_board_p95_s']} p95 {verdict(fb['p95'], g['first_board_p95_s'])}"
                         + "  (p50 ms: " + ", ".join(f"{k} {v}" for k, v in p.get("first_board_split_ms_p50", {}).items())
                         + (f"; browser CPU p50 {p['browser_cpu_s']['p50']} s"
                            if p.get("browser_cpu_s", {}).get("p50") is not None else "")
                         + ")")
        for kind, c in p.get("clicks", {}).items():
            if kind in FIRST_ANSWER:  # long work by design: its first answer is what the reader waits for
                d, other = c["first_ms"], f"done p50 {c['done_ms']['p50']}"
                label = f"{name}: click {kind} -> first answer (ms)"
            else:
                d, other = c["done_ms"], f"first change p50 {c['first_ms']['p50']}"
                label = f"{name}: click {kind} -> board (ms)"
            lines.append(f"{label:<46}{d['p50']!s:>9}{d['p95']!s:>9}"
                         f"{d['max']!s:>9}  <= {g['click_p95_ms']} p95 {verdict(d['p95'], g['click_p95_ms'])}"
                         f"  ({other}, n {d['n']})")
        b = p.get("bytes")
        if b:
            lines.append(f"{name + ': bytes per page (MB)':<46}{b['total_mb']!s:>27}  <= {g['page_mb']} "
                         f"{verdict(b['total_mb'], g['page_mb'])}  (http {b['http_mb']}, websocket "
                         f"{b['websocket_mb']}, http decoded {b['decoded_http_mb']}"
                         + (f", on the wire {b['wire_mb']}" if "wire_mb" in b else "") + ")")
        k = p.get("kernel")
        if k:
            after = next(v for key, v in k.items() if key.startswith("rss_after"))
            lines.append(f"{name + ': kernel RSS start/after (MiB)':<46}{k['rss_start_mib']!s:>18}{after!s:>9}"
                         f"  <= {g['kernel_mib']} {verdict(after, g['kernel_mib'])}; +{k['rss_growth_mib']} over "
                         f"{k['clicks']} clicks"
                         + (f" (+{k['rss_growth_last_half_mib']} in the second half; every 100: "
                            f"{k['rss_every_100_clicks_mib']})" if k.get('rss_growth_last_half_mib') is not None else "")
                         + f", widgets left/click {k['widgets_left_per_click']}, "
                         f"ws bytes/click {k['ws_bytes_per_click']}")
        lines.append(f"{name + ': console warnings+errors':<46}{len(p.get('console', [])):>27}"
                     + (f"  e.g. {p['console'][0][:90]}" if p.get("console") else ""))
    v = out.get("visitors")
    if v:
        shown = v["all_s"] if v["all_s"] is not None else f">{v.get('timeout_s')}"
        lines.append(f"{str(v['n']) + ' visitors at once: all boards (s)':<46}{shown!s:>27}  <= "
                     f"{g['visitors_all_s']} {verdict(v['all_s'], g['visitors_all_s'])}  (each p50 "
                     f"{v['each_s']['p50']}, failed {v['failed']}, load after {v['load_after']})"
                     + (f"  {v['errors'][0]}" if v.get("errors") else ""))
        if v.get("cpu_s"):
            c = v["cpu_s"]
            per_open = [p["browser_cpu_s"]["p50"] for p in out["pages"].values()
                        if p.get("browser_cpu_s", {}).get("p50") is not None]
            floor = (f"; one open costs the browser p50 {statistics.median(per_open)} CPU-s, so {v['n']} "
                     f"of them on {out['cpus']} cores take >= {v['n'] * statistics.median(per_open) / out['cpus']:.1f} s "
                     f"before the server does anything" if per_open and out.get("cpus") else "")
            lines.append(f"{'  their CPU seconds: server+kernels / browser':<46}"
                         f"{str(c['server_and_kernels']) + ' / ' + str(c['browser']):>27}  (wall {c['wall']} s, "
                         f"one Chromium on this machine for every visitor{floor})")
    vc = out.get("visitors_class")
    if vc:
        shown = vc["all_s"] if vc["all_s"] is not None else "failed"
        lines.append(f"{str(vc['n']) + ' visitors at once, a device each (s)':<46}{shown!s:>27}  <= "
                     f"{g['visitors_all_s']} {verdict(vc['all_s'], g['visitors_all_s'])}  ({vc['tabs']} in Chromium "
                     f"here: boards p50 {vc['tabs_board_s']['p50']} max {vc['tabs_board_s']['max']}; "
                     f"{vc['n'] - vc['tabs']} without a browser: states and {vc['parts_built']} lazy parts built, "
                     f"p50 {vc['others_ready_s']['p50']} max {vc['others_ready_s']['max']}; server CPU "
                     f"{vc['cpu_s']['server_and_kernels']} s, failed {vc['failed']})"
                     + (f"  {vc['errors'][0]}" if vc.get("errors") else ""))
    vs = out.get("visitors_server_side")
    if vs:
        shown = vs["all_s"] if vs["all_s"] is not None else "failed"
        lines.append(f"{str(vs['n']) + ' visitors, server side: all widget states (s)':<46}{shown!s:>27}  "
                     f"(no browser: page, websocket, every widget's state; each p50 {vs['states_s']['p50']}, "
                     f"{vs['states_mb']['p50']} MB, server CPU {vs['cpu_s']['server_and_kernels']} s, failed {vs['failed']})"
                     + (f"  {vs['errors'][0]}" if vs.get("errors") else ""))
    s = out.get("server_log", {})
    lines.append(f"{'server log: Traceback / not trusted':<46}{str(s.get('tracebacks')) + ' / ' + str(s.get('not_trusted')):>27}"
                 f"  ({s.get('path')})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pool", type=int, default=None, help="kernels per notebook (default: the server's)")
    ap.add_argument("--opens", type=int, default=5, help="sequential opens per notebook (default 5)")
    ap.add_argument("--clicks", type=int, default=500, help="clicks per notebook (default 500)")
    ap.add_argument("--visitors", type=int, default=20, help="visitors opening pages at once (default 20)")
    ap.add_argument("--visitors-timeout", type=float, default=180,
                    help="seconds the visitors at once are given to see their boards (default 180)")
    ap.add_argument("--class-tabs", type=int, default=2,
                    help="of the visitors at once with a device each, how many open in Chromium here (default 2)")
    ap.add_argument("--pages", default="", help="notebook stems, comma-separated (default: every notebook)")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--server-arg", action="append", help="passed on to widgets.serve (repeatable)")
    ap.add_argument("--tiny", action="store_true", help="1 notebook, 1 open, 3 clicks, 2 visitors")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--wire", action="store_true",
                    help="open the pages through a counting TCP relay: bytes per page as sent on the "
                         "wire (websocket compression included), figure wire_mb")
    args = ap.parse_args(argv)
    if args.tiny:
        args.opens, args.clicks, args.visitors, args.class_tabs = 1, 3, 2, 1
        args.pages = args.pages or "index"
        args.pool = 1 if args.pool is None else args.pool
    out = asyncio.run(run(args))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "bench_dashboard.json").write_text(json.dumps(out, indent=1, ensure_ascii=False))
    print(json.dumps(out, indent=1, ensure_ascii=False) if args.json else report(out))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
