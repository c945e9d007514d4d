// A small client of the Jupyter kernel websocket (jupyter_server's /api/kernels/<id>/channels):
// what the dashboard's pages need and nothing more.  Shell requests with their replies,
// iopub status for the widgets' message throttle, comms both ways (comm_open, comm_msg,
// comm_close, comm_info_request) and reconnection after a dropped socket.
//
// A reconnected socket may lead to another kernel than the one the page was drawn from: the
// kernel process died and Jupyter restarted an empty one under the same id (its restarter, or a
// REST restart), so the page's widgets have no models behind them any more.  The server's
// "restarting" status reaches only the sockets open at that moment, so the client looks for
// itself: on every open after the first it asks the kernel for its comms (comm_info_request, per
// target) and compares them with the ones it holds; and every kernel message carries the
// kernel's session id (a new one per kernel process), so a message from another session, or an
// iopub status "starting", is a new kernel.  Any of these marks the kernel lost
// (`lostWhy`, the 'connection' listeners get 'lost'): the page must be reloaded.
//
// Wire format: the "v1.kernel.websocket.jupyter.org" subprotocol (binary frames: a count of
// offsets, the offsets, then channel, header, parent header, metadata, content, buffers), and
// the legacy JSON text frames (no buffers) when the server does not pick v1.

const V1 = 'v1.kernel.websocket.jupyter.org';
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf8');

export function uuid() {
  if (window.crypto && crypto.randomUUID) return crypto.randomUUID().replace(/-/g, '');
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

export function serializeV1(msg) {
  const parts = [msg.channel, JSON.stringify(msg.header), JSON.stringify(msg.parent_header || {}),
    JSON.stringify(msg.metadata || {}), JSON.stringify(msg.content || {})].map((s) => encoder.encode(s));
  const buffers = (msg.buffers || []).map((b) => (ArrayBuffer.isView(b)
    ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array(b)));
  const all = parts.concat(buffers);
  const count = all.length + 1;  // offsets: the start of each part and the end of the last
  const offsets = [8 * (1 + count)];
  for (const p of all) offsets.push(offsets[offsets.length - 1] + p.byteLength);
  const out = new Uint8Array(offsets[offsets.length - 1]);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, BigInt(count), true);
  offsets.forEach((o, i) => view.setBigUint64(8 * (i + 1), BigInt(o), true));
  all.forEach((p, i) => out.set(p, offsets[i]));
  return out.buffer;
}

export function deserializeV1(data) {
  const view = new DataView(data);
  const n = Number(view.getBigUint64(0, true));
  const off = [];
  for (let i = 0; i < n; i++) off.push(Number(view.getBigUint64(8 * (i + 1), true)));
  const text = (k) => decoder.decode(new Uint8Array(data, off[k], off[k + 1] - off[k]));
  const buffers = [];
  for (let i = 5; i < off.length - 1; i++) buffers.push(new DataView(data.slice(off[i], off[i + 1])));
  return {
    channel: text(0), header: JSON.parse(text(1)), parent_header: JSON.parse(text(2)),
    metadata: JSON.parse(text(3)), content: JSON.parse(text(4)), buffers,
  };
}

export class Kernel {
  constructor({ baseUrl, kernelId }) {
    this.baseUrl = baseUrl.endsWith('/') ? baseUrl : baseUrl + '/';
    this.id = kernelId;
    this.clientId = uuid();
    this.ws = null;
    this.queue = [];          // messages sent while the socket is not open
    this.pending = new Map(); // msg_id -> { reply, iopub, resolve }
    this.comms = new Map();   // comm_id -> Comm
    this.targets = new Map(); // target_name -> (comm, msg) => void
    this.listeners = { status: [], connection: [] };
    this.attempt = 0;
    this.opens = 0;           // sockets opened so far: the first is the connection, others reconnections
    this.kernelSession = null; // the header.session of the kernel's messages (one per kernel process)
    this.lostWhy = null;      // why the kernel is lost for this page (see _lose), or null
    this.commChecks = [];     // the reconnections' comm checks: { target, held, found, kept }
    this.disposed = false;
    this.connected = new Promise((resolve) => { this._connectedResolve = resolve; });
  }

  on(kind, fn) { this.listeners[kind].push(fn); }
  _emit(kind, value) { for (const fn of this.listeners[kind]) { try { fn(value); } catch (e) { console.error(e); } } }

  connect() {
    const loc = window.location;
    const base = new URL(this.baseUrl, loc.href);
    const wsBase = (base.protocol === 'https:' ? 'wss:' : 'ws:') + '//' + base.host + base.pathname;
    const url = `${wsBase}api/kernels/${encodeURIComponent(this.id)}/channels?session_id=${this.clientId}`;
    const ws = this.ws = new WebSocket(url, [V1]);
    ws.binaryType = 'arraybuffer';
    ws.addEventListener('open', () => {
      this.attempt = 0;
      this.opens += 1;
      this._emit('connection', 'connected');
      this._connectedResolve();
      const queued = this.queue;
      this.queue = [];
      for (const m of queued) this._write(m);
      if (this.opens > 1) this._checkComms().catch((e) => console.error('kotika-lite:', e));
    });
    ws.addEventListener('message', (ev) => this._receive(ev.data));
    ws.addEventListener('close', () => {
      if (this.ws !== ws || this.disposed) return;
      this._emit('connection', 'disconnected');
      // as Jupyter's own client: up to 7 more tries, waiting 1, 2, 4 ... 64 s
      if (this.attempt < 7) {
        const wait = 1000 * 2 ** this.attempt;
        this.attempt += 1;
        setTimeout(() => { if (!this.disposed) this.connect(); }, wait);
      } else {
        this._lose('no reconnection');
      }
    });
  }

  /** The kernel this page was drawn from is gone for good (a reload gets a new one). */
  _lose(why) {
    if (this.lostWhy) return;
    this.lostWhy = why;
    this._emit('connection', 'lost');
  }

  /** After a reconnection: do the comms this page holds still exist in the kernel?  For each
   * registered target (jupyter.widget: the widgets' models) with comms held, none of them listed
   * by the kernel means a new, empty kernel.  (A comm of another target, such as ipywidgets'
   * short-lived jupyter.widget.control, says nothing either way.) */
  async _checkComms() {
    const held = new Map();  // target_name -> [comm_id]
    for (const [id, comm] of this.comms) {
      if (!comm.isClosed && this.targets.has(comm.target_name)) held.set(comm.target_name, [...(held.get(comm.target_name) || []), id]);
    }
    for (const [target, ids] of held) {
      const found = await this.commInfo(target);
      // a comm closed meanwhile (its comm_close replayed by the server) is no sign of a new kernel
      const kept = ids.filter((id) => id in found || !this.comms.has(id)).length;
      this.commChecks.push({ target, held: ids.length, found: Object.keys(found).length, kept });
      if (kept === 0) this._lose(`comms gone (${target})`);
    }
  }

  /** Each kernel message's session: a second one means the kernel process was replaced. */
  _seenSession(msg) {
    const s = msg.header && msg.header.session;
    // the server's own messages (its "restarting" status ...) carry this client's session id
    if (!s || s === this.clientId) return;
    if (this.kernelSession === null) this.kernelSession = s;
    else if (s !== this.kernelSession) this._lose('new kernel session');
  }

  dispose() { this.disposed = true; if (this.ws) this.ws.close(); }

  _write(msg) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) { this.queue.push(msg); return; }
    if (ws.protocol === V1) ws.send(serializeV1(msg));
    else {
      const { buffers, ...rest } = msg;
      ws.send(JSON.stringify(rest));
    }
  }

  /** Send a message; `callbacks`: { reply(msg), iopub(msg) } for the messages it causes. */
  send(channel, msgType, content, { metadata = {}, buffers = [], callbacks = null } = {}) {
    const header = {
      msg_id: uuid(), msg_type: msgType, username: '', session: this.clientId,
      date: new Date().toISOString(), version: '5.3',
    };
    const msg = { channel, header, parent_header: {}, metadata, content, buffers };
    if (callbacks) this.pending.set(header.msg_id, callbacks);
    this._write(msg);
    return header.msg_id;
  }

  /** A shell request whose reply resolves the promise. */
  request(msgType, content) {
    return new Promise((resolve) => {
      this.send('shell', msgType, content, { callbacks: { reply: resolve } });
    });
  }

  _receive(data) {
    let msg;
    try {
      msg = typeof data === 'string' ? JSON.parse(data) : deserializeV1(data);
    } catch (e) { console.error('kotika-lite: unreadable kernel message', e); return; }
    if (!msg.buffers) msg.buffers = [];
    const known = this.kernelSession;
    this._seenSession(msg);
    const type = msg.header.msg_type;
    const parent = msg.parent_header && msg.parent_header.msg_id;
    const cb = parent ? this.pending.get(parent) : undefined;
    if (msg.channel === 'iopub') {
      if (type === 'status') {
        const state = msg.content.execution_state;
        this._emit('status', state);
        // a kernel process starting (seen by a page that talked to a kernel already), or the
        // server's word that the kernel died and is being restarted, or is dead for good
        if ((state === 'starting' && known !== null)
            || state === 'restarting' || state === 'autorestarting' || state === 'dead') {
          this._lose(`status ${state}`);
        }
      } else if (type === 'comm_open') {
        this._commOpen(msg);
      } else if (type === 'comm_msg') {
        const comm = this.comms.get(msg.content.comm_id);
        if (comm) comm._message(msg);
      } else if (type === 'comm_close') {
        const comm = this.comms.get(msg.content.comm_id);
        if (comm) comm._closed(msg);
      }
      if (cb && cb.iopub) cb.iopub(msg);
      if (cb && type === 'status' && msg.content.execution_state === 'idle') {
        cb.idle = true;
        if (cb.replied || !cb.reply) this.pending.delete(parent);
      }
    } else if (msg.channel === 'shell' || msg.channel === 'control') {
      if (cb) {
        cb.replied = true;
        if (cb.reply) cb.reply(msg);
        if (cb.idle) this.pending.delete(parent);
      }
    } else if (msg.channel === 'stdin') {
      // no input() on these pages
    }
  }

  registerCommTarget(name, fn) { this.targets.set(name, fn); }

  _commOpen(msg) {
    const { comm_id, target_name } = msg.content;
    const fn = this.targets.get(target_name);
    const comm = new Comm(this, comm_id, target_name);
    if (!fn) {
      comm.close();
      return;
    }
    this.comms.set(comm_id, comm);
    try { fn(comm, msg); } catch (e) { console.error(e); }
  }

  /** A comm of ours (the front end opens it, or attaches to one the kernel opened). */
  comm(targetName, commId) {
    const existing = this.comms.get(commId);
    if (existing) return existing;
    const comm = new Comm(this, commId || uuid(), targetName);
    this.comms.set(comm.comm_id, comm);
    return comm;
  }

  async commInfo(targetName) {
    const reply = await this.request('comm_info_request', { target_name: targetName });
    return reply.content.comms || {};
  }
}

function toCallbacks(callbacks) {
  // ipywidgets' callbacks ({ iopub: { status(msg) }, shell: { reply(msg) } }) -> ours
  if (!callbacks) return null;
  const iopub = callbacks.iopub || {};
  const shell = callbacks.shell || {};
  return {
    iopub: (msg) => {
      const t = msg.header.msg_type;
      if (t === 'status' && iopub.status) iopub.status(msg);
      else if (t === 'clear_output' && iopub.clear_output) iopub.clear_output(msg);
      else if (iopub.output && ['stream', 'display_data', 'execute_result', 'error'].includes(t)) iopub.output(msg);
    },
    reply: shell.reply ? (msg) => shell.reply(msg) : null,
  };
}

/** The comm interface ipywidgets' ManagerBase expects (IClassicComm). */
export class Comm {
  constructor(kernel, commId, targetName) {
    this.kernel = kernel;
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this.isClosed = false;
  }

  open(data, callbacks, metadata, buffers) {
    return this.kernel.send('shell', 'comm_open',
      { comm_id: this.comm_id, target_name: this.target_name, data: data || {} },
      { metadata: metadata || {}, buffers: buffers || [], callbacks: toCallbacks(callbacks) });
  }

  send(data, callbacks, metadata, buffers) {
    if (this.isClosed) throw new Error('Comm is closed');
    return this.kernel.send('shell', 'comm_msg', { comm_id: this.comm_id, data: data || {} },
      { metadata: metadata || {}, buffers: buffers || [], callbacks: toCallbacks(callbacks) });
  }

  close(data, callbacks, metadata, buffers) {
    if (this.isClosed) return '';
    this.isClosed = true;
    this.kernel.comms.delete(this.comm_id);
    const id = this.kernel.send('shell', 'comm_close', { comm_id: this.comm_id, data: data || {} },
      { metadata: metadata || {}, buffers: buffers || [], callbacks: toCallbacks(callbacks) });
    if (this._onClose) this._onClose({ content: { comm_id: this.comm_id, data: data || {} } });
    return id;
  }

  on_msg(fn) { this._onMsg = fn; }
  on_close(fn) { this._onClose = fn; }

  _message(msg) {
    if (this._onMsg) {
      try {
        const r = this._onMsg(msg);
        if (r && r.catch) r.catch((e) => console.error(e));
      } catch (e) { console.error(e); }
    }
  }

  _closed(msg) {
    this.isClosed = true;
    this.kernel.comms.delete(this.comm_id);
    if (this._onClose) this._onClose(msg);
  }
}
