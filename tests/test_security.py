"""Security of the running dashboard (``conftest.dashboard``: ``python -m widgets.serve``).

* an ``execute_request`` sent over a page's kernel websocket does not run (a side effect: the code
  would create a file), while the same channel still answers a ``kernel_info_request`` (so the
  refusal is real, not a dead socket).  Voila 0.5 gives its kernel manager
  ``allowed_message_types`` (comm open/msg/close, comm and kernel info, shutdown): jupyter_server
  drops every other message and logs it.  (``shutdown_request`` is allowed: it can only end the
  kernel of the page that holds its id, as leaving the page does);
* the Jupyter API and the notebook files answer 403, 404 or a redirect: ``/api/kernels`` (the
  list), ``/api/contents``, ``/api/sessions``, ``/api/terminals``, ``/files/...``, ``/notebooks/...``,
  raw ``.ipynb`` through Voila's file handler, path tricks; a kernel id nobody was given is 404 and
  a kernel cannot be deleted without the page's XSRF token;
* no page holds notebook source (``strip_sources``): no code line of any notebook is in its page;
* ``/kl-static/`` serves the widget modules it announced (``widgets/bundles.py``) and nothing else.

These run over HTTP and the websocket only (no browser), in the browser tests' xdist group so they
share their dashboard.
"""
from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.xdist_group("dashboard")

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))



def _run(coro):
    """``asyncio.run`` in a thread of its own: a Playwright test earlier in the same worker can leave
    an event loop running in this thread, where ``asyncio.run`` refuses to start."""
    import concurrent.futures
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()

def status(url: str, method: str = "GET", data: bytes | None = None) -> int:
    req = urllib.request.Request(url, method=method, data=data)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=120) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # a redirect is an answer, not followed
        return None


def page_html(base: str, name: str, query: str = "") -> tuple[str, str]:
    """The rendered page and the kernel id it was given."""
    with urllib.request.urlopen(f"{base}/voila/render/{name}{query}", timeout=180) as r:
        html = r.read().decode("utf-8")
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
    assert kernel, "no kernelId in the page"
    return html, kernel.group(1)


def _msg(msg_type: str, content: dict) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "username": "t", "session": uuid.uuid4().hex,
                       "msg_type": msg_type, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}


async def _talk(ws_url: str, messages: list[dict], wait: float) -> list[dict]:
    from tornado.websocket import websocket_connect
    conn = await websocket_connect(ws_url)
    for m in messages:
        await conn.write_message(json.dumps(m))
    got: list[dict] = []
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            raw = await asyncio.wait_for(conn.read_message(), timeout=max(0.05, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            break
        if raw is None:
            break
        if isinstance(raw, str):
            got.append(json.loads(raw))
    conn.close()
    return got


def test_execute_request_over_the_kernel_websocket_does_not_run(dashboard, tmp_path):
    _html, kernel = page_html(dashboard, "coup.ipynb")
    marker = Path("/tmp") / f"kl_exec_{uuid.uuid4().hex}"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    ws = dashboard.replace("http://", "ws://") + f"/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
    execute = _msg("execute_request", {"code": code, "silent": False, "store_history": False,
                                       "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
    info = _msg("kernel_info_request", {})
    replies = _run(_talk(ws, [execute, info], wait=8))
    types = [(m.get("msg_type") or m.get("header", {}).get("msg_type"),
              m.get("parent_header", {}).get("msg_id")) for m in replies]
    try:
        assert not marker.exists(), "the execute_request ran: it created the file"
        assert ("execute_reply", execute["header"]["msg_id"]) not in types, types
        assert ("kernel_info_reply", info["header"]["msg_id"]) in types, types  # the channel works
    finally:
        marker.unlink(missing_ok=True)
    # other ways to run code are refused as well (inspect/complete can import; history/shutdown)
    for kind, content in [("complete_request", {"code": "import os; os.", "cursor_pos": 14}),
                          ("inspect_request", {"code": "os", "cursor_pos": 2, "detail_level": 0}),
                          ("history_request", {"output": False, "raw": True, "hist_access_type": "tail", "n": 5}),
                          ("is_complete_request", {"code": "import os"}),
                          ("interrupt_request", {})]:
        m = _msg(kind, content)
        got = _run(_talk(ws, [m], wait=2))
        assert not any(r.get("parent_header", {}).get("msg_id") == m["header"]["msg_id"]
                       and r.get("msg_type", r.get("header", {}).get("msg_type", "")).endswith("_reply")
                       for r in got), (kind, got)
    assert status(f"{dashboard}/api/kernels/{kernel}") == 200  # still running
    from tests.conftest import ARTIFACTS
    import os
    log = (ARTIFACTS / f"dashboard_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log").read_text(errors="replace")
    assert 'Received message of type "execute_request", which is not allowed. Ignoring.' in log


NOT_SERVED = [
    "/api/kernels", "/api/kernels/", "/api/sessions", "/api/sessions/", "/api/contents", "/api/contents/",
    "/api/contents/coup.ipynb", "/api/contents/notebooks/coup.ipynb", "/api/terminals", "/api/terminals/1",
    "/api/kernelspecs", "/api/config/notebook", "/api/nbconvert", "/api/me", "/api/status",
    "/files/coup.ipynb", "/files/notebooks/coup.ipynb", "/notebooks/coup.ipynb", "/notebooks/notebooks/coup.ipynb",
    "/edit/notebooks/coup.ipynb", "/tree", "/lab", "/lab/tree/coup.ipynb", "/terminals/1", "/nbconvert/html/coup.ipynb",
    "/coup.ipynb", "/notebooks/coup.ipynb?download=1",
    "/voila/files/coup.ipynb", "/voila/files/index.ipynb", "/voila/files/shadow_master.ipynb",
    "/voila/files/../widgets/serve.py", "/voila/files/%2e%2e/widgets/serve.py", "/voila/files/..%2fvoila.json",
    "/voila/files/../pyproject.toml",
    "/voila/templates/../../../../etc/passwd", "/voila/templates/kotika/../../../../etc/passwd",
    "/voila/static/../../../../etc/passwd", "/voila/labextensions/../../../../etc/passwd",
    "/voila/render/../widgets/serve.py", "/voila/render/%2e%2e/pyproject.toml",
    "/voila/render/../README.md", "/voila/tree/../rules",
    # the widget modules' folder (widgets/bundles.py) serves its announced files only
    "/kl-static", "/kl-static/", "/kl-static/../voila.json", "/kl-static/%2e%2e/voila.json",
    "/kl-static/..%2f..%2fvoila.json", "/kl-static/%2e%2e%2fwidgets%2fserve.py", "/kl-static/index.ipynb",
    "/kl-static/notebooks/index.ipynb", "/kl-static/hexboard.js", "/kl-static/hexboard.0000000000000000.js",
    "/kl-static/bundles.py", "/kl-static/../api/kernels",
]


@pytest.mark.parametrize("path", NOT_SERVED)
def test_api_and_notebook_files_are_not_served(dashboard, path):
    code = status(dashboard + path)
    assert code in (301, 302, 303, 307, 308, 403, 404, 405), (path, code)


def test_widget_modules_are_served_once_cached_and_nothing_else(dashboard):
    """``/kl-static/<name>.<hash>.js`` (``widgets/bundles.py``): each module the server announced,
    as JavaScript, gzipped when asked, cached for a year; a changed or unknown name is a 404 (no
    folder behind it, no listing), and nothing but GET/HEAD is answered."""
    import gzip

    from widgets import bundles
    files = bundles.served_files()
    assert any(f.startswith("plotly-widget.") for f in files)
    for name, (data, _zipped) in files.items():
        url = f"{dashboard}/kl-static/{name}"
        req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req, timeout=60) as r:
            body, headers = r.read(), r.headers
        assert headers["Content-Type"].startswith("text/javascript"), headers
        assert "immutable" in headers["Cache-Control"] and "max-age=31536000" in headers["Cache-Control"]
        assert headers.get("Content-Encoding") == "gzip" and gzip.decompress(body) == data
        with urllib.request.urlopen(url, timeout=60) as r:  # no Accept-Encoding: as is
            assert r.read() == data
        assert status(url, method="POST", data=b"") in (403, 405)
        assert status(url + "/x") == 404 and status(url[:-4] + ".map") == 404
    # the folder's answers give nothing away: a 404 page, never a listing
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(f"{dashboard}/kl-static/", timeout=30)
    assert err.value.code == 404 and b"hexboard." not in err.value.read()


def test_probes_leave_no_traceback_in_the_log(dashboard):
    """The probes of this file's path list answer without a traceback in the server log (only the
    log lines written while this test probes are read: other tests share the worker's server)."""
    import os
    import time as _time

    from tests.conftest import ARTIFACTS
    log_path = ARTIFACTS / f"dashboard_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.log"
    start = log_path.stat().st_size
    for path in ("/voila/labextensions/../../../../etc/passwd", f"/api/kernels/{uuid.uuid4()}/channels",
                 "/voila/templates/../../../../etc/passwd", "/voila/templates/kotika/../../x",
                 "/kl-static/", "/kl-static/%2e%2e%2fvoila.json", "/kl-static/x.js"):
        assert status(dashboard + path) in (403, 404)
    _time.sleep(0.5)  # the server writes its log line after answering
    with open(log_path, "rb") as f:
        f.seek(start)
        new = f.read().decode(errors="replace")
    assert "Uncaught exception" not in new and "Traceback" not in new, new[-3000:]


def test_kernel_endpoints_give_nothing_to_a_stranger(dashboard):
    """Voila's own ``/api/kernels/<id>`` answers only for a kernel id a page was given (a random
    UUID); deleting a kernel needs the page's XSRF cookie and token."""
    _html, kernel = page_html(dashboard, "index.ipynb")
    assert status(f"{dashboard}/api/kernels/{uuid.uuid4()}") == 404
    assert status(f"{dashboard}/api/kernels/{uuid.uuid4()}/channels") in (400, 403, 404)
    assert status(f"{dashboard}/api/kernels/{kernel}", method="DELETE") == 403
    assert status(f"{dashboard}/api/kernels/{kernel}/restart", method="POST", data=b"") in (403, 404, 405)
    assert status(f"{dashboard}/api/kernels", method="POST", data=b"{}") in (403, 404, 405)
    assert status(f"{dashboard}/api/kernels/{kernel}") == 200  # still running


def test_voila_contents_api_gives_no_notebook_content(dashboard):
    """The tree page's ``/voila/api/contents`` lists the notebooks but never their cells."""
    for nb in NOTEBOOKS:
        url = f"{dashboard}/voila/api/contents/{nb.name}?content=1"
        try:
            with urllib.request.urlopen(url, timeout=30) as r:
                model = json.loads(r.read())
        except urllib.error.HTTPError as exc:
            assert exc.code in (403, 404)
            continue
        assert model.get("content") is None, nb.name


def _code_lines(nb: Path) -> list[str]:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    lines = []
    for c in cells:
        if c["cell_type"] == "code":
            for line in "".join(c["source"]).splitlines():
                line = line.strip()
                if len(line) >= 12 and not line.startswith("#"):
                    lines.append(line)
    return lines


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_notebook_source_in_any_page(dashboard, nb):
    import html as htmllib
    page, _kernel = page_html(dashboard, nb.name)
    text = htmllib.unescape(page)
    lines = _code_lines(nb)
    assert lines
    leaked = [line for line in lines if line in text or line.replace('"', "&quot;") in page]
    assert leaked == [], leaked[:5]
    assert "cell_type" not in text and '"source":' not in text


async def _widget_states(ws_url: str, wait: float) -> tuple[int, int]:
    """Ask a page's kernel for every widget's state as ipywidgets' manager does, over the older
    websocket protocol (no ``v1.kernel.websocket.jupyter.org`` subprotocol): ``(binary frames
    seen, bytes until the update_states reply)``; ``TimeoutError`` when no reply came."""
    from tornado.websocket import websocket_connect
    conn = await websocket_connect(ws_url, max_message_size=256 * 2**20)
    assert conn.selected_subprotocol is None
    comm = uuid.uuid4().hex
    control = _msg("comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control", "data": {}})
    control["metadata"] = {"version": "1.0.0"}
    await conn.write_message(json.dumps(control))
    await conn.write_message(json.dumps(_msg("comm_msg", {"comm_id": comm, "data": {"method": "request_states"}})))
    binary = size = 0
    deadline = time.monotonic() + wait
    try:
        while time.monotonic() < deadline:
            raw = await asyncio.wait_for(conn.read_message(), timeout=max(0.05, deadline - time.monotonic()))
            assert raw is not None, "the kernel websocket closed"
            size += len(raw)
            binary += isinstance(raw, bytes)
            head = raw[:4000].decode("latin-1") if isinstance(raw, bytes) else raw[:4000]
            if '"update_states"' in head:
                return binary, size
        raise TimeoutError("no update_states")
    finally:
        conn.close()


def test_a_client_of_the_older_websocket_protocol_gets_the_analyzer_page_and_the_server_stays_small(dashboard):
    """The analyzer page's widget state held binary buffers (its plotly FigureWidgets' arrays).  Sent
    to a client without the v1 subprotocol they were laid out in the older protocol, which Voila's
    message filter read as v1: the count of offsets came out near 10^17 and the server built that
    list (16 GiB and a core for good, no answer to anyone).  Here the page's states arrive and the
    server process stays under 1 GiB and answers another page.  The analyzer's charts are now plain
    JSON (``widgets/chart.py``), so no page sends a binary frame and this test no longer meets the
    fault itself: the reader of both layouts is tested on jupyter_server's own serializers
    (``tests/test_serve.py``)."""
    import psutil

    _html, kernel = page_html(dashboard, "analyzer.ipynb")
    ws = dashboard.replace("http://", "ws://") + f"/api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
    _binary, size = _run(_widget_states(ws, wait=120))
    assert size > 10_000   # the page's states (about 130 kB), not an empty answer
    port = int(dashboard.rsplit(":", 1)[1].split("/")[0])
    server = next(c.pid for c in psutil.net_connections("tcp")
                  if c.status == psutil.CONN_LISTEN and c.laddr.port == port and c.pid)
    assert psutil.Process(server).memory_info().rss < 2**30
    assert status(f"{dashboard}/voila/render/coup.ipynb") == 200
