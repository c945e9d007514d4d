"""The light front's kernel websocket client (``widgets/front/src/kernel.js``) in headless Chromium:
its frames against jupyter_server's own encoder and decoder.

* v1 binary frames (subprotocol ``v1.kernel.websocket.jupyter.org``): a frame jupyter_server
  builds (``serialize_msg_to_ws_v1``, with binary buffers and Thai text) is read back whole, and a
  frame the client builds (buffers given as an ArrayBuffer, a Uint8Array *view into a larger
  buffer* and a DataView) is read by jupyter_server's ``deserialize_msg_from_ws_v1`` as the same
  message with exactly those bytes;
* the socket decides the format: with v1 picked by the server, requests queued before the socket
  opened go out as binary frames carrying their buffers; on a legacy socket (no subprotocol) they go
  out as JSON text; JSON text frames from the server reach their comm and the waiting request;
* a reopened socket (not the first) is followed by a comm_info_request: a kernel that lists none
  of the page's widget comms, or speaks with another kernel session, is lost (a kernel restarted
  empty under the same id); one that lists them is not; on an open socket, the server's
  "restarting", or a "starting" once a kernel has spoken, is lost too.

The module is imported as the source file (it has no imports); no dashboard is started.
"""
from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                             serialize_msg_to_ws_v1)

pytestmark = [pytest.mark.browser]

KERNEL_JS = (Path(__file__).resolve().parents[1] / "widgets/front/src/kernel.js").read_text(encoding="utf-8")

IMPORT = r"""
const b64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const tob64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf)));
const bytes = (v) => Array.from(new Uint8Array(v.buffer || v, v.byteOffset || 0, v.byteLength));
const mod = await import('data:text/javascript;base64,' + btoa(unescape(encodeURIComponent(src))));
"""

HEADER = {"msg_id": "m1", "msg_type": "comm_msg", "username": "", "session": "s1",
          "date": "2026-01-01T00:00:00.000000Z", "version": "5.3"}
CONTENT = {"comm_id": "c1", "data": {"method": "update", "state": {"label": "ขั้นที่ ๓ / step 3"},
                                     "buffer_paths": [["a"], ["b"], ["c"]]}}
BUFFERS = [bytes(range(256)), b"", b"\x00\xff\x10"]


@pytest.fixture
def page(browser):
    """A page on an http origin of its own (the client builds its ws:// URL from the page's), served by
    the test itself: nothing leaves the machine."""
    p = browser.new_page()
    p.route("http://kotika.test/**", lambda r: r.fulfill(
        status=200, content_type="text/html; charset=utf-8",
        body="<!doctype html><meta charset='utf-8'><title>kernel.js</title>"))
    p.goto("http://kotika.test/page")
    yield p
    p.close()


def test_v1_frames_read_and_written_as_jupyter_server_does(page):
    frame = serialize_msg_to_ws_v1(
        [json.dumps(HEADER).encode(), json.dumps({"msg_id": "p1"}).encode(), b"{}",
         json.dumps(CONTENT, ensure_ascii=False).encode(), *BUFFERS], "iopub")
    got = page.evaluate("async ([src, frame]) => {" + IMPORT + r"""
        const m = mod.deserializeV1(b64(frame).buffer);
        const read = {channel: m.channel, header: m.header, parent_header: m.parent_header,
                      metadata: m.metadata, content: m.content,
                      buffers: m.buffers.map((b) => [b instanceof DataView, bytes(b)])};
        const big = new Uint8Array(64).map((_, i) => i);
        const msg = {channel: 'shell', header: {msg_id: 'm2', msg_type: 'comm_msg'},
                     parent_header: {}, metadata: {m: 1}, content: {comm_id: 'c1', data: {t: 'ทดสอบ'}},
                     buffers: [new Uint8Array([1, 2, 3]).buffer, big.subarray(10, 14),
                               new DataView(big.buffer, 60, 4)]};
        const written = mod.serializeV1(msg);
        const again = mod.deserializeV1(written);
        return {read, written: tob64(written),
                again: [again.channel, again.content, again.buffers.map(bytes)]};
    }""", [KERNEL_JS, base64.b64encode(frame).decode()])

    assert got["read"] == {"channel": "iopub", "header": HEADER, "parent_header": {"msg_id": "p1"},
                           "metadata": {}, "content": CONTENT,
                           "buffers": [[True, list(b)] for b in BUFFERS]}

    channel, parts = deserialize_msg_from_ws_v1(base64.b64decode(got["written"]))
    assert channel == "shell"
    header, parent, metadata, content = (json.loads(p) for p in parts[:4])
    assert header == {"msg_id": "m2", "msg_type": "comm_msg"} and parent == {} and metadata == {"m": 1}
    assert content == {"comm_id": "c1", "data": {"t": "ทดสอบ"}}
    # a view's own bytes only, not the whole buffer under it
    assert parts[4:] == [b"\x01\x02\x03", bytes(range(10, 14)), bytes(range(60, 64))]
    assert got["again"] == ["shell", {"comm_id": "c1", "data": {"t": "ทดสอบ"}},
                            [[1, 2, 3], list(range(10, 14)), list(range(60, 64))]]


FAKE_SOCKET = r"""
class FakeSocket extends EventTarget {
  static OPEN = 1;
  constructor(url, protocols) {
    super();
    this.url = url; this.offered = protocols; this.readyState = 0; this.protocol = '';
    this.sent = []; window.fakeSockets.push(this);
  }
  send(data) { this.sent.push(data); }
  close() { this.readyState = 3; this.dispatchEvent(new Event('close')); }
  open(protocol) { this.protocol = protocol; this.readyState = 1; this.dispatchEvent(new Event('open')); }
  receive(data) { this.dispatchEvent(new MessageEvent('message', {data})); }
}
window.fakeSockets = [];
window.WebSocket = FakeSocket;
"""


def test_the_socket_protocol_decides_the_frames(page):
    got = page.evaluate("async ([src, fake]) => {" + IMPORT + "eval(fake);" + r"""
        const out = {};
        for (const protocol of ['v1.kernel.websocket.jupyter.org', '']) {
          window.fakeSockets = [];
          const k = new mod.Kernel({baseUrl: '/base', kernelId: 'k-1'});
          const seen = [];
          k.registerCommTarget('t', (comm) => comm.on_msg((m) => seen.push(
            [m.content.data, m.buffers.map(bytes)])));
          k.connect();
          const ws = window.fakeSockets[0];
          // sent before the socket opened: queued, then written in the socket's format
          const comm = k.comm('t', 'c1');
          comm.send({x: 1}, null, {}, [new Uint8Array([7, 8])]);
          const reply = k.request('comm_info_request', {target_name: 't'});
          ws.open(protocol);
          const frames = ws.sent.map((f) => typeof f === 'string' ? ['text', JSON.parse(f)]
            : ['binary', (({channel, header, content, buffers}) =>
                ({channel, msg_type: header.msg_type, content, buffers: buffers.map(bytes)}))(mod.deserializeV1(f))]);
          const asked = (typeof ws.sent[1] === 'string' ? JSON.parse(ws.sent[1]) : mod.deserializeV1(ws.sent[1])).header.msg_id;
          // the server's answers: a comm message (v1: with a buffer), then the request's reply
          const opened = {channel: 'iopub', header: {msg_id: 'o', msg_type: 'comm_open'}, parent_header: {},
                          metadata: {}, content: {comm_id: 'c2', target_name: 't', data: {}}};
          const msg = {channel: 'iopub', header: {msg_id: 'i', msg_type: 'comm_msg'}, parent_header: {},
                       metadata: {}, content: {comm_id: 'c2', data: {y: 2}},
                       buffers: protocol ? [new Uint8Array([9])] : []};
          const replied = {channel: 'shell', header: {msg_id: 'r', msg_type: 'comm_info_reply'},
                           parent_header: {msg_id: asked}, metadata: {},
                           content: {status: 'ok', comms: {c2: {target_name: 't'}}}};
          for (const m of [opened, msg, replied]) {
            ws.receive(protocol ? mod.serializeV1(m) : JSON.stringify(m));
          }
          out[protocol || 'legacy'] = {url: ws.url, offered: ws.offered, frames, seen,
                                       comms: (await reply).content.comms};
        }
        return out;
    }""", [KERNEL_JS, FAKE_SOCKET])

    v1, legacy = got["v1.kernel.websocket.jupyter.org"], got["legacy"]
    for run in (v1, legacy):
        assert run["offered"] == ["v1.kernel.websocket.jupyter.org"]
        assert run["url"].startswith("ws://kotika.test/base/api/kernels/k-1/channels?session_id=")
        assert run["comms"] == {"c2": {"target_name": "t"}}
    # v1: binary frames, the comm message's buffer carried
    assert [kind for kind, _ in v1["frames"]] == ["binary", "binary"]
    assert v1["frames"][0][1] == {"channel": "shell", "msg_type": "comm_msg",
                                  "content": {"comm_id": "c1", "data": {"x": 1}}, "buffers": [[7, 8]]}
    assert v1["frames"][1][1]["msg_type"] == "comm_info_request"
    assert v1["seen"] == [[{"y": 2}, [[9]]]]
    # legacy: JSON text frames, no buffers field
    assert [kind for kind, _ in legacy["frames"]] == ["text", "text"]
    first = legacy["frames"][0][1]
    assert first["channel"] == "shell" and first["header"]["msg_type"] == "comm_msg"
    assert first["content"] == {"comm_id": "c1", "data": {"x": 1}} and "buffers" not in first
    assert legacy["seen"] == [[{"y": 2}, []]]


RECONNECT = r"""
// A kernel client whose page holds two widget comms (opened by the kernel of session 'kA'),
// its socket dropped and reopened (kernel.js waits 1 s before its next try), then `answer`
// (the comms listed by the kernel the socket now leads to, and that kernel's session) replies
// to the comm_info_request the client sends on the reopened socket.
async function reconnect(mod, answer, protocol = 'v1.kernel.websocket.jupyter.org') {
  window.fakeSockets = [];
  const k = new mod.Kernel({baseUrl: '/', kernelId: 'k-1'});
  const seen = [];
  k.on('connection', (s) => seen.push(s));
  k.registerCommTarget('jupyter.widget', () => {});
  k.connect();
  const send = (ws, m) => ws.receive(protocol ? mod.serializeV1(m) : JSON.stringify(m));
  const from = (session, channel, type, content, parent = {}) => ({channel, parent_header: parent,
    metadata: {}, content, header: {msg_id: 'x' + Math.random(), msg_type: type, session}});
  const first = window.fakeSockets[0];
  first.open(protocol);
  for (const id of ['w1', 'w2']) {
    send(first, from('kA', 'iopub', 'comm_open', {comm_id: id, target_name: 'jupyter.widget', data: {}}));
  }
  // ipywidgets' control comm, opened by the page and not listed by the kernel: no evidence
  k.comm('jupyter.widget.control', 'ctl');
  // the server's own message carries the client's session: not another kernel
  send(first, from(k.clientId, 'iopub', 'status', {execution_state: 'idle'}));
  const asked = k.commChecks.length;
  first.close();
  await new Promise((r) => setTimeout(r, 1300));
  const again = window.fakeSockets[1];
  again.open(protocol);
  const sent = again.sent.map((f) => typeof f === 'string' ? JSON.parse(f) : mod.deserializeV1(f));
  const ask = sent.find((m) => m.header.msg_type === 'comm_info_request');
  if (ask) {
    send(again, from(answer.session, 'shell', 'comm_info_reply',
                     {status: 'ok', comms: answer.comms}, {msg_id: ask.header.msg_id}));
  }
  await new Promise((r) => setTimeout(r, 50));
  return {seen, asked: ask ? ask.content : null, checks: k.commChecks, before: asked,
          lostWhy: k.lostWhy, sockets: window.fakeSockets.length};
}
"""


def test_a_reconnection_checks_that_the_kernel_still_holds_the_pages_comms(page):
    """On a reopened socket (not the first one) the client asks the kernel for its comms of the
    target it registered; a kernel that lists none of the page's comms is a new, empty kernel
    (Jupyter restarted the dead one under the same id): the client says it is lost.  The same
    kernel with the page's comms (a dropped socket to a living kernel) is not, with either
    frame format.  A message from another kernel session is a new kernel process too."""
    got = page.evaluate("async ([src, fake, fn]) => {" + IMPORT + "eval(fake); eval(fn);" + r"""
        return {
          gone: await reconnect(mod, {session: 'kA', comms: {}}),
          other: await reconnect(mod, {session: 'kA', comms: {zz: {target_name: 'jupyter.widget'}}}),
          kept: await reconnect(mod, {session: 'kA', comms: {w1: {target_name: 'jupyter.widget'},
                                                            w2: {target_name: 'jupyter.widget'}}}),
          keptLegacy: await reconnect(mod, {session: 'kA', comms: {w2: {target_name: 'jupyter.widget'}}}, ''),
          newSession: await reconnect(mod, {session: 'kB', comms: {w1: {target_name: 'jupyter.widget'},
                                                                   w2: {target_name: 'jupyter.widget'}}}),
        };
    }""", [KERNEL_JS, FAKE_SOCKET, RECONNECT])

    for name in ("gone", "other", "kept", "keptLegacy", "newSession"):
        run = got[name]
        assert run["sockets"] == 2 and run["before"] == 0, (name, run)  # no check on the first open
        assert run["asked"] == {"target_name": "jupyter.widget"}, (name, run)
    assert got["gone"]["lostWhy"] == "comms gone (jupyter.widget)"
    assert got["gone"]["checks"] == [{"target": "jupyter.widget", "held": 2, "found": 0, "kept": 0}]
    assert got["gone"]["seen"] == ["connected", "disconnected", "connected", "lost"]
    assert got["other"]["lostWhy"] == "comms gone (jupyter.widget)"
    assert got["other"]["checks"] == [{"target": "jupyter.widget", "held": 2, "found": 1, "kept": 0}]
    for name, kept in (("kept", 2), ("keptLegacy", 1)):
        run = got[name]
        assert run["lostWhy"] is None, (name, run)
        assert run["checks"] == [{"target": "jupyter.widget", "held": 2, "found": kept, "kept": kept}]
        assert run["seen"] == ["connected", "disconnected", "connected"]
    assert got["newSession"]["lostWhy"] == "new kernel session"
    assert got["newSession"]["seen"][-1] == "lost"


def test_a_restarted_kernel_on_an_open_socket_is_lost(page):
    """Without a reconnection: the server's "restarting" status, or a kernel's "starting" status
    once the page has talked to a kernel, marks the kernel lost; a "starting" before any kernel
    message does not (nothing was drawn from a kernel yet)."""
    got = page.evaluate("async ([src, fake]) => {" + IMPORT + "eval(fake);" + r"""
        const run = (messages) => {
          window.fakeSockets = [];
          const k = new mod.Kernel({baseUrl: '/', kernelId: 'k-1'});
          k.connect();
          const ws = window.fakeSockets[0];
          ws.open('v1.kernel.websocket.jupyter.org');
          for (const [session, state] of messages) {
            ws.receive(mod.serializeV1({channel: 'iopub', parent_header: {}, metadata: {},
              header: {msg_id: 'm' + Math.random(), msg_type: 'status', session: session === 'me' ? k.clientId : session},
              content: {execution_state: state}}));
          }
          return k.lostWhy;
        };
        return {
          restarting: run([['kA', 'idle'], ['me', 'restarting']]),
          starting: run([['kA', 'idle'], ['kA', 'starting']]),
          firstStarting: run([['kA', 'starting'], ['kA', 'idle']]),
          healthy: run([['kA', 'busy'], ['me', 'idle'], ['kA', 'idle']]),
        };
    }""", [KERNEL_JS, FAKE_SOCKET])
    assert got == {"restarting": "status restarting", "starting": "status starting",
                   "firstStarting": None, "healthy": None}
