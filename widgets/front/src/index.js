// kotika-lite: the dashboard's light front end (widgets/jupyter/voila/templates/kotika-lite).
//
// Voila's lab front end starts a JupyterLab application (about 100 chunks, 5 MB of JavaScript)
// before it opens the kernel's websocket.  The pages need far less: their markdown is rendered
// by the server, their code cells' outputs are widget views only (ipywidgets 8 controls and
// anywidgets), so this bundle holds the widget manager, the controls, anywidget's front end and
// a small kernel client (./kernel.js), and renders every
// <script type="application/vnd.jupyter.widget-view+json"> placeholder of the page.
import '@jupyter-widgets/controls/css/widgets-base.css';
import './fa.css';

import * as base from '@jupyter-widgets/base';
import * as controls from '@jupyter-widgets/controls';
import { ManagerBase } from '@jupyter-widgets/base-manager';
import { Widget } from '@lumino/widgets';
import anywidgetFactory from 'anywidget';
import { Kernel } from './kernel.js';

const VIEW_MIME = 'application/vnd.jupyter.widget-view+json';
const t0 = 0;  // marks in ms since navigation start
const marks = {};
function mark(name) { marks[name] = Math.round(performance.now() - t0); }

const MODULES = {
  '@jupyter-widgets/base': base,
  '@jupyter-widgets/controls': controls,
  anywidget: anywidgetFactory(base),
};

// A button's name for assistive technology.  ipywidgets' ButtonView draws an icon as a Font
// Awesome glyph (a private-use character from CSS) and puts the tooltip in `title` only, so
// Chromium named the stepper's icon buttons by their glyph ("\uf049") instead of their tooltip
// ("ขั้นแรก / first"), and every other icon button's name began with one.  The glyph is hidden
// from assistive technology, and a button without a description is named by its tooltip.
const buttonUpdate = controls.ButtonView.prototype.update;
controls.ButtonView.prototype.update = function update(...args) {
  const out = buttonUpdate.apply(this, args);
  for (const icon of this.el.querySelectorAll(':scope > i.fa')) icon.setAttribute('aria-hidden', 'true');
  const tip = this.model.get('tooltip');
  if (tip && !this.model.get('description')) this.el.setAttribute('aria-label', tip);
  else this.el.removeAttribute('aria-label');
  return out;
};

// A described control without a tooltip: ipywidgets set its label's title to the tooltip, null,
// and the browser showed "null" over the label ("ขั้น", "เกม / game").
const descriptionTooltip = controls.DescriptionView.prototype.updateTooltip;
controls.DescriptionView.prototype.updateTooltip = function updateTooltip(...args) {
  const out = descriptionTooltip.apply(this, args);
  if (this.label && !this.model.get('tooltip')) this.label.removeAttribute('title');
  return out;
};

// anywidget's view drops the listeners ipywidgets' DOMWidgetView.initialize put on its model: each
// run of its runtime's render effect calls `model.off(null, null, view)`, and `listenTo` registered
// them with the view as their context.  So a `_dom_classes` change (or a comm's live state) that reached the model after the
// view was shown never reached the page: a class added just after the widget was made
// (`add_class` is a second message) was lost whenever the view was drawn before the widget's
// module had loaded, which on a busy machine it was (New World's map without `kl-nw-map`, the
// bots' board without `kl-bots-board`).  The same listeners again, under a context of their own that
// anywidget does not clear; both firing is harmless (each sets the same classes).
const { AnyView } = MODULES.anywidget;
const anyViewInitialize = AnyView.prototype.initialize;
AnyView.prototype.initialize = function initialize(...args) {
  anyViewInitialize.apply(this, args);
  const own = {};
  this.model.on('change:_dom_classes', (model, now) => this.update_classes(model.previous('_dom_classes'), now), own);
  this.model.on('comm_live_update', () => this._comm_live_update(), own);
  this.once('remove', () => this.model.off(null, null, own));
};

class LiteManager extends ManagerBase {
  constructor(kernel) {
    super();
    this.kernel = kernel;
    kernel.registerCommTarget(this.comm_target_name, (comm, msg) => {
      this.handle_comm_open(comm, msg).catch((e) => console.error(e));
    });
  }

  async loadClass(className, moduleName, moduleVersion) {
    const mod = MODULES[moduleName];
    if (!mod) throw new Error(`kotika-lite: no module ${moduleName}@${moduleVersion} (for ${className})`);
    const cls = mod[className];
    if (!cls) throw new Error(`kotika-lite: no class ${className} in ${moduleName}@${moduleVersion}`);
    return cls;
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = this.kernel.comm(targetName, modelId);
    if (data || metadata) comm.open(data, {}, metadata, buffers);
    return comm;
  }

  async _get_comm_info() {
    return this.kernel.commInfo(this.comm_target_name);
  }

  /** Every model's connection state (the views' broken-link mark). */
  setLive(live) {
    for (const p of Object.values(this._models)) {
      p.then((m) => { m.comm_live = live; }).catch(() => {});
    }
  }
}

async function render(manager, script) {
  let spec;
  try { spec = JSON.parse(script.textContent); } catch (e) { return; }
  const host = script.parentElement;
  if (!host || host.dataset.klRendered) return;
  host.dataset.klRendered = '1';
  try {
    const model = await manager.get_model(spec.model_id);
    const view = await manager.create_view(model, {});
    // the placeholder's container keeps its classes (jupyter-widgets jp-OutputArea-output)
    for (const s of host.querySelectorAll('script')) s.remove();
    Widget.attach(view.luminoWidget, host);
    return view;
  } catch (err) {
    // the same words as JupyterLab's renderer: the connection watch looks for them
    host.textContent = 'Error displaying widget: model not found';
    host.classList.add('jupyter-widgets');
    console.error(err);
  }
}

function config() {
  const el = document.getElementById('jupyter-config-data');
  return el ? JSON.parse(el.textContent) : {};
}

function xsrf() {
  const m = document.cookie.match('\\b_xsrf=([^;]*)\\b');
  return m ? m[1] : '';
}

async function start() {
  const cfg = config();
  if (!cfg.kernelId) return;
  mark('start');
  const kernel = new Kernel({ baseUrl: cfg.baseUrl || '/', kernelId: cfg.kernelId });
  const manager = new LiteManager(kernel);
  let resolveManager;
  const managerPromise = new Promise((r) => { resolveManager = r; });
  // what the template's connection watch looks for (its "last look" at late models)
  window.jupyterapp = window.jupyterapp || { widgetManagerPromise: { promise: managerPromise } };
  resolveManager(manager);
  window.klLite = { kernel, manager, marks };

  let everConnected = false;
  kernel.on('connection', (state) => {
    if (state === 'connected') {
      if (everConnected && !kernel.lostWhy) manager.setLive(true);
      everConnected = true;
    } else manager.setLive(false);
    if (state === 'lost') {
      // the kernel behind this page is gone or was replaced by an empty one (kernel.js says
      // which): the template's connection watch shows its banner with the reload button
      const watch = window.klConnection;
      if (watch && watch.lost) watch.lost(`front: ${kernel.lostWhy}`);
    }
  });

  // Voila's beacon: the page's kernel is shut down as soon as the reader leaves
  window.addEventListener('beforeunload', () => {
    const data = new FormData();
    data.append('_xsrf', xsrf());
    try {
      navigator.sendBeacon(`${kernel.baseUrl}voila/api/shutdown/${kernel.id}`, data);
    } catch (e) { /* leaving anyway */ }
  });

  kernel.connect();
  await kernel.connected;
  mark('connected');
  await manager._loadFromKernel();
  mark('states');
  const scripts = Array.from(document.querySelectorAll(`script[type="${VIEW_MIME}"]`));
  await Promise.all(scripts.map((s) => render(manager, s)));
  mark('rendered');
}

function go() {
  start().catch((e) => console.error('kotika-lite:', e));
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', go);
else go();
