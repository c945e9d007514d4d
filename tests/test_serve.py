"""The dashboard server (``widgets/serve.py``) frees a page's kernel when the page is left,
keeps XSRF checks on, and stops without tracebacks.

Each test here starts its own ``python -m widgets.serve`` (like ``conftest.dashboard``, but
with the idle culler at an hour, so the culler cannot be what shuts a kernel down; but the
culler's own test).  Logs go
to ``artifacts/serve_<name>_<xdist worker>.log``: one file per server even if the tests of the
``serve`` xdist group end up on both workers (pytest 9.2 with pytest-xdist 3.8 no longer
groups, pytest-xdist issue 1386).
"""
from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import psutil  # installed with ipykernel
import pytest

from tests.conftest import ARTIFACTS, POOL_SIZE, ROOT, _free_port

pytestmark = pytest.mark.xdist_group("serve")

CULL_NEVER = "3600"  # seconds: far beyond any test here
KERNEL_GONE_WITHIN = 60  # seconds; generous, not a speed goal (the culler would take an hour)
READY_STALL = 120  # seconds with no new server log line before a start counts as stuck
READY_CAP = 600  # seconds in all
KERNEL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


class Served:
    """``python -m widgets.serve`` on a free port with its log in ``artifacts/``."""

    def __init__(self, name: str, cull_idle_timeout: int | str = CULL_NEVER,
                 cull_interval: int | str = CULL_NEVER, arrival_timeout: int | None = None,
                 front: str | None = None, preheat: bool = True):
        ARTIFACTS.mkdir(exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self.log_path = ARTIFACTS / f"serve_{name}_{worker}.log"
        self._log = open(self.log_path, "w", encoding="utf-8")
        port = _free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "widgets.serve", "--host", "127.0.0.1", "--port", str(port),
             "--pool-size", str(POOL_SIZE), "--cull-idle-timeout", str(cull_idle_timeout), "--cull-interval", str(cull_interval),
             *([] if arrival_timeout is None else ["--arrival-timeout", str(arrival_timeout)]),
             *([] if front is None else ["--front", front]),
             *([] if preheat else ["--no-preheat"])],
            cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)
        notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
        # Ready once every pool has its kernel.  On a saturated machine (CI beside other work)
        # filling six pools took over 120 s while still progressing, so the wait fails only
        # after READY_STALL s with no new log line, or READY_CAP s in all.
        start = last_change = time.monotonic()
        seen = ""
        # without preheating, ready once Voila says it is running (no pool to fill)
        ready = (lambda log: log.count("is filled with") >= notebooks) if preheat else (
            lambda log: "is running at" in log)
        while not ready(log := self.log()):
            now = time.monotonic()
            if log != seen:
                seen, last_change = log, now
            if self.proc.poll() is not None:
                self.close()
                pytest.fail(f"widgets.serve exited with {self.proc.returncode}; see {self.log_path}")
            if now - last_change > READY_STALL or now - start > READY_CAP:
                self.close()
                pytest.fail(f"widgets.serve not ready after {now - start:.0f} s "
                            f"({now - last_change:.0f} s without a new log line); see {self.log_path}")
            time.sleep(0.3)

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace")

    def kernel_status(self, kernel_id: str) -> int:
        """HTTP status of ``GET /api/kernels/<id>``: 200 while it runs, 404 once shut down."""
        try:
            with urllib.request.urlopen(f"{self.base}/api/kernels/{kernel_id}", timeout=5) as r:
                return r.status
        except urllib.error.HTTPError as exc:
            return exc.code

    def wait_kernel_gone(self, kernel_id: str) -> float:
        t0 = time.monotonic()
        while self.kernel_status(kernel_id) != 404:
            assert time.monotonic() - t0 < KERNEL_GONE_WITHIN, (
                f"kernel {kernel_id} still runs {KERNEL_GONE_WITHIN} s after its page was left "
                f"(culler at {CULL_NEVER} s); see {self.log_path}")
            time.sleep(0.5)
        return time.monotonic() - t0

    def stop(self, sig: int = signal.SIGTERM) -> int:
        self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=30)
        finally:
            self.close()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self._log.close()


@pytest.fixture(scope="module")
def served():
    s = Served("beacon")
    yield s
    s.stop()


def _opener():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


def _open_page(served, opener) -> str:
    """GET the home notebook as a browser would; returns the kernel id the page was given."""
    with opener.open(f"{served.base}/voila/render/index.ipynb", timeout=120) as r:
        html = r.read().decode("utf-8")
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    assert kernel, "no kernelId in the page"
    return kernel.group(1)


def _post_shutdown(served, opener, kernel_id: str, form: dict | None) -> int:
    data = urllib.parse.urlencode(form or {}).encode()
    req = urllib.request.Request(f"{served.base}/voila/api/shutdown/{kernel_id}", data=data,
                                 method="POST")
    try:
        with opener.open(req, timeout=30) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_page_sets_xsrf_cookie_and_shutdown_keeps_its_xsrf_check(served):
    opener, jar = _opener()
    kernel = _open_page(served, opener)
    xsrf = next((c.value for c in jar if c.name == "_xsrf"), None)
    assert xsrf, "the page set no _xsrf cookie: Voila's shutdown beacon would carry no token"
    assert served.kernel_status(kernel) == 200

    # XSRF is still checked: no token, or a token that is not the cookie's, is refused ...
    assert _post_shutdown(served, opener, kernel, None) == 403
    assert _post_shutdown(served, opener, kernel, {"_xsrf": "2|00|00|0"}) == 403
    stranger, _ = _opener()  # ... and so is a token without the matching cookie
    assert _post_shutdown(served, stranger, kernel, {"_xsrf": xsrf}) == 403
    assert served.kernel_status(kernel) == 200

    # ... and the beacon's request (cookie + the same token as a form field) is accepted.
    assert _post_shutdown(served, opener, kernel, {"_xsrf": xsrf}) == 204
    assert served.kernel_status(kernel) == 404


@pytest.mark.browser
@pytest.mark.parametrize("leave", ["close_tab", "navigate_away"])
def test_left_page_kernel_is_shut_down_without_the_culler(served, browser, leave):
    # A context of its own: closing a page made by browser.new_page() closes its context at
    # once, before the beforeunload beacon is sent.
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(served.base + "/", wait_until="domcontentloaded", timeout=120_000)
        page.wait_for_selector("svg.kl-hexboard polygon[data-cell]", timeout=120_000)
        ids = {m.group(1) for url in sockets
               for m in [re.search(r"/api/kernels/([0-9a-f-]{36})/channels", url)] if m}
        assert len(ids) == 1, sockets
        kernel = ids.pop()
        assert served.kernel_status(kernel) == 200
        if leave == "close_tab":
            page.close(run_before_unload=True)  # a real tab close: beforeunload runs
        else:
            page.goto(served.base + "/voila/tree", wait_until="domcontentloaded")
        served.wait_kernel_gone(kernel)
    finally:
        ctx.close()
    log = served.log()
    assert f"Kernel shutdown: {kernel}" in log
    assert "Culling '" not in log  # the idle culler shut no kernel down
    assert f"403 POST /voila/api/shutdown/{kernel}" not in log, "the shutdown beacon was refused"


@pytest.mark.browser
def test_the_voila_front_still_opens_a_page(browser):
    """``--front voila`` (Voila's own lab front end; the light front is the default) still serves a
    working page: New World at a linked scenario draws its board from Voila's JavaScript (not the
    light bundle), a stepper click moves the step and redraws the board, and nothing went wrong in
    the console or the page."""
    s = Served("voila_front", front="voila")
    ctx = browser.new_context(viewport={"width": 1280, "height": 1000}, locale="th-TH")
    try:
        page = ctx.new_page()
        scripts: list[str] = []
        errors: list[str] = []
        page.on("request", lambda r: scripts.append(r.url.split("?")[0].rsplit("/", 1)[-1])
                if r.resource_type == "script" else None)
        page.on("console", lambda m: errors.append(f"{m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.route("**/*", lambda r: r.continue_()
                   if urllib.parse.urlparse(r.request.url).hostname in ("127.0.0.1", "localhost") else r.abort())
        stem = "1_large_settlement_2_2_2_closer_last"
        page.goto(f"{s.base}/voila/render/new_world.ipynb?scenario={stem}&step=0",
                  wait_until="domcontentloaded", timeout=240_000)
        linked = page.locator(".kl-nw-scenario").first
        linked.locator("svg.kl-hexboard polygon[data-cell]").first.wait_for(timeout=240_000)
        assert "voila.js" in scripts and "kotika-lite.js" not in scripts, scripts
        rev = "() => document.querySelector('.kl-nw-scenario svg.kl-hexboard').getAttribute('data-rev')"
        before = page.evaluate(rev)
        assert linked.locator(".widget-readout").first.inner_text().strip() == "0"
        linked.locator('button[title="ถัดไป / forward"]').first.click()
        page.wait_for_function("() => document.querySelector('.kl-nw-scenario .widget-readout')"
                               ".textContent.trim() === '1'", timeout=60_000)
        page.wait_for_function(f"() => ({rev})() !== {before!r}", timeout=60_000)
        assert "Error displaying widget" not in page.inner_text("body")
        assert errors == [], errors
    finally:
        ctx.close()
        s.stop()


def _assert_stopped_cleanly(s: Served, sig: int, kernels: list, visitor: str | None) -> None:
    """The server took ``sig``'s clean stop: every kernel it started was shut down, its log has
    no traceback or error, and no kernel process outlived it."""
    log = s.log()
    assert f"Received {signal.Signals(sig).name}; stopping." in log, f"see {s.log_path}"
    started = set(re.findall(r"Kernel started: (" + KERNEL_ID.pattern + ")", log))
    shut = set(re.findall(r"Kernel shutdown: (" + KERNEL_ID.pattern + ")", log))
    assert visitor is None or visitor in started
    assert started and started <= shut, (started - shut, s.log_path)
    assert "Traceback" not in log and "ZMQError" not in log, f"see {s.log_path}"
    assert "ERROR" not in log and "KeyboardInterrupt" not in log, f"see {s.log_path}"
    still = [k for k in kernels if k.is_running() and k.status() != psutil.STATUS_ZOMBIE]
    assert still == [], f"kernel processes outlived the server: {still}"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_stop_is_clean(sig):
    """Stopping the server (SIGTERM, or SIGINT as Ctrl-C sends) shuts every kernel down (pooled,
    in use, and the pool's refill) with no traceback in the log and no kernel process left."""
    s = Served(f"stop_{signal.Signals(sig).name}")
    try:
        opener, _ = _opener()
        visitor = _open_page(s, opener)  # a kernel in use; the pool refills behind it
        # the refill renders in the idle CPU class (widgets.serve): on a machine kept busy by other
        # work it waits for spare CPU (CI beside four other jobs: over 120 s)
        deadline = time.monotonic() + 300
        notebooks = len(list((ROOT / "notebooks").glob("*.ipynb")))
        while s.log().count("is filled with") < notebooks + 1:  # the refill has started
            assert time.monotonic() < deadline, f"the pool did not refill; see {s.log_path}"
            time.sleep(0.3)
        kernels = psutil.Process(s.proc.pid).children(recursive=True)
        assert len(kernels) >= notebooks + 1
        from widgets.serve import KERNEL_ENV   # one heap per kernel (the analyzer's 150 MiB goal)
        started = [k for k in kernels if "ipykernel" in " ".join(k.cmdline())]
        assert len(started) >= notebooks + 1
        for k in started:
            assert {n: k.environ().get(n) for n in KERNEL_ENV} == KERNEL_ENV, k.cmdline()
    except BaseException:
        s.close()
        raise
    assert s.stop(sig) == 0
    _assert_stopped_cleanly(s, sig, kernels, visitor)


RENDERING_PAGE = "coup.ipynb"  # rendered on request, its page streams out over a second or more


def test_ctrl_c_while_a_page_renders_stops_cleanly():
    """SIGINT landing while a page is still being rendered stops the server like SIGTERM.

    Python's default SIGINT handler raised ``KeyboardInterrupt`` inside the rendering coroutine
    ("Task exception was never retrieved ... KeyboardInterrupt" and a traceback), or the server
    ran on; ``widgets.serve`` turns SIGINT into the same scheduled stop as SIGTERM.  The server
    runs without preheating: a pooled kernel has its page rendered ahead and it could come out
    whole before the signal (seen with the light front end), while a page rendered on request
    starts a kernel and runs every cell after its head was sent."""
    s = Served("sigint_rendering", preheat=False)
    first_bytes = threading.Event()
    page: dict = {}

    def visit():
        try:
            with urllib.request.urlopen(f"{s.base}/voila/render/{RENDERING_PAGE}",
                                        timeout=120) as r:
                page["head"] = r.read1(65536)  # the page's head: rendering has begun
                first_bytes.set()
                try:
                    page["rest"] = r.read()
                except Exception:  # noqa: BLE001 - the server stopped mid-page
                    page["rest"] = b""
        finally:
            first_bytes.set()  # also when the request failed: "head" is then missing

    visitor = threading.Thread(target=visit, daemon=True)
    try:
        visitor.start()
        assert first_bytes.wait(120) and "head" in page, f"no page; see {s.log_path}"
        deadline = time.monotonic() + 120  # the page's kernel is up: its cells run now
        while "Kernel started:" not in s.log():
            assert time.monotonic() < deadline, f"no kernel started; see {s.log_path}"
            time.sleep(0.05)
        kernels = psutil.Process(s.proc.pid).children(recursive=True)
    except BaseException:
        s.close()
        raise
    assert s.stop(signal.SIGINT) == 0
    visitor.join(60)
    assert not visitor.is_alive()
    # The signal came while the page was still streaming out: the visitor got part of it.
    assert b"</html>" not in page["head"] + page.get("rest", b""), (
        "the page was complete before SIGINT was sent")
    _assert_stopped_cleanly(s, signal.SIGINT, kernels, None)


def _run_catching(coroutine_function, failure: list) -> None:
    import asyncio
    try:
        asyncio.run(coroutine_function())
    except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
        failure.append(exc)


def test_culler_spares_a_page_until_it_connects_and_while_it_is_connected():
    """The idle culler (here at 3 s) takes a kernel only once its page went away:

    * a kernel handed out with a page that has not connected yet is kept (a busy machine or a
      slow phone may take a minute to load the page's JavaScript), until ``--arrival-timeout``;
    * a connected page keeps its kernel however long it stays idle;
    * once its last connection closed, the kernel is culled after the idle timeout, counted
      from that close."""
    import asyncio

    from tornado.websocket import websocket_connect

    cull, arrival = 3, 45
    s = Served("culler", cull_idle_timeout=cull, cull_interval=1, arrival_timeout=arrival)
    try:
        t0 = time.monotonic()
        waiting = _open_page(s, _opener()[0])  # handed out; this page never connects
        connected = _open_page(s, _opener()[0])

        async def idle_connection() -> None:
            ws = await websocket_connect(
                f"ws://127.0.0.1:{s.base.rsplit(':', 1)[1]}/api/kernels/{connected}/channels")
            await asyncio.sleep(4 * cull)  # connected and silent: the culler runs a dozen times
            assert s.kernel_status(connected) == 200, f"a connected kernel was culled; see {s.log_path}"
            ws.close()
        # in a thread of its own: a session's Playwright may already run an event loop here
        failure: list[BaseException] = []
        runner = threading.Thread(target=lambda: _run_catching(idle_connection, failure))
        runner.start()
        runner.join(120)
        assert not runner.is_alive(), "the idle websocket did not finish"
        if failure:
            raise failure[0]
        assert s.kernel_status(waiting) == 200, f"culled before its page connected; see {s.log_path}"
        s.wait_kernel_gone(connected)  # its page went away: culled
        if time.monotonic() - t0 < arrival - 2:
            assert s.kernel_status(waiting) == 200, f"culled before its page connected; see {s.log_path}"
        s.wait_kernel_gone(waiting)  # the page never came: culled after the arrival timeout
        assert time.monotonic() - t0 >= arrival
    finally:
        s.stop()
    log = s.log()
    assert re.search(rf"Culling 'idle' kernel '\w+' \({connected}\)", log)
    assert re.search(rf"Culling 'idle' kernel '\w+' \({waiting}\)", log)


def test_a_write_to_a_tab_that_went_away_is_dropped_quietly():
    """A kernel message sent as the tab closes fails its write future with
    ``WebSocketClosedError``; the done-callback retrieves it, so asyncio logs no "Task exception
    was never retrieved" (seen in CI), while another failure is still logged as an error.  The
    dashboard routes the kernel websocket through the handler that adds this callback."""
    import asyncio
    import gc
    import logging

    from tornado.websocket import WebSocketClosedError

    from widgets import serve

    class Log(logging.Handler):
        def __init__(self):
            super().__init__()
            self.records = []

        def emit(self, record):
            self.records.append(record)

    async def main():
        loop = asyncio.get_running_loop()
        unretrieved = []
        loop.set_exception_handler(lambda _loop, context: unretrieved.append(context))
        log = logging.getLogger("test_closed_is_fine")
        seen = Log()
        log.addHandler(seen)
        for exc in (WebSocketClosedError(), RuntimeError("boom")):
            fut = loop.create_future()
            fut.add_done_callback(lambda f: serve._closed_is_fine(log, f))
            fut.set_exception(exc)
            await asyncio.sleep(0)
            del fut
            gc.collect()
        return unretrieved, [r.getMessage() for r in seen.records]

    # in a thread of its own: a session's Playwright may already run an event loop here
    result: list = []
    runner = threading.Thread(target=lambda: result.append(asyncio.run(main())))
    runner.start()
    runner.join(60)
    unretrieved, logged = result[0]
    assert unretrieved == []
    assert logged == ["kernel websocket write failed"]  # the RuntimeError only

    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
    route = (r"/api/kernels/(?P<kernel_id>\w+-\w+)/channels", VoilaKernelWebsocketHandler)
    other = (r"/other", object)
    swapped = serve._our_handlers([route, other])
    assert swapped[1] == other
    assert swapped[0][0] == route[0] and issubclass(swapped[0][1], VoilaKernelWebsocketHandler)
    assert swapped[0][1] is not VoilaKernelWebsocketHandler


def test_static_files_go_out_brotli_encoded_once_compressed(tmp_path):
    """A static file compressed at start (serve._Brotli, keyed by the Etag tornado's static
    handlers send) replaces the response body for a GET accepting br; gzip otherwise."""
    import hashlib

    import pyarrow as pa
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

    from widgets import serve

    raw = ("const x = 'กติกา';\n" * 4000).encode()
    (tmp_path / "a.js").write_bytes(raw)
    (tmp_path / "tiny.js").write_bytes(b"1")
    cache = serve._Brotli(cache_dir=tmp_path / "cache")
    cache.start([str(tmp_path)], [('"0123456789abcdef"', raw + b"//")])
    cache.thread.join(60)
    etag = '"%s"' % hashlib.sha512(raw).hexdigest()
    assert set(cache.done) == {etag, '"0123456789abcdef"'}  # the 1-byte file is left alone
    kept = sorted(p.name for p in (tmp_path / "cache").iterdir())
    assert len(kept) == 2 and all(n.endswith(".l11.br") for n in kept)  # on disk for the next start
    blob = tmp_path / "cache" / f"{hashlib.sha256(raw + b'//').hexdigest()}.l11.br"
    blob.write_bytes(b"kept")  # a marker: the next start must read the file, not compress again
    again = serve._Brotli(cache_dir=tmp_path / "cache")
    again.start([], [('"0123456789abcdef"', raw + b"//")])
    again.thread.join(60)
    assert again.done == {'"0123456789abcdef"': b"kept"}

    def request(method="GET", accept="gzip, deflate, br"):
        return HTTPServerRequest(start_line=RequestStartLine(method, "/a.js", "HTTP/1.1"),
                                 headers=HTTPHeaders({"Accept-Encoding": accept, "Host": "127.0.0.1"}))

    assert cache.for_request(request(), etag) == cache.done[etag]
    assert cache.for_request(request(accept="gzip"), etag) is None
    assert cache.for_request(request("HEAD"), etag) is None
    assert cache.for_request(request(), '"other"') is None
    packed = cache.done[etag]
    assert pa.Codec("brotli").decompress(packed, decompressed_size=len(raw), asbytes=True) == raw
    assert len(packed) < len(raw) / 20

    saved = serve._BROTLI
    serve._BROTLI = cache
    try:
        transform = serve._brotli_transform()(request())
        headers = HTTPHeaders({"Etag": etag, "Content-Type": "text/javascript", "Content-Length": str(len(raw))})
        status, headers, body = transform.transform_first_chunk(200, headers, raw[:65536], False)
        assert (status, headers["Content-Encoding"], headers["Content-Length"], body) == (200, "br", str(len(packed)), packed)
        assert transform.transform_chunk(raw[65536:], True) == b""
        other = serve._brotli_transform()(request(accept="gzip"))
        headers = HTTPHeaders({"Etag": etag, "Content-Type": "text/javascript"})
        assert other.transform_first_chunk(200, headers, raw, True)[2] == raw and "Content-Encoding" not in headers
        partial = serve._brotli_transform()(request())
        headers = HTTPHeaders({"Etag": etag, "Content-Range": "bytes 0-9/80000"})
        assert partial.transform_first_chunk(206, headers, raw[:10], True)[2] == raw[:10]
    finally:
        serve._BROTLI = saved


def _kernel_messages():
    """Messages as jupyter_server lays them out for each websocket protocol: ``(protocol, message)``
    for an ``execute_input`` and for a comm message with a binary buffer (what a chart sends)."""
    import json

    from jupyter_client.session import Session
    from jupyter_server.services.kernels.connection.base import (serialize_binary_message,
                                                                   serialize_msg_to_ws_v1)
    session = Session(key=b"")
    out = []
    for kind, content, buffers in [("execute_input", {"code": "SECRET = 1", "execution_count": 1}, []),
                                   ("comm_msg", {"comm_id": "c", "data": {"method": "update"}}, [b"\x00" * 4096])]:
        msg = session.msg(kind, content)
        msg["channel"], msg["buffers"] = "iopub", buffers
        as_list = [session.pack(msg[k]) for k in ("header", "parent_header", "metadata", "content")] + buffers
        out.append((kind, "v1.kernel.websocket.jupyter.org", serialize_msg_to_ws_v1(as_list, "iopub")))
        legacy = serialize_binary_message(msg) if buffers else json.dumps(msg, default=str)
        out.append((kind, None, legacy))
        out.append((kind, None, {k: v for k, v in msg.items() if k != "buffers"}))
    return out


def test_an_execute_input_is_found_in_both_websocket_protocols_and_nothing_else_is():
    """``serve._is_execute_input`` finds the one message type no page may see in a dict, in the
    older protocol's JSON text and in the v1 protocol's binary layout, and reads no other message as
    one: a chart's binary comm message of the older protocol is let through (it has buffers, so it
    is never an execute_input).  Voila's own reader took that message's first 8 bytes as a count of
    about 10^17 offsets and built their list (16 GiB and a busy core on the first analyzer page
    opened without the v1 subprotocol); a message of 10^18 claimed offsets is read in bounds here."""
    from widgets import serve

    seen = [(kind, proto, serve._is_execute_input(msg, proto)) for kind, proto, msg in _kernel_messages()]
    assert [(k, p, found) for k, p, found in seen if found != (k == "execute_input")] == []
    assert len(seen) == 6
    # counts and offsets that point past the message are not followed
    huge = (10**18).to_bytes(8, "little") + b"\xff" * 64
    for proto in ("v1.kernel.websocket.jupyter.org", None):
        assert serve._is_execute_input(huge, proto) is False
        assert serve._is_execute_input(b"", proto) is False
        assert serve._is_execute_input(b'{"header": {"msg_type": "execute_input"}}', proto) is False
    assert serve._is_execute_input('{"header": "execute_input"', None) is False  # cut JSON text


def test_the_kernel_socket_does_not_use_voilas_header_reader(monkeypatch):
    """The dashboard's websocket handler filters with ``_is_execute_input`` and never calls Voila's
    ``read_header_from_binary_message`` (the reader that followed a count of 10^17 offsets)."""
    from voila.tornado import kernel_websocket_handler as voila_ws

    from widgets import serve

    def boom(_msg):
        raise AssertionError("Voila's header reader was called")

    monkeypatch.setattr(voila_ws, "read_header_from_binary_message", boom)
    handler = serve._kernel_socket_class()
    sent = []

    class Fake(handler):
        def __init__(self, protocol):  # no tornado request: only write_message is exercised
            self._protocol = protocol

        @property
        def selected_subprotocol(self):
            return self._protocol

    import tornado.websocket
    monkeypatch.setattr(tornado.websocket.WebSocketHandler, "write_message",
                        lambda self, message, binary=False: sent.append(message))
    for kind, proto, msg in _kernel_messages():
        Fake(proto).write_message(msg, binary=isinstance(msg, bytes))
    assert len(sent) == 3  # the three comm messages; no execute_input
    assert not any(b"SECRET" in m if isinstance(m, bytes) else "SECRET" in str(m) for m in sent)


def test_served_kernels_keep_no_history(tmp_path):
    """The served kernels' IPython directory turns input history off (kernels of several servers
    shared one history.sqlite and logged "database is locked" tracebacks): a kernel started with it
    has history disabled, one started without it has it on."""
    from jupyter_client.manager import start_new_kernel
    from widgets.serve import kernel_ipython_dir
    base = kernel_ipython_dir(tmp_path / "ipy")
    assert kernel_ipython_dir(tmp_path / "ipy") == base  # a second server finds it as it is

    def history_on(ipython_dir) -> str:
        km, kc = start_new_kernel(env={**os.environ, "IPYTHONDIR": str(ipython_dir)}, startup_timeout=120)
        try:
            got = []
            kc.execute_interactive("print(get_ipython().history_manager.enabled)", timeout=60,
                                   output_hook=lambda m: got.append(m["content"].get("text", "")))
            return "".join(got).strip()
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)

    assert history_on(base) == "False"
    assert history_on(tmp_path / "plain") == "True"


def _kernel_process(kernel_id: str) -> psutil.Process:
    for proc in psutil.process_iter(["cmdline"]):
        if any(f"kernel-{kernel_id}.json" in part for part in proc.info["cmdline"] or ()):
            return proc
    raise AssertionError(f"no process for kernel {kernel_id}")


def test_a_tab_gone_while_its_socket_waits_for_the_kernel_leaves_no_traceback(served):
    """A tab closed while jupyter_server still waits for its kernel's ``kernel_info`` (a tab closed
    at once, its kernel shut down by the beacon meanwhile) made accepting the socket fail with
    ``AttributeError: 'NoneType' object has no attribute 'kernel_ws_protocol'`` and a traceback in
    the log.  Here the kernel is paused (SIGSTOP) so the wait is sure to be under way when the
    client goes."""
    import base64
    import socket

    kernel = _open_page(served, _opener()[0])
    before = len(served.log())
    proc = _kernel_process(kernel)
    proc.suspend()
    try:
        host, port = served.base.rsplit("/", 1)[1].split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall((f"GET /api/kernels/{kernel}/channels?session_id=x HTTP/1.1\r\n"
                          f"Host: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                          "Sec-WebSocket-Protocol: v1.kernel.websocket.jupyter.org\r\n\r\n").encode())
            time.sleep(2)  # the server now waits for the paused kernel's kernel_info
        time.sleep(2)  # the close reached the server
    finally:
        proc.resume()
    time.sleep(3)  # the kernel answers; the handler goes on
    log = served.log()[before:]
    assert "Traceback" not in log and "kernel_ws_protocol" not in log, log[-3000:]
    assert served.kernel_status(kernel) == 200  # the kernel itself is untouched
